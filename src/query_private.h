// Entry points of the ray casts for the wasm shim (private header): the public ones without the
// checks the shim has already made once for a transform it remembers (src/bindingquery.c).
#ifndef NP_QUERY_PRIVATE_H
#define NP_QUERY_PRIVATE_H

#include "narrowphase/query3d.h"

/// npRayCast3 for a transform that npCheckTransform3 accepts (the caller checked it): the same
/// hit, and the same codes for the shape and the ray.
npResult npRayCastCheckedTransform3(const npShape3* shape, npTransform3 transform, const npRayInput3* ray,
									npRayHit3* hit);

#endif
