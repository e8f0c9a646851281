// Mesh creation (welding, degenerate triangles, adjacency, BVH), the midphase query, and
// npMeshContacts3's input checks, capacities and agreement with a brute-force reference.
// References are closed forms (grid counts) or brute force over all triangles.
#define _POSIX_C_SOURCE 199309L // clock_gettime

#include "meshtest.h"
#include "mesh3d_private.h" // npPackBox3, npPackedOverlap3: the packed boxes queries use
#include "narrowphase/query3d.h"
#include "vec3.h" // NP_MESH_TRIANGLE_NORMAL

#include <string.h>
#include <time.h>

// CPU time of this process: the machine is shared, so wall time measures the neighbours too.
static double cpuSeconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void testErrors(void)
{
	npVec3 v[4] = { mt3(0, 0, 0), mt3(1, 0, 0), mt3(0, 1, 0), mt3(1, 1, 0) };
	int32_t idx[6] = { 0, 1, 2, 1, 3, 2 };
	npMesh3* m = NULL;
	CHECK(npMeshBytes3(0, 1) == 0 && npMeshBytes3(3, 0) == 0 && npMeshBytes3(-1, 5) == 0, "bytes of bad counts");
	CHECK(npMeshBytes3(3, NP_MESH_MAX_TRIANGLES + 1) == 0, "bytes of too many triangles");
	size_t bytes = npMeshBytes3(4, 2);
	CHECK(bytes > sizeof(npMesh3), "bytes %zu", bytes);
	void* mem = malloc(bytes + 8);
	const npMeshInput3 good = { v, 4, idx, 2, 0.0 };
	CHECK(npMakeMesh3(NULL, mem, bytes, &m) == NP_ERR_INVALID_ARGUMENT && m == NULL, "null input");
	CHECK(npMakeMesh3(&good, mem, bytes - 1, &m) == NP_ERR_CAPACITY && m == NULL, "too small");
	CHECK(npMakeMesh3(&good, (char*)mem + 4, bytes, &m) == NP_ERR_INVALID_ARGUMENT, "misaligned");
	npMeshInput3 in = good;
	in.vertices = NULL;
	CHECK(npMakeMesh3(&in, mem, bytes, &m) == NP_ERR_INVALID_ARGUMENT, "null vertices");
	in = good;
	in.weldTolerance = -1.0;
	CHECK(npMakeMesh3(&in, mem, bytes, &m) == NP_ERR_INVALID_ARGUMENT, "negative tolerance");
	in.weldTolerance = NAN;
	CHECK(npMakeMesh3(&in, mem, bytes, &m) == NP_ERR_NON_FINITE, "NaN tolerance");
	int32_t bad[6] = { 0, 1, 2, 1, 4, 2 };
	in = good;
	in.indices = bad;
	CHECK(npMakeMesh3(&in, mem, bytes, &m) == NP_ERR_OUT_OF_RANGE, "index 4 of 4 vertices");
	bad[4] = -1;
	CHECK(npMakeMesh3(&in, mem, bytes, &m) == NP_ERR_OUT_OF_RANGE, "index -1");
	npVec3 w[4] = { v[0], v[1], v[2], mt3(1, NAN, 0) };
	in = good;
	in.vertices = w;
	CHECK(npMakeMesh3(&in, mem, bytes, &m) == NP_ERR_NON_FINITE, "NaN vertex");
	w[3] = mt3(INFINITY, 1, 0);
	CHECK(npMakeMesh3(&in, mem, bytes, &m) == NP_ERR_NON_FINITE, "infinite vertex");
	w[3] = mt3(1, 1, 2e12);
	CHECK(npMakeMesh3(&in, mem, bytes, &m) == NP_ERR_NON_FINITE, "vertex beyond NP_HUGE");
	// No valid triangle: a repeated index and three collinear points.
	npVec3 line[4] = { mt3(0, 0, 0), mt3(1, 1, 1), mt3(2, 2, 2), mt3(5, 0, 0) };
	int32_t degenerate[6] = { 0, 1, 2, 3, 3, 0 };
	const npMeshInput3 none = { line, 4, degenerate, 2, 0.0 };
	CHECK(npMakeMesh3(&none, mem, bytes, &m) == NP_ERR_DEGENERATE, "no valid triangle");
	// Welding makes a triangle degenerate: vertices 0 and 1 within the tolerance.
	npVec3 close[3] = { mt3(0, 0, 0), mt3(1e-7, 0, 0), mt3(0, 1, 0) };
	int32_t one[3] = { 0, 1, 2 };
	npMeshInput3 welded = { close, 3, one, 1, 1e-6 };
	CHECK(npMakeMesh3(&welded, mem, bytes, &m) == NP_ERR_DEGENERATE, "welded to a segment");
	welded.weldTolerance = 1e-8;
	CHECK(npMakeMesh3(&welded, mem, bytes, &m) == NP_OK && m->triangleCount == 1, "not welded");
	free(mem);
}

// Skipped triangles are counted; ids map stored triangles back to the input.
static void testSkipped(void)
{
	npVec3 v[6] = { mt3(0, 0, 0), mt3(1, 0, 0), mt3(0, 1, 0), mt3(2, 0, 0), mt3(1, 0, 1e-9), mt3(3, 0, 0) };
	int32_t idx[18] = {
		0, 1, 2, // valid
		0, 0, 2, // repeated index
		0, 1, 3, // collinear
		1, 4, 2, // valid
		0, 3, 5, // collinear
		2, 1, 0, // valid (back facing, still a triangle)
	};
	npMesh3* m;
	CHECK(mtMakeMesh(v, 6, idx, 6, 0.0, &m) == NP_OK, "skipped: creation");
	CHECK(m->triangleCount == 3 && m->skippedTriangles == 3 && m->inputTriangleCount == 6,
		  "skipped: %d stored, %d skipped", m->triangleCount, m->skippedTriangles);
	int seen = 0;
	for (int i = 0; i < m->triangleCount; ++i)
		seen |= 1 << m->triangleIds[i];
	CHECK(seen == ((1 << 0) | (1 << 3) | (1 << 5)), "skipped: ids 0x%x", seen);
	free(m);
}

