// 3D GJK: overlap and distance between convex cores, with the radii added afterwards.
//
// The simplex solver follows the Voronoi-region approach of Ericson (Real-Time Collision
// Detection, 5.1): a segment by projection, a triangle by region tests on dot products (robust when
// the triangle is degenerate: it then falls back to its edges), a tetrahedron by testing which face
// planes separate the origin from the opposite vertex and keeping the closest of those faces.
// Termination (van den Bergen): stop when the new support point does not bring the lower bound
// v.w/|v| closer to |v| than a relative 1e-14, or when it repeats a simplex vertex (exact for
// polytope cores), with an iteration cap.
#include "gjk3d.h"

#include <float.h>
#include <stddef.h>

#define GJK3_MAX_ITERATIONS 64

static npCoreKind3 coreKind(const npShape3* shape)
{
	switch (shape->type)
	{
		case NP_SHAPE_SPHERE: return NP_CORE_POINT;
		case NP_SHAPE_CAPSULE3: return NP_CORE_SEGMENT;
		case NP_SHAPE_BOX3: return NP_CORE_BOX;
		default: return NP_CORE_VERTICES;
	}
}

void npMakePair3(npPair3* pair, const npShape3* a, npTransform3 xfA, const npShape3* b, npTransform3 xfB)
{
	pair->shapeA = a;
	pair->shapeB = b;
	pair->xfB = npInvMulTransforms3(xfA, xfB);
	npQuat q = pair->xfB.q;
	double xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
	double xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
	double wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
	pair->rot[0][0] = 1.0 - 2.0 * (yy + zz);
	pair->rot[0][1] = 2.0 * (xy - wz);
	pair->rot[0][2] = 2.0 * (xz + wy);
	pair->rot[1][0] = 2.0 * (xy + wz);
	pair->rot[1][1] = 1.0 - 2.0 * (xx + zz);
	pair->rot[1][2] = 2.0 * (yz - wx);
	pair->rot[2][0] = 2.0 * (xz - wy);
	pair->rot[2][1] = 2.0 * (yz + wx);
	pair->rot[2][2] = 1.0 - 2.0 * (xx + yy);
	npMakePolyhedron3(a, &pair->polyA);
	npMakePolyhedron3(b, &pair->polyB);
	pair->kindA = coreKind(a);
	pair->kindB = coreKind(b);
}

// Index of a core's vertex farthest along d, by the shape's type (the same rule as npCoreSupport3;
// kept as a small function of its own, which gcc compiles into faster GJK code than the inline
// switch, about 4 % on hull distance queries).
static int supportIndex(const npShape3* shape, const npPolyhedron3* poly, npVec3 d)
{
	switch (shape->type)
	{
		case NP_SHAPE_SPHERE:
			return 0;
		case NP_SHAPE_CAPSULE3:
			return d.y >= 0.0 ? 1 : 0;
		case NP_SHAPE_BOX3:
			return (d.x >= 0.0 ? 1 : 0) | (d.y >= 0.0 ? 2 : 0) | (d.z >= 0.0 ? 4 : 0);
		default:
			return npPolyhedronSupportXYZ3(poly, d.x, d.y, d.z);
	}
}

npSupportPoint3 npSupportPair3(const npPair3* pair, npVec3 d)
{
	npSupportPoint3 s;
	s.indexA = supportIndex(pair->shapeA, &pair->polyA, d);
	s.indexB = supportIndex(pair->shapeB, &pair->polyB, npPairDirToB(pair, v3Neg(d)));
	s.wA = pair->polyA.vertices[s.indexA];
	s.wB = npPairVertexB(pair, s.indexB);
	s.w = v3Sub(s.wA, s.wB);
	return s;
}

