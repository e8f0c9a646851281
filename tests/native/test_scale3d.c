// Scale invariance of 3D contact manifolds (npCollide3): every length of a pair (sizes, offset,
// margin) times 2^-k is the same problem, and since multiplying by a power of two is exact in
// binary floating point, an algorithm without absolute constants gives the same manifold scaled by
// 2^-k, bit for bit, until something leaves the normal range. The expectation is the library's own
// answer at unit scale, so the test is metamorphic: it catches absolute thresholds and underflow,
// not wrong answers that scale.
//
// What must hold:
//  - sphere and capsule pairs (closed forms) and spheres against boxes, hulls and triangles: at every
//    scale from 2^-1 to 2^-1000. Before: a 1e-12 direction threshold plus an absolute 1 took every
//    pair below about 1e-12 for concentric (two spheres 1e-20 across: normal A's up axis, depth 0.3
//    for 0.262 of the size), and below 1e-154 squared distances measured 0.
//  - every pair without a hull at 2^-100 m steps (m = 2 ... 10): npCollide3 runs pairs below 2^-100
//    scaled by steps of 2^100, which lands these exactly on the unit problem. Before, the products
//    of four and six lengths underflowed (a triangle 1e-91 across was even rejected by
//    npMakeTriangle3, whose area test squared a cross product).
// Not claimed: polyhedron pairs between those steps, where the reference-face preference
// (NP_FACE_PREFERENCE3, 5e-4 length units, absolute by design) decides near ties; hulls below
// 2^-100 (a hull is not copied per query, so not scaled: CHANGELOG, known issues).
#include "narrowphase/narrowphase.h"
#include "check.h"

#include <math.h>
#include <string.h>

enum { SPHERE, CAPSULE, BOX, HULL, TRIANGLE, KINDS };
static const char* const kindName[KINDS] = { "sphere", "capsule", "box", "hull", "triangle" };

static unsigned long long seed = 12345;
static double rnd(void)
{
	seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(seed >> 11) / 9007199254740992.0;
}

static npVec3 hullPoints[2][12];
static npHull3 hulls[2][2]; // [unit or scaled][A or B]

// Shape `kind` with every length times s (side 0: A, 1: B; slot 0 unit, 1 scaled).
static npShape3 makeShape(int kind, double s, int slot, int side)
{
	npShape3 o;
	npResult r = NP_OK;
	switch (kind)
	{
		case SPHERE: r = npMakeSphere(0.5 * s, &o); break;
		case CAPSULE: r = npMakeCapsule3(0.6 * s, 0.3 * s, &o); break;
		case BOX: r = npMakeBox3((npVec3){ 0.5 * s, 0.35 * s, 0.25 * s }, &o); break;
		case HULL:
		{
			npVec3 p[12];
			for (int i = 0; i < 12; ++i)
				p[i] = (npVec3){ hullPoints[side][i].x * s, hullPoints[side][i].y * s, hullPoints[side][i].z * s };
			r = npMakeHull3(p, 12, &hulls[slot][side]);
			if (r == NP_OK)
				r = npMakeHullShape3(&hulls[slot][side], &o);
			break;
		}
		default:
			r = npMakeTriangle3((npVec3){ -0.6 * s, 0.0, -0.4 * s }, (npVec3){ 0.7 * s, 0.1 * s, -0.3 * s },
								(npVec3){ 0.0, -0.05 * s, 0.8 * s }, &o);
			break;
	}
	CHECK(r == NP_OK, "making a %s at scale %g: %d", kindName[kind], s, (int)r);
	return o;
}

static npQuat randomRotation(void)
{
	npQuat q = { rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5 };
	double l = sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
	return (npQuat){ q.x / l, q.y / l, q.z / l, q.w / l };
}

// True when ms (at scale s) is m1 scaled by s, bit for bit.
static bool sameScaled(const npManifold3* m1, const npManifold3* ms, double s)
{
	if (m1->pointCount != ms->pointCount || memcmp(&m1->normal, &ms->normal, sizeof m1->normal) != 0)
		return false;
	for (int i = 0; i < m1->pointCount; ++i)
	{
		const npManifoldPoint3 *a = m1->points + i, *b = ms->points + i;
		if (a->id != b->id || a->depth * s != b->depth || a->pointA.x * s != b->pointA.x || a->pointA.y * s != b->pointA.y ||
			a->pointA.z * s != b->pointA.z || a->pointB.x * s != b->pointB.x || a->pointB.y * s != b->pointB.y ||
			a->pointB.z * s != b->pointB.z)
			return false;
	}
	return true;
}

