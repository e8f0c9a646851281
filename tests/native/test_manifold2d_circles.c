// Tests for the 2D contact manifolds with a circle (src/manifold2d.c's closed forms): two circles, a
// capsule and a circle, a polygon and a circle. Expected values are closed forms worked out by
// hand; the shared checks are in manifold2dtest.h.
//
// Build (standalone):
//   gcc -std=c11 -ffp-contract=off -Wall -Wextra -Werror -Isrc/include -Isrc -Itests/native
//       tests/native/test_manifold2d_circles.c src/*.c -lm
#include "manifold2dtest.h"

static void testCircles(void)
{
	npShape2 a = circle(1.0), b = circle(0.5);
	npManifold2 m = npCollide2(&a, XF(0, 0, 0.3), &b, XF(1.25, 0, -1.0), 0.0);
	CHECK(m.pointCount == 1, "circles: count %d", m.pointCount);
	CHECK(nearV(m.normal, V(1, 0), 1e-15), "circles: normal (%g, %g)", m.normal.x, m.normal.y);
	CHECK(near(m.points[0].depth, 0.25, 1e-15), "circles: depth %.17g", m.points[0].depth);
	CHECK(nearV(m.points[0].pointA, V(1, 0), 1e-15) && nearV(m.points[0].pointB, V(0.75, 0), 1e-15), "circles: points");
	CHECK(m.points[0].id == 0, "circles: id %u", m.points[0].id);

	// 3-4-5 triangle of centres: distance 5, radii 3 + 2.5 -> depth 0.5 along (0.6, 0.8).
	npShape2 c3 = circle(3.0), c25 = circle(2.5);
	m = npCollideCircles(&c3, XF(10, 20, 1.0), &c25, XF(13, 24, 0.0), 0.0);
	CHECK(m.pointCount == 1 && near(m.points[0].depth, 0.5, 1e-14) && nearV(m.normal, V(0.6, 0.8), 1e-15),
		  "circles 3-4-5: depth %.17g", m.points[0].depth);
	CHECK(nearV(m.points[0].pointA, V(10 + 1.8, 20 + 2.4), 1e-13) && nearV(m.points[0].pointB, V(13 - 1.5, 24 - 2.0), 1e-13),
		  "circles 3-4-5: points");

	// Speculative: gap 0.3; margin 0.5 keeps it with depth -0.3, margin 0.2 drops it.
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(0, 1.8, 0), 0.5);
	CHECK(m.pointCount == 1 && near(m.points[0].depth, -0.3, 1e-15) && nearV(m.normal, V(0, 1), 0),
		  "circles speculative: count %d depth %.17g", m.pointCount, m.points[0].depth);
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(0, 1.8, 0), 0.2);
	CHECK(m.pointCount == 0, "circles beyond margin: count %d", m.pointCount);

	// Concentric: A's local +y (here A is turned by 90 degrees: world -x), depth rA + rB.
	m = npCollide2(&a, XQ(5, 5, 0, 1), &b, XQ(5, 5, 1, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(-1, 0), 0) && near(m.points[0].depth, 1.5, 0),
		  "circles concentric: normal (%g, %g) depth %g", m.normal.x, m.normal.y, m.points[0].depth);

	// 1e4 offset: the same configuration far from the origin gives the same normal and depth.
	npManifold2 near0 = npCollide2(&a, XF(0.1, 0.2, 0), &b, XF(0.9, 1.1, 0), 0.0);
	npManifold2 far = npCollide2(&a, XF(1e4 + 0.1, -1e4 + 0.2, 0), &b, XF(1e4 + 0.9, -1e4 + 1.1, 0), 0.0);
	CHECK(far.pointCount == 1 && near(far.points[0].depth, near0.points[0].depth, 1e-11) &&
			  nearV(far.normal, near0.normal, 1e-11),
		  "circles far: depth %.17g vs %.17g", far.points[0].depth, near0.points[0].depth);
}

