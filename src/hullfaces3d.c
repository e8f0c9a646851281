// Hull faces: the triangles of a finished quickhull (hull3d.c) become polygonal faces, written
// as the hull's vertices, half-edges and planes.
//
// Merging. Triangles are grouped by flood fill, seeded by the largest remaining triangle: a
// neighbour joins when its normal faces the same way and its three vertices lie within `tol` (the
// hull's tolerance, see hull3d.c) of the seed's plane. Each group's boundary is walked into a
// polygon loop; a vertex left on exactly two faces and within `tol` of the segment joining its
// neighbours (a point in the middle of an edge) is dropped. Face planes are refitted by Newell's
// method with the offset of the outermost loop vertex, so every vertex is inside every plane.
//
// Topology. Each face loop's edges become half-edges (2k and 2k+1 twins), the twin of a directed
// edge found through a vertex-pair table; every edge must be shared by exactly two loops and every
// vertex must start some half-edge, else the hull is rejected (NP_ERR_DEGENERATE). Flat hulls
// (hull3d.c) come through the same writer with their two given normals.
#include "hull3d_private.h"

#include <float.h>
#include <stddef.h>
#include <string.h>
#include "codesize.h"

NP_COLD_FILE_BEGIN // shape creation: compiled for size in the wasm (codesize.h)


// The unit normal of a face loop: the sum of its fan triangles' cross products from the first
// vertex (Newell). Each cross product is off by about DBL_EPSILON times the product of its two
// edges' lengths; on a sliver face (a vertex far from the others: a needle, a hull with points
// 1e-6 and 1e9 from the origin) the fan's edges from a far vertex are both long and that error is a
// large part of the face's small area, tilting the plane (a face vertex 364 off its own plane in
// tests/native/test_fuzz_regressions3d.c). When that bound exceeds 1e-12 of the sum, each fan
// triangle's cross product is taken instead at its vertex opposite the longest edge, i.e. from its
// two shorter edges (npTriangleNormal3's choice), whose error is relative to the triangle's area.
// Faces of ordinary hulls keep the plain sum, bit for bit.
static npVec3 loopNormal(const npVec3* vertices, const int* loop, int count)
{
	npVec3 s = v3(0.0, 0.0, 0.0);
	double errorBound = 0.0;
	npVec3 o = vertices[loop[0]];
	for (int k = 1; k + 1 < count; ++k)
	{
		npVec3 p1 = v3Sub(vertices[loop[k]], o);
		npVec3 p2 = v3Sub(vertices[loop[k + 1]], o);
		s = v3Add(s, v3Cross(p1, p2));
		errorBound += sqrt(v3LengthSq(p1) * v3LengthSq(p2));
	}
	if (errorBound * 0x1p-52 <= 1.0e-12 * v3Length(s))
		return v3Normalize(s);

	npVec3 robust = v3(0.0, 0.0, 0.0);
	for (int k = 1; k + 1 < count; ++k)
	{
		robust = v3Add(robust, npTriangleCross3(o, vertices[loop[k]], vertices[loop[k + 1]]));
	}
	return v3Normalize(robust);
}

