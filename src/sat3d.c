// The separating-axis search of the polyhedron manifold (Dirk Gregorius, "The Separating Axis Test
// between convex polyhedra", GDC 2013), in A's local frame with B's vertices and planes moved there
// (manifold3d.c). npFindSatAxis3 runs it:
//  1. Face axes: for each face of A the separation is the plane distance of B's deepest vertex
//     (B's support point along -normal); the same for B's faces against A's vertices.
//  2. Edge axes (satedges3d.c): only edge axes that could beat the best face are reported.
//  3. The best axis is chosen with a bias (NP_FACE_PREFERENCE3): A's face, then B's face, then an
//     edge pair, each only replacing the previous choice when it separates more by the tolerance.
//     This keeps the reference face from flipping between frames through rounding.
// Any query stops as soon as an axis separates the shapes by more than the margin.
//
// Each face query takes the shortcut the shapes' layout allows, with the general query's result:
// the same face and vertex choices, values equal up to rounding (a choice can only differ when two
// candidates tie to rounding):
//  - a box's faces are three axes with the other shape's extremes by coordinates (queryBoxFaces);
//    faces against a box take its deepest vertex in closed form (queryFacesAgainstBox); a box
//    support vertex comes from sign bits (SupportHint).
//  - two boxes: both face queries (sign bits for the support vertices) and the 9 edge axes come from
//    the entries of the relative rotation (queryBoxPairFaces, queryEdgeAxesBoxes).
//  - hulls: face queries skip faces whose separation is bounded below the best one by a point of
//    the other hull (queryFacesPruned): about 6 of 60 faces are scanned for overlapping 32-vertex
//    hulls; hulls with many vertices find support vertices by hill climbing.
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"
#include "codesize.h"

#include <float.h>
#include <stddef.h>

// ---------------------------------------------------------------------------------- face queries

// Lowest dot product of n with the other hull's vertices by hill climbing over its vertex graph
// from vertex `start`: on a convex polyhedron a vertex no neighbour improves on is the minimum.
static int climbToSupport(const npPolyhedron3* topo, const npVec3* others, int otherCount, npVec3 n, int start,
						  double* lowest)
{
	int loIndex = start;
	double lo = v3Dot(n, others[loIndex]);
	for (int step = 0; step < otherCount; ++step)
	{
		int first = topo->vertexEdge[loIndex], e = first, guard = 0, next = loIndex;
		do
		{
			int v = topo->halfEdges[topo->halfEdges[e].twin].origin;
			double s = v3Dot(n, others[v]);
			if (s < lo)
			{
				lo = s;
				next = v;
			}
			e = topo->halfEdges[topo->halfEdges[e].twin].next;
			++guard;
		} while (e != first && guard < NP_MAX_HULL_HALF_EDGES);
		if (next == loIndex)
			break;
		loIndex = next;
	}
	*lowest = lo;
	return loIndex;
}

// Largest separation of the other shape from the faces: max over faces of min over the other's
// vertices of the plane distance. Stops early once a face separates by more than q->stop.
// `climb`, when given, is the other shape's topology (hulls with many vertices: hill climbing).
FaceResult npQueryFacesOf3(const FaceQuery* q, const SupportHint* hint, const npPolyhedron3* climb)
{
	const npPlane3* planes = q->planes;
	const npVec3* others = q->others;
	FaceResult best = { -DBL_MAX, 0, 0 };
	int warm = 0;
	for (int f = 0; f < q->faces->faceCount; ++f)
	{
		npVec3 n = planes[f].normal;
		double lo;
		int loIndex;
		if (hint != NULL && hint->box)
		{
			loIndex = boxSupportIndex(hint, v3Neg(n));
			lo = v3Dot(n, others[loIndex]);
		}
		else if (climb != NULL)
			loIndex = climbToSupport(climb, others, q->otherCount, n, warm, &lo);
		else
		{
			lo = DBL_MAX;
			loIndex = 0;
			for (int i = 0; i < q->otherCount; ++i)
			{
				double s = v3Dot(n, others[i]);
				if (s < lo)
				{
					lo = s;
					loIndex = i;
				}
			}
		}
		warm = loIndex;
		double sep = lo - planes[f].offset;
		if (sep > best.separation)
		{
			best = (FaceResult){ sep, f, loIndex };
			if (sep > q->stop)
				break;
		}
	}
	return best;
}

// Lowest plane distance of the points above plane `plane` (lowest index on ties).
static double deepestAbove(const npPlane3* plane, const npVec3* pts, int count, int* index)
{
	// Written for conditional moves (the winner is unpredictable, so branches would miss).
	npVec3 n = plane->normal;
	double lo = DBL_MAX;
	int li = 0;
	for (int i = 0; i < count; ++i)
	{
		double d = v3Dot(n, pts[i]);
		bool better = d < lo;
		li = better ? i : li;
		lo = better ? d : lo;
	}
	*index = li;
	return lo - plane->offset;
}

