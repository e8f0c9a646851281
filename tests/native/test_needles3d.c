// Distance, overlap, penetration and shape casts on needle hulls: a few points near the origin and
// one far away (100 to 1e7 along a random direction), against small spheres, capsules, boxes and
// other needles placed near the short end (and spheres, capsules and boxes cast onto it), where a sphere's centre is often inside the needle or just
// outside it. GJK's direction is a weighted sum of the simplex's points, so its rounding is relative
// to the needle's length, while the answers live at the scale of the short end: CI's fuzz smoke run
// found npDistance3 reporting "apart by 0.069" for a sphere 1.4 inside such a hull
// (test_fuzz_regressions3d.c keeps that pose; gjk3d.c's npRefineDirection3 fixed it).
//
// Expectations are brute force in long double, not GJK: the Minkowski difference of two polytopes is
// the convex hull of the differences of their world vertices; its faces are the triples of points
// with every point on one side of their plane; the origin's signed distance to it is the largest
// signed distance to those planes when it is inside (minus the depth), else the smallest distance
// to those triangles. The first contact of a cast is found by bisection on that signed distance
// (convex in the fraction): its smallest value by ternary search, then 200 halvings before it;
// casts are held to issue 13's accuracy (checkCast), and the same motions as times of impact
// (npTimeOfImpact3, B translating) to its contract.
//
// Allowed error: 1e-9 of the scale (the largest coordinate involved), as the fuzzers allow (1e-8 for
// penetration depths of pancakes: see checkPair). The
// test can fail: before gjk3d.c's npRefineDirection3, 19 of its poses failed (28 checks: distances of
// 0.01 to 2 for spheres inside the needle, depths off by as much); with it but before solve4 judged
// a tetrahedron's flatness from its best-conditioned corner, 1 pose (a sphere 0.19 inside, its
// depth taken as if 0.19 outside).
#include "narrowphase/collide3d.h"
#include "narrowphase/cast3d.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define TEST_RNG_SEED 0x3C6EF372FE94F82Bull
#include "testrng.h"
#include "testvec3.h"

typedef long double real;
typedef struct LV
{
	real x, y, z;
} LV;

