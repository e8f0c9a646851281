// Private header of the 2D chains: what chain2d.c (creation, BVH) needs from chaingrid2d.c (the
// uniform grid of the box queries).
#ifndef NP_CHAIN2D_PRIVATE_H
#define NP_CHAIN2D_PRIVATE_H

#include "narrowphase/chain2d.h"

/// The end points of segment s (chain space), inline for the hot loops.
static inline void npChainSegmentPoints2(const npChain2* c, int s, npVec2* a, npVec2* b)
{
	*a = c->points[s];
	*b = c->points[s + 1 < c->pointCount ? s + 1 : 0];
}

/// Cell starts reserved for a chain of `segmentCount` segments (one more than the most cells).
size_t npChainGridCells2(int segmentCount);

/// Cell items reserved for a chain of `segmentCount` segments.
size_t npChainGridItems2(int segmentCount);

/// Builds the grid of a chain whose points, segment count and bounds are set, into the two arrays
/// (npChainGridCells2 and npChainGridItems2 entries).
void npBuildChainGrid2(npChain2* chain, int32_t* cellStart, int32_t* items);

#endif
