// Contact manifolds of the rounded shapes: closed forms for spheres and capsules against each other,
// the closest feature for a sphere against a polyhedron, and the separating-axis test with segment
// clipping for a capsule against a polyhedron.
//  - Sphere and capsule pairs: the closest points of the cores (a point, a segment:
//    closest3d.h), pushed out by the radii. Two capsules with nearly parallel axes overlapping along
//    their length get two points, at the ends of the overlap, so one lying on another does not rock.
//  - Sphere vs polyhedron: the deepest face gives the push-out axis when the centre is inside;
//    outside, the closest point of the faces that see the centre. A box needs no polyhedron view:
//    its deepest face comes from the centre's coordinates and its closest point is the centre
//    clamped to the box (the point the general face walk finds, up to rounding).
//  - Capsule vs polyhedron: the core segment is a degenerate polyhedron whose Gauss map is the great
//    circle perpendicular to it, so the SAT axes are A's face normals (npQueryFacesOf3,
//    npQueryBoxFaces3) and the segment crossed with the edges whose arcs cross that circle. A face
//    axis clips the segment to the face's prism (up to two points); an edge axis gives the closest
//    points of edge and segment. When the cores are apart SAT only bounds their distance, so GJK
//    measures it, except when the capsule's deeper end lies over the SAT face (the resting capsule).
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"
#include "closest3d.h"
#include "gjk3d.h"
#include "codesize.h"

#include <float.h>
#include <stddef.h>

// ---------------------------------------------------------------------------------- spheres, capsules

// Below this fraction of the sizes involved (coordinates and radii) the cores' closest points are
// too close for the direction between them to mean anything: rounding moved them by about 1e-16 of
// the coordinates. The sizes, not 1 + the coordinates: with an absolute 1 two spheres 1e-20 across
// were all taken as concentric (normal A's up axis, depth along it: 0.3 for 0.262).
#define NP_ROUNDED_DIRECTION_TOL 1.0e-12

// Contact between two rounded points (the core features closest to each other): cA on A's core,
// cB on B's core. `fallback` is the normal used when the cores touch.
static npManifold3 roundedPoint(npVec3 cA, double rA, npVec3 cB, double rB, npVec3 fallback,
								double margin, uint32_t id)
{
	npManifold3 m = emptyManifold();
	npVec3 u = v3(0.0, 0.0, 0.0);
	double dist = npLengthAndUnit3(v3Sub(cB, cA), &u);
	double reach = rA + rB + margin;
	if (dist > reach)
		return m;
	double sizes = v3MaxAbs(cA) + v3MaxAbs(cB) + rA + rB;
	npVec3 n = dist > NP_ROUNDED_DIRECTION_TOL * sizes ? u : fallback;
	m.normal = n;
	pushPoint(&m, v3MulAdd(cA, rA, n), v3MulAdd(cB, -rB, n), n, id);
	return m;
}

npManifold3 npCollideSpheres(const npShape3* sphereA, npTransform3 xfA, const npShape3* sphereB,
							 npTransform3 xfB, double margin)
{
	if (sphereA == NULL || sphereB == NULL || sphereA->type != NP_SHAPE_SPHERE ||
		sphereB->type != NP_SHAPE_SPHERE)
		return emptyManifold();
	// Concentric spheres: A's local up axis, a fixed and documented choice.
	npVec3 up = npRotate3(xfA.q, v3(0.0, 1.0, 0.0));
	return roundedPoint(xfA.p, sphereA->radius, xfB.p, sphereB->radius, up, margin, closedFormId(0));
}

npManifold3 npCollideCapsuleAndSphere(const npShape3* capsuleA, npTransform3 xfA,
									  const npShape3* sphereB, npTransform3 xfB, double margin)
{
	if (capsuleA == NULL || sphereB == NULL || capsuleA->type != NP_SHAPE_CAPSULE3 ||
		sphereB->type != NP_SHAPE_SPHERE)
		return emptyManifold();
	npVec3 axis = npRotate3(xfA.q, v3(0.0, capsuleA->halfHeight, 0.0));
	npVec3 a = v3Sub(xfA.p, axis), b = v3Add(xfA.p, axis);
	npVec3 c = npClosestOnSegment3(a, b, xfB.p);
	// Centre on the segment: any direction perpendicular to the capsule's axis.
	npVec3 fallback = npRotate3(xfA.q, v3(1.0, 0.0, 0.0));
	return roundedPoint(c, capsuleA->radius, xfB.p, sphereB->radius, fallback, margin, closedFormId(0));
}

