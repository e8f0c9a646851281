// Ray casts against triangle meshes.
//
//  1. The ray is moved into each mesh's own frame (a rigid move keeps t, so fractions compare
//     across meshes without rescaling).
//  2. The BVH is walked front to back: a node is entered only if the ray meets its box before the
//     best hit so far (a slab test with the direction's inverse, computed once; an axis the ray
//     does not move along is a plain interval test, so zero components need no infinities), and of
//     two children the one the ray meets first is visited first. Each pushed node keeps its entry
//     t, so a node is dropped when popped if a hit found since lies before it, without testing its
//     box again. For a direction without zero components (nearly every ray) each slab's near and
//     far face are known from the direction's signs, so the box test has no swaps; with finite
//     inverses too it takes its maximum and minimum on the t's bit patterns (integer selects), and
//     the walk keeps every entry as such a key, so ordering and pushing two children take no branch.
//     The walk is memory-bound on big meshes: a random ray reaches ~13 nodes and ~3 triangles of the
//     80,000-triangle benchmark field, and the cache misses on them cost more than the arithmetic
//     (from Node, 200 rays kept in the cache take half the time per ray of 10,000 random ones). So it
//     goes over the ray nodes (npMeshRayNode3: one 64-byte line holds both children's boxes and
//     links) and starts loading the children's lines while their parent's boxes are tested.
//  3. Each triangle in a reached leaf is tested watertight (Woop, Benthin and Wald, "Watertight
//     Ray/Triangle Intersection", JCGT 2013): the vertices are moved into a frame where the ray runs
//     along +z from the origin, and the signs of three 2D edge functions decide the hit. Two
//     triangles sharing an edge compute that edge's function from the same two vertices with the
//     operands swapped, which negates it exactly, so a ray through the edge hits one of them and
//     never slips between.
//  4. Meshes are one-sided: a triangle seen from behind is skipped unless back faces are wanted.
//  5. The hit's normal is recomputed from the triangle's vertices (in the cache: the hit test has
//     just read them) rather than read from mesh->normals, and a leaf's input ids are loaded beside
//     its vertex indices: on a big mesh each stored array read after the walk was one more cache
//     miss per ray, waited for alone.
#include "codesize.h"
#include "ddarith.h"
#include "inputs.h"
#include "narrowphase/query3d.h"
#include "mesh3d_private.h"
#include "tiny3d.h"
#include "vec3.h"

#include <float.h>
#include <stddef.h>
#include <string.h>

_Static_assert(sizeof(((npMeshRayNode3*)0)->bounds[0]) == 6 * sizeof(float), "a child's bounds are six floats in a row");

/// A ray whose direction is within this angle (its sine) of a triangle's plane lies in the plane,
/// and does not hit the triangle (npRayCastMeshes3). Nearer the plane, the crossing is ill-posed:
/// the rounding of the plane's offset (1e-16 of the coordinates) over the sine moves it by more
/// than 1e-8 of the scale, and a ray along a mesh lying in the plane y = z (its vertices off it by
/// 1e-15 of their size) hit a triangle at a point 0.07 off it (fuzz_meshrays3d). Checked on a
/// candidate hit only, so the walk's per-triangle test is unchanged.
#define NP_MESH_RAY_GRAZING 1.0e-8

/// The ray in one mesh's frame, prepared for the triangle and box tests.
typedef struct MeshRay
{
	npVec3 origin;
	npVec3 direction;
	double o[3];       ///< the origin by axis index
	double inverse[3]; ///< 1 / direction per axis (unused where the direction is 0)
	int nearSide[3];   ///< per axis: 0 when the ray meets a box's lower face first (direction >= 0), 3 otherwise
	bool anyZero;      ///< some component of the direction is 0: boxes take the general test
	double grazing;    ///< |direction . n| at or below this (n a unit triangle normal): the ray lies in the plane
	bool finiteInverse; ///< every inverse is finite (no subnormal component): boxes by their bits
	int kx, ky, kz;    ///< axes of the ray frame: kz the direction's largest component
	double okx, oky, okz; ///< the origin's components kx, ky, kz
	double shearX, shearY, shearZ;
	bool backfaces;
} MeshRay;

/// Component k of v (k in 0..2), by index: no chain of selects in the hot loops. (Through the
/// object's bytes: indexing past &v->x would be undefined, and clang does drop such reads.)
static inline double axisOf(const npVec3* v, int k)
{
	double x;
	memcpy(&x, (const char*)v + (size_t)k * sizeof(double), sizeof x);
	return x;
}

