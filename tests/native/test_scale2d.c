// Scale invariance of the 2D pair queries (as test_scale3d.c for 3D): every length of a pair (sizes,
// offset, margin) times 2^-k is the same problem, and multiplying by a power of two is exact, so the
// answers must be the unit scale's answers times 2^-k, bit for bit, while nothing leaves the normal
// range. A metamorphic test: it catches absolute thresholds and underflow, not wrong answers that
// scale.
//
// What must hold:
//  - npOverlap2, npDistance2 and npPenetration2, for every pair of kinds at every scale from 2^-1 to
//    2^-1000. Before: GJK's separation test squares a product of two lengths, and below about 2^-255
//    distances were off by up to 0.44 of the size; below 1e-154 separated boxes overlapped
//    (distance 0). Pairs below 2^-200 now run scaled by steps of 2^250 (tiny.h).
//  - manifolds of circle pairs at every scale, and of every pair at the steps of that scaling
//    (2^-250 m), which land exactly on the unit problem;
//  - npMakePolygon2 of a polygon scaled by 2^-k: the unit polygon scaled (a pentagon 1e-181 across
//    was rejected as degenerate, one 1e-121 across got its first vertex for a centroid).
// Not claimed: manifolds of two cores (capsules, boxes, polygons) between those steps, where the
// reference-face preference (NP_FACE_PREFERENCE2, 5e-4 length units, absolute by design) decides
// near ties.
#include "narrowphase/narrowphase.h"
#include "check.h"

#include <math.h>
#include <string.h>

enum { CIRCLE, CAPSULE, BOX, POLYGON, KINDS };
static const char* const kindName[KINDS] = { "circle", "capsule", "box", "polygon" };

static unsigned long long seed = 999;
static double rnd(void)
{
	seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(seed >> 11) / 9007199254740992.0;
}

static npShape2 makeShape(int kind, double s)
{
	npShape2 o;
	npResult r;
	switch (kind)
	{
		case CIRCLE: r = npMakeCircle(0.5 * s, &o); break;
		case CAPSULE: r = npMakeCapsule2(0.4 * s, 0.25 * s, &o); break;
		case BOX: r = npMakeBox2(0.5 * s, 0.3 * s, &o); break;
		default:
		{
			const npVec2 p[5] = { { -0.5 * s, -0.3 * s }, { 0.4 * s, -0.4 * s }, { 0.6 * s, 0.1 * s }, { 0.1 * s, 0.5 * s },
								  { -0.4 * s, 0.3 * s } };
			r = npMakePolygon2(p, 5, 0.05 * s, &o);
		}
	}
	CHECK(r == NP_OK, "making a %s at scale %g: %d", kindName[kind], s, (int)r);
	return o;
}

static bool scaled2(npVec2 a, npVec2 b, double s) { return a.x * s == b.x && a.y * s == b.y; }

static bool sameManifold(const npManifold2* m1, const npManifold2* ms, double s)
{
	if (m1->pointCount != ms->pointCount || memcmp(&m1->normal, &ms->normal, sizeof m1->normal) != 0)
		return false;
	for (int i = 0; i < m1->pointCount; ++i)
		if (m1->points[i].id != ms->points[i].id || m1->points[i].depth * s != ms->points[i].depth ||
			!scaled2(m1->points[i].pointA, ms->points[i].pointA, s) || !scaled2(m1->points[i].pointB, ms->points[i].pointB, s))
			return false;
	return true;
}

typedef struct Counts
{
	int overlap, distance, penetration, manifold, touching;
} Counts;

