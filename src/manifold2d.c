// 2D contact manifolds: circles, capsules, boxes and convex polygons, sharp or rounded.
//
// Every shape is a convex core (1 point, a segment, or a polygon of 3..64 vertices) inflated by a
// radius. The routines work on the cores and add the radii exactly at the end, following the
// layout of Randy Gaul's "Manifold Generation" (seed 004):
//  - everything is computed in A's local frame (a change of basis: B's core is moved into A's
//    frame once), so shapes far from the origin lose no precision to cancellation; the results are
//    moved back to world space at the very end;
//  - circle pairs and circle-vs-core pairs use closed forms (closest point, Voronoi regions);
//  - core pairs (polygon, box, capsule in any combination) use the separating-axis test over the
//    cores' edge normals, a reference face and an incident edge, and Sutherland-Hodgman clipping of
//    the incident edge against the reference face's two side planes. A capsule is simply a
//    two-vertex polygon whose two "edges" are its segment walked both ways (normals (0,-1), (0,1)).
//    The Minkowski difference of two segments is a parallelogram whose edge normals are the two
//    segments' normals, so the same test is exact for capsule pairs too, and clipping one segment
//    against the other's side planes gives the two points of parallel, overlapping capsules;
//  - two axis-aligned boxes skip the general separating-axis loops: their separations are the
//    differences of their extents (seed 004's AABB case), and the clipping of the incident edge is
//    then exactly the seed's "max of the mins, min of the maxes" along the reference face.
//
// When only the roundings can touch (the cores are apart), the closest features of the cores may be
// two vertices; the contact normal is then the direction between them (as for two circles), not a
// face normal. The face with the largest separation is always adjacent to the cores' closest
// features (the origin's signed distance to the line of a face of the Minkowski difference that is
// not adjacent to the difference's closest point is strictly smaller than the distance itself), so
// the closest pair is found among the reference face and the incident edge alone.
//
// Feature ids. A point's id names the feature of A and the feature of B that produced it, each a
// vertex or an edge of the shape's core, by index into the shape's vertex array (edge i runs from
// vertex i to vertex i + 1; a circle's core is its vertex 0):
//     bits  0..7   index of A's feature
//     bits  8..15  index of B's feature
//     bit  16      A's feature is an edge (1) or a vertex (0)
//     bit  17      B's feature is an edge (1) or a vertex (0)
// So a vertex of B found below A's reference edge i is (A edge i, B vertex k); a point made by
// clipping B's incident edge j at the side plane through A's vertex k is (A vertex k, B edge j);
// two vertices closest to each other are (A vertex, B vertex). The reference shape is the one whose
// edge appears in the unclipped points. Ids are always written in the caller's A and B, so
// npCollide2 swaps the two halves when it swaps the shapes, and the ids of a pair stay the same
// from frame to frame while the same features touch, whatever the argument order.
#include "vec2.h"

#include <float.h>
#include <stddef.h>

#define NP_FEATURE_VERTEX 0u
#define NP_FEATURE_EDGE 1u

// Lengths below this fraction of the problem's size are treated as zero when a direction has to be
// taken from them (a unit vector from a vector that small would be mostly rounding noise).
#define NP_MANIFOLD_REL_TOLERANCE 1.0e-12

static uint32_t makeId(uint32_t kindA, int indexA, uint32_t kindB, int indexB)
{
	return (uint32_t)indexA | ((uint32_t)indexB << 8) | (kindA << 16) | (kindB << 17);
}

// The same contact seen with A and B exchanged.
static uint32_t swapId(uint32_t id)
{
	uint32_t indexA = id & 0xffu, indexB = (id >> 8) & 0xffu;
	uint32_t kindA = (id >> 16) & 1u, kindB = (id >> 17) & 1u;
	return indexB | (indexA << 8) | (kindB << 16) | (kindA << 17);
}

static npManifold2 emptyManifold(void)
{
	npManifold2 m;
	m.normal = v2(0.0, 0.0);
	m.pointCount = 0;
	for (int i = 0; i < NP_MAX_MANIFOLD_POINTS2; ++i)
	{
		m.points[i].pointA = v2(0.0, 0.0);
		m.points[i].pointB = v2(0.0, 0.0);
		m.points[i].depth = 0.0;
		m.points[i].id = 0;
	}
	return m;
}

// ------------------------------------------------------------------------------------ input checks

static bool isUsable(double x)
{
	return x >= -NP_HUGE && x <= NP_HUGE; // false for NaN and infinities
}