// Segment s[0] s[1]: closest point to the origin.
static int solve2(npSupportPoint3* s, double* weights)
{
	npVec3 a = s[0].w, b = s[1].w, e = v3Sub(b, a);
	double u = v3Dot(b, e);  // weight of a, unnormalised
	double v = -v3Dot(a, e); // weight of b
	if (v <= 0.0)
	{
		weights[0] = 1.0;
		return 1;
	}
	if (u <= 0.0)
	{
		s[0] = s[1];
		weights[0] = 1.0;
		return 1;
	}
	double inv = 1.0 / (u + v);
	weights[0] = u * inv;
	weights[1] = v * inv;
	return 2;
}

static double weightedLengthSq(const npSupportPoint3* s, const double* weights, int count)
{
	npVec3 v = v3(0.0, 0.0, 0.0);
	for (int i = 0; i < count; ++i)
		v = v3MulAdd(v, weights[i], s[i].w);
	return v3LengthSq(v);
}

int npClosestOnTriangle3(npSupportPoint3* s, double* weights)
{
	npVec3 a = s[0].w, b = s[1].w, c = s[2].w;
	npVec3 ab = v3Sub(b, a), ac = v3Sub(c, a);
	double d1 = -v3Dot(ab, a), d2 = -v3Dot(ac, a);
	if (d1 <= 0.0 && d2 <= 0.0)
	{
		weights[0] = 1.0;
		return 1;
	}
	double d3 = -v3Dot(ab, b), d4 = -v3Dot(ac, b);
	if (d3 >= 0.0 && d4 <= d3)
	{
		s[0] = s[1];
		weights[0] = 1.0;
		return 1;
	}
	double vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0)
	{
		double t = d1 / (d1 - d3);
		weights[0] = 1.0 - t;
		weights[1] = t;
		return 2;
	}
	double d5 = -v3Dot(ab, c), d6 = -v3Dot(ac, c);
	if (d6 >= 0.0 && d5 <= d6)
	{
		s[0] = s[2];
		weights[0] = 1.0;
		return 1;
	}
	double vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0)
	{
		double t = d2 / (d2 - d6);
		s[1] = s[2];
		weights[0] = 1.0 - t;
		weights[1] = t;
		return 2;
	}
	double va = d3 * d6 - d5 * d4;
	if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0)
	{
		double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
		s[0] = s[1];
		s[1] = s[2];
		weights[0] = 1.0 - t;
		weights[1] = t;
		return 2;
	}
	double denom = va + vb + vc;
	if (denom > 0.0)
	{
		double inv = 1.0 / denom;
		weights[0] = va * inv;
		weights[1] = vb * inv;
		weights[2] = vc * inv;
		return 3;
	}
	// Degenerate (collinear) triangle: the best of its three edges.
	npSupportPoint3 best[2], e[2];
	double bestW[2] = { 1.0, 0.0 }, w[2];
	int bestCount = 0;
	double bestDist = DBL_MAX;
	const int pairs[3][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 } };
	for (int k = 0; k < 3; ++k)
	{
		e[0] = s[pairs[k][0]];
		e[1] = s[pairs[k][1]];
		int n = solve2(e, w);
		double d = weightedLengthSq(e, w, n);
		if (d < bestDist)
		{
			bestDist = d;
			bestCount = n;
			best[0] = e[0];
			best[1] = e[1];
			bestW[0] = w[0];
			bestW[1] = n > 1 ? w[1] : 0.0;
		}
	}
	s[0] = best[0];
	s[1] = best[1];
	weights[0] = bestW[0];
	weights[1] = bestW[1];
	return bestCount;
}

