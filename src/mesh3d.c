// Triangle mesh creation: vertex welding, degenerate-triangle removal, a bounding-volume hierarchy
// built with binned SAH splits, and edge adjacency. Everything lives in one caller-provided buffer
// (see mesh3d.h); the build uses the tail of that buffer as scratch and never allocates.
#include "narrowphase/mesh3d.h"

#include "mesh3d_private.h"
#include "vec3.h"
#include "codesize.h"

#include <float.h>
#include <math.h>
#include <string.h>

// ------------------------------------------------------------------------------------------------
// Buffer layout. Every array starts on an 8-byte boundary:
//   npMesh3 | vertices (V npVec3) | normals (T npVec3) | triangles (3T int32) | triangleIds (T)
//   | neighbours (3T)
//   | vertexMap (V) | nodes (2T - 1 npMeshNode3 and as many npMeshPackedNode3, then T
//   npMeshRayNode3 and 56 bytes to align them to 64) | scratch
// (the packed nodes are stored right after the nodeCount nodes actually used, the ray nodes on the
// first 64-byte boundary after them)
// The scratch is reused by the three build phases, so it is the largest of:
//   welding:   hash heads (a power of two >= 2V) + chain links (V)
//   BVH:       valid triangles (3T + T) + triangle boxes (6T doubles) + box centres (3T doubles)
//              + permutation (T)
//   renumbering: new vertex index (V) + vertex copy (V npVec3)
//   adjacency: vertex rings: offsets (V + 1) + incident triangles (3T)

#define SAH_BINS 16
// Below this depth splits stop using the SAH and simply halve the triangle range, which bounds the
// depth by SAH_MAX_DEPTH + log2(triangles) (see NP_MESH_MAX_DEPTH).
#define SAH_MAX_DEPTH 32

static uint64_t align8(uint64_t n) { return (n + 7u) & ~(uint64_t)7u; }

// The ray nodes start on a 64-byte boundary (one cache line each) wherever the 8-byte aligned buffer
// is, so their area has this much room in front of them.
#define RAY_NODE_SLACK 56u
_Static_assert(sizeof(npMeshRayNode3) == 64, "a ray node is one cache line");

static uint8_t* alignLine(uint8_t* p) { return p + ((64u - ((uintptr_t)p & 63u)) & 63u); }

// Number of ray nodes of a tree of nodeCount nodes: its inner nodes ((nodeCount - 1) / 2) and node 0.
static int rayNodeCount(int nodeCount) { return (nodeCount + 1) / 2; }

uint64_t npNextPow2Mesh(uint64_t n)
{
	uint64_t p = 16;
	while (p < n)
		p <<= 1;
	return p;
}

typedef struct Layout
{
	uint64_t vertices, normals, triangles, triangleIds, neighbours, vertexMap, nodes, scratch, end;
	uint64_t weldSlots;
} Layout;

static uint64_t maxU64(uint64_t a, uint64_t b) { return a > b ? a : b; }

NP_COLD static Layout computeLayout(uint64_t V, uint64_t T)
{
	Layout L;
	uint64_t at = align8(sizeof(npMesh3));
	L.vertices = at;
	at = align8(at + V * sizeof(npVec3));
	L.normals = at;
	at = align8(at + T * sizeof(npVec3));
	L.triangles = at;
	at = align8(at + 3 * T * 4);
	L.triangleIds = at;
	at = align8(at + T * 4);
	L.neighbours = at;
	at = align8(at + 3 * T * 4);
	L.vertexMap = at;
	at = align8(at + V * 4);
	L.nodes = at;
	// Room for the nodes and, after the nodeCount used ones, their packed copies and ray nodes.
	at = align8(at + (2 * T > 1 ? 2 * T - 1 : 1) * (sizeof(npMeshNode3) + sizeof(npMeshPackedNode3)));
	at += RAY_NODE_SLACK + T * sizeof(npMeshRayNode3);
	L.scratch = at;
	L.weldSlots = npNextPow2Mesh(2 * V);
	uint64_t weld = 4 * (L.weldSlots + V);
	uint64_t bvh = align8(16 * T) + 48 * T + 24 * T + align8(4 * T);
	uint64_t edges = 4 * (V + 1 + 3 * T);
	uint64_t renumber = align8(4 * V) + 24 * V;
	L.end = at + align8(maxU64(maxU64(weld, renumber), maxU64(bvh, edges)));
	return L;
}

NP_COLD size_t npMeshBytes3(int vertexCount, int triangleCount)
{
	if (vertexCount < 1 || triangleCount < 1 || vertexCount > 3 * NP_MESH_MAX_TRIANGLES ||
		triangleCount > NP_MESH_MAX_TRIANGLES)
		return 0;
	Layout L = computeLayout((uint64_t)vertexCount, (uint64_t)triangleCount);
	if (L.end > (uint64_t)SIZE_MAX)
		return 0;
	return (size_t)L.end;
}

