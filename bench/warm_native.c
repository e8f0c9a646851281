// The 3D scenes of bench/warm_bench.mjs, natively: the cold manifold and the warm contact cache
// through the same shim functions the wasm build runs (npwManifold3, npwCacheCollide3), so callgrind
// counts here are what the JS calls execute inside the wasm, give or take the compiler.
//
//   WARM_BENCH_DUMP=/tmp/warm-scenes.txt node bench/warm_bench.mjs     (writes the scenes)
//   build/warm_native /tmp/warm-scenes.txt                             (times every scene, ns/frame)
//   build/warm_native /tmp/warm-scenes.txt <scene> <cold|warm> <loops> (runs one case, for callgrind:
//       valgrind --tool=callgrind --toggle-collect=runCase build/warm_native ... ; Ir / (loops * frames))
//
// Every warm frame is checked equal to the cold one (bit for bit) before timing.
#define _POSIX_C_SOURCE 199309L
#include "benchutil.h"
#include "binding3d.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The warm shim (src/bindingcache.c; declared for the wasm exports only).
int npwCacheCollide3(npContactCache3* cache, const npShape3* shapeA, const npShape3* shapeB, double* io);

#define MAX_SCENES 8
#define MAX_FRAMES 4096
#define MAX_POINTS 64

typedef struct Scene
{
	char label[64];
	npShape3 a, b;
	npHull3 hullA, hullB;
	int frameCount;
	double frames[MAX_FRAMES][7];
} Scene;

static Scene scenes[MAX_SCENES];
static int sceneCount;
static double io[NPW3_IO_OUT + 8 * 4 + 8];
static npContactCache3 cache;

static int readPoints(char** cursor, int count, npVec3* out)
{
	for (int i = 0; i < count; ++i)
	{
		double v[3];
		for (int k = 0; k < 3; ++k)
			v[k] = strtod(*cursor, cursor);
		out[i] = (npVec3){ v[0], v[1], v[2] };
	}
	return count;
}

static void makeShape(const char* kind, const npVec3* pts, int n, npShape3* shape, npHull3* hull)
{
	npResult r = strcmp(kind, "box") == 0 ? npMakeBox3(pts[0], shape)
										  : (npMakeHull3(pts, n, hull) == NP_OK ? npMakeHullShape3(hull, shape) : NP_ERR_DEGENERATE);
	if (r != NP_OK)
	{
		fprintf(stderr, "bad shape (%d)\n", (int)r);
		exit(1);
	}
}

static void load(const char* path)
{
	FILE* f = fopen(path, "r");
	if (f == NULL)
	{
		fprintf(stderr, "cannot read %s (write it with WARM_BENCH_DUMP=%s node bench/warm_bench.mjs)\n", path, path);
		exit(1);
	}
	static char line[1 << 16];
	while (sceneCount < MAX_SCENES && fgets(line, sizeof line, f) != NULL)
	{
		Scene* s = &scenes[sceneCount++];
		char* fields[7];
		char* p = line;
		for (int k = 0; k < 7; ++k)
		{
			fields[k] = p;
			p = strchr(p, '|');
			if (p != NULL)
				*p++ = '\0';
		}
		snprintf(s->label, sizeof s->label, "%s", fields[0]);
		npVec3 pa[MAX_POINTS], pb[MAX_POINTS];
		int na = atoi(fields[2]), nb = atoi(fields[4]);
		char* c = fields[3];
		readPoints(&c, na, pa);
		c = fields[5];
		readPoints(&c, nb, pb);
		makeShape(fields[1], pa, na, &s->a, &s->hullA);
		makeShape(fields[1], pb, nb, &s->b, &s->hullB);
		s->frameCount = atoi(fields[6]);
		for (int i = 0; i < s->frameCount; ++i)
			for (int k = 0; k < 7; ++k)
				if (fscanf(f, "%lf", &s->frames[i][k]) != 1)
					exit(1);
		if (fgets(line, sizeof line, f) == NULL)
			break;
	}
	fclose(f);
}

// One frame: A at the identity, B at frame i, through the shim.
static int runFrame(const Scene* s, int i, bool warm)
{
	static const double id[7] = { 0, 0, 0, 0, 0, 0, 1 };
	memcpy(io + NPW3_IO_XFA, id, sizeof id);
	memcpy(io + NPW3_IO_XFB, s->frames[i], sizeof id);
	io[NPW3_IO_ARG] = 0.0;
	return warm ? npwCacheCollide3(&cache, &s->a, &s->b, io) : npwManifold3(&s->a, &s->b, io);
}

__attribute__((noinline)) int runCase(const Scene* s, bool warm, int loops)
{
	int sink = 0;
	for (int l = 0; l < loops; ++l)
		for (int i = 0; i < s->frameCount; ++i)
			sink += runFrame(s, i, warm);
	return sink;
}

static void check(const Scene* s)
{
	double cold[NPW3_IO_OUT + 40];
	npwContactInit3(&cache, 0.02, 0.0);
	for (int i = 0; i < s->frameCount; ++i)
	{
		int n = runFrame(s, i, false);
		memcpy(cold, io, sizeof cold);
		int m = runFrame(s, i, true);
		if (n != m || memcmp(cold + NPW3_IO_OUT, io + NPW3_IO_OUT, (size_t)(3 + 8 * n) * sizeof(double)) != 0)
		{
			fprintf(stderr, "%s: warm != cold at frame %d\n", s->label, i);
			exit(1);
		}
	}
}

static double timeCase(const Scene* s, bool warm)
{
	int loops = 1;
	for (;;)
	{
		double t0 = cpuSeconds();
		volatile int sink = runCase(s, warm, loops);
		(void)sink;
		double dt = cpuSeconds() - t0;
		if (dt > 0.1)
			return 1.0e9 * dt / ((double)loops * s->frameCount);
		loops *= 2;
	}
}

static int compareDoubles(const void* x, const void* y)
{
	double a = *(const double*)x, b = *(const double*)y;
	return a < b ? -1 : (a > b ? 1 : 0);
}

int main(int argc, char** argv)
{
	load(argc > 1 ? argv[1] : "/tmp/warm-scenes.txt");
	if (argc > 4)
	{
		const Scene* s = NULL;
		for (int k = 0; k < sceneCount; ++k)
			s = strcmp(scenes[k].label, argv[2]) == 0 ? &scenes[k] : s;
		if (s == NULL)
			return 1;
		bool warm = strcmp(argv[3], "warm") == 0;
		check(s);
		npwContactInit3(&cache, 0.02, 0.0);
		runCase(s, warm, 1);
		printf("%d\n", runCase(s, warm, atoi(argv[4])));
		return 0;
	}
	printf("ns per frame natively (process CPU time, median of 7 interleaved runs)\n");
	for (int k = 0; k < sceneCount; ++k)
	{
		const Scene* s = &scenes[k];
		check(s);
		double cold[7], warm[7];
		for (int r = 0; r < 7; ++r)
		{
			cold[r] = timeCase(s, false);
			warm[r] = timeCase(s, true);
		}
		qsort(cold, 7, sizeof(double), compareDoubles);
		qsort(warm, 7, sizeof(double), compareDoubles);
		printf("%-20s cold %7.0f  warm %7.0f  (%.2fx)\n", s->label, cold[3], warm[3], warm[3] / cold[3]);
	}
	return 0;
}
