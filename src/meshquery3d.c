// Point and box queries against triangle meshes: the nearest point of a set of meshes, a mesh's
// bounds under a transform, and the triangles whose world-space bounds overlap a box.
//
// Nearest point: each mesh's BVH is walked nearer child first, and a node is skipped when its box
// is no nearer than the best triangle so far (or than maxDistance), so only the triangles around
// the answer are measured. A triangle's nearest point and the feature it lies on come from the
// library's one closest-point module (Ericson's regions).
//
// Box query: each BVH node's box is moved to world space and boxed again (its centre moved, its half
// extents through the absolute rotation matrix), grown by a rounding guard, so it holds the world
// bounds of every triangle below it and the walk misses nothing; each triangle reached is then
// tested exactly, with its own vertices moved to world space, and the answer is sorted.
#include "inputs.h"
#include "narrowphase/query3d.h"
#include "closest3d.h"
#include "mesh3d_private.h"
#include "vec3.h"

#include <math.h>
#include <stddef.h>

/// Squared distance from p to a node's box (0 inside).
static double boxDistanceSq(const npMeshNode3* node, npVec3 p)
{
	double sum = 0.0;
	for (int k = 0; k < 3; ++k)
	{
		double x = v3Component(p, k), lo = node->lower[k], hi = node->upper[k];
		double d = x < lo ? lo - x : (x > hi ? x - hi : 0.0);
		sum += d * d;
	}
	return sum;
}

/// The nearest triangle of one mesh to p (mesh frame) within sqrt(*bestSq); updates *bestSq.
typedef struct NearestTriangle
{
	int triangle; ///< stored triangle index, -1 for none
	npTrianglePoint3 at;
} NearestTriangle;

static bool nearestInMesh(const npMesh3* mesh, npVec3 p, double* bestSq, NearestTriangle* best)
{
	int32_t stack[NP_MESH_WALK_STACK];
	int top = 0;
	bool found = false;
	if (mesh->nodeCount == 0)
		return false;
	stack[top++] = 0;
	while (top > 0)
	{
		const npMeshNode3* node = &mesh->nodes[stack[--top]];
		if (boxDistanceSq(node, p) > *bestSq)
			continue;
		if (node->count > 0)
		{
			for (int i = node->index; i < node->index + node->count; ++i)
			{
				npVec3 v[3];
				npGetMeshTriangle3(mesh, i, v);
				npTrianglePoint3 at = npClosestOnTriangleFeature3(p, v, mesh->normals[i]);
				double d = v3DistanceSq(p, at.point);
				if (d < *bestSq || (d == *bestSq && (!found || i < best->triangle)))
				{
					*bestSq = d;
					best->triangle = i;
					best->at = at;
					found = true;
				}
			}
			continue;
		}

		int first = node->index;
		double dFirst = boxDistanceSq(&mesh->nodes[first], p), dSecond = boxDistanceSq(&mesh->nodes[first + 1], p);
		if (!npPushChildrenNearFirst(stack, &top, first, dFirst, dSecond))
			break;
	}
	return found;
}

npResult npClosestPointMeshes3(const npMeshInstance3* meshes, int meshCount, npVec3 p, double maxDistance,
							   npMeshPointProjection3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npMeshPointProjection3){ 0 };
	if (meshCount < 0 || (meshes == NULL && meshCount > 0) || maxDistance < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsableVec3(p) || maxDistance != maxDistance)
		return NP_ERR_NON_FINITE;
	for (int m = 0; m < meshCount; ++m)
	{
		if (meshes[m].mesh == NULL)
			return NP_ERR_INVALID_ARGUMENT;
		npResult r = npCheckTransform3(meshes[m].transform);
		if (r != NP_OK)
			return r;
	}

	// Beyond NP_HUGE every triangle is within reach; the square must stay finite.
	double limit = maxDistance < NP_HUGE * 4.0 ? maxDistance : NP_HUGE * 4.0;
	double bestSq = limit * limit;
	for (int m = 0; m < meshCount; ++m)
	{
		npTransform3 xf = meshes[m].transform;
		NearestTriangle best = { -1, { { 0.0, 0.0, 0.0 }, NP_TRIANGLE_FACE3, 0 } };
		double meshBestSq = bestSq;
		if (!nearestInMesh(meshes[m].mesh, npInvTransformPoint3(xf, p), &meshBestSq, &best))
			continue;
		// Across meshes a tie keeps the earlier mesh.
		if (out->found && !(meshBestSq < bestSq))
			continue;

		bestSq = meshBestSq;
		const npMesh3* mesh = meshes[m].mesh;
		out->found = true;
		out->point = npTransformPoint3(xf, best.at.point);
		out->distance = sqrt(meshBestSq);
		out->normal = npRotate3(xf.q, mesh->normals[best.triangle]);
		out->mesh = m;
		out->triangle = mesh->triangleIds[best.triangle];
		out->feature = (npMeshFeature3)best.at.feature;
		out->featureIndex = best.at.index;
	}
	return NP_OK;
}

