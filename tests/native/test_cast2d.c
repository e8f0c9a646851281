// Shape casts and time of impact in 2D (src/cast2d.c, src/toi2d.c): invariants on random pairs of
// every kind, tunnelling bait, and bad input. The exact references (SAT times for polygons,
// bisection for rounded shapes, dense sampling for turning shapes) are in the shared vectors
// (tools/gen_vectors_cast2d.mjs); here the library's casts are checked against its distance query:
//  - a hit: the distance at the fraction is the target distance (within the tolerance), and at
//    every sampled earlier fraction it is larger (no tunnelling: never later than the first contact);
//  - a miss: no sampled fraction comes within the target distance;
//  - the hit's points are that far apart along the normal, the normal unit and facing the mover;
//  - the normal supports both shapes at the hit's points: each shape's farthest extent along it (the
//    target's) or against it (the moved shape's), by brute force over the core's vertices turned by
//    the transform's rotation here, plus the radius (brutesupport.h), lies on the line through its
//    point (1e-9 of the scale);
//  - time of impact: at a 'hit' the distance is the target within tolerance, and no sampled earlier
//    fraction is below target - tolerance; 'separated' never comes below it; 'failed' is counted
//    (and printed) and its fraction is still safe.
#include "brutesupport.h"
#include "check.h"
#include "narrowphase/narrowphase.h"
#include "testrng.h"

#include <math.h>
#include <string.h>

static npShape2 shapes[5];

static void makeShapes(void)
{
	npMakeCircle(0.4, &shapes[0]);
	npMakeCapsule2(0.6, 0.2, &shapes[1]);
	npMakeBox2(0.5, 0.3, &shapes[2]);
	npVec2 pts[5] = { { -0.5, -0.4 }, { 0.6, -0.3 }, { 0.7, 0.4 }, { 0.0, 0.8 }, { -0.6, 0.3 } };
	npMakePolygon2(pts, 5, 0.0, &shapes[3]);
	npMakePolygon2(pts, 5, 0.15, &shapes[4]);
}

static double distanceAt(const npShapeCastInput2* in, double t)
{
	npTransform2 xf = in->transform;
	xf.p.x += t * in->translation.x;
	xf.p.y += t * in->translation.y;
	return npDistance2(in->shape, xf, in->target, in->targetTransform).distance;
}

static double worstSupport2;

// The invariants of one cast against sampled distances.
static void checkCast(const npShapeCastInput2* in, const char* what)
{
	npCastHit2 h;
	npResult r = npShapeCast2(in, &h);
	CHECK(r == NP_OK, "%s: result %d", what, r);
	double len = hypot(in->translation.x, in->translation.y);
	double tolD = 1e-9 * (1.0 + len + hypot(in->targetTransform.p.x, in->targetTransform.p.y));
	int samples = 400;
	double limit = h.hit ? h.fraction : in->maxFraction;
	for (int k = 0; k < samples; ++k)
	{
		double t = limit * k / samples;
		double d = distanceAt(in, t);
		if (!(d > in->targetDistance - tolD) && !(h.hit && h.initialOverlap))
		{
			CHECK(false, "%s: distance %.17g at %.9g before the reported %s %.17g", what, d, t, h.hit ? "hit" : "miss",
				  h.fraction);
			return;
		}
	}
	if (!h.hit)
	{
		// The distance along a straight motion is convex in t: golden-section search finds its minimum.
		double lo = 0.0, hi = in->maxFraction;
		for (int k = 0; k < 200 && hi - lo > 1e-15; ++k)
		{
			double m1 = lo + 0.381966011250105 * (hi - lo), m2 = hi - 0.381966011250105 * (hi - lo);
			if (distanceAt(in, m1) < distanceAt(in, m2))
				hi = m2;
			else
				lo = m1;
		}
		double least = distanceAt(in, 0.5 * (lo + hi));
		CHECK(least > in->targetDistance - tolD, "%s: miss but distance %.17g at %.17g", what, least, 0.5 * (lo + hi));
		double d = distanceAt(in, in->maxFraction);
		CHECK(d > in->targetDistance - tolD, "%s: miss but distance %.17g at maxFraction", what, d);
		return;
	}
	double d = distanceAt(in, h.fraction);
	if (!h.initialOverlap)
	{
		CHECK(fabs(d - in->targetDistance) <= tolD, "%s: distance at the hit %.17g, want %.17g", what, d, in->targetDistance);
	}
	else
		CHECK(d <= in->targetDistance + tolD, "%s: initial overlap at distance %.17g", what, d);
	double nl = hypot(h.normal.x, h.normal.y);
	CHECK(fabs(nl - 1.0) < 1e-9, "%s: normal length %.17g", what, nl);
	if (!h.initialOverlap)
	{
		double sep = (h.pointOnShape.x - h.point.x) * h.normal.x + (h.pointOnShape.y - h.point.y) * h.normal.y;
		CHECK(fabs(sep - in->targetDistance) <= 1e-7 * (1.0 + len), "%s: points %.17g apart along the normal", what, sep);
		CHECK(h.normal.x * in->translation.x + h.normal.y * in->translation.y <= 1e-9 * len, "%s: normal faces away", what);
		npTransform2 moved = in->transform;
		moved.p.x += h.fraction * in->translation.x;
		moved.p.y += h.fraction * in->translation.y;
		npVec2 n = h.normal, back = { -h.normal.x, -h.normal.y };
		double gapB = bruteSupport2(in->target, in->targetTransform, n) - (n.x * h.point.x + n.y * h.point.y);
		double gapA = bruteSupport2(in->shape, moved, back) - (back.x * h.pointOnShape.x + back.y * h.pointOnShape.y);
		double scale = 1.0 + len + hypot(in->transform.p.x, in->transform.p.y) + hypot(in->targetTransform.p.x, in->targetTransform.p.y);
		worstSupport2 = fmax(worstSupport2, fmax(fabs(gapA), fabs(gapB)) / scale);
		CHECK(fabs(gapA) <= 1e-9 * scale && fabs(gapB) <= 1e-9 * scale,
			  "%s: normal (%.17g, %.17g) does not support the shapes at the points: %.3g (target), %.3g (moved shape)", what, n.x, n.y,
			  gapB, gapA);
	}
}