static bool isValidShape(const npShape2* s)
{
	if (s == NULL || !isUsable(s->radius) || s->radius < 0.0)
		return false;
	switch (s->type)
	{
		case NP_SHAPE_CIRCLE: return s->count == 1;
		case NP_SHAPE_CAPSULE2: return s->count == 2;
		case NP_SHAPE_BOX2: return s->count == 4;
		case NP_SHAPE_POLYGON2: return s->count >= 3 && s->count <= NP_MAX_POLYGON_VERTICES;
	}
	return false;
}

// Invalid input gives an empty manifold (the manifold functions have no error code to return).
static bool isValidInput(const npShape2* a, npTransform2 xfA, const npShape2* b, npTransform2 xfB, double margin)
{
	return isValidShape(a) && isValidShape(b) && npValidateTransform2(xfA) == NP_OK &&
		   npValidateTransform2(xfB) == NP_OK && isUsable(margin);
}

// ------------------------------------------------------------------------------------ emitting points

// Moves a manifold computed in A's local frame into world space.
static npManifold2 toWorld(npManifold2 m, npTransform2 xfA)
{
	m.normal = npRotate2(xfA.q, m.normal);
	for (int i = 0; i < m.pointCount; ++i)
	{
		m.points[i].pointA = npTransformPoint2(xfA, m.points[i].pointA);
		m.points[i].pointB = npTransformPoint2(xfA, m.points[i].pointB);
	}
	return m;
}

// The manifold of (B, A) from the manifold of (A, B).
static npManifold2 swapManifold(npManifold2 m)
{
	m.normal = v2Neg(m.normal);
	for (int i = 0; i < m.pointCount; ++i)
	{
		npVec2 t = m.points[i].pointA;
		m.points[i].pointA = m.points[i].pointB;
		m.points[i].pointB = t;
		m.points[i].id = swapId(m.points[i].id);
	}
	return m;
}

// Adds a face contact. The reference face is the line through v1 with unit tangent t and outward
// normal n (A's frame); the incident core point sits at (u, h) in the face's coordinates (u along t
// from v1, h along n). The reference surface point is its projection onto the face pushed out by
// the reference radius. The incident surface point is the core point pushed out by the incident
// radius along `incDir`, an outward normal of the incident core at that point: -n itself whenever
// -n is one (then depth = radius - h, the separation along n, exactly), else the outward normal
// nearest to -n (a rounded incident edge tilted against the face: the point stays on its surface).
// `refIsB` says which shape owns the face (the manifold normal is then -n). The depth is
// dot(pointRef - pointInc, n) by construction.
static void addFacePoint(npManifold2* m, bool refIsB, npVec2 v1, npVec2 t, npVec2 n, double u, double h,
						 double refRadius, double incRadius, npVec2 incDir, bool incAlongNormal, double margin,
						 uint32_t id)
{
	if (m->pointCount >= NP_MAX_MANIFOLD_POINTS2)
		return;
	npVec2 onRef = v2MulAdd(v2MulAdd(v1, u, t), refRadius, n);
	npVec2 onInc;
	double depth;
	if (incAlongNormal || incRadius == 0.0)
	{
		depth = (refRadius + incRadius) - h;
		onInc = v2MulAdd(onRef, -depth, n);
	}
	else
	{
		npVec2 core = v2MulAdd(v2MulAdd(v1, u, t), h, n);
		onInc = v2MulAdd(core, incRadius, incDir);
		depth = v2Dot(v2Sub(onRef, onInc), n);
	}
	if (!(depth >= -margin))
		return;
	npManifoldPoint2* p = m->points + m->pointCount;
	p->pointA = refIsB ? onInc : onRef;
	p->pointB = refIsB ? onRef : onInc;
	p->depth = depth;
	p->id = id;
	m->pointCount += 1;
}

// Sets a one-point manifold from the closest points cA, cB of the two cores (A's frame). The normal
// is the direction cA -> cB, or `fallbackNormal` when the two points are too close for a direction
// (then the depth is measured along that normal, so the conventions still hold exactly).
static void setClosestPoint(npManifold2* m, npVec2 cA, npVec2 cB, double radiusA, double radiusB,
							npVec2 fallbackNormal, double tolerance, double margin, uint32_t id)
{
	npVec2 d = v2Sub(cB, cA);
	double distance = v2Length(d);
	npVec2 n;
	double separation;
	if (distance > tolerance)
	{
		n = v2Scale(1.0 / distance, d);
		separation = distance;
	}
	else
	{
		n = fallbackNormal;
		separation = v2Dot(d, n);
	}
	double depth = (radiusA + radiusB) - separation;
	m->pointCount = 0;
	if (!(depth >= -margin))
		return;
	m->normal = n;
	m->points[0].pointA = v2MulAdd(cA, radiusA, n);
	m->points[0].pointB = v2MulAdd(cB, -radiusB, n);
	m->points[0].depth = depth;
	m->points[0].id = id;
	m->pointCount = 1;
}

