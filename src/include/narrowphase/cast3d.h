// narrowphase 3D: shape casts (a convex shape swept along a straight line against a shape or meshes)
// and time of impact (two shapes moving and turning).
//
// Conventions: the moving shape never rotates during a shape cast; the hit normal points from the
// target toward the moving shape (the hit surface's outward normal, as for rays). A fraction is
// never later than the exact first contact: the casts stop a hair before it (about 1e-10 of the
// problem's scale), so a shape moved to its hit never sits inside the target.
#ifndef NARROWPHASE_CAST3D_H
#define NARROWPHASE_CAST3D_H

#include "collide3d.h"
#include "mesh3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most support points of one shape cast's GJK ray cast (reached only on extreme needles); a cast
/// that reaches it goes on by conservative advancement, at most as many GJK runs again plus one,
/// stopping up to 2e-7 of the scale short of the contact (such needles' distances are good to
/// about 3e-8 of it), still within the casts' 1e-6 and never inside.
#define NP_CAST3_MAX_ITERATIONS 64
/// Most iterations of one time-of-impact query (conservative advancement steps).
#define NP_TOI3_MAX_ITERATIONS 512

/// Options of a shape cast.
typedef struct npCastOptions3
{
	double maxFraction;     ///< largest fraction of the translation considered (>= 0; default 1)
	double targetDistance;  ///< a hit is the first fraction at which the distance is at most this (>= 0; default 0)
	bool ignoreSeparating;  ///< skip an initial contact that the translation moves away from
} npCastOptions3;

/// Default options: maxFraction 1, targetDistance 0, ignoreSeparating false.
npCastOptions3 npDefaultCastOptions3(void);

/// A convex shape swept by `translation` from `transform`, against a convex target.
typedef struct npShapeCastInput3
{
	const npShape3* shape;        ///< the moving shape
	npTransform3 transform;       ///< its pose at fraction 0
	npVec3 translation;           ///< its motion: at fraction t it is moved by t * translation
	const npShape3* target;       ///< the shape it is cast against
	npTransform3 targetTransform; ///< the target's pose
	npCastOptions3 options;       ///< fraction range, skin distance, separating contacts
} npShapeCastInput3;

/// Where a cast first touches.
typedef struct npCastHit3
{
	bool hit;              ///< false when nothing is touched for t in [0, maxFraction]; then the rest is zero
	double fraction;       ///< the first t at which the distance is at most targetDistance (never later)
	npVec3 point;          ///< on the target's surface, world space
	npVec3 pointOnShape;   ///< the matching point of the moved shape (at `fraction`), world space
	npVec3 normal;         ///< unit, from the target toward the moving shape
	bool initialOverlap;   ///< within targetDistance at t = 0 (fraction 0)
	double penetration;    ///< with initialOverlap: how deep the shapes overlap (0 when they only come within the skin)
	int iterations;        ///< iterations of the GJK ray cast (support points taken), plus any advancement steps after its cap
	int mesh;              ///< mesh casts: index of the mesh hit (else -1)
	int triangle;          ///< mesh casts: input index of the triangle hit (else -1)
} npCastHit3;

/// Casts a shape against a convex shape: a closed form for two spheres, else van den Bergen's GJK
/// ray cast on the Minkowski difference (each advance is a Newton step on the convex distance, so it
/// never passes the contact). Errors: NP_ERR_INVALID_ARGUMENT (null pointer, bad shape, negative
/// maxFraction or targetDistance), NP_ERR_NON_FINITE, NP_ERR_INVALID_TRANSFORM; *hit is cleared.
npResult npShapeCast3(const npShapeCastInput3* input, npCastHit3* hit);

/// A convex shape swept against triangle meshes (one-sided, as npMeshContacts3: a triangle whose
/// plane has the shape's centre behind it at fraction 0 is ignored).
typedef struct npShapeCastMeshInput3
{
	const npShape3* shape;           ///< the moving shape
	npTransform3 transform;          ///< its pose at fraction 0
	npVec3 translation;              ///< its motion
	const npMeshInstance3* meshes;   ///< the meshes with their transforms
	int meshCount;                   ///< number of meshes (>= 0)
	npCastOptions3 options;          ///< fraction range, skin distance, separating contacts
	double featureTolerance;         ///< vertices closer than this (world space) are one feature (default NP_MESH_FEATURE_TOLERANCE)
} npShapeCastMeshInput3;

