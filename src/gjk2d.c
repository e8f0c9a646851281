// 2D GJK: overlap and distance between two convex cores, then the radii are applied exactly.
//
// The algorithm of Gilbert, Johnson and Keerthi (1988) walks a simplex (point, segment,
// triangle) of the Minkowski difference A - B towards the origin. Each iteration finds the point
// of the simplex closest to the origin by barycentric (Voronoi-region) tests, drops the vertices
// that do not support it, and adds the support point in the direction of the origin. Because
// supports are vertices of the cores, the walk visits a finite set: it stops exactly when a
// support point repeats, with no distance tolerance needed. The closest points on A and B are
// the same barycentric combination of the simplex's source points.
#include "gjk2d.h"
#include "codesize.h"
#include "tiny.h"

#include <float.h>
#include <stddef.h>

// Forced inlining: the support point is built in place in GJK's simplex (a call would return it
// through memory and copy it again), and gjkLoop is specialised per call site (see below).
#if defined(__GNUC__)
#define GJK_INLINE __attribute__((always_inline)) static inline
#else
#define GJK_INLINE static inline
#endif

// The support point, inlined into GJK's loop (npSupportPair2 is the out-of-line copy for EPA and
// for the traced loop, which is not worth a second inlined copy).
GJK_INLINE npSupportPoint2 supportPair(const npPair2* pair, npVec2 d)
{
	npSupportPoint2 s;
	npVec2 dB = npInvRotate2(pair->xfB.q, v2Neg(d));
	s.indexA = pair->boxA ? npSupportIndexBox2(pair->shapeA, d) : npSupportIndex2(pair->shapeA, d);
	s.indexB = pair->boxB ? npSupportIndexBox2(pair->shapeB, dB) : npSupportIndex2(pair->shapeB, dB);
	s.wA = pair->shapeA->vertices[s.indexA];
	s.wB = npTransformPoint2(pair->xfB, pair->shapeB->vertices[s.indexB]);
	s.w = v2Sub(s.wA, s.wB);
	return s;
}

npSupportPoint2 npSupportPair2(const npPair2* pair, npVec2 d)
{
	return supportPair(pair, d);
}

// Closest point to the origin on segment v0-v1: keeps the supporting vertices in front.
static int solveSegment(npSupportPoint2* v, double* weights)
{
	npVec2 e = v2Sub(v[1].w, v[0].w);
	double towards1 = -v2Dot(v[0].w, e); // > 0 when the origin projects past v0 towards v1
	if (towards1 <= 0.0)
	{
		weights[0] = 1.0;
		return 1;
	}
	double towards0 = v2Dot(v[1].w, e); // > 0 when the origin projects before v1
	if (towards0 <= 0.0)
	{
		v[0] = v[1];
		weights[0] = 1.0;
		return 1;
	}
	double inv = 1.0 / (towards0 + towards1);
	if (inv > DBL_MAX)
	{
		// So short that its squared length underflows (a capsule of half length 1e-160): a point.
		weights[0] = 1.0;
		return 1;
	}
	weights[0] = towards0 * inv;
	weights[1] = towards1 * inv;
	return 2;
}