static double maxAbsCoordinate(const npVec2* p, int count)
{
	double s = 0.0;
	for (int i = 0; i < count; ++i)
		s = npMax(s, npMax(npAbs(p[i].x), npAbs(p[i].y)));
	return s;
}

// ------------------------------------------------------------------------------------ circles

// The public pair routines check their input, then call these unchecked versions (as npCollide2
// does, so the checks run once per query).
static npManifold2 collideCircles(const npShape2* circleA, npTransform2 xfA, const npShape2* circleB,
								  npTransform2 xfB, double margin)
{
	// B's centre in A's frame; A's centre is its core point.
	npTransform2 rel = npInvMulTransforms2(xfA, xfB);
	npVec2 cA = circleA->vertices[0];
	npVec2 cB = npTransformPoint2(rel, circleB->vertices[0]);
	double radius = circleA->radius + circleB->radius;
	double tolerance = NP_MANIFOLD_REL_TOLERANCE * (npMax(maxAbsCoordinate(&cA, 1), maxAbsCoordinate(&cB, 1)) + radius);

	// Concentric circles have no preferred direction: A's local +y is the fixed choice.
	npManifold2 m = emptyManifold();
	setClosestPoint(&m, cA, cB, circleA->radius, circleB->radius, v2(0.0, 1.0), tolerance, margin,
					makeId(NP_FEATURE_VERTEX, 0, NP_FEATURE_VERTEX, 0));
	return toWorld(m, xfA);
}

npManifold2 npCollideCircles(const npShape2* circleA, npTransform2 xfA, const npShape2* circleB,
							 npTransform2 xfB, double margin)
{
	if (!isValidInput(circleA, xfA, circleB, xfB, margin))
		return emptyManifold();
	if (circleA->type != NP_SHAPE_CIRCLE || circleB->type != NP_SHAPE_CIRCLE)
		return npCollide2(circleA, xfA, circleB, xfB, margin);
	return collideCircles(circleA, xfA, circleB, xfB, margin);
}

// ------------------------------------------------------------------------------------ core vs circle

// A circle against a core of two or more vertices (capsule, box or polygon), by Voronoi regions.
// The core's edge with the largest signed distance to the circle's centre c is adjacent to the
// core's point closest to c (for a point outside a convex polygon, the signed distance to the line
// of an edge not adjacent to the closest point is strictly smaller). So either c projects inside that edge
// (face region: the normal is the edge normal, also when c is inside the core), or the closest
// point is one of the edge's two vertices (vertex region: the normal points from the vertex to c).
// A segment core has no inside: there c is in a face region only when it projects onto the segment.
static npManifold2 collideCoreAndCircle(const npShape2* A, npTransform2 xfA, const npShape2* B,
										npTransform2 xfB, double margin)
{
	npTransform2 rel = npInvMulTransforms2(xfA, xfB);
	npVec2 c = npTransformPoint2(rel, B->vertices[0]);
	double radius = A->radius + B->radius;
	double tolerance = NP_MANIFOLD_REL_TOLERANCE *
					   (npMax(maxAbsCoordinate(A->vertices, A->count), maxAbsCoordinate(&c, 1)) + radius);

	int count = A->count;
	int edge = 0;
	double separation = -DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		double s = v2Dot(A->normals[i], v2Sub(c, A->vertices[i]));
		if (s > separation)
		{
			separation = s;
			edge = i;
		}
	}

	npManifold2 m = emptyManifold();
	if (separation - radius > margin)
		return m;

	int next = edge + 1 < count ? edge + 1 : 0;
	npVec2 v1 = A->vertices[edge], v2p = A->vertices[next];
	npVec2 n = A->normals[edge];
	npVec2 t = v2LeftPerp(n);
	double length = v2Dot(v2Sub(v2p, v1), t);
	double u = v2Dot(v2Sub(c, v1), t);
	bool faceRegion = (count >= 3 && separation <= 0.0) || (u >= 0.0 && u <= length);
	if (faceRegion)
	{
		m.normal = n;
		// A circle's surface point along -n is always on its surface.
		addFacePoint(&m, false, v1, t, n, u, separation, A->radius, B->radius, v2Neg(n), true, margin,
					 makeId(NP_FEATURE_EDGE, edge, NP_FEATURE_VERTEX, 0));
	}
	else
	{
		int vertex = u < 0.0 ? edge : next;
		setClosestPoint(&m, A->vertices[vertex], c, A->radius, B->radius, n, tolerance, margin,
						makeId(NP_FEATURE_VERTEX, vertex, NP_FEATURE_VERTEX, 0));
	}
	return toWorld(m, xfA);
}