/// Bound k of a box of six floats: lower[0..2] for k in 0..2, upper[0..2] for k in 3..5.
static inline double nodeBound(const float* box, int k)
{
	return (double)box[k];
}

static MeshRay makeMeshRay(npVec3 origin, npVec3 direction, bool backfaces)
{
	MeshRay r;
	r.origin = origin;
	r.direction = direction;
	r.backfaces = backfaces;
	r.anyZero = false;
	r.finiteInverse = true;
	r.grazing = NP_MESH_RAY_GRAZING * v3Length(direction);
	for (int k = 0; k < 3; ++k)
	{
		double d = v3Component(direction, k);
		r.o[k] = v3Component(origin, k);
		r.inverse[k] = d != 0.0 ? 1.0 / d : 0.0;
		r.nearSide[k] = d < 0.0 ? 3 : 0;
		r.anyZero = r.anyZero || d == 0.0;
		r.finiteInverse = r.finiteInverse && r.inverse[k] - r.inverse[k] == 0.0;
	}

	double ax = direction.x < 0.0 ? -direction.x : direction.x;
	double ay = direction.y < 0.0 ? -direction.y : direction.y;
	double az = direction.z < 0.0 ? -direction.z : direction.z;
	r.kz = ax >= ay ? (ax >= az ? 0 : 2) : (ay >= az ? 1 : 2);
	r.kx = r.kz == 2 ? 0 : r.kz + 1;
	r.ky = r.kx == 2 ? 0 : r.kx + 1;
	// Keep the ray frame right-handed so edge-function signs keep their meaning.
	if (v3Component(direction, r.kz) < 0.0)
	{
		int swap = r.kx;
		r.kx = r.ky;
		r.ky = swap;
	}
	r.okx = r.o[r.kx];
	r.oky = r.o[r.ky];
	r.okz = r.o[r.kz];
	double dz = v3Component(direction, r.kz);
	// A shear below the normal range is flushed to 0: times any distance along the ray it moves a
	// vertex by under 2.2e-308 of that distance, far below rounding, while its own few bits made
	// the edge functions of a ray lying in a plane (direction (0.155, 5e-324, -1e-300) along a
	// mesh in y = 0) noise, and that ray hit a triangle 0.0039 from its only point in the plane
	// (fuzz_meshrays3d). Flushed, the triangle's shadow along the ray has no area, and the ray,
	// in its plane, does not hit it (npRayCastMeshes3).
	r.shearX = v3Component(direction, r.kx) / dz;
	r.shearY = v3Component(direction, r.ky) / dz;
	r.shearX = fabs(r.shearX) < DBL_MIN ? 0.0 : r.shearX;
	r.shearY = fabs(r.shearY) < DBL_MIN ? 0.0 : r.shearY;
	r.shearZ = r.inverse[r.kz]; // 1 / dz: dz is the largest component, so not 0
	return r;
}

/// The walk (walkMesh) is written once and inlined twice, for rays with and without zero
/// components: the box test is then a constant choice in each copy, inlined into it (in wasm a
/// call per box test, two per node, was a tenth of the walk).
#define WALK_INLINE __attribute__((always_inline)) static inline

/// Entry t of the ray into a box (six floats: lower x y z, upper x y z), or a value above `limit`
/// when it misses it before `limit`.
static double enterBox(const MeshRay* r, const float* box, double limit)
{
	double lower = 0.0, upper = limit;
	for (int k = 0; k < 3; ++k)
	{
		double o = v3Component(r->origin, k);
		if (v3Component(r->direction, k) == 0.0)
		{
			if (o < box[k] || o > box[3 + k])
				return limit * 2.0 + 1.0;
			continue;
		}
		double t0 = ((double)box[k] - o) * r->inverse[k];
		double t1 = ((double)box[3 + k] - o) * r->inverse[k];
		if (t0 > t1)
		{
			double swap = t0;
			t0 = t1;
			t1 = swap;
		}
		lower = t0 > lower ? t0 : lower;
		upper = t1 < upper ? t1 : upper;
	}
	return lower <= upper ? lower : limit * 2.0 + 1.0;
}

