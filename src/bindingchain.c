// The WebAssembly shim behind js/apichain.mjs: 2D chains, chain contacts and the chain queries.
// Marshalling only: JS writes numbers into wasm memory, one call runs the core, results come back
// as doubles.
//
// Creation: JS copies the points (2 doubles each) into a malloc'd block and writes the options
// (NPWCH_DEF_*) at the io block, asks npwChainBytes2 for the size, mallocs it and calls
// npwMakeChain2; the chain lives in that block (no build scratch: nothing to compact).
//
// Queries: the io block (NPWCH_IO_*) holds a transform, the options, the chain count and one
// NPWCH_IO_CHAIN record per chain (its npChain2 pointer and transform). Contacts are written as
// NPWCH_CONTACT records to `out`; ray, point and bounds results as NPWCH_RESULT at NPWCH_IO_OUT.
// A bad transform of chain i returns -(NPWCH_ERR_CHAIN * (i + 1) + code); other errors -code.
#include "binding.h"
#include "chain2d_private.h"
#include "inputs.h"
#include "narrowphase/chain2d.h"
#include "codesize.h"

#include <stddef.h>

// Declarations of the exported functions (the shim has no header of its own).
double npwChainBytes2(int pointCount, int loop);
int npwMakeChain2(const double* xy, int pointCount, const double* io, void* memory, double bytes);
int npwChainInfo2(const npChain2* chain, double* out);
int npwChainLimits2(double* out);
int npwChainContacts2(const npShape2* shape, double* io, double* out, int capacity);
int npwRayCastChains2(double* io);
int npwRayCastManyChains2(double* io, const double* origins, const double* directions, double* out, int count);
int npwClosestPointChains2(double* io);
int npwContainsPointChain2(const npChain2* chain, double* io);
int npwChainBounds2(const npChain2* chain, double* io);
int npwShapeCastChains2(const npShape2* shape, double* io, double* out);
int npwShapeCastManyChains2(const npShape2* shape, double* io, const double* positions, const double* translations,
							double* out, int count);

NP_COLD double npwChainBytes2(int pointCount, int loop)
{
	return (double)npChainBytes2(pointCount, loop != 0);
}

NP_COLD int npwMakeChain2(const double* xy, int pointCount, const double* io, void* memory, double bytes)
{
	npChainDef2 def = npDefaultChainDef2();
	def.loop = io[NPWCH_DEF_LOOP] != 0.0;
	def.hasGhostStart = io[NPWCH_DEF_HAS_GHOST_START] != 0.0;
	def.hasGhostEnd = io[NPWCH_DEF_HAS_GHOST_END] != 0.0;
	def.ghostStart = npwGetVec2(io + NPWCH_DEF_GHOST_START);
	def.ghostEnd = npwGetVec2(io + NPWCH_DEF_GHOST_END);
	npChain2* chain = NULL;
	// npVec2 is two doubles, so the flat array is an array of npVec2.
	return (int)npMakeChain2((const npVec2*)(const void*)xy, pointCount, &def, memory, (size_t)bytes, &chain);
}

NP_COLD int npwChainInfo2(const npChain2* chain, double* out)
{
	out[NPWCH_INFO_POINT_COUNT] = chain->pointCount;
	out[NPWCH_INFO_SEGMENT_COUNT] = chain->segmentCount;
	out[NPWCH_INFO_LOOP] = chain->loop ? 1.0 : 0.0;
	out[NPWCH_INFO_NODE_COUNT] = chain->nodeCount;
	out[NPWCH_INFO_DEPTH] = chain->depth;
	out[NPWCH_INFO_BYTES] = (double)chain->bytes;
	npwPutVec2(out + NPWCH_INFO_LOWER, chain->lower);
	npwPutVec2(out + NPWCH_INFO_UPPER, chain->upper);
	return NPWCH_INFO_SIZE;
}

NP_COLD int npwChainLimits2(double* out)
{
	out[NPWCH_LIMITS_MAX_POINTS] = NP_CHAIN_MAX_POINTS;
	out[NPWCH_LIMITS_MAX_CONTACTS] = NP_CHAIN_MAX_CONTACTS;
	out[NPWCH_LIMITS_MAX_CANDIDATES] = NP_CHAIN_MAX_CANDIDATES;
	out[NPWCH_LIMITS_MAX_CHAINS] = NPWCH_MAX_CHAINS;
	out[NPWCH_LIMITS_FEATURE_TOLERANCE] = NP_CHAIN_FEATURE_TOLERANCE;
	out[NPWCH_LIMITS_ERR_CHAIN] = NPWCH_ERR_CHAIN;
	return NPWCH_LIMITS_SIZE;
}

// ------------------------------------------------------------------------------ reading