/// Sine of the largest angle between two capsule axes still treated as parallel (two points).
#define NP_CAPSULE_PARALLEL_SIN3 0.005

npManifold3 npCollideCapsules3(const npShape3* capsuleA, npTransform3 xfA, const npShape3* capsuleB,
							   npTransform3 xfB, double margin)
{
	if (capsuleA == NULL || capsuleB == NULL || capsuleA->type != NP_SHAPE_CAPSULE3 ||
		capsuleB->type != NP_SHAPE_CAPSULE3)
		return emptyManifold();
	// Work in A's frame: A's segment is (0, -hA, 0)..(0, hA, 0).
	npTransform3 rel = npInvMulTransforms3(xfA, xfB);
	double hA = capsuleA->halfHeight, rA = capsuleA->radius, rB = capsuleB->radius;
	npVec3 p1 = v3(0.0, -hA, 0.0), q1 = v3(0.0, hA, 0.0);
	npVec3 axisB = npRotate3(rel.q, v3(0.0, capsuleB->halfHeight, 0.0));
	npVec3 p2 = v3Sub(rel.p, axisB), q2 = v3Add(rel.p, axisB);
	double s, t;
	npClosestSegments3(p1, q1, p2, q2, &s, &t);
	npVec3 c1 = v3MulAdd(p1, s, v3Sub(q1, p1)), c2 = v3MulAdd(p2, t, v3Sub(q2, p2));
	npVec3 unit = v3(0.0, 0.0, 0.0);
	double dist = npLengthAndUnit3(v3Sub(c2, c1), &unit);
	double reach = rA + rB + margin;
	npManifold3 m = emptyManifold();
	if (dist > reach)
		return m;
	npVec3 n;
	double sizes = v3MaxAbs(c1) + v3MaxAbs(c2) + rA + rB;
	if (dist > NP_ROUNDED_DIRECTION_TOL * sizes)
		n = unit;
	else
	{
		// The axes cross: the common perpendicular, pointing towards B's centre; for parallel axes
		// the direction from A's axis to B's centre; at worst A's local x.
		npVec3 u2 = v3Sub(q2, p2);
		npVec3 cr = v3Cross(v3(0.0, 1.0, 0.0), u2);
		if (v3LengthSq(cr) <= 1.0e-20 * (1.0 + v3LengthSq(u2)))
			cr = v3(rel.p.x, 0.0, rel.p.z);
		if (v3LengthSq(cr) <= 1.0e-24)
			cr = v3(1.0, 0.0, 0.0);
		n = v3Normalize(cr);
		if (v3Dot(n, rel.p) < 0.0)
			n = v3Neg(n);
	}
	m.normal = n;

	// Nearly parallel axes overlapping along their length: two points at the ends of the overlap,
	// so a capsule lying on another one does not rock about a single point.
	npVec3 u2 = v3Sub(q2, p2);
	double len2 = v3Length(u2);
	if (hA > 0.0 && len2 > 0.0)
	{
		double sinAngle = v3Length(v3Cross(v3(0.0, 1.0, 0.0), u2)) / len2;
		if (sinAngle < NP_CAPSULE_PARALLEL_SIN3)
		{
			// Overlap of B's projection with A's segment along y.
			double lo = p2.y < q2.y ? p2.y : q2.y, hi = p2.y < q2.y ? q2.y : p2.y;
			lo = lo > -hA ? lo : -hA;
			hi = hi < hA ? hi : hA;
			if (hi - lo > 1.0e-9 * (hA + rA + rB))
			{
				double ys[2] = { lo, hi };
				for (int k = 0; k < 2; ++k)
				{
					npVec3 a = v3(0.0, ys[k], 0.0);
					npVec3 b = npClosestOnSegment3(p2, q2, a);
					npVec3 pA = v3MulAdd(a, rA, n), pB = v3MulAdd(b, -rB, n);
					if (v3Dot(v3Sub(pA, pB), n) >= -margin)
						pushPoint(&m, pA, pB, n, closedFormId(1 + k));
				}
				if (m.pointCount > 0)
				{
					if (m.pointCount == 2 && m.points[1].depth > m.points[0].depth)
					{
						npManifoldPoint3 tmp = m.points[0];
						m.points[0] = m.points[1];
						m.points[1] = tmp;
					}
					toWorld(&m, xfA);
					return m;
				}
			}
		}
	}
	pushPoint(&m, v3MulAdd(c1, rA, n), v3MulAdd(c2, -rB, n), n, closedFormId(0));
	toWorld(&m, xfA);
	return m;
}

