// Regression tests for what the libFuzzer harnesses (tests/fuzz/) and the brute-force sweeps found
// in the 2D queries: rotations, shapes, polygons, chains, rays and point queries. Each case is the
// decoded failing input written out as plain literals (FZ_DUMP=1 prints them), and the expected
// behaviour comes from the library's documented conventions or a closed form, never from its
// output. Each says what the old code did; run under ASan/UBSan too (make test-san). Polygon needle
// tips and nearly straight corners are in test_fuzz_regressions_needles2d.c, the 3D cases in
// test_fuzz_regressions3d.c, the mesh cases in test_fuzz_regressions_mesh.c.
#include "brutesupport.h"
#include "fuzzregress.h"

// npMakeRot2's range reduction converted angle * 2/pi to int64_t; for |angle| past ~1.4e19, or NaN,
// the conversion was undefined behaviour (UBSan: "outside the range of representable values").
// Whatever rotation comes out, npValidateTransform2 must accept it only when it is unit.
static void rotationOfHugeAngles(void)
{
	const double angles[] = { 1.0e300, -1.0e300, 1.4e19, -2.0e19, 9.3e18, INFINITY, -INFINITY, NAN, 1.0e6, -1.0e12 };
	for (int i = 0; i < (int)(sizeof angles / sizeof angles[0]); ++i)
	{
		npTransform2 xf = npMakeTransform2(0.0, 0.0, angles[i]);
		npResult r = npValidateTransform2(xf);
		double lenSq = xf.q.c * xf.q.c + xf.q.s * xf.q.s;
		CHECK(r == NP_OK ? fabs(lenSq - 1.0) <= 2.0e-6
						 : (r == NP_ERR_NON_FINITE || r == NP_ERR_INVALID_TRANSFORM),
			  "angle %g: code %d with c^2 + s^2 = %g", angles[i], (int)r, lenSq);
	}
}

// npMakeRot2 rounds angle * 2/pi with 32-bit conversions below 1e9 quarter turns and with 64-bit
// ones above (a speed path). The reference here is the 64-bit reduction for every angle, written
// out below with the same Cody-Waite parts and series: the rotations must agree bit for bit on both
// sides of the 1e9 edge, at the half-way ties, at +-0 and subnormals, and on random angles.
static int64_t wideTrunc(double x)
{
	return x > -9.2233720368547758e18 && x < 9.2233720368547758e18 ? (int64_t)x : INT64_MIN;
}

static npRot2 wideRotation(double angle)
{
	double kf = angle * 6.36619772367581382433e-01;
	kf = kf >= 0.0 ? (double)wideTrunc(kf + 0.5) : -(double)wideTrunc(-kf + 0.5);
	double r = ((angle - kf * 1.57079632673412561417e+00) - kf * 6.07710050650619224932e-11) -
			   kf * 2.02226624879595063154e-21;
	int quadrant = (int)(wideTrunc(kf) & 3);
	double r2 = r * r;
	double s = r * (1.0 + r2 * (-1.0 / 6.0 + r2 * (1.0 / 120.0 + r2 * (-1.0 / 5040.0 + r2 * (1.0 / 362880.0 +
			   r2 * (-1.0 / 39916800.0 + r2 * (1.0 / 6227020800.0 + r2 * (-1.0 / 1307674368000.0))))))));
	double c = 1.0 + r2 * (-0.5 + r2 * (1.0 / 24.0 + r2 * (-1.0 / 720.0 + r2 * (1.0 / 40320.0 +
			   r2 * (-1.0 / 3628800.0 + r2 * (1.0 / 479001600.0 + r2 * (-1.0 / 87178291200.0 +
			   r2 * (1.0 / 20922789888000.0))))))));
	const npRot2 byQuadrant[4] = { { c, s }, { -s, c }, { -c, -s }, { s, -c } };
	return byQuadrant[quadrant];
}

static int rotationMismatches;

static void checkRotation(double angle)
{
	npRot2 got = npMakeRot2(angle), want = wideRotation(angle);
	if (memcmp(&got, &want, sizeof got) != 0 && ++rotationMismatches <= 5)
		printf("angle %a: (%a, %a), the 64-bit reduction gives (%a, %a)\n", angle, got.c, got.s, want.c, want.s);
}

static void rotationFastPathMatchesWideReduction(void)
{
	const double invPio2 = 6.36619772367581382433e-01, pio2 = 1.5707963267948966;
	const double special[] = { 0.0, -0.0, 5e-324, -5e-324, 1e-310, -1e-310, 0.3, -0.3, 1e9 / invPio2,
								-1e9 / invPio2, 1.5e9, -1.5e9, 1.6e9, -1.6e9, 1e12, -1e12 };
	for (int i = 0; i < (int)(sizeof special / sizeof special[0]); ++i)
	{
		checkRotation(special[i]);
		checkRotation(nextafter(special[i], INFINITY));
		checkRotation(nextafter(special[i], -INFINITY));
	}
	uint64_t state = 0x9e3779b97f4a7c15u;
	for (int i = 0; i < 300000; ++i)
	{
		state ^= state << 13;
		state ^= state >> 7;
		state ^= state << 17;
		double unit = (double)(state >> 11) / 9007199254740992.0 * 2.0 - 1.0; // [-1, 1)
		long k = (long)(state % 4000000001u) - 2000000000;
		switch (i % 4)
		{
			case 0: checkRotation(10.0 * unit); break;
			case 1: checkRotation(2.0e9 * unit); break;
			case 2: checkRotation((k + 0.5) / invPio2); break; // kf on or next to a tie
			default: checkRotation(nextafter((k + 0.5) * pio2, unit < 0.0 ? -INFINITY : INFINITY)); break;
		}
	}
	CHECK(rotationMismatches == 0, "npMakeRot2 differs from the 64-bit reduction on %d angles", rotationMismatches);
}

// A capsule of half length 7.5e-160 around a circle: the squared length of GJK's segment
// underflowed, its weights 1 / (towards0 + towards1) overflowed and npDistance2 gave NaN points.
// Accepted shapes must give finite results; the shapes overlap (distance 0).
static void tinyCapsuleAroundCircle(void)
{
	npShape2 capsule, circle;
	CHECK(npMakeCapsule2(7.4684693982698603e-160, 0.015625, &capsule) == NP_OK, "capsule");
	CHECK(npMakeCircle(0.015625, &circle) == NP_OK, "circle");
	npTransform2 identity = { { 0.0, 0.0 }, { 1.0, 0.0 } };
	npDistanceResult2 d = npDistance2(&capsule, identity, &circle, identity);
	CHECK(d.distance == 0.0, "distance %.17g", d.distance);
	CHECK(finite2(d.pointA) && finite2(d.pointB) && finite2(d.normal), "distance points not finite: (%g, %g)",
		  d.pointA.x, d.pointA.y);
	CHECK(npOverlap2(&capsule, identity, &circle, identity), "overlap");
	npPenetrationResult2 p = npPenetration2(&capsule, identity, &circle, identity, NULL);
	CHECK(p.overlapping && isfinite(p.depth) && finite2(p.pointA) && finite2(p.pointB) && finite2(p.normal),
		  "penetration not finite");
	CHECK(fabs(hypot(p.normal.x, p.normal.y) - 1.0) <= 1.0e-9, "penetration normal not unit");
	npManifold2 m = npCollide2(&capsule, identity, &circle, identity, 0.0);
	CHECK(m.pointCount >= 1, "manifold empty");
	for (int i = 0; i < m.pointCount; ++i)
		CHECK(finite2(m.points[i].pointA) && finite2(m.points[i].pointB) && isfinite(m.points[i].depth),
			  "manifold point %d not finite", i);
}

// The same pair with half length 2e-162: the cores are 2e-162 apart, the rounding overlaps, and the
// normal (pointB - pointA) / distance came out with length 0.906, the distance having been taken
// from a subnormal squared length. Normals must be unit, also for tiny shapes.
static void unitNormalsOfTinyShapes(void)
{
	npShape2 capsule, circle;
	CHECK(npMakeCapsule2(2.0143751167208515e-162, 0.015625, &capsule) == NP_OK, "capsule");
	CHECK(npMakeCircle(0.015625, &circle) == NP_OK, "circle");
	npTransform2 identity = { { 0.0, 0.0 }, { 1.0, 0.0 } };
	npPenetrationResult2 p = npPenetration2(&capsule, identity, &circle, identity, NULL);
	CHECK(p.overlapping && fabs(hypot(p.normal.x, p.normal.y) - 1.0) <= 1.0e-9, "penetration normal (%.17g, %.17g)",
		  p.normal.x, p.normal.y);
	double d = (p.pointA.x - p.pointB.x) * p.normal.x + (p.pointA.y - p.pointB.y) * p.normal.y;
	CHECK(fabs(d - p.depth) <= 1.0e-9 * p.depth, "depth %.17g, dot(pointA - pointB, normal) %.17g", p.depth, d);

}

