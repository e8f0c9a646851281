// 3D penetration: GJK, then EPA on the cores (Allen Chou, "Contact Generation - EPA"; Kevin
// Wilson, "3D Convex Collision Detection, Part 2: EPA"), then an exact separating-axis polish.
//
// EPA. GJK hands over a simplex containing the origin. With fewer than 4 points it is blown up to
// a tetrahedron: 1 point -> the support along the six principal axes farthest from it; 2 points ->
// the support, along eight directions perpendicular to the segment, farthest from its line;
// 3 points -> the support along the triangle normal or its opposite, whichever is farther from the
// plane. When no direction gets away (by a scale-relative tolerance) the Minkowski difference of
// the cores is a point, a segment or flat (coplanar triangles or flat hulls, crossing segments,
// a sphere centre in a triangle's plane): the core depth is then exactly 0 and the normal is the
// flat set's normal. This is the case the reader of Wilson's article ran into ("every triangle
// contains the origin"): the answer is not a 2D problem, the depth along the plane normal is 0.
// The tetrahedron's winding is fixed so every face looks outward. Each iteration picks the face
// closest to the origin, finds the support point along its normal and stops when that point is
// not farther than the face by more than the threshold (the "no closer face" rule). Otherwise
// every face the point sees (by more than rounding noise) is removed: they are found by a
// depth-first flood from the closest face through neighbour links, and the directed edges from a
// seen face to an unseen one form the horizon list (the seeds' directed-edge list, in which an
// edge shared by two removed triangles cancels its reverse; the flood never adds those). Taking
// each face's edges in order from the one it was entered by lists the horizon as a chain, which
// is checked to be one simple loop and fanned to the new point; each new triangle's neighbours are
// the kept face across its horizon edge and the triangles before and after it in the chain.
// Polytope size and iterations are fixed (NP_EPA3_MAX_VERTICES, NP_EPA3_ITERATION_LIMIT).
// Each vertex carries the pair of core vertices it came from, so the witness points are the
// closest point's barycentric weights on the final face applied to A's and B's points
// (degenerate triangles of A's or B's points are harmless: only the weights matter, and they come
// from the well-formed Minkowski triangle).
//
// Cost. Converged EPA is exact on polytopes, so stopping early saves nothing: the gap between the
// support point and the closest face drops from about a tenth of the depth straight to zero on
// the last iteration, which is only the check. The work per iteration is kept small instead:
// triangles keep their plane unnormalised (no square root; the closest-face key is the signed
// squared distance as an integer order key, with the slot number in its low 8 bits so a plain
// running minimum names the face), vertices are 32 bytes and faces 56, links name the
// neighbour's edge so relinking needs no search, a 256-bit filter of the vertices' core pairs
// answers most "is the new point already a vertex" checks at once, the face being expanded is
// read field by field as it was written (a whole-struct copy straddles the narrow stores of a
// face made in the previous iteration, which the store buffer cannot forward), and the last
// support query is reused for the final depth. Scans that keep a running maximum or minimum do it
// with integer selects where V8 would compile a select on doubles into an unpredictable branch
// (npOrderKey). Time follows instruction counts only loosely here (dependent chains and the
// branch predictor running ahead matter as much), and these ways of cutting instructions or
// serial steps measured slower or no faster on random pairs of 32-point hulls (about 10
// expansions each): inserting support points along fixed directions (the GJK faces' normals, the
// axes, a cone around the centre offset) before the loop, which cut serial iterations from 10 to
// 6 but not the total; starting from the octahedron of the six axis supports instead of GJK's
// thin tetrahedron (where it holds the origin, 61% of the pairs: still 9.6 expansions, the
// refinement near the answer dominates); finding the seen faces by one branch-free pass over all
// faces, the horizon chained through a vertex-to-edge map (15% slower); and a flood whose steps
// choose by selects (30% slower: each step then waits for the previous visibility test instead of
// the branch predictor running ahead).
//
// Polish. On polytopes EPA ends on a true face of the Minkowski difference, but that face's normal
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
#include "gjk3d.h"

#include <float.h>
#include <stddef.h>
#include <stdint.h>

// The polytope's vertices: the Minkowski point and the pair of core vertices it came from
// (A's index in the high 16 bits, B's in the low 16), so the shapes' own points are looked up only
// for the final face.
typedef struct epaVertex
{
	npVec3 w;    // wA - wB (A's frame)
	uint32_t id;   // indexA << 16 | indexB
	uint16_t mark; // horizon check: the epoch of the expansion whose horizon has an edge leaving it
} epaVertex;