// ---------------------------------------------------------------------------------- capsule vs polyhedron

// Whether p lies inside every side plane of face f of `poly` (over the face, seen along its normal).
// A box's face 2k/2k+1 (half extents `box`) is over |p_a| <= h_a for the two other axes a.
static bool overFace(const npPolyhedron3* poly, const npVec3* box, int f, npVec3 p)
{
	if (box != NULL)
	{
		int k = f >> 1;
		return (k == 0 || fabs(p.x) <= box->x) && (k == 1 || fabs(p.y) <= box->y) && (k == 2 || fabs(p.z) <= box->z);
	}
	npVec3 n = poly->planes[f].normal;
	int start = poly->faceEdge[f], e = start, guard = 0;
	do
	{
		const npHalfEdge3* he = poly->halfEdges + e;
		npVec3 v0 = poly->vertices[he->origin], v1 = poly->vertices[poly->halfEdges[he->next].origin];
		if (v3Dot(v3Cross(v3Sub(v1, v0), n), v3Sub(p, v0)) > 0.0)
			return false;
		e = he->next;
		++guard;
	} while (e != start && guard < NP_MAX_HULL_VERTICES);
	return true;
}

// A capsule against a polyhedron in A's frame: the capsule's core segment and the SAT results.
typedef struct CapsuleCase
{
	const npShape3* polyA;
	npPolyhedron3 pa;
	bool box;
	npVec3 seg[2];  // the core segment
	npVec3 u;       // seg[1] - seg[0]
	double r;       // the capsule's radius
	double margin;
	double reach;   // r + margin
	FaceResult face; // A's best face; vertex: the segment's deeper end
	int edge;        // A's best edge, -1 for none
	double edgeSep;
	npVec3 edgeAxis; // unit, away from A
} CapsuleCase;

// Edge axes: the cross products of the segment with every edge of A whose arc crosses the segment's
// great circle (its two face normals lie on opposite sides of the plane perpendicular to the
// segment). A flat shape's half-circle arc always crosses it (unless parallel).
static void capsuleEdgeAxis(CapsuleCase* k)
{
	const npPolyhedron3* pa = &k->pa;
	npVec3 centroidA = k->box ? v3(0.0, 0.0, 0.0) : centroidOf(pa, pa->vertices);
	k->edgeSep = -DBL_MAX;
	k->edge = -1;
	k->edgeAxis = v3(0.0, 0.0, 0.0);
	for (int i = 0; i < pa->halfEdgeCount / 2; ++i)
	{
		const npHalfEdge3* he = pa->halfEdges + 2 * i;
		npVec3 pA = pa->vertices[he[0].origin];
		npVec3 uA = v3Sub(pa->vertices[he[1].origin], pA);
		if (!pa->flat)
		{
			double s1 = v3Dot(pa->planes[he[0].face].normal, k->u);
			double s2 = v3Dot(pa->planes[he[1].face].normal, k->u);
			if (!(s1 * s2 < 0.0))
				continue;
		}
		npVec3 axis = v3Cross(uA, k->u);
		double lenSq = v3LengthSq(axis);
		if (lenSq <= 1.0e-12 * v3LengthSq(uA) * v3LengthSq(k->u))
			continue;
		axis = v3Scale(1.0 / sqrt(lenSq), axis);
		if (v3Dot(axis, v3Sub(pA, centroidA)) < 0.0)
			axis = v3Neg(axis);
		double sep = v3Dot(axis, v3Sub(k->seg[0], pA));
		if (sep > k->edgeSep)
		{
			k->edgeSep = sep;
			k->edge = i;
			k->edgeAxis = axis;
		}
	}
}

// The separation of the capsule's segment from A along a unit axis, oriented whichever way the two
// are farther apart (A's extremes by a scan of its vertices); *axis is turned to point from A to the
// segment.
static double segmentSeparation(const CapsuleCase* k, npVec3* axis)
{
	double lo = DBL_MAX, hi = -DBL_MAX, size = 0.0;
	npScanInterval3(k->pa.vertices, k->pa.vertexCount, *axis, &lo, &hi, &size);
	double s0 = v3Dot(*axis, k->seg[0]), s1 = v3Dot(*axis, k->seg[1]);
	double ahead = np3Min(s0, s1) - hi, behind = lo - np3Max(s0, s1);
	if (behind > ahead)
		*axis = v3Neg(*axis);
	return np3Max(ahead, behind);
}

