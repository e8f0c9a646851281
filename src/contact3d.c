// Persistent 3D contacts: a fixed set of at most four points kept across frames for one pair.
//
// Each point is stored in the local frames of both bodies, as Allen Chou's "Game Physics: Contact
// Generation - EPA" recommends for persistent contacts. Every frame the points are moved with the
// bodies and re-measured: the depth along the current normal is refreshed (that article's readers
// found that stale depths make stacked boxes jump), a point whose two halves slid apart tangentially
// by more than breakDistance, or separated beyond the margin, no longer describes a contact and is
// dropped. New points are matched to cached ones by feature id, else by distance, so the caller's
// per-point data (accumulated impulses for warm starting) follows the point.
//
// Two ways to feed it:
//  - npUpdateContactCache3: a full manifold per frame (npCollide3); the manifold is authoritative.
//  - npAddContactPoint3: one point per frame (EPA finds one); the cache accumulates up to four, the
//    way the same article's comments describe, keeping the deepest and the largest area when over capacity.
//  - npCollideCached3: the cache runs the manifold itself, warm-started from what it remembers of
//    last frame's search (npSatCache3; see warm3d.c), and takes it as npUpdateContactCache3 does.
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"
#include "vec3.h"

#include <stddef.h>

static bool finite3(npVec3 v)
{
	// NaN fails every comparison; infinities fail the bound. |x| <= NP_HUGE is -NP_HUGE <= x <=
	// NP_HUGE in one compare, and the three are joined without branches.
	return (fabs(v.x) <= NP_HUGE) & (fabs(v.y) <= NP_HUGE) & (fabs(v.z) <= NP_HUGE);
}

static bool validTransform(npTransform3 xf)
{
	npVec3 q = { xf.q.x, xf.q.y, xf.q.z };
	return finite3(xf.p) && finite3(q) && xf.q.w >= -2.0 && xf.q.w <= 2.0;
}

