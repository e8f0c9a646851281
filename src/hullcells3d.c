// Hull support cells: a lookup table that answers most hull support queries from a short list.
//
// A support query (the vertex farthest along d) is the inner loop of GJK and EPA; a scan of every
// vertex costs V dot products. Directions are binned here by the cube face they pass through
// (the axis of d's largest magnitude and its sign) and by where they cross it: with a the major
// axis, u = d[a+1] / |d[a]| and v = d[a+2] / |d[a]| lie in [-1, 1], and the face is split into
// NP_HULL_CELL_RES x NP_HULL_CELL_RES cells of (u, v). A cell's directions form the convex cone
// spanned by its four corner directions (s, u0, v0) ... (s, u1, v1) (components in axis order
// a, a+1, a+2). Each cell keeps the vertices that can be a support somewhere in it: vertex p is
// dropped when one vertex w beats it at all four corners by a margin, (w - p) . c > tol; then w
// beats p on the whole cone (a positive combination of the corners), by more than the rounding of
// the dot products, so p is never the largest, nor tied with it, when a query computes them. The
// vertices that can win stay listed in increasing index order, so scanning the list with the
// query's own arithmetic gives exactly the vertex a full scan gives (the lowest index with the
// largest dot product), bit for bit. The lookup compares a direction with the cell borders
// exactly, so the cells need no widening. The testers w are the supports at
// the four corners and the centre of the cell: the test is sufficient, not exhaustive (a vertex
// beaten everywhere in the cell but by different vertices stays listed, which costs time, not
// correctness). A cell whose list would be long, or that finds the capacity used up, is marked 0:
// such queries scan every vertex. A cell is one 8-byte record (npHullCell3) with its first four
// candidates, which answers most queries with one read; longer lists continue in cellMore.
#include "hull3d_private.h"
#include "polyhedron3d.h"
#include "codesize.h"

#include <float.h>

NP_COLD_FILE_BEGIN // shape creation: compiled for size in the wasm (codesize.h)

// Direction (in axis order x, y, z) through point (u, v) of cube face f = 2 * axis + (negative):
// components a, a+1, a+2 (mod 3) are +-1, u, v. (Written out per axis: clang 14's wasm code for
// the same thing with stores into an array indexed by a mixed up the corners of one cell.)
static npVec3 cellDirection(int face, double u, double v)
{
	double s = (face & 1) ? -1.0 : 1.0;
	switch (face >> 1)
	{
		case 0: return v3(s, u, v);
		case 1: return v3(v, s, u);
		default: return v3(u, v, s);
	}
}

// Dot products of every vertex with the corner directions of one row of cell corners
// (NP_HULL_CELL_RES + 1 of them), and the vertex with the largest one at each corner.
typedef struct cornerRow
{
	double dot[NP_HULL_CELL_RES + 1][NP_MAX_HULL_VERTICES];
	int best[NP_HULL_CELL_RES + 1];
} cornerRow;

static void fillCornerRow(const npHull3* hull, int face, int row, cornerRow* out)
{
	const double step = 2.0 / NP_HULL_CELL_RES;
	for (int i = 0; i <= NP_HULL_CELL_RES; ++i)
	{
		npVec3 c = cellDirection(face, -1.0 + step * i, -1.0 + step * row);
		double* dot = out->dot[i];
		int best = 0;
		for (int p = 0; p < hull->vertexCount; ++p)
		{
			dot[p] = v3Dot(hull->vertices[p], c);
			best = dot[p] > dot[best] ? p : best;
		}
		out->best[i] = best;
	}
}

// Where column (or row) k of a cube face, k = 0..7 from u = -1 to u = 1, is stored: by u's sign and
// the number c of the borders m/4, m/2, 3m/4 that |u| reaches, at 4 * sign + c, which is what the
// lookup (npPolyhedronSupportXYZ3) computes: columns 4..7 (u >= 0) at 0..3, columns 3..0 at 4..7.
static int cellSlot(int k) { return k >= 4 ? k - 4 : 7 - k; }