static npTransform2 randomTransform(double spread)
{
	return npMakeTransform2(rndRange(-spread, spread), rndRange(-spread, spread), rndRange(-4.0, 4.0));
}

// Random casts of every pair of kinds, aimed near the target, with skins, offsets and options.
static void randomCasts(void)
{
	char what[128];
	for (int i = 0; i < 5; ++i)
		for (int j = 0; j < 5; ++j)
			for (int k = 0; k < 60; ++k)
			{
				npTransform2 xfB = randomTransform(0.5);
				npTransform2 xfA = randomTransform(3.0);
				double offset = (k % 3 == 0) ? 1e4 : 0.0;
				xfA.p.x += offset;
				xfB.p.x += offset;
				npVec2 aim = { xfB.p.x - xfA.p.x + rndRange(-1.2, 1.2), xfB.p.y - xfA.p.y + rndRange(-1.2, 1.2) };
				double speed = rndRange(0.5, 2.0);
				npVec2 d = { aim.x * speed, aim.y * speed };
				npShapeCastInput2 in = npMakeShapeCastInput2(&shapes[i], xfA, d, &shapes[j], xfB);
				if (k % 4 == 1)
					in.targetDistance = rndRange(0.0, 0.3);
				if (k % 5 == 2)
					in.maxFraction = rndRange(0.2, 1.5);
				snprintf(what, sizeof what, "cast %d vs %d #%d", i, j, k);
				checkCast(&in, what);
			}
}

// Tunnelling bait: tiny fast circles through thin boxes, a small ball onto a 500 m box, rods.
static void tunnellingBait(void)
{
	npShape2 dot, thin, ground, rod;
	npMakeCircle(0.01, &dot);
	npMakeBox2(0.005, 2.0, &thin);
	npMakeBox2(500.0, 500.0, &ground);
	npMakeCapsule2(3.0, 0.001, &rod);
	char what[128];
	for (int k = 0; k < 200; ++k)
	{
		double y = rndRange(-1.9, 1.9);
		npShapeCastInput2 in = npMakeShapeCastInput2(&dot, npMakeTransform2(-50.0, y, 0.0), (npVec2){ 1000.0, rndRange(-5, 5) },
													 &thin, npMakeTransform2(rndRange(-1, 1), 0.0, rndRange(-0.1, 0.1)));
		snprintf(what, sizeof what, "bullet #%d", k);
		checkCast(&in, what);
		npCastHit2 h;
		npShapeCast2(&in, &h);
		(void)h;
	}
	for (int k = 0; k < 50; ++k)
	{
		npShapeCastInput2 in = npMakeShapeCastInput2(&dot, npMakeTransform2(rndRange(-400, 400), 520.0 + k, 0.0),
													 (npVec2){ rndRange(-1, 1), -1e4 }, &ground, npMakeTransform2(0.0, 0.0, 0.0));
		npCastHit2 h;
		npShapeCast2(&in, &h);
		double expected = (in.transform.p.y - 500.0 - 0.01) / 1e4;
		CHECK(h.hit && h.fraction <= expected * (1.0 + 1e-15) && h.fraction >= expected - 1e-9, "ball onto 500 m box #%d: %.17g vs %.17g", k,
			  h.fraction, expected);
		CHECK(h.normal.y == 1.0 || fabs(h.normal.y - 1.0) < 1e-12, "ball onto 500 m box #%d: normal (%g, %g)", k, h.normal.x,
			  h.normal.y);
	}
	for (int k = 0; k < 50; ++k)
	{
		npShapeCastInput2 in = npMakeShapeCastInput2(&rod, npMakeTransform2(0.0, 5.0, rndRange(-3, 3)), (npVec2){ rndRange(-2, 2), -50.0 },
													 &thin, npMakeTransform2(0.0, 0.0, 1.5707963267948966));
		snprintf(what, sizeof what, "rod onto a thin plank #%d", k);
		checkCast(&in, what);
	}
}

// Touching, grazing, zero translation, ignoreSeparating.
static void specialCasts(void)
{
	npShape2 box;
	npMakeBox2(1.0, 1.0, &box);
	npTransform2 id = npMakeTransform2(0.0, 0.0, 0.0);
	npCastHit2 h;

	// Touching at the start, moving along the face: an initial contact, skipped with ignoreSeparating.
	npShapeCastInput2 in = npMakeShapeCastInput2(&box, npMakeTransform2(2.0, 0.5, 0.0), (npVec2){ 0.0, 3.0 }, &box, id);
	npShapeCast2(&in, &h);
	CHECK(h.hit && h.initialOverlap && h.fraction == 0.0, "touching at the start");
	CHECK(fabs(h.normal.x - 1.0) < 1e-12, "touching normal (%g, %g)", h.normal.x, h.normal.y);
	in.ignoreSeparating = true;
	npShapeCast2(&in, &h);
	CHECK(!h.hit, "ignoreSeparating skips a sliding contact");

	// Overlapping: penetration depth and normal.
	in = npMakeShapeCastInput2(&box, npMakeTransform2(1.5, 0.0, 0.0), (npVec2){ -1.0, 0.0 }, &box, id);
	npShapeCast2(&in, &h);
	CHECK(h.hit && h.initialOverlap && fabs(h.penetration - 0.5) < 1e-12, "penetration %.17g", h.penetration);
	CHECK(fabs(h.normal.x - 1.0) < 1e-12, "penetration normal (%g, %g)", h.normal.x, h.normal.y);
	in.ignoreSeparating = true;
	npShapeCast2(&in, &h);
	CHECK(h.hit, "ignoreSeparating keeps a contact the cast moves into");
	in.translation = (npVec2){ 1.0, 0.0 };
	npShapeCast2(&in, &h);
	CHECK(!h.hit, "ignoreSeparating skips an overlap the cast leaves");

	// Zero translation: an overlap test.
	in = npMakeShapeCastInput2(&box, npMakeTransform2(2.5, 0.0, 0.0), (npVec2){ 0.0, 0.0 }, &box, id);
	CHECK(npShapeCast2(&in, &h) == NP_OK && !h.hit, "zero translation apart");
	in.transform.p.x = 1.9;
	CHECK(npShapeCast2(&in, &h) == NP_OK && h.hit && h.initialOverlap, "zero translation overlapping");

	// Grazing: a box sliding past a corner exactly along the face line touches at its corner.
	in = npMakeShapeCastInput2(&box, npMakeTransform2(-5.0, 2.0, 0.0), (npVec2){ 10.0, 0.0 }, &box, id);
	npShapeCast2(&in, &h);
	CHECK(h.hit && fabs(h.fraction - 0.3) < 1e-9, "grazing box: hit %d at %.17g", h.hit, h.fraction);
	in.transform.p.y = 2.0 + 1e-7;
	npShapeCast2(&in, &h);
	CHECK(!h.hit, "grazing box 1e-7 above: no hit");
}

