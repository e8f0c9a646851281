// The WebAssembly shim behind the JS binding: marshalling only, no geometry (see binding.h).
#include "binding.h"
#include "codesize.h"
#include "manifold2d_private.h"

#include <stddef.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <malloc.h>
#endif

NP_COLD int npwLimits2(double* out)
{
	out[NPW_LIMITS2_MAX_POLYGON_VERTICES] = NP_MAX_POLYGON_VERTICES;
	out[NPW_LIMITS2_MAX_POLYGON_INPUT] = NP_MAX_POLYGON_INPUT;
	out[NPW_LIMITS2_EPA_MAX_VERTICES] = NP_EPA2_MAX_VERTICES;
	out[NPW_LIMITS2_SHAPE_BYTES] = (double)sizeof(npShape2);
	out[NPW_LIMITS2_EPA_STEP_BYTES] = (double)sizeof(npEpaStep2);
	out[NPW_LIMITS2_HUGE] = NP_HUGE;
	out[NPW_LIMITS2_IO_DOUBLES] = NPW_IO_DOUBLES;
	out[NPW_LIMITS2_VEC2_BYTES] = (double)sizeof(npVec2);
	return NPW_LIMITS2_SIZE;
}

int npwRot2(double angle, double* out)
{
	if (!npwUsableAngle(angle))
		return -(int)NP_ERR_NON_FINITE;
	npRot2 q = npMakeRot2(angle);
	out[0] = q.c;
	out[1] = q.s;
	return 0;
}

NP_COLD int npwShapeInfo2(const npShape2* shape, double* out)
{
	out[NPW_SHAPE2_TYPE] = (double)shape->type;
	out[NPW_SHAPE2_COUNT] = (double)shape->count;
	out[NPW_SHAPE2_RADIUS] = shape->radius;
	for (int i = 0; i < shape->count && i < NP_MAX_POLYGON_VERTICES; ++i)
		npwPutVec2(out + NPW_SHAPE2_VERTICES + 2 * i, shape->vertices[i]);
	return shape->count;
}

// The last angle seen in each transform slot and its rotation. A body is usually tested against
// several others in a row with the same transform, so remembering npMakeRot2's result saves its
// polynomial; the rotation is bit-identical to recomputing it (angles are compared bit for bit, so
// -0.0 and +0.0 are different keys).
static uint64_t cachedAngleBits[2] = { 0, 0 };
static npRot2 cachedRot[2] = { { 1.0, 0.0 }, { 1.0, 0.0 } };

npTransform2 npwTransform2(const double* xyAngle, int slot)
{
	// A prepared transform (np.transform2d) brings its rotation, made by npMakeRot2 from the same
	// angle when it was created (npwRot2); plain transforms leave NaN there.
	double c = xyAngle[NPW_XF2_COS];
	if (c == c)
		return (npTransform2){ { xyAngle[NPW_XF2_X], xyAngle[NPW_XF2_Y] }, { c, xyAngle[NPW_XF2_SIN] } };
	uint64_t bits;
	memcpy(&bits, &xyAngle[NPW_XF2_ANGLE], sizeof bits);
	if (bits != cachedAngleBits[slot])
	{
		cachedRot[slot] = npMakeRot2(xyAngle[NPW_XF2_ANGLE]);
		cachedAngleBits[slot] = bits;
	}
	return (npTransform2){ { xyAngle[NPW_XF2_X], xyAngle[NPW_XF2_Y] }, cachedRot[slot] };
}

// One transform slot: its rotation left at (1, 0) when `turned` is false and the slot holds a plain
// transform (for a side whose rotation the query never reads; a prepared transform brings its
// rotation at no cost).
static inline npTransform2 slotTransform(const double* xf, int slot, bool turned)
{
	if (turned || xf[NPW_XF2_COS] == xf[NPW_XF2_COS])
		return npwTransform2(xf, slot);
	return (npTransform2){ { xf[NPW_XF2_X], xf[NPW_XF2_Y] }, { 1.0, 0.0 } };
}

