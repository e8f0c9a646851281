// Building shapes, transforms and meshes from the shared vectors' specs, for handlers beyond the
// pair queries (the query vectors, vectorsquery.c): the same readers the 2D, 3D and mesh handlers
// use (vectors2d.c, vectors3d.c, vectorsmesh.c), so every kind reads a spec the same way.
#ifndef NP_TEST_VECTORSHAPES_H
#define NP_TEST_VECTORSHAPES_H

#include "narrowphase/collide2d.h"
#include "narrowphase/collide3d.h"
#include "narrowphase/mesh3d.h"
#include "vectors.h"

/// A 2D shape spec ({type: "circle" | "capsule" | "box" | "polygon", ...}); vectors2d.c.
npResult npVecMakeShape2(const cJSON* spec, npShape2* out);
/// A 2D transform {position, angle} (or "rotation": [c, s]); the identity when NULL; vectors2d.c.
npTransform2 npVecReadTransform2(const cJSON* xf);
/// A 3D shape spec; a hull is built into `hull`, which must outlive the shape; vectors3d.c.
npResult npVecMakeShape3(const cJSON* spec, npShape3* out, npHull3* hull);
/// A mesh spec {vertices (flat), indices, weldTolerance}, built into *memory (malloc'd, the caller
/// frees it); NULL after recording a failure; vectorsmesh.c.
npMesh3* npVecBuildMesh3(const cJSON* spec, int index, void** memory, npVectorRun* run);

#endif
