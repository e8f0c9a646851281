// 2D contact manifolds, part 3: from the separating-axis result of two cores to the contact points
// (after Randy Gaul's "Manifold Generation" article). The reference face is A's best face unless
// B's separates by clearly more (a fixed preference keeps it from flipping through rounding
// noise); the incident edge is the other core's edge most opposed to it; Sutherland-Hodgman
// clipping of the incident edge against the reference face's two side planes gives at most two
// points, each at its height above the face.
//
// When only the roundings can touch (the cores are apart), the closest features of the cores may be
// two vertices; the contact normal is then the direction between them (as for two circles), not a
// face normal. The face with the largest separation is always adjacent to the cores' closest
// features (the origin's signed distance to the line of a face of the Minkowski difference that is
// not adjacent to the difference's closest point is strictly smaller than the distance itself), so
// the closest pair is found among the reference face and the incident edge alone
// (closestOfSegments2 in closest2d.h). The same closest pair gives the single contact when
// clipping finds nothing (collinear segments end to end, or rounding at the side planes).
#include "manifold2d_private.h"
#include "codesize.h"

// Lengths below this are too short to give a direction: a fraction of the problem's size (the
// largest coordinate of either core in A's frame) plus the radii. Only the paths that may take a
// direction from a short vector ask for it (the cores apart, or degenerate ends), so the common
// overlapping case never scans the vertices for it.
static double pairTolerance(const corePair* pair)
{
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];
	double size = npMax(maxAbsCoordinate(A->vertices, A->count), maxAbsCoordinate(B->vertices, B->count));
	return NP_MANIFOLD_REL_TOLERANCE * (size + pair->radius);
}

// Closest features of two segments that do not cross (closestOfSegments2), named as features of
// their cores: segment a runs from vertex ia[0] to vertex ia[1] of its core and is that core's edge
// edgeA; likewise b.
typedef struct closestPair
{
	npVec2 point[2];   // closest point on each segment
	uint32_t kind[2];  // NP_FEATURE_VERTEX or NP_FEATURE_EDGE
	int index[2];      // vertex or edge index in its core
	double distanceSq; // squared distance between the points
} closestPair;

static void findClosestFeatures(closestPair* best, const npVec2 a[2], const int ia[2], int edgeA,
								const npVec2 b[2], const int ib[2], int edgeB)
{
	npSegmentPair2 closest = closestOfSegments2(a, b);
	const int* ends[2] = { ia, ib };
	int edges[2] = { edgeA, edgeB };
	best->distanceSq = closest.distanceSq;
	for (int s = 0; s < 2; ++s)
	{
		bool inside = closest.where[s] == NP_SEGMENT_INSIDE;
		best->point[s] = closest.point[s];
		best->kind[s] = inside ? NP_FEATURE_EDGE : NP_FEATURE_VERTEX;
		best->index[s] = inside ? edges[s] : ends[s][closest.where[s]];
	}
}

// Closest features of the reference edge of core `ref` and the incident edge of the other core.
static void closestOfFaces(closestPair* cp, const corePair* pair, int ref, int edge, int incident)
{
	const localCore* R = &pair->cores[ref];
	const localCore* I = &pair->cores[1 - ref];
	int ir[2] = { edge, nextIndex(edge, R->count) };
	int ii[2] = { incident, nextIndex(incident, I->count) };
	npVec2 r[2] = { R->vertices[ir[0]], R->vertices[ir[1]] };
	npVec2 w[2] = { I->vertices[ii[0]], I->vertices[ii[1]] };
	findClosestFeatures(cp, r, ir, edge, w, ii, incident);
}

// One-point manifold from the closest features of a reference/incident pair; `ref` is the shape
// owning the reference face, whose normal (oriented A -> B) serves when no direction can be taken.
// Replaces whatever a failed clipping left in the manifold.
static void closestPointManifold(npManifold2* m, const corePair* pair, const closestPair* cp, int ref, int edge)
{
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];
	m->pointCount = 0;
	m->normal = v2(0.0, 0.0);
	// Map the (reference, incident) order of cp to (A, B).
	int sa = ref == 0 ? 0 : 1, sb = 1 - sa;
	npVec2 fallback = ref == 0 ? A->normals[edge] : v2Neg(B->normals[edge]);
	closestContact c = { cp->point[sa], cp->point[sb], A->radius, B->radius, fallback, pairTolerance(pair),
						 pair->margin, makeId(cp->kind[sa], cp->index[sa], cp->kind[sb], cp->index[sb]) };
	setClosestPoint(m, pair->xfA, &c);
}

