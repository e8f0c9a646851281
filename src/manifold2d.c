// 2D contact manifolds: circles, capsules, boxes and convex polygons, sharp or rounded.
//
// Every shape is a convex core (1 point, a segment, or a polygon of 3..64 vertices) inflated by a
// radius. The routines work on the cores and add the radii exactly at the end, following the
// layout of Randy Gaul's "Manifold Generation" (seed 004):
//  - everything is computed in A's local frame (a change of basis: B's core is moved into A's
//    frame once), so shapes far from the origin lose no precision to cancellation; the contact
//    points and the normal are moved to world space as they are written;
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
//
// Cost. These routines run once per touching pair per step, so the common paths are kept short,
// without changing a single number: every path evaluates the same expressions as the plain
// algorithm above, so the results are the same bit for bit whichever path runs.
//  - The manifold is written in place (the public functions' result), each field once; the input
//    checks are a few compares; the size tolerance (two scans over the vertices) is computed only
//    on the rare paths that take a direction from a short vector.
//  - Boxes and capsules have a fixed layout (axis-aligned normals, vertex sets spanned by two
//    corners), which makes their separating-axis tests linear: see isAxisCore.
//  - Other polygons keep the double loop of the separating-axis test but skip most of it: an edge
//    whose distance to one vertex of the other core is already below the best separation cannot
//    win. Small polygons are probed at a few vertices and scanned without early exits (branches
//    that depend on the data cost more than the products they save); large ones stop each edge's
//    scan at the first such vertex. See findMaxSeparation.
#include "closest2d.h"

#include <float.h>
#include <stddef.h>

#define NP_FEATURE_VERTEX 0u
#define NP_FEATURE_EDGE 1u

// Lengths below this fraction of the problem's size are treated as zero when a direction has to be
// taken from them (a unit vector from a vector that small would be mostly rounding noise).
#define NP_MANIFOLD_REL_TOLERANCE 1.0e-12

static inline uint32_t makeId(uint32_t kindA, int indexA, uint32_t kindB, int indexB)
{
	return (uint32_t)indexA | ((uint32_t)indexB << 8) | (kindA << 16) | (kindB << 17);
}

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

// |x| <= NP_HUGE, false for NaN and infinities.
static inline bool isUsable(double x)
{
	return fabs(x) <= NP_HUGE;
}

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
	return isUsable(xf.p.x) && isUsable(xf.p.y) && fabs(lenSq - 1.0) <= 2.0e-6;
}

// Invalid input gives an empty manifold (the manifold functions have no error code to return).
static inline bool isValidInput(const npShape2* a, npTransform2 xfA, const npShape2* b, npTransform2 xfB,
								double margin)
{
	return isValidShape(a) && isValidShape(b) && isValidTransform(xfA) && isValidTransform(xfB) && isUsable(margin);
}

// ------------------------------------------------------------------------------------ emitting points

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

// The routines work in A's local frame and write the manifold's points and normal straight into
// world space, through A's transform (the same expressions as moving the finished manifold).

// A reference face in A's frame, with what a contact on it needs: the line through v1 with unit
// tangent t and outward normal n, the radii of the face's shape and of the other shape, the margin,
// which shape owns the face (`refIsB`: the manifold normal is then -n), and A's transform.
typedef struct faceFrame
{
	npVec2 v1, t, n;
	double refRadius, incRadius, margin;
	bool refIsB;
	const npTransform2* xfA;
} faceFrame;

// Adds a face contact. The incident core point sits at (u, h) in the face's coordinates (u along t
// from v1, h along n). The reference surface point is its projection onto the face pushed out by
// the reference radius. The incident surface point is the core point pushed out by the incident
// radius along `incDir`, an outward normal of the incident core at that point: -n itself whenever
// -n is one (`incAlongNormal`; then depth = radius - h, the separation along n, exactly), else the
// outward normal nearest to -n (a rounded incident edge tilted against the face: the point stays on
// its surface). The depth is dot(pointRef - pointInc, n) by construction.
static inline void addFacePoint(npManifold2* m, const faceFrame* f, double u, double h, npVec2 incDir,
								bool incAlongNormal, uint32_t id)
{
	// (The callers add at most two points to an empty manifold.)
	npVec2 n = f->n;
	npVec2 onFace = v2MulAdd(f->v1, u, f->t);
	npVec2 onRef = v2MulAdd(onFace, f->refRadius, n);
	npVec2 onInc;
	double depth;
	if (incAlongNormal || f->incRadius == 0.0)
	{
		depth = (f->refRadius + f->incRadius) - h;
		onInc = v2MulAdd(onRef, -depth, n);
	}
	else
	{
		npVec2 core = v2MulAdd(onFace, h, n);
		onInc = v2MulAdd(core, f->incRadius, incDir);
		depth = v2Dot(v2Sub(onRef, onInc), n);
	}
	if (!(depth >= -f->margin))
		return;
	npManifoldPoint2* p = m->points + m->pointCount;
	p->pointA = npTransformPoint2(*f->xfA, f->refIsB ? onInc : onRef);
	p->pointB = npTransformPoint2(*f->xfA, f->refIsB ? onRef : onInc);
	p->depth = depth;
	p->id = id;
	m->pointCount += 1;
}

