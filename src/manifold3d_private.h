// Private helpers shared by the 3D manifold (manifold3d.c and the files it is split into), the
// contact cache (contact3d.c) and the WebAssembly shim (binding3d.c).
//
// The manifold sources define NP_MANIFOLD3D_INTERNAL before including this header and see its
// second part too: feature ids, the SAT pair and its support hints, the query results, clip
// vertices and the face clip, and the world-transform helpers. The small helpers are static inline
// here so that the hot paths (box-box, hull-hull) inline them as they did in one file.
#ifndef NP_MANIFOLD3D_PRIVATE_H
#define NP_MANIFOLD3D_PRIVATE_H

#include "narrowphase/manifold3d.h"

/// Most candidate points npReduceContacts3 accepts. Clipping an incident face of up to
/// NP_MAX_HULL_VERTICES vertices against the side planes of a reference face adds at most one point
/// per side plane, and the reference face has at most NP_MAX_HULL_VERTICES edges.
#define NP_MAX_CLIP_POINTS3 (2 * NP_MAX_HULL_VERTICES + 8)

/// npCollide3 for transforms made by npMakeTransform3 (not checked again), writing the world-space
/// manifold as doubles, the layout of the WebAssembly shim (binding3d.h): normal x, y, z, then 8 per
/// point: pointA, pointB, depth, id. Polyhedron pairs are moved from A's frame into `out` in one
/// pass. Returns the point count.
int npCollideFlat3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB, const npTransform3* xfB,
				   double margin, double* out);

/// A contact cache's memory for the polyhedron search, as the warm routines take it.
typedef struct npWarmState3
{
	npSatCache3* sat;    ///< last frame's faces and facts, updated by the call
	npWarmStats3* stats; ///< counts of what the warm start saved, incremented by the call
} npWarmState3;

/// npCollide3 into *m (the same result), for a contact cache: a box, hull or triangle pair runs the
/// separating-axis search from warm->sat (last frame's faces, updated here) and counts in
/// warm->stats what the warm start saved; other pairs run npCollide3's routines. The caller has
/// checked what npCollide3 checks first: shapes given, the margin in [0, NP_HUGE], usable transforms.
/// Returns -1 when *m is in world space (npCollide3's result), else the offset mask of toWorldWith:
/// *m is in A's frame and toWorldWith(m, A's rotation, A's position, mask) makes npCollide3's result
/// (the cache does it while it reads the points: contact3d.c).
int npCollideWarm3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB, const npTransform3* xfB,
				   double margin, const npWarmState3* warm, npManifold3* m);

/// npCollideCached3 with the transforms by reference (the wasm shim's entry: wasm passes structs by
/// value through the stack).
npResult npCollideCachedAt3(npContactCache3* cache, const npShape3* shapeA, const npTransform3* xfA,
							const npShape3* shapeB, const npTransform3* xfB, double margin, npManifold3* out);

/// Chooses at most four of `count` candidate contact points lying (roughly) in a plane with unit
/// normal `normal`: the deepest point first, then the point farthest from it, then the point
/// making the largest triangle with those two, then the point outside that triangle that adds the
/// most area. Writes the chosen indices to `out` (deepest first) and returns how many (count when
/// count <= 4). Ties go to the lowest index, so the choice is deterministic.
int npReduceContacts3(const npVec3* positions, const double* depths, int count, npVec3 normal,
					  int out[NP_MAX_MANIFOLD_POINTS3]);

#ifdef NP_MANIFOLD3D_INTERNAL

#include "polyhedron3d.h"
#include "vec3.h"

#include <stdbool.h>
#include <stdint.h>

// ---------------------------------------------------------------------------------- feature ids

// Bits of the feature id (see manifold3d.h).
#define ID_FACE_A 1u
#define ID_FACE_B 2u
#define ID_OTHER 3u
#define ID_VERTEX 0u
#define ID_EDGE_CLIP 1u
#define ID_CORNER 2u

