// The closest-point module (src/closest3d.h) against brute force, and its triangle forms against
// the code that will call them:
//  - npClosestSegments3: the distance between random segments (and near-parallel ones, and points)
//    is never above a dense search's (nearly parallel ones within their skew, as the parallel case
//    takes s = 0) and the parameters lie in [0, 1];
//  - npClosestOnSegment3: the same for a point and a segment;
//  - npClosestOnTriangleFeature3: the point is no farther than a dense sampling of the triangle,
//    and lies on the feature it names (a vertex, edge k, or inside); on triangles with an edge of
//    zero length (each of the three, and all three) the point is finite and no farther than a
//    dense sampling of the segment that is left;
//  - npTriangleSignedAreas3: on random triangles (slivers too), GJK's triangle step
//    (npClosestOnTriangle3) keeps all three vertices exactly when the areas say the origin's
//    projection is inside, with the areas' normalised weights bit for bit.
#define TEST_RNG_SEED 0x243F6A8885A308D3ull
#include "check.h"
#include "closest3d.h"
#include "gjk3d.h"
#include "testrng.h"

#include <string.h>

static npVec3 rndVec(double r) { return v3(rndRange(-r, r), rndRange(-r, r), rndRange(-r, r)); }

static double segmentDistance(npVec3 p1, npVec3 q1, npVec3 p2, npVec3 q2, double s, double t)
{
	return v3Length(v3Sub(v3MulAdd(p1, s, v3Sub(q1, p1)), v3MulAdd(p2, t, v3Sub(q2, p2))));
}

static void testSegments(void)
{
	const int steps = 200;
	for (int n = 0; n < 600; ++n)
	{
		npVec3 p1 = rndVec(2.0), q1 = rndVec(2.0), p2 = rndVec(2.0), q2 = rndVec(2.0);
		if (n % 4 == 1) // nearly parallel
			q2 = v3Add(p2, v3Add(v3Scale(rndRange(0.5, 2.0), v3Sub(q1, p1)), v3Scale(1e-9, rndVec(1.0))));
		if (n % 8 == 2) // a point
			q1 = p1;
		double s, t;
		npClosestSegments3(p1, q1, p2, q2, &s, &t);
		CHECK(s >= 0.0 && s <= 1.0 && t >= 0.0 && t <= 1.0, "segments %d: s %g t %g", n, s, t);
		double d = segmentDistance(p1, q1, p2, q2, s, t), best = 1e300;
		for (int i = 0; i <= steps; ++i)
		{
			// For each s on the grid the best t is the point's closest point on the other segment.
			npVec3 a = v3MulAdd(p1, (double)i / steps, v3Sub(q1, p1));
			double e = v3Length(v3Sub(a, npClosestOnSegment3(p2, q2, a)));
			best = e < best ? e : best;
		}
		// Nearly parallel segments count as parallel (s = 0, then clamps): off by their tiny skew.
		double tol = n % 4 == 1 ? 1e-8 : 1e-12;
		CHECK(d <= best + tol, "segments %d: %.17g above the search's %.17g", n, d, best);

		npVec3 x = rndVec(3.0), c = npClosestOnSegment3(p1, q1, x);
		double dc = v3Length(v3Sub(c, x)), bestC = 1e300;
		for (int i = 0; i <= steps; ++i)
		{
			double e = v3Length(v3Sub(v3MulAdd(p1, (double)i / steps, v3Sub(q1, p1)), x));
			bestC = e < bestC ? e : bestC;
		}
		CHECK(dc <= bestC + 1e-12, "point on segment %d: %.17g above %.17g", n, dc, bestC);
	}
}

static void testTriangleFeature(void)
{
	const int steps = 60;
	for (int n = 0; n < 600; ++n)
	{
		npVec3 v[3] = { rndVec(1.0), rndVec(1.0), rndVec(1.0) };
		npVec3 normal = v3Normalize(v3Cross(v3Sub(v[1], v[0]), v3Sub(v[2], v[0])));
		npVec3 p = rndVec(2.0);
		npTrianglePoint3 c = npClosestOnTriangleFeature3(p, v, normal);
		double d = v3Length(v3Sub(c.point, p)), best = 1e300;
		for (int i = 0; i <= steps; ++i)
			for (int j = 0; i + j <= steps; ++j)
			{
				double u = (double)i / steps, w = (double)j / steps;
				npVec3 q = v3Add(v3Add(v3Scale(1.0 - u - w, v[0]), v3Scale(u, v[1])), v3Scale(w, v[2]));
				double e = v3Length(v3Sub(q, p));
				best = e < best ? e : best;
			}
		CHECK(d <= best + 1e-9, "triangle %d: %.17g above the sampling's %.17g", n, d, best);
		if (c.feature == NP_TRIANGLE_VERTEX3)
			CHECK(memcmp(&c.point, &v[c.index], sizeof c.point) == 0, "triangle %d: not vertex %d", n, c.index);
		else if (c.feature == NP_TRIANGLE_EDGE3)
		{
			npVec3 a = v[c.index], b = v[(c.index + 1) % 3];
			double off = v3Length(v3Sub(c.point, npClosestOnSegment3(a, b, c.point)));
			CHECK(off <= 1e-12, "triangle %d: %.3g off edge %d", n, off, c.index);
		}
		else
		{
			double h = v3Dot(v3Sub(c.point, v[0]), normal);
			CHECK(c.index == 0 && h < 1e-12 && h > -1e-12, "triangle %d: face point %.3g off the plane", n, h);
		}
	}
}

