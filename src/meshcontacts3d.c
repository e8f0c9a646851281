// Contacts between a convex shape and triangle meshes without internal-edge ("ghost") contacts,
// after Pierre Terdiman, "Contact generation for meshes". This file holds the entry point and
// Terdiman's pass; the midphase is in meshgather3d.c, the per-triangle contacts in meshtriangle3d.c.
//
// Outline of npMeshContacts3:
//  1. Midphase (meshgather3d.c). For each mesh, the shape's box in mesh space, grown by the margin,
//     is run down the mesh's BVH. Triangles of every mesh land in one common set (the paper's
//     section 6), in world space.
//  2. Per triangle (meshtriangle3d.c): back-face culling, then the shape-vs-triangle contact and
//     the triangle feature it touches (face, edge or vertex). An edge or vertex that is internal
//     cannot carry a contact: it becomes the triangle's face contact. Triangles farther than the
//     margin are dropped; the rest are "potential contacts" keyed by their distance (negative when
//     penetrating).
//  3. Features are named by position: each vertex of a potential contact gets the id of its
//     position class (points within featureTolerance are one class, whatever mesh they come from).
//     When all potential contacts come from one mesh welded at least as finely, its welded vertex
//     indices are exactly those classes and are used directly (no hashing).
//  4. Terdiman's final algorithm: face contacts are kept and their triangles voided (all three
//     edges and vertices); the delayed edge and vertex contacts are sorted by distance and handled
//     in one pass: a contact is kept unless its edge / vertex is already voided, and its triangle is
//     voided whether or not it was kept (section 5a: otherwise the order of T2 and T3 in figure 7
//     matters). Sorting puts the vertex contacts of figure 8 before T7's farther edge contact.
//  5. Optionally each mesh's contacts are reduced to at most four.
#include "inputs.h"
#include "narrowphase/mesh3d.h"

#include "meshcontacts3d_private.h"

#include <math.h>

// Classes of triangle-vertex positions: three per potential contact.
#define MAX_CLASSES (3 * NP_MESH_MAX_POTENTIAL)
// Hash slots for position classes: the largest table used is the power of two >= 6 * potentials.
#define MAX_SLOTS (8 * NP_MESH_MAX_POTENTIAL)
// Voided-set slots: the power of two >= 12 * potentials (three vertex and three edge keys each,
// at most half full).
#define MAX_VOID_SLOTS (16 * NP_MESH_MAX_POTENTIAL)
_Static_assert((NP_MESH_MAX_POTENTIAL & (NP_MESH_MAX_POTENTIAL - 1)) == 0, "a power of two keeps the tables exact");
// Up to this many potential contacts the voided set is the list of voided triangles' feature ids,
// scanned linearly (cheaper than hashing for the few triangles a sphere or capsule touches); beyond
// it a hash set of feature keys.
#define SMALL_POTENTIAL 32

// Everything one query works in (on the stack: no allocation).
typedef struct Scratch
{
	npMeshPool3 pool;                         // the potential contacts and their points
	int32_t order[NP_MESH_MAX_POTENTIAL];     // the delayed (edge and vertex) contacts
	int32_t emitted[NP_MESH_MAX_POINTS];      // potential index of each kept point ...
	int32_t emittedPoint[NP_MESH_MAX_POINTS]; // ... and the point's index in the pool
	int emittedCount;
	npVec3 classPoints[MAX_CLASSES];          // position classes (feature ids by position)
	int32_t classLinks[MAX_CLASSES];
	int32_t slots[MAX_SLOTS];
	uint64_t voidKeys[MAX_VOID_SLOTS];        // open-addressing table of voided features (hash mode)
	int32_t voidIds[3 * SMALL_POTENTIAL];     // feature ids of the voided triangles (small mode)
	int voidCount;                            // voided triangles (small mode)
	uint64_t voidMask;                        // table size - 1 (hash mode)
	bool small;                               // list mode
} Scratch;

// ------------------------------------------------------------------------------------------------
// Input checks.

// |x| <= NP_HUGE (false for NaN), as an int so that checks combine without branches.
static int finiteFlag(double x) { return (int)(fabs(x) <= NP_HUGE); }

static bool finiteValue(double x) { return finiteFlag(x) != 0; }

npMeshQuery3 npDefaultMeshQuery3(void)
{
	return (npMeshQuery3){ 0.0, false, NP_MESH_TERDIMAN, NP_MESH_FEATURE_TOLERANCE };
}

