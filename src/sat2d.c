// 2D contact manifolds, part 2: the separating-axis queries of two cores (capsule, box or polygon
// in any combination), in A's frame. Each core's best face is the edge whose line has the largest
// separation from the other core (the smallest signed distance of the other core's vertices from
// it); together with the incident edge of the other core it leads clip2d.c to the contact points.
// Randy Gaul's "Manifold Generation" article describes the test and its AABB special case.
//
// Every path evaluates the same expressions as the plain double loop over edges and vertices, so
// the results are the same bit for bit whichever path runs; the paths only skip work:
//  - Boxes and capsules have a fixed layout (axis-aligned normals, vertex sets spanned by two
//    corners), which makes their separating-axis tests linear: see isAxisCore in
//    manifold2d_private.h.
//  - Other polygons keep the double loop but skip most of it: an edge whose distance to one vertex
//    of the other core is already below the best separation cannot win. Small polygons are probed
//    at a few vertices and scanned without early exits (branches that depend on the data cost more
//    than the products they save); large ones stop each edge's scan at the first such vertex. See
//    findMaxSeparation.
//  - Two boxes turned by multiples of 90 degrees take the separations as differences of their
//    extents (findAlignedBoxAxes).
//
// npCollideCores2, the core pairs' entry, is here too: it moves B's core into A's frame, runs the
// test and hands the result to clip2d.c (the test inlined into it: the pair stays in registers).
#include "manifold2d_private.h"

// The edge of `core` facing the direction `toward` best (largest dot product with its normal): a
// branch-free scan for small cores, a climb from edge 0 for larger ones (the normals are sorted
// around the circle, so the dot product has a single maximum; rounding can only stop the climb
// early). It only orders the work of findMaxSeparation, never changes its result.
static int findFacingEdge(const localCore* core, npVec2 toward)
{
	const npVec2* normals = core->normals;
	int count = core->count;
	int start = 0;
	if (count <= 8)
	{
		double facing = -DBL_MAX;
		for (int i = 0; i < count; ++i)
		{
			double f = v2Dot(normals[i], toward);
			start = f > facing ? i : start;
			facing = npMax(facing, f);
		}
		return start;
	}
	double facing = v2Dot(normals[0], toward);
	int step = v2Dot(normals[1], toward) > facing ? 1 : count - 1;
	for (int k = 1; k < count; ++k)
	{
		int i = start + step;
		if (i >= count)
			i -= count;
		double f = v2Dot(normals[i], toward);
		if (!(f > facing))
			break;
		facing = f;
		start = i;
	}
	return start;
}

