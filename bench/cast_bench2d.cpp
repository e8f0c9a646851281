// Native 2D cast benchmark: narrowphase's npShapeCast2 and npTimeOfImpact2 next to Box2D 2.4's
// b2ShapeCast and b2TimeOfImpact (Debian's libbox2d-dev), on the same 1,024 cases, interleaved in
// one run; prints the median ns per query of several rounds (process CPU time) and the ratio.
// bench/cast_bench2d.mjs measures the same cases from Node (same LCG, benchutil.h).
//
// Cases: a box (half extents 0.5) starting 3 away from a box at the origin, in a random direction
// and at random angles, cast by 1.5 times the offset plus up to 1 sideways (mostly hits); and two
// boxes each turning by up to 4 rad over the sweep, one crossing from 3 away to the far side, the
// other near the origin (mostly hits). Box2D's polygons get radius 0, as ours; its time of impact
// stops at 3 linear slops short of contact with a tolerance of a quarter slop (1.25 mm), ours at
// 1e-9 of the scale by default: the table also gives ours with Box2D's target and tolerance.
// A benchmark, not a test: nothing here asserts timings.
#include "narrowphase/narrowphase.h"

#include <box2d/box2d.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_time_of_impact.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "benchpair.hpp"

namespace
{
const int kCases = 1024;
const int kRounds = 9;

// Calibrated, interleaved rounds of ours and Box2D's (benchpair.hpp); prints one line.
template <class F, class G>
void compare(const char* name, F&& ours, G&& theirs, const char* theirName)
{
	auto [mine, peer] = benchpair::timePair(ours, theirs, theirName != nullptr, kCases, kRounds);
	if (theirName)
		std::printf("%-36s %8.1f ns   %-26s %8.1f ns   ratio %.2fx\n", name, mine, theirName, peer, peer / mine);
	else
		std::printf("%-36s %8.1f ns\n", name, mine);
}

struct CastCase
{
	double x, y, angle, dx, dy, targetAngle;
};

struct ToiCase
{
	double x0, y0, a0, x1, y1, a1;  // A
	double bx, by, b0, b1;          // B (turning in place)
};
} // namespace

