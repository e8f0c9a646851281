// libFuzzer harness: 2D chains: npChainBytes2 and npMakeChain2 (any points, repeats, loops, ghosts,
// too little memory), npQueryChain2, npChainContacts2 with any 2D shape against one or two
// instances (ghost rule on and off, any margin, tolerance and capacity), npRayCastChains2,
// npClosestPointChains2, npContainsPointChain2 and npChainBounds2.
// Checks: documented codes; a built chain has unit segment normals; the midphase names valid
// segments in increasing order; every contact is finite, with a unit normal, depth ==
// dot(pointA - pointB, normal), a valid chain and segment, and the count fits the capacity; a ray
// hit lies in [0, maxFraction] with a unit normal; a loop's containment agrees with the sign of its
// closest-point distance. npShapeCastChains2 (any shape, translation, maxFraction, target distance,
// ghost rule on and off, ignoreSeparating): documented codes; a hit names a valid segment, lies in
// [0, maxFraction] with finite points and a unit normal, and (not an initial overlap) the shape at
// the fraction is targetDistance from that segment. Without ignoreSeparating, and without the ghost
// rule (which may drop a hit a neighbour owns): no segment whose line has the shape's core centroid
// in front at 0 (by more than the tolerance: the one-sided rule) comes within targetDistance
// earlier, and a miss means none does on [0, maxFraction] (signed distances to each segment,
// fzSignedDistance2, minimised by fuzz.h's ternary search: convex along a line); with the rule, the
// hit is never earlier than without it, and an initial overlap without it is one with it.
#include "fuzz.h"
#include "chain2d_private.h"
#include "narrowphase/chain2d.h"

#include <stdalign.h>

#define MAX_POINTS 40

static alignas(16) unsigned char buffers[2][1 << 16];
static npChainContact2 contacts[NP_CHAIN_MAX_CONTACTS];

static npChain2* makeChain(FzIn* in, int which)
{
	npVec2 pts[MAX_POINTS];
	int count = fzInt(in, 0, MAX_POINTS);
	fzPoints2(in, pts, count);
	npChainDef2 def = npDefaultChainDef2();
	uint8_t flags = fzByte(in);
	def.loop = flags & 1;
	def.hasGhostStart = (flags >> 1) & 1;
	def.hasGhostEnd = (flags >> 2) & 1;
	if (def.hasGhostStart)
		def.ghostStart = fzVec2(in);
	if (def.hasGhostEnd)
		def.ghostEnd = fzVec2(in);
	size_t bytes = npChainBytes2(count, def.loop);
	size_t given = (flags >> 3) & 1 ? bytes / 2 : sizeof buffers[which];
	npChain2* chain = NULL;
	npResult r = npMakeChain2(pts, count, &def, buffers[which], given, &chain);
	FZ_CHECK(r == NP_OK || r == NP_ERR_INVALID_ARGUMENT || r == NP_ERR_DEGENERATE || r == NP_ERR_NON_FINITE ||
				 r == NP_ERR_TOO_MANY_POINTS || r == NP_ERR_CAPACITY,
			 "npMakeChain2 code %d", (int)r);
	if (r != NP_OK)
		return NULL;
	FZ_CHECK(bytes <= sizeof buffers[which] && chain->bytes == bytes, "bytes %zu", bytes);
	FZ_CHECK(chain->segmentCount == (def.loop ? count : count - 1), "segmentCount %d", chain->segmentCount);
	for (int s = 0; s < chain->segmentCount; ++s)
		fzCheckUnit2(chain->normals[s], "chain segment");
	return chain;
}

