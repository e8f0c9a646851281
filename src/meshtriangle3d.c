// Per-triangle contacts of npMeshContacts3 (Pierre Terdiman, "Contact generation for meshes"): the
// shape against one triangle of a mesh, giving the potential contact and the triangle feature
// (face, edge or vertex) it touches. The midphase (meshgather3d.c) hands the triangles over in world
// space; Terdiman's pass (meshcontacts3d.c) then decides which potential contacts are kept.
//
// Outline:
//  - Every routine starts with back-face culling (the shape's centre behind the triangle's plane).
//  - Spheres (meshcontacts3d_private.h, inline for the midphase's sphere loop) use the closest point
//    on the triangle: its Voronoi region gives face / edge / vertex.
//  - Capsules use the closest points between their core segment and the triangle (the segment
//    crossing the triangle, an endpoint against the triangle, or the segment against an edge). A
//    face contact is the part of the segment above the triangle, as up to two points.
//  - Boxes and hulls use the library's manifold routine (npCollide3 against the triangle) and read
//    the feature off the contact normal: the triangle vertices extreme along the normal are the
//    touched feature (three: the face, two: an edge, one: a vertex). An edge or vertex that is
//    internal (internalFeature) cannot carry a contact: it becomes the triangle's face contact.
//  - Triangles farther than the margin are dropped; the rest are "potential contacts" keyed by
//    their distance (negative when penetrating).
#include "narrowphase/manifold3d.h"

#include "meshcontacts3d_private.h"

#include <float.h>
#include <math.h>

// ------------------------------------------------------------------------------------------------
// Capsules.

// The closest points between a capsule's core segment and a triangle, and the triangle feature the
// triangle's point lies on (index 0 for the face).
typedef struct SegmentClosest
{
	double distance;
	npMeshFeature3 feature;
	int index;
	npVec3 onSegment;
	npVec3 onTriangle;
} SegmentClosest;

// Keeps `candidate` when it is closer than `best` by more than `slack`, or as close within it and
// on a lower feature (face before edge before vertex).
static void keepCloser(SegmentClosest* best, SegmentClosest candidate, double slack)
{
	if (candidate.distance < best->distance - slack ||
		(candidate.distance <= best->distance + slack && candidate.feature < best->feature))
		*best = candidate;
}

// Segment p0 p1 (its ends at heights h0, h1 over the triangle's plane) against triangle v with unit
// normal n: the segment crossing the triangle, an endpoint against the triangle, or the segment
// against one of the three edges.
static SegmentClosest segmentTriangleClosest(npVec3 p0, npVec3 p1, const npVec3 v[3], npVec3 n, double h0,
											 double h1)
{
	if ((h0 <= 0.0 && h1 >= 0.0) || (h0 >= 0.0 && h1 <= 0.0))
	{
		double t = h0 != h1 ? h0 / (h0 - h1) : 0.0;
		npVec3 x = v3MulAdd(p0, t, v3Sub(p1, p0));
		npTrianglePoint3 onTriangle = npClosestOnTriangleFeature3(x, v, n);
		if (onTriangle.feature == NP_TRIANGLE_FACE3)
			return (SegmentClosest){ 0.0, NP_MESH_FACE, 0, x, onTriangle.point };
	}

	SegmentClosest best = { DBL_MAX, NP_MESH_FACE, 0, p0, p0 };
	double scale = 1e-12 * (1.0 + v3MaxAbs(v3Sub(p1, p0)) + v3MaxAbs(v3Sub(v[1], v[0])));
	for (int e = 0; e < 2; ++e)
	{
		npVec3 p = e == 0 ? p0 : p1;
		npTrianglePoint3 c = npClosestOnTriangleFeature3(p, v, n);
		npMeshFeature3 feature = (npMeshFeature3)c.feature;
		keepCloser(&best, (SegmentClosest){ v3Length(v3Sub(c.point, p)), feature, c.index, p, c.point }, scale);
	}
	for (int e = 0; e < 3; ++e)
	{
		double sv, tv;
		npClosestSegments3(p0, p1, v[e], v[(e + 1) % 3], &sv, &tv);
		npVec3 a = v3MulAdd(p0, sv, v3Sub(p1, p0));
		npVec3 c = v3MulAdd(v[e], tv, v3Sub(v[(e + 1) % 3], v[e]));
		npMeshFeature3 f = tv > 0.0 && tv < 1.0 ? NP_MESH_EDGE : NP_MESH_VERTEX;
		int k = tv >= 1.0 ? (e + 1) % 3 : e;
		keepCloser(&best, (SegmentClosest){ v3Length(v3Sub(c, a)), f, f == NP_MESH_EDGE ? e : k, a, c }, scale);
	}
	return best;
}

