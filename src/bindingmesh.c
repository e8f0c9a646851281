// The WebAssembly shim behind js/apimesh.mjs: triangle meshes and mesh contacts. Marshalling only:
// JS writes numbers into wasm memory, one call runs the core, results come back as doubles.
//
// Mesh creation: JS copies the vertices (3 doubles each) and indices (int32) into malloc'd blocks,
// asks npwMeshBytes3 for the build size, mallocs it, calls npwMakeMesh3, then mallocs exactly
// npwMeshInfo3's `bytes`, moves the mesh there with npwCopyMesh3 and frees the build buffer.
//
// Contacts: the io block holds, in doubles,
//   [0..6]   the shape's transform: px, py, pz, qx, qy, qz, qw (npMakeTransform3 normalises q)
//   [7..10]  margin, reduce (0/1), algorithm (npMeshAlgorithm3), featureTolerance
//   [11]     mesh count m
//   [12 + 8i ..] mesh i: its npMesh3 pointer, then its transform (7 doubles)
// and npwMeshContacts3 writes NPWM_CONTACT doubles per contact to `out`:
//   pointA (3), pointB (3), normal (3), depth, mesh, triangle, feature, featureIndex.
#include "narrowphase/mesh3d.h"

#include <stddef.h>

/// Most meshes in one npwMeshContacts3 call.
#define NPWM_MAX_MESHES 256
/// Doubles per contact written by npwMeshContacts3.
#define NPWM_CONTACT 14
/// Added to a transform error code per mesh: -(NPWM_ERR_MESH * (i + 1) + code) for mesh i.
#define NPWM_ERR_MESH 100

// Declarations of the exported functions (the shim has no header of its own; js/apimesh.mjs
// documents the same layout).
double npwMeshBytes3(int vertexCount, int triangleCount);
int npwMakeMesh3(const double* xyz, int vertexCount, const int32_t* indices, int triangleCount,
				 double weldTolerance, void* memory, double bytes);
int npwCopyMesh3(const npMesh3* mesh, void* memory, double bytes);
int npwMeshInfo3(const npMesh3* mesh, double* out);
int npwMeshLimits3(double* out);
int npwMeshContacts3(const npShape3* shape, double* io, double* out, int capacity);

double npwMeshBytes3(int vertexCount, int triangleCount)
{
	return (double)npMeshBytes3(vertexCount, triangleCount);
}

int npwMakeMesh3(const double* xyz, int vertexCount, const int32_t* indices, int triangleCount,
				 double weldTolerance, void* memory, double bytes)
{
	npMesh3* mesh = NULL;
	// npVec3 is three doubles, so the flat array is an array of npVec3.
	return (int)npMakeMesh3((const npVec3*)(const void*)xyz, vertexCount, indices, triangleCount,
							weldTolerance, memory, (size_t)bytes, &mesh);
}

int npwCopyMesh3(const npMesh3* mesh, void* memory, double bytes)
{
	npMesh3* copy = NULL;
	return (int)npCopyMesh3(mesh, memory, (size_t)bytes, &copy);
}

int npwMeshInfo3(const npMesh3* mesh, double* out)
{
	out[0] = mesh->vertexCount;
	out[1] = mesh->triangleCount;
	out[2] = mesh->inputVertexCount;
	out[3] = mesh->inputTriangleCount;
	out[4] = mesh->skippedTriangles;
	out[5] = mesh->nodeCount;
	out[6] = mesh->depth;
	out[7] = mesh->boundaryEdges;
	out[8] = mesh->nonManifoldEdges;
	out[9] = (double)mesh->bytes;
	out[10] = mesh->lower.x;
	out[11] = mesh->lower.y;
	out[12] = mesh->lower.z;
	out[13] = mesh->upper.x;
	out[14] = mesh->upper.y;
	out[15] = mesh->upper.z;
	out[16] = mesh->weldTolerance;
	return 17;
}

int npwMeshLimits3(double* out)
{
	out[0] = NP_MESH_MAX_TRIANGLES;
	out[1] = NP_MESH_MAX_POTENTIAL;
	out[2] = NP_MESH_MAX_POINTS;
	out[3] = NPWM_MAX_MESHES;
	out[4] = NPWM_CONTACT;
	out[5] = NP_MESH_FEATURE_TOLERANCE;
	out[6] = NPWM_ERR_MESH;
	return 7;
}

static npResult readTransform(const double* a, npTransform3* out)
{
	return npMakeTransform3((npVec3){ a[0], a[1], a[2] }, (npQuat){ a[3], a[4], a[5], a[6] }, out);
}

static npMeshInstance3 instances[NPWM_MAX_MESHES];
static npMeshContact3 contacts[NP_MESH_MAX_POINTS];

/// Returns the number of contacts written (>= 0), or a negative code: -code for a bad shape
/// transform or query, -(NPWM_ERR_MESH * (i + 1) + code) for a bad transform of mesh i. When
/// something did not fit (NP_ERR_CAPACITY) the contacts that fit are written and their count is
/// returned; io[11] is then set to -1 (otherwise to the number of candidate triangles).
int npwMeshContacts3(const npShape3* shape, double* io, double* out, int capacity)
{
	npTransform3 xf;
	npResult r = readTransform(io, &xf);
	if (r != NP_OK)
		return -(int)r;
	int count = (int)io[11];
	if (count < 0 || count > NPWM_MAX_MESHES)
		return -(int)NP_ERR_INVALID_ARGUMENT;
	for (int i = 0; i < count; ++i)
	{
		const double* m = io + 12 + 8 * i;
		instances[i].mesh = (const npMesh3*)(uintptr_t)m[0];
		r = readTransform(m + 1, &instances[i].transform);
		if (r != NP_OK)
			return -(NPWM_ERR_MESH * (i + 1) + (int)r);
	}
	npMeshQuery3 q = npDefaultMeshQuery3();
	q.margin = io[7];
	q.reduce = io[8] != 0.0;
	q.algorithm = (npMeshAlgorithm3)(int)io[9];
	q.featureTolerance = io[10];
	if (capacity > NP_MESH_MAX_POINTS)
		capacity = NP_MESH_MAX_POINTS;
	int n = 0;
	npMeshContactsInfo3 info;
	r = npMeshContacts3(shape, xf, instances, count, &q, contacts, capacity, &n, &info);
	if (r != NP_OK && r != NP_ERR_CAPACITY)
		return -(int)r;
	for (int i = 0; i < n; ++i)
	{
		const npMeshContact3* c = contacts + i;
		double* o = out + NPWM_CONTACT * i;
		o[0] = c->pointA.x;
		o[1] = c->pointA.y;
		o[2] = c->pointA.z;
		o[3] = c->pointB.x;
		o[4] = c->pointB.y;
		o[5] = c->pointB.z;
		o[6] = c->normal.x;
		o[7] = c->normal.y;
		o[8] = c->normal.z;
		o[9] = c->depth;
		o[10] = c->mesh;
		o[11] = c->triangle;
		o[12] = (double)c->feature;
		o[13] = c->featureIndex;
	}
	io[11] = r == NP_ERR_CAPACITY ? -1.0 : (double)info.candidates;
	return n;
}