static Counts compare(int ka, int kb, int k, int poses)
{
	double s = ldexp(1.0, -k);
	Counts c = { 0, 0, 0, 0, 0 };
	npShape2 a1 = makeShape(ka, 1.0), b1 = makeShape(kb, 1.0), as = makeShape(ka, s), bs = makeShape(kb, s);
	for (int t = 0; t < poses; ++t)
	{
		double x = 1.6 * (rnd() - 0.5), y = 1.6 * (rnd() - 0.5), angleA = 6.28 * rnd(), angleB = 6.28 * rnd();
		npTransform2 xa1 = npMakeTransform2(0.0, 0.0, angleA), xb1 = npMakeTransform2(x, y, angleB);
		npTransform2 xas = npMakeTransform2(0.0, 0.0, angleA), xbs = npMakeTransform2(x * s, y * s, angleB);
		c.overlap += npOverlap2(&a1, xa1, &b1, xb1) != npOverlap2(&as, xas, &bs, xbs);
		npDistanceResult2 d1 = npDistance2(&a1, xa1, &b1, xb1), ds = npDistance2(&as, xas, &bs, xbs);
		c.distance += !(d1.distance * s == ds.distance && scaled2(d1.pointA, ds.pointA, s) && scaled2(d1.pointB, ds.pointB, s) &&
						memcmp(&d1.normal, &ds.normal, sizeof d1.normal) == 0);
		npPenetrationResult2 p1 = npPenetration2(&a1, xa1, &b1, xb1, NULL), ps = npPenetration2(&as, xas, &bs, xbs, NULL);
		c.penetration += !(p1.overlapping == ps.overlapping && p1.depth * s == ps.depth && scaled2(p1.pointA, ps.pointA, s) &&
						   scaled2(p1.pointB, ps.pointB, s) && memcmp(&p1.normal, &ps.normal, sizeof p1.normal) == 0);
		npManifold2 m1 = npCollide2(&a1, xa1, &b1, xb1, 0.05), ms = npCollide2(&as, xas, &bs, xbs, 0.05 * s);
		c.manifold += !sameManifold(&m1, &ms, s);
		c.touching += m1.pointCount > 0;
	}
	return c;
}

