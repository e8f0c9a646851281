// 2D EPA: penetration depth, normal and witness points of two overlapping convex shapes.
//
// The Expanding Polytope Algorithm starts from GJK's final simplex, which contains the origin,
// and grows a convex polygon inside the Minkowski difference A - B until its edge closest to
// the origin is an edge of A - B itself. Each iteration takes the closest edge, asks for the
// support point of A - B along that edge's outward normal, and either splits the edge at that
// point or, when the point does not lie beyond the edge, stops: the edge's distance is the
// penetration depth and its normal the direction from A to B (with A - B the outward normal of
// the closest face is exactly the direction in which B must move).
//
// Robust start (after You Lanhai's article "GJK and EPA: computing the penetration vector", the
// third of his GJK series, in Chinese; section 2.5, floating-point error): when the origin lies on
// or very near an edge of the simplex, the simplex's normals are the problem: an edge through the
// origin has no defined "direction towards the origin". We therefore compute normals from the
// winding, not from the origin, and, when the origin is on or near an edge, start from that single
// edge as two directed edges ab and ba with opposite normals; the polygon then grows in both
// directions.
//
// Supports are vertices of the cores, so the polygon only ever holds vertices of A - B (at most
// countA + countB of them) and EPA ends in at most that many iterations. Rounded shapes are
// handled exactly by running EPA on the cores and adding the radii along the normal.
#include "closest2d.h"
#include "codesize.h"
#include "gjk2d.h"
#include "tiny.h"

#include <stddef.h>

typedef struct npPolytope2
{
	npSupportPoint2 v[NP_EPA2_MAX_VERTICES];
	npVec2 normal[NP_EPA2_MAX_VERTICES]; ///< outward normal of edge i -> i+1
	double distance[NP_EPA2_MAX_VERTICES]; ///< signed distance of that edge from the origin
	int count;
} npPolytope2;

// Normal from the winding: for a counter-clockwise polygon the outside is to the right of a->b.
static void computeEdge(npPolytope2* p, int i)
{
	int j = i + 1 < p->count ? i + 1 : 0;
	npVec2 e = v2Sub(p->v[j].w, p->v[i].w);
	npVec2 n = v2Normalize(v2RightPerp(e));
	p->normal[i] = n;
	p->distance[i] = v2Dot(n, p->v[i].w);
}

static void recordStep(npEpaTrace2* trace, const npPolytope2* p, int edge, npSupportPoint2 s,
					   double supportDistance, npEpaStop2 stop, const npTransform2* xfA)
{
	if (trace == NULL)
		return;
	if (trace->stepCount >= trace->stepCapacity || trace->steps == NULL)
	{
		trace->truncated = true;
		return;
	}
	// The trace is in world orientation: A - B of world points is the rotation of A - B in A's frame.
	npEpaStep2* step = trace->steps + trace->stepCount++;
	step->vertexCount = p->count;
	for (int i = 0; i < p->count; ++i)
	{
		step->vertices[i] = npRotate2(xfA->q, p->v[i].w);
		step->vertexIndexA[i] = p->v[i].indexA;
		step->vertexIndexB[i] = p->v[i].indexB;
	}
	step->closestEdge = edge;
	step->edgeNormal = npRotate2(xfA->q, p->normal[edge]);
	step->edgeDistance = p->distance[edge];
	step->support = npRotate2(xfA->q, s.w);
	step->supportA = npTransformPoint2(*xfA, s.wA);
	step->supportB = npTransformPoint2(*xfA, s.wB);
	step->supportIndexA = s.indexA;
	step->supportIndexB = s.indexB;
	step->supportDistance = supportDistance;
	step->stop = stop;
}

// Distance from the origin to segment a-b.
static double originSegmentDistance(npVec2 a, npVec2 b)
{
	double t = segmentParameterToOrigin2(a, b);
	return v2Length(v2MulAdd(a, t, v2Sub(b, a)));
}

