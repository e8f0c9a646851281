// The pseudo-random numbers of the native test programs: xorshift64 (Marsaglia), 53-bit uniform
// doubles. Deterministic, so every run checks the same cases. A program picks its seed by defining
// TEST_RNG_SEED before including this header.
#ifndef NP_TEST_RNG_H
#define NP_TEST_RNG_H

#include <stdint.h>

#ifndef TEST_RNG_SEED
#define TEST_RNG_SEED 0x9E3779B97F4A7C15ull
#endif

static uint64_t rngState = TEST_RNG_SEED;

/// Uniform in [0, 1).
static inline double rnd(void)
{
	rngState ^= rngState << 13;
	rngState ^= rngState >> 7;
	rngState ^= rngState << 17;
	return (double)(rngState >> 11) * (1.0 / 9007199254740992.0);
}

/// Uniform in [a, b).
static inline double rndRange(double a, double b) { return a + (b - a) * rnd(); }

#endif
