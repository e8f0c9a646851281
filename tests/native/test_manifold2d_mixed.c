// Tests for the 2D contact manifolds over every pair of shape types: id stability, slivers and
// contained shapes, random pairs of random shapes against the brute-force reference with A/B swap
// symmetry, the box and capsule shortcuts, large polygons, far offsets, a self-check that the checks
// can fail, and bad input.
//
// Build (standalone):
//   gcc -std=c11 -ffp-contract=off -Wall -Wextra -Werror -Isrc/include -Isrc -Itests/native
//       tests/native/test_manifold2d_mixed.c src/*.c -lm

// The random cases are those the single test program drew before it was split by shape pair: this is
// the state its generator had reached after the aligned-box cases (test_manifold2d_polygons.c),
// which draw first from the default seed.
#define TEST_RNG_SEED 0xf3fe6c0ab7f17faaull
#include "manifold2dtest.h"

// Ids stay the same while the same features touch.
static void testIdStability(void)
{
	npShape2 a = box(1.0, 0.5), b = box(0.5, 0.5), cap = capsule(0.75, 0.25), c = circle(0.5);
	npVec2 pts[5] = { { -0.8, -0.5 }, { 0.7, -0.6 }, { 0.9, 0.3 }, { 0.1, 0.85 }, { -0.7, 0.4 } };
	npShape2 pent = polygon(pts, 5, 0.05);
	pairCase cases[] = {
		{ &a, XF(0, 0, 0), &b, XF(0.2, 0.9, 0.03) },   { &a, XF(1, 2, 0.3), &b, XF(0.7, 2.95, 0.4) },
		{ &a, XF(0, 0, 0), &cap, XF(0.1, 0.7, 0.02) }, { &pent, XF(0, 0, 0.2), &b, XF(0.3, 1.2, 0.1) },
		{ &cap, XF(0, 0, 0), &cap, XF(0.4, 0.45, 0.01) }, { &a, XF(0, 0, 0), &c, XF(1.2, 0.7, 0) },
		{ &pent, XF(0, 0, 0), &c, XF(0.2, 1.2, 0) },    { &b, XF(0, 0, 0), &b, XF(0.95, 0.96, 0.0) },
	};
	int n = (int)(sizeof cases / sizeof cases[0]);
	for (int i = 0; i < n; ++i)
	{
		for (int order = 0; order < 2; ++order)
		{
			const npShape2* sa = order ? cases[i].b : cases[i].a;
			const npShape2* sb = order ? cases[i].a : cases[i].b;
			npTransform2 xa = order ? cases[i].xb : cases[i].xa, xb = order ? cases[i].xa : cases[i].xb;
			npManifold2 m0 = npCollide2(sa, xa, sb, xb, 0.05);
			CHECK(m0.pointCount > 0, "id case %d/%d: no contact", i, order);
			for (int k = 0; k < 8; ++k)
			{
				npTransform2 moved = xb;
				moved.p.x += 1e-4 * cos(0.7 * k);
				moved.p.y += 1e-4 * sin(0.7 * k);
				// the original rotation plus a small turn
				npRot2 base = xb.q, dq = npMakeRot2(1e-4 * (k - 4));
				moved.q = (npRot2){ base.c * dq.c - base.s * dq.s, base.s * dq.c + base.c * dq.s };
				npManifold2 m1 = npCollide2(sa, xa, sb, moved, 0.05);
				bool same = m1.pointCount == m0.pointCount;
				for (int j = 0; same && j < m0.pointCount; ++j)
				{
					bool found = false;
					for (int l = 0; l < m1.pointCount; ++l)
						found = found || m1.points[l].id == m0.points[j].id;
					same = found;
				}
				CHECK(same, "id case %d/%d move %d: ids changed", i, order, k);
				checkManifold("id case", sa, xa, sb, moved, 0.05, &m1);
			}
		}
	}
}