// A transform (x, y, angle, and a prepared transform's rotation), validated. npMakeRot2 reduces the
// angle by an integer multiple of pi/2 that must fit its 64-bit integer, so the angle is bounded
// first. npwTransform2 (binding.c) takes a prepared transform's rotation as it is and remembers the
// last angle per slot (the shape's in slot 0, the chains' in slot 1: a chain's is usually 0), so
// the rotation is npMakeRot2's without always running it. A prepared transform (its rotation given,
// not NaN) was validated when it was made (binding.c's isPrepared says why that holds), so it is not
// validated again; JS writes a bare chain's identity that way too (npMakeRot2(0) is exactly (1, 0)).
static npResult readXf(const double* xf, int slot, npTransform2* out)
{
	if (!npwUsableAngle(xf[NPW_XF2_ANGLE]))
		return NP_ERR_NON_FINITE;
	*out = npwTransform2(xf, slot);
	double c = xf[NPW_XF2_COS];
	return c == c ? NP_OK : npValidateTransform2(*out);
}

static npChainInstance2 instances[NPWCH_MAX_CHAINS];

// An NPWCH_CONTACT record is an npChainContact2 (the core writes the contacts straight into the
// caller's block, no copy into doubles afterwards: ~45 wasm instructions and one buffer's cache
// lines fewer per contact), so its layout must be the struct's, here as in wasm32.
_Static_assert(sizeof(npChainContact2) == 8 * NPWCH_CONTACT_SIZE, "NPWCH_CONTACT size");
_Static_assert(offsetof(npChainContact2, pointA) == 8 * NPWCH_CONTACT_POINT_A, "NPWCH_CONTACT_POINT_A");
_Static_assert(offsetof(npChainContact2, pointB) == 8 * NPWCH_CONTACT_POINT_B, "NPWCH_CONTACT_POINT_B");
_Static_assert(offsetof(npChainContact2, normal) == 8 * NPWCH_CONTACT_NORMAL, "NPWCH_CONTACT_NORMAL");
_Static_assert(offsetof(npChainContact2, depth) == 8 * NPWCH_CONTACT_DEPTH, "NPWCH_CONTACT_DEPTH");
_Static_assert(offsetof(npChainContact2, chain) == 8 * NPWCH_CONTACT_CHAIN_SEGMENT, "NPWCH_CONTACT chain");
_Static_assert(offsetof(npChainContact2, segment) == 8 * NPWCH_CONTACT_CHAIN_SEGMENT + 4, "NPWCH_CONTACT segment");
_Static_assert(offsetof(npChainContact2, feature) == 8 * NPWCH_CONTACT_FEATURE_ID, "NPWCH_CONTACT feature");
_Static_assert(sizeof(npChainFeature2) == 4, "NPWCH_CONTACT feature is an int32");
_Static_assert(offsetof(npChainContact2, id) == 8 * NPWCH_CONTACT_FEATURE_ID + 4, "NPWCH_CONTACT id");

// Reads the chain records into `instances`; returns their count, or a negative error.
static int readChains(const double* io)
{
	int count = (int)io[NPWCH_IO_CHAIN_COUNT];
	if (count < 0 || count > NPWCH_MAX_CHAINS)
		return -(int)NP_ERR_INVALID_ARGUMENT;
	for (int i = 0; i < count; ++i)
	{
		const double* rec = io + NPWCH_IO_CHAINS + NPWCH_IO_CHAIN_SIZE * i;
		instances[i].chain = (const npChain2*)(size_t)rec[NPWCH_IO_CHAIN_PTR];
		npResult r = readXf(rec + NPWCH_IO_CHAIN_XF, 1, &instances[i].transform);
		if (r != NP_OK)
			return -(NPWCH_ERR_CHAIN * (i + 1) + (int)r);
	}
	return count;
}

static void putResult(double* io, double value, npVec2 point, npVec2 normal, int chain, int segment)
{
	double* o = io + NPWCH_IO_OUT;
	o[NPWCH_RESULT_VALUE] = value;
	npwPutVec2(o + NPWCH_RESULT_POINT, point);
	npwPutVec2(o + NPWCH_RESULT_NORMAL, normal);
	o[NPWCH_RESULT_CHAIN] = chain;
	o[NPWCH_RESULT_SEGMENT] = segment;
}

// ------------------------------------------------------------------------------ contacts

