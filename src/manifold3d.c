// 3D contact manifolds: closed forms for spheres and capsules, closest feature for a sphere against a
// polyhedron, and one generic separating-axis + clipping routine for every polyhedron pair (box,
// hull, triangle) and for a capsule against a polyhedron.
//
// The polyhedron routine follows Dirk Gregorius' "The Separating Axis Test between convex
// polyhedra" (GDC 2013) and the 2D recipe of seed 004 (Randy Gaul, manifold generation) lifted to 3D:
//  1. Work in A's local frame: B's vertices and planes are moved there once.
//  2. Face axes: for each face of A the separation is the plane distance of B's deepest vertex
//     (B's support point along -normal); the same for B's faces against A's vertices.
//  3. Edge axes: the cross product of an edge of A and an edge of B is only a candidate when the two
//     edges build a face of the Minkowski difference A - B. On the Gauss map (the unit sphere of
//     normals) an edge is the arc between its two face normals; the edges build a face exactly when
//     A's arc crosses the arc of B negated. The arc test needs only signs of triple products, so
//     most pairs are rejected for the price of two table lookups (queryEdgesSolid; queryEdges for
//     flat shapes). Shapes with few edge directions (a box has 12 edges in 3 directions, a triangle
//     3) instead test every pair of directions with projection intervals (queryEdgesByDirection):
//     a superset of the Gauss-map pairs, so just as exact, and 9 axes for two boxes instead of 144
//     edge pairs. Either way only edge axes that could beat the best face are reported.
//  4. The best axis is chosen with a bias (NP_FACE_PREFERENCE3): A's face, then B's face, then an
//     edge pair, each only replacing the previous choice when it separates more by the tolerance.
//     This keeps the reference face from flipping between frames through rounding.
//  5. Face axis: the reference face is the chosen face, the incident face the face of the other
//     shape most anti-parallel to it. The incident polygon is clipped against the side planes of the
//     reference face (Sutherland-Hodgman), the points behind the reference plane (+margin) are kept,
//     projected onto the reference face for the reference shape's point, and reduced to four.
//     Edge axis: one point at the closest points of the two edges.
// Flat shapes (triangles, coplanar hulls) are two-sided polygons whose edges join two opposite
// faces; their Gauss-map arc is the half circle from one normal through the edge's outward in-plane
// normal to the other, which the arc test handles as two quarter arcs.
//
// Cost. The routine stays one routine for every pair; sub-steps take shortcuts where the shapes'
// layout allows, each giving the general step's result: the same face, vertex and feature choices,
// values equal up to rounding (a choice can only differ when two candidates tie to rounding), and
// the clipping inputs bit for bit, so the point reduction's near ties fall the same way:
//  - boxes: B's vertices from three scaled axes (moveBoxToFrame), A's faces as three axes with B's
//    extremes by coordinates (queryBoxFaces), B's faces against box A in closed form
//    (queryFacesAgainstBox); for two boxes both face queries (sign bits for the support vertices)
//    and the 9 edge axes come from the entries of the relative rotation (queryBoxPairFaces,
//    queryEdgeAxesBoxes); A's box centroid at the origin, B's topology borrowed from A's view, the
//    incident face among a box vertex's three faces measured directly; a box reference face skips
//    clipping when the incident polygon lies inside it (insideBoxFace, the resting case), and up to
//    four incident points that all stay become the manifold in one pass; sphere vs box needs no
//    polyhedron view at all.
//  - hulls: face queries skip faces whose separation is bounded below the best one by a point of
//    the other hull (queryFacesPruned): about 6 of 60 faces are scanned for overlapping 32-vertex
//    hulls.
//  - capsule vs polyhedron: no GJK when the capsule's deeper end lies over the SAT face.
//  - results are written in place (one manifold, filled once) and moved to world space with A's
//    rotation matrix, rebuilding a face contact's pointA as pointB + depth * normal; for the wasm
//    shim that move writes its io block directly (npCollideFlat3).
// Measured with callgrind (x86-64, gcc -O2, bench/bench3d_native.c's cases, which also times them):
// a resting 4-point box-box manifold 6.3k -> 2.45k instructions, random box-box 6.25k -> 3.2k,
// sphere-box 1.35k -> 0.6k, a resting capsule on a box 6.7k -> 2.5k, random overlapping
// hull32-hull32 112k -> 62k (of which GJK + EPA, locating the edge axes, are 42k).
// In wasm (V8) the speed of this routine depends on code shape more than on instruction counts
// (a change that removes instructions can still make TurboFan spill more): time changes there
// from Node (bench/node_bench3d.mjs), old and new side by side.
#include "manifold3d_private.h"
#include "gjk3d.h"
#include "polyhedron3d.h"
#include "vec3.h"

#include <float.h>
#include <stddef.h>

// Bits of the feature id (see manifold3d.h).
#define ID_FACE_A 1u
#define ID_FACE_B 2u
#define ID_OTHER 3u
#define ID_VERTEX 0u
#define ID_EDGE_CLIP 1u
#define ID_CORNER 2u

static inline uint32_t faceId(uint32_t kind, int refFace, uint32_t feature)
{
	return (kind << 30) | (((uint32_t)refFace & 0xFFFu) << 18) | feature;
}
static inline uint32_t pointFeature(uint32_t type, int a, int b)
{
	return (type << 16) | (((uint32_t)a & 0xFFu) << 8) | ((uint32_t)b & 0xFFu);
}
static inline uint32_t edgeId(int edgeA, int edgeB)
{
	return (ID_OTHER << 30) | (((uint32_t)edgeA & 0xFFFu) << 16) | (((uint32_t)edgeB & 0xFFFu) << 4);
}
static inline uint32_t closedFormId(int index)
{
	return (ID_OTHER << 30) | (1u << 28) | ((uint32_t)index & 0xFu);
}

// The polyhedron view of a box, hull or triangle (false for other shapes).
static bool getPolyhedron(const npShape3* shape, npPolyhedron3* out)
{
	if (shape->type != NP_SHAPE_BOX3 && shape->type != NP_SHAPE_HULL3 &&
		shape->type != NP_SHAPE_TRIANGLE3)
		return false;
	return npMakePolyhedron3(shape, out);
}

static inline npManifold3 emptyManifold(void)
{
	npManifold3 m;
	m.normal = v3(0.0, 0.0, 0.0);
	m.pointCount = 0;
	return m;
}

// Adds a point given in A's local frame (pointA on A, pointB on B); depth along the local normal.
static void pushPoint(npManifold3* m, npVec3 pA, npVec3 pB, npVec3 normal, uint32_t id)
{
	npManifoldPoint3* mp = m->points + m->pointCount++;
	mp->pointA = pA;
	mp->pointB = pB;
	mp->depth = v3Dot(v3Sub(pA, pB), normal);
	mp->id = id;
}

// A rotation matrix (columns) from a unit quaternion: rotating many vectors by it costs 15 flops
// each instead of the quaternion's 30.
typedef struct Mat3
{
	npVec3 cx, cy, cz;
} Mat3;

static Mat3 quatToMat(npQuat q)
{
	double xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
	double xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
	double wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
	Mat3 m;
	m.cx = v3(1.0 - 2.0 * (yy + zz), 2.0 * (xy + wz), 2.0 * (xz - wy));
	m.cy = v3(2.0 * (xy - wz), 1.0 - 2.0 * (xx + zz), 2.0 * (yz + wx));
	m.cz = v3(2.0 * (xz + wy), 2.0 * (yz - wx), 1.0 - 2.0 * (xx + yy));
	return m;
}

static inline npVec3 matMul(const Mat3* m, npVec3 v)
{
	return v3(m->cx.x * v.x + m->cy.x * v.y + m->cz.x * v.z, m->cx.y * v.x + m->cy.y * v.y + m->cz.y * v.z,
			  m->cx.z * v.x + m->cy.z * v.y + m->cz.z * v.z);
}

// Moves a manifold computed in A's local frame to world space, in place (r: A's rotation, p: its
// position). Point i with bit i of `offsetMask` set has pointA = pointB + depth * normal (a face
// contact's reference point above its incident point): its pointA is rebuilt that way from the
// moved pointB, a multiply-add instead of a rotation.
// One point of a manifold in A's frame moved to world space (r, p: A's rotation and position; n:
// the world normal). With `offset`, pointA is rebuilt as pointB + depth * n. The one place for this
// arithmetic: npCollide3 (toWorldWith) and the wasm shim's flat output (writeFlat) must agree bit
// for bit.
static inline void pointToWorld(const npManifoldPoint3* mp, const Mat3* r, npVec3 p, npVec3 n, bool offset,
								npVec3* pointA, npVec3* pointB)
{
	npVec3 pB = v3Add(matMul(r, mp->pointB), p);
	*pointA = offset ? v3MulAdd(pB, mp->depth, n) : v3Add(matMul(r, mp->pointA), p);
	*pointB = pB;
}

static void toWorldWith(npManifold3* m, const Mat3* r, npVec3 p, unsigned offsetMask)
{
	npVec3 n = matMul(r, m->normal);
	m->normal = n;
	for (int i = 0; i < m->pointCount; ++i)
	{
		npManifoldPoint3* mp = m->points + i;
		pointToWorld(mp, r, p, n, (offsetMask >> i) & 1u, &mp->pointA, &mp->pointB);
	}
}

static void toWorld(npManifold3* m, npTransform3 xfA)
{
	Mat3 r = quatToMat(xfA.q);
	toWorldWith(m, &r, xfA.p, 0u);
}

static bool isPolyhedron(const npShape3* s)
{
	return s->type == NP_SHAPE_BOX3 || s->type == NP_SHAPE_HULL3 || s->type == NP_SHAPE_TRIANGLE3;
}

// Swaps the roles of A and B in place: the routine computed (B, A), the caller asked for (A, B).
static void flipManifold(npManifold3* m)
{
	m->normal = v3Neg(m->normal);
	for (int i = 0; i < m->pointCount; ++i)
	{
		npManifoldPoint3* mp = m->points + i;
		npVec3 t = mp->pointA;
		mp->pointA = mp->pointB;
		mp->pointB = t;
		uint32_t kind = mp->id >> 30;
		if (kind == ID_FACE_A || kind == ID_FACE_B)
			mp->id = (mp->id & 0x3FFFFFFFu) | ((3u - kind) << 30);
	}
}

// ---------------------------------------------------------------------------------- reduction

int npReduceContacts3(const npVec3* positions, const double* depths, int count, npVec3 normal,
					  int out[NP_MAX_MANIFOLD_POINTS3])
{
	if (count <= 0)
		return 0;
	// Deepest point first (lowest index on ties).
	int i0 = 0;
	for (int i = 1; i < count; ++i)
		if (depths[i] > depths[i0])
			i0 = i;
	out[0] = i0;
	if (count == 1)
		return 1;
	if (count <= NP_MAX_MANIFOLD_POINTS3)
	{
		// Keep them all, deepest first, the others in their (polygon) order.
		int k = 1;
		for (int i = 0; i < count; ++i)
			if (i != i0)
				out[k++] = i;
		return count;
	}
	// Farthest point from the deepest one, in the contact plane.
	npVec3 p0 = positions[i0];
	int i1 = -1;
	double best = -1.0;
	for (int i = 0; i < count; ++i)
	{
		npVec3 d = v3Sub(positions[i], p0);
		d = v3MulAdd(d, -v3Dot(d, normal), normal);
		double dd = v3LengthSq(d);
		if (i != i0 && dd > best)
		{
			best = dd;
			i1 = i;
		}
	}
	// The point making the largest triangle (either side) with the first two.
	npVec3 p1 = positions[i1];
	npVec3 e01 = v3Sub(p1, p0);
	int i2 = -1;
	double area2 = 0.0;
	best = -1.0;
	for (int i = 0; i < count; ++i)
	{
		if (i == i0 || i == i1)
			continue;
		double a = v3Dot(v3Cross(e01, v3Sub(positions[i], p0)), normal);
		if ((a < 0.0 ? -a : a) > best)
		{
			best = a < 0.0 ? -a : a;
			area2 = a;
			i2 = i;
		}
	}
	// The point beyond one of the triangle's edges that adds the most area: signed areas against
	// each edge, oriented so that the triangle's interior is positive.
	double sign = area2 < 0.0 ? -1.0 : 1.0;
	npVec3 p2 = positions[i2];
	int i3 = -1;
	best = 0.0;
	for (int i = 0; i < count; ++i)
	{
		if (i == i0 || i == i1 || i == i2)
			continue;
		npVec3 q = positions[i];
		double a01 = sign * v3Dot(v3Cross(v3Sub(p1, p0), v3Sub(q, p0)), normal);
		double a12 = sign * v3Dot(v3Cross(v3Sub(p2, p1), v3Sub(q, p1)), normal);
		double a20 = sign * v3Dot(v3Cross(v3Sub(p0, p2), v3Sub(q, p2)), normal);
		double a = a01 < a12 ? a01 : a12;
		a = a < a20 ? a : a20;
		if (a < best)
		{
			best = a;
			i3 = i;
		}
	}
	out[1] = i1;
	out[2] = i2;
	if (i3 < 0)
		return 3;
	out[3] = i3;
	return 4;
}

// ---------------------------------------------------------------------------------- spheres, capsules

