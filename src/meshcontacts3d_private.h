// Private interface of mesh contacts (npMeshContacts3), shared by its three files: the midphase
// (meshgather3d.c), the per-triangle contacts (meshtriangle3d.c) and Terdiman's pass with the entry
// point (meshcontacts3d.c). Holds the pool of potential contacts that the first two fill and the
// third reads, the query's shape prepared in world space, and the sphere's per-triangle contact,
// which stays inline here because the midphase's sphere loop calls it for every triangle.
#ifndef NP_MESHCONTACTS3D_PRIVATE_H
#define NP_MESHCONTACTS3D_PRIVATE_H

#include "narrowphase/mesh3d.h"

#include "mesh3d_private.h"
#include "closest3d.h"
#include "vec3.h"

// Small hot helpers that compilers would otherwise leave out of line (wasm calls pass the vertex
// array and the out-parameters through memory).
#if defined(__GNUC__) || defined(__clang__)
#define NP_FORCE_INLINE __attribute__((always_inline)) static inline
#else
#define NP_FORCE_INLINE static inline
#endif

/// A potential contact: one triangle, the feature of it the shape touches, and its points.
typedef struct npMeshPotential3
{
	npVec3 v[3];            ///< triangle vertices, world space (unset while `stored` >= 0)
	double key;             ///< sort key: signed distance between the shape and the triangle
	int mesh;               ///< instance index
	int triangle;           ///< input triangle index (unset while `stored` >= 0)
	int stored;             ///< -1, or the stored triangle index in a mesh at the identity whose
							///< input index and vertices are only looked up when needed
	npMeshFeature3 feature; ///< feature touched
	int featureIndex;       ///< edge k (v[k] -> v[k+1]) or vertex k
	int pointStart;         ///< first point in the point pool
	int pointCount;         ///< number of points
	npVec3 normal;          ///< contact normal, shape to mesh
	int32_t ids[3];         ///< feature ids of v[0..2]: position classes, or welded indices (one mesh)
	int32_t welded[3];      ///< the mesh's welded vertex indices of v[0..2]
} npMeshPotential3;

/// One contact point of a potential contact.
typedef struct npMeshPoint3
{
	npVec3 pointA; ///< on the shape
	npVec3 pointB; ///< on the triangle
	double depth;  ///< positive when penetrating
} npMeshPoint3;

/// The potential contacts gathered so far and their points (fixed capacities: `overflow` is set
/// when one is exceeded, and the contact that did not fit is dropped).
typedef struct npMeshPool3
{
	npMeshPotential3 potentials[NP_MESH_MAX_POTENTIAL];
	npMeshPoint3 points[NP_MESH_MAX_POINTS];
	int potentialCount;
	int pointCount;
	bool overflow;
	/// The query's last resort (meshtriangle3d.c, keepDropped and keepThrough): the deepest overlap
	/// that gave no contact (a ghost contact dropped with no corner over its triangle, or a manifold
	/// through a triangle's back), recorded while no potential contact is gathered and reported
	/// only when nothing else is (points in `droppedPoints`, pointStart unused).
	npMeshPotential3 dropped;
	npMeshPoint3 droppedPoints[NP_MAX_MANIFOLD_POINTS3];
	double droppedOffset; ///< keepThrough: how far the triangle's point lies from under the corner (ties)
	bool hasDropped;
} npMeshPool3;

/// The query's shape, with the world-space data its per-triangle routine reads.
typedef struct npMeshShapeInfo3
{
	const npShape3* shape;
	npTransform3 xf;
	npVec3 centre;                        ///< world centre used for back-face culling
	npVec3 segment[2];                    ///< capsule core segment, world space
	npVec3 axes[3];                       ///< box axes, world space
	double half[3];                       ///< box half extents
	npVec3 corners[NP_MAX_HULL_VERTICES]; ///< box or hull vertices, world space
	int cornerCount;
	double margin;
	const npMeshInstance3* meshes; ///< all meshes of the query (internal-feature tests)
	int meshCount;
	double featureTolerance;
	bool removal; ///< internal features are removed (false for NP_MESH_ALL_CONTACTS)
} npMeshShapeInfo3;

/// One triangle handed to a per-triangle routine.
typedef struct npMeshTriangle3
{
	npVec3 v[3];                 ///< vertices, world space
	npVec3 n;                    ///< unit normal (the front side), world space
	const npMeshInstance3* inst; ///< the mesh instance it comes from
	int mesh;                    ///< that instance's index in the query
	int triangle;                ///< input triangle index
	int stored;                  ///< stored triangle index in inst->mesh
} npMeshTriangle3;

/// Runs the shape's box down one mesh's BVH and adds the potential contacts of the triangles it
/// finds to the pool (meshgather3d.c). Returns the number of candidate triangles looked at.
int npMeshGather3(npMeshPool3* pool, const npMeshShapeInfo3* info, const npMeshInstance3* inst, int meshIndex);

/// Capsule against one triangle (meshtriangle3d.c): adds its potential contact, if any.
void npMeshCapsuleTriangle3(npMeshPool3* pool, const npMeshShapeInfo3* info, const npMeshTriangle3* tri);

