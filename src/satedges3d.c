// The edge axes of the separating-axis search (Dirk Gregorius, "The Separating Axis Test between
// convex polyhedra", GDC 2013), in A's local frame (sat3d.c calls them).
//
// The cross product of an edge of A and an edge of B is only a candidate axis when the two edges
// build a face of the Minkowski difference A - B. On the Gauss map (the unit sphere of normals) an
// edge is the arc between its two face normals; the edges build a face exactly when A's arc crosses
// the arc of B negated. The arc test needs only signs of triple products, so most pairs are
// rejected for the price of two table lookups (npQueryEdgesSolid3; npQueryEdges3 for flat shapes).
// Flat shapes (triangles, coplanar hulls) are two-sided polygons whose edges join two opposite
// faces; their Gauss-map arc is the half circle from one normal through the edge's outward in-plane
// normal to the other, which the arc test meets where the other arc crosses its great circle.
//
// Shapes with few edge directions (a box has 12 edges in 3 directions, a triangle 3) instead test
// every pair of directions with projection intervals (npQueryEdgeAxes3): a superset of the
// Gauss-map pairs, so just as exact, and 9 axes for two boxes instead of 144 edge pairs. Large
// solids, where the pair scan costs more than GJK + EPA, locate the best axis with those
// (npQueryEdgesGuided3). Either way only edge axes that could beat the best face (the floor) are
// reported.
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"
#include "gjk3d.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

// ---------------------------------------------------------------------------------- edge pairs

// An edge as a line: its start, its vector, and its index in its shape.
typedef struct EdgeLine
{
	npVec3 start, dir;
	int index;
} EdgeLine;

// Pair separation along cross(a, b) oriented away from A (A's edge is A's support along it),
// compared with the best so far without a square root (most pairs lose); updates *best when
// larger. aSq: |a's vector|^2.
static inline void tryEdgePair(const EdgeLine* a, double aSq, const EdgeLine* b, npVec3 centroidA, EdgeResult* best)
{
	npVec3 axis = v3Cross(a->dir, b->dir);
	double lenSq = v3LengthSq(axis);
	// Parallel edges: their plane is already tested as a face axis.
	if (lenSq <= 1.0e-12 * aSq * v3LengthSq(b->dir))
		return;
	double num = v3Dot(axis, v3Sub(b->start, a->start));
	if (v3Dot(axis, v3Sub(a->start, centroidA)) < 0.0)
		num = -num;
	double s = best->separation;
	bool better = s >= 0.0 ? (num > 0.0 && num * num > s * s * lenSq) : (num >= 0.0 || num * num < s * s * lenSq);
	if (better)
		*best = (EdgeResult){ num / sqrt(lenSq), a->index, b->index };
}

// ---------------------------------------------------------------------------------- Gauss-map arcs

// Arcs (a, b) and (c, d) on the unit sphere cross (Gregorius' test): c and d lie on opposite sides
// of the plane through a and b, a and b on opposite sides of the plane through c and d, and the
// two arcs lie in the same hemisphere. bxa = b x a and dxc = d x c are passed in.
static inline bool arcsCross(double cba, double dba, double adc, double bdc)
{
	return cba * dba < 0.0 && adc * bdc < 0.0 && cba * bdc > 0.0;
}

// A flat shape's edge: its vector u and the side m of its Gauss-map half circle. The half circle
// runs from the face normal n through the edge's outward in-plane normal to -n: the directions
// normal to u on the side of m = u x n (half-edge 2k runs counter-clockwise around face he[0].face,
// so u x n points out of the polygon). `sign` -1 gives the circle negated (B's, for A - B).
typedef struct HalfCircle
{
	npVec3 u, m;
} HalfCircle;

static HalfCircle halfCircle(const npPolyhedron3* p, const npVec3* verts, const npPlane3* planes, int edge, double sign)
{
	npVec3 u = v3Sub(edgeEnd(p, verts, edge), edgeStart(p, verts, edge));
	npVec3 m = v3Scale(sign, v3Cross(u, planes[p->halfEdges[2 * edge].face].normal));
	return (HalfCircle){ u, m };
}

