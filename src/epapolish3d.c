// Polish of the 3D EPA result: the exact separating axis near EPA's normal (epa3d.c calls it).
//
// On polytopes EPA ends on a true face of the Minkowski difference, but that face's normal
// is a cross product of differences of differences, accurate to maybe 1e-10, and in tied
// configurations (two coincident cubes) the closest triangle can be a diagonal one. The exact
// answer is one of the separating-axis candidates: a face normal of A, a face normal of B, or the
// cross product of an edge of A and an edge of B. So the EPA normal only selects candidates. After
// convergence the final face lies in a facet F = F_A - F_B of the Minkowski difference and its
// corners name it (polishDirect): three distinct points of A and one of B -> A's face through
// them; one and three -> B's face; two and two -> the cross product of the two differences (both
// perpendicular to the axis whatever F_A and F_B are). When that candidate does not agree with the
// EPA normal, the general search runs: the faces around the corner vertices aligned with it, and
// the edge pairs formed by the edges at those vertices whose axis is within ~1.4e-3 rad of it;
// when EPA did not converge, the three best-aligned faces of each shape and every such edge pair
// in the half-space around it. The overlap of the shapes along each candidate is evaluated
// exactly (support planes; the short cut climbs the vertex graph from the facet's own corners);
// the smallest wins, the EPA normal itself being a candidate too, so the polish can only lower the
// answer toward the true depth, which no axis undercuts. The witness points are then moved along
// the final normal onto each shape's support plane, so depth = dot(pointA - pointB, normal) holds
// exactly for the chosen axis.
#include "epa3d_private.h"
#include "codesize.h"

#include <float.h>
#include <stddef.h>

typedef struct polishCandidate
{
	int index;
	double align;
} polishCandidate;

// Keeps the `k` entries with the largest alignment (insertion into a short sorted list; an index
// already listed is ignored).
static int keepBest(polishCandidate* list, int count, int k, int index, double align)
{
	for (int i = 0; i < count; ++i)
		if (list[i].index == index)
			return count;
	int pos = count < k ? count : k;
	while (pos > 0 && list[pos - 1].align < align)
	{
		if (pos < k)
			list[pos] = list[pos - 1];
		pos -= 1;
	}
	if (pos < k)
	{
		list[pos] = (polishCandidate){ index, align };
		if (count < k)
			count += 1;
	}
	return count;
}

// The features around a few vertices of a polyhedron view: the edges (even half-edge index) and
// faces touching them, found by turning around each vertex (h and h ^ 1 are twins; the next of
// the twin is the next half-edge leaving the same vertex). An edge joining two of the vertices is
// listed once (from the first); a face touching several of them is listed for each (callers
// tolerate repeats).
typedef struct vertexFan
{
	int edges[24];
	int faces[24];
	int edgeCount;
	int faceCount;
} vertexFan;

static void collectFan(const npPolyhedron3* poly, const int* vertices, vertexFan* fan)
{
	fan->edgeCount = 0;
	fan->faceCount = 0;
	if (poly->halfEdgeCount == 0)
		return;
	const npHalfEdge3* edges = poly->halfEdges;
	for (int i = 0; i < 3; ++i)
	{
		int v = vertices[i];
		if ((i > 0 && vertices[0] == v) || (i > 1 && vertices[1] == v))
			continue;
		int start = poly->vertexEdge[v], h = start;
		for (int guard = 0; guard < 64; ++guard)
		{
			const npHalfEdge3* twin = &edges[h ^ 1];
			int w = twin->origin;
			// Skip an edge whose other end is an earlier vertex of the list (listed there).
			bool earlier = (i > 0 && vertices[0] == w) || (i > 1 && vertices[1] == w);
			if (!earlier && fan->edgeCount < 24)
				fan->edges[fan->edgeCount++] = h & ~1;
			int face = edges[h].face;
			if (face != NP_NO_FACE3 && fan->faceCount < 24)
				fan->faces[fan->faceCount++] = face;
			h = twin->next;
			if (h == start)
				break;
		}
	}
}

