// The WebAssembly shim behind the warm contact caches (js/cache3d.mjs's collide, js/cache2d.mjs).
//
// Same scheme as the 2D and 3D shims (binding.h, binding3d.h): JS writes both transforms and the
// margin into the io block, calls one function with the cache and shape pointers, and reads the
// manifold back from the same block, in the layout np.manifold reads (NPW_MANIFOLD2 at NPW_IO_OUT,
// NPW3_MANIFOLD at NPW3_IO_OUT), so the JS result objects are the same. A bad transform returns
// -code (A) or -(ERR_B + code) (B), as the query shims do.
#include "binding.h"
#include "binding3d.h"
#include "narrowphase/contact2d.h"
#include "codesize.h"
#include "manifold3d_private.h"

#include <stdint.h>

/// Doubles per cached 2D contact written by npwCacheRead2 (the record, then the user data).
#define NPWC_CACHED_POINT2_SIZE (NPWC_CACHED_POINT2_USER + NP_CONTACT_USER_DATA2)

NP_COLD int npwCacheLimits(double* out)
{
	out[NPWC_LIMITS_CACHE2_BYTES] = (double)sizeof(npContactCache2);
	out[NPWC_LIMITS_USER_DATA2] = NP_CONTACT_USER_DATA2;
	return NPWC_LIMITS_SIZE;
}

static void putStats(double* out, uint32_t frames, uint32_t searched, uint32_t skipped, uint32_t reused)
{
	out[NPWC_STATS_PROVEN] = 0;
	out[NPWC_STATS_FRAMES] = frames;
	out[NPWC_STATS_SEARCHED] = searched;
	out[NPWC_STATS_SKIPPED] = skipped;
	out[NPWC_STATS_REUSED] = reused;
}

// ---------------------------------------------------------------------------------- 3D

// npCollideCached3 with the transforms and margin from io; writes the manifold at NPW3_IO_OUT and
// returns its point count, or a negative code (bad transform as above; -NP_ERR_INVALID_ARGUMENT).
int npwCacheCollide3(npContactCache3* cache, const npShape3* shapeA, const npShape3* shapeB, double* io)
{
	npTransform3 xfA, xfB;
	npResult r = npwReadTransform3(io + NPW3_IO_XFA, &xfA);
	if (r != NP_OK)
		return -(int)r;
	r = npwReadTransform3(io + NPW3_IO_XFB, &xfB);
	if (r != NP_OK)
		return -(NPW3_ERR_B + (int)r);
	npManifold3 m;
	r = npCollideCachedAt3(cache, shapeA, &xfA, shapeB, &xfB, io[NPW3_IO_ARG], &m);
	if (r != NP_OK)
		return r == NP_ERR_INVALID_TRANSFORM ? -(int)r : -(int)NP_ERR_INVALID_ARGUMENT;
	double* out = io + NPW3_IO_OUT;
	npwPutVec3(out + NPW3_MANIFOLD_NORMAL, m.normal);
	for (int i = 0; i < m.pointCount; ++i)
	{
		double* o = out + NPW3_MANIFOLD_POINTS + NPW3_MANIFOLD_POINT_SIZE * i;
		npwPutVec3(o + NPW3_MANIFOLD_POINT_POINT_A, m.points[i].pointA);
		npwPutVec3(o + NPW3_MANIFOLD_POINT_POINT_B, m.points[i].pointB);
		o[NPW3_MANIFOLD_POINT_DEPTH] = m.points[i].depth;
		o[NPW3_MANIFOLD_POINT_ID] = (double)m.points[i].id;
	}
	return m.pointCount;
}

NP_COLD int npwCacheStats3(const npContactCache3* cache, double* out)
{
	const npWarmStats3* s = &cache->stats;
	putStats(out, s->frames, s->searched, s->edgesSkipped, s->faceReused);
	out[NPWC_STATS_PROVEN] = s->facesProven;
	return NPWC_STATS_SIZE;
}

// ---------------------------------------------------------------------------------- 2D

int npwCacheInit2(npContactCache2* cache, double breakDistance, double margin)
{
	return (int)npInitContactCache2(cache, breakDistance, margin);
}

void npwCacheClear2(npContactCache2* cache)
{
	npClearContactCache2(cache);
}

