// Shape-cast internals shared by the convex cast (cast3d.c), the mesh cast (meshcast3d.c) and the
// time of impact (toi3d.c) (private header).
#ifndef NP_CAST3D_PRIVATE_H
#define NP_CAST3D_PRIVATE_H

#include "narrowphase/cast3d.h"

#include "gjk3d.h"
#include "polyhedron3d.h"

/// Relative stand-off of a cast: it aims at the distance targetDistance + NP_CAST3_STANDOFF * scale
/// and accepts anything up to twice that, so rounding in the distance (about 1e-15 of the scale)
/// can never carry a fraction past the exact contact.
#define NP_CAST3_STANDOFF 1.0e-10

/// Largest distance of a shape's points from its local origin (core vertices plus radius).
double npShapeExtent3(const npShape3* shape);

/// The checks every shape entry point makes (NP_OK or the error code).
npResult npCheckCastShape3(const npShape3* shape);

/// Options checks (maxFraction and targetDistance non-negative and usable).
npResult npCheckCastOptions3(const npCastOptions3* options);

/// The unchecked convex cast: results in the frame the transforms are given in. `extentA` is the
/// moving shape's npShapeExtent3 (a negative value: computed here).
void npCastConvex3(const npShapeCastInput3* input, double extentA, npCastHit3* hit);

/// npCastConvex3 on a pair prepared by the caller (npMakePair3 of the input's shapes and transforms;
/// only its support points are used) with both shapes' npShapeExtent3: the mesh cast prepares one
/// pair per mesh and points its target view at the triangle being cast. Not for two spheres.
void npCastConvexPair3(const npShapeCastInput3* input, const npPair3* pair, double extentA, double extentB,
					   npCastHit3* hit);

#endif
