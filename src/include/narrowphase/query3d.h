// narrowphase: queries on a single 3D shape: ray casts, point containment, closest points, bounds.
//
// Conventions (as everywhere in the library): transforms map a shape's local frame to world space;
// results are in world space; normals are unit length.
#ifndef NARROWPHASE_QUERY3D_H
#define NARROWPHASE_QUERY3D_H

#include "collide3d.h"
#include "mesh3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A ray, or a segment: the points origin + t * direction for t in [0, maxFraction].
typedef struct npRayInput3
{
	npVec3 origin;      ///< start of the ray, world space
	npVec3 direction;   ///< direction, any non-zero length: t counts multiples of it
	double maxFraction; ///< largest t considered (>= 0; 1 makes the ray the segment origin..origin + direction)
	bool solid;         ///< true: an origin inside or on the shape hits at t = 0; false: report where the ray leaves
} npRayInput3;

/// The common ray: maxFraction 1, solid.
npRayInput3 npMakeRayInput3(npVec3 origin, npVec3 direction);

/// Where a ray first meets a shape.
typedef struct npRayHit3
{
	bool hit;        ///< false when the ray misses for every t in [0, maxFraction]; then the rest is zero
	double fraction; ///< the smallest t at which the ray meets the surface (or is inside, when solid)
	npVec3 point;    ///< origin + fraction * direction, on the surface
	npVec3 normal;   ///< unit surface normal at point, facing the ray (dot(normal, direction) <= 0); zero for an origin inside a solid shape
	bool frontFace;  ///< true when the ray meets the surface from outside; false for an origin inside or an exit
} npRayHit3;

/// Casts a ray against a shape. At an edge or corner of a box or hull the normal is that of the
/// face whose plane the ray crosses last (the lowest-numbered face on exact ties); a triangle is
/// two-sided and hit from either side (frontFace true), and a ray running in its plane meets it on
/// an edge, with the edge's outward normal in that plane. Spheres and capsules are hit exactly on
/// their rounding. Errors: NP_ERR_INVALID_ARGUMENT for a null pointer, a zero direction or a
/// negative maxFraction; NP_ERR_NON_FINITE for a NaN, infinite or huge number;
/// NP_ERR_INVALID_TRANSFORM for a rotation that is not of unit length. On error *hit is cleared.
npResult npRayCast3(const npShape3* shape, npTransform3 transform, const npRayInput3* ray, npRayHit3* hit);

/// Many rays with the same options, for npRayCastMany3.
typedef struct npRayBatch3
{
	const npVec3* origins;    ///< `count` ray origins, world space
	const npVec3* directions; ///< `count` ray directions, any non-zero length
	int count;                ///< number of rays (0 is allowed)
	double maxFraction;       ///< largest t for every ray (>= 0)
	bool solid;               ///< as npRayInput3.solid, for every ray
} npRayBatch3;

/// Casts every ray of a batch against one shape: hits[i] is bit for bit what npRayCast3 gives for
/// ray i, but the shape and transform are checked and prepared once (also for zero rays). Errors:
/// those of npRayCast3, and NP_ERR_INVALID_ARGUMENT for a null batch, a negative count or null
/// arrays; when ray i is rejected, *failedRay (if not null) is i, hits[0..i] are written (hits[i]
/// cleared) and the rest untouched; otherwise *failedRay is -1.
npResult npRayCastMany3(const npShape3* shape, npTransform3 transform, const npRayBatch3* batch, npRayHit3* hits,
						int* failedRay);

/// Whether p is inside the shape or on its boundary (for a triangle: on the triangle).
npResult npContainsPoint3(const npShape3* shape, npTransform3 transform, npVec3 p, bool* inside);

/// The point of a shape's surface nearest to a point.
typedef struct npPointProjection3
{
	npVec3 point;    ///< nearest point on the surface, world space
	double distance; ///< signed distance from the surface to the query point: negative inside
	npVec3 normal;   ///< unit outward surface normal at point
} npPointProjection3;

/// Projects p onto the shape's surface. A point inside a box or hull goes to the nearest face (the
/// lowest-numbered one on ties); a point on a sphere's centre or a capsule's core segment gets the
/// local +x direction (any direction is right there); a point on a triangle gets its front normal.
npResult npClosestPoint3(const npShape3* shape, npTransform3 transform, npVec3 p, npPointProjection3* out);