// A face contact's points: the part of the core segment above the triangle (clipped by the
// triangle's side planes through its edges) as up to two points within reach, so a capsule lying
// on the ground rests on both ends. Returns their number (at least one).
static int capsuleFacePoints(npMeshPoint3* pts, const npMeshShapeInfo3* info, const npMeshTriangle3* tri,
							 const SegmentClosest* closest)
{
	double r = info->shape->radius, reach = r + info->margin;
	npVec3 p0 = info->segment[0], p1 = info->segment[1];
	const npVec3* v = tri->v;
	npVec3 n = tri->n;
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
		double hq = v3Dot(v3Sub(closest->onSegment, v[0]), n);
		pts[0].pointA = v3MulAdd(closest->onSegment, -r, n);
		pts[0].pointB = closest->onTriangle;
		pts[0].depth = r - hq;
		count = 1;
	}
	return count;
}

// Capsule against one triangle: the closest points between the core segment and the triangle, with
// the triangle feature they lie on. A face contact gives up to two points (capsuleFacePoints); edge
// and vertex contacts give one point.
void npMeshCapsuleTriangle3(npMeshPool3* pool, const npMeshShapeInfo3* info, const npMeshTriangle3* tri)
{
	double r = info->shape->radius, reach = r + info->margin;
	npVec3 p0 = info->segment[0], p1 = info->segment[1];
	const npVec3* v = tri->v;
	npVec3 n = tri->n;
	if (v3Dot(v3Sub(info->centre, v[0]), n) < 0.0)
		return; // back-face culling
	double h0 = v3Dot(v3Sub(p0, v[0]), n), h1 = v3Dot(v3Sub(p1, v[0]), n);
	if (h0 > reach && h1 > reach)
		return;

	SegmentClosest closest = segmentTriangleClosest(p0, p1, v, n, h0, h1);
	if (closest.distance > reach)
		return;

	npMeshPotential3* p = npMeshNewPotential3(pool, 2);
	if (p == NULL)
		return;
	npMeshSetTriangle3(p, tri);
	p->key = closest.distance - r;
	p->feature = closest.feature;
	p->featureIndex = closest.index;
	npMeshPoint3* pts = pool->points + p->pointStart;
	if (closest.feature == NP_MESH_FACE)
	{
		p->normal = npMeshFlip3(n);
		p->pointCount = capsuleFacePoints(pts, info, tri, &closest);
	}
	else
	{
		npVec3 d = v3Sub(closest.onTriangle, closest.onSegment);
		p->normal = closest.distance > 1e-150 ? v3Scale(1.0 / closest.distance, d) : npMeshFlip3(n);
		pts[0].pointA = v3MulAdd(closest.onSegment, r, p->normal);
		pts[0].pointB = closest.onTriangle;
		pts[0].depth = r - closest.distance;
		p->pointCount = 1;
	}
	npMeshCommitPotential3(pool, p);
}

// ------------------------------------------------------------------------------------------------
// Internal features.

// Whether a mesh instance's transform moves anything: not the identity (a terrain placed as it
// is). The tests below only compare positions and signs, and the identity gives back each point
// with at most the sign of a zero changed, so they skip it and give the same answers.
static bool movesPoints(const npMeshInstance3* inst)
{
	npTransform3 xf = inst->transform;
	return !(xf.p.x == 0.0 && xf.p.y == 0.0 && xf.p.z == 0.0 && xf.q.x == 0.0 && xf.q.y == 0.0 && xf.q.z == 0.0 &&
			 xf.q.w == 1.0);
}