// A triangle of the polytope. Its plane is kept unnormalised (n . x = offset with n the cross
// product of two edges), so building a face takes no square root: the closest-face key is the
// signed squared distance offset |offset| / |n|^2, and the distance tests compare squares. Neighbour
// links name the neighbour's edge too (4 * face + edge), so relinking after an expansion needs no
// search.
typedef struct epaFace
{
	npVec3 n;        // outward normal, unnormalised (zero for a degenerate triangle)
	double offset;   // n . (any vertex)
	double lenSq;    // |n|^2
	uint8_t v[3];    // vertices, counter-clockwise seen from outside
	uint16_t adj[3]; // across edge v[k] -> v[k + 1]: 4 * neighbour + the neighbour's edge index
	uint16_t mark;   // flood-fill mark: the expansion's epoch seen, epoch + 1 tested and not seen
} epaFace;

_Static_assert(NP_EPA3_MAX_VERTICES <= 256, "vertex indices are stored in 8 bits");
_Static_assert(NP_EPA3_MAX_FACES <= 256, "slot numbers are stored in 8 bits (keys, free list)");
_Static_assert(4 * NP_EPA3_MAX_FACES <= 65536, "face links are stored in 16 bits");
_Static_assert(NP_MAX_HULL_VERTICES <= 65536, "core vertex indices are stored in 16 bits");

// A slot's key is the order key of its face's signed squared distance with the low 8 bits
// replaced by the slot number, so the smallest key names the closest face by itself (faces whose
// distances agree to within 2^-44 relative, far below the convergence threshold, are taken in slot
// order). Free slots and degenerate triangles have EPA_NO_FACE there, above every distance's key.
#define EPA_SLOT_BITS 8
#define EPA_SLOT_MASK ((uint64_t)(1u << EPA_SLOT_BITS) - 1)
#define EPA_NO_FACE (UINT64_MAX & ~EPA_SLOT_MASK)

// The polytope: its vertices (support points) and its triangles in slots with neighbour links.
// `key` holds each slot's signed squared distance as an integer order key (npOrderKey) for the
// closest-face scan (EPA_NO_FACE for free slots and for degenerate triangles), in its own array so
// the scan reads 8 bytes per face and keeps its running minimum with integer selects.
typedef struct epaPolytope
{
	epaVertex verts[NP_EPA3_MAX_VERTICES];
	epaFace faces[NP_EPA3_MAX_FACES];
	uint64_t key[NP_EPA3_MAX_FACES];
	uint8_t freeList[NP_EPA3_MAX_FACES];
	uint64_t idFilter[4]; // bit idBit(id) set for every vertex's id (a filter before the scan)
	int vertexCount;
	int slotCount;
	int freeCount;
} epaPolytope;

static inline int addFace(epaPolytope* p, int a, int b, int c)
{
	int f = p->freeCount > 0 ? p->freeList[--p->freeCount] : p->slotCount++;
	epaFace* face = &p->faces[f];
	face->v[0] = (uint8_t)a;
	face->v[1] = (uint8_t)b;
	face->v[2] = (uint8_t)c;
	face->mark = 0;
	npVec3 pa = p->verts[a].w;
	npVec3 n = v3Cross(v3Sub(p->verts[b].w, pa), v3Sub(p->verts[c].w, pa));
	double lenSq = v3LengthSq(n);
	double offset = v3Dot(n, pa);
	face->n = n;
	face->offset = offset;
	face->lenSq = lenSq;
	uint64_t distance = lenSq > 0.0 ? npOrderKey(offset * fabs(offset) / lenSq) : EPA_NO_FACE;
	p->key[f] = (distance & ~EPA_SLOT_MASK) | (uint64_t)f;
	return f;
}

// The closest face: the slot of the smallest key (a running minimum, kept with integer selects).
static int closestFace(const epaPolytope* p)
{
	uint64_t best = p->key[0];
	for (int f = 1; f < p->slotCount; ++f)
		best = p->key[f] < best ? p->key[f] : best;
	return (int)(best & EPA_SLOT_MASK);
}

// True when slot f holds no face to expand (free, or a degenerate triangle).
static inline bool noFace(const epaPolytope* p, int f) { return p->key[f] >= EPA_NO_FACE; }

// The bit of a core pair id in the polytope's 256-bit filter (a multiplicative hash).
static inline uint32_t idBit(uint32_t id) { return (id * 0x9E3779B1u) >> 24; }

static inline void addVertex(epaPolytope* poly, npVec3 w, uint32_t id)
{
	poly->verts[poly->vertexCount++] = (epaVertex){ w, id, 0 };
	uint32_t bit = idBit(id);
	poly->idFilter[bit >> 6] |= (uint64_t)1 << (bit & 63);
}