/// Box or hull against one triangle (meshtriangle3d.c): adds its potential contact, if any.
void npMeshGenericTriangle3(npMeshPool3* pool, const npMeshShapeInfo3* info, const npMeshTriangle3* tri);

/// Whether the feature of a triangle (world space) touched along `normal` (shape toward mesh) is an
/// internal edge or vertex (meshtriangle3d.c) for a shape whose culling centre is `centre` (world
/// space: neighbours it is behind cover nothing); *touchedCount: 3 face, 2 edge, 1 vertex.
bool npMeshTouchedInternal3(const npMeshInstance3* meshes, int meshCount, double featureTolerance, npVec3 centre,
							const npMeshTriangle3* tri, npVec3 normal, int* touchedCount);

// -n without negative zeros (0 - x is +0 for x = +-0), so flat-ground normals read (0, 0, -1).
static inline npVec3 npMeshFlip3(npVec3 n) { return (npVec3){ 0.0 - n.x, 0.0 - n.y, 0.0 - n.z }; }

/// A new potential contact with room for `pointsNeeded` points, at the end of the pool, or NULL
/// (overflow) when the pool is full. It counts once committed (npMeshCommitPotential3).
static inline npMeshPotential3* npMeshNewPotential3(npMeshPool3* pool, int pointsNeeded)
{
	if (pool->potentialCount >= NP_MESH_MAX_POTENTIAL || pool->pointCount + pointsNeeded > NP_MESH_MAX_POINTS)
	{
		pool->overflow = true;
		return NULL;
	}
	npMeshPotential3* p = pool->potentials + pool->potentialCount;
	p->pointStart = pool->pointCount;
	p->pointCount = 0;
	p->stored = -1;
	return p;
}

static inline void npMeshCommitPotential3(npMeshPool3* pool, npMeshPotential3* p)
{
	pool->pointCount += p->pointCount;
	pool->potentialCount += 1;
}

/// Names the potential contact's triangle (its world-space vertices, instance and input index).
static inline void npMeshSetTriangle3(npMeshPotential3* p, const npMeshTriangle3* tri)
{
	p->v[0] = tri->v[0];
	p->v[1] = tri->v[1];
	p->v[2] = tri->v[2];
	p->mesh = tri->mesh;
	p->triangle = tri->triangle;
}

/// The query's sphere in world space, read once outside the midphase's triangle loop rather than
/// through the shape info for every triangle.
typedef struct npMeshSphere3
{
	npVec3 centre;
	double radius;
	double reach; ///< radius + margin
} npMeshSphere3;

static inline npMeshSphere3 npMeshSphereOf3(const npMeshShapeInfo3* info)
{
	return (npMeshSphere3){ info->centre, info->shape->radius, info->shape->radius + info->margin };
}

/// The sphere's potential contact with one triangle (world space, unit normal n), or NULL (culled,
/// too far, or no room): the closest point on the triangle, whose Voronoi region gives the face,
/// edge or vertex touched. Fills the contact's key, feature, normal and point; the caller names
/// the triangle.
NP_FORCE_INLINE npMeshPotential3* npMeshSphereContact3(npMeshPool3* pool, npMeshSphere3 sphere, const npVec3 v[3],
														npVec3 n, int mesh)
{
	double r = sphere.radius, reach = sphere.reach;
	npVec3 c = sphere.centre;
	double planeDistance = v3Dot(v3Sub(c, v[0]), n);
	if (planeDistance < 0.0 || planeDistance > reach)
		return NULL; // behind the triangle (culled) or too far even from its plane

	npTrianglePoint3 onTriangle = npClosestOnTriangleFeature3(c, v, n);
	npMeshFeature3 feature = (npMeshFeature3)onTriangle.feature;
	int index = onTriangle.index;
	npVec3 cp = onTriangle.point;
	npVec3 normal;
	double distance;
	if (feature == NP_MESH_FACE)
	{
		distance = planeDistance;
		normal = npMeshFlip3(n);
	}
	else
	{
		npVec3 d = v3Sub(cp, c);
		distance = v3Length(d);
		if (distance > reach)
			return NULL;
		// A zero vector (centre on the edge or vertex) falls back to the triangle's normal (paper 4b).
		normal = distance > 1e-150 ? v3Scale(1.0 / distance, d) : npMeshFlip3(n);
	}

	npMeshPotential3* p = npMeshNewPotential3(pool, 1);
	if (p == NULL)
		return NULL;
	p->key = distance - r;
	p->mesh = mesh;
	p->feature = feature;
	p->featureIndex = index;
	p->normal = normal;
	p->pointCount = 1;
	npMeshPoint3* pt = pool->points + p->pointStart;
	pt->pointA = v3MulAdd(c, r, normal);
	pt->pointB = cp;
	pt->depth = r - distance;
	npMeshCommitPotential3(pool, p);
	return p;
}

/// Sphere against one triangle: npMeshSphereContact3, with the triangle named in the contact.
static inline void npMeshSphereTriangle3(npMeshPool3* pool, const npMeshShapeInfo3* info, const npMeshTriangle3* tri)
{
	npMeshPotential3* p = npMeshSphereContact3(pool, npMeshSphereOf3(info), tri->v, tri->n, tri->mesh);
	if (p != NULL)
		npMeshSetTriangle3(p, tri);
}

#endif
