// npOverlap3 (src/overlap3d.c) against the full distance GJK: npOverlap3 first runs an
// intersection-only GJK that answers only the clear cases and otherwise falls back to npGjk3; the
// answer must be exactly the one the full GJK gives (npGjk3 with the radii as its stop distance,
// then its overlap flag, early exit or distance, as npOverlap3 did before), for every input.
// Pairs of every 3D shape type (sphere, capsule, box, hull, flat hull, triangle, and a long thin
// hull) in both orders, at:
//  - random poses, about half of them overlapping;
//  - touching poses: B moved along a random direction to first touch, found by bisection on the
//    full GJK's answer, then checked at both ends of the final interval and at relative offsets
//    from 1e-15 to 1e-3 either side of it (tiny overlaps and tiny gaps);
//  - the same at offsets of 1e4 and 1e6 from the origin, and with shapes from 1e-35 to 1e9 across
//    (coordinates stay within NP_HUGE, as every shape and transform must);
//  - coincident shapes (same shape, same pose, and nearly so), aligned boxes resting exactly on
//    each other and a little in or out, coplanar triangles and flat hulls;
//  - flat shapes in nearly the same plane (a thin Minkowski difference), near the origin and at 1e4;
//  - thin capsules with nearly parallel cores, and capsules along a box's edges.
// The test can fail: declaring "apart" on a bare separating plane (npGjk3's early exit with no
// margin) gives thousands of wrong answers on the touching poses; declaring "overlap" when the
// origin is inside the final tetrahedron by any amount gives wrong answers on nearly coincident
// poses; a margin of 1e-8 or 1e-9 of the scale instead of 1e-6 gives wrong answers on the nearly
// coplanar ones (npGjk3's closest-point directions are not accurate enough there: see
// src/overlap3d.c); and for pairs with radii, declaring overlap when a point of A - B is within the
// radii plus 1e-9 of the scale (instead of minus the margin) gives 26,828 wrong answers. (Deciding
// radius pairs at all gave wrong answers on nearly parallel capsules until the full GJK's triangle
// step moved to signed areas: its distance was off there; see tests/native/test_distance3d.)
#include "narrowphase/collide3d.h"
#include "gjk3d.h" // private: the full GJK the answers are compared with

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

#define TEST_RNG_SEED 0x6A09E667F3BCC909ull
#include "testrng3d.h"
#include "testvec3.h"

static npVec3 randomDirection(void)
{
	for (;;)
	{
		npVec3 d = V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1));
		double l = d.x * d.x + d.y * d.y + d.z * d.z;
		if (l > 0.01 && l < 1.0)
			return unit(d);
	}
}
static const npQuat identityQuat = { 0, 0, 0, 1 };

static npTransform3 makeXf(npVec3 p, npQuat q)
{
	npTransform3 t = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	if (npMakeTransform3(p, q, &t) != NP_OK)
		CHECK(false, "transform (%g, %g, %g) rejected", p.x, p.y, p.z); // counted only when it fails
	return t;
}

// The answer of the full distance GJK (npOverlap3 before the intersection-only search).
static bool fullOverlap(const npShape3* a, npTransform3 xa, const npShape3* b, npTransform3 xb)
{
	npPair3 pair;
	npMakePair3(&pair, a, xa, b, xb);
	return npGjkOverlap3(&pair, a->radius + b->radius);
}

static int overlapsSeen, apartSeen;

// npOverlap3 must equal the full GJK, both ways round.
static void checkPair(const char* what, const char* nameA, const npShape3* a, npTransform3 xa, const char* nameB,
					  const npShape3* b, npTransform3 xb)
{
	bool want = fullOverlap(a, xa, b, xb);
	CHECK(npOverlap3(a, xa, b, xb) == want, "%s: %s-%s: npOverlap3 says %d, the full GJK %d (B at %.17g %.17g %.17g)",
		  what, nameA, nameB, !want, want, xb.p.x, xb.p.y, xb.p.z);
	bool wantSwapped = fullOverlap(b, xb, a, xa);
	CHECK(npOverlap3(b, xb, a, xa) == wantSwapped, "%s: %s-%s swapped: npOverlap3 says %d, the full GJK %d", what,
		  nameA, nameB, !wantSwapped, wantSwapped);
	overlapsSeen += want + wantSwapped;
	apartSeen += !want + !wantSwapped;
}

