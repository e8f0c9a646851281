// 2D chains (chain2d.h), natively: bad input, the ghost rule on long slides over fine grounds (and
// that the check finds ghosts when the rule is off), joins across chains, ghost vertices, the
// midphase, rays and closest points against brute force, overflow. The shared vectors
// (tests/vectors/2d_chain.json) hold the cases with independent expected values; these are
// invariants and brute-force comparisons computed here.
#include "check.h"
#include "brutesupport.h"
#include "chainlevel.h"

#include "narrowphase/narrowphase.h"

#include <math.h>
#include <stdlib.h>

static uint32_t rng = 2024;
static double rnd(double lo, double hi)
{
	rng = rng * 1103515245u + 12345u;
	return lo + (hi - lo) * (rng / 4294967296.0);
}

typedef struct built
{
	npChain2* chain;
	void* memory;
} built;

static built build(const npVec2* pts, int n, const npChainDef2* def)
{
	built b = { NULL, NULL };
	size_t bytes = npChainBytes2(n, def != NULL && def->loop);
	b.memory = malloc(bytes > 0 ? bytes : 8);
	npResult r = npMakeChain2(pts, n, def, b.memory, bytes, &b.chain);
	CHECK(r == NP_OK, "chain of %d points: %s", n, npResultString(r));
	return b;
}

// ------------------------------------------------------------------------------------ bad input

static void testBadInput(void)
{
	npVec2 pts[4] = { { 1, 0 }, { 0, 0 }, { -1, 0 }, { -2, 0 } };
	static double buf[4096];
	npChain2* c = NULL;
	npChainDef2 loop = npDefaultChainDef2();
	loop.loop = true;
	CHECK(npMakeChain2(pts, 1, NULL, buf, sizeof buf, &c) == NP_ERR_DEGENERATE, "one point");
	CHECK(npMakeChain2(pts, 2, &loop, buf, sizeof buf, &c) == NP_ERR_DEGENERATE, "loop of two points");
	CHECK(npMakeChain2(NULL, 2, NULL, buf, sizeof buf, &c) == NP_ERR_INVALID_ARGUMENT, "null points");
	CHECK(npMakeChain2(pts, 2, NULL, NULL, sizeof buf, &c) == NP_ERR_INVALID_ARGUMENT, "null memory");
	CHECK(npMakeChain2(pts, 4, NULL, buf, 16, &c) == NP_ERR_CAPACITY, "memory too small");
	CHECK(npMakeChain2(pts, 4, NULL, (char*)buf + 4, sizeof buf - 8, &c) == NP_ERR_CAPACITY, "misaligned memory");
	CHECK(npChainBytes2(NP_CHAIN_MAX_POINTS + 1, false) == 0, "too many points: no size");
	npVec2 twice[3] = { { 0, 0 }, { 1, 0 }, { 1, 0 } };
	CHECK(npMakeChain2(twice, 3, NULL, buf, sizeof buf, &c) == NP_ERR_DEGENERATE, "zero-length segment");
	npVec2 bad[2] = { { 0, 0 }, { NAN, 0 } };
	CHECK(npMakeChain2(bad, 2, NULL, buf, sizeof buf, &c) == NP_ERR_NON_FINITE, "NaN point");
	bad[1] = (npVec2){ 2e12, 0 };
	CHECK(npMakeChain2(bad, 2, NULL, buf, sizeof buf, &c) == NP_ERR_NON_FINITE, "huge point");
	npChainDef2 ghosts = npDefaultChainDef2();
	ghosts.loop = true;
	ghosts.hasGhostEnd = true;
	CHECK(npMakeChain2(pts, 4, &ghosts, buf, sizeof buf, &c) == NP_ERR_INVALID_ARGUMENT, "ghost on a loop");
	CHECK(npMakeChain2(pts, 4, NULL, buf, sizeof buf, &c) == NP_OK && c != NULL, "a good chain");

	npShape2 box;
	npMakeBox2(0.5, 0.5, &box);
	npChainInstance2 inst = { c, npMakeTransform2(0, 0, 0) };
	npChainContact2 out[8];
	npChainContactsOutput2 found = { out, 8, 99 };
	npChainQuery2 q = npDefaultChainQuery2();
	CHECK(npChainContacts2(NULL, inst.transform, &inst, 1, &q, &found) == NP_ERR_INVALID_ARGUMENT && found.count == 0, "null shape");
	npTransform2 badXf = { { 0, 0 }, { 2, 0 } };
	CHECK(npChainContacts2(&box, badXf, &inst, 1, &q, &found) == NP_ERR_INVALID_TRANSFORM, "bad shape transform");
	npChainInstance2 badInst = { c, badXf };
	CHECK(npChainContacts2(&box, inst.transform, &badInst, 1, &q, &found) == NP_ERR_INVALID_TRANSFORM, "bad chain transform");
	q.margin = -1;
	CHECK(npChainContacts2(&box, inst.transform, &inst, 1, &q, &found) == NP_ERR_INVALID_ARGUMENT, "negative margin");
	q.margin = NAN;
	CHECK(npChainContacts2(&box, inst.transform, &inst, 1, &q, &found) == NP_ERR_NON_FINITE, "NaN margin");
	q = npDefaultChainQuery2();
	npChainInstance2 none = { NULL, inst.transform };
	CHECK(npChainContacts2(&box, inst.transform, &none, 1, &q, &found) == NP_ERR_INVALID_ARGUMENT, "null chain");
	CHECK(npChainContacts2(&box, inst.transform, &inst, 1, &q, NULL) == NP_ERR_INVALID_ARGUMENT, "null output");
	bool inside = true;
	CHECK(npContainsPointChain2(c, inst.transform, (npVec2){ 0, -1 }, &inside) == NP_ERR_INVALID_ARGUMENT && !inside,
		  "containsPoint on an open chain");
	npRayInput2 ray = npMakeRayInput2((npVec2){ 0, 1 }, (npVec2){ 0, 0 });
	npChainRayHit2 hit;
	CHECK(npRayCastChains2(&inst, 1, &ray, &hit) == NP_ERR_INVALID_ARGUMENT && !hit.hit, "zero ray direction");
	ray.direction = (npVec2){ 0, NAN };
	CHECK(npRayCastChains2(&inst, 1, &ray, &hit) == NP_ERR_NON_FINITE, "NaN ray");
	npChainProjection2 proj;
	CHECK(npClosestPointChains2(&inst, 1, (npVec2){ INFINITY, 0 }, &proj) == NP_ERR_NON_FINITE, "infinite point");
	CHECK(npClosestPointChains2(&inst, 0, (npVec2){ 0, 0 }, &proj) == NP_ERR_INVALID_ARGUMENT, "no chains");
}

