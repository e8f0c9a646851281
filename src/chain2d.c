// 2D chains, part 1: creation, the midphase and the segments' neighbourhoods (the ghost rule).
//
// Creation copies the points into the caller's buffer, checks them (finite, no zero-length segment,
// ghosts not equal to their end points), stores each segment's unit front normal, and builds the
// bounding-volume hierarchy. A chain's segments are already ordered along the polyline, and
// consecutive segments are neighbours in space, so the hierarchy is built over index ranges: the
// root covers every segment, each inner node splits its range in two halves, and ranges of at most
// NP_CHAIN_LEAF_SEGMENTS segments are leaves. No sort, no scratch, O(n) time; the tree is balanced,
// so its depth is ceil(log2(n / leaf)) + 1 and a query touching k segments visits O(k log n) nodes
// (for terrain, where the segments are spread along x, the boxes of a level barely overlap).
// Node boxes are floats rounded outwards (half the size of doubles, so more of the tree stays in
// cache), like the 3D mesh BVH (mesh3d.c).
//
// The ghost rule (after Catto's chain shapes in Box2D, and its ghost vertices): at a segment's end
// the neighbour is the next segment of the chain, or an end of another chain placed within the
// feature tolerance, or the ghost vertex, or nothing (a free end). The joint is convex when the
// chain turns left there (cross(n0, n1) > sin of NP_CHAIN_FLAT_SINE), so the solid side is a wedge
// and the normals between the two face normals belong to the vertex; flat and concave joints have
// no normals of their own (a shape touching such a vertex touches the faces). npClassifyChainNormal2
// applies this to a chain-side normal: see chain2d.h.
#include "chain2d_private.h"
#include "inputs.h"
#include "vec2.h"
#include "codesize.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

NP_COLD npChainDef2 npDefaultChainDef2(void)
{
	return (npChainDef2){ false, false, false, { 0.0, 0.0 }, { 0.0, 0.0 } };
}

// ------------------------------------------------------------------------------------ sizes

static int segmentsOf(int pointCount, bool loop)
{
	return loop ? pointCount : pointCount - 1;
}

// Upper bound on the node count of a halving tree over `leaves` leaves: at most 2 * leaves - 1.
static int nodesFor(int segmentCount)
{
	int leaves = (segmentCount + NP_CHAIN_LEAF_SEGMENTS - 1) / NP_CHAIN_LEAF_SEGMENTS;
	return 2 * (leaves > 0 ? leaves : 1);
}

static size_t align8(size_t n)
{
	return (n + 7u) & ~(size_t)7u;
}

NP_COLD size_t npChainBytes2(int pointCount, bool loop)
{
	if (pointCount < 2 || pointCount > NP_CHAIN_MAX_POINTS)
		return 0;
	int segments = segmentsOf(pointCount, loop);
	size_t bytes = align8(sizeof(npChain2));
	bytes += (size_t)pointCount * sizeof(npVec2);
	bytes += (size_t)segments * sizeof(npVec2);
	bytes += (size_t)nodesFor(segments) * sizeof(npChainNode2);
	bytes += (npChainGridCells2(segments) + npChainGridItems2(segments)) * sizeof(int32_t);
	return align8(bytes);
}

// ------------------------------------------------------------------------------------ the BVH

NP_COLD static float roundDown(double x)
{
	float f = (float)x;
	return (double)f > x ? nextafterf(f, -FLT_MAX) : f;
}

NP_COLD static float roundUp(double x)
{
	float f = (float)x;
	return (double)f < x ? nextafterf(f, FLT_MAX) : f;
}

typedef struct buildState
{
	npChain2* chain;
	npChainNode2* nodes;
	int nodeCount;
	int depth;
} buildState;

NP_COLD static void segmentBox(const npChain2* c, int s, npVec2* lo, npVec2* hi)
{
	npVec2 a, b;
	npGetChainSegment2(c, s, &a, &b);
	*lo = v2(npMin(a.x, b.x), npMin(a.y, b.y));
	*hi = v2(npMax(a.x, b.x), npMax(a.y, b.y));
}

// Fills node `index` for segments [first, first + count) and returns its box; children are
// allocated in pairs so the second child is always index + 1. Recursion depth is the tree depth.
NP_COLD static void buildNode(buildState* st, int index, int first, int count, int level, npVec2* lo, npVec2* hi)
{
	npChainNode2* node = st->nodes + index;
	if (level > st->depth)
		st->depth = level;
	if (count <= NP_CHAIN_LEAF_SEGMENTS)
	{
		segmentBox(st->chain, first, lo, hi);
		for (int s = first + 1; s < first + count; ++s)
		{
			npVec2 l, h;
			segmentBox(st->chain, s, &l, &h);
			*lo = v2(npMin(lo->x, l.x), npMin(lo->y, l.y));
			*hi = v2(npMax(hi->x, h.x), npMax(hi->y, h.y));
		}
		node->index = first;
		node->count = count;
	}
	else
	{
		// Halves on a leaf boundary, so every leaf but the last is full.
		int leaves = (count + NP_CHAIN_LEAF_SEGMENTS - 1) / NP_CHAIN_LEAF_SEGMENTS;
		int half = (leaves / 2) * NP_CHAIN_LEAF_SEGMENTS;
		int child = st->nodeCount;
		st->nodeCount += 2;
		node->index = child;
		node->count = 0;
		npVec2 l, h;
		buildNode(st, child, first, half, level + 1, lo, hi);
		buildNode(st, child + 1, first + half, count - half, level + 1, &l, &h);
		*lo = v2(npMin(lo->x, l.x), npMin(lo->y, l.y));
		*hi = v2(npMax(hi->x, h.x), npMax(hi->y, h.y));
	}
	node->lower[0] = roundDown(lo->x);
	node->lower[1] = roundDown(lo->y);
	node->upper[0] = roundUp(hi->x);
	node->upper[1] = roundUp(hi->y);
}