/// Returns the number of contacts written to `out` (NPWCH_CONTACT records: npChainContact2 structs,
/// `out` 8-byte aligned) or a negative error. When something did not fit
/// the contacts that fit are written and io[NPWCH_IO_CHAIN_COUNT] is set to -1 (otherwise to the
/// number of candidate segments).
int npwChainContacts2(const npShape2* shape, double* io, double* out, int capacity)
{
	npTransform2 xf;
	npResult r = readXf(io + NPWCH_IO_XF, 0, &xf);
	if (r != NP_OK)
		return -(int)r;
	int count = readChains(io);
	if (count < 0)
		return count;
	npChainQuery2 q = npDefaultChainQuery2();
	q.margin = io[NPWCH_IO_MARGIN];
	q.removeGhosts = io[NPWCH_IO_REMOVE_GHOSTS] != 0.0;
	q.featureTolerance = io[NPWCH_IO_FEATURE_TOLERANCE];
	if (capacity > NP_CHAIN_MAX_CONTACTS)
		capacity = NP_CHAIN_MAX_CONTACTS;
	// The transforms were validated as they were read and JS passes live shapes and chains, so only
	// the options are left of npChainContacts2's checks; bad ones go through it for their error.
	npChainContactsOutput2 found = { (npChainContact2*)(void*)out, capacity };
	if (!npIsUsable(q.margin) || !npIsUsable(q.featureTolerance) || q.margin < 0.0 || q.featureTolerance < 0.0)
		return -(int)npChainContacts2(shape, xf, instances, count, &q, &found);
	r = npChainContactsValid2(shape, xf, instances, count, &q, &found);
	if (r != NP_OK && r != NP_ERR_CAPACITY)
		return -(int)r;
	io[NPWCH_IO_CHAIN_COUNT] = r == NP_ERR_CAPACITY ? -1.0 : (double)found.info.candidates;
	return found.count;
}

// ------------------------------------------------------------------------------ rays, points, bounds

static npRayInput2 readRay(const double* io)
{
	return (npRayInput2){ npwGetVec2(io + NPWCH_IO_ORIGIN), npwGetVec2(io + NPWCH_IO_DIRECTION), io[NPWCH_IO_MAX_FRACTION],
						  true };
}

/// 1 on a hit (the result at NPWCH_IO_OUT), 0 on a miss, negative on error.
int npwRayCastChains2(double* io)
{
	int count = readChains(io);
	if (count < 0)
		return count;
	npRayInput2 ray = readRay(io);
	npChainRayHit2 hit;
	npResult r = npRayCastChains2(instances, count, &ray, &hit);
	if (r != NP_OK)
		return -(int)r;
	if (!hit.hit)
		return 0;
	putResult(io, hit.fraction, hit.point, hit.normal, hit.chain, hit.segment);
	return 1;
}

/// Every ray (origins[i], directions[i]) with the io block's maxFraction; one NPWQ_RAY2 record per
/// ray (fraction -1 for a miss; INDEX = the segment). Returns the hit count, or a negative error
/// (io[NPWCH_IO_ERR_RAY] = the rejected ray).
int npwRayCastManyChains2(double* io, const double* origins, const double* directions, double* out, int count)
{
	io[NPWCH_IO_ERR_RAY] = -1.0;
	int chains = readChains(io);
	if (chains < 0)
		return chains;
	npRayInput2 ray = readRay(io);
	int hits = 0;
	for (int i = 0; i < count; ++i)
	{
		ray.origin = npwGetVec2(origins + 2 * i);
		ray.direction = npwGetVec2(directions + 2 * i);
		npChainRayHit2 h;
		npResult r = npRayCastChains2(instances, chains, &ray, &h);
		if (r != NP_OK)
		{
			io[NPWCH_IO_ERR_RAY] = i;
			return -(int)r;
		}
		double* o = out + NPWQ_RAY2_SIZE * i;
		o[NPWQ_RAY2_FRACTION] = h.hit ? h.fraction : -1.0;
		npwPutVec2(o + NPWQ_RAY2_POINT, h.point);
		npwPutVec2(o + NPWQ_RAY2_NORMAL, h.normal);
		o[NPWQ_RAY2_INDEX] = h.hit ? h.segment : -1;
		hits += h.hit ? 1 : 0;
	}
	return hits;
}

/// 1 (the projection at NPWCH_IO_OUT) or negative.
int npwClosestPointChains2(double* io)
{
	int count = readChains(io);
	if (count < 0)
		return count;
	npChainProjection2 p;
	npResult r = npClosestPointChains2(instances, count, npwGetVec2(io + NPWCH_IO_ORIGIN), &p);
	if (r != NP_OK)
		return -(int)r;
	putResult(io, p.distance, p.point, p.normal, p.chain, p.segment);
	return 1;
}

/// 1 inside, 0 outside, negative on error (NP_ERR_INVALID_ARGUMENT for an open chain).
int npwContainsPointChain2(const npChain2* chain, double* io)
{
	npTransform2 xf;
	npResult r = readXf(io + NPWCH_IO_XF, 0, &xf);
	if (r != NP_OK)
		return -(int)r;
	bool inside = false;
	r = npContainsPointChain2(chain, xf, npwGetVec2(io + NPWCH_IO_ORIGIN), &inside);
	if (r != NP_OK)
		return -(int)r;
	return inside ? 1 : 0;
}