// Welding: a grid given as a triangle soup (every triangle with its own three vertices, jittered by
// up to 1e-7) welds back to (n+1)^2 vertices with tolerance 1e-6, and not at all with 1e-9.
static void testWeld(void)
{
	enum { N = 20 };
	static npVec3 soup[6 * N * N];
	static int32_t idx[6 * N * N];
	npVec3 gv[(N + 1) * (N + 1)];
	int32_t gi[6 * N * N];
	mtGrid(N, N, 0, 0, 1, 0, true, gv, gi);
	for (int i = 0; i < 6 * N * N; ++i)
	{
		npVec3 p = gv[gi[i]];
		soup[i] = mt3(p.x + mtRange(-1e-7, 1e-7), p.y + mtRange(-1e-7, 1e-7), p.z + mtRange(-1e-7, 1e-7));
		idx[i] = i;
	}
	npMesh3* m;
	CHECK(mtMakeMesh(soup, 6 * N * N, idx, 2 * N * N, 1e-6, &m) == NP_OK, "weld: creation");
	CHECK(m->vertexCount == (N + 1) * (N + 1), "weld: %d vertices, expected %d", m->vertexCount, (N + 1) * (N + 1));
	bool close = true;
	for (int i = 0; i < 6 * N * N; ++i)
	{
		npVec3 w = m->vertices[m->vertexMap[i]];
		close = close && fabs(w.x - soup[i].x) <= 1e-6 && fabs(w.y - soup[i].y) <= 1e-6 && fabs(w.z - soup[i].z) <= 1e-6;
	}
	CHECK(close, "weld: a vertex moved by more than the tolerance");
	// Closed-form adjacency of an N x N grid: 4N boundary edges, every interior edge linked both ways.
	CHECK(m->boundaryEdges == 4 * N && m->nonManifoldEdges == 0, "weld: %d boundary edges", m->boundaryEdges);
	bool symmetric = true;
	int links = 0;
	for (int t = 0; t < m->triangleCount; ++t)
		for (int k = 0; k < 3; ++k)
		{
			int o = m->neighbours[3 * t + k];
			if (o < 0)
				continue;
			++links;
			bool back = false;
			for (int j = 0; j < 3; ++j)
				back = back || m->neighbours[3 * o + j] == t;
			symmetric = symmetric && back;
		}
	int interiorEdges = (3 * 2 * N * N - 4 * N) / 2;
	CHECK(symmetric && links == 2 * interiorEdges, "weld: %d links, expected %d", links, 2 * interiorEdges);
	free(m);
	CHECK(mtMakeMesh(soup, 6 * N * N, idx, 2 * N * N, 1e-9, &m) == NP_OK, "weld: creation (tight)");
	CHECK(m->vertexCount == 6 * N * N, "weld 1e-9: %d vertices", m->vertexCount);
	free(m);
	CHECK(mtMakeMesh(soup, 6 * N * N, idx, 2 * N * N, 0.0, &m) == NP_OK, "weld: creation (exact)");
	CHECK(m->vertexCount == 6 * N * N, "weld 0: %d vertices", m->vertexCount);
	free(m);
	// Exact duplicates (and -0 vs +0) weld with tolerance 0.
	npVec3 dup[6] = { mt3(0, 0, 0), mt3(1, 0, 0), mt3(0, 1, 0), mt3(1, 0, 0), mt3(-0.0, 1, 0), mt3(1, 1, 0) };
	int32_t di[6] = { 0, 1, 2, 3, 5, 4 };
	CHECK(mtMakeMesh(dup, 6, di, 2, 0.0, &m) == NP_OK && m->vertexCount == 4 && m->boundaryEdges == 4,
		  "exact duplicates: %d vertices", m ? m->vertexCount : -1);
	free(m);
	// Non-manifold: three triangles on one edge.
	npVec3 fan[5] = { mt3(0, 0, 0), mt3(1, 0, 0), mt3(0.5, 1, 0), mt3(0.5, -1, 0), mt3(0.5, 0, 1) };
	int32_t fi[9] = { 0, 1, 2, 1, 0, 3, 0, 1, 4 };
	CHECK(mtMakeMesh(fan, 5, fi, 3, 0.0, &m) == NP_OK && m->nonManifoldEdges == 1 && m->boundaryEdges == 6,
		  "non-manifold edge");
	free(m);
}

// The ray nodes mirror the BVH: node 0's child 0 is the root; every slot holds its node's bounds
// and count, a leaf's first triangle, or an inner node's ray node (each used once) whose children
// are that node's children; the array is on a 64-byte boundary.
static bool checkRayNodes(const npMesh3* m)
{
	int rayCount = (m->nodeCount + 1) / 2;
	char* used = calloc((size_t)rayCount, 1);
	bool ok = ((uintptr_t)m->rayNodes & 63u) == 0;
	int stack[2 * NP_MESH_MAX_DEPTH + 4][3], top = 0; // (binary node, ray node, child)
	stack[top][0] = 0, stack[top][1] = 0, stack[top++][2] = 0;
	while (top > 0 && ok)
	{
		--top;
		const npMeshNode3* n = m->nodes + stack[top][0];
		const npMeshRayNode3* r = m->rayNodes + stack[top][1];
		int c = stack[top][2];
		for (int a = 0; a < 3; ++a)
			ok = ok && r->bounds[c][a] == n->lower[a] && r->bounds[c][3 + a] == n->upper[a];
		ok = ok && r->count[c] == n->count;
		if (n->count > 0)
		{
			ok = ok && r->index[c] == n->index;
			continue;
		}
		int id = r->index[c];
		ok = ok && id > 0 && id < rayCount && !used[id] && top + 2 <= 2 * NP_MESH_MAX_DEPTH + 4;
		if (!ok)
			break;
		used[id] = 1;
		for (int k = 0; k < 2; ++k)
			stack[top][0] = n->index + k, stack[top][1] = id, stack[top++][2] = k;
	}
	free(used);
	return ok;
}

