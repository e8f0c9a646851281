// 3D convex hull: quickhull (Barber, Dobkin, Huhdanpaa 1996) on triangles, then coplanar triangles
// are merged into polygonal faces.
//
// Tolerance. Every geometric decision uses one distance `tol`, relative to the size of the input:
// 1e-10 of the bounding box's largest side plus 1e-13 of the largest coordinate (rounding noise of
// plane distances). A point is "outside" a face only when it is more than `tol` above its plane.
// This also welds near-duplicate points: a point within `tol` of a hull vertex is never more than
// `tol` above any face through that vertex, so it never becomes a vertex itself.
//
// Construction keeps triangles with neighbour links and a conflict list (the points above each
// triangle, with the farthest one). Each step takes the globally farthest conflict point (the
// "eye"), floods the triangles it sees from the one it came from, walks the horizon (edges between
// seen and unseen triangles), which must be a single simple loop, and fans new triangles from the
// eye to the horizon. Points of the removed triangles are reassigned to the new triangles or
// dropped (inside). The step count is bounded: every step adds one hull vertex (at most
// NP_MAX_HULL_VERTICES) or drops one point.
//
// Merging (hullfaces3d.c) then groups coplanar triangles into polygonal faces and writes the
// half-edge topology; the support cells (hullcells3d.c) are filled last.
//
// Thin input (thinner than a tenth of its width) decides with a smaller tolerance (see THIN_RATIO).
//
// Flat input (all points within `tol` of one plane) is hulled in 2D (monotone chain in a basis of
// that plane) and stored as a two-sided polygon: face 0 along the plane normal, face 1 opposite.
#include "hull3d_private.h"
#include "mesh3d_private.h"

#include <stddef.h>
#include <string.h>
#include "codesize.h"

NP_COLD_FILE_BEGIN // shape creation: compiled for size in the wasm (codesize.h)

static int qhNewTri(qhWork* w, int a, int b, int c)
{
	int t;
	if (w->freeCount > 0)
		t = w->freeList[--w->freeCount];
	else if (w->triCount < QH_MAX_TRIS)
		t = w->triCount++;
	else
		return QH_NONE;
	qhTri* f = &w->tri[t];
	f->v[0] = a;
	f->v[1] = b;
	f->v[2] = c;
	f->n[0] = f->n[1] = f->n[2] = QH_NONE;
	double twice;
	f->normal = npTriangleNormal3(w->p[a], w->p[b], w->p[c], &twice);
	npVec3 centre = v3Scale(1.0 / 3.0, v3Add(w->p[a], v3Add(w->p[b], w->p[c])));
	f->offset = v3Dot(f->normal, centre);
	f->head = QH_NONE;
	f->far = QH_NONE;
	f->farDist = 0.0;
	f->alive = 1;
	f->mark = 0;
	f->group = QH_NONE;
	return t;
}

static void qhAddConflict(qhWork* w, int t, int point, double dist)
{
	qhTri* f = &w->tri[t];
	w->nextPoint[point] = f->head;
	f->head = point;
	if (f->far == QH_NONE || dist > f->farDist)
	{
		f->far = point;
		f->farDist = dist;
	}
}

// Assigns point i to the listed triangle it is farthest above (by more than tol), or drops it.
static void qhAssign(qhWork* w, int i, const int* tris, int count, double tol)
{
	int best = QH_NONE;
	double bestDist = tol;
	for (int k = 0; k < count; ++k)
	{
		const qhTri* f = &w->tri[tris[k]];
		double d = v3Dot(f->normal, w->p[i]) - f->offset;
		if (d > bestDist)
		{
			bestDist = d;
			best = tris[k];
		}
	}
	if (best != QH_NONE)
		qhAddConflict(w, best, i, bestDist);
}

typedef enum qhStatus
{
	QH_OK = 0,
	QH_FLAT = 1,
	QH_DEGENERATE = 2,
	QH_TOO_MANY = 3,
} qhStatus;

