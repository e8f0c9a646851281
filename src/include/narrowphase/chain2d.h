// narrowphase 2D chains: one-sided polylines (level terrain, platforms, cave walls) with a midphase,
// contacts without ghost (internal-vertex) collisions, across separate chains too, and the point
// and ray queries.
//
// A chain is a list of points; segment i runs from point i to point i + 1 (a loop also has the
// segment from the last point back to the first) and collides only on its right side, the side its
// normal rightPerp(p[i + 1] - p[i]) points to (Box2D's convention): a counter-clockwise loop keeps
// shapes outside, a clockwise loop keeps them inside, a ground listed right to left faces up.
//
// Memory: the library never allocates. npChainBytes2 says how many bytes a chain of n points needs;
// npMakeChain2 builds it inside one caller-provided buffer (8-byte aligned), which must stay alive
// and unmoved while the chain is used (as npMakeMesh3 does for meshes). There is nothing to destroy:
// free the buffer.
//
// Midphase, both built at creation: a uniform grid for box queries (contacts, casts: a few cell
// reads whatever the chain's size, see chaingrid2d.c), and a bounding-volume hierarchy for the
// nearest-first queries (rays, closest points) over runs of consecutive segments (a polyline's
// consecutive segments are neighbours in space, so halving the index range is a good split and
// needs no sort): leaves hold up to NP_CHAIN_LEAF_SEGMENTS segments, inner nodes the union of their
// two halves.
//
// Contacts (npChainContacts2) follow the idea of Box2D's chain-segment collision (Catto, Box2D v3,
// b2CollideChainSegmentAndPolygon): each segment near the shape gets the library's ordinary
// manifold (npCollide2's code, the segment as a two-vertex core); the chain's neighbours (the next
// and previous segments, a joined chain's end, or the ghost vertices) then decide which normals are
// admissible at the touched feature. See chaincontacts2d.c's outline for the rule.
#ifndef NARROWPHASE_CHAIN2D_H
#define NARROWPHASE_CHAIN2D_H

#include "cast2d.h"
#include "query2d.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Most points of a chain.
#define NP_CHAIN_MAX_POINTS (1 << 26)
/// Most segments in a BVH leaf.
#define NP_CHAIN_LEAF_SEGMENTS 4
/// Size of the traversal stack (the BVH halves index ranges, so its depth is below 32).
#define NP_CHAIN_MAX_DEPTH 64
/// Most segments, over all chains of one npChainContacts2 call, whose leaf boxes meet the shape's
/// box (candidates); more are dropped and reported as overflow.
#define NP_CHAIN_MAX_CANDIDATES 256
/// Most contacts one npChainContacts2 call can return (2 per candidate segment).
#define NP_CHAIN_MAX_CONTACTS (2 * NP_CHAIN_MAX_CANDIDATES)
/// Default tolerance (per coordinate, world space) for joining end points of different chains.
#define NP_CHAIN_FEATURE_TOLERANCE 1.0e-6
/// Sine of the angle below which two neighbouring segments count as collinear (a flat joint).
#define NP_CHAIN_FLAT_SINE 1.0e-9

/// A grid item (npChain2::cellItems) holds its segment's index shifted left by this, and flags below.
#define NP_CHAIN_ITEM_SHIFT 3
/// Item flag: the cell is in the first column of cells the segment's bounding box meets.
#define NP_CHAIN_ITEM_FIRST_X 1
/// Item flag: the cell is in the first row of cells the segment's bounding box meets.
#define NP_CHAIN_ITEM_FIRST_Y 2
/// Item flag: both joints of the segment are inside its chain and flat or concave (chain space, by a
/// margin that no placement can cross), so contacts on it are face contacts (chaincontacts2d.c).
#define NP_CHAIN_ITEM_FLAT 4

