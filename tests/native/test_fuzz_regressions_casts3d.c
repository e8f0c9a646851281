// Regression tests for what fuzz_casts3d's normal check (tests/fuzz/fuzz_casts3d.c) found in 3D
// shape casts: the hit's normal must support both shapes at the hit's points, each shape on its side
// of the plane through its point. Each case is the decoded failing input written out as plain
// literals (FZ_DUMP=1 prints them); the expectations are closed forms over the shapes' own points
// (quaternions applied here, by hand), never the library's output. Run under ASan/UBSan too (make
// test-san).
#include "brutesupport.h"
#include "fuzzregress.h"
#include "testvec3.h"

// fuzz_casts3d's normal check: a thin box (2.94 by 0.03 by 0.03) cast up by (-0.017, 9.83, 1e-6)
// onto a ball of radius 0.0156 centred above the middle of its top face. The contact is on that
// face: the normal (from the ball toward the box) is (0, -1, 0). The cast (two iterations) stopped on
// the face's diagonal and reported (-6e-7, -1, 1.1e-4), so the box's top face rose 3.6e-6 beyond
// the reported plane at its edge, against the check's 1e-7 of the scale (1.5e-6).
static void thinBoxCastOntoABall(void)
{
	npShape3 box, ball;
	npMakeBox3((npVec3){ 2.9375, 0.015625, 0.015625 }, &box);
	npMakeSphere(0.015625, &ball);
	npTransform3 xa = { { 0.2490234375, -0.22949218750000003, -0.20898437499999989 }, { 0.0, 0.0, 0.0, 1.0 } };
	npTransform3 xb = { { 0.2490234375, -0.00097656250000000022, -0.20898437499999989 }, { 0.0, 0.0, 0.0, 1.0 } };
	npShapeCastInput3 in = { &box, xa, { -0.016601562499999976, 9.8281249999999929, 9.9999999999999995e-07 }, &ball, xb,
							 npDefaultCastOptions3() };
	npCastHit3 h;
	CHECK(npShapeCast3(&in, &h) == NP_OK && h.hit && !h.initialOverlap, "box onto a ball: no hit");
	// The box's top face at the hit: its extent along -n beyond pointOnShape (the ball's is exact).
	npVec3 n = h.normal;
	double best = -INFINITY;
	for (int k = 0; k < 8; ++k)
	{
		npVec3 v = { xa.p.x + h.fraction * in.translation.x + ((k & 1) ? 2.9375 : -2.9375),
					 xa.p.y + h.fraction * in.translation.y + ((k & 2) ? 0.015625 : -0.015625),
					 xa.p.z + h.fraction * in.translation.z + ((k & 4) ? 0.015625 : -0.015625) };
		best = fmax(best, -(n.x * v.x + n.y * v.y + n.z * v.z));
	}
	double gap = fabs(best + (n.x * h.pointOnShape.x + n.y * h.pointOnShape.y + n.z * h.pointOnShape.z));
	CHECK(gap <= 1.5e-6, "a box cast onto a ball over its face: normal (%.17g, %.17g, %.17g), the face %.3g beyond its plane", n.x, n.y,
		  n.z, gap);
}

// fuzz_casts3d (strict normal check): a box cast 40 units against a triangle 1.5e10 long and 200
// wide ran the ray cast to its cap, and the capped path's conservative advancement reported GJK's
// direction on that needle, whose points are 1e10 long: the triangle's far corner lay 9.8e7 beyond
// the reported plane (4e-3 of the scale). The normal must support the triangle at the hit point: its
// extent along the normal beyond the point (over its three corners, closed form) within 1e-7 of
// the scale.
static void boxCastAtANeedleTriangleOnTheCappedPath(void)
{
	npShape3 box, tri;
	npMakeBox3((npVec3){ 0.9375, 0.046875, 0.2333984375 }, &box);
	npVec3 v[3] = { { 136718711.00195312, -11.459203749795348, 90.757394132977055 },
					{ 501953125.00195312, 10.704749999999999, -83.589626653505846 },
					{ 14750000000.001953, -24.73185530090332, 198.78523143617284 } };
	CHECK(npMakeTriangle3(v[0], v[1], v[2], &tri) == NP_OK, "needle triangle");
	npTransform3 xa, xb;
	CHECK(npMakeTransform3((npVec3){ -0.12500000000000008, 1000000000, 0.001 }, (npQuat){ -3.498046875, 0, 1.2119140625, -9.5380859764999997 },
						   &xa) == NP_OK &&
			  npMakeTransform3((npVec3){ -9.7500001160000007, -9.6611327214999996, 22.8388671875 },
							   (npQuat){ 11.41162109375, 11.41162109375, 11.41162109375, 11.41162109375 }, &xb) == NP_OK,
		  "transforms");
	npCastOptions3 options = { 22.8388671875, 0.0, true };
	npShapeCastInput3 in = { &box, xa, { 22.8388671875, 22.8388671875, 22.8388671875 }, &tri, xb, options };
	npCastHit3 h;
	CHECK(npShapeCast3(&in, &h) == NP_OK && h.hit, "box at the needle triangle: no hit");
	npVec3 n = h.normal;
	double extent = -INFINITY;
	for (int k = 0; k < 3; ++k)
	{
		// The corner in world space: v + 2 w (q x v) + 2 q x (q x v), for unit q = (x, y, z, w).
		npQuat q = xb.q;
		npVec3 c = { q.y * v[k].z - q.z * v[k].y, q.z * v[k].x - q.x * v[k].z, q.x * v[k].y - q.y * v[k].x };
		npVec3 cc = { q.y * c.z - q.z * c.y, q.z * c.x - q.x * c.z, q.x * c.y - q.y * c.x };
		npVec3 w = { v[k].x + 2.0 * (q.w * c.x + cc.x) + xb.p.x, v[k].y + 2.0 * (q.w * c.y + cc.y) + xb.p.y,
					 v[k].z + 2.0 * (q.w * c.z + cc.z) + xb.p.z };
		extent = fmax(extent, n.x * w.x + n.y * w.y + n.z * w.z);
	}
	double gap = extent - (n.x * h.point.x + n.y * h.point.y + n.z * h.point.z);
	CHECK(fabs(gap) <= 1.5e3, "box at a needle triangle: normal (%.17g, %.17g, %.17g), the triangle %.3g beyond its plane", n.x,
		  n.y, n.z, gap);
}