// A contact between the closest points of the two cores, cA and cB (A's frame): the shapes'
// radii, the normal to use when the two points are too close for a direction (closer than
// `tolerance`), the margin and the point's feature id.
typedef struct closestContact
{
	npVec2 cA, cB;
	double radiusA, radiusB;
	npVec2 fallbackNormal;
	double tolerance, margin;
	uint32_t id;
} closestContact;

// Sets a one-point manifold from a closest contact, through A's transform xfA. The normal is the
// direction cA -> cB, or the fallback normal when there is no direction (then the depth is
// measured along that normal, so the conventions still hold exactly). The manifold must be empty
// on entry; it stays empty when the point is beyond the margin.
static void setClosestPoint(npManifold2* m, const npTransform2* xfA, const closestContact* c)
{
	npVec2 cA = c->cA, cB = c->cB;
	double radiusA = c->radiusA, radiusB = c->radiusB;
	npVec2 d = v2Sub(cB, cA);
	double distance = v2Length(d);
	npVec2 n;
	double separation;
	if (distance > c->tolerance)
	{
		n = v2Scale(1.0 / distance, d);
		separation = distance;
	}
	else
	{
		n = c->fallbackNormal;
		separation = v2Dot(d, n);
	}

	double depth = (radiusA + radiusB) - separation;
	if (!(depth >= -c->margin))
		return;
	m->normal = npRotate2(xfA->q, n);
	m->points[0].pointA = npTransformPoint2(*xfA, v2MulAdd(cA, radiusA, n));
	m->points[0].pointB = npTransformPoint2(*xfA, v2MulAdd(cB, -radiusB, n));
	m->points[0].depth = depth;
	m->points[0].id = c->id;
	m->pointCount = 1;
}

static double maxAbsCoordinate(const npVec2* p, int count)
{
	double s = 0.0;
	for (int i = 0; i < count; ++i)
		s = npMax(s, npMax(npAbs(p[i].x), npAbs(p[i].y)));
	return s;
}

// ------------------------------------------------------------------------------------ axis cores

// Box and capsule cores (as made by npMakeBox2 and npMakeCapsule2; the shape's documentation asks
// for shapes to be made so) have a fixed layout in their own frame: every edge normal is an axis
// direction, and the vertex set is a product of two sets of coordinates ({-hx, hx} x {-hy, hy},
// resp. {-h, h} x {0}) spanned by vertex 0 (the minimum corner) and vertex count/2 (the maximum
// corner). Both facts make the separating-axis test linear instead of quadratic, with the same
// numbers as the double loop of findMaxSeparation, bit for bit:
//  1. The axis core's own faces (findAxisCoreSeparation, also used against a circle's centre):
//     with n = (0, -1), dot(n, w - v) evaluates to -(w.y - v.y) = v.y - w.y exactly (0 * anything
//     is a zero, which adds nothing), and rounding is monotone, so the smallest over the other
//     core's vertices w is v.y - max(w.y). The face separations are differences between the other
//     core's bounding box (in the axis core's frame) and the faces' coordinates. A box's faces are,
//     in order, -y, +x, +y, -x; a capsule's -y, +y.
//  2. The other core's faces against the axis core (findSeparationAgainstAxisCore, with the core
//     pairs below): dot(n, w - v) = n.x * (w.x - v.x) + n.y * (w.y - v.y) is, after rounding,
//     monotone in w.x and in w.y separately, so over a product set of vertices its smallest value
//     is at the corner taking the smaller term in each coordinate (the support point in -n): one
//     evaluation per face instead of one per vertex.
static inline bool isAxisCore(const npShape2* s)
{
	return s->type == NP_SHAPE_BOX2 || s->type == NP_SHAPE_CAPSULE2;
}

