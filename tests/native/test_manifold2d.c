// Tests for the 2D contact manifolds (src/manifold2d.c).
//
// Expected values come from closed forms worked out by hand (circle pairs, axis-aligned boxes, a box
// on its corner, capsules), from a brute-force reference written here (core distance over all
// vertex-edge pairs, separating axes over all edge normals) and from invariants (the conventions,
// A/B swap symmetry, the axis-aligned box path against the general path bit for bit, id stability).
//
// Build (standalone):
//   gcc -std=c11 -ffp-contract=off -Wall -Wextra -Werror -Isrc/include -Isrc tests/native/test_manifold2d.c src/*.c -lm
#include "narrowphase/narrowphase.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

// ------------------------------------------------------------------------------------ small helpers
static npVec2 V(double x, double y) { return (npVec2){ x, y }; }
static npVec2 add(npVec2 a, npVec2 b) { return V(a.x + b.x, a.y + b.y); }
static npVec2 sub(npVec2 a, npVec2 b) { return V(a.x - b.x, a.y - b.y); }
static npVec2 scale(double s, npVec2 a) { return V(s * a.x, s * a.y); }
static double dot(npVec2 a, npVec2 b) { return a.x * b.x + a.y * b.y; }
static double cross(npVec2 a, npVec2 b) { return a.x * b.y - a.y * b.x; }
static double len(npVec2 a) { return sqrt(a.x * a.x + a.y * a.y); }
static double dist(npVec2 a, npVec2 b) { return len(sub(a, b)); }
static npVec2 unit(npVec2 a) { return scale(1.0 / len(a), a); }
static npVec2 rightPerp(npVec2 a) { return V(a.y, -a.x); }
static bool near(double a, double b, double tol) { return fabs(a - b) <= tol; }
static bool nearV(npVec2 a, npVec2 b, double tol) { return fabs(a.x - b.x) <= tol && fabs(a.y - b.y) <= tol; }

static npTransform2 XF(double x, double y, double angle) { return npMakeTransform2(x, y, angle); }
static npTransform2 XQ(double x, double y, double c, double s) { return (npTransform2){ { x, y }, { c, s } }; }

static npShape2 circle(double r)
{
	npShape2 s;
	npMakeCircle(r, &s);
	return s;
}
static npShape2 capsule(double h, double r)
{
	npShape2 s;
	npMakeCapsule2(h, r, &s);
	return s;
}
static npShape2 box(double hx, double hy)
{
	npShape2 s;
	npMakeBox2(hx, hy, &s);
	return s;
}
static npShape2 polygon(const npVec2* p, int n, double r)
{
	npShape2 s;
	npResult res = npMakePolygon2(p, n, r, &s);
	if (res != NP_OK)
		printf("polygon construction failed: %s\n", npResultString(res));
	return s;
}

#define TEST_RNG_SEED 0x9E3779B97F4A7C15ull
#include "testrng.h"

// Draws in a fixed order: the order in which a call's arguments (or an initializer's elements) are
// evaluated is unspecified, and gcc and clang differ.
static npVec2 uniformVec(double lo, double hi)
{
	double x = rndRange(lo, hi);
	double y = rndRange(lo, hi);
	return V(x, y);
}
static npVec2 gridVec(double step, int lo, int hi)
{
	double x = step * (int)rndRange(lo, hi);
	double y = step * (int)rndRange(lo, hi);
	return V(x, y);
}
// A transform at `centre` plus a random offset in [-reach, reach]^2, with a random angle.
static npTransform2 uniformXf(npVec2 centre, double reach, double angleRange)
{
	npVec2 d = uniformVec(-reach, reach);
	double angle = rndRange(-angleRange, angleRange);
	return XF(centre.x + d.x, centre.y + d.y, angle);
}
static npShape2 uniformBox(double lo, double hi)
{
	npVec2 h = uniformVec(lo, hi);
	return box(h.x, h.y);
}

// Field by field, bit for bit (memcmp on the structs would also compare padding).
static bool sameManifold(const npManifold2* a, const npManifold2* b)
{
	if (a->pointCount != b->pointCount || memcmp(&a->normal, &b->normal, sizeof(npVec2)) != 0)
		return false;
	for (int i = 0; i < a->pointCount; ++i)
	{
		const npManifoldPoint2 *p = a->points + i, *q = b->points + i;
		if (memcmp(&p->pointA, &q->pointA, sizeof(npVec2)) != 0 || memcmp(&p->pointB, &q->pointB, sizeof(npVec2)) != 0 ||
			memcmp(&p->depth, &q->depth, sizeof(double)) != 0 || p->id != q->id)
			return false;
	}
	return true;
}