npManifold2 npCollideCapsuleAndCircle(const npShape2* capsuleA, npTransform2 xfA, const npShape2* circleB,
									  npTransform2 xfB, double margin)
{
	if (!isValidInput(capsuleA, xfA, circleB, xfB, margin))
		return emptyManifold();
	if (capsuleA->type != NP_SHAPE_CAPSULE2 || circleB->type != NP_SHAPE_CIRCLE)
		return npCollide2(capsuleA, xfA, circleB, xfB, margin);
	return collideCoreAndCircle(capsuleA, xfA, circleB, xfB, margin);
}

npManifold2 npCollidePolygonAndCircle(const npShape2* polygonA, npTransform2 xfA, const npShape2* circleB,
									  npTransform2 xfB, double margin)
{
	if (!isValidInput(polygonA, xfA, circleB, xfB, margin))
		return emptyManifold();
	if (polygonA->count < 2 || circleB->type != NP_SHAPE_CIRCLE)
		return npCollide2(polygonA, xfA, circleB, xfB, margin);
	return collideCoreAndCircle(polygonA, xfA, circleB, xfB, margin);
}

// ------------------------------------------------------------------------------------ core vs core

// A core in A's local frame.
typedef struct localCore
{
	const npVec2* vertices;
	const npVec2* normals;
	int count;
	double radius;
} localCore;

// The pair in A's frame: cores[0] is A, cores[1] is B moved into A's frame.
typedef struct corePair
{
	localCore cores[2];
	double radius;    // rA + rB
	double margin;    // speculative distance
	double tolerance; // lengths below this are too short to give a direction
} corePair;

static int nextIndex(int i, int count)
{
	return i + 1 < count ? i + 1 : 0;
}

// The largest, over the edges of `core`, of the smallest signed distance of any vertex of `other`
// from the edge's line; writes the edge. Ties keep the lowest index, so the choice is deterministic.
static double findMaxSeparation(const localCore* core, const localCore* other, int* edge)
{
	int best = 0;
	double bestSeparation = -DBL_MAX;
	for (int i = 0; i < core->count; ++i)
	{
		npVec2 n = core->normals[i], v = core->vertices[i];
		double s = DBL_MAX;
		for (int j = 0; j < other->count; ++j)
		{
			s = npMin(s, v2Dot(n, v2Sub(other->vertices[j], v)));
			if (s <= bestSeparation)
				break; // this edge can no longer win; the winner's minimum is always complete
		}
		if (s > bestSeparation)
		{
			bestSeparation = s;
			best = i;
		}
	}
	*edge = best;
	return bestSeparation;
}

// The incident edge: the edge of `core` whose normal is most anti-parallel to the reference normal.
// It holds the core's support point in the direction -referenceNormal.
static int findIncidentEdge(const localCore* core, npVec2 referenceNormal)
{
	int best = 0;
	double bestDot = DBL_MAX;
	for (int i = 0; i < core->count; ++i)
	{
		double d = v2Dot(core->normals[i], referenceNormal);
		if (d < bestDot)
		{
			bestDot = d;
			best = i;
		}
	}
	return best;
}

// Closest point of segment p->q to x; `where` is 0 at p, 1 at q, 2 inside the segment. The end
// points are returned exactly (not recomputed from a parameter).
static npVec2 closestOnSegment(npVec2 p, npVec2 q, npVec2 x, int* where)
{
	npVec2 e = v2Sub(q, p);
	double ee = v2Dot(e, e);
	double k = v2Dot(v2Sub(x, p), e);
	if (k <= 0.0 || ee == 0.0)
	{
		*where = 0;
		return p;
	}
	if (k >= ee)
	{
		*where = 1;
		return q;
	}
	*where = 2;
	return v2MulAdd(p, k / ee, e);
}

