// 3D shapes: transforms, constructors, the convex hull builder (quickhull), support points, the
// polyhedron view shared by SAT / clipping / EPA, and the tangent basis.
#include "polyhedron3d.h"
#include "vec3.h"

#include <float.h>
#include <stddef.h>
#include <string.h>

static bool isUsable3(double x)
{
	// Rejects NaN (comparison false), infinities and values whose products would overflow.
	return x >= -NP_HUGE && x <= NP_HUGE;
}

static bool isUsableVec3(npVec3 v)
{
	return isUsable3(v.x) && isUsable3(v.y) && isUsable3(v.z);
}

npResult npMakeTransform3(npVec3 position, npQuat rotation, npTransform3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!isUsableVec3(position) || !isUsable3(rotation.x) || !isUsable3(rotation.y) ||
		!isUsable3(rotation.z) || !isUsable3(rotation.w))
		return NP_ERR_NON_FINITE;
	// Any finite quaternion that is not (nearly) zero is normalised; a unit input stays bit-exact
	// because its length rounds to 1.
	double lenSq = rotation.x * rotation.x + rotation.y * rotation.y + rotation.z * rotation.z +
				   rotation.w * rotation.w;
	if (!(lenSq >= 1.0e-12))
		return NP_ERR_INVALID_TRANSFORM;
	double len = sqrt(lenSq);
	npQuat q = rotation;
	if (len != 1.0)
	{
		double inv = 1.0 / len;
		q = (npQuat){ inv * rotation.x, inv * rotation.y, inv * rotation.z, inv * rotation.w };
	}
	out->p = position;
	out->q = q;
	return NP_OK;
}

static void clearShape3(npShape3* out, npShapeType3 type)
{
	memset(out, 0, sizeof(*out));
	out->type = type;
	out->hull = NULL;
}

npResult npMakeSphere(double radius, npShape3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!isUsable3(radius))
		return NP_ERR_NON_FINITE;
	if (!(radius > 0.0))
		return NP_ERR_INVALID_RADIUS;
	clearShape3(out, NP_SHAPE_SPHERE);
	out->radius = radius;
	return NP_OK;
}

npResult npMakeCapsule3(double halfHeight, double radius, npShape3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!isUsable3(halfHeight) || !isUsable3(radius))
		return NP_ERR_NON_FINITE;
	if (!(halfHeight > 0.0))
		return NP_ERR_INVALID_EXTENT;
	if (!(radius > 0.0))
		return NP_ERR_INVALID_RADIUS;
	clearShape3(out, NP_SHAPE_CAPSULE3);
	out->radius = radius;
	out->halfHeight = halfHeight;
	return NP_OK;
}

npResult npMakeBox3(npVec3 halfExtents, npShape3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!isUsableVec3(halfExtents))
		return NP_ERR_NON_FINITE;
	if (!(halfExtents.x > 0.0) || !(halfExtents.y > 0.0) || !(halfExtents.z > 0.0))
		return NP_ERR_INVALID_EXTENT;
	clearShape3(out, NP_SHAPE_BOX3);
	out->halfExtents = halfExtents;
	return NP_OK;
}

npResult npMakeTriangle3(npVec3 a, npVec3 b, npVec3 c, npShape3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (!isUsableVec3(a) || !isUsableVec3(b) || !isUsableVec3(c))
		return NP_ERR_NON_FINITE;
	// Degenerate when twice the area is below a scale-relative tolerance times the longest edge,
	// i.e. when some vertex is (nearly) on the line through the other two.
	npVec3 ab = v3Sub(b, a), bc = v3Sub(c, b), ca = v3Sub(a, c);
	double longest = sqrt(np3Max(v3LengthSq(ab), np3Max(v3LengthSq(bc), v3LengthSq(ca))));
	double scale = np3Max(v3MaxAbs(a), np3Max(v3MaxAbs(b), v3MaxAbs(c)));
	double twiceArea = v3Length(v3Cross(ab, v3Neg(ca)));
	double tol = 1.0e-10 * longest + 1.0e-13 * scale;
	if (!(longest > 0.0) || !(twiceArea > tol * longest))
		return NP_ERR_DEGENERATE;
	clearShape3(out, NP_SHAPE_TRIANGLE3);
	out->triangle[0] = a;
	out->triangle[1] = b;
	out->triangle[2] = c;
	return NP_OK;
}

