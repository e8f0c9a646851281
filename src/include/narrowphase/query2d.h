// narrowphase: queries on a single 2D shape: ray casts, point containment, closest points, bounds.
//
// Conventions (as everywhere in the library): transforms map a shape's local frame to world space;
// results are in world space; normals are unit length.
#ifndef NARROWPHASE_QUERY2D_H
#define NARROWPHASE_QUERY2D_H

#include "collide2d.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A ray, or a segment: the points origin + t * direction for t in [0, maxFraction].
typedef struct npRayInput2
{
	npVec2 origin;      ///< start of the ray, world space
	npVec2 direction;   ///< direction, any non-zero length: t counts multiples of it
	double maxFraction; ///< largest t considered (>= 0; 1 makes the ray the segment origin..origin + direction)
	bool solid;         ///< true: an origin inside or on the shape hits at t = 0; false: report where the ray leaves
} npRayInput2;

/// The common ray: maxFraction 1, solid.
npRayInput2 npMakeRayInput2(npVec2 origin, npVec2 direction);

/// Where a ray first meets a shape.
typedef struct npRayHit2
{
	bool hit;        ///< false when the ray misses for every t in [0, maxFraction]; then the rest is zero
	double fraction; ///< the smallest t at which the ray meets the surface (or is inside, when solid)
	npVec2 point;    ///< origin + fraction * direction, on the surface
	npVec2 normal;   ///< unit surface normal at point, facing the ray (dot(normal, direction) <= 0); zero for an origin inside a solid shape
	bool frontFace;  ///< true when the ray meets the surface from outside; false for an origin inside or an exit
} npRayHit2;

/// Casts a ray against a shape. At a corner of a sharp polygon the normal is that of the edge whose
/// side the ray crosses last (the lower-numbered edge when the ray passes exactly through the
/// corner); rounded shapes are hit on their exact rounding. Errors: NP_ERR_INVALID_ARGUMENT for a
/// null pointer, a zero direction or a negative maxFraction; NP_ERR_NON_FINITE for a NaN, infinite
/// or huge number; NP_ERR_INVALID_TRANSFORM for a bad rotation. On error *hit is cleared.
npResult npRayCast2(const npShape2* shape, npTransform2 transform, const npRayInput2* ray, npRayHit2* hit);

/// Many rays with the same options, for npRayCastMany2.
typedef struct npRayBatch2
{
	const npVec2* origins;    ///< `count` ray origins, world space
	const npVec2* directions; ///< `count` ray directions, any non-zero length
	int count;                ///< number of rays (0 is allowed)
	double maxFraction;       ///< largest t for every ray (>= 0)
	bool solid;               ///< as npRayInput2.solid, for every ray
} npRayBatch2;

/// Casts every ray of a batch against one shape: hits[i] is bit for bit what npRayCast2 gives for
/// ray i, but the shape and transform are checked once (also for zero rays). Errors: those of
/// npRayCast2, and NP_ERR_INVALID_ARGUMENT for a null batch, a negative count or null arrays; when
/// ray i is rejected, *failedRay (if not null) is i, hits[0..i] are written (hits[i] cleared) and
/// the rest untouched; otherwise *failedRay is -1.
npResult npRayCastMany2(const npShape2* shape, npTransform2 transform, const npRayBatch2* batch, npRayHit2* hits,
						int* failedRay);

/// Whether p is inside the shape or on its boundary.
npResult npContainsPoint2(const npShape2* shape, npTransform2 transform, npVec2 p, bool* inside);

/// The point of a shape's surface nearest to a point.
typedef struct npPointProjection2
{
	npVec2 point;    ///< nearest point on the surface, world space
	double distance; ///< signed distance from the surface to the query point: negative inside
	npVec2 normal;   ///< unit outward surface normal at point
} npPointProjection2;

/// Projects p onto the shape's surface. For a point exactly on a sharp corner, or inside a sharp
/// polygon equally near two edges, the normal is the lower-numbered edge's.
npResult npClosestPoint2(const npShape2* shape, npTransform2 transform, npVec2 p, npPointProjection2* out);

/// An axis-aligned box.
typedef struct npBounds2
{
	npVec2 lower; ///< lower corner
	npVec2 upper; ///< upper corner
} npBounds2;

/// The tightest axis-aligned box around the shape in world space (exact for rounded shapes).
npResult npShapeBounds2(const npShape2* shape, npTransform2 transform, npBounds2* out);

#ifdef __cplusplus
}
#endif

#endif
