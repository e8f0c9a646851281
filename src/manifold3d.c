// 3D contact manifolds: the pair entry points, npCollide3's dispatch by shape types, and the
// polyhedron pair (box, hull, triangle) from A's local frame to world space. The work is split by
// job:
//  - rounded3d.c: closed forms for spheres and capsules, the closest feature for a sphere against a
//    polyhedron, and a capsule against a polyhedron;
//  - sat3d.c and satedges3d.c: the separating-axis search of a polyhedron pair (Dirk Gregorius,
//    "The Separating Axis Test between convex polyhedra", GDC 2013);
//  - clip3d.c: the face contact once a face axis is chosen (Randy Gaul's manifold generation,
//    lifted to 3D): clipping and contact reduction.
//
// The polyhedron routine is one routine for every pair:
//  1. Work in A's local frame: B's vertices and planes are moved there once (a box's from three
//     scaled axes: moveBoxToFrame; two boxes share one topology, so B borrows A's).
//  2. Find the separating axis with the least penetration (npFindSatAxis3), with a bias for A's
//     face, then B's face, then an edge pair; stop as soon as an axis separates beyond the margin.
//  3. Face axis: clip the incident face against the reference face (npFaceContact3). Edge axis (or
//     a face axis whose clipped polygon came out empty, which only happens for separated shapes):
//     one point at the closest points of the two edges.
//  4. Move the result to world space with A's rotation matrix, rebuilding a face contact's pointA
//     as pointB + depth * normal; for the wasm shim that move writes its io block directly
//     (npCollideFlat3).
// Sub-steps take shortcuts where the shapes' layout allows, each giving the general step's result:
// the same face, vertex and feature choices, values equal up to rounding (a choice can only differ
// when two candidates tie to rounding), and the clipping inputs bit for bit, so the point
// reduction's near ties fall the same way. In wasm the speed of this routine depends on code shape
// more than on instruction counts: time changes there from Node (bench/node_bench3d.mjs).
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"
#include "closest3d.h"
#include "codesize.h"
#include "tiny3d.h"

#include <float.h>
#include <stddef.h>

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

// ---------------------------------------------------------------------------------- polyhedra

static void moveToFrame(const npPolyhedron3* p, const npMat3* rot, npVec3 offset, npVec3* verts, npPlane3* planes)
{
	const npMat3 r = *rot;
	for (int i = 0; i < p->vertexCount; ++i)
		verts[i] = v3Add(npMat3Mul(&r, p->vertices[i]), offset);
	for (int f = 0; f < p->faceCount; ++f)
	{
		npVec3 n = npMat3Mul(&r, p->planes[f].normal);
		planes[f].normal = n;
		planes[f].offset = p->planes[f].offset + v3Dot(n, offset);
	}
}

// moveToFrame for a box of half extents h: vertex i is offset + R (+-h), the sign on axis k from bit
// k of i, and R (+-h) is the sum of +-(h_k times column k of R), which rounds exactly as npMat3Mul
// does (a factor -h_k instead of h_k only flips a sign), so the four sums of the x and y terms are
// shared. Face 2k has normal -column k, face 2k+1 +column k.
// (Inlined into setupSatPair as it was before the warm box routine shared it: npMoveBoxToFrame3.)
__attribute__((always_inline)) static inline void moveBoxToFrame(npVec3 h, const npMat3* r, npVec3 offset,
																 npVec3* verts, npPlane3* planes)
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

void npMoveBoxToFrame3(npVec3 h, const npMat3* r, npVec3 offset, npVec3* verts, npPlane3* planes)
{
	moveBoxToFrame(h, r, offset, verts, planes);
}