// Builds the starting polygon from GJK's simplex. Returns false when A - B is a single point.
static bool startPolytope(const npPair2* pair, const npGjkResult2* gjk, double tolerance,
						  npPolytope2* p, bool* fromEdge)
{
	npSupportPoint2 a = gjk->simplex[0], b = gjk->simplex[1];
	*fromEdge = true;

	if (gjk->count == 3)
	{
		npSupportPoint2 c = gjk->simplex[2];
		if (v2Cross(v2Sub(b.w, a.w), v2Sub(c.w, a.w)) < 0.0)
		{
			npSupportPoint2 t = b; b = c; c = t;
		}
		// Keep the triangle unless the origin is on or near one of its edges; then keep that edge.
		double dab = originSegmentDistance(a.w, b.w);
		double dbc = originSegmentDistance(b.w, c.w);
		double dca = originSegmentDistance(c.w, a.w);
		double nearest = npMin(dab, npMin(dbc, dca));
		if (nearest > tolerance)
		{
			p->v[0] = a; p->v[1] = b; p->v[2] = c;
			p->count = 3;
			*fromEdge = false;
			return true;
		}
		if (dbc == nearest) { a = b; b = c; }
		else if (dca == nearest) { npSupportPoint2 t = a; a = c; b = t; }
	}
	else if (gjk->count == 1)
	{
		// The origin is a vertex of A - B (touching at a corner) or A - B is a point. Find a
		// second, distinct support point to form an edge through the origin.
		const npVec2 dirs[4] = { { 1.0, 0.0 }, { -1.0, 0.0 }, { 0.0, 1.0 }, { 0.0, -1.0 } };
		bool found = false;
		for (int i = 0; i < 4 && !found; ++i)
		{
			b = npSupportPair2(pair, dirs[i]);
			found = v2Distance(a.w, b.w) > tolerance;
		}
		if (!found)
			return false;
	}

	if (v2Distance(a.w, b.w) <= tolerance)
		return false;
	p->v[0] = a;
	p->v[1] = b;
	p->count = 2;
	return true;
}

// Where EPA's expansion stopped: the polytope's closest edge, why, and the support points inserted.
typedef struct epaEnd
{
	int edge;
	int iterations;
	npEpaStop2 stop;
} epaEnd;

// The expansion: splits the polytope's closest edge at the support point along its normal until
// that point does not pass the edge (or is already a vertex), recording each step.
static epaEnd expandPolytope(const npPair2* pair, npPolytope2* poly, double scale, npEpaTrace2* trace,
							 const npTransform2* xfA)
{
	int iterations = 0;
	int edge = 0;
	npEpaStop2 stop = NP_EPA_MAX_ITERATIONS;
	const int maxIterations = NP_EPA2_MAX_VERTICES;
	for (;;)
	{
		edge = 0;
		for (int i = 1; i < poly->count; ++i)
		{
			if (poly->distance[i] < poly->distance[edge])
				edge = i;
		}
		npSupportPoint2 s = npSupportPair2(pair, poly->normal[edge]);
		double supportDistance = v2Dot(s.w, poly->normal[edge]);
		scale = npMax(scale, npMax(npAbs(s.w.x), npAbs(s.w.y)));

		// Converged when the support point does not pass the edge, or is already a vertex.
		bool known = false;
		for (int i = 0; i < poly->count && !known; ++i)
			known = poly->v[i].indexA == s.indexA && poly->v[i].indexB == s.indexB;
		if (known || supportDistance - poly->distance[edge] <= NP_REL_TOLERANCE2 * scale)
			stop = NP_EPA_CONVERGED;
		else if (iterations >= maxIterations || poly->count >= NP_EPA2_MAX_VERTICES)
			stop = NP_EPA_MAX_ITERATIONS;
		else
			stop = NP_EPA_CONTINUE;

		recordStep(trace, poly, edge, s, supportDistance, stop, xfA);
		if (stop != NP_EPA_CONTINUE)
			break;

		// Split edge `edge` at the support point.
		for (int i = poly->count; i > edge + 1; --i)
		{
			poly->v[i] = poly->v[i - 1];
			poly->normal[i] = poly->normal[i - 1];
			poly->distance[i] = poly->distance[i - 1];
		}
		poly->v[edge + 1] = s;
		poly->count += 1;
		computeEdge(poly, edge);
		computeEdge(poly, edge + 1);
		++iterations;
	}

	return (epaEnd){ edge, iterations, stop };
}