static inline uint32_t faceId(uint32_t kind, int refFace, uint32_t feature)
{
	return (kind << 30) | (((uint32_t)refFace & 0xFFFu) << 18) | feature;
}
static inline uint32_t pointFeature(uint32_t type, int a, int b)
{
	return (type << 16) | (((uint32_t)a & 0xFFu) << 8) | ((uint32_t)b & 0xFFu);
}
static inline uint32_t edgeId(int edgeA, int edgeB)
{
	return (ID_OTHER << 30) | (((uint32_t)edgeA & 0xFFFu) << 16) | (((uint32_t)edgeB & 0xFFFu) << 4);
}
static inline uint32_t closedFormId(int index)
{
	return (ID_OTHER << 30) | (1u << 28) | ((uint32_t)index & 0xFu);
}

// ---------------------------------------------------------------------------------- shapes, manifolds

static inline bool isPolyhedron(const npShape3* s)
{
	return s->type == NP_SHAPE_BOX3 || s->type == NP_SHAPE_HULL3 || s->type == NP_SHAPE_TRIANGLE3;
}

// The polyhedron view of a box, hull or triangle (false for other shapes).
static inline bool getPolyhedron(const npShape3* shape, npPolyhedron3* out)
{
	if (!isPolyhedron(shape))
		return false;
	return npMakePolyhedron3(shape, out);
}

/// A transform npMakeTransform3 could have built: finite, bounded, (nearly) unit quaternion. The
/// public pair functions check it too: a NaN or zero quaternion made the separating-axis search
/// pick no face (-1), and the clipper then read before the hull's arrays (found by fuzzing).
static inline bool npUsableTransform3(const npTransform3* xf)
{
	double qq = xf->q.x * xf->q.x + xf->q.y * xf->q.y + xf->q.z * xf->q.z + xf->q.w * xf->q.w;
	return fabs(xf->p.x) <= NP_HUGE && fabs(xf->p.y) <= NP_HUGE && fabs(xf->p.z) <= NP_HUGE && qq >= 0.999 &&
		   qq <= 1.001;
}

static inline npManifold3 emptyManifold(void)
{
	npManifold3 m;
	m.normal = v3(0.0, 0.0, 0.0);
	m.pointCount = 0;
	return m;
}

static inline void clearManifold(npManifold3* m)
{
	m->pointCount = 0;
	m->normal = v3(0.0, 0.0, 0.0);
}

// Adds a point given in A's local frame (pointA on A, pointB on B); depth along the local normal.
static inline void pushPoint(npManifold3* m, npVec3 pA, npVec3 pB, npVec3 normal, uint32_t id)
{
	npManifoldPoint3* mp = m->points + m->pointCount++;
	mp->pointA = pA;
	mp->pointB = pB;
	mp->depth = v3Dot(v3Sub(pA, pB), normal);
	mp->id = id;
}

// ---------------------------------------------------------------------------------- world transform

// One point of a manifold in A's frame moved to world space (r, p: A's rotation and position; n:
// the world normal). With `offset`, pointA is rebuilt as pointB + depth * n (a face contact's
// reference point above its incident point: a multiply-add instead of a rotation). The one place
// for this arithmetic: npCollide3 (toWorldWith) and the wasm shim's flat output (writeFlat) must
// agree bit for bit.
static inline void pointToWorld(const npManifoldPoint3* mp, const npMat3* r, npVec3 p, npVec3 n, bool offset,
								npVec3* pointA, npVec3* pointB)
{
	npVec3 pB = v3Add(npMat3Mul(r, mp->pointB), p);
	*pointA = offset ? v3MulAdd(pB, mp->depth, n) : v3Add(npMat3Mul(r, mp->pointA), p);
	*pointB = pB;
}

// Moves a manifold computed in A's local frame to world space, in place (r: A's rotation, p: its
// position). Point i with bit i of `offsetMask` set has pointA = pointB + depth * normal.
static inline void toWorldWith(npManifold3* m, const npMat3* r, npVec3 p, unsigned offsetMask)
{
	npVec3 n = npMat3Mul(r, m->normal);
	m->normal = n;
	for (int i = 0; i < m->pointCount; ++i)
	{
		npManifoldPoint3* mp = m->points + i;
		pointToWorld(mp, r, p, n, (offsetMask >> i) & 1u, &mp->pointA, &mp->pointB);
	}
}