// The arc (a, b) crosses half circle h: it meets the great circle normal to h.u where a . u and
// b . u change sign, at |b . u| a + |a . u| b, on m's side. (Splitting the half circle into two
// quarter arcs at m, as this did before, missed an arc through m itself: a hull edge whose faces
// were vertical against a sliver triangle lying flat, and the best edge axis with it.)
static inline bool arcCrossesHalfCircle(npVec3 a, npVec3 b, const HalfCircle* h)
{
	double sa = v3Dot(a, h->u), sb = v3Dot(b, h->u);
	npVec3 x = v3Add(v3Scale(fabs(sb), a), v3Scale(fabs(sa), b));
	return sa * sb < 0.0 && v3Dot(x, h->m) > 0.0;
}

// Two half circles cross where their great circles meet, at w or -w (w = u1 x u2), when that point
// lies on both m sides: w . m1 and w . m2 of one sign.
static inline bool halfCirclesCross(const HalfCircle* h1, const HalfCircle* h2)
{
	npVec3 w = v3Cross(h1->u, h2->u);
	return v3Dot(w, h1->m) * v3Dot(w, h2->m) > 0.0;
}

// Whether edge i of A and edge j of B build a face of A - B, for pairs with a flat shape: A's arc
// (its face normals) or half circle against B's negated.
static bool flatArcsCross(const SatPair* w, int i, int j)
{
	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	const npHalfEdge3* ha = pa->halfEdges + 2 * i;
	const npHalfEdge3* hb = pb->halfEdges + 2 * j;
	if (!pa->flat)
	{
		HalfCircle b = halfCircle(pb, w->bv, w->bp, j, -1.0);
		return arcCrossesHalfCircle(pa->planes[ha[0].face].normal, pa->planes[ha[1].face].normal, &b);
	}
	HalfCircle a = halfCircle(pa, pa->vertices, pa->planes, i, 1.0);
	if (!pb->flat)
		return arcCrossesHalfCircle(v3Neg(w->bp[hb[0].face].normal), v3Neg(w->bp[hb[1].face].normal), &a);
	HalfCircle b = halfCircle(pb, w->bv, w->bp, j, -1.0);
	return halfCirclesCross(&a, &b);
}

// B's edges whose arcs may cross A's edge arc (a, b), into w->candidates[0]: with at most 64 faces
// (`masked`), the signs of B's normals against b x a go into a bit mask and B's candidate edges
// (faces on opposite sides) are collected without branches: for two boxes 4 of 12 edges pass.
// Otherwise every edge, with the signs kept in w->sideSign for solids.
static int arcCandidates(SatPair* w, npVec3 bxa, bool fast, bool masked)
{
	const npPolyhedron3* pb = &w->b;
	int edgesB = pb->halfEdgeCount / 2;
	int candidates = 0;
	if (masked)
	{
		uint64_t mask = 0;
		for (int f = 0; f < pb->faceCount; ++f)
		{
			double sd = v3Dot(w->bp[f].normal, bxa);
			w->sideSign[f] = sd;
			mask |= (uint64_t)(sd > 0.0) << f;
		}
		for (int j = 0; j < edgesB; ++j)
		{
			const npHalfEdge3* he = pb->halfEdges + 2 * j;
			w->candidates[0][candidates] = (uint16_t)j;
			candidates += (int)(((mask >> he[0].face) ^ (mask >> he[1].face)) & 1u);
		}
		return candidates;
	}
	if (fast)
		for (int f = 0; f < pb->faceCount; ++f)
			w->sideSign[f] = v3Dot(w->bp[f].normal, bxa);
	for (int j = 0; j < edgesB; ++j)
		w->candidates[0][candidates++] = (uint16_t)j;
	return candidates;
}