// (1) above: the largest face separation of an axis core from a point set with the given bounding
// box, and its face (the first of equal separations, as in findMaxSeparation).
static inline double findAxisCoreSeparation(const npVec2* v, int count, double minX, double maxX, double minY,
											double maxY, int* edge)
{
	double s = v[0].y - maxY;
	int best = 0;
	if (count == 4)
	{
		double s1 = minX - v[1].x, s2 = minY - v[2].y, s3 = v[3].x - maxX;
		if (s1 > s)
		{
			s = s1;
			best = 1;
		}
		if (s2 > s)
		{
			s = s2;
			best = 2;
		}
		if (s3 > s)
		{
			s = s3;
			best = 3;
		}
	}
	else
	{
		double s1 = minY - v[1].y;
		if (s1 > s)
		{
			s = s1;
			best = 1;
		}
	}
	*edge = best;
	return s;
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
	double radius; // rA + rB
	double margin; // speculative distance
	const npTransform2* xfA; // A's transform, to write the results in world space
} corePair;

// Lengths below this are too short to give a direction: a fraction of the problem's size (the
// largest coordinate of either core in A's frame) plus the radii. Only the paths that may take a
// direction from a short vector ask for it (the cores apart, or degenerate ends), so the common
// overlapping case never scans the vertices for it.
static double pairTolerance(const corePair* pair)
{
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];
	double size = npMax(maxAbsCoordinate(A->vertices, A->count), maxAbsCoordinate(B->vertices, B->count));
	return NP_MANIFOLD_REL_TOLERANCE * (size + pair->radius);
}

static inline int nextIndex(int i, int count)
{
	int j = i + 1;
	return j & -(j < count); // j, or 0 past the end (without a branch: the index is data)
}

// The edge of `core` facing the direction `toward` best (largest dot product with its normal): a
// branch-free scan for small cores, a climb from edge 0 for larger ones (the normals are sorted
// around the circle, so the dot product has a single maximum; rounding can only stop the climb
// early). It only orders the work of findMaxSeparation, never changes its result.
static int findFacingEdge(const localCore* core, npVec2 toward)
{
	const npVec2* normals = core->normals;
	int count = core->count;
	int start = 0;
	if (count <= 8)
	{
		double facing = -DBL_MAX;
		for (int i = 0; i < count; ++i)
		{
			double f = v2Dot(normals[i], toward);
			start = f > facing ? i : start;
			facing = npMax(facing, f);
		}
		return start;
	}
	double facing = v2Dot(normals[0], toward);
	int step = v2Dot(normals[1], toward) > facing ? 1 : count - 1;
	for (int k = 1; k < count; ++k)
	{
		int i = start + step;
		if (i >= count)
			i -= count;
		double f = v2Dot(normals[i], toward);
		if (!(f > facing))
			break;
		facing = f;
		start = i;
	}
	return start;
}

// The largest, over the edges of `core`, of the smallest signed distance of any vertex of `other`
// from the edge's line; writes the edge. Ties keep the lowest index, so the choice is deterministic.
//
// The result is that of the plain double loop; only the amount of work differs. An edge's minimum
// is at most its distance to any one vertex, so once one distance is below the best separation
// found so far the edge cannot win and needs no more vertices. That rules out most edges at their
// first vertex when the search starts near the answer: it starts with edge `start` (a guess at the
// answer, see testCoreAxes), over all vertices, and tries the other edges first at that edge's
// minimizing vertex (the support points of neighbouring edges are neighbours). The winner's
// minimum is always complete, over all vertices.
static double findMaxSeparation(const localCore* core, const localCore* other, int start, int* edge)
{
	const npVec2* normals = core->normals;
	const npVec2* vertices = core->vertices;
	const npVec2* others = other->vertices;
	int count = core->count, otherCount = other->count;

	// Small cores: the facing edge over all vertices (its minimizer is the probe), then each other
	// edge is probed at three vertices around the probe, and scanned over all of them only if the
	// probe does not already put it below the best (rare after the facing edge). The scans have no
	// early exits: those save products, but their branches depend on the data and are mispredicted
	// about once per edge, which costs more than the products at this size.
	if (count * otherCount <= 64)
	{
		int best = start, probe = 0;
		double bestSeparation = DBL_MAX;
		{
			npVec2 n = normals[start], v = vertices[start];
			for (int j = 0; j < otherCount; ++j)
			{
				double d = v2Dot(n, v2Sub(others[j], v));
				probe = d < bestSeparation ? j : probe;
				bestSeparation = npMin(bestSeparation, d);
			}
		}
		int before = probe == 0 ? otherCount - 1 : probe - 1, after = nextIndex(probe, otherCount);
		for (int k = 1, i = nextIndex(start, count); k < count; ++k, i = nextIndex(i, count))
		{
			npVec2 n = normals[i], v = vertices[i];
			double p = npMin(v2Dot(n, v2Sub(others[probe], v)),
							 npMin(v2Dot(n, v2Sub(others[before], v)), v2Dot(n, v2Sub(others[after], v))));
			if (p < bestSeparation)
				continue; // the edge cannot win: one of its distances is already below the best
			double sep = DBL_MAX;
			for (int j = 0; j < otherCount; ++j)
				sep = npMin(sep, v2Dot(n, v2Sub(others[j], v)));
			if (sep > bestSeparation || (sep == bestSeparation && i < best))
			{
				bestSeparation = sep;
				best = i;
			}
		}
		*edge = best;
		return bestSeparation;
	}

	// Larger cores: the facing edge first, over all vertices; then each edge's scan starts at the
	// previous edge's minimizing vertex and stops at the first distance below the best.
	int best = start, hint = 0;
	double bestSeparation = DBL_MAX;
	{
		npVec2 n = normals[start], v = vertices[start];
		for (int j = 0; j < otherCount; ++j)
		{
			double d = v2Dot(n, v2Sub(others[j], v));
			if (d < bestSeparation)
			{
				bestSeparation = d;
				hint = j;
			}
		}
	}
	for (int i = 0; i < count; ++i)
	{
		if (i == start)
			continue;
		npVec2 n = normals[i], v = vertices[i];
		double s = DBL_MAX;
		int first = hint, j = hint;
		do
		{
			double d = v2Dot(n, v2Sub(others[j], v));
			if (d < s)
			{
				s = d;
				hint = j;
			}
			if (s < bestSeparation)
				break; // this edge can no longer win (an equal one still can, by a lower index)
			j = nextIndex(j, otherCount);
		} while (j != first);
		if (s > bestSeparation || (s == bestSeparation && i < best))
		{
			bestSeparation = s;
			best = i;
		}
	}
	*edge = best;
	return bestSeparation;
}

