// The WebAssembly shim behind js/apicast3d.mjs: 3D shape casts (convex and mesh targets), the batch
// form and time of impact. JS writes the inputs into the io block at the NPWC3_* offsets
// (tools/iolayout.mjs), calls one function, and reads the result back. Transforms are built with
// npMakeTransform3 (a slightly non-unit quaternion is normalised, as everywhere in the binding).
//
// Return codes: 1 hit, 0 miss (the cast) / NP_OK (TOI); negative on bad input: -code for the
// moving shape's transform or the inputs, -(NPW3_ERR_B + code) for the target's transform,
// -(NPWM_ERR_MESH * (i + 1) + code) for mesh i's transform.
#include "binding3d.h"
#include "narrowphase/cast3d.h"

#include <stddef.h>

int npwShapeCast3(const npShape3* shape, const npShape3* target, double* io);
int npwShapeCastMany3(const npShape3* shape, const npShape3* target, double* io, const double* transforms,
					  const double* translations, double* out, int count);
int npwTimeOfImpact3(const npShape3* a, const npShape3* b, double* io);

static npMeshInstance3 castInstances[NPWM_MAX_MESHES];

static npCastOptions3 readOptions(const double* io)
{
	return (npCastOptions3){ io[NPWC3_IO_MAX_FRACTION], io[NPWC3_IO_TARGET_DISTANCE],
							 io[NPWC3_IO_IGNORE_SEPARATING] != 0.0 };
}

static void putHit(double* out, const npCastHit3* h)
{
	out[NPWC3_HIT_FRACTION] = h->hit ? h->fraction : -1.0;
	npwPutVec3(out + NPWC3_HIT_POINT, h->point);
	npwPutVec3(out + NPWC3_HIT_POINT_ON_SHAPE, h->pointOnShape);
	npwPutVec3(out + NPWC3_HIT_NORMAL, h->normal);
	out[NPWC3_HIT_INITIAL] = h->initialOverlap ? 1.0 : 0.0;
	out[NPWC3_HIT_PENETRATION] = h->penetration;
	out[NPWC3_HIT_ITERATIONS] = h->iterations;
	out[NPWC3_HIT_MESH] = h->mesh;
	out[NPWC3_HIT_TRIANGLE] = h->triangle;
}

// The target part of a batch (convex target or meshes) from the io block; 0 or a negative code.
static int readBatch(const npShape3* shape, const npShape3* target, const double* io, npShapeCastBatch3* b)
{
	*b = (npShapeCastBatch3){ 0 };
	b->shape = shape;
	b->options = readOptions(io);
	b->featureTolerance = io[NPWC3_IO_FEATURE_TOLERANCE];
	int n = (int)io[NPWC3_IO_MESH_COUNT];
	if (n < 0 || n > NPWM_MAX_MESHES)
		return -(int)NP_ERR_INVALID_ARGUMENT;
	if (n > 0)
	{
		b->meshes = castInstances;
		b->meshCount = n;
		return npwReadMeshRecords3(io + NPWC3_IO_MESHES, n, castInstances);
	}
	b->target = target;
	npResult r = npwReadTransform3(io + NPWC3_IO_TARGET_XF, &b->targetTransform);
	return r == NP_OK ? 0 : -(NPW3_ERR_B + (int)r);
}

int npwShapeCast3(const npShape3* shape, const npShape3* target, double* io)
{
	npShapeCastBatch3 b;
	int rc = readBatch(shape, target, io, &b);
	if (rc < 0)
		return rc;
	npTransform3 xf;
	npResult r = npwReadTransform3(io + NPWC3_IO_XF, &xf);
	if (r != NP_OK)
		return -(int)r;
	npVec3 translation = npwGetVec3(io + NPWC3_IO_TRANSLATION);
	npCastHit3 hit;
	if (b.meshCount > 0)
	{
		npShapeCastMeshInput3 in = { shape, xf, translation, b.meshes, b.meshCount, b.options, b.featureTolerance };
		r = npShapeCastMeshes3(&in, &hit);
	}
	else
	{
		npShapeCastInput3 in = { shape, xf, translation, target, b.targetTransform, b.options };
		r = npShapeCast3(&in, &hit);
	}
	if (r != NP_OK)
		return -(int)r;
	putHit(io + NPWC3_IO_OUT, &hit);
	return hit.hit ? 1 : 0;
}