// A mesh vertex in world space (skipping an identity transform, see movesPoints).
static inline npVec3 placedPoint(const npMeshInstance3* inst, bool moves, npVec3 p)
{
	return moves ? npTransformPoint3(inst->transform, p) : p;
}

// Position match within the feature tolerance (each coordinate).
static bool samePoint(npVec3 p, npVec3 q, double tol)
{
	return fabs(p.x - q.x) <= tol && fabs(p.y - q.y) <= tol && fabs(p.z - q.z) <= tol;
}

// True when a vertex feature (count 1: a) or edge feature (count 2: a, b) of a triangle with unit
// normal n is internal: it is surrounded by triangles (an edge shared by two, a vertex whose fan
// closes: every edge around it shared by two, once each way), found by position within
// featureTolerance in any of the query's meshes, that face the shape (behindNeighbour), and none of
// them reaches below the triangle's plane. Its neighbours are then
// coplanar or fold upwards (flat or concave), so the feature's Voronoi region holds no normal but
// the faces' (Terdiman's principle: a contact whose feature is internal is a ghost). A convex
// feature (a cliff's rim, a box's corner) has a neighbour going down, and a border feature (an
// open edge, a vertex on the mesh's boundary) has no neighbour beyond: both keep their contacts.
// The neighbours come from a small midphase query around the feature in each mesh; a query that
// overflows its buffer counts as convex (the contact is kept, as without this test).
#define FAN_MAX 32
// A triangle sharing edge ab that lies flat on the same side of it as c (the triangle itself, a
// duplicate of it, or one folded flat back over it) covers nothing across the edge: a mesh with
// every triangle given twice made every edge "internal", and a shape cast straight through the
// edge of such a platform (fuzz_meshcasts3d).
static bool flatOnSide(npVec3 a, npVec3 b, npVec3 c, npVec3 third, npVec3 n, double below)
{
	npVec3 e = v3Sub(b, a);
	double h = v3Dot(v3Sub(third, a), n);
	double sideThird = v3Dot(v3Cross(e, v3Sub(third, a)), n), sideC = v3Dot(v3Cross(e, v3Sub(c, a)), n);
	return h <= -below && sideThird * sideC > 0.0;
}

// A neighbour covers the feature only for a shape in front of it: one whose centre is behind the
// neighbour's plane (the one-sided culling skips that neighbour for it) meets the feature from
// behind the neighbour, where nothing covers it, so its contact there is genuine. A flat hull
// standing in a concave seam, its centre behind one triangle and in front of the other, touched
// the seam edge of the other and went 3.3 deep into it when that contact was taken for a ghost
// (fuzz_meshcasts3d). `normal` is the neighbour's unit normal in world space; a centre behind a
// coplanar neighbour by rounding only (its own triangle keeps it in front) still counts as in front.
static bool behindNeighbour(const npMeshShapeInfo3* info, npVec3 onNeighbour, npVec3 normal)
{
	npVec3 d = v3Sub(info->centre, onNeighbour);
	return v3Dot(d, normal) < -1e-9 * v3MaxAbs(d);
}

// A stored triangle's unit normal in world space.
static inline npVec3 placedNormal(const npMeshInstance3* inst, bool moves, int stored)
{
	npVec3 n = inst->mesh->normals[stored];
	return moves ? npRotate3(inst->transform.q, n) : n;
}