// Closest point to the origin on triangle v0-v1-v2 by its Voronoi regions: vertices, edges
// (edge dot products), then the interior (signed areas of the sub-triangles facing the origin).
static int solveTriangle(npSupportPoint2* v, double* weights)
{
	npVec2 w0 = v[0].w, w1 = v[1].w, w2 = v[2].w;

	npVec2 e01 = v2Sub(w1, w0);
	double e01_1 = v2Dot(w1, e01), e01_0 = -v2Dot(w0, e01);
	npVec2 e02 = v2Sub(w2, w0);
	double e02_2 = v2Dot(w2, e02), e02_0 = -v2Dot(w0, e02);
	npVec2 e12 = v2Sub(w2, w1);
	double e12_2 = v2Dot(w2, e12), e12_1 = -v2Dot(w1, e12);

	// Signed areas (times the full area's sign) of the triangles origin-edge.
	double area = v2Cross(e01, e02);
	double u0 = area * v2Cross(w1, w2);
	double u1 = area * v2Cross(w2, w0);
	double u2 = area * v2Cross(w0, w1);

	if (e01_0 <= 0.0 && e02_0 <= 0.0)
	{
		weights[0] = 1.0;
		return 1;
	}
	if (e01_1 > 0.0 && e01_0 > 0.0 && u2 <= 0.0)
	{
		double inv = 1.0 / (e01_1 + e01_0);
		weights[0] = e01_1 * inv;
		weights[1] = e01_0 * inv;
		return 2;
	}
	if (e02_2 > 0.0 && e02_0 > 0.0 && u1 <= 0.0)
	{
		double inv = 1.0 / (e02_2 + e02_0);
		weights[0] = e02_2 * inv;
		weights[1] = e02_0 * inv;
		v[1] = v[2];
		return 2;
	}
	if (e01_1 <= 0.0 && e12_1 <= 0.0)
	{
		v[0] = v[1];
		weights[0] = 1.0;
		return 1;
	}
	if (e02_2 <= 0.0 && e12_2 <= 0.0)
	{
		v[0] = v[2];
		weights[0] = 1.0;
		return 1;
	}
	if (e12_2 > 0.0 && e12_1 > 0.0 && u0 <= 0.0)
	{
		double inv = 1.0 / (e12_2 + e12_1);
		v[0] = v[1];
		v[1] = v[2];
		weights[0] = e12_2 * inv;
		weights[1] = e12_1 * inv;
		return 2;
	}
	double sum = u0 + u1 + u2;
	if (!(sum > 0.0) || 1.0 / sum > DBL_MAX)
	{
		// Collinear simplex with the origin on its line: keep the first edge (cannot be reached
		// with exact arithmetic, guarded against rounding); also a simplex so small that its area
		// underflows, whose weights would overflow.
		return solveSegment(v, weights);
	}
	double inv = 1.0 / sum;
	weights[0] = u0 * inv;
	weights[1] = u1 * inv;
	weights[2] = u2 * inv;
	return 3;
}

int npSolveSimplex2(npSupportPoint2* v, double* weights, int count)
{
	if (count == 2)
		return solveSegment(v, weights);
	if (count == 3)
		return solveTriangle(v, weights);
	weights[0] = 1.0;
	return 1;
}

// fabs rather than npAbs: the same magnitude without a branch on the sign (npAbs keeps a -0.0,
// fabs gives +0.0; the scale is only ever compared and multiplied, where the two zeros agree).
static double maxAbs2(npVec2 a)
{
	return npMax(fabs(a.x), fabs(a.y));
}

// The first simplex: warm, the points at this pose of the vertex pairs an earlier call left in
// r->simplex; cold, one support point along B's position in A's frame. Returns the scale so far.
GJK_INLINE double startSimplex(const npPair2* pair, npGjkResult2* r, const bool traced, const bool warm)
{
	npSupportPoint2* v = r->simplex;
	double* weights = r->weights;
	double scale = 0.0;
	if (warm)
	{
		for (int i = 0; i < r->count; ++i)
		{
			v[i].wA = pair->shapeA->vertices[v[i].indexA];
			v[i].wB = npTransformPoint2(pair->xfB, pair->shapeB->vertices[v[i].indexB]);
			v[i].w = v2Sub(v[i].wA, v[i].wB);
			weights[i] = 0.0;
			scale = npMax(scale, maxAbs2(v[i].wA) + maxAbs2(v[i].wB));
		}
		weights[0] = 1.0;
		return scale;
	}

	// Any start works and this one is deterministic. The Minkowski difference A - B sits around -p
	// (p = B's position in A's frame), so the support along +p is the side facing the origin.
	npVec2 start = v2LengthSq(pair->xfB.p) > 0.0 ? pair->xfB.p : v2(1.0, 0.0);
	v[0] = traced ? npSupportPair2(pair, start) : supportPair(pair, start);
	weights[0] = 1.0;
	r->count = 1;
	if (traced)
		npGjkTraceSupport2(pair, start, v, true);
	return maxAbs2(v[0].wA) + maxAbs2(v[0].wB);
}

// The direction from the (solved) simplex towards the origin into *d; false when the origin is on
// the simplex (the cores touch). For a segment, its perpendicular: the closest point's coordinates
// lose precision by cancellation, the edge direction does not.
GJK_INLINE bool towardOrigin(const npSupportPoint2* v, int count, npVec2* d)
{
	if (count == 1)
		*d = v2Neg(v[0].w);
	else
	{
		npVec2 e = v2Sub(v[1].w, v[0].w);
		double side = v2Cross(e, v2Neg(v[0].w));
		if (side == 0.0)
			return false;
		*d = side > 0.0 ? v2LeftPerp(e) : v2RightPerp(e);
	}
	return v2LengthSq(*d) != 0.0;
}

