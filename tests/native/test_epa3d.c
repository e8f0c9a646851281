// Tests of 3D GJK (overlap, distance) and EPA (penetration) against references computed here:
//  - a brute-force separating-axis test for polyhedral pairs: candidate axes are the face normals
//    of both shapes and the cross products of every pair of edges; the depth is the smallest
//    overlap, the normal its axis (compared only where the best axis is unique);
//  - brute-force distance for separated polyhedra: the minimum over edge-edge segment distances and
//    vertex-face distances (vertex projecting inside the face);
//  - closed forms for spheres and capsules, and the degenerate cases of the issue (touching,
//    coincident cubes and hulls, flat and coplanar inputs, origin on a simplex edge/face, 1e4
//    offsets, 1e-6 overlaps).
// Every polyhedral shape is described to the brute force by its vertices and the faces of the hull
// of those vertices; the test uses its own quaternion rotation, not the library's.
#include "narrowphase/collide3d.h"
#include "polyhedron3d.h" // private: the vertex scan and the order keys are tested directly below
#include "vec3.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

#define TEST_RNG_SEED 0x2545F4914F6CDD1Dull
#include "testrng3d.h"
#include "testvec3.h"


// The test's own rotation: v' = q v q* expanded as a matrix.
static npVec3 rotate(npQuat q, npVec3 v)
{
	double m00 = q.w * q.w + q.x * q.x - q.y * q.y - q.z * q.z, m01 = 2 * (q.x * q.y - q.w * q.z), m02 = 2 * (q.x * q.z + q.w * q.y);
	double m10 = 2 * (q.x * q.y + q.w * q.z), m11 = q.w * q.w - q.x * q.x + q.y * q.y - q.z * q.z, m12 = 2 * (q.y * q.z - q.w * q.x);
	double m20 = 2 * (q.x * q.z - q.w * q.y), m21 = 2 * (q.y * q.z + q.w * q.x), m22 = q.w * q.w - q.x * q.x - q.y * q.y + q.z * q.z;
	return V(m00 * v.x + m01 * v.y + m02 * v.z, m10 * v.x + m11 * v.y + m12 * v.z, m20 * v.x + m21 * v.y + m22 * v.z);
}
static npVec3 xform(npTransform3 t, npVec3 v) { return add(rotate(t.q, v), t.p); }


static npTransform3 makeXf(npVec3 p, npQuat q)
{
	npTransform3 t;
	npResult r = npMakeTransform3(p, q, &t);
	if (r != NP_OK)
		printf("bad transform\n");
	return t;
}

// A polyhedron in world space for the brute force: vertices, faces (as vertex loops), edges.
typedef struct Poly
{
	int nv, nf, ne;
	npVec3 v[NP_MAX_HULL_VERTICES];
	npVec3 fn[NP_MAX_HULL_FACES];
	double fo[NP_MAX_HULL_FACES];
	int loopStart[NP_MAX_HULL_FACES + 1];
	int loop[NP_MAX_HULL_HALF_EDGES];
	int ea[NP_MAX_HULL_HALF_EDGES / 2], eb[NP_MAX_HULL_HALF_EDGES / 2];
} Poly;

static npHull3 hullA, hullB, scratchHull;
static Poly polyA, polyB;

// World-space polyhedron from a local point set hulled by npMakeHull3 (its topology is validated
// by test_hull3d against the points).
static void makePoly(Poly* p, const npVec3* local, int n, npTransform3 xf)
{
	npMakeHull3(local, n, &scratchHull);
	const npHull3* h = &scratchHull;
	p->nv = h->vertexCount;
	for (int i = 0; i < h->vertexCount; ++i)
		p->v[i] = xform(xf, h->vertices[i]);
	p->nf = h->faceCount;
	int k = 0;
	for (int f = 0; f < h->faceCount; ++f)
	{
		p->loopStart[f] = k;
		int e0 = h->faceEdge[f], e = e0;
		do
		{
			p->loop[k++] = h->halfEdges[e].origin;
			e = h->halfEdges[e].next;
		} while (e != e0);
		// Face normal from the world vertices (Newell), offset from the first vertex.
		npVec3 s = V(0, 0, 0);
		for (int i = p->loopStart[f]; i < k; ++i)
		{
			npVec3 a = p->v[p->loop[i]], b = p->v[p->loop[i + 1 < k ? i + 1 : p->loopStart[f]]];
			s = add(s, cross(a, b));
		}
		p->fn[f] = unit(s);
		p->fo[f] = dot(p->fn[f], p->v[p->loop[p->loopStart[f]]]);
	}
	p->loopStart[h->faceCount] = k;
	p->ne = h->halfEdgeCount / 2;
	for (int e = 0; e < p->ne; ++e)
	{
		p->ea[e] = h->halfEdges[2 * e].origin;
		p->eb[e] = h->halfEdges[2 * e + 1].origin;
	}
}

typedef struct SatResult
{
	double depth;    // min overlap (negative: separated along that axis)
	npVec3 normal;   // its axis, A to B
	double second;   // best overlap among axes more than 1e-6 rad away from `normal`
} SatResult;

static void project(const Poly* p, npVec3 u, double* lo, double* hi)
{
	*lo = *hi = dot(p->v[0], u);
	for (int i = 1; i < p->nv; ++i)
	{
		double d = dot(p->v[i], u);
		if (d < *lo)
			*lo = d;
		if (d > *hi)
			*hi = d;
	}
}