// ------------------------------------------------------------------------------------ sliding

// The chain-side normal is within the cone of the touched feature: the face normal, or strictly
// between two face normals at a convex vertex (ground: flat everywhere, so only (0, 1)).
static bool isGroundNormal(npVec2 n)
{
	return fabs(n.x) <= 1e-12 && fabs(n.y + 1.0) <= 1e-12;
}

// Lowest point of a shape at xf (closed form over its core).
static double lowest(const npShape2* s, npTransform2 xf)
{
	double y = INFINITY;
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 v = s->vertices[i];
		double wy = xf.q.s * v.x + xf.q.c * v.y + xf.p.y;
		y = wy < y ? wy : y;
	}
	return y - s->radius;
}

static void testSliding(void)
{
	// 400 collinear segments at y = 0.75, lengths from 1e-5 to 1.5, right to left, in 5 chains.
	enum { N = 401, CHAINS = 5 };
	npVec2 pts[N];
	double x = 60.0;
	for (int i = 0; i < N; ++i)
	{
		pts[i] = (npVec2){ x, 0.75 };
		double len = (i % 7 == 3) ? 1e-5 : ((i % 5 == 1) ? 1e-3 : rnd(0.05, 0.5));
		x -= len;
	}
	built parts[CHAINS];
	npChainInstance2 inst[CHAINS];
	for (int k = 0; k < CHAINS; ++k)
	{
		int first = k * (N - 1) / CHAINS, last = (k + 1) * (N - 1) / CHAINS;
		parts[k] = build(pts + first, last - first + 1, NULL);
		inst[k] = (npChainInstance2){ parts[k].chain, npMakeTransform2(0, 0, 0) };
	}

	npShape2 shapes[5];
	npMakeCircle(0.4, &shapes[0]);
	npMakeCapsule2(0.5, 0.2, &shapes[1]);
	npMakeBox2(0.6, 0.3, &shapes[2]);
	npVec2 poly[5] = { { -0.5, -0.3 }, { 0.6, -0.4 }, { 0.7, 0.3 }, { 0, 0.6 }, { -0.6, 0.2 } };
	npMakePolygon2(poly, 5, 0.0, &shapes[3]);
	npMakePolygon2(poly, 5, 0.1, &shapes[4]);

	int queries = 0, contacts = 0, ghosts = 0, naiveGhosts = 0;
	double worstDepth = 0.0;
	for (int s = 0; s < 5; ++s)
	{
		for (int step = 0; step < 1500; ++step)
		{
			double px = x + 2.0 + (60.0 - x - 4.0) * step / 1500.0;
			double angle = (step % 4 == 0) ? 0.0 : rnd(-3.1, 3.1);
			npTransform2 xf = npMakeTransform2(px, 0.0, angle);
			double pen = rnd(0.001, 0.2);
			xf.p.y = 0.75 - (lowest(&shapes[s], xf) - 0.0) - pen; // shape's lowest point `pen` below the ground
			double exact = 0.75 - lowest(&shapes[s], xf);
			npChainContact2 out[64];
			npChainContactsOutput2 found = { out, 64 };
			npChainQuery2 q = npDefaultChainQuery2();
			npResult r = npChainContacts2(&shapes[s], xf, inst, CHAINS, &q, &found);
			int n = found.count;
			queries += 1;
			double deepest = -INFINITY;
			for (int i = 0; i < n; ++i)
			{
				ghosts += isGroundNormal(out[i].normal) ? 0 : 1;
				deepest = out[i].depth > deepest ? out[i].depth : deepest;
			}
			contacts += n;
			double err = fabs(deepest - exact);
			worstDepth = err > worstDepth ? err : worstDepth;
			CHECK(r == NP_OK && n >= 1 && err <= 1e-12, "shape %d step %d: %d contacts, deepest %.17g, exact %.17g", s, step, n,
				  deepest, exact);
			q.removeGhosts = false;
			npChainContacts2(&shapes[s], xf, inst, CHAINS, &q, &found);
			for (int i = 0; i < found.count; ++i)
				naiveGhosts += isGroundNormal(out[i].normal) ? 0 : 1;
		}
	}
	CHECK(ghosts == 0, "ghost normals with the rule: %d", ghosts);
	CHECK(naiveGhosts > 0, "the same slides without the rule show ghost normals (got %d): the check can fail", naiveGhosts);
	printf("sliding: %d queries, %d contacts, worst depth error %.3g, ghost normals %d (without the rule: %d)\n", queries,
		   contacts, worstDepth, ghosts, naiveGhosts);
	for (int k = 0; k < CHAINS; ++k)
		free(parts[k].memory);
}

// ------------------------------------------------------------------------------------ joins and ghosts

