// 2D shapes: constructors, the convex hull, support points, deterministic sine/cosine.
#include "gjk2d.h"
#include "inputs.h"
#include "vec2.h"
#include "codesize.h"
#include "tiny.h"

#include <math.h>
#include <stddef.h>

NP_COLD const char* npResultString(npResult result)
{
	switch (result)
	{
		case NP_OK: return "ok";
		case NP_ERR_NON_FINITE: return "a number is NaN, infinite or larger than 1e12";
		case NP_ERR_DEGENERATE: return "too few distinct, non-collinear points";
		case NP_ERR_TOO_MANY_POINTS: return "too many points";
		case NP_ERR_INVALID_RADIUS: return "radius must be positive";
		case NP_ERR_INVALID_EXTENT: return "extents and lengths must be positive";
		case NP_ERR_INVALID_TRANSFORM: return "invalid transform";
		case NP_ERR_INVALID_ARGUMENT: return "invalid argument";
		case NP_ERR_CAPACITY: return "output buffer too small";
		case NP_ERR_OUT_OF_RANGE: return "index out of range";
	}
	return "unknown result code";
}

// (int64_t)x, defined for every x: a NaN or |x| >= 2^63 gives INT64_MIN, which is what x86-64's
// conversion and the wasm build's guarded one already returned (a plain cast is undefined behaviour
// there, e.g. for npMakeRot2(1e300) or npMakeRot2(NAN)).
static int64_t truncInt64(double x)
{
	return x > -9.2233720368547758e18 && x < 9.2233720368547758e18 ? (int64_t)x : INT64_MIN;
}

// Deterministic sine and cosine. libm's versions differ between the native C library and
// Emscripten's, which would break bit-identical results, so the angle is reduced by pi/2 in three
// parts (Cody-Waite) and both functions are evaluated by their Taylor series on [-pi/4, pi/4],
// where the truncation error of the terms used is below 1e-19.
npRot2 npMakeRot2(double angle)
{
	// pi/2 split into three parts whose leading parts have trailing zero bits, so k * part is exact.
	const double pio2_1 = 1.57079632673412561417e+00;
	const double pio2_2 = 6.07710050650619224932e-11;
	const double pio2_3 = 2.02226624879595063154e-21;
	const double invPio2 = 6.36619772367581382433e-01;

	// k = kf rounded half away from zero. Below 1e9 quarter turns (|angle| < 1.5e9) 32-bit
	// conversions give the same integers as the 64-bit ones and cost less in wasm, where each
	// float-to-integer conversion carries a range guard; the sign is applied to the integer (a
	// select, not a branch). That gives kf = +0.0 where the 64-bit form gives -0.0 (kf in
	// (-0.5, 0)), but then the angle is negative, not zero, and angle - (+-0.0) * part is the angle
	// either way, so r has the same bits.
	double kf = angle * invPio2;
	int quadrant;
	if (kf > -1.0e9 && kf < 1.0e9)
	{
		int32_t k = (int32_t)(fabs(kf) + 0.5);
		k = kf >= 0.0 ? k : -k;
		quadrant = k & 3;
		kf = (double)k;
	}
	else
	{
		kf = kf >= 0.0 ? (double)truncInt64(kf + 0.5) : -(double)truncInt64(-kf + 0.5);
		quadrant = (int)(truncInt64(kf) & 3);
	}
	double r = ((angle - kf * pio2_1) - kf * pio2_2) - kf * pio2_3;

	double r2 = r * r;
	// sin r = r - r^3/3! + ... - r^15/15! ; cos r = 1 - r^2/2! + ... + r^16/16!
	double s = r * (1.0 + r2 * (-1.0 / 6.0 + r2 * (1.0 / 120.0 + r2 * (-1.0 / 5040.0 + r2 * (1.0 / 362880.0 +
			   r2 * (-1.0 / 39916800.0 + r2 * (1.0 / 6227020800.0 + r2 * (-1.0 / 1307674368000.0))))))));
	double c = 1.0 + r2 * (-0.5 + r2 * (1.0 / 24.0 + r2 * (-1.0 / 720.0 + r2 * (1.0 / 40320.0 +
			   r2 * (-1.0 / 3628800.0 + r2 * (1.0 / 479001600.0 + r2 * (-1.0 / 87178291200.0 +
			   r2 * (1.0 / 20922789888000.0))))))));

	// (A switch: selects for the quadrant measured slower, natively and in wasm.)
	npRot2 q;
	switch (quadrant)
	{
		case 0: q = (npRot2){ c, s }; break;
		case 1: q = (npRot2){ -s, c }; break;
		case 2: q = (npRot2){ -c, -s }; break;
		default: q = (npRot2){ s, -c }; break;
	}
	return q;
}