// Step 1: the pair in A's frame, with the support hints of both shapes (B's seen from A's frame).
// False when either shape has no polyhedron view.
static bool setupSatPair(SatPair* w, const npShape3* polyA, const npTransform3* xfA, const npShape3* polyB,
						 const npTransform3* xfB)
{
	if (polyA == NULL || polyB == NULL || !getPolyhedron(polyA, &w->a))
		return false;
	npPlaceSatPair(w, polyA, xfA, polyB, xfB);
	w->boxA = polyA->type == NP_SHAPE_BOX3;
	w->boxB = polyB->type == NP_SHAPE_BOX3;
	if (w->boxA && w->boxB)
	{
		// Only B's topology is read (bv and bp below replace its vertices and planes): two boxes
		// share one, so B borrows A's instead of filling a view of its own.
		w->b.vertexCount = w->a.vertexCount;
		w->b.faceCount = w->a.faceCount;
		w->b.halfEdgeCount = w->a.halfEdgeCount;
		w->b.flat = false;
		w->b.halfEdges = w->a.halfEdges;
		w->b.faceEdge = w->a.faceEdge;
		w->b.vertexEdge = w->a.vertexEdge;
		w->b.vertices = NULL;
		w->b.planes = NULL;
	}
	else if (!getPolyhedron(polyB, &w->b))
		return false;

	if (w->boxB)
		moveBoxToFrame(polyB->halfExtents, &w->rot, w->rel.p, w->bv, w->bp);
	else
		moveToFrame(&w->b, &w->rot, w->rel.p, w->bv, w->bp);

	w->hintB.box = w->boxB;
	w->hintB.local = false;
	// The transpose of B's rotation (B -> A) maps A's frame into B's.
	w->hintB.toLocal = npMat3Transpose(&w->rot);
	w->hintB.center = w->rel.p;
	w->hintB.halfExtents = polyB->halfExtents;
	w->hintA.box = w->boxA;
	w->hintA.local = true;
	w->hintA.halfExtents = polyA->halfExtents;
	return true;
}

// The edge pair's axis from the edges' unit directions, B's edge taken in its own frame and turned:
// for an edge a few subnormals long (a box 5e-324 thick) whose end points, moved into A's frame,
// coincide (z = 23.75 + 5e-324 is 23.75), so their difference and its cross product are zero,
// though the search found the pair's axis from the directions.
// Two boxes share one topology and B keeps no vertices of its own (setupSatPair): its edge's
// direction is then that of the same edge of A's box, by the signs of its coordinates (a box edge
// runs along one axis; the signs stay exact for a box 5e-324 thick).
static npVec3 edgeAxisFromDirections(const SatPair* w, int edgeA, int edgeB)
{
	npVec3 dA = v3Sub(edgeEnd(&w->a, w->a.vertices, edgeA), edgeStart(&w->a, w->a.vertices, edgeA));
	npVec3 dB;
	if (w->b.vertices != NULL)
		dB = v3Normalize(v3Sub(edgeEnd(&w->b, w->b.vertices, edgeB), edgeStart(&w->b, w->b.vertices, edgeB)));
	else
	{
		npVec3 d = v3Sub(edgeEnd(&w->b, w->a.vertices, edgeB), edgeStart(&w->b, w->a.vertices, edgeB));
		dB = v3((double)((d.x > 0.0) - (d.x < 0.0)), (double)((d.y > 0.0) - (d.y < 0.0)), (double)((d.z > 0.0) - (d.z < 0.0)));
	}
	return v3Normalize(v3Cross(v3Normalize(dA), npMat3Mul(&w->rot, dB)));
}

// The vertex of `verts` farthest along d, and a second one within `tol` of it along d (the first
// again when none is): the support feature, a vertex or a segment on the support plane (inside
// the shape, which is convex).
static void supportFeature(const npVec3* verts, int count, npVec3 d, double tol, npVec3* p, npVec3* q)
{
	int first = 0, second = -1;
	double hi = -DBL_MAX, next = -DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		double x = v3Dot(d, verts[i]);
		if (x > hi)
		{
			second = first;
			next = hi;
			first = i;
			hi = x;
		}
		else if (x > next)
		{
			second = i;
			next = x;
		}
	}
	*p = verts[first];
	*q = second >= 0 && hi - next <= tol ? verts[second] : verts[first];
}