// ------------------------------------------------------------------------------------------------
// Voided features.

// Feature keys: an edge is its two vertex ids (smaller first, each + 1, so a key is never 0); a
// vertex is its id + 1 with the top bit set (edge keys never have it: ids are below 2^31).
static uint64_t edgeKey(int32_t a, int32_t b)
{
	int32_t lo = a < b ? a : b, hi = a < b ? b : a;
	return ((uint64_t)(uint32_t)(lo + 1) << 32) | (uint32_t)(hi + 1);
}

static uint64_t vertexKey(int32_t a) { return (1ull << 63) | (uint32_t)(a + 1); }

static uint32_t keySlot(uint64_t key, uint64_t mask)
{
	uint64_t h = key * 0x9E3779B97F4A7C15ull;
	h ^= h >> 32;
	return (uint32_t)(h & mask);
}

// The voided set. Linear probing in hash mode: the table has at least twice as many slots as keys
// can ever be inserted, so probing always ends at an empty slot.
static bool isVoided(const Scratch* s, uint64_t key)
{
	for (uint64_t i = keySlot(key, s->voidMask), n = 0; n <= s->voidMask; i = (i + 1) & s->voidMask, ++n)
	{
		if (s->voidKeys[i] == key)
			return true;
		if (s->voidKeys[i] == 0)
			return false;
	}
	return false;
}

static void addVoided(Scratch* s, uint64_t key)
{
	for (uint64_t i = keySlot(key, s->voidMask), n = 0; n <= s->voidMask; i = (i + 1) & s->voidMask, ++n)
	{
		if (s->voidKeys[i] == key)
			return;
		if (s->voidKeys[i] == 0)
		{
			s->voidKeys[i] = key;
			return;
		}
	}
}

// Small mode keeps the voided triangles themselves: a vertex is voided when a voided triangle has
// that id, an edge {a, b} when a voided triangle has it as one of its edges, i.e. holds both a and
// b (any two corners of a triangle form an edge), or for a == b (ids of a sliver matched by
// position) holds a at least twice. Exactly the membership the key set would answer.
NP_FORCE_INLINE void voidTriangle(Scratch* s, const npMeshPotential3* p)
{
	if (s->small)
	{
		int32_t* t = s->voidIds + 3 * s->voidCount++;
		t[0] = p->ids[0];
		t[1] = p->ids[1];
		t[2] = p->ids[2];
		return;
	}
	for (int k = 0; k < 3; ++k)
	{
		addVoided(s, vertexKey(p->ids[k]));
		addVoided(s, edgeKey(p->ids[k], p->ids[(k + 1) % 3]));
	}
}

static bool featureVoided(const Scratch* s, const npMeshPotential3* p)
{
	int k = p->featureIndex;
	if (s->small)
	{
		if (p->feature == NP_MESH_FACE)
			return false;
		int32_t a = p->ids[k], b = p->feature == NP_MESH_EDGE ? p->ids[(k + 1) % 3] : a;
		// For a vertex b == a and one occurrence is enough; for an edge both ends, or two
		// occurrences of a when a == b.
		int need = p->feature == NP_MESH_EDGE && a == b ? 2 : 1;
		for (int i = 0; i < s->voidCount; ++i)
		{
			const int32_t* t = s->voidIds + 3 * i;
			int ca = (int)(t[0] == a) + (int)(t[1] == a) + (int)(t[2] == a);
			int cb = (int)(t[0] == b) + (int)(t[1] == b) + (int)(t[2] == b);
			if (ca >= need && cb >= 1)
				return true;
		}
		return false;
	}
	if (p->feature == NP_MESH_EDGE)
		return isVoided(s, edgeKey(p->ids[k], p->ids[(k + 1) % 3]));
	if (p->feature == NP_MESH_VERTEX)
		return isVoided(s, vertexKey(p->ids[k]));
	return false;
}

static void emit(Scratch* s, int index)
{
	const npMeshPotential3* p = s->pool.potentials + index;
	for (int i = 0; i < p->pointCount; ++i)
	{
		if (s->emittedCount >= NP_MESH_MAX_POINTS)
		{
			s->pool.overflow = true;
			return;
		}
		s->emitted[s->emittedCount] = index;
		s->emittedPoint[s->emittedCount] = p->pointStart + i;
		s->emittedCount += 1;
	}
}

