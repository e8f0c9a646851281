// Tests for the 2D contact manifolds of boxes and polygons (src/sat2d.c, src/clip2d.c): axis-aligned
// boxes and a box on its corner by hand, rounded polygons, the reference-face preference, and the
// path for boxes turned by multiples of 90 degrees against the general path, bit for bit.
//
// Build (standalone):
//   gcc -std=c11 -ffp-contract=off -Wall -Wextra -Werror -Isrc/include -Isrc -Itests/native
//       tests/native/test_manifold2d_polygons.c src/*.c -lm
#include "manifold2dtest.h"

static void testBoxes(void)
{
	npShape2 a = box(1.0, 1.0), b = box(0.5, 0.5);
	// B at (1.2, 0.3): overlaps by 0.3 along x; contact x = 0.7..1 at y in [-0.2, 0.8].
	npManifold2 m = npCollide2(&a, XF(0, 0, 0), &b, XF(1.2, 0.3, 0), 0.0);
	CHECK(m.pointCount == 2 && nearV(m.normal, V(1, 0), 0), "boxes: count %d normal (%g, %g)", m.pointCount, m.normal.x,
		  m.normal.y);
	for (int i = 0; i < m.pointCount; ++i)
	{
		npManifoldPoint2 p = m.points[i];
		CHECK(near(p.depth, 0.3, 1e-15) && near(p.pointA.x, 1.0, 0) && near(p.pointB.x, 0.7, 1e-15) &&
				  near(p.pointA.y, p.pointB.y, 0),
			  "boxes point %d", i);
	}
	if (m.pointCount == 2)
	{
		double y0 = fmin(m.points[0].pointA.y, m.points[1].pointA.y), y1 = fmax(m.points[0].pointA.y, m.points[1].pointA.y);
		CHECK(near(y0, -0.2, 1e-15) && near(y1, 0.8, 1e-15), "boxes: y range [%.17g, %.17g]", y0, y1);
	}
	// B wider than A's face: clipped to A's side planes at x = +-1.
	npShape2 wide = box(3.0, 0.5);
	m = npCollide2(&a, XF(0, 0, 0), &wide, XF(0.5, 1.4, 0), 0.0);
	CHECK(m.pointCount == 2 && nearV(m.normal, V(0, 1), 0), "boxes clipped: count %d", m.pointCount);
	if (m.pointCount == 2)
	{
		double x0 = fmin(m.points[0].pointA.x, m.points[1].pointA.x), x1 = fmax(m.points[0].pointA.x, m.points[1].pointA.x);
		CHECK(x0 == -1.0 && x1 == 1.0 && near(m.points[0].depth, 0.1, 1e-15) && near(m.points[1].depth, 0.1, 1e-15),
			  "boxes clipped: x [%g, %g]", x0, x1);
		// B's face is the reference when B's separation exceeds A's: here they are equal, so A's face.
		CHECK(((m.points[0].id >> 16) & 1u) == 0 && ((m.points[0].id >> 17) & 1u) == 1, "boxes clipped: ids %x",
			  m.points[0].id);
	}
	// A box standing on its corner on a wider box: one point at the corner.
	double h = 0.5 * sqrt(2.0);
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(0.3, 1.0 + h - 0.1, 0.7853981633974483), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0, 1), 0) && near(m.points[0].depth, 0.1, 1e-15) &&
			  nearV(m.points[0].pointA, V(0.3, 1.0), 1e-15) && nearV(m.points[0].pointB, V(0.3, 0.9), 1e-15),
		  "box on its corner: count %d depth %.17g", m.pointCount, maxDepth(&m));
	// Rotated pair: both boxes turned by the same angle 0.4 about A's centre: the result is the
	// first configuration turned by 0.4.
	npRot2 q = npMakeRot2(0.4);
	npVec2 pb = V(q.c * 1.2 - q.s * 0.3, q.s * 1.2 + q.c * 0.3);
	npManifold2 r = npCollide2(&a, (npTransform2){ V(0, 0), q }, &b, (npTransform2){ pb, q }, 0.0);
	CHECK(r.pointCount == 2 && nearV(r.normal, V(q.c, q.s), 1e-15) && near(maxDepth(&r), 0.3, 1e-14),
		  "rotated boxes: normal (%g, %g) depth %.17g", r.normal.x, r.normal.y, maxDepth(&r));
	// Separated by 0.1: margin 0.2 keeps two points at depth -0.1; margin 0.05 gives none.
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(0.2, 1.6, 0), 0.2);
	CHECK(m.pointCount == 2 && near(m.points[0].depth, -0.1, 1e-15) && near(m.points[1].depth, -0.1, 1e-15),
		  "boxes speculative: count %d", m.pointCount);
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(0.2, 1.6, 0), 0.05);
	CHECK(m.pointCount == 0, "boxes beyond margin: count %d", m.pointCount);
	// Diagonally apart, corner to corner (gap (0.3, 0.4)): a speculative vertex-vertex contact.
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(1.8, 1.9, 0), 0.6);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0.6, 0.8), 1e-15) && near(m.points[0].depth, -0.5, 1e-15) &&
			  nearV(m.points[0].pointA, V(1, 1), 0) && nearV(m.points[0].pointB, V(1.3, 1.4), 1e-15),
		  "boxes corner to corner: count %d depth %.17g", m.pointCount, maxDepth(&m));
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(1.8, 1.9, 0), 0.45);
	CHECK(m.pointCount == 0, "boxes corner to corner beyond margin: count %d", m.pointCount);
	// Contained: a small box inside a big one, nearest A's right face (0.3 away): depth 0.3 + 2 * 0.2.
	npShape2 tiny = box(0.2, 0.2);
	m = npCollide2(&a, XF(0, 0, 0), &tiny, XF(0.5, 0.1, 0), 0.0);
	CHECK(m.pointCount == 2 && nearV(m.normal, V(1, 0), 0) && near(maxDepth(&m), 0.7, 1e-15),
		  "contained box: count %d depth %.17g", m.pointCount, maxDepth(&m));
	// Identical boxes at the same place: deterministic (A's edge 0, normal -y in A's frame).
	npShape2 r12 = box(1.0, 1.0);
	m = npCollide2(&r12, XF(3, 4, 0.5), &r12, XF(3, 4, 0.5), 0.0);
	npRot2 q5 = npMakeRot2(0.5);
	CHECK(m.pointCount == 2 && nearV(m.normal, V(q5.s, -q5.c), 0) && near(maxDepth(&m), 2.0, 1e-14),
		  "identical boxes: normal (%g, %g) depth %.17g", m.normal.x, m.normal.y, maxDepth(&m));
}

