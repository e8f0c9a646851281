// Tests for the 2D contact manifolds of capsules (src/sat2d.c, src/clip2d.c): two capsules (their
// segments crossing, parallel, end to end, apart) and a capsule against a polygon, against closed
// forms worked out by hand.
//
// Build (standalone):
//   gcc -std=c11 -ffp-contract=off -Wall -Wextra -Werror -Isrc/include -Isrc -Itests/native
//       tests/native/test_manifold2d_capsules.c src/*.c -lm
#include "manifold2dtest.h"

static void testCapsules(void)
{
	npShape2 a = capsule(1.0, 0.25), b = capsule(1.0, 0.25);
	// Parallel, offset 0.5 along x and 0.4 along y: overlap 0.1 over x in [-0.5, 1]: two points.
	npManifold2 m = npCollide2(&a, XF(0, 0, 0), &b, XF(0.5, 0.4, 0), 0.0);
	CHECK(m.pointCount == 2, "capsules parallel: count %d", m.pointCount);
	CHECK(fabs(m.normal.y) == 1.0 && m.normal.x == 0.0, "capsules parallel: normal (%g, %g)", m.normal.x, m.normal.y);
	if (m.pointCount == 2)
	{
		double x0 = fmin(m.points[0].pointA.x, m.points[1].pointA.x), x1 = fmax(m.points[0].pointA.x, m.points[1].pointA.x);
		CHECK(near(x0, -0.5, 1e-15) && near(x1, 1.0, 1e-15), "capsules parallel: x range [%g, %g]", x0, x1);
		CHECK(near(m.points[0].depth, 0.1, 1e-15) && near(m.points[1].depth, 0.1, 1e-15), "capsules parallel: depths");
		CHECK(m.points[0].id != m.points[1].id, "capsules parallel: ids");
	}
	// B turned by 180 degrees: the same segment, still two points.
	m = npCollide2(&a, XF(0, 0, 0), &b, XQ(0.5, 0.4, -1, 0), 0.0);
	CHECK(m.pointCount == 2 && near(maxDepth(&m), 0.1, 1e-15), "capsules antiparallel: count %d", m.pointCount);
	// Crossed at right angles: B (vertical, centre (0.1, 0.3), ends y = -0.7 .. 1.3) leaves A upward
	// by 0.7 + rA + rB = 1.2 (downward 1.8, sideways 1.4 or 1.6): normal +y, depth 1.2.
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(0.1, 0.3, 1.5707963267948966), 0.0);
	CHECK(m.pointCount >= 1 && near(maxDepth(&m), 0.7 + 0.5, 1e-12), "capsules crossed: depth %.17g", maxDepth(&m));
	CHECK(nearV(m.normal, V(0, 1), 1e-12), "capsules crossed: normal (%g, %g)", m.normal.x, m.normal.y);
	// End to end on one line, gap 0.3: normal along the line, depth 0.5 - 0.3.
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(2.3, 0, 0), 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(1, 0), 1e-15) && near(m.points[0].depth, 0.2, 1e-15),
		  "capsules end to end: count %d normal (%g, %g) depth %.17g", m.pointCount, m.normal.x, m.normal.y,
		  m.points[0].depth);
	CHECK(nearV(m.points[0].pointA, V(1.25, 0), 1e-15) && nearV(m.points[0].pointB, V(1.05, 0), 1e-15),
		  "capsules end to end: points");
	// End to end at an angle: ends (1, 0) and B's left end at (1.3, 0.4): vertex-vertex, distance 0.5.
	double ang = 0.6;
	npVec2 end = V(1.3, 0.4);
	npVec2 centre = add(end, V(cos(ang), sin(ang))); // B's left end is at centre - (cos, sin) * 1
	npRot2 q = npMakeRot2(ang);
	centre = add(end, V(q.c, q.s));
	m = npCollide2(&a, XF(0, 0, 0), &b, (npTransform2){ centre, q }, 0.1);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0.6, 0.8), 1e-14) && near(m.points[0].depth, 0.0, 1e-14),
		  "capsules vertex-vertex: count %d normal (%.17g, %.17g) depth %.17g", m.pointCount, m.normal.x, m.normal.y,
		  m.points[0].depth);
	CHECK(m.pointCount == 1 && m.points[0].id == ((1u) | (0u << 8)), "capsules vertex-vertex: id %x", m.points[0].id);
	// Speculative: parallel with a gap of 0.05 between the surfaces: margin 0.1 keeps both points.
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(0.2, 0.55, 0), 0.1);
	CHECK(m.pointCount == 2 && near(m.points[0].depth, -0.05, 1e-15) && near(m.points[1].depth, -0.05, 1e-15),
		  "capsules speculative: count %d", m.pointCount);
	m = npCollide2(&a, XF(0, 0, 0), &b, XF(0.2, 0.65, 0), 0.1);
	CHECK(m.pointCount == 0, "capsules beyond margin: count %d", m.pointCount);
}