// The arc test above trusts A's face planes. A hull whose planes miss their corners (npHull3's
// loosePlanes: quickhull left a folded sliver face) or that has a knife edge can pass an edge whose
// axis A reaches farther along than the edge: a capsule in a needle hull took an edge axis that its
// points put 9.29 deep (the cores), along which the shapes overlapped by 10.24 where 9.78 was
// possible (radius included; fuzz_pairs3d). So an edge claim that decides (apart, or better than
// the faces on such a hull) is measured again by a scan of A's vertices, and when it does not hold,
// every edge of A is measured that way (E x V dot products) and the best taken.
NP_COLD __attribute__((noinline)) static void checkCapsuleEdgeAxis(CapsuleCase* k)
{
	npVec3 axis = k->edgeAxis;
	double size = np3Max(v3MaxAbs(k->seg[0]), v3MaxAbs(k->seg[1]));
	for (int v = 0; v < k->pa.vertexCount; ++v)
		size = np3Max(size, v3MaxAbs(k->pa.vertices[v]));
	if (fabs(segmentSeparation(k, &axis) - k->edgeSep) <= 1.0e-9 * size)
		return;

	k->edgeSep = -DBL_MAX;
	k->edge = -1;
	for (int i = 0; i < k->pa.halfEdgeCount / 2; ++i)
	{
		const npHalfEdge3* he = k->pa.halfEdges + 2 * i;
		npVec3 uA = v3Sub(k->pa.vertices[he[1].origin], k->pa.vertices[he[0].origin]);
		axis = v3Cross(uA, k->u);
		double lenSq = v3LengthSq(axis);
		if (lenSq <= 1.0e-12 * v3LengthSq(uA) * v3LengthSq(k->u))
			continue;
		axis = v3Scale(1.0 / sqrt(lenSq), axis);
		double sep = segmentSeparation(k, &axis);
		if (sep > k->edgeSep)
		{
			k->edgeSep = sep;
			k->edge = i;
			k->edgeAxis = axis;
		}
	}
}

typedef enum GjkOutcome
{
	GJK_NOT_NEEDED, // the SAT axes settle the contact
	GJK_APART,      // the cores are farther apart than the reach: no contact
	GJK_CONTACT,    // one point at the closest points, in *m
} GjkOutcome;

// A segment in the plane of a flat A (a triangle, a flat hull) or one too short to have a direction:
// the axes above are then all normal to the plane (the segment crossed with in-plane edges) or
// missing (the cross products underflow), and none sees the in-plane gap: a capsule lying in a
// triangle's plane 2 beside it got a contact 0.1 deep, and one 1e-303 long 7.8 from a triangle one
// 2.7 deep (fuzz_pairs3d). For a flat A, a best separation of about nothing is measured by GJK,
// and so is any claim of overlap against a hull whose planes miss their corners (they can hold a
// point outside the hull: looseHullAndSphere).
static bool inFlatPlane(const CapsuleCase* k, double sepBest)
{
	if (!k->pa.flat)
		return false;
	double size = np3Max(v3MaxAbs(k->seg[0]), v3MaxAbs(k->seg[1])) + k->r;
	for (int v = 0; v < k->pa.vertexCount; ++v)
		size = np3Max(size, v3MaxAbs(k->pa.vertices[v]));
	return sepBest > -(npSlabThickness3(k->pa.planes) + 1.0e-9 * size);
}

// The segment clipped against the side planes of a face (a two-point "polygon"): parameters t[0] <=
// t[1] along it and the feature of each end.
typedef struct SegmentClip
{
	double t[2];
	uint32_t feature[2];
} SegmentClip;

static bool clipSegmentToFace(const CapsuleCase* k, double widen, SegmentClip* clip)
{
	const npPolyhedron3* pa = &k->pa;
	npVec3 n = pa->planes[k->face.face].normal;
	double t0 = 0.0, t1 = 1.0;
	uint32_t f0 = pointFeature(ID_VERTEX, 0, 0), f1 = pointFeature(ID_VERTEX, 1, 0);
	int start = pa->faceEdge[k->face.face], e = start, guard = 0;
	do
	{
		const npHalfEdge3* he = pa->halfEdges + e;
		npVec3 v0 = pa->vertices[he->origin], v1 = pa->vertices[pa->halfEdges[he->next].origin];
		// Unnormalised: only signs and ratios of plane distances are used.
		npVec3 sn = v3Cross(v3Sub(v1, v0), n);
		double d0 = v3Dot(sn, k->seg[0]) - v3Dot(sn, v0);
		if (widen > 0.0)
			d0 -= widen * sqrt(v3LengthSq(sn));
		double du = v3Dot(sn, k->u);
		// Keep d0 + t du <= 0.
		if (du == 0.0)
		{
			if (d0 > 0.0)
				t1 = -1.0;
		}
		else
		{
			double t = -d0 / du;
			uint32_t f = pointFeature(ID_EDGE_CLIP, 0, he->origin);
			if (du > 0.0 && t < t1)
			{
				t1 = t;
				f1 = f;
			}
			else if (du < 0.0 && t > t0)
			{
				t0 = t;
				f0 = f;
			}
		}
		e = he->next;
		++guard;
	} while (e != start && t0 <= t1 && guard < NP_MAX_HULL_VERTICES);
	*clip = (SegmentClip){ { t0, t1 }, { f0, f1 } };
	return t0 <= t1;
}