// BVH invariants: each stored triangle in exactly one leaf, inside its leaf's box; child boxes inside
// parent boxes; leaves of 1..NP_MESH_LEAF_TRIANGLES; depth bounded; packed boxes conservative.
static void checkBvh(const npMesh3* m, const char* what)
{
	int* hits = calloc((size_t)m->triangleCount, sizeof(int));
	bool ok = true;
	int stack[NP_MESH_MAX_DEPTH + 2][2], top = 0, maxDepth = 0;
	stack[top][0] = 0;
	stack[top++][1] = 1;
	while (top > 0)
	{
		--top;
		int ni = stack[top][0], depth = stack[top][1];
		maxDepth = depth > maxDepth ? depth : maxDepth;
		const npMeshNode3* n = m->nodes + ni;
		// The packed copy used by queries: same links, and conservative: a query reduced to any
		// point of the node's float box (its eight corners, its centre) overlaps the packed box.
		const npMeshPackedNode3* pk = m->packedNodes + ni;
		ok = ok && pk->index == n->index && pk->count == n->count;
		for (int corner = 0; corner < 9 && ok; ++corner)
		{
			double c[3];
			for (int a = 0; a < 3; ++a)
				c[a] = corner == 8 ? 0.5 * ((double)n->lower[a] + (double)n->upper[a])
								   : (double)((corner >> a) & 1 ? n->upper[a] : n->lower[a]);
			npVec3 p = { c[0], c[1], c[2] };
			uint64_t ql, qu;
			npPackBox3(m, p, p, &ql, &qu);
			ok = npPackedOverlap3(pk, ql, qu);
		}
		if (n->count > 0)
		{
			ok = ok && n->count <= NP_MESH_LEAF_TRIANGLES && n->index + n->count <= m->triangleCount;
			for (int i = n->index; i < n->index + n->count && ok; ++i)
			{
				hits[i]++;
				npVec3 t[3];
				npGetMeshTriangle3(m, i, t);
				for (int k = 0; k < 3; ++k)
				{
					double c[3] = { t[k].x, t[k].y, t[k].z };
					for (int a = 0; a < 3; ++a)
						ok = ok && (double)n->lower[a] <= c[a] && c[a] <= (double)n->upper[a];
				}
			}
		}
		else
		{
			ok = ok && n->index > ni && n->index + 1 < m->nodeCount && top + 2 <= NP_MESH_MAX_DEPTH + 2;
			for (int c = 0; c < 2 && ok; ++c)
			{
				const npMeshNode3* ch = m->nodes + n->index + c;
				for (int a = 0; a < 3; ++a)
					ok = ok && n->lower[a] <= ch->lower[a] && ch->upper[a] <= n->upper[a];
				stack[top][0] = n->index + c;
				stack[top++][1] = depth + 1;
			}
		}
	}
	for (int i = 0; i < m->triangleCount; ++i)
		ok = ok && hits[i] == 1;
	CHECK(ok, "%s: BVH invariants", what);
	CHECK(checkRayNodes(m), "%s: ray nodes mirror the BVH", what);
	// Ray casts recompute the hit triangle's normal from its vertices instead of reading `normals`:
	// both must give the same bits for every triangle.
	int normalsDiffer = 0;
	for (int i = 0; i < m->triangleCount; ++i)
	{
		const int32_t* t = m->triangles + 3 * i;
		npVec3 n = NP_MESH_TRIANGLE_NORMAL(m->vertices[t[0]], m->vertices[t[1]], m->vertices[t[2]]);
		normalsDiffer += memcmp(&n, &m->normals[i], sizeof n) != 0;
	}
	CHECK(normalsDiffer == 0, "%s: %d stored normals differ from the recomputed ones", what, normalsDiffer);
	CHECK(maxDepth == m->depth && m->depth <= NP_MESH_MAX_DEPTH, "%s: depth %d / %d", what, maxDepth, m->depth);
	free(hits);
}

static bool boxesOverlap(npVec3 alo, npVec3 ahi, npVec3 blo, npVec3 bhi)
{
	return alo.x <= bhi.x && blo.x <= ahi.x && alo.y <= bhi.y && blo.y <= ahi.y && alo.z <= bhi.z && blo.z <= ahi.z;
}

