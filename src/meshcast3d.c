// Shape casts against triangle meshes.
//
//  1. Each mesh is handled in its own frame: the shape's pose and the translation are moved there
//     (a rigid move keeps fractions, so they compare across meshes).
//  2. Midphase: the shape's box at fraction 0, swept along the translation, is a ray through the
//     BVH boxes grown by the shape's half size (Ericson, Real-Time Collision Detection 5.5.7: a
//     moving box against a box is a ray against their Minkowski sum). Nodes are visited front to
//     back, and a node whose entry lies beyond the best fraction so far is pruned, as in the mesh
//     ray cast (meshray3d.c).
//  3. Each triangle reached is one-sided (skipped when the shape's centre starts behind its plane,
//     Terdiman's culling, as npMeshContacts3) and cast against as a convex shape (cast3d.c), with
//     the best fraction so far as its limit.
//  4. Internal edges: the triangle feature a hit touches is read off the hit normal (the vertices
//     nearest the shape along it: three the face, two an edge, one a vertex), and an internal edge or
//     vertex (shared with coplanar or concave neighbours that face the shape, found by position in
//     every mesh: the test of npMeshContacts3) reports the face normal instead. If the motion does not go into that face
//     the hit is a ghost (a shape sliding over a seam touches the next triangle's edge edge-on) and
//     the triangle is skipped. A convex edge (a cliff) keeps its edge normal.
#include "cast3d_private.h"

#include "inputs.h"
#include "meshcontacts3d_private.h"
#include "vec3.h"

#include <float.h>
#include <stddef.h>

/// One mesh's query, in the mesh's frame.
typedef struct MeshCast
{
	const npShapeCastMeshInput3* input;
	npShapeCastInput3 convex; ///< the shape's pose and translation in the mesh frame; target: the triangle
	npShape3 triangle;        ///< the triangle shape being tested
	npVec3 centre;            ///< the shape's centre at fraction 0 (culling)
	npVec3 centreWorld;       ///< the same in world space (the internal-edge test's neighbours)
	npVec3 boxCentre;         ///< centre of the shape's box at fraction 0
	npVec3 boxHalf;           ///< half size of that box, grown by the target distance
	double half[3];           ///< boxHalf, centre[] and the translation by axis (boxEntry reads them
	double centreAt[3];       ///< indexed: no per-axis selects)
	double move[3];
	int cornerCount;          ///< the shape's core vertices in the mesh frame at fraction 0 (at most
	npVec3 corners[8];        ///< 8; 0 for bigger hulls: the plane test then takes the support point)
	double extent;            ///< npShapeExtent3 of the shape
	double planeSlack;        ///< rounding allowance of the plane rejection
	npPair3 pair;             ///< the shape against `triangle`, prepared once per mesh (see castMeshes)
	double inverse[3];        ///< 1 / each component of the translation (boxEntry; unused where it is 0)
	int meshIndex;
	const npMeshInstance3* inst;
	npCastHit3* best;         ///< best hit so far (mesh frame of its own mesh until finished)
	npVec3 bestNormalWorld;
	npVec3 bestPointWorld;
	npVec3 bestOnShapeWorld;
} MeshCast;

// One axis of boxEntry: narrows [*enter, *exit] to where the ray is within [lower, upper] (grown
// by the shape's half size) on axis k; false when that leaves nothing.
static inline bool slab(const MeshCast* mc, int k, double lower, double upper, double* enter, double* exit)
{
	double lo = lower - mc->half[k] - mc->centreAt[k];
	double hi = upper + mc->half[k] - mc->centreAt[k];
	if (mc->move[k] == 0.0)
		return !(lo > 0.0 || hi < 0.0);
	double t0 = lo * mc->inverse[k], t1 = hi * mc->inverse[k];
	if (t0 > t1)
	{
		double s = t0;
		t0 = t1;
		t1 = s;
	}
	*enter = np3Max(*enter, t0);
	*exit = np3Min(*exit, t1);
	return !(*enter > *exit);
}

// Ray from the box centre along the translation against the box [lower, upper] grown by the shape's
// half size: the entry fraction, or DBL_MAX when the ray misses it within [0, limit].
static double boxEntry(const MeshCast* mc, const double* lower, const double* upper, double limit)
{
	double enter = 0.0, exit = limit;
	for (int k = 0; k < 3; ++k)
		if (!slab(mc, k, lower[k], upper[k], &enter, &exit))
			return DBL_MAX;
	return enter;
}

