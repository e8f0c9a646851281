// Tiny queries (private header): below NP_TINY the squares that rays and point queries compare
// leave the normal range (a sphere of radius 1e-300 has r * r = 0), so the 2D and 3D queries run
// such queries with every length scaled by exact powers of two (the same points, scaled) and scale
// the result back. Shared steps of 2^500, inline. The scaling helpers are NP_COLD (codesize.h): they
// run only for tiny inputs, and at -O3 their loops unrolled into 10 KB per copy.
#ifndef NP_TINY_H
#define NP_TINY_H

#include "codesize.h"
#include "narrowphase/collide2d.h"
#include "vec2.h"

#include <float.h>

/// Below this size (2^-400) a query's squares would leave the normal range: such queries are scaled.
#define NP_TINY 0x1p-400

/// x times up^n (n >= 0) or down^-n (n < 0), one exact power-of-two step at a time: only the last
/// step can round (into subnormals), since a product that leaves the normal range before it makes
/// the last one 0 or infinite anyway. The 2D and 3D scalings share it with their own step sizes.
NP_COLD static inline double npTimesSteps(double x, int n, double up, double down)
{
	for (int i = 0; i < n; ++i)
		x *= up;
	for (int i = 0; i > n; --i)
		x *= down;
	return x;
}

/// How many steps of `up` bring m up to `limit`, at most `most` (which suffice for any m > 0; `most`
/// for 0).
NP_COLD static inline int npStepsBelow(double m, double limit, double up, int most)
{
	int n = 0;
	for (; m < limit && n < most; ++n)
		m *= up;
	return n;
}

/// x times 2^(500 n) (|n| <= 3).
NP_COLD static inline double npTimesPow500(double x, int n) { return npTimesSteps(x, n, 0x1p500, 0x1p-500); }

/// How many steps of 2^500 bring m up to NP_TINY (at most 3, which suffice for any m > 0; 3 for 0).
NP_COLD static inline int npStepsUp(double m) { return npStepsBelow(m, NP_TINY, 0x1p500, 3); }

/// v times 2^(500 n) (2D shapes and chains; query3d_private.h has the 3D one).
NP_COLD static inline npVec2 v2TimesPow500(npVec2 v, int n) { return v2(npTimesPow500(v.x, n), npTimesPow500(v.y, n)); }

/// A 2D ray direction with both components below NP_TINY (fabs and compares without
/// short-circuit: selects on doubles are branches on a random direction's signs).
static inline bool npIsTinyDirection2(npVec2 d) { return (fabs(d.x) < NP_TINY) & (fabs(d.y) < NP_TINY); }

/// How a tiny ray direction is scaled (2D and 3D): up by steps of 2^500 until its largest
/// component m reaches NP_TINY, which leaves it in [2^-400, 2^100), then down by 2^100 when above
/// 2^32, so that the scaled ray stays within NP_HUGE for callers that check it again. maxFraction
/// is scaled the other way: the same segment. All exact (powers of two).
typedef struct npTinyRayScale
{
	int up;      ///< steps of 2^500
	double down; ///< 1 or 2^-100
} npTinyRayScale;

NP_COLD static inline npTinyRayScale npTinyRayScaleOf(double m)
{
	npTinyRayScale s;
	s.up = npStepsUp(m);
	s.down = npTimesPow500(m, s.up) > 0x1p32 ? 0x1p-100 : 1.0;
	return s;
}

/// A direction component, scaled.
NP_COLD static inline double npTinyRayComponent(const npTinyRayScale* s, double x) { return npTimesPow500(x, s->up) * s->down; }

/// maxFraction for the scaled direction.
NP_COLD static inline double npTinyRayMaxFraction(const npTinyRayScale* s, double maxFraction)
{
	return npTimesPow500(maxFraction, -s->up) / s->down;
}

/// A fraction of the scaled ray as a fraction of the caller's (at most its maxFraction).
NP_COLD static inline double npTinyRayFraction(const npTinyRayScale* s, double fraction, double maxFraction)
{
	return npMin(npTimesPow500(fraction, s->up) * s->down, maxFraction);
}

/// r * r, to compare squared lengths with, also when it leaves the normal range (r below 1.5e-154:
/// a capsule 1 long and 1e-300 thick contained a point 3e-300 from its axis, both squares 0). Then
/// r is scaled by the *up steps of 2^500 that bring it up to NP_TINY (exact) and the scaled r * r
/// returned; the caller scales the vector it measures by the same *up (0 when r * r is normal).
static inline double npRadiusSq(double r, int* up)
{
	double rr = r * r;
	*up = 0;
	if (rr >= DBL_MIN)
		return rr;
	*up = npStepsUp(r);
	double scaled = npTimesPow500(r, *up);
	return scaled * scaled;
}

// ---------------------------------------------------------------- tiny 2D pairs
// The pair queries (npOverlap2, npDistance2, npPenetration2, the manifolds) multiply up to four
// lengths (GJK's separation test squares a product of two), which leave the normal range below about
// 2^-255: two boxes 1e-90 across measured distances off by 0.44 of their size, and below 1e-154
// separated boxes overlapped. A pair whose shapes, offset and margin are all below NP_TINY_PAIR2
// runs on copies scaled by steps of 2^250 into [2^-200, 2^50), and its lengths are scaled back
// (normals and feature ids do not change). Polygons are built the same way (npMakePolygon2).