static LV lv(npVec3 v) { return (LV){ v.x, v.y, v.z }; }
static LV lsub(LV a, LV b) { return (LV){ a.x - b.x, a.y - b.y, a.z - b.z }; }
static LV ladd(LV a, LV b) { return (LV){ a.x + b.x, a.y + b.y, a.z + b.z }; }
static LV lscale(real s, LV a) { return (LV){ s * a.x, s * a.y, s * a.z }; }
static real ldot(LV a, LV b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static LV lcross(LV a, LV b) { return (LV){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x }; }

// Distance from the origin to triangle abc (Ericson, Real-Time Collision Detection, 5.1.5).
static real originTriangleDistance(LV a, LV b, LV c)
{
	LV ab = lsub(b, a), ac = lsub(c, a), ap = lscale(-1.0L, a);
	real d1 = ldot(ab, ap), d2 = ldot(ac, ap);
	if (d1 <= 0 && d2 <= 0)
		return sqrtl(ldot(a, a));
	LV bp = lscale(-1.0L, b);
	real d3 = ldot(ab, bp), d4 = ldot(ac, bp);
	if (d3 >= 0 && d4 <= d3)
		return sqrtl(ldot(b, b));
	real vc = d1 * d4 - d3 * d2;
	if (vc <= 0 && d1 >= 0 && d3 <= 0)
	{
		LV q = ladd(a, lscale(d1 / (d1 - d3), ab));
		return sqrtl(ldot(q, q));
	}
	LV cp = lscale(-1.0L, c);
	real d5 = ldot(ab, cp), d6 = ldot(ac, cp);
	if (d6 >= 0 && d5 <= d6)
		return sqrtl(ldot(c, c));
	real vb = d5 * d2 - d1 * d6;
	if (vb <= 0 && d2 >= 0 && d6 <= 0)
	{
		LV q = ladd(a, lscale(d2 / (d2 - d6), ac));
		return sqrtl(ldot(q, q));
	}
	real va = d3 * d6 - d5 * d4;
	if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
	{
		LV q = ladd(b, lscale((d4 - d3) / ((d4 - d3) + (d5 - d6)), lsub(c, b)));
		return sqrtl(ldot(q, q));
	}
	real denom = 1.0L / (va + vb + vc);
	LV q = ladd(a, ladd(lscale(vb * denom, ab), lscale(vc * denom, ac)));
	return sqrtl(ldot(q, q));
}

// The faces of the convex hull of a point set, as triangles with outward unit normals: every triple
// of points with every point on one side of its plane (coplanar groups give all their triples; a
// flat set, every point on one plane, gives each triple facing both ways).
#define MAX_FACES 8192
typedef struct Polytope
{
	int count;
	LV corner[MAX_FACES][3];
	LV normal[MAX_FACES];
} Polytope;

static void makePolytope(const LV* p, int n, Polytope* out)
{
	real size = 0;
	for (int i = 0; i < n; ++i)
		size = fmaxl(size, fmaxl(fabsl(p[i].x), fmaxl(fabsl(p[i].y), fabsl(p[i].z))));
	out->count = 0;
	for (int i = 0; i < n; ++i)
		for (int j = i + 1; j < n; ++j)
			for (int k = j + 1; k < n; ++k)
			{
				LV nrm = lcross(lsub(p[j], p[i]), lsub(p[k], p[i]));
				real length = sqrtl(ldot(nrm, nrm));
				if (length == 0)
					continue;
				// A point within rounding of the plane counts as on it (long double's rounding of s
				// is below 1e-18 of length times the size; 1e-14 is generous): a needle puts
				// points nearly on its faces' planes, and a strict test then dropped real faces.
				real eps = 1e-14L * length * size;
				bool above = false, below = false;
				for (int m = 0; m < n && !(above && below); ++m)
				{
					real s = ldot(nrm, lsub(p[m], p[i]));
					above = above || s > eps;
					below = below || s < -eps;
				}
				if (above && below)
					continue; // not a face
				// Every point on the plane: a flat set, which has no inside; both sides are faces.
				for (int side = 0; side < (above || below ? 1 : 2) && out->count < MAX_FACES; ++side)
				{
					int f = out->count++;
					out->corner[f][0] = p[i];
					out->corner[f][1] = p[j];
					out->corner[f][2] = p[k];
					out->normal[f] = lscale(((above || side == 1) ? -1.0L : 1.0L) / length, nrm);
				}
			}
	CHECK(out->count < MAX_FACES, "brute force: %d face triples or more", MAX_FACES);
}

// Signed distance from q to the polytope: positive outside, minus the depth inside.
static real signedDistance(const Polytope* poly, LV q)
{
	real outside = -INFINITY, nearest = INFINITY;
	for (int f = 0; f < poly->count; ++f)
	{
		const LV* c = poly->corner[f];
		real d = ldot(poly->normal[f], lsub(q, c[0]));
		if (d > outside)
			outside = d;
		real t = originTriangleDistance(lsub(c[0], q), lsub(c[1], q), lsub(c[2], q));
		if (t < nearest)
			nearest = t;
	}
	return outside <= 0 ? outside : nearest;
}

static Polytope scratch;

// Signed distance from the origin to the convex hull of p[0..n).
static real originSignedDistance(const LV* p, int n)
{
	makePolytope(p, n, &scratch);
	return signedDistance(&scratch, (LV){ 0, 0, 0 });
}

#define MAX_POINTS 64

typedef struct Body
{
	npShape3 shape;
	npTransform3 xf;
	npVec3 local[8]; // the polytope's vertices in its frame (a sphere: its centre)
	int count;
	npVec3 input[7]; // a hull's input points (its short end: the first six)
} Body;

static npHull3 hulls[2];

static npQuat randomRotation(void)
{
	npQuat q = { rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1) };
	double n = sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
	return (npQuat){ q.x / n, q.y / n, q.z / n, q.w / n };
}