double npDeepestAbove3(const npPlane3* plane, const npVec3* pts, int count, int* index)
{
	return deepestAbove(plane, pts, count, index);
}

/// Support vertices remembered by queryFacesPruned to bound the faces it has not measured.
#define NP_KNOWN_SUPPORTS3 6

// npQueryFacesOf3's full scan (lowest plane distance of the other shape's vertices, lowest index on
// ties), skipping faces that cannot win. Any point of the other shape bounds a face's separation
// from above (its deepest vertex is at most as far out as any of its points), so a face whose bound
// is below the best separation found so far (or below that of the face measured first) is neither
// the best face nor the first face past `stop`: scanning the rest in face order returns exactly what
// the full scan returns. The bounds come from `inner` (the other hull's centroid) less `radius`
// (the other hull's innerRadius: a ball that big about the centroid lies inside it, so its deepest
// vertex along any unit normal is at least that much deeper than the centroid; a small tolerance
// covers the rounding) and from the last few support vertices found, which for two overlapping
// 32-vertex hulls leaves about 6 of 60 faces to measure. The face with the largest bound from
// `inner` is measured first, or `warmFace` when it is a face (a contact cache's best face of the
// last frame: when it is still the best, its measurement sets the final floor at once).
static FaceResult queryFacesPruned(const FaceQuery* q, npVec3 inner, double radius, int warmFace)
{
	const npPlane3* planes = q->planes;
	const npVec3* others = q->others;
	int faceCount = q->faces->faceCount, otherCount = q->otherCount;
	double stop = q->stop;
	// bound[f]: face f's separation bound plus its share of the tolerance below (1e-9 of its
	// offset), so that the scan compares it with one number per floor.
	double bound[NP_MAX_HULL_FACES];
	int g = 0;
	for (int f = 0; f < faceCount; ++f)
	{
		bound[f] = v3Dot(planes[f].normal, inner) - planes[f].offset - radius + 1.0e-9 * fabs(planes[f].offset);
		g = bound[f] > bound[g] ? f : g;
	}
	g = warmFace >= 0 && warmFace < faceCount ? warmFace : g;
	int gv;
	double first = deepestAbove(planes + g, others, otherCount, &gv);
	// Face g alone separates the shapes: the callers only need to know that.
	if (first > stop)
		return (FaceResult){ first, g, gv };

	int known[NP_KNOWN_SUPPORTS3];
	int knownCount = 1, knownNext = 1;
	known[0] = gv;
	FaceResult best = { -DBL_MAX, 0, 0 };
	// A face is skipped when its bound is below the floor by more than 1e-9 of the sizes (the
	// floor's and the face's offset: bound[f] carries the latter), far above the rounding.
	double cut = first - 1.0e-9 * (1.0 + fabs(first));
	for (int f = 0; f < faceCount; ++f)
	{
		double sep;
		int v;
		if (f == g)
		{
			sep = first;
			v = gv;
		}
		else
		{
			double b = bound[f];
			if (!(b < cut))
			{
				double lift = 1.0e-9 * fabs(planes[f].offset);
				for (int k = 0; k < knownCount && !(b < cut); ++k)
				{
					double d = v3Dot(planes[f].normal, others[known[k]]) - planes[f].offset + lift;
					b = d < b ? d : b;
				}
			}
			if (b < cut)
				continue;
			sep = deepestAbove(planes + f, others, otherCount, &v);
			bool seen = false;
			for (int k = 0; k < knownCount; ++k)
				seen = seen || known[k] == v;
			if (!seen)
			{
				known[knownNext] = v;
				knownNext = (knownNext + 1) % NP_KNOWN_SUPPORTS3;
				knownCount = knownCount < NP_KNOWN_SUPPORTS3 ? knownCount + 1 : knownCount;
			}
		}
		if (sep > best.separation)
		{
			best = (FaceResult){ sep, f, v };
			if (sep > stop)
				break;
			double floor = sep > first ? sep : first;
			cut = floor - 1.0e-9 * (1.0 + fabs(floor));
		}
	}
	return best;
}