// The general edge query (flat shapes too): every edge pair whose arcs cross.
EdgeResult npQueryEdges3(SatPair* w, npVec3 centroidA, double floor)
{
	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	EdgeResult best = { floor, -1, -1 };
	bool fast = !pa->flat && !pb->flat;
	bool masked = fast && pb->faceCount <= 64;
	for (int i = 0; i < pa->halfEdgeCount / 2; ++i)
	{
		EdgeLine edgeA = { edgeStart(pa, pa->vertices, i), v3(0.0, 0.0, 0.0), i };
		edgeA.dir = v3Sub(edgeEnd(pa, pa->vertices, i), edgeA.start);
		double uaSq = v3LengthSq(edgeA.dir);
		npVec3 a = pa->planes[pa->halfEdges[2 * i].face].normal, b = pa->planes[pa->halfEdges[2 * i + 1].face].normal;
		npVec3 bxa = v3Cross(b, a);
		int candidates = arcCandidates(w, bxa, fast, masked);
		for (int k = 0; k < candidates; ++k)
		{
			int j = w->candidates[0][k];
			const npHalfEdge3* he = pb->halfEdges + 2 * j;
			if (fast)
			{
				// B's arc negated: C = -c, D = -d, so C . (b x a) = -sideSign[c] and likewise D.
				double cba = -w->sideSign[he[0].face], dba = -w->sideSign[he[1].face];
				if (!(cba * dba < 0.0))
					continue;
				npVec3 c = v3Neg(w->bp[he[0].face].normal), d = v3Neg(w->bp[he[1].face].normal);
				npVec3 dxc = v3Cross(d, c);
				if (!arcsCross(cba, dba, v3Dot(a, dxc), v3Dot(b, dxc)))
					continue;
			}
			else if (!flatArcsCross(w, i, j))
				continue;
			EdgeLine edgeB = { w->bv[he[0].origin], v3(0.0, 0.0, 0.0), j };
			edgeB.dir = v3Sub(w->bv[he[1].origin], edgeB.start);
			tryEdgePair(&edgeA, uaSq, &edgeB, centroidA, &best);
		}
	}
	return best;
}

// ---------------------------------------------------------------------------------- two solids

// Up to 3 directions of A's edges seen so far, their face-sign masks and candidate counts (the list
// in w->candidates[slot] is the same for the opposite direction: the test is symmetric in pos and
// neg).
typedef struct SeenDirections
{
	npVec3 dir[3];
	uint64_t pos[3], neg[3];
	int candidates[3];
	int count;
} SeenDirections;

// B's candidate edges for A's edge vector uA (faces on strictly opposite sides of uA), into
// w->candidates[*slot]; *pos gets the faces of B with normal . uA > 0.
static int solidCandidates(SatPair* w, SeenDirections* seen, npVec3 uA, uint64_t* pos, int* slot)
{
	const npPolyhedron3* pb = &w->b;
	*pos = 0;
	*slot = -1;
	for (int k = 0; k < seen->count && *slot < 0; ++k)
	{
		npVec3 d = seen->dir[k];
		if (d.x == uA.x && d.y == uA.y && d.z == uA.z)
		{
			*pos = seen->pos[k];
			*slot = k;
		}
		else if (d.x == -uA.x && d.y == -uA.y && d.z == -uA.z)
		{
			*pos = seen->neg[k];
			*slot = k;
		}
	}
	if (*slot >= 0)
		return seen->candidates[*slot];

	uint64_t p = 0, n = 0;
	for (int f = 0; f < pb->faceCount; ++f)
	{
		double sd = v3Dot(w->bp[f].normal, uA);
		p |= (uint64_t)(sd > 0.0) << f;
		n |= (uint64_t)(sd < 0.0) << f;
	}
	*slot = seen->count < 3 ? seen->count : 3;
	uint16_t* list = w->candidates[*slot];
	int candidates = 0;
	for (int j = 0; j < pb->halfEdgeCount / 2; ++j)
	{
		const npHalfEdge3* hb = pb->halfEdges + 2 * j;
		uint64_t c = hb[0].face, d = hb[1].face;
		list[candidates] = (uint16_t)j;
		candidates += (int)((((p >> c) & (n >> d)) | ((n >> c) & (p >> d))) & 1u);
	}
	if (seen->count < 3)
	{
		seen->dir[seen->count] = uA;
		seen->pos[seen->count] = p;
		seen->neg[seen->count] = n;
		seen->candidates[seen->count] = candidates;
		++seen->count;
	}
	*pos = p;
	return candidates;
}