// ---------------------------------------------------------------- time of impact

static double toiDistance(const npTimeOfImpactInput2* in, double t)
{
	return npDistance2(in->shapeA, npSweepTransform2(&in->sweepA, t), in->shapeB, npSweepTransform2(&in->sweepB, t)).distance;
}

static int toiFailed, toiCount, toiIterations;

static void checkToi(const npTimeOfImpactInput2* in, const char* what)
{
	npToiResult2 out;
	npResult r = npTimeOfImpact2(in, &out);
	CHECK(r == NP_OK, "%s: result %d", what, r);
	toiCount += 1;
	toiIterations += out.iterations;
	if (out.state == NP_TOI_FAILED)
	{
		toiFailed += 1;
		printf("failed: %s at %.17g after %d\n", what, out.fraction, out.iterations);
	}
	// The closest points at the fraction, on their shapes posed there (brute force over the
	// vertices); when separated, at fraction 1.
	npTransform2 xa = npSweepTransform2(&in->sweepA, out.fraction), xb = npSweepTransform2(&in->sweepB, out.fraction);
	CHECK(out.state != NP_TOI_SEPARATED || out.fraction == 1.0, "%s: separated at %.17g", what, out.fraction);
	CHECK(bruteWithin2(in->shapeA, xa, out.pointA, 1e-9) && bruteWithin2(in->shapeB, xb, out.pointB, 1e-9),
		  "%s: state %d, pointA (%.17g, %.17g) within A %d, pointB within B %d", what, out.state, out.pointA.x, out.pointA.y,
		  bruteWithin2(in->shapeA, xa, out.pointA, 1e-9), bruteWithin2(in->shapeB, xb, out.pointB, 1e-9));
	if (out.state == NP_TOI_OVERLAPPED)
		return;
	double tol = in->tolerance > 0.0 ? in->tolerance : 1e-8 * 20.0;
	double limit = out.state == NP_TOI_SEPARATED ? 1.0 : out.fraction;
	for (int k = 0; k < 2000; ++k)
	{
		double t = limit * k / 2000.0;
		double d = toiDistance(in, t);
		if (!(d >= in->targetDistance - tol))
		{
			CHECK(false, "%s: distance %.17g at %.9g before the reported state %d at %.17g", what, d, t, out.state, out.fraction);
			return;
		}
	}
	if (out.state == NP_TOI_HIT)
	{
		double d = toiDistance(in, out.fraction);
		CHECK(fabs(d - in->targetDistance) <= tol, "%s: distance at the hit %.17g", what, d);
	}
}

static npSweep2 randomSweep(double spread, double move, double turn)
{
	npSweep2 s;
	s.center = (npVec2){ rndRange(-0.2, 0.2), rndRange(-0.2, 0.2) };
	s.position0 = (npVec2){ rndRange(-spread, spread), rndRange(-spread, spread) };
	s.position1 = (npVec2){ s.position0.x + rndRange(-move, move), s.position0.y + rndRange(-move, move) };
	s.angle0 = rndRange(-3.0, 3.0);
	s.angle1 = s.angle0 + rndRange(-turn, turn);
	return s;
}

static void randomToi(void)
{
	char what[128];
	npShape2 rod;
	npMakeBox2(2.0, 0.02, &rod);
	for (int i = 0; i < 5; ++i)
		for (int j = 0; j < 5; ++j)
			for (int k = 0; k < 24; ++k)
			{
				npTimeOfImpactInput2 in = { &shapes[i], randomSweep(3.0, 6.0, k % 2 ? 30.0 : 3.0), &shapes[j],
											randomSweep(3.0, 6.0, 3.0), k % 3 == 0 ? 0.05 : 0.0, 0.0 };
				snprintf(what, sizeof what, "toi %d vs %d #%d", i, j, k);
				checkToi(&in, what);
			}
	for (int k = 0; k < 100; ++k)
	{
		// Two spinning rods passing each other: Box2D's root finder's known failure.
		npSweep2 a = { { 0.0, 0.0 }, { -3.0, rndRange(-1, 1) }, 0.0, { 3.0, rndRange(-1, 1) }, rndRange(-200.0, 200.0) };
		npSweep2 b = { { 0.0, 0.0 }, { 3.0, rndRange(-1, 1) }, 1.0, { -3.0, rndRange(-1, 1) }, 1.0 + rndRange(-200.0, 200.0) };
		npTimeOfImpactInput2 in = { &rod, a, &rod, b, 0.0, 1e-6 };
		snprintf(what, sizeof what, "spinning rods #%d", k);
		checkToi(&in, what);
	}
}

