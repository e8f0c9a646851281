// 3D dispatch for the shared-vector runner (tests/native/test_vectors.c; interface in vectors.h).
//
// OWNED BY THE 3D HELPER: replace this stub with the 3D checks (shape construction, overlap,
// distance, penetration, manifold for "dim": 3 vector files). Until then every 3D vector is
// reported as unsupported, which counts as a failure, so 3D vector files cannot pass silently.
#include "vectors.h"

bool npRunVector3(const cJSON* vector, npVectorRun* run)
{
	(void)vector;
	(void)run;
	return false;
}
