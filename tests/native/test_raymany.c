// The batch ray entries npRayCastMany2 / npRayCastMany3 against one call per ray, and the hull's
// fast paths against a plain clip written here.
//
//  - Same answers: for every shape kind, rays of every sort (from outside and inside, grazing,
//    with zero direction components, solid or not, several maxFractions) cast as a batch must give
//    what npRayCast2 / npRayCast3 give ray by ray, bit for bit.
//  - Bad input: a rejected ray stops the batch at its index with the single call's error code, the
//    hits before it written and the rest untouched; a zero-length batch is fine; the shape and the
//    transform are checked before any ray.
//  - Boxes are cast by slabs, without the general clip loop: they must give bit for bit what
//    clipping by the six face planes gives (3D) or by the four edges (2D).
//  - The hull ray skips the faces for rays that miss a ball around its vertices and skips divisions
//    for faces that cannot move the clipped interval. Both are exact shortcuts: a hull ray must give
//    bit for bit what clipping by every face plane gives (Cyrus and Beck, written out below), also
//    for rays aimed at the hull's vertices, which graze the ball.
#define TEST_RNG_SEED 0x7a11ba7cu
#include "check.h"
#include "testrng3d.h"

#include <narrowphase/narrowphase.h>
#include "rayorder.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

enum { RAYS = 600 };

static uint64_t bitsOf(double x)
{
	uint64_t b;
	memcpy(&b, &x, sizeof b);
	return b;
}

static bool sameHit3(const npRayHit3* a, const npRayHit3* b)
{
	return a->hit == b->hit && a->frontFace == b->frontFace && bitsOf(a->fraction) == bitsOf(b->fraction) &&
		   bitsOf(a->point.x) == bitsOf(b->point.x) && bitsOf(a->point.y) == bitsOf(b->point.y) &&
		   bitsOf(a->point.z) == bitsOf(b->point.z) && bitsOf(a->normal.x) == bitsOf(b->normal.x) &&
		   bitsOf(a->normal.y) == bitsOf(b->normal.y) && bitsOf(a->normal.z) == bitsOf(b->normal.z);
}

static bool sameHit2(const npRayHit2* a, const npRayHit2* b)
{
	return a->hit == b->hit && a->frontFace == b->frontFace && bitsOf(a->fraction) == bitsOf(b->fraction) &&
		   bitsOf(a->point.x) == bitsOf(b->point.x) && bitsOf(a->point.y) == bitsOf(b->point.y) &&
		   bitsOf(a->normal.x) == bitsOf(b->normal.x) && bitsOf(a->normal.y) == bitsOf(b->normal.y);
}

/// A component that is sometimes exactly 0 (the slab and clip tests' special case).
static double component(double range) { return rnd() < 0.15 ? 0.0 : rndRange(-range, range); }

/// Rays around a shape of size ~1 at `centre`: from outside, from inside, aimed at the centre.
static void makeRays3(npVec3 centre, npVec3* origins, npVec3* directions, int n)
{
	for (int i = 0; i < n; ++i)
	{
		double reach = i % 4 == 0 ? 0.5 : 3.0;
		origins[i] = (npVec3){ centre.x + component(reach), centre.y + component(reach), centre.z + component(reach) };
		if (i % 3 == 0)
			directions[i] = (npVec3){ 2.0 * (centre.x - origins[i].x), 2.0 * (centre.y - origins[i].y),
									  2.0 * (centre.z - origins[i].z) };
		else
			directions[i] = (npVec3){ component(4.0), component(4.0), component(4.0) };
		if (directions[i].x == 0.0 && directions[i].y == 0.0 && directions[i].z == 0.0)
			directions[i].y = -1.5;
	}
}