/// 0 (lower at NPWCH_RESULT_POINT, upper at NPWCH_RESULT_NORMAL) or negative.
int npwChainBounds2(const npChain2* chain, double* io)
{
	npTransform2 xf;
	npResult r = readXf(io + NPWCH_IO_XF, 0, &xf);
	if (r != NP_OK)
		return -(int)r;
	npBounds2 b;
	r = npChainBounds2(chain, xf, &b);
	if (r != NP_OK)
		return -(int)r;
	putResult(io, 0.0, b.lower, b.upper, 0, 0);
	return 0;
}

// ------------------------------------------------------------------------------ shape casts

// The chain cast input of the io block (the shape's transform at XF, translation at DIRECTION,
// targetDistance at MARGIN). 0 or a negative error (as readChains).
static int readChainCast(const npShape2* shape, const double* io, npChainCastInput2* in)
{
	npTransform2 xf;
	npResult r = readXf(io + NPWCH_IO_XF, 0, &xf);
	if (r != NP_OK)
		return -(int)r;
	*in = npMakeChainCastInput2(shape, xf, npwGetVec2(io + NPWCH_IO_DIRECTION));
	in->cast.maxFraction = io[NPWCH_IO_MAX_FRACTION];
	in->cast.targetDistance = io[NPWCH_IO_MARGIN];
	in->cast.ignoreSeparating = io[NPWCH_IO_IGNORE_SEPARATING] != 0.0;
	in->removeGhosts = io[NPWCH_IO_REMOVE_GHOSTS] != 0.0;
	in->featureTolerance = io[NPWCH_IO_FEATURE_TOLERANCE];
	return 0;
}

/// One cast: 1 on a hit (an NPWCH_CAST record at out), 0 on a miss, negative on error.
int npwShapeCastChains2(const npShape2* shape, double* io, double* out)
{
	npChainCastInput2 in;
	int e = readChainCast(shape, io, &in);
	int count = e == 0 ? readChains(io) : e;
	if (count < 0)
		return count;
	npChainCastHit2 h;
	npResult r = npShapeCastChains2(instances, count, &in, &h);
	if (r != NP_OK)
		return -(int)r;
	out[NPWCH_CAST_FRACTION] = h.cast.fraction;
	npwPutVec2(out + NPWCH_CAST_POINT, h.cast.point);
	npwPutVec2(out + NPWCH_CAST_POINT_ON_SHAPE, h.cast.pointOnShape);
	npwPutVec2(out + NPWCH_CAST_NORMAL, h.cast.normal);
	out[NPWCH_CAST_INITIAL] = h.cast.initialOverlap ? 1.0 : 0.0;
	out[NPWCH_CAST_PENETRATION] = h.cast.penetration;
	out[NPWCH_CAST_ITERATIONS] = h.cast.iterations;
	out[NPWCH_CAST_CHAIN] = h.chain;
	out[NPWCH_CAST_SEGMENT] = h.segment;
	out[NPWCH_CAST_FEATURE] = (double)h.feature;
	return h.cast.hit ? 1 : 0;
}

/// Cast i starts at positions[i] (the io transform's angle) and moves by translations[i]; one
/// NPWC2_MANY record each (fraction -1: miss). Returns the hit count or a negative error
/// (io[NPWCH_IO_ERR_RAY] = the rejected cast).
int npwShapeCastManyChains2(const npShape2* shape, double* io, const double* positions, const double* translations,
							double* out, int count)
{
	io[NPWCH_IO_ERR_RAY] = -1.0;
	npChainCastInput2 in;
	int e = readChainCast(shape, io, &in);
	int chains = e == 0 ? readChains(io) : e;
	if (chains < 0)
		return chains;
	// Chunks through npShapeCastChainsMany2 (the shared input checked once per chunk).
	enum { CHUNK = 32 };
	npChainCastHit2 hit[CHUNK];
	int hits = 0;
	for (int start = 0; start < count; start += CHUNK)
	{
		int n = count - start < CHUNK ? count - start : CHUNK;
		int failed = -1;
		npChainCastMoves2 moves = { (const npVec2*)(const void*)(positions + 2 * start),
									(const npVec2*)(const void*)(translations + 2 * start), n };
		npResult r = npShapeCastChainsMany2(instances, chains, &in, &moves, hit, &failed);
		if (r != NP_OK)
		{
			io[NPWCH_IO_ERR_RAY] = failed < 0 ? -1.0 : (double)(start + failed);
			return -(int)r;
		}
		for (int i = 0; i < n; ++i)
		{
			npwPutCastRecord2(out + NPWC2_MANY_SIZE * (start + i), &hit[i].cast);
			hits += hit[i].cast.hit ? 1 : 0;
		}
	}
	return hits;
}