static npPenetrationResult2 penetrationOf(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
										  npTransform2 xfB, npEpaTrace2* trace);

// Tiny pairs (tiny.h): scaled by steps of 2^250, out of line.
NP_COLD __attribute__((noinline)) static npPenetrationResult2 penetrationTiny(const npShape2* shapeA, npTransform2 xfA,
																			 const npShape2* shapeB, npTransform2 xfB, int up)
{
	npTinyPair2 t;
	npMakeTinyPair2(shapeA, xfA, shapeB, xfB, up, &t);
	npPenetrationResult2 out = penetrationOf(&t.a, t.xfA, &t.b, t.xfB, NULL);
	out.depth = npUnscaleTinyLength2(out.depth, up);
	if (out.overlapping)
	{
		out.pointA = npUnscaleTinyPoint2(out.pointA, up, xfA.p);
		out.pointB = npUnscaleTinyPoint2(out.pointB, up, xfA.p);
	}
	return out;
}

npPenetrationResult2 npPenetration2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
									npTransform2 xfB, npEpaTrace2* trace)
{
	int up = npPairTinyUp2(shapeA, xfA, shapeB, xfB, 0.0);
	if (up > 0)
	{
		// A trace records the unscaled run (the teaching pages draw ordinary shapes); the result is
		// the scaled query's, as untraced.
		if (trace != NULL)
			(void)penetrationOf(shapeA, xfA, shapeB, xfB, trace);
		return penetrationTiny(shapeA, xfA, shapeB, xfB, up);
	}
	return penetrationOf(shapeA, xfA, shapeB, xfB, trace);
}

// The overlap of the cores along unit u (A to B, A's frame), kept in *best when smaller.
static void tryAxis2(const npPair2* pair, npVec2 u, npVec2* axis, double* best, npSupportPoint2* at)
{
	npSupportPoint2 s = npSupportPair2(pair, u);
	double overlap = v2Dot(s.w, u);
	if (overlap < *best)
	{
		*best = overlap;
		*axis = u;
		*at = s;
	}
}

// Every edge normal of both cores (a capsule's segment has two, a point none): in 2D the edges of
// A - B are parallel to the cores' edges, so the smallest overlap over these normals is the depth
// whatever GJK and EPA made of a needle. One support query each, only for a normal that failed its
// check (penetrationOf).
NP_COLD __attribute__((noinline)) static double smallestOverlap2(const npPair2* pair, npVec2* axis, double best, npSupportPoint2* at)
{
	for (int k = 0; k < 2; ++k)
	{
		const npShape2* s = k ? pair->shapeB : pair->shapeA;
		int edges = s->count == 1 ? 0 : s->count == 2 ? 1 : s->count;
		for (int i = 0; i < edges; ++i)
		{
			npVec2 e = v2Sub(s->vertices[i + 1 < s->count ? i + 1 : 0], s->vertices[i]);
			npVec2 n = s->count > 2 ? s->normals[i] : v2Normalize(v2(e.y, -e.x));
			if (k == 1)
				n = npRotate2(pair->xfB.q, n);
			tryAxis2(pair, n, axis, &best, at);
			tryAxis2(pair, v2Neg(n), axis, &best, at);
		}
	}
	return best;
}

