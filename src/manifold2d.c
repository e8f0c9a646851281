// 2D contact manifolds: circles, capsules, boxes and convex polygons, sharp or rounded.
//
// Every shape is a convex core (1 point, a segment, or a polygon of 3..64 vertices) inflated by a
// radius. The routines work on the cores and add the radii exactly at the end, following the
// layout of Randy Gaul's "Custom Physics Engine - Part 2: Manifold Generation":
//  - everything is computed in A's local frame (a change of basis: B's core is moved into A's
//    frame once), so shapes far from the origin lose no precision to cancellation; the contact
//    points and the normal are moved to world space as they are written;
//  - circle pairs and circle-vs-core pairs use closed forms (closest point, Voronoi regions): this
//    file;
//  - core pairs (polygon, box, capsule in any combination) use the separating-axis test over the
//    cores' edge normals (sat2d.c), a reference face and an incident edge, and Sutherland-Hodgman
//    clipping of the incident edge against the reference face's two side planes (clip2d.c). A
//    capsule is simply a two-vertex polygon whose two "edges" are its segment walked both ways
//    (normals (0,-1), (0,1)). The Minkowski difference of two segments is a parallelogram whose
//    edge normals are the two segments' normals, so the same test is exact for capsule pairs too,
//    and clipping one segment against the other's side planes gives the two points of parallel,
//    overlapping capsules;
//  - two axis-aligned boxes skip the general separating-axis loops: their separations are the
//    differences of their extents (the article's AABB case), and the clipping of the incident edge
//    is then exactly the article's "max of the mins, min of the maxes" along the reference face.
//
// This file holds the entry points: every public function checks its input, picks the pair routine
// by the two shapes' types and swaps the result when it swapped the shapes (collidePair), so the
// typed pair functions and npCollide2 give the same manifold for the same pair. The feature ids
// the points carry are described in manifold2d_private.h.
//
// Cost. These routines run once per touching pair per step, so the common paths are kept short,
// without changing a single number: every path evaluates the same expressions as the plain
// algorithm above, so the results are the same bit for bit whichever path runs. The manifold is
// written in place (the public functions' result), each field once; the input checks are a few
// compares; the size tolerance (two scans over the vertices) is computed only on the rare paths
// that take a direction from a short vector. The separating-axis shortcuts are in sat2d.c.
#include "manifold2d_private.h"
#include "codesize.h"
#include "tiny.h"

// The same contact seen with A and B exchanged.
static inline uint32_t swapId(uint32_t id)
{
	uint32_t indexA = id & 0xffu, indexB = (id >> 8) & 0xffu;
	uint32_t kindA = (id >> 16) & 1u, kindB = (id >> 17) & 1u;
	return indexB | (indexA << 8) | (kindB << 16) | (kindA << 17);
}

// The routines below start from a manifold with no points (`pointCount = 0`, nothing else set) and
// write only what they use; finishManifold then zeroes what is left (the normal of an empty
// manifold, unused point slots), so results are reproducible byte for byte without clearing the
// whole struct up front.
_Static_assert(NP_MAX_MANIFOLD_POINTS2 == 2, "finishManifold clears two point slots");

static inline void finishManifold(npManifold2* m)
{
	const npManifoldPoint2 unused = { { 0.0, 0.0 }, { 0.0, 0.0 }, 0.0, 0 };
	if (m->pointCount < 2)
	{
		m->points[1] = unused;
		if (m->pointCount < 1)
		{
			m->points[0] = unused;
			m->normal = v2(0.0, 0.0);
		}
	}
}

// ------------------------------------------------------------------------------------ input checks

// Core vertex counts by shape type: circle 1, capsule 2, box 4, polygon 3..64 (the smallest
// count, and how many more are allowed).
static const int minVertexCount[4] = { 1, 2, 4, 3 };
static const unsigned extraVertexCount[4] = { 0, 0, 0, NP_MAX_POLYGON_VERTICES - 3 };