// ---------------------------------------------------------------- bad input

static void badInput(void)
{
	npCastHit2 h;
	npTransform2 id = npMakeTransform2(0.0, 0.0, 0.0);
	npShapeCastInput2 in = npMakeShapeCastInput2(&shapes[0], id, (npVec2){ NAN, 0.0 }, &shapes[1], id);
	CHECK(npShapeCast2(&in, &h) == NP_ERR_NON_FINITE && !h.hit, "NaN translation");
	in.translation = (npVec2){ 1.0, 0.0 };
	in.maxFraction = -1.0;
	CHECK(npShapeCast2(&in, &h) == NP_ERR_INVALID_ARGUMENT, "negative maxFraction");
	in.maxFraction = 1.0;
	in.targetDistance = INFINITY;
	CHECK(npShapeCast2(&in, &h) == NP_ERR_NON_FINITE, "infinite targetDistance");
	in.targetDistance = 0.0;
	in.target = NULL;
	CHECK(npShapeCast2(&in, &h) == NP_ERR_INVALID_ARGUMENT, "null target");
	CHECK(npShapeCast2(NULL, &h) == NP_ERR_INVALID_ARGUMENT, "null input");
	in.target = &shapes[1];
	in.transform.q.c = 2.0;
	CHECK(npShapeCast2(&in, &h) == NP_ERR_INVALID_TRANSFORM, "bad rotation");

	npToiResult2 out;
	npSweep2 s = { { 0, 0 }, { 0, 0 }, 0.0, { 1, 0 }, NAN };
	npTimeOfImpactInput2 t = { &shapes[0], s, &shapes[1], s, 0.0, 0.0 };
	CHECK(npTimeOfImpact2(&t, &out) == NP_ERR_NON_FINITE, "NaN angle");
	t.sweepA.angle1 = 1.0;
	t.sweepB.angle1 = 1.0;
	t.tolerance = -1.0;
	CHECK(npTimeOfImpact2(&t, &out) == NP_ERR_INVALID_ARGUMENT, "negative tolerance");
	CHECK(npTimeOfImpact2(NULL, &out) == NP_ERR_INVALID_ARGUMENT, "null input");

	// Many casts: one bad translation stops the batch at its index.
	npVec2 pos[3] = { { 5, 0 }, { 5, 1 }, { 5, 2 } };
	npVec2 tr[3] = { { -5, 0 }, { INFINITY, 0 }, { -5, 0 } };
	npCastHit2 hits[3];
	int bad = -2;
	in = npMakeShapeCastInput2(&shapes[0], id, (npVec2){ 0, 0 }, &shapes[2], id);
	CHECK(npShapeCastMany2(&in, pos, tr, 3, hits, &bad) == NP_ERR_NON_FINITE && bad == 1 && hits[0].hit, "many: bad index %d", bad);
	tr[1].x = -5.0;
	CHECK(npShapeCastMany2(&in, pos, tr, 3, hits, &bad) == NP_OK && bad == -1, "many: all good");
	for (int i = 0; i < 3; ++i)
	{
		npShapeCastInput2 one = in;
		one.transform.p = pos[i];
		one.translation = tr[i];
		npShapeCast2(&one, &h);
		CHECK(memcmp(&h, &hits[i], sizeof h) == 0, "many: cast %d differs from the single cast", i);
	}
}