static npVec3 randomDirection(void)
{
	for (;;)
	{
		npVec3 d = V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1));
		double l = len(d);
		if (l > 0.1 && l <= 1.0)
			return scale(1.0 / l, d);
	}
}

// A needle: six points within `reach` of the origin and one 100 to 1e7 away.
// Which awkward hull makeNeedle makes: a needle, a pancake (seven points in a disc 1e-9 to 1e-3 of
// its width thick) or an ordinary blob 1e3 to 1e6 from the origin.
static enum { NEEDLE, PANCAKE, FAR_BLOB } hullKind;
static const char* const hullKindNames[3] = { "needles", "pancakes", "far blobs" };

static double worstFidelity[3], worstDepth[3];
static int toiFailures;

// Every input point lies on or in the hull built from them, within 1e-9 of the input's extent, or,
// for input flatter than 1e-6 of its width (hulled as flat), within its thickness.
static void checkHullFidelity(const npHull3* hull, const npVec3* points, int n)
{
	LV corners[MAX_POINTS];
	for (int i = 0; i < hull->vertexCount; ++i)
		corners[i] = lv(hull->vertices[i]);
	makePolytope(corners, hull->vertexCount, &scratch);
	npVec3 lo = points[0], hi = points[0];
	for (int i = 1; i < n; ++i)
	{
		lo = V(fmin(lo.x, points[i].x), fmin(lo.y, points[i].y), fmin(lo.z, points[i].z));
		hi = V(fmax(hi.x, points[i].x), fmax(hi.y, points[i].y), fmax(hi.z, points[i].z));
	}
	double extent = fmax(hi.x - lo.x, fmax(hi.y - lo.y, hi.z - lo.z));
	double allowed = (hull->flat ? 1e-6 : 1e-9) * extent;
	for (int i = 0; i < n; ++i)
	{
		double d = (double)signedDistance(&scratch, lv(points[i]));
		worstFidelity[hullKind] = fmax(worstFidelity[hullKind], d / extent);
		CHECK(d <= allowed, "%s hull: input point %d is %.3g outside it (%.3g of the extent; flat %d)",
			  hullKindNames[hullKind], i, d, d / extent, hull->flat);
	}
}

// A needle (see hullKind): six points within `reach` of the origin and one 100 to 1e7 away.
static void makeNeedle(Body* b, npHull3* hull, double reach)
{
	b->count = 7;
	double thickness = pow(10.0, rndRange(-9.0, -3.0));
	for (int i = 0; i < 7; ++i)
	{
		npVec3 d = randomDirection();
		if (hullKind == PANCAKE)
			d.z *= thickness;
		b->local[i] = scale(reach * rndRange(0.3, 1.0), d);
	}
	if (hullKind == NEEDLE)
		b->local[6] = scale(pow(10.0, rndRange(2.0, 7.0)), randomDirection());
	CHECK(npMakeHull3(b->local, 7, hull) == NP_OK && npMakeHullShape3(hull, &b->shape) == NP_OK, "%s hull",
		  hullKindNames[hullKind]);
	checkHullFidelity(hull, b->local, 7);
	for (int i = 0; i < 7; ++i)
		b->input[i] = b->local[i];
	// A flat hull (input flatter than 1e-6 of its width) stands for its points projected onto its
	// plane: the pairs and casts below take its vertices then.
	if (hull->flat)
	{
		b->count = hull->vertexCount;
		for (int i = 0; i < b->count; ++i)
			b->local[i] = hull->vertices[i];
	}
	npVec3 at = hullKind == FAR_BLOB ? scale(pow(10.0, rndRange(3.0, 6.0)), randomDirection())
									 : V(rndRange(-50, 50), rndRange(-50, 50), rndRange(-50, 50));
	b->xf = (npTransform3){ at, randomRotation() };
}

static npVec3 worldPoint(const Body* b, npVec3 p) { return add(b->xf.p, rotateByQuat(b->xf.q, p)); }