// Slivers, contained shapes and identical shapes.
static void testSpecialShapes(void)
{
	npVec2 needlePts[3] = { { -1, 0 }, { 1, 0 }, { 0.2, 1e-6 } };
	npShape2 needle = polygon(needlePts, 3, 0.0), b = box(0.5, 0.5), c = circle(0.5);
	pairCase cases[] = {
		{ &needle, XF(0, 0, 0), &b, XF(0.3, 0.4, 0.3) },          { &needle, XF(0, 0, 0), &b, XF(0.9, 0.5 - 1e-7, 0) },
		{ &needle, XF(0, 0, 0), &c, XF(-0.2, 0.45, 0) },          { &needle, XF(0, 0, 0), &needle, XF(0.1, -1e-7, 1e-3) },
		{ &needle, XF(0, 0, 0), &needle, XF(0, 0, 0) },           { &b, XF(2, 3, 0.4), &b, XF(2, 3, 0.4) },
		{ &c, XF(2, 3, 0.4), &c, XF(2, 3, 0.4) },                 { &b, XF(0, 0, 0.2), &c, XF(0, 0, 0) },
	};
	for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); ++i)
	{
		for (int order = 0; order < 2; ++order)
		{
			const npShape2* sa = order ? cases[i].b : cases[i].a;
			const npShape2* sb = order ? cases[i].a : cases[i].b;
			npTransform2 xa = order ? cases[i].xb : cases[i].xa, xb = order ? cases[i].xa : cases[i].xb;
			npManifold2 m = npCollide2(sa, xa, sb, xb, 0.0);
			npManifold2 again = npCollide2(sa, xa, sb, xb, 0.0);
			CHECK(sameManifold(&m, &again), "special %d/%d: not deterministic", i, order);
			char what[48];
			snprintf(what, sizeof what, "special %d/%d", i, order);
			checkManifold(what, sa, xa, sb, xb, 0.0, &m);
		}
	}
	// Many-vertex polygons: a 64-gon against a 40-gon (rounded), shallow.
	npVec2 p64[64], p40[40];
	for (int i = 0; i < 64; ++i)
		p64[i] = V(0.7 * cos(6.283185307179586 * i / 64), 0.7 * sin(6.283185307179586 * i / 64));
	for (int i = 0; i < 40; ++i)
		p40[i] = V(0.8 * cos(0.3 + 6.283185307179586 * i / 40), 0.8 * sin(0.3 + 6.283185307179586 * i / 40));
	npShape2 g64 = polygon(p64, 64, 0.0), g40 = polygon(p40, 40, 0.1);
	CHECK(g64.count == 64 && g40.count == 40, "n-gon counts %d %d", g64.count, g40.count);
	for (int k = 0; k < 20; ++k)
	{
		npTransform2 xb = XF(1.55 + 0.01 * k, 0.1 * k - 1.0, 0.13 * k);
		npManifold2 m = npCollide2(&g64, XF(0, 0, 0.05 * k), &g40, xb, 0.05);
		checkManifold("n-gons", &g64, XF(0, 0, 0.05 * k), &g40, xb, 0.05, &m);
	}
}

// Random pairs of every type against the brute-force reference, both orders, near and far.
static void testRandomPairs(void)
{
	const int N = 6000;
	for (int iter = 0; iter < N; ++iter)
	{
		npShape2 s[2];
		s[0] = randomShape();
		s[1] = randomShape();
		double off = iter % 5 == 4 ? 1e4 : 0.0;
		npTransform2 xfA = uniformXf(V(off, -off), 1.0, 3.2);
		double reach = 2.2;
		npTransform2 xfB = uniformXf(xfA.p, reach, 3.2);
		if (iter % 7 == 0)
			xfB.q = xfA.q; // aligned faces: parallel contacts, ties
		if (iter % 11 == 0)
			xfB.p = xfA.p; // same place
		double margin = iter % 3 == 0 ? 0.1 : 0.0;
		char whatAB[64], whatBA[64];
		snprintf(whatAB, sizeof whatAB, "random %d (types %d,%d) ab", iter, s[0].type, s[1].type);
		snprintf(whatBA, sizeof whatBA, "random %d (types %d,%d) ba", iter, s[0].type, s[1].type);
		pairCase c = { &s[0], xfA, &s[1], xfB };
		npManifold2 ab = checkBothOrders(whatAB, whatBA, c, margin, 1e-10 * (1.0 + off));
		if (ab.pointCount == 1 && ab.normal.x != 0.0)
			st.vertexVertex += ((ab.points[0].id >> 16) & 3u) == 0;
	}
}