bool npHullWriteTopology3(qhWork* w, npHull3* hull, int faceCount, const npVec3* normals)
{
	memset(w->pairTable, 0xFF, sizeof(w->pairTable));
	int edgeCount = 0;
	for (int f = 0; f < faceCount; ++f)
	{
		int begin = w->loopStart[f], end = w->loopStart[f + 1], count = end - begin;
		int first = -1, prev = -1;
		for (int k = 0; k < count; ++k)
		{
			int a = w->loopPoints[begin + k], b = w->loopPoints[begin + (k + 1) % count];
			int h;
			uint16_t other = w->pairTable[b * NP_MAX_HULL_VERTICES + a];
			if (w->pairTable[a * NP_MAX_HULL_VERTICES + b] != 0xFFFF)
				return false; // the same directed edge twice
			if (other != 0xFFFF)
				h = other ^ 1;
			else
			{
				if (2 * edgeCount + 2 > NP_MAX_HULL_HALF_EDGES)
					return false;
				h = 2 * edgeCount;
				edgeCount += 1;
			}
			w->pairTable[a * NP_MAX_HULL_VERTICES + b] = (uint16_t)h;
			hull->halfEdges[h].origin = (uint16_t)a;
			hull->halfEdges[h].twin = (uint16_t)(h ^ 1);
			hull->halfEdges[h].face = (uint16_t)f;
			if (prev >= 0)
				hull->halfEdges[prev].next = (uint16_t)h;
			else
				first = h;
			prev = h;
		}
		hull->halfEdges[prev].next = (uint16_t)first;
		hull->faceEdge[f] = (uint16_t)first;

		// Plane: the given normal (flat hulls) or Newell's normal of the loop; the offset of the
		// outermost loop vertex.
		npVec3 nrm;
		if (normals != NULL)
			nrm = normals[f];
		else
		{
			nrm = loopNormal(hull->vertices, w->loopPoints + begin, count);
			if (v3LengthSq(nrm) == 0.0)
				return false;
		}
		double offset = -DBL_MAX;
		for (int k = 0; k < count; ++k)
			offset = np3Max(offset, v3Dot(nrm, hull->vertices[w->loopPoints[begin + k]]));
		hull->planes[f].normal = nrm;
		hull->planes[f].offset = offset;
	}
	// Every half-edge needs its twin on some face.
	for (int h = 0; h < 2 * edgeCount; ++h)
	{
		const npHalfEdge3* e = &hull->halfEdges[h];
		int a = e->origin, b = hull->halfEdges[e->twin].origin;
		if (w->pairTable[a * NP_MAX_HULL_VERTICES + b] != h ||
			w->pairTable[b * NP_MAX_HULL_VERTICES + a] != (h ^ 1))
			return false;
	}
	hull->faceCount = faceCount;
	hull->halfEdgeCount = 2 * edgeCount;
	for (int v = 0; v < hull->vertexCount; ++v)
		hull->vertexEdge[v] = 0xFFFF;
	for (int h = 0; h < hull->halfEdgeCount; ++h)
		if (hull->vertexEdge[hull->halfEdges[h].origin] == 0xFFFF)
			hull->vertexEdge[hull->halfEdges[h].origin] = (uint16_t)h;
	for (int v = 0; v < hull->vertexCount; ++v)
		if (hull->vertexEdge[v] == 0xFFFF)
			return false;
	return true;
}

// Lists the live triangles in w->order, largest first (insertion sort by area, ties by slot:
// deterministic; n <= ~510), with their areas in w->area. Returns their number.
static int qhSortByArea(qhWork* w)
{
	int triangles = 0;
	for (int t = 0; t < w->triCount; ++t)
	{
		qhTri* f = &w->tri[t];
		f->group = QH_NONE;
		if (!f->alive)
			continue;
		double twice;
		npTriangleNormal3(w->p[f->v[0]], w->p[f->v[1]], w->p[f->v[2]], &twice);
		w->area[t] = twice;
		w->order[triangles++] = t;
	}

	for (int i = 1; i < triangles; ++i)
	{
		int t = w->order[i], j = i;
		while (j > 0 && w->area[w->order[j - 1]] < w->area[t])
		{
			w->order[j] = w->order[j - 1];
			j -= 1;
		}
		w->order[j] = t;
	}
	return triangles;
}

// Groups the triangles by flood fill from the largest one not yet grouped: a neighbour joins when
// it faces the same way as the seed and its vertices lie within tol of the seed's plane (`merge`
// false: every triangle is its own group). Sets each triangle's group and *groupCount.
// A neighbour must also face within about 1.4e-3 rad of the seed. Closeness to the seed's plane
// alone lets a sliver (points within 1e-7 of a line) merge faces folded far apart, since planes
// through that line at many angles hold its points within tol: the merged surface lost its sides,
// and rays beside the sliver hit it (fuzz_rays3d; a 25-degree cone still let a side merge 19
// degrees from the top). Triangles of a genuinely flat face share its normal up to their
// rounding, far inside that cone; a hull whose triangles are not merged stays correct, with more
// faces.
#define MERGE_MIN_COSINE (1.0 - 1.0e-6)

static npResult qhGroupCoplanar(qhWork* w, int triangles, double tol, bool merge, int* groupCount)
{
	int count = 0;
	for (int i = 0; i < triangles; ++i)
	{
		int seed = w->order[i];
		if (w->tri[seed].group != QH_NONE)
			continue;
		if (count >= NP_MAX_HULL_FACES)
			return NP_ERR_TOO_MANY_POINTS;
		int g = count++;
		npVec3 sn = w->tri[seed].normal;
		double so = w->tri[seed].offset;
		int top = 0;
		w->stack[top++] = seed;
		w->tri[seed].group = g;
		while (top > 0 && merge)
		{
			int t = w->stack[--top];
			for (int k = 0; k < 3; ++k)
			{
				int u = w->tri[t].n[k];
				qhTri* f = &w->tri[u];
				if (f->group != QH_NONE || v3Dot(f->normal, sn) <= MERGE_MIN_COSINE)
					continue;
				bool coplanar = true;
				for (int j = 0; j < 3; ++j)
					if (fabs(v3Dot(sn, w->p[f->v[j]]) - so) > tol)
						coplanar = false;
				if (coplanar)
				{
					f->group = g;
					w->stack[top++] = u;
				}
			}
		}
	}
	*groupCount = count;
	return NP_OK;
}

