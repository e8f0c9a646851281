// 3D manifold tests: closed forms, a brute-force separating-axis reference on random box and hull
// pairs, point invariants, feature-id stability, margins, every pair type.
//
// The brute-force reference (bruteSat) knows nothing of the library's SAT: it takes every face
// normal of both shapes (from the hull planes / box axes, in world space) and the normalised cross
// product of every edge pair, projects ALL vertices of both shapes on each axis and keeps the
// smallest overlap. That is the exact penetration depth of two convex polyhedra.
#include "narrowphase/collide3d.h"
#include "narrowphase/manifold3d.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "testvec3.h"

// Support vertices kept beyond the reference face's side planes: how many, largest tangential offset.
static int supportPoints = 0;
// Pairs in contact, and those whose manifold normal is the exact best SAT axis (to 1e-9).
static int contactPairs = 0, exactAxis = 0;
static double supportOutside = 0.0;

static npVec3 rot(npQuat q, npVec3 v)
{
	npVec3 u = V(q.x, q.y, q.z);
	npVec3 t = scale(2.0, cross(u, v));
	return add(add(v, scale(q.w, t)), cross(u, t));
}
static npVec3 xfPoint(npTransform3 xf, npVec3 p) { return add(rot(xf.q, p), xf.p); }

// Deterministic random numbers (xorshift64*), uniform in [lo, hi).
static uint64_t rngState = 0x9E3779B97F4A7C15ull;
static double rnd(double lo, double hi)
{
	rngState ^= rngState >> 12;
	rngState ^= rngState << 25;
	rngState ^= rngState >> 27;
	uint64_t r = rngState * 2685821657736338717ull;
	return lo + (hi - lo) * ((double)(r >> 11) / 9007199254740992.0);
}

static npTransform3 makeXf(npVec3 p, npQuat q)
{
	npTransform3 xf;
	npResult r = npMakeTransform3(p, q, &xf);
	if (r != NP_OK)
	{
		fprintf(stderr, "bad transform\n");
		exit(2);
	}
	return xf;
}
static npTransform3 randomXf(double spread)
{
	npQuat q = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) };
	return makeXf(V(rnd(-spread, spread), rnd(-spread, spread), rnd(-spread, spread)), q);
}
static npTransform3 identity(void) { return makeXf(V(0, 0, 0), (npQuat){ 0, 0, 0, 1 }); }

// World-space vertices, face normals and edges of a box / hull / triangle (the test's own copy).
typedef struct Poly
{
	int nv, nf, ne;
	npVec3 v[NP_MAX_HULL_VERTICES];
	npVec3 n[NP_MAX_HULL_FACES];
	npVec3 e[NP_MAX_HULL_HALF_EDGES / 2];
} Poly;

