// Brute-force extents of placed shapes, shared by the native tests (tests/native/) and the fuzz
// harnesses (tests/fuzz/): how far a shape reaches along a direction, from its core's vertices
// turned by the transform here (the textbook quaternion and rotation formulas, not the library's),
// plus its radius. A contact or cast normal n with points pA on A and pB on B supports both shapes
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

/// How far a placed 3D shape reaches along unit n: its core's vertices by brute force, plus its radius.
static inline double bruteSupport3(const npShape3* s, npTransform3 xf, npVec3 n)
{
	npVec3 v[NP_MAX_HULL_VERTICES];
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

#endif
