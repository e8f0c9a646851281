// Mesh-contact vectors (tests/vectors/3d_mesh.json): the dispatch function the 3D vector runner
// calls for vectors whose query is "meshContacts" (implemented in tests/native/vectorsmesh.c).
#ifndef NP_VECTORSMESH_H
#define NP_VECTORSMESH_H

#include "vectors.h"

/// Runs one "meshContacts" vector. Returns false when the vector is not one it knows.
bool npRunVectorMesh(const cJSON* vector, npVectorRun* run);

#endif
