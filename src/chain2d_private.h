// Private header of the 2D chains: what chain2d.c (creation, BVH) needs from chaingrid2d.c (the
// uniform grid of the box queries), and the segment helpers of chaincontacts2d.c that the shape
// casts against chains will share.
#ifndef NP_CHAIN2D_PRIVATE_H
#define NP_CHAIN2D_PRIVATE_H

#include "narrowphase/chain2d.h"

/// The end points of segment s (chain space), inline for the hot loops.
static inline void npChainSegmentPoints2(const npChain2* c, int s, npVec2* a, npVec2* b)
{
	*a = c->points[s];
	*b = c->points[s + 1 < c->pointCount ? s + 1 : 0];
}

/// A segment as a two-vertex polygon core in chain space, for the library's 2D routines (manifolds,
/// and casts): edge 0 is its front (normal n), edge 1 the same segment walked back, as a capsule's
/// core is. Only the fields the 2D routines read are set (the struct is large; the rest is unused).
static inline void npMakeChainSegmentShape2(npShape2* s, npVec2 a, npVec2 b, npVec2 n)
{
	s->type = NP_SHAPE_POLYGON2;
	s->count = 2;
	s->radius = 0.0;
	s->halfExtents = (npVec2){ 0.0, 0.0 };
	s->centroid = (npVec2){ 0.5 * (a.x + b.x), 0.5 * (a.y + b.y) };
	s->vertices[0] = a;
	s->vertices[1] = b;
	s->normals[0] = n;
	s->normals[1] = (npVec2){ -n.x, -n.y };
}

/// The placed shape's lowest surface point along unit `up` on the line through p along `up` (the
/// frame of p and up): where a ray from below the shape up that line enters it. False when the line
/// misses the shape. The chains' contacts and casts measure a shape's depth at a segment's end with
/// it (a deepest point beyond the end is not over the segment).
bool npChainLowestAbove2(const npShape2* shape, npTransform2 xf, npVec2 p, npVec2 up, npVec2* out);

/// Cell starts reserved for a chain of `segmentCount` segments (one more than the most cells).
size_t npChainGridCells2(int segmentCount);

/// Cell items reserved for a chain of `segmentCount` segments.
size_t npChainGridItems2(int segmentCount);

/// Builds the grid of a chain whose points, segment count and bounds are set, into the two arrays
/// (npChainGridCells2 and npChainGridItems2 entries).
void npBuildChainGrid2(npChain2* chain, int32_t* cellStart, int32_t* items);

/// npQueryChain2 returning the grid's raw items (segment << NP_CHAIN_ITEM_SHIFT | NP_CHAIN_ITEM_*
/// flags) instead of segment indices, in the same order.
int npQueryChainItems2(const npChain2* chain, npVec2 lower, npVec2 upper, int32_t* out, int capacity);

/// npChainContacts2 after its input checks: for callers whose inputs are already known valid (the
/// wasm shim, which validates the transforms as it reads them). Every argument must be as
/// npChainContacts2's checks require (valid shape, transforms and options, non-null pointers).
npResult npChainContactsValid2(const npShape2* shape, npTransform2 transform, const npChainInstance2* chains,
							   int chainCount, const npChainQuery2* query, npChainContactsOutput2* output);

#endif
