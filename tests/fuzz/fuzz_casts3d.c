// libFuzzer harness: 3D shape casts and times of impact on two decoded shapes (hulls, triangles and
// the closed-form kinds), transforms, a translation or two sweeps, and the options. Raw input must
// give a documented code, never a crash; on accepted input:
//  - npShapeCast3: the fraction in [0, maxFraction], everything finite, iterations within the cap;
//    an initial overlap at fraction 0 within targetDistance; otherwise a unit normal facing the
//    mover (dot(normal, translation) <= 0), the distance at the fraction equal to targetDistance,
//    and no closer approach before it; a miss never comes within targetDistance. The distance
//    between a convex shape moved along a line and a fixed convex shape is convex in the fraction,
//    so "no closer approach on [0, t]" is checked exactly by a ternary search for the minimum of
//    the signed distance there (fzSignedDistance3: npDistance3, or minus npPenetration3's depth
//    when they overlap, convex too; the distance alone is 0 at any depth), a check independent of
//    the GJK ray cast under test;
//    the normal also supports both shapes at the reported points: the target's farthest extent
//    along it (brute force over its core's vertices, plus its radius) is at `point`, the mover's
//    at the fraction along the reversed normal at `pointOnShape` (fuzz_casts2d's check, which found
//    2D normals off a long face's). Fatal since session 20: it was a known-bug check until the
//    facet test of featurenormal3d.c (its four inputs are the regression-spike-*, regression-
//    capsule-at-needle-* and regression-*-touching-needle-* seeds; then 600 s of fork fuzzing with
//    the check fatal found nothing);
//  - npShapeCastMany3 with the same cast gives the same bits and result code;
//  - npTimeOfImpact3: the state one of the four, the fraction in [0, 1], the normal unit; 'hit': the
//    distance at the fraction is targetDistance within the tolerance; 'overlapped': within it at 0;
//    and for every state, no sampled fraction before the answer (before 1 for 'separated') comes
//    closer than targetDistance - tolerance. With rotation the distance is not convex, so the TOI
//    checks sample (64 fractions); they can miss a narrow dip, never report a false one; and
//    pointA, pointB within their shapes posed at the fraction (brute force, 1e-5 of the scale);
// Tolerances: FZ_CAST_REL of the scale (the pair's scale plus the motion and the target distance),
// ten times inside the contract's 1e-6 (see fuzz_casts2d.c for why not 1e-9), plus the TOI's own
// tolerance for its distance checks. The distance at a hit is held to the contract itself
// (FZ_CAST_ACCURACY, 1e-6 of the scale): a cast that reaches the ray cast's iteration cap advances
// conservatively and stops up to 2e-7 of the library's scale short by design (cast3d.c, castCapped),
// and on a needle hull 3e7 long that was 2.9 (fuzz seed regression-capped-needle-accuracy). Never
// late, the tunnelling check, stays at FZ_CAST_REL.
#include "fuzz.h"

#define FZ_CAST_REL 1.0e-7
#define FZ_CAST_ACCURACY 1.0e-6
#define TERNARY_STEPS 48
#define TOI_SAMPLES 64

static npHull3 hullA, hullB;
static BruteCore3 castCoreTarget, castCoreShape; // brutesupport.h: large, so static

static double distanceAlong(const npShapeCastInput3* in, double t)
{
	npTransform3 xf = in->transform;
	xf.p = (npVec3){ xf.p.x + t * in->translation.x, xf.p.y + t * in->translation.y, xf.p.z + t * in->translation.z };
	return fzSignedDistance3(in->shape, xf, in->target, in->targetTransform);
}

static double distanceAt(const void* in, double t) { return distanceAlong((const npShapeCastInput3*)in, t); }

// The smallest distance on [lo, hi] (convex in t: fuzz.h's ternary search; the ends included).
static double closestApproach(const npShapeCastInput3* in, double lo, double hi)
{
	return fzConvexMin(distanceAt, in, lo, hi, TERNARY_STEPS);
}

