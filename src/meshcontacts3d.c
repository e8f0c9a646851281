// Contacts between a convex shape and triangle meshes without internal-edge ("ghost") contacts,
// after Pierre Terdiman, "Contact generation for meshes" (seed 002).
//
// Outline of npMeshContacts3:
//  1. Midphase. For each mesh, the shape's box in mesh space, grown by the margin, is run down the
//     mesh's BVH. Triangles of every mesh land in one common set (the paper's section 6), in world
//     space. For spheres, leaves whose boxes are beyond the sphere's reach (in the corners of the
//     query box) are skipped before any vertex is read; then triangles whose boxes miss the query
//     box. (These filters use no floating-point min / max / select: see nodeDistanceSq.)
//  2. Per triangle: back-face culling (the shape's centre behind the triangle's plane), then the
//     shape-vs-triangle contact and the triangle feature it touches. Spheres use the closest point
//     on the triangle (its Voronoi region gives face / edge / vertex), capsules the closest points
//     between their segment and the triangle. Boxes and hulls use
//     the library's manifold routine (npCollide3 against the triangle) and read the feature off the
//     contact normal: the triangle vertices extreme along the normal are the touched feature (three:
//     the face, two: an edge, one: a vertex). An edge or vertex that is internal (internalFeature)
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
#include "narrowphase/manifold3d.h"
#include "narrowphase/mesh3d.h"

#include "mesh3d_private.h"
#include "vec3.h"

#include <float.h>
#include <math.h>
#include <string.h>

// Small hot helpers that compilers would otherwise leave out of line (wasm calls pass the vertex
// array and the out-parameters through memory).
#if defined(__GNUC__) || defined(__clang__)
#define FORCE_INLINE __attribute__((always_inline)) static inline
#else
#define FORCE_INLINE static inline
#endif

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

typedef struct Potential
{
	npVec3 v[3];            // triangle vertices, world space (unset while `stored` >= 0)
	double key;             // sort key: signed distance between the shape and the triangle
	int mesh;               // instance index
	int triangle;           // input triangle index (unset while `stored` >= 0)
	int stored;             // -1, or the stored triangle index in a mesh at the identity whose
							// input index and vertices are only looked up when needed
	npMeshFeature3 feature; // feature touched
	int featureIndex;       // edge k (v[k] -> v[k+1]) or vertex k
	int pointStart;         // first point in the point pool
	int pointCount;         // number of points
	npVec3 normal;          // contact normal, shape to mesh
	int32_t ids[3];         // feature ids of v[0..2]: position classes, or welded indices (one mesh)
	int32_t welded[3];      // the mesh's welded vertex indices of v[0..2]
} Potential;

typedef struct Point
{
	npVec3 pointA;
	npVec3 pointB;
	double depth;
} Point;

typedef struct Scratch
{
	Potential potentials[NP_MESH_MAX_POTENTIAL];
	Point points[NP_MESH_MAX_POINTS];
	int32_t order[NP_MESH_MAX_POTENTIAL];
	int32_t emitted[NP_MESH_MAX_POINTS]; // potential index of each kept point ...
	int32_t emittedPoint[NP_MESH_MAX_POINTS]; // ... and the point's index in the pool
	int emittedCount;
	int potentialCount;
	int pointCount;
	bool overflow;
	npVec3 classPoints[MAX_CLASSES];
	int32_t classLinks[MAX_CLASSES];
	int32_t slots[MAX_SLOTS];
	uint64_t voidKeys[MAX_VOID_SLOTS]; // open-addressing table of voided features (hash mode)
	int32_t voidIds[3 * SMALL_POTENTIAL]; // feature ids of the voided triangles (small mode)
	int voidCount;                     // voided triangles (small mode)
	uint64_t voidMask;                 // table size - 1 (hash mode)
	bool small;                        // list mode
} Scratch;

// ------------------------------------------------------------------------------------------------
// Input checks.

// |x| <= NP_HUGE (false for NaN), as an int so that checks combine without branches.
static int finiteFlag(double x) { return (int)(fabs(x) <= NP_HUGE); }

static bool finiteValue(double x) { return finiteFlag(x) != 0; }

static npResult checkTransform(npTransform3 t)
{
	if ((finiteFlag(t.p.x) & finiteFlag(t.p.y) & finiteFlag(t.p.z) & finiteFlag(t.q.x) & finiteFlag(t.q.y) &
		 finiteFlag(t.q.z) & finiteFlag(t.q.w)) == 0)
		return NP_ERR_NON_FINITE;
	double n = t.q.x * t.q.x + t.q.y * t.q.y + t.q.z * t.q.z + t.q.w * t.q.w;
	if (!(fabs(n - 1.0) <= 1e-6))
		return NP_ERR_INVALID_TRANSFORM;
	return NP_OK;
}

npMeshQuery3 npDefaultMeshQuery3(void)
{
	return (npMeshQuery3){ 0.0, false, NP_MESH_TERDIMAN, NP_MESH_FEATURE_TOLERANCE };
}

// -n without negative zeros (0 - x is +0 for x = +-0), so flat-ground normals read (0, 0, -1).
static npVec3 flip(npVec3 n) { return (npVec3){ 0.0 - n.x, 0.0 - n.y, 0.0 - n.z }; }

// ------------------------------------------------------------------------------------------------
// Sphere against one triangle: the closest point on the triangle and its Voronoi region, after
// Ericson, "Real-Time Collision Detection", 5.1.5 (region tests by barycentric sign checks).
// Region codes: feature and index as in npMeshFeature3.