/// Options of npMakeChain2.
typedef struct npChainDef2
{
	bool loop;          ///< close the chain with a segment from the last point to the first
	bool hasGhostStart; ///< ghostStart is given (open chains only)
	bool hasGhostEnd;   ///< ghostEnd is given (open chains only)
	npVec2 ghostStart;  ///< where the level continues before point 0 (Box2D's ghost vertex)
	npVec2 ghostEnd;    ///< where the level continues after the last point
} npChainDef2;

/// Default options: an open chain with free ends.
npChainDef2 npDefaultChainDef2(void);

/// One BVH node. Bounds are floats rounded outwards, so they contain the double-precision segments.
typedef struct npChainNode2
{
	float lower[2]; ///< lower corner of the node's box (chain space)
	float upper[2]; ///< upper corner
	int32_t index;  ///< leaf: first segment; inner node: first child (the second is index + 1)
	int32_t count;  ///< leaf: number of segments (>= 1); inner node: 0
} npChainNode2;

/// A chain built by npMakeChain2 into caller memory. Read-only.
typedef struct npChain2
{
	int pointCount;      ///< number of points
	int segmentCount;    ///< pointCount - 1, or pointCount for a loop
	bool loop;           ///< closed chain
	bool hasGhostStart;  ///< open chain with a ghost vertex before point 0
	bool hasGhostEnd;    ///< open chain with a ghost vertex after the last point
	npVec2 ghostStart;   ///< the ghost vertex before point 0 (when hasGhostStart)
	npVec2 ghostEnd;     ///< the ghost vertex after the last point (when hasGhostEnd)
	npVec2 lower;        ///< lower corner of the chain's bounds (chain space)
	npVec2 upper;        ///< upper corner
	int nodeCount;       ///< BVH nodes (node 0 is the root)
	int depth;           ///< BVH depth (1 for a single leaf)
	const npVec2* points;  ///< the points, pointCount of them
	const npVec2* normals; ///< unit front normal of each segment, rightPerp(p[i + 1] - p[i]) normalised
	const npChainNode2* nodes; ///< BVH nodes
	double cellSize;     ///< grid cell size (the box queries' uniform grid, chain space, from `lower`)
	double inverseCellSize; ///< 1 / cellSize
	int gridWidth;       ///< grid cells along x
	int gridHeight;      ///< grid cells along y
	const int32_t* cellStart; ///< grid cell c lists cellItems[cellStart[c] .. cellStart[c + 1]); cell (x, y) is c = x * gridHeight + y when gridWidth >= gridHeight, else y * gridWidth + x
	const int32_t* cellItems; ///< segments listed per cell (each in every cell its box meets): item >> NP_CHAIN_ITEM_SHIFT is the segment, the low bits the NP_CHAIN_ITEM_* flags
	size_t bytes;        ///< bytes of the buffer used
} npChain2;

/// Bytes npMakeChain2 needs for `pointCount` points; 0 when the count is out of range.
size_t npChainBytes2(int pointCount, bool loop);

/// Builds a chain of `pointCount` points into `memory` (at least npChainBytes2 bytes, 8-byte
/// aligned) and points `*out` at it. Errors: NP_ERR_INVALID_ARGUMENT (null pointers, ghosts on a
/// loop), NP_ERR_DEGENERATE (fewer than 2 points, 3 for a loop, or a zero-length segment: two equal
/// consecutive points, or a ghost equal to its end point), NP_ERR_NON_FINITE (a coordinate that is
/// not finite or beyond NP_HUGE), NP_ERR_TOO_MANY_POINTS, NP_ERR_CAPACITY (memory too small or
/// misaligned).
npResult npMakeChain2(const npVec2* points, int pointCount, const npChainDef2* def, void* memory, size_t bytes,
					  npChain2** out);

/// The two end points of segment `index` (chain space).
void npGetChainSegment2(const npChain2* chain, int index, npVec2* a, npVec2* b);