// The edge query for two solids (no flat shape), B's faces at most 64. Uses the half-edge
// orientation (half-edge 2k runs counter-clockwise around its face seen from outside): then for an
// edge with vector u from face n1 (left of half-edge 2k) to face n2, n1 x n2 points along +u, so
// the arc test's triple products reduce to signs of dot products with the edge vectors:
//   C.(b x a) ~ c.uA,  D.(b x a) ~ d.uA,  a.(D x C) ~ -a.uB,  b.(D x C) ~ -b.uB
// (positive factors). The signs of B's normals against uA go into two bit masks, shared by the
// parallel edges of A (a box has 3 directions for 12 edges); B's candidate edges (normals on
// strictly opposite sides) are collected without branches.
EdgeResult npQueryEdgesSolid3(SatPair* w, npVec3 centroidA, double floor)
{
	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	EdgeResult best = { floor, -1, -1 };
	for (int j = 0; j < pb->halfEdgeCount / 2; ++j)
		w->edgeB[j] = v3Sub(w->bv[pb->halfEdges[2 * j + 1].origin], w->bv[pb->halfEdges[2 * j].origin]);

	SeenDirections seen;
	seen.count = 0;
	for (int i = 0; i < pa->halfEdgeCount / 2; ++i)
	{
		const npHalfEdge3* ha = pa->halfEdges + 2 * i;
		EdgeLine edgeA = { pa->vertices[ha[0].origin], v3(0.0, 0.0, 0.0), i };
		edgeA.dir = v3Sub(pa->vertices[ha[1].origin], edgeA.start);
		uint64_t pos;
		int slot;
		int candidates = solidCandidates(w, &seen, edgeA.dir, &pos, &slot);
		if (candidates == 0)
			continue;
		const uint16_t* list = w->candidates[slot];
		npVec3 a = pa->planes[ha[0].face].normal, b = pa->planes[ha[1].face].normal;
		double uaSq = v3LengthSq(edgeA.dir);

		// The rest of the arc test, without branches (about half the candidates fail it):
		// a.(DxC) * b.(DxC) < 0, and C.(bxa) * b.(DxC) > 0 with C.(bxa) ~ c.uA (its sign is whether
		// face c is in `pos`) and b.(DxC) ~ -b.uB.
		uint16_t* pass = w->candidates[4];
		int passCount = 0;
		for (int k = 0; k < candidates; ++k)
		{
			int j = list[k];
			npVec3 uB = w->edgeB[j];
			double au = v3Dot(a, uB), bu = v3Dot(b, uB);
			int cPositive = (int)((pos >> pb->halfEdges[2 * j].face) & 1u);
			int ok = (au * bu < 0.0) & (cPositive ? bu < 0.0 : bu > 0.0);
			pass[passCount] = (uint16_t)j;
			passCount += ok;
		}
		for (int k = 0; k < passCount; ++k)
		{
			int j = pass[k];
			EdgeLine edgeB = { w->bv[pb->halfEdges[2 * j].origin], w->edgeB[j], j };
			tryEdgePair(&edgeA, uaSq, &edgeB, centroidA, &best);
		}
	}
	return best;
}

// ---------------------------------------------------------------------------------- edge directions

