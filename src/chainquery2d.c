// 2D chains, part 3: ray casts, closest points, containment and bounds.
//
// Every query runs in each chain's own space (the ray or point moved there once) and walks the
// chain's BVH (chain2d.c) with a small stack:
//  - Rays: the slab test against each node box (Kay and Kajiya; Ericson RTCD 5.3.3), pruned by the
//    nearest hit so far. A segment is hit only from its front: the ray must move against the
//    segment's normal (cross(d, e) < 0 for the segment's direction e) and start on or in front of
//    its line; the parameters come from the two cross products of Ericson's segment-segment test
//    (RTCD 5.1.9.1), so a hit at a shared end point is found by both segments and the first in
//    traversal order (the lower segment index) is kept.
//  - Closest points: a best-first descent (the nearer child first), pruning boxes farther than the
//    best squared distance so far; closestOnSegment2 (closest2d.h) on the leaves' segments.
//    For a loop the distance is signed, negative on the back (solid) side: a point nearest to a
//    segment's inside takes the side of that segment's line; a point nearest to a vertex takes the
//    side of the vertex's pseudo-normal, the sum of its two face normals (Baerentzen and Aanaes'
//    angle-weighted pseudo-normal, whose two angles are equal in 2D), which is the correct side
//    for any simple polygon. When rounding ties the nearest candidates at different points (a point
//    far from a loop that is thin against that distance), the side is the point's crossing number
//    instead (crossingSide).
//  - Tiny chains: below 2^-400 squared distances and cross products underflow, so a point query or
//    ray on a chain whose points and query point (or ray origin) are all that small is run scaled
//    by exact powers of two (tiny.h), as query2d.c runs tiny shapes; squared distances below
//    DBL_MIN are compared scaled (npNearer2), and an offset within rounding of a segment's line is
//    taken across it (npAcrossEdge2).
//  - Containment (loops only) is the sign of that distance; points on the chain are inside.
//  - Bounds: the stored box moved by the translation when the chain is not rotated, else every
//    point transformed (exact, O(n)).
#include "narrowphase/chain2d.h"
#include "closest2d.h"
#include "codesize.h"
#include "inputs.h"
#include "tiny.h"
#include "vec2.h"

#include <float.h>
#include <stddef.h>