// npMakePolygon2 documents that collinear points are dropped; the monotone chain never tested the
// turn at its first point, so (0, 0), on the line from (0, 1e-9) to (5e-324, -16) to within the
// hull tolerance, stayed a vertex with a zero turn (two parallel edges).
static void polygonDropsCollinearChainEnd(void)
{
	const npVec2 points[] = { { 0.0, 1.0000000000000001e-09 },
							  { 4.9406564584124654e-324, -15.9912109375 },
							  { 2.2587890625, 2.2587890625 },
							  { 0.0, 0.0 } };
	npShape2 s;
	CHECK(npMakePolygon2(points, 4, 0.0, &s) == NP_OK, "polygon");
	CHECK(s.count == 3, "collinear vertex kept: %d vertices", s.count);
	for (int i = 0; i < s.count; ++i)
	{
		npVec2 a = s.vertices[i], b = s.vertices[(i + 1) % s.count], c = s.vertices[(i + 2) % s.count];
		double cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
		CHECK(cross > 0.0, "vertex %d: turn %g", (i + 1) % s.count, cross);
	}
}

// Two polygons 9.6 apart: npOverlap2 said true. GJK's separating-axis exit fired when its lower
// bound passed the reach (0) by rounding, and npOverlap2 took that bound (1e-14) for a distance
// within its touching tolerance. Overlap must agree with the distance.
static void overlapOfSeparatedPolygons(void)
{
	const npVec2 pa[] = { { 16.8154296875, -6.0908203125 }, { -1.0, -1.0 }, { -1.0, -1.0 }, { -1.0, -1.0 },
						  { -1.0, -1.0 }, { -1.0, 16.8154296875 }, { 16.8154296875, 16.8154296875 } };
	const npVec2 pb[] = { { -4.5185546875000027, -4.5185546875000027 }, { -4.5185546875000027, -4.5185546875000027 },
						  { -1.0, -1.0 }, { -1.0, 16.8154296875 } };
	npShape2 a, b;
	CHECK(npMakePolygon2(pa, 7, 0.0, &a) == NP_OK, "polygon A");
	CHECK(npMakePolygon2(pb, 4, 0.0, &b) == NP_OK, "polygon B");
	npTransform2 xa = npMakeTransform2(16.8154296875, -1.0, -1.0), xb = npMakeTransform2(-1.0, -1.0, -1.0);
	npDistanceResult2 d = npDistance2(&a, xa, &b, xb);
	CHECK(d.distance > 9.0, "distance %.17g", d.distance);
	CHECK(!npOverlap2(&a, xa, &b, xb), "overlap A-B of polygons %.3g apart", d.distance);
	CHECK(!npOverlap2(&b, xb, &a, xa), "overlap B-A of polygons %.3g apart", d.distance);
	CHECK(!npPenetration2(&a, xa, &b, xb, NULL).overlapping, "penetration");
	CHECK(npCollide2(&a, xa, &b, xb, 0.0).pointCount == 0, "manifold");
}

// A chain a few subnormals across: (0, 0), (4.9e-324, 4.9e-324), (0, 4.9e-324). Its segments'
// lengths underflow to 0, and so did every estimate of the grid's cell size; doubling 0 never
// ended, and npMakeChain2 hung (fuzz_chains2d, a 100 s timeout). The grid now starts from one cell
// over the whole chain when the estimate is 0. (A hang here shows as the test never finishing.)
static void chainOfSubnormalSize(void)
{
	static double memory[1024];
	const double tiny = 4.9406564584124654e-324;
	const npVec2 points[3] = { { 0.0, 0.0 }, { tiny, tiny }, { 0.0, tiny } };
	npChainDef2 def = npDefaultChainDef2();
	npChain2* chain = NULL;
	CHECK(npChainBytes2(3, false) <= sizeof memory, "chain bytes");
	npResult r = npMakeChain2(points, 3, &def, memory, sizeof memory, &chain);
	CHECK(r == NP_OK && chain != NULL && chain->segmentCount == 2, "subnormal chain: code %d", (int)r);
}

// 2D rays on rounded shapes at the edge of rounding (fuzz_rays2d, a harness still being written):
// a direction of length 1e-165 (its square underflows) gave a ray far from a capsule a hit with a
// NaN normal; a capsule of radius 2.2e-308 gave an exit with the normal (0, 0); a capsule of radius
// 1e-300 gave an exit at a negative fraction (-2.2e-302). Fixed in query2d.c: tiny directions are
// cast scaled by 2^600, a disc normal below the points' rounding is the direction's, and an exit
// is never before 0.
static void rounded2dRaysAtTheEdgeOfRounding(void)
{
	npShape2 capsule, thin, thinner;
	npTransform2 identity = npMakeTransform2(0, 0, 0);
	CHECK(npMakeCapsule2(0.015625, 0.015625, &capsule) == NP_OK, "capsule");
	npRayInput2 ray = npMakeRayInput2((npVec2){ 11.5498046875, -25.8759765625 }, (npVec2){ -1.0067506542541922e-165, 0 });
	ray.solid = false;
	npRayHit2 hit;
	CHECK(npRayCast2(&capsule, identity, &ray, &hit) == NP_OK && !hit.hit, "tiny direction far from a capsule: hit %d",
		  hit.hit);

	CHECK(npMakeCapsule2(0.546875, 2.2250738585072014e-308, &thin) == NP_OK, "thin capsule");
	npTransform2 at = { { -26.85546875, -26.85546875 }, { 1, 0 } };
	ray = npMakeRayInput2((npVec2){ -26.85546875, -26.85546875 }, (npVec2){ -26.85546875, 0 });
	ray.solid = false;
	CHECK(npRayCast2(&thin, at, &ray, &hit) == NP_OK && hit.hit && !hit.frontFace, "exit from a thin capsule");
	double len = sqrt(hit.normal.x * hit.normal.x + hit.normal.y * hit.normal.y);
	CHECK(fabs(len - 1.0) <= 1e-12 && hit.normal.x * ray.direction.x + hit.normal.y * ray.direction.y <= 0.0,
		  "exit from a thin capsule: normal (%g, %g)", hit.normal.x, hit.normal.y);

	CHECK(npMakeCapsule2(0.546875, 1e-300, &thinner) == NP_OK, "thinner capsule");
	npTransform2 tiny = { { 1e-300, 1e-300 }, { 1, 1e-300 } };
	ray = npMakeRayInput2((npVec2){ 0.5, 0 }, (npVec2){ -0.0009765625, -22.337890625 });
	ray.solid = false;
	ray.maxFraction = 1e-300;
	CHECK(npRayCast2(&thinner, tiny, &ray, &hit) == NP_OK && (!hit.hit || hit.fraction >= 0.0),
		  "exit from a capsule 1e-300 thick at fraction %g", hit.fraction);
}