/// enterBox for a direction without zero components (most rays): the near and far face of each
/// slab are known from the direction's signs, so no swap and no branch per axis. The same
/// arithmetic as enterBox, so the same result bit for bit.
WALK_INLINE double enterBoxMoving(const MeshRay* r, const float* node, double limit)
{
	double n0 = (nodeBound(node, r->nearSide[0]) - r->o[0]) * r->inverse[0];
	double f0 = (nodeBound(node, 3 - r->nearSide[0]) - r->o[0]) * r->inverse[0];
	double n1 = (nodeBound(node, 1 + r->nearSide[1]) - r->o[1]) * r->inverse[1];
	double f1 = (nodeBound(node, 4 - r->nearSide[1]) - r->o[1]) * r->inverse[1];
	double n2 = (nodeBound(node, 2 + r->nearSide[2]) - r->o[2]) * r->inverse[2];
	double f2 = (nodeBound(node, 5 - r->nearSide[2]) - r->o[2]) * r->inverse[2];
	double lower = n0 > 0.0 ? n0 : 0.0;
	lower = n1 > lower ? n1 : lower;
	lower = n2 > lower ? n2 : lower;
	double upper = f0 < limit ? f0 : limit;
	upper = f1 < upper ? f1 : upper;
	upper = f2 < upper ? f2 : upper;
	return lower <= upper ? lower : limit * 2.0 + 1.0;
}

static inline int64_t bitsOf(double x)
{
	int64_t i;
	memcpy(&i, &x, sizeof i);
	return i;
}

/// enterBoxMoving by the bit patterns of the slab distances, for rays whose inverses are finite
/// (then no distance is NaN): the maximum and minimum are taken on the patterns as signed integers,
/// which compiles to conditional moves where the comparisons of doubles compile to branches (in
/// wasm, and gcc's too) that the walk mispredicts. The entry max(0, n0, n1, n2) is taken over
/// non-negative values, whose patterns order as the values do. For the exit min(limit, f0, f1, f2)
/// a negative value orders below every non-negative one (its pattern is negative), which is all the
/// final test needs (a negative exit is a miss either way); -0 is made +0 first (x + 0 = +0), since
/// its pattern is the most negative one. So the same entries and the same hit or miss, bit for bit.
WALK_INLINE int64_t enterBoxBits(const MeshRay* r, const float* node, double limit)
{
	int64_t n0 = bitsOf((nodeBound(node, r->nearSide[0]) - r->o[0]) * r->inverse[0]);
	int64_t f0 = bitsOf((nodeBound(node, 3 - r->nearSide[0]) - r->o[0]) * r->inverse[0] + 0.0);
	int64_t n1 = bitsOf((nodeBound(node, 1 + r->nearSide[1]) - r->o[1]) * r->inverse[1]);
	int64_t f1 = bitsOf((nodeBound(node, 4 - r->nearSide[1]) - r->o[1]) * r->inverse[1] + 0.0);
	int64_t n2 = bitsOf((nodeBound(node, 2 + r->nearSide[2]) - r->o[2]) * r->inverse[2]);
	int64_t f2 = bitsOf((nodeBound(node, 5 - r->nearSide[2]) - r->o[2]) * r->inverse[2] + 0.0);
	int64_t lower = n0 > 0 ? n0 : 0;
	lower = n1 > lower ? n1 : lower;
	lower = n2 > lower ? n2 : lower;
	int64_t upper = bitsOf(limit + 0.0);
	upper = f0 < upper ? f0 : upper;
	upper = f1 < upper ? f1 : upper;
	upper = f2 < upper ? f2 : upper;
	return lower <= upper ? lower : INT64_MAX;
}

/// The box tests of the walk's three copies (0 any ray, 1 no zero component, 2 no zero component
/// and finite inverses) as a key: the bit pattern of the entry t, which is never negative (the
/// double tests' entries start at +0), so keys order as the entries do; a miss is above `limit`.
WALK_INLINE int64_t enterKey(const MeshRay* r, const float* box, double limit, int mode)
{
	return mode == 2 ? enterBoxBits(r, box, limit) : bitsOf(mode == 1 ? enterBoxMoving(r, box, limit) : enterBox(r, box, limit));
}

/// The sheared 2D position and scaled depth of a vertex in the ray frame.
typedef struct RayFrameVertex
{
	double x, y, z;
} RayFrameVertex;

/// (Component k of v - origin is v's component k minus the origin's: read from the mesh's vertex
/// in place, without building the difference vector to index it.)
static inline RayFrameVertex toRayFrame(const MeshRay* r, const npVec3* v)
{
	double az = axisOf(v, r->kz) - r->okz;
	return (RayFrameVertex){ (axisOf(v, r->kx) - r->okx) - r->shearX * az, (axisOf(v, r->ky) - r->oky) - r->shearY * az,
							 r->shearZ * az };
}