// (1) in the comment on isAxisCore, against a core's vertices: their bounding box.
static double findAxisCoreSeparationFromPoints(const localCore* core, const localCore* other, int* edge)
{
	const npVec2* w = other->vertices;
	int otherCount = other->count;
	double minX = w[0].x, maxX = w[0].x, minY = w[0].y, maxY = w[0].y;
	for (int j = 1; j < otherCount; ++j)
	{
		minX = npMin(minX, w[j].x);
		maxX = npMax(maxX, w[j].x);
		minY = npMin(minY, w[j].y);
		maxY = npMax(maxY, w[j].y);
	}
	return findAxisCoreSeparation(core->vertices, core->count, minX, maxX, minY, maxY, edge);
}

// (2) in the comment on isAxisCore: the largest separation of the faces of `core` from an axis
// core, and the face.
static double findSeparationAgainstAxisCore(const localCore* core, const localCore* axisCore, int* edge)
{
	npVec2 lo = axisCore->vertices[0], hi = axisCore->vertices[axisCore->count >> 1];
	const npVec2* normals = core->normals;
	const npVec2* vertices = core->vertices;
	int count = core->count;
	int best = 0;
	double bestSeparation = -DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		npVec2 n = normals[i];
		npVec2 w = v2(n.x > 0.0 ? lo.x : hi.x, n.y > 0.0 ? lo.y : hi.y);
		double s = v2Dot(n, v2Sub(w, vertices[i]));
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
	const npVec2* normals = core->normals;
	int count = core->count;
	int best = 0;
	double bestDot = DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		double d = v2Dot(normals[i], referenceNormal);
		if (d < bestDot)
		{
			bestDot = d;
			best = i;
		}
	}
	return best;
}

// Closest features of two segments that do not cross (closestOfSegments2), named as features of
// their cores: segment s runs from vertex i0[s] to vertex i1[s] of its core and is that core's edge
// e[s].
typedef struct closestPair
{
	npVec2 point[2];   // closest point on each segment
	uint32_t kind[2];  // NP_FEATURE_VERTEX or NP_FEATURE_EDGE
	int index[2];      // vertex or edge index in its core
	double distanceSq; // squared distance between the points
} closestPair;

static void findClosestFeatures(closestPair* best, const npVec2 a[2], const int ia[2], int edgeA,
								const npVec2 b[2], const int ib[2], int edgeB)
{
	npSegmentPair2 closest = closestOfSegments2(a, b);
	const int* ends[2] = { ia, ib };
	int edges[2] = { edgeA, edgeB };
	best->distanceSq = closest.distanceSq;
	for (int s = 0; s < 2; ++s)
	{
		bool inside = closest.where[s] == NP_SEGMENT_INSIDE;
		best->point[s] = closest.point[s];
		best->kind[s] = inside ? NP_FEATURE_EDGE : NP_FEATURE_VERTEX;
		best->index[s] = inside ? edges[s] : ends[s][closest.where[s]];
	}
}

