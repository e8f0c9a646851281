// Ray casts against triangle meshes, against a brute force that tests every triangle of every mesh
// in world space (its own quaternion rotation, a plane hit and barycentric coordinates: no code
// shared with the library), plus the watertightness checks: rays aimed exactly at shared vertices
// and edges of a grid must hit, and one-sided meshes must let rays through from behind.
#include "check.h"
#include "testrng3d.h"
#include "testvec3.h"

#include <narrowphase/narrowphase.h>

#include <math.h>
#include <stdlib.h>

enum { GRID = 12 };

typedef struct Grid
{
	npVec3 vertices[(GRID + 1) * (GRID + 1)];
	int32_t indices[GRID * GRID * 6];
	npMesh3* mesh;
	void* memory;
} Grid;

/// A GRID x GRID height field over [-3, 3]^2 in x and z, front faces up (+y).
static Grid* makeGrid(bool bumpy)
{
	Grid* g = calloc(1, sizeof *g);
	for (int j = 0; j <= GRID; ++j)
		for (int i = 0; i <= GRID; ++i)
			g->vertices[j * (GRID + 1) + i] = (npVec3){ -3 + 0.5 * i, bumpy ? rndRange(-0.4, 0.4) : 0.0, -3 + 0.5 * j };
	int n = 0;
	for (int j = 0; j < GRID; ++j)
		for (int i = 0; i < GRID; ++i)
		{
			int32_t a = j * (GRID + 1) + i, b = a + 1, c = a + GRID + 1, d = c + 1;
			// Counter-clockwise seen from +y.
			g->indices[n++] = a;
			g->indices[n++] = c;
			g->indices[n++] = b;
			g->indices[n++] = b;
			g->indices[n++] = c;
			g->indices[n++] = d;
		}
	size_t bytes = npMeshBytes3((GRID + 1) * (GRID + 1), GRID * GRID * 2);
	g->memory = malloc(bytes);
	const npMeshInput3 input = { g->vertices, (GRID + 1) * (GRID + 1), g->indices, GRID * GRID * 2, 0.0 };
	npResult r = npMakeMesh3(&input, g->memory, bytes, &g->mesh);
	CHECK(r == NP_OK, "grid mesh: %d", (int)r);
	return g;
}

static void freeGrid(Grid* g)
{
	free(g->memory);
	free(g);
}

/// World-space triangle k of instance m.
static void worldTriangle(const Grid* g, npTransform3 xf, int k, npVec3 out[3])
{
	for (int i = 0; i < 3; ++i)
		out[i] = add(xf.p, rotateByQuat(xf.q, g->vertices[g->indices[3 * k + i]]));
}

typedef struct Reference
{
	double t;      ///< first clear hit (all barycentrics >= margin), or INFINITY
	double tAny;   ///< first hit with barycentrics >= -margin (grazing allowed), or INFINITY
} Reference;

static Reference reference(Grid* const* grids, const npTransform3* xfs, int count, npVec3 o, npVec3 d, double maxFraction, bool backfaces)
{
	Reference ref = { INFINITY, INFINITY };
	const double margin = 1e-9;
	for (int m = 0; m < count; ++m)
		for (int k = 0; k < GRID * GRID * 2; ++k)
		{
			npVec3 v[3];
			worldTriangle(grids[m], xfs[m], k, v);
			npVec3 n = cross(sub(v[1], v[0]), sub(v[2], v[0]));
			double den = dot(n, d);
			if (den == 0 || (den > 0 && !backfaces))
				continue;
			double t = dot(n, sub(v[0], o)) / den;
			if (t < 0 || t > maxFraction)
				continue;
			npVec3 p = add(o, scale(t, d));
			double area = len(n), b[3];
			for (int i = 0; i < 3; ++i)
				b[i] = dot(cross(sub(v[(i + 2) % 3], v[(i + 1) % 3]), sub(p, v[(i + 1) % 3])), n) / (area * area);
			if (b[0] >= margin && b[1] >= margin && b[2] >= margin && t < ref.t)
				ref.t = t;
			if (b[0] >= -margin && b[1] >= -margin && b[2] >= -margin && t < ref.tAny)
				ref.tAny = t;
		}
	return ref;
}