// A box's faces (the box in its own frame, which is the common frame) against a point set. The
// normals are the axes, so face +k separates by min_k - h_k and face -k by -max_k - h_k, with min_k
// and max_k the extremes of the points' k coordinates: one pass over the points for all six faces.
// Same separations, ties (lowest face, lowest vertex) and early stop as npQueryFacesOf3. (Against
// another box no pass is needed at all: queryBoxPairFaces.)
FaceResult npQueryBoxFaces3(npVec3 h, const npVec3* pts, int count, double stop)
{
	double sep[6];
	int lo[3] = { 0, 0, 0 }, hi[3] = { 0, 0, 0 };
	for (int i = 1; i < count; ++i)
	{
		npVec3 p = pts[i];
		lo[0] = p.x < pts[lo[0]].x ? i : lo[0];
		hi[0] = p.x > pts[hi[0]].x ? i : hi[0];
		lo[1] = p.y < pts[lo[1]].y ? i : lo[1];
		hi[1] = p.y > pts[hi[1]].y ? i : hi[1];
		lo[2] = p.z < pts[lo[2]].z ? i : lo[2];
		hi[2] = p.z > pts[hi[2]].z ? i : hi[2];
	}

	// Faces in the view's order: -x, +x, -y, +y, -z, +z.
	sep[0] = -pts[hi[0]].x - h.x;
	sep[1] = pts[lo[0]].x - h.x;
	sep[2] = -pts[hi[1]].y - h.y;
	sep[3] = pts[lo[1]].y - h.y;
	sep[4] = -pts[hi[2]].z - h.z;
	sep[5] = pts[lo[2]].z - h.z;
	double best = sep[0];
	int f = 0;
	for (int g = 1; g < 6 && !(best > stop); ++g)
		if (sep[g] > best)
		{
			best = sep[g];
			f = g;
		}
	return (FaceResult){ best, f, (f & 1) ? lo[f >> 1] : hi[f >> 1] };
}

// Faces (planes in a box's frame) against that box: the box's deepest vertex along -n has -h_k
// where n_k > 0, so its plane distance is -(|n_x| h_x + |n_y| h_y + |n_z| h_z), the dot product
// rounded the same way, and its index has bit k set where n_k < 0. Same results as npQueryFacesOf3.
static FaceResult queryFacesAgainstBox(const npPlane3* planes, int faceCount, npVec3 h, double stop)
{
	double best = -DBL_MAX;
	int bestIndex = 0;
	for (int f = 0; f < faceCount; ++f)
	{
		npVec3 n = planes[f].normal;
		double sep = -(fabs(n.x) * h.x + fabs(n.y) * h.y + fabs(n.z) * h.z) - planes[f].offset;
		if (sep > best)
		{
			best = sep;
			bestIndex = f;
			if (sep > stop)
				break;
		}
	}
	npVec3 n = planes[bestIndex].normal;
	return (FaceResult){ best, bestIndex, (n.x < 0.0 ? 1 : 0) | (n.y < 0.0 ? 2 : 0) | (n.z < 0.0 ? 4 : 0) };
}

// ---------------------------------------------------------------------------------- two boxes

// Both face queries of two boxes at once, from the relative rotation (column j: B's axis j in A's
// frame, R_kj its entry k) and B's centre c: npQueryBoxFaces3 with a box hint and
// queryFacesAgainstBox with pairs, on shared entries. fabs(h R) is h |R| exactly for h > 0, so the
// separations, ties, early stops and support vertices are theirs bit for bit:
//   A's face 2k / 2k+1:  -(r_k + c_k) - hA_k / (c_k - r_k) - hA_k,  r_k = sum_j hB_j |R_kj|
//   B's face 2j / 2j+1:  -s_j - (hB_j - d_j) / -s_j - (hB_j + d_j),  s_j = sum_k hA_k |R_kj|,
//                        d_j = column j . c
// Scalars only (no arrays indexed at run time): in wasm an indexed local array lives in linear
// memory, and every entry becomes a load.

// Picks the better of two candidate faces in npQueryBoxFaces3's order: `sep` replaces *best when
// larger, unless *best already passed `stop` (the scan stopped there).
static inline void betterFace(double sep, int face, double stop, double* best, int* bestFace)
{
	bool take = !(*best > stop) && sep > *best;
	*best = take ? sep : *best;
	*bestFace = take ? face : *bestFace;
}

// Support vertex bits of a direction given by its three coordinates: bit k where coordinate k > 0.
static inline int positiveBits(double x, double y, double z)
{
	return (x > 0.0 ? 1 : 0) | (y > 0.0 ? 2 : 0) | (z > 0.0 ? 4 : 0);
}

