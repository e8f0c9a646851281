// Rays against 3D shapes in their local frame (private header): the ray as query3d.c hands it to
// the per-shape routines, the hit they write, and the hull routine (hullray3d.c), which lives in its
// own file beside query3d.c's boxes, polygons and rounded shapes.
#ifndef NP_RAY3D_PRIVATE_H
#define NP_RAY3D_PRIVATE_H

#include "rayclip.h"
#include "vec3.h"
#include "narrowphase/query3d.h"

/// A ray in a shape's frame (npRayInput3 moved there).
typedef struct npLocalRay3
{
	npVec3 origin;
	npVec3 direction;
	double maxFraction;
	bool solid;
} npLocalRay3;

static inline void finishHit(const npLocalRay3* ray, double t, npVec3 normal, bool front, npRayHit3* hit)
{
	hit->hit = true;
	hit->fraction = t;
	hit->point = v3MulAdd(ray->origin, t, ray->direction);
	hit->normal = normal;
	hit->frontFace = front;
}

/// The hit a finished clip describes; enterNormal and leaveNormal are the outward normals of the
/// half-spaces clip->enter and clip->leave (read only when those are >= 0).
/// An origin outside some half-space with no entering one (enter < 0) on a non-empty clip is outside
/// only by less than a quotient can show: every such half-space was entered at a t that rounded to 0
/// (an origin a subnormal outside a face, found by fuzz_rays3d: the ray into the shape was lost). It
/// is on the boundary, and counts as inside (rayclip.h's npClipOnBoundary).
static inline void finishClip(const npRayClip* clip, const npLocalRay3* ray, npVec3 enterNormal, npVec3 leaveNormal,
					   npRayHit3* hit)
{
	bool inside = npClipOnBoundary(clip->inside, clip->enter);
	if (inside && ray->solid)
		finishHit(ray, 0.0, v3(0.0, 0.0, 0.0), false, hit);
	else if (inside && clip->leave >= 0)
		finishHit(ray, clip->upper, v3Neg(leaveNormal), false, hit);
	else if (!inside && clip->enter >= 0)
		finishHit(ray, clip->lower, enterNormal, true, hit);
}


/// A ray against a solid hull (not flat) in its frame: the face walk, else the clip by every face
/// (hullray3d.c). *hit is cleared by the caller.
void npRayHullLocal3(const npHull3* hull, const npLocalRay3* ray, npRayHit3* hit);

#endif
