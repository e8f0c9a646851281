// 3D GJK: overlap and distance between convex cores, with the radii added afterwards.
//
// The simplex solver: a segment by projection (Ericson, Real-Time Collision Detection, 5.1); a
// triangle by the signed areas of Montanari et al.'s signed-volume method (see
// npClosestOnTriangle3: Ericson's region tests on dot products fail on slivers), falling back to
// its edges when it is degenerate; a tetrahedron by testing which face planes separate the origin
// from the opposite vertex and keeping the closest of those faces.
// Termination (van den Bergen): stop when the new support point does not bring the lower bound
// v.w/|v| closer to |v| than a relative 1e-14, or when it repeats a simplex vertex (exact for
// polytope cores), with an iteration cap. npOverlap3's cheaper yes-or-no search is in overlap3d.c.
#include "gjk3d.h"
#include "epa3d_private.h"
#include "closest3d.h"
#include "codesize.h"
#include "tiny3d.h"

#include <float.h>
#include <stddef.h>

#define GJK3_MAX_ITERATIONS 64

static npCoreKind3 coreKind(const npShape3* shape)
{
	switch (shape->type)
	{
		case NP_SHAPE_SPHERE: return NP_CORE_POINT;
		case NP_SHAPE_CAPSULE3: return NP_CORE_SEGMENT;
		case NP_SHAPE_BOX3: return NP_CORE_BOX;
		default: return NP_CORE_VERTICES;
	}
}

void npMakePair3(npPair3* pair, const npShape3* a, npTransform3 xfA, const npShape3* b, npTransform3 xfB)
{
	pair->shapeA = a;
	pair->shapeB = b;
	pair->xfB = npInvMulTransforms3(xfA, xfB);
	npQuat q = pair->xfB.q;
	double xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
	double xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
	double wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
	pair->rot[0][0] = 1.0 - 2.0 * (yy + zz);
	pair->rot[0][1] = 2.0 * (xy - wz);
	pair->rot[0][2] = 2.0 * (xz + wy);
	pair->rot[1][0] = 2.0 * (xy + wz);
	pair->rot[1][1] = 1.0 - 2.0 * (xx + zz);
	pair->rot[1][2] = 2.0 * (yz - wx);
	pair->rot[2][0] = 2.0 * (xz - wy);
	pair->rot[2][1] = 2.0 * (yz + wx);
	pair->rot[2][2] = 1.0 - 2.0 * (xx + yy);
	npMakePolyhedron3(a, &pair->polyA);
	npMakePolyhedron3(b, &pair->polyB);
	pair->kindA = coreKind(a);
	pair->kindB = coreKind(b);
}

// Index of a core's vertex farthest along d, by the shape's type (the same rule as npCoreSupport3;
// kept as a small function of its own, which gcc compiles into faster GJK code than the inline
// switch, about 4 % on hull distance queries).
static int supportIndex(const npShape3* shape, const npPolyhedron3* poly, npVec3 d)
{
	switch (shape->type)
	{
		case NP_SHAPE_SPHERE:
			return 0;
		case NP_SHAPE_CAPSULE3:
			return d.y >= 0.0 ? 1 : 0;
		case NP_SHAPE_BOX3:
			return (d.x >= 0.0 ? 1 : 0) | (d.y >= 0.0 ? 2 : 0) | (d.z >= 0.0 ? 4 : 0);
		case NP_SHAPE_TRIANGLE3:
			return npSupportScan3(poly->vertices, 3, d); // (the scan the view would reach, called directly)
		default:
			return npPolyhedronSupportXYZ3(poly, d.x, d.y, d.z);
	}
}

npSupportPoint3 npSupportPair3(const npPair3* pair, npVec3 d)
{
	npSupportPoint3 s;
	s.indexA = supportIndex(pair->shapeA, &pair->polyA, d);
	s.indexB = supportIndex(pair->shapeB, &pair->polyB, npPairDirToB(pair, v3Neg(d)));
	s.wA = pair->polyA.vertices[s.indexA];
	s.wB = npPairVertexB(pair, s.indexB);
	s.w = v3Sub(s.wA, s.wB);
	return s;
}