// The vertices of one cell that no tester beats at all four corners by more than tol (see the top
// of the file), into `list` in increasing index order; corner[k][p] is vertex p's dot product with
// corner k. Returns their number.
static int cellCandidates(int n, const double* const corner[4], const int* tester, int testers, double tol,
						  uint8_t* list)
{
	// Every vertex is written to the list and kept unless beaten: no branch on the outcomes, which
	// are unpredictable and come for every vertex of every cell.
	int count = 0;
	for (int p = 0; p < n; ++p)
	{
		int beaten = 0;
		for (int t = 0; t < testers; ++t)
		{
			int w = tester[t];
			beaten |= (corner[0][w] - corner[0][p] > tol) & (corner[1][w] - corner[1][p] > tol) &
					  (corner[2][w] - corner[2][p] > tol) & (corner[3][w] - corner[3][p] > tol);
		}
		list[count] = (uint8_t)p;
		count += 1 - beaten;
	}
	return count;
}

void npHullSupportCells3(npHull3* hull)
{
	const int n = hull->vertexCount;
	const npVec3* vert = hull->vertices;
	double scale = 0.0;
	for (int i = 0; i < n; ++i)
		scale = np3Max(scale, v3MaxAbs(vert[i]));
	// Margin of the domination test: far above the rounding of a dot product of a vertex with a
	// direction of length <= sqrt(3) (about 4e-16 scale), far below any real difference that
	// matters for a support point. The cells are closed and the lookup places a direction exactly
	// (see npPolyhedronSupportXYZ3), so they need no widening.
	const double tol = 1.0e-12 * scale;
	const double step = 2.0 / NP_HULL_CELL_RES;
	// Lists longer than this are not worth it: a full scan is as fast.
	const int longest = n / 3 > 4 ? n / 3 : 4;
	int used = 0;
	// Two rows of corners, the lower and the upper border of a row of cells (swapped as the rows
	// advance): each corner's dot products are computed once and shared by the four cells around it.
	// (About 37 KB of stack.)
	cornerRow rows[2];
	uint8_t list[NP_MAX_HULL_VERTICES];
	for (int face = 0; face < 6; ++face)
	{
		cornerRow* lower = &rows[0];
		cornerRow* upper = &rows[1];
		fillCornerRow(hull, face, 0, lower);
		for (int j = 0; j < NP_HULL_CELL_RES; ++j)
		{
			fillCornerRow(hull, face, j + 1, upper);
			for (int i = 0; i < NP_HULL_CELL_RES; ++i)
			{
				int row = cellSlot(j), column = cellSlot(i);
				int cell = (face * NP_HULL_CELL_RES + row) * NP_HULL_CELL_RES + column;
				const double* corner[4] = { lower->dot[i], lower->dot[i + 1], upper->dot[i], upper->dot[i + 1] };
				// Testers: the supports at the four corners and at the centre, each listed once.
				int tester[5] = { lower->best[i], lower->best[i + 1], upper->best[i], upper->best[i + 1],
								  npSupportScan3(vert, n, cellDirection(face, -1.0 + step * (i + 0.5), -1.0 + step * (j + 0.5))) };
				int testers = 0;
				for (int k = 0; k < 5; ++k)
				{
					bool seen = false;
					for (int m = 0; m < testers; ++m)
						seen = seen || tester[m] == tester[k];
					if (!seen)
						tester[testers++] = tester[k];
				}
				int count = cellCandidates(n, corner, tester, testers, tol, list);

				// The first four candidates go in the cell itself (a shorter list repeats its last
				// vertex, which changes no answer: the lookup always reads four), the rest to
				// cellMore. Long lists, or no room left, leave the cell to the full scan.
				npHullCell3* c = &hull->cells[cell];
				int extra = count > 4 ? count - 4 : 0;
				if (count == 0 || count > longest || used + extra > (int)sizeof hull->cellMore)
					count = 0;
				else
				{
					for (int k = 0; k < 4; ++k)
						c->first[k] = list[k < count ? k : count - 1];
					for (int k = 0; k < extra; ++k)
						hull->cellMore[used + k] = list[4 + k];
					c->more = (uint16_t)used;
					used += extra;
				}
				c->count = (uint16_t)count;
			}
			cornerRow* t = lower;
			lower = upper;
			upper = t;
		}
	}
}