// boxEntry for a BVH node (float bounds, read as they are).
static double nodeEntry(const MeshCast* mc, const npMeshNode3* node, double limit)
{
	double enter = 0.0, exit = limit;
	for (int k = 0; k < 3; ++k)
		if (!slab(mc, k, node->lower[k], node->upper[k], &enter, &exit))
			return DBL_MAX;
	return enter;
}

// Whether hit `h` (mesh, input triangle) beats the best so far: earlier; or as early and an
// initial overlap where the best is not (a contact in the cast's tolerance band at fraction 0 must
// not hide a triangle the shape starts inside: fuzz_meshcasts3d, a 1e5 hull and a zero
// translation); or both initial overlaps and deeper (which triangle is met first depends on how the
// meshes are cut and listed: a terrain cut into pieces must cast as the whole); or as early, alike,
// and lower.
static bool beats(const npCastHit3* best, const npCastHit3* h, int mesh, int triangle)
{
	if (!best->hit || h->fraction < best->fraction)
		return true;
	if (h->fraction > best->fraction)
		return false;
	if (h->initialOverlap != best->initialOverlap)
		return h->initialOverlap;
	if (h->penetration != best->penetration)
		return h->penetration > best->penetration;
	return mesh < best->mesh || (mesh == best->mesh && triangle < best->triangle);
}

// Height over the plane through p with normal n of the shape's core at fraction 0: the least over
// its corners in the mesh frame (shapeBox moved them there) where it keeps them, which is never
// above the height of the support point along -n, moved there the same way (the other branch).
static double lowestOver(const MeshCast* mc, npVec3 p, npVec3 n)
{
	if (mc->cornerCount == 0)
	{
		npTransform3 xf0 = mc->convex.transform;
		npVec3 low = npTransformPoint3(xf0, npSupport3(mc->input->shape, npInvRotate3(xf0.q, v3Neg(n))));
		return v3Dot(v3Sub(low, p), n);
	}
	double h = v3Dot(v3Sub(mc->corners[0], p), n);
	for (int i = 1; i < mc->cornerCount; ++i)
		h = np3Min(h, v3Dot(v3Sub(mc->corners[i], p), n));
	return h;
}

// One triangle (stored index s): cull, cast, apply the internal-edge rule, keep if best.
static void castTriangle(MeshCast* mc, int s)
{
	const npMesh3* mesh = mc->inst->mesh;
	const int32_t* idx = mesh->triangles + 3 * s;
	npVec3 v[3] = { mesh->vertices[idx[0]], mesh->vertices[idx[1]], mesh->vertices[idx[2]] };
	npVec3 n = mesh->normals[s];
	if (v3Dot(v3Sub(mc->centre, v[0]), n) < 0.0)
		return; // behind the triangle: culled

	// The triangle's plane first: a shape whose lowest point (its support along -n) stays above the
	// plane by more than the target distance over [0, limit] cannot touch the triangle.
	const npCastHit3* prior = mc->best;
	double limit = prior->hit ? np3Min(prior->fraction, mc->input->options.maxFraction) : mc->input->options.maxFraction;
	double h0 = lowestOver(mc, v[0], n) - mc->input->shape->radius;
	double h1 = h0 + limit * v3Dot(mc->convex.translation, n);
	if (np3Min(h0, h1) > mc->input->options.targetDistance + mc->planeSlack)
		return;

	// The pair's target view reads mc->triangle's vertices (castMeshes); npShapeExtent3's bound of
	// a triangle, written out.
	// The triangle's own box against the swept shape box (a leaf's box holds several triangles).
	const double lower[3] = { np3Min(v[0].x, np3Min(v[1].x, v[2].x)), np3Min(v[0].y, np3Min(v[1].y, v[2].y)),
							  np3Min(v[0].z, np3Min(v[1].z, v[2].z)) };
	const double upper[3] = { np3Max(v[0].x, np3Max(v[1].x, v[2].x)), np3Max(v[0].y, np3Max(v[1].y, v[2].y)),
							  np3Max(v[0].z, np3Max(v[1].z, v[2].z)) };
	if (boxEntry(mc, lower, upper, limit) == DBL_MAX)
		return;

	mc->triangle.triangle[0] = v[0];
	mc->triangle.triangle[1] = v[1];
	mc->triangle.triangle[2] = v[2];
	double e = np3Max(np3Max(np3Max(0.0, v3MaxAbs(v[0])), v3MaxAbs(v[1])), v3MaxAbs(v[2]));
	const npCastHit3* best = mc->best;
	mc->convex.options.maxFraction = limit;
	npCastHit3 h;
	npCastConvexPair3(&mc->convex, &mc->pair, mc->extent, 1.7320508075688772 * e + 0.0, &h);
	int triangle = mesh->triangleIds[s];
	if (!h.hit || !beats(best, &h, mc->meshIndex, triangle))
		return;

	// The touched feature, in world space (features match across meshes by world position).
	npMeshTriangle3 tri;
	npTransform3 xf = mc->inst->transform;
	for (int k = 0; k < 3; ++k)
		tri.v[k] = npTransformPoint3(xf, v[k]);
	tri.n = npRotate3(xf.q, n);
	tri.inst = mc->inst;
	tri.mesh = mc->meshIndex;
	tri.triangle = triangle;
	tri.stored = s;
	npVec3 normalWorld = npRotate3(xf.q, h.normal);
	int touched = 3;
	bool internal = npMeshTouchedInternal3(mc->input->meshes, mc->input->meshCount, mc->input->featureTolerance,
										   mc->centreWorld, &tri, v3Neg(normalWorld), &touched);
	if (touched == 3 || internal)
	{
		normalWorld = tri.n;
		if (internal && !h.initialOverlap && v3Dot(mc->input->translation, normalWorld) >= 0.0)
			return; // a ghost: sliding over an internal edge or vertex
	}
	if (h.initialOverlap && mc->input->options.ignoreSeparating && v3Dot(mc->input->translation, normalWorld) >= 0.0)
		return;

	*mc->best = h;
	mc->best->hit = true;
	mc->best->mesh = mc->meshIndex;
	mc->best->triangle = triangle;
	mc->bestNormalWorld = normalWorld;
	mc->bestPointWorld = npTransformPoint3(xf, h.point);
	mc->bestOnShapeWorld = npTransformPoint3(xf, h.pointOnShape);
}