static void checkCastHit(const npShapeCastInput3* in, const npCastHit3* h, double tol)
{
	const npCastOptions3* o = &in->options;
	FZ_CHECK(isfinite(h->fraction) && h->fraction >= 0.0 && h->fraction <= o->maxFraction, "fraction %.17g of %.17g",
			 h->fraction, o->maxFraction);
	FZ_CHECK(fzFinite3(h->point) && fzFinite3(h->pointOnShape) && fzFinite3(h->normal) && isfinite(h->penetration),
			 "hit not finite");
	if (h->initialOverlap)
	{
		FZ_CHECK(h->fraction == 0.0, "initial overlap at %.17g", h->fraction);
		double d = distanceAlong(in, 0.0);
		FZ_CHECK(d <= o->targetDistance + tol, "initial overlap at distance %.17g", d);
		if (h->normal.x != 0.0 || h->normal.y != 0.0 || h->normal.z != 0.0)
			fzCheckUnit3(h->normal, "initial contact normal");
		// The initial contact's points on their shapes at fraction 0 (brutesupport.h).
		bruteCore3(in->target, in->targetTransform, &castCoreTarget);
		bruteCore3(in->shape, in->transform, &castCoreShape);
		double startTol = 1.0e-5 * (tol / FZ_CAST_REL) + FZ_ABS;
		FZ_CHECK(bruteWithin3(in->target, &castCoreTarget, h->point, startTol) && bruteWithin3(in->shape, &castCoreShape, h->pointOnShape, startTol),
				 "initial contact points: point within the target %d, pointOnShape within the shape %d",
				 bruteWithin3(in->target, &castCoreTarget, h->point, startTol), bruteWithin3(in->shape, &castCoreShape, h->pointOnShape, startTol));
		return;
	}
	fzCheckUnit3(h->normal, "cast normal");
	npVec3 v = in->translation;
	double len = sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
	FZ_CHECK(h->normal.x * v.x + h->normal.y * v.y + h->normal.z * v.z <= tol * fzMax(len, 1.0),
			 "normal (%.17g, %.17g, %.17g) faces away from the mover", h->normal.x, h->normal.y, h->normal.z);
	double d = distanceAlong(in, h->fraction);
	double accuracy = tol * (FZ_CAST_ACCURACY / FZ_CAST_REL);
	FZ_CHECK(fabs(d - o->targetDistance) <= accuracy, "distance %.17g at the hit %.17g, want %.17g", d, h->fraction,
			 o->targetDistance);
	npTransform3 moved = in->transform;
	moved.p = (npVec3){ moved.p.x + h->fraction * v.x, moved.p.y + h->fraction * v.y, moved.p.z + h->fraction * v.z };
	npVec3 n = h->normal, back = { -n.x, -n.y, -n.z };
	double gapB = bruteSupport3(in->target, in->targetTransform, n) - (n.x * h->point.x + n.y * h->point.y + n.z * h->point.z);
	double gapA = bruteSupport3(in->shape, moved, back) -
				  (back.x * h->pointOnShape.x + back.y * h->pointOnShape.y + back.z * h->pointOnShape.z);
	FZ_CHECK(fabs(gapB) <= tol && fabs(gapA) <= tol,
			 "normal (%.17g, %.17g, %.17g) does not support the shapes at the points: gaps %.3g (target), %.3g (mover), tol %.3g", n.x, n.y,
			 n.z, gapB, gapA, tol);
	double before = closestApproach(in, 0.0, h->fraction);
	FZ_CHECK(before >= o->targetDistance - tol, "distance %.17g before the hit %.17g (tunnelling)", before, h->fraction);
	// The points on their shapes: `point` on the target, `pointOnShape` on the moved shape.
	bruteCore3(in->target, in->targetTransform, &castCoreTarget);
	bruteCore3(in->shape, moved, &castCoreShape);
	double pointTol = 1.0e-5 * (tol / FZ_CAST_REL) + FZ_ABS;
	FZ_CHECK(bruteWithin3(in->target, &castCoreTarget, h->point, pointTol) && bruteWithin3(in->shape, &castCoreShape, h->pointOnShape, pointTol),
			 "cast hit points: point within the target %d, pointOnShape within the moved shape %d",
			 bruteWithin3(in->target, &castCoreTarget, h->point, pointTol), bruteWithin3(in->shape, &castCoreShape, h->pointOnShape, pointTol));
}