// Groups a polyhedron's edges by direction (exactly equal or opposite edge vectors, in the
// shape's own frame, where a box's parallel edges are bit-identical) into out->dirs and out->group.
// Returns the number of groups, or -1 when there are more than NP_MAX_DIRECTIONS3. A box (out->box)
// has its three axes and no table (see edgeGroup).
int npDirectionGroups3(const npPolyhedron3* p, EdgeDirections* out)
{
	int count = 0;
	int edges = p->halfEdgeCount / 2;
	if (out->box)
	{
		// A box's edges run along its axes; vertex i has +h on axis k when bit k of i is set, so an
		// edge's two vertex indices differ in the bit of its axis.
		out->dirs[0] = v3(1.0, 0.0, 0.0);
		out->dirs[1] = v3(0.0, 1.0, 0.0);
		out->dirs[2] = v3(0.0, 0.0, 1.0);
		return 3;
	}
	for (int i = 0; i < edges; ++i)
	{
		npVec3 u = v3Sub(p->vertices[p->halfEdges[2 * i + 1].origin], p->vertices[p->halfEdges[2 * i].origin]);
		int g = -1;
		for (int k = 0; k < count && g < 0; ++k)
		{
			npVec3 d = out->dirs[k];
			if ((d.x == u.x && d.y == u.y && d.z == u.z) || (d.x == -u.x && d.y == -u.y && d.z == -u.z))
				g = k;
		}
		if (g < 0)
		{
			if (count == NP_MAX_DIRECTIONS3)
				return -1;
			out->dirs[count] = u;
			g = count++;
		}
		out->group[i] = (uint8_t)g;
	}
	return count;
}

// Direction group of edge i: a box's from its vertex indices, else the table.
static inline int edgeGroup(const npPolyhedron3* p, const EdgeDirections* d, int i)
{
	if (d->box)
	{
		int bits = p->halfEdges[2 * i].origin ^ p->halfEdges[2 * i + 1].origin;
		return bits == 1 ? 0 : (bits == 2 ? 1 : 2);
	}
	return d->group[i];
}

// The interval a shape covers along a unit axis: a box by its centre and half extents (the
// projection of a box is centre +- sum of |axis . box axis k| * h_k), anything else by its vertices.
void npProjectOnAxis3(const npVec3* verts, int count, const SupportHint* hint, npVec3 axis, double* lo, double* hi)
{
	if (hint->box && hint->local)
	{
		double r = hint->halfExtents.x * fabs(axis.x) + hint->halfExtents.y * fabs(axis.y) +
				   hint->halfExtents.z * fabs(axis.z);
		*lo = -r;
		*hi = r;
		return;
	}
	if (hint->box)
	{
		// toLocal's rows are the box's axes in the common frame.
		const npMat3* m = &hint->toLocal;
		double c = v3Dot(axis, hint->center);
		double r = hint->halfExtents.x * fabs(m->cx.x * axis.x + m->cy.x * axis.y + m->cz.x * axis.z) +
				   hint->halfExtents.y * fabs(m->cx.y * axis.x + m->cy.y * axis.y + m->cz.y * axis.z) +
				   hint->halfExtents.z * fabs(m->cx.z * axis.x + m->cy.z * axis.y + m->cz.z * axis.z);
		*lo = c - r;
		*hi = c + r;
		return;
	}
	double a = DBL_MAX, b = -DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		double v = v3Dot(verts[i], axis);
		a = v < a ? v : a;
		b = v > b ? v : b;
	}
	*lo = a;
	*hi = b;
}