// 2D rays on rounded shapes of radius 1e-300 (fuzz_rays2d): every square in the pieces' quadratics
// and in the containment test underflowed to 0, so an origin on a circle's boundary heading in was
// "inside" and left the circle at once (fraction 0, its normal facing away from the ray), and an
// origin 1e-300 outside a circle or capsule was inside too (a solid ray hit at 0 with the zero
// normal). Fixed in query2d.c by casting such queries scaled by exact powers of two. The expected
// values are the closed forms of the unscaled geometry: a ray from the bottom of a circle of
// radius r along (1, 1) r leaves it at fraction 1, through the point (r, 0), outward normal (1, 0).
static void rounded2dRaysOfTinyRadius(void)
{
	npShape2 circle, capsule;
	CHECK(npMakeCircle(1e-300, &circle) == NP_OK, "circle");
	npTransform2 at = { { 1e-300, 1e-300 }, { 1, 1e-300 } }; // the fuzzer's input, a raw rotation
	npRayInput2 ray = npMakeRayInput2((npVec2){ 1e-300, -0.0 }, (npVec2){ 1e-300, 1e-300 });
	ray.solid = false;
	ray.maxFraction = 1e-300;
	npRayHit2 hit;
	CHECK(npRayCast2(&circle, at, &ray, &hit) == NP_OK && !hit.hit,
		  "from the boundary into a circle of radius 1e-300: hit at %.17g, normal (%g, %g) (the exit is at 1)",
		  hit.fraction, hit.normal.x, hit.normal.y);
	ray.maxFraction = 2.0;
	CHECK(npRayCast2(&circle, at, &ray, &hit) == NP_OK && hit.hit && !hit.frontFace,
		  "exit from a circle of radius 1e-300");
	CHECK(fabs(hit.fraction - 1.0) <= 1e-14 && fabs(hit.normal.x + 1.0) <= 1e-14 && fabs(hit.normal.y) <= 1e-14,
		  "exit from a circle of radius 1e-300 at %.17g, normal (%.17g, %.17g); expected 1, (-1, 0)", hit.fraction,
		  hit.normal.x, hit.normal.y);

	npTransform2 identity = npMakeTransform2(0, 0, 0);
	ray = npMakeRayInput2((npVec2){ 2e-300, 0 }, (npVec2){ -1, 0 });
	CHECK(npRayCast2(&circle, identity, &ray, &hit) == NP_OK && hit.hit && hit.frontFace,
		  "solid ray from 1e-300 outside a circle of radius 1e-300: hit %d front %d", hit.hit, hit.frontFace);
	CHECK(fabs(hit.fraction - 1e-300) <= 1e-14 * 1e-300 && fabs(hit.normal.x - 1.0) <= 1e-14 && hit.normal.y == 0.0,
		  "circle of radius 1e-300 entered at %.17g, normal (%.17g, %.17g); expected 1e-300, (1, 0)", hit.fraction,
		  hit.normal.x, hit.normal.y);

	CHECK(npMakeCapsule2(1e-300, 1e-300, &capsule) == NP_OK, "capsule");
	ray = npMakeRayInput2((npVec2){ 0, 3e-300 }, (npVec2){ 0, -1 });
	CHECK(npRayCast2(&capsule, identity, &ray, &hit) == NP_OK && hit.hit && hit.frontFace,
		  "solid ray from 2e-300 above a capsule 1e-300 thick: hit %d front %d", hit.hit, hit.frontFace);
	CHECK(fabs(hit.fraction - 2e-300) <= 1e-14 * 2e-300 && hit.normal.x == 0.0 && fabs(hit.normal.y - 1.0) <= 1e-14,
		  "capsule 1e-300 thick entered at %.17g, normal (%.17g, %.17g); expected 2e-300, (0, 1)", hit.fraction,
		  hit.normal.x, hit.normal.y);
}

// Point queries on shapes of size 1e-266 and below (fuzz_rays2d, checking a ray's exit point with
// npClosestPoint2): a circle of radius 1.5e-266 put a point on its boundary at distance -1.5e-266
// (the squared distance underflowed to 0: the point taken for the centre), a box 1e-300 across
// put a point 2.8e-300 from its corner on its surface, and a circle of radius 1e-300 contained a
// point 1e-200 away. Fixed in query2d.c by measuring such queries scaled by powers of two (and any
// length whose square underflows scaled by 2^600). Expected: the closed forms.
static void pointQueriesOnTinyShapes(void)
{
	double r = 1.5411560796661425e-266;
	npShape2 circle, box, tinyCircle;
	npTransform2 identity = npMakeTransform2(0, 0, 0);
	CHECK(npMakeCircle(r, &circle) == NP_OK, "circle");
	npRayInput2 ray = npMakeRayInput2((npVec2){ 0, 0 }, (npVec2){ -0.00097656250000000022, 0 });
	ray.solid = false;
	npRayHit2 hit;
	CHECK(npRayCast2(&circle, identity, &ray, &hit) == NP_OK && hit.hit && !hit.frontFace &&
			  fabs(hit.point.x + r) <= 1e-14 * r && hit.point.y == 0.0,
		  "exit from a circle of radius %g at (%.17g, %g)", r, hit.point.x, hit.point.y);
	npPointProjection2 at;
	CHECK(npClosestPoint2(&circle, identity, (npVec2){ -r, 0 }, &at) == NP_OK && fabs(at.distance) <= 1e-14 * r &&
			  fabs(at.point.x + r) <= 1e-14 * r && fabs(at.normal.x + 1.0) <= 1e-14,
		  "point on a circle of radius %g: distance %.17g (expected 0), normal (%g, %g)", r, at.distance, at.normal.x,
		  at.normal.y);
	CHECK(npClosestPoint2(&circle, identity, (npVec2){ 0, 3 * r }, &at) == NP_OK &&
			  fabs(at.distance - 2 * r) <= 1e-14 * r && fabs(at.point.y - r) <= 1e-14 * r &&
			  fabs(at.normal.y - 1.0) <= 1e-14,
		  "point 2r above a circle of radius %g: distance %.17g (expected %.17g)", r, at.distance, 2 * r);

	CHECK(npMakeBox2(1e-300, 1e-300, &box) == NP_OK, "box");
	CHECK(npClosestPoint2(&box, identity, (npVec2){ 3e-300, 3e-300 }, &at) == NP_OK &&
			  fabs(at.distance - sqrt(8.0) * 1e-300) <= 1e-14 * 1e-300 && fabs(at.point.x - 1e-300) <= 1e-14 * 1e-300 &&
			  fabs(at.point.y - 1e-300) <= 1e-14 * 1e-300,
		  "point beside a box 1e-300 across: distance %.17g (expected 2.8284271247461901e-300), point (%g, %g)",
		  at.distance, at.point.x, at.point.y);

	CHECK(npMakeCircle(1e-300, &tinyCircle) == NP_OK, "tiny circle");
	bool inside = true;
	CHECK(npContainsPoint2(&tinyCircle, identity, (npVec2){ 1e-200, 0 }, &inside) == NP_OK && !inside,
		  "a circle of radius 1e-300 contains a point 1e-200 away");
	CHECK(npContainsPoint2(&tinyCircle, identity, (npVec2){ 0.5e-300, -0.5e-300 }, &inside) == NP_OK && inside,
		  "a circle of radius 1e-300 does not contain a point 0.71e-300 from its centre");
}

// 2D point queries left unscaled that still square something tiny (the 2D side of what
// pointQueriesOnTinyShapes3d covers): a capsule 2.5 long and 1e-300 thick (not scaled as a whole:
// its core is large) contained a point 3e-300 from its axis, the squared offset and r * r both 0;
// and a point 1e-310 from a unit circle's centre got a NaN normal and point (1 / |v| overflowed).
// Fixed in query2d.c by comparing with tiny.h's npRadiusSq and taking the unit with the length
// (lengthAndUnit), as pointquery3d.c does. Both checks fail on the old code. Expected, the closed
// forms: a capsule's signed distance is the distance from its axis segment minus the radius, with
// the normal along the offset; a point p inside a circle of radius 1 centred at 0 is at -1 + |p|,
// its nearest surface point p / |p|, the normal p / |p| (unit and finite in any case).
static void pointQueriesThinAndSubnormal2d(void)
{
	npShape2 capsule, circle;
	npTransform2 identity = npMakeTransform2(0, 0, 0);
	CHECK(npMakeCapsule2(2.5, 1e-300, &capsule) == NP_OK && npMakeCircle(1.0, &circle) == NP_OK, "shapes");
	bool inside = true;
	CHECK(npContainsPoint2(&capsule, identity, (npVec2){ 0.5, 3e-300 }, &inside) == NP_OK && !inside,
		  "a capsule 1e-300 thick contains a point 3e-300 from its axis");
	CHECK(npContainsPoint2(&capsule, identity, (npVec2){ 2.5, -0.5e-300 }, &inside) == NP_OK && inside,
		  "a capsule 1e-300 thick does not contain a point 0.5e-300 from its axis's end");
	npPointProjection2 at;
	CHECK(npClosestPoint2(&capsule, identity, (npVec2){ 0.5, 3e-300 }, &at) == NP_OK &&
			  fabs(at.distance - 2e-300) <= 1e-14 * 2e-300 && at.normal.x == 0.0 && at.normal.y == 1.0 &&
			  at.point.x == 0.5 && fabs(at.point.y - 1e-300) <= 1e-14 * 1e-300,
		  "point 3e-300 from the axis of a capsule 1e-300 thick: distance %.17g (expected 2e-300), normal (%g, %g), "
		  "point (%g, %g)",
		  at.distance, at.normal.x, at.normal.y, at.point.x, at.point.y);

	const npVec2 offsets[] = { { 1e-310, 0 }, { 1e-310, -1e-310 }, { 0, 4.9406564584124654e-324 }, { -3e-200, 4e-200 } };
	for (int i = 0; i < 4; ++i)
	{
		npVec2 p = offsets[i];
		long double len = sqrtl((long double)p.x * p.x + (long double)p.y * p.y);
		double ux = (double)(p.x / len), uy = (double)(p.y / len);
		bool ok = npClosestPoint2(&circle, identity, p, &at) == NP_OK;
		double normalLen = sqrt(at.normal.x * at.normal.x + at.normal.y * at.normal.y);
		CHECK(ok && fabs(at.distance + 1.0) <= 1e-15 && fabs(normalLen - 1.0) <= 1e-15 &&
				  fabs(at.normal.x - ux) <= 1e-15 && fabs(at.normal.y - uy) <= 1e-15 &&
				  fabs(at.point.x - ux) <= 1e-15 && fabs(at.point.y - uy) <= 1e-15,
			  "point (%g, %g) inside a unit circle: distance %.17g, normal (%.17g, %.17g), point (%.17g, %.17g); "
			  "expected -1, (%.17g, %.17g) twice",
			  p.x, p.y, at.distance, at.normal.x, at.normal.y, at.point.x, at.point.y, ux, uy);
	}
}