// Flat contacts of two sharp polygons (the closed form of cast2d.c): a box dropped onto a wider
// box, offset sideways, meets it face to face at an exact fraction; the reported point must be the
// middle of the two faces' overlap (a point of both shapes, not just of their supporting lines),
// in every orientation of the whole scene (the scene turned by theta about the origin), from
// either side (A's face or B's face entered), and for a regular 8-gon on an 8-gon.
static void flatContacts(void)
{
	const double pi = 3.14159265358979323846;
	npShape2 small, wide, oct;
	npMakeBox2(0.5, 0.3, &small);
	npMakeBox2(0.5, 0.5, &wide);
	npVec2 pts[8];
	for (int i = 0; i < 8; ++i)
		pts[i] = (npVec2){ 0.5 * cos(pi / 8 + pi / 4 * i), 0.5 * sin(pi / 8 + pi / 4 * i) };
	npMakePolygon2(pts, 8, 0.0, &oct);
	double apothem = 0.5 * cos(pi / 8), half = 0.5 * sin(pi / 8);
	for (int k = 0; k < 40; ++k)
	{
		double theta = k < 4 ? pi / 2 * k : rndRange(-4.0, 4.0);
		double c = cos(theta), s = sin(theta);
		double dx = rndRange(-0.9, 0.9);
		// Scene coordinates (x, y) turned by theta.
#define TURN(x, y) ((npVec2){ c * (x) - s * (y), s * (x) + c * (y) })
		// box 0.5 x 0.3 at (dx, 2) falling by 2 onto the 0.5 x 0.5 box at the origin: its bottom
		// (y - 0.3) meets the top (0.5) at y = 0.8, fraction 0.6; the faces overlap on
		// [max(dx - 0.5, -0.5), min(dx + 0.5, 0.5)].
		for (int swap = 0; swap < 2; ++swap)
		{
			const npShape2* mover = swap ? &wide : &small;
			const npShape2* target = swap ? &small : &wide;
			double moverHalf = swap ? 0.5 : 0.3, targetHalf = swap ? 0.3 : 0.5;
			npVec2 p = TURN(dx, 2.0), d = TURN(0.0, -2.0);
			npShapeCastInput2 in = npMakeShapeCastInput2(mover, npMakeTransform2(p.x, p.y, theta), d, target,
														 npMakeTransform2(0.0, 0.0, theta));
			npCastHit2 h;
			npShapeCast2(&in, &h);
			double fraction = (2.0 - moverHalf - targetHalf) / 2.0;
			double mid = 0.5 * (fmax(dx - 0.5, -0.5) + fmin(dx + 0.5, 0.5));
			npVec2 want = TURN(mid, targetHalf), normal = TURN(0.0, 1.0);
			CHECK(h.hit && !h.initialOverlap && fabs(h.fraction - fraction) <= 1e-12, "flat box #%d/%d: fraction %.17g, want %.17g", k,
				  swap, h.fraction, fraction);
			CHECK(fabs(h.point.x - want.x) <= 1e-12 && fabs(h.point.y - want.y) <= 1e-12, "flat box #%d/%d: point (%.17g, %.17g), want (%.17g, %.17g)",
				  k, swap, h.point.x, h.point.y, want.x, want.y);
			CHECK(fabs(h.pointOnShape.x - want.x) <= 1e-12 && fabs(h.pointOnShape.y - want.y) <= 1e-12, "flat box #%d/%d: pointOnShape", k, swap);
			CHECK(fabs(h.normal.x - normal.x) <= 1e-12 && fabs(h.normal.y - normal.y) <= 1e-12, "flat box #%d/%d: normal (%g, %g)", k, swap,
				  h.normal.x, h.normal.y);
		}
		// 8-gon onto 8-gon (flat top and bottom edges of length 2 half): fraction (2 - 2 apothem) / 2.
		double ox = rndRange(-1.8, 1.8) * half;
		npVec2 p = TURN(ox, 2.0), d = TURN(0.0, -2.0);
		npShapeCastInput2 in = npMakeShapeCastInput2(&oct, npMakeTransform2(p.x, p.y, theta), d, &oct, npMakeTransform2(0.0, 0.0, theta));
		npCastHit2 h;
		npShapeCast2(&in, &h);
		double mid = 0.5 * (fmax(ox - half, -half) + fmin(ox + half, half));
		npVec2 want = TURN(mid, apothem);
		CHECK(h.hit && fabs(h.fraction - (1.0 - apothem)) <= 1e-12, "flat 8-gon #%d: fraction %.17g", k, h.fraction);
		CHECK(fabs(h.point.x - want.x) <= 1e-12 && fabs(h.point.y - want.y) <= 1e-12, "flat 8-gon #%d: point (%.17g, %.17g), want (%.17g, %.17g)", k,
			  h.point.x, h.point.y, want.x, want.y);
#undef TURN
	}
}

// Found by tests/fuzz/fuzz_casts2d.c: a box a billion times longer than it is high (1e9 by 0.03)
// 6.7 below a small circle, cast with a zero translation (an overlap test). The GJK ray cast's
// simplex solve on such a flat difference put the origin inside it and reported an initial
// overlap; the distance query finds 6.72 between them, and the cast must agree: no hit. Moving
// up by 14 instead, the first contact is at fraction (6.75 - 0.015625 - 0.015625) / 14 = 0.48
// (the cast falls back on conservative advancement there too).
static void flatDifference(void)
{
	npShape2 slab, dot;
	npMakeBox2(1e9, 0.015625, &slab);
	npMakeCircle(0.015625, &dot);
	npShapeCastInput2 in = npMakeShapeCastInput2(&slab, npMakeTransform2(-0.0009765625, -6.75, 0.0), (npVec2){ 0.0, 0.0 }, &dot,
												 npMakeTransform2(0.0, 0.0, 0.0));
	npCastHit2 h;
	CHECK(npShapeCast2(&in, &h) == NP_OK && !h.hit, "flat difference, zero translation: hit %d at %.17g (distance %.17g)", h.hit,
		  h.fraction, npDistance2(&slab, in.transform, &dot, in.targetTransform).distance);
	in.translation = (npVec2){ 0.0, 14.0 };
	double want = (6.75 - 0.03125) / 14.0;
	CHECK(npShapeCast2(&in, &h) == NP_OK && h.hit && !h.initialOverlap && h.fraction <= want + 1e-12 && h.fraction >= want - 1e-6,
		  "flat difference, moving: hit %d initial %d at %.17g, want %.17g", h.hit, h.initialOverlap, h.fraction, want);
}

// Found by tests/fuzz/fuzz_casts2d.c: two circles of radius 1e-73 and 1e-207 touch where their
// centres meet, so the centre-to-centre vector at the contact is zero; the normal must still be
// unit: the direction they approached from, from the target toward the mover, (-1, 0).
static void pointCircles(void)
{
	npShape2 a, b;
	npMakeCircle(1.4314676291013199e-73, &a);
	npMakeCircle(1.5573742111089949e-207, &b);
	npShapeCastInput2 in = npMakeShapeCastInput2(&a, npMakeTransform2(0.0, 0.0, 0.0), (npVec2){ 0.25, 0.0 }, &b,
												 npMakeTransform2(0.25, 0.0, 0.0));
	npCastHit2 h;
	CHECK(npShapeCast2(&in, &h) == NP_OK && h.hit && fabs(h.fraction - 1.0) <= 1e-12, "point circles: hit %d at %.17g", h.hit, h.fraction);
	CHECK(h.normal.x == -1.0 && h.normal.y == 0.0, "point circles: normal (%.17g, %.17g)", h.normal.x, h.normal.y);
}