// The Minkowski difference A - B of the bodies' world vertices (B moved by `shift`).
static int difference(const Body* a, const Body* b, npVec3 shift, LV* out)
{
	int n = 0;
	for (int i = 0; i < a->count; ++i)
		for (int j = 0; j < b->count; ++j)
			out[n++] = lsub(lv(worldPoint(a, a->local[i])), ladd(lv(worldPoint(b, b->local[j])), lv(shift)));
	return n;
}

static double bodyScale(const Body* a, const Body* b)
{
	double s = 0.0;
	for (int i = 0; i < a->count; ++i)
	{
		npVec3 p = worldPoint(a, a->local[i]);
		s = fmax(s, fmax(fabs(p.x), fmax(fabs(p.y), fabs(p.z))));
	}
	for (int i = 0; i < b->count; ++i)
	{
		npVec3 p = worldPoint(b, b->local[i]);
		s = fmax(s, fmax(fabs(p.x), fmax(fabs(p.y), fabs(p.z))));
	}
	return s;
}

static int failedPoses;

// Distance, overlap and penetration of A and B against the brute force.
static void checkPair(const Body* a, const Body* b, const char* what)
{
	LV points[MAX_POINTS];
	int n = difference(a, b, V(0, 0, 0), points);
	double radius = a->shape.radius + b->shape.radius;
	double core = (double)originSignedDistance(points, n);
	double tol = 1e-9 * bodyScale(a, b);
	int before = failed;

	npDistanceResult3 d = npDistance3(&a->shape, a->xf, &b->shape, b->xf);
	double expected = fmax(0.0, core - radius);
	CHECK(fabs(d.distance - expected) <= tol, "%s: distance %.17g, brute force %.17g (core %.17g)", what, d.distance,
		  expected, core);
	bool overlap = npOverlap3(&a->shape, a->xf, &b->shape, b->xf);
	CHECK(overlap == (core < radius) || fabs(core - radius) <= tol, "%s: overlap %d, core distance %.17g, radii %.17g",
		  what, overlap, core, radius);
	npPenetrationResult3 p = npPenetration3(&a->shape, a->xf, &b->shape, b->xf);
	// EPA on a pancake's Minkowski difference (faces 1e-9 of its width thick) reaches 1e-9 of the
	// scale, not below: its depths get ten times the tolerance (largest error seen: 3.2e-9 of the
	// scale, in a run of 20 times make test's poses).
	double depthTol = hullKind == PANCAKE ? 10.0 * tol : tol;
	if (core < radius - tol && p.overlapping)
		worstDepth[hullKind] = fmax(worstDepth[hullKind], fabs(p.depth - (radius - core)) / (tol * 1e9));
	if (core < radius - tol)
		CHECK(p.overlapping && fabs(p.depth - (radius - core)) <= depthTol, "%s: depth %.17g (overlapping %d), brute force %.17g (radii %.17g)",
			  what, p.depth, p.overlapping, radius - core, radius);
	if (failed > before && getenv("NEEDLE_DUMP") && failedPoses == 0)
	{
		for (int i = 0; i < n; ++i)
			printf("P %.21Lg %.21Lg %.21Lg\n", points[i].x, points[i].y, points[i].z);
		for (int i = 0; i < a->count; ++i)
			printf("A %.17g %.17g %.17g\n", a->local[i].x, a->local[i].y, a->local[i].z);
		printf("XA %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", a->xf.p.x, a->xf.p.y, a->xf.p.z, a->xf.q.x, a->xf.q.y, a->xf.q.z, a->xf.q.w);
		printf("XB %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", b->xf.p.x, b->xf.p.y, b->xf.p.z, b->xf.q.x, b->xf.q.y, b->xf.q.z, b->xf.q.w);
	}
	failedPoses += failed > before;
}

// The signed distance between A and B moved by t * translation: the point t * translation against
// the Minkowski difference A - B at fraction 0 (the polytope m).
static real castDistance(const Polytope* m, npVec3 translation, double t)
{
	return signedDistance(m, lv(scale(t, translation)));
}

