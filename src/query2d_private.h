// 2D point queries shared with the ray casts (private header): pointquery2d.c answers containment,
// closest points and bounds on one 2D shape; query2d.c's rays use its containment test and sizes.
#ifndef NP_QUERY2D_PRIVATE_H
#define NP_QUERY2D_PRIVATE_H

#include "inputs.h"
#include "narrowphase/query2d.h"
#include "vec2.h"

/// npCheckShape2, then the transform: the checks every query on one shape starts with.
npResult npCheckShape2Placed(const npShape2* shape, npTransform2 transform);

/// Whether the local point p is inside or on the checked shape s.
bool npContainsLocal2(const npShape2* s, npVec2 p);

/// The largest coordinate of the local point p and of s's core.
double npCoreSizeAt2(const npShape2* s, npVec2 p);

/// The steps of 2^500 that a query at local point p on s needs: 0 unless p, the core and the radius
/// are all below NP_TINY.
int npTinySteps2(const npShape2* s, npVec2 p);

/// True when p, inside every edge's half-plane of the polygon core s by the unit-normal test, is
/// outside the core all the same: beyond the tip of a needle (pointquery2d.c). Asked only when
/// npNearAnEdgeLine2 holds.
bool npOutsideBeyondATip2(const npShape2* s, npVec2 p);

/// Whether the half-plane test's inside answer for p (its largest plane distance `plane`, on edge
/// `edge`) needs npOutsideBeyondATip2: p within 1e-12 of the coordinates of that edge's line. Deeper
/// points are inside whatever the shape; only they skip the loop.
static inline bool npNearAnEdgeLine2(const npShape2* s, npVec2 p, double plane, int edge)
{
	npVec2 v = s->vertices[edge];
	return plane > -1e-12 * (v2MaxAbs(p) + v2MaxAbs(v));
}

#endif