/// Edge functions that cancel to below this fraction of their products leave Woop's depth too
/// coarse: a sliver triangle (two edges nearly parallel) has a plane that the sheared coordinates,
/// each rounded, do not pin down, and a ray crossing one at 49 degrees was reported 1.2e-5 from it
/// at a scale of 600 (fuzz_meshrays3d). Such a hit's fraction is taken from the exact plane
/// instead (sliverCrossing). Plain triangles cancel by far less: their hits keep Woop's depth.
#define NP_MESH_RAY_SLIVER 0x1p-20

/// Where the ray crosses the plane of triangle abc, computed from the triangle's own vertices in
/// double-double arithmetic (ddarith.h): the normal (b - a) x (c - a) and the two dot products
/// n . (a - o) and n . d keep about 106 bits, so the plane is the triangle's exact plane to far
/// below rounding, and the fraction n . (a - o) / n . d is good to a few ulps. The crossing is a
/// point of the triangle (the watertight test found it inside), so its depth along the ray lies
/// between the vertices' depths (zLo, zHi): the result is clamped there, and Woop's t is kept when
/// the plane gives no finite answer.
NP_COLD static double sliverCrossing(const MeshRay* r, const npVec3* a, const npVec3* b, const npVec3* c, double woopT,
									 double zLo, double zHi)
{
	npDD e1[3], e2[3], ao[3];
	for (int k = 0; k < 3; ++k)
	{
		double ak = axisOf(a, k);
		e1[k] = npTwoSum(axisOf(b, k), -ak);
		e2[k] = npTwoSum(axisOf(c, k), -ak);
		ao[k] = npTwoSum(ak, -r->o[k]);
	}
	npDD num = { 0.0, 0.0 }, den = { 0.0, 0.0 };
	for (int k = 0; k < 3; ++k)
	{
		int k1 = k == 2 ? 0 : k + 1, k2 = k1 == 2 ? 0 : k1 + 1;
		npDD n = npDDSub(npDDMul(e1[k1], e2[k2]), npDDMul(e1[k2], e2[k1]));
		num = npDDAdd(num, npDDMul(ao[k], n));
		den = npDDAdd(den, npDDMulDouble(n, v3Component(r->direction, k)));
	}
	double t = (num.hi + num.lo) / (den.hi + den.lo);
	if (!(t - t == 0.0))
		return woopT;
	return t < zLo ? zLo : (t > zHi ? zHi : t);
}

/// Woop's watertight test: the t of the hit in (0 included) [0, limit], or -1.
static inline double hitTriangle(const MeshRay* r, const npVec3* a, const npVec3* b, const npVec3* c, double limit,
								 bool* front)
{
	RayFrameVertex A = toRayFrame(r, a), B = toRayFrame(r, b), C = toRayFrame(r, c);
	double u = C.x * B.y - C.y * B.x;
	double v = A.x * C.y - A.y * C.x;
	double w = B.x * A.y - B.y * A.x;
	// Front faces only: a negative edge function means mixed signs (a miss) or all <= 0 (a back
	// face, or no area): rejected either way, as the general test below would.
	if (!r->backfaces && (u < 0.0 || v < 0.0 || w < 0.0))
		return -1.0;
	if ((u < 0.0 || v < 0.0 || w < 0.0) && (u > 0.0 || v > 0.0 || w > 0.0))
		return -1.0;
	double det = u + v + w;
	if (det == 0.0)
		return -1.0;
	// Edge functions in the denormal range: the triangle's shadow along the ray has no area the
	// double range can resolve, so the ray lies in the triangle's plane within rounding, and does
	// not hit it (npRayCastMeshes3). Their ratios were noise: rays along meshes lying in a plane
	// (vertices off it by denormals) hit at fraction 0, or at a point 0.018 off the triangle
	// (fuzz_meshrays3d).
	if (fabs(det) < DBL_MIN)
		return -1.0;

	// det > 0: the vertices wind counter-clockwise seen from the origin, so the ray meets the front.
	*front = det > 0.0;
	if (!*front && !r->backfaces)
		return -1.0;
	double t = (u * A.z + v * B.z + w * C.z) / det;
	double products = fabs(C.x * B.y) + fabs(C.y * B.x) + fabs(A.x * C.y) + fabs(A.y * C.x) + fabs(B.x * A.y) + fabs(B.y * A.x);
	if (fabs(det) < NP_MESH_RAY_SLIVER * products)
	{
		double zLo = A.z < B.z ? A.z : B.z, zHi = A.z < B.z ? B.z : A.z;
		t = sliverCrossing(r, a, b, c, t, C.z < zLo ? C.z : zLo, C.z > zHi ? C.z : zHi);
	}
	return t >= 0.0 && t <= limit ? t : -1.0;
}