// Closest features of the reference edge of core `ref` and the incident edge of the other core.
static void closestOfFaces(closestPair* cp, const corePair* pair, int ref, int edge, int incident)
{
	const localCore* R = &pair->cores[ref];
	const localCore* I = &pair->cores[1 - ref];
	int ir[2] = { edge, nextIndex(edge, R->count) };
	int ii[2] = { incident, nextIndex(incident, I->count) };
	npVec2 r[2] = { R->vertices[ir[0]], R->vertices[ir[1]] };
	npVec2 w[2] = { I->vertices[ii[0]], I->vertices[ii[1]] };
	findClosestFeatures(cp, r, ir, edge, w, ii, incident);
}

// One-point manifold from the closest features of a reference/incident pair; `ref` is the shape
// owning the reference face, whose normal (oriented A -> B) serves when no direction can be taken.
// Replaces whatever a failed clipping left in the manifold.
static void closestPointManifold(npManifold2* m, const corePair* pair, const closestPair* cp, int ref, int edge)
{
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];
	m->pointCount = 0;
	m->normal = v2(0.0, 0.0);
	// Map the (reference, incident) order of cp to (A, B).
	int sa = ref == 0 ? 0 : 1, sb = 1 - sa;
	npVec2 fallback = ref == 0 ? A->normals[edge] : v2Neg(B->normals[edge]);
	closestContact c = { cp->point[sa], cp->point[sb], A->radius, B->radius, fallback, pairTolerance(pair),
						 pair->margin, makeId(cp->kind[sa], cp->index[sa], cp->kind[sb], cp->index[sb]) };
	setClosestPoint(m, pair->xfA, &c);
}

// One end of the clipped incident edge: its place above the reference face (u along the face from
// v1, h along the normal) and the features that made it.
typedef struct clippedEnd
{
	double u, h;
	uint32_t refKind, incKind;
	int refIndex, incIndex;
} clippedEnd;

// A clip: the incident edge in the reference face's coordinates, from (u[0], h[0]) at its vertex
// `incident` to (u[1], h[1]) at its vertex `incidentEnd`, and the reference face, from u = 0 at
// its vertex `edge` to u = length at its vertex `edgeEnd` (edge indices are their start vertices).
typedef struct faceClip
{
	double u[2], h[2];
	double length;
	int edge, edgeEnd;
	int incident, incidentEnd;
} faceClip;

// End k (0 or 1) of the incident edge, clipped to 0 <= u <= length. A clipped point is where the
// incident edge crosses the side plane through a reference vertex; the other end point is then on
// the inner side, so u[1] != u[0].
static inline void clipEnd(clippedEnd* e, const faceClip* c, int k)
{
	double uk = c->u[k];
	if (uk < 0.0 || uk > c->length)
	{
		double side = uk < 0.0 ? 0.0 : c->length;
		double lambda = (side - c->u[0]) / (c->u[1] - c->u[0]);
		e->u = side;
		e->h = c->h[0] + lambda * (c->h[1] - c->h[0]);
		e->refKind = NP_FEATURE_VERTEX;
		e->refIndex = uk < 0.0 ? c->edge : c->edgeEnd;
		e->incKind = NP_FEATURE_EDGE;
		e->incIndex = c->incident;
	}
	else
	{
		e->u = uk;
		e->h = c->h[k];
		e->refKind = NP_FEATURE_EDGE;
		e->refIndex = c->edge;
		e->incKind = NP_FEATURE_VERTEX;
		e->incIndex = k == 0 ? c->incident : c->incidentEnd;
	}
}

// The id of a clipped end, in the caller's A and B.
static inline uint32_t clippedEndId(const faceFrame* f, const clippedEnd* e)
{
	return f->refIsB ? makeId(e->incKind, e->incIndex, e->refKind, e->refIndex)
					 : makeId(e->refKind, e->refIndex, e->incKind, e->incIndex);
}

