// The WebAssembly shim behind js/api3d.mjs: marshalling only, no geometry (see binding3d.h).
#include "binding3d.h"
#include "manifold3d_private.h"
#include "polyhedron3d.h"
#include "codesize.h"

#include <stddef.h>

// Ids are integers below 2^32 (the JS side checks); anything else becomes "no id".
static uint32_t getId(double id)
{
	return id >= 0.0 && id <= 4294967295.0 ? (uint32_t)id : 0u;
}

NP_COLD int npwLimits3(double* out)
{
	out[NPW3_LIMITS_SHAPE_BYTES] = (double)sizeof(npShape3);
	out[NPW3_LIMITS_HULL_BYTES] = (double)sizeof(npHull3);
	out[NPW3_LIMITS_CACHE_BYTES] = (double)sizeof(npContactCache3);
	out[NPW3_LIMITS_MAX_HULL_INPUT] = NP_MAX_HULL_INPUT;
	out[NPW3_LIMITS_MAX_HULL_VERTICES] = NP_MAX_HULL_VERTICES;
	out[NPW3_LIMITS_IO_DOUBLES] = NPW3_IO_DOUBLES;
	out[NPW3_LIMITS_USER_DATA] = NP_CONTACT_USER_DATA3;
	out[NPW3_LIMITS_HUGE] = NP_HUGE;
	out[NPW3_LIMITS_MAX_MANIFOLD_POINTS] = NP_MAX_MANIFOLD_POINTS3;
	return NPW3_LIMITS_SIZE;
}

NP_COLD int npwMakeBox3(double hx, double hy, double hz, npShape3* out)
{
	return (int)npMakeBox3((npVec3){ hx, hy, hz }, out);
}

int npwMakeTriangle3(const double* xyz, npShape3* out)
{
	return (int)npMakeTriangle3(npwGetVec3(xyz), npwGetVec3(xyz + 3), npwGetVec3(xyz + 6), out);
}

NP_COLD int npwMakeHull3(const double* xyz, int count, npShape3* out, npHull3* hull)
{
	// npVec3 is three doubles with no padding, so the flat array is an array of npVec3.
	_Static_assert(sizeof(npVec3) == 3 * sizeof(double), "npVec3 must be three packed doubles");
	npResult r = npMakeHull3((const npVec3*)(const void*)xyz, count, hull);
	if (r != NP_OK)
		return (int)r;
	return (int)npMakeHullShape3(hull, out);
}

NP_COLD int npwShapeInfo3(const npShape3* shape, double* out)
{
	npPolyhedron3 view;
	if (!npMakePolyhedron3(shape, &view))
		return 0;
	out[NPW3_SHAPE_TYPE] = (double)shape->type;
	out[NPW3_SHAPE_RADIUS] = shape->radius;
	out[NPW3_SHAPE_HALF_HEIGHT] = shape->halfHeight;
	out[NPW3_SHAPE_VERTEX_COUNT] = (double)view.vertexCount;
	out[NPW3_SHAPE_FACE_COUNT] = (double)view.faceCount;
	for (int i = 0; i < view.vertexCount && i < NP_MAX_HULL_VERTICES; ++i)
		npwPutVec3(out + NPW3_SHAPE_VERTICES + 3 * i, view.vertices[i]);
	return view.vertexCount;
}

// Builds both transforms; 0 or the negative code described in binding3d.h.
static int readTransforms(const double* io, npTransform3* xfA, npTransform3* xfB)
{
	npResult r = npwReadTransform3(io + NPW3_IO_XFA, xfA);
	if (r != NP_OK)
		return -(int)r;
	r = npwReadTransform3(io + NPW3_IO_XFB, xfB);
	if (r != NP_OK)
		return -(NPW3_ERR_B + (int)r);
	return 0;
}

int npwOverlap3(const npShape3* shapeA, const npShape3* shapeB, double* io)
{
	npTransform3 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	return npOverlap3(shapeA, xfA, shapeB, xfB) ? 1 : 0;
}

int npwDistance3(const npShape3* shapeA, const npShape3* shapeB, double* io)
{
	npTransform3 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	npDistanceResult3 d = npDistance3(shapeA, xfA, shapeB, xfB);
	double* out = io + NPW3_IO_OUT;
	out[NPW3_DISTANCE_DISTANCE] = d.distance;
	npwPutVec3(out + NPW3_DISTANCE_POINT_A, d.pointA);
	npwPutVec3(out + NPW3_DISTANCE_POINT_B, d.pointB);
	npwPutVec3(out + NPW3_DISTANCE_NORMAL, d.normal);
	out[NPW3_DISTANCE_ITERATIONS] = (double)d.iterations;
	return 0;
}

