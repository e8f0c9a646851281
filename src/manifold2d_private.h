// Private header of the 2D contact manifolds, shared by manifold2d.c (entry points and the closed
// forms of circle pairs), sat2d.c (the core pairs' entry and their separating-axis queries) and
// clip2d.c (reference and incident faces, clipping, closest features). Each file's outline describes its part; this
// header holds what more than one of them uses: feature ids, the reference-face frame and the two
// ways of adding a contact point, the axis-core (box and capsule) separations, and a core pair in
// A's frame.
//
// Feature ids. A point's id names the feature of A and the feature of B that produced it, each a
// vertex or an edge of the shape's core, by index into the shape's vertex array (edge i runs from
// vertex i to vertex i + 1; a circle's core is its vertex 0):
//     bits  0..7   index of A's feature
//     bits  8..15  index of B's feature
//     bit  16      A's feature is an edge (1) or a vertex (0)
//     bit  17      B's feature is an edge (1) or a vertex (0)
// So a vertex of B found below A's reference edge i is (A edge i, B vertex k); a point made by
// clipping B's incident edge j at the side plane through A's vertex k is (A vertex k, B edge j);
// two vertices closest to each other are (A vertex, B vertex). The reference shape is the one whose
// edge appears in the unclipped points. Ids are always written in the caller's A and B, so the
// entry point swaps the two halves when it swaps the shapes, and the ids of a pair stay the same
// from frame to frame while the same features touch, whatever the argument order.
#ifndef NP_MANIFOLD2D_PRIVATE_H
#define NP_MANIFOLD2D_PRIVATE_H

#include "narrowphase/trace2d.h"
#include "closest2d.h"
#include "inputs.h"

#include <float.h>
#include <stddef.h>

// Forced inlining, for helpers whose callers pass constants that pick their path (gcc would
// otherwise share one out-of-line copy and decide the path at run time).
#if defined(__GNUC__) || defined(__clang__)
#define MANIFOLD2_INLINE __attribute__((always_inline)) static inline
#else
#define MANIFOLD2_INLINE static inline
// ------------------------------------------------------------------------------------ manifold2d.c

// npCollide2 without its input checks, for callers that build valid shapes themselves (a chain's
// segment is a two-vertex polygon core, which npCollide2 would reject).
void npCollideUnchecked2(npManifold2* m, const npShape2* a, const npTransform2* xfA, const npShape2* b,
						 const npTransform2* xfB, double margin);

#endif

#define NP_FEATURE_VERTEX 0u
#define NP_FEATURE_EDGE 1u

// Lengths below this fraction of the problem's size are treated as zero when a direction has to be
// taken from them (a unit vector from a vector that small would be mostly rounding noise).
#define NP_MANIFOLD_REL_TOLERANCE 1.0e-12

static inline uint32_t makeId(uint32_t kindA, int indexA, uint32_t kindB, int indexB)
{
	return (uint32_t)indexA | ((uint32_t)indexB << 8) | (kindA << 16) | (kindB << 17);
}

// The routines work in A's local frame and write the manifold's points and normal straight into
// world space, through A's transform (the same expressions as moving the finished manifold).

// A reference face in A's frame, with what a contact on it needs: the line through v1 with unit
// tangent t and outward normal n, the radii of the face's shape and of the other shape, the margin,
// which shape owns the face (`refIsB`: the manifold normal is then -n), and A's transform.
typedef struct faceFrame
{
	npVec2 v1, t, n;
	double refRadius, incRadius, margin;
	bool refIsB;
	const npTransform2* xfA;
} faceFrame;