int main()
{
	std::printf("2D casts, native (median of %d interleaved rounds, %d cases, CPU time)\n", kRounds, kCases);

	std::vector<CastCase> casts(kCases);
	for (CastCase& c : casts)
	{
		double phi = 2.0 * M_PI * rand01();
		c.x = 3.0 * std::cos(phi);
		c.y = 3.0 * std::sin(phi);
		c.angle = M_PI * (2.0 * rand01() - 1.0);
		c.dx = -1.5 * c.x + (2.0 * rand01() - 1.0);
		c.dy = -1.5 * c.y + (2.0 * rand01() - 1.0);
		c.targetAngle = M_PI * (2.0 * rand01() - 1.0);
	}
	std::vector<ToiCase> tois(kCases);
	for (ToiCase& t : tois)
	{
		double phi = 2.0 * M_PI * rand01();
		t.x0 = 3.0 * std::cos(phi);
		t.y0 = 3.0 * std::sin(phi);
		t.a0 = M_PI * (2.0 * rand01() - 1.0);
		t.a1 = t.a0 + 4.0 * (2.0 * rand01() - 1.0);
		t.x1 = -t.x0 + (2.0 * rand01() - 1.0);
		t.y1 = -t.y0 + (2.0 * rand01() - 1.0);
		t.bx = 0.3 * (2.0 * rand01() - 1.0);
		t.by = 0.3 * (2.0 * rand01() - 1.0);
		t.b0 = M_PI * (2.0 * rand01() - 1.0);
		t.b1 = t.b0 + 4.0 * (2.0 * rand01() - 1.0);
	}

	npShape2 box;
	npMakeBox2(0.5, 0.5, &box);
	b2PolygonShape b2box;
	b2box.SetAsBox(0.5f, 0.5f);
	b2box.m_radius = 0.0f;
	b2DistanceProxy proxy;
	proxy.Set(&b2box, 0);

	std::vector<npShapeCastInput2> in(kCases);
	std::vector<b2ShapeCastInput> b2in(kCases);
	for (int i = 0; i < kCases; ++i)
	{
		const CastCase& c = casts[i];
		in[i] = npMakeShapeCastInput2(&box, npMakeTransform2(c.x, c.y, c.angle), { c.dx, c.dy }, &box,
									  npMakeTransform2(0.0, 0.0, c.targetAngle));
		// Box2D casts its B against a fixed A.
		b2in[i].proxyA = proxy;
		b2in[i].proxyB = proxy;
		b2in[i].transformA.Set(b2Vec2(0.0f, 0.0f), (float)c.targetAngle);
		b2in[i].transformB.Set(b2Vec2((float)c.x, (float)c.y), (float)c.angle);
		b2in[i].translationB.Set((float)c.dx, (float)c.dy);
	}
	compare(
		"box cast against box",
		[&](int i) {
			npCastHit2 h;
			npShapeCast2(&in[i], &h);
			return h.hit ? h.fraction : 2.0;
		},
		[&](int i) {
			b2ShapeCastOutput o;
			return b2ShapeCast(&o, &b2in[i]) ? (double)o.lambda : 2.0;
		},
		"Box2D 2.4 b2ShapeCast");

	std::vector<npTimeOfImpactInput2> toi(kCases);
	std::vector<b2TOIInput> b2toi(kCases);
	for (int i = 0; i < kCases; ++i)
	{
		const ToiCase& t = tois[i];
		toi[i] = { &box, { { 0.0, 0.0 }, { t.x0, t.y0 }, t.a0, { t.x1, t.y1 }, t.a1 },
				   &box, { { 0.0, 0.0 }, { t.bx, t.by }, t.b0, { t.bx, t.by }, t.b1 }, 0.0, 0.0 };
		b2TOIInput& b = b2toi[i];
		b.proxyA = proxy;
		b.proxyB = proxy;
		b.sweepA.localCenter.SetZero();
		b.sweepA.c0.Set((float)t.x0, (float)t.y0);
		b.sweepA.c.Set((float)t.x1, (float)t.y1);
		b.sweepA.a0 = (float)t.a0;
		b.sweepA.a = (float)t.a1;
		b.sweepA.alpha0 = 0.0f;
		b.sweepB.localCenter.SetZero();
		b.sweepB.c0.Set((float)t.bx, (float)t.by);
		b.sweepB.c = b.sweepB.c0;
		b.sweepB.a0 = (float)t.b0;
		b.sweepB.a = (float)t.b1;
		b.sweepB.alpha0 = 0.0f;
		b.tMax = 1.0f;
	}
	// States, and Box2D's "separated" answers checked by sampling the distance over the sweep
	// (2,000 fractions): how many of them do come closer than its own target of one linear slop.
	int hits = 0, failed = 0, b2hits = 0, b2missed = 0;
	for (int i = 0; i < kCases; ++i)
	{
		npToiResult2 r;
		npTimeOfImpact2(&toi[i], &r);
		hits += r.state == NP_TOI_HIT;
		failed += r.state == NP_TOI_FAILED;
		b2TOIOutput o;
		b2TimeOfImpact(&o, &b2toi[i]);
		b2hits += o.state == b2TOIOutput::e_touching;
		if (o.state != b2TOIOutput::e_separated)
			continue;
		for (int k = 0; k <= 2000; ++k)
		{
			double t = k / 2000.0;
			double d = npDistance2(&box, npSweepTransform2(&toi[i].sweepA, t), &box, npSweepTransform2(&toi[i].sweepB, t)).distance;
			if (d < b2_linearSlop)
			{
				b2missed += 1;
				break;
			}
		}
	}
	std::printf("  (time of impact: ours %d hits, %d failed; Box2D %d touching, and %d 'separated' that do touch, of %d)\n",
				hits, failed, b2hits, b2missed, kCases);
	auto b2run = [&](int i) {
		b2TOIOutput o;
		b2TimeOfImpact(&o, &b2toi[i]);
		return (double)o.t;
	};
	compare(
		"TOI spinning boxes (tolerance 1e-9)",
		[&](int i) {
			npToiResult2 r;
			npTimeOfImpact2(&toi[i], &r);
			return r.fraction;
		},
		b2run, "Box2D 2.4 b2TimeOfImpact");
	std::vector<npTimeOfImpactInput2> loose = toi;
	for (npTimeOfImpactInput2& t : loose)
	{
		t.targetDistance = b2_linearSlop;
		t.tolerance = 0.25 * b2_linearSlop;
	}
	compare(
		"TOI spinning boxes (Box2D's target)",
		[&](int i) {
			npToiResult2 r;
			npTimeOfImpact2(&loose[i], &r);
			return r.fraction;
		},
		b2run, "Box2D 2.4 b2TimeOfImpact");
	return 0;
}