// Capsule against polygons through the polygon routine, both orders.
static void testCapsulePolygon(void)
{
	npShape2 bx = box(2.0, 0.5), cap = capsule(0.75, 0.25);
	// Lying on the box, overlap 0.05: two points at the segment's ends.
	npManifold2 m = npCollide2(&bx, XF(0, 0, 0), &cap, XF(0.1, 0.7, 0), 0.0);
	CHECK(m.pointCount == 2 && nearV(m.normal, V(0, 1), 0), "box-capsule lying: count %d", m.pointCount);
	for (int i = 0; i < m.pointCount; ++i)
		CHECK(near(m.points[i].depth, 0.05, 1e-15) && near(fabs(m.points[i].pointB.x - 0.1), 0.75, 1e-15) &&
				  near(m.points[i].pointB.y, 0.45, 1e-15),
			  "box-capsule lying: point %d (%g, %g)", i, m.points[i].pointB.x, m.points[i].pointB.y);
	npManifold2 s = npCollide2(&cap, XF(0.1, 0.7, 0), &bx, XF(0, 0, 0), 0.0);
	CHECK(s.pointCount == 2 && nearV(s.normal, V(0, -1), 0) && near(maxDepth(&s), 0.05, 1e-15),
		  "capsule-box lying: count %d", s.pointCount);
	// Tilted 30 degrees with its low end 0.15 above the box: one point, depth 0.1.
	npRot2 q = npMakeRot2(0.5235987755982988);
	npVec2 low = V(0.0, 0.5 + 0.15);
	npTransform2 xf = { add(low, V(0.75 * q.c, 0.75 * q.s)), q };
	m = npCollide2(&bx, XF(0, 0, 0), &cap, xf, 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0, 1), 0) && near(m.points[0].depth, 0.1, 1e-14) &&
			  nearV(m.points[0].pointA, V(0, 0.5), 1e-14),
		  "box-capsule tilted: count %d depth %.17g", m.pointCount, maxDepth(&m));
	// Standing upright on the box: the end cap touches; one point below the segment's end.
	npTransform2 up = { V(0.3, 0.5 + 0.25 + 0.75 - 0.02), npMakeRot2(1.5707963267948966) };
	m = npCollide2(&bx, XF(0, 0, 0), &cap, up, 0.0);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0, 1), 0) && near(m.points[0].depth, 0.02, 1e-14) &&
			  nearV(m.points[0].pointA, V(0.3, 0.5), 1e-14),
		  "box-capsule upright: count %d depth %.17g", m.pointCount, maxDepth(&m));
	// Beyond the box's corner, capsule end to corner: vertex-vertex (capsule end at (2.3, 0.9)).
	npTransform2 off = { V(2.3 + 0.75, 0.9), npMakeRot2(0.0) };
	m = npCollide2(&bx, XF(0, 0, 0), &cap, off, 0.0);
	CHECK(m.pointCount == 0, "box-capsule corner apart (margin 0): count %d", m.pointCount);
	m = npCollide2(&bx, XF(0, 0, 0), &cap, off, 0.3);
	CHECK(m.pointCount == 1 && nearV(m.normal, V(0.6, 0.8), 1e-15) && near(m.points[0].depth, -0.25, 1e-15),
		  "box-capsule corner apart: count %d normal (%g, %g) depth %.17g", m.pointCount, m.normal.x, m.normal.y,
		  maxDepth(&m));
}

int main(void)
{
	testCapsules();
	testCapsulePolygon();
	return checkSummary();
}