// The closest point to the origin on segment a-b: the count (1 or 2) and the weights, and *second
// set when that point is b alone (solve2 then moves b into slot 0). The simplex steps below work
// on slot indices with this, and move support points (80 bytes each) once, at the end.
static inline int segmentWeights(npVec3 a, npVec3 b, double* weights, bool* second)
{
	npVec3 e = v3Sub(b, a);
	double u = v3Dot(b, e);  // weight of a, unnormalised
	double v = -v3Dot(a, e); // weight of b
	*second = false;
	if (v <= 0.0)
	{
		weights[0] = 1.0;
		return 1;
	}
	if (u <= 0.0)
	{
		*second = true;
		weights[0] = 1.0;
		return 1;
	}
	// u + v = |e|^2. Below 2^-900 (a segment shorter than about 1e-135: a capsule core 4.6e-159
	// long) its inverse overflows to inf and the weights came out inf and NaN (npDistance3 of that
	// capsule and a concentric sphere was NaN; fuzz_casts3d): there each weight is a quotient.
	double uv = u + v;
	if (uv < 0x1p-900)
	{
		weights[0] = u / uv;
		weights[1] = v / uv;
		return 2;
	}
	double inv = 1.0 / uv;
	weights[0] = u * inv;
	weights[1] = v * inv;
	return 2;
}

// Closest point to the origin on segment s[0]-s[1]: keeps the supporting vertices in front.
static int solve2(npSupportPoint3* s, double* weights)
{
	bool second;
	int count = segmentWeights(s[0].w, s[1].w, weights, &second);
	if (second)
		npCopySupport3(&s[0], &s[1]);
	return count;
}

// |sum of weights[i] s[at[i]].w|^2: the squared distance of a reduced simplex's point.
static double weightedLengthSq(const npSupportPoint3* s, const int* at, const double* weights, int count)
{
	npVec3 v = v3(0.0, 0.0, 0.0);
	for (int i = 0; i < count; ++i)
		v = v3MulAdd(v, weights[i], s[at[i]].w);
	return v3LengthSq(v);
}

// The closest point to the origin on the edges of triangle s[tri[0]] s[tri[1]] s[tri[2]] for which
// `use` is set (use[e]: the edge opposite corner e), each solved as a segment. The winner's slots
// go to at[0..1] as solve2 leaves a segment (its kept corners first, in their original order), and
// at[2] = tri[2]: the triangle's three places after the step, as slot indices of s.
static int closestOnEdges(const npSupportPoint3* s, const int* tri, const bool* use, double* weights, int* at)
{
	static const int edges[3][2] = { { 1, 2 }, { 0, 2 }, { 0, 1 } };
	int best[2] = { tri[0], tri[1] };
	double bestW[2] = { 1.0, 0.0 };
	int bestCount = 1;
	double bestDist = DBL_MAX;
	for (int e = 0; e < 3; ++e)
	{
		if (!use[e])
			continue;
		int segment[2] = { tri[edges[e][0]], tri[edges[e][1]] };
		double w[2] = { 1.0, 0.0 };
		bool second;
		int count = segmentWeights(s[segment[0]].w, s[segment[1]].w, w, &second);
		if (second)
			segment[0] = segment[1];
		double dist = weightedLengthSq(s, segment, w, count);
		if (dist < bestDist)
		{
			bestDist = dist;
			bestCount = count;
			best[0] = segment[0];
			best[1] = segment[1];
			bestW[0] = w[0];
			bestW[1] = count > 1 ? w[1] : 0.0;
		}
	}
	at[0] = best[0];
	at[1] = best[1];
	at[2] = tri[2];
	weights[0] = bestW[0];
	weights[1] = bestW[1];
	return bestCount;
}

// npClosestOnTriangle3 on slot indices: the triangle s[tri[0..2]], its places after the step into
// at[0..2] (slot indices of s), s itself untouched.
static int closestOnTriangle(const npSupportPoint3* s, const int* tri, double* weights, int* at)
{
	// Signed areas after Montanari, Petrinic and Barbieri ("Improving the GJK algorithm for faster
	// and more reliable distance queries between convex objects", ACM TOG 36(3), 2017, the S2D
	// step). The origin is projected onto the triangle's plane (p), and the triangle and p are
	// projected onto the coordinate plane where the triangle's shadow is largest; the three
	// signed areas p makes with the edges, computed from coordinate differences, tell whether p
	// lies inside. When it does, they are its barycentric weights; otherwise the closest point is
	// on one of the edges p lies beyond, and each of those is solved as a segment.
	// Why not the textbook region tests on dot products (Ericson 5.1.5): their weights are
	// differences of products of dot products, whose rounding scales with |vertex|^2 |edge|^2 while
	// the weights themselves scale with the squared area. On a sliver (the Minkowski difference of
	// two nearly parallel segments, or an edge and a nearly parallel face) the rounding wins and
	// the region test picks a wrong region: GJK then stopped on a point far from the true closest
	// one (a distance of 1.05 between overlapping capsules). The areas here come from coordinate
	// differences, so the region is found right, and the point is off by at most about the
	// sliver's width (its weights across it stay ill-conditioned): tests/native/test_distance3d.
	double area[3];
	bool inside[3];
	if (npTriangleSignedAreas3(s[tri[0]].w, s[tri[1]].w, s[tri[2]].w, area, inside))
	{
		if (inside[0] && inside[1] && inside[2])
		{
			double inv = 1.0 / (area[0] + area[1] + area[2]);
			weights[0] = area[0] * inv;
			weights[1] = area[1] * inv;
			weights[2] = area[2] * inv;
			at[0] = tri[0];
			at[1] = tri[1];
			at[2] = tri[2];
			return 3;
		}
		// Beyond an edge (a zero area counts as beyond: p is then on the edge's line, which the
		// segment solves exactly): the closest of those edges.
		const bool beyond[3] = { !inside[0], !inside[1], !inside[2] };
		return closestOnEdges(s, tri, beyond, weights, at);
	}
	// Degenerate (collinear or overflowing) triangle: the best of its three edges.
	const bool all[3] = { true, true, true };
	return closestOnEdges(s, tri, all, weights, at);
}

