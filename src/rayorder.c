// The order in which a batch of rays is cast against a big mesh.
//
// A ray through a BVH reads a dozen nodes and a few triangles that a random next ray does not
// share, so in input order nearly every one of those reads misses the cache on a mesh of tens of
// thousands of triangles. Rays whose paths lie close together read mostly the same nodes; casting
// them one after another turns those misses into hits (ray reordering: Pharr et al., "Rendering
// complex scenes with memory-coherent ray tracing", 1997; Moon et al., "Cache-oblivious ray
// reordering", 2010). The key here is the Morton code (Morton 1966: the bits of the three cell
// coordinates interleaved, so cells close in the code are close in space) of one point of each
// ray, in a grid of cubic cells, 1024 along the longest side of those points' bounds, sorted by
// three counting-sort passes of 10 bits (least significant first, so each pass keeps the order of the one before: a stable radix
// sort). Every pass is linear and there is no allocation: the caller gives the scratch.
//
// Only the order of the casts changes; each ray's answer is computed exactly as alone.
#include "rayorder.h"

#include <stddef.h>

#define AXIS_BITS 10
#define PASS_BITS 10
#define BUCKETS (1 << PASS_BITS)

/// The low 10 bits of x spread to every third bit (bit b to bit 3b), by shifts and masks.
static uint32_t spread3(uint32_t x)
{
	x &= 0x3ffu;
	x = (x | x << 16) & 0x030000ffu;
	x = (x | x << 8) & 0x0300f00fu;
	x = (x | x << 4) & 0x030c30c3u;
	x = (x | x << 2) & 0x09249249u;
	return x;
}

/// Cell of x in AXIS_BITS bits, x in [lower, lower + 2^AXIS_BITS / scale].
static uint32_t cellOf(double x, double lower, double scale)
{
	double c = (x - lower) * scale;
	const double top = (double)((1 << AXIS_BITS) - 1);
	c = c > 0.0 ? (c < top ? c : top) : 0.0;
	return (uint32_t)c;
}

/// Cells per unit length: cubic cells, 2^AXIS_BITS along the longest side of the bounds (a flat
/// spread of rays, like rays onto a terrain, then spends no bits on its thin axis).
static double scaleOf(npVec3 lower, npVec3 upper)
{
	double e = upper.x - lower.x, ey = upper.y - lower.y, ez = upper.z - lower.z;
	e = ey > e ? ey : e;
	e = ez > e ? ez : e;
	return e > 0.0 ? (double)(1 << AXIS_BITS) / e : 0.0;
}

/// Counting sort of `from` by the 9-bit digit `shift` of keys[from[k]] into `to` (stable).
static void sortPass(const int32_t* keys, const int32_t* from, int32_t* to, int count, int shift)
{
	int32_t start[BUCKETS] = { 0 };
	for (int k = 0; k < count; ++k)
		start[(keys[from[k]] >> shift) & (BUCKETS - 1)]++;
	int32_t sum = 0;
	for (int b = 0; b < BUCKETS; ++b)
	{
		int32_t n = start[b];
		start[b] = sum;
		sum += n;
	}
	for (int k = 0; k < count; ++k)
		to[start[(keys[from[k]] >> shift) & (BUCKETS - 1)]++] = from[k];
}

void npOrderRays3(const npVec3* origins, const npVec3* directions, int count, double along, int32_t* order,
				  int32_t* scratch)
{
	if (count <= 0)
		return;
	npVec3 lower = { origins[0].x + along * directions[0].x, origins[0].y + along * directions[0].y,
					 origins[0].z + along * directions[0].z };
	npVec3 upper = lower;
	for (int i = 1; i < count; ++i)
	{
		npVec3 p = { origins[i].x + along * directions[i].x, origins[i].y + along * directions[i].y,
					 origins[i].z + along * directions[i].z };
		lower.x = p.x < lower.x ? p.x : lower.x;
		lower.y = p.y < lower.y ? p.y : lower.y;
		lower.z = p.z < lower.z ? p.z : lower.z;
		upper.x = p.x > upper.x ? p.x : upper.x;
		upper.y = p.y > upper.y ? p.y : upper.y;
		upper.z = p.z > upper.z ? p.z : upper.z;
	}
	double scale = scaleOf(lower, upper);

	int32_t* keys = scratch;
	int32_t* first = scratch + count;
	for (int i = 0; i < count; ++i)
	{
		npVec3 p = { origins[i].x + along * directions[i].x, origins[i].y + along * directions[i].y,
					 origins[i].z + along * directions[i].z };
		uint32_t key = spread3(cellOf(p.x, lower.x, scale)) | spread3(cellOf(p.y, lower.y, scale)) << 1 |
					   spread3(cellOf(p.z, lower.z, scale)) << 2;
		keys[i] = (int32_t)key;
		first[i] = i;
	}
	sortPass(keys, first, order, count, 0);
	sortPass(keys, order, first, count, PASS_BITS);
	sortPass(keys, first, order, count, 2 * PASS_BITS);
}
