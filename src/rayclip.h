// Clipping a ray's parameter interval by half-spaces (Cyrus and Beck, "Generalized two- and
// three-dimensional clipping", 1978), for convex shapes given by their faces or edges in 2D and 3D
// alike (private header). Each half-space is given by two numbers: how far inside it the ray's
// origin is (offset - n.origin, negative outside) and how fast the ray leaves it (n.direction).
// Entering half-planes raise the lower end of the interval, leaving ones lower its upper end; the
// face that raised the lower end last is the one the ray hits.
#ifndef NP_RAYCLIP_H
#define NP_RAYCLIP_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct npRayClip
{
	double lower;  ///< the ray is inside every half-space so far for t in [lower, upper]
	double upper;
	int enter;     ///< the half-space that set `lower` (-1: none, lower is 0)
	int leave;     ///< the half-space that set `upper` (-1: none, upper is maxFraction)
	bool inside;   ///< the origin is inside (or on) every half-space so far
} npRayClip;

static inline npRayClip npBeginRayClip(double maxFraction) { return (npRayClip){ 0.0, maxFraction, -1, -1, true }; }

/// Clips by half-space `index`; false once the interval is empty (the ray misses). On exact ties
/// the earlier half-space keeps its place.
static inline bool npClipRay(npRayClip* c, int index, double inside, double speed)
{
	if (inside < 0.0)
		c->inside = false;
	if (speed == 0.0)
		return inside >= 0.0;

	double t = inside / speed;
	if (speed < 0.0 && t > c->lower)
	{
		c->lower = t;
		c->enter = index;
	}
	else if (speed > 0.0 && t < c->upper)
	{
		c->upper = t;
		c->leave = index;
	}
	return c->upper >= c->lower;
}

/// Whether a finished, non-empty clip's origin counts as inside: inside every half-space, or outside
/// some but entering none (enter < 0). In exact arithmetic an origin outside a half-space it enters
/// has t > 0 there and sets `enter`; with no entering half-space left, it was outside only by less
/// than inside / speed can show (the quotient rounded to 0, e.g. a subnormal `inside`), that is on
/// the boundary, which counts as inside (fuzz_rays3d: a ray from a hull's vertex into the hull,
/// reported as a miss).
static inline bool npClipOnBoundary(bool inside, int enter) { return inside || enter < 0; }

/// A double as an integer that orders as the double does (zeros made +0 first, so -0 and +0 tie as
/// they compare), for finite and infinite values; npClipKey(x) read back by npClipKeyValue is x + 0. V8
/// compiles a wasm f64 select (and f64.min / f64.max) on x64 with a branch, which random outcomes
/// mispredict; selects between these integers become conditional moves (vec3.h's npOrderKey is the
/// unsigned form of the same idea, without the zeros tied).
static inline int64_t npClipKey(double x)
{
	x += 0.0;
	int64_t bits;
	memcpy(&bits, &x, sizeof bits);
	return bits ^ ((bits >> 63) & INT64_MAX);
}

static inline double npClipKeyValue(int64_t key)
{
	uint64_t bits = (uint64_t)(key ^ ((key >> 63) & INT64_MAX));
	double x;
	memcpy(&x, &bits, sizeof x);
	return x;
}

#endif