// Closest point to p on segment [a, b].
static npVec3 closestOnSegment(npVec3 a, npVec3 b, npVec3 p)
{
	npVec3 ab = v3Sub(b, a);
	double dd = v3Dot(ab, ab);
	if (dd <= 0.0)
		return a;
	double t = v3Dot(v3Sub(p, a), ab) / dd;
	t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
	return v3MulAdd(a, t, ab);
}

// Contact between two rounded points (the core features closest to each other): cA on A's core,
// cB on B's core. `fallback` is the normal used when the cores touch.
static npManifold3 roundedPoint(npVec3 cA, double rA, npVec3 cB, double rB, npVec3 fallback,
								double margin, uint32_t id)
{
	npManifold3 m = emptyManifold();
	npVec3 d = v3Sub(cB, cA);
	double dd = v3LengthSq(d);
	double reach = rA + rB + margin;
	if (dd > reach * reach)
		return m;
	double dist = sqrt(dd);
	npVec3 n = dist > 1.0e-12 * (1.0 + v3MaxAbs(cA)) ? v3Scale(1.0 / dist, d) : fallback;
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
	npVec3 c = closestOnSegment(a, b, xfB.p);
	// Centre on the segment: any direction perpendicular to the capsule's axis.
	npVec3 fallback = npRotate3(xfA.q, v3(1.0, 0.0, 0.0));
	return roundedPoint(c, capsuleA->radius, xfB.p, sphereB->radius, fallback, margin, closedFormId(0));
}