// Builds both transforms from (x, y, angle) triples without validating them (the angles are
// bounded first, as npMakeRot2 needs), the rotations of the sides marked unturned not made.
// 0, or the negative code described in binding.h.
static int makeTurnedTransforms(const double* io, bool turnA, bool turnB, npTransform2* xfA, npTransform2* xfB)
{
	if (!npwUsableAngle(io[NPW_IO_XFA + NPW_XF2_ANGLE]))
		return -(int)NP_ERR_NON_FINITE;
	if (!npwUsableAngle(io[NPW_IO_XFB + NPW_XF2_ANGLE]))
		return -(NPW_ERR_B + (int)NP_ERR_NON_FINITE);
	*xfA = slotTransform(io + NPW_IO_XFA, 0, turnA);
	*xfB = slotTransform(io + NPW_IO_XFB, 1, turnB);
	return 0;
}

static int makeTransforms(const double* io, npTransform2* xfA, npTransform2* xfB)
{
	return makeTurnedTransforms(io, true, true, xfA, xfB);
}

// True when the slot holds a prepared transform (np.transform2d: its rotation given, not NaN).
// Those were checked when made: x, y and the angle within NP_HUGE, the rotation npMakeRot2's, which
// npValidateTransform2 always accepts (19.6 million angles over every magnitude up to NP_HUGE, and
// the edges, tested natively; wasm gives the same bits). JS writes a rotation only for objects
// that transform2d made (a private brand, not instanceof), so they skip the check here.
static inline bool isPrepared(const double* xf)
{
	double c = xf[NPW_XF2_COS];
	return c == c;
}

// 0 when both transforms are valid, else the negative code described in binding.h.
static int validateTransforms(const double* io, npTransform2 xfA, npTransform2 xfB)
{
	npResult r = isPrepared(io + NPW_IO_XFA) ? NP_OK : npValidateTransform2(xfA);
	if (r != NP_OK)
		return -(int)r;
	r = isPrepared(io + NPW_IO_XFB) ? NP_OK : npValidateTransform2(xfB);
	if (r != NP_OK)
		return -(NPW_ERR_B + (int)r);
	return 0;
}

// Builds and validates both transforms.
static int readTransforms(const double* io, npTransform2* xfA, npTransform2* xfB)
{
	int r = makeTransforms(io, xfA, xfB);
	return r != 0 ? r : validateTransforms(io, *xfA, *xfB);
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
	out[NPW_DISTANCE2_DISTANCE] = d.distance;
	npwPutVec2(out + NPW_DISTANCE2_POINT_A, d.pointA);
	npwPutVec2(out + NPW_DISTANCE2_POINT_B, d.pointB);
	npwPutVec2(out + NPW_DISTANCE2_NORMAL, d.normal);
	out[NPW_DISTANCE2_ITERATIONS] = (double)d.iterations;
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
	out[NPW_PENETRATION2_DEPTH] = p.depth;
	npwPutVec2(out + NPW_PENETRATION2_NORMAL, p.normal);
	npwPutVec2(out + NPW_PENETRATION2_POINT_A, p.pointA);
	npwPutVec2(out + NPW_PENETRATION2_POINT_B, p.pointB);
	out[NPW_PENETRATION2_ITERATIONS] = (double)p.iterations;
	out[NPW_PENETRATION2_STOP] = (double)p.stop;
	if (steps != NULL)
	{
		out[NPW_PENETRATION2_SIMPLEX_COUNT] = (double)trace.simplexCount;
		for (int i = 0; i < 3; ++i)
			npwPutVec2(out + NPW_PENETRATION2_SIMPLEX + 2 * i, trace.simplex[i]);
		out[NPW_PENETRATION2_STARTED_FROM_EDGE] = trace.startedFromEdge ? 1.0 : 0.0;
		out[NPW_PENETRATION2_STEP_COUNT] = (double)trace.stepCount;
		out[NPW_PENETRATION2_TRUNCATED] = trace.truncated ? 1.0 : 0.0;
	}
	return p.overlapping ? 1 : 0;
}