static void satAxis(const Poly* a, const Poly* b, npVec3 u, SatResult* r)
{
	double la, ha, lb, hb;
	project(a, u, &la, &ha);
	project(b, u, &lb, &hb);
	for (int s = 0; s < 2; ++s)
	{
		npVec3 axis = s ? scale(-1, u) : u;
		double ov = s ? hb - la : ha - lb; // A's max minus B's min along axis
		if (ov < r->depth)
		{
			if (fabs(dot(axis, r->normal)) < cos(1e-6) || dot(axis, r->normal) < 0)
				r->second = r->depth < r->second ? r->depth : r->second;
			r->depth = ov;
			r->normal = axis;
		}
		else if (ov < r->second && !(dot(axis, r->normal) > cos(1e-6)))
			r->second = ov;
	}
}

static SatResult bruteSat(const Poly* a, const Poly* b)
{
	SatResult r = { 1e300, V(0, 0, 0), 1e300 };
	for (int f = 0; f < a->nf; ++f)
		satAxis(a, b, a->fn[f], &r);
	for (int f = 0; f < b->nf; ++f)
		satAxis(a, b, b->fn[f], &r);
	for (int i = 0; i < a->ne; ++i)
		for (int j = 0; j < b->ne; ++j)
		{
			npVec3 c = cross(sub(a->v[a->eb[i]], a->v[a->ea[i]]), sub(b->v[b->eb[j]], b->v[b->ea[j]]));
			double l = len(c);
			if (l > 1e-12)
				satAxis(a, b, scale(1.0 / l, c), &r);
		}
	return r;
}

// Ericson's closest points of two segments; returns the squared distance.
static double segSeg(npVec3 p1, npVec3 q1, npVec3 p2, npVec3 q2)
{
	npVec3 d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
	double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
	double s, t;
	if (a <= 1e-300 && e <= 1e-300)
		return dot(r, r);
	if (a <= 1e-300)
	{
		s = 0;
		t = fmin(fmax(f / e, 0), 1);
	}
	else
	{
		double c = dot(d1, r);
		if (e <= 1e-300)
		{
			t = 0;
			s = fmin(fmax(-c / a, 0), 1);
		}
		else
		{
			double b = dot(d1, d2), den = a * e - b * b;
			s = den != 0 ? fmin(fmax((b * f - c * e) / den, 0), 1) : 0;
			t = (b * s + f) / e;
			if (t < 0)
			{
				t = 0;
				s = fmin(fmax(-c / a, 0), 1);
			}
			else if (t > 1)
			{
				t = 1;
				s = fmin(fmax((b - c) / a, 0), 1);
			}
		}
	}
	npVec3 c1 = add(p1, scale(s, d1)), c2 = add(p2, scale(t, d2));
	return dot(sub(c1, c2), sub(c1, c2));
}

// Vertex-face distances where the vertex projects inside the face.
static double vertexFace(const Poly* a, const Poly* b, double best)
{
	for (int i = 0; i < a->nv; ++i)
		for (int f = 0; f < b->nf; ++f)
		{
			npVec3 n = b->fn[f];
			double d = dot(n, a->v[i]) - b->fo[f];
			if (d < 0 || d * d >= best)
				continue;
			bool inside = true;
			int s0 = b->loopStart[f], s1 = b->loopStart[f + 1];
			for (int k = s0; k < s1 && inside; ++k)
			{
				npVec3 p = b->v[b->loop[k]], q = b->v[b->loop[k + 1 < s1 ? k + 1 : s0]];
				if (dot(cross(sub(q, p), sub(a->v[i], p)), n) < 0)
					inside = false;
			}
			if (inside)
				best = d * d;
		}
	return best;
}

static double bruteDistance(const Poly* a, const Poly* b)
{
	double best = 1e300;
	for (int i = 0; i < a->ne; ++i)
		for (int j = 0; j < b->ne; ++j)
		{
			double d = segSeg(a->v[a->ea[i]], a->v[a->eb[i]], b->v[b->ea[j]], b->v[b->eb[j]]);
			if (d < best)
				best = d;
		}
	best = vertexFace(a, b, best);
	best = vertexFace(b, a, best);
	return sqrt(best);
}

// Signed distance of p outside polyhedron (max over planes).
static double outside(const Poly* p, npVec3 x)
{
	double m = -1e300;
	for (int f = 0; f < p->nf; ++f)
	{
		double d = dot(p->fn[f], x) - p->fo[f];
		if (d > m)
			m = d;
	}
	return m;
}

static npVec3 ptsA[64], ptsB[64];

static void boxPoints(npVec3 h, npVec3* out)
{
	for (int i = 0; i < 8; ++i)
		out[i] = V((i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z);
}

// A random triangle in [-1, 1]^3 whose doubled area exceeds 0.2: its corners and its shape.
static void randomTriangle(npVec3 pts[3], npShape3* out)
{
	for (;;)
	{
		for (int i = 0; i < 3; ++i)
			pts[i] = V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1));
		if (npMakeTriangle3(pts[0], pts[1], pts[2], out) == NP_OK && len(cross(sub(pts[1], pts[0]), sub(pts[2], pts[0]))) > 0.2)
			return;
	}
}

static int randomHullPoints(npVec3* out)
{
	int n = 12 + (int)(rnd() * 21);
	double sx = rndRange(0.4, 1.0), sy = rndRange(0.4, 1.0), sz = rndRange(0.4, 1.0);
	for (int i = 0; i < n; ++i)
	{
		npVec3 p;
		do
			p = V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1));
		while (dot(p, p) > 1);
		out[i] = V(p.x * sx, p.y * sy, p.z * sz);
	}
	return n;
}