// A random triangle soup and a bumpy terrain: BVH invariants, and every query returns a superset of
// the triangles whose boxes overlap the query box (brute force), with nothing returned twice.
static void testBvhAndQuery(void)
{
	enum { T = 3000 };
	static npVec3 v[3 * T];
	static int32_t idx[3 * T];
	for (int i = 0; i < T; ++i)
	{
		npVec3 c = mt3(mtRange(-50, 50), mtRange(-50, 50), mtRange(-5, 5));
		for (int k = 0; k < 3; ++k)
		{
			v[3 * i + k] = mtAdd(c, mt3(mtRange(-1.3, 1.3), mtRange(-1.3, 1.3), mtRange(-1.3, 1.3)));
			idx[3 * i + k] = 3 * i + k;
		}
	}
	npMesh3* m;
	CHECK(mtMakeMesh(v, 3 * T, idx, T, 0.0, &m) == NP_OK, "soup creation");
	checkBvh(m, "soup");
	static int32_t out[T];
	static char mark[T];
	bool ok = true;
	for (int q = 0; q < 300 && ok; ++q)
	{
		npVec3 c = mt3(mtRange(-55, 55), mtRange(-55, 55), mtRange(-7, 7));
		npVec3 h = mt3(mtRange(0, 4), mtRange(0, 4), mtRange(0, 4));
		npVec3 lo = mtSub(c, h), hi = mtAdd(c, h);
		int n = npQueryMesh3(m, lo, hi, out, T);
		memset(mark, 0, sizeof mark);
		for (int i = 0; i < n && ok; ++i)
		{
			ok = out[i] >= 0 && out[i] < m->triangleCount && !mark[out[i]];
			mark[out[i]] = 1;
		}
		for (int t = 0; t < m->triangleCount && ok; ++t)
		{
			npVec3 p[3];
			npGetMeshTriangle3(m, t, p);
			npVec3 tlo = p[0], thi = p[0];
			for (int k = 1; k < 3; ++k)
			{
				tlo = mt3(fmin(tlo.x, p[k].x), fmin(tlo.y, p[k].y), fmin(tlo.z, p[k].z));
				thi = mt3(fmax(thi.x, p[k].x), fmax(thi.y, p[k].y), fmax(thi.z, p[k].z));
			}
			if (boxesOverlap(tlo, thi, lo, hi) && !mark[t])
				ok = false;
		}
	}
	CHECK(ok, "midphase query misses or repeats triangles");
	// Capacity: the count is the true number even when the output is smaller.
	int all = npQueryMesh3(m, mt3(-100, -100, -100), mt3(100, 100, 100), out, 10);
	CHECK(all == m->triangleCount, "query count with a small output: %d", all);

	// A copy at every 8-byte offset from a cache line keeps its ray nodes on a 64-byte boundary and
	// casts the same rays to the same hits.
	char* spare = malloc(m->bytes + 64);
	for (int offset = 0; offset < 64; offset += 8)
	{
		npMesh3* copy = NULL;
		char* at = spare + ((64u - ((uintptr_t)spare & 63u)) & 63u) + offset;
		CHECK(npCopyMesh3(m, at, m->bytes, &copy) == NP_OK && copy != NULL, "copy at offset %d", offset);
		if (copy == NULL)
			continue;
		CHECK(checkRayNodes(copy), "copy at offset %d: ray nodes", offset);
		bool same = true;
		for (int q = 0; q < 200; ++q)
		{
			npVec3 o = mt3(mtRange(-60, 60), mtRange(-60, 60), mtRange(-10, 10));
			npVec3 d = mt3(mtRange(-80, 80), mtRange(-80, 80), mtRange(-12, 12));
			npRayInput3 ray = npMakeRayInput3(o, d);
			npMeshInstance3 a = { m, mtIdentity }, b = { copy, mtIdentity };
			npMeshRayHit3 ha, hb;
			same = same && npRayCastMeshes3(&a, 1, &ray, q & 1, &ha) == NP_OK && npRayCastMeshes3(&b, 1, &ray, q & 1, &hb) == NP_OK &&
				   ha.hit == hb.hit && (!ha.hit || (ha.fraction == hb.fraction && ha.triangle == hb.triangle));
		}
		CHECK(same, "copy at offset %d: ray casts as the original's", offset);
	}
	free(spare);
	free(m);

	// Coordinates that are not floats: the float boxes must still contain them (outward rounding).
	npVec3 tv[3] = { mt3(0.1, 0.2, 0.3), mt3(1.1, 0.2, 0.3), mt3(0.1, 1.3, 0.7) };
	int32_t ti[3] = { 0, 1, 2 };
	CHECK(mtMakeMesh(tv, 3, ti, 1, 0.0, &m) == NP_OK, "tiny mesh");
	checkBvh(m, "float rounding");
	free(m);
	// All triangles with the same centre: no SAH split possible, halving splits take over.
	static npVec3 same[3 * 200];
	static int32_t si[3 * 200];
	for (int i = 0; i < 200; ++i)
	{
		double a = 0.01 * (i + 1);
		same[3 * i] = mt3(-a, -a, 0);
		same[3 * i + 1] = mt3(2 * a, -a, 0);
		same[3 * i + 2] = mt3(-a, 2 * a, 0);
		si[3 * i] = 3 * i;
		si[3 * i + 1] = 3 * i + 1;
		si[3 * i + 2] = 3 * i + 2;
	}
	CHECK(mtMakeMesh(same, 600, si, 200, 0.0, &m) == NP_OK, "concentric triangles");
	checkBvh(m, "concentric");
	free(m);
}

