// Private helpers shared by mesh creation (mesh3d.c) and mesh contacts (meshcontacts3d.c).
#ifndef NP_MESH3D_PRIVATE_H
#define NP_MESH3D_PRIVATE_H

#include "narrowphase/mesh3d.h"

/// Groups points that lie within `tolerance` of each other (on every axis) into classes, through a
/// hash grid of cells of size >= 2 * tolerance: a point within tolerance of a stored point lies in
/// one of the at most 2 x 2 x 2 cells covering [p - tolerance, p + tolerance], so only those are
/// searched. A tolerance of 0 groups bit-identical points (either zero sign). The caller provides
/// the storage: `heads` (slotCount entries, a power of two), `links` and `points` (one per class).
typedef struct npPointHash3
{
	int32_t* heads;   ///< first class in each slot, -1 when empty
	int32_t* links;   ///< next class in the same slot
	npVec3* points;   ///< representative position of each class (the first point that made it)
	uint64_t mask;    ///< slotCount - 1
	double cell;      ///< cell size (0 for exact matching)
	double tolerance; ///< matching tolerance per coordinate
	int count;        ///< number of classes so far
} npPointHash3;

/// Clears the hash. `maxAbs` bounds the coordinates that will be added (keeps cell indices exact).
void npPointHashInit3(npPointHash3* hash, int32_t* heads, uint64_t slotCount, int32_t* links,
					  npVec3* points, double tolerance, double maxAbs);

/// Class of `p`: the lowest-numbered class with a representative within tolerance, or a new class
/// (the caller guarantees room for it).
int32_t npPointHashAdd3(npPointHash3* hash, npVec3 p);

/// Smallest power of two >= n (at least 16).
uint64_t npNextPow2Mesh(uint64_t n);

#endif
