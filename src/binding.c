// The WebAssembly shim behind the JS binding: marshalling only, no geometry (see binding.h).
#include "binding.h"

#include <stddef.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <malloc.h>
#endif

int npwLimits2(double* out)
{
	out[0] = NP_MAX_POLYGON_VERTICES;
	out[1] = NP_MAX_POLYGON_INPUT;
	out[2] = NP_EPA2_MAX_VERTICES;
	out[3] = (double)sizeof(npShape2);
	out[4] = (double)sizeof(npEpaStep2);
	out[5] = NP_HUGE;
	out[6] = NPW_IO_DOUBLES;
	out[7] = (double)sizeof(npVec2);
	return 8;
}

int npwShapeInfo2(const npShape2* shape, double* out)
{
	out[0] = (double)shape->type;
	out[1] = (double)shape->count;
	out[2] = shape->radius;
	for (int i = 0; i < shape->count && i < NP_MAX_POLYGON_VERTICES; ++i)
	{
		out[3 + 2 * i] = shape->vertices[i].x;
		out[4 + 2 * i] = shape->vertices[i].y;
	}
	return shape->count;
}

// Angles obey the same bound as coordinates (NP_HUGE); npMakeRot2 reduces them by an integer
// multiple of pi/2, which must fit its 64-bit integer.
static bool usableAngle(double angle)
{
	return angle >= -NP_HUGE && angle <= NP_HUGE;
}

// The last angle seen in each transform slot and its rotation. A body is usually tested against
// several others in a row with the same transform, so remembering npMakeRot2's result saves its
// polynomial; the rotation is bit-identical to recomputing it (angles are compared bit for bit, so
// -0.0 and +0.0 are different keys).
static uint64_t cachedAngleBits[2] = { 0, 0 };
static npRot2 cachedRot[2] = { { 1.0, 0.0 }, { 1.0, 0.0 } };

static npTransform2 makeTransform(const double* xyAngle, int slot)
{
	uint64_t bits;
	memcpy(&bits, &xyAngle[2], sizeof bits);
	if (bits != cachedAngleBits[slot])
	{
		cachedRot[slot] = npMakeRot2(xyAngle[2]);
		cachedAngleBits[slot] = bits;
	}
	return (npTransform2){ { xyAngle[0], xyAngle[1] }, cachedRot[slot] };
}

// Builds both transforms from (x, y, angle) triples without validating them (the angles are
// bounded first, as npMakeRot2 needs). 0, or the negative code described in binding.h.
static int makeTransforms(const double* io, npTransform2* xfA, npTransform2* xfB)
{
	if (!usableAngle(io[NPW_IO_XFA + 2]))
		return -(int)NP_ERR_NON_FINITE;
	if (!usableAngle(io[NPW_IO_XFB + 2]))
		return -(NPW_ERR_B + (int)NP_ERR_NON_FINITE);
	*xfA = makeTransform(io + NPW_IO_XFA, 0);
	*xfB = makeTransform(io + NPW_IO_XFB, 1);
	return 0;
}

// 0 when both transforms are valid, else the negative code described in binding.h.
static int validateTransforms(npTransform2 xfA, npTransform2 xfB)
{
	npResult r = npValidateTransform2(xfA);
	if (r != NP_OK)
		return -(int)r;
	r = npValidateTransform2(xfB);
	if (r != NP_OK)
		return -(NPW_ERR_B + (int)r);
	return 0;
}

// Builds and validates both transforms.
static int readTransforms(const double* io, npTransform2* xfA, npTransform2* xfB)
{
	int r = makeTransforms(io, xfA, xfB);
	return r != 0 ? r : validateTransforms(*xfA, *xfB);
}

static void putVec(double* out, npVec2 v)
{
	out[0] = v.x;
	out[1] = v.y;
}

int npwOverlap2(const npShape2* shapeA, const npShape2* shapeB, double* io)
{
	npTransform2 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	return npOverlap2(shapeA, xfA, shapeB, xfB) ? 1 : 0;
}