static inline void toWorld(npManifold3* m, npTransform3 xfA)
{
	npMat3 r = npQuatToMat3(xfA.q);
	toWorldWith(m, &r, xfA.p, 0u);
}

// ---------------------------------------------------------------------------------- the SAT pair

// How to find a shape's deepest vertex along a direction: a box's is picked by the signs of the
// direction in the box's own frame (its vertex i has +h on axis k when bit k of i is set), so a
// face query against a box costs one small rotation instead of a dot product per vertex.
typedef struct SupportHint
{
	bool box;           // the shape is a box whose vertices follow the npPolyhedron3 box layout
	bool local;         // the common frame is the box's own frame (toLocal is the identity)
	npMat3 toLocal;     // rotation from the common frame into the box's frame
	npVec3 center;      // the box's centre in the common frame
	npVec3 halfExtents; // the box's half extents
} SupportHint;

static inline int boxSupportIndex(const SupportHint* hint, npVec3 d)
{
	npVec3 l = hint->local ? d : npMat3Mul(&hint->toLocal, d);
	return (l.x > 0.0 ? 1 : 0) | (l.y > 0.0 ? 2 : 0) | (l.z > 0.0 ? 4 : 0);
}

// Workspace for one polyhedron pair, A's local frame. B's vertices and planes are moved there.
typedef struct SatPair
{
	const npShape3* shapeA;
	const npShape3* shapeB;
	const npTransform3* xfA;
	const npTransform3* xfB;
	npTransform3 rel;                      // B's frame in A's
	npMat3 rot;                            // rel's rotation
	bool boxA, boxB;
	SupportHint hintA, hintB;              // hintA in A's own frame; hintB for B seen from A
	npPolyhedron3 a;                       // A, local
	npPolyhedron3 b;                       // B, local (topology; positions come from bv/bp)
	npVec3 bv[NP_MAX_HULL_VERTICES];       // B's vertices in A's frame
	npPlane3 bp[NP_MAX_HULL_FACES];        // B's planes in A's frame
	double sideSign[NP_MAX_HULL_FACES];    // scratch: per face of B, dot(normal, arc normal)
	uint16_t candidates[5][NP_MAX_HULL_HALF_EDGES / 2]; // scratch: B's edges left for the arc test
	npVec3 edgeB[NP_MAX_HULL_HALF_EDGES / 2];        // scratch: B's edge vectors (A's frame)
} SatPair;

/// Fills the pair's shapes, transforms and B's frame in A's (rel, rot); the caller sets the box
/// flags and the polyhedron views (manifold3d.c, and the warm routines of warm3d.c / warmbox3d.c).
static inline void npPlaceSatPair(SatPair* w, const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
								  const npTransform3* xfB)
{
	w->shapeA = shapeA;
	w->shapeB = shapeB;
	w->xfA = xfA;
	w->xfB = xfB;
	w->rel = npInvMulTransforms3(*xfA, *xfB);
	w->rot = npQuatToMat3(w->rel.q);
}

static inline npVec3 edgeStart(const npPolyhedron3* p, const npVec3* verts, int edge)
{
	return verts[p->halfEdges[2 * edge].origin];
}
static inline npVec3 edgeEnd(const npPolyhedron3* p, const npVec3* verts, int edge)
{
	return verts[p->halfEdges[2 * edge + 1].origin];
}

static inline npVec3 centroidOf(const npPolyhedron3* p, const npVec3* verts)
{
	npVec3 c = v3(0.0, 0.0, 0.0);
	for (int i = 0; i < p->vertexCount; ++i)
		c = v3Add(c, verts[i]);
	return v3Scale(1.0 / (double)p->vertexCount, c);
}

