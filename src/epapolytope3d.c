// The EPA loop (3D) and its polytope: support points of the Minkowski difference and the
// triangles between them, with neighbour links. epa3d.c blows GJK's simplex up to the starting
// tetrahedron and turns the final face into witness points.
//
// The loop. Each iteration picks the face closest to the origin, finds the support point along its
// normal and stops when that point is not farther than the face by more than the threshold (the
// "no closer face" rule), or is already a vertex. Otherwise the point is added. Converged EPA is
// exact on polytopes, so stopping early saves nothing: the gap between the support point and the
// closest face drops from about a tenth of the depth straight to zero on the last iteration,
// which is only the check. Polytope size and iterations are fixed (NP_EPA3_MAX_VERTICES,
// NP_EPA3_ITERATION_LIMIT).
//
// Adding a point. Every face the point sees (by more than rounding noise) is removed: they are
// found by a depth-first flood from the closest face through neighbour links, and the directed
// edges from a seen face to an unseen one form the horizon list (the seeds' directed-edge list, in
// which an edge shared by two removed triangles cancels its reverse; the flood never adds those).
// Taking each face's edges in order from the one it was entered by lists the horizon as a chain,
// which is checked to be one simple loop and fanned to the new point; each new triangle's
// neighbours are the kept face across its horizon edge and the triangles before and after it in
// the chain.
//
// Cost. The work per iteration is kept small instead: triangles keep their plane unnormalised (no
// square root; the closest-face key is the signed squared distance as an integer order key, with
// the slot number in its low 8 bits so a plain running minimum names the face), vertices are 32
// bytes and faces 56, links name the neighbour's edge so relinking needs no search, a 256-bit
// filter of the vertices' core pairs answers most "is the new point already a vertex" checks at
// once, and the face being expanded is read field by field as it was written (a whole-struct copy
// straddles the narrow stores of a face made in the previous iteration, which the store buffer
// cannot forward). Scans that keep a running maximum or minimum do it with integer selects where V8
// would compile a select on doubles into an unpredictable branch (npOrderKey). Time follows
// instruction counts only loosely here (dependent chains and the branch predictor running ahead
// matter as much): the flood branches on each visibility test rather than choosing by selects, the
// seen faces are found by the flood rather than by one branch-free pass over all faces, and the
// polytope starts from GJK's tetrahedron with no extra support points (alternatives measured slower
// or no faster; see bench/README.md).
#include "epa3d_private.h"

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

// Starts the polytope as the tetrahedron of the support points s[0..3] (containing the origin),
// wound so that every face looks outward.
static void startTetrahedron(epaPolytope* poly, const npSupportPoint3* s)
{
	poly->vertexCount = 0;
	poly->slotCount = 0;
	poly->freeCount = 0;
	// Winding: face 0-1-2 must look away from vertex 3 (else points 1 and 2 trade places).
	bool swap = v3Dot(v3Cross(v3Sub(s[1].w, s[0].w), v3Sub(s[2].w, s[0].w)), v3Sub(s[3].w, s[0].w)) > 0.0;
	const int order[2][4] = { { 0, 1, 2, 3 }, { 0, 2, 1, 3 } };
	for (int i = 0; i < 4; ++i)
		poly->idFilter[i] = 0;
	for (int i = 0; i < 4; ++i)
	{
		const npSupportPoint3* p = &s[order[swap][i]];
		addVertex(poly, p->w, (uint32_t)p->indexA << 16 | (uint32_t)p->indexB);
	}

	addFace(poly, 0, 1, 2);
	addFace(poly, 0, 3, 1);
	addFace(poly, 1, 3, 2);
	addFace(poly, 0, 2, 3);
	for (int f = 0; f < 4; ++f)
		for (int k = 0; k < 3; ++k)
			poly->faces[f].adj[k] = tetraLinks[f][k];
}

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

void npEpaRun3(const npPair3* pair, const npSupportPoint3* s, double scale, epaOutcome* out)
{
	epaPolytope poly;
	startTetrahedron(&poly, s);

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
	bool supportValid = false, inconsistent = false;
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
			// The point is already a vertex: nothing new to add. It lies above the closest face by
			// more than the threshold, so the polytope is not convex (rounding on slivers 1e6 wide
			// of needles 1e12 long): the caller looks at every axis (npEpaEveryAxis3).
			stop = NP_EPA3_CONVERGED;
			inconsistent = true;
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
	// A closest face with the origin outside it (by more than the threshold) is impossible for a
	// polytope that holds the origin: the same inconsistency.
	out->inconsistent = inconsistent || (bestLenSq > 0.0 && bestOffset < 0.0 && bestOffset * bestOffset > threshold * threshold * bestLenSq);
}
