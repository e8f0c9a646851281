// Shape casts against 2D chains (npShapeCastChains2), natively: bad input; every shape kind landing
// on a flat ground of 400 collinear segments (tiny ones included) in 5 chains, against the closed
// form (the lowest point reaches the line) with the face normal only; sliding across the joints
// with ignoreSeparating (no hit with the ghost rule, ghost normals without it: the check can fail);
// long casts along a 100,000-segment terrain against brute force over every segment (the midphase
// and its split sweeps find the same first contact); the batch form. The shared vectors
// (tests/vectors/2d_chain.json, query chainCast) hold the pit, ledge, loops and bait cases.
#include "check.h"
#include "brutesupport.h"
#include "chainlevel.h"

#include "narrowphase/narrowphase.h"

#include <math.h>
#include <stdlib.h>

static uint32_t rng = 77;
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

static built build(const npVec2* pts, int n)
{
	built b = { NULL, NULL };
	size_t bytes = npChainBytes2(n, false);
	b.memory = malloc(bytes > 0 ? bytes : 8);
	npResult r = npMakeChain2(pts, n, NULL, b.memory, bytes, &b.chain);
	CHECK(r == NP_OK, "chain of %d points: %s", n, npResultString(r));
	return b;
}

static void makeShapes(npShape2 shapes[5])
{
	npMakeCircle(0.4, &shapes[0]);
	npMakeCapsule2(0.5, 0.2, &shapes[1]);
	npMakeBox2(0.6, 0.3, &shapes[2]);
	npVec2 poly[5] = { { -0.5, -0.3 }, { 0.6, -0.4 }, { 0.7, 0.3 }, { 0, 0.6 }, { -0.6, 0.2 } };
	npMakePolygon2(poly, 5, 0.0, &shapes[3]);
	npMakePolygon2(poly, 5, 0.1, &shapes[4]);
}

// The lowest point of a shape at xf (core vertices minus the radius).
static double lowest(const npShape2* s, npTransform2 xf)
{
	double y = INFINITY;
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 p = s->vertices[i];
		double v = xf.q.s * p.x + xf.q.c * p.y + xf.p.y;
		y = v < y ? v : y;
	}
	return y - s->radius;
}

// ------------------------------------------------------------------------------------ bad input

