// Tiny 3D shapes (private header): GJK's tests multiply up to six lengths (the triangle step's |n|^2
// four, the tetrahedron's flatness test six), which underflow from about 1e-55 .. 1e-80, far above
// where squares alone do (tiny.h's 2^-400). So the point queries (pointquery3d.c) and the pair
// queries (gjk3d.c, epa3d.c, manifold3d.c) run a query whose shapes and offsets are all below
// NP_TINY3 on copies scaled by exact steps of 2^100 into [2^-100, 1), and scale the results back.
// Hulls (42 kB) are never copied, so never scaled.
#ifndef NP_TINY3D_H
#define NP_TINY3D_H

#include "narrowphase/collide3d.h"
#include "narrowphase/query3d.h"
#include "tiny.h"
#include "vec3.h"

#include <float.h>

/// Below this size a 3D query is scaled: 2^-100, near where the lean overlap GJK stops trusting its
/// products (overlap3d.c's LEAN_MIN_SCALE, 1e-30), and where six lengths multiplied stay normal.
#define NP_TINY3 0x1p-100

/// x times 2^(100 n) (|n| <= 11), in exact steps (tiny.h's npTimesSteps).
NP_COLD static inline double npTimesPow100(double x, int n) { return npTimesSteps(x, n, 0x1p100, 0x1p-100); }

/// v times up^n or down^-n per coordinate (tiny.h's npTimesSteps).
NP_COLD static inline npVec3 v3TimesSteps(npVec3 v, int n, double up, double down)
{
	return v3(npTimesSteps(v.x, n, up, down), npTimesSteps(v.y, n, up, down), npTimesSteps(v.z, n, up, down));
}

NP_COLD static inline npVec3 v3TimesPow100(npVec3 v, int n) { return v3TimesSteps(v, n, 0x1p100, 0x1p-100); }

/// v times 2^(500 n), exactly (the rays' steps, tiny.h).
NP_COLD static inline npVec3 v3TimesPow500(npVec3 v, int n) { return v3TimesSteps(v, n, 0x1p500, 0x1p-500); }

/// s's lengths (radius, half height, half extents, triangle) times up^n or down^-n; never a hull
/// (its data is not copied per query).
NP_COLD static inline npShape3 npScaleShapeSteps3(const npShape3* s, int n, double up, double down)
{
	npShape3 out = *s;
	out.radius = npTimesSteps(s->radius, n, up, down);
	out.halfHeight = npTimesSteps(s->halfHeight, n, up, down);
	out.halfExtents = v3TimesSteps(s->halfExtents, n, up, down);
	for (int i = 0; i < 3; ++i)
		out.triangle[i] = v3TimesSteps(s->triangle[i], n, up, down);
	return out;
}

/// The largest coordinate of s's core (its radius aside); a hull's from its creation.
static inline double npTinyExtent3(const npShape3* s)
{
	switch (s->type)
	{
		case NP_SHAPE_SPHERE:
			return 0.0;
		case NP_SHAPE_CAPSULE3:
			return s->halfHeight;
		case NP_SHAPE_BOX3:
			return v3MaxAbs(s->halfExtents);
		case NP_SHAPE_TRIANGLE3:
			return np3Max(np3Max(v3MaxAbs(s->triangle[0]), v3MaxAbs(s->triangle[1])), v3MaxAbs(s->triangle[2]));
		case NP_SHAPE_HULL3:
			return s->hull->maxCoordinate;
		default:
			return DBL_MAX;
	}
}

/// The steps of 2^100 that bring m (> 0, or 0) up to NP_TINY3: at most 11 (11 for 0).
NP_COLD static inline int npTinySteps100(double m) { return npStepsBelow(m, NP_TINY3, 0x1p100, 11); }

/// s scaled by 2^(100 up): a sphere, capsule, box or triangle (never a hull).
NP_COLD static inline npShape3 npScaleTiny3(const npShape3* s, int up) { return npScaleShapeSteps3(s, up, 0x1p100, 0x1p-100); }

