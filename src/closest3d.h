// Closest points between points, segments and triangles in 3D (private header, inline: the callers
// are inner loops of the manifold, mesh-contact and GJK code).
//
//  - npClosestOnSegment3: the point of a segment nearest a point (the projection, clamped).
//  - npClosestSegments3: the parameters of the closest points of two segments (Ericson, "Real-Time
//    Collision Detection", 5.1.9). Parallel segments (a e - b^2 <= 1e-14 a e, where the
//    unclamped solution is a ratio of rounding errors) take s = 0 and let the clamps settle t;
//    either segment may be a point.
//  - npClosestOnTriangleFeature3: the point of a triangle nearest a point and the feature it lies
//    on (face, edge k from vertex k to k + 1, or vertex k), by Ericson's region tests on dot
//    products (5.1.5). The face region's point is the projection along the caller's unit normal,
//    so that contacts measured against a stored triangle normal agree with it bit for bit.
//  - npTriangleSignedAreas3: the signed-area test of Montanari, Petrinic and Barbieri ("Improving
//    the GJK algorithm for faster and more reliable distance queries between convex objects", ACM
//    TOG 36(3), 2017, the S2D step): the barycentric areas of the origin's projection onto the
//    triangle's plane, from coordinate differences in the coordinate plane where the triangle's
//    shadow is largest. Unlike the region tests, it finds the right region on slivers (the
//    Minkowski difference of nearly parallel edges), which GJK needs; a query point q is handled
//    by passing the vertices minus q.
#ifndef NP_CLOSEST3D_H
#define NP_CLOSEST3D_H

#include "vec3.h"

#include <float.h>
#include <stdbool.h>

// Twice the area vector of triangle abc, from the two edges meeting at the vertex opposite the
// longest edge: the best-conditioned cross product (its rounding is relative to the area).
static inline npVec3 npTriangleCross3(npVec3 a, npVec3 b, npVec3 c)
{
	npVec3 ab = v3Sub(b, a), bc = v3Sub(c, b), ca = v3Sub(a, c);
	double lab = v3LengthSq(ab), lbc = v3LengthSq(bc), lca = v3LengthSq(ca);
	if (lab >= lbc && lab >= lca)
		return v3Cross(bc, ca); // vertex c is opposite the longest edge ab
	if (lbc >= lca)
		return v3Cross(ca, ab); // vertex a
	return v3Cross(ab, bc);     // vertex b
}

/// t clamped to [0, 1].
static inline double npClamp01(double t) { return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t); }

/// Closest point to p on segment [a, b] (a itself for a degenerate segment).
static inline npVec3 npClosestOnSegment3(npVec3 a, npVec3 b, npVec3 p)
{
	npVec3 ab = v3Sub(b, a);
	double dd = v3Dot(ab, ab);
	if (dd <= 0.0)
		return a;
	double t = v3Dot(v3Sub(p, a), ab) / dd;
	t = npClamp01(t);
	return v3MulAdd(a, t, ab);
}

/// Closest points between segments p1 + s (q1 - p1) and p2 + t (q2 - p2), s and t in [0, 1]: writes
/// s and t (Ericson 5.1.9, with the parallel case clamped).
static inline void npClosestSegments3(npVec3 p1, npVec3 q1, npVec3 p2, npVec3 q2, double* s, double* t)
{
	npVec3 d1 = v3Sub(q1, p1), d2 = v3Sub(q2, p2), r = v3Sub(p1, p2);
	double a = v3Dot(d1, d1), e = v3Dot(d2, d2), f = v3Dot(d2, r);
	double ss = 0.0, tt = 0.0;
	if (a <= 0.0 && e <= 0.0)
	{
		*s = 0.0;
		*t = 0.0;
		return;
	}
	if (a <= 0.0)
		tt = npClamp01(f / e);
	else
	{
		double c = v3Dot(d1, r);
		if (e <= 0.0)
			ss = npClamp01(-c / a);
		else
		{
			double b = v3Dot(d1, d2);
			double denom = a * e - b * b;
			// Parallel (denominator ~ 0): any s works; take s = 0 and let the clamps settle t.
			if (denom > 1.0e-14 * a * e)
				ss = npClamp01((b * f - c * e) / denom);
			tt = (b * ss + f) / e;
			if (tt < 0.0)
			{
				tt = 0.0;
				ss = npClamp01(-c / a);
			}
			else if (tt > 1.0)
			{
				tt = 1.0;
				ss = npClamp01((b - c) / a);
			}
		}
	}
	*s = ss;
	*t = tt;
}

/// Feature of a triangle a closest point lies on (the values of npMeshFeature3).
typedef enum npTriangleFeature3
{
	NP_TRIANGLE_FACE3 = 0,   ///< the interior
	NP_TRIANGLE_EDGE3 = 1,   ///< edge k, from vertex k to vertex k + 1 (mod 3)
	NP_TRIANGLE_VERTEX3 = 2, ///< vertex k
} npTriangleFeature3;

typedef struct npTrianglePoint3
{
	npVec3 point;
	npTriangleFeature3 feature;
	int index; ///< edge or vertex k, 0 for the face
} npTrianglePoint3;

