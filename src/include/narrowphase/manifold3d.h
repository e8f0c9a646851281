// narrowphase 3D contact manifolds and persistent contacts.
//
// npCollide3 returns up to four contact points for any pair of 3D shapes:
//  - sphere and capsule pairs by closed forms (capsule-capsule gives two points when the segments
//    are parallel and overlap along their length);
//  - a sphere against a box, hull or triangle by the closest point on the polyhedron;
//  - every other pair (box, hull, triangle, and a capsule against them) by one generic routine:
//    the separating axis test over the face normals of both shapes and the edge-edge cross products
//    that survive the Gauss-map arc test, then reference/incident face clipping
//    (Sutherland-Hodgman against the reference face's side planes) and a reduction to four points.
//
// Feature ids (npManifoldPoint3.id) stay the same while the same features touch, so a solver can
// warm start. The encoding, most significant bits first:
//   bits 31..30  kind: 1 = a face of A is the reference face, 2 = a face of B is the reference face,
//                3 = edge-edge or closed-form (rounded shape) contact. 0 is never produced; the
//                contact cache uses 0 to mean "no id" (e.g. a point fed from npPenetration3).
//   kind 1 / 2:  bits 29..18 reference face index; bits 17..16 what the point is:
//                  0 an incident vertex (bits 15..8 = its vertex index),
//                  1 an incident edge cut by a side plane (bits 15..8 = the edge's first vertex on
//                    the incident face, bits 7..0 = the first vertex of the reference face edge
//                    whose side plane cut it),
//                  2 a reference face corner reached by clipping (bits 15..8 and 7..0 = first
//                    vertices of the two reference face edges meeting there).
//   kind 3:      bits 29..28 sub-kind: 0 edge-edge (bits 27..16 edge of A, 15..4 edge of B, edge
//                k = half-edges 2k/2k+1), 1 closed form (bits 3..0 = which point of the pair).
// A capsule clipped against a face uses kind 1/2 with the capsule's segment endpoints as the
// "incident vertices" 0 and 1 and the segment as the incident edge starting at vertex 0.
#ifndef NARROWPHASE_MANIFOLD3D_H
#define NARROWPHASE_MANIFOLD3D_H

#include "collide3d.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One contact point of a 3D manifold.
typedef struct npManifoldPoint3
{
	npVec3 pointA; ///< contact point on A's surface, world space
	npVec3 pointB; ///< contact point on B's surface, world space
	double depth;  ///< dot(pointA - pointB, normal); negative for speculative points
	uint32_t id;   ///< feature id (encoding above); never 0
} npManifoldPoint3;

/// A 3D contact manifold. pointCount == 0 means no contact (within the margin).
typedef struct npManifold3
{
	npVec3 normal;  ///< unit normal from A to B
	int pointCount; ///< 0 to NP_MAX_MANIFOLD_POINTS3
	npManifoldPoint3 points[NP_MAX_MANIFOLD_POINTS3]; ///< the contact points, deepest first
} npManifold3;

/// Contact manifold for any pair of 3D shapes. Points separated by less than `margin` (>= 0) are
/// kept with negative depth (speculative contacts). Invalid input (null shape, unknown type,
/// negative or non-finite margin, a non-finite transform or a quaternion that is not unit to 1e-3;
/// build transforms with npMakeTransform3) gives an empty manifold.
npManifold3 npCollide3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
					   npTransform3 xfB, double margin);

/// Pair routines behind npCollide3, for callers who know their shape types. "Polyhedron" means a
/// box, a hull or a triangle. Each returns an empty manifold when given the wrong shape types.
npManifold3 npCollideSpheres(const npShape3* sphereA, npTransform3 xfA, const npShape3* sphereB,
							 npTransform3 xfB, double margin);
npManifold3 npCollideCapsuleAndSphere(const npShape3* capsuleA, npTransform3 xfA,
									  const npShape3* sphereB, npTransform3 xfB, double margin);
