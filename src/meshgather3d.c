// Midphase of npMeshContacts3 (Pierre Terdiman, "Contact generation for meshes"): the triangles of
// a mesh near the query's shape, found through the mesh's BVH and handed to the shape's
// per-triangle routine (meshtriangle3d.c), which adds their potential contacts to the pool.
//
// Outline of npMeshGather3:
//  - For each mesh, the shape's box in mesh space, grown by the margin, is run down the mesh's BVH.
//    The root's float box is tested first (a shape away from the mesh stops there), then the
//    packed integer boxes below it. The traversal collects overlapping leaves in batches.
//  - Triangles of every mesh land in one common set (the paper's section 6), in world space.
//  - For spheres, leaves whose boxes are beyond the sphere's reach (in the corners of the query
//    box) are skipped before any vertex is read; then triangles whose boxes miss the query box.
//    (These filters use no floating-point min / max / select: see nodeDistanceSq.)
//  - A sphere against a mesh at the identity takes its own loop (sphereLeavesIdentity): mesh space
//    is world space, normals are recomputed rather than read, and the triangle's vertices and
//    input index are only looked up for the contacts that need them.
#include "meshcontacts3d_private.h"

#include <float.h>
#include <math.h>

// Box of the shape in a frame where the shape sits at `rel` (mesh space), grown by `margin`.
static void shapeBounds(const npShape3* shape, npTransform3 rel, double margin, npVec3* lower,
						npVec3* upper)
{
	npVec3 lo = rel.p, hi = rel.p;
	double grow = margin;
	switch (shape->type)
	{
		case NP_SHAPE_SPHERE:
			grow += shape->radius;
			break;
		case NP_SHAPE_CAPSULE3:
		{
			npVec3 axis = npRotate3(rel.q, (npVec3){ 0.0, shape->halfHeight, 0.0 });
			npVec3 e = { fabs(axis.x), fabs(axis.y), fabs(axis.z) };
			lo = v3Sub(lo, e);
			hi = v3Add(hi, e);
			grow += shape->radius;
			break;
		}
		case NP_SHAPE_BOX3:
		{
			// Extent along each axis: sum over the box axes of |axis component| * half extent.
			npVec3 ax = npRotate3(rel.q, (npVec3){ shape->halfExtents.x, 0.0, 0.0 });
			npVec3 ay = npRotate3(rel.q, (npVec3){ 0.0, shape->halfExtents.y, 0.0 });
			npVec3 az = npRotate3(rel.q, (npVec3){ 0.0, 0.0, shape->halfExtents.z });
			npVec3 e = { fabs(ax.x) + fabs(ay.x) + fabs(az.x), fabs(ax.y) + fabs(ay.y) + fabs(az.y),
						 fabs(ax.z) + fabs(ay.z) + fabs(az.z) };
			lo = v3Sub(lo, e);
			hi = v3Add(hi, e);
			break;
		}
		default:
		{
			const npHull3* hull = shape->hull;
			lo = (npVec3){ DBL_MAX, DBL_MAX, DBL_MAX };
			hi = v3Neg(lo);
			for (int i = 0; i < hull->vertexCount; ++i)
			{
				npVec3 p = npTransformPoint3(rel, hull->vertices[i]);
				lo = (npVec3){ np3Min(lo.x, p.x), np3Min(lo.y, p.y), np3Min(lo.z, p.z) };
				hi = (npVec3){ np3Max(hi.x, p.x), np3Max(hi.y, p.y), np3Max(hi.z, p.z) };
			}
			break;
		}
	}
	// A little slack so rounding in the transforms never loses a touching triangle.
	grow += 1e-9 * (1.0 + np3Max(v3MaxAbs(lo), v3MaxAbs(hi)));
	*lower = (npVec3){ lo.x - grow, lo.y - grow, lo.z - grow };
	*upper = (npVec3){ hi.x + grow, hi.y + grow, hi.z + grow };
}

