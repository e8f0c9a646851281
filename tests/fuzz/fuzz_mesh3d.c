// libFuzzer harness: mesh building and queries: npMeshBytes3, npMakeMesh3 (any vertices, indices
// in and out of range, any weld tolerance, too little memory), npCopyMesh3, npGetMeshTriangle3,
// npQueryMesh3, and npMeshContacts3 with a sphere, capsule, box, hull or (rejected) triangle
// against one or two instances, every algorithm, with and without reduction, any capacity.
// Checks: documented codes; a built mesh's stored triangles are finite with unit normals and valid
// ids; a copy equals its original; the midphase only names stored triangles; every contact is
// finite, has a unit normal, depth == dot(pointA - pointB, normal), depth >= -margin, a valid mesh,
// triangle, feature and feature index, and the count fits the capacity.
#include "fuzz.h"

#include <stdalign.h>

#define MAX_V 40
#define MAX_T 40

static npHull3 hull;
static alignas(16) unsigned char buffer[1 << 20];
static alignas(16) unsigned char copyBuffer[1 << 20];
static npMeshContact3 contacts[64];
static BruteCore3 shapeCore, triangleCore; // brutesupport.h: large, so static

static int isMeshCode(npResult r)
{
	return r == NP_OK || r == NP_ERR_INVALID_ARGUMENT || r == NP_ERR_NON_FINITE || r == NP_ERR_OUT_OF_RANGE ||
		   r == NP_ERR_DEGENERATE || r == NP_ERR_CAPACITY;
}

static void checkMesh(const npMesh3* mesh, int vertexCount, int triangleCount)
{
	FZ_CHECK(mesh->triangleCount >= 1 && mesh->triangleCount <= triangleCount, "triangleCount %d", mesh->triangleCount);
	FZ_CHECK(mesh->vertexCount >= 3 && mesh->vertexCount <= vertexCount, "vertexCount %d", mesh->vertexCount);
	FZ_CHECK(mesh->triangleCount + mesh->skippedTriangles == triangleCount, "skipped %d", mesh->skippedTriangles);
	FZ_CHECK(mesh->nodeCount >= 1 && mesh->depth >= 1 && mesh->depth <= NP_MESH_MAX_DEPTH, "nodes %d depth %d",
			 mesh->nodeCount, mesh->depth);
	for (int t = 0; t < mesh->triangleCount; ++t)
	{
		npVec3 v[3];
		npGetMeshTriangle3(mesh, t, v);
		FZ_CHECK(fzFinite3(v[0]) && fzFinite3(v[1]) && fzFinite3(v[2]), "triangle %d not finite", t);
		fzCheckUnit3(mesh->normals[t], "mesh triangle");
		FZ_CHECK(mesh->triangleIds[t] >= 0 && mesh->triangleIds[t] < triangleCount, "triangle id %d",
				 mesh->triangleIds[t]);
		for (int k = 0; k < 3; ++k)
			FZ_CHECK(mesh->neighbours[3 * t + k] >= -1 && mesh->neighbours[3 * t + k] < mesh->triangleCount,
					 "neighbour %d", mesh->neighbours[3 * t + k]);
	}
}

// A contact is no deeper than the shape and its triangle overlap along its normal (brute force:
// the shape's vertices by brutesupport.h, the stored triangle's corners placed by the instance's
// transform), which also keeps a contact with shapes that are apart from claiming an overlap.
static void checkAgainstTriangle(const npMeshContact3* c, const npShape3* shape, npTransform3 xf, const npMeshInstance3* inst, double scale)
{
	const npMesh3* mesh = inst->mesh;
	int stored = -1;
	for (int t = 0; t < mesh->triangleCount && stored < 0; ++t)
		stored = mesh->triangleIds[t] == c->triangle ? t : -1;
	FZ_CHECK(stored >= 0, "mesh contact on triangle %d, which the mesh does not store", c->triangle);
	npVec3 v[3];
	npGetMeshTriangle3(mesh, stored, v);
	npVec3 n = c->normal;
	double triangleLow = DBL_MAX;
	for (int k = 0; k < 3; ++k)
	{
		npVec3 w = brutePlaced3(inst->transform, v[k]);
		triangleLow = fmin(triangleLow, n.x * w.x + n.y * w.y + n.z * w.z);
	}
	double overlap = bruteSupport3(shape, xf, n) - triangleLow;
	FZ_CHECK(c->depth <= overlap + FZ_REL * fzMax(scale, 1.0) + FZ_ABS, "mesh contact depth %.17g, but the shape and triangle %d overlap by %.17g along its normal",
			 c->depth, c->triangle, overlap);

	// pointA within the shape, pointB within the triangle (as fuzz_pairs3d checks npCollide3's).
	npShape3 tri;
	npVec3 w[3];
	for (int k = 0; k < 3; ++k)
		w[k] = brutePlaced3(inst->transform, v[k]);
	npTransform3 id = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	double pointTol = 1.0e-5 * fzMax(scale, 1.0) + FZ_ABS;
	bruteCore3(shape, xf, &shapeCore);
	// A hull whose planes miss their corners (npHull3.loosePlanes) once had face contacts clipped on
	// a plane raised above the face: pointA lay 0.155 off a hull 58 across (seed
	// regression-mesh-loose-hull-point; test_fuzz_regressions_loose3d.c).
	FZ_CHECK(bruteWithin3(shape, &shapeCore, c->pointA, pointTol), "mesh contact on triangle %d: pointA (%.17g, %.17g, %.17g) off the shape",
			 c->triangle, c->pointA.x, c->pointA.y, c->pointA.z);
	if (npMakeTriangle3(w[0], w[1], w[2], &tri) == NP_OK)
	{
		bruteCore3(&tri, id, &triangleCore);
		FZ_CHECK(bruteWithin3(&tri, &triangleCore, c->pointB, pointTol), "mesh contact: pointB (%.17g, %.17g, %.17g) off triangle %d",
				 c->pointB.x, c->pointB.y, c->pointB.z, c->triangle);
	}
}

