// Small inline 3D vector, quaternion and rotation-matrix helpers shared by the 3D sources (private
// header).
#ifndef NP_VEC3_H
#define NP_VEC3_H

#include "narrowphase/collide3d.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline npVec3 v3(double x, double y, double z) { return (npVec3){ x, y, z }; }
static inline npVec3 v3Add(npVec3 a, npVec3 b) { return (npVec3){ a.x + b.x, a.y + b.y, a.z + b.z }; }
static inline npVec3 v3Sub(npVec3 a, npVec3 b) { return (npVec3){ a.x - b.x, a.y - b.y, a.z - b.z }; }
static inline npVec3 v3Neg(npVec3 a) { return (npVec3){ -a.x, -a.y, -a.z }; }
static inline npVec3 v3Scale(double s, npVec3 a) { return (npVec3){ s * a.x, s * a.y, s * a.z }; }
/// a + s * b
static inline npVec3 v3MulAdd(npVec3 a, double s, npVec3 b)
{
	return (npVec3){ a.x + s * b.x, a.y + s * b.y, a.z + s * b.z };
}
static inline double v3Dot(npVec3 a, npVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline npVec3 v3Cross(npVec3 a, npVec3 b)
{
	return (npVec3){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}
static inline double v3LengthSq(npVec3 a) { return a.x * a.x + a.y * a.y + a.z * a.z; }
static inline double v3Length(npVec3 a) { return sqrt(v3LengthSq(a)); }
static inline double v3DistanceSq(npVec3 a, npVec3 b) { return v3LengthSq(v3Sub(a, b)); }
/// Largest absolute component.
static inline double v3MaxAbs(npVec3 a)
{
	double x = fabs(a.x), y = fabs(a.y), z = fabs(a.z);
	return x > y ? (x > z ? x : z) : (y > z ? y : z);
}
/// Unit vector, or (0, 0, 0) for a zero vector.
static inline npVec3 v3Normalize(npVec3 a)
{
	// As v2Normalize: a vector so short that its squared length is subnormal (or 0) is first scaled
	// by 2^600 (exact), else its length would be off (fuzz_pairs3d: a normal of length 0.99999998).
	if (v3LengthSq(a) < 2.2250738585072014e-308 && (a.x != 0.0 || a.y != 0.0 || a.z != 0.0))
		a = (npVec3){ a.x * 0x1p600, a.y * 0x1p600, a.z * 0x1p600 };
	double len = v3Length(a);
	if (len == 0.0)
		return (npVec3){ 0.0, 0.0, 0.0 };
	double inv = 1.0 / len;
	return (npVec3){ inv * a.x, inv * a.y, inv * a.z };
}
/// The bit pattern of a double, and back (memcpy: no aliasing rules broken, compiled to a move).
static inline uint64_t npBitsOf(double x)
{
	uint64_t bits;
	memcpy(&bits, &x, sizeof bits);
	return bits;
}

static inline double npDoubleOf(uint64_t bits)
{
	double x;
	memcpy(&x, &bits, sizeof x);
	return x;
}

/// An unsigned integer with the same order as the double x (for x not NaN; -0 sorts just below +0):
/// the sign bit set on non-negative numbers, every bit flipped on negative ones. Running maxima and
/// minima kept on these keys use integer selects, which every compiler (V8's wasm tiers included)
/// turns into conditional moves; a select on doubles may become an unpredictable branch.
static inline uint64_t npOrderKey(double x)
{
	uint64_t bits = npBitsOf(x);
	uint64_t negative = (uint64_t)0 - (bits >> 63); // all ones for a negative number
	return bits ^ (negative | 0x8000000000000000u);
}
/// The bit pattern of |x|.
static inline uint64_t npBitsOfMagnitude(double x) { return npBitsOf(x) & 0x7FFFFFFFFFFFFFFFu; }
/// Largest absolute coordinate of a and b (as np3Max(v3MaxAbs(a), v3MaxAbs(b)) for coordinates that
/// are not NaN), computed on bit patterns: the magnitudes of doubles order like their bits, so the
/// maxima are integer selects (conditional moves in V8's wasm code too, where the double form
/// becomes unpredictable branches).
static inline double v3MaxAbs2Bits(npVec3 a, npVec3 b)
{
	// Written out (GCC kept a loop over the six through an array on the stack: ~50 instructions).
	uint64_t ax = npBitsOfMagnitude(a.x), ay = npBitsOfMagnitude(a.y), az = npBitsOfMagnitude(a.z);
	uint64_t bx = npBitsOfMagnitude(b.x), by = npBitsOfMagnitude(b.y), bz = npBitsOfMagnitude(b.z);
	uint64_t m = ax > ay ? ax : ay;
	m = m > az ? m : az;
	m = m > bx ? m : bx;
	m = m > by ? m : by;
	m = m > bz ? m : bz;
	return npDoubleOf(m);
}
/// v3MaxAbs(a) on bit patterns, as v3MaxAbs2Bits: the same number for components that are not NaN,
/// without the branches that V8 makes of a double select (random outcomes in ray code).
static inline double v3MaxAbsBits(npVec3 a)
{
	uint64_t x = npBitsOfMagnitude(a.x), y = npBitsOfMagnitude(a.y), z = npBitsOfMagnitude(a.z);
	uint64_t m = x > y ? x : y;
	m = m > z ? m : z;
	return npDoubleOf(m);
}
static inline double np3Min(double a, double b) { return a < b ? a : b; }
static inline double np3Max(double a, double b) { return a > b ? a : b; }
/// Component-wise minimum and maximum (for bounding boxes).
static inline npVec3 v3Min(npVec3 a, npVec3 b) { return v3(np3Min(a.x, b.x), np3Min(a.y, b.y), np3Min(a.z, b.z)); }
static inline npVec3 v3Max(npVec3 a, npVec3 b) { return v3(np3Max(a.x, b.x), np3Max(a.y, b.y), np3Max(a.z, b.z)); }
/// Coordinate k (0 x, 1 y, 2 z).
static inline double v3Component(npVec3 v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }

/// Rotates v by the unit quaternion q: v + 2w (u x v) + 2 u x (u x v), u the vector part.
static inline npVec3 npRotate3(npQuat q, npVec3 v)
{
	npVec3 u = { q.x, q.y, q.z };
	npVec3 t = v3Scale(2.0, v3Cross(u, v));
	return v3Add(v3MulAdd(v, q.w, t), v3Cross(u, t));
}
/// Rotates v by the inverse (conjugate) of q.
static inline npVec3 npInvRotate3(npQuat q, npVec3 v)
{
	npQuat c = { -q.x, -q.y, -q.z, q.w };
	return npRotate3(c, v);
}
static inline npVec3 npTransformPoint3(npTransform3 t, npVec3 p) { return v3Add(npRotate3(t.q, p), t.p); }
static inline npVec3 npInvTransformPoint3(npTransform3 t, npVec3 p) { return npInvRotate3(t.q, v3Sub(p, t.p)); }

/// A 3x3 matrix by columns, built from a unit quaternion for rotating many vectors: 15 flops per
/// vector instead of the quaternion's 30.
typedef struct npMat3
{
	npVec3 cx, cy, cz;
} npMat3;

/// The rotation matrix of the unit quaternion q.
static inline npMat3 npQuatToMat3(npQuat q)
{
	double xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
	double xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
	double wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
	npMat3 m;
	m.cx = v3(1.0 - 2.0 * (yy + zz), 2.0 * (xy + wz), 2.0 * (xz - wy));
	m.cy = v3(2.0 * (xy - wz), 1.0 - 2.0 * (xx + zz), 2.0 * (yz + wx));
	m.cz = v3(2.0 * (xz + wy), 2.0 * (yz - wx), 1.0 - 2.0 * (xx + yy));
	return m;
}
/// m v.
static inline npVec3 npMat3Mul(const npMat3* m, npVec3 v)
{
	return v3(m->cx.x * v.x + m->cy.x * v.y + m->cz.x * v.z, m->cx.y * v.x + m->cy.y * v.y + m->cz.y * v.z,
			  m->cx.z * v.x + m->cy.z * v.y + m->cz.z * v.z);
}
/// transpose(m) v, one dot product per column: the inverse rotation of a rotation matrix.
static inline npVec3 npMat3MulT(const npMat3* m, npVec3 v) { return v3(v3Dot(m->cx, v), v3Dot(m->cy, v), v3Dot(m->cz, v)); }
/// transpose(m): for a rotation matrix, the inverse rotation.
static inline npMat3 npMat3Transpose(const npMat3* m)
{
	npMat3 t;
	t.cx = v3(m->cx.x, m->cy.x, m->cz.x);
	t.cy = v3(m->cx.y, m->cy.y, m->cz.y);
	t.cz = v3(m->cx.z, m->cy.z, m->cz.z);
	return t;
}

/// Quaternion product a * b (apply b first, then a).
static inline npQuat npQuatMul(npQuat a, npQuat b)
{
	return (npQuat){ a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
					 a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
					 a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
					 a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z };
}
/// conj(a) * b: the rotation taking b's frame into a's frame.
static inline npQuat npQuatInvMul(npQuat a, npQuat b)
{
	npQuat c = { -a.x, -a.y, -a.z, a.w };
	return npQuatMul(c, b);
}
/// Transform taking B's local frame into A's local frame: inv(A) * B.
static inline npTransform3 npInvMulTransforms3(npTransform3 A, npTransform3 B)
{
	return (npTransform3){ npInvRotate3(A.q, v3Sub(B.p, A.p)), npQuatInvMul(A.q, B.q) };
}

#endif
