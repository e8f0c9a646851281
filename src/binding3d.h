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

#include "narrowphase/collide3d.h"
#include "narrowphase/manifold3d.h"

/// Offsets (in doubles) inside the io block.
#define NPW3_IO_XFA 0  ///< transform A: px, py, pz, qx, qy, qz, qw
#define NPW3_IO_XFB 7  ///< transform B: px, py, pz, qx, qy, qz, qw
#define NPW3_IO_ARG 14 ///< query option (manifold margin)
#define NPW3_IO_OUT 16 ///< first result slot
/// Doubles per manifold point in the io block: pointA, pointB, depth, id.
#define NPW3_MANIFOLD_POINT 8
/// Doubles per cached contact written by npwContactRead3: pointA, pointB, localA, localB, depth,
/// id, age, user data.
#define NPW3_CACHED_POINT (15 + NP_CONTACT_USER_DATA3)
/// Smallest io block the 3D functions need (shape info writes 3 doubles per hull vertex).
#define NPW3_IO_DOUBLES (NPW3_IO_OUT + 4 + 3 * NP_MAX_HULL_VERTICES)
/// Added to the result code when transform B (rather than A) is rejected.
#define NPW3_ERR_B 100

/// Writes the 3D limits and struct sizes: [sizeof(npShape3), sizeof(npHull3),
/// sizeof(npContactCache3), NP_MAX_HULL_INPUT, NP_MAX_HULL_VERTICES, NPW3_IO_DOUBLES,
/// NP_CONTACT_USER_DATA3, NP_HUGE, NP_MAX_MANIFOLD_POINTS3]. Returns the number of values.
int npwLimits3(double* out);

/// A box from three half extents (npMakeBox3 takes a struct, which JS cannot pass).
int npwMakeBox3(double hx, double hy, double hz, npShape3* out);
/// A triangle from 9 coordinates.
int npwMakeTriangle3(const double* xyz, npShape3* out);
/// Builds `hull` from `count` points (3 doubles each) and the hull shape `out` referring to it.
int npwMakeHull3(const double* xyz, int count, npShape3* out, npHull3* hull);

/// Writes type, radius, halfHeight, vertexCount, faceCount, then the core's vertices (x, y, z)
/// in local space. Returns vertexCount.
int npwShapeInfo3(const npShape3* shape, double* out);

/// 1 when the shapes overlap, 0 when not, negative on a bad transform.
int npwOverlap3(const npShape3* shapeA, const npShape3* shapeB, double* io);
/// Writes distance, pointA, pointB, normal, iterations at NPW3_IO_OUT. 0 or negative.
int npwDistance3(const npShape3* shapeA, const npShape3* shapeB, double* io);
/// Writes depth, normal, pointA, pointB, localA, localB, tangent1, tangent2, iterations, stop.
/// 1 when overlapping, 0 when not, negative on error.
int npwPenetration3(const npShape3* shapeA, const npShape3* shapeB, double* io);
/// Manifold with margin io[NPW3_IO_ARG]: writes normal, then per point pointA, pointB, depth, id.
/// Returns the point count or negative.
int npwManifold3(const npShape3* shapeA, const npShape3* shapeB, double* io);

/// npInitContactCache3.
int npwContactInit3(npContactCache3* cache, double breakDistance, double margin);
/// Feeds a manifold laid out as npwManifold3 writes it (normal, then the points; the point count
/// in io[NPW3_IO_ARG]) with the transforms in io. 0, a negative transform code, or a positive
/// npResult.
int npwContactUpdate3(npContactCache3* cache, double* io);
/// Feeds one point: io[NPW3_IO_OUT..] = pointA, pointB, normal, id. Same returns.
int npwContactAdd3(npContactCache3* cache, double* io);
/// npRefreshContactCache3 with the transforms in io. Returns the point count or negative.
int npwContactRefresh3(npContactCache3* cache, double* io);
/// Forgets every point.
void npwContactClear3(npContactCache3* cache);
/// Writes normal, then NPW3_CACHED_POINT doubles per point. Returns the point count.
int npwContactRead3(const npContactCache3* cache, double* out);
/// Sets the user data of point `index` from NP_CONTACT_USER_DATA3 doubles. 0, or
/// NP_ERR_OUT_OF_RANGE.
int npwContactSetUser3(npContactCache3* cache, int index, const double* values);

#endif