// Returns false, with only faceA's separation written, when A's faces already separate by more than
// `stop`.
// (Inlined into queryFaces as it was before the warm box routine shared it: npQueryBoxPairFaces3.)
__attribute__((always_inline)) static inline bool queryBoxPairFaces(const SatPair* w, double stop, FaceResult* faceA,
																   FaceResult* faceB)
{
	const npVec3 X = w->rot.cx, Y = w->rot.cy, Z = w->rot.cz;
	const npVec3 c = w->rel.p, hA = w->shapeA->halfExtents, hB = w->shapeB->halfExtents;
	const npVec3 aX = v3(fabs(X.x), fabs(X.y), fabs(X.z)), aY = v3(fabs(Y.x), fabs(Y.y), fabs(Y.z)),
				 aZ = v3(fabs(Z.x), fabs(Z.y), fabs(Z.z));
	double r0 = hB.x * aX.x + hB.y * aY.x + hB.z * aZ.x;
	double r1 = hB.x * aX.y + hB.y * aY.y + hB.z * aZ.y;
	double r2 = hB.x * aX.z + hB.y * aY.z + hB.z * aZ.z;
	double best = -(r0 + c.x) - hA.x;
	int f = 0;
	betterFace((c.x - r0) - hA.x, 1, stop, &best, &f);
	betterFace(-(r1 + c.y) - hA.y, 2, stop, &best, &f);
	betterFace((c.y - r1) - hA.y, 3, stop, &best, &f);
	betterFace(-(r2 + c.z) - hA.z, 4, stop, &best, &f);
	betterFace((c.z - r2) - hA.z, 5, stop, &best, &f);
	faceA->separation = best;
	if (best > stop)
		return false;
	faceA->face = f;
	// Face -k of A wants B's vertex with the largest k coordinate (bits where row k of the rotation
	// is positive), face +k the smallest.
	double s = (f & 1) ? -1.0 : 1.0;
	int k = f >> 1;
	double rx = k == 0 ? X.x : (k == 1 ? X.y : X.z), ry = k == 0 ? Y.x : (k == 1 ? Y.y : Y.z),
		   rz = k == 0 ? Z.x : (k == 1 ? Z.y : Z.z);
	faceA->vertex = positiveBits(s * rx, s * ry, s * rz);

	double s0 = -(aX.x * hA.x + aX.y * hA.y + aX.z * hA.z);
	double s1 = -(aY.x * hA.x + aY.y * hA.y + aY.z * hA.z);
	double s2 = -(aZ.x * hA.x + aZ.y * hA.y + aZ.z * hA.z);
	double d0 = v3Dot(X, c), d1 = v3Dot(Y, c), d2 = v3Dot(Z, c);
	best = -DBL_MAX;
	f = 0;
	betterFace(s0 - (hB.x - d0), 0, stop, &best, &f);
	betterFace(s0 - (hB.x + d0), 1, stop, &best, &f);
	betterFace(s1 - (hB.y - d1), 2, stop, &best, &f);
	betterFace(s1 - (hB.y + d1), 3, stop, &best, &f);
	betterFace(s2 - (hB.z - d2), 4, stop, &best, &f);
	betterFace(s2 - (hB.z + d2), 5, stop, &best, &f);
	faceB->separation = best;
	faceB->face = f;
	// Face 2j's normal is -column j, face 2j+1's +column j: A's deepest vertex has bit k set where
	// that normal is negative.
	int j = f >> 1;
	npVec3 col = j == 0 ? X : (j == 1 ? Y : Z);
	faceB->vertex = (f & 1) ? positiveBits(-col.x, -col.y, -col.z) : positiveBits(col.x, col.y, col.z);
	return true;
}

// The edge-direction search (npQueryEdgeAxes3) for two boxes, without projecting: the axis a_i x b_j
// (A's axis i, B's axis j, column j of B's rotation R into A's frame) and the projections of both
// boxes and of B's centre c onto it are closed forms in the entries of R (Gottschalk's OBB overlap
// test), with (i, i1, i2) and (j, j1, j2) cyclic:
//   c . L = c_i2 R_i1j - c_i1 R_i2j,  radius of A = hA_i1 |R_i2j| + hA_i2 |R_i1j|,
//   radius of B = hB_j1 |R_ij2| + hB_j2 |R_ij1|,  |L|^2 = R_i1j^2 + R_i2j^2 (exactly the cross product's).
// The separation |c . L| - radii is compared with the best unnormalised; only the winner's axis is
// normalised (as npQueryEdgeAxes3 does, so the supporting edges come out the same).
typedef struct BoxEdgeTable
{
	double R[3][3], absR[3][3];
	double c[3], a[3], b[3]; // B's centre, A's and B's half extents
} BoxEdgeTable;

typedef struct BoxEdgeBest
{
	double separation, lenSq, sign;
	int gi, gj;
} BoxEdgeBest;

static inline void tryBoxEdgeAxis(const BoxEdgeTable* t, int i, int j, BoxEdgeBest* best)
{
	int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
	double lenSq = t->R[i1][j] * t->R[i1][j] + t->R[i2][j] * t->R[i2][j];
	if (lenSq <= 1.0e-12)
		return;
	double s = t->c[i2] * t->R[i1][j] - t->c[i1] * t->R[i2][j];
	double radii = t->a[i1] * t->absR[i2][j] + t->a[i2] * t->absR[i1][j] + t->b[j1] * t->absR[i][j2] +
				   t->b[j2] * t->absR[i][j1];
	double len = sqrt(lenSq);
	double num = fabs(s) - radii;
	if (num > best->separation * len)
		*best = (BoxEdgeBest){ num / len, lenSq, s >= 0.0 ? 1.0 : -1.0, i, j };
}

