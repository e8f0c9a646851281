// libFuzzer harness: npTimeOfImpact2 on two decoded shapes, each moving and turning (a sweep: the
// local point `center` on a straight line, the angle linearly, never wrapped), with a target
// distance and a tolerance. Raw input must give a documented code, never a crash or a hang; on
// accepted input:
//  - the state one of the four, the fraction in [0, 1], everything finite, the normal unit or zero,
//    the iterations within the bound;
//  - 'hit': the distance at the fraction is targetDistance within the tolerance;
//  - 'overlapped': fraction 0, and the distance at 0 within targetDistance (plus the tolerance);
//  - pointA and pointB within their shapes posed at the fraction (bruteWithin2, 1e-5 of the scale;
//    when separated, at 1, as far apart along the normal as the shapes are there);
//  - every state but 'overlapped': the normal is the axis of the distance at the fraction (the
//    shapes as far apart along it as they are, by brute-force supports);
//  - every state but 'overlapped': no sampled fraction before the answer (before 1 for
//    'separated') is closer than targetDistance - tolerance: no missed contact. With rotation the
//    distance is not convex in the fraction, so this samples (64 fractions, the signed distance,
//    fzSignedDistance2, on npSweepTransform2's poses: the distance alone is 0 at any depth and could
//    not see the shapes pass into each other): it can miss a narrow dip, never report a false one.
// The tolerance is the one given, or the library's default (1e-9 of the problem's scale: the
// shapes' extents, the centres' distances from the origin and their motions), bounded here from
// above by the sweeps' numbers, plus FZ_TOI_REL of that scale for the distance queries' own error,
// plus what the angles' own precision allows: the angle at t, a0 + t (a1 - a0), moves in steps of
// its last bit (1.2e-4 rad at 1e12 rad), so a pose, and the distance, jumps by that times the
// shape's reach about its centre (found here: a hit 0.0027 past the target distance with an angle
// of 1e12 rad and a reach of 77). No time of impact can be more exact than its input's poses.
#include "fuzz.h"

#define FZ_TOI_REL 1.0e-9
#define TOI_SAMPLES 64

static double length2(npVec2 v) { return sqrt(v.x * v.x + v.y * v.y); }

// The shape's extent about its local origin (core vertices and radius).
static double extent2(const npShape2* s)
{
	double e = 0.0;
	for (int i = 0; i < s->count; ++i)
		e = fzMax(e, length2(s->vertices[i]));
	return e + s->radius;
}

// How far a pose of the sweep can jump when its angle moves by a few of its last bits (see the
// head): the angles' unit in the last place times the shape's reach about the centre.
static double angleSteps(const npShape2* shape, const npSweep2* s)
{
	double a = fzMax(fabs(s->angle0), fabs(s->angle1));
	double ulp = nextafter(a, INFINITY) - a;
	return 4.0 * ulp * (extent2(shape) + length2(s->center));
}

// At least the library's scale of a sweep: the centre's distance from the origin at fraction 0 and
// its motion, bounded by the sweep's numbers (the centre turns about the local origin).
static double sweepScale(const npSweep2* s)
{
	npVec2 move = { s->position1.x - s->position0.x, s->position1.y - s->position0.y };
	return length2(s->position0) + length2(move) + 3.0 * length2(s->center);
}

static npSweep2 fzSweep2(FzIn* in)
{
	npSweep2 s;
	s.center = fzVec2(in);
	s.position0 = fzVec2(in);
	s.angle0 = fzNumber(in);
	s.position1 = fzVec2(in);
	s.angle1 = fzNumber(in);
	FZ_DUMP("sweep { center { %s, %s }, { %s, %s } at %s -> { %s, %s } at %s }\n", fzLit(s.center.x), fzLit(s.center.y),
			fzLit(s.position0.x), fzLit(s.position0.y), fzLit(s.angle0), fzLit(s.position1.x), fzLit(s.position1.y),
			fzLit(s.angle1));
	return s;
}

static double distanceAt(const npTimeOfImpactInput2* in, double t)
{
	npTransform2 xa = npSweepTransform2(&in->sweepA, t), xb = npSweepTransform2(&in->sweepB, t);
	return fzSignedDistance2(in->shapeA, xa, in->shapeB, xb);
}