// Rounded polygons: the radius is added along the normal in every routine.
static void testRounded(void)
{
	npVec2 sq[4] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
	npShape2 ra = polygon(sq, 4, 0.2), rb = polygon(sq, 4, 0.3);
	// Face to face, cores 0.4 apart vertically: surfaces overlap by 0.1.
	npManifold2 m = npCollide2(&ra, XF(0, 0, 0), &rb, XF(0.5, 2.4, 0), 0.0);
	CHECK(m.pointCount == 2 && nearV(m.normal, V(0, 1), 0) && near(m.points[0].depth, 0.1, 1e-15) &&
			  near(m.points[1].depth, 0.1, 1e-15),
		  "rounded face: count %d depth %.17g", m.pointCount, maxDepth(&m));
	for (int i = 0; i < m.pointCount; ++i)
		CHECK(near(m.points[i].pointA.y, 1.2, 1e-15) && near(m.points[i].pointB.y, 1.1, 1e-15), "rounded face: point %d", i);
	// Corner to corner with cores 0.3, 0.4 apart (distance 0.5 < 0.2 + 0.3 + ...): vertex-vertex,
	// normal (0.6, 0.8), depth 0.5 - 0.5 = 0; with cores at (0.24, 0.32) the depth is 0.1.
	m = npCollide2(&ra, XF(0, 0, 0), &rb, XF(2.24, 2.32, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0.6, 0.8), 1e-14) && near(m.points[0].depth, 0.1, 1e-14),
		  "rounded corners: count %d normal (%.17g, %.17g) depth %.17g", m.pointCount, m.normal.x, m.normal.y,
		  maxDepth(&m));
	CHECK(m.pointCount == 1 && nearV(m.points[0].pointA, V(1 + 0.12, 1 + 0.16), 1e-14) &&
			  nearV(m.points[0].pointB, V(1.24 - 0.18, 1.32 - 0.24), 1e-14),
		  "rounded corners: points");
	// Rounded box against a capsule lying on it.
	npShape2 cap = capsule(0.5, 0.1);
	m = npCollide2(&ra, XF(0, 0, 0), &cap, XF(0.2, 1.25, 0), 0.0);
	CHECK(m.pointCount == 2 && nearV(m.normal, V(0, 1), 0) && near(maxDepth(&m), 0.05, 1e-15),
		  "rounded box-capsule: count %d depth %.17g", m.pointCount, maxDepth(&m));
}