FORCE_INLINE npVec3 closestOnTriangle(npVec3 p, const npVec3 v[3], npMeshFeature3* feature, int* index)
{
	npVec3 a = v[0], b = v[1], c = v[2];
	npVec3 ab = v3Sub(b, a), ac = v3Sub(c, a), ap = v3Sub(p, a);
	double d1 = v3Dot(ab, ap), d2 = v3Dot(ac, ap);
	if (d1 <= 0.0 && d2 <= 0.0)
	{
		*feature = NP_MESH_VERTEX;
		*index = 0;
		return a;
	}
	npVec3 bp = v3Sub(p, b);
	double d3 = v3Dot(ab, bp), d4 = v3Dot(ac, bp);
	if (d3 >= 0.0 && d4 <= d3)
	{
		*feature = NP_MESH_VERTEX;
		*index = 1;
		return b;
	}
	double vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0)
	{
		*feature = NP_MESH_EDGE;
		*index = 0;
		return v3MulAdd(a, d1 / (d1 - d3), ab);
	}
	npVec3 cp = v3Sub(p, c);
	double d5 = v3Dot(ab, cp), d6 = v3Dot(ac, cp);
	if (d6 >= 0.0 && d5 <= d6)
	{
		*feature = NP_MESH_VERTEX;
		*index = 2;
		return c;
	}
	double vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0)
	{
		*feature = NP_MESH_EDGE;
		*index = 2;
		return v3MulAdd(a, d2 / (d2 - d6), ac);
	}
	double va = d3 * d6 - d5 * d4;
	if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0)
	{
		*feature = NP_MESH_EDGE;
		*index = 1;
		return v3MulAdd(b, (d4 - d3) / ((d4 - d3) + (d5 - d6)), v3Sub(c, b));
	}
	*feature = NP_MESH_FACE;
	*index = 0;
	return p; // the caller projects p on the plane
}

// ------------------------------------------------------------------------------------------------
// Gathering potential contacts.

typedef struct ShapeInfo
{
	const npShape3* shape;
	npTransform3 xf;
	npVec3 centre; // world centre used for back-face culling
	npVec3 segment[2]; // capsule core segment, world space
	npVec3 axes[3];    // box axes, world space
	double half[3];    // box half extents
	npVec3 corners[NP_MAX_HULL_VERTICES]; // box or hull vertices, world space
	int cornerCount;
	double margin;
	const npMeshInstance3* meshes; // all meshes of the query (internal-feature tests)
	int meshCount;
	double featureTolerance;
	bool removal; // internal features are removed (false for NP_MESH_ALL_CONTACTS)
} ShapeInfo;

static Potential* newPotential(Scratch* s, int pointsNeeded)
{
	if (s->potentialCount >= NP_MESH_MAX_POTENTIAL || s->pointCount + pointsNeeded > NP_MESH_MAX_POINTS)
	{
		s->overflow = true;
		return NULL;
	}
	Potential* p = s->potentials + s->potentialCount;
	p->pointStart = s->pointCount;
	p->pointCount = 0;
	p->stored = -1;
	return p;
}

static void commitPotential(Scratch* s, Potential* p)
{
	s->pointCount += p->pointCount;
	s->potentialCount += 1;
}

// The sphere's potential contact with one triangle (world space), or NULL (culled, too far, or no
// room). Fills the contact's key, feature, normal and point; the caller names the triangle.
FORCE_INLINE Potential* sphereContact(Scratch* s, const ShapeInfo* info, const npVec3 v[3], npVec3 n, int mesh)
{
	double r = info->shape->radius, reach = r + info->margin;
	npVec3 c = info->centre;
	double planeDistance = v3Dot(v3Sub(c, v[0]), n);
	if (planeDistance < 0.0 || planeDistance > reach)
		return NULL; // behind the triangle (culled) or too far even from its plane
	npMeshFeature3 feature;
	int index;
	npVec3 cp = closestOnTriangle(c, v, &feature, &index);
	npVec3 normal;
	double distance;
	if (feature == NP_MESH_FACE)
	{
		distance = planeDistance;
		cp = v3MulAdd(c, -planeDistance, n);
		normal = flip(n);
	}
	else
	{
		npVec3 d = v3Sub(cp, c);
		distance = v3Length(d);
		if (distance > reach)
			return NULL;
		// A zero vector (centre on the edge or vertex) falls back to the triangle's normal (paper 4b).
		normal = distance > 1e-150 ? v3Scale(1.0 / distance, d) : flip(n);
	}
	Potential* p = newPotential(s, 1);
	if (p == NULL)
		return NULL;
	p->key = distance - r;
	p->mesh = mesh;
	p->feature = feature;
	p->featureIndex = index;
	p->normal = normal;
	p->pointCount = 1;
	Point* pt = s->points + p->pointStart;
	pt->pointA = v3MulAdd(c, r, normal);
	pt->pointB = cp;
	pt->depth = r - distance;
	commitPotential(s, p);
	return p;
}

static void sphereTriangle(Scratch* s, const ShapeInfo* info, const npVec3 v[3], npVec3 n, int mesh,
						   int triangle)
{
	Potential* p = sphereContact(s, info, v, n, mesh);
	if (p == NULL)
		return;
	p->v[0] = v[0];
	p->v[1] = v[1];
	p->v[2] = v[2];
	p->triangle = triangle;
}

// Closest points of segments p0 + s (p1 - p0) and q0 + t (q1 - q0), s and t clamped to [0, 1]
// (Ericson 5.1.9). The second segment is a triangle edge (never degenerate); the first may be.
static void closestSegments(npVec3 p0, npVec3 p1, npVec3 q0, npVec3 q1, double* sOut, double* tOut)
{
	npVec3 d1 = v3Sub(p1, p0), d2 = v3Sub(q1, q0), r = v3Sub(p0, q0);
	double a = v3Dot(d1, d1), e = v3Dot(d2, d2), f = v3Dot(d2, r);
	double sv, tv;
	if (a <= 0.0)
	{
		sv = 0.0;
		tv = f / e;
		tv = tv < 0.0 ? 0.0 : (tv > 1.0 ? 1.0 : tv);
	}
	else
	{
		double c = v3Dot(d1, r), b = v3Dot(d1, d2);
		double denom = a * e - b * b;
		sv = denom > 0.0 ? (b * f - c * e) / denom : 0.0; // parallel: any s, take 0
		sv = sv < 0.0 ? 0.0 : (sv > 1.0 ? 1.0 : sv);
		tv = (b * sv + f) / e;
		if (tv < 0.0)
		{
			tv = 0.0;
			sv = -c / a;
		}
		else if (tv > 1.0)
		{
			tv = 1.0;
			sv = (b - c) / a;
		}
		sv = sv < 0.0 ? 0.0 : (sv > 1.0 ? 1.0 : sv);
	}
	*sOut = sv;
	*tOut = tv;
}

