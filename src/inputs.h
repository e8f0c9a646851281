// Input checks shared by the entry points (private header): the numbers the library accepts and
// what makes a 3D transform usable. One copy, so every query rejects the same inputs with the
// same codes.
#ifndef NP_INPUTS_H
#define NP_INPUTS_H

#include "narrowphase/collide2d.h"
#include "narrowphase/collide3d.h"

#include <stddef.h>

/// x is finite and within ±NP_HUGE (so products of such numbers cannot overflow); false for NaN,
/// whose comparisons are all false.
static inline bool npIsUsable(double x) { return x >= -NP_HUGE && x <= NP_HUGE; }

static inline bool npIsUsableVec2(npVec2 v) { return npIsUsable(v.x) && npIsUsable(v.y); }

static inline bool npIsUsableVec3(npVec3 v) { return npIsUsable(v.x) && npIsUsable(v.y) && npIsUsable(v.z); }

/// NP_OK for a 3D ray the ray casts accept: NP_ERR_NON_FINITE for an unusable number, then
/// NP_ERR_INVALID_ARGUMENT for a zero direction or a negative maxFraction.
static inline npResult npCheckRay3(npVec3 origin, npVec3 direction, double maxFraction)
{
	if (!npIsUsableVec3(origin) || !npIsUsableVec3(direction) || !npIsUsable(maxFraction))
		return NP_ERR_NON_FINITE;
	if ((direction.x == 0.0 && direction.y == 0.0 && direction.z == 0.0) || maxFraction < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	return NP_OK;
}

/// The per-ray part of npCheckRay3 for the rays of a batch, without a branch per number: true
/// when the origin and direction are usable and the direction is not zero (call npCheckRay3 for
/// the code when not). |x| <= NP_HUGE is npIsUsable (false for NaN).
static inline bool npRayPasses3(npVec3 o, npVec3 d)
{
	bool usable = (__builtin_fabs(o.x) <= NP_HUGE) & (__builtin_fabs(o.y) <= NP_HUGE) &
				  (__builtin_fabs(o.z) <= NP_HUGE) & (__builtin_fabs(d.x) <= NP_HUGE) &
				  (__builtin_fabs(d.y) <= NP_HUGE) & (__builtin_fabs(d.z) <= NP_HUGE);
	return usable & ((d.x != 0.0) | (d.y != 0.0) | (d.z != 0.0));
}

/// npRayPasses3 in 2D.
static inline bool npRayPasses2(npVec2 o, npVec2 d)
{
	bool usable = (__builtin_fabs(o.x) <= NP_HUGE) & (__builtin_fabs(o.y) <= NP_HUGE) &
				  (__builtin_fabs(d.x) <= NP_HUGE) & (__builtin_fabs(d.y) <= NP_HUGE);
	return usable & ((d.x != 0.0) | (d.y != 0.0));
}

/// NP_OK for a 2D shape that looks like one the constructors made (known type, vertex count in
/// range, usable radius); NP_ERR_INVALID_ARGUMENT otherwise, or for NULL.
static inline npResult npCheckShape2(const npShape2* shape)
{
	if (shape == NULL || (unsigned)shape->type > (unsigned)NP_SHAPE_POLYGON2)
		return NP_ERR_INVALID_ARGUMENT;
	if (shape->count < 1 || shape->count > NP_MAX_POLYGON_VERTICES || !(shape->radius >= 0.0) ||
		!npIsUsable(shape->radius))
		return NP_ERR_INVALID_ARGUMENT;
	return NP_OK;
}

/// NP_OK for a transform whose numbers are usable and whose rotation has unit length to 1e-6;
/// NP_ERR_NON_FINITE or NP_ERR_INVALID_TRANSFORM otherwise.
static inline npResult npCheckTransform3(npTransform3 t)
{
	if (!npIsUsableVec3(t.p) || !npIsUsable(t.q.x) || !npIsUsable(t.q.y) || !npIsUsable(t.q.z) || !npIsUsable(t.q.w))
		return NP_ERR_NON_FINITE;
	double n = t.q.x * t.q.x + t.q.y * t.q.y + t.q.z * t.q.z + t.q.w * t.q.w;
	if (!(n - 1.0 <= 1e-6 && 1.0 - n <= 1e-6))
		return NP_ERR_INVALID_TRANSFORM;
	return NP_OK;
}

#endif
