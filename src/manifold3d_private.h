// Private helpers shared by the 3D manifold (manifold3d.c), the contact cache (contact3d.c) and
// the WebAssembly shim (binding3d.c).
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

/// Chooses at most four of `count` candidate contact points lying (roughly) in a plane with unit
/// normal `normal`: the deepest point first, then the point farthest from it, then the point
/// making the largest triangle with those two, then the point outside that triangle that adds the
/// most area. Writes the chosen indices to `out` (deepest first) and returns how many (count when
/// count <= 4). Ties go to the lowest index, so the choice is deterministic.
int npReduceContacts3(const npVec3* positions, const double* depths, int count, npVec3 normal,
					  int out[NP_MAX_MANIFOLD_POINTS3]);

#endif