// fuzz_casts3d (strict normal check): a box at the origin touching a hull 4.4e10 long and about
// 1,000 wide, with no translation: the ray cast ran to its cap at fraction 0, and the initial
// contact's normal was GJK's direction there, 1.4e-6 rad off the hull's face, so the hull reached
// 18,500 beyond the reported plane. Closed form as above: the hull's extent along the normal beyond
// the hit point, over its points, within 1e-7 of the scale (4.4e3).
static void boxTouchingANeedleHullWithoutMoving(void)
{
	npShape3 box, hullShape;
	static npHull3 hull;
	npMakeBox3((npVec3){ 0.9375, 0.046875, 3.984375 }, &box);
	npVec3 p[11] = { { 200.72951507568359, 13552734768.323093, 367.08661651611328 },
					 { 200.72951507568359, 13552734768.323093, 367.08661651611328 },
					 { -398.55121231079102, -30118165003.442268, -816.6335563659668 },
					 { -398.55270576477051, -30126954065.942268, -816.75267219543457 },
					 { 9.6322650909423864, -30118164083.25, -408.4500789642334 } };
	for (int k = 5; k < 11; ++k)
		p[k] = (npVec3){ 14.75, -20.75, -0.2666015625 };
	CHECK(npMakeHull3(p, 11, &hull) == NP_OK && npMakeHullShape3(&hull, &hullShape) == NP_OK, "needle hull");
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npShapeCastInput3 in = { &box, id, { 0, 0, 0 }, &hullShape, id, npDefaultCastOptions3() };
	npCastHit3 h;
	CHECK(npShapeCast3(&in, &h) == NP_OK && h.hit && h.fraction == 0.0, "box on the needle hull: no contact at 0");
	npVec3 n = h.normal;
	double extent = -INFINITY;
	for (int k = 0; k < 11; ++k)
		extent = fmax(extent, n.x * p[k].x + n.y * p[k].y + n.z * p[k].z);
	double gap = extent - (n.x * h.point.x + n.y * h.point.y + n.z * h.point.z);
	CHECK(fabs(gap) <= 4.4e3, "box on a needle hull: normal (%.17g, %.17g, %.17g), the hull %.3g beyond its plane", n.x, n.y, n.z,
		  gap);
}

// For a box cast at a target of `count` points (local to the target): how far the target's points
// reach beyond the plane through h->point along h->normal (the largest), and the box's corners at
// the hit fraction along the normal from h->pointOnShape (the smallest; 0 when the plane through
// pointOnShape bounds the box). Quaternions applied here, independent of the library's transforms.
static void castHitPlaneGaps(const npShapeCastInput3* in, const npCastHit3* h, const npVec3* points, int count, double* beyond,
							 double* below)
{
	npVec3 n = h->normal, half = in->shape->halfExtents, r = in->translation;
	npTransform3 xa = in->transform, xb = in->targetTransform;
	*beyond = -INFINITY;
	for (int k = 0; k < count; ++k)
	{
		npVec3 w = rotateByQuat(xb.q, points[k]);
		w = (npVec3){ w.x + xb.p.x - h->point.x, w.y + xb.p.y - h->point.y, w.z + xb.p.z - h->point.z };
		*beyond = fmax(*beyond, n.x * w.x + n.y * w.y + n.z * w.z);
	}
	*below = INFINITY;
	for (int k = 0; k < 8; ++k)
	{
		npVec3 c = { (k & 1) ? half.x : -half.x, (k & 2) ? half.y : -half.y, (k & 4) ? half.z : -half.z };
		c = rotateByQuat(xa.q, c);
		c = (npVec3){ c.x + xa.p.x + h->fraction * r.x - h->pointOnShape.x, c.y + xa.p.y + h->fraction * r.y - h->pointOnShape.y,
					  c.z + xa.p.z + h->fraction * r.z - h->pointOnShape.z };
		*below = fmin(*below, n.x * c.x + n.y * c.y + n.z * c.z);
	}
}