// A cast of B along `translation` against A, as issue 13 states its accuracy: never later than the
// first contact, and where it stops the shapes are within 1e-6 of the scale of touching (the scale:
// both shapes' extents, the translation's length, their distance from the origin); a miss only
// where the path never comes that close.
static void checkCast(const Body* a, const Body* b, npVec3 translation, const char* what)
{
	double radius = a->shape.radius + b->shape.radius;
	double near = 1e-6 * (bodyScale(a, b) + len(translation));
	LV points[MAX_POINTS];
	makePolytope(points, difference(a, b, V(0, 0, 0), points), &scratch);
	const Polytope* m = &scratch;
	if (castDistance(m, translation, 0.0) <= radius)
		return; // starts in contact: not this test's subject
	// The signed distance is convex in the fraction: its smallest value by ternary search, then
	// the first contact before it by bisection.
	double lo = 0.0, hi = 1.0;
	for (int k = 0; k < 120; ++k)
	{
		double m1 = lo + (hi - lo) / 3.0, m2 = hi - (hi - lo) / 3.0;
		if (castDistance(m, translation, m1) <= castDistance(m, translation, m2))
			hi = m2;
		else
			lo = m1;
	}
	double closest = (double)castDistance(m, translation, hi);
	bool hits = closest <= radius;
	lo = 0.0;
	if (hits)
		for (int k = 0; k < 200; ++k)
		{
			double mid = 0.5 * (lo + hi);
			if (castDistance(m, translation, mid) <= radius)
				hi = mid;
			else
				lo = mid;
		}
	npShapeCastInput3 input = { &b->shape, b->xf, translation, &a->shape, a->xf, npDefaultCastOptions3() };
	npCastHit3 hit;
	npResult r = npShapeCast3(&input, &hit);
	int before = failed;
	CHECK(r == NP_OK, "%s: cast result %d", what, r);
	if (hit.hit)
	{
		double at = (double)castDistance(m, translation, hit.fraction);
		CHECK(!hits || hit.fraction <= hi, "%s: cast fraction %.17g after the first contact %.17g", what, hit.fraction, hi);
		CHECK(at <= radius + near, "%s: cast stops at %.17g, %.3g from touching (allowed %.3g; first contact %s %.17g)",
			  what, hit.fraction, at - radius, near, hits ? "at" : "none, closest", hits ? hi : closest - radius);
	}
	else
		CHECK(closest > radius - near, "%s: cast missed; the path comes %.3g inside contact at %.17g", what, radius - closest,
			  hi);

	// The same motion as a time of impact (B's sweep translating, A's still), held to its contract:
	// at a hit the distance is within the tolerance of touching and no earlier fraction came closer
	// than the tolerance; separated only where the path never does; failed is counted.
	// Its tolerance given: 1e-6 of the shapes' reaches (farthest vertex from the origin, plus radius),
	// the default's size.
	double reach = a->shape.radius + b->shape.radius;
	for (int i = 0; i < a->count; ++i)
		reach = fmax(reach, len(a->local[i]) + a->shape.radius + b->shape.radius);
	for (int i = 0; i < b->count; ++i)
		reach = fmax(reach, len(b->local[i]) + a->shape.radius + b->shape.radius);
	double toiTol = 1e-6 * reach;
	npToiInput3 toi = { &a->shape, { a->xf, a->xf, V(0, 0, 0) }, &b->shape, { b->xf, b->xf, V(0, 0, 0) }, 0.0, toiTol };
	toi.sweepB.to.p = add(b->xf.p, translation);
	npToiOutput3 out;
	CHECK(npTimeOfImpact3(&toi, &out) == NP_OK, "%s: time of impact failed", what);
	if (out.state == NP_TOI3_HIT || out.state == NP_TOI3_FAILED)
	{
		double at = (double)castDistance(m, translation, out.fraction) - radius;
		// No earlier fraction within the tolerance of contact: the first contact at distance
		// -toiTol (bisection on the convex distance) is not before the fraction.
		double firstInside = 1.0;
		if (closest - radius < -toiTol)
		{
			double l = 0.0, h = hi;
			for (int k = 0; k < 200; ++k)
			{
				double mid = 0.5 * (l + h);
				if (castDistance(m, translation, mid) - radius <= -toiTol)
					h = mid;
				else
					l = mid;
			}
			firstInside = h;
		}
		CHECK(out.fraction <= firstInside, "%s: time of impact %.17g after the shapes came within the tolerance at %.17g",
			  what, out.fraction, firstInside);
		if (out.state == NP_TOI3_HIT)
			CHECK(fabs(at) <= toiTol, "%s: time of impact %.17g at distance %.3g (tolerance %.3g)", what, out.fraction, at,
				  toiTol);
		toiFailures += out.state == NP_TOI3_FAILED;
	}
	else
		CHECK(out.state == NP_TOI3_SEPARATED && closest - radius > -toiTol,
			  "%s: time of impact state %d; the path comes %.3g from contact", what, (int)out.state, closest - radius);
	failedPoses += failed > before;
}