// Initial simplex: the two extreme points along the widest axis, the point farthest from their
// line, the point farthest from the plane of those three. On QH_OK `simplex` holds the four
// points, ordered so that triangle 0-1-2 looks away from point 3; on QH_FLAT `flatPoints` holds 3
// non-collinear point indices.
static qhStatus qhInitialSimplex(const qhWork* w, int n, double tol, int flatPoints[3], int simplex[4],
								 double* width, double* thickness)
{
	int lo[3] = { 0, 0, 0 }, hi[3] = { 0, 0, 0 };
	for (int i = 1; i < n; ++i)
	{
		for (int k = 0; k < 3; ++k)
		{
			if (v3Component(w->p[i], k) < v3Component(w->p[lo[k]], k))
				lo[k] = i;
			if (v3Component(w->p[i], k) > v3Component(w->p[hi[k]], k))
				hi[k] = i;
		}
	}
	int axis = 0;
	double widest = -1.0;
	for (int k = 0; k < 3; ++k)
	{
		double e = v3Component(w->p[hi[k]], k) - v3Component(w->p[lo[k]], k);
		if (e > widest)
		{
			widest = e;
			axis = k;
		}
	}
	int i0 = lo[axis], i1 = hi[axis];
	if (!(widest > tol))
		return QH_DEGENERATE;

	npVec3 dir = v3Normalize(v3Sub(w->p[i1], w->p[i0]));
	int i2 = -1;
	double best = tol;
	for (int i = 0; i < n; ++i)
	{
		double d = v3Length(v3Cross(v3Sub(w->p[i], w->p[i0]), dir));
		if (d > best)
		{
			best = d;
			i2 = i;
		}
	}
	if (i2 < 0)
		return QH_DEGENERATE;
	*width = best;

	double twice;
	npVec3 pn = npTriangleNormal3(w->p[i0], w->p[i1], w->p[i2], &twice);
	double po = v3Dot(pn, w->p[i0]);
	int i3 = -1;
	best = tol;
	for (int i = 0; i < n; ++i)
	{
		double d = fabs(v3Dot(pn, w->p[i]) - po);
		if (d > best)
		{
			best = d;
			i3 = i;
		}
	}
	flatPoints[0] = i0;
	flatPoints[1] = i1;
	flatPoints[2] = i2;
	*thickness = best;
	if (i3 < 0)
		return QH_FLAT;

	// Orient the tetrahedron so that every face looks away from the opposite vertex.
	bool swap = v3Dot(pn, w->p[i3]) - po > 0.0;
	simplex[0] = i0;
	simplex[1] = swap ? i2 : i1;
	simplex[2] = swap ? i1 : i2;
	simplex[3] = i3;
	return QH_OK;
}

// The tetrahedron's four triangles with their neighbour links; every other point goes to the
// conflict list of the triangle it is farthest above (or is dropped).
static void qhStartTetrahedron(qhWork* w, int n, double tol, const int s[4])
{
	int tets[4];
	tets[0] = qhNewTri(w, s[0], s[1], s[2]);
	tets[1] = qhNewTri(w, s[0], s[3], s[1]);
	tets[2] = qhNewTri(w, s[1], s[3], s[2]);
	tets[3] = qhNewTri(w, s[2], s[3], s[0]);
	for (int a = 0; a < 4; ++a)
		for (int k = 0; k < 3; ++k)
		{
			qhTri* f = &w->tri[tets[a]];
			for (int b = 0; b < 4; ++b)
			{
				if (b == a)
					continue;
				int j = qhEdgeIndex(&w->tri[tets[b]], f->v[(k + 1) % 3], f->v[k]);
				if (j >= 0)
					f->n[k] = tets[b];
			}
		}

	for (int i = 0; i < n; ++i)
		if (i != s[0] && i != s[1] && i != s[2] && i != s[3])
			qhAssign(w, i, tets, 4, tol);
}

// The triangle holding the globally farthest conflict point, or QH_NONE when none is left.
static int qhFarthestConflict(const qhWork* w)
{
	int from = QH_NONE;
	for (int t = 0; t < w->triCount; ++t)
		if (w->tri[t].alive && w->tri[t].far != QH_NONE &&
			(from == QH_NONE || w->tri[t].farDist > w->tri[from].farDist))
			from = t;
	return from;
}

// Floods the triangles that see the eye e, starting from `from`, the one it belongs to: they are
// marked and listed in w->newTri (reused as the list of visible triangles). Returns their number.
static int qhFloodVisible(qhWork* w, int from, npVec3 e, double tol)
{
	for (int t = 0; t < w->triCount; ++t)
		w->tri[t].mark = 0;
	int visibleCount = 0, top = 0;
	w->stack[top++] = from;
	w->tri[from].mark = 1;
	while (top > 0)
	{
		int t = w->stack[--top];
		w->newTri[visibleCount++] = t;
		for (int k = 0; k < 3; ++k)
		{
			int g = w->tri[t].n[k];
			if (g == QH_NONE || w->tri[g].mark)
				continue;
			if (v3Dot(w->tri[g].normal, e) - w->tri[g].offset > tol)
			{
				w->tri[g].mark = 1;
				w->stack[top++] = g;
			}
		}
	}
	return visibleCount;
}