static double maxDepth(const npManifold2* m)
{
	double d = -INFINITY;
	for (int i = 0; i < m->pointCount; ++i)
		d = fmax(d, m->points[i].depth);
	return d;
}

// ------------------------------------------------------------------------------------ brute force
// A shape in world space: core vertices (CCW) plus radius.
typedef struct worldShape
{
	int count;
	npVec2 v[NP_MAX_POLYGON_VERTICES];
	double radius;
} worldShape;

static worldShape toWorldShape(const npShape2* s, npTransform2 xf)
{
	worldShape w;
	w.count = s->count;
	w.radius = s->radius;
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 p = s->vertices[i];
		w.v[i] = V(xf.q.c * p.x - xf.q.s * p.y + xf.p.x, xf.q.s * p.x + xf.q.c * p.y + xf.p.y);
	}
	return w;
}

static npVec2 closestOnSeg(npVec2 p, npVec2 a, npVec2 b)
{
	npVec2 ab = sub(b, a);
	double l2 = dot(ab, ab);
	if (l2 == 0.0)
		return a;
	double t = dot(sub(p, a), ab) / l2;
	t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
	return add(a, scale(t, ab));
}

static int edgeCount(const worldShape* s) { return s->count == 1 ? 1 : (s->count == 2 ? 1 : s->count); }
static npVec2 edgeStart(const worldShape* s, int i) { return s->v[i]; }
static npVec2 edgeEnd(const worldShape* s, int i) { return s->count == 1 ? s->v[0] : s->v[(i + 1) % s->count]; }

static bool insideCore(const worldShape* s, npVec2 p)
{
	if (s->count < 3)
		return false;
	for (int i = 0; i < s->count; ++i)
		if (cross(sub(edgeEnd(s, i), s->v[i]), sub(p, s->v[i])) < 0.0)
			return false;
	return true;
}

// Distance from a point to the core (0 inside).
static double pointCoreDistance(const worldShape* s, npVec2 p)
{
	double d = INFINITY;
	for (int i = 0; i < edgeCount(s); ++i)
		d = fmin(d, dist(p, closestOnSeg(p, edgeStart(s, i), edgeEnd(s, i))));
	return d;
}

// Signed distance from a point to the rounded shape.
static double signedDistance(const worldShape* s, npVec2 p)
{
	double d = pointCoreDistance(s, p);
	return (insideCore(s, p) ? -d : d) - s->radius;
}

static bool segmentsCross(npVec2 a0, npVec2 a1, npVec2 b0, npVec2 b1)
{
	double o1 = cross(sub(a1, a0), sub(b0, a0)), o2 = cross(sub(a1, a0), sub(b1, a0));
	double o3 = cross(sub(b1, b0), sub(a0, b0)), o4 = cross(sub(b1, b0), sub(a1, b0));
	return o1 * o2 < 0.0 && o3 * o4 < 0.0;
}

static double support(const worldShape* s, npVec2 n)
{
	double m = -INFINITY;
	for (int i = 0; i < s->count; ++i)
		m = fmax(m, dot(s->v[i], n));
	return m;
}

// Overlap of the rounded shapes along n (negative: separation).
static double overlapAlong(const worldShape* a, const worldShape* b, npVec2 n)
{
	return support(a, n) + support(b, scale(-1.0, n)) + a->radius + b->radius;
}

// The best (smallest) overlap over all directions: the negated signed distance between the shapes.
static double bruteBest(const worldShape* a, const worldShape* b)
{
	bool intersect = false;
	for (int i = 0; i < a->count; ++i)
		intersect = intersect || insideCore(b, a->v[i]);
	for (int i = 0; i < b->count; ++i)
		intersect = intersect || insideCore(a, b->v[i]);
	double d = INFINITY;
	for (int i = 0; i < edgeCount(a); ++i)
	{
		for (int j = 0; j < edgeCount(b); ++j)
		{
			npVec2 a0 = edgeStart(a, i), a1 = edgeEnd(a, i), b0 = edgeStart(b, j), b1 = edgeEnd(b, j);
			if (segmentsCross(a0, a1, b0, b1))
				intersect = true;
			d = fmin(d, dist(a0, closestOnSeg(a0, b0, b1)));
			d = fmin(d, dist(a1, closestOnSeg(a1, b0, b1)));
			d = fmin(d, dist(b0, closestOnSeg(b0, a0, a1)));
			d = fmin(d, dist(b1, closestOnSeg(b1, a0, a1)));
		}
	}
	double r = a->radius + b->radius;
	if (!intersect && d > 0.0)
		return r - d;
	// Cores overlap: the smallest overlap over the edge normals of both cores (+-n for a segment).
	double best = INFINITY;
	bool any = false;
	for (int k = 0; k < 2; ++k)
	{
		const worldShape* s = k == 0 ? a : b;
		if (s->count == 1)
			continue;
		for (int i = 0; i < edgeCount(s); ++i)
		{
			npVec2 n = unit(rightPerp(sub(edgeEnd(s, i), s->v[i])));
			for (int sign = -1; sign <= 1; sign += 2)
			{
				if (s->count > 2 && sign != (k == 0 ? 1 : -1))
					continue;
				best = fmin(best, overlapAlong(a, b, scale(sign, n)));
				any = true;
			}
		}
	}
	return any ? best : r;
}

