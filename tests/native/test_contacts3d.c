// Persistent contact tests: a box settling onto a ground box over a scripted sequence of frames, a
// one-point-per-frame feed accumulating a full manifold, drift and separation, capacity, errors.
#include "narrowphase/collide3d.h"
#include "narrowphase/manifold3d.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

static npTransform3 makeXf(double x, double y, double z, npQuat q)
{
	npTransform3 xf;
	if (npMakeTransform3((npVec3){ x, y, z }, q, &xf) != NP_OK)
	{
		fprintf(stderr, "bad transform\n");
		exit(2);
	}
	return xf;
}

// Rotation by `angle` about the unit axis (ax, ay, az) (libm is fine in tests).
static npQuat axisAngle(double ax, double ay, double az, double angle)
{
	double s = sin(0.5 * angle);
	return (npQuat){ s * ax, s * ay, s * az, cos(0.5 * angle) };
}

// The cube (half extent 0.5) tilted by `tilt` about z, its lowest corner `depth` into the ground's
// top face (y = 0.5), centred over (cx, cz).
static npTransform3 cubeXf(double cx, double cz, double tilt, double depth)
{
	double a = fabs(tilt);
	double cy = 0.5 + 0.5 * (sin(a) + cos(a)) - depth;
	return makeXf(cx, cy, cz, axisAngle(0, 0, 1, tilt));
}

static bool sameIds(const npContactCache3* a, const uint32_t* ids, int count)
{
	if (a->pointCount != count)
		return false;
	for (int i = 0; i < count; ++i)
	{
		bool found = false;
		for (int j = 0; j < count; ++j)
			found = found || a->points[j].id == ids[i];
		if (!found)
			return false;
	}
	return true;
}

static void testSettling(void)
{
	npShape3 ground, cube;
	npMakeBox3((npVec3){ 5, 0.5, 5 }, &ground);
	npMakeBox3((npVec3){ 0.5, 0.5, 0.5 }, &cube);
	npTransform3 id = makeXf(0, 0, 0, (npQuat){ 0, 0, 0, 1 });
	npContactCache3 cache;
	CHECK(npInitContactCache3(&cache, 0.02, 0.02) == NP_OK, "init");

	// 40 frames: the cube rolls from 0.3 rad down to flat while drifting 1 mm per frame, then 40
	// frames at rest with a 1e-4 rad wobble. Each frame: manifold -> cache; the "solver" adds 1 to
	// each point's user[0] (frames it has been warm-started) and stamps user[1] with its id.
	uint32_t restIds[4] = { 0, 0, 0, 0 };
	int restCount = -1;
	bool idsStable = true;
	bool userCarried = true;
	for (int frame = 0; frame < 80; ++frame)
	{
		double tilt, x;
		if (frame < 40)
		{
			tilt = 0.3 * (1.0 - frame / 39.0);
			x = 0.001 * frame;
		}
		else
		{
			tilt = 1e-4 * ((frame % 3) - 1);
			x = 0.039;
		}
		npTransform3 xf = cubeXf(x, 0.0, tilt, 0.005);
		npManifold3 m = npCollide3(&ground, id, &cube, xf, 0.02);
		CHECK(npUpdateContactCache3(&cache, &m, id, xf) == NP_OK, "update frame %d", frame);
		for (int i = 0; i < cache.pointCount; ++i)
		{
			npCachedContact3* c = cache.points + i;
			// A point that survived must carry the user data written for it.
			if (c->age > 0 && (c->user[0] != (double)c->age || c->user[1] != (double)c->id))
				userCarried = false;
			c->user[0] += 1.0;
			c->user[1] = (double)c->id;
		}
		if (frame == 45)
		{
			restCount = cache.pointCount;
			for (int i = 0; i < cache.pointCount && i < 4; ++i)
				restIds[i] = cache.points[i].id;
		}
		else if (frame > 45 && !sameIds(&cache, restIds, restCount))
			idsStable = false;
	}
	CHECK(restCount == 4, "settled cube has %d points", restCount);
	CHECK(cache.pointCount == 4, "final point count %d", cache.pointCount);
	CHECK(idsStable, "ids changed while resting");
	CHECK(userCarried, "user data not carried across frames");
	for (int i = 0; i < cache.pointCount; ++i)
	{
		CHECK(cache.points[i].age >= 34, "point %d age %d", i, cache.points[i].age);
		CHECK(fabs(cache.points[i].depth - 0.005) < 1e-4, "point %d depth %.6g", i, cache.points[i].depth);
	}
	// The ids of the resting points are the cube's 4 bottom vertices on the ground's top face.
	for (int i = 0; i < cache.pointCount; ++i)
		CHECK((cache.points[i].id >> 30) == 1 && ((cache.points[i].id >> 18) & 0xFFF) == 3,
			  "resting id %08x: ground's +y face", cache.points[i].id);

	// Sliding the cube 5 cm: stale points are dropped by a refresh (tangential drift > 2 cm).
	npTransform3 slid = cubeXf(0.039 + 0.05, 0.0, 0.0, 0.005);
	CHECK(npRefreshContactCache3(&cache, id, slid) == 0, "refresh after slide keeps %d", cache.pointCount);
}

