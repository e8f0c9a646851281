// 2D chains, part 4: shape casts against chains, one-sided and without ghost hits.
//
// A cast against a chain is the earliest of the casts against its segments, each segment a
// two-vertex polygon core (npMakeChainSegmentShape2) cast by the library's own linear cast
// (npCastChecked2 in cast2d.c: the GJK ray cast of van den Bergen 2004, never later than the exact
// first contact). Around it:
//  1. Midphase: the shape's box in each chain's space, swept over a fraction interval [t0, t1],
//     goes through the chain's grid (npQueryChain2). A contact at fraction t lies in the swept box of
//     any interval holding t, so intervals taken in order can stop once the best hit so far is at
//     or before the interval's end. The first interval is the whole cast; one whose box meets more
//     than NP_CHAIN_MAX_CANDIDATES segments is halved (a long cast along a big terrain), and the
//     step grows back after each interval. Every segment's cast is limited to the best fraction so
//     far, so far segments cost one failed GJK step.
//  2. One-sided: a segment whose line has the shape's core centroid (at fraction 0) strictly behind
//     it is ignored, as in the chain contacts (chaincontacts2d.c) and ray casts.
//  3. The ghost rule (Catto's chain segments; npClassifyChainNormal2) on the hit's normal, the end
//     point touched deciding the feature (the end nearer to the hit point when the normal is not
//     the segment's): admitted normals stay; a normal a neighbour's face owns is dropped (that
//     neighbour's own cast touches at the same fraction); any other snaps to the face normal, so a
//     shape sliding across a flat or concave joint sees the face, not the joint's vertex. A snapped
//     initial contact gets the face's depth: the shape's extreme point below the segment's line.
//     An initial overlap the rule drops is kept aside, snapped to its face, in case no segment
//     reports an overlap at fraction 0 (a penetration's normal is not a closest feature's, and two
//     neighbours can drop each other's: keepSkippedOverlap).
//  4. ignoreSeparating: per segment, after the rule, a contact the translation leaves or slides
//     along (dot(translation, normal) >= 0, to the sine NP_CHAIN_FLAT_SINE) is skipped; for one segment (convex) the shape does not
//     come nearer again, and the other segments go on.
// The earliest remaining hit wins; among hits at the same fraction (initial overlaps, at fraction 0)
// the deepest penetration, then the first candidate (chains in order, segments in increasing
// order): the order breaks only exact ties, so a level cut into pieces casts as the whole does.
// Nothing allocates; every loop is bounded (intervals by NP_CHAIN_CAST_MAX_INTERVALS, candidates by
// NP_CHAIN_MAX_CANDIDATES).
#include "cast2d_private.h"
#include "chain2d_private.h"
#include "inputs.h"
#include "vec2.h"

#include <float.h>
#include <stddef.h>

npChainCastInput2 npMakeChainCastInput2(const npShape2* shape, npTransform2 transform, npVec2 translation)
{
	npChainCastInput2 in;
	in.cast = npMakeShapeCastInput2(shape, transform, translation, NULL, npMakeTransform2(0.0, 0.0, 0.0));
	in.removeGhosts = true;
	in.featureTolerance = NP_CHAIN_FEATURE_TOLERANCE;
	return in;
}

// The state of one cast.
typedef struct chainCastCall
{
	const npChainCastInput2* input;
	const npChainInstance2* chains;
	int chainCount;
	npTransform2 xf;     // the moving shape at fraction 0
	npVec2 translation;  // its motion
	npVec2 centroid;     // its core centroid at fraction 0, world space
	double best;         // fraction of the best hit so far (maxFraction plus one while none)
	npChainCastHit2* out;
	npChainCastHit2 skipped; // the deepest initial overlap the ghost rule dropped, snapped to its face
	bool hasSkipped;
} chainCastCall;

// ------------------------------------------------------------------------------------ input