static double shapeScale(const worldShape* a, const worldShape* b)
{
	double s = 1.0;
	for (int i = 0; i < a->count; ++i)
		s = fmax(s, fmax(fabs(a->v[i].x), fabs(a->v[i].y)));
	for (int i = 0; i < b->count; ++i)
		s = fmax(s, fmax(fabs(b->v[i].x), fabs(b->v[i].y)));
	return s;
}

// ------------------------------------------------------------------------------------ invariants
typedef struct stats
{
	int cases, contacts, exactDepth, clippedDeepest, swapFull, swapTie, vertexVertex;
} stats;
static stats st;

// Checks one manifold against the conventions and the brute-force reference. Returns false on a
// failure (printing `what`).
static bool checkManifoldClip(const char* what, const npShape2* A, npTransform2 xfA, const npShape2* B,
							  npTransform2 xfB, double margin, const npManifold2* m, bool* clipped)
{
	worldShape wa = toWorldShape(A, xfA), wb = toWorldShape(B, xfB);
	double sc = shapeScale(&wa, &wb);
	double tol = 1e-10 * sc;
	double best = bruteBest(&wa, &wb);
	bool ok = true;
	int before = failed;
	st.cases++;

	CHECK(m->pointCount >= 0 && m->pointCount <= 2, "%s: pointCount %d", what, m->pointCount);
	if (best > -margin + tol)
		CHECK(m->pointCount >= 1, "%s: expected contact (best %.17g, margin %g)", what, best, margin);
	if (best < -margin - NP_FACE_PREFERENCE2 - tol)
		CHECK(m->pointCount == 0, "%s: expected no contact (best %.17g, margin %g)", what, best, margin);
	if (m->pointCount > 0)
	{
		st.contacts++;
		npVec2 n = m->normal;
		CHECK(near(len(n), 1.0, 1e-14), "%s: normal length %.17g", what, len(n));
		double deepest = maxDepth(m);
		double along = overlapAlong(&wa, &wb, n);
		// The normal is the best axis or within the face preference of it.
		CHECK(along >= best - tol && along <= best + NP_FACE_PREFERENCE2 + tol,
			  "%s: overlap along the normal %.17g vs best %.17g", what, along, best);
		CHECK(deepest <= along + tol, "%s: depth %.17g beyond the overlap along the normal %.17g", what, deepest, along);
		// On the exact best axis, clipping never removes the deepest point.
		if (near(along, best, tol))
			CHECK(near(deepest, along, tol), "%s: best axis, deepest %.17g vs overlap %.17g", what, deepest, along);
		if (near(deepest, along, tol))
			st.exactDepth++;
		else
		{
			st.clippedDeepest++;
			if (getenv("NP_VERBOSE"))
				printf("%s: deepest %.17g below the overlap along the normal %.17g (best %.17g, count %d, id %x)\n", what,
					   deepest, along, best, m->pointCount, m->points[0].id);
		}
		for (int i = 0; i < m->pointCount; ++i)
		{
			const npManifoldPoint2* p = m->points + i;
			CHECK(p->depth >= -margin - tol, "%s: point %d depth %.17g below -margin", what, i, p->depth);
			CHECK(near(p->depth, dot(sub(p->pointA, p->pointB), n), tol), "%s: point %d depth identity %.17g vs %.17g",
				  what, i, p->depth, dot(sub(p->pointA, p->pointB), n));
			double sa = signedDistance(&wa, p->pointA), sb = signedDistance(&wb, p->pointB);
			CHECK(fabs(sa) <= tol, "%s: pointA %d off A's surface (%.3g)", what, i, sa);
			CHECK(fabs(sb) <= tol, "%s: pointB %d off B's surface (%.3g)", what, i, sb);
			for (int j = 0; j < i; ++j)
				CHECK(m->points[j].id != p->id, "%s: duplicate id %u", what, p->id);
		}
	}
	ok = failed == before;
	if (m->pointCount > 0 && !near(maxDepth(m), overlapAlong(&wa, &wb, m->normal), tol))
		*clipped = true;
	return ok;
}

