// Time per 3D shape cast, native: the cases of bench/cast_bench3d.mjs (same LCG seed and draws, so
// the same casts and the same hit counts): a capsule against a hull of 32 points, and against the
// 8,192-triangle rolling terrain. npShapeCast3 / npShapeCastMeshes3 one cast per call, and
// npShapeCastMany3 over all 1,024. Process CPU time, median of 7 runs of about 200 ms.
#define _POSIX_C_SOURCE 199309L
#include "narrowphase/narrowphase.h"

#include "benchutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define POSES 1024
#define GRID 64

static double uniform(double lo, double hi) { return lo + (hi - lo) * rand01(); }
static float f(double x) { return (float)x; }

static npVec3 inBall(void)
{
	for (;;)
	{
		double x = uniform(-1, 1), y = uniform(-1, 1), z = uniform(-1, 1), d = x * x + y * y + z * z;
		if (d <= 1.0 && d > 1e-6)
			return (npVec3){ x, y, z };
	}
}

static npVec3 unitOf(npVec3 p)
{
	double l = sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
	return (npVec3){ p.x / l, p.y / l, p.z / l };
}

static npQuat randomQuat(void)
{
	for (;;)
	{
		double q[4] = { uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1) };
		double l = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
		if (l > 0.1 && l <= 1)
			return (npQuat){ f(q[0] / l), f(q[1] / l), f(q[2] / l), f(q[3] / l) };
	}
}

static double height(double x, double y) { return 0.25 * sin(x / 5) * cos(y / 7); }

static npTransform3 starts[POSES];
static npVec3 moves[POSES];
static npCastHit3 hits[POSES];

typedef struct Case
{
	npShapeCastBatch3 batch;
} Case;

static double runOne(const Case* c, int* hitCount)
{
	double samples[7];
	volatile double sink = 0.0;
	for (int r = 0; r < 7; ++r)
	{
		int calls = 0;
		double t0 = cpuSeconds(), t;
		do
		{
			for (int i = 0; i < POSES; ++i)
			{
				npCastHit3 h;
				if (c->batch.meshCount > 0)
				{
					npShapeCastMeshInput3 in = { c->batch.shape, starts[i], moves[i], c->batch.meshes, c->batch.meshCount,
												 c->batch.options, c->batch.featureTolerance };
					npShapeCastMeshes3(&in, &h);
				}
				else
				{
					npShapeCastInput3 in = { c->batch.shape, starts[i], moves[i], c->batch.target, c->batch.targetTransform,
											 c->batch.options };
					npShapeCast3(&in, &h);
				}
				sink += h.fraction;
			}
			calls += POSES;
			t = cpuSeconds() - t0;
		} while (t < 0.2);
		samples[r] = 1e9 * t / calls;
	}
	npShapeCastMany3(&c->batch, starts, moves, POSES, hits, NULL);
	*hitCount = 0;
	for (int i = 0; i < POSES; ++i)
		*hitCount += hits[i].hit ? 1 : 0;
	for (int i = 1; i < 7; ++i)
		for (int k = i; k > 0 && samples[k] < samples[k - 1]; --k)
		{
			double s = samples[k];
			samples[k] = samples[k - 1];
			samples[k - 1] = s;
		}
	(void)sink;
	return samples[3];
}

static double runMany(const Case* c)
{
	double samples[7];
	for (int r = 0; r < 7; ++r)
	{
		int calls = 0;
		double t0 = cpuSeconds(), t;
		do
		{
			npShapeCastMany3(&c->batch, starts, moves, POSES, hits, NULL);
			calls += POSES;
			t = cpuSeconds() - t0;
		} while (t < 0.2);
		samples[r] = 1e9 * t / calls;
	}
	for (int i = 1; i < 7; ++i)
		for (int k = i; k > 0 && samples[k] < samples[k - 1]; --k)
		{
			double s = samples[k];
			samples[k] = samples[k - 1];
			samples[k - 1] = s;
		}
	return samples[3];
}