// True when a vertex of the polytope came from the core pair `id`: a clear filter bit says no at
// once (most new points), else the vertices are scanned.
static bool hasVertex(const epaPolytope* poly, uint32_t id)
{
	uint32_t bit = idBit(id);
	if (!((poly->idFilter[bit >> 6] >> (bit & 63)) & 1))
		return false;
	bool repeated = false;
	for (int i = 0; i < poly->vertexCount; ++i)
		repeated = repeated || poly->verts[i].id == id;
	return repeated;
}

typedef enum epaShape
{
	EPA_SOLID = 3,
	EPA_FLAT = 2,
	EPA_LINE = 1,
	EPA_POINT = 0,
} epaShape;

// Blows GJK's simplex up to a tetrahedron around the origin (or reports a lower-dimensional
// Minkowski difference and its normal).
// s holds GJK's `count` points and has room for four.
static epaShape blowUp(const npPair3* pair, int count, double tol, npSupportPoint3* s, npVec3* flatNormal)
{
	if (count == 1)
	{
		static const npVec3 axes[6] = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } };
		double best = tol;
		bool found = false;
		for (int k = 0; k < 6; ++k)
		{
			npSupportPoint3 p = npSupportPair3(pair, axes[k]);
			double d = v3Length(v3Sub(p.w, s[0].w));
			if (d > best)
			{
				best = d;
				s[1] = p;
				found = true;
			}
		}
		if (!found)
			return EPA_POINT;
		count = 2;
	}
	if (count == 2)
	{
		npVec3 e = v3Normalize(v3Sub(s[1].w, s[0].w));
		npVec3 t1, t2;
		npMakeTangents3(e, &t1, &t2);
		npVec3 dirs[8] = { t1, v3Neg(t1), t2, v3Neg(t2), v3Add(t1, t2), v3Sub(t1, t2), v3Sub(t2, t1), v3Neg(v3Add(t1, t2)) };
		double best = tol;
		bool found = false;
		for (int k = 0; k < 8; ++k)
		{
			npSupportPoint3 p = npSupportPair3(pair, dirs[k]);
			npVec3 r = v3Sub(p.w, s[0].w);
			double d = v3Length(v3Sub(r, v3Scale(v3Dot(r, e), e)));
			if (d > best)
			{
				best = d;
				s[2] = p;
				found = true;
			}
		}
		if (!found)
		{
			*flatNormal = t1;
			return EPA_LINE;
		}
		count = 3;
	}
	if (count == 3)
	{
		npVec3 n = v3Normalize(v3Cross(v3Sub(s[1].w, s[0].w), v3Sub(s[2].w, s[0].w)));
		npSupportPoint3 up = npSupportPair3(pair, n), down = npSupportPair3(pair, v3Neg(n));
		double du = v3Dot(v3Sub(up.w, s[0].w), n), dd = -v3Dot(v3Sub(down.w, s[0].w), n);
		if (!(du > tol) && !(dd > tol))
		{
			*flatNormal = n;
			return EPA_FLAT;
		}
		s[3] = du >= dd ? up : down;
	}
	return EPA_SOLID;
}

// The polish's answer: an axis, the overlap along it, and a vertex of each shape on its support
// plane along that axis (for the witness points).
typedef struct polishAxis
{
	npVec3 axis;  // unit, A's frame, from A to B
	double depth; // overlap of the cores along it
	int indexA;   // A's vertex on A's support plane
	int indexB;   // B's vertex on B's support plane
} polishAxis;

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
	const double(*r)[3] = pair->rot;
	npVec3 m = plane.normal;
	npVec3 mA = { r[0][0] * m.x + r[0][1] * m.y + r[0][2] * m.z, r[1][0] * m.x + r[1][1] * m.y + r[1][2] * m.z,
				  r[2][0] * m.x + r[2][1] * m.y + r[2][2] * m.z };
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
		best->depth = DBL_MAX;
		tryFaceA(pair, f, db[0], best);
		return true;
	}
	if (na == 1 && nb == 3)
	{
		double align;
		int f = alignedFace(&pair->polyB, db[0], npPairDirToB(pair, v3Neg(n)), &align);
		if (f < 0 || align < 1.0 - 1.0e-13)
			return false;
		best->depth = DBL_MAX;
		tryFaceB(pair, f, da[0], best);
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
		if (d < best->depth)
			*best = (polishAxis){ u, d, ia, ib };
		return true;
	}
	return false;
}

