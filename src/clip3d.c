// Face contacts of the polyhedron manifold, after Randy Gaul's manifold generation (2D) lifted to 3D
// and Dirk Gregorius' GDC 2013 talk. Once the separating-axis search (sat3d.c) has chosen a face
// axis, npFaceContact3 builds the contact in three steps:
//  1. Choose the incident face: of the faces around the other shape's support vertex (its deepest
//     point below the reference face), the one most anti-parallel to the reference normal, so the
//     deepest point is on the incident polygon. Around a box vertex these are three faces measured
//     directly.
//  2. Clip the incident polygon against the side planes of the reference face (Sutherland-Hodgman),
//     each cut point naming the incident edge or side plane it lies on. A box reference face skips
//     clipping when the incident polygon lies inside it (insideBoxFace, the resting case).
//  3. Emit: the points behind the reference plane (+margin) are kept, each reference point the
//     incident point moved by its depth along the normal, and reduced to four (npReduceContacts3:
//     deepest, farthest, largest triangle, most added area). Up to four points that all stay (a
//     face resting on a larger one) become the manifold in one pass. The support vertex fixes the
//     overlap: when a side plane cut it off it is added anyway, its reference point the closest
//     point of the reference face (npClosestOnFace3).
#define NP_MANIFOLD3D_INTERNAL
#include "manifold3d_private.h"
#include "closest3d.h"
#include "codesize.h"

#include <float.h>
#include <stddef.h>

// ---------------------------------------------------------------------------------- reduction

int npReduceContacts3(const npVec3* positions, const double* depths, int count, npVec3 normal,
					  int out[NP_MAX_MANIFOLD_POINTS3])
{
	if (count <= 0)
		return 0;
	// Deepest point first (lowest index on ties).
	int i0 = 0;
	for (int i = 1; i < count; ++i)
		if (depths[i] > depths[i0])
			i0 = i;
	out[0] = i0;
	if (count == 1)
		return 1;
	if (count <= NP_MAX_MANIFOLD_POINTS3)
	{
		// Keep them all, deepest first, the others in their (polygon) order.
		int k = 1;
		for (int i = 0; i < count; ++i)
			if (i != i0)
				out[k++] = i;
		return count;
	}

	// Farthest point from the deepest one, in the contact plane.
	npVec3 p0 = positions[i0];
	int i1 = -1;
	double best = -1.0;
	for (int i = 0; i < count; ++i)
	{
		npVec3 d = v3Sub(positions[i], p0);
		d = v3MulAdd(d, -v3Dot(d, normal), normal);
		double dd = v3LengthSq(d);
		if (i != i0 && dd > best)
		{
			best = dd;
			i1 = i;
		}
	}

	// The point making the largest triangle (either side) with the first two.
	npVec3 p1 = positions[i1];
	npVec3 e01 = v3Sub(p1, p0);
	int i2 = -1;
	double area2 = 0.0;
	best = -1.0;
	for (int i = 0; i < count; ++i)
	{
		if (i == i0 || i == i1)
			continue;
		double a = v3Dot(v3Cross(e01, v3Sub(positions[i], p0)), normal);
		if ((a < 0.0 ? -a : a) > best)
		{
			best = a < 0.0 ? -a : a;
			area2 = a;
			i2 = i;
		}
	}

	// The point beyond one of the triangle's edges that adds the most area: signed areas against
	// each edge, oriented so that the triangle's interior is positive.
	double sign = area2 < 0.0 ? -1.0 : 1.0;
	npVec3 p2 = positions[i2];
	int i3 = -1;
	best = 0.0;
	for (int i = 0; i < count; ++i)
	{
		if (i == i0 || i == i1 || i == i2)
			continue;
		npVec3 q = positions[i];
		double a01 = sign * v3Dot(v3Cross(v3Sub(p1, p0), v3Sub(q, p0)), normal);
		double a12 = sign * v3Dot(v3Cross(v3Sub(p2, p1), v3Sub(q, p1)), normal);
		double a20 = sign * v3Dot(v3Cross(v3Sub(p0, p2), v3Sub(q, p2)), normal);
		double a = a01 < a12 ? a01 : a12;
		a = a < a20 ? a : a20;
		if (a < best)
		{
			best = a;
			i3 = i;
		}
	}
	out[1] = i1;
	out[2] = i2;
	if (i3 < 0)
		return 3;
	out[3] = i3;
	return 4;
}

