// Two boxes in a contact cache: the polyhedron routine (manifold3d.c) cut down to the case a
// persistent pair of boxes is in almost every frame, one box resting on a face of the other.
//
// For two boxes the routine's search is closed-form already (sat3d.c: both face queries from the
// entries of the relative rotation, Gottschalk's OBB test), and the cache proves its 9 edge axes
// unnecessary without measuring them (npNoEdgeAxisWinsBoxesAt3, warm3d.c). What is left of a frame is
// the general machinery around them: the pair set-up with support hints, the axis choice, and the
// clipper (clip3d.c) with its incident-polygon records, buffers and reduction. When the incident face
// lies inside the reference face (Ericson, RTCD 5.2.1's box-box contact; Catto, "Contact Manifolds",
// GDC 2007: the incident face clipped against the reference face's side planes is left as it is), the
// clipper's answer is its resting case: the incident face's four vertices, deepest first, each with
// its reference point moved up by its depth. This file computes exactly that, with the clipper's own
// expressions in the same order (incidentFace, insideBoxFace, emitResting), so the result is the
// routine's bit for bit. Any other case (an edge axis not ruled out, a clipped face, an exact tie)
// returns -2 and the cache runs the whole routine.
//
// Only what the resting case reads is computed (fifth pass, session 14): no polyhedron view of A (its
// vertices and planes are +-h and the unit axes, exactly what npMakePolyhedron3 writes), and of B only
// the corners that are read (the incident face's and the proof's), each rounded as moveBoxToFrame
// rounds it, and the planes the incident-face choice reads.
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"

#include <float.h>

// The vertex loop of each box face as the clipper walks it (faceEdge, then next: shape3d.c's box
// topology, faces -x, +x, -y, +y, -z, +z); test_warm.c checks it against npMakePolyhedron3's.
const uint8_t npBoxFaceLoop3[6][4] = {
	{ 0, 4, 6, 2 }, { 1, 3, 7, 5 }, { 0, 1, 5, 4 }, { 2, 6, 7, 3 }, { 0, 2, 3, 1 }, { 4, 5, 7, 6 },
};

// A box's plane normals in its own frame (npMakePolyhedron3's; the offsets are the half extents).
static const npVec3 unitNormal[6] = {
	{ -1.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, -1.0, 0.0 }, { 0.0, 1.0, 0.0 }, { 0.0, 0.0, -1.0 }, { 0.0, 0.0, 1.0 },
};

// The two boxes in A's frame: B's half axes (h_k times column k of the relative rotation) and B's
// centre, as moveBoxToFrame (manifold3d.c) builds B's corners from them.
typedef struct BoxPair
{
	npVec3 hA;
	npVec3 e[3];        // B's half axes
	npVec3 offset;      // B's centre
} BoxPair;

// The sign of axis k at vertex v: +1 when bit k of v is set, else -1. Multiplying by it is exact and
// is a negation where it is -1 (signed zeros included), and it is arithmetic rather than a choice:
// V8 compiles a wasm select on doubles as a branch.
static inline double signOf(int v, int k)
{
	return (double)(((v >> k) & 1) * 2 - 1);
}

// A's vertex v in its own frame: bit k of v gives +h_k (npMakePolyhedron3's box: -h_k or h_k).
static inline npVec3 cornerA(const BoxPair* p, int v)
{
	return v3(signOf(v, 0) * p->hA.x, signOf(v, 1) * p->hA.y, signOf(v, 2) * p->hA.z);
}

// B's vertex v in A's frame as moveBoxToFrame rounds it: ((+-ex +- ey) +- ez) + offset. Its sums
// nex - ey, ex - ey, nex + ey, ex + ey and xy -+ ez are these with the signs on the operands
// (x - y is x + (-y) in IEEE 754, signed zeros included).
static inline npVec3 cornerB(const BoxPair* p, int v)
{
	npVec3 x = v3Scale(signOf(v, 0), p->e[0]), y = v3Scale(signOf(v, 1), p->e[1]), z = v3Scale(signOf(v, 2), p->e[2]);
	return v3Add(v3Add(v3Add(x, y), z), p->offset);
}

static inline npVec3 cornerOf(const BoxPair* p, bool ofB, int v)
{
	return ofB ? cornerB(p, v) : cornerA(p, v);
}

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

// The reference face (of A when refIsA, else of B; its plane in A's frame), the incident box's face
// and the incident box's support vertex along the reference face's inward normal.
typedef struct RestingFace
{
	bool refIsA;
	int refFace;
	npPlane3 plane;
	int inc;
	int support;
} RestingFace;