// The separating-axis polish (see the top of the file). `start` is EPA's normal with its exact
// overlap and support vertices; the result is the best candidate found (possibly `start`).
static polishAxis polish(const npPair3* pair, polishAxis start, const int* featureA, const int* featureB, bool wide)
{
	const npPolyhedron3* pa = &pair->polyA;
	const npPolyhedron3* pb = &pair->polyB;
	npVec3 n = start.axis;
	polishAxis best = start;
	if (!wide && polishDirect(pair, featureA, featureB, &best))
		return best;

	// When EPA converged its final face lies in a facet of the Minkowski difference, so its normal
	// is one of the candidate axes up to rounding: only candidates within a narrow cone
	// (cos >= 1 - 1e-6, about 1.4e-3 rad) can improve it, and the facet's features contain the
	// face's corners: A's face or edge through A's corner points, B's likewise. So the faces and
	// edges touching those vertices are the candidates. Otherwise (no convergence) the cone is the
	// whole half-space and the three best-aligned faces of each shape are tried as well.
	double minAlign = wide ? 0.0 : 1.0 - 1.0e-6;
	vertexFan fanA, fanB;
	collectFan(pa, featureA, &fanA);
	collectFan(pb, featureB, &fanB);
	npVec3 nB = npPairDirToB(pair, n);

	// Face normals of A best aligned with n; of B best aligned with -n (in A's frame).
	enum { K = 3 };
	polishCandidate listA[K], listB[K];
	int countA = 0, countB = 0;
	if (wide)
	{
		for (int f = 0; f < pa->faceCount; ++f)
		{
			double align = v3Dot(pa->planes[f].normal, n);
			if (align > minAlign)
				countA = keepBest(listA, countA, K, f, align);
		}
		for (int f = 0; f < pb->faceCount; ++f)
		{
			double align = -v3Dot(pb->planes[f].normal, nB);
			if (align > minAlign)
				countB = keepBest(listB, countB, K, f, align);
		}
	}
	else
	{
		for (int i = 0; i < fanA.faceCount; ++i)
		{
			int f = fanA.faces[i];
			double align = v3Dot(pa->planes[f].normal, n);
			if (align > minAlign)
				countA = keepBest(listA, countA, K, f, align);
		}
		for (int i = 0; i < fanB.faceCount; ++i)
		{
			int f = fanB.faces[i];
			double align = -v3Dot(pb->planes[f].normal, nB);
			if (align > minAlign)
				countB = keepBest(listB, countB, K, f, align);
		}
		// EPA's normal is (to rounding) a face normal: that face is the answer. Evaluate it
		// alone, which also snaps the normal onto the exact face normal (its depth is exact; it is
		// kept even when rounding makes the EPA normal's overlap a hair smaller).
		if (countA > 0 && listA[0].align >= 1.0 - 1.0e-13 && (countB == 0 || listB[0].align < listA[0].align))
		{
			best.depth = DBL_MAX;
			tryFaceA(pair, listA[0].index, -1, &best);
			return best;
		}
		if (countB > 0 && listB[0].align >= 1.0 - 1.0e-13)
		{
			best.depth = DBL_MAX;
			tryFaceB(pair, listB[0].index, -1, &best);
			return best;
		}
	}
	for (int i = 0; i < countA; ++i)
		tryFaceA(pair, listA[i].index, -1, &best);
	for (int i = 0; i < countB; ++i)
		tryFaceB(pair, listB[i].index, -1, &best);

	// Edge pairs at EPA's feature vertices. An axis within the cone around n is perpendicular to
	// both edges, so an edge with a large component along n cannot produce one: such edges are
	// dropped before pairing (|e.n| > sin(cone angle) |e|).
	double cone = minAlign;
	double sinCone = wide ? 1.0 : 1.4143e-3; // about sqrt(1 - cone^2)
	npVec3 dirA[24], dirB[24];
	int keptA = 0, keptB = 0;
	for (int i = 0; i < fanA.edgeCount; ++i)
	{
		const npHalfEdge3* h = &pa->halfEdges[fanA.edges[i]];
		npVec3 d = v3Sub(pa->vertices[pa->halfEdges[h->twin].origin], pa->vertices[h->origin]);
		double along = v3Dot(d, n);
		if (along * along <= sinCone * sinCone * v3LengthSq(d))
			dirA[keptA++] = d;
	}
	if (keptA == 0)
		return best;
	const double(*r)[3] = pair->rot;
	for (int j = 0; j < fanB.edgeCount; ++j)
	{
		const npHalfEdge3* h = &pb->halfEdges[fanB.edges[j]];
		npVec3 l = v3Sub(pb->vertices[pb->halfEdges[h->twin].origin], pb->vertices[h->origin]);
		npVec3 d = { r[0][0] * l.x + r[0][1] * l.y + r[0][2] * l.z, r[1][0] * l.x + r[1][1] * l.y + r[1][2] * l.z,
					 r[2][0] * l.x + r[2][1] * l.y + r[2][2] * l.z };
		double along = v3Dot(d, n);
		if (along * along <= sinCone * sinCone * v3LengthSq(d))
			dirB[keptB++] = d;
	}
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
			if (d < best.depth)
				best = (polishAxis){ u, d, ia, ib };
		}
	return best;
}

