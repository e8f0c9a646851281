// Small inline 2D vector helpers shared by the 2D sources (private header).
#ifndef NP_VEC2_H
#define NP_VEC2_H

#include "narrowphase/collide2d.h"

#include <math.h>

static inline npVec2 v2(double x, double y) { return (npVec2){ x, y }; }
static inline npVec2 v2Add(npVec2 a, npVec2 b) { return (npVec2){ a.x + b.x, a.y + b.y }; }
static inline npVec2 v2Sub(npVec2 a, npVec2 b) { return (npVec2){ a.x - b.x, a.y - b.y }; }
static inline npVec2 v2Neg(npVec2 a) { return (npVec2){ -a.x, -a.y }; }
static inline npVec2 v2Scale(double s, npVec2 a) { return (npVec2){ s * a.x, s * a.y }; }
/// a + s * b
static inline npVec2 v2MulAdd(npVec2 a, double s, npVec2 b) { return (npVec2){ a.x + s * b.x, a.y + s * b.y }; }
static inline npVec2 v2Lerp(npVec2 a, npVec2 b, double t) { return (npVec2){ a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) }; }
static inline double v2Dot(npVec2 a, npVec2 b) { return a.x * b.x + a.y * b.y; }
static inline double v2Cross(npVec2 a, npVec2 b) { return a.x * b.y - a.y * b.x; }
/// Counter-clockwise perpendicular (-y, x).
static inline npVec2 v2LeftPerp(npVec2 a) { return (npVec2){ -a.y, a.x }; }
/// Clockwise perpendicular (y, -x).
static inline npVec2 v2RightPerp(npVec2 a) { return (npVec2){ a.y, -a.x }; }
static inline double v2LengthSq(npVec2 a) { return a.x * a.x + a.y * a.y; }
static inline double v2Length(npVec2 a) { return sqrt(a.x * a.x + a.y * a.y); }
static inline double v2DistanceSq(npVec2 a, npVec2 b) { return v2LengthSq(v2Sub(a, b)); }
static inline double v2Distance(npVec2 a, npVec2 b) { return v2Length(v2Sub(a, b)); }
/// Unit vector, or (0, 0) for a zero vector.
static inline npVec2 v2Normalize(npVec2 a)
{
	// A vector so short that its squared length is subnormal (or 0) is first scaled by 2^600
	// (exact): its length would be off by up to 10% (a normal of length 0.906, or none at all).
	if (v2LengthSq(a) < 2.2250738585072014e-308 && (a.x != 0.0 || a.y != 0.0))
		a = (npVec2){ a.x * 0x1p600, a.y * 0x1p600 };
	double len = v2Length(a);
	if (len == 0.0)
		return (npVec2){ 0.0, 0.0 };
	double inv = 1.0 / len;
	return (npVec2){ inv * a.x, inv * a.y };
}
static inline double npMin(double a, double b) { return a < b ? a : b; }
static inline double npMax(double a, double b) { return a > b ? a : b; }
static inline double npAbs(double a) { return fabs(a); }
/// Largest absolute component (the size of a point, for tolerances relative to the coordinates).
static inline double v2MaxAbs(npVec2 a) { return npMax(npAbs(a.x), npAbs(a.y)); }
static inline double npClamp(double a, double lo, double hi) { return a < lo ? lo : (a > hi ? hi : a); }

static inline npVec2 npRotate2(npRot2 q, npVec2 v) { return (npVec2){ q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y }; }
static inline npVec2 npInvRotate2(npRot2 q, npVec2 v) { return (npVec2){ q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y }; }
static inline npVec2 npTransformPoint2(npTransform2 t, npVec2 p) { return v2Add(npRotate2(t.q, p), t.p); }
static inline npVec2 npInvTransformPoint2(npTransform2 t, npVec2 p) { return npInvRotate2(t.q, v2Sub(p, t.p)); }
/// Transform taking B's local frame into A's local frame: inv(A) * B.
static inline npTransform2 npInvMulTransforms2(npTransform2 A, npTransform2 B)
{
	npRot2 q = { A.q.c * B.q.c + A.q.s * B.q.s, A.q.c * B.q.s - A.q.s * B.q.c };
	return (npTransform2){ npInvRotate2(A.q, v2Sub(B.p, A.p)), q };
}

#endif