// A flat shape's centroid lies in its plane and need not orient an edge axis across it: two flat
// hulls crossing by 282 got the axis reversed and no contact (fuzz_pairs3d). The axis is then the
// one of its two senses along which the shapes overlap less (vertex scans), and the contact joins
// the nearest points of the two shapes' support features along it (each a vertex, or a segment of
// two vertices on the support plane). It was A's deepest vertex with its image on B's support
// plane, which can lie off B: a contact point 0.6 to the side of B's support edge (fuzz_pairs3d's
// check that contact points lie within their shapes).
NP_COLD __attribute__((noinline)) static void flatEdgeContact(const SatPair* w, npVec3 axis, double margin, uint32_t id, npManifold3* m)
{
	double loA = DBL_MAX, hiA = -DBL_MAX, loB = DBL_MAX, hiB = -DBL_MAX, size = 0.0;
	npScanInterval3(w->a.vertices, w->a.vertexCount, axis, &loA, &hiA, &size);
	npScanInterval3(w->bv, w->b.vertexCount, axis, &loB, &hiB, &size);
	bool reverse = hiB - loA < hiA - loB;
	npVec3 n = reverse ? v3Neg(axis) : axis;
	npVec3 pA, qA, pB, qB;
	supportFeature(w->a.vertices, w->a.vertexCount, n, 1.0e-9 * size, &pA, &qA);
	supportFeature(w->bv, w->b.vertexCount, v3Neg(n), 1.0e-9 * size, &pB, &qB);
	double s, t;
	npClosestSegments3(pA, qA, pB, qB, &s, &t);
	m->normal = n;
	m->pointCount = 0;
	pushPoint(m, v3MulAdd(pA, s, v3Sub(qA, pA)), v3MulAdd(pB, t, v3Sub(qB, pB)), n, id);
	if (m->points[0].depth < -margin)
		m->pointCount = 0;
}

// Step 3 for an edge axis: one point at the closest points of the two edges, along their cross
// product oriented away from A (flatEdgeContact for a flat shape when the depth there disagrees
// with the search's separation, and for an axis found by vertex scans, whose edges need not be the
// supports).
static void edgePairContact(const SatPair* w, const SatAxis* sat, double margin, npManifold3* m)
{
	int edgeA = sat->edge.edgeA, edgeB = sat->edge.edgeB;
	npVec3 pA = edgeStart(&w->a, w->a.vertices, edgeA), qA = edgeEnd(&w->a, w->a.vertices, edgeA);
	npVec3 pB = edgeStart(&w->b, w->bv, edgeB), qB = edgeEnd(&w->b, w->bv, edgeB);
	npVec3 axis = v3Normalize(v3Cross(v3Sub(qA, pA), v3Sub(qB, pB)));
	if (axis.x == 0.0 && axis.y == 0.0 && axis.z == 0.0)
		axis = edgeAxisFromDirections(w, edgeA, edgeB);
	if (v3Dot(axis, v3Sub(pA, sat->centroidA)) < 0.0)
		axis = v3Neg(axis);
	double s, t;
	npClosestSegments3(pA, qA, pB, qB, &s, &t);
	npVec3 onA = v3MulAdd(pA, s, v3Sub(qA, pA)), onB = v3MulAdd(pB, t, v3Sub(qB, pB));
	// With a flat shape the edges' depth along the axis must be the search's separation: a depth off
	// it means an axis in the wrong sense or edges that are not the supports (two flat hulls
	// overlapping by 17.49 got a normal along which they overlap by 119, and by 139.2 one along
	// which they overlap by 187, the edges' points 89.2 deep: fuzz_pairs3d).
	double depth = v3Dot(v3Sub(onA, onB), axis);
	double slack = 1.0e-9 * (v3MaxAbs(onA) + v3MaxAbs(onB) + fabs(depth));
	bool flat = w->a.flat || w->b.flat;
	if (sat->edgeScanned || (flat && (depth < -margin || fabs(depth + sat->edge.separation) > slack)))
	{
		flatEdgeContact(w, axis, margin, edgeId(edgeA, edgeB), m);
		return;
	}
	m->normal = axis;
	m->pointCount = 0;
	pushPoint(m, onA, onB, axis, edgeId(edgeA, edgeB));
	if (m->points[0].depth < -margin)
		m->pointCount = 0;
}