// The shape's box in the mesh frame (its core's vertices moved there, grown by radius and skin),
// after npMakePair3 (mc->pair).
static void shapeBox(MeshCast* mc)
{
	const npShape3* shape = mc->input->shape;
	const npPolyhedron3* poly = &mc->pair.polyA; // the shape's core (npMakePair3 made the view)
	npTransform3 rel = mc->convex.transform;
	npVec3 lo = npTransformPoint3(rel, poly->vertices[0]), hi = lo;
	mc->corners[0] = lo;
	for (int i = 1; i < poly->vertexCount; ++i)
	{
		npVec3 p = npTransformPoint3(rel, poly->vertices[i]);
		if (i < 8)
			mc->corners[i] = p;
		lo = v3Min(lo, p);
		hi = v3Max(hi, p);
	}
	mc->cornerCount = poly->vertexCount <= 8 ? poly->vertexCount : 0;
	double grow = shape->radius + mc->input->options.targetDistance;
	mc->boxCentre = v3Scale(0.5, v3Add(lo, hi));
	npVec3 half = v3Scale(0.5, v3Sub(hi, lo));
	// A little slack: the triangle cast is exact, the box only has to contain the shape.
	double slack = 1e-9 * (v3MaxAbs(mc->boxCentre) + v3MaxAbs(half) + grow) + 1e-300;
	mc->boxHalf = v3Add(half, v3(grow + slack, grow + slack, grow + slack));
	for (int k = 0; k < 3; ++k)
	{
		mc->half[k] = v3Component(mc->boxHalf, k);
		mc->centreAt[k] = v3Component(mc->boxCentre, k);
		mc->move[k] = v3Component(mc->convex.translation, k);
	}
}