static void worldPoly(const npShape3* s, npTransform3 xf, Poly* p)
{
	p->nv = p->nf = p->ne = 0;
	if (s->type == NP_SHAPE_BOX3)
	{
		npVec3 h = s->halfExtents;
		for (int i = 0; i < 8; ++i)
			p->v[p->nv++] = xfPoint(xf, V((i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z));
		npVec3 ax[3] = { V(1, 0, 0), V(0, 1, 0), V(0, 0, 1) };
		for (int i = 0; i < 3; ++i)
		{
			p->n[p->nf++] = rot(xf.q, ax[i]);
			p->e[p->ne++] = rot(xf.q, ax[i]);
		}
	}
	else if (s->type == NP_SHAPE_TRIANGLE3)
	{
		for (int i = 0; i < 3; ++i)
			p->v[p->nv++] = xfPoint(xf, s->triangle[i]);
		p->n[p->nf++] = cross(sub(p->v[1], p->v[0]), sub(p->v[2], p->v[0]));
		for (int i = 0; i < 3; ++i)
			p->e[p->ne++] = sub(p->v[(i + 1) % 3], p->v[i]);
	}
	else
	{
		const npHull3* h = s->hull;
		for (int i = 0; i < h->vertexCount; ++i)
			p->v[p->nv++] = xfPoint(xf, h->vertices[i]);
		for (int f = 0; f < h->faceCount; ++f)
			p->n[p->nf++] = rot(xf.q, h->planes[f].normal);
		for (int k = 0; k < h->halfEdgeCount / 2; ++k)
			p->e[p->ne++] = rot(xf.q, sub(h->vertices[h->halfEdges[2 * k + 1].origin],
										   h->vertices[h->halfEdges[2 * k].origin]));
	}
}

// Overlap of A and B along unit axis n oriented A -> B: max over A of n.v minus min over B of n.v.
static double overlapAlong(const Poly* a, const Poly* b, npVec3 n)
{
	double hi = -1e300, lo = 1e300;
	for (int i = 0; i < a->nv; ++i)
		hi = fmax(hi, dot(n, a->v[i]));
	for (int i = 0; i < b->nv; ++i)
		lo = fmin(lo, dot(n, b->v[i]));
	return hi - lo;
}

// Exact penetration depth of two convex polyhedra (negative when separated: then it is the
// largest separating-axis gap, a lower bound of the distance).
static double bruteSat(const Poly* a, const Poly* b)
{
	double best = 1e300;
	npVec3 axes[2 * NP_MAX_HULL_FACES];
	int count = 0;
	for (int i = 0; i < a->nf; ++i)
		axes[count++] = a->n[i];
	for (int i = 0; i < b->nf; ++i)
		axes[count++] = b->n[i];
	for (int k = 0; k < count; ++k)
	{
		npVec3 n = scale(1.0 / len(axes[k]), axes[k]);
		best = fmin(best, fmin(overlapAlong(a, b, n), overlapAlong(a, b, scale(-1.0, n))));
	}
	for (int i = 0; i < a->ne; ++i)
		for (int j = 0; j < b->ne; ++j)
		{
			npVec3 c = cross(a->e[i], b->e[j]);
			double l = len(c);
			if (l < 1e-9 * len(a->e[i]) * len(b->e[j]))
				continue;
			npVec3 n = scale(1.0 / l, c);
			best = fmin(best, fmin(overlapAlong(a, b, n), overlapAlong(a, b, scale(-1.0, n))));
		}
	return best;
}

// Signed distance of a world point from a polyhedron's surface by its planes (<= 0 inside).
static double planeDistance(const npShape3* s, npTransform3 xf, npVec3 p)
{
	npQuat c = { -xf.q.x, -xf.q.y, -xf.q.z, xf.q.w };
	npVec3 l = rot(c, sub(p, xf.p));
	if (s->type == NP_SHAPE_BOX3)
	{
		npVec3 h = s->halfExtents;
		return fmax(fmax(fabs(l.x) - h.x, fabs(l.y) - h.y), fabs(l.z) - h.z);
	}
	if (s->type == NP_SHAPE_HULL3)
	{
		double d = -1e300;
		for (int f = 0; f < s->hull->faceCount; ++f)
			d = fmax(d, dot(s->hull->planes[f].normal, l) - s->hull->planes[f].offset);
		return d;
	}
	return 0.0;
}

// Checks the invariants of a polyhedron-pair manifold against the brute-force reference.
// Returns the number of failed checks.
static int checkPolyPair(const char* what, const npShape3* sa, npTransform3 xa, const npShape3* sb,
						 npTransform3 xb, double* maxDepthErr)
{
	Poly* pa = malloc(sizeof(Poly));
	Poly* pb = malloc(sizeof(Poly));
	worldPoly(sa, xa, pa);
	worldPoly(sb, xb, pb);
	double depth = bruteSat(pa, pb);
	npManifold3 m = npCollide3(sa, xa, sb, xb, 0.0);
	int before = failed;
	if (depth < -1e-9)
		CHECK(m.pointCount == 0, "%s: separated by %.3g but %d points", what, -depth, m.pointCount);
	else if (depth > 1e-9)
	{
		CHECK(m.pointCount >= 1 && m.pointCount <= 4, "%s: depth %.6g but %d points", what, depth, m.pointCount);
		if (m.pointCount > 0)
		{
			npVec3 n = m.normal;
			CHECK(fabs(len(n) - 1.0) < 1e-12, "%s: normal not unit", what);
			double along = overlapAlong(pa, pb, n);
			// The deepest point's depth equals the overlap along the manifold's own normal...
			CHECK(fabs(m.points[0].depth - along) < 1e-9, "%s: deepest %.17g vs overlap along normal %.17g",
				  what, m.points[0].depth, along);
			// ... which is the best axis up to the face preference.
			CHECK(along <= depth + NP_FACE_PREFERENCE3 + 1e-9 && along >= depth - 1e-9,
				  "%s: overlap along normal %.17g, best SAT %.17g", what, along, depth);
			double err = fabs(m.points[0].depth - depth);
			if (err > *maxDepthErr)
				*maxDepthErr = err;
			++contactPairs;
			exactAxis += fabs(along - depth) <= 1e-9;
			for (int i = 0; i < m.pointCount; ++i)
			{
				npManifoldPoint3 p = m.points[i];
				CHECK(fabs(dot(sub(p.pointA, p.pointB), n) - p.depth) < 1e-9, "%s: depth convention", what);
				CHECK(p.depth <= m.points[0].depth + 1e-12, "%s: point %d deeper than the first", what, i);
				CHECK(p.depth >= -1e-9, "%s: point %d separated (%.3g) with margin 0", what, i, p.depth);
				// Points lie on (or in) their shapes.
				double outA = sa->type != NP_SHAPE_TRIANGLE3 ? planeDistance(sa, xa, p.pointA) : 0.0;
				double outB = sb->type != NP_SHAPE_TRIANGLE3 ? planeDistance(sb, xb, p.pointB) : 0.0;
				CHECK(outA < 1e-9, "%s: pointA %d outside A by %.3g", what, i, outA);
				CHECK(outB < 1e-9, "%s: pointB %d outside B by %.3g", what, i, outB);
				// A support vertex kept beyond the side planes: its two points are not stacked.
				npVec3 d = sub(p.pointA, p.pointB);
				double tangential = len(sub(d, scale(dot(d, n), n)));
				if (tangential > 1e-9)
				{
					++supportPoints;
					supportOutside = fmax(supportOutside, tangential);
				}
				CHECK(p.id != 0, "%s: id 0", what);
				for (int j = 0; j < i; ++j)
					CHECK(m.points[j].id != p.id, "%s: duplicate id %08x", what, p.id);
			}
		}
	}
	free(pa);
	free(pb);
	return failed - before;
}

static void testClosedForms(void)
{
	npShape3 s1, s2, c1, c2;
	npMakeSphere(0.5, &s1);
	npMakeSphere(0.25, &s2);
	npMakeCapsule3(1.0, 0.2, &c1);
	npMakeCapsule3(0.5, 0.3, &c2);
	npTransform3 id = identity();

	// Spheres 0.6 apart along (3, 4, 0)/5: depth 0.75 - 0.6.
	npTransform3 xb = makeXf(V(0.36, 0.48, 0), (npQuat){ 0, 0, 0, 1 });
	npManifold3 m = npCollide3(&s1, id, &s2, xb, 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.15) < 1e-15, "sphere-sphere depth %.17g", m.points[0].depth);
	CHECK(fabs(m.normal.x - 0.6) < 1e-15 && fabs(m.normal.y - 0.8) < 1e-15, "sphere-sphere normal");
	CHECK(fabs(len(m.points[0].pointA) - 0.5) < 1e-15, "sphere-sphere pointA on A");
	// Margin: 0.1 apart, margin 0.2 -> one speculative point at -0.1; margin 0.05 -> none.
	xb = makeXf(V(0.85, 0, 0), (npQuat){ 0, 0, 0, 1 });
	m = npCollide3(&s1, id, &s2, xb, 0.2);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth + 0.1) < 1e-15, "sphere-sphere speculative");
	m = npCollide3(&s1, id, &s2, xb, 0.05);
	CHECK(m.pointCount == 0, "sphere-sphere beyond margin");
	// Concentric: A's local up axis, depth rA + rB.
	m = npCollide3(&s1, id, &s2, id, 0.0);
	CHECK(m.pointCount == 1 && m.normal.y == 1.0 && fabs(m.points[0].depth - 0.75) < 1e-15, "concentric spheres");

	// Sphere beside the capsule's middle: the closest segment point is (0, 0.3, 0).
	xb = makeXf(V(0.4, 0.3, 0), (npQuat){ 0, 0, 0, 1 });
	m = npCollide3(&c1, id, &s2, xb, 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.05) < 1e-15 && m.normal.x == 1.0, "capsule-sphere");
	npManifold3 f = npCollide3(&s2, xb, &c1, id, 0.0);
	CHECK(f.pointCount == 1 && f.normal.x == -1.0 && f.points[0].pointA.x == m.points[0].pointB.x, "sphere-capsule flip");
	// Beyond the cap.
	xb = makeXf(V(0, 1.3, 0), (npQuat){ 0, 0, 0, 1 });
	m = npCollide3(&c1, id, &s2, xb, 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.15) < 1e-15 && m.normal.y == 1.0, "capsule-sphere cap");

	// Crossed capsules: c2 along z (rotated 90 deg about x) at x = 0.45: one point, depth 0.05.
	double h = sqrt(0.5);
	xb = makeXf(V(0.45, 0.2, 0), (npQuat){ h, 0, 0, h });
	m = npCollide3(&c1, id, &c2, xb, 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.05) < 1e-12, "crossed capsules depth %.17g", m.points[0].depth);
	CHECK(fabs(m.normal.x - 1.0) < 1e-12, "crossed capsules normal");
	// Parallel capsules overlapping along y from 0.5 to 1.0 (c2 centred at y = 1, half height 0.5):
	// two points at y = 0.5 and y = 1.0, both depth 0.5 - 0.45.
	xb = makeXf(V(0.45, 1.0, 0), (npQuat){ 0, 0, 0, 1 });
	m = npCollide3(&c1, id, &c2, xb, 0.0);
	CHECK(m.pointCount == 2, "parallel capsules: %d points", m.pointCount);
	if (m.pointCount == 2)
	{
		double y0 = m.points[0].pointA.y, y1 = m.points[1].pointA.y;
		CHECK(fabs(fmin(y0, y1) - 0.5) < 1e-12 && fabs(fmax(y0, y1) - 1.0) < 1e-12, "parallel capsules span %g %g", y0, y1);
		CHECK(fabs(m.points[0].depth - 0.05) < 1e-12 && fabs(m.points[1].depth - 0.05) < 1e-12, "parallel capsules depth");
		CHECK(m.points[0].id != m.points[1].id, "parallel capsules ids differ");
	}
	// Crossing axes (distance 0): the common perpendicular, towards B.
	xb = makeXf(V(0.0, 0.2, 0.1), (npQuat){ h, 0, 0, h });
	m = npCollide3(&c1, id, &c2, xb, 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.5) < 1e-12, "intersecting capsule axes depth %.17g", m.points[0].depth);
}