// Normal orientation for the flat / line cases: from A's centre toward B's, else a fixed sign.
static npVec3 orientFlat(const npPair3* pair, npVec3 n)
{
	npVec3 ca = v3(0.0, 0.0, 0.0), cb = v3(0.0, 0.0, 0.0);
	if (pair->shapeA->type == NP_SHAPE_HULL3)
		ca = pair->shapeA->hull->centroid;
	else if (pair->shapeA->type == NP_SHAPE_TRIANGLE3)
		ca = v3Scale(1.0 / 3.0, v3Add(pair->shapeA->triangle[0], v3Add(pair->shapeA->triangle[1], pair->shapeA->triangle[2])));
	if (pair->shapeB->type == NP_SHAPE_HULL3)
		cb = pair->shapeB->hull->centroid;
	else if (pair->shapeB->type == NP_SHAPE_TRIANGLE3)
		cb = v3Scale(1.0 / 3.0, v3Add(pair->shapeB->triangle[0], v3Add(pair->shapeB->triangle[1], pair->shapeB->triangle[2])));
	double s = v3Dot(n, v3Sub(npPairPointB(pair, cb), ca));
	if (s == 0.0)
	{
		// Largest component positive (ties: x before y before z).
		double ax = fabs(n.x), ay = fabs(n.y), az = fabs(n.z);
		s = (ax >= ay && ax >= az) ? n.x : (ay >= az ? n.y : n.z);
	}
	return s < 0.0 ? v3Neg(n) : n;
}

// What EPA hands to the polish: the closest face found, and the last support point (along that
// face's normal when EPA converged).
typedef struct epaOutcome
{
	npVec3 normal;      // unit normal of the final face (A's frame)
	double dist;        // its distance from the origin (DBL_MAX: degenerate)
	npVec3 w[3];        // its vertices
	int indexA[3];      // A's core vertices of its corners
	int indexB[3];      // B's core vertices of its corners
	npVec3 support;     // support point along `normal` (up to scale) when `supportValid`
	int supportA;       // its A vertex
	int supportB;       // its B vertex
	bool supportValid;  // the last support query was along the final face's normal
	npEpaStop3 stop;    // why EPA stopped
	int iterations;     // iterations used
} epaOutcome;

// Next edge of a triangle (k + 1 mod 3).
static const uint8_t next3[3] = { 1, 2, 0 };

// Twin links of the initial tetrahedron's faces 0-1-2, 0-3-1, 1-3-2, 0-2-3 (4 * face + edge).
static const uint16_t tetraLinks[4][3] = {
	{ 4 * 1 + 2, 4 * 2 + 2, 4 * 3 + 0 },
	{ 4 * 3 + 2, 4 * 2 + 0, 4 * 0 + 0 },
	{ 4 * 1 + 1, 4 * 3 + 1, 4 * 0 + 1 },
	{ 4 * 0 + 2, 4 * 2 + 1, 4 * 1 + 0 },
};

// Scratch of one expansion: the flood's stack, the faces removed and the horizon.
typedef struct epaScratch
{
	int stackFace[NP_EPA3_MAX_FACES];
	uint8_t stackEdge[NP_EPA3_MAX_FACES];
	uint8_t stackLeft[NP_EPA3_MAX_FACES];
	int removed[NP_EPA3_MAX_FACES];
	uint8_t edgeA[NP_EPA3_MAX_FACES + 1];
	uint8_t edgeB[NP_EPA3_MAX_FACES];
	uint16_t edgeTwin[NP_EPA3_MAX_FACES];
	uint16_t epoch; // flood and horizon marks of the current expansion
} epaScratch;

// True when face f sees point p by more than the tolerance: p . n - offset > tol |n| (as squares).
static inline bool faceSees(const epaFace* f, npVec3 p, double tol)
{
	double above = v3Dot(f->n, p) - f->offset;
	return above > 0.0 && above * above > tol * tol * f->lenSq;
}