npResult npMakeHullShape3(const npHull3* hull, npShape3* out)
{
	if (out == NULL || hull == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	if (hull->vertexCount < 3 || hull->vertexCount > NP_MAX_HULL_VERTICES || hull->faceCount < 2 ||
		hull->faceCount > NP_MAX_HULL_FACES || hull->halfEdgeCount > NP_MAX_HULL_HALF_EDGES)
		return NP_ERR_INVALID_ARGUMENT;
	clearShape3(out, NP_SHAPE_HULL3);
	out->hull = hull;
	return NP_OK;
}

// ------------------------------------------------------------------------------------------------
// Convex hull: quickhull (Barber, Dobkin, Huhdanpaa 1996) on triangles, then coplanar triangles are
// merged into polygonal faces.
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
// Merging. Triangles are grouped by flood fill, seeded by the largest remaining triangle: a
// neighbour joins when its normal faces the same way and its three vertices lie within `tol` of
// the seed's plane. Each group's boundary is walked into a polygon loop; a vertex left on exactly
// two faces and within `tol` of the segment joining its neighbours (a point in the middle of an
// edge) is dropped. Face planes are refitted by Newell's method with the offset of the outermost
// loop vertex, so every vertex is inside every plane.
//
// Flat input (all points within `tol` of one plane) is hulled in 2D (monotone chain in a basis of
// that plane) and stored as a two-sided polygon: face 0 along the plane normal, face 1 opposite.

#define QH_MAX_TRIS 1100
#define QH_NONE (-1)

typedef struct qhTri
{
	int v[3];       // point indices, counter-clockwise seen from outside
	int n[3];       // neighbour across edge v[i] -> v[i+1]
	npVec3 normal;  // unit outward normal
	double offset;  // plane offset
	int head;       // first conflict point (index into points), or QH_NONE
	int far;        // farthest conflict point
	double farDist; // its distance above the plane
	int alive;
	int mark;       // visit mark
	int group;      // merged face index
} qhTri;

typedef struct qhWork
{
	npVec3 p[NP_MAX_HULL_INPUT];
	int nextPoint[NP_MAX_HULL_INPUT];
	qhTri tri[QH_MAX_TRIS];
	int freeList[QH_MAX_TRIS];
	int freeCount;
	int triCount; // slots used so far
	int stack[QH_MAX_TRIS];
	int gathered[NP_MAX_HULL_INPUT];
	int horizonA[QH_MAX_TRIS], horizonB[QH_MAX_TRIS], horizonN[QH_MAX_TRIS];
	int newTri[QH_MAX_TRIS];
	int startOf[NP_MAX_HULL_INPUT]; // horizon: new triangle whose base edge starts at a point
	int endOf[NP_MAX_HULL_INPUT];   // horizon: new triangle whose base edge ends at a point
	int vertexMap[NP_MAX_HULL_INPUT];
	int loopCount[NP_MAX_HULL_INPUT];
	signed char removeVertex[NP_MAX_HULL_INPUT];
	int loopStart[NP_MAX_HULL_FACES + 1];
	int loopPoints[NP_MAX_HULL_HALF_EDGES * 2];
	uint16_t pairTable[NP_MAX_HULL_VERTICES * NP_MAX_HULL_VERTICES];
	int order[QH_MAX_TRIS];
	double area[QH_MAX_TRIS];
} qhWork;

// A unit normal of triangle abc from the two edges meeting at the vertex opposite the longest edge
// (the best-conditioned cross product); zero when degenerate.
static npVec3 triangleNormal(npVec3 a, npVec3 b, npVec3 c, double* twiceArea)
{
	npVec3 ab = v3Sub(b, a), bc = v3Sub(c, b), ca = v3Sub(a, c);
	double lab = v3LengthSq(ab), lbc = v3LengthSq(bc), lca = v3LengthSq(ca);
	npVec3 n;
	if (lab >= lbc && lab >= lca)
		n = v3Cross(bc, ca); // vertex c is opposite the longest edge ab
	else if (lbc >= lca)
		n = v3Cross(ca, ab); // vertex a
	else
		n = v3Cross(ab, bc); // vertex b
	double len = v3Length(n);
	*twiceArea = len;
	return len > 0.0 ? v3Scale(1.0 / len, n) : v3(0.0, 0.0, 0.0);
}

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
	f->normal = triangleNormal(w->p[a], w->p[b], w->p[c], &twice);
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

// Index k of the edge of triangle t that runs from point a to point b, or -1.
static int qhEdgeIndex(const qhTri* t, int a, int b)
{
	for (int k = 0; k < 3; ++k)
		if (t->v[k] == a && t->v[(k + 1) % 3] == b)
			return k;
	return -1;
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

static double v3Component(npVec3 v, int k)
{
	return k == 0 ? v.x : (k == 1 ? v.y : v.z);
}

typedef enum qhStatus
{
	QH_OK = 0,
	QH_FLAT = 1,
	QH_DEGENERATE = 2,
	QH_TOO_MANY = 3,
} qhStatus;

// Builds the triangle hull. On QH_FLAT, `flatPoints` holds 3 non-collinear point indices.
static qhStatus qhBuild(qhWork* w, int n, double tol, int flatPoints[3])
{
	w->freeCount = 0;
	w->triCount = 0;

	// Initial simplex: the two extreme points along the widest axis, the point farthest from their
	// line, the point farthest from the plane of those three.
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
	double twice;
	npVec3 pn = triangleNormal(w->p[i0], w->p[i1], w->p[i2], &twice);
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
	if (i3 < 0)
		return QH_FLAT;

	// Orient the tetrahedron so that every face looks away from the opposite vertex.
	if (v3Dot(pn, w->p[i3]) - po > 0.0)
	{
		int t = i1;
		i1 = i2;
		i2 = t;
	}
	int t0 = qhNewTri(w, i0, i1, i2);
	int t1 = qhNewTri(w, i0, i3, i1);
	int t2 = qhNewTri(w, i1, i3, i2);
	int t3 = qhNewTri(w, i2, i3, i0);
	int tets[4] = { t0, t1, t2, t3 };
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
		if (i != i0 && i != i1 && i != i2 && i != i3)
			qhAssign(w, i, tets, 4, tol);

	int vertexCount = 4;
	int maxSteps = n + 8;
	for (int step = 0; step < maxSteps; ++step)
	{
		// The globally farthest conflict point.
		int from = QH_NONE;
		for (int t = 0; t < w->triCount; ++t)
			if (w->tri[t].alive && w->tri[t].far != QH_NONE &&
				(from == QH_NONE || w->tri[t].farDist > w->tri[from].farDist))
				from = t;
		if (from == QH_NONE)
			return QH_OK;
		int eye = w->tri[from].far;
		npVec3 e = w->p[eye];

		// Flood the triangles that see the eye, starting from the one it belongs to.
		for (int t = 0; t < w->triCount; ++t)
			w->tri[t].mark = 0;
		int visibleCount = 0, top = 0;
		w->stack[top++] = from;
		w->tri[from].mark = 1;
		while (top > 0)
		{
			int t = w->stack[--top];
			w->newTri[visibleCount++] = t; // reuse as the list of visible triangles
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

		// Horizon edges, in the visible triangles' winding. They must form one simple loop: every
		// point starts one edge and ends one edge, and following them visits them all.
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
		for (int k = 0; k < horizonCount; ++k)
			w->startOf[w->horizonA[k]] = w->endOf[w->horizonB[k]] = QH_NONE;
		for (int k = 0; k < horizonCount && valid; ++k)
		{
			if (w->startOf[w->horizonA[k]] != QH_NONE || w->endOf[w->horizonB[k]] != QH_NONE)
				valid = false;
			w->startOf[w->horizonA[k]] = k;
			w->endOf[w->horizonB[k]] = k;
		}
		if (valid && horizonCount >= 3)
		{
			int k = 0, steps = 0;
			do
			{
				k = w->startOf[w->horizonB[k]];
				steps += 1;
			} while (k != QH_NONE && k != 0 && steps <= horizonCount);
			valid = (k == 0 && steps == horizonCount);
		}
		else
			valid = false;
		if (valid && vertexCount + 1 > NP_MAX_HULL_VERTICES)
			return QH_TOO_MANY;
		if (valid && w->freeCount + (QH_MAX_TRIS - w->triCount) + visibleCount < horizonCount)
			valid = false;

		// Gather the conflict points of the visible triangles (the eye aside).
		int gatheredCount = 0;
		if (!valid)
		{
			// Numerically inconsistent visibility (the eye is barely outside): drop the eye.
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
			continue;
		}
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

		// Fan new triangles (a, b, eye) over the horizon and link them.
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
				return QH_DEGENERATE; // links broken by rounding (nearly collinear input with repeats)
			w->tri[g].n[j] = t;
		}
		for (int k = 0; k < horizonCount; ++k)
		{
			qhTri* f = &w->tri[w->newTri[k]];
			f->n[1] = w->newTri[w->startOf[w->horizonB[k]]];
			f->n[2] = w->newTri[w->endOf[w->horizonA[k]]];
		}
		vertexCount += 1;
		for (int k = 0; k < gatheredCount; ++k)
			qhAssign(w, w->gathered[k], w->newTri, horizonCount, tol);
	}
	return QH_OK;
}

// Writes half-edges, faces and planes from face loops (lists of hull vertex indices, counter-
// clockwise from outside). Twins are found with a vertex-pair table; returns false when some edge
// is not shared by exactly two loops.
static bool buildTopology(qhWork* w, npHull3* hull, int faceCount, const npVec3* normals)
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
			npVec3 s = v3(0.0, 0.0, 0.0);
			npVec3 o = hull->vertices[w->loopPoints[begin]];
			for (int k = 1; k + 1 < count; ++k)
			{
				npVec3 p1 = v3Sub(hull->vertices[w->loopPoints[begin + k]], o);
				npVec3 p2 = v3Sub(hull->vertices[w->loopPoints[begin + k + 1]], o);
				s = v3Add(s, v3Cross(p1, p2));
			}
			nrm = v3Normalize(s);
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

// Groups the triangles into faces and writes the hull. `merge` false keeps every triangle. Sets
// *retry when a merged group is not a disk (then the caller runs it again without merging).
static npResult qhMergeAndWrite(qhWork* w, double tol, bool merge, npHull3* hull, bool* retry)
{
	*retry = false;
	int triangles = 0;
	for (int t = 0; t < w->triCount; ++t)
	{
		qhTri* f = &w->tri[t];
		f->group = QH_NONE;
		if (!f->alive)
			continue;
		double twice;
		triangleNormal(w->p[f->v[0]], w->p[f->v[1]], w->p[f->v[2]], &twice);
		w->area[t] = twice;
		w->order[triangles++] = t;
	}
	// Largest triangles first (insertion sort by area, ties by slot: deterministic; n <= ~510).
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

	int groupCount = 0;
	for (int i = 0; i < triangles; ++i)
	{
		int seed = w->order[i];
		if (w->tri[seed].group != QH_NONE)
			continue;
		if (groupCount >= NP_MAX_HULL_FACES)
			return NP_ERR_TOO_MANY_POINTS;
		int g = groupCount++;
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
				if (f->group != QH_NONE || v3Dot(f->normal, sn) <= 0.0)
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

	// Walk each group's boundary into a loop of point indices.
	int used = 0;
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
	// Loops are written face by face in group order.
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
		w->loopStart[g] = used;
		int t = startT, k = startK;
		int guard = 0;
		do
		{
			if (used >= NP_MAX_HULL_HALF_EDGES * 2)
				return NP_ERR_TOO_MANY_POINTS;
			w->loopPoints[used++] = w->tri[t].v[k];
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
	}
	w->loopStart[groupCount] = used;
	if (used != boundaryTotal)
	{
		*retry = true; // a group with a hole
		return NP_ERR_DEGENERATE;
	}

	// Points on exactly two loops that sit within tol of the segment between their loop
	// neighbours are in the middle of an edge: drop them (never below 3 vertices per face).
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
			if (w->removeVertex[v])
			{
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

	// Final vertex numbering, in order of first appearance.
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
	if (!buildTopology(w, hull, groupCount, NULL))
		return NP_ERR_DEGENERATE;
	return NP_OK;
}

// Lexicographic order of 2D coordinates, then index (total order: deterministic).
static bool flatLess(const double* u, const double* v, int a, int b)
{
	return u[a] < u[b] || (u[a] == u[b] && (v[a] < v[b] || (v[a] == v[b] && a < b)));
}

// Flat hull: monotone chain in the plane of points i0, i1, i2, written as a two-sided polygon.
static npResult flatHull(qhWork* w, int n, double tol, const int tri[3], npHull3* hull)
{
	double twice;
	npVec3 normal = triangleNormal(w->p[tri[0]], w->p[tri[1]], w->p[tri[2]], &twice);
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
		for (int root = start;;)
		{
			int child = 2 * root + 1;
			if (child >= n)
				break;
			if (child + 1 < n && flatLess(u, v, idx[child], idx[child + 1]))
				child += 1;
			if (!flatLess(u, v, idx[root], idx[child]))
				break;
			int t = idx[root]; idx[root] = idx[child]; idx[child] = t;
			root = child;
		}
	for (int end = n - 1; end > 0; --end)
	{
		int t = idx[0]; idx[0] = idx[end]; idx[end] = t;
		for (int root = 0;;)
		{
			int child = 2 * root + 1;
			if (child >= end)
				break;
			if (child + 1 < end && flatLess(u, v, idx[child], idx[child + 1]))
				child += 1;
			if (!flatLess(u, v, idx[root], idx[child]))
				break;
			int s = idx[root]; idx[root] = idx[child]; idx[child] = s;
			root = child;
		}
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
	if (!buildTopology(w, hull, 2, normals))
		return NP_ERR_DEGENERATE;
	hull->flat = true;
	return NP_OK;
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
	// Volume centroid: tetrahedra from vertex 0 to every face's fan triangles.
	double volume = 0.0;
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
			c = v3MulAdd(c, vol / 4.0, v3Add(p0, v3Add(p1, p2)));
			h = hn;
		}
	}
	hull->centroid = volume > 0.0 ? v3Add(r, v3Scale(1.0 / volume, c)) : r;
}

// ------------------------------------------------------------------------------------------------
// Support cells: a lookup table that answers most hull support queries from a short list.
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

static void buildSupportCells(npHull3* hull)
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
				// Every vertex is written to the list and kept unless beaten: no branch on the
				// outcomes, which are unpredictable and come for every vertex of every cell.
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

npResult npMakeHull3(const npVec3* points, int count, npHull3* hull)
{
	if (points == NULL || hull == NULL || count < 0)
		return NP_ERR_INVALID_ARGUMENT;
	if (count > NP_MAX_HULL_INPUT)
		return NP_ERR_TOO_MANY_POINTS;
	npVec3 lo = v3(0.0, 0.0, 0.0), hi = v3(0.0, 0.0, 0.0);
	double maxAbs = 0.0;
	for (int i = 0; i < count; ++i)
	{
		if (!isUsableVec3(points[i]))
			return NP_ERR_NON_FINITE;
		if (i == 0)
			lo = hi = points[i];
		lo = v3(np3Min(lo.x, points[i].x), np3Min(lo.y, points[i].y), np3Min(lo.z, points[i].z));
		hi = v3(np3Max(hi.x, points[i].x), np3Max(hi.y, points[i].y), np3Max(hi.z, points[i].z));
		maxAbs = np3Max(maxAbs, v3MaxAbs(points[i]));
	}
	if (count < 3)
		return NP_ERR_DEGENERATE;
	double extent = v3MaxAbs(v3Sub(hi, lo));
	double tol = 1.0e-10 * extent + 1.0e-13 * maxAbs;

	// About 300 KB of scratch on the stack (the core never allocates).
	qhWork work;
	qhWork* w = &work;
	memset(hull, 0, sizeof(*hull));
	for (int i = 0; i < count; ++i)
		w->p[i] = points[i];
	int flatPoints[3];
	qhStatus status = qhBuild(w, count, tol, flatPoints);
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
		result = qhMergeAndWrite(w, tol, true, hull, &retry);
		if (retry)
			result = qhMergeAndWrite(w, tol, false, hull, &retry);
	}
	if (result != NP_OK)
	{
		memset(hull, 0, sizeof(*hull));
		return result;
	}
	hullCentroid(hull);
	buildSupportCells(hull);
	return NP_OK;
}

// ------------------------------------------------------------------------------------------------
// Support points and the polyhedron view.

npVec3 npSupport3(const npShape3* shape, npVec3 d)
{
	switch (shape->type)
	{
		case NP_SHAPE_SPHERE:
			return v3(0.0, 0.0, 0.0);
		case NP_SHAPE_CAPSULE3:
			return v3(0.0, d.y >= 0.0 ? shape->halfHeight : -shape->halfHeight, 0.0);
		case NP_SHAPE_BOX3:
		{
			npVec3 h = shape->halfExtents;
			return v3(d.x >= 0.0 ? h.x : -h.x, d.y >= 0.0 ? h.y : -h.y, d.z >= 0.0 ? h.z : -h.z);
		}
		case NP_SHAPE_TRIANGLE3:
		{
			int best = 0;
			double bestValue = v3Dot(shape->triangle[0], d);
			for (int i = 1; i < 3; ++i)
			{
				double value = v3Dot(shape->triangle[i], d);
				if (value > bestValue)
				{
					best = i;
					bestValue = value;
				}
			}
			return shape->triangle[best];
		}
		case NP_SHAPE_HULL3:
		{
			npPolyhedron3 view;
			npMakePolyhedron3(shape, &view);
			return shape->hull->vertices[npPolyhedronSupportXYZ3(&view, d.x, d.y, d.z)];
		}
	}
	return v3(0.0, 0.0, 0.0);
}

// Unit box topology (vertex i has x, y, z signs from bits 0, 1, 2). Faces: -x, +x, -y, +y, -z, +z
// with loops {0,4,6,2}, {1,3,7,5}, {0,1,5,4}, {2,6,7,3}, {0,2,3,1}, {4,5,7,6}, counter-clockwise
// seen from outside; half-edges numbered by the same pairing as buildTopology.
static const npHalfEdge3 boxHalfEdges[24] = {
	{ 0, 1, 2, 0 }, { 4, 0, 16, 2 }, { 4, 3, 4, 0 }, { 6, 2, 19, 5 }, { 6, 5, 6, 0 },
	{ 2, 4, 20, 3 }, { 2, 7, 0, 0 }, { 0, 6, 23, 4 }, { 1, 9, 10, 1 }, { 3, 8, 17, 4 },
	{ 3, 11, 12, 1 }, { 7, 10, 22, 3 }, { 7, 13, 14, 1 }, { 5, 12, 21, 5 }, { 5, 15, 8, 1 },
	{ 1, 14, 18, 2 }, { 0, 17, 15, 2 }, { 1, 16, 7, 4 }, { 5, 19, 1, 2 }, { 4, 18, 13, 5 },
	{ 6, 21, 11, 3 }, { 7, 20, 3, 5 }, { 3, 23, 5, 3 }, { 2, 22, 9, 4 },
};
static const uint16_t boxFaceEdge[6] = { 0, 8, 16, 5, 7, 19 };
static const uint16_t boxVertexEdge[8] = { 0, 8, 5, 9, 1, 13, 3, 11 };

// Triangle: edge k runs from vertex k to k+1 on face 0 (half-edge 2k) and back on face 1 (2k+1).
static const npHalfEdge3 triangleHalfEdges[6] = {
	{ 0, 1, 2, 0 }, { 1, 0, 5, 1 }, { 1, 3, 4, 0 }, { 2, 2, 1, 1 }, { 2, 5, 0, 0 }, { 0, 4, 3, 1 },
};
static const uint16_t triangleFaceEdge[2] = { 0, 1 };
static const uint16_t triangleVertexEdge[3] = { 0, 2, 4 };

// Segment: one edge, two halves without faces, each the other's "next" (a two-sided loop, so
// next(twin(h)) walks the edges leaving a vertex as for the other shapes).
static const npHalfEdge3 segmentHalfEdges[2] = {
	{ 0, 1, 1, NP_NO_FACE3 }, { 1, 0, 0, NP_NO_FACE3 },
};
static const uint16_t segmentVertexEdge[2] = { 0, 1 };

bool npMakePolyhedron3(const npShape3* shape, npPolyhedron3* out)
{
	out->flat = false;
	out->faceEdge = NULL;
	out->planes = NULL;
	out->halfEdges = NULL;
	out->vertexEdge = NULL;
	out->cells = NULL;
	out->cellMore = NULL;
	out->vertices = out->storageVertices;
	switch (shape->type)
	{
		case NP_SHAPE_SPHERE:
			out->vertexCount = 1;
			out->faceCount = 0;
			out->halfEdgeCount = 0;
			out->storageVertices[0] = v3(0.0, 0.0, 0.0);
			return true;
		case NP_SHAPE_CAPSULE3:
			out->vertexCount = 2;
			out->faceCount = 0;
			out->halfEdgeCount = 2;
			out->storageVertices[0] = v3(0.0, -shape->halfHeight, 0.0);
			out->storageVertices[1] = v3(0.0, shape->halfHeight, 0.0);
			out->halfEdges = segmentHalfEdges;
			out->vertexEdge = segmentVertexEdge;
			return true;
		case NP_SHAPE_BOX3:
		{
			// Vertex i has bit 0 / 1 / 2 set for +x / +y / +z. Written out (not a loop over the bits
			// with selects): the view is filled for every box query, and this is a third of the cost.
			const npVec3 h = shape->halfExtents;
			const double nx = -h.x, ny = -h.y, nz = -h.z;
			npVec3* v = out->storageVertices;
			v[0] = (npVec3){ nx, ny, nz };
			v[1] = (npVec3){ h.x, ny, nz };
			v[2] = (npVec3){ nx, h.y, nz };
			v[3] = (npVec3){ h.x, h.y, nz };
			v[4] = (npVec3){ nx, ny, h.z };
			v[5] = (npVec3){ h.x, ny, h.z };
			v[6] = (npVec3){ nx, h.y, h.z };
			v[7] = (npVec3){ h.x, h.y, h.z };
			out->storagePlanes[0] = (npPlane3){ { -1.0, 0.0, 0.0 }, h.x };
			out->storagePlanes[1] = (npPlane3){ { 1.0, 0.0, 0.0 }, h.x };
			out->storagePlanes[2] = (npPlane3){ { 0.0, -1.0, 0.0 }, h.y };
			out->storagePlanes[3] = (npPlane3){ { 0.0, 1.0, 0.0 }, h.y };
			out->storagePlanes[4] = (npPlane3){ { 0.0, 0.0, -1.0 }, h.z };
			out->storagePlanes[5] = (npPlane3){ { 0.0, 0.0, 1.0 }, h.z };
			out->vertexCount = 8;
			out->faceCount = 6;
			out->halfEdgeCount = 24;
			out->halfEdges = boxHalfEdges;
			out->faceEdge = boxFaceEdge;
			out->vertexEdge = boxVertexEdge;
			out->planes = out->storagePlanes;
			return true;
		}
		case NP_SHAPE_TRIANGLE3:
		{
			for (int i = 0; i < 3; ++i)
				out->storageVertices[i] = shape->triangle[i];
			double twice;
			npVec3 n = triangleNormal(shape->triangle[0], shape->triangle[1], shape->triangle[2], &twice);
			out->storagePlanes[0] = (npPlane3){ n, v3Dot(n, shape->triangle[0]) };
			out->storagePlanes[1] = (npPlane3){ v3Neg(n), -v3Dot(n, shape->triangle[0]) };
			out->vertexCount = 3;
			out->faceCount = 2;
			out->halfEdgeCount = 6;
			out->flat = true;
			out->halfEdges = triangleHalfEdges;
			out->faceEdge = triangleFaceEdge;
			out->vertexEdge = triangleVertexEdge;
			out->planes = out->storagePlanes;
			return true;
		}
		case NP_SHAPE_HULL3:
		{
			const npHull3* hull = shape->hull;
			out->vertexCount = hull->vertexCount;
			out->faceCount = hull->faceCount;
			out->halfEdgeCount = hull->halfEdgeCount;
			out->flat = hull->flat;
			out->vertices = hull->vertices;
			out->halfEdges = hull->halfEdges;
			out->faceEdge = hull->faceEdge;
			out->vertexEdge = hull->vertexEdge;
			out->planes = hull->planes;
			out->cells = hull->cells;
			out->cellMore = hull->cellMore;
			return true;
		}
	}
	out->vertexCount = 0;
	out->faceCount = 0;
	out->halfEdgeCount = 0;
	return false;
}

int npPolyhedronSupport3(const npPolyhedron3* poly, npVec3 d)
{
	return npPolyhedronSupportXYZ3(poly, d.x, d.y, d.z);
}

// Directions the support cells do not take: a scan of every vertex. Out of line, with the
// direction in registers, so that the cell lookup reaches it by a tail call and itself needs no
// stack frame.
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int supportByScan(const npPolyhedron3* poly, double dx, double dy, double dz)
{
	return npSupportScan3(poly->vertices, poly->vertexCount, v3(dx, dy, dz));
}

static inline uint64_t bitsOf(double x)
{
	uint64_t bits;
	memcpy(&bits, &x, sizeof bits);
	return bits;
}

static inline double doubleOf(uint64_t bits)
{
	double x;
	memcpy(&x, &bits, sizeof x);
	return x;
}

// A dot product as the lookup's running maximum keeps it (cells with more than four candidates):
// natively the number itself, in wasm its integer order key (V8 turns a select on doubles into a
// branch; see npSupportScan3). Both order the candidates the same way: the cells' dot products are
// never NaN, and -0 becomes +0 before it is keyed.
#if defined(__wasm__)
typedef uint64_t supportRank;
static inline supportRank supportRankOf(double dot) { return npOrderKey(dot + 0.0); }
#else
typedef double supportRank;
static inline supportRank supportRankOf(double dot) { return dot; }
#endif

int npPolyhedronSupportXYZ3(const npPolyhedron3* poly, double dx, double dy, double dz)
{
	const npHullCell3* cells = poly->cells;
	if (cells == NULL)
		return supportByScan(poly, dx, dy, dz);
	// The support cell of d (see buildSupportCells), worked out on the bit patterns of d's
	// components: the magnitudes of doubles order like their bit patterns, so the largest, m, and
	// the major axis a (the first of equal magnitudes) come from integer compares. Natively, d[a],
	// u = d[a+1] and v = d[a+2] are then read at a from a copy of d written out as x y z x y: GCC
	// turns selects on a into branches (unpredictable ones), and bit masks cost more. In wasm that
	// copy would live in linear memory, while selects there become conditional moves. The biased
	// exponent keeps m in [2^-830, 2^830) (beyond, dot products could underflow, or the borders
	// below leave the normal numbers): zero, tiny, huge, infinite and NaN directions go to the
	// full scan.
	_Static_assert(NP_HULL_CELL_RES == 8, "the borders below are written out for 8 cells");
	const uint64_t magnitude = 0x7FFFFFFFFFFFFFFFu;
	uint64_t sx = bitsOf(dx), sy = bitsOf(dy), sz = bitsOf(dz);
	uint64_t ax = sx & magnitude, ay = sy & magnitude, az = sz & magnitude;
	uint64_t m = ay >= az ? ay : az;
	m = ax >= m ? ax : m;
	size_t notX = ax < m, zOverY = ay < az;
	size_t axis = notX + (notX & zOverY); // 0 (x), 1 (y) or 2 (z)
#if defined(__wasm__)
	uint64_t major = notX ? (zOverY ? sz : sy) : sx;
	uint64_t u = notX ? (zOverY ? sx : sz) : sy;
	uint64_t v = notX ? (zOverY ? sy : sx) : sz;
#else
	const uint64_t ring[5] = { sx, sy, sz, sx, sy };
	uint64_t major = ring[axis], u = ring[axis + 1], v = ring[axis + 2];
#endif
	if ((m >> 52) - 193u >= 1660u)
		return supportByScan(poly, dx, dy, dz);
	// Column and row: |u| <= m, and the borders -1 + k/4 split it at m/4, m/2 and 3m/4; with u's
	// sign that gives the column's slot (cellSlot). m/4 and m/2 are m with its exponent lowered by
	// 2 and 1 (exact: m is far above the subnormals), compared on the bit patterns; |u| >= 3m/4 is
	// tested as |u| - m/2 >= m/4, exact where it decides (for |u| in [m/4, m], by Sterbenz' lemma).
	// So the cell found is exactly the one d passes through, with no division and no branch. (A
	// direction on a border may go to either side: the cells are closed.)
	uint64_t quarter = m - ((uint64_t)2 << 52), half = m - ((uint64_t)1 << 52);
	double quarterM = doubleOf(quarter), halfM = doubleOf(half);
	uint64_t au = u & magnitude, av = v & magnitude;
	size_t cu = (size_t)(au >= quarter) + (size_t)(au >= half) + (size_t)(doubleOf(au) - halfM >= quarterM);
	size_t cv = (size_t)(av >= quarter) + (size_t)(av >= half) + (size_t)(doubleOf(av) - halfM >= quarterM);
	size_t column = 4 * (size_t)(u >> 63) + cu, row = 4 * (size_t)(v >> 63) + cv;
	size_t face = 2 * axis + (size_t)(major >> 63);
	const npHullCell3* cell = &cells[(face * NP_HULL_CELL_RES + row) * NP_HULL_CELL_RES + column];
	int count = cell->count;
	if (count == 0)
		return supportByScan(poly, dx, dy, dz);
	// The first four candidates (a shorter list repeats its last), in increasing index order: the
	// better of 0 and 1, of 2 and 3, then of the two, the earlier kept on ties, which keeps the
	// lowest index among equal dot products. Only comparisons: the winner is read back from the
	// cell by its position (GCC branches on selects of the index, and bit masks cost more).
	const npVec3* vs = poly->vertices;
	const uint8_t* first = cell->first;
	const npVec3 *p0 = vs + first[0], *p1 = vs + first[1], *p2 = vs + first[2], *p3 = vs + first[3];
	double r0 = p0->x * dx + p0->y * dy + p0->z * dz;
	double r1 = p1->x * dx + p1->y * dy + p1->z * dz;
	double r2 = p2->x * dx + p2->y * dy + p2->z * dz;
	double r3 = p3->x * dx + p3->y * dy + p3->z * dz;
	size_t take1 = r1 > r0, take3 = r3 > r2;
#if defined(__wasm__)
	// max(r2, r3) > max(r0, r1) from comparisons alone: V8 turns a select on doubles into a branch.
	size_t take23 = (size_t)((r2 > r0) & (r2 > r1)) | (size_t)((r3 > r0) & (r3 > r1));
#else
	size_t take23 = (r3 > r2 ? r3 : r2) > (r1 > r0 ? r1 : r0); // two maxsd
#endif
	int best = first[2 * take23 + (take1 ^ ((take1 ^ take3) & take23))];
	if (count > 4)
	{
		// Candidates 5, 6, ...: their indices are above all four, so only a larger dot product
		// wins. (About 3% of the queries on 32-vertex hulls: the winner's dot product is computed
		// again rather than kept on the common path.)
		supportRank bestRank = supportRankOf(vs[best].x * dx + vs[best].y * dy + vs[best].z * dz);
		const uint8_t* more = poly->cellMore + cell->more;
		for (int k = 0; k < count - 4; ++k)
		{
			int c = more[k];
			supportRank r = supportRankOf(vs[c].x * dx + vs[c].y * dy + vs[c].z * dz);
			bool better = r > bestRank;
			best = better ? c : best;
			bestRank = better ? r : bestRank;
		}
	}
	return best;
}

int npSupportScan3(const npVec3* v, int count, npVec3 d)
{
	// Branch-free: the winner is unpredictable, so both the index and the running maximum are
	// updated by selects. Native compilers turn the double select into maxsd; V8 compiles a wasm
	// select on doubles into a branch, so there the running maximum is kept as an integer order
	// key (npOrderKey; -0 is first turned into +0 by adding +0, so equal values give equal keys).
	// Both forms return the lowest index with the largest dot product, the same in native code and
	// in wasm (for a direction without NaN).
	int best = 0;
#if defined(__wasm__)
	// A running pointer (V8 does not strength-reduce the index multiplication).
	uint64_t bestKey = npOrderKey(v[0].x * d.x + v[0].y * d.y + v[0].z * d.z + 0.0);
	const npVec3* end = v + count;
	int i = 1;
	for (const npVec3* q = v + 1; q < end; ++q, ++i)
	{
		uint64_t key = npOrderKey(q->x * d.x + q->y * d.y + q->z * d.z + 0.0);
		bool better = key > bestKey;
		best = better ? i : best;
		bestKey = better ? key : bestKey;
	}
#else
	double bestValue = v[0].x * d.x + v[0].y * d.y + v[0].z * d.z;
	for (int i = 1; i < count; ++i)
	{
		double value = v[i].x * d.x + v[i].y * d.y + v[i].z * d.z;
		bool better = value > bestValue;
		best = better ? i : best;
		bestValue = better ? value : bestValue;
	}
#endif
	return best;
}

void npMakeTangents3(npVec3 n, npVec3* tangent1, npVec3* tangent2)
{
	// Erin Catto, "Computing a basis" (2014): at least one of |n.x|, |n.y|, |n.z| is >= 1/sqrt(3);
	// when |n.x| is that large, (n.y, -n.x, 0) has length >= 0.577, otherwise |n.y|^2 + |n.z|^2 =
	// 1 - n.x^2 >= 2/3 and (0, n.z, -n.y) is long enough. Both are perpendicular to n.
	npVec3 t1 = fabs(n.x) >= 0.57735026918962576 ? v3(n.y, -n.x, 0.0) : v3(0.0, n.z, -n.y);
	t1 = v3Normalize(t1);
	*tangent1 = t1;
	*tangent2 = v3Cross(n, t1);
}