static void testBoxes(void)
{
	npShape3 ground, box;
	npMakeBox3(V(5, 0.5, 5), &ground);
	npMakeBox3(V(0.5, 0.5, 0.5), &box);
	npTransform3 id = identity();

	// A cube resting 0.01 deep on the ground: 4 points at the cube's bottom corners, depth 0.01.
	npTransform3 xb = makeXf(V(1, 0.99, -2), (npQuat){ 0, 0, 0, 1 });
	npManifold3 m = npCollide3(&ground, id, &box, xb, 0.0);
	CHECK(m.pointCount == 4, "resting cube: %d points", m.pointCount);
	CHECK(m.normal.y == 1.0, "resting cube normal");
	for (int i = 0; i < m.pointCount; ++i)
	{
		CHECK(fabs(m.points[i].depth - 0.01) < 1e-12, "resting cube depth %.17g", m.points[i].depth);
		CHECK(fabs(m.points[i].pointA.y - 0.5) < 1e-12, "resting cube pointA on ground top");
		CHECK(fabs(fabs(m.points[i].pointB.x - 1) - 0.5) < 1e-12 && fabs(fabs(m.points[i].pointB.z + 2) - 0.5) < 1e-12,
			  "resting cube corner");
		CHECK((m.points[i].id >> 30) == 1, "reference face on A");
	}
	// Swapped: the cube's bottom face is the reference (A), the ground's top face clipped to it:
	// the 4 points are the cube's corners again, ids of kind "corner".
	m = npCollide3(&box, xb, &ground, id, 0.0);
	CHECK(m.pointCount == 4 && m.normal.y == -1.0, "swapped resting cube: %d points", m.pointCount);
	for (int i = 0; i < m.pointCount; ++i)
	{
		CHECK(fabs(m.points[i].depth - 0.01) < 1e-12, "swapped depth");
		CHECK(((m.points[i].id >> 16) & 3) == 2, "clipped corners have corner ids (%08x)", m.points[i].id);
	}

	// Ids stable under a small motion (same features): slide and tilt slightly.
	npManifold3 m0 = npCollide3(&ground, id, &box, xb, 0.0);
	npTransform3 xb2 = makeXf(V(1.003, 0.985, -2.002), (npQuat){ 0.002, 0.001, -0.001, 1 });
	npManifold3 m1 = npCollide3(&ground, id, &box, xb2, 0.0);
	int same = 0;
	for (int i = 0; i < m0.pointCount; ++i)
		for (int j = 0; j < m1.pointCount; ++j)
			same += m0.points[i].id == m1.points[j].id;
	CHECK(m1.pointCount == 4 && same == 4, "ids stable: %d of %d", same, m1.pointCount);

	// Speculative margin: the cube 0.02 above the ground, margin 0.05 -> 4 points at depth -0.02.
	xb = makeXf(V(1, 1.02, -2), (npQuat){ 0, 0, 0, 1 });
	m = npCollide3(&ground, id, &box, xb, 0.05);
	CHECK(m.pointCount == 4 && fabs(m.points[0].depth + 0.02) < 1e-12, "speculative cube: %d", m.pointCount);
	m = npCollide3(&ground, id, &box, xb, 0.01);
	CHECK(m.pointCount == 0, "cube beyond margin");

	// Edge-edge: two cubes rotated 45 degrees about perpendicular axes, crossing edges.
	double s = 0.38268343236508977, c = 0.92387953251128674; // sin, cos of pi/8
	npTransform3 xa = makeXf(V(0, 0, 0), (npQuat){ s, 0, 0, c });  // edge along x on top
	npTransform3 xe = makeXf(V(0, 2 * sqrt(0.5) * 0.5 * 2 - 0.01, 0), (npQuat){ 0, 0, s, c }); // edge along z at bottom
	m = npCollide3(&box, xa, &box, xe, 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.01) < 1e-12, "edge-edge depth %.17g (%d points)",
		  m.pointCount ? m.points[0].depth : 0.0, m.pointCount);
	CHECK(m.pointCount == 1 && (m.points[0].id >> 28) == 0xC, "edge-edge id kind");
	CHECK(fabs(m.normal.y - 1.0) < 1e-12, "edge-edge normal");
}