// Capsule against one triangle: the closest points between the core segment and the triangle (the
// segment crossing the triangle, an endpoint against the triangle, or the segment against one of the
// three edges), with the triangle feature they lie on. A face contact gives the part of the segment
// above the triangle (clipped by the triangle's side planes) as up to two points, so a capsule lying
// on the ground rests on both ends; edge and vertex contacts give one point.
static void capsuleTriangle(Scratch* s, const ShapeInfo* info, const npVec3 v[3], npVec3 n, int mesh,
							int triangle)
{
	double r = info->shape->radius, reach = r + info->margin;
	npVec3 p0 = info->segment[0], p1 = info->segment[1];
	if (v3Dot(v3Sub(info->centre, v[0]), n) < 0.0)
		return; // back-face culling
	double h0 = v3Dot(v3Sub(p0, v[0]), n), h1 = v3Dot(v3Sub(p1, v[0]), n);
	if (h0 > reach && h1 > reach)
		return;

	double best = DBL_MAX;
	npMeshFeature3 feature = NP_MESH_FACE;
	int index = 0;
	npVec3 q = p0, cp = p0; // closest points on the segment and on the triangle
	npMeshFeature3 f;
	int k;
	if ((h0 <= 0.0 && h1 >= 0.0) || (h0 >= 0.0 && h1 <= 0.0))
	{
		double t = h0 != h1 ? h0 / (h0 - h1) : 0.0;
		npVec3 x = v3MulAdd(p0, t, v3Sub(p1, p0));
		closestOnTriangle(x, v, &f, &k);
		if (f == NP_MESH_FACE)
		{
			best = 0.0;
			q = x;
			cp = v3MulAdd(x, -v3Dot(v3Sub(x, v[0]), n), n);
		}
	}
	if (best > 0.0)
	{
		double scale = 1e-12 * (1.0 + v3MaxAbs(v3Sub(p1, p0)) + v3MaxAbs(v3Sub(v[1], v[0])));
		for (int e = 0; e < 2; ++e)
		{
			npVec3 p = e == 0 ? p0 : p1;
			npVec3 c = closestOnTriangle(p, v, &f, &k);
			if (f == NP_MESH_FACE)
				c = v3MulAdd(p, -v3Dot(v3Sub(p, v[0]), n), n);
			double d = v3Length(v3Sub(c, p));
			if (d < best - scale || (d <= best + scale && f < feature))
			{
				best = d;
				feature = f;
				index = k;
				q = p;
				cp = c;
			}
		}
		for (int e = 0; e < 3; ++e)
		{
			double sv, tv;
			closestSegments(p0, p1, v[e], v[(e + 1) % 3], &sv, &tv);
			npVec3 a = v3MulAdd(p0, sv, v3Sub(p1, p0));
			npVec3 c = v3MulAdd(v[e], tv, v3Sub(v[(e + 1) % 3], v[e]));
			f = tv > 0.0 && tv < 1.0 ? NP_MESH_EDGE : NP_MESH_VERTEX;
			k = tv >= 1.0 ? (e + 1) % 3 : e;
			double d = v3Length(v3Sub(c, a));
			if (d < best - scale || (d <= best + scale && f < feature))
			{
				best = d;
				feature = f;
				index = f == NP_MESH_EDGE ? e : k;
				q = a;
				cp = c;
			}
		}
	}
	if (best > reach)
		return;

	Potential* p = newPotential(s, 2);
	if (p == NULL)
		return;
	p->v[0] = v[0];
	p->v[1] = v[1];
	p->v[2] = v[2];
	p->key = best - r;
	p->mesh = mesh;
	p->triangle = triangle;
	p->feature = feature;
	p->featureIndex = feature == NP_MESH_FACE ? 0 : index;
	Point* pts = s->points + p->pointStart;
	if (feature == NP_MESH_FACE)
	{
		p->normal = flip(n);
		// Clip the segment to the prism over the triangle (side planes through the edges).
		npVec3 d = v3Sub(p1, p0);
		double tmin = 0.0, tmax = 1.0;
		for (int e = 0; e < 3; ++e)
		{
			npVec3 side = v3Cross(v3Sub(v[(e + 1) % 3], v[e]), n); // outward in the plane
			double f0 = v3Dot(v3Sub(p0, v[e]), side), fd = v3Dot(d, side);
			if (fd > 0.0)
				tmax = np3Min(tmax, -f0 / fd);
			else if (fd < 0.0)
				tmin = np3Max(tmin, -f0 / fd);
			else if (f0 > 0.0)
				tmax = -1.0;
		}
		int count = 0;
		if (tmin <= tmax)
		{
			for (int e = 0; e < 2; ++e)
			{
				if (e == 1 && tmax - tmin <= 1e-12)
					break;
				npVec3 x = v3MulAdd(p0, e == 0 ? tmin : tmax, d);
				double hx = v3Dot(v3Sub(x, v[0]), n);
				if (hx > reach)
					continue;
				pts[count].pointA = v3MulAdd(x, -r, n);
				pts[count].pointB = v3MulAdd(x, -hx, n);
				pts[count].depth = r - hx;
				++count;
			}
		}
		if (count == 0)
		{
			// Rounding left nothing: the closest pair itself.
			double hq = v3Dot(v3Sub(q, v[0]), n);
			pts[0].pointA = v3MulAdd(q, -r, n);
			pts[0].pointB = cp;
			pts[0].depth = r - hq;
			count = 1;
		}
		p->pointCount = count;
	}
	else
	{
		npVec3 d = v3Sub(cp, q);
		p->normal = best > 1e-150 ? v3Scale(1.0 / best, d) : flip(n);
		pts[0].pointA = v3MulAdd(q, r, p->normal);
		pts[0].pointB = cp;
		pts[0].depth = r - best;
		p->pointCount = 1;
	}
	commitPotential(s, p);
}