// The one clipping routine. Reference face: edge `edge` of core `ref` (0 = A, 1 = B), running from
// v1 to v2 with outward normal n and tangent t = leftPerp(n) (the direction v1 -> v2 of a CCW
// core). The incident edge w1 -> w2 of the other core is clipped against the side planes u = 0 and
// u = L (Sutherland-Hodgman against two planes); each surviving point becomes a contact at its
// height h above the face. Returns false when the incident edge lies wholly beyond one side plane
// (nothing to clip to); the manifold then has no points.
static bool clipIncidentEdge(npManifold2* m, const corePair* pair, int ref, int edge, int incident)
{
	const localCore* R = &pair->cores[ref];
	const localCore* I = &pair->cores[1 - ref];
	int edgeEnd = nextIndex(edge, R->count);
	int incidentEnd = nextIndex(incident, I->count);
	faceFrame f;
	f.v1 = R->vertices[edge];
	f.n = R->normals[edge];
	f.t = v2LeftPerp(f.n);
	double length = v2Dot(v2Sub(R->vertices[edgeEnd], f.v1), f.t);

	npVec2 d0 = v2Sub(I->vertices[incident], f.v1), d1 = v2Sub(I->vertices[incidentEnd], f.v1);
	double u0 = v2Dot(d0, f.t), u1 = v2Dot(d1, f.t);
	// The same expression as in findMaxSeparation, so the depths agree.
	double h0 = v2Dot(f.n, d0), h1 = v2Dot(f.n, d1);
	m->pointCount = 0;
	if ((u0 < 0.0 && u1 < 0.0) || (u0 > length && u1 > length))
		return false;

	m->normal = npRotate2(pair->xfA->q, ref == 0 ? f.n : v2Neg(f.n));
	f.refRadius = R->radius;
	f.incRadius = I->radius;
	f.margin = pair->margin;
	f.refIsB = ref == 1;
	f.xfA = pair->xfA;
	faceClip clip = { { u0, u1 }, { h0, h1 }, length, edge, edgeEnd, incident, incidentEnd };
	clippedEnd ends[2];
	clipEnd(ends + 0, &clip, 0);
	clipEnd(ends + 1, &clip, 1);
	// An incident edge touching the reference range in a single point gives it twice.
	bool twice = ends[1].u == ends[0].u && ends[1].h == ends[0].h;
	if (f.incRadius == 0.0)
	{
		// A sharp incident core (the common case): its surface points are its core points.
		addFacePoint(m, &f, ends[0].u, ends[0].h, v2(0.0, 0.0), true, clippedEndId(&f, ends + 0));
		if (!twice)
			addFacePoint(m, &f, ends[1].u, ends[1].h, v2(0.0, 0.0), true, clippedEndId(&f, ends + 1));
		return true;
	}
	for (int k = 0; k < (twice ? 1 : 2); ++k)
	{
		const clippedEnd* e = ends + k;
		// A rounded incident core pushes its surface point out along its outward normal nearest to
		// -n: the incident edge's normal at a clipped point; at an incident vertex -n itself when -n
		// is inside the vertex's normal cone (which runs counter-clockwise from the normal of the
		// edge ending at the vertex to the normal of the edge starting at it), else the nearer of the
		// cone's two bounding normals.
		npVec2 incDir = I->normals[incident];
		bool alongNormal = false;
		if (e->incKind == NP_FEATURE_VERTEX)
		{
			npVec2 inward = v2Neg(f.n);
			int w = e->incIndex;
			npVec2 before = I->normals[w == 0 ? I->count - 1 : w - 1], after = I->normals[w];
			if (v2Cross(before, inward) >= 0.0 && v2Cross(inward, after) >= 0.0)
				alongNormal = true;
			else
				incDir = v2Dot(before, inward) > v2Dot(after, inward) ? before : after;
		}
		addFacePoint(m, &f, e->u, e->h, incDir, alongNormal, clippedEndId(&f, e));
	}
	return true;
}

// What the separating-axis test found: each core's best face (edge and separation) and, when
// already known, the incident edge on the other core for it (-1: finishCores searches for it).
typedef struct satResult
{
	double sepA, sepB;
	int edgeA, edgeB;
	int incidentA, incidentB;
} satResult;

// Everything after the separating-axis test.
static void finishCores(npManifold2* m, const corePair* pair, const satResult* sat)
{
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];
	double sepA = sat->sepA, sepB = sat->sepB;
	int edgeA = sat->edgeA, edgeB = sat->edgeB, incidentA = sat->incidentA, incidentB = sat->incidentB;

	// The true largest separation decides emptiness and the closest features. The cores' distance
	// is at least this, so a separation beyond radius + margin means no contact.
	int maxRef = sepB > sepA ? 1 : 0;
	double maxSeparation = maxRef ? sepB : sepA;
	if (maxSeparation - pair->radius > pair->margin)
		return;

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
	// (The tolerance is never negative, so overlapping cores skip the test without computing it.)
	closestPair cp;
	if (maxSeparation > 0.0 && maxSeparation > pairTolerance(pair))
	{
		closestOfFaces(&cp, pair, maxRef, maxEdge, maxIncident);
		if (cp.kind[0] == NP_FEATURE_VERTEX && cp.kind[1] == NP_FEATURE_VERTEX &&
			sqrt(cp.distanceSq) > maxSeparation)
		{
			closestPointManifold(m, pair, &cp, maxRef, maxEdge);
			return;
		}
	}

	// Clip against the preferred face. Its side planes can miss the incident edge (or clip away the
	// points within the margin) when it is not the best face; the best face always holds the
	// support point, so it is tried next.
	for (int attempt = 0; attempt < 2; ++attempt)
	{
		int edge = ref ? edgeB : edgeA, incident = ref ? incidentB : incidentA;
		if (clipIncidentEdge(m, pair, ref, edge, incident) && m->pointCount > 0)
			return;
		if (ref == maxRef)
			break;
		ref = maxRef;
	}
	// Degenerate ends: collinear segments (capsules end to end), or a support point that rounding
	// left just outside the side planes. The closest features give the single contact.
	closestOfFaces(&cp, pair, maxRef, maxEdge, maxIncident);
	closestPointManifold(m, pair, &cp, maxRef, maxEdge);
}