// Moves s[at[0..count-1]] into slots 0..count-1 (through copies: the slots may overlap).
static void gatherSupports(npSupportPoint3* s, const int* at, int count)
{
	bool moved = false;
	for (int i = 0; i < count; ++i)
		moved = moved || at[i] != i;
	if (!moved)
		return;
	npSupportPoint3 t[3];
	for (int i = 0; i < count; ++i)
		npCopySupport3(&t[i], &s[at[i]]);
	for (int i = 0; i < count; ++i)
		npCopySupport3(&s[i], &t[i]);
}

int npClosestOnTriangle3(npSupportPoint3* s, double* weights)
{
	static const int tri[3] = { 0, 1, 2 };
	int at[3];
	int count = closestOnTriangle(s, tri, weights, at);
	gatherSupports(s, at, 3);
	return count;
}

// A tetrahedron's six edges and the squared lengths of its corners and edges, computed once and
// shared by flatTetrahedron and the four face tests (every edge serves two faces, once each way). edge[i][j] = s[j].w - s[i].w: for i > j it is stored as the negation
// of edge[j][i], the same number but for the sign of an exact zero, which no test below reads (they
// compare lengths, squares and signs of nonzero sums; a zero product of either sign adds nothing).
typedef struct TetraEdges
{
	npVec3 edge[4][4];
	double edgeSq[4][4];
	double cornerSq[4];
} TetraEdges;

static void makeTetraEdges(const npSupportPoint3* s, TetraEdges* t)
{
	for (int i = 0; i < 4; ++i)
	{
		t->cornerSq[i] = v3LengthSq(s[i].w);
		for (int j = i + 1; j < 4; ++j)
		{
			npVec3 e = v3Sub(s[j].w, s[i].w);
			double sq = v3LengthSq(e);
			t->edge[i][j] = e;
			t->edge[j][i] = v3Neg(e);
			t->edgeSq[i][j] = sq;
			t->edgeSq[j][i] = sq;
		}
	}
}

// True when tetrahedron s[0..3] is too flat for its face tests: |det| <= 1e-13 |e1| |e2| |e3|
// (compared as squares, no square roots), with the edges e from the corner whose three edges have
// the smallest product of lengths. From any other corner the bound can be far too strict: on a
// needle (a corner 1e6 away) the three edges from the far corner are all long, and a sound
// tetrahedron measured 4e-14 of their product; it was taken as flat and the origin, 0.19 inside it,
// left outside (tests/native/test_needles3d.c).
static bool flatTetrahedron(const TetraEdges* t)
{
	double bestSize = DBL_MAX;
	int best = 0;
	for (int corner = 0; corner < 4; ++corner)
	{
		int j0 = (corner + 1) & 3, j1 = (corner + 2) & 3, j2 = (corner + 3) & 3;
		double size = t->edgeSq[corner][j0] * t->edgeSq[corner][j1] * t->edgeSq[corner][j2];
		if (size < bestSize || corner == 0)
		{
			bestSize = size;
			best = corner;
		}
	}
	const npVec3* e = t->edge[best];
	double det = v3Dot(e[(best + 1) & 3], v3Cross(e[(best + 2) & 3], e[(best + 3) & 3]));
	return !(det * det > 1.0e-26 * bestSize);
}

// npTriangleCross3(s[p].w, s[q].w, s[r].w) from the shared edges: twice the area vector of the
// face, from the two edges meeting at the corner opposite its longest edge.
static inline npVec3 faceCross(const TetraEdges* t, int p, int q, int r)
{
	double lab = t->edgeSq[p][q], lbc = t->edgeSq[q][r], lca = t->edgeSq[r][p];
	if (lab >= lbc && lab >= lca)
		return v3Cross(t->edge[q][r], t->edge[r][p]);
	if (lbc >= lca)
		return v3Cross(t->edge[r][p], t->edge[p][q]);
	return v3Cross(t->edge[p][q], t->edge[q][r]);
}

