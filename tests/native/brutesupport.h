// Brute-force extents of placed shapes, shared by the native tests (tests/native/) and the fuzz
// harnesses (tests/fuzz/): how far a shape reaches along a direction, from its core's vertices
// turned by the transform here (the textbook quaternion and rotation formulas, not the library's),
// plus its radius; and the penetration depth of two cores over every separating axis. A contact or cast normal n with points pA on A and pB on B supports both shapes
// when A reaches along n no farther than pA and B against n no farther than pB.
#ifndef NP_TEST_BRUTESUPPORT_H
#define NP_TEST_BRUTESUPPORT_H

#include "narrowphase/narrowphase.h"

#include <math.h>

/// A point of a shape's core placed by xf: v + 2w (u x v) + 2 u x (u x v) for the unit quaternion.
static inline npVec3 brutePlaced3(npTransform3 xf, npVec3 v)
{
	npQuat q = xf.q;
	npVec3 u = { q.x, q.y, q.z };
	npVec3 t = { 2.0 * (u.y * v.z - u.z * v.y), 2.0 * (u.z * v.x - u.x * v.z), 2.0 * (u.x * v.y - u.y * v.x) };
	npVec3 c = { u.y * t.z - u.z * t.y, u.z * t.x - u.x * t.z, u.x * t.y - u.y * t.x };
	return (npVec3){ xf.p.x + v.x + q.w * t.x + c.x, xf.p.y + v.y + q.w * t.y + c.y, xf.p.z + v.z + q.w * t.z + c.z };
}

/// A 3D shape's core vertices in its own frame (a sphere's centre, a capsule's two ends, a box's
/// eight corners, a triangle's three, a hull's vertices); returns their number.
static inline int bruteCoreVertices3(const npShape3* s, npVec3* v)
{
	int count = 0;
	switch (s->type)
	{
		case NP_SHAPE_SPHERE: v[count++] = (npVec3){ 0.0, 0.0, 0.0 }; break;
		case NP_SHAPE_CAPSULE3:
			v[count++] = (npVec3){ 0.0, s->halfHeight, 0.0 };
			v[count++] = (npVec3){ 0.0, -s->halfHeight, 0.0 };
			break;
		case NP_SHAPE_BOX3:
			for (int k = 0; k < 8; ++k)
				v[count++] = (npVec3){ (k & 1) ? s->halfExtents.x : -s->halfExtents.x, (k & 2) ? s->halfExtents.y : -s->halfExtents.y,
									   (k & 4) ? s->halfExtents.z : -s->halfExtents.z };
			break;
		case NP_SHAPE_TRIANGLE3:
			for (int k = 0; k < 3; ++k)
				v[count++] = s->triangle[k];
			break;
		default:
			for (int k = 0; k < s->hull->vertexCount; ++k)
				v[count++] = s->hull->vertices[k];
	}
	return count;
}

/// How far a placed 3D shape reaches along unit n: its core's vertices by brute force, plus its radius.
static inline double bruteSupport3(const npShape3* s, npTransform3 xf, npVec3 n)
{
	npVec3 v[NP_MAX_HULL_VERTICES];
	int count = bruteCoreVertices3(s, v);
	double best = -INFINITY;
	for (int k = 0; k < count; ++k)
	{
		npVec3 w = brutePlaced3(xf, v[k]);
		best = fmax(best, n.x * w.x + n.y * w.y + n.z * w.z);
	}
	return best + s->radius;
}

/// How far a placed 2D shape reaches along unit n: its core's vertices by brute force, plus its radius.
static inline double bruteSupport2(const npShape2* s, npTransform2 xf, npVec2 n)
{
	double best = -INFINITY;
	for (int k = 0; k < s->count; ++k)
	{
		npVec2 v = s->vertices[k];
		double x = xf.p.x + (xf.q.c * v.x - xf.q.s * v.y), y = xf.p.y + (xf.q.s * v.x + xf.q.c * v.y);
		best = fmax(best, n.x * x + n.y * y);
	}
	return best + s->radius;
}

