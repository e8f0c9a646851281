// 3D batches: one call runs a query over n pairs given as flat arrays (batch.h).
//
// Each pair's transforms are built by npMakeTransform3 from 7 numbers (which normalises the
// quaternion and rejects non-finite or zero input), as the single queries' JS shim does
// (binding3d.h's npwReadTransform3), remembering the last input of each side; then the pair goes
// to the single call's core routine.
// Manifolds go through npCollideFlat3, the routine behind the single JS call, which writes the
// record as doubles (normal, then pointA, pointB, depth, id per point); it is scattered here into
// the batch's arrays, so the points are the same bits as np.manifold's.
#include "batch_private.h"
#include "manifold3d_private.h"
#include "vec3.h"

// The last 7 numbers seen on one side of the pairs and what npMakeTransform3 made of them (a body
// tested against many others repeats its transform; compared bit for bit, so reusing the result
// is exact).
typedef struct XfCache
{
	double in[NP_BATCH_TRANSFORM3];
	npTransform3 xf;
	npResult result;
	bool valid;
} XfCache;

// The input compared as seven 64-bit patterns and copied by assignments: memcmp and memcpy are
// calls in the wasm build, memcmp a byte loop that ran in full for a body whose transform repeats
// (7 ns of a 3D box-box pair from JS).
static npResult readTransform(const double* x, XfCache* cache, npTransform3* out)
{
	int same = 0; // leading numbers equal to the cache's
	if (cache->valid)
	{
		while (same < NP_BATCH_TRANSFORM3 && npBitsOf(x[same]) == npBitsOf(cache->in[same]))
			++same;
	}
	if (same < NP_BATCH_TRANSFORM3)
	{
		for (int k = 0; k < NP_BATCH_TRANSFORM3; ++k)
			cache->in[k] = x[k];
		cache->result = npMakeTransform3((npVec3){ x[0], x[1], x[2] }, (npQuat){ x[3], x[4], x[5], x[6] }, &cache->xf);
		cache->valid = true;
	}
	*out = cache->xf;
	return cache->result;
}

// Walks the pairs: reads and checks pair i into the fields below, or reports where it stopped.
typedef struct Walk3
{
	const npPairs3* pairs;
	npBatchError* error;
	const npShape3* shapeA;
	const npShape3* shapeB;
	npTransform3 xfA, xfB;
	XfCache cacheA, cacheB;
} Walk3;

static npResult startWalk(Walk3* w, const npPairs3* pairs, const void* out, npBatchError* error)
{
	*w = (Walk3){ pairs, error, NULL, NULL, { { 0 } }, { { 0 } }, { { 0 } }, { { 0 } } };
	npBatchFail(error, NP_OK, -1, 0);
	return NP_BATCH_PAIRS_VALID(pairs, out) ? NP_OK : NP_ERR_INVALID_ARGUMENT;
}

static npResult readPair(Walk3* w, int i)
{
	const npPairs3* p = w->pairs;
	w->shapeA = p->shapesA[i];
	w->shapeB = p->shapesB[i];
	if (w->shapeA == NULL)
		return npBatchFail(w->error, NP_ERR_INVALID_ARGUMENT, i, 0);
	if (w->shapeB == NULL)
		return npBatchFail(w->error, NP_ERR_INVALID_ARGUMENT, i, 1);
	npResult r = readTransform(p->transformsA + NP_BATCH_TRANSFORM3 * i, &w->cacheA, &w->xfA);
	if (r != NP_OK)
		return npBatchFail(w->error, r, i, 0);
	r = readTransform(p->transformsB + NP_BATCH_TRANSFORM3 * i, &w->cacheB, &w->xfB);
	if (r != NP_OK)
		return npBatchFail(w->error, r, i, 1);
	return NP_OK;
}

static void put3(double* out, npVec3 v)
{
	out[0] = v.x;
	out[1] = v.y;
	out[2] = v.z;
}

static void copy3(double* out, const double* in)
{
	out[0] = in[0];
	out[1] = in[1];
	out[2] = in[2];
}