// Adds the point pw (core pair `id`) to the polytope: the faces it sees are removed and the hole's
// rim (the horizon) is fanned to it. `seed` is a face that sees it. Returns false, leaving the
// polytope untouched, when the horizon is not one simple loop or the polytope would overflow.
static bool expand(epaPolytope* poly, epaScratch* s, int seed, npVec3 pw, uint32_t id, double visibleTolerance)
{
	// Marks: epoch (seen) and epoch + 1 (tested, not seen), new for every call; faces start at 0.
	uint16_t epoch = (uint16_t)(s->epoch + 2);
	s->epoch = epoch;
	// The faces the new point sees, flooded depth-first from the seed through the neighbour links,
	// each face's edges taken counter-clockwise starting after the edge it was entered by. Each
	// edge from a seen face to an unseen one is a horizon edge (directed as in the seen face): the
	// directed-edge list of the seed articles, with the cancellation of edges shared by two
	// removed triangles done by the flood itself. Walking the seen region this way lists its
	// boundary in order, as a chain a -> b, b -> c, ... when the region is a disk.
	if (poly->vertexCount >= NP_EPA3_MAX_VERTICES)
		return false;
	int top = 0, removedCount = 0, edgeCount = 0;
	bool overflow = false;
	poly->faces[seed].mark = epoch;
	s->removed[removedCount++] = seed;
	s->stackFace[0] = seed;
	s->stackEdge[0] = 0;
	s->stackLeft[0] = 3;
	top = 1;
	while (top > 0)
	{
		int t = top - 1;
		if (s->stackLeft[t] == 0)
		{
			top -= 1;
			continue;
		}
		int f = s->stackFace[t], k = s->stackEdge[t];
		s->stackEdge[t] = next3[k];
		s->stackLeft[t] -= 1;
		int link = poly->faces[f].adj[k];
		int g = link >> 2;
		epaFace* other = &poly->faces[g];
		if (other->mark == epoch)
			continue;
		if (other->mark != epoch + 1 && faceSees(other, pw, visibleTolerance))
		{
			other->mark = epoch;
			s->removed[removedCount++] = g;
			s->stackFace[top] = g;
			s->stackEdge[top] = next3[link & 3];
			s->stackLeft[top] = 2;
			top += 1;
			continue;
		}
		other->mark = (uint16_t)(epoch + 1);
		if (edgeCount >= NP_EPA3_MAX_FACES)
		{
			overflow = true; // never on a simple horizon (at most one edge per vertex)
			break;
		}
		s->edgeA[edgeCount] = poly->faces[f].v[k];
		s->edgeB[edgeCount] = poly->faces[f].v[next3[k]];
		s->edgeTwin[edgeCount] = (uint16_t)link;
		edgeCount += 1;
	}
	// The horizon must be one simple loop (a chain through distinct vertices, closing on itself).
	// Checked without branches (bitwise or of the failures): edgeA[edgeCount] repeats edgeA[0].
	if (overflow || edgeCount < 3 || poly->slotCount - poly->freeCount - removedCount + edgeCount > NP_EPA3_MAX_FACES)
		return false;
	s->edgeA[edgeCount] = s->edgeA[0];
	int broken = 0;
	for (int e = 0; e < edgeCount; ++e)
	{
		int a = s->edgeA[e];
		broken |= (poly->verts[a].mark == epoch) | (s->edgeB[e] != s->edgeA[e + 1]);
		poly->verts[a].mark = epoch;
	}
	if (broken)
		return false;
	for (int i = 0; i < removedCount; ++i)
	{
		poly->key[s->removed[i]] = EPA_NO_FACE | (uint64_t)s->removed[i];
		poly->freeList[poly->freeCount++] = (uint8_t)s->removed[i];
	}
	int v = poly->vertexCount;
	addVertex(poly, pw, id);
	// Fan the horizon to the new point: face e = (a, b, v) has edges a -> b (twin: the kept face
	// across the horizon), b -> v (twin: edge v -> b, edge 2 of face e + 1) and v -> a (twin: edge
	// a -> v, edge 1 of face e - 1). Each face is linked to the one before it as it is made; the
	// last closes the loop with the first.
	int first = addFace(poly, s->edgeA[0], s->edgeB[0], v), previous = first;
	poly->faces[first].adj[0] = s->edgeTwin[0];
	poly->faces[s->edgeTwin[0] >> 2].adj[s->edgeTwin[0] & 3] = (uint16_t)(4 * first);
	for (int e = 1; e < edgeCount; ++e)
	{
		int f = addFace(poly, s->edgeA[e], s->edgeB[e], v);
		int link = s->edgeTwin[e];
		poly->faces[f].adj[0] = (uint16_t)link;
		poly->faces[link >> 2].adj[link & 3] = (uint16_t)(4 * f);
		poly->faces[f].adj[2] = (uint16_t)(4 * previous + 1);
		poly->faces[previous].adj[1] = (uint16_t)(4 * f + 2);
		previous = f;
	}
	poly->faces[first].adj[2] = (uint16_t)(4 * previous + 1);
	poly->faces[previous].adj[1] = (uint16_t)(4 * first + 2);
	return true;
}