static bool checkManifold(const char* what, const npShape2* A, npTransform2 xfA, const npShape2* B,
						  npTransform2 xfB, double margin, const npManifold2* m)
{
	bool clipped = false;
	return checkManifoldClip(what, A, xfA, B, xfB, margin, m, &clipped);
}

// npCollide2(B, A) must be the mirror image of npCollide2(A, B): same points and depths, flipped
// normal, swapped ids; unless the two best faces are within the face preference (each order then
// prefers its own A), where only the depth bound holds (checked by checkManifold).
static void checkSwap(const char* what, const npManifold2* ab, const npManifold2* ba, double tol, bool clipped)
{
	CHECK(ab->pointCount == ba->pointCount || !nearV(ab->normal, scale(-1.0, ba->normal), 1e-9),
		  "%s: swap changed the point count %d -> %d", what, ab->pointCount, ba->pointCount);
	if (ab->pointCount == 0 || ab->pointCount != ba->pointCount)
		return;
	if (!nearV(ab->normal, scale(-1.0, ba->normal), 1e-9))
	{
		st.swapTie++;
		CHECK(clipped || near(maxDepth(ab), maxDepth(ba), NP_FACE_PREFERENCE2 + tol), "%s: swap depth %.17g vs %.17g", what,
			  maxDepth(ab), maxDepth(ba));
		return;
	}
	st.swapFull++;
	for (int i = 0; i < ab->pointCount; ++i)
	{
		const npManifoldPoint2* p = ab->points + i;
		uint32_t mirrored = ((p->id >> 8) & 0xffu) | ((p->id & 0xffu) << 8) | (((p->id >> 17) & 1u) << 16) |
							(((p->id >> 16) & 1u) << 17);
		int match = -1;
		for (int j = 0; j < ba->pointCount; ++j)
			if (ba->points[j].id == mirrored)
				match = j;
		CHECK(match >= 0, "%s: swapped id %u not found", what, p->id);
		if (match < 0)
			continue;
		const npManifoldPoint2* q = ba->points + match;
		CHECK(near(p->depth, q->depth, tol) && nearV(p->pointA, q->pointB, tol) && nearV(p->pointB, q->pointA, tol),
			  "%s: swapped point %d differs", what, i);
	}
}

// ------------------------------------------------------------------------------------ closed forms

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

// Ids stay the same while the same features touch.
static void testIdStability(void)
{
	npShape2 a = box(1.0, 0.5), b = box(0.5, 0.5), cap = capsule(0.75, 0.25), c = circle(0.5);
	npVec2 pts[5] = { { -0.8, -0.5 }, { 0.7, -0.6 }, { 0.9, 0.3 }, { 0.1, 0.85 }, { -0.7, 0.4 } };
	npShape2 pent = polygon(pts, 5, 0.05);
	struct
	{
		const npShape2* a;
		npTransform2 xa;
		const npShape2* b;
		npTransform2 xb;
	} cases[] = {
		{ &a, XF(0, 0, 0), &b, XF(0.2, 0.9, 0.03) },   { &a, XF(1, 2, 0.3), &b, XF(0.7, 2.95, 0.4) },
		{ &a, XF(0, 0, 0), &cap, XF(0.1, 0.7, 0.02) }, { &pent, XF(0, 0, 0.2), &b, XF(0.3, 1.2, 0.1) },
		{ &cap, XF(0, 0, 0), &cap, XF(0.4, 0.45, 0.01) }, { &a, XF(0, 0, 0), &c, XF(1.2, 0.7, 0) },
		{ &pent, XF(0, 0, 0), &c, XF(0.2, 1.2, 0) },    { &b, XF(0, 0, 0), &b, XF(0.95, 0.96, 0.0) },
	};
	int n = (int)(sizeof cases / sizeof cases[0]);
	for (int i = 0; i < n; ++i)
	{
		for (int order = 0; order < 2; ++order)
		{
			const npShape2* sa = order ? cases[i].b : cases[i].a;
			const npShape2* sb = order ? cases[i].a : cases[i].b;
			npTransform2 xa = order ? cases[i].xb : cases[i].xa, xb = order ? cases[i].xa : cases[i].xb;
			npManifold2 m0 = npCollide2(sa, xa, sb, xb, 0.05);
			CHECK(m0.pointCount > 0, "id case %d/%d: no contact", i, order);
			for (int k = 0; k < 8; ++k)
			{
				npTransform2 moved = xb;
				moved.p.x += 1e-4 * cos(0.7 * k);
				moved.p.y += 1e-4 * sin(0.7 * k);
				// the original rotation plus a small turn
				npRot2 base = xb.q, dq = npMakeRot2(1e-4 * (k - 4));
				moved.q = (npRot2){ base.c * dq.c - base.s * dq.s, base.s * dq.c + base.c * dq.s };
				npManifold2 m1 = npCollide2(sa, xa, sb, moved, 0.05);
				bool same = m1.pointCount == m0.pointCount;
				for (int j = 0; same && j < m0.pointCount; ++j)
				{
					bool found = false;
					for (int l = 0; l < m1.pointCount; ++l)
						found = found || m1.points[l].id == m0.points[j].id;
					same = found;
				}
				CHECK(same, "id case %d/%d move %d: ids changed", i, order, k);
				checkManifold("id case", sa, xa, sb, moved, 0.05, &m1);
			}
		}
	}
}