// ---------------------------------------------------------------------------------- faces

// Closest point of face f (a convex polygon of the shape) to p, given p's plane distance s: its
// projection when inside, else the nearest point of an edge it is outside of.
npVec3 npClosestOnFace3(const ClipShape* shape, int face, npVec3 p, double s)
{
	const npPolyhedron3* topo = shape->topo;
	npVec3 n = shape->planes[face].normal;
	npVec3 proj = v3MulAdd(p, -s, n);
	int start = topo->faceEdge[face], e = start, guard = 0;
	bool inside = true;
	double bestDist = DBL_MAX;
	npVec3 best = proj;
	do
	{
		const npHalfEdge3* he = topo->halfEdges + e;
		npVec3 v0 = shape->verts[he->origin], v1 = shape->verts[topo->halfEdges[he->next].origin];
		npVec3 sn = v3Cross(v3Sub(v1, v0), n);
		if (v3Dot(sn, v3Sub(proj, v0)) > 0.0)
		{
			inside = false;
			npVec3 c = npClosestOnSegment3(v0, v1, proj);
			double d = v3DistanceSq(c, proj);
			if (d < bestDist)
			{
				bestDist = d;
				best = c;
			}
		}
		e = he->next;
		++guard;
	} while (e != start && guard < NP_MAX_HULL_VERTICES);
	return inside ? proj : best;
}

// Step 1. The incident face around the support vertex. Around vertex v of a box (the incident shape
// has the box layout) these are the faces 2j + bit j of v, measured directly instead of by walking
// the half-edges (dependent loads); only an exact tie for the lowest, where the walk's order
// decides, takes the walk.
__attribute__((always_inline)) static inline int incidentFace(const FaceClip* c)
{
	const npPolyhedron3* ip = c->inc.topo;
	const npPlane3* iplanes = c->inc.planes;
	npVec3 n = c->ref.planes[c->refFace].normal;
	int support = c->support;
	if (c->inc.box != NULL)
	{
		int f = npIncidentBoxFace3(iplanes, support, n);
		if (f >= 0)
			return f;
	}

	int inc = -1, guard = 0;
	double lo = DBL_MAX;
	int e = ip->vertexEdge[support];
	do
	{
		int f = ip->halfEdges[e].face;
		double d = v3Dot(iplanes[f].normal, n);
		if (d < lo)
		{
			lo = d;
			inc = f;
		}
		e = ip->halfEdges[ip->halfEdges[e].twin].next;
		++guard;
	} while (e != ip->vertexEdge[support] && guard < NP_MAX_HULL_HALF_EDGES);
	return inc;
}

// The incident face's polygon, each vertex naming itself and its outgoing incident edge.
static int incidentPolygon(const FaceClip* c, int inc, ClipVertex* poly)
{
	const npPolyhedron3* ip = c->inc.topo;
	int count = 0;
	int start = ip->faceEdge[inc], e = start;
	do
	{
		int v = ip->halfEdges[e].origin;
		poly[count].p = c->inc.verts[v];
		poly[count].feature = pointFeature(ID_VERTEX, v, 0);
		poly[count].edgeIsSide = 0;
		poly[count].edgeIndex = (uint16_t)v;
		++count;
		e = ip->halfEdges[e].next;
	} while (e != start && count < NP_MAX_HULL_VERTICES);
	return count;
}

