// narrowphase 3D triangle meshes: creation (welding, adjacency, bounding-volume hierarchy) and
// contacts between a convex shape and one or more meshes without internal-edge ("ghost") contacts.
//
// Memory: the library never allocates. npMeshBytes3 says how many bytes a mesh needs (the mesh
// itself plus the temporary space used while building it); npMakeMesh3 builds the mesh inside one
// caller-provided buffer, which must stay alive and unmoved while the mesh is used. The npMesh3
// header sits at the start of the buffer and its arrays follow it.
//
// Triangles are one-sided: the front face is the side from which v0, v1, v2 appear
// counter-clockwise (normal = (v1 - v0) x (v2 - v0)). Shapes whose centre is behind a triangle's
// plane do not touch that triangle (Terdiman's back-face culling).
//
// Contacts (npMeshContacts3) follow Pierre Terdiman's "Contact generation for meshes": every
// triangle near the shape yields a potential contact classified by the triangle feature it touches
// (face, edge or vertex); face contacts are kept; edge and vertex contacts are sorted by distance
// and kept only when no triangle already processed (with a kept contact or not) contains that edge
// or vertex. Features are compared by world-space position (within featureTolerance), so triangles
// of different meshes and duplicated vertices share edges. The per-triangle contact: spheres use
// the closest point on the triangle, capsules the closest points between their segment and the
// triangle (a face contact gives both ends of the segment part above the triangle), boxes and hulls
// the library's manifold (npCollide3) against the triangle, whose normal tells the feature (the
// triangle vertices nearest the shape along it: three = face, two = edge, one = vertex); an edge or
// vertex whose surroundings (found by position in every mesh) are closed (a vertex's fan: each edge
// from it used once in each direction), do not go below the triangle's plane and all have the
// shape's centre in front of them is internal, and its contact becomes the triangle's face contact
// (the shape's corners over the triangle) or is dropped. A manifold that would push the shape
// through a triangle's back is no contact with it. A query that would then report nothing at all
// reports the deepest such overlap after all (the dropped contact, or the shape's deepest corner
// below the triangle with the face normal): a shape that overlaps a mesh with its centre in front
// always gets a contact. A neighbour the shape is behind is culled
// for it and covers nothing, as in the voiding pass (a culled triangle voids nothing).
// Genuine convex edges (a cliff's rim, a mesh box's corners) keep their contacts: only features
// shared with a triangle that was processed first are removed. A triangle given twice (in either
// winding) is no neighbour of itself: its edges stay free edges. The rule reads a surface: on a
// non-manifold soup (an edge of three or more distinct triangles) it can take a genuine contact for
// a ghost, and a shape cast may then pass it.
#ifndef NARROWPHASE_MESH3D_H
#define NARROWPHASE_MESH3D_H

#include "collide3d.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Most triangles given to npMakeMesh3 (and at most three times as many vertices).
#define NP_MESH_MAX_TRIANGLES (1 << 26)
/// Largest number of triangles in a BVH leaf.
#define NP_MESH_LEAF_TRIANGLES 4
/// Deepest BVH: the build switches from SAH splits to halving splits below depth 32, so the depth
/// stays under 32 + log2(NP_MESH_MAX_TRIANGLES) < 64. Also the size of the query's traversal stack.
#define NP_MESH_MAX_DEPTH 64
/// Most triangles, over all meshes of one npMeshContacts3 call, that come within the contact
/// distance of the shape (potential contacts). More are dropped and reported (overflow).
#define NP_MESH_MAX_POTENTIAL 512
/// Most contact points gathered by one npMeshContacts3 call before selection. More are dropped and
/// reported (overflow).
#define NP_MESH_MAX_POINTS 1024
/// Default tolerance for matching triangle features (vertex positions) across triangles and meshes.
#define NP_MESH_FEATURE_TOLERANCE 1.0e-6