// Sphere contacts with no feature removal equal the brute-force set: every triangle whose plane
// has the centre on its front side and whose closest point is within radius + margin, with that
// closest point and depth. Over a bumpy terrain, one mesh placed by a rotation + translation.
static void testBruteForce(void)
{
	enum { N = 24 };
	npVec3 v[(N + 1) * (N + 1)];
	int32_t idx[6 * N * N];
	mtGrid(N, N, -6, -6, 0.5, 0, true, v, idx);
	for (int i = 0; i < (N + 1) * (N + 1); ++i)
		v[i].z = 0.4 * sin(1.3 * v[i].x) * cos(0.9 * v[i].y) + mtRange(-0.05, 0.05);
	npMesh3* m;
	CHECK(mtMakeMesh(v, (N + 1) * (N + 1), idx, 2 * N * N, 0.0, &m) == NP_OK, "terrain");
	npTransform3 xf = mtPose(mt3(1, -2, 0.5), mtNorm(mt3(0.2, -0.3, 1)), 0.7);
	npMeshInstance3 inst = { m, xf };
	npShape3 sphere;
	npMakeSphere(0.7, &sphere);
	npMeshQuery3 q = npDefaultMeshQuery3();
	q.algorithm = NP_MESH_ALL_CONTACTS;
	q.margin = 0.1;
	npMeshContact3 c[512];
	int mismatches = 0, total = 0;
	for (int trial = 0; trial < 200; ++trial)
	{
		npVec3 local = mt3(mtRange(-5, 5), mtRange(-5, 5), mtRange(-0.5, 1.2));
		npVec3 centre = mtAdd(xf.p, mtAdd(local, mt3(0, 0, 0))); // world centre near the terrain
		npMeshContactsOutput3 result = { c, 512 };
		npMeshContacts3(&sphere, mtAt(centre.x, centre.y, centre.z), &inst, 1, &q, &result);
		int n = result.count;
		// Brute force in world space.
		int expected = 0;
		for (int t = 0; t < 2 * N * N; ++t)
		{
			npVec3 p[3];
			for (int k = 0; k < 3; ++k)
			{
				npVec3 a = v[idx[3 * t + k]];
				// rotate by xf.q (test's own formula: v' = v + 2w (u x v) + 2 u x (u x v))
				npVec3 u = mt3(xf.q.x, xf.q.y, xf.q.z);
				npVec3 tt = mtScale(2, mtCross(u, a));
				p[k] = mtAdd(mtAdd(mtAdd(a, mtScale(xf.q.w, tt)), mtCross(u, tt)), xf.p);
			}
			npVec3 nrm = mtNorm(mtCross(mtSub(p[1], p[0]), mtSub(p[2], p[0])));
			if (mtDot(mtSub(centre, p[0]), nrm) < 0)
				continue;
			npVec3 cp = mtClosestOnTriangle(centre, p[0], p[1], p[2]);
			double d = mtDist(cp, centre);
			if (d > 0.8 + 1e-9)
				continue;
			if (d > 0.8 - 1e-9)
				continue; // too close to the threshold to call
			++expected;
			bool found = false;
			for (int i = 0; i < n; ++i)
				if (c[i].triangle == t && mtDist(c[i].pointB, cp) < 1e-9 && fabs(c[i].depth - (0.7 - d)) < 1e-9)
					found = true;
			if (!found)
				++mismatches;
		}
		if (n != expected && n != expected + 1) // +1: a contact exactly at the threshold
			++mismatches;
		for (int i = 0; i < n; ++i)
			if (!mtContactConsistent(c + i))
				++mismatches;
		total += n;
	}
	CHECK(mismatches == 0, "brute force: %d mismatches", mismatches);
	CHECK(total > 500, "brute force: only %d contacts in all trials", total);
	free(m);
}

// Capsule contacts with no feature removal against brute force: for every triangle with the
// capsule's centre in front, the segment-triangle distance by ternary search over the segment
// parameter (the point-triangle distance is convex along a segment), so the set of triangles within
// radius + margin and, per triangle, the deepest contact (radius - distance) are known independently.
static double segmentTriangleDistance(npVec3 p0, npVec3 p1, const npVec3 t[3])
{
	double lo = 0.0, hi = 1.0;
	for (int it = 0; it < 200; ++it)
	{
		double a = lo + (hi - lo) / 3.0, b = hi - (hi - lo) / 3.0;
		npVec3 pa = mtAdd(p0, mtScale(a, mtSub(p1, p0))), pb = mtAdd(p0, mtScale(b, mtSub(p1, p0)));
		double da = mtDist(pa, mtClosestOnTriangle(pa, t[0], t[1], t[2]));
		double db = mtDist(pb, mtClosestOnTriangle(pb, t[0], t[1], t[2]));
		if (da < db)
			hi = b;
		else
			lo = a;
	}
	npVec3 p = mtAdd(p0, mtScale(0.5 * (lo + hi), mtSub(p1, p0)));
	return mtDist(p, mtClosestOnTriangle(p, t[0], t[1], t[2]));
}

