// narrowphase 3D: spheres, capsules, boxes, convex hulls and triangles.
//
// Sphere and capsule are a point / a segment inflated by a radius; GJK and EPA run on the cores
// and add the radius exactly afterwards (as in 2D). Boxes, hulls and triangles are sharp.
// Hull data (vertices, half-edges, face planes) is built once, by npMakeHull3, into an npHull3
// the caller owns; shapes refer to it by pointer, so an npShape3 stays small.
#ifndef NARROWPHASE_COLLIDE3D_H
#define NARROWPHASE_COLLIDE3D_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most points given to npMakeHull3.
#define NP_MAX_HULL_INPUT 4096
/// Most vertices of a hull (flat hulls included).
#define NP_MAX_HULL_VERTICES 256
/// Most faces of a hull (Euler: F <= 2V - 4; a flat hull has 2 faces).
#define NP_MAX_HULL_FACES (2 * NP_MAX_HULL_VERTICES)
/// Most half-edges of a hull (E <= 3V - 6 edges, two halves each).
#define NP_MAX_HULL_HALF_EDGES (6 * NP_MAX_HULL_VERTICES)
/// Support cells of a hull: directions are binned by the face of a cube they pass through, each
/// cube face split into NP_HULL_CELL_RES x NP_HULL_CELL_RES cells (see npHull3's cell fields).
#define NP_HULL_CELL_RES 8
/// Number of support cells of a hull (6 cube faces).
#define NP_HULL_CELLS (6 * NP_HULL_CELL_RES * NP_HULL_CELL_RES)
/// Room for the candidate lists of all cells of one hull: the first four of every cell are kept in
/// the cell itself (npHullCell3), the rest in npHull3's cellMore.
#define NP_HULL_CELL_CAPACITY 4096
/// Most contact points in a 3D manifold.
#define NP_MAX_MANIFOLD_POINTS3 4
/// Reference-face preference: B's face (or an edge axis) is chosen over A's face only when its
/// separation is larger by more than this (absolute, length units). Documented, at most 1e-3.
#define NP_FACE_PREFERENCE3 5.0e-4

/// A 3D vector.
typedef struct npVec3
{
	double x; ///< x coordinate
	double y; ///< y coordinate
	double z; ///< z coordinate
} npVec3;

/// A unit quaternion (x, y, z, w), w the scalar part.
typedef struct npQuat
{
	double x; ///< vector part x
	double y; ///< vector part y
	double z; ///< vector part z
	double w; ///< scalar part
} npQuat;

/// A rigid transform: rotate by q, then translate by p.
typedef struct npTransform3
{
	npVec3 p; ///< translation
	npQuat q; ///< rotation (unit quaternion)
} npTransform3;

/// Builds a transform from a position and a quaternion; a slightly non-unit quaternion is
/// normalised; a zero or non-finite one is NP_ERR_INVALID_TRANSFORM / NP_ERR_NON_FINITE.
npResult npMakeTransform3(npVec3 position, npQuat rotation, npTransform3* out);

/// One half-edge of a hull: the edge from vertex `origin` to the origin of `next`, bounding `face`.
typedef struct npHalfEdge3
{
	uint16_t origin; ///< index of the vertex this half-edge starts at
	uint16_t twin;   ///< index of the opposite half-edge (on the neighbouring face)
	uint16_t next;   ///< index of the next half-edge around the same face (counter-clockwise)
	uint16_t face;   ///< index of the face to the left of this half-edge
} npHalfEdge3;

/// A plane n . x = d with unit normal n.
typedef struct npPlane3
{
	npVec3 normal; ///< unit outward normal
	double offset; ///< signed distance of the plane from the local origin
} npPlane3;

/// One support cell of a hull (see npHull3's cells): the vertices that can be the support point of
/// a direction through the cell, in increasing order. The first four are kept here, so that the
/// usual query (lists of one to four) reads one 8-byte record.
typedef struct npHullCell3
{
	uint8_t first[4]; ///< the first four candidates; a shorter list repeats its last one
	uint16_t more;    ///< where candidates 5, 6, ... of a longer list start in npHull3's cellMore
	uint16_t count;   ///< number of candidates (0: the cell leaves its directions to a full scan)
} npHullCell3;

