// 3D additions to the shared test random numbers (testrng.h): a random unit quaternion. A program
// picks its seed by defining TEST_RNG_SEED before including this header.
#ifndef NP_TEST_RNG3D_H
#define NP_TEST_RNG3D_H

#include "narrowphase/collide3d.h"
#include "testrng.h"

#include <math.h>

/// A unit quaternion, from a point drawn uniformly in the 4D unit ball (rejecting points near the
/// centre), normalised.
static inline npQuat randomQuat(void)
{
	for (;;)
	{
		double x = rndRange(-1, 1), y = rndRange(-1, 1), z = rndRange(-1, 1), w = rndRange(-1, 1);
		double l = sqrt(x * x + y * y + z * z + w * w);
		if (l > 0.1 && l < 1.0)
			return (npQuat){ x / l, y / l, z / l, w / l };
	}
}

#endif