static void checkToi(const npTimeOfImpactInput2* in, const npToiResult2* out, double tol, double scale)
{
	double target = in->targetDistance;
	// The closest points at the fraction on their shapes, posed there (brutesupport.h); when
	// separated, at fraction 1, as far apart along the unit normal as the shapes are there.
	npTransform2 xa = npSweepTransform2(&in->sweepA, out->fraction), xb = npSweepTransform2(&in->sweepB, out->fraction);
	double pointTol = 1.0e-5 * scale + tol;
	if (out->state == NP_TOI_SEPARATED)
	{
		double d = distanceAt(in, 1.0);
		double apart = out->normal.x * (out->pointB.x - out->pointA.x) + out->normal.y * (out->pointB.y - out->pointA.y);
		FZ_CHECK(out->fraction == 1.0 && fabs(hypot(out->normal.x, out->normal.y) - 1.0) <= 1e-9 && fabs(apart - d) <= pointTol,
				 "separated at %.17g: normal (%.17g, %.17g), points %.17g apart along it, distance at 1 %.17g", out->fraction,
				 out->normal.x, out->normal.y, apart, d);
	}
	FZ_CHECK(bruteWithin2(in->shapeA, xa, out->pointA, pointTol) && bruteWithin2(in->shapeB, xb, out->pointB, pointTol),
			 "state %d at %.17g: pointA (%.17g, %.17g) within A %d, pointB (%.17g, %.17g) within B %d", (int)out->state, out->fraction,
			 out->pointA.x, out->pointA.y, bruteWithin2(in->shapeA, xa, out->pointA, pointTol), out->pointB.x, out->pointB.y,
			 bruteWithin2(in->shapeB, xb, out->pointB, pointTol));
	// Apart or touching at the fraction (every state but overlapped): the unit normal is the axis of
	// their distance, along which they are as far apart as anywhere (brute-force supports). Two
	// boxes touching face to face once got the normal of their sides, where they overlap by 3.4.
	if (out->state != NP_TOI_OVERLAPPED)
	{
		npVec2 n = out->normal, m = { -n.x, -n.y };
		double along = -bruteSupport2(in->shapeB, xb, m) - bruteSupport2(in->shapeA, xa, n);
		double d = distanceAt(in, out->fraction);
		FZ_CHECK(fabs(along - d) <= pointTol, "state %d at %.17g: the shapes are %.17g apart along the normal (%.17g, %.17g), %.17g apart",
				 (int)out->state, out->fraction, along, n.x, n.y, d);
	}
	if (out->state == NP_TOI_HIT)
	{
		double d = distanceAt(in, out->fraction);
		FZ_CHECK(fabs(d - target) <= tol, "hit at %.17g with distance %.17g, want %.17g", out->fraction, d, target);
	}
	if (out->state == NP_TOI_OVERLAPPED)
	{
		FZ_CHECK(out->fraction == 0.0, "overlapped at %.17g", out->fraction);
		double d = distanceAt(in, 0.0);
		FZ_CHECK(d <= target + tol, "overlapped at distance %.17g", d);
		return;
	}
	double end = out->state == NP_TOI_SEPARATED ? 1.0 : out->fraction;
	for (int i = 0; i <= TOI_SAMPLES; ++i)
	{
		double t = end * i / TOI_SAMPLES;
		if (t == end && out->state != NP_TOI_SEPARATED)
			break; // the answer itself is checked above ('hit') or may be at the contact ('failed')
		double d = distanceAt(in, t);
		FZ_CHECK(d >= target - tol, "state %d at %.17g, but distance %.17g at %.17g", (int)out->state, out->fraction, d, t);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npShape2 a, b;
	int okA = fzShape2(&in, &a) == NP_OK;
	int okB = fzShape2(&in, &b) == NP_OK;
	npSweep2 sa = fzSweep2(&in), sb = fzSweep2(&in);
	int okM;
	double targetDistance = fzMargin(&in, &okM);
	uint8_t mode = fzByte(&in);
	double tolerance = mode & 1 ? 0.0 : (mode & 2) ? fzNumber(&in) : 1.0e-9 * (1 + fzByte(&in));
	FZ_DUMP("targetDistance %s tolerance %s\n", fzLit(targetDistance), fzLit(tolerance));
	if (!okA || !okB)
		return 0;

	npTimeOfImpactInput2 toi = { &a, sa, &b, sb, targetDistance, tolerance };
	npToiResult2 out;
	npResult r = npTimeOfImpact2(&toi, &out);
	FZ_DUMP("npTimeOfImpact2 = %d: state %d fraction %s normal { %s, %s } iterations %d\n", (int)r, (int)out.state,
			fzLit(out.fraction), fzLit(out.normal.x), fzLit(out.normal.y), out.iterations);
	FZ_CHECK(fzIsCode(r), "npTimeOfImpact2 result %d", (int)r);
	if (r != NP_OK)
		return 0;
	FZ_CHECK(out.state >= NP_TOI_HIT && out.state <= NP_TOI_FAILED, "state %d", (int)out.state);
	FZ_CHECK(isfinite(out.fraction) && out.fraction >= 0.0 && out.fraction <= 1.0, "fraction %.17g", out.fraction);
	FZ_CHECK(fzFinite2(out.normal) && fzFinite2(out.pointA) && fzFinite2(out.pointB), "result not finite");
	FZ_CHECK(out.iterations >= 0, "iterations %d", out.iterations);
	if (out.normal.x != 0.0 || out.normal.y != 0.0)
		fzCheckUnit2(out.normal, "time of impact normal");

	// Moderate inputs only for the distance checks: every pose along the sweeps far below NP_HUGE.
	double scale = extent2(&a) + extent2(&b) + sweepScale(&sa) + sweepScale(&sb) + targetDistance;
	if (!(scale < 1e9) || !(scale > 1e-6) || !okM)
		return 0;
	double tol = fzMax(tolerance, 1.0e-9 * scale) + FZ_TOI_REL * scale + angleSteps(&a, &sa) + angleSteps(&b, &sb) + FZ_ABS;
	checkToi(&toi, &out, tol, scale);
	return 0;
}
