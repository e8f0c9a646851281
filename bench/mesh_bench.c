// Native timing of triangle-mesh contacts (npMeshContacts3) and mesh creation (npMakeMesh3).
//
//   build/mesh_bench        (make bench; or cc -O2 -Isrc/include bench/mesh_bench.c libnarrowphase.a -lm)
//
// Cases:
//  - a 64 x 64 grid of unit cells (8,192 triangles), gently rolling (z = 0.25 sin(x/5) cos(y/7)),
//    queried by a sphere of radius 0.5, a box of half extents 0.5 and a capsule (half height 0.5,
//    radius 0.3) at 1024 fixed pseudo-random poses over the grid, resting about 0.05 deep. With
//    internal-feature removal (the default) and without (NP_MESH_ALL_CONTACTS), margin 0.
//  - the same sphere query against grids of about 1k, 100k and 1M triangles (same cell size), with
//    poses spread over the whole grid (cache misses grow with the mesh) and kept in a 20 x 20 patch
//    (what remains grows about logarithmically with the triangle count: the BVH depth).
//  - creation time of those meshes.
// Times are process CPU time (the machine is shared), median of 7 runs after a warm-up.
#define _POSIX_C_SOURCE 199309L // clock_gettime

#include "narrowphase/mesh3d.h"

#include "benchutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define POSES 1024
#define RUNS 7

static double height(double x, double y) { return 0.25 * sin(x / 5.0) * cos(y / 7.0); }

// n x n unit cells from the origin, rolling heights; malloc'd mesh (free(*mesh) frees everything).
static npMesh3* makeGrid(int n, double* createMs)
{
	int nv = (n + 1) * (n + 1), nt = 2 * n * n;
	npVec3* v = malloc(sizeof(npVec3) * nv);
	int32_t* idx = malloc(sizeof(int32_t) * 3 * nt);
	for (int j = 0; j <= n; ++j)
		for (int i = 0; i <= n; ++i)
			v[j * (n + 1) + i] = (npVec3){ i, j, height(i, j) };
	int t = 0;
	for (int j = 0; j < n; ++j)
		for (int i = 0; i < n; ++i)
		{
			int32_t a = j * (n + 1) + i, b = a + 1, c = a + n + 1, d = c + 1;
			int32_t q[6] = { a, b, d, a, d, c };
			memcpy(idx + 6 * t++, q, sizeof q);
		}
	size_t bytes = npMeshBytes3(nv, nt);
	void* mem = malloc(bytes);
	memset(mem, 0, bytes); // page faults outside the timed part
	npMesh3* mesh = NULL;
	double t0 = cpuSeconds();
	npResult r = npMakeMesh3(&(npMeshInput3){ v, nv, idx, nt, 1e-6 }, mem, bytes, &mesh);
	*createMs = 1e3 * (cpuSeconds() - t0);
	free(v);
	free(idx);
	if (r != NP_OK)
	{
		fprintf(stderr, "mesh creation failed: %s\n", npResultString(r));
		exit(1);
	}
	return mesh;
}

typedef struct Case
{
	const npShape3* shape;
	const npMeshInstance3* inst;
	const npMeshQuery3* query;
	npTransform3 poses[POSES];
} Case;

static npMeshContact3 out[256];

static double timeCase(const Case* c, double* contactsPerQuery)
{
	long sink = 0;
	npMeshContactsOutput3 found = { out, 256 };
	for (int k = 0; k < 20 * POSES; ++k)
	{
		npMeshContacts3(c->shape, c->poses[k & (POSES - 1)], c->inst, 1, c->query, &found);
		sink += found.count;
	}
	*contactsPerQuery = (double)sink / (20 * POSES);
	// Calibrate to ~100 ms per run.
	long batch = POSES;
	for (;;)
	{
		double t0 = cpuSeconds();
		for (long k = 0; k < batch; ++k)
			npMeshContacts3(c->shape, c->poses[k & (POSES - 1)], c->inst, 1, c->query, &found);
		double dt = cpuSeconds() - t0;
		if (dt > 0.02)
		{
			batch = (long)(batch * 0.1 / dt) + 1;
			break;
		}
		batch *= 4;
	}
	double samples[RUNS];
	for (int r = 0; r < RUNS; ++r)
	{
		double t0 = cpuSeconds();
		for (long k = 0; k < batch; ++k)
		{
			npMeshContacts3(c->shape, c->poses[k & (POSES - 1)], c->inst, 1, c->query, &found);
			sink += found.count;
		}
		samples[r] = 1e9 * (cpuSeconds() - t0) / batch;
	}
	for (int i = 1; i < RUNS; ++i)
		for (int j = i; j > 0 && samples[j] < samples[j - 1]; --j)
		{
			double t = samples[j];
			samples[j] = samples[j - 1];
			samples[j - 1] = t;
		}
	if (sink == -1)
		printf("?");
	return samples[RUNS / 2];
}