// End k of the incident edge (its vertex wk, at (uk, hk)), clipped to 0 <= u <= length. A clipped
// point is where the incident edge crosses the side plane through a reference vertex; the other
// end point is then on the inner side, so u1 != u0.
static inline void clipEnd(clippedEnd* e, const faceClip* c, double uk, double hk, int wk)
{
	if (uk < 0.0 || uk > c->length)
	{
		double side = uk < 0.0 ? 0.0 : c->length;
		double lambda = (side - c->u0) / (c->u1 - c->u0);
		e->u = side;
		e->h = c->h0 + lambda * (c->h1 - c->h0);
		e->refKind = NP_FEATURE_VERTEX;
		e->refIndex = uk < 0.0 ? c->edge : c->edgeEnd;
		e->incKind = NP_FEATURE_EDGE;
		e->incIndex = c->incident;
	}
	else
	{
		e->u = uk;
		e->h = hk;
		e->refKind = NP_FEATURE_EDGE;
		e->refIndex = c->edge;
		e->incKind = NP_FEATURE_VERTEX;
		e->incIndex = wk;
	}
}

// The reference face's frame (its first vertex, normal and tangent) and the radii, margin and
// transform the contacts on it are written with.
static inline void referenceFrame(faceFrame* f, const corePair* pair, int ref, int edge)
{
	const localCore* R = &pair->cores[ref];
	f->v1 = R->vertices[edge];
	f->n = R->normals[edge];
	f->t = v2LeftPerp(f->n);
	f->refRadius = R->radius;
	f->incRadius = pair->cores[1 - ref].radius;
	f->margin = pair->margin;
	f->refIsB = ref == 1;
	f->xfA = pair->xfA;
}

// The one clipping routine. Reference face: edge `edge` of core `ref` (0 = A, 1 = B), running from
// v1 to v2 with outward normal n and tangent t = leftPerp(n) (the direction v1 -> v2 of a CCW
// core). The incident edge w1 -> w2 of the other core is clipped against the side planes u = 0 and
// u = L (Sutherland-Hodgman against two planes); each surviving point becomes a contact at its
// height h above the face. Returns false when the incident edge lies wholly beyond one side plane
// (nothing to clip to); the manifold then has no points. `traced`: a constant, see finishCores.
MANIFOLD2_INLINE bool clipIncidentEdge(npManifold2* m, const corePair* pair, int ref, int edge, int incident,
									   const bool traced)
{
	const localCore* R = &pair->cores[ref];
	const localCore* I = &pair->cores[1 - ref];
	int edgeEnd = nextIndex(edge, R->count);
	int incidentEnd = nextIndex(incident, I->count);
	faceFrame f;
	referenceFrame(&f, pair, ref, edge);
	double length = v2Dot(v2Sub(R->vertices[edgeEnd], f.v1), f.t);

	npVec2 d0 = v2Sub(I->vertices[incident], f.v1), d1 = v2Sub(I->vertices[incidentEnd], f.v1);
	double u0 = v2Dot(d0, f.t), u1 = v2Dot(d1, f.t);
	// The same expression as in findMaxSeparation, so the depths agree.
	double h0 = v2Dot(f.n, d0), h1 = v2Dot(f.n, d1);
	m->pointCount = 0;
	if (traced)
		npClipTraceFace2(pair, ref, &(faceClip){ u0, h0, u1, h1, length, edge, edgeEnd, incident });
	if ((u0 < 0.0 && u1 < 0.0) || (u0 > length && u1 > length))
		return false;

	m->normal = npRotate2(pair->xfA->q, ref == 0 ? f.n : v2Neg(f.n));
	faceClip clip = { u0, h0, u1, h1, length, edge, edgeEnd, incident };
	clippedEnd ends[2];
	clipEnd(ends + 0, &clip, u0, h0, incident);
	clipEnd(ends + 1, &clip, u1, h1, incidentEnd);
	if (traced)
		npClipTraceEnds2(pair, &f, ends);
	// An incident edge touching the reference range in a single point gives it twice.
	bool twice = ends[1].u == ends[0].u && ends[1].h == ends[0].h;
	if (f.incRadius == 0.0)
	{
		// A sharp incident core (the common case): its surface points are its core points.
		addFacePoint(m, &f, ends[0].u, ends[0].h, v2(0.0, 0.0), true, clippedEndId(&f, ends + 0));
		if (!twice)
			addFacePoint(m, &f, ends[1].u, ends[1].h, v2(0.0, 0.0), true, clippedEndId(&f, ends + 1));
		return true;
	}
	for (int k = 0; k < (twice ? 1 : 2); ++k)
	{
		const clippedEnd* e = ends + k;
		// A rounded incident core pushes its surface point out along its outward normal nearest to
		// -n: the incident edge's normal at a clipped point; at an incident vertex -n itself when -n
		// is inside the vertex's normal cone (which runs counter-clockwise from the normal of the
		// edge ending at the vertex to the normal of the edge starting at it), else the nearer of the
		// cone's two bounding normals.
		npVec2 incDir = I->normals[incident];
		bool alongNormal = false;
		if (e->incKind == NP_FEATURE_VERTEX)
		{
			npVec2 inward = v2Neg(f.n);
			int w = e->incIndex;
			npVec2 before = I->normals[w == 0 ? I->count - 1 : w - 1], after = I->normals[w];
			if (v2Cross(before, inward) >= 0.0 && v2Cross(inward, after) >= 0.0)
				alongNormal = true;
			else
				incDir = v2Dot(before, inward) > v2Dot(after, inward) ? before : after;
		}
		addFacePoint(m, &f, e->u, e->h, incDir, alongNormal, clippedEndId(&f, e));
	}
	return true;
}