// Accuracy accumulators.
static double maxDepthErr, maxAngleErr, maxDistErr, maxTouchErr;
static int pairsChecked, uniqueChecked, distChecked;

static double angleBetween(npVec3 a, npVec3 b)
{
	return atan2(len(cross(a, b)), dot(a, b));
}

// Compares npPenetration3 on two polyhedral shapes with the brute force. Returns the depth error.
static double checkPolyPair(const char* name, const npShape3* sa, npTransform3 xa, const npShape3* sb,
							npTransform3 xb, const npVec3* la, int na, const npVec3* lb, int nb, double tol)
{
	makePoly(&polyA, la, na, xa);
	makePoly(&polyB, lb, nb, xb);
	SatResult sat = bruteSat(&polyA, &polyB);
	npPenetrationResult3 r = npPenetration3(sa, xa, sb, xb);
	bool expectOverlap = sat.depth >= 0.0;
	if (sat.depth < 0.0)
	{
		CHECK(!r.overlapping, "%s: separated by %g but reported overlapping", name, -sat.depth);
		double d = bruteDistance(&polyA, &polyB);
		npDistanceResult3 dr = npDistance3(sa, xa, sb, xb);
		double err = fabs(dr.distance - d);
		if (err > maxDistErr)
			maxDistErr = err;
		distChecked += 1;
		CHECK(err <= tol, "%s: distance %.17g vs brute %.17g", name, dr.distance, d);
		CHECK(fabs(len(sub(dr.pointB, dr.pointA)) - dr.distance) <= tol, "%s: |pB - pA| != distance", name);
		CHECK(outside(&polyA, dr.pointA) <= tol && outside(&polyB, dr.pointB) <= tol, "%s: closest points off shapes", name);
		CHECK(npOverlap3(sa, xa, sb, xb) == false, "%s: overlap() says true", name);
		return 0.0;
	}
	CHECK(r.overlapping, "%s: overlapping by %g but not reported", name, sat.depth);
	{
		// Distance of overlapping shapes: 0, with one point inside both.
		npDistanceResult3 dr = npDistance3(sa, xa, sb, xb);
		double slack = 1e-9 * (1 + len(xa.p) + len(xb.p));
		CHECK(dr.distance == 0.0 && len(sub(dr.pointA, dr.pointB)) <= slack && outside(&polyA, dr.pointA) <= slack &&
				  outside(&polyB, dr.pointA) <= slack,
			  "%s: overlapping distance point not inside both (%g, %g)", name, outside(&polyA, dr.pointA), outside(&polyB, dr.pointA));
	}
	CHECK(npOverlap3(sa, xa, sb, xb) == expectOverlap, "%s: overlap()", name);
	if (!r.overlapping)
		return 1.0;
	double err = fabs(r.depth - sat.depth);
	pairsChecked += 1;
	if (err > maxDepthErr)
		maxDepthErr = err;
	CHECK(err <= tol, "%s: depth %.17g vs brute %.17g (err %.3g, stop %d, it %d)", name, r.depth, sat.depth, err, r.stop, r.iterations);
	CHECK(fabs(len(r.normal) - 1.0) < 1e-12, "%s: normal not unit", name);
	CHECK(fabs(dot(sub(r.pointA, r.pointB), r.normal) - r.depth) <= 1e-12 * (1 + len(xb.p)), "%s: depth != (pA-pB).n", name);
	CHECK(outside(&polyA, r.pointA) <= 1e-9 * (1 + len(xa.p)) && outside(&polyB, r.pointB) <= 1e-9 * (1 + len(xb.p)),
		  "%s: witness points off the shapes (%g, %g)", name, outside(&polyA, r.pointA), outside(&polyB, r.pointB));
	// Local witnesses map back to the world ones.
	CHECK(len(sub(xform(xa, r.localA), r.pointA)) < 1e-12 * (1 + len(xa.p)) &&
			  len(sub(xform(xb, r.localB), r.pointB)) < 1e-12 * (1 + len(xb.p)),
		  "%s: local witness points", name);
	// Tangent basis.
	CHECK(fabs(dot(r.tangent1, r.normal)) < 1e-14 && fabs(dot(r.tangent2, r.normal)) < 1e-14 &&
			  fabs(len(r.tangent1) - 1) < 1e-14 && fabs(len(r.tangent2) - 1) < 1e-14,
		  "%s: tangents", name);
	if (sat.second - sat.depth > 1e-7)
	{
		double ang = angleBetween(r.normal, sat.normal);
		uniqueChecked += 1;
		if (ang > maxAngleErr)
			maxAngleErr = ang;
		CHECK(ang <= 1e-6, "%s: normal off by %g rad", name, ang);
	}
	// Moving B by depth * normal makes them touch: the brute-force depth becomes 0.
	for (int i = 0; i < polyB.nv; ++i)
		polyB.v[i] = add(polyB.v[i], scale(r.depth, r.normal));
	for (int f = 0; f < polyB.nf; ++f)
		polyB.fo[f] += r.depth * dot(polyB.fn[f], r.normal);
	SatResult after = bruteSat(&polyA, &polyB);
	if (fabs(after.depth) > maxTouchErr)
		maxTouchErr = fabs(after.depth);
	CHECK(fabs(after.depth) <= tol, "%s: after moving B by depth*normal, brute depth %g", name, after.depth);
	return err;
}