static DirectionPair queryEdgeAxesBoxes(const SatPair* w, double floor)
{
	const npMat3* rot = &w->rot;
	const npVec3 center = w->rel.p, hA = w->shapeA->halfExtents, hB = w->shapeB->halfExtents;
	const BoxEdgeTable t = {
		{ { rot->cx.x, rot->cy.x, rot->cz.x }, { rot->cx.y, rot->cy.y, rot->cz.y }, { rot->cx.z, rot->cy.z, rot->cz.z } },
		{ { fabs(rot->cx.x), fabs(rot->cy.x), fabs(rot->cz.x) },
		  { fabs(rot->cx.y), fabs(rot->cy.y), fabs(rot->cz.y) },
		  { fabs(rot->cx.z), fabs(rot->cy.z), fabs(rot->cz.z) } },
		{ center.x, center.y, center.z },
		{ hA.x, hA.y, hA.z },
		{ hB.x, hB.y, hB.z },
	};
	BoxEdgeBest best = { floor, 1.0, 1.0, -1, -1 };
	// Written out (constant indices) so the entries stay in registers; same order as npQueryEdgeAxes3.
	tryBoxEdgeAxis(&t, 0, 0, &best);
	tryBoxEdgeAxis(&t, 0, 1, &best);
	tryBoxEdgeAxis(&t, 0, 2, &best);
	tryBoxEdgeAxis(&t, 1, 0, &best);
	tryBoxEdgeAxis(&t, 1, 1, &best);
	tryBoxEdgeAxis(&t, 1, 2, &best);
	tryBoxEdgeAxis(&t, 2, 0, &best);
	tryBoxEdgeAxis(&t, 2, 1, &best);
	tryBoxEdgeAxis(&t, 2, 2, &best);

	DirectionPair out = { best.separation, best.gi, best.gj, v3(0.0, 0.0, 0.0) };
	if (best.gi >= 0)
	{
		const npVec3 unit[3] = { { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 }, { 0.0, 0.0, 1.0 } };
		const npVec3 col[3] = { rot->cx, rot->cy, rot->cz };
		npVec3 axis = v3Scale(1.0 / sqrt(best.lenSq), v3Cross(unit[best.gi], col[best.gj]));
		out.axis = best.sign > 0.0 ? axis : v3Neg(axis);
	}
	return out;
}

bool npQueryBoxPairFaces3(const SatPair* w, double stop, FaceResult* faceA, FaceResult* faceB)
{
	return queryBoxPairFaces(w, stop, faceA, faceB);
}

// ---------------------------------------------------------------------------------- the search

// Hill climbing pays off on hulls with many vertices (a hull's vertex graph has vertexEdge).
static const npPolyhedron3* climbable(const npShape3* shape, const npPolyhedron3* p)
{
	return shape->type == NP_SHAPE_HULL3 && p->vertexCount > 48 ? p : NULL;
}

// Both face queries, each by the cheapest route the shapes allow. False when a face separates the
// shapes by more than the margin. `warm` (may be NULL): last frame's best faces, measured first.
static bool queryFaces(SatPair* w, double margin, const npSatCache3* warm, FaceResult* faceA, FaceResult* faceB)
{
	const npShape3* polyA = w->shapeA;
	const npShape3* polyB = w->shapeB;
	if (w->boxA && w->boxB)
		return queryBoxPairFaces(w, margin, faceA, faceB) && !(faceB->separation > margin);

	const npPolyhedron3* climbB = climbable(polyB, &w->b);
	const npPolyhedron3* climbA = climbable(polyA, &w->a);
	const FaceQuery ofA = { &w->a, w->a.planes, w->bv, w->b.vertexCount, margin };
	if (w->boxA && climbB == NULL)
		*faceA = npQueryBoxFaces3(polyA->halfExtents, w->bv, w->b.vertexCount, margin);
	else if (!w->boxB && climbB == NULL && w->b.vertexCount > 8 && polyB->type == NP_SHAPE_HULL3)
		*faceA = queryFacesPruned(&ofA, v3Add(npMat3Mul(&w->rot, polyB->hull->centroid), w->rel.p),
								  polyB->hull->innerRadius, warm != NULL ? warm->faceA : -1);
	else
		*faceA = npQueryFacesOf3(&ofA, &w->hintB, climbB);
	if (faceA->separation > margin)
		return false;

	const FaceQuery ofB = { &w->b, w->bp, w->a.vertices, w->a.vertexCount, margin };
	if (w->boxA)
		*faceB = queryFacesAgainstBox(w->bp, w->b.faceCount, polyA->halfExtents, margin);
	else if (climbA == NULL && w->a.vertexCount > 8 && polyA->type == NP_SHAPE_HULL3)
		*faceB = queryFacesPruned(&ofB, polyA->hull->centroid, polyA->hull->innerRadius,
								  warm != NULL ? warm->faceB : -1);
	else
		*faceB = npQueryFacesOf3(&ofB, &w->hintA, climbA);
	return !(faceB->separation > margin);
}