static npResult checkInstances(const npChainInstance2* chains, int count)
{
	if (count < 1 || chains == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	for (int i = 0; i < count; ++i)
	{
		if (chains[i].chain == NULL)
			return NP_ERR_INVALID_ARGUMENT;
		npResult r = npValidateTransform2(chains[i].transform);
		if (r != NP_OK)
			return r;
	}
	return NP_OK;
}

// ------------------------------------------------------------------------------------ rays

typedef struct chainRay
{
	npVec2 origin, direction;
	npVec2 inverse; // 1 / direction per axis (infinite for a zero component)
	double best;    // nearest hit so far (maxFraction at first)
	int segment;    // the segment hit, or -1
} chainRay;

static bool rayMeetsBox(const chainRay* r, const npChainNode2* node)
{
	double t0 = 0.0, t1 = r->best;
	const double o[2] = { r->origin.x, r->origin.y }, inv[2] = { r->inverse.x, r->inverse.y };
	const double d[2] = { r->direction.x, r->direction.y };
	for (int k = 0; k < 2; ++k)
	{
		double lo = node->lower[k], hi = node->upper[k];
		if (d[k] == 0.0)
		{
			if (o[k] < lo || o[k] > hi)
				return false;
			continue;
		}
		double ta = (lo - o[k]) * inv[k], tb = (hi - o[k]) * inv[k];
		if (ta > tb)
		{
			double t = ta;
			ta = tb;
			tb = t;
		}
		t0 = npMax(t0, ta);
		t1 = npMin(t1, tb);
		if (t0 > t1)
			return false;
	}
	return true;
}

static inline void raySegmentAB(chainRay* r, int s, npVec2 a, npVec2 b)
{
	npVec2 e = v2Sub(b, a);
	double denom = v2Cross(r->direction, e);
	if (!(denom < 0.0))
		return; // moving along or away from the front normal
	npVec2 ao = v2Sub(a, r->origin);
	double tNum = v2Cross(ao, e); // <= 0 when the origin is on or in front of the line
	double uNum = v2Cross(ao, r->direction);
	if (tNum > 0.0 || uNum > 0.0 || uNum < denom)
		return; // behind the line, or the line is crossed outside the segment (u = uNum / denom in [0, 1])
	double t = tNum / denom;
	if (t < r->best || (t == r->best && r->segment < 0))
	{
		r->best = t;
		r->segment = s;
	}
}

static void raySegment(chainRay* r, const npChain2* c, int s)
{
	npVec2 a, b;
	npGetChainSegment2(c, s, &a, &b);
	raySegmentAB(r, s, a, b);
}

static void rayChain(chainRay* r, const npChain2* c)
{
	int stack[NP_CHAIN_MAX_DEPTH];
	int top = 0;
	stack[top++] = 0;
	while (top > 0)
	{
		const npChainNode2* node = c->nodes + stack[--top];
		if (!rayMeetsBox(r, node))
			continue;
		if (node->count == 0)
		{
			stack[top++] = node->index + 1;
			stack[top++] = node->index;
			continue;
		}
		for (int k = 0; k < node->count; ++k)
			raySegment(r, c, node->index + k);
	}
}

/// A ray on a chain whose points and the ray's origin are all below NP_TINY: the cross products
/// underflow (a ray 4e-300 long from 3e-300 above a square 1e-300 across missed it: cross(d, e) was
/// 0; one of direction (0, -1) hit it at fraction 0, 2e-300 short). The chain and origin are scaled
/// by `up` steps of 2^500, the direction by its own (exact), so the fractions of the scaled ray are
/// t 2^(500 (up - dirUp)); every segment is tried (the float node boxes of such a chain are all the
/// same few float ulps around 0). Cold.
NP_COLD __attribute__((noinline)) static void rayTinyChain(chainRay* r, const npChain2* c, int up)
{
	int dirUp = npStepsUp(npMax(npAbs(r->direction.x), npAbs(r->direction.y)));
	chainRay s = { v2TimesPow500(r->origin, up), v2TimesPow500(r->direction, dirUp), { 0.0, 0.0 },
				   npTimesPow500(r->best, up - dirUp), -1 };
	for (int k = 0; k < c->segmentCount; ++k)
	{
		npVec2 a, b;
		npGetChainSegment2(c, k, &a, &b);
		raySegmentAB(&s, k, v2TimesPow500(a, up), v2TimesPow500(b, up));
	}
	if (s.segment < 0)
		return;
	double t = npTimesPow500(s.best, dirUp - up);
	if (t < r->best || (t == r->best && r->segment < 0))
	{
		r->best = t;
		r->segment = s.segment;
	}
}

/// The steps of 2^500 that a query at chain-space point p on chain c needs: 0 unless p and the
/// whole chain are below NP_TINY (tiny.h).
static int tinySteps(const npChain2* c, npVec2 p)
{
	double m = npMax(npAbs(p.x), npAbs(p.y));
	if (!(m < NP_TINY))
		return 0; // p itself decides for ordinary queries
	m = npMax(m, npMax(npMax(npAbs(c->lower.x), npAbs(c->lower.y)), npMax(npAbs(c->upper.x), npAbs(c->upper.y))));
	return m < NP_TINY ? npStepsUp(m) : 0;
}

/// A ray whose direction is below NP_TINY on both axes, cast with the direction scaled by exact
/// powers of two and maxFraction scaled as much (tiny.h's npTinyRayScale). Unscaled, the
/// direction's inverse overflowed and a ray of direction (1, -3) 5e-324 from 2^-1040 above a
/// chain missed it (rayAtAChainWithASubnormalDirection). Out of line: ordinary rays pay two compares.
NP_COLD __attribute__((noinline)) static void rayChainsTiny(const npChainInstance2* chains, int count,
															 const npRayInput2* ray, npChainRayHit2* hit)
{
	npVec2 d = ray->direction;
	npTinyRayScale scale = npTinyRayScaleOf(npMax(fabs(d.x), fabs(d.y)));
	npRayInput2 scaled = { ray->origin, v2(npTinyRayComponent(&scale, d.x), npTinyRayComponent(&scale, d.y)),
						   npTinyRayMaxFraction(&scale, ray->maxFraction), ray->solid };
	// Checked as the caller's ray was (the scale keeps it within NP_HUGE), so it is cast.
	(void)npRayCastChains2(chains, count, &scaled, hit);
	if (!hit->hit)
		return;
	hit->fraction = npTinyRayFraction(&scale, hit->fraction, ray->maxFraction);
	hit->point = v2MulAdd(ray->origin, hit->fraction, ray->direction);
}

npResult npRayCastChains2(const npChainInstance2* chains, int count, const npRayInput2* ray, npChainRayHit2* hit)
{
	if (hit == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*hit = (npChainRayHit2){ 0 };
	if (ray == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	npResult res = checkInstances(chains, count);
	if (res != NP_OK)
		return res;
	if (!npIsUsableVec2(ray->origin) || !npIsUsableVec2(ray->direction) || !npIsUsable(ray->maxFraction))
		return NP_ERR_NON_FINITE;
	if ((ray->direction.x == 0.0 && ray->direction.y == 0.0) || ray->maxFraction < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	if (npIsTinyDirection2(ray->direction))
	{
		rayChainsTiny(chains, count, ray, hit);
		return NP_OK;
	}

	double best = ray->maxFraction;
	for (int i = 0; i < count; ++i)
	{
		const npChainInstance2* inst = chains + i;
		chainRay r;
		r.origin = npInvTransformPoint2(inst->transform, ray->origin);
		r.direction = npInvRotate2(inst->transform.q, ray->direction);
		r.inverse = v2(1.0 / r.direction.x, 1.0 / r.direction.y);
		r.best = best;
		r.segment = -1;
		int up = tinySteps(inst->chain, r.origin);
		if (up == 0)
			rayChain(&r, inst->chain);
		else
			rayTinyChain(&r, inst->chain, up);
		if (r.segment >= 0 && (!hit->hit || r.best < best))
		{
			best = r.best;
			hit->hit = true;
			hit->fraction = r.best;
			hit->chain = i;
			hit->segment = r.segment;
			hit->normal = npRotate2(inst->transform.q, inst->chain->normals[r.segment]);
		}
	}
	if (hit->hit)
		hit->point = v2MulAdd(ray->origin, hit->fraction, ray->direction);
	return NP_OK;
}

// ------------------------------------------------------------------------------------ closest points

typedef struct nearestState
{
	npVec2 p;          // query point, chain space (scaled by 2^(500 up) for a tiny chain)
	double best;       // best squared distance so far
	double limit;      // npMax(best (1 + NP_TIE), DBL_MIN): boxes and segments beyond it are passed over
	bool tied;         // a segment within the limit at another point than the best (see crossingSide)
	int segment;       // its segment, or -1
	npVec2 point;      // its point, chain space (scaled as p)
	npSegmentPlace2 where;
	npVec2 prior;      // before a segment is found: the best offset of the chains before (unscaled)
} nearestState;

static double boxDistanceSq(const npChainNode2* node, npVec2 p)
{
	double dx = npMax(npMax((double)node->lower[0] - p.x, p.x - (double)node->upper[0]), 0.0);
	double dy = npMax(npMax((double)node->lower[1] - p.y, p.y - (double)node->upper[1]), 0.0);
	return dx * dx + dy * dy;
}

/// p - the best point so far (or the chains' before it, when this chain has none yet).
static npVec2 bestOffset(const nearestState* st)
{
	return st->segment < 0 ? st->prior : v2Sub(st->p, st->point);
}

/// Relative margin of squared distances within which two candidates tie (rounding can order them
/// either way): a point 1e-3 above a loop 2 long and 2e-20 thick is 1e-3 +- 1e-20 from its two long
/// segments, whose squares tied, and the first one (the bottom) won: distance -1e-3, inside.
#define NP_TIE 0x1p-40

/// Takes q (on segment s) as the best, at squared distance d, with the limit that goes with it.
static inline void take(nearestState* st, int s, npVec2 q, npSegmentPlace2 where, double d, double limit)
{
	st->best = d;
	st->limit = limit;
	st->segment = s;
	st->point = q;
	st->where = where;
}

/// A segment within st->limit that is not clearly nearer (rare): nearer than the best (taken), or a
/// tie (st->tied when at another point: a shared vertex found by both its segments is no tie).
/// Squared distances below DBL_MIN tied at 0 and the first segment won (a point 1e-301 above a loop
/// of half extents 1 and 1e-300 was put on its bottom segment, distance -0, inside): such offsets
/// are compared scaled (npNearer2).
__attribute__((noinline)) static void offerNear(nearestState* st, int s, npVec2 q, npSegmentPlace2 where, double d)
{
	bool other = st->segment >= 0 && (q.x != st->point.x || q.y != st->point.y);
	if (d < st->best || (d < DBL_MIN && npNearer2(v2Sub(st->p, q), bestOffset(st))))
	{
		double limit = npMax(d * (1.0 + NP_TIE), DBL_MIN);
		st->tied = other && st->best <= limit;
		take(st, s, q, where, d, limit);
	}
	else
		st->tied = st->tied || other;
}

/// Segment s (a -> b) against the best so far: one compare for most segments; one clearly nearer
/// (beyond a tie, in the normal range) is taken here.
static inline void offerSegment(nearestState* st, int s, npVec2 a, npVec2 b)
{
	npSegmentPlace2 where;
	npVec2 q = closestOnSegment2(a, b, st->p, &where);
	double d = v2DistanceSq(st->p, q);
	if (!(d < st->limit))
		return;
	double limit = npMax(d * (1.0 + NP_TIE), DBL_MIN);
	if (limit < st->best)
	{
		st->tied = false;
		take(st, s, q, where, d, limit);
	}
	else if (st->segment < 0 || q.x != st->point.x || q.y != st->point.y)
		offerNear(st, s, q, where, d); // (not for the best's vertex again, from its other segment)
}

static void nearestInLeaf(nearestState* st, const npChain2* c, const npChainNode2* node)
{
	for (int k = 0; k < node->count; ++k)
	{
		int s = node->index + k;
		npVec2 a, b;
		npGetChainSegment2(c, s, &a, &b);
		offerSegment(st, s, a, b);
	}
}

static void nearestInChain(nearestState* st, const npChain2* c)
{
	int stack[NP_CHAIN_MAX_DEPTH];
	int top = 0;
	stack[top++] = 0;
	while (top > 0)
	{
		const npChainNode2* node = c->nodes + stack[--top];
		// A box is passed over only beyond the limit: its segments can neither win nor tie. (Below
		// DBL_MIN the squares round by up to the distances' own size, and the best may be 0 for a
		// point 1e-301 above a segment.)
		if (boxDistanceSq(node, st->p) > st->limit)
			continue;
		if (node->count > 0)
		{
			nearestInLeaf(st, c, node);
			continue;
		}
		// The nearer child is popped first.
		const npChainNode2* kids = c->nodes + node->index;
		bool firstNearer = boxDistanceSq(kids, st->p) <= boxDistanceSq(kids + 1, st->p);
		stack[top++] = firstNearer ? node->index + 1 : node->index;
		stack[top++] = firstNearer ? node->index : node->index + 1;
	}
}


/// A tiny chain (tinySteps > 0): every segment, scaled. Unscaled, the segments' squared lengths
/// underflow (closestOnSegment2 took every segment of a loop 1e-300 across for its start point, and
/// a point 0.5e-300 above it went to the bottom-left corner, inside). The float node boxes of such a
/// chain are all the same few float ulps around 0, so the tree would not prune anything.
NP_COLD __attribute__((noinline)) static void nearestInTinyChain(nearestState* st, const npChain2* c, int up)
{
	st->p = v2TimesPow500(st->p, up);
	for (int s = 0; s < c->segmentCount; ++s)
	{
		npVec2 a, b;
		npGetChainSegment2(c, s, &a, &b);
		offerSegment(st, s, v2TimesPow500(a, up), v2TimesPow500(b, up));
	}
}

/// The winner's offset p - point taken across its segment when within rounding of the segment's
/// line (closest2d.h's npAcrossEdge2: the point nearest to p inside a segment carries a few ulps of
/// the segment's size along it), and its point moved under p. Segments are one-sided lines, not
/// solid. Returns whether it was.
static bool acrossSegment(const npChain2* c, nearestState* st, int up, npVec2* offset)
{
	npVec2 a, b;
	npGetChainSegment2(c, st->segment, &a, &b);
	if (!npAcrossEdge2(v2TimesPow500(a, up), v2TimesPow500(b, up), c->normals[st->segment], false, offset))
		return false;
	st->point = v2Sub(st->p, *offset);
	return true;
}

/// The sign of v . n, also when the products underflow (a point 1e-321 off a chain): v is then
/// scaled by 2^600 (exact; the sign cannot change).
static double signedAlong(npVec2 v, npVec2 n)
{
	if (npMax(npAbs(v.x), npAbs(v.y)) < 0x1p-600)
		v = v2Scale(0x1p600, v);
	return v2Dot(v, n);
}

// Which side of a loop the point at offset d from st's point lies on: +1 front, -1 back (see the
// outline), 0 on the chain.
static double loopSide(const npChain2* c, const nearestState* st, npVec2 d)
{
	if (d.x == 0.0 && d.y == 0.0)
		return 0.0;
	int s = st->segment, n = c->segmentCount;
	npVec2 normal = c->normals[s];
	if (st->where == NP_SEGMENT_START)
		normal = v2Add(normal, c->normals[s > 0 ? s - 1 : n - 1]);
	else if (st->where == NP_SEGMENT_END)
		normal = v2Add(normal, c->normals[s + 1 < n ? s + 1 : 0]);
	double side = signedAlong(d, normal);
	if (side == 0.0)
		side = signedAlong(d, c->normals[s]);
	return side < 0.0 ? -1.0 : 1.0;
}

/// v scaled by steps of 2^500 (exact) until its largest coordinate reaches NP_TINY (v != 0): the
/// sign of a cross product of two such vectors survives (each factor scaled by its own power of 2).
static npVec2 lifted(npVec2 v)
{
	return v2TimesPow500(v, npStepsUp(npMax(npAbs(v.x), npAbs(v.y))));
}

/// The side of a loop (as loopSide) by p's crossing number (a ray toward +x, half-open in y; Haines,
/// "Point in Polygon Strategies", Graphics Gems IV) and the loop's orientation (the sign of its
/// area; a counter-clockwise loop's inside is its back), for a best that ties with another point:
/// there the nearest feature's pseudo-normal is the one of whichever candidate rounding chose (a
/// point 1 away from a square 1e-300 across, whose every vertex is 1 away, was inside it). O(n),
/// cold: only such points pay it. Chain space scaled by 2^(500 up).
NP_COLD __attribute__((noinline)) static double crossingSide(const npChain2* c, npVec2 p, int up)
{
	bool inside = false;
	double area = 0.0; // twice the area, its terms scaled by 2^(500 k) (exact) so they do not underflow
	npVec2 origin = v2TimesPow500(c->points[0], up);
	int k = npStepsUp(npTimesPow500(npMax(c->upper.x - c->lower.x, c->upper.y - c->lower.y), up));
	for (int s = 0; s < c->segmentCount; ++s)
	{
		npVec2 a, b;
		npGetChainSegment2(c, s, &a, &b);
		a = v2TimesPow500(a, up);
		b = v2TimesPow500(b, up);
		area += v2Cross(v2TimesPow500(v2Sub(a, origin), k), v2TimesPow500(v2Sub(b, origin), k));
		if ((a.y > p.y) == (b.y > p.y))
			continue;
		// The edge crosses the line y = p.y right of p when p is left of an upward edge (or right
		// of a downward one).
		double turn = v2Cross(lifted(v2Sub(b, a)), lifted(v2Sub(p, a)));
		if ((turn > 0.0) == (b.y > a.y))
			inside = !inside;
	}
	return inside == (area > 0.0) ? -1.0 : 1.0;
}

/// Distance (unsigned) and world normal of the winner from its chain-space offset (scaled by
/// 2^(500 up)): for a tiny chain, a distance whose square leaves the normal range (it was
/// sqrt(0) = 0 for a point 1e-301 off a segment), or an offset taken across its segment. Others keep
/// the plain sqrt of the squared distance and the world offset normalised, bit for bit as before.
NP_COLD __attribute__((noinline)) static double tinyDistance(npVec2 offset, int up, npRot2 q, npVec2* normal)
{
	npVec2 unit = { 0.0, 0.0 };
	double len = npLengthAndUnit2(offset, &unit);
	if (len > 0.0)
		*normal = npRotate2(q, unit);
	return npTimesPow500(len, -up);
}

/// A tiny chain's search (tinySteps > 0), scaled, and its winner against the chains' before it
/// (squared distance *bestSq, offset *prior, unscaled: lengths compare across chains). Returns
/// whether it won.
NP_COLD __attribute__((noinline)) static bool tinyChainWins(nearestState* st, const npChain2* c, int up, double* bestSq,
															npVec2* prior)
{
	st->best = st->limit = DBL_MAX;
	nearestInTinyChain(st, c, up);
	npVec2 offset = v2TimesPow500(v2Sub(st->p, st->point), -up);
	double d = v2LengthSq(offset);
	if (!(d < *bestSq || (d < DBL_MIN && npNearer2(offset, *prior))))
		return false;
	*bestSq = d;
	*prior = offset;
	return true;
}

npResult npClosestPointChains2(const npChainInstance2* chains, int count, npVec2 p, npChainProjection2* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npChainProjection2){ 0 };
	out->chain = out->segment = -1;
	npResult r = checkInstances(chains, count);
	if (r != NP_OK)
		return r;
	if (!npIsUsableVec2(p))
		return NP_ERR_NON_FINITE;

	bool allLoops = true;
	// The best so far over the chains, unscaled: its squared distance and offset (chain space of
	// its chain; lengths compare across chains).
	double bestSq = DBL_MAX;
	npVec2 prior = { 0.0, 0.0 };
	nearestState best = { p, DBL_MAX, DBL_MAX, false, -1, { 0.0, 0.0 }, NP_SEGMENT_INSIDE, { 0.0, 0.0 } };
	int bestChain = -1, bestUp = 0;
	for (int i = 0; i < count; ++i)
	{
		const npChainInstance2* inst = chains + i;
		allLoops = allLoops && inst->chain->loop;
		nearestState st = { npInvTransformPoint2(inst->transform, p), bestSq, npMax(bestSq * (1.0 + NP_TIE), DBL_MIN),
							false, -1, { 0.0, 0.0 }, NP_SEGMENT_INSIDE,
							prior };
		int up = tinySteps(inst->chain, st.p);
		if (up == 0)
		{
			nearestInChain(&st, inst->chain);
			if (st.segment < 0)
				continue;
			bestSq = st.best;
			if (count > 1)
				prior = v2Sub(st.p, st.point);
		}
		else if (!tinyChainWins(&st, inst->chain, up, &bestSq, &prior))
			continue;
		best = st;
		bestChain = i;
		bestUp = up;
	}
	const npChainInstance2* inst = chains + bestChain;
	npVec2 offset = v2Sub(best.p, best.point);
	bool across = best.where == NP_SEGMENT_INSIDE && acrossSegment(inst->chain, &best, bestUp, &offset);
	double bestSide = 1.0;
	if (inst->chain->loop)
		bestSide = best.tied && (offset.x != 0.0 || offset.y != 0.0) ? crossingSide(inst->chain, best.p, bestUp)
																   : loopSide(inst->chain, &best, offset);
	npVec2 point = bestUp == 0 ? best.point : v2TimesPow500(best.point, -bestUp);
	npVec2 q = npTransformPoint2(inst->transform, point);
	npVec2 normal = npRotate2(inst->transform.q, inst->chain->normals[best.segment]);
	double distance;
	if (bestUp == 0 && !across && best.best >= DBL_MIN)
	{
		distance = sqrt(best.best);
		normal = v2Normalize(v2Sub(p, q));
	}
	else
		distance = tinyDistance(offset, bestUp, inst->transform.q, &normal);
	if (distance > 0.0 && allLoops && bestSide < 0.0)
		normal = v2Neg(normal);
	out->point = q;
	out->distance = allLoops && bestSide < 0.0 ? -distance : distance;
	out->normal = normal;
	out->chain = bestChain;
	out->segment = best.segment;
	return NP_OK;
}

npResult npContainsPointChain2(const npChain2* chain, npTransform2 transform, npVec2 p, bool* inside)
{
	if (inside == NULL || chain == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*inside = false;
	if (!chain->loop)
		return NP_ERR_INVALID_ARGUMENT;
	npChainInstance2 inst = { chain, transform };
	npChainProjection2 proj;
	npResult r = npClosestPointChains2(&inst, 1, p, &proj);
	if (r != NP_OK)
		return r;
	*inside = proj.distance <= 0.0;
	return NP_OK;
}

// ------------------------------------------------------------------------------------ bounds

npResult npChainBounds2(const npChain2* chain, npTransform2 transform, npBounds2* out)
{
	if (out == NULL || chain == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npBounds2){ { 0.0, 0.0 }, { 0.0, 0.0 } };
	npResult r = npValidateTransform2(transform);
	if (r != NP_OK)
		return r;
	if (transform.q.c == 1.0 && transform.q.s == 0.0)
	{
		out->lower = v2Add(chain->lower, transform.p);
		out->upper = v2Add(chain->upper, transform.p);
		return NP_OK;
	}
	npVec2 lo = npTransformPoint2(transform, chain->points[0]), hi = lo;
	for (int i = 1; i < chain->pointCount; ++i)
	{
		npVec2 q = npTransformPoint2(transform, chain->points[i]);
		lo = v2(npMin(lo.x, q.x), npMin(lo.y, q.y));
		hi = v2(npMax(hi.x, q.x), npMax(hi.y, q.y));
	}
	out->lower = lo;
	out->upper = hi;
	return NP_OK;
}