// Found by tests/fuzz/fuzz_casts2d.c (fork fuzzing): a point (a circle of radius 3e-269) cast up by
// (1.94, 2) from 0.1 below a polygon's flat bottom edge, from (0, 0) to (0.203125, 3e-269), meets
// that edge at fraction 0.05, at x = 0.05 * 1.94: the normal is the edge's, (0, -1). The ray cast's
// last simplex held the origin by 1e-17 of rounding (the edge and a far vertex) and the cast
// reported last iteration's direction, (0.80, -0.60), which faces away from the mover.
static void pointOntoAFlatBottomEdge(void)
{
	npShape2 dot, polygon;
	npMakeCircle(3.0111683155512017e-269, &dot);
	npVec2 pts[5] = { { -31.650390625, 0.09375 }, { -14.306640625, 0.001 }, { 1e-300, 1e-300 }, { 0.203125, 3.0111683155512017e-269 },
					  { 10.8056640625, 14.443359375 } };
	CHECK(npMakePolygon2(pts, 5, 0.0, &polygon) == NP_OK && polygon.count == 5, "flat bottom edge: the polygon");
	npVec2 move = { 1.9433593749999996, 2.0 };
	npShapeCastInput2 in = npMakeShapeCastInput2(&dot, npMakeTransform2(1e-300, 1e-300, 1e-300), move, &polygon,
												 npMakeTransform2(1e-300, 0.1, 1e-300));
	npCastHit2 h;
	CHECK(npShapeCast2(&in, &h) == NP_OK && h.hit && !h.initialOverlap && fabs(h.fraction - 0.05) <= 1e-12,
		  "flat bottom edge: hit %d initial %d at %.17g, want 0.05", h.hit, h.initialOverlap, h.fraction);
	CHECK(fabs(h.normal.x) <= 1e-12 && fabs(h.normal.y + 1.0) <= 1e-12, "flat bottom edge: normal (%.17g, %.17g), want (0, -1)",
		  h.normal.x, h.normal.y);
	CHECK(fabs(h.point.x - 0.05 * move.x) <= 1e-12 && fabs(h.point.y - 0.1) <= 1e-12, "flat bottom edge: point (%.17g, %.17g)",
		  h.point.x, h.point.y);
}

// A capsule spinning 1e12 rad over its sweep toward a thin box (fuzz_toi2d's seed 00ab6894...):
// the bound's steps shrink with the spin and the query ends 'failed' at the iteration bound, its
// fraction safe, but pointA and pointB were left (0, 0), off both shapes, though the contract gives
// the closest points at the fraction for every state but 'separated'. Expected: 'failed', and the
// points within their shapes posed at the fraction (brute force), no farther apart than the
// as far apart as the shapes' distance there (they are its closest points).
static void failedToiHasItsPoints(void)
{
	npShape2 capsule, box;
	CHECK(npMakeCapsule2(1.046875, 1.046875, &capsule) == NP_OK && npMakeBox2(1.84375, 0.0947265625, &box) == NP_OK, "shapes");
	npSweep2 spin = { { 0.017578125, 0.001 }, { 11.490234375, 22.7841796875 }, 1e12, { 0, 0 }, 0 };
	npSweep2 still = { { 0, 0 }, { 0, 0 }, 0, { 0, 0 }, 0 };
	npTimeOfImpactInput2 in = { &capsule, spin, &box, still, 0.0, 1e-9 };
	npToiResult2 out;
	CHECK(npTimeOfImpact2(&in, &out) == NP_OK && out.state == NP_TOI_FAILED, "spinning capsule: state %d", out.state);
	npTransform2 xa = npSweepTransform2(&spin, out.fraction), xb = npSweepTransform2(&still, out.fraction);
	double gap = hypot(out.pointA.x - out.pointB.x, out.pointA.y - out.pointB.y);
	double d = npDistance2(&capsule, xa, &box, xb).distance;
	CHECK(bruteWithin2(&capsule, xa, out.pointA, 1e-9) && bruteWithin2(&box, xb, out.pointB, 1e-9) && fabs(gap - d) <= 1e-9 * 30.0,
		  "spinning capsule, failed at %.17g: pointA (%.17g, %.17g) within the capsule %d, pointB (%.17g, %.17g) within the box %d, "
		  "%.17g apart at distance %.17g",
		  out.fraction, out.pointA.x, out.pointA.y, bruteWithin2(&capsule, xa, out.pointA, 1e-9), out.pointB.x, out.pointB.y,
		  bruteWithin2(&box, xb, out.pointB, 1e-9), gap, d);
}

// A dot (a circle of radius 1.4e-73) touching a small triangle within the time of impact's
// tolerance, with a target distance of 0.027 (fuzz_toi2d, 49 inputs of this kind): 'overlapped'
// at 0, where the penetration query finds them not overlapping and has no points, so pointA and
// pointB were (0, 0), 2.5 from both shapes. Expected: 'overlapped', pointA within the dot and
// pointB within the triangle, both posed at 0 (brute force), at most the target distance apart.
static void touchingToiHasItsPoints(void)
{
	npShape2 dot, triangle;
	const npVec2 corners[3] = { { 0, 0 }, { 0.04296875, 0 }, { 0, 0.24609375 } };
	CHECK(npMakeCircle(1.417377466113847e-73, &dot) == NP_OK && npMakePolygon2(corners, 3, 0.0, &triangle) == NP_OK, "shapes");
	npSweep2 a = { { -6.7431640625, 1.7568359375 }, { 1.7568359375, 1.7568359375 }, 1.8896484375, { 30.6396484375, 1.8720703124999998 },
				   -28.1103515625 };
	npSweep2 b = { { 28.5068359375, 1.7568359375 }, { 1.7568359375, 1.7568359375 }, 1.7568359375, { -30.2431640625, 1.7568359375 },
				   24.0068359375 };
	npTimeOfImpactInput2 in = { &dot, a, &triangle, b, 0.02734375, 0.0 };
	npToiResult2 out;
	CHECK(npTimeOfImpact2(&in, &out) == NP_OK && out.state == NP_TOI_OVERLAPPED, "touching dot: state %d", out.state);
	npTransform2 xa = npSweepTransform2(&a, 0.0), xb = npSweepTransform2(&b, 0.0);
	double gap = hypot(out.pointA.x - out.pointB.x, out.pointA.y - out.pointB.y);
	CHECK(bruteWithin2(&dot, xa, out.pointA, 1e-9) && bruteWithin2(&triangle, xb, out.pointB, 1e-9) && gap <= 0.02734375,
		  "touching dot: pointA (%.17g, %.17g) within the dot %d, pointB (%.17g, %.17g) within the triangle %d, %.17g apart",
		  out.pointA.x, out.pointA.y, bruteWithin2(&dot, xa, out.pointA, 1e-9), out.pointB.x, out.pointB.y,
		  bruteWithin2(&triangle, xb, out.pointB, 1e-9), gap);
}

