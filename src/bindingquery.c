// The WebAssembly shim behind js/apiquery.mjs: ray casts, point queries, bounds and triangle box
// queries on 2D shapes, 3D shapes and triangle meshes. Marshalling only, no geometry.
//
// One io block (NPWQ_IO_*, offsets from binding_layout.h, generated from tools/iolayout.mjs) holds
// the target's transform (2D: x, y, angle; 3D: position, quaternion), the ray or query point, the
// options, and for meshes one NPWM_IO_MESH record (pointer, transform) per mesh. Each function
// builds the transform(s), calls the core once and writes the result record at NPWQ_IO_OUT. The
// core validates everything it is given (non-finite numbers, zero directions, negative limits).
//
// Many rays (npwRayCastMany*): the origins and directions are flat arrays (dim doubles per ray)
// that JS copied into wasm memory (read in place as npVec2 / npVec3 arrays: the same layout); the
// transform (or the mesh instances) is built once. Shapes go through the core's batch entry
// (npRayCastMany2/3: the shape checked and prepared once per chunk of rays), meshes one core call
// per ray, in an order that keeps rays through nearby space together when there are many
// (rayorder.h; JS gives the scratch); each hit is written as an NPWQ_RAY2 / NPWQ_RAY3 record
// (fraction -1 for a miss). The results are bit-identical to one call per ray in order: the core
// guarantees it for its batch entries, and a mesh ray's answer does not depend on the rays before.
//
// Returns: 1 hit (or inside / found), 0 miss, or a negative code: -code for the target's transform
// or the query, -(NPWM_ERR_MESH * (i + 1) + code) for the transform of mesh i. A many-ray call that
// rejects ray i also writes i at NPWQ_IO_ERR_RAY (-1 when no ray was rejected).
#include "binding.h"
#include "binding3d.h"
#include "inputs.h"
#include "narrowphase/query2d.h"
#include "narrowphase/query3d.h"
#include "rayorder.h"
#include "vec3.h"

#include <string.h>

_Static_assert(NPWQ_PROJECTION_SIZE <= NPWQ_HIT_SIZE, "a projection must fit the io block's result slot");
_Static_assert(NPWQ_BOUNDS_SIZE <= NPWQ_HIT_SIZE, "bounds must fit the io block's result slot");
_Static_assert(sizeof(npVec2) == 2 * sizeof(double) && sizeof(npVec3) == 3 * sizeof(double),
			   "the rays' flat arrays are read as vector arrays");

// Declarations of the exported functions (the shim has no header of its own).
int npwRayCast2(const npShape2* shape, double* io);
int npwRayCastMany2(const npShape2* shape, double* io, const double* origins, const double* directions,
					double* out, int count);
int npwContainsPoint2(const npShape2* shape, double* io);
int npwClosestPoint2(const npShape2* shape, double* io);
int npwShapeBounds2(const npShape2* shape, double* io);
int npwRayCast3(const npShape3* shape, double* io);
int npwRayCastMany3(const npShape3* shape, double* io, const double* origins, const double* directions,
					double* out, int count);
int npwContainsPoint3(const npShape3* shape, double* io);
int npwClosestPoint3(const npShape3* shape, double* io);
int npwShapeBounds3(const npShape3* shape, double* io);
int npwRayCastMeshes3(double* io);
int npwRayCastManyMeshes3(double* io, const double* origins, const double* directions, double* out, int count,
						  void* scratch);
int npwClosestPointMeshes3(double* io);
int npwMeshBounds3(const npMesh3* mesh, double* io);
int npwQueryMeshTriangles3(const npMesh3* mesh, double* io, int32_t* out, int capacity);

// ------------------------------------------------------------------------------ reading
// The 2D transform (x, y, angle). npMakeRot2 reduces the angle by an integer multiple of pi/2 that
// must fit its 64-bit integer, so the angle is bounded first; the core validates the rest. The
// rotation is a prepared transform's (np.transform2d) or the last one made for the same angle
// (npwTransform2 remembers it): npMakeRot2's polynomial was an eighth of a single 2D ray cast.
static npResult readTransform2(const double* io, npTransform2* out)
{
	const double* xf = io + NPWQ_IO_XF;
	if (!npwUsableAngle(xf[NPW_XF2_ANGLE]))
		return NP_ERR_NON_FINITE;
	*out = npwTransform2(xf, 0);
	return NP_OK;
}

// The 3D transform, remembered with its input: a target queried again with the same seven numbers
// (a static shape, or every ray of a frame against one body) skips the quaternion's
// normalisation and checks. The numbers are compared bit for bit, so the result is the one
// npwReadTransform3 gives for them.
static double lastXf3[NPW3_XF_SIZE];
static bool lastXf3Valid = false;
static npTransform3 lastTransform3;
static npResult lastResult3;