// ------------------------------------------------------------------------------------ creation

NP_COLD static npResult checkPoints(const npVec2* points, int count, const npChainDef2* def)
{
	for (int i = 0; i < count; ++i)
	{
		if (!npIsUsableVec2(points[i]))
			return NP_ERR_NON_FINITE;
	}
	if ((def->hasGhostStart && !npIsUsableVec2(def->ghostStart)) || (def->hasGhostEnd && !npIsUsableVec2(def->ghostEnd)))
		return NP_ERR_NON_FINITE;
	int segments = segmentsOf(count, def->loop);
	for (int i = 0; i < segments; ++i)
	{
		npVec2 a = points[i], b = points[i + 1 < count ? i + 1 : 0];
		if (a.x == b.x && a.y == b.y)
			return NP_ERR_DEGENERATE;
	}
	bool ghostStartEqual = def->hasGhostStart && def->ghostStart.x == points[0].x && def->ghostStart.y == points[0].y;
	bool ghostEndEqual =
		def->hasGhostEnd && def->ghostEnd.x == points[count - 1].x && def->ghostEnd.y == points[count - 1].y;
	return ghostStartEqual || ghostEndEqual ? NP_ERR_DEGENERATE : NP_OK;
}

NP_COLD npResult npMakeChain2(const npVec2* points, int pointCount, const npChainDef2* def, void* memory, size_t bytes,
					  npChain2** out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = NULL;
	npChainDef2 d = def != NULL ? *def : npDefaultChainDef2();
	if (points == NULL || memory == NULL || (d.loop && (d.hasGhostStart || d.hasGhostEnd)))
		return NP_ERR_INVALID_ARGUMENT;
	if (pointCount > NP_CHAIN_MAX_POINTS)
		return NP_ERR_TOO_MANY_POINTS;
	if (pointCount < (d.loop ? 3 : 2))
		return NP_ERR_DEGENERATE;
	size_t need = npChainBytes2(pointCount, d.loop);
	if (bytes < need || ((uintptr_t)memory & 7u) != 0)
		return NP_ERR_CAPACITY;
	npResult r = checkPoints(points, pointCount, &d);
	if (r != NP_OK)
		return r;

	int segments = segmentsOf(pointCount, d.loop);
	unsigned char* base = (unsigned char*)memory;
	npChain2* c = (npChain2*)memory;
	npVec2* pts = (npVec2*)(void*)(base + align8(sizeof(npChain2)));
	npVec2* normals = pts + pointCount;
	npChainNode2* nodes = (npChainNode2*)(void*)(normals + segments);
	for (int i = 0; i < pointCount; ++i)
		pts[i] = points[i];
	*c = (npChain2){ 0 };
	c->pointCount = pointCount;
	c->segmentCount = segments;
	c->loop = d.loop;
	c->hasGhostStart = d.hasGhostStart;
	c->hasGhostEnd = d.hasGhostEnd;
	c->ghostStart = d.hasGhostStart ? d.ghostStart : v2(0.0, 0.0);
	c->ghostEnd = d.hasGhostEnd ? d.ghostEnd : v2(0.0, 0.0);
	c->points = pts;
	for (int i = 0; i < segments; ++i)
	{
		npVec2 a = pts[i], b = pts[i + 1 < pointCount ? i + 1 : 0];
		normals[i] = v2Normalize(v2RightPerp(v2Sub(b, a)));
	}
	c->normals = normals;

	buildState st = { c, nodes, 1, 0 };
	buildNode(&st, 0, 0, segments, 1, &c->lower, &c->upper);
	c->nodes = nodes;
	c->nodeCount = st.nodeCount;
	c->depth = st.depth;
	int32_t* cellStart = (int32_t*)(void*)(nodes + nodesFor(segments));
	npBuildChainGrid2(c, cellStart, cellStart + npChainGridCells2(segments));
	c->bytes = need;
	*out = c;
	return NP_OK;
}

void npGetChainSegment2(const npChain2* chain, int index, npVec2* a, npVec2* b)
{
	int next = index + 1 < chain->pointCount ? index + 1 : 0;
	*a = chain->points[index];
	*b = chain->points[next];
}

// ------------------------------------------------------------------------------------ neighbours