// ------------------------------------------------------------------------------------------------
// Hashing of positions and edges (deterministic: plain integer arithmetic on the bit patterns).

static uint32_t hashCell(int64_t kx, int64_t ky, int64_t kz, uint64_t mask)
{
	uint64_t h = (uint64_t)kx * 0x9E3779B97F4A7C15ull;
	h ^= (uint64_t)ky * 0xC2B2AE3D27D4EB4Full;
	h ^= (uint64_t)kz * 0x165667B19E3779F9ull;
	h ^= h >> 31;
	h *= 0xD6E8FEB86659FD93ull;
	h ^= h >> 32;
	return (uint32_t)(h & mask);
}

static bool finiteCoordinate(double x) { return x >= -NP_HUGE && x <= NP_HUGE; }

// Cell key of a coordinate: for a positive cell size the cell index, x / cell + 1/2 truncated towards
// zero (monotonic, and every cell is at least `cell` wide, which is all the search needs; the half
// puts round coordinates at cell centres), or the bit pattern of the coordinate itself when matching
// is exact (cell size 0).
static int64_t cellKey(double x, double invCell)
{
	if (invCell > 0.0)
		return (int64_t)(x * invCell + 0.5);
	return (int64_t)npBitsOf(x + 0.0); // -0 becomes +0, so both zeros hash alike
}

void npPointHashInit3(npPointHash3* hash, int32_t* heads, uint64_t slotCount, int32_t* links,
					  npVec3* points, double tolerance, double maxAbs)
{
	for (uint64_t i = 0; i < slotCount; ++i)
		heads[i] = -1;
	hash->heads = heads;
	hash->links = links;
	hash->points = points;
	hash->mask = slotCount - 1;
	hash->tolerance = tolerance;
	hash->count = 0;
	hash->invCell = 0.0;
	if (tolerance > 0.0)
	{
		// Cells much wider than the tolerance: a point's search interval [p - tol, p + tol] then
		// crosses a cell border on an axis with probability 1/32 only.
		double cell = 64.0 * tolerance;
		// Keep cell indices well inside int64 (|x / cell| <= 2^50), and the inverse finite: a subnormal
		// tolerance over points all within a few subnormals of the origin made 1 / cell infinite, and
		// the keys of the search interval -inf, whose conversion is undefined (fuzz_mesh3d, UBSan).
		// Cells wider than needed only cost more candidates.
		double minCell = np3Max(maxAbs * 0x1.0p-50, 0x1.0p-1000);
		if (cell < minCell)
			cell = minCell;
		hash->invCell = 1.0 / cell;
	}
}

int32_t npPointHashAdd3(npPointHash3* hash, npVec3 p)
{
	double tol = hash->tolerance, inv = hash->invCell;
	double c[3] = { p.x, p.y, p.z };
	int64_t lo[3], hi[3];
	for (int a = 0; a < 3; ++a)
	{
		lo[a] = cellKey(c[a] - tol, inv);
		hi[a] = cellKey(c[a] + tol, inv);
	}
	int32_t found = -1;
	for (int ix = 0; ix < 2; ++ix)
	{
		if (ix == 1 && hi[0] == lo[0])
			break;
		for (int iy = 0; iy < 2; ++iy)
		{
			if (iy == 1 && hi[1] == lo[1])
				break;
			for (int iz = 0; iz < 2; ++iz)
			{
				if (iz == 1 && hi[2] == lo[2])
					break;
				uint32_t s = hashCell(ix ? hi[0] : lo[0], iy ? hi[1] : lo[1], iz ? hi[2] : lo[2], hash->mask);
				for (int32_t j = hash->heads[s]; j >= 0; j = hash->links[j])
				{
					npVec3 q = hash->points[j];
					if (fabs(q.x - p.x) <= tol && fabs(q.y - p.y) <= tol && fabs(q.z - p.z) <= tol &&
						(found < 0 || j < found))
						found = j;
				}
			}
		}
	}
	if (found >= 0)
		return found;
	found = hash->count++;
	hash->points[found] = p;
	uint32_t s = hashCell(cellKey(p.x, inv), cellKey(p.y, inv), cellKey(p.z, inv), hash->mask);
	hash->links[found] = hash->heads[s];
	hash->heads[s] = found;
	return found;
}

// The mesh's arrays in the caller's buffer (see the buffer layout above).
typedef struct meshArrays
{
	uint8_t* base;
	Layout layout;
	npVec3* vertices;
	npVec3* normals;
	int32_t* triangles;
	int32_t* triangleIds;
	int32_t* neighbours;
	int32_t* vertexMap;
	npMeshNode3* nodes;
	uint8_t* scratch;
} meshArrays;