/// Whether a point projection is the closed form's: distance d, normal n, and point p - d n.
static bool projectionIs(npPointProjection2 at, npVec2 p, double d, npVec2 n, double tol)
{
	return fabs(at.distance - d) <= tol && fabs(at.normal.x - n.x) <= 1e-15 && fabs(at.normal.y - n.y) <= 1e-15 &&
		   fabs(at.point.x - (p.x - d * n.x)) <= tol + 1e-16 * fabs(p.x) &&
		   fabs(at.point.y - (p.y - d * n.y)) <= tol + 1e-16 * fabs(p.y);
}

// Found by a brute-force sweep of the 2D point queries (circles, capsules, boxes, polygons, rounded
// polygons of sizes and radii 4.9e-324 to 2.5, points at multiples of them around every vertex
// and edge midpoint, against closed forms in long double), after pointQueriesThinAndSubnormal2d:
//  - the centre of a box 1e-125 across was put -1.2e-138 from its surface: a tiny query is scaled
//    (here to 3e25 across) and the deepest-plane search started from -4e12 (NP_HUGE), which then
//    beat every plane;
//  - a point on the axis of a capsule 2e-60 long and 1e-300 thick was outside it (distance
//    +6.9e-77: the rounding of the nearest axis point a + t e, along the axis), and one on the axis
//    of a capsule 5 long and radius 1 got the normal (-1, 0) and the "surface point" (-0.1, 0), a
//    radius inside the shape; a point 1e-323 off the axis of a capsule of radius 4.9e-324 got a
//    diagonal normal;
//  - a point 1e-301 above a box 2 by 2e-300 was put on its bottom edge (distance 2.1e-300, point
//    (0.5, -1e-300)): both edges' squared distances were 0, and the first won. The same for a box
//    2e-250 by 2e-320 (scaled, still 1e-70 thin against its width);
//  - (fixed by pointQueriesThinAndSubnormal2d's withinRadius) a box 2 by 2e-300 contained a point
//    3e-300 above its centre: the squared distance to it and 0 * 0 were both 0.
// Fixed in query2d.c: the search starts from -DBL_MAX; an offset from a point inside an edge that is
// below 1e-8 of the edge's size is taken across the edge only (offsetFromCore); squared distances
// that underflow are compared scaled (nearer). Each check below fails before those fixes (the
// last one before the previous fix). Expected: the closed forms (the distance to a box's nearest
// side; for a point on a capsule's axis -r, with a normal across the axis).
static void pointQueriesSweptTiny2d(void)
{
	npTransform2 identity = npMakeTransform2(0, 0, 0);
	npShape2 box, capsule, thin, flat;
	npPointProjection2 at;
	CHECK(npMakeBox2(1e-125, 1e-125, &box) == NP_OK && npClosestPoint2(&box, identity, (npVec2){ 0, 0 }, &at) == NP_OK &&
			  projectionIs(at, (npVec2){ 0, 0 }, -1e-125, (npVec2){ 0, -1 }, 1e-14 * 1e-125),
		  "centre of a box 1e-125 across: distance %.17g (expected -1e-125), normal (%g, %g)", at.distance, at.normal.x,
		  at.normal.y);

	bool inside = false;
	npVec2 p = { 2.5e-61, 0 };
	CHECK(npMakeCapsule2(1e-60, 1e-300, &thin) == NP_OK && npContainsPoint2(&thin, identity, p, &inside) == NP_OK &&
			  inside,
		  "a capsule 1e-300 thick does not contain a point on its axis");
	CHECK(npClosestPoint2(&thin, identity, p, &at) == NP_OK &&
			  (projectionIs(at, p, -1e-300, (npVec2){ 0, -1 }, 1e-14 * 1e-300) ||
			   projectionIs(at, p, -1e-300, (npVec2){ 0, 1 }, 1e-14 * 1e-300)),
		  "point on the axis of a capsule 1e-300 thick: distance %.17g (expected -1e-300), normal (%g, %g)",
		  at.distance, at.normal.x, at.normal.y);
	p = (npVec2){ 0.9, 0 };
	CHECK(npMakeCapsule2(2.5, 1.0, &capsule) == NP_OK && npClosestPoint2(&capsule, identity, p, &at) == NP_OK &&
			  (projectionIs(at, p, -1.0, (npVec2){ 0, -1 }, 1e-15) || projectionIs(at, p, -1.0, (npVec2){ 0, 1 }, 1e-15)),
		  "point on the axis of a capsule of radius 1: distance %.17g, normal (%g, %g), point (%.17g, %.17g); "
		  "expected -1, (0, +-1), (0.9, -+1)",
		  at.distance, at.normal.x, at.normal.y, at.point.x, at.point.y);
	const double denormal = 4.9406564584124654e-324;
	p = (npVec2){ 2 * denormal, -2 * denormal };
	CHECK(npMakeCapsule2(1.0, denormal, &capsule) == NP_OK && npClosestPoint2(&capsule, identity, p, &at) == NP_OK &&
			  projectionIs(at, p, denormal, (npVec2){ 0, -1 }, 0.0),
		  "point 1e-323 below the axis of a capsule of radius 4.9e-324: distance %g, normal (%.17g, %.17g); expected "
		  "4.9e-324, (0, -1)",
		  at.distance, at.normal.x, at.normal.y);

	p = (npVec2){ 0.5, 1.1e-300 };
	CHECK(npMakeBox2(1.0, 1e-300, &flat) == NP_OK && npClosestPoint2(&flat, identity, p, &at) == NP_OK &&
			  projectionIs(at, p, 1.1e-300 - 1e-300, (npVec2){ 0, 1 }, 1e-14 * 1e-301),
		  "point 1e-301 above a box 2e-300 thin: distance %.17g (expected 1e-301), normal (%g, %g), point (%g, %g)",
		  at.distance, at.normal.x, at.normal.y, at.point.x, at.point.y);
	p = (npVec2){ 0, 1.0997901276426148e-320 };
	CHECK(npMakeBox2(1e-250, 1e-320, &box) == NP_OK && npClosestPoint2(&box, identity, p, &at) == NP_OK &&
			  projectionIs(at, p, p.y - box.vertices[2].y, (npVec2){ 0, 1 }, 0.0),
		  "point 1e-321 above a box 2e-320 thin: distance %g (expected %g), normal (%g, %g)", at.distance,
		  p.y - box.vertices[2].y, at.normal.x, at.normal.y);
	inside = true;
	CHECK(npContainsPoint2(&flat, identity, (npVec2){ 0.5, 3e-300 }, &inside) == NP_OK && !inside,
		  "a box 2e-300 thin contains a point 2e-300 above it");
}