npManifold3 npCollideCapsules3(const npShape3* capsuleA, npTransform3 xfA, const npShape3* capsuleB,
							   npTransform3 xfB, double margin);
npManifold3 npCollidePolyhedronAndSphere(const npShape3* polyA, npTransform3 xfA,
										 const npShape3* sphereB, npTransform3 xfB, double margin);
npManifold3 npCollidePolyhedronAndCapsule(const npShape3* polyA, npTransform3 xfA,
										  const npShape3* capsuleB, npTransform3 xfB, double margin);
npManifold3 npCollidePolyhedra(const npShape3* polyA, npTransform3 xfA, const npShape3* polyB,
							   npTransform3 xfB, double margin);

/// Doubles of user data carried by each cached contact point (e.g. accumulated normal impulse and
/// two friction impulses for warm starting).
#define NP_CONTACT_USER_DATA3 3

/// One persistent contact point. Positions are kept in each body's local frame so the point can be
/// re-evaluated when the bodies move.
typedef struct npCachedContact3
{
	npVec3 localA;  ///< contact point on A, A's local frame
	npVec3 localB;  ///< contact point on B, B's local frame
	npVec3 pointA;  ///< localA in world space at the last update
	npVec3 pointB;  ///< localB in world space at the last update
	double depth;   ///< dot(pointA - pointB, normal) at the last update
	uint32_t id;    ///< feature id from the manifold, 0 when the point had none
	int age;        ///< number of updates this point has survived (0 when just added)
	double user[NP_CONTACT_USER_DATA3]; ///< caller's data, carried across frames; zero for new points
} npCachedContact3;

/// What a contact cache remembers of the last frame's separating-axis search (npCollideCached3).
typedef struct npSatCache3
{
	const npShape3* shapeA; ///< the pair of the last frame; the memory is forgotten when it changes
	const npShape3* shapeB; ///< (see shapeA)
	int faceA;              ///< A's best face last frame, -1 when unknown
	int faceB;              ///< B's best face last frame, -1 when unknown
	int factsA;             ///< the face of A that cosA and deepA describe, -1 when none
	int factsB;             ///< the face of B that cosB and deepB describe, -1 when none
	int deepA;              ///< A's vertex farthest behind face factsA (A's frame)
	int deepB;              ///< B's vertex farthest behind face factsB (B's frame)
	double cosA;            ///< largest cosine between face factsA's normal and another face's of A
	double cosB;            ///< largest cosine between face factsB's normal and another face's of B
	double slackA;          ///< how far A's vertices rise above A's own face planes (rounding); -1 unknown
	double slackB;          ///< the same for B
	double spreadA;         ///< A's diameter over its smallest vertex distance (the climb's proof)
	double spreadB;         ///< the same for B
	double radiusA;         ///< A's largest vertex distance from its origin
	double radiusB;         ///< the same for B
	int supportA;           ///< B's deepest vertex below A's face last frame (where the climb starts)
	int supportB;           ///< A's deepest vertex below B's face last frame
	int fastFailed;         ///< below 0: frames to wait before the warm face proof is tried again
	int retryGap;           ///< frames to wait after the next failure (doubles while it keeps failing)
	int discA;              ///< which part of the other shape proved A's face last frame (tried first)
	int discB;              ///< the same for B's face
} npSatCache3;

/// An npSatCache3 that knows nothing (the pair of shapes given, no faces, no facts).
#define NP_SAT_CACHE3_EMPTY(a, b) ((npSatCache3){ (a), (b), -1, -1, -1, -1, 0, 0, 1.0, 1.0, -1.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0, 0, 1, 1, 0, 0 })