NP_COLD static meshArrays carveBuffer(void* memory, uint64_t vertexCount, uint64_t triangleCount)
{
	meshArrays m;
	m.base = (uint8_t*)memory;
	m.layout = computeLayout(vertexCount, triangleCount);
	m.vertices = (npVec3*)(m.base + m.layout.vertices);
	m.normals = (npVec3*)(m.base + m.layout.normals);
	m.triangles = (int32_t*)(m.base + m.layout.triangles);
	m.triangleIds = (int32_t*)(m.base + m.layout.triangleIds);
	m.neighbours = (int32_t*)(m.base + m.layout.neighbours);
	m.vertexMap = (int32_t*)(m.base + m.layout.vertexMap);
	m.nodes = (npMeshNode3*)(m.base + m.layout.nodes);
	m.scratch = m.base + m.layout.scratch;
	return m;
}

// Welding: every input vertex joins the class of the earliest welded vertex within the tolerance.
// Writes the welded vertices and the input-to-welded map; returns the welded count.
NP_COLD static int weldVertices(const npVec3* in, int n, double tolerance, const meshArrays* m)
{
	double maxAbs = 0.0;
	for (int i = 0; i < n; ++i)
		maxAbs = np3Max(maxAbs, v3MaxAbs(in[i]));
	npPointHash3 hash;
	int32_t* heads = (int32_t*)m->scratch;
	npPointHashInit3(&hash, heads, m->layout.weldSlots, heads + m->layout.weldSlots, m->vertices, tolerance, maxAbs);
	int32_t* map = m->vertexMap;
	for (int i = 0; i < n; ++i)
		map[i] = npPointHashAdd3(&hash, in[i]);
	return hash.count;
}

// The triangles kept for the BVH (in the scratch): their welded corners and input ids, their boxes
// (lower x y z, upper x y z) and box centres, and the permutation the BVH build sorts.
typedef struct bvhTriangles
{
	int32_t* corners;
	int32_t* ids;
	double* boxes;
	double* centres;
	int32_t* perm;
	int count;
} bvhTriangles;

// Keeps the valid triangles (in input order) with their boxes: triangles with two equal welded
// corners, zero area or a needle shape are skipped.
NP_COLD static bvhTriangles keepValidTriangles(const meshArrays* m, const int32_t* indices, int triangleCount)
{
	bvhTriangles v;
	v.corners = (int32_t*)m->scratch;
	v.ids = v.corners + 3 * (uint64_t)triangleCount;
	v.boxes = (double*)(m->scratch + align8(16 * (uint64_t)triangleCount));
	v.centres = v.boxes + 6 * (uint64_t)triangleCount;
	v.perm = (int32_t*)(v.centres + 3 * (uint64_t)triangleCount);
	const int32_t* vmap = m->vertexMap;
	const npVec3* verts = m->vertices;
	int32_t* validTris = v.corners;
	int32_t* validIds = v.ids;
	double* boxes = v.boxes;
	double* centres = v.centres;
	int32_t* perm = v.perm;
	int n = 0;
	for (int t = 0; t < triangleCount; ++t)
	{
		int32_t a = vmap[indices[3 * t]], b = vmap[indices[3 * t + 1]], c = vmap[indices[3 * t + 2]];
		if (a == b || b == c || c == a)
			continue;
		npVec3 pa = verts[a], pb = verts[b], pc = verts[c];
		npVec3 e0 = v3Sub(pb, pa), e1 = v3Sub(pc, pa), e2 = v3Sub(pc, pb);
		// Zero area or a needle: the same test as npMakeTriangle3 (twice the area below
		// (1e-10 * longest edge + 1e-13 * coordinate scale) * longest edge), so every stored
		// triangle is also a valid triangle shape.
		double twiceArea = v3Length(v3Cross(e0, e1));
		double longest = sqrt(np3Max(v3LengthSq(e0), np3Max(v3LengthSq(e1), v3LengthSq(e2))));
		double scale = np3Max(v3MaxAbs(pa), np3Max(v3MaxAbs(pb), v3MaxAbs(pc)));
		if (!(twiceArea > (1.0e-10 * longest + 1.0e-13 * scale) * longest))
			continue;

		validTris[3 * n] = a;
		validTris[3 * n + 1] = b;
		validTris[3 * n + 2] = c;
		validIds[n] = t;
		double* box = boxes + 6 * n;
		box[0] = np3Min(pa.x, np3Min(pb.x, pc.x));
		box[1] = np3Min(pa.y, np3Min(pb.y, pc.y));
		box[2] = np3Min(pa.z, np3Min(pb.z, pc.z));
		box[3] = np3Max(pa.x, np3Max(pb.x, pc.x));
		box[4] = np3Max(pa.y, np3Max(pb.y, pc.y));
		box[5] = np3Max(pa.z, np3Max(pb.z, pc.z));
		centres[3 * n] = 0.5 * (box[0] + box[3]);
		centres[3 * n + 1] = 0.5 * (box[1] + box[4]);
		centres[3 * n + 2] = 0.5 * (box[2] + box[5]);
		perm[n] = n;
		++n;
	}
	v.count = n;
	return v;
}