// Of corners p, q, r, the one nearest the origin.
static inline int nearestOf(const TetraEdges* t, int p, int q, int r)
{
	double pp = t->cornerSq[p], qq = t->cornerSq[q], rr = t->cornerSq[r];
	if (pp <= qq && pp <= rr)
		return p;
	return qq <= rr ? q : r;
}

// True when the origin (signed distance `so` from a face's plane, up to a common factor) is not on
// the side of the opposite corner (`sd`), so the face may hold the closest point. A corner computed
// exactly on the plane (sd == 0) gives the tetrahedron no inside there, so an origin off the plane
// is beyond it. Reading sd == 0 as "not beyond" (so * sd < 0 is false) dropped the very face GJK
// came from: a flat hull whose near-duplicate vertices (1.5e-5 apart, 800 wide) made a tetrahedron
// 9e-14 thick, with the origin 1e-6 off its base, kept only a sliver face, and npDistance3 said
// 315.7 apart for a sphere inside the hull (fuzz_casts3d; test_fuzz_regressions3d.c keeps the pose).
// Compared by signs: the product of two tiny distances can underflow to zero.
static inline bool beyondFace(double so, double sd)
{
	return (so > 0.0 && !(sd > 0.0)) || (so < 0.0 && !(sd < 0.0));
}

// The origin's barycentric weights in the tetrahedron (ratios of signed volumes) measured from the
// edges at `corner`, clamped against rounding into `weights`; false when a weight is below -1e-9
// (outside) or the volume is 0.
static bool insideWeights(const npSupportPoint3* s, const TetraEdges* t, int corner, double* weights)
{
	int j1 = (corner + 1) & 3, j2 = (corner + 2) & 3, j3 = (corner + 3) & 3;
	npVec3 e1 = t->edge[corner][j1], e2 = t->edge[corner][j2], e3 = t->edge[corner][j3];
	double det = v3Dot(e1, v3Cross(e2, e3));
	if (!(det != 0.0))
		return false;
	npVec3 o = v3Neg(s[corner].w);
	double inv = 1.0 / det;
	double w1 = v3Dot(o, v3Cross(e2, e3)) * inv;
	double w2 = v3Dot(e1, v3Cross(o, e3)) * inv;
	double w3 = v3Dot(e1, v3Cross(e2, o)) * inv;
	double w0 = 1.0 - w1 - w2 - w3;
	if (!(w0 >= -1e-9 && w1 >= -1e-9 && w2 >= -1e-9 && w3 >= -1e-9))
		return false;
	w1 = np3Max(0.0, w1);
	w2 = np3Max(0.0, w2);
	w3 = np3Max(0.0, w3);
	w0 = np3Max(0.0, 1.0 - w1 - w2 - w3);
	double sum = w0 + w1 + w2 + w3;
	weights[corner] = w0 / sum;
	weights[j1] = w1 / sum;
	weights[j2] = w2 / sum;
	weights[j3] = w3 / sum;
	return true;
}