// A small tilted box under a large box turned about y: the large box's bottom face is the
// reference (B's face: A's top face, tilted, separates far worse) and the small box's top face lies
// inside it, so nothing is clipped (manifold3d.c skips the side planes then, in B's frame). Closed
// form: the four points are the small box's top corners, depth = corner height - 0.5 (the large
// box's bottom plane); with margin 0.05 the two low corners are speculative. Then the same with the
// small box half out under the large box's edge: clipped, every reference point on the face.
static void testBoxUnderBox(void)
{
	npShape3 small, large;
	npMakeBox3(V(0.5, 0.5, 0.5), &small);
	npMakeBox3(V(3, 0.5, 3), &large);
	double th = 0.05, sh = sin(0.5 * th), ch = cos(0.5 * th);
	npTransform3 xa = makeXf(V(0, 0, 0), (npQuat){ sh, 0, 0, ch }); // tilted about x
	double ty = sin(0.15), cy = cos(0.15);
	npTransform3 xb = makeXf(V(0.2, 1.0, -0.1), (npQuat){ 0, ty, 0, cy }); // bottom plane y = 0.5
	npManifold3 m = npCollide3(&small, xa, &large, xb, 0.05);
	CHECK(m.pointCount == 4, "box under box: %d points", m.pointCount);
	CHECK(fabs(m.normal.x) < 1e-12 && fabs(m.normal.y - 1.0) < 1e-12 && fabs(m.normal.z) < 1e-12,
		  "box under box: normal (%g %g %g)", m.normal.x, m.normal.y, m.normal.z);
	int found = 0;
	for (int i = 0; i < m.pointCount; ++i)
	{
		npManifoldPoint3 p = m.points[i];
		CHECK((p.id >> 30) == 2 && ((p.id >> 16) & 3) == 0, "box under box: B's face, incident vertex (%08x)", p.id);
		// Which top corner (local (+-0.5, 0.5, +-0.5)) is it?
		for (int cx = -1; cx <= 1; cx += 2)
			for (int cz = -1; cz <= 1; cz += 2)
			{
				npVec3 corner = xfPoint(xa, V(0.5 * cx, 0.5, 0.5 * cz));
				if (len(sub(corner, p.pointA)) < 1e-12)
				{
					++found;
					double depth = corner.y - 0.5;
					CHECK(fabs(p.depth - depth) < 1e-12, "box under box: depth %.17g, expected %.17g", p.depth, depth);
					CHECK(fabs(p.pointB.y - 0.5) < 1e-12 && fabs(p.pointB.x - corner.x) < 1e-12 &&
							  fabs(p.pointB.z - corner.z) < 1e-12,
						  "box under box: pointB below the corner");
				}
			}
		if (i > 0)
			CHECK(p.depth <= m.points[0].depth, "box under box: deepest first");
	}
	CHECK(found == 4, "box under box: %d of 4 points at the top corners", found);

	// Half out under the large box's edge (its local x = +3 side): clipped to the face.
	npTransform3 xb2 = makeXf(V(-2.85, 1.0, 0.0), (npQuat){ 0, 0, 0, 1 });
	m = npCollide3(&small, xa, &large, xb2, 0.05);
	CHECK(m.pointCount == 4, "box half under box: %d points", m.pointCount);
	int clipped = 0;
	for (int i = 0; i < m.pointCount; ++i)
	{
		npManifoldPoint3 p = m.points[i];
		CHECK(fabs(p.pointB.y - 0.5) < 1e-12 && p.pointB.x <= 0.15 + 1e-12, "box half under box: pointB (%g %g %g) on the face",
			  p.pointB.x, p.pointB.y, p.pointB.z);
		clipped += ((p.id >> 16) & 3) != 0;
	}
	CHECK(clipped >= 2, "box half under box: %d clipped points", clipped);
}

