// Regression tests for what the libFuzzer harnesses (tests/fuzz/) found in the 3D convex queries:
// hulls, GJK, EPA and distances. Each case is the decoded failing input written out as plain
// literals (FZ_DUMP=1 prints them), and the expected behaviour comes from the library's documented
// conventions, a closed form or a long-double brute force (fuzzregress.h), never from its output.
// Run under ASan/UBSan too (make test-san). Shape-cast normals are in
// test_fuzz_regressions_casts3d.c; casts, rays and point queries on needles and tiny shapes in
// test_fuzz_regressions_queries3d.c.
#include "brutesupport.h"
#include "fuzzregress.h"

// npCollidePolyhedra and the other public polyhedron pairs took transforms unchecked: a NaN
// quaternion made the separating-axis search choose no face (-1) and faceContact read before the
// hull arrays (ASan: global-buffer-overflow). Like npCollide3, invalid transforms must give an
// empty manifold.
static void polyhedronPairsRejectBadQuaternions(void)
{
	npShape3 boxA, boxB, sphere, capsule;
	CHECK(npMakeBox3((npVec3){ 0.015625, 3.015625, 3.015625 }, &boxA) == NP_OK, "box A");
	CHECK(npMakeBox3((npVec3){ 0.953125, 3.015625, 3.015625 }, &boxB) == NP_OK, "box B");
	CHECK(npMakeSphere(1.0, &sphere) == NP_OK, "sphere");
	CHECK(npMakeCapsule3(1.0, 0.5, &capsule) == NP_OK, "capsule");
	npTransform3 identity = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	const npQuat bad[] = { { NAN, 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, INFINITY }, { 3.0, 0.0, 0.0, 0.0 } };
	for (int i = 0; i < 4; ++i)
	{
		npTransform3 xf = { { 0.0, 0.0, -15.8125 }, bad[i] };
		npManifold3 m = npCollidePolyhedra(&boxA, xf, &boxB, identity, 0.75);
		CHECK(m.pointCount == 0, "box-box, bad quaternion %d: %d points", i, m.pointCount);
		m = npCollidePolyhedra(&boxB, identity, &boxA, xf, 0.75);
		CHECK(m.pointCount == 0, "box-box (B bad), bad quaternion %d: %d points", i, m.pointCount);
		m = npCollidePolyhedronAndCapsule(&boxA, xf, &capsule, identity, 0.75);
		CHECK(m.pointCount == 0, "box-capsule, bad quaternion %d: %d points", i, m.pointCount);
		m = npCollidePolyhedronAndSphere(&boxA, xf, &sphere, identity, 0.75);
		CHECK(m.pointCount == 0, "box-sphere, bad quaternion %d: %d points", i, m.pointCount);
		m = npCollide3(&boxA, xf, &boxB, identity, 0.75);
		CHECK(m.pointCount == 0, "npCollide3, bad quaternion %d: %d points", i, m.pointCount);
	}
}

// Three points on one line (to 1e-14), two of them repeated: quickhull's horizon fan looked up an
// edge in a neighbour that did not hold it (index -1; UBSan: index out of bounds, a write before
// the triangle's links). Fewer than 3 non-collinear points are documented as NP_ERR_DEGENERATE.
static void hullOfRepeatedCollinearPoints(void)
{
	static npHull3 hull;
	const npVec3 points[] = { { 115.47535008140625, 87.476326862285148, 98.69703066337695 },
							  { 115.47535008140625, 87.476326862285148, 98.69703066337695 },
							  { 14.96560480463379, -13.03341863286621, -1.8127154650214834 },
							  { 9.4990234375, -18.5, -7.2792969049999998 },
							  { 9.4990234375, -18.5, -7.2792969049999998 } };
	npResult r = npMakeHull3(points, 5, &hull);
	CHECK(r == NP_ERR_DEGENERATE, "collinear points with repeats: code %d", (int)r);
	r = npMakeHull3(points + 1, 3, &hull);
	CHECK(r == NP_ERR_DEGENERATE, "the same three points once each: code %d", (int)r);
}

// How far the highest hull vertex stands above the face plane it is farthest above (0 when every
// vertex is on or below every plane).
static double highestAbovePlanes(const npHull3* hull)
{
	double worst = 0.0;
	for (int f = 0; f < hull->faceCount; ++f)
		for (int v = 0; v < hull->vertexCount; ++v)
		{
			npPlane3 pl = hull->planes[f];
			npVec3 p = hull->vertices[v];
			double h = pl.normal.x * p.x + pl.normal.y * p.y + pl.normal.z * p.z - pl.offset;
			worst = h > worst ? h : worst;
		}
	return worst;
}

// A needle: points along (1, 1, 1), 300 long and about 1e-6 thick (thicker than quickhull's
// tolerance, 1e-10 of the size, so it is a valid hull), with exact repeats. The hull kept two
// copies of two repeated points as separate vertices (on a needle a face through a vertex is tilted
// by more than the tolerance over its length, so the repeat stood above it) and merged a 6-vertex
// face around them that was not planar: a vertex 19 above a face plane (other inputs of the kind
// gave 1e-5 to 33 on sizes of 250 to 1,700). Fixed in hull3d.c (dropRepeats: exact repeats are
// dropped before the hull is built; 2.7e-7 now). The hull's planes must hold all its vertices to
// within its tolerance (a SAT test on such planes misjudges separation by that much).
static void hullPlanesOfANeedle(void)
{
	static npHull3 hull;
	const npVec3 points[] = { { 172.41208139343649, 172.24215914645117, 172.4120801725615 },
							  { 172.41208221371193, 172.24215996672655, 172.41208099283691 },
							  { 165.25851773133689, 165.08859548435157, 165.25851660646191 },
							  { 172.41208184172655, 172.24215959474122, 172.41208062085155 },
							  { 172.41208139343649, 172.24215914645117, 172.4120801725615 },
							  { 172.41208221371193, 172.24215996672655, 172.41208099283691 },
							  { 33.634793256936035, 33.46487100214307, 33.634793924061036 },
							  { -9.5380859764999997, -9.7080078514999997, -9.5380859764999997 },
							  { -9.5380859764999997, -9.7080078514999997, -9.5380859764999997 },
							  { -9.5380859764999997, -9.7080078514999997, -9.5380859764999997 },
							  { -9.5380859764999997, -9.7080078514999997, -9.5380859764999997 },
							  { -9.5380859764999997, -9.7080078514999997, -9.5380859764999997 } };
	npResult r = npMakeHull3(points, 12, &hull);
	if (r != NP_OK)
	{
		CHECK(r == NP_ERR_DEGENERATE, "needle: code %d", (int)r);
		return;
	}
	double worst = highestAbovePlanes(&hull);
	// 1e-8 of the size (about 300): 100 times quickhull's own tolerance.
	CHECK(worst <= 1.0e-8 * 300.0, "needle hull: a vertex %.3g above a face plane", worst);
	// No two vertices at the same place (the repeats were kept twice).
	int repeats = 0;
	for (int a = 0; a < hull.vertexCount; ++a)
		for (int b = a + 1; b < hull.vertexCount; ++b)
			repeats += hull.vertices[a].x == hull.vertices[b].x && hull.vertices[a].y == hull.vertices[b].y &&
					   hull.vertices[a].z == hull.vertices[b].z;
	CHECK(repeats == 0, "needle hull: %d pairs of vertices at the same place", repeats);
}