// Lists the horizon edges (w->horizonA/B/N), in the visible triangles' winding, and indexes them by
// their end points (w->startOf, w->endOf). They must form one simple loop: every point starts one
// edge and ends one edge, and following them visits them all. Returns false when they do not.
static bool qhFindHorizon(qhWork* w, int visibleCount, int* count)
{
	int horizonCount = 0;
	bool valid = true;
	for (int k = 0; k < visibleCount && valid; ++k)
	{
		const qhTri* f = &w->tri[w->newTri[k]];
		for (int j = 0; j < 3; ++j)
			if (!w->tri[f->n[j]].mark)
			{
				if (horizonCount >= QH_MAX_TRIS)
				{
					valid = false;
					break;
				}
				w->horizonA[horizonCount] = f->v[j];
				w->horizonB[horizonCount] = f->v[(j + 1) % 3];
				w->horizonN[horizonCount] = f->n[j];
				horizonCount += 1;
			}
	}
	*count = horizonCount;

	// Both maps are cleared at every horizon vertex, as a start and as an end: a vertex that only
	// ends an edge here may still hold a start from an earlier step's horizon, and the loop walk
	// below would follow that stale entry and accept a broken horizon (11 -> 4, 17 -> 11, 14 -> 17
	// with an old startOf[4] of 2 closed the walk in three steps; fuzz_cache3d under UBSan then
	// read startOf of a vertex no edge starts at in qhFanHorizon).
	for (int k = 0; k < horizonCount; ++k)
	{
		w->startOf[w->horizonA[k]] = w->endOf[w->horizonA[k]] = QH_NONE;
		w->startOf[w->horizonB[k]] = w->endOf[w->horizonB[k]] = QH_NONE;
	}
	for (int k = 0; k < horizonCount && valid; ++k)
	{
		if (w->startOf[w->horizonA[k]] != QH_NONE || w->endOf[w->horizonB[k]] != QH_NONE)
			valid = false;
		w->startOf[w->horizonA[k]] = k;
		w->endOf[w->horizonB[k]] = k;
	}
	if (!valid || horizonCount < 3)
		return false;

	int k = 0, steps = 0;
	do
	{
		k = w->startOf[w->horizonB[k]];
		steps += 1;
	} while (k != QH_NONE && k != 0 && steps <= horizonCount);
	return k == 0 && steps == horizonCount;
}

// Numerically inconsistent visibility (the eye is barely outside): the eye leaves the conflict
// list of its triangle `from`, which finds its farthest point again.
static void qhDropEye(qhWork* w, int from, int eye)
{
	int prev = QH_NONE;
	for (int i = w->tri[from].head; i != QH_NONE; i = w->nextPoint[i])
	{
		if (i == eye)
		{
			if (prev == QH_NONE)
				w->tri[from].head = w->nextPoint[i];
			else
				w->nextPoint[prev] = w->nextPoint[i];
			break;
		}
		prev = i;
	}

	qhTri* f = &w->tri[from];
	f->far = QH_NONE;
	f->farDist = 0.0;
	for (int i = f->head; i != QH_NONE; i = w->nextPoint[i])
	{
		double d = v3Dot(f->normal, w->p[i]) - f->offset;
		if (f->far == QH_NONE || d > f->farDist)
		{
			f->far = i;
			f->farDist = d;
		}
	}
}

// Frees the visible triangles, gathering their conflict points (the eye aside) into w->gathered.
// Returns how many were gathered.
static int qhRemoveVisible(qhWork* w, int visibleCount, int eye)
{
	int gatheredCount = 0;
	for (int k = 0; k < visibleCount; ++k)
	{
		qhTri* f = &w->tri[w->newTri[k]];
		for (int i = f->head; i != QH_NONE; i = w->nextPoint[i])
			if (i != eye)
				w->gathered[gatheredCount++] = i;
		f->alive = 0;
		f->head = QH_NONE;
		f->far = QH_NONE;
		w->freeList[w->freeCount++] = w->newTri[k];
	}
	return gatheredCount;
}

