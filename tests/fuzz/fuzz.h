// Shared decoder and convention checks for the libFuzzer harnesses (tests/fuzz/fuzz_*.c).
//
// Decoding. The fuzz bytes are read front to back; once they run out every read gives zero, so any
// input decodes to something. A number is chosen by a class byte: mostly moderate values (a 16-bit
// integer over 1024: about +-32, a scale where contacts happen), often a special from a fixed table
// (0, +-1, tiny, denormal, 1e-300, NP_HUGE and the doubles just inside and beyond it, 1e13, 1e300,
// infinities, NaN), sometimes raw IEEE bits, and sometimes a moderate value nudged by a few ulps or
// by 1e-9, which makes coincident, collinear and coplanar points that are *almost* exact. Point sets
// have modes of their own: repeated points, all points on a line, all on a plane, all coincident.
//
// Checks. A failed check prints what broke and aborts, which libFuzzer reports as a crash with the
// input saved. Results are only checked when every input was accepted (constructors returned NP_OK,
// transforms passed npValidateTransform2 / npMakeTransform3, margins finite, >= 0, <= NP_HUGE);
// rejected inputs must still not crash, hang or trip a sanitizer.
//
// Tolerances (why they are what they are):
//  - unit normals: |length - 1| <= 1e-9. A normal normalised in double precision is unit to a few
//    ulps (~1e-15); 1e-9 leaves room for a normal rotated by a transform whose quaternion is unit
//    to only ~1e-15 after npMakeTransform3, and flags anything that was never normalised.
//  - depth == dot(pointA - pointB, normal): |difference| <= FZ_REL * scale, scale = the largest
//    magnitude among the points' coordinates and the depth (plus the pose's own size, because a
//    point far from the origin carries that rounding). The points are world positions rotated and
//    translated from local frames, so each coordinate carries about 10 ulps of its magnitude; the
//    depth itself is usually computed in a local frame. FZ_REL = 1e-9 is a million ulps: generous
//    for rounding, and still far below any real mismatch (a wrong witness point is off by a
//    fraction of the shape's size). FZ_ABS (1e-280) only keeps denormal-sized inputs from
//    comparing rounding noise of zero.
//  - overlap vs distance / penetration: the queries decide touching with their own relative
//    tolerances (GJK's 1e-10 of the pair's scale), so near contact they may disagree by that much.
//    The harness only demands: overlap ==> distance <= FZ_REL * scale, and
//    distance > FZ_REL * scale ==> no overlap and no penetration deeper than FZ_REL * scale.
//  - 2D rotations: npValidateTransform2 accepts c^2 + s^2 within 2e-6 of 1 and the queries use the
//    rotation as given, so in 2D every tolerance above grows by that deviation (fzSlack).
//  - speculative contacts: depth >= -margin - FZ_REL * max(scale, 1).
//  - a known open bug can be checked with FZ_CHECK_KNOWN (fatal only with FZ_STRICT=1), so that
//    the fuzzers keep finding others while it is open (test_fuzz_regressions*.c hold it as an
//    expected failure; its seeds are named *-known in tests/fuzz/corpus/). None is open now: the
//    last three (GJK's tetrahedron weights on needles, penetration witnesses and face contacts on
//    hulls whose planes miss their corners) are fixed and checked by FZ_CHECK.
//
// The failures these checks found were off by 1e-7 of the scale or more (or NaN), far outside
// the tolerances; none was at the edge of one.
#ifndef NP_FUZZ_H
#define NP_FUZZ_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "narrowphase/narrowphase.h"

#include "../native/brutesupport.h"

#define FZ_REL 1.0e-9
#define FZ_ABS 1.0e-280
#define FZ_UNIT 1.0e-9

/// Extra relative slack for the current input: 2D rotations are accepted when c^2 + s^2 is within
/// 2e-6 of 1 (npValidateTransform2) and are used as given, so normals and points rotated by them
/// are off unit by as much; the 2D harness sets this to the transforms' |c^2 + s^2 - 1|.
static double fzSlack;

/// FZ_DUMP=1 in the environment makes the decoders print what they built, as C literals, so that a
/// failing input can be written out as a regression test (tests/native/test_fuzz_regressions*.c).
static int fzDumpFlag = -1;
static inline int fzDumping(void)
{
	if (fzDumpFlag < 0)
		fzDumpFlag = getenv("FZ_DUMP") != NULL;
	return fzDumpFlag;
}