NP_COLD int npwEpaStep2(const npEpaStep2* steps, int index, double* out)
{
	const npEpaStep2* s = steps + index;
	int n = s->vertexCount;
	if (n < 0)
		n = 0;
	if (n > NP_EPA2_MAX_VERTICES)
		n = NP_EPA2_MAX_VERTICES;
	out[NPW_EPA_STEP2_VERTEX_COUNT] = (double)n;
	out[NPW_EPA_STEP2_CLOSEST_EDGE] = (double)s->closestEdge;
	npwPutVec2(out + NPW_EPA_STEP2_EDGE_NORMAL, s->edgeNormal);
	out[NPW_EPA_STEP2_EDGE_DISTANCE] = s->edgeDistance;
	npwPutVec2(out + NPW_EPA_STEP2_SUPPORT, s->support);
	out[NPW_EPA_STEP2_SUPPORT_DISTANCE] = s->supportDistance;
	out[NPW_EPA_STEP2_STOP] = (double)s->stop;
	npwPutVec2(out + NPW_EPA_STEP2_SUPPORT_A, s->supportA);
	npwPutVec2(out + NPW_EPA_STEP2_SUPPORT_B, s->supportB);
	out[NPW_EPA_STEP2_SUPPORT_INDEX_A] = (double)s->supportIndexA;
	out[NPW_EPA_STEP2_SUPPORT_INDEX_B] = (double)s->supportIndexB;
	double* indices = out + NPW_EPA_STEP2_VERTICES + 2 * n;
	for (int i = 0; i < n; ++i)
	{
		npwPutVec2(out + NPW_EPA_STEP2_VERTICES + 2 * i, s->vertices[i]);
		indices[2 * i] = (double)s->vertexIndexA[i];
		indices[2 * i + 1] = (double)s->vertexIndexB[i];
	}
	return n;
}

int npwManifold2(const npShape2* shapeA, const npShape2* shapeB, double* io)
{
	// npCollide2 validates its input itself (an empty manifold when invalid), so the transforms are
	// only checked here when it found no contact, to tell "no contact" from "bad transform".
	npTransform2 xfA, xfB;
	int r = makeTurnedTransforms(io, !npManifoldIgnoresRotation2(shapeA, shapeB), !npManifoldIgnoresRotation2(shapeB, shapeA),
								 &xfA, &xfB);
	if (r != 0)
		return r;
	// A plain transform's rotation that the pair's routine never reads is not made (a centred
	// circle against a core: npManifoldIgnoresRotation2); (1, 0) passes the checks below as
	// npMakeRot2's rotation would.
	// Prepared transforms passed npValidateTransform2 when made (see isPrepared), so with a usable
	// margin the pair skips npCollide2's checks of both and its by-value copies: same manifold.
	npManifold2 m;
	double margin = io[NPW_IO_ARG];
	if (isPrepared(io + NPW_IO_XFA) && isPrepared(io + NPW_IO_XFB) && npIsUsable(margin))
		npCollidePosed2(&m, shapeA, &xfA, shapeB, &xfB, margin);
	else
		m = npCollide2(shapeA, xfA, shapeB, xfB, margin);
	if (m.pointCount <= 0)
	{
		r = validateTransforms(io, xfA, xfB);
		if (r != 0)
			return r;
	}
	double* out = io + NPW_IO_OUT;
	npwPutVec2(out + NPW_MANIFOLD2_NORMAL, m.normal);
	int n = m.pointCount;
	if (n < 0)
		n = 0;
	if (n > NP_MAX_MANIFOLD_POINTS2)
		n = NP_MAX_MANIFOLD_POINTS2;
	for (int i = 0; i < n; ++i)
	{
		double* o = out + NPW_MANIFOLD2_POINTS + NPW_MANIFOLD2_POINT_SIZE * i;
		npwPutVec2(o + NPW_MANIFOLD2_POINT_POINT_A, m.points[i].pointA);
		npwPutVec2(o + NPW_MANIFOLD2_POINT_POINT_B, m.points[i].pointB);
		o[NPW_MANIFOLD2_POINT_DEPTH] = m.points[i].depth;
		o[NPW_MANIFOLD2_POINT_ID] = (double)m.points[i].id;
	}
	return n;
}

