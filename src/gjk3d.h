// 3D GJK internals shared by the distance and EPA code (private header).
//
// As in 2D, everything runs in A's local frame: B is brought into it once per query (a rotation
// matrix and an offset), so shapes far from the world origin lose no precision to cancellation.
// Cores are polytopes (a point, a segment, a box, a hull, a triangle), so GJK terminates exactly
// on repeated support points and EPA converges to a true face of the Minkowski difference.
#ifndef NP_GJK3D_H
#define NP_GJK3D_H

#include "polyhedron3d.h"
#include "vec3.h"

/// A point of the Minkowski difference A - B with the two core points it came from.
typedef struct npSupportPoint3
{
	npVec3 wA;  ///< point of A's core (A's frame)
	npVec3 wB;  ///< point of B's core (A's frame)
	npVec3 w;   ///< wA - wB
	int indexA; ///< vertex index on A's polyhedron view
	int indexB; ///< vertex index on B's polyhedron view
} npSupportPoint3;

/// Copies a support point field by field. A struct assignment of its 80 bytes is a memory.copy in
/// the wasm build, which V8 runs as a call out of the compiled code: about 2 ns a copy more than
/// the fields' loads and stores (measured), and GJK's simplex steps copy points many times.
static inline void npCopySupport3(npSupportPoint3* to, const npSupportPoint3* from)
{
	to->wA = from->wA;
	to->wB = from->wB;
	to->w = from->w;
	to->indexA = from->indexA;
	to->indexB = from->indexB;
}

/// How a core answers support queries.
typedef enum npCoreKind3
{
	NP_CORE_POINT = 0,   ///< sphere: one vertex
	NP_CORE_SEGMENT = 1, ///< capsule: vertices 0 (-y) and 1 (+y)
	NP_CORE_BOX = 2,     ///< box: vertex index from the direction's sign bits
	NP_CORE_VERTICES = 3 ///< hull, triangle: scan of the vertices
} npCoreKind3;

/// The query pair, prepared once.
typedef struct npPair3
{
	const npShape3* shapeA;
	const npShape3* shapeB;
	npTransform3 xfB;  ///< B's transform relative to A (A's frame)
	double rot[3][3];  ///< rotation matrix of xfB.q (B's local axes as columns)
	npCoreKind3 kindA; ///< support rule of A's core
	npCoreKind3 kindB; ///< support rule of B's core
	npPolyhedron3 polyA; ///< A's core as a polyhedron (local frame)
	npPolyhedron3 polyB; ///< B's core as a polyhedron (B's local frame)
} npPair3;

/// What GJK found.
typedef struct npGjkResult3
{
	npSupportPoint3 simplex[4]; ///< final simplex
	double weights[4];          ///< barycentric weights of the closest point
	int count;                  ///< simplex size
	bool overlap;               ///< the origin is inside or on the simplex (cores touch or overlap)
	bool early;                 ///< stopped early: the cores are farther apart than `stopDistance`
	npVec3 pointA;              ///< closest point on A's core (A's frame)
	npVec3 pointB;              ///< closest point on B's core (A's frame)
	double distance;            ///< distance between the cores (0 when overlapping)
	double scale;               ///< magnitude of the coordinates involved, for tolerances
	int iterations;             ///< iterations used
} npGjkResult3;

/// Relative tolerance: lengths below this times the problem's scale count as zero.
#define NP_REL_TOLERANCE3 1.0e-12

/// Prepares the pair (relative transform, rotation matrix, polyhedron views).
void npMakePair3(npPair3* pair, const npShape3* a, npTransform3 xfA, const npShape3* b, npTransform3 xfB);

/// B's local point in A's frame.
static inline npVec3 npPairPointB(const npPair3* pair, npVec3 p)
{
	const double(*m)[3] = pair->rot;
	return (npVec3){ m[0][0] * p.x + m[0][1] * p.y + m[0][2] * p.z + pair->xfB.p.x,
					 m[1][0] * p.x + m[1][1] * p.y + m[1][2] * p.z + pair->xfB.p.y,
					 m[2][0] * p.x + m[2][1] * p.y + m[2][2] * p.z + pair->xfB.p.z };
}
/// A direction in A's frame expressed in B's frame.
static inline npVec3 npPairDirToB(const npPair3* pair, npVec3 d)
{
	const double(*m)[3] = pair->rot;
	return (npVec3){ m[0][0] * d.x + m[1][0] * d.y + m[2][0] * d.z, m[0][1] * d.x + m[1][1] * d.y + m[2][1] * d.z,
					 m[0][2] * d.x + m[1][2] * d.y + m[2][2] * d.z };
}

/// A direction in B's frame expressed in A's frame.
static inline npVec3 npPairDirFromB(const npPair3* pair, npVec3 d)
{
	const double(*m)[3] = pair->rot;
	return (npVec3){ m[0][0] * d.x + m[0][1] * d.y + m[0][2] * d.z, m[1][0] * d.x + m[1][1] * d.y + m[1][2] * d.z,
					 m[2][0] * d.x + m[2][1] * d.y + m[2][2] * d.z };
}