// Tetrahedron: 4 when the origin is inside (or on) it, else the closest face's reduction.
static int solve4(npSupportPoint3* s, double* weights)
{
	static const int faces[4][4] = { { 0, 1, 2, 3 }, { 0, 2, 3, 1 }, { 0, 3, 1, 2 }, { 1, 3, 2, 0 } };
	TetraEdges t;
	makeTetraEdges(s, &t);
	npVec3 e1 = t.edge[0][1], e2 = t.edge[0][2], e3 = t.edge[0][3];
	double det = v3Dot(e1, v3Cross(e2, e3));
	// A determinant that is exactly 0 from corner 0 cannot weigh the inside (1 / det): flatTetrahedron
	// measures from the best-conditioned corner and can pass a needle whose corner-0 edges cancel (a box
	// in a hull 1e12 long: two edges from corner 0 equal to 1e-16, det 0, and the weights came out
	// 0 * inf = NaN, so npDistance3's points were NaN; fuzz_pairs3d).
	bool degenerate = flatTetrahedron(&t) || !(det != 0.0);
	bool outside[4] = { true, true, true, true };
	bool any = degenerate;
	for (int f = 0; f < 4 && !degenerate; ++f)
	{
		// The face's normal from its best-conditioned corner and its plane through its corner
		// nearest the origin: on a needle (one corner 1e6 away) the cross product from the far
		// corner and that corner's dot products carried errors of the needle's length.
		int p = faces[f][0], q = faces[f][1], r = faces[f][2];
		npVec3 n = faceCross(&t, p, q, r);
		int anchor = nearestOf(&t, p, q, r);
		double so = -v3Dot(s[anchor].w, n), sd = v3Dot(t.edge[anchor][faces[f][3]], n);
		outside[f] = beyondFace(so, sd);
		any = any || outside[f];
	}
	if (!any)
	{
		// Inside: barycentric weights of the origin, so the weighted points of A and of B coincide
		// at a point inside both. The face tests can pass a sliver that flatTetrahedron measures as
		// sound, because its best-conditioned corner sits on a tiny edge: two corners 4.9e-12 apart,
		// 390 long, det 1e-18; the origin, 1.2 from an edge and 0.154 from the shapes' true
		// difference, was counted inside and npDistance3 said 0 (fuzz_meshcasts3d). The volumes then
		// put the origin far outside (weights of 1e21 and -1e21), and the faces decide as for an
		// outside origin. Measured from corner 0, the weights of a needle's tetrahedron (corner 0
		// 2.6e7 from the origin, the others within 600) carried 1e-5 of rounding, and an origin
		// inside it in exact arithmetic got -9e-6 for corner 0: npDistance3 said 0.38 apart for a
		// hull 6.66 deep in a flat needle (fuzz_casts3d). Before the faces decide, the weights are
		// measured again from the corner nearest the origin, whose edges to the near corners give
		// the far corner's weight to their own rounding.
		int near = nearestOf(&t, 0, 1, 2);
		near = t.cornerSq[3] < t.cornerSq[near] ? 3 : near;
		if (insideWeights(s, &t, 0, weights) || (near != 0 && insideWeights(s, &t, near, weights)))
			return 4;
		for (int f = 0; f < 4; ++f)
			outside[f] = true;
	}
	// The faces are reduced on slot indices; only the closest one's points are moved, once.
	int best[3] = { 0, 1, 2 };
	double bestW[3] = { 1.0, 0.0, 0.0 };
	int bestCount = 0;
	double bestDist = DBL_MAX;
	for (int f = 0; f < 4; ++f)
	{
		if (!outside[f])
			continue;
		double w[3] = { 0.0, 0.0, 0.0 };
		int at[3];
		int n = closestOnTriangle(s, faces[f], w, at);
		double d = weightedLengthSq(s, at, w, n);
		if (d < bestDist)
		{
			bestDist = d;
			bestCount = n;
			for (int i = 0; i < 3; ++i)
			{
				best[i] = at[i];
				bestW[i] = i < n ? w[i] : 0.0;
			}
		}
	}
	gatherSupports(s, best, 3);
	for (int i = 0; i < 3; ++i)
		weights[i] = bestW[i];
	return bestCount;
}

int npSolveSimplex3(npSupportPoint3* s, double* weights, int count)
{
	switch (count)
	{
		case 1: weights[0] = 1.0; return 1;
		case 2: return solve2(s, weights);
		case 3: return npClosestOnTriangle3(s, weights);
		default: return solve4(s, weights);
	}
}

// Largest absolute coordinate of a support point's core points (for tolerances). Native compilers
// turn the double maxima into maxsd; in wasm they are taken on bit patterns (same value).
static inline double pointScale(const npSupportPoint3* s)
{
#if defined(__wasm__)
	return v3MaxAbs2Bits(s->wA, s->wB);
#else
	return np3Max(v3MaxAbs(s->wA), v3MaxAbs(s->wB));
#endif
}

// v recomputed from the simplex's geometry instead of its weights, after a support point along -v
// came back already in the simplex though closer along v than v itself (gjkSupportStep): then v is
// off by its own rounding. The weighted sum carries the weights' rounding times the points' size;
// on a needle-shaped simplex (one hull vertex 1e6 away, the origin near the short side) that
// tilts a short v far enough for the support along -v to land back on that far vertex, and the
// search stopped "apart by 0.069" with a small sphere's centre 1.4 inside a needle hull
// (fuzz_pairs3d; test_fuzz_regressions3d.c keeps the pose). The origin's projection onto the simplex's line
// (from its point nearest the origin) or plane (npTriangleCross3's best-conditioned normal) is
// accurate to the rounding of that nearest point instead. False when there is nothing to refine:
// a single point, a degenerate line or plane. The shape casts use it too (cast3d.c).
bool npRefineDirection3(const npSupportPoint3* s, int count, npVec3* v)
{
	int nearest = 0;
	for (int i = 1; i < count; ++i)
		if (v3LengthSq(s[i].w) < v3LengthSq(s[nearest].w))
			nearest = i;
	npVec3 p = s[nearest].w;
	if (count == 2)
	{
		npVec3 e = v3Sub(s[1].w, s[0].w);
		double ee = v3LengthSq(e);
		if (!(ee > 0.0))
			return false;
		*v = v3MulAdd(p, -v3Dot(p, e) / ee, e);
		return true;
	}
	if (count == 3)
	{
		npVec3 n = npTriangleCross3(s[0].w, s[1].w, s[2].w);
		double nn = v3LengthSq(n);
		if (!(nn > 0.0))
			return false;
		*v = v3Scale(v3Dot(p, n) / nn, n);
		return true;
	}
	return false;
}