// Fans new triangles (a, b, eye) over the horizon (listed in w->newTri) and links them to the kept
// triangles across the horizon and to each other. False when a kept triangle has lost the horizon
// edge: links broken by rounding (nearly collinear input with repeats), so the build gives up.
static bool qhFanHorizon(qhWork* w, int horizonCount, int eye)
{
	for (int k = 0; k < horizonCount; ++k)
	{
		int t = qhNewTri(w, w->horizonA[k], w->horizonB[k], eye);
		w->newTri[k] = t;
		qhTri* f = &w->tri[t];
		if (v3LengthSq(f->normal) == 0.0)
		{
			// The eye is on the line of this horizon edge: borrow the neighbour's plane.
			f->normal = w->tri[w->horizonN[k]].normal;
			f->offset = w->tri[w->horizonN[k]].offset;
		}
		int g = w->horizonN[k];
		f->n[0] = g;
		int j = qhEdgeIndex(&w->tri[g], w->horizonB[k], w->horizonA[k]);
		if (j < 0)
			return false;
		w->tri[g].n[j] = t;
	}

	for (int k = 0; k < horizonCount; ++k)
	{
		qhTri* f = &w->tri[w->newTri[k]];
		f->n[1] = w->newTri[w->startOf[w->horizonB[k]]];
		f->n[2] = w->newTri[w->endOf[w->horizonA[k]]];
	}
	return true;
}

// Thin input. A point is tested against planes, and on a pancake every face is nearly parallel to
// the pancake: a point beside the rim by a distance x is only about x * thickness / width above the
// nearest face's plane. With the tolerance of thick input, points up to a tenth of the width beside
// the rim of pancakes 1e-9 of their width thick were dropped as inside (a point 0.7 beside a
// pancake 16 wide and 7e-9 thick; tests/native/test_needles3d.c). The width is the initial
// triangle's (the third point's distance from the line of the first two, the extremes of the widest
// axis) and the thickness the tetrahedron's (the fourth point's distance from that plane), so a
// needle, narrow in both directions, is not thin in this sense. Input thinner than THIN_RATIO of
// its width decides (and merges faces) with the tolerance scaled by thickness / (THIN_RATIO width),
// down to the rounding noise of plane distances (`noise`): a point is then dropped only within
// about tol / THIN_RATIO of the hull, plus that noise times width / thickness (measured: at most
// 6e-14 of the extent on pancakes 1e-9 to 1e-3 thick). Thicker input keeps the tolerance and its
// hull as before.
#define THIN_RATIO 0.1

static qhStatus qhGrow(qhWork* w, int n, double tol, const int simplex[4]);

// Builds the triangle hull. On QH_FLAT, `flatPoints` holds 3 non-collinear point indices. *tol is
// the input's tolerance (see npBuildHull3), `noise` its rounding part; thin input lowers it (above).
static qhStatus qhBuild(qhWork* w, int n, double* tol, double noise, int flatPoints[3])
{
	w->freeCount = 0;
	w->triCount = 0;
	int simplex[4];
	double width = 0.0, thickness = 0.0;
	qhStatus status = qhInitialSimplex(w, n, *tol, flatPoints, simplex, &width, &thickness);
	if (status != QH_OK)
		return status;
	if (thickness < THIN_RATIO * width)
		*tol = np3Max(*tol * (thickness / (THIN_RATIO * width)), noise);
	return qhGrow(w, n, *tol, simplex);
}

// Quickhull's steps from the tetrahedron `simplex`.
static qhStatus qhGrow(qhWork* w, int n, double tol, const int simplex[4])
{
	qhStartTetrahedron(w, n, tol, simplex);

	// Every step adds the farthest conflict point (the eye) as a vertex, or drops it.
	int vertexCount = 4;
	int maxSteps = n + 8;
	for (int step = 0; step < maxSteps; ++step)
	{
		int from = qhFarthestConflict(w);
		if (from == QH_NONE)
			return QH_OK;
		int eye = w->tri[from].far;
		int visibleCount = qhFloodVisible(w, from, w->p[eye], tol);

		int horizonCount;
		bool valid = qhFindHorizon(w, visibleCount, &horizonCount);
		if (valid && vertexCount + 1 > NP_MAX_HULL_VERTICES)
			return QH_TOO_MANY;
		if (valid && w->freeCount + (QH_MAX_TRIS - w->triCount) + visibleCount < horizonCount)
			valid = false;
		if (!valid)
		{
			qhDropEye(w, from, eye);
			continue;
		}

		int gatheredCount = qhRemoveVisible(w, visibleCount, eye);
		if (!qhFanHorizon(w, horizonCount, eye))
			return QH_DEGENERATE;
		vertexCount += 1;
		for (int k = 0; k < gatheredCount; ++k)
			qhAssign(w, w->gathered[k], w->newTri, horizonCount, tol);
	}
	return QH_OK;
}