/// Starts loading the lines of a node's inner children while its own boxes are tested: the walk is
/// a chain of dependent cache misses (one line per level), and a load whose value is not waited for
/// lets the next level's miss overlap this level's arithmetic (wasm has no prefetch instruction).
static inline void touchChildren(const npMeshRayNode3* nodes, const npMeshRayNode3* node)
{
	for (int c = 0; c < 2; ++c)
		if (node->count[c] == 0)
			(void)*(const volatile int32_t*)&nodes[node->index[c]].count[0];
}

/// Best hit of the ray in one mesh before `*best`; updates *best and the hit's mesh-side fields.
/// The walk goes over the ray nodes (npMeshRayNode3): the stack holds the children still to visit,
/// each as its link and triangle count (copied from its parent's line when pushed, so a pop reads no
/// node) and its entry key (enterKey); a child is skipped when a hit found since it was pushed lies
/// before it (the same decision as testing its box again with the new limit). The same tree, boxes,
/// order and tests as a walk over npMeshNode3's children, so the same answer bit for bit. Keys
/// compare with the best t's pattern (+0 for -0) as the doubles compare, and as integers the order of
/// two children and the pushes take no branch (slots written always, counted if hit). The best hit
/// is kept in locals and stored once at the end.
WALK_INLINE bool walkMesh(const npMesh3* mesh, const MeshRay* r, double* best, int* triangle, bool* front, int mode)
{
	int32_t link[NP_MESH_WALK_STACK], count[NP_MESH_WALK_STACK];
	int64_t enter[NP_MESH_WALK_STACK];
	if (mesh->nodeCount == 0)
		return false;
	const npMeshRayNode3* nodes = mesh->rayNodes;
	const npVec3* vertices = mesh->vertices;
	double bestT = *best;
	int bestTriangle = *triangle;
	bool bestFront = *front, found = false;
	int64_t bestKey = bitsOf(bestT + 0.0);
	int64_t kRoot = enterKey(r, nodes[0].bounds[0], bestT, mode);
	if (kRoot > bestKey)
		return false;
	link[0] = nodes[0].index[0];
	count[0] = nodes[0].count[0];
	enter[0] = kRoot;
	int top = 1;
	while (top > 0)
	{
		--top;
		if (enter[top] > bestKey)
			continue;
		int32_t first = link[top];
		if (count[top] > 0)
		{
			// The leaf's first input id is loaded alongside its vertex indices, so that if one of
			// its triangles is the hit, the id read after the walk is in the cache (two misses in
			// parallel here instead of one more, alone, at the end).
			(void)*(const volatile int32_t*)&mesh->triangleIds[first];
			const int32_t* t = mesh->triangles + 3 * first;
			for (int i = first, end = first + count[top]; i < end; ++i, t += 3)
			{
				bool isFront;
				double hit = hitTriangle(r, &vertices[t[0]], &vertices[t[1]], &vertices[t[2]], bestT, &isFront);
				if (hit >= 0.0 && (!found || hit < bestT || (hit == bestT && i < bestTriangle)) &&
					!(fabs(v3Dot(r->direction, mesh->normals[i])) <= r->grazing))
				{
					bestT = hit;
					bestTriangle = i;
					bestFront = isFront;
					found = true;
				}
			}
			bestKey = bitsOf(bestT + 0.0);
			continue;
		}

		// Nearer child on top of the stack, so it is visited first; a child the ray misses is not pushed.
		const npMeshRayNode3* kids = &nodes[first];
		touchChildren(nodes, kids);
		int64_t kFirst = enterKey(r, kids->bounds[0], bestT, mode);
		int64_t kSecond = enterKey(r, kids->bounds[1], bestT, mode);
		if (top + 2 > NP_MESH_WALK_STACK)
			break;
		int swap = kSecond < kFirst;
		int64_t kFar = swap ? kFirst : kSecond, kNear = swap ? kSecond : kFirst;
		link[top] = kids->index[1 - swap];
		count[top] = kids->count[1 - swap];
		enter[top] = kFar;
		top += kFar <= bestKey;
		link[top] = kids->index[swap];
		count[top] = kids->count[swap];
		enter[top] = kNear;
		top += kNear <= bestKey;
	}
	if (found)
	{
		*best = bestT;
		*triangle = bestTriangle;
		*front = bestFront;
	}
	return found;
}