static void randomRays(int count)
{
	Grid* grids[2] = { makeGrid(true), makeGrid(true) };
	npTransform3 xfs[2] = { { { 0, 0, 0 }, { 0, 0, 0, 1 } }, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	npMakeTransform3((npVec3){ 0.5, 1.5, -0.2 }, (npQuat){ 0.3, 0.1, -0.2, 0.9 }, &xfs[1]);
	npMeshInstance3 inst[2] = { { grids[0]->mesh, xfs[0] }, { grids[1]->mesh, xfs[1] } };
	int hits = 0, misses = 0;
	for (int k = 0; k < count; ++k)
	{
		int meshCount = rnd() < 0.5 ? 1 : 2;
		bool backfaces = rnd() < 0.3;
		npRayInput3 ray = npMakeRayInput3((npVec3){ rndRange(-4, 4), rndRange(-3, 4), rndRange(-4, 4) },
			(npVec3){ rndRange(-6, 6), rndRange(-6, 6), rndRange(-6, 6) });
		if (rnd() < 0.7)
		{
			// Aimed through a point near one of the grounds.
			npVec3 target = V(rndRange(-3, 3), rndRange(-0.5, 2), rndRange(-3, 3));
			double reach = rndRange(0.8, 2.5);
			ray.direction = (npVec3){ reach * (target.x - ray.origin.x), reach * (target.y - ray.origin.y),
				reach * (target.z - ray.origin.z) };
		}
		if (rnd() < 0.15)
			ray.direction.x = 0;
		if (rnd() < 0.15)
			ray.direction.z = 0;
		if (ray.direction.x == 0 && ray.direction.y == 0 && ray.direction.z == 0)
			ray.direction.y = -1;
		ray.maxFraction = rnd() < 0.8 ? 1.0 : rndRange(0, 3);

		npMeshRayHit3 h;
		CHECK(npRayCastMeshes3(inst, meshCount, &ray, backfaces, &h) == NP_OK, "ray %d: error", k);
		npVec3 o = ray.origin, d = ray.direction;
		Reference ref = reference(grids, xfs, meshCount, o, d, ray.maxFraction, backfaces);
		double tol = 1e-9 * (1 + len(o)) / len(d);
		if (ref.tAny == INFINITY)
		{
			++misses;
			CHECK(!h.hit, "ray %d: hit at %.17g, expected a miss", k, h.fraction);
			continue;
		}
		if (ref.t < INFINITY)
			++hits;
		CHECK(h.hit || ref.t == INFINITY, "ray %d: missed, expected a hit at %.17g", k, ref.t);
		if (!h.hit)
			continue;
		CHECK(h.fraction >= ref.tAny - tol && h.fraction <= ref.t + tol, "ray %d: hit at %.17g, expected %.17g..%.17g", k,
			  h.fraction, ref.tAny, ref.t);

		npVec3 tri[3];
		worldTriangle(grids[h.mesh], xfs[h.mesh], h.triangle, tri);
		npVec3 n = cross(sub(tri[1], tri[0]), sub(tri[2], tri[0]));
		n = scale(1 / len(n), n);
		CHECK(fabs(dot(sub(h.point, tri[0]), n)) <= 1e-9 * (1 + len(o)), "ray %d: point off its triangle's plane", k);
		CHECK(h.frontFace == (dot(n, d) < 0), "ray %d: frontFace %d but dot(n, d) = %g", k, h.frontFace, dot(n, d));
		CHECK(backfaces || h.frontFace, "ray %d: back face hit without backfaces", k);
		CHECK(dot(h.normal, d) <= 0 && len(sub(h.normal, h.frontFace ? n : scale(-1, n))) < 1e-12,
			  "ray %d: normal is not the triangle's, facing the ray", k);
	}
	printf("random mesh rays: %d clear hits, %d misses\n", hits, misses);
	freeGrid(grids[0]);
	freeGrid(grids[1]);
}

/// Rays aimed exactly at every shared vertex and edge midpoint of a grid, from several directions:
/// none may slip through.
static void watertight(void)
{
	for (int bumpy = 0; bumpy < 2; ++bumpy)
	{
		Grid* g = makeGrid(bumpy);
		npMeshInstance3 inst = { g->mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
		int rays = 0, missed = 0;
		for (int j = 1; j < GRID; ++j)
			for (int i = 1; i < GRID; ++i)
				for (int target = 0; target < 4; ++target)
				{
					// A vertex, the midpoints of the edges to its right and above, and of the diagonal.
					npVec3 a = g->vertices[j * (GRID + 1) + i];
					npVec3 b = g->vertices[j * (GRID + 1) + i + (target == 1 || target == 3)];
					npVec3 c = g->vertices[(j + (target >= 2)) * (GRID + 1) + i];
					if (target == 3)
						c = g->vertices[(j + 1) * (GRID + 1) + i];
					npVec3 p = target == 0 ? a : (npVec3){ (b.x + c.x) / 2, (b.y + c.y) / 2, (b.z + c.z) / 2 };
					for (int dir = 0; dir < 4; ++dir)
					{
						npVec3 from = { p.x + 0.37 * dir - 0.5, p.y + 2, p.z + 0.21 * dir - 0.3 };
						npRayInput3 ray = npMakeRayInput3(from, (npVec3){ (p.x - from.x) * 2, (p.y - from.y) * 2, (p.z - from.z) * 2 });
						npMeshRayHit3 h;
						npRayCastMeshes3(&inst, 1, &ray, false, &h);
						++rays;
						missed += !h.hit;
					}
				}
		CHECK(missed == 0, "%s grid: %d of %d rays through shared vertices and edges slipped through", bumpy ? "bumpy" : "flat",
			  missed, rays);
		freeGrid(g);
	}
}

static void oneSided(void)
{
	Grid* g = makeGrid(false);
	npMeshInstance3 inst = { g->mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } };
	npMeshRayHit3 h;
	npRayInput3 up = npMakeRayInput3((npVec3){ 0.1, -1, 0.2 }, (npVec3){ 0, 2, 0 });
	npRayCastMeshes3(&inst, 1, &up, false, &h);
	CHECK(!h.hit, "a ray from below passes through a one-sided ground");
	npRayCastMeshes3(&inst, 1, &up, true, &h);
	CHECK(h.hit && h.fraction == 0.5 && !h.frontFace && h.normal.y == -1, "with backfaces it hits the ground's back");
	npRayInput3 down = npMakeRayInput3((npVec3){ 0.1, 1, 0.2 }, (npVec3){ 0, -2, 0 });
	npRayCastMeshes3(&inst, 1, &down, false, &h);
	CHECK(h.hit && h.fraction == 0.5 && h.frontFace && h.normal.y == 1, "from above it hits the front");

	// Two grounds: the ray from below passes the lower one's back and hits the upper one's front? No:
	// both face up; from above, the upper ground is hit first even though it is listed second.
	npMeshInstance3 two[2] = { inst, { g->mesh, { { 0, 0.5, 0 }, { 0, 0, 0, 1 } } } };
	npRayCastMeshes3(two, 2, &down, false, &h);
	CHECK(h.hit && h.mesh == 1 && h.fraction == 0.25, "the nearer of two meshes wins: mesh %d at %g", h.mesh, h.fraction);

	// Starting exactly on the ground, going down: t = 0 hits the front face.
	npRayInput3 onGround = npMakeRayInput3((npVec3){ 0.1, 0, 0.2 }, (npVec3){ 0, -1, 0 });
	npRayCastMeshes3(&inst, 1, &onGround, false, &h);
	CHECK(h.hit && h.fraction == 0, "a ray starting on the ground hits it at t = 0");
	// A ray in the ground's plane does not hit it.
	npRayInput3 along = npMakeRayInput3((npVec3){ -5, 0, 0.2 }, (npVec3){ 10, 0, 0 });
	npRayCastMeshes3(&inst, 1, &along, true, &h);
	CHECK(!h.hit, "a ray in the ground's plane");

	npRayInput3 bad = npMakeRayInput3((npVec3){ 0, 0, 0 }, (npVec3){ 0, 0, 0 });
	CHECK(npRayCastMeshes3(&inst, 1, &bad, false, &h) == NP_ERR_INVALID_ARGUMENT, "zero direction");
	CHECK(npRayCastMeshes3(&inst, -1, &down, false, &h) == NP_ERR_INVALID_ARGUMENT, "negative count");
	npMeshInstance3 broken = { g->mesh, { { 0, 0, 0 }, { 0, 0, 0, 0 } } };
	CHECK(npRayCastMeshes3(&broken, 1, &down, false, &h) == NP_ERR_INVALID_TRANSFORM, "zero quaternion");
	freeGrid(g);
}

// A ray with a subnormal direction, (1, 1, -3) 5e-324, from 2^-1040 above a triangle 2 across
// (front +z; maxFraction 1e12, so the ray is long enough to reach it). Unscaled, the ray frame's
// 1 / dz overflowed and the ray missed (found in session 16's review; the direction is now scaled
// by exact powers of two, meshray3d.c's rayMeshesTiny). Expected, closed forms: untouched, the
// plane z = 0 at t = 2^-1040 / (3 * 2^-1074) = 2^34 / 3 with normal (0, 0, 1); with the mesh
// turned 30 degrees about x its plane has normal (0, -s, c) and t = 2^34 c / (s + 3c) (within 1e-10:
// the turn rounds the origin and the direction into the mesh's frame; measured 2.5e-12).
static void rayThroughAMeshWithASubnormalDirection(void)
{
	static const npVec3 v[3] = { { -1, -1, 0 }, { 1, -1, 0 }, { 0, 1, 0 } };
	static const int32_t idx[3] = { 0, 1, 2 };
	npMeshInput3 input = { v, 3, idx, 1, 0.0 };
	size_t bytes = npMeshBytes3(3, 1);
	void* memory = aligned_alloc(8, (bytes + 7) / 8 * 8);
	npMesh3* mesh = NULL;
	CHECK(memory != NULL && npMakeMesh3(&input, memory, bytes, &mesh) == NP_OK, "triangle mesh");
	double half = 0.2617993877991494; // 15 degrees
	double c = 1.0 - 2.0 * sin(half) * sin(half), s = 2.0 * sin(half) * cos(half);
	for (int turned = 0; turned < 2 && mesh != NULL; ++turned)
	{
		npMeshInstance3 inst = { mesh, { { 0, 0, 0 }, { turned ? sin(half) : 0.0, 0, 0, turned ? cos(half) : 1.0 } } };
		npRayInput3 ray = npMakeRayInput3((npVec3){ 0, 0, 0x1p-1040 }, (npVec3){ 0x1p-1074, 0x1p-1074, -3 * 0x1p-1074 });
		ray.maxFraction = 1e12;
		npMeshRayHit3 h;
		CHECK(npRayCastMeshes3(&inst, 1, &ray, false, &h) == NP_OK && h.hit && h.frontFace,
			  "subnormal direction (turned %d): hit %d", turned, h.hit);
		double expected = turned ? 0x1p34 * c / (s + 3.0 * c) : 0x1p34 / 3.0;
		npVec3 n = turned ? (npVec3){ 0, -s, c } : (npVec3){ 0, 0, 1 };
		CHECK(fabs(h.fraction - expected) <= 1e-10 * expected && fabs(h.normal.x - n.x) <= 1e-12 &&
				  fabs(h.normal.y - n.y) <= 1e-12 && fabs(h.normal.z - n.z) <= 1e-12,
			  "subnormal direction (turned %d): fraction %.17g (expected %.17g), normal (%g, %g, %g)", turned,
			  h.fraction, expected, h.normal.x, h.normal.y, h.normal.z);
	}
	free(memory);
}

int main(void)
{
	oneSided();
	rayThroughAMeshWithASubnormalDirection();
	watertight();
	randomRays(4000);
	return checkSummary();
}