/// Brute-force separating axes of two placed cores (world space, long double): each shape's face
/// normals and the cross products of every edge of A with every edge of B. Along any unit axis u,
/// moving B by max_A(u.x) - min_B(u.x) along u separates the cores, so every axis bounds the
/// penetration depth from above, and the smallest is the depth (for convex polytopes the minimum is
/// at a facet normal of A - B, which is one of these axes). Hull faces come from the hull's planes.
typedef struct BruteCore3
{
	long double v[NP_MAX_HULL_VERTICES][3];
	long double e[3 * NP_MAX_HULL_VERTICES][3];
	long double f[NP_MAX_HULL_FACES][3];
	int nv, ne, nf;
} BruteCore3;

static inline void bruteRotate3(npQuat q, npVec3 v, long double out[3])
{
	npTransform3 r = { { 0.0, 0.0, 0.0 }, q };
	npVec3 w = brutePlaced3(r, v);
	out[0] = w.x, out[1] = w.y, out[2] = w.z;
}

/// A shape's core placed by xf: its vertices, edge directions and face normals (world space).
static inline void bruteCore3(const npShape3* s, npTransform3 xf, BruteCore3* c)
{
	c->ne = c->nf = 0;
	npVec3 local[NP_MAX_HULL_VERTICES];
	int n = bruteCoreVertices3(s, local);
	switch (s->type)
	{
		case NP_SHAPE_SPHERE: break;
		case NP_SHAPE_CAPSULE3: bruteRotate3(xf.q, (npVec3){ 0, 1, 0 }, c->e[c->ne++]); break;
		case NP_SHAPE_BOX3:
			for (int k = 0; k < 3; ++k)
			{
				npVec3 axis = { k == 0, k == 1, k == 2 };
				bruteRotate3(xf.q, axis, c->e[c->ne++]);
				bruteRotate3(xf.q, axis, c->f[c->nf++]);
			}
			break;
		case NP_SHAPE_TRIANGLE3:
		{
			const npVec3* t = s->triangle;
			for (int k = 0; k < 3; ++k)
			{
				npVec3 a = t[k], b = t[(k + 1) % 3];
				bruteRotate3(xf.q, (npVec3){ b.x - a.x, b.y - a.y, b.z - a.z }, c->e[c->ne++]);
			}
			npVec3 u = { t[1].x - t[0].x, t[1].y - t[0].y, t[1].z - t[0].z }, w = { t[2].x - t[0].x, t[2].y - t[0].y, t[2].z - t[0].z };
			bruteRotate3(xf.q, (npVec3){ u.y * w.z - u.z * w.y, u.z * w.x - u.x * w.z, u.x * w.y - u.y * w.x }, c->f[c->nf++]);
			break;
		}
		default:
		{
			const npHull3* h = s->hull;
			for (int k = 0; k < h->halfEdgeCount; k += 2)
			{
				npVec3 a = h->vertices[h->halfEdges[k].origin], b = h->vertices[h->halfEdges[k + 1].origin];
				bruteRotate3(xf.q, (npVec3){ b.x - a.x, b.y - a.y, b.z - a.z }, c->e[c->ne++]);
			}
			for (int k = 0; k < h->faceCount; ++k)
				bruteRotate3(xf.q, h->planes[k].normal, c->f[c->nf++]);
		}
	}
	for (int k = 0; k < n; ++k)
	{
		npVec3 w = brutePlaced3(xf, local[k]);
		c->v[k][0] = w.x, c->v[k][1] = w.y, c->v[k][2] = w.z;
	}
	c->nv = n;
}