int main(void)
{
	lcg = 24680;
	static npHull3 hullData;
	npVec3 points[32];
	for (int i = 0; i < 32; ++i)
	{
		npVec3 u = unitOf(inBall());
		points[i] = (npVec3){ f(u.x), f(u.y), f(u.z) };
	}
	npVec3 hullPos = { f(0.25), f(-0.5), f(0.75) };
	npTransform3 hullXf = { hullPos, { 0.5, 0.5, 0.5, 0.5 } };
	npShape3 capsule, hull;
	npMakeCapsule3(0.5, 0.3, &capsule);
	npMakeHull3(points, 32, &hullData);
	npMakeHullShape3(&hullData, &hull);
	// The hull casts (drawn as cast_bench3d.mjs draws them).
	static npTransform3 hullStarts[POSES];
	static npVec3 hullMoves[POSES];
	for (int i = 0; i < POSES; ++i)
	{
		npVec3 dir = unitOf(inBall());
		double dist = uniform(2.5, 4);
		npVec3 aim = inBall();
		npVec3 s = { f(hullPos.x + dist * dir.x), f(hullPos.y + dist * dir.y), f(hullPos.z + dist * dir.z) };
		hullMoves[i] = (npVec3){ f((hullPos.x + 1.2 * aim.x - s.x) * 1.3), f((hullPos.y + 1.2 * aim.y - s.y) * 1.3),
								 f((hullPos.z + 1.2 * aim.z - s.z) * 1.3) };
		hullStarts[i] = (npTransform3){ s, randomQuat() };
	}
	// The terrain and its casts.
	int nv = (GRID + 1) * (GRID + 1), nt = 2 * GRID * GRID;
	npVec3* v = malloc(sizeof(npVec3) * nv);
	int32_t* idx = malloc(sizeof(int32_t) * 3 * nt);
	for (int j = 0; j <= GRID; ++j)
		for (int i = 0; i <= GRID; ++i)
			v[j * (GRID + 1) + i] = (npVec3){ i, j, f(height(i, j)) };
	for (int j = 0, t = 0; j < GRID; ++j)
		for (int i = 0; i < GRID; ++i, ++t)
		{
			int a = j * (GRID + 1) + i, b = a + 1, c = a + GRID + 1, d = c + 1;
			int32_t tri[6] = { a, b, d, a, d, c };
			for (int k = 0; k < 6; ++k)
				idx[6 * t + k] = tri[k];
		}
	size_t bytes = npMeshBytes3(nv, nt);
	void* memory = aligned_alloc(8, (bytes + 7) & ~(size_t)7);
	npMesh3* mesh;
	// Welded at 1e-6, as np.mesh3d does by default (the JS cases): the internal-edge test then reads
	// the mesh's adjacency instead of querying the neighbours by position.
	npMakeMesh3(&(npMeshInput3){ v, nv, idx, nt, 1e-6 }, memory, bytes, &mesh);
	npMeshInstance3 inst = { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	static npTransform3 terrainStarts[POSES];
	static npVec3 terrainMoves[POSES];
	npQuat upright = { f(sqrt(0.5)), 0, 0, f(sqrt(0.5)) };
	for (int i = 0; i < POSES; ++i)
	{
		double x = uniform(4, 60), y = uniform(4, 60);
		terrainStarts[i] = (npTransform3){ { f(x), f(y), f(height(x, y) + 0.8 + uniform(1, 3)) }, upright };
		double mx = uniform(-2, 2), my = uniform(-2, 2), mz = -uniform(1.5, 4);
		terrainMoves[i] = (npVec3){ f(mx), f(my), f(mz) };
	}

	Case hullCase = { { &capsule, &hull, hullXf, NULL, 0, npDefaultCastOptions3(), NP_MESH_FEATURE_TOLERANCE } };
	Case terrainCase = { { &capsule, NULL, hullXf, &inst, 1, npDefaultCastOptions3(), NP_MESH_FEATURE_TOLERANCE } };
	printf("3D shape casts, native, ns per cast (CPU time, median of 7)\n");
	int count;
	for (int i = 0; i < POSES; ++i)
	{
		starts[i] = hullStarts[i];
		moves[i] = hullMoves[i];
	}
	double one = runOne(&hullCase, &count), many = runMany(&hullCase);
	printf("  capsule vs hull(32)              npShapeCast3 %6.0f ns   npShapeCastMany3 %6.0f ns   %d of %d hit\n", one, many,
		   count, POSES);
	for (int i = 0; i < POSES; ++i)
	{
		starts[i] = terrainStarts[i];
		moves[i] = terrainMoves[i];
	}
	one = runOne(&terrainCase, &count);
	many = runMany(&terrainCase);
	printf("  capsule vs terrain (8,192 tris)  npShapeCastMeshes3 %6.0f ns   npShapeCastMany3 %6.0f ns   %d of %d hit\n", one,
		   many, count, POSES);
	free(memory);
	free(v);
	free(idx);
	return 0;
}