// The largest, over the edges of `core`, of the smallest signed distance of any vertex of `other`
// from the edge's line; writes the edge. Ties keep the lowest index, so the choice is deterministic.
//
// The result is that of the plain double loop; only the amount of work differs. An edge's minimum
// is at most its distance to any one vertex, so once one distance is below the best separation
// found so far the edge cannot win and needs no more vertices. That rules out most edges at their
// first vertex when the search starts near the answer: it starts with edge `start` (a guess at the
// answer, see findCoreAxes), over all vertices, and tries the other edges first at that edge's
// minimizing vertex (the support points of neighbouring edges are neighbours). The winner's
// minimum is always complete, over all vertices.
static double findMaxSeparation(const localCore* core, const localCore* other, int start, int* edge)
{
	const npVec2* normals = core->normals;
	const npVec2* vertices = core->vertices;
	const npVec2* others = other->vertices;
	int count = core->count, otherCount = other->count;

	// Small cores: the facing edge over all vertices (its minimizer is the probe), then each other
	// edge is probed at three vertices around the probe, and scanned over all of them only if the
	// probe does not already put it below the best (rare after the facing edge). The scans have no
	// early exits: those save products, but their branches depend on the data and are mispredicted
	// about once per edge, which costs more than the products at this size.
	if (count * otherCount <= 64)
	{
		int best = start, probe = 0;
		double bestSeparation = DBL_MAX;
		{
			npVec2 n = normals[start], v = vertices[start];
			for (int j = 0; j < otherCount; ++j)
			{
				double d = v2Dot(n, v2Sub(others[j], v));
				probe = d < bestSeparation ? j : probe;
				bestSeparation = npMin(bestSeparation, d);
			}
		}
		int before = probe == 0 ? otherCount - 1 : probe - 1, after = nextIndex(probe, otherCount);
		for (int k = 1, i = nextIndex(start, count); k < count; ++k, i = nextIndex(i, count))
		{
			npVec2 n = normals[i], v = vertices[i];
			double p = npMin(v2Dot(n, v2Sub(others[probe], v)),
							 npMin(v2Dot(n, v2Sub(others[before], v)), v2Dot(n, v2Sub(others[after], v))));
			if (p < bestSeparation)
				continue; // the edge cannot win: one of its distances is already below the best
			double sep = DBL_MAX;
			for (int j = 0; j < otherCount; ++j)
				sep = npMin(sep, v2Dot(n, v2Sub(others[j], v)));
			if (sep > bestSeparation || (sep == bestSeparation && i < best))
			{
				bestSeparation = sep;
				best = i;
			}
		}
		*edge = best;
		return bestSeparation;
	}

	// Larger cores: the facing edge first, over all vertices; then each edge's scan starts at the
	// previous edge's minimizing vertex and stops at the first distance below the best.
	int best = start, hint = 0;
	double bestSeparation = DBL_MAX;
	{
		npVec2 n = normals[start], v = vertices[start];
		for (int j = 0; j < otherCount; ++j)
		{
			double d = v2Dot(n, v2Sub(others[j], v));
			if (d < bestSeparation)
			{
				bestSeparation = d;
				hint = j;
			}
		}
	}
	for (int i = 0; i < count; ++i)
	{
		if (i == start)
			continue;
		npVec2 n = normals[i], v = vertices[i];
		double s = DBL_MAX;
		int first = hint, j = hint;
		do
		{
			double d = v2Dot(n, v2Sub(others[j], v));
			if (d < s)
			{
				s = d;
				hint = j;
			}
			if (s < bestSeparation)
				break; // this edge can no longer win (an equal one still can, by a lower index)
			j = nextIndex(j, otherCount);
		} while (j != first);
		if (s > bestSeparation || (s == bestSeparation && i < best))
		{
			bestSeparation = s;
			best = i;
		}
	}
	*edge = best;
	return bestSeparation;
}

// (1) in the comment on isAxisCore, against a core's vertices: their bounding box.
static double findAxisCoreSeparationFromPoints(const localCore* core, const localCore* other, int* edge)
{
	const npVec2* w = other->vertices;
	int otherCount = other->count;
	double minX = w[0].x, maxX = w[0].x, minY = w[0].y, maxY = w[0].y;
	for (int j = 1; j < otherCount; ++j)
	{
		minX = npMin(minX, w[j].x);
		maxX = npMax(maxX, w[j].x);
		minY = npMin(minY, w[j].y);
		maxY = npMax(maxY, w[j].y);
	}
	return findAxisCoreSeparation(core->vertices, core->count, minX, maxX, minY, maxY, edge);
}

// (2) in the comment on isAxisCore: the largest separation of the faces of `core` from an axis
// core, and the face.
static double findSeparationAgainstAxisCore(const localCore* core, const localCore* axisCore, int* edge)
{
	npVec2 lo = axisCore->vertices[0], hi = axisCore->vertices[axisCore->count >> 1];
	const npVec2* normals = core->normals;
	const npVec2* vertices = core->vertices;
	int count = core->count;
	int best = 0;
	double bestSeparation = -DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		npVec2 n = normals[i];
		npVec2 w = v2(n.x > 0.0 ? lo.x : hi.x, n.y > 0.0 ? lo.y : hi.y);
		double s = v2Dot(n, v2Sub(w, vertices[i]));
		if (s > bestSeparation)
		{
			bestSeparation = s;
			best = i;
		}
	}
	*edge = best;
	return bestSeparation;
}

// B's normals in A's frame.
static inline void moveNormalsB(const npShape2* B, npRot2 relq, npVec2* normalsB)
{
	int count = B->count;
	for (int i = 0; i < count; ++i)
		normalsB[i] = npRotate2(relq, B->normals[i]);
}