// Sutherland-Hodgman: keeps the part of the polygon on the negative side of plane (n, d).
// `side` identifies the plane (the first vertex of its reference face edge). Returns -1 and writes
// nothing when no vertex is outside (the common case of a small face resting on a larger one).
static int clipPolygon(const ClipVertex* in, int count, npVec3 n, double d, int side, ClipVertex* out)
{
	double dist[NP_MAX_CLIP_POINTS3];
	bool outside = false;
	for (int i = 0; i < count; ++i)
	{
		dist[i] = v3Dot(n, in[i].p) - d;
		outside |= dist[i] > 0.0;
	}
	if (!outside)
		return -1;

	int k = 0;
	const ClipVertex* prev = in + count - 1;
	double dPrev = dist[count - 1];
	for (int i = 0; i < count; ++i)
	{
		const ClipVertex* cur = in + i;
		double dCur = dist[i];
		if ((dPrev <= 0.0) != (dCur <= 0.0))
		{
			// The edge prev -> cur crosses the plane; the point lies on prev's outgoing edge.
			double t = dPrev / (dPrev - dCur);
			ClipVertex* x = out + k++;
			x->p = v3MulAdd(prev->p, t, v3Sub(cur->p, prev->p));
			x->feature = prev->edgeIsSide ? pointFeature(ID_CORNER, prev->edgeIndex, side)
										  : pointFeature(ID_EDGE_CLIP, prev->edgeIndex, side);
			if (dPrev <= 0.0)
			{
				// Leaving: the new edge runs along the side plane.
				x->edgeIsSide = 1;
				x->edgeIndex = (uint16_t)side;
			}
			else
			{
				// Entering: the edge continues as prev's edge.
				x->edgeIsSide = prev->edgeIsSide;
				x->edgeIndex = prev->edgeIndex;
			}
		}
		if (dCur <= 0.0)
			out[k++] = *cur;
		prev = cur;
		dPrev = dCur;
	}
	return k;
}

// Whether every vertex of the polygon lies inside the side planes of face `face` of a box (`box`:
// its frame relative to the common one), so that clipping would leave the polygon as it is. In the
// box's own frame the side planes of face 2k/2k+1 are |p_a| <= h_a for the two other axes a, and the
// general test (the unnormalised plane cross(v1 - v0, n), whose only non-zero entry is +-2 h_e, at
// distance dot with a vertex) keeps exactly these points: rounding is monotonic, so p_a <= h_a gives
// fl(2 h_e p_a) <= fl(2 h_e h_a). In another frame the vertices are moved into the box's with a
// tolerance far above the rounding of either computation; a vertex within it of a side is left to
// the general clipping.
static bool insideBoxFace(const ClipVertex* poly, int count, const SupportHint* box, int face)
{
	int k = face >> 1;
	npVec3 h = box->halfExtents;
	if (box->local)
	{
		// Bounds on the two in-face axes (the face's own axis gets an infinite one).
		double bx = k == 0 ? DBL_MAX : h.x, by = k == 1 ? DBL_MAX : h.y, bz = k == 2 ? DBL_MAX : h.z;
		bool inside = true;
		for (int i = 0; i < count; ++i)
			inside &= (fabs(poly[i].p.x) <= bx) & (fabs(poly[i].p.y) <= by) & (fabs(poly[i].p.z) <= bz);
		return inside;
	}
	double tol = 1.0e-9 * (1.0 + v3MaxAbs(box->center) + v3MaxAbs(h));
	h = v3(h.x - tol, h.y - tol, h.z - tol);
	for (int i = 0; i < count; ++i)
	{
		npVec3 q = npMat3Mul(&box->toLocal, v3Sub(poly[i].p, box->center));
		bool inside = (k == 0 || fabs(q.x) <= h.x) && (k == 1 || fabs(q.y) <= h.y) && (k == 2 || fabs(q.z) <= h.z);
		if (!inside)
			return false;
	}
	return true;
}