// Field by field, bit for bit (a struct's padding need not match).
static int sameHit(const npCastHit3* x, const npCastHit3* y)
{
	const double u[] = { x->fraction, x->point.x, x->point.y, x->point.z, x->pointOnShape.x, x->pointOnShape.y,
						 x->pointOnShape.z, x->normal.x, x->normal.y, x->normal.z, x->penetration };
	const double w[] = { y->fraction, y->point.x, y->point.y, y->point.z, y->pointOnShape.x, y->pointOnShape.y,
						 y->pointOnShape.z, y->normal.x, y->normal.y, y->normal.z, y->penetration };
	return memcmp(u, w, sizeof u) == 0 && x->hit == y->hit && x->initialOverlap == y->initialOverlap &&
		   x->iterations == y->iterations && x->mesh == y->mesh && x->triangle == y->triangle;
}

static void castPair(const npShape3* a, npTransform3 xa, const npShape3* b, npTransform3 xb, npVec3 translation,
					 npCastOptions3 options, bool checked)
{
	npShapeCastInput3 cast = { a, xa, translation, b, xb, options };
	npCastHit3 h;
	npResult r = npShapeCast3(&cast, &h);
	FZ_DUMP("npShapeCast3 = %d: hit %d fraction %s normal { %s, %s, %s } initial %d iterations %d\n", (int)r, h.hit,
			fzLit(h.fraction), fzLit(h.normal.x), fzLit(h.normal.y), fzLit(h.normal.z), h.initialOverlap, h.iterations);
	FZ_CHECK(fzIsCode(r), "npShapeCast3 result %d", (int)r);
	FZ_CHECK(r == NP_OK || !h.hit, "a hit with error %d", (int)r);
	FZ_CHECK(h.iterations >= 0 && h.iterations <= 2 * NP_CAST3_MAX_ITERATIONS + 1, "iterations %d", h.iterations);

	npShapeCastBatch3 batch = { a, b, xb, NULL, 0, options, NP_MESH_FEATURE_TOLERANCE };
	npCastHit3 many;
	npResult each = (npResult)-1;
	npResult rm = npShapeCastMany3(&batch, &xa, &translation, 1, &many, &each);
	// A bad shape, target or option fails the whole batch (results not written), and then the single
	// call fails too (with input bad in two ways, the two may name different faults); a bad transform
	// or translation of the mover fails only its cast, with the single call's code in results[i].
	FZ_CHECK(fzIsCode(rm), "npShapeCastMany3 result %d", (int)rm);
	if (rm != NP_OK)
		FZ_CHECK(r != NP_OK, "npShapeCastMany3 failed with %d, single call NP_OK", (int)rm);
	else
		FZ_CHECK(each == r, "npShapeCastMany3 cast result %d, single call %d", (int)each, (int)r);
	if (r == NP_OK)
		FZ_CHECK(sameHit(&many, &h), "npShapeCastMany3 differs from npShapeCast3");
	if (r != NP_OK || !checked)
		return;

	// Moderate inputs only for the distance checks (the moved transforms must stay far below NP_HUGE).
	double len = sqrt(translation.x * translation.x + translation.y * translation.y + translation.z * translation.z);
	double scale = fzPairScale3(a, xa, b, xb) + len * fzMax(options.maxFraction, 1.0) + options.targetDistance;
	if (!(scale < 1e12) || !(scale > 1e-6))
		return;
	double tol = FZ_CAST_REL * scale + FZ_ABS;
	if (h.hit)
		checkCastHit(&cast, &h, tol);
	else if (!options.ignoreSeparating)
	{
		double closest = closestApproach(&cast, 0.0, options.maxFraction);
		FZ_CHECK(closest > options.targetDistance - tol, "miss but distance %.17g on the way", closest);
	}
}

