// What the native benchmarks share: process CPU time and the 32-bit LCG that the Node benchmarks
// use too (mesh_bench.mjs, ray_bench.mjs), so both sides draw the same poses and rays.
#ifndef NP_BENCH_UTIL_H
#define NP_BENCH_UTIL_H

#include <stdint.h>
#include <time.h>

static inline double cpuSeconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static uint32_t lcg = 12345;

/// Uniform in [0, 1): lcg = lcg * 1103515245 + 12345 (mod 2^32), divided by 2^32.
static inline double rand01(void)
{
	lcg = lcg * 1103515245u + 12345u;
	return lcg / 4294967296.0;
}

#endif
