// 2D chain point queries (npClosestPointChains2, npContainsPointChain2) on tiny and thin chains, where
// squared distances and cross products leave the normal range or round to ties: loops (squares,
// rectangles thin against their length, a concave arrow, a triangle) and open zigzags of sizes
// 1e-320..1, points at multiples of the size around every vertex and edge midpoint and far away,
// against long-double brute force (nearest of every segment's clamped projection; inside by the
// crossing number), plus the reported cases with their closed forms, and rays (npRayCastChains2)
// on tiny squares (closed forms).
//
// Fails on the code before the fix (chainquery2d.c of 1e980eb): 39,553 of its 104,619 checks,
// among them every named case (a point 1e-301 above a loop of half extents 1 and 1e-300 went to
// the bottom segment at distance -0, inside); with only the first half of the fix (b9983ba, no
// ties) 1,438: a point 1e-3 above a loop 2e-20 thin, and points far from loops 1e-320 across
// (every vertex as far), were inside.
#include "check.h"

#include "narrowphase/narrowphase.h"

#include <math.h>
#include <stdlib.h>

typedef long double ld;

/// The chain built into malloc'd memory (freed by the caller).
static npChain2* make(const npVec2* v, int n, bool loop, void** memory)
{
	npChainDef2 def = npDefaultChainDef2();
	def.loop = loop;
	size_t bytes = (npChainBytes2(n, loop) + 7) / 8 * 8;
	*memory = aligned_alloc(8, bytes);
	npChain2* chain = NULL;
	npResult r = npMakeChain2(v, n, &def, *memory, bytes, &chain);
	CHECK(r == NP_OK, "make: %s", npResultString(r));
	return r == NP_OK ? chain : NULL;
}

typedef struct reference
{
	ld distance, second; // nearest and second nearest segment distances
	ld x, y;             // the nearest point
	int segment;
} reference;

static reference nearest(const npVec2* v, int n, bool loop, npVec2 p)
{
	reference r = { INFINITY, INFINITY, 0, 0, -1 };
	for (int s = 0; s < (loop ? n : n - 1); ++s)
	{
		ld ax = v[s].x, ay = v[s].y, ex = (ld)v[(s + 1) % n].x - ax, ey = (ld)v[(s + 1) % n].y - ay;
		ld t = fminl(fmaxl(((p.x - ax) * ex + (p.y - ay) * ey) / (ex * ex + ey * ey), 0), 1);
		ld cx = ax + t * ex, cy = ay + t * ey, d = sqrtl((p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy));
		if (d < r.distance)
			r = (reference){ d, r.distance, cx, cy, s };
		else if (d < r.second)
			r.second = d;
	}
	return r;
}

static bool insideLoop(const npVec2* v, int n, npVec2 p)
{
	bool in = false;
	for (int i = 0, j = n - 1; i < n; j = i++)
		if ((v[i].y > p.y) != (v[j].y > p.y) &&
			(ld)p.x < ((ld)v[j].x - v[i].x) * ((ld)p.y - v[i].y) / ((ld)v[j].y - v[i].y) + v[i].x)
			in = !in;
	return in;
}

static int sweepFailures;