static void checkClose(const char* name, double got, double want, double tol)
{
	CHECK(fabs(got - want) <= tol, "%s: got %.17g want %.17g", name, got, want);
}

// The integer order keys (vec3.h) must order like the doubles (-0 just below +0), and the vertex
// scan (npPolyhedronSupport3, whose wasm form keeps its running maximum as such a key) must return
// the first vertex with the largest dot product, as a plain scan written here does.
static void checkOrderKeysAndScan(void)
{
	const double values[] = { -DBL_MAX, -1e300, -3.5, -1.0, -1e-300, -4.9e-324, -0.0, 0.0, 4.9e-324, 1e-300, 1.0,
							  1.0000000000000002, 3.5, 1e300, DBL_MAX };
	const int count = (int)(sizeof values / sizeof values[0]);
	for (int i = 0; i < count; ++i)
		for (int j = 0; j < count; ++j)
			CHECK((npOrderKey(values[i]) < npOrderKey(values[j])) == (i < j), "order key of %g vs %g", values[i], values[j]);
	// Scans: random hull vertices, and a box whose axis-aligned directions make exact ties.
	npVec3 h = V(0.5, 0.25, 1.0);
	npShape3 box;
	npMakeBox3(h, &box);
	for (int trial = 0; trial < 400; ++trial)
	{
		int n = randomHullPoints(ptsA);
		npShape3 shape;
		npMakeHull3(ptsA, n, &hullA);
		npMakeHullShape3(&hullA, &shape);
		npPolyhedron3 poly;
		npMakePolyhedron3(trial & 1 ? &box : &shape, &poly);
		npVec3 d = trial & 1 ? V((double)(trial % 3) - 1.0, (double)(trial / 3 % 3) - 1.0, (double)(trial / 9 % 3) - 1.0)
							 : V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1));
		int want = 0;
		double wantValue = dot(poly.vertices[0], d);
		for (int i = 1; i < poly.vertexCount; ++i)
			if (dot(poly.vertices[i], d) > wantValue)
			{
				want = i;
				wantValue = dot(poly.vertices[i], d);
			}
		CHECK(npPolyhedronSupport3(&poly, d) == want, "vertex scan %d: got %d want %d", trial, npPolyhedronSupport3(&poly, d), want);
	}
}