static bool isIdentity(npTransform3 t)
{
	return ((int)(t.p.x == 0.0) & (int)(t.p.y == 0.0) & (int)(t.p.z == 0.0) & (int)(t.q.x == 0.0) &
			(int)(t.q.y == 0.0) & (int)(t.q.z == 0.0) & (int)(t.q.w == 1.0)) != 0;
}

// The filters below (which nodes and triangles are looked at; never values that reach a contact)
// avoid floating-point min / max / select: WebAssembly engines compile those to branches, which
// are unpredictable here and cost more than the tests themselves. Comparisons combined as integers
// and products with 0 or 1 have no branch.

// Squared distance from `c` to a node's box. Per axis at most one of lower - c and c - upper is
// positive (lower <= upper); keeping it only when positive gives max(0, lower - c, c - upper).
// Subtraction, squaring and addition are monotonic and a triangle's box lies in its leaf's box, so
// this never exceeds the squared distance from c to any triangle of the leaf: a leaf farther than
// the sphere's reach (with the query box's slack) holds no triangle npMeshSphereContact3 would keep.
static double nodeDistanceSq(const npMeshNode3* node, npVec3 c)
{
	double lx = (double)node->lower[0] - c.x, hx = c.x - (double)node->upper[0];
	double ly = (double)node->lower[1] - c.y, hy = c.y - (double)node->upper[1];
	double lz = (double)node->lower[2] - c.z, hz = c.z - (double)node->upper[2];
	double dx = lx * (double)(lx > 0.0) + hx * (double)(hx > 0.0);
	double dy = ly * (double)(ly > 0.0) + hy * (double)(hy > 0.0);
	double dz = lz * (double)(lz > 0.0) + hz * (double)(hz > 0.0);
	return dx * dx + dy * dy + dz * dz;
}

// True when the triangle's box misses the query box [lower, upper]: all three vertices beyond one
// of its six planes.
NP_FORCE_INLINE bool triangleOutside(npVec3 a, npVec3 b, npVec3 c, npVec3 lower, npVec3 upper)
{
	int out = ((int)(a.x > upper.x) & (int)(b.x > upper.x) & (int)(c.x > upper.x)) |
			  ((int)(a.x < lower.x) & (int)(b.x < lower.x) & (int)(c.x < lower.x)) |
			  ((int)(a.y > upper.y) & (int)(b.y > upper.y) & (int)(c.y > upper.y)) |
			  ((int)(a.y < lower.y) & (int)(b.y < lower.y) & (int)(c.y < lower.y)) |
			  ((int)(a.z > upper.z) & (int)(b.z > upper.z) & (int)(c.z > upper.z)) |
			  ((int)(a.z < lower.z) & (int)(b.z < lower.z) & (int)(c.z < lower.z));
	return out != 0;
}

// Size of one packed unit on an axis (0 for a flat axis, whose packed coordinates are all 0).
static double packedStep(double scale) { return scale > 0.0 ? 1.0 / scale : 0.0; }

// Squared distance from `c` to a packed node's box, unpacked: origin + k * step on each axis. The
// packing rounds outwards, so the unpacked box holds the node's float box up to a few rounding
// errors of the coordinates (about 1e-16 relative), far inside the 1e-9 relative slack of the
// sphere's reach: a leaf this test rejects holds no triangle npMeshSphereContact3 would keep. Same
// branch-free form as nodeDistanceSq.
static double packedDistanceSq(const npMeshPackedNode3* node, npVec3 origin, npVec3 step, npVec3 c)
{
	const uint64_t field = (1u << (NP_MESH_PACK_BITS - 1)) - 1u;
	double lox = origin.x + (double)(int32_t)(node->lower & field) * step.x;
	double loy = origin.y + (double)(int32_t)((node->lower >> NP_MESH_PACK_BITS) & field) * step.y;
	double loz = origin.z + (double)(int32_t)((node->lower >> (2 * NP_MESH_PACK_BITS)) & field) * step.z;
	double hix = origin.x + (double)(int32_t)(node->upper & field) * step.x;
	double hiy = origin.y + (double)(int32_t)((node->upper >> NP_MESH_PACK_BITS) & field) * step.y;
	double hiz = origin.z + (double)(int32_t)((node->upper >> (2 * NP_MESH_PACK_BITS)) & field) * step.z;
	double lx = lox - c.x, hx = c.x - hix, ly = loy - c.y, hy = c.y - hiy, lz = loz - c.z, hz = c.z - hiz;
	double dx = lx * (double)(lx > 0.0) + hx * (double)(hx > 0.0);
	double dy = ly * (double)(ly > 0.0) + hy * (double)(hy > 0.0);
	double dz = lz * (double)(lz > 0.0) + hz * (double)(hz > 0.0);
	return dx * dx + dy * dy + dz * dz;
}