// Position match within the feature tolerance (each coordinate).
static bool samePoint(npVec3 p, npVec3 q, double tol)
{
	return fabs(p.x - q.x) <= tol && fabs(p.y - q.y) <= tol && fabs(p.z - q.z) <= tol;
}

// True when a vertex feature (count 1: a) or edge feature (count 2: a, b) of a triangle with unit
// normal n is internal: it is surrounded by triangles (an edge shared by two, a vertex whose fan
// closes: every edge around it shared by two), found by position within featureTolerance in any of
// the query's meshes, and none of them reaches below the triangle's plane. Its neighbours are then
// coplanar or fold upwards (flat or concave), so the feature's Voronoi region holds no normal but
// the faces' (Terdiman's principle: a contact whose feature is internal is a ghost). A convex
// feature (a cliff's rim, a box's corner) has a neighbour going down, and a border feature (an
// open edge, a vertex on the mesh's boundary) has no neighbour beyond: both keep their contacts.
// The neighbours come from a small midphase query around the feature in each mesh; a query that
// overflows its buffer counts as convex (the contact is kept, as without this test).
#define FAN_MAX 32
static bool internalFeature(const ShapeInfo* info, npVec3 a, npVec3 b, int count, npVec3 n, double scale)
{
	double tol = info->featureTolerance;
	double below = -1e-9 * scale; // vertices at most this far below the plane count as on it
	int32_t found[64];
	npVec3 rim[2 * FAN_MAX]; // vertex: the two other corners of each triangle around a
	int fan = 0, sharing = 0;
	for (int j = 0; j < info->meshCount; ++j)
	{
		const npMeshInstance3* inst = info->meshes + j;
		npVec3 la = npInvTransformPoint3(inst->transform, a);
		npVec3 lb = count == 2 ? npInvTransformPoint3(inst->transform, b) : la;
		double grow = tol + 1e-9 * (1.0 + np3Max(v3MaxAbs(la), v3MaxAbs(lb)));
		npVec3 lo = { np3Min(la.x, lb.x) - grow, np3Min(la.y, lb.y) - grow, np3Min(la.z, lb.z) - grow };
		npVec3 hi = { np3Max(la.x, lb.x) + grow, np3Max(la.y, lb.y) + grow, np3Max(la.z, lb.z) + grow };
		int k = npQueryMesh3(inst->mesh, lo, hi, found, 64);
		if (k > 64)
			return false;
		for (int i = 0; i < k; ++i)
		{
			npVec3 w[3];
			npGetMeshTriangle3(inst->mesh, found[i], w);
			int at = -1, hasB = 0;
			for (int c = 0; c < 3; ++c)
			{
				w[c] = npTransformPoint3(inst->transform, w[c]);
				if (at < 0 && samePoint(w[c], a, tol))
					at = c;
				else if (count == 2 && samePoint(w[c], b, tol))
					hasB = 1;
			}
			if (at < 0 || (count == 2 && hasB == 0))
				continue; // not around the feature
			for (int c = 0; c < 3; ++c)
				if (v3Dot(v3Sub(w[c], a), n) < below)
					return false; // a neighbour goes down: convex
			++sharing;
			if (count == 1)
			{
				if (fan >= FAN_MAX)
					return false;
				rim[2 * fan] = w[(at + 1) % 3];
				rim[2 * fan + 1] = w[(at + 2) % 3];
				++fan;
			}
		}
	}
	if (count == 2)
		return sharing >= 2; // the triangle itself and a neighbour across the edge
	// A closed fan: each edge from a to a rim corner belongs to two of the triangles.
	for (int i = 0; i < 2 * fan; ++i)
	{
		int uses = 0;
		for (int k = 0; k < 2 * fan; ++k)
			uses += samePoint(rim[i], rim[k], tol) ? 1 : 0;
		if (uses < 2)
			return false; // an open edge: a is on the boundary
	}
	return fan >= 3;
}

// internalFeature's answer from the mesh's own adjacency, without queries, where it is the same:
// one mesh in the query, welded at least as finely as features are matched (so its welded vertices
// are the position classes), and the edge's neighbour or the vertex's closed fan found by walking
// the neighbour links. Returns 1 (internal), 0 (not), or -1 when the walk cannot tell (a border,
// a non-manifold edge): then internalFeature decides.
static int internalByAdjacency(const ShapeInfo* info, const npMeshInstance3* inst, int stored, int k, int count,
							   npVec3 n, double scale)
{
	const npMesh3* mesh = inst->mesh;
	if (info->meshCount != 1 || mesh->weldTolerance < info->featureTolerance)
		return -1;
	double below = -1e-9 * scale;
	const int32_t* tris = mesh->triangles;
	npVec3 a = npTransformPoint3(inst->transform, mesh->vertices[tris[3 * stored + k]]);
	if (count == 2)
	{
		int32_t u = mesh->neighbours[3 * stored + k];
		if (u < 0)
			return -1;
		for (int c = 0; c < 3; ++c)
			if (v3Dot(v3Sub(npTransformPoint3(inst->transform, mesh->vertices[tris[3 * u + c]]), a), n) < below)
				return 0;
		return 1;
	}
	// The fan around welded vertex w: from each triangle cross its edge that starts at w (the edge
	// from w to the next corner), which turns around w in one direction, until back at the start.
	int32_t w = tris[3 * stored + k];
	int32_t u = stored;
	int j = k;
	for (int step = 0; step < 64; ++step)
	{
		int32_t next = mesh->neighbours[3 * u + j];
		if (next < 0)
			return -1;
		if (next == stored)
			return 1; // closed, nothing below
		int m = tris[3 * next] == w ? 0 : (tris[3 * next + 1] == w ? 1 : (tris[3 * next + 2] == w ? 2 : -1));
		if (m < 0)
			return -1;
		for (int c = 0; c < 3; ++c)
			if (v3Dot(v3Sub(npTransformPoint3(inst->transform, mesh->vertices[tris[3 * next + c]]), a), n) < below)
				return 0;
		u = next;
		j = m;
	}
	return -1;
}