// The last resort kept aside (npMeshPool3.dropped), reported because nothing else is: a shape
// overlapping a mesh it is in front of always gets a contact, if need be a ghost's (an internal
// feature's normal) or a corner pushed out along a face normal.
static void emitDropped(Scratch* s)
{
	npMeshPool3* pool = &s->pool;
	npMeshPotential3* p = npMeshNewPotential3(pool, pool->dropped.pointCount);
	if (p == NULL)
		return;
	int start = p->pointStart;
	*p = pool->dropped;
	p->pointStart = start;
	for (int i = 0; i < p->pointCount; ++i)
		pool->points[start + i] = pool->droppedPoints[i];
	npMeshCommitPotential3(pool, p);
	emit(s, pool->potentialCount - 1);
}

// The sum of a potential contact's point depths.
static double totalDepth(const Scratch* s, const npMeshPotential3* p)
{
	double sum = 0.0;
	for (int i = 0; i < p->pointCount; ++i)
		sum += s->pool.points[p->pointStart + i].depth;
	return sum;
}

// True when potential a goes before b: smaller distance first; at equal distance edges before
// vertices (the order of the paper's initial passes), then the fuller contact (more points, then
// the larger sum of depths), then gathering order. A vertex shared by several triangles gives each
// of them a contact at the same distance, and the first one met voids the others: taking it by
// gathering order alone made the contact's other points depend on how the meshes were cut and
// listed (a terrain cut into bands got other points than the whole).
static bool before(const Scratch* s, int32_t a, int32_t b)
{
	const npMeshPotential3* pa = s->pool.potentials + a;
	const npMeshPotential3* pb = s->pool.potentials + b;
	if (pa->key != pb->key)
		return pa->key < pb->key;
	if (pa->feature != pb->feature)
		return pa->feature < pb->feature;
	if (pa->pointCount != pb->pointCount)
		return pa->pointCount > pb->pointCount;
	double da = totalDepth(s, pa), db = totalDepth(s, pb);
	if (da != db)
		return da > db;
	return a < b;
}

// Heap sort of the delayed contacts (bounded loops, no recursion, no allocation); the order is
// total, so the result does not depend on the sort's stability.
static void siftDown(const Scratch* s, int32_t* a, int root, int end)
{
	for (;;)
	{
		int child = 2 * root + 1;
		if (child >= end)
			return;
		if (child + 1 < end && before(s, a[child], a[child + 1]))
			++child;
		if (!before(s, a[root], a[child]))
			return;
		int32_t t = a[root];
		a[root] = a[child];
		a[child] = t;
		root = child;
	}
}

static void sortDelayed(const Scratch* s, int32_t* a, int n)
{
	if (n <= 16)
	{
		for (int i = 1; i < n; ++i)
			for (int j = i; j > 0 && before(s, a[j], a[j - 1]); --j)
			{
				int32_t t = a[j];
				a[j] = a[j - 1];
				a[j - 1] = t;
			}
		return;
	}
	for (int i = n / 2 - 1; i >= 0; --i)
		siftDown(s, a, i, n);
	for (int end = n - 1; end > 0; --end)
	{
		int32_t t = a[0];
		a[0] = a[end];
		a[end] = t;
		siftDown(s, a, 0, end);
	}
}

static void runAlgorithm(Scratch* s, npMeshAlgorithm3 algorithm, int* removed)
{
	int n = s->pool.potentialCount;
	*removed = 0;
	if (algorithm == NP_MESH_ALL_CONTACTS)
	{
		for (int i = 0; i < n; ++i)
			emit(s, i);
		return;
	}
	// First pass: face contacts.
	int delayed = 0;
	for (int i = 0; i < n; ++i)
	{
		if (s->pool.potentials[i].feature == NP_MESH_FACE)
		{
			emit(s, i);
			voidTriangle(s, s->pool.potentials + i);
		}
		else
			s->order[delayed++] = i;
	}
	if (algorithm == NP_MESH_TERDIMAN)
	{
		sortDelayed(s, s->order, delayed);
		for (int j = 0; j < delayed; ++j)
		{
			const npMeshPotential3* p = s->pool.potentials + s->order[j];
			if (featureVoided(s, p))
				*removed += 1;
			else
				emit(s, s->order[j]);
			voidTriangle(s, p); // unconditionally (section 5a)
		}
		return;
	}
	// Section 4's initial version: all edges (in midphase order), then all vertices.
	for (int pass = 0; pass < 2; ++pass)
	{
		npMeshFeature3 want = pass == 0 ? NP_MESH_EDGE : NP_MESH_VERTEX;
		for (int j = 0; j < delayed; ++j)
		{
			const npMeshPotential3* p = s->pool.potentials + s->order[j];
			if (p->feature != want)
				continue;
			if (featureVoided(s, p))
				*removed += 1;
			else
				emit(s, s->order[j]);
			voidTriangle(s, p);
		}
	}
}

