// An order for casting a batch of rays so that rays through nearby space run one after another
// (private header; rayorder.c). Casting in that order answers each ray exactly as in any other
// order: only the cache sees the difference.
#ifndef NP_RAYORDER_H
#define NP_RAYORDER_H

#include "narrowphase/collide3d.h"

#include <stdint.h>

/// Batches below this many rays are cast in their own order (sorting would not pay).
#define NP_RAY_ORDER_MIN 256

/// Scratch 32-bit words npOrderRays3 needs per ray, beside `order`.
#define NP_RAY_ORDER_SCRATCH 2

/// Writes into order[0 .. count) a permutation of 0 .. count - 1 that visits the rays by the Morton
/// code (10 bits per axis, cubic cells over the rays' own bounds) of each ray's point at t = `along`.
/// `scratch` holds NP_RAY_ORDER_SCRATCH * count words. The numbers must be usable (checked).
void npOrderRays3(const npVec3* origins, const npVec3* directions, int count, double along, int32_t* order,
				  int32_t* scratch);

#endif