// Rays with a subnormal direction in a rotated frame (fuzz_rays2d, 5 minutes after
// pointQueriesSweptTiny2d's fixes): the direction was turned into the shape's frame as it was, and
// kept a few bits: 4.9e-324 (1, 1) turned by 20 degrees stayed 4.9e-324 (1, 1). From 9e-301
// outside a triangle rounded by 1e-300 (the fuzzer's input; before the fixes above its containment
// test had it inside) and from 4.9e-161 outside (which fails on the code before those fixes too),
// the ray entered at fraction 0 through a normal facing along the ray (n . d = +4.9e-324). castChecked
// now turns a direction below 2^-400 scaled by powers of two (exact). Expected: no hit at all (the
// ray moves 7e-324, the shape is farther); and from the centre of a circle of radius r = 1e-320
// turned by 0.35 along d = 4.9e-323 (1, 1), the exit at r / |d| with normal -d / |d| (the old code:
// normal (-0.687, -0.727), fraction 150.86 for 143.12). All three fail with the fix stashed; the
// last two on the code before this series of fixes too.
static void subnormalDirectionsInARotatedFrame(void)
{
	const double denormal = 4.9406564584124654e-324;
	npVec2 points[] = { { 1e-300, 1e-300 }, { 26.3525390625, -22.4990234375 }, { 25.1025390625, 26.3525390625 } };
	npShape2 triangle, circle;
	CHECK(npMakePolygon2(points, 3, 1e-300, &triangle) == NP_OK && npMakeCircle(1e-320, &circle) == NP_OK, "shapes");
	npTransform2 xf = { { 1e-300, 1e-300 }, { 0.9367521275331443, -0.3499935021712941 } };
	const npVec2 origins[] = { { 1e-300, denormal }, { 0, -1e-160 } };
	for (int i = 0; i < 2; ++i)
	{
		npRayInput2 ray = npMakeRayInput2(origins[i], (npVec2){ denormal, denormal });
		ray.solid = false;
		npRayHit2 hit;
		CHECK(npRayCast2(&triangle, xf, &ray, &hit) == NP_OK && !hit.hit,
			  "ray 7e-324 long from (%g, %g) outside a triangle: hit at %g, normal (%.17g, %.17g)", origins[i].x,
			  origins[i].y, hit.fraction, hit.normal.x, hit.normal.y);
	}

	npRayInput2 ray = npMakeRayInput2((npVec2){ 0, 0 }, (npVec2){ 10 * denormal, 10 * denormal });
	ray.solid = false;
	ray.maxFraction = 1000;
	npRayHit2 hit;
	double exit = circle.radius / (10 * denormal) / sqrt(2.0), u = sqrt(0.5); // |d| = 10 denormal sqrt(2)
	CHECK(npRayCast2(&circle, npMakeTransform2(0, 0, 0.35), &ray, &hit) == NP_OK && hit.hit && !hit.frontFace &&
			  fabs(hit.fraction - exit) <= 1e-13 * exit && fabs(hit.normal.x + u) <= 1e-15 && fabs(hit.normal.y + u) <= 1e-15,
		  "exit from a circle of radius 1e-320 along 4.9e-323 (1, 1): fraction %.17g (expected %.17g), normal (%.17g, "
		  "%.17g)",
		  hit.fraction, exit, hit.normal.x, hit.normal.y);
}

// A ray from 0.22 straight down past the top vertex of a polygon rounded by 1e-300 (fuzz_rays2d):
// at the closest approach to that vertex's disc, o + t d rounded to y = 0, 1e-300 below the disc's
// centre, and the entry got that difference's direction, (0, -1): facing away from the ray.
// discNormal now measures noise against the origin's size too (0.22 here), so it takes the
// direction's normal. Expected: the entry where the ray reaches the vertex (fraction 0.2178 / 22.84
// within the points' rounding) with a unit normal facing the ray.
static void roundedVertexPassedByALongRay(void)
{
	npVec2 points[] = { { -0.00097656250000000022, -22.337890625000007 }, { 22.912109374999996, 0 },
		{ -1e-300, 1e-300 }, { -0.00097656250000000022, -0.00097656249999999989 } };
	npShape2 polygon;
	CHECK(npMakePolygon2(points, 4, 1e-300, &polygon) == NP_OK, "polygon");
	npTransform2 at = { { 1e-300, 1e-300 }, { 1, 1e-300 } };
	npRayInput2 ray = npMakeRayInput2((npVec2){ 0, 0.2177734375 }, (npVec2){ 0, -22.83984375 });
	ray.solid = false;
	npRayHit2 hit;
	CHECK(npRayCast2(&polygon, at, &ray, &hit) == NP_OK && hit.hit && hit.frontFace, "ray into a rounded polygon");
	double facing = hit.normal.x * ray.direction.x + hit.normal.y * ray.direction.y;
	double expected = 0.2177734375 / 22.83984375;
	CHECK(fabs(hit.fraction - expected) <= 1e-15 && fabs(hypot(hit.normal.x, hit.normal.y) - 1.0) <= 1e-14 &&
			  facing <= 0.0,
		  "ray into a rounded polygon: fraction %.17g (expected %.17g), normal (%g, %g), normal . direction %g",
		  hit.fraction, expected, hit.normal.x, hit.normal.y, facing);
}

// A triangle 30 across rounded by 1e-300, and a ray through its bottom corner (fuzz_rays2d): the
// corner's disc is missed by the rounding of the closest approach (1e-15 here), and so are both
// edges' ends, so the ray passed through a crack at the corner: a miss going in, no exit coming
// out. Such a nearly sharp polygon is now clipped as its core when its pieces find nothing.
// Expected: the corner is at the origin within 1e-299, so the ray reaches it at 22.3379 / 23.0898
// going in and at 0.75 coming out, with unit normals facing the ray.
static void cornerOfANearlySharpPolygon(void)
{
	npVec2 points[] = { { -22.3974609375, 26.3525390625 }, { 1e-300, 1e-300 }, { 26.3525390625, 26.3525390625 } };
	npShape2 triangle;
	CHECK(npMakePolygon2(points, 3, 1e-300, &triangle) == NP_OK, "triangle");
	npTransform2 at = { { 1e-300, 1e-300 }, { 0.9367521275331443, -0.3499935021712941 } };
	npRayInput2 ray =
		npMakeRayInput2((npVec2){ 2.2250738585072014e-308, -22.337890625 }, (npVec2){ 1e-300, 23.08984375 });
	ray.solid = false;
	npRayHit2 hit;
	CHECK(npRayCast2(&triangle, at, &ray, &hit) == NP_OK && hit.hit && hit.frontFace, "ray into a corner: hit %d",
		  hit.hit);
	double expected = 22.337890625 / 23.08984375;
	double facing = hit.normal.x * ray.direction.x + hit.normal.y * ray.direction.y;
	CHECK(fabs(hit.fraction - expected) <= 1e-15 && fabs(hypot(hit.normal.x, hit.normal.y) - 1.0) <= 1e-14 &&
			  facing < 0.0,
		  "ray into a corner: fraction %.17g (expected %.17g), normal (%g, %g)", hit.fraction, expected, hit.normal.x,
		  hit.normal.y);

	ray = npMakeRayInput2((npVec2){ 0, 0.75 }, (npVec2){ 0, -1 });
	ray.solid = false;
	CHECK(npRayCast2(&triangle, at, &ray, &hit) == NP_OK && hit.hit && !hit.frontFace, "ray out of a corner: hit %d",
		  hit.hit);
	facing = hit.normal.x * ray.direction.x + hit.normal.y * ray.direction.y;
	CHECK(fabs(hit.fraction - 0.75) <= 1e-15 && fabs(hypot(hit.normal.x, hit.normal.y) - 1.0) <= 1e-14 && facing < 0.0,
		  "ray out of a corner: fraction %.17g (expected 0.75), normal (%g, %g)", hit.fraction, hit.normal.x,
		  hit.normal.y);
}

// A polygon 22 across rounded by 1e-300, and a ray along y = 0 from the right into its corner at
// (0.001, 0) (fuzz_rays2d): the corner's disc (its radius squared underflows) and both edges' ends
// miss by rounding, a crack, and the ray grazes the far vertex's disc at (-22.3, 1e-300) beyond
// maxFraction. That found entry kept the core clip, which closes such cracks, from running: a
// miss, though the ray passes 22 units through the polygon. Expected: the corner, so the entry at
// (0.5 - 0.001) / 14.85546875 within rounding, with a unit normal facing the ray. Fails on the old
// code (no hit).
static void roundedPolygonCornerBehindAGrazedDisc(void)
{
	npVec2 points[] = { { 0, 0.228515625 }, { 1e-300, -0.00097656250000000043 }, { -22.337890625, 1e-300 },
						{ -22.337890625, 22.502929687499996 }, { 0.001, 0 } };
	npShape2 polygon;
	CHECK(npMakePolygon2(points, 5, 1e-300, &polygon) == NP_OK, "polygon");
	npTransform2 at = { { 4.9406564584124654e-324, 4.9406564584124654e-324 }, { 1, 0 } };
	double heights[] = { 0.0, 2.2250738585072014e-308 };
	for (int k = 0; k < 2; ++k)
	{
		npRayInput2 ray = npMakeRayInput2((npVec2){ 0.5, heights[k] }, (npVec2){ -14.85546875, 0 });
		ray.solid = false;
		npRayHit2 hit;
		CHECK(npRayCast2(&polygon, at, &ray, &hit) == NP_OK && hit.hit && hit.frontFace,
			  "ray at y = %g into a corner: hit %d", heights[k], hit.hit);
		double expected = (0.5 - 0.001) / 14.85546875;
		double facing = hit.normal.x * ray.direction.x + hit.normal.y * ray.direction.y;
		CHECK(fabs(hit.fraction - expected) <= 1e-15 && fabs(hypot(hit.normal.x, hit.normal.y) - 1.0) <= 1e-14 &&
				  facing < 0.0,
			  "ray at y = %g into a corner: fraction %.17g (expected %.17g), normal (%g, %g)", heights[k],
			  hit.fraction, expected, hit.normal.x, hit.normal.y);
	}
}

