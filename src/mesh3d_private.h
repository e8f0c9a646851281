// Private helpers shared by mesh creation (mesh3d.c) and mesh contacts (meshcontacts3d.c).
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

/// Smallest power of two >= n (at least 16).
uint64_t npNextPow2Mesh(uint64_t n);

#endif