/// A double as a C literal (rotating buffers, so a few can appear in one printf).
static inline const char* fzLit(double x)
{
	static char buf[16][40];
	static int next;
	char* b = buf[next++ & 15];
	if (isnan(x))
		snprintf(b, 40, "NAN");
	else if (isinf(x))
		snprintf(b, 40, x > 0 ? "INFINITY" : "-INFINITY");
	else
		snprintf(b, 40, "%.17g", x);
	return b;
}

#define FZ_DUMP(...)                                                                                                   \
	do                                                                                                                 \
	{                                                                                                                  \
		if (fzDumping())                                                                                               \
			fprintf(stderr, __VA_ARGS__);                                                                              \
	} while (0)

typedef struct FzIn
{
	const uint8_t* data;
	size_t size;
	size_t pos;
} FzIn;

static inline FzIn fzOpen(const uint8_t* data, size_t size) { return (FzIn){ data, size, 0 }; }

static inline uint8_t fzByte(FzIn* in) { return in->pos < in->size ? in->data[in->pos++] : 0; }

static inline uint32_t fzU32(FzIn* in)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; ++i)
		v = (v << 8) | fzByte(in);
	return v;
}

static inline uint64_t fzU64(FzIn* in) { return ((uint64_t)fzU32(in) << 32) | fzU32(in); }

/// An integer in lo..hi (inclusive).
static inline int fzInt(FzIn* in, int lo, int hi)
{
	uint32_t span = (uint32_t)(hi - lo) + 1u;
	uint32_t raw = span > 256u ? ((uint32_t)fzByte(in) << 8 | fzByte(in)) : fzByte(in);
	return lo + (int)(raw % span);
}

static inline double fzSpecial(uint8_t k)
{
	static const double table[] = {
		0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1.0e-300, -1.0e-300, 4.9406564584124654e-324, /* denormal */
		2.2250738585072014e-308, 1.0e-12, 1.0e-9, 1.0e-6, 1.0e6, 1.0e9,
		1.0e12, -1.0e12, 1.0000000000000002e12, -1.0000000000000002e12, 9.999999999999999e11, 1.0e13,
		-1.0e13, 1.0e300, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, NAN, 1.0e-15, 3.0, 0.1, 1.0e-3,
	};
	return table[k % (sizeof(table) / sizeof(table[0]))];
}

/// A number, any double (see the file head for the mix).
static inline double fzNumber(FzIn* in)
{
	uint8_t cls = fzByte(in);
	if (cls < 150)
		return (double)(int16_t)(fzByte(in) << 8 | fzByte(in)) / 1024.0;
	if (cls < 200)
		return fzSpecial(fzByte(in));
	if (cls < 215)
	{
		uint64_t bits = fzU64(in);
		double d;
		memcpy(&d, &bits, sizeof d);
		return d;
	}
	double base = (double)(int16_t)(fzByte(in) << 8 | fzByte(in)) / 1024.0;
	int nudge = (int8_t)fzByte(in);
	if (cls < 235)
		return base + nudge * 1.0e-9;
	for (int i = 0; i < (nudge < 0 ? -nudge : nudge) % 8; ++i)
		base = nextafter(base, nudge < 0 ? -INFINITY : INFINITY);
	return base;
}

/// A number that is mostly a usable size (positive, moderate), sometimes anything.
static inline double fzSize(FzIn* in)
{
	uint8_t cls = fzByte(in);
	if (cls < 200)
		return (1 + fzByte(in)) / 64.0;
	return fzNumber(in);
}

// Initializer lists are not sequenced in C: every read is its own statement.
static inline npVec2 fzVec2(FzIn* in)
{
	double x = fzNumber(in);
	return (npVec2){ x, fzNumber(in) };
}

static inline npVec3 fzVec3(FzIn* in)
{
	double x = fzNumber(in), y = fzNumber(in);
	return (npVec3){ x, y, fzNumber(in) };
}