// The clip again, the face's prism widened by 1e-12 of the sizes. A segment parallel to a side
// plane and outside it by rounding alone misses the prism: a capsule whose core lay along a hull
// edge 1e-15 from it (the hull's vertex at 1e-15, the capsule's position 0) got its contact at the
// core's end projected onto the face, 2.45 beyond the hull (fuzz_pairs3d's point check), where the
// clip of the core to the face gives the overlap's two ends. Only after the exact clip failed, so
// every clip that succeeds is unchanged.
NP_COLD __attribute__((noinline)) static bool clipWidened(const CapsuleCase* k, SegmentClip* clip)
{
	double size = np3Max(v3MaxAbs(k->seg[0]), v3MaxAbs(k->seg[1]));
	for (int i = 0; i < k->pa.vertexCount; ++i)
		size = np3Max(size, v3MaxAbs(k->pa.vertices[i]));
	return clipSegmentToFace(k, 1.0e-12 * size, clip);
}

// The cores are apart. SAT's separation is then only a lower bound of their distance (a segment end
// near a vertex, or the segment parallel to an edge, has its closest point direction on none of the
// axes), so the distance is measured by GJK, unless the face realises it: the whole segment is on
// the face's outer side (sepF >= 0, the smaller plane distance of its ends) and its deeper end lies
// over the face (inside all its side planes), so that end is sepF from the face and no point of the
// segment is closer to the shape (the common resting capsule).
static GjkOutcome capsuleByGjk(const CapsuleCase* k, bool useFace, const npTransform3* xfA, const npShape3* capsuleB,
							   const npTransform3* xfB, npManifold3* m)
{
	double sepF = k->face.separation;
	double sepBest = k->edgeSep > sepF ? k->edgeSep : sepF;
	bool loose = k->polyA->type == NP_SHAPE_HULL3 && k->polyA->hull->loosePlanes; // planes that may hold an outside point
	if ((!(sepBest > 0.0) && !inFlatPlane(k, sepBest) && !loose) ||
		(useFace && sepF >= 0.0 && overFace(&k->pa, k->box ? &k->polyA->halfExtents : NULL, k->face.face, k->seg[k->face.vertex])))
		return GJK_NOT_NEEDED;

	npPair3 pair;
	npGjkResult3 g;
	npMakePair3(&pair, k->polyA, *xfA, capsuleB, *xfB);
	npGjk3(&pair, k->reach, &g);
	if (g.early || g.distance > k->reach)
		return GJK_APART;
	double tol = 1.0e-9 * (g.scale + k->r); // relative: the shapes' coordinates and the capsule's radius
	if (!(g.distance > tol))
		return GJK_NOT_NEEDED;
	// The face realising the distance (to the tolerance) gives the contact only when the segment
	// meets its prism: else the face's contact is the segment's deeper end projected onto the face's
	// plane, off A (a capsule of radius 1e6 whose core lay 24 beside a box, the face's distance within
	// 3e-4 of the cores', got its contact 24 beside the box: fuzz_pairs3d).
	SegmentClip clip;
	if (useFace && sepF >= g.distance - tol && (clipSegmentToFace(k, 0.0, &clip) || clipWidened(k, &clip)))
		return GJK_NOT_NEEDED;
	npVec3 n = npGjkNormal3(&g); // the closest features' normal (gjk3d.c)
	m->normal = n;
	pushPoint(m, g.pointA, v3MulAdd(g.pointB, -k->r, n), n, closedFormId(0));
	return GJK_CONTACT;
}