// Closest features of two segments that do not cross: the closest pair then always includes an end
// point of one of them, so four point-segment tests give it exactly (no ill-conditioned solve for
// nearly parallel segments). Segment s runs from vertex i0[s] to vertex i1[s] of its core and is
// that core's edge e[s]. Ties keep the first candidate.
typedef struct closestPair
{
	npVec2 point[2];   // closest point on each segment
	uint32_t kind[2];  // NP_FEATURE_VERTEX or NP_FEATURE_EDGE
	int index[2];      // vertex or edge index in its core
	double distanceSq; // squared distance between the points
} closestPair;

static closestPair findClosestFeatures(const npVec2 a[2], const int ia[2], int edgeA, const npVec2 b[2],
									   const int ib[2], int edgeB)
{
	closestPair best;
	best.distanceSq = DBL_MAX;
	for (int side = 0; side < 2; ++side)
	{
		// side 0: end points of a against segment b; side 1: end points of b against segment a.
		const npVec2* from = side == 0 ? a : b;
		const int* fromIndex = side == 0 ? ia : ib;
		const npVec2* onto = side == 0 ? b : a;
		const int* ontoIndex = side == 0 ? ib : ia;
		int ontoEdge = side == 0 ? edgeB : edgeA;
		for (int k = 0; k < 2; ++k)
		{
			int where;
			npVec2 q = closestOnSegment(onto[0], onto[1], from[k], &where);
			double d = v2DistanceSq(from[k], q);
			if (d < best.distanceSq)
			{
				best.distanceSq = d;
				best.point[side] = from[k];
				best.kind[side] = NP_FEATURE_VERTEX;
				best.index[side] = fromIndex[k];
				best.point[1 - side] = q;
				best.kind[1 - side] = where == 2 ? NP_FEATURE_EDGE : NP_FEATURE_VERTEX;
				best.index[1 - side] = where == 2 ? ontoEdge : ontoIndex[where];
			}
		}
	}
	return best;
}

// Closest features of the reference edge of core `ref` and the incident edge of the other core.
static closestPair closestOfFaces(const corePair* pair, int ref, int edge, int incident)
{
	const localCore* R = &pair->cores[ref];
	const localCore* I = &pair->cores[1 - ref];
	int ir[2] = { edge, nextIndex(edge, R->count) };
	int ii[2] = { incident, nextIndex(incident, I->count) };
	npVec2 r[2] = { R->vertices[ir[0]], R->vertices[ir[1]] };
	npVec2 w[2] = { I->vertices[ii[0]], I->vertices[ii[1]] };
	return findClosestFeatures(r, ir, edge, w, ii, incident);
}

// One-point manifold from the closest features of a reference/incident pair; `ref` is the shape
// owning the reference face, whose normal (oriented A -> B) serves when no direction can be taken.
static npManifold2 closestPointManifold(const corePair* pair, closestPair cp, int ref, int edge)
{
	npManifold2 m = emptyManifold();
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];
	// Map the (reference, incident) order of cp to (A, B).
	int sa = ref == 0 ? 0 : 1, sb = 1 - sa;
	npVec2 fallback = ref == 0 ? A->normals[edge] : v2Neg(B->normals[edge]);
	setClosestPoint(&m, cp.point[sa], cp.point[sb], A->radius, B->radius, fallback, pair->tolerance,
					pair->margin, makeId(cp.kind[sa], cp.index[sa], cp.kind[sb], cp.index[sb]));
	return m;
}