static void needleAndSphere(int count)
{
	for (int i = 0; i < count; ++i)
	{
		Body a, b;
		makeNeedle(&a, &hulls[0], rndRange(1.0, 30.0));
		double r = pow(10.0, rndRange(-3.0, 0.0));
		CHECK(npMakeSphere(r, &b.shape) == NP_OK, "sphere");
		b.count = 1;
		b.local[0] = V(0, 0, 0);
		// Near the short end: within its points' box, grown a little.
		npVec3 lo = a.input[0], hi = a.input[0];
		for (int k = 1; k < 6; ++k)
		{
			lo = V(fmin(lo.x, a.input[k].x), fmin(lo.y, a.input[k].y), fmin(lo.z, a.input[k].z));
			hi = V(fmax(hi.x, a.input[k].x), fmax(hi.y, a.input[k].y), fmax(hi.z, a.input[k].z));
		}
		npVec3 c = V(rndRange(lo.x - 1, hi.x + 1), rndRange(lo.y - 1, hi.y + 1), rndRange(lo.z - 1, hi.z + 1));
		// Every third sphere beside the needle instead: anywhere along it, off it by up to twice
		// the short end's size.
		bool beside = i % 3 == 2;
		if (beside)
			c = add(scale(rndRange(0.0, 1.0), a.input[6]), scale(rndRange(0.0, 2.0) * len(sub(hi, lo)), randomDirection()));
		b.xf = (npTransform3){ worldPoint(&a, c), { 0, 0, 0, 1 } };
		checkPair(&a, &b, beside ? "needle and sphere beside it" : "needle and sphere");
		checkPair(&b, &a, beside ? "sphere beside a needle and the needle" : "sphere and needle");
	}
}

static void needleAndBox(int count)
{
	for (int i = 0; i < count; ++i)
	{
		Body a, b;
		makeNeedle(&a, &hulls[0], rndRange(1.0, 30.0));
		npVec3 h = V(pow(10.0, rndRange(-2, 0.5)), pow(10.0, rndRange(-2, 0.5)), pow(10.0, rndRange(-2, 0.5)));
		CHECK(npMakeBox3(h, &b.shape) == NP_OK, "box");
		b.count = 8;
		for (int k = 0; k < 8; ++k)
			b.local[k] = V(k & 1 ? h.x : -h.x, k & 2 ? h.y : -h.y, k & 4 ? h.z : -h.z);
		npVec3 c = scale(rndRange(0.0, 20.0), randomDirection());
		b.xf = (npTransform3){ worldPoint(&a, c), randomRotation() };
		checkPair(&a, &b, "needle and box");
	}
}