// Expands the tetrahedron s[0..3] (containing the origin) until no face gets closer (see the top of
// the file).
static void runEpa(const npPair3* pair, const npSupportPoint3* s, double scale, epaOutcome* out)
{
	epaPolytope poly;
	poly.vertexCount = 0;
	poly.slotCount = 0;
	poly.freeCount = 0;
	// Winding: face 0-1-2 must look away from vertex 3 (else points 1 and 2 trade places).
	bool swap = v3Dot(v3Cross(v3Sub(s[1].w, s[0].w), v3Sub(s[2].w, s[0].w)), v3Sub(s[3].w, s[0].w)) > 0.0;
	const int order[2][4] = { { 0, 1, 2, 3 }, { 0, 2, 1, 3 } };
	for (int i = 0; i < 4; ++i)
		poly.idFilter[i] = 0;
	for (int i = 0; i < 4; ++i)
	{
		const npSupportPoint3* p = &s[order[swap][i]];
		addVertex(&poly, p->w, (uint32_t)p->indexA << 16 | (uint32_t)p->indexB);
	}
	addFace(&poly, 0, 1, 2);
	addFace(&poly, 0, 3, 1);
	addFace(&poly, 1, 3, 2);
	addFace(&poly, 0, 2, 3);
	for (int f = 0; f < 4; ++f)
		for (int k = 0; k < 3; ++k)
			poly.faces[f].adj[k] = tetraLinks[f][k];

	double threshold = 1.0e-13 * scale;
	// A face counts as seen by the new point only when the point is above its plane by more than
	// rounding noise: Minkowski differences with a flat shape have many coplanar points, and
	// deciding visibility on noise there can pinch the horizon into a non-simple loop. Leaving
	// such a face in place keeps the polytope convex to within the noise.
	double visibleTolerance = 1.0e-14 * scale;
	npEpaStop3 stop = NP_EPA3_MAX_ITERATIONS;
	epaScratch scratch;
	scratch.epoch = 0;
	int expansions = 0;

	// The face each iteration works on is read field by field, as it was written (a whole-struct
	// copy reads it with wide loads that straddle the narrow stores of the face just made, which
	// the processor cannot forward from its store buffer). Its corners are kept for the output:
	// after the last allowed expansion the slot may hold a new face.
	int closest = closestFace(&poly);
	npVec3 bestN = v3(0.0, 0.0, 0.0);
	double bestOffset = 0.0, bestLenSq = 0.0;
	int bestV[3] = { 0, 1, 2 };
	npVec3 pw = v3(0.0, 0.0, 0.0);
	int pa = 0, pb = 0;
	bool supportValid = false;
	for (; expansions < NP_EPA3_ITERATION_LIMIT; ++expansions)
	{
		const epaFace* face = &poly.faces[closest];
		bestN = face->n;
		bestOffset = face->offset;
		bestLenSq = face->lenSq;
		for (int i = 0; i < 3; ++i)
			bestV[i] = face->v[i];
		supportValid = false;
		if (noFace(&poly, closest))
		{
			stop = NP_EPA3_NO_PROGRESS;
			break;
		}
		pw = npSupportIndices3(pair, bestN, &pa, &pb);
		supportValid = true;
		// Converged when the support point is not above the face by more than the threshold:
		// e <= threshold |n| with e = pw . n - offset, compared as squares.
		double gap = v3Dot(pw, bestN) - bestOffset;
		if (gap <= 0.0 || gap * gap <= threshold * threshold * bestLenSq)
		{
			stop = NP_EPA3_CONVERGED;
			break;
		}
		uint32_t id = (uint32_t)pa << 16 | (uint32_t)pb;
		if (hasVertex(&poly, id))
		{
			stop = NP_EPA3_CONVERGED; // the point is already a vertex: nothing new to add
			break;
		}
		if (poly.vertexCount >= NP_EPA3_MAX_VERTICES)
			break;
		if (!expand(&poly, &scratch, closest, pw, id, visibleTolerance))
		{
			stop = NP_EPA3_NO_PROGRESS; // the face found so far stands
			break;
		}
		closest = closestFace(&poly);
	}
	double len = sqrt(bestLenSq);
	out->normal = bestLenSq > 0.0 ? v3Scale(1.0 / len, bestN) : v3(0.0, 0.0, 0.0);
	out->dist = bestLenSq > 0.0 ? bestOffset / len : DBL_MAX;
	for (int i = 0; i < 3; ++i)
	{
		const epaVertex* vert = &poly.verts[bestV[i]];
		out->w[i] = vert->w;
		out->indexA[i] = (int)(vert->id >> 16);
		out->indexB[i] = (int)(vert->id & 0xFFFFu);
	}
	out->support = pw;
	out->supportA = pa;
	out->supportB = pb;
	out->supportValid = supportValid;
	out->stop = stop;
	out->iterations = expansions;
}