// ------------------------------------------------------------------------------------------------
// Shapes: one of each kind, rebuilt with random sizes for each family of poses.

enum
{
	SPHERE,
	CAPSULE,
	BOX,
	HULL,
	TETRA,
	FLAT_HULL,
	TRIANGLE,
	NEEDLE,
	KINDS
};
static const char* const kindNames[KINDS] = { "sphere", "capsule", "box", "hull", "tetra", "flat-hull", "triangle", "needle" };

static npHull3 hulls[2][KINDS]; // large: static

// A shape of the given kind about `size` across, built into `out` (hulls in hulls[slot][kind]).
static void makeShape(int kind, int slot, double size, npShape3* out)
{
	npVec3 pts[32];
	npResult r = NP_OK;
	switch (kind)
	{
		case SPHERE:
			r = npMakeSphere(size * rndRange(0.2, 0.5), out);
			break;
		case CAPSULE:
			r = npMakeCapsule3(size * rndRange(0.1, 0.5), size * rndRange(0.05, 0.3), out);
			break;
		case BOX:
			r = npMakeBox3(V(size * rndRange(0.1, 0.5), size * rndRange(0.1, 0.5), size * rndRange(0.1, 0.5)), out);
			break;
		case TRIANGLE:
			r = npMakeTriangle3(scale(size * 0.5, randomDirection()), scale(size * 0.5, randomDirection()),
								scale(size * 0.5, randomDirection()), out);
			break;
		default:
		{
			int n = kind == TETRA ? 4 : kind == FLAT_HULL ? 10 : kind == NEEDLE ? 8 : 32;
			for (int i = 0; i < n; ++i)
			{
				npVec3 p = randomDirection();
				if (kind == FLAT_HULL)
					p.z = 0.0;
				if (kind == NEEDLE)
					p = V(p.x * 0.01, p.y * 0.01, i < 2 ? (i == 0 ? -1.0 : 1.0) : p.z * 0.01);
				pts[i] = scale(size * 0.5, p);
			}
			r = npMakeHull3(pts, n, &hulls[slot][kind]);
			if (r == NP_OK)
				r = npMakeHullShape3(&hulls[slot][kind], out);
		}
	}
	if (r != NP_OK)
	{
		// A degenerate random triangle or point set (rare): a box instead.
		if (npMakeBox3(V(size * 0.3, size * 0.2, size * 0.1), out) != NP_OK)
			CHECK(false, "%s of size %g rejected", kindNames[kind], size);
	}
}

// ------------------------------------------------------------------------------------------------
// Poses.

// Random poses around `origin`: B within reach of A, about half overlapping.
static void randomPoses(const char* what, npVec3 origin, double size, int count)
{
	for (int trial = 0; trial < count; ++trial)
	{
		int ka = (int)(rnd() * KINDS), kb = (int)(rnd() * KINDS);
		npShape3 a, b;
		makeShape(ka, 0, size, &a);
		makeShape(kb, 1, size, &b);
		npTransform3 xa = makeXf(add(origin, scale(size, randomDirection())), randomQuat());
		npTransform3 xb = makeXf(add(xa.p, scale(size * rndRange(0.0, 1.0), randomDirection())), randomQuat());
		checkPair(what, kindNames[ka], &a, xa, kindNames[kb], &b, xb);
	}
}

// Relative offsets from first touch, either side.
static const double touchOffsets[] = { 1e-15, 1e-13, 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-4, 1e-3 };