static void testRandom(void)
{
	npShape3 a, b;
	double maxErr = 0.0;
	int bad = 0, contacts = 0;
	for (int k = 0; k < 400; ++k)
	{
		npMakeBox3(V(rnd(0.2, 1.5), rnd(0.2, 1.5), rnd(0.2, 1.5)), &a);
		npMakeBox3(V(rnd(0.2, 1.5), rnd(0.2, 1.5), rnd(0.2, 1.5)), &b);
		npTransform3 xa = randomXf(0.5), xb = randomXf(1.5);
		char what[64];
		snprintf(what, sizeof what, "random box pair %d", k);
		bad += checkPolyPair(what, &a, xa, &b, xb, &maxErr) != 0;
		contacts += npCollide3(&a, xa, &b, xb, 0.0).pointCount > 0;
	}
	printf("box-box: %d random pairs, %d in contact, %d with failures, max |deepest - SAT depth| %.3g\n", 400,
		   contacts, bad, maxErr);

	static npHull3 ha, hb;
	maxErr = 0.0;
	bad = 0;
	contacts = 0;
	for (int k = 0; k < 300; ++k)
	{
		npVec3 pts[32];
		int na = 12 + (int)rnd(0, 21), nb = 12 + (int)rnd(0, 21);
		for (int i = 0; i < na; ++i)
			pts[i] = V(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1));
		if (npMakeHull3(pts, na, &ha) != NP_OK)
			continue;
		for (int i = 0; i < nb; ++i)
			pts[i] = V(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1));
		if (npMakeHull3(pts, nb, &hb) != NP_OK)
			continue;
		npMakeHullShape3(&ha, &a);
		npMakeHullShape3(&hb, &b);
		npTransform3 xa = randomXf(0.5), xb = randomXf(1.2);
		char what[64];
		snprintf(what, sizeof what, "random hull pair %d", k);
		bad += checkPolyPair(what, &a, xa, &b, xb, &maxErr) != 0;
		contacts += npCollide3(&a, xa, &b, xb, 0.0).pointCount > 0;
	}
	printf("hull-hull: 300 random pairs, %d in contact, %d with failures, max |deepest - SAT depth| %.3g\n",
		   contacts, bad, maxErr);

	// Rounder hulls (60 points on a sphere, all vertices): more than 48 vertices and 1024 edge
	// pairs, so the face queries climb the vertex graph and the edge query is located by EPA.
	maxErr = 0.0;
	bad = 0;
	contacts = 0;
	for (int k = 0; k < 24; ++k)
	{
		npVec3 pts[60];
		for (int i = 0; i < 60; ++i)
		{
			npVec3 d = V(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1));
			pts[i] = scale(0.8 / len(d), d);
		}
		if (npMakeHull3(pts, 60, &ha) != NP_OK || ha.vertexCount <= 48)
			continue;
		for (int i = 0; i < 60; ++i)
		{
			npVec3 d = V(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1));
			pts[i] = scale(0.6 / len(d), d);
		}
		if (npMakeHull3(pts, 60, &hb) != NP_OK)
			continue;
		npMakeHullShape3(&ha, &a);
		npMakeHullShape3(&hb, &b);
		npTransform3 xa = randomXf(0.3), xb = randomXf(0.9);
		bad += checkPolyPair("round hull pair", &a, xa, &b, xb, &maxErr) != 0;
		contacts += npCollide3(&a, xa, &b, xb, 0.0).pointCount > 0;
	}
	printf("round hulls (60 points): 24 random pairs, %d in contact, %d with failures, max |deepest - SAT depth| %.3g\n",
		   contacts, bad, maxErr);

	// Box against hull and triangle against box, same invariants.
	bad = 0;
	for (int k = 0; k < 200; ++k)
	{
		npVec3 pts[16];
		for (int i = 0; i < 16; ++i)
			pts[i] = V(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1));
		if (npMakeHull3(pts, 16, &ha) != NP_OK)
			continue;
		npMakeHullShape3(&ha, &a);
		npMakeBox3(V(rnd(0.2, 1.0), rnd(0.2, 1.0), rnd(0.2, 1.0)), &b);
		npTransform3 xa = randomXf(0.5), xb = randomXf(1.2);
		bad += checkPolyPair("hull-box", &a, xa, &b, xb, &maxErr) != 0;
		bad += checkPolyPair("box-hull", &b, xb, &a, xa, &maxErr) != 0;
		npShape3 t;
		if (npMakeTriangle3(V(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1)), V(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1)),
							V(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1)), &t) == NP_OK)
		{
			bad += checkPolyPair("triangle-box", &t, xa, &b, xb, &maxErr) != 0;
			bad += checkPolyPair("box-triangle", &b, xb, &t, xa, &maxErr) != 0;
			bad += checkPolyPair("triangle-hull", &t, xb, &a, xa, &maxErr) != 0;
		}
	}
	printf("mixed box/hull/triangle: %d pairs with failures\n", bad);
	printf("polyhedron pairs in contact: %d, normal on the exact best axis in %d (the rest within the face preference)\n",
		   contactPairs, exactAxis);
	printf("support vertices kept beyond the reference face's side planes: %d, tangential offset at most %.3g\n",
		   supportPoints, supportOutside);
}