// The clipped segment's ends within reach of the face, deepest first; when both are too far, the
// segment's deeper end, which sets the overlap along the face normal.
static void emitSegmentOnFace(const CapsuleCase* k, const SegmentClip* clip, npManifold3* m)
{
	npPlane3 plane = k->pa.planes[k->face.face];
	npVec3 n = plane.normal;
	int count = clip->t[1] - clip->t[0] > 1.0e-12 ? 2 : 1;
	double dd[2];
	npVec3 pp[2];
	uint32_t ff[2];
	int kept = 0;
	for (int i = 0; i < count; ++i)
	{
		npVec3 c = v3MulAdd(k->seg[0], clip->t[i], k->u);
		double s = v3Dot(n, c) - plane.offset;
		if (s <= k->reach)
		{
			pp[kept] = c;
			dd[kept] = k->r - s;
			ff[kept] = clip->feature[i];
			++kept;
		}
	}
	if (kept == 2 && dd[1] > dd[0])
	{
		npVec3 tp = pp[0];
		pp[0] = pp[1];
		pp[1] = tp;
		double td = dd[0];
		dd[0] = dd[1];
		dd[1] = td;
		uint32_t tf = ff[0];
		ff[0] = ff[1];
		ff[1] = tf;
	}
	if (kept == 0 && k->face.separation <= k->reach)
	{
		pp[0] = k->seg[k->face.vertex];
		dd[0] = k->r - k->face.separation;
		ff[0] = pointFeature(ID_VERTEX, k->face.vertex, 0);
		kept = 1;
	}
	m->normal = n;
	for (int i = 0; i < kept; ++i)
	{
		double s = k->r - dd[i];
		pushPoint(m, v3MulAdd(pp[i], -s, n), v3MulAdd(pp[i], -k->r, n), n, faceId(ID_FACE_A, k->face.face, ff[i]));
	}
}

// One point between A's best edge and the segment.
static void emitEdgeContact(const CapsuleCase* k, npManifold3* m)
{
	const npHalfEdge3* he = k->pa.halfEdges + 2 * k->edge;
	npVec3 pA = k->pa.vertices[he[0].origin], qA = k->pa.vertices[he[1].origin];
	double s, t;
	npClosestSegments3(pA, qA, k->seg[0], k->seg[1], &s, &t);
	npVec3 cA = v3MulAdd(pA, s, v3Sub(qA, pA)), cB = v3MulAdd(k->seg[0], t, k->u);
	m->normal = k->edgeAxis;
	pushPoint(m, cA, v3MulAdd(cB, -k->r, k->edgeAxis), k->edgeAxis, edgeId(k->edge, 0));
	if (m->points[0].depth < -k->margin)
		m->pointCount = 0;
}

// The capsule is its segment (p, q) in A's frame plus radius r. The segment is a degenerate
// polyhedron whose Gauss map is the whole great circle perpendicular to it, so the SAT axes are
// A's face normals and the cross products of the segment with the edges of A whose arcs cross that
// circle. Contacts: the segment clipped to the face's prism (up to two points), else its deeper
// end, else the closest points to the best edge; GJK when the cores are apart and no face realises
// their distance.
void npCollidePolyhedronCapsule3(const npShape3* polyA, const npTransform3* xfA, const npShape3* capsuleB,
								 const npTransform3* xfB, double margin, npManifold3* m)
{
	clearManifold(m);
	CapsuleCase k;
	if (polyA == NULL || capsuleB == NULL || capsuleB->type != NP_SHAPE_CAPSULE3 || !getPolyhedron(polyA, &k.pa))
		return;
	npTransform3 rel = npInvMulTransforms3(*xfA, *xfB);
	npVec3 axisB = npRotate3(rel.q, v3(0.0, capsuleB->halfHeight, 0.0));
	k.polyA = polyA;
	k.seg[0] = v3Sub(rel.p, axisB);
	k.seg[1] = v3Add(rel.p, axisB);
	k.r = capsuleB->radius;
	k.margin = margin;
	k.reach = k.r + margin;
	k.box = polyA->type == NP_SHAPE_BOX3;

	// Face axes.
	if (k.box)
		k.face = npQueryBoxFaces3(polyA->halfExtents, k.seg, 2, k.reach);
	else
	{
		const FaceQuery q = { &k.pa, k.pa.planes, k.seg, 2, k.reach };
		k.face = npQueryFacesOf3(&q, NULL, NULL);
	}
	if (k.face.separation > k.reach)
		return;

	k.u = v3Sub(k.seg[1], k.seg[0]);
	capsuleEdgeAxis(&k);
	bool hull = polyA->type == NP_SHAPE_HULL3;
	if (hull && k.edge >= 0 &&
		(k.edgeSep > k.reach || (polyA->hull->loosePlanes && k.edgeSep > k.face.separation + NP_FACE_PREFERENCE3)))
		checkCapsuleEdgeAxis(&k);
	if (k.edgeSep > k.reach)
		return;

	bool useFace = k.edge < 0 || !(k.edgeSep > k.face.separation + NP_FACE_PREFERENCE3);
	GjkOutcome gjk = capsuleByGjk(&k, useFace, xfA, capsuleB, xfB, m);
	if (gjk == GJK_APART)
		return;
	if (gjk == GJK_CONTACT)
	{
		toWorld(m, *xfA);
		return;
	}
	SegmentClip clip;
	if (useFace && (clipSegmentToFace(&k, 0.0, &clip) || clipWidened(&k, &clip)))
		emitSegmentOnFace(&k, &clip, m);
	if (m->pointCount == 0 && useFace && k.edge < 0 && k.face.separation <= k.reach)
	{
		// The segment misses the face's prism and no edge axis exists: the deeper end.
		npVec3 n = k.pa.planes[k.face.face].normal;
		npVec3 c = k.seg[k.face.vertex];
		m->normal = n;
		pushPoint(m, v3MulAdd(c, -k.face.separation, n), v3MulAdd(c, -k.r, n), n,
				  faceId(ID_FACE_A, k.face.face, pointFeature(ID_VERTEX, k.face.vertex, 0)));
	}
	if (m->pointCount == 0 && k.edge >= 0)
		emitEdgeContact(&k, m);
	toWorld(m, *xfA);
}