// Moves B's core vertices into A's frame (into the caller's array) and fills the pair. B's normals
// follow separately (moveNormalsB), only once the pair is known to be close enough to need them.
static inline void makeCorePair(corePair* pair, const npShape2* A, const npShape2* B, npTransform2 rel,
								double margin, npVec2* verticesB, npVec2* normalsB)
{
	int count = B->count;
	if (B->type == NP_SHAPE_BOX2)
	{
		// A box's vertices are (+-hx, +-hy): the four products of the rotation are shared, their
		// signs flipped exactly (the same numbers as transforming each vertex).
		double hx = B->vertices[2].x, hy = B->vertices[2].y;
		double chx = rel.q.c * hx, shx = rel.q.s * hx, chy = rel.q.c * hy, shy = rel.q.s * hy;
		verticesB[0] = v2((-chx - -shy) + rel.p.x, (-shx + -chy) + rel.p.y);
		verticesB[1] = v2((chx - -shy) + rel.p.x, (shx + -chy) + rel.p.y);
		verticesB[2] = v2((chx - shy) + rel.p.x, (shx + chy) + rel.p.y);
		verticesB[3] = v2((-chx - shy) + rel.p.x, (-shx + chy) + rel.p.y);
	}
	else
	{
		for (int i = 0; i < count; ++i)
			verticesB[i] = npTransformPoint2(rel, B->vertices[i]);
	}
	pair->cores[0] = (localCore){ A->vertices, A->normals, A->count, A->radius };
	pair->cores[1] = (localCore){ verticesB, normalsB, count, B->radius };
	pair->radius = A->radius + B->radius;
	pair->margin = margin;
}

static inline void moveNormalsB(const npShape2* B, npRot2 relq, npVec2* normalsB)
{
	int count = B->count;
	for (int i = 0; i < count; ++i)
		normalsB[i] = npRotate2(relq, B->normals[i]);
}

// General path: separating-axis test over the edge normals of both cores (linear when A is a box
// or a capsule, see isAxisCore). Returns false when A's faces already separate the cores beyond
// the radii and the margin (B's normals are then never needed).
static bool testCoreAxes(satResult* sat, const corePair* pair, const npShape2* A, const npShape2* B,
						 const npTransform2* rel, npVec2* normalsB)
{
	sat->incidentA = -1;
	sat->incidentB = -1;
	if (isAxisCore(A))
	{
		sat->sepA = findAxisCoreSeparationFromPoints(&pair->cores[0], &pair->cores[1], &sat->edgeA);
		if (sat->sepA - pair->radius > pair->margin)
			return false;
		moveNormalsB(B, rel->q, normalsB);
		sat->sepB = findSeparationAgainstAxisCore(&pair->cores[1], &pair->cores[0], &sat->edgeB);
	}
	else
	{
		// From A's centroid to B's (A's frame): A's search starts at the edge facing it.
		npVec2 towardB = v2Sub(npTransformPoint2(*rel, B->centroid), A->centroid);
		sat->sepA = findMaxSeparation(&pair->cores[0], &pair->cores[1], findFacingEdge(&pair->cores[0], towardB),
									  &sat->edgeA);
		if (sat->sepA - pair->radius > pair->margin)
			return false;
		moveNormalsB(B, rel->q, normalsB);
		// B's face most opposed to A's best one is the incident edge for A's face (needed later
		// anyway) and usually B's best face, when B's face wins: where B's search starts.
		sat->incidentA = findIncidentEdge(&pair->cores[1], pair->cores[0].normals[sat->edgeA]);
		sat->sepB = findMaxSeparation(&pair->cores[1], &pair->cores[0], sat->incidentA, &sat->edgeB);
	}
	return true;
}

// Exact test for a rotation by a multiple of 90 degrees.
static inline bool isQuarterTurn(npRot2 q)
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
static void testAlignedBoxAxes(satResult* sat, const corePair* pair, npRot2 relq)
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
	// B's best face separation equals A's (same differences), so B is never preferred.
	sat->sepA = sep[edge];
	sat->edgeA = edge;
	sat->incidentA = (edge + 6 - turns) & 3;
	sat->sepB = sep[edge];
	sat->edgeB = edge;
	sat->incidentB = -1;
}