// B moved from A's centre along a random direction until the full GJK says apart (bisection), then
// checked at both ends of the final interval and at small offsets either side.
static void touchingPoses(const char* what, npVec3 origin, double size, int count)
{
	int offsets = (int)(sizeof touchOffsets / sizeof touchOffsets[0]);
	for (int trial = 0; trial < count; ++trial)
	{
		int ka = (int)(rnd() * KINDS), kb = (int)(rnd() * KINDS);
		npShape3 a, b;
		makeShape(ka, 0, size, &a);
		makeShape(kb, 1, size, &b);
		npTransform3 xa = makeXf(origin, randomQuat());
		npQuat qb = randomQuat();
		npVec3 u = randomDirection();
		double lo = 0.0, hi = 4.0 * size; // overlapping at lo (the centres coincide), apart at hi
		if (!fullOverlap(&a, xa, &b, makeXf(origin, qb)))
			continue; // a flat pair whose centres miss each other (rare)
		for (int k = 0; k < 64 && hi - lo > 0.0; ++k)
		{
			double mid = 0.5 * (lo + hi);
			if (mid <= lo || mid >= hi)
				break;
			if (fullOverlap(&a, xa, &b, makeXf(add(origin, scale(mid, u)), qb)))
				lo = mid;
			else
				hi = mid;
		}
		checkPair(what, kindNames[ka], &a, xa, kindNames[kb], &b, makeXf(add(origin, scale(lo, u)), qb));
		checkPair(what, kindNames[ka], &a, xa, kindNames[kb], &b, makeXf(add(origin, scale(hi, u)), qb));
		for (int k = 0; k < offsets; ++k)
		{
			double step = touchOffsets[k] * size;
			checkPair(what, kindNames[ka], &a, xa, kindNames[kb], &b, makeXf(add(origin, scale(lo - step, u)), qb));
			checkPair(what, kindNames[ka], &a, xa, kindNames[kb], &b, makeXf(add(origin, scale(hi + step, u)), qb));
		}
	}
}

// Coincident and nearly coincident shapes: the same shape (or two of a kind) at the same pose, or
// moved by a tiny amount.
static void coincidentPoses(int count)
{
	for (int trial = 0; trial < count; ++trial)
	{
		int kind = (int)(rnd() * KINDS);
		npShape3 a;
		makeShape(kind, 0, 1.0, &a);
		npTransform3 xa = makeXf(scale(rndRange(0, 3), randomDirection()), trial % 2 ? randomQuat() : identityQuat);
		checkPair("coincident", kindNames[kind], &a, xa, kindNames[kind], &a, xa);
		for (int k = 0; k < 6; ++k)
		{
			double step = pow(10.0, -15.0 + 2.5 * k);
			npTransform3 xb = makeXf(add(xa.p, scale(step, randomDirection())), xa.q);
			checkPair("nearly coincident", kindNames[kind], &a, xa, kindNames[kind], &a, xb);
		}
		// Same position, another rotation.
		checkPair("same centre", kindNames[kind], &a, xa, kindNames[kind], &a, makeXf(xa.p, randomQuat()));
	}
}

// Axis-aligned boxes (and box-shaped hulls) resting on each other exactly, a little in and a
// little out; cubes face to face; triangles and flat hulls lying on a box face.
static void alignedPoses(void)
{
	static npHull3 boxHull;
	npShape3 big, small, boxAsHull, tri, flat;
	npMakeBox3(V(1.0, 1.0, 1.0), &big);
	npMakeBox3(V(0.5, 0.5, 0.5), &small);
	npVec3 corners[8];
	for (int i = 0; i < 8; ++i)
		corners[i] = V((i & 1) ? 0.5 : -0.5, (i & 2) ? 0.5 : -0.5, (i & 4) ? 0.5 : -0.5);
	npMakeHull3(corners, 8, &boxHull);
	npMakeHullShape3(&boxHull, &boxAsHull);
	npMakeTriangle3(V(-0.5, 0.0, -0.5), V(0.5, 0.0, -0.5), V(0.0, 0.0, 0.5), &tri);
	npVec3 square[4] = { V(-0.4, 0.0, -0.4), V(0.4, 0.0, -0.4), V(0.4, 0.0, 0.4), V(-0.4, 0.0, 0.4) };
	static npHull3 flatHull;
	npMakeHull3(square, 4, &flatHull);
	npMakeHullShape3(&flatHull, &flat);
	npTransform3 id = makeXf(V(0, 0, 0), identityQuat);
	const double gaps[] = { 0.0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-9, -1e-9, 1e-6, -1e-6, 1e-3, -1e-3, 0.1, -0.1 };
	const double slides[] = { 0.0, 0.25, 0.5, 1.0, 1.5, 1.5000000001, 0.3 };
	for (int g = 0; g < (int)(sizeof gaps / sizeof gaps[0]); ++g)
		for (int s = 0; s < (int)(sizeof slides / sizeof slides[0]); ++s)
			for (int axis = 0; axis < 3; ++axis)
			{
				double h = 1.5 + gaps[g], t = slides[s];
				npVec3 p = axis == 0 ? V(h, t, 0.0) : axis == 1 ? V(t, h, 0.5 * t) : V(0.0, -t, -h);
				checkPair("aligned", "box", &big, id, "box", &small, makeXf(p, identityQuat));
				checkPair("aligned", "box", &big, id, "box hull", &boxAsHull, makeXf(p, identityQuat));
				npVec3 q = axis == 0 ? V(1.0 + gaps[g], t, 0.0) : axis == 1 ? V(t, 1.0 + gaps[g], 0.5 * t) : V(0.0, -t, -1.0 - gaps[g]);
				checkPair("aligned", "box", &big, id, "box hull", &boxAsHull, makeXf(q, identityQuat));
				// Flat shapes lying on the top face (their plane is local y = 0).
				npVec3 f = V(axis == 0 ? t : 0.0, 1.0 + gaps[g], axis == 2 ? t : 0.0);
				checkPair("aligned", "box", &big, id, "triangle", &tri, makeXf(f, identityQuat));
				checkPair("aligned", "box", &big, id, "flat-hull", &flat, makeXf(f, identityQuat));
				// Coplanar flat shapes, side by side or overlapping in their plane.
				npVec3 c = V(0.8 * t + gaps[g], gaps[g], 0.4 * t);
				checkPair("coplanar", "triangle", &tri, id, "flat-hull", &flat, makeXf(c, identityQuat));
				checkPair("coplanar", "triangle", &tri, id, "triangle", &tri, makeXf(c, identityQuat));
				// Cubes of equal size face to face.
				checkPair("aligned", "box hull", &boxAsHull, id, "box", &small, makeXf(scale(1.0 / 1.5, p), identityQuat));
			}
}

