// The normal of GJK's closest features in 3D, as a shape cast reports it at a hit or at an initial
// contact between two cores that are apart (cast3d.c).
//
// For two convex shapes apart, the normal of their closest features is the direction from one
// closest point to the other, and each shape lies behind the plane through its own point along it
// (or against it). GJK gives that direction twice: as the gap between the closest points of its
// final simplex, and as the simplex's own normal (a triangle's normal or an edge's perpendicular).
// Both can be off on needles, where a simplex spans 1e9 and the gap is a few units:
//  - npSimplexNormalRival3 (gjk3d.c) takes the simplex's normal when it lies within 8 degrees of
//    the gap, else the gap's; when it doubts its choice it offers the other as a rival, and the two
//    are measured against the shapes (betterSupported: one support query each);
//  - a triangle can look like a facet of the Minkowski difference A - B by its corners' vertex
//    indices and not be one (facetOfPair checks one corner of each core against its neighbours in
//    the vertex graph); a triangle that is no facet gets the axis of EPA's separating-axis polish
//    (epapolish3d.c, its wide search), measured against the normal it had the same way.
// Only doubted normals pay for the support queries. The checks are in A's frame, with B moved by
// shiftB (a cast's -t r) where the support queries need it.
#include "epa3d_private.h"

#include "codesize.h"

// The pair with B moved by shift (A's frame): where a cast's hit stands.
static npPair3 shifted(const npPair3* pair, npVec3 shift)
{
	npPair3 moved = *pair;
	moved.xfB.p = v3Add(pair->xfB.p, shift);
	return moved;
}

// Of two unit normals n and m (A to B) of closest core points pa and pb (A's frame, B moved), the
// one whose planes through those points better bound the cores: for each, how far A reaches beyond
// pa along it and B beyond pb against it (one support query), the larger of the two; the smaller
// wins, n on a tie. That is what a contact normal promises (each shape on its side of the plane
// through its point), and the fuzzers check exactly this.
static npVec3 betterSupported(const npPair3* moved, npVec3 pa, npVec3 pb, npVec3 n, npVec3 m)
{
	npSupportPoint3 sn = npSupportPair3(moved, n), sm = npSupportPair3(moved, m);
	double worstN = np3Max(v3Dot(n, v3Sub(sn.wA, pa)), v3Dot(n, v3Sub(pb, sn.wB)));
	double worstM = np3Max(v3Dot(m, v3Sub(sm.wA, pa)), v3Dot(m, v3Sub(pb, sm.wB)));
	return worstM < worstN ? m : n;
}

// GJK's simplex and its closest points disagree, or the simplex is a million times longer than the
// gap (npSimplexNormalRival3 offered a rival). Either can be far off: on a needle the closest points
// can be good to about the gap only (a ball 10 from a hull needle 2.6e10 long touching at fraction
// 0: the gap's direction 16 degrees off the needle's face, the far end 7e9 beyond the reported
// plane; a box cast at a triangle 1.5e10 long: the triangle 6e9 beyond; a box touching a needle
// 4.5e10 long along its edge: 4e-7 rad off, 6,220 beyond; fuzz_casts3d's normal check). The two are
// measured where B stands.
NP_COLD __attribute__((noinline)) static npVec3 decideRival(const npPair3* pair, const npClosestFeatures3* f, npVec3 n,
															npVec3 rival)
{
	npPair3 moved = shifted(pair, f->shiftB);
	return betterSupported(&moved, f->pointA, f->pointB, n, rival);
}

// True when a triangle of A - B lies in one facet of it, judged by its corners' vertices: one of A
// and three of B (B's face), three and one (A's face), or two and two (an edge of each). GJK can
// stop on a triangle across two facets that meet at a nearly flat angle (points of two of A and
// three of B), and on a needle its normal is then off by the angle between them: a box cast at a
// hull 1e6 long got a normal 1e-5 rad off the hull's face, the hull's far end 1.33 beyond the
// reported plane (fuzz_casts3d's normal check).
static bool facetTriangle(const npSupportPoint3* s)
{
	int a = 1 + (s[1].indexA != s[0].indexA) + (s[2].indexA != s[0].indexA && s[2].indexA != s[1].indexA);
	int b = 1 + (s[1].indexB != s[0].indexB) + (s[2].indexB != s[0].indexB && s[2].indexB != s[1].indexB);
	return (a == 1 && b == 3) || (a == 3 && b == 1) || (a == 2 && b == 2);
}