// The edge query for shapes with few edge directions (boxes, triangles, prisms): every pair of a
// direction of A and a direction of B (both in A's frame) gives one axis, measured with support
// points on both sides and in both orientations. Finds the best pair of directions and its unit
// axis (A -> B); npSupportingEdges3 then names the edges.
DirectionPair npQueryEdgeAxes3(const SatPair* w, const EdgeDirections* a, const EdgeDirections* b, double floor)
{
	DirectionPair best = { floor, -1, -1, v3(0.0, 0.0, 0.0) };
	for (int ga = 0; ga < a->count; ++ga)
		for (int gb = 0; gb < b->count; ++gb)
		{
			npVec3 axis = v3Cross(a->dirs[ga], b->dirs[gb]);
			double lenSq = v3LengthSq(axis);
			if (lenSq <= 1.0e-12 * v3LengthSq(a->dirs[ga]) * v3LengthSq(b->dirs[gb]))
				continue;
			axis = v3Scale(1.0 / sqrt(lenSq), axis);
			double minA, maxA, minB, maxB;
			npProjectOnAxis3(w->a.vertices, w->a.vertexCount, &w->hintA, axis, &minA, &maxA);
			npProjectOnAxis3(w->bv, w->b.vertexCount, &w->hintB, axis, &minB, &maxB);

			// Separation with B beyond A along +axis, and along -axis.
			double sepPlus = minB - maxA, sepMinus = minA - maxB;
			if (sepPlus > best.separation)
				best = (DirectionPair){ sepPlus, ga, gb, axis };
			if (sepMinus > best.separation)
				best = (DirectionPair){ sepMinus, ga, gb, v3Neg(axis) };
		}
	return best;
}

// The edges supporting the best direction pair: A's edge of that direction farthest along the axis,
// B's nearest (lowest index on ties). *supports: those edges are the shapes' extremes along the
// axis. Always for boxes (along an axis across a box edge direction the box's extreme holds an edge
// of that direction); a hull with few directions need not have one there: two tetrahedra 4.2 apart
// were best separated along the cross product of two of their edge directions with single vertices
// as extremes, and the edges of those directions nearest each other, read as the contact, gave a
// point 13.7 deep along the wrong sense of the axis (fuzz_pairs3d). The caller then takes the
// extremes by scans (edgeScanned). Flat shapes are left to edgePairContact's own check.
EdgeResult npSupportingEdges3(const SatPair* w, const EdgeDirections* a, const EdgeDirections* b,
							  const DirectionPair* best, bool* supports)
{
	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	EdgeResult out = { best->separation, -1, -1 };
	double hiA = -DBL_MAX, loB = DBL_MAX;
	for (int i = 0; i < pa->halfEdgeCount / 2; ++i)
	{
		if (edgeGroup(pa, a, i) != best->groupA)
			continue;
		double v = v3Dot(best->axis, pa->vertices[pa->halfEdges[2 * i].origin]);
		if (v > hiA)
		{
			hiA = v;
			out.edgeA = i;
		}
	}
	for (int j = 0; j < pb->halfEdgeCount / 2; ++j)
	{
		if (edgeGroup(pb, b, j) != best->groupB)
			continue;
		double v = v3Dot(best->axis, w->bv[pb->halfEdges[2 * j].origin]);
		if (v < loB)
		{
			loB = v;
			out.edgeB = j;
		}
	}
	// Boxes need no check; flat shapes neither: edgePairContact checks their depth against the
	// separation (the checks cost a box on a triangle mesh 0.8 % of its instructions).
	*supports = true;
	if (!a->box && !pa->flat)
	{
		double minA, maxA;
		npProjectOnAxis3(w->a.vertices, w->a.vertexCount, &w->hintA, best->axis, &minA, &maxA);
		*supports = maxA - hiA <= 1.0e-9 * (fabs(minA) + fabs(maxA));
	}
	if (!b->box && !pb->flat)
	{
		double minB, maxB;
		npProjectOnAxis3(w->bv, w->b.vertexCount, &w->hintB, best->axis, &minB, &maxB);
		*supports = *supports && loB - minB <= 1.0e-9 * (fabs(minB) + fabs(maxB));
	}
	return out;
}

// ---------------------------------------------------------------------------------- large solids