// Walks each group's boundary into a loop of point indices (w->loopStart, w->loopPoints), face by
// face in group order; *used is the number of loop points written. Sets *retry when some group
// has a hole (its loop misses boundary edges).
static npResult qhWalkLoops(qhWork* w, int triangles, int groupCount, int* used, bool* retry)
{
	int written = 0;
	for (int g = 0; g < groupCount; ++g)
		w->loopStart[g] = -1;
	int boundaryTotal = 0;
	for (int i = 0; i < triangles; ++i)
	{
		const qhTri* f = &w->tri[w->order[i]];
		for (int k = 0; k < 3; ++k)
			if (w->tri[f->n[k]].group != f->group)
				boundaryTotal += 1;
	}

	for (int g = 0; g < groupCount; ++g)
	{
		int startT = QH_NONE, startK = 0;
		for (int i = 0; i < triangles && startT == QH_NONE; ++i)
		{
			int t = w->order[i];
			if (w->tri[t].group != g)
				continue;
			for (int k = 0; k < 3; ++k)
				if (w->tri[w->tri[t].n[k]].group != g)
				{
					startT = t;
					startK = k;
					break;
				}
		}
		if (startT == QH_NONE)
			return NP_ERR_DEGENERATE;

		w->loopStart[g] = written;
		int t = startT, k = startK;
		int guard = 0;
		do
		{
			if (written >= NP_MAX_HULL_HALF_EDGES * 2)
				return NP_ERR_TOO_MANY_POINTS;
			w->loopPoints[written++] = w->tri[t].v[k];
			// The next boundary edge starts where this one ends: turn around that point inside
			// the group until an edge to another group is found.
			int v = w->tri[t].v[(k + 1) % 3];
			int j = (k + 1) % 3;
			int turns = 0;
			while (w->tri[w->tri[t].n[j]].group == g && turns < QH_MAX_TRIS)
			{
				int u = w->tri[t].n[j];
				int back = qhEdgeIndex(&w->tri[u], w->tri[t].v[(j + 1) % 3], v);
				if (back < 0)
					return NP_ERR_DEGENERATE;
				t = u;
				j = (back + 1) % 3;
				turns += 1;
			}
			k = j;
			guard += 1;
		} while ((t != startT || k != startK) && guard <= boundaryTotal);
		if (t != startT || k != startK)
			return NP_ERR_DEGENERATE;

		// A loop that passes a point twice is pinched: the group wrapped around it (on a sliver
		// whose points lie within 1e-7 of a line, planes through that line at every angle hold
		// them all within tol, and the top, bottom and sides merged into one loop through a point
		// twice, leaving the hull without its side faces: a ray 0.017 beside it hit it,
		// fuzz_rays3d). Such a hull is written unmerged, as one with a hole.
		for (int a = w->loopStart[g]; a < written; ++a)
			for (int b = a + 1; b < written; ++b)
				if (w->loopPoints[a] == w->loopPoints[b])
				{
					*retry = true;
					return NP_ERR_DEGENERATE;
				}
	}

	w->loopStart[groupCount] = written;
	*used = written;
	if (written != boundaryTotal)
	{
		*retry = true; // a group with a hole
		return NP_ERR_DEGENERATE;
	}
	return NP_OK;
}