/// Below this size a 2D pair query is scaled.
#define NP_TINY_PAIR2 0x1p-200

/// x times 2^(250 n).
NP_COLD static inline double npTimesPow250(double x, int n) { return npTimesSteps(x, n, 0x1p250, 0x1p-250); }
NP_COLD static inline npVec2 v2TimesPow250(npVec2 v, int n) { return v2(npTimesPow250(v.x, n), npTimesPow250(v.y, n)); }

/// The largest coordinate of s's core.
NP_COLD static inline double npCoreSize2(const npShape2* s)
{
	double size = 0.0;
	for (int i = 0; i < s->count && i < NP_MAX_POLYGON_VERTICES; ++i)
		size = npMax(size, npMax(npAbs(s->vertices[i].x), npAbs(s->vertices[i].y)));
	return size;
}

/// s with every length (radius, core, box extents, centroid) times up^n or down^-n; the normals
/// stay. Point queries and rays scale by 2^500 (npTimesPow500), pairs by 2^250.
NP_COLD static inline void npScaleShapeSteps2(const npShape2* s, int n, double up, double down, npShape2* out)
{
	out->type = s->type;
	out->count = s->count;
	out->radius = npTimesSteps(s->radius, n, up, down);
	out->halfExtents = v2(npTimesSteps(s->halfExtents.x, n, up, down), npTimesSteps(s->halfExtents.y, n, up, down));
	out->centroid = v2(npTimesSteps(s->centroid.x, n, up, down), npTimesSteps(s->centroid.y, n, up, down));
	for (int i = 0; i < s->count && i < NP_MAX_POLYGON_VERTICES; ++i)
	{
		out->vertices[i] = v2(npTimesSteps(s->vertices[i].x, n, up, down), npTimesSteps(s->vertices[i].y, n, up, down));
		out->normals[i] = s->normals[i];
	}
}

/// s scaled by 2^(500 up) (point queries and rays).
NP_COLD static inline void npScaleShape2(const npShape2* s, int up, npShape2* out) { npScaleShapeSteps2(s, up, 0x1p500, 0x1p-500, out); }

/// s scaled by 2^(250 up) (pair queries).
NP_COLD static inline void npScalePairShape2(const npShape2* s, int up, npShape2* out) { npScaleShapeSteps2(s, up, 0x1p250, 0x1p-250, out); }

/// npPairTinyUp2's count, once B's offset from A (d) is known to be below NP_TINY_PAIR2.
NP_COLD __attribute__((noinline)) static int npPairTinySteps2(const npShape2* a, const npShape2* b, npVec2 d, double extra)
{
	if (a == NULL || b == NULL)
		return 0;
	double m = npMax(npMax(npMax(a->radius, b->radius), npMax(npCoreSize2(a), npCoreSize2(b))),
					 npMax(npMax(npAbs(d.x), npAbs(d.y)), extra));
	return m < NP_TINY_PAIR2 ? npStepsBelow(m, NP_TINY_PAIR2, 0x1p250, 4) : 0;
}

/// The steps of 2^250 a pair query on a and b at these poses needs (with `extra`, a margin, 0 for
/// none): 0 for ordinary pairs, which pay two compares of B's offset from A with NP_TINY_PAIR2.
static inline int npPairTinyUp2(const npShape2* a, npTransform2 xfA, const npShape2* b, npTransform2 xfB,
								double extra)
{
	npVec2 d = v2Sub(xfB.p, xfA.p);
	if (npAbs(d.x) < NP_TINY_PAIR2 && npAbs(d.y) < NP_TINY_PAIR2)
		return npPairTinySteps2(a, b, d, extra);
	return 0;
}

/// The transforms of a tiny pair's scaled query: A at the origin, B at its offset from A scaled
/// (before it is turned), both rotations as given.
NP_COLD static inline void npScaleTinyPair2(npTransform2 xfA, npTransform2 xfB, int up, npTransform2* sa,
											npTransform2* sb)
{
	sa->p = v2(0.0, 0.0);
	sa->q = xfA.q;
	sb->p = v2TimesPow250(v2Sub(xfB.p, xfA.p), up);
	sb->q = xfB.q;
}

/// A tiny pair's scaled copies: both shapes and both transforms (npScaleTinyPair2).
typedef struct npTinyPair2
{
	npShape2 a, b;        ///< the shapes scaled by 2^(250 up)
	npTransform2 xfA, xfB; ///< A at the origin, B at its offset from A scaled
} npTinyPair2;

/// Fills *out with the scaled copies of a pair query on (a, xfA, b, xfB).
NP_COLD static inline void npMakeTinyPair2(const npShape2* a, npTransform2 xfA, const npShape2* b, npTransform2 xfB, int up,
										   npTinyPair2* out)
{
	npScalePairShape2(a, up, &out->a);
	npScalePairShape2(b, up, &out->b);
	npScaleTinyPair2(xfA, xfB, up, &out->xfA, &out->xfB);
}

/// A length of a scaled pair query back in the caller's units.
NP_COLD static inline double npUnscaleTinyLength2(double x, int up) { return npTimesPow250(x, -up); }

/// A world point of a scaled pair query back in the caller's world.
NP_COLD static inline npVec2 npUnscaleTinyPoint2(npVec2 p, int up, npVec2 origin)
{
	return v2Add(v2TimesPow250(p, -up), origin);
}

#endif