npResult npInitContactCache3(npContactCache3* cache, double breakDistance, double margin)
{
	if (cache == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	cache->normal = v3(0.0, 0.0, 0.0);
	cache->localNormal = v3(0.0, 0.0, 0.0);
	cache->pointCount = 0;
	cache->breakDistance = 0.02;
	cache->margin = 0.0;
	cache->sat = NP_SAT_CACHE3_EMPTY(NULL, NULL);
	cache->stats = (npWarmStats3){ 0u, 0u, 0u, 0u, 0u };
	if (!(breakDistance > 0.0 && breakDistance <= NP_HUGE) || !(margin >= 0.0 && margin <= NP_HUGE))
		return NP_ERR_INVALID_ARGUMENT;
	cache->breakDistance = breakDistance;
	cache->margin = margin;
	return NP_OK;
}

void npClearContactCache3(npContactCache3* cache)
{
	if (cache != NULL)
	{
		cache->pointCount = 0;
		cache->sat = NP_SAT_CACHE3_EMPTY(NULL, NULL);
	}
}

// Orders the points deepest first (insertion sort, stable).
static void sortByDepth(npContactCache3* cache)
{
	for (int i = 1; i < cache->pointCount; ++i)
	{
		npCachedContact3 c = cache->points[i];
		int j = i - 1;
		while (j >= 0 && cache->points[j].depth < c.depth)
		{
			cache->points[j + 1] = cache->points[j];
			--j;
		}
		cache->points[j + 1] = c;
	}
}

// Moves the points with the bodies, measures them along `normal` and drops the stale ones.
static void refresh(npContactCache3* cache, npTransform3 xfA, npTransform3 xfB, npVec3 normal)
{
	int k = 0;
	double bd2 = cache->breakDistance * cache->breakDistance;
	for (int i = 0; i < cache->pointCount; ++i)
	{
		npCachedContact3 c = cache->points[i];
		c.pointA = npTransformPoint3(xfA, c.localA);
		c.pointB = npTransformPoint3(xfB, c.localB);
		npVec3 d = v3Sub(c.pointA, c.pointB);
		c.depth = v3Dot(d, normal);
		npVec3 tangential = v3MulAdd(d, -c.depth, normal);
		if (c.depth < -cache->margin || v3LengthSq(tangential) > bd2)
			continue;
		cache->points[k++] = c;
	}
	cache->pointCount = k;
}

int npRefreshContactCache3(npContactCache3* cache, npTransform3 xfA, npTransform3 xfB)
{
	if (cache == NULL)
		return 0;
	if (!validTransform(xfA) || !validTransform(xfB))
		return cache->pointCount;
	// Any finite quaternion is taken here (validTransform), and one off unit length scales what it
	// rotates: the normal is brought back to unit length then (fuzz_cache3d: a raw quaternion
	// 3.2e-6 short of unit gave a normal of length 0.9999968). A unit quaternion's normal keeps
	// its bits.
	npVec3 n = npRotate3(xfA.q, cache->localNormal);
	double nn = v3LengthSq(n);
	if (nn > 0.0 && fabs(nn - 1.0) > 1.0e-12)
		n = v3Normalize(n);
	cache->normal = n;
	refresh(cache, xfA, xfB, cache->normal);
	sortByDepth(cache);
	return cache->pointCount;
}

// Index of the cached point matching a new one (locals la, lb), or -1. Same non-zero id and one of
// the two halves within breakDistance (a sliding point keeps the same feature on one body), else
// the nearest point with both halves within breakDistance. `taken` marks points already matched.
// Inlined into takeManifold, which runs every frame of a contact cache: no call, and the points by
// reference rather than copied (the wasm ABI passes structs by value through the stack).
__attribute__((always_inline)) static inline int findMatch(const npContactCache3* cache, uint32_t id,
														   const npVec3* pla, const npVec3* plb, const bool* taken)
{
	double bd2 = cache->breakDistance * cache->breakDistance;
	npVec3 la = *pla, lb = *plb;
	if (id != 0)
		for (int i = 0; i < cache->pointCount; ++i)
		{
			const npCachedContact3* c = cache->points + i;
			if (!taken[i] && c->id == id &&
				(v3DistanceSq(c->localA, la) <= bd2 || v3DistanceSq(c->localB, lb) <= bd2))
				return i;
		}
	int best = -1;
	double bestDist = 0.0;
	for (int i = 0; i < cache->pointCount; ++i)
	{
		const npCachedContact3* c = cache->points + i;
		double da = v3DistanceSq(c->localA, la), db = v3DistanceSq(c->localB, lb);
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

static npCachedContact3 makePoint(npVec3 pointA, npVec3 pointB, npVec3 normal, uint32_t id,
								  npTransform3 xfA, npTransform3 xfB)
{
	npCachedContact3 c;
	c.pointA = pointA;
	c.pointB = pointB;
	c.localA = npInvTransformPoint3(xfA, pointA);
	c.localB = npInvTransformPoint3(xfB, pointB);
	c.depth = v3Dot(v3Sub(pointA, pointB), normal);
	c.id = id;
	c.age = 0;
	for (int k = 0; k < NP_CONTACT_USER_DATA3; ++k)
		c.user[k] = 0.0;
	return c;
}

// Unit normal from a caller's vector, false when it is zero or not finite.
static inline bool unitNormal(npVec3 n, npVec3* out)
{
	if (!finite3(n))
		return false;
	// A normal of length exactly 1 (a face normal of an unrotated body) is its own unit vector: the
	// square root and division below would give 1 and n bit for bit; skipping them saves their latency.
	double lenSq = v3LengthSq(n);
	if (lenSq == 1.0)
	{
		*out = n;
		return true;
	}
	double len = sqrt(lenSq);
	if (!(len > 1.0e-12))
		return false;
	*out = v3Scale(1.0 / len, n);
	return true;
}

// npUpdateContactCache3 once the cache, the manifold's size and the transforms are known to be valid.
// What makePoint, findMatch and sortByDepth would give, written in place: each new point's locals and
// depth first, then its match among the old points (which are still in place), then every point
// straight into its slot of the depth order (the stable insertion sort's order), with no record copies.
// With `toWorld` (A's rotation) the manifold is still in A's frame, as npCollideWarm3 leaves it, and
// is moved to world space here, in place, with toWorldWith's arithmetic (pointToWorld, bit i of
// offsetMask for point i) before anything reads it: one pass over the points instead of two.
__attribute__((always_inline)) static inline npResult takeManifoldIn(npContactCache3* cache, npManifold3* manifold,
																	  const npTransform3* pxfA, const npTransform3* pxfB,
																	  const npMat3* toWorld, unsigned offsetMask)
{
	const npTransform3 xfA = *pxfA, xfB = *pxfB;
	int count = manifold->pointCount;
	if (toWorld != NULL)
	{
		manifold->normal = npMat3Mul(toWorld, manifold->normal);
		for (int i = 0; i < count; ++i)
		{
			npManifoldPoint3* mp = manifold->points + i;
			pointToWorld(mp, toWorld, xfA.p, manifold->normal, (offsetMask >> i) & 1u, &mp->pointA, &mp->pointB);
		}
	}
	if (count == 0)
	{
		cache->pointCount = 0;
		return NP_OK;
	}
	npVec3 n;
	if (!unitNormal(manifold->normal, &n))
		return NP_ERR_INVALID_ARGUMENT;
	// Every point is checked every frame and they always pass: one branch for all of them.
	bool finite = true;
	for (int i = 0; i < count; ++i)
	{
		finite &= finite3(manifold->points[i].pointA);
		finite &= finite3(manifold->points[i].pointB);
	}
	if (!finite)
		return NP_ERR_NON_FINITE;

	npVec3 localA[NP_MAX_MANIFOLD_POINTS3], localB[NP_MAX_MANIFOLD_POINTS3];
	double depth[NP_MAX_MANIFOLD_POINTS3];
	int match[NP_MAX_MANIFOLD_POINTS3];
	bool taken[NP_MAX_MANIFOLD_POINTS3] = { false, false, false, false };
	for (int i = 0; i < count; ++i)
	{
		const npManifoldPoint3* mp = manifold->points + i;
		localA[i] = npInvTransformPoint3(xfA, mp->pointA);
		localB[i] = npInvTransformPoint3(xfB, mp->pointB);
		depth[i] = v3Dot(v3Sub(mp->pointA, mp->pointB), n);
		match[i] = findMatch(cache, mp->id, localA + i, localB + i, taken);
		if (match[i] >= 0)
			taken[match[i]] = true;
	}

	// The history of the matched points, read before any slot is overwritten.
	int age[NP_MAX_MANIFOLD_POINTS3];
	double user[NP_MAX_MANIFOLD_POINTS3][NP_CONTACT_USER_DATA3];
	for (int i = 0; i < count; ++i)
	{
		const npCachedContact3* old = match[i] >= 0 ? cache->points + match[i] : NULL;
		age[i] = old != NULL ? old->age + 1 : 0;
		for (int k = 0; k < NP_CONTACT_USER_DATA3; ++k)
			user[i][k] = old != NULL ? old->user[k] : 0.0;
	}

	// Deepest first, ties in manifold order (sortByDepth's insertion sort).
	int order[NP_MAX_MANIFOLD_POINTS3];
	for (int i = 0; i < count; ++i)
	{
		int j = i - 1;
		while (j >= 0 && depth[order[j]] < depth[i])
		{
			order[j + 1] = order[j];
			--j;
		}
		order[j + 1] = i;
	}
	for (int s = 0; s < count; ++s)
	{
		int i = order[s];
		const npManifoldPoint3* mp = manifold->points + i;
		npCachedContact3* c = cache->points + s;
		c->localA = localA[i];
		c->localB = localB[i];
		c->pointA = mp->pointA;
		c->pointB = mp->pointB;
		c->depth = depth[i];
		c->id = mp->id;
		c->age = age[i];
		for (int k = 0; k < NP_CONTACT_USER_DATA3; ++k)
			c->user[k] = user[i][k];
	}
	cache->pointCount = count;
	cache->normal = n;
	cache->localNormal = npInvRotate3(xfA.q, n);
	return NP_OK;
}

static npResult takeManifold(npContactCache3* cache, const npManifold3* manifold, const npTransform3* pxfA,
							 const npTransform3* pxfB)
{
	// Without toWorld the manifold is only read.
	return takeManifoldIn(cache, (npManifold3*)manifold, pxfA, pxfB, NULL, 0u);
}

npResult npUpdateContactCache3(npContactCache3* cache, const npManifold3* manifold,
							   npTransform3 xfA, npTransform3 xfB)
{
	if (cache == NULL || manifold == NULL || manifold->pointCount < 0 ||
		manifold->pointCount > NP_MAX_MANIFOLD_POINTS3)
		return NP_ERR_INVALID_ARGUMENT;
	if (!validTransform(xfA) || !validTransform(xfB))
		return NP_ERR_INVALID_TRANSFORM;
	return takeManifold(cache, manifold, &xfA, &xfB);
}

npResult npAddContactPoint3(npContactCache3* cache, npVec3 pointA, npVec3 pointB, npVec3 normal,
							uint32_t id, npTransform3 xfA, npTransform3 xfB)
{
	if (cache == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!validTransform(xfA) || !validTransform(xfB))
		return NP_ERR_INVALID_TRANSFORM;
	if (!finite3(pointA) || !finite3(pointB))
		return NP_ERR_NON_FINITE;
	npVec3 n;
	if (!unitNormal(normal, &n))
		return NP_ERR_INVALID_ARGUMENT;

	// Re-measure the old points along the new normal and drop the stale ones.
	refresh(cache, xfA, xfB, n);
	for (int i = 0; i < cache->pointCount; ++i)
		cache->points[i].age += 1;
	cache->normal = n;
	cache->localNormal = npInvRotate3(xfA.q, n);

	npCachedContact3 c = makePoint(pointA, pointB, n, id, xfA, xfB);
	bool taken[NP_MAX_MANIFOLD_POINTS3] = { false, false, false, false };
	int j = findMatch(cache, id, &c.localA, &c.localB, taken);
	if (j >= 0)
	{
		// The same contact seen again: take the new measurement, keep the history.
		c.age = cache->points[j].age;
		for (int k = 0; k < NP_CONTACT_USER_DATA3; ++k)
			c.user[k] = cache->points[j].user[k];
		cache->points[j] = c;
	}
	else if (cache->pointCount < NP_MAX_MANIFOLD_POINTS3)
		cache->points[cache->pointCount++] = c;
	else
	{
		// Five candidates: keep the deepest and the three that span the largest area.
		npCachedContact3 all[NP_MAX_MANIFOLD_POINTS3 + 1];
		npVec3 pos[NP_MAX_MANIFOLD_POINTS3 + 1];
		double depth[NP_MAX_MANIFOLD_POINTS3 + 1];
		for (int i = 0; i < NP_MAX_MANIFOLD_POINTS3; ++i)
			all[i] = cache->points[i];
		all[NP_MAX_MANIFOLD_POINTS3] = c;
		for (int i = 0; i <= NP_MAX_MANIFOLD_POINTS3; ++i)
		{
			pos[i] = all[i].pointA;
			depth[i] = all[i].depth;
		}
		int chosen[NP_MAX_MANIFOLD_POINTS3];
		int k = npReduceContacts3(pos, depth, NP_MAX_MANIFOLD_POINTS3 + 1, n, chosen);
		for (int i = 0; i < k; ++i)
			cache->points[i] = all[chosen[i]];
		cache->pointCount = k;
	}
	sortByDepth(cache);
	return NP_OK;
}

npResult npCollideCached3(npContactCache3* cache, const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
						  npTransform3 xfB, double margin, npManifold3* out)
{
	return npCollideCachedAt3(cache, shapeA, &xfA, shapeB, &xfB, margin, out);
}

npResult npCollideCachedAt3(npContactCache3* cache, const npShape3* shapeA, const npTransform3* xfA,
							const npShape3* shapeB, const npTransform3* xfB, double margin, npManifold3* out)
{
	if (out != NULL)
		clearManifold(out);
	if (cache == NULL || shapeA == NULL || shapeB == NULL || !(margin >= 0.0) || margin > NP_HUGE ||
		(unsigned)shapeA->type > (unsigned)NP_SHAPE_TRIANGLE3 || (unsigned)shapeB->type > (unsigned)NP_SHAPE_TRIANGLE3)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npUsableTransform3(xfA) || !npUsableTransform3(xfB))
		return NP_ERR_INVALID_TRANSFORM;

	// What was learned about another pair says nothing about this one.
	if (cache->sat.shapeA != shapeA || cache->sat.shapeB != shapeB)
		cache->sat = NP_SAT_CACHE3_EMPTY(shapeA, shapeB);
	cache->stats.frames += 1;
	// Usable transforms are valid ones (finite, |w| <= 1.001): the update's checks would pass.
	npManifold3 own;
	npManifold3* m = out != NULL ? out : &own;
	const npWarmState3 warm = { &cache->sat, &cache->stats };
	int offsetMask = npCollideWarm3(shapeA, xfA, shapeB, xfB, margin, &warm, m);
	if (offsetMask < 0)
		return takeManifold(cache, m, xfA, xfB);
	const npMat3 rA = npQuatToMat3(xfA->q);
	return takeManifoldIn(cache, m, xfA, xfB, &rA, (unsigned)offsetMask);
}
