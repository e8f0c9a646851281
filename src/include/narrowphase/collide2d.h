// narrowphase 2D: circles, capsules, boxes and convex polygons.
//
// Every 2D shape is stored the same way: a convex "core" of 1..NP_MAX_POLYGON_VERTICES points
// (a circle's core is its centre, a capsule's core its segment, a box's and a polygon's core their
// vertices) inflated by a `radius`. GJK and EPA run on the cores; the radius is added exactly
// afterwards, so rounded shapes are as exact as sharp ones.
#ifndef NARROWPHASE_COLLIDE2D_H
#define NARROWPHASE_COLLIDE2D_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Largest number of vertices of a polygon's hull.
#define NP_MAX_POLYGON_VERTICES 64
/// Largest number of input points given to npMakePolygon2 (the hull is computed from them).
#define NP_MAX_POLYGON_INPUT 1024
/// Most contact points in a 2D manifold.
#define NP_MAX_MANIFOLD_POINTS2 2
/// Most vertices of the 2D EPA polytope: the Minkowski difference of two cores has at most
/// countA + countB vertices, and the polytope only ever holds vertices of it.
#define NP_EPA2_MAX_VERTICES (2 * NP_MAX_POLYGON_VERTICES + 4)
/// Reference-face preference used by the manifold routines: B's face is chosen over A's only when
/// its separation is larger by more than this (absolute, in length units). Keeps the reference
/// face from flipping between frames through rounding noise.
#define NP_FACE_PREFERENCE2 5.0e-4

/// A 2D vector.
typedef struct npVec2
{
	double x; ///< x coordinate
	double y; ///< y coordinate
} npVec2;

/// A rotation stored as cosine and sine of its angle.
typedef struct npRot2
{
	double c; ///< cosine of the angle
	double s; ///< sine of the angle
} npRot2;

/// A rigid transform: rotate, then translate.
typedef struct npTransform2
{
	npVec2 p; ///< translation
	npRot2 q; ///< rotation
} npTransform2;

/// The kinds of 2D shape.
typedef enum npShapeType2
{
	NP_SHAPE_CIRCLE = 0,   ///< a disc centred at the local origin
	NP_SHAPE_CAPSULE2 = 1, ///< a segment from (-halfLength, 0) to (halfLength, 0) plus a radius
	NP_SHAPE_BOX2 = 2,     ///< a rectangle centred at the local origin with half extents
	NP_SHAPE_POLYGON2 = 3, ///< the convex hull of a point set, optionally rounded
} npShapeType2;

/// A 2D convex shape. Build it with one of the npMake* functions; treat it as read-only.
typedef struct npShape2
{
	npShapeType2 type;  ///< which kind of shape this is
	int count;          ///< number of core vertices: 1 circle, 2 capsule, 4 box, 3..64 polygon
	double radius;      ///< rounding radius added to the core (circle and capsule radius)
	npVec2 halfExtents; ///< box half extents (zero for other shapes)
	npVec2 centroid;    ///< centroid of the core in local space
	npVec2 vertices[NP_MAX_POLYGON_VERTICES]; ///< core vertices, counter-clockwise, local space
	npVec2 normals[NP_MAX_POLYGON_VERTICES];  ///< outward unit normal of edge i -> i+1
} npShape2;

/// Rotation for an angle in radians. Uses the library's own deterministic sine and cosine, so the
/// result is bit-identical on every platform (accurate to about 1 ulp for |angle| < 1e6).
npRot2 npMakeRot2(double angle);

/// Transform from a position and an angle in radians.
npTransform2 npMakeTransform2(double x, double y, double angle);

/// Checks that a transform is finite and its rotation is unit length to 1e-6.
npResult npValidateTransform2(npTransform2 xf);

/// A circle of the given radius centred at the local origin.
npResult npMakeCircle(double radius, npShape2* out);

/// A capsule along the local x axis: segment (-halfLength, 0)..(halfLength, 0) plus radius.
npResult npMakeCapsule2(double halfLength, double radius, npShape2* out);

/// A box centred at the local origin with the given half extents.
npResult npMakeBox2(double halfWidth, double halfHeight, npShape2* out);

/// The convex hull of `count` points (any order; duplicates and collinear points are dropped),
/// optionally rounded by `radius` >= 0. Fails with NP_ERR_DEGENERATE when fewer than 3
/// non-collinear points remain and NP_ERR_TOO_MANY_POINTS when the hull has more than
/// NP_MAX_POLYGON_VERTICES vertices or more than NP_MAX_POLYGON_INPUT points are given.
npResult npMakePolygon2(const npVec2* points, int count, double radius, npShape2* out);

/// Support point of a shape's core in a local direction (no radius).
npVec2 npSupport2(const npShape2* shape, npVec2 direction);

/// Vertices of the Minkowski difference A - B of the two cores in world space, counter-clockwise
/// (the true difference is this polygon inflated by radiusA + radiusB). Writes at most `capacity`
/// points and returns how many it wrote, or -1 when `capacity` is too small.
int npMinkowskiDifference2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
						   npTransform2 xfB, npVec2* out, int capacity);

/// True when the shapes overlap or touch (GJK).
bool npOverlap2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB);

/// Result of npDistance2.
typedef struct npDistanceResult2
{
	double distance; ///< distance between the shapes, 0 when they overlap
	npVec2 pointA;   ///< closest point on A (when overlapping: a point inside both, equal to pointB)
	npVec2 pointB;   ///< closest point on B
	npVec2 normal;   ///< unit vector from pointA to pointB; (0, 0) when overlapping
	int iterations;  ///< GJK iterations used
} npDistanceResult2;

/// Distance and closest points by GJK.
npDistanceResult2 npDistance2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
							  npTransform2 xfB);