static void testCapsuleBruteForce(void)
{
	enum { N = 12 };
	npVec3 v[(N + 1) * (N + 1)];
	int32_t idx[6 * N * N];
	mtGrid(N, N, -3, -3, 0.5, 0, true, v, idx);
	for (int i = 0; i < (N + 1) * (N + 1); ++i)
		v[i].z = 0.3 * sin(1.7 * v[i].x + 0.3) * cos(1.1 * v[i].y) + mtRange(-0.05, 0.05);
	npMesh3* m;
	CHECK(mtMakeMesh(v, (N + 1) * (N + 1), idx, 2 * N * N, 0.0, &m) == NP_OK, "capsule terrain");
	npMeshInstance3 inst = { m, mtIdentity };
	npMeshQuery3 q = npDefaultMeshQuery3();
	q.algorithm = NP_MESH_ALL_CONTACTS;
	q.margin = 0.05;
	npMeshContact3 c[512];
	int mismatches = 0, checked = 0;
	for (int trial = 0; trial < 150; ++trial)
	{
		double r = mtRange(0.15, 0.5), hh = mtRange(0.1, 0.8);
		npShape3 capsule;
		npMakeCapsule3(hh, r, &capsule);
		npVec3 axis = mtNorm(mt3(mtRange(-1, 1), mtRange(-1, 1), mtRange(-1, 1)));
		npTransform3 xf = mtPose(mt3(mtRange(-1.5, 1.5), mtRange(-1.5, 1.5), mtRange(0.0, 0.8)), axis, mtRange(0, 3));
		npMeshContactsOutput3 found = { c, 512 };
		npMeshContacts3(&capsule, xf, &inst, 1, &q, &found);
		int n = found.count;
		// World segment with the test's own rotation.
		npVec3 u = mt3(xf.q.x, xf.q.y, xf.q.z);
		npVec3 ends[2];
		for (int e = 0; e < 2; ++e)
		{
			npVec3 a = mt3(0, e ? hh : -hh, 0);
			npVec3 tt = mtScale(2, mtCross(u, a));
			ends[e] = mtAdd(mtAdd(mtAdd(a, mtScale(xf.q.w, tt)), mtCross(u, tt)), xf.p);
		}
		for (int t = 0; t < 2 * N * N; ++t)
		{
			npVec3 p[3] = { v[idx[3 * t]], v[idx[3 * t + 1]], v[idx[3 * t + 2]] };
			npVec3 nrm = mtNorm(mtCross(mtSub(p[1], p[0]), mtSub(p[2], p[0])));
			double h = mtDot(mtSub(xf.p, p[0]), nrm);
			double d = segmentTriangleDistance(ends[0], ends[1], p);
			double deepest = -1e300;
			int count = 0;
			for (int i = 0; i < n; ++i)
				if (c[i].triangle == t)
				{
					deepest = fmax(deepest, c[i].depth);
					++count;
				}
			if (fabs(h) < 1e-9 || fabs(d - (r + q.margin)) < 1e-7 || d < 1e-7)
				continue; // too close to call, or the segment crosses the triangle
			++checked;
			bool expected = h >= 0 && d <= r + q.margin;
			if (expected != (count > 0) || (expected && fabs(deepest - (r - d)) > 1e-7))
			{
				if (mismatches < 3)
					printf("  capsule trial %d tri %d: expected %d (d %.9f), got %d contacts, deepest %.9f vs %.9f\n", trial, t,
						   expected, d, count, deepest, r - d);
				++mismatches;
			}
		}
		for (int i = 0; i < n; ++i)
			if (!mtContactConsistent(c + i))
				++mismatches;
	}
	CHECK(mismatches == 0 && checked > 10000, "capsule brute force: %d mismatches of %d triangle checks", mismatches, checked);
	free(m);
}

// Input checks and capacities of npMeshContacts3.
static void testContactErrors(void)
{
	npVec3 v[4] = { mt3(0, 0, 0), mt3(2, 0, 0), mt3(0, 2, 0), mt3(2, 2, 0) };
	int32_t idx[6] = { 0, 1, 2, 1, 3, 2 };
	npMesh3* m;
	mtMakeMesh(v, 4, idx, 2, 0.0, &m);
	npMeshInstance3 inst = { m, mtIdentity };
	npShape3 sphere, tri;
	npMakeSphere(0.5, &sphere);
	npMakeTriangle3(v[0], v[1], v[2], &tri);
	npMeshContact3 c[8];
	npMeshContactsOutput3 found = { c, 8, -1 };
	npMeshQuery3 q = npDefaultMeshQuery3();
	CHECK(npMeshContacts3(NULL, mtIdentity, &inst, 1, &q, &found) == NP_ERR_INVALID_ARGUMENT && found.count == 0, "null shape");
	CHECK(npMeshContacts3(&sphere, mtIdentity, &inst, 1, &q, NULL) == NP_ERR_INVALID_ARGUMENT, "null output");
	CHECK(npMeshContacts3(&tri, mtIdentity, &inst, 1, &q, &found) == NP_ERR_INVALID_ARGUMENT, "triangle shape");
	npTransform3 zero = { { 0, 0, 0 }, { 0, 0, 0, 0 } };
	CHECK(npMeshContacts3(&sphere, zero, &inst, 1, &q, &found) == NP_ERR_INVALID_TRANSFORM, "zero quaternion");
	npTransform3 nan = { { NAN, 0, 0 }, { 0, 0, 0, 1 } };
	CHECK(npMeshContacts3(&sphere, nan, &inst, 1, &q, &found) == NP_ERR_NON_FINITE, "NaN position");
	npMeshInstance3 badInst = { m, zero };
	CHECK(npMeshContacts3(&sphere, mtIdentity, &badInst, 1, &q, &found) == NP_ERR_INVALID_TRANSFORM, "bad mesh transform");
	npMeshInstance3 nullInst = { NULL, mtIdentity };
	CHECK(npMeshContacts3(&sphere, mtIdentity, &nullInst, 1, &q, &found) == NP_ERR_INVALID_ARGUMENT, "null mesh");
	q.margin = -1;
	CHECK(npMeshContacts3(&sphere, mtIdentity, &inst, 1, &q, &found) == NP_ERR_INVALID_ARGUMENT, "negative margin");
	q.margin = NAN;
	CHECK(npMeshContacts3(&sphere, mtIdentity, &inst, 1, &q, &found) == NP_ERR_NON_FINITE, "NaN margin");
	q = npDefaultMeshQuery3();
	q.algorithm = (npMeshAlgorithm3)7;
	CHECK(npMeshContacts3(&sphere, mtIdentity, &inst, 1, &q, &found) == NP_ERR_INVALID_ARGUMENT, "bad algorithm");
	q = npDefaultMeshQuery3();
	CHECK(npMeshContacts3(&sphere, mtIdentity, &inst, 0, &q, &found) == NP_OK && found.count == 0, "no meshes");
	CHECK(npMeshContacts3(&sphere, mtAt(1, 1, 0.4), &inst, 1, NULL, &found) == NP_OK && found.count >= 1, "NULL query = defaults");
	// Output capacity: all-contacts gives 2 here; a capacity of 1 writes 1 and reports NP_ERR_CAPACITY.
	q.algorithm = NP_MESH_ALL_CONTACTS;
	found.capacity = 1;
	CHECK(npMeshContacts3(&sphere, mtAt(0.9, 0.9, 0.45), &inst, 1, &q, &found) == NP_ERR_CAPACITY && found.count == 1 &&
			  found.info.overflow,
		  "output capacity");
	free(m);

	// Scratch capacity: a huge sphere over a fine grid has more potential contacts than
	// NP_MESH_MAX_POTENTIAL: flagged, no crash, contacts still valid.
	enum { N = 40 };
	static npVec3 gv[(N + 1) * (N + 1)];
	static int32_t gi[6 * N * N];
	mtGrid(N, N, 0, 0, 0.1, 0, false, gv, gi);
	mtMakeMesh(gv, (N + 1) * (N + 1), gi, 2 * N * N, 0.0, &m);
	inst.mesh = m;
	npShape3 big;
	npMakeSphere(10.0, &big);
	static npMeshContact3 many[4096];
	q = npDefaultMeshQuery3();
	npMeshContactsOutput3 all = { many, 4096 };
	npResult r = npMeshContacts3(&big, mtAt(2, 2, 9.9), &inst, 1, &q, &all);
	CHECK(r == NP_ERR_CAPACITY && all.info.overflow && all.info.potential == NP_MESH_MAX_POTENTIAL,
		  "scratch overflow: r %d potential %d", r, all.info.potential);
	bool consistent = all.count > 0;
	for (int i = 0; i < all.count; ++i)
		consistent = consistent && mtContactConsistent(many + i);
	CHECK(consistent, "contacts after overflow");
	free(m);
}