static double distanceAtToi(const npToiInput3* in, double t)
{
	npTransform3 xa = npSweepTransform3(&in->sweepA, t), xb = npSweepTransform3(&in->sweepB, t);
	return fzSignedDistance3(in->shapeA, xa, in->shapeB, xb);
}

// At least the largest distance of the shape's points from the local point c.
static double reachBound(const npShape3* shape, npVec3 c)
{
	return sqrt(c.x * c.x + c.y * c.y + c.z * c.z) + fzShapeScale3(shape);
}

static void checkToi(const npToiInput3* in, const npToiOutput3* out, double scale)
{
	FZ_CHECK(out->state >= NP_TOI3_HIT && out->state <= NP_TOI3_FAILED, "state %d", (int)out->state);
	FZ_CHECK(isfinite(out->fraction) && out->fraction >= 0.0 && out->fraction <= 1.0, "fraction %.17g", out->fraction);
	FZ_CHECK(fzFinite3(out->normal) && fzFinite3(out->pointA) && fzFinite3(out->pointB), "TOI not finite");
	FZ_CHECK(out->iterations >= 0 && out->iterations <= NP_TOI3_MAX_ITERATIONS, "iterations %d", out->iterations);
	if (out->normal.x != 0.0 || out->normal.y != 0.0 || out->normal.z != 0.0)
		fzCheckUnit3(out->normal, "TOI normal");

	// The library's tolerance when 0 is given: 1e-6 of the shapes' reach from their sweep centres
	// (bounded here by the centre's distance from the shape's origin plus the shape's size).
	double reach = reachBound(in->shapeA, in->sweepA.center) + reachBound(in->shapeB, in->sweepB.center);
	double tol = fzMax(in->tolerance, 1.0e-6 * reach) + FZ_CAST_REL * scale + FZ_ABS;
	double target = in->targetDistance;
	// The closest points at the fraction on their shapes posed there (brutesupport.h), every state
	// (the 3D time of impact samples them at fraction 1 when separated).
	npTransform3 xa = npSweepTransform3(&in->sweepA, out->fraction), xb = npSweepTransform3(&in->sweepB, out->fraction);
	bruteCore3(in->shapeA, xa, &castCoreShape);
	bruteCore3(in->shapeB, xb, &castCoreTarget);
	double pointTol = 1.0e-5 * scale + tol;
	FZ_CHECK(bruteWithin3(in->shapeA, &castCoreShape, out->pointA, pointTol) && bruteWithin3(in->shapeB, &castCoreTarget, out->pointB, pointTol),
			 "TOI state %d at %.17g: pointA within A %d, pointB within B %d", (int)out->state, out->fraction,
			 bruteWithin3(in->shapeA, &castCoreShape, out->pointA, pointTol), bruteWithin3(in->shapeB, &castCoreTarget, out->pointB, pointTol));
	// Apart or touching at the fraction (every state but overlapped): the unit normal is the axis of
	// their distance, along which they are as far apart as anywhere (brute-force supports), as
	// fuzz_toi2d checks in 2D (where two boxes meeting face to face got the axis of their sides).
	if (out->state != NP_TOI3_OVERLAPPED)
	{
		npVec3 n = out->normal, m = { -n.x, -n.y, -n.z };
		double along = -bruteSupport3(in->shapeB, xb, m) - bruteSupport3(in->shapeA, xa, n);
		double d = distanceAtToi(in, out->fraction);
		FZ_CHECK(fabs(along - d) <= pointTol, "TOI state %d at %.17g: the shapes are %.17g apart along the normal (%.17g, %.17g, %.17g), %.17g apart",
				 (int)out->state, out->fraction, along, n.x, n.y, n.z, d);
	}
	if (out->state == NP_TOI3_HIT)
	{
		double d = distanceAtToi(in, out->fraction);
		FZ_CHECK(fabs(d - target) <= tol, "TOI hit at %.17g with distance %.17g, want %.17g", out->fraction, d, target);
	}
	if (out->state == NP_TOI3_OVERLAPPED)
	{
		FZ_CHECK(out->fraction == 0.0, "overlapped at %.17g", out->fraction);
		double d = distanceAtToi(in, 0.0);
		FZ_CHECK(d <= target + tol, "overlapped at distance %.17g", d);
		return;
	}
	double end = out->state == NP_TOI3_SEPARATED ? 1.0 : out->fraction;
	for (int i = 0; i < TOI_SAMPLES; ++i)
	{
		double t = end * i / TOI_SAMPLES;
		double d = distanceAtToi(in, t);
		FZ_CHECK(d >= target - tol, "TOI state %d at %.17g, but distance %.17g at %.17g", (int)out->state, out->fraction,
				 d, t);
	}
}