// A random shape of any type: circle, capsule, box, sharp or rounded polygon (3..10 points on an
// ellipse, so slivers happen).
static npShape2 randomShape(void)
{
	int type = (int)rndRange(0, 5);
	switch (type)
	{
		case 0: return circle(rndRange(0.1, 1.0));
		case 1:
		{
			double h = rndRange(0.1, 1.0);
			return capsule(h, rndRange(0.02, 0.5));
		}
		case 2: return uniformBox(0.05, 1.0);
		default:
		{
			int n = 3 + (int)rndRange(0, 8);
			npVec2 p[16];
			double rx = rndRange(0.2, 1.0), ry = rndRange(0.02, 1.0);
			for (int i = 0; i < n; ++i)
			{
				double a = rndRange(0, 6.283185307179586);
				p[i] = V(rx * cos(a), ry * sin(a));
			}
			npShape2 poly;
			if (npMakePolygon2(p, n, type == 4 ? rndRange(0.0, 0.3) : 0.0, &poly) != NP_OK)
				poly = box(0.3, 0.2);
			return poly;
		}
	}
}

// Random pairs of every type against the brute-force reference, both orders, near and far.
static void testRandomPairs(void)
{
	const int N = 6000;
	for (int iter = 0; iter < N; ++iter)
	{
		npShape2 s[2];
		s[0] = randomShape();
		s[1] = randomShape();
		double off = iter % 5 == 4 ? 1e4 : 0.0;
		npTransform2 xfA = uniformXf(V(off, -off), 1.0, 3.2);
		double reach = 2.2;
		npTransform2 xfB = uniformXf(xfA.p, reach, 3.2);
		if (iter % 7 == 0)
			xfB.q = xfA.q; // aligned faces: parallel contacts, ties
		if (iter % 11 == 0)
			xfB.p = xfA.p; // same place
		double margin = iter % 3 == 0 ? 0.1 : 0.0;
		npManifold2 ab = npCollide2(&s[0], xfA, &s[1], xfB, margin);
		npManifold2 ba = npCollide2(&s[1], xfB, &s[0], xfA, margin);
		char what[64];
		snprintf(what, sizeof what, "random %d (types %d,%d) ab", iter, s[0].type, s[1].type);
		bool clipped = false;
		checkManifoldClip(what, &s[0], xfA, &s[1], xfB, margin, &ab, &clipped);
		snprintf(what, sizeof what, "random %d (types %d,%d) ba", iter, s[0].type, s[1].type);
		checkManifoldClip(what, &s[1], xfB, &s[0], xfA, margin, &ba, &clipped);
		checkSwap(what, &ab, &ba, 1e-10 * (1.0 + off), clipped);
		if (ab.pointCount == 1 && ab.normal.x != 0.0)
			st.vertexVertex += ((ab.points[0].id >> 16) & 3u) == 0;
	}
}

