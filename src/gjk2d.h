// 2D GJK internals shared by the distance and EPA code (private header).
//
// All computations run in A's local frame: B is brought into it once per query. That keeps the
// numbers small when both shapes sit far from the world origin (1e4 offsets lose no precision to
// cancellation) and costs one rotation per support call of B.
#ifndef NP_GJK2D_H
#define NP_GJK2D_H

#include "vec2.h"

#include "narrowphase/trace2d.h"

#include <stddef.h>

/// A point of the Minkowski difference A - B together with the two points it came from.
typedef struct npSupportPoint2
{
	npVec2 wA;  ///< point of A's core (A's frame)
	npVec2 wB;  ///< point of B's core (A's frame)
	npVec2 w;   ///< wA - wB
	int indexA; ///< vertex index on A
	int indexB; ///< vertex index on B
} npSupportPoint2;

/// The query pair, prepared once.
typedef struct npPair2
{
	const npShape2* shapeA;
	const npShape2* shapeB;
	npTransform2 xfB; ///< B's transform relative to A (A's frame)
	npGjkTrace2* trace; ///< GJK trace for npGjkTraced2 (npGjk2 never reads it)
	bool boxA, boxB;    ///< set by callers that checked npIsBoxLayout2: supports in closed form
} npPair2;

/// What GJK found.
typedef struct npGjkResult2
{
	npSupportPoint2 simplex[3]; ///< final simplex
	double weights[3];          ///< barycentric weights of the closest point
	int count;                  ///< simplex size; 3 means the origin is inside (cores overlap)
	npVec2 pointA;              ///< closest point on A's core (A's frame)
	npVec2 pointB;              ///< closest point on B's core (A's frame)
	double distance;            ///< distance between the cores
	double scale;               ///< magnitude of the coordinates involved, for tolerances
	int iterations;             ///< iterations used
} npGjkResult2;

/// Relative tolerance: lengths below this times the problem's scale are treated as zero.
#define NP_REL_TOLERANCE2 1.0e-12

/// Index of the core vertex farthest along d (the first one on ties): a scan, since 2D cores have at
/// most NP_MAX_POLYGON_VERTICES vertices and most have 1 to 8.
static inline int npSupportIndex2(const npShape2* shape, npVec2 d)
{
	int best = 0;
	double bestValue = v2Dot(shape->vertices[0], d);
	for (int i = 1; i < shape->count; ++i)
	{
		// Selects rather than a branch: which vertex wins is data, and a mispredicted branch per
		// scan costs more than the two selects.
		double value = v2Dot(shape->vertices[i], d);
		bool better = value > bestValue;
		best = better ? i : best;
		bestValue = better ? value : bestValue;
	}
	return best;
}

// npMakeBox2's layout: vertices (-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy). Their dot products with
// d are -(p + q), p - q, p + q, -(p - q) for p = hx dx, q = hy dy (negation is exact in floating
// point), so comparing those values in the scan's order picks the scan's vertex, ties included,
// without its loop and its hard-to-predict branches.
static inline bool npIsBoxLayout2(const npShape2* s)
{
	if (s->count != 4)
		return false;
	npVec2 h = s->vertices[2];
	return h.x > 0.0 && h.y > 0.0 && s->vertices[0].x == -h.x && s->vertices[0].y == -h.y && s->vertices[1].x == h.x &&
		   s->vertices[1].y == -h.y && s->vertices[3].x == -h.x && s->vertices[3].y == h.y;
}

/// npSupportIndex2 of a shape with npMakeBox2's layout, in closed form (the same index).
static inline int npSupportIndexBox2(const npShape2* shape, npVec2 d)
{
	double p = shape->vertices[2].x * d.x, q = shape->vertices[2].y * d.y;
	double sum = p + q, difference = p - q;
	int best = 0;
	double value = -sum;
	if (difference > value)
	{
		best = 1;
		value = difference;
	}
	if (sum > value)
	{
		best = 2;
		value = sum;
	}
	if (-difference > value)
		best = 3;
	return best;
}

static inline npPair2 npMakePair2(const npShape2* a, npTransform2 xfA, const npShape2* b, npTransform2 xfB)
{
	return (npPair2){ a, b, npInvMulTransforms2(xfA, xfB), NULL, false, false };
}

/// Support point of A - B in direction d (A's frame): A's farthest vertex along d minus B's
/// farthest along -d.
npSupportPoint2 npSupportPair2(const npPair2* pair, npVec2 d);

/// Reduces the simplex v[0..count) (count 1..3) to the vertices that support its point closest to
/// the origin and writes their barycentric weights; returns the new count (3: the origin is inside).
/// GJK's own step, shared with the shape cast (cast2d.c).
int npSolveSimplex2(npSupportPoint2* v, double* weights, int count);

/// Distance between the two cores by GJK (bounded, terminates on repeated support points).
/// With `separationLimit` >= 0 GJK may stop early, with `result->distance` set to a lower bound
/// above the limit, as soon as a support plane proves the cores farther apart than the limit
/// (the boolean overlap test); pass -1 for the exact distance.
void npGjk2(const npPair2* pair, double separationLimit, npGjkResult2* result);

/// npGjk2 (exact distance) started from the simplex of an earlier call on the same shapes: on entry
/// result->count (1 or 2) and result->simplex[i].indexA / indexB name its vertices, which are
/// evaluated at this pair's pose (Catto's simplex cache). A simplex from a nearby pose usually holds
/// the closest features already, so GJK needs one or two supports instead of three or four.
void npGjkWarm2(const npPair2* pair, npGjkResult2* result);

/// The unit normal from A's core to B's (A's frame) of a result whose cores are apart (distance >
/// 0): an edge of the difference gives its perpendicular when it is longer than the gap, else the
/// gap's direction (gjk2d.c).
npVec2 npGjkNormal2(const npGjkResult2* result);

/// npGjk2 recording its steps in pair->trace (which must be set): the same numbers, plus the trace.
void npGjkTraced2(const npPair2* pair, double separationLimit, npGjkResult2* result);

// GJK trace hooks (trace2d.c), called by npGjkTraced2 only.
void npGjkTraceBegin2(npGjkTrace2* trace, npTransform2 xfA);
void npGjkTraceSupport2(const npPair2* pair, npVec2 d, const npSupportPoint2* s, bool first);
void npGjkTraceSimplex2(const npPair2* pair, const npSupportPoint2* v, int count);
void npGjkTraceSolved2(const npPair2* pair, const npSupportPoint2* v, int count, const double* weights);
void npGjkTraceStop2(const npPair2* pair, npGjkStop2 stop);
void npGjkTraceEnd2(const npPair2* pair);

#endif