// The test's own rotation (v' = q v q*) and quaternion product.
static npVec3 rotate(npQuat q, npVec3 v)
{
	npVec3 u = { q.x, q.y, q.z };
	npVec3 t = { 2 * (u.y * v.z - u.z * v.y), 2 * (u.z * v.x - u.x * v.z), 2 * (u.x * v.y - u.y * v.x) };
	return V(v.x + q.w * t.x + (u.y * t.z - u.z * t.y), v.y + q.w * t.y + (u.z * t.x - u.x * t.z),
			 v.z + q.w * t.z + (u.x * t.y - u.y * t.x));
}
static npQuat quatMul(npQuat a, npQuat b)
{
	return (npQuat){ a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
					 a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z };
}

// Flat shapes (triangles, flat hulls) in nearly the same plane: B turned about A's normal, tilted
// out of the plane by at most a tiny angle, moved in the plane and a tiny amount out of it. Their
// Minkowski difference is a thin slab around the origin.
static void nearlyCoplanarPoses(const char* what, npVec3 origin, int count)
{
	for (int trial = 0; trial < count; ++trial)
	{
		// Flat hulls lie in their local plane z = 0; the triangles are made there too.
		npShape3 shapes[2];
		int kinds[2];
		for (int k = 0; k < 2; ++k)
		{
			kinds[k] = rnd() < 0.5 ? TRIANGLE : FLAT_HULL;
			if (kinds[k] == FLAT_HULL)
				makeShape(FLAT_HULL, k, 1.0, &shapes[k]);
			else if (npMakeTriangle3(V(rndRange(-0.5, 0.5), rndRange(-0.5, 0.5), 0.0), V(rndRange(-0.5, 0.5), rndRange(-0.5, 0.5), 0.0),
									 V(rndRange(-0.5, 0.5), rndRange(-0.5, 0.5), 0.0), &shapes[k]) != NP_OK)
				makeShape(FLAT_HULL, k, 1.0, &shapes[k]);
		}
		npQuat qa = randomQuat();
		npTransform3 xa = makeXf(add(origin, scale(rndRange(0, 2), randomDirection())), qa);
		double tilt = rnd() < 0.3 ? 0.0 : pow(10.0, rndRange(-15, -6));
		npQuat turn = { tilt * rndRange(-1, 1), tilt * rndRange(-1, 1), rndRange(-1, 1), 1.0 };
		double l = sqrt(turn.x * turn.x + turn.y * turn.y + turn.z * turn.z + turn.w * turn.w);
		turn = (npQuat){ turn.x / l, turn.y / l, turn.z / l, turn.w / l };
		double lift = (rnd() < 0.5 ? -1.0 : 1.0) * pow(10.0, rndRange(-16, -8));
		npVec3 offset = rotate(qa, V(rndRange(-0.6, 0.6), rndRange(-0.6, 0.6), lift));
		npTransform3 xb = makeXf(add(xa.p, offset), quatMul(qa, turn));
		checkPair(what, kindNames[kinds[0]], &shapes[0], xa, kindNames[kinds[1]], &shapes[1], xb);
	}
}

