// Native chain benchmark: a box and a circle resting on a hilly terrain of 1,000 to 100,000
// segments, narrowphase's npChainContacts2 (its BVH midphase, then the ghost-free contacts) next to
// Box2D 2.4's chain collision on the same poses, in the same run: Box2D's own path for a chain
// fixture, one b2DynamicTree proxy per child edge (as b2World creates them), a tree query with the
// shape's AABB, then b2ChainShape::GetChildEdge and b2CollideEdgeAndPolygon / b2CollideEdgeAndCircle
// (ghost vertices from the chain's neighbours) for each edge found. Prints the median ns/query of
// interleaved rounds and the ratio. A benchmark, not a test: nothing here asserts timings.
//
// Terrain: points x_i = (n - i) (listed right to left: the front faces up), y_i = a sum of two
// triangle waves (periods 80 and 18 points); the shapes are 1 wide and sit 0.05 into the ground, so
// each touches about two segments.
#include "narrowphase/narrowphase.h"
#include "benchpair.hpp"

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace
{
const int kPoses = 1024;
const int kRounds = 9;

// Calibrated, interleaved rounds of ours and Box2D's (benchpair.hpp); prints one line.
template <class F, class G>
void compare(const char* name, int n, F&& ours, G&& theirs)
{
	auto [mine, peer] = benchpair::timePair(ours, theirs, true, kPoses, kRounds);
	std::printf("%-7s %7d segments   narrowphase %7.1f ns   Box2D 2.4 chain %7.1f ns   ratio %.2fx\n", name, n, mine,
				peer, peer / mine);
}

double terrainY(int i)
{
	int m1 = i % 80, m2 = i % 18;
	return (1.5 * std::abs(m1 - 40)) / 40 + (0.6 * std::abs(m2 - 9)) / 9;
}

struct Pose
{
	double x, y, angle;
};

std::vector<Pose> makePoses(int n)
{
	lcg = 12345; // benchutil.h's LCG, the same draws as chain_bench.mjs
	std::vector<Pose> poses(kPoses);
	for (Pose& p : poses)
	{
		double x = 2.0 + (n - 4.0) * rand01();
		int i = (int)std::floor(n - x); // point i is at x = n - i; the segment i -> i + 1 holds x
		double t = (n - i) - x;
		double y = terrainY(i) + t * (terrainY(i + 1) - terrainY(i));
		p = { x, y + 0.45, 0.3 * (2.0 * rand01() - 1.0) };
	}
	return poses;
}

struct Box2dChain
{
	b2ChainShape chain;
	b2DynamicTree tree;
};

struct TreeQuery
{
	const b2ChainShape* chain;
	const b2DynamicTree* tree;
	const b2Shape* shape;
	const b2Transform* xf;
	int points;
	bool QueryCallback(int32 proxy)
	{
		b2EdgeShape edge;
		chain->GetChildEdge(&edge, (int32)(intptr_t)tree->GetUserData(proxy));
		b2Transform id;
		id.SetIdentity();
		b2Manifold m;
		if (shape->GetType() == b2Shape::e_polygon)
			b2CollideEdgeAndPolygon(&m, &edge, id, (const b2PolygonShape*)shape, *xf);
		else
			b2CollideEdgeAndCircle(&m, &edge, id, (const b2CircleShape*)shape, *xf);
		points += m.pointCount;
		return true;
	}
};

void run(int n)
{
	// narrowphase
	std::vector<npVec2> pts(n + 1);
	for (int i = 0; i <= n; ++i)
		pts[i] = { (double)(n - i), terrainY(i) };
	size_t bytes = npChainBytes2(n + 1, false);
	void* memory = std::aligned_alloc(8, (bytes + 7) & ~(size_t)7);
	npChain2* chain = nullptr;
	npMakeChain2(pts.data(), n + 1, nullptr, memory, bytes, &chain);
	npChainInstance2 inst = { chain, npMakeTransform2(0, 0, 0) };
	npChainQuery2 query = npDefaultChainQuery2();
	npShape2 box, circle;
	npMakeBox2(0.5, 0.5, &box);
	npMakeCircle(0.5, &circle);
	std::vector<Pose> poses = makePoses(n);
	std::vector<npTransform2> xf(kPoses);
	for (int i = 0; i < kPoses; ++i)
		xf[i] = npMakeTransform2(poses[i].x, poses[i].y, poses[i].angle);

	// Box2D: the chain and one tree proxy per child edge (as a b2World would make them).
	Box2dChain* b2 = new Box2dChain;
	std::vector<b2Vec2> v(n + 1);
	for (int i = 0; i <= n; ++i)
		v[i].Set((float)pts[i].x, (float)pts[i].y);
	b2->chain.CreateChain(v.data(), n + 1, v[0], v[n]);
	b2Transform id;
	id.SetIdentity();
	for (int i = 0; i < n; ++i)
	{
		b2AABB aabb;
		b2->chain.ComputeAABB(&aabb, id, i);
		b2->tree.CreateProxy(aabb, (void*)(intptr_t)i);
	}
	b2PolygonShape b2box;
	b2box.SetAsBox(0.5f, 0.5f);
	b2box.m_radius = 0.0f;
	b2CircleShape b2circle;
	b2circle.m_radius = 0.5f;
	std::vector<b2Transform> b2xf(kPoses);
	for (int i = 0; i < kPoses; ++i)
		b2xf[i].Set(b2Vec2((float)poses[i].x, (float)poses[i].y), (float)poses[i].angle);

	npChainContact2 contacts[64];
	auto ours = [&](const npShape2* s) {
		return [&, s](int i) {
			npChainContactsOutput2 found = { contacts, 64, 0, {} };
			npChainContacts2(s, xf[i], &inst, 1, &query, &found);
			return (double)found.count;
		};
	};
	auto theirs = [&](const b2Shape* s) {
		return [&, s](int i) {
			b2AABB aabb;
			s->ComputeAABB(&aabb, b2xf[i], 0);
			TreeQuery q = { &b2->chain, &b2->tree, s, &b2xf[i], 0 };
			b2->tree.Query(&q, aabb);
			return (double)q.points;
		};
	};
	compare("box", n, ours(&box), theirs(&b2box));
	compare("circle", n, ours(&circle), theirs(&b2circle));

	// Contacts per query, the same for both (a check that both do the work).
	double a = 0, b = 0;
	for (int i = 0; i < kPoses; ++i)
	{
		a += ours(&box)(i);
		b += theirs(&b2box)(i);
	}
	std::printf("        (box: %.2f contact points per query here, %.2f in Box2D; BVH depth %d)\n", a / kPoses, b / kPoses,
				chain->depth);
	delete b2;
	std::free(memory);
}
} // namespace

int main()
{
	std::printf("chains, native: npChainContacts2 vs Box2D 2.4 (tree query + b2CollideEdgeAnd*), median of %d rounds\n",
				kRounds);
	for (int n : { 1000, 10000, 100000 })
		run(n);
	return 0;
}