// Lexicographic order of 2D coordinates, then index (total order: deterministic).
static bool flatLess(const double* u, const double* v, int a, int b)
{
	return u[a] < u[b] || (u[a] == u[b] && (v[a] < v[b] || (v[a] == v[b] && a < b)));
}

// Heap sort's sift-down of idx[root] within idx[0..end), by flatLess.
static void flatSiftDown(const double* u, const double* v, int* idx, int root, int end)
{
	for (;;)
	{
		int child = 2 * root + 1;
		if (child >= end)
			break;
		if (child + 1 < end && flatLess(u, v, idx[child], idx[child + 1]))
			child += 1;
		if (!flatLess(u, v, idx[root], idx[child]))
			break;
		int t = idx[root]; idx[root] = idx[child]; idx[child] = t;
		root = child;
	}
}

// Flat hull: monotone chain in the plane of points i0, i1, i2, written as a two-sided polygon.
static npResult flatHull(qhWork* w, int n, double tol, const int tri[3], npHull3* hull)
{
	double twice;
	npVec3 normal = npTriangleNormal3(w->p[tri[0]], w->p[tri[1]], w->p[tri[2]], &twice);
	npVec3 ax = v3Normalize(v3Sub(w->p[tri[1]], w->p[tri[0]]));
	npVec3 ay = v3Cross(normal, ax);

	// Coordinates in the plane (64 KB of stack).
	double u[NP_MAX_HULL_INPUT], v[NP_MAX_HULL_INPUT];
	npVec3 o = w->p[tri[0]];
	for (int i = 0; i < n; ++i)
	{
		npVec3 d = v3Sub(w->p[i], o);
		u[i] = v3Dot(d, ax);
		v[i] = v3Dot(d, ay);
		w->gathered[i] = i;
	}

	// Heap sort of indices (bounded, allocation-free, deterministic).
	int* idx = w->gathered;
	for (int start = n / 2 - 1; start >= 0; --start)
		flatSiftDown(u, v, idx, start, n);
	for (int end = n - 1; end > 0; --end)
	{
		int t = idx[0]; idx[0] = idx[end]; idx[end] = t;
		flatSiftDown(u, v, idx, 0, end);
	}

	// Monotone chain; a point is kept only when the chain turns left by more than tol there.
	int chain[2 * NP_MAX_HULL_INPUT + 2];
	int k = 0;
	for (int pass = 0; pass < 2; ++pass)
	{
		int lower = k + 1;
		for (int q = 0; q < n; ++q)
		{
			int i = pass == 0 ? idx[q] : idx[n - 1 - q];
			if (pass == 1 && q == 0)
				continue;
			while (k >= (pass == 0 ? 2 : lower))
			{
				int a = chain[k - 2], b = chain[k - 1];
				double ex = u[b] - u[a], ey = v[b] - v[a];
				double len = sqrt(ex * ex + ey * ey);
				double left = len > 0.0 ? (ex * (v[i] - v[a]) - ey * (u[i] - u[a])) / len : -1.0;
				if (left > tol)
					break;
				k -= 1;
			}
			if (k >= 2 * NP_MAX_HULL_INPUT + 2)
				return NP_ERR_TOO_MANY_POINTS;
			chain[k++] = i;
		}
	}
	k -= 1; // the chain ends where it started

	// Drop consecutive near-duplicates.
	int m = 0;
	for (int q = 0; q < k; ++q)
	{
		int i = chain[q];
		if (m > 0 && (u[i] - u[chain[m - 1]]) * (u[i] - u[chain[m - 1]]) +
						 (v[i] - v[chain[m - 1]]) * (v[i] - v[chain[m - 1]]) <= tol * tol)
			continue;
		chain[m++] = i;
	}
	while (m > 1 && (u[chain[m - 1]] - u[chain[0]]) * (u[chain[m - 1]] - u[chain[0]]) +
						(v[chain[m - 1]] - v[chain[0]]) * (v[chain[m - 1]] - v[chain[0]]) <= tol * tol)
		m -= 1;
	if (m < 3)
		return NP_ERR_DEGENERATE;
	if (m > NP_MAX_HULL_VERTICES)
		return NP_ERR_TOO_MANY_POINTS;
	for (int q = 0; q < m; ++q)
		hull->vertices[q] = w->p[chain[q]];
	hull->vertexCount = m;

	// Face 0: counter-clockwise about +normal (the chain's order); face 1: reversed.
	for (int q = 0; q < m; ++q)
	{
		w->loopPoints[q] = q;
		w->loopPoints[m + q] = m - 1 - q;
	}
	w->loopStart[0] = 0;
	w->loopStart[1] = m;
	w->loopStart[2] = 2 * m;
	npVec3 normals[2] = { normal, v3Neg(normal) };
	if (!npHullWriteTopology3(w, hull, 2, normals))
		return NP_ERR_DEGENERATE;
	hull->flat = true;
	return NP_OK;
}