// Support vertex of a core along d, found by climbing the vertex graph of a hull or triangle from
// `start` (a vertex believed to be at or near the answer): move to the best neighbour while one is
// higher. On a convex polyhedron a vertex no neighbour beats is a farthest one, so a good start
// costs one look around it instead of a scan. Other cores, or start < 0, use the plain support.
static int climbSupport(npCoreKind3 kind, const npPolyhedron3* poly, int start, npVec3 d)
{
	if (kind != NP_CORE_VERTICES || poly->halfEdgeCount == 0 || start < 0)
		return npCoreSupport3(kind, poly, d);
	const npVec3* v = poly->vertices;
	const npHalfEdge3* edges = poly->halfEdges;
	int current = start;
	double value = v3Dot(v[current], d);
	// Every move strictly raises the value, so there are fewer moves than vertices.
	for (int step = 0; step < poly->vertexCount; ++step)
	{
		int next = current;
		double nextValue = value;
		int first = poly->vertexEdge[current], h = first;
		for (int guard = 0; guard < NP_MAX_HULL_HALF_EDGES; ++guard)
		{
			const npHalfEdge3* twin = &edges[h ^ 1];
			int w = twin->origin;
			double x = v3Dot(v[w], d);
			next = x > nextValue ? w : next;
			nextValue = x > nextValue ? x : nextValue;
			h = twin->next;
			if (h == first)
				break;
		}
		if (next == current)
			break;
		current = next;
		value = nextValue;
	}
	return current;
}

// Overlap along A's face f (its normal is the axis): the plane offset minus B's lowest point
// (climbing from B's vertex startB when known, else a scan).
static void tryFaceA(const npPair3* pair, int f, int startB, polishAxis* best)
{
	const npPolyhedron3* pa = &pair->polyA;
	npPlane3 plane = pa->planes[f];
	npVec3 u = plane.normal;
	int ib = climbSupport(pair->kindB, &pair->polyB, startB, npPairDirToB(pair, v3Neg(u)));
	double d = plane.offset - v3Dot(u, npPairVertexB(pair, ib));
	if (d < best->depth)
		*best = (polishAxis){ u, d, pa->halfEdges[pa->faceEdge[f]].origin, ib };
}

// Overlap along B's face f: the axis from A to B is minus its normal.
static void tryFaceB(const npPair3* pair, int f, int startA, polishAxis* best)
{
	const npPolyhedron3* pb = &pair->polyB;
	npPlane3 plane = pb->planes[f];
	npVec3 mA = npPairDirFromB(pair, plane.normal);
	npVec3 u = v3Neg(mA);
	int ia = climbSupport(pair->kindA, &pair->polyA, startA, u);
	double d = v3Dot(u, pair->polyA.vertices[ia]) + plane.offset + v3Dot(mA, pair->xfB.p);
	if (d < best->depth)
		*best = (polishAxis){ u, d, ia, pb->halfEdges[pb->faceEdge[f]].origin };
}

// Among the faces around vertex v of a polyhedron view, the one whose outward normal is best
// aligned with u (u in the view's own frame); -1 when the view has no faces.
static int alignedFace(const npPolyhedron3* poly, int v, npVec3 u, double* align)
{
	int found = -1;
	*align = -DBL_MAX;
	if (poly->faceCount == 0)
		return -1;
	int start = poly->vertexEdge[v], h = start;
	for (int guard = 0; guard < 64; ++guard)
	{
		int face = poly->halfEdges[h].face;
		if (face != NP_NO_FACE3)
		{
			double a = v3Dot(poly->planes[face].normal, u);
			found = a > *align ? face : found;
			*align = a > *align ? a : *align;
		}
		h = poly->halfEdges[h ^ 1].next;
		if (h == start)
			break;
	}
	return found;
}