/// Convex hull data: vertices, polygonal faces (coplanar triangles merged) and half-edge
/// adjacency, in the shape's local frame. A flat (coplanar) point set gives a two-sided polygon:
/// two faces with opposite normals sharing the same boundary.
typedef struct npHull3
{
	int vertexCount;   ///< number of vertices
	int faceCount;     ///< number of faces
	int halfEdgeCount; ///< number of half-edges (twice the number of edges)
	bool flat;         ///< true when all points are coplanar (two-sided polygon)
	bool rayWalk;      ///< rays may be decided by a walk over a few faces (the planes meet at every face's corners)
	bool rayByVertices; ///< rays are cast on the vertices: planes that do not meet at the corners, or a flat needle
	bool loosePlanes;  ///< a solid whose face planes do not all meet at their corners (a face quickhull left folded): its Gauss map is not trusted
	npVec3 centroid;   ///< centroid of the vertices' volume (or area, when flat)
	double maxCoordinate; ///< largest |coordinate| of any vertex (the shape casts' scale, kept from creation)
	double reach;         ///< a radius about the local origin holding every vertex (rays that stay farther skip the faces)
	double centroidReach; ///< the largest distance of a vertex from the centroid (where ray walks start)
	double innerRadius;   ///< a ball of this radius about the centroid lies inside the hull (0 for flat and loose-plane hulls); bounds face queries
	npVec3 vertices[NP_MAX_HULL_VERTICES];        ///< vertex positions, local space
	npHalfEdge3 halfEdges[NP_MAX_HULL_HALF_EDGES]; ///< half-edges; 2k and 2k+1 are twins
	uint16_t faceEdge[NP_MAX_HULL_FACES];         ///< one half-edge of each face
	npPlane3 planes[NP_MAX_HULL_FACES];           ///< plane of each face
	uint16_t vertexEdge[NP_MAX_HULL_VERTICES];    ///< one half-edge leaving each vertex
	npHullCell3 cells[NP_HULL_CELLS];             ///< support cells, by cube face, row and column
	uint8_t cellMore[NP_HULL_CELL_CAPACITY - 4 * NP_HULL_CELLS]; ///< cells' candidates past the first four
	uint16_t rayStart[NP_HULL_CELLS];             ///< by support cell: the face a ray walk starts from (not flat)
	uint8_t wellCut[NP_MAX_HULL_FACES / 8];       ///< bit per face: its neighbours cut its plane at an angle (ray walks)
} npHull3;

/// The kinds of 3D shape.
typedef enum npShapeType3
{
	NP_SHAPE_SPHERE = 0,    ///< a ball centred at the local origin
	NP_SHAPE_CAPSULE3 = 1,  ///< segment (0, -halfHeight, 0)..(0, halfHeight, 0) plus radius
	NP_SHAPE_BOX3 = 2,      ///< a box centred at the local origin with half extents
	NP_SHAPE_HULL3 = 3,     ///< a convex hull (npHull3)
	NP_SHAPE_TRIANGLE3 = 4, ///< a single two-sided triangle
} npShapeType3;

/// A 3D convex shape. Build it with an npMake* function; treat it as read-only.
typedef struct npShape3
{
	npShapeType3 type;  ///< which kind of shape this is
	double radius;      ///< sphere / capsule radius (0 for sharp shapes)
	double halfHeight;  ///< capsule half height of its core segment along local y
	npVec3 halfExtents; ///< box half extents
	npVec3 triangle[3]; ///< triangle vertices, local space
	const npHull3* hull;///< hull data (hull shapes); boxes and triangles use their own fields
} npShape3;

/// A sphere of the given radius.
npResult npMakeSphere(double radius, npShape3* out);
/// A capsule along local y: segment of half height `halfHeight` plus `radius`.
npResult npMakeCapsule3(double halfHeight, double radius, npShape3* out);
/// A box with the given half extents.
npResult npMakeBox3(npVec3 halfExtents, npShape3* out);
/// A triangle; fails with NP_ERR_DEGENERATE when its area is (nearly) zero.
npResult npMakeTriangle3(npVec3 a, npVec3 b, npVec3 c, npShape3* out);
/// Builds the convex hull of `count` points into `hull` (quickhull; near-duplicate points welded,
/// coplanar triangles merged into polygonal faces). NP_ERR_DEGENERATE for fewer than 3
/// non-collinear points; NP_ERR_TOO_MANY_POINTS past NP_MAX_HULL_INPUT or NP_MAX_HULL_VERTICES.
npResult npMakeHull3(const npVec3* points, int count, npHull3* hull);
/// A hull shape referring to `hull`, which must outlive the shape.
npResult npMakeHullShape3(const npHull3* hull, npShape3* out);