// Tetrahedron: 4 when the origin is inside (or on) it, else the closest face's reduction.
static int solve4(npSupportPoint3* s, double* weights)
{
	static const int faces[4][4] = { { 0, 1, 2, 3 }, { 0, 2, 3, 1 }, { 0, 3, 1, 2 }, { 1, 3, 2, 0 } };
	npVec3 a = s[0].w;
	npVec3 e1 = v3Sub(s[1].w, a), e2 = v3Sub(s[2].w, a), e3 = v3Sub(s[3].w, a);
	double det = v3Dot(e1, v3Cross(e2, e3));
	// Degenerate when |det| <= 1e-13 |e1| |e2| |e3|, compared as squares (no square roots).
	double sizeSq = v3LengthSq(e1) * v3LengthSq(e2) * v3LengthSq(e3);
	bool degenerate = !(det * det > 1.0e-26 * sizeSq);
	bool outside[4];
	bool any = false;
	for (int f = 0; f < 4; ++f)
	{
		npVec3 p = s[faces[f][0]].w, q = s[faces[f][1]].w, r = s[faces[f][2]].w, o = s[faces[f][3]].w;
		npVec3 n = v3Cross(v3Sub(q, p), v3Sub(r, p));
		double so = -v3Dot(p, n), sd = v3Dot(v3Sub(o, p), n);
		outside[f] = degenerate || so * sd < 0.0;
		any = any || outside[f];
	}
	if (!any)
	{
		// Inside: barycentric weights of the origin (ratios of signed volumes, clamped against
		// rounding), so the weighted points of A and of B coincide at a point inside both.
		npVec3 o = v3Neg(a);
		double inv = 1.0 / det;
		double w1 = np3Max(0.0, v3Dot(o, v3Cross(e2, e3)) * inv);
		double w2 = np3Max(0.0, v3Dot(e1, v3Cross(o, e3)) * inv);
		double w3 = np3Max(0.0, v3Dot(e1, v3Cross(e2, o)) * inv);
		double w0 = np3Max(0.0, 1.0 - w1 - w2 - w3);
		double sum = w0 + w1 + w2 + w3;
		weights[0] = w0 / sum;
		weights[1] = w1 / sum;
		weights[2] = w2 / sum;
		weights[3] = w3 / sum;
		return 4;
	}
	npSupportPoint3 best[3];
	double bestW[3] = { 1.0, 0.0, 0.0 };
	int bestCount = 0;
	double bestDist = DBL_MAX;
	for (int f = 0; f < 4; ++f)
	{
		if (!outside[f])
			continue;
		npSupportPoint3 t[3] = { s[faces[f][0]], s[faces[f][1]], s[faces[f][2]] };
		double w[3] = { 0.0, 0.0, 0.0 };
		int n = npClosestOnTriangle3(t, w);
		double d = weightedLengthSq(t, w, n);
		if (d < bestDist)
		{
			bestDist = d;
			bestCount = n;
			for (int i = 0; i < 3; ++i)
			{
				best[i] = t[i];
				bestW[i] = i < n ? w[i] : 0.0;
			}
		}
	}
	for (int i = 0; i < 3; ++i)
	{
		s[i] = best[i];
		weights[i] = bestW[i];
	}
	return bestCount;
}

// Largest absolute coordinate of a support point's core points (for tolerances). Native compilers
// turn the double maxima into maxsd; in wasm they are taken on bit patterns (same value).
static inline double pointScale(const npSupportPoint3* s)
{
#if defined(__wasm__)
	return v3MaxAbs2Bits(s->wA, s->wB);
#else
	return np3Max(v3MaxAbs(s->wA), v3MaxAbs(s->wB));
#endif
}

