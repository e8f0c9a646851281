// Native timing of ray casts: ns per ray for npRayCast2 (a 2D box), npRayCast3 (a 3D box, a hull
// of 32 points, a sphere) and npRayCastMeshes3 (a height field of 200 x 200 cells, 80,000
// triangles), each with 10,000 fixed pseudo-random rays, some hitting and some missing.
//
//   build/ray_bench        (make bench-native; or cc -O2 -Isrc/include bench/ray_bench.c libnarrowphase.a -lm)
//
// Rays and shapes are the ones bench/ray_bench.mjs builds (the same generator, every number
// rounded to a float so that the single-precision peers measured there see the same input):
//  - convex shapes, placed at (0.25, -0.5, 0.75) turned 120 degrees about (1, 1, 1) (2D: at
//    (0.25, -0.5) turned 0.5 rad): rays start 2.5 to 4 from the centre and aim at a random point
//    within 1.6 of it, direction 1.5 times that offset, maxFraction 1 (45 to 80 % hit).
//  - the mesh, unit cells with rolling heights within +-2 (front faces up): rays start 3 to 8
//    above a random point of [-10, 210]^2 and end 4 below to 2 above a point within 10 of it
//    sideways (maxFraction 1): misses are rays beside the field and rays that stop short of it.
// Each answer is checked against an independent reference (slabs for boxes, the quadratic for the
// sphere, the faces of a brute-force hull of the 32 points, every triangle of the field cells under
// the ray tested one by one): hit or miss must agree and the fraction within 1e-9, so the times
// are of the right work. A disagreement makes the program fail.
// Times are process CPU time (the machine is shared): median of 7 runs of about 50 ms (all 10,000
// rays, repeated), after a warm-up.
#define _POSIX_C_SOURCE 199309L // clock_gettime

#include "narrowphase/narrowphase.h"
#include "narrowphase/query2d.h"
#include "narrowphase/query3d.h"

#include "benchutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RAYS 10000
#define RUNS 7
#define HULL_POINTS 32
#define GRID 200
#define AGREE 1e-9

static double uniform(double lo, double hi) { return lo + (hi - lo) * rand01(); }
// Through memory: gcc 12's SLP vectoriser drops a plain (double)(float) round trip of three
// neighbouring values at -O2 (the result keeps all its double bits).
static double toFloat(double x)
{
	volatile float rounded = (float)x;
	return rounded;
}