// Of the edges leaving vertex v, the one most perpendicular to n (the edge a support vertex
// shares with the Minkowski face of normal n).
static int edgeAtVertex(const npPolyhedron3* p, const npVec3* verts, int v, npVec3 n)
{
	int start = p->vertexEdge[v], e = start, guard = 0, best = start;
	double bestCos = DBL_MAX;
	do
	{
		npVec3 u = v3Sub(verts[p->halfEdges[p->halfEdges[e].next].origin], verts[v]);
		double c = v3Dot(u, n);
		double cosSq = c * c / v3LengthSq(u);
		if (cosSq < bestCos)
		{
			bestCos = cosSq;
			best = e;
		}
		e = p->halfEdges[p->halfEdges[e].twin].next;
		++guard;
	} while (e != start && guard < NP_MAX_HULL_HALF_EDGES);
	return best / 2;
}

// Index of the vertex farthest along d (lowest index on ties). Called with -n for the vertex nearest
// along n: negation is exact, so the dot products, their order and the ties are the same.
static int farthestVertex(const npVec3* verts, int count, npVec3 d)
{
	int best = 0;
	double hi = -DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		double v = v3Dot(d, verts[i]);
		if (v > hi)
		{
			hi = v;
			best = i;
		}
	}
	return best;
}

// The edge query for large solids: GJK + EPA (npPenetration3, whose normal is polished to the exact
// best separating axis) give the largest separation over all axes. When it does not beat the
// floor (the best face plus the preference), no edge pair can, and the scan is skipped; otherwise
// the best axis is an edge pair, found at the support vertices along the EPA normal. Sets *apart
// when the shapes are farther apart than the margin.
EdgeResult npQueryEdgesGuided3(SatPair* w, npVec3 centroidA, double floor, double margin, EdgeQueryGap* gap)
{
	EdgeResult best = { -DBL_MAX, -1, -1 };
	gap->apart = false;
	gap->measured = false;
	gap->shortOfDepth = false;
	npPenetrationResult3 pen = npPenetration3(w->shapeA, *w->xfA, w->shapeB, *w->xfB);
	if (!pen.overlapping)
	{
		// Separated: no edge pair is named, the distance is passed on (the search takes the face
		// axes' speculative points, or these closest points where the faces claim an overlap).
		gap->distance = npDistance3(w->shapeA, *w->xfA, w->shapeB, *w->xfB);
		gap->apart = gap->distance.distance > margin;
		gap->measured = !gap->apart;
		return best;
	}
	if (!(-pen.depth > floor))
		return best;

	const npPolyhedron3* pa = &w->a;
	const npPolyhedron3* pb = &w->b;
	npVec3 n = npInvRotate3(w->xfA->q, pen.normal);
	int va = farthestVertex(pa->vertices, pa->vertexCount, n);
	int vb = farthestVertex(w->bv, pb->vertexCount, v3Neg(n));
	int ea = edgeAtVertex(pa, pa->vertices, va, n), eb = edgeAtVertex(pb, w->bv, vb, n);
	EdgeLine edgeA = { edgeStart(pa, pa->vertices, ea), v3(0.0, 0.0, 0.0), ea };
	edgeA.dir = v3Sub(edgeEnd(pa, pa->vertices, ea), edgeA.start);
	EdgeLine edgeB = { edgeStart(pb, w->bv, eb), v3(0.0, 0.0, 0.0), eb };
	edgeB.dir = v3Sub(edgeEnd(pb, w->bv, eb), edgeB.start);
	tryEdgePair(&edgeA, v3LengthSq(edgeA.dir), &edgeB, centroidA, &best);

	// Beating the floor, EPA's axis is an edge pair's and its depth that pair's separation. The
	// edges most perpendicular to it at the support vertices are that pair on sound hulls; where
	// they fall short (a hull whose planes miss their corners: a pair 23.09 deep taken for an axis
	// 20.37 deep, and a manifold 0.61 deeper than the shapes overlap; fuzz_pairs3d), the search
	// scans every edge pair (sat3d.c).
	double tol = 1.0e-9 * (pen.depth + v3MaxAbs(edgeA.start) + v3MaxAbs(edgeB.start));
	gap->shortOfDepth = !(best.separation >= -pen.depth - tol);
	return best;
}
