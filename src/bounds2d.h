// The axis-aligned bounds of a 2D shape placed by a transform (private header): its transformed
// vertices' extremes grown by its radius, exact for rounded shapes because a disc's bounds are its
// centre's grown by the radius. One routine for npShapeBounds2 (pointquery2d.c, which checks its inputs
// first) and the chain contacts' shape bounds (chaincontacts2d.c, whose inputs are already checked).
#ifndef NP_BOUNDS2D_H
#define NP_BOUNDS2D_H

#include "narrowphase/query2d.h"
#include "vec2.h"

static inline npBounds2 npPlacedBounds2(const npShape2* shape, npTransform2 t)
{
	npVec2 lower = npTransformPoint2(t, shape->vertices[0]), upper = lower;
	for (int i = 1; i < shape->count; ++i)
	{
		npVec2 v = npTransformPoint2(t, shape->vertices[i]);
		lower = v2(npMin(lower.x, v.x), npMin(lower.y, v.y));
		upper = v2(npMax(upper.x, v.x), npMax(upper.y, v.y));
	}
	npVec2 grow = v2(shape->radius, shape->radius);
	return (npBounds2){ v2Sub(lower, grow), v2Add(upper, grow) };
}

#endif