int main(void)
{
	char name[96];
	npShape3 a, b;
	npQuat id = { 0, 0, 0, 1 };

	// --- Random box-box and hull-hull pairs against the brute-force SAT.
	for (int trial = 0; trial < 300; ++trial)
	{
		npVec3 ha = V(rndRange(0.2, 1), rndRange(0.2, 1), rndRange(0.2, 1));
		npVec3 hb = V(rndRange(0.2, 1), rndRange(0.2, 1), rndRange(0.2, 1));
		npMakeBox3(ha, &a);
		npMakeBox3(hb, &b);
		boxPoints(ha, ptsA);
		boxPoints(hb, ptsB);
		npVec3 off = scale(rndRange(0.0, 1.6), unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1))));
		npTransform3 xa = makeXf(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)), randomQuat());
		npTransform3 xb = makeXf(add(xa.p, off), randomQuat());
		snprintf(name, sizeof name, "box-box %d", trial);
		checkPolyPair(name, &a, xa, &b, xb, ptsA, 8, ptsB, 8, 1e-9);
	}
	int boxPairs = pairsChecked;
	for (int trial = 0; trial < 300; ++trial)
	{
		int na = randomHullPoints(ptsA), nb = randomHullPoints(ptsB);
		npMakeHull3(ptsA, na, &hullA);
		npMakeHull3(ptsB, nb, &hullB);
		npMakeHullShape3(&hullA, &a);
		npMakeHullShape3(&hullB, &b);
		npVec3 off = scale(rndRange(0.0, 1.5), unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1))));
		npTransform3 xa = makeXf(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)), randomQuat());
		npTransform3 xb = makeXf(add(xa.p, off), randomQuat());
		snprintf(name, sizeof name, "hull-hull %d (%d, %d points)", trial, na, nb);
		checkPolyPair(name, &a, xa, &b, xb, ptsA, na, ptsB, nb, 1e-9);
	}
	printf("accuracy: %d box-box + %d hull-hull overlapping pairs, max depth error %.3g, "
		   "max normal angle error %.3g rad (%d pairs with a unique best axis), max |depth after moving B| %.3g; "
		   "%d separated pairs, max distance error %.3g\n",
		   boxPairs, pairsChecked - boxPairs, maxDepthErr, maxAngleErr, uniqueChecked, maxTouchErr, distChecked, maxDistErr);

	// --- Larger hulls: 64 points on an ellipsoid (every point a vertex), against each other.
	int bigBefore = pairsChecked;
	for (int trial = 0; trial < 30; ++trial)
	{
		for (int i = 0; i < 64; ++i)
		{
			npVec3 u = unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)));
			ptsA[i] = V(0.9 * u.x, 0.6 * u.y, 0.5 * u.z);
			u = unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)));
			ptsB[i] = V(0.5 * u.x, 0.8 * u.y, 0.7 * u.z);
		}
		npMakeHull3(ptsA, 64, &hullA);
		npMakeHull3(ptsB, 64, &hullB);
		npMakeHullShape3(&hullA, &a);
		npMakeHullShape3(&hullB, &b);
		npVec3 off = scale(rndRange(0.0, 1.4), unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1))));
		npTransform3 xa = makeXf(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)), randomQuat());
		npTransform3 xb = makeXf(add(xa.p, off), randomQuat());
		snprintf(name, sizeof name, "hull64-hull64 %d", trial);
		checkPolyPair(name, &a, xa, &b, xb, ptsA, 64, ptsB, 64, 1e-9);
	}
	printf("64-point hulls: %d overlapping pairs checked\n", pairsChecked - bigBefore);

	// --- Hulls against flat hulls (many coplanar Minkowski points: EPA visibility on noise).
	for (int trial = 0; trial < 150; ++trial)
	{
		int na = randomHullPoints(ptsA);
		int nb = 5 + (int)(rnd() * 10);
		for (int i = 0; i < nb; ++i)
			ptsB[i] = V(rndRange(-1, 1), rndRange(-1, 1), 0);
		npMakeHull3(ptsA, na, &hullA);
		npMakeHull3(ptsB, nb, &hullB);
		npMakeHullShape3(&hullA, &a);
		npMakeHullShape3(&hullB, &b);
		npVec3 off = scale(rndRange(0.0, 1.2), unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1))));
		npTransform3 xa = makeXf(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)), randomQuat());
		npTransform3 xb = makeXf(add(xa.p, off), randomQuat());
		snprintf(name, sizeof name, "hull-flat %d", trial);
		if (trial & 1)
			checkPolyPair(name, &a, xa, &b, xb, ptsA, na, ptsB, nb, 1e-9);
		else
			checkPolyPair(name, &b, xb, &a, xa, ptsB, nb, ptsA, na, 1e-9);
	}

	// --- Mixed polyhedral pairs: box-hull, triangle-box, triangle-hull, triangle-triangle, flat hulls.
	for (int trial = 0; trial < 200; ++trial)
	{
		int kind = trial % 5;
		int na, nb;
		npVec3 ha = V(rndRange(0.2, 1), rndRange(0.2, 1), rndRange(0.2, 1));
		if (kind == 0 || kind == 1)
		{
			npMakeBox3(ha, &a);
			boxPoints(ha, ptsA);
			na = 8;
		}
		else
		{
			// A triangle.
			randomTriangle(ptsA, &a);
			na = 3;
		}
		if (kind == 0 || kind == 2)
		{
			nb = randomHullPoints(ptsB);
			npMakeHull3(ptsB, nb, &hullB);
			npMakeHullShape3(&hullB, &b);
		}
		else if (kind == 3)
		{
			randomTriangle(ptsB, &b);
			nb = 3;
		}
		else
		{
			// A flat hull: a random polygon in the local z = 0 plane.
			nb = 5 + (int)(rnd() * 10);
			for (int i = 0; i < nb; ++i)
				ptsB[i] = V(rndRange(-1, 1), rndRange(-1, 1), 0);
			npMakeHull3(ptsB, nb, &hullB);
			npMakeHullShape3(&hullB, &b);
		}
		npVec3 off = scale(rndRange(0.0, 1.2), unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1))));
		npTransform3 xa = makeXf(V(0.3, -0.2, 0.1), randomQuat());
		npTransform3 xb = makeXf(add(xa.p, off), randomQuat());
		snprintf(name, sizeof name, "mixed kind %d trial %d", kind, trial);
		checkPolyPair(name, &a, xa, &b, xb, ptsA, na, ptsB, nb, 1e-9);
	}

	// --- Degenerate cases from the issue.
	npVec3 half = V(0.5, 0.5, 0.5);
	npMakeBox3(half, &a);
	npMakeBox3(half, &b);
	npPenetrationResult3 r = npPenetration3(&a, makeXf(V(0, 0, 0), id), &b, makeXf(V(0, 0, 0), id));
	checkClose("coincident unit cubes: depth 1 (not 1/sqrt 3)", r.depth, 1.0, 1e-12);
	CHECK(fabs(fabs(r.normal.x) + fabs(r.normal.y) + fabs(r.normal.z) - 1.0) < 1e-12, "coincident cubes: face normal, got (%g %g %g)",
		  r.normal.x, r.normal.y, r.normal.z);
	{
		npQuat q = randomQuat();
		npVec3 p = V(3, -2, 7);
		r = npPenetration3(&a, makeXf(p, q), &b, makeXf(p, q));
		checkClose("coincident rotated cubes: depth 1", r.depth, 1.0, 1e-12);
		npVec3 local = rotate((npQuat){ -q.x, -q.y, -q.z, q.w }, r.normal);
		CHECK(fabs(fabs(local.x) + fabs(local.y) + fabs(local.z) - 1.0) < 1e-9, "coincident rotated cubes: face normal");
	}
	// Coincident identical hulls: the brute force gives the smallest width.
	for (int trial = 0; trial < 20; ++trial)
	{
		int n = randomHullPoints(ptsA);
		npMakeHull3(ptsA, n, &hullA);
		npMakeHullShape3(&hullA, &a);
		npTransform3 xf = makeXf(V(rndRange(-5, 5), 0, 1), randomQuat());
		snprintf(name, sizeof name, "coincident hulls %d", trial);
		checkPolyPair(name, &a, xf, &a, xf, ptsA, n, ptsA, n, 1e-9);
	}
	// Touching face to face, edge to edge and vertex to face: depth 0, overlapping.
	npMakeBox3(half, &a);
	npMakeBox3(half, &b);
	boxPoints(half, ptsA);
	boxPoints(half, ptsB);
	{
		npTransform3 xa = makeXf(V(0, 0, 0), id);
		double c = 0.92387953251128674, s = 0.38268343236508977; // 45 degrees about z
		struct { npVec3 p; npQuat q; const char* what; } touch[] = {
			{ { 1.0, 0.0, 0.0 }, { 0, 0, 0, 1 }, "face-face" },
			{ { 1.0, 0.25, -0.125 }, { 0, 0, 0, 1 }, "face-face offset" },
			{ { 0.5 + 0.70710678118654752, 0.0, 0.0 }, { 0, 0, s, c }, "edge on face" },
			{ { 0.0, 0.0, 1.0 }, { 0, 0, 0, 1 }, "stacked" },
			{ { 1.0, 1.0, 0.0 }, { 0, 0, 0, 1 }, "edge-edge" },
			{ { 1.0, 1.0, 1.0 }, { 0, 0, 0, 1 }, "vertex-vertex" },
		};
		for (int i = 0; i < 6; ++i)
		{
			npTransform3 xb = makeXf(touch[i].p, touch[i].q);
			r = npPenetration3(&a, xa, &b, xb);
			snprintf(name, sizeof name, "touching %s", touch[i].what);
			CHECK(r.overlapping && fabs(r.depth) < 1e-12, "%s: overlapping %d depth %g", name, r.overlapping, r.depth);
			CHECK(npOverlap3(&a, xa, &b, xb), "%s: overlap()", name);
			npDistanceResult3 d = npDistance3(&a, xa, &b, xb);
			CHECK(d.distance < 1e-12, "%s: distance %g", name, d.distance);
		}
	}
	// A corner pushed into a face: all three EPA support points share A's corner (A's side of the
	// final triangle is degenerate); the witness on A must be that corner exactly.
	{
		npVec3 u = unit(V(1, 1, 1)), down = V(0, 0, -1);
		npVec3 axis = unit(cross(u, down));
		double angle = acos(dot(u, down));
		npQuat q = { axis.x * sin(angle / 2), axis.y * sin(angle / 2), axis.z * sin(angle / 2), cos(angle / 2) };
		double corner = sqrt(3.0) * 0.5;
		npTransform3 xa = makeXf(V(0.1, -0.05, 0.5 + corner - 0.01), q);
		npTransform3 xb = makeXf(V(0, 0, 0), id);
		r = npPenetration3(&a, xa, &b, xb);
		npVec3 tip = xform(xa, V(0.5, 0.5, 0.5));
		checkClose("corner into face: depth", r.depth, 0.01, 1e-12);
		CHECK(angleBetween(r.normal, V(0, 0, -1)) < 1e-9, "corner into face: normal");
		CHECK(len(sub(r.pointA, tip)) < 1e-12, "corner into face: pointA is the corner (off by %g)", len(sub(r.pointA, tip)));
		CHECK(fabs(r.pointB.z - 0.5) < 1e-12 && fabs(r.pointB.x - tip.x) < 1e-12 && fabs(r.pointB.y - tip.y) < 1e-12,
			  "corner into face: pointB below the corner on B's top face");
		CHECK(len(sub(r.localA, V(0.5, 0.5, 0.5))) < 1e-12, "corner into face: localA is A's local corner");
	}

	// 1e-6 overlaps, and the same at 1e4 offsets.
	for (int trial = 0; trial < 40; ++trial)
	{
		double base = trial < 20 ? 0.0 : 1.0e4;
		npTransform3 xa = makeXf(V(base, -base, 0.5 * base), id);
		npVec3 dir = trial % 3 == 0 ? V(1, 0, 0) : (trial % 3 == 1 ? V(0, 1, 0) : V(0, 0, 1));
		npVec3 jitter = V(rndRange(-0.3, 0.3), rndRange(-0.3, 0.3), rndRange(-0.3, 0.3));
		jitter = sub(jitter, scale(dot(jitter, dir), dir));
		npTransform3 xb = makeXf(add(xa.p, add(scale(1.0 - 1.0e-6, dir), jitter)), id);
		r = npPenetration3(&a, xa, &b, xb);
		snprintf(name, sizeof name, "1e-6 overlap (offset %g) %d", base, trial);
		checkClose(name, r.depth, 1.0e-6, base > 0 ? 2e-12 : 1e-15);
		CHECK(angleBetween(r.normal, dir) < 1e-9, "%s: normal", name);
	}
	// Random rotated hull pairs at 1e4: same depth as at the origin.
	for (int trial = 0; trial < 30; ++trial)
	{
		int na = randomHullPoints(ptsA), nb = randomHullPoints(ptsB);
		npMakeHull3(ptsA, na, &hullA);
		npMakeHull3(ptsB, nb, &hullB);
		npMakeHullShape3(&hullA, &a);
		npMakeHullShape3(&hullB, &b);
		npQuat qa = randomQuat(), qb = randomQuat();
		npVec3 off = scale(rndRange(0.0, 1.0), unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1))));
		npVec3 far = V(1.0e4, -1.0e4, 3.0e3);
		npPenetrationResult3 r0 = npPenetration3(&a, makeXf(V(0, 0, 0), qa), &b, makeXf(off, qb));
		npPenetrationResult3 r1 = npPenetration3(&a, makeXf(far, qa), &b, makeXf(add(far, off), qb));
		snprintf(name, sizeof name, "hull-hull at 1e4 %d", trial);
		CHECK(r0.overlapping == r1.overlapping && fabs(r0.depth - r1.depth) < 1e-9, "%s: %.17g vs %.17g", name, r1.depth, r0.depth);
		if (r0.overlapping && r1.overlapping)
			CHECK(angleBetween(r0.normal, r1.normal) < 1e-6 || fabs(r0.depth - r1.depth) < 1e-9, "%s: normal", name);
	}
	// Flat hulls (a reader's note on "3D Convex Collision Detection, Part 2: EPA"): coplanar overlapping flat hulls have depth 0 along the
	// plane normal; a flat hull through a box is found by the brute force.
	{
		for (int i = 0; i < 8; ++i)
			ptsA[i] = V(rndRange(-1, 1), rndRange(-1, 1), 0);
		for (int i = 0; i < 8; ++i)
			ptsB[i] = V(rndRange(-1, 1), rndRange(-1, 1), 0);
		ptsA[0] = V(0.1, 0.1, 0);
		ptsA[1] = V(-0.8, 0.1, 0);
		ptsA[2] = V(0.1, -0.8, 0); // make sure the origin region is covered
		ptsB[0] = V(0.1, 0.1, 0);
		ptsB[1] = V(-0.8, 0.1, 0);
		ptsB[2] = V(0.1, -0.8, 0);
		npMakeHull3(ptsA, 8, &hullA);
		npMakeHull3(ptsB, 8, &hullB);
		npMakeHullShape3(&hullA, &a);
		npMakeHullShape3(&hullB, &b);
		npQuat q = randomQuat();
		npVec3 planeN = rotate(q, V(0, 0, 1));
		r = npPenetration3(&a, makeXf(V(1, 2, 3), q), &b, makeXf(add(V(1, 2, 3), rotate(q, V(0.2, -0.1, 0))), q));
		CHECK(r.overlapping && fabs(r.depth) < 1e-12, "coplanar flat hulls: depth %g", r.depth);
		CHECK(fabs(fabs(dot(r.normal, planeN)) - 1) < 1e-9, "coplanar flat hulls: normal along the plane normal");
		// Coplanar triangles.
		npMakeTriangle3(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), &a);
		npMakeTriangle3(V(0.2, 0.2, 0), V(-1, 0.2, 0), V(0.2, -1, 0), &b);
		r = npPenetration3(&a, makeXf(V(0, 0, 0), id), &b, makeXf(V(0, 0, 0), id));
		CHECK(r.overlapping && fabs(r.depth) < 1e-15 && fabs(fabs(r.normal.z) - 1) < 1e-15, "coplanar triangles");
		// A flat square through the middle of a box, and the box through a flat square: the square
		// (side 3) sticks out of the box (half 0.5) so the depth is the box's half extent along
		// the plane normal... or a sideways axis if cheaper: brute force decides.
		for (int i = 0; i < 4; ++i)
			ptsB[i] = V((i & 1) ? 1.5 : -1.5, (i & 2) ? 1.5 : -1.5, 0);
		npMakeHull3(ptsB, 4, &hullB);
		npMakeHullShape3(&hullB, &b);
		npMakeBox3(half, &a);
		boxPoints(half, ptsA);
		checkPolyPair("box vs flat square", &a, makeXf(V(0, 0, 0), id), &b, makeXf(V(0.1, 0.2, 0.05), randomQuat()), ptsA, 8, ptsB, 4, 1e-9);
		checkPolyPair("flat square vs box", &b, makeXf(V(0.1, 0.2, 0.05), randomQuat()), &a, makeXf(V(0, 0, 0), id), ptsB, 4, ptsA, 8, 1e-9);
	}

	// --- Spheres and capsules: closed forms.
	for (int trial = 0; trial < 100; ++trial)
	{
		double ra = rndRange(0.1, 1), rb = rndRange(0.1, 1);
		npMakeSphere(ra, &a);
		npMakeSphere(rb, &b);
		npVec3 d = scale(rndRange(0.01, ra + rb + 0.5), unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1))));
		npVec3 pa = V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1));
		npTransform3 xa = makeXf(pa, randomQuat()), xb = makeXf(add(pa, d), randomQuat());
		r = npPenetration3(&a, xa, &b, xb);
		npDistanceResult3 dr = npDistance3(&a, xa, &b, xb);
		double want = ra + rb - len(d);
		snprintf(name, sizeof name, "sphere-sphere %d", trial);
		CHECK(r.overlapping == (want >= 0), "%s: overlapping", name);
		CHECK(npOverlap3(&a, xa, &b, xb) == (want >= 0), "%s: overlap()", name);
		if (want >= 0)
		{
			checkClose(name, r.depth, want, 1e-14);
			CHECK(angleBetween(r.normal, d) < 1e-12, "%s: normal", name);
			checkClose(name, dot(sub(r.pointA, r.pointB), r.normal), r.depth, 1e-14);
		}
		else
			checkClose(name, dr.distance, -want, 1e-14);
	}
	// Sphere (B) against a box (A): centre inside (depth = r + distance to the nearest face) and
	// outside (depth = r - distance to the box).
	for (int trial = 0; trial < 100; ++trial)
	{
		npVec3 h = V(rndRange(0.3, 1), rndRange(0.3, 1), rndRange(0.3, 1));
		double rad = rndRange(0.1, 0.6);
		npMakeBox3(h, &a);
		npMakeSphere(rad, &b);
		npVec3 c = V(rndRange(-1.4, 1.4) * h.x, rndRange(-1.4, 1.4) * h.y, rndRange(-1.4, 1.4) * h.z);
		npVec3 q = V(fmax(-h.x, fmin(h.x, c.x)), fmax(-h.y, fmin(h.y, c.y)), fmax(-h.z, fmin(h.z, c.z)));
		double want;
		npVec3 wantN;
		if (q.x == c.x && q.y == c.y && q.z == c.z)
		{
			double dx = h.x - fabs(c.x), dy = h.y - fabs(c.y), dz = h.z - fabs(c.z);
			want = rad + fmin(dx, fmin(dy, dz));
			wantN = dx <= dy && dx <= dz ? V(c.x >= 0 ? 1 : -1, 0, 0) : (dy <= dz ? V(0, c.y >= 0 ? 1 : -1, 0) : V(0, 0, c.z >= 0 ? 1 : -1));
		}
		else
		{
			want = rad - len(sub(c, q));
			wantN = unit(sub(c, q));
		}
		npQuat qa = randomQuat();
		npTransform3 xa = makeXf(V(1, 1, 1), qa), xb = makeXf(xform(xa, c), randomQuat());
		r = npPenetration3(&a, xa, &b, xb);
		snprintf(name, sizeof name, "box-sphere %d", trial);
		CHECK(r.overlapping == (want >= 0), "%s: overlapping %d want %g", name, r.overlapping, want);
		if (want >= 0 && r.overlapping)
		{
			checkClose(name, r.depth, want, 1e-12);
			CHECK(angleBetween(r.normal, rotate(qa, wantN)) < 1e-9, "%s: normal", name);
		}
	}
	// Capsules: crossing (depth rA + rB along the common perpendicular), parallel and apart.
	for (int trial = 0; trial < 100; ++trial)
	{
		double ha = rndRange(0.2, 1), hb = rndRange(0.2, 1), ra = rndRange(0.1, 0.5), rb = rndRange(0.1, 0.5);
		npMakeCapsule3(ha, ra, &a);
		npMakeCapsule3(hb, rb, &b);
		npTransform3 xa = makeXf(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)), randomQuat());
		npTransform3 xb = makeXf(add(xa.p, V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1))), randomQuat());
		npVec3 a0 = xform(xa, V(0, -ha, 0)), a1 = xform(xa, V(0, ha, 0));
		npVec3 b0 = xform(xb, V(0, -hb, 0)), b1 = xform(xb, V(0, hb, 0));
		double d = sqrt(segSeg(a0, a1, b0, b1));
		r = npPenetration3(&a, xa, &b, xb);
		npDistanceResult3 dr = npDistance3(&a, xa, &b, xb);
		snprintf(name, sizeof name, "capsule-capsule %d", trial);
		double want = ra + rb - d;
		CHECK(r.overlapping == (want >= 0), "%s: overlapping", name);
		if (want >= 0 && d > 1e-9)
			checkClose(name, r.depth, want, 1e-12);
		if (want < 0)
			checkClose(name, dr.distance, -want, 1e-12);
	}
	{
		npMakeCapsule3(1.0, 0.25, &a);
		npMakeCapsule3(1.0, 0.5, &b);
		// Crossing exactly at the centres: depth rA + rB along the common perpendicular (z).
		r = npPenetration3(&a, makeXf(V(0, 0, 0), id), &b, makeXf(V(0, 0, 0), (npQuat){ 0, 0, 0.70710678118654752, 0.70710678118654752 }));
		checkClose("crossing capsules", r.depth, 0.75, 1e-15);
		CHECK(fabs(fabs(r.normal.z) - 1) < 1e-15, "crossing capsules normal along z");
		// Collinear overlapping capsules: depth rA + rB.
		r = npPenetration3(&a, makeXf(V(0, 0, 0), id), &b, makeXf(V(0, 0.5, 0), id));
		checkClose("collinear capsules", r.depth, 0.75, 1e-15);
		CHECK(fabs(r.normal.y) < 1e-15, "collinear capsules: sideways normal");
		// Concentric spheres: depth rA + rB, a fixed normal (A's local +y).
		npMakeSphere(1, &a);
		npMakeSphere(2, &b);
		r = npPenetration3(&a, makeXf(V(5, 5, 5), id), &b, makeXf(V(5, 5, 5), id));
		checkClose("concentric spheres", r.depth, 3.0, 0);
		CHECK(r.normal.y == 1.0, "concentric spheres: +y");
		// A sphere centred in a triangle's plane, inside it: depth r along the plane normal.
		npMakeTriangle3(V(-1, -1, 0), V(2, -1, 0), V(-1, 2, 0), &a);
		npMakeSphere(0.3, &b);
		r = npPenetration3(&a, makeXf(V(0, 0, 0), id), &b, makeXf(V(0, 0, 0), id));
		checkClose("sphere centred in triangle", r.depth, 0.3, 1e-15);
		CHECK(fabs(fabs(r.normal.z) - 1) < 1e-15, "sphere centred in triangle: plane normal");
		r = npPenetration3(&a, makeXf(V(0, 0, 0), id), &b, makeXf(V(0, 0, -0.1), id));
		checkClose("sphere below triangle", r.depth, 0.2, 1e-15);
		CHECK(r.normal.z == -1.0, "sphere below triangle: normal -z, got %g", r.normal.z);
	}

	checkOrderKeysAndScan();
	return checkSummary();
}