// One shape's faces against the other shape's vertices, both in the common frame.
typedef struct FaceQuery
{
	const npPolyhedron3* faces; // the shape whose faces are tested (topology, face count)
	const npPlane3* planes;     // its planes
	const npVec3* others;       // the other shape's vertices
	int otherCount;
	double stop;                // the scan stops at the first face separating by more than this
} FaceQuery;

// The best face found and the other shape's deepest vertex for it (its support point along -normal).
typedef struct FaceResult
{
	double separation;
	int face;
	int vertex;
} FaceResult;

// The best edge pair found (edgeA = edgeB = -1 when none beat the floor it started from).
typedef struct EdgeResult
{
	double separation;
	int edgeA, edgeB;
} EdgeResult;

// What the separating-axis search found for a pair that is not separated beyond the margin.
typedef struct SatAxis
{
	FaceResult faceA;  // A's best face, B's support vertex for it
	FaceResult faceB;  // B's best face, A's support vertex for it
	EdgeResult edge;   // the best edge pair, if one could beat the faces
	npVec3 centroidA;  // A's vertex centroid (orients edge axes away from A)
	int choice;        // 0: A's face, 1: B's face, 2: the edge pair, 3: the closest points below
	bool edgesSkipped; // the warm search proved no edge axis could win and skipped the edge query
	bool edgeScanned;  // `edge` was found by vertex scans (its edges need not be the supports)
	npVec3 closestA, closestB, closestNormal; // choice 3 (A's frame): GJK's closest points and normal
} SatAxis;

// What an edge query learned by measuring the shapes' distance (npQueryEdgesGuided3).
typedef struct EdgeQueryGap
{
	bool apart;                 // farther apart than the margin: no contact
	bool measured;              // apart, within the margin: `distance` holds GJK's closest points
	bool byArcs;                // the edge pairs were chosen by the Gauss-map arc test (sat3d.c)
	bool shortOfDepth;          // guided: EPA's axis beats the faces, the pair found falls short of it
	bool unsupported;           // by direction: the pair's edges are not the shapes' extremes along its axis
	npDistanceResult3 distance; // world space
} EdgeQueryGap;

/// Shapes with at most this many edges are checked for parallel edges (boxes have 12 edges in 3
/// directions, triangles 3).
#define NP_FEW_EDGES3 24
/// Most distinct edge directions kept by npDirectionGroups3.
#define NP_MAX_DIRECTIONS3 8
/// Above this many edge pairs the Gauss-map scan (linear in the number of pairs) costs more than
/// locating the best axis with GJK + EPA (npQueryEdgesGuided3).
#define NP_SAT_EDGE_PAIRS3 1024

// A shape's edges grouped by direction (npDirectionGroups3).
typedef struct EdgeDirections
{
	npVec3 dirs[NP_MAX_DIRECTIONS3];
	uint8_t group[NP_FEW_EDGES3]; // group of each edge (not filled for a box: see edgeGroup)
	int count;                    // number of groups, -1 when too many
	bool box;
} EdgeDirections;

// The best pair of edge directions and its unit axis (A -> B); groupA = -1 when none beat the floor.
typedef struct DirectionPair
{
	double separation;
	int groupA, groupB;
	npVec3 axis;
} DirectionPair;

// ---------------------------------------------------------------------------------- clipping

// One point of the polygon being clipped: its position, its feature id bits, and the feature of the
// polygon edge leaving it (an incident edge, given by its first vertex, or a side plane).
typedef struct ClipVertex
{
	npVec3 p;
	uint32_t feature;
	uint16_t edgeIsSide; // the outgoing edge lies on side plane edgeIndex (else incident edge edgeIndex)
	uint16_t edgeIndex;
} ClipVertex;

// One shape of a face contact in the common frame (A's).
typedef struct ClipShape
{
	const npPolyhedron3* topo;
	const npVec3* verts;
	const npPlane3* planes;
	const SupportHint* box; // the shape's box hint, NULL when it is not a box
	bool loose;             // a hull whose planes do not all hold their corners (npHull3.loosePlanes)
} ClipShape;