// fuzz_casts3d: a box (0.94 x 0.047 x 3.98 half extents, turned half a turn about z) cast 1e6 along
// y at a hull 1e6 long and a few dozen wide. GJK's ray cast stopped on a triangle of A - B whose
// corners came from two box vertices and three hull vertices, across two facets of the difference
// meeting at a nearly flat angle; its normal was that triangle's, 1e-5 rad off the hull's face, and
// the hull's far end stood 1.33 beyond the reported plane. The closest features' normal supports both
// shapes at the hit points: checked over the hull's vertices and the box's corners (quaternions
// applied here, by hand).
static void boxCastAlongAHullNeedleGetsItsFaceNormal(void)
{
	static const npVec3 p[33] = {
		{ -9.5380859764999997, -9.7499999650000007, 8.7841796875 }, { 0.2490234375, -18.25, 28.499023437499996 },
		{ 9.6376953125, -20.581054687500004, 9.9999999999999995e-07 }, { 1000000, -2.0673828125, -9.5380859375 },
		{ -9.7333984375, -9.5380859375, 25.7119140235 }, { 0.0341796875, 8.7841796875, 24.25 },
		{ 1000000, 1000000, -2.0673828125 }, { 9.00390625, -9.5380859764999997, -9.5380858355000004 },
		{ -9.744140625, -9.5380859375, -9.5380859764999997 }, { -9.7499999650000007, 8.7841796875, 0.029296875 },
		{ -0.0009765625, 0.038085937500000028, -20.0009765625 }, { 1000000, -0, -17.208984374999996 },
		{ -22.5009765625, -20.518554687500011, 1000000 }, { -0, -17.208984374999996, 1.2119140625 },
		{ 1000000, -2.0673828125, 4.28515625 }, { -9.5380859764999997, -9.5380858355000004, -9.5380859764999997 },
		{ -9.7490234465000007, 4.9406564584124654e-324, -9.5009765625 }, { -9.7460937510000001, 1.4999999999999991, -9.5380859764999997 },
		{ -9.5380859764999997, 8.7841796875, 0.2490234375 }, { -0.24999999999999989, -28.5009765625, 1000000 },
		{ -9.5380859375, -9.5380859764999997, 25.7119140235 }, { 0.13671875, -9.5380859764999997, -9.5380859764999997 },
		{ 8.7841796875, 8.8125, 7.7255859375 }, { -0.0009765625, 1.037109375, 0.001 },
		{ -9.5380859764999997, 8.7841796875, 8.8125 }, { -6.0009765625, 10.7490234375, -0.24999999999999981 },
		{ -20.5009765625, -20.518554687500011, 1000000 }, { -9.7119140285000007, -9.5380859764999997, -9.5380859764999997 },
		{ -9.5380859375, 8.7841796875, 17.568359375 }, { 17.568359375, 17.568359375, 17.568359375 },
		{ 11.75, 17.568359375, 17.568359375 }, { 17.568359375, 17.5625, 0 },
		{ 9.7871093750000107, -9.75, 8.7841796875 },
	};
	static npHull3 hull;
	npShape3 box, needle;
	npVec3 half = { 0.9375, 0.046875, 3.984375 };
	CHECK(npMakeBox3(half, &box) == NP_OK && npMakeHull3(p, 33, &hull) == NP_OK && npMakeHullShape3(&hull, &needle) == NP_OK,
		  "shapes");
	npTransform3 xa, xb;
	CHECK(npMakeTransform3((npVec3){ -0.13964839549999999, -0.0009765625, 1.037109375 },
						   (npQuat){ -0.081054687500000042, 9.9999999999999995e-07, 1000000, -0.0 }, &xa) == NP_OK &&
			  npMakeTransform3((npVec3){ -17.208984374999996, 9.6611328125, -0.081054687500000042 },
							   (npQuat){ 1000000, 1000000, -2.0673828125, 4.28515625 }, &xb) == NP_OK,
		  "transforms");
	npCastOptions3 options = npDefaultCastOptions3();
	options.ignoreSeparating = true;
	npVec3 r = { -9.5810546875, 1000000, -2.0673828125 };
	npShapeCastInput3 in = { &box, xa, r, &needle, xb, options };
	npCastHit3 h;
	CHECK(npShapeCast3(&in, &h) == NP_OK && h.hit && !h.initialOverlap, "box cast at the needle: no hit");
	npVec3 n = h.normal;
	double beyond, below;
	castHitPlaneGaps(&in, &h, p, 33, &beyond, &below);
	CHECK(fabs(beyond) <= 1e-3 && fabs(below) <= 1e-3,
		  "box cast along a hull needle: normal (%.17g, %.17g, %.17g), the hull %.3g beyond its plane, the box %.3g", n.x, n.y,
		  n.z, beyond, below);
}

// make fuzz-smoke, once fuzz_casts3d's normal check was fatal: a box cast at a triangle 1.5e10 long
// and 200 wide hit on the ray cast's main path with a triangle of the difference that is the needle
// triangle itself (one box corner against its three vertices), but GJK's closest points on it were
// good to about the gap only, and the normal was the gap's direction: the triangle's far corner 6e9
// beyond the reported plane. agreedNormal (cast3d.c) compares it with the triangle's own normal by
// support queries. Checked by hand: the triangle's corners and the box's corners against the plane
// through the hit points (quaternions applied here), within 20 (1e-9 of the scale).
static void boxCastAtANeedleTriangleOnTheMainPath(void)
{
	npVec3 t[3] = { { 136718708.70126247, -11.459203749795348, 90.757394132977055 },
					{ 501953127.11254883, 10.704749999999999, -83.589626653505846 },
					{ 14749999995.056658, -24.73185530090332, 198.78523143617284 } };
	npVec3 half = { 0.9375, 0.046875, 0.2333984375 };
	npShape3 box, needle;
	CHECK(npMakeBox3(half, &box) == NP_OK && npMakeTriangle3(t[0], t[1], t[2], &needle) == NP_OK, "shapes");
	npTransform3 xa, xb;
	CHECK(npMakeTransform3((npVec3){ -0.12500000000000008, 1000000000, 0.001 }, (npQuat){ -3.498046875, 0, 1.2119140625, 11.2119140235 },
						   &xa) == NP_OK &&
			  npMakeTransform3((npVec3){ -9.7500001160000007, -9.6611327214999996, 22.8388671875 },
							   (npQuat){ 11.41162109375, 11.41162109375, 11.41162109375, 11.41162109375 }, &xb) == NP_OK,
		  "transforms");
	npCastOptions3 options = npDefaultCastOptions3();
	options.maxFraction = 22.8388671875;
	options.ignoreSeparating = true;
	npVec3 r = { 22.8388671875, 22.8388671875, 22.8388671875 };
	npShapeCastInput3 in = { &box, xa, r, &needle, xb, options };
	npCastHit3 h;
	CHECK(npShapeCast3(&in, &h) == NP_OK && h.hit && !h.initialOverlap, "box cast at the needle triangle: no hit");
	npVec3 n = h.normal;
	double beyond, below;
	castHitPlaneGaps(&in, &h, t, 3, &beyond, &below);
	CHECK(fabs(beyond) <= 20.0 && fabs(below) <= 20.0,
		  "box cast at a needle triangle: normal (%.17g, %.17g, %.17g), the triangle %.3g beyond its plane, the box %.3g", n.x, n.y, n.z,
		  beyond, below);
}