static npVec3 vertexMean(const npHull3* hull)
{
	npVec3 sum = v3(0.0, 0.0, 0.0);
	for (int i = 0; i < hull->vertexCount; ++i)
		sum = v3Add(sum, hull->vertices[i]);
	return v3Scale(1.0 / hull->vertexCount, sum);
}

// Whether p lies in the vertices' bounding box and behind every face plane.
static bool insideHull(const npHull3* hull, npVec3 p)
{
	npVec3 lo = hull->vertices[0], hi = hull->vertices[0];
	for (int i = 1; i < hull->vertexCount; ++i)
	{
		npVec3 v = hull->vertices[i];
		lo = v3(np3Min(lo.x, v.x), np3Min(lo.y, v.y), np3Min(lo.z, v.z));
		hi = v3(np3Max(hi.x, v.x), np3Max(hi.y, v.y), np3Max(hi.z, v.z));
	}
	bool inside = p.x >= lo.x && p.y >= lo.y && p.z >= lo.z && p.x <= hi.x && p.y <= hi.y && p.z <= hi.z;
	for (int f = 0; f < hull->faceCount && inside; ++f)
		inside = v3Dot(hull->planes[f].normal, p) <= hull->planes[f].offset;
	return inside;
}

static void hullCentroid(npHull3* hull)
{
	npVec3 r = hull->vertices[0];
	if (hull->flat)
	{
		// Area centroid of the polygon, fanned from vertex 0.
		double area = 0.0;
		npVec3 c = v3(0.0, 0.0, 0.0);
		for (int i = 1; i + 1 < hull->vertexCount; ++i)
		{
			npVec3 e1 = v3Sub(hull->vertices[i], r), e2 = v3Sub(hull->vertices[i + 1], r);
			double a = v3Length(v3Cross(e1, e2));
			area += a;
			c = v3MulAdd(c, a / 3.0, v3Add(e1, e2));
		}
		hull->centroid = area > 0.0 ? v3Add(r, v3Scale(1.0 / area, c)) : r;
		return;
	}
	// Volume centroid: tetrahedra from vertex 0 to every face's fan triangles. On a needle or a
	// hull with a folded face the tetrahedra are slivers whose rounding (bounded by `noise`) can
	// swamp their sum: a needle 170 long got a centroid 1,000 away, and the separating-axis
	// search, the mesh queries and EPA, which take it for an inner point, went wrong (a face 46.1
	// deep for 26.9: fuzz_pairs3d). Such a sum, or a centroid outside the vertices' box or a face
	// plane, gives way to the vertices' mean, which is always inside.
	double volume = 0.0, noise = 0.0;
	npVec3 c = v3(0.0, 0.0, 0.0);
	for (int f = 0; f < hull->faceCount; ++f)
	{
		int h0 = hull->faceEdge[f];
		npVec3 p0 = v3Sub(hull->vertices[hull->halfEdges[h0].origin], r);
		int h = hull->halfEdges[h0].next;
		for (int guard = 0; guard < NP_MAX_HULL_HALF_EDGES; ++guard)
		{
			int hn = hull->halfEdges[h].next;
			if (hn == h0)
				break;
			npVec3 p1 = v3Sub(hull->vertices[hull->halfEdges[h].origin], r);
			npVec3 p2 = v3Sub(hull->vertices[hull->halfEdges[hn].origin], r);
			double vol = v3Dot(p0, v3Cross(p1, p2));
			volume += vol;
			noise += v3Length(p0) * v3Length(p1) * v3Length(p2);
			c = v3MulAdd(c, vol / 4.0, v3Add(p0, v3Add(p1, p2)));
			h = hn;
		}
	}
	hull->centroid = volume > 0.0 ? v3Add(r, v3Scale(1.0 / volume, c)) : r;
	if (!(volume > 1.0e-9 * noise) || !insideHull(hull, hull->centroid))
		hull->centroid = vertexMean(hull);
}