// A ray starting beside a small rounded shape, inside the line of its far edge pushed out by the
// radius, counted as starting on that edge: the test "behind the line by no more than rounding" had
// an absolute floor of 1e-14 (1 + the sizes). A capsule 2e-15 long and 1e-15 thick at the origin,
// and a ray from 2e-15 above its top along +x (a y component of 1e-300, so the bottom edge counts as
// entered), got a hit at fraction 0 on the bottom edge, 3e-15 away (num 4e-15 < 1e-14); and
// fuzz_rays2d's scaled capsule (3e-153 thick after its 2^500 scaling) took an origin 2e-72 away for
// one on its surface. Expected: no hit (closed form: the ray's y never drops below its start, 2e-15
// above a shape whose top is at 1e-15, and x only grows). Fails on the old code (both rays).
static void rayBesideASmallCapsuleInsideItsFarLine(void)
{
	npShape2 capsule;
	CHECK(npMakeCapsule2(1e-15, 1e-15, &capsule) == NP_OK, "capsule");
	npTransform2 identity = { { 0, 0 }, { 1, 0 } };
	npRayInput2 ray = npMakeRayInput2((npVec2){ 0, 3e-15 }, (npVec2){ 1, 1e-300 });
	ray.solid = true;
	npRayHit2 hit;
	CHECK(npRayCast2(&capsule, identity, &ray, &hit) == NP_OK && !hit.hit, "ray beside a small capsule: hit %d at %.17g",
		  hit.hit, hit.fraction);

	npShape2 tiny;
	CHECK(npMakeCapsule2(5.1265701700006117e-306, 8.2577219223538925e-304, &tiny) == NP_OK, "tiny capsule");
	npTransform2 at = { { 5.1265701700006117e-306, -6.2238441560965935e-223 }, { 1, 0 } };
	ray = npMakeRayInput2((npVec2){ 2.2250738585072014e-308, 2.2250738585072014e-308 },
						  (npVec2){ 2.2250738585072014e-308, 2.2250738585072014e-308 });
	ray.solid = true;
	CHECK(npRayCast2(&tiny, at, &ray, &hit) == NP_OK && !hit.hit, "ray 6e-223 from a tiny capsule: hit %d at %.17g",
		  hit.hit, hit.fraction);
}

// A ray along the diagonal into the corner at the origin of a unit-sized polygon rounded by 1e-300,
// the same diagonal running on through its far corner (1, 1) (fuzz_rays2d): the near corner's
// disc and both edges' ends missed it by rounding (a crack) and the far corner's disc gave the
// entry, at 0.159 instead of 0.068, with the points between 0.12 inside. A nearly sharp polygon is
// now always clipped as its core. Expected (closed form): the entry at the corner, placed at
// (4.015625, 4.015625), t = 0.7529296875 / 11.04296875, a front face, a unit normal facing the ray.
// Fails on the old code.
static void rayThroughTheCornerOfANearlySharpPolygon(void)
{
	npVec2 points[] = { { 0, 0 }, { 1, 0.001 }, { 1, 1 }, { 0.189453125, 1 }, { 0.001, 0.9990234375 }, { 1e-300, 0.5 } };
	npShape2 polygon;
	CHECK(npMakePolygon2(points, 6, 1e-300, &polygon) == NP_OK, "polygon");
	npTransform2 at = { { 4.015625, 4.015625 }, { 1, 0 } };
	npRayInput2 ray = npMakeRayInput2((npVec2){ 3.2626953125, 3.2626953125 }, (npVec2){ 11.04296875, 11.04296875 });
	ray.solid = false;
	npRayHit2 hit;
	CHECK(npRayCast2(&polygon, at, &ray, &hit) == NP_OK && hit.hit && hit.frontFace, "ray into the corner: hit %d", hit.hit);
	double expected = 0.7529296875 / 11.04296875;
	double facing = hit.normal.x * ray.direction.x + hit.normal.y * ray.direction.y;
	CHECK(fabs(hit.fraction - expected) <= 1e-15 && fabs(hypot(hit.normal.x, hit.normal.y) - 1.0) <= 1e-14 && facing < 0.0,
		  "ray into the corner: fraction %.17g (expected %.17g), normal (%g, %g)", hit.fraction, expected, hit.normal.x,
		  hit.normal.y);
}

// A capsule 1e-323 long with radius 0.125 (fuzz_rays2d): its core edge's squared length underflowed
// to 0, so its pushed-out edges accepted every crossing of their lines (0 <= along <= 0); a ray
// from the centre left at the line y = 0.125 instead of on the circle (1% of the radius late), and
// one coming in at 45 degrees entered at that line (0.052 early, 41% of the radius), normal (0, 1). The discs
// at the edge's ends cover such an edge. Expected: the closed forms for a circle of radius 0.125.
static void capsuleOfSubnormalLength(void)
{
	npShape2 capsule;
	CHECK(npMakeCapsule2(4.9406564584124654e-324, 0.125, &capsule) == NP_OK, "capsule");
	npTransform2 identity = npMakeTransform2(0, 0, 0);
	npRayInput2 ray = npMakeRayInput2((npVec2){ 0, 0 }, (npVec2){ 3, 21.8349609375 });
	ray.solid = false;
	npRayHit2 hit;
	double len = hypot(3, 21.8349609375);
	CHECK(npRayCast2(&capsule, identity, &ray, &hit) == NP_OK && hit.hit && !hit.frontFace &&
			  fabs(hit.fraction - 0.125 / len) <= 1e-15 && fabs(hit.normal.x + 3 / len) <= 1e-12 &&
			  fabs(hit.normal.y + 21.8349609375 / len) <= 1e-12,
		  "exit from a capsule 1e-323 long at %.17g (expected %.17g), normal (%.17g, %.17g)", hit.fraction, 0.125 / len,
		  hit.normal.x, hit.normal.y);

	ray = npMakeRayInput2((npVec2){ 1, 1 }, (npVec2){ -1, -1 });
	double entry = 1.0 - 0.125 / sqrt(2.0);
	CHECK(npRayCast2(&capsule, identity, &ray, &hit) == NP_OK && hit.hit && hit.frontFace &&
			  fabs(hit.fraction - entry) <= 1e-15 && fabs(hit.normal.x - sqrt(0.5)) <= 1e-12 &&
			  fabs(hit.normal.y - sqrt(0.5)) <= 1e-12,
		  "entry into a capsule 1e-323 long at %.17g (expected %.17g), normal (%.17g, %.17g)", hit.fraction, entry,
		  hit.normal.x, hit.normal.y);
}

// A ray 1.5e-154 long heading away from a circle of radius 3.16, 24.8 from its centre (fuzz_rays2d):
// |d|^2 = 2.4e-308 was still a normal number, but h / |d|^2 = 6.3 / 2.4e-308 overflowed, so the
// disc spanned every t and the ray hit at fraction 0, 21.7 from the surface. Such directions (below
// 2^-400) are now cast scaled. Expected: a miss (it moves away from a circle it starts outside).
static void shortRayAwayFromACircle(void)
{
	npShape2 circle;
	CHECK(npMakeCircle(3.15625, &circle) == NP_OK, "circle");
	npTransform2 at = { { 11.248046875, -0.00097656249999999978 }, { 1, 0 } };
	npRayInput2 ray =
		npMakeRayInput2((npVec2){ 9.345703125, -24.759765625 }, (npVec2){ 2.2250738585072014e-308, -1.5499364332083187e-154 });
	ray.maxFraction = 0.158203125;
	npRayHit2 hit;
	CHECK(npRayCast2(&circle, at, &ray, &hit) == NP_OK && !hit.hit, "a short ray away from a circle hit it at %.17g",
		  hit.fraction);
}