static void testAccumulate(void)
{
	npShape3 ground, cube;
	npMakeBox3((npVec3){ 5, 0.5, 5 }, &ground);
	npMakeBox3((npVec3){ 0.5, 0.5, 0.5 }, &cube);
	npTransform3 id = makeXf(0, 0, 0, (npQuat){ 0, 0, 0, 1 });
	npContactCache3 cache;
	npInitContactCache3(&cache, 0.02, 0.01);

	// A resting cube rocking by 2e-3 rad about x and z in turn: each frame a different corner is
	// the deepest. Like an EPA-only pipeline, feed just that one point, without a feature id.
	double h = sqrt(0.5);
	npVec3 axes[4] = { { h, 0, h }, { h, 0, -h }, { -h, 0, -h }, { -h, 0, h } };
	int counts[12];
	for (int frame = 0; frame < 12; ++frame)
	{
		npVec3 ax = axes[frame % 4];
		npQuat q = axisAngle(ax.x, ax.y, ax.z, 2e-3);
		npTransform3 xf = makeXf(0.0, 1.0 - 0.004, 0.0, q);
		npManifold3 m = npCollide3(&ground, id, &cube, xf, 0.0);
		CHECK(m.pointCount >= 1, "frame %d: no contact", frame);
		if (m.pointCount == 0)
			return;
		npManifoldPoint3 p = m.points[0];
		CHECK(npAddContactPoint3(&cache, p.pointA, p.pointB, m.normal, 0, id, xf) == NP_OK, "add");
		for (int i = 0; i < cache.pointCount; ++i)
			cache.points[i].user[0] += 1.0;
		counts[frame] = cache.pointCount;
		if (frame >= 4)
		{
			// A corner seen before is matched by distance (no id): it keeps its age and data.
			int nearest = 0;
			double best = 1e300;
			for (int i = 0; i < cache.pointCount; ++i)
			{
				double dx = cache.points[i].pointB.x - p.pointB.x, dz = cache.points[i].pointB.z - p.pointB.z;
				if (dx * dx + dz * dz < best)
				{
					best = dx * dx + dz * dz;
					nearest = i;
				}
			}
			CHECK(cache.points[nearest].age >= frame - 3 && cache.points[nearest].user[0] >= frame - 2,
				  "frame %d: fed point matched (age %d, user %g)", frame, cache.points[nearest].age,
				  cache.points[nearest].user[0]);
		}
	}
	CHECK(counts[0] == 1 && counts[1] == 2 && counts[2] == 3 && counts[3] == 4, "accumulation %d %d %d %d",
		  counts[0], counts[1], counts[2], counts[3]);
	CHECK(counts[11] == 4, "stays at 4 (%d)", counts[11]);
	// The 4 points are the 4 bottom corners (distinct), each warm-started every frame since added.
	for (int i = 0; i < cache.pointCount; ++i)
	{
		npVec3 a = cache.points[i].localB;
		CHECK(fabs(fabs(a.x) - 0.5) < 1e-9 && fabs(a.y + 0.5) < 1e-9 && fabs(fabs(a.z) - 0.5) < 1e-9,
			  "point %d is a bottom corner (%g %g %g)", i, a.x, a.y, a.z);
		CHECK(cache.points[i].user[0] >= 9.0, "point %d user data %g", i, cache.points[i].user[0]);
		for (int j = 0; j < i; ++j)
			CHECK(fabs(cache.points[j].localB.x - a.x) + fabs(cache.points[j].localB.z - a.z) > 0.5, "distinct corners");
	}

	// A fifth, shallower point at the face centre: over capacity, the area-maximising corners win.
	npTransform3 rest = makeXf(0.0, 1.0 - 0.004, 0.0, (npQuat){ 0, 0, 0, 1 });
	CHECK(npAddContactPoint3(&cache, (npVec3){ 0, 0.5, 0 }, (npVec3){ 0, 0.497, 0 }, (npVec3){ 0, 1, 0 }, 0, id,
							 rest) == NP_OK, "add centre");
	CHECK(cache.pointCount == 4, "capacity");
	bool centreKept = false;
	for (int i = 0; i < cache.pointCount; ++i)
		centreKept = centreKept || fabs(cache.points[i].localB.x) < 0.1;
	CHECK(!centreKept, "the inner point is dropped");

	// Lifting the cube 3 cm (beyond the 1 cm margin) empties the cache on refresh.
	npTransform3 lifted = makeXf(0.0, 1.03, 0.0, (npQuat){ 0, 0, 0, 1 });
	CHECK(npRefreshContactCache3(&cache, id, lifted) == 0, "separated points dropped");

	// Matching by distance: a point 5 mm from a cached one (break distance 2 cm) replaces it and
	// inherits its data; a point 5 cm away is a new point.
	npInitContactCache3(&cache, 0.02, 0.01);
	npVec3 up = { 0, 1, 0 };
	npAddContactPoint3(&cache, (npVec3){ 0.5, 0.5, 0.5 }, (npVec3){ 0.5, 0.49, 0.5 }, up, 0, id, id);
	cache.points[0].user[2] = 7.0;
	npAddContactPoint3(&cache, (npVec3){ 0.505, 0.5, 0.5 }, (npVec3){ 0.505, 0.49, 0.5 }, up, 0, id, id);
	CHECK(cache.pointCount == 1 && cache.points[0].user[2] == 7.0 && cache.points[0].localA.x == 0.505 &&
			  cache.points[0].age == 1, "matched by distance: %d points", cache.pointCount);
	npAddContactPoint3(&cache, (npVec3){ 0.555, 0.5, 0.5 }, (npVec3){ 0.555, 0.49, 0.5 }, up, 0, id, id);
	CHECK(cache.pointCount == 2, "a distant point is new: %d points", cache.pointCount);
	// Matching by id: same id 1.5 cm away on B (within the break distance on A) keeps the data.
	npInitContactCache3(&cache, 0.02, 0.01);
	npAddContactPoint3(&cache, (npVec3){ 0, 0.5, 0 }, (npVec3){ 0, 0.49, 0 }, up, 77u, id, id);
	cache.points[0].user[0] = 3.0;
	npAddContactPoint3(&cache, (npVec3){ 0.015, 0.5, 0 }, (npVec3){ 0.015, 0.49, 0 }, up, 77u, id, id);
	CHECK(cache.pointCount == 1 && cache.points[0].user[0] == 3.0, "matched by id");
	npAddContactPoint3(&cache, (npVec3){ 0.016, 0.5, 0 }, (npVec3){ 0.016, 0.49, 0 }, up, 78u, id, id);
	CHECK(cache.pointCount == 1 && cache.points[0].id == 78u && cache.points[0].user[0] == 3.0,
		  "a different id 1 mm away still matches by distance");

	// Errors.
	CHECK(npInitContactCache3(NULL, 0.02, 0.0) == NP_ERR_INVALID_ARGUMENT, "null cache");
	CHECK(npInitContactCache3(&cache, 0.0, 0.0) == NP_ERR_INVALID_ARGUMENT, "zero break distance");
	CHECK(npInitContactCache3(&cache, 0.02, -1.0) == NP_ERR_INVALID_ARGUMENT, "negative margin");
	npInitContactCache3(&cache, 0.02, 0.0);
	CHECK(npAddContactPoint3(&cache, (npVec3){ NAN, 0, 0 }, (npVec3){ 0, 0, 0 }, (npVec3){ 0, 1, 0 }, 0, id, id) ==
			  NP_ERR_NON_FINITE, "NaN point");
	CHECK(npAddContactPoint3(&cache, (npVec3){ 0, 0, 0 }, (npVec3){ 0, 0, 0 }, (npVec3){ 0, 0, 0 }, 0, id, id) ==
			  NP_ERR_INVALID_ARGUMENT, "zero normal");
	npManifold3 bad = { { 0, 1, 0 }, 7, { { { 0 } } } };
	CHECK(npUpdateContactCache3(&cache, &bad, id, id) == NP_ERR_INVALID_ARGUMENT, "point count 7");
	CHECK(cache.pointCount == 0, "errors leave the cache empty");
	npManifold3 empty = { { 0, 0, 0 }, 0, { { { 0 } } } };
	CHECK(npUpdateContactCache3(&cache, &empty, id, id) == NP_OK && cache.pointCount == 0, "empty manifold clears");
}

int main(void)
{
	testSettling();
	testAccumulate();
	return checkSummary();
}