typedef enum gjkStep
{
	GJK_STEP_NEW,       // *s is a new simplex point: go on
	GJK_STEP_EARLY,     // a separating plane farther than the stop distance
	GJK_STEP_CONVERGED, // *s is no closer along v than v: v is the closest point
	GJK_STEP_REPEATED,  // *s is already in the simplex, yet closer along v than v
} gjkStep;

// The support point of A - B along -v, and what it means for the search.
static gjkStep gjkSupportStep(const npPair3* pair, npGjkResult3* r, npVec3 v, double stopDistance,
							  npSupportPoint3* s)
{
	*s = npSupportPair3(pair, v3Neg(v));
	r->scale = np3Max(r->scale, pointScale(s));
	double vv = v3LengthSq(v), vw = v3Dot(v, s->w);
	// Every point x of A - B has x.v >= w.v: a separating plane at distance w.v / |v|.
	if (vw > 0.0 && vw * vw > stopDistance * stopDistance * vv)
		return GJK_STEP_EARLY;
	if (vv - vw <= 1.0e-14 * vv)
		return GJK_STEP_CONVERGED;
	for (int i = 0; i < r->count; ++i)
		if (r->simplex[i].indexA == s->indexA && r->simplex[i].indexB == s->indexB)
			return GJK_STEP_REPEATED;
	return GJK_STEP_NEW;
}

void npGjk3(const npPair3* pair, double stopDistance, npGjkResult3* r)
{
	npGjkFrom3(pair, stopDistance, pair->xfB.p, r);
}

void npGjkFrom3(const npPair3* pair, double stopDistance, npVec3 d, npGjkResult3* r)
{
	if (v3LengthSq(d) == 0.0)
		d = v3(1.0, 0.0, 0.0);
	r->simplex[0] = npSupportPair3(pair, d);
	r->weights[0] = 1.0;
	r->count = 1;
	r->overlap = false;
	r->early = false;
	r->scale = np3Max(pointScale(&r->simplex[0]), 1.0e-300);
	double previous = DBL_MAX;
	bool refined = false; // the no-progress retry along the refined direction was taken
	npSupportPoint3 saved[3]; // the simplex before the last support point was added, and its weights
	double savedWeights[3];
	int savedCount = 0;
	npVec3 v = r->simplex[0].w;
	int iteration = 0;
	for (; iteration < GJK3_MAX_ITERATIONS; ++iteration)
	{
		switch (r->count)
		{
			case 1: r->weights[0] = 1.0; break;
			case 2: r->count = solve2(r->simplex, r->weights); break;
			case 3: r->count = npClosestOnTriangle3(r->simplex, r->weights); break;
			default: r->count = solve4(r->simplex, r->weights); break;
		}
		if (r->count == 4)
		{
			r->overlap = true;
			break;
		}
		v = v3(0.0, 0.0, 0.0);
		for (int i = 0; i < r->count; ++i)
			v = v3MulAdd(v, r->weights[i], r->simplex[i].w);
		double vv = v3LengthSq(v);
		double tol = NP_REL_TOLERANCE3 * r->scale;
		if (vv <= tol * tol)
		{
			r->overlap = true; // the origin is on the simplex: touching
			break;
		}
		if (vv > previous && savedCount > 0)
		{
			// The new point made the closest feature farther, which exact arithmetic cannot do (the old
			// simplex is a face of the new one): the solver's rounding on a flat tetrahedron. A needle
			// hull's tetrahedron of two near-duplicate points and two 20 apart went from 1.7e-4 of the
			// origin to a segment 6.35 away, and npDistance3 answered 4.7 for a distance of 1.7e-4
			// (fuzz_meshcasts3d; test_fuzz_regressions_queries3d.c). The better simplex comes back.
			for (int i = 0; i < savedCount; ++i)
			{
				npCopySupport3(&r->simplex[i], &saved[i]);
				r->weights[i] = savedWeights[i];
			}
			r->count = savedCount;
			v = v3(0.0, 0.0, 0.0);
			for (int i = 0; i < r->count; ++i)
				v = v3MulAdd(v, r->weights[i], r->simplex[i].w);
			vv = v3LengthSq(v);
		}
		if (vv >= previous)
		{
			// No progress. Usually rounding: the simplex is as close as it gets. But v, a weighted sum
			// of the simplex's points, carries their size times the weights' rounding; on a needle
			// (points 2e7 from the origin, v 3 long) that was 1.7e-5, enough for the support point
			// along -v to be a vertex 0.03 beyond the simplex's face instead of one 0.6 nearer the
			// origin: the tetrahedron step then rightly dropped it, and npDistance3 stopped 0.57 too
			// far (fuzz_casts3d; test_fuzz_regressions_queries3d.c). Once per query, the search goes on along
			// the direction recomputed from the simplex's geometry (npRefineDirection3).
			if (refined || !npRefineDirection3(r->simplex, r->count, &v))
				break;
			refined = true;
		}
		previous = np3Min(previous, vv);

		npSupportPoint3 s;
		gjkStep step = gjkSupportStep(pair, r, v, stopDistance, &s);
		if (step == GJK_STEP_REPEATED && npRefineDirection3(r->simplex, r->count, &v))
			step = gjkSupportStep(pair, r, v, stopDistance, &s); // once: see npRefineDirection3
		if (step != GJK_STEP_NEW)
		{
			r->early = step == GJK_STEP_EARLY;
			break;
		}
		for (int i = 0; i < r->count; ++i)
		{
			npCopySupport3(&saved[i], &r->simplex[i]);
			savedWeights[i] = r->weights[i];
		}
		savedCount = r->count;
		npCopySupport3(&r->simplex[r->count], &s);
		r->weights[r->count] = 0.0;
		r->count += 1;
	}
	r->iterations = iteration;
	npVec3 pa = v3(0.0, 0.0, 0.0), pb = v3(0.0, 0.0, 0.0);
	for (int i = 0; i < r->count; ++i)
	{
		pa = v3MulAdd(pa, r->weights[i], r->simplex[i].wA);
		pb = v3MulAdd(pb, r->weights[i], r->simplex[i].wB);
	}
	r->pointA = pa;
	r->pointB = pb;
	r->distance = r->overlap ? 0.0 : v3Length(v3Sub(pb, pa));
}