// The reference-face preference: B's face wins only when it separates by more than 5e-4.
static void testFacePreference(void)
{
	// A: a square turned 45 degrees (a diamond, top corner at (0, sqrt 2)); B: a box of half width w
	// whose bottom face sits p below that corner. A's best face separation is -(w + p) / sqrt 2 (its
	// upper faces against B's bottom corners), B's is -p, so B leads by delta = (w + p) / sqrt 2 - p.
	npShape2 diamond = box(1.0, 1.0);
	npTransform2 xfA = XF(0, 0, 0.7853981633974483);
	double top = xfA.q.c * 1.0 - xfA.q.s * 1.0; // x of the rotated (1, 1) vertex: ~0
	(void)top;
	// The rotated vertex (1, 1) is the top corner.
	npVec2 corner = V(xfA.q.c - xfA.q.s, xfA.q.s + xfA.q.c);
	double p = 0.2;
	for (int k = 0; k < 2; ++k)
	{
		double delta = k == 0 ? 4e-4 : 6e-4;
		double w = sqrt(2.0) * (p + delta) - p;
		npShape2 b = box(w, 1.0);
		npTransform2 xfB = XF(corner.x, corner.y + 1.0 - p, 0);
		npManifold2 m = npCollide2(&diamond, xfA, &b, xfB, 0.0);
		if (k == 0)
		{
			CHECK(m.pointCount >= 1 && near(fabs(m.normal.x), sqrt(0.5), 1e-9) && near(m.normal.y, sqrt(0.5), 1e-9),
				  "preference 4e-4: A's face expected, normal (%g, %g)", m.normal.x, m.normal.y);
			CHECK(near(maxDepth(&m), p + delta, 1e-9), "preference 4e-4: depth %.17g", maxDepth(&m));
		}
		else
		{
			CHECK(m.pointCount >= 1 && nearV(m.normal, V(0, 1), 1e-15) && near(maxDepth(&m), p, 1e-12),
				  "preference 6e-4: B's face expected, normal (%g, %g) depth %.17g", m.normal.x, m.normal.y,
				  maxDepth(&m));
		}
		// Swapped, the box is A and its face (the better one) is preferred either way.
		npManifold2 s = npCollide2(&b, xfB, &diamond, xfA, 0.0);
		CHECK(s.pointCount >= 1 && nearV(s.normal, V(0, -1), 1e-15) && near(maxDepth(&s), p, 1e-12),
			  "preference swapped %d: normal (%g, %g)", k, s.normal.x, s.normal.y);
	}
}