// Any other shape: the manifold against the triangle, then the feature from the normal.
static void genericTriangle(Scratch* s, const ShapeInfo* info, const npVec3 v[3], npVec3 n, int mesh,
							int triangle, const npMeshInstance3* inst, int stored)
{
	double h = v3Dot(v3Sub(info->centre, v[0]), n);
	if (h < 0.0)
		return; // back-face culling
	if (info->shape->type == NP_SHAPE_BOX3)
	{
		// Cheap separating-axis rejections before the full manifold (exact, no tolerance needed
		// beyond the margin): the triangle's plane, then the box's three face axes.
		double extent = 0.0;
		for (int a = 0; a < 3; ++a)
			extent += fabs(v3Dot(info->axes[a], n)) * info->half[a];
		if (h - extent > info->margin)
			return;
		for (int a = 0; a < 3; ++a)
		{
			double p0 = v3Dot(v3Sub(v[0], info->centre), info->axes[a]);
			double p1 = v3Dot(v3Sub(v[1], info->centre), info->axes[a]);
			double p2 = v3Dot(v3Sub(v[2], info->centre), info->axes[a]);
			double lim = info->half[a] + info->margin;
			if (np3Min(p0, np3Min(p1, p2)) > lim || np3Max(p0, np3Max(p1, p2)) < -lim)
				return;
		}
	}
	npShape3 tri;
	if (npMakeTriangle3(v[0], v[1], v[2], &tri) != NP_OK)
		return;
	npTransform3 identity = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	npManifold3 m = npCollide3(info->shape, info->xf, &tri, identity, info->margin);
	if (m.pointCount == 0)
		return;
	// A normal leaving through the triangle's front would push the shape through to the back side
	// of a one-sided triangle: not a contact with this triangle.
	if (v3Dot(m.normal, n) > 1e-6)
		return;

	// The touched feature: triangle vertices nearest the shape along the normal, within a relative
	// tolerance (edge contacts have a normal exactly perpendicular to the edge up to rounding).
	double sv[3], smin = DBL_MAX, scale = 0.0;
	for (int k = 0; k < 3; ++k)
	{
		sv[k] = v3Dot(v[k], m.normal);
		smin = np3Min(smin, sv[k]);
		scale = np3Max(scale, v3MaxAbs(v3Sub(v[(k + 1) % 3], v[k])));
	}
	double tol = 1e-7 * scale;
	bool low[3];
	int lowCount = 0;
	for (int k = 0; k < 3; ++k)
	{
		low[k] = sv[k] - smin <= tol;
		lowCount += low[k] ? 1 : 0;
	}

	// Per-triangle SAT knows nothing of the neighbours: a tilted box whose corner pokes into flat
	// tessellated ground can be pushed out of one small triangle sideways (a box face axis, or an
	// edge-edge axis) by less than along the ground's normal; the manifold's normal then tilts and
	// names an edge or vertex of the triangle. When that feature is internal (internalFeature: no
	// neighbour goes below the triangle's plane) the normal lies outside the feature's Voronoi
	// region, so the contact is a ghost: it becomes the triangle's face contact instead, made of the
	// shape's corners below the plane (within the margin) that lie over the triangle's interior, or
	// nothing when no corner does (the triangles under the corners report them). A convex feature
	// keeps the manifold's edge or vertex contact.
	int faceCorners = 0;
	int faceCorner[NP_MAX_MANIFOLD_POINTS3];
	double faceHeight[NP_MAX_MANIFOLD_POINTS3];
	if (lowCount != 3 && info->removal)
	{
		int k = lowCount == 2 ? (!low[0] ? 1 : (!low[1] ? 2 : 0)) : (low[0] ? 0 : (low[1] ? 1 : 2));
		int known = internalByAdjacency(info, inst, stored, k, lowCount, n, scale);
		if (known > 0 || (known < 0 && internalFeature(info, v[k], v[(k + 1) % 3], lowCount, n, scale)))
		{
			for (int i = 0; i < info->cornerCount; ++i)
			{
				npVec3 c = info->corners[i];
				double hc = v3Dot(v3Sub(c, v[0]), n);
				if (hc > info->margin)
					continue;
				// Over the triangle, its border included (with a rounding allowance, so that a corner
				// right above a shared edge or vertex is claimed by its triangles, not by none).
				bool inside = true;
				for (int e = 0; e < 3 && inside; ++e)
					inside = v3Dot(v3Cross(v3Sub(v[(e + 1) % 3], v[e]), v3Sub(c, v[e])), n) >= -1e-12 * scale * scale;
				if (!inside)
					continue;
				// Keep the deepest NP_MAX_MANIFOLD_POINTS3 corners (insertion by depth).
				int at = faceCorners < NP_MAX_MANIFOLD_POINTS3 ? faceCorners++ : NP_MAX_MANIFOLD_POINTS3;
				while (at > 0 && faceHeight[at - 1] > hc)
				{
					if (at < NP_MAX_MANIFOLD_POINTS3)
					{
						faceHeight[at] = faceHeight[at - 1];
						faceCorner[at] = faceCorner[at - 1];
					}
					--at;
				}
				if (at < NP_MAX_MANIFOLD_POINTS3)
				{
					faceHeight[at] = hc;
					faceCorner[at] = i;
				}
			}
			if (faceCorners == 0)
				return; // a ghost, and no corner over this triangle
		}
	}
	if (faceCorners > 0)
	{
		Potential* p = newPotential(s, faceCorners);
		if (p == NULL)
			return;
		p->feature = NP_MESH_FACE;
		p->featureIndex = 0;
		p->v[0] = v[0];
		p->v[1] = v[1];
		p->v[2] = v[2];
		p->mesh = mesh;
		p->triangle = triangle;
		p->normal = flip(n);
		for (int i = 0; i < faceCorners; ++i)
		{
			Point* pt = s->points + p->pointStart + i;
			npVec3 c = info->corners[faceCorner[i]];
			pt->pointA = c;
			pt->pointB = v3MulAdd(c, -faceHeight[i], n);
			pt->depth = -faceHeight[i];
		}
		p->pointCount = faceCorners;
		p->key = faceHeight[0];
		commitPotential(s, p);
		return;
	}

	Potential* p = newPotential(s, m.pointCount);
	if (p == NULL)
		return;
	if (lowCount == 3)
	{
		p->feature = NP_MESH_FACE;
		p->featureIndex = 0;
	}
	else if (lowCount == 2)
	{
		p->feature = NP_MESH_EDGE;
		p->featureIndex = !low[0] ? 1 : (!low[1] ? 2 : 0);
	}
	else
	{
		p->feature = NP_MESH_VERTEX;
		p->featureIndex = low[0] ? 0 : (low[1] ? 1 : 2);
	}
	p->v[0] = v[0];
	p->v[1] = v[1];
	p->v[2] = v[2];
	p->mesh = mesh;
	p->triangle = triangle;
	p->normal = m.normal;
	double deepest = -DBL_MAX;
	for (int i = 0; i < m.pointCount; ++i)
	{
		Point* pt = s->points + p->pointStart + i;
		pt->pointA = m.points[i].pointA;
		pt->pointB = m.points[i].pointB;
		pt->depth = m.points[i].depth;
		deepest = np3Max(deepest, pt->depth);
	}
	p->pointCount = m.pointCount;
	p->key = -deepest;
	commitPotential(s, p);
}

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
// the sphere's reach (with the query box's slack) holds no triangle sphereTriangle would keep.
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
FORCE_INLINE bool triangleOutside(npVec3 a, npVec3 b, npVec3 c, npVec3 lower, npVec3 upper)
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
// sphere's reach: a leaf this test rejects holds no triangle sphereTriangle would keep. Same
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

