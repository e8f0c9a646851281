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

#endif