// Step 2. Clips the polygon in `poly` against the side planes of the reference face: through each
// edge, containing the normal, facing out. Clipping alternates between `poly` and `spare`; returns
// the buffer holding the result, its size in *count. (A box's face is skipped when the polygon lies
// inside it, the resting case.)
static ClipVertex* clipToReferenceFace(const FaceClip* c, ClipVertex* poly, ClipVertex* spare, int* count)
{
	static const int capacity = NP_MAX_CLIP_POINTS3;
	const npPolyhedron3* rp = c->ref.topo;
	npVec3 n = c->ref.planes[c->refFace].normal;
	if (c->ref.box != NULL && insideBoxFace(poly, *count, c->ref.box, c->refFace))
		return poly;
	int start = rp->faceEdge[c->refFace], e = start, guard = 0;
	do
	{
		const npHalfEdge3* he = rp->halfEdges + e;
		npVec3 v0 = c->ref.verts[he->origin], v1 = c->ref.verts[rp->halfEdges[he->next].origin];
		// Unnormalised: only signs and ratios of plane distances are used.
		npVec3 sn = v3Cross(v3Sub(v1, v0), n);
		int clipped = clipPolygon(poly, *count, sn, v3Dot(sn, v0), he->origin, spare);
		if (clipped >= 0)
		{
			*count = clipped;
			ClipVertex* t = poly;
			poly = spare;
			spare = t;
		}
		e = he->next;
		++guard;
	} while (e != start && *count > 0 && *count < capacity - 2 && guard < NP_MAX_HULL_VERTICES);
	return poly;
}

// Writes a point from incident point onInc at depth d: the reference point is the incident point
// moved by its depth along n (the reference normal), so pointA - pointB is depth * normal either
// way round and the depth is known.
static inline void putOffsetPoint(npManifoldPoint3* mp, npVec3 onInc, double d, npVec3 n, bool refIsA, uint32_t id)
{
	npVec3 onRef = v3MulAdd(onInc, d, n);
	mp->pointA = refIsA ? onRef : onInc;
	mp->pointB = refIsA ? onInc : onRef;
	mp->depth = d;
	mp->id = id;
}

// The point of a reference face's own triangles (a fan from its first corner) nearest p. On a hull
// whose planes do not all hold their corners (npHull3.loosePlanes) a face's plane was raised to hold
// every vertex, and a point moved onto it can lie off the hull: 0.09 off a hull 50 across against a
// mesh triangle (fuzz_mesh3d). The triangles of the face's corners lie within the hull.
NP_COLD __attribute__((noinline)) static npVec3 ontoFaceTriangles(const ClipShape* ref, int face, npVec3 p)
{
	const npPolyhedron3* topo = ref->topo;
	int start = topo->faceEdge[face];
	npVec3 first = ref->verts[topo->halfEdges[start].origin], best = first;
	double bestSq = v3DistanceSq(first, p);
	int e = topo->halfEdges[start].next;
	for (int guard = 0; guard < topo->halfEdgeCount && topo->halfEdges[e].next != start; ++guard)
	{
		int next = topo->halfEdges[e].next;
		const npVec3 tri[3] = { first, ref->verts[topo->halfEdges[e].origin], ref->verts[topo->halfEdges[next].origin] };
		npVec3 cross = npTriangleCross3(tri[0], tri[1], tri[2]);
		double area = v3Length(cross);
		npVec3 q = area > 0.0 ? npClosestOnTriangleFeature3(p, tri, v3Scale(1.0 / area, cross)).point : npClosestOnSegment3(tri[0], tri[2], p);
		double sq = v3DistanceSq(q, p);
		if (sq < bestSq)
		{
			bestSq = sq;
			best = q;
		}
		e = next;
	}
	return best;
}

// Writes a point of a loose reference face (see ontoFaceTriangles): the incident point moved by its
// depth along n, then onto the face's triangles, the depth measured again between the two points.
// False (nothing written) when the point is then farther apart than the margin.
static bool pushLoosePoint(npManifold3* m, const FaceClip* c, npVec3 onInc, double d, npVec3 n, uint32_t id)
{
	npVec3 onRef = ontoFaceTriangles(&c->ref, c->refFace, v3MulAdd(onInc, d, n));
	npVec3 pA = c->refIsA ? onRef : onInc, pB = c->refIsA ? onInc : onRef;
	npVec3 normal = c->refIsA ? n : v3Neg(n);
	if (!(v3Dot(v3Sub(pA, pB), normal) >= -c->margin))
		return false;
	pushPoint(m, pA, pB, normal, id);
	return true;
}

