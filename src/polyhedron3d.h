// A read-only polyhedron view over any sharp-cornered 3D core (private header).
//
// SAT, clipping and the EPA polish want "a polyhedron": vertices, half-edges with twins and face
// loops, face planes. Hulls store that in npHull3; boxes and triangles do not, so the view gives
// them the same layout: a box uses a static unit-cube topology (shared tables) with its own 8
// scaled vertices and 6 planes, a triangle a static two-sided topology (2 faces with opposite
// normals, 3 edges) with its 3 vertices and 2 planes. Spheres and capsules appear as a point
// (1 vertex) and a segment (2 vertices, one edge whose two halves have no face, NP_NO_FACE3).
//
// The view may point into itself (box and triangle storage), so pass it by pointer; never copy it
// by value. All data is in the shape's local frame.
#ifndef NP_POLYHEDRON3D_H
#define NP_POLYHEDRON3D_H

#include "narrowphase/collide3d.h"
#include "vec3.h"

#include <stddef.h>

/// Face index of a half-edge that bounds no face (the capsule's segment).
#define NP_NO_FACE3 0xFFFFu

typedef struct npPolyhedron3
{
	int vertexCount;                ///< number of vertices
	int faceCount;                  ///< number of faces (0 for point and segment)
	int halfEdgeCount;              ///< number of half-edges; 2k and 2k+1 are twins
	bool flat;                      ///< two-sided polygon (triangle, flat hull)
	const npVec3* vertices;         ///< vertex positions
	const npHalfEdge3* halfEdges;   ///< half-edges (face loops counter-clockwise from outside)
	const uint16_t* faceEdge;       ///< one half-edge of each face
	const uint16_t* vertexEdge;     ///< one half-edge leaving each vertex
	const npPlane3* planes;         ///< unit outward plane of each face
	const npHullCell3* cells;       ///< hull support cells (npHull3), NULL for other cores
	const uint8_t* cellMore;        ///< hull support cells: candidates past the first four of a cell
	npVec3 storageVertices[8];      ///< own vertices (box, triangle, point, segment)
	npPlane3 storagePlanes[6];      ///< own planes (box, triangle)
} npPolyhedron3;

/// Fills the view for any 3D shape's core. Returns false for an unknown shape type.
bool npMakePolyhedron3(const npShape3* shape, npPolyhedron3* out);

/// Index of the vertex of the view with the largest dot product with `direction` (lowest index
/// on ties).
int npPolyhedronSupport3(const npPolyhedron3* poly, npVec3 direction);
/// The same with the direction as three numbers (passed in registers, where a struct argument goes
/// through memory: a few percent on GJK and EPA natively).
int npPolyhedronSupportXYZ3(const npPolyhedron3* poly, double dx, double dy, double dz);
/// Index of the point with the largest dot product with d among v[0..count) (lowest index on
/// ties), by scanning them all.
int npSupportScan3(const npVec3* v, int count, npVec3 d);

/// The support cell (npHull3's cells, hullcells3d.c) that direction (dx, dy, dz) passes through, as
/// its index, or -1 for a direction the cells do not take (zero, tiny, huge, infinite or NaN). Read
/// by the support lookup (npPolyhedronSupportXYZ3) and by the ray walk's start table (npHull3's
/// rayStart, hullray3d.c).
///
/// Worked out on the bit patterns of d's components: the magnitudes of doubles order like their
/// bit patterns, so the largest, m, and the major axis a (the first of equal magnitudes) come from
/// integer compares. Natively, d[a], u = d[a+1] and v = d[a+2] are then read at a from a copy of d
/// written out as x y z x y: GCC turns selects on a into branches (unpredictable ones), and bit
/// masks cost more. In wasm that copy would live in linear memory, while selects there become
/// conditional moves. The biased exponent keeps m in [2^-830, 2^830) (beyond, dot products could
/// underflow, or the borders below leave the normal numbers).
///
/// Column and row: |u| <= m, and the borders -1 + k/4 split it at m/4, m/2 and 3m/4; with u's sign
/// that gives the column's slot (cellSlot). m/4 and m/2 are m with its exponent lowered by 2 and 1
/// (exact: m is far above the subnormals), compared on the bit patterns; |u| >= 3m/4 is tested as
/// |u| - m/2 >= m/4, exact where it decides (for |u| in [m/4, m], by Sterbenz' lemma). So the cell
/// found is exactly the one d passes through, with no division and no branch. (A direction on a
/// border may go to either side: the cells are closed.)
__attribute__((always_inline)) static inline ptrdiff_t npHullCellOf3(double dx, double dy, double dz)
{
	_Static_assert(NP_HULL_CELL_RES == 8, "the borders below are written out for 8 cells");
	const uint64_t magnitude = 0x7FFFFFFFFFFFFFFFu;
	uint64_t sx = npBitsOf(dx), sy = npBitsOf(dy), sz = npBitsOf(dz);
	uint64_t ax = sx & magnitude, ay = sy & magnitude, az = sz & magnitude;
	uint64_t m = ay >= az ? ay : az;
	m = ax >= m ? ax : m;
	size_t notX = ax < m, zOverY = ay < az;
	size_t axis = notX + (notX & zOverY); // 0 (x), 1 (y) or 2 (z)
#if defined(__wasm__)
	uint64_t major = notX ? (zOverY ? sz : sy) : sx;
	uint64_t u = notX ? (zOverY ? sx : sz) : sy;
	uint64_t v = notX ? (zOverY ? sy : sx) : sz;
#else
	const uint64_t ring[5] = { sx, sy, sz, sx, sy };
	uint64_t major = ring[axis], u = ring[axis + 1], v = ring[axis + 2];
#endif
	if ((m >> 52) - 193u >= 1660u)
		return -1;
	uint64_t quarter = m - ((uint64_t)2 << 52), half = m - ((uint64_t)1 << 52);
	double quarterM = npDoubleOf(quarter), halfM = npDoubleOf(half);
	uint64_t au = u & magnitude, av = v & magnitude;
	size_t cu = (size_t)(au >= quarter) + (size_t)(au >= half) + (size_t)(npDoubleOf(au) - halfM >= quarterM);
	size_t cv = (size_t)(av >= quarter) + (size_t)(av >= half) + (size_t)(npDoubleOf(av) - halfM >= quarterM);
	size_t column = 4 * (size_t)(u >> 63) + cu, row = 4 * (size_t)(v >> 63) + cv;
	size_t face = 2 * axis + (size_t)(major >> 63);
	return (ptrdiff_t)((face * NP_HULL_CELL_RES + row) * NP_HULL_CELL_RES + column);
}

#endif