static npResult readTransform3(const double* io, npTransform3* out)
{
	const double* xf = io + NPWQ_IO_XF;
	bool same = lastXf3Valid;
	for (int k = 0; k < NPW3_XF_SIZE; ++k)
		same = same && npBitsOf(xf[k]) == npBitsOf(lastXf3[k]);
	if (!same)
	{
		lastResult3 = npwReadTransform3(xf, &lastTransform3);
		memcpy(lastXf3, xf, sizeof lastXf3);
		lastXf3Valid = true;
	}
	*out = lastTransform3;
	return lastResult3;
}

static npRayInput2 readRay2(const double* io)
{
	return (npRayInput2){ npwGetVec2(io + NPWQ_IO_ORIGIN), npwGetVec2(io + NPWQ_IO_DIRECTION), io[NPWQ_IO_MAX_FRACTION],
						  io[NPWQ_IO_SOLID] != 0.0 };
}

static npRayInput3 readRay3(const double* io)
{
	return (npRayInput3){ npwGetVec3(io + NPWQ_IO_ORIGIN), npwGetVec3(io + NPWQ_IO_DIRECTION),
						  io[NPWQ_IO_MAX_FRACTION], io[NPWQ_IO_SOLID] != 0.0 };
}

static npMeshInstance3 instances[NPWM_MAX_MESHES];

// The mesh records of the io block into `instances`. 0, or the negative code described above.
static int readMeshes(const double* io, int* count)
{
	int n = (int)io[NPWQ_IO_MESH_COUNT];
	if (n < 0 || n > NPWM_MAX_MESHES)
		return -(int)NP_ERR_INVALID_ARGUMENT;
	*count = n;
	return npwReadMeshRecords3(io + NPWQ_IO_MESHES, n, instances);
}

// ------------------------------------------------------------------------------ writing
static void putHit2(double* out, const npRayHit2* h)
{
	out[NPWQ_HIT_FRACTION] = h->fraction;
	npwPutVec2(out + NPWQ_HIT_POINT, h->point);
	npwPutVec2(out + NPWQ_HIT_NORMAL, h->normal);
	out[NPWQ_HIT_FRONT_FACE] = h->frontFace ? 1.0 : 0.0;
}

static void putHit3(double* out, const npRayHit3* h)
{
	out[NPWQ_HIT_FRACTION] = h->fraction;
	npwPutVec3(out + NPWQ_HIT_POINT, h->point);
	npwPutVec3(out + NPWQ_HIT_NORMAL, h->normal);
	out[NPWQ_HIT_FRONT_FACE] = h->frontFace ? 1.0 : 0.0;
}

static void putMeshHit(double* out, const npMeshRayHit3* h)
{
	out[NPWQ_HIT_FRACTION] = h->fraction;
	npwPutVec3(out + NPWQ_HIT_POINT, h->point);
	npwPutVec3(out + NPWQ_HIT_NORMAL, h->normal);
	out[NPWQ_HIT_FRONT_FACE] = h->frontFace ? 1.0 : 0.0;
	out[NPWQ_HIT_MESH] = h->mesh;
	out[NPWQ_HIT_TRIANGLE] = h->triangle;
}

// One record of a many-ray call: fraction -1 for a miss (the rest zero), `index` the sub-part hit.
static void putRay2(double* out, bool hit, double fraction, npVec2 point, npVec2 normal)
{
	out[NPWQ_RAY2_FRACTION] = hit ? fraction : -1.0;
	npwPutVec2(out + NPWQ_RAY2_POINT, point);
	npwPutVec2(out + NPWQ_RAY2_NORMAL, normal);
	out[NPWQ_RAY2_INDEX] = -1.0;
}

static void putRay3(double* out, bool hit, double fraction, npVec3 point, npVec3 normal, int index)
{
	out[NPWQ_RAY3_FRACTION] = hit ? fraction : -1.0;
	npwPutVec3(out + NPWQ_RAY3_POINT, point);
	npwPutVec3(out + NPWQ_RAY3_NORMAL, normal);
	out[NPWQ_RAY3_INDEX] = hit ? (double)index : -1.0;
}

// ------------------------------------------------------------------------------ 2D shapes
int npwRayCast2(const npShape2* shape, double* io)
{
	npTransform2 xf;
	npResult r = readTransform2(io, &xf);
	if (r != NP_OK)
		return -(int)r;
	npRayInput2 ray = readRay2(io);
	npRayHit2 h;
	r = npRayCast2(shape, xf, &ray, &h);
	if (r != NP_OK)
		return -(int)r;
	putHit2(io + NPWQ_IO_OUT, &h);
	return h.hit ? 1 : 0;
}