// Two boxes meeting face to face (fuzz_toi2d, seeds regression-toi-touching-*): A (0.75 x 2.61 half
// sizes) rises from y = -6.28 to 0, B (2.61 x 1.41) sinks from y = 0.093 to 0, turning by 1e-300.
// Closed form: A's top meets B's bottom when (1 - t)(6.2753906510000004 + 0.0927734375) = 4.015625,
// t = 0.369421870386..., normal (0, 1). The first step lands on the contact exactly, where GJK
// measures the boxes 2.2e-16 apart along the noise of their closest points, (-1, 0): with the
// tolerance 1e-300 the first-order bound then stepped from that axis, along which the boxes overlap
// by 3.36 and do not close, to the end ('separated', though they end inside each other); with any
// tolerance the hit took that normal. Expected: 'hit' no later than the contact and within 1e-9 of
// it, for tolerances 1e-300, 0 (default) and 1e-9, normal (0, 1), the points 0 apart along it.
static void boxesMeetingFaceToFace(void)
{
	npShape2 a, b;
	CHECK(npMakeBox2(0.74999990999999999, 2.609375, &a) == NP_OK && npMakeBox2(2.609375, 1.40625, &b) == NP_OK, "boxes");
	npSweep2 sa = { { 0, -0.0009765625 }, { -0.00097656249999999989, -6.2753906510000004 }, 1e-300, { 1e-300, 0 }, 0 };
	npSweep2 sb = { { 0, 0 }, { 0, 0.0927734375 }, 0, { 0, 0 }, 1e-300 };
	const double contact = 1.0 - 4.015625 / (6.2753906510000004 + 0.0927734375);
	const double tolerances[3] = { 1e-300, 0.0, 1e-9 };
	for (int k = 0; k < 3; ++k)
	{
		npTimeOfImpactInput2 in = { &a, sa, &b, sb, 0.0, tolerances[k] };
		npToiResult2 out;
		CHECK(npTimeOfImpact2(&in, &out) == NP_OK && out.state == NP_TOI_HIT && out.fraction <= contact + 1e-15 &&
				  out.fraction >= contact - 1e-9,
			  "boxes face to face, tolerance %g: state %d at %.17g, want a hit at %.17g", tolerances[k], out.state,
			  out.fraction, contact);
		double apart = out.normal.x * (out.pointB.x - out.pointA.x) + out.normal.y * (out.pointB.y - out.pointA.y);
		CHECK(fabs(out.normal.x) <= 1e-12 && fabs(out.normal.y - 1.0) <= 1e-12 && fabs(apart) <= 1e-9,
			  "boxes face to face, tolerance %g: normal (%.17g, %.17g), points %.17g apart along it", tolerances[k],
			  out.normal.x, out.normal.y, apart);
	}
}

// A cast's points on their shapes at the hit (brute force over the shapes' own vertices): `point`
// within the target, `pointOnShape` within the moved shape.
static void expectCastPointsOnShapes(const npShapeCastInput2* in, const char* what)
{
	npCastHit2 h;
	CHECK(npShapeCast2(in, &h) == NP_OK && h.hit, "%s: no hit", what);
	npTransform2 moved = in->transform;
	moved.p.x += h.fraction * in->translation.x;
	moved.p.y += h.fraction * in->translation.y;
	CHECK(bruteWithin2(in->target, in->targetTransform, h.point, 1e-9 * 30.0) && bruteWithin2(in->shape, moved, h.pointOnShape, 1e-9 * 30.0),
		  "%s: point (%.17g, %.17g) within the target %d, pointOnShape (%.17g, %.17g) within the moved shape %d", what, h.point.x, h.point.y,
		  bruteWithin2(in->target, in->targetTransform, h.point, 1e-9 * 30.0), h.pointOnShape.x, h.pointOnShape.y,
		  bruteWithin2(in->shape, moved, h.pointOnShape, 1e-9 * 30.0));
}

// Three casts whose hit points lay off the shapes (fuzz_casts2d's point check; each fails on
// 59e9212): a box 1e-220 wide whose tip meets a box's long side, where the tip, moved to the hit,
// became a face of length 0 and the contact went to the side's end, 1.2 from the tip; a box moving
// onto a target box 5e-324 wide, whose zero-length end counted as lying on the face and put the
// contact at its corner, 4.7 away; and a capsule resting exactly on a box's face at the start,
// where the penetration has no points and the hit's were (0, 0), 1e6 away. Expected: both points
// within their shapes at the hit (brute force).
static void castPointsOfDegenerateBoxes(void)
{
	npShape2 needle, bar, plate, wall, longBox, pebble;
	CHECK(npMakeBox2(5.0341465320150749e-221, 1.859375, &needle) == NP_OK && npMakeBox2(0.78125, 0.015625, &bar) == NP_OK &&
			  npMakeBox2(0.203125, 0.015625, &plate) == NP_OK && npMakeBox2(4.9406564584124654e-324, 2.984375, &wall) == NP_OK &&
			  npMakeBox2(1000000000, 0.109375, &longBox) == NP_OK && npMakeCapsule2(0.03125, 0.015625, &pebble) == NP_OK,
		  "degenerate boxes");
	npRot2 turn = { -0.22787609946515322, -0.97369013720615838 }, none = { 1, 0 };
	npShapeCastInput2 tip = npMakeShapeCastInput2(&needle, (npTransform2){ { 24, 29.615234375 }, turn }, (npVec2){ 29.615234375, 0 }, &bar,
												  (npTransform2){ { 29.615234375, 29.615234375 }, turn });
	expectCastPointsOnShapes(&tip, "tip of a box 1e-220 wide");
	npShapeCastInput2 onWall = npMakeShapeCastInput2(&plate, (npTransform2){ { -2.75, 0.001953125 }, none }, (npVec2){ 9.4990234375, -0.25 },
													 &wall, (npTransform2){ { 0, -1.74609375 }, none });
	expectCastPointsOnShapes(&onWall, "onto a box 5e-324 wide");
	npShapeCastInput2 resting = npMakeShapeCastInput2(&longBox, (npTransform2){ { 29.5, 0 }, none }, (npVec2){ 0, 1.0009765625 }, &pebble,
													  (npTransform2){ { 1000000, 0.125 }, none });
	expectCastPointsOnShapes(&resting, "capsule touching at the start");
}