// ------------------------------------------------------------------------------------------------
// BVH: binned SAH (Wald, "On fast construction of SAH-based bounding volume hierarchies", 2007):
// triangle box centres are sorted into SAH_BINS bins along each axis and the split plane between
// two bins minimising area(left) * count(left) + area(right) * count(right) is taken.

typedef struct Box
{
	double lo[3];
	double hi[3];
} Box;

NP_COLD static Box emptyBox(void)
{
	return (Box){ { DBL_MAX, DBL_MAX, DBL_MAX }, { -DBL_MAX, -DBL_MAX, -DBL_MAX } };
}

NP_COLD static void growBox(Box* b, const double* lo, const double* hi)
{
	for (int a = 0; a < 3; ++a)
	{
		if (lo[a] < b->lo[a])
			b->lo[a] = lo[a];
		if (hi[a] > b->hi[a])
			b->hi[a] = hi[a];
	}
}

NP_COLD static double halfArea(const Box* b)
{
	double dx = b->hi[0] - b->lo[0], dy = b->hi[1] - b->lo[1], dz = b->hi[2] - b->lo[2];
	return dx * dy + dy * dz + dz * dx;
}

typedef struct BuildTask
{
	int32_t node, start, count, depth;
} BuildTask;

// The SAH bin of a centre `offset` past its range's low end (scale: bins per unit). The product is
// clamped before it becomes an int: for a range a few subnormals wide `scale` is infinite, and
// converting an infinite or NaN product is undefined behaviour (fuzz_mesh3d under UBSan). Every
// finite product gets the bin that converting and then clamping gave.
NP_COLD static int sahBin(double offset, double scale)
{
	double u = offset * scale;
	if (!(u >= 1.0))
		return 0;
	return u >= SAH_BINS - 1 ? SAH_BINS - 1 : (int)u;
}

// The SAH split of task t's triangles (their centres spanning `centres`): returns the axis, -1 when
// no plane splits them, and the last bin of the left side in *bestBin.
NP_COLD static int bestSahSplit(const bvhTriangles* v, BuildTask t, const Box* centres, int* bestBin)
{
	const double* boxes = v->boxes;
	const double* centres3 = v->centres;
	const int32_t* perm = v->perm;
	int bestAxis = -1;
	double bestCost = DBL_MAX;
	// Bins along the axis of largest centre spread only (a third of the work of trying all three;
	// the tree quality difference is small for meshes).
	int longest = 0;
	for (int a = 1; a < 3; ++a)
		if (centres->hi[a] - centres->lo[a] > centres->hi[longest] - centres->lo[longest])
			longest = a;
	int a = longest;
	double extent = centres->hi[a] - centres->lo[a];
	if (!(extent > 0.0))
		return -1;

	double scale = SAH_BINS * (1.0 - 1e-9) / extent;
	int binCount[SAH_BINS] = { 0 };
	Box binBox[SAH_BINS];
	for (int k = 0; k < SAH_BINS; ++k)
		binBox[k] = emptyBox();
	for (int i = t.start; i < t.start + t.count; ++i)
	{
		const double* b = boxes + 6 * perm[i];
		int k = sahBin(centres3[3 * perm[i] + a] - centres->lo[a], scale);
		binCount[k] += 1;
		growBox(&binBox[k], b, b + 3);
	}

	// Right-to-left sweep stores area * count of the right side of each plane.
	double rightCost[SAH_BINS];
	Box acc = emptyBox();
	int accCount = 0;
	for (int k = SAH_BINS - 1; k > 0; --k)
	{
		accCount += binCount[k];
		if (binCount[k] > 0)
			growBox(&acc, binBox[k].lo, binBox[k].hi);
		rightCost[k] = accCount > 0 ? halfArea(&acc) * accCount : -1.0;
	}

	acc = emptyBox();
	accCount = 0;
	for (int k = 0; k < SAH_BINS - 1; ++k)
	{
		accCount += binCount[k];
		if (binCount[k] > 0)
			growBox(&acc, binBox[k].lo, binBox[k].hi);
		if (accCount == 0 || accCount == t.count || rightCost[k + 1] < 0.0)
			continue;
		double cost = halfArea(&acc) * accCount + rightCost[k + 1];
		if (cost < bestCost)
		{
			bestCost = cost;
			bestAxis = a;
			*bestBin = k;
		}
	}
	return bestAxis;
}