/// A quaternion: identity, a random one (normalised by npMakeTransform3), axis-aligned quarter
/// turns, zero, slightly or grossly unnormalised, or any four numbers.
static inline npQuat fzQuat(FzIn* in)
{
	uint8_t mode = fzByte(in) % 8;
	switch (mode)
	{
		case 0: return (npQuat){ 0, 0, 0, 1 };
		case 1: return (npQuat){ 0, 0, 0, 0 };
		case 2: return (npQuat){ 0.7071067811865476, 0, 0, 0.7071067811865476 };
		case 3:
		{
			double s = fzNumber(in);
			return (npQuat){ 0.5 * s, 0.5 * s, 0.5 * s, 0.5 * s };
		}
		case 4: return (npQuat){ 0, 0, 0, 1.0 + fzInt(in, -100, 100) * 1.0e-7 };
		default:
		{
			double x = fzNumber(in), y = fzNumber(in), z = fzNumber(in);
			return (npQuat){ x, y, z, fzNumber(in) };
		}
	}
}

static inline npTransform2 fzTransform2(FzIn* in)
{
	npVec2 p = fzVec2(in);
	uint8_t mode = fzByte(in) % 4;
	npTransform2 xf;
	if (mode == 0)
		xf = (npTransform2){ p, { 1.0, 0.0 } };
	else if (mode == 1)
	{
		double c = fzNumber(in);
		xf = (npTransform2){ p, { c, fzNumber(in) } };
	}
	else
	{
		double angle = fzNumber(in);
		FZ_DUMP("npMakeTransform2(%s, %s, %s) =\n", fzLit(p.x), fzLit(p.y), fzLit(angle));
		xf = npMakeTransform2(p.x, p.y, angle);
	}
	FZ_DUMP("transform2 { { %s, %s }, { %s, %s } }\n", fzLit(xf.p.x), fzLit(xf.p.y), fzLit(xf.q.c), fzLit(xf.q.s));
	return xf;
}

/// Decodes a transform through npMakeTransform3; *ok tells whether it was accepted (when not, the
/// raw position and quaternion are returned, for the entry points that validate their own input).
static inline npTransform3 fzTransform3(FzIn* in, int* ok)
{
	npVec3 p = fzVec3(in);
	npQuat q = fzQuat(in);
	npTransform3 xf = { p, q };
	npResult r = npMakeTransform3(p, q, &xf);
	*ok = r == NP_OK;
	FZ_DUMP("npMakeTransform3({ %s, %s, %s }, { %s, %s, %s, %s }) = %d -> q { %s, %s, %s, %s }\n", fzLit(p.x),
			fzLit(p.y), fzLit(p.z), fzLit(q.x), fzLit(q.y), fzLit(q.z), fzLit(q.w), (int)r, fzLit(xf.q.x),
			fzLit(xf.q.y), fzLit(xf.q.z), fzLit(xf.q.w));
	return xf;
}

// ------------------------------------------------------------------------------------------------
// Checks

#define FZ_FAIL(...)                                                                                                   \
	do                                                                                                                 \
	{                                                                                                                  \
		fprintf(stderr, "FUZZ CHECK FAILED %s:%d: ", __FILE__, __LINE__);                                             \
		fprintf(stderr, __VA_ARGS__);                                                                                  \
		fprintf(stderr, "\n");                                                                                         \
		abort();                                                                                                       \
	} while (0)

#define FZ_CHECK(cond, ...)                                                                                            \
	do                                                                                                                 \
	{                                                                                                                  \
		if (!(cond))                                                                                                   \
			FZ_FAIL(__VA_ARGS__);                                                                                      \
	} while (0)

/// A check of a KNOWN OPEN BUG (each has an expected-failure case in
/// tests/native/test_fuzz_regressions*.c): fatal only with FZ_STRICT=1 in the environment, so that
/// `make fuzz` and the smoke pass keep looking for new bugs instead of stopping at a known one.
/// `FZ_STRICT=1 make fuzz` finds more inputs for it.
#define FZ_CHECK_KNOWN(cond, ...)                                                                                      \
	do                                                                                                                 \
	{                                                                                                                  \
		if (!(cond) && getenv("FZ_STRICT") != NULL)                                                                    \
			FZ_FAIL(__VA_ARGS__);                                                                                      \
	} while (0)

/// The smallest value of f(ctx, t) on [lo, hi] for f convex in t (a distance along a straight
/// motion): a ternary search of `steps` rounds, the ends included.
static inline double fzConvexMin(double (*f)(const void* ctx, double t), const void* ctx, double lo, double hi,
								 int steps)
{
	double best = fmin(f(ctx, lo), f(ctx, hi));
	for (int i = 0; i < steps && hi > lo; ++i)
	{
		double m1 = lo + (hi - lo) / 3.0, m2 = hi - (hi - lo) / 3.0;
		double d1 = f(ctx, m1), d2 = f(ctx, m2);
		best = fmin(best, fmin(d1, d2));
		if (d1 <= d2)
			hi = m2;
		else
			lo = m1;
	}
	return best;
}

