// Tiny queries (private header): below NP_TINY the squares that rays and point queries compare
// leave the normal range (a sphere of radius 1e-300 has r * r = 0), so query2d.c and query3d.c run
// such queries with every length scaled by exact powers of two (the same points, scaled) and scale
// the result back. Shared steps of 2^500, inline. The scaling helpers are NP_COLD (codesize.h): they
// run only for tiny inputs, and at -O3 their loops unrolled into 10 KB per copy.
#ifndef NP_TINY_H
#define NP_TINY_H

#include "codesize.h"
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

#endif