// How far a snapped axis's exact overlap may exceed EPA's own along its normal and still be the
// same facet: the rounding of an overlap, a difference of dot products of coordinates about as
// large as the support vertices', is far below 1e-12 of them. A snap that loses by more names
// another facet: on a needle hull 1e6 long a face 8e-8 rad from EPA's normal passed the alignment
// tests (1e-13 of the cosine, 4.5e-7 rad) and overlapped by 1.0186 where EPA's 0.9375 was right
// (fuzz_pairs3d's brute-force depth check). Then the general search runs from EPA's answer.
static double snapSlack(const npPair3* pair, polishAxis start)
{
	npVec3 a = pair->polyA.vertices[start.indexA], b = npPairVertexB(pair, start.indexB);
	return 1.0e-12 * (fabs(start.depth) + np3Max(v3MaxAbs(a), v3MaxAbs(b)));
}

// The polish's short cut after convergence. The final face lies in a facet F of the Minkowski
// difference, F = F_A - F_B with F_A the support feature of A along the exact axis and F_B that of
// B against it, and each corner a - b of the face has a in F_A and b in F_B. So the corners name
// the axis: three distinct points of A and one of B make F_A a face of A (the axis is its normal,
// found around one of them); one of A and three of B, a face of B; two and two, every difference
// of the two A points and of the two B points is perpendicular to the axis, which is their cross
// product (whatever F_A and F_B are). The candidate must agree with EPA's normal (a face to
// 1e-13, a cross product within the polish cone), else the general search runs. Returns true when
// *best holds the answer.
static bool polishDirect(const npPair3* pair, const int* featureA, const int* featureB, polishAxis* best)
{
	int da[3], db[3];
	int na = 0, nb = 0;
	for (int i = 0; i < 3; ++i)
	{
		bool knownA = false, knownB = false;
		for (int k = 0; k < na; ++k)
			knownA = knownA || da[k] == featureA[i];
		for (int k = 0; k < nb; ++k)
			knownB = knownB || db[k] == featureB[i];
		if (!knownA)
			da[na++] = featureA[i];
		if (!knownB)
			db[nb++] = featureB[i];
	}
	npVec3 n = best->axis;
	if (na == 3 && nb == 1)
	{
		double align;
		int f = alignedFace(&pair->polyA, da[0], n, &align);
		if (f < 0 || align < 1.0 - 1.0e-13)
			return false;
		polishAxis snap = *best;
		snap.depth = DBL_MAX;
		tryFaceA(pair, f, db[0], &snap);
		if (!(snap.depth <= best->depth + snapSlack(pair, *best)))
			return false;
		*best = snap;
		return true;
	}
	if (na == 1 && nb == 3)
	{
		double align;
		int f = alignedFace(&pair->polyB, db[0], npPairDirToB(pair, v3Neg(n)), &align);
		if (f < 0 || align < 1.0 - 1.0e-13)
			return false;
		polishAxis snap = *best;
		snap.depth = DBL_MAX;
		tryFaceB(pair, f, da[0], &snap);
		if (!(snap.depth <= best->depth + snapSlack(pair, *best)))
			return false;
		*best = snap;
		return true;
	}
	if (na == 2 && nb == 2)
	{
		const npVec3* va = pair->polyA.vertices;
		npVec3 ea = v3Sub(va[da[1]], va[da[0]]);
		npVec3 eb = v3Sub(npPairVertexB(pair, db[1]), npPairVertexB(pair, db[0]));
		npVec3 c = v3Cross(ea, eb);
		double lenSq = v3LengthSq(c);
		double align = v3Dot(c, n);
		const double cone = 1.0 - 1.0e-6;
		if (!(lenSq > 1.0e-18 * v3LengthSq(ea) * v3LengthSq(eb)) || align * align < cone * cone * lenSq)
			return false;
		npVec3 u = v3Scale((align < 0.0 ? -1.0 : 1.0) / sqrt(lenSq), c);
		int ia = climbSupport(pair->kindA, &pair->polyA, da[0], u);
		int ib = climbSupport(pair->kindB, &pair->polyB, db[0], npPairDirToB(pair, v3Neg(u)));
		double d = v3Dot(v3Sub(va[ia], npPairVertexB(pair, ib)), u);
		if (!(d <= best->depth + snapSlack(pair, *best)))
			return false;
		if (d < best->depth)
			*best = (polishAxis){ u, d, ia, ib };
		return true;
	}
	return false;
}

