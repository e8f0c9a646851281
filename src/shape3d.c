// 3D shapes: transforms, constructors, support points, the polyhedron view shared by SAT /
// clipping / EPA, and the tangent basis. The convex hull builder behind npMakeHull3 is in hull3d.c
// (quickhull), hullfaces3d.c (faces) and hullcells3d.c (the support cells the lookup here reads).
#include "inputs.h"
#include "hull3d_private.h"
#include "polyhedron3d.h"
#include "tiny3d.h"
#include "vec3.h"
#include "codesize.h"

#include <float.h>
#include <stddef.h>
#include <string.h>

npResult npMakeTransform3(npVec3 position, npQuat rotation, npTransform3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsableVec3(position) || !npIsUsable(rotation.x) || !npIsUsable(rotation.y) ||
		!npIsUsable(rotation.z) || !npIsUsable(rotation.w))
		return NP_ERR_NON_FINITE;
	// Any finite quaternion that is not (nearly) zero is normalised; a unit input stays bit-exact
	// because its length rounds to 1.
	double lenSq = rotation.x * rotation.x + rotation.y * rotation.y + rotation.z * rotation.z +
				   rotation.w * rotation.w;
	if (!(lenSq >= 1.0e-12))
		return NP_ERR_INVALID_TRANSFORM;
	// sqrt(1) is 1: a quaternion whose squared length is exactly 1 skips the square root's latency.
	double len = lenSq == 1.0 ? 1.0 : sqrt(lenSq);
	npQuat q = rotation;
	if (len != 1.0)
	{
		double inv = 1.0 / len;
		q = (npQuat){ inv * rotation.x, inv * rotation.y, inv * rotation.z, inv * rotation.w };
	}
	out->p = position;
	out->q = q;
	return NP_OK;
}

static void clearShape3(npShape3* out, npShapeType3 type)
{
	memset(out, 0, sizeof(*out));
	out->type = type;
	out->hull = NULL;
}

NP_COLD npResult npMakeSphere(double radius, npShape3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsable(radius))
		return NP_ERR_NON_FINITE;
	if (!(radius > 0.0))
		return NP_ERR_INVALID_RADIUS;
	clearShape3(out, NP_SHAPE_SPHERE);
	out->radius = radius;
	return NP_OK;
}

NP_COLD npResult npMakeCapsule3(double halfHeight, double radius, npShape3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsable(halfHeight) || !npIsUsable(radius))
		return NP_ERR_NON_FINITE;
	if (!(halfHeight > 0.0))
		return NP_ERR_INVALID_EXTENT;
	if (!(radius > 0.0))
		return NP_ERR_INVALID_RADIUS;
	clearShape3(out, NP_SHAPE_CAPSULE3);
	out->radius = radius;
	out->halfHeight = halfHeight;
	return NP_OK;
}

NP_COLD npResult npMakeBox3(npVec3 halfExtents, npShape3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsableVec3(halfExtents))
		return NP_ERR_NON_FINITE;
	if (!(halfExtents.x > 0.0) || !(halfExtents.y > 0.0) || !(halfExtents.z > 0.0))
		return NP_ERR_INVALID_EXTENT;
	clearShape3(out, NP_SHAPE_BOX3);
	out->halfExtents = halfExtents;
	return NP_OK;
}

npResult npMakeTriangle3(npVec3 a, npVec3 b, npVec3 c, npShape3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!npIsUsableVec3(a) || !npIsUsableVec3(b) || !npIsUsableVec3(c))
		return NP_ERR_NON_FINITE;
	// Degenerate when twice the area is below a scale-relative tolerance times the longest edge,
	// i.e. when some vertex is (nearly) on the line through the other two.
	npVec3 ab = v3Sub(b, a), bc = v3Sub(c, b), ca = v3Sub(a, c);
	double scale = np3Max(v3MaxAbs(a), np3Max(v3MaxAbs(b), v3MaxAbs(c)));
	// The test is homogeneous (both sides are areas), so a tiny triangle is measured scaled by steps
	// of 2^100 (exact): twice its area squares the cross product, a fourth power of the edges, which
	// left the normal range below about 1e-77 and rejected a good triangle 1e-91 across.
	int up = npTinySteps100(np3Max(v3MaxAbs(ab), np3Max(v3MaxAbs(bc), v3MaxAbs(ca))));
	if (up > 0 && up < 11)
	{
		ab = v3TimesPow100(ab, up);
		bc = v3TimesPow100(bc, up);
		ca = v3TimesPow100(ca, up);
		scale = npTimesPow100(scale, up);
	}
	double longest = sqrt(np3Max(v3LengthSq(ab), np3Max(v3LengthSq(bc), v3LengthSq(ca))));
	double twiceArea = v3Length(v3Cross(ab, v3Neg(ca)));
	double tol = 1.0e-10 * longest + 1.0e-13 * scale;
	if (!(longest > 0.0) || !(twiceArea > tol * longest))
		return NP_ERR_DEGENERATE;
	clearShape3(out, NP_SHAPE_TRIANGLE3);
	out->triangle[0] = a;
	out->triangle[1] = b;
	out->triangle[2] = c;
	return NP_OK;
}