// Adds a face contact. The incident core point sits at (u, h) in the face's coordinates (u along t
// from v1, h along n). The reference surface point is its projection onto the face pushed out by
// the reference radius. The incident surface point is the core point pushed out by the incident
// radius along `incDir`, an outward normal of the incident core at that point: -n itself whenever
// -n is one (`incAlongNormal`; then depth = radius - h, the separation along n, exactly), else the
// outward normal nearest to -n (a rounded incident edge tilted against the face: the point stays on
// its surface). The depth is dot(pointRef - pointInc, n) by construction.
static inline void addFacePoint(npManifold2* m, const faceFrame* f, double u, double h, npVec2 incDir,
								bool incAlongNormal, uint32_t id)
{
	// (The callers add at most two points to an empty manifold.)
	npVec2 n = f->n;
	npVec2 onFace = v2MulAdd(f->v1, u, f->t);
	npVec2 onRef = v2MulAdd(onFace, f->refRadius, n);
	npVec2 onInc;
	double depth;
	if (incAlongNormal || f->incRadius == 0.0)
	{
		depth = (f->refRadius + f->incRadius) - h;
		onInc = v2MulAdd(onRef, -depth, n);
	}
	else
	{
		npVec2 core = v2MulAdd(onFace, h, n);
		onInc = v2MulAdd(core, f->incRadius, incDir);
		depth = v2Dot(v2Sub(onRef, onInc), n);
	}
	if (!(depth >= -f->margin))
		return;
	npManifoldPoint2* p = m->points + m->pointCount;
	p->pointA = npTransformPoint2(*f->xfA, f->refIsB ? onInc : onRef);
	p->pointB = npTransformPoint2(*f->xfA, f->refIsB ? onRef : onInc);
	p->depth = depth;
	p->id = id;
	m->pointCount += 1;
}

// A contact between the closest points of the two cores, cA and cB (A's frame): the shapes'
// radii, the normal to use when the two points are too close for a direction (closer than
// `tolerance`), the margin and the point's feature id.
typedef struct closestContact
{
	npVec2 cA, cB;
	double radiusA, radiusB;
	npVec2 fallbackNormal;
	double tolerance, margin;
	uint32_t id;
} closestContact;

// Sets a one-point manifold from a closest contact, through A's transform xfA. The normal is the
// direction cA -> cB, or the fallback normal when there is no direction (then the depth is
// measured along that normal, so the conventions still hold exactly). The manifold must be empty
// on entry; it stays empty when the point is beyond the margin.
static inline void setClosestPoint(npManifold2* m, const npTransform2* xfA, const closestContact* c)
{
	npVec2 cA = c->cA, cB = c->cB;
	double radiusA = c->radiusA, radiusB = c->radiusB;
	npVec2 d = v2Sub(cB, cA);
	npVec2 unit = v2(0.0, 0.0);
	// (|d|^2 below the normal range is measured scaled: two circles 8.8e-162 apart got a normal
	// 0.993 long, fuzz_pairs2d.)
	double distance = npLengthAndUnit2(d, &unit);
	npVec2 n;
	double separation;
	if (distance > c->tolerance)
	{
		n = unit;
		separation = distance;
	}
	else
	{
		n = c->fallbackNormal;
		separation = v2Dot(d, n);
	}

	double depth = (radiusA + radiusB) - separation;
	if (!(depth >= -c->margin))
		return;
	m->normal = npRotate2(xfA->q, n);
	m->points[0].pointA = npTransformPoint2(*xfA, v2MulAdd(cA, radiusA, n));
	m->points[0].pointB = npTransformPoint2(*xfA, v2MulAdd(cB, -radiusB, n));
	m->points[0].depth = depth;
	m->points[0].id = c->id;
	m->pointCount = 1;
}

static inline double maxAbsCoordinate(const npVec2* p, int count)
{
	double s = 0.0;
	for (int i = 0; i < count; ++i)
		s = npMax(s, npMax(npAbs(p[i].x), npAbs(p[i].y)));
	return s;
}

// ------------------------------------------------------------------------------------ axis cores

// Box and capsule cores (as made by npMakeBox2 and npMakeCapsule2; the shape's documentation asks
// for shapes to be made so) have a fixed layout in their own frame: every edge normal is an axis
// direction, and the vertex set is a product of two sets of coordinates ({-hx, hx} x {-hy, hy},
// resp. {-h, h} x {0}) spanned by vertex 0 (the minimum corner) and vertex count/2 (the maximum
// corner). Both facts make the separating-axis test linear instead of quadratic, with the same
// numbers as the double loop of findMaxSeparation (sat2d.c), bit for bit:
//  1. The axis core's own faces (findAxisCoreSeparation, also used against a circle's centre):
//     with n = (0, -1), dot(n, w - v) evaluates to -(w.y - v.y) = v.y - w.y exactly (0 * anything
//     is a zero, which adds nothing), and rounding is monotone, so the smallest over the other
//     core's vertices w is v.y - max(w.y). The face separations are differences between the other
//     core's bounding box (in the axis core's frame) and the faces' coordinates. A box's faces are,
//     in order, -y, +x, +y, -x; a capsule's -y, +y.
//  2. The other core's faces against the axis core (findSeparationAgainstAxisCore in sat2d.c):
//     dot(n, w - v) = n.x * (w.x - v.x) + n.y * (w.y - v.y) is, after rounding, monotone in w.x
//     and in w.y separately, so over a product set of vertices its smallest value is at the corner
//     taking the smaller term in each coordinate (the support point in -n): one evaluation per face
//     instead of one per vertex.
static inline bool isAxisCore(const npShape2* s)
{
	return s->type == NP_SHAPE_BOX2 || s->type == NP_SHAPE_CAPSULE2;
}