// `poses` random overlapping or near poses of (ka, kb) at scale 2^-k against unit scale; the pair is
// within the margin 0.05 in at least some of them. Returns how many differ.
static int mismatches(int ka, int kb, int k, int poses, int* touching)
{
	double s = ldexp(1.0, -k);
	int bad = 0;
	*touching = 0;
	for (int t = 0; t < poses; ++t)
	{
		npVec3 p = { 1.4 * (rnd() - 0.5), 1.4 * (rnd() - 0.5), 1.4 * (rnd() - 0.5) };
		npQuat qa = randomRotation(), qb = randomRotation();
		npShape3 a1 = makeShape(ka, 1.0, 0, 0), b1 = makeShape(kb, 1.0, 0, 1);
		npShape3 as = makeShape(ka, s, 1, 0), bs = makeShape(kb, s, 1, 1);
		npTransform3 xa1, xb1, xas, xbs;
		npMakeTransform3((npVec3){ 0.0, 0.0, 0.0 }, qa, &xa1);
		npMakeTransform3(p, qb, &xb1);
		npMakeTransform3((npVec3){ 0.0, 0.0, 0.0 }, qa, &xas);
		npMakeTransform3((npVec3){ p.x * s, p.y * s, p.z * s }, qb, &xbs);
		npManifold3 m1 = npCollide3(&a1, xa1, &b1, xb1, 0.05), ms = npCollide3(&as, xas, &bs, xbs, 0.05 * s);
		*touching += m1.pointCount > 0;
		if (!sameScaled(&m1, &ms, s))
			++bad;
	}
	return bad;
}