// ------------------------------------------------------------------------------------------------
// Reduction: at most four points per mesh, chosen for depth and spread (deepest, farthest from it,
// largest triangle, largest area added outside that triangle). Positions are the mesh-side points.

static int reduceGroup(const Scratch* s, const int32_t* group, int count, int32_t out[4])
{
	if (count <= 4)
	{
		for (int i = 0; i < count; ++i)
			out[i] = group[i];
		return count;
	}
	const npMeshPoint3* pts = s->pool.points;
	int best = 0;
	for (int i = 1; i < count; ++i)
		if (pts[s->emittedPoint[group[i]]].depth > pts[s->emittedPoint[group[best]]].depth)
			best = i;
	int chosen[4] = { best, -1, -1, -1 };
	npVec3 p0 = pts[s->emittedPoint[group[best]]].pointB;
	npVec3 normal = s->pool.potentials[s->emitted[group[best]]].normal;

	double far = -1.0;
	for (int i = 0; i < count; ++i)
	{
		double d = v3DistanceSq(pts[s->emittedPoint[group[i]]].pointB, p0);
		if (d > far)
		{
			far = d;
			chosen[1] = i;
		}
	}
	int n = 2;
	if (far > 0.0)
	{
		npVec3 p1 = pts[s->emittedPoint[group[chosen[1]]]].pointB;
		double area = 0.0;
		for (int i = 0; i < count; ++i)
		{
			npVec3 p = pts[s->emittedPoint[group[i]]].pointB;
			double a = fabs(v3Dot(v3Cross(v3Sub(p1, p0), v3Sub(p, p0)), normal));
			if (a > area)
			{
				area = a;
				chosen[2] = i;
			}
		}
		if (chosen[2] >= 0)
		{
			n = 3;
			npVec3 q[3] = { p0, p1, pts[s->emittedPoint[group[chosen[2]]]].pointB };
			// Orient the triangle counter-clockwise about the normal.
			if (v3Dot(v3Cross(v3Sub(q[1], q[0]), v3Sub(q[2], q[0])), normal) < 0.0)
			{
				npVec3 t = q[1];
				q[1] = q[2];
				q[2] = t;
			}
			double added = 0.0;
			for (int i = 0; i < count; ++i)
			{
				npVec3 p = pts[s->emittedPoint[group[i]]].pointB;
				for (int k = 0; k < 3; ++k)
				{
					double a = -v3Dot(v3Cross(v3Sub(q[(k + 1) % 3], q[k]), v3Sub(p, q[k])), normal);
					if (a > added)
					{
						added = a;
						chosen[3] = i;
					}
				}
			}
			if (chosen[3] >= 0)
				n = 4;
		}
	}
	else
		n = 1;
	for (int i = 0; i < n; ++i)
		out[i] = group[chosen[i]];
	return n;
}

// ------------------------------------------------------------------------------------------------
// The entry point.

// The shape, query and meshes of a call whose output arguments are usable: the first error found,
// in a fixed order (null pointers and bad kinds, then the query's numbers, then the transforms).
static npResult checkInputs(const npShape3* shape, npTransform3 transform, const npMeshInstance3* meshes,
							int meshCount, const npMeshQuery3* q)
{
	if (shape == NULL || meshCount < 0 || (meshCount > 0 && meshes == NULL))
		return NP_ERR_INVALID_ARGUMENT;
	if (shape->type != NP_SHAPE_SPHERE && shape->type != NP_SHAPE_CAPSULE3 &&
		shape->type != NP_SHAPE_BOX3 && !(shape->type == NP_SHAPE_HULL3 && shape->hull != NULL))
		return NP_ERR_INVALID_ARGUMENT;
	if (!finiteValue(q->margin) || !finiteValue(q->featureTolerance))
		return NP_ERR_NON_FINITE;
	if (q->margin < 0.0 || q->featureTolerance < 0.0 || (unsigned)q->algorithm > NP_MESH_ALL_CONTACTS)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npCheckTransform3(transform);
	if (r != NP_OK)
		return r;
	for (int i = 0; i < meshCount; ++i)
	{
		if (meshes[i].mesh == NULL)
			return NP_ERR_INVALID_ARGUMENT;
		r = npCheckTransform3(meshes[i].transform);
		if (r != NP_OK)
			return r;
	}
	return NP_OK;
}