/// One query against the reference; tol is absolute (a few ulps of the chain's coordinates).
static void compare(const npChain2* chain, const npVec2* v, int n, bool loop, npVec2 p, ld tol, const char* name)
{
	npChainInstance2 inst = { chain, { { 0, 0 }, { 1, 0 } } };
	reference ref = nearest(v, n, loop, p);
	npChainProjection2 pr;
	npResult r = npClosestPointChains2(&inst, 1, p, &pr);
	bool unique = ref.second - ref.distance > tol;
	bool ok = r == NP_OK && fabsl(fabsl((ld)pr.distance) - ref.distance) <= tol &&
			  fabs(hypot(pr.normal.x, pr.normal.y) - 1.0) < 1e-12;
	if (ok && unique)
		ok = pr.segment == ref.segment && fabsl(pr.point.x - ref.x) <= tol && fabsl(pr.point.y - ref.y) <= tol;
	if (ok && unique && ref.distance > tol) // the normal points from the chain to p (away on the back side)
	{
		ld sign = pr.distance < 0 ? -1 : 1;
		ok = fabsl(sign * (p.x - ref.x) / ref.distance - pr.normal.x) < 1e-6 &&
			 fabsl(sign * (p.y - ref.y) / ref.distance - pr.normal.y) < 1e-6;
	}
	if (ok && loop && ref.distance > tol)
	{
		bool in = insideLoop(v, n, p), contained = !in;
		npContainsPointChain2(chain, inst.transform, p, &contained);
		ok = (pr.distance < 0) == in && contained == in;
	}
	CHECK(ok, "%s: p (%.17g, %.17g): segment %d distance %.17g point (%.17g, %.17g) normal (%g, %g); expected segment %d distance %.17Lg point (%.17Lg, %.17Lg)",
		  name, p.x, p.y, pr.segment, pr.distance, pr.point.x, pr.point.y, pr.normal.x, pr.normal.y, ref.segment,
		  ref.distance, ref.x, ref.y);
	sweepFailures += !ok;
}

/// Points at multiples k of `size` around every vertex and edge midpoint, and far points all round.
static void sweep(const char* name, const npVec2* v, int n, bool loop, double size)
{
	void* memory;
	npChain2* chain = make(v, n, loop, &memory);
	if (chain == NULL)
		return;
	static const double ks[] = { -1.5, -1, -0.5, -0.1, -0.01, 0, 0.01, 0.1, 0.5, 1, 1.5 };
	double scale = 0;
	for (int i = 0; i < n; ++i)
		scale = fmax(scale, fmax(fabs(v[i].x), fabs(v[i].y)));
	ld tol = 1e-14L * scale + 1e-323L;
	for (int base = 0; base < 2 * (loop ? n : n - 1); ++base)
	{
		npVec2 c = v[base / 2], b = v[(base / 2 + 1) % n];
		if (base & 1)
			c = (npVec2){ c.x + (b.x - c.x) * 0.5, c.y + (b.y - c.y) * 0.5 };
		for (int i = 0; i < 11; ++i)
			for (int j = 0; j < 11; ++j)
				compare(chain, v, n, loop, (npVec2){ c.x + ks[i] * size, c.y + ks[j] * size }, tol, name);
	}
	static const double far[] = { 1e-150, 1e-100, 1e-60, 1e-20, 1, 1e6 };
	for (int a = 0; a < 16; ++a)
		for (int m = 0; m < 6; ++m)
			if (far[m] > 1e3 * scale)
				compare(chain, v, n, loop, (npVec2){ far[m] * cos(a * 0.39269908169872414), far[m] * sin(a * 0.39269908169872414) },
						1e-14L * far[m], name);
	free(memory);
}

static void sweptScales(void)
{
	static const double sizes[] = { 1e-320, 1e-315, 1e-310, 1e-305, 1e-300, 1e-250, 1e-200, 1e-160,
									1e-154, 1e-150, 1e-120, 1e-100, 1e-50,  1e-10,  1 };
	for (int k = 0; k < 15; ++k)
	{
		double S = sizes[k], W = S < 1e-200 ? 1e-250 : 1;
		npVec2 square[4] = { { -S, -S }, { S, -S }, { S, S }, { -S, S } };
		npVec2 thin[4] = { { -1, -S }, { 1, -S }, { 1, S }, { -1, S } };
		npVec2 thinner[4] = { { -W, -S }, { W, -S }, { W, S }, { -W, S } };
		npVec2 arrow[6] = { { -S, -S }, { 2 * S, 0 }, { -S, S }, { 0, 0.5 * S }, { -0.5 * S, 0.25 * S }, { 0, 0 } };
		npVec2 zig[5] = { { -2 * S, 0 }, { -S, S }, { 0, 0 }, { S, S }, { 2 * S, -S } };
		npVec2 tri[3] = { { 0, 0 }, { 3 * S, S }, { S, 2 * S } };
		sweep("square loop", square, 4, true, S);
		sweep("square open", square, 4, false, S);
		if (S < 1)
			sweep("thin loop 1 x size", thin, 4, true, S);
		if (S < W * 1e-20)
			sweep("thin loop 1e-250 x size", thinner, 4, true, S);
		sweep("arrow loop (concave)", arrow, 6, true, S);
		sweep("zigzag open", zig, 5, false, S);
		sweep("triangle loop", tri, 3, true, S);
	}
	CHECK(sweepFailures == 0, "%d swept queries wrong", sweepFailures);
}

