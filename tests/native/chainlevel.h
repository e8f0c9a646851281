// A random terrain polyline for the chain tests (test_chain2d.c, test_chaincast2d.c): n points from
// x = 10 leftwards, so that the chain faces up; segments 0.05 to 3 long, and at each joint the slope
// is kept (a flat joint, a quarter of them), levelled (a quarter) or drawn anew in [-1.5, 1.5]
// (convex or concave). `rnd` is the calling test's generator, so each test keeps its own sequence.
#ifndef NP_TEST_CHAINLEVEL_H
#define NP_TEST_CHAINLEVEL_H

#include "narrowphase/narrowphase.h"

static inline void randomLevel(npVec2* pts, int n, double (*rnd)(double, double))
{
	double x = 10.0, y = 0.0, slope = rnd(-1, 1);
	for (int i = 0; i < n; ++i)
	{
		pts[i] = (npVec2){ x, y };
		double length = rnd(0.05, 3.0), kind = rnd(0, 4);
		slope = kind < 1.0 ? slope : (kind < 2.0 ? 0.0 : rnd(-1.5, 1.5));
		x -= length;
		y -= length * slope;
	}
}

#endif
