// The WebAssembly shim behind js/apimesh.mjs: triangle meshes and mesh contacts. Marshalling only:
// JS writes numbers into wasm memory, one call runs the core, results come back as doubles.
//
// Mesh creation: JS copies the vertices (3 doubles each) and indices (int32) into malloc'd blocks,
// asks npwMeshBytes3 for the build size, mallocs it, calls npwMakeMesh3, then mallocs exactly
// npwMeshInfo3's `bytes`, moves the mesh there with npwCopyMesh3 and frees the build buffer.
//
// Contacts: the io block (NPWM_IO_*) holds the shape's transform, the query options, the mesh
// count and one NPWM_IO_MESH record per mesh (its npMesh3 pointer and transform); npwMeshContacts3
// writes one NPWM_CONTACT record per contact to `out`. Offsets, NPWM_MAX_MESHES and NPWM_ERR_MESH
// come from binding_layout.h (generated from tools/iolayout.mjs).
#include "binding3d.h"
#include "narrowphase/mesh3d.h"
#include "codesize.h"

#include <stddef.h>

// Declarations of the exported functions (the shim has no header of its own).
double npwMeshBytes3(int vertexCount, int triangleCount);
int npwMakeMesh3(const double* xyz, int vertexCount, const int32_t* indices, int triangleCount,
				 double weldTolerance, void* memory, double bytes);
int npwCopyMesh3(const npMesh3* mesh, void* memory, double bytes);
int npwMeshInfo3(const npMesh3* mesh, double* out);
int npwMeshLimits3(double* out);
int npwMeshContacts3(const npShape3* shape, double* io, double* out, int capacity);

NP_COLD double npwMeshBytes3(int vertexCount, int triangleCount)
{
	return (double)npMeshBytes3(vertexCount, triangleCount);
}

NP_COLD int npwMakeMesh3(const double* xyz, int vertexCount, const int32_t* indices, int triangleCount,
				 double weldTolerance, void* memory, double bytes)
{
	npMesh3* mesh = NULL;
	// npVec3 is three doubles, so the flat array is an array of npVec3.
	const npMeshInput3 input = { (const npVec3*)(const void*)xyz, vertexCount, indices, triangleCount, weldTolerance };
	return (int)npMakeMesh3(&input, memory, (size_t)bytes, &mesh);
}

NP_COLD int npwCopyMesh3(const npMesh3* mesh, void* memory, double bytes)
{
	npMesh3* copy = NULL;
	return (int)npCopyMesh3(mesh, memory, (size_t)bytes, &copy);
}

NP_COLD int npwMeshInfo3(const npMesh3* mesh, double* out)
{
	out[NPWM_INFO_VERTEX_COUNT] = mesh->vertexCount;
	out[NPWM_INFO_TRIANGLE_COUNT] = mesh->triangleCount;
	out[NPWM_INFO_INPUT_VERTEX_COUNT] = mesh->inputVertexCount;
	out[NPWM_INFO_INPUT_TRIANGLE_COUNT] = mesh->inputTriangleCount;
	out[NPWM_INFO_SKIPPED_TRIANGLES] = mesh->skippedTriangles;
	out[NPWM_INFO_NODE_COUNT] = mesh->nodeCount;
	out[NPWM_INFO_DEPTH] = mesh->depth;
	out[NPWM_INFO_BOUNDARY_EDGES] = mesh->boundaryEdges;
	out[NPWM_INFO_NON_MANIFOLD_EDGES] = mesh->nonManifoldEdges;
	out[NPWM_INFO_BYTES] = (double)mesh->bytes;
	npwPutVec3(out + NPWM_INFO_LOWER, mesh->lower);
	npwPutVec3(out + NPWM_INFO_UPPER, mesh->upper);
	out[NPWM_INFO_WELD_TOLERANCE] = mesh->weldTolerance;
	return NPWM_INFO_SIZE;
}

NP_COLD int npwMeshLimits3(double* out)
{
	out[NPWM_LIMITS_MAX_TRIANGLES] = NP_MESH_MAX_TRIANGLES;
	out[NPWM_LIMITS_MAX_POTENTIAL] = NP_MESH_MAX_POTENTIAL;
	out[NPWM_LIMITS_MAX_POINTS] = NP_MESH_MAX_POINTS;
	out[NPWM_LIMITS_MAX_MESHES] = NPWM_MAX_MESHES;
	out[NPWM_LIMITS_CONTACT_SIZE] = NPWM_CONTACT_SIZE;
	out[NPWM_LIMITS_FEATURE_TOLERANCE] = NP_MESH_FEATURE_TOLERANCE;
	out[NPWM_LIMITS_ERR_MESH] = NPWM_ERR_MESH;
	return NPWM_LIMITS_SIZE;
}

static npMeshInstance3 instances[NPWM_MAX_MESHES];
static npMeshContact3 contacts[NP_MESH_MAX_POINTS];

/// Returns the number of contacts written (>= 0), or a negative code: -code for a bad shape
/// transform or query, -(NPWM_ERR_MESH * (i + 1) + code) for a bad transform of mesh i. When
/// something did not fit (NP_ERR_CAPACITY) the contacts that fit are written and their count is
/// returned; io[NPWM_IO_MESH_COUNT] is then set to -1 (otherwise to the number of candidate
/// triangles).
int npwMeshContacts3(const npShape3* shape, double* io, double* out, int capacity)
{
	npTransform3 xf;
	npResult r = npwReadTransform3(io + NPWM_IO_XF, &xf);
	if (r != NP_OK)
		return -(int)r;
	int count = (int)io[NPWM_IO_MESH_COUNT];
	if (count < 0 || count > NPWM_MAX_MESHES)
		return -(int)NP_ERR_INVALID_ARGUMENT;
	int bad = npwReadMeshRecords3(io + NPWM_IO_MESHES, count, instances);
	if (bad != 0)
		return bad;
	npMeshQuery3 q = npDefaultMeshQuery3();
	q.margin = io[NPWM_IO_MARGIN];
	q.reduce = io[NPWM_IO_REDUCE] != 0.0;
	q.algorithm = (npMeshAlgorithm3)(int)io[NPWM_IO_ALGORITHM];
	q.featureTolerance = io[NPWM_IO_FEATURE_TOLERANCE];
	if (capacity > NP_MESH_MAX_POINTS)
		capacity = NP_MESH_MAX_POINTS;
	npMeshContactsOutput3 found = { contacts, capacity };
	r = npMeshContacts3(shape, xf, instances, count, &q, &found);
	int n = found.count;
	npMeshContactsInfo3 info = found.info;
	if (r != NP_OK && r != NP_ERR_CAPACITY)
		return -(int)r;
	for (int i = 0; i < n; ++i)
	{
		const npMeshContact3* c = contacts + i;
		double* o = out + NPWM_CONTACT_SIZE * i;
		npwPutVec3(o + NPWM_CONTACT_POINT_A, c->pointA);
		npwPutVec3(o + NPWM_CONTACT_POINT_B, c->pointB);
		npwPutVec3(o + NPWM_CONTACT_NORMAL, c->normal);
		o[NPWM_CONTACT_DEPTH] = c->depth;
		o[NPWM_CONTACT_MESH] = c->mesh;
		o[NPWM_CONTACT_TRIANGLE] = c->triangle;
		o[NPWM_CONTACT_FEATURE] = (double)c->feature;
		o[NPWM_CONTACT_FEATURE_INDEX] = c->featureIndex;
	}
	io[NPWM_IO_MESH_COUNT] = r == NP_ERR_CAPACITY ? -1.0 : (double)info.candidates;
	return n;
}