/// The reported cases, closed forms: a CCW rectangle [-w, w] x [-h, h], p above its top (segment 2).
static void reportedCases(void)
{
	static const struct
	{
		double w, h, px, py, distance;
	} cases[] = {
		{ 1, 1e-300, 0.5, 1.1e-300, 1.1e-300 - 1e-300 },
		{ 1e-250, 1e-320, 0.3e-250, 1e-320 + 1e-321, (1e-320 + 1e-321) - 1e-320 },
		{ 1e-300, 1e-300, 0.5e-300, 1.5e-300, 1.5e-300 - 1e-300 },
		{ 1, 1e-20, 0, 1e-3, 1e-3 - 1e-20 }, // the two long segments' squared distances tie
		{ 1e-300, 1e-300, 0, 1, 1 },         // every segment's squared distance ties (and underflows along it)
	};
	for (int i = 0; i < 5; ++i)
	{
		double w = cases[i].w, h = cases[i].h;
		npVec2 v[4] = { { -w, -h }, { w, -h }, { w, h }, { -w, h } };
		void* memory;
		npChain2* chain = make(v, 4, true, &memory);
		if (chain == NULL)
			continue;
		npChainInstance2 inst = { chain, { { 0, 0 }, { 1, 0 } } };
		npChainProjection2 pr;
		npVec2 p = { cases[i].px, cases[i].py };
		npClosestPointChains2(&inst, 1, p, &pr);
		bool inside = true;
		npContainsPointChain2(chain, inst.transform, p, &inside);
		double d = cases[i].distance;
		CHECK(pr.distance > 0 && fabs(pr.distance - d) <= 1e-14 * d + 1e-323 && !inside,
			  "case %d: distance %.17g inside %d, expected %.17g outside", i, pr.distance, inside, d);
		if (i < 3) // (in the last two the segments' distances tie to double precision: any is right)
			CHECK(pr.segment == 2 && pr.point.x == p.x && pr.point.y == h && pr.normal.x == 0 && pr.normal.y == 1,
				  "case %d: segment %d point (%.17g, %.17g) normal (%g, %g), expected 2, (%.17g, %.17g), (0, 1)", i,
				  pr.segment, pr.point.x, pr.point.y, pr.normal.x, pr.normal.y, p.x, h);
		free(memory);
	}
}