/// Index of the core vertex farthest along d (the polyhedron view's numbering; lowest index on
/// ties for vertex scans).
static inline int npCoreSupport3(npCoreKind3 kind, const npPolyhedron3* poly, npVec3 d)
{
	switch (kind)
	{
		case NP_CORE_POINT:
			return 0;
		case NP_CORE_SEGMENT:
			return d.y >= 0.0 ? 1 : 0;
		case NP_CORE_BOX:
			return (d.x >= 0.0 ? 1 : 0) | (d.y >= 0.0 ? 2 : 0) | (d.z >= 0.0 ? 4 : 0);
		default:
			return npPolyhedronSupportXYZ3(poly, d.x, d.y, d.z);
	}
}

/// B's core vertex i in A's frame.
static inline npVec3 npPairVertexB(const npPair3* pair, int i) { return npPairPointB(pair, pair->polyB.vertices[i]); }

/// Support point of A - B in direction d (A's frame), without the shapes' points: returns
/// A's farthest vertex along d minus B's farthest along -d and their indices.
static inline npVec3 npSupportIndices3(const npPair3* pair, npVec3 d, int* indexA, int* indexB)
{
	int ia = npCoreSupport3(pair->kindA, &pair->polyA, d);
	int ib = npCoreSupport3(pair->kindB, &pair->polyB, npPairDirToB(pair, v3Neg(d)));
	*indexA = ia;
	*indexB = ib;
	return v3Sub(pair->polyA.vertices[ia], npPairVertexB(pair, ib));
}

/// Support point of A - B in direction d (A's frame): A's farthest vertex along d minus B's
/// farthest along -d, with both shapes' points. (Out of line: GJK calls it from several places.)
npSupportPoint3 npSupportPair3(const npPair3* pair, npVec3 d);

/// Distance between the two cores by GJK. Stops early (result->early) as soon as a separating
/// plane proves the cores are more than `stopDistance` apart.
void npGjk3(const npPair3* pair, double stopDistance, npGjkResult3* result);

/// npGjk3 from a given first search direction d (A's frame, pointing from A toward B; npGjk3 uses
/// B's offset). A direction near the answer's normal (the shape cast's previous step) saves
/// iterations.
void npGjkFrom3(const npPair3* pair, double stopDistance, npVec3 d, npGjkResult3* result);

/// The unit normal along `gap` (pointB - pointA, not zero) of separated cores whose closest points
/// come from `simplex` (count 1 to 3 points of the difference A - B, shifted by any one vector):
/// from the simplex's geometry when it is larger than the gap, else the gap's direction (gjk3d.c).
npVec3 npSimplexNormal3(const npSupportPoint3* simplex, int count, npVec3 gap);

/// npSimplexNormal3, and when it returns the gap's direction while the simplex's own normal
/// disagrees with it by more than 8 degrees, or belongs to a triangle a million times longer than
/// the gap, that normal in *rival (unit, turned toward the gap; left untouched otherwise). With
/// `slivers` (the distance query) also a triangle whose closest point's rounding could tilt the
/// gap's direction by more than 1e-3 (a sliver). The callers decide between the two by support
/// queries.
npVec3 npSimplexNormalRival3(const npSupportPoint3* simplex, int count, npVec3 gap, npVec3* rival, bool slivers);

/// npSimplexNormal3 of a GJK result whose cores are apart (distance > 0).
static inline npVec3 npGjkNormal3(const npGjkResult3* r)
{
	return npSimplexNormal3(r->simplex, r->count, v3Sub(r->pointB, r->pointA));
}

/// Overlap by the full distance GJK: the cores are at most `radius` apart (npOverlap3's answer
/// whenever its intersection-only search leaves the pair undecided).
bool npGjkOverlap3(const npPair3* pair, double radius);

/// Closest point of triangle abc to the origin: writes barycentric weights and returns the number
/// of vertices kept (1..3), reordering `s` so the kept ones come first. Signed areas (Montanari et
/// al. 2017), so slivers get the right region; a degenerate triangle gives its best edge.
int npClosestOnTriangle3(npSupportPoint3* s, double* weights);

/// Reduces the simplex s[0..count) (count 1..4) to the points that support its point closest to
/// the origin and writes their barycentric weights; returns the new count (4: the origin is inside
/// the tetrahedron). GJK's own step, shared with the GJK ray cast of the shape casts (cast3d.c).
int npSolveSimplex3(npSupportPoint3* s, double* weights, int count);

/// The origin's projection onto the line (count 2) or plane (count 3) of the simplex's points s[i].w,
/// computed from the point nearest the origin and the best-conditioned cross product: accurate to
/// that point's rounding, where the weighted sum of the points carries the weights' rounding times
/// the points' size (large on a needle). False for a single point or a degenerate line or plane.
/// For a simplex reduced to the feature nearest the origin, this is that nearest point.
bool npRefineDirection3(const npSupportPoint3* s, int count, npVec3* v);

#endif