/// max_A(u.x) - min_B(u.x) for u (normalised here); +inf for a zero axis.
static inline long double bruteOverlapAlong3(const BruteCore3* a, const BruteCore3* b, const long double u[3])
{
	long double len = sqrtl(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
	if (!(len > 0.0L) || !isfinite((double)len))
		return INFINITY;
	long double n[3] = { u[0] / len, u[1] / len, u[2] / len }, hiA = -INFINITY, loB = INFINITY;
	for (int k = 0; k < a->nv; ++k)
		hiA = fmaxl(hiA, n[0] * a->v[k][0] + n[1] * a->v[k][1] + n[2] * a->v[k][2]);
	for (int k = 0; k < b->nv; ++k)
		loB = fminl(loB, n[0] * b->v[k][0] + n[1] * b->v[k][1] + n[2] * b->v[k][2]);
	return hiA - loB;
}

/// The cores' penetration depth by brute force (both signs of every axis); negative when some axis
/// separates them (then not their distance). O(E_A E_B (V_A + V_B)).
static inline double bruteCoreDepth3(const BruteCore3* a, const BruteCore3* b)
{
	long double best = INFINITY;
	for (int side = 0; side < 2; ++side)
	{
		long double sign = side ? -1.0L : 1.0L;
		for (int k = 0; k < a->nf + b->nf; ++k)
		{
			const long double* f = k < a->nf ? a->f[k] : b->f[k - a->nf];
			long double u[3] = { sign * f[0], sign * f[1], sign * f[2] };
			best = fminl(best, bruteOverlapAlong3(a, b, u));
		}
		for (int i = 0; i < a->ne; ++i)
			for (int j = 0; j < b->ne; ++j)
			{
				const long double *p = a->e[i], *q = b->e[j];
				long double u[3] = { sign * (p[1] * q[2] - p[2] * q[1]), sign * (p[2] * q[0] - p[0] * q[2]), sign * (p[0] * q[1] - p[1] * q[0]) };
				best = fminl(best, bruteOverlapAlong3(a, b, u));
			}
	}
	return (double)best;
}

// Whether p lies within shape s placed as its brute-force core c (a necessary condition, by
// directions: p is no farther along u than the shape, for each face normal and each face normal
// crossed with an edge, both signs; a point or segment core by its distance), to `tol`.
static inline bool bruteWithin3(const npShape3* s, const BruteCore3* c, npVec3 p, double tol)
{
	long double q[3] = { p.x, p.y, p.z };
	if (c->nf == 0)
	{
		// A point or a segment core (sphere, capsule): the distance to it.
		long double a[3] = { c->v[0][0], c->v[0][1], c->v[0][2] }, d[3] = { 0.0L, 0.0L, 0.0L }, t = 0.0L, dd = 0.0L;
		if (c->nv > 1)
		{
			long double den = 0.0L, num = 0.0L;
			for (int k = 0; k < 3; ++k)
			{
				d[k] = c->v[1][k] - a[k];
				den += d[k] * d[k];
				num += (q[k] - a[k]) * d[k];
			}
			t = den > 0.0L ? fminl(1.0L, fmaxl(0.0L, num / den)) : 0.0L;
		}
		for (int k = 0; k < 3; ++k)
		{
			long double g = q[k] - (a[k] + t * d[k]);
			dd += g * g;
		}
		return sqrtl(dd) <= s->radius + tol;
	}
	for (int i = 0; i < c->nf; ++i)
		for (int j = -1; j < c->ne; ++j)
		{
			const long double* f = c->f[i];
			long double u[3] = { f[0], f[1], f[2] };
			if (j >= 0)
			{
				const long double* e = c->e[j];
				u[0] = f[1] * e[2] - f[2] * e[1], u[1] = f[2] * e[0] - f[0] * e[2], u[2] = f[0] * e[1] - f[1] * e[0];
			}
			long double len = sqrtl(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
			if (!(len > 1e-12L))
				continue;
			for (int side = -1; side <= 1; side += 2)
			{
				long double hi = -INFINITY, x = side * (u[0] * q[0] + u[1] * q[1] + u[2] * q[2]) / len;
				for (int k = 0; k < c->nv; ++k)
					hi = fmaxl(hi, side * (u[0] * c->v[k][0] + u[1] * c->v[k][1] + u[2] * c->v[k][2]) / len);
				if (x > hi + s->radius + tol)
					return false;
			}
		}
	return true;
}

/// Whether p lies within the placed 2D shape (to `tol`): a polygon's core by the normals of its
/// edges (computed here from its vertices), a point or segment core by the distance to it, plus the
/// radius.
static inline bool bruteWithin2(const npShape2* s, npTransform2 xf, npVec2 p, double tol)
{
	npVec2 w[NP_MAX_POLYGON_VERTICES] = { { 0.0, 0.0 } };
	for (int k = 0; k < s->count; ++k)
	{
		npVec2 v = s->vertices[k];
		w[k] = (npVec2){ xf.p.x + (xf.q.c * v.x - xf.q.s * v.y), xf.p.y + (xf.q.s * v.x + xf.q.c * v.y) };
	}
	if (s->count <= 2)
	{
		long double ax = w[0].x, ay = w[0].y, dx = 0.0L, dy = 0.0L, t = 0.0L;
		if (s->count == 2)
		{
			dx = (long double)w[1].x - ax, dy = (long double)w[1].y - ay;
			long double den = dx * dx + dy * dy;
			t = den > 0.0L ? fminl(1.0L, fmaxl(0.0L, ((p.x - ax) * dx + (p.y - ay) * dy) / den)) : 0.0L;
		}
		long double gx = p.x - (ax + t * dx), gy = p.y - (ay + t * dy);
		return sqrtl(gx * gx + gy * gy) <= s->radius + tol;
	}
	for (int k = 0; k < s->count; ++k)
	{
		npVec2 a = w[k], b = w[(k + 1) % s->count];
		long double nx = (long double)b.y - a.y, ny = (long double)a.x - b.x, len = sqrtl(nx * nx + ny * ny);
		if (!(len > 0.0L))
			continue;
		if ((nx * ((long double)p.x - a.x) + ny * ((long double)p.y - a.y)) / len > s->radius + tol)
			return false;
	}
	return true;
}

/// Distance from p to segment ab (long double).
static inline long double brutePointSegment2(long double px, long double py, npVec2 a, npVec2 b)
{
	long double dx = (long double)b.x - a.x, dy = (long double)b.y - a.y, den = dx * dx + dy * dy;
	long double t = den > 0.0L ? fminl(1.0L, fmaxl(0.0L, ((px - a.x) * dx + (py - a.y) * dy) / den)) : 0.0L;
	long double gx = px - (a.x + t * dx), gy = py - (a.y + t * dy);
	return sqrtl(gx * gx + gy * gy);
}

/// Sign of the turn o -> a -> b (long double cross product).
static inline int bruteTurn2(npVec2 o, npVec2 a, npVec2 b)
{
	long double c = ((long double)a.x - o.x) * ((long double)b.y - o.y) - ((long double)a.y - o.y) * ((long double)b.x - o.x);
	return (c > 0.0L) - (c < 0.0L);
}

/// The gap between a placed 2D shape and segment ab (world space): 0 when they meet, else the
/// distance between the segment and the core (its edges' and the segment's end points against each
/// other; 0 when an edge crosses the segment or a polygon core holds an end) less the radius.
static inline double bruteSegmentGap2(const npShape2* s, npTransform2 xf, npVec2 a, npVec2 b)
{
	npVec2 w[NP_MAX_POLYGON_VERTICES] = { { 0.0, 0.0 } };
	for (int k = 0; k < s->count; ++k)
	{
		npVec2 v = s->vertices[k];
		w[k] = (npVec2){ xf.p.x + (xf.q.c * v.x - xf.q.s * v.y), xf.p.y + (xf.q.s * v.x + xf.q.c * v.y) };
	}
	long double d = brutePointSegment2(w[0].x, w[0].y, a, b);
	int edges = s->count == 1 ? 0 : (s->count == 2 ? 1 : s->count);
	bool holdsA = s->count >= 3;
	for (int k = 0; k < edges; ++k)
	{
		npVec2 p = w[k], q = w[(k + 1) % s->count];
		if (bruteTurn2(p, q, a) * bruteTurn2(p, q, b) < 0 && bruteTurn2(a, b, p) * bruteTurn2(a, b, q) < 0)
			return 0.0;
		d = fminl(d, fminl(brutePointSegment2(p.x, p.y, a, b), brutePointSegment2(q.x, q.y, a, b)));
		d = fminl(d, fminl(brutePointSegment2(a.x, a.y, p, q), brutePointSegment2(b.x, b.y, p, q)));
		holdsA = holdsA && bruteTurn2(p, q, a) >= 0;
	}
	return holdsA ? 0.0 : fmax(0.0, (double)d - s->radius);
}

#endif