// How many faces of each shape the polish tries: the best aligned ones.
#define POLISH_FACES 3

// The POLISH_FACES faces of a view whose normals are best aligned with `sign` u, above minAlign,
// into `list` (best first): among the faces of `fan`, or of all faces when fan is NULL. Returns
// their number.
static int bestAlignedFaces(const npPolyhedron3* poly, const vertexFan* fan, npVec3 u, double sign, double minAlign,
						polishCandidate* list)
{
	int count = 0;
	int total = fan != NULL ? fan->faceCount : poly->faceCount;
	for (int i = 0; i < total; ++i)
	{
		int f = fan != NULL ? fan->faces[i] : i;
		double align = sign * v3Dot(poly->planes[f].normal, u);
		if (align > minAlign)
			count = keepBest(list, count, POLISH_FACES, f, align);
	}
	return count;
}

// Face candidates: A's faces best aligned with n, B's best aligned with -n, among the faces of the
// fans (within the polish cone) or, when `wide`, of all faces. Returns true when EPA's normal is (to
// rounding) a face normal: that face alone is the answer, in *best.
static bool polishFaces(const npPair3* pair, npVec3 n, const vertexFan* fanA, const vertexFan* fanB, bool wide,
						polishAxis* best)
{
	const npPolyhedron3* pa = &pair->polyA;
	const npPolyhedron3* pb = &pair->polyB;
	double minAlign = wide ? 0.0 : 1.0 - 1.0e-6;
	npVec3 nB = npPairDirToB(pair, n);
	polishCandidate listA[POLISH_FACES], listB[POLISH_FACES];
	int countA = bestAlignedFaces(pa, wide ? NULL : fanA, n, 1.0, minAlign, listA);
	int countB = bestAlignedFaces(pb, wide ? NULL : fanB, nB, -1.0, minAlign, listB);
	if (!wide)
	{
		// EPA's normal is (to rounding) a face normal: that face is the answer. Evaluate it
		// alone, which also snaps the normal onto the exact face normal (its depth is exact; it is
		// kept even when rounding makes the EPA normal's overlap a hair smaller).
		// (Unless the face loses to EPA's normal by more than rounding: snapSlack.)
		polishAxis snap = *best;
		snap.depth = DBL_MAX;
		if (countA > 0 && listA[0].align >= 1.0 - 1.0e-13 && (countB == 0 || listB[0].align < listA[0].align))
			tryFaceA(pair, listA[0].index, -1, &snap);
		else if (countB > 0 && listB[0].align >= 1.0 - 1.0e-13)
			tryFaceB(pair, listB[0].index, -1, &snap);
		if (snap.depth <= best->depth + snapSlack(pair, *best))
		{
			*best = snap;
			return true;
		}
	}

	for (int i = 0; i < countA; ++i)
		tryFaceA(pair, listA[i].index, -1, best);
	for (int i = 0; i < countB; ++i)
		tryFaceB(pair, listB[i].index, -1, best);
	return false;
}