/// One node of a mesh's bounding-volume hierarchy. Bounds are floats rounded outwards, so they
/// always contain the double-precision triangles.
typedef struct npMeshNode3
{
	float lower[3]; ///< lower corner of the node's box (mesh space)
	float upper[3]; ///< upper corner of the node's box (mesh space)
	int32_t index;  ///< leaf: first triangle; inner node: first of the two children (the second is index + 1)
	int32_t count;  ///< leaf: number of triangles (>= 1); inner node: 0
} npMeshNode3;

/// Bits per axis of the packed node bounds (npMeshPackedNode3): 20 for the value plus one guard bit.
#define NP_MESH_PACK_BITS 21
/// Largest packed coordinate (the mesh's bounds map to 0 .. NP_MESH_PACK_MAX on each axis).
#define NP_MESH_PACK_MAX ((1 << (NP_MESH_PACK_BITS - 1)) - 1)

/// The BVH node of the same index in npMeshNode3's array, with its box quantised for the query's
/// traversal: each axis maps the mesh's bounds onto 0 .. NP_MESH_PACK_MAX (rounded outwards), and
/// the three axes are packed into one 64-bit word per corner (axis a in bits 21a .. 21a + 19), so
/// that one box test is two subtractions (all three axes at once, the guard bits catching a negative
/// difference) instead of six float comparisons. The boxes contain the float ones, so they are
/// conservative: a query visits a superset of the nodes the float boxes would give.
typedef struct npMeshPackedNode3
{
	uint64_t lower; ///< packed lower corner
	uint64_t upper; ///< packed upper corner, with the guard bits (bit 21a + 20) set
	int32_t index;  ///< as npMeshNode3::index
	int32_t count;  ///< as npMeshNode3::count
} npMeshPackedNode3;

/// The BVH laid out for ray casts: one node per inner node of npMeshNode3's tree (plus node 0, whose
/// child 0 is the root), holding its two children's boxes and links, 64 bytes on a 64-byte boundary.
/// A ray then reads one cache line per inner node it enters (both children's boxes and where they
/// lead) instead of the node and its two children, and none for a leaf before its triangles.
typedef struct npMeshRayNode3
{
	float bounds[2][6]; ///< child c's box: lower x, y, z then upper x, y, z (its npMeshNode3's bounds)
	int32_t index[2];   ///< child c: leaf: first triangle; inner node: its npMeshRayNode3
	int32_t count[2];   ///< child c: leaf: number of triangles (>= 1); inner node: 0
} npMeshRayNode3;

/// A triangle mesh, built by npMakeMesh3 into caller-provided memory. Read-only.
/// Triangles are stored in BVH leaf order; `triangleIds` maps them back to the caller's order.
typedef struct npMesh3
{
	int vertexCount;         ///< number of welded vertices
	int triangleCount;       ///< number of stored (valid) triangles
	int inputVertexCount;    ///< number of vertices given
	int inputTriangleCount;  ///< number of triangles given
	int skippedTriangles;    ///< triangles dropped as degenerate (repeated vertex after welding, or zero area)
	int nodeCount;           ///< number of BVH nodes (node 0 is the root)
	int depth;               ///< depth of the BVH (1 for a single leaf)
	int boundaryEdges;       ///< edges used by one triangle only
	int nonManifoldEdges;    ///< edges used by more than two triangles (no neighbour recorded)
	double weldTolerance;    ///< vertices closer than this (each coordinate) were merged
	npVec3 lower;            ///< lower corner of the mesh's bounds (mesh space)
	npVec3 upper;            ///< upper corner of the mesh's bounds (mesh space)
	const npVec3* vertices;  ///< welded vertex positions, vertexCount of them
	const int32_t* triangles;///< three welded vertex indices per stored triangle
	const npVec3* normals;   ///< unit front normal of each stored triangle, (v1 - v0) x (v2 - v0) normalised
	const int32_t* triangleIds; ///< index in the input of each stored triangle
	const int32_t* neighbours;  ///< per stored triangle and edge k (vertex k to k+1): the stored triangle across it, or -1
	const int32_t* vertexMap;   ///< welded index of each input vertex
	const npMeshNode3* nodes;   ///< BVH nodes, nodeCount of them
	const npMeshPackedNode3* packedNodes; ///< the same nodes with packed integer bounds (for queries)
	npVec3 packScale;        ///< packed coordinate = (x - lower) * packScale, per axis (0 for a flat axis)
	size_t bytes;            ///< bytes of the buffer used by the finished mesh (the rest was build scratch)
	const npMeshRayNode3* rayNodes; ///< the BVH for ray casts, (nodeCount + 1) / 2 nodes, 64-byte aligned
} npMesh3;