// ------------------------------------------------------------------------------------------------
// Queries: support points, GJK overlap and distance, EPA penetration (src/shape3d.c, src/gjk3d.c,
// src/overlap3d.c, src/epa3d.c).

/// Most EPA iterations (each adds one vertex to the polytope); never reached on valid input.
#define NP_EPA3_ITERATION_LIMIT 96
/// Most vertices of the 3D EPA polytope (the initial tetrahedron plus one per iteration).
#define NP_EPA3_MAX_VERTICES (NP_EPA3_ITERATION_LIMIT + 4)
/// Most triangles of the 3D EPA polytope (a closed triangulated polytope has 2V - 4 triangles).
#define NP_EPA3_MAX_FACES (2 * NP_EPA3_MAX_VERTICES)

/// Support point of a shape's core (no radius) in a local direction: the core vertex with the
/// largest dot product (ties go to the lowest index, so results are deterministic).
npVec3 npSupport3(const npShape3* shape, npVec3 direction);

/// True when the shapes overlap or touch (GJK).
bool npOverlap3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB, npTransform3 xfB);

/// Result of npDistance3.
typedef struct npDistanceResult3
{
	double distance; ///< distance between the shapes, 0 when they overlap
	npVec3 pointA;   ///< closest point on A (when overlapping: a point inside both, equal to pointB)
	npVec3 pointB;   ///< closest point on B
	npVec3 normal;   ///< unit vector from pointA to pointB; (0, 0, 0) when overlapping
	int iterations;  ///< GJK iterations used
} npDistanceResult3;

/// Distance and closest points by GJK (exact for the polyhedral cores, radii added after).
npDistanceResult3 npDistance3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
							  npTransform3 xfB);

/// Why 3D EPA stopped.
typedef enum npEpaStop3
{
	NP_EPA3_CONVERGED = 1,      ///< the support point along the closest face did not pass it
	NP_EPA3_MAX_ITERATIONS = 2, ///< the iteration or polytope bound was reached
	NP_EPA3_CORES_SEPARATED = 3,///< the cores do not overlap; only the rounding overlaps
	NP_EPA3_FLAT = 4,           ///< the Minkowski difference of the cores is flat (coplanar
								///< triangles / flat hulls, crossing segments): core depth 0
	NP_EPA3_NO_PROGRESS = 5,    ///< no face got closer by the threshold (degenerate ties)
} npEpaStop3;

/// Result of npPenetration3.
typedef struct npPenetrationResult3
{
	bool overlapping;  ///< false when the shapes are apart; then the other fields are zero
	double depth;      ///< penetration depth (>= 0)
	npVec3 normal;     ///< unit direction from A to B; moving B by depth * normal separates them
	npVec3 pointA;     ///< deepest point of A inside B (on A's surface), world space
	npVec3 pointB;     ///< deepest point of B inside A (on B's surface), world space
	npVec3 localA;     ///< pointA in A's local frame
	npVec3 localB;     ///< pointB in B's local frame
	npVec3 tangent1;   ///< unit tangent, perpendicular to normal (npMakeTangents3)
	npVec3 tangent2;   ///< unit tangent, normal x tangent1
	int iterations;    ///< EPA iterations
	npEpaStop3 stop;   ///< why EPA stopped (0 when not overlapping)
} npPenetrationResult3;

/// Penetration depth, normal and witness points: GJK, then 3D EPA on the cores, then (for
/// polyhedral cores) an exact separating-axis polish of the EPA normal. Radii are added exactly.
npPenetrationResult3 npPenetration3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
									npTransform3 xfB);

/// Two unit tangents completing a unit normal to a right-handed basis (t1, t2, n) by Erin Catto's
/// branch on |n.x| (no transcendentals): t1 = normalize(n.y, -n.x, 0) when |n.x| >= 0.57735,
/// else normalize(0, n.z, -n.y); t2 = n x t1.
void npMakeTangents3(npVec3 normal, npVec3* tangent1, npVec3* tangent2);

#ifdef __cplusplus
}
#endif

#endif