/// The shapes' signed distance: their distance when apart, minus the penetration depth when they
/// overlap. The distance alone is 0 at any depth, which left "no contact before the answer" checks
/// with a target distance of 0 unable to see shapes passing into each other (a 2D time of impact
/// reported 'separated' for boxes that end inside each other). Convex along a straight motion (the
/// largest of u.p - h(u) over unit u, for the Minkowski difference's support h), like the distance.
static inline double fzSignedDistance2(const npShape2* a, npTransform2 xa, const npShape2* b, npTransform2 xb)
{
	double d = npDistance2(a, xa, b, xb).distance;
	if (d > 0.0)
		return d;
	npPenetrationResult2 p = npPenetration2(a, xa, b, xb, NULL);
	return p.overlapping ? -p.depth : 0.0;
}

static inline double fzSignedDistance3(const npShape3* a, npTransform3 xa, const npShape3* b, npTransform3 xb)
{
	double d = npDistance3(a, xa, b, xb).distance;
	if (d > 0.0)
		return d;
	npPenetrationResult3 p = npPenetration3(a, xa, b, xb);
	return p.overlapping ? -p.depth : 0.0;
}

static inline int fzIsCode(npResult r) { return (int)r >= NP_OK && (int)r <= NP_ERR_OUT_OF_RANGE; }

