// The WebAssembly shim behind js/api3d.mjs: marshalling only, no geometry (see binding3d.h).
#include "binding3d.h"
#include "manifold3d_private.h"
#include "polyhedron3d.h"

#include <stddef.h>

int npwLimits3(double* out)
{
	out[0] = (double)sizeof(npShape3);
	out[1] = (double)sizeof(npHull3);
	out[2] = (double)sizeof(npContactCache3);
	out[3] = NP_MAX_HULL_INPUT;
	out[4] = NP_MAX_HULL_VERTICES;
	out[5] = NPW3_IO_DOUBLES;
	out[6] = NP_CONTACT_USER_DATA3;
	out[7] = NP_HUGE;
	out[8] = NP_MAX_MANIFOLD_POINTS3;
	return 9;
}

int npwMakeBox3(double hx, double hy, double hz, npShape3* out)
{
	return (int)npMakeBox3((npVec3){ hx, hy, hz }, out);
}

int npwMakeTriangle3(const double* xyz, npShape3* out)
{
	return (int)npMakeTriangle3((npVec3){ xyz[0], xyz[1], xyz[2] }, (npVec3){ xyz[3], xyz[4], xyz[5] },
								(npVec3){ xyz[6], xyz[7], xyz[8] }, out);
}

int npwMakeHull3(const double* xyz, int count, npShape3* out, npHull3* hull)
{
	// npVec3 is three doubles with no padding, so the flat array is an array of npVec3.
	_Static_assert(sizeof(npVec3) == 3 * sizeof(double), "npVec3 must be three packed doubles");
	npResult r = npMakeHull3((const npVec3*)(const void*)xyz, count, hull);
	if (r != NP_OK)
		return (int)r;
	return (int)npMakeHullShape3(hull, out);
}

int npwShapeInfo3(const npShape3* shape, double* out)
{
	npPolyhedron3 view;
	if (!npMakePolyhedron3(shape, &view))
		return 0;
	out[0] = (double)shape->type;
	out[1] = shape->radius;
	out[2] = shape->halfHeight;
	out[3] = (double)view.vertexCount;
	out[4] = (double)view.faceCount;
	for (int i = 0; i < view.vertexCount && i < NP_MAX_HULL_VERTICES; ++i)
	{
		out[5 + 3 * i] = view.vertices[i].x;
		out[6 + 3 * i] = view.vertices[i].y;
		out[7 + 3 * i] = view.vertices[i].z;
	}
	return view.vertexCount;
}

// Builds both transforms; 0 or the negative code described in binding3d.h.
static int readTransforms(const double* io, npTransform3* xfA, npTransform3* xfB)
{
	const double* a = io + NPW3_IO_XFA;
	const double* b = io + NPW3_IO_XFB;
	npResult r = npMakeTransform3((npVec3){ a[0], a[1], a[2] }, (npQuat){ a[3], a[4], a[5], a[6] }, xfA);
	if (r != NP_OK)
		return -(int)r;
	r = npMakeTransform3((npVec3){ b[0], b[1], b[2] }, (npQuat){ b[3], b[4], b[5], b[6] }, xfB);
	if (r != NP_OK)
		return -(NPW3_ERR_B + (int)r);
	return 0;
}

static void putVec(double* out, npVec3 v)
{
	out[0] = v.x;
	out[1] = v.y;
	out[2] = v.z;
}

static npVec3 getVec(const double* in)
{
	return (npVec3){ in[0], in[1], in[2] };
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
	out[0] = d.distance;
	putVec(out + 1, d.pointA);
	putVec(out + 4, d.pointB);
	putVec(out + 7, d.normal);
	out[10] = (double)d.iterations;
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
	out[0] = p.depth;
	putVec(out + 1, p.normal);
	putVec(out + 4, p.pointA);
	putVec(out + 7, p.pointB);
	putVec(out + 10, p.localA);
	putVec(out + 13, p.localB);
	putVec(out + 16, p.tangent1);
	putVec(out + 19, p.tangent2);
	out[22] = (double)p.iterations;
	out[23] = (double)p.stop;
	return p.overlapping ? 1 : 0;
}

int npwManifold3(const npShape3* shapeA, const npShape3* shapeB, double* io)
{
	npTransform3 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	// npCollideFlat3 writes this shim's layout itself (normal, then pointA, pointB, depth, id).
	_Static_assert(NPW3_MANIFOLD_POINT == 8, "npCollideFlat3 writes 8 doubles per point");
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
	m.normal = getVec(in);
	m.pointCount = (int)count;
	for (int i = 0; i < m.pointCount; ++i)
	{
		const double* p = in + 3 + NPW3_MANIFOLD_POINT * i;
		m.points[i].pointA = getVec(p);
		m.points[i].pointB = getVec(p + 3);
		m.points[i].depth = p[6];
		// Ids are integers below 2^32 (the JS side checks); anything else becomes "no id".
		m.points[i].id = p[7] >= 0.0 && p[7] <= 4294967295.0 ? (uint32_t)p[7] : 0u;
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
	uint32_t id = in[9] >= 0.0 && in[9] <= 4294967295.0 ? (uint32_t)in[9] : 0u;
	return (int)npAddContactPoint3(cache, getVec(in), getVec(in + 3), getVec(in + 6), id, xfA, xfB);
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
	putVec(out, cache->normal);
	for (int i = 0; i < cache->pointCount; ++i)
	{
		const npCachedContact3* c = cache->points + i;
		double* p = out + 3 + NPW3_CACHED_POINT * i;
		putVec(p, c->pointA);
		putVec(p + 3, c->pointB);
		putVec(p + 6, c->localA);
		putVec(p + 9, c->localB);
		p[12] = c->depth;
		p[13] = (double)c->id;
		p[14] = (double)c->age;
		for (int k = 0; k < NP_CONTACT_USER_DATA3; ++k)
			p[15 + k] = c->user[k];
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
