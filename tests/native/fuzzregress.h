// Shared by the fuzz-regression test programs (test_fuzz_regressions*.c): includes, finiteness
// checks, the expected-failure mark for open bugs, and long-double references for distances.
#ifndef NP_TEST_FUZZREGRESS_H
#define NP_TEST_FUZZREGRESS_H

#include "narrowphase/narrowphase.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

static inline bool finite2(npVec2 v) { return isfinite(v.x) && isfinite(v.y); }
static inline bool finite3(npVec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

// Expected failures: open bugs found by the fuzzers that need a larger fix than a regression test's
// commit should carry (see the lead's notes). They are counted and printed, but do not fail the
// program; one that starts passing is reported as XPASS so that its mark can be removed.
static int expectedFailures, unexpectedPasses;
#define EXPECT_FAIL(cond, ...)                                                                                         \
	do                                                                                                                 \
	{                                                                                                                  \
		if (cond)                                                                                                      \
		{                                                                                                              \
			++unexpectedPasses;                                                                                        \
			printf("XPASS %s:%d: ", __FILE__, __LINE__);                                                               \
		}                                                                                                              \
		else                                                                                                           \
		{                                                                                                              \
			++expectedFailures;                                                                                        \
			printf("XFAIL %s:%d: ", __FILE__, __LINE__);                                                               \
		}                                                                                                              \
		printf(__VA_ARGS__);                                                                                           \
		printf("\n");                                                                                                  \
	} while (0)

// Long double helpers for the brute-force references below.
typedef struct LVec3
{
	long double x, y, z;
} LVec3;

static inline LVec3 lsub(LVec3 a, LVec3 b) { return (LVec3){ a.x - b.x, a.y - b.y, a.z - b.z }; }

static inline long double ldot(LVec3 a, LVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

static inline LVec3 lmuladd(LVec3 a, long double s, LVec3 b) { return (LVec3){ a.x + s * b.x, a.y + s * b.y, a.z + s * b.z }; }

// The point of triangle abc nearest p, by Voronoi regions (Ericson, Real-Time Collision Detection
// 5.1.5), in long double.
static inline LVec3 closestOnTriangleL(LVec3 p, LVec3 a, LVec3 b, LVec3 c)
{
	LVec3 ab = lsub(b, a), ac = lsub(c, a), ap = lsub(p, a);
	long double d1 = ldot(ab, ap), d2 = ldot(ac, ap);
	if (d1 <= 0.0L && d2 <= 0.0L)
		return a;
	LVec3 bp = lsub(p, b);
	long double d3 = ldot(ab, bp), d4 = ldot(ac, bp);
	if (d3 >= 0.0L && d4 <= d3)
		return b;
	long double vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0L && d1 >= 0.0L && d3 <= 0.0L)
		return lmuladd(a, d1 / (d1 - d3), ab);
	LVec3 cp = lsub(p, c);
	long double d5 = ldot(ab, cp), d6 = ldot(ac, cp);
	if (d6 >= 0.0L && d5 <= d6)
		return c;
	long double vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0L && d2 >= 0.0L && d6 <= 0.0L)
		return lmuladd(a, d2 / (d2 - d6), ac);
	long double va = d3 * d6 - d5 * d4;
	if (va <= 0.0L && d4 - d3 >= 0.0L && d5 - d6 >= 0.0L)
		return lmuladd(b, (d4 - d3) / ((d4 - d3) + (d5 - d6)), lsub(c, b));
	long double den = 1.0L / (va + vb + vc);
	return lmuladd(lmuladd(a, vb * den, ab), vc * den, ac);
}

// The point of segment pq nearest segment rs, both ways (Ericson 5.1.9), in long double: returns
// the squared distance.
static inline long double segmentsDistanceSqL(LVec3 p, LVec3 q, LVec3 r, LVec3 t)
{
	LVec3 d1 = lsub(q, p), d2 = lsub(t, r), e = lsub(p, r);
	long double a = ldot(d1, d1), f = ldot(d2, d2), c = ldot(d1, e), b = ldot(d1, d2), g = ldot(d2, e);
	long double s = 0.0L, u = 0.0L, den = a * f - b * b;
	if (den > 0.0L)
		s = fminl(fmaxl((b * g - c * f) / den, 0.0L), 1.0L);
	u = f > 0.0L ? (b * s + g) / f : 0.0L;
	if (u < 0.0L)
	{
		u = 0.0L;
		s = a > 0.0L ? fminl(fmaxl(-c / a, 0.0L), 1.0L) : 0.0L;
	}
	else if (u > 1.0L)
	{
		u = 1.0L;
		s = a > 0.0L ? fminl(fmaxl((b - c) / a, 0.0L), 1.0L) : 0.0L;
	}
	LVec3 x = lmuladd(p, s, d1), y = lmuladd(r, u, d2), w = lsub(x, y);
	return ldot(w, w);
}

// A local point placed by a transform, in long double.
static inline LVec3 placeL(npTransform3 xf, npVec3 v)
{
	long double qx = xf.q.x, qy = xf.q.y, qz = xf.q.z, qw = xf.q.w;
	LVec3 p = { v.x, v.y, v.z }, u = { qx, qy, qz };
	LVec3 c = { u.y * p.z - u.z * p.y, u.z * p.x - u.x * p.z, u.x * p.y - u.y * p.x };
	LVec3 c2 = { u.y * c.z - u.z * c.y, u.z * c.x - u.x * c.z, u.x * c.y - u.y * c.x };
	// p + 2 w (u x p) + 2 u x (u x p)
	return (LVec3){ xf.p.x + p.x + 2.0L * (qw * c.x + c2.x), xf.p.y + p.y + 2.0L * (qw * c.y + c2.y),
					xf.p.z + p.z + 2.0L * (qw * c.z + c2.z) };
}

// Distance between the hulls of two point sets that do not overlap, by brute force: the nearest
// pair of features is a point against a triangle of the other set's points, or two segments.
static inline long double pointSetsDistanceL(const LVec3* a, int na, const LVec3* b, int nb)
{
	long double best = 1.0e300L;
	for (int pass = 0; pass < 2; ++pass)
	{
		const LVec3* p = pass ? b : a;
		const LVec3* q = pass ? a : b;
		int np = pass ? nb : na, nq = pass ? na : nb;
		for (int i = 0; i < np; ++i)
			for (int j = 0; j < nq; ++j)
				for (int k = j + 1; k < nq; ++k)
					for (int m = k + 1; m < nq; ++m)
					{
						LVec3 c = closestOnTriangleL(p[i], q[j], q[k], q[m]), w = lsub(c, p[i]);
						best = fminl(best, ldot(w, w));
					}
	}
	for (int i = 0; i < na; ++i)
		for (int j = i + 1; j < na; ++j)
			for (int k = 0; k < nb; ++k)
				for (int m = k + 1; m < nb; ++m)
					best = fminl(best, segmentsDistanceSqL(a[i], a[j], b[k], b[m]));
	return sqrtl(best);
}

// How far the highest hull vertex stands above the face plane it is farthest above (0 when every
// vertex is on or below every plane).
static inline double highestAbovePlanes(const npHull3* hull)
{
	double worst = 0.0;
	for (int f = 0; f < hull->faceCount; ++f)
		for (int v = 0; v < hull->vertexCount; ++v)
		{
			npPlane3 pl = hull->planes[f];
			npVec3 p = hull->vertices[v];
			double h = pl.normal.x * p.x + pl.normal.y * p.y + pl.normal.z * p.z - pl.offset;
			worst = h > worst ? h : worst;
		}
	return worst;
}

#endif