// The support plane w . d = s.w . d bounds A - B: if it is on the far side of the origin by more
// than the limit, the cores are at least that far apart (a separating axis), and *r says so. "More"
// means beyond the tolerance npOverlap2 grants touching shapes: the bound is not the distance, and
// one just past the limit said "overlap" for shapes 9.6 apart.
GJK_INLINE bool separatedBeyond(double separationLimit, double scale, npSupportPoint2 s, npVec2 d, npGjkResult2* r)
{
	if (separationLimit < 0.0)
		return false;
	double gap = -v2Dot(s.w, d);
	double limit = separationLimit + NP_REL_TOLERANCE2 * npMax(scale, 1.0e-300);
	if (!(gap > 0.0 && gap * gap > limit * limit * v2LengthSq(d)))
		return false;
	r->count = 0;
	r->distance = gap / v2Length(d);
	r->pointA = r->pointB = v2(0.0, 0.0);
	r->scale = npMax(scale, 1.0e-300);
	return true;
}

// The closest points from the final simplex's weights (a triangle: the cores overlap there).
GJK_INLINE void finishResult(npGjkResult2* r, double scale, int iterations)
{
	const npSupportPoint2* v = r->simplex;
	const double* weights = r->weights;
	npVec2 pA = v2(0.0, 0.0), pB = v2(0.0, 0.0);
	if (r->count == 1)
	{
		pA = v[0].wA;
		pB = v[0].wB;
	}
	else if (r->count == 2)
	{
		pA = v2Add(v2Scale(weights[0], v[0].wA), v2Scale(weights[1], v[1].wA));
		pB = v2Add(v2Scale(weights[0], v[0].wB), v2Scale(weights[1], v[1].wB));
	}
	else
	{
		pA = v2Add(v2Add(v2Scale(weights[0], v[0].wA), v2Scale(weights[1], v[1].wA)), v2Scale(weights[2], v[2].wA));
		pB = pA; // inside: the cores share this point
	}
	r->pointA = pA;
	r->pointB = pB;
	r->distance = r->count == 3 ? 0.0 : v2Distance(pA, pB);
	r->scale = npMax(scale, 1.0e-300);
	r->iterations = iterations;
}

// The loop, specialised three times: `traced` and `warm` are constants at the call sites below, so
// the untraced copy (npGjk2, every query) has no trace code at all and the traced one
// (npGjkTraced2) calls the trace hooks of trace2d.c.
GJK_INLINE void gjkLoop(const npPair2* pair, double separationLimit, npGjkResult2* r, const bool traced,
					   const bool warm)
{
	npSupportPoint2* v = r->simplex;
	double* weights = r->weights;
	double scale = startSimplex(pair, r, traced, warm);

	// A support point can only repeat after at most countA * countB distinct ones; in practice a
	// handful of iterations suffice. The bound only guards against rounding-induced cycling.
	const int maxIterations = 2 * (pair->shapeA->count + pair->shapeB->count) + 16;
	int iteration = 0;
	while (iteration < maxIterations)
	{
		// The simplex's vertex pairs, -1 past its end (no vertex has that index): the test for a
		// repeated support below is then three compares without a loop whose length is data.
		int savedCount = r->count;
		int savedA[3] = { v[0].indexA, -1, -1 }, savedB[3] = { v[0].indexB, -1, -1 };
		if (savedCount > 1)
		{
			savedA[1] = v[1].indexA;
			savedB[1] = v[1].indexB;
			if (savedCount > 2)
			{
				savedA[2] = v[2].indexA;
				savedB[2] = v[2].indexB;
			}
		}

		if (traced)
			npGjkTraceSimplex2(pair, v, r->count);
		if (r->count == 2)
			r->count = solveSegment(v, weights);
		else if (r->count == 3)
			r->count = solveTriangle(v, weights);
		if (traced)
			npGjkTraceSolved2(pair, v, r->count, weights);
		if (r->count == 3)
			break; // the origin is inside the triangle: the cores overlap

		npVec2 d;
		if (!towardOrigin(v, r->count, &d))
			break; // the origin is on the simplex: the cores touch
		npSupportPoint2 s = traced ? npSupportPair2(pair, d) : supportPair(pair, d);
		++iteration;
		if (traced)
			npGjkTraceSupport2(pair, d, &s, false);
		if (separatedBeyond(separationLimit, scale, s, d, r))
		{
			r->iterations = iteration;
			if (traced)
				npGjkTraceStop2(pair, NP_GJK_SEPARATED);
			return;
		}
		scale = npMax(scale, maxAbs2(s.wA) + maxAbs2(s.wB));

		bool repeated = ((s.indexA == savedA[0]) & (s.indexB == savedB[0])) |
						((s.indexA == savedA[1]) & (s.indexB == savedB[1])) |
						((s.indexA == savedA[2]) & (s.indexB == savedB[2]));
		if (repeated)
		{
			if (traced)
				npGjkTraceStop2(pair, NP_GJK_REPEATED);
			break; // no progress possible: the current simplex holds the closest features
		}

		// A support that gets no closer to the origin along d than the simplex already is (up to
		// rounding) also means convergence; it stops rounding-level cycling between equal features.
		double progress = v2Dot(v2Sub(s.w, v[0].w), d);
		if (progress <= NP_REL_TOLERANCE2 * scale * v2Length(d))
		{
			if (traced)
				npGjkTraceStop2(pair, NP_GJK_NO_PROGRESS);
			break;
		}

		v[r->count] = s;
		weights[r->count] = 0.0;
		r->count += 1;
	}

	finishResult(r, scale, iteration);
	if (traced)
		npGjkTraceEnd2(pair);
}