// The normal of separated cores. pointB - pointA has its direction good to the closest points'
// error over the gap, and on a needle those points are good to about 1e-13 of its length only: a
// box 0.76 from a hull 3e7 long got a normal 1e-5 rad off, which put the hull's far end 335 beyond
// the reported supporting plane (fuzz_casts3d's normal check). The simplex's geometry does better
// when it is larger than the gap: on a triangle of the difference (a vertex against a face) the
// normal is the triangle's (npTriangleCross3: its rounding is relative to the area), taken when its
// height exceeds the gap; on an edge (edge against edge, or a vertex against an edge) it is the gap
// with its component along the edge removed, taken when the edge is longer than the gap. Both are
// turned toward the gap; a point simplex, or a smaller one, keeps the gap's direction.
npVec3 npSimplexNormal3(const npSupportPoint3* s, int count, npVec3 gap)
{
	return npSimplexNormalRival3(s, count, gap, NULL, false);
}

npVec3 npSimplexNormalRival3(const npSupportPoint3* s, int count, npVec3 gap, npVec3* rival, bool slivers)
{
	double gg = v3LengthSq(gap);
	if (count == 3)
	{
		npVec3 a = s[0].w, b = s[1].w, c = s[2].w;
		npVec3 n = npTriangleCross3(a, b, c);
		double longest = np3Max(v3DistanceSq(a, b), np3Max(v3DistanceSq(b, c), v3DistanceSq(c, a)));
		double side = v3Dot(n, gap), nn = v3LengthSq(n);
		// height^2 = |n|^2 / longest^2 > gap^2, written without a division; and the triangle's normal
		// within 8 degrees of the gap (cos^2 >= 0.98), as it is when the closest point lies inside the
		// triangle: a simplex GJK stopped on can be a triangle whose closest point is not inside it,
		// and its normal then stood 90 degrees off the gap (a sphere beside a needle hull 1e9 long:
		// pointA on the sphere 3.7 from pointB at a distance of 1.02; fuzz_pairs3d).
		if (nn > gg * longest && side != 0.0)
		{
			if (side * side >= 0.98 * nn * gg)
				return v3Normalize(side > 0.0 ? n : v3Neg(n));
			if (rival != NULL)
				*rival = v3Normalize(side > 0.0 ? n : v3Neg(n));
		}
		// A triangle shorter than the gap but a million times longer (a needle's edge against a box's):
		// the gap's direction is then good to about the gap over the needle's length only (4e-7 rad
		// against a needle 4.5e10 long, its far end 6,220 beyond the plane; fuzz_casts3d), while an
		// edge-against-edge triangle's normal is exact. The caller may weigh the two. With
		// `slivers` (npDistance3) so too on a sliver triangle: its closest point is good to about
		// eps * longest^3 / |n| (the longest edge over the height, times the size), and the gap's
		// direction to that over the gap: a sliver 1.6e7 long 61 from a small triangle got the gap's
		// direction 5e-6 rad off the edge pair's cross product, the sliver 81 beyond the plane
		// (fuzz_pairs3d). Offered when that error could exceed 1e-3 of the gap (longest^3 is inf for
		// huge shapes). Not for a cast's hit, whose gap is about zero and says nothing (every cast
		// would pay for the rival's support queries).
		else if (rival != NULL && side != 0.0 && nn > 0.0 &&
				 (longest > 1e12 * gg || (slivers && longest * longest * longest > 1e6 * nn * gg)))
			*rival = v3Normalize(side > 0.0 ? n : v3Neg(n));
	}
	else if (count == 2)
	{
		npVec3 e = v3Sub(s[1].w, s[0].w);
		double ee = v3LengthSq(e);
		if (ee > gg)
		{
			npVec3 m = v3MulAdd(gap, -v3Dot(gap, e) / ee, e);
			// The same agreement: the gap's part along the edge is rounding, not most of it.
			if (v3Dot(m, gap) > 0.0 && v3LengthSq(m) >= 0.98 * gg)
				return v3Normalize(m);
			if (v3Dot(m, gap) > 0.0 && rival != NULL)
				*rival = v3Normalize(m);
		}
	}
	// A gap whose square is subnormal (below ~1e-154) does not give a unit vector from 1 / |gap|
	// (fuzz_pairs3d: two spheres 2e-159 apart); v3Normalize scales it first.
	return gg < 2.2250738585072014e-308 ? v3Normalize(gap) : v3Scale(1.0 / sqrt(gg), gap);
}