static void queries(FzIn* in, const npChainInstance2* inst, int count)
{
	npVec2 lo = fzVec2(in), hi = fzVec2(in);
	int32_t found[64];
	int n = npQueryChain2(inst[0].chain, lo, hi, found, 64);
	for (int i = 0; i < n && i < 64; ++i)
		FZ_CHECK(found[i] >= 0 && found[i] < inst[0].chain->segmentCount && (i == 0 || found[i] > found[i - 1]),
				 "midphase segment %d", found[i]);

	npRayInput2 ray = npMakeRayInput2(fzVec2(in), fzVec2(in));
	ray.maxFraction = fzByte(in) < 200 ? 1.0 : fzNumber(in);
	npChainRayHit2 hit;
	npResult r = npRayCastChains2(inst, count, &ray, &hit);
	FZ_CHECK(fzIsCode(r), "ray code %d", (int)r);
	if (r == NP_OK && hit.hit)
	{
		FZ_CHECK(hit.fraction >= 0.0 && hit.fraction <= ray.maxFraction, "ray fraction %.17g", hit.fraction);
		fzCheckUnit2(hit.normal, "ray hit");
	}

	npVec2 p = fzVec2(in);
	npChainProjection2 proj;
	r = npClosestPointChains2(inst, count, p, &proj);
	FZ_CHECK(fzIsCode(r), "closest code %d", (int)r);
	if (r == NP_OK)
	{
		FZ_CHECK(fzFinite2(proj.point) && isfinite(proj.distance), "closest point not finite");
		bool inside = false;
		npResult c = npContainsPointChain2(inst[0].chain, inst[0].transform, p, &inside);
		if (c == NP_OK && count == 1)
			FZ_CHECK(inside == (proj.distance <= 0.0), "containment %d vs distance %.17g", inside, proj.distance);
		FZ_CHECK(c == NP_OK || (c == NP_ERR_INVALID_ARGUMENT && !inst[0].chain->loop), "contains code %d", (int)c);
	}
	npBounds2 b;
	r = npChainBounds2(inst[0].chain, inst[0].transform, &b);
	FZ_CHECK(fzIsCode(r), "bounds code %d", (int)r);
	if (r == NP_OK)
		FZ_CHECK(b.lower.x <= b.upper.x && b.lower.y <= b.upper.y, "bounds inverted");
}

#define CAST_REL 1.0e-7
#define TERNARY_STEPS 48

typedef struct SegmentCast
{
	const npShapeCastInput2* cast;
	npShape2 segment; // world space
} SegmentCast;

static double segmentDistanceAt(const void* ctx, double t)
{
	const SegmentCast* c = ctx;
	npTransform2 xf = c->cast->transform, id = npMakeTransform2(0.0, 0.0, 0.0);
	xf.p.x += t * c->cast->translation.x;
	xf.p.y += t * c->cast->translation.y;
	return fzSignedDistance2(c->cast->shape, xf, &c->segment, id);
}

// Segment s of an instance as a two-vertex core in world space, and how far the point p lies in
// front of its line.
static void worldSegment(const npChainInstance2* inst, int s, npVec2 p, npShape2* out, double* front)
{
	npVec2 a, b;
	npChainSegmentPoints2(inst->chain, s, &a, &b);
	npTransform2 t = inst->transform;
	npVec2 wa = { t.p.x + (t.q.c * a.x - t.q.s * a.y), t.p.y + (t.q.s * a.x + t.q.c * a.y) };
	npVec2 wb = { t.p.x + (t.q.c * b.x - t.q.s * b.y), t.p.y + (t.q.s * b.x + t.q.c * b.y) };
	npVec2 n = inst->chain->normals[s];
	npVec2 wn = { t.q.c * n.x - t.q.s * n.y, t.q.s * n.x + t.q.c * n.y };
	npMakeChainSegmentShape2(out, wa, wb, wn);
	*front = (p.x - wa.x) * wn.x + (p.y - wa.y) * wn.y;
}

