// Regression tests for what the libFuzzer harnesses (tests/fuzz/) found in the 3D mesh queries:
// mesh rays, duplicated triangles, the internal-edge rule of mesh casts. Each case is the decoded
// failing input written out as plain literals (FZ_DUMP=1 prints them) or a hand-made configuration,
// and the expected behaviour comes from a closed form or an independent routine, never from the
// code under test. Run under ASan/UBSan too (make test-san). The 2D and 3D convex cases are in
// test_fuzz_regressions2d.c and test_fuzz_regressions3d.c.
#include "brutesupport.h"
#include "fuzzregress.h"

// Mesh rays at the edge of the double range (fuzz_meshrays3d): meshes lying in a plane, their
// vertices off it by denormals, and rays in that plane. Woop's edge functions were then denormals
// (2e-323) and their ratios noise: one ray hit at fraction 0 with its point 0.005 off the
// triangle, another at a point 0.018 off it, a third (its direction off the plane by a denormal,
// its shear a denormal) at fraction -0. Expected: no hit, with or without back faces; a ray lying
// in a triangle's plane within the rounding of the double range does not hit it (query3d.h).
static void meshRaysWithDenormals(void)
{
	const double c = 0.002941131591796875;
	npVec3 v[3] = { { 4.9406564584124654e-324, 4.9406564584124654e-324, 0.37646484375 }, { c, c, c },
					{ 5.9287877500949585e-323, 4.9406564584124654e-324, 16.564453125 } };
	int32_t indices[3] = { 0, 1, 2 };
	static _Alignas(16) unsigned char memory[4096];
	npMesh3* mesh = NULL;
	CHECK(npMeshBytes3(3, 1) <= sizeof memory &&
			  npMakeMesh3(&(npMeshInput3){ v, 3, indices, 1, 0.0 }, memory, sizeof memory, &mesh) == NP_OK,
		  "denormal mesh");
	npMeshInstance3 instance = { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	npRayInput3 ray = npMakeRayInput3((npVec3){ 0, 0, 0 }, (npVec3){ 20.078125, 20.078125, 20.078125 });
	for (int backfaces = 0; backfaces < 2; ++backfaces)
	{
		npMeshRayHit3 hit;
		CHECK(npRayCastMeshes3(&instance, 1, &ray, backfaces, &hit) == NP_OK && !hit.hit,
			  "ray in the plane of a denormal mesh (backfaces %d): a hit at %.17g", backfaces, hit.fraction);
	}

	npVec3 w[3] = { { 0.01764678955078125, 0.01764678955078125, 0.01764678955078125 },
					{ 4.9406564584124654e-323, 4.9406564584124654e-324, 13.751260757446289 },
					{ 4.9406564584124654e-324, 4.9406564584124654e-324, 0.37646484375 } };
	CHECK(npMakeMesh3(&(npMeshInput3){ w, 3, indices, 1, 0.0 }, memory, sizeof memory, &mesh) == NP_OK, "second mesh");
	instance.mesh = mesh;
	npRayInput3 level = npMakeRayInput3((npVec3){ 0, 0, 0 }, (npVec3){ 20.078125, 20.078125, 0 });
	for (int backfaces = 0; backfaces < 2; ++backfaces)
	{
		npMeshRayHit3 hit;
		CHECK(npRayCastMeshes3(&instance, 1, &level, backfaces, &hit) == NP_OK && !hit.hit,
			  "level ray in the plane of a denormal mesh (backfaces %d): a hit at %.17g", backfaces, hit.fraction);
	}

	// Not only denormals: a triangle in the plane y = z to 1e-15 of its size and a ray along that
	// plane hit at a point 0.07 off the triangle. A ray within 1e-8 rad of a triangle's plane lies in
	// it (query3d.h).
	npVec3 u[3] = { { 0.50000000099902342, -0.00097656425781250016, -0.00097656425781250016 },
					{ 1.8338088989257812, 6.1788330078124991, 6.1788330078125 },
					{ -9.8353738784790039, -47.556327819824212, -47.556327819824219 } };
	CHECK(npMakeMesh3(&(npMeshInput3){ u, 3, indices, 1, 0.0 }, memory, sizeof memory, &mesh) == NP_OK, "third mesh");
	instance.mesh = mesh;
	npRayInput3 diagonal = npMakeRayInput3((npVec3){ 0, 0, 0 }, (npVec3){ 17.06640625, 17.06640625, 17.06640625 });
	for (int backfaces = 0; backfaces < 2; ++backfaces)
	{
		npMeshRayHit3 hit;
		CHECK(npRayCastMeshes3(&instance, 1, &diagonal, backfaces, &hit) == NP_OK && !hit.hit,
			  "ray in the plane of a mesh to 1e-15 (backfaces %d): a hit at %.17g", backfaces, hit.fraction);
	}

	// The direction off the mesh's plane y = 0 by a denormal (its shear 3e-323): the ray meets the
	// plane only at its origin, 0.0039 from the triangle.
	npVec3 flat[3] = { { 8.25, 0, 0 }, { 0, 0, 0.00390625 }, { 0, 0, 0.1552734375 } };
	CHECK(npMakeMesh3(&(npMeshInput3){ flat, 3, indices, 1, 0.0 }, memory, sizeof memory, &mesh) == NP_OK, "flat mesh");
	instance.mesh = mesh;
	npRayInput3 along = npMakeRayInput3((npVec3){ 0, 0, 0 }, (npVec3){ 0.1552734375, 4.9406564584124654e-324, -1e-300 });
	along.maxFraction = 25.8505859375;
	for (int backfaces = 0; backfaces < 2; ++backfaces)
	{
		npMeshRayHit3 hit;
		CHECK(npRayCastMeshes3(&instance, 1, &along, backfaces, &hit) == NP_OK && !hit.hit,
			  "ray along a flat mesh (backfaces %d): a hit at %.17g", backfaces, hit.fraction);
	}
}

// A mesh with its triangles given twice (a common export fault), same or opposite winding: every
// edge was shared with a coplanar "neighbour", the duplicate, so every edge counted as internal,
// and every vertex's fan as closed; a sphere cast sideways into the platform's free edge or corner
// was skipped as a ghost and went into the platform (fuzz_meshcasts3d). Expected (closed forms):
// the platform is the unit square at z = 0 facing +z; a sphere of radius 1/4 centred at z = 0.1
// touches its edge x = 1 when (x - 1)^2 + 0.1^2 = 1/16, its corner (1, 1, 0) when 2 d^2 + 0.1^2 =
// 1/16 (d the centre's offset in x and y), and from x = 1.2 it touches the edge with depth
// 1/4 - sqrt(0.05) along (0.2, 0, 0.1) / sqrt(0.05). Unwelded (features matched by position) and
// welded (the mesh's adjacency).
static void duplicatedMeshTriangles(void)
{
	npVec3 v[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
	const int32_t once[6] = { 0, 1, 2, 0, 2, 3 };
	const int32_t same[12] = { 0, 1, 2, 0, 2, 3, 0, 1, 2, 0, 2, 3 };
	const int32_t flipped[12] = { 0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2 };
	const int32_t* lists[3] = { once, same, flipped };
	const int counts[3] = { 2, 4, 4 };
	npShape3 sphere;
	CHECK(npMakeSphere(0.25, &sphere) == NP_OK, "sphere");
	double touchX = 1.0 + sqrt(0.0625 - 0.01), cornerD = sqrt((0.0625 - 0.01) / 2.0);
	static _Alignas(16) unsigned char memory[8192];
	for (int weld = 0; weld < 2; ++weld)
		for (int m = 0; m < 3; ++m)
		{
			npMesh3* mesh = NULL;
			CHECK(npMeshBytes3(4, counts[m]) <= sizeof memory &&
					  npMakeMesh3(&(npMeshInput3){ v, 4, lists[m], counts[m], weld ? 1.0e-6 : 0.0 }, memory,
								  sizeof memory, &mesh) == NP_OK,
				  "platform %d", m);
			npMeshInstance3 instance = { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };

			npShapeCastMeshInput3 cast = { &sphere, { { 1.5, 0.5, 0.1 }, { 0, 0, 0, 1 } }, { -1, 0, 0 }, &instance, 1,
										   npDefaultCastOptions3(), NP_MESH_FEATURE_TOLERANCE };
			npCastHit3 hit;
			CHECK(npShapeCastMeshes3(&cast, &hit) == NP_OK, "platform %d cast", m);
			CHECK(hit.hit && fabs(hit.fraction - (1.5 - touchX)) <= 1.0e-9 &&
					  fabs(hit.normal.x - 0.4 * sqrt(5.25)) <= 1.0e-6 && fabs(hit.normal.z - 0.4) <= 1.0e-6,
				  "platform %d (weld %d): cast into the free edge: hit %d at %.17g (want %.17g), normal (%g, %g, %g)", m,
				  weld, hit.hit, hit.fraction, 1.5 - touchX, hit.normal.x, hit.normal.y, hit.normal.z);

			cast.transform.p = (npVec3){ 1.5, 1.5, 0.1 };
			cast.translation = (npVec3){ -1, -1, 0 };
			CHECK(npShapeCastMeshes3(&cast, &hit) == NP_OK, "platform %d corner cast", m);
			CHECK(hit.hit && fabs(hit.fraction - (0.5 - cornerD)) <= 1.0e-9 &&
					  fabs(hit.normal.x - 4.0 * cornerD) <= 1.0e-6 && fabs(hit.normal.z - 0.4) <= 1.0e-6,
				  "platform %d (weld %d): cast into the corner: hit %d at %.17g (want %.17g), normal (%g, %g, %g)", m,
				  weld, hit.hit, hit.fraction, 0.5 - cornerD, hit.normal.x, hit.normal.y, hit.normal.z);

			npMeshContact3 contacts[8];
			npMeshContactsOutput3 found = { contacts, 8, 0, { 0 } };
			npMeshQuery3 query = npDefaultMeshQuery3();
			npTransform3 touching = { { 1.2, 0.5, 0.1 }, { 0, 0, 0, 1 } };
			CHECK(npMeshContacts3(&sphere, touching, &instance, 1, &query, &found) == NP_OK, "platform %d contacts", m);
			double depth = 0.25 - sqrt(0.05);
			bool edge = found.count >= 1;
			for (int i = 0; i < found.count; ++i)
				edge = edge && fabs(contacts[i].depth - depth) <= 1.0e-9 &&
					   fabs(contacts[i].normal.x + 0.2 / sqrt(0.05)) <= 1.0e-9 &&
					   fabs(contacts[i].normal.z + 0.1 / sqrt(0.05)) <= 1.0e-9;
			CHECK(edge, "platform %d (weld %d): %d contacts at the free edge, the first with depth %.17g (want %.17g)", m,
				  weld, found.count, found.count > 0 ? contacts[0].depth : 0.0, depth);
		}
}

// A flat hull (a triangle of three points) standing across a concave seam of a two-triangle mesh
// and moving along it (fuzz_meshcasts3d): its centre is in front of one triangle and behind the
// other, and it touches the seam edge of the first. The internal-edge rule took that contact for a
// ghost (the motion does not go into the face) and skipped it, and the cast passed through the
// triangle, its path 3.3 deep in it. The neighbour is culled for this shape (its centre is behind
// it), so it covers nothing: the edge is a free edge for this shape and its contact is genuine.
// Expected: a hit no later than the convex cast against that triangle alone (npShapeCast3: 0.3777,
// a different routine, checked here too). Failed (a miss) before the rule asked that the
// neighbours face the shape.
static void flatHullThroughAConcaveSeam(void)
{
	npVec3 pts[3] = { { -21.1865234375, 12.8095703125, 1.0e-09 },
					  { 1.0e-09, -21.0615234375, 0.158203125 },
					  { -0.12304687499999992, 4.9406564584124654e-324, 0.5 } };
	static npHull3 hull;
	npShape3 flat;
	CHECK(npMakeHull3(pts, 3, &hull) == NP_OK && npMakeHullShape3(&hull, &flat) == NP_OK, "flat hull");
	npTransform3 xf = { { 0.001, -0.0, 7.7802734375 }, { -0.5, -0.5, -0.5, -0.5 } };
	npVec3 v[6] = { { -16.5654296875, 3, 3 }, { -24.46484375, 0.1, -0.0 }, { -0.0, 0, -24.0947265625 },
					{ -0.0, 0, -24.0947265625 }, { 3, 3, 3 }, { -16.5654296875, 3, 3 } };
	int32_t indices[6] = { 0, 1, 2, 3, 4, 5 };
	static _Alignas(16) unsigned char memory[8192];
	npMesh3* mesh = NULL;
	CHECK(npMeshBytes3(6, 2) <= sizeof memory &&
			  npMakeMesh3(&(npMeshInput3){ v, 6, indices, 2, 0.0 }, memory, sizeof memory, &mesh) == NP_OK,
		  "seam mesh");
	npMeshInstance3 instance = { mesh, { { 1.0e-09, -21.0830078125, 0.5 }, { -0.5, -0.5, -0.5, -0.5 } } };
	npCastOptions3 options = { 30.369140625, 0.5234375, false };
	npVec3 move = { -30.369140625, -30.369140625, -30.369140625 };

	// The triangle the path goes through, in world space, alone.
	npVec3 world[3] = { { 3.0000000010000001, -37.6484375, 3.5 },
						{ 1.0e-09, -45.5478515625, 0.60000000000000142 },
						{ -24.0947265615, -21.0830078125, 0.5 } };
	npShape3 triangle;
	CHECK(npMakeTriangle3(world[0], world[1], world[2], &triangle) == NP_OK, "seam triangle");
	npShapeCastInput3 alone = { &flat, xf, move, &triangle, { { 0, 0, 0 }, { 0, 0, 0, 1 } }, options };
	npCastHit3 first;
	CHECK(npShapeCast3(&alone, &first) == NP_OK && first.hit && !first.initialOverlap, "flat hull against the triangle");

	npShapeCastMeshInput3 cast = { &flat, xf, move, &instance, 1, options, NP_MESH_FEATURE_TOLERANCE };
	npCastHit3 hit;
	CHECK(npShapeCastMeshes3(&cast, &hit) == NP_OK, "seam cast");
	CHECK(hit.hit && hit.fraction <= first.fraction + 1.0e-9,
		  "flat hull through a concave seam: hit %d at %.17g, the triangle alone is hit at %.17g", hit.hit, hit.fraction,
		  first.fraction);
}

// Three coplanar triangles folded over one wedge at C (fuzz_meshcasts3d found the shape): CAB, and
// CAD and CDB covering it again, D on AB. Each edge from C belongs to two of them, so C passed for
// an interior vertex with a closed fan; but CA (in CAB and CAD) and CB (in CAB and CDB) run the same
// way in both, and C is the wedge's tip, on the border. A ball (radius 0.5, centre 0.3 over the
// plane) moving along the plane into the tip touched C, that contact was taken for a ghost, and the
// ball went on into the wedge 0.2 deep. Expected (closed form): the hit when the centre is 0.5 from
// C, z = -0.4, fraction (3 - 0.4) / 4 = 0.65 (within the cast's 1e-7 and never later), normal
// (0, 0.6, -0.8). Failed (a miss) before the fan test read the winding.
static void ballIntoAFoldedFan(void)
{
	npVec3 v[4] = { { 0, 0, 0 }, { -2, 0, 4 }, { 2, 0, 4 }, { 0, 0, 4 } }; // C, A, B, D
	int32_t indices[9] = { 0, 1, 2, 0, 1, 3, 0, 3, 2 };
	static _Alignas(16) unsigned char memory[8192];
	npMesh3* mesh = NULL;
	CHECK(npMeshBytes3(4, 3) <= sizeof memory &&
			  npMakeMesh3(&(npMeshInput3){ v, 4, indices, 3, 0.0 }, memory, sizeof memory, &mesh) == NP_OK,
		  "folded fan");
	npMeshInstance3 instance = { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	npShape3 ball;
	CHECK(npMakeSphere(0.5, &ball) == NP_OK, "ball");
	npShapeCastMeshInput3 cast = { &ball, { { 0, 0.3, -3 }, { 0, 0, 0, 1 } }, { 0, 0, 4 }, &instance, 1,
								   { 1.0, 0.0, false }, NP_MESH_FEATURE_TOLERANCE };
	npCastHit3 hit;
	CHECK(npShapeCastMeshes3(&cast, &hit) == NP_OK && hit.hit && hit.fraction <= 0.65 && hit.fraction >= 0.65 - 1e-7 &&
			  fabs(hit.normal.x) <= 1e-6 && fabs(hit.normal.y - 0.6) <= 1e-6 && fabs(hit.normal.z + 0.8) <= 1e-6,
		  "ball into a folded fan: hit %d at %.17g, normal (%g, %g, %g)", hit.hit, hit.fraction, hit.normal.x,
		  hit.normal.y, hit.normal.z);
}

// A zero translation is an overlap test: a shape inside some triangle must get initialOverlap. A
// triangle just outside the cast's reach but within its tolerance band (1e-10 of the scale: a hit at
// fraction 0 that is not an initial overlap) won the tie at fraction 0 by its lower index over a
// triangle the shape starts inside (fuzz_meshcasts3d: a 1e5 hull). Here a box of half size 1000 at
// the origin, triangle 0 a floor delta below it, triangle 1 a wall through it (x = 500, facing -x):
// for every delta of a sweep across the band (about 3.5e-7 to 7e-7 here), the answer is an initial
// overlap at fraction 0. Failed for the deltas in the band before initial overlaps won ties.
static void zeroTranslationInsideATriangle(void)
{
	npShape3 box;
	CHECK(npMakeBox3((npVec3){ 1000, 1000, 1000 }, &box) == NP_OK, "box");
	int failures = 0;
	double firstBad = 0.0;
	for (int k = 1; k <= 200; ++k)
	{
		double delta = 1.0e-8 * k;
		npVec3 v[6] = { { -5, -1000 - delta, -5 }, { -5, -1000 - delta, 5 }, { 5, -1000 - delta, 0 },
						{ 500, -3, -3 }, { 500, 3, 0 }, { 500, -3, 3 } };
		int32_t indices[6] = { 0, 1, 2, 3, 5, 4 };
		static _Alignas(16) unsigned char memory[8192];
		npMesh3* mesh = NULL;
		CHECK(npMakeMesh3(&(npMeshInput3){ v, 6, indices, 2, 0.0 }, memory, sizeof memory, &mesh) == NP_OK, "mesh");
		CHECK(mesh->normals[0].y > 0.0 && mesh->normals[1].x < 0.0, "winding");
		npMeshInstance3 instance = { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
		npShapeCastMeshInput3 cast = { &box, { { 0, 0, 0 }, { 0, 0, 0, 1 } }, { 0, 0, 0 }, &instance, 1,
									   { 1.0, 0.0, false }, NP_MESH_FEATURE_TOLERANCE };
		npCastHit3 hit;
		bool ok = npShapeCastMeshes3(&cast, &hit) == NP_OK && hit.hit && hit.initialOverlap && hit.fraction == 0.0;
		if (!ok && failures++ == 0)
			firstBad = delta;
	}
	CHECK(failures == 0, "zero translation inside a triangle: %d of 200 deltas not an initial overlap (first %g)",
		  failures, firstBad);
}

// A sphere 1.25 in radius against a mesh, both placed 1e12 from the origin (fuzz_mesh3d, seed
// regression-mesh-sphere-far-sliver). The triangle's corners (0, 0, 2^-10) and (0, 0, 0.001) are
// 2.3e-5 apart, less than the spacing of doubles at 1e12 (1.2e-4), so in world space they are one
// point and the edge between them has zero length; the closest-point region test divided 0 by 0 and
// the contact's pointB and depth were NaN. Expected (closed form): the sphere's centre is within
// 0.001 of the triangle (the corner (0, 0, 2^-10)), so one contact, depth within [1.249, 1.25] up
// to the 1.2e-4 rounding of the placement, finite points with pointB within that rounding of the
// triangle's corners' segment, and a unit normal. A capsule there gets finite contacts; a box's
// routine builds the placed triangle, finds it degenerate (a segment) and skips it, as npMakeMesh3
// skips degenerate triangles, so the box gets none or finite ones.
static void sphereOnAFarSliver(void)
{
	npVec3 v[3] = { { 0, 0, 0.0009765625 }, { 0, 0, 0.001 }, { -26.3876953125, -17.3203125, 0 } };
	int32_t indices[3] = { 0, 1, 2 };
	static _Alignas(16) unsigned char memory[4096];
	npMesh3* mesh = NULL;
	CHECK(npMakeMesh3(&(npMeshInput3){ v, 3, indices, 1, 0.0 }, memory, sizeof memory, &mesh) == NP_OK, "sliver mesh");
	const double far = -1.0e12;
	npMeshInstance3 instance = { mesh, { { far, far, far }, { 0, 0, 0, 1 } } };
	npTransform3 at = { { far, far, far }, { 0, 0, 0, 1 } };
	npShape3 shapes[3];
	CHECK(npMakeSphere(1.25, &shapes[0]) == NP_OK && npMakeCapsule3(1.25, 0.5, &shapes[1]) == NP_OK &&
			  npMakeBox3((npVec3){ 1.25, 1.25, 1.25 }, &shapes[2]) == NP_OK,
		  "shapes");
	for (int s = 0; s < 3; ++s)
	{
		npMeshQuery3 query = npDefaultMeshQuery3();
		query.margin = 0.765625;
		npMeshContact3 contacts[8];
		npMeshContactsOutput3 out = { contacts, 8, -1 };
		CHECK(npMeshContacts3(&shapes[s], at, &instance, 1, &query, &out) == NP_OK && (out.count >= 1 || s == 2),
			  "shape %d on a far sliver: %d contacts", s, out.count);
		for (int i = 0; i < out.count; ++i)
		{
			const npMeshContact3* c = contacts + i;
			bool finite = isfinite(c->depth) && isfinite(c->pointA.x) && isfinite(c->pointA.y) &&
						  isfinite(c->pointA.z) && isfinite(c->pointB.x) && isfinite(c->pointB.y) &&
						  isfinite(c->pointB.z) && fabs(sqrt(c->normal.x * c->normal.x + c->normal.y * c->normal.y + c->normal.z * c->normal.z) - 1.0) <= 1e-12;
			CHECK(finite, "shape %d on a far sliver: contact %d depth %g, pointB (%g, %g, %g)", s, i, c->depth,
				  c->pointB.x, c->pointB.y, c->pointB.z);
		}
		if (s == 0 && out.count >= 1)
		{
			const npMeshContact3* c = contacts;
			npVec3 local = { c->pointB.x - far, c->pointB.y - far, c->pointB.z - far };
			double offAxis = fmax(fabs(local.x), fabs(local.y)), up = local.z;
			CHECK(out.count == 1 && c->depth >= 1.249 - 2.5e-4 && c->depth <= 1.25 && offAxis <= 2.5e-4 &&
					  up >= -2.5e-4 && up <= 0.001 + 2.5e-4,
				  "sphere on a far sliver: %d contacts, depth %.17g, pointB - centre (%g, %g, %g)", out.count, c->depth,
				  local.x, local.y, local.z);
		}
	}
}

// A box sunk 1.03 into a flat floor of two triangles near its border (a random sweep of boxes and
// hulls against small grids; 386 of 14,126 overlaps got no contact). The only manifold, against
// triangle 1, touches the internal diagonal with an edge normal: a ghost, which the internal-feature
// rule replaces by the box's corners below the plane over the triangle, and those lie beyond the
// floor: no contact at all, and the box would fall through. Expected: the box overlaps a triangle
// (brute force over its corners, an independent check), so at least one contact, each no deeper
// than the box and its triangle overlap along its normal (brute-force supports). With the rule off
// (NP_MESH_ALL_CONTACTS) the contact is there too.
static void boxSunkNearTheBorderOfAFlatFloor(void)
{
	static BruteCore3 boxCore, triangleCore;
	const double z = -4.0 * 0.024164110422134399;
	npVec3 v[4] = { { -4, -4, z }, { 4, -4, z }, { -4, 4, z }, { 4, 4, z } };
	int32_t indices[6] = { 0, 1, 3, 0, 3, 2 };
	static _Alignas(16) unsigned char memory[8192];
	npMesh3* mesh = NULL;
	CHECK(npMakeMesh3(&(npMeshInput3){ v, 4, indices, 2, 0.0 }, memory, sizeof memory, &mesh) == NP_OK, "floor");
	npMeshInstance3 instance = { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	npShape3 box;
	CHECK(npMakeBox3((npVec3){ 0.6809933543205261, 2.8944264590740203, 2.304102474451065 }, &box) == NP_OK, "box");
	npTransform3 xf = { { 1.2346626281738282, 2.8370674133300784, 0.94750941544771206 },
						{ 0.62554558701531482, -0.63152532535994188, 0.18431061340140142, 0.41940205028383443 } };
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	bruteCore3(&box, xf, &boxCore);
	double deepest = -1.0;
	npShape3 triangles[2];
	for (int t = 0; t < 2; ++t)
	{
		CHECK(npMakeTriangle3(v[indices[3 * t]], v[indices[3 * t + 1]], v[indices[3 * t + 2]], &triangles[t]) == NP_OK, "triangle %d", t);
		bruteCore3(&triangles[t], id, &triangleCore);
		deepest = fmax(deepest, bruteCoreDepth3(&boxCore, &triangleCore));
	}
	CHECK(deepest > 0.5, "the box overlaps the floor by %.17g", deepest);
	for (int removal = 0; removal < 2; ++removal)
	{
		npMeshQuery3 q = npDefaultMeshQuery3();
		q.algorithm = removal ? NP_MESH_TERDIMAN : NP_MESH_ALL_CONTACTS;
		npMeshContact3 contacts[16];
		npMeshContactsOutput3 out = { contacts, 16, -1 };
		CHECK(npMeshContacts3(&box, xf, &instance, 1, &q, &out) == NP_OK && out.count >= 1,
			  "box sunk near a floor's border (removal %d): %d contacts", removal, out.count);
		for (int i = 0; i < out.count; ++i)
		{
			const npMeshContact3* c = contacts + i;
			int t = c->triangle;
			npVec3 n = c->normal, back = { -n.x, -n.y, -n.z };
			double overlap = bruteSupport3(&box, xf, n) + bruteSupport3(&triangles[t], id, back);
			CHECK(c->depth > 0.0 && c->depth <= overlap + 1e-9, "box sunk near a floor's border (removal %d): contact %d depth %.17g, overlap %.17g along its normal",
				  removal, i, c->depth, overlap);
		}
	}
}

// A box (half sizes 0.76 x 2.71 x 0.47) tilted into a flat floor of two triangles, its centre 0.54
// above and its lowest corner 1.9 below (a random sweep of boxes and hulls with a corner below a
// floor and the centre above it: 2,250 of 24,543 got no contact, 412 even with every contact kept).
// The box's shallowest way out of each triangle is sideways and down, through the one-sided floor,
// so each manifold was rejected and the box fell through. Expected (closed form, the box's corners
// rotated here): a contact with the floor's normal (0, 0, -1), as deep as the lowest corner is below
// the floor, its pointB on the floor.
static void boxTiltedThroughAFlatFloor(void)
{
	npVec3 v[4] = { { -4, -4, 0 }, { 4, -4, 0 }, { -4, 4, 0 }, { 4, 4, 0 } };
	int32_t indices[6] = { 0, 1, 3, 0, 3, 2 };
	static _Alignas(16) unsigned char memory[8192];
	npMesh3* mesh = NULL;
	CHECK(npMakeMesh3(&(npMeshInput3){ v, 4, indices, 2, 0.0 }, memory, sizeof memory, &mesh) == NP_OK, "floor");
	npMeshInstance3 instance = { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	const npVec3 half = { 0.75514040589332576, 2.7100562810897828, 0.47027201056480405 };
	const npQuat q = { 0.37865074476033206, -0.20017149077389443, -0.48062099524897872, 0.7652179079841791 };
	npTransform3 xf = { { 1.3978999853134155, 2.5771751403808594, 0.53646178138256073 }, q };
	npShape3 box;
	CHECK(npMakeBox3(half, &box) == NP_OK, "box");
	double lowest = 1e300;
	for (int i = 0; i < 8; ++i)
	{
		npVec3 c = { (i & 1 ? 1 : -1) * half.x, (i & 2 ? 1 : -1) * half.y, (i & 4 ? 1 : -1) * half.z };
		npVec3 u = { q.x, q.y, q.z };
		npVec3 t = { 2 * (u.y * c.z - u.z * c.y), 2 * (u.z * c.x - u.x * c.z), 2 * (u.x * c.y - u.y * c.x) };
		double z = c.z + q.w * t.z + (u.x * t.y - u.y * t.x) + xf.p.z;
		lowest = fmin(lowest, z);
	}
	CHECK(lowest < -1.8, "the box reaches %.17g below the floor", lowest);
	npMeshQuery3 query = npDefaultMeshQuery3();
	npMeshContact3 contacts[16];
	npMeshContactsOutput3 out = { contacts, 16, -1 };
	CHECK(npMeshContacts3(&box, xf, &instance, 1, &query, &out) == NP_OK && out.count >= 1,
		  "box tilted through a flat floor: %d contacts", out.count);
	double deepest = 0.0;
	for (int i = 0; i < out.count; ++i)
	{
		const npMeshContact3* c = contacts + i;
		bool onFloor = fabs(c->pointB.z) <= 1e-12 && fabs(c->pointB.x) <= 4.0 && fabs(c->pointB.y) <= 4.0;
		CHECK(c->normal.x == 0.0 && c->normal.y == 0.0 && c->normal.z == -1.0 && onFloor,
			  "box tilted through a flat floor: contact %d normal (%g, %g, %g), pointB (%g, %g, %g)", i, c->normal.x, c->normal.y,
			  c->normal.z, c->pointB.x, c->pointB.y, c->pointB.z);
		deepest = fmax(deepest, c->depth);
	}
	CHECK(fabs(deepest + lowest) <= 1e-12, "box tilted through a flat floor: deepest contact %.17g, lowest corner %.17g", deepest, lowest);
}

int main(void)
{
	meshRaysWithDenormals();
	duplicatedMeshTriangles();
	flatHullThroughAConcaveSeam();
	ballIntoAFoldedFan();
	zeroTranslationInsideATriangle();
	sphereOnAFarSliver();
	boxSunkNearTheBorderOfAFlatFloor();
	boxTiltedThroughAFlatFloor();
	printf("%d expected failures (open bugs), %d unexpected passes\n", expectedFailures, unexpectedPasses);
	return checkSummary();
}
