// narrowphase batches: one call runs the same query over n pairs of shapes.
//
// A batch takes the pairs as flat arrays, the layout the JS API hands to wasm in one call:
// n pointers to shape A, n to shape B, and their transforms as numbers, 3 per pair in 2D
// (x, y, angle in radians) and 7 in 3D (position x, y, z, then the quaternion x, y, z, w).
// Each pair's transforms are built exactly as the single queries' callers build them
// (npMakeRot2 of the angle; npMakeTransform3, which normalises the quaternion) and checked, so
// every result is bit-identical to npOverlap2 / npCollide2 / npPenetration2 / npDistance2 (and
// the 3D ones) called on the same pair. Results go to caller-owned arrays, one array per field,
// `count` records each (the sizes below are per pair); nothing is allocated.
//
// A batch stops at the first pair it rejects and returns that pair's error code: a null shape
// pointer (NP_ERR_INVALID_ARGUMENT), an angle, position or quaternion component that is NaN,
// infinite or beyond NP_HUGE (NP_ERR_NON_FINITE), a zero quaternion (NP_ERR_INVALID_TRANSFORM).
// `error` (may be NULL) then says which pair and which side; the records before that pair are
// written, the others are not. A bad argument that is not a pair's (a negative count, a null
// array, a bad margin) is reported with index -1. A count of 0 is valid and writes nothing.
#ifndef NARROWPHASE_BATCH_H
#define NARROWPHASE_BATCH_H

#include "collide2d.h"
#include "manifold3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Numbers per transform in a 2D batch: x, y, angle.
#define NP_BATCH_TRANSFORM2 3
/// Numbers per transform in a 3D batch: position x, y, z, quaternion x, y, z, w.
#define NP_BATCH_TRANSFORM3 7

/// n pairs of 2D shapes with their transforms.
typedef struct npPairs2
{
	int count;                       ///< number of pairs (>= 0)
	const npShape2* const* shapesA;  ///< count pointers to shape A
	const double* transformsA;       ///< 3 * count numbers: x, y, angle of A per pair
	const npShape2* const* shapesB;  ///< count pointers to shape B
	const double* transformsB;       ///< 3 * count numbers: x, y, angle of B per pair
} npPairs2;

/// n pairs of 3D shapes with their transforms.
typedef struct npPairs3
{
	int count;                       ///< number of pairs (>= 0)
	const npShape3* const* shapesA;  ///< count pointers to shape A
	const double* transformsA;       ///< 7 * count numbers: px, py, pz, qx, qy, qz, qw of A per pair
	const npShape3* const* shapesB;  ///< count pointers to shape B
	const double* transformsB;       ///< 7 * count numbers of B per pair
} npPairs3;

/// Where a batch stopped.
typedef struct npBatchError
{
	int index; ///< the first pair rejected, or -1 when no pair was (or the arguments were bad)
	int side;  ///< 0 when pair `index`'s shape or transform A was rejected, 1 when B's
} npBatchError;

/// Manifolds of a batch, one array per field (dim = 2 or 3; P = NP_MAX_MANIFOLD_POINTS2 = 2 in
/// 2D, NP_MAX_MANIFOLD_POINTS3 = 4 in 3D). Pair i's points are slots i*P .. i*P + pointCount[i] - 1;
/// the unused slots are written as zeros.
typedef struct npManifoldBatch
{
	uint8_t* pointCount; ///< 1 per pair: 0 (no contact) to P
	double* normal;      ///< dim per pair: unit normal from A to B
	double* pointA;      ///< P * dim per pair: contact points on A, world space
	double* pointB;      ///< P * dim per pair: contact points on B, world space
	double* depth;       ///< P per pair: dot(pointA - pointB, normal)
	uint32_t* id;        ///< P per pair: feature ids
} npManifoldBatch;

/// Penetrations of a batch (npPenetration2 / npPenetration3 per pair; every field 0 when apart).
typedef struct npPenetrationBatch
{
	uint8_t* overlapping; ///< 1 per pair: 1 when the shapes overlap, 0 when apart
	double* depth;        ///< 1 per pair: penetration depth
	double* normal;       ///< dim per pair: unit direction from A to B
	double* pointA;       ///< dim per pair: deepest point of A inside B
	double* pointB;       ///< dim per pair: deepest point of B inside A
	uint32_t* iterations; ///< 1 per pair: EPA iterations
} npPenetrationBatch;

/// Distances of a batch (npDistance2 / npDistance3 per pair).
typedef struct npDistanceBatch
{
	double* distance;     ///< 1 per pair: distance, 0 when overlapping
	double* pointA;       ///< dim per pair: closest point on A
	double* pointB;       ///< dim per pair: closest point on B
	double* normal;       ///< dim per pair: unit vector from pointA to pointB, zero when overlapping
	uint32_t* iterations; ///< 1 per pair: GJK iterations
} npDistanceBatch;

/// overlap[i] = 1 when pair i's shapes overlap or touch (npOverlap2), else 0.
npResult npOverlapBatch2(const npPairs2* pairs, uint8_t* overlap, npBatchError* error);
/// npCollide2 per pair with the same margin (>= 0, <= NP_HUGE).
npResult npManifoldBatch2(const npPairs2* pairs, double margin, const npManifoldBatch* out, npBatchError* error);
/// npPenetration2 per pair.
npResult npPenetrationBatch2(const npPairs2* pairs, const npPenetrationBatch* out, npBatchError* error);
/// npDistance2 per pair.
npResult npDistanceBatch2(const npPairs2* pairs, const npDistanceBatch* out, npBatchError* error);

/// overlap[i] = 1 when pair i's shapes overlap or touch (npOverlap3), else 0.
npResult npOverlapBatch3(const npPairs3* pairs, uint8_t* overlap, npBatchError* error);
/// npCollide3 per pair with the same margin (>= 0, <= NP_HUGE).
npResult npManifoldBatch3(const npPairs3* pairs, double margin, const npManifoldBatch* out, npBatchError* error);
/// npPenetration3 per pair.
npResult npPenetrationBatch3(const npPairs3* pairs, const npPenetrationBatch* out, npBatchError* error);
/// npDistance3 per pair.
npResult npDistanceBatch3(const npPairs3* pairs, const npDistanceBatch* out, npBatchError* error);

#ifdef __cplusplus
}
#endif

#endif