static void testBadInput(void)
{
	npVec2 pts[3] = { { 1, 0 }, { 0, 0 }, { -1, 0 } };
	built b = build(pts, 3);
	npShape2 box;
	npMakeBox2(0.5, 0.5, &box);
	npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
	npChainCastInput2 in = npMakeChainCastInput2(&box, npMakeTransform2(0, 2, 0), (npVec2){ 0, -3 });
	npChainCastHit2 h;
	CHECK(npShapeCastChains2(&inst, 1, &in, &h) == NP_OK && h.cast.hit, "the plain cast hits");
	CHECK(npShapeCastChains2(NULL, 1, &in, &h) == NP_ERR_INVALID_ARGUMENT && !h.cast.hit, "null chains");
	CHECK(npShapeCastChains2(&inst, 0, &in, &h) == NP_ERR_INVALID_ARGUMENT, "no chains");
	CHECK(npShapeCastChains2(&inst, 1, NULL, &h) == NP_ERR_INVALID_ARGUMENT, "null input");
	CHECK(npShapeCastChains2(&inst, 1, &in, NULL) == NP_ERR_INVALID_ARGUMENT, "null hit");
	npChainCastInput2 bad = in;
	bad.cast.translation.x = NAN;
	CHECK(npShapeCastChains2(&inst, 1, &bad, &h) == NP_ERR_NON_FINITE, "NaN translation");
	bad = in;
	bad.cast.maxFraction = -1;
	CHECK(npShapeCastChains2(&inst, 1, &bad, &h) == NP_ERR_INVALID_ARGUMENT, "negative maxFraction");
	bad = in;
	bad.cast.targetDistance = INFINITY;
	CHECK(npShapeCastChains2(&inst, 1, &bad, &h) == NP_ERR_NON_FINITE, "infinite targetDistance");
	bad = in;
	bad.featureTolerance = -1;
	CHECK(npShapeCastChains2(&inst, 1, &bad, &h) == NP_ERR_INVALID_ARGUMENT, "negative featureTolerance");
	bad = in;
	bad.cast.shape = NULL;
	CHECK(npShapeCastChains2(&inst, 1, &bad, &h) != NP_OK, "null shape");
	npChainInstance2 badInst = { b.chain, { { NAN, 0 }, { 1, 0 } } };
	CHECK(npShapeCastChains2(&badInst, 1, &in, &h) == NP_ERR_NON_FINITE, "NaN chain transform");
	badInst = (npChainInstance2){ b.chain, { { 0, 0 }, { 2, 0 } } };
	CHECK(npShapeCastChains2(&badInst, 1, &in, &h) == NP_ERR_INVALID_TRANSFORM, "bad chain rotation");
	badInst = (npChainInstance2){ NULL, npMakeTransform2(0, 0, 0) };
	CHECK(npShapeCastChains2(&badInst, 1, &in, &h) == NP_ERR_INVALID_ARGUMENT, "null chain");

	// Zero translation: an overlap test.
	npChainCastInput2 still = npMakeChainCastInput2(&box, npMakeTransform2(0, 0.4, 0), (npVec2){ 0, 0 });
	CHECK(npShapeCastChains2(&inst, 1, &still, &h) == NP_OK && h.cast.hit && h.cast.initialOverlap && h.cast.fraction == 0.0 &&
			  h.cast.normal.x == 0.0 && h.cast.normal.y == 1.0 && fabs(h.cast.penetration - 0.1) < 1e-12,
		  "zero translation overlapping: initial overlap, face normal, depth 0.1 (got %d %g)", h.cast.hit, h.cast.penetration);
	still.cast.transform.p.y = 0.7;
	CHECK(npShapeCastChains2(&inst, 1, &still, &h) == NP_OK && !h.cast.hit, "zero translation apart: no hit");

	// Many: the rejected cast is named, the casts before it kept.
	npVec2 positions[3] = { { 0, 2 }, { NAN, 2 }, { 0, 2 } }, translations[3] = { { 0, -3 }, { 0, -3 }, { 0, -3 } };
	npChainCastHit2 hits[3];
	int rejected = -2;
	npChainCastMoves2 moves = { positions, translations, 3 };
	CHECK(npShapeCastChainsMany2(&inst, 1, &in, &moves, hits, &rejected) == NP_ERR_NON_FINITE && rejected == 1 &&
			  hits[0].cast.hit && fabs(hits[0].cast.fraction - 0.5) < 1e-12,
		  "many: cast 1 rejected (failed %d), cast 0 kept", rejected);
	free(b.memory);
}

// ------------------------------------------------------------------------------------ flat ground