/// Why EPA stopped (or the state of a traced step).
typedef enum npEpaStop2
{
	NP_EPA_CONTINUE = 0,       ///< the step inserted a support point and EPA went on
	NP_EPA_CONVERGED = 1,      ///< the support point did not pass the closest edge: it is on the boundary
	NP_EPA_MAX_ITERATIONS = 2, ///< the iteration bound was reached (never seen on valid input)
	NP_EPA_CORES_SEPARATED = 3,///< the cores do not overlap; only the rounding overlaps (closed form)
	NP_EPA_POINT = 4,          ///< both cores are points at the same place; the normal is a fixed choice
} npEpaStop2;

/// One EPA step, recorded for teaching and debugging: every step picks the closest edge and asks
/// for a support point; all steps but the last then expand the polytope (a run with `iterations`
/// expansions has iterations + 1 steps, the last one being the check that stops). Polytope
/// points are in A - B space, world orientation.
typedef struct npEpaStep2
{
	int vertexCount;   ///< vertices of the polytope at the start of this iteration
	npVec2 vertices[NP_EPA2_MAX_VERTICES]; ///< polytope, counter-clockwise (2 points = edge pair ab, ba)
	int closestEdge;   ///< index i of the edge vertices[i] -> vertices[(i + 1) % vertexCount]
	npVec2 edgeNormal; ///< outward unit normal of the closest edge
	double edgeDistance;   ///< signed distance of the closest edge from the origin
	npVec2 support;        ///< support point of A - B along edgeNormal
	double supportDistance;///< dot(support, edgeNormal)
	npEpaStop2 stop;       ///< NP_EPA_CONTINUE, or why EPA stopped at this step
	int vertexIndexA[NP_EPA2_MAX_VERTICES]; ///< core vertex of A behind each polytope vertex
	int vertexIndexB[NP_EPA2_MAX_VERTICES]; ///< core vertex of B behind each polytope vertex
	npVec2 supportA;       ///< A's core vertex that made `support` (world)
	npVec2 supportB;       ///< B's core vertex that made `support` (world); support = supportA - supportB
	int supportIndexA;     ///< index of supportA among A's core vertices
	int supportIndexB;     ///< index of supportB among B's core vertices
} npEpaStep2;

/// Optional record of an EPA run. The caller provides the step storage.
typedef struct npEpaTrace2
{
	int simplexCount;     ///< points in GJK's final simplex (1..3)
	npVec2 simplex[3];    ///< GJK's final simplex in A - B space
	bool startedFromEdge; ///< EPA started from the single edge pair ab/ba (origin on or near an edge)
	int stepCount;        ///< steps written
	int stepCapacity;     ///< size of `steps`
	npEpaStep2* steps;    ///< caller-provided array of stepCapacity steps
	bool truncated;       ///< more steps happened than stepCapacity allowed (the result is still exact)
	struct npGjkTrace2* gjk; ///< optional: also record the GJK run that seeds EPA (trace2d.h); may be NULL
} npEpaTrace2;

/// Result of npPenetration2.
typedef struct npPenetration2
{
	bool overlapping; ///< false when the shapes are apart; then the other fields are zero
	double depth;     ///< penetration depth (>= 0)
	npVec2 normal;    ///< unit direction from A to B; moving B by depth * normal separates them
	npVec2 pointA;    ///< deepest point of A inside B (on A's surface)
	npVec2 pointB;    ///< deepest point of B inside A (on B's surface)
	int iterations;   ///< EPA expansions (support points inserted); the trace has one step more
	npEpaStop2 stop;  ///< why EPA stopped
} npPenetrationResult2;

/// Penetration depth, normal and witness points by GJK + 2D EPA. `trace` may be NULL.
npPenetrationResult2 npPenetration2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
							  npTransform2 xfB, npEpaTrace2* trace);

/// One contact point of a 2D manifold.
typedef struct npManifoldPoint2
{
	npVec2 pointA; ///< contact point on A's surface, world space
	npVec2 pointB; ///< contact point on B's surface, world space
	double depth;  ///< dot(pointA - pointB, normal); negative for speculative points
	uint32_t id;   ///< feature id: stays the same while the same features touch
} npManifoldPoint2;

/// A 2D contact manifold. pointCount == 0 means no contact.
typedef struct npManifold2
{
	npVec2 normal;   ///< unit normal from A to B
	int pointCount;  ///< 0, 1 or 2
	npManifoldPoint2 points[NP_MAX_MANIFOLD_POINTS2]; ///< the contact points
} npManifold2;

/// Contact manifold for any pair of 2D shapes. Points separated by less than `margin` are kept
/// with negative depth (speculative contacts).
npManifold2 npCollide2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
					   npTransform2 xfB, double margin);

/// Pair routines behind npCollide2, for callers who know their shape types.
npManifold2 npCollideCircles(const npShape2* circleA, npTransform2 xfA, const npShape2* circleB,
							 npTransform2 xfB, double margin);
npManifold2 npCollideCapsuleAndCircle(const npShape2* capsuleA, npTransform2 xfA,
									  const npShape2* circleB, npTransform2 xfB, double margin);
npManifold2 npCollideCapsules(const npShape2* capsuleA, npTransform2 xfA, const npShape2* capsuleB,
							  npTransform2 xfB, double margin);
npManifold2 npCollidePolygonAndCircle(const npShape2* polygonA, npTransform2 xfA,
									  const npShape2* circleB, npTransform2 xfB, double margin);
npManifold2 npCollidePolygons(const npShape2* polygonA, npTransform2 xfA, const npShape2* polygonB,
							  npTransform2 xfB, double margin);

#ifdef __cplusplus
}
#endif

#endif