// Reduction keeps at most four contacts per mesh, among them the deepest.
static void testReduce(void)
{
	enum { N = 16 };
	npVec3 v[(N + 1) * (N + 1)];
	int32_t idx[6 * N * N];
	mtGrid(N, N, 0, 0, 0.25, 0, true, v, idx);
	npMesh3* m[2];
	mtMakeMesh(v, (N + 1) * (N + 1), idx, 2 * N * N, 0.0, &m[0]);
	mtMakeMesh(v, (N + 1) * (N + 1), idx, 2 * N * N, 0.0, &m[1]);
	npMeshInstance3 inst[2] = { { m[0], mtIdentity }, { m[1], mtAt(4, 0, 0) } };
	npShape3 box;
	npMakeBox3(mt3(0.9, 0.7, 0.3), &box);
	npTransform3 xf = mtPose(mt3(4, 2, 0.28), mt3(0, 0, 1), 0.4);
	npMeshQuery3 q = npDefaultMeshQuery3();
	npMeshContact3 all[256], red[256];
	npMeshContactsOutput3 allFound = { all, 256 }, reducedFound = { red, 256 };
	npMeshContacts3(&box, xf, inst, 2, &q, &allFound);
	q.reduce = true;
	npMeshContacts3(&box, xf, inst, 2, &q, &reducedFound);
	int na = allFound.count, nr = reducedFound.count;
	int per[2] = { 0, 0 };
	double deepest[2] = { -1, -1 }, deepestReduced[2] = { -1, -1 };
	for (int i = 0; i < na; ++i)
		deepest[all[i].mesh] = fmax(deepest[all[i].mesh], all[i].depth);
	for (int i = 0; i < nr; ++i)
	{
		per[red[i].mesh]++;
		deepestReduced[red[i].mesh] = fmax(deepestReduced[red[i].mesh], red[i].depth);
	}
	CHECK(na > 8 && per[0] == 4 && per[1] == 4, "reduce: %d contacts -> %d + %d", na, per[0], per[1]);
	CHECK(deepest[0] == deepestReduced[0] && deepest[1] == deepestReduced[1], "reduce keeps the deepest");
	free(m[0]);
	free(m[1]);
}

// Hull shapes: a hexagonal prism hull resting on a grid gets face contacts only.
static void testHull(void)
{
	npVec3 pts[12];
	for (int k = 0; k < 6; ++k)
	{
		double a = k * MT_PI / 3;
		pts[k] = mt3(0.5 * cos(a), 0.5 * sin(a), -0.2);
		pts[k + 6] = mt3(0.5 * cos(a), 0.5 * sin(a), 0.2);
	}
	static npHull3 hull;
	CHECK(npMakeHull3(pts, 12, &hull) == NP_OK, "hull");
	npShape3 shape;
	npMakeHullShape3(&hull, &shape);
	enum { N = 12 };
	npVec3 v[(N + 1) * (N + 1)];
	int32_t idx[6 * N * N];
	mtGrid(N, N, 0, 0, 0.5, 0, true, v, idx);
	npMesh3* m;
	mtMakeMesh(v, (N + 1) * (N + 1), idx, 2 * N * N, 0.0, &m);
	npMeshInstance3 inst = { m, mtIdentity };
	npMeshContact3 c[256];
	int bad = 0, steps = 0;
	for (int i = 0; i <= 200; ++i)
	{
		double t = i / 200.0;
		npMeshContactsOutput3 found = { c, 256 };
		npMeshContacts3(&shape, mtPose(mt3(1.5 + 3 * t, 1.2 + 2.5 * t, 0.19), mt3(0, 0, 1), t), &inst, 1, NULL, &found);
		int n = found.count;
		bool ok = n >= 3;
		for (int k = 0; k < n; ++k)
			ok = ok && mtDist(c[k].normal, mt3(0, 0, -1)) < 1e-9 && fabs(c[k].depth - 0.01) < 1e-9;
		bad += ok ? 0 : 1;
		++steps;
	}
	CHECK(bad == 0, "hull sliding: %d of %d steps with ghost or missing contacts", bad, steps);
	free(m);
}