// Partitions task t's triangles by the split plane after bin `bin` along `axis`; returns where the
// right side starts (the middle of the range when a side would be empty).
NP_COLD static int partitionAtBin(const bvhTriangles* v, BuildTask t, const Box* centres, int axis, int bin)
{
	const double* centres3 = v->centres;
	int32_t* perm = v->perm;
	int mid = t.start + t.count / 2;
	double extent = centres->hi[axis] - centres->lo[axis];
	double scale = SAH_BINS * (1.0 - 1e-9) / extent;
	int i = t.start, j = t.start + t.count - 1;
	while (i <= j)
	{
		int k = sahBin(centres3[3 * perm[i] + axis] - centres->lo[axis], scale);
		if (k <= bin)
			++i;
		else
		{
			int32_t tmp = perm[i];
			perm[i] = perm[j];
			perm[j] = tmp;
			--j;
		}
	}
	// Both sides are non-empty by construction of the candidate planes; guard anyway.
	if (i > t.start && i < t.start + t.count)
		mid = i;
	return mid;
}

// Builds the BVH over v's triangles into `nodes`, reordering v->perm into leaf order. Returns the
// number of nodes; the depth goes to *depthOut.
NP_COLD static int buildBvh(const bvhTriangles* v, npMeshNode3* nodes, int* depthOut)
{
	const double* boxes = v->boxes;
	const double* centres3 = v->centres;
	const int32_t* perm = v->perm;
	BuildTask stack[2 * NP_MESH_MAX_DEPTH + 4];
	int top = 0;
	stack[top++] = (BuildTask){ 0, 0, v->count, 1 };
	int nodeCount = 1;
	int maxDepth = 1;

	while (top > 0)
	{
		BuildTask t = stack[--top];
		if (t.depth > maxDepth)
			maxDepth = t.depth;
		Box bounds = emptyBox(), centres = emptyBox();
		for (int i = t.start; i < t.start + t.count; ++i)
		{
			const double* b = boxes + 6 * perm[i];
			growBox(&bounds, b, b + 3);
			const double* c = centres3 + 3 * perm[i];
			growBox(&centres, c, c);
		}
		npMeshNode3* node = nodes + t.node;
		for (int a = 0; a < 3; ++a)
		{
			node->lower[a] = npFloatDown(bounds.lo[a]);
			node->upper[a] = npFloatUp(bounds.hi[a]);
		}
		if (t.count <= NP_MESH_LEAF_TRIANGLES)
		{
			node->index = t.start;
			node->count = t.count;
			continue;
		}

		// From SAH_MAX_DEPTH on, or when no plane splits the centres, the range is halved.
		int bestBin = 0;
		int bestAxis = t.depth < SAH_MAX_DEPTH ? bestSahSplit(v, t, &centres, &bestBin) : -1;
		int mid = bestAxis >= 0 ? partitionAtBin(v, t, &centres, bestAxis, bestBin) : t.start + t.count / 2;

		int left = nodeCount;
		nodeCount += 2;
		node->index = left;
		node->count = 0;
		stack[top++] = (BuildTask){ left + 1, mid, t.start + t.count - mid, t.depth + 1 };
		stack[top++] = (BuildTask){ left, t.start, mid - t.start, t.depth + 1 };
	}
	*depthOut = maxDepth;
	return nodeCount;
}

// ------------------------------------------------------------------------------------------------
// Mesh creation steps after the BVH.

// Stores the triangles in the BVH's leaf order, with their input ids and unit normals.
NP_COLD static void storeLeafOrder(const meshArrays* m, const bvhTriangles* v)
{
	int32_t* tris = m->triangles;
	int32_t* ids = m->triangleIds;
	npVec3* normals = m->normals;
	const npVec3* verts = m->vertices;
	for (int k = 0; k < v->count; ++k)
	{
		int32_t s = v->perm[k];
		tris[3 * k] = v->corners[3 * s];
		tris[3 * k + 1] = v->corners[3 * s + 1];
		tris[3 * k + 2] = v->corners[3 * s + 2];
		ids[k] = v->ids[s];
		normals[k] = NP_MESH_TRIANGLE_NORMAL(verts[tris[3 * k]], verts[tris[3 * k + 1]], verts[tris[3 * k + 2]]);
	}
}

