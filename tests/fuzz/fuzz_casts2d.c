// libFuzzer harness: npShapeCast2 (the GJK ray cast, the closed forms for two circles and for two
// sharp polygons) and npShapeCastMany2 on two decoded shapes, transforms, a translation and the
// options (maxFraction, targetDistance, ignoreSeparating). Raw input must give an error code or a
// result, never a crash; on accepted input the hit must follow the conventions of cast2d.h:
//  - the fraction in [0, maxFraction], the points and the normal finite, the normal unit (or zero
//    only for an initial contact whose cores touch), facing the mover: dot(normal, translation) <= 0;
//  - not an initial overlap: the distance at the fraction is targetDistance (within the distance
//    query's tolerance), and at half the fraction it is not below targetDistance (no tunnelling);
//  - an initial overlap: fraction 0 and the distance at 0 within targetDistance;
//  - a miss: the distance at maxFraction and at 0 above targetDistance (the signed distance,
//    fzSignedDistance2, here and below: the distance alone is 0 at any depth);
//  - a hit that is not an initial overlap: the normal supports both shapes at the reported points
//    (the target's farthest extent along the normal, by brute force over its vertices plus its
//    radius, is at `point`; the mover's, at the fraction, along the reversed normal, at
//    `pointOnShape`), so a normal pointing the wrong way along a face is caught even when it
//    faces the mover, and so is one a hair off a long face's (a box 3e9 long: 3e-5 rad, which put
//    its far end 45,000 off the reported supporting line, and so is a contact's normal taken from a
//    feature next to the right one (test_fuzz_regressions2d.c: pointTouchingACornerGetsItsNormal,
//    circleNearTheEndOfAMillionLongEdge);
//  - every hit, initial overlaps too: `point` within the target and `pointOnShape` within the moved
//    shape (brutesupport.h's bruteWithin2, 1e-5 of the scale);
//  - npShapeCastMany2 with the same cast gives the same bits.
// Tolerance: FZ_CAST_REL of the scale (the pair's scale plus the translation's and the target
// distance's magnitude). The contract asks for fractions within 1e-6 of the scale; the ray cast
// stops within 1e-10 of it on ordinary shapes, but on a box a billion times longer than it is wide
// its simplex solve loses about 1e-9 of the scale (found by this harness: 2.0 at a scale of 1.5e9),
// so the checks allow 1e-7, ten times inside the contract.
#include "fuzz.h"

#define FZ_CAST_REL 1.0e-7

static double distanceAt(const npShapeCastInput2* in, double t)
{
	npTransform2 xf = in->transform;
	xf.p.x += t * in->translation.x;
	xf.p.y += t * in->translation.y;
	return fzSignedDistance2(in->shape, xf, in->target, in->targetTransform);
}

static void checkHit(const npShapeCastInput2* in, const npCastHit2* h, double tol)
{
	FZ_CHECK(isfinite(h->fraction) && h->fraction >= 0.0 && h->fraction <= in->maxFraction, "fraction %.17g of %.17g",
			 h->fraction, in->maxFraction);
	FZ_CHECK(fzFinite2(h->point) && fzFinite2(h->pointOnShape) && fzFinite2(h->normal) && isfinite(h->penetration),
			 "hit not finite");
	npTransform2 moved = in->transform;
	moved.p.x += h->fraction * in->translation.x;
	moved.p.y += h->fraction * in->translation.y;
	// The points on their shapes (brutesupport.h, from the shapes' own vertices): `point` within the
	// target, `pointOnShape` within the moved shape, as fuzz_casts3d checks.
	double pointTol = 1.0e-5 * (tol / FZ_CAST_REL) + FZ_ABS;
	FZ_CHECK(bruteWithin2(in->target, in->targetTransform, h->point, pointTol) && bruteWithin2(in->shape, moved, h->pointOnShape, pointTol),
			 "cast hit points: point (%.17g, %.17g) within the target %d, pointOnShape (%.17g, %.17g) within the moved shape %d",
			 h->point.x, h->point.y, bruteWithin2(in->target, in->targetTransform, h->point, pointTol), h->pointOnShape.x,
			 h->pointOnShape.y, bruteWithin2(in->shape, moved, h->pointOnShape, pointTol));
	if (h->initialOverlap)
	{
		FZ_CHECK(h->fraction == 0.0, "initial overlap at %.17g", h->fraction);
		FZ_CHECK(distanceAt(in, 0.0) <= in->targetDistance + tol, "initial overlap at distance %.17g", distanceAt(in, 0.0));
		if (h->normal.x != 0.0 || h->normal.y != 0.0)
			fzCheckUnit2(h->normal, "initial contact normal");
		return;
	}
	fzCheckUnit2(h->normal, "cast normal");
	double len = hypot(in->translation.x, in->translation.y);
	FZ_CHECK(h->normal.x * in->translation.x + h->normal.y * in->translation.y <= tol * fzMax(len, 1.0),
			 "normal (%.17g, %.17g) faces away from the mover", h->normal.x, h->normal.y);
	double d = distanceAt(in, h->fraction);
	FZ_CHECK(fabs(d - in->targetDistance) <= tol, "distance %.17g at the hit %.17g, want %.17g", d, h->fraction, in->targetDistance);
	npVec2 n = h->normal, back = { -n.x, -n.y };
	double gapB = bruteSupport2(in->target, in->targetTransform, n) - (n.x * h->point.x + n.y * h->point.y);
	double gapA = bruteSupport2(in->shape, moved, back) - (back.x * h->pointOnShape.x + back.y * h->pointOnShape.y);
	FZ_CHECK(fabs(gapB) <= tol && fabs(gapA) <= tol, "normal (%.17g, %.17g) does not support the shapes at the points: gaps %.3g (target), %.3g (mover), tol %.3g",
			 n.x, n.y, gapB, gapA, tol);
	double before = distanceAt(in, 0.5 * h->fraction);
	FZ_CHECK(before >= in->targetDistance - tol, "distance %.17g at half the hit's fraction (tunnelling)", before);
}