/// Whether every neighbour of `face` meets its plane at a dihedral angle whose sine is at least
/// 1e-4, so that the neighbours' half-spaces bound the face's polygon within 1e4 times their planes'
/// rounding (far below the walk's margin, WALK_MARGIN in hullray3d.c). On a sliver hull (a needle
/// 120 long and 1e-7 thick) a face's neighbours lie nearly in its plane or folded back onto it,
/// their lines of intersection with it are anywhere, and the walk "proved" an entry 0.017 beside
/// the needle (fuzz_rays3d): such a face leaves the answer to the clip. A bit per face.
static bool wellCut(const npHull3* hull, int face)
{
	npVec3 n = hull->planes[face].normal;
	int f0 = hull->faceEdge[face], h = f0;
	for (int k = 0; k < hull->halfEdgeCount; ++k)
	{
		double c = v3Dot(n, hull->planes[hull->halfEdges[h ^ 1].face].normal);
		if (c > 1.0 - 5.0e-9 || c < -1.0 + 5.0e-9)
			return false;
		h = hull->halfEdges[h].next;
		if (h == f0)
			break;
	}
	return true;
}

/// Whether at every corner of `face` its plane and its two neighbours' planes meet within `delta`
/// of the corner's vertex, so that the neighbours' half-spaces bound the face's own polygon. A
/// neighbour's plane can cut the face's plane at a good angle along a line far from their edge: on
/// a needle 120 long whose end is two vertices 1.4e-6 apart, the planes of the slivers beside that
/// short edge, fitted to within ~1e-7 of their long vertices, meet along a line that is not the
/// edge, and the walk proved an entry 2.4 beside the needle (fuzz_rays3d).
static bool cornersMeet(const npHull3* hull, int face, double delta)
{
	npPlane3 f = hull->planes[face];
	int f0 = hull->faceEdge[face], h = f0;
	for (int k = 0; k < hull->halfEdgeCount; ++k)
	{
		int next = hull->halfEdges[h].next;
		npPlane3 g = hull->planes[hull->halfEdges[h ^ 1].face], gn = hull->planes[hull->halfEdges[next ^ 1].face];
		// The three planes' common point (Cramer's rule), against the vertex where h ends; NaN or
		// a point far off where the planes are near parallel.
		npVec3 a = v3Cross(g.normal, gn.normal), b = v3Cross(gn.normal, f.normal), e = v3Cross(f.normal, g.normal);
		double det = v3Dot(f.normal, a);
		npVec3 x = v3Scale(1.0 / det, v3Add(v3Add(v3Scale(f.offset, a), v3Scale(g.offset, b)), v3Scale(gn.offset, e)));
		if (!(v3MaxAbs(v3Sub(x, hull->vertices[hull->halfEdges[next].origin])) <= delta))
			return false;
		h = next;
		if (h == f0)
			break;
	}
	return true;
}

/// Whether a flat hull's vertices all lie within 1e-5 of its length of the line through its two
/// farthest-apart vertices (found from vertex 0): a needle polygon. Its edges' lines in the plane
/// are then known only to rounding over a tiny width, and the in-plane clip of rayFlat put an exit
/// along the needle 1,228 past its tip, 1.7e9 out (fuzz_rays3d); such polygons are cast on their
/// vertices (hullray3d.c), as solid hulls whose planes do not meet at their corners are. Decided
/// here, once per hull (npHull3's rayByVertices).
static bool flatNeedle(const npHull3* hull)
{
	const npVec3* v = hull->vertices;
	int n = hull->vertexCount, far = 0, end = 0;
	double best = -1.0;
	for (int i = 0; i < n; ++i)
		if (v3DistanceSq(v[i], v[0]) > best)
		{
			best = v3DistanceSq(v[i], v[0]);
			far = i;
		}
	best = -1.0;
	for (int i = 0; i < n; ++i)
		if (v3DistanceSq(v[i], v[far]) > best)
		{
			best = v3DistanceSq(v[i], v[far]);
			end = i;
		}
	npVec3 axis = v3Sub(v[end], v[far]);
	double lengthSq = v3LengthSq(axis);
	if (!(lengthSq > 0.0))
		return false;
	// |d x axis| / |axis| against 1e-5 |axis|, squared.
	for (int i = 0; i < n; ++i)
		if (!(v3LengthSq(v3Cross(v3Sub(v[i], v[far]), axis)) <= 1e-10 * lengthSq * lengthSq))
			return false;
	return true;
}