npResult npOverlapBatch3(const npPairs3* pairs, uint8_t* overlap, npBatchError* error)
{
	Walk3 w;
	npResult r = startWalk(&w, pairs, overlap, error);
	for (int i = 0; r == NP_OK && i < pairs->count; ++i)
	{
		r = readPair(&w, i);
		if (r == NP_OK)
			overlap[i] = npOverlap3(w.shapeA, w.xfA, w.shapeB, w.xfB) ? 1u : 0u;
	}
	return r;
}

// Scatters npCollideFlat3's record (n points) into record i of out (unused slots zero).
static void putFlatManifold(const double* flat, int n, const npManifoldBatch* out, int i)
{
	enum { P = NP_MAX_MANIFOLD_POINTS3 };
	static const double zeros[8] = { 0.0 };
	if (n < 0)
		n = 0;
	if (n > P)
		n = P;
	out->pointCount[i] = (uint8_t)n;
	copy3(out->normal + 3 * i, flat);
	for (int k = 0; k < P; ++k)
	{
		int s = P * i + k;
		const double* p = k < n ? flat + 3 + 8 * k : zeros;
		copy3(out->pointA + 3 * s, p);
		copy3(out->pointB + 3 * s, p + 3);
		out->depth[s] = p[6];
		out->id[s] = (uint32_t)p[7];
	}
}

npResult npManifoldBatch3(const npPairs3* pairs, double margin, const npManifoldBatch* out, npBatchError* error)
{
	bool valid = out != NULL && out->pointCount != NULL && out->normal != NULL && out->pointA != NULL &&
				 out->pointB != NULL && out->depth != NULL && out->id != NULL;
	Walk3 w;
	npResult r = startWalk(&w, pairs, valid ? out : NULL, error);
	if (r == NP_OK)
		r = npCheckBatchMargin(margin);
	double flat[3 + 8 * NP_MAX_MANIFOLD_POINTS3];
	for (int i = 0; r == NP_OK && i < pairs->count; ++i)
	{
		r = readPair(&w, i);
		if (r != NP_OK)
			break;
		int n = npCollideFlat3(w.shapeA, &w.xfA, w.shapeB, &w.xfB, margin, flat);
		putFlatManifold(flat, n, out, i);
	}
	return r;
}

npResult npPenetrationBatch3(const npPairs3* pairs, const npPenetrationBatch* out, npBatchError* error)
{
	bool valid = out != NULL && out->overlapping != NULL && out->depth != NULL && out->normal != NULL &&
				 out->pointA != NULL && out->pointB != NULL && out->iterations != NULL;
	Walk3 w;
	npResult r = startWalk(&w, pairs, valid ? out : NULL, error);
	for (int i = 0; r == NP_OK && i < pairs->count; ++i)
	{
		r = readPair(&w, i);
		if (r != NP_OK)
			break;
		npPenetrationResult3 p = npPenetration3(w.shapeA, w.xfA, w.shapeB, w.xfB);
		out->overlapping[i] = p.overlapping ? 1u : 0u;
		out->depth[i] = p.depth;
		put3(out->normal + 3 * i, p.normal);
		put3(out->pointA + 3 * i, p.pointA);
		put3(out->pointB + 3 * i, p.pointB);
		out->iterations[i] = (uint32_t)p.iterations;
	}
	return r;
}

npResult npDistanceBatch3(const npPairs3* pairs, const npDistanceBatch* out, npBatchError* error)
{
	bool valid = out != NULL && out->distance != NULL && out->pointA != NULL && out->pointB != NULL &&
				 out->normal != NULL && out->iterations != NULL;
	Walk3 w;
	npResult r = startWalk(&w, pairs, valid ? out : NULL, error);
	for (int i = 0; r == NP_OK && i < pairs->count; ++i)
	{
		r = readPair(&w, i);
		if (r != NP_OK)
			break;
		npDistanceResult3 d = npDistance3(w.shapeA, w.xfA, w.shapeB, w.xfB);
		out->distance[i] = d.distance;
		put3(out->pointA + 3 * i, d.pointA);
		put3(out->pointB + 3 * i, d.pointB);
		put3(out->normal + 3 * i, d.normal);
		out->iterations[i] = (uint32_t)d.iterations;
	}
	return r;
}