// Whether the triangles around a vertex a close a fan, as a surface does: each one's edge leaving
// a (a -> rim[2f]) is the edge entering a (rim[2g + 1] -> a) of another, and every one faces the
// shape. Winding matters: three coplanar triangles folded over one wedge (one covering the two
// others) use each edge from a twice, but two of them in the same direction, and a is then on the
// wedge's border; read as internal, a shape cast into it along the plane passed through
// (fuzz_meshcasts3d).
static bool closedFan(const npVec3* rim, const bool* facing, int fan, double tol)
{
	for (int f = 0; f < fan; ++f)
	{
		bool leaves = false, enters = false;
		for (int g = 0; g < fan; ++g)
		{
			leaves = leaves || (g != f && samePoint(rim[2 * f], rim[2 * g + 1], tol));
			enters = enters || (g != f && samePoint(rim[2 * f + 1], rim[2 * g], tol));
		}
		if (!facing[f] || !leaves || !enters)
			return false; // an open edge (a is on the boundary) or a place behind the shape
	}
	return fan >= 3;
}

static bool internalFeature(const npMeshShapeInfo3* info, npVec3 a, npVec3 b, npVec3 c, int count, npVec3 n,
							double scale)
{
	double tol = info->featureTolerance;
	double below = -1e-9 * scale; // vertices at most this far below the plane count as on it
	int32_t found[64];
	npVec3 rim[2 * FAN_MAX]; // vertex: the two other corners of each triangle around a
	bool facing[FAN_MAX];    // ... and whether one of its copies faces the shape
	int fan = 0, across = 0;
	for (int j = 0; j < info->meshCount; ++j)
	{
		const npMeshInstance3* inst = info->meshes + j;
		bool moves = movesPoints(inst);
		npVec3 la = moves ? npInvTransformPoint3(inst->transform, a) : a;
		npVec3 lb = count == 2 ? (moves ? npInvTransformPoint3(inst->transform, b) : b) : la;
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
			int at = -1, atB = -1;
			for (int m = 0; m < 3; ++m)
			{
				w[m] = placedPoint(inst, moves, w[m]);
				if (at < 0 && samePoint(w[m], a, tol))
					at = m;
				else if (count == 2 && samePoint(w[m], b, tol))
					atB = m;
			}
			if (at < 0 || (count == 2 && atB < 0))
				continue; // not around the feature
			for (int m = 0; m < 3; ++m)
				if (v3Dot(v3Sub(w[m], a), n) < below)
					return false; // a neighbour goes down: convex
			bool faces = !behindNeighbour(info, a, placedNormal(inst, moves, found[i]));
			if (count == 2)
			{
				across += faces && !flatOnSide(a, b, c, w[3 - at - atB], n, below) ? 1 : 0;
				continue;
			}
			// A triangle already in the fan (a duplicate, either winding) closes nothing new; the
			// place covers the shape when one of its copies faces it (a double-sided mesh).
			npVec3 r0 = w[(at + 1) % 3], r1 = w[(at + 2) % 3];
			int f = 0;
			while (f < fan && !((samePoint(rim[2 * f], r0, tol) && samePoint(rim[2 * f + 1], r1, tol)) ||
								(samePoint(rim[2 * f], r1, tol) && samePoint(rim[2 * f + 1], r0, tol))))
				++f;
			if (f == fan)
			{
				if (fan >= FAN_MAX)
					return false;
				rim[2 * f] = r0;
				rim[2 * f + 1] = r1;
				facing[fan++] = false;
			}
			if (faces && !facing[f])
			{
				rim[2 * f] = r0; // the copy facing the shape gives the winding
				rim[2 * f + 1] = r1;
				facing[f] = true;
			}
		}
	}
	if (count == 2)
		return across >= 1; // a neighbour across the edge that faces the shape, none going down
	return closedFan(rim, facing, fan, tol);
}