static void testJoinsAndGhosts(void)
{
	// Two pieces of flat ground, the second placed by its transform so that it starts where the first
	// ends: a circle over the joint touches faces only. Moved apart by more than the tolerance, the
	// ends are free and the circle gets a vertex contact.
	npVec2 a[3] = { { 2, 0 }, { 1, 0 }, { 0, 0 } };
	npVec2 b[3] = { { 0, 0 }, { -1, 0 }, { -2, 0 } };
	built A = build(a, 3, NULL), B = build(b, 3, NULL);
	npShape2 circle;
	npMakeCircle(0.5, &circle);
	npTransform2 xf = npMakeTransform2(0.1 + 5.0, 0.45, 0);
	npChainInstance2 inst[2] = { { A.chain, npMakeTransform2(5.0, 0, 0) }, { B.chain, npMakeTransform2(5.0, 0, 0) } };
	npChainContact2 out[16];
	npChainContactsOutput2 found = { out, 16 };
	npChainQuery2 q = npDefaultChainQuery2();
	npChainContacts2(&circle, xf, inst, 2, &q, &found);
	int n = found.count;
	bool faces = n >= 1;
	for (int i = 0; i < n; ++i)
		faces = faces && isGroundNormal(out[i].normal) && out[i].feature == NP_CHAIN_FACE;
	CHECK(faces, "joined chains: face normals only (%d contacts)", n);
	inst[1].transform = npMakeTransform2(5.0 - 1e-3, 0, 0);
	npChainContacts2(&circle, xf, inst, 2, &q, &found);
	int vertices = 0;
	for (int i = 0; i < found.count; ++i)
		vertices += out[i].feature == NP_CHAIN_VERTEX ? 1 : 0;
	CHECK(vertices == 1, "chains 1e-3 apart: the free end gives one vertex contact (got %d)", vertices);
	q.featureTolerance = 2e-3;
	npChainContacts2(&circle, xf, inst, 2, &q, &found);
	vertices = 0;
	for (int i = 0; i < found.count; ++i)
		vertices += out[i].feature == NP_CHAIN_VERTEX ? 1 : 0;
	CHECK(vertices == 0, "with featureTolerance 2e-3 they join again (got %d vertex contacts)", vertices);

	// Ghost vertices: the first piece alone, with a ghost continuing it flat, gives no vertex contact.
	npChainDef2 def = npDefaultChainDef2();
	def.hasGhostEnd = true;
	def.ghostEnd = (npVec2){ -1, 0 };
	built G = build(a, 3, &def);
	npChainInstance2 g = { G.chain, npMakeTransform2(0, 0, 0) };
	npTransform2 beyond = npMakeTransform2(-0.15, 0.45, 0);
	npChainContacts2(&circle, beyond, &g, 1, &q, &found);
	CHECK(found.count == 0, "ghost end: the circle past the end touches the level beyond, not this piece (got %d)", found.count);
	g.chain = A.chain;
	npChainContacts2(&circle, beyond, &g, 1, &q, &found);
	CHECK(found.count == 1 && out[0].feature == NP_CHAIN_VERTEX, "free end: one vertex contact (got %d)", found.count);
	free(A.memory);
	free(B.memory);
	free(G.memory);
}

// ------------------------------------------------------------------------------------ midphase, rays, points

static void segBounds(const npChain2* c, int s, npVec2* lo, npVec2* hi)
{
	npVec2 a, b;
	npGetChainSegment2(c, s, &a, &b);
	*lo = (npVec2){ fmin(a.x, b.x), fmin(a.y, b.y) };
	*hi = (npVec2){ fmax(a.x, b.x), fmax(a.y, b.y) };
}