// The edge query by direction groups for shapes with few edge directions (boxes, triangles,
// prisms): true when it applies, with the result in *out.
static bool queryEdgesByDirection(SatPair* w, double floor, EdgeResult* out, bool* unsupported)
{
	EdgeDirections a, b;
	a.box = w->boxA;
	b.box = w->boxB;
	a.count = w->boxA ? 3 : (w->a.halfEdgeCount / 2 <= NP_FEW_EDGES3 ? npDirectionGroups3(&w->a, &a) : -1);
	b.count = a.count < 0 ? -1
						  : (w->boxB ? 3 : (w->b.halfEdgeCount / 2 <= NP_FEW_EDGES3 ? npDirectionGroups3(&w->b, &b) : -1));
	if (!(a.count > 0 && b.count > 0))
		return false;

	DirectionPair best;
	if (w->boxA && w->boxB)
		best = queryEdgeAxesBoxes(w, floor);
	else
	{
		if (w->boxA)
			npDirectionGroups3(&w->a, &a);
		if (w->boxB)
			npDirectionGroups3(&w->b, &b);
		// B's directions were grouped in B's frame (exact); move them to A's.
		for (int k = 0; k < b.count; ++k)
			b.dirs[k] = npMat3Mul(&w->rot, b.dirs[k]);
		best = npQueryEdgeAxes3(w, &a, &b, floor);
	}
	*out = (EdgeResult){ best.separation, -1, -1 };
	bool supports = true;
	if (best.groupA >= 0)
		*out = npSupportingEdges3(w, &a, &b, &best, &supports);
	*unsupported = !supports;
	return true;
}

// The edge query that suits the pair. Fills *gap when it measured the shapes' distance (apart: farther
// apart than the margin).
static EdgeResult queryEdgeAxis(SatPair* w, npVec3 centroidA, double floor, double margin, EdgeQueryGap* gap)
{
	EdgeResult edge;
	gap->apart = false;
	gap->measured = false;
	if (queryEdgesByDirection(w, floor, &edge, &gap->unsupported))
		return edge;
	bool solids = !w->a.flat && !w->b.flat;
	if (solids && (w->a.halfEdgeCount / 2) * (w->b.halfEdgeCount / 2) > NP_SAT_EDGE_PAIRS3)
		return npQueryEdgesGuided3(w, centroidA, floor, margin, gap);
	gap->byArcs = true;
	if (solids && w->b.faceCount <= 64)
		return npQueryEdgesSolid3(w, centroidA, floor);
	return npQueryEdges3(w, centroidA, floor);
}

// An edge pair is an axis only when its edges build a face of A - B, which the Gauss-map test
// decides from the faces beside each edge; its separation is then read from the edges' points.
// Beside a knife edge of a solid (two faces within 2e-11 rad of opposite: a thin fin of a hull
// built from near-duplicate points) the test's cross products are rounding, a pair can pass it
// without building a face, and the separation read from its points means nothing: two hulls
// overlapping by 1.67 were "apart by 28" and got no contacts (fuzz_pairs3d). So an edge axis that
// says the shapes are apart is measured again by scans of both shapes' vertices along it; true when
// the two agree within rounding (1e-9 of the coordinates involved). A needle hull's face planes can
// mislead the arc test too (a box "apart by 8.6" from a needle 1e6 long it overlapped by 9.59, both
// arcs well conditioned): a test of the arcs' conditioning is not enough, and a hill climb from the
// edges' vertices missed one, so every such claim of a pair with a hull is scanned. Boxes and
// triangles have exact planes and skip it (scanning them too cost a box on a triangle mesh 7 %).
// An edge axis that wins over the faces is scanned too when the arc test chose it (hulls with few
// edges; large ones take their pair from EPA's normal, npQueryEdgesGuided3, and skip it: scanning
// hulls rolling on each other edge to edge cost 3-5 %): two hulls reaching 1e12, their faces on
// one plane x = 1e12 (normals +x exactly, whose arcs touch antipodes), passed a pair "touching"
// where the faces said 7e11 deep, and the contact had depth 0 along an axis they overlap 2e12 along
// (fuzz_pairs3d). fuzz_pairs3d checks that no contact is deeper than the shapes' overlap along its
// normal, and that normal the best axis.
static bool edgeAxisHolds(const SatPair* w, const EdgeResult* e)
{
	npVec3 pA = edgeStart(&w->a, w->a.vertices, e->edgeA), qA = edgeEnd(&w->a, w->a.vertices, e->edgeA);
	npVec3 pB = edgeStart(&w->b, w->bv, e->edgeB), qB = edgeEnd(&w->b, w->bv, e->edgeB);
	npVec3 axis = v3Cross(v3Sub(qA, pA), v3Sub(qB, pB));
	double lenSq = v3LengthSq(axis);
	if (!(lenSq > 0.0))
		return true; // parallel to rounding: the face queries' planes cover it (tryEdgePair's rule)
	axis = v3Scale(1.0 / sqrt(lenSq), axis);
	double loA = DBL_MAX, hiA = -DBL_MAX, loB = DBL_MAX, hiB = -DBL_MAX, size = fabs(e->separation);
	npScanInterval3(w->a.vertices, w->a.vertexCount, axis, &loA, &hiA, &size);
	npScanInterval3(w->bv, w->b.vertexCount, axis, &loB, &hiB, &size);
	// Either way along the axis (flat shapes' edge axes are oriented by their arcs, not by A's centroid).
	double tol = 1.0e-9 * size;
	return fabs((loB - hiA) - e->separation) <= tol || fabs((loA - hiB) - e->separation) <= tol;
}