// Casts in chunks through npShapeCastMany3 (which checks the shape and target once per chunk).
#define CHUNK 32
int npwShapeCastMany3(const npShape3* shape, const npShape3* target, double* io, const double* transforms,
					  const double* translations, double* out, int count)
{
	io[NPWC3_IO_ERR_INDEX] = -1.0;
	npShapeCastBatch3 b;
	int rc = readBatch(shape, target, io, &b);
	if (rc < 0)
		return rc;
	npTransform3 xf[CHUNK];
	npVec3 tr[CHUNK];
	npCastHit3 hits[CHUNK];
	npResult results[CHUNK];
	int hitCount = 0;
	for (int start = 0; start < count; start += CHUNK)
	{
		int n = count - start < CHUNK ? count - start : CHUNK;
		for (int i = 0; i < n; ++i)
		{
			npResult r = npwReadTransform3(transforms + NPW3_XF_SIZE * (start + i), &xf[i]);
			if (r != NP_OK)
			{
				io[NPWC3_IO_ERR_INDEX] = start + i;
				return -(int)r;
			}
			tr[i] = npwGetVec3(translations + 3 * (start + i));
		}
		npResult r = npShapeCastMany3(&b, xf, tr, n, hits, results);
		if (r != NP_OK)
			return -(int)r;
		for (int i = 0; i < n; ++i)
		{
			if (results[i] != NP_OK)
			{
				io[NPWC3_IO_ERR_INDEX] = start + i;
				return -(int)results[i];
			}
			putHit(out + NPWC3_HIT_SIZE * (start + i), hits + i);
			hitCount += hits[i].hit ? 1 : 0;
		}
	}
	return hitCount;
}

static npResult readSweep(const double* from, const double* to, const double* center, npSweep3* s)
{
	npResult r = npwReadTransform3(from, &s->from);
	if (r == NP_OK)
		r = npwReadTransform3(to, &s->to);
	s->center = npwGetVec3(center);
	return r;
}

int npwTimeOfImpact3(const npShape3* a, const npShape3* b, double* io)
{
	npToiInput3 in;
	in.shapeA = a;
	in.shapeB = b;
	npResult r = readSweep(io + NPWC3_TOI_A_FROM, io + NPWC3_TOI_A_TO, io + NPWC3_TOI_A_CENTER, &in.sweepA);
	if (r != NP_OK)
		return -(int)r;
	r = readSweep(io + NPWC3_TOI_B_FROM, io + NPWC3_TOI_B_TO, io + NPWC3_TOI_B_CENTER, &in.sweepB);
	if (r != NP_OK)
		return -(NPW3_ERR_B + (int)r);
	in.targetDistance = io[NPWC3_TOI_TARGET_DISTANCE];
	in.tolerance = io[NPWC3_TOI_TOLERANCE];
	npToiOutput3 out;
	r = npTimeOfImpact3(&in, &out);
	if (r != NP_OK)
		return -(int)r;
	io[NPWC3_TOI_STATE] = (double)out.state;
	io[NPWC3_TOI_FRACTION] = out.fraction;
	npwPutVec3(io + NPWC3_TOI_NORMAL, out.normal);
	npwPutVec3(io + NPWC3_TOI_POINT_A, out.pointA);
	npwPutVec3(io + NPWC3_TOI_POINT_B, out.pointB);
	io[NPWC3_TOI_ITERATIONS] = out.iterations;
	return 0;
}