static void testFlatGround(void)
{
	enum { N = 401, CHAINS = 5 };
	static npVec2 pts[N];
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
		parts[k] = build(pts + first, last - first + 1);
		inst[k] = (npChainInstance2){ parts[k].chain, npMakeTransform2(0, 0, 0) };
	}
	npShape2 shapes[5];
	makeShapes(shapes);

	int casts = 0, ghosts = 0, naiveGhosts = 0, slideHits = 0, slides = 0;
	double worst = 0.0;
	for (int s = 0; s < 5; ++s)
	{
		for (int step = 0; step < 400; ++step)
		{
			double px = x + 4.0 + (60.0 - x - 8.0) * step / 400.0;
			double angle = (step % 4 == 0) ? 0.0 : rnd(-3.1, 3.1);
			npTransform2 xf = npMakeTransform2(px, 0.0, angle);
			xf.p.y = 0.75 - lowest(&shapes[s], xf) + rnd(0.01, 2.0);
			npVec2 d = { rnd(-3, 3), -rnd(2.5, 5) };
			double exact = (lowest(&shapes[s], xf) - 0.75) / -d.y;
			npChainCastInput2 in = npMakeChainCastInput2(&shapes[s], xf, d);
			npChainCastHit2 h;
			npResult r = npShapeCastChains2(inst, CHAINS, &in, &h);
			casts += 1;
			bool ground = fabs(h.cast.normal.x) <= 1e-15 && fabs(h.cast.normal.y - 1.0) <= 1e-15; // the chain's stored face normal
			ghosts += h.cast.hit && !ground ? 1 : 0;
			double err = fabs(h.cast.fraction - exact);
			worst = err > worst ? err : worst;
			CHECK(r == NP_OK && h.cast.hit && err <= 1e-9 && h.cast.fraction <= exact + 1e-12 && ground,
				  "shape %d step %d: fraction %.17g, exact %.17g, normal (%.17g, %.17g)", s, step, h.cast.fraction, exact,
				  h.cast.normal.x, h.cast.normal.y);

			// Sliding right or left while 0..0.05 below the line: nothing to hit with the rule.
			npTransform2 low = xf;
			low.p.y = 0.75 - lowest(&shapes[s], npMakeTransform2(0, 0, angle)) - rnd(0.0, 0.05);
			npVec2 slide = { step % 2 ? 3.0 : -3.0, 0.0 };
			npChainCastInput2 sl = npMakeChainCastInput2(&shapes[s], low, slide);
			sl.cast.ignoreSeparating = true;
			npShapeCastChains2(inst, CHAINS, &sl, &h);
			slides += 1;
			slideHits += h.cast.hit ? 1 : 0;
			sl.removeGhosts = false;
			npShapeCastChains2(inst, CHAINS, &sl, &h);
			naiveGhosts += h.cast.hit && !(fabs(h.cast.normal.x) < 1e-9 && h.cast.normal.y > 0.0) ? 1 : 0;
		}
	}
	CHECK(ghosts == 0, "ghost normals with the rule: %d", ghosts);
	CHECK(slideHits == 0, "slides stopped by a joint with the rule: %d of %d", slideHits, slides);
	CHECK(naiveGhosts > slides / 2, "the same slides without the rule hit joints with ghost normals (%d of %d): the check can fail",
		  naiveGhosts, slides);
	printf("flat ground: %d landing casts, worst fraction error %.3g, ghost normals %d; %d slides: %d stopped (without the rule: %d ghost hits)\n",
		   casts, worst, ghosts, slides, slideHits, naiveGhosts);
	for (int k = 0; k < CHAINS; ++k)
		free(parts[k].memory);
}

// ------------------------------------------------------------------------------------ long terrain

// Brute force: every segment facing the start, cast by npShapeCast2 against a capsule of radius 1e-300
// placed on it (independent of the chain's midphase, intervals and segment shapes).
static double bruteCast(const npShape2* shape, npTransform2 xf, npVec2 d, const npVec2* pts, int n)
{
	npVec2 m = shape->centroid;
	npVec2 c = { xf.q.c * m.x - xf.q.s * m.y + xf.p.x, xf.q.s * m.x + xf.q.c * m.y + xf.p.y };
	double best = INFINITY;
	for (int i = 0; i + 1 < n; ++i)
	{
		npVec2 a = pts[i], b = pts[i + 1];
		npVec2 e = { b.x - a.x, b.y - a.y };
		double l = sqrt(e.x * e.x + e.y * e.y);
		npVec2 nrm = { e.y / l, -e.x / l };
		if ((c.x - a.x) * nrm.x + (c.y - a.y) * nrm.y < 0.0)
			continue;
		npShape2 seg;
		npMakeCapsule2(0.5 * l, 1e-300, &seg); // (a radius must be positive; 1e-300 adds nothing)
		npTransform2 sx = { { 0.5 * (a.x + b.x), 0.5 * (a.y + b.y) }, { e.x / l, e.y / l } };
		npShapeCastInput2 in = npMakeShapeCastInput2(shape, xf, d, &seg, sx);
		npCastHit2 h;
		if (npShapeCast2(&in, &h) == NP_OK && h.hit && h.fraction < best)
			best = h.fraction;
	}
	return best;
}