// General path: separating-axis test over the edge normals of both cores (linear when A is a box
// or a capsule, see isAxisCore). Returns false when A's faces already separate the cores beyond
// the radii and the margin (B's normals are then never needed). `warmA`: where A's search starts when
// it is an edge (a contact cache's best edge of A last frame), else -1: the edge facing B.
static bool findCoreAxes(satResult* sat, const corePair* pair, const npShape2* A, const npShape2* B,
					 const npTransform2* rel, npVec2* normalsB, int warmA)
{
	sat->incidentA = -1;
	sat->incidentB = -1;
	if (isAxisCore(A))
	{
		sat->sepA = findAxisCoreSeparationFromPoints(&pair->cores[0], &pair->cores[1], &sat->edgeA);
		if (sat->sepA - pair->radius > pair->margin)
			return false;
		moveNormalsB(B, rel->q, normalsB);
		sat->sepB = findSeparationAgainstAxisCore(&pair->cores[1], &pair->cores[0], &sat->edgeB);
	}
	else
	{
		// From A's centroid to B's (A's frame): A's search starts at the edge facing it.
		int start = warmA;
		if (!(warmA >= 0 && warmA < A->count))
		{
			npVec2 towardB = v2Sub(npTransformPoint2(*rel, B->centroid), A->centroid);
			start = findFacingEdge(&pair->cores[0], towardB);
		}
		sat->sepA = findMaxSeparation(&pair->cores[0], &pair->cores[1], start, &sat->edgeA);
		if (sat->sepA - pair->radius > pair->margin)
			return false;
		moveNormalsB(B, rel->q, normalsB);
		// B's face most opposed to A's best one is the incident edge for A's face (needed later
		// anyway) and usually B's best face, when B's face wins: where B's search starts.
		sat->incidentA = findIncidentEdge(&pair->cores[1], pair->cores[0].normals[sat->edgeA]);
		sat->sepB = findMaxSeparation(&pair->cores[1], &pair->cores[0], sat->incidentA, &sat->edgeB);
	}
	return true;
}

// Two boxes whose rotations are multiples of 90 degrees (Gaul's AABB vs AABB). In A's frame B's
// rotation is an exact quarter turn, B's transformed vertices are exact sums p +- halfExtent, and
// both boxes are intervals on the x and y axes. Each of A's four face separations is a difference
// of extents ("overlap" in the article: A's min minus B's max, or B's min minus A's max), B's faces
// give the same four numbers, and B's incident edge is the one facing the opposite way, found by
// index arithmetic. The clipping routine then reduces, for these axis-aligned edges, to the
// article's contact interval: the larger of the two minimums and the smaller of the two maximums along the
// reference face. The numbers equal those of the general path bit for bit (the general path's dot
// products with axis-aligned normals are these same differences), so both paths give the same
// manifold; tests/native/test_manifold2d_polygons.c checks it.
static void findAlignedBoxAxes(satResult* sat, const corePair* pair, npRot2 relq)
{
	const localCore* A = &pair->cores[0];
	const localCore* B = &pair->cores[1];
	// Quarter turns of B in A's frame: (1,0) -> 0, (0,1) -> 1, (-1,0) -> 2, (0,-1) -> 3.
	int turns = relq.c == 1.0 ? 0 : (relq.s == 1.0 ? 1 : (relq.c == -1.0 ? 2 : 3));
	// Box vertices are (-,-), (+,-), (+,+), (-,+); turning by k quarter turns moves vertex i to the
	// corner where vertex i + k was, so B's lower-left corner is its vertex -k, its upper-right 2 - k.
	npVec2 minA = A->vertices[0], maxA = A->vertices[2];
	npVec2 minB = B->vertices[(4 - turns) & 3], maxB = B->vertices[(6 - turns) & 3];

	// Separations of A's edges 0..3 (normals -y, +x, +y, -x).
	double sep[4] = { minA.y - maxB.y, minB.x - maxA.x, minB.y - maxA.y, minA.x - maxB.x };
	int edge = 0;
	for (int i = 1; i < 4; ++i)
	{
		if (sep[i] > sep[edge])
			edge = i;
	}
	// Normal i points at angle (i - 1) * 90 degrees; B's edge k, turned, points at (k - 1 + turns) * 90
	// degrees; the incident edge points opposite to A's normal: k = i + 2 - turns.
	// B's best face separation equals A's (same differences), so B is never preferred.
	sat->sepA = sep[edge];
	sat->edgeA = edge;
	sat->incidentA = (edge + 6 - turns) & 3;
	sat->sepB = sep[edge];
	sat->edgeB = edge;
	sat->incidentB = -1;
}

// ------------------------------------------------------------------------------------ core pairs

