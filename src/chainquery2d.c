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
//    for any simple polygon.
//  - Containment (loops only) is the sign of that distance; points on the chain are inside.
//  - Bounds: the stored box moved by the translation when the chain is not rotated, else every
//    point transformed (exact, O(n)).
#include "narrowphase/chain2d.h"
#include "closest2d.h"
#include "inputs.h"
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

static void raySegment(chainRay* r, const npChain2* c, int s)
{
	npVec2 a, b;
	npGetChainSegment2(c, s, &a, &b);
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
		rayChain(&r, inst->chain);
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
	npVec2 p;          // query point, chain space
	double best;       // best squared distance so far
	int segment;       // its segment, or -1
	npVec2 point;      // its point, chain space
	npSegmentPlace2 where;
} nearestState;

static double boxDistanceSq(const npChainNode2* node, npVec2 p)
{
	double dx = npMax(npMax((double)node->lower[0] - p.x, p.x - (double)node->upper[0]), 0.0);
	double dy = npMax(npMax((double)node->lower[1] - p.y, p.y - (double)node->upper[1]), 0.0);
	return dx * dx + dy * dy;
}

static void nearestInLeaf(nearestState* st, const npChain2* c, const npChainNode2* node)
{
	for (int k = 0; k < node->count; ++k)
	{
		int s = node->index + k;
		npVec2 a, b;
		npGetChainSegment2(c, s, &a, &b);
		npSegmentPlace2 where;
		npVec2 q = closestOnSegment2(a, b, st->p, &where);
		double d = v2DistanceSq(st->p, q);
		if (d < st->best)
		{
			st->best = d;
			st->segment = s;
			st->point = q;
			st->where = where;
		}
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
		if (boxDistanceSq(node, st->p) > st->best)
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

// Which side of a loop the point lies on: +1 front, -1 back (see the outline), 0 on the chain.
static double loopSide(const npChain2* c, const nearestState* st)
{
	npVec2 d = v2Sub(st->p, st->point);
	if (d.x == 0.0 && d.y == 0.0)
		return 0.0;
	int s = st->segment, n = c->segmentCount;
	npVec2 normal = c->normals[s];
	if (st->where == NP_SEGMENT_START)
		normal = v2Add(normal, c->normals[s > 0 ? s - 1 : n - 1]);
	else if (st->where == NP_SEGMENT_END)
		normal = v2Add(normal, c->normals[s + 1 < n ? s + 1 : 0]);
	double side = v2Dot(d, normal);
	if (side == 0.0)
		side = v2Dot(d, c->normals[s]);
	return side < 0.0 ? -1.0 : 1.0;
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
	nearestState best = { p, DBL_MAX, -1, { 0.0, 0.0 }, NP_SEGMENT_INSIDE };
	int bestChain = -1;
	double bestSide = 1.0;
	for (int i = 0; i < count; ++i)
	{
		const npChainInstance2* inst = chains + i;
		allLoops = allLoops && inst->chain->loop;
		nearestState st = { npInvTransformPoint2(inst->transform, p), best.best, -1, { 0.0, 0.0 }, NP_SEGMENT_INSIDE };
		nearestInChain(&st, inst->chain);
		if (st.segment < 0)
			continue;
		best = st;
		bestChain = i;
		bestSide = inst->chain->loop ? loopSide(inst->chain, &st) : 1.0;
	}
	const npChainInstance2* inst = chains + bestChain;
	npVec2 q = npTransformPoint2(inst->transform, best.point);
	double distance = sqrt(best.best);
	npVec2 normal = npRotate2(inst->transform.q, inst->chain->normals[best.segment]);
	if (distance > 0.0)
	{
		normal = v2Normalize(v2Sub(p, q));
		if (allLoops && bestSide < 0.0)
			normal = v2Neg(normal);
	}
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