// The incident core's deepest vertex along the reference face's normal, as one face contact. Where
// cores overlap they touch there; rounding can leave that vertex just outside the face's side
// planes, and every clip then found nothing (a vertex exactly at the face's end beside coordinates
// of 1e-300: no contact for polygons overlapping by 4, fuzz_pairs2d); the closest features of the
// two edges, the older fallback, were farther apart than the radius.
NP_COLD __attribute__((noinline)) static void supportContact(npManifold2* m, const corePair* pair, int ref, int edge)
{
	const localCore* R = &pair->cores[ref];
	const localCore* I = &pair->cores[1 - ref];
	faceFrame f;
	referenceFrame(&f, pair, ref, edge);
	int deepest = 0;
	double low = DBL_MAX;
	for (int i = 0; i < I->count; ++i)
	{
		double h = v2Dot(f.n, v2Sub(I->vertices[i], f.v1));
		deepest = h < low ? i : deepest;
		low = h < low ? h : low;
	}
	m->pointCount = 0;
	// Only a vertex over the face (to 1e-9 of the sizes: the vertex above was 7.5e-10 past the end
	// of a face 16 long): elsewhere its projection lies off the reference core, and the closest
	// features decide (two slivers got a point 22 off A before this test).
	double u = v2Dot(v2Sub(I->vertices[deepest], f.v1), f.t);
	double length = v2Dot(v2Sub(R->vertices[nextIndex(edge, R->count)], f.v1), f.t);
	double slack = 1.0e3 * pairTolerance(pair);
	if (!(u >= -slack && u <= length + slack))
		return;
	m->normal = npRotate2(pair->xfA->q, ref == 0 ? f.n : v2Neg(f.n));
	clippedEnd e = { u, low, NP_FEATURE_EDGE, NP_FEATURE_VERTEX, edge, deepest };
	// -n lies in the deepest vertex's normal cone, so a rounded core's surface point is along it.
	addFacePoint(m, &f, e.u, e.h, v2(0.0, 0.0), true, clippedEndId(&f, &e));
}

bool npClipToFace2(npManifold2* m, const corePair* pair, int ref, int edge, int incident)
{
	return clipIncidentEdge(m, pair, ref, edge, incident, false);
}

// The incident edge is the other core's edge most nearly opposite the reference normal, and its
// neighbour can be opposite to within rounding: a polygon with a vertex 1e-9 off the line of its two
// edges (a nearly straight corner) has two such edges, and the first one found lay wholly beside a
// box's face, so the clip kept nothing and the pair, overlapping by 2.25, got no contact
// (fuzz_pairs2d). When the clip fails, neighbour k of the incident edge (0: before it, 1: after it)
// is clipped instead if its normal is as opposite to within 1e-6 (1.4e-3 rad); -1 when it is not.
NP_COLD __attribute__((noinline)) static int facingNeighbour(const corePair* pair, int ref, int edge, int incident, int k)
{
	const localCore* R = &pair->cores[ref];
	const localCore* I = &pair->cores[1 - ref];
	if (I->count < 3)
		return -1;
	npVec2 n = R->normals[edge];
	int j = k == 0 ? (incident == 0 ? I->count - 1 : incident - 1) : nextIndex(incident, I->count);
	return v2Dot(I->normals[j], n) <= v2Dot(I->normals[incident], n) + 1.0e-6 ? j : -1;
}