/// Midphase query (the grid): writes to `out` the segments whose own bounding boxes meet the box [lower, upper]
/// (chain space; touching counts), at most `capacity`, in increasing order. Returns how many met
/// the box (may be more than `capacity`: then only `capacity` were written).
int npQueryChain2(const npChain2* chain, npVec2 lower, npVec2 upper, int32_t* out, int capacity);

/// A chain placed in the world.
typedef struct npChainInstance2
{
	const npChain2* chain;  ///< the chain
	npTransform2 transform; ///< chain space to world space
} npChainInstance2;

/// A segment with its neighbourhood, world space: what the ghost rule needs (npResolveChainSegment2).
typedef struct npChainSegment2
{
	npVec2 a, b;        ///< start and end point
	npVec2 normal;      ///< unit front normal
	npVec2 prevNormal;  ///< front normal of the neighbour before a (valid when hasPrev)
	npVec2 nextNormal;  ///< front normal of the neighbour after b (valid when hasNext)
	bool hasPrev;       ///< a has a neighbour: the previous segment, a joined chain or a ghost vertex
	bool hasNext;       ///< b has a neighbour
	int prevChain;      ///< instance holding the real segment before a, or -1 (ghost or free end)
	int prevSegment;    ///< that segment's index
	int nextChain;      ///< instance holding the real segment after b, or -1
	int nextSegment;    ///< that segment's index
} npChainSegment2;

/// Resolves segment `segment` of instance `chain` among `count` instances: world end points,
/// normal, and its neighbours: within the chain (loops wrap), else an end point of another open
/// chain within `featureTolerance` (per coordinate; an end joins a start, so the two chains run the
/// same way), else the ghost vertex, else a free end. Used by the contacts and by casts.
void npResolveChainSegment2(const npChainInstance2* chains, int count, int chain, int segment,
							double featureTolerance, npChainSegment2* out);

/// What the ghost rule says of a normal at a segment's feature.
typedef enum npChainNormalRule2
{
	NP_CHAIN_ADMIT = 0, ///< the normal is in the chain's normal cone there: keep it
	NP_CHAIN_SNAP = 1,  ///< not admissible, and this segment's face owns the region: use its face normal
	NP_CHAIN_SKIP = 2,  ///< not admissible here: a neighbour's face owns it (drop it)
} npChainNormalRule2;

/// The ghost rule for a contact on `seg` whose chain-side normal (pointing from the chain toward the
/// shape, i.e. minus the contact normal) is `outward`: `vertex` is -1 for a point inside the
/// segment, 0 for its start a, 1 for its end b. A face point is admitted when `outward` is the
/// segment's normal (to NP_CHAIN_FLAT_SINE) and snapped otherwise; at a convex vertex (or a free
/// end) normals strictly between the two face normals are admitted, those past the neighbour's
/// normal skipped; at a flat or concave vertex every other normal snaps to the face.
npChainNormalRule2 npClassifyChainNormal2(const npChainSegment2* seg, int vertex, npVec2 outward);

/// Which feature of a segment a chain contact touches.
typedef enum npChainFeature2
{
	NP_CHAIN_FACE = 0,   ///< the segment's face (normal = minus the segment's normal)
	NP_CHAIN_VERTEX = 1, ///< an end point (a convex corner or a free end)
} npChainFeature2;

/// Options of npChainContacts2.
typedef struct npChainQuery2
{
	double margin;           ///< speculative contact distance (>= 0)
	bool removeGhosts;       ///< apply the ghost rule (default true); false gives the per-segment manifolds
	double featureTolerance; ///< end points of different chains closer than this (each coordinate) are joined
} npChainQuery2;

/// Default options: margin 0, ghosts removed, NP_CHAIN_FEATURE_TOLERANCE.
npChainQuery2 npDefaultChainQuery2(void);