/// Bytes npMakeMesh3 needs for a mesh of `vertexCount` vertices and `triangleCount` triangles
/// (the finished mesh plus build scratch). 0 when a count is negative or too large.
size_t npMeshBytes3(int vertexCount, int triangleCount);

/// The triangles npMakeMesh3 builds a mesh from (read during the call only).
typedef struct npMeshInput3
{
	const npVec3* vertices; ///< `vertexCount` vertex positions
	int vertexCount;        ///< number of vertices (1 to 3 * NP_MESH_MAX_TRIANGLES)
	const int32_t* indices; ///< three vertex indices per triangle, counter-clockwise seen from its front
	int triangleCount;      ///< number of triangles (1 to NP_MESH_MAX_TRIANGLES)
	double weldTolerance;   ///< vertices closer than this (>= 0, per coordinate) are merged
} npMeshInput3;

/// Builds a mesh from input->vertexCount points and input->triangleCount triangles into `memory`
/// (at least npMeshBytes3 bytes, 8-byte aligned) and points `*out` at it. Vertices closer than
/// input->weldTolerance are merged; triangles left with a repeated vertex or (nearly) zero area
/// are skipped and counted. The BVH uses binned SAH splits.
/// Errors: NP_ERR_INVALID_ARGUMENT (null pointers, bad counts, negative tolerance, memory too
/// small or misaligned: NP_ERR_CAPACITY), NP_ERR_NON_FINITE (a coordinate beyond NP_HUGE),
/// NP_ERR_OUT_OF_RANGE (an index outside 0..vertexCount-1), NP_ERR_DEGENERATE (no valid triangle).
npResult npMakeMesh3(const npMeshInput3* input, void* memory, size_t bytes, npMesh3** out);

/// Copies a finished mesh into `memory` (at least mesh->bytes bytes, 8-byte aligned), without the
/// build scratch, and points `*out` at the copy; the original buffer may then be freed. Lets a
/// caller build in a large temporary buffer and keep only mesh->bytes. NP_ERR_CAPACITY when
/// `bytes` is too small, NP_ERR_INVALID_ARGUMENT for null or misaligned pointers.
npResult npCopyMesh3(const npMesh3* mesh, void* memory, size_t bytes, npMesh3** out);

/// The three mesh-space vertices of stored triangle `index`.
void npGetMeshTriangle3(const npMesh3* mesh, int index, npVec3 out[3]);

/// Midphase query: writes to `out` the stored indices of the triangles whose BVH leaf boxes overlap
/// the box [lower, upper] (mesh space), at most `capacity`. Returns how many overlapped (may be
/// more than `capacity`: then only `capacity` were written).
int npQueryMesh3(const npMesh3* mesh, npVec3 lower, npVec3 upper, int32_t* out, int capacity);

/// A mesh placed in the world.
typedef struct npMeshInstance3
{
	const npMesh3* mesh;    ///< the mesh
	npTransform3 transform; ///< mesh space to world space
} npMeshInstance3;

/// Which part of a triangle a mesh contact touches.
typedef enum npMeshFeature3
{
	NP_MESH_FACE = 0,   ///< the triangle's interior (normal = the triangle's normal)
	NP_MESH_EDGE = 1,   ///< an edge (featureIndex k: vertex k to vertex k + 1)
	NP_MESH_VERTEX = 2, ///< a vertex (featureIndex k)
} npMeshFeature3;

