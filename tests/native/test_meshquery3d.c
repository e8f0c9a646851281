// Nearest points on meshes, mesh bounds and world-box triangle queries, against brute force over
// every triangle in world space (its own quaternion rotation and its own nearest point on a
// triangle: the minimum over the plane projection, when inside, and the three edges; no code
// shared with the library).
#include "check.h"
#include "testrng3d.h"
#include "testvec3.h"

#include <narrowphase/narrowphase.h>

#include <math.h>
#include <stdlib.h>

static double triangleDistance(const npVec3 v[3], npVec3 p)
{
	npVec3 n = cross(sub(v[1], v[0]), sub(v[2], v[0]));
	bool over = true;
	for (int i = 0; i < 3; ++i)
		if (dot(cross(sub(v[(i + 1) % 3], v[i]), sub(p, v[i])), n) < 0)
			over = false;
	if (over)
		return fabs(dot(sub(p, v[0]), n)) / len(n);
	double d = INFINITY;
	for (int i = 0; i < 3; ++i)
		d = fmin(d, segmentDistance3(v[i], v[(i + 1) % 3], p));
	return d;
}

enum { N = 10, VERTS = (N + 1) * (N + 1), TRIS = N * N * 2 };

static npVec3 vertices[VERTS];
static int32_t indices[TRIS * 3];

static npMesh3* makeTerrain(void** memory)
{
	for (int j = 0; j <= N; ++j)
		for (int i = 0; i <= N; ++i)
			vertices[j * (N + 1) + i] = (npVec3){ -2.5 + 0.5 * i, rndRange(-0.5, 0.5), -2.5 + 0.5 * j };
	int n = 0;
	for (int j = 0; j < N; ++j)
		for (int i = 0; i < N; ++i)
		{
			int32_t a = j * (N + 1) + i, b = a + 1, c = a + N + 1, d = c + 1;
			int32_t tri[6] = { a, c, b, b, c, d };
			for (int k = 0; k < 6; ++k)
				indices[n++] = tri[k];
		}
	size_t bytes = npMeshBytes3(VERTS, TRIS);
	*memory = malloc(bytes);
	npMesh3* mesh = NULL;
	CHECK(npMakeMesh3(&(npMeshInput3){ vertices, VERTS, indices, TRIS, 0.0 }, *memory, bytes, &mesh) == NP_OK, "terrain");
	return mesh;
}

static void worldTriangle(npTransform3 xf, int k, npVec3 out[3])
{
	for (int i = 0; i < 3; ++i)
		out[i] = add(xf.p, rotateByQuat(xf.q, vertices[indices[3 * k + i]]));
}

static void nearestPoints(const npMesh3* mesh, int count)
{
	npMeshInstance3 inst[2] = { { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } }, { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } } };
	npMakeTransform3((npVec3){ 0.3, 2.0, 0.1 }, randomQuat(), &inst[1].transform);
	for (int k = 0; k < count; ++k)
	{
		int meshCount = rnd() < 0.5 ? 1 : 2;
		npVec3 p = V(rndRange(-4, 4), rndRange(-2, 4), rndRange(-4, 4));
		double maxDistance = rnd() < 0.7 ? INFINITY : rndRange(0, 1.5);
		double expected = INFINITY;
		for (int m = 0; m < meshCount; ++m)
			for (int t = 0; t < TRIS; ++t)
			{
				npVec3 v[3];
				worldTriangle(inst[m].transform, t, v);
				expected = fmin(expected, triangleDistance(v, p));
			}

		npMeshPointProjection3 out;
		CHECK(npClosestPointMeshes3(inst, meshCount, (npVec3){ p.x, p.y, p.z }, maxDistance, &out) == NP_OK, "point %d: error", k);
		if (expected > maxDistance + 1e-12)
		{
			CHECK(!out.found, "point %d: found at %.17g beyond maxDistance %.17g", k, out.distance, maxDistance);
			continue;
		}
		if (expected < maxDistance - 1e-12)
			CHECK(out.found, "point %d: nothing found, expected %.17g", k, expected);
		if (!out.found)
			continue;
		CHECK(fabs(out.distance - expected) <= 1e-12, "point %d: distance %.17g, expected %.17g", k, out.distance, expected);
		CHECK(fabs(len(sub(out.point, p)) - out.distance) <= 1e-12, "point %d: point not at the distance", k);
		npVec3 v[3];
		worldTriangle(inst[out.mesh].transform, out.triangle, v);
		CHECK(triangleDistance(v, out.point) <= 1e-12, "point %d: point not on its triangle", k);
		npVec3 n = cross(sub(v[1], v[0]), sub(v[2], v[0]));
		CHECK(len(sub(out.normal, scale(1 / len(n), n))) < 1e-12, "point %d: normal is not the triangle's front normal", k);
		// The feature: a vertex feature's point is that vertex; an edge feature's point is on that edge.
		if (out.feature == NP_MESH_VERTEX)
			CHECK(len(sub(out.point, v[out.featureIndex])) <= 1e-12, "point %d: vertex feature", k);
		else if (out.feature == NP_MESH_EDGE)
			CHECK(segmentDistance3(v[out.featureIndex], v[(out.featureIndex + 1) % 3], out.point) <= 1e-12,
				  "point %d: edge feature", k);
	}
}

static int compareInt(const void* a, const void* b) { return *(const int32_t*)a - *(const int32_t*)b; }