/// Rays on squares [-s, s]^2 (CCW loops) from 3s out on each side toward the centre, direction 4s or
/// unit (maxFraction 4s / |d|): they hit the facing segment at fraction 2s / |d| (closed form), with its normal. Before
/// the fix a ray 4e-300 long from 3e-300 above a square 1e-300 across missed it (cross(d, e)
/// underflowed to 0), and one of unit direction hit at fraction 0 (2e-300 short): 40 of these 72
/// checks fail on the code of 891f493 (every square up to 1e-200).
static void tinyRays(void)
{
	static const double sizes[] = { 1e-320, 1e-310, 1e-300, 1e-250, 1e-200, 1e-150, 1e-120, 1e-100, 1 };
	static const npVec2 out[4] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } }; // segment k's outward normal
	for (int k = 0; k < 9; ++k)
	{
		double S = sizes[k];
		npVec2 v[4] = { { -S, -S }, { S, -S }, { S, S }, { -S, S } };
		void* memory;
		npChain2* chain = make(v, 4, true, &memory);
		if (chain == NULL)
			continue;
		npChainInstance2 inst = { chain, { { 0, 0 }, { 1, 0 } } };
		for (int side = 0; side < 4; ++side)
			for (int unit = 0; unit < 2; ++unit)
			{
				double len = unit ? 1.0 : 4 * S;
				npRayInput2 ray = { { 3 * S * out[side].x, 3 * S * out[side].y }, { -len * out[side].x, -len * out[side].y }, 4 * S / len, true };
				npChainRayHit2 hit;
				npResult r = npRayCastChains2(&inst, 1, &ray, &hit);
				double expected = 2 * S / len;
				CHECK(r == NP_OK && hit.hit && hit.segment == side && fabs(hit.fraction - expected) <= 1e-14 * expected + 1e-323 &&
						  fabs(hit.normal.x - out[side].x) <= 1e-15 && fabs(hit.normal.y - out[side].y) <= 1e-15,
					  "ray on a square %g from side %d, direction %g: hit %d segment %d fraction %.17g normal (%g, %g); expected segment %d fraction %.17g",
					  S, side, len, hit.hit, hit.segment, hit.fraction, hit.normal.x, hit.normal.y, side, expected);
			}
		free(memory);
	}
}

/// A ray with a subnormal direction, (1, -3) 5e-324, from 2^-1040 above a ground 4 long through the
/// origin (listed right to left: it faces up), maxFraction 1e12. Unscaled, the direction's inverse
/// overflowed and the ray missed (found in session 16's review; the direction is now scaled by exact
/// powers of two, chainquery2d.c's rayChainsTiny). Expected, closed forms: untouched, t = 2^-1040 /
/// (3 * 2^-1074) = 2^34 / 3 with normal (0, 1); turned by 0.5 rad about the origin, normal (-s, c)
/// and t = 2^34 c / (s + 3c). Fails on the old code (no hit).
static void rayAtAChainWithASubnormalDirection(void)
{
	npVec2 v[3] = { { 2, 0 }, { 0, 0 }, { -2, 0 } };
	void* memory;
	npChain2* chain = make(v, 3, false, &memory);
	CHECK(chain != NULL, "ground");
	if (chain == NULL)
		return;
	double c = cos(0.5), s = sin(0.5);
	for (int turned = 0; turned < 2; ++turned)
	{
		npChainInstance2 inst = { chain, { { 0, 0 }, { turned ? c : 1.0, turned ? s : 0.0 } } };
		npRayInput2 ray = { { 0, 0x1p-1040 }, { 0x1p-1074, -3 * 0x1p-1074 }, 1e12, false };
		npChainRayHit2 hit;
		double expected = turned ? 0x1p34 * c / (s + 3.0 * c) : 0x1p34 / 3.0;
		npVec2 n = turned ? (npVec2){ -s, c } : (npVec2){ 0, 1 };
		CHECK(npRayCastChains2(&inst, 1, &ray, &hit) == NP_OK && hit.hit && fabs(hit.fraction - expected) <= 1e-10 * expected &&
				  fabs(hit.normal.x - n.x) <= 1e-12 && fabs(hit.normal.y - n.y) <= 1e-12,
			  "subnormal direction (turned %d): hit %d fraction %.17g (expected %.17g), normal (%g, %g)", turned, hit.hit,
			  hit.fraction, expected, hit.normal.x, hit.normal.y);
	}
	free(memory);
}

int main(void)
{
	reportedCases();
	tinyRays();
	rayAtAChainWithASubnormalDirection();
	sweptScales();
	return checkSummary();
}