static void testTerrain(void)
{
	enum { N = 100001 };
	npVec2* pts = malloc(sizeof(npVec2) * N);
	for (int i = 0; i < N; ++i)
		pts[i] = (npVec2){ (N - 1 - i) * 0.1, 0.4 * sin(i * 0.013) + 0.15 * sin(i * 0.071) + 0.02 * sin(i * 1.3) };
	built b = build(pts, N);
	npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
	npShape2 shapes[5];
	makeShapes(shapes);
	int casts = 0, overflow = 0;
	double worst = 0.0;
	for (int k = 0; k < 40; ++k)
	{
		const npShape2* s = &shapes[k % 5];
		double px = rnd(200, 9800);
		npTransform2 xf = npMakeTransform2(px, 2.5, rnd(-1, 1));
		double len = k % 3 == 0 ? 150.0 : 20.0;
		npVec2 d = { k % 2 ? len : -len, -rnd(1.5, 3.5) };
		npChainCastInput2 in = npMakeChainCastInput2(s, xf, d);
		npChainCastHit2 h;
		npShapeCastChains2(&inst, 1, &in, &h);
		double want = bruteCast(s, xf, d, pts, N);
		casts += 1;
		overflow += h.overflow ? 1 : 0;
		double err = h.cast.hit ? fabs(h.cast.fraction - want) : INFINITY;
		if (isfinite(want))
			worst = err > worst ? err : worst;
		CHECK(h.cast.hit == isfinite(want) && (!h.cast.hit || err <= 1e-9), "terrain cast %d: got %d %.17g, brute force %.17g", k,
			  h.cast.hit, h.cast.fraction, want);
	}
	CHECK(overflow == 0, "terrain casts overflowed: %d", overflow);
	printf("terrain (100,000 segments): %d long casts against brute force, worst fraction difference %.3g\n", casts, worst);
	free(b.memory);
	free(pts);
}

// A box lying across a joint that turns by 0.3 degrees, at the end of a long, nearly vertical
// segment of a looped chain (fuzz_chains2d, seed regression-chaincast-mutual-skip): the box's
// centre is the joint (0.001, 0.25), so at fraction 0 it overlaps both segments (closed form: a
// segment end inside the box). Each segment's own penetration normal pointed along it, off its end,
// (0, -1) and (0, 1), each past the other's face at the convex joint; the ghost rule dropped both,
// and the cast reported a miss, passing through the chain. Expected: an initial overlap at fraction
// 0 with the ghost rule as without it, its normal a face normal of one of the two segments (the
// rule snaps an overlap to a face), and a positive penetration.
static void testOverlapAcrossANearlyFlatJoint(void)
{
	const npVec2 pts[7] = { { 28.083984375, -1.0085272385557836e-26 }, { 0.3583984375, -15.65625 }, { 0, -10.2431640625 },
							{ 0.005859375, -20.0791015625 }, { 0.083984375, 15.5 }, { 0.001, 0.25 },
							{ 0.0009765625, 0.021484375 } };
	npChainDef2 def = npDefaultChainDef2();
	def.loop = true;
	size_t bytes = npChainBytes2(7, true);
	void* memory = malloc(bytes);
	npChain2* chain = NULL;
	CHECK(npMakeChain2(pts, 7, &def, memory, bytes, &chain) == NP_OK, "looped chain");
	npChainInstance2 inst = { chain, npMakeTransform2(0, 0, 0) };
	npShape2 box;
	npMakeBox2(1.515625, 1.359375, &box);
	for (int ghosts = 0; ghosts < 2; ++ghosts)
	{
		npChainCastInput2 in = npMakeChainCastInput2(&box, npMakeTransform2(0, 0.25, 0), (npVec2){ 3.859375, -11.318359375 });
		in.removeGhosts = ghosts;
		npChainCastHit2 hit;
		CHECK(npShapeCastChains2(&inst, 1, &in, &hit) == NP_OK && hit.cast.hit && hit.cast.initialOverlap &&
				  hit.cast.fraction == 0.0,
			  "box across a nearly flat joint (ghost rule %d): hit %d at %.17g, initial %d", ghosts, hit.cast.hit,
			  hit.cast.fraction, hit.cast.initialOverlap);
		if (!ghosts || !hit.cast.hit)
			continue;
		npVec2 n = hit.cast.normal, f4 = chain->normals[4], f5 = chain->normals[5];
		bool face = (n.x == f4.x && n.y == f4.y) || (n.x == f5.x && n.y == f5.y);
		CHECK(face && (hit.segment == 4 || hit.segment == 5) && hit.cast.penetration > 0.0,
			  "box across a nearly flat joint: segment %d, normal (%.17g, %.17g), penetration %.17g", hit.segment, n.x, n.y,
			  hit.cast.penetration);
	}
	free(memory);
}