static inline bool isValidShape(const npShape2* s)
{
	if (s == NULL || (unsigned)s->type > 3u)
		return false;
	unsigned type = (unsigned)s->type;
	return (unsigned)(s->count - minVertexCount[type]) <= extraVertexCount[type] && s->radius >= 0.0 &&
		   s->radius <= NP_HUGE;
}

// The same test as npValidateTransform2(xf) == NP_OK (position within NP_HUGE, rotation of unit
// length to 1e-6), inlined because it runs twice per query. The unit-length test also rejects a
// rotation with a NaN, infinite or huge component (its squared length is then NaN or far from 1),
// so only the position needs the range test.
static inline bool isValidTransform(npTransform2 xf)
{
	double lenSq = xf.q.c * xf.q.c + xf.q.s * xf.q.s;
	return npIsUsable(xf.p.x) && npIsUsable(xf.p.y) && fabs(lenSq - 1.0) <= 2.0e-6;
}

// Invalid input gives an empty manifold (the manifold functions have no error code to return).
static inline bool isValidInput(const npShape2* a, npTransform2 xfA, const npShape2* b, npTransform2 xfB,
								double margin)
{
	return isValidShape(a) && isValidShape(b) && isValidTransform(xfA) && isValidTransform(xfB) && npIsUsable(margin);
}

// ------------------------------------------------------------------------------------ swapping A and B

// The manifold of (B, A) from the manifold of (A, B).
static inline void swapManifold(npManifold2* m)
{
	int count = m->pointCount;
	if (count == 0)
		return;
	m->normal = v2Neg(m->normal);
	for (int i = 0; i < count; ++i)
	{
		npVec2 t = m->points[i].pointA;
		m->points[i].pointA = m->points[i].pointB;
		m->points[i].pointB = t;
		m->points[i].id = swapId(m->points[i].id);
	}
}

// ------------------------------------------------------------------------------------ circles

// The pair routines below take checked input (collidePair checks it once per query) and write
// into an empty manifold (see finishManifold).
static void collideCircles(npManifold2* m, const npShape2* circleA, const npTransform2* xfA, const npShape2* circleB,
						   const npTransform2* xfB, double margin)
{
	// B's centre in A's frame; A's centre is its core point.
	npTransform2 rel = npInvMulTransforms2(*xfA, *xfB);
	npVec2 cA = circleA->vertices[0];
	npVec2 cB = npTransformPoint2(rel, circleB->vertices[0]);
	double radius = circleA->radius + circleB->radius;
	double tolerance = NP_MANIFOLD_REL_TOLERANCE * (npMax(maxAbsCoordinate(&cA, 1), maxAbsCoordinate(&cB, 1)) + radius);

	// Concentric circles have no preferred direction: A's local +y is the fixed choice.
	closestContact c = { cA, cB, circleA->radius, circleB->radius, v2(0.0, 1.0), tolerance, margin,
						 makeId(NP_FEATURE_VERTEX, 0, NP_FEATURE_VERTEX, 0) };
	setClosestPoint(m, xfA, &c);
}

// ------------------------------------------------------------------------------------ core vs circle