static void batchMatchesSingle3(const char* name, const npShape3* shape)
{
	static npVec3 origins[RAYS], directions[RAYS];
	static npRayHit3 hits[RAYS];
	npTransform3 xf;
	npVec3 centre = { rndRange(-5, 5), rndRange(-5, 5), rndRange(-5, 5) };
	npMakeTransform3(centre, randomQuat(), &xf);
	makeRays3(centre, origins, directions, RAYS);
	const double fractions[3] = { 1.0, 0.35, 0.0 };
	for (int f = 0; f < 3; ++f)
		for (int solid = 0; solid < 2; ++solid)
		{
			npRayBatch3 batch = { origins, directions, RAYS, fractions[f], solid != 0 };
			int failedRay = 7;
			npResult r = npRayCastMany3(shape, xf, &batch, hits, &failedRay);
			CHECK(r == NP_OK && failedRay == -1, "%s: batch result %d, failed ray %d", name, (int)r, failedRay);
			int same = 0, hitCount = 0;
			for (int i = 0; i < RAYS; ++i)
			{
				npRayInput3 ray = { origins[i], directions[i], fractions[f], solid != 0 };
				npRayHit3 one;
				npRayCast3(shape, xf, &ray, &one);
				same += sameHit3(&one, &hits[i]);
				hitCount += one.hit;
			}
			CHECK(same == RAYS, "%s (maxFraction %g, solid %d): %d of %d rays differ from single calls", name,
				  fractions[f], solid, RAYS - same, RAYS);
			CHECK(f == 2 || (hitCount > RAYS / 20 && hitCount < RAYS), "%s: %d hits of %d (the rays should mix)", name,
				  hitCount, RAYS);
		}
}

static void batchMatchesSingle2(const char* name, const npShape2* shape)
{
	static npVec2 origins[RAYS], directions[RAYS];
	static npRayHit2 hits[RAYS];
	npVec2 centre = { rndRange(-5, 5), rndRange(-5, 5) };
	npTransform2 xf = npMakeTransform2(centre.x, centre.y, rndRange(-3, 3));
	for (int i = 0; i < RAYS; ++i)
	{
		double reach = i % 4 == 0 ? 0.5 : 3.0;
		origins[i] = (npVec2){ centre.x + component(reach), centre.y + component(reach) };
		directions[i] = i % 3 == 0 ? (npVec2){ 2.0 * (centre.x - origins[i].x), 2.0 * (centre.y - origins[i].y) }
								   : (npVec2){ component(4.0), component(4.0) };
		if (directions[i].x == 0.0 && directions[i].y == 0.0)
			directions[i].x = 1.25;
	}
	for (int solid = 0; solid < 2; ++solid)
	{
		npRayBatch2 batch = { origins, directions, RAYS, 1.0, solid != 0 };
		int failedRay = 7;
		npResult r = npRayCastMany2(shape, xf, &batch, hits, &failedRay);
		CHECK(r == NP_OK && failedRay == -1, "%s: batch result %d, failed ray %d", name, (int)r, failedRay);
		int same = 0;
		for (int i = 0; i < RAYS; ++i)
		{
			npRayInput2 ray = { origins[i], directions[i], 1.0, solid != 0 };
			npRayHit2 one;
			npRayCast2(shape, xf, &ray, &one);
			same += sameHit2(&one, &hits[i]);
		}
		CHECK(same == RAYS, "%s (solid %d): %d of %d rays differ from single calls", name, solid, RAYS - same, RAYS);
	}
}

static npHull3 hull32, flatHull;

