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

#include "binding_layout.h"
#include "narrowphase/collide2d.h"
#include "narrowphase/trace2d.h"

// Offsets inside the io block (NPW_IO_*), the result records and NPW_ERR_B come from
// binding_layout.h, generated from the table in tools/iolayout.mjs.

/// A 2D vector read from / written to two doubles.
static inline npVec2 npwGetVec2(const double* in) { return (npVec2){ in[0], in[1] }; }

static inline void npwPutVec2(double* out, npVec2 v)
{
	out[0] = v.x;
	out[1] = v.y;
}

/// Angles obey the same bound as coordinates (NP_HUGE): npMakeRot2 reduces them by an integer
/// multiple of pi/2, which must fit its 64-bit integer.
static inline bool npwUsableAngle(double angle) { return angle >= -NP_HUGE && angle <= NP_HUGE; }

/// The transform of an (x, y, angle) triple, its rotation remembered per slot (0 or 1: the last
/// angle seen there and its npMakeRot2, bit-identical to recomputing it). The angle must be usable
/// (npwUsableAngle); the transform is not validated.
npTransform2 npwTransform2(const double* xyAngle, int slot);

/// Writes a 2D cast's public batch record (NPWC2_MANY: fraction or -1, points, normal, initial);
/// shared by the shape and chain cast batches (bindingcast2d.c, bindingchain.c).
struct npCastHit2;
void npwPutCastRecord2(double* out, const struct npCastHit2* hit);

/// Smallest io block the 2D functions need: the Minkowski difference writes 2 doubles per vertex.
#define NPW_IO_DOUBLES (NPW_IO_OUT + 16 + 4 * (2 * NP_MAX_POLYGON_VERTICES + 4))

/// Writes the 2D limits and struct sizes to out (NPW_LIMITS2_*). Returns the number of values
/// written.
int npwLimits2(double* out);

/// The rotation of a prepared transform: cosine and sine of `angle` by npMakeRot2 to out[0..1].
/// 0, or -NP_ERR_NON_FINITE for an angle that is NaN or beyond NP_HUGE.
int npwRot2(double angle, double* out);

/// Writes a shape's type, count, radius and core vertices to out (NPW_SHAPE2_*). Returns count.
int npwShapeInfo2(const npShape2* shape, double* out);

/// 1 when the shapes overlap, 0 when not, negative on a bad transform.
int npwOverlap2(const npShape2* shapeA, const npShape2* shapeB, double* io);

/// Writes the distance record (NPW_DISTANCE2_*) at NPW_IO_OUT. 0 or negative.
int npwDistance2(const npShape2* shapeA, const npShape2* shapeB, double* io);

/// Writes the penetration record (NPW_PENETRATION2_*) at NPW_IO_OUT; with `steps` (may be NULL)
/// it records a trace and also writes the trace fields. Returns 1 when overlapping, 0 when not,
/// negative on error.
int npwPenetration2(const npShape2* shapeA, const npShape2* shapeB, double* io, npEpaStep2* steps,
					int stepCapacity);

/// Flattens EPA step `index` to out (NPW_EPA_STEP2_*). Returns its vertex count.
int npwEpaStep2(const npEpaStep2* steps, int index, double* out);

/// Manifold with margin io[NPW_IO_ARG]: writes NPW_MANIFOLD2_* at NPW_IO_OUT. Returns the point
/// count or negative.
int npwManifold2(const npShape2* shapeA, const npShape2* shapeB, double* io);

/// Core Minkowski difference A - B: writes the vertices at NPW_IO_OUT. Returns the count or negative.
int npwMinkowskiDifference2(const npShape2* shapeA, const npShape2* shapeB, double* io);

/// Bytes currently allocated by malloc (wasm builds; -1 natively). For leak tests.
double npwHeapInUse(void);

// 2D traces (trace2d.h): GJK steps of distance (mode 0), overlap (1) or penetration (2), and the
// manifold's clipping. See the definitions in binding.c.
int npwGjkStepBytes2(void);
int npwTraceGjk2(const npShape2* shapeA, const npShape2* shapeB, double* io, npGjkStep2* steps, int stepCapacity,
				 int mode);
int npwGjkStep2(const npGjkStep2* steps, int index, double* out);
int npwClipTrace2(const npShape2* shapeA, const npShape2* shapeB, double* io);

#endif