// The axis-aligned box path against the general path (the same boxes typed as polygons), bit for bit.
static void testAlignedBoxesPath(void)
{
	const npRot2 quarter[4] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
	int mismatches = 0, contacts = 0, twoPoints = 0, vertexVertex = 0;
	for (int iter = 0; iter < 4000; ++iter)
	{
		// Extents and positions on a coarse grid, so exact touching and equal overlaps happen often.
		npVec2 ha = gridVec(0.25, 1, 9), hb = gridVec(0.25, 1, 9);
		npShape2 a = box(ha.x, ha.y), b = box(hb.x, hb.y);
		double off = iter % 4 == 3 ? 1e4 : 0.0;
		npVec2 posA = gridVec(0.125, -16, 16);
		npTransform2 xfA = { V(off + posA.x, -off + posA.y), quarter[(int)rndRange(0, 4)] };
		npVec2 posB = gridVec(0.125, -24, 24);
		npTransform2 xfB = { add(xfA.p, posB), quarter[(int)rndRange(0, 4)] };
		if (iter % 5 == 4)
			xfB.p = add(xfA.p, uniformVec(-3, 3));
		double margin = iter % 3 == 0 ? 0.0 : 0.25 * (int)rndRange(0, 4);
		npShape2 pa = a, pb = b;
		pa.type = NP_SHAPE_POLYGON2;
		pb.type = NP_SHAPE_POLYGON2;
		npManifold2 fast = npCollidePolygons(&a, xfA, &b, xfB, margin);
		npManifold2 general = npCollidePolygons(&pa, xfA, &pb, xfB, margin);
		bool same = sameManifold(&fast, &general);
		if (!same)
		{
			if (mismatches < 5)
				printf("aligned path mismatch at iteration %d: count %d vs %d\n", iter, fast.pointCount, general.pointCount);
			++mismatches;
		}
		if (fast.pointCount > 0)
		{
			++contacts;
			twoPoints += fast.pointCount == 2;
			vertexVertex += fast.normal.x != 0.0 && fast.normal.y != 0.0;
		}
		if (iter % 8 == 0)
			checkManifold("aligned boxes", &a, xfA, &b, xfB, margin, &fast);
	}
	CHECK(mismatches == 0, "aligned box path differs from the general path in %d of 4000 cases", mismatches);

	// Continuity between the paths: turning B by 1e-9 (general path) keeps the count, the ids and the
	// depths of the aligned path's manifold (positions off the grid, so nothing touches exactly).
	int continuityFailures = 0, continuityContacts = 0;
	for (int iter = 0; iter < 1000; ++iter)
	{
		npShape2 a = uniformBox(0.1, 1.0);
		npShape2 b = uniformBox(0.1, 1.0);
		npTransform2 xfA = { uniformVec(-1, 1), quarter[(int)rndRange(0, 4)] };
		npTransform2 xfB = { add(xfA.p, uniformVec(-2, 2)), quarter[(int)rndRange(0, 4)] };
		npManifold2 fast = npCollidePolygons(&a, xfA, &b, xfB, 0.05);
		npRot2 dq = npMakeRot2(iter % 2 ? 1e-9 : -1e-9);
		npTransform2 turned = { xfB.p, { xfB.q.c * dq.c - xfB.q.s * dq.s, xfB.q.s * dq.c + xfB.q.c * dq.s } };
		npManifold2 general = npCollidePolygons(&a, xfA, &b, turned, 0.05);
		bool same = fast.pointCount == general.pointCount && nearV(fast.normal, general.normal, 1e-8);
		for (int i = 0; same && i < fast.pointCount; ++i)
			same = fast.points[i].id == general.points[i].id && near(fast.points[i].depth, general.points[i].depth, 1e-8);
		continuityFailures += !same;
		continuityContacts += fast.pointCount > 0;
	}
	CHECK(continuityFailures == 0 && continuityContacts > 200, "aligned vs turned by 1e-9: %d of %d differ",
		  continuityFailures, continuityContacts);
	CHECK(contacts > 1000 && twoPoints > 500 && vertexVertex > 10,
		  "aligned box sample too thin: %d contacts, %d two-point, %d vertex-vertex", contacts, twoPoints, vertexVertex);
	printf("aligned boxes: 4000 pairs, %d contacts (%d two-point, %d vertex-vertex), %d mismatches\n", contacts,
		   twoPoints, vertexVertex, mismatches);

	// The test can fail: with a wrong quarter-turn mapping the incident edge (and the ids) would
	// differ. A box pair where B's turn matters: B turned by 90 degrees on A's top face.
	npShape2 a = box(1.0, 0.5), b = box(0.5, 0.25), pa = a, pb = b;
	pa.type = pb.type = NP_SHAPE_POLYGON2;
	for (int k = 0; k < 4; ++k)
	{
		npTransform2 xfB = { V(0.2, 0.5 + (k % 2 ? 0.5 : 0.25) - 0.05), quarter[k] };
		npManifold2 f = npCollidePolygons(&a, XF(0, 0, 0), &b, xfB, 0.0);
		npManifold2 g = npCollidePolygons(&pa, XF(0, 0, 0), &pb, xfB, 0.0);
		CHECK(f.pointCount == 2 && g.pointCount == 2 && f.points[0].id == g.points[0].id &&
				  f.points[1].id == g.points[1].id && near(maxDepth(&f), 0.05, 1e-15),
			  "aligned turn %d: ids %x %x vs %x %x", k, f.points[0].id, f.points[1].id, g.points[0].id, g.points[1].id);
		// Unclipped points are the vertices of B's incident edge, which faces down (-90 degrees). B's
		// edge e points at (e - 1) * 90 degrees before the turn, (e - 1 + k) * 90 after: e = -k mod 4.
		int e = (4 - k) & 3;
		uint32_t v0 = (uint32_t)e, v1 = (uint32_t)((e + 1) & 3);
		uint32_t idB0 = (f.points[0].id >> 8) & 0xffu, idB1 = (f.points[1].id >> 8) & 0xffu;
		CHECK(((idB0 == v0 && idB1 == v1) || (idB0 == v1 && idB1 == v0)) && ((f.points[0].id >> 17) & 1u) == 0,
			  "aligned turn %d: incident vertices %u %u, expected %u %u", k, idB0, idB1, v0, v1);
	}
}

int main(void)
{
	testBoxes();
	testRounded();
	testFacePreference();
	testAlignedBoxesPath();
	printReferenceStats();
	return checkSummary();
}