static void sameAnswers(void)
{
	npShape3 s;
	npMakeSphere(0.8, &s);
	batchMatchesSingle3("sphere", &s);
	npMakeCapsule3(0.6, 0.4, &s);
	batchMatchesSingle3("capsule", &s);
	npMakeBox3((npVec3){ 1.0, 0.5, 0.75 }, &s);
	batchMatchesSingle3("box", &s);
	npMakeTriangle3((npVec3){ -1, -0.5, 0.2 }, (npVec3){ 1, -0.3, 0 }, (npVec3){ 0.1, 0.9, -0.2 }, &s);
	batchMatchesSingle3("triangle", &s);

	npVec3 points[32];
	for (int i = 0; i < 32; ++i)
	{
		npVec3 p = { rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1) };
		double l = sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
		points[i] = (npVec3){ p.x / l, p.y / l, p.z / l };
	}
	CHECK(npMakeHull3(points, 32, &hull32) == NP_OK, "hull of 32 points");
	npMakeHullShape3(&hull32, &s);
	batchMatchesSingle3("hull(32)", &s);
	npVec3 flat[6];
	for (int i = 0; i < 6; ++i)
		flat[i] = (npVec3){ cos(i * 1.047), 0.0, sin(i * 1.047) };
	CHECK(npMakeHull3(flat, 6, &flatHull) == NP_OK, "flat hull");
	npMakeHullShape3(&flatHull, &s);
	batchMatchesSingle3("flat hull", &s);

	npShape2 t;
	npMakeBox2(1.0, 0.5, &t);
	batchMatchesSingle2("2D box", &t);
	npMakeCircle(0.7, &t);
	batchMatchesSingle2("circle", &t);
	npMakeCapsule2(0.6, 0.3, &t);
	batchMatchesSingle2("2D capsule", &t);
	const npVec2 pentagon[5] = { { 1, 0 }, { 0.3, 0.95 }, { -0.8, 0.6 }, { -0.8, -0.6 }, { 0.3, -0.95 } };
	npMakePolygon2(pentagon, 5, 0.0, &t);
	batchMatchesSingle2("pentagon", &t);
	npMakePolygon2(pentagon, 5, 0.2, &t);
	batchMatchesSingle2("rounded pentagon", &t);
}