int npwPenetration3(const npShape3* shapeA, const npShape3* shapeB, double* io)
{
	npTransform3 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	npPenetrationResult3 p = npPenetration3(shapeA, xfA, shapeB, xfB);
	double* out = io + NPW3_IO_OUT;
	out[NPW3_PENETRATION_DEPTH] = p.depth;
	npwPutVec3(out + NPW3_PENETRATION_NORMAL, p.normal);
	npwPutVec3(out + NPW3_PENETRATION_POINT_A, p.pointA);
	npwPutVec3(out + NPW3_PENETRATION_POINT_B, p.pointB);
	npwPutVec3(out + NPW3_PENETRATION_LOCAL_A, p.localA);
	npwPutVec3(out + NPW3_PENETRATION_LOCAL_B, p.localB);
	npwPutVec3(out + NPW3_PENETRATION_TANGENT1, p.tangent1);
	npwPutVec3(out + NPW3_PENETRATION_TANGENT2, p.tangent2);
	out[NPW3_PENETRATION_ITERATIONS] = (double)p.iterations;
	out[NPW3_PENETRATION_STOP] = (double)p.stop;
	return p.overlapping ? 1 : 0;
}

int npwManifold3(const npShape3* shapeA, const npShape3* shapeB, double* io)
{
	npTransform3 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	// npCollideFlat3 (manifold3d.c) writes this shim's layout itself, with its own offsets.
	_Static_assert(NPW3_MANIFOLD_NORMAL == 0 && NPW3_MANIFOLD_POINTS == 3 && NPW3_MANIFOLD_POINT_SIZE == 8 &&
					   NPW3_MANIFOLD_POINT_POINT_A == 0 && NPW3_MANIFOLD_POINT_POINT_B == 3 &&
					   NPW3_MANIFOLD_POINT_DEPTH == 6 && NPW3_MANIFOLD_POINT_ID == 7,
				   "npCollideFlat3 writes normal, then pointA, pointB, depth, id (8 doubles) per point");
	return npCollideFlat3(shapeA, &xfA, shapeB, &xfB, io[NPW3_IO_ARG], io + NPW3_IO_OUT);
}

int npwContactInit3(npContactCache3* cache, double breakDistance, double margin)
{
	return (int)npInitContactCache3(cache, breakDistance, margin);
}

int npwContactUpdate3(npContactCache3* cache, double* io)
{
	npTransform3 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	double count = io[NPW3_IO_ARG];
	if (!(count >= 0.0 && count <= NP_MAX_MANIFOLD_POINTS3))
		return (int)NP_ERR_INVALID_ARGUMENT;
	const double* in = io + NPW3_IO_OUT;
	npManifold3 m;
	m.normal = npwGetVec3(in + NPW3_MANIFOLD_NORMAL);
	m.pointCount = (int)count;
	for (int i = 0; i < m.pointCount; ++i)
	{
		const double* p = in + NPW3_MANIFOLD_POINTS + NPW3_MANIFOLD_POINT_SIZE * i;
		m.points[i].pointA = npwGetVec3(p + NPW3_MANIFOLD_POINT_POINT_A);
		m.points[i].pointB = npwGetVec3(p + NPW3_MANIFOLD_POINT_POINT_B);
		m.points[i].depth = p[NPW3_MANIFOLD_POINT_DEPTH];
		m.points[i].id = getId(p[NPW3_MANIFOLD_POINT_ID]);
	}
	return (int)npUpdateContactCache3(cache, &m, xfA, xfB);
}

int npwContactAdd3(npContactCache3* cache, double* io)
{
	npTransform3 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	const double* in = io + NPW3_IO_OUT;
	return (int)npAddContactPoint3(cache, npwGetVec3(in + NPW3_CONTACT_ADD_POINT_A), npwGetVec3(in + NPW3_CONTACT_ADD_POINT_B),
								   npwGetVec3(in + NPW3_CONTACT_ADD_NORMAL), getId(in[NPW3_CONTACT_ADD_ID]), xfA, xfB);
}

int npwContactRefresh3(npContactCache3* cache, double* io)
{
	npTransform3 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	return npRefreshContactCache3(cache, xfA, xfB);
}

void npwContactClear3(npContactCache3* cache)
{
	npClearContactCache3(cache);
}

int npwContactRead3(const npContactCache3* cache, double* out)
{
	npwPutVec3(out + NPW3_CACHE_NORMAL, cache->normal);
	for (int i = 0; i < cache->pointCount; ++i)
	{
		const npCachedContact3* c = cache->points + i;
		double* p = out + NPW3_CACHE_POINTS + NPW3_CACHED_POINT_SIZE * i;
		npwPutVec3(p + NPW3_CACHED_POINT_POINT_A, c->pointA);
		npwPutVec3(p + NPW3_CACHED_POINT_POINT_B, c->pointB);
		npwPutVec3(p + NPW3_CACHED_POINT_LOCAL_A, c->localA);
		npwPutVec3(p + NPW3_CACHED_POINT_LOCAL_B, c->localB);
		p[NPW3_CACHED_POINT_DEPTH] = c->depth;
		p[NPW3_CACHED_POINT_ID] = (double)c->id;
		p[NPW3_CACHED_POINT_AGE] = (double)c->age;
		for (int k = 0; k < NP_CONTACT_USER_DATA3; ++k)
			p[NPW3_CACHED_POINT_USER + k] = c->user[k];
	}
	return cache->pointCount;
}

int npwContactSetUser3(npContactCache3* cache, int index, const double* values)
{
	if (index < 0 || index >= cache->pointCount)
		return (int)NP_ERR_OUT_OF_RANGE;
	for (int k = 0; k < NP_CONTACT_USER_DATA3; ++k)
		cache->points[index].user[k] = values[k];
	return 0;
}