/// The steps of 2^100 a pair query on a and b needs, with B's position d relative to A's (world
/// axes) and `extra` (a margin; 0 for none): 0 unless neither shape is a hull and the radii, the
/// cores, d and extra are all below NP_TINY3. Callers ask only once |d| < NP_TINY3 (the one compare
/// ordinary pairs pay).
static inline int npPairTinySteps3(const npShape3* a, const npShape3* b, npVec3 d, double extra)
{
	if (a->type == NP_SHAPE_HULL3 || b->type == NP_SHAPE_HULL3)
		return 0;
	double m = np3Max(np3Max(np3Max(a->radius, npTinyExtent3(a)), np3Max(b->radius, npTinyExtent3(b))),
					  np3Max(v3MaxAbs(d), extra));
	return m < NP_TINY3 ? npTinySteps100(m) : 0;
}

/// The steps of a pair query at these poses: 0 for ordinary pairs, which pay the one compare of B's
/// offset from A with NP_TINY3 (npDistance3, npOverlap3 and npPenetration3 ask it first).
static inline int npPairTinyUp3(const npShape3* a, npTransform3 xfA, const npShape3* b, npTransform3 xfB)
{
	npVec3 d = v3Sub(xfB.p, xfA.p);
	return v3MaxAbs(d) < NP_TINY3 ? npPairTinySteps3(a, b, d, 0.0) : 0;
}

/// The transforms of a tiny pair's scaled query: A at the origin, B at its offset from A scaled by
/// 2^(100 up) (scaled before either is turned: turned at 1e-321 it kept only a few bits).
NP_COLD static inline void npScaleTinyPair3(npTransform3 xfA, npTransform3 xfB, int up, npTransform3* sa, npTransform3* sb)
{
	sa->p = v3(0.0, 0.0, 0.0);
	sa->q = xfA.q;
	sb->p = v3TimesPow100(v3Sub(xfB.p, xfA.p), up);
	sb->q = xfB.q;
}

/// A tiny pair's scaled copies: both shapes and both transforms (npScaleTinyPair3), as tiny.h's
/// npTinyPair2.
typedef struct npTinyPair3
{
	npShape3 a, b;         ///< the shapes scaled by 2^(100 up)
	npTransform3 xfA, xfB; ///< A at the origin, B at its offset from A scaled
} npTinyPair3;

/// Fills *out with the scaled copies of a pair query on (a, xfA, b, xfB).
NP_COLD static inline void npMakeTinyPair3(const npShape3* a, npTransform3 xfA, const npShape3* b, npTransform3 xfB, int up,
										   npTinyPair3* out)
{
	out->a = npScaleTiny3(a, up);
	out->b = npScaleTiny3(b, up);
	npScaleTinyPair3(xfA, xfB, up, &out->xfA, &out->xfB);
}

/// A world point of a scaled pair query back in the caller's world: scaled back, then moved by A's
/// position.
NP_COLD static inline npVec3 npUnscaleTinyPoint3(npVec3 p, int up, npVec3 origin)
{
	return v3Add(v3TimesPow100(p, -up), origin);
}

/// A ray direction with every component below NP_TINY (tiny.h). fabs and compares without
/// short-circuit: npAbs-style selects and maxima were branches on a random direction's signs.
static inline bool npIsTinyDirection3(npVec3 d)
{
	return (fabs(d.x) < NP_TINY) & (fabs(d.y) < NP_TINY) & (fabs(d.z) < NP_TINY);
}

/// A 3D ray with a tiny direction, scaled (tiny.h's npTinyRayScale) into *scaled; returns the scale.
NP_COLD static inline npTinyRayScale npScaleTinyRay3(const npRayInput3* ray, npRayInput3* scaled)
{
	npVec3 d = ray->direction;
	npTinyRayScale s = npTinyRayScaleOf(v3MaxAbs(d));
	*scaled = (npRayInput3){ ray->origin,
							 v3(npTinyRayComponent(&s, d.x), npTinyRayComponent(&s, d.y), npTinyRayComponent(&s, d.z)),
							 npTinyRayMaxFraction(&s, ray->maxFraction), ray->solid };
	return s;
}

#endif
