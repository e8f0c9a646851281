// The 2D reference geometry of the native tests (their own, independent of src/): a convex core
// (a point for circles, a segment for capsules, a counter-clockwise polygon) inflated by a radius,
// in world space. Used by the shared-vector runner (vectors2d.c, on the generator's stored cores)
// and the property tests (test_properties2d.c, on the library's core vertices moved by the test's
// own transform).
#ifndef NP_TEST_REF2D_H
#define NP_TEST_REF2D_H

#include "narrowphase/collide2d.h"

#include <math.h>

typedef struct RefCore2
{
	int count;
	double radius;
	npVec2 v[NP_MAX_POLYGON_VERTICES];
} RefCore2;

static inline double dot2(npVec2 a, npVec2 b) { return a.x * b.x + a.y * b.y; }
static inline double cross2(npVec2 a, npVec2 b) { return a.x * b.y - a.y * b.x; }
static inline npVec2 sub2(npVec2 a, npVec2 b) { return (npVec2){ a.x - b.x, a.y - b.y }; }
static inline double len2(npVec2 a) { return sqrt(a.x * a.x + a.y * a.y); }

// A shape's core in world space: the library's core vertices moved by the test's own rotation.
static inline RefCore2 refWorldCore2(const npShape2* s, npTransform2 xf)
{
	RefCore2 c;
	c.count = s->count;
	c.radius = s->radius;
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 p = s->vertices[i];
		c.v[i] = (npVec2){ xf.q.c * p.x - xf.q.s * p.y + xf.p.x, xf.q.s * p.x + xf.q.c * p.y + xf.p.y };
	}
	return c;
}

static inline double refPointSegment2(npVec2 p, npVec2 a, npVec2 b)
{
	npVec2 ab = sub2(b, a), ap = sub2(p, a);
	double l2 = dot2(ab, ab);
	double t = l2 > 0.0 ? dot2(ap, ab) / l2 : 0.0;
	t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
	return len2((npVec2){ ap.x - t * ab.x, ap.y - t * ab.y });
}

// Signed distance from p to the rounded shape (negative inside): the largest edge-plane distance
// inside the polygon, the nearest edge outside it.
static inline double refSignedDistance2(const RefCore2* s, npVec2 p)
{
	if (s->count <= 2)
		return refPointSegment2(p, s->v[0], s->v[s->count - 1]) - s->radius;
	double inside = -INFINITY, outside = INFINITY;
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 a = s->v[i], b = s->v[(i + 1) % s->count];
		npVec2 e = sub2(b, a);
		double l = len2(e);
		npVec2 n = { e.y / l, -e.x / l };
		double h = dot2(n, sub2(p, a));
		inside = h > inside ? h : inside;
		double d = refPointSegment2(p, a, b);
		outside = d < outside ? d : outside;
	}
	return (inside <= 0.0 ? inside : outside) - s->radius;
}

// Support of the core (without the radius) along n.
static inline double refSupport2(const RefCore2* s, npVec2 n)
{
	double m = -INFINITY;
	for (int i = 0; i < s->count; ++i)
		m = dot2(s->v[i], n) > m ? dot2(s->v[i], n) : m;
	return m;
}

#endif