// (1) above: the largest face separation of an axis core from a point set with the given bounding
// box, and its face (the first of equal separations, as in findMaxSeparation).
static inline double findAxisCoreSeparation(const npVec2* v, int count, double minX, double maxX, double minY,
											double maxY, int* edge)
{
	// (Selects, not branches: which face wins is data.)
	double s = v[0].y - maxY;
	int best = 0;
	if (count == 4)
	{
		double s1 = minX - v[1].x, s2 = minY - v[2].y, s3 = v[3].x - maxX;
		best = s1 > s ? 1 : best;
		s = s1 > s ? s1 : s;
		best = s2 > s ? 2 : best;
		s = s2 > s ? s2 : s;
		best = s3 > s ? 3 : best;
		s = s3 > s ? s3 : s;
	}
	else
	{
		double s1 = minY - v[1].y;
		best = s1 > s ? 1 : best;
		s = s1 > s ? s1 : s;
	}
	*edge = best;
	return s;
}

// ------------------------------------------------------------------------------------ core pairs

// A core in A's local frame.
typedef struct localCore
{
	const npVec2* vertices;
	const npVec2* normals;
	int count;
	double radius;
} localCore;

// The pair in A's frame: cores[0] is A, cores[1] is B moved into A's frame.
typedef struct corePair
{
	localCore cores[2];
	double radius; // rA + rB
	double margin; // speculative distance
	const npTransform2* xfA; // A's transform, to write the results in world space
	npClipTrace2* trace;     // clipping trace for npFinishCoresTraced2 (npFinishCores2 never reads it)
} corePair;

static inline int nextIndex(int i, int count)
{
	int j = i + 1;
	return j & -(j < count); // j, or 0 past the end (without a branch: the index is data)
}

// The incident edge: the edge of `core` whose normal is most anti-parallel to the reference normal.
// It holds the core's support point in the direction -referenceNormal.
static inline int findIncidentEdge(const localCore* core, npVec2 referenceNormal)
{
	const npVec2* normals = core->normals;
	int count = core->count;
	int best = 0;
	double bestDot = DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		// Selects, not a branch: which edge wins is data (see npSupportIndex2).
		double d = v2Dot(normals[i], referenceNormal);
		bool better = d < bestDot;
		best = better ? i : best;
		bestDot = better ? d : bestDot;
	}
	return best;
}

// What the separating-axis test found: each core's best face (edge and separation) and, when
// already known, the incident edge on the other core for it (-1: npFinishCores2 searches for it).
typedef struct satResult
{
	double sepA, sepB;
	int edgeA, edgeB;
	int incidentA, incidentB;
} satResult;

// ------------------------------------------------------------------------------------ sat2d.c

// Two cores (capsule, box or polygon in any combination), checked input: B moved into A's frame,
// the separating-axis test, then npFinishCores2. Writes into an empty manifold.
void npCollideCores2(npManifold2* m, const npShape2* A, const npTransform2* xfA, const npShape2* B,
					 const npTransform2* xfB, double margin);
// The same, with A's edge search starting at *warmA (a contact cache's memory; -1: none), which is
// then set to A's best edge (-1 when none was searched). The result is npCollideCores2's: the start
// only orders the search (findMaxSeparation).
void npCollideCoresWarm2(npManifold2* m, const npShape2* A, const npTransform2* xfA, const npShape2* B,
						 const npTransform2* xfB, double margin, int* warmA);

// ------------------------------------------------------------------------------------ manifold2d.c

