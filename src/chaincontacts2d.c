// 2D chains, part 2: contacts between a convex shape and chains, without ghost collisions.
//
// The problem (Catto, "Ghost collisions", Box2D blog 2020; Terdiman, "Contact generation for
// meshes"): a shape sliding over a ground made of many segments meets each segment on its own, and
// near a joint a segment's closest feature is its end point, whose contact normal leans toward the
// joint. The shape then catches on a flat floor. The cure used here is Box2D's chain segment
// (ghost vertices, b2CollideChainSegmentAndPolygon in v3): the chain's neighbours decide which
// normals may occur at a feature, so every normal lies in the chain's normal cone there.
//
// Per call: the shape's box (in each chain's space, grown by the margin) goes through the chain's
// BVH (npQueryChain2); each candidate segment is then handled on its own:
//  1. One-sided: a segment whose line has the shape's core centroid strictly behind it gives nothing.
//  2. With the rule on, a segment whose ends are both flat or concave joints gives its face contact
//     directly (step 3 would snap every other normal to it, see there). Otherwise:
//     the ordinary manifold: the segment is a two-vertex polygon core (its two "edges" are the
//     segment walked both ways, as a capsule's core is), collided with the shape by the library's
//     manifold code (npCollide2's routines: separating axes, clipping, closest features, circles'
//     closed forms). Its ids say which segment feature each point touches.
//  3. The ghost rule (npClassifyChainNormal2), on the chain-side normal -normal:
//     - the segment's own normal: a face contact, kept;
//     - a single point on an end point of the segment (a vertex contact): kept when the joint is
//       convex (or a free end) and the normal lies strictly between the two face normals; dropped
//       when it lies past the neighbour's normal (the neighbour's face contact covers it; when that
//       neighbour reports nothing, the dropped segment's face contact is given after all:
//       keepSkipped); snapped otherwise (a flat or concave joint has no normals of its own);
//     - anything else (a shape face leaning on the segment's inside, a deep overlap resolved
//       through the segment's back) snaps.
//     Snapping replaces the manifold by the segment's face contact: the shape's incident edge
//     clipped to the segment's side planes (the manifold code's own clipping), so its points lie
//     over the segment and its depth is the shape's exact penetration below the segment's line
//     there. The snapped contact is empty when the shape does not reach over the segment.
//  4. A vertex contact shared by two segments (both see the same convex corner) is reported once.
// With removeGhosts off, step 3 is skipped: the per-segment manifolds, for teaching and tests.
// Every loop is bounded: candidates by NP_CHAIN_MAX_CANDIDATES, points by the output capacity.
#include "chain2d_private.h"
#include "bounds2d.h"
#include "codesize.h"
#include "inputs.h"
#include "manifold2d_private.h"

#include <stddef.h>

npChainQuery2 npDefaultChainQuery2(void)
{
	return (npChainQuery2){ 0.0, true, NP_CHAIN_FEATURE_TOLERANCE };
}

// Most vertex contacts remembered for de-duplication in one call.
#define MAX_VERTEX_KEYS 64
// Most dropped manifolds remembered in one call (see keepSkipped).
#define MAX_SKIPPED 32

// A manifold the ghost rule dropped because a neighbouring segment's face owns its normal.
typedef struct skippedSegment
{
	int chain, segment;           // the segment dropped
	int ownerChain, ownerSegment; // the neighbour expected to report the contact
} skippedSegment;

// Most segments remembered for the last-resort contact in one call (see keepDeepestPoint); beyond
// it the shallowest bound is forgotten.
#define MAX_DEEPEST 16

// A segment whose face clip was left empty: its last-resort contact is made only when needed.
typedef struct deepestCandidate
{
	int chain, segment;
	double bound;  // depth of the shape's deepest point below the segment's line (at least the contact's)
	bool reaches;  // the segment's manifold was found
} deepestCandidate;