npResult npMeshBounds3(const npMesh3* mesh, npTransform3 transform, npBounds3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npBounds3){ { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
	if (mesh == NULL || mesh->vertexCount < 1)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npCheckTransform3(transform);
	if (r != NP_OK)
		return r;

	npVec3 lower = npTransformPoint3(transform, mesh->vertices[0]), upper = lower;
	for (int i = 1; i < mesh->vertexCount; ++i)
	{
		npVec3 v = npTransformPoint3(transform, mesh->vertices[i]);
		lower = v3Min(lower, v);
		upper = v3Max(upper, v);
	}
	out->lower = lower;
	out->upper = upper;
	return NP_OK;
}

/// A node's box moved to world space and boxed again (center moved, half extents through |R|),
/// grown by a guard of a few ulps: it holds the world bounds of every triangle in the node.
typedef struct WorldNodeTest
{
	npMat3 rotation;
	npMat3 absRotation;
	npVec3 offset;
	npVec3 lower, upper;
	double guard;
} WorldNodeTest;

static WorldNodeTest makeWorldNodeTest(npTransform3 xf, npVec3 lower, npVec3 upper)
{
	WorldNodeTest w;
	w.rotation = npQuatToMat3(xf.q);
	npMat3 m = w.rotation;
	w.absRotation.cx = v3(fabs(m.cx.x), fabs(m.cx.y), fabs(m.cx.z));
	w.absRotation.cy = v3(fabs(m.cy.x), fabs(m.cy.y), fabs(m.cy.z));
	w.absRotation.cz = v3(fabs(m.cz.x), fabs(m.cz.y), fabs(m.cz.z));
	w.offset = xf.p;
	w.lower = lower;
	w.upper = upper;
	w.guard = 1.0e-12 * (1.0 + v3MaxAbs(xf.p));
	return w;
}

static bool nodeTouches(const WorldNodeTest* w, const npMeshNode3* node)
{
	npVec3 lo = { node->lower[0], node->lower[1], node->lower[2] }, hi = { node->upper[0], node->upper[1], node->upper[2] };
	npVec3 center = npMat3Mul(&w->rotation, v3Scale(0.5, v3Add(lo, hi)));
	npVec3 half = npMat3Mul(&w->absRotation, v3Scale(0.5, v3Sub(hi, lo)));
	double g = w->guard + 1.0e-12 * v3MaxAbs(center) + 1.0e-12 * v3MaxAbs(half);
	center = v3Add(center, w->offset);
	return !(center.x - half.x - g > w->upper.x || center.x + half.x + g < w->lower.x || center.y - half.y - g > w->upper.y ||
			 center.y + half.y + g < w->lower.y || center.z - half.z - g > w->upper.z || center.z + half.z + g < w->lower.z);
}

/// Whether stored triangle i's world-space bounds touch the box.
static bool triangleTouches(const npMesh3* mesh, int i, npTransform3 xf, npVec3 lower, npVec3 upper)
{
	npVec3 v[3];
	npGetMeshTriangle3(mesh, i, v);
	npVec3 lo = npTransformPoint3(xf, v[0]), hi = lo;
	for (int k = 1; k < 3; ++k)
	{
		npVec3 w = npTransformPoint3(xf, v[k]);
		lo = v3Min(lo, w);
		hi = v3Max(hi, w);
	}
	return !(lo.x > upper.x || hi.x < lower.x || lo.y > upper.y || hi.y < lower.y || lo.z > upper.z || hi.z < lower.z);
}

/// Heap sort (bounded, in place, no allocation).
static void sortIndices(int32_t* a, int n)
{
	for (int start = n / 2 - 1, end = n; end > 1;)
	{
		int root;
		if (start >= 0)
			root = start--;
		else
		{
			int32_t t = a[0];
			a[0] = a[--end];
			a[end] = t;
			root = 0;
		}
		for (int child; (child = 2 * root + 1) < end; root = child)
		{
			if (child + 1 < end && a[child + 1] > a[child])
				++child;
			if (a[root] >= a[child])
				break;
			int32_t t = a[root];
			a[root] = a[child];
			a[child] = t;
		}
	}
}

npResult npQueryMeshTriangles3(const npMesh3* mesh, npTransform3 transform, npVec3 lower, npVec3 upper, int32_t* out,
							   int capacity, int* count)
{
	if (count == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*count = 0;
	if (mesh == NULL || capacity < 0 || (out == NULL && capacity > 0))
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsableVec3(lower) || !npIsUsableVec3(upper))
		return NP_ERR_NON_FINITE;
	npResult r = npCheckTransform3(transform);
	if (r != NP_OK)
		return r;
	if (mesh->nodeCount == 0 || lower.x > upper.x || lower.y > upper.y || lower.z > upper.z)
		return NP_OK;

	int32_t stack[NP_MESH_MAX_DEPTH + 2];
	int top = 0, found = 0;
	WorldNodeTest test = makeWorldNodeTest(transform, lower, upper);
	stack[top++] = 0;
	while (top > 0)
	{
		const npMeshNode3* node = mesh->nodes + stack[--top];
		if (!nodeTouches(&test, node))
			continue;
		if (node->count > 0)
		{
			for (int i = node->index; i < node->index + node->count; ++i)
			{
				if (!triangleTouches(mesh, i, transform, lower, upper))
					continue;
				if (found < capacity)
					out[found] = mesh->triangleIds[i];
				++found;
			}
		}
		else if (top + 2 <= NP_MESH_MAX_DEPTH + 2)
		{
			stack[top++] = node->index + 1;
			stack[top++] = node->index;
		}
	}

	*count = found;
	if (found > capacity)
		return NP_ERR_CAPACITY;
	sortIndices(out, found);
	return NP_OK;
}
