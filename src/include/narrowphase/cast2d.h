// narrowphase 2D: shape casts (a convex shape moving in a straight line, without turning, against
// another) and time of impact (two shapes each moving and turning over a sweep).
//
// Conventions: transforms map local frames to world space; results are in world space. A cast's
// `normal` points from the target toward the moving shape (the hit surface's outward normal, as for
// rays); a time of impact's `normal` points from A to B, as in every pair query of the library.
#ifndef NARROWPHASE_CAST2D_H
#define NARROWPHASE_CAST2D_H

#include "collide2d.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most iterations of a shape cast (the GJK ray cast takes a handful; the bound guards rounding).
#define NP_CAST_MAX_ITERATIONS2 64
/// Most outer iterations of a time of impact (each one a GJK distance and a bound root): a handful
/// usually; shapes turning tens of times within one sweep while their tips keep nearly meeting take
/// more.
#define NP_TOI_MAX_ITERATIONS2 256

/// A linear cast: `shape` moves from `transform` by fraction * `translation`, fraction in
/// [0, maxFraction], without rotating, toward the fixed `target`.
typedef struct npShapeCastInput2
{
	const npShape2* shape;        ///< the moving shape
	npTransform2 transform;       ///< its transform at fraction 0
	npVec2 translation;           ///< its motion at fraction 1 (zero: an overlap test)
	const npShape2* target;       ///< the fixed shape cast against
	npTransform2 targetTransform; ///< the target's transform
	double maxFraction;           ///< largest fraction considered (>= 0; 1 sweeps the translation once)
	double targetDistance;        ///< >= 0: the hit is the first fraction at which the distance is at most this
	bool ignoreSeparating;        ///< skip an initial contact that the translation moves away from
} npShapeCastInput2;

/// The common cast: maxFraction 1, targetDistance 0, initial contacts reported.
npShapeCastInput2 npMakeShapeCastInput2(const npShape2* shape, npTransform2 transform, npVec2 translation,
										const npShape2* target, npTransform2 targetTransform);

/// Where a cast first touches its target.
typedef struct npCastHit2
{
	bool hit;            ///< false when the shapes never come within targetDistance on [0, maxFraction]
	double fraction;     ///< the first fraction at which the distance is targetDistance (never later than it)
	npVec2 point;        ///< on the target's surface, at the hit
	npVec2 pointOnShape; ///< the matching point of the moved shape's surface, at the hit
	npVec2 normal;       ///< unit, from the target toward the moving shape (zero for an initial contact of shapes touching exactly)
	bool initialOverlap; ///< within targetDistance at fraction 0 (then fraction is 0)
	double penetration;  ///< overlap depth at fraction 0 when the shapes overlap there, else 0
	int iterations;      ///< iterations of the ray cast on the Minkowski difference
} npCastHit2;

/// Casts a shape against another. Exact for rounded shapes (their radii are part of the cast, not
/// approximated); the fraction is a lower bound of the exact first contact, within about 1e-10 of
/// the problem's scale (the distance tolerance of its stop test) over the translation's length. Errors: NP_ERR_INVALID_ARGUMENT (null pointer, negative maxFraction or
/// targetDistance), NP_ERR_NON_FINITE, NP_ERR_INVALID_TRANSFORM; on error *hit is cleared.
npResult npShapeCast2(const npShapeCastInput2* input, npCastHit2* hit);

/// Many casts of the same shapes and options: cast i starts with the moving shape at positions[i]
/// (input->transform's rotation) and moves by translations[i]; hits[i] is its result. The shapes,
/// the rotation and the options are checked once. On an error in cast i, *failed is set to i (-1
/// when the shared input was rejected) and the casts before it are kept.
npResult npShapeCastMany2(const npShapeCastInput2* input, const npVec2* positions, const npVec2* translations,
						  int count, npCastHit2* hits, int* failed);

/// A 2D motion over fraction 0..1: the local point `center` moves in a straight line from its place
/// under `from` to its place under `to` while the shape turns about it, the angle moving linearly
/// from angle0 to angle1 (never wrapped: 0 to 20 turns ten times over).
typedef struct npSweep2
{
	npVec2 center;   ///< the local point that moves in a straight line (usually the centroid)
	npVec2 position0;///< the local origin's world position at fraction 0
	double angle0;   ///< the angle at fraction 0 (radians)
	npVec2 position1;///< the local origin's world position at fraction 1
	double angle1;   ///< the angle at fraction 1 (radians, any value: not reduced; a pose is as exact as the angle, which moves in steps of its last bit: 1.2e-4 rad at 1e12 rad)
} npSweep2;

/// The transform of a sweep at a fraction (the angle through npMakeRot2).
npTransform2 npSweepTransform2(const npSweep2* sweep, double fraction);

/// Two swept shapes.
typedef struct npTimeOfImpactInput2
{
	const npShape2* shapeA; ///< first shape
	npSweep2 sweepA;        ///< its motion
	const npShape2* shapeB; ///< second shape
	npSweep2 sweepB;        ///< its motion
	double targetDistance;  ///< >= 0: the contact sought is the distance reaching this
	double tolerance;       ///< > 0: accepted distance error; 0 picks 1e-9 of the problem's scale
} npTimeOfImpactInput2;

/// Why a time of impact stopped.
typedef enum npToiState2
{
	NP_TOI_HIT = 0,        ///< the distance reached targetDistance (within tolerance) at `fraction`
	NP_TOI_SEPARATED = 1,  ///< never within targetDistance on [0, 1]; fraction is 1
	NP_TOI_OVERLAPPED = 2, ///< already within targetDistance - tolerance at fraction 0
	NP_TOI_FAILED = 3,     ///< iteration bound reached; fraction is still no later than the first contact
} npToiState2;

/// Result of npTimeOfImpact2.
typedef struct npToiResult2
{
	npToiState2 state; ///< hit, separated, overlapped or failed
	double fraction;   ///< no contact (distance below targetDistance - tolerance) happens before it
	npVec2 normal;     ///< unit, from A to B at fraction (when separated: at 1, where the sweeps end)
	npVec2 pointA;     ///< closest point of A at fraction (when separated: at 1)
	npVec2 pointB;     ///< closest point of B at fraction (when separated: at 1)
	int iterations;    ///< outer iterations (GJK distances)
} npToiResult2;

/// The first fraction in [0, 1] at which two swept shapes come within targetDistance. Conservative:
/// at every step a lower bound of the distance that holds over the rest of the sweep (Taylor bound
/// with the rotation's second derivative, or the Lipschitz bound of the fastest point) is solved, so
/// no contact is skipped, however fast or thin the shapes. Errors as npShapeCast2; NP_ERR_NON_FINITE
/// also for angles beyond NP_HUGE.
npResult npTimeOfImpact2(const npTimeOfImpactInput2* input, npToiResult2* out);

#ifdef __cplusplus
}
#endif

#endif