// A circle against a core of two or more vertices (capsule, box or polygon), by Voronoi regions.
// The core's edge with the largest signed distance to the circle's centre c is adjacent to the
// core's point closest to c (for a point outside a convex polygon, the signed distance to the line
// of an edge not adjacent to the closest point is strictly smaller). So either c projects inside that edge
// (face region: the normal is the edge normal, also when c is inside the core), or the closest
// point is one of the edge's two vertices (vertex region: the normal points from the vertex to c).
// A segment core has no inside: there c is in a face region only when it projects onto the segment.
static void collideCoreAndCircle(npManifold2* m, const npShape2* A, const npTransform2* xfA, const npShape2* B,
								 const npTransform2* xfB, double margin)
{
	// The circle's centre in A's frame. A circle made by npMakeCircle has its core point at its
	// origin, and then this is just inv(A) applied to B's position (the same expression that gives
	// the relative transform's translation, without the rotation part that would only add zeros).
	npVec2 centre = B->vertices[0];
	npVec2 c;
	if (centre.x == 0.0 && centre.y == 0.0)
		c = npInvRotate2(xfA->q, v2Sub(xfB->p, xfA->p));
	else
		c = npTransformPoint2(npInvMulTransforms2(*xfA, *xfB), centre);
	double radius = A->radius + B->radius;

	int count = A->count;
	const npVec2* vertices = A->vertices;
	const npVec2* normals = A->normals;
	int edge = 0;
	double separation = -DBL_MAX;
	if (isAxisCore(A))
		separation = findAxisCoreSeparation(vertices, count, c.x, c.x, c.y, c.y, &edge);
	else
	{
		for (int i = 0; i < count; ++i)
		{
			double s = v2Dot(normals[i], v2Sub(c, vertices[i]));
			if (s > separation)
			{
				separation = s;
				edge = i;
			}
		}
	}
	if (separation - radius > margin)
		return;

	int next = edge + 1 < count ? edge + 1 : 0;
	npVec2 v1 = vertices[edge], v2p = vertices[next];
	npVec2 n = normals[edge];
	npVec2 t = v2LeftPerp(n);
	double length = v2Dot(v2Sub(v2p, v1), t);
	double u = v2Dot(v2Sub(c, v1), t);
	bool faceRegion = (count >= 3 && separation <= 0.0) || (u >= 0.0 && u <= length);
	if (faceRegion)
	{
		m->normal = npRotate2(xfA->q, n);
		// A circle's surface point along -n is always on its surface.
		faceFrame f = { v1, t, n, A->radius, B->radius, margin, false, xfA };
		addFacePoint(m, &f, u, separation, n, true, makeId(NP_FEATURE_EDGE, edge, NP_FEATURE_VERTEX, 0));
	}
	else
	{
		// Only this path can take a direction from a short vector, so only it pays for the size.
		double tolerance = NP_MANIFOLD_REL_TOLERANCE *
						   (npMax(maxAbsCoordinate(vertices, count), maxAbsCoordinate(&c, 1)) + radius);
		int vertex = u < 0.0 ? edge : next;
		closestContact contact = { vertices[vertex], c, A->radius, B->radius, n, tolerance, margin,
								   makeId(NP_FEATURE_VERTEX, vertex, NP_FEATURE_VERTEX, 0) };
		setClosestPoint(m, xfA, &contact);
	}
}

// ------------------------------------------------------------------------------------ entry points

// The pair routines, chosen by the two shapes' types.
typedef enum pairRoutine
{
	PAIR_CIRCLES,     // two circles
	PAIR_CORE_CIRCLE, // a capsule, box or polygon, then a circle
	PAIR_CIRCLE_CORE, // a circle, then a capsule, box or polygon: collided as (B, A), swapped back
	PAIR_CORES        // two capsules, boxes or polygons, in any combination
} pairRoutine;

static inline pairRoutine routineForTypes(const npShape2* a, const npShape2* b)
{
	bool circleA = a->type == NP_SHAPE_CIRCLE, circleB = b->type == NP_SHAPE_CIRCLE;
	if (circleA)
		return circleB ? PAIR_CIRCLES : PAIR_CIRCLE_CORE;
	return circleB ? PAIR_CORE_CIRCLE : PAIR_CORES;
}

// A circle given first is collided second and the manifold swapped back, so the normal points from
// A to B again (and the ids name A's and B's features).
MANIFOLD2_INLINE void runRoutine(pairRoutine routine, npManifold2* m, const npShape2* a, const npTransform2* xfA,
								 const npShape2* b, const npTransform2* xfB, double margin)
{
	switch (routine)
	{
		case PAIR_CIRCLES:
			collideCircles(m, a, xfA, b, xfB, margin);
			break;
		case PAIR_CORE_CIRCLE:
			collideCoreAndCircle(m, a, xfA, b, xfB, margin);
			break;
		case PAIR_CIRCLE_CORE:
			collideCoreAndCircle(m, b, xfB, a, xfA, margin);
			swapManifold(m);
			break;
		default:
			npCollideCores2(m, a, xfA, b, xfB, margin);
			break;
	}
}