/// An axis-aligned box.
typedef struct npBounds3
{
	npVec3 lower; ///< lower corner
	npVec3 upper; ///< upper corner
} npBounds3;

/// The tightest axis-aligned box around the shape in world space (exact for rounded shapes and
/// rotated hulls).
npResult npShapeBounds3(const npShape3* shape, npTransform3 transform, npBounds3* out);

/// Where a ray first meets a set of triangle meshes.
typedef struct npMeshRayHit3
{
	bool hit;        ///< false when the ray misses every mesh for t in [0, maxFraction]; then the rest is zero
	double fraction; ///< the smallest t at which the ray meets a triangle it can hit
	npVec3 point;    ///< origin + fraction * direction
	npVec3 normal;   ///< unit normal of the triangle, facing the ray (dot(normal, direction) <= 0)
	bool frontFace;  ///< true when the triangle was hit on its front (counter-clockwise) side
	int mesh;        ///< index of the mesh in the instance array
	int triangle;    ///< index of the triangle in that mesh's input
} npMeshRayHit3;

/// Casts a ray against triangle meshes. Meshes are one-sided: a triangle is hit from its front
/// (counter-clockwise) side only, unless `backfaces`; the ray passes through back faces to what
/// lies behind. Triangles are tested watertight (Woop, Benthin and Wald 2013): a ray through a
/// shared edge or vertex hits one of its triangles, never none. A ray lying in a triangle's plane
/// does not hit it (its neighbours, or nothing, are hit): a ray within 1e-8 rad of the plane counts
/// as lying in it (nearer, the crossing is ill-posed), and so does one whose view of the triangle
/// has no area the double range resolves (below 2.2e-308 in the ray's frame). `ray->solid` is ignored: meshes have no
/// inside. On exact ties the lower mesh index, then the lower stored triangle, wins. Errors as
/// npRayCast3, and NP_ERR_INVALID_ARGUMENT for a negative count or a null mesh.
npResult npRayCastMeshes3(const npMeshInstance3* meshes, int meshCount, const npRayInput3* ray, bool backfaces,
						  npMeshRayHit3* hit);

/// The point of a set of meshes nearest to a point.
typedef struct npMeshPointProjection3
{
	bool found;              ///< false when no triangle is within maxDistance; then the rest is zero
	npVec3 point;            ///< nearest point on the meshes, world space
	double distance;         ///< distance from the query point to `point` (meshes are surfaces: never negative)
	npVec3 normal;           ///< unit front normal of the nearest triangle, world space
	int mesh;                ///< index of the mesh in the instance array
	int triangle;            ///< index of the triangle in that mesh's input
	npMeshFeature3 feature;  ///< the triangle's feature `point` lies on
	int featureIndex;        ///< which edge (vertex k to k + 1) or vertex (k); 0 for the face
} npMeshPointProjection3;

/// The nearest point of the meshes to p within maxDistance (INFINITY: no limit). On exact ties the
/// lower mesh index, then the lower stored triangle, wins. Errors: NP_ERR_INVALID_ARGUMENT for a
/// null pointer, a negative count or a negative maxDistance; NP_ERR_NON_FINITE for a NaN or huge
/// point; NP_ERR_INVALID_TRANSFORM for a rotation not of unit length.
npResult npClosestPointMeshes3(const npMeshInstance3* meshes, int meshCount, npVec3 p, double maxDistance,
							   npMeshPointProjection3* out);

/// The axis-aligned box around a mesh's vertices moved by `transform` (tight: every vertex is moved).
npResult npMeshBounds3(const npMesh3* mesh, npTransform3 transform, npBounds3* out);

/// The input indices of the triangles whose world-space bounds (of their vertices moved by
/// `transform`) overlap the box [lower, upper] (touching counts), ascending, through the BVH. Writes
/// *count; when it is above `capacity` returns NP_ERR_CAPACITY and `out` holds an unsorted part:
/// call again with room for *count.
npResult npQueryMeshTriangles3(const npMesh3* mesh, npTransform3 transform, npVec3 lower, npVec3 upper, int32_t* out,
							   int capacity, int* count);

#ifdef __cplusplus
}
#endif

#endif