/// The radius of a ball about the centroid that lies inside the hull: the nearest face plane's
/// distance from the centroid, less 1e-8 of the hull's size. The planes hold every vertex
/// (hullfaces3d.c), and on a hull whose planes meet at its corners within 1e-10 of its size
/// (cornersMeet) they bound the vertices' own hull to about that, so the margin covers them. Such a
/// ball bounds every face separation against the hull from above by the centre's (sat3d.c,
/// queryFacesPruned): the hull's deepest vertex along n is at least r deeper than the centre. 0
/// for loose-plane hulls, whose planes bound a larger body than their vertices.
static double innerRadius(const npHull3* hull)
{
	if (hull->loosePlanes)
		return 0.0;
	double r = DBL_MAX;
	for (int f = 0; f < hull->faceCount; ++f)
		r = np3Min(r, hull->planes[f].offset - v3Dot(hull->planes[f].normal, hull->centroid));
	r -= 1.0e-8 * (hull->maxCoordinate + v3MaxAbs(hull->centroid));
	return r > 0.0 ? r : 0.0;
}

// The ray walk's data (hullray3d.c): the balls about the local origin and about the centroid that
// hold every vertex, and by support cell the face a walk starts from. A walk starts where the ray
// would enter the ball about the centroid: the direction w from the centroid to that point, looked
// up in the cells, gives the face that a ray from the centroid along the cell's central direction
// leaves the hull through (the face the direction sees). For a hull near its ball that is the face
// the ray enters, or next to it; the walk proves its answer whatever the start, so the table only
// saves steps. 2 bytes per cell (768 bytes per hull), and a bit per face for wellCut.
void npHullRayStarts3(npHull3* hull)
{
	double reachSq = 0.0, centroidSq = 0.0;
	for (int i = 0; i < hull->vertexCount; ++i)
	{
		reachSq = np3Max(reachSq, v3LengthSq(hull->vertices[i]));
		centroidSq = np3Max(centroidSq, v3DistanceSq(hull->vertices[i], hull->centroid));
	}
	// The same number query3d.c's batches computed per call (a margin of 1e-9 above the rounding).
	hull->reach = sqrt(reachSq) * (1.0 + 1e-9);
	hull->centroidReach = sqrt(centroidSq);
	if (hull->flat)
	{
		hull->rayByVertices = flatNeedle(hull); // flat hulls are cast as polygons, without a walk
		return;
	}
	// The walk runs on a hull whose planes meet at every face's corners: its proofs assume that the
	// planes bound the vertices' polyhedron face by face (and a miss, proved by a silhouette, that
	// the whole body lies behind it). Otherwise every ray is clipped by every face.
	double delta = 0.1 * 1.0e-9 * hull->maxCoordinate; // a tenth of hullray3d.c's smallest margin
	hull->rayWalk = true;
	for (int f = 0; f < hull->faceCount; ++f)
	{
		hull->rayWalk = hull->rayWalk && cornersMeet(hull, f, delta);
		if (wellCut(hull, f))
			hull->wellCut[f >> 3] |= (uint8_t)(1u << (f & 7));
	}
	hull->rayByVertices = !hull->rayWalk;
	hull->loosePlanes = !hull->rayWalk;
	hull->innerRadius = innerRadius(hull);
	const double step = 2.0 / NP_HULL_CELL_RES;
	for (int face = 0; face < 6; ++face)
		for (int j = 0; j < NP_HULL_CELL_RES; ++j)
			for (int i = 0; i < NP_HULL_CELL_RES; ++i)
			{
				npVec3 w = cellDirection(face, -1.0 + step * (i + 0.5), -1.0 + step * (j + 0.5));
				// The face whose plane the ray c + s w meets first (s > 0): the centroid is inside
				// every plane, so those with n . w > 0 are met at s = room / (n . w) > 0.
				int best = 0;
				double bestS = DBL_MAX;
				for (int f = 0; f < hull->faceCount; ++f)
				{
					npPlane3 p = hull->planes[f];
					double speed = v3Dot(p.normal, w), room = p.offset - v3Dot(p.normal, hull->centroid);
					if (speed > 0.0 && room < bestS * speed)
					{
						best = f;
						bestS = room / speed;
					}
				}
				hull->rayStart[(face * NP_HULL_CELL_RES + cellSlot(j)) * NP_HULL_CELL_RES + cellSlot(i)] = (uint16_t)best;
			}
}

NP_COLD_FILE_END