npPenetrationResult3 npPenetration3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
									npTransform3 xfB)
{
	npPenetrationResult3 out = { 0 };
	npPair3 pair;
	npMakePair3(&pair, shapeA, xfA, shapeB, xfB);
	double rA = shapeA->radius, rB = shapeB->radius;
	npGjkResult3 gjk;
	npGjk3(&pair, rA + rB, &gjk);
	if (gjk.early)
		return out;

	double tol = NP_REL_TOLERANCE3 * gjk.scale;
	npVec3 normal, pointA, pointB;
	double coreDepth;
	npEpaStop3 stop;
	int iterations = 0;

	if (!gjk.overlap)
	{
		// Cores apart: only the roundings can overlap; closed form along the closest points.
		if (gjk.distance > rA + rB || gjk.distance == 0.0)
			return out;
		normal = v3Scale(1.0 / gjk.distance, v3Sub(gjk.pointB, gjk.pointA));
		pointA = gjk.pointA;
		pointB = gjk.pointB;
		coreDepth = -gjk.distance;
		stop = NP_EPA3_CORES_SEPARATED;
	}
	else
	{
		npSupportPoint3* s = gjk.simplex; // blown up in place
		npVec3 flatNormal = v3(0.0, 1.0, 0.0);
		epaShape kind = blowUp(&pair, gjk.count, tol, s, &flatNormal);
		if (kind != EPA_SOLID)
		{
			// Point, segment or flat Minkowski difference of the cores: core depth 0.
			normal = kind == EPA_POINT ? v3(0.0, 1.0, 0.0) : orientFlat(&pair, flatNormal);
			pointA = gjk.pointA;
			pointB = gjk.pointA;
			coreDepth = 0.0;
			stop = NP_EPA3_FLAT;
		}
		else
		{
			epaOutcome epa;
			runEpa(&pair, s, gjk.scale, &epa);
			stop = epa.stop;
			iterations = epa.iterations;
			// Witness points: the closest point of the final face to the origin, its barycentric
			// weights applied to A's and B's points.
			npSupportPoint3 t[3];
			for (int i = 0; i < 3; ++i)
			{
				t[i].w = epa.w[i];
				t[i].wA = pair.polyA.vertices[epa.indexA[i]];
				t[i].wB = npPairVertexB(&pair, epa.indexB[i]);
				t[i].indexA = epa.indexA[i];
				t[i].indexB = epa.indexB[i];
			}
			double w[3] = { 0.0, 0.0, 0.0 };
			int kept = npClosestOnTriangle3(t, w);
			pointA = v3(0.0, 0.0, 0.0);
			pointB = v3(0.0, 0.0, 0.0);
			for (int i = 0; i < kept; ++i)
			{
				pointA = v3MulAdd(pointA, w[i], t[i].wA);
				pointB = v3MulAdd(pointB, w[i], t[i].wB);
			}
			normal = epa.normal;
			bool degenerate = epa.dist == DBL_MAX || v3LengthSq(normal) == 0.0;
			if (degenerate)
				normal = v3(0.0, 1.0, 0.0);
			// The EPA normal's exact overlap (support planes) is a candidate too; EPA's last support
			// query was along it when it converged.
			int supportA, supportB;
			npVec3 sw;
			if (epa.supportValid && !degenerate)
			{
				sw = epa.support;
				supportA = epa.supportA;
				supportB = epa.supportB;
			}
			else
				sw = npSupportIndices3(&pair, normal, &supportA, &supportB);
			coreDepth = v3Dot(sw, normal);
			if (pair.polyA.halfEdgeCount > 0 || pair.polyB.halfEdgeCount > 0)
			{
				polishAxis found = polish(&pair, (polishAxis){ normal, coreDepth, supportA, supportB }, epa.indexA,
										  epa.indexB, stop != NP_EPA3_CONVERGED);
				normal = found.axis;
				coreDepth = found.depth;
				supportA = found.indexA;
				supportB = found.indexB;
			}
			npVec3 spA = pair.polyA.vertices[supportA];
			npVec3 spB = npPairVertexB(&pair, supportB);
			// Move the witnesses along the normal onto each shape's support plane.
			pointA = v3MulAdd(pointA, v3Dot(v3Sub(spA, pointA), normal), normal);
			pointB = v3MulAdd(pointB, v3Dot(v3Sub(spB, pointB), normal), normal);
			if (coreDepth < 0.0)
				coreDepth = 0.0;
		}
	}

	out.overlapping = true;
	out.depth = coreDepth + rA + rB;
	pointA = v3MulAdd(pointA, rA, normal);
	pointB = v3MulAdd(pointB, -rB, normal);
	out.normal = npRotate3(xfA.q, normal);
	out.pointA = npTransformPoint3(xfA, pointA);
	out.pointB = npTransformPoint3(xfA, pointB);
	out.localA = pointA;
	out.localB = npInvRotate3(pair.xfB.q, v3Sub(pointB, pair.xfB.p));
	npMakeTangents3(out.normal, &out.tangent1, &out.tangent2);
	out.iterations = iterations;
	out.stop = stop;
	return out;
}