// Step 3, the common case: a face resting on a larger one, at most four points, all behind the
// reference plane (+margin), the support vertex among them. The general steps keep them all,
// deepest first (lowest index on ties) and the others in polygon order, each reference point the
// incident point moved by its depth along n: the same written in one pass. False (nothing written)
// when the case does not apply.
static bool emitResting(const FaceClip* c, const ClipVertex* poly, int count, npManifold3* m)
{
	if (!(count > 0 && count <= NP_MAX_MANIFOLD_POINTS3) || c->ref.loose)
		return false;
	npPlane3 plane = c->ref.planes[c->refFace];
	uint32_t supportFeature = pointFeature(ID_VERTEX, c->support, 0);
	double d[NP_MAX_MANIFOLD_POINTS3];
	bool all = true, withSupport = false;
	int i0 = 0;
	for (int i = 0; i < count; ++i)
	{
		double s = v3Dot(plane.normal, poly[i].p) - plane.offset;
		d[i] = -s;
		all = all && s <= c->margin;
		withSupport = withSupport || poly[i].feature == supportFeature;
		i0 = d[i] > d[i0] ? i : i0;
	}
	if (!(all && withSupport))
		return false;

	bool refIsA = c->refIsA;
	uint32_t kind = refIsA ? ID_FACE_A : ID_FACE_B;
	m->normal = refIsA ? plane.normal : v3Neg(plane.normal);
	m->pointCount = count;
	for (int j = 0; j < count; ++j)
	{
		int k = j == 0 ? i0 : (j - 1 < i0 ? j - 1 : j);
		putOffsetPoint(m->points + j, poly[k].p, d[k], plane.normal, refIsA, faceId(kind, c->refFace, poly[k].feature));
	}
	return true;
}

// Step 3, the general case: keeps the points behind the reference plane (+margin), compacted in
// place with their depths. The support vertex fixes the overlap along n. When a side plane cut it
// off (it lies just outside the reference face, which happens when an edge axis nearly ties with
// this face), it is added anyway: then moving B by the deepest depth along the normal separates the
// shapes, as the depth convention promises. *extra: its index, or -1.
static int keepBehindPlane(const FaceClip* c, ClipVertex* poly, int count, double* depth, int* extra)
{
	npPlane3 plane = c->ref.planes[c->refFace];
	uint32_t supportFeature = pointFeature(ID_VERTEX, c->support, 0);
	int kept = 0;
	bool haveSupport = false;
	double deepest = -DBL_MAX;
	for (int i = 0; i < count; ++i)
	{
		double s = v3Dot(plane.normal, poly[i].p) - plane.offset;
		if (s <= c->margin)
		{
			if (kept != i)
				poly[kept] = poly[i];
			depth[kept] = -s;
			deepest = -s > deepest ? -s : deepest;
			haveSupport |= poly[i].feature == supportFeature;
			++kept;
		}
	}

	*extra = -1;
	if (haveSupport)
		return kept;
	// Ties (a flat incident face level with the kept points) are not worth an extra point.
	npVec3 support = c->inc.verts[c->support];
	double s = v3Dot(plane.normal, support) - plane.offset;
	double tie = 1.0e-12 * (1.0 + (plane.offset < 0.0 ? -plane.offset : plane.offset));
	if (s <= c->margin && -s > deepest + tie)
	{
		poly[kept].p = support;
		poly[kept].feature = supportFeature;
		depth[kept] = -s;
		*extra = kept;
		++kept;
	}
	return kept;
}

