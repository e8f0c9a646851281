// Native 3D benchmark: ns/query of the 3D manifold (npCollide3) and of EPA penetration
// (npPenetration3) on fixed pseudo-random poses.
//
//   build/bench3d_native   (make bench; or cc -O2 -Isrc/include bench/bench3d_native.c libnarrowphase.a -lm)
//
// Cases (1024 poses each, margin 0):
//  - box-box resting: a cube of half extent 0.5 on a cube of half extent 1, near the pose
//    (0.1, 1.45, 0.2) turned 0.4 rad about (0.05, 1, 0.05); position jittered by +-0.05 sideways
//    and +-0.01 in height, angle by +-0.2 rad: a 4-point face contact every time (checked).
//  - box-box random: the same two boxes at random orientations and overlapping positions (face and
//    edge contacts, some misses).
//  - sphere-box, capsule-box resting: a sphere of radius 0.5 / a capsule (half height 0.5, radius
//    0.25) lying along x, jittered the same way, on the unit-half-extent cube.
//  - hull32-hull32: 16 hulls of 32 random points on a unit sphere (squashed a little), random pairs
//    at random orientations with centres 0.2 to 1 apart: manifold and npPenetration3 (GJK + EPA);
//    and npPenetration3 on shallow contacts (0.001 to 0.05 back from first touch); npOverlap3 (yes
//    or no) on the same deep and shallow poses.
//  - hull creation: npMakeHull3 on 32 and on 250 of those points (quickhull, topology, support
//    cells), per hull.
// Each case runs in rounds of about 20 ms; the median of 11 rounds is printed, as bench2d_native
// does. A benchmark, not a test: nothing here asserts timings.
#define _POSIX_C_SOURCE 199309L // clock_gettime

#include "narrowphase/narrowphase.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define POSES 1024
#define ROUNDS 11
#define HULLS 16

static double nowNs(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return 1e9 * (double)ts.tv_sec + (double)ts.tv_nsec;
}

// Deterministic pseudo-random numbers (splitmix64), uniform in [lo, hi).
static uint64_t rngState = 1234;
static double rnd(double lo, double hi)
{
	uint64_t z = (rngState += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	z ^= z >> 31;
	return lo + (hi - lo) * ((double)(z >> 11) * (1.0 / 9007199254740992.0));
}

static npTransform3 makeXf(npVec3 p, npQuat q)
{
	npTransform3 xf;
	if (npMakeTransform3(p, q, &xf) != NP_OK)
	{
		fprintf(stderr, "bad transform\n");
		exit(2);
	}
	return xf;
}

// Unit quaternion for a rotation of `angle` about `axis` (the benchmark may use libm).
static npQuat axisAngle(npVec3 axis, double angle)
{
	double l = sqrt(axis.x * axis.x + axis.y * axis.y + axis.z * axis.z), s = sin(0.5 * angle);
	return (npQuat){ s * axis.x / l, s * axis.y / l, s * axis.z / l, cos(0.5 * angle) };
}

static npQuat randomQuat(void)
{
	return (npQuat){ rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) };
}

// One benchmark case: query i of POSES, returning something to sum (keeps the call alive).
typedef double (*QueryFn)(int i);

static volatile double sink;

// ns per call of f over `poses` calls, repeated `reps` times.
static double timeRound(QueryFn f, int poses, int reps)
{
	double t0 = nowNs(), acc = 0.0;
	for (int r = 0; r < reps; ++r)
		for (int i = 0; i < poses; ++i)
			acc += f(i);
	double t1 = nowNs();
	sink = acc;
	return (t1 - t0) / (double)(reps * poses);
}

static int compareDoubles(const void* a, const void* b)
{
	double x = *(const double*)a, y = *(const double*)b;
	return x < y ? -1 : (x > y ? 1 : 0);
}