// A ray along the side of a capsule of radius 1e-6 (fuzz_rays2d): it grazes the left cap, where the
// normal is perpendicular to the ray, and the rounding of the hit point (22 from the origin, 3.6e-15)
// tilted the cap's normal by 3.5e-9 rad, away from the ray (n . d = +8.5e-8). A grazing disc normal
// is now the perpendicular of d. Expected (the contract): a graze may hit or miss, but a hit has a
// unit normal with n . d <= 0, and its point lies on the surface.
static void capsuleGrazedAlongItsSide(void)
{
	npShape2 capsule;
	CHECK(npMakeCapsule2(2.765625, 9.9999999999999995e-07, &capsule) == NP_OK, "capsule");
	npTransform2 at = { { 9.9999999999999995e-07, 9.9999999999999995e-07 }, { 1, 0 } };
	npRayInput2 ray = npMakeRayInput2((npVec2){ -22.337890715, 1e-300 }, (npVec2){ 24, 0 });
	ray.solid = false;
	npRayHit2 hit;
	CHECK(npRayCast2(&capsule, at, &ray, &hit) == NP_OK, "graze");
	double facing = hit.normal.x * ray.direction.x + hit.normal.y * ray.direction.y;
	CHECK(!hit.hit || (facing <= 0.0 && fabs(hypot(hit.normal.x, hit.normal.y) - 1.0) <= 1e-14),
		  "capsule grazed along its side: normal (%.17g, %.17g), n . d = %g", hit.normal.x, hit.normal.y, facing);
	npPointProjection2 on = { 0 };
	CHECK(!hit.hit || (npClosestPoint2(&capsule, at, hit.point, &on) == NP_OK && fabs(on.distance) <= 1e-14 * 22.4),
		  "capsule grazed along its side: hit point %g from the surface", on.distance);
}

// Two circles of radii 3e-323 and 2.5e-312 whose centres are 8.8e-162 apart, with a margin of 0.77 (so the pair is
// not tiny and runs unscaled): the closest-point contact took |d| from a square of 7.8e-323
// (subnormal) and its normal came out 0.993 long (fuzz_pairs2d). Expected (closed form): one
// speculative point, normal (1, 0) exactly, depth the radii minus the gap (-8.8e-162 to 1e-150).
static void circlesApartBySubnormalSquare(void)
{
	npShape2 a, b;
	CHECK(npMakeCircle(2.9643938750474793e-323, &a) == NP_OK && npMakeCircle(2.5040372772603611e-312, &b) == NP_OK, "circles");
	double gap = 8.8289258040519593e-162;
	npManifold2 m = npCollide2(&a, npMakeTransform2(0.0, 0.0, 0.0), &b, npMakeTransform2(gap, 0.0, 0.0), 0.7734375);
	CHECK(m.pointCount == 1 && m.normal.x == 1.0 && m.normal.y == 0.0 && fabs(m.points[0].depth + gap) <= 1e-12 * gap,
		  "circles %.17g apart: %d points, normal (%.17g, %.17g), depth %.17g", gap, m.pointCount, m.normal.x, m.normal.y,
		  m.points[0].depth);
}

// A point of radius 1.4e-73 cast down the diagonal through a triangle's corner at
// (-0.0009765625, -0.0009765625) (both shapes at (8.03125, 8.03125), fuzz_casts2d): the path only
// grazes the corner, leaving the triangle's right edge behind and passing under its bottom edge.
// Expected (closed form): a hit at the corner, fraction 0.0009765625 / 11.796875, with a normal that
// faces the mover (normal . translation <= 0), as every cast normal does. The touching normal came
// from the simplex of the bottom edge, (0.0007, -1), facing away.
static void pointGrazingATriangleCorner(void)
{
	npShape2 point, triangle;
	const npVec2 corners[3] = { { -10.5009765625, -0.0087890625 }, { -0.00097656250000000022, -0.00097656250000000022 },
								{ 2.0963225328786827e-81, 13.03125 } };
	CHECK(npMakeCircle(1.4314676257884142e-73, &point) == NP_OK && npMakePolygon2(corners, 3, 0.0, &triangle) == NP_OK,
		  "shapes");
	npTransform2 xf = npMakeTransform2(8.03125, 8.03125, 0.0);
	npShapeCastInput2 in = npMakeShapeCastInput2(&point, xf, (npVec2){ -11.796875, -11.796875 }, &triangle, xf);
	in.targetDistance = 1.6547100992806443e-207;
	npCastHit2 hit;
	double expected = 0.00097656250000000022 / 11.796875;
	CHECK(npShapeCast2(&in, &hit) == NP_OK && hit.hit && fabs(hit.fraction - expected) <= 1e-9, "hit %d at %.17g, expected %.17g",
		  hit.hit, hit.fraction, expected);
	CHECK(hit.normal.x * in.translation.x + hit.normal.y * in.translation.y <= 0.0 &&
			  fabs(hypot(hit.normal.x, hit.normal.y) - 1.0) <= 1e-12,
		  "corner graze: normal (%.17g, %.17g) faces away from the mover", hit.normal.x, hit.normal.y);
}

// fuzz_casts2d (fork fuzzing, with its normal check): a box 0.03 across 0.0039 beside the long face
// of a box 1.9 wide and 3e9 long. npDistance2's normal was the direction of the gap between the
// closest points, whose coordinates (about 1e9) carry rounding of about 1e-7: 3e-5 rad off the face
// normal, so the face's far end lay 45,000 beyond the reported supporting line. The closed form:
// the normal is the face's, (1, 0) from the small box to the long one, and the distance 0.00390625;
// here it must be within 1e-12 (the old one was 3e-5 off), unturned and with the pair turned 0.4 rad.
static void distanceNormalBesideALongFace(void)
{
	npShape2 small, slab;
	npMakeBox2(0.015625, 0.015625, &small);
	npMakeBox2(0.96875, 1476395008.0, &slab);
	for (int turned = 0; turned < 2; ++turned)
	{
		double angle = turned ? 0.4 : 0.0;
		npTransform2 xb = npMakeTransform2(11.25, 0.064453125, angle);
		// The small box's centre 0.00390625 + 0.015625 left of the face x = 11.25 - 0.96875 in the
		// slab's frame, 12.3 up it; the slab's frame turned by its own rotation.
		double lx = -0.96875 - 0.00390625 - 0.015625, ly = 12.3;
		npTransform2 xa = npMakeTransform2(11.25 + xb.q.c * lx - xb.q.s * ly, 0.064453125 + xb.q.s * lx + xb.q.c * ly, angle);
		npDistanceResult2 d = npDistance2(&small, xa, &slab, xb);
		double nx = xb.q.c, ny = xb.q.s; // the face's inward direction (+x of the slab) in the world
		CHECK(fabs(d.distance - 0.00390625) <= 1e-6, "long face #%d: distance %.17g, want 0.00390625", turned, d.distance);
		CHECK(fabs(d.normal.x - nx) <= 1e-12 && fabs(d.normal.y - ny) <= 1e-12, "long face #%d: normal (%.17g, %.17g), want (%.17g, %.17g)",
			  turned, d.normal.x, d.normal.y, nx, ny);
	}
}

// How far a cast hit's normal is from supporting both shapes at the hit's points (fuzz_casts2d's
// normal check, by brute force): the larger of the target's extent along the normal beyond `point`
// and the mover's (at the fraction) along the reversed normal beyond `pointOnShape`.
static double extentAlong2(const npShape2* s, npTransform2 xf, npVec2 n)
{
	double best = -INFINITY;
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 v = s->vertices[i];
		best = fmax(best, n.x * (xf.p.x + xf.q.c * v.x - xf.q.s * v.y) + n.y * (xf.p.y + xf.q.s * v.x + xf.q.c * v.y));
	}
	return best + s->radius;
}

static double castNormalGap2(const npShapeCastInput2* in, const npCastHit2* h)
{
	npTransform2 moved = in->transform;
	moved.p.x += h->fraction * in->translation.x;
	moved.p.y += h->fraction * in->translation.y;
	npVec2 n = h->normal, back = { -n.x, -n.y };
	double gapB = extentAlong2(in->target, in->targetTransform, n) - (n.x * h->point.x + n.y * h->point.y);
	double gapA = extentAlong2(in->shape, moved, back) - (back.x * h->pointOnShape.x + back.y * h->pointOnShape.y);
	return fmax(fabs(gapA), fabs(gapB));
}