// The shape with the world-space data of its per-triangle routine (nothing extra for spheres).
static void prepareShape(npMeshShapeInfo3* si, const npShape3* shape, npTransform3 transform,
						 const npMeshInstance3* meshes, int meshCount, const npMeshQuery3* q)
{
	si->shape = shape;
	si->xf = transform;
	si->margin = q->margin;
	si->meshes = meshes;
	si->meshCount = meshCount;
	si->featureTolerance = q->featureTolerance;
	si->removal = q->algorithm != NP_MESH_ALL_CONTACTS;
	si->centre = transform.p;
	if (shape->type == NP_SHAPE_HULL3)
		si->centre = npTransformPoint3(transform, shape->hull->centroid);
	si->cornerCount = 0;
	if (shape->type == NP_SHAPE_CAPSULE3)
	{
		si->segment[0] = npTransformPoint3(transform, (npVec3){ 0.0, -shape->halfHeight, 0.0 });
		si->segment[1] = npTransformPoint3(transform, (npVec3){ 0.0, shape->halfHeight, 0.0 });
	}
	else if (shape->type == NP_SHAPE_BOX3)
	{
		si->axes[0] = npRotate3(transform.q, (npVec3){ 1.0, 0.0, 0.0 });
		si->axes[1] = npRotate3(transform.q, (npVec3){ 0.0, 1.0, 0.0 });
		si->axes[2] = npRotate3(transform.q, (npVec3){ 0.0, 0.0, 1.0 });
		si->half[0] = shape->halfExtents.x;
		si->half[1] = shape->halfExtents.y;
		si->half[2] = shape->halfExtents.z;
		for (int i = 0; i < 8; ++i)
		{
			npVec3 local = { i & 1 ? si->half[0] : -si->half[0], i & 2 ? si->half[1] : -si->half[1],
							 i & 4 ? si->half[2] : -si->half[2] };
			si->corners[si->cornerCount++] = npTransformPoint3(transform, local);
		}
	}
	else if (shape->type == NP_SHAPE_HULL3)
	{
		for (int i = 0; i < shape->hull->vertexCount && i < NP_MAX_HULL_VERTICES; ++i)
			si->corners[si->cornerCount++] = npTransformPoint3(transform, shape->hull->vertices[i]);
	}
}

// Feature ids from positions: vertices of the potential contacts within featureTolerance of each
// other get one id (position classes through a hash grid).
static void hashPositions(Scratch* s, const npMeshInstance3* meshes, double featureTolerance)
{
	int n = s->pool.potentialCount;
	npMeshPotential3* potentials = s->pool.potentials;
	double maxAbs = 0.0;
	for (int i = 0; i < n; ++i)
	{
		npMeshPotential3* p = potentials + i;
		if (p->stored >= 0) // a mesh at the identity: world space is mesh space
			for (int k = 0; k < 3; ++k)
				p->v[k] = meshes[p->mesh].mesh->vertices[p->welded[k]];
		for (int k = 0; k < 3; ++k)
			maxAbs = np3Max(maxAbs, v3MaxAbs(p->v[k]));
	}
	npPointHash3 hash;
	npPointHashInit3(&hash, s->slots, npNextPow2Mesh(6 * (uint64_t)n), s->classLinks, s->classPoints,
					 featureTolerance, maxAbs);
	for (int i = 0; i < n; ++i)
		for (int k = 0; k < 3; ++k)
			potentials[i].ids[k] = npPointHashAdd3(&hash, potentials[i].v[k]);
}

// Feature ids (section 6). Features are matched by position (hashPositions). When every potential
// contact comes from one mesh whose weld tolerance is at least featureTolerance, the welded indices
// are exactly those classes (distinct welded vertices are more than the weld tolerance apart, and
// welded copies share one position), so they are used directly (the gathering already stored them
// as the ids).
static void assignFeatureIds(Scratch* s, const npMeshInstance3* meshes, int meshCount, double featureTolerance)
{
	const npMeshPotential3* potentials = s->pool.potentials;
	bool oneMesh = true;
	for (int i = 1; i < s->pool.potentialCount && meshCount > 1; ++i)
		oneMesh = oneMesh && potentials[i].mesh == potentials[0].mesh;
	if (!oneMesh || meshes[potentials[0].mesh].mesh->weldTolerance < featureTolerance)
		hashPositions(s, meshes, featureTolerance);
}