// Boxes and capsules take linear separating-axis paths that rely on their fixed layout (see
// isAxisCore in src/manifold2d.c), and small polygons a branch-free full scan while larger ones stop
// early: all of them must give the manifold of the plain double loop, bit for bit. A box retyped as
// a polygon (same vertices and normals) takes the general paths, so the two manifolds must be
// identical in any pose, against every kind of shape and in both argument orders.
static void testAxisCorePaths(void)
{
	int mismatches = 0, contacts = 0;
	for (int iter = 0; iter < 6000; ++iter)
	{
		npShape2 b = uniformBox(0.05, 1.0);
		if (iter % 4 == 1)
			b.radius = rndRange(0.0, 0.3);
		npShape2 pb = b;
		pb.type = NP_SHAPE_POLYGON2;
		npShape2 other = randomShape();
		double off = iter % 5 == 4 ? 1e4 : 0.0;
		npTransform2 xfA = uniformXf(V(off, off), 1.0, 3.2);
		npTransform2 xfB = uniformXf(xfA.p, 2.0, 3.2);
		if (iter % 7 == 0)
			xfB.q = xfA.q;
		double margin = iter % 3 == 0 ? 0.1 : 0.0;
		npManifold2 fast[2] = { npCollide2(&b, xfA, &other, xfB, margin), npCollide2(&other, xfB, &b, xfA, margin) };
		npManifold2 general[2] = { npCollide2(&pb, xfA, &other, xfB, margin), npCollide2(&other, xfB, &pb, xfA, margin) };
		for (int k = 0; k < 2; ++k)
		{
			if (!sameManifold(&fast[k], &general[k]))
			{
				if (mismatches < 5)
					printf("axis core path mismatch at iteration %d (order %d, other type %d): count %d vs %d\n", iter, k,
						   other.type, fast[k].pointCount, general[k].pointCount);
				++mismatches;
			}
			contacts += fast[k].pointCount > 0;
		}
		if (iter % 16 == 0)
			checkManifold("axis core", &b, xfA, &other, xfB, margin, &fast[0]);
	}
	CHECK(mismatches == 0 && contacts > 3000, "box paths differ from the general paths in %d of 12000 cases (%d contacts)",
		  mismatches, contacts);

	// The comparison can fail: moving one vertex of the retyped box by a few ulps changes the
	// general path's numbers, and some manifolds are no longer bit for bit the same.
	int detected = 0;
	for (int iter = 0; iter < 200; ++iter)
	{
		npShape2 b = uniformBox(0.2, 1.0), pb = b;
		pb.type = NP_SHAPE_POLYGON2;
		pb.vertices[2].x = nextafter(nextafter(pb.vertices[2].x, 2.0), 2.0);
		npTransform2 xfB = uniformXf(V(0, 0), 1.2, 3.2);
		npShape2 other = box(0.5, 0.4);
		npManifold2 f = npCollide2(&b, XF(0, 0, 0), &other, xfB, 0.0), g = npCollide2(&pb, XF(0, 0, 0), &other, xfB, 0.0);
		detected += !sameManifold(&f, &g);
	}
	CHECK(detected > 0, "perturbed box not detected by the bit-for-bit comparison");
}