// Capsules with nearly parallel cores (thin ones, cores from 1e-16 to 1e-6 apart), and capsules
// lying along the top face of a box, nearly parallel to its edges. (The full GJK's distance is off
// on some of these: npOverlap3 must still give its answer, so pairs with radii skip the lean
// search.)
static void nearlyParallelCapsules(int count)
{
	for (int trial = 0; trial < count; ++trial)
	{
		npShape3 a, b;
		bool onBox = trial % 2 == 1;
		npVec3 h = V(rndRange(0.2, 1), rndRange(0.2, 1), rndRange(0.2, 1));
		double radius = pow(10.0, rndRange(-7, -1));
		if (onBox)
			npMakeBox3(h, &a);
		else
			npMakeCapsule3(rndRange(0.1, 1), pow(10.0, rndRange(-7, -1)), &a);
		npMakeCapsule3(rndRange(0.1, 1), radius, &b);
		npQuat qa = randomQuat();
		npTransform3 xa = makeXf(scale(rndRange(0, 2), randomDirection()), qa);
		double tilt = rnd() < 0.3 ? 0.0 : pow(10.0, rndRange(-15, -4));
		// Beside a capsule: B's axis along A's (local y), turned about it; on the box: along x.
		npQuat turn = onBox ? (npQuat){ tilt * rndRange(-1, 1), tilt * rndRange(-1, 1), 0.70710678118654752, 0.70710678118654752 }
							: (npQuat){ tilt * rndRange(-1, 1), rndRange(-1, 1), tilt * rndRange(-1, 1), 1.0 };
		double l = sqrt(turn.x * turn.x + turn.y * turn.y + turn.z * turn.z + turn.w * turn.w);
		turn = (npQuat){ turn.x / l, turn.y / l, turn.z / l, turn.w / l };
		double lift = (rnd() < 0.5 ? -1.0 : 1.0) * pow(10.0, rndRange(-16, -6));
		npVec3 local = onBox ? V(rndRange(-0.5, 0.5), h.y + lift + (rnd() < 0.5 ? radius : 0.0), rnd() < 0.3 ? h.z : rndRange(-0.5, 0.5))
							 : V(lift, rndRange(-0.5, 0.5), 0.0);
		npTransform3 xb = makeXf(add(xa.p, rotate(qa, local)), quatMul(qa, turn));
		checkPair("nearly parallel", onBox ? "box" : "capsule", &a, xa, "capsule", &b, xb);
	}
}

int main(void)
{
	randomPoses("random", V(0, 0, 0), 1.0, 4000);
	randomPoses("random, small", V(0.01, 0, 0), 0.01, 500);
	randomPoses("random, large", V(0, 0, 100), 100.0, 500);
	randomPoses("random at 1e4", V(1e4, -2e4, 1.5e4), 1.0, 1000);
	randomPoses("random, 1e-20 across", V(0, 0, 1e-20), 1e-20, 300);
	randomPoses("random, 1e-35 across", V(0, 0, 0), 1e-35, 100);
	randomPoses("random, 1e9 across", V(0, -1e9, 0), 1e9, 300);
	touchingPoses("touching", V(0, 0, 0), 1.0, 1200);
	touchingPoses("touching at 1e4", V(1e4, -2e4, 1.5e4), 1.0, 400);
	touchingPoses("touching at 1e6", V(-1e6, 3e5, 2e6), 1.0, 150);
	touchingPoses("touching, small", V(0, 0.02, 0), 0.01, 150);
	touchingPoses("touching, 1e-20 across", V(0, 0, 0), 1e-20, 100);
	touchingPoses("touching, 1e9 across", V(3e9, 0, 0), 1e9, 100);
	coincidentPoses(400);
	nearlyCoplanarPoses("nearly coplanar", V(0, 0, 0), 3000);
	nearlyCoplanarPoses("nearly coplanar at 1e4", V(-1e4, 2e4, 1e4), 1000);
	nearlyParallelCapsules(6000);
	alignedPoses();
	printf("npOverlap3 vs the full GJK: %d overlapping and %d separated answers compared\n", overlapsSeen, apartSeen);
	return checkSummary();
}