// fuzz_casts3d: a box touching a needle hull 4.5e10 long and a few units across, at fraction 0 with a
// zero translation (an overlap test, a contact within the cast's accuracy). GJK's simplex is an
// exact edge-against-edge triangle (a box edge, the needle's edge) but shorter than the gap, so the
// normal was the gap's direction, 4e-7 rad off the edge pair's: the needle's far end 6,220 beyond
// the plane. npSimplexNormalRival3 offers the triangle's normal when the triangle is a million
// times longer than the gap, and the cast weighs the two. Checked by hand as above, within 30
// (1e-9 of the needle's length).
static void boxTouchingANeedleAlongItsEdge(void)
{
	static const npVec3 p[11] = {
		{ 0.5019531250019531, 0.10000000000000001, 8.756835937233399 }, { 0.7083606719970702, 1211914062.5999999, 1211922.7542476654 },
		{ 3.0963706969453111, 15377929687.6, 15377940.987204563 }, { -4.6157817840576145, -30118164062.400002, -30118155.305664062 },
		{ 2.0573863983154288, 9500000000.1000004, 9500016.7863855362 }, { 0.501953125, 0.10000000000000001, 8.7568359375 },
		{ 0.501953125, 0.10000000000000001, 8.7568359375 }, { 0.501953125, 0.10000000000000001, 8.7568359375 },
		{ 0.501953125, 0.10000000000000001, 8.7568359375 }, { 0.501953125, 0.10000000000000001, 8.7568359375 },
		{ 0.501953125, 0.10000000000000001, 8.7568359375 },
	};
	static npHull3 hull;
	npShape3 box, needle;
	CHECK(npMakeBox3((npVec3){ 0.9375, 0.046875, 3.984375 }, &box) == NP_OK && npMakeHull3(p, 11, &hull) == NP_OK &&
			  npMakeHullShape3(&hull, &needle) == NP_OK,
		  "shapes");
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npShapeCastInput3 in = { &box, id, { 0, 0, 0 }, &needle, id, npDefaultCastOptions3() };
	npCastHit3 h;
	CHECK(npShapeCast3(&in, &h) == NP_OK && h.hit && h.fraction == 0.0, "box at the needle: no contact at 0");
	npVec3 n = h.normal;
	double beyond, below;
	castHitPlaneGaps(&in, &h, p, 11, &beyond, &below);
	CHECK(fabs(beyond) <= 30.0 && fabs(below) <= 30.0,
		  "box touching a needle along its edge: normal (%.17g, %.17g, %.17g), the needle %.3g beyond its plane, the box %.3g", n.x, n.y,
		  n.z, beyond, below);
}