static void badInput(void)
{
	npShape3 box;
	npMakeBox3((npVec3){ 1, 1, 1 }, &box);
	npTransform3 xf = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npVec3 origins[8], directions[8];
	for (int i = 0; i < 8; ++i)
	{
		origins[i] = (npVec3){ -3.0 + 0.1 * i, 0.2, 0.1 };
		directions[i] = (npVec3){ 6, 0, 0 };
	}
	npRayHit3 hits[8];
	int failedRay;

	// A NaN origin at ray 5: rays 0-4 answered as single calls, ray 5 cleared, 6 and 7 untouched.
	origins[5].y = NAN;
	memset(hits, 0x5a, sizeof hits);
	npRayBatch3 batch = { origins, directions, 8, 1.0, true };
	npResult r = npRayCastMany3(&box, xf, &batch, hits, &failedRay);
	CHECK(r == NP_ERR_NON_FINITE && failedRay == 5, "NaN origin: %d at ray %d", (int)r, failedRay);
	int same = 0;
	for (int i = 0; i < 5; ++i)
	{
		npRayInput3 ray = { origins[i], directions[i], 1.0, true };
		npRayHit3 one;
		npRayCast3(&box, xf, &ray, &one);
		same += sameHit3(&one, &hits[i]);
	}
	CHECK(same == 5 && hits[0].hit, "the rays before the bad one are answered (%d of 5)", same);
	CHECK(!hits[5].hit && hits[5].fraction == 0.0, "the bad ray's hit is cleared");
	unsigned char untouched[sizeof hits[6]];
	memset(untouched, 0x5a, sizeof untouched);
	CHECK(memcmp(&hits[6], untouched, sizeof untouched) == 0, "the rays after the bad one are untouched");
	origins[5].y = 0.2;

	// A zero direction at ray 3, an infinite one at ray 2: the first bad ray stops the batch.
	directions[3] = (npVec3){ 0, 0, 0 };
	r = npRayCastMany3(&box, xf, &batch, hits, &failedRay);
	CHECK(r == NP_ERR_INVALID_ARGUMENT && failedRay == 3, "zero direction: %d at ray %d", (int)r, failedRay);
	directions[2].z = INFINITY;
	r = npRayCastMany3(&box, xf, &batch, hits, NULL);
	CHECK(r == NP_ERR_NON_FINITE, "infinite direction (failedRay may be null): %d", (int)r);
	directions[2].z = 0.0;
	directions[3] = (npVec3){ 6, 0, 0 };

	// maxFraction is checked with each ray, as the single call checks it.
	batch.maxFraction = -1.0;
	r = npRayCastMany3(&box, xf, &batch, hits, &failedRay);
	CHECK(r == NP_ERR_INVALID_ARGUMENT && failedRay == 0, "negative maxFraction: %d at ray %d", (int)r, failedRay);
	batch.maxFraction = NAN;
	r = npRayCastMany3(&box, xf, &batch, hits, &failedRay);
	CHECK(r == NP_ERR_NON_FINITE && failedRay == 0, "NaN maxFraction: %d at ray %d", (int)r, failedRay);
	batch.maxFraction = 1.0;

	// The shape and the transform are checked first (failedRay -1), also for zero rays.
	npTransform3 bad = { { 0, 0, 0 }, { 0, 0, 0, 2 } };
	r = npRayCastMany3(&box, bad, &batch, hits, &failedRay);
	CHECK(r == NP_ERR_INVALID_TRANSFORM && failedRay == -1, "bad rotation: %d, failed ray %d", (int)r, failedRay);
	npRayBatch3 none = { NULL, NULL, 0, 1.0, true };
	r = npRayCastMany3(&box, xf, &none, NULL, &failedRay);
	CHECK(r == NP_OK && failedRay == -1, "zero rays: %d", (int)r);
	r = npRayCastMany3(&box, bad, &none, NULL, &failedRay);
	CHECK(r == NP_ERR_INVALID_TRANSFORM, "zero rays still check the transform: %d", (int)r);
	r = npRayCastMany3(NULL, xf, &none, NULL, &failedRay);
	CHECK(r == NP_ERR_INVALID_ARGUMENT && failedRay == -1, "null shape: %d", (int)r);
	none.count = -1;
	r = npRayCastMany3(&box, xf, &none, hits, &failedRay);
	CHECK(r == NP_ERR_INVALID_ARGUMENT, "negative count: %d", (int)r);
	r = npRayCastMany3(&box, xf, NULL, hits, &failedRay);
	CHECK(r == NP_ERR_INVALID_ARGUMENT, "null batch: %d", (int)r);
	r = npRayCastMany3(&box, xf, &batch, NULL, &failedRay);
	CHECK(r == NP_ERR_INVALID_ARGUMENT, "null hits: %d", (int)r);

	// 2D: the same rules.
	npShape2 box2;
	npMakeBox2(1, 1, &box2);
	npVec2 o2[4] = { { -3, 0 }, { -3, 0.5 }, { -3, NAN }, { -3, 0 } }, d2[4] = { { 6, 0 }, { 6, 0 }, { 6, 0 }, { 6, 0 } };
	npRayHit2 h2[4];
	npRayBatch2 b2 = { o2, d2, 4, 1.0, true };
	r = npRayCastMany2(&box2, npMakeTransform2(0, 0, 0), &b2, h2, &failedRay);
	CHECK(r == NP_ERR_NON_FINITE && failedRay == 2 && h2[0].hit && h2[1].hit, "2D NaN origin: %d at ray %d", (int)r,
		  failedRay);
	npRayBatch2 none2 = { NULL, NULL, 0, 1.0, true };
	r = npRayCastMany2(&box2, npMakeTransform2(0, 0, 0), &none2, NULL, &failedRay);
	CHECK(r == NP_OK && failedRay == -1, "2D zero rays: %d", (int)r);
	r = npRayCastMany2(&box2, npMakeTransform2(NAN, 0, 0), &none2, NULL, &failedRay);
	CHECK(r == NP_ERR_NON_FINITE && failedRay == -1, "2D zero rays still check the transform: %d", (int)r);
}

