// Warm-started polyhedron contacts: the proof that lets a contact cache skip the edge-axis search.
//
// In the separating-axis search (sat3d.c) the face queries are cheap next to the edge query, which
// for two 32-vertex hulls runs GJK and EPA (npQueryEdgesGuided3) and takes most of the time. The
// edge query only matters when some edge axis separates the shapes by more than `floor` (the best
// face's separation plus the face preference, capped at the margin). Every axis L separates them by
// at most -depth, where depth is the radius of the largest ball around the origin inside the
// Minkowski difference D of the two shapes (Ericson, RTCD 5.5.1 and 9.2; van den Bergen 2004, 4.3:
// an axis' separation is minus D's support value along it). So a lower bound r on that depth with
// -r below the floor proves that no edge query can report a pair: none is computed, and the result is
// the cold search's. GJK and EPA cannot report the shapes apart or less deep either: D holds a ball
// of radius r > 0 around the origin, and EPA's depth is an exact overlap along one axis (epa3d.c),
// never below the true depth.
//
// The bound comes from one face contact. A face f of shape X with outward unit normal n (offset o)
// and a vertex y of the other shape Y below its plane by d = o - n.y give D (= Y - X) a face part:
// the points y - x for x on face f form a copy of the face at distance d from the origin, along -n.
// If y's projection onto the plane lies inside the face, at least delta from every edge, D holds a
// disc of radius delta centred on the axis at distance d, and also the point q = cY - cX (the two
// centroids, deep on the other side). The cone spanned by the disc and q holds the ball of radius r
// around the origin when, at the ball's lowest slice (height -r along -n, a fraction lambda of the
// way from q to the disc), the cone's cross-section (radius lambda delta, centre offset (1 - lambda)
// times q's sideways offset t) covers a disc of radius r:
//     (1 - lambda) |t| + r <= lambda delta,   lambda = (-r - h_q) / (d - h_q),   h_q = -n.q < -r;
// higher slices are wider and nearer the axis, and the disc itself is at height d >= r. A hull
// resting or sliding on another hull with a vertex or a face on its face passes this test with r
// just under the contact depth: it fails only near an edge of the face, where an edge axis may win.
// Every candidate vertex of Y below the plane by more than r is tried (a resting face has several),
// on the reference face first, then the other shape's best face.
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"

#include <float.h>
#include <stddef.h>

/// Most edges of a face tried by the proof (larger faces are left to the full search).
#define NP_WARM_FACE_EDGES3 64

// One face of X and the points of Y, all in A's frame.
typedef struct FaceProof
{
	const npPolyhedron3* topo; // X's topology (face loops)
	const npVec3* xv;          // X's vertices
	npPlane3 plane;            // the face's plane
	int face;
	const npVec3* yv;          // Y's vertices
	int yCount;
	npVec3 q;                  // Y's centroid minus X's: a point of D = Y - X
} FaceProof;

// The ball of radius r fits in the cone of the disc (height d, radius delta) and q (see the top).
static bool coneHoldsBall(const FaceProof* p, double d, double delta, double r, double tol)
{
	double hq = -v3Dot(p->plane.normal, p->q);
	if (!(hq < -r - tol) || !(d >= r + tol) || !(delta > tol))
		return false;
	double side2 = v3LengthSq(p->q) - hq * hq;
	double side = side2 > 0.0 ? sqrt(side2) : 0.0;
	double lambda = (-r - hq) / (d - hq);
	return (1.0 - lambda) * side + r + tol <= lambda * delta;
}

// True when some vertex of Y proves depth >= r through face p->face.
static bool faceProves(const FaceProof* p, double r, double tol)
{
	npVec3 start[NP_WARM_FACE_EDGES3], inward[NP_WARM_FACE_EDGES3];
	npVec3 n = p->plane.normal;
	double o = p->plane.offset, slack = 0.0;
	int count = 0, first = p->topo->faceEdge[p->face], e = first;
	do
	{
		if (count == NP_WARM_FACE_EDGES3)
			return false;
		npVec3 a = p->xv[p->topo->halfEdges[e].origin];
		e = p->topo->halfEdges[e].next;
		npVec3 b = p->xv[p->topo->halfEdges[e].origin];
		// Loops run counter-clockwise seen from outside, so n x (b - a) points into the face.
		npVec3 m = v3Cross(n, v3Sub(b, a));
		double len = v3Length(m);
		if (!(len > 0.0))
			return false;
		start[count] = a;
		inward[count++] = v3Scale(1.0 / len, m);
		// Merged hull faces are planar only to rounding: the proof gives that much away.
		double off = fabs(v3Dot(n, a) - o);
		slack = off > slack ? off : slack;
	} while (e != first);
	slack *= 4.0;

	for (int i = 0; i < p->yCount; ++i)
	{
		npVec3 y = p->yv[i];
		double d = o - v3Dot(n, y);
		if (!(d >= r + tol + slack))
			continue;
		npVec3 x = v3MulAdd(y, d, n);
		double delta = DBL_MAX;
		for (int k = 0; k < count && delta > 0.0; ++k)
		{
			double c = v3Dot(inward[k], v3Sub(x, start[k]));
			delta = c < delta ? c : delta;
		}
		if (coneHoldsBall(p, d - slack, delta - slack, r, tol))
			return true;
	}
	return false;
}

bool npNoEdgeAxisWins3(const SatPair* w, const SatAxis* sat, double floor)
{
	npVec3 cA = sat->centroidA;
	npVec3 cB = w->boxB ? w->rel.p : centroidOf(&w->b, w->bv);
	const npVec3* av = w->a.vertices;
	double scale = 1.0 + v3Length(cA) + v3Length(cB) + v3Length(v3Sub(av[0], cA)) + v3Length(v3Sub(w->bv[0], cB));
	double tol = 1.0e-9 * scale;
	// The ball must beat the floor with room for rounding, and be deep enough that GJK sees overlap.
	double r = -floor + tol;
	double least = 1.0e-6 * scale;
	r = r > least ? r : least;

	// Face of A against B's vertices (D = B - A), and face of B against A's (D = A - B).
	const FaceProof ofA = { &w->a, av, w->a.planes[sat->faceA.face], sat->faceA.face, w->bv, w->b.vertexCount,
							v3Sub(cB, cA) };
	const FaceProof ofB = { &w->b, w->bv, w->bp[sat->faceB.face], sat->faceB.face, av, w->a.vertexCount,
							v3Sub(cA, cB) };
	bool bFirst = sat->faceB.separation > sat->faceA.separation + NP_FACE_PREFERENCE3;
	const FaceProof* order[2] = { bFirst ? &ofB : &ofA, bFirst ? &ofA : &ofB };
	for (int k = 0; k < 2; ++k)
		if (faceProves(order[k], r, tol))
			return true;
	return false;
}
