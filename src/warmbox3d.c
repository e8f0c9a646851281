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

// The reference face's side planes (clip3d.c's insideBoxFace): A's face in A's own frame, where they
// are |p_k| <= h_k on the two other axes; B's face through B's frame, with a tolerance far above the
// rounding (a vertex within it of a side is left to the clipper).
typedef struct RefBox
{
	npMat3 toLocal; // A's frame into the reference box's (B's face only)
	npVec3 center;  // the reference box's centre in A's frame (B's face only)
	npVec3 bound;   // bounds on the in-face axes (DBL_MAX on the face's own axis)
	bool local;     // the reference face is A's
} RefBox;

static RefBox refBoxOf(const SatPair* w, bool refIsA, int ref)
{
	RefBox r;
	int k = ref >> 1;
	r.local = refIsA;
	npVec3 h = refIsA ? w->shapeA->halfExtents : w->shapeB->halfExtents;
	if (!refIsA)
	{
		r.toLocal = npMat3Transpose(&w->rot);
		r.center = w->rel.p;
		double tol = 1.0e-9 * (1.0 + v3MaxAbs(r.center) + v3MaxAbs(h));
		h = v3(h.x - tol, h.y - tol, h.z - tol);
	}
	r.bound = v3(k == 0 ? DBL_MAX : h.x, k == 1 ? DBL_MAX : h.y, k == 2 ? DBL_MAX : h.z);
	return r;
}

static bool insideRef(const RefBox* r, npVec3 p)
{
	npVec3 q = r->local ? p : npMat3Mul(&r->toLocal, v3Sub(p, r->center));
	return (fabs(q.x) <= r->bound.x) & (fabs(q.y) <= r->bound.y) & (fabs(q.z) <= r->bound.z);
}

// The incident box's face `inc` (vertices `verts`, the topology both boxes share) against the
// reference face `ref` (plane in A's frame): when the face lies inside the reference face's side
// planes, the clipper keeps its vertices behind the reference plane (+margin), which include the
// support vertex, and emits them deepest first (lowest index on ties), the others in polygon order,
// each reference point the vertex moved along the normal by its depth (emitResting, or
// keepBehindPlane, chooseContacts and emitChosen). Returns the point count, or -1.
static int restingOnFace(const SatPair* w, const FaceClip* c, const npVec3* verts, int inc, npManifold3* m)
{
	const npPolyhedron3* topo = &w->a;
	RefBox box = refBoxOf(w, c->refIsA, c->refFace);
	npPlane3 plane = c->ref.planes[c->refFace];
	npVec3 p[4];
	int vertex[4];
	double d[4];
	bool inside = true, withSupport = false;
	int kept = 0, e = topo->faceEdge[inc];
	for (int i = 0; i < 4; ++i)
	{
		int v = topo->halfEdges[e].origin;
		e = topo->halfEdges[e].next;
		npVec3 q = verts[v];
		inside &= insideRef(&box, q);
		double s = v3Dot(plane.normal, q) - plane.offset;
		if (s <= c->margin)
		{
			p[kept] = q;
			vertex[kept] = v;
			d[kept++] = -s;
			withSupport = withSupport || v == c->support;
		}
	}
	if (!(inside && withSupport))
		return -1;

	int i0 = 0;
	for (int i = 1; i < kept; ++i)
		i0 = d[i] > d[i0] ? i : i0;
	uint32_t kind = c->refIsA ? ID_FACE_A : ID_FACE_B;
	m->normal = c->refIsA ? plane.normal : v3Neg(plane.normal);
	m->pointCount = kept;
	for (int j = 0; j < kept; ++j)
	{
		int i = j == 0 ? i0 : (j - 1 < i0 ? j - 1 : j);
		npManifoldPoint3* mp = m->points + j;
		npVec3 onRef = v3MulAdd(p[i], d[i], plane.normal);
		mp->pointA = c->refIsA ? onRef : p[i];
		mp->pointB = c->refIsA ? p[i] : onRef;
		mp->depth = d[i];
		mp->id = faceId(kind, c->refFace, pointFeature(ID_VERTEX, vertex[i], 0));
	}
	return kept;
}

int npCollideWarmBoxes3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
						const npTransform3* xfB, double margin, const npWarmState3* state, npManifold3* m)
{
	npSatCache3* warm = state->sat;
	npWarmStats3* stats = state->stats;
	SatPair w;
	if (!getPolyhedron(shapeA, &w.a))
		return -2;
	npPlaceSatPair(&w, shapeA, xfA, shapeB, xfB);
	w.boxA = w.boxB = true;

	// The search's face queries; apart, the routine returns an empty manifold and counts nothing.
	SatAxis sat;
	if (!npQueryBoxPairFaces3(&w, margin, &sat.faceA, &sat.faceB) || sat.faceB.separation > margin)
	{
		clearManifold(m);
		return -1;
	}
	double sepA = sat.faceA.separation, sepB = sat.faceB.separation;
	int choice = sepB > sepA + NP_FACE_PREFERENCE3 ? 1 : 0;
	double faceBest = (choice == 1 ? sepB : sepA) + NP_FACE_PREFERENCE3;
	double floor = faceBest < margin ? faceBest : margin;
	npMoveBoxToFrame3(shapeB->halfExtents, &w.rot, w.rel.p, w.bv, w.bp);
	if (!npNoEdgeAxisWinsBoxes3(&w, &sat, floor))
		return -2;

	// The clipper's incident face and resting case (only the fields read here are filled).
	const ClipShape a = { &w.a, w.a.vertices, w.a.planes, NULL };
	const ClipShape b = { &w.a, w.bv, w.bp, NULL };
	const FaceClip clip = choice == 0 ? (FaceClip){ a, sat.faceA.face, b, sat.faceA.vertex, true, margin }
									  : (FaceClip){ b, sat.faceB.face, a, sat.faceB.vertex, false, margin };
	int inc = npIncidentBoxFace3(clip.inc.planes, clip.support, clip.ref.planes[clip.refFace].normal);
	int count = inc < 0 ? -1 : restingOnFace(&w, &clip, clip.inc.verts, inc, m);
	if (count < 0)
		return -2;

	// What the routine records (collidePolyhedraWarm).
	stats->searched += 1;
	stats->edgesSkipped += 1;
	stats->faceReused += (choice == 0 ? sat.faceA.face == warm->faceA : sat.faceB.face == warm->faceB) ? 1u : 0u;
	warm->faceA = sat.faceA.face;
	warm->faceB = sat.faceB.face;
	return (1 << count) - 1;
}