/// Clipping by every face of a solid hull, written out (no shortcuts): the lowest-index face that
/// raised the lower end last is hit. Returns whether it hits; *t and *face when it does.
static bool plainClip(const npPlane3* planes, int faceCount, npVec3 o, npVec3 d, double maxFraction, double* t,
					  int* face)
{
	double lower = 0.0, upper = maxFraction;
	int enter = -1;
	bool inside = true;
	for (int i = 0; i < faceCount; ++i)
	{
		npVec3 n = planes[i].normal;
		double in = planes[i].offset - (n.x * o.x + n.y * o.y + n.z * o.z);
		double speed = n.x * d.x + n.y * d.y + n.z * d.z;
		inside = inside && in >= 0.0;
		if (speed == 0.0)
		{
			if (in < 0.0)
				return false;
			continue;
		}
		double q = in / speed;
		if (speed < 0.0 && q > lower)
		{
			lower = q;
			enter = i;
		}
		else if (speed > 0.0 && q < upper)
			upper = q;
		if (upper < lower)
			return false;
	}
	if (inside || enter < 0)
		return inside; // (inside: the solid ray's hit at 0)
	*t = lower;
	*face = enter;
	return true;
}

static void hullShortcutsExact(void)
{
	enum { N = 4000 };
	static npVec3 from[N], dir[N];
	static npRayHit3 hits[N];
	for (int i = 0; i < N; ++i)
	{
		// Half the rays aim at a vertex (they meet the hull's bounding ball there), half at random.
		from[i] = (npVec3){ rndRange(-4, 4), rndRange(-4, 4), rndRange(-4, 4) };
		npVec3 at = i % 2 == 0 ? hull32.vertices[i / 2 % hull32.vertexCount]
							   : (npVec3){ rndRange(-1.2, 1.2), rndRange(-1.2, 1.2), rndRange(-1.2, 1.2) };
		double len = i % 3 == 0 ? 1.0 : rndRange(0.8, 1.2); // some rays stop short of their target
		dir[i] = (npVec3){ (at.x - from[i].x) * len, (at.y - from[i].y) * len, (at.z - from[i].z) * len };
	}
	// The batch entry (which uses the ball) and single calls (which do not) against the plain clip.
	npShape3 s;
	npMakeHullShape3(&hull32, &s);
	npTransform3 identity = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npRayBatch3 batch = { from, dir, N, 1.0, true };
	CHECK(npRayCastMany3(&s, identity, &batch, hits, NULL) == NP_OK, "hull batch");
	int same = 0, sameSingle = 0, grazing = 0;
	for (int i = 0; i < N; ++i)
	{
		double t = 0.0;
		int face = -1;
		bool expect = plainClip(hull32.planes, hull32.faceCount, from[i], dir[i], 1.0, &t, &face);
		bool ok = hits[i].hit == expect;
		if (ok && expect && face >= 0)
		{
			npVec3 n = hull32.planes[face].normal;
			ok = bitsOf(hits[i].fraction) == bitsOf(t) && hits[i].normal.x == n.x && hits[i].normal.y == n.y &&
				 hits[i].normal.z == n.z;
		}
		same += ok;
		npRayInput3 ray = { from[i], dir[i], 1.0, true };
		npRayHit3 one;
		npRayCast3(&s, identity, &ray, &one);
		sameSingle += sameHit3(&one, &hits[i]);
		grazing += i % 2 == 0 && expect;
	}
	CHECK(same == N, "hull rays: %d of %d differ from clipping by every face", N - same, N);
	CHECK(sameSingle == N, "hull rays: %d of %d differ between the batch and single calls", N - sameSingle, N);
	CHECK(grazing > 200, "rays aimed at vertices hit (%d)", grazing);
}