static void collidePolygons(npManifold2* m, const npShape2* polygonA, const npTransform2* xfA,
							const npShape2* polygonB, const npTransform2* xfB, double margin)
{
	npTransform2 rel = npInvMulTransforms2(*xfA, *xfB);
	npVec2 verticesB[NP_MAX_POLYGON_VERTICES], normalsB[NP_MAX_POLYGON_VERTICES];
	corePair pair;
	makeCorePair(&pair, polygonA, polygonB, rel, margin, verticesB, normalsB);
	satResult sat;
	if (polygonA->type == NP_SHAPE_BOX2 && polygonB->type == NP_SHAPE_BOX2 && (xfA->q.s == 0.0 || xfA->q.c == 0.0) &&
		(xfB->q.s == 0.0 || xfB->q.c == 0.0) && isQuarterTurn(xfA->q) && isQuarterTurn(xfB->q))
	{
		moveNormalsB(polygonB, rel.q, normalsB);
		testAlignedBoxAxes(&sat, &pair, rel.q);
	}
	else if (!testCoreAxes(&sat, &pair, polygonA, polygonB, &rel, normalsB))
		return;
	pair.xfA = xfA;
	finishCores(m, &pair, &sat);
}

// ------------------------------------------------------------------------------------ entry points

// The pair routine for the shapes' types: circles, a core (capsule, box, polygon) and a circle, or
// two cores. A circle given first is collided second and the manifold swapped back, so the normal
// points from A to B again.
static void collideValidPair(npManifold2* m, const npShape2* a, const npTransform2* xfA, const npShape2* b,
							 const npTransform2* xfB, double margin)
{
	bool circleA = a->type == NP_SHAPE_CIRCLE, circleB = b->type == NP_SHAPE_CIRCLE;
	if (circleA && circleB)
		collideCircles(m, a, xfA, b, xfB, margin);
	else if (circleA)
	{
		collideCoreAndCircle(m, b, xfB, a, xfA, margin);
		swapManifold(m);
	}
	else if (circleB)
		collideCoreAndCircle(m, a, xfA, b, xfB, margin);
	else
		collidePolygons(m, a, xfA, b, xfB, margin);
}

// Every public entry point: checks the input (invalid input gives an empty manifold), runs the
// pair routine for the two types (swapping when the circle comes first) and clears what the
// routine left unset. The typed entry points given other types answer as npCollide2 does, so they
// share this one path: their own pair is simply the one the types select.
static inline npManifold2 collidePair(const npShape2* a, npTransform2 xfA, const npShape2* b, npTransform2 xfB,
									  double margin)
{
	npManifold2 m;
	m.pointCount = 0;
	if (isValidInput(a, xfA, b, xfB, margin))
		collideValidPair(&m, a, &xfA, b, &xfB, margin);
	finishManifold(&m);
	return m;
}

npManifold2 npCollide2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
					   double margin)
{
	return collidePair(shapeA, xfA, shapeB, xfB, margin);
}

npManifold2 npCollideCircles(const npShape2* circleA, npTransform2 xfA, const npShape2* circleB,
							 npTransform2 xfB, double margin)
{
	return collidePair(circleA, xfA, circleB, xfB, margin);
}

npManifold2 npCollideCapsuleAndCircle(const npShape2* capsuleA, npTransform2 xfA, const npShape2* circleB,
									  npTransform2 xfB, double margin)
{
	return collidePair(capsuleA, xfA, circleB, xfB, margin);
}

npManifold2 npCollidePolygonAndCircle(const npShape2* polygonA, npTransform2 xfA, const npShape2* circleB,
									  npTransform2 xfB, double margin)
{
	return collidePair(polygonA, xfA, circleB, xfB, margin);
}

// Two segments: the separating-axis test over their normals is exact (their Minkowski difference
// is a parallelogram with those edge normals), the closest features of the segments give the
// vertex-vertex contacts (ends apart, or collinear), and clipping one segment against the other's
// side planes gives two points for parallel overlap.
npManifold2 npCollideCapsules(const npShape2* capsuleA, npTransform2 xfA, const npShape2* capsuleB,
							  npTransform2 xfB, double margin)
{
	return collidePair(capsuleA, xfA, capsuleB, xfB, margin);
}

npManifold2 npCollidePolygons(const npShape2* polygonA, npTransform2 xfA, const npShape2* polygonB,
							  npTransform2 xfB, double margin)
{
	return collidePair(polygonA, xfA, polygonB, xfB, margin);
}