/// Closest point to p on triangle v[0] v[1] v[2] and its feature (Ericson 5.1.5). In the face region
/// the point is p moved along `normal` (the triangle's unit normal, either orientation) onto the
/// plane through v[0]. An edge whose ends coincide after rounding (a mesh triangle 2e-5 across
/// placed 1e12 from the origin) has zero length; its region test would divide 0 by 0, so it is
/// passed over, and the point falls to another edge, a vertex or the face.
static inline npTrianglePoint3 npClosestOnTriangleFeature3(npVec3 p, const npVec3 v[3], npVec3 normal)
{
	npVec3 a = v[0], b = v[1], c = v[2];
	npVec3 ab = v3Sub(b, a), ac = v3Sub(c, a), ap = v3Sub(p, a);
	double d1 = v3Dot(ab, ap), d2 = v3Dot(ac, ap);
	if (d1 <= 0.0 && d2 <= 0.0)
		return (npTrianglePoint3){ a, NP_TRIANGLE_VERTEX3, 0 };
	npVec3 bp = v3Sub(p, b);
	double d3 = v3Dot(ab, bp), d4 = v3Dot(ac, bp);
	if (d3 >= 0.0 && d4 <= d3)
		return (npTrianglePoint3){ b, NP_TRIANGLE_VERTEX3, 1 };
	double vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 && d1 > d3)
		return (npTrianglePoint3){ v3MulAdd(a, d1 / (d1 - d3), ab), NP_TRIANGLE_EDGE3, 0 };
	npVec3 cp = v3Sub(p, c);
	double d5 = v3Dot(ab, cp), d6 = v3Dot(ac, cp);
	if (d6 >= 0.0 && d5 <= d6)
		return (npTrianglePoint3){ c, NP_TRIANGLE_VERTEX3, 2 };
	double vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 && d2 > d6)
		return (npTrianglePoint3){ v3MulAdd(a, d2 / (d2 - d6), ac), NP_TRIANGLE_EDGE3, 2 };
	double va = d3 * d6 - d5 * d4;
	if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 && (d4 - d3) + (d5 - d6) > 0.0)
		return (npTrianglePoint3){ v3MulAdd(b, (d4 - d3) / ((d4 - d3) + (d5 - d6)), v3Sub(c, b)), NP_TRIANGLE_EDGE3, 1 };
	return (npTrianglePoint3){ v3MulAdd(p, -v3Dot(v3Sub(p, a), normal), normal), NP_TRIANGLE_FACE3, 0 };
}

/// Signed areas of the origin's projection onto the plane of triangle abc (Montanari et al. 2017,
/// S2D): area[i] is twice the signed area the projection makes with the edge opposite corner i, in
/// the coordinate plane where the triangle's shadow is largest (so the three are its barycentric
/// weights up to their sum), and inside[i] whether the projection is strictly on the triangle's
/// side of that edge (a zero area counts as beyond: the point is then on the edge's line). Returns
/// false, writing nothing, for a degenerate (collinear or overflowing) triangle.
static inline bool npTriangleSignedAreas3(npVec3 a, npVec3 b, npVec3 c, double area[3], bool inside[3])
{
	npVec3 n = v3Cross(v3Sub(b, a), v3Sub(c, a));
	double nn = v3LengthSq(n);
	double ax = fabs(n.x), ay = fabs(n.y), az = fabs(n.z);
	// Projection axis k: the largest component of n; (i, j) follow it cyclically, so the 2D cross
	// product of the projected edges is exactly n's k component.
	int k = (ax >= ay && ax >= az) ? 0 : (ay >= az ? 1 : 2);
	double mu = k == 0 ? n.x : (k == 1 ? n.y : n.z);
	if (!(nn > 0.0 && mu != 0.0 && nn <= DBL_MAX))
		return false;
	npVec3 p = v3Scale(v3Dot(a, n) / nn, n);
	npVec3 pa = v3Sub(a, p), pb = v3Sub(b, p), pc = v3Sub(c, p);
	double ai, aj, bi, bj, ci, cj;
	if (k == 0)
	{
		ai = pa.y, aj = pa.z, bi = pb.y, bj = pb.z, ci = pc.y, cj = pc.z;
	}
	else if (k == 1)
	{
		ai = pa.z, aj = pa.x, bi = pb.z, bj = pb.x, ci = pc.z, cj = pc.x;
	}
	else
	{
		ai = pa.x, aj = pa.y, bi = pb.x, bj = pb.y, ci = pc.x, cj = pc.y;
	}
	area[0] = bi * cj - bj * ci;
	area[1] = ci * aj - cj * ai;
	area[2] = ai * bj - aj * bi;
	for (int e = 0; e < 3; ++e)
		inside[e] = mu > 0.0 ? area[e] > 0.0 : area[e] < 0.0;
	return true;
}

/// |v|, and v / |v| into *unit when |v| > 0, also when |v|^2 leaves the normal range (|v| below
/// 1.5e-154): a point 1e-160 from a unit sphere's centre got a normal 1.00001 long. Such a v is
/// measured scaled by 2^600 (exact) and its length scaled back (closest2d.h has npLengthAndUnit2).
static inline double npLengthAndUnit3(npVec3 v, npVec3* unit)
{
	double sq = v3LengthSq(v);
	if (sq < DBL_MIN && (v.x != 0.0 || v.y != 0.0 || v.z != 0.0))
	{
		npVec3 big = v3Scale(0x1p600, v);
		double len = v3Length(big);
		*unit = v3Scale(1.0 / len, big);
		return len * 0x1p-600;
	}
	double len = sqrt(sq);
	if (len > 0.0)
		*unit = v3Scale(1.0 / len, v);
	return len;
}

#endif
