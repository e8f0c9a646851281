// Private helpers shared by the 3D manifold (manifold3d.c) and the contact cache (contact3d.c).
#ifndef NP_MANIFOLD3D_PRIVATE_H
#define NP_MANIFOLD3D_PRIVATE_H

#include "narrowphase/manifold3d.h"

/// Most candidate points npReduceContacts3 accepts. Clipping an incident face of up to
/// NP_MAX_HULL_VERTICES vertices against the side planes of a reference face adds at most one point
/// per side plane, and the reference face has at most NP_MAX_HULL_VERTICES edges.
#define NP_MAX_CLIP_POINTS3 (2 * NP_MAX_HULL_VERTICES + 8)

/// Chooses at most four of `count` candidate contact points lying (roughly) in a plane with unit
/// normal `normal`: the deepest point first, then the point farthest from it, then the point
/// making the largest triangle with those two, then the point outside that triangle that adds the
/// most area. Writes the chosen indices to `out` (deepest first) and returns how many (count when
/// count <= 4). Ties go to the lowest index, so the choice is deterministic.
/// npCollide3 writing into *m, for transforms made by npMakeTransform3 (the WebAssembly shim's):
/// the same result without checking them again or copying them and the manifold by value.
void npCollideMadeTransforms3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
							  const npTransform3* xfB, double margin, npManifold3* m);

int npReduceContacts3(const npVec3* positions, const double* depths, int count, npVec3 normal,
					  int out[NP_MAX_MANIFOLD_POINTS3]);

#endif
