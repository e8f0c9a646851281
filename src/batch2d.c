// 2D batches: one call runs a query over n pairs given as flat arrays (batch.h).
//
// Each pair is read the way the single queries' JS shim reads its io block (binding.c): the
// angle is bounded by NP_HUGE (npMakeRot2 reduces it by an integer multiple of pi/2), the rotation
// comes from npMakeRot2, and the transform is checked with npValidateTransform2; then the pair
// goes to the same core routine as the single call, so the results are the same bits. The last
// angle of each side and its rotation are remembered across pairs (a body tested against many
// others keeps its transform): the rotation is the one npMakeRot2 would return, since the angle
// is compared bit for bit.
#include "batch_private.h"
#include "inputs.h"
#include "manifold2d_private.h"

#include <string.h>

// The last angle seen on one side of the pairs, its rotation, and the rotation's part of
// npValidateTransform2's verdict (made once per angle).
typedef struct RotCache
{
	uint64_t bits;
	npRot2 rot;
	npResult check;
} RotCache;

// npValidateTransform2 in two parts: it answers NP_ERR_NON_FINITE when any number is unusable,
// else NP_ERR_INVALID_TRANSFORM when the rotation is not unit; so an unusable position gives
// NP_ERR_NON_FINITE whatever the rotation, and a usable one gives the rotation's own verdict.
// With `turned` false the query never reads this side's rotation (npManifoldIgnoresRotation2): the
// angle is checked as before, and the rotation left at (1, 0) instead of made.
static inline npResult readTransform(const double* xya, RotCache* cache, bool turned, npTransform2* out)
{
	double angle = xya[2];
	if (!(angle >= -NP_HUGE && angle <= NP_HUGE))
		return NP_ERR_NON_FINITE;
	if (!turned)
	{
		*out = (npTransform2){ { xya[0], xya[1] }, { 1.0, 0.0 } };
		return npIsUsable(xya[0]) && npIsUsable(xya[1]) ? NP_OK : NP_ERR_NON_FINITE;
	}
	uint64_t bits;
	memcpy(&bits, &angle, sizeof bits);
	if (bits != cache->bits)
	{
		cache->rot = npMakeRot2(angle);
		cache->check = npValidateTransform2((npTransform2){ { 0.0, 0.0 }, cache->rot });
		cache->bits = bits;
	}
	*out = (npTransform2){ { xya[0], xya[1] }, cache->rot };
	if (!npIsUsable(xya[0]) || !npIsUsable(xya[1]))
		return NP_ERR_NON_FINITE;
	return cache->check;
}

// Walks the pairs: reads and checks pair i into the fields below, or reports where it stopped.
typedef struct Walk2
{
	const npPairs2* pairs;
	npBatchError* error;
	RotCache cacheA, cacheB;
	const npShape2* shapeA;
	const npShape2* shapeB;
	npTransform2 xfA, xfB;
} Walk2;

static npResult startWalk(Walk2* w, const npPairs2* pairs, const void* out, npBatchError* error)
{
	// Angle 0 has all bits zero and rotation (1, 0): the caches start valid.
	*w = (Walk2){ pairs, error, { 0u, { 1.0, 0.0 }, NP_OK }, { 0u, { 1.0, 0.0 }, NP_OK }, NULL, NULL, { { 0 } }, { { 0 } } };
	npBatchFail(error, NP_OK, -1, 0);
	return NP_BATCH_PAIRS_VALID(pairs, out) ? NP_OK : NP_ERR_INVALID_ARGUMENT;
}

// forManifold: the manifold batch, which skips a rotation its routine never reads.
static inline npResult readPair(Walk2* w, int i, bool forManifold)
{
	const npPairs2* p = w->pairs;
	w->shapeA = p->shapesA[i];
	w->shapeB = p->shapesB[i];
	if (w->shapeA == NULL)
		return npBatchFail(w->error, NP_ERR_INVALID_ARGUMENT, i, 0);
	if (w->shapeB == NULL)
		return npBatchFail(w->error, NP_ERR_INVALID_ARGUMENT, i, 1);
	bool turnA = !(forManifold && npManifoldIgnoresRotation2(w->shapeA, w->shapeB));
	bool turnB = !(forManifold && npManifoldIgnoresRotation2(w->shapeB, w->shapeA));
	npResult r = readTransform(p->transformsA + NP_BATCH_TRANSFORM2 * i, &w->cacheA, turnA, &w->xfA);
	if (r != NP_OK)
		return npBatchFail(w->error, r, i, 0);
	r = readTransform(p->transformsB + NP_BATCH_TRANSFORM2 * i, &w->cacheB, turnB, &w->xfB);
	if (r != NP_OK)
		return npBatchFail(w->error, r, i, 1);
	return NP_OK;
}