// Points on exactly two loops that sit within tol of the segment between their loop neighbours
// are in the middle of an edge: marks them in w->removeVertex (never below 3 vertices per face).
static void qhMarkEdgeMidpoints(qhWork* w, int groupCount, int used, double tol)
{
	for (int k = 0; k < used; ++k)
	{
		w->loopCount[w->loopPoints[k]] = 0;
		w->removeVertex[w->loopPoints[k]] = -1;
	}
	for (int k = 0; k < used; ++k)
		w->loopCount[w->loopPoints[k]] += 1;
	int faceSize[NP_MAX_HULL_FACES];
	for (int g = 0; g < groupCount; ++g)
		faceSize[g] = w->loopStart[g + 1] - w->loopStart[g];

	for (int g = 0; g < groupCount; ++g)
	{
		int begin = w->loopStart[g], count = w->loopStart[g + 1] - begin;
		for (int k = 0; k < count; ++k)
		{
			int v = w->loopPoints[begin + k];
			if (w->loopCount[v] != 2 || w->removeVertex[v] != -1)
				continue;
			int a = w->loopPoints[begin + (k + count - 1) % count];
			int b = w->loopPoints[begin + (k + 1) % count];
			npVec3 ab = v3Sub(w->p[b], w->p[a]);
			double len2 = v3LengthSq(ab);
			double t = len2 > 0.0 ? v3Dot(v3Sub(w->p[v], w->p[a]), ab) / len2 : 0.0;
			double d = v3Length(v3Sub(w->p[v], v3MulAdd(w->p[a], t, ab)));
			w->removeVertex[v] = (t > 0.0 && t < 1.0 && d <= tol) ? 1 : 0;
			if (!w->removeVertex[v])
				continue;

			// Both faces through v lose it; keep it if either would drop below 3.
			int other = -1;
			for (int h = 0; h < groupCount && other < 0; ++h)
			{
				if (h == g)
					continue;
				for (int q = w->loopStart[h]; q < w->loopStart[h + 1]; ++q)
					if (w->loopPoints[q] == v)
					{
						other = h;
						break;
					}
			}
			if (other < 0 || faceSize[g] <= 3 || faceSize[other] <= 3)
				w->removeVertex[v] = 0;
			else
			{
				faceSize[g] -= 1;
				faceSize[other] -= 1;
			}
		}
	}
}

// Final vertex numbering, in order of first appearance: writes the hull's vertices and rewrites
// the loops in hull vertex indices, without the points marked for removal.
static npResult qhNumberVertices(qhWork* w, int groupCount, int used, npHull3* hull)
{
	int vertexCount = 0;
	for (int k = 0; k < used; ++k)
		w->vertexMap[w->loopPoints[k]] = QH_NONE;
	int out = 0;
	for (int g = 0; g < groupCount; ++g)
	{
		int begin = w->loopStart[g], end = w->loopStart[g + 1];
		w->loopStart[g] = out;
		for (int k = begin; k < end; ++k)
		{
			int v = w->loopPoints[k];
			if (w->removeVertex[v] == 1)
				continue;
			if (w->vertexMap[v] == QH_NONE)
			{
				if (vertexCount >= NP_MAX_HULL_VERTICES)
					return NP_ERR_TOO_MANY_POINTS;
				w->vertexMap[v] = vertexCount;
				hull->vertices[vertexCount++] = w->p[v];
			}
			w->loopPoints[out++] = w->vertexMap[v];
		}
	}
	w->loopStart[groupCount] = out;
	hull->vertexCount = vertexCount;
	return NP_OK;
}

// Every face plane above every hull vertex. A face whose corners are nearly in line (a needle's
// side) has a normal tilted by up to DBL_EPSILON over the sine of its angles, which over the hull's
// length can put another vertex above the plane by more than `tol` (4e-6 on a hull of size 414 in
// fuzzing, 1e-8 of it), and a separating-axis test on that plane would call a touching pair apart.
// Such a plane is moved out to its highest vertex. Planes whose highest vertex is within a
// hundredth of `tol` (rounding: every plane of an ordinary hull) are left as they are, bit for bit.
static void holdAllVertices(npHull3* hull, double tol)
{
	for (int f = 0; f < hull->faceCount; ++f)
	{
		npPlane3* plane = &hull->planes[f];
		double highest = plane->offset;
		for (int v = 0; v < hull->vertexCount; ++v)
			highest = np3Max(highest, v3Dot(plane->normal, hull->vertices[v]));
		if (highest - plane->offset > 0.01 * tol)
			plane->offset = highest;
	}
}

npResult npHullWriteFaces3(qhWork* w, double tol, bool merge, npHull3* hull, bool* retry)
{
	*retry = false;
	int triangles = qhSortByArea(w);
	int groupCount = 0;
	npResult result = qhGroupCoplanar(w, triangles, tol, merge, &groupCount);
	if (result != NP_OK)
		return result;

	int used = 0;
	result = qhWalkLoops(w, triangles, groupCount, &used, retry);
	if (result != NP_OK)
		return result;

	qhMarkEdgeMidpoints(w, groupCount, used, tol);
	result = qhNumberVertices(w, groupCount, used, hull);
	if (result != NP_OK)
		return result;
	if (!npHullWriteTopology3(w, hull, groupCount, NULL))
		return NP_ERR_DEGENERATE;
	holdAllVertices(hull, tol);
	return NP_OK;
}

NP_COLD_FILE_END