// The best edge axis by vertex scans, for a pair whose Gauss-map edge search was found wrong
// (edgeAxisHolds): every pair of an edge of A and an edge of B, both senses of their cross product,
// each measured by the shapes' extremes along it (the separation is the smaller of the two gaps'
// complements: loB - hiA one way, loA - hiB the other). Every such axis is a valid separating-axis
// candidate, so the largest is what the arc test should have found: hulls with a knife edge
// overlapping by 1.67 took a face 1.83 deep once the false pair was dropped (fuzz_pairs3d). Reported
// only when it beats `floor`; work bounded (E_A E_B (V_A + V_B) up to 4e6, else nothing is reported).
NP_COLD __attribute__((noinline)) static EdgeResult scanEdgeAxes(const SatPair* w, double floor)
{
	EdgeResult best = { floor, -1, -1 };
	int edgesA = w->a.halfEdgeCount / 2, edgesB = w->b.halfEdgeCount / 2;
	if ((double)edgesA * edgesB * (w->a.vertexCount + w->b.vertexCount) > 4.0e6)
		return best;
	for (int i = 0; i < edgesA; ++i)
	{
		npVec3 ea = v3Sub(edgeEnd(&w->a, w->a.vertices, i), edgeStart(&w->a, w->a.vertices, i));
		for (int j = 0; j < edgesB; ++j)
		{
			npVec3 eb = v3Sub(edgeEnd(&w->b, w->bv, j), edgeStart(&w->b, w->bv, j));
			npVec3 axis = v3Cross(ea, eb);
			double lenSq = v3LengthSq(axis);
			if (lenSq <= 1.0e-12 * v3LengthSq(ea) * v3LengthSq(eb))
				continue; // parallel: their plane is a face axis (tryEdgePair's rule)
			axis = v3Scale(1.0 / sqrt(lenSq), axis);
			double loA, hiA, loB, hiB;
			npProjectOnAxis3(w->a.vertices, w->a.vertexCount, &w->hintA, axis, &loA, &hiA);
			npProjectOnAxis3(w->bv, w->b.vertexCount, &w->hintB, axis, &loB, &hiB);
			double separation = np3Max(loB - hiA, loA - hiB);
			if (separation > best.separation)
				best = (EdgeResult){ separation, i, j };
		}
	}
	return best;
}

// The guided edge query (large solids) names no edge pair for separated shapes, so the faces
// decide, and where an edge axis separates them the best face can claim an overlap: two hulls 1.6
// apart, within the margin, got a speculative contact 0.62 deep (fuzz_pairs3d). When a face claims
// an overlap deeper than the preference while GJK measured a gap, the contact is taken at GJK's
// closest points instead (choice 3). A warm search that skipped the edges proved that no edge axis
// beats the faces by the preference, which rules out such a gap, so warm and cold agree.
NP_COLD __attribute__((noinline)) static void useClosestPoints(const SatPair* w, const npDistanceResult3* d, SatAxis* out)
{
	out->choice = 3;
	out->closestA = npInvTransformPoint3(*w->xfA, d->pointA);
	out->closestB = npInvTransformPoint3(*w->xfA, d->pointB);
	out->closestNormal = npInvRotate3(w->xfA->q, d->normal);
}