static npPenetrationResult2 penetrationOf(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
										  npTransform2 xfB, npEpaTrace2* trace)
{
	npPenetrationResult2 out = { 0 };
	if (trace != NULL)
	{
		trace->stepCount = 0;
		trace->truncated = false;
		trace->simplexCount = 0;
		trace->startedFromEdge = false;
	}
	if (shapeA == NULL || shapeB == NULL)
		return out;

	npPair2 pair = npMakePair2(shapeA, xfA, shapeB, xfB);
	if (trace != NULL && trace->gjk != NULL)
	{
		pair.trace = trace->gjk;
		npGjkTraceBegin2(trace->gjk, xfA);
	}
	npGjkResult2 gjk;
	if (pair.trace != NULL)
		npGjkTraced2(&pair, -1.0, &gjk);
	else
		npGjk2(&pair, -1.0, &gjk);
	if (trace != NULL)
	{
		trace->simplexCount = gjk.count;
		for (int i = 0; i < gjk.count; ++i)
			trace->simplex[i] = npRotate2(xfA.q, gjk.simplex[i].w);
	}

	double rA = shapeA->radius, rB = shapeB->radius;
	double tolerance = NP_REL_TOLERANCE2 * gjk.scale;
	npVec2 normal, pointA, pointB;
	double coreDepth;

	if (gjk.distance > tolerance)
	{
		// Cores apart: only the roundings can overlap, and then the answer is closed form.
		if (gjk.distance > rA + rB)
			return out;
		normal = npGjkNormal2(&gjk); // the closest features' normal (gjk2d.c)
		pointA = gjk.pointA;
		pointB = gjk.pointB;
		coreDepth = -gjk.distance;
		out.stop = NP_EPA_CORES_SEPARATED;
	}
	else
	{
		npPolytope2 poly;
		bool fromEdge = false;
		if (!startPolytope(&pair, &gjk, tolerance, &poly, &fromEdge))
		{
			// Both cores are single points at the same place: every direction is as good; take +y.
			normal = v2(0.0, 1.0);
			pointA = gjk.pointA;
			pointB = gjk.pointB;
			coreDepth = 0.0;
			out.stop = NP_EPA_POINT;
		}
		else
		{
			if (trace != NULL)
				trace->startedFromEdge = fromEdge;
			for (int i = 0; i < poly.count; ++i)
				computeEdge(&poly, i);

			epaEnd end = expandPolytope(&pair, &poly, gjk.scale, trace, &xfA);
			int edge = end.edge;

			// Witness points: the closest point of the final edge to the origin, as the same
			// combination of the edge's source points on A and on B.
			int next = edge + 1 < poly.count ? edge + 1 : 0;
			npSupportPoint2 a = poly.v[edge], b = poly.v[next];
			double t = segmentParameterToOrigin2(a.w, b.w);
			normal = poly.normal[edge];
			pointA = v2Lerp(a.wA, b.wA, t);
			pointB = v2Lerp(a.wB, b.wB, t);
			coreDepth = npMax(poly.distance[edge], 0.0);
			out.iterations = end.iterations;
			out.stop = end.stop;
		}
	}

	// The shapes must overlap along the normal by the depth (one support query). Where GJK's gap is
	// its rounding on a needle, or EPA's closest edge through the origin is a chord of A - B, the
	// normal can point along the needle: a capsule whose core touched a vertex of a polygon 1e12
	// long got depth 0.14 along a normal the polygon overlapped by 1e12 (fuzz_pairs2d). Then the
	// smallest overlap over the cores' edge normals decides, at the two support points along it
	// (B's, not A's image on B's support line: on a polygon 1e12 long that image lay 1e11 off B,
	// A's support being the needle's tip: fuzz_pairs2d's check that witnesses lie on their shapes).
	npSupportPoint2 support = npSupportPair2(&pair, normal);
	double along = v2Dot(support.w, normal);
	if (along > coreDepth + 1.0e-9 * gjk.scale)
	{
		coreDepth = smallestOverlap2(&pair, &normal, along, &support);
		pointA = support.wA;
		pointB = support.wB;
	}

	// Add the roundings: A's surface lies rA beyond its core along the normal, B's rB against it.
	pointA = v2MulAdd(pointA, rA, normal);
	pointB = v2MulAdd(pointB, -rB, normal);
	out.overlapping = true;
	// Not below 0: the apart branch tests the distance against rA + rB but sums -distance + rA + rB,
	// and at a touch the two orders can round an ulp apart (a rounded needle triangle 1e12 long
	// touching a capsule: depth -1.8e-15; fuzz_pairs2d).
	out.depth = npMax(coreDepth + rA + rB, 0.0);
	out.normal = npRotate2(xfA.q, normal);
	out.pointA = npTransformPoint2(xfA, pointA);
	out.pointB = npTransformPoint2(xfA, pointB);
	return out;
}