// Exact repeats of an input point (a corner listed twice, a mesh's shared vertices) keep their
// first copy only, in input order. The tolerance welds a near duplicate of a hull vertex as long as
// the faces through that vertex are accurate near it, but on a needle (triangles whose corners are
// nearly in line, 1e-6 across and 300 long) a plane through the vertex is tilted by more than `tol`
// over the triangle, a repeat of the vertex then stood above it and became a second vertex at the
// same place, and the faces merged around the pair were not planar (a vertex 3.7 above a face
// plane; tests/native/test_fuzz_regressions3d.c). Returns the number of points kept in w->p.
static int dropRepeats(const npVec3* points, int count, qhWork* w)
{
	// The meshes' point hash (mesh3d.c) at tolerance 0 groups bit-identical points and keeps the
	// first of each as its class, numbered in input order: the classes are the points kept.
	npPointHash3 hash;
	npPointHashInit3(&hash, w->repeatSlot, 2 * NP_MAX_HULL_INPUT, w->repeatLink, w->p, 0.0, 0.0);
	for (int i = 0; i < count; ++i)
		npPointHashAdd3(&hash, points[i]);
	return hash.count;
}

npResult npBuildHull3(const npVec3* points, int count, npHull3* hull)
{
	// The tolerance (see the top of the file) from the bounding box and the largest coordinate.
	npVec3 lo = v3(0.0, 0.0, 0.0), hi = v3(0.0, 0.0, 0.0);
	double maxAbs = 0.0;
	for (int i = 0; i < count; ++i)
	{
		if (i == 0)
			lo = hi = points[i];
		lo = v3(np3Min(lo.x, points[i].x), np3Min(lo.y, points[i].y), np3Min(lo.z, points[i].z));
		hi = v3(np3Max(hi.x, points[i].x), np3Max(hi.y, points[i].y), np3Max(hi.z, points[i].z));
		maxAbs = np3Max(maxAbs, v3MaxAbs(points[i]));
	}
	double extent = v3MaxAbs(v3Sub(hi, lo));
	double noise = 1.0e-13 * maxAbs;
	double tol = 1.0e-10 * extent + noise;

	// About 300 KB of scratch on the stack (the core never allocates).
	qhWork work;
	qhWork* w = &work;
	memset(hull, 0, sizeof(*hull));
	count = dropRepeats(points, count, w);

	int flatPoints[3];
	qhStatus status = qhBuild(w, count, &tol, noise, flatPoints);
	npResult result;
	if (status == QH_DEGENERATE)
		return NP_ERR_DEGENERATE;
	if (status == QH_TOO_MANY)
		return NP_ERR_TOO_MANY_POINTS;
	if (status == QH_FLAT)
		result = flatHull(w, count, tol, flatPoints, hull);
	else
	{
		bool retry;
		result = npHullWriteFaces3(w, tol, true, hull, &retry);
		if (retry)
			result = npHullWriteFaces3(w, tol, false, hull, &retry);
		// Two faces left after merging (a sliver whose points lie within the tolerance of one
		// plane, though not flat enough for the flat path): the hull is that polygon, two-sided.
		// Read as a solid it was a slab without sides, and a ray 136 from it hit it (fuzz_rays3d).
		if (result == NP_OK && hull->faceCount == 2)
			hull->flat = true;
	}

	if (result != NP_OK)
	{
		memset(hull, 0, sizeof(*hull));
		return result;
	}
	hullCentroid(hull);
	for (int i = 0; i < hull->vertexCount; ++i)
		hull->maxCoordinate = np3Max(hull->maxCoordinate, v3MaxAbs(hull->vertices[i]));
	npHullSupportCells3(hull);
	npHullRayStarts3(hull);
	return NP_OK;
}

NP_COLD_FILE_END