// Polygons large enough for the early-exit search (more than 64 vertex-edge pairs) against the
// brute-force reference, in both orders, next to small ones.
static void testLargePolygons(void)
{
	for (int iter = 0; iter < 1500; ++iter)
	{
		npShape2 s[2];
		for (int k = 0; k < 2; ++k)
		{
			int n = k == 1 && iter % 3 == 0 ? 3 + (int)rndRange(0, 6) : 9 + (int)rndRange(0, 56);
			npVec2 p[64];
			double rx = rndRange(0.2, 1.0), ry = rndRange(0.05, 1.0);
			for (int i = 0; i < n; ++i)
			{
				double a = 6.283185307179586 * (i + rndRange(0.0, 0.5)) / n;
				p[i] = V(rx * cos(a), ry * sin(a));
			}
			if (npMakePolygon2(p, n, iter % 4 == 0 ? rndRange(0.0, 0.2) : 0.0, &s[k]) != NP_OK)
				s[k] = box(0.3, 0.2);
		}
		npTransform2 xfA = uniformXf(V(0, 0), 1.0, 3.2);
		npTransform2 xfB = uniformXf(xfA.p, 2.2, 3.2);
		double margin = iter % 3 == 0 ? 0.1 : 0.0;
		char what[64];
		snprintf(what, sizeof what, "large %d (%d, %d vertices)", iter, s[0].count, s[1].count);
		pairCase c = { &s[0], xfA, &s[1], xfB };
		checkBothOrders(what, what, c, margin, 1e-10);
	}
}

// The same pair near the origin and translated to (1e4, -1e4): computing in A's frame keeps the
// results equal up to the rounding of the translated positions themselves (ulp(1e4) ~ 1.8e-12).
static void testFarOffsets(void)
{
	int compared = 0, differ = 0;
	double worstDepth = 0.0, worstPoint = 0.0, worstNormal = 0.0;
	for (int iter = 0; iter < 3000; ++iter)
	{
		npShape2 a = randomShape();
		npShape2 b = randomShape();
		npTransform2 xfA = uniformXf(V(0, 0), 1.0, 3.2);
		npTransform2 xfB = uniformXf(xfA.p, 2.0, 3.2);
		double margin = iter % 2 ? 0.1 : 0.0;
		npVec2 T = V(1e4, -1e4);
		npTransform2 farA = { add(xfA.p, T), xfA.q }, farB = { add(xfB.p, T), xfB.q };
		npManifold2 m0 = npCollide2(&a, xfA, &b, xfB, margin), m1 = npCollide2(&a, farA, &b, farB, margin);
		if (m0.pointCount == 0 && m1.pointCount == 0)
			continue;
		++compared;
		bool same = m0.pointCount == m1.pointCount;
		for (int i = 0; same && i < m0.pointCount; ++i)
		{
			same = m0.points[i].id == m1.points[i].id;
			worstDepth = fmax(worstDepth, fabs(m0.points[i].depth - m1.points[i].depth));
			worstPoint = fmax(worstPoint, len(sub(sub(m1.points[i].pointA, T), m0.points[i].pointA)));
			worstPoint = fmax(worstPoint, len(sub(sub(m1.points[i].pointB, T), m0.points[i].pointB)));
		}
		if (same)
			worstNormal = fmax(worstNormal, len(sub(m0.normal, m1.normal)));
		else
			++differ;
		checkManifold("far", &a, farA, &b, farB, margin, &m1);
	}
	CHECK(differ == 0, "far offsets: %d of %d manifolds changed their points or ids", differ, compared);
	CHECK(worstDepth <= 1e-11 && worstPoint <= 3e-11 && worstNormal <= 1e-9, // ulp(1e4) = 1.8e-12
		  "far offsets: depth %.3g, points %.3g, normal %.3g", worstDepth, worstPoint, worstNormal);
	printf("far offsets: %d manifolds at 1e4, largest differences: depth %.3g, points %.3g, normal %.3g\n", compared,
		   worstDepth, worstPoint, worstNormal);
}