npTransform2 npMakeTransform2(double x, double y, double angle)
{
	return (npTransform2){ { x, y }, npMakeRot2(angle) };
}

npResult npValidateTransform2(npTransform2 xf)
{
	if (!npIsUsable(xf.p.x) || !npIsUsable(xf.p.y) || !npIsUsable(xf.q.c) || !npIsUsable(xf.q.s))
		return NP_ERR_NON_FINITE;
	double lenSq = xf.q.c * xf.q.c + xf.q.s * xf.q.s;
	if (npAbs(lenSq - 1.0) > 2.0e-6)
		return NP_ERR_INVALID_TRANSFORM;
	return NP_OK;
}

static void clearShape(npShape2* out, npShapeType2 type)
{
	out->type = type;
	out->count = 0;
	out->radius = 0.0;
	out->halfExtents = v2(0.0, 0.0);
	out->centroid = v2(0.0, 0.0);
	for (int i = 0; i < NP_MAX_POLYGON_VERTICES; ++i)
	{
		out->vertices[i] = v2(0.0, 0.0);
		out->normals[i] = v2(0.0, 0.0);
	}
}

NP_COLD npResult npMakeCircle(double radius, npShape2* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsable(radius))
		return NP_ERR_NON_FINITE;
	if (!(radius > 0.0))
		return NP_ERR_INVALID_RADIUS;
	clearShape(out, NP_SHAPE_CIRCLE);
	out->count = 1;
	out->radius = radius;
	return NP_OK;
}

NP_COLD npResult npMakeCapsule2(double halfLength, double radius, npShape2* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsable(halfLength) || !npIsUsable(radius))
		return NP_ERR_NON_FINITE;
	if (!(halfLength > 0.0))
		return NP_ERR_INVALID_EXTENT;
	if (!(radius > 0.0))
		return NP_ERR_INVALID_RADIUS;
	clearShape(out, NP_SHAPE_CAPSULE2);
	out->count = 2;
	out->radius = radius;
	out->vertices[0] = v2(-halfLength, 0.0);
	out->vertices[1] = v2(halfLength, 0.0);
	// A two-vertex polygon: edge 0 runs along the bottom, edge 1 back along the top.
	out->normals[0] = v2(0.0, -1.0);
	out->normals[1] = v2(0.0, 1.0);
	return NP_OK;
}

NP_COLD npResult npMakeBox2(double halfWidth, double halfHeight, npShape2* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsable(halfWidth) || !npIsUsable(halfHeight))
		return NP_ERR_NON_FINITE;
	if (!(halfWidth > 0.0) || !(halfHeight > 0.0))
		return NP_ERR_INVALID_EXTENT;
	clearShape(out, NP_SHAPE_BOX2);
	out->count = 4;
	out->halfExtents = v2(halfWidth, halfHeight);
	out->vertices[0] = v2(-halfWidth, -halfHeight);
	out->vertices[1] = v2(halfWidth, -halfHeight);
	out->vertices[2] = v2(halfWidth, halfHeight);
	out->vertices[3] = v2(-halfWidth, halfHeight);
	out->normals[0] = v2(0.0, -1.0);
	out->normals[1] = v2(1.0, 0.0);
	out->normals[2] = v2(0.0, 1.0);
	out->normals[3] = v2(-1.0, 0.0);
	return NP_OK;
}

// Lexicographic order for the monotone chain.
NP_COLD static bool lessXY(npVec2 a, npVec2 b)
{
	return a.x < b.x || (a.x == b.x && a.y < b.y);
}