// The one clipping routine. Reference face: edge `edge` of core `ref` (0 = A, 1 = B), running from
// v1 to v2 with outward normal n and tangent t = leftPerp(n) (the direction v1 -> v2 of a CCW
// core). The incident edge w1 -> w2 of the other core is clipped against the side planes u = 0 and
// u = L (Sutherland-Hodgman against two planes); each surviving point becomes a contact at its
// height h above the face. Returns false when the incident edge lies wholly beyond one side plane
// (nothing to clip to); the manifold is then empty.
static bool clipIncidentEdge(const corePair* pair, int ref, int edge, int incident, npManifold2* m)
{
	*m = emptyManifold();
	const localCore* R = &pair->cores[ref];
	const localCore* I = &pair->cores[1 - ref];
	int edgeEnd = nextIndex(edge, R->count);
	npVec2 v1 = R->vertices[edge];
	npVec2 n = R->normals[edge];
	npVec2 t = v2LeftPerp(n);
	double length = v2Dot(v2Sub(R->vertices[edgeEnd], v1), t);

	int wi[2] = { incident, nextIndex(incident, I->count) };
	double u[2], h[2];
	for (int k = 0; k < 2; ++k)
	{
		npVec2 d = v2Sub(I->vertices[wi[k]], v1);
		u[k] = v2Dot(d, t);
		h[k] = v2Dot(n, d); // the same expression as in findMaxSeparation, so the depths agree
	}
	if ((u[0] < 0.0 && u[1] < 0.0) || (u[0] > length && u[1] > length))
		return false;

	m->normal = ref == 0 ? n : v2Neg(n);
	npVec2 inward = v2Neg(n);
	npVec2 incidentNormal = I->normals[incident];
	double lastU = 0.0, lastH = 0.0;
	for (int k = 0; k < 2; ++k)
	{
		double pu, ph;
		uint32_t refKind, incKind;
		int refIndex, incIndex;
		// Outward normal of the incident core at the point, as near -n as its normal cone allows.
		npVec2 incDir = incidentNormal;
		bool alongNormal = false;
		if (u[k] < 0.0 || u[k] > length)
		{
			// Clipped: the point where the incident edge crosses the side plane through a reference
			// vertex. The other end point is on the inner side here, so u[1] != u[0].
			double side = u[k] < 0.0 ? 0.0 : length;
			double lambda = (side - u[0]) / (u[1] - u[0]);
			pu = side;
			ph = h[0] + lambda * (h[1] - h[0]);
			refKind = NP_FEATURE_VERTEX;
			refIndex = u[k] < 0.0 ? edge : edgeEnd;
			incKind = NP_FEATURE_EDGE;
			incIndex = incident;
		}
		else
		{
			pu = u[k];
			ph = h[k];
			refKind = NP_FEATURE_EDGE;
			refIndex = edge;
			incKind = NP_FEATURE_VERTEX;
			incIndex = wi[k];
			// The vertex's normal cone runs counter-clockwise from the normal of the edge ending at it
			// to the normal of the edge starting at it.
			npVec2 before = I->normals[wi[k] == 0 ? I->count - 1 : wi[k] - 1], after = I->normals[wi[k]];
			if (v2Cross(before, inward) >= 0.0 && v2Cross(inward, after) >= 0.0)
				alongNormal = true;
			else
				incDir = v2Dot(before, inward) > v2Dot(after, inward) ? before : after;
		}
		// An incident edge touching the reference range in a single point gives it twice.
		if (k == 1 && pu == lastU && ph == lastH)
			break;
		lastU = pu;
		lastH = ph;
		uint32_t id = ref == 0 ? makeId(refKind, refIndex, incKind, incIndex) : makeId(incKind, incIndex, refKind, refIndex);
		addFacePoint(m, ref == 1, v1, t, n, pu, ph, R->radius, I->radius, incDir, alongNormal, pair->margin, id);
	}
	return true;
}