// Moves B's core vertices into A's frame (into the caller's array) and fills the pair. B's normals
// follow separately (moveNormalsB), only once the pair is known to be close enough to need them.
static inline void makeCorePair(corePair* pair, const npShape2* A, const npShape2* B, npTransform2 rel,
								double margin, npVec2* verticesB, npVec2* normalsB)
{
	int count = B->count;
	if (B->type == NP_SHAPE_BOX2)
	{
		// A box's vertices are (+-hx, +-hy): the four products of the rotation are shared, their
		// signs flipped exactly (the same numbers as transforming each vertex).
		double hx = B->vertices[2].x, hy = B->vertices[2].y;
		double chx = rel.q.c * hx, shx = rel.q.s * hx, chy = rel.q.c * hy, shy = rel.q.s * hy;
		verticesB[0] = v2((-chx - -shy) + rel.p.x, (-shx + -chy) + rel.p.y);
		verticesB[1] = v2((chx - -shy) + rel.p.x, (shx + -chy) + rel.p.y);
		verticesB[2] = v2((chx - shy) + rel.p.x, (shx + chy) + rel.p.y);
		verticesB[3] = v2((-chx - shy) + rel.p.x, (-shx + chy) + rel.p.y);
	}
	else
	{
		for (int i = 0; i < count; ++i)
			verticesB[i] = npTransformPoint2(rel, B->vertices[i]);
	}
	pair->cores[0] = (localCore){ A->vertices, A->normals, A->count, A->radius };
	pair->cores[1] = (localCore){ verticesB, normalsB, count, B->radius };
	pair->radius = A->radius + B->radius;
	pair->margin = margin;
}

// Exact test for a rotation by a multiple of 90 degrees.
static inline bool isQuarterTurn(npRot2 q)
{
	return (q.s == 0.0 && (q.c == 1.0 || q.c == -1.0)) || (q.c == 0.0 && (q.s == 1.0 || q.s == -1.0));
}

// What a caller may add to npCollideCores2: A's search starts at *warmA (when it is an edge of A;
// -1: none), which is then set to A's best edge, or -1 when the aligned-box path or an early exit
// found none (the contact caches); the clipping is recorded in trace (the teaching page).
typedef struct coreExtras
{
	int* warmA;
	npClipTrace2* trace;
} coreExtras;

MANIFOLD2_INLINE void collideCores(npManifold2* m, const npShape2* polygonA, const npTransform2* xfA,
								   const npShape2* polygonB, const npTransform2* xfB, double margin, coreExtras extras)
{
	npTransform2 rel = npInvMulTransforms2(*xfA, *xfB);
	npVec2 verticesB[NP_MAX_POLYGON_VERTICES], normalsB[NP_MAX_POLYGON_VERTICES];
	corePair pair;
	makeCorePair(&pair, polygonA, polygonB, rel, margin, verticesB, normalsB);
	satResult sat;
	if (polygonA->type == NP_SHAPE_BOX2 && polygonB->type == NP_SHAPE_BOX2 && (xfA->q.s == 0.0 || xfA->q.c == 0.0) &&
		(xfB->q.s == 0.0 || xfB->q.c == 0.0) && isQuarterTurn(xfA->q) && isQuarterTurn(xfB->q))
	{
		moveNormalsB(polygonB, rel.q, normalsB);
		findAlignedBoxAxes(&sat, &pair, rel.q);
	}
	else
	{
		bool near = findCoreAxes(&sat, &pair, polygonA, polygonB, &rel, normalsB, extras.warmA != NULL ? *extras.warmA : -1);
		if (extras.warmA != NULL)
			*extras.warmA = sat.edgeA;
		if (!near)
			return;
	}
	pair.xfA = xfA;
	if (extras.trace != NULL)
	{
		pair.trace = extras.trace;
		npFinishCoresTraced2(m, &pair, &sat);
	}
	else
		npFinishCores2(m, &pair, &sat); // (never reads pair.trace)
}

void npCollideCoresTraced2(npManifold2* m, const npShape2* A, const npTransform2* xfA, const npShape2* B,
						   const npTransform2* xfB, double margin, npClipTrace2* trace)
{
	collideCores(m, A, xfA, B, xfB, margin, (coreExtras){ NULL, trace });
}

void npCollideCores2(npManifold2* m, const npShape2* polygonA, const npTransform2* xfA, const npShape2* polygonB,
					 const npTransform2* xfB, double margin)
{
	collideCores(m, polygonA, xfA, polygonB, xfB, margin, (coreExtras){ NULL, NULL });
}

void npCollideCoresWarm2(npManifold2* m, const npShape2* polygonA, const npTransform2* xfA, const npShape2* polygonB,
						 const npTransform2* xfB, double margin, int* warmA)
{
	collideCores(m, polygonA, xfA, polygonB, xfB, margin, (coreExtras){ warmA, NULL });
}
