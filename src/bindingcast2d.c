// The WebAssembly shim behind js/apicast2d.mjs: 2D shape casts (one, or many in one call) and time
// of impact. Marshalling only, no geometry.
//
// The io blocks (NPWC2_IO_*, NPWC2_TOI_IO_*; offsets from binding_layout.h, generated from
// tools/iolayout.mjs) hold the transforms as (x, y, angle), the translation, the sweeps and the
// options; the result record is written at the block's OUT. Rotations come from npMakeRot2 (the
// library's deterministic sine and cosine), after the angle is bounded as it needs.
//
// Returns: 1 hit (time of impact: the state + 1), 0 miss, or a negative code: -code for the moving
// shape's transform, -(NPW_ERR_B + code) for the target's, -(NPWC2_ERR_INPUT + code) for any other
// input (translation, options, sweeps). A many-cast call that rejects cast i writes i at
// NPWC2_IO_ERR_INDEX (-1 when the shared input was rejected).
#include "binding.h"
#include "cast2d_private.h"
#include "narrowphase/cast2d.h"

_Static_assert(NPWC2_IO_SIZE <= 64 && NPWC2_TOI_IO_SIZE <= 64, "the cast io blocks must fit the JS io view");

// Declarations of the exported functions (the shim has no header of its own).
int npwShapeCast2(const npShape2* shape, const npShape2* target, double* io);
int npwShapeCastMany2(const npShape2* shape, const npShape2* target, double* io, const double* positions,
					  const double* translations, double* out, int count);
int npwTimeOfImpact2(const npShape2* shapeA, const npShape2* shapeB, double* io);

// A transform (x, y, angle), validated, its rotation through the shim's cache (binding.c). 0 or -code.
static int readTransform(const double* xf, int slot, npTransform2* out)
{
	if (!npwUsableAngle(xf[NPW_XF2_ANGLE]))
		return -(int)NP_ERR_NON_FINITE;
	*out = npwTransform2(xf, slot);
	npResult r = npValidateTransform2(*out);
	return r == NP_OK ? 0 : -(int)r;
}

// The cast input of the io block (shapes, transforms, options). 0 or the negative code.
static int readCast(const npShape2* shape, const npShape2* target, const double* io, npShapeCastInput2* in)
{
	npTransform2 xf, xfTarget;
	int e = readTransform(io + NPWC2_IO_XF, 0, &xf);
	if (e != 0)
		return e;
	e = readTransform(io + NPWC2_IO_XF_TARGET, 1, &xfTarget);
	if (e != 0)
		return e - NPW_ERR_B;
	*in = npMakeShapeCastInput2(shape, xf, npwGetVec2(io + NPWC2_IO_TRANSLATION), target, xfTarget);
	in->maxFraction = io[NPWC2_IO_MAX_FRACTION];
	in->targetDistance = io[NPWC2_IO_TARGET_DISTANCE];
	in->ignoreSeparating = io[NPWC2_IO_IGNORE_SEPARATING] != 0.0;
	return 0;
}

int npwShapeCast2(const npShape2* shape, const npShape2* target, double* io)
{
	npShapeCastInput2 in;
	int e = readCast(shape, target, io, &in);
	if (e != 0)
		return e;
	npCastHit2 h;
	npResult r = npShapeCastValidXf2(&in, &h); // readCast validated the transforms
	if (r != NP_OK)
		return -(NPWC2_ERR_INPUT + (int)r);
	double* out = io + NPWC2_IO_OUT;
	out[NPWC2_HIT_FRACTION] = h.fraction;
	npwPutVec2(out + NPWC2_HIT_POINT, h.point);
	npwPutVec2(out + NPWC2_HIT_POINT_ON_SHAPE, h.pointOnShape);
	npwPutVec2(out + NPWC2_HIT_NORMAL, h.normal);
	out[NPWC2_HIT_INITIAL] = h.initialOverlap ? 1.0 : 0.0;
	out[NPWC2_HIT_PENETRATION] = h.penetration;
	out[NPWC2_HIT_ITERATIONS] = h.iterations;
	return h.hit ? 1 : 0;
}