// Everything after the separating-axis test. sepA/edgeA: A's best face; sepB/edgeB: B's best face;
// incidentA/incidentB: the incident edge for each (on B, resp. on A), or -1 to search for it.
static npManifold2 finishCores(const corePair* pair, double sepA, int edgeA, int incidentA, double sepB,
							   int edgeB, int incidentB)
{
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];

	// The true largest separation decides emptiness and the closest features. The cores' distance
	// is at least this, so a separation beyond radius + margin means no contact.
	int maxRef = sepB > sepA ? 1 : 0;
	double maxSeparation = maxRef ? sepB : sepA;
	if (maxSeparation - pair->radius > pair->margin)
		return emptyManifold();

	// The reference face: A's, unless B's separates by more than the preference. A fixed bias keeps
	// the face (and the normal, and the ids) from flipping between nearly equal candidates through
	// rounding noise (seed 004, "favor one axis over another").
	int ref = sepB > sepA + NP_FACE_PREFERENCE2 ? 1 : 0;
	if (maxRef == 0 || ref == 0)
	{
		if (incidentA < 0)
			incidentA = findIncidentEdge(B, A->normals[edgeA]);
	}
	if (maxRef == 1 || ref == 1)
	{
		if (incidentB < 0)
			incidentB = findIncidentEdge(A, B->normals[edgeB]);
	}
	int maxEdge = maxRef ? edgeB : edgeA, maxIncident = maxRef ? incidentB : incidentA;

	// Cores apart: when their closest features are two vertices, the contact is vertex-vertex and
	// its normal is the direction between them (only the roundings or the margin can reach). When
	// the distance equals the face separation the face normal is that direction anyway: clip.
	if (maxSeparation > pair->tolerance)
	{
		closestPair cp = closestOfFaces(pair, maxRef, maxEdge, maxIncident);
		if (cp.kind[0] == NP_FEATURE_VERTEX && cp.kind[1] == NP_FEATURE_VERTEX &&
			sqrt(cp.distanceSq) > maxSeparation)
			return closestPointManifold(pair, cp, maxRef, maxEdge);
	}

	npManifold2 m;
	int edge = ref ? edgeB : edgeA, incident = ref ? incidentB : incidentA;
	if (clipIncidentEdge(pair, ref, edge, incident, &m) && m.pointCount > 0)
		return m;
	// The preferred face's side planes can miss the incident edge (or clip away the points within
	// the margin) when it is not the best face; the best face always holds the support point.
	if (ref != maxRef && clipIncidentEdge(pair, maxRef, maxEdge, maxIncident, &m) && m.pointCount > 0)
		return m;
	// Degenerate ends: collinear segments (capsules end to end), or a support point that rounding
	// left just outside the side planes. The closest features give the single contact.
	return closestPointManifold(pair, closestOfFaces(pair, maxRef, maxEdge, maxIncident), maxRef, maxEdge);
}

// Moves B's core into A's frame (into the caller's arrays) and fills the pair.
static void makeCorePair(corePair* pair, const npShape2* A, const npShape2* B, npTransform2 rel, double margin,
						 npVec2* verticesB, npVec2* normalsB)
{
	for (int i = 0; i < B->count; ++i)
	{
		verticesB[i] = npTransformPoint2(rel, B->vertices[i]);
		normalsB[i] = npRotate2(rel.q, B->normals[i]);
	}
	pair->cores[0] = (localCore){ A->vertices, A->normals, A->count, A->radius };
	pair->cores[1] = (localCore){ verticesB, normalsB, B->count, B->radius };
	pair->radius = A->radius + B->radius;
	pair->margin = margin;
	double size = npMax(maxAbsCoordinate(A->vertices, A->count), maxAbsCoordinate(verticesB, B->count));
	pair->tolerance = NP_MANIFOLD_REL_TOLERANCE * (size + pair->radius);
}

// General path: separating-axis test over the edge normals of both cores.
static npManifold2 collideCores(const corePair* pair)
{
	int edgeA, edgeB;
	double sepA = findMaxSeparation(&pair->cores[0], &pair->cores[1], &edgeA);
	if (sepA - pair->radius > pair->margin)
		return emptyManifold();
	double sepB = findMaxSeparation(&pair->cores[1], &pair->cores[0], &edgeB);
	return finishCores(pair, sepA, edgeA, -1, sepB, edgeB, -1);
}

// Exact test for a rotation by a multiple of 90 degrees.
static bool isQuarterTurn(npRot2 q)
{
	return (q.s == 0.0 && (q.c == 1.0 || q.c == -1.0)) || (q.c == 0.0 && (q.s == 1.0 || q.s == -1.0));
}