// A sliver hull (four vertices, from 1e-6 to 1e9) touching a small sphere whose centre is its
// vertex (0, 0, 0): npPenetration3 gave the right depth (the radius, 0.015625) and B's point, but
// A's witness point was 364 away: dot(pointA - pointB, normal) = -364 instead of the depth (2e-7 of
// the hull's size, a million times the rounding of the inputs). The cause was the hull's face
// plane, not EPA: the sliver face's normal was the cross product of its two 1.7e9-long edges from
// the far vertex, tilted by 2e-7 rad, so that vertex lay 364 below its own face plane and the
// witness, moved onto the support plane through it, went with it. Fixed in hullfaces3d.c
// (loopNormal: such faces take each fan triangle's cross product from its two shorter edges).
static void epaWitnessOnSliverHull(void)
{
	static npHull3 hull;
	const npVec3 points[] = { { 9.9999999999999995e-07, 9.9999999999999995e-07, 1.0 },
							  { 9.9999999999999995e-07, 9.9999999999999995e-07, 9.9999999999999995e-07 },
							  { 9.9999999999999995e-07, 9.9999999999999995e-07, 1000000.0 },
							  { 1.0e9, 1.0e9, 1.0e9 },
							  { 0.0, -0.0009765625, 0.0 },
							  { -0.248046875, 0.0, 0.0 },
							  { 0.0, 0.0, 0.0 } };
	npShape3 a, b;
	CHECK(npMakeHull3(points, 7, &hull) == NP_OK && npMakeHullShape3(&hull, &a) == NP_OK, "hull");
	CHECK(npMakeSphere(0.015625, &b) == NP_OK, "sphere");
	npTransform3 identity = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	npPenetrationResult3 p = npPenetration3(&a, identity, &b, identity);
	CHECK(p.overlapping && finite3(p.pointA) && finite3(p.pointB) && finite3(p.normal), "penetration");
	CHECK(fabs(p.depth - 0.015625) <= 1.0e-9, "depth %.17g", p.depth);
	double d = (p.pointA.x - p.pointB.x) * p.normal.x + (p.pointA.y - p.pointB.y) * p.normal.y +
			   (p.pointA.z - p.pointB.z) * p.normal.z;
	// 1e-9 of the hull's size (1.7e9): the harnesses' tolerance.
	CHECK(fabs(d - p.depth) <= 1.0e-9 * 1.7320508075688772e9,
		  "npPenetration3 on a sliver hull: depth %.17g, dot(pointA - pointB, normal) %.17g", p.depth, d);
	// Every vertex of the hull on or below every face plane (the cause above), to 1e-12 of its size.
	double worst = highestAbovePlanes(&hull);
	CHECK(worst <= 1.0e-12 * 1.7320508075688772e9, "sliver hull: a vertex %.3g above a face plane", worst);
	// And each face's own vertices on its plane: the far vertex was 364 below it.
	double offPlane = 0.0;
	for (int f = 0; f < hull.faceCount; ++f)
	{
		int h = hull.faceEdge[f];
		do
		{
			npVec3 q = hull.vertices[hull.halfEdges[h].origin];
			npPlane3 pl = hull.planes[f];
			double dist = fabs(pl.normal.x * q.x + pl.normal.y * q.y + pl.normal.z * q.z - pl.offset);
			offPlane = dist > offPlane ? dist : offPlane;
			h = hull.halfEdges[h].next;
		} while (h != hull.faceEdge[f]);
	}
	CHECK(offPlane <= 1.0e-12 * 1.7320508075688772e9, "sliver hull: a face vertex %.3g off its own plane", offPlane);
}

