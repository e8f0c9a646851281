// Tiny 3D pairs: npDistance3, npOverlap3 and npPenetration3 on spheres, capsules, boxes and
// triangles scaled by s = 2^-k, k = 0..1060 (every size the inputs keep their bits at: they are
// multiples of 1/64 below 4, scaled by s). GJK's triangle step multiplies four lengths and its
// tetrahedron flatness test six, so below about 1e-55 .. 1e-80 they underflowed: the library now
// runs such pairs scaled by steps of 2^100 (src/tiny3d.h).
// Expectations are the test's own, in long double, at unit size and then scaled by s (exact):
//  - the distance between two cores is reached at a vertex of one against the other or on an edge
//    of one against the other (two convex polytopes that meet have an edge of one meeting the
//    other), so it is the least of the vertices' closed-form point distances (clamp into the box,
//    project onto the segment, Ericson's closest point on a triangle) and of the same along each
//    edge, minimised by golden-section search (the distance from a point moving along a segment
//    to a convex set is convex);
//  - overlap: the core distance below the radii's sum (pairs within 1e-3 of touching are left out);
//  - penetration: where only the roundings overlap, depth = radii - core distance; elsewhere the
//    invariant that the depth scales with s and the normal does not (against the unit-size query).
// Triangles smaller than about 2^-270 cannot be made (npMakeTriangle3's area test), hulls are not
// scaled (their 42 kB are not copied per query) and are left out.
// The test can fail: linked with the library before the scaling (commit be4c7f0) 41361 of its
// 104777 checks failed (the turned box among them from 2^-271 on).
#include "narrowphase/collide3d.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include "check.h"

#define TEST_RNG_SEED 0x3C6EF372FE94F82Bull
#include "testrng.h"

typedef long double L;
typedef struct
{
	L x, y, z;
} LV;