// Rays per call of the core's batch entry: their hits fit a stack buffer, then become records.
#define NPWQ_CHUNK 64

static int chunkSize(int start, int count) { return count - start < NPWQ_CHUNK ? count - start : NPWQ_CHUNK; }

// A rejected ray of chunk `start`: its index (a shape error counts against the chunk's first ray).
static int manyError(double* io, npResult r, int start, int failed)
{
	io[NPWQ_IO_ERR_RAY] = start + (failed < 0 ? 0 : failed);
	return -(int)r;
}

int npwRayCastMany2(const npShape2* shape, double* io, const double* origins, const double* directions,
					double* out, int count)
{
	io[NPWQ_IO_ERR_RAY] = -1.0;
	npTransform2 xf;
	npResult r = readTransform2(io, &xf);
	if (r != NP_OK)
		return -(int)r;
	npRayInput2 one = readRay2(io);
	npRayBatch2 batch = { NULL, NULL, 0, one.maxFraction, one.solid };
	npRayHit2 h[NPWQ_CHUNK];
	int hits = 0;
	for (int start = 0; start < count; start += NPWQ_CHUNK)
	{
		batch.origins = (const npVec2*)(origins + 2 * start);
		batch.directions = (const npVec2*)(directions + 2 * start);
		batch.count = chunkSize(start, count);
		int failed;
		r = npRayCastMany2(shape, xf, &batch, h, &failed);
		if (r != NP_OK)
			return manyError(io, r, start, failed);
		for (int i = 0; i < batch.count; ++i)
		{
			// A miss's hit is all zeros, so fraction - 1 is its -1 (no select on a double: a
			// mispredicted branch per ray in V8's code).
			putRay2(out + NPWQ_RAY2_SIZE * (start + i), true, h[i].fraction - (double)!h[i].hit, h[i].point,
					h[i].normal);
			hits += h[i].hit ? 1 : 0;
		}
	}
	return hits;
}

int npwContainsPoint2(const npShape2* shape, double* io)
{
	npTransform2 xf;
	npResult r = readTransform2(io, &xf);
	bool inside = false;
	if (r == NP_OK)
		r = npContainsPoint2(shape, xf, npwGetVec2(io + NPWQ_IO_ORIGIN), &inside);
	return r != NP_OK ? -(int)r : inside ? 1 : 0;
}

int npwClosestPoint2(const npShape2* shape, double* io)
{
	npTransform2 xf;
	npResult r = readTransform2(io, &xf);
	npPointProjection2 p;
	if (r == NP_OK)
		r = npClosestPoint2(shape, xf, npwGetVec2(io + NPWQ_IO_ORIGIN), &p);
	if (r != NP_OK)
		return -(int)r;
	double* out = io + NPWQ_IO_OUT;
	npwPutVec2(out + NPWQ_PROJECTION_POINT, p.point);
	out[NPWQ_PROJECTION_DISTANCE] = p.distance;
	npwPutVec2(out + NPWQ_PROJECTION_NORMAL, p.normal);
	return 1;
}

int npwShapeBounds2(const npShape2* shape, double* io)
{
	npTransform2 xf;
	npResult r = readTransform2(io, &xf);
	npBounds2 b;
	if (r == NP_OK)
		r = npShapeBounds2(shape, xf, &b);
	if (r != NP_OK)
		return -(int)r;
	npwPutVec2(io + NPWQ_IO_OUT + NPWQ_BOUNDS_LOWER, b.lower);
	npwPutVec2(io + NPWQ_IO_OUT + NPWQ_BOUNDS_UPPER, b.upper);
	return 1;
}

// ------------------------------------------------------------------------------ 3D shapes
int npwRayCast3(const npShape3* shape, double* io)
{
	npTransform3 xf;
	npResult r = readTransform3(io, &xf);
	if (r != NP_OK)
		return -(int)r;
	npRayInput3 ray = readRay3(io);
	npRayHit3 h;
	r = npRayCast3(shape, xf, &ray, &h);
	if (r != NP_OK)
		return -(int)r;
	putHit3(io + NPWQ_IO_OUT, &h);
	return h.hit ? 1 : 0;
}