// The state of one call.
typedef struct chainContactCall
{
	const npShape2* shape;
	npTransform2 xf;
	const npChainInstance2* chains;
	int chainCount;
	npChainQuery2 query;
	npVec2 centroid; // the shape's core centroid, world space
	npTransform2 chainInShape; // the current chain's space to the shape's frame (inv(xf) * chain transform)
	npChainContact2* out;
	int capacity, count;
	npChainContactsInfo2 info;
	int keyCount;
	int keys[MAX_VERTEX_KEYS][2]; // (chain, point index) of the vertex contacts written
	int skippedCount;
	skippedSegment skipped[MAX_SKIPPED];
	int deepestCount;
	deepestCandidate deepest[MAX_DEEPEST]; // see keepDeepestPoint
} chainContactCall;

// ------------------------------------------------------------------------------------ input

static bool isValidShape2(const npShape2* s)
{
	static const int minCount[4] = { 1, 2, 4, 3 };
	static const int maxCount[4] = { 1, 2, 4, NP_MAX_POLYGON_VERTICES };
	if (s == NULL || (unsigned)s->type > 3u)
		return false;
	return s->count >= minCount[s->type] && s->count <= maxCount[s->type] && s->radius >= 0.0 &&
		   npIsUsable(s->radius);
}

static npResult checkInput(const npShape2* shape, npTransform2 xf, const npChainInstance2* chains, int chainCount,
						   const npChainQuery2* q, const npChainContact2* contacts, int capacity)
{
	if (!isValidShape2(shape) || chainCount < 0 || (chainCount > 0 && chains == NULL) || capacity < 0 ||
		(capacity > 0 && contacts == NULL) || q == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsable(q->margin) || !npIsUsable(q->featureTolerance))
		return NP_ERR_NON_FINITE;
	if (q->margin < 0.0 || q->featureTolerance < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npValidateTransform2(xf);
	if (r != NP_OK)
		return r;
	for (int i = 0; i < chainCount; ++i)
	{
		if (chains[i].chain == NULL)
			return NP_ERR_INVALID_ARGUMENT;
		r = npValidateTransform2(chains[i].transform);
		if (r != NP_OK)
			return r;
	}
	return NP_OK;
}

// ------------------------------------------------------------------------------------ output

static void emit(chainContactCall* call, const npManifold2* m, int k, int chain, int segment, npChainFeature2 feature)
{
	if (call->count >= call->capacity)
	{
		call->info.overflow = true;
		return;
	}
	const npManifoldPoint2* p = m->points + k;
	call->out[call->count++] = (npChainContact2){ p->pointA, p->pointB, m->normal, p->depth, chain, segment, feature,
												  p->id };
}

static void emitAll(chainContactCall* call, const npManifold2* m, int chain, int segment, npChainFeature2 feature)
{
	for (int k = 0; k < m->pointCount; ++k)
		emit(call, m, k, chain, segment, feature);
}

// The segment feature (bits 8..15 index, bit 17 edge) of a manifold point, as manifold2d_private.h
// lays out the ids: the end point touched by every point (0 = a, 1 = b), or -1.
static int touchedVertex(const npManifold2* m)
{
	int vertex = -1;
	for (int k = 0; k < m->pointCount; ++k)
	{
		uint32_t id = m->points[k].id;
		if ((id >> 17) & 1u)
			return -1;
		int v = (int)((id >> 8) & 0xffu);
		if (vertex >= 0 && v != vertex)
			return -1;
		vertex = v;
	}
	return vertex;
}

// True the first time a vertex contact at this chain vertex is seen in the call. The key is the
// segment before the vertex (chain, index + 1), the same from both segments meeting there.
static bool firstAtVertex(chainContactCall* call, const npChainSegment2* seg, int chain, int segment, int vertex)
{
	int keyChain = chain, keyIndex = segment + vertex;
	if (vertex == 0 && seg->prevChain >= 0)
	{
		keyChain = seg->prevChain;
		keyIndex = seg->prevSegment + 1;
	}
	for (int i = 0; i < call->keyCount; ++i)
	{
		if (call->keys[i][0] == keyChain && call->keys[i][1] == keyIndex)
			return false;
	}
	if (call->keyCount < MAX_VERTEX_KEYS)
	{
		call->keys[call->keyCount][0] = keyChain;
		call->keys[call->keyCount][1] = keyIndex;
		call->keyCount += 1;
	}
	return true;
}

// ------------------------------------------------------------------------------------ one segment

// A segment whose manifold was never computed (a flat or concave segment, collideSegment) must not
// give a contact to a shape that only passes under it (a capsule sunk steeply through a valley's
// slope, its end under the next segment: the clip finds that end below the line, yet the capsule
// meets the line beyond the segment): a segment reports nothing to a shape its own manifold would
// not touch, as with the rule off. Usually proved at once: the shape holds its core centroid, in
// front of the line, and a point below it over the segment, so it holds the point where the line
// between them crosses the segment's line; within the segment, they meet (at once when the centroid
// too is over the segment). Otherwise the segment's manifold decides (rare: a deep overlap with the
// centroid beyond the segment's end). The segment's frame, in the shape's frame:
typedef struct segmentFrame
{
	npVec2 a, t, n; // start, direction along it (unit), front normal
	double length;
	double uc, hc;  // the shape's core centroid along t and along n from a
} segmentFrame;

static segmentFrame makeSegmentFrame(const npShape2* shape, npVec2 va, npVec2 vb, npVec2 nb)
{
	segmentFrame f;
	f.a = va;
	f.n = nb;
	f.t = v2LeftPerp(nb);
	f.length = v2Dot(v2Sub(vb, va), f.t);
	npVec2 c = v2Sub(shape->centroid, va);
	f.uc = v2Dot(c, f.t);
	f.hc = v2Dot(c, nb);
	return f;
}

// True when the shape, holding `below` (depth > 0 under the line, over the segment), surely meets
// the segment.
static bool meetsThrough(const segmentFrame* f, npVec2 below, double depth)
{
	if (f->uc >= 0.0 && f->uc <= f->length)
		return true;
	double ub = v2Dot(v2Sub(below, f->a), f->t);
	double u = f->uc + (ub - f->uc) * (f->hc / (f->hc + depth));
	return u >= 0.0 && u <= f->length;
}

// One end of a sharp shape's incident edge, at (uk, hk) in the segment's frame (vertex wk), clipped
// to 0 <= u <= length as npClipToFace2 clips it (the same expressions): an end beyond a side plane
// moves to where the edge crosses it (the segment's end point against the shape's edge).
typedef struct sharpEnd
{
	double u, h;
	uint32_t id;
} sharpEnd;

static inline sharpEnd clipSharpEnd(const faceClip* c, double uk, double hk, int wk)
{
	if (uk < 0.0 || uk > c->length)
	{
		double side = uk < 0.0 ? 0.0 : c->length;
		double lambda = (side - c->u0) / (c->u1 - c->u0);
		return (sharpEnd){ side, c->h0 + lambda * (c->h1 - c->h0),
						   makeId(NP_FEATURE_EDGE, c->incident, NP_FEATURE_VERTEX, uk < 0.0 ? c->edge : c->edgeEnd) };
	}
	return (sharpEnd){ uk, hk, makeId(NP_FEATURE_VERTEX, wk, NP_FEATURE_EDGE, c->edge) };
}

// One face point of a sharp shape written straight to the output: addFacePoint's expressions for a
// reference face of radius 0 (the segment, shape B) and an incident core of radius 0, then emit's
// record, without the manifold in between (the same numbers, one copy less per point).
static inline void emitSharpPoint(chainContactCall* call, const faceFrame* f, npVec2 normal, sharpEnd e, int chain,
								  int segment)
{
	npVec2 onFace = v2MulAdd(f->v1, e.u, f->t);
	npVec2 onRef = v2MulAdd(onFace, 0.0, f->n);
	double depth = 0.0 - e.h;
	npVec2 onInc = v2MulAdd(onRef, -depth, f->n);
	if (!(depth >= -call->query.margin))
		return;
	if (call->count >= call->capacity)
	{
		call->info.overflow = true;
		return;
	}
	call->out[call->count++] = (npChainContact2){ npTransformPoint2(call->xf, onInc), npTransformPoint2(call->xf, onRef),
												  normal, depth, chain, segment, NP_CHAIN_FACE, e.id };
}

// The face contact of a sharp shape (radius 0: boxes, polygons), emitted: npClipToFace2's clip with
// the segment (edge 0 of a two-vertex core, radius 0) as the reference face, written for that case
// (the generic routine picks its cores, radii and ids at run time; this is half its work). The
// points, depths and ids are the same numbers: the same expressions in the same order.
// True when it shows that the shape meets the segment (faceContact).
static bool sharpFaceContact(chainContactCall* call, npVec2 va, npVec2 vb, npVec2 nb, int incident, int chain,
							 int segment)
{
	const npShape2* shape = call->shape;
	int incidentEnd = nextIndex(incident, shape->count);
	faceFrame f;
	f.v1 = va;
	f.n = nb;
	f.t = v2LeftPerp(nb);
	double length = v2Dot(v2Sub(vb, va), f.t);
	npVec2 d0 = v2Sub(shape->vertices[incident], va), d1 = v2Sub(shape->vertices[incidentEnd], va);
	double u0 = v2Dot(d0, f.t), u1 = v2Dot(d1, f.t);
	double h0 = v2Dot(f.n, d0), h1 = v2Dot(f.n, d1);
	if ((u0 < 0.0 && u1 < 0.0) || (u0 > length && u1 > length))
		return false;

	npVec2 normal = npRotate2(call->xf.q, v2Neg(nb));
	faceClip clip = { u0, h0, u1, h1, length, 0, 1, incident };
	sharpEnd e0 = clipSharpEnd(&clip, u0, h0, incident), e1 = clipSharpEnd(&clip, u1, h1, incidentEnd);
	emitSharpPoint(call, &f, normal, e0, chain, segment);
	// An incident edge touching the segment's range in a single point gives it once.
	if (!(e1.u == e0.u && e1.h == e0.h))
		emitSharpPoint(call, &f, normal, e1, chain, segment);

	// Does the shape meet the segment? Surely when an end of the clipped edge is at or above the
	// line (the edge crosses it over the segment, or its points are within the margin), else
	// meetsThrough's argument from the centroid through each end.
	if (npMax(e0.h, e1.h) >= 0.0)
		return true;
	npVec2 c = v2Sub(shape->centroid, va);
	segmentFrame sf = { va, f.t, nb, length, v2Dot(c, f.t), v2Dot(c, nb) };
	return meetsThrough(&sf, v2MulAdd(va, e0.u, f.t), -e0.h) || meetsThrough(&sf, v2MulAdd(va, e1.u, f.t), -e1.h);
}

static bool clippedFaceContact(chainContactCall* call, npVec2 a, npVec2 b, npVec2 n, int chain, int segment);

// The exact answer: the segment's own manifold with the call's margin.
NP_COLD __attribute__((noinline)) static bool segmentManifoldTouches(const chainContactCall* call, int chain,
																	 int segment)
{
	const npChainInstance2* inst = call->chains + chain;
	npVec2 a, b;
	npChainSegmentPoints2(inst->chain, segment, &a, &b);
	npShape2 seg;
	npMakeChainSegmentShape2(&seg, a, b, inst->chain->normals[segment]);
	npManifold2 m;
	npCollideUnchecked2(&m, call->shape, &call->xf, &seg, &inst->transform, call->query.margin);
	return m.pointCount > 0;
}

bool npChainLowestAbove2(const npShape2* shape, npTransform2 xf, npVec2 p, npVec2 up, npVec2* out)
{
	double reach = shape->radius;
	for (int i = 0; i < shape->count; ++i)
		reach = npMax(reach, v2Length(shape->vertices[i]) + shape->radius);
	double below = v2Length(v2Sub(p, xf.p)) + reach + 1.0;
	npRayInput2 ray = { v2MulAdd(p, -below, up), v2Scale(2.0 * below, up), 1.0, true };
	npRayHit2 hit;
	if (npRayCast2(shape, xf, &ray, &hit) != NP_OK || !hit.hit)
		return false;
	*out = hit.point;
	return true;
}

// The shape's core vertex deepest along -nb (the shape's frame).
static int deepestVertex(const npShape2* shape, npVec2 nb)
{
	int k = 0;
	double low = v2Dot(nb, shape->vertices[0]);
	for (int i = 1; i < shape->count; ++i)
	{
		double h = v2Dot(nb, shape->vertices[i]);
		if (h < low)
		{
			low = h;
			k = i;
		}
	}
	return k;
}

// A face contact the clip left empty although the shape overlaps the segment's line (the incident
// edge, the one facing the segment most, lies beyond its ends while a vertex dips below it: a
// tilted box sunk into a valley, each side's incident edge over the other side, got no contact
// from either). Such segments are remembered with the depth of the shape's deepest point below
// their line (a bound on the contact's depth), and only if the call ends with no contact at all is
// the contact made (emitDeepestPoint): most of them belong to calls that have contacts. `reaches`:
// the segment's manifold was found.
static void keepDeepestPoint(chainContactCall* call, npVec2 va, npVec2 nb, int chain, int segment, bool reaches)
{
	const npShape2* shape = call->shape;
	npVec2 onShape = v2MulAdd(shape->vertices[deepestVertex(shape, nb)], -shape->radius, nb);
	double bound = v2Dot(nb, v2Sub(va, onShape));
	if (!(bound > 0.0))
		return;
	int slot = call->deepestCount;
	if (slot == MAX_DEEPEST)
	{
		slot = 0;
		for (int i = 1; i < MAX_DEEPEST; ++i)
			slot = call->deepest[i].bound < call->deepest[slot].bound ? i : slot;
		if (!(bound > call->deepest[slot].bound))
			return;
	}
	else
		call->deepestCount += 1;
	call->deepest[slot] = (deepestCandidate){ chain, segment, bound, reaches };
}

// The last-resort contact of a remembered segment: the shape's deepest point along -n, with the
// segment's point under it; beyond an end, the shape's depth at the end itself (over the segment
// the shape's lower boundary rises from its deepest point toward the other end, as it is convex),
// unless the chain goes on there into a ghost vertex's segment, which lies outside the query and
// reports it (as the ghost rule assumes). False when there is none.
NP_COLD __attribute__((noinline)) static bool deepestPointContact(const chainContactCall* call, const deepestCandidate* d,
																  npChainContact2* out)
{
	const npShape2* shape = call->shape;
	const npChainInstance2* inst = call->chains + d->chain;
	npVec2 a, b;
	npChainSegmentPoints2(inst->chain, d->segment, &a, &b);
	npTransform2 rel = npInvMulTransforms2(call->xf, inst->transform);
	npVec2 va = npTransformPoint2(rel, a), vb = npTransformPoint2(rel, b);
	npVec2 nb = npRotate2(rel.q, inst->chain->normals[d->segment]);
	int k = deepestVertex(shape, nb);
	npVec2 onShape = v2MulAdd(shape->vertices[k], -shape->radius, nb);
	double depth = v2Dot(nb, v2Sub(va, onShape));
	segmentFrame f = makeSegmentFrame(shape, va, vb, nb);
	double u = v2Dot(v2Sub(onShape, va), f.t);
	if (u < 0.0 || u > f.length)
	{
		npChainSegment2 seg;
		npResolveChainSegment2(call->chains, call->chainCount, d->chain, d->segment, call->query.featureTolerance, &seg);
		bool ghost = u < 0.0 ? seg.hasPrev && seg.prevChain < 0 : seg.hasNext && seg.nextChain < 0;
		u = u < 0.0 ? 0.0 : f.length;
		if (ghost || !npChainLowestAbove2(shape, npMakeTransform2(0.0, 0.0, 0.0), v2MulAdd(va, u, f.t), nb, &onShape))
			return false;
		depth = v2Dot(nb, v2Sub(va, onShape));
		if (!(depth > 0.0))
			return false;
	}
	if (!d->reaches && !meetsThrough(&f, onShape, depth) && !segmentManifoldTouches(call, d->chain, d->segment))
		return false;
	npVec2 onSegment = v2MulAdd(va, u, f.t);
	*out = (npChainContact2){ npTransformPoint2(call->xf, onShape), npTransformPoint2(call->xf, onSegment),
							  npRotate2(call->xf.q, v2Neg(nb)), depth, d->chain, d->segment, NP_CHAIN_FACE,
							  makeId(NP_FEATURE_VERTEX, k, NP_FEATURE_EDGE, 0) };
	return true;
}

// A call that found no contact reports the deepest of its remembered segments' contacts, trying
// them by their bounds, deepest first, until no bound can beat the deepest found.
NP_COLD __attribute__((noinline)) static void emitDeepestPoint(chainContactCall* call)
{
	bool tried[MAX_DEEPEST] = { false };
	bool found = false;
	npChainContact2 best = { 0 };
	for (int round = 0; round < call->deepestCount; ++round)
	{
		int pick = -1;
		for (int i = 0; i < call->deepestCount; ++i)
			if (!tried[i] && (pick < 0 || call->deepest[i].bound > call->deepest[pick].bound))
				pick = i;
		if (found && !(call->deepest[pick].bound > best.depth))
			break;
		tried[pick] = true;
		npChainContact2 c;
		if (deepestPointContact(call, call->deepest + pick, &c) && (!found || c.depth > best.depth))
		{
			best = c;
			found = true;
		}
	}
	if (found)
		call->out[call->count++] = best;
}

// The segment's face contact (the ghost rule's snap), emitted: the shape's incident edge clipped to
// the segment's side planes, with the segment's front as the reference face, in the shape's frame
// (when that clip leaves nothing: keepDeepestPoint). `reaches`: the segment's manifold was found
// (the shape comes within the margin); else the points are kept only when the clip shows that the
// shape meets the segment (an end at or above the line, or meetsThrough), or its manifold says so.
static void faceContact(chainContactCall* call, npVec2 a, npVec2 b, npVec2 n, int chain, int segment, bool reaches)
{
	int before = call->count;
	bool meets = clippedFaceContact(call, a, b, n, chain, segment);
	if (call->count == before)
	{
		npTransform2 rel = call->chainInShape;
		if (!call->info.overflow)
			keepDeepestPoint(call, npTransformPoint2(rel, a), npRotate2(rel.q, n), chain, segment, reaches);
		return;
	}
	if (!reaches && !meets && !segmentManifoldTouches(call, chain, segment))
		call->count = before;
}

// Emits the face contact; true when it shows that the shape meets the segment (sharpFaceContact).
static bool clippedFaceContact(chainContactCall* call, npVec2 a, npVec2 b, npVec2 n, int chain, int segment)
{
	const npShape2* shape = call->shape;
	npTransform2 rel = call->chainInShape;
	npVec2 vertices[2] = { npTransformPoint2(rel, a), npTransformPoint2(rel, b) };
	npVec2 nb = npRotate2(rel.q, n);
	localCore core = { shape->vertices, shape->normals, shape->count, shape->radius };
	int incident = findIncidentEdge(&core, nb);
	if (shape->radius == 0.0)
		return sharpFaceContact(call, vertices[0], vertices[1], nb, incident, chain, segment);
	npVec2 normals[2] = { nb, v2Neg(nb) };
	corePair pair;
	pair.cores[0] = core;
	pair.cores[1] = (localCore){ vertices, normals, 2, 0.0 };
	pair.radius = shape->radius;
	pair.margin = call->query.margin;
	pair.xfA = &call->xf;
	npManifold2 m;
	m.pointCount = 0;
	if (!npClipToFace2(&m, &pair, 1, 0, incident))
		m.pointCount = 0;
	emitAll(call, &m, chain, segment, NP_CHAIN_FACE);

	// Does the shape meet the segment? As sharpFaceContact decides, from the points (on the rounded
	// surface) instead of the clipped core edge.
	segmentFrame sf = makeSegmentFrame(shape, vertices[0], vertices[1], nb);
	for (int k = 0; k < m.pointCount; ++k)
	{
		double depth = m.points[k].depth;
		if (!(depth > 0.0) || meetsThrough(&sf, npInvTransformPoint2(call->xf, m.points[k].pointA), depth))
			return true;
	}
	return false;
}

// `item` is the grid's (segment << NP_CHAIN_ITEM_SHIFT | flags, npQueryChainItems2).
static void collideSegment(chainContactCall* call, int chain, int32_t item, npVec2 centroidLocal)
{
	int segment = item >> NP_CHAIN_ITEM_SHIFT;
	const npChainInstance2* inst = call->chains + chain;
	const npChain2* c = inst->chain;
	npVec2 a, b;
	npChainSegmentPoints2(c, segment, &a, &b);
	npVec2 n = c->normals[segment];
	if (v2Dot(v2Sub(centroidLocal, a), n) < 0.0)
	{
		call->info.behind += 1;
		return;
	}

	// With the rule on, a segment whose two ends are flat or concave joints can only give its face
	// contact (every other normal would snap to it): the manifold is not needed. The grid item says
	// so when both joints are inside the chain and surely flat in any placement (chaingrid2d.c's
	// bothJointsFlat, decided at creation); the others are resolved here.
	npChainSegment2 s;
	if (call->query.removeGhosts)
	{
		if (item & NP_CHAIN_ITEM_FLAT)
		{
			faceContact(call, a, b, n, chain, segment, false);
			return;
		}
		npResolveChainSegment2(call->chains, call->chainCount, chain, segment, call->query.featureTolerance, &s);
		bool cornerA = !s.hasPrev || v2Cross(s.prevNormal, s.normal) > NP_CHAIN_FLAT_SINE;
		bool cornerB = !s.hasNext || v2Cross(s.normal, s.nextNormal) > NP_CHAIN_FLAT_SINE;
		if (!cornerA && !cornerB)
		{
			faceContact(call, a, b, n, chain, segment, false);
			return;
		}
	}

	npShape2 seg;
	npMakeChainSegmentShape2(&seg, a, b, n);
	npManifold2 m;
	npCollideUnchecked2(&m, call->shape, &call->xf, &seg, &inst->transform, call->query.margin);
	if (m.pointCount == 0)
		return;

	npVec2 outward = v2Neg(m.normal);
	npVec2 nWorld = npRotate2(inst->transform.q, n);
	bool faceNormal = v2Dot(outward, nWorld) > 0.0 && npAbs(v2Cross(nWorld, outward)) <= NP_CHAIN_FLAT_SINE;
	int vertex = faceNormal ? -1 : touchedVertex(&m);
	if (!call->query.removeGhosts || faceNormal)
	{
		emitAll(call, &m, chain, segment, vertex >= 0 ? NP_CHAIN_VERTEX : NP_CHAIN_FACE);
		return;
	}

	npChainNormalRule2 rule = npClassifyChainNormal2(&s, vertex, outward);
	if (rule == NP_CHAIN_ADMIT)
	{
		if (firstAtVertex(call, &s, chain, segment, vertex))
			emitAll(call, &m, chain, segment, NP_CHAIN_VERTEX);
		return;
	}
	if (rule == NP_CHAIN_SKIP)
	{
		call->info.skipped += 1;
		int ownerChain = vertex == 1 ? s.nextChain : s.prevChain;
		if (ownerChain >= 0 && call->skippedCount < MAX_SKIPPED)
			call->skipped[call->skippedCount++] =
				(skippedSegment){ chain, segment, ownerChain, vertex == 1 ? s.nextSegment : s.prevSegment };
		return;
	}
	call->info.snapped += 1;
	faceContact(call, a, b, n, chain, segment, true);
}

static bool reported(const chainContactCall* call, int count, int chain, int segment)
{
	for (int i = 0; i < count; ++i)
		if (call->out[i].chain == chain && call->out[i].segment == segment)
			return true;
	return false;
}

// Dropping a manifold whose normal a neighbour's face owns assumes that the neighbour reports the
// contact. It may not: its own manifold can be dropped the same way (a shape sunk across a convex
// joint that turns a little: each segment's normal points along it, off the joint, past the other's
// face; 11,811 of 132,245 such overlaps in a random sweep got no contact at all), or it may have
// the shape's centroid behind it. A dropped segment whose neighbour reported nothing gives its own
// face contact instead, as a snap does. When the two dropped each other, both report: choosing one
// would depend on which is met first, i.e. on the order of the chains and segments, and a level cut
// into pieces must get the contacts of the whole. A neighbour given by a ghost vertex lies outside
// the query and keeps the drop.
NP_COLD __attribute__((noinline)) static void keepSkipped(chainContactCall* call)
{
	int before = call->count;
	for (int i = 0; i < call->skippedCount && call->count < call->capacity; ++i)
	{
		const skippedSegment* k = call->skipped + i;
		if (reported(call, before, k->ownerChain, k->ownerSegment))
			continue;
		const npChainInstance2* inst = call->chains + k->chain;
		npVec2 a, b;
		npChainSegmentPoints2(inst->chain, k->segment, &a, &b);
		call->chainInShape = npInvMulTransforms2(call->xf, inst->transform);
		call->info.skipped -= 1;
		call->info.snapped += 1;
		faceContact(call, a, b, inst->chain->normals[k->segment], k->chain, k->segment, true);
	}
}

// ------------------------------------------------------------------------------------ the call

// npShapeBounds2 for a shape known valid (the call's): the same validation of the placement (a
// product of two valid transforms, checked as npValidateTransform2 does) and the same bounds
// routine (bounds2d.h), without the shape checks and the call.
static inline bool placedBounds(const npShape2* shape, npTransform2 t, npBounds2* out)
{
	if (!npIsUsable(t.p.x) || !npIsUsable(t.p.y) || !npIsUsable(t.q.c) || !npIsUsable(t.q.s))
		return false;
	if (npAbs((t.q.c * t.q.c + t.q.s * t.q.s) - 1.0) > 2.0e-6)
		return false;
	*out = npPlacedBounds2(shape, t);
	return true;
}

static void collideChain(chainContactCall* call, int chain)
{
	const npChainInstance2* inst = call->chains + chain;
	npTransform2 rel = npInvMulTransforms2(inst->transform, call->xf);
	npBounds2 box;
	if (!placedBounds(call->shape, rel, &box))
		return;
	// The margin, plus room for the rounding of the relative transform.
	double size = npMax(npMax(npAbs(box.lower.x), npAbs(box.upper.x)), npMax(npAbs(box.lower.y), npAbs(box.upper.y)));
	double grow = call->query.margin + 1.0e-12 * size;
	npVec2 lower = v2(box.lower.x - grow, box.lower.y - grow), upper = v2(box.upper.x + grow, box.upper.y + grow);

	int32_t candidates[NP_CHAIN_MAX_CANDIDATES];
	int room = NP_CHAIN_MAX_CANDIDATES - call->info.candidates;
	int found = npQueryChainItems2(inst->chain, lower, upper, candidates, room);
	if (found > room)
	{
		call->info.overflow = true;
		found = room;
	}
	call->info.candidates += found;
	call->chainInShape = npInvMulTransforms2(call->xf, inst->transform);
	npVec2 centroidLocal = npInvTransformPoint2(inst->transform, call->centroid);
	for (int i = 0; i < found; ++i)
		collideSegment(call, chain, candidates[i], centroidLocal);
}

npResult npChainContacts2(const npShape2* shape, npTransform2 transform, const npChainInstance2* chains,
						  int chainCount, const npChainQuery2* query, npChainContactsOutput2* output)
{
	if (output == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	output->count = 0;
	output->info = (npChainContactsInfo2){ 0 };
	npChainQuery2 q = query != NULL ? *query : npDefaultChainQuery2();
	npResult r = checkInput(shape, transform, chains, chainCount, &q, output->contacts, output->capacity);
	if (r != NP_OK)
		return r;
	return npChainContactsValid2(shape, transform, chains, chainCount, &q, output);
}

npResult npChainContactsValid2(const npShape2* shape, npTransform2 transform, const npChainInstance2* chains,
							   int chainCount, const npChainQuery2* query, npChainContactsOutput2* output)
{
	chainContactCall call;
	call.shape = shape;
	call.xf = transform;
	call.chains = chains;
	call.chainCount = chainCount;
	call.query = *query;
	call.centroid = npTransformPoint2(transform, shape->centroid);
	call.out = output->contacts;
	call.capacity = output->capacity;
	call.count = 0;
	call.info = (npChainContactsInfo2){ 0 };
	call.keyCount = 0;
	call.skippedCount = 0;
	call.deepestCount = 0;
	for (int i = 0; i < chainCount; ++i)
		collideChain(&call, i);
	if (query->removeGhosts)
		keepSkipped(&call);
	if (call.count == 0 && call.deepestCount > 0 && call.capacity > 0)
		emitDeepestPoint(&call);

	output->count = call.count;
	output->info = call.info;
	return call.info.overflow ? NP_ERR_CAPACITY : NP_OK;
}