NP_COLD npResult npMakeHullShape3(const npHull3* hull, npShape3* out)
{
	if (out == NULL || hull == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (hull->vertexCount < 3 || hull->vertexCount > NP_MAX_HULL_VERTICES || hull->faceCount < 2 ||
		hull->faceCount > NP_MAX_HULL_FACES || hull->halfEdgeCount > NP_MAX_HULL_HALF_EDGES)
		return NP_ERR_INVALID_ARGUMENT;
	clearShape3(out, NP_SHAPE_HULL3);
	out->hull = hull;
	return NP_OK;
}

NP_COLD npResult npMakeHull3(const npVec3* points, int count, npHull3* hull)
{
	if (points == NULL || hull == NULL || count < 0)
		return NP_ERR_INVALID_ARGUMENT;
	if (count > NP_MAX_HULL_INPUT)
		return NP_ERR_TOO_MANY_POINTS;
	for (int i = 0; i < count; ++i)
		if (!npIsUsableVec3(points[i]))
			return NP_ERR_NON_FINITE;
	if (count < 3)
		return NP_ERR_DEGENERATE;
	return npBuildHull3(points, count, hull);
}

// ------------------------------------------------------------------------------------------------
// Support points and the polyhedron view.

npVec3 npSupport3(const npShape3* shape, npVec3 d)
{
	switch (shape->type)
	{
		case NP_SHAPE_SPHERE:
			return v3(0.0, 0.0, 0.0);
		case NP_SHAPE_CAPSULE3:
			return v3(0.0, d.y >= 0.0 ? shape->halfHeight : -shape->halfHeight, 0.0);
		case NP_SHAPE_BOX3:
		{
			npVec3 h = shape->halfExtents;
			return v3(d.x >= 0.0 ? h.x : -h.x, d.y >= 0.0 ? h.y : -h.y, d.z >= 0.0 ? h.z : -h.z);
		}
		case NP_SHAPE_TRIANGLE3:
		{
			int best = 0;
			double bestValue = v3Dot(shape->triangle[0], d);
			for (int i = 1; i < 3; ++i)
			{
				double value = v3Dot(shape->triangle[i], d);
				if (value > bestValue)
				{
					best = i;
					bestValue = value;
				}
			}
			return shape->triangle[best];
		}
		case NP_SHAPE_HULL3:
		{
			npPolyhedron3 view;
			npMakePolyhedron3(shape, &view);
			return shape->hull->vertices[npPolyhedronSupportXYZ3(&view, d.x, d.y, d.z)];
		}
	}
	return v3(0.0, 0.0, 0.0);
}
// The unit normal of a triangle's view. A tiny triangle's (edges below 2^-100, as npMakeTriangle3
// now accepts) comes from its edges scaled by steps of 2^100 (exact): unscaled, the cross product's
// length squares a fourth power of the edges, and a triangle 1e-300 across got a zero normal.
static npVec3 triangleViewNormal(const npVec3* t)
{
	npVec3 e1 = v3Sub(t[1], t[0]), e2 = v3Sub(t[2], t[0]);
	int up = npTinySteps100(np3Max(v3MaxAbs(e1), v3MaxAbs(e2)));
	double twice;
	if (up == 0 || up >= 11)
		return npTriangleNormal3(t[0], t[1], t[2], &twice);
	return npTriangleNormal3(v3(0.0, 0.0, 0.0), v3TimesPow100(e1, up), v3TimesPow100(e2, up), &twice);
}


// Unit box topology (vertex i has x, y, z signs from bits 0, 1, 2). Faces: -x, +x, -y, +y, -z, +z
// with loops {0,4,6,2}, {1,3,7,5}, {0,1,5,4}, {2,6,7,3}, {0,2,3,1}, {4,5,7,6}, counter-clockwise
// seen from outside; half-edges numbered by the same pairing as npHullWriteTopology3.
static const npHalfEdge3 boxHalfEdges[24] = {
	{ 0, 1, 2, 0 }, { 4, 0, 16, 2 }, { 4, 3, 4, 0 }, { 6, 2, 19, 5 }, { 6, 5, 6, 0 },
	{ 2, 4, 20, 3 }, { 2, 7, 0, 0 }, { 0, 6, 23, 4 }, { 1, 9, 10, 1 }, { 3, 8, 17, 4 },
	{ 3, 11, 12, 1 }, { 7, 10, 22, 3 }, { 7, 13, 14, 1 }, { 5, 12, 21, 5 }, { 5, 15, 8, 1 },
	{ 1, 14, 18, 2 }, { 0, 17, 15, 2 }, { 1, 16, 7, 4 }, { 5, 19, 1, 2 }, { 4, 18, 13, 5 },
	{ 6, 21, 11, 3 }, { 7, 20, 3, 5 }, { 3, 23, 5, 3 }, { 2, 22, 9, 4 },
};
static const uint16_t boxFaceEdge[6] = { 0, 8, 16, 5, 7, 19 };
static const uint16_t boxVertexEdge[8] = { 0, 8, 5, 9, 1, 13, 3, 11 };

// Triangle: edge k runs from vertex k to k+1 on face 0 (half-edge 2k) and back on face 1 (2k+1).
static const npHalfEdge3 triangleHalfEdges[6] = {
	{ 0, 1, 2, 0 }, { 1, 0, 5, 1 }, { 1, 3, 4, 0 }, { 2, 2, 1, 1 }, { 2, 5, 0, 0 }, { 0, 4, 3, 1 },
};
static const uint16_t triangleFaceEdge[2] = { 0, 1 };
static const uint16_t triangleVertexEdge[3] = { 0, 2, 4 };

// Segment: one edge, two halves without faces, each the other's "next" (a two-sided loop, so
// next(twin(h)) walks the edges leaving a vertex as for the other shapes).
static const npHalfEdge3 segmentHalfEdges[2] = {
	{ 0, 1, 1, NP_NO_FACE3 }, { 1, 0, 0, NP_NO_FACE3 },
};
static const uint16_t segmentVertexEdge[2] = { 0, 1 };

bool npMakePolyhedron3(const npShape3* shape, npPolyhedron3* out)
{
	out->flat = false;
	out->faceEdge = NULL;
	out->planes = NULL;
	out->halfEdges = NULL;
	out->vertexEdge = NULL;
	out->cells = NULL;
	out->cellMore = NULL;
	out->vertices = out->storageVertices;
	switch (shape->type)
	{
		case NP_SHAPE_SPHERE:
			out->vertexCount = 1;
			out->faceCount = 0;
			out->halfEdgeCount = 0;
			out->storageVertices[0] = v3(0.0, 0.0, 0.0);
			return true;
		case NP_SHAPE_CAPSULE3:
			out->vertexCount = 2;
			out->faceCount = 0;
			out->halfEdgeCount = 2;
			out->storageVertices[0] = v3(0.0, -shape->halfHeight, 0.0);
			out->storageVertices[1] = v3(0.0, shape->halfHeight, 0.0);
			out->halfEdges = segmentHalfEdges;
			out->vertexEdge = segmentVertexEdge;
			return true;
		case NP_SHAPE_BOX3:
		{
			// Vertex i has bit 0 / 1 / 2 set for +x / +y / +z. Written out (not a loop over the bits
			// with selects): the view is filled for every box query, and this is a third of the cost.
			const npVec3 h = shape->halfExtents;
			const double nx = -h.x, ny = -h.y, nz = -h.z;
			npVec3* v = out->storageVertices;
			v[0] = (npVec3){ nx, ny, nz };
			v[1] = (npVec3){ h.x, ny, nz };
			v[2] = (npVec3){ nx, h.y, nz };
			v[3] = (npVec3){ h.x, h.y, nz };
			v[4] = (npVec3){ nx, ny, h.z };
			v[5] = (npVec3){ h.x, ny, h.z };
			v[6] = (npVec3){ nx, h.y, h.z };
			v[7] = (npVec3){ h.x, h.y, h.z };
			out->storagePlanes[0] = (npPlane3){ { -1.0, 0.0, 0.0 }, h.x };
			out->storagePlanes[1] = (npPlane3){ { 1.0, 0.0, 0.0 }, h.x };
			out->storagePlanes[2] = (npPlane3){ { 0.0, -1.0, 0.0 }, h.y };
			out->storagePlanes[3] = (npPlane3){ { 0.0, 1.0, 0.0 }, h.y };
			out->storagePlanes[4] = (npPlane3){ { 0.0, 0.0, -1.0 }, h.z };
			out->storagePlanes[5] = (npPlane3){ { 0.0, 0.0, 1.0 }, h.z };
			out->vertexCount = 8;
			out->faceCount = 6;
			out->halfEdgeCount = 24;
			out->halfEdges = boxHalfEdges;
			out->faceEdge = boxFaceEdge;
			out->vertexEdge = boxVertexEdge;
			out->planes = out->storagePlanes;
			return true;
		}
		case NP_SHAPE_TRIANGLE3:
		{
			for (int i = 0; i < 3; ++i)
				out->storageVertices[i] = shape->triangle[i];
			npVec3 n = triangleViewNormal(shape->triangle);
			out->storagePlanes[0] = (npPlane3){ n, v3Dot(n, shape->triangle[0]) };
			out->storagePlanes[1] = (npPlane3){ v3Neg(n), -v3Dot(n, shape->triangle[0]) };
			out->vertexCount = 3;
			out->faceCount = 2;
			out->halfEdgeCount = 6;
			out->flat = true;
			out->halfEdges = triangleHalfEdges;
			out->faceEdge = triangleFaceEdge;
			out->vertexEdge = triangleVertexEdge;
			out->planes = out->storagePlanes;
			return true;
		}
		case NP_SHAPE_HULL3:
		{
			const npHull3* hull = shape->hull;
			out->vertexCount = hull->vertexCount;
			out->faceCount = hull->faceCount;
			out->halfEdgeCount = hull->halfEdgeCount;
			out->flat = hull->flat;
			out->vertices = hull->vertices;
			out->halfEdges = hull->halfEdges;
			out->faceEdge = hull->faceEdge;
			out->vertexEdge = hull->vertexEdge;
			out->planes = hull->planes;
			out->cells = hull->cells;
			out->cellMore = hull->cellMore;
			return true;
		}
	}
	out->vertexCount = 0;
	out->faceCount = 0;
	out->halfEdgeCount = 0;
	return false;
}

int npPolyhedronSupport3(const npPolyhedron3* poly, npVec3 d)
{
	return npPolyhedronSupportXYZ3(poly, d.x, d.y, d.z);
}

// Directions the support cells do not take: a scan of every vertex. Out of line, with the
// direction in registers, so that the cell lookup reaches it by a tail call and itself needs no
// stack frame.
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int supportByScan(const npPolyhedron3* poly, double dx, double dy, double dz)
{
	return npSupportScan3(poly->vertices, poly->vertexCount, v3(dx, dy, dz));
}

// A dot product as the lookup's running maximum keeps it (cells with more than four candidates):
// natively the number itself, in wasm its integer order key (V8 turns a select on doubles into a
// branch; see npSupportScan3). Both order the candidates the same way: the cells' dot products are
// never NaN, and -0 becomes +0 before it is keyed.
#if defined(__wasm__)
typedef uint64_t supportRank;
static inline supportRank supportRankOf(double dot) { return npOrderKey(dot + 0.0); }
#else
typedef double supportRank;
static inline supportRank supportRankOf(double dot) { return dot; }
#endif

int npPolyhedronSupportXYZ3(const npPolyhedron3* poly, double dx, double dy, double dz)
{
	const npHullCell3* cells = poly->cells;
	if (cells == NULL)
		return supportByScan(poly, dx, dy, dz);
	// The support cell of d (see hullcells3d.c and npHullCellOf3); zero, tiny, huge, infinite and
	// NaN directions go to the full scan.
	ptrdiff_t at = npHullCellOf3(dx, dy, dz);
	if (at < 0)
		return supportByScan(poly, dx, dy, dz);
	const npHullCell3* cell = &cells[at];
	int count = cell->count;
	if (count == 0)
		return supportByScan(poly, dx, dy, dz);
	// The first four candidates (a shorter list repeats its last), in increasing index order: the
	// better of 0 and 1, of 2 and 3, then of the two, the earlier kept on ties, which keeps the
	// lowest index among equal dot products. Only comparisons: the winner is read back from the
	// cell by its position (GCC branches on selects of the index, and bit masks cost more).
	const npVec3* vs = poly->vertices;
	const uint8_t* first = cell->first;
	const npVec3 *p0 = vs + first[0], *p1 = vs + first[1], *p2 = vs + first[2], *p3 = vs + first[3];
	double r0 = p0->x * dx + p0->y * dy + p0->z * dz;
	double r1 = p1->x * dx + p1->y * dy + p1->z * dz;
	double r2 = p2->x * dx + p2->y * dy + p2->z * dz;
	double r3 = p3->x * dx + p3->y * dy + p3->z * dz;
	size_t take1 = r1 > r0, take3 = r3 > r2;
#if defined(__wasm__)
	// max(r2, r3) > max(r0, r1) from comparisons alone: V8 turns a select on doubles into a branch.
	size_t take23 = (size_t)((r2 > r0) & (r2 > r1)) | (size_t)((r3 > r0) & (r3 > r1));
#else
	size_t take23 = (r3 > r2 ? r3 : r2) > (r1 > r0 ? r1 : r0); // two maxsd
#endif
	int best = first[2 * take23 + (take1 ^ ((take1 ^ take3) & take23))];
	if (count > 4)
	{
		// Candidates 5, 6, ...: their indices are above all four, so only a larger dot product
		// wins. (About 3% of the queries on 32-vertex hulls: the winner's dot product is computed
		// again rather than kept on the common path.)
		supportRank bestRank = supportRankOf(vs[best].x * dx + vs[best].y * dy + vs[best].z * dz);
		const uint8_t* more = poly->cellMore + cell->more;
		for (int k = 0; k < count - 4; ++k)
		{
			int c = more[k];
			supportRank r = supportRankOf(vs[c].x * dx + vs[c].y * dy + vs[c].z * dz);
			bool better = r > bestRank;
			best = better ? c : best;
			bestRank = better ? r : bestRank;
		}
	}
	return best;
}

int npSupportScan3(const npVec3* v, int count, npVec3 d)
{
	// Branch-free: the winner is unpredictable, so both the index and the running maximum are
	// updated by selects. Native compilers turn the double select into maxsd; V8 compiles a wasm
	// select on doubles into a branch, so there the running maximum is kept as an integer order
	// key (npOrderKey; -0 is first turned into +0 by adding +0, so equal values give equal keys).
	// Both forms return the lowest index with the largest dot product, the same in native code and
	// in wasm (for a direction without NaN).
	int best = 0;
#if defined(__wasm__)
	// A running pointer (V8 does not strength-reduce the index multiplication).
	uint64_t bestKey = npOrderKey(v[0].x * d.x + v[0].y * d.y + v[0].z * d.z + 0.0);
	const npVec3* end = v + count;
	int i = 1;
	for (const npVec3* q = v + 1; q < end; ++q, ++i)
	{
		uint64_t key = npOrderKey(q->x * d.x + q->y * d.y + q->z * d.z + 0.0);
		bool better = key > bestKey;
		best = better ? i : best;
		bestKey = better ? key : bestKey;
	}
#else
	double bestValue = v[0].x * d.x + v[0].y * d.y + v[0].z * d.z;
	for (int i = 1; i < count; ++i)
	{
		double value = v[i].x * d.x + v[i].y * d.y + v[i].z * d.z;
		bool better = value > bestValue;
		best = better ? i : best;
		bestValue = better ? value : bestValue;
	}
#endif
	return best;
}

void npMakeTangents3(npVec3 n, npVec3* tangent1, npVec3* tangent2)
{
	// Erin Catto, "Computing a basis" (2014): at least one of |n.x|, |n.y|, |n.z| is >= 1/sqrt(3);
	// when |n.x| is that large, (n.y, -n.x, 0) has length >= 0.577, otherwise |n.y|^2 + |n.z|^2 =
	// 1 - n.x^2 >= 2/3 and (0, n.z, -n.y) is long enough. Both are perpendicular to n.
	npVec3 t1 = fabs(n.x) >= 0.57735026918962576 ? v3(n.y, -n.x, 0.0) : v3(0.0, n.z, -n.y);
	t1 = v3Normalize(t1);
	*tangent1 = t1;
	*tangent2 = v3Cross(n, t1);
}
