// The WebAssembly shim behind js/api3d.mjs (private header).
//
// Same scheme as the 2D shim (binding.h): JS writes both transforms (position x, y, z and
// quaternion x, y, z, w) and any option into the shared scratch block of doubles ("io"), calls one
// function with the shape pointers, and reads the flattened result back from the same block. The
// shim builds the transforms with npMakeTransform3 (normalising the quaternion, rejecting zero or
// non-finite input), calls the core and flattens. No geometry here.
//
// Functions that read transforms return a negative number on bad input: -code when transform A
// is rejected, -(NPW3_ERR_B + code) when transform B is (code an npResult).
#ifndef NP_BINDING3D_H
#define NP_BINDING3D_H

#include "binding_layout.h"
#include "narrowphase/collide3d.h"
#include "narrowphase/manifold3d.h"
#include "narrowphase/mesh3d.h"

#include <stdint.h>

// Offsets inside the io block (NPW3_IO_*), the result records and NPW3_ERR_B come from
// binding_layout.h, generated from the table in tools/iolayout.mjs.

/// Doubles per cached contact written by npwContactRead3 (the record, then the user data).
#define NPW3_CACHED_POINT_SIZE (NPW3_CACHED_POINT_USER + NP_CONTACT_USER_DATA3)
/// Smallest io block the 3D functions need (shape info writes 3 doubles per hull vertex).
#define NPW3_IO_DOUBLES (NPW3_IO_OUT + 4 + 3 * NP_MAX_HULL_VERTICES)

/// Three doubles as JS writes a vector, and back (shared by the 3D and mesh shims).
static inline npVec3 npwGetVec3(const double* in)
{
	return (npVec3){ in[0], in[1], in[2] };
}

static inline void npwPutVec3(double* out, npVec3 v)
{
	out[0] = v.x;
	out[1] = v.y;
	out[2] = v.z;
}

/// A transform as JS writes it (NPW3_XF_*), normalised and checked by npMakeTransform3.
static inline npResult npwReadTransform3(const double* xf, npTransform3* out)
{
	const double* q = xf + NPW3_XF_ROTATION;
	return npMakeTransform3(npwGetVec3(xf + NPW3_XF_POSITION), (npQuat){ q[0], q[1], q[2], q[3] }, out);
}

/// Reads `count` mesh records as JS writes them (NPWM_IO_MESH_*: an npMesh3 pointer and a
/// transform) into `out` (shared by the mesh and query shims). 0, or
/// -(NPWM_ERR_MESH * (i + 1) + code) for the first mesh i whose transform is rejected.
static inline int npwReadMeshRecords3(const double* records, int count, npMeshInstance3* out)
{
	for (int i = 0; i < count; ++i)
	{
		const double* m = records + NPWM_IO_MESH_SIZE * i;
		out[i].mesh = (const npMesh3*)(uintptr_t)m[NPWM_IO_MESH_PTR];
		npResult r = npwReadTransform3(m + NPWM_IO_MESH_XF, &out[i].transform);
		if (r != NP_OK)
			return -(NPWM_ERR_MESH * (i + 1) + (int)r);
	}
	return 0;
}

/// Writes the 3D limits and struct sizes (NPW3_LIMITS_*). Returns the number of values.
int npwLimits3(double* out);

/// A box from three half extents (npMakeBox3 takes a struct, which JS cannot pass).
int npwMakeBox3(double hx, double hy, double hz, npShape3* out);
/// A triangle from 9 coordinates.
int npwMakeTriangle3(const double* xyz, npShape3* out);
/// Builds `hull` from `count` points (3 doubles each) and the hull shape `out` referring to it.
int npwMakeHull3(const double* xyz, int count, npShape3* out, npHull3* hull);

/// Writes the shape record (NPW3_SHAPE_*): type, radius, half height, counts, then the core's
/// vertices in local space. Returns the vertex count.
int npwShapeInfo3(const npShape3* shape, double* out);

/// 1 when the shapes overlap, 0 when not, negative on a bad transform.
int npwOverlap3(const npShape3* shapeA, const npShape3* shapeB, double* io);
/// Writes the distance record (NPW3_DISTANCE_*) at NPW3_IO_OUT. 0 or negative.
int npwDistance3(const npShape3* shapeA, const npShape3* shapeB, double* io);
/// Writes the penetration record (NPW3_PENETRATION_*) at NPW3_IO_OUT. 1 when overlapping, 0 when
/// not, negative on error.
int npwPenetration3(const npShape3* shapeA, const npShape3* shapeB, double* io);
/// Manifold with margin io[NPW3_IO_ARG]: writes NPW3_MANIFOLD_* at NPW3_IO_OUT. Returns the point
/// count or negative.
int npwManifold3(const npShape3* shapeA, const npShape3* shapeB, double* io);

/// npInitContactCache3.
int npwContactInit3(npContactCache3* cache, double breakDistance, double margin);
/// Feeds a manifold laid out as npwManifold3 writes it (NPW3_MANIFOLD_*; the point count in
/// io[NPW3_IO_ARG]) with the transforms in io. 0, a negative transform code, or a positive
/// npResult.
int npwContactUpdate3(npContactCache3* cache, double* io);
/// Feeds one point (NPW3_CONTACT_ADD_* at NPW3_IO_OUT). Same returns.
int npwContactAdd3(npContactCache3* cache, double* io);
/// npRefreshContactCache3 with the transforms in io. Returns the point count or negative.
int npwContactRefresh3(npContactCache3* cache, double* io);
/// Forgets every point.
void npwContactClear3(npContactCache3* cache);
/// Writes the cache record (NPW3_CACHE_*, NPW3_CACHED_POINT_SIZE doubles per point). Returns the
/// point count.
int npwContactRead3(const npContactCache3* cache, double* out);
/// Sets the user data of point `index` from NP_CONTACT_USER_DATA3 doubles. 0, or
/// NP_ERR_OUT_OF_RANGE.
int npwContactSetUser3(npContactCache3* cache, int index, const double* values);

#endif