// Field by field, bit for bit (a struct's padding need not match).
static int sameHit(const npCastHit2* x, const npCastHit2* y)
{
	const double u[] = { x->fraction, x->point.x, x->point.y, x->pointOnShape.x, x->pointOnShape.y, x->normal.x, x->normal.y, x->penetration };
	const double v[] = { y->fraction, y->point.x, y->point.y, y->pointOnShape.x, y->pointOnShape.y, y->normal.x, y->normal.y, y->penetration };
	return memcmp(u, v, sizeof u) == 0 && x->hit == y->hit && x->initialOverlap == y->initialOverlap && x->iterations == y->iterations;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npShape2 a, b;
	int okA = fzShape2(&in, &a) == NP_OK;
	int okB = fzShape2(&in, &b) == NP_OK;
	npTransform2 xa = fzTransform2(&in), xb = fzTransform2(&in);
	npVec2 translation = fzVec2(&in);
	int okM;
	double targetDistance = fzMargin(&in, &okM);
	uint8_t flags = fzByte(&in);
	double maxFraction = (flags & 2) ? fabs(fzNumber(&in)) : 1.0;
	FZ_DUMP("translation { %s, %s } targetDistance %s maxFraction %s flags %d\n", fzLit(translation.x), fzLit(translation.y),
			fzLit(targetDistance), fzLit(maxFraction), flags);
	if (!okA || !okB)
		return 0;

	npShapeCastInput2 cast = npMakeShapeCastInput2(&a, xa, translation, &b, xb);
	cast.targetDistance = targetDistance;
	cast.maxFraction = maxFraction;
	cast.ignoreSeparating = flags & 1;
	npCastHit2 h;
	npResult r = npShapeCast2(&cast, &h);
	FZ_CHECK(fzIsCode(r), "npShapeCast2 result %d", (int)r);
	FZ_CHECK(r == NP_OK || !h.hit, "a hit with error %d", (int)r);

	npCastHit2 many;
	int failed = -2;
	npResult rm = npShapeCastMany2(&cast, &xa.p, &translation, 1, &many, &failed);
	FZ_CHECK(rm == r, "npShapeCastMany2 result %d, single %d", (int)rm, (int)r);
	if (r != NP_OK)
		return 0;
	FZ_CHECK(sameHit(&many, &h), "npShapeCastMany2 differs from npShapeCast2");

	// Moderate inputs only for the distance checks: the scale of everything must stay far below
	// NP_HUGE so that the moved transforms are accepted by npDistance2's arithmetic too.
	double len = hypot(translation.x, translation.y);
	double scale = fzPairScale2(&a, xa, &b, xb) + len * fzMax(maxFraction, 1.0) + targetDistance;
	if (!(scale < 1e12) || !(scale > 1e-6))
		return 0;
	fzSlack = fzMax(fabs(xa.q.c * xa.q.c + xa.q.s * xa.q.s - 1.0), fabs(xb.q.c * xb.q.c + xb.q.s * xb.q.s - 1.0));
	double tol = (FZ_CAST_REL + 2.0 * fzSlack) * scale + FZ_ABS;
	if (h.hit)
		checkHit(&cast, &h, tol);
	else if (!cast.ignoreSeparating)
	{
		FZ_CHECK(distanceAt(&cast, 0.0) > targetDistance - tol, "miss but distance %.17g at 0", distanceAt(&cast, 0.0));
		FZ_CHECK(distanceAt(&cast, maxFraction) > targetDistance - tol, "miss but distance %.17g at maxFraction",
				 distanceAt(&cast, maxFraction));
	}
	return 0;
}
