// narrowphase: traces of the 2D queries, for teaching pages and debugging.
//
// A trace is an optional record the caller hands to a query: the query fills it as it runs, so the
// steps shown are the library's own, number for number. Without a trace (NULL) the queries do no
// tracing work at all and give the same results bit for bit.
//   npGjkTrace2   each GJK iteration: the simplex, the points it keeps and why, the search
//                 direction and the support point (npTraceDistance2, npTraceOverlap2, and inside
//                 npPenetration2 through npEpaTrace2.gjk)
//   npClipTrace2  how a 2D manifold was built: the separating axes, the reference face, the incident
//                 edge, each side-plane clip and the clipped points (npTraceManifold2)
// Points are world points: Minkowski points (A - B) in world orientation, shape points in world space.
#ifndef NARROWPHASE_TRACE2D_H
#define NARROWPHASE_TRACE2D_H

#include "collide2d.h"

#include <stdint.h>

/// How a traced GJK step ended.
typedef enum npGjkStop2
{
	NP_GJK_CONTINUE = 0,       ///< the support point joined the simplex and GJK went on
	NP_GJK_OVERLAP = 1,        ///< the triangle contains the origin: the cores overlap
	NP_GJK_TOUCHING = 2,       ///< the origin lies on the simplex (a point or a segment): the cores touch
	NP_GJK_REPEATED = 3,       ///< the support point is already in the simplex: the closest features are found
	NP_GJK_NO_PROGRESS = 4,    ///< the support point is no closer to the origin along the direction (up to rounding)
	NP_GJK_SEPARATED = 5,      ///< the support plane separates the cores by more than the limit (overlap test)
	NP_GJK_MAX_ITERATIONS = 6, ///< the iteration bound was reached
} npGjkStop2;

/// A point of the Minkowski difference with the two vertices that made it.
typedef struct npGjkVertex2
{
	npVec2 w;   ///< wA - wB (world orientation)
	npVec2 wA;  ///< point of A's core (world)
	npVec2 wB;  ///< point of B's core (world)
	int indexA; ///< core vertex index on A
	int indexB; ///< core vertex index on B
} npGjkVertex2;

/// One GJK iteration: the simplex, its closest point to the origin (dropping the vertices that do not
/// support it), then the search direction towards the origin and the support point found along it.
/// The first step has an empty simplex: it only takes the first support point.
typedef struct npGjkStep2
{
	int simplexCount;         ///< simplex vertices at the start of the step (0..3), the newest last
	npGjkVertex2 simplex[3];  ///< the simplex at the start of the step
	int keptMask;             ///< bit i set: simplex[i] supports the closest point and is kept
	double weights[3];        ///< barycentric weight of simplex[i] in the closest point (0 when dropped)
	npVec2 closest;           ///< the simplex's closest point to the origin (world orientation)
	bool hasSupport;          ///< a support point was taken (false when the step stopped before)
	npVec2 direction;         ///< search direction, towards the origin (not normalised)
	npGjkVertex2 support;     ///< support point of A - B along `direction`
	npGjkStop2 stop;          ///< NP_GJK_CONTINUE, or why GJK stopped at this step
} npGjkStep2;

/// Optional record of a GJK run. The caller provides the step storage; the query fills the rest.
typedef struct npGjkTrace2
{
	int stepCount;        ///< steps written
	int stepCapacity;     ///< size of `steps`
	npGjkStep2* steps;    ///< caller-provided array of stepCapacity steps
	bool truncated;       ///< more steps happened than stepCapacity allowed (the result is still exact)
	npTransform2 frame;   ///< A's transform (set by the query; maps the steps to world space)
} npGjkTrace2;

/// Distance as npDistance2, recording every GJK step in `trace` (which may be NULL). The result is
/// always npDistance2's; for a pair below 2^-200, which that runs scaled, the trace records the
/// unscaled run (as npTraceOverlap2 and a traced npPenetration2 do).
npDistanceResult2 npTraceDistance2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
								   npTransform2 xfB, npGjkTrace2* trace);

/// Overlap test as npOverlap2 (GJK may stop early on a separating support plane), traced.
bool npTraceOverlap2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
					 npGjkTrace2* trace);

/// How a traced 2D manifold was built.
typedef enum npClipPath2
{
	NP_CLIP_NOT_RUN = 0,     ///< invalid input: nothing ran
	NP_CLIP_CLOSED_FORM = 1, ///< a circle is involved: closest points in closed form, no faces to clip
	NP_CLIP_APART = 2,       ///< the best separating axis separates the cores by more than radii + margin
	NP_CLIP_FACE = 3,        ///< the incident edge clipped against the reference face gave the points
	NP_CLIP_CLOSEST = 4,     ///< the closest features of the cores gave a single point
} npClipPath2;

/// One clipping of an incident edge against a reference face's side planes.
typedef struct npClipAttempt2
{
	int refShape;        ///< 0: the reference face is on A, 1: on B
	int refEdge;         ///< reference edge index (its start vertex) on that shape's core
	npVec2 refStart;     ///< reference face start vertex (world, core)
	npVec2 refEnd;       ///< reference face end vertex (world, core)
	npVec2 refNormal;    ///< the face's outward normal (world)
	int incidentEdge;    ///< incident edge index on the other core
	npVec2 incStart;     ///< incident edge start vertex (world, core)
	npVec2 incEnd;       ///< incident edge end vertex (world, core)
	double length;       ///< the face's length: side planes at u = 0 and u = length
	double u[2];         ///< incident ends along the face from refStart, before clipping
	double h[2];         ///< incident ends' heights above the face (negative: below it)
	bool missed;         ///< the incident edge lies wholly beyond one side plane: nothing to clip
	int clippedBy[2];    ///< end k was moved onto a side plane: 0 no, 1 the plane at u = 0, 2 at u = length
	npVec2 point[2];     ///< end k after clipping (world, incident core point)
	double height[2];    ///< end k's height above the face after clipping
	uint32_t id[2];      ///< feature id the contact from end k carries (as in npManifoldPoint2.id)
} npClipAttempt2;

/// Optional record of a 2D manifold's construction (fixed size: no caller storage needed).
typedef struct npClipTrace2
{
	npClipPath2 path;       ///< how the manifold was built
	double separationA;     ///< best separation along A's edge normals (cores; > 0: apart)
	double separationB;     ///< best separation along B's edge normals
	int edgeA;              ///< A's edge with the largest separation
	int edgeB;              ///< B's edge with the largest separation
	int attemptCount;       ///< faces clipped (0..2: the preferred face, then the best one if it failed)
	npClipAttempt2 attempts[2]; ///< the clippings, in order
	npTransform2 frame;     ///< A's transform (set by the query; maps the records to world space)
} npClipTrace2;

/// Manifold as npCollide2, recording how it was built in `trace` (which may be NULL).
npManifold2 npTraceManifold2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB, npTransform2 xfB,
							 double margin, npClipTrace2* trace);

#endif
