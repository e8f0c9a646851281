// The 3D vector arithmetic of the native test programs (their own, not the library's): plain
// component-wise doubles, so references computed with it are independent of src/.
#ifndef NP_TEST_VEC3_H
#define NP_TEST_VEC3_H

#include "narrowphase/collide3d.h"

#include <math.h>

static inline npVec3 V(double x, double y, double z) { return (npVec3){ x, y, z }; }
static inline npVec3 add(npVec3 a, npVec3 b) { return V(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline npVec3 sub(npVec3 a, npVec3 b) { return V(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline npVec3 scale(double s, npVec3 a) { return V(s * a.x, s * a.y, s * a.z); }
static inline double dot(npVec3 a, npVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline npVec3 cross(npVec3 a, npVec3 b)
{
	return V(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double len(npVec3 a) { return sqrt(dot(a, a)); }
static inline npVec3 unit(npVec3 a) { return scale(1.0 / len(a), a); }

/// q v q* for a unit quaternion, by the textbook formula v + 2w (u x v) + 2 u x (u x v).
static inline npVec3 rotateByQuat(npQuat q, npVec3 v)
{
	npVec3 u = V(q.x, q.y, q.z);
	npVec3 t = scale(2, cross(u, v));
	return add(add(v, scale(q.w, t)), cross(u, t));
}

/// Distance from p to segment a..b.
static inline double segmentDistance3(npVec3 a, npVec3 b, npVec3 p)
{
	npVec3 e = sub(b, a);
	double t = dot(sub(p, a), e) / dot(e, e);
	t = t < 0 ? 0 : (t > 1 ? 1 : t);
	return len(sub(p, add(a, scale(t, e))));
}

#endif