// fuzz_casts3d (strict normal check): a hull of 7 points, two of them 1e6 out (along x and z), cast
// by (-0.127, -22.0, 0) at a capsule of radius and half height 1/64 whose axis lies along x. The
// hull's face through (1e6, 0, 0.25), (-9.54, 0.034, 8.81) and (0.249, 10.75, 0) meets the
// capsule; its normal leans 6.6e-6 rad off the plane perpendicular to the capsule's axis, so it
// touches the end of the capsule's cylinder, where the face's normal is the contact's. GJK's ray
// cast stopped on a triangle of two hull vertices and both capsule ends, whose indices name an
// edge-against-edge facet that is not one (the hull's edge is not on its silhouette across the
// capsule's axis): its normal, perpendicular to the axis, put the hull's vertex 1e6 out 6.63 beyond
// the reported plane. Expected, by hand: the face's normal (cross product in long double) within
// 1e-9, and the plane through each hit point bounding its shape within 1e-7 of the scale.
static void capsuleHitByAHullFaceTiltedFromItsAxis(void)
{
	static const npVec3 p[7] = { { -0.0009765625, 28.25, 1000000 },
								 { 1000000, 0, 0.25 },
								 { -9.5380859375000124, 0.034179722500000002, 8.8125 },
								 { 0.2490234375, 10.7490234375, 0 },
								 { 0, 24.09375, 24.09375 },
								 { 24.09375, 24.09375, 24.59375 },
								 { 24.09375, 24.09375, 24.09375 } };
	static npHull3 hull;
	npShape3 hullShape, capsule;
	CHECK(npMakeHull3(p, 7, &hull) == NP_OK && npMakeHullShape3(&hull, &hullShape) == NP_OK &&
			  npMakeCapsule3(0.015625, 0.015625, &capsule) == NP_OK,
		  "shapes");
	npTransform3 xa, xb;
	CHECK(npMakeTransform3((npVec3){ 0, 0, 0 }, (npQuat){ 0, 0, 0, 1 }, &xa) == NP_OK &&
			  npMakeTransform3((npVec3){ 0, 0.2490234375, 0.1689453125 }, (npQuat){ 1000000, 1000000, 0, -0.0 }, &xb) == NP_OK,
		  "transforms");
	npShapeCastInput3 in = { &hullShape, xa, { -0.12695312500000008, -21.9970703125, 0 }, &capsule, xb, npDefaultCastOptions3() };
	npCastHit3 h;
	CHECK(npShapeCast3(&in, &h) == NP_OK && h.hit && !h.initialOverlap, "the hull hits the capsule");

	// The face's normal, from the capsule toward the hull (the face's inward side), in long double.
	long double e1[3] = { (long double)p[2].x - p[1].x, (long double)p[2].y - p[1].y, (long double)p[2].z - p[1].z };
	long double e2[3] = { (long double)p[3].x - p[1].x, (long double)p[3].y - p[1].y, (long double)p[3].z - p[1].z };
	long double c[3] = { e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0] };
	long double len = sqrtl(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
	long double inward = c[0] * ((long double)p[4].x - p[1].x) + c[1] * ((long double)p[4].y - p[1].y) +
						 c[2] * ((long double)p[4].z - p[1].z);
	long double sign = inward > 0 ? 1.0L : -1.0L;
	npVec3 face = { (double)(sign * c[0] / len), (double)(sign * c[1] / len), (double)(sign * c[2] / len) };
	npVec3 n = h.normal;
	double off = fmax(fabs(n.x - face.x), fmax(fabs(n.y - face.y), fabs(n.z - face.z)));
	CHECK(off <= 1e-9, "hull face on a capsule: normal (%.17g, %.17g, %.17g), the face's (%.17g, %.17g, %.17g)", n.x, n.y, n.z, face.x,
		  face.y, face.z);

	// The hull (moved to the hit) behind the plane through pointOnShape, against the normal; the
	// capsule (its axis ends turned by hand, plus its radius) behind the plane through point, along it.
	double hullBeyond = -INFINITY;
	for (int k = 0; k < 7; ++k)
	{
		npVec3 w = { p[k].x + h.fraction * in.translation.x - h.pointOnShape.x, p[k].y + h.fraction * in.translation.y - h.pointOnShape.y,
					 p[k].z + h.fraction * in.translation.z - h.pointOnShape.z };
		hullBeyond = fmax(hullBeyond, -(n.x * w.x + n.y * w.y + n.z * w.z));
	}
	double capsuleBeyond = -INFINITY;
	for (int k = 0; k < 2; ++k)
	{
		npVec3 end = rotateByQuat(xb.q, (npVec3){ 0, k ? 0.015625 : -0.015625, 0 });
		npVec3 w = { end.x + xb.p.x - h.point.x, end.y + xb.p.y - h.point.y, end.z + xb.p.z - h.point.z };
		capsuleBeyond = fmax(capsuleBeyond, n.x * w.x + n.y * w.y + n.z * w.z + 0.015625);
	}
	CHECK(fabs(hullBeyond) <= 0.17 && fabs(capsuleBeyond) <= 0.17,
		  "hull face on a capsule: the hull %.3g beyond the plane through its point, the capsule %.3g", hullBeyond, capsuleBeyond);
}