static void testMidphase(void)
{
	// A zigzag of long diagonal segments (the grid's doubling) and a fine random walk.
	enum { N = 3000 };
	static npVec2 pts[N];
	for (int shape = 0; shape < 2; ++shape)
	{
		for (int i = 0; i < N; ++i)
			pts[i] = shape == 0 ? (npVec2){ (i % 2) ? 100.0 : -100.0, i * 0.1 + rnd(0, 0.01) }
								: (npVec2){ i * 0.3 + rnd(-0.5, 0.5), rnd(-20, 20) };
		built b = build(pts, N, NULL);
		int mismatches = 0;
		for (int k = 0; k < 300; ++k)
		{
			npVec2 lo = { rnd(-110, 900), rnd(-25, 300) };
			npVec2 hi = { lo.x + rnd(0, 5), lo.y + rnd(0, 5) };
			static int32_t got[N];
			int n = npQueryChain2(b.chain, lo, hi, got, N);
			int want = 0, j = 0;
			for (int s = 0; s < b.chain->segmentCount; ++s)
			{
				npVec2 l, h;
				segBounds(b.chain, s, &l, &h);
				if (l.x > hi.x || h.x < lo.x || l.y > hi.y || h.y < lo.y)
					continue;
				want += 1;
				if (j < n && got[j] == s)
					j += 1;
			}
			mismatches += (n != want || j != n) ? 1 : 0;
		}
		CHECK(mismatches == 0, "grid query vs brute force (chain %d): %d mismatches", shape, mismatches);

		// Rays: front faces only, nearest, against every segment.
		int rayMismatches = 0;
		for (int k = 0; k < 300; ++k)
		{
			npRayInput2 ray = npMakeRayInput2((npVec2){ rnd(-50, 900), rnd(-30, 300) }, (npVec2){ rnd(-40, 40), rnd(-40, 40) });
			npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
			npChainRayHit2 hit;
			npRayCastChains2(&inst, 1, &ray, &hit);
			double best = INFINITY;
			for (int s = 0; s < b.chain->segmentCount; ++s)
			{
				npVec2 a, c;
				npGetChainSegment2(b.chain, s, &a, &c);
				npVec2 n = b.chain->normals[s];
				double dn = ray.direction.x * n.x + ray.direction.y * n.y;
				double side = (ray.origin.x - a.x) * n.x + (ray.origin.y - a.y) * n.y;
				if (!(dn < 0) || side < 0)
					continue;
				double t = side / -dn;
				double px = ray.origin.x + t * ray.direction.x - a.x, py = ray.origin.y + t * ray.direction.y - a.y;
				double ex = c.x - a.x, ey = c.y - a.y;
				double u = (px * ex + py * ey) / (ex * ex + ey * ey);
				if (t <= 1.0 && u >= 0 && u <= 1 && t < best)
					best = t;
			}
			bool ok = hit.hit ? fabs(hit.fraction - best) <= 1e-9 : best == INFINITY;
			rayMismatches += ok ? 0 : 1;
		}
		CHECK(rayMismatches == 0, "rays vs brute force (chain %d): %d mismatches", shape, rayMismatches);

		// Closest points: distance against every segment.
		double worst = 0.0;
		for (int k = 0; k < 200; ++k)
		{
			npVec2 p = { rnd(-120, 920), rnd(-30, 310) };
			npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
			npChainProjection2 proj;
			npClosestPointChains2(&inst, 1, p, &proj);
			double best = INFINITY;
			for (int s = 0; s < b.chain->segmentCount; ++s)
			{
				npVec2 a, c;
				npGetChainSegment2(b.chain, s, &a, &c);
				double ex = c.x - a.x, ey = c.y - a.y;
				double t = ((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey);
				t = t < 0 ? 0 : (t > 1 ? 1 : t);
				double d = hypot(p.x - a.x - t * ex, p.y - a.y - t * ey);
				best = d < best ? d : best;
			}
			worst = fmax(worst, fabs(proj.distance - best));
		}
		CHECK(worst <= 1e-9, "closest points vs brute force (chain %d): worst error %.3g", shape, worst);
		free(b.memory);
	}
}

// ------------------------------------------------------------------------------------ overflow

static void testOverflow(void)
{
	enum { N = 2001 };
	static npVec2 pts[N];
	for (int i = 0; i < N; ++i)
		pts[i] = (npVec2){ 10.0 - i * 0.01, 0.0 };
	built b = build(pts, N, NULL);
	npShape2 big;
	npMakeBox2(8.0, 1.0, &big);
	npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
	static npChainContact2 out[NP_CHAIN_MAX_CONTACTS];
	npChainContactsOutput2 found = { out, NP_CHAIN_MAX_CONTACTS };
	npChainQuery2 q = npDefaultChainQuery2();
	npResult r = npChainContacts2(&big, npMakeTransform2(0, 0.9, 0), &inst, 1, &q, &found);
	CHECK(r == NP_ERR_CAPACITY && found.info.overflow && found.info.candidates == NP_CHAIN_MAX_CANDIDATES && found.count > 0,
		  "a box over 1,600 segments: candidates capped at %d, overflow reported (%s, %d contacts)", NP_CHAIN_MAX_CANDIDATES,
		  npResultString(r), found.count);
	found.capacity = 3;
	r = npChainContacts2(&big, npMakeTransform2(0, 0.9, 0), &inst, 1, &q, &found);
	CHECK(r == NP_ERR_CAPACITY && found.count == 3, "output capacity 3: 3 written, overflow (%s)", npResultString(r));
	free(b.memory);
}

// ------------------------------------------------------------------------------------ loops

static void testLoops(void)
{
	// A star loop both ways: containment against a crossing-number test, distance signs agree.
	npVec2 star[10];
	for (int i = 0; i < 10; ++i)
	{
		double r = (i % 2) ? 1.2 : 3.0;
		npRot2 q = npMakeRot2(i * 3.14159265358979323846 / 5);
		star[i] = (npVec2){ r * q.c, r * q.s };
	}
	npChainDef2 def = npDefaultChainDef2();
	def.loop = true;
	built ccw = build(star, 10, &def);
	npVec2 rev[10];
	for (int i = 0; i < 10; ++i)
		rev[i] = star[9 - i];
	built cw = build(rev, 10, &def);
	int bad = 0;
	for (int k = 0; k < 2000; ++k)
	{
		npVec2 p = { rnd(-4, 4), rnd(-4, 4) };
		bool crossing = false;
		for (int i = 0, j = 9; i < 10; j = i++)
			if ((star[i].y > p.y) != (star[j].y > p.y) &&
				p.x < (star[j].x - star[i].x) * (p.y - star[i].y) / (star[j].y - star[i].y) + star[i].x)
				crossing = !crossing;
		bool in1 = false, in2 = false;
		npContainsPointChain2(ccw.chain, npMakeTransform2(0, 0, 0), p, &in1);
		npContainsPointChain2(cw.chain, npMakeTransform2(0, 0, 0), p, &in2);
		bad += (in1 != crossing || in2 != !crossing) ? 1 : 0;
	}
	CHECK(bad == 0, "star loops: containment vs crossing number, %d mismatches", bad);
	free(ccw.memory);
	free(cw.memory);
}

// A tall box (half sizes 1 x 2) sunk 1.8 across the peak of a ground that turns by 0.01 rad there:
// points (10, -0.1), (0, 0), (-10, 0), normals up, a convex joint at the origin. Against each
// two-sided segment alone the shallowest way out is sideways off the joint (1 < 1.8), so each
// manifold's normal lies past the other segment's face normal, and the ghost rule dropped both
// (each expecting the other to report): no contact, and the box would sink through. Expected
// (closed form): with the rule, contacts whose normals are a face's (pointing into the ground),
// whose pointA lies on the box's bottom (y = -1.8, |x| <= 1), and whose depth is that point's depth
// below the face's line through the origin: 1.8 for the flat face, (1.8 - 0.01 x) / |(0.01, 1)| for
// the tilted one.
static void testSunkAcrossAConvexJoint(void)
{
	npVec2 pts[3] = { { 10, -0.1 }, { 0, 0 }, { -10, 0 } };
	built b = build(pts, 3, NULL);
	npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
	npShape2 box;
	npMakeBox2(1, 2, &box);
	npChainContact2 contacts[8];
	npChainQuery2 q = npDefaultChainQuery2();
	npChainContactsOutput2 out = { contacts, 8, -1 };
	CHECK(npChainContacts2(&box, npMakeTransform2(0, 0.2, 0), &inst, 1, &q, &out) == NP_OK && out.count > 0,
		  "box sunk across a convex joint: %d contacts (skipped %d, snapped %d)", out.count, out.info.skipped, out.info.snapped);
	double tiltLength = sqrt(0.01 * 0.01 + 1.0);
	for (int i = 0; i < out.count; ++i)
	{
		const npChainContact2* c = contacts + i;
		bool flat = fabs(c->normal.x) <= 1e-12 && fabs(c->normal.y + 1.0) <= 1e-12;
		bool tilted = fabs(c->normal.x + 0.01 / tiltLength) <= 1e-12 && fabs(c->normal.y + 1.0 / tiltLength) <= 1e-12;
		double x = c->pointA.x, want = flat ? 1.8 : (1.8 - 0.01 * x) / tiltLength;
		CHECK((flat || tilted) && fabs(c->pointA.y + 1.8) <= 1e-12 && fabs(x) <= 1.0 + 1e-12 && fabs(c->depth - want) <= 1e-12,
			  "box sunk across a convex joint, contact %d on segment %d: normal (%.17g, %.17g), pointA (%.17g, %.17g), depth %.17g (want %.17g)",
			  i, c->segment, c->normal.x, c->normal.y, x, c->pointA.y, c->depth, want);
	}
	free(b.memory);
}

// Random shapes overlapping a segment next to a joint (convex, flat or concave, turning by up to
// 0.2 rad), with the ghost rule on: a shape that surely overlaps a front-facing segment gets a
// contact. "Surely", by this file's own geometry, not the library's: the shape's core centroid is
// over the segment and in front of its line, and a point of the shape (a core vertex less the
// radius along the normal) is 1e-3 or more below the line, over the segment too, so the segment
// crosses the shape. Before the fixes the ghost rule left 11,811 of 132,245 deep overlaps at joints
// without any contact (both neighbours dropping each other's manifold), and an empty face clip 183
// more. Also the chain cast from there: an initial overlap.
static npVec2 placed(npTransform2 xf, npVec2 v)
{
	return (npVec2){ xf.p.x + xf.q.c * v.x - xf.q.s * v.y, xf.p.y + xf.q.s * v.x + xf.q.c * v.y };
}

// A box (half size 0.5) sliding and rocking over a bumpy terrain of unit segments (heights
// 0.4 sin(0.37 i) + 0.2 cos(1.3 i), many convex joints), 0.6 above the first harmonic: wherever a
// corner of the box is below the terrain (brute force: the polyline's height under the corner) the
// query gives a contact. 311 of 20,000 such queries, 0.2 deep at most, once got none: at the convex
// joints each segment's manifold was dropped in favour of a neighbour that dropped its own.
static void testBoxOverBumpyTerrain(void)
{
	enum { N = 2000 };
	static npVec2 pts[N];
	for (int i = 0; i < N; ++i)
		pts[i] = (npVec2){ (double)(N - 1 - i), 0.4 * sin(i * 0.37) + 0.2 * cos(i * 1.3) };
	built b = build(pts, N, NULL);
	npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
	npShape2 box;
	npMakeBox2(0.5, 0.5, &box);
	npChainContact2 contacts[32];
	npChainQuery2 q = npDefaultChainQuery2();
	int below = 0, lost = 0;
	for (int n = 0; n < 4000; ++n)
	{
		double x = 10.0 + 0.45 * n;
		npTransform2 xf = npMakeTransform2(x, 0.4 * sin((N - 1 - x) * 0.37) + 0.6, 0.1 * sin(n * 0.1));
		double deepest = 0.0;
		for (int k = 0; k < 4; ++k)
		{
			npVec2 c = placed(xf, box.vertices[k]);
			double f = (N - 1) - c.x;
			int i = (int)floor(f);
			if (i < 0 || i >= N - 1)
				continue;
			double t = f - i, ground = pts[i].y * (1.0 - t) + pts[i + 1].y * t;
			deepest = fmax(deepest, ground - c.y);
		}
		if (!(deepest > 1e-9))
			continue;
		below += 1;
		npChainContactsOutput2 out = { contacts, 32, -1 };
		CHECK(npChainContacts2(&box, xf, &inst, 1, &q, &out) == NP_OK, "bumpy terrain: query %d", n);
		if (out.count == 0 && lost++ < 3)
			printf("bumpy terrain: query %d, a corner %.3g below, no contact\n", n, deepest);
	}
	printf("bumpy terrain: %d queries with a corner below the ground, %d without a contact\n", below, lost);
	CHECK(below > 1000 && lost == 0, "bumpy terrain: %d of %d queries with a corner below the ground got no contact", lost, below);
	free(b.memory);
}

// ------------------------------------------------------------------------------------ reach

// A segment reports a contact only to a shape that comes within the margin of it, as its own
// manifold does with the rule off. Closed form first: a valley, a slope (20, 10) -> (10, 0) and
// a floor (10, 0) -> (-10, 0) split at the origin (the floor's first segment has two concave or
// flat joints and goes to its face contact without a manifold). A capsule (radius 0.1, core
// (9.7, -2) -> (12.7, 4)) sunk through the slope: its centroid (11.2, 1) is behind the slope and
// in front of the floor; it crosses the floor's line at x = 10.7, beyond the floor's end at 10,
// 0.526 from it, while its lower end lies under the floor. The floor must not report it (it gave a
// face contact 2.1 deep), the slope has it behind: no contact. Then random polylines (flat,
// concave and convex joints, free and ghost ends) and shapes, with margins: every contact's segment
// is within the margin of the shape (brute-force distance), and pointA - pointB is along the normal
// (to within the radius: a rounded shape's point lies along its surface normal there)
// (a contact below a segment's end point, 3 away from the shape, was given once: the shape's
// deepest point below the line, beyond the end, paired with the end point).
static void testContactsOnlyWhereTheShapeReaches(void)
{
	npVec2 valley[4] = { { 20, 10 }, { 10, 0 }, { 0, 0 }, { -10, 0 } };
	built v = build(valley, 4, NULL);
	npChainInstance2 vi = { v.chain, npMakeTransform2(0, 0, 0) };
	npShape2 capsule;
	npMakeCapsule2(sqrt(45.0) / 2.0, 0.1, &capsule);
	double angle = atan2(6.0, 3.0);
	npTransform2 sunk = { { 11.2, 1.0 }, { cos(angle), sin(angle) } };
	npChainContact2 contacts[32];
	npChainQuery2 q = npDefaultChainQuery2();
	for (int rule = 0; rule < 2; ++rule)
	{
		q.removeGhosts = rule == 1;
		npChainContactsOutput2 out = { contacts, 32, -1 };
		CHECK(npChainContacts2(&capsule, sunk, &vi, 1, &q, &out) == NP_OK && out.count == 0,
			  "capsule under a valley's floor, rule %d: %d contacts (first on segment %d, depth %.17g)", rule, out.count,
			  out.count > 0 ? contacts[0].segment : -1, out.count > 0 ? contacts[0].depth : 0.0);
	}
	free(v.memory);

	uint32_t saved = rng;
	rng = 99;
	int contactsSeen = 0, unreached = 0, askew = 0;
	for (int k = 0; k < 30000; ++k)
	{
		npVec2 pts[10];
		int n = 4 + (int)rnd(0, 6.999);
		randomLevel(pts, n, rnd);
		npChainDef2 def = npDefaultChainDef2();
		if (k % 2 == 0)
		{
			def.hasGhostStart = def.hasGhostEnd = true;
			def.ghostStart = (npVec2){ pts[0].x + 1.0, pts[0].y + rnd(-1, 1) };
			def.ghostEnd = (npVec2){ pts[n - 1].x - 1.0, pts[n - 1].y + rnd(-1, 1) };
		}
		built b = build(pts, n, &def);
		npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
		npShape2 shape;
		if (k % 3 == 0)
			npMakeBox2(rnd(0.1, 2.0), rnd(0.1, 2.0), &shape);
		else if (k % 3 == 1)
			npMakeCapsule2(rnd(0.1, 2.0), rnd(0.01, 1.0), &shape);
		else
			npMakeCircle(rnd(0.1, 2.0), &shape);
		int j = (int)rnd(0, n - 0.001);
		npTransform2 xf = npMakeTransform2(pts[j].x + rnd(-1.5, 1.5), pts[j].y + rnd(-1.0, 2.0), rnd(-3.2, 3.2));
		q = npDefaultChainQuery2();
		q.margin = k % 4 == 0 ? rnd(0, 0.3) : 0.0;
		npChainContactsOutput2 out = { contacts, 32, -1 };
		CHECK(npChainContacts2(&shape, xf, &inst, 1, &q, &out) == NP_OK, "random reach %d", k);
		for (int i = 0; i < out.count; ++i)
		{
			const npChainContact2* c = contacts + i;
			double gap = bruteSegmentGap2(&shape, xf, pts[c->segment], pts[c->segment + 1]);
			double along = (c->pointA.x - c->pointB.x) * c->normal.y - (c->pointA.y - c->pointB.y) * c->normal.x;
			contactsSeen += 1;
			if (gap > q.margin + 1e-9 && unreached++ < 3)
				printf("reach %d: a contact on segment %d, %.3g from the shape (margin %.3g), depth %.3g\n", k, c->segment,
					   gap, q.margin, c->depth);
			if (fabs(along) > shape.radius + 1e-9 && askew++ < 3)
				printf("reach %d: contact on segment %d with pointA - pointB %.3g off its normal (feature %d, depth %.3g, shape %d, n %d)\n", k, c->segment, along, c->feature, c->depth, shape.type, out.count);
		}
		free(b.memory);
	}
	printf("reach: %d contacts, %d on segments the shape does not reach, %d with points off the normal\n",
		   contactsSeen, unreached, askew);
	CHECK(contactsSeen > 10000 && unreached == 0 && askew == 0, "reach: %d unreached, %d askew of %d", unreached,
		  askew, contactsSeen);
	rng = saved;
}

// A level cut into pieces that meet end to end (joined by the feature tolerance), each piece in its
// own frame (its points moved by the inverse of a random placement, placed back by the instance's
// transform), in either order, must collide and cast as the whole polyline: the same contacts
// (segment, normal, depth and point to rounding; a vertex contact at a cut may name either segment)
// and the same first hit. The polylines have flat, concave and convex joints, free or ghost ends;
// the shapes touch them or sink into them. Before the fixes 192 of these queries got other contacts
// (a face contact below a segment the shape passes under, which the midphase, frame-dependent, may
// or may not try; of two segments dropping each other's manifold at a convex joint, whichever came
// first reported) and 315 casts another first hit (an initial overlap taken from the first segment
// met instead of the deepest).
typedef struct cutLevel
{
	built whole, pieces[4];
	npChainInstance2 wholeInstance, instances[4];
	int first[4]; // the whole's index of each piece's first segment
	int count;
} cutLevel;

static void cutLevelAt(cutLevel* level, const npVec2* pts, int n, const npChainDef2* def, bool reversed)
{
	level->whole = build(pts, n, def);
	level->wholeInstance = (npChainInstance2){ level->whole.chain, npMakeTransform2(0, 0, 0) };
	level->count = 2 + (int)rnd(0, 2.999);
	int start = 0;
	for (int p = 0; p < level->count; ++p)
	{
		int end = p == level->count - 1 ? n - 1 : start + 1 + (int)rnd(0, 1.999);
		end = end > n - level->count + p ? n - level->count + p : end; // room for the pieces after it
		npTransform2 xf = npMakeTransform2(rnd(-5, 5), rnd(-5, 5), rnd(-3.2, 3.2));
		npVec2 local[12];
		for (int i = start; i <= end; ++i)
		{
			double dx = pts[i].x - xf.p.x, dy = pts[i].y - xf.p.y;
			local[i - start] = (npVec2){ xf.q.c * dx + xf.q.s * dy, -xf.q.s * dx + xf.q.c * dy };
		}
		npChainDef2 d = npDefaultChainDef2();
		npVec2 ghosts[2] = { def->ghostStart, def->ghostEnd };
		for (int g = 0; g < 2; ++g)
		{
			double dx = ghosts[g].x - xf.p.x, dy = ghosts[g].y - xf.p.y;
			ghosts[g] = (npVec2){ xf.q.c * dx + xf.q.s * dy, -xf.q.s * dx + xf.q.c * dy };
		}
		d.hasGhostStart = p == 0 && def->hasGhostStart;
		d.ghostStart = ghosts[0];
		d.hasGhostEnd = p == level->count - 1 && def->hasGhostEnd;
		d.ghostEnd = ghosts[1];
		int slot = reversed ? level->count - 1 - p : p;
		level->pieces[slot] = build(local, end - start + 1, &d);
		level->instances[slot] = (npChainInstance2){ level->pieces[slot].chain, xf };
		level->first[slot] = start;
		start = end;
	}
}

static void freeCutLevel(cutLevel* level)
{
	free(level->whole.memory);
	for (int p = 0; p < level->count; ++p)
		free(level->pieces[p].memory);
}

static bool sameContact(const npChainContact2* w, const npChainContact2* c, int segment)
{
	bool named = w->segment == segment || (w->feature == NP_CHAIN_VERTEX && c->feature == NP_CHAIN_VERTEX &&
										   abs(w->segment - segment) == 1);
	return named && fabs(w->normal.x - c->normal.x) <= 1e-9 && fabs(w->normal.y - c->normal.y) <= 1e-9 &&
		   fabs(w->depth - c->depth) <= 1e-8 && fabs(w->pointB.x - c->pointB.x) <= 1e-8 &&
		   fabs(w->pointB.y - c->pointB.y) <= 1e-8;
}

static void testCutLevelsCollideAsTheWhole(void)
{
	uint32_t saved = rng;
	rng = 31337;
	int queries = 0, contactDiffs = 0, castDiffs = 0, casts = 0;
	for (int k = 0; k < 20000; ++k)
	{
		npVec2 pts[12];
		int n = 5 + (int)rnd(0, 6.999);
		randomLevel(pts, n, rnd);
		npChainDef2 def = npDefaultChainDef2();
		def.hasGhostStart = def.hasGhostEnd = k % 2 == 0;
		def.ghostStart = (npVec2){ pts[0].x + 1.0, pts[0].y + rnd(-1, 1) };
		def.ghostEnd = (npVec2){ pts[n - 1].x - 1.0, pts[n - 1].y + rnd(-1, 1) };
		cutLevel level;
		cutLevelAt(&level, pts, n, &def, k % 3 == 0);
		npShape2 shape;
		if (k % 4 == 0)
			npMakeBox2(rnd(0.1, 2.0), rnd(0.1, 2.0), &shape);
		else if (k % 4 == 1)
			npMakeCapsule2(rnd(0.1, 2.0), rnd(0.01, 1.0), &shape);
		else if (k % 4 == 2)
			npMakeCircle(rnd(0.1, 2.0), &shape);
		else
			npMakePolygon2((npVec2[5]){ { 1, 0 }, { 0.3, 0.9 }, { -0.8, 0.6 }, { -0.8, -0.6 }, { 0.3, -0.9 } }, 5,
						   rnd(0, 0.2), &shape);
		int j = (int)rnd(0, n - 0.001);
		npTransform2 xf = npMakeTransform2(pts[j].x + rnd(-1.5, 1.5), pts[j].y + rnd(-0.5, 2.0), rnd(-3.2, 3.2));

		npChainQuery2 q = npDefaultChainQuery2();
		q.margin = k % 2 == 0 ? 0.0 : rnd(0, 0.3);
		npChainContact2 whole[32], cut[32];
		npChainContactsOutput2 wo = { whole, 32, -1 }, co = { cut, 32, -1 };
		CHECK(npChainContacts2(&shape, xf, &level.wholeInstance, 1, &q, &wo) == NP_OK &&
				  npChainContacts2(&shape, xf, level.instances, level.count, &q, &co) == NP_OK,
			  "cut level %d: contacts", k);
		bool same = wo.count == co.count;
		for (int i = 0; i < co.count && same; ++i)
		{
			bool found = false;
			for (int m = 0; m < wo.count && !found; ++m)
				found = sameContact(whole + m, cut + i, level.first[cut[i].chain] + cut[i].segment);
			same = found;
		}
		queries += wo.count > 0 ? 1 : 0;
		if (!same && contactDiffs++ < 3)
			printf("cut level %d: %d contacts whole, %d cut\n", k, wo.count, co.count);

		npChainCastInput2 in = npMakeChainCastInput2(&shape, xf, (npVec2){ rnd(-3, 3), rnd(-3, 1) });
		in.cast.ignoreSeparating = k % 5 == 0;
		npChainCastHit2 wh, ch;
		CHECK(npShapeCastChains2(&level.wholeInstance, 1, &in, &wh) == NP_OK &&
				  npShapeCastChains2(level.instances, level.count, &in, &ch) == NP_OK,
			  "cut level %d: casts", k);
		bool sameCast = wh.cast.hit == ch.cast.hit &&
						(!wh.cast.hit || (fabs(wh.cast.fraction - ch.cast.fraction) <= 1e-7 &&
										  fabs(wh.cast.normal.x - ch.cast.normal.x) <= 1e-6 &&
										  fabs(wh.cast.normal.y - ch.cast.normal.y) <= 1e-6 &&
										  wh.cast.initialOverlap == ch.cast.initialOverlap));
		casts += wh.cast.hit ? 1 : 0;
		if (!sameCast && castDiffs++ < 3)
			printf("cut level %d: cast whole %d at %.17g, cut %d at %.17g\n", k, wh.cast.hit, wh.cast.fraction,
				   ch.cast.hit, ch.cast.fraction);
		freeCutLevel(&level);
	}
	printf("cut levels: %d queries with contacts, %d differ from the whole; %d casts hit, %d differ\n", queries,
		   contactDiffs, casts, castDiffs);
	CHECK(queries > 5000 && casts > 5000 && contactDiffs == 0 && castDiffs == 0,
		  "cut levels: %d contact and %d cast differences", contactDiffs, castDiffs);
	rng = saved;
}

static void testOverlapsAlwaysHaveContacts(void)
{
	uint32_t saved = rng;
	rng = 2024;
	int sure = 0, lost = 0, castLost = 0;
	npChainContact2 contacts[32];
	for (int k = 0; k < 40000; ++k)
	{
		double turn = rnd(-0.02, 0.02) * (k % 3 == 0 ? 10.0 : 1.0), angle = rnd(-3.1, 3.1);
		double l1 = rnd(0.2, 20.0), l2 = rnd(0.2, 20.0);
		npVec2 pts[4];
		pts[2] = (npVec2){ 0.0, 0.0 };
		pts[1] = (npVec2){ -l1 * cos(angle), -l1 * sin(angle) };
		pts[0] = (npVec2){ pts[1].x - 5.0 * cos(angle), pts[1].y - 5.0 * sin(angle) };
		pts[3] = (npVec2){ l2 * cos(angle + turn), l2 * sin(angle + turn) };
		built b = build(pts, 4, NULL);
		npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
		npShape2 shape;
		if (k % 3 == 0)
			npMakeBox2(rnd(0.1, 3.0), rnd(0.1, 3.0), &shape);
		else if (k % 3 == 1)
			npMakeCapsule2(rnd(0.1, 3.0), rnd(0.01, 1.0), &shape);
		else
			npMakeCircle(rnd(0.1, 2.0), &shape);
		npTransform2 xf = npMakeTransform2(rnd(-2, 2), rnd(-2, 2), rnd(-3, 3));
		npVec2 centroid = placed(xf, shape.centroid);
		bool overlaps = false;
		for (int g = 1; g < 3 && !overlaps; ++g)
		{
			npVec2 a = pts[g], d = { pts[g + 1].x - a.x, pts[g + 1].y - a.y }, n = b.chain->normals[g];
			double len2 = d.x * d.x + d.y * d.y;
			double cu = ((centroid.x - a.x) * d.x + (centroid.y - a.y) * d.y) / len2;
			double ch = (centroid.x - a.x) * n.x + (centroid.y - a.y) * n.y;
			if (!(ch > 1e-9 && cu > 0.0 && cu < 1.0))
				continue;
			for (int i = 0; i < shape.count && !overlaps; ++i)
			{
				npVec2 p = placed(xf, shape.vertices[i]);
				p = (npVec2){ p.x - shape.radius * n.x, p.y - shape.radius * n.y };
				double pu = ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / len2;
				double ph = (p.x - a.x) * n.x + (p.y - a.y) * n.y;
				overlaps = ph < -1e-3 && pu > 0.0 && pu < 1.0;
			}
		}
		if (overlaps)
		{
			sure += 1;
			npChainQuery2 q = npDefaultChainQuery2();
			npChainContactsOutput2 out = { contacts, 32, -1 };
			CHECK(npChainContacts2(&shape, xf, &inst, 1, &q, &out) == NP_OK, "contacts");
			lost += out.count == 0 ? 1 : 0;
			npChainCastInput2 in = npMakeChainCastInput2(&shape, xf, (npVec2){ rnd(-1, 1), rnd(-1, 1) });
			npChainCastHit2 hit;
			CHECK(npShapeCastChains2(&inst, 1, &in, &hit) == NP_OK, "cast");
			castLost += hit.cast.hit && hit.cast.initialOverlap ? 0 : 1;
		}
		free(b.memory);
	}
	printf("overlaps at joints: %d sure overlaps, %d without a contact, %d casts without an initial overlap\n", sure, lost,
		   castLost);
	CHECK(sure > 2000 && lost == 0 && castLost == 0, "overlaps at joints: %d of %d without a contact, %d casts", lost, sure, castLost);
	rng = saved;
}

int main(void)
{
	testBadInput();
	testSunkAcrossAConvexJoint();
	testOverlapsAlwaysHaveContacts();
	testContactsOnlyWhereTheShapeReaches();
	testCutLevelsCollideAsTheWhole();
	testBoxOverBumpyTerrain();
	testSliding();
	testJoinsAndGhosts();
	testMidphase();
	testOverflow();
	testLoops();
	return checkSummary();
}