static void boxQueries(const npMesh3* mesh, int count)
{
	int32_t got[TRIS], expected[TRIS];
	for (int k = 0; k < count; ++k)
	{
		npTransform3 xf = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
		if (rnd() < 0.7)
			npMakeTransform3((npVec3){ rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1) }, randomQuat(), &xf);
		npVec3 c = V(rndRange(-3, 3), rndRange(-1, 1), rndRange(-3, 3)), h = V(rndRange(0, 1.5), rndRange(0, 1), rndRange(0, 1.5));
		npVec3 lower = { c.x - h.x, c.y - h.y, c.z - h.z }, upper = { c.x + h.x, c.y + h.y, c.z + h.z };
		if (rnd() < 0.2)
		{
			// A box touching a vertex exactly: that vertex's triangles count. (Without rotation, so
			// that the reference's world vertex is bit for bit the library's.)
			xf = (npTransform3){ { 0.25, -0.5, 1 }, { 0, 0, 0, 1 } };
			npVec3 v[3];
			worldTriangle(xf, (int)(rnd() * TRIS), v);
			lower = (npVec3){ v[0].x, v[0].y, v[0].z };
			upper = (npVec3){ v[0].x + 0.1, v[0].y + 0.1, v[0].z + 0.1 };
		}

		int n = 0;
		for (int t = 0; t < TRIS; ++t)
		{
			npVec3 v[3];
			worldTriangle(xf, t, v);
			double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
			for (int i = 0; i < 3; ++i)
			{
				double w[3] = { v[i].x, v[i].y, v[i].z };
				for (int a = 0; a < 3; ++a)
				{
					lo[a] = fmin(lo[a], w[a]);
					hi[a] = fmax(hi[a], w[a]);
				}
			}
			if (lo[0] <= upper.x && hi[0] >= lower.x && lo[1] <= upper.y && hi[1] >= lower.y && lo[2] <= upper.z && hi[2] >= lower.z)
				expected[n++] = t;
		}
		qsort(expected, (size_t)n, sizeof expected[0], compareInt);

		int found = -1;
		CHECK(npQueryMeshTriangles3(mesh, xf, lower, upper, got, TRIS, &found) == NP_OK, "box %d: error", k);
		bool same = found == n;
		for (int i = 0; same && i < n; ++i)
			same = got[i] == expected[i];
		CHECK(same, "box %d: %d triangles, expected %d (or another set or order)", k, found, n);
		if (n > 1)
		{
			int small = -1;
			CHECK(npQueryMeshTriangles3(mesh, xf, lower, upper, got, 1, &small) == NP_ERR_CAPACITY && small == n,
				  "box %d: a short buffer says how many", k);
		}
	}
}

static void bounds(const npMesh3* mesh)
{
	for (int k = 0; k < 200; ++k)
	{
		npTransform3 xf;
		npMakeTransform3((npVec3){ rndRange(-5, 5), rndRange(-5, 5), rndRange(-5, 5) }, randomQuat(), &xf);
		npBounds3 b;
		CHECK(npMeshBounds3(mesh, xf, &b) == NP_OK, "bounds error");
		double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
		for (int i = 0; i < VERTS; ++i)
		{
			npVec3 w = add(xf.p, rotateByQuat(xf.q, vertices[i]));
			double c[3] = { w.x, w.y, w.z };
			for (int a = 0; a < 3; ++a)
			{
				lo[a] = fmin(lo[a], c[a]);
				hi[a] = fmax(hi[a], c[a]);
			}
		}
		CHECK(fabs(b.lower.x - lo[0]) < 1e-12 && fabs(b.lower.y - lo[1]) < 1e-12 && fabs(b.lower.z - lo[2]) < 1e-12 &&
				  fabs(b.upper.x - hi[0]) < 1e-12 && fabs(b.upper.y - hi[1]) < 1e-12 && fabs(b.upper.z - hi[2]) < 1e-12,
			  "bounds %d not tight", k);
	}
}

static void badInput(const npMesh3* mesh)
{
	npMeshInstance3 inst = { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	npMeshPointProjection3 out;
	CHECK(npClosestPointMeshes3(&inst, 1, (npVec3){ NAN, 0, 0 }, INFINITY, &out) == NP_ERR_NON_FINITE, "NaN point");
	CHECK(npClosestPointMeshes3(&inst, 1, (npVec3){ 0, 0, 0 }, -1, &out) == NP_ERR_INVALID_ARGUMENT, "negative maxDistance");
	CHECK(npClosestPointMeshes3(&inst, 1, (npVec3){ 0, 0, 0 }, NAN, &out) == NP_ERR_NON_FINITE, "NaN maxDistance");
	int count;
	CHECK(npQueryMeshTriangles3(mesh, inst.transform, (npVec3){ 0, 0, 0 }, (npVec3){ INFINITY, 1, 1 }, NULL, 0, &count) ==
			  NP_ERR_NON_FINITE, "infinite box");
	npTransform3 bad = { { 0, 0, 0 }, { 0, 0, 0, 0 } };
	npBounds3 b;
	CHECK(npMeshBounds3(mesh, bad, &b) == NP_ERR_INVALID_TRANSFORM, "zero quaternion");
	CHECK(npMeshBounds3(NULL, inst.transform, &b) == NP_ERR_INVALID_ARGUMENT, "null mesh");
}

int main(void)
{
	void* memory;
	npMesh3* mesh = makeTerrain(&memory);
	nearestPoints(mesh, 3000);
	boxQueries(mesh, 3000);
	bounds(mesh);
	badInput(mesh);
	free(memory);
	return checkSummary();
}