// Casts that start overlapping random polylines (flat, concave and convex joints): the hit's point
// lies on the hit segment and its pointOnShape within the shape (brute force: brutesupport.h),
// whatever the ghost rule did. A contact snapped to a face took the shape's extreme point below the
// segment's line and paired it with its projection on the line, off the segment when the extreme
// lay beyond an end (up to 3.2 off), and for a contact within the skin (targetDistance) the point
// could be far off and the penetration that of the extreme's depth below the line though the shape
// did not reach the segment (fuzz_chains2d: 22 off, 9.8 "deep"). Now the depth is the shape's at
// that end, or none with the end as the point when the shape is not over it (chaincast2d.c
// snapInitial).
static void testInitialOverlapPointsOnTheirSegment(void)
{
	uint32_t saved = rng;
	rng = 5;
	int overlaps = 0, off = 0, outside = 0;
	for (int k = 0; k < 40000; ++k)
	{
		npVec2 pts[12];
		int n = 4 + (int)rnd(0, 7.999);
		randomLevel(pts, n, rnd);
		built b = build(pts, n);
		npChainInstance2 inst = { b.chain, npMakeTransform2(0, 0, 0) };
		npShape2 shape;
		if (k % 3 == 0)
			npMakeBox2(rnd(0.1, 1.5), rnd(0.1, 1.5), &shape);
		else if (k % 3 == 1)
			npMakeCapsule2(rnd(0.1, 1.5), rnd(0.01, 0.8), &shape);
		else
			npMakeCircle(rnd(0.1, 1.5), &shape);
		int j = (int)rnd(0, n - 0.001);
		npTransform2 xf = npMakeTransform2(pts[j].x + rnd(-1.5, 1.5), pts[j].y + rnd(-0.5, 1.5), rnd(-3.2, 3.2));
		npChainCastInput2 in = npMakeChainCastInput2(&shape, xf, (npVec2){ rnd(-1, 1), rnd(-1, 1) });
		in.cast.targetDistance = k % 2 == 0 ? 0.0 : 0.3; // a skin: contacts within it start "overlapping" too
		npChainCastHit2 hit;
		CHECK(npShapeCastChains2(&inst, 1, &in, &hit) == NP_OK, "initial overlap %d", k);
		if (hit.cast.hit && hit.cast.initialOverlap)
		{
			overlaps += 1;
			npVec2 a = pts[hit.segment], e = pts[hit.segment + 1], p = hit.cast.point;
			double dx = e.x - a.x, dy = e.y - a.y;
			double t = fmin(1.0, fmax(0.0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
			double gap = hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
			if (gap > 1e-9 && off++ < 3)
				printf("initial overlap %d: point %.3g off segment %d\n", k, gap, hit.segment);
			outside += bruteWithin2(&shape, xf, hit.cast.pointOnShape, 1e-9) ? 0 : 1;
		}
		free(b.memory);
	}
	printf("initial overlaps: %d, %d points off their segment, %d points on the shape outside it\n", overlaps, off, outside);
	CHECK(overlaps > 10000 && off == 0 && outside == 0, "initial overlaps: %d off, %d outside", off, outside);
	rng = saved;
}

int main(void)
{
	testBadInput();
	testFlatGround();
	testTerrain();
	testOverlapAcrossANearlyFlatJoint();
	testInitialOverlapPointsOnTheirSegment();
	return checkSummary();
}