static void put2(double* out, npVec2 v)
{
	out[0] = v.x;
	out[1] = v.y;
}

npResult npOverlapBatch2(const npPairs2* pairs, uint8_t* overlap, npBatchError* error)
{
	Walk2 w;
	npResult r = startWalk(&w, pairs, overlap, error);
	for (int i = 0; r == NP_OK && i < pairs->count; ++i)
	{
		r = readPair(&w, i, false);
		if (r == NP_OK)
			overlap[i] = npOverlap2(w.shapeA, w.xfA, w.shapeB, w.xfB) ? 1u : 0u;
	}
	return r;
}

static bool manifoldOutValid(const npManifoldBatch* out)
{
	return out != NULL && out->pointCount != NULL && out->normal != NULL && out->pointA != NULL &&
		   out->pointB != NULL && out->depth != NULL && out->id != NULL;
}

// Writes manifold m (from npCollide2) as record i of out. npCollide2 zeroes the point slots past
// pointCount (and the normal of an empty manifold; manifold2d.c's finishManifold), which is what
// the record's unused slots must hold, so every slot is copied as it is, without a branch per slot.
static inline void putManifold(const npManifold2* m, const npManifoldBatch* out, int i)
{
	enum { P = NP_MAX_MANIFOLD_POINTS2 };
	out->pointCount[i] = (uint8_t)m->pointCount;
	put2(out->normal + 2 * i, m->normal);
	for (int k = 0; k < P; ++k)
	{
		int s = P * i + k;
		const npManifoldPoint2* mp = m->points + k;
		put2(out->pointA + 2 * s, mp->pointA);
		put2(out->pointB + 2 * s, mp->pointB);
		out->depth[s] = mp->depth;
		out->id[s] = mp->id;
	}
}

npResult npManifoldBatch2(const npPairs2* pairs, double margin, const npManifoldBatch* out, npBatchError* error)
{
	Walk2 w;
	npResult r = startWalk(&w, pairs, manifoldOutValid(out) ? out : NULL, error);
	if (r == NP_OK)
		r = npCheckBatchMargin(margin);
	for (int i = 0; r == NP_OK && i < pairs->count; ++i)
	{
		r = readPair(&w, i, true);
		if (r != NP_OK)
			break;
		// (readPair checked both transforms, npCheckBatchMargin the margin.)
		npManifold2 m;
		npCollidePosed2(&m, w.shapeA, &w.xfA, w.shapeB, &w.xfB, margin);
		putManifold(&m, out, i);
	}
	return r;
}

npResult npPenetrationBatch2(const npPairs2* pairs, const npPenetrationBatch* out, npBatchError* error)
{
	bool valid = out != NULL && out->overlapping != NULL && out->depth != NULL && out->normal != NULL &&
				 out->pointA != NULL && out->pointB != NULL && out->iterations != NULL;
	Walk2 w;
	npResult r = startWalk(&w, pairs, valid ? out : NULL, error);
	for (int i = 0; r == NP_OK && i < pairs->count; ++i)
	{
		r = readPair(&w, i, false);
		if (r != NP_OK)
			break;
		npPenetrationResult2 p = npPenetration2(w.shapeA, w.xfA, w.shapeB, w.xfB, NULL);
		out->overlapping[i] = p.overlapping ? 1u : 0u;
		out->depth[i] = p.depth;
		put2(out->normal + 2 * i, p.normal);
		put2(out->pointA + 2 * i, p.pointA);
		put2(out->pointB + 2 * i, p.pointB);
		out->iterations[i] = (uint32_t)p.iterations;
	}
	return r;
}

npResult npDistanceBatch2(const npPairs2* pairs, const npDistanceBatch* out, npBatchError* error)
{
	bool valid = out != NULL && out->distance != NULL && out->pointA != NULL && out->pointB != NULL &&
				 out->normal != NULL && out->iterations != NULL;
	Walk2 w;
	npResult r = startWalk(&w, pairs, valid ? out : NULL, error);
	for (int i = 0; r == NP_OK && i < pairs->count; ++i)
	{
		r = readPair(&w, i, false);
		if (r != NP_OK)
			break;
		npDistanceResult2 d = npDistance2(w.shapeA, w.xfA, w.shapeB, w.xfB);
		out->distance[i] = d.distance;
		put2(out->pointA + 2 * i, d.pointA);
		put2(out->pointB + 2 * i, d.pointB);
		put2(out->normal + 2 * i, d.normal);
		out->iterations[i] = (uint32_t)d.iterations;
	}
	return r;
}