int main(void)
{
	const int scales[] = { 1, 10, 60, 150, 199, 200, 201, 250, 256, 300, 399, 400, 401, 500, 600, 750, 800, 1000 };
	for (size_t i = 0; i < sizeof scales / sizeof scales[0]; ++i)
	{
		int k = scales[i];
		for (int ka = 0; ka < KINDS; ++ka)
			for (int kb = 0; kb < KINDS; ++kb)
			{
				Counts c = compare(ka, kb, k, 60);
				CHECK(c.overlap == 0 && c.distance == 0 && c.penetration == 0 && c.touching > 10,
					  "%s vs %s at 2^-%d, of 60 poses: %d overlap, %d distance, %d penetration answers are not the unit ones "
					  "scaled (%d touch)",
					  kindName[ka], kindName[kb], k, c.overlap, c.distance, c.penetration, c.touching);
				bool manifoldClaimed = ka == CIRCLE || kb == CIRCLE || k % 250 == 0;
				if (manifoldClaimed)
					CHECK(c.manifold == 0, "%s vs %s at 2^-%d: %d of 60 manifolds are not the unit ones scaled", kindName[ka],
						  kindName[kb], k, c.manifold);
			}
	}

	// Shape casts (npShapeCast2): the fraction and the normal do not scale, the points and the
	// penetration do. Before, casts below 2^-255 were off by up to 0.13 in fraction.
	for (size_t i = 0; i < sizeof scales / sizeof scales[0]; ++i)
	{
		double s = ldexp(1.0, -scales[i]);
		int bad = 0, hits = 0;
		for (int ka = 0; ka < KINDS; ++ka)
			for (int kb = 0; kb < KINDS; ++kb)
			{
				npShape2 a1 = makeShape(ka, 1.0), b1 = makeShape(kb, 1.0), as = makeShape(ka, s), bs = makeShape(kb, s);
				for (int t = 0; t < 20; ++t)
				{
					double x = 3.0 * (rnd() - 0.5), y = 3.0 * (rnd() - 0.5), angleA = 6.28 * rnd(), angleB = 6.28 * rnd();
					npVec2 move = { 2.0 * x + 0.3 * (rnd() - 0.5), 2.0 * y + 0.3 * (rnd() - 0.5) };
					// The moving shape at the origin (a tiny cast runs in its frame: the same numbers).
					npShapeCastInput2 in1 = npMakeShapeCastInput2(&a1, npMakeTransform2(0.0, 0.0, angleA), move, &b1, npMakeTransform2(x, y, angleB));
					npShapeCastInput2 ins = npMakeShapeCastInput2(&as, npMakeTransform2(0.0, 0.0, angleA), (npVec2){ move.x * s, move.y * s }, &bs,
																  npMakeTransform2(x * s, y * s, angleB));
					npCastHit2 h1, hs;
					npShapeCast2(&in1, &h1);
					npShapeCast2(&ins, &hs);
					hits += h1.hit && h1.fraction > 0.0; // moving hits (not initial contacts)
					bad += !(h1.hit == hs.hit && h1.fraction == hs.fraction && memcmp(&h1.normal, &hs.normal, sizeof h1.normal) == 0 &&
							 scaled2(h1.point, hs.point, s) && scaled2(h1.pointOnShape, hs.pointOnShape, s) && h1.penetration * s == hs.penetration);
				}
			}
		CHECK(bad == 0 && hits > 100, "shape casts at 2^-%d: %d of 320 are not the unit ones scaled (%d hit while moving)", scales[i], bad, hits);
	}

	// Times of impact (npTimeOfImpact2): a box turning up to 10 rad past a capsule. The fraction and
	// the state do not scale. Before, two shapes 5e-91 across got fractions off by up to 0.45.
	for (size_t i = 0; i < sizeof scales / sizeof scales[0]; ++i)
	{
		double s = ldexp(1.0, -scales[i]);
		npShape2 a1 = makeShape(BOX, 1.0), b1 = makeShape(CAPSULE, 1.0), as = makeShape(BOX, s), bs = makeShape(CAPSULE, s);
		int bad = 0, hits = 0;
		for (int t = 0; t < 100; ++t)
		{
			npVec2 p0 = { 3.0 * (rnd() - 0.5), 3.0 * (rnd() - 0.5) }, p1 = { -p0.x + 0.5 * (rnd() - 0.5), -p0.y + 0.5 * (rnd() - 0.5) };
			double angle0 = 6.0 * rnd(), angle1 = angle0 + 20.0 * (rnd() - 0.5);
			npTimeOfImpactInput2 in1 = { &a1, { { 0.0, 0.0 }, p0, angle0, p1, angle1 }, &b1, { { 0.0, 0.0 }, { 0.0, 0.0 }, 0.0, { 0.0, 0.0 }, 1.0 }, 0.0, 0.0 };
			npTimeOfImpactInput2 ins = { &as, { { 0.0, 0.0 }, { p0.x * s, p0.y * s }, angle0, { p1.x * s, p1.y * s }, angle1 }, &bs,
										 { { 0.0, 0.0 }, { 0.0, 0.0 }, 0.0, { 0.0, 0.0 }, 1.0 }, 0.0, 0.0 };
			npToiResult2 r1, rs;
			CHECK(npTimeOfImpact2(&in1, &r1) == NP_OK && npTimeOfImpact2(&ins, &rs) == NP_OK, "times of impact run");
			hits += r1.state == NP_TOI_HIT && r1.fraction > 0.0;
			bad += !(r1.state == rs.state && r1.fraction == rs.fraction && memcmp(&r1.normal, &rs.normal, sizeof r1.normal) == 0 &&
					 scaled2(r1.pointA, rs.pointA, s) && scaled2(r1.pointB, rs.pointB, s));
		}
		CHECK(bad == 0 && hits > 50, "times of impact at 2^-%d: %d of 100 are not the unit ones scaled (%d hit)", scales[i], bad, hits);
	}

	// Polygons: the same pentagon at every scale is the unit one scaled (vertices, centroid, normals).
	npShape2 unit = makeShape(POLYGON, 1.0);
	for (int k = 0; k <= 1000; k += 25)
	{
		double s = ldexp(1.0, -k);
		npShape2 p = makeShape(POLYGON, s);
		bool same = p.count == unit.count && p.radius == unit.radius * s && scaled2(unit.centroid, p.centroid, s);
		for (int i = 0; same && i < p.count; ++i)
			same = scaled2(unit.vertices[i], p.vertices[i], s) && memcmp(&unit.normals[i], &p.normals[i], sizeof p.normals[i]) == 0;
		CHECK(same, "npMakePolygon2 of the unit pentagon scaled by 2^-%d is not the unit polygon scaled (count %d)", k, p.count);
	}
	return checkSummary();
}
