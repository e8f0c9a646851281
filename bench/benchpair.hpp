// The interleaved timing of the C++ benchmarks that put narrowphase beside Box2D 2.4
// (bench2d_native.cpp, cast_bench2d.cpp, chain_bench.cpp): each round times our function and then
// the peer's over the same n cases, with process CPU time (benchutil.h), and the medians of the
// rounds are compared, so both libraries see the same state of a shared machine.
#ifndef NP_BENCH_PAIR_HPP
#define NP_BENCH_PAIR_HPP

#include "benchutil.h"

#include <algorithm>
#include <vector>

namespace benchpair
{
inline volatile double sink; // keeps the results alive

/// ns per call of f(i) over `reps` passes through i = 0 .. n - 1.
template <class F>
double timeRound(F&& f, int reps, int n)
{
	double t0 = cpuSeconds();
	double acc = 0.0;
	for (int r = 0; r < reps; ++r)
		for (int i = 0; i < n; ++i)
			acc += f(i);
	sink = acc;
	return 1e9 * (cpuSeconds() - t0) / (double)reps / (double)n;
}

inline double median(std::vector<double> v)
{
	std::sort(v.begin(), v.end());
	return v[v.size() / 2];
}

/// Median ns per call of ours and, when timeTheirs, of theirs (else 0): the repetitions calibrated
/// to about 20 ms per round on ours, then `rounds` interleaved rounds.
template <class F, class G>
std::pair<double, double> timePair(F&& ours, G&& theirs, bool timeTheirs, int n, int rounds)
{
	int reps = 1;
	while (timeRound(ours, reps, n) * reps * n < 2e7 && reps < (1 << 20))
		reps *= 2;
	std::vector<double> a, b;
	for (int k = 0; k < rounds; ++k)
	{
		a.push_back(timeRound(ours, reps, n));
		if (timeTheirs)
			b.push_back(timeRound(theirs, reps, n));
	}
	return { median(a), timeTheirs ? median(b) : 0.0 };
}
} // namespace benchpair

#endif