npManifold3 npCollidePolyhedronAndCapsule(const npShape3* polyA, npTransform3 xfA,
										  const npShape3* capsuleB, npTransform3 xfB, double margin)
{
	npManifold3 m = emptyManifold();
	if (npUsableTransform3(&xfA) && npUsableTransform3(&xfB))
		npCollidePolyhedronCapsule3(polyA, &xfA, capsuleB, &xfB, margin, &m);
	return m;
}

// ---------------------------------------------------------------------------------- sphere vs polyhedron

// A sphere of radius r centred at c (A's frame) against polyhedron A, into *m (in A's frame). A box
// needs no polyhedron view: its deepest face comes from the centre's coordinates and the closest
// point of its surface to an outside centre is the centre clamped to the box (the point the general
// face walk finds, up to rounding).
static void polyhedronAndSphere(const npShape3* polyA, npVec3 c, double r, double margin, npManifold3* m)
{
	clearManifold(m);
	npPolyhedron3 pa;
	const npPlane3* planes = NULL;
	int faceCount = 0;
	bool box = polyA->type == NP_SHAPE_BOX3;
	npVec3 h = polyA->halfExtents;
	if (!box)
	{
		if (!getPolyhedron(polyA, &pa))
			return;
		planes = pa.planes;
		faceCount = pa.faceCount;
	}

	// Deepest face (A's separating axis for the centre). A box's faces are -x, +x, -y, +y, -z, +z.
	int face = 0;
	double sepF = -DBL_MAX;
	if (box)
	{
		const double sep[6] = { -c.x - h.x, c.x - h.x, -c.y - h.y, c.y - h.y, -c.z - h.z, c.z - h.z };
		sepF = sep[0];
		for (int f = 1; f < 6; ++f)
			if (sep[f] > sepF)
			{
				sepF = sep[f];
				face = f;
			}
	}
	else
		for (int f = 0; f < faceCount; ++f)
		{
			double s = v3Dot(planes[f].normal, c) - planes[f].offset;
			if (s > sepF)
			{
				sepF = s;
				face = f;
			}
		}
	if (sepF > r + margin)
		return;

	// Outside (or on the boundary of a flat shape): the closest point on a face that sees the centre.
	// A centre in a flat shape's plane can be behind both faces' planes, by rounding or by the flat
	// hull's thickness (its points lie within the hull tolerance of one plane, and each face's plane
	// holds them all): it is outside unless it lies on the polygon (balls 12.5 beside a flat hull in
	// its plane, and 0.14 beside one 3.9e-9 inside its slab, got contacts as deep as their radius:
	// fuzz_pairs3d).
	double onPlane = box || !pa.flat ? 0.0 : npSlabThickness3(planes) + 1.0e-9 * (v3MaxAbs(c) + fabs(planes[face].offset) + r);
	if (sepF >= -onPlane)
	{
		npVec3 best = c;
		double bestDist;
		if (box)
		{
			best = v3(np3Max(-h.x, np3Min(c.x, h.x)), np3Max(-h.y, np3Min(c.y, h.y)), np3Max(-h.z, np3Min(c.z, h.z)));
			bestDist = v3DistanceSq(best, c);
		}
		else
		{
			bestDist = DBL_MAX;
			const ClipShape faces = { &pa, pa.vertices, planes, NULL };
			for (int f = 0; f < faceCount; ++f)
			{
				double s = v3Dot(planes[f].normal, c) - planes[f].offset;
				if (s < -onPlane)
					continue;
				npVec3 q = npClosestOnFace3(&faces, f, c, s);
				double d = v3DistanceSq(q, c);
				if (d < bestDist)
				{
					bestDist = d;
					best = q;
				}
			}
		}
		npVec3 n = v3(0.0, 0.0, 0.0);
		double dist = npLengthAndUnit3(v3Sub(c, best), &n);
		if (dist > r + margin)
			return;
		if (dist > NP_ROUNDED_DIRECTION_TOL * (v3MaxAbs(c) + v3MaxAbs(best) + r))
		{
			m->normal = n;
			pushPoint(m, best, v3MulAdd(c, -r, n), n, closedFormId(0));
			return;
		}
	}
	// Inside (or on the surface): push out through the deepest face.
	npVec3 n;
	if (box)
	{
		double sign = (face & 1) ? 1.0 : -1.0;
		n = face < 2 ? v3(sign, 0.0, 0.0) : (face < 4 ? v3(0.0, sign, 0.0) : v3(0.0, 0.0, sign));
	}
	else
		n = planes[face].normal;
	m->normal = n;
	pushPoint(m, v3MulAdd(c, -sepF, n), v3MulAdd(c, -r, n), n, closedFormId(0));
}

