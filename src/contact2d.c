// Persistent 2D contacts (contact2d.h): the 2D counterpart of contact3d.c, for at most two points.
//
// Points are kept in both bodies' local frames (Allen Chou, "Game Physics: Contact Generation -
// EPA", on persistent contacts; Erin Catto, "Contact Manifolds", GDC 2007, on carrying impulses by
// feature id). A new manifold's point inherits the age and user data of the old point with the same
// feature id whose halves are within breakDistance on one body (a sliding point keeps its feature
// on one of them), else of the nearest old point with both halves within breakDistance.
//
// npCollideCached2 also keeps A's best edge from the separating-axis search (sat2d.c) and starts the
// next frame's search there: on a resting or sliding pair the edge wins again and every other edge is
// ruled out by its first probe. The search result does not depend on where it starts, so the
// manifold is npCollide2's.
#include "manifold2d_private.h"
#include "narrowphase/contact2d.h"

#include <stddef.h>

static bool finite2(npVec2 v)
{
	return npIsUsable(v.x) && npIsUsable(v.y);
}

npResult npInitContactCache2(npContactCache2* cache, double breakDistance, double margin)
{
	if (cache == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	cache->normal = v2(0.0, 0.0);
	cache->pointCount = 0;
	cache->breakDistance = 0.02;
	cache->margin = 0.0;
	cache->shapeA = NULL;
	cache->shapeB = NULL;
	cache->edgeA = -1;
	cache->stats = (npWarmStats2){ 0u, 0u, 0u };
	if (!(breakDistance > 0.0 && breakDistance <= NP_HUGE) || !(margin >= 0.0 && margin <= NP_HUGE))
		return NP_ERR_INVALID_ARGUMENT;
	cache->breakDistance = breakDistance;
	cache->margin = margin;
	return NP_OK;
}

void npClearContactCache2(npContactCache2* cache)
{
	if (cache == NULL)
		return;
	cache->pointCount = 0;
	cache->shapeA = NULL;
	cache->shapeB = NULL;
	cache->edgeA = -1;
}

// Index of the old point a new one (id, local halves la, lb) continues, or -1 (see the top).
static int findMatch(const npContactCache2* cache, uint32_t id, npVec2 la, npVec2 lb, const bool* taken)
{
	double bd2 = cache->breakDistance * cache->breakDistance;
	for (int i = 0; i < cache->pointCount; ++i)
	{
		const npCachedContact2* c = cache->points + i;
		if (!taken[i] && c->id == id &&
			(v2DistanceSq(c->localA, la) <= bd2 || v2DistanceSq(c->localB, lb) <= bd2))
			return i;
	}
	int best = -1;
	double bestDist = 0.0;
	for (int i = 0; i < cache->pointCount; ++i)
	{
		const npCachedContact2* c = cache->points + i;
		double da = v2DistanceSq(c->localA, la), db = v2DistanceSq(c->localB, lb);
		if (taken[i] || da > bd2 || db > bd2)
			continue;
		if (best < 0 || da + db < bestDist)
		{
			best = i;
			bestDist = da + db;
		}
	}
	return best;
}

// npUpdateContactCache2 once the cache, the manifold's size and the transforms are known to be valid.
static npResult takeManifold(npContactCache2* cache, const npManifold2* manifold, npTransform2 xfA, npTransform2 xfB)
{
	int count = manifold->pointCount;
	for (int i = 0; i < count; ++i)
		if (!finite2(manifold->points[i].pointA) || !finite2(manifold->points[i].pointB))
			return NP_ERR_NON_FINITE;
	if (count > 0 && !finite2(manifold->normal))
		return NP_ERR_NON_FINITE;

	npCachedContact2 fresh[NP_MAX_MANIFOLD_POINTS2];
	bool taken[NP_MAX_MANIFOLD_POINTS2] = { false, false };
	for (int i = 0; i < count; ++i)
	{
		const npManifoldPoint2* mp = manifold->points + i;
		npCachedContact2* c = fresh + i;
		*c = (npCachedContact2){ npInvTransformPoint2(xfA, mp->pointA), npInvTransformPoint2(xfB, mp->pointB),
								 mp->pointA, mp->pointB, mp->depth, mp->id, 0, { 0.0, 0.0 } };
		int j = findMatch(cache, mp->id, c->localA, c->localB, taken);
		if (j >= 0)
		{
			taken[j] = true;
			c->age = cache->points[j].age + 1;
			for (int k = 0; k < NP_CONTACT_USER_DATA2; ++k)
				c->user[k] = cache->points[j].user[k];
		}
	}
	for (int i = 0; i < count; ++i)
		cache->points[i] = fresh[i];
	cache->pointCount = count;
	cache->normal = count > 0 ? manifold->normal : v2(0.0, 0.0);
	return NP_OK;
}

npResult npUpdateContactCache2(npContactCache2* cache, const npManifold2* manifold, npTransform2 xfA,
							   npTransform2 xfB)
{
	if (cache == NULL || manifold == NULL || manifold->pointCount < 0 ||
		manifold->pointCount > NP_MAX_MANIFOLD_POINTS2)
		return NP_ERR_INVALID_ARGUMENT;
	if (npValidateTransform2(xfA) != NP_OK || npValidateTransform2(xfB) != NP_OK)
		return NP_ERR_INVALID_TRANSFORM;
	return takeManifold(cache, manifold, xfA, xfB);
}

npResult npCollideCached2(npContactCache2* cache, const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
						  npTransform2 xfB, double margin, npManifold2* out)
{
	if (out != NULL)
		out->pointCount = 0;
	if (cache == NULL || shapeA == NULL || shapeB == NULL || (unsigned)shapeA->type > 3u ||
		(unsigned)shapeB->type > 3u || !(margin >= 0.0 && margin <= NP_HUGE))
		return NP_ERR_INVALID_ARGUMENT;
	if (npValidateTransform2(xfA) != NP_OK || npValidateTransform2(xfB) != NP_OK)
		return NP_ERR_INVALID_TRANSFORM;

	if (cache->shapeA != shapeA || cache->shapeB != shapeB)
	{
		cache->shapeA = shapeA;
		cache->shapeB = shapeB;
		cache->edgeA = -1;
	}
	cache->stats.frames += 1;
	int before = cache->edgeA;
	bool searched;
	npManifold2 m = npCollideWarm2(shapeA, xfA, shapeB, xfB, margin, &cache->edgeA, &searched);
	if (searched)
	{
		cache->stats.searched += 1;
		cache->stats.edgeReused += before >= 0 && cache->edgeA == before ? 1u : 0u;
	}
	if (out != NULL)
		*out = m;
	// The transforms were validated above, and npCollideWarm2's manifold has a valid size.
	return takeManifold(cache, &m, xfA, xfB);
}