// The generic polyhedron routine (see the top of the file), writing into *m in A's local frame;
// returns -1 when it stopped early (m empty, nothing to move), else the offset mask for
// toWorldWith (bit i: point i's pointA is pointB + depth * normal). With `state` (a contact cache's
// memory, else NULL) the search starts from last frame's faces and is told what it found.
static int collidePolyhedraWarm(const npShape3* polyA, const npTransform3* xfA, const npShape3* polyB,
								const npTransform3* xfB, double margin, const npWarmState3* state, npManifold3* m)
{
	npSatCache3* warm = state != NULL ? state->sat : NULL;
	npWarmStats3* stats = state != NULL ? state->stats : NULL;
	clearManifold(m);
	SatPair w;
	SatAxis sat;
	if (!setupSatPair(&w, polyA, xfA, polyB, xfB) || !npFindSatAxisWarm3(&w, margin, warm, &sat))
		return -1;
	if (warm != NULL)
	{
		stats->searched += 1;
		stats->edgesSkipped += sat.edgesSkipped ? 1u : 0u;
		bool reused = sat.choice == 0 ? sat.faceA.face == warm->faceA : (sat.choice == 1 && sat.faceB.face == warm->faceB);
		stats->faceReused += reused ? 1u : 0u;
		warm->faceA = sat.faceA.face;
		warm->faceB = sat.faceB.face;
	}

	const ClipShape a = { &w.a, w.a.vertices, w.a.planes, w.boxA ? &w.hintA : NULL, npLooseHull3(w.shapeA) };
	const ClipShape b = { &w.b, w.bv, w.bp, w.boxB ? &w.hintB : NULL, npLooseHull3(w.shapeB) };
	unsigned offsetMask = 0;
	if (sat.choice == 0)
	{
		const FaceClip clip = { a, sat.faceA.face, b, sat.faceA.vertex, true, margin };
		offsetMask = npFaceContact3(&clip, m);
	}
	else if (sat.choice == 1)
	{
		const FaceClip clip = { b, sat.faceB.face, a, sat.faceB.vertex, false, margin };
		offsetMask = npFaceContact3(&clip, m);
	}
	else if (sat.choice == 3)
	{
		m->normal = sat.closestNormal;
		pushPoint(m, sat.closestA, sat.closestB, sat.closestNormal, closedFormId(0));
		return 0;
	}
	if (m->pointCount == 0 && sat.edge.edgeA >= 0 && sat.edge.separation <= margin)
	{
		edgePairContact(&w, &sat, margin, m);
		offsetMask = 0;
	}
	return (int)offsetMask;
}

static int collidePolyhedraLocal(const npShape3* polyA, const npTransform3* xfA, const npShape3* polyB,
								 const npTransform3* xfB, double margin, npManifold3* m)
{
	return collidePolyhedraWarm(polyA, xfA, polyB, xfB, margin, NULL, m);
}

static void collidePolyhedra(const npShape3* polyA, const npTransform3* xfA, const npShape3* polyB,
							 const npTransform3* xfB, double margin, npManifold3* m)
{
	int offsetMask = collidePolyhedraLocal(polyA, xfA, polyB, xfB, margin, m);
	if (offsetMask < 0)
		return;
	npMat3 rA = npQuatToMat3(xfA->q);
	toWorldWith(m, &rA, xfA->p, (unsigned)offsetMask);
}

npManifold3 npCollidePolyhedra(const npShape3* polyA, npTransform3 xfA, const npShape3* polyB,
							   npTransform3 xfB, double margin)
{
	npManifold3 m = emptyManifold();
	if (npUsableTransform3(&xfA) && npUsableTransform3(&xfB))
		collidePolyhedra(polyA, &xfA, polyB, &xfB, margin, &m);
	return m;
}

// ---------------------------------------------------------------------------------- dispatch