/// One contact between a convex shape (A) and a chain segment (B).
typedef struct npChainContact2
{
	npVec2 pointA;   ///< point on the shape's surface, world space
	npVec2 pointB;   ///< point on the segment, world space
	npVec2 normal;   ///< unit normal from the shape toward the chain
	double depth;    ///< dot(pointA - pointB, normal): positive when overlapping
	int chain;       ///< index of the chain in the instance array
	int segment;     ///< segment index in that chain
	npChainFeature2 feature; ///< the segment feature touched
	uint32_t id;     ///< shape and segment features (as npManifoldPoint2::id, the segment as shape B); with chain and segment, stable while the same features touch
} npChainContact2;

/// Summary of an npChainContacts2 call.
typedef struct npChainContactsInfo2
{
	int candidates;  ///< segments returned by the midphase (all chains)
	int behind;      ///< candidates skipped because the shape's core centroid is behind them
	int snapped;     ///< manifolds whose normal the ghost rule replaced by the face normal (segments with two flat or concave ends go straight to their face contact and are not counted)
	int skipped;     ///< manifolds the ghost rule dropped (a neighbour's face owns them)
	bool overflow;   ///< NP_CHAIN_MAX_CANDIDATES or the output capacity was exceeded
} npChainContactsInfo2;

/// Where npChainContacts2 writes: the caller's room for contacts, then what the call found.
typedef struct npChainContactsOutput2
{
	npChainContact2* contacts; ///< room for `capacity` contacts (may be NULL when capacity is 0)
	int capacity;              ///< how many contacts fit (>= 0)
	int count;                 ///< set by the call: the contacts written (0 on an error)
	npChainContactsInfo2 info; ///< set by the call: midphase and ghost-rule counts, overflow
} npChainContactsOutput2;

/// Contacts between any 2D shape and `chainCount` chains: at most 2 per segment, in candidate order.
/// Writes at most output->capacity contacts to output->contacts, their number to output->count and
/// the call's summary to output->info. Returns NP_OK, NP_ERR_CAPACITY when something did not fit
/// (the contacts written are valid), or NP_ERR_INVALID_ARGUMENT / NP_ERR_INVALID_TRANSFORM /
/// NP_ERR_NON_FINITE for bad input (then the count is 0). Never allocates (about 5 KB of stack).
/// With the ghost rule, a shape that overlaps a segment it is in front of always gets a contact: a
/// manifold dropped for a neighbour that reports nothing (two that drop each other both report), or
/// a face clip left empty, gives the segment's face contact or, as a last resort, the shape's
/// deepest point below it. A segment gives contacts only to a shape that comes within the margin of
/// it (as its manifold without the rule does), so the result does not depend on the chains' frames
/// or order: a level cut into pieces that meet end to end gives the contacts of the whole.
npResult npChainContacts2(const npShape2* shape, npTransform2 transform, const npChainInstance2* chains,
						  int chainCount, const npChainQuery2* query, npChainContactsOutput2* output);

/// Where a ray first meets a chain: a segment is hit only from its front (a ray whose origin is
/// behind a segment's line, or moving away from its front, ignores it).
typedef struct npChainRayHit2
{
	bool hit;        ///< false when no segment is hit in [0, maxFraction]
	double fraction; ///< the ray parameter of the hit
	npVec2 point;    ///< the hit point, world space
	npVec2 normal;   ///< the segment's front normal
	int chain;       ///< instance index of the hit chain
	int segment;     ///< segment index
} npChainRayHit2;

/// Casts a ray against `count` chains. Errors as npRayCast2 (on error *hit is cleared).
npResult npRayCastChains2(const npChainInstance2* chains, int count, const npRayInput2* ray, npChainRayHit2* hit);

/// The chain point nearest to p.
typedef struct npChainProjection2
{
	npVec2 point;    ///< nearest point, world space
	double distance; ///< distance to p: unsigned for open chains; for loops negative inside (npContainsPointChain2)
	npVec2 normal;   ///< unit direction from the point toward p on the front side (the segment normal when p is on the chain)
	int chain;       ///< instance index
	int segment;     ///< segment holding the point
} npChainProjection2;

/// Nearest point of `count` chains to p. The distance is signed only when every instance is a loop.
npResult npClosestPointChains2(const npChainInstance2* chains, int count, npVec2 p, npChainProjection2* out);