// Creation time of a 100k-triangle grid mesh, printed for the report (bench/mesh_bench.c also
// times 1M triangles).
static void timeCreation(void)
{
	int sizes[1] = { 224 }; // 2 * n^2 triangles: 100,352
	for (int s = 0; s < 1; ++s)
	{
		int n = sizes[s];
		int nv = (n + 1) * (n + 1), nt = 2 * n * n;
		npVec3* v = malloc(sizeof(npVec3) * nv);
		int32_t* idx = malloc(sizeof(int32_t) * 3 * nt);
		mtGrid(n, n, 0, 0, 1, 0, true, v, idx);
		for (int i = 0; i < nv; ++i)
			v[i].z = 0.3 * sin(0.1 * v[i].x) * sin(0.13 * v[i].y);
		size_t bytes = npMeshBytes3(nv, nt);
		void* mem = malloc(bytes);
		npMesh3* m = NULL;
		memset(mem, 0, bytes); // first-touch page faults are not the builder's work
		double t0 = cpuSeconds();
		npResult r = npMakeMesh3(&(npMeshInput3){ v, nv, idx, nt, 1e-6 }, mem, bytes, &m);
		double t1 = cpuSeconds();
		CHECK(r == NP_OK && m->triangleCount == nt, "large mesh creation");
		if (r == NP_OK)
		{
			printf("  mesh creation: %d triangles in %.1f ms CPU (%zu bytes kept of %zu; BVH %d nodes, depth %d)\n", nt,
				   1e3 * (t1 - t0), m->bytes, bytes, m->nodeCount, m->depth);
			if (s == 0)
				CHECK(t1 - t0 < 1.0, "100k-triangle creation took %.3f s", t1 - t0);
			checkBvh(m, "large grid");
		}
		free(mem);
		free(idx);
		free(v);
	}
}

// Triangles whose centres are a few subnormals apart (the BVH build's bins along that spread were
// 16 / 3e-323 = infinity wide per unit, and converting the infinite bin number to an int was
// undefined: fuzz_mesh3d under UBSan, which `make test-san` runs this under). The mesh is built and
// a ray finds both triangles' plane.
static void testSubnormalCentreSpread(void)
{
	// More triangles than a leaf holds, so the build bins them: the same triangle with its first
	// corner moved by k * 1e-322 along x (centres 3.3e-323 apart, no spread along y or z).
	enum { T = 2 * NP_MESH_LEAF_TRIANGLES + 1 };
	npVec3 v[T + 2];
	int32_t idx[3 * T];
	v[0] = mt3(0, 1, 0);
	v[1] = mt3(0, 0, 1);
	for (int k = 0; k < T; ++k)
	{
		v[k + 2] = mt3(k * 1e-322, 0, 0);
		idx[3 * k] = k + 2;
		idx[3 * k + 1] = 0;
		idx[3 * k + 2] = 1;
	}
	npMesh3* m;
	npResult r = mtMakeMesh(v, T + 2, idx, T, 0.0, &m);
	CHECK(r == NP_OK, "subnormal centre spread: mesh code %d", (int)r);
	if (r != NP_OK)
		return;
	npMeshInstance3 inst = { m, mtIdentity };
	npRayInput3 ray = npMakeRayInput3(mt3(1, 0.25, 0.25), mt3(-2, 0, 0));
	npMeshRayHit3 hit;
	r = npRayCastMeshes3(&inst, 1, &ray, true, &hit);
	CHECK(r == NP_OK && hit.hit && fabs(hit.fraction - 0.5) <= 1e-12, "subnormal centre spread: ray code %d hit %d", (int)r,
		  (int)hit.hit);
	free(m);
}

// A subnormal weld tolerance over vertices within a few subnormals of the origin: the weld hash's
// cell (64 times the tolerance, at least 2^-50 of the largest coordinate, which was 0) had an
// infinite inverse, and the cell key of the search interval's lower end was -inf converted to an
// integer, undefined (fuzz_mesh3d under UBSan; `make test-san` runs this under it). Now a clean
// answer: the four vertices weld into one point, so no triangle is left (NP_ERR_DEGENERATE); and a
// triangle with legs 1e-50 under the same tolerance keeps its three vertices.
static void testSubnormalWeldTolerance(void)
{
	npVec3 v[4] = { mt3(0, 0, 0), mt3(-1e-322, 0, 0), mt3(0, -1e-322, 0), mt3(0, 0, -1e-322) };
	int32_t idx[6] = { 0, 1, 2, 0, 2, 3 };
	npMesh3* m;
	npResult r = mtMakeMesh(v, 4, idx, 2, 5e-324, &m);
	CHECK(r == NP_ERR_DEGENERATE, "subnormal weld tolerance: mesh code %d", (int)r);
	npVec3 t[3] = { mt3(0, 0, 0), mt3(-1e-50, 0, 0), mt3(0, -1e-50, 0) };
	r = mtMakeMesh(t, 3, idx, 1, 5e-324, &m);
	CHECK(r == NP_OK && m->vertexCount == 3, "subnormal weld tolerance, a tiny triangle: code %d", (int)r);
	if (r == NP_OK)
		free(m);
}

int main(void)
{
	testErrors();
	testSubnormalWeldTolerance();
	testSkipped();
	testWeld();
	testBvhAndQuery();
	testBruteForce();
	testCapsuleBruteForce();
	testContactErrors();
	testReduce();
	testHull();
	testSubnormalCentreSpread();
	timeCreation();
	return checkSummary();
}
