// 3D EPA internals shared by its three files (private header): epa3d.c blows GJK's simplex up to
// a tetrahedron and runs the EPA loop, epapolytope3d.c keeps the polytope and adds support points
// to it, epapolish3d.c snaps the result onto an exact separating axis.
#ifndef NP_EPA3D_PRIVATE_H
#define NP_EPA3D_PRIVATE_H

#include "gjk3d.h"

#include <stdint.h>

// The polytope's vertices: the Minkowski point and the pair of core vertices it came from
// (A's index in the high 16 bits, B's in the low 16), so the shapes' own points are looked up only
// for the final face.
typedef struct epaVertex
{
	npVec3 w;    // wA - wB (A's frame)
	uint32_t id;   // indexA << 16 | indexB
	uint16_t mark; // horizon check: the epoch of the expansion whose horizon has an edge leaving it
} epaVertex;

// A triangle of the polytope. Its plane is kept unnormalised (n . x = offset with n the cross
// product of two edges), so building a face takes no square root: the closest-face key is the
// signed squared distance offset |offset| / |n|^2, and the distance tests compare squares. Neighbour
// links name the neighbour's edge too (4 * face + edge), so relinking after an expansion needs no
// search.
typedef struct epaFace
{
	npVec3 n;        // outward normal, unnormalised (zero for a degenerate triangle)
	double offset;   // n . (any vertex)
	double lenSq;    // |n|^2
	uint8_t v[3];    // vertices, counter-clockwise seen from outside
	uint16_t adj[3]; // across edge v[k] -> v[k + 1]: 4 * neighbour + the neighbour's edge index
	uint16_t mark;   // flood-fill mark: the expansion's epoch seen, epoch + 1 tested and not seen
} epaFace;

_Static_assert(NP_EPA3_MAX_VERTICES <= 256, "vertex indices are stored in 8 bits");
_Static_assert(NP_EPA3_MAX_FACES <= 256, "slot numbers are stored in 8 bits (keys, free list)");
_Static_assert(4 * NP_EPA3_MAX_FACES <= 65536, "face links are stored in 16 bits");
_Static_assert(NP_MAX_HULL_VERTICES <= 65536, "core vertex indices are stored in 16 bits");

// A slot's key is the order key of its face's signed squared distance with the low 8 bits
// replaced by the slot number, so the smallest key names the closest face by itself (faces whose
// distances agree to within 2^-44 relative, far below the convergence threshold, are taken in slot
// order). Free slots and degenerate triangles have EPA_NO_FACE there, above every distance's key.
#define EPA_SLOT_BITS 8
#define EPA_SLOT_MASK ((uint64_t)(1u << EPA_SLOT_BITS) - 1)
#define EPA_NO_FACE (UINT64_MAX & ~EPA_SLOT_MASK)

// The polytope: its vertices (support points) and its triangles in slots with neighbour links.
// `key` holds each slot's signed squared distance as an integer order key (npOrderKey) for the
// closest-face scan (EPA_NO_FACE for free slots and for degenerate triangles), in its own array so
// the scan reads 8 bytes per face and keeps its running minimum with integer selects.
typedef struct epaPolytope
{
	epaVertex verts[NP_EPA3_MAX_VERTICES];
	epaFace faces[NP_EPA3_MAX_FACES];
	uint64_t key[NP_EPA3_MAX_FACES];
	uint8_t freeList[NP_EPA3_MAX_FACES];
	uint64_t idFilter[4]; // bit idBit(id) set for every vertex's id (a filter before the scan)
	int vertexCount;
	int slotCount;
	int freeCount;
} epaPolytope;

// The closest face: the slot of the smallest key (a running minimum, kept with integer selects).
static inline int epaClosestFace(const epaPolytope* p)
{
	uint64_t best = p->key[0];
	for (int f = 1; f < p->slotCount; ++f)
		best = p->key[f] < best ? p->key[f] : best;
	return (int)(best & EPA_SLOT_MASK);
}

// True when slot f holds no face to expand (free, or a degenerate triangle).
static inline bool epaNoFace(const epaPolytope* p, int f) { return p->key[f] >= EPA_NO_FACE; }

// The bit of a core pair id in the polytope's 256-bit filter (a multiplicative hash).
static inline uint32_t epaIdBit(uint32_t id) { return (id * 0x9E3779B1u) >> 24; }

// True when a vertex of the polytope came from the core pair `id`: a clear filter bit says no at
// once (most new points), else the vertices are scanned.
static inline bool epaHasVertex(const epaPolytope* poly, uint32_t id)
{
	uint32_t bit = epaIdBit(id);
	if (!((poly->idFilter[bit >> 6] >> (bit & 63)) & 1))
		return false;
	bool repeated = false;
	for (int i = 0; i < poly->vertexCount; ++i)
		repeated = repeated || poly->verts[i].id == id;
	return repeated;
}

// Scratch of one expansion: the flood's stack, the faces removed and the horizon.
typedef struct epaScratch
{
	int stackFace[NP_EPA3_MAX_FACES];
	uint8_t stackEdge[NP_EPA3_MAX_FACES];
	uint8_t stackLeft[NP_EPA3_MAX_FACES];
	int removed[NP_EPA3_MAX_FACES];
	uint8_t edgeA[NP_EPA3_MAX_FACES + 1];
	uint8_t edgeB[NP_EPA3_MAX_FACES];
	uint16_t edgeTwin[NP_EPA3_MAX_FACES];
	uint16_t epoch; // flood and horizon marks of the current expansion
} epaScratch;

/// Starts the polytope as the tetrahedron of the support points s[0..3] (containing the origin),
/// wound so that every face looks outward. (epapolytope3d.c)
void npEpaStartTetrahedron3(epaPolytope* poly, const npSupportPoint3* s);

/// Adds the point pw (core pair `id`) to the polytope: the faces it sees by more than
/// `visibleTolerance` are removed and the hole's rim (the horizon) is fanned to it. `seed` is a face
/// that sees it. Returns false, leaving the polytope untouched, when the horizon is not one simple
/// loop or the polytope would overflow. (epapolytope3d.c)
bool npEpaExpand3(epaPolytope* poly, epaScratch* s, int seed, npVec3 pw, uint32_t id, double visibleTolerance);

// The polish's answer: an axis, the overlap along it, and a vertex of each shape on its support
// plane along that axis (for the witness points).
typedef struct polishAxis
{
	npVec3 axis;  // unit, A's frame, from A to B
	double depth; // overlap of the cores along it
	int indexA;   // A's vertex on A's support plane
	int indexB;   // B's vertex on B's support plane
} polishAxis;

/// The separating-axis polish of EPA's answer (epapolish3d.c). `start` is EPA's normal with its
/// exact overlap and support vertices, featureA / featureB the core vertices of the final face's
/// corners; `wide` when EPA did not converge. Returns the best candidate found (possibly `start`).
polishAxis npEpaPolish3(const npPair3* pair, polishAxis start, const int* featureA, const int* featureB, bool wide);

#endif