/// Whether p is on the back (solid) side of a loop: inside a counter-clockwise loop, outside a
/// clockwise one; points on the chain count as inside. NP_ERR_INVALID_ARGUMENT for an open chain.
npResult npContainsPointChain2(const npChain2* chain, npTransform2 transform, npVec2 p, bool* inside);

/// The tightest axis-aligned box around a placed chain (world space).
npResult npChainBounds2(const npChain2* chain, npTransform2 transform, npBounds2* out);

/// Most fraction intervals one chain cast walks (a long cast splits its sweep when its swept box
/// meets more than NP_CHAIN_MAX_CANDIDATES segments); beyond it the cast reports overflow.
#define NP_CHAIN_CAST_MAX_INTERVALS 65536

/// A shape cast against chains.
typedef struct npChainCastInput2
{
	npShapeCastInput2 cast;  ///< shape, transform, translation and options (cast.target and cast.targetTransform are unused)
	bool removeGhosts;       ///< apply the ghost rule (default true); false gives the per-segment hit normals
	double featureTolerance; ///< end points of different chains closer than this (each coordinate) are joined
} npChainCastInput2;

/// The common chain cast: maxFraction 1, targetDistance 0, ghosts removed, NP_CHAIN_FEATURE_TOLERANCE.
npChainCastInput2 npMakeChainCastInput2(const npShape2* shape, npTransform2 transform, npVec2 translation);

/// Where a chain cast first touches a segment.
typedef struct npChainCastHit2
{
	npCastHit2 cast;         ///< the hit as npShapeCast2 gives it (cast.hit false: no segment met); normal from the chain toward the shape
	int chain;               ///< instance index of the segment hit (-1 on a miss)
	int segment;             ///< segment index (-1 on a miss)
	npChainFeature2 feature; ///< NP_CHAIN_FACE when the normal is the segment's, else NP_CHAIN_VERTEX
	int candidates;          ///< segments the midphase returned (over all intervals and chains)
	bool overflow;           ///< NP_CHAIN_CAST_MAX_INTERVALS was reached before the cast ended
} npChainCastHit2;

/// Casts a shape (moving without turning) against `count` chains: the first contact over the
/// segments whose front faces the shape's core centroid at fraction 0 (the others are ignored),
/// each segment cast by npShapeCast2's routine (exact, never later than the first contact). With
/// removeGhosts the hit normal follows the ghost rule (npClassifyChainNormal2): across a flat or
/// concave joint only face normals occur; a convex corner or free end may keep a vertex normal.
/// Initial contacts as npShapeCast2 (of several segments overlapping at fraction 0, the deepest
/// penetration); ignoreSeparating skips each segment's contact that the translation leaves or
/// slides along (after the ghost rule) and goes on to the others. Errors as
/// npShapeCast2, and NP_ERR_INVALID_ARGUMENT for a null or empty chain list; on error *hit is cleared.
npResult npShapeCastChains2(const npChainInstance2* chains, int count, const npChainCastInput2* input,
							npChainCastHit2* hit);

/// Where the casts of npShapeCastChainsMany2 start and how far they move.
typedef struct npChainCastMoves2
{
	const npVec2* positions;    ///< `count` start positions (every cast keeps the rotation of the input's transform)
	const npVec2* translations; ///< `count` translations
	int count;                  ///< number of casts (>= 0)
} npChainCastMoves2;

/// Many chain casts with the same shape, rotation and options: cast i starts at moves->positions[i]
/// and moves by moves->translations[i]. On an error in cast i, *failed is set to i (-1 when the
/// shared input was rejected) and the casts before it are kept.
npResult npShapeCastChainsMany2(const npChainInstance2* chains, int count, const npChainCastInput2* input,
								const npChainCastMoves2* moves, npChainCastHit2* hits, int* failed);

#ifdef __cplusplus
}
#endif

#endif