/// Variant of the contact algorithm, for teaching and tests. The default is the paper's final one.
typedef enum npMeshAlgorithm3
{
	NP_MESH_TERDIMAN = 0,         ///< face contacts, then sorted delayed contacts in one pass (final algorithm)
	NP_MESH_TERDIMAN_INITIAL = 1, ///< face pass, then unsorted edge pass, then unsorted vertex pass (section 4)
	NP_MESH_ALL_CONTACTS = 2,     ///< no internal-feature removal: every potential contact is kept
} npMeshAlgorithm3;

/// Options of npMeshContacts3.
typedef struct npMeshQuery3
{
	double margin;           ///< contact distance (>= 0): triangles closer than this give speculative contacts
	bool reduce;             ///< keep at most NP_MAX_MANIFOLD_POINTS3 contacts per mesh (the deepest, then the most spread; each keeps its own normal)
	npMeshAlgorithm3 algorithm; ///< NP_MESH_TERDIMAN unless studying the variants
	double featureTolerance; ///< vertices closer than this (each coordinate, world space) are one feature
} npMeshQuery3;

/// Default options: margin 0, no reduction, the final algorithm, NP_MESH_FEATURE_TOLERANCE.
npMeshQuery3 npDefaultMeshQuery3(void);

/// One contact between a convex shape (A) and a mesh triangle (B).
typedef struct npMeshContact3
{
	npVec3 pointA;   ///< point on the shape's surface, world space
	npVec3 pointB;   ///< point on the triangle, world space
	npVec3 normal;   ///< unit normal from the shape to the mesh
	double depth;    ///< dot(pointA - pointB, normal): positive when overlapping
	int mesh;        ///< index of the mesh in the instance array
	int triangle;    ///< index of the triangle in that mesh's input
	npMeshFeature3 feature; ///< the triangle feature touched
	int featureIndex;///< which edge or vertex (0..2), 0 for a face
} npMeshContact3;

/// Summary of an npMeshContacts3 call.
typedef struct npMeshContactsInfo3
{
	int candidates;  ///< triangles returned by the midphase (all meshes)
	int potential;   ///< candidates within the contact distance (before feature removal)
	int removed;     ///< potential edge and vertex contacts removed as internal features
	bool overflow;   ///< a fixed capacity (NP_MESH_MAX_POTENTIAL, NP_MESH_MAX_POINTS or the output) was exceeded
} npMeshContactsInfo3;

/// Where npMeshContacts3 writes: the caller's room for contacts, then what the call found.
typedef struct npMeshContactsOutput3
{
	npMeshContact3* contacts; ///< room for `capacity` contacts (may be NULL when capacity is 0)
	int capacity;             ///< how many contacts fit (>= 0)
	int count;                ///< set by the call: the contacts written (0 on an error)
	npMeshContactsInfo3 info; ///< set by the call: midphase and feature-removal counts, overflow
} npMeshContactsOutput3;

/// Contacts between a sphere, capsule, box or hull and `meshCount` meshes. Writes at most
/// output->capacity contacts to output->contacts, their number to output->count and the call's
/// summary to output->info. Returns NP_OK, NP_ERR_CAPACITY when something did not fit (the contacts
/// written are valid, the rest were dropped), or NP_ERR_INVALID_ARGUMENT / NP_ERR_INVALID_TRANSFORM /
/// NP_ERR_NON_FINITE for bad input (then the count is 0). Never allocates: its scratch (sized by
/// NP_MESH_MAX_POTENTIAL and NP_MESH_MAX_POINTS) lives on the stack, about 280 KB.
npResult npMeshContacts3(const npShape3* shape, npTransform3 transform, const npMeshInstance3* meshes, int meshCount,
						 const npMeshQuery3* query, npMeshContactsOutput3* output);

#ifdef __cplusplus
}
#endif

#endif