int main(void)
{
	for (int side = 0; side < 2; ++side)
		for (int i = 0; i < 12; ++i)
			hullPoints[side][i] = (npVec3){ rnd() - 0.5, 0.7 * (rnd() - 0.5), 0.9 * (rnd() - 0.5) };

	// Rounded pairs (sphere or capsule with sphere or capsule) and spheres against anything, at every scale.
	const int anyScale[] = { 1, 10, 40, 80, 99, 120, 160, 200, 250, 300, 450, 600, 800, 1000 };
	for (size_t i = 0; i < sizeof anyScale / sizeof anyScale[0]; ++i)
		for (int ka = 0; ka < KINDS; ++ka)
			for (int kb = 0; kb < KINDS; ++kb)
			{
				bool rounded = (ka <= CAPSULE && kb <= CAPSULE) || ka == SPHERE || kb == SPHERE;
				bool hullTiny = (ka == HULL || kb == HULL) && anyScale[i] > 100;
				if (!rounded || hullTiny)
					continue;
				int touching, bad = mismatches(ka, kb, anyScale[i], 60, &touching);
				CHECK(bad == 0 && touching > 10, "%s vs %s at 2^-%d: %d of 60 manifolds are not the unit ones scaled (%d touch)",
					  kindName[ka], kindName[kb], anyScale[i], bad, touching);
			}

	// Every pair without a hull at the steps of the tiny scaling.
	for (int k = 200; k <= 1000; k += 100)
		for (int ka = 0; ka < KINDS; ++ka)
			for (int kb = 0; kb < KINDS; ++kb)
			{
				if (ka == HULL || kb == HULL)
					continue;
				int touching, bad = mismatches(ka, kb, k, 60, &touching);
				CHECK(bad == 0 && touching > 10, "%s vs %s at 2^-%d: %d of 60 manifolds are not the unit ones scaled (%d touch)",
					  kindName[ka], kindName[kb], k, bad, touching);
			}

	// Shape casts (npShapeCast3) of every kind but hulls, at every scale: the fraction and the normal
	// do not scale, the points and the penetration do. Before, casts below 2^-200 were off by up to
	// 0.91 in fraction.
	for (size_t i = 0; i < sizeof anyScale / sizeof anyScale[0]; ++i)
	{
		double s = ldexp(1.0, -anyScale[i]);
		int bad = 0, hits = 0;
		for (int ka = 0; ka < KINDS; ++ka)
			for (int kb = 0; kb < KINDS; ++kb)
			{
				if (ka == HULL || kb == HULL)
					continue;
				npShape3 a1 = makeShape(ka, 1.0, 0, 0), b1 = makeShape(kb, 1.0, 0, 1), as = makeShape(ka, s, 1, 0), bs = makeShape(kb, s, 1, 1);
				for (int t = 0; t < 20; ++t)
				{
					npVec3 p = { 3.0 * (rnd() - 0.5), 3.0 * (rnd() - 0.5), 3.0 * (rnd() - 0.5) };
					npVec3 move = { 2.0 * p.x + 0.3 * (rnd() - 0.5), 2.0 * p.y + 0.3 * (rnd() - 0.5), 2.0 * p.z };
					npQuat qa = randomRotation(), qb = randomRotation();
					// The moving shape at the origin (a tiny cast runs in its frame: the same numbers).
					npShapeCastInput3 in1 = { &a1, { { 0.0, 0.0, 0.0 }, qa }, move, &b1, { p, qb }, npDefaultCastOptions3() };
					npShapeCastInput3 ins = { &as, { { 0.0, 0.0, 0.0 }, qa }, { move.x * s, move.y * s, move.z * s }, &bs,
											  { { p.x * s, p.y * s, p.z * s }, qb }, npDefaultCastOptions3() };
					npCastHit3 h1, hs;
					CHECK(npShapeCast3(&in1, &h1) == NP_OK && npShapeCast3(&ins, &hs) == NP_OK, "casts run");
					hits += h1.hit && h1.fraction > 0.0; // moving hits (not initial contacts)
					bad += !(h1.hit == hs.hit && h1.fraction == hs.fraction && memcmp(&h1.normal, &hs.normal, sizeof h1.normal) == 0 &&
							 h1.point.x * s == hs.point.x && h1.point.y * s == hs.point.y && h1.point.z * s == hs.point.z &&
							 h1.pointOnShape.x * s == hs.pointOnShape.x && h1.penetration * s == hs.penetration);
				}
			}
		CHECK(bad == 0 && hits > 80, "shape casts at 2^-%d: %d of 320 are not the unit ones scaled (%d hit while moving)", anyScale[i], bad, hits);
	}

	// Times of impact (npTimeOfImpact3): a box turning past a capsule. The fraction and the state do
	// not scale. Before, two shapes 5e-91 across got fractions off by up to 0.78.
	for (size_t i = 0; i < sizeof anyScale / sizeof anyScale[0]; ++i)
	{
		double s = ldexp(1.0, -anyScale[i]);
		npShape3 a1 = makeShape(BOX, 1.0, 0, 0), b1 = makeShape(CAPSULE, 1.0, 0, 1), as = makeShape(BOX, s, 1, 0), bs = makeShape(CAPSULE, s, 1, 1);
		int bad = 0, hits = 0;
		for (int t = 0; t < 100; ++t)
		{
			npVec3 p0 = { 3.0 * (rnd() - 0.5), 3.0 * (rnd() - 0.5), 3.0 * (rnd() - 0.5) };
			npVec3 p1 = { -p0.x + 0.5 * (rnd() - 0.5), -p0.y + 0.5 * (rnd() - 0.5), -p0.z };
			npQuat q0 = randomRotation(), q1 = randomRotation(), qb = randomRotation();
			npVec3 zero = { 0.0, 0.0, 0.0 };
			npToiInput3 in1 = { &a1, { { p0, q0 }, { p1, q1 }, zero }, &b1, { { zero, qb }, { zero, qb }, zero }, 0.0, 0.0 };
			npToiInput3 ins = { &as, { { { p0.x * s, p0.y * s, p0.z * s }, q0 }, { { p1.x * s, p1.y * s, p1.z * s }, q1 }, zero }, &bs,
								{ { zero, qb }, { zero, qb }, zero }, 0.0, 0.0 };
			npToiOutput3 r1, rs;
			CHECK(npTimeOfImpact3(&in1, &r1) == NP_OK && npTimeOfImpact3(&ins, &rs) == NP_OK, "times of impact run");
			hits += r1.state == NP_TOI3_HIT && r1.fraction > 0.0;
			bad += !(r1.state == rs.state && r1.fraction == rs.fraction && memcmp(&r1.normal, &rs.normal, sizeof r1.normal) == 0 &&
					 r1.pointA.x * s == rs.pointA.x && r1.pointA.y * s == rs.pointA.y && r1.pointB.z * s == rs.pointB.z);
		}
		CHECK(bad == 0 && hits > 50, "times of impact at 2^-%d: %d of 100 are not the unit ones scaled (%d hit)", anyScale[i], bad, hits);
	}

	// A tiny triangle is a triangle: the same one scaled by 2^-k is accepted at every k the
	// coordinates survive (its smallest coordinate, 0.05, times 2^-1000 is 4.7e-303).
	for (int k = 0; k <= 1000; k += 50)
	{
		double s = ldexp(1.0, -k);
		npShape3 t;
		npResult r = npMakeTriangle3((npVec3){ -0.6 * s, 0.0, -0.4 * s }, (npVec3){ 0.7 * s, 0.1 * s, -0.3 * s },
									 (npVec3){ 0.0, -0.05 * s, 0.8 * s }, &t);
		CHECK(r == NP_OK, "npMakeTriangle3 of a unit triangle scaled by 2^-%d: %d", k, (int)r);
	}
	return checkSummary();
}