NP_COLD int npwMinkowskiDifference2(const npShape2* shapeA, const npShape2* shapeB, double* io)
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
		npwPutVec2(io + NPW_IO_OUT + NPW_MINKOWSKI2_VERTICES + 2 * i, vertices[i]);
	return n;
}

NP_COLD double npwHeapInUse(void)
{
#ifdef __EMSCRIPTEN__
	struct mallinfo info = mallinfo();
	return (double)info.uordblks;
#else
	return -1.0;
#endif
}

// ------------------------------------------------------------------------------------ 2D traces

// Bytes of one npGjkStep2, so JS can size the step storage it passes to npwTraceGjk2.
NP_COLD int npwGjkStepBytes2(void)
{
	return (int)sizeof(npGjkStep2);
}

// A traced GJK run into the caller's `steps`: mode 0 npTraceDistance2, 1 npTraceOverlap2, 2 the GJK
// that seeds npPenetration2's EPA. Writes NPW_GJK_RUN2 at NPW_IO_OUT; 0 or a negative error code.
NP_COLD int npwTraceGjk2(const npShape2* shapeA, const npShape2* shapeB, double* io, npGjkStep2* steps, int stepCapacity,
				 int mode)
{
	npTransform2 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	npGjkTrace2 trace = { 0 };
	trace.steps = steps;
	trace.stepCapacity = steps != NULL ? stepCapacity : 0;
	double* out = io + NPW_IO_OUT;
	for (int i = 0; i < NPW_GJK_RUN2_SIZE; ++i)
		out[i] = 0.0;
	if (mode == 0)
	{
		npDistanceResult2 d = npTraceDistance2(shapeA, xfA, shapeB, xfB, &trace);
		out[NPW_GJK_RUN2_DISTANCE] = d.distance;
		npwPutVec2(out + NPW_GJK_RUN2_POINT_A, d.pointA);
		npwPutVec2(out + NPW_GJK_RUN2_POINT_B, d.pointB);
		npwPutVec2(out + NPW_GJK_RUN2_NORMAL, d.normal);
		out[NPW_GJK_RUN2_ITERATIONS] = (double)d.iterations;
		out[NPW_GJK_RUN2_OVERLAPPING] = d.distance == 0.0 ? 1.0 : 0.0;
	}
	else if (mode == 1)
		out[NPW_GJK_RUN2_OVERLAPPING] = npTraceOverlap2(shapeA, xfA, shapeB, xfB, &trace) ? 1.0 : 0.0;
	else
	{
		npEpaTrace2 epa = { 0 };
		epa.gjk = &trace;
		out[NPW_GJK_RUN2_OVERLAPPING] = npPenetration2(shapeA, xfA, shapeB, xfB, &epa).overlapping ? 1.0 : 0.0;
	}
	out[NPW_GJK_RUN2_STEP_COUNT] = (double)trace.stepCount;
	out[NPW_GJK_RUN2_TRUNCATED] = trace.truncated ? 1.0 : 0.0;
	return 0;
}

NP_COLD static void putGjkVertex(double* out, const npGjkVertex2* v)
{
	npwPutVec2(out + NPW_GJK_VERTEX2_W, v->w);
	npwPutVec2(out + NPW_GJK_VERTEX2_WA, v->wA);
	npwPutVec2(out + NPW_GJK_VERTEX2_WB, v->wB);
	out[NPW_GJK_VERTEX2_INDEX_A] = (double)v->indexA;
	out[NPW_GJK_VERTEX2_INDEX_B] = (double)v->indexB;
}