static void testPolyAndRounded(void)
{
	npShape3 box, sphere, capsule, tri;
	npMakeBox3(V(1, 0.5, 2), &box);
	npMakeSphere(0.3, &sphere);
	npMakeCapsule3(0.8, 0.2, &capsule);
	npMakeTriangle3(V(-1, 0, -1), V(1, 0, -1), V(0, 0, 1), &tri);
	npTransform3 id = identity();

	// Sphere above the box's top face: normal +y, depth 0.3 - 0.2.
	npManifold3 m = npCollide3(&box, id, &sphere, makeXf(V(0.2, 0.7, 0.3), (npQuat){ 0, 0, 0, 1 }), 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.1) < 1e-15 && m.normal.y == 1.0, "sphere on box face");
	// Sphere at a corner region (1, 0.5, 2) + (0.1, 0.1, 0.1): distance sqrt(0.03).
	m = npCollide3(&box, id, &sphere, makeXf(V(1.1, 0.6, 2.1), (npQuat){ 0, 0, 0, 1 }), 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - (0.3 - sqrt(0.03))) < 1e-15, "sphere at box corner");
	CHECK(fabs(m.points[0].pointA.x - 1) < 1e-15 && fabs(m.points[0].pointA.z - 2) < 1e-15, "corner pointA");
	// Sphere centre inside the box, nearest the +x face (0.9 in): depth 0.1 + 0.3.
	m = npCollide3(&box, id, &sphere, makeXf(V(0.9, 0, 0), (npQuat){ 0, 0, 0, 1 }), 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.4) < 1e-15 && m.normal.x == 1.0, "sphere inside box");
	// Flipped order: normal reversed, points swapped.
	npManifold3 f = npCollide3(&sphere, makeXf(V(0.9, 0, 0), (npQuat){ 0, 0, 0, 1 }), &box, id, 0.0);
	CHECK(f.pointCount == 1 && f.normal.x == -1.0 && f.points[0].pointB.x == m.points[0].pointA.x, "sphere-box flip");
	// Sphere against the two-sided triangle, from below.
	m = npCollide3(&tri, id, &sphere, makeXf(V(0, -0.25, 0), (npQuat){ 0, 0, 0, 1 }), 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.05) < 1e-15 && m.normal.y == -1.0, "sphere under triangle");
	// Sphere in the triangle's plane beside an edge: outside the polygon, normal in-plane.
	m = npCollide3(&tri, id, &sphere, makeXf(V(0, 0, -1.2), (npQuat){ 0, 0, 0, 1 }), 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.1) < 1e-15 && m.normal.z == -1.0, "sphere beside triangle edge");

	// Capsule lying on the box's top face (axis along x): two points at the clipped ends, depth 0.05.
	double h = sqrt(0.5);
	npTransform3 lying = makeXf(V(0.5, 0.65, 0), (npQuat){ 0, 0, h, h });
	m = npCollide3(&box, id, &capsule, lying, 0.0);
	CHECK(m.pointCount == 2, "capsule lying on box: %d points", m.pointCount);
	for (int i = 0; i < m.pointCount; ++i)
		CHECK(fabs(m.points[i].depth - 0.05) < 1e-12 && m.normal.y == 1.0, "capsule lying depth %.17g", m.points[i].depth);
	if (m.pointCount == 2)
	{
		// The segment runs x in [-0.3, 1.3], clipped by the face's side plane x = 1.
		double x0 = m.points[0].pointA.x, x1 = m.points[1].pointA.x;
		CHECK(fabs(fmin(x0, x1) + 0.3) < 1e-12 && fabs(fmax(x0, x1) - 1.0) < 1e-12, "capsule clip %g %g", x0, x1);
	}
	f = npCollide3(&capsule, lying, &box, id, 0.0);
	CHECK(f.pointCount == 2 && f.normal.y == -1.0 && (f.points[0].id >> 30) == 2, "capsule-box flip");
	// Capsule standing on the box: one point under its lower cap.
	m = npCollide3(&box, id, &capsule, makeXf(V(0, 1.45, 0), (npQuat){ 0, 0, 0, 1 }), 0.0);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - 0.05) < 1e-12, "capsule standing");
	// Capsule across the box's top edge x = 1 (edge along z), tilted: the edge axis.
	npTransform3 across = makeXf(V(1.1, 0.6, 0), (npQuat){ h, 0, 0, h });
	m = npCollide3(&box, id, &capsule, across, 0.0);
	double d = sqrt(0.1 * 0.1 + 0.1 * 0.1);
	CHECK(m.pointCount == 1 && fabs(m.points[0].depth - (0.2 - d)) < 1e-12, "capsule across box edge depth %.17g",
		  m.pointCount ? m.points[0].depth : 0.0);
	// Capsule on the triangle.
	m = npCollide3(&tri, id, &capsule, makeXf(V(0, 0.15, -0.5), (npQuat){ 0, 0, h, h }), 0.0);
	CHECK(m.pointCount == 2 && fabs(m.points[0].depth - 0.05) < 1e-12, "capsule on triangle: %d points", m.pointCount);

	// Triangle on the box's top face: 3 points, the triangle's vertices.
	m = npCollide3(&box, id, &tri, makeXf(V(0, 0.49, 0), (npQuat){ 0, 0, 0, 1 }), 0.0);
	CHECK(m.pointCount == 3 && fabs(m.points[0].depth - 0.01) < 1e-12, "triangle on box: %d points", m.pointCount);
	// Two coplanar triangles overlapping: touching, depth 0 along the shared plane normal.
	npShape3 tri2;
	npMakeTriangle3(V(0, 0, -2), V(2, 0, 0), V(0, 0, 0.5), &tri2);
	m = npCollide3(&tri, id, &tri2, id, 0.0);
	CHECK(m.pointCount >= 1 && fabs(m.points[0].depth) < 1e-12, "coplanar triangles: %d points depth %g", m.pointCount,
		  m.pointCount ? m.points[0].depth : 0.0);

	// A flat hull (a square in the xz plane) resting in the box's top face, 0.02 deep.
	static npHull3 flat;
	npVec3 sq[5] = { V(-0.5, 0, -0.5), V(0.5, 0, -0.5), V(0.5, 0, 0.5), V(-0.5, 0, 0.5), V(0, 0, 0) };
	CHECK(npMakeHull3(sq, 5, &flat) == NP_OK && flat.flat, "flat hull");
	npShape3 flatShape;
	npMakeHullShape3(&flat, &flatShape);
	m = npCollide3(&box, id, &flatShape, makeXf(V(0, 0.48, 0), (npQuat){ 0, 0, 0, 1 }), 0.0);
	CHECK(m.pointCount == 4 && fabs(m.points[0].depth - 0.02) < 1e-12, "flat hull on box: %d", m.pointCount);
	m = npCollide3(&flatShape, makeXf(V(0, 0.48, 0), (npQuat){ 0, 0, 0, 1 }), &box, id, 0.0);
	CHECK(m.pointCount == 4 && fabs(m.points[0].depth - 0.02) < 1e-12 && m.normal.y == -1.0, "box under flat hull: %d", m.pointCount);

	// Invalid input: empty manifold.
	m = npCollide3(NULL, id, &box, id, 0.0);
	CHECK(m.pointCount == 0, "null shape");
	m = npCollide3(&box, id, &box, id, -1.0);
	CHECK(m.pointCount == 0, "negative margin");
	m = npCollide3(&box, id, &box, id, NAN);
	CHECK(m.pointCount == 0, "NaN margin");
	npTransform3 nanXf = id;
	nanXf.p.y = NAN;
	CHECK(npCollide3(&box, nanXf, &box, id, 0.0).pointCount == 0, "NaN position");
	npTransform3 zeroQ = id;
	zeroQ.q.w = 0.0;
	CHECK(npCollide3(&box, id, &sphere, zeroQ, 0.0).pointCount == 0, "zero quaternion");
	npShape3 bogus = box;
	bogus.type = (npShapeType3)42;
	m = npCollide3(&bogus, id, &box, id, 0.0);
	CHECK(m.pointCount == 0, "unknown type");
}

