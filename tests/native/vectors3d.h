// Reading 3D points and transforms from the shared vectors, for the 3D and mesh handlers
// (vectors3d.c, vectorsmesh.c): transforms are { position: [x, y, z], rotation: [x, y, z, w] },
// either member optional (the identity), built with npMakeTransform3 (which normalises).
#ifndef NP_TEST_VECTORS3D_H
#define NP_TEST_VECTORS3D_H

#include "narrowphase/collide3d.h"
#include "vectors.h"

static inline npVec3 npVecReadVec3(const cJSON* arr)
{
	double xyz[3];
	npVecReadPoint(arr, xyz, 3);
	return (npVec3){ xyz[0], xyz[1], xyz[2] };
}

static inline npResult npVecReadTransform3(const cJSON* xf, npTransform3* out)
{
	npVec3 p = { 0.0, 0.0, 0.0 };
	npQuat q = { 0.0, 0.0, 0.0, 1.0 };
	const cJSON* pos = npVecItem(xf, "position");
	const cJSON* rot = npVecItem(xf, "rotation");
	if (pos)
		p = npVecReadVec3(pos);
	if (rot)
	{
		double xyzw[4];
		npVecReadPoint(rot, xyzw, 4);
		q = (npQuat){ xyzw[0], xyzw[1], xyzw[2], xyzw[3] };
	}
	return npMakeTransform3(p, q, out);
}

#endif