// Any valid pair, by its types: npCollide2, and a typed entry point given other types.
static void collideAnyPair(npManifold2* m, const npShape2* a, const npTransform2* xfA, const npShape2* b,
						   const npTransform2* xfB, double margin)
{
	runRoutine(routineForTypes(a, b), m, a, xfA, b, xfB, margin);
}

// The pair a typed entry point is for: the shape types it takes for A and for B (bit 1 << type),
// and their routine.
typedef struct typedPair
{
	unsigned typesA, typesB;
	pairRoutine routine;
} typedPair;

#define TYPE_BIT(t) (1u << (t))
#define CORE_TYPES (TYPE_BIT(NP_SHAPE_CAPSULE2) | TYPE_BIT(NP_SHAPE_BOX2) | TYPE_BIT(NP_SHAPE_POLYGON2))
static const typedPair anyPair = { 0u, 0u, PAIR_CORES }; // no types: always by the types given
static const typedPair circlePair = { TYPE_BIT(NP_SHAPE_CIRCLE), TYPE_BIT(NP_SHAPE_CIRCLE), PAIR_CIRCLES };
static const typedPair capsuleCirclePair = { TYPE_BIT(NP_SHAPE_CAPSULE2), TYPE_BIT(NP_SHAPE_CIRCLE), PAIR_CORE_CIRCLE };
static const typedPair coreCirclePair = { CORE_TYPES, TYPE_BIT(NP_SHAPE_CIRCLE), PAIR_CORE_CIRCLE };
static const typedPair capsulePair = { TYPE_BIT(NP_SHAPE_CAPSULE2), TYPE_BIT(NP_SHAPE_CAPSULE2), PAIR_CORES };
static const typedPair coreCorePair = { CORE_TYPES, CORE_TYPES, PAIR_CORES };

// Tiny pairs (tiny.h): shapes, offset and margin all below NP_TINY are collided scaled by steps of
// 2^250 and the points and depths scaled back (normal and ids unchanged); out of line.
NP_COLD __attribute__((noinline)) static void collideTiny(npManifold2* m, const npShape2* shapeA, const npTransform2* xfA,
														  const npShape2* shapeB, const npTransform2* xfB, double margin, int up)
{
	npTinyPair2 t;
	npMakeTinyPair2(shapeA, *xfA, shapeB, *xfB, up, &t);
	collideAnyPair(m, &t.a, &t.xfA, &t.b, &t.xfB, npTimesPow250(margin, up));
	for (int i = 0; i < m->pointCount; ++i)
	{
		m->points[i].pointA = npUnscaleTinyPoint2(m->points[i].pointA, up, xfA->p);
		m->points[i].pointB = npUnscaleTinyPoint2(m->points[i].pointB, up, xfA->p);
		m->points[i].depth = npUnscaleTinyLength2(m->points[i].depth, up);
	}
}

// Any valid pair: the tiny ones scaled, the others by their types.
MANIFOLD2_INLINE void collideValidPair(npManifold2* m, const npShape2* a, const npTransform2* xfA, const npShape2* b,
									   const npTransform2* xfB, double margin)
{
	int up = npPairTinyUp2(a, *xfA, b, *xfB, margin);
	if (up > 0)
		collideTiny(m, a, xfA, b, xfB, margin, up);
	else
		collideAnyPair(m, a, xfA, b, xfB, margin);
}

// Every public entry point: checks the input (invalid input gives an empty manifold), checks the
// shapes' types against the pair the entry point is for and runs its routine, else the routine the
// types select (so a typed entry point given other types answers as npCollide2 does), and clears
// what the routine left unset.
MANIFOLD2_INLINE npManifold2 collideTypedPair(const npShape2* a, npTransform2 xfA, const npShape2* b, npTransform2 xfB,
											  double margin, typedPair expected)
{
	npManifold2 m;
	m.pointCount = 0;
	if (isValidInput(a, xfA, b, xfB, margin))
	{
		if (npPairTinyUp2(a, xfA, b, xfB, margin) > 0)
			collideValidPair(&m, a, &xfA, b, &xfB, margin);
		else if ((TYPE_BIT(a->type) & expected.typesA) && (TYPE_BIT(b->type) & expected.typesB))
			runRoutine(expected.routine, &m, a, &xfA, b, &xfB, margin);
		else
			collideAnyPair(&m, a, &xfA, b, &xfB, margin);
	}
	finishManifold(&m);
	return m;
}

