// narrowphase 2D persistent contacts: a contact cache for one pair of 2D shapes, matching the 3D
// one (npContactCache3 in manifold3d.h).
//
// Each frame npCollideCached2 computes the pair's manifold (the same points, ids and normal as
// npCollide2) and keeps its points; a point matching one of last frame's points (same feature id
// and one half within breakDistance, else both halves within breakDistance) carries that point's
// age and user data over, e.g. accumulated impulses for a solver's warm start. The cache also
// remembers A's best edge of the last frame's separating-axis search and starts the next search
// there, which proves the other edges out at their first probe when the motion is coherent.
#ifndef NARROWPHASE_CONTACT2D_H
#define NARROWPHASE_CONTACT2D_H

#include "collide2d.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Doubles of user data carried by each cached 2D contact point (e.g. normal and friction impulse).
#define NP_CONTACT_USER_DATA2 2

/// One persistent 2D contact point, kept in both bodies' local frames.
typedef struct npCachedContact2
{
	npVec2 localA; ///< contact point on A, A's local frame
	npVec2 localB; ///< contact point on B, B's local frame
	npVec2 pointA; ///< contact point on A, world space, at the last update
	npVec2 pointB; ///< contact point on B, world space, at the last update
	double depth;  ///< dot(pointA - pointB, normal) at the last update
	uint32_t id;   ///< the manifold point's feature id
	int age;       ///< number of updates this point has survived (0 when just added)
	double user[NP_CONTACT_USER_DATA2]; ///< caller's data, carried across frames; zero for new points
} npCachedContact2;

/// Counters of npCollideCached2, so a caller (or a test) can see the warm path being taken.
typedef struct npWarmStats2
{
	uint32_t frames;     ///< calls of npCollideCached2
	uint32_t searched;   ///< frames that ran the separating-axis search (two polygons, boxes or capsules)
	uint32_t edgeReused; ///< of those, frames whose search started at A's best edge of the last frame
	                     ///< and found it best again
} npWarmStats2;

/// A persistent 2D contact set for one pair of shapes. Fixed size, no allocation.
typedef struct npContactCache2
{
	npVec2 normal;         ///< world normal from A to B at the last update
	int pointCount;        ///< number of valid points
	npCachedContact2 points[NP_MAX_MANIFOLD_POINTS2]; ///< the points, in the manifold's order
	double breakDistance;  ///< matching distance (see the top of the file)
	double margin;         ///< default speculative margin for callers that keep it here (the JS binding)
	const npShape2* shapeA;///< the pair of the last frame; the search memory is forgotten when it changes
	const npShape2* shapeB;///< (see shapeA)
	int edgeA;             ///< A's best edge last frame, -1 when unknown
	npWarmStats2 stats;    ///< counters of npCollideCached2
} npContactCache2;

/// Prepares an empty cache. `breakDistance` > 0, `margin` >= 0. NP_ERR_INVALID_ARGUMENT for a null
/// cache or out-of-range numbers (the cache is then left empty with breakDistance 0.02, margin 0).
npResult npInitContactCache2(npContactCache2* cache, double breakDistance, double margin);

/// Forgets every point and the search memory (keeps breakDistance, margin and the counters).
void npClearContactCache2(npContactCache2* cache);

/// Feeds this frame's manifold (from npCollide2): the cache's points become its points, each
/// inheriting the age and user data of the old point it matches. An empty manifold clears them.
npResult npUpdateContactCache2(npContactCache2* cache, const npManifold2* manifold, npTransform2 xfA,
							   npTransform2 xfB);

/// One call per frame: npCollide2's manifold (the same result) found from the cache's memory, fed to
/// the cache as npUpdateContactCache2 does; `margin` >= 0 as for npCollide2. `out` may be NULL.
/// NP_ERR_INVALID_ARGUMENT for a null cache or shape or a bad margin, NP_ERR_INVALID_TRANSFORM for a
/// transform npValidateTransform2 rejects (the cache is then left as it was and *out is empty).
npResult npCollideCached2(npContactCache2* cache, const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
						  npTransform2 xfB, double margin, npManifold2* out);

#ifdef __cplusplus
}
#endif

#endif