/// Cast i starts at positions[i] (2 doubles) and moves by translations[i]; its NPWC2_MANY record
/// goes to out. Returns the number of hits or a negative code.
int npwShapeCastMany2(const npShape2* shape, const npShape2* target, double* io, const double* positions,
					  const double* translations, double* out, int count)
{
	io[NPWC2_IO_ERR_INDEX] = -1.0;
	npShapeCastInput2 in;
	int e = readCast(shape, target, io, &in);
	if (e != 0)
		return e;
	// Chunks of casts through npShapeCastMany2 (the shared input checked once per chunk); the
	// positions and translations are read as npVec2 arrays (two doubles each, the same layout).
	enum { CHUNK = 32 };
	npCastHit2 hits[CHUNK];
	int hitCount = 0;
	for (int start = 0; start < count; start += CHUNK)
	{
		int n = count - start < CHUNK ? count - start : CHUNK;
		int failed = -1;
		npResult r = npShapeCastMany2(&in, (const npVec2*)(positions + 2 * start), (const npVec2*)(translations + 2 * start),
									  n, hits, &failed);
		if (r != NP_OK)
		{
			io[NPWC2_IO_ERR_INDEX] = failed < 0 ? -1.0 : (double)(start + failed);
			return -(NPWC2_ERR_INPUT + (int)r);
		}
		for (int i = 0; i < n; ++i)
		{
			npwPutCastRecord2(out + NPWC2_MANY_SIZE * (start + i), &hits[i]);
			hitCount += hits[i].hit ? 1 : 0;
		}
	}
	return hitCount;
}

void npwPutCastRecord2(double* o, const npCastHit2* h)
{
	o[NPWC2_MANY_FRACTION] = h->hit ? h->fraction : -1.0;
	npwPutVec2(o + NPWC2_MANY_POINT, h->point);
	npwPutVec2(o + NPWC2_MANY_POINT_ON_SHAPE, h->pointOnShape);
	npwPutVec2(o + NPWC2_MANY_NORMAL, h->normal);
	o[NPWC2_MANY_INITIAL] = h->initialOverlap ? 1.0 : 0.0;
}

static npSweep2 readSweep(const double* s)
{
	const double* from = s + NPWC2_SWEEP_FROM;
	const double* to = s + NPWC2_SWEEP_TO;
	return (npSweep2){ npwGetVec2(s + NPWC2_SWEEP_CENTER), { from[NPW_XF2_X], from[NPW_XF2_Y] }, from[NPW_XF2_ANGLE],
					   { to[NPW_XF2_X], to[NPW_XF2_Y] }, to[NPW_XF2_ANGLE] };
}

/// Returns the state + 1 (1 hit, 2 separated, 3 overlapped, 4 failed) or a negative code.
int npwTimeOfImpact2(const npShape2* shapeA, const npShape2* shapeB, double* io)
{
	npTimeOfImpactInput2 in = { shapeA, readSweep(io + NPWC2_TOI_IO_SWEEP_A), shapeB, readSweep(io + NPWC2_TOI_IO_SWEEP_B),
								io[NPWC2_TOI_IO_TARGET_DISTANCE], io[NPWC2_TOI_IO_TOLERANCE] };
	npToiResult2 t;
	npResult r = npTimeOfImpact2(&in, &t);
	if (r != NP_OK)
		return -(NPWC2_ERR_INPUT + (int)r);
	double* out = io + NPWC2_TOI_IO_OUT;
	out[NPWC2_TOI_STATE] = (double)t.state;
	out[NPWC2_TOI_FRACTION] = t.fraction;
	npwPutVec2(out + NPWC2_TOI_NORMAL, t.normal);
	npwPutVec2(out + NPWC2_TOI_POINT_A, t.pointA);
	npwPutVec2(out + NPWC2_TOI_POINT_B, t.pointB);
	out[NPWC2_TOI_ITERATIONS] = t.iterations;
	return (int)t.state + 1;
}
