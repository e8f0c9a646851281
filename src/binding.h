// The WebAssembly shim behind js/api2d.mjs (private header).
//
// JavaScript cannot pass C structs by value, so every query goes through one of these functions:
// JS writes the two transforms (as x, y, angle) and any option into a scratch block of doubles
// ("io" below), calls one function with the two shape pointers, and reads the result back from the
// same block. The shim only marshals: it builds the transforms with npMakeTransform2 (the library's
// deterministic sine and cosine), validates them, calls the core and flattens the result.
//
// Shapes are created by calling npMakeCircle, npMakeCapsule2, npMakeBox2 and npMakePolygon2
// directly (they already take scalars and pointers); the memory comes from the exported malloc.
//
// A function that validates transforms returns a negative number on bad input:
// -code when transform A is rejected, -(NPW_ERR_B + code) when transform B is, where code is an
// npResult. The JS side turns that into an exception naming the bad argument.
#ifndef NP_BINDING_H
#define NP_BINDING_H

#include "narrowphase/collide2d.h"

/// Offsets (in doubles) inside the io block.
#define NPW_IO_XFA 0 ///< transform A: x, y, angle
#define NPW_IO_XFB 3 ///< transform B: x, y, angle
#define NPW_IO_ARG 6 ///< query option (manifold margin)
#define NPW_IO_OUT 8 ///< first result slot
/// Smallest io block the 2D functions need: the Minkowski difference writes 2 doubles per vertex.
#define NPW_IO_DOUBLES (NPW_IO_OUT + 8 + 2 * (2 * NP_MAX_POLYGON_VERTICES + 4))
/// Added to the result code when transform B (rather than A) is rejected.
#define NPW_ERR_B 100

/// Writes the 2D limits and struct sizes to out: [NP_MAX_POLYGON_VERTICES, NP_MAX_POLYGON_INPUT,
/// NP_EPA2_MAX_VERTICES, sizeof(npShape2), sizeof(npEpaStep2), NP_HUGE, NPW_IO_DOUBLES,
/// sizeof(npVec2)]. Returns the number of values written.
int npwLimits2(double* out);

/// Writes a shape's type, count, radius and core vertices (x, y pairs) to out. Returns count.
int npwShapeInfo2(const npShape2* shape, double* out);

/// 1 when the shapes overlap, 0 when not, negative on a bad transform.
int npwOverlap2(const npShape2* shapeA, const npShape2* shapeB, double* io);

/// Writes distance, pointA, pointB, normal, iterations at NPW_IO_OUT. 0 or negative.
int npwDistance2(const npShape2* shapeA, const npShape2* shapeB, double* io);

/// Writes depth, normal, pointA, pointB, iterations, stop at NPW_IO_OUT; with `steps` (may be
/// NULL) it records a trace and writes simplexCount, simplex (3 points), startedFromEdge,
/// stepCount, truncated after them. Returns 1 when overlapping, 0 when not, negative on error.
int npwPenetration2(const npShape2* shapeA, const npShape2* shapeB, double* io, npEpaStep2* steps,
					int stepCapacity);

/// Flattens EPA step `index` to out: vertexCount, closestEdge, edgeNormal, edgeDistance, support,
/// supportDistance, stop, then the polytope vertices. Returns vertexCount.
int npwEpaStep2(const npEpaStep2* steps, int index, double* out);

/// Manifold with margin io[NPW_IO_ARG]: writes normal, then per point pointA, pointB, depth, id at
/// NPW_IO_OUT. Returns the point count or negative.
int npwManifold2(const npShape2* shapeA, const npShape2* shapeB, double* io);

/// Core Minkowski difference A - B: writes the vertices at NPW_IO_OUT. Returns the count or negative.
int npwMinkowskiDifference2(const npShape2* shapeA, const npShape2* shapeB, double* io);

/// Bytes currently allocated by malloc (wasm builds; -1 natively). For leak tests.
double npwHeapInUse(void);

#endif