// A triangle with two equal corners is a segment (a mesh triangle 2e-5 across at 1e12 from the
// origin rounds to one: fuzz_mesh3d). Its zero-length edge's region test divided 0 by 0, and a
// sphere's mesh contact had a NaN point and depth. Expected: a finite point of the segment no
// farther from p than a dense sampling of it (the collapsed corner once, each end as a vertex).
static void testCollapsedEdges(void)
{
	const int steps = 2000;
	int bad = 0;
	for (int n = 0; n < 1500; ++n)
	{
		npVec3 a = rndVec(1.0), b = rndVec(1.0);
		int collapsed = n % 3; // edge k from corner k to k + 1 has zero length
		npVec3 v[3];
		v[collapsed] = a;
		v[(collapsed + 1) % 3] = a;
		v[(collapsed + 2) % 3] = b;
		if (n % 50 == 49)
			v[0] = v[1] = v[2] = a; // a point
		npVec3 p = n % 5 == 0 ? v3MulAdd(a, rndRange(0.0, 1.0), v3Sub(b, a)) : rndVec(2.0);
		npVec3 normal = v3Normalize(rndVec(1.0));
		npTrianglePoint3 c = npClosestOnTriangleFeature3(p, v, normal);
		double d = v3Length(v3Sub(c.point, p)), best = 1e300;
		for (int i = 0; i <= steps; ++i)
		{
			npVec3 q = v3MulAdd(v[0], (double)i / steps, v3Sub(v[2], v[0]));
			npVec3 r = v3MulAdd(v[1], (double)i / steps, v3Sub(v[2], v[1]));
			double e = fmin(v3Length(v3Sub(q, p)), v3Length(v3Sub(r, p)));
			best = e < best ? e : best;
		}
		if (!(isfinite(c.point.x) && isfinite(c.point.y) && isfinite(c.point.z) && d <= best + 1e-9) && bad++ < 5)
			CHECK(false, "collapsed triangle %d (edge %d): point (%g, %g, %g), %.17g from p, sampling %.17g", n,
				  collapsed, c.point.x, c.point.y, c.point.z, d, best);
	}
	CHECK(bad == 0, "%d collapsed triangles with a wrong or non-finite point", bad);
}

static void testSignedAreas(void)
{
	int inside = 0;
	for (int n = 0; n < 20000; ++n)
	{
		npSupportPoint3 s[3];
		memset(s, 0, sizeof s);
		s[0].w = rndVec(1.0);
		s[1].w = rndVec(1.0);
		s[2].w = rndVec(1.0);
		if (n % 3 == 1) // a sliver: the third corner nearly on the line of the first two
			s[2].w = v3Add(v3MulAdd(s[0].w, rndRange(-1.0, 2.0), v3Sub(s[1].w, s[0].w)), v3Scale(1e-7, rndVec(1.0)));
		double area[3];
		bool in[3];
		bool ok = npTriangleSignedAreas3(s[0].w, s[1].w, s[2].w, area, in);
		double weights[3];
		int kept = npClosestOnTriangle3(s, weights);
		bool all = ok && in[0] && in[1] && in[2];
		CHECK(all == (kept == 3), "areas %d: inside %d but GJK kept %d", n, (int)all, kept);
		if (all && kept == 3)
		{
			++inside;
			double inv = 1.0 / (area[0] + area[1] + area[2]);
			const double expect[3] = { area[0] * inv, area[1] * inv, area[2] * inv };
			CHECK(memcmp(expect, weights, sizeof expect) == 0, "areas %d: weights differ from GJK's", n);
		}
	}
	CHECK(inside > 100, "only %d triangles had the origin's projection inside", inside);
}

int main(void)
{
	testSegments();
	testTriangleFeature();
	testCollapsedEdges();
	testSignedAreas();
	return checkSummary();
}