// npCollide3 writing into *m (all paths fill the caller's manifold; the polyhedron pairs, the
// common case in a game, without an intermediate copy), for transforms known to be usable.
static void collideMade(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
						const npTransform3* xfB, double margin, npManifold3* m)
{
	clearManifold(m);
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
		npCollidePolyhedronSphere3(shapeA, xfA, shapeB, xfB, margin, m);
	else if (tb == NP_SHAPE_CAPSULE3)
		npCollidePolyhedronCapsule3(shapeA, xfA, shapeB, xfB, margin, m);
	else if (ta == NP_SHAPE_SPHERE)
	{
		npCollidePolyhedronSphere3(shapeB, xfB, shapeA, xfA, margin, m);
		flipManifold(m);
	}
	else
	{
		npCollidePolyhedronCapsule3(shapeB, xfB, shapeA, xfA, margin, m);
		flipManifold(m);
	}
}

// Tiny pairs (tiny3d.h, as npPenetration3): shapes, offset and margin all below 2^-100 are collided
// scaled by steps of 2^100 and the points and depths scaled back (normal and ids unchanged). The
// closed forms and the clipping multiply up to six lengths, which underflow from about 1e-55: two
// capsules 5e-91 across got 219 of 276 manifolds wrong, a sphere on a hull all of them. Hulls are
// never copied, so never scaled (npPairTinySteps3 gives 0).
NP_COLD __attribute__((noinline)) static void collideTiny(const npShape3* shapeA, const npTransform3* xfA,
														  const npShape3* shapeB, const npTransform3* xfB, double margin,
														  int up, npManifold3* m)
{
	npTinyPair3 t;
	npMakeTinyPair3(shapeA, *xfA, shapeB, *xfB, up, &t);
	collideMade(&t.a, &t.xfA, &t.b, &t.xfB, npTimesPow100(margin, up), m);
	for (int i = 0; i < m->pointCount; ++i)
	{
		npManifoldPoint3* p = m->points + i;
		p->pointA = npUnscaleTinyPoint3(p->pointA, up, xfA->p);
		p->pointB = npUnscaleTinyPoint3(p->pointB, up, xfA->p);
		p->depth = npTimesPow100(p->depth, -up);
	}
}

// collideMade after checking the transforms (npCollide3's may come from anywhere).
static void collide3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
					 const npTransform3* xfB, double margin, npManifold3* m)
{
	// NaN fails every comparison, so non-finite input is rejected here too.
	if (!npUsableTransform3(xfA) || !npUsableTransform3(xfB))
	{
		clearManifold(m);
		return;
	}
	npVec3 d = v3Sub(xfB->p, xfA->p);
	if (v3MaxAbs(d) < NP_TINY3 && shapeA != NULL && shapeB != NULL && margin >= 0.0)
	{
		int up = npPairTinySteps3(shapeA, shapeB, d, margin);
		if (up > 0)
		{
			collideTiny(shapeA, xfA, shapeB, xfB, margin, up, m);
			return;
		}
	}
	collideMade(shapeA, xfA, shapeB, xfB, margin, m);
}

int npCollideWarm3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB, const npTransform3* xfB,
				   double margin, const npWarmState3* warm, npManifold3* m)
{
	if (!isPolyhedron(shapeA) || !isPolyhedron(shapeB))
	{
		collideMade(shapeA, xfA, shapeB, xfB, margin, m);
		return -1;
	}
	int offsetMask = shapeA->type == NP_SHAPE_BOX3 && shapeB->type == NP_SHAPE_BOX3
						 ? npCollideWarmBoxes3(shapeA, xfA, shapeB, xfB, margin, warm, m)
						 : npCollideWarmFaces3(shapeA, xfA, shapeB, xfB, margin, warm, m);
	if (offsetMask == -2)
		offsetMask = collidePolyhedraWarm(shapeA, xfA, shapeB, xfB, margin, warm, m);
	return offsetMask < 0 ? -1 : offsetMask;
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
static int writeFlat(const npManifold3* m, const npMat3* r, npVec3 p, unsigned offsetMask, double* out)
{
	npVec3 n = r != NULL ? npMat3Mul(r, m->normal) : m->normal;
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
			npMat3 rA = npQuatToMat3(xfA->q);
			return writeFlat(&m, &rA, xfA->p, (unsigned)offsetMask, out);
		}
	}
	else
		collideMade(shapeA, xfA, shapeB, xfB, margin, &m);
	return writeFlat(&m, NULL, v3(0.0, 0.0, 0.0), 0u, out);
}