static bool castMesh(const npMesh3* mesh, const MeshRay* r, double* best, int* triangle, bool* front)
{
	if (r->anyZero)
		return walkMesh(mesh, r, best, triangle, front, 0);
	return r->finiteInverse ? walkMesh(mesh, r, best, triangle, front, 2) : walkMesh(mesh, r, best, triangle, front, 1);
}

/// A ray whose direction is below NP_TINY on every axis, cast with the direction scaled up by exact
/// powers of two and maxFraction scaled down as much (the same segment; tiny.h's npTinyRayScale).
/// Unscaled, 1 / dz overflowed (the ray frame's shearZ): a ray of direction (1, 1, -3) 5e-324 from
/// 2^-1040 above a triangle 2 across missed it (rayThroughAMeshWithASubnormalDirection). Out of line:
/// ordinary rays pay three compares.
NP_COLD __attribute__((noinline)) static void rayMeshesTiny(const npMeshInstance3* meshes, int meshCount,
															 const npRayInput3* ray, bool backfaces, npMeshRayHit3* hit)
{
	npRayInput3 scaled;
	npTinyRayScale scale = npScaleTinyRay3(ray, &scaled);
	// Checked as the caller's ray was (the scale keeps it within NP_HUGE), so it is cast.
	(void)npRayCastMeshes3(meshes, meshCount, &scaled, backfaces, hit);
	if (!hit->hit)
		return;
	hit->fraction = npTinyRayFraction(&scale, hit->fraction, ray->maxFraction);
	hit->point = v3MulAdd(ray->origin, hit->fraction, ray->direction);
}

npResult npRayCastMeshes3(const npMeshInstance3* meshes, int meshCount, const npRayInput3* ray, bool backfaces,
						  npMeshRayHit3* hit)
{
	if (hit == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*hit = (npMeshRayHit3){ 0 };
	if (ray == NULL || meshCount < 0 || (meshes == NULL && meshCount > 0))
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npCheckRay3(ray->origin, ray->direction, ray->maxFraction);
	for (int m = 0; m < meshCount && r == NP_OK; ++m)
		r = meshes[m].mesh == NULL ? NP_ERR_INVALID_ARGUMENT : npCheckTransform3(meshes[m].transform);
	if (r != NP_OK)
		return r;
	if (npIsTinyDirection3(ray->direction))
	{
		rayMeshesTiny(meshes, meshCount, ray, backfaces, hit);
		return NP_OK;
	}

	double best = ray->maxFraction;
	for (int m = 0; m < meshCount; ++m)
	{
		npTransform3 xf = meshes[m].transform;
		MeshRay local = makeMeshRay(npInvTransformPoint3(xf, ray->origin), npInvRotate3(xf.q, ray->direction), backfaces);
		int triangle = -1;
		bool front = false;
		double limit = best;
		if (!castMesh(meshes[m].mesh, &local, &limit, &triangle, &front))
			continue;
		if (hit->hit && !(limit < best))
			continue;

		// The triangle's input id is loaded first and its normal recomputed from the vertices the
		// hit test has just read (the same bits as mesh->normals[triangle], see mesh3d_private.h):
		// on a big mesh both stored arrays are cache misses, and the arithmetic overlaps the one left.
		best = limit;
		const npMesh3* mesh = meshes[m].mesh;
		hit->triangle = mesh->triangleIds[triangle];
		const int32_t* t = mesh->triangles + 3 * triangle;
		npVec3 n = npRotate3(xf.q, NP_MESH_TRIANGLE_NORMAL(mesh->vertices[t[0]], mesh->vertices[t[1]], mesh->vertices[t[2]]));
		hit->hit = true;
		hit->fraction = limit;
		hit->normal = front ? n : v3Neg(n);
		hit->frontFace = front;
		hit->mesh = m;
	}
	if (hit->hit)
		hit->point = v3MulAdd(ray->origin, hit->fraction, ray->direction);
	return NP_OK;
}