// A float box containing [lower, upper], without branches: each bound is moved outwards by
// 2^-22 of its magnitude (at least two float steps, more than the half step the conversion to float
// can round inwards) plus 1e-30 (for tiny coordinates). Slightly looser than the nearest floats
// (npMakeFloatBox3), which only lets the traversal visit a few more nodes: the triangle tests after
// it are exact.
static float floatBelow(double x) { return (float)(x - fabs(x) * 0x1.0p-22 - 1e-30); }
static float floatAbove(double x) { return (float)(x + fabs(x) * 0x1.0p-22 + 1e-30); }
static npFloatBox3 outerFloatBox(npVec3 lower, npVec3 upper)
{
	return (npFloatBox3){ { floatBelow(lower.x), floatBelow(lower.y), floatBelow(lower.z) },
						  { floatAbove(upper.x), floatAbove(upper.y), floatAbove(upper.z) } };
}

// Leaves overlapping the query box are collected by the traversal in batches of this many, then
// their triangles are tested: two tight loops instead of one loop juggling both states.
#define LEAF_BATCH 64

// Depth-first, left child first, over the nodes whose boxes overlap `box`: writes the overlapping
// leaves, in that order, to leaves[] and returns their number. At most LEAF_BATCH are written per
// call; *resume keeps the traversal's place (stack and top) between calls, and is left with
// top = -1 when the traversal is finished. Children are tested in their parent (one load of the
// pair), and the walk descends into an overlapping child without a push; only the second of two
// overlapping children is pushed, so the stack holds at most one node per level.
typedef struct Traversal
{
	int32_t stack[NP_MESH_MAX_DEPTH + 2];
	int top;      // nodes on the stack; -1 once finished
	int32_t next; // node to visit next, -1 to pop one
	int steps;    // nodes visited so far (bounds the loop by the node count)
} Traversal;

static int collectLeaves(const npMesh3* mesh, uint64_t boxLower, uint64_t boxUpper, Traversal* tr,
						 int32_t* leaves)
{
	const npMeshPackedNode3* nodes = mesh->packedNodes;
	int found = 0, top = tr->top, steps = tr->steps;
	int32_t index = tr->next;
	while (found < LEAF_BATCH && steps < mesh->nodeCount)
	{
		if (index < 0)
		{
			if (top == 0)
			{
				top = -1;
				break;
			}
			index = tr->stack[--top];
		}
		++steps;
		const npMeshPackedNode3* node = nodes + index;
		if (node->count > 0)
		{
			leaves[found++] = index;
			index = -1;
			continue;
		}
		int32_t first = node->index;
		int left = (int)npPackedOverlap3(nodes + first, boxLower, boxUpper);
		int right = (int)npPackedOverlap3(nodes + first + 1, boxLower, boxUpper);
		if ((left & right) != 0 && top < NP_MESH_MAX_DEPTH + 2)
			tr->stack[top++] = first + 1;
		index = left != 0 ? first : (right != 0 ? first + 1 : -1);
	}
	if (steps >= mesh->nodeCount)
		top = -1; // every node visited (a tree visits each node at most once)
	tr->top = top;
	tr->next = index;
	tr->steps = steps;
	return found;
}