static inline double fzMax(double a, double b) { return a > b ? a : b; }
static inline double fzAbs2(npVec2 v) { return fzMax(fabs(v.x), fabs(v.y)); }
static inline double fzAbs3(npVec3 v) { return fzMax(fabs(v.x), fzMax(fabs(v.y), fabs(v.z))); }
static inline int fzFinite2(npVec2 v) { return isfinite(v.x) && isfinite(v.y); }
static inline int fzFinite3(npVec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

/// Widens fzSlack for a 2D transform the current input uses (see fzSlack); a rotation the library
/// rejects (non-finite, or off unit length by more than 2e-6) adds nothing.
static inline void fzAddSlack2(npTransform2 xf)
{
	double deviation = fabs(xf.q.c * xf.q.c + xf.q.s * xf.q.s - 1.0);
	if (deviation <= 2.0e-6)
		fzSlack = fzMax(fzSlack, deviation);
}

static inline void fzCheckUnit2(npVec2 n, const char* what)
{
	double len = sqrt(n.x * n.x + n.y * n.y);
	FZ_CHECK(fabs(len - 1.0) <= FZ_UNIT + fzSlack, "%s: normal (%.17g, %.17g) has length %.17g", what, n.x, n.y, len);
}

static inline void fzCheckUnit3(npVec3 n, const char* what)
{
	double len = sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
	FZ_CHECK(fabs(len - 1.0) <= FZ_UNIT, "%s: normal (%.17g, %.17g, %.17g) has length %.17g", what, n.x, n.y, n.z,
			 len);
}

/// depth == dot(pointA - pointB, normal) within FZ_REL of `scale` (see the file head).
static inline void fzCheckDepth2(npVec2 a, npVec2 b, npVec2 n, double depth, double scale, const char* what)
{
	double d = (a.x - b.x) * n.x + (a.y - b.y) * n.y;
	double s = fzMax(scale, fzMax(fzAbs2(a), fzMax(fzAbs2(b), fabs(depth))));
	FZ_CHECK(fabs(d - depth) <= (FZ_REL + 2.0 * fzSlack) * s + FZ_ABS,
			 "%s: depth %.17g but dot(pointA - pointB, normal) = %.17g", what, depth, d);
}

static inline void fzCheckDepth3(npVec3 a, npVec3 b, npVec3 n, double depth, double scale, const char* what)
{
	double d = (a.x - b.x) * n.x + (a.y - b.y) * n.y + (a.z - b.z) * n.z;
	double s = fzMax(scale, fzMax(fzAbs3(a), fzMax(fzAbs3(b), fabs(depth))));
	FZ_CHECK(fabs(d - depth) <= FZ_REL * s + FZ_ABS, "%s: depth %.17g but dot(pointA - pointB, normal) = %.17g", what,
			 depth, d);
}

/// A margin: usually small and valid, sometimes anything. *ok: finite, >= 0 and <= NP_HUGE.
static inline double fzMargin(FzIn* in, int* ok)
{
	uint8_t cls = fzByte(in);
	double m = cls < 100 ? 0.0 : cls < 200 ? fzByte(in) / 256.0 : fzNumber(in);
	*ok = m >= 0.0 && m <= NP_HUGE;
	FZ_DUMP("margin %s\n", fzLit(m));
	return m;
}

// ------------------------------------------------------------------------------------------------
// Shapes

/// Point sets for polygons and hulls: each point is fresh, a repeat of an earlier one, or (in
/// the line / plane / point modes) placed on a line, plane or single point.
static inline void fzPoints3(FzIn* in, npVec3* pts, int count)
{
	uint8_t mode = fzByte(in) % 6;
	npVec3 o = fzVec3(in), u = fzVec3(in), v = fzVec3(in);
	for (int i = 0; i < count; ++i)
	{
		uint8_t pick = fzByte(in);
		if (i > 0 && pick >= 224)
		{
			pts[i] = pts[fzInt(in, 0, i - 1)];
			continue;
		}
		double s = fzNumber(in), t = fzNumber(in);
		switch (mode)
		{
			case 0: // line
				pts[i] = (npVec3){ o.x + s * u.x, o.y + s * u.y, o.z + s * u.z };
				break;
			case 1: // plane
				pts[i] = (npVec3){ o.x + s * u.x + t * v.x, o.y + s * u.y + t * v.y, o.z + s * u.z + t * v.z };
				break;
			case 2: // one point
				pts[i] = o;
				break;
			default:
			{
				double z = fzNumber(in);
				pts[i] = (npVec3){ s, t, z };
				break;
			}
		}
	}
}

static inline void fzPoints2(FzIn* in, npVec2* pts, int count)
{
	uint8_t mode = fzByte(in) % 5;
	npVec2 o = fzVec2(in), u = fzVec2(in);
	for (int i = 0; i < count; ++i)
	{
		uint8_t pick = fzByte(in);
		if (i > 0 && pick >= 224)
		{
			pts[i] = pts[fzInt(in, 0, i - 1)];
			continue;
		}
		double s = fzNumber(in);
		if (mode == 0)
			pts[i] = (npVec2){ o.x + s * u.x, o.y + s * u.y };
		else if (mode == 1)
			pts[i] = o;
		else
		{
			double t = fzNumber(in);
			pts[i] = (npVec2){ s, t };
		}
	}
}

static inline int fzIsShapeCode(npResult r)
{
	return r == NP_OK || r == NP_ERR_NON_FINITE || r == NP_ERR_DEGENERATE || r == NP_ERR_TOO_MANY_POINTS ||
		   r == NP_ERR_INVALID_RADIUS || r == NP_ERR_INVALID_EXTENT || r == NP_ERR_INVALID_ARGUMENT;
}

/// Decodes and builds a 2D shape; returns the constructor's result.
static inline npResult fzShape2(FzIn* in, npShape2* out)
{
	memset(out, 0, sizeof *out);
	npResult r;
	switch (fzByte(in) % 4)
	{
		case 0: r = npMakeCircle(fzSize(in), out); break;
		case 1:
		{
			double h = fzSize(in);
			r = npMakeCapsule2(h, fzSize(in), out);
			break;
		}
		case 2:
		{
			double w = fzSize(in);
			r = npMakeBox2(w, fzSize(in), out);
			break;
		}
		default:
		{
			static npVec2 pts[NP_MAX_POLYGON_INPUT + 1];
			uint8_t c = fzByte(in);
			int count = c < 240 ? c % 12 : c < 250 ? 60 + c % 10 : c == 250 ? NP_MAX_POLYGON_INPUT + 1 : 200;
			fzPoints2(in, pts, count);
			double radius = fzByte(in) < 128 ? 0.0 : fzSize(in);
			r = npMakePolygon2(pts, count, radius, out);
			FZ_DUMP("npMakePolygon2(%d points, radius %s):\n", count, fzLit(radius));
			for (int i = 0; i < count; ++i)
				FZ_DUMP("  { %s, %s },\n", fzLit(pts[i].x), fzLit(pts[i].y));
			break;
		}
	}
	FZ_CHECK(fzIsShapeCode(r), "2D constructor returned undocumented code %d", (int)r);
	FZ_DUMP("shape2 type %d count %d radius %s halfExtents { %s, %s } -> %d\n", (int)out->type, out->count,
			fzLit(out->radius), fzLit(out->halfExtents.x), fzLit(out->halfExtents.y), (int)r);
	for (int i = 0; r == NP_OK && i < out->count; ++i)
		FZ_DUMP("  vertex { %s, %s }\n", fzLit(out->vertices[i].x), fzLit(out->vertices[i].y));
	return r;
}

/// Size of a 2D shape (largest core coordinate plus radius), for tolerances.
static inline double fzShapeScale2(const npShape2* s)
{
	double m = s->radius;
	for (int i = 0; i < s->count; ++i)
		m = fzMax(m, fzAbs2(s->vertices[i]) + s->radius);
	return m;
}

/// Decodes and builds a 3D shape; hull shapes are built into `hull`. Returns the result.
static inline npResult fzShape3(FzIn* in, npShape3* out, npHull3* hull)
{
	memset(out, 0, sizeof *out);
	npResult r;
	switch (fzByte(in) % 5)
	{
		case 0: r = npMakeSphere(fzSize(in), out); break;
		case 1:
		{
			double h = fzSize(in);
			r = npMakeCapsule3(h, fzSize(in), out);
			break;
		}
		case 2:
		{
			double x = fzSize(in), y = fzSize(in);
			r = npMakeBox3((npVec3){ x, y, fzSize(in) }, out);
			break;
		}
		case 3:
		{
			npVec3 p[3];
			fzPoints3(in, p, 3);
			r = npMakeTriangle3(p[0], p[1], p[2], out);
			for (int i = 0; i < 3; ++i)
				FZ_DUMP("triangle vertex { %s, %s, %s }\n", fzLit(p[i].x), fzLit(p[i].y), fzLit(p[i].z));
			break;
		}
		default:
		{
			static npVec3 pts[NP_MAX_HULL_INPUT + 1];
			uint8_t c = fzByte(in);
			int count = c < 240 ? c % 24 : c < 250 ? 300 : c == 250 ? NP_MAX_HULL_INPUT + 1 : 64;
			fzPoints3(in, pts, count);
			FZ_DUMP("npMakeHull3(%d points):\n", count);
			for (int i = 0; i < count; ++i)
				FZ_DUMP("  { %s, %s, %s },\n", fzLit(pts[i].x), fzLit(pts[i].y), fzLit(pts[i].z));
			r = npMakeHull3(pts, count, hull);
			FZ_DUMP("  = %d\n", (int)r);
			FZ_CHECK(fzIsShapeCode(r), "npMakeHull3 returned undocumented code %d", (int)r);
			if (r == NP_OK)
			{
				FZ_CHECK(hull->vertexCount >= 3 && hull->vertexCount <= NP_MAX_HULL_VERTICES, "hull vertexCount %d",
						 hull->vertexCount);
				for (int i = 0; i < hull->vertexCount; ++i)
					FZ_CHECK(fzFinite3(hull->vertices[i]), "hull vertex %d not finite", i);
				for (int i = 0; i < hull->faceCount; ++i)
					fzCheckUnit3(hull->planes[i].normal, "hull plane");
				r = npMakeHullShape3(hull, out);
			}
			break;
		}
	}
	FZ_CHECK(fzIsShapeCode(r), "3D constructor returned undocumented code %d", (int)r);
	FZ_DUMP("shape3 type %d radius %s halfHeight %s halfExtents { %s, %s, %s } -> %d\n", (int)out->type,
			fzLit(out->radius), fzLit(out->halfHeight), fzLit(out->halfExtents.x), fzLit(out->halfExtents.y),
			fzLit(out->halfExtents.z), (int)r);
	return r;
}

/// A small triangle mesh for the mesh query harnesses: 3..maxV points (fzPoints3), 1..maxT triangles
/// of in-range indices, and a weld tolerance (0, or with `weldByte` k * 1e-4 from one more byte,
/// else 1e-6), built into `memory` (bytes, 16-aligned). NULL when npMakeMesh3 refuses it.
static inline npMesh3* fzSmallMesh3(FzIn* in, int maxV, int maxT, int weldByte, void* memory, size_t bytes)
{
	npVec3 vertices[64];
	int32_t indices[3 * 64];
	if (maxV > 64 || maxT > 64)
		return NULL;
	int vertexCount = fzInt(in, 3, maxV);
	int triangleCount = fzInt(in, 1, maxT);
	fzPoints3(in, vertices, vertexCount);
	for (int i = 0; i < 3 * triangleCount; ++i)
		indices[i] = fzByte(in) % vertexCount;
	uint8_t weldMode = fzByte(in);
	double weld = weldMode < 128 ? 0.0 : weldByte ? fzByte(in) * 1.0e-4 : 1.0e-6;
	size_t need = npMeshBytes3(vertexCount, triangleCount);
	FZ_CHECK(need <= bytes, "npMeshBytes3(%d, %d) = %zu", vertexCount, triangleCount, need);
	npMesh3* mesh = NULL;
	if (npMakeMesh3(&(npMeshInput3){ vertices, vertexCount, indices, triangleCount, weld }, memory, need, &mesh) != NP_OK)
		return NULL;
	for (int t = 0; t < mesh->triangleCount && fzDumping(); ++t)
	{
		npVec3 v[3];
		npGetMeshTriangle3(mesh, t, v);
		FZ_DUMP("stored triangle %d (input %d): { %s, %s, %s } { %s, %s, %s } { %s, %s, %s }\n", t, mesh->triangleIds[t],
				fzLit(v[0].x), fzLit(v[0].y), fzLit(v[0].z), fzLit(v[1].x), fzLit(v[1].y), fzLit(v[1].z), fzLit(v[2].x),
				fzLit(v[2].y), fzLit(v[2].z));
	}
	return mesh;
}

/// Size of a 3D shape's bounds about its origin, for tolerances.
static inline double fzShapeScale3(const npShape3* s)
{
	switch (s->type)
	{
		case NP_SHAPE_SPHERE: return s->radius;
		case NP_SHAPE_CAPSULE3: return s->radius + s->halfHeight;
		case NP_SHAPE_BOX3: return fzAbs3(s->halfExtents) * 1.7320508075688772;
		case NP_SHAPE_TRIANGLE3:
			return 1.7320508075688772 * fzMax(fzAbs3(s->triangle[0]), fzMax(fzAbs3(s->triangle[1]), fzAbs3(s->triangle[2])));
		default:
		{
			double m = 0.0;
			for (int i = 0; i < s->hull->vertexCount; ++i)
				m = fzMax(m, fzAbs3(s->hull->vertices[i]));
			return 1.7320508075688772 * m;
		}
	}
}

/// Scale of a placed pair: each shape's size plus its distance from the origin.
static inline double fzPairScale3(const npShape3* a, npTransform3 xa, const npShape3* b, npTransform3 xb)
{
	return fzMax(fzShapeScale3(a) + fzAbs3(xa.p) * 1.7320508075688772,
				 fzShapeScale3(b) + fzAbs3(xb.p) * 1.7320508075688772);
}

static inline double fzPairScale2(const npShape2* a, npTransform2 xa, const npShape2* b, npTransform2 xb)
{
	return fzMax(fzShapeScale2(a) + fzAbs2(xa.p) * 1.4142135623730951,
				 fzShapeScale2(b) + fzAbs2(xb.p) * 1.4142135623730951);
}

/// Checks a 3D manifold against the conventions.
static inline void fzCheckManifold3(const npManifold3* m, double margin, double scale, const char* what)
{
	FZ_CHECK(m->pointCount >= 0 && m->pointCount <= NP_MAX_MANIFOLD_POINTS3, "%s: pointCount %d", what, m->pointCount);
	if (m->pointCount == 0)
		return;
	FZ_CHECK(fzFinite3(m->normal), "%s: normal not finite", what);
	fzCheckUnit3(m->normal, what);
	for (int i = 0; i < m->pointCount; ++i)
	{
		const npManifoldPoint3* p = m->points + i;
		FZ_CHECK(fzFinite3(p->pointA) && fzFinite3(p->pointB) && isfinite(p->depth), "%s: point %d not finite", what,
				 i);
		FZ_CHECK(p->id != 0, "%s: point %d has id 0", what, i);
		fzCheckDepth3(p->pointA, p->pointB, m->normal, p->depth, scale, what);
		FZ_CHECK(p->depth >= -margin - FZ_REL * fzMax(scale, 1.0) - FZ_ABS,
				 "%s: point %d depth %.17g below -margin %.17g", what, i, p->depth, margin);
	}
}

#endif