// The incident box's face `inc` against the reference face `refFace` (plane in A's frame): when the
// face lies inside the reference face's side planes, the clipper keeps its vertices behind the
// reference plane (+margin), which include the support vertex, and emits them deepest first (lowest
// index on ties), the others in polygon order, each reference point the vertex moved along the
// normal by its depth (emitResting, or keepBehindPlane, chooseContacts and emitChosen). Returns the
// point count, or -1.
static int restingOnFace(const SatPair* w, const BoxPair* pair, const RestingFace* face, double margin, npManifold3* m)
{
	const bool refIsA = face->refIsA;
	const int refFace = face->refFace, inc = face->inc, support = face->support;
	const npPlane3 plane = face->plane;
	RefBox box = refBoxOf(w, refIsA, refFace);
	npVec3 p[4];
	int vertex[4];
	double d[4];
	bool inside = true, withSupport = false;
	int kept = 0;
	for (int i = 0; i < 4; ++i)
	{
		int v = npBoxFaceLoop3[inc][i];
		npVec3 q = cornerOf(pair, refIsA, v);
		inside &= insideRef(&box, q);
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
	uint32_t kind = refIsA ? ID_FACE_A : ID_FACE_B;
	m->normal = refIsA ? plane.normal : v3Neg(plane.normal);
	m->pointCount = kept;
	for (int j = 0; j < kept; ++j)
	{
		int i = j == 0 ? i0 : (j - 1 < i0 ? j - 1 : j);
		npManifoldPoint3* mp = m->points + j;
		npVec3 onRef = v3MulAdd(p[i], d[i], plane.normal);
		mp->pointA = refIsA ? onRef : p[i];
		mp->pointB = refIsA ? p[i] : onRef;
		mp->depth = d[i];
		mp->id = faceId(kind, refFace, pointFeature(ID_VERTEX, vertex[i], 0));
	}
	return kept;
}

int npCollideWarmBoxes3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
						const npTransform3* xfB, double margin, const npWarmState3* state, npManifold3* m)
{
	npSatCache3* warm = state->sat;
	npWarmStats3* stats = state->stats;
	SatPair w;
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
	bool refIsA = !(sepB > sepA + NP_FACE_PREFERENCE3);
	double faceBest = (refIsA ? sepA : sepB) + NP_FACE_PREFERENCE3;
	double floor = faceBest < margin ? faceBest : margin;
	const npVec3 hB = shapeB->halfExtents;
	BoxPair pair;
	pair.hA = shapeA->halfExtents;
	pair.e[0] = v3Scale(hB.x, w.rot.cx);
	pair.e[1] = v3Scale(hB.y, w.rot.cy);
	pair.e[2] = v3Scale(hB.z, w.rot.cz);
	pair.offset = w.rel.p;
	if (!npNoEdgeAxisWinsBoxesAt3(&w, &sat, floor, cornerB(&pair, sat.faceA.vertex), cornerA(&pair, sat.faceB.vertex)))
		return -2;

	// The reference plane and the incident box's planes (only their normals are read), as
	// npMakePolyhedron3 (A) and moveBoxToFrame (B) write them.
	int refFace = refIsA ? sat.faceA.face : sat.faceB.face;
	int support = refIsA ? sat.faceA.vertex : sat.faceB.vertex;
	const npVec3 col[3] = { w.rot.cx, w.rot.cy, w.rot.cz };
	npPlane3 incPlanes[6], plane;
	for (int k = 0; k < 3; ++k)
	{
		incPlanes[2 * k].normal = refIsA ? v3Neg(col[k]) : unitNormal[2 * k];
		incPlanes[2 * k + 1].normal = refIsA ? col[k] : unitNormal[2 * k + 1];
	}
	if (refIsA)
	{
		const double h[3] = { pair.hA.x, pair.hA.y, pair.hA.z };
		plane = (npPlane3){ unitNormal[refFace], h[refFace >> 1] };
	}
	else
	{
		const double h[3] = { hB.x, hB.y, hB.z };
		int k = refFace >> 1;
		double dk = v3Dot(col[k], w.rel.p);
		plane = (refFace & 1) ? (npPlane3){ col[k], h[k] + dk } : (npPlane3){ v3Neg(col[k]), h[k] - dk };
	}
	int inc = npIncidentBoxFace3(incPlanes, support, plane.normal);
	RestingFace face = { refIsA, refFace, plane, inc, support };
	int count = inc < 0 ? -1 : restingOnFace(&w, &pair, &face, margin, m);
	if (count < 0)
		return -2;

	// What the routine records (collidePolyhedraWarm).
	stats->searched += 1;
	stats->edgesSkipped += 1;
	stats->faceReused += (refIsA ? sat.faceA.face == warm->faceA : sat.faceB.face == warm->faceB) ? 1u : 0u;
	warm->faceA = sat.faceA.face;
	warm->faceB = sat.faceB.face;
	return (1 << count) - 1;
}