int npwRayCastMany3(const npShape3* shape, double* io, const double* origins, const double* directions,
					double* out, int count)
{
	io[NPWQ_IO_ERR_RAY] = -1.0;
	npTransform3 xf;
	npResult r = readTransform3(io, &xf);
	if (r != NP_OK)
		return -(int)r;
	npRayInput3 one = readRay3(io);
	npRayBatch3 batch = { NULL, NULL, 0, one.maxFraction, one.solid };
	npRayHit3 h[NPWQ_CHUNK];
	int hits = 0;
	for (int start = 0; start < count; start += NPWQ_CHUNK)
	{
		batch.origins = (const npVec3*)(origins + 3 * start);
		batch.directions = (const npVec3*)(directions + 3 * start);
		batch.count = chunkSize(start, count);
		int failed;
		r = npRayCastMany3(shape, xf, &batch, h, &failed);
		if (r != NP_OK)
			return manyError(io, r, start, failed);
		for (int i = 0; i < batch.count; ++i)
		{
			// As in npwRayCastMany2: a miss's all-zero hit gives the record's -1 without a select.
			putRay3(out + NPWQ_RAY3_SIZE * (start + i), true, h[i].fraction - (double)!h[i].hit, h[i].point,
					h[i].normal, -1);
			hits += h[i].hit ? 1 : 0;
		}
	}
	return hits;
}

int npwContainsPoint3(const npShape3* shape, double* io)
{
	npTransform3 xf;
	npResult r = readTransform3(io, &xf);
	bool inside = false;
	if (r == NP_OK)
		r = npContainsPoint3(shape, xf, npwGetVec3(io + NPWQ_IO_ORIGIN), &inside);
	return r != NP_OK ? -(int)r : inside ? 1 : 0;
}

int npwClosestPoint3(const npShape3* shape, double* io)
{
	npTransform3 xf;
	npResult r = readTransform3(io, &xf);
	npPointProjection3 p;
	if (r == NP_OK)
		r = npClosestPoint3(shape, xf, npwGetVec3(io + NPWQ_IO_ORIGIN), &p);
	if (r != NP_OK)
		return -(int)r;
	double* out = io + NPWQ_IO_OUT;
	npwPutVec3(out + NPWQ_PROJECTION_POINT, p.point);
	out[NPWQ_PROJECTION_DISTANCE] = p.distance;
	npwPutVec3(out + NPWQ_PROJECTION_NORMAL, p.normal);
	return 1;
}

static int putBounds3(double* io, npResult r, const npBounds3* b)
{
	if (r != NP_OK)
		return -(int)r;
	npwPutVec3(io + NPWQ_IO_OUT + NPWQ_BOUNDS_LOWER, b->lower);
	npwPutVec3(io + NPWQ_IO_OUT + NPWQ_BOUNDS_UPPER, b->upper);
	return 1;
}

int npwShapeBounds3(const npShape3* shape, double* io)
{
	npTransform3 xf;
	npResult r = readTransform3(io, &xf);
	npBounds3 b;
	if (r == NP_OK)
		r = npShapeBounds3(shape, xf, &b);
	return putBounds3(io, r, &b);
}

// ------------------------------------------------------------------------------ meshes
int npwRayCastMeshes3(double* io)
{
	int count = 0;
	int e = readMeshes(io, &count);
	if (e != 0)
		return e;
	npRayInput3 ray = readRay3(io);
	npMeshRayHit3 h;
	npResult r = npRayCastMeshes3(instances, count, &ray, io[NPWQ_IO_BACKFACES] != 0.0, &h);
	if (r != NP_OK)
		return -(int)r;
	putMeshHit(io + NPWQ_IO_OUT, &h);
	return h.hit ? 1 : 0;
}

// Casts `count` rays (already checked) against the meshes in order, record i of `out` for ray i;
// returns the number of hits. `out` may be the rays' own memory: a ray is read before its record is
// written.
static int castMeshRays(const double* origins, const double* directions, double* out, int count, npRayInput3* ray,
						int meshCount, bool backfaces)
{
	int hits = 0;
	for (int i = 0; i < count; ++i)
	{
		ray->origin = npwGetVec3(origins + 3 * i);
		ray->direction = npwGetVec3(directions + 3 * i);
		npMeshRayHit3 h;
		npRayCastMeshes3(instances, meshCount, ray, backfaces, &h);
		putRay3(out + NPWQ_RAY3_SIZE * i, h.hit, h.fraction, h.point, h.normal, h.triangle);
		hits += h.hit ? 1 : 0;
	}
	return hits;
}

