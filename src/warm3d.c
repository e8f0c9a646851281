// Warm-started polyhedron contacts: the proofs that let a contact cache skip the edge-axis search and,
// for hull pairs in a face contact, the face searches.
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
// on the reference face first, then the other shape's best face. Two boxes take the same proof in
// closed form (npNoEdgeAxisWinsBoxes3: a face's disc from the other box's support corner).
//
// The face searches, too (npCollideWarmFaces3, hull pairs of 9 to 48 vertices): last frame's face g
// of X is measured as the cold query measures it, and every other face f of X must separate the
// pair by less, by more than the query's rounding; then the query returns g, whatever order it
// scans in. With E = X - Y (minus D), face f's separation is at most -h_E(n_f) plus how far X's
// vertices rise above X's own planes (`slack`), so it suffices that h_E(u) > t = -sep_g + slack +
// tol for every direction u at least theta_min from n = n_g, theta_min being the angle to the
// nearest other face normal of X (a shape constant: the Gauss map of X has no other point closer).
// E holds a disc over the origin (face g minus a point of Y whose projection lies inside face g by
// delta, at height d along n; or face g minus Y's best face, the margin delta of the origin in the
// projection of their Minkowski difference, heights in [lo, hi]) and a deep point p (X's vertex
// farthest behind face g minus Y's centroid: height -L, sideways s). In the plane of n and u (angle
// theta), E reaches lo cos + delta sin (the disc, cos >= 0), hi cos + delta sin (cos <= 0) and
// -L cos - s sin (p). Each is a sinusoid, so above t over an arc shorter than pi when above t at
// both ends (it cannot dip between them: its trough and both ends would not fit in the arc); the ends
// checked are theta_min, pi/2, the crossing of the disc's and p's sinusoids (value (L delta - s hi) /
// |(hi + L, delta + s)|) and pi (value L) (arcClear). The same disc bounds h_E by min(lo, t) within
// theta_min, which is the ball that skips the edge search. Each face is measured by descending the
// other hull's vertex graph from last frame's support vertex (climbDeepest, with its own proof that
// the scan would return the same vertex), and only the vertices of B that are read are moved into
// A's frame. When a proof fails the cache runs the search, and waits 1, 2, 4 ... 16 frames before
// trying the fast path again.
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"

#include <float.h>
#include <stddef.h>
#include <string.h>

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

// A face of X in the common frame: its edges' start points and inward unit normals (in the plane),
// and how far its vertices leave the plane (merged hull faces are planar only to rounding).
typedef struct FaceLoop
{
	npPlane3 plane;
	int count;
	double eps;
	npVec3 start[NP_WARM_FACE_EDGES3];
	npVec3 inward[NP_WARM_FACE_EDGES3];
} FaceLoop;

static bool makeFaceLoop(const npPolyhedron3* topo, const npVec3* xv, const npPlane3* facePlane, int face, FaceLoop* out)
{
	const npPlane3 plane = *facePlane;
	npVec3 n = plane.normal;
	double slack = 0.0;
	int count = 0, first = topo->faceEdge[face], e = first;
	do
	{
		if (count == NP_WARM_FACE_EDGES3)
			return false;
		npVec3 a = xv[topo->halfEdges[e].origin];
		e = topo->halfEdges[e].next;
		npVec3 b = xv[topo->halfEdges[e].origin];
		// Loops run counter-clockwise seen from outside, so n x (b - a) points into the face.
		npVec3 m = v3Cross(n, v3Sub(b, a));
		double len = v3Length(m);
		if (!(len > 0.0))
			return false;
		out->start[count] = a;
		out->inward[count++] = v3Scale(1.0 / len, m);
		double off = fabs(v3Dot(n, a) - plane.offset);
		slack = off > slack ? off : slack;
	} while (e != first);
	out->plane = plane;
	out->count = count;
	out->eps = 4.0 * slack;
	return true;
}