// A thin box spinning past a box (the time-of-impact benchmark's scene), 3,000 sweeps, all hits:
// at each hit the shapes touch along the reported normal (brute force over their vertices at the
// fraction: the gap along it is 0 within 1e-6, above the tolerance, 1e-9 of the scale, and far
// below a wrong normal's gap, a box's width), whichever way the hit was found. A sixth of these
// steps land on the contact to a few ulps, where GJK's normal is in doubt: its edge's side is
// decided by the shapes (208 hits fail with that side flipped), and below an ulp the penetration's
// normal is taken (1 hit failed before, with GJK's noise as the normal).
static void spinningHitsHaveTheirNormals(void)
{
	npShape2 a, b;
	npMakeBox2(0.5, 0.1, &a);
	npMakeBox2(0.5, 0.5, &b);
	uint32_t state = 7u;
	int hits = 0, wrong = 0;
	for (int n = 0; n < 3000; ++n)
	{
		state = state * 1103515245u + 12345u;
		double y = ((state >> 8) / 16777216.0 - 0.5) * 3.0;
		state = state * 1103515245u + 12345u;
		double spin = ((state >> 8) / 16777216.0) * 20.0;
		npTimeOfImpactInput2 in = { &a, { { 0, 0 }, { -4, y }, 0, { 4, -y }, spin }, &b, { { 0, 0 }, { 0, 0 }, 0, { 0, 0 }, 0.3 }, 0, 0 };
		npToiResult2 out;
		CHECK(npTimeOfImpact2(&in, &out) == NP_OK, "spinning sweep %d", n);
		if (out.state != NP_TOI_HIT)
			continue;
		hits += 1;
		npTransform2 xa = npSweepTransform2(&in.sweepA, out.fraction), xb = npSweepTransform2(&in.sweepB, out.fraction);
		npVec2 m = { -out.normal.x, -out.normal.y };
		double gap = -bruteSupport2(&b, xb, m) - bruteSupport2(&a, xa, out.normal);
		if (!(fabs(gap) <= 1e-6) && wrong++ < 3)
			printf("spinning sweep %d: hit at %.17g, gap %.3g along the normal (%.17g, %.17g)\n", n, out.fraction, gap,
				   out.normal.x, out.normal.y);
	}
	CHECK(hits > 2500 && wrong == 0, "spinning sweeps: %d of %d hits without the shapes touching along the normal", wrong, hits);
}

// A dot falling 1e6 onto a circle 0.016 in radius (fuzz_toi2d, seeds regression-toi-far-dot-*): the
// bounding-disc step solved its quadratic with a discriminant that cancels to its last bits
// (|m.w|^2 and |w|^2 |m|^2 are 1e24 apart by 2.7e8), and stepped the dot 0.004 into the circle, 2
// tolerances past the contact. Expected (closed form): a hit no later than 1 - 0.015625 / |(0.169,
// 1e6)| and within 1e-15 of it.
static void dotFallingFromFar(void)
{
	npShape2 dot, circle;
	npMakeCircle(4.0349238571503436e-284, &dot);
	npMakeCircle(0.015625, &circle);
	npTimeOfImpactInput2 in = { &dot, { { -0.00097656250000000065, 0 }, { 0.1689453125, 1000000 }, 0, { 0, 0 }, 0 }, &circle,
								{ { 0, 0 }, { 0, 0 }, 0, { 0, 0 }, 0 }, 0, 1.0000000000000001e-09 };
	npToiResult2 out;
	double exact = 1.0 - (0.015625 + 4.0349238571503436e-284) / hypot(0.1689453125, 1000000.0);
	CHECK(npTimeOfImpact2(&in, &out) == NP_OK && out.state == NP_TOI_HIT && out.fraction <= exact + 1e-16 &&
			  out.fraction >= exact - 1e-15,
		  "dot falling from far: state %d at %.17g, contact at %.17g", out.state, out.fraction, exact);
}

int main(void)
{
	castPointsOfDegenerateBoxes();
	failedToiHasItsPoints();
	touchingToiHasItsPoints();
	boxesMeetingFaceToFace();
	spinningHitsHaveTheirNormals();
	dotFallingFromFar();
	makeShapes();
	randomCasts();
	tunnellingBait();
	specialCasts();
	flatContacts();
	flatDifference();
	pointCircles();
	pointOntoAFlatBottomEdge();
	randomToi();
	badInput();
	printf("casts: worst normal support %.3g of the scale\n", worstSupport2);
	printf("time of impact: %d queries, %d failed (iteration bound), %.1f iterations on average\n", toiCount, toiFailed,
		   (double)toiIterations / toiCount);
	CHECK(toiFailed * 100 <= toiCount, "too many failed time-of-impact queries: %d of %d", toiFailed, toiCount);
	return checkSummary();
}