// Boxes and capsules take linear separating-axis paths that rely on their fixed layout (see
// isAxisCore in src/manifold2d.c), and small polygons a branch-free full scan while larger ones stop
// early: all of them must give the manifold of the plain double loop, bit for bit. A box retyped as
// a polygon (same vertices and normals) takes the general paths, so the two manifolds must be
// identical in any pose, against every kind of shape and in both argument orders.
static void testAxisCorePaths(void)
{
	int mismatches = 0, contacts = 0;
	for (int iter = 0; iter < 6000; ++iter)
	{
		npShape2 b = uniformBox(0.05, 1.0);
		if (iter % 4 == 1)
			b.radius = rndRange(0.0, 0.3);
		npShape2 pb = b;
		pb.type = NP_SHAPE_POLYGON2;
		npShape2 other = randomShape();
		double off = iter % 5 == 4 ? 1e4 : 0.0;
		npTransform2 xfA = uniformXf(V(off, off), 1.0, 3.2);
		npTransform2 xfB = uniformXf(xfA.p, 2.0, 3.2);
		if (iter % 7 == 0)
			xfB.q = xfA.q;
		double margin = iter % 3 == 0 ? 0.1 : 0.0;
		npManifold2 fast[2] = { npCollide2(&b, xfA, &other, xfB, margin), npCollide2(&other, xfB, &b, xfA, margin) };
		npManifold2 general[2] = { npCollide2(&pb, xfA, &other, xfB, margin), npCollide2(&other, xfB, &pb, xfA, margin) };
		for (int k = 0; k < 2; ++k)
		{
			if (!sameManifold(&fast[k], &general[k]))
			{
				if (mismatches < 5)
					printf("axis core path mismatch at iteration %d (order %d, other type %d): count %d vs %d\n", iter, k,
						   other.type, fast[k].pointCount, general[k].pointCount);
				++mismatches;
			}
			contacts += fast[k].pointCount > 0;
		}
		if (iter % 16 == 0)
			checkManifold("axis core", &b, xfA, &other, xfB, margin, &fast[0]);
	}
	CHECK(mismatches == 0 && contacts > 3000, "box paths differ from the general paths in %d of 12000 cases (%d contacts)",
		  mismatches, contacts);

	// The comparison can fail: moving one vertex of the retyped box by a few ulps changes the
	// general path's numbers, and some manifolds are no longer bit for bit the same.
	int detected = 0;
	for (int iter = 0; iter < 200; ++iter)
	{
		npShape2 b = uniformBox(0.2, 1.0), pb = b;
		pb.type = NP_SHAPE_POLYGON2;
		pb.vertices[2].x = nextafter(nextafter(pb.vertices[2].x, 2.0), 2.0);
		npTransform2 xfB = uniformXf(V(0, 0), 1.2, 3.2);
		npShape2 other = box(0.5, 0.4);
		npManifold2 f = npCollide2(&b, XF(0, 0, 0), &other, xfB, 0.0), g = npCollide2(&pb, XF(0, 0, 0), &other, xfB, 0.0);
		detected += !sameManifold(&f, &g);
	}
	CHECK(detected > 0, "perturbed box not detected by the bit-for-bit comparison");
}

// Polygons large enough for the early-exit search (more than 64 vertex-edge pairs) against the
// brute-force reference, in both orders, next to small ones.
static void testLargePolygons(void)
{
	for (int iter = 0; iter < 1500; ++iter)
	{
		npShape2 s[2];
		for (int k = 0; k < 2; ++k)
		{
			int n = k == 1 && iter % 3 == 0 ? 3 + (int)rndRange(0, 6) : 9 + (int)rndRange(0, 56);
			npVec2 p[64];
			double rx = rndRange(0.2, 1.0), ry = rndRange(0.05, 1.0);
			for (int i = 0; i < n; ++i)
			{
				double a = 6.283185307179586 * (i + rndRange(0.0, 0.5)) / n;
				p[i] = V(rx * cos(a), ry * sin(a));
			}
			if (npMakePolygon2(p, n, iter % 4 == 0 ? rndRange(0.0, 0.2) : 0.0, &s[k]) != NP_OK)
				s[k] = box(0.3, 0.2);
		}
		npTransform2 xfA = uniformXf(V(0, 0), 1.0, 3.2);
		npTransform2 xfB = uniformXf(xfA.p, 2.2, 3.2);
		double margin = iter % 3 == 0 ? 0.1 : 0.0;
		npManifold2 ab = npCollide2(&s[0], xfA, &s[1], xfB, margin);
		npManifold2 ba = npCollide2(&s[1], xfB, &s[0], xfA, margin);
		char what[64];
		snprintf(what, sizeof what, "large %d (%d, %d vertices)", iter, s[0].count, s[1].count);
		bool clipped = false;
		checkManifoldClip(what, &s[0], xfA, &s[1], xfB, margin, &ab, &clipped);
		checkManifoldClip(what, &s[1], xfB, &s[0], xfA, margin, &ba, &clipped);
		checkSwap(what, &ab, &ba, 1e-10, clipped);
	}
}