// npCollide2 for callers that checked both transforms (npValidateTransform2) and the margin
// (usable) themselves, the batches: only the shapes are checked, so the manifold is npCollide2's,
// without copying the transforms and the result by value.
void npCollidePosed2(npManifold2* m, const npShape2* a, const npTransform2* xfA, const npShape2* b,
					 const npTransform2* xfB, double margin);

// True when the manifold of shape s against shape other never reads s's rotation: s is a circle
// centred at its local origin (as npMakeCircle makes them) and other is a capsule, box or polygon.
// collideCoreAndCircle then works in the other shape's frame and takes the circle's centre from
// the two positions alone (for either argument order, and scaled for tiny pairs), so any rotation
// gives the same bits. The batches and the JS shim then skip npMakeRot2 for that side, about a
// third of a circle-box pair's time; its angle is still checked, and npMakeRot2's rotations always
// pass npValidateTransform2 (binding.c), so the errors are the same too.
static inline bool npManifoldIgnoresRotation2(const npShape2* s, const npShape2* other)
{
	return s->type == NP_SHAPE_CIRCLE && other->type != NP_SHAPE_CIRCLE && s->vertices[0].x == 0.0 &&
		   s->vertices[0].y == 0.0;
}

// npCollide2 for a contact cache (contact2d.c): two cores (capsule, box, polygon) search from *warmA
// and set it (npCollideCoresWarm2); *searched tells whether they did. Same result as npCollide2.
npManifold2 npCollideWarm2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
						   double margin, int* warmA, bool* searched);

// ------------------------------------------------------------------------------------ clip2d.c

// Everything after the separating-axis test: the reference face, then clipping or the closest
// features. Writes into an empty manifold.
void npFinishCores2(npManifold2* m, const corePair* pair, const satResult* sat);

// Clips the incident edge `incident` of the other core against edge `edge` of core `ref` (0 = A,
// 1 = B) and writes the face contacts (at most two, within the margin) into the manifold; false
// when the incident edge lies wholly beyond a side plane. The chains force a segment's face with it.
bool npClipToFace2(npManifold2* m, const corePair* pair, int ref, int edge, int incident);

// npFinishCores2 recording how it clips in pair->trace (which must be set).
void npFinishCoresTraced2(npManifold2* m, const corePair* pair, const satResult* sat);

// One end of the clipped incident edge: its place above the reference face (u along the face from
// v1, h along the normal) and the features that made it.
typedef struct clippedEnd
{
	double u, h;
	uint32_t refKind, incKind;
	int refIndex, incIndex;
} clippedEnd;

// A clip: the incident edge in the reference face's coordinates, from (u0, h0) at its vertex
// `incident` to (u1, h1) at the next vertex, and the reference face, from u = 0 at its vertex
// `edge` to u = length at its vertex `edgeEnd` (an edge's index is that of its start vertex).
typedef struct faceClip
{
	double u0, h0, u1, h1;
	double length;
	int edge, edgeEnd, incident;
} faceClip;

// The id of a clipped end, in the caller's A and B.
static inline uint32_t clippedEndId(const faceFrame* f, const clippedEnd* e)
{
	return f->refIsB ? makeId(e->incKind, e->incIndex, e->refKind, e->refIndex)
					 : makeId(e->refKind, e->refIndex, e->incKind, e->incIndex);
}

// Clipping trace hooks (trace2d.c), called by npFinishCoresTraced2 only; npCollideCoresTraced2 is
// npCollideCores2 filling a trace.
void npClipTraceAxes2(const corePair* pair, const satResult* sat);
void npClipTraceFace2(const corePair* pair, int ref, const faceClip* clip);
void npClipTraceEnds2(const corePair* pair, const faceFrame* f, const clippedEnd ends[2]);
void npCollideCoresTraced2(npManifold2* m, const npShape2* A, const npTransform2* xfA, const npShape2* B,
						   const npTransform2* xfB, double margin, npClipTrace2* trace);

// ------------------------------------------------------------------------------------ manifold2d.c

// npCollide2 without its input checks, for callers that build valid shapes themselves (a chain's
// segment is a two-vertex polygon core, which npCollide2 would reject).
void npCollideUnchecked2(npManifold2* m, const npShape2* a, const npTransform2* xfA, const npShape2* b,
						 const npTransform2* xfB, double margin);

#endif