// Renumbers the vertices in order of first use by the stored (leaf-ordered) triangles, so the
// triangles of one leaf, and of neighbouring leaves, read nearby vertices (fewer cache misses in
// queries). Vertices no triangle uses go last, in their old order.
NP_COLD static void renumberVertices(const meshArrays* m, int weldedCount, int n, int vertexCount)
{
	npVec3* verts = m->vertices;
	int32_t* tris = m->triangles;
	int32_t* vmap = m->vertexMap;
	int32_t* newIndex = (int32_t*)m->scratch;
	npVec3* copy = (npVec3*)(m->scratch + align8(4 * (uint64_t)weldedCount));
	for (int i = 0; i < weldedCount; ++i)
		newIndex[i] = -1;
	int next = 0;
	for (int i = 0; i < 3 * n; ++i)
		if (newIndex[tris[i]] < 0)
			newIndex[tris[i]] = next++;
	for (int i = 0; i < weldedCount; ++i)
		if (newIndex[i] < 0)
			newIndex[i] = next++;

	for (int i = 0; i < weldedCount; ++i)
		copy[newIndex[i]] = verts[i];
	memcpy(verts, copy, sizeof(npVec3) * (size_t)weldedCount);
	for (int i = 0; i < 3 * n; ++i)
		tris[i] = newIndex[tris[i]];
	for (int i = 0; i < vertexCount; ++i)
		vmap[i] = newIndex[vmap[i]];
}

// Edge adjacency through vertex rings (the triangles around each vertex, stored compactly: ring v
// is incident[offsets[v] .. offsets[v + 1])). The neighbour across edge (a, b) is found by scanning
// the smaller of the two rings for the other triangles holding both a and b; an edge with exactly
// one other triangle links the two, none is a boundary, more is non-manifold. Counts both kinds
// into the mesh header.
NP_COLD static void linkNeighbours(const meshArrays* m, int weldedCount, int n, npMesh3* mesh)
{
	const int32_t* tris = m->triangles;
	int32_t* neighbours = m->neighbours;
	int32_t* offsets = (int32_t*)m->scratch;
	int32_t* incident = offsets + weldedCount + 1;
	for (int i = 0; i <= weldedCount; ++i)
		offsets[i] = 0;
	for (int i = 0; i < 3 * n; ++i)
		offsets[tris[i] + 1] += 1;
	for (int i = 0; i < weldedCount; ++i)
		offsets[i + 1] += offsets[i];
	for (int i = 0; i < 3 * n; ++i)
		incident[offsets[tris[i]]++] = i / 3; // offsets[v] ends at the start of ring v + 1 ...
	for (int i = weldedCount; i > 0; --i)
		offsets[i] = offsets[i - 1]; // ... so shift back by one ring
	offsets[0] = 0;

	int boundary = 0, nonManifold = 0;
	for (int h = 0; h < 3 * n; ++h)
	{
		int t = h / 3, k = h % 3;
		int32_t a = tris[3 * t + k], b = tris[3 * t + (k + 1) % 3];
		int32_t ring = offsets[a + 1] - offsets[a] <= offsets[b + 1] - offsets[b] ? a : b;
		int matches = 0, other = -1;
		bool lowest = true; // t is the lowest-numbered triangle on this edge
		for (int32_t j = offsets[ring]; j < offsets[ring + 1]; ++j)
		{
			int32_t u = incident[j];
			if (u == t)
				continue;
			const int32_t* tu = tris + 3 * u;
			bool hasA = tu[0] == a || tu[1] == a || tu[2] == a;
			bool hasB = tu[0] == b || tu[1] == b || tu[2] == b;
			if (!hasA || !hasB)
				continue;
			++matches;
			other = u;
			if (u < t)
				lowest = false;
		}
		neighbours[h] = matches == 1 ? other : -1;
		if (matches == 0)
			++boundary;
		else if (matches > 1 && lowest)
			++nonManifold;
	}
	mesh->boundaryEdges = boundary;
	mesh->nonManifoldEdges = nonManifold;
}

// Packed integer copies of the node boxes for queries (see npMeshPackedNode3), right after the
// nodes; the packing scale comes from the mesh's bounds.
NP_COLD static void packNodes(const meshArrays* m, npMesh3* mesh)
{
	int nodeCount = mesh->nodeCount;
	const npMeshNode3* nodes = m->nodes;
	npMeshPackedNode3* packed =
		(npMeshPackedNode3*)(m->base + align8(m->layout.nodes + (uint64_t)nodeCount * sizeof(npMeshNode3)));
	npVec3 extent = v3Sub(mesh->upper, mesh->lower);
	mesh->packScale = (npVec3){ extent.x > 0.0 ? NP_MESH_PACK_MAX / extent.x : 0.0,
								extent.y > 0.0 ? NP_MESH_PACK_MAX / extent.y : 0.0,
								extent.z > 0.0 ? NP_MESH_PACK_MAX / extent.z : 0.0 };
	for (int i = 0; i < nodeCount; ++i)
	{
		const npMeshNode3* nd = nodes + i;
		npPackBox3(mesh, (npVec3){ nd->lower[0], nd->lower[1], nd->lower[2] },
				   (npVec3){ nd->upper[0], nd->upper[1], nd->upper[2] }, &packed[i].lower, &packed[i].upper);
		packed[i].index = nd->index;
		packed[i].count = nd->count;
	}
	mesh->packedNodes = packed;
	mesh->bytes = (size_t)((const uint8_t*)(packed + nodeCount) - m->base);
}