// internalFeature's answer from the mesh's own adjacency, without queries, where it is the same:
// one mesh in the query, welded at least as finely as features are matched (so its welded vertices
// are the position classes), and the edge's neighbour or the vertex's closed fan found by walking
// the neighbour links. Returns 1 (internal), 0 (not), or -1 when the walk cannot tell (a border,
// a non-manifold edge): then internalFeature decides.
static int internalByAdjacency(const npMeshShapeInfo3* info, const npMeshInstance3* inst, int stored, int k, int count,
							   npVec3 n, double scale)
{
	const npMesh3* mesh = inst->mesh;
	if (info->meshCount != 1 || mesh->weldTolerance < info->featureTolerance)
		return -1;
	double below = -1e-9 * scale;
	const int32_t* tris = mesh->triangles;
	bool moves = movesPoints(inst);
	npVec3 a = placedPoint(inst, moves, mesh->vertices[tris[3 * stored + k]]);
	if (count == 2)
	{
		int32_t u = mesh->neighbours[3 * stored + k];
		if (u < 0)
			return -1;
		int32_t ea = tris[3 * stored + k], eb = tris[3 * stored + (k + 1) % 3];
		npVec3 b = placedPoint(inst, moves, mesh->vertices[eb]);
		npVec3 c = placedPoint(inst, moves, mesh->vertices[tris[3 * stored + (k + 2) % 3]]);
		if (behindNeighbour(info, a, placedNormal(inst, moves, u)))
			return -1; // the positions decide (a copy facing the shape may cover the edge)
		for (int m = 0; m < 3; ++m)
		{
			int32_t vm = tris[3 * u + m];
			npVec3 p = placedPoint(inst, moves, mesh->vertices[vm]);
			if (v3Dot(v3Sub(p, a), n) < below)
				return 0;
			if (vm != ea && vm != eb && flatOnSide(a, b, c, p, n, below))
				return -1; // the linked neighbour is a duplicate: the positions decide
		}
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
			return step >= 2 ? 1 : -1; // closed, nothing below (two triangles closing a "fan": a duplicate pair)
		int m = tris[3 * next] == w ? 0 : (tris[3 * next + 1] == w ? 1 : (tris[3 * next + 2] == w ? 2 : -1));
		if (m < 0)
			return -1;
		if (behindNeighbour(info, a, placedNormal(inst, moves, next)))
			return -1; // as for an edge
		for (int c = 0; c < 3; ++c)
			if (v3Dot(v3Sub(placedPoint(inst, moves, mesh->vertices[tris[3 * next + c]]), a), n) < below)
				return 0;
		u = next;
		j = m;
	}
	return -1;
}

// ------------------------------------------------------------------------------------------------
// Boxes and hulls.

// Cheap separating-axis rejections of a box before the full manifold (exact, no tolerance needed
// beyond the margin): the triangle's plane (h: the box centre's height over it), then the box's
// three face axes.
static bool boxSeparated(const npMeshShapeInfo3* info, const npMeshTriangle3* tri, double h)
{
	const npVec3* v = tri->v;
	double extent = 0.0;
	for (int a = 0; a < 3; ++a)
		extent += fabs(v3Dot(info->axes[a], tri->n)) * info->half[a];
	if (h - extent > info->margin)
		return true;
	for (int a = 0; a < 3; ++a)
	{
		double p0 = v3Dot(v3Sub(v[0], info->centre), info->axes[a]);
		double p1 = v3Dot(v3Sub(v[1], info->centre), info->axes[a]);
		double p2 = v3Dot(v3Sub(v[2], info->centre), info->axes[a]);
		double lim = info->half[a] + info->margin;
		if (np3Min(p0, np3Min(p1, p2)) > lim || np3Max(p0, np3Max(p1, p2)) < -lim)
			return true;
	}
	return false;
}

// The triangle feature a manifold touches: the vertices nearest the shape along its normal.
typedef struct Touched
{
	int count;    // 3: the face, 2: an edge, 1: a vertex
	int index;    // edge k (v[k] -> v[k+1]) or vertex k; 0 for the face
	double scale; // the triangle's size (largest edge coordinate), for the tolerances
} Touched;