static void timeOfImpact(FzIn* in, const npShape3* a, npTransform3 xa, const npShape3* b, npTransform3 xb,
						 double targetDistance, bool checked)
{
	int okA2, okB2;
	npTransform3 xa2 = fzTransform3(in, &okA2), xb2 = fzTransform3(in, &okB2);
	npVec3 ca = fzVec3(in), cb = fzVec3(in);
	uint8_t mode = fzByte(in);
	double tolerance = mode & 1 ? 0.0 : (mode & 2) ? fzNumber(in) : 1.0e-9 * (1 + fzByte(in));
	FZ_DUMP("centers { %s, %s, %s } { %s, %s, %s } tolerance %s\n", fzLit(ca.x), fzLit(ca.y), fzLit(ca.z), fzLit(cb.x),
			fzLit(cb.y), fzLit(cb.z), fzLit(tolerance));
	npToiInput3 toi = { a, { xa, xa2, ca }, b, { xb, xb2, cb }, targetDistance, tolerance };
	npToiOutput3 out;
	npResult r = npTimeOfImpact3(&toi, &out);
	FZ_DUMP("npTimeOfImpact3 = %d: state %d fraction %s iterations %d\n", (int)r, (int)out.state, fzLit(out.fraction),
			out.iterations);
	FZ_CHECK(fzIsCode(r), "npTimeOfImpact3 result %d", (int)r);
	if (r != NP_OK || !checked || !okA2 || !okB2)
		return;

	// Moderate inputs only: every pose along the sweeps within the scale, far below NP_HUGE.
	double motion = fzMax(fzAbs3(xa2.p), fzAbs3(xb2.p)) + fzMax(fzAbs3(ca), fzAbs3(cb));
	double scale = fzPairScale3(a, xa, b, xb) + 1.7320508075688772 * motion + targetDistance;
	if (!(scale < 1e9) || !(scale > 1e-6))
		return;
	checkToi(&toi, &out, scale);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npShape3 a, b;
	int okA = fzShape3(&in, &a, &hullA) == NP_OK;
	int okB = fzShape3(&in, &b, &hullB) == NP_OK;
	int okXa, okXb, okM;
	npTransform3 xa = fzTransform3(&in, &okXa), xb = fzTransform3(&in, &okXb);
	npVec3 translation = fzVec3(&in);
	double targetDistance = fzMargin(&in, &okM);
	uint8_t flags = fzByte(&in);
	double maxFraction = (flags & 2) ? fabs(fzNumber(&in)) : 1.0;
	FZ_DUMP("translation { %s, %s, %s } targetDistance %s maxFraction %s flags %d\n", fzLit(translation.x),
			fzLit(translation.y), fzLit(translation.z), fzLit(targetDistance), fzLit(maxFraction), flags);
	if (!okA || !okB)
		return 0;

	npCastOptions3 options = { maxFraction, targetDistance, (flags & 1) != 0 };
	bool checked = okXa && okXb && okM;
	if (flags & 4)
		timeOfImpact(&in, &a, xa, &b, xb, targetDistance, checked);
	else
		castPair(&a, xa, &b, xb, translation, options, checked);
	return 0;
}