// One mesh's traversal, in mesh space: the shape's box (grown by the margin) and, for spheres, the
// centre and squared reach that skip leaves in the box's corners.
typedef struct LeafQuery
{
	const npMeshInstance3* inst;
	int meshIndex; // the instance's index in the query
	bool identity; // the instance is at the identity: mesh space is world space
	npVec3 lower;
	npVec3 upper;
	npVec3 centre; // the sphere's centre
	double reach2; // the sphere's squared reach, with the box's slack
} LeafQuery;

// Sphere against the triangles of the given leaves of a mesh placed at the identity (mesh space is
// world space): leaves beyond the sphere's reach are skipped, triangles whose boxes miss the query
// box too, then the same contact as npMeshSphereTriangle3's (npMeshSphereContact3), without copying
// the triangle into the potential contact.
static int sphereLeavesIdentity(npMeshPool3* pool, const npMeshShapeInfo3* info, const LeafQuery* query,
								const int32_t* leaves, int leafCount)
{
	const npMesh3* mesh = query->inst->mesh;
	const npVec3* vertices = mesh->vertices;
	const int32_t* triangles = mesh->triangles;
	const npMeshPackedNode3* nodes = mesh->packedNodes;
	int meshIndex = query->meshIndex;
	npVec3 lower = query->lower, upper = query->upper;
	double reach2 = query->reach2;
	npMeshSphere3 sphere = npMeshSphereOf3(info);
	npVec3 c = sphere.centre;
	npVec3 step = { packedStep(mesh->packScale.x), packedStep(mesh->packScale.y), packedStep(mesh->packScale.z) };
	int candidates = 0;
	for (int l = 0; l < leafCount; ++l)
	{
		const npMeshPackedNode3* node = nodes + leaves[l];
		// A leaf in a corner of the query box but beyond the sphere's reach is skipped whole. (Its
		// packed node was just read by the traversal; the float node would be one more cache miss.)
		if (packedDistanceSq(node, mesh->lower, step, c) > reach2)
			continue;
		for (int i = node->index; i < node->index + node->count; ++i)
		{
			const int32_t* t = triangles + 3 * i;
			npVec3 v[3] = { vertices[t[0]], vertices[t[1]], vertices[t[2]] };
			if (triangleOutside(v[0], v[1], v[2], lower, upper))
				continue;
			++candidates;
			// The normal recomputed exactly as npMakeMesh3 stored it (same operations, same bits):
			// the queries then never read the normals array, which keeps their working set smaller.
			npVec3 n = v3Normalize(v3Cross(v3Sub(v[1], v[0]), v3Sub(v[2], v[0])));
			npMeshPotential3* p = npMeshSphereContact3(pool, sphere, v, n, meshIndex);
			if (p == NULL)
				continue;
			p->stored = i; // (v and triangle are looked up later, and only if needed)
			p->welded[0] = p->ids[0] = t[0];
			p->welded[1] = p->ids[1] = t[1];
			p->welded[2] = p->ids[2] = t[2];
		}
	}
	return candidates;
}