// Exact distance from p to a box (local half extents h) placed by xf: clamp in the box's frame.
static double boxPointDistance(npVec3 h, npTransform3 xf, npVec3 p)
{
	npQuat c = { -xf.q.x, -xf.q.y, -xf.q.z, xf.q.w };
	npVec3 l = rot(c, sub(p, xf.p));
	npVec3 q = V(fmax(-h.x, fmin(h.x, l.x)), fmax(-h.y, fmin(h.y, l.y)), fmax(-h.z, fmin(h.z, l.z)));
	return len(sub(l, q));
}

// Capsule against box, random poses. Reference: when the cores overlap, the SAT depth over the
// box's face normals and the cross products of the capsule axis with the box's edges (bruteSat
// with the segment as a two-vertex polytope) plus the radius; when apart, the radius minus the
// core distance found by sampling the segment densely (exact point-box distance per sample).
static void testCapsuleBoxRandom(void)
{
	int bad = 0, contacts = 0;
	double maxErr = 0.0;
	for (int k = 0; k < 400; ++k)
	{
		npShape3 box, cap;
		npVec3 h = V(rnd(0.2, 1.0), rnd(0.2, 1.0), rnd(0.2, 1.0));
		npMakeBox3(h, &box);
		double hh = rnd(0.1, 1.0), r = rnd(0.05, 0.5);
		npMakeCapsule3(hh, r, &cap);
		npTransform3 xa = randomXf(0.3), xb = randomXf(1.5);
		Poly* pa = malloc(sizeof(Poly));
		Poly* pb = malloc(sizeof(Poly));
		worldPoly(&box, xa, pa);
		pb->nv = 2;
		pb->nf = 0;
		pb->ne = 1;
		pb->v[0] = xfPoint(xb, V(0, -hh, 0));
		pb->v[1] = xfPoint(xb, V(0, hh, 0));
		pb->e[0] = sub(pb->v[1], pb->v[0]);
		double coreSat = bruteSat(pa, pb);
		double ref;
		if (coreSat >= 0.0)
			ref = coreSat + r;
		else
		{
			double dmin = 1e300;
			for (int i = 0; i <= 4000; ++i)
			{
				npVec3 p = add(pb->v[0], scale(i / 4000.0, pb->e[0]));
				dmin = fmin(dmin, boxPointDistance(h, xa, p));
			}
			ref = r - dmin;
		}
		npManifold3 m = npCollide3(&box, xa, &cap, xb, 0.0);
		int before = failed;
		if (ref < -1e-6)
			CHECK(m.pointCount == 0, "capsule-box %d: apart by %.3g, %d points", k, -ref, m.pointCount);
		else if (ref > 1e-6)
		{
			CHECK(m.pointCount >= 1 && m.pointCount <= 2, "capsule-box %d: %d points", k, m.pointCount);
			if (m.pointCount > 0)
			{
				++contacts;
				double err = fabs(m.points[0].depth - ref);
				// Sampling resolves the apart case to ~1e-7; the overlapping case is exact up to
				// the face preference.
				double tol = coreSat >= 0.0 ? NP_FACE_PREFERENCE3 + 1e-9 : 1e-6;
				CHECK(m.points[0].depth >= ref - 1e-6 && m.points[0].depth <= ref + tol,
					  "capsule-box %d: depth %.12g, reference %.12g (cores %s)", k, m.points[0].depth, ref,
					  coreSat >= 0.0 ? "overlap" : "apart");
				maxErr = fmax(maxErr, err);
				for (int i = 0; i < m.pointCount; ++i)
				{
					npManifoldPoint3 p = m.points[i];
					CHECK(fabs(dot(sub(p.pointA, p.pointB), m.normal) - p.depth) < 1e-9, "depth convention");
					CHECK(planeDistance(&box, xa, p.pointA) < 1e-9, "capsule-box %d: pointA outside the box", k);
				}
			}
		}
		bad += failed != before;
		free(pa);
		free(pb);
	}
	printf("capsule-box: 400 random pairs, %d in contact, %d with failures, max |deepest - reference| %.3g\n",
		   contacts, bad, maxErr);
}

int main(void)
{
	testClosedForms();
	testBoxes();
	testBoxUnderBox();
	testPolyAndRounded();
	testRandom();
	testCapsuleBoxRandom();
	return checkSummary();
}