// Two flat shapes in one plane: their separating axes there are the in-plane normals of their
// edges, which are neither face normals nor cross products of edges (those are all normal to the
// plane), so the search sees them touching wherever they lie in the plane: two triangles 4 apart got
// a contact. When both are flat and the best axis found separates them by about nothing, GJK
// measures them: apart by more than the margin, no contact (false); apart within it, the contact is
// at the closest points.
NP_COLD __attribute__((noinline)) static bool coplanarCheck(const SatPair* w, double best, double margin, SatAxis* out)
{
	double size = 0.0;
	for (int i = 0; i < w->a.vertexCount; ++i)
		size = np3Max(size, v3MaxAbs(w->a.vertices[i]));
	for (int i = 0; i < w->b.vertexCount; ++i)
		size = np3Max(size, v3MaxAbs(w->bv[i]));
	double tol = 1.0e-9 * size;
	double thick = npSlabThickness3(w->a.planes) + npSlabThickness3(w->bp);
	if (!(best > -(tol + thick) && best <= tol))
		return true;
	npDistanceResult3 d = npDistance3(w->shapeA, *w->xfA, w->shapeB, *w->xfB);
	if (d.distance > margin)
		return false;
	if (d.distance > tol)
		useClosestPoints(w, &d, out);
	return true;
}

bool npFindSatAxis3(SatPair* w, double margin, SatAxis* out)
{
	return npFindSatAxisWarm3(w, margin, NULL, out);
}

bool npFindSatAxisWarm3(SatPair* w, double margin, const npSatCache3* warm, SatAxis* out)
{
	out->edgesSkipped = false;
	if (!queryFaces(w, margin, warm, &out->faceA, &out->faceB))
		return false;
	double sepA = out->faceA.separation, sepB = out->faceB.separation;

	// A box's centroid is its origin (the vertex sum cancels exactly).
	out->centroidA = w->boxA ? v3(0.0, 0.0, 0.0) : centroidOf(&w->a, w->a.vertices);
	double faceBest = (sepB > sepA + NP_FACE_PREFERENCE3 ? sepB : sepA) + NP_FACE_PREFERENCE3;
	double floor = faceBest < margin ? faceBest : margin;
	EdgeQueryGap gap; // distance written only when measured
	gap.apart = gap.measured = gap.byArcs = gap.shortOfDepth = gap.unsupported = false;
	// Warm: skip the edge search when no edge axis can beat the floor (then every edge query reports
	// no pair, and the shapes overlap, so none reports them apart either).
	// (Two boxes take the proof in closed form: their 9 edge axes cost more.)
	out->edgesSkipped = warm != NULL && (w->boxA && w->boxB ? npNoEdgeAxisWinsBoxes3(w, out, floor)
														   : npNoEdgeAxisWins3(w, out, floor));
	if (out->edgesSkipped)
		out->edge = (EdgeResult){ floor, -1, -1 };
	else
		out->edge = queryEdgeAxis(w, out->centroidA, floor, margin, &gap);
	// Biased choice: A's face, then B's face, then the edge pair.
	out->choice = 0;
	double sep = sepA;
	if (sepB > sep + NP_FACE_PREFERENCE3)
	{
		out->choice = 1;
		sep = sepB;
	}
	bool edgeSaysApart = out->edge.edgeA >= 0 && out->edge.separation > margin;
	bool edgeWins = out->edge.edgeA >= 0 && out->edge.separation > sep + NP_FACE_PREFERENCE3;
	bool hulls = w->shapeA->type == NP_SHAPE_HULL3 || w->shapeB->type == NP_SHAPE_HULL3;
	// The direction query's edges need not be the extremes (npSupportingEdges3): the contact then
	// takes them by scans, as for an axis found by scans.
	out->edgeScanned = gap.unsupported && out->edge.edgeA >= 0;
	// A hull whose face planes miss their own corners (npHull3.loosePlanes: quickhull left a folded
	// sliver face, a plane held 0.53 above its corners on a hull 60 across) has a Gauss map that folds
	// over there, and the arc test passes edge pairs that build no face of A - B: a pair of such hulls
	// overlapping by 20.9 took an edge axis "6.0 deep" as the reference, 26.5 deep in truth
	// (fuzz_pairs3d). The edge axes that decide for such a hull are checked by vertex scans.
	bool checkWin = (gap.byArcs && hulls) || npLooseHull3(w->shapeA) || npLooseHull3(w->shapeB);
	// The guided query's pair falling short of EPA's axis (which beats the faces) is found wrong too.
	if ((((edgeSaysApart && hulls) || (edgeWins && checkWin)) && !edgeAxisHolds(w, &out->edge)) || gap.shortOfDepth)
	{
		// No face of A - B: the best edge axis by scans, if one beats the faces.
		out->edge = scanEdgeAxes(w, floor);
		out->edgeScanned = out->edge.edgeA >= 0;
	}
	if (gap.apart || (out->edge.edgeA >= 0 && out->edge.separation > margin))
		return false;
	if (out->edge.edgeA >= 0 && out->edge.separation > sep + NP_FACE_PREFERENCE3)
		out->choice = 2;
	else if (gap.measured && sep < -NP_FACE_PREFERENCE3)
		useClosestPoints(w, &gap.distance, out);
	if (w->a.flat && w->b.flat && out->choice != 3)
		return coplanarCheck(w, out->choice == 2 ? out->edge.separation : sep, margin, out);
	return true;
}