int npwRayCastManyMeshes3(double* io, const double* origins, const double* directions, double* out, int count,
						  void* scratch)
{
	io[NPWQ_IO_ERR_RAY] = -1.0;
	int meshCount = 0;
	int e = readMeshes(io, &meshCount);
	if (e != 0)
		return e;
	npRayInput3 ray = readRay3(io);
	bool backfaces = io[NPWQ_IO_BACKFACES] != 0.0;

	// Every ray is checked first, in order (the first bad ray is the one reported, as one call per
	// ray in order would): ray 0 by a cast (which also reports the meshes' errors), the others by
	// the ray checks the cast would make.
	for (int i = 0; i < count; ++i)
	{
		ray.origin = npwGetVec3(origins + 3 * i);
		ray.direction = npwGetVec3(directions + 3 * i);
		npMeshRayHit3 h;
		npResult r = i == 0 ? npRayCastMeshes3(instances, meshCount, &ray, backfaces, &h)
							: npCheckRay3(ray.origin, ray.direction, ray.maxFraction);
		if (r != NP_OK)
		{
			io[NPWQ_IO_ERR_RAY] = i;
			return -(int)r;
		}
	}

	// Then cast in an order that keeps rays through nearby space together (rayorder.h): the same
	// answers, fewer cache misses on a big mesh. The rays are copied in that order into slots of
	// one record each (a pass of independent reads, which overlap), cast in sequence with each
	// record written over its ray's slot, and the records are then moved to their rays' places in
	// one pass (a cast's own reads are not slowed by scattered writes).
	if (count < NP_RAY_ORDER_MIN || scratch == NULL)
		return castMeshRays(origins, directions, out, count, &ray, meshCount, backfaces);
	double* slots = (double*)scratch;
	int32_t* order = (int32_t*)(slots + NPWQ_RAY3_SIZE * (size_t)count);
	npOrderRays3((const npVec3*)origins, (const npVec3*)directions, count,
				 0.5 * (ray.maxFraction < 1.0 ? ray.maxFraction : 1.0), order, order + count);
	for (int k = 0; k < count; ++k)
	{
		memcpy(slots + NPWQ_RAY3_SIZE * k, origins + 3 * order[k], 3 * sizeof(double));
		memcpy(slots + NPWQ_RAY3_SIZE * k + 3, directions + 3 * order[k], 3 * sizeof(double));
	}
	int hits = 0;
	for (int k = 0; k < count; ++k)
	{
		double* slot = slots + NPWQ_RAY3_SIZE * k;
		hits += castMeshRays(slot, slot + 3, slot, 1, &ray, meshCount, backfaces);
	}
	for (int k = 0; k < count; ++k)
		memcpy(out + NPWQ_RAY3_SIZE * order[k], slots + NPWQ_RAY3_SIZE * k, NPWQ_RAY3_SIZE * sizeof(double));
	return hits;
}

int npwClosestPointMeshes3(double* io)
{
	int count = 0;
	int e = readMeshes(io, &count);
	if (e != 0)
		return e;
	npMeshPointProjection3 p;
	npResult r = npClosestPointMeshes3(instances, count, npwGetVec3(io + NPWQ_IO_ORIGIN), io[NPWQ_IO_MAX_FRACTION], &p);
	if (r != NP_OK)
		return -(int)r;
	if (!p.found)
		return 0;
	double* out = io + NPWQ_IO_OUT;
	npwPutVec3(out + NPWQ_PROJECTION_POINT, p.point);
	out[NPWQ_PROJECTION_DISTANCE] = p.distance;
	npwPutVec3(out + NPWQ_PROJECTION_NORMAL, p.normal);
	out[NPWQ_PROJECTION_MESH] = p.mesh;
	out[NPWQ_PROJECTION_TRIANGLE] = p.triangle;
	out[NPWQ_PROJECTION_FEATURE] = (double)p.feature;
	return 1;
}

int npwMeshBounds3(const npMesh3* mesh, double* io)
{
	npTransform3 xf;
	npResult r = readTransform3(io, &xf);
	npBounds3 b;
	if (r == NP_OK)
		r = npMeshBounds3(mesh, xf, &b);
	return putBounds3(io, r, &b);
}

/// The triangles overlapping the box [ORIGIN, DIRECTION] into out, ascending. Returns the count, or
/// a negative code; for NP_ERR_CAPACITY io[NPWQ_IO_OUT] holds the count needed.
int npwQueryMeshTriangles3(const npMesh3* mesh, double* io, int32_t* out, int capacity)
{
	npTransform3 xf;
	npResult r = readTransform3(io, &xf);
	int count = 0;
	if (r == NP_OK)
		r = npQueryMeshTriangles3(mesh, xf, npwGetVec3(io + NPWQ_IO_ORIGIN), npwGetVec3(io + NPWQ_IO_DIRECTION), out,
								  capacity, &count);
	io[NPWQ_IO_OUT] = count;
	return r != NP_OK ? -(int)r : count;
}