// Sphere against the triangles of the given leaves of a mesh placed at the identity (mesh space is
// world space): leaves beyond the sphere's reach are skipped, triangles whose boxes miss the query
// box too, then the same contact as sphereTriangle's (sphereContact), without copying the triangle
// into the potential contact.
static int sphereLeavesIdentity(Scratch* s, const ShapeInfo* info, const npMesh3* mesh, int meshIndex,
								const int32_t* leaves, int leafCount, npVec3 lower, npVec3 upper, double reach2)
{
	const npVec3* vertices = mesh->vertices;
	const int32_t* triangles = mesh->triangles;
	const npMeshPackedNode3* nodes = mesh->packedNodes;
	npVec3 c = info->centre;
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
			Potential* p = sphereContact(s, info, v, n, meshIndex);
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
static int shapeLeaves(Scratch* s, const ShapeInfo* info, const npMeshInstance3* inst, int meshIndex,
					   const int32_t* leaves, int leafCount, npVec3 lower, npVec3 upper, npVec3 centre,
					   double reach2, bool identity)
{
	const npMesh3* mesh = inst->mesh;
	const npVec3* vertices = mesh->vertices;
	const int32_t* triangles = mesh->triangles;
	npShapeType3 type = info->shape->type;
	bool sphere = type == NP_SHAPE_SPHERE;
	int candidates = 0;
	for (int l = 0; l < leafCount; ++l)
	{
		const npMeshNode3* node = mesh->nodes + leaves[l];
		// Spheres: a leaf in a corner of the query box but beyond the sphere's reach is skipped
		// whole (sphereTriangle would reject all its triangles).
		if (sphere && nodeDistanceSq(node, centre) > reach2)
			continue;
		for (int i = node->index; i < node->index + node->count; ++i)
		{
			const int32_t* t = triangles + 3 * i;
			// The tests read the mesh's vertices in place; only candidates are copied (into v) for
			// the per-triangle routines (in WebAssembly the copy is a round trip through memory).
			npVec3 v0 = vertices[t[0]], v1 = vertices[t[1]], v2 = vertices[t[2]];
			if (triangleOutside(v0, v1, v2, lower, upper))
				continue;
			++candidates;
			npVec3 v[3] = { v0, v1, v2 };
			npVec3 n = mesh->normals[i];
			if (!identity)
			{
				for (int k = 0; k < 3; ++k)
					v[k] = npTransformPoint3(inst->transform, v[k]);
				n = npRotate3(inst->transform.q, n);
			}
			int countBefore = s->potentialCount;
			if (type == NP_SHAPE_SPHERE)
				sphereTriangle(s, info, v, n, meshIndex, mesh->triangleIds[i]);
			else if (type == NP_SHAPE_CAPSULE3)
				capsuleTriangle(s, info, v, n, meshIndex, mesh->triangleIds[i]);
			else
				genericTriangle(s, info, v, n, meshIndex, mesh->triangleIds[i], inst, i);
			if (s->potentialCount > countBefore)
			{
				Potential* p = s->potentials + countBefore;
				p->welded[0] = p->ids[0] = t[0];
				p->welded[1] = p->ids[1] = t[1];
				p->welded[2] = p->ids[2] = t[2];
			}
		}
	}
	return candidates;
}

static int gatherMesh(Scratch* s, const ShapeInfo* info, const npMeshInstance3* inst, int meshIndex)
{
	const npMesh3* mesh = inst->mesh;
	bool identity = isIdentity(inst->transform);
	// At the identity, mesh space is world space (inv(I) * xf is xf up to the sign of zeros, which
	// the bounds below cannot see).
	npTransform3 rel = identity ? info->xf : npInvMulTransforms3(inst->transform, info->xf);
	npVec3 lower, upper;
	shapeBounds(info->shape, rel, info->margin, &lower, &upper);
	bool sphere = info->shape->type == NP_SHAPE_SPHERE;
	npVec3 centre = rel.p; // the sphere's centre in mesh space
	// Squared reach, with the same slack as the query box so that rounding in the mesh-space
	// transform never drops a triangle the exact test in sphereTriangle would keep.
	double reach = info->shape->radius + info->margin + 1e-9 * (1.0 + v3MaxAbs(centre));
	double reach2 = reach * reach;

	// The root's exact (float) box first: a shape away from the mesh stops here. Below it the packed
	// boxes (clamped to the mesh's bounds, so only useful once inside them).
	npFloatBox3 box = outerFloatBox(lower, upper);
	if (!npFloatBoxesOverlap3(mesh->nodes, &box))
		return 0;
	uint64_t boxLower, boxUpper;
	npPackBox3(mesh, lower, upper, &boxLower, &boxUpper);
	Traversal tr;
	tr.top = 0;
	tr.next = 0;
	tr.steps = 0;
	int32_t leaves[LEAF_BATCH];
	int candidates = 0;
	while (tr.top >= 0)
	{
		int leafCount = collectLeaves(mesh, boxLower, boxUpper, &tr, leaves);
		if (sphere && identity)
			candidates += sphereLeavesIdentity(s, info, mesh, meshIndex, leaves, leafCount, lower, upper, reach2);
		else
			candidates += shapeLeaves(s, info, inst, meshIndex, leaves, leafCount, lower, upper, centre, reach2,
									  identity);
	}
	return candidates;
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
FORCE_INLINE void voidTriangle(Scratch* s, const Potential* p)
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

static bool featureVoided(const Scratch* s, const Potential* p)
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
	const Potential* p = s->potentials + index;
	for (int i = 0; i < p->pointCount; ++i)
	{
		if (s->emittedCount >= NP_MESH_MAX_POINTS)
		{
			s->overflow = true;
			return;
		}
		s->emitted[s->emittedCount] = index;
		s->emittedPoint[s->emittedCount] = p->pointStart + i;
		s->emittedCount += 1;
	}
}

// True when potential a goes before b: smaller distance first; at equal distance edges before
// vertices (the order of the paper's initial passes), then gathering order.
static bool before(const Scratch* s, int32_t a, int32_t b)
{
	const Potential* pa = s->potentials + a;
	const Potential* pb = s->potentials + b;
	if (pa->key != pb->key)
		return pa->key < pb->key;
	if (pa->feature != pb->feature)
		return pa->feature < pb->feature;
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
	int n = s->potentialCount;
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
		if (s->potentials[i].feature == NP_MESH_FACE)
		{
			emit(s, i);
			voidTriangle(s, s->potentials + i);
		}
		else
			s->order[delayed++] = i;
	}
	if (algorithm == NP_MESH_TERDIMAN)
	{
		sortDelayed(s, s->order, delayed);
		for (int j = 0; j < delayed; ++j)
		{
			const Potential* p = s->potentials + s->order[j];
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
			const Potential* p = s->potentials + s->order[j];
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
	const Point* pts = s->points;
	int best = 0;
	for (int i = 1; i < count; ++i)
		if (pts[s->emittedPoint[group[i]]].depth > pts[s->emittedPoint[group[best]]].depth)
			best = i;
	int chosen[4] = { best, -1, -1, -1 };
	npVec3 p0 = pts[s->emittedPoint[group[best]]].pointB;
	npVec3 normal = s->potentials[s->emitted[group[best]]].normal;

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

npResult npMeshContacts3(const npShape3* shape, npTransform3 transform,
						 const npMeshInstance3* meshes, int meshCount, const npMeshQuery3* query,
						 npMeshContact3* contacts, int capacity, int* count,
						 npMeshContactsInfo3* info)
{
	if (count != NULL)
		*count = 0;
	if (info != NULL)
		*info = (npMeshContactsInfo3){ 0, 0, 0, false };
	if (shape == NULL || count == NULL || meshCount < 0 || (meshCount > 0 && meshes == NULL) ||
		capacity < 0 || (capacity > 0 && contacts == NULL))
		return NP_ERR_INVALID_ARGUMENT;
	if (shape->type != NP_SHAPE_SPHERE && shape->type != NP_SHAPE_CAPSULE3 &&
		shape->type != NP_SHAPE_BOX3 && !(shape->type == NP_SHAPE_HULL3 && shape->hull != NULL))
		return NP_ERR_INVALID_ARGUMENT;
	npMeshQuery3 q = query != NULL ? *query : npDefaultMeshQuery3();
	if (!finiteValue(q.margin) || !finiteValue(q.featureTolerance))
		return NP_ERR_NON_FINITE;
	if (q.margin < 0.0 || q.featureTolerance < 0.0 || (unsigned)q.algorithm > NP_MESH_ALL_CONTACTS)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = checkTransform(transform);
	if (r != NP_OK)
		return r;
	for (int i = 0; i < meshCount; ++i)
	{
		if (meshes[i].mesh == NULL)
			return NP_ERR_INVALID_ARGUMENT;
		r = checkTransform(meshes[i].transform);
		if (r != NP_OK)
			return r;
	}

	Scratch s;
	s.potentialCount = 0;
	s.pointCount = 0;
	s.emittedCount = 0;
	s.overflow = false;

	ShapeInfo si;
	si.shape = shape;
	si.xf = transform;
	si.margin = q.margin;
	si.meshes = meshes;
	si.meshCount = meshCount;
	si.featureTolerance = q.featureTolerance;
	si.removal = q.algorithm != NP_MESH_ALL_CONTACTS;
	si.centre = transform.p;
	if (shape->type == NP_SHAPE_HULL3)
		si.centre = npTransformPoint3(transform, shape->hull->centroid);
	// World-space data for the shape's own per-triangle routine (nothing extra for spheres).
	si.cornerCount = 0;
	if (shape->type == NP_SHAPE_CAPSULE3)
	{
		si.segment[0] = npTransformPoint3(transform, (npVec3){ 0.0, -shape->halfHeight, 0.0 });
		si.segment[1] = npTransformPoint3(transform, (npVec3){ 0.0, shape->halfHeight, 0.0 });
	}
	else if (shape->type == NP_SHAPE_BOX3)
	{
		si.axes[0] = npRotate3(transform.q, (npVec3){ 1.0, 0.0, 0.0 });
		si.axes[1] = npRotate3(transform.q, (npVec3){ 0.0, 1.0, 0.0 });
		si.axes[2] = npRotate3(transform.q, (npVec3){ 0.0, 0.0, 1.0 });
		si.half[0] = shape->halfExtents.x;
		si.half[1] = shape->halfExtents.y;
		si.half[2] = shape->halfExtents.z;
		for (int i = 0; i < 8; ++i)
		{
			npVec3 local = { i & 1 ? si.half[0] : -si.half[0], i & 2 ? si.half[1] : -si.half[1],
							 i & 4 ? si.half[2] : -si.half[2] };
			si.corners[si.cornerCount++] = npTransformPoint3(transform, local);
		}
	}
	else if (shape->type == NP_SHAPE_HULL3)
	{
		for (int i = 0; i < shape->hull->vertexCount && i < NP_MAX_HULL_VERTICES; ++i)
			si.corners[si.cornerCount++] = npTransformPoint3(transform, shape->hull->vertices[i]);
	}

	int candidates = 0;
	for (int i = 0; i < meshCount; ++i)
		candidates += gatherMesh(&s, &si, meshes + i, i);

	// Feature ids (section 6). Features are matched by position: vertices of the potential contacts
	// within featureTolerance of each other get one id (position classes through a hash grid). When
	// every potential contact comes from one mesh whose weld tolerance is at least featureTolerance,
	// the welded indices are exactly those classes (distinct welded vertices are more than the weld
	// tolerance apart, and welded copies share one position), so they are used directly (the
	// gathering already stored them as the ids).
	int n = s.potentialCount;
	if (q.algorithm != NP_MESH_ALL_CONTACTS && n > 0)
	{
		bool oneMesh = true;
		for (int i = 1; i < n && meshCount > 1; ++i)
			oneMesh = oneMesh && s.potentials[i].mesh == s.potentials[0].mesh;
		if (!oneMesh || meshes[s.potentials[0].mesh].mesh->weldTolerance < q.featureTolerance)
		{
			double maxAbs = 0.0;
			for (int i = 0; i < n; ++i)
			{
				Potential* p = s.potentials + i;
				if (p->stored >= 0) // a mesh at the identity: world space is mesh space
					for (int k = 0; k < 3; ++k)
						p->v[k] = meshes[p->mesh].mesh->vertices[p->welded[k]];
				for (int k = 0; k < 3; ++k)
					maxAbs = np3Max(maxAbs, v3MaxAbs(p->v[k]));
			}
			npPointHash3 hash;
			npPointHashInit3(&hash, s.slots, npNextPow2Mesh(6 * (uint64_t)n), s.classLinks, s.classPoints,
							 q.featureTolerance, maxAbs);
			for (int i = 0; i < n; ++i)
				for (int k = 0; k < 3; ++k)
					s.potentials[i].ids[k] = npPointHashAdd3(&hash, s.potentials[i].v[k]);
		}
		s.small = n <= SMALL_POTENTIAL;
		s.voidCount = 0;
		if (!s.small)
		{
			uint64_t slots = npNextPow2Mesh(12 * (uint64_t)n);
			s.voidMask = slots - 1;
			for (uint64_t i = 0; i < slots; ++i)
				s.voidKeys[i] = 0;
		}
	}

	int removed = 0;
	runAlgorithm(&s, q.algorithm, &removed);

	// Output (optionally reduced per mesh).
	int written = 0;
	int32_t group[NP_MESH_MAX_POINTS];
	int32_t selected[NP_MESH_MAX_POINTS];
	int selectedCount = 0;
	if (q.reduce)
	{
		// Meshes in index order; each group keeps emission order before reduction.
		for (int m = 0; m < meshCount; ++m)
		{
			int g = 0;
			for (int e = 0; e < s.emittedCount; ++e)
				if (s.potentials[s.emitted[e]].mesh == m)
					group[g++] = e;
			if (g == 0)
				continue;
			int32_t out4[4];
			int k = reduceGroup(&s, group, g, out4);
			for (int i = 0; i < k; ++i)
				selected[selectedCount++] = out4[i];
		}
	}
	else
		selectedCount = s.emittedCount; // every emitted point, in order (selected[] unused)
	for (int i = 0; i < selectedCount; ++i)
	{
		if (written >= capacity)
		{
			s.overflow = true;
			break;
		}
		int e = q.reduce ? selected[i] : i;
		const Potential* p = s.potentials + s.emitted[e];
		const Point* pt = s.points + s.emittedPoint[e];
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
	*count = written;
	if (info != NULL)
		*info = (npMeshContactsInfo3){ candidates, n, removed, s.overflow };
	return s.overflow ? NP_ERR_CAPACITY : NP_OK;
}