// Poses over an n x n grid (away from the border), resting 0.05 deep on the rolling surface.
static void makePoses(Case* c, int n, double restHeight, bool rotate)
{
	lcg = 12345;
	for (int i = 0; i < POSES; ++i)
	{
		double x = 2.0 + (n - 4.0) * rand01(), y = 2.0 + (n - 4.0) * rand01();
		double a = rotate ? 3.14159265358979 * (2 * rand01() - 1) : 0.0;
		c->poses[i] = (npTransform3){ { x, y, height(x, y) + restHeight }, { 0, 0, sin(0.5 * a), cos(0.5 * a) } };
	}
}

int main(void)
{
	double createMs;
	npMesh3* grid = makeGrid(64, &createMs);
	npMeshInstance3 inst = { grid, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	npShape3 sphere, box, capsule;
	npMakeSphere(0.5, &sphere);
	npMakeBox3((npVec3){ 0.5, 0.5, 0.5 }, &box);
	npMakeCapsule3(0.5, 0.3, &capsule);
	npMeshQuery3 on = npDefaultMeshQuery3(), off = npDefaultMeshQuery3();
	off.algorithm = NP_MESH_ALL_CONTACTS;

	printf("mesh contacts, native (CPU time, median of %d runs)\n", RUNS);
	printf("  64x64 grid: %d triangles, created in %.2f ms, BVH depth %d\n", grid->triangleCount, createMs, grid->depth);
	static Case c;
	struct
	{
		const char* name;
		const npShape3* shape;
		double rest;
		bool rotate;
	} shapes[3] = { { "sphere r 0.5", &sphere, 0.45, false },
					{ "box 1x1x1 (yawed)", &box, 0.45, true },
					{ "capsule h 0.5 r 0.3 (yawed)", &capsule, 0.25, true } };
	for (int s = 0; s < 3; ++s)
		for (int removal = 1; removal >= 0; --removal)
		{
			c.shape = shapes[s].shape;
			c.inst = &inst;
			c.query = removal ? &on : &off;
			makePoses(&c, 64, shapes[s].rest, shapes[s].rotate);
			double perQuery;
			double ns = timeCase(&c, &perQuery);
			printf("  %-30s vs 64x64 grid, removal %-3s: %8.1f ns/query  (%.2f contacts/query)\n", shapes[s].name,
				   removal ? "on" : "off", ns, perQuery);
		}
	free(grid);

	printf("  sphere r 0.5 vs grids of growing size (removal on):\n");
	int sizes[3] = { 22, 224, 708 };
	for (int k = 0; k < 3; ++k)
	{
		npMesh3* m = makeGrid(sizes[k], &createMs);
		npMeshInstance3 mi = { m, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
		c.shape = &sphere;
		c.inst = &mi;
		c.query = &on;
		makePoses(&c, sizes[k], 0.45, false);
		double perQuery;
		double ns = timeCase(&c, &perQuery);
		// The same poses kept inside one 20 x 20 corner of the grid: the working set stays in cache,
		// so the difference from the spread-out poses is the cost of cache misses, and what remains
		// grows with the BVH depth.
		makePoses(&c, 24, 0.45, false);
		double local = timeCase(&c, &perQuery);
		printf("    %8d triangles (BVH depth %2d, created in %7.1f ms, %6.1f MB): %8.1f ns/query spread out, %8.1f ns/query "
			   "in a 20x20 patch\n",
			   m->triangleCount, m->depth, createMs, m->bytes / 1048576.0, ns, local);
		free(m);
	}
	return 0;
}
