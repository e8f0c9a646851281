// narrowphase: collision and contact-manifold queries for 2D and 3D convex shapes.
// base.h: result codes, the deterministic angle helpers and the conventions shared by 2D and 3D.
//
// Conventions used by every query in the library:
//  - Everything is double precision. The core uses no libm transcendentals and is compiled
//    without floating-point contraction, so native and WebAssembly builds agree bit for bit.
//  - A query takes shape A with its transform and shape B with its transform.
//  - `normal` is unit length and points from A to B.
//  - `pointA` lies on A's surface, `pointB` on B's surface (world space).
//  - `depth = dot(pointA - pointB, normal)`: positive when overlapping, negative for speculative
//    (margin) contacts. Translating B by `depth * normal` makes the shapes just touch.
//  - The core never allocates memory. Shapes are plain structs owned by the caller.
#ifndef NARROWPHASE_BASE_H
#define NARROWPHASE_BASE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes returned by every function that can reject its input.
typedef enum npResult
{
	NP_OK = 0,                 ///< success
	NP_ERR_NON_FINITE = 1,     ///< a NaN or infinite number was given
	NP_ERR_DEGENERATE = 2,     ///< too few distinct, non-collinear (2D) / non-coplanar-enough points
	NP_ERR_TOO_MANY_POINTS = 3,///< more input points, or hull vertices, than the fixed capacity
	NP_ERR_INVALID_RADIUS = 4, ///< a radius that is zero or negative (or negative rounding)
	NP_ERR_INVALID_EXTENT = 5, ///< a half extent or half length that is zero or negative
	NP_ERR_INVALID_TRANSFORM = 6, ///< a zero or non-finite rotation, or malformed transform
	NP_ERR_INVALID_ARGUMENT = 7,  ///< a null pointer, a negative count or an unknown shape type
	NP_ERR_CAPACITY = 8,       ///< an output buffer given by the caller is too small
	NP_ERR_OUT_OF_RANGE = 9,   ///< an index (e.g. a mesh triangle index) outside its array
} npResult;

/// A short, stable, human-readable description of a result code.
const char* npResultString(npResult result);

/// Upper bound on coordinates accepted by shape and transform constructors. Larger numbers are
/// rejected as NP_ERR_NON_FINITE: products of such values would overflow.
#define NP_HUGE 1.0e12

#ifdef __cplusplus
}
#endif

#endif