// True when vertex v of a core is a farthest vertex of it along unit d: no neighbour in its vertex
// graph rises above it along d by more than 1e-9 rad of the edge between them. On a convex
// polyhedron a vertex no neighbour beats is a farthest one (the core lies in the cone of the edges
// leaving it). Cores without edges (a sphere's point) pass.
static bool vertexFarthest(const npPolyhedron3* poly, int v, npVec3 d)
{
	if (poly->halfEdgeCount == 0)
		return true;
	const npVec3* vertices = poly->vertices;
	const npHalfEdge3* edges = poly->halfEdges;
	int first = poly->vertexEdge[v], h = first;
	for (int guard = 0; guard < NP_MAX_HULL_HALF_EDGES; ++guard)
	{
		npVec3 e = v3Sub(vertices[edges[h ^ 1].origin], vertices[v]);
		double rise = v3Dot(d, e);
		if (rise > 0.0 && rise * rise > 1e-18 * v3LengthSq(e))
			return false;
		h = edges[h ^ 1].next;
		if (h == first)
			break;
	}
	return true;
}

// The triangle is a facet of A - B with normal n (unit, A to B): by its corners' indices
// (facetTriangle) and by its geometry. GJK can stop on a triangle whose indices name a facet that
// is not one: two vertices of each core whose edges do not meet on their Gauss maps (a hull face
// 7e-6 rad off a capsule's axis, with a vertex 1e6 out on it: the capsule's perpendicular as the
// normal, the hull 6.63 beyond the reported plane; fuzz_casts3d's normal check). The triangle's
// normal is perpendicular to the differences of its corners of each core, so those corners lie in
// one plane across n; the facet is genuine when A's first corner is farthest along n and B's
// against it, the rest of each core's corners then being farthest too.
static bool facetOfPair(const npPair3* pair, const npSupportPoint3* s, npVec3 n)
{
	return facetTriangle(s) && vertexFarthest(&pair->polyA, s[0].indexA, n) &&
		   vertexFarthest(&pair->polyB, s[0].indexB, npPairDirToB(pair, v3Neg(n)));
}

// The normal of a triangle that is no facet: EPA's separating-axis polish where B stands, its wide
// search (the best-aligned faces of both cores, and the edge pairs at the triangle's corner
// vertices: of those axes and n, the one along which the cores are farthest apart), kept when its
// planes through the closest points bound the cores better than n's (betterSupported: the polished
// axis alone put a hull 0.25 beyond a plane that n's tilt of 2.5e-7 had kept within rounding;
// fuzz_casts3d). The wide search has no short cut from the corners, which would take a refuted
// two-and-two facet at its word (its cross product is the refuted normal itself), and looks beyond
// the narrow cone around n, which a triangle across facets can miss by more than the cone: a
// capsule cast at a needle 1e9 long got a normal 1.3e-3 rad off the needle's face (the cone is
// 1.4e-3 rad wide measured as 1 - cos), the far end 1.3e6 beyond the plane (fuzz_casts3d).
NP_COLD __attribute__((noinline)) static npVec3 facetPolish(const npPair3* pair, const npClosestFeatures3* f, npVec3 n)
{
	npPair3 moved = shifted(pair, f->shiftB);
	const npSupportPoint3* s = f->simplex;
	int ia, ib;
	double depth = v3Dot(npSupportIndices3(&moved, n, &ia, &ib), n);
	int featureA[3] = { s[0].indexA, s[1].indexA, s[2].indexA };
	int featureB[3] = { s[0].indexB, s[1].indexB, s[2].indexB };
	npVec3 polished = npEpaPolish3(&moved, (polishAxis){ n, depth, ia, ib }, featureA, featureB, true).axis;
	return betterSupported(&moved, f->pointA, f->pointB, n, polished);
}

npVec3 npCheckFacetNormal3(const npPair3* pair, const npClosestFeatures3* f, npVec3 n)
{
	if (f->count == 3 && !facetOfPair(pair, f->simplex, n))
		return facetPolish(pair, f, n);
	return n;
}

npVec3 npFeatureNormal3(const npPair3* pair, const npClosestFeatures3* f)
{
	npVec3 rival = v3(0.0, 0.0, 0.0);
	npVec3 n = npSimplexNormalRival3(f->simplex, f->count, v3Sub(f->pointB, f->pointA), &rival, false);
	if (rival.x != 0.0 || rival.y != 0.0 || rival.z != 0.0)
		n = decideRival(pair, f, n, rival);
	return npCheckFacetNormal3(pair, f, n);
}

NP_COLD npVec3 npDecideRival3(const npPair3* pair, npVec3 pointA, npVec3 pointB, npVec3 n, npVec3 rival)
{
	return betterSupported(pair, pointA, pointB, n, rival);
}

NP_COLD bool npOverlapsLessAlong3(const npPair3* pair, npVec3 m, npVec3 n)
{
	npSupportPoint3 sm = npSupportPair3(pair, m), sn = npSupportPair3(pair, n);
	return v3Dot(m, sm.w) < v3Dot(n, sn.w);
}