// Any shape, any placement: the leaves' triangles are tested against the query box (for spheres,
// leaves beyond the sphere's reach are skipped first), taken to world space and handed to the
// shape's routine.
static int shapeLeaves(npMeshPool3* pool, const npMeshShapeInfo3* info, const LeafQuery* query,
					   const int32_t* leaves, int leafCount)
{
	const npMeshInstance3* inst = query->inst;
	const npMesh3* mesh = inst->mesh;
	const npVec3* vertices = mesh->vertices;
	const int32_t* triangles = mesh->triangles;
	npVec3 lower = query->lower, upper = query->upper, centre = query->centre;
	double reach2 = query->reach2;
	bool identity = query->identity;
	npShapeType3 type = info->shape->type;
	bool sphere = type == NP_SHAPE_SPHERE;
	int candidates = 0;
	for (int l = 0; l < leafCount; ++l)
	{
		const npMeshNode3* node = mesh->nodes + leaves[l];
		// Spheres: a leaf in a corner of the query box but beyond the sphere's reach is skipped
		// whole (npMeshSphereTriangle3 would reject all its triangles).
		if (sphere && nodeDistanceSq(node, centre) > reach2)
			continue;
		for (int i = node->index; i < node->index + node->count; ++i)
		{
			const int32_t* t = triangles + 3 * i;
			// The tests read the mesh's vertices in place; only candidates are copied (into tri) for
			// the per-triangle routines (in WebAssembly the copy is a round trip through memory).
			npVec3 v0 = vertices[t[0]], v1 = vertices[t[1]], v2 = vertices[t[2]];
			if (triangleOutside(v0, v1, v2, lower, upper))
				continue;
			++candidates;
			npMeshTriangle3 tri = { { v0, v1, v2 }, mesh->normals[i], inst, query->meshIndex,
									mesh->triangleIds[i], i };
			if (!identity)
			{
				for (int k = 0; k < 3; ++k)
					tri.v[k] = npTransformPoint3(inst->transform, tri.v[k]);
				tri.n = npRotate3(inst->transform.q, tri.n);
			}
			int countBefore = pool->potentialCount;
			if (type == NP_SHAPE_SPHERE)
				npMeshSphereTriangle3(pool, info, &tri);
			else if (type == NP_SHAPE_CAPSULE3)
				npMeshCapsuleTriangle3(pool, info, &tri);
			else
				npMeshGenericTriangle3(pool, info, &tri);
			if (pool->potentialCount > countBefore)
			{
				npMeshPotential3* p = pool->potentials + countBefore;
				p->welded[0] = p->ids[0] = t[0];
				p->welded[1] = p->ids[1] = t[1];
				p->welded[2] = p->ids[2] = t[2];
			}
		}
	}
	return candidates;
}

int npMeshGather3(npMeshPool3* pool, const npMeshShapeInfo3* info, const npMeshInstance3* inst, int meshIndex)
{
	const npMesh3* mesh = inst->mesh;
	LeafQuery query;
	query.inst = inst;
	query.meshIndex = meshIndex;
	query.identity = isIdentity(inst->transform);
	// At the identity, mesh space is world space (inv(I) * xf is xf up to the sign of zeros, which
	// the bounds below cannot see).
	npTransform3 rel = query.identity ? info->xf : npInvMulTransforms3(inst->transform, info->xf);
	shapeBounds(info->shape, rel, info->margin, &query.lower, &query.upper);
	bool sphere = info->shape->type == NP_SHAPE_SPHERE;
	query.centre = rel.p; // the sphere's centre in mesh space
	// Squared reach, with the same slack as the query box so that rounding in the mesh-space
	// transform never drops a triangle the exact test in npMeshSphereContact3 would keep.
	double reach = info->shape->radius + info->margin + 1e-9 * (1.0 + v3MaxAbs(query.centre));
	query.reach2 = reach * reach;

	// The root's exact (float) box first: a shape away from the mesh stops here. Below it the packed
	// boxes (clamped to the mesh's bounds, so only useful once inside them).
	npFloatBox3 box = outerFloatBox(query.lower, query.upper);
	if (!npFloatBoxesOverlap3(mesh->nodes, &box))
		return 0;
	uint64_t boxLower, boxUpper;
	npPackBox3(mesh, query.lower, query.upper, &boxLower, &boxUpper);
	Traversal tr;
	tr.top = 0;
	tr.next = 0;
	tr.steps = 0;
	int32_t leaves[LEAF_BATCH];
	int candidates = 0;
	while (tr.top >= 0)
	{
		int leafCount = collectLeaves(mesh, boxLower, boxUpper, &tr, leaves);
		if (sphere && query.identity)
			candidates += sphereLeavesIdentity(pool, info, &query, leaves, leafCount);
		else
			candidates += shapeLeaves(pool, info, &query, leaves, leafCount);
	}
	return candidates;
}