static npDistanceResult3 distanceOf(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
									npTransform3 xfB)
{
	npPair3 pair;
	npMakePair3(&pair, shapeA, xfA, shapeB, xfB);
	npGjkResult3 gjk;
	npGjk3(&pair, DBL_MAX, &gjk);
	npDistanceResult3 out;
	double rA = shapeA->radius, rB = shapeB->radius;
	out.iterations = gjk.iterations;
	out.normal = v3(0.0, 0.0, 0.0);
	npVec3 pa = gjk.pointA, pb = gjk.pointB;
	if (gjk.overlap || gjk.distance == 0.0)
	{
		out.distance = 0.0;
		pb = pa;
	}
	else if (gjk.distance <= rA + rB)
	{
		// Only the roundings overlap: a point inside both, splitting the core gap by the radii.
		npVec3 n = v3Scale(1.0 / gjk.distance, v3Sub(pb, pa));
		out.distance = 0.0;
		pa = v3MulAdd(pa, gjk.distance * (rA / (rA + rB)), n);
		pb = pa;
	}
	else
	{
		// GJK's normal, or where it is doubted (needles, slivers) the better supported of it and its
		// rival, if that lies within 8 degrees of the gap: the distance's normal is the direction
		// from pointA to pointB (a rival across it belongs to a shape cast's hit, cast3d.c).
		npVec3 rival = v3(0.0, 0.0, 0.0), gap = v3Sub(pb, pa);
		npVec3 n = npSimplexNormalRival3(gjk.simplex, gjk.count, gap, &rival, true);
		double side = v3Dot(rival, gap);
		if (side > 0.0 && side * side >= 0.98 * v3LengthSq(gap))
			n = npDecideRival3(&pair, pa, pb, n, rival);
		out.distance = gjk.distance - rA - rB;
		pa = v3MulAdd(pa, rA, n);
		pb = v3MulAdd(pb, -rB, n);
		out.normal = npRotate3(xfA.q, n);
	}
	out.pointA = npTransformPoint3(xfA, pa);
	out.pointB = npTransformPoint3(xfA, pb);
	return out;
}

// Tiny pairs (tiny3d.h): shapes and offset all below 2^-100 run scaled by steps of 2^100, since GJK's
// products of four and six lengths underflowed from about 1e-80 and 1e-55 (a box of 2^-271 turned
// against a sphere answered a wrong distance; npOverlap3 missed an overlap below about 1e-80).
// Ordinary pairs pay one compare (B's offset from A below 2^-100).

NP_COLD __attribute__((noinline)) static npDistanceResult3 distanceTiny(const npShape3* shapeA, npTransform3 xfA,
																		const npShape3* shapeB, npTransform3 xfB, int up)
{
	npTinyPair3 t;
	npMakeTinyPair3(shapeA, xfA, shapeB, xfB, up, &t);
	npDistanceResult3 out = distanceOf(&t.a, t.xfA, &t.b, t.xfB);
	out.distance = npTimesPow100(out.distance, -up);
	out.pointA = npUnscaleTinyPoint3(out.pointA, up, xfA.p);
	out.pointB = npUnscaleTinyPoint3(out.pointB, up, xfA.p);
	return out;
}

npDistanceResult3 npDistance3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
							  npTransform3 xfB)
{
	int up = npPairTinyUp3(shapeA, xfA, shapeB, xfB);
	if (up > 0)
		return distanceTiny(shapeA, xfA, shapeB, xfB, up);
	return distanceOf(shapeA, xfA, shapeB, xfB);
}