void npGjk3(const npPair3* pair, double stopDistance, npGjkResult3* r)
{
	npVec3 d = pair->xfB.p;
	if (v3LengthSq(d) == 0.0)
		d = v3(1.0, 0.0, 0.0);
	r->simplex[0] = npSupportPair3(pair, d);
	r->weights[0] = 1.0;
	r->count = 1;
	r->overlap = false;
	r->early = false;
	r->scale = np3Max(pointScale(&r->simplex[0]), 1.0e-300);
	double previous = DBL_MAX;
	npVec3 v = r->simplex[0].w;
	int iteration = 0;
	for (; iteration < GJK3_MAX_ITERATIONS; ++iteration)
	{
		switch (r->count)
		{
			case 1: r->weights[0] = 1.0; break;
			case 2: r->count = solve2(r->simplex, r->weights); break;
			case 3: r->count = npClosestOnTriangle3(r->simplex, r->weights); break;
			default: r->count = solve4(r->simplex, r->weights); break;
		}
		if (r->count == 4)
		{
			r->overlap = true;
			break;
		}
		v = v3(0.0, 0.0, 0.0);
		for (int i = 0; i < r->count; ++i)
			v = v3MulAdd(v, r->weights[i], r->simplex[i].w);
		double vv = v3LengthSq(v);
		double tol = NP_REL_TOLERANCE3 * r->scale;
		if (vv <= tol * tol)
		{
			r->overlap = true; // the origin is on the simplex: touching
			break;
		}
		if (vv >= previous)
			break; // no progress (rounding): the current simplex is as close as it gets
		previous = vv;

		npSupportPoint3 s = npSupportPair3(pair, v3Neg(v));
		r->scale = np3Max(r->scale, pointScale(&s));
		double vw = v3Dot(v, s.w);
		// Every point x of A - B has x.v >= w.v: a separating plane at distance w.v / |v|.
		if (vw > 0.0 && vw * vw > stopDistance * stopDistance * vv)
		{
			r->early = true;
			break;
		}
		if (vv - vw <= 1.0e-14 * vv)
			break; // converged: w is no closer than v
		bool repeated = false;
		for (int i = 0; i < r->count; ++i)
			repeated = repeated || (r->simplex[i].indexA == s.indexA && r->simplex[i].indexB == s.indexB);
		if (repeated)
			break;
		r->simplex[r->count] = s;
		r->weights[r->count] = 0.0;
		r->count += 1;
	}
	r->iterations = iteration;
	npVec3 pa = v3(0.0, 0.0, 0.0), pb = v3(0.0, 0.0, 0.0);
	for (int i = 0; i < r->count; ++i)
	{
		pa = v3MulAdd(pa, r->weights[i], r->simplex[i].wA);
		pb = v3MulAdd(pb, r->weights[i], r->simplex[i].wB);
	}
	r->pointA = pa;
	r->pointB = pb;
	r->distance = r->overlap ? 0.0 : v3Length(v3Sub(pb, pa));
}

bool npOverlap3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB, npTransform3 xfB)
{
	npPair3 pair;
	npMakePair3(&pair, shapeA, xfA, shapeB, xfB);
	double radius = shapeA->radius + shapeB->radius;
	npGjkResult3 gjk;
	npGjk3(&pair, radius, &gjk);
	if (gjk.overlap)
		return true;
	if (gjk.early)
		return false;
	return gjk.distance <= radius;
}

npDistanceResult3 npDistance3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
							  npTransform3 xfB)
{
	npPair3 pair;
	npMakePair3(&pair, shapeA, xfA, shapeB, xfB);
	npGjkResult3 gjk;
	npGjk3(&pair, DBL_MAX, &gjk);
	npDistanceResult3 out;
	double rA = shapeA->radius, rB = shapeB->radius;
	out.iterations = gjk.iterations;
	out.normal = v3(0.0, 0.0, 0.0);
	npVec3 pa = gjk.pointA, pb = gjk.pointB;
	if (gjk.overlap || gjk.distance == 0.0)
	{
		out.distance = 0.0;
		pb = pa;
	}
	else if (gjk.distance <= rA + rB)
	{
		// Only the roundings overlap: a point inside both, splitting the core gap by the radii.
		npVec3 n = v3Scale(1.0 / gjk.distance, v3Sub(pb, pa));
		out.distance = 0.0;
		pa = v3MulAdd(pa, gjk.distance * (rA / (rA + rB)), n);
		pb = pa;
	}
	else
	{
		npVec3 n = v3Scale(1.0 / gjk.distance, v3Sub(pb, pa));
		out.distance = gjk.distance - rA - rB;
		pa = v3MulAdd(pa, rA, n);
		pb = v3MulAdd(pb, -rB, n);
		out.normal = npRotate3(xfA.q, n);
	}
	out.pointA = npTransformPoint3(xfA, pa);
	out.pointB = npTransformPoint3(xfA, pb);
	return out;
}