static void chainCast(FzIn* in, const npChainInstance2* inst, int count)
{
	npShape2 shape;
	if (fzShape2(in, &shape) != NP_OK)
		return;
	npTransform2 xf = fzTransform2(in);
	fzAddSlack2(xf);
	npChainCastInput2 input = npMakeChainCastInput2(&shape, xf, fzVec2(in));
	input.cast.maxFraction = fzByte(in) < 200 ? 1.0 : fzNumber(in);
	int marginOk = 0;
	input.cast.targetDistance = fzMargin(in, &marginOk);
	uint8_t flags = fzByte(in);
	input.cast.ignoreSeparating = flags & 1;
	input.removeGhosts = !((flags >> 1) & 1);
	npChainCastHit2 hit;
	npResult r = npShapeCastChains2(inst, count, &input, &hit);
	FZ_CHECK(fzIsCode(r), "chain cast code %d", (int)r);
	if (r != NP_OK || hit.overflow)
		return;
	const npCastHit2* h = &hit.cast;
	if (h->hit)
	{
		FZ_CHECK(hit.chain >= 0 && hit.chain < count && hit.segment >= 0 && hit.segment < inst[hit.chain].chain->segmentCount,
				 "chain cast hit chain %d segment %d", hit.chain, hit.segment);
		FZ_CHECK(isfinite(h->fraction) && h->fraction >= 0.0 && h->fraction <= input.cast.maxFraction && fzFinite2(h->point) &&
					 fzFinite2(h->pointOnShape) && fzFinite2(h->normal),
				 "chain cast hit at %.17g not finite or out of range", h->fraction);
		if (!h->initialOverlap)
			fzCheckUnit2(h->normal, "chain cast normal");
	}

	// Moderate inputs only for the distance checks (the ternary search poses the shape anywhere on
	// its way), and a scale for the tolerance: the shape, its way, the chains and their placements.
	double len = hypot(input.cast.translation.x, input.cast.translation.y) * fzMax(input.cast.maxFraction, 1.0);
	double scale = fzShapeScale2(&shape) + fzAbs2(xf.p) + len + input.cast.targetDistance;
	for (int i = 0; i < count; ++i)
		scale = fzMax(scale, fzAbs2(inst[i].transform.p) + fzMax(fzAbs2(inst[i].chain->lower), fzAbs2(inst[i].chain->upper)));
	if (!marginOk || !(scale < 1e6) || !(input.cast.maxFraction <= 1e3) || fzSlack > 0.0)
		return;
	double tol = CAST_REL * fzMax(scale, 1.0) + FZ_ABS;
	double target = input.cast.targetDistance;
	SegmentCast sc = { &input.cast, { 0 } };
	double front;
	if (h->hit && !h->initialOverlap)
	{
		worldSegment(&inst[hit.chain], hit.segment, xf.p, &sc.segment, &front);
		double d = segmentDistanceAt(&sc, h->fraction);
		FZ_CHECK(fabs(d - target) <= tol, "chain cast hit on segment %d at %.17g: the shape is %.17g from it, want %.17g",
				 hit.segment, h->fraction, d, target);
	}
	if (h->hit && h->initialOverlap)
	{
		// The point lies on the hit segment (a snapped overlap paired the shape's extreme with its
		// projection on the segment's line, 3.2 off the segment: test_chaincast2d.c).
		worldSegment(&inst[hit.chain], hit.segment, xf.p, &sc.segment, &front);
		npVec2 a = sc.segment.vertices[0], b = sc.segment.vertices[1], p = h->point;
		double dx = b.x - a.x, dy = b.y - a.y, den = dx * dx + dy * dy;
		double u = den > 0.0 ? fmin(1.0, fmax(0.0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / den)) : 0.0;
		double off = hypot(p.x - (a.x + u * dx), p.y - (a.y + u * dy));
		FZ_CHECK(off <= tol, "chain cast: an initial overlap's point %.17g off segment %d", off, hit.segment);
	}
	if (input.cast.ignoreSeparating)
		return;

	// The ghost rule drops hits whose normal a neighbour's face owns (the neighbour, a ghost vertex
	// or a segment of another chain, reports it), so the brute-force checks below are made on the
	// cast without it; with it, a hit is never earlier, and an initial overlap stays one.
	npChainCastHit2 plain = hit;
	if (input.removeGhosts)
	{
		npChainCastInput2 without = input;
		without.removeGhosts = false;
		FZ_CHECK(npShapeCastChains2(inst, count, &without, &plain) == NP_OK, "chain cast without the ghost rule failed");
		if (plain.overflow)
			return;
		const npCastHit2* p = &plain.cast;
		FZ_CHECK(!p->hit || !p->initialOverlap || (h->hit && h->initialOverlap),
				 "chain cast: an initial overlap with segment %d of chain %d, but with the ghost rule %s at %.17g", plain.segment,
				 plain.chain, h->hit ? "a hit" : "a miss", h->fraction);
		FZ_CHECK(!h->hit || (p->hit && h->fraction >= p->fraction - tol), "chain cast: with the ghost rule a hit at %.17g, without it %s at %.17g",
				 h->fraction, p->hit ? "a hit" : "a miss", p->fraction);
	}

	// No front-facing segment is reached before the hit without the rule (a miss: anywhere on the way).
	const npCastHit2* p = &plain.cast;
	double end = p->hit ? p->fraction : input.cast.maxFraction;
	npVec2 centroid = { xf.p.x + (xf.q.c * shape.centroid.x - xf.q.s * shape.centroid.y),
						xf.p.y + (xf.q.s * shape.centroid.x + xf.q.c * shape.centroid.y) };
	for (int i = 0; i < count; ++i)
		for (int s = 0; s < inst[i].chain->segmentCount; ++s)
		{
			worldSegment(&inst[i], s, centroid, &sc.segment, &front);
			if (!(front > tol))
				continue;
			double least = fzConvexMin(segmentDistanceAt, &sc, 0.0, end, TERNARY_STEPS);
			FZ_CHECK(least >= target - tol || (p->hit && p->initialOverlap),
					 "chain cast %s at %.17g, but segment %d of chain %d comes %.17g near (target %.17g) before", p->hit ? "hit" : "miss",
					 end, s, i, least, target);
		}
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npChainInstance2 inst[2];
	int count = 0;
	// Rotations within 2e-6 of unit length are accepted and used as given (fzSlack): the chains'
	// and the shape's transforms widen the unit and depth checks by their deviation.
	fzSlack = 0.0;
	for (int k = 0; k < 1 + (fzByte(&in) & 1); ++k)
	{
		npChain2* c = makeChain(&in, k);
		if (c == NULL)
			continue;
		inst[count].chain = c;
		inst[count].transform = fzByte(&in) < 128 ? npMakeTransform2(0, 0, 0) : fzTransform2(&in);
		fzAddSlack2(inst[count].transform);
		count += 1;
	}
	if (count == 0)
		return 0;

	npShape2 shape;
	if (fzShape2(&in, &shape) == NP_OK)
	{
		npTransform2 xf = fzTransform2(&in);
		fzAddSlack2(xf);
		int marginOk = 0;
		npChainQuery2 q = npDefaultChainQuery2();
		q.margin = fzMargin(&in, &marginOk);
		q.removeGhosts = fzByte(&in) < 200;
		q.featureTolerance = fzByte(&in) < 200 ? NP_CHAIN_FEATURE_TOLERANCE : fzNumber(&in);
		int capacity = fzByte(&in) < 200 ? NP_CHAIN_MAX_CONTACTS : fzInt(&in, 0, 8);
		npChainContactsOutput2 found = { contacts, capacity, -1 };
		npResult r = npChainContacts2(&shape, xf, inst, count, &q, &found);
		int n = found.count;
		FZ_CHECK(fzIsCode(r), "contacts code %d", (int)r);
		FZ_CHECK(n >= 0 && n <= capacity, "count %d of capacity %d", n, capacity);
		double scale = fzShapeScale2(&shape) + fzAbs2(xf.p);
		for (int i = 0; i < n; ++i)
		{
			const npChainContact2* c = contacts + i;
			FZ_CHECK(fzFinite2(c->pointA) && fzFinite2(c->pointB) && isfinite(c->depth), "contact %d not finite", i);
			fzCheckUnit2(c->normal, "chain contact");
			FZ_CHECK(c->chain >= 0 && c->chain < count && c->segment >= 0 &&
						 c->segment < inst[c->chain].chain->segmentCount,
					 "contact chain %d segment %d", c->chain, c->segment);
			// The chain's placement counts as the shape's does: its points in world space carry the
			// rounding of its translation and extent (a chain moved by -1e12 onto points near 1e12).
			const npChain2* ch = inst[c->chain].chain;
			double chainScale = fzAbs2(inst[c->chain].transform.p) + fzMax(fzAbs2(ch->lower), fzAbs2(ch->upper));
			fzCheckDepth2(c->pointA, c->pointB, c->normal, c->depth, scale + chainScale, "chain contact");
			// No deeper than the shape and its segment overlap along the normal (brute force: the
			// shape's vertices, the segment's end points placed by the chain's transform).
			npVec2 ends[2];
			npGetChainSegment2(ch, c->segment, ends, ends + 1);
			npTransform2 t = inst[c->chain].transform;
			double low = INFINITY;
			for (int k = 0; k < 2; ++k)
			{
				double x = t.p.x + (t.q.c * ends[k].x - t.q.s * ends[k].y), y = t.p.y + (t.q.s * ends[k].x + t.q.c * ends[k].y);
				low = fmin(low, c->normal.x * x + c->normal.y * y);
			}
			double overlap = bruteSupport2(&shape, xf, c->normal) - low;
			// pointA within the shape, pointB on the segment.
			double pointTol = 1.0e-5 * fzMax(scale + chainScale, 1.0) + FZ_ABS + fzSlack * (scale + chainScale);
			double ax = t.p.x + (t.q.c * ends[0].x - t.q.s * ends[0].y), ay = t.p.y + (t.q.s * ends[0].x + t.q.c * ends[0].y);
			double bx = t.p.x + (t.q.c * ends[1].x - t.q.s * ends[1].y), by = t.p.y + (t.q.s * ends[1].x + t.q.c * ends[1].y);
			double dx = bx - ax, dy = by - ay, den = dx * dx + dy * dy;
			double u = den > 0.0 ? fmin(1.0, fmax(0.0, ((c->pointB.x - ax) * dx + (c->pointB.y - ay) * dy) / den)) : 0.0;
			double off = hypot(c->pointB.x - (ax + u * dx), c->pointB.y - (ay + u * dy));
			FZ_CHECK(bruteWithin2(&shape, xf, c->pointA, pointTol) && off <= pointTol,
					 "chain contact on segment %d: pointA within the shape %d, pointB %.17g off the segment", c->segment,
					 bruteWithin2(&shape, xf, c->pointA, pointTol), off);
			FZ_CHECK(c->depth <= overlap + FZ_REL * fzMax(scale + chainScale, 1.0) + FZ_ABS + fzSlack * (scale + chainScale),
					 "chain contact depth %.17g, but the shape and segment %d overlap by %.17g along its normal", c->depth, c->segment, overlap);
			// Only a segment the shape comes within the margin of gives contacts (brute force).
			double gap = bruteSegmentGap2(&shape, xf, (npVec2){ ax, ay }, (npVec2){ bx, by });
			FZ_CHECK(gap <= q.margin + pointTol, "chain contact on segment %d, which is %.17g from the shape (margin %.17g)",
					 c->segment, gap, q.margin);
		}
	}
	queries(&in, inst, count);
	chainCast(&in, inst, count);
	return 0;
}