// Walks one mesh's BVH front to back. A node's entry is computed once, when it is pushed: the best
// fraction only falls, and a node whose box the ray entered before the old limit is still entered
// unless its entry now lies beyond the new limit (its exits do not depend on the limit), so the
// check on popping compares the stored entry.
static void castMesh(MeshCast* mc)
{
	const npMesh3* mesh = mc->inst->mesh;
	int stack[2 * NP_MESH_MAX_DEPTH + 2];
	double entries[2 * NP_MESH_MAX_DEPTH + 2];
	int top = 0;
	const npCastOptions3* options = &mc->input->options;
	double rootEntry = nodeEntry(mc, mesh->nodes, options->maxFraction);
	if (rootEntry == DBL_MAX)
		return;
	stack[top] = 0;
	entries[top++] = rootEntry;
	while (top > 0)
	{
		--top;
		const npMeshNode3* node = mesh->nodes + stack[top];
		double limit = mc->best->hit ? np3Min(mc->best->fraction, options->maxFraction) : options->maxFraction;
		if (entries[top] > limit)
			continue;
		if (node->count > 0)
		{
			for (int i = 0; i < node->count; ++i)
				castTriangle(mc, node->index + i);
			continue;
		}
		double e0 = nodeEntry(mc, mesh->nodes + node->index, limit);
		double e1 = nodeEntry(mc, mesh->nodes + node->index + 1, limit);
		// Push the farther child first so the nearer one is visited first.
		int nearChild = e0 <= e1 ? node->index : node->index + 1;
		int farChild = e0 <= e1 ? node->index + 1 : node->index;
		double farEntry = e0 <= e1 ? e1 : e0, nearEntry = e0 <= e1 ? e0 : e1;
		if (farEntry != DBL_MAX && top < 2 * NP_MESH_MAX_DEPTH + 2)
		{
			stack[top] = farChild;
			entries[top++] = farEntry;
		}
		if (nearEntry != DBL_MAX && top < 2 * NP_MESH_MAX_DEPTH + 2)
		{
			stack[top] = nearChild;
			entries[top++] = nearEntry;
		}
	}
}

static npResult checkMeshCast(const npShapeCastMeshInput3* in)
{
	if (in->meshCount < 0 || (in->meshCount > 0 && in->meshes == NULL) || !(in->featureTolerance >= 0.0))
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npCheckCastShape3(in->shape);
	if (r == NP_OK)
		r = npCheckCastOptions3(&in->options);
	if (r == NP_OK)
		r = npCheckTransform3(in->transform);
	if (r == NP_OK && !npIsUsableVec3(in->translation))
		r = NP_ERR_NON_FINITE;
	for (int i = 0; r == NP_OK && i < in->meshCount; ++i)
	{
		if (in->meshes[i].mesh == NULL)
			return NP_ERR_INVALID_ARGUMENT;
		r = npCheckTransform3(in->meshes[i].transform);
	}
	return r;
}

npResult npShapeCastMeshes3(const npShapeCastMeshInput3* input, npCastHit3* hit)
{
	if (hit == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*hit = (npCastHit3){ 0 };
	hit->mesh = -1;
	hit->triangle = -1;
	if (input == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = checkMeshCast(input);
	if (r != NP_OK)
		return r;

	MeshCast mc;
	mc.input = input;
	mc.best = hit;
	mc.extent = npShapeExtent3(input->shape);
	mc.triangle = (npShape3){ 0 };
	mc.triangle.type = NP_SHAPE_TRIANGLE3;
	mc.convex.shape = input->shape;
	mc.convex.target = &mc.triangle;
	mc.convex.targetTransform = (npTransform3){ { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	mc.convex.options = input->options;
	mc.convex.options.ignoreSeparating = false; // decided per triangle, with the face normal
	npVec3 centreLocal = input->shape->type == NP_SHAPE_HULL3 ? input->shape->hull->centroid : v3(0.0, 0.0, 0.0);
	mc.centreWorld = npTransformPoint3(input->transform, centreLocal);
	for (int i = 0; i < input->meshCount; ++i)
	{
		mc.inst = input->meshes + i;
		mc.meshIndex = i;
		mc.convex.transform = npInvMulTransforms3(mc.inst->transform, input->transform);
		mc.convex.translation = npInvRotate3(mc.inst->transform.q, input->translation);
		mc.centre = npTransformPoint3(mc.convex.transform, centreLocal);
		// One pair for every triangle of this mesh: the shape's pose relative to the mesh stays, and
		// the target's view is pointed at mc.triangle's vertices, which castTriangle rewrites (the
		// cast only takes support points from it; its planes are not read).
		npMakePair3(&mc.pair, input->shape, mc.convex.transform, &mc.triangle, mc.convex.targetTransform);
		mc.pair.polyB.vertices = mc.triangle.triangle;
		for (int k = 0; k < 3; ++k)
		{
			double dk = v3Component(mc.convex.translation, k);
			mc.inverse[k] = dk == 0.0 ? 0.0 : 1.0 / dk;
		}
		shapeBox(&mc);
		mc.planeSlack = 1e-9 * (mc.extent + v3MaxAbs(mc.boxCentre) + v3MaxAbs(mc.convex.translation));
		castMesh(&mc);
	}
	if (hit->hit)
	{
		hit->normal = mc.bestNormalWorld;
		hit->point = mc.bestPointWorld;
		hit->pointOnShape = mc.bestOnShapeWorld;
	}
	return NP_OK;
}
