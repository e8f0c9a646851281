// Regression tests for what the libFuzzer harnesses (tests/fuzz/) found in building 3D hulls
// (quickhull, face merging and face planes; src/hull3d.c, hullfaces3d.c) on needles, slivers and
// repeated points. Each case is the decoded failing input written out as plain literals (FZ_DUMP=1
// prints them); the expectations are the documented error codes and properties checked by brute
// force over the hull's own arrays (every vertex under every face plane, simple face loops, points
// outside the true hull outside some plane), never the library's output. Run under ASan/UBSan too
// (make test-san). The queries on such hulls are in test_fuzz_regressions3d.c.
#include "fuzzregress.h"

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

int main(void)
{
	hullOfRepeatedCollinearPoints();
	hullPlanesOfANeedle();
	hullHorizonWithStaleStarts();
	sliverHullKeepsItsSides();
	sliversKeepTheirShape();
	printf("%d expected failures (open bugs), %d unexpected passes\n", expectedFailures, unexpectedPasses);
	return checkSummary();
}