// Everything after the separating-axis test. Specialised twice: `traced` is a constant in both
// wrappers below, so npFinishCores2 (every manifold) has no trace code and npFinishCoresTraced2
// calls the hooks of trace2d.c.
MANIFOLD2_INLINE void finishCores(npManifold2* m, const corePair* pair, const satResult* sat, const bool traced)
{
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];
	double sepA = sat->sepA, sepB = sat->sepB;
	int edgeA = sat->edgeA, edgeB = sat->edgeB, incidentA = sat->incidentA, incidentB = sat->incidentB;
	if (traced)
		npClipTraceAxes2(pair, sat);

	// The true largest separation decides emptiness and the closest features. The cores' distance
	// is at least this, so a separation beyond radius + margin means no contact.
	int maxRef = sepB > sepA ? 1 : 0;
	double maxSeparation = maxRef ? sepB : sepA;
	if (maxSeparation - pair->radius > pair->margin)
		return;

	// The reference face: A's, unless B's separates by more than the preference. A fixed bias keeps
	// the face (and the normal, and the ids) from flipping between nearly equal candidates through
	// rounding noise (Gaul's article: "favor one axis over another").
	int ref = sepB > sepA + NP_FACE_PREFERENCE2 ? 1 : 0;
	if (maxRef == 0 || ref == 0)
	{
		if (incidentA < 0)
			incidentA = findIncidentEdge(B, A->normals[edgeA]);
	}
	if (maxRef == 1 || ref == 1)
	{
		if (incidentB < 0)
			incidentB = findIncidentEdge(A, B->normals[edgeB]);
	}
	int maxEdge = maxRef ? edgeB : edgeA, maxIncident = maxRef ? incidentB : incidentA;

	// Cores apart: when their closest features are two vertices, the contact is vertex-vertex and
	// its normal is the direction between them (only the roundings or the margin can reach). When
	// the distance equals the face separation the face normal is that direction anyway: clip.
	// (The tolerance is never negative, so overlapping cores skip the test without computing it.)
	closestPair cp;
	if (maxSeparation > 0.0 && maxSeparation > pairTolerance(pair))
	{
		closestOfFaces(&cp, pair, maxRef, maxEdge, maxIncident);
		if (cp.kind[0] == NP_FEATURE_VERTEX && cp.kind[1] == NP_FEATURE_VERTEX &&
			sqrt(cp.distanceSq) > maxSeparation)
		{
			if (traced)
				pair->trace->path = NP_CLIP_CLOSEST;
			closestPointManifold(m, pair, &cp, maxRef, maxEdge);
			return;
		}
	}

	// Clip against the preferred face. Its side planes can miss the incident edge (or clip away the
	// points within the margin) when it is not the best face; the best face always holds the
	// support point, so it is tried next.
	for (int attempt = 0; attempt < 2; ++attempt)
	{
		int edge = ref ? edgeB : edgeA, incident = ref ? incidentB : incidentA;
		// The incident edge, then its neighbours that face the reference face as well (one call site:
		// the clip is inlined here).
		for (int k = -1; k < 2; ++k)
		{
			int tried = k < 0 ? incident : facingNeighbour(pair, ref, edge, incident, k);
			if (tried >= 0 && clipIncidentEdge(m, pair, ref, edge, tried, traced) && m->pointCount > 0)
				return;
		}
		if (ref == maxRef)
			break;
		ref = maxRef;
	}
	// Two cores whose edge normals all say they overlap do overlap (the normals are every axis in 2D;
	// a segment's two normals are its parallelogram's with the other core, so capsules count too):
	// one contact at the support point (supportContact). A capsule whose core crossed a polygon's
	// face 1e-9 below the face's end, where the next edge goes on nearly straight, missed every
	// clip and took the closest features: a normal 90 degrees off, overlapping 23.8 along it for
	// 3.67 along the best axis (fuzz_pairs2d).
	if (maxSeparation < 0.0 && pair->cores[0].count >= 2 && pair->cores[1].count >= 2)
	{
		supportContact(m, pair, maxRef, maxEdge);
		if (m->pointCount > 0)
			return;
	}
	// Degenerate ends: collinear segments (capsules end to end), or a support point that rounding
	// left just outside the side planes. The closest features give the single contact.
	closestOfFaces(&cp, pair, maxRef, maxEdge, maxIncident);
	if (traced)
		pair->trace->path = NP_CLIP_CLOSEST;
	closestPointManifold(m, pair, &cp, maxRef, maxEdge);
}

void npFinishCores2(npManifold2* m, const corePair* pair, const satResult* sat)
{
	finishCores(m, pair, sat, false);
}

void npFinishCoresTraced2(npManifold2* m, const corePair* pair, const satResult* sat)
{
	finishCores(m, pair, sat, true);
}