// At most four of the kept points, deepest first: with so few, all of them (lowest index on ties,
// the others in polygon order), what npReduceContacts3 does without copying the positions out.
static int chooseContacts(const ClipVertex* poly, const double* depth, int kept, npVec3 n,
						  int chosen[NP_MAX_MANIFOLD_POINTS3])
{
	if (kept > NP_MAX_MANIFOLD_POINTS3)
	{
		npVec3 pos[NP_MAX_CLIP_POINTS3];
		for (int i = 0; i < kept; ++i)
			pos[i] = poly[i].p;
		return npReduceContacts3(pos, depth, kept, n, chosen);
	}
	int i0 = 0;
	for (int i = 1; i < kept; ++i)
		i0 = depth[i] > depth[i0] ? i : i0;
	chosen[0] = i0;
	int k = 1;
	for (int i = 0; i < kept; ++i)
		if (i != i0)
			chosen[k++] = i;
	return kept;
}

// Writes the chosen points; returns the offset mask (the points whose reference point is the
// incident point moved along n: all but the extra support vertex, whose reference point is the
// closest point of the reference face to it, on the reference plane so at the same depth).
static unsigned emitChosen(const FaceClip* c, const ClipVertex* poly, const double* depth, const int* chosen,
						   int k, int extra, npManifold3* m)
{
	npVec3 n = c->ref.planes[c->refFace].normal;
	bool refIsA = c->refIsA;
	uint32_t kind = refIsA ? ID_FACE_A : ID_FACE_B;
	npVec3 normal = refIsA ? n : v3Neg(n);
	unsigned offsetMask = 0;
	m->normal = normal;
	for (int i = 0; i < k; ++i)
	{
		int j = chosen[i];
		npVec3 onInc = poly[j].p;
		uint32_t id = faceId(kind, c->refFace, poly[j].feature);
		if (c->ref.loose)
		{
			pushLoosePoint(m, c, onInc, depth[j], n, id);
			continue;
		}
		if (j == extra)
		{
			// The support vertex lies beside the reference face: its partner is the face's nearest
			// point, which lies on the face's plane, so that the pair's depth along n is depth[j].
			// On a sliver face whose plane does not hold its corners (a hull 1e12 across) that point
			// sat 16,559 off the plane, and the pair claimed depth -16,559 (fuzz_pairs3d): there the
			// vertex is moved along n onto the plane instead, as every other point is.
			npVec3 onRef = npClosestOnFace3(&c->ref, c->refFace, onInc, -depth[j]);
			double offPlane = v3Dot(n, onRef) - c->ref.planes[c->refFace].offset;
			if (!(fabs(offPlane) <= 1.0e-9 * (1.0 + v3MaxAbs(onRef) + v3MaxAbs(onInc))))
			{
				putOffsetPoint(m->points + m->pointCount++, onInc, depth[j], n, refIsA, id);
				offsetMask |= 1u << i;
				continue;
			}
			if (refIsA)
				pushPoint(m, onRef, onInc, normal, id);
			else
				pushPoint(m, onInc, onRef, normal, id);
			continue;
		}
		putOffsetPoint(m->points + m->pointCount++, onInc, depth[j], n, refIsA, id);
		offsetMask |= 1u << i;
	}
	return offsetMask;
}

unsigned npFaceContactOn3(const FaceClip* c, int inc, npManifold3* m)
{
	m->pointCount = 0;
	ClipVertex bufA[NP_MAX_CLIP_POINTS3], bufB[NP_MAX_CLIP_POINTS3];
	int count = incidentPolygon(c, inc >= 0 ? inc : incidentFace(c), bufA);
	ClipVertex* poly = clipToReferenceFace(c, bufA, bufB, &count);
	if (emitResting(c, poly, count, m))
		return (1u << count) - 1u;

	double depth[NP_MAX_CLIP_POINTS3];
	int extra;
	int kept = keepBehindPlane(c, poly, count, depth, &extra);
	int chosen[NP_MAX_MANIFOLD_POINTS3];
	int k = chooseContacts(poly, depth, kept, c->ref.planes[c->refFace].normal, chosen);
	return emitChosen(c, poly, depth, chosen, k, extra, m);
}

int npIncidentFace3(const FaceClip* c)
{
	return incidentFace(c);
}