// fuzz_casts3d (strict normal check): a capsule (radius and half height 2.97, turned half a turn
// about (0, 1, 1)) cast by (-0.001, 2.29, 0) at a hull needle 1e9 long, against its long face
// near the base. GJK's ray cast stopped on a triangle of both capsule ends and three hull vertices,
// across facets; the polish searched only a cone of 1.4e-3 rad around that triangle's normal,
// which lay 1.3e-3 rad off the needle's face, and found nothing better: the needle's far end stood
// 1.3e6 beyond the reported plane. Expected, by hand: the needle's points behind the plane through
// `point` and the capsule's behind the plane through `pointOnShape`, within 1e-7 of the scale
// (the needle's 1e9: 100).
static void capsuleCastAtANeedleFace(void)
{
	static const npVec3 p[21] = { { 3, 3, 0.5 }, { -0.5654296875, 0.0947265625, 0.005859375 }, { -16.508789062499982, 3, 3 },
								  { 3, 3, 3 }, { -21.21875, 10.541015625000009, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
								  { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
								  { 0, 0.1845703125, 3 }, { 3, 3, 1000000000 }, { -1.208984375, 1.4375, 0.4345703125 },
								  { 0, 0, 0 }, { 2.5341796875, 0.0576171875, 0.6689453125 }, { 0, 0, 0 }, { 3, 3, 3 } };
	static npHull3 hull;
	npShape3 needle, capsule;
	CHECK(npMakeHull3(p, 21, &hull) == NP_OK && npMakeHullShape3(&hull, &needle) == NP_OK &&
			  npMakeCapsule3(2.96875, 2.96875, &capsule) == NP_OK,
		  "shapes");
	npTransform3 xa, xb;
	CHECK(npMakeTransform3((npVec3){ 2.5341796875, 0.0576171875, 0.6689453125 },
						   (npQuat){ -0.00097656250000000065, 1000000, 1000000, 5.01953125 }, &xa) == NP_OK &&
			  npMakeTransform3((npVec3){ 5.01953125, 5.01953125, 0 }, (npQuat){ 0, 0, 0, 1 }, &xb) == NP_OK,
		  "transforms");
	npShapeCastInput3 in = { &capsule, xa, { -0.0009765625, 2.28515625, 0 }, &needle, xb, npDefaultCastOptions3() };
	npCastHit3 h;
	CHECK(npShapeCast3(&in, &h) == NP_OK && h.hit && !h.initialOverlap, "the capsule hits the needle");

	npVec3 n = h.normal;
	double needleBeyond = -INFINITY;
	for (int k = 0; k < 21; ++k)
	{
		npVec3 w = { p[k].x + xb.p.x - h.point.x, p[k].y + xb.p.y - h.point.y, p[k].z + xb.p.z - h.point.z };
		needleBeyond = fmax(needleBeyond, n.x * w.x + n.y * w.y + n.z * w.z);
	}
	double capsuleBeyond = -INFINITY;
	for (int k = 0; k < 2; ++k)
	{
		npVec3 end = rotateByQuat(xa.q, (npVec3){ 0, k ? 2.96875 : -2.96875, 0 });
		npVec3 w = { end.x + xa.p.x + h.fraction * in.translation.x - h.pointOnShape.x,
					 end.y + xa.p.y + h.fraction * in.translation.y - h.pointOnShape.y,
					 end.z + xa.p.z + h.fraction * in.translation.z - h.pointOnShape.z };
		capsuleBeyond = fmax(capsuleBeyond, -(n.x * w.x + n.y * w.y + n.z * w.z) + 2.96875);
	}
	CHECK(fabs(needleBeyond) <= 100.0 && fabs(capsuleBeyond) <= 100.0,
		  "capsule at a needle face: normal (%.17g, %.17g, %.17g), the needle %.3g beyond the plane through its point, the capsule %.3g",
		  n.x, n.y, n.z, needleBeyond, capsuleBeyond);
}

// How far `count` points of a shape placed by (q, offset) reach beyond the plane through `through`
// with normal n: the largest n . (q p q* + offset - through). Quaternion applied by hand.
static double reachBeyond(const npVec3* points, int count, npQuat q, npVec3 offset, npVec3 n, npVec3 through)
{
	double beyond = -INFINITY;
	for (int k = 0; k < count; ++k)
	{
		npVec3 w = rotateByQuat(q, points[k]);
		w = (npVec3){ w.x + offset.x - through.x, w.y + offset.y - through.y, w.z + offset.z - through.z };
		beyond = fmax(beyond, n.x * w.x + n.y * w.y + n.z * w.z);
	}
	return beyond;
}

// fuzz_casts3d (strict normal check), two casts whose shapes touch at fraction 0 (within the
// cast's reach, not overlapping), so the initial-contact path decides the normal: a hull with a
// vertex at (1e9, 1e9, 1e9) moved 1e-6 past a ball of radius 0.61, and a hull moved at a hull with
// a vertex at (1e6, 1e9, 0) with ignoreSeparating. That path took GJK's normal without asking
// whether its last triangle was a facet of the difference; both were triangles across two facets,
// and the needles stood 7.06e5 and 9.93e5 beyond the reported planes. Expected, by hand: each
// shape's points behind the plane through its hit point, within 1e-7 of the scale (the needles'
// 1e9: 100 here).
static void needlesTouchingAtTheStart(void)
{
	static const npVec3 a[12] = { { -28.1103515625, -28.1103515625, -28.25 }, { -0.1865234375, 0.1923828125, 2 },
								  { -15.5, 12, -28.1103515625 }, { -28.1103515625, 9.7880859375, 9.7880859375 },
								  { -0.08203125, -20.83203125, 9.9999999999999995e-07 }, { 9.9999999999999995e-07, 9.9999999999999995e-07, 0.5 },
								  { -23.029296875, -1.602832976200482e-180, 25.3486328125 }, { 9.7880859375, 9.7880859375, 9.7880859375 },
								  { 9.7880859375, 9.9999999999999995e-07, 9.9999999999999995e-07 },
								  { 9.9999999999999995e-07, 9.9999999999999995e-07, 1000000 }, { 1000000000, 1000000000, 1000000000 },
								  { 1.0000000000000001e-15, 0, 0 } };
	static npHull3 hullA;
	npShape3 needle, ball;
	CHECK(npMakeHull3(a, 12, &hullA) == NP_OK && npMakeHullShape3(&hullA, &needle) == NP_OK && npMakeSphere(0.609375, &ball) == NP_OK,
		  "shapes");
	npTransform3 xa, xb;
	CHECK(npMakeTransform3((npVec3){ -8.248046875, -28.110351562500004, -28.1103515625 },
						   (npQuat){ -28.1103515625, -28.1103515625, -28.1103515625, 0 }, &xa) == NP_OK &&
			  npMakeTransform3((npVec3){ 0.1396484375, -28.1103515625, -28.110351562500004 },
							   (npQuat){ 9.7880859375, 1.9716796875, 14.9189453125, 1000000 }, &xb) == NP_OK,
		  "transforms");
	npShapeCastInput3 in = { &needle, xa, { 9.9999999999999995e-07, 1.0000000000000001e-09, 4.9406564584124654e-324 }, &ball, xb,
							 npDefaultCastOptions3() };
	npCastHit3 h;
	CHECK(npShapeCast3(&in, &h) == NP_OK && h.hit && h.fraction == 0.0, "needle and ball: a contact at 0");
	npVec3 n = h.normal, back = { -n.x, -n.y, -n.z };
	double needleBeyond = reachBeyond(a, 12, xa.q, xa.p, back, h.pointOnShape);
	double ballBeyond = n.x * (xb.p.x - h.point.x) + n.y * (xb.p.y - h.point.y) + n.z * (xb.p.z - h.point.z) + 0.609375;
	CHECK(fabs(needleBeyond) <= 100.0 && fabs(ballBeyond) <= 100.0,
		  "needle touching a ball: normal (%.17g, %.17g, %.17g), the needle %.3g beyond its plane, the ball %.3g", n.x, n.y, n.z,
		  needleBeyond, ballBeyond);

	static const npVec3 b[12] = { { 9.7880859375, 9.7880859375, 9.7880859375 }, { -1e-300, 9.7880859375, 12 },
								  { 9.7880859375, 9.7880859375, 9.7568359375 }, { 9.7880859375, 9.9999999999999995e-07, 0.5 },
								  { 9.7880859375, -18.064453125, 0.10000000000000001 },
								  { 0.10000000000000001, 0.10000000000000001, 0.10000000000000001 },
								  { 0.10000000000000001, 0.10000000000000001, 0.10000000000000001 },
								  { 3.435546875, 3.2626953125, 9.7880859375 }, { 9.7880859375, 9.7880859375, 9.7861328125 },
								  { -0.5654296875, 3, 3 }, { 0.3359375, -16.7490234375, 4 }, { -0.5654296875, 17.434570312499989, -1e-300 } };
	static const npVec3 c[15] = { { 1000000, 1000000000, -1e-300 }, { 1000000, 3.2626953125, 3.2626953125 },
								  { 3.2880859375, 9.7880859375, 9.7880859375 }, { 9.7880859375, -25.9462890625, -16.565429687500011 },
								  { 3, 0.3359375, -16.7490234375 }, { 0.005859375, -0.5654296875, 17.434570312499989 },
								  { 9.7880859375, 9.91796875, 9.9999999999999995e-07 }, { 9.9999999999999995e-07, 3, 0.5 },
								  { -1, 0.25, -20.83203125 }, { 9.7880859375, 9.7880859375, 9.7880859375 },
								  { 9.7880859375, 9.7880859375, 9.92578125 }, { 9.7880859375, 12, 9.7880859375 },
								  { 9.7880859375, 9.7568359375, 9.7880859375 }, { 9.9999999999999995e-07, 0.5, 9.7880859375 },
								  { -18.064453125, 0.10000000000000001, 0.10000000000000001 } };
	static npHull3 hullB, hullC;
	npShape3 mover, target;
	CHECK(npMakeHull3(b, 12, &hullB) == NP_OK && npMakeHullShape3(&hullB, &mover) == NP_OK && npMakeHull3(c, 15, &hullC) == NP_OK &&
			  npMakeHullShape3(&hullC, &target) == NP_OK,
		  "hulls");
	CHECK(npMakeTransform3((npVec3){ 0.1, 0.1, 0.1 }, (npQuat){ 0.1, 0.1, 0.1, 3.2626953125 }, &xa) == NP_OK &&
			  npMakeTransform3((npVec3){ 9.7880859375, 9.7880859375, 9.7880859375 },
							   (npQuat){ 9.7861328125, -1e-300, -16.565429687500011, 3 }, &xb) == NP_OK,
		  "transforms");
	npShapeCastInput3 in2 = { &mover, xa, { 1.0000000000000001e-09, 22.2470703125, -0.0 }, &target, xb, { 1.0, 0.0, true } };
	CHECK(npShapeCast3(&in2, &h) == NP_OK && h.hit && h.fraction == 0.0, "hull and needle: a contact at 0");
	n = h.normal;
	back = (npVec3){ -n.x, -n.y, -n.z };
	double moverBeyond = reachBeyond(b, 12, xa.q, xa.p, back, h.pointOnShape);
	double targetBeyond = reachBeyond(c, 15, xb.q, xb.p, n, h.point);
	CHECK(fabs(moverBeyond) <= 100.0 && fabs(targetBeyond) <= 100.0,
		  "hull touching a needle: normal (%.17g, %.17g, %.17g), the hull %.3g beyond its plane, the needle %.3g", n.x, n.y, n.z,
		  moverBeyond, targetBeyond);
}

// fuzz_casts3d's TOI point check: a flat hull (a triangle 1.25 long, 0.007 wide) whose corner
// starts on a corner of another hull, with a target distance of 0.77. 'overlapped' at 0, where the
// cores touch without depth: the penetration query has no points, and pointA / pointB came out
// (0, 0, 0), 3.5 off both shapes, and the normal was an arbitrary +x. Expected: 'overlapped'; the
// points within their shapes posed at 0 (brute force over the hulls' own points, textbook
// quaternion), at most the target apart, and a normal along which the hulls do not overlap.
static BruteCore3 touchA, touchB;
static void hullsTouchingAtACornerInATimeOfImpact(void)
{
	const npVec3 pointsA[] = { { 0, 0, 1.2509765625 }, { 0.0068359375, -0.00097656250000000022, -0.00097656250000000022 }, { 0, 0, 0 } };
	const npVec3 pointsB[] = { { 0, 0, 0.0078125 }, { 0, 0.0048828125, -0.0009765625 }, { 0.0068359375, -0.00097656250000000022, -0.00097656250000000022 },
							   { 0.509765625, 2.7490234375, 2.7490234375 }, { 2, 2, 2 }, { 0, 0, 0 } };
	static npHull3 hullA, hullB;
	npShape3 a, b;
	CHECK(npMakeHull3(pointsA, 3, &hullA) == NP_OK && npMakeHull3(pointsB, 6, &hullB) == NP_OK && npMakeHullShape3(&hullA, &a) == NP_OK &&
			  npMakeHullShape3(&hullB, &b) == NP_OK,
		  "hulls touching at a corner: shapes");
	npTransform3 fromA = { { 2, 2, 2 }, { 0.57735026918962584, 0.57735026918962584, 0.57735026918962584, 0 } };
	npTransform3 toA = { { 2, 2, 2 }, { 0.5, 0.5, 0.5, 0.5 } };
	npTransform3 fromB = { { 0, 0, 0 }, { 0.5758526005989556, 0.5758526005989556, 0.5758526005989556, 0.07198157507486945 } };
	npTransform3 toB = { { 2, 2, 2 }, { 0.61280933620262579, 3.0640466810131291e-07, 0.18192777168515453, 0.76900390334020907 } };
	npToiInput3 in = { &a, { fromA, toA, { 10.0986328125, -30.751953124999986, 0 } }, &b, { fromB, toB, { 8.25, 0, 0 } }, 0.76953125, 1e-9 };
	npToiOutput3 out;
	CHECK(npTimeOfImpact3(&in, &out) == NP_OK && out.state == NP_TOI3_OVERLAPPED, "hulls touching at a corner: state %d", out.state);
	bruteCore3(&a, fromA, &touchA);
	bruteCore3(&b, fromB, &touchB);
	double gap = sqrt((out.pointA.x - out.pointB.x) * (out.pointA.x - out.pointB.x) + (out.pointA.y - out.pointB.y) * (out.pointA.y - out.pointB.y) +
					  (out.pointA.z - out.pointB.z) * (out.pointA.z - out.pointB.z));
	bool inA = bruteWithin3(&a, &touchA, out.pointA, 1e-9), inB = bruteWithin3(&b, &touchB, out.pointB, 1e-9);
	CHECK(inA && inB && gap <= 0.76953125, "hulls touching at a corner: pointA (%.17g, %.17g, %.17g) within A %d, pointB within B %d, %.17g apart",
		  out.pointA.x, out.pointA.y, out.pointA.z, inA, inB, gap);
	// The normal separates the touching hulls: A reaches along it no farther than B begins (brute
	// force over their points), as a normal from A to B must (before: an arbitrary +x).
	npVec3 n = out.normal, back = { -n.x, -n.y, -n.z };
	double overlap = bruteSupport3(&a, fromA, n) + bruteSupport3(&b, fromB, back);
	CHECK(overlap <= 1e-9 * 40.0, "hulls touching at a corner: the normal (%.17g, %.17g, %.17g) overlaps them by %.3g", n.x, n.y, n.z, overlap);
}

// fuzz_casts3d's normal check: a hull 54 across overlapping a flat hull needle 3.5e7 long by 6.66,
// cast with a zero translation (seed regression-cast-zero-translation-through-a-flat-needle). The
// brute force (long double, every face normal and edge pair) finds no separating axis and a depth
// of 6.66; an exact rational SAT over the library's own hull vertices agrees. GJK's tetrahedron
// held the origin, but its weights measured from the needle's far corner put -9e-6 on that corner:
// npDistance3 said 0.38 apart, npPenetration3 not overlapping, and the cast reported a hit at
// fraction 0 that was not an initial overlap, with the overlap's normal and GJK's points (the hull
// 7.03 beyond pointOnShape). Expected: an initial overlap of the brute force's depth (1e-9 of the
// scale), and npDistance3 0.
static void zeroTranslationThroughAFlatNeedle(void)
{
	const npVec3 pointsA[] = { { -26.85546875, -26.85546875, -26.85546875 }, { -26.85546875, 0, -26.85546875 }, { 9.7880859375, 17.568359375, 9.79296875 },
							   { 17.568359375, 7.5380859375, 9.8564453125 }, { 27.3564453125, 27.3564453125, 27.3564453125 },
							   { 27.3564453125, 27.3564453125, 27.2529296875 } };
	const npVec3 pointsB[] = { { 18.474609375, -6.7890625, -6.7802734375 }, { 9818386.6679677498, 17568369.154295877, 17568369.163084939 },
							   { -176.05348205566406, -354.07691955566406, -354.06813049316406 }, { 39.323997536558593, 23.778099099058593, 23.786888161558593 },
							   { -278.53076171875, -538.23193359375, -538.22314453125 }, { 15.911842385191406, 2.2428970726914059, 2.2516861351914059 },
							   { -39.164956921508789, -130.5987948121338, -130.5900057496338 }, { 27.274768829345703, 9.7459602355957031, 9.7547492980957031 } };
	static npHull3 hullA, hullB;
	npShape3 a, b;
	CHECK(npMakeHull3(pointsA, 6, &hullA) == NP_OK && npMakeHull3(pointsB, 8, &hullB) == NP_OK && npMakeHullShape3(&hullA, &a) == NP_OK &&
			  npMakeHullShape3(&hullB, &b) == NP_OK,
		  "through a flat needle: shapes");
	npTransform3 xa = { { -0.00097656250000000022, -0.25097656250000006, -0.00097656250000000022 },
						{ -0.49999999999999989, -0.50000000000000044, -0.49999999999999989, -0.49999999999999972 } };
	npTransform3 xb = { { 0, -0.25, -0.0009765625 }, { -0.99992799877616478, 4.7999543912750418e-08, 4.7999543912750418e-08, -0.011999885978187606 } };
	bruteCore3(&a, xa, &touchA);
	bruteCore3(&b, xb, &touchB);
	double depth = bruteCoreDepth3(&touchA, &touchB);
	npShapeCastInput3 in = { &a, xa, { 0, 0, 0 }, &b, xb, npDefaultCastOptions3() };
	npCastHit3 h;
	CHECK(depth > 6.0 && npShapeCast3(&in, &h) == NP_OK, "through a flat needle: brute-force depth %.17g", depth);
	double apart = npDistance3(&a, xa, &b, xb).distance;
	CHECK(h.hit && h.initialOverlap && fabs(h.penetration - depth) <= 1e-9 * 3.6e7 && apart == 0.0,
		  "through a flat needle, not moving: brute-force depth %.17g; hit %d at %.17g, initial %d, penetration %.17g; distance %.17g", depth,
		  h.hit, h.fraction, h.initialOverlap, h.penetration, apart);
}

int main(void)
{
	thinBoxCastOntoABall();
	boxCastAtANeedleTriangleOnTheCappedPath();
	boxTouchingANeedleHullWithoutMoving();
	boxCastAlongAHullNeedleGetsItsFaceNormal();
	boxCastAtANeedleTriangleOnTheMainPath();
	boxTouchingANeedleAlongItsEdge();
	capsuleHitByAHullFaceTiltedFromItsAxis();
	capsuleCastAtANeedleFace();
	needlesTouchingAtTheStart();
	hullsTouchingAtACornerInATimeOfImpact();
	zeroTranslationThroughAFlatNeedle();
	printf("%d expected failures (open bugs), %d unexpected passes\n", expectedFailures, unexpectedPasses);
	return checkSummary();
}