// As the 2D query shims build transforms (npwTransform2: x, y and npMakeRot2 of the angle, the last
// angle's rotation remembered, a prepared transform's rotation taken as given; the angle bounded).
static int readTransforms2(const double* io, npTransform2* xfA, npTransform2* xfB)
{
	const double* a = io + NPW_IO_XFA;
	const double* b = io + NPW_IO_XFB;
	if (!npwUsableAngle(a[NPW_XF2_ANGLE]))
		return -(int)NP_ERR_NON_FINITE;
	if (!npwUsableAngle(b[NPW_XF2_ANGLE]))
		return -(NPW_ERR_B + (int)NP_ERR_NON_FINITE);
	*xfA = npwTransform2(a, 0);
	*xfB = npwTransform2(b, 1);
	npResult r = npValidateTransform2(*xfA);
	if (r != NP_OK)
		return -(int)r;
	r = npValidateTransform2(*xfB);
	return r != NP_OK ? -(NPW_ERR_B + (int)r) : 0;
}

int npwCacheCollide2(npContactCache2* cache, const npShape2* shapeA, const npShape2* shapeB, double* io)
{
	npTransform2 xfA, xfB;
	int rc = readTransforms2(io, &xfA, &xfB);
	if (rc != 0)
		return rc;
	npManifold2 m;
	npResult r = npCollideCached2(cache, shapeA, xfA, shapeB, xfB, io[NPW_IO_ARG], &m);
	if (r != NP_OK)
		return r == NP_ERR_INVALID_TRANSFORM ? -(int)r : -(int)NP_ERR_INVALID_ARGUMENT;
	double* out = io + NPW_IO_OUT;
	npwPutVec2(out + NPW_MANIFOLD2_NORMAL, m.normal);
	for (int i = 0; i < m.pointCount; ++i)
	{
		double* o = out + NPW_MANIFOLD2_POINTS + NPW_MANIFOLD2_POINT_SIZE * i;
		npwPutVec2(o + NPW_MANIFOLD2_POINT_POINT_A, m.points[i].pointA);
		npwPutVec2(o + NPW_MANIFOLD2_POINT_POINT_B, m.points[i].pointB);
		o[NPW_MANIFOLD2_POINT_DEPTH] = m.points[i].depth;
		o[NPW_MANIFOLD2_POINT_ID] = (double)m.points[i].id;
	}
	return m.pointCount;
}

int npwCacheRead2(const npContactCache2* cache, double* out)
{
	npwPutVec2(out + NPWC_CACHE2_NORMAL, cache->normal);
	for (int i = 0; i < cache->pointCount; ++i)
	{
		const npCachedContact2* c = cache->points + i;
		double* p = out + NPWC_CACHE2_POINTS + NPWC_CACHED_POINT2_SIZE * i;
		npwPutVec2(p + NPWC_CACHED_POINT2_POINT_A, c->pointA);
		npwPutVec2(p + NPWC_CACHED_POINT2_POINT_B, c->pointB);
		npwPutVec2(p + NPWC_CACHED_POINT2_LOCAL_A, c->localA);
		npwPutVec2(p + NPWC_CACHED_POINT2_LOCAL_B, c->localB);
		p[NPWC_CACHED_POINT2_DEPTH] = c->depth;
		p[NPWC_CACHED_POINT2_ID] = (double)c->id;
		p[NPWC_CACHED_POINT2_AGE] = (double)c->age;
		for (int k = 0; k < NP_CONTACT_USER_DATA2; ++k)
			p[NPWC_CACHED_POINT2_USER + k] = c->user[k];
	}
	return cache->pointCount;
}

int npwCacheSetUser2(npContactCache2* cache, int index, const double* values)
{
	if (index < 0 || index >= cache->pointCount)
		return (int)NP_ERR_OUT_OF_RANGE;
	for (int k = 0; k < NP_CONTACT_USER_DATA2; ++k)
		cache->points[index].user[k] = values[k];
	return 0;
}

NP_COLD int npwCacheStats2(const npContactCache2* cache, double* out)
{
	const npWarmStats2* s = &cache->stats;
	putStats(out, s->frames, s->searched, 0u, s->edgeReused);
	return NPWC_STATS_SIZE;
}