void npGjk2(const npPair2* pair, double separationLimit, npGjkResult2* r)
{
	gjkLoop(pair, separationLimit, r, false, false);
}

NP_COLD void npGjkTraced2(const npPair2* pair, double separationLimit, npGjkResult2* r)
{
	gjkLoop(pair, separationLimit, r, true, false);
}

void npGjkWarm2(const npPair2* pair, npGjkResult2* r)
{
	gjkLoop(pair, -1.0, r, false, true);
}

// The public queries below share these bodies; each passes its trace as a constant or a pointer, so
// the untraced entry points compile to the code they had before traces existed.
GJK_INLINE bool overlapOf(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
						  npGjkTrace2* trace)
{
	if (trace != NULL)
		npGjkTraceBegin2(trace, xfA);
	if (shapeA == NULL || shapeB == NULL)
		return false;
	npPair2 pair = npMakePair2(shapeA, xfA, shapeB, xfB);
	pair.trace = trace;
	npGjkResult2 r;
	double reach = shapeA->radius + shapeB->radius;
	if (trace != NULL)
		npGjkTraced2(&pair, reach, &r);
	else
		npGjk2(&pair, reach, &r);
	return r.distance <= reach + NP_REL_TOLERANCE2 * r.scale;
}

// Tiny pairs (tiny.h): scaled by steps of 2^250, out of line.
NP_COLD __attribute__((noinline)) static bool overlapTiny(const npShape2* shapeA, npTransform2 xfA,
														  const npShape2* shapeB, npTransform2 xfB, int up)
{
	npTinyPair2 t;
	npMakeTinyPair2(shapeA, xfA, shapeB, xfB, up, &t);
	return overlapOf(&t.a, t.xfA, &t.b, t.xfB, NULL);
}

bool npOverlap2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB)
{
	int up = npPairTinyUp2(shapeA, xfA, shapeB, xfB, 0.0);
	if (up > 0)
		return overlapTiny(shapeA, xfA, shapeB, xfB, up);
	return overlapOf(shapeA, xfA, shapeB, xfB, NULL);
}

// A traced query gives the untraced query's result; for a tiny pair the trace records the unscaled
// run (the teaching pages draw ordinary shapes), as npTraceManifold2 replays npCollide2.
bool npTraceOverlap2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
					 npGjkTrace2* trace)
{
	bool traced = overlapOf(shapeA, xfA, shapeB, xfB, trace);
	int up = npPairTinyUp2(shapeA, xfA, shapeB, xfB, 0.0);
	return up > 0 ? overlapTiny(shapeA, xfA, shapeB, xfB, up) : traced;
}