int npwDistance2(const npShape2* shapeA, const npShape2* shapeB, double* io)
{
	npTransform2 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	npDistanceResult2 d = npDistance2(shapeA, xfA, shapeB, xfB);
	double* out = io + NPW_IO_OUT;
	out[0] = d.distance;
	putVec(out + 1, d.pointA);
	putVec(out + 3, d.pointB);
	putVec(out + 5, d.normal);
	out[7] = (double)d.iterations;
	return 0;
}

int npwPenetration2(const npShape2* shapeA, const npShape2* shapeB, double* io, npEpaStep2* steps,
					int stepCapacity)
{
	npTransform2 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	npEpaTrace2 trace = { 0 };
	trace.steps = steps;
	trace.stepCapacity = steps != NULL ? stepCapacity : 0;
	npPenetrationResult2 p = npPenetration2(shapeA, xfA, shapeB, xfB, steps != NULL ? &trace : NULL);
	double* out = io + NPW_IO_OUT;
	out[0] = p.depth;
	putVec(out + 1, p.normal);
	putVec(out + 3, p.pointA);
	putVec(out + 5, p.pointB);
	out[7] = (double)p.iterations;
	out[8] = (double)p.stop;
	if (steps != NULL)
	{
		out[9] = (double)trace.simplexCount;
		for (int i = 0; i < 3; ++i)
			putVec(out + 10 + 2 * i, trace.simplex[i]);
		out[16] = trace.startedFromEdge ? 1.0 : 0.0;
		out[17] = (double)trace.stepCount;
		out[18] = trace.truncated ? 1.0 : 0.0;
	}
	return p.overlapping ? 1 : 0;
}

int npwEpaStep2(const npEpaStep2* steps, int index, double* out)
{
	const npEpaStep2* s = steps + index;
	int n = s->vertexCount;
	if (n < 0)
		n = 0;
	if (n > NP_EPA2_MAX_VERTICES)
		n = NP_EPA2_MAX_VERTICES;
	out[0] = (double)n;
	out[1] = (double)s->closestEdge;
	putVec(out + 2, s->edgeNormal);
	out[4] = s->edgeDistance;
	putVec(out + 5, s->support);
	out[7] = s->supportDistance;
	out[8] = (double)s->stop;
	for (int i = 0; i < n; ++i)
		putVec(out + 9 + 2 * i, s->vertices[i]);
	return n;
}

int npwManifold2(const npShape2* shapeA, const npShape2* shapeB, double* io)
{
	// npCollide2 validates its input itself (an empty manifold when invalid), so the transforms are
	// only checked here when it found no contact, to tell "no contact" from "bad transform".
	npTransform2 xfA, xfB;
	int r = makeTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	npManifold2 m = npCollide2(shapeA, xfA, shapeB, xfB, io[NPW_IO_ARG]);
	if (m.pointCount <= 0)
	{
		r = validateTransforms(xfA, xfB);
		if (r != 0)
			return r;
	}
	double* out = io + NPW_IO_OUT;
	putVec(out, m.normal);
	int n = m.pointCount;
	if (n < 0)
		n = 0;
	if (n > NP_MAX_MANIFOLD_POINTS2)
		n = NP_MAX_MANIFOLD_POINTS2;
	for (int i = 0; i < n; ++i)
	{
		double* o = out + 2 + 6 * i;
		putVec(o, m.points[i].pointA);
		putVec(o + 2, m.points[i].pointB);
		o[4] = m.points[i].depth;
		o[5] = (double)m.points[i].id;
	}
	return n;
}

int npwMinkowskiDifference2(const npShape2* shapeA, const npShape2* shapeB, double* io)
{
	npTransform2 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	// npVec2 is two doubles, so the result slots can receive the vertices directly.
	npVec2 vertices[2 * NP_MAX_POLYGON_VERTICES + 4];
	int n = npMinkowskiDifference2(shapeA, xfA, shapeB, xfB, vertices, 2 * NP_MAX_POLYGON_VERTICES + 4);
	if (n < 0)
		return -(int)NP_ERR_CAPACITY;
	for (int i = 0; i < n; ++i)
		putVec(io + NPW_IO_OUT + 2 * i, vertices[i]);
	return n;
}

double npwHeapInUse(void)
{
#ifdef __EMSCRIPTEN__
	struct mallinfo info = mallinfo();
	return (double)info.uordblks;
#else
	return -1.0;
#endif
}