static void needleAndNeedle(int count)
{
	for (int i = 0; i < count; ++i)
	{
		Body a, b;
		makeNeedle(&a, &hulls[0], rndRange(1.0, 30.0));
		makeNeedle(&b, &hulls[1], rndRange(1.0, 30.0));
		b.xf.p = worldPoint(&a, scale(rndRange(0.0, 40.0), randomDirection()));
		checkPair(&a, &b, "two needles");
	}
}

// A small shape to move about a needle's short end: a sphere, a capsule or a box (kind 0, 1, 2).
static void makeSmallShape(Body* b, int kind)
{
	double r = pow(10.0, rndRange(-3.0, 0.0));
	if (kind == 0)
	{
		CHECK(npMakeSphere(r, &b->shape) == NP_OK, "sphere");
		b->count = 1;
		b->local[0] = V(0, 0, 0);
	}
	else if (kind == 1)
	{
		double h = pow(10.0, rndRange(-2.0, 1.0));
		CHECK(npMakeCapsule3(h, r, &b->shape) == NP_OK, "capsule");
		b->count = 2;
		b->local[0] = V(0, -h, 0);
		b->local[1] = V(0, h, 0);
	}
	else
	{
		npVec3 h = V(pow(10.0, rndRange(-2, 0.5)), pow(10.0, rndRange(-2, 0.5)), pow(10.0, rndRange(-2, 0.5)));
		CHECK(npMakeBox3(h, &b->shape) == NP_OK, "box");
		b->count = 8;
		for (int k = 0; k < 8; ++k)
			b->local[k] = V(k & 1 ? h.x : -h.x, k & 2 ? h.y : -h.y, k & 4 ? h.z : -h.z);
	}
}

static void needleAndCapsule(int count)
{
	for (int i = 0; i < count; ++i)
	{
		Body a, b;
		makeNeedle(&a, &hulls[0], rndRange(1.0, 30.0));
		makeSmallShape(&b, 1);
		b.xf = (npTransform3){ worldPoint(&a, scale(rndRange(0.0, 20.0), randomDirection())), randomRotation() };
		checkPair(&a, &b, "needle and capsule");
		checkPair(&b, &a, "capsule and needle");
	}
}

static void castsOntoNeedles(int count)
{
	static const char* names[3] = { "sphere cast onto a needle", "capsule cast onto a needle", "box cast onto a needle" };
	for (int i = 0; i < count; ++i)
	{
		Body a, b;
		makeNeedle(&a, &hulls[0], rndRange(1.0, 30.0));
		int kind = i % 3;
		makeSmallShape(&b, kind);
		// Aimed near the short end, or (every fourth cast) at a point along the needle.
		npVec3 aim = i % 4 == 3 ? add(scale(rndRange(0.0, 1.0), a.input[6]), scale(rndRange(0.0, 30.0), randomDirection()))
								: scale(rndRange(0.0, 30.0), randomDirection());
		npVec3 target = worldPoint(&a, aim);
		npVec3 start = add(target, scale(rndRange(5.0, 80.0), randomDirection()));
		b.xf = (npTransform3){ start, kind == 0 ? (npQuat){ 0, 0, 0, 1 } : randomRotation() };
		checkCast(&a, &b, scale(rndRange(1.0, 1.5), sub(target, start)), names[kind]);
	}
}

int main(int argc, char** argv)
{
	// An argument multiplies the number of poses (a longer run than make test's).
	int times = argc > 1 ? atoi(argv[1]) : 1;
	for (int kind = NEEDLE; kind <= FAR_BLOB; ++kind)
	{
		hullKind = kind;
		int before = failedPoses;
		needleAndSphere(200 * times);
		needleAndBox(80 * times);
		needleAndNeedle(80 * times);
		needleAndCapsule(80 * times);
		castsOntoNeedles(240 * times);
		printf("%s: %d poses failed (time of impact 'failed' so far: %d); hull fidelity: input points at most %.3g of the extent outside; depths within "
			   "%.3g of the scale\n",
			   hullKindNames[kind], failedPoses - before, toiFailures, worstFidelity[kind], worstDepth[kind]);
	}
	return checkSummary();
}