// True when some vertex of Y proves depth >= r through face p->face.
static bool faceProves(const FaceProof* p, double r, double tol)
{
	FaceLoop loop;
	if (!makeFaceLoop(p->topo, p->xv, &p->plane, p->face, &loop))
		return false;
	npVec3 n = p->plane.normal;
	double o = p->plane.offset, slack = loop.eps;
	for (int i = 0; i < p->yCount; ++i)
	{
		npVec3 y = p->yv[i];
		double d = o - v3Dot(n, y);
		if (!(d >= r + tol + slack))
			continue;
		npVec3 x = v3MulAdd(y, d, n);
		double delta = DBL_MAX;
		for (int k = 0; k < loop.count && delta > 0.0; ++k)
		{
			double c = v3Dot(loop.inward[k], v3Sub(x, loop.start[k]));
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

// ---------------------------------------------------------------------------------- face proof

/// Largest hulls (vertex count) the warm face proof takes: the hulls whose cold face queries measure
/// faces by a full scan of the other hull's vertices (queryFacesPruned in sat3d.c).
#define NP_WARM_MAX_VERTICES3 48

// Face g of X against Y, everything in the common frame (A's).
typedef struct FaceSide
{
	const FaceLoop* loop;   // face g of X
	double sep;             // its separation as the face query measures it
	npVec3 support;         // Y's deepest vertex below it (the query's)
	const npPolyhedron3* y; // Y's topology
	const npVec3* yv;       // Y's vertices
	const FaceLoop* yLoop;  // Y's best face (the other query's)
	int yFace;
	npVec3 xDeep;           // X's vertex farthest behind face g
	npVec3 cY;              // a point inside Y (its centroid)
	double cosMax;          // largest cosine between face g's normal and another face of X's
	double slack;           // how far X's vertices rise above X's face planes
} FaceSide;

// The part of E = X - Y lying over the origin: every point x - q, x on face g, q in conv(Q), has
// its height along the normal in [lo, hi], and reaches at least delta sideways in every direction
// of the plane (the origin's margin inside the projection of face g minus Q, from the edge normals
// of both polygons). Q is a face loop of Y facing X (clockwise seen along n); discOfPoint below takes
// a single point.
typedef struct Disc
{
	double lo, hi, delta;
} Disc;

static Disc discOf(const FaceLoop* p, const npVec3* q, int qCount)
{
	npVec3 n = p->plane.normal;
	double lo = DBL_MAX, hi = -DBL_MAX, delta = DBL_MAX;
	for (int j = 0; j < qCount; ++j)
	{
		double d = p->plane.offset - v3Dot(n, q[j]);
		lo = d < lo ? d : lo;
		hi = d > hi ? d : hi;
	}
	// Edge normals of face g: the origin's margin is how far the deepest q is inside each edge.
	for (int k = 0; k < p->count; ++k)
	{
		double best = -DBL_MAX;
		for (int j = 0; j < qCount; ++j)
		{
			double c = v3Dot(p->inward[k], v3Sub(q[j], p->start[k]));
			best = c > best ? c : best;
		}
		delta = best < delta ? best : delta;
	}
	// Edge normals of Q (seen along n it runs clockwise, so n x e points out of it).
	for (int j = 0; j < qCount; ++j)
	{
		npVec3 m = v3Cross(n, v3Sub(q[j + 1 < qCount ? j + 1 : 0], q[j]));
		double len = v3Length(m);
		if (!(len > 0.0))
			return (Disc){ 0.0, 0.0, -1.0 };
		npVec3 in = v3Scale(-1.0 / len, m);
		double best = -DBL_MAX;
		for (int k = 0; k < p->count; ++k)
		{
			double c = v3Dot(in, v3Sub(p->start[k], q[j]));
			best = c > best ? c : best;
		}
		delta = best < delta ? best : delta;
	}
	return (Disc){ lo - p->eps, hi + p->eps, delta - p->eps };
}

// discOf for one point q (the common case, without the polygon's loops).
static Disc discOfPoint(const FaceLoop* p, const npVec3* point)
{
	const npVec3 q = *point;
	double d = p->plane.offset - v3Dot(p->plane.normal, q);
	double delta = DBL_MAX;
	for (int k = 0; k < p->count; ++k)
	{
		double c = v3Dot(p->inward[k], v3Sub(q, p->start[k]));
		delta = c < delta ? c : delta;
	}
	return (Disc){ d - p->eps, d + p->eps, delta - p->eps };
}

// Every direction u at least as far from n as the nearest other face normal (cos <= c) has
// h_E(u) > t, where E holds the disc and the deep point p (height -L, sideways s). In the plane of n
// and u's sideways part t (angle theta from n), E reaches lo cos + delta sin (disc, cos >= 0),
// hi cos + delta sin (disc, cos <= 0) and -L cos - s sin (p, t turned away from p). Each of these is a
// sinusoid, above t at both ends of an arc shorter than pi, hence over the whole arc: the arcs are
// [theta_min, pi/2] (disc) and [pi/2, pi] split where the disc and p cross.
static bool arcClear(const Disc* arc, double L, double s, double c, double t)
{
	const Disc disc = *arc;
	if (!(t > 0.0) || !(disc.delta > t) || !(L > t) || !(disc.hi + L > 0.0))
		return false;
	double k = sqrt((disc.hi + L) * (disc.hi + L) + (disc.delta + s) * (disc.delta + s));
	if (!(L * disc.delta - s * disc.hi > t * k))
		return false;
	if (c > 0.0)
	{
		double sine = c < 1.0 ? sqrt(1.0 - c * c) : 0.0;
		if (!(disc.lo * c + disc.delta * sine > t))
			return false;
	}
	return true;
}

// Whether the disc and the deep point prove face g the query's answer; then also the radius of a
// ball around the origin inside E: directions within theta_min of n reach the disc, lo cos + delta
// sin, above min(lo, t) on [0, theta_min] (a sinusoid above both ends), and the others reach t.
// Returns -1 when the face is not proven, else the ball's radius (0 when there is none).
static double sideBall(const Disc* arc, double L, double s, double c, double t)
{
	const Disc disc = *arc;
	if (!arcClear(arc, L, s, c, t))
		return -1.0;
	double r = disc.lo < t ? disc.lo : t;
	return r > 0.0 ? r : 0.0;
}

// The part of Y that face g is measured against (see sideClear): 0 the support vertex, 1 the point
// of Y's best face straight below the middle of face g, 2 all of Y's best face. -1 when the part
// gives no disc (then the next is tried), else sideBall's answer.
static double sideTry(const FaceSide* s, int part, double L, double side, double t)
{
	if (part == 0)
	{
		const Disc d = discOfPoint(s->loop, &s->support);
		return sideBall(&d, L, side, s->cosMax, t);
	}

	// Y's best face, when it faces X: first the point of it straight below the middle of face g.
	npVec3 n = s->loop->plane.normal;
	const FaceLoop* yl = s->yLoop;
	double cosY = v3Dot(n, yl->plane.normal);
	if (!(cosY < -0.5))
		return -1.0;
	if (part == 1)
	{
		npVec3 c = v3(0.0, 0.0, 0.0);
		for (int k = 0; k < s->loop->count; ++k)
			c = v3Add(c, s->loop->start[k]);
		c = v3Scale(1.0 / s->loop->count, c);
		npVec3 below = v3MulAdd(c, -(v3Dot(yl->plane.normal, c) - yl->plane.offset) / cosY, n);
		double inside = DBL_MAX;
		for (int k = 0; k < yl->count; ++k)
		{
			double d = v3Dot(yl->inward[k], v3Sub(below, yl->start[k]));
			inside = d < inside ? d : inside;
		}
		if (!(inside >= 2.0 * yl->eps))
			return -1.0;
		// A point of Y within eps of `below`: the disc gives that much away.
		Disc d = discOfPoint(s->loop, &below);
		double give = 2.0 * yl->eps;
		const Disc given = { d.lo - give, d.hi + give, d.delta - give };
		return sideBall(&given, L, side, s->cosMax, t);
	}

	// All of Y's face: the origin's margin in the projection of face g minus it.
	npVec3 q[NP_WARM_FACE_EDGES3];
	int count = 0, first = s->y->faceEdge[s->yFace], e = first;
	do
	{
		if (count == NP_WARM_FACE_EDGES3)
			return -1.0;
		q[count++] = s->yv[s->y->halfEdges[e].origin];
		e = s->y->halfEdges[e].next;
	} while (e != first);
	const Disc d = discOf(s->loop, q, count);
	return sideBall(&d, L, side, s->cosMax, t);
}

// When every other face of X separates the pair by less than face g does, by more than any rounding
// of the face query (then the query returns face g: see the head of the file), the radius of a
// ball around the origin that E = X - Y holds (0: none shown); else -1. The parts of Y are tried
// from *part (the one that worked last frame) on; *part becomes the one that worked.
static double sideClear(const FaceSide* s, double tol, int* part)
{
	npVec3 n = s->loop->plane.normal;
	npVec3 p = v3Sub(s->xDeep, s->cY);
	double L = -v3Dot(n, p);
	double side = v3Length(v3MulAdd(p, L, n));
	double t = -s->sep + s->slack + tol;
	int first = *part >= 0 && *part < 3 ? *part : 0;
	for (int k = 0; k < 3; ++k)
	{
		int at = (first + k) % 3;
		double r = sideTry(s, at, L, side, t);
		if (r >= 0.0)
		{
			*part = at;
			return r;
		}
	}
	return -1.0;
}

// One box's face k (its own frame, half extents h) against a point y of the other shape and the
// other shape's centre c: the disc of E (the face minus y) and the deep point (the point of the
// opposite face nearest c, minus c), in closed form. True when they give E a ball of radius t.
static bool boxFaceBall(const npVec3* h, int face, const npVec3* y, const npVec3* c, double t)
{
	const double hv[3] = { h->x, h->y, h->z }, yv[3] = { y->x, y->y, y->z }, cv[3] = { c->x, c->y, c->z };
	int i = face >> 1, j = (i + 1) % 3, k = (i + 2) % 3;
	double s = (face & 1) ? 1.0 : -1.0;
	double d = hv[i] - s * yv[i];
	double dj = hv[j] - fabs(yv[j]), dk = hv[k] - fabs(yv[k]);
	double delta = dj < dk ? dj : dk;
	double xj = cv[j] < -hv[j] ? -hv[j] : (cv[j] > hv[j] ? hv[j] : cv[j]);
	double xk = cv[k] < -hv[k] ? -hv[k] : (cv[k] > hv[k] ? hv[k] : cv[k]);
	double L = hv[i] + s * cv[i];
	// arcClear for the disc {d, d, delta} with c = 0 (box faces meet at right angles: no other face
	// normal lies within 90 degrees), written with upper bounds instead of its two square roots, a
	// dependent pair whose latency was most of the proof's time in wasm: the deep point's sideways
	// offset |(xj - cj, xk - ck)| <= |xj - cj| + |xk - ck|, and k = |(d + L, delta + side)| <=
	// (d + L) + (delta + side) (both positive here). A larger offset only lowers the deep point's
	// bound on h_E and a larger k only raises the threshold, so this test implies arcClear's: stricter,
	// never wrong (warm3d.c's head; test_warm's box pairs and box edges).
	double side = fabs(xj - cv[j]) + fabs(xk - cv[k]);
	if (!(d >= t) || !(t > 0.0) || !(delta > t) || !(L > t) || !(d + L > 0.0))
		return false;
	return L * delta - side * d > t * ((d + L) + (delta + side));
}

bool npNoEdgeAxisWinsBoxesAt3(const SatPair* w, const SatAxis* sat, double floor, npVec3 supportB, npVec3 supportA)
{
	npVec3 hA = w->shapeA->halfExtents, hB = w->shapeB->halfExtents;
	// The sizes by their 1-norms, which bound the lengths from above (the tolerance and the gate only
	// grow, so the proof only gets stricter), without the three square roots.
	npVec3 o = w->rel.p;
	double scale = 1.0 + ((fabs(o.x) + fabs(o.y)) + fabs(o.z)) + ((hA.x + hA.y) + hA.z) + ((hB.x + hB.y) + hB.z);
	double t = -floor + 1.0e-9 * scale;
	if (!(t >= 1.0e-6 * scale))
		return false;
	if (boxFaceBall(&hA, sat->faceA.face, &supportB, &w->rel.p, t))
		return true;
	// B's face in B's frame: A's support vertex and centre moved there.
	npMat3 toB = npMat3Transpose(&w->rot);
	npVec3 y = npMat3Mul(&toB, v3Sub(supportA, w->rel.p));
	npVec3 c = npMat3Mul(&toB, v3Neg(w->rel.p));
	return boxFaceBall(&hB, sat->faceB.face, &y, &c, t);
}

bool npNoEdgeAxisWinsBoxes3(const SatPair* w, const SatAxis* sat, double floor)
{
	return npNoEdgeAxisWinsBoxesAt3(w, sat, floor, w->bv[sat->faceA.vertex], w->a.vertices[sat->faceB.vertex]);
}

// Face g of polyhedron p (its own frame): the largest cosine to another face's normal (with room for
// rounding) and the vertex farthest behind it.
static void faceFacts(const npPolyhedron3* p, int g, double* cosMax, int* deep)
{
	npVec3 n = p->planes[g].normal;
	double c = -1.0, lo = DBL_MAX;
	for (int f = 0; f < p->faceCount; ++f)
	{
		double d = v3Dot(p->planes[f].normal, n);
		c = f != g && d > c ? d : c;
	}
	int k = 0;
	for (int i = 0; i < p->vertexCount; ++i)
	{
		double d = v3Dot(n, p->vertices[i]);
		k = d < lo ? i : k;
		lo = d < lo ? d : lo;
	}
	*cosMax = c + 1.0e-12;
	*deep = k;
}

// How far the vertices of p rise above its own face planes at most (0 for exact planes), its largest
// vertex distance from the origin, and its diameter over its smallest vertex distance.
static double shapeSlack(const npPolyhedron3* p, double* radius, double* spread)
{
	double slack = 0.0, r2 = 0.0, far2 = 0.0, near2 = DBL_MAX;
	for (int f = 0; f < p->faceCount; ++f)
		for (int i = 0; i < p->vertexCount; ++i)
		{
			double d = v3Dot(p->planes[f].normal, p->vertices[i]) - p->planes[f].offset;
			slack = d > slack ? d : slack;
		}
	for (int i = 0; i < p->vertexCount; ++i)
	{
		double l2 = v3LengthSq(p->vertices[i]);
		r2 = l2 > r2 ? l2 : r2;
		for (int j = 0; j < i; ++j)
		{
			double d2 = v3DistanceSq(p->vertices[i], p->vertices[j]);
			far2 = d2 > far2 ? d2 : far2;
			near2 = d2 < near2 ? d2 : near2;
		}
	}
	*radius = sqrt(r2);
	*spread = near2 > 0.0 ? sqrt(far2 / near2) : DBL_MAX;
	return slack;
}

// ---------------------------------------------------------------------------------- supports

// B's vertices moved into A's frame on demand, by the cold setup's expression (moveToFrame); `done`
// marks the ones moved. A's vertices are used as they are (mb NULL).
typedef struct MovedB
{
	SatPair* w;
	uint8_t done[NP_WARM_MAX_VERTICES3];
} MovedB;

static inline npVec3 vertexOf(MovedB* mb, const npVec3* yv, int i)
{
	if (mb != NULL && !mb->done[i])
	{
		mb->w->bv[i] = v3Add(npMat3Mul(&mb->w->rot, mb->w->b.vertices[i]), mb->w->rel.p);
		mb->done[i] = 1;
	}
	return yv[i];
}

static void moveFaceOfB(MovedB* mb, int face)
{
	const npPolyhedron3* b = &mb->w->b;
	int first = b->faceEdge[face], e = first, guard = 0;
	do
	{
		vertexOf(mb, mb->w->bv, b->halfEdges[e].origin);
		e = b->halfEdges[e].next;
	} while (e != first && ++guard < NP_MAX_HULL_HALF_EDGES);
}

static void moveAllOfB(MovedB* mb)
{
	for (int i = 0; i < mb->w->b.vertexCount; ++i)
		vertexOf(mb, mb->w->bv, i);
}

// The face query's measurement (npDeepestAbove3: the lowest n.y of Y's vertices, lowest index on
// ties) by descending Y's vertex graph from `start` instead of scanning. At the vertex v reached,
// every neighbour is higher by more than `gap` in computed values, so by more than gap - 2 rho exactly
// (rho: the dot products' rounding); every other vertex w lies in v's cone of edges, w - v = sum of
// l_i (u_i - v) with l_i >= 0 and sum l_i >= |w - v| / max |u_i - v| >= 1 / spread, so it is higher by
// more than (gap - 2 rho) / spread exactly: more than 2 rho, the computed values included, when
// gap > 2 rho (1 + spread). Then v is the scan's answer; else (a support edge or face level with the
// plane, a vertex with fewer than three edges) -1: scan.
static int climbDeepest(const npPolyhedron3* y, const npVec3* yv, MovedB* mb, const npPlane3* plane, int start,
						double gap, double* sep)
{
	npVec3 n = plane->normal;
	int v = start;
	double fv = v3Dot(n, vertexOf(mb, yv, v));
	for (int step = 0; step < y->vertexCount; ++step)
	{
		int first = y->vertexEdge[v], e = first, degree = 0, best = v;
		double lo = DBL_MAX;
		do
		{
			int u = y->halfEdges[y->halfEdges[e].twin].origin;
			double fu = v3Dot(n, vertexOf(mb, yv, u));
			best = fu < lo ? u : best;
			lo = fu < lo ? fu : lo;
			e = y->halfEdges[y->halfEdges[e].twin].next;
		} while (e != first && ++degree < NP_MAX_HULL_HALF_EDGES);
		if (lo < fv)
		{
			v = best;
			fv = lo;
			continue;
		}
		if (degree < 3 || !(lo - fv > gap))
			return -1;
		*sep = fv - plane->offset;
		return v;
	}
	return -1;
}

// Both hulls usable by the proof: hulls the cold query measures by full scans, solid.
static bool warmHull(const npShape3* shape, npPolyhedron3* p)
{
	return shape->type == NP_SHAPE_HULL3 && npMakePolyhedron3(shape, p) && !p->flat && p->vertexCount > 8 &&
		   p->vertexCount <= NP_WARM_MAX_VERTICES3 && p->faceCount > 1;
}

// B's plane f moved into A's frame, as the cold setup moves every plane (moveToFrame).
static npPlane3 movedPlane(const SatPair* w, int f)
{
	npVec3 n = npMat3Mul(&w->rot, w->b.planes[f].normal);
	return (npPlane3){ n, w->b.planes[f].offset + v3Dot(n, w->rel.p) };
}

// The face queries of a hull pair from last frame's faces: each face measured as the cold query
// measures it, every other face proven lower. False when a proof does not go through.
static bool warmFaces(SatPair* w, MovedB* mb, npSatCache3* warm, double margin, SatAxis* sat)
{
	int gA = warm->faceA, gB = warm->faceB;
	if (gA >= w->a.faceCount || gB >= w->b.faceCount)
		return false;
	if (warm->slackA < 0.0)
		warm->slackA = shapeSlack(&w->a, &warm->radiusA, &warm->spreadA);
	if (warm->slackB < 0.0)
		warm->slackB = shapeSlack(&w->b, &warm->radiusB, &warm->spreadB);
	double scale = 1.0 + warm->radiusA + warm->radiusB + v3Length(w->rel.p);
	double tol = 1.0e-9 * scale;

	// Each face measured as the query measures it: a climb from last frame's support, else the scan.
	double rho = 1.0e-14 * scale + warm->slackA + warm->slackB;
	w->bp[gB] = movedPlane(w, gB);
	FaceResult* fa = &sat->faceA;
	FaceResult* fb = &sat->faceB;
	fa->face = gA;
	fa->vertex = climbDeepest(&w->b, w->bv, mb, &w->a.planes[gA], warm->supportA, 2.0 * rho * (1.0 + warm->spreadB),
							  &fa->separation);
	if (fa->vertex < 0)
	{
		moveAllOfB(mb);
		fa->separation = npDeepestAbove3(&w->a.planes[gA], w->bv, w->b.vertexCount, &fa->vertex);
	}
	fb->face = gB;
	fb->vertex = climbDeepest(&w->a, w->a.vertices, NULL, &w->bp[gB], warm->supportB, 2.0 * rho * (1.0 + warm->spreadA),
							  &fb->separation);
	if (fb->vertex < 0)
		fb->separation = npDeepestAbove3(&w->bp[gB], w->a.vertices, w->a.vertexCount, &fb->vertex);
	warm->supportA = fa->vertex;
	warm->supportB = fb->vertex;
	if (fa->separation > margin || fb->separation > margin)
		return false;

	if (warm->factsA != gA)
	{
		faceFacts(&w->a, gA, &warm->cosA, &warm->deepA);
		warm->factsA = gA;
	}
	if (warm->factsB != gB)
	{
		faceFacts(&w->b, gB, &warm->cosB, &warm->deepB);
		warm->factsB = gB;
	}
	FaceLoop loopA, loopB;
	moveFaceOfB(mb, gB);
	vertexOf(mb, w->bv, warm->deepB);
	if (!makeFaceLoop(&w->a, w->a.vertices, &w->a.planes[gA], gA, &loopA) ||
		!makeFaceLoop(&w->b, w->bv, &w->bp[gB], gB, &loopB))
		return false;
	npVec3 cA = w->shapeA->hull->centroid;
	npVec3 cB = v3Add(npMat3Mul(&w->rot, w->shapeB->hull->centroid), w->rel.p);
	const FaceSide ofA = { &loopA, sat->faceA.separation, w->bv[sat->faceA.vertex], &w->b, w->bv, &loopB, gB,
						   w->a.vertices[warm->deepA], cB, warm->cosA, warm->slackA };
	const FaceSide ofB = { &loopB, sat->faceB.separation, w->a.vertices[sat->faceB.vertex], &w->a, w->a.vertices,
						   &loopA, gA, w->bv[warm->deepB], cA, warm->cosB, warm->slackB };
	double rA = sideClear(&ofA, tol, &warm->discA);
	double rB = rA >= 0.0 ? sideClear(&ofB, tol, &warm->discB) : -1.0;
	if (!(rB >= 0.0))
		return false;

	// No edge axis can win either (the proof of npNoEdgeAxisWins3 with this ball): E holds a ball of
	// radius r deeper than the floor, so every axis separates by at most -r < floor.
	double sepA = sat->faceA.separation, sepB = sat->faceB.separation;
	double faceBest = (sepB > sepA + NP_FACE_PREFERENCE3 ? sepB : sepA) + NP_FACE_PREFERENCE3;
	double floor = faceBest < margin ? faceBest : margin;
	double r = rA > rB ? rA : rB;
	if (r >= -floor + tol && r >= 1.0e-6 * scale)
		return true;
	// Else the ball of the vertices below the faces (a contact away from the faces' middles).
	moveAllOfB(mb);
	sat->centroidA = centroidOf(&w->a, w->a.vertices);
	return npNoEdgeAxisWins3(w, sat, floor);
}

// What the clipper reads of B when B is the incident shape: the normals of the faces around its
// support vertex (to choose the incident face; their offsets are never read) and the vertices of
// the face it chooses. Returns that face, chosen by the clipper's own routine.
static int moveIncidentFace(MovedB* mb, const FaceClip* clip)
{
	SatPair* w = mb->w;
	const npPolyhedron3* b = &w->b;
	int vertex = clip->support;
	int e = b->vertexEdge[vertex], guard = 0;
	do
	{
		int f = b->halfEdges[e].face;
		w->bp[f].normal = npMat3Mul(&w->rot, b->planes[f].normal);
		e = b->halfEdges[b->halfEdges[e].twin].next;
		++guard;
	} while (e != b->vertexEdge[vertex] && guard < NP_MAX_HULL_HALF_EDGES);
	int inc = npIncidentFace3(clip);
	moveFaceOfB(mb, inc);
	return inc;
}

/// Most frames to wait after the face proof failed before trying it again: the wait doubles from 1
/// while the proof keeps failing, so a pair that left its face contact pays for it only now and then.
#define NP_WARM_RETRY3 16

int npCollideWarmFaces3(const npShape3* shapeA, const npTransform3* xfA, const npShape3* shapeB,
						const npTransform3* xfB, double margin, const npWarmState3* state, npManifold3* m)
{
	npSatCache3* warm = state->sat;
	npWarmStats3* stats = state->stats;
	if (warm->faceA < 0 || warm->faceB < 0 || warm->fastFailed < 0)
	{
		warm->fastFailed += warm->fastFailed < 0 ? 1 : 0;
		return -2;
	}
	SatPair w;
	if (!warmHull(shapeA, &w.a) || !warmHull(shapeB, &w.b))
		return -2;
	npPlaceSatPair(&w, shapeA, xfA, shapeB, xfB);
	w.boxA = w.boxB = false;
	MovedB mb;
	mb.w = &w;
	memset(mb.done, 0, sizeof mb.done);

	SatAxis sat;
	sat.edgesSkipped = true;
	bool ok = warmFaces(&w, &mb, warm, margin, &sat);
	double sepA = sat.faceA.separation, sepB = sat.faceB.separation;
	if (!ok)
	{
		warm->fastFailed = -warm->retryGap;
		warm->retryGap = warm->retryGap < NP_WARM_RETRY3 ? 2 * warm->retryGap : NP_WARM_RETRY3;
		return -2;
	}
	warm->retryGap = 1;
	sat.choice = sepB > sepA + NP_FACE_PREFERENCE3 ? 1 : 0;

	// What the cold path's warm branch records (collidePolyhedraWarm).
	stats->searched += 1;
	stats->edgesSkipped += 1;
	stats->faceReused += 1;
	stats->facesProven += 1;
	clearManifold(m);
	const ClipShape a = { &w.a, w.a.vertices, w.a.planes, NULL, npLooseHull3(w.shapeA) };
	const ClipShape b = { &w.b, w.bv, w.bp, NULL, npLooseHull3(w.shapeB) };
	if (sat.choice == 0)
	{
		const FaceClip clip = { a, sat.faceA.face, b, sat.faceA.vertex, true, margin };
		return (int)npFaceContactOn3(&clip, moveIncidentFace(&mb, &clip), m);
	}
	const FaceClip clip = { b, sat.faceB.face, a, sat.faceB.vertex, false, margin };
	return (int)npFaceContact3(&clip, m);
}