/// Counters of npCollideCached3, so a caller (or a test) can see the warm path being taken.
typedef struct npWarmStats3
{
	uint32_t frames;       ///< calls of npCollideCached3
	uint32_t searched;     ///< frames that ran the separating-axis search (a polyhedron pair, not apart)
	uint32_t edgesSkipped; ///< of those, frames whose edge-axis search was proven unnecessary and skipped
	uint32_t faceReused;   ///< of those, frames where last frame's face was the best face again
	uint32_t facesProven;  ///< of those, frames whose face search was skipped as well: last frame's two
	                       ///< faces measured and every other face proven lower (hull pairs)
} npWarmStats3;

/// A persistent contact set for one pair of shapes: at most four points. Fixed size, no allocation.
typedef struct npContactCache3
{
	npVec3 normal;       ///< world normal from A to B at the last update
	npVec3 localNormal;  ///< the same normal in A's local frame (used when no new normal is given)
	int pointCount;      ///< number of valid points
	npCachedContact3 points[NP_MAX_MANIFOLD_POINTS3]; ///< the points, deepest first
	double breakDistance;///< a point is dropped when its two halves drift apart tangentially by more
	                     ///< than this, and two points closer than this count as the same point
	double margin;       ///< a point is dropped when it separates by more than this along the normal
	npSatCache3 sat;     ///< the last frame's search, for npCollideCached3
	npWarmStats3 stats;  ///< counters of npCollideCached3
} npContactCache3;

/// Prepares an empty cache. `breakDistance` > 0 (e.g. 2% of the shapes' size), `margin` >= 0.
/// NP_ERR_INVALID_ARGUMENT for a null cache or out-of-range numbers (the cache is then left empty
/// with breakDistance 0.02 and margin 0).
npResult npInitContactCache3(npContactCache3* cache, double breakDistance, double margin);

/// Forgets every point (keeps breakDistance and margin).
void npClearContactCache3(npContactCache3* cache);

/// Re-evaluates every cached point from the current transforms using the cached normal rotated
/// with A: refreshes world points and depths and drops points that separated beyond the margin or
/// drifted tangentially beyond breakDistance. Returns the number of points kept.
int npRefreshContactCache3(npContactCache3* cache, npTransform3 xfA, npTransform3 xfB);

/// Feeds this frame's complete manifold (from npCollide3). The cache's points become the
/// manifold's points; each new point that matches an old one (same non-zero id and within
/// breakDistance, else nearest local point within breakDistance) inherits its user data and age.
/// An empty manifold clears the cache.
npResult npUpdateContactCache3(npContactCache3* cache, const npManifold3* manifold,
							   npTransform3 xfA, npTransform3 xfB);

/// Feeds one contact point (e.g. from npPenetration3, which finds a single point per frame): the
/// cache is refreshed with `normal`, the point replaces a cached point it matches (keeping that
/// point's user data) or is added; with more than four points the deepest point and the three
/// that maximise the covered area are kept. Over a few frames this accumulates a full manifold.
npResult npAddContactPoint3(npContactCache3* cache, npVec3 pointA, npVec3 pointB, npVec3 normal,
							uint32_t id, npTransform3 xfA, npTransform3 xfB);

/// One call per frame for a persistent pair: the manifold of npCollide3 (the same points, ids and
/// normal), found with what the cache learned last frame, and fed to the cache as
/// npUpdateContactCache3 does (points matched by feature id carry their user data and age). For a
/// box, hull or triangle pair, last frame's best faces are measured first and the edge-axis search
/// is skipped when a cheap proof shows no edge axis can win (see warm3d.c); other pairs run
/// npCollide3. `out` may be NULL. NP_ERR_INVALID_ARGUMENT for a null cache or shape, an unknown
/// shape type or a bad margin; NP_ERR_INVALID_TRANSFORM for a transform npCollide3 would not use
/// (the cache is then left as it was and *out is empty).
npResult npCollideCached3(npContactCache3* cache, const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
						  npTransform3 xfB, double margin, npManifold3* out);

#ifdef __cplusplus
}
#endif

#endif