// Median of ROUNDS rounds of about 20 ms, each cycling through `poses` inputs.
static void runPoses(const char* name, QueryFn f, int poses)
{
	int reps = 1;
	while (timeRound(f, poses, reps) * reps * poses < 2e7 && reps < (1 << 20))
		reps *= 2;
	double t[ROUNDS];
	for (int k = 0; k < ROUNDS; ++k)
		t[k] = timeRound(f, poses, reps);
	qsort(t, ROUNDS, sizeof t[0], compareDoubles);
	if (t[ROUNDS / 2] >= 1e4)
		printf("%-36s %9.1f us\n", name, t[ROUNDS / 2] / 1e3);
	else
		printf("%-36s %9.1f ns\n", name, t[ROUNDS / 2]);
}

static void run(const char* name, QueryFn f) { runPoses(name, f, POSES); }

static npShape3 bigBox, smallBox, sphere, capsule;
static npShape3 hullShapes[HULLS];
static npHull3 hulls[HULLS];
static npTransform3 identity;
static npTransform3 resting[POSES], restingCapsule[POSES], randomBox[POSES], randomHull[POSES], shallowHull[POSES];
static int hullA[POSES], hullB[POSES];

static double boxBoxResting(int i) { return npCollide3(&bigBox, identity, &smallBox, resting[i], 0.0).pointCount; }
static double boxBoxRandom(int i) { return npCollide3(&bigBox, identity, &smallBox, randomBox[i], 0.0).pointCount; }
static double sphereBox(int i) { return npCollide3(&bigBox, identity, &sphere, resting[i], 0.0).pointCount; }
static double capsuleBox(int i)
{
	return npCollide3(&bigBox, identity, &capsule, restingCapsule[i], 0.0).pointCount;
}
static double hullHullManifold(int i)
{
	return npCollide3(&hullShapes[hullA[i]], identity, &hullShapes[hullB[i]], randomHull[i], 0.0).pointCount;
}
// Hull creation: one hull per call, from one of 8 fixed point clouds (the same clouds every round).
#define CLOUD_POINTS 250
static npVec3 clouds[8][CLOUD_POINTS];
static npHull3 scratchHull;
static double makeHull(int i, int count)
{
	return npMakeHull3(clouds[i & 7], count, &scratchHull) == NP_OK ? scratchHull.vertexCount : -1.0;
}
static double makeHull32(int i) { return makeHull(i, 32); }
static double makeHull250(int i) { return makeHull(i, 250); }

static double hullHullPenetration(int i)
{
	return npPenetration3(&hullShapes[hullA[i]], identity, &hullShapes[hullB[i]], randomHull[i]).depth;
}
static double hullHullShallow(int i)
{
	return npPenetration3(&hullShapes[hullA[i]], identity, &hullShapes[hullB[i]], shallowHull[i]).depth;
}

static double hullHullOverlap(int i)
{
	return npOverlap3(&hullShapes[hullA[i]], identity, &hullShapes[hullB[i]], randomHull[i]);
}
static double hullHullOverlapShallow(int i)
{
	return npOverlap3(&hullShapes[hullA[i]], identity, &hullShapes[hullB[i]], shallowHull[i]);
}

