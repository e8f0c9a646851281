// Helpers shared by the 2D manifold tests (test_manifold2d_*.c): vector helpers, shape makers,
// random generators (each program picks its seed by defining TEST_RNG_SEED before including this
// header), a brute-force reference (core distance over all vertex-edge pairs, separating axes over
// all edge normals) and the invariant checks every manifold must pass (the conventions, the
// brute-force depth, A/B swap symmetry). Everything is static inline: one copy per program, no
// warnings for the helpers a program does not use.
#ifndef NP_MANIFOLD2DTEST_H
#define NP_MANIFOLD2DTEST_H

#include "narrowphase/narrowphase.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

// ------------------------------------------------------------------------------------ small helpers
static inline npVec2 V(double x, double y) { return (npVec2){ x, y }; }
static inline npVec2 add(npVec2 a, npVec2 b) { return V(a.x + b.x, a.y + b.y); }
static inline npVec2 sub(npVec2 a, npVec2 b) { return V(a.x - b.x, a.y - b.y); }
static inline npVec2 scale(double s, npVec2 a) { return V(s * a.x, s * a.y); }
static inline double dot(npVec2 a, npVec2 b) { return a.x * b.x + a.y * b.y; }
static inline double cross(npVec2 a, npVec2 b) { return a.x * b.y - a.y * b.x; }
static inline double len(npVec2 a) { return sqrt(a.x * a.x + a.y * a.y); }
static inline double dist(npVec2 a, npVec2 b) { return len(sub(a, b)); }
static inline npVec2 unit(npVec2 a) { return scale(1.0 / len(a), a); }
static inline npVec2 rightPerp(npVec2 a) { return V(a.y, -a.x); }
static inline bool near(double a, double b, double tol) { return fabs(a - b) <= tol; }
static inline bool nearV(npVec2 a, npVec2 b, double tol) { return fabs(a.x - b.x) <= tol && fabs(a.y - b.y) <= tol; }

static inline npTransform2 XF(double x, double y, double angle) { return npMakeTransform2(x, y, angle); }
static inline npTransform2 XQ(double x, double y, double c, double s) { return (npTransform2){ { x, y }, { c, s } }; }

static inline npShape2 circle(double r)
{
	npShape2 s;
	npMakeCircle(r, &s);
	return s;
}
static inline npShape2 capsule(double h, double r)
{
	npShape2 s;
	npMakeCapsule2(h, r, &s);
	return s;
}
static inline npShape2 box(double hx, double hy)
{
	npShape2 s;
	npMakeBox2(hx, hy, &s);
	return s;
}
static inline npShape2 polygon(const npVec2* p, int n, double r)
{
	npShape2 s;
	npResult res = npMakePolygon2(p, n, r, &s);
	if (res != NP_OK)
		printf("polygon construction failed: %s\n", npResultString(res));
	return s;
}

#include "testrng.h"

// Draws in a fixed order: the order in which a call's arguments (or an initializer's elements) are
// evaluated is unspecified, and gcc and clang differ.
static inline npVec2 uniformVec(double lo, double hi)
{
	double x = rndRange(lo, hi);
	double y = rndRange(lo, hi);
	return V(x, y);
}
static inline npVec2 gridVec(double step, int lo, int hi)
{
	double x = step * (int)rndRange(lo, hi);
	double y = step * (int)rndRange(lo, hi);
	return V(x, y);
}
// A transform at `centre` plus a random offset in [-reach, reach]^2, with a random angle.
static inline npTransform2 uniformXf(npVec2 centre, double reach, double angleRange)
{
	npVec2 d = uniformVec(-reach, reach);
	double angle = rndRange(-angleRange, angleRange);
	return XF(centre.x + d.x, centre.y + d.y, angle);
}
static inline npShape2 uniformBox(double lo, double hi)
{
	npVec2 h = uniformVec(lo, hi);
	return box(h.x, h.y);
}

// A pair of shapes in place, for tables of cases.
typedef struct pairCase
{
	const npShape2* a;
	npTransform2 xa;
	const npShape2* b;
	npTransform2 xb;
} pairCase;

// Field by field, bit for bit (memcmp on the structs would also compare padding).
static inline bool sameManifold(const npManifold2* a, const npManifold2* b)
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

static inline double maxDepth(const npManifold2* m)
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

static inline worldShape toWorldShape(const npShape2* s, npTransform2 xf)
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

static inline npVec2 closestOnSeg(npVec2 p, npVec2 a, npVec2 b)
{
	npVec2 ab = sub(b, a);
	double l2 = dot(ab, ab);
	if (l2 == 0.0)
		return a;
	double t = dot(sub(p, a), ab) / l2;
	t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
	return add(a, scale(t, ab));
}

static inline int edgeCount(const worldShape* s) { return s->count == 1 ? 1 : (s->count == 2 ? 1 : s->count); }
static inline npVec2 edgeStart(const worldShape* s, int i) { return s->v[i]; }
static inline npVec2 edgeEnd(const worldShape* s, int i) { return s->count == 1 ? s->v[0] : s->v[(i + 1) % s->count]; }

static inline bool insideCore(const worldShape* s, npVec2 p)
{
	if (s->count < 3)
		return false;
	for (int i = 0; i < s->count; ++i)
		if (cross(sub(edgeEnd(s, i), s->v[i]), sub(p, s->v[i])) < 0.0)
			return false;
	return true;
}

