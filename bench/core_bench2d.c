// The 2D core without the JS layer, natively and compiled to wasm: where the wasm build's own time
// goes (`make bench-core2d` runs both). Same scenes as bench/peers/peers.mjs (the poses of
// bench/node_bench.mjs: A at the identity, B at 1024 seeded poses): box-box, 8-gon vs 8-gon and
// box-circle manifolds, 8-gon overlap, each timed three ways:
//   single   npCollide2 / npOverlap2 per pair, transforms built before timing
//   batch    npManifoldBatch2 / npOverlapBatch2 over the flat (x, y, angle) numbers
//   rot      npMakeRot2 per pose alone (what a batch pays per pair beyond the single call)
// Prints ns per pair, median of `runs` runs of about 50 ms (process CPU time).
//
//   make bench-core2d     (build/core_bench2d [runs] and node build/core_bench2d.cjs [runs], 3 rounds)
#define _POSIX_C_SOURCE 199309L
#include "narrowphase/narrowphase.h"
#include "benchutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1024 };

static npShape2 box, oct, circle;
static npTransform2 xfA[N], xfB[N];
static double flatA[3 * N], flatB[3 * N];
static const npShape2 *sa[N], *sb[N];
static uint8_t pc[N];
static double nn[2 * N], pa[4 * N], pb[4 * N], dd[2 * N];
static uint32_t ids[2 * N];
static volatile double sink;

// Process CPU time, in wasm from Node's process.cpuUsage (Emscripten has no process clock, and
// wall time on a shared machine counts the time spent descheduled).
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
EM_JS(double, now, (void), {
	const u = process.cpuUsage();
	return (u.user + u.system) * 1e-6;
});
#else
static double now(void)
{
	return cpuSeconds();
}
#endif

typedef struct Case
{
	const char* name;
	const npShape2* a;
	const npShape2* b;
	int overlap;
} Case;

static double pass(const Case* c, int kind)
{
	double sum = 0.0;
	if (kind == 0)
	{
		for (int i = 0; i < N; ++i)
			sum += c->overlap ? npOverlap2(c->a, xfA[i], c->b, xfB[i])
							  : npCollide2(c->a, xfA[i], c->b, xfB[i], 0.0).pointCount;
	}
	else if (kind == 1)
	{
		npPairs2 p = { N, sa, flatA, sb, flatB };
		npManifoldBatch m = { pc, nn, pa, pb, dd, ids };
		if (c->overlap)
			npOverlapBatch2(&p, pc, NULL);
		else
			npManifoldBatch2(&p, 0.0, &m, NULL);
		sum = pc[N - 1];
	}
	else
	{
		for (int i = 0; i < N; ++i)
			sum += npMakeRot2(flatB[3 * i + 2]).s;
	}
	return sum;
}

static int cmp(const void* x, const void* y)
{
	double a = *(const double*)x, b = *(const double*)y;
	return a < b ? -1 : a > b;
}

static double timeIt(const Case* c, int kind, int runs)
{
	for (int i = 0; i < N; ++i)
	{
		sa[i] = c->a;
		sb[i] = c->b;
	}
	int reps = 1;
	for (;;)
	{
		double t0 = now();
		for (int r = 0; r < reps; ++r)
			sink += pass(c, kind);
		if (now() - t0 > 0.01)
			break;
		reps *= 2;
	}
	reps *= 5;
	double samples[64];
	if (runs > 64)
		runs = 64;
	for (int k = 0; k < runs; ++k)
	{
		double t0 = now();
		for (int r = 0; r < reps; ++r)
			sink += pass(c, kind);
		samples[k] = 1e9 * (now() - t0) / ((double)reps * N);
	}
	qsort(samples, (size_t)runs, sizeof(double), cmp);
	return samples[runs / 2];
}

int main(int argc, char** argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 5;
	if (runs < 1)
		runs = 1;
	npMakeBox2(0.5, 0.5, &box);
	npMakeCircle(0.5, &circle);
	npVec2 pts[8];
	for (int i = 0; i < 8; ++i)
	{
		npRot2 q = npMakeRot2(2.0 * 3.14159265358979323846 * i / 8);
		pts[i] = (npVec2){ 0.5 * q.c, 0.5 * q.s };
	}
	npMakePolygon2(pts, 8, 0.0, &oct);
	for (int i = 0; i < N; ++i)
	{
		double x = -0.9 + 1.8 * rand01(), y = -0.9 + 1.8 * rand01();
		double angle = 3.14159265358979323846 * (2.0 * rand01() - 1.0);
		flatB[3 * i] = x;
		flatB[3 * i + 1] = y;
		flatB[3 * i + 2] = angle;
		xfA[i] = npMakeTransform2(0.0, 0.0, 0.0);
		xfB[i] = npMakeTransform2(x, y, angle);
	}
	const Case cases[] = {
		{ "box-box manifold", &box, &box, 0 },
		{ "8-gon manifold", &oct, &oct, 0 },
		{ "circle-box manifold", &box, &circle, 0 },
		{ "8-gon overlap", &oct, &oct, 1 },
	};
	// `count`: a fixed number of passes of everything and no timing, for instruction counts
	// (valgrind --tool=callgrind build/core_bench2d count [case * 3 + kind] [passes]).
	if (argc > 1 && strcmp(argv[1], "count") == 0)
	{
		int only = argc > 2 ? atoi(argv[2]) : -1; // case * 3 + kind, or all
		int passes = argc > 3 ? atoi(argv[3]) : 20; // of the 1,024 pairs (the difference of two
													// counts is the cost of their passes)
		for (int k = 0; k < 4; ++k)
			for (int kind = 0; kind < 3; ++kind)
			{
				if (only >= 0 && only != 3 * k + kind)
					continue;
				for (int i = 0; i < N; ++i)
				{
					sa[i] = cases[k].a;
					sb[i] = cases[k].b;
				}
				for (int r = 0; r < passes; ++r)
					sink += pass(cases + k, kind);
			}
		return 0;
	}
	printf("| case | single | batch | rotation alone |\n|---|---|---|---|\n");
	for (int k = 0; k < 4; ++k)
	{
		double single = timeIt(cases + k, 0, runs);
		double batch = timeIt(cases + k, 1, runs);
		double rot = timeIt(cases + k, 2, runs);
		printf("| %s | %.1f | %.1f | %.1f |\n", cases[k].name, single, batch, rot);
		fflush(stdout);
	}
	return 0;
}