/// Casts a shape against meshes: the swept box runs through each BVH front to back, pruned by the
/// best fraction. A hit on an edge or vertex that is internal (shared with a coplanar or concave
/// neighbour that has the shape's centre in front of it, matched by position across meshes as in
/// npMeshContacts3) reports the triangle's face normal, and is skipped when the motion does not go
/// into that face (a ghost: sliding over a seam); a convex edge, or one whose neighbour the shape
/// is behind, keeps its edge normal. Ties: the lower fraction, then an initial overlap before a
/// contact, then the deeper initial penetration, then the lower mesh, then the lower input triangle
/// (so a terrain cut into meshes casts as the whole, whatever their order).
npResult npShapeCastMeshes3(const npShapeCastMeshInput3* input, npCastHit3* hit);

/// Many casts of one shape against one target (a convex shape, or meshes when meshCount > 0):
/// cast i starts at transforms[i] and moves by translations[i]. The shape and target are checked
/// once. Errors as npShapeCast3; a bad transform or translation fails that cast only (its hit is
/// cleared and its code written to results[i] when results is not NULL).
typedef struct npShapeCastBatch3
{
	const npShape3* shape;           ///< the moving shape
	const npShape3* target;          ///< convex target (NULL when casting against meshes)
	npTransform3 targetTransform;    ///< the convex target's pose
	const npMeshInstance3* meshes;   ///< mesh target (used when meshCount > 0)
	int meshCount;                   ///< number of meshes
	npCastOptions3 options;          ///< shared options
	double featureTolerance;         ///< mesh feature matching tolerance
} npShapeCastBatch3;

/// Runs `count` casts of a batch; writes hits[i] (and results[i] when not NULL).
npResult npShapeCastMany3(const npShapeCastBatch3* batch, const npTransform3* transforms, const npVec3* translations,
						  int count, npCastHit3* hits, npResult* results);

/// A motion over fraction 0..1: the local point `center` moves on a straight line from its place
/// in `from` to its place in `to`, while the rotation turns by slerp along the shorter arc.
typedef struct npSweep3
{
	npTransform3 from; ///< pose at fraction 0
	npTransform3 to;   ///< pose at fraction 1
	npVec3 center;     ///< local point moving linearly (the centre of rotation)
} npSweep3;

/// The pose of a sweep at fraction t (deterministic slerp: no libm).
npTransform3 npSweepTransform3(const npSweep3* sweep, double t);

/// Outcome of a time-of-impact query.
typedef enum npToiState3
{
	NP_TOI3_HIT = 0,        ///< the distance reached targetDistance (within tolerance)
	NP_TOI3_SEPARATED = 1,  ///< never within targetDistance on [0, 1]
	NP_TOI3_OVERLAPPED = 2, ///< within targetDistance at fraction 0
	NP_TOI3_FAILED = 3,     ///< iteration cap reached: the fraction is still no later than the first contact
} npToiState3;

/// Input of npTimeOfImpact3.
typedef struct npToiInput3
{
	const npShape3* shapeA; ///< first shape
	npSweep3 sweepA;        ///< its motion
	const npShape3* shapeB; ///< second shape
	npSweep3 sweepB;        ///< its motion
	double targetDistance;  ///< contact distance (>= 0)
	double tolerance;       ///< accepted distance error at a hit (> 0; 0 picks 1e-6 of the shapes' reach from their sweep centres: their size when the centres lie in them)
} npToiInput3;

/// Result of npTimeOfImpact3.
typedef struct npToiOutput3
{
	npToiState3 state; ///< hit, separated, overlapped or failed
	double fraction;   ///< the first contact (hit), 0 (overlapped), 1 (separated), the last safe fraction (failed)
	npVec3 normal;     ///< unit, from A to B at `fraction`
	npVec3 pointA;     ///< closest point of A at `fraction`, world space
	npVec3 pointB;     ///< closest point of B at `fraction`, world space
	int iterations;    ///< advancement steps used
} npToiOutput3;

/// Time of impact by conservative advancement (Mirtich 1996): each step moves by the distance over
/// a bound on how fast any point can close it (linear speed along the normal plus angular speed
/// times the farthest point from the centre), so no contact is passed. Errors as npShapeCast3.
npResult npTimeOfImpact3(const npToiInput3* input, npToiOutput3* out);

#ifdef __cplusplus
}
#endif

#endif