static void testCapsuleCircle(void)
{
	npShape2 cap = capsule(1.0, 0.5), c = circle(0.5);
	// Above the segment's inside: face normal +y, overlap 0.2.
	npManifold2 m = npCollide2(&cap, XF(0, 0, 0), &c, XF(0.5, 0.8, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0, 1), 0) && near(m.points[0].depth, 0.2, 1e-15),
		  "capsule-circle side: depth %.17g", m.points[0].depth);
	CHECK(nearV(m.points[0].pointA, V(0.5, 0.5), 1e-15) && nearV(m.points[0].pointB, V(0.5, 0.3), 1e-15),
		  "capsule-circle side: points");
	// Beyond the right end: normal from (1, 0) to the centre (1.6, 0.8): (0.6, 0.8), distance 1.
	m = npCollide2(&cap, XF(0, 0, 0), &c, XF(1.6, 0.8, 0), 0.01);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0.6, 0.8), 1e-15) && near(m.points[0].depth, 0.0, 1e-15),
		  "capsule-circle end: normal (%.17g, %.17g) depth %.17g", m.normal.x, m.normal.y, m.points[0].depth);
	m = npCollide2(&cap, XF(0, 0, 0), &c, XF(1.3, 0.4, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0.6, 0.8), 1e-15) && near(m.points[0].depth, 0.5, 1e-15) &&
			  nearV(m.points[0].pointA, V(1.3, 0.4), 1e-15) && nearV(m.points[0].pointB, V(1.0, 0.0), 1e-15),
		  "capsule-circle end 2: depth %.17g", m.points[0].depth);
	// On the axis beyond the end: normal along the axis.
	m = npCollide2(&cap, XF(0, 0, 0), &c, XF(1.7, 0.0, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(1, 0), 0) && near(m.points[0].depth, 0.3, 1e-15),
		  "capsule-circle axis: depth %.17g", m.points[0].depth);
	// Swapped order (circle first): mirrored.
	npManifold2 s = npCollide2(&c, XF(1.3, 0.4, 0), &cap, XF(0, 0, 0), 0.0);
	CHECK(s.pointCount == 1 && nearV(s.normal, V(-0.6, -0.8), 1e-15) && near(s.points[0].depth, 0.5, 1e-15) &&
			  nearV(s.points[0].pointB, V(1.3, 0.4), 1e-15),
		  "circle-capsule: normal (%g, %g)", s.normal.x, s.normal.y);
	// Rotated capsule (90 degrees): the segment is vertical.
	m = npCollideCapsuleAndCircle(&cap, XQ(2, 3, 0, 1), &c, XF(2.8, 3.5, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(1, 0), 1e-15) && near(m.points[0].depth, 0.2, 1e-14),
		  "capsule-circle rotated: normal (%g, %g) depth %.17g", m.normal.x, m.normal.y, m.points[0].depth);
}

static void testPolygonCircle(void)
{
	npShape2 bx = box(1.0, 1.0), c = circle(1.0);
	npManifold2 m = npCollide2(&bx, XF(0, 0, 0), &c, XF(0.3, 1.5, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0, 1), 0) && near(m.points[0].depth, 0.5, 1e-15) &&
			  nearV(m.points[0].pointA, V(0.3, 1.0), 1e-15) && nearV(m.points[0].pointB, V(0.3, 0.5), 1e-15),
		  "box-circle face: depth %.17g", m.points[0].depth);
	// Corner region: centre (1.6, 1.8), corner (1, 1): distance 1 along (0.6, 0.8) -> touching.
	m = npCollide2(&bx, XF(0, 0, 0), &c, XF(1.3, 1.4, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0.6, 0.8), 1e-15) && near(m.points[0].depth, 0.5, 1e-15) &&
			  nearV(m.points[0].pointA, V(1, 1), 1e-15) && nearV(m.points[0].pointB, V(0.7, 0.6), 1e-15),
		  "box-circle corner: normal (%.17g, %.17g) depth %.17g", m.normal.x, m.normal.y, m.points[0].depth);
	CHECK(m.points[0].id == 2u, "box-circle corner id %x (vertex 2 of A, vertex 0 of B)", m.points[0].id);
	// Centre inside the box, nearest the top face: pushed out through it.
	m = npCollide2(&bx, XF(0, 0, 0), &c, XF(0.1, 0.8, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0, 1), 0) && near(m.points[0].depth, 1.2, 1e-15),
		  "box-circle inside: depth %.17g", m.points[0].depth);
	// Rounded square (radius 0.25) against a circle above its corner.
	npVec2 sq[4] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
	npShape2 rs = polygon(sq, 4, 0.25);
	m = npCollide2(&rs, XF(0, 0, 0), &c, XF(1.6, 1.8, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0.6, 0.8), 1e-15) && near(m.points[0].depth, 0.25, 1e-15),
		  "rounded square-circle corner: depth %.17g", m.points[0].depth);
	// Circle first: mirrored.
	npManifold2 s = npCollide2(&c, XF(1.6, 1.8, 0), &rs, XF(0, 0, 0), 0.0);
	CHECK(s.pointCount == 1 && nearV(s.normal, V(-0.6, -0.8), 1e-15) && near(s.points[0].depth, 0.25, 1e-15) &&
			  s.points[0].id == (2u << 8),
		  "circle-rounded square: id %x", s.points[0].id);
	// Rotated box (45 degrees) with a circle above its top corner.
	m = npCollide2(&bx, XF(0, 0, 0.7853981633974483), &c, XF(0, sqrt(2.0) + 0.9, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0, 1), 1e-15) && near(m.points[0].depth, 0.1, 1e-14),
		  "diamond-circle: normal (%g, %g) depth %.17g", m.normal.x, m.normal.y, m.points[0].depth);
}

int main(void)
{
	testCircles();
	testCapsuleCircle();
	testPolygonCircle();
	return checkSummary();
}