/// True for a hull whose face planes do not all hold their corners (npHull3.loosePlanes).
static inline bool npLooseHull3(const npShape3* shape)
{
	return shape->type == NP_SHAPE_HULL3 && shape->hull->loosePlanes;
}

// A face contact: the reference face of one shape, the other shape's support vertex below it.
typedef struct FaceClip
{
	ClipShape ref;
	int refFace;
	ClipShape inc;
	int support;   // the incident shape's deepest vertex along -normal of the reference face
	bool refIsA;   // selects the id kind and which side gets which point
	double margin; // points up to this far above the reference plane are kept
} FaceClip;

// A box's incident face for the reference normal n, around its support vertex (planes: the box's,
// face 2j / 2j+1 along axis j): of the three faces 2j + bit j there, the one most anti-parallel to
// n; -1 on an exact tie (the clipper then walks the half-edges). Shared by the clipper (clip3d.c)
// and the warm box routine (warmbox3d.c), which must choose alike.
static inline int npIncidentBoxFace3(const npPlane3* planes, int support, npVec3 n)
{
	int f0 = support & 1, f1 = 2 + ((support >> 1) & 1), f2 = 4 + ((support >> 2) & 1);
	double c0 = v3Dot(planes[f0].normal, n), c1 = v3Dot(planes[f1].normal, n), c2 = v3Dot(planes[f2].normal, n);
	if (c0 < c1 && c0 < c2)
		return f0;
	if (c1 < c0 && c1 < c2)
		return f1;
	if (c2 < c0 && c2 < c1)
		return f2;
	return -1;
}

// ---------------------------------------------------------------------------------- across files

// sat3d.c: the face queries and the whole axis search.
FaceResult npQueryFacesOf3(const FaceQuery* q, const SupportHint* hint, const npPolyhedron3* climb);
FaceResult npQueryBoxFaces3(npVec3 h, const npVec3* pts, int count, double stop);
bool npFindSatAxis3(SatPair* w, double margin, SatAxis* out);
// The same search with last frame's faces measured first and the edge query skipped when
// npNoEdgeAxisWins3 holds: the same result as npFindSatAxis3 (warm may be NULL: the cold search).
bool npFindSatAxisWarm3(SatPair* w, double margin, const npSatCache3* warm, SatAxis* out);
// The face query's measurement of one face: the lowest plane distance of the points (lowest index on
// ties), as every face query measures it.
double npDeepestAbove3(const npPlane3* plane, const npVec3* pts, int count, int* index);
// Both face queries of two boxes (w->rot, w->rel, the shapes' half extents): false, with only
// faceA's separation written, when A's faces separate them by more than `stop`.
bool npQueryBoxPairFaces3(const SatPair* w, double stop, FaceResult* faceA, FaceResult* faceB);

// manifold3d.c: a box of half extents h moved by rotation r and offset: its 8 vertices and 6 planes.
void npMoveBoxToFrame3(npVec3 h, const npMat3* r, npVec3 offset, npVec3* verts, npPlane3* planes);

// warm3d.c: true when no edge axis of the pair separates it by more than `floor` (nor are the shapes
// apart), proven from the face results in *sat; false when the proof does not go through.
bool npNoEdgeAxisWins3(const SatPair* w, const SatAxis* sat, double floor);
// The same for two boxes, from closed forms (a face's disc and the opposite face).
bool npNoEdgeAxisWinsBoxes3(const SatPair* w, const SatAxis* sat, double floor);
// The same from the two support vertices it reads: B's vertex sat->faceA.vertex (A's frame) and A's
// vertex sat->faceB.vertex (A's own frame), for the warm box routine, which makes only these.
bool npNoEdgeAxisWinsBoxesAt3(const SatPair* w, const SatAxis* sat, double floor, npVec3 supportB, npVec3 supportA);

// warm3d.c: the polyhedron routine for a hull pair in a coherent face contact, from last frame's
// faces (state->sat) without searching the others: each face query measures only last frame's face
// and proves every other face lower. Returns the offset mask as the routine does (m in A's frame),
// or -2 when a proof does not go through (m untouched: run the search).
int npCollideWarmFaces3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
						const npTransform3* xfB, double margin, const npWarmState3* state, npManifold3* m);