static LV lv(L x, L y, L z) { return (LV){ x, y, z }; }
static LV lsub(LV a, LV b) { return lv(a.x - b.x, a.y - b.y, a.z - b.z); }
static LV ladd(LV a, LV b) { return lv(a.x + b.x, a.y + b.y, a.z + b.z); }
static LV lscale(L s, LV a) { return lv(s * a.x, s * a.y, s * a.z); }
static L ldot(LV a, LV b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static L llen(LV a) { return sqrtl(ldot(a, a)); }
static L lclamp(L x, L a, L b) { return x < a ? a : x > b ? b : x; }

// Rotation by a unit quaternion (the test's own: v + 2w (u x v) + 2 u x (u x v)).
static LV lrotate(npQuat q, LV v, bool back)
{
	L s = back ? -1.0L : 1.0L;
	LV u = lv(s * q.x, s * q.y, s * q.z);
	LV t = lv(2 * (u.y * v.z - u.z * v.y), 2 * (u.z * v.x - u.x * v.z), 2 * (u.x * v.y - u.y * v.x));
	LV c = lv(u.y * t.z - u.z * t.y, u.z * t.x - u.x * t.z, u.x * t.y - u.y * t.x);
	return ladd(ladd(v, lscale(q.w, t)), c);
}

enum { SPHERE, CAPSULE, BOX, TRIANGLE };
static const char* kindName[4] = { "sphere", "capsule", "box", "triangle" };

// A shape at unit size: its core's vertices and edges in world space, its radius, and what makes it.
typedef struct
{
	int kind;
	double r, hh, he[3], tri[3][3], p[3];
	npQuat q;
	LV v[8];
	int nv, edges[12][2], ne;
} Shape;

static double grid(double lo, double hi) { return lo + floor(rnd() * (hi - lo) * 64.0) / 64.0; }

static LV local(const Shape* s, int i)
{
	switch (s->kind)
	{
		case SPHERE: return lv(0, 0, 0);
		case CAPSULE: return lv(0, i ? s->hh : -s->hh, 0);
		case BOX: return lv(i & 1 ? s->he[0] : -s->he[0], i & 2 ? s->he[1] : -s->he[1], i & 4 ? s->he[2] : -s->he[2]);
		default: return lv(s->tri[i][0], s->tri[i][1], s->tri[i][2]);
	}
}

static Shape randomShape(int kind)
{
	Shape s = { .kind = kind };
	double x, y, z, w, n;
	do
	{
		x = rndRange(-1, 1), y = rndRange(-1, 1), z = rndRange(-1, 1), w = rndRange(-1, 1);
		n = x * x + y * y + z * z + w * w;
	} while (n > 1.0 || n < 0.1);
	n = sqrt(n);
	s.q = (npQuat){ x / n, y / n, z / n, w / n };
	s.r = kind <= CAPSULE ? grid(0.125, 1.0) : 0.0;
	s.hh = grid(0.25, 1.5);
	for (int i = 0; i < 3; ++i)
	{
		s.he[i] = grid(0.25, 1.5);
		s.p[i] = grid(-2.5, 2.5);
		for (int j = 0; j < 3; ++j)
			s.tri[i][j] = grid(-1.5, 1.5);
	}
	s.nv = kind == SPHERE ? 1 : kind == CAPSULE ? 2 : kind == BOX ? 8 : 3;
	for (int i = 0; i < s.nv; ++i)
		s.v[i] = ladd(lrotate(s.q, local(&s, i), false), lv(s.p[0], s.p[1], s.p[2]));
	for (int i = 0; i < s.nv; ++i)
		for (int j = i + 1; j < s.nv; ++j)
			if (kind != BOX || ((i ^ j) & ((i ^ j) - 1)) == 0) // box: corners differing in one bit
				s.edges[s.ne][0] = i, s.edges[s.ne++][1] = j;
	return s;
}

// Closest point of triangle abc to p (Ericson, Real-Time Collision Detection, 5.1.5).
static LV closestOnTriangle(LV p, LV a, LV b, LV c)
{
	LV ab = lsub(b, a), ac = lsub(c, a), ap = lsub(p, a);
	L d1 = ldot(ab, ap), d2 = ldot(ac, ap);
	if (d1 <= 0 && d2 <= 0)
		return a;
	LV bp = lsub(p, b);
	L d3 = ldot(ab, bp), d4 = ldot(ac, bp);
	if (d3 >= 0 && d4 <= d3)
		return b;
	L vc = d1 * d4 - d3 * d2;
	if (vc <= 0 && d1 >= 0 && d3 <= 0)
		return ladd(a, lscale(d1 / (d1 - d3), ab));
	LV cp = lsub(p, c);
	L d5 = ldot(ab, cp), d6 = ldot(ac, cp);
	if (d6 >= 0 && d5 <= d6)
		return c;
	L vb = d5 * d2 - d1 * d6;
	if (vb <= 0 && d2 >= 0 && d6 <= 0)
		return ladd(a, lscale(d2 / (d2 - d6), ac));
	L va = d3 * d6 - d5 * d4;
	if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
		return ladd(b, lscale((d4 - d3) / ((d4 - d3) + (d5 - d6)), lsub(c, b)));
	L den = 1 / (va + vb + vc);
	return ladd(a, ladd(lscale(vb * den, ab), lscale(vc * den, ac)));
}

// Distance from world point w to s's core (closed forms in s's frame).
static L pointDistance(const Shape* s, LV w)
{
	LV p = lrotate(s->q, lsub(w, lv(s->p[0], s->p[1], s->p[2])), true), c;
	if (s->kind == SPHERE)
		c = lv(0, 0, 0);
	else if (s->kind == CAPSULE)
		c = lv(0, lclamp(p.y, -s->hh, s->hh), 0);
	else if (s->kind == BOX)
		c = lv(lclamp(p.x, -s->he[0], s->he[0]), lclamp(p.y, -s->he[1], s->he[1]), lclamp(p.z, -s->he[2], s->he[2]));
	else
		c = closestOnTriangle(p, local(s, 0), local(s, 1), local(s, 2));
	return llen(lsub(p, c));
}

// Least distance from segment ab to s's core: golden-section search (convex in the parameter).
static L edgeDistance(const Shape* s, LV a, LV b)
{
	const L g = 0.381966011250105151795L;
	L lo = 0, hi = 1;
	for (int i = 0; i < 120; ++i)
	{
		L t1 = lo + (hi - lo) * g, t2 = hi - (hi - lo) * g;
		if (pointDistance(s, ladd(a, lscale(t1, lsub(b, a)))) < pointDistance(s, ladd(a, lscale(t2, lsub(b, a)))))
			hi = t2;
		else
			lo = t1;
	}
	L m = pointDistance(s, ladd(a, lscale(lo, lsub(b, a))));
	return fminl(m, fminl(pointDistance(s, a), pointDistance(s, b)));
}

static L oneWay(const Shape* a, const Shape* b)
{
	L d = INFINITY;
	for (int i = 0; i < a->nv; ++i)
		d = fminl(d, pointDistance(b, a->v[i]));
	for (int i = 0; i < a->ne; ++i)
		d = fminl(d, edgeDistance(b, a->v[a->edges[i][0]], a->v[a->edges[i][1]]));
	return d;
}

static L coreDistance(const Shape* a, const Shape* b) { return fminl(oneWay(a, b), oneWay(b, a)); }

// The shape scaled by s (exact: 1/64 multiples below 4, s a power of two, k <= 1060).
static bool make(const Shape* c, double s, npShape3* out, npTransform3* xf)
{
	npResult r;
	if (c->kind == SPHERE)
		r = npMakeSphere(c->r * s, out);
	else if (c->kind == CAPSULE)
		r = npMakeCapsule3(c->hh * s, c->r * s, out);
	else if (c->kind == BOX)
		r = npMakeBox3((npVec3){ c->he[0] * s, c->he[1] * s, c->he[2] * s }, out);
	else
	{
		npVec3 t[3];
		for (int i = 0; i < 3; ++i)
			t[i] = (npVec3){ c->tri[i][0] * s, c->tri[i][1] * s, c->tri[i][2] * s };
		r = npMakeTriangle3(t[0], t[1], t[2], out);
	}
	*xf = (npTransform3){ { c->p[0] * s, c->p[1] * s, c->p[2] * s }, c->q };
	return r == NP_OK;
}

static bool near(double got, double want, double s) { return fabs(got - want) <= 1e-9 * s + 0x1p-1070; }

// One pair swept over the sizes; returns the sizes it ran at.
static int sweep(const Shape* a, const Shape* b)
{
	L core = coreDistance(a, b), radii = (L)a->r + (L)b->r;
	double want = core > radii ? (double)(core - radii) : 0.0;
	bool clear = fabsl(core - radii) > 1e-3L && (core > 1e-3L || core < 1e-12L);
	npShape3 a1, b1;
	npTransform3 xa1, xb1;
	if (!make(a, 1.0, &a1, &xa1) || !make(b, 1.0, &b1, &xb1))
		return 0;
	npPenetrationResult3 p1 = npPenetration3(&a1, xa1, &b1, xb1);
	int ran = 0;
	for (int k = 0; k <= 1060; ++k)
	{
		double s = ldexp(1.0, -k);
		npShape3 sa, sb;
		npTransform3 xa, xb;
		if (!make(a, s, &sa, &xa) || !make(b, s, &sb, &xb))
			continue; // a triangle below about 2^-270
		++ran;
		npDistanceResult3 d = npDistance3(&sa, xa, &sb, xb);
		CHECK(near(d.distance, want * s, s), "%s-%s at 2^-%d: distance %.17g s, expected %.17g s", kindName[a->kind],
			  kindName[b->kind], k, d.distance / s, want);
		if (!clear)
			continue;
		bool overlap = core < radii;
		CHECK(npOverlap3(&sa, xa, &sb, xb) == overlap, "%s-%s at 2^-%d: overlap, expected %d", kindName[a->kind],
			  kindName[b->kind], k, overlap);
		npPenetrationResult3 p = npPenetration3(&sa, xa, &sb, xb);
		CHECK(p.overlapping == overlap, "%s-%s at 2^-%d: penetration says %d", kindName[a->kind], kindName[b->kind], k,
			  p.overlapping);
		if (!overlap || !p.overlapping)
			continue;
		// Only the roundings overlap: closed form; else the unit-size answer scaled.
		double depth = core > 0 ? (double)(radii - core) : p1.depth;
		bool turned = fabs(p.normal.x - p1.normal.x) + fabs(p.normal.y - p1.normal.y) + fabs(p.normal.z - p1.normal.z) <= 1e-6;
		CHECK(near(p.depth, depth * s, s) && turned, "%s-%s at 2^-%d: depth %.17g s, expected %.17g s", kindName[a->kind],
			  kindName[b->kind], k, p.depth / s, depth);
	}
	return ran;
}

// The reported case: a box (2, 1, 1.5) s turned by (sin .3 (1, 2, 2) / 3, cos .3) at (3, -2, 1) s
// and a sphere of s / 16 at (5, -1, 1) s: distance by clamping into the box; one at (3.5, -1.75,
// 1.25) s is inside it.
static void reportedCase(void)
{
	double h = sin(0.3), c = cos(0.3);
	npQuat q = { h / 3, 2 * h / 3, 2 * h / 3, c };
	LV p = lrotate(q, lv(2, 1, 0), true), box = lv(2, 1, 1.5);
	L want = llen(lsub(p, lv(lclamp(p.x, -box.x, box.x), lclamp(p.y, -box.y, box.y), lclamp(p.z, -box.z, box.z)))) - 0.0625L;
	for (int k = 0; k <= 1060; ++k)
	{
		double s = ldexp(1.0, -k);
		npShape3 b, sp;
		npMakeBox3((npVec3){ 2 * s, 1 * s, 1.5 * s }, &b);
		npMakeSphere(0.0625 * s, &sp);
		npTransform3 xb = { { 3 * s, -2 * s, 1 * s }, q }, xo = { { 5 * s, -1 * s, 1 * s }, { 0, 0, 0, 1 } };
		npTransform3 xi = { { 3.5 * s, -1.75 * s, 1.25 * s }, { 0, 0, 0, 1 } };
		double d = npDistance3(&b, xb, &sp, xo).distance;
		CHECK(near(d, (double)want * s, s), "turned box at 2^-%d: distance %.17g s, expected %.17Lg s", k, d / s, want);
		CHECK(npOverlap3(&b, xb, &sp, xi), "turned box at 2^-%d: overlap missed", k);
	}
}

int main(void)
{
	reportedCase();
	int pairs = 0, sizes = 0;
	for (int ka = 0; ka < 4; ++ka)
		for (int kb = 0; kb < 4; ++kb)
			for (int n = 0; n < 3; ++n)
			{
				Shape a = randomShape(ka), b = randomShape(kb);
				int ran = sweep(&a, &b);
				if (ran == 0)
				{
					--n; // a degenerate random triangle: draw again
					continue;
				}
				++pairs;
				sizes += ran;
			}
	printf("tiny 3D pairs: %d pairs of spheres, capsules, boxes, triangles, %d sizes 2^-k (k <= 1060)\n", pairs, sizes);
	return checkSummary();
}
