// Two boxes in a contact cache: the polyhedron routine (manifold3d.c) cut down to the case a
// persistent pair of boxes is in almost every frame, one box resting on a face of the other.
//
// For two boxes the routine's search is closed-form already (sat3d.c: both face queries from the
// entries of the relative rotation, Gottschalk's OBB test), and the cache proves its 9 edge axes
// unnecessary without measuring them (npNoEdgeAxisWinsBoxes3, warm3d.c). What is left of a frame is
// the general machinery around them: the pair set-up with support hints, the axis choice, and the
// clipper (clip3d.c) with its incident-polygon records, buffers and reduction. When A's face is the
// reference face and B's incident face lies inside it (Ericson, RTCD 5.2.1's box-box contact; Catto,
// "Contact Manifolds", GDC 2007: the incident face clipped against the reference face's side planes
// is left as it is), the clipper's answer is its resting case: B's four face vertices, deepest first,
// each with its reference point moved up by its depth. This file computes exactly that, with the
// clipper's own expressions in the same order (incidentFace, insideBoxFace, emitResting), so the
// result is the routine's bit for bit. Any other case (B's face the reference, an edge axis not
// ruled out, an exact tie between incident faces, a vertex outside the reference face or above the
// margin) returns -2 and the cache runs the whole routine.
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"

#include <float.h>

// B's incident face for A's face with normal n, around B's support vertex: of the three faces 2j +
// bit j there, the one most anti-parallel to n (clip3d.c's incidentFace); -1 on an exact tie, where
// the clipper walks the half-edges.
static int incidentBoxFace(const npPlane3* bp, int support, npVec3 n)
{
	int f0 = support & 1, f1 = 2 + ((support >> 1) & 1), f2 = 4 + ((support >> 2) & 1);
	double c0 = v3Dot(bp[f0].normal, n), c1 = v3Dot(bp[f1].normal, n), c2 = v3Dot(bp[f2].normal, n);
	if (c0 < c1 && c0 < c2)
		return f0;
	if (c1 < c0 && c1 < c2)
		return f1;
	if (c2 < c0 && c2 < c1)
		return f2;
	return -1;
}

// B's face `inc` (A's frame) against A's face `ref` (A's own frame: the side planes are |p_k| <= h_k
// on the two other axes): when the face lies inside them, the clipper keeps its vertices behind the
// reference plane (+margin), which include the support vertex, and emits them deepest first (lowest
// index on ties), the others in polygon order, each reference point the vertex moved up by its depth
// (emitResting, or keepBehindPlane, chooseContacts and emitChosen). Returns the point count, or -1.
static int restingOnFace(const SatPair* w, int ref, int inc, int support, double margin, npManifold3* m)
{
	const npPolyhedron3* topo = &w->a; // two boxes share one topology
	npVec3 h = w->shapeA->halfExtents;
	int k = ref >> 1;
	double bx = k == 0 ? DBL_MAX : h.x, by = k == 1 ? DBL_MAX : h.y, bz = k == 2 ? DBL_MAX : h.z;
	npPlane3 plane = w->a.planes[ref];
	npVec3 p[4];
	int vertex[4];
	double d[4];
	bool inside = true, withSupport = false;
	int kept = 0, e = topo->faceEdge[inc];
	for (int i = 0; i < 4; ++i)
	{
		int v = topo->halfEdges[e].origin;
		e = topo->halfEdges[e].next;
		npVec3 q = w->bv[v];
		inside &= (fabs(q.x) <= bx) & (fabs(q.y) <= by) & (fabs(q.z) <= bz);
		double s = v3Dot(plane.normal, q) - plane.offset;
		if (s <= margin)
		{
			p[kept] = q;
			vertex[kept] = v;
			d[kept++] = -s;
			withSupport = withSupport || v == support;
		}
	}
	if (!(inside && withSupport))
		return -1;

	int i0 = 0;
	for (int i = 1; i < kept; ++i)
		i0 = d[i] > d[i0] ? i : i0;
	m->normal = plane.normal;
	m->pointCount = kept;
	for (int j = 0; j < kept; ++j)
	{
		int i = j == 0 ? i0 : (j - 1 < i0 ? j - 1 : j);
		npManifoldPoint3* mp = m->points + j;
		mp->pointA = v3MulAdd(p[i], d[i], plane.normal);
		mp->pointB = p[i];
		mp->depth = d[i];
		mp->id = faceId(ID_FACE_A, ref, pointFeature(ID_VERTEX, vertex[i], 0));
	}
	return kept;
}

int npCollideWarmBoxes3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
						const npTransform3* xfB, double margin, npSatCache3* warm, npWarmStats3* stats, npManifold3* m)
{
	SatPair w;
	if (!getPolyhedron(shapeA, &w.a))
		return -2;
	w.shapeA = shapeA;
	w.shapeB = shapeB;
	w.xfA = xfA;
	w.xfB = xfB;
	w.boxA = w.boxB = true;
	w.rel = npInvMulTransforms3(*xfA, *xfB);
	w.rot = npQuatToMat3(w.rel.q);

	// The search's face queries; apart, the routine returns an empty manifold and counts nothing.
	SatAxis sat;
	if (!npQueryBoxPairFaces3(&w, margin, &sat.faceA, &sat.faceB) || sat.faceB.separation > margin)
	{
		clearManifold(m);
		return -1;
	}
	double sepA = sat.faceA.separation, sepB = sat.faceB.separation;
	if (sepB > sepA + NP_FACE_PREFERENCE3)
		return -2;
	double faceBest = sepA + NP_FACE_PREFERENCE3;
	double floor = faceBest < margin ? faceBest : margin;
	npMoveBoxToFrame3(shapeB->halfExtents, &w.rot, w.rel.p, w.bv, w.bp);
	if (!npNoEdgeAxisWinsBoxes3(&w, &sat, floor))
		return -2;

	// A's face is the reference (choice 0): the clipper's incident face and resting case.
	int ref = sat.faceA.face, support = sat.faceA.vertex;
	int inc = incidentBoxFace(w.bp, support, w.a.planes[ref].normal);
	int count = inc < 0 ? -1 : restingOnFace(&w, ref, inc, support, margin, m);
	if (count < 0)
		return -2;

	// What the routine records (collidePolyhedraWarm).
	stats->searched += 1;
	stats->edgesSkipped += 1;
	stats->faceReused += ref == warm->faceA ? 1u : 0u;
	warm->faceA = ref;
	warm->faceB = sat.faceB.face;
	return (1 << count) - 1;
}