// One child of a ray node: the box and links of binary node `n`.
NP_COLD static void setRayChild(npMeshRayNode3* out, int c, const npMeshNode3* n, int32_t index)
{
	for (int a = 0; a < 3; ++a)
	{
		out->bounds[c][a] = n->lower[a];
		out->bounds[c][3 + a] = n->upper[a];
	}
	out->index[c] = n->count > 0 ? n->index : index;
	out->count[c] = n->count;
}

// The ray nodes (see npMeshRayNode3) after the packed nodes, numbered in depth-first order (a left
// subtree's nodes follow its parent's). Node 0 holds the root as its child 0 (child 1 is never read).
NP_COLD static void buildRayNodes(npMesh3* mesh, uint8_t* base)
{
	npMeshRayNode3* out = (npMeshRayNode3*)alignLine(base + mesh->bytes);
	const npMeshNode3* nodes = mesh->nodes;
	memset(out, 0, sizeof *out);
	int next = 1;
	int32_t stack[2 * NP_MESH_MAX_DEPTH + 4][2]; // (binary node, its ray node)
	int top = 0;
	setRayChild(out, 0, nodes, next);
	if (nodes[0].count == 0)
	{
		stack[top][0] = 0;
		stack[top++][1] = next++;
	}
	while (top > 0)
	{
		--top;
		const npMeshNode3* n = nodes + stack[top][0];
		npMeshRayNode3* r = out + stack[top][1];
		int32_t ids[2] = { -1, -1 };
		for (int c = 0; c < 2; ++c)
			if (nodes[n->index + c].count == 0)
				ids[c] = next++;
		for (int c = 0; c < 2; ++c)
			setRayChild(r, c, nodes + n->index + c, ids[c]);
		for (int c = 1; c >= 0; --c) // the left child on top: its subtree is numbered first
			if (ids[c] >= 0 && top < 2 * NP_MESH_MAX_DEPTH + 4)
			{
				stack[top][0] = n->index + c;
				stack[top++][1] = ids[c];
			}
	}
	mesh->rayNodes = out;
	mesh->bytes += RAY_NODE_SLACK + (size_t)rayNodeCount(mesh->nodeCount) * sizeof(npMeshRayNode3);
}

// ------------------------------------------------------------------------------------------------

