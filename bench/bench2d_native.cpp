// Native 2D benchmark: narrowphase next to Box2D 2.4 (Debian's libbox2d-dev), same poses, same
// run. Prints the median ns/query of several interleaved rounds and the ratio.
// A benchmark, not a test: nothing here asserts timings.
#include "narrowphase/narrowphase.h"

#include <box2d/box2d.h>

#include "benchpair.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <vector>

namespace
{
const int kPoses = 1024;
const int kRounds = 11;

// Deterministic pose generator (splitmix64).
struct Rng
{
	uint64_t s;
	double next()
	{
		uint64_t z = (s += 0x9E3779B97F4A7C15ull);
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
		z ^= z >> 31;
		return (double)(z >> 11) * (1.0 / 9007199254740992.0);
	}
	double range(double lo, double hi) { return lo + (hi - lo) * next(); }
};

struct Pose
{
	double x, y, angle;
};

std::vector<Pose> makePoses(double reach, uint64_t seed)
{
	Rng rng{ seed };
	std::vector<Pose> poses(kPoses);
	for (Pose& p : poses)
		p = { rng.range(-reach, reach), rng.range(-reach, reach), rng.range(-3.14159, 3.14159) };
	return poses;
}

// Calibrated, interleaved rounds of ours and Box2D's (benchpair.hpp); prints one line.
template <class F, class G>
void compare(const char* name, F&& ours, G&& theirs, const char* theirName)
{
	auto [mine, peer] = benchpair::timePair(ours, theirs, theirName != nullptr, kPoses, kRounds);
	if (theirName)
		std::printf("%-28s %9.1f ns   %-24s %9.1f ns   ratio %.2fx\n", name, mine, theirName, peer, peer / mine);
	else
		std::printf("%-28s %9.1f ns\n", name, mine);
}

npShape2 regularPolygon(int n, double r)
{
	npVec2 pts[64];
	for (int i = 0; i < n; ++i)
	{
		npRot2 q = npMakeRot2(2.0 * 3.14159265358979323846 * i / n);
		pts[i] = { r * q.c, r * q.s };
	}
	npShape2 s;
	npMakePolygon2(pts, n, 0.0, &s);
	return s;
}

b2PolygonShape toBox2d(const npShape2& s)
{
	b2Vec2 v[b2_maxPolygonVertices];
	for (int i = 0; i < s.count; ++i)
		v[i].Set((float)s.vertices[i].x, (float)s.vertices[i].y);
	b2PolygonShape p;
	p.Set(v, s.count);
	p.m_radius = 0.0f; // compare sharp polygons with sharp polygons
	return p;
}
} // namespace

int main()
{
	std::printf("narrowphase native benchmark (median of %d interleaved rounds, %d poses)\n", kRounds, kPoses);

	npShape2 box, oct, circle;
	npMakeBox2(0.5, 0.5, &box);
	npMakeCircle(0.5, &circle);
	oct = regularPolygon(8, 0.5);
	b2PolygonShape b2box, b2oct;
	b2box.SetAsBox(0.5f, 0.5f);
	b2box.m_radius = 0.0f;
	b2oct = toBox2d(oct);
	b2CircleShape b2circle;
	b2circle.m_radius = 0.5f;

	std::vector<Pose> poses = makePoses(0.9, 1234);
	std::vector<npTransform2> xf(kPoses);
	std::vector<b2Transform> b2xf(kPoses);
	for (int i = 0; i < kPoses; ++i)
	{
		xf[i] = npMakeTransform2(poses[i].x, poses[i].y, poses[i].angle);
		b2xf[i].Set(b2Vec2((float)poses[i].x, (float)poses[i].y), (float)poses[i].angle);
	}
	npTransform2 id = npMakeTransform2(0.0, 0.0, 0.0);
	b2Transform b2id;
	b2id.SetIdentity();

	compare(
		"box-box manifold", [&](int i) { return npCollide2(&box, id, &box, xf[i], 0.0).pointCount; },
		[&](int i) {
			b2Manifold m;
			b2CollidePolygons(&m, &b2box, b2id, &b2box, b2xf[i]);
			return (double)m.pointCount;
		},
		"Box2D 2.4 b2CollidePolygons");
	compare(
		"8-gon vs 8-gon manifold", [&](int i) { return npCollide2(&oct, id, &oct, xf[i], 0.0).pointCount; },
		[&](int i) {
			b2Manifold m;
			b2CollidePolygons(&m, &b2oct, b2id, &b2oct, b2xf[i]);
			return (double)m.pointCount;
		},
		"Box2D 2.4 b2CollidePolygons");
	compare(
		"circle-box manifold", [&](int i) { return npCollide2(&box, id, &circle, xf[i], 0.0).pointCount; },
		[&](int i) {
			b2Manifold m;
			b2CollidePolygonAndCircle(&m, &b2box, b2id, &b2circle, b2xf[i]);
			return (double)m.pointCount;
		},
		"Box2D 2.4 b2CollidePolygonAndCircle");
	compare(
		"8-gon overlap", [&](int i) { return (double)npOverlap2(&oct, id, &oct, xf[i]); },
		[&](int i) { return (double)b2TestOverlap(&b2oct, 0, &b2oct, 0, b2id, b2xf[i]); },
		"Box2D 2.4 b2TestOverlap");
	compare(
		"8-gon penetration (EPA)",
		[&](int i) { return npPenetration2(&oct, id, &oct, xf[i], nullptr).depth; }, [](int) { return 0.0; },
		nullptr);
	compare(
		"8-gon distance (GJK)", [&](int i) { return npDistance2(&oct, id, &oct, xf[i]).distance; },
		[](int) { return 0.0; }, nullptr);
	return 0;
}
