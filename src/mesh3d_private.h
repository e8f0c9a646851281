// Private helpers shared by mesh creation (mesh3d.c) and mesh contacts (meshgather3d.c, meshcontacts3d.c).
#ifndef NP_MESH3D_PRIVATE_H
#define NP_MESH3D_PRIVATE_H

#include "narrowphase/mesh3d.h"

#include <string.h>

/// Groups points that lie within `tolerance` of each other (on every axis) into classes, through a
/// hash grid of cells of size >= 64 * tolerance: a stored point within tolerance of p lies in one of
/// the (at most 2 x 2 x 2, usually 1) cells covering [p - tolerance, p + tolerance], so only those
/// are searched. A tolerance of 0 groups bit-identical points (either zero sign). The caller provides
/// the storage: `heads` (slotCount entries, a power of two), `links` and `points` (one per class).
typedef struct npPointHash3
{
	int32_t* heads;   ///< first class in each slot, -1 when empty
	int32_t* links;   ///< next class in the same slot
	npVec3* points;   ///< representative position of each class (the first point that made it)
	uint64_t mask;    ///< slotCount - 1
	double invCell;   ///< 1 / cell size (0 for exact matching)
	double tolerance; ///< matching tolerance per coordinate
	int count;        ///< number of classes so far
} npPointHash3;

/// Clears the hash. `maxAbs` bounds the coordinates that will be added (keeps cell indices exact).
void npPointHashInit3(npPointHash3* hash, int32_t* heads, uint64_t slotCount, int32_t* links,
					  npVec3* points, double tolerance, double maxAbs);

/// Class of `p`: the lowest-numbered class with a representative within tolerance, or a new class
/// (the caller guarantees room for it).
int32_t npPointHashAdd3(npPointHash3* hash, npVec3 p);

/// Nearest float at or below x (one ulp step down when rounding went up).
static inline float npFloatDown(double x)
{
	float f = (float)x;
	if ((double)f > x)
	{
		uint32_t u;
		memcpy(&u, &f, sizeof u);
		if (f > 0.0f)
			u -= 1;
		else if (f < 0.0f)
			u += 1;
		else
			u = 0x80000001u; // the smallest negative subnormal
		memcpy(&f, &u, sizeof f);
	}
	return f;
}

/// Nearest float at or above x.
static inline float npFloatUp(double x) { return -npFloatDown(-x); }

/// A query box in floats, rounded outwards, for cheap tests against BVH nodes.
typedef struct npFloatBox3
{
	float lower[3]; ///< lower corner
	float upper[3]; ///< upper corner
} npFloatBox3;

static inline npFloatBox3 npMakeFloatBox3(npVec3 lower, npVec3 upper)
{
	return (npFloatBox3){ { npFloatDown(lower.x), npFloatDown(lower.y), npFloatDown(lower.z) },
						  { npFloatUp(upper.x), npFloatUp(upper.y), npFloatUp(upper.z) } };
}

/// True when the node's box and the query box overlap (touching counts).
/// (One combined test rather than six short-circuit branches: traversal is branch-bound.)
static inline bool npFloatBoxesOverlap3(const npMeshNode3* node, const npFloatBox3* q)
{
	int out = (int)(node->lower[0] > q->upper[0]) | (int)(node->upper[0] < q->lower[0]) |
			  (int)(node->lower[1] > q->upper[1]) | (int)(node->upper[1] < q->lower[1]) |
			  (int)(node->lower[2] > q->upper[2]) | (int)(node->upper[2] < q->lower[2]);
	return out == 0;
}

/// The packing of npMeshPackedNode3: one coordinate on one axis, rounded down (up = false) or up,
/// clamped to 0 .. NP_MESH_PACK_MAX. (x - lower) * scale is monotonic in x in floating point, so
/// rounding boxes outwards with the same expression keeps every overlap of the exact boxes.
static inline uint64_t npPackCoordinate(double x, double lower, double scale, bool up)
{
	double v = (x - lower) * scale;
	v = v > 0.0 ? v : 0.0;
	v = v < (double)NP_MESH_PACK_MAX ? v : (double)NP_MESH_PACK_MAX;
	uint64_t k = (uint64_t)(int64_t)v; // truncation = floor for v >= 0 (v < 2^20: a signed conversion)
	k += (uint64_t)(up && (double)k < v);
	return k;
}

/// Guard bits of the packed words: bit 20 of each 21-bit axis field.
#define NP_MESH_PACK_GUARDS ((1ull << 20) | (1ull << 41) | (1ull << 62))

/// A box packed as the npMeshPackedNode3 corners (upper with its guard bits).
static inline void npPackBox3(const npMesh3* mesh, npVec3 lower, npVec3 upper, uint64_t* packedLower,
							  uint64_t* packedUpper)
{
	const double lo[3] = { lower.x, lower.y, lower.z }, hi[3] = { upper.x, upper.y, upper.z };
	const double origin[3] = { mesh->lower.x, mesh->lower.y, mesh->lower.z };
	const double scale[3] = { mesh->packScale.x, mesh->packScale.y, mesh->packScale.z };
	uint64_t l = 0, u = NP_MESH_PACK_GUARDS;
	for (int a = 0; a < 3; ++a)
	{
		l |= npPackCoordinate(lo[a], origin[a], scale[a], false) << (NP_MESH_PACK_BITS * a);
		u |= npPackCoordinate(hi[a], origin[a], scale[a], true) << (NP_MESH_PACK_BITS * a);
	}
	*packedLower = l;
	*packedUpper = u;
}

/// True when a packed node and a packed query box overlap (touching counts): on every axis
/// query.upper - node.lower >= 0 and node.upper - query.lower >= 0. Each difference is taken on a
/// field whose guard bit is set (20-bit values), so it never borrows from the next field, and the
/// guard bit survives exactly when the difference is not negative.
static inline bool npPackedOverlap3(const npMeshPackedNode3* node, uint64_t queryLower, uint64_t queryUpper)
{
	return ((queryUpper - node->lower) & (node->upper - queryLower) & NP_MESH_PACK_GUARDS) == NP_MESH_PACK_GUARDS;
}

/// The unit front normal of the triangle with corners a, b, c (counter-clockwise): how a mesh's
/// `normals` are made, so a query may recompute one from vertices it has just read instead of
/// loading the stored copy (a cache miss on a big mesh), with the same bits. (Needs vec3.h.)
#define NP_MESH_TRIANGLE_NORMAL(a, b, c) v3Normalize(v3Cross(v3Sub((b), (a)), v3Sub((c), (a))))

/// Smallest power of two >= n (at least 16).
uint64_t npNextPow2Mesh(uint64_t n);

/// Stack room for a walk that pushes both children of each inner node: one pending sibling per
/// level plus the two just pushed.
#define NP_MESH_WALK_STACK (2 * NP_MESH_MAX_DEPTH + 4)

/// Pushes the children of an inner node (first child `first`) so that the one with the smaller key
/// (the nearer one) is popped first. False, pushing nothing, when the stack is full.
static inline bool npPushChildrenNearFirst(int32_t* stack, int* top, int32_t first, double keyFirst, double keySecond)
{
	if (*top + 2 > NP_MESH_WALK_STACK)
		return false;
	bool swap = keySecond < keyFirst;
	stack[(*top)++] = swap ? first : first + 1;
	stack[(*top)++] = swap ? first + 1 : first;
	return true;
}

#endif