// The directions (A's frame) of the fan's edges that are nearly perpendicular to n,
// |e.n| <= sinCone |e|, into `dirs`; `rot` brings B's edges into A's frame (NULL for A's own).
// Returns their number.
static int edgesAcross(const npPolyhedron3* poly, const vertexFan* fan, const double (*rot)[3], npVec3 n,
					   double sinCone, npVec3* dirs)
{
	int kept = 0;
	for (int i = 0; i < fan->edgeCount; ++i)
	{
		const npHalfEdge3* h = &poly->halfEdges[fan->edges[i]];
		npVec3 l = v3Sub(poly->vertices[poly->halfEdges[h->twin].origin], poly->vertices[h->origin]);
		npVec3 d = l;
		if (rot != NULL)
			d = (npVec3){ rot[0][0] * l.x + rot[0][1] * l.y + rot[0][2] * l.z,
						  rot[1][0] * l.x + rot[1][1] * l.y + rot[1][2] * l.z,
						  rot[2][0] * l.x + rot[2][1] * l.y + rot[2][2] * l.z };
		double along = v3Dot(d, n);
		if (along * along <= sinCone * sinCone * v3LengthSq(d))
			dirs[kept++] = d;
	}
	return kept;
}

// Edge pairs at EPA's feature vertices. An axis within the cone around n is perpendicular to both
// edges, so an edge with a large component along n cannot produce one: such edges are dropped
// before pairing (|e.n| > sin(cone angle) |e|).
static void polishEdges(const npPair3* pair, npVec3 n, const vertexFan* fanA, const vertexFan* fanB, bool wide,
						polishAxis* best)
{
	double cone = wide ? 0.0 : 1.0 - 1.0e-6;
	double sinCone = wide ? 1.0 : 1.4143e-3; // about sqrt(1 - cone^2)
	npVec3 dirA[24], dirB[24];
	int keptA = edgesAcross(&pair->polyA, fanA, NULL, n, sinCone, dirA);
	if (keptA == 0)
		return;
	int keptB = edgesAcross(&pair->polyB, fanB, pair->rot, n, sinCone, dirB);

	int evaluated = 0;
	for (int i = 0; i < keptA; ++i)
		for (int j = 0; j < keptB; ++j)
		{
			npVec3 c = v3Cross(dirA[i], dirB[j]);
			double lenSq = v3LengthSq(c);
			double align = v3Dot(c, n);
			// Skip parallel edges (their axis is a face normal, covered above) and axes outside
			// the cone: align^2 < cone^2 |c|^2.
			if (!(lenSq > 1.0e-18 * v3LengthSq(dirA[i]) * v3LengthSq(dirB[j])) || align * align < cone * cone * lenSq)
				continue;
			if (evaluated >= 48)
				break;
			evaluated += 1;
			npVec3 u = v3Scale((align < 0.0 ? -1.0 : 1.0) / sqrt(lenSq), c);
			int ia, ib;
			double d = v3Dot(npSupportIndices3(pair, u, &ia, &ib), u);
			if (d < best->depth)
				*best = (polishAxis){ u, d, ia, ib };
		}
}

static polishAxis polishNear(const npPair3* pair, polishAxis start, const int* featureA, const int* featureB, bool wide)
{
	polishAxis best = start;
	if (!wide && polishDirect(pair, featureA, featureB, &best))
		return best;

	// When EPA converged its final face lies in a facet of the Minkowski difference, so its normal
	// is one of the candidate axes up to rounding: only candidates within a narrow cone
	// (cos >= 1 - 1e-6, about 1.4e-3 rad) can improve it, and the facet's features contain the
	// face's corners: A's face or edge through A's corner points, B's likewise. So the faces and
	// edges touching those vertices are the candidates. Otherwise (no convergence) the cone is the
	// whole half-space and the three best-aligned faces of each shape are tried as well.
	vertexFan fanA, fanB;
	collectFan(&pair->polyA, featureA, &fanA);
	collectFan(&pair->polyB, featureB, &fanB);
	if (polishFaces(pair, start.axis, &fanA, &fanB, wide, &best))
		return best;
	polishEdges(pair, start.axis, &fanA, &fanB, wide, &best);
	return best;
}