// Closest points between segments p1 + s (q1 - p1) and p2 + t (q2 - p2), s, t in [0, 1]
// (Ericson, Real-Time Collision Detection 5.1.9, with the parallel case clamped).
static void closestSegments(npVec3 p1, npVec3 q1, npVec3 p2, npVec3 q2, double* s, double* t)
{
	npVec3 d1 = v3Sub(q1, p1), d2 = v3Sub(q2, p2), r = v3Sub(p1, p2);
	double a = v3Dot(d1, d1), e = v3Dot(d2, d2), f = v3Dot(d2, r);
	double ss = 0.0, tt = 0.0;
	if (a <= 0.0 && e <= 0.0)
	{
		*s = 0.0;
		*t = 0.0;
		return;
	}
	if (a <= 0.0)
	{
		tt = f / e;
		tt = tt < 0.0 ? 0.0 : (tt > 1.0 ? 1.0 : tt);
	}
	else
	{
		double c = v3Dot(d1, r);
		if (e <= 0.0)
		{
			ss = -c / a;
			ss = ss < 0.0 ? 0.0 : (ss > 1.0 ? 1.0 : ss);
		}
		else
		{
			double b = v3Dot(d1, d2);
			double denom = a * e - b * b;
			// Parallel (denominator ~ 0): any s works; take s = 0 and let the clamps settle t.
			if (denom > 1.0e-14 * a * e)
			{
				ss = (b * f - c * e) / denom;
				ss = ss < 0.0 ? 0.0 : (ss > 1.0 ? 1.0 : ss);
			}
			tt = (b * ss + f) / e;
			if (tt < 0.0)
			{
				tt = 0.0;
				ss = -c / a;
				ss = ss < 0.0 ? 0.0 : (ss > 1.0 ? 1.0 : ss);
			}
			else if (tt > 1.0)
			{
				tt = 1.0;
				ss = (b - c) / a;
				ss = ss < 0.0 ? 0.0 : (ss > 1.0 ? 1.0 : ss);
			}
		}
	}
	*s = ss;
	*t = tt;
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
	closestSegments(p1, q1, p2, q2, &s, &t);
	npVec3 c1 = v3MulAdd(p1, s, v3Sub(q1, p1)), c2 = v3MulAdd(p2, t, v3Sub(q2, p2));
	npVec3 d = v3Sub(c2, c1);
	double dist = v3Length(d);
	double reach = rA + rB + margin;
	npManifold3 m = emptyManifold();
	if (dist > reach)
		return m;
	npVec3 n;
	if (dist > 1.0e-12 * (1.0 + v3MaxAbs(c1)))
		n = v3Scale(1.0 / dist, d);
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
			if (hi - lo > 1.0e-9 * (1.0 + hA))
			{
				double ys[2] = { lo, hi };
				for (int k = 0; k < 2; ++k)
				{
					npVec3 a = v3(0.0, ys[k], 0.0);
					npVec3 b = closestOnSegment(p2, q2, a);
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

// ---------------------------------------------------------------------------------- polyhedra

// Workspace for one polyhedron pair, A's local frame. B's vertices and planes are moved there.
typedef struct SatPair
{
	npPolyhedron3 a;                       // A, local
	npPolyhedron3 b;                       // B, local (topology; positions come from bv/bp)
	npVec3 bv[NP_MAX_HULL_VERTICES];       // B's vertices in A's frame
	npPlane3 bp[NP_MAX_HULL_FACES];        // B's planes in A's frame
	double sideSign[NP_MAX_HULL_FACES];    // scratch: per face of B, dot(normal, arc normal)
	uint16_t candidates[5][NP_MAX_HULL_HALF_EDGES / 2]; // scratch: B's edges left for the arc test
	npVec3 edgeB[NP_MAX_HULL_HALF_EDGES / 2];        // scratch: B's edge vectors (A's frame)
} SatPair;

static inline npVec3 edgeStart(const npPolyhedron3* p, const npVec3* verts, int edge)
{
	return verts[p->halfEdges[2 * edge].origin];
}
static inline npVec3 edgeEnd(const npPolyhedron3* p, const npVec3* verts, int edge)
{
	return verts[p->halfEdges[2 * edge + 1].origin];
}

// How to find the other shape's deepest vertex along a direction: a box's is picked by the signs of
// the direction in the box's own frame (its vertex i has +h on axis k when bit k of i is set), so
// a face query against a box costs one small rotation instead of a dot product per vertex.
typedef struct SupportHint
{
	bool box;           // the shape is a box whose vertices follow the npPolyhedron3 box layout
	bool local;         // the common frame is the box's own frame (toLocal is the identity)
	Mat3 toLocal;       // rotation from the common frame into the box's frame
	npVec3 center;      // the box's centre in the common frame
	npVec3 halfExtents; // the box's half extents
} SupportHint;

static inline int boxSupportIndex(const SupportHint* hint, npVec3 d)
{
	npVec3 l = hint->local ? d : matMul(&hint->toLocal, d);
	return (l.x > 0.0 ? 1 : 0) | (l.y > 0.0 ? 2 : 0) | (l.z > 0.0 ? 4 : 0);
}

// Largest separation of the other shape from p's faces: max over faces of min over the other's
// vertices of the plane distance. Stops early once a face separates by more than `stop`. Writes
// the best face and the other shape's deepest vertex for it (its support point along -normal).
// `topo`, when given, is the other shape's topology (hulls with many vertices: hill climbing).
static double queryFacesOf(const npPolyhedron3* p, const npPlane3* planes, const npVec3* others,
						   int otherCount, const SupportHint* hint, const npPolyhedron3* topo, double stop,
						   int* bestFace, int* bestVertex)
{
	double best = -DBL_MAX;
	int bestIndex = 0, bestV = 0, warm = 0;
	for (int f = 0; f < p->faceCount; ++f)
	{
		npVec3 n = planes[f].normal;
		double lo;
		int loIndex;
		if (hint != NULL && hint->box)
		{
			loIndex = boxSupportIndex(hint, v3Neg(n));
			lo = v3Dot(n, others[loIndex]);
		}
		else if (topo != NULL)
		{
			// Hill climbing over the other hull's vertex graph from the last support vertex: on a
			// convex polyhedron a vertex no neighbour improves on is the minimum.
			loIndex = warm;
			lo = v3Dot(n, others[loIndex]);
			for (int step = 0; step < otherCount; ++step)
			{
				int start = topo->vertexEdge[loIndex], e = start, guard = 0, next = loIndex;
				do
				{
					int v = topo->halfEdges[topo->halfEdges[e].twin].origin;
					double s = v3Dot(n, others[v]);
					if (s < lo)
					{
						lo = s;
						next = v;
					}
					e = topo->halfEdges[topo->halfEdges[e].twin].next;
					++guard;
				} while (e != start && guard < NP_MAX_HULL_HALF_EDGES);
				if (next == loIndex)
					break;
				loIndex = next;
			}
		}
		else
		{
			lo = DBL_MAX;
			loIndex = 0;
			for (int i = 0; i < otherCount; ++i)
			{
				double s = v3Dot(n, others[i]);
				if (s < lo)
				{
					lo = s;
					loIndex = i;
				}
			}
		}
		warm = loIndex;
		double sep = lo - planes[f].offset;
		if (sep > best)
		{
			best = sep;
			bestIndex = f;
			bestV = loIndex;
			if (sep > stop)
				break;
		}
	}
	*bestFace = bestIndex;
	*bestVertex = bestV;
	return best;
}

// Lowest plane distance of the points above plane `plane` (lowest index on ties).
static double deepestAbove(const npPlane3* plane, const npVec3* pts, int count, int* index)
{
	// Written for conditional moves (the winner is unpredictable, so branches would miss).
	npVec3 n = plane->normal;
	double lo = DBL_MAX;
	int li = 0;
	for (int i = 0; i < count; ++i)
	{
		double d = v3Dot(n, pts[i]);
		bool better = d < lo;
		li = better ? i : li;
		lo = better ? d : lo;
	}
	*index = li;
	return lo - plane->offset;
}

/// Support vertices remembered by queryFacesPruned to bound the faces it has not measured.
#define NP_KNOWN_SUPPORTS3 6

// queryFacesOf's full scan (lowest plane distance of the other shape's vertices, lowest index on
// ties), skipping faces that cannot win. Any point of the other shape bounds a face's separation
// from above (its deepest vertex is at most as far out as any of its points), so a face whose bound
// is below the best separation found so far (or below that of the face measured first) is neither
// the best face nor the first face past `stop`: scanning the rest in face order returns exactly what
// the full scan returns. The bounds come from `inner` (a point inside the other shape; a small
// tolerance covers its rounding) and from the last few support vertices found, which for two
// overlapping 32-vertex hulls leaves about 6 of 60 faces to measure. The face with the largest
// bound from `inner` is measured first.
static double queryFacesPruned(const npPolyhedron3* p, const npPlane3* planes, const npVec3* others,
							   int otherCount, npVec3 inner, double stop, int* bestFace, int* bestVertex)
{
	double bound[NP_MAX_HULL_FACES];
	int g = 0;
	for (int f = 0; f < p->faceCount; ++f)
	{
		bound[f] = v3Dot(planes[f].normal, inner) - planes[f].offset;
		g = bound[f] > bound[g] ? f : g;
	}
	int gv;
	double first = deepestAbove(planes + g, others, otherCount, &gv);
	*bestFace = g;
	*bestVertex = gv;
	// Face g alone separates the shapes: the callers only need to know that.
	if (first > stop)
		return first;
	int known[NP_KNOWN_SUPPORTS3];
	int knownCount = 1, knownNext = 1;
	known[0] = gv;
	double best = -DBL_MAX;
	int bestIndex = 0, bestV = 0;
	for (int f = 0; f < p->faceCount; ++f)
	{
		double sep;
		int v;
		if (f == g)
		{
			sep = first;
			v = gv;
		}
		else
		{
			double floor = best > first ? best : first;
			double cut = floor - 1.0e-9 * (1.0 + fabs(floor) + fabs(planes[f].offset));
			double b = bound[f];
			for (int q = 0; q < knownCount && !(b < cut); ++q)
			{
				double d = v3Dot(planes[f].normal, others[known[q]]) - planes[f].offset;
				b = d < b ? d : b;
			}
			if (b < cut)
				continue;
			sep = deepestAbove(planes + f, others, otherCount, &v);
			bool seen = false;
			for (int q = 0; q < knownCount; ++q)
				seen = seen || known[q] == v;
			if (!seen)
			{
				known[knownNext] = v;
				knownNext = (knownNext + 1) % NP_KNOWN_SUPPORTS3;
				knownCount = knownCount < NP_KNOWN_SUPPORTS3 ? knownCount + 1 : knownCount;
			}
		}
		if (sep > best)
		{
			best = sep;
			bestIndex = f;
			bestV = v;
			if (sep > stop)
				break;
		}
	}
	*bestFace = bestIndex;
	*bestVertex = bestV;
	return best;
}

// A box's faces (the box in its own frame, which is the common frame) against a point set. The
// normals are the axes, so face +k separates by min_k - h_k and face -k by -max_k - h_k, with min_k
// and max_k the extremes of the points' k coordinates: one pass over the points for all six faces.
// Same separations, ties (lowest face, lowest vertex) and early stop as queryFacesOf. (Against
// another box no pass is needed at all: queryBoxPairFaces.)
static double queryBoxFaces(npVec3 h, const npVec3* pts, int count, double stop, int* bestFace, int* bestVertex)
{
	double sep[6];
	int lo[3] = { 0, 0, 0 }, hi[3] = { 0, 0, 0 };
	for (int i = 1; i < count; ++i)
	{
		npVec3 p = pts[i];
		lo[0] = p.x < pts[lo[0]].x ? i : lo[0];
		hi[0] = p.x > pts[hi[0]].x ? i : hi[0];
		lo[1] = p.y < pts[lo[1]].y ? i : lo[1];
		hi[1] = p.y > pts[hi[1]].y ? i : hi[1];
		lo[2] = p.z < pts[lo[2]].z ? i : lo[2];
		hi[2] = p.z > pts[hi[2]].z ? i : hi[2];
	}
	// Faces in the view's order: -x, +x, -y, +y, -z, +z.
	sep[0] = -pts[hi[0]].x - h.x;
	sep[1] = pts[lo[0]].x - h.x;
	sep[2] = -pts[hi[1]].y - h.y;
	sep[3] = pts[lo[1]].y - h.y;
	sep[4] = -pts[hi[2]].z - h.z;
	sep[5] = pts[lo[2]].z - h.z;
	double best = sep[0];
	int f = 0;
	for (int g = 1; g < 6 && !(best > stop); ++g)
		if (sep[g] > best)
		{
			best = sep[g];
			f = g;
		}
	*bestFace = f;
	*bestVertex = (f & 1) ? lo[f >> 1] : hi[f >> 1];
	return best;
}

// Faces (planes in a box's frame) against that box: the box's deepest vertex along -n has -h_k
// where n_k > 0, so its plane distance is -(|n_x| h_x + |n_y| h_y + |n_z| h_z), the dot product
// rounded the same way, and its index has bit k set where n_k < 0. Same results as queryFacesOf.
static double queryFacesAgainstBox(const npPlane3* planes, int faceCount, npVec3 h, double stop, int* bestFace,
								   int* bestVertex)
{
	double best = -DBL_MAX;
	int bestIndex = 0;
	for (int f = 0; f < faceCount; ++f)
	{
		npVec3 n = planes[f].normal;
		double sep = -(fabs(n.x) * h.x + fabs(n.y) * h.y + fabs(n.z) * h.z) - planes[f].offset;
		if (sep > best)
		{
			best = sep;
			bestIndex = f;
			if (sep > stop)
				break;
		}
	}
	npVec3 n = planes[bestIndex].normal;
	*bestFace = bestIndex;
	*bestVertex = (n.x < 0.0 ? 1 : 0) | (n.y < 0.0 ? 2 : 0) | (n.z < 0.0 ? 4 : 0);
	return best;
}

// Both face queries of two boxes at once, from the relative rotation (column j: B's axis j in A's
// frame, R_kj its entry k) and B's centre c: queryBoxFaces with a box hint and queryFacesAgainstBox
// with pairs, on shared entries. fabs(h R) is h |R| exactly for h > 0, so the separations, ties,
// early stops and support vertices are theirs bit for bit:
//   A's face 2k / 2k+1:  -(r_k + c_k) - hA_k / (c_k - r_k) - hA_k,  r_k = sum_j hB_j |R_kj|
//   B's face 2j / 2j+1:  -s_j - (hB_j - d_j) / -s_j - (hB_j + d_j),  s_j = sum_k hA_k |R_kj|,
//                        d_j = column j . c
// Scalars only (no arrays indexed at run time): in wasm an indexed local array lives in linear
// memory, and every entry becomes a load.
typedef struct BoxPairFaces
{
	double sepA, sepB;
	int faceA, supportB, faceB, supportA;
} BoxPairFaces;

// Picks the better of two candidate faces in queryBoxFaces' order: `sep` replaces *best when larger,
// unless *best already passed `stop` (the scan stopped there).
static inline void betterFace(double sep, int face, double stop, double* best, int* bestFace)
{
	bool take = !(*best > stop) && sep > *best;
	*best = take ? sep : *best;
	*bestFace = take ? face : *bestFace;
}

// Support vertex bits of a direction given by its three coordinates: bit k where coordinate k > 0.
static inline int positiveBits(double x, double y, double z)
{
	return (x > 0.0 ? 1 : 0) | (y > 0.0 ? 2 : 0) | (z > 0.0 ? 4 : 0);
}

// Returns false, with only sepA written, when A's faces already separate by more than `stop`.
static bool queryBoxPairFaces(const Mat3* rot, npVec3 c, npVec3 hA, npVec3 hB, double stop, BoxPairFaces* out)
{
	const npVec3 X = rot->cx, Y = rot->cy, Z = rot->cz;
	const npVec3 aX = v3(fabs(X.x), fabs(X.y), fabs(X.z)), aY = v3(fabs(Y.x), fabs(Y.y), fabs(Y.z)),
				 aZ = v3(fabs(Z.x), fabs(Z.y), fabs(Z.z));
	double r0 = hB.x * aX.x + hB.y * aY.x + hB.z * aZ.x;
	double r1 = hB.x * aX.y + hB.y * aY.y + hB.z * aZ.y;
	double r2 = hB.x * aX.z + hB.y * aY.z + hB.z * aZ.z;
	double best = -(r0 + c.x) - hA.x;
	int f = 0;
	betterFace((c.x - r0) - hA.x, 1, stop, &best, &f);
	betterFace(-(r1 + c.y) - hA.y, 2, stop, &best, &f);
	betterFace((c.y - r1) - hA.y, 3, stop, &best, &f);
	betterFace(-(r2 + c.z) - hA.z, 4, stop, &best, &f);
	betterFace((c.z - r2) - hA.z, 5, stop, &best, &f);
	out->sepA = best;
	if (best > stop)
		return false;
	out->faceA = f;
	// Face -k of A wants B's vertex with the largest k coordinate (bits where row k of the rotation
	// is positive), face +k the smallest.
	double s = (f & 1) ? -1.0 : 1.0;
	int k = f >> 1;
	double rx = k == 0 ? X.x : (k == 1 ? X.y : X.z), ry = k == 0 ? Y.x : (k == 1 ? Y.y : Y.z),
		   rz = k == 0 ? Z.x : (k == 1 ? Z.y : Z.z);
	out->supportB = positiveBits(s * rx, s * ry, s * rz);

	double s0 = -(aX.x * hA.x + aX.y * hA.y + aX.z * hA.z);
	double s1 = -(aY.x * hA.x + aY.y * hA.y + aY.z * hA.z);
	double s2 = -(aZ.x * hA.x + aZ.y * hA.y + aZ.z * hA.z);
	double d0 = v3Dot(X, c), d1 = v3Dot(Y, c), d2 = v3Dot(Z, c);
	best = -DBL_MAX;
	f = 0;
	betterFace(s0 - (hB.x - d0), 0, stop, &best, &f);
	betterFace(s0 - (hB.x + d0), 1, stop, &best, &f);
	betterFace(s1 - (hB.y - d1), 2, stop, &best, &f);
	betterFace(s1 - (hB.y + d1), 3, stop, &best, &f);
	betterFace(s2 - (hB.z - d2), 4, stop, &best, &f);
	betterFace(s2 - (hB.z + d2), 5, stop, &best, &f);
	out->sepB = best;
	out->faceB = f;
	// Face 2j's normal is -column j, face 2j+1's +column j: A's deepest vertex has bit k set where
	// that normal is negative.
	int j = f >> 1;
	npVec3 col = j == 0 ? X : (j == 1 ? Y : Z);
	out->supportA = (f & 1) ? positiveBits(-col.x, -col.y, -col.z) : positiveBits(col.x, col.y, col.z);
	return true;
}

// Arcs (a, b) and (c, d) on the unit sphere cross (Gregorius' test): c and d lie on opposite sides
// of the plane through a and b, a and b on opposite sides of the plane through c and d, and the
// two arcs lie in the same hemisphere. bxa = b x a and dxc = d x c are passed in.
static inline bool arcsCross(double cba, double dba, double adc, double bdc)
{
	return cba * dba < 0.0 && adc * bdc < 0.0 && cba * bdc > 0.0;
}

// Gauss-map arcs of one edge: one arc for solids, two quarter arcs (n, m) and (m, -n) for flat
// shapes, where m is the edge's outward in-plane normal.
typedef struct EdgeArcs
{
	int count;
	npVec3 from[2], to[2];
} EdgeArcs;

static EdgeArcs edgeArcs(const npPolyhedron3* p, const npVec3* verts, const npPlane3* planes,
						 int edge, double sign)
{
	const npHalfEdge3* he = p->halfEdges + 2 * edge;
	npVec3 n1 = v3Scale(sign, planes[he[0].face].normal);
	npVec3 n2 = v3Scale(sign, planes[he[1].face].normal);
	EdgeArcs arcs;
	if (!p->flat)
	{
		arcs.count = 1;
		arcs.from[0] = n1;
		arcs.to[0] = n2;
		return arcs;
	}
	// Half-edge 2k runs counter-clockwise around face he[0].face, so (end - start) x n1 points out
	// of the polygon.
	npVec3 u = v3Sub(edgeEnd(p, verts, edge), edgeStart(p, verts, edge));
	npVec3 mid = v3Scale(sign, v3Normalize(v3Cross(u, planes[he[0].face].normal)));
	arcs.count = 2;
	arcs.from[0] = n1;
	arcs.to[0] = mid;
	arcs.from[1] = mid;
	arcs.to[1] = n2;
	return arcs;
}

static bool arcSetsCross(const EdgeArcs* x, const EdgeArcs* y)
{
	for (int i = 0; i < x->count; ++i)
	{
		npVec3 bxa = v3Cross(x->to[i], x->from[i]);
		for (int j = 0; j < y->count; ++j)
		{
			npVec3 dxc = v3Cross(y->to[j], y->from[j]);
			if (arcsCross(v3Dot(y->from[j], bxa), v3Dot(y->to[j], bxa), v3Dot(x->from[i], dxc),
						  v3Dot(x->to[i], dxc)))
				return true;
		}
	}
	return false;
}

// Largest separation along the cross products of edge pairs building a face of A - B.
// For a solid edge of A with face normals a, b the arc test against B's negated arc (-c, -d)
// needs c . (b x a) and d . (b x a): with the sign of n . (b x a) computed once per face n of B,
// each edge pair costs two lookups, and only the pairs passing that first test compute the rest.
// Only pairs separating more than `floor` are reported (bestA = -1 when none does): an edge axis
// is only chosen when it beats the best face by the preference tolerance, so most pairs are
// rejected by one comparison.
// Pair separation along cross(uA, uB) oriented away from A, compared with `best` without a square
// root; updates best and the pair when larger.
static inline void tryEdgePair(npVec3 pA, npVec3 uA, double uaSq, npVec3 pB, npVec3 uB, npVec3 centroidA,
							   int i, int j, double* best, int* bestA, int* bestB)
{
	npVec3 axis = v3Cross(uA, uB);
	double lenSq = v3LengthSq(axis);
	// Parallel edges: their plane is already tested as a face axis.
	if (lenSq <= 1.0e-12 * uaSq * v3LengthSq(uB))
		return;
	double num = v3Dot(axis, v3Sub(pB, pA));
	if (v3Dot(axis, v3Sub(pA, centroidA)) < 0.0)
		num = -num;
	double b = *best;
	bool better = b >= 0.0 ? (num > 0.0 && num * num > b * b * lenSq) : (num >= 0.0 || num * num < b * b * lenSq);
	if (better)
	{
		*best = num / sqrt(lenSq);
		*bestA = i;
		*bestB = j;
	}
}

// The edge query for two solids (no flat shape), B's faces at most 64. Uses the half-edge
// orientation (half-edge 2k runs counter-clockwise around its face seen from outside): then for an
// edge with vector u from face n1 (left of half-edge 2k) to face n2, n1 x n2 points along +u, so
// the arc test's triple products reduce to signs of dot products with the edge vectors:
//   C.(b x a) ~ c.uA,  D.(b x a) ~ d.uA,  a.(D x C) ~ -a.uB,  b.(D x C) ~ -b.uB
// (positive factors). The signs of B's normals against uA go into two bit masks, shared by the
// parallel edges of A (a box has 3 directions for 12 edges); B's candidate edges (normals on
// strictly opposite sides) are collected without branches.
static double queryEdgesSolid(SatPair* w, npVec3 centroidA, double floor, int* bestA, int* bestB)
{
	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	int edgesA = pa->halfEdgeCount / 2, edgesB = pb->halfEdgeCount / 2;
	double best = floor;
	*bestA = -1;
	*bestB = -1;
	for (int j = 0; j < edgesB; ++j)
		w->edgeB[j] = v3Sub(w->bv[pb->halfEdges[2 * j + 1].origin], w->bv[pb->halfEdges[2 * j].origin]);

	// Up to 3 directions of A's edges seen so far, their masks and candidate lists (the list is
	// the same for the opposite direction: the test is symmetric in pos and neg).
	npVec3 seenDir[3];
	uint64_t seenPos[3], seenNeg[3];
	int seenCount[3];
	int seen = 0;
	for (int i = 0; i < edgesA; ++i)
	{
		const npHalfEdge3* ha = pa->halfEdges + 2 * i;
		npVec3 pA = pa->vertices[ha[0].origin];
		npVec3 uA = v3Sub(pa->vertices[ha[1].origin], pA);
		uint64_t pos = 0, neg = 0;
		int slot = -1;
		for (int k = 0; k < seen && slot < 0; ++k)
		{
			npVec3 d = seenDir[k];
			if (d.x == uA.x && d.y == uA.y && d.z == uA.z)
			{
				pos = seenPos[k];
				neg = seenNeg[k];
				slot = k;
			}
			else if (d.x == -uA.x && d.y == -uA.y && d.z == -uA.z)
			{
				pos = seenNeg[k];
				neg = seenPos[k];
				slot = k;
			}
		}
		int candidates;
		if (slot < 0)
		{
			for (int f = 0; f < pb->faceCount; ++f)
			{
				double sd = v3Dot(w->bp[f].normal, uA);
				pos |= (uint64_t)(sd > 0.0) << f;
				neg |= (uint64_t)(sd < 0.0) << f;
			}
			slot = seen < 3 ? seen : 3;
			uint16_t* list = w->candidates[slot];
			candidates = 0;
			for (int j = 0; j < edgesB; ++j)
			{
				const npHalfEdge3* hb = pb->halfEdges + 2 * j;
				uint64_t c = hb[0].face, d = hb[1].face;
				list[candidates] = (uint16_t)j;
				candidates += (int)((((pos >> c) & (neg >> d)) | ((neg >> c) & (pos >> d))) & 1u);
			}
			if (seen < 3)
			{
				seenDir[seen] = uA;
				seenPos[seen] = pos;
				seenNeg[seen] = neg;
				seenCount[seen] = candidates;
				++seen;
			}
		}
		else
			candidates = seenCount[slot];
		const uint16_t* list = w->candidates[slot];
		if (candidates == 0)
			continue;
		npVec3 a = pa->planes[ha[0].face].normal, b = pa->planes[ha[1].face].normal;
		double uaSq = v3LengthSq(uA);
		// The rest of the arc test, without branches (about half the candidates fail it):
		// a.(DxC) * b.(DxC) < 0, and C.(bxa) * b.(DxC) > 0 with C.(bxa) ~ c.uA (its sign is whether
		// face c is in `pos`) and b.(DxC) ~ -b.uB.
		uint16_t* pass = w->candidates[4];
		int passCount = 0;
		for (int k = 0; k < candidates; ++k)
		{
			int j = list[k];
			npVec3 uB = w->edgeB[j];
			double au = v3Dot(a, uB), bu = v3Dot(b, uB);
			int cPositive = (int)((pos >> pb->halfEdges[2 * j].face) & 1u);
			int ok = (au * bu < 0.0) & (cPositive ? bu < 0.0 : bu > 0.0);
			pass[passCount] = (uint16_t)j;
			passCount += ok;
		}
		for (int k = 0; k < passCount; ++k)
		{
			int j = pass[k];
			tryEdgePair(pA, uA, uaSq, w->bv[pb->halfEdges[2 * j].origin], w->edgeB[j], centroidA, i, j, &best,
						bestA, bestB);
		}
	}
	return best;
}

/// Shapes with at most this many edges are checked for parallel edges (boxes have 12 edges in 3
/// directions, triangles 3).
#define NP_FEW_EDGES3 24
/// Most distinct edge directions kept by directionGroups.
#define NP_MAX_DIRECTIONS3 8

// Groups a polyhedron's edges by direction (exactly equal or opposite edge vectors, in the
// shape's own frame, where a box's parallel edges are bit-identical). Returns the number of
// groups, or -1 when there are more than NP_MAX_DIRECTIONS3.
static int directionGroups(const npPolyhedron3* p, bool box, npVec3* dirs, uint8_t* group)
{
	int count = 0;
	int edges = p->halfEdgeCount / 2;
	if (box)
	{
		// A box's edges run along its axes; vertex i has +h on axis k when bit k of i is set, so an
		// edge's two vertex indices differ in the bit of its axis (see edgeGroup).
		dirs[0] = v3(1.0, 0.0, 0.0);
		dirs[1] = v3(0.0, 1.0, 0.0);
		dirs[2] = v3(0.0, 0.0, 1.0);
		return 3;
	}
	for (int i = 0; i < edges; ++i)
	{
		npVec3 u = v3Sub(p->vertices[p->halfEdges[2 * i + 1].origin], p->vertices[p->halfEdges[2 * i].origin]);
		int g = -1;
		for (int k = 0; k < count && g < 0; ++k)
		{
			npVec3 d = dirs[k];
			if ((d.x == u.x && d.y == u.y && d.z == u.z) || (d.x == -u.x && d.y == -u.y && d.z == -u.z))
				g = k;
		}
		if (g < 0)
		{
			if (count == NP_MAX_DIRECTIONS3)
				return -1;
			dirs[count] = u;
			g = count++;
		}
		group[i] = (uint8_t)g;
	}
	return count;
}

// Direction group of edge i (directionGroups): a box's from its vertex indices, else the table.
static inline int edgeGroup(const npPolyhedron3* p, bool box, const uint8_t* group, int i)
{
	if (box)
	{
		int bits = p->halfEdges[2 * i].origin ^ p->halfEdges[2 * i + 1].origin;
		return bits == 1 ? 0 : (bits == 2 ? 1 : 2);
	}
	return group[i];
}

// The interval a shape covers along a unit axis: a box by its centre and half extents (the
// projection of a box is centre +- sum of |axis . box axis k| * h_k), anything else by its vertices.
static void projectOnAxis(const npVec3* verts, int count, const SupportHint* hint, npVec3 axis, double* lo,
						  double* hi)
{
	if (hint->box && hint->local)
	{
		double r = hint->halfExtents.x * fabs(axis.x) + hint->halfExtents.y * fabs(axis.y) +
				   hint->halfExtents.z * fabs(axis.z);
		*lo = -r;
		*hi = r;
		return;
	}
	if (hint->box)
	{
		// toLocal's rows are the box's axes in the common frame.
		const Mat3* m = &hint->toLocal;
		double c = v3Dot(axis, hint->center);
		double r = hint->halfExtents.x * fabs(m->cx.x * axis.x + m->cy.x * axis.y + m->cz.x * axis.z) +
				   hint->halfExtents.y * fabs(m->cx.y * axis.x + m->cy.y * axis.y + m->cz.y * axis.z) +
				   hint->halfExtents.z * fabs(m->cx.z * axis.x + m->cy.z * axis.y + m->cz.z * axis.z);
		*lo = c - r;
		*hi = c + r;
		return;
	}
	double a = DBL_MAX, b = -DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		double v = v3Dot(verts[i], axis);
		a = v < a ? v : a;
		b = v > b ? v : b;
	}
	*lo = a;
	*hi = b;
}

// The edge query for shapes with few edge directions (boxes, triangles, prisms): every pair of a
// direction of A and a direction of B gives one axis, measured with support points on both sides
// and in both orientations. A superset of the Gauss-map pairs, so just as exact, and for two boxes
// 9 axes instead of 144 edge pairs. Finds the best pair of directions and its unit axis (A -> B);
// supportingEdges then names the edges.
static double queryEdgeAxes(SatPair* w, const npVec3* dirsA, int countA, const npVec3* dirsB, int countB,
							const SupportHint* hintA, const SupportHint* hintB, double floor, int* bestGa, int* bestGb,
							npVec3* bestAxis)
{
	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	double best = floor;
	*bestGa = -1;
	*bestGb = -1;
	for (int ga = 0; ga < countA; ++ga)
		for (int gb = 0; gb < countB; ++gb)
		{
			npVec3 axis = v3Cross(dirsA[ga], dirsB[gb]);
			double lenSq = v3LengthSq(axis);
			if (lenSq <= 1.0e-12 * v3LengthSq(dirsA[ga]) * v3LengthSq(dirsB[gb]))
				continue;
			axis = v3Scale(1.0 / sqrt(lenSq), axis);
			double minA, maxA, minB, maxB;
			projectOnAxis(pa->vertices, pa->vertexCount, hintA, axis, &minA, &maxA);
			projectOnAxis(w->bv, pb->vertexCount, hintB, axis, &minB, &maxB);
			// Separation with B beyond A along +axis, and along -axis.
			double sepPlus = minB - maxA, sepMinus = minA - maxB;
			if (sepPlus > best)
			{
				best = sepPlus;
				*bestGa = ga;
				*bestGb = gb;
				*bestAxis = axis;
			}
			if (sepMinus > best)
			{
				best = sepMinus;
				*bestGa = ga;
				*bestGb = gb;
				*bestAxis = v3Neg(axis);
			}
		}
	return best;
}

// The same search for two boxes, without projecting: the axis a_i x b_j (A's axis i, B's axis j,
// column j of B's rotation R into A's frame) and the projections of both boxes and of B's centre c
// onto it are closed forms in the entries of R (Gottschalk's OBB overlap test), with (i, i1, i2)
// and (j, j1, j2) cyclic:
//   c . L = c_i2 R_i1j - c_i1 R_i2j,  radius of A = hA_i1 |R_i2j| + hA_i2 |R_i1j|,
//   radius of B = hB_j1 |R_ij2| + hB_j2 |R_ij1|,  |L|^2 = R_i1j^2 + R_i2j^2 (exactly the cross product's).
// The separation |c . L| - radii is compared with the best unnormalised; only the winner's axis is
// normalised (as queryEdgeAxes does, so the supporting edges come out the same).
static inline void tryBoxEdgeAxis(const double R[3][3], const double absR[3][3], const double c[3], const double a[3],
								  const double b[3], int i, int i1, int i2, int j, int j1, int j2, double* best, int* gi,
								  int* gj, double* bestLenSq, double* sign)
{
	double lenSq = R[i1][j] * R[i1][j] + R[i2][j] * R[i2][j];
	if (lenSq <= 1.0e-12)
		return;
	double s = c[i2] * R[i1][j] - c[i1] * R[i2][j];
	double radii = a[i1] * absR[i2][j] + a[i2] * absR[i1][j] + b[j1] * absR[i][j2] + b[j2] * absR[i][j1];
	double len = sqrt(lenSq);
	double num = fabs(s) - radii;
	if (num > *best * len)
	{
		*best = num / len;
		*gi = i;
		*gj = j;
		*bestLenSq = lenSq;
		*sign = s >= 0.0 ? 1.0 : -1.0;
	}
}

static double queryEdgeAxesBoxes(const Mat3* rot, npVec3 center, npVec3 hA, npVec3 hB, double floor, int* bestGa,
								 int* bestGb, npVec3* bestAxis)
{
	const double R[3][3] = { { rot->cx.x, rot->cy.x, rot->cz.x },
							 { rot->cx.y, rot->cy.y, rot->cz.y },
							 { rot->cx.z, rot->cy.z, rot->cz.z } };
	const double c[3] = { center.x, center.y, center.z };
	const double a[3] = { hA.x, hA.y, hA.z }, b[3] = { hB.x, hB.y, hB.z };
	const double absR[3][3] = { { fabs(R[0][0]), fabs(R[0][1]), fabs(R[0][2]) },
								{ fabs(R[1][0]), fabs(R[1][1]), fabs(R[1][2]) },
								{ fabs(R[2][0]), fabs(R[2][1]), fabs(R[2][2]) } };
	double best = floor, sign = 1.0, bestLenSq = 1.0;
	int gi = -1, gj = -1;
	// Written out (constant indices) so the entries stay in registers; same order as queryEdgeAxes.
	tryBoxEdgeAxis(R, absR, c, a, b, 0, 1, 2, 0, 1, 2, &best, &gi, &gj, &bestLenSq, &sign);
	tryBoxEdgeAxis(R, absR, c, a, b, 0, 1, 2, 1, 2, 0, &best, &gi, &gj, &bestLenSq, &sign);
	tryBoxEdgeAxis(R, absR, c, a, b, 0, 1, 2, 2, 0, 1, &best, &gi, &gj, &bestLenSq, &sign);
	tryBoxEdgeAxis(R, absR, c, a, b, 1, 2, 0, 0, 1, 2, &best, &gi, &gj, &bestLenSq, &sign);
	tryBoxEdgeAxis(R, absR, c, a, b, 1, 2, 0, 1, 2, 0, &best, &gi, &gj, &bestLenSq, &sign);
	tryBoxEdgeAxis(R, absR, c, a, b, 1, 2, 0, 2, 0, 1, &best, &gi, &gj, &bestLenSq, &sign);
	tryBoxEdgeAxis(R, absR, c, a, b, 2, 0, 1, 0, 1, 2, &best, &gi, &gj, &bestLenSq, &sign);
	tryBoxEdgeAxis(R, absR, c, a, b, 2, 0, 1, 1, 2, 0, &best, &gi, &gj, &bestLenSq, &sign);
	tryBoxEdgeAxis(R, absR, c, a, b, 2, 0, 1, 2, 0, 1, &best, &gi, &gj, &bestLenSq, &sign);
	*bestGa = gi;
	*bestGb = gj;
	if (gi >= 0)
	{
		const npVec3 unit[3] = { { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 }, { 0.0, 0.0, 1.0 } };
		const npVec3 col[3] = { rot->cx, rot->cy, rot->cz };
		npVec3 axis = v3Scale(1.0 / sqrt(bestLenSq), v3Cross(unit[gi], col[gj]));
		*bestAxis = sign > 0.0 ? axis : v3Neg(axis);
	}
	return best;
}

// The edges supporting the best direction pair: A's edge of that direction farthest along the axis,
// B's nearest (lowest index on ties).
static void supportingEdges(SatPair* w, const uint8_t* groupA, const uint8_t* groupB, bool boxA, bool boxB, int ga,
							int gb, npVec3 axis, int* bestA, int* bestB)
{
	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	double hiA = -DBL_MAX, loB = DBL_MAX;
	*bestA = -1;
	*bestB = -1;
	for (int i = 0; i < pa->halfEdgeCount / 2; ++i)
	{
		if (edgeGroup(pa, boxA, groupA, i) != ga)
			continue;
		double v = v3Dot(axis, pa->vertices[pa->halfEdges[2 * i].origin]);
		if (v > hiA)
		{
			hiA = v;
			*bestA = i;
		}
	}
	for (int j = 0; j < pb->halfEdgeCount / 2; ++j)
	{
		if (edgeGroup(pb, boxB, groupB, j) != gb)
			continue;
		double v = v3Dot(axis, w->bv[pb->halfEdges[2 * j].origin]);
		if (v < loB)
		{
			loB = v;
			*bestB = j;
		}
	}
}

/// Above this many edge pairs the Gauss-map scan (linear in the number of pairs) costs more than
/// locating the best axis with GJK + EPA (queryEdgesGuided).
#define NP_SAT_EDGE_PAIRS3 1024

// Of the edges leaving vertex v, the one most perpendicular to n (the edge a support vertex
// shares with the Minkowski face of normal n).
static int edgeAtVertex(const npPolyhedron3* p, const npVec3* verts, int v, npVec3 n)
{
	int start = p->vertexEdge[v], e = start, guard = 0, best = start;
	double bestCos = DBL_MAX;
	do
	{
		npVec3 u = v3Sub(verts[p->halfEdges[p->halfEdges[e].next].origin], verts[v]);
		double c = v3Dot(u, n);
		double cosSq = c * c / v3LengthSq(u);
		if (cosSq < bestCos)
		{
			bestCos = cosSq;
			best = e;
		}
		e = p->halfEdges[p->halfEdges[e].twin].next;
		++guard;
	} while (e != start && guard < NP_MAX_HULL_HALF_EDGES);
	return best / 2;
}

// The edge query for large solids: GJK + EPA (npPenetration3, whose normal is polished to the exact
// best separating axis) give the largest separation over all axes. When it does not beat the
// floor (the best face plus the preference), no edge pair can, and the scan is skipped; otherwise
// the best axis is an edge pair, found at the support vertices along the EPA normal. Sets *apart
// when the shapes are farther apart than the margin.
static double queryEdgesGuided(SatPair* w, const npShape3* a, npTransform3 xfA, const npShape3* b,
							   npTransform3 xfB, npVec3 centroidA, double floor, double margin, bool* apart,
							   int* bestA, int* bestB)
{
	*bestA = -1;
	*bestB = -1;
	*apart = false;
	npPenetrationResult3 pen = npPenetration3(a, xfA, b, xfB);
	if (!pen.overlapping)
	{
		// Separated: only the distance matters (speculative points come from the face).
		npDistanceResult3 d = npDistance3(a, xfA, b, xfB);
		*apart = d.distance > margin;
		return -DBL_MAX;
	}
	if (!(-pen.depth > floor))
		return -DBL_MAX;
	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	npVec3 n = npInvRotate3(xfA.q, pen.normal);
	int va = 0, vb = 0;
	double hi = -DBL_MAX, lo = DBL_MAX;
	for (int i = 0; i < pa->vertexCount; ++i)
	{
		double v = v3Dot(n, pa->vertices[i]);
		if (v > hi)
		{
			hi = v;
			va = i;
		}
	}
	for (int i = 0; i < pb->vertexCount; ++i)
	{
		double v = v3Dot(n, w->bv[i]);
		if (v < lo)
		{
			lo = v;
			vb = i;
		}
	}
	int ea = edgeAtVertex(pa, pa->vertices, va, n), eb = edgeAtVertex(pb, w->bv, vb, n);
	npVec3 pA = edgeStart(pa, pa->vertices, ea), uA = v3Sub(edgeEnd(pa, pa->vertices, ea), pA);
	npVec3 pB = edgeStart(pb, w->bv, eb), uB = v3Sub(edgeEnd(pb, w->bv, eb), pB);
	double best = -DBL_MAX;
	tryEdgePair(pA, uA, v3LengthSq(uA), pB, uB, centroidA, ea, eb, &best, bestA, bestB);
	return best;
}

static double queryEdges(SatPair* w, npVec3 centroidA, double floor, int* bestA, int* bestB)
{
	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	int edgesA = pa->halfEdgeCount / 2, edgesB = pb->halfEdgeCount / 2;
	double best = floor;
	*bestA = -1;
	*bestB = -1;
	bool fast = !pa->flat && !pb->flat;
	// With at most 64 faces, the signs go into a bit mask and B's candidate edges (faces on
	// opposite sides) are collected without branches: for two boxes 4 of 12 edges pass.
	bool masked = fast && pb->faceCount <= 64;
	for (int i = 0; i < edgesA; ++i)
	{
		npVec3 pA = edgeStart(pa, pa->vertices, i);
		npVec3 uA = v3Sub(edgeEnd(pa, pa->vertices, i), pA);
		double uaSq = v3LengthSq(uA);
		EdgeArcs arcA = edgeArcs(pa, pa->vertices, pa->planes, i, 1.0);
		npVec3 a = arcA.from[0], b = arcA.to[0];
		npVec3 bxa = v3Cross(b, a);
		int candidates = 0;
		if (masked)
		{
			uint64_t mask = 0;
			for (int f = 0; f < pb->faceCount; ++f)
			{
				double sd = v3Dot(w->bp[f].normal, bxa);
				w->sideSign[f] = sd;
				mask |= (uint64_t)(sd > 0.0) << f;
			}
			for (int j = 0; j < edgesB; ++j)
			{
				const npHalfEdge3* he = pb->halfEdges + 2 * j;
				w->candidates[0][candidates] = (uint16_t)j;
				candidates += (int)(((mask >> he[0].face) ^ (mask >> he[1].face)) & 1u);
			}
		}
		else
		{
			if (fast)
				for (int f = 0; f < pb->faceCount; ++f)
					w->sideSign[f] = v3Dot(w->bp[f].normal, bxa);
			for (int j = 0; j < edgesB; ++j)
				w->candidates[0][candidates++] = (uint16_t)j;
		}
		for (int k = 0; k < candidates; ++k)
		{
			int j = w->candidates[0][k];
			const npHalfEdge3* he = pb->halfEdges + 2 * j;
			if (fast)
			{
				// B's arc negated: C = -c, D = -d, so C . (b x a) = -sideSign[c] and likewise D.
				double cba = -w->sideSign[he[0].face], dba = -w->sideSign[he[1].face];
				if (!(cba * dba < 0.0))
					continue;
				npVec3 c = v3Neg(w->bp[he[0].face].normal), d = v3Neg(w->bp[he[1].face].normal);
				npVec3 dxc = v3Cross(d, c);
				if (!arcsCross(cba, dba, v3Dot(a, dxc), v3Dot(b, dxc)))
					continue;
			}
			else
			{
				EdgeArcs arcB = edgeArcs(pb, w->bv, w->bp, j, -1.0);
				if (!arcSetsCross(&arcA, &arcB))
					continue;
			}
			npVec3 pB = w->bv[he[0].origin];
			npVec3 uB = v3Sub(w->bv[he[1].origin], pB);
			npVec3 axis = v3Cross(uA, uB);
			double lenSq = v3LengthSq(axis);
			// Parallel edges: their plane is already tested as a face axis.
			if (lenSq <= 1.0e-12 * uaSq * v3LengthSq(uB))
				continue;
			// Separation along the axis pointing away from A (A's edge is A's support along it):
			// num / |axis|. Compared with `best` without a square root: most pairs lose.
			double num = v3Dot(axis, v3Sub(pB, pA));
			if (v3Dot(axis, v3Sub(pA, centroidA)) < 0.0)
				num = -num;
			bool better = best >= 0.0 ? (num > 0.0 && num * num > best * best * lenSq)
									  : (num >= 0.0 || num * num < best * best * lenSq);
			if (better)
			{
				best = num / sqrt(lenSq);
				*bestA = i;
				*bestB = j;
			}
		}
	}
	return best;
}

// One point of the polygon being clipped: its position, its feature id bits, and the feature of the
// polygon edge leaving it (an incident edge, given by its first vertex, or a side plane).
typedef struct ClipVertex
{
	npVec3 p;
	uint32_t feature;
	uint16_t edgeIsSide; // the outgoing edge lies on side plane edgeIndex (else incident edge edgeIndex)
	uint16_t edgeIndex;
} ClipVertex;

// Closest point of face f (a convex polygon of `topo` with vertices `verts`, planes `planes`) to p,
// given p's plane distance s: its projection when inside, else the nearest point of an edge it is
// outside of.
static npVec3 closestOnFace(const npPolyhedron3* topo, const npVec3* verts, const npPlane3* planes, int f,
							npVec3 p, double s)
{
	npVec3 n = planes[f].normal;
	npVec3 proj = v3MulAdd(p, -s, n);
	int start = topo->faceEdge[f], e = start, guard = 0;
	bool inside = true;
	double bestDist = DBL_MAX;
	npVec3 best = proj;
	do
	{
		const npHalfEdge3* he = topo->halfEdges + e;
		npVec3 v0 = verts[he->origin], v1 = verts[topo->halfEdges[he->next].origin];
		npVec3 sn = v3Cross(v3Sub(v1, v0), n);
		if (v3Dot(sn, v3Sub(proj, v0)) > 0.0)
		{
			inside = false;
			npVec3 c = closestOnSegment(v0, v1, proj);
			double d = v3DistanceSq(c, proj);
			if (d < bestDist)
			{
				bestDist = d;
				best = c;
			}
		}
		e = he->next;
		++guard;
	} while (e != start && guard < NP_MAX_HULL_VERTICES);
	return inside ? proj : best;
}

// Sutherland-Hodgman: keeps the part of the polygon on the negative side of plane (n, d).
// `side` identifies the plane (the first vertex of its reference face edge). Returns -1 and writes
// nothing when no vertex is outside (the common case of a small face resting on a larger one).
static int clipPolygon(const ClipVertex* in, int count, npVec3 n, double d, int side, ClipVertex* out)
{
	double dist[NP_MAX_CLIP_POINTS3];
	bool outside = false;
	for (int i = 0; i < count; ++i)
	{
		dist[i] = v3Dot(n, in[i].p) - d;
		outside |= dist[i] > 0.0;
	}
	if (!outside)
		return -1;
	int k = 0;
	const ClipVertex* prev = in + count - 1;
	double dPrev = dist[count - 1];
	for (int i = 0; i < count; ++i)
	{
		const ClipVertex* cur = in + i;
		double dCur = dist[i];
		if ((dPrev <= 0.0) != (dCur <= 0.0))
		{
			// The edge prev -> cur crosses the plane; the point lies on prev's outgoing edge.
			double t = dPrev / (dPrev - dCur);
			ClipVertex* x = out + k++;
			x->p = v3MulAdd(prev->p, t, v3Sub(cur->p, prev->p));
			x->feature = prev->edgeIsSide ? pointFeature(ID_CORNER, prev->edgeIndex, side)
										  : pointFeature(ID_EDGE_CLIP, prev->edgeIndex, side);
			if (dPrev <= 0.0)
			{
				// Leaving: the new edge runs along the side plane.
				x->edgeIsSide = 1;
				x->edgeIndex = (uint16_t)side;
			}
			else
			{
				// Entering: the edge continues as prev's edge.
				x->edgeIsSide = prev->edgeIsSide;
				x->edgeIndex = prev->edgeIndex;
			}
		}
		if (dCur <= 0.0)
			out[k++] = *cur;
		prev = cur;
		dPrev = dCur;
	}
	return k;
}

// Whether every vertex of the polygon lies inside the side planes of face `face` of a box (`box`:
// its frame relative to the common one), so that clipping would leave the polygon as it is. In the
// box's own frame the side planes of face 2k/2k+1 are |p_a| <= h_a for the two other axes a, and the
// general test (the unnormalised plane cross(v1 - v0, n), whose only non-zero entry is +-2 h_e, at
// distance dot with a vertex) keeps exactly these points: rounding is monotonic, so p_a <= h_a gives
// fl(2 h_e p_a) <= fl(2 h_e h_a). In another frame the vertices are moved into the box's with a
// tolerance far above the rounding of either computation; a vertex within it of a side is left to
// the general clipping.
static bool insideBoxFace(const ClipVertex* poly, int count, const SupportHint* box, int face)
{
	int k = face >> 1;
	npVec3 h = box->halfExtents;
	if (box->local)
	{
		// Bounds on the two in-face axes (the face's own axis gets an infinite one).
		double bx = k == 0 ? DBL_MAX : h.x, by = k == 1 ? DBL_MAX : h.y, bz = k == 2 ? DBL_MAX : h.z;
		bool inside = true;
		for (int i = 0; i < count; ++i)
			inside &= (fabs(poly[i].p.x) <= bx) & (fabs(poly[i].p.y) <= by) & (fabs(poly[i].p.z) <= bz);
		return inside;
	}
	double tol = 1.0e-9 * (1.0 + v3MaxAbs(box->center) + v3MaxAbs(h));
	h = v3(h.x - tol, h.y - tol, h.z - tol);
	for (int i = 0; i < count; ++i)
	{
		npVec3 q = matMul(&box->toLocal, v3Sub(poly[i].p, box->center));
		bool inside = (k == 0 || fabs(q.x) <= h.x) && (k == 1 || fabs(q.y) <= h.y) && (k == 2 || fabs(q.z) <= h.z);
		if (!inside)
			return false;
	}
	return true;
}

// Face contact. The reference face `ref` belongs to polyhedron `rp` (vertices rv, planes rplanes,
// all in A's frame); the incident shape is ip (vertices iv, planes iplanes). refIsA selects the
// id kind and which side gets which point.
static unsigned faceContact(const npPolyhedron3* rp, const npVec3* rv, const npPlane3* rplanes, int ref,
							const SupportHint* refBox, const npPolyhedron3* ip, const npVec3* iv, const npPlane3* iplanes, int support,
							bool incBox, bool refIsA, double margin, npManifold3* m)
{
	m->pointCount = 0;
	npVec3 n = rplanes[ref].normal;
	double offset = rplanes[ref].offset;

	// Incident face: the most anti-parallel of the faces around the other shape's support vertex
	// (its deepest point along -n), so the deepest point is on the incident polygon. Around vertex v
	// of a box (`incBox`: the incident shape has the box layout) these are the faces 2j + bit j of v,
	// measured directly instead of by walking the half-edges (dependent loads); only an exact tie
	// for the lowest, where the walk's order decides, takes the walk.
	int inc = -1;
	double lo = DBL_MAX;
	bool walk = true;
	if (incBox)
	{
		int f0 = support & 1, f1 = 2 + ((support >> 1) & 1), f2 = 4 + ((support >> 2) & 1);
		double c0 = v3Dot(iplanes[f0].normal, n), c1 = v3Dot(iplanes[f1].normal, n), c2 = v3Dot(iplanes[f2].normal, n);
		if (c0 < c1 && c0 < c2)
		{
			inc = f0;
			walk = false;
		}
		else if (c1 < c0 && c1 < c2)
		{
			inc = f1;
			walk = false;
		}
		else if (c2 < c0 && c2 < c1)
		{
			inc = f2;
			walk = false;
		}
	}
	int e, guard = 0;
	if (walk)
	{
		e = ip->vertexEdge[support];
		do
		{
			int f = ip->halfEdges[e].face;
			double c = v3Dot(iplanes[f].normal, n);
			if (c < lo)
			{
				lo = c;
				inc = f;
			}
			e = ip->halfEdges[ip->halfEdges[e].twin].next;
			++guard;
		} while (e != ip->vertexEdge[support] && guard < NP_MAX_HULL_HALF_EDGES);
	}

	static const int capacity = NP_MAX_CLIP_POINTS3;
	ClipVertex bufA[NP_MAX_CLIP_POINTS3], bufB[NP_MAX_CLIP_POINTS3];
	ClipVertex* poly = bufA;
	ClipVertex* next = bufB;
	int count = 0;
	int start = ip->faceEdge[inc];
	e = start;
	do
	{
		int v = ip->halfEdges[e].origin;
		poly[count].p = iv[v];
		poly[count].feature = pointFeature(ID_VERTEX, v, 0);
		poly[count].edgeIsSide = 0;
		poly[count].edgeIndex = (uint16_t)v;
		++count;
		e = ip->halfEdges[e].next;
	} while (e != start && count < NP_MAX_HULL_VERTICES);

	// Side planes of the reference face: through each edge, containing the normal, facing out. (A
	// box's face is skipped when the polygon lies inside it, the resting case.)
	start = rp->faceEdge[ref];
	e = start;
	guard = 0;
	if (refBox == NULL || !insideBoxFace(poly, count, refBox, ref))
	{
		do
		{
			const npHalfEdge3* he = rp->halfEdges + e;
			npVec3 v0 = rv[he->origin], v1 = rv[rp->halfEdges[he->next].origin];
			// Unnormalised: only signs and ratios of plane distances are used.
			npVec3 sn = v3Cross(v3Sub(v1, v0), n);
			int clipped = clipPolygon(poly, count, sn, v3Dot(sn, v0), he->origin, next);
			if (clipped >= 0)
			{
				count = clipped;
				ClipVertex* t = poly;
				poly = next;
				next = t;
			}
			e = he->next;
			++guard;
		} while (e != start && count > 0 && count < capacity - 2 && guard < NP_MAX_HULL_VERTICES);
	}

	uint32_t kind = refIsA ? ID_FACE_A : ID_FACE_B;
	npVec3 normal = refIsA ? n : v3Neg(n);
	uint32_t supportFeature = pointFeature(ID_VERTEX, support, 0);
	unsigned offsetMask = 0;
	// The common case, a face resting on a larger one: at most four points, all behind the
	// reference plane (+margin), the support vertex among them. The general steps below keep them
	// all, deepest first (lowest index on ties) and the others in polygon order, each reference
	// point the incident point moved by its depth along n: the same written in one pass.
	if (count > 0 && count <= NP_MAX_MANIFOLD_POINTS3)
	{
		double d[NP_MAX_MANIFOLD_POINTS3];
		bool all = true, withSupport = false;
		int i0 = 0;
		for (int i = 0; i < count; ++i)
		{
			double s = v3Dot(n, poly[i].p) - offset;
			d[i] = -s;
			all = all && s <= margin;
			withSupport = withSupport || poly[i].feature == supportFeature;
			i0 = d[i] > d[i0] ? i : i0;
		}
		if (all && withSupport)
		{
			m->normal = normal;
			m->pointCount = count;
			for (int j = 0; j < count; ++j)
			{
				int c = j == 0 ? i0 : (j - 1 < i0 ? j - 1 : j);
				npManifoldPoint3* mp = m->points + j;
				npVec3 onInc = poly[c].p;
				npVec3 onRef = v3MulAdd(onInc, d[c], n);
				mp->pointA = refIsA ? onRef : onInc;
				mp->pointB = refIsA ? onInc : onRef;
				mp->depth = d[c];
				mp->id = faceId(kind, ref, poly[c].feature);
			}
			return (1u << count) - 1u;
		}
	}

	// Keep the points behind the reference plane (+margin), compacted in place with their depths.
	double depth[NP_MAX_CLIP_POINTS3];
	int kept = 0;
	bool haveSupport = false;
	double deepest = -DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		double s = v3Dot(n, poly[i].p) - offset;
		if (s <= margin)
		{
			if (kept != i)
				poly[kept] = poly[i];
			depth[kept] = -s;
			deepest = -s > deepest ? -s : deepest;
			haveSupport |= poly[i].feature == supportFeature;
			++kept;
		}
	}
	// The support vertex fixes the overlap along n. When a side plane cut it off (it lies just
	// outside the reference face, which happens when an edge axis nearly ties with this face), it
	// is added anyway: then moving B by the deepest depth along the normal separates the shapes, as
	// the depth convention promises. Its reference point is the point of the reference face nearest
	// to its projection: on the reference plane, so the depth is the same, and on the shape.
	int extra = -1;
	if (!haveSupport)
	{
		// Ties (a flat incident face level with the kept points) are not worth an extra point.
		double s = v3Dot(n, iv[support]) - offset;
		double tie = 1.0e-12 * (1.0 + (offset < 0.0 ? -offset : offset));
		if (s <= margin && -s > deepest + tie)
		{
			poly[kept].p = iv[support];
			poly[kept].feature = supportFeature;
			depth[kept] = -s;
			extra = kept;
			++kept;
		}
	}
	int chosen[NP_MAX_MANIFOLD_POINTS3];
	int k;
	if (kept <= NP_MAX_MANIFOLD_POINTS3)
	{
		// All of them, deepest first (lowest index on ties), the others in polygon order: what
		// npReduceContacts3 does for so few points, without copying the positions out.
		int i0 = 0;
		for (int i = 1; i < kept; ++i)
			i0 = depth[i] > depth[i0] ? i : i0;
		chosen[0] = i0;
		k = 1;
		for (int i = 0; i < kept; ++i)
			if (i != i0)
				chosen[k++] = i;
		k = kept;
	}
	else
	{
		npVec3 pos[NP_MAX_CLIP_POINTS3];
		for (int i = 0; i < kept; ++i)
			pos[i] = poly[i].p;
		k = npReduceContacts3(pos, depth, kept, n, chosen);
	}
	m->normal = normal;
	for (int i = 0; i < k; ++i)
	{
		int c = chosen[i];
		npVec3 onInc = poly[c].p;
		uint32_t id = faceId(kind, ref, poly[c].feature);
		if (c == extra)
		{
			npVec3 onRef = closestOnFace(rp, rv, rplanes, ref, onInc, -depth[c]);
			if (refIsA)
				pushPoint(m, onRef, onInc, normal, id);
			else
				pushPoint(m, onInc, onRef, normal, id);
			continue;
		}
		// The reference point is the incident point moved by its depth along n, so pointA - pointB
		// is depth * normal either way round and the depth is known.
		npManifoldPoint3* mp = m->points + m->pointCount++;
		npVec3 onRef = v3MulAdd(onInc, depth[c], n);
		mp->pointA = refIsA ? onRef : onInc;
		mp->pointB = refIsA ? onInc : onRef;
		mp->depth = depth[c];
		mp->id = id;
		offsetMask |= 1u << i;
	}
	return offsetMask;
}

// Closest points of two segments as an edge-edge contact along `axis` (A -> B).
static void edgeContact(npVec3 pA, npVec3 qA, npVec3 pB, npVec3 qB, npVec3 axis, uint32_t id, npManifold3* m)
{
	double s, t;
	closestSegments(pA, qA, pB, qB, &s, &t);
	m->normal = axis;
	m->pointCount = 0;
	pushPoint(m, v3MulAdd(pA, s, v3Sub(qA, pA)), v3MulAdd(pB, t, v3Sub(qB, pB)), axis, id);
}

static void moveToFrame(const npPolyhedron3* p, const Mat3* rot, npVec3 offset, npVec3* verts, npPlane3* planes)
{
	const Mat3 r = *rot;
	for (int i = 0; i < p->vertexCount; ++i)
		verts[i] = v3Add(matMul(&r, p->vertices[i]), offset);
	for (int f = 0; f < p->faceCount; ++f)
	{
		npVec3 n = matMul(&r, p->planes[f].normal);
		planes[f].normal = n;
		planes[f].offset = p->planes[f].offset + v3Dot(n, offset);
	}
}

// moveToFrame for a box of half extents h: vertex i is offset + R (+-h), the sign on axis k from bit
// k of i, and R (+-h) is the sum of +-(h_k times column k of R), which rounds exactly as matMul
// does (a factor -h_k instead of h_k only flips a sign), so the four sums of the x and y terms are
// shared. Face 2k has normal -column k, face 2k+1 +column k.
static void moveBoxToFrame(npVec3 h, const Mat3* r, npVec3 offset, npVec3* verts, npPlane3* planes)
{
	npVec3 ex = v3Scale(h.x, r->cx), ey = v3Scale(h.y, r->cy), ez = v3Scale(h.z, r->cz);
	npVec3 nex = v3Neg(ex), nez = v3Neg(ez);
	const npVec3 xy[4] = { v3Sub(nex, ey), v3Sub(ex, ey), v3Add(nex, ey), v3Add(ex, ey) };
	for (int i = 0; i < 4; ++i)
	{
		verts[i] = v3Add(v3Add(xy[i], nez), offset);
		verts[i + 4] = v3Add(v3Add(xy[i], ez), offset);
	}
	double dx = v3Dot(r->cx, offset), dy = v3Dot(r->cy, offset), dz = v3Dot(r->cz, offset);
	planes[0] = (npPlane3){ v3Neg(r->cx), h.x - dx };
	planes[1] = (npPlane3){ r->cx, h.x + dx };
	planes[2] = (npPlane3){ v3Neg(r->cy), h.y - dy };
	planes[3] = (npPlane3){ r->cy, h.y + dy };
	planes[4] = (npPlane3){ v3Neg(r->cz), h.z - dz };
	planes[5] = (npPlane3){ r->cz, h.z + dz };
}

static npVec3 centroidOf(const npPolyhedron3* p, const npVec3* verts)
{
	npVec3 c = v3(0.0, 0.0, 0.0);
	for (int i = 0; i < p->vertexCount; ++i)
		c = v3Add(c, verts[i]);
	return v3Scale(1.0 / (double)p->vertexCount, c);
}

// The generic polyhedron routine (see the top of the file), writing into *m in A's local frame;
// returns -1 when it stopped early (m empty, nothing to move), else the offset mask for
// toWorldWith (bit i: point i's pointA is pointB + depth * normal). Boxes take cheaper
// sub-steps where their layout allows (face queries by axes and sign bits, B's vertices from three
// scaled axes, the edge axes of two boxes in closed form); each gives the same result as the
// general step up to rounding.
static int collidePolyhedraLocal(const npShape3* polyA, const npTransform3* xfA, const npShape3* polyB,
								 const npTransform3* xfB, double margin, npManifold3* m)
{
	m->pointCount = 0;
	m->normal = v3(0.0, 0.0, 0.0);
	SatPair w;
	if (polyA == NULL || polyB == NULL || !getPolyhedron(polyA, &w.a))
		return -1;
	bool boxA = polyA->type == NP_SHAPE_BOX3, boxB = polyB->type == NP_SHAPE_BOX3;
	if (boxA && boxB)
	{
		// Only B's topology is read (bv and bp below replace its vertices and planes): two boxes
		// share one, so B borrows A's instead of filling a view of its own.
		w.b.vertexCount = w.a.vertexCount;
		w.b.faceCount = w.a.faceCount;
		w.b.halfEdgeCount = w.a.halfEdgeCount;
		w.b.flat = false;
		w.b.halfEdges = w.a.halfEdges;
		w.b.faceEdge = w.a.faceEdge;
		w.b.vertexEdge = w.a.vertexEdge;
		w.b.vertices = NULL;
		w.b.planes = NULL;
	}
	else if (!getPolyhedron(polyB, &w.b))
		return -1;
	npTransform3 rel = npInvMulTransforms3(*xfA, *xfB);
	Mat3 rot = quatToMat(rel.q);
	if (boxB)
		moveBoxToFrame(polyB->halfExtents, &rot, rel.p, w.bv, w.bp);
	else
		moveToFrame(&w.b, &rot, rel.p, w.bv, w.bp);

	// Hill climbing pays off on hulls with many vertices (a hull's vertex graph has vertexEdge).
	const npPolyhedron3* climbB = polyB->type == NP_SHAPE_HULL3 && w.b.vertexCount > 48 ? &w.b : NULL;
	const npPolyhedron3* climbA = polyA->type == NP_SHAPE_HULL3 && w.a.vertexCount > 48 ? &w.a : NULL;
	SupportHint hintB, hintA;
	hintB.box = boxB;
	hintB.local = false;
	// The transpose of B's rotation (B -> A) maps A's frame into B's.
	hintB.toLocal.cx = v3(rot.cx.x, rot.cy.x, rot.cz.x);
	hintB.toLocal.cy = v3(rot.cx.y, rot.cy.y, rot.cz.y);
	hintB.toLocal.cz = v3(rot.cx.z, rot.cy.z, rot.cz.z);
	hintB.center = rel.p;
	hintB.halfExtents = polyB->halfExtents;
	hintA.box = boxA;
	hintA.local = true;
	hintA.halfExtents = polyA->halfExtents;

	int faceA, faceB, supportB, supportA;
	// Two boxes: both face queries at once, from the relative rotation.
	BoxPairFaces q = { 0.0, 0.0, 0, 0, 0, 0 };
	bool pair = boxA && boxB;
	if (pair && (!queryBoxPairFaces(&rot, rel.p, polyA->halfExtents, polyB->halfExtents, margin, &q) || q.sepB > margin))
		return -1;
	faceA = q.faceA;
	faceB = q.faceB;
	supportA = q.supportA;
	supportB = q.supportB;
	double sepA = pair ? q.sepA : boxA && climbB == NULL
					  ? queryBoxFaces(polyA->halfExtents, w.bv, w.b.vertexCount, margin, &faceA, &supportB)
					  : (!boxB && climbB == NULL && w.b.vertexCount > 8 && polyB->type == NP_SHAPE_HULL3
							 ? queryFacesPruned(&w.a, w.a.planes, w.bv, w.b.vertexCount,
												v3Add(matMul(&rot, polyB->hull->centroid), rel.p), margin, &faceA,
												&supportB)
							 : queryFacesOf(&w.a, w.a.planes, w.bv, w.b.vertexCount, &hintB, climbB, margin, &faceA,
											&supportB));
	if (sepA > margin)
		return -1;
	double sepB = pair ? q.sepB : boxA ? queryFacesAgainstBox(w.bp, w.b.faceCount, polyA->halfExtents, margin, &faceB, &supportA)
					   : (climbA == NULL && w.a.vertexCount > 8 && polyA->type == NP_SHAPE_HULL3
							  ? queryFacesPruned(&w.b, w.bp, w.a.vertices, w.a.vertexCount, polyA->hull->centroid,
												 margin, &faceB, &supportA)
							  : queryFacesOf(&w.b, w.bp, w.a.vertices, w.a.vertexCount, &hintA, climbA, margin,
											 &faceB, &supportA));
	if (sepB > margin)
		return -1;
	// A box's centroid is its origin (the vertex sum cancels exactly).
	npVec3 centroidA = boxA ? v3(0.0, 0.0, 0.0) : centroidOf(&w.a, w.a.vertices);
	int edgeA, edgeB;
	double faceBest = (sepB > sepA + NP_FACE_PREFERENCE3 ? sepB : sepA) + NP_FACE_PREFERENCE3;
	double floor = faceBest < margin ? faceBest : margin;
	double sepE;
	npVec3 dirsA[NP_MAX_DIRECTIONS3], dirsB[NP_MAX_DIRECTIONS3];
	uint8_t groupA[NP_FEW_EDGES3], groupB[NP_FEW_EDGES3];
	int countA = boxA ? 3 : (w.a.halfEdgeCount / 2 <= NP_FEW_EDGES3 ? directionGroups(&w.a, false, dirsA, groupA) : -1);
	int countB = countA < 0 ? -1
							: (boxB ? 3
									: (w.b.halfEdgeCount / 2 <= NP_FEW_EDGES3 ? directionGroups(&w.b, false, dirsB, groupB)
																			   : -1));
	if (countA > 0 && countB > 0)
	{
		int ga, gb;
		npVec3 axis;
		if (boxA && boxB)
			sepE = queryEdgeAxesBoxes(&rot, rel.p, polyA->halfExtents, polyB->halfExtents, floor, &ga, &gb, &axis);
		else
		{
			if (boxA)
				directionGroups(&w.a, true, dirsA, groupA);
			if (boxB)
				directionGroups(&w.b, true, dirsB, groupB);
			// B's directions were grouped in B's frame (exact); move them to A's.
			for (int k = 0; k < countB; ++k)
				dirsB[k] = matMul(&rot, dirsB[k]);
			sepE = queryEdgeAxes(&w, dirsA, countA, dirsB, countB, &hintA, &hintB, floor, &ga, &gb, &axis);
		}
		edgeA = edgeB = -1;
		if (ga >= 0)
			supportingEdges(&w, groupA, groupB, boxA, boxB, ga, gb, axis, &edgeA, &edgeB);
	}
	else if (!w.a.flat && !w.b.flat && (w.a.halfEdgeCount / 2) * (w.b.halfEdgeCount / 2) > NP_SAT_EDGE_PAIRS3)
	{
		bool apart;
		sepE = queryEdgesGuided(&w, polyA, *xfA, polyB, *xfB, centroidA, floor, margin, &apart, &edgeA, &edgeB);
		if (apart)
			return -1;
	}
	else if (!w.a.flat && !w.b.flat && w.b.faceCount <= 64)
		sepE = queryEdgesSolid(&w, centroidA, floor, &edgeA, &edgeB);
	else
		sepE = queryEdges(&w, centroidA, floor, &edgeA, &edgeB);
	if (edgeA >= 0 && sepE > margin)
		return -1;

	// Biased choice: A's face, then B's face, then the edge pair.
	int choice = 0;
	double sep = sepA;
	if (sepB > sep + NP_FACE_PREFERENCE3)
	{
		choice = 1;
		sep = sepB;
	}
	if (edgeA >= 0 && sepE > sep + NP_FACE_PREFERENCE3)
		choice = 2;

	unsigned offsetMask = 0;
	if (choice == 0)
		offsetMask = faceContact(&w.a, w.a.vertices, w.a.planes, faceA, boxA ? &hintA : NULL, &w.b, w.bv, w.bp, supportB, boxB, true,
								  margin, m);
	else if (choice == 1)
		offsetMask = faceContact(&w.b, w.bv, w.bp, faceB, boxB ? &hintB : NULL, &w.a, w.a.vertices, w.a.planes, supportA, boxA,
								  false, margin, m);
	if (m->pointCount == 0 && edgeA >= 0 && sepE <= margin)
	{
		// Edge axis (or a face axis whose clipped polygon came out empty, which only happens for
		// separated shapes): one point between the two edges.
		npVec3 pA = edgeStart(&w.a, w.a.vertices, edgeA), qA = edgeEnd(&w.a, w.a.vertices, edgeA);
		npVec3 pB = edgeStart(&w.b, w.bv, edgeB), qB = edgeEnd(&w.b, w.bv, edgeB);
		npVec3 axis = v3Normalize(v3Cross(v3Sub(qA, pA), v3Sub(qB, pB)));
		if (v3Dot(axis, v3Sub(pA, centroidA)) < 0.0)
			axis = v3Neg(axis);
		edgeContact(pA, qA, pB, qB, axis, edgeId(edgeA, edgeB), m);
		offsetMask = 0;
		if (m->points[0].depth < -margin)
			m->pointCount = 0;
	}
	return (int)offsetMask;
}

static void collidePolyhedra(const npShape3* polyA, const npTransform3* xfA, const npShape3* polyB,
							 const npTransform3* xfB, double margin, npManifold3* m)
{
	int offsetMask = collidePolyhedraLocal(polyA, xfA, polyB, xfB, margin, m);
	if (offsetMask < 0)
		return;
	Mat3 rA = quatToMat(xfA->q);
	toWorldWith(m, &rA, xfA->p, (unsigned)offsetMask);
}

static bool usableTransform(const npTransform3* xf);

// The public polyhedron pairs check their transforms as npCollide3 does: a NaN or zero quaternion
// made the separating-axis search pick no face (-1) and the clipper read before the hull's arrays.
npManifold3 npCollidePolyhedra(const npShape3* polyA, npTransform3 xfA, const npShape3* polyB,
							   npTransform3 xfB, double margin)
{
	npManifold3 m = emptyManifold();
	if (usableTransform(&xfA) && usableTransform(&xfB))
		collidePolyhedra(polyA, &xfA, polyB, &xfB, margin, &m);
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

// The capsule is its segment (p, q) in A's frame plus radius r. The segment is a degenerate
// polyhedron whose Gauss map is the whole great circle perpendicular to it, so the SAT axes are
// A's face normals and the cross products of the segment with every edge of A whose arc crosses
// that circle (its two face normals lie on opposite sides of the plane perpendicular to the segment).
static void collidePolyhedronAndCapsule(const npShape3* polyA, const npTransform3* xfA, const npShape3* capsuleB,
										const npTransform3* xfB, double margin, npManifold3* m)
{
	m->pointCount = 0;
	m->normal = v3(0.0, 0.0, 0.0);
	npPolyhedron3 pa;
	if (polyA == NULL || capsuleB == NULL || capsuleB->type != NP_SHAPE_CAPSULE3 ||
		!getPolyhedron(polyA, &pa))
		return;
	npTransform3 rel = npInvMulTransforms3(*xfA, *xfB);
	npVec3 axisB = npRotate3(rel.q, v3(0.0, capsuleB->halfHeight, 0.0));
	npVec3 seg[2] = { v3Sub(rel.p, axisB), v3Add(rel.p, axisB) };
	double r = capsuleB->radius;
	double reach = r + margin;

	// Face axes.
	int face, endpoint;
	bool box = polyA->type == NP_SHAPE_BOX3;
	double sepF = box ? queryBoxFaces(polyA->halfExtents, seg, 2, reach, &face, &endpoint)
					  : queryFacesOf(&pa, pa.planes, seg, 2, NULL, NULL, reach, &face, &endpoint);
	if (sepF > reach)
		return;

	// Edge axes.
	npVec3 u = v3Sub(seg[1], seg[0]);
	npVec3 centroidA = box ? v3(0.0, 0.0, 0.0) : centroidOf(&pa, pa.vertices);
	double sepE = -DBL_MAX;
	int bestEdge = -1;
	npVec3 bestAxis = v3(0.0, 0.0, 0.0);
	int edges = pa.halfEdgeCount / 2;
	for (int i = 0; i < edges; ++i)
	{
		const npHalfEdge3* he = pa.halfEdges + 2 * i;
		npVec3 pA = pa.vertices[he[0].origin];
		npVec3 uA = v3Sub(pa.vertices[he[1].origin], pA);
		if (!pa.flat)
		{
			double s1 = v3Dot(pa.planes[he[0].face].normal, u);
			double s2 = v3Dot(pa.planes[he[1].face].normal, u);
			if (!(s1 * s2 < 0.0))
				continue;
		}
		// A flat shape's half-circle arc always crosses the great circle (unless parallel).
		npVec3 axis = v3Cross(uA, u);
		double lenSq = v3LengthSq(axis);
		if (lenSq <= 1.0e-12 * v3LengthSq(uA) * v3LengthSq(u))
			continue;
		axis = v3Scale(1.0 / sqrt(lenSq), axis);
		if (v3Dot(axis, v3Sub(pA, centroidA)) < 0.0)
			axis = v3Neg(axis);
		double sep = v3Dot(axis, v3Sub(seg[0], pA));
		if (sep > sepE)
		{
			sepE = sep;
			bestEdge = i;
			bestAxis = axis;
		}
	}
	if (sepE > reach)
		return;

	bool useFace = bestEdge < 0 || !(sepE > sepF + NP_FACE_PREFERENCE3);
	double sepBest = sepE > sepF ? sepE : sepF;
	// The cores are apart. SAT's separation is then only a lower bound of their distance (a segment
	// end near a vertex, or the segment parallel to an edge, has its closest point direction on none
	// of the axes), so the distance is measured by GJK, unless the face realises it: the whole
	// segment is on the face's outer side (sepF >= 0, the smaller plane distance of its ends) and its
	// deeper end lies over the face (inside all its side planes), so that end is sepF from the face
	// and no point of the segment is closer to the shape (the common resting capsule).
	if (sepBest > 0.0 && !(useFace && sepF >= 0.0 && overFace(&pa, box ? &polyA->halfExtents : NULL, face, seg[endpoint])))
	{
		npPair3 pair;
		npGjkResult3 g;
		npMakePair3(&pair, polyA, *xfA, capsuleB, *xfB);
		npGjk3(&pair, reach, &g);
		if (g.early || g.distance > reach)
			return;
		double tol = 1.0e-9 * (1.0 + g.scale);
		if (!(useFace && sepF >= g.distance - tol) && g.distance > tol)
		{
			npVec3 n = v3Scale(1.0 / g.distance, v3Sub(g.pointB, g.pointA));
			m->normal = n;
			pushPoint(m, g.pointA, v3MulAdd(g.pointB, -r, n), n, closedFormId(0));
			toWorld(m, *xfA);
			return;
		}
	}
	if (useFace)
	{
		// Face: clip the segment against the face's side planes (a two-point "polygon").
		npVec3 n = pa.planes[face].normal;
		double offset = pa.planes[face].offset;
		double t0 = 0.0, t1 = 1.0;
		uint32_t f0 = pointFeature(ID_VERTEX, 0, 0), f1 = pointFeature(ID_VERTEX, 1, 0);
		int start = pa.faceEdge[face], e = start, guard = 0;
		do
		{
			const npHalfEdge3* he = pa.halfEdges + e;
			npVec3 v0 = pa.vertices[he->origin], v1 = pa.vertices[pa.halfEdges[he->next].origin];
			// Unnormalised: only signs and ratios of plane distances are used.
		npVec3 sn = v3Cross(v3Sub(v1, v0), n);
			double d0 = v3Dot(sn, seg[0]) - v3Dot(sn, v0);
			double du = v3Dot(sn, u);
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
		if (t0 <= t1)
		{
			double ts[2] = { t0, t1 };
			uint32_t fs[2] = { f0, f1 };
			int count = t1 - t0 > 1.0e-12 ? 2 : 1;
			double dd[2];
			npVec3 pp[2];
			int kept = 0;
			uint32_t ff[2];
			for (int k = 0; k < count; ++k)
			{
				npVec3 c = v3MulAdd(seg[0], ts[k], u);
				double s = v3Dot(n, c) - offset;
				if (s <= reach)
				{
					pp[kept] = c;
					dd[kept] = r - s;
					ff[kept] = fs[k];
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
			if (kept == 0 && sepF <= reach)
			{
				// Both clipped ends are too far; the deeper end of the whole segment sets the
				// overlap along the face normal.
				pp[0] = seg[endpoint];
				dd[0] = r - sepF;
				ff[0] = pointFeature(ID_VERTEX, endpoint, 0);
				kept = 1;
			}
			m->normal = n;
			for (int k = 0; k < kept; ++k)
			{
				double s = r - dd[k];
				pushPoint(m, v3MulAdd(pp[k], -s, n), v3MulAdd(pp[k], -r, n), n,
						  faceId(ID_FACE_A, face, ff[k]));
			}
		}
	}
	if (m->pointCount == 0 && useFace && bestEdge < 0 && sepF <= reach)
	{
		// The segment misses the face's prism and no edge axis exists: the deeper end.
		npVec3 n = pa.planes[face].normal;
		npVec3 c = seg[endpoint];
		m->normal = n;
		pushPoint(m, v3MulAdd(c, -sepF, n), v3MulAdd(c, -r, n), n,
				  faceId(ID_FACE_A, face, pointFeature(ID_VERTEX, endpoint, 0)));
	}
	if (m->pointCount == 0 && bestEdge >= 0)
	{
		const npHalfEdge3* he = pa.halfEdges + 2 * bestEdge;
		npVec3 pA = pa.vertices[he[0].origin], qA = pa.vertices[he[1].origin];
		double s, t;
		closestSegments(pA, qA, seg[0], seg[1], &s, &t);
		npVec3 cA = v3MulAdd(pA, s, v3Sub(qA, pA)), cB = v3MulAdd(seg[0], t, u);
		m->normal = bestAxis;
		pushPoint(m, cA, v3MulAdd(cB, -r, bestAxis), bestAxis, edgeId(bestEdge, 0));
		if (m->points[0].depth < -margin)
			m->pointCount = 0;
	}
	toWorld(m, *xfA);
}

npManifold3 npCollidePolyhedronAndCapsule(const npShape3* polyA, npTransform3 xfA,
										  const npShape3* capsuleB, npTransform3 xfB, double margin)
{
	npManifold3 m = emptyManifold();
	if (usableTransform(&xfA) && usableTransform(&xfB))
		collidePolyhedronAndCapsule(polyA, &xfA, capsuleB, &xfB, margin, &m);
	return m;
}

// ---------------------------------------------------------------------------------- sphere vs polyhedron

// A sphere of radius r centred at c (A's frame) against polyhedron A, into *m (in A's frame). A box
// needs no polyhedron view: its deepest face comes from the centre's coordinates and the closest
// point of its surface to an outside centre is the centre clamped to the box (the point the general
// face walk finds, up to rounding).
static void polyhedronAndSphere(const npShape3* polyA, npVec3 c, double r, double margin, npManifold3* m)
{
	m->pointCount = 0;
	m->normal = v3(0.0, 0.0, 0.0);
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
	if (sepF >= 0.0)
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
			for (int f = 0; f < faceCount; ++f)
			{
				double s = v3Dot(planes[f].normal, c) - planes[f].offset;
				if (s < 0.0)
					continue;
				npVec3 q = closestOnFace(&pa, pa.vertices, planes, f, c, s);
				double d = v3DistanceSq(q, c);
				if (d < bestDist)
				{
					bestDist = d;
					best = q;
				}
			}
		}
		double dist = sqrt(bestDist);
		if (dist > r + margin)
			return;
		if (dist > 1.0e-12 * (1.0 + v3MaxAbs(c)))
		{
			npVec3 n = v3Scale(1.0 / dist, v3Sub(c, best));
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

// Sphere B against polyhedron A in world space: the centre is moved into A's frame with A's
// rotation matrix, which then brings the result back.
static void collidePolyhedronAndSphere(const npShape3* polyA, const npTransform3* xfA, const npShape3* sphereB,
									   const npTransform3* xfB, double margin, npManifold3* m)
{
	m->pointCount = 0;
	m->normal = v3(0.0, 0.0, 0.0);
	if (polyA == NULL || sphereB == NULL || sphereB->type != NP_SHAPE_SPHERE || !isPolyhedron(polyA))
		return;
	Mat3 r = quatToMat(xfA->q);
	npVec3 d = v3Sub(xfB->p, xfA->p);
	npVec3 c = v3(v3Dot(r.cx, d), v3Dot(r.cy, d), v3Dot(r.cz, d));
	polyhedronAndSphere(polyA, c, sphereB->radius, margin, m);
	toWorldWith(m, &r, xfA->p, 0u);
}

npManifold3 npCollidePolyhedronAndSphere(const npShape3* polyA, npTransform3 xfA,
										 const npShape3* sphereB, npTransform3 xfB, double margin)
{
	npManifold3 m = emptyManifold();
	if (usableTransform(&xfA) && usableTransform(&xfB))
		collidePolyhedronAndSphere(polyA, &xfA, sphereB, &xfB, margin, &m);
	return m;
}

// ---------------------------------------------------------------------------------- dispatch

// A transform npMakeTransform3 could have built: finite, bounded, (nearly) unit quaternion.
static bool usableTransform(const npTransform3* xf)
{
	double qq = xf->q.x * xf->q.x + xf->q.y * xf->q.y + xf->q.z * xf->q.z + xf->q.w * xf->q.w;
	return fabs(xf->p.x) <= NP_HUGE && fabs(xf->p.y) <= NP_HUGE && fabs(xf->p.z) <= NP_HUGE && qq >= 0.999 &&
		   qq <= 1.001;
}

// npCollide3 writing into *m (all paths fill the caller's manifold; the polyhedron pairs, the
// common case in a game, without an intermediate copy), for transforms known to be usable.
static void collideMade(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
						const npTransform3* xfB, double margin, npManifold3* m)
{
	m->pointCount = 0;
	m->normal = v3(0.0, 0.0, 0.0);
	if (shapeA == NULL || shapeB == NULL || !(margin >= 0.0) || margin > NP_HUGE)
		return;
	npShapeType3 ta = shapeA->type, tb = shapeB->type;
	bool rA = ta == NP_SHAPE_SPHERE || ta == NP_SHAPE_CAPSULE3;
	bool rB = tb == NP_SHAPE_SPHERE || tb == NP_SHAPE_CAPSULE3;
	if (!rA && !isPolyhedron(shapeA))
		return;
	if (!rB && !isPolyhedron(shapeB))
		return;
	if (!rA && !rB)
		collidePolyhedra(shapeA, xfA, shapeB, xfB, margin, m);
	else if (ta == NP_SHAPE_SPHERE && tb == NP_SHAPE_SPHERE)
		*m = npCollideSpheres(shapeA, *xfA, shapeB, *xfB, margin);
	else if (ta == NP_SHAPE_CAPSULE3 && tb == NP_SHAPE_CAPSULE3)
		*m = npCollideCapsules3(shapeA, *xfA, shapeB, *xfB, margin);
	else if (ta == NP_SHAPE_CAPSULE3 && tb == NP_SHAPE_SPHERE)
		*m = npCollideCapsuleAndSphere(shapeA, *xfA, shapeB, *xfB, margin);
	else if (ta == NP_SHAPE_SPHERE && tb == NP_SHAPE_CAPSULE3)
	{
		*m = npCollideCapsuleAndSphere(shapeB, *xfB, shapeA, *xfA, margin);
		flipManifold(m);
	}
	else if (tb == NP_SHAPE_SPHERE)
		collidePolyhedronAndSphere(shapeA, xfA, shapeB, xfB, margin, m);
	else if (tb == NP_SHAPE_CAPSULE3)
		collidePolyhedronAndCapsule(shapeA, xfA, shapeB, xfB, margin, m);
	else if (ta == NP_SHAPE_SPHERE)
	{
		collidePolyhedronAndSphere(shapeB, xfB, shapeA, xfA, margin, m);
		flipManifold(m);
	}
	else
	{
		collidePolyhedronAndCapsule(shapeB, xfB, shapeA, xfA, margin, m);
		flipManifold(m);
	}
}

// collideMade after checking the transforms (npCollide3's may come from anywhere).
static void collide3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
					 const npTransform3* xfB, double margin, npManifold3* m)
{
	// NaN fails every comparison, so non-finite input is rejected here too.
	if (!usableTransform(xfA) || !usableTransform(xfB))
	{
		m->pointCount = 0;
		m->normal = v3(0.0, 0.0, 0.0);
		return;
	}
	collideMade(shapeA, xfA, shapeB, xfB, margin, m);
}

npManifold3 npCollide3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
					   npTransform3 xfB, double margin)
{
	npManifold3 m;
	collide3(shapeA, &xfA, shapeB, &xfB, margin, &m);
	return m;
}

// Writes the manifold as doubles (npCollideFlat3's layout). With r given, m is in A's frame and is
// moved to world space on the way (r, p: A's rotation and position; offsetMask as for toWorldWith,
// through the same pointToWorld); without, m is copied as it is.
static int writeFlat(const npManifold3* m, const Mat3* r, npVec3 p, unsigned offsetMask, double* out)
{
	npVec3 n = r != NULL ? matMul(r, m->normal) : m->normal;
	out[0] = n.x;
	out[1] = n.y;
	out[2] = n.z;
	for (int i = 0; i < m->pointCount; ++i)
	{
		const npManifoldPoint3* mp = m->points + i;
		npVec3 pB = mp->pointB, pA = mp->pointA;
		if (r != NULL)
			pointToWorld(mp, r, p, n, (offsetMask >> i) & 1u, &pA, &pB);
		double* o = out + 3 + 8 * i;
		o[0] = pA.x;
		o[1] = pA.y;
		o[2] = pA.z;
		o[3] = pB.x;
		o[4] = pB.y;
		o[5] = pB.z;
		o[6] = mp->depth;
		o[7] = (double)mp->id;
	}
	return m->pointCount;
}

int npCollideFlat3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB, const npTransform3* xfB,
				   double margin, double* out)
{
	npManifold3 m;
	// Polyhedron pairs: moved from A's frame straight into `out` (one pass instead of toWorldWith
	// and a copy).
	if (shapeA != NULL && shapeB != NULL && margin >= 0.0 && margin <= NP_HUGE && isPolyhedron(shapeA) &&
		isPolyhedron(shapeB))
	{
		int offsetMask = collidePolyhedraLocal(shapeA, xfA, shapeB, xfB, margin, &m);
		if (offsetMask >= 0)
		{
			Mat3 rA = quatToMat(xfA->q);
			return writeFlat(&m, &rA, xfA->p, (unsigned)offsetMask, out);
		}
	}
	else
		collideMade(shapeA, xfA, shapeB, xfB, margin, &m);
	return writeFlat(&m, NULL, v3(0.0, 0.0, 0.0), 0u, out);
}