// Distance from a point to the core (0 inside).
static inline double pointCoreDistance(const worldShape* s, npVec2 p)
{
	double d = INFINITY;
	for (int i = 0; i < edgeCount(s); ++i)
		d = fmin(d, dist(p, closestOnSeg(p, edgeStart(s, i), edgeEnd(s, i))));
	return d;
}

// Signed distance from a point to the rounded shape.
static inline double signedDistance(const worldShape* s, npVec2 p)
{
	double d = pointCoreDistance(s, p);
	return (insideCore(s, p) ? -d : d) - s->radius;
}

static inline bool segmentsCross(npVec2 a0, npVec2 a1, npVec2 b0, npVec2 b1)
{
	double o1 = cross(sub(a1, a0), sub(b0, a0)), o2 = cross(sub(a1, a0), sub(b1, a0));
	double o3 = cross(sub(b1, b0), sub(a0, b0)), o4 = cross(sub(b1, b0), sub(a1, b0));
	return o1 * o2 < 0.0 && o3 * o4 < 0.0;
}

static inline double support(const worldShape* s, npVec2 n)
{
	double m = -INFINITY;
	for (int i = 0; i < s->count; ++i)
		m = fmax(m, dot(s->v[i], n));
	return m;
}

// Overlap of the rounded shapes along n (negative: separation).
static inline double overlapAlong(const worldShape* a, const worldShape* b, npVec2 n)
{
	return support(a, n) + support(b, scale(-1.0, n)) + a->radius + b->radius;
}

// The best (smallest) overlap over all directions: the negated signed distance between the shapes.
static inline double bruteBest(const worldShape* a, const worldShape* b)
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

static inline double shapeScale(const worldShape* a, const worldShape* b)
{
	double s = 1.0;
	for (int i = 0; i < a->count; ++i)
		s = fmax(s, fmax(fabs(a->v[i].x), fabs(a->v[i].y)));
	for (int i = 0; i < b->count; ++i)
		s = fmax(s, fmax(fabs(b->v[i].x), fabs(b->v[i].y)));
	return s;
}

// ------------------------------------------------------------------------------------ invariants
// Counts over every manifold checked against the reference, printed by printReferenceStats.
typedef struct stats
{
	int cases, contacts, exactDepth, clippedDeepest, swapFull, swapTie, vertexVertex;
} stats;
static stats st;

// Checks one manifold against the conventions and the brute-force reference (failures print
// `what`). Returns whether its deepest point lies below the overlap along its normal (clipping left
// out the deepest vertex), which relaxes checkSwap.
static inline bool checkManifoldClip(const char* what, const npShape2* A, npTransform2 xfA, const npShape2* B,
									 npTransform2 xfB, double margin, const npManifold2* m)
{
	worldShape wa = toWorldShape(A, xfA), wb = toWorldShape(B, xfB);
	double sc = shapeScale(&wa, &wb);
	double tol = 1e-10 * sc;
	double best = bruteBest(&wa, &wb);
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
	return m->pointCount > 0 && !near(maxDepth(m), overlapAlong(&wa, &wb, m->normal), tol);
}

// The checks of checkManifoldClip; returns false on a failure.
static inline bool checkManifold(const char* what, const npShape2* A, npTransform2 xfA, const npShape2* B,
								 npTransform2 xfB, double margin, const npManifold2* m)
{
	int before = failed;
	checkManifoldClip(what, A, xfA, B, xfB, margin, m);
	return failed == before;
}

// npCollide2(B, A) must be the mirror image of npCollide2(A, B): same points and depths, flipped
// normal, swapped ids; unless the two best faces are within the face preference (each order then
// prefers its own A), where only the depth bound holds (checked by checkManifold).
static inline void checkSwap(const char* what, const npManifold2* ab, const npManifold2* ba, double tol, bool clipped)
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

// A random shape of any type: circle, capsule, box, sharp or rounded polygon (3..10 points on an
// ellipse, so slivers happen).
static inline npShape2 randomShape(void)
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

// Collides the pair in both orders, checks each manifold and their mirror symmetry (checkSwap with
// tolerance swapTol, reported as whatBA); returns the manifold of (a, b).
static inline npManifold2 checkBothOrders(const char* whatAB, const char* whatBA, pairCase c, double margin,
										  double swapTol)
{
	npManifold2 ab = npCollide2(c.a, c.xa, c.b, c.xb, margin);
	npManifold2 ba = npCollide2(c.b, c.xb, c.a, c.xa, margin);
	bool clipped = checkManifoldClip(whatAB, c.a, c.xa, c.b, c.xb, margin, &ab);
	clipped |= checkManifoldClip(whatBA, c.b, c.xb, c.a, c.xa, margin, &ba);
	checkSwap(whatBA, &ab, &ba, swapTol, clipped);
	return ab;
}

static inline void printReferenceStats(void)
{
	printf("reference checks: %d manifolds, %d with contact, deepest depth == overlap along the normal in %d, "
		   "below it (deepest vertex clipped) in %d; swaps mirrored %d, preference ties %d\n",
		   st.cases, st.contacts, st.exactDepth, st.clippedDeepest, st.swapFull, st.swapTie);
}

#endif