// Shapes and poses of every case.
static void setup(void)
{
	npMakeBox3((npVec3){ 1.0, 1.0, 1.0 }, &bigBox);
	npMakeBox3((npVec3){ 0.5, 0.5, 0.5 }, &smallBox);
	npMakeSphere(0.5, &sphere);
	npMakeCapsule3(0.5, 0.25, &capsule);
	identity = makeXf((npVec3){ 0.0, 0.0, 0.0 }, (npQuat){ 0.0, 0.0, 0.0, 1.0 });

	int fourPoints = 0;
	for (int i = 0; i < POSES; ++i)
	{
		npVec3 p = { 0.1 + rnd(-0.05, 0.05), 1.45 + rnd(-0.01, 0.01), 0.2 + rnd(-0.05, 0.05) };
		resting[i] = makeXf(p, axisAngle((npVec3){ 0.05, 1.0, 0.05 }, 0.4 + rnd(-0.2, 0.2)));
		fourPoints += npCollide3(&bigBox, identity, &smallBox, resting[i], 0.0).pointCount == 4;
		// The capsule lies along x (its axis is local y, turned about z), slightly tilted.
		npVec3 c = { 0.1 + rnd(-0.05, 0.05), 1.2 + rnd(-0.01, 0.01), 0.2 + rnd(-0.05, 0.05) };
		restingCapsule[i] = makeXf(c, axisAngle((npVec3){ rnd(-0.02, 0.02), 0.1, 1.0 }, 1.5 + rnd(-0.05, 0.05)));
		randomBox[i] = makeXf((npVec3){ rnd(-1.2, 1.2), rnd(-1.2, 1.2), rnd(-1.2, 1.2) }, randomQuat());
	}
	if (fourPoints != POSES)
		fprintf(stderr, "note: %d of %d resting box poses gave 4 points\n", fourPoints, POSES);

	for (int h = 0; h < HULLS; ++h)
	{
		npVec3 pts[32];
		for (int k = 0; k < 32; ++k)
		{
			npVec3 d = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) };
			double l = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
			pts[k] = (npVec3){ 0.6 * d.x / l, 0.5 * d.y / l, 0.7 * d.z / l };
		}
		if (npMakeHull3(pts, 32, &hulls[h]) != NP_OK || npMakeHullShape3(&hulls[h], &hullShapes[h]) != NP_OK)
		{
			fprintf(stderr, "hull construction failed\n");
			exit(2);
		}
	}
	for (int c = 0; c < 8; ++c)
		for (int k = 0; k < CLOUD_POINTS; ++k)
		{
			npVec3 d = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) };
			double l = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
			clouds[c][k] = (npVec3){ 0.6 * d.x / l, 0.5 * d.y / l, 0.7 * d.z / l };
		}
	for (int i = 0; i < POSES; ++i)
	{
		hullA[i] = (int)rnd(0, HULLS);
		hullB[i] = (int)rnd(0, HULLS);
		npVec3 d = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) };
		double l = sqrt(d.x * d.x + d.y * d.y + d.z * d.z), r = rnd(0.2, 1.0);
		randomHull[i] = makeXf((npVec3){ r * d.x / l, r * d.y / l, r * d.z / l }, randomQuat());
	}
	// Shallow contacts (as in resting stacks): B along a random direction, moved back from first
	// touch (bisection on npOverlap3) by 0.001 to 0.05.
	for (int i = 0; i < POSES; ++i)
	{
		npVec3 d = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) };
		double l = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
		d = (npVec3){ d.x / l, d.y / l, d.z / l };
		npQuat q = randomQuat();
		double lo = 0.0, hi = 2.0; // overlapping at lo, apart at hi
		for (int k = 0; k < 50; ++k)
		{
			double mid = 0.5 * (lo + hi);
			npTransform3 xf = makeXf((npVec3){ mid * d.x, mid * d.y, mid * d.z }, q);
			if (npOverlap3(&hullShapes[hullA[i]], identity, &hullShapes[hullB[i]], xf))
				lo = mid;
			else
				hi = mid;
		}
		double t = lo - rnd(0.001, 0.05);
		shallowHull[i] = makeXf((npVec3){ t * d.x, t * d.y, t * d.z }, q);
	}
}

int main(void)
{
	printf("narrowphase native 3D benchmark (median of %d rounds, %d poses)\n", ROUNDS, POSES);
	setup();
	run("box-box manifold (resting, 4 points)", boxBoxResting);
	run("box-box manifold (random poses)", boxBoxRandom);
	run("sphere-box manifold (resting)", sphereBox);
	run("capsule-box manifold (resting)", capsuleBox);
	run("hull32-hull32 manifold (random)", hullHullManifold);
	run("hull32-hull32 penetration (EPA)", hullHullPenetration);
	run("hull32-hull32 penetration, shallow", hullHullShallow);
	run("hull32-hull32 overlap", hullHullOverlap);
	run("hull32-hull32 overlap, shallow", hullHullOverlapShallow);
	runPoses("hull creation, 32 points", makeHull32, 8);
	runPoses("hull creation, 250 points", makeHull250, 8);
	return 0;
}