// Sphere B against polyhedron A in world space, for shapes already checked: the centre is moved into
// A's frame with A's rotation matrix, which then brings the result back.
// A hull whose planes miss their corners (npHull3.loosePlanes) can hold a centre behind every face
// plane that lies outside the hull: a ball 0.138 from a sliver hull got a contact as deep as its
// radius (fuzz_pairs3d). For such a hull GJK measures the core distance first: apart beyond the
// reach, no contact (true); apart within it, one contact at the closest points (true); touching or
// overlapping, the face planes decide as for any hull (false).
NP_COLD __attribute__((noinline)) static bool looseHullAndSphere(const npShape3* polyA, const npTransform3* xfA,
															   const npShape3* sphereB, const npTransform3* xfB, double margin,
															   npManifold3* m)
{
	npPair3 pair;
	npGjkResult3 g;
	double r = sphereB->radius;
	npMakePair3(&pair, polyA, *xfA, sphereB, *xfB);
	npGjk3(&pair, r + margin, &g);
	clearManifold(m);
	if (g.early || g.distance > r + margin)
		return true;
	if (!(g.distance > 1.0e-9 * (g.scale + r)))
		return false;
	npVec3 n = npGjkNormal3(&g);
	m->normal = n;
	pushPoint(m, g.pointA, v3MulAdd(g.pointB, -r, n), n, closedFormId(0));
	toWorld(m, *xfA);
	return true;
}

void npCollidePolyhedronSphere3(const npShape3* polyA, const npTransform3* xfA, const npShape3* sphereB,
								const npTransform3* xfB, double margin, npManifold3* m)
{
	if (polyA->type == NP_SHAPE_HULL3 && polyA->hull->loosePlanes && looseHullAndSphere(polyA, xfA, sphereB, xfB, margin, m))
		return;
	npMat3 r = npQuatToMat3(xfA->q);
	npVec3 d = v3Sub(xfB->p, xfA->p);
	npVec3 c = npMat3MulT(&r, d);
	polyhedronAndSphere(polyA, c, sphereB->radius, margin, m);
	toWorldWith(m, &r, xfA->p, 0u);
}

npManifold3 npCollidePolyhedronAndSphere(const npShape3* polyA, npTransform3 xfA,
										 const npShape3* sphereB, npTransform3 xfB, double margin)
{
	if (polyA == NULL || sphereB == NULL || sphereB->type != NP_SHAPE_SPHERE || !isPolyhedron(polyA))
		return emptyManifold();
	npManifold3 m = emptyManifold();
	if (npUsableTransform3(&xfA) && npUsableTransform3(&xfB))
		npCollidePolyhedronSphere3(polyA, &xfA, sphereB, &xfB, margin, &m);
	return m;
}