// In-place heap sort: bounded, allocation-free and deterministic (qsort's order of equal keys is
// unspecified, and it is not guaranteed to be the same code in every C library).
NP_COLD static void sortPoints(npVec2* p, int n)
{
	for (int start = n / 2 - 1; start >= 0; --start)
	{
		int root = start;
		for (;;)
		{
			int child = 2 * root + 1;
			if (child >= n)
				break;
			if (child + 1 < n && lessXY(p[child], p[child + 1]))
				child += 1;
			if (!lessXY(p[root], p[child]))
				break;
			npVec2 t = p[root]; p[root] = p[child]; p[child] = t;
			root = child;
		}
	}
	for (int end = n - 1; end > 0; --end)
	{
		npVec2 t = p[0]; p[0] = p[end]; p[end] = t;
		int root = 0;
		for (;;)
		{
			int child = 2 * root + 1;
			if (child >= end)
				break;
			if (child + 1 < end && lessXY(p[child], p[child + 1]))
				child += 1;
			if (!lessXY(p[root], p[child]))
				break;
			npVec2 s = p[root]; p[root] = p[child]; p[child] = s;
			root = child;
		}
	}
}

// Signed distance of p to the left of the line a->b; -1 when a and b coincide (so b is dropped).
NP_COLD static double leftDistance(npVec2 a, npVec2 b, npVec2 p)
{
	npVec2 ab = v2Sub(b, a);
	double len = v2Length(ab);
	return len > 0.0 ? v2Cross(ab, v2Sub(p, a)) / len : -1.0;
}

// Andrew's monotone chain. A vertex is kept only when the chain turns left there by more than
// `tolerance` (a distance), which drops duplicates and collinear or nearly collinear points.
// `points` is sorted in place; `hull` needs room for 2n points. Returns the vertex count,
// counter-clockwise; fewer than 3 means the points are degenerate.
NP_COLD static int convexHull(npVec2* points, int n, double tolerance, npVec2* hull)
{
	sortPoints(points, n);
	int k = 0;
	for (int i = 0; i < n; ++i)
	{
		while (k >= 2 && leftDistance(hull[k - 2], hull[k - 1], points[i]) <= tolerance)
			--k;
		hull[k++] = points[i];
	}
	int lower = k + 1;
	for (int i = n - 2; i >= 0; --i)
	{
		while (k >= lower && leftDistance(hull[k - 2], hull[k - 1], points[i]) <= tolerance)
			--k;
		hull[k++] = points[i];
	}
	k -= 1; // the chain ends where it started

	// Remove vertices within tolerance of their predecessor (possible when points nearly coincide).
	int m = 0;
	for (int i = 0; i < k; ++i)
	{
		if (m > 0 && v2DistanceSq(hull[m - 1], hull[i]) <= tolerance * tolerance)
			continue;
		hull[m++] = hull[i];
	}
	while (m > 1 && v2DistanceSq(hull[m - 1], hull[0]) <= tolerance * tolerance)
		--m;

	// The chains never test the turn at their ends (the lowest-leftmost and highest-rightmost
	// points), which can be collinear within tolerance too: (0, 0) between (0, 1e-9) and (1e-300, -16).
	for (int i = 0; m >= 3 && i < m;)
	{
		if (leftDistance(hull[(i + m - 1) % m], hull[i], hull[(i + 1) % m]) > tolerance)
		{
			++i;
			continue;
		}
		for (int j = i; j + 1 < m; ++j)
			hull[j] = hull[j + 1];
		--m;
	}
	return m;
}