// warmbox3d.c: the polyhedron routine for two boxes in a face contact whose incident face lies
// inside the reference face (a box resting on another): the same result, without the general
// setup, search and clipper. Returns the offset mask (m in A's frame), -1 when the shapes are apart
// (m empty), or -2 when the case does not apply (m untouched: run the routine).
int npCollideWarmBoxes3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
						const npTransform3* xfB, double margin, const npWarmState3* state, npManifold3* m);
// The vertex loops of a box's faces in the order the clipper walks them (the routine's table).
extern const uint8_t npBoxFaceLoop3[6][4];

// satedges3d.c: the edge queries.
EdgeResult npQueryEdges3(SatPair* w, npVec3 centroidA, double floor);
EdgeResult npQueryEdgesSolid3(SatPair* w, npVec3 centroidA, double floor);
EdgeResult npQueryEdgesGuided3(SatPair* w, npVec3 centroidA, double floor, double margin, EdgeQueryGap* gap);
int npDirectionGroups3(const npPolyhedron3* p, EdgeDirections* out);
DirectionPair npQueryEdgeAxes3(const SatPair* w, const EdgeDirections* a, const EdgeDirections* b, double floor);
/// The interval [lo, hi] a shape covers along unit `axis` (satedges3d.c): a box (hint) in closed form,
/// anything else by its vertices.
void npProjectOnAxis3(const npVec3* verts, int count, const SupportHint* hint, npVec3 axis, double* lo, double* hi);
/// The interval [lo, hi] of a point set along unit `axis` by a scan, widening *lo, *hi and *size
/// (the largest |coordinate| met): the vertex scans that check claimed axes (sat3d.c, manifold3d.c).
static inline void npScanInterval3(const npVec3* verts, int count, npVec3 axis, double* lo, double* hi, double* size)
{
	for (int i = 0; i < count; ++i)
	{
		double x = v3Dot(axis, verts[i]);
		*lo = np3Min(*lo, x);
		*hi = np3Max(*hi, x);
		*size = np3Max(*size, v3MaxAbs(verts[i]));
	}
}

/// A flat polyhedron's two planes (face 0 along its normal, face 1 opposite) each hold every vertex:
/// the slab between them is as thick as the points' spread about their plane (within the hull
/// tolerance for a flat hull, 0 for a triangle).
static inline double npSlabThickness3(const npPlane3* planes)
{
	return fabs(planes[0].offset + planes[1].offset);
}
EdgeResult npSupportingEdges3(const SatPair* w, const EdgeDirections* a, const EdgeDirections* b,
							  const DirectionPair* best, bool* supports);

// clip3d.c: face contacts.
// The face contact from the incident face `incident` (-1: chosen here, step 1 of the clipper), and
// step 1 alone (it reads only the incident shape's plane normals around the support vertex; the
// warm path moves the vertices of the face it picks).
unsigned npFaceContactOn3(const FaceClip* clip, int incident, npManifold3* m);
int npIncidentFace3(const FaceClip* clip);
static inline unsigned npFaceContact3(const FaceClip* clip, npManifold3* m)
{
	return npFaceContactOn3(clip, -1, m);
}
npVec3 npClosestOnFace3(const ClipShape* shape, int face, npVec3 p, double s);

// rounded3d.c: pairs with a sphere (a sphere shape and a polyhedron, not checked again) or a capsule
// against a polyhedron, in world space.
void npCollidePolyhedronSphere3(const npShape3* polyA, const npTransform3* xfA, const npShape3* sphereB,
								const npTransform3* xfB, double margin, npManifold3* m);
void npCollidePolyhedronCapsule3(const npShape3* polyA, const npTransform3* xfA, const npShape3* capsuleB,
								 const npTransform3* xfB, double margin, npManifold3* m);

#endif // NP_MANIFOLD3D_INTERNAL

#endif