// A flat core (a triangle, a flat hull) has one plane, and its two normals are candidate axes that
// the search near EPA's normal can miss: near a touch, where GJK's tolerance (1e-12 of the scale)
// lets EPA start from a simplex that does not hold the origin, EPA can end on a facet far from
// the true one. A box 0.2 from a triangle 1e12 across got a depth of 1.6e11 along a normal 9
// degrees off the triangle's (fuzz_pairs3d). The plane's two normals cost a support query each and
// can only lower the answer (the smallest overlap wins, as everywhere in the polish). A normal
// replaces the axis found only when it overlaps less by more than its rounding (1e-12 of the
// support points' coordinates): EPA's witnesses lie on the facet of its own normal, and a box
// centred on a triangle's plane, tied to rounding between the plane's two sides, took the far side,
// where moving EPA's witness onto A's support plane put it 0.89 off the box (fuzz_pairs3d).
static void offerFlatFace(const npPair3* pair, const polishAxis* candidate, polishAxis* best)
{
	double size = v3MaxAbs(pair->polyA.vertices[candidate->indexA]) + v3MaxAbs(npPairVertexB(pair, candidate->indexB));
	if (candidate->depth < best->depth - 1.0e-12 * size)
		*best = *candidate;
}

static void tryFlatFaces(const npPair3* pair, polishAxis* best)
{
	for (int f = 0; pair->polyA.flat && f < pair->polyA.faceCount; ++f)
	{
		polishAxis candidate = { best->axis, DBL_MAX, 0, 0 };
		tryFaceA(pair, f, -1, &candidate);
		offerFlatFace(pair, &candidate, best);
	}
	for (int f = 0; pair->polyB.flat && f < pair->polyB.faceCount; ++f)
	{
		polishAxis candidate = { best->axis, DBL_MAX, 0, 0 };
		tryFaceB(pair, f, -1, &candidate);
		offerFlatFace(pair, &candidate, best);
	}
}

polishAxis npEpaPolish3(const npPair3* pair, polishAxis start, const int* featureA, const int* featureB, bool wide)
{
	polishAxis best = polishNear(pair, start, featureA, featureB, wide);
	tryFlatFaces(pair, &best);
	return best;
}

// The overlap of the cores along u (A to B) by support queries, kept when it beats *best.
NP_COLD __attribute__((noinline)) static void tryAxisBySupport(const npPair3* pair, npVec3 u, polishAxis* best)
{
	int ia, ib;
	double depth = v3Dot(npSupportIndices3(pair, u, &ia, &ib), u);
	if (depth < best->depth)
		*best = (polishAxis){ u, depth, ia, ib };
}

// The fallback for a polish whose witnesses disagree with its depth (epa3d.c): every face normal of
// both cores is a candidate, and so is the axis found, each measured by support queries on the
// vertices alone. A face's plane need not pass through its corners: on a needle hull 1.4e9 long
// quickhull can keep a face that is not a face of the points' hull (a vertex 1,024 above it, exact
// arithmetic), and hullfaces3d.c raises such a plane to hold every vertex, leaving its own corners
// 1,024 below it. The overlap read from that offset did not match the corner taken as the witness
// (fuzz_pairs3d: a ball of radius 1/64 on a vertex of the needle got depth 1,024). 2 F support
// queries, only on such pairs.
polishAxis npEpaEveryFace3(const npPair3* pair, polishAxis found)
{
	polishAxis best = found;
	best.depth = DBL_MAX;
	tryAxisBySupport(pair, found.axis, &best);
	const npPolyhedron3* pa = &pair->polyA;
	const npPolyhedron3* pb = &pair->polyB;
	for (int f = 0; pa->halfEdgeCount > 0 && f < pa->faceCount; ++f)
		tryAxisBySupport(pair, pa->planes[f].normal, &best);
	for (int f = 0; pb->halfEdgeCount > 0 && f < pb->faceCount; ++f)
		tryAxisBySupport(pair, v3Neg(npPairDirFromB(pair, pb->planes[f].normal)), &best); // B's outward normal: B to A
	return best;
}