/// The box's slabs against clipping by its six planes (-x, +x, -y, +y, -z, +z), rays with zero
/// components and rays through edges and corners included.
static void boxSlabsExact(void)
{
	npShape3 s;
	npVec3 h = { 1.0, 0.5, 0.75 };
	npMakeBox3(h, &s);
	const npPlane3 planes[6] = { { { -1, 0, 0 }, h.x }, { { 1, 0, 0 }, h.x }, { { 0, -1, 0 }, h.y },
								 { { 0, 1, 0 }, h.y },	{ { 0, 0, -1 }, h.z }, { { 0, 0, 1 }, h.z } };
	npTransform3 identity = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	int same = 0, hits = 0;
	for (int i = 0; i < 4000; ++i)
	{
		npVec3 from = { component(3.0), component(3.0), component(3.0) };
		npVec3 corner = { (i & 1 ? 1 : -1) * h.x, (i & 2 ? 1 : -1) * h.y, (i & 4 ? 1 : -1) * h.z };
		npVec3 at = i % 3 == 0 ? corner : (npVec3){ component(1.5), component(1.5), component(1.5) };
		npVec3 d = { 1.5 * (at.x - from.x), 1.5 * (at.y - from.y), 1.5 * (at.z - from.z) };
		if (d.x == 0.0 && d.y == 0.0 && d.z == 0.0)
			d.z = 1.0;
		npRayInput3 ray = { from, d, i % 5 == 0 ? 0.5 : 1.0, true };
		npRayHit3 hit;
		npRayCast3(&s, identity, &ray, &hit);
		double t = 0.0;
		int face = -1;
		bool expect = plainClip(planes, 6, from, d, ray.maxFraction, &t, &face);
		bool ok = hit.hit == expect;
		if (ok && expect && face >= 0)
		{
			npVec3 n = planes[face].normal;
			ok = bitsOf(hit.fraction) == bitsOf(t) && hit.normal.x == n.x && hit.normal.y == n.y && hit.normal.z == n.z;
		}
		same += ok;
		hits += expect;
	}
	CHECK(same == 4000, "box rays: %d of 4000 differ from clipping by the six planes", 4000 - same);
	CHECK(hits > 1000 && hits < 3900, "box rays hit %d of 4000", hits);
}