static npResult checkChainCast(const npChainInstance2* chains, int count, const npChainCastInput2* in)
{
	if (in == NULL || chains == NULL || count < 1)
		return NP_ERR_INVALID_ARGUMENT;
	const npShapeCastInput2* c = &in->cast;
	npResult r = npCheckShape2(c->shape);
	if (r != NP_OK)
		return r;
	if (!npIsUsable(c->maxFraction) || !npIsUsable(c->targetDistance) || !npIsUsable(in->featureTolerance))
		return NP_ERR_NON_FINITE;
	if (c->maxFraction < 0.0 || c->targetDistance < 0.0 || in->featureTolerance < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	r = npValidateTransform2(c->transform);
	for (int i = 0; i < count && r == NP_OK; ++i)
		r = chains[i].chain == NULL ? NP_ERR_INVALID_ARGUMENT : npValidateTransform2(chains[i].transform);
	return r;
}

// ------------------------------------------------------------------------------------ one segment

// A snapped initial contact on segment a b (world, front normal n): the face's depth at the shape's
// extreme point along -n, with the segment's point under it; when that point lies beyond an end,
// the shape's depth at the end itself (over the segment the shape's lower boundary rises from its
// extreme toward the other end, as it is convex; an overlapping shape reaches over that end). The
// point was the extreme's projection on the segment's line, up to 3.2 off the segment.
static void snapInitial(const chainCastCall* call, npVec2 a, npVec2 b, npVec2 n, npCastHit2* h)
{
	const npShape2* s = call->input->cast.shape;
	npVec2 deepest = npTransformPoint2(call->xf, s->vertices[0]);
	for (int i = 1; i < s->count; ++i)
	{
		npVec2 v = npTransformPoint2(call->xf, s->vertices[i]);
		if (v2Dot(v, n) < v2Dot(deepest, n))
			deepest = v;
	}
	npVec2 onShape = v2MulAdd(deepest, -s->radius, n);
	npVec2 t = v2LeftPerp(n);
	double u = v2Dot(v2Sub(onShape, a), t), length = v2Dot(v2Sub(b, a), t);
	if (u < 0.0 || u > length)
	{
		npVec2 end = u < 0.0 ? a : b, low;
		if (!npChainLowestAbove2(s, call->xf, end, n, &low))
		{
			// Not over the end, so not overlapping the segment (a contact within the skin,
			// targetDistance): the end itself, and no penetration.
			h->pointOnShape = onShape;
			h->point = end;
			h->penetration = 0.0;
			return;
		}
		onShape = low;
	}
	double depth = v2Dot(n, v2Sub(a, onShape));
	h->pointOnShape = onShape;
	h->point = v2MulAdd(onShape, depth, n);
	h->penetration = npMax(depth, 0.0);
}

// The ghost rule on a segment's hit (world space). False when the hit is dropped.
static bool applyGhostRule(const chainCastCall* call, int chain, int segment, npCastHit2* h, npChainFeature2* feature)
{
	npChainSegment2 s;
	npResolveChainSegment2(call->chains, call->chainCount, chain, segment, call->input->featureTolerance, &s);
	npVec2 n = s.normal;
	bool face = v2Dot(h->normal, n) > 0.0 && npAbs(v2Cross(n, h->normal)) <= NP_CHAIN_FLAT_SINE;
	int vertex = -1;
	if (!face)
	{
		double u = v2Dot(v2Sub(h->point, s.a), v2Sub(s.b, s.a)) / v2LengthSq(v2Sub(s.b, s.a));
		vertex = u < 0.5 ? 0 : 1;
		double tol = 1.0e-9;
		if (u > tol && u < 1.0 - tol)
			vertex = -1;
	}
	npChainNormalRule2 rule = face ? NP_CHAIN_ADMIT : npClassifyChainNormal2(&s, vertex, h->normal);
	if (rule == NP_CHAIN_SKIP)
		return false;
	*feature = face || vertex < 0 ? NP_CHAIN_FACE : NP_CHAIN_VERTEX;
	if (face)
		h->normal = n; // the face's own normal, not the cast's estimate of it
	if (rule == NP_CHAIN_SNAP)
	{
		*feature = NP_CHAIN_FACE;
		h->normal = n;
		if (h->initialOverlap)
			snapInitial(call, s.a, s.b, n, h);
	}
	return true;
}

// An initial overlap the ghost rule dropped (its normal past a convex joint's neighbour, whose
// face owns it). Dropping assumes the neighbour reports the contact, which holds for a touching
// hit but not for a penetration: each segment's normal is then its own two-sided penetration's, and
// a box lying across a joint that turns by 0.3 degrees got (0, -1) from one segment and (0, 1) from
// the other, each past the other's face, both dropped, and the cast went through the chain
// (fuzz_chains2d). The deepest such overlap is kept, snapped to its own face (as a snapped normal
// is), and wins when no other segment reports one at fraction 0.
static void keepSkippedOverlap(chainCastCall* call, int chain, int segment, npCastHit2* h)
{
	const npChainInstance2* inst = call->chains + chain;
	npVec2 a, b;
	npChainSegmentPoints2(inst->chain, segment, &a, &b);
	npVec2 n = npRotate2(inst->transform.q, inst->chain->normals[segment]);
	h->normal = n;
	snapInitial(call, npTransformPoint2(inst->transform, a), npTransformPoint2(inst->transform, b), n, h);
	if (call->input->cast.ignoreSeparating &&
		v2Dot(call->translation, n) >= -NP_CHAIN_FLAT_SINE * v2Length(call->translation))
		return;
	if (call->hasSkipped && !(h->penetration > call->skipped.cast.penetration))
		return;
	call->hasSkipped = true;
	call->skipped.cast = *h;
	call->skipped.chain = chain;
	call->skipped.segment = segment;
	call->skipped.feature = NP_CHAIN_FACE;
}

static void castSegment(chainCastCall* call, int chain, int segment, npVec2 centroidLocal)
{
	const npChainInstance2* inst = call->chains + chain;
	const npChain2* c = inst->chain;
	npVec2 a, b;
	npChainSegmentPoints2(c, segment, &a, &b);
	npVec2 n = c->normals[segment];
	if (v2Dot(v2Sub(centroidLocal, a), n) < 0.0)
		return;

	npShape2 seg;
	npMakeChainSegmentShape2(&seg, a, b, n);
	npShapeCastInput2 in = call->input->cast;
	in.target = &seg;
	in.targetTransform = inst->transform;
	in.ignoreSeparating = false; // decided below, after the ghost rule
	in.maxFraction = npMin(in.maxFraction, call->best);
	npCastHit2 h;
	npCastChecked2(&in, call->xf, call->translation, &h);
	if (!h.hit || h.fraction > call->best)
		return;

	npChainFeature2 feature = NP_CHAIN_FACE;
	if (call->input->removeGhosts)
	{
		if (!applyGhostRule(call, chain, segment, &h, &feature))
		{
			if (h.initialOverlap)
				keepSkippedOverlap(call, chain, segment, &h);
			return;
		}
	}
	else if (!(v2Dot(h.normal, npRotate2(inst->transform.q, n)) > 0.0 &&
			   npAbs(v2Cross(npRotate2(inst->transform.q, n), h.normal)) <= NP_CHAIN_FLAT_SINE))
	{
		feature = NP_CHAIN_VERTEX;
	}
	// (A sliding contact's normal is perpendicular to the translation up to rounding: the test
	// allows the sine NP_CHAIN_FLAT_SINE, so a rounded-off face normal does not stop a slide.)
	if (call->input->cast.ignoreSeparating &&
		v2Dot(call->translation, h.normal) >= -NP_CHAIN_FLAT_SINE * v2Length(call->translation))
		return;
	if (h.fraction == call->best && !(h.penetration > call->out->cast.penetration))
		return;

	call->best = h.fraction;
	call->out->cast = h;
	call->out->chain = chain;
	call->out->segment = segment;
	call->out->feature = feature;
}

// ------------------------------------------------------------------------------------ the walk

// The swept box over [t0, t1] in chain space: the box at fraction 0 moved by t0 and t1 times d.
static void sweptBox(const npBounds2* box, npVec2 d, double t0, double t1, double grow, npVec2* lower, npVec2* upper)
{
	npVec2 d0 = v2Scale(t0, d), d1 = v2Scale(t1, d);
	lower->x = box->lower.x + npMin(d0.x, d1.x) - grow;
	lower->y = box->lower.y + npMin(d0.y, d1.y) - grow;
	upper->x = box->upper.x + npMax(d0.x, d1.x) + grow;
	upper->y = box->upper.y + npMax(d0.y, d1.y) + grow;
}

static void castChain(chainCastCall* call, int chain)
{
	const npChainInstance2* inst = call->chains + chain;
	const npShapeCastInput2* cast = &call->input->cast;
	npBounds2 box;
	if (npShapeBounds2(cast->shape, npInvMulTransforms2(inst->transform, call->xf), &box) != NP_OK)
		return;
	npVec2 d = npInvRotate2(inst->transform.q, call->translation);
	double end = cast->maxFraction;
	double size = npMax(npMax(npAbs(box.lower.x), npAbs(box.upper.x)), npMax(npAbs(box.lower.y), npAbs(box.upper.y)));
	size += end * (npAbs(d.x) + npAbs(d.y));
	double grow = cast->targetDistance + 1.0e-12 * size;
	npVec2 centroidLocal = npInvTransformPoint2(inst->transform, call->centroid);

	int32_t candidates[NP_CHAIN_MAX_CANDIDATES];
	double t0 = 0.0, step = end, minStep = end * 1.0e-9;
	for (int guard = 0; guard < NP_CHAIN_CAST_MAX_INTERVALS; ++guard)
	{
		double t1 = npMin(t0 + step, npMin(end, call->best));
		npVec2 lower, upper;
		sweptBox(&box, d, t0, t1, grow, &lower, &upper);
		int found = npQueryChain2(inst->chain, lower, upper, candidates, NP_CHAIN_MAX_CANDIDATES);
		if (found > NP_CHAIN_MAX_CANDIDATES && step > minStep)
		{
			step *= 0.5;
			continue;
		}
		if (found > NP_CHAIN_MAX_CANDIDATES)
		{
			call->out->overflow = true;
			found = NP_CHAIN_MAX_CANDIDATES;
		}
		call->out->candidates += found;
		for (int i = 0; i < found; ++i)
			castSegment(call, chain, candidates[i], centroidLocal);
		if (t1 >= npMin(end, call->best))
			return;
		t0 = t1;
		step *= 2.0;
	}
	call->out->overflow = true;
}

static void castChecked(const npChainInstance2* chains, int count, const npChainCastInput2* input, npTransform2 xf,
						npVec2 translation, npChainCastHit2* hit)
{
	*hit = (npChainCastHit2){ .chain = -1, .segment = -1 };
	chainCastCall call;
	call.input = input;
	call.chains = chains;
	call.chainCount = count;
	call.xf = xf;
	call.translation = translation;
	call.centroid = npTransformPoint2(xf, input->cast.shape->centroid);
	call.best = input->cast.maxFraction + 1.0;
	call.out = hit;
	call.hasSkipped = false;
	for (int i = 0; i < count; ++i)
		castChain(&call, i);
	if (call.hasSkipped && !(hit->cast.hit && hit->cast.fraction == 0.0))
	{
		hit->cast = call.skipped.cast;
		hit->chain = call.skipped.chain;
		hit->segment = call.skipped.segment;
		hit->feature = call.skipped.feature;
	}
}

npResult npShapeCastChains2(const npChainInstance2* chains, int count, const npChainCastInput2* input,
							npChainCastHit2* hit)
{
	if (hit == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*hit = (npChainCastHit2){ .chain = -1, .segment = -1 };
	npResult r = checkChainCast(chains, count, input);
	if (r == NP_OK && !npIsUsableVec2(input->cast.translation))
		r = NP_ERR_NON_FINITE;
	if (r != NP_OK)
		return r;
	castChecked(chains, count, input, input->cast.transform, input->cast.translation, hit);
	return NP_OK;
}

npResult npShapeCastChainsMany2(const npChainInstance2* chains, int count, const npChainCastInput2* input,
								const npChainCastMoves2* moves, npChainCastHit2* hits, int* failed)
{
	if (failed != NULL)
		*failed = -1;
	if (moves == NULL || moves->count < 0 ||
		(moves->count > 0 && (moves->positions == NULL || moves->translations == NULL || hits == NULL)))
		return NP_ERR_INVALID_ARGUMENT;
	const npVec2* positions = moves->positions;
	const npVec2* translations = moves->translations;
	int castCount = moves->count;
	npResult r = checkChainCast(chains, count, input);
	if (r != NP_OK)
		return r;
	npTransform2 xf = input->cast.transform;
	for (int i = 0; i < castCount; ++i)
	{
		if (!npIsUsableVec2(positions[i]) || !npIsUsableVec2(translations[i]))
		{
			if (failed != NULL)
				*failed = i;
			hits[i] = (npChainCastHit2){ .chain = -1, .segment = -1 };
			return NP_ERR_NON_FINITE;
		}
		xf.p = positions[i];
		castChecked(chains, count, input, xf, translations[i], &hits[i]);
	}
	return NP_OK;
}
