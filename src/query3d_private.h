// Shared by the queries on one 3D shape (private header): query3d.c (rays, bounds) and pointquery3d.c
// (containment, closest points) check shapes the same way, measure the rounded shapes' cores the
// same way, and scale tiny queries the same way (tiny.h's exact steps of 2^500).
#ifndef NP_QUERY3D_PRIVATE_H
#define NP_QUERY3D_PRIVATE_H

#include "inputs.h"
#include "tiny.h"
#include "tiny3d.h"
#include "narrowphase/query3d.h"
#include "closest3d.h"
#include "vec3.h"

#include <float.h>
#include <stddef.h>

/// NP_OK for a shape the constructors could have made and a usable transform, or the error code.
static inline npResult npCheckQueryShape3(const npShape3* shape, npTransform3 xf)
{
	if (shape == NULL || (unsigned)shape->type > (unsigned)NP_SHAPE_TRIANGLE3 || !(shape->radius >= 0.0) ||
		!npIsUsable(shape->radius) || (shape->type == NP_SHAPE_HULL3 && shape->hull == NULL))
		return NP_ERR_INVALID_ARGUMENT;
	return npCheckTransform3(xf);
}

/// Nearest point of a rounded shape's core (a point or a segment along y) to p. The capsule's is
/// p.y clamped, exactly: the segment projection (a + t (b - a)) put it a few ulps along the axis
/// from p, and for p on the axis that rounding was the whole offset, so the closest point came out
/// on the axis's line, inside the capsule (0.9 on the axis of a capsule 5 long: surface point
/// (0, -0.1, 0) with normal (0, -1, 0), for 285 of 481 points along the axis).
static inline npVec3 npClosestOnRoundedCore3(const npShape3* s, npVec3 p)
{
	if (s->type == NP_SHAPE_SPHERE)
		return v3(0.0, 0.0, 0.0);
	return v3(0.0, np3Min(np3Max(p.y, -s->halfHeight), s->halfHeight), 0.0);
}

/// |v| <= r, also when r * r leaves the normal range (r below 1.5e-154): v and r are then compared
/// scaled (tiny.h's npRadiusSq; exact, and a v that overflows is outside).
static inline bool npWithinRadius3(npVec3 v, double r)
{
	int up;
	double rr = npRadiusSq(r, &up);
	return v3LengthSq(v3TimesPow500(v, up)) <= rr;
}

/// Whether a local point p is inside or on a sphere or capsule.
static inline bool npContainsRounded3(const npShape3* s, npVec3 p)
{
	return npWithinRadius3(v3Sub(p, npClosestOnRoundedCore3(s, p)), s->radius);
}

/// The largest coordinate of s's core. Hulls and triangles are never below NP_TINY (their creation
/// rejects sizes below about 1e-90, where their cross products underflow): DBL_MAX, never scaled.
static inline double npTinyCoreSize3(const npShape3* s)
{
	bool neverScaled = s->type == NP_SHAPE_HULL3 || s->type == NP_SHAPE_TRIANGLE3;
	return neverScaled ? DBL_MAX : npTinyExtent3(s);
}

/// The steps of 2^500 that a query at local point p on s needs: 0 unless p, the core and the radius
/// are all below NP_TINY.
static inline int npTinySteps3(const npShape3* s, npVec3 p)
{
	return npStepsUp(np3Max(np3Max(s->radius, npTinyCoreSize3(s)), v3MaxAbs(p)));
}

/// s scaled by 2^(500 up): a sphere, capsule or box (the shapes a ray scales).
static inline npShape3 npScaleTinyShape3(const npShape3* s, int up)
{
	return npScaleShapeSteps3(s, up, 0x1p500, 0x1p-500);
}

#endif
