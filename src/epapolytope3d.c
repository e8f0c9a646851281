// The EPA polytope (3D): support points of the Minkowski difference and the triangles between
// them, with neighbour links, and the adding of a point to it (epa3d.c runs the loop around it).
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
// Cost. The work per EPA iteration is kept small: triangles keep their plane unnormalised (no
// square root; the closest-face key is the signed squared distance as an integer order key, with
// the slot number in its low 8 bits so a plain running minimum names the face), vertices are 32
// bytes and faces 56, links name the neighbour's edge so relinking needs no search, and a 256-bit
// filter of the vertices' core pairs answers most "is the new point already a vertex" checks at
// once. Scans that keep a running maximum or minimum do it with integer selects where V8 would
// compile a select on doubles into an unpredictable branch (npOrderKey). Time follows instruction
// counts only loosely here (dependent chains and the branch predictor running ahead matter as
// much): the flood branches on each visibility test rather than choosing by selects, and the seen
// faces are found by the flood rather than by one branch-free pass over all faces (alternatives
// measured slower; see bench/README.md).
#include "epa3d_private.h"

#include <stddef.h>

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

static inline void addVertex(epaPolytope* poly, npVec3 w, uint32_t id)
{
	poly->verts[poly->vertexCount++] = (epaVertex){ w, id, 0 };
	uint32_t bit = epaIdBit(id);
	poly->idFilter[bit >> 6] |= (uint64_t)1 << (bit & 63);
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

void npEpaStartTetrahedron3(epaPolytope* poly, const npSupportPoint3* s)
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

bool npEpaExpand3(epaPolytope* poly, epaScratch* s, int seed, npVec3 pw, uint32_t id, double visibleTolerance)
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