static void contactsQuery(FzIn* in, const npMesh3* mesh, const npMesh3* other)
{
	npShape3 shape;
	if (fzShape3(in, &shape, &hull) != NP_OK)
		return;
	int okX, okM;
	npTransform3 xf = fzTransform3(in, &okX);
	npMeshInstance3 inst[2];
	int okI0, okI1;
	inst[0] = (npMeshInstance3){ mesh, fzTransform3(in, &okI0) };
	inst[1] = (npMeshInstance3){ other, fzTransform3(in, &okI1) };
	int meshCount = fzInt(in, 1, 2);
	npMeshQuery3 q = npDefaultMeshQuery3();
	q.margin = fzMargin(in, &okM);
	q.reduce = fzByte(in) & 1;
	q.algorithm = (npMeshAlgorithm3)fzInt(in, 0, 3);
	uint8_t tolMode = fzByte(in);
	if (tolMode >= 200)
		q.featureTolerance = fzNumber(in);
	int capacity = fzInt(in, 0, 64);
	npMeshContactsOutput3 found = { contacts, capacity, -1 };
	npResult r = npMeshContacts3(&shape, xf, inst, meshCount, &q, &found);
	int count = found.count;
	npMeshContactsInfo3 info = found.info;
	FZ_CHECK(r == NP_OK || r == NP_ERR_CAPACITY || r == NP_ERR_INVALID_ARGUMENT || r == NP_ERR_INVALID_TRANSFORM ||
				 r == NP_ERR_NON_FINITE,
			 "npMeshContacts3 code %d", (int)r);
	FZ_CHECK(count >= 0 && count <= capacity, "count %d of %d", count, capacity);
	int valid = okX && okI0 && (meshCount < 2 || okI1) && okM && (unsigned)q.algorithm <= NP_MESH_ALL_CONTACTS &&
				q.featureTolerance >= 0.0 && q.featureTolerance <= NP_HUGE && shape.type != NP_SHAPE_TRIANGLE3;
	if (!valid)
	{
		FZ_CHECK(r != NP_OK && r != NP_ERR_CAPACITY,
				 "npMeshContacts3 accepted bad input: transforms %d %d %d (meshes %d), margin %s, algorithm %d, "
				 "featureTolerance %s, shape type %d",
				 okX, okI0, okI1, meshCount, fzLit(q.margin), (int)q.algorithm, fzLit(q.featureTolerance),
				 (int)shape.type);
		return;
	}
	FZ_CHECK(r == NP_OK || r == NP_ERR_CAPACITY, "npMeshContacts3 rejected good input with %d", (int)r);
	FZ_CHECK(r == NP_OK || info.overflow, "NP_ERR_CAPACITY without overflow");
	double scale = fzShapeScale3(&shape) + 1.7320508075688772 * fzAbs3(xf.p);
	for (int i = 0; i < meshCount; ++i)
	{
		const npMesh3* m = inst[i].mesh;
		double ms = fzMax(fzAbs3(m->lower), fzAbs3(m->upper)) * 1.7320508075688772 +
					1.7320508075688772 * fzAbs3(inst[i].transform.p);
		scale = fzMax(scale, ms);
	}
	scale += q.margin;
	for (int i = 0; i < count; ++i)
	{
		const npMeshContact3* c = contacts + i;
		FZ_CHECK(fzFinite3(c->pointA) && fzFinite3(c->pointB) && fzFinite3(c->normal) && isfinite(c->depth),
				 "mesh contact %d not finite", i);
		fzCheckUnit3(c->normal, "mesh contact");
		fzCheckDepth3(c->pointA, c->pointB, c->normal, c->depth, scale, "mesh contact");
		FZ_CHECK(c->depth >= -q.margin - FZ_REL * fzMax(scale, 1.0) - FZ_ABS, "mesh contact depth %.17g, margin %.17g",
				 c->depth, q.margin);
		FZ_CHECK(c->mesh >= 0 && c->mesh < meshCount, "mesh index %d", c->mesh);
		FZ_CHECK(c->triangle >= 0 && c->triangle < inst[c->mesh].mesh->inputTriangleCount, "triangle %d", c->triangle);
		FZ_CHECK((unsigned)c->feature <= NP_MESH_VERTEX && c->featureIndex >= 0 && c->featureIndex <= 2,
				 "feature %d index %d", (int)c->feature, c->featureIndex);
		checkAgainstTriangle(c, &shape, xf, inst + c->mesh, scale);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npVec3 vertices[MAX_V];
	int32_t indices[3 * MAX_T];
	int vertexCount = fzInt(&in, 0, MAX_V);
	int triangleCount = fzInt(&in, 0, MAX_T);
	fzPoints3(&in, vertices, vertexCount);
	for (int i = 0; i < 3 * triangleCount; ++i)
	{
		uint8_t k = fzByte(&in);
		indices[i] = k < 250 || vertexCount == 0 ? (vertexCount > 0 ? k % vertexCount : 0)
					 : k == 250                    ? -1
												   : vertexCount + (k - 251);
	}
	uint8_t weldMode = fzByte(&in);
	double weld = weldMode < 128 ? 0.0 : weldMode < 200 ? fzByte(&in) * 1.0e-4 : fzNumber(&in);

	size_t need = npMeshBytes3(vertexCount, triangleCount);
	FZ_CHECK(need <= sizeof buffer, "npMeshBytes3(%d, %d) = %zu", vertexCount, triangleCount, need);
	uint8_t memMode = fzByte(&in);
	size_t bytes = memMode < 240 ? need : memMode < 250 ? need - 1 - fzByte(&in) % 64 : 0;
	unsigned char* memory = memMode == 255 ? buffer + 4 : buffer; // misaligned once in a while

	npMesh3* mesh = NULL;
	const npMeshInput3 input = { vertices, vertexCount, indices, triangleCount, weld };
	npResult r = npMakeMesh3(&input, memory, bytes, &mesh);
	FZ_CHECK(isMeshCode(r), "npMakeMesh3 code %d", (int)r);
	if (memMode >= 240)
		FZ_CHECK(r != NP_OK, "npMakeMesh3 accepted too little or misaligned memory");
	npMesh3* none = NULL;
	FZ_CHECK(npMakeMesh3(&input, NULL, need, &none) == NP_ERR_INVALID_ARGUMENT || r != NP_OK,
			 "null memory accepted");
	if (r != NP_OK)
		return 0;
	checkMesh(mesh, vertexCount, triangleCount);

	npMesh3* copy = NULL;
	FZ_CHECK(npCopyMesh3(mesh, copyBuffer, mesh->bytes - 1, &copy) == NP_ERR_CAPACITY, "copy into too little memory");
	FZ_CHECK(npCopyMesh3(mesh, copyBuffer, mesh->bytes, &copy) == NP_OK, "copy failed");
	FZ_CHECK(copy->triangleCount == mesh->triangleCount && copy->nodeCount == mesh->nodeCount &&
				 memcmp(copy->vertices, mesh->vertices, sizeof(npVec3) * (size_t)mesh->vertexCount) == 0 &&
				 memcmp(copy->triangles, mesh->triangles, sizeof(int32_t) * 3 * (size_t)mesh->triangleCount) == 0,
			 "copy differs");

	int32_t found[MAX_T];
	npVec3 lo = fzVec3(&in), hi = fzVec3(&in);
	int capacity = fzInt(&in, 0, MAX_T);
	int n = npQueryMesh3(mesh, lo, hi, found, capacity);
	FZ_CHECK(n >= 0 && n <= mesh->triangleCount, "npQueryMesh3 gave %d", n);
	for (int i = 0; i < (n < capacity ? n : capacity); ++i)
		FZ_CHECK(found[i] >= 0 && found[i] < mesh->triangleCount, "npQueryMesh3 index %d", found[i]);

	for (int k = 0; k < 4 && in.pos < in.size; ++k)
		contactsQuery(&in, mesh, copy);
	return 0;
}