void npCollideUnchecked2(npManifold2* m, const npShape2* a, const npTransform2* xfA, const npShape2* b,
						 const npTransform2* xfB, double margin)
{
	m->pointCount = 0;
	collideValidPair(m, a, xfA, b, xfB, margin);
	finishManifold(m);
}

npManifold2 npCollide2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
					   double margin)
{
	return collideTypedPair(shapeA, xfA, shapeB, xfB, margin, anyPair);
}

void npCollidePosed2(npManifold2* m, const npShape2* a, const npTransform2* xfA, const npShape2* b,
					 const npTransform2* xfB, double margin)
{
	m->pointCount = 0;
	if (isValidShape(a) && isValidShape(b))
		collideValidPair(m, a, xfA, b, xfB, margin);
	finishManifold(m);
}

// npCollide2 for a contact cache: two cores run the separating-axis search from *warmA (see
// npCollideCoresWarm2), other pairs npCollide2's routine. *searched tells whether the search ran.
npManifold2 npCollideWarm2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
						   double margin, int* warmA, bool* searched)
{
	npManifold2 m;
	m.pointCount = 0;
	*searched = false;
	if (isValidInput(shapeA, xfA, shapeB, xfB, margin))
	{
		pairRoutine routine = routineForTypes(shapeA, shapeB);
		*searched = routine == PAIR_CORES;
		if (npPairTinyUp2(shapeA, xfA, shapeB, xfB, margin) > 0)
			collideValidPair(&m, shapeA, &xfA, shapeB, &xfB, margin); // as npCollide2, without a warm start
		else if (*searched)
			npCollideCoresWarm2(&m, shapeA, &xfA, shapeB, &xfB, margin, warmA);
		else
			runRoutine(routine, &m, shapeA, &xfA, shapeB, &xfB, margin);
	}
	finishManifold(&m);
	return m;
}

npManifold2 npCollideCircles(const npShape2* circleA, npTransform2 xfA, const npShape2* circleB,
							 npTransform2 xfB, double margin)
{
	return collideTypedPair(circleA, xfA, circleB, xfB, margin, circlePair);
}

npManifold2 npCollideCapsuleAndCircle(const npShape2* capsuleA, npTransform2 xfA, const npShape2* circleB,
									  npTransform2 xfB, double margin)
{
	return collideTypedPair(capsuleA, xfA, circleB, xfB, margin, capsuleCirclePair);
}

npManifold2 npCollidePolygonAndCircle(const npShape2* polygonA, npTransform2 xfA, const npShape2* circleB,
									  npTransform2 xfB, double margin)
{
	return collideTypedPair(polygonA, xfA, circleB, xfB, margin, coreCirclePair);
}

// Two segments: the separating-axis test over their normals is exact (their Minkowski difference
// is a parallelogram with those edge normals), the closest features of the segments give the
// vertex-vertex contacts (ends apart, or collinear), and clipping one segment against the other's
// side planes gives two points for parallel overlap.
npManifold2 npCollideCapsules(const npShape2* capsuleA, npTransform2 xfA, const npShape2* capsuleB,
							  npTransform2 xfB, double margin)
{
	return collideTypedPair(capsuleA, xfA, capsuleB, xfB, margin, capsulePair);
}

npManifold2 npCollidePolygons(const npShape2* polygonA, npTransform2 xfA, const npShape2* polygonB,
							  npTransform2 xfB, double margin)
{
	return collideTypedPair(polygonA, xfA, polygonB, xfB, margin, coreCorePair);
}