/// The 2D box's slabs against clipping by its four edges written out here (Cyrus and Beck over
/// npMakeBox2's vertices and normals in edge order, the earlier edge kept on exact ties, as the
/// polygon clip does): the same fraction bit for bit and the same edge's normal, for rays through
/// corners, rays with zero components, from inside (solid and not) and maxFractions that stop short.
static void box2SlabsExact(void)
{
	npShape2 s;
	npMakeBox2(1.0, 0.5, &s);
	npTransform2 identity = npMakeTransform2(0.0, 0.0, 0.0);
	int same = 0, hits = 0, exits = 0;
	for (int i = 0; i < 6000; ++i)
	{
		npVec2 from = { component(3.0), component(3.0) };
		if (i % 7 == 0)
			from = (npVec2){ component(0.9), component(0.4) }; // inside
		npVec2 corner = { (i & 1 ? 1.0 : -1.0), (i & 2 ? 0.5 : -0.5) };
		npVec2 at = i % 3 == 0 ? corner : (npVec2){ component(1.5), component(1.5) };
		npVec2 d = { 1.5 * (at.x - from.x), 1.5 * (at.y - from.y) };
		if (d.x == 0.0 && d.y == 0.0)
			d.x = 1.0;
		bool solid = i % 2 == 0;
		npRayInput2 ray = { from, d, i % 5 == 0 ? 0.5 : 1.0, solid };
		npRayHit2 hit;
		npRayCast2(&s, identity, &ray, &hit);

		double lower = 0.0, upper = ray.maxFraction;
		int enter = -1, leave = -1;
		bool inside = true, miss = false;
		for (int k = 0; k < 4 && !miss; ++k)
		{
			npVec2 n = s.normals[k], v = s.vertices[k];
			double in = n.x * (v.x - from.x) + n.y * (v.y - from.y), speed = n.x * d.x + n.y * d.y;
			inside = inside && in >= 0.0;
			if (speed == 0.0)
			{
				miss = in < 0.0;
				continue;
			}
			double t = in / speed;
			if (speed < 0.0 && t > lower)
				lower = t, enter = k;
			else if (speed > 0.0 && t < upper)
				upper = t, leave = k;
			miss = upper < lower;
		}
		bool expect = !miss && (inside ? (solid || leave >= 0) : enter >= 0);
		bool ok = hit.hit == expect;
		if (ok && expect && inside && solid)
			ok = hit.fraction == 0.0 && hit.normal.x == 0.0 && hit.normal.y == 0.0 && !hit.frontFace;
		else if (ok && expect && inside)
			ok = bitsOf(hit.fraction) == bitsOf(upper) && hit.normal.x == -s.normals[leave].x &&
				 hit.normal.y == -s.normals[leave].y && !hit.frontFace;
		else if (ok && expect)
			ok = bitsOf(hit.fraction) == bitsOf(lower) && hit.normal.x == s.normals[enter].x &&
				 hit.normal.y == s.normals[enter].y && hit.frontFace;
		same += ok;
		hits += expect;
		exits += expect && inside && !solid;
	}
	CHECK(same == 6000, "2D box rays: %d of 6000 differ from clipping by the four edges", 6000 - same);
	CHECK(hits > 1500 && hits < 5800 && exits > 100, "2D box rays hit %d of 6000 (%d exits)", hits, exits);
}

/// npOrderRays3 (the order a mesh batch is cast in): a permutation of the rays, stable for equal
/// keys, and for rays spread along one axis an order along that axis (to within one of the 1024
/// cells). Its use in the mesh batch is checked by the Node tests (the records against one call per
/// ray, bit for bit).
static void rayOrder(void)
{
	enum { N = 3000 };
	static npVec3 origins[N], directions[N];
	static int32_t order[N], scratch[NP_RAY_ORDER_SCRATCH * N];
	static bool seen[N];
	for (int i = 0; i < N; ++i)
	{
		origins[i] = (npVec3){ 100.0 * rndRange(-1.0, 1.0), 2.0, -3.0 };
		directions[i] = (npVec3){ 1.0, rndRange(-1.0, 1.0), 0.5 };
	}
	npOrderRays3(origins, directions, N, 0.0, order, scratch);
	int valid = 0, backwards = 0;
	for (int k = 0; k < N; ++k)
	{
		bool inRange = order[k] >= 0 && order[k] < N;
		valid += inRange && !seen[order[k]];
		if (inRange)
			seen[order[k]] = true;
		if (k > 0 && inRange && order[k - 1] >= 0 && order[k - 1] < N &&
			origins[order[k]].x < origins[order[k - 1]].x - 200.0 / 1024.0)
			++backwards;
	}
	CHECK(valid == N, "ray order: %d of %d entries form a permutation", valid, N);
	CHECK(backwards == 0, "ray order: %d steps go back along x by more than a cell", backwards);

	// All rays at one point: one key, so the order is the input order (the sort is stable).
	for (int i = 0; i < N; ++i)
		origins[i] = (npVec3){ 1.0, 2.0, 3.0 };
	npOrderRays3(origins, directions, N, 0.0, order, scratch);
	int inOrder = 0;
	for (int k = 0; k < N; ++k)
		inOrder += order[k] == k;
	CHECK(inOrder == N, "ray order: equal keys keep the input order (%d of %d)", inOrder, N);
}

int main(void)
{
	rayOrder();
	sameAnswers();
	badInput();
	hullShortcutsExact();
	boxSlabsExact();
	box2SlabsExact();
	return checkSummary();
}