// Two boxes whose rotations are multiples of 90 degrees (seed 004, AABB vs AABB). In A's frame B's
// rotation is an exact quarter turn, B's transformed vertices are exact sums p +- halfExtent, and
// both boxes are intervals on the x and y axes. Each of A's four face separations is a difference
// of extents ("overlap" of the seed: A's min minus B's max, or B's min minus A's max), B's faces
// give the same four numbers, and B's incident edge is the one facing the opposite way, found by
// index arithmetic. The clipping routine then reduces, for these axis-aligned edges, to the seed's
// contact interval: the larger of the two minimums and the smaller of the two maximums along the
// reference face. The numbers equal those of the general path bit for bit (the general path's dot
// products with axis-aligned normals are these same differences), so both paths give the same
// manifold; tests/native/test_manifold2d.c checks it.
static npManifold2 collideAlignedBoxes(const corePair* pair, npRot2 relq)
{
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];
	// Quarter turns of B in A's frame: (1,0) -> 0, (0,1) -> 1, (-1,0) -> 2, (0,-1) -> 3.
	int turns = relq.c == 1.0 ? 0 : (relq.s == 1.0 ? 1 : (relq.c == -1.0 ? 2 : 3));
	// Box vertices are (-,-), (+,-), (+,+), (-,+); turning by k quarter turns moves vertex i to the
	// corner where vertex i + k was, so B's lower-left corner is its vertex -k, its upper-right 2 - k.
	npVec2 minA = A->vertices[0], maxA = A->vertices[2];
	npVec2 minB = B->vertices[(4 - turns) & 3], maxB = B->vertices[(6 - turns) & 3];

	// Separations of A's edges 0..3 (normals -y, +x, +y, -x).
	double sep[4] = { minA.y - maxB.y, minB.x - maxA.x, minB.y - maxA.y, minA.x - maxB.x };
	int edge = 0;
	for (int i = 1; i < 4; ++i)
	{
		if (sep[i] > sep[edge])
			edge = i;
	}
	// Normal i points at angle (i - 1) * 90 degrees; B's edge k, turned, points at (k - 1 + turns) * 90
	// degrees; the incident edge points opposite to A's normal: k = i + 2 - turns.
	int incident = (edge + 6 - turns) & 3;
	// B's best face separation equals A's (same differences), so B is never preferred.
	return finishCores(pair, sep[edge], edge, incident, sep[edge], edge, -1);
}

static npManifold2 collidePolygons(const npShape2* polygonA, npTransform2 xfA, const npShape2* polygonB,
								   npTransform2 xfB, double margin)
{
	npTransform2 rel = npInvMulTransforms2(xfA, xfB);
	npVec2 verticesB[NP_MAX_POLYGON_VERTICES], normalsB[NP_MAX_POLYGON_VERTICES];
	corePair pair;
	makeCorePair(&pair, polygonA, polygonB, rel, margin, verticesB, normalsB);
	npManifold2 m;
	if (polygonA->type == NP_SHAPE_BOX2 && polygonB->type == NP_SHAPE_BOX2 && isQuarterTurn(xfA.q) &&
		isQuarterTurn(xfB.q))
		m = collideAlignedBoxes(&pair, rel.q);
	else
		m = collideCores(&pair);
	return toWorld(m, xfA);
}

npManifold2 npCollidePolygons(const npShape2* polygonA, npTransform2 xfA, const npShape2* polygonB,
							  npTransform2 xfB, double margin)
{
	if (!isValidInput(polygonA, xfA, polygonB, xfB, margin))
		return emptyManifold();
	if (polygonA->count < 2 || polygonB->count < 2)
		return npCollide2(polygonA, xfA, polygonB, xfB, margin);
	return collidePolygons(polygonA, xfA, polygonB, xfB, margin);
}

npManifold2 npCollideCapsules(const npShape2* capsuleA, npTransform2 xfA, const npShape2* capsuleB,
							  npTransform2 xfB, double margin)
{
	if (!isValidInput(capsuleA, xfA, capsuleB, xfB, margin))
		return emptyManifold();
	if (capsuleA->type != NP_SHAPE_CAPSULE2 || capsuleB->type != NP_SHAPE_CAPSULE2)
		return npCollide2(capsuleA, xfA, capsuleB, xfB, margin);
	// Two segments: the separating-axis test over their normals is exact (their Minkowski
	// difference is a parallelogram with those edge normals), the closest features of the segments
	// give the vertex-vertex contacts (ends apart, or collinear), and clipping one segment against
	// the other's side planes gives two points for parallel overlap.
	return collidePolygons(capsuleA, xfA, capsuleB, xfB, margin);
}

// ------------------------------------------------------------------------------------ dispatch

npManifold2 npCollide2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
					   double margin)
{
	if (!isValidInput(shapeA, xfA, shapeB, xfB, margin))
		return emptyManifold();
	bool circleA = shapeA->type == NP_SHAPE_CIRCLE, circleB = shapeB->type == NP_SHAPE_CIRCLE;
	if (circleA && circleB)
		return collideCircles(shapeA, xfA, shapeB, xfB, margin);
	if (circleA)
	{
		// Circle first: collide (B, A) and swap back so the normal points from A to B again.
		npManifold2 m = collideCoreAndCircle(shapeB, xfB, shapeA, xfA, margin);
		return swapManifold(m);
	}
	if (circleB)
		return collideCoreAndCircle(shapeA, xfA, shapeB, xfB, margin);
	// Capsule pairs, boxes, polygons, and capsules against either: one core-vs-core routine.
	return collidePolygons(shapeA, xfA, shapeB, xfB, margin);
}