// fuzz_casts2d's normal check (fork fuzzing): a point (a circle of radius 1.5e-73) that starts
// 1.4e-15 from a triangle's corner and moves by (1e-15, 1e-15) onto it. The cast reported the
// contact near fraction 1 with the reversed normal of one of the corner's edges, (0.42, -0.91),
// pointing into the triangle: the ray cast's last simplex was that edge with all the weight on the
// corner, and the touching contact took the edge's perpendicular. Any normal of the corner's cone
// (from (0, -1) round through (-1, 0) to (-0.42, 0.91), target toward mover) is right; the approach
// direction, (-0.71, -0.71), is one. The normal must support both shapes (within 1e-9).
static void pointTouchingACornerGetsItsNormal(void)
{
	npShape2 dot, triangle;
	npMakeCircle(1.4874936719190259e-73, &dot);
	npVec2 pts[3] = { { -1.2882297539193956e-231, 9.7880859375 }, { 9.7880859375, 9.7880859375 }, { 18.3212890625, 18.3740234375 } };
	CHECK(npMakePolygon2(pts, 3, 0.0, &triangle) == NP_OK, "inward normal: the triangle");
	npShapeCastInput2 in = npMakeShapeCastInput2(&dot, npMakeTransform2(0.0, 9.7880859375, 11.1240234375),
												 (npVec2){ 1.0000000000000001e-15, 1.0000000000000001e-15 }, &triangle,
												 (npTransform2){ { 1.0000000000000001e-15, 1.0000000000000001e-15 }, { 1.0, 0.0 } });
	in.maxFraction = 1.7490234375;
	npCastHit2 h;
	CHECK(npShapeCast2(&in, &h) == NP_OK && h.hit, "inward normal: no hit");
	double gap = castNormalGap2(&in, &h);
	CHECK(gap <= 1e-9, "a point touching a corner: normal (%.17g, %.17g) is %.3g off supporting the shapes", h.normal.x, h.normal.y,
		  gap);
}

// fuzz_casts2d's normal check: a rounded polygon with an edge 1e6 long, rising 0.25 over it to a
// corner, moves up into a disc of radius 3.125 whose centre passes 0.00044 beside the corner, above
// the long edge. The contact is on the long edge (normal (-2.5e-7, -1) from the disc toward the
// mover); the cast stopped at the corner, within its tolerance (1e-9 of the scale, 0.001 here), and
// reported the corner's direction, (-1.5e-4, -1), which put the long edge's far end 147 beyond the
// supporting line. The normal must support both shapes within 1e-7 of the scale (0.1).
static void circleNearTheEndOfAMillionLongEdge(void)
{
	npShape2 mover, disc;
	npVec2 pts[4] = { { -14.056640625, 0.0 }, { 0.0, -14.0556640625 }, { 1000000.0, 0.0 }, { -1e-300, 0.25 } };
	CHECK(npMakePolygon2(pts, 4, 0.015625, &mover) == NP_OK, "million-long edge: the polygon");
	npMakeCircle(3.125, &disc);
	npShapeCastInput2 in = npMakeShapeCastInput2(&mover, npMakeTransform2(-1e-300, -14.2099609375, 0.0),
												 (npVec2){ -0.00097656250000000022, 22.9033203125 }, &disc,
												 npMakeTransform2(-0.0, -0.00097656249999999967, 0.0));
	in.maxFraction = 15.8505859375;
	npCastHit2 h;
	CHECK(npShapeCast2(&in, &h) == NP_OK && h.hit, "million-long edge: no hit");
	double gap = castNormalGap2(&in, &h);
	CHECK(gap <= 0.1, "a disc beside the corner of a million-long edge: normal (%.17g, %.17g) is %.3g off supporting the shapes", h.normal.x,
		  h.normal.y, gap);
}

// fuzz_pairs2d: a triangle 1e12 long rounded by 13.75 touching a capsule of radius 2.39 (their cores
// 16.14 apart, the sum of the radii to the last bits). npPenetration2 reported them overlapping
// with depth -1.8e-15: the cores-apart branch tests the distance against rA + rB but added
// -distance + rA + rB in another order. Expected: an overlap's depth is never negative (the
// documented range), and at this touch it is within 1e-12 of the scale of 0.
static void touchingRoundingsHaveNoNegativeDepth(void)
{
	npVec2 v[7] = { { 1000000000000, 0 }, { 0.08984375, 31.16796875 }, { 23.08984375, 0 }, { 0, 23.12109375 },
					{ 23.08984375, 23.08984375 }, { 0, 0 }, { 0, 0.0009765625 } };
	npShape2 needle, capsule;
	CHECK(npMakePolygon2(v, 7, 13.749023437499998, &needle) == NP_OK && npMakeCapsule2(2.25, 2.390625, &capsule) == NP_OK, "shapes");
	npTransform2 xa = { { -28.1181640625, 16.1396484375 }, { 1, 0 } }, xb = { { 23.08984375, 0 }, { 1, 0 } };
	npPenetrationResult2 p = npPenetration2(&needle, xa, &capsule, xb, NULL);
	CHECK(!p.overlapping || (p.depth >= 0.0 && p.depth <= 1e-12 * 1e12), "touching roundings: overlapping %d, depth %.17g",
		  p.overlapping, p.depth);
}

// fuzz_casts2d (normal check): a point (a circle of radius 3e-269) cast by (1.88, 1e6) from the
// origin at a pentagon placed at (0, 0.1), whose bottom edge runs from (0, 0) to (0.203, 0). The
// point meets that edge 1.9e-7 from its left corner. The ray cast stopped on a chord of the
// difference (the corner and the vertex two places on, weight 6.2e-9 at the far end) and took the
// chord's perpendicular, the normal of the next edge over: the pentagon's corner (0.203, 0) stood
// 0.163 beyond the reported line. Expected, by hand: the pentagon behind the line through `point`
// (brute force over its vertices), far within the fuzzer's 0.1 (1e-7 of the scale, 1e6).
static void pointPastAPentagonCornerGetsItsEdgeNormal(void)
{
	npVec2 v[11] = { { 1e-300, 1e-300 },
					 { 1e-300, 1e-300 },
					 { 1e-300, 1e-300 },
					 { -14.306640625, 0.001 },
					 { 1e-300, 2 },
					 { 0, 0 },
					 { -31.650390625, 0.09375 },
					 { 0.203125, 3.0111683155512017e-269 },
					 { 10.8056640625, 14.443359375 },
					 { 1e-300, 1e-300 },
					 { 1e-300, 1e-300 } };
	npShape2 dot, pentagon;
	CHECK(npMakeCircle(2.9517803088962502e-269, &dot) == NP_OK && npMakePolygon2(v, 11, 0.0, &pentagon) == NP_OK, "shapes");
	npTransform2 xa = { { 1e-300, 1e-300 }, { 1, 1e-300 } }, xb = { { 1e-300, 0.1 }, { 1, 1e-300 } };
	npShapeCastInput2 in = npMakeShapeCastInput2(&dot, xa, (npVec2){ 1.8818359375000011, 1000000 }, &pentagon, xb);
	npCastHit2 h;
	CHECK(npShapeCast2(&in, &h) == NP_OK && h.hit && !h.initialOverlap, "the point hits the pentagon");
	double beyond = bruteSupport2(&pentagon, xb, h.normal) - (h.normal.x * h.point.x + h.normal.y * h.point.y);
	CHECK(fabs(beyond) <= 1e-3, "point past a pentagon's corner: normal (%.17g, %.17g), the pentagon %.3g beyond the line", h.normal.x,
		  h.normal.y, beyond);
}

int main(void)
{
	circlesApartBySubnormalSquare();
	pointGrazingATriangleCorner();
	rotationOfHugeAngles();
	rotationFastPathMatchesWideReduction();
	tinyCapsuleAroundCircle();
	unitNormalsOfTinyShapes();
	polygonDropsCollinearChainEnd();
	overlapOfSeparatedPolygons();
	chainOfSubnormalSize();
	rounded2dRaysAtTheEdgeOfRounding();
	rounded2dRaysOfTinyRadius();
	pointQueriesOnTinyShapes();
	pointQueriesThinAndSubnormal2d();
	pointQueriesSweptTiny2d();
	subnormalDirectionsInARotatedFrame();
	roundedVertexPassedByALongRay();
	cornerOfANearlySharpPolygon();
	roundedPolygonCornerBehindAGrazedDisc();
	rayBesideASmallCapsuleInsideItsFarLine();
	rayThroughTheCornerOfANearlySharpPolygon();
	capsuleOfSubnormalLength();
	shortRayAwayFromACircle();
	capsuleGrazedAlongItsSide();
	distanceNormalBesideALongFace();
	pointTouchingACornerGetsItsNormal();
	circleNearTheEndOfAMillionLongEdge();
	touchingRoundingsHaveNoNegativeDepth();
	pointPastAPentagonCornerGetsItsEdgeNormal();
	printf("%d expected failures (open bugs), %d unexpected passes\n", expectedFailures, unexpectedPasses);
	return checkSummary();
}