static bool nearPoint(npVec2 p, npVec2 q, double tolerance)
{
	return npAbs(p.x - q.x) <= tolerance && npAbs(p.y - q.y) <= tolerance;
}

static npVec2 worldPoint(const npChainInstance2* inst, int index)
{
	return npTransformPoint2(inst->transform, inst->chain->points[index]);
}

// Another open chain whose start (atStart) or end lies at p: its index, or -1. The first match
// wins, so the join is the same whatever segment asks.
static int findJoin(const npChainInstance2* chains, int count, int self, npVec2 p, bool atStart, double tolerance)
{
	for (int i = 0; i < count; ++i)
	{
		const npChain2* c = chains[i].chain;
		if (i == self || c == NULL || c->loop)
			continue;
		if (nearPoint(worldPoint(chains + i, atStart ? 0 : c->pointCount - 1), p, tolerance))
			return i;
	}
	return -1;
}

void npResolveChainSegment2(const npChainInstance2* chains, int count, int chain, int segment,
							double featureTolerance, npChainSegment2* out)
{
	const npChainInstance2* inst = chains + chain;
	const npChain2* c = inst->chain;
	npTransform2 xf = inst->transform;
	int n = c->segmentCount;
	npVec2 a, b;
	npGetChainSegment2(c, segment, &a, &b);
	out->a = npTransformPoint2(xf, a);
	out->b = npTransformPoint2(xf, b);
	out->normal = npRotate2(xf.q, c->normals[segment]);
	out->hasPrev = out->hasNext = false;
	out->prevChain = out->nextChain = -1;
	out->prevSegment = out->nextSegment = -1;

	// Before a: the previous segment, the last segment of a chain ending at a, or the ghost vertex.
	if (segment > 0 || c->loop)
	{
		out->prevChain = chain;
		out->prevSegment = segment > 0 ? segment - 1 : n - 1;
	}
	else
	{
		int j = findJoin(chains, count, chain, out->a, false, featureTolerance);
		if (j >= 0)
		{
			out->prevChain = j;
			out->prevSegment = chains[j].chain->segmentCount - 1;
		}
		else if (c->hasGhostStart)
		{
			out->hasPrev = true;
			out->prevNormal = npRotate2(xf.q, v2Normalize(v2RightPerp(v2Sub(a, c->ghostStart))));
		}
	}
	if (out->prevChain >= 0)
	{
		const npChainInstance2* p = chains + out->prevChain;
		out->hasPrev = true;
		out->prevNormal = npRotate2(p->transform.q, p->chain->normals[out->prevSegment]);
	}

	// After b: the next segment, the first segment of a chain starting at b, or the ghost vertex.
	if (segment < n - 1 || c->loop)
	{
		out->nextChain = chain;
		out->nextSegment = segment < n - 1 ? segment + 1 : 0;
	}
	else
	{
		int j = findJoin(chains, count, chain, out->b, true, featureTolerance);
		if (j >= 0)
		{
			out->nextChain = j;
			out->nextSegment = 0;
		}
		else if (c->hasGhostEnd)
		{
			out->hasNext = true;
			out->nextNormal = npRotate2(xf.q, v2Normalize(v2RightPerp(v2Sub(c->ghostEnd, b))));
		}
	}
	if (out->nextChain >= 0)
	{
		const npChainInstance2* q = chains + out->nextChain;
		out->hasNext = true;
		out->nextNormal = npRotate2(q->transform.q, q->chain->normals[out->nextSegment]);
	}
}

// ------------------------------------------------------------------------------------ ghost rule

npChainNormalRule2 npClassifyChainNormal2(const npChainSegment2* seg, int vertex, npVec2 outward)
{
	npVec2 n = seg->normal;
	if (v2Dot(outward, n) > 0.0 && npAbs(v2Cross(n, outward)) <= NP_CHAIN_FLAT_SINE)
		return NP_CHAIN_ADMIT;
	if (vertex < 0)
		return NP_CHAIN_SNAP;

	// Turning from this face toward the vertex: counter-clockwise at b, clockwise at a (sign).
	double sign = vertex == 1 ? 1.0 : -1.0;
	npVec2 along = v2Scale(sign, v2Sub(seg->b, seg->a)); // points out of the segment through the vertex
	if (v2Dot(outward, along) < 0.0 || sign * v2Cross(n, outward) <= 0.0)
		return NP_CHAIN_SNAP; // on the segment's side of its own normal: the face owns it
	bool hasOther = vertex == 1 ? seg->hasNext : seg->hasPrev;
	if (!hasOther)
		return NP_CHAIN_ADMIT; // a free end: every normal round the end belongs to it
	npVec2 other = vertex == 1 ? seg->nextNormal : seg->prevNormal;
	double turn = sign * v2Cross(n, other);
	if (!(turn > NP_CHAIN_FLAT_SINE))
		return NP_CHAIN_SNAP; // flat or concave joint: no normals of its own
	// Convex joint: between the two face normals, or past the neighbour's (its face owns that).
	return sign * v2Cross(outward, other) > NP_CHAIN_FLAT_SINE ? NP_CHAIN_ADMIT : NP_CHAIN_SKIP;
}