// The unit normal from A's core to B's at separated closest points (the distance's, and the times
// of impact's and the penetration's of separated cores). When the closest features are a vertex and
// an edge (or two parallel edges), the simplex is an edge of the difference: its perpendicular takes
// its direction from two vertices' difference, good to the coordinates' rounding over the edge's
// length, where pointB - pointA is good to that rounding over the gap only (and has none left when
// the cores nearly touch). The perpendicular is taken when the edge is the longer of the two: on a
// box 3e9 long and 0.004 from a small one the gap's direction was 3e-5 rad off the face's normal,
// which put the face's far end 45,000 off the reported supporting line (fuzz_casts2d). Its side
// comes from the simplex (the origin's side of the edge), which needs no gap.
npVec2 npGjkNormal2(const npGjkResult2* r)
{
	npVec2 gap = v2Sub(r->pointB, r->pointA);
	if (r->count == 2)
	{
		npVec2 edge = v2Sub(r->simplex[1].w, r->simplex[0].w);
		npVec2 perp = v2LeftPerp(edge);
		double side = -v2Dot(perp, r->simplex[0].w); // > 0: perp points from the edge toward the origin
		if (v2LengthSq(edge) > v2LengthSq(gap) && side != 0.0)
		{
			// Divided by the length, not multiplied by its inverse: an axis-aligned edge then gives
			// the axis exactly (x / |x| is 1; x * (1 / |x|) can be 1 - 2^-53).
			npVec2 n = side > 0.0 ? perp : v2Neg(perp);
			if (v2LengthSq(n) < 2.2250738585072014e-308)
				n = v2Scale(0x1p600, n); // exact, as v2Normalize does for short vectors
			double len = v2Length(n);
			return (npVec2){ n.x / len, n.y / len };
		}
	}
	return v2Normalize(gap);
}

GJK_INLINE npDistanceResult2 distanceOf(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
										npTransform2 xfB, npGjkTrace2* trace)
{
	npDistanceResult2 out = { 0 };
	if (trace != NULL)
		npGjkTraceBegin2(trace, xfA);
	if (shapeA == NULL || shapeB == NULL)
		return out;
	npPair2 pair = npMakePair2(shapeA, xfA, shapeB, xfB);
	pair.trace = trace;
	npGjkResult2 r;
	if (trace != NULL)
		npGjkTraced2(&pair, -1.0, &r);
	else
		npGjk2(&pair, -1.0, &r);
	out.iterations = r.iterations;

	double rA = shapeA->radius, rB = shapeB->radius;
	double tolerance = NP_REL_TOLERANCE2 * r.scale;
	if (r.distance > rA + rB + tolerance)
	{
		npVec2 n = npGjkNormal2(&r);
		npVec2 pA = v2MulAdd(r.pointA, rA, n);
		npVec2 pB = v2MulAdd(r.pointB, -rB, n);
		out.distance = r.distance - rA - rB;
		out.pointA = npTransformPoint2(xfA, pA);
		out.pointB = npTransformPoint2(xfA, pB);
		out.normal = npRotate2(xfA.q, n);
		return out;
	}

	// Overlapping (or touching): report one point inside both shapes. Between separated cores
	// the point splits the gap in proportion to the radii, so it is within both roundings.
	npVec2 inside = r.pointA;
	if (r.distance > 0.0 && rA + rB > 0.0)
		inside = v2Lerp(r.pointA, r.pointB, rA / (rA + rB));
	out.distance = 0.0;
	out.pointA = npTransformPoint2(xfA, inside);
	out.pointB = out.pointA;
	out.normal = v2(0.0, 0.0);
	return out;
}

NP_COLD __attribute__((noinline)) static npDistanceResult2 distanceTiny(const npShape2* shapeA, npTransform2 xfA,
																		  const npShape2* shapeB, npTransform2 xfB, int up)
{
	npTinyPair2 t;
	npMakeTinyPair2(shapeA, xfA, shapeB, xfB, up, &t);
	npDistanceResult2 out = distanceOf(&t.a, t.xfA, &t.b, t.xfB, NULL);
	out.distance = npUnscaleTinyLength2(out.distance, up);
	out.pointA = npUnscaleTinyPoint2(out.pointA, up, xfA.p);
	out.pointB = npUnscaleTinyPoint2(out.pointB, up, xfA.p);
	return out;
}

npDistanceResult2 npDistance2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
							  npTransform2 xfB)
{
	int up = npPairTinyUp2(shapeA, xfA, shapeB, xfB, 0.0);
	if (up > 0)
		return distanceTiny(shapeA, xfA, shapeB, xfB, up);
	return distanceOf(shapeA, xfA, shapeB, xfB, NULL);
}

npDistanceResult2 npTraceDistance2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
								   npTransform2 xfB, npGjkTrace2* trace)
{
	npDistanceResult2 traced = distanceOf(shapeA, xfA, shapeB, xfB, trace);
	int up = npPairTinyUp2(shapeA, xfA, shapeB, xfB, 0.0);
	return up > 0 ? distanceTiny(shapeA, xfA, shapeB, xfB, up) : traced;
}