NP_COLD npResult npMakeMesh3(const npMeshInput3* input, void* memory, size_t bytes, npMesh3** out)
{
	if (out != NULL)
		*out = NULL;
	if (input == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	const npVec3* vertices = input->vertices;
	const int32_t* indices = input->indices;
	int vertexCount = input->vertexCount, triangleCount = input->triangleCount;
	double weldTolerance = input->weldTolerance;
	if (vertices == NULL || indices == NULL || memory == NULL || out == NULL || vertexCount < 1 ||
		triangleCount < 1 || vertexCount > 3 * NP_MESH_MAX_TRIANGLES ||
		triangleCount > NP_MESH_MAX_TRIANGLES)
		return NP_ERR_INVALID_ARGUMENT;
	if (!(weldTolerance >= 0.0))
		return weldTolerance != weldTolerance ? NP_ERR_NON_FINITE : NP_ERR_INVALID_ARGUMENT;
	if (!(weldTolerance <= NP_HUGE))
		return NP_ERR_NON_FINITE;
	if (((uintptr_t)memory & 7u) != 0)
		return NP_ERR_INVALID_ARGUMENT;
	size_t need = npMeshBytes3(vertexCount, triangleCount);
	if (need == 0 || bytes < need)
		return NP_ERR_CAPACITY;

	for (int i = 0; i < vertexCount; ++i)
		if (!finiteCoordinate(vertices[i].x) || !finiteCoordinate(vertices[i].y) ||
			!finiteCoordinate(vertices[i].z))
			return NP_ERR_NON_FINITE;
	for (int i = 0; i < 3 * triangleCount; ++i)
		if (indices[i] < 0 || indices[i] >= vertexCount)
			return NP_ERR_OUT_OF_RANGE;

	meshArrays m = carveBuffer(memory, (uint64_t)vertexCount, (uint64_t)triangleCount);
	npMesh3* mesh = (npMesh3*)m.base;
	memset(mesh, 0, sizeof *mesh);

	// 1. Weld; 2. keep the valid triangles (in input order) and their boxes.
	int weldedCount = weldVertices(vertices, vertexCount, weldTolerance, &m);
	bvhTriangles valid = keepValidTriangles(&m, indices, triangleCount);
	int n = valid.count;
	if (n == 0)
		return NP_ERR_DEGENERATE;

	// 3. BVH, then store the triangles in leaf order; 4. renumber the vertices; 5. edge adjacency.
	int depth = 0;
	int nodeCount = buildBvh(&valid, m.nodes, &depth);
	storeLeafOrder(&m, &valid);
	renumberVertices(&m, weldedCount, n, vertexCount);
	linkNeighbours(&m, weldedCount, n, mesh);

	const npVec3* verts = m.vertices;
	const int32_t* tris = m.triangles;
	npVec3 lower = verts[tris[0]], upper = lower;
	for (int i = 0; i < 3 * n; ++i)
	{
		npVec3 p = verts[tris[i]];
		lower = (npVec3){ np3Min(lower.x, p.x), np3Min(lower.y, p.y), np3Min(lower.z, p.z) };
		upper = (npVec3){ np3Max(upper.x, p.x), np3Max(upper.y, p.y), np3Max(upper.z, p.z) };
	}

	mesh->vertexCount = weldedCount;
	mesh->triangleCount = n;
	mesh->inputVertexCount = vertexCount;
	mesh->inputTriangleCount = triangleCount;
	mesh->skippedTriangles = triangleCount - n;
	mesh->nodeCount = nodeCount;
	mesh->depth = depth;
	mesh->weldTolerance = weldTolerance;
	mesh->lower = lower;
	mesh->upper = upper;
	mesh->vertices = m.vertices;
	mesh->triangles = m.triangles;
	mesh->triangleIds = m.triangleIds;
	mesh->neighbours = m.neighbours;
	mesh->normals = m.normals;
	mesh->vertexMap = m.vertexMap;
	mesh->nodes = m.nodes;
	packNodes(&m, mesh);
	buildRayNodes(mesh, m.base);
	*out = mesh;
	return NP_OK;
}

// Every array pointer is an offset from the header, so a copy only needs its pointers rebased.
NP_COLD static const void* rebase(const void* p, const npMesh3* from, const npMesh3* to)
{
	return (const uint8_t*)to + ((const uint8_t*)p - (const uint8_t*)from);
}

NP_COLD npResult npCopyMesh3(const npMesh3* mesh, void* memory, size_t bytes, npMesh3** out)
{
	if (out != NULL)
		*out = NULL;
	if (mesh == NULL || memory == NULL || out == NULL || ((uintptr_t)memory & 7u) != 0)
		return NP_ERR_INVALID_ARGUMENT;
	if (bytes < mesh->bytes)
		return NP_ERR_CAPACITY;
	memmove(memory, mesh, mesh->bytes);
	npMesh3* copy = (npMesh3*)memory;
	copy->vertices = rebase(mesh->vertices, mesh, copy);
	copy->normals = rebase(mesh->normals, mesh, copy);
	copy->triangles = rebase(mesh->triangles, mesh, copy);
	copy->triangleIds = rebase(mesh->triangleIds, mesh, copy);
	copy->neighbours = rebase(mesh->neighbours, mesh, copy);
	copy->vertexMap = rebase(mesh->vertexMap, mesh, copy);
	copy->nodes = rebase(mesh->nodes, mesh, copy);
	copy->packedNodes = rebase(mesh->packedNodes, mesh, copy);

	// The ray nodes move to the first 64-byte boundary of their area in the new buffer.
	uint8_t* area = (uint8_t*)(copy->packedNodes + copy->nodeCount);
	npMeshRayNode3* rayNodes = (npMeshRayNode3*)alignLine(area);
	memmove(rayNodes, rebase(mesh->rayNodes, mesh, copy), (size_t)rayNodeCount(copy->nodeCount) * sizeof(npMeshRayNode3));
	copy->rayNodes = rayNodes;
	*out = copy;
	return NP_OK;
}

void npGetMeshTriangle3(const npMesh3* mesh, int index, npVec3 out[3])
{
	const int32_t* t = mesh->triangles + 3 * index;
	out[0] = mesh->vertices[t[0]];
	out[1] = mesh->vertices[t[1]];
	out[2] = mesh->vertices[t[2]];
}

int npQueryMesh3(const npMesh3* mesh, npVec3 lower, npVec3 upper, int32_t* out, int capacity)
{
	int32_t stack[NP_MESH_MAX_DEPTH + 2];
	int top = 0, found = 0;
	stack[top++] = 0;
	npFloatBox3 q = npMakeFloatBox3(lower, upper);
	while (top > 0)
	{
		const npMeshNode3* node = mesh->nodes + stack[--top];
		if (!npFloatBoxesOverlap3(node, &q))
			continue;
		if (node->count > 0)
		{
			for (int i = 0; i < node->count; ++i)
			{
				if (found < capacity)
					out[found] = node->index + i;
				++found;
			}
		}
		else if (top + 2 <= NP_MESH_MAX_DEPTH + 2)
		{
			stack[top++] = node->index + 1;
			stack[top++] = node->index;
		}
	}
	return found;
}