// Step `index` of a trace written by npwTraceGjk2, flattened into `out` (NPW_GJK_STEP2).
NP_COLD int npwGjkStep2(const npGjkStep2* steps, int index, double* out)
{
	const npGjkStep2* s = steps + index;
	int n = s->simplexCount < 0 ? 0 : s->simplexCount > 3 ? 3 : s->simplexCount;
	out[NPW_GJK_STEP2_SIMPLEX_COUNT] = (double)n;
	out[NPW_GJK_STEP2_KEPT_MASK] = (double)s->keptMask;
	out[NPW_GJK_STEP2_HAS_SUPPORT] = s->hasSupport ? 1.0 : 0.0;
	out[NPW_GJK_STEP2_STOP] = (double)s->stop;
	npwPutVec2(out + NPW_GJK_STEP2_CLOSEST, s->closest);
	npwPutVec2(out + NPW_GJK_STEP2_DIRECTION, s->direction);
	for (int i = 0; i < 3; ++i)
		out[NPW_GJK_STEP2_WEIGHTS + i] = s->weights[i];
	putGjkVertex(out + NPW_GJK_STEP2_SUPPORT, &s->support);
	for (int i = 0; i < n; ++i)
		putGjkVertex(out + NPW_GJK_STEP2_SIMPLEX + NPW_GJK_VERTEX2_SIZE * i, s->simplex + i);
	return n;
}

NP_COLD static void putClipAttempt(double* o, const npClipAttempt2* a)
{
	o[NPW_CLIP_ATTEMPT2_REF_SHAPE] = (double)a->refShape;
	o[NPW_CLIP_ATTEMPT2_REF_EDGE] = (double)a->refEdge;
	npwPutVec2(o + NPW_CLIP_ATTEMPT2_REF_START, a->refStart);
	npwPutVec2(o + NPW_CLIP_ATTEMPT2_REF_END, a->refEnd);
	npwPutVec2(o + NPW_CLIP_ATTEMPT2_REF_NORMAL, a->refNormal);
	o[NPW_CLIP_ATTEMPT2_INCIDENT_EDGE] = (double)a->incidentEdge;
	npwPutVec2(o + NPW_CLIP_ATTEMPT2_INC_START, a->incStart);
	npwPutVec2(o + NPW_CLIP_ATTEMPT2_INC_END, a->incEnd);
	o[NPW_CLIP_ATTEMPT2_LENGTH] = a->length;
	o[NPW_CLIP_ATTEMPT2_MISSED] = a->missed ? 1.0 : 0.0;
	for (int k = 0; k < 2; ++k)
	{
		o[NPW_CLIP_ATTEMPT2_U + k] = a->u[k];
		o[NPW_CLIP_ATTEMPT2_H + k] = a->h[k];
		o[NPW_CLIP_ATTEMPT2_CLIPPED_BY + k] = (double)a->clippedBy[k];
		npwPutVec2(o + NPW_CLIP_ATTEMPT2_POINT + 2 * k, a->point[k]);
		o[NPW_CLIP_ATTEMPT2_HEIGHT + k] = a->height[k];
		o[NPW_CLIP_ATTEMPT2_ID + k] = (double)a->id[k];
	}
}

// How npCollide2 builds the manifold of this pair (margin at NPW_IO_ARG): NPW_CLIP_TRACE2 at
// NPW_IO_OUT. The attempt count, or a negative error code.
NP_COLD int npwClipTrace2(const npShape2* shapeA, const npShape2* shapeB, double* io)
{
	npTransform2 xfA, xfB;
	int r = readTransforms(io, &xfA, &xfB);
	if (r != 0)
		return r;
	npClipTrace2 trace;
	npTraceManifold2(shapeA, xfA, shapeB, xfB, io[NPW_IO_ARG], &trace);
	double* out = io + NPW_IO_OUT;
	out[NPW_CLIP_TRACE2_PATH] = (double)trace.path;
	out[NPW_CLIP_TRACE2_SEPARATION_A] = trace.separationA;
	out[NPW_CLIP_TRACE2_SEPARATION_B] = trace.separationB;
	out[NPW_CLIP_TRACE2_EDGE_A] = (double)trace.edgeA;
	out[NPW_CLIP_TRACE2_EDGE_B] = (double)trace.edgeB;
	out[NPW_CLIP_TRACE2_ATTEMPT_COUNT] = (double)trace.attemptCount;
	for (int i = 0; i < trace.attemptCount && i < 2; ++i)
		putClipAttempt(out + NPW_CLIP_TRACE2_ATTEMPTS + NPW_CLIP_ATTEMPT2_SIZE * i, trace.attempts + i);
	return trace.attemptCount;
}
