// Helpers shared by the mesh tests (test_mesh3d.c, test_terdiman.c, test_sliding.c).
// Test code may allocate and use libm freely; the library may not.
#ifndef NP_MESHTEST_H
#define NP_MESHTEST_H

#include "narrowphase/mesh3d.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static inline npVec3 mt3(double x, double y, double z) { return (npVec3){ x, y, z }; }
static inline npVec3 mtSub(npVec3 a, npVec3 b) { return (npVec3){ a.x - b.x, a.y - b.y, a.z - b.z }; }
static inline npVec3 mtAdd(npVec3 a, npVec3 b) { return (npVec3){ a.x + b.x, a.y + b.y, a.z + b.z }; }
static inline npVec3 mtScale(double s, npVec3 a) { return (npVec3){ s * a.x, s * a.y, s * a.z }; }
static inline double mtDot(npVec3 a, npVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline npVec3 mtCross(npVec3 a, npVec3 b)
{
	return (npVec3){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}
static inline double mtLen(npVec3 a) { return sqrt(mtDot(a, a)); }
static inline npVec3 mtNorm(npVec3 a) { return mtScale(1.0 / mtLen(a), a); }
static inline double mtDist(npVec3 a, npVec3 b) { return mtLen(mtSub(a, b)); }

#define MT_PI 3.14159265358979323846

static const npTransform3 mtIdentity = { { 0, 0, 0 }, { 0, 0, 0, 1 } };

static inline npTransform3 mtAt(double x, double y, double z)
{
	return (npTransform3){ { x, y, z }, { 0, 0, 0, 1 } };
}

// Transform with a rotation of `angle` radians about a unit axis (test code may use libm).
static inline npTransform3 mtPose(npVec3 p, npVec3 axis, double angle)
{
	double s = sin(0.5 * angle);
	return (npTransform3){ p, { axis.x * s, axis.y * s, axis.z * s, cos(0.5 * angle) } };
}

static uint64_t mtRng = 0x243F6A8885A308D3ull;
static inline double mtRand(void) // uniform in [0, 1)
{
	mtRng ^= mtRng << 13;
	mtRng ^= mtRng >> 7;
	mtRng ^= mtRng << 17;
	return (double)(mtRng >> 11) * (1.0 / 9007199254740992.0);
}
static inline double mtRange(double a, double b) { return a + (b - a) * mtRand(); }

// Builds a mesh in freshly malloc'd memory (freed with free(mesh)). Returns the result code.
static inline npResult mtMakeMesh(const npVec3* v, int nv, const int32_t* idx, int nt, double weld,
								  npMesh3** out)
{
	*out = NULL;
	size_t bytes = npMeshBytes3(nv, nt);
	if (bytes == 0)
		return NP_ERR_INVALID_ARGUMENT;
	void* mem = malloc(bytes);
	npResult r = npMakeMesh3(&(npMeshInput3){ v, nv, idx, nt, weld }, mem, bytes, out);
	if (r != NP_OK)
		free(mem);
	return r;
}

/// Meshes placed by transforms, each built in its own malloc'd memory (freed by mtSceneFree).
typedef struct mtScene
{
	npMesh3* meshes[8];
	npMeshInstance3 inst[8];
	int count;
	const char* name;
} mtScene;

// Builds a mesh (a failure is a failed check) and places it with xf.
static inline void mtSceneAdd(mtScene* s, const npVec3* v, int nv, const int32_t* idx, int nt, npTransform3 xf)
{
	npMesh3* m = NULL;
	npResult r = mtMakeMesh(v, nv, idx, nt, 0.0, &m);
	CHECK(r == NP_OK, "mesh creation failed: %d", r);
	s->meshes[s->count] = m;
	s->inst[s->count] = (npMeshInstance3){ m, xf };
	s->count += 1;
}

static inline void mtSceneFree(mtScene* s)
{
	for (int i = 0; i < s->count; ++i)
		free(s->meshes[i]);
	s->count = 0;
}

// A flat grid of nx * ny unit cells (cell size `cell`) at height z, x in [x0, x0 + nx*cell], y likewise,
// front face up (+z). Each cell is two triangles; `flip` alternates the diagonal per cell.
// Vertices are shared (indexed). Writes (nx+1)(ny+1) vertices and 2 nx ny triangles.
static inline void mtGrid(int nx, int ny, double x0, double y0, double cell, double z, bool flip,
						  npVec3* v, int32_t* idx)
{
	for (int j = 0; j <= ny; ++j)
		for (int i = 0; i <= nx; ++i)
			v[j * (nx + 1) + i] = mt3(x0 + i * cell, y0 + j * cell, z);
	int t = 0;
	for (int j = 0; j < ny; ++j)
		for (int i = 0; i < nx; ++i)
		{
			int32_t a = j * (nx + 1) + i, b = a + 1, c = a + nx + 1, d = c + 1;
			if (flip && ((i + j) & 1))
			{
				int32_t q[6] = { a, b, c, b, d, c };
				memcpy(idx + 6 * t, q, sizeof q);
			}
			else
			{
				int32_t q[6] = { a, b, d, a, d, c };
				memcpy(idx + 6 * t, q, sizeof q);
			}
			++t;
		}
}

// Closest point on triangle (brute force reference: the interior projection if inside, else the
// closest of the three edge segments).
static inline npVec3 mtClosestOnSegment(npVec3 p, npVec3 a, npVec3 b)
{
	npVec3 ab = mtSub(b, a);
	double t = mtDot(mtSub(p, a), ab) / mtDot(ab, ab);
	t = t < 0 ? 0 : (t > 1 ? 1 : t);
	return mtAdd(a, mtScale(t, ab));
}
static inline npVec3 mtClosestOnTriangle(npVec3 p, npVec3 a, npVec3 b, npVec3 c)
{
	npVec3 n = mtNorm(mtCross(mtSub(b, a), mtSub(c, a)));
	npVec3 q = mtSub(p, mtScale(mtDot(mtSub(p, a), n), n));
	bool inside = mtDot(mtCross(mtSub(b, a), mtSub(q, a)), n) >= 0 && mtDot(mtCross(mtSub(c, b), mtSub(q, b)), n) >= 0 &&
				  mtDot(mtCross(mtSub(a, c), mtSub(q, c)), n) >= 0;
	if (inside)
		return q;
	npVec3 best = mtClosestOnSegment(p, a, b);
	npVec3 e2 = mtClosestOnSegment(p, b, c), e3 = mtClosestOnSegment(p, c, a);
	if (mtDist(p, e2) < mtDist(p, best))
		best = e2;
	if (mtDist(p, e3) < mtDist(p, best))
		best = e3;
	return best;
}

static inline const char* mtFeatureName(npMeshFeature3 f)
{
	return f == NP_MESH_FACE ? "face" : (f == NP_MESH_EDGE ? "edge" : "vertex");
}

static inline void mtPrintContacts(const npMeshContact3* c, int n)
{
	for (int i = 0; i < n; ++i)
		printf("    #%d mesh %d tri %d %s%d n=(%.6f %.6f %.6f) depth %.6f B=(%.4f %.4f %.4f)\n", i, c[i].mesh,
			   c[i].triangle, mtFeatureName(c[i].feature), c[i].featureIndex, c[i].normal.x, c[i].normal.y,
			   c[i].normal.z, c[i].depth, c[i].pointB.x, c[i].pointB.y, c[i].pointB.z);
}

// Checks the conventions every contact must satisfy: unit normal, depth = dot(pA - pB, n).
static inline bool mtContactConsistent(const npMeshContact3* c)
{
	double d = mtDot(mtSub(c->pointA, c->pointB), c->normal);
	return fabs(mtLen(c->normal) - 1.0) < 1e-12 && fabs(d - c->depth) < 1e-9;
}

// A height-field terrain cut into bands, for the tests that a terrain cut into meshes (the same
// world coordinates, listed in another order) collides and casts as the whole: MT_CUT_N x MT_CUT_N
// cells over [-4, 4]^2 (vertex (i, j) at index j (N + 1) + i, its height given), two triangles per
// cell, the whole as one mesh and rows 0-2, 2-5, 5-7 as three, listed last first. Freed with
// mtFreeCutTerrain.
#define MT_CUT_N 7
typedef struct mtCutTerrain
{
	npMesh3* whole;
	npMesh3* bands[3];
	npMeshInstance3 wholeInstance;
	npMeshInstance3 pieces[3];
} mtCutTerrain;

static inline void mtMakeCutTerrain(const double* heights, mtCutTerrain* out)
{
	enum { N = MT_CUT_N, V = (N + 1) * (N + 1) };
	npVec3 v[V];
	int32_t idx[6 * N * N];
	for (int j = 0; j <= N; ++j)
		for (int i = 0; i <= N; ++i)
			v[j * (N + 1) + i] = mt3(-4.0 + 8.0 * i / N, -4.0 + 8.0 * j / N, heights[j * (N + 1) + i]);
	for (int j = 0, t = 0; j < N; ++j)
		for (int i = 0; i < N; ++i, t += 2)
		{
			int32_t a = j * (N + 1) + i, b = a + 1, c = a + N + 1, d = c + 1;
			int32_t quad[6] = { a, b, d, a, d, c };
			memcpy(idx + 3 * t, quad, sizeof quad);
		}
	CHECK(mtMakeMesh(v, V, idx, 2 * N * N, 1e-6, &out->whole) == NP_OK, "cut terrain: the whole");
	out->wholeInstance = (npMeshInstance3){ out->whole, mtIdentity };
	const int cuts[4] = { 0, 2, 5, N };
	for (int p = 0; p < 3; ++p)
	{
		int rows = cuts[p + 1] - cuts[p];
		CHECK(mtMakeMesh(v + cuts[p] * (N + 1), (rows + 1) * (N + 1), idx, 2 * N * rows, 1e-6, &out->bands[p]) == NP_OK,
			  "cut terrain: band %d", p);
		out->pieces[2 - p] = (npMeshInstance3){ out->bands[p], mtIdentity };
	}
}

static inline void mtFreeCutTerrain(mtCutTerrain* t)
{
	free(t->whole);
	for (int p = 0; p < 3; ++p)
		free(t->bands[p]);
}

#endif