// Slivers, contained shapes and identical shapes.
static void testSpecialShapes(void)
{
	npVec2 needlePts[3] = { { -1, 0 }, { 1, 0 }, { 0.2, 1e-6 } };
	npShape2 needle = polygon(needlePts, 3, 0.0), b = box(0.5, 0.5), c = circle(0.5);
	struct
	{
		const npShape2* a;
		npTransform2 xa;
		const npShape2* b;
		npTransform2 xb;
	} cases[] = {
		{ &needle, XF(0, 0, 0), &b, XF(0.3, 0.4, 0.3) },          { &needle, XF(0, 0, 0), &b, XF(0.9, 0.5 - 1e-7, 0) },
		{ &needle, XF(0, 0, 0), &c, XF(-0.2, 0.45, 0) },          { &needle, XF(0, 0, 0), &needle, XF(0.1, -1e-7, 1e-3) },
		{ &needle, XF(0, 0, 0), &needle, XF(0, 0, 0) },           { &b, XF(2, 3, 0.4), &b, XF(2, 3, 0.4) },
		{ &c, XF(2, 3, 0.4), &c, XF(2, 3, 0.4) },                 { &b, XF(0, 0, 0.2), &c, XF(0, 0, 0) },
	};
	for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); ++i)
	{
		for (int order = 0; order < 2; ++order)
		{
			const npShape2* sa = order ? cases[i].b : cases[i].a;
			const npShape2* sb = order ? cases[i].a : cases[i].b;
			npTransform2 xa = order ? cases[i].xb : cases[i].xa, xb = order ? cases[i].xa : cases[i].xb;
			npManifold2 m = npCollide2(sa, xa, sb, xb, 0.0);
			npManifold2 again = npCollide2(sa, xa, sb, xb, 0.0);
			CHECK(sameManifold(&m, &again), "special %d/%d: not deterministic", i, order);
			char what[48];
			snprintf(what, sizeof what, "special %d/%d", i, order);
			checkManifold(what, sa, xa, sb, xb, 0.0, &m);
		}
	}
	// Many-vertex polygons: a 64-gon against a 40-gon (rounded), shallow.
	npVec2 p64[64], p40[40];
	for (int i = 0; i < 64; ++i)
		p64[i] = V(0.7 * cos(6.283185307179586 * i / 64), 0.7 * sin(6.283185307179586 * i / 64));
	for (int i = 0; i < 40; ++i)
		p40[i] = V(0.8 * cos(0.3 + 6.283185307179586 * i / 40), 0.8 * sin(0.3 + 6.283185307179586 * i / 40));
	npShape2 g64 = polygon(p64, 64, 0.0), g40 = polygon(p40, 40, 0.1);
	CHECK(g64.count == 64 && g40.count == 40, "n-gon counts %d %d", g64.count, g40.count);
	for (int k = 0; k < 20; ++k)
	{
		npTransform2 xb = XF(1.55 + 0.01 * k, 0.1 * k - 1.0, 0.13 * k);
		npManifold2 m = npCollide2(&g64, XF(0, 0, 0.05 * k), &g40, xb, 0.05);
		checkManifold("n-gons", &g64, XF(0, 0, 0.05 * k), &g40, xb, 0.05, &m);
	}
}

// The same pair near the origin and translated to (1e4, -1e4): computing in A's frame keeps the
// results equal up to the rounding of the translated positions themselves (ulp(1e4) ~ 1.8e-12).
static void testFarOffsets(void)
{
	int compared = 0, differ = 0;
	double worstDepth = 0.0, worstPoint = 0.0, worstNormal = 0.0;
	for (int iter = 0; iter < 3000; ++iter)
	{
		npShape2 a = randomShape();
		npShape2 b = randomShape();
		npTransform2 xfA = uniformXf(V(0, 0), 1.0, 3.2);
		npTransform2 xfB = uniformXf(xfA.p, 2.0, 3.2);
		double margin = iter % 2 ? 0.1 : 0.0;
		npVec2 T = V(1e4, -1e4);
		npTransform2 farA = { add(xfA.p, T), xfA.q }, farB = { add(xfB.p, T), xfB.q };
		npManifold2 m0 = npCollide2(&a, xfA, &b, xfB, margin), m1 = npCollide2(&a, farA, &b, farB, margin);
		if (m0.pointCount == 0 && m1.pointCount == 0)
			continue;
		++compared;
		bool same = m0.pointCount == m1.pointCount;
		for (int i = 0; same && i < m0.pointCount; ++i)
		{
			same = m0.points[i].id == m1.points[i].id;
			worstDepth = fmax(worstDepth, fabs(m0.points[i].depth - m1.points[i].depth));
			worstPoint = fmax(worstPoint, len(sub(sub(m1.points[i].pointA, T), m0.points[i].pointA)));
			worstPoint = fmax(worstPoint, len(sub(sub(m1.points[i].pointB, T), m0.points[i].pointB)));
		}
		if (same)
			worstNormal = fmax(worstNormal, len(sub(m0.normal, m1.normal)));
		else
			++differ;
		checkManifold("far", &a, farA, &b, farB, margin, &m1);
	}
	CHECK(differ == 0, "far offsets: %d of %d manifolds changed their points or ids", differ, compared);
	CHECK(worstDepth <= 1e-11 && worstPoint <= 3e-11 && worstNormal <= 1e-9, // ulp(1e4) = 1.8e-12
		  "far offsets: depth %.3g, points %.3g, normal %.3g", worstDepth, worstPoint, worstNormal);
	printf("far offsets: %d manifolds at 1e4, largest differences: depth %.3g, points %.3g, normal %.3g\n", compared,
		   worstDepth, worstPoint, worstNormal);
}