// The triangle vertices nearest the shape along `normal`, within a relative tolerance (edge
// contacts have a normal exactly perpendicular to the edge up to rounding).
static Touched touchedFeature(const npVec3 v[3], npVec3 normal)
{
	double sv[3], smin = DBL_MAX, scale = 0.0;
	for (int k = 0; k < 3; ++k)
	{
		sv[k] = v3Dot(v[k], normal);
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
	int index = lowCount == 2 ? (!low[0] ? 1 : (!low[1] ? 2 : 0)) : (low[0] ? 0 : (low[1] ? 1 : 2));
	return (Touched){ lowCount, index, scale };
}

// True when the touched edge or vertex is internal: from the mesh's adjacency when that can tell,
// else from the neighbours found around it.
static bool touchedInternal(const npMeshShapeInfo3* info, const npMeshTriangle3* tri, Touched touched)
{
	const npVec3* v = tri->v;
	int k = touched.index;
	int known = internalByAdjacency(info, tri->inst, tri->stored, k, touched.count, tri->n, touched.scale);
	return known > 0 ||
		   (known < 0 && internalFeature(info, v[k], v[(k + 1) % 3], v[(k + 2) % 3], touched.count, tri->n, touched.scale));
}

// The same test for callers outside npMeshContacts3 (the mesh shape cast): the touched feature is
// found from `normal` (shape toward mesh), and tells whether it is the face (3), an edge or vertex.
bool npMeshTouchedInternal3(const npMeshInstance3* meshes, int meshCount, double featureTolerance, npVec3 centre,
							const npMeshTriangle3* tri, npVec3 normal, int* touchedCount)
{
	Touched touched = touchedFeature(tri->v, normal);
	*touchedCount = touched.count;
	if (touched.count == 3)
		return false;
	npMeshShapeInfo3 info;
	info.meshes = meshes;
	info.meshCount = meshCount;
	info.featureTolerance = featureTolerance;
	info.centre = centre;
	return touchedInternal(&info, tri, touched);
}

// The shape's corners that replace a ghost contact with a face contact: below the triangle's plane
// (within the margin) and over the triangle, the deepest NP_MAX_MANIFOLD_POINTS3 of them.
typedef struct FaceCorners
{
	int count;
	int corner[NP_MAX_MANIFOLD_POINTS3];    // index in info->corners, deepest first
	double height[NP_MAX_MANIFOLD_POINTS3]; // over the triangle's plane
} FaceCorners;

static void cornersOverTriangle(const npMeshShapeInfo3* info, const npMeshTriangle3* tri, double scale,
								FaceCorners* out)
{
	const npVec3* v = tri->v;
	npVec3 n = tri->n;
	out->count = 0;
	for (int i = 0; i < info->cornerCount; ++i)
	{
		npVec3 c = info->corners[i];
		double hc = v3Dot(v3Sub(c, v[0]), n);
		if (hc > info->margin)
			continue;
		// Over the triangle, its border included (with a rounding allowance, so that a corner right
		// above a shared edge or vertex is claimed by its triangles, not by none).
		bool inside = true;
		for (int e = 0; e < 3 && inside; ++e)
			inside = v3Dot(v3Cross(v3Sub(v[(e + 1) % 3], v[e]), v3Sub(c, v[e])), n) >= -1e-12 * scale * scale;
		if (!inside)
			continue;

		// Keep the deepest NP_MAX_MANIFOLD_POINTS3 corners (insertion by depth).
		int at = out->count < NP_MAX_MANIFOLD_POINTS3 ? out->count++ : NP_MAX_MANIFOLD_POINTS3;
		while (at > 0 && out->height[at - 1] > hc)
		{
			if (at < NP_MAX_MANIFOLD_POINTS3)
			{
				out->height[at] = out->height[at - 1];
				out->corner[at] = out->corner[at - 1];
			}
			--at;
		}
		if (at < NP_MAX_MANIFOLD_POINTS3)
		{
			out->height[at] = hc;
			out->corner[at] = i;
		}
	}
}

// The face contact made of the corners.
static void addFaceCorners(npMeshPool3* pool, const npMeshShapeInfo3* info, const npMeshTriangle3* tri,
						   const FaceCorners* corners)
{
	npMeshPotential3* p = npMeshNewPotential3(pool, corners->count);
	if (p == NULL)
		return;
	p->feature = NP_MESH_FACE;
	p->featureIndex = 0;
	npMeshSetTriangle3(p, tri);
	p->normal = npMeshFlip3(tri->n);
	for (int i = 0; i < corners->count; ++i)
	{
		npMeshPoint3* pt = pool->points + p->pointStart + i;
		npVec3 c = info->corners[corners->corner[i]];
		pt->pointA = c;
		pt->pointB = v3MulAdd(c, -corners->height[i], tri->n);
		pt->depth = -corners->height[i];
	}
	p->pointCount = corners->count;
	p->key = corners->height[0];
	npMeshCommitPotential3(pool, p);
}

// The manifold's contact, on the feature it touches.
static void addManifold(npMeshPool3* pool, const npMeshTriangle3* tri, const npManifold3* m, Touched touched)
{
	npMeshPotential3* p = npMeshNewPotential3(pool, m->pointCount);
	if (p == NULL)
		return;
	p->feature = touched.count == 3 ? NP_MESH_FACE : (touched.count == 2 ? NP_MESH_EDGE : NP_MESH_VERTEX);
	p->featureIndex = touched.index;
	npMeshSetTriangle3(p, tri);
	p->normal = m->normal;
	double deepest = -DBL_MAX;
	for (int i = 0; i < m->pointCount; ++i)
	{
		npMeshPoint3* pt = pool->points + p->pointStart + i;
		pt->pointA = m->points[i].pointA;
		pt->pointB = m->points[i].pointB;
		pt->depth = m->points[i].depth;
		deepest = np3Max(deepest, pt->depth);
	}
	p->pointCount = m->pointCount;
	p->key = -deepest;
	npMeshCommitPotential3(pool, p);
}

// A ghost contact that overlaps, dropped with no corner over its triangle, kept aside when it is
// the deepest so far (see npMeshPool3.dropped): "the triangles under the corners report them"
// fails where the corners lie under no triangle (a box sunk across a flat two-triangle floor near
// its border, its corners beyond the floor: no contact at all, and the box fell through; 386 of
// 14,126 random overlaps of boxes and hulls with small grids).
static void keepDropped(npMeshPool3* pool, const npMeshTriangle3* tri, const npManifold3* m, Touched touched)
{
	if (pool->potentialCount > 0)
		return; // as keepThrough
	double deepest = -DBL_MAX;
	for (int i = 0; i < m->pointCount; ++i)
		deepest = np3Max(deepest, m->points[i].depth);
	// Only an overlap: a speculative ghost contact (within the margin) is the bump the rule removes.
	if (!(deepest > 0.0) || (pool->hasDropped && !(-deepest < pool->dropped.key)))
		return;
	pool->droppedOffset = 0.0;
	npMeshPotential3* p = &pool->dropped;
	p->stored = -1;
	p->feature = touched.count == 2 ? NP_MESH_EDGE : NP_MESH_VERTEX;
	p->featureIndex = touched.index;
	npMeshSetTriangle3(p, tri);
	p->normal = m->normal;
	for (int i = 0; i < m->pointCount; ++i)
		pool->droppedPoints[i] = (npMeshPoint3){ m->points[i].pointA, m->points[i].pointB, m->points[i].depth };
	p->pointCount = m->pointCount;
	p->key = -deepest;
	pool->hasDropped = true;
}

// The shape overlaps a triangle whose manifold would push it through the triangle's back (its
// shallowest way out is sideways and down: a box 1.5 x 5.4 x 0.9 tilted 1.9 deep into a flat floor,
// its centre 0.54 above; 2,250 of 24,543 random boxes and hulls with a corner below a floor and the
// centre above got no contact and fell through). For the query's last resort (npMeshPool3.dropped)
// the face contact of its deepest corner below the plane: the face normal, the corner, and the
// triangle's point nearest it (on the plane, so the depth is the corner's).
static void keepThrough(npMeshPool3* pool, const npMeshShapeInfo3* info, const npMeshTriangle3* tri)
{
	if (pool->potentialCount > 0)
		return; // a contact is already gathered: the query reports one, no last resort needed
	const npVec3* v = tri->v;
	npVec3 n = tri->n;
	int deepest = -1;
	double low = 0.0;
	for (int i = 0; i < info->cornerCount; ++i)
	{
		double h = v3Dot(v3Sub(info->corners[i], v[0]), n);
		if (h < low)
		{
			low = h;
			deepest = i;
		}
	}
	if (deepest < 0 || (pool->hasDropped && !(low <= pool->dropped.key)))
		return;
	npVec3 c = info->corners[deepest];
	npVec3 under = v3MulAdd(c, -low, n);
	npTrianglePoint3 at = npClosestOnTriangleFeature3(under, v, n);
	// As deep as the one kept (the triangles of a flat floor, one corner): the triangle under the
	// corner, else the nearest, so that the point does not depend on the order the triangles come in.
	double offset = v3Length(v3Sub(at.point, under));
	if (pool->hasDropped && low == pool->dropped.key && !(offset < pool->droppedOffset))
		return;
	pool->droppedOffset = offset;
	npMeshPotential3* p = &pool->dropped;
	p->stored = -1;
	p->feature = NP_MESH_FACE;
	p->featureIndex = 0;
	npMeshSetTriangle3(p, tri);
	p->normal = npMeshFlip3(n);
	pool->droppedPoints[0] = (npMeshPoint3){ c, at.point, -low };
	p->pointCount = 1;
	p->key = low;
	pool->hasDropped = true;
}

// Any other shape (a box or a hull): the manifold against the triangle, then the feature from the
// normal.
void npMeshGenericTriangle3(npMeshPool3* pool, const npMeshShapeInfo3* info, const npMeshTriangle3* tri)
{
	const npVec3* v = tri->v;
	npVec3 n = tri->n;
	double h = v3Dot(v3Sub(info->centre, v[0]), n);
	if (h < 0.0)
		return; // back-face culling
	if (info->shape->type == NP_SHAPE_BOX3 && boxSeparated(info, tri, h))
		return;

	npShape3 triangle;
	if (npMakeTriangle3(v[0], v[1], v[2], &triangle) != NP_OK)
		return;
	npTransform3 identity = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	npManifold3 m = npCollide3(info->shape, info->xf, &triangle, identity, info->margin);
	if (m.pointCount == 0)
		return;
	// A normal leaving through the triangle's front would push the shape through to the back side
	// of a one-sided triangle: not a contact with this triangle (if the query finds none at all, the
	// shape's deepest corner below the plane is pushed out along the face normal: keepThrough).
	if (v3Dot(m.normal, n) > 1e-6)
	{
		keepThrough(pool, info, tri);
		return;
	}

	// Per-triangle SAT knows nothing of the neighbours: a tilted box whose corner pokes into flat
	// tessellated ground can be pushed out of one small triangle sideways (a box face axis, or an
	// edge-edge axis) by less than along the ground's normal; the manifold's normal then tilts and
	// names an edge or vertex of the triangle. When that feature is internal (internalFeature: no
	// neighbour goes below the triangle's plane) the normal lies outside the feature's Voronoi
	// region, so the contact is a ghost: it becomes the triangle's face contact instead, made of the
	// shape's corners below the plane (within the margin) that lie over the triangle's interior, or
	// nothing when no corner does (the triangles under the corners report them; when the query ends
	// with no contact at all, the deepest such ghost contact is reported after all: keepDropped). A
	// convex feature keeps the manifold's edge or vertex contact.
	Touched touched = touchedFeature(v, m.normal);
	if (touched.count != 3 && info->removal && touchedInternal(info, tri, touched))
	{
		FaceCorners corners;
		cornersOverTriangle(info, tri, touched.scale, &corners);
		if (corners.count > 0)
			addFaceCorners(pool, info, tri, &corners);
		else
			keepDropped(pool, tri, &m, touched);
		return;
	}
	addManifold(pool, tri, &m, touched);
}