// The two face normals beside half-edge h of a core, as arcs of the Gauss map of A - B (A's frame:
// B's normals turned and negated). False for an edge without two faces (a capsule's segment),
// whose arc is a whole great circle: every pair with it is kept.
static bool edgeArc(const npPair3* pair, const npPolyhedron3* p, bool isB, int h, npVec3* n1, npVec3* n2)
{
	int f1 = p->halfEdges[h].face, f2 = p->halfEdges[h ^ 1].face;
	if (f1 == NP_NO_FACE3 || f2 == NP_NO_FACE3)
		return false;
	*n1 = p->planes[f1].normal;
	*n2 = p->planes[f2].normal;
	if (isB)
	{
		*n1 = v3Neg(npPairDirFromB(pair, *n1));
		*n2 = v3Neg(npPairDirFromB(pair, *n2));
	}
	return true;
}

// Whether the arcs a-b (A's edge) and c-d (B's edge, negated) cross on the Gauss map, so that the
// edges' cross product is a face normal of A - B (Gregorius, "The Separating Axis Test between
// convex polyhedra", GDC 2013). Inclusive: a touching or degenerate arc (a flat core's antipodal
// normals) keeps the pair, which can only add a candidate.
static bool arcsCross(npVec3 a, npVec3 b, npVec3 c, npVec3 d)
{
	npVec3 bxa = v3Cross(b, a), dxc = v3Cross(d, c);
	double cba = v3Dot(c, bxa), dba = v3Dot(d, bxa), adc = v3Dot(a, dxc), bdc = v3Dot(b, dxc);
	return cba * dba <= 0.0 && adc * bdc <= 0.0 && cba * bdc >= 0.0;
}

// The last resort for an EPA whose polytope came out inconsistent (epa3d.c): every separating axis
// of the cores, measured by support queries on the vertices: the axis found, both cores' face
// normals (npEpaEveryFace3) and the cross products of every pair of their edges whose arcs cross
// on the Gauss map, both ways. For convex cores the minimum overlap is at one of these, so the
// answer is the penetration whatever the polytope did. On needle hulls 1e12 long EPA's polytope,
// slivers 1e6 across, could keep a vertex above one of its faces or end on a face with the origin
// outside it, and its depth came out up to 1,000 times the true one (fuzz_pairs3d's brute-force
// check over the same axes). E_A E_B arc tests and a support query per kept axis, only on such
// pairs. `everyPair`: no arc test (the arcs come from face normals, which a hull with loose planes,
// npHull3.loosePlanes, folds over: every edge pair both ways instead).
NP_COLD __attribute__((noinline)) polishAxis npEpaEveryAxis3(const npPair3* pair, polishAxis found, bool everyPair)
{
	polishAxis best = npEpaEveryFace3(pair, found);
	const npPolyhedron3* pa = &pair->polyA;
	const npPolyhedron3* pb = &pair->polyB;
	for (int i = 0; i < pa->halfEdgeCount; i += 2)
	{
		npVec3 a1, a2, ea = v3Sub(pa->vertices[pa->halfEdges[i + 1].origin], pa->vertices[pa->halfEdges[i].origin]);
		bool arcA = !everyPair && edgeArc(pair, pa, false, i, &a1, &a2);
		for (int j = 0; j < pb->halfEdgeCount; j += 2)
		{
			npVec3 b1, b2;
			if (arcA && edgeArc(pair, pb, true, j, &b1, &b2) && !arcsCross(a1, a2, b1, b2))
				continue;
			npVec3 eb = npPairDirFromB(pair, v3Sub(pb->vertices[pb->halfEdges[j + 1].origin], pb->vertices[pb->halfEdges[j].origin]));
			npVec3 u = v3Cross(ea, eb);
			if (!(v3LengthSq(u) > 0.0))
				continue;
			u = v3Normalize(u);
			tryAxisBySupport(pair, u, &best);
			tryAxisBySupport(pair, v3Neg(u), &best);
		}
	}
	return best;
}