// An empty voided set: the list for few potential contacts, else a cleared hash table.
static void clearVoided(Scratch* s)
{
	int n = s->pool.potentialCount;
	s->small = n <= SMALL_POTENTIAL;
	s->voidCount = 0;
	if (!s->small)
	{
		uint64_t slots = npNextPow2Mesh(12 * (uint64_t)n);
		s->voidMask = slots - 1;
		for (uint64_t i = 0; i < slots; ++i)
			s->voidKeys[i] = 0;
	}
}

// The kept points written out, in emission order, or (reduce) at most four per mesh, meshes in
// index order. Returns how many were written; sets the overflow flag when `capacity` was too small.
static int writeContacts(Scratch* s, const npMeshInstance3* meshes, int meshCount, bool reduce,
						 npMeshContact3* contacts, int capacity)
{
	int32_t group[NP_MESH_MAX_POINTS];
	int32_t selected[NP_MESH_MAX_POINTS];
	int selectedCount = 0;
	if (reduce)
	{
		// Each group keeps emission order before reduction.
		for (int m = 0; m < meshCount; ++m)
		{
			int g = 0;
			for (int e = 0; e < s->emittedCount; ++e)
				if (s->pool.potentials[s->emitted[e]].mesh == m)
					group[g++] = e;
			if (g == 0)
				continue;
			int32_t out4[4];
			int k = reduceGroup(s, group, g, out4);
			for (int i = 0; i < k; ++i)
				selected[selectedCount++] = out4[i];
		}
	}
	else
		selectedCount = s->emittedCount; // every emitted point, in order (selected[] unused)

	int written = 0;
	for (int i = 0; i < selectedCount; ++i)
	{
		if (written >= capacity)
		{
			s->pool.overflow = true;
			break;
		}
		int e = reduce ? selected[i] : i;
		const npMeshPotential3* p = s->pool.potentials + s->emitted[e];
		const npMeshPoint3* pt = s->pool.points + s->emittedPoint[e];
		npMeshContact3* c = contacts + written++;
		c->pointA = pt->pointA;
		c->pointB = pt->pointB;
		c->normal = p->normal;
		c->depth = pt->depth;
		c->mesh = p->mesh;
		c->triangle = p->stored >= 0 ? meshes[p->mesh].mesh->triangleIds[p->stored] : p->triangle;
		c->feature = p->feature;
		c->featureIndex = p->featureIndex;
	}
	return written;
}

npResult npMeshContacts3(const npShape3* shape, npTransform3 transform, const npMeshInstance3* meshes, int meshCount,
						 const npMeshQuery3* query, npMeshContactsOutput3* output)
{
	if (output == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	output->count = 0;
	output->info = (npMeshContactsInfo3){ 0, 0, 0, false };
	if (output->capacity < 0 || (output->capacity > 0 && output->contacts == NULL))
		return NP_ERR_INVALID_ARGUMENT;
	npMeshQuery3 q = query != NULL ? *query : npDefaultMeshQuery3();
	npResult r = checkInputs(shape, transform, meshes, meshCount, &q);
	if (r != NP_OK)
		return r;

	Scratch s;
	s.pool.potentialCount = 0;
	s.pool.pointCount = 0;
	s.pool.overflow = false;
	s.pool.hasDropped = false;
	s.emittedCount = 0;
	npMeshShapeInfo3 si;
	prepareShape(&si, shape, transform, meshes, meshCount, &q);

	int candidates = 0;
	for (int i = 0; i < meshCount; ++i)
		candidates += npMeshGather3(&s.pool, &si, meshes + i, i);

	int n = s.pool.potentialCount;
	if (q.algorithm != NP_MESH_ALL_CONTACTS && n > 0)
	{
		assignFeatureIds(&s, meshes, meshCount, q.featureTolerance);
		clearVoided(&s);
	}
	int removed = 0;
	runAlgorithm(&s, q.algorithm, &removed);
	if (s.emittedCount == 0 && s.pool.hasDropped)
		emitDropped(&s);

	output->count = writeContacts(&s, meshes, meshCount, q.reduce, output->contacts, output->capacity);
	output->info = (npMeshContactsInfo3){ candidates, n, removed, s.pool.overflow };
	return s.pool.overflow ? NP_ERR_CAPACITY : NP_OK;
}