// The checks can fail: a correct manifold point moved by 1e-6 off B's surface, a depth off by 1e-6,
// and a normal turned by 1e-3 must each be reported.
static void testSelfCheck(void)
{
	npShape2 a = box(1.0, 0.5), b = capsule(0.75, 0.25);
	npTransform2 xfA = XF(0.3, -0.2, 0.4), xfB = XF(0.5, 0.55, 0.45);
	npManifold2 good = npCollide2(&a, xfA, &b, xfB, 0.0);
	int p0 = passed, f0 = failed;
	checkQuiet = true;
	bool okGood = checkManifold("self-check good", &a, xfA, &b, xfB, 0.0, &good);
	npManifold2 shifted = good, deeper = good, turned = good;
	shifted.points[0].pointB = add(shifted.points[0].pointB, scale(1e-6, good.normal));
	deeper.points[0].depth += 1e-6;
	npRot2 q = npMakeRot2(1e-3);
	turned.normal = V(q.c * good.normal.x - q.s * good.normal.y, q.s * good.normal.x + q.c * good.normal.y);
	bool okShifted = checkManifold("self-check shifted", &a, xfA, &b, xfB, 0.0, &shifted);
	bool okDeeper = checkManifold("self-check deeper", &a, xfA, &b, xfB, 0.0, &deeper);
	bool okTurned = checkManifold("self-check turned", &a, xfA, &b, xfB, 0.0, &turned);
	checkQuiet = false;
	passed = p0;
	failed = f0;
	CHECK(good.pointCount > 0 && okGood && !okShifted && !okDeeper && !okTurned,
		  "self-check: good %d, shifted %d, deeper %d, turned %d (want 1 0 0 0)", okGood, okShifted, okDeeper, okTurned);
}

static void testBadInput(void)
{
	npShape2 a = box(1, 1), c = circle(1);
	npTransform2 nanXf = XF(NAN, 0, 0);
	npManifold2 m = npCollide2(&a, nanXf, &c, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0 && m.normal.x == 0.0 && m.normal.y == 0.0, "NaN transform: count %d", m.pointCount);
	m = npCollide2(NULL, XF(0, 0, 0), &c, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0, "NULL shape: count %d", m.pointCount);
	m = npCollide2(&a, XF(0, 0, 0), &c, XF(0, 0, 0), NAN);
	CHECK(m.pointCount == 0, "NaN margin: count %d", m.pointCount);
	m = npCollide2(&a, XQ(0, 0, 2, 0), &c, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0, "non-unit rotation: count %d", m.pointCount);
	npShape2 bad = a;
	bad.count = 70;
	m = npCollide2(&bad, XF(0, 0, 0), &c, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0, "bad count: count %d", m.pointCount);
	bad = a;
	bad.type = (npShapeType2)9;
	m = npCollidePolygons(&bad, XF(0, 0, 0), &a, XF(0, 0, 0), 0.0);
	CHECK(m.pointCount == 0, "bad type: count %d", m.pointCount);
	// Pair routines given other types dispatch like npCollide2.
	npManifold2 viaPair = npCollidePolygons(&c, XF(0, 0, 0), &a, XF(1.5, 0, 0), 0.0);
	npManifold2 viaDispatch = npCollide2(&c, XF(0, 0, 0), &a, XF(1.5, 0, 0), 0.0);
	CHECK(sameManifold(&viaPair, &viaDispatch) && viaPair.pointCount == 1,
		  "pair routine with a circle: count %d", viaPair.pointCount);
}

int main(void)
{
	testCircles();
	testCapsuleCircle();
	testCapsules();
	testPolygonCircle();
	testBoxes();
	testRounded();
	testCapsulePolygon();
	testFacePreference();
	testAlignedBoxesPath();
	testIdStability();
	testSpecialShapes();
	testRandomPairs();
	testAxisCorePaths();
	testLargePolygons();
	testFarOffsets();
	testSelfCheck();
	testBadInput();
	printf("reference checks: %d manifolds, %d with contact, deepest depth == overlap along the normal in %d, "
		   "below it (deepest vertex clipped) in %d; swaps mirrored %d, preference ties %d\n",
		   st.cases, st.contacts, st.exactDepth, st.clippedDeepest, st.swapFull, st.swapTie);
	return checkSummary();
}