NP_COLD npResult npMakePolygon2(const npVec2* points, int count, double radius, npShape2* out)
{
	if (out == NULL || points == NULL || count < 0)
		return NP_ERR_INVALID_ARGUMENT;
	if (count > NP_MAX_POLYGON_INPUT)
		return NP_ERR_TOO_MANY_POINTS;
	if (!npIsUsable(radius))
		return NP_ERR_NON_FINITE;
	if (radius < 0.0)
		return NP_ERR_INVALID_RADIUS;
	double scale = 0.0;
	for (int i = 0; i < count; ++i)
	{
		if (!npIsUsable(points[i].x) || !npIsUsable(points[i].y))
			return NP_ERR_NON_FINITE;
		scale = npMax(scale, npMax(npAbs(points[i].x), npAbs(points[i].y)));
	}
	if (count < 3)
		return NP_ERR_DEGENERATE;

	// A tiny polygon (below 2^-200) is built scaled by steps of 2^250 (exact; tiny.h) and scaled back: the
	// hull's turn tests and the area multiply two lengths and the centroid three, which left the
	// normal range (a pentagon 1e-181 across was rejected as degenerate, one 1e-121 across got its
	// first vertex for a centroid).
	int up = 0;
	while (scale > 0.0 && scale < NP_TINY_PAIR2 && up < 5)
	{
		scale *= 0x1p250;
		++up;
	}
	npVec2 work[NP_MAX_POLYGON_INPUT];
	npVec2 hull[2 * NP_MAX_POLYGON_INPUT + 2];
	for (int i = 0; i < count; ++i)
		work[i] = up == 0 ? points[i] : v2TimesPow250(points[i], up);
	double tolerance = 1.0e-12 * npMax(scale, 1.0e-300);
	int n = convexHull(work, count, tolerance, hull);
	if (n < 3)
		return NP_ERR_DEGENERATE;
	if (n > NP_MAX_POLYGON_VERTICES)
		return NP_ERR_TOO_MANY_POINTS;

	clearShape(out, NP_SHAPE_POLYGON2);
	out->count = n;
	out->radius = radius;
	for (int i = 0; i < n; ++i)
		out->vertices[i] = hull[i];
	for (int i = 0; i < n; ++i)
	{
		npVec2 e = v2Sub(hull[i + 1 < n ? i + 1 : 0], hull[i]);
		out->normals[i] = v2Normalize(v2RightPerp(e));
	}

	// Area-weighted centroid, with triangles fanned from the first vertex to limit cancellation.
	npVec2 origin = hull[0];
	double area = 0.0;
	npVec2 c = v2(0.0, 0.0);
	for (int i = 1; i + 1 < n; ++i)
	{
		npVec2 e1 = v2Sub(hull[i], origin), e2 = v2Sub(hull[i + 1], origin);
		double a = 0.5 * v2Cross(e1, e2);
		area += a;
		c = v2MulAdd(c, a / 3.0, v2Add(e1, e2));
	}
	out->centroid = area > 0.0 ? v2Add(origin, v2Scale(1.0 / area, c)) : origin;
	if (up > 0)
	{
		for (int i = 0; i < n; ++i)
			out->vertices[i] = v2TimesPow250(out->vertices[i], -up);
		out->centroid = v2TimesPow250(out->centroid, -up);
	}
	return NP_OK;
}

npVec2 npSupport2(const npShape2* shape, npVec2 d) { return shape->vertices[npSupportIndex2(shape, d)]; }

NP_COLD int npMinkowskiDifference2(const npShape2* shapeA, npTransform2 xfA, const npShape2* shapeB,
						   npTransform2 xfB, npVec2* out, int capacity)
{
	if (shapeA == NULL || shapeB == NULL || out == NULL)
		return -1;
	npVec2 work[NP_MAX_POLYGON_VERTICES * NP_MAX_POLYGON_VERTICES];
	npVec2 hull[2 * NP_MAX_POLYGON_VERTICES * NP_MAX_POLYGON_VERTICES + 2];
	int n = 0;
	double scale = 0.0;
	for (int i = 0; i < shapeA->count; ++i)
	{
		npVec2 a = npTransformPoint2(xfA, shapeA->vertices[i]);
		for (int j = 0; j < shapeB->count; ++j)
		{
			npVec2 d = v2Sub(a, npTransformPoint2(xfB, shapeB->vertices[j]));
			work[n++] = d;
			scale = npMax(scale, npMax(npAbs(d.x), npAbs(d.y)));
		}
	}
	int count;
	if (n < 3)
	{
		count = n;
		for (int i = 0; i < n; ++i)
			hull[i] = work[i];
		if (n == 2 && v2DistanceSq(work[0], work[1]) == 0.0)
			count = 1;
	}
	else
	{
		count = convexHull(work, n, 1.0e-12 * npMax(scale, 1.0e-300), hull);
		if (count < 1)
		{
			count = 1;
			hull[0] = work[0];
		}
	}
	if (count > capacity)
		return -1;
	for (int i = 0; i < count; ++i)
		out[i] = hull[i];
	return count;
}