static npVec3 add3(npVec3 a, npVec3 b) { return (npVec3){ a.x + b.x, a.y + b.y, a.z + b.z }; }
static npVec3 sub3(npVec3 a, npVec3 b) { return (npVec3){ a.x - b.x, a.y - b.y, a.z - b.z }; }
static npVec3 scale3(npVec3 a, double s) { return (npVec3){ s * a.x, s * a.y, s * a.z }; }
static double dot3(npVec3 a, npVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static npVec3 cross3(npVec3 a, npVec3 b)
{
	return (npVec3){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}
static npVec3 floats3(npVec3 a) { return (npVec3){ toFloat(a.x), toFloat(a.y), toFloat(a.z) }; }

// A random point of the unit ball (rejection: the same in C and JavaScript).
static npVec3 inBall(void)
{
	for (;;)
	{
		npVec3 p;
		p.x = uniform(-1, 1); // one statement each: the order of an initializer list's calls is unspecified
		p.y = uniform(-1, 1);
		p.z = uniform(-1, 1);
		if (dot3(p, p) <= 1.0 && dot3(p, p) > 1e-6)
			return p;
	}
}

// The rays of one case, structure of arrays as rayCastMany takes them from JavaScript.
typedef struct Rays
{
	npVec3 origin[RAYS];
	npVec3 direction[RAYS];
} Rays;

// Rays at a convex shape centred at `centre` (2D: z is zero throughout).
static void makeConvexRays(Rays* rays, npVec3 centre, bool flat)
{
	for (int i = 0; i < RAYS; ++i)
	{
		npVec3 u = inBall(), aim = inBall();
		if (flat)
			u.z = aim.z = 0.0;
		double r = uniform(2.5, 4.0) / sqrt(dot3(u, u));
		npVec3 origin = add3(centre, scale3(u, r));
		npVec3 target = add3(centre, scale3(aim, 1.6));
		rays->origin[i] = floats3(origin);
		rays->direction[i] = floats3(scale3(sub3(target, origin), 1.5));
	}
}

// Rolling heights within +-2 from +, * and / only (identical in C and JavaScript): a parabolic
// wave along each axis.
static double wave(double x, double period)
{
	double u = 2.0 * (x / period - floor(x / period)) - 1.0; // [-1, 1)
	return 4.0 * u * (1.0 - fabs(u));
}
static double height(int i, int j) { return toFloat(1.5 * wave(i, 57.0) * wave(j, 41.0) + 0.5 * wave(i + j, 13.0)); }

static void makeMeshRays(Rays* rays)
{
	for (int i = 0; i < RAYS; ++i)
	{
		npVec3 origin, target;
		origin.x = uniform(-10, GRID + 10);
		origin.y = uniform(-10, GRID + 10);
		origin.z = uniform(3, 8);
		target.x = origin.x + uniform(-10, 10);
		target.y = origin.y + uniform(-10, 10);
		target.z = uniform(-4, 2);
		rays->origin[i] = floats3(origin);
		rays->direction[i] = floats3(sub3(target, origin));
	}
}

// A sum over the rays, printed by both programs to show that they cast the same rays.
static double checksum(const Rays* rays)
{
	double sum = 0.0;
	for (int i = 0; i < RAYS; ++i)
	{
		npVec3 o = rays->origin[i], d = rays->direction[i];
		sum += o.x + 2.0 * o.y + 3.0 * o.z + 5.0 * d.x + 7.0 * d.y + 11.0 * d.z;
	}
	return sum;
}

// ------------------------------------------------------------------------------------------------
// References, independent of the library.

// Ray t in [0, 1] against the slab |x| <= h along one axis, narrowing [*enter, *exit].
static void clipSlab(double origin, double direction, double h, double* enter, double* exit)
{
	if (direction == 0.0)
	{
		if (fabs(origin) > h)
			*exit = -1.0;
		return;
	}
	double t0 = (-h - origin) / direction, t1 = (h - origin) / direction;
	if (t0 > t1)
	{
		double t = t0;
		t0 = t1;
		t1 = t;
	}
	*enter = fmax(*enter, t0);
	*exit = fmin(*exit, t1);
}

// Fraction of the first hit of a local-space ray on a box of half extents h, or -1.
static double refBox(npVec3 o, npVec3 d, npVec3 h)
{
	double enter = 0.0, exit = 1.0;
	clipSlab(o.x, d.x, h.x, &enter, &exit);
	clipSlab(o.y, d.y, h.y, &enter, &exit);
	clipSlab(o.z, d.z, h.z, &enter, &exit);
	return enter <= exit ? enter : -1.0;
}

static double refSphere(npVec3 o, npVec3 d, double radius)
{
	double a = dot3(d, d), b = dot3(o, d), c = dot3(o, o) - radius * radius;
	double disc = b * b - a * c;
	if (c <= 0.0)
		return 0.0;
	if (disc < 0.0 || b >= 0.0)
		return -1.0;
	double t = c / (-b + sqrt(disc)); // the smaller root, without cancellation
	return t <= 1.0 ? t : -1.0;
}

// Moller-Trumbore, front faces (counter-clockwise seen from the ray) only: t in [0, 1] or -1.
static double refTriangle(npVec3 o, npVec3 d, npVec3 a, npVec3 b, npVec3 c)
{
	npVec3 e1 = sub3(b, a), e2 = sub3(c, a), p = cross3(d, e2);
	double det = dot3(e1, p);
	if (det <= 0.0) // back face or parallel (det = -dot(d, normal))
		return -1.0;
	npVec3 s = sub3(o, a), q = cross3(s, e1);
	double u = dot3(s, p) / det, v = dot3(d, q) / det, t = dot3(e2, q) / det;
	return u >= 0.0 && v >= 0.0 && u + v <= 1.0 && t >= 0.0 && t <= 1.0 ? t : -1.0;
}

// The outward triangles of the hull of the points by brute force: every triple with all other
// points on one side (random points on a sphere are in general position).
static int bruteHull(const npVec3* p, int n, npVec3 (*tris)[3], int capacity)
{
	int count = 0;
	for (int i = 0; i < n; ++i)
		for (int j = i + 1; j < n; ++j)
			for (int k = j + 1; k < n; ++k)
			{
				npVec3 normal = cross3(sub3(p[j], p[i]), sub3(p[k], p[i]));
				int above = 0, below = 0;
				for (int m = 0; m < n; ++m)
				{
					double s = dot3(normal, sub3(p[m], p[i]));
					above += s > 1e-12;
					below += s < -1e-12;
				}
				if ((above == 0 || below == 0) && count < capacity)
				{
					bool flip = above > 0;
					tris[count][0] = p[i];
					tris[count][1] = flip ? p[k] : p[j];
					tris[count][2] = flip ? p[j] : p[k];
					++count;
				}
			}
	return count;
}

// Rotates v by the unit quaternion q (conjugate: inverse rotation).
static npVec3 rotate(npQuat q, npVec3 v, bool inverse)
{
	npVec3 axis = { inverse ? -q.x : q.x, inverse ? -q.y : q.y, inverse ? -q.z : q.z };
	npVec3 t = scale3(cross3(axis, v), 2.0);
	return add3(add3(v, scale3(t, q.w)), cross3(axis, t));
}

// ------------------------------------------------------------------------------------------------
// The cases.

typedef enum Kind
{
	KIND_2D,
	KIND_3D,
	KIND_MESH,
} Kind;

typedef struct Case
{
	const char* name;
	Kind kind;
	const npShape2* shape2;
	npTransform2 transform2;
	const npShape3* shape3;
	npTransform3 transform3;
	const npMeshInstance3* mesh;
	Rays rays;
	double fraction[RAYS]; // the library's answers, -1 for a miss
} Case;

// Casts every ray of the case once; returns the number of hits and stores the fractions.
static int castAll(Case* c)
{
	int hits = 0;
	for (int i = 0; i < RAYS; ++i)
	{
		npVec3 o = c->rays.origin[i], d = c->rays.direction[i];
		bool hit;
		double fraction;
		if (c->kind == KIND_2D)
		{
			npRayInput2 in = npMakeRayInput2((npVec2){ o.x, o.y }, (npVec2){ d.x, d.y });
			npRayHit2 out;
			npRayCast2(c->shape2, c->transform2, &in, &out);
			hit = out.hit, fraction = out.fraction;
		}
		else if (c->kind == KIND_3D)
		{
			npRayInput3 in = npMakeRayInput3(o, d);
			npRayHit3 out;
			npRayCast3(c->shape3, c->transform3, &in, &out);
			hit = out.hit, fraction = out.fraction;
		}
		else
		{
			npRayInput3 in = npMakeRayInput3(o, d);
			npMeshRayHit3 out;
			npRayCastMeshes3(c->mesh, 1, &in, false, &out);
			hit = out.hit, fraction = out.fraction;
		}
		c->fraction[i] = hit ? fraction : -1.0;
		hits += hit;
	}
	return hits;
}

// Casts every ray of a convex case in one batch call (npRayCastMany2 / npRayCastMany3); returns the
// number of hits and stores the fractions in `fraction` (meshes: one call per ray, as castAll).
static int castMany(Case* c, double* fraction)
{
	static npVec2 origins2[RAYS], directions2[RAYS];
	static npRayHit2 hits2[RAYS];
	static npRayHit3 hits3[RAYS];
	int hits = 0;
	if (c->kind == KIND_2D)
	{
		for (int i = 0; i < RAYS; ++i)
		{
			origins2[i] = (npVec2){ c->rays.origin[i].x, c->rays.origin[i].y };
			directions2[i] = (npVec2){ c->rays.direction[i].x, c->rays.direction[i].y };
		}
		npRayBatch2 batch = { origins2, directions2, RAYS, 1.0, true };
		npRayCastMany2(c->shape2, c->transform2, &batch, hits2, NULL);
		for (int i = 0; i < RAYS; ++i)
		{
			fraction[i] = hits2[i].hit ? hits2[i].fraction : -1.0;
			hits += hits2[i].hit;
		}
		return hits;
	}
	if (c->kind == KIND_3D)
	{
		npRayBatch3 batch = { c->rays.origin, c->rays.direction, RAYS, 1.0, true };
		npRayCastMany3(c->shape3, c->transform3, &batch, hits3, NULL);
		for (int i = 0; i < RAYS; ++i)
		{
			fraction[i] = hits3[i].hit ? hits3[i].fraction : -1.0;
			hits += hits3[i].hit;
		}
		return hits;
	}
	return castAll(c);
}

static double manyFractions[RAYS];
static int castManyCase(Case* c) { return castMany(c, manyFractions); }

// ns per ray, median of RUNS runs; a run casts all rays as many times as fill about 50 ms.
static double timeCase(Case* c, int (*cast)(Case*))
{
	double t0 = cpuSeconds();
	for (int w = 0; w < 3; ++w)
		cast(c);
	int passes = (int)(0.05 / ((cpuSeconds() - t0) / 3 + 1e-9)) + 1;
	double samples[RUNS];
	for (int r = 0; r < RUNS; ++r)
	{
		t0 = cpuSeconds();
		for (int k = 0; k < passes; ++k)
			cast(c);
		samples[r] = 1e9 * (cpuSeconds() - t0) / ((double)RAYS * passes);
	}
	for (int i = 1; i < RUNS; ++i)
		for (int j = i; j > 0 && samples[j] < samples[j - 1]; --j)
		{
			double t = samples[j];
			samples[j] = samples[j - 1];
			samples[j - 1] = t;
		}
	return samples[RUNS / 2];
}

// The reference answer for ray i of a case; `hull` holds the brute-force hull's triangles.
typedef struct Reference
{
	npVec3 boxHalf;
	double radius;
	const npVec3 (*hull)[3];
	int hullTriangles;
	const npVec3* grid; // (GRID + 1)^2 vertices, row j at j * (GRID + 1)
} Reference;

static double refMesh(const npVec3* v, npVec3 o, npVec3 d)
{
	int i0 = (int)floor(fmin(o.x, o.x + d.x)) - 1, i1 = (int)floor(fmax(o.x, o.x + d.x)) + 1;
	int j0 = (int)floor(fmin(o.y, o.y + d.y)) - 1, j1 = (int)floor(fmax(o.y, o.y + d.y)) + 1;
	double best = -1.0;
	for (int j = j0 < 0 ? 0 : j0; j <= j1 && j < GRID; ++j)
		for (int i = i0 < 0 ? 0 : i0; i <= i1 && i < GRID; ++i)
		{
			npVec3 a = v[j * (GRID + 1) + i], b = v[j * (GRID + 1) + i + 1];
			npVec3 cc = v[(j + 1) * (GRID + 1) + i], dd = v[(j + 1) * (GRID + 1) + i + 1];
			double t0 = refTriangle(o, d, a, b, dd), t1 = refTriangle(o, d, a, dd, cc);
			if (t0 >= 0.0 && (best < 0.0 || t0 < best))
				best = t0;
			if (t1 >= 0.0 && (best < 0.0 || t1 < best))
				best = t1;
		}
	return best;
}

static double reference(const Case* c, const Reference* ref, int i)
{
	npVec3 o = c->rays.origin[i], d = c->rays.direction[i];
	if (c->kind == KIND_MESH)
		return refMesh(ref->grid, o, d);
	if (c->kind == KIND_2D)
	{
		npTransform2 xf = c->transform2; // to the box's frame: R^T (o - p)
		npVec3 lo = { xf.q.c * (o.x - xf.p.x) + xf.q.s * (o.y - xf.p.y), -xf.q.s * (o.x - xf.p.x) + xf.q.c * (o.y - xf.p.y), 0 };
		npVec3 ld = { xf.q.c * d.x + xf.q.s * d.y, -xf.q.s * d.x + xf.q.c * d.y, 0 };
		return refBox(lo, ld, ref->boxHalf);
	}
	npVec3 lo = rotate(c->transform3.q, sub3(o, c->transform3.p), true);
	npVec3 ld = rotate(c->transform3.q, d, true);
	if (c->shape3->type == NP_SHAPE_BOX3)
		return refBox(lo, ld, ref->boxHalf);
	if (c->shape3->type == NP_SHAPE_SPHERE)
		return refSphere(lo, ld, ref->radius);
	double best = -1.0;
	for (int k = 0; k < ref->hullTriangles; ++k)
	{
		double t = refTriangle(lo, ld, ref->hull[k][0], ref->hull[k][1], ref->hull[k][2]);
		if (t >= 0.0 && (best < 0.0 || t < best))
			best = t;
	}
	return best;
}

// Counts the rays whose answer disagrees with the reference (hit or miss, or fraction beyond AGREE).
static int disagreements(const Case* c, const Reference* ref)
{
	int bad = 0;
	for (int i = 0; i < RAYS; ++i)
	{
		double expected = reference(c, ref, i), got = c->fraction[i];
		bool agree = (expected < 0.0) == (got < 0.0) && (expected < 0.0 || fabs(expected - got) <= AGREE);
		if (!agree && ++bad <= 3)
			printf("    ray %d: library %.17g, reference %.17g\n", i, got, expected);
	}
	return bad;
}

static npMesh3* makeField(npVec3* v, double* createMs)
{
	int nv = (GRID + 1) * (GRID + 1), nt = 2 * GRID * GRID;
	int32_t* idx = malloc(sizeof(int32_t) * 3 * nt);
	for (int j = 0; j <= GRID; ++j)
		for (int i = 0; i <= GRID; ++i)
			v[j * (GRID + 1) + i] = (npVec3){ i, j, height(i, j) };
	for (int j = 0, t = 0; j < GRID; ++j)
		for (int i = 0; i < GRID; ++i, ++t)
		{
			int32_t a = j * (GRID + 1) + i, b = a + 1, c = a + GRID + 1, d = c + 1;
			int32_t q[6] = { a, b, d, a, d, c }; // counter-clockwise from above: front faces up
			memcpy(idx + 6 * t, q, sizeof q);
		}
	size_t bytes = npMeshBytes3(nv, nt);
	void* mem = malloc(bytes);
	memset(mem, 0, bytes);
	npMesh3* mesh = NULL;
	double t0 = cpuSeconds();
	npResult r = npMakeMesh3(&(npMeshInput3){ v, nv, idx, nt, 0.0 }, mem, bytes, &mesh);
	*createMs = 1e3 * (cpuSeconds() - t0);
	free(idx);
	if (r != NP_OK)
	{
		fprintf(stderr, "mesh creation failed: %s\n", npResultString(r));
		exit(2);
	}
	return mesh;
}

static void check(npResult r, const char* what)
{
	if (r != NP_OK)
	{
		fprintf(stderr, "%s failed: %s\n", what, npResultString(r));
		exit(2);
	}
}

int main(int argc, char** argv)
{
	static Case cases[5];
	static npHull3 hull;
	static npVec3 hullTris[256][3];
	static npVec3 gridVertices[(GRID + 1) * (GRID + 1)];
	npShape2 box2;
	npShape3 box3, hullShape, sphere;
	npVec3 boxHalf = { 1.0, 0.5, 0.75 };
	npVec3 centre = { 0.25, -0.5, 0.75 };
	npTransform3 xf3 = { centre, { 0.5, 0.5, 0.5, 0.5 } }; // 120 degrees about (1, 1, 1)
	npTransform2 xf2 = npMakeTransform2(centre.x, centre.y, 0.5);
	check(npMakeBox2(boxHalf.x, boxHalf.y, &box2), "npMakeBox2");
	check(npMakeBox3(boxHalf, &box3), "npMakeBox3");
	check(npMakeSphere(1.0, &sphere), "npMakeSphere");

	// Order of generation: the 2D box's rays, the 3D box's, the hull points, the hull's rays, the
	// sphere's, the mesh's (ray_bench.mjs follows it).
	cases[0] = (Case){ .name = "2D box 2 x 1", .kind = KIND_2D, .shape2 = &box2, .transform2 = xf2 };
	makeConvexRays(&cases[0].rays, (npVec3){ centre.x, centre.y, 0 }, true);
	cases[1] = (Case){ .name = "3D box 2 x 1 x 1.5", .kind = KIND_3D, .shape3 = &box3, .transform3 = xf3 };
	makeConvexRays(&cases[1].rays, centre, false);
	npVec3 points[HULL_POINTS];
	for (int i = 0; i < HULL_POINTS; ++i)
	{
		npVec3 u = inBall();
		points[i] = floats3(scale3(u, 1.0 / sqrt(dot3(u, u))));
	}
	check(npMakeHull3(points, HULL_POINTS, &hull), "npMakeHull3");
	check(npMakeHullShape3(&hull, &hullShape), "npMakeHullShape3");
	cases[2] = (Case){ .name = "hull(32) on the unit sphere", .kind = KIND_3D, .shape3 = &hullShape, .transform3 = xf3 };
	makeConvexRays(&cases[2].rays, centre, false);
	cases[3] = (Case){ .name = "sphere r 1", .kind = KIND_3D, .shape3 = &sphere, .transform3 = xf3 };
	makeConvexRays(&cases[3].rays, centre, false);
	double createMs;
	npMesh3* field = makeField(gridVertices, &createMs);
	npMeshInstance3 instance = { field, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	cases[4] = (Case){ .name = "mesh 200x200 field", .kind = KIND_MESH, .mesh = &instance };
	makeMeshRays(&cases[4].rays);

	Reference ref = { .boxHalf = boxHalf, .radius = 1.0, .grid = gridVertices };
	ref.hullTriangles = bruteHull(points, HULL_POINTS, hullTris, 256);
	ref.hull = (const npVec3(*)[3])hullTris;

	double sum = 0.0;
	for (int k = 0; k < 5; ++k)
		sum += checksum(&cases[k].rays);
	printf("ray casts, native (CPU time per ray, %d rays per case, median of %d runs; rays checksum %.17g)\n", RAYS,
		   RUNS, sum);
	printf("  hull: %d vertices, %d faces; mesh: %d triangles, created in %.1f ms, BVH depth %d\n", hull.vertexCount,
		   hull.faceCount, field->triangleCount, createMs, field->depth);
	printf("  %-30s %10s %10s %6s  %s\n", "target", "ns/ray", "many", "hits", "agreement with the reference");
	// "--once k" / "--once-many k": cast case k's rays once, one call per ray or in one batch, and
	// stop (for instruction counts: valgrind --tool=callgrind).
	if (argc == 3 && (strcmp(argv[1], "--once") == 0 || strcmp(argv[1], "--once-many") == 0))
	{
		int k = atoi(argv[2]);
		if (k >= 0 && k < 5)
			printf("  %s: %d hits\n", cases[k].name,
				   strcmp(argv[1], "--once") == 0 ? castAll(&cases[k]) : castManyCase(&cases[k]));
		free(field);
		return 0;
	}
	int failures = 0;
	for (int k = 0; k < 5; ++k)
	{
		double ns = timeCase(&cases[k], castAll);
		double nsMany = cases[k].kind == KIND_MESH ? 0.0 : timeCase(&cases[k], castManyCase);
		int hits = castAll(&cases[k]);
		int bad = disagreements(&cases[k], &ref);
		// The batch must give the single calls' fractions bit for bit.
		int differ = 0;
		if (cases[k].kind != KIND_MESH)
			castMany(&cases[k], manyFractions);
		for (int i = 0; i < RAYS && cases[k].kind != KIND_MESH; ++i)
			differ += memcmp(&manyFractions[i], &cases[k].fraction[i], sizeof(double)) != 0;
		failures += bad + differ;
		char many[16] = "-";
		if (cases[k].kind != KIND_MESH)
			snprintf(many, sizeof many, "%.1f", nsMany);
		printf("  %-30s %10.1f %10s %6d  %d of %d rays disagree (hit/miss, fraction within %g); batch %s\n",
			   cases[k].name, ns, many, hits, bad, RAYS, AGREE, differ ? "DIFFERS" : "identical");
	}
	free(field);
	if (failures)
	{
		fprintf(stderr, "ray_bench: %d answers disagree with the references: the timings are not of the right work\n",
				failures);
		return 1;
	}
	return 0;
}