// npPenetration3 of two spheres whose centres are 2.3e-159 apart normalised the centre line by its
// distance, whose square is subnormal: the normal came out with length 0.99999997581 (fuzz_pairs3d).
// Normals are unit length (collide3d.h) at every scale.
static void unitNormalOfNearlyConcentricSpheres(void)
{
	npShape3 a, b;
	CHECK(npMakeSphere(1.3125, &a) == NP_OK && npMakeSphere(1.765625, &b) == NP_OK, "spheres");
	npTransform3 xa = { { -2.2659310621290981e-159, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	npTransform3 xb = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	npPenetrationResult3 p = npPenetration3(&a, xa, &b, xb);
	double len = sqrt(p.normal.x * p.normal.x + p.normal.y * p.normal.y + p.normal.z * p.normal.z);
	CHECK(p.overlapping && fabs(len - 1.0) <= 1.0e-12, "normal length %.17g", len);
	CHECK(fabs(p.depth - (1.3125 + 1.765625)) <= 1.0e-12, "depth %.17g", p.depth);
	npManifold3 m = npCollide3(&a, xa, &b, xb, 0.0);
	len = sqrt(m.normal.x * m.normal.x + m.normal.y * m.normal.y + m.normal.z * m.normal.z);
	CHECK(m.pointCount == 1 && fabs(len - 1.0) <= 1.0e-12, "manifold: %d points, normal length %.17g", m.pointCount, len);
}

// A needle with many repeats (64 points along (1, 1, 1), fuzz_cache3d). Quickhull's horizon check
// cleared its start/end maps only at the horizon edges' starts (and ends), so a vertex that only
// ended an edge kept a start from an earlier step: the loop walk followed it and accepted a broken
// horizon (11 -> 4, 17 -> 11, 14 -> 17), and the fan read the start of a vertex no edge starts at
// (index -1: caught by UBSan's bounds check, which `make test-san` runs this under). Now the
// horizon is rejected and the eye dropped; the input is a needle within tolerance, so the answer is
// NP_ERR_DEGENERATE, as it was before the repeats were dropped.
static void hullHorizonWithStaleStarts(void)
{
	static npHull3 hull;
	const npVec3 points[] = {
		{ -6.6661334220195272, -12.165157144519526, -23.444453349824201 },
		{ -4.5406361204833985, -10.039659557983398, -21.318956610424806 },
		{ 6.6910915437158209, 1.1920680884033201, -10.087228767459962 },
		{ 6.6910915437158209, 1.1920680884033201, -10.087228767459962 },
		{ 6.6910915437158209, 1.1920680884033201, -10.087228767459962 },
		{ -6.6661334220195272, -12.165157144519526, -23.444453349824201 },
		{ 127.78759814375, 122.28857470625, 111.00927932625001 },
		{ -92.4111328125, -97.910156669999992, -109.18945354499999 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4919147491455078, 3.9928913116162108, -7.2864055633837888 },
		{ 7.67919921875, 2.1801757737500003, -9.0991211012500006 },
		{ -9.8721519282667032, -15.371175845825292, -26.650471493469809 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 208.64181900024414, 203.14279638346679, 191.86349950846679 },
		{ 4.8286151886279347, -0.67040826814940946, -11.949705143059566 },
		{ 407.78461538371096, 402.28559276693358, 391.00629840881641 },
		{ 1.9638146024609284, -3.5352096868164153, -14.814504044933585 },
		{ 65.913574211249994, 60.41455101375, 49.135254115750001 },
		{ 91.135200016210945, 85.636177399433592, 74.356879039316397 },
		{ 7.7076339647851562, 2.2086105272851562, -9.0706863703554692 },
		{ 8.1981336870068358, 2.6991102441455088, -8.5801866308544916 },
		{ 407.78461538371096, 402.28559276693358, 391.00629840881641 },
		{ 9.4919147491455078, 3.9928913116162108, -7.2864055633837888 },
		{ 7.7076339647851562, 2.2086105272851562, -9.0706863703554692 },
		{ 407.78461538371096, 402.28559276693358, 391.00629840881641 },
		{ 408.82248388346682, 403.32346127096679, 392.04416691284962 },
		{ 115.47535008140625, 109.97632686228515, 98.697030656980473 },
		{ -6.6661334220195272, -12.165157144519526, -23.444453349824201 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
		{ 9.4990234375, 4, -7.279296875 },
	};
	npResult r = npMakeHull3(points, (int)(sizeof points / sizeof points[0]), &hull);
	CHECK(r == NP_OK || r == NP_ERR_DEGENERATE, "needle with repeats: code %d", (int)r);
}

// A box only 4.9e-324 thick (the smallest subnormal half extent, which npMakeBox3 accepts) within a
// wide margin (31.7) of a triangle: npCollide3 returns one speculative point with the normal
// (0, 0, 0), and a contact cache rejected that manifold (fuzz_cache3d, 480 s run; present before
// session 10 too). Normals are unit length (collide3d.h). The search picks an edge pair (its axis
// from the edges' unit directions), but edgePairContact (manifold3d.c) recomputed the axis from the
// edges' end points, and the box's 1e-323-long edge, moved to z = 23.75, has both ends at the same
// point. Fixed: when that cross product is zero, the axis comes from the unit directions
// (edgeAxisFromDirections); the normal is now (0.9958, -0.0919, 0), perpendicular to the box's
// thin edge.
static void speculativeNormalOfASubnormalBox(void)
{
	npShape3 tri, box;
	CHECK(npMakeTriangle3((npVec3){ 3, 20.2685546875, 6.59375 }, (npVec3){ 0.0732421875, 3, 3 },
						  (npVec3){ -1, -23.0908203125, 3 }, &tri) == NP_OK,
		  "triangle");
	CHECK(npMakeBox3((npVec3){ 1.453125, 1.453125, 4.9406564584124654e-324 }, &box) == NP_OK, "box");
	npTransform3 xa = { { -23.25, -1, 0 }, { 0, 0, 0, 1 } }, xb = { { 0, 0.0009765625, 23.75 }, { 0, 0, 0, 1 } };
	npManifold3 m = npCollide3(&tri, xa, &box, xb, 31.747070312499979);
	double len = sqrt(m.normal.x * m.normal.x + m.normal.y * m.normal.y + m.normal.z * m.normal.z);
	CHECK(m.pointCount == 0 || fabs(len - 1.0) <= 1e-12, "subnormal box: %d points, normal of length %g", m.pointCount, len);
	CHECK(m.pointCount == 0 || m.normal.z == 0.0, "subnormal box: the edge axis is perpendicular to the thin edge (z %g)",
		  m.normal.z);
}

// A needle hull (six points within 35 of the origin and one at (1e6, 1e6, 1e6)) around a sphere of
// radius 1/64 whose centre is 1.4 inside it (fuzz_pairs3d, found by CI's fuzz smoke run):
// npDistance3 said "apart by 0.069" and npPenetration3 "not overlapping" while npOverlap3 said
// overlapping. GJK's direction v, the weighted sum of a needle triangle's corners, was off by
// 2.5e-6 (1e-12 of the scale, its rounding), which tilted it enough for the support point along
// -v to be the far vertex again, already in the simplex, and the search stopped there. Fixed: GJK
// then retries once along the origin's projection onto the simplex's plane (npRefineDirection3,
// gjk3d.c). The expected depth is brute force: the signed distances to the planes through every
// triple of points that has all points on one side (long double), the largest of them.
static void distanceInsideANeedleHull(void)
{
	static const npVec3 points[7] = {
		{ 0, -0.0, -17.208984374999996 },	  { -9.5380859375, -9.5380859764999997, -9.5380859764999997 },
		{ -9.5380859764999997, -9.5380859375, 8.7841796875 }, { 24.25, -0.1396484375, -0.0009765625 },
		{ 0, -0.0, -17.208984374999996 },	  { 1000000, 1000000, 1000000 },
		{ 0.0009765625, -13.75, 0 },
	};
	const npVec3 centre = { 21, 0, 0 }; // the sphere's centre in the hull's frame
	long double outside = -1.0e30L;     // largest signed distance to a face plane: minus the depth
	for (int i = 0; i < 7; ++i)
		for (int j = i + 1; j < 7; ++j)
			for (int k = j + 1; k < 7; ++k)
			{
				long double e1[3] = { (long double)points[j].x - points[i].x, (long double)points[j].y - points[i].y,
									  (long double)points[j].z - points[i].z };
				long double e2[3] = { (long double)points[k].x - points[i].x, (long double)points[k].y - points[i].y,
									  (long double)points[k].z - points[i].z };
				long double n[3] = { e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
									 e1[0] * e2[1] - e1[1] * e2[0] };
				long double len = sqrtl(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
				if (len == 0.0L)
					continue;
				int above = 0, below = 0;
				for (int m = 0; m < 7; ++m)
				{
					long double s = n[0] * (points[m].x - points[i].x) + n[1] * (points[m].y - points[i].y) +
									n[2] * (points[m].z - points[i].z);
					above += s > 0.0L;
					below += s < 0.0L;
				}
				if (above > 0 && below > 0)
					continue; // not a face
				long double side = above > 0 ? -1.0L : 1.0L; // outward
				long double d = side * (n[0] * (centre.x - points[i].x) + n[1] * (centre.y - points[i].y) +
										n[2] * (centre.z - points[i].z)) / len;
				if (d > outside)
					outside = d;
			}
	CHECK(outside < -1.0L, "needle hull: brute force puts the centre inside (largest face distance %Lg)", outside);
	double depth = (double)-outside + 0.015625;

	static npHull3 hull;
	npShape3 a, b;
	CHECK(npMakeHull3(points, 7, &hull) == NP_OK && npMakeHullShape3(&hull, &a) == NP_OK, "needle hull");
	CHECK(npMakeSphere(0.015625, &b) == NP_OK, "sphere");
	npTransform3 xa = { { -21, 0, 0 }, { 0, 0, 0, 1 } }, xb = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npDistanceResult3 d = npDistance3(&a, xa, &b, xb);
	CHECK(npOverlap3(&a, xa, &b, xb), "needle hull: overlap");
	CHECK(d.distance == 0.0, "needle hull: distance %.17g for a sphere 1.4 inside", d.distance);
	npPenetrationResult3 p = npPenetration3(&a, xa, &b, xb);
	CHECK(p.overlapping && fabs(p.depth - depth) <= 1.0e-9 * 2.0e6, "needle hull: depth %.17g, brute force %.17g",
		  p.depth, depth);
}

// npRefreshContactCache3 takes any finite quaternion (raw transforms included) and rotated the
// cached local normal by it: a quaternion 3.2e-6 short of unit length gave a normal of length
// 0.9999968 (fuzz_cache3d, 420 s run). Normals are unit length (manifold3d.h); the refresh now
// rescales the rotated normal when the quaternion is off unit length (a unit one keeps its bits).
static void refreshWithAShortQuaternion(void)
{
	npContactCache3 cache;
	CHECK(npInitContactCache3(&cache, 0.02, 0.1) == NP_OK, "cache");
	npTransform3 unit = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	CHECK(npAddContactPoint3(&cache, (npVec3){ 0, 0, 0.01 }, (npVec3){ 0, 0, 0 }, (npVec3){ 0, 0, 1 }, 7, unit, unit) ==
			  NP_OK,
		  "contact point");
	double k = sqrt(1.0 - 3.2e-6); // the quaternion's length
	npTransform3 shortA = { { 0, 0, 0 }, { 0.3 * k, -0.1 * k, 0.2 * k, sqrt(1.0 - 0.14) * k } };
	int kept = npRefreshContactCache3(&cache, shortA, unit);
	double len = sqrt(cache.normal.x * cache.normal.x + cache.normal.y * cache.normal.y + cache.normal.z * cache.normal.z);
	CHECK(kept == 0 || fabs(len - 1.0) <= 1e-12, "refresh with a short quaternion: normal of length %.17g", len);
	CHECK(kept == 1, "refresh with a short quaternion: %d points kept", kept);
}

// A sphere (radius 1/64) at the origin against a flat hull (11 points within about 1e-6 of the plane
// z = 0.0911 y, 850 wide), two of them 1.5e-5 apart: npDistance3 said 315.7 apart, npPenetration3
// not overlapping, and a cast of the hull by a zero translation reported a hit that was not an
// initial overlap, while npOverlap3 (and the cast of the sphere) said overlapping (fuzz_casts3d).
// GJK's tetrahedron step met the near-duplicate vertex: the tetrahedron was 9e-14 thick, its fourth
// corner computed exactly on the plane of the face GJK came from (that face's side test read 0), so
// that face was not considered and only a sliver face was, 315.7 from the origin. Expected: the
// origin's distance to the hull's surface by brute force over every triangle of the points, inside
// or outside by the face planes of every triple, in long double.
static void sphereOnAFlatHullWithNearDuplicates(void)
{
	static const npVec3 points[11] = {
		{ -0.14115550073242211, 1.8124023461499997e-05, 2.6406249999999998e-06 },
		{ -2.0087590029296876, 1.8000001023999997e-05, 2.6406249999999998e-06 },
		{ -2.0087890625000004, -1.9762625833649862e-323, 9.9999999999999995e-07 },
		{ -314.50958653442382, -374.97656299996771, -34.177550269531253 },
		{ -314.50960159301758, -374.97656299996873, -34.177550269531253 },
		{ -315.70988464355469, -2.083203125e-05, 9.9999999999999995e-07 },
		{ 289.0897102355957, 1.93310546875e-05, 9.9999999999999995e-07 },
		{ 4.991399444580078, 0.0180004638911875, 0.0016416249999999999 },
		{ 414.5438404083252, 450.17578459828121, 41.031647728515622 },
		{ 536.87257385253906, 108.00002995259374, 9.8437509999999993 },
		{ 7.4790449142456055, 8.349609554101562, 0.76103310449218753 },
	};
	const double radius = 0.015625;
	LVec3 p[11], origin = { 0.0L, 0.0L, 0.0L };
	for (int i = 0; i < 11; ++i)
		p[i] = (LVec3){ points[i].x, points[i].y, points[i].z };
	long double surface = 1.0e30L, outside = -1.0e30L;
	for (int i = 0; i < 11; ++i)
		for (int j = i + 1; j < 11; ++j)
			for (int k = j + 1; k < 11; ++k)
			{
				LVec3 q = closestOnTriangleL(origin, p[i], p[j], p[k]);
				surface = fminl(surface, sqrtl(ldot(q, q)));
				LVec3 e1 = lsub(p[j], p[i]), e2 = lsub(p[k], p[i]);
				LVec3 n = { e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x };
				long double len = sqrtl(ldot(n, n));
				int above = 0, below = 0;
				for (int m = 0; m < 11 && len > 0.0L; ++m)
				{
					long double s = ldot(n, lsub(p[m], p[i]));
					above += s > 0.0L;
					below += s < 0.0L;
				}
				if (len == 0.0L || (above > 0 && below > 0))
					continue; // not a face
				outside = fmaxl(outside, (above > 0 ? -1.0L : 1.0L) * ldot(n, lsub(origin, p[i])) / len);
			}
	// The origin's signed distance to the hull: + outside, - inside.
	long double signedDistance = outside > 0.0L ? surface : -surface;
	CHECK(signedDistance < radius, "flat hull: brute force puts the sphere apart (%Lg)", signedDistance);
	double depth = (double)(radius - signedDistance);

	static npHull3 hull;
	npShape3 a, b;
	CHECK(npMakeHull3(points, 11, &hull) == NP_OK && npMakeHullShape3(&hull, &a) == NP_OK, "flat hull");
	CHECK(npMakeSphere(radius, &b) == NP_OK, "sphere");
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	CHECK(npOverlap3(&a, id, &b, id), "flat hull: overlap");
	npDistanceResult3 d = npDistance3(&a, id, &b, id);
	CHECK(d.distance == 0.0, "flat hull: distance %.17g for a sphere overlapping by %.17g", d.distance, depth);
	npPenetrationResult3 pen = npPenetration3(&a, id, &b, id);
	CHECK(pen.overlapping && fabs(pen.depth - depth) <= 1.0e-9 * 1000.0, "flat hull: depth %.17g, brute force %.17g",
		  pen.depth, depth);
	npShapeCastInput3 cast = { &a, id, { 0, 0, 0 }, &b, id, npDefaultCastOptions3() };
	npCastHit3 hit;
	CHECK(npShapeCast3(&cast, &hit) == NP_OK && hit.hit && hit.initialOverlap && hit.fraction == 0.0,
		  "flat hull: a zero cast is an overlap test (hit %d, initial %d)", hit.hit, hit.initialOverlap);
}

// A sliver: 16 points within about 1e-7 of the line x = y = z, 120 long (fuzz_rays3d). Planes through
// that line at every angle hold all of them within the hull's tolerance, so the face merge grouped
// the top, the bottom and the sides into one loop that passed a vertex twice, and the hull came out
// with no side faces: a point 0.017 from the line (the distance to the line through two of the
// points, computed here) was inside every face plane, and a ray passing there hit it. Expected: every
// face loop is simple, some face plane has that point outside by far more than the sliver's
// thickness, and the ray misses (the plain clip, as in rayBesideASliverHull). Failed before pinched
// loops sent the hull to the unmerged writer.
static void sliverHullKeepsItsSides(void)
{
	const npVec3 a = { -59.92578125, -59.925781368999999, -59.925781368999999 };
	const npVec3 b = { 16.206821441650391, 16.206821637185541, 16.206821637185541 };
	npVec3 points[16] = { a, { 60.742706678359369, 60.742706868124991, 60.742706508925771 },
						  { 60.742705892187494, 60.742706081953116, 60.742705722753897 }, a, a, a, a, b,
						  { 14.691185377499998, 14.691185376597655, 14.691185016622068 }, a,
						  { -51.454101562506779, -51.454101646506778, -51.454101646506778 },
						  { -31.122070312513557, -31.122070312513557, -31.122070312513557 },
						  { -31.12884765628478, -31.12884765628478, -31.128847656231777 }, b, a, a };
	static npHull3 hull;
	npShape3 sliver;
	CHECK(npMakeHull3(points, 16, &hull) == NP_OK && npMakeHullShape3(&hull, &sliver) == NP_OK, "sliver hull");

	bool simple = true;
	for (int f = 0; f < hull.faceCount; ++f)
	{
		int seen[NP_MAX_HULL_VERTICES] = { 0 };
		int start = hull.faceEdge[f], e = start, guard = 0;
		do
		{
			simple = simple && seen[hull.halfEdges[e].origin]++ == 0;
			e = hull.halfEdges[e].next;
		} while (e != start && ++guard < NP_MAX_HULL_HALF_EDGES);
	}
	CHECK(simple, "sliver hull: a face loop passes a vertex twice");

	npVec3 p = { 4.8335e-13, 0.00829585, 0.0240005 };
	npVec3 u = { b.x - a.x, b.y - a.y, b.z - a.z }, w = { p.x - a.x, p.y - a.y, p.z - a.z };
	double along = (u.x * w.x + u.y * w.y + u.z * w.z) / (u.x * u.x + u.y * u.y + u.z * u.z);
	double off = hypot(hypot(w.x - along * u.x, w.y - along * u.y), w.z - along * u.z);
	double outside = -INFINITY;
	for (int f = 0; f < hull.faceCount; ++f)
		outside = fmax(outside, hull.planes[f].normal.x * p.x + hull.planes[f].normal.y * p.y +
									hull.planes[f].normal.z * p.z - hull.planes[f].offset);
	CHECK(off > 0.017 && outside > 1e-3, "sliver hull: a point %g from its line is only %g outside its planes", off,
		  outside);

	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npRayInput3 ray = npMakeRayInput3((npVec3){ 0, 0.0078125, 10.416015625 }, (npVec3){ 1e-12, 0.001, -21.5 });
	ray.solid = false;
	npRayHit3 hit;
	CHECK(npRayCast3(&sliver, id, &ray, &hit) == NP_OK && !hit.hit, "sliver hull: a ray 0.006 beside it hit it at %.17g",
		  hit.fraction);
}

// How far a point is outside the hull's planes (the largest n . q - d; at most 0 inside).
static double outsidePlanes(const npHull3* hull, npVec3 q)
{
	double outside = -INFINITY;
	for (int f = 0; f < hull->faceCount; ++f)
		outside = fmax(outside, hull->planes[f].normal.x * q.x + hull->planes[f].normal.y * q.y +
									hull->planes[f].normal.z * q.z - hull->planes[f].offset);
	return outside;
}

// w in the frame of xf (the inverse rotation by the conjugate quaternion), written out.
static npVec3 toLocal(npTransform3 xf, npVec3 w)
{
	npVec3 v = { w.x - xf.p.x, w.y - xf.p.y, w.z - xf.p.z };
	npQuat q = { -xf.q.x, -xf.q.y, -xf.q.z, xf.q.w };
	npVec3 c = { q.y * v.z - q.z * v.y, q.z * v.x - q.x * v.z, q.x * v.y - q.y * v.x };
	npVec3 c2 = { q.y * c.z - q.z * c.y, q.z * c.x - q.x * c.z, q.x * c.y - q.y * c.x };
	return (npVec3){ v.x + 2.0 * (q.w * c.x + c2.x), v.y + 2.0 * (q.w * c.y + c2.y), v.z + 2.0 * (q.w * c.z + c2.z) };
}

// Distance from q to the line through a and b.
static double fromLine(npVec3 a, npVec3 b, npVec3 q)
{
	npVec3 u = { b.x - a.x, b.y - a.y, b.z - a.z }, w = { q.x - a.x, q.y - a.y, q.z - a.z };
	double s = (u.x * w.x + u.y * w.y + u.z * w.z) / (u.x * u.x + u.y * u.y + u.z * u.z);
	return hypot(hypot(w.x - s * u.x, w.y - s * u.y), w.z - s * u.z);
}

// A sliver's hull must not reach beyond it: every point of the ray (in the hull's frame) farther
// than 1e-3 from the sliver's line (its points lie within 1e-6 of it) is outside some face plane by
// more than 1e-6, and the ray does not hit the sliver there.
static void checkSliverHull(const char* name, const npVec3* points, int count, npVec3 a, npVec3 b, npTransform3 xf,
							npRayInput3 ray)
{
	static npHull3 hull;
	npShape3 sliver;
	CHECK(npMakeHull3(points, count, &hull) == NP_OK && npMakeHullShape3(&hull, &sliver) == NP_OK, "%s: hull", name);
	CHECK(hull.faceCount != 2 || hull.flat, "%s: two faces, not flat", name);
	int inside = 0;
	for (int k = 0; k <= 256; ++k)
	{
		double t = ray.maxFraction * k / 256.0;
		npVec3 w = { ray.origin.x + t * ray.direction.x, ray.origin.y + t * ray.direction.y,
					 ray.origin.z + t * ray.direction.z };
		npVec3 q = toLocal(xf, w);
		if (fromLine(a, b, q) > 1e-3 && !hull.flat && outsidePlanes(&hull, q) <= 1e-6)
			inside += 1;
	}
	CHECK(inside == 0, "%s: %d points of the ray far from the sliver are inside its planes", name, inside);
	npRayHit3 hit;
	CHECK(npRayCast3(&sliver, xf, &ray, &hit) == NP_OK, "%s: ray", name);
	CHECK(!hit.hit || fromLine(a, b, toLocal(xf, hit.point)) <= 1e-3,
		  "%s: a hit %g from the sliver's line", name, fromLine(a, b, toLocal(xf, hit.point)));
}

// Slivers whose merged faces lost their sides (fuzz_rays3d): points within about 1e-7 of the line
// x = y = z, 160 long. The first merged into two faces, a polygon and its reverse, but was not
// marked flat, and its two planes, read as a solid, were a slab without sides: a ray hit it 136
// from its line. The second merged faces folded about 90 degrees apart (planes through the line at
// every angle hold its points within the tolerance), and a ray hit it 1.1 off. Expected: no point
// of the rays far from the line inside the planes, no hit there. Failed before a two-face hull was
// flat and merged neighbours had to face within 1.4e-3 rad of the seed.
static void sliversKeepTheirShape(void)
{
	const npVec3 A = { -60.342746736341795, -60.342746855341794, -60.342746852081056 };
	const npVec3 B = { 13.301300428359369, 13.301300422124996, 13.301300062925776 };
	const npVec3 C = { 101.56561360924999, 101.56561388334373, 101.56561336452341 };
	npVec3 first[16] = { A, B, A, A, A, { 60.742706678359369, 60.742706868124991, 60.742706508925771 }, B, A,
						 { 74.648174831076162, 74.648174993962868, 74.648174475142554 }, C, C,
						 { 101.56561366346875, 101.56561393756249, 101.56561341874217 },
						 { 101.56561286374217, 101.56561313783592, 101.56561261901561 },
						 { -31.108833306183591, -31.108833306156249, -31.108833306208009 }, A, A };
	npTransform3 xf1 = { { -0.00097656250000000022, -21.5, 1.4638671875 }, { -0.5, -0.5, -0.5, -0.5 } };
	npRayInput3 ray1 = npMakeRayInput3((npVec3){ -9.7509765625, -9.7890625399999998, -9.7890625399999998 },
									   (npVec3){ -9.7890625399999998, -9.7890625399999998, 6.25 });
	ray1.solid = false;
	checkSliverHull("two-face sliver", first, 16, A, C, xf1, ray1);

	const npVec3 D = { -58.231445368499998, -58.231445424499995, -58.231445318499993 };
	const npVec3 E = { -31.1220703125, -31.1220703125, -31.1220703125 };
	const npVec3 F = { 60.742706678359369, 60.742706868124991, 60.742706508925771 };
	npVec3 second[16] = { { -30.930133818814454, -30.930133818787109, -30.930133820236328 }, E, F,
						  { 60.742705892187494, 60.742706081953116, 60.742705722753897 }, E, D, D,
						  { -45.3544921903, -45.354492246299998, -45.354492240999996 },
						  { -55.597282334390627, -55.597282510785163, -55.597282653274419 }, D, D, D, D, D, D, D };
	npTransform3 xf2 = { { 2, 3, -0.50292968750000033 }, { -0.5, -0.5, -0.5, -0.5 } };
	const npRayInput3 rays2[4] = {
		npMakeRayInput3((npVec3){ -0.50292968750000033, -0.50292968750000033, -0.55761718750000033 },
						(npVec3){ 2, 0.5, -6.777343771 }),
		npMakeRayInput3((npVec3){ 6.4726561770000002, 0, 0 }, (npVec3){ 31.48828125, -31, 0.0029296875 }),
		npMakeRayInput3((npVec3){ 0, 0, 0 }, (npVec3){ 0, 0, 0.0400390625 }),
		npMakeRayInput3((npVec3){ 0.001, -21.5, 1.4638671875 }, (npVec3){ -9.0048828125, -0.25, 0 }),
	};
	for (int k = 0; k < 4; ++k)
	{
		npRayInput3 ray = rays2[k];
		ray.solid = false;
		if (k == 2)
			ray.maxFraction = 9.9999999999999998e-13;
		checkSliverHull("folded sliver", second, 16, D, F, xf2, ray);
	}
}

// A box at the origin and a hull of 64 points that comes down to 4 vertices, one 1e12 out
// (fuzz_pairs3d): a GJK tetrahedron whose edges from corner 0 cancelled to a determinant of exactly
// 0 passed flatTetrahedron (measured from another corner), its inside weights came out 0 * inf =
// NaN, and npDistance3 reported an overlap with NaN points (npOverlap3 said apart). Expected: the
// three queries agree, the points are finite, and the distance is the long-double brute force's
// (pointSetsDistanceL over the box's corners and the hull's vertices) within 1e-3 (GJK's
// rounding at 1e12 is about 1e-4).
static void boxBesideATeraHull(void)
{
	const npVec3 points[64] = {
		{ -0, -4.9406564584124654e-324, 0 }, { 1, 1000000, -2.0673828125 }, { 0.25, 0, 0.017578125 },
		{ -9.5380859375, 9.537109375, -9.5380859375 }, { -9.5380859764999997, -9.5380859764999997, 0.18457024550000001 }, { 999999999999.99988, 999999999999.99988, 999999999999.99988 },
		{ 999999999999.99988, 999999999999.99988, 999999999999.99988 }, { -19.0009765625, -30.3154296875, 3 }, { 0, 0.057617187500000014, -20.501953125 },
		{ -9.5380859375, 9.537109375, -9.5380859375 }, { -9.5380859375, 9.537109375, -9.5380859375 }, { -1e-300, 14.751953125, -20.501953125 },
		{ -9.5380859375, 9.537109375, -9.5380859375 }, { -9.5380859764999997, -9.5380859764999997, 0.18457024550000001 }, { -20.5810546875, 1000000, 1000000 },
		{ 2.501953125, 0.10000000000000001, -0.00097656250000000065 }, { 0.5, 14.751953125, -20.501953125 }, { -0, -4.9406564584124654e-324, 0 },
		{ -1e-300, 14.751953125, -20.501953125 }, { 9.9999999999999995e-07, 1000000, -0 }, { -19.0009765625, -30.3154296875, 3 },
		{ 0.25, 0, 0.017578125 }, { -9.5380859375, 9.537109375, -9.5380859375 }, { -9.5380859764999997, -9.5380859764999997, 0.18457024550000001 },
		{ 3, 3, 0.001 }, { 0.0009765625, -16.75, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
		{ 0, 0, 0 }
	};
	static npHull3 hull;
	npShape3 box, needle;
	CHECK(npMakeHull3(points, 64, &hull) == NP_OK && npMakeHullShape3(&hull, &needle) == NP_OK &&
			  npMakeBox3((npVec3){ 0.9375, 0.046875, 3.984375 }, &box) == NP_OK,
		  "shapes");
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npDistanceResult3 d = npDistance3(&box, id, &needle, id);
	bool overlap = npOverlap3(&box, id, &needle, id);
	LVec3 corners[8], vertices[NP_MAX_HULL_VERTICES];
	for (int i = 0; i < 8; ++i)
		corners[i] = (LVec3){ i & 1 ? 0.9375L : -0.9375L, i & 2 ? 0.046875L : -0.046875L, i & 4 ? 3.984375L : -3.984375L };
	for (int i = 0; i < hull.vertexCount; ++i)
		vertices[i] = (LVec3){ hull.vertices[i].x, hull.vertices[i].y, hull.vertices[i].z };
	double brute = (double)pointSetsDistanceL(corners, 8, vertices, hull.vertexCount);
	CHECK(finite3(d.pointA) && finite3(d.pointB) && !overlap && fabs(d.distance - brute) <= 1e-3,
		  "box beside a 1e12 hull: distance %.17g (brute force %.17g), overlap %d, points finite %d", d.distance, brute,
		  overlap, finite3(d.pointA) && finite3(d.pointB));
}

// A box near a flat hull 1e12 across (its vertices (-0.2, 0, 0.17), (1e6, 1e6, -0.001) and (1e12,
// 1e12, 1e12); the input's point (-20.6, 8.8, 16.1), 1.2e-11 of the scale off that plane, is merged
// into it, and the hull keeps the two planes 20.6 apart), 0.2 from the box: a near touch, within
// GJK's tolerance (1e-12 of the scale, 1.7), so "overlapping" and "apart" are both right, but not a
// deep overlap. EPA started from a simplex that did not hold the origin and ended on a facet 9
// degrees off the plane: depth 1.6e11 and pointB 1.6e11 off the hull (fuzz_pairs3d; npOverlap3 said
// apart). The true depth is at most the overlap along any axis. References in long double: the box's
// corners across the plane of the hull's three vertices (normal by a cross product of its edges),
// and the brute-force distance of the two point sets. Expected: the distance a near touch, and a
// depth within 1e-10 of the scale (173) of the overlap across the plane, pointB that close to it.
static void boxNearAFlatTeraHull(void)
{
	const npVec3 points[8] = { { -0.0009765625, -0.00097656250000000022, -0.00097656250000000022 },
		{ -0.00097656250000000022, -0.00097656250000000022, -0.00097656250000000022 },
		{ -0.208984375, -0.0009765625, 0.1689453125 }, { -20.5810546875, 8.7841796875, 16.0947265625 },
		{ 0, -0.00097656250000000022, -0.00097656250000000022 }, { 0, 0, 0.1689453125 },
		{ 1000000, 1000000, -0.00097656250000000022 }, { 1000000000000, 1000000000000, 1000000000000 } };
	static npHull3 hull;
	npShape3 box, flat;
	CHECK(npMakeHull3(points, 8, &hull) == NP_OK && npMakeHullShape3(&hull, &flat) == NP_OK &&
			  npMakeBox3((npVec3){ 0.9375, 0.046875, 3.984375 }, &box) == NP_OK && hull.vertexCount == 3,
		  "shapes (a flat hull of 3 vertices: %d)", hull.vertexCount);
	npTransform3 xa = { { -0.00097656250000000022, -0.25, 0 }, { 0, 0, 0, 1 } }, id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npPenetrationResult3 p = npPenetration3(&box, xa, &flat, id);

	LVec3 corners[8], v[3];
	for (int i = 0; i < 8; ++i)
		corners[i] = (LVec3){ (i & 1 ? 0.9375L : -0.9375L) - 0.00097656250000000022L, (i & 2 ? 0.046875L : -0.046875L) - 0.25L,
							  i & 4 ? 3.984375L : -3.984375L };
	for (int i = 0; i < 3; ++i)
		v[i] = (LVec3){ hull.vertices[i].x, hull.vertices[i].y, hull.vertices[i].z };
	LVec3 e1 = { v[1].x - v[0].x, v[1].y - v[0].y, v[1].z - v[0].z }, e2 = { v[2].x - v[0].x, v[2].y - v[0].y, v[2].z - v[0].z };
	LVec3 n = { e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x };
	long double len = sqrtl(n.x * n.x + n.y * n.y + n.z * n.z);
	long double offset = (n.x * v[0].x + n.y * v[0].y + n.z * v[0].z) / len;
	long double lo = INFINITY, hi = -INFINITY;
	for (int i = 0; i < 8; ++i)
	{
		long double h = (n.x * corners[i].x + n.y * corners[i].y + n.z * corners[i].z) / len - offset;
		lo = h < lo ? h : lo;
		hi = h > hi ? h : hi;
	}
	double planeOverlap = (double)(hi < -lo ? hi : -lo); // the box across the plane, the shallower side
	double brute = (double)pointSetsDistanceL(corners, 8, v, 3);
	double touch = 1.0e-12 * 1.7320508075688772e12, tol = 1.0e-10 * 1.7320508075688772e12;
	double offPlane = (double)fabsl((n.x * p.pointB.x + n.y * p.pointB.y + n.z * p.pointB.z) / len - offset);
	CHECK(brute <= touch && (!p.overlapping || (p.depth <= fmax(planeOverlap, 0.0) + tol && offPlane <= tol)),
		  "box near a flat 1e12 hull (apart by %.6g): overlapping %d, depth %.17g (the overlap along the plane "
		  "normal is %.6g), pointB %.3g off the plane",
		  brute, p.overlapping, p.depth, planeOverlap, offPlane);
}

// A triangle 1e-300 across (accepted since npMakeTriangle3 measures tiny triangles scaled) under a
// ball of radius 1/64 centred on its corner: the pair is not tiny, so nothing is scaled, and the
// triangle's view normal came from a cross product whose length squared a fourth power of 1e-300:
// zero, and npCollide3 returned the zero vector for a normal (fuzz_pairs3d). Expected (closed
// form): one contact, a unit normal, depth the ball's radius (its centre is on the triangle).
static void ballOnATinyTriangle(void)
{
	npShape3 tri, ball;
	CHECK(npMakeTriangle3((npVec3){ 0, 0, 0 }, (npVec3){ 0, -1e-300, -1e-300 }, (npVec3){ -1e-300, 0, 0 }, &tri) == NP_OK &&
			  npMakeSphere(0.015625, &ball) == NP_OK,
		  "shapes");
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npManifold3 m = npCollide3(&tri, id, &ball, id, 0.0);
	double len = sqrt(m.normal.x * m.normal.x + m.normal.y * m.normal.y + m.normal.z * m.normal.z);
	CHECK(m.pointCount == 1 && fabs(len - 1.0) <= 1e-12 && fabs(m.points[0].depth - 0.015625) <= 1e-12,
		  "ball on a 1e-300 triangle: %d points, |normal| %.17g, depth %.17g", m.pointCount, len,
		  m.pointCount > 0 ? m.points[0].depth : 0.0);
}

// A ball of radius 1/64 centred on a vertex of a needle hull reaching 1e9 from the origin, whose
// sliver face's plane, fitted to 1e-6 rad, has its corners spread over 1,000 along its normal: the
// polish read the overlap along that face from its offset and reported depth 1,024 with witnesses
// 0.016 apart along the normal (fuzz_pairs3d, 2026-11-26). Expected (closed form): the centre is on
// the hull's surface, so the cores touch and the depth is the radius; the witnesses agree with it.
static void ballOnANeedleVertex(void)
{
	static const npVec3 points[12] = { { 1e-6, 1e-6, 1 }, { 1e-6, 1e-6, 1e-6 }, { 1e-6, 1e-6, 1e6 }, { 0.5, 1e9, 1e9 },
									   { 0, -0.0009765625, 0 },    { -0.248046875, 0, 0 },
									   { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
	static npHull3 hull;
	npShape3 needle, ball;
	CHECK(npMakeHull3(points, 12, &hull) == NP_OK && npMakeHullShape3(&hull, &needle) == NP_OK &&
			  npMakeSphere(0.015625, &ball) == NP_OK,
		  "shapes");
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	for (int swap = 0; swap < 2; ++swap)
	{
		npPenetrationResult3 p = swap ? npPenetration3(&ball, id, &needle, id) : npPenetration3(&needle, id, &ball, id);
		double along = (p.pointA.x - p.pointB.x) * p.normal.x + (p.pointA.y - p.pointB.y) * p.normal.y +
					   (p.pointA.z - p.pointB.z) * p.normal.z;
		// (the witnesses within 1e-15 of the hull's size, 1e9)
		CHECK(p.overlapping && fabs(p.depth - 0.015625) <= 1e-9 && fabs(along - p.depth) <= 1e-6,
			  "ball on a needle's vertex (swap %d): depth %.17g, witnesses %.17g apart along the normal", swap, p.depth,
			  along);
	}
}

// A capsule whose core is 4.6e-159 long (radius 1/64) and a sphere of radius 1/64, concentric
// (fuzz_casts3d). The segment's |e|^2 is subnormal and its inverse overflowed: GJK's weights were
// inf and NaN, and npDistance3, npPenetration3 and the zero-translation cast returned NaN. Expected
// (closed form): the cores meet at the centre, so distance 0, depth 1/32 along a unit normal, and
// the cast an initial overlap with penetration 1/32.
static void capsuleOfSubnormalCoreAroundASphere(void)
{
	npShape3 capsule, sphere;
	CHECK(npMakeCapsule3(2.2761049594727193e-159, 0.015625, &capsule) == NP_OK && npMakeSphere(0.015625, &sphere) == NP_OK,
		  "shapes");
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npDistanceResult3 d = npDistance3(&capsule, id, &sphere, id);
	npPenetrationResult3 p = npPenetration3(&capsule, id, &sphere, id);
	double len = sqrt(p.normal.x * p.normal.x + p.normal.y * p.normal.y + p.normal.z * p.normal.z);
	CHECK(d.distance == 0.0 && p.overlapping && fabs(p.depth - 0.03125) <= 1e-15 && fabs(len - 1.0) <= 1e-12,
		  "capsule 4.6e-159 long around a sphere: distance %.17g, depth %.17g, |normal| %.17g", d.distance, p.depth, len);
	npShapeCastInput3 in = { &capsule, id, { 0, 0, 0 }, &sphere, id, npDefaultCastOptions3() };
	npCastHit3 hit;
	CHECK(npShapeCast3(&in, &hit) == NP_OK && hit.hit && hit.initialOverlap && fabs(hit.penetration - 0.03125) <= 1e-15 &&
			  isfinite(hit.normal.x) && isfinite(hit.normal.y) && isfinite(hit.normal.z),
		  "zero cast: hit %d, initial %d, penetration %.17g, normal (%g, %g, %g)", hit.hit, hit.initialOverlap,
		  hit.penetration, hit.normal.x, hit.normal.y, hit.normal.z);
}

// fuzz_casts3d (with its normal check, after fuzz_casts2d's found 2D normals off a long face): the
// normal of separated cores was the direction of the gap between the closest points, whose
// coordinates carry the rounding of the shapes' size. A box 0.03 across 0.0039 from the long face
// of a box 3e9 long, turned and unturned: the closed form is the face normal, from the small box
// to the long one, and the distance 0.00390625. Within 1e-12 now; the old normal was 8e-4 rad off.
// (The cast that found it, a box onto a hull needle 3e7 long, is in the fuzz corpus.)
static void distanceNormalBesideALongFace3(void)
{
	npShape3 small, slab;
	npMakeBox3((npVec3){ 0.015625, 0.015625, 0.015625 }, &small);
	npMakeBox3((npVec3){ 0.96875, 1476395008.0, 0.5 }, &slab);
	for (int turned = 0; turned < 2; ++turned)
	{
		// The slab turned about z (0.4 rad) or not; the small box beside its -x face, 12.3 up it.
		double angle = turned ? 0.4 : 0.0, c = cos(0.5 * angle), s = sin(0.5 * angle);
		npTransform3 xb;
		CHECK(npMakeTransform3((npVec3){ 11.25, 0.064453125, 0.25 }, (npQuat){ 0.0, 0.0, s, c }, &xb) == NP_OK, "long face 3D: transform");
		double lx = -0.96875 - 0.00390625 - 0.015625, ly = 12.3;
		npVec3 ux = { cos(angle), sin(angle), 0.0 }, uy = { -sin(angle), cos(angle), 0.0 }; // the slab's axes
		npTransform3 xa = xb;
		xa.p = (npVec3){ xb.p.x + lx * ux.x + ly * uy.x, xb.p.y + lx * ux.y + ly * uy.y, xb.p.z + lx * ux.z + ly * uy.z };
		npDistanceResult3 d = npDistance3(&small, xa, &slab, xb);
		CHECK(fabs(d.distance - 0.00390625) <= 1e-6, "long face 3D #%d: distance %.17g, want 0.00390625", turned, d.distance);
		CHECK(fabs(d.normal.x - ux.x) <= 1e-12 && fabs(d.normal.y - ux.y) <= 1e-12 && fabs(d.normal.z - ux.z) <= 1e-12,
			  "long face 3D #%d: normal (%.17g, %.17g, %.17g), want (%.17g, %.17g, %.17g)", turned, d.normal.x, d.normal.y,
			  d.normal.z, ux.x, ux.y, ux.z);
	}
}

// fuzz_pairs3d: npDistance3 of a sphere (radius 2.109375, at the origin) and a needle hull 1.7e9
// long: GJK stopped on a triangle of the difference whose closest point is not inside it, and the
// distance normal (session 17's simplex normal) was that triangle's, 90 degrees off the gap, so
// pointA stood 3.74 from pointB at a distance of 1.02. Invariants: |pointB - pointA| = distance,
// pointA on the sphere, and the normal along pointB - pointA.
static void sphereBesideANeedleHullDistance(void)
{
	npVec3 p[12] = { { 1e9, 1e9, 1e9 }, { 9.9999999999999998e-13, -29.365234375, -29.365234375 },
					 { -9.5380859764999997, -9.5380859764999997, 11.6689452295 }, { 1e9, 1e9, 1e9 },
					 { -29.365234375, -29.365234375, -29.2880859375 }, { -9.5380859764999997, -9.5380859764999997, -9.5380859764999997 },
					 { -9.5380859764999997, -9.5380859764999997, -9.5380859764999997 },
					 { -9.5380860555000009, -29.2509765625, -29.365234375 }, { -29.365234375, -29.365234375, -0.115234375 },
					 { 0.748046875, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
	static npHull3 hull;
	npShape3 needle, ball;
	CHECK(npMakeHull3(p, 12, &hull) == NP_OK && npMakeHullShape3(&hull, &needle) == NP_OK && npMakeSphere(2.109375, &ball) == NP_OK,
		  "shapes");
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npDistanceResult3 d = npDistance3(&ball, id, &needle, id);
	npVec3 g = { d.pointB.x - d.pointA.x, d.pointB.y - d.pointA.y, d.pointB.z - d.pointA.z };
	double gap = sqrt(g.x * g.x + g.y * g.y + g.z * g.z);
	double onSphere = sqrt(d.pointA.x * d.pointA.x + d.pointA.y * d.pointA.y + d.pointA.z * d.pointA.z);
	double along = d.normal.x * g.x + d.normal.y * g.y + d.normal.z * g.z;
	CHECK(d.distance > 0.0 && fabs(gap - d.distance) <= 1e-6 && fabs(onSphere - 2.109375) <= 1e-9 && fabs(along - d.distance) <= 1e-6,
		  "sphere beside a needle hull: distance %.17g, |pointB - pointA| %.17g, |pointA| %.17g, normal . gap %.17g", d.distance, gap,
		  onSphere, along);
}

// fuzz_meshcasts3d: npDistance3 of a hull with two vertices 4.9e-12 apart and a sliver triangle of a
// mesh said 0 at one pose of a sweep along which the shapes stay 0.12 to 0.20 apart. GJK's last
// tetrahedron had two corners that close; flatTetrahedron measures from the corner with the
// smallest edge product, which sits on that tiny edge, and passed it as sound (det 1e-18 for edges
// of 24 and 390), the face tests counted the origin inside, and the weights came out 1e21 and
// -1e21. Expected, independent of GJK: a separating-axis lower bound by brute force (the triangle's
// normal and every cross product of a difference of two hull points with a triangle edge, each
// axis measured over all points), which the distance can never undercut.
static double separationAlong(npVec3 u, const npVec3* a, int na, const npVec3* b, int nb)
{
	double len = sqrt(u.x * u.x + u.y * u.y + u.z * u.z);
	if (!(len > 1e-9))
		return -INFINITY;
	double maxA = -INFINITY, minA = INFINITY, maxB = -INFINITY, minB = INFINITY;
	for (int i = 0; i < na; ++i)
	{
		double d = (u.x * a[i].x + u.y * a[i].y + u.z * a[i].z) / len;
		maxA = fmax(maxA, d);
		minA = fmin(minA, d);
	}
	for (int i = 0; i < nb; ++i)
	{
		double d = (u.x * b[i].x + u.y * b[i].y + u.z * b[i].z) / len;
		maxB = fmax(maxB, d);
		minB = fmin(minB, d);
	}
	return fmax(minB - maxA, minA - maxB);
}

static void hullBesideASliverTriangleIsApart(void)
{
	static const npVec3 p[15] = {
		{ -24.872741699240748, -1.40789797290625, -0.40789794921875017 }, { -97.261880874643225, -73.7970374352373, -72.797037124633817 },
		{ -24.458470344543457, -0.99362659451608981, 0.0063734054565429809 }, { -24.46484375, -1, -0 },
		{ -26.096435546875, -2.6315918036249997, -1.6315917968750007 }, { -23.445098876930274, 0.019744900117187547, 1.0197448730468754 },
		{ 132.78618907927523, 156.25103347040476, 157.25103282928472 }, { -24.464843750024464, -1.0000000244648437, -3.4584595208887258e-323 },
		{ -24.46484375, -0.99999999999900002, -3.4584595208887258e-323 }, { -24.464843750024347, -1.0000000243457032, 0 },
		{ 132.78618907928467, 156.25103347984717, 157.25103282928472 }, { -25.739524841308594, -2.2746810965820314, -1.2746810913085942 },
		{ 132.78618907928467, 156.25103347984228, 157.25103282928472 }, { -24.464843756510952, -0.99999999110937499, -6.5263671875000027e-09 },
		{ -17.938476562521082, 5.5263671934169913, 6.5263671875000027 },
	};
	npVec3 t[3] = { { 1.0000000000000001e-09, -24.2294921875, 0.001 }, { 0.10000000000000001, -0, -0.2421875 },
					{ 2.2250738585072014e-308, -0.2080078125, 0.001 } };
	static npHull3 hull;
	npShape3 hs, tri;
	CHECK(npMakeHull3(p, 15, &hull) == NP_OK && npMakeHullShape3(&hull, &hs) == NP_OK && npMakeTriangle3(t[0], t[1], t[2], &tri) == NP_OK,
		  "shapes");
	// Both rotations are the identity: the points in world space are the local ones moved.
	npVec3 at = { 26.2490234375 + 0.4 * 0.1, 16.000000000000004 + 0.4 * 0.25, -9.4375 + 0.4 * 0.2138671875 };
	npVec3 mesh = { -9.6875000000000089, 9.046875, -21.0830078125 };
	npTransform3 xh = { at, { 0, 0, 0, 1 } }, xm = { mesh, { 0, 0, 0, 1 } };
	npVec3 a[15], b[3];
	for (int i = 0; i < 15; ++i)
		a[i] = (npVec3){ p[i].x + at.x, p[i].y + at.y, p[i].z + at.z };
	for (int i = 0; i < 3; ++i)
		b[i] = (npVec3){ t[i].x + mesh.x, t[i].y + mesh.y, t[i].z + mesh.z };
	npVec3 e[3] = { { b[1].x - b[0].x, b[1].y - b[0].y, b[1].z - b[0].z }, { b[2].x - b[1].x, b[2].y - b[1].y, b[2].z - b[1].z },
					{ b[0].x - b[2].x, b[0].y - b[2].y, b[0].z - b[2].z } };
	double bound = separationAlong((npVec3){ e[0].y * e[1].z - e[0].z * e[1].y, e[0].z * e[1].x - e[0].x * e[1].z,
											 e[0].x * e[1].y - e[0].y * e[1].x },
								   a, 15, b, 3);
	for (int i = 0; i < 15; ++i)
		for (int j = i + 1; j < 15; ++j)
			for (int k = 0; k < 3; ++k)
			{
				npVec3 d = { a[j].x - a[i].x, a[j].y - a[i].y, a[j].z - a[i].z };
				npVec3 u = { d.y * e[k].z - d.z * e[k].y, d.z * e[k].x - d.x * e[k].z, d.x * e[k].y - d.y * e[k].x };
				bound = fmax(bound, separationAlong(u, a, 15, b, 3));
			}
	npDistanceResult3 d = npDistance3(&hs, xh, &tri, xm);
	CHECK(bound > 0.1 && d.distance >= bound - 1e-9, "hull beside a sliver triangle: distance %.17g, separated by at least %.17g",
		  d.distance, bound);
}

// fuzz_pairs3d (distance-normal check): a small triangle 61 from a sliver triangle 3e7 long and a
// few units wide (2.3e-6 of the scale). GJK stops on an edge of each (a triangle of A - B 1.6e7 long
// and 27 wide), whose weights' rounding puts the closest point on the sliver 2e-4 off, and the normal,
// the gap's direction, was 5e-6 rad off the edge pair's cross product: the sliver reached 81 beyond
// the plane through pointB (the check allows 1e-7 of the scale, 2.6). Now such an ill-conditioned
// triangle offers its own normal as a rival, and the better supported wins (gjk3d.c). Expected, by
// brute force over the vertices: each triangle behind the plane through its point. Fails before the
// fix (B 81 beyond).
static void distanceNormalBesideASliverTriangle(void)
{
	npShape3 small, sliver;
	CHECK(npMakeTriangle3((npVec3){ 0, 1, 0 }, (npVec3){ 4.5162040733070424e-312, -17.0087890625, -20.7080078125 },
						  (npVec3){ 0.001953125, 0.0009765625, -0.25 }, &small) == NP_OK &&
			  npMakeTriangle3((npVec3){ -15059590.752685543, -15059569.280637737, -15059591.006152339 },
							  (npVec3){ 15058576.928710938, 15058602.047927856, 15058574.50390625 },
							  (npVec3){ -1000020.8310546875, -999999.7529296875, -1000020.85 }, &sliver) == NP_OK,
		  "triangles");
	npTransform3 xa, xb;
	CHECK(npMakeTransform3((npVec3){ -1, 0.001, -15.059570312500007 }, (npQuat){ 0.70710678118654757, 0, 0, 0.70710678118654757 },
						   &xa) == NP_OK &&
			  npMakeTransform3((npVec3){ 26.603515625, 26.603515625, 26.603515625 },
							   (npQuat){ 0.70710678118654757, 0, 0, 0.70710678118654757 }, &xb) == NP_OK,
		  "transforms");
	npDistanceResult3 d = npDistance3(&small, xa, &sliver, xb);
	npVec3 n = d.normal, back = { -n.x, -n.y, -n.z };
	double beyondA = bruteSupport3(&small, xa, n) - (n.x * d.pointA.x + n.y * d.pointA.y + n.z * d.pointA.z);
	double beyondB = bruteSupport3(&sliver, xb, back) - (back.x * d.pointB.x + back.y * d.pointB.y + back.z * d.pointB.z);
	CHECK(d.distance > 0.0, "the triangles are apart");
	CHECK(fabs(beyondA) <= 2.6 && fabs(beyondB) <= 2.6,
		  "distance normal beside a sliver: distance %.17g, A %.3g and B %.3g beyond the planes through their points", d.distance,
		  beyondA, beyondB);
}

int main(void)
{
	polyhedronPairsRejectBadQuaternions();
	hullOfRepeatedCollinearPoints();
	epaWitnessOnSliverHull();
	hullPlanesOfANeedle();
	hullHorizonWithStaleStarts();
	speculativeNormalOfASubnormalBox();
	unitNormalOfNearlyConcentricSpheres();
	distanceInsideANeedleHull();
	refreshWithAShortQuaternion();
	sphereOnAFlatHullWithNearDuplicates();
	sliverHullKeepsItsSides();
	sliversKeepTheirShape();
	boxBesideATeraHull();
	boxNearAFlatTeraHull();
	ballOnATinyTriangle();
	ballOnANeedleVertex();
	capsuleOfSubnormalCoreAroundASphere();
	distanceNormalBesideALongFace3();
	sphereBesideANeedleHullDistance();
	hullBesideASliverTriangleIsApart();
	distanceNormalBesideASliverTriangle();
	printf("%d expected failures (open bugs), %d unexpected passes\n", expectedFailures, unexpectedPasses);
	return checkSummary();
}