// The checks can fail: a correct manifold point moved by 1e-6 off B's surface, a depth off by 1e-6,
// and a normal turned by 1e-3 must each be reported.
static void testSelfCheck(void)
{
	npShape2 a = box(1.0, 0.5), b = capsule(0.75, 0.25);
	npTransform2 xfA = XF(0.3, -0.2, 0.4), xfB = XF(0.5, 0.55, 0.45);
	npManifold2 good = npCollide2(&a, xfA, &b, xfB, 0.0);
	int p0 = passed, f0 = failed;
	checkQuiet = true;
	bool okGood = checkManifold("self-check good", &a, xfA, &b, xfB, 0.0, &good);
	npManifold2 shifted = good, deeper = good, turned = good;
	shifted.points[0].pointB = add(shifted.points[0].pointB, scale(1e-6, good.normal));
	deeper.points[0].depth += 1e-6;
	npRot2 q = npMakeRot2(1e-3);
	turned.normal = V(q.c * good.normal.x - q.s * good.normal.y, q.s * good.normal.x + q.c * good.normal.y);
	bool okShifted = checkManifold("self-check shifted", &a, xfA, &b, xfB, 0.0, &shifted);
	bool okDeeper = checkManifold("self-check deeper", &a, xfA, &b, xfB, 0.0, &deeper);
	bool okTurned = checkManifold("self-check turned", &a, xfA, &b, xfB, 0.0, &turned);
	checkQuiet = false;
	passed = p0;
	failed = f0;
	CHECK(good.pointCount > 0 && okGood && !okShifted && !okDeeper && !okTurned,
		  "self-check: good %d, shifted %d, deeper %d, turned %d (want 1 0 0 0)", okGood, okShifted, okDeeper, okTurned);
}

static void testBadInput(void)
{
	npShape2 a = box(1, 1), c = circle(1);
	npTransform2 nanXf = XF(NAN, 0, 0);
	npManifold2 m = npCollide2(&a, nanXf, &c, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0 && m.normal.x == 0.0 && m.normal.y == 0.0, "NaN transform: count %d", m.pointCount);
	m = npCollide2(NULL, XF(0, 0, 0), &c, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0, "NULL shape: count %d", m.pointCount);
	m = npCollide2(&a, XF(0, 0, 0), &c, XF(0, 0, 0), NAN);
	CHECK(m.pointCount == 0, "NaN margin: count %d", m.pointCount);
	m = npCollide2(&a, XQ(0, 0, 2, 0), &c, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0, "non-unit rotation: count %d", m.pointCount);
	npShape2 bad = a;
	bad.count = 70;
	m = npCollide2(&bad, XF(0, 0, 0), &c, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0, "bad count: count %d", m.pointCount);
	bad = a;
	bad.type = (npShapeType2)9;
	m = npCollidePolygons(&bad, XF(0, 0, 0), &a, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0, "bad type: count %d", m.pointCount);
	// Pair routines given other types dispatch like npCollide2.
	npManifold2 viaPair = npCollidePolygons(&c, XF(0, 0, 0), &a, XF(1.5, 0, 0), 0.0);
	npManifold2 viaDispatch = npCollide2(&c, XF(0, 0, 0), &a, XF(1.5, 0, 0), 0.0);
	CHECK(sameManifold(&viaPair, &viaDispatch) && viaPair.pointCount == 1,
		  "pair routine with a circle: count %d", viaPair.pointCount);
}

int main(void)
{
	testIdStability();
	testSpecialShapes();
	testRandomPairs();
	testAxisCorePaths();
	testLargePolygons();
	testFarOffsets();
	testSelfCheck();
	testBadInput();
	printReferenceStats();
	return checkSummary();
}
