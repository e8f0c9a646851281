// Convex hull construction, shared by its three files (private header): hull3d.c builds the
// triangle hull (quickhull) or the flat polygon, hullfaces3d.c merges coplanar triangles into faces
// and writes the half-edge topology, hullcells3d.c fills the support-cell table of the finished
// hull. shape3d.c checks npMakeHull3's arguments and calls npBuildHull3.
#ifndef NP_HULL3D_PRIVATE_H
#define NP_HULL3D_PRIVATE_H

#include "narrowphase/collide3d.h"
#include "closest3d.h"
#include "vec3.h"

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
	int32_t repeatSlot[2 * NP_MAX_HULL_INPUT]; // dropRepeats: the point hash's slots
	int32_t repeatLink[NP_MAX_HULL_INPUT];     // dropRepeats: the point hash's chains
} qhWork;

// A unit normal of triangle abc (npTriangleCross3's direction); zero when degenerate.
static inline npVec3 npTriangleNormal3(npVec3 a, npVec3 b, npVec3 c, double* twiceArea)
{
	npVec3 n = npTriangleCross3(a, b, c);
	double len = v3Length(n);
	*twiceArea = len;
	return len > 0.0 ? v3Scale(1.0 / len, n) : v3(0.0, 0.0, 0.0);
}

// Index k of the edge of triangle t that runs from point a to point b, or -1.
static inline int qhEdgeIndex(const qhTri* t, int a, int b)
{
	for (int k = 0; k < 3; ++k)
		if (t->v[k] == a && t->v[(k + 1) % 3] == b)
			return k;
	return -1;
}

/// Builds the hull of points[0..count) (3 <= count <= NP_MAX_HULL_INPUT, all finite): quickhull,
/// faces, centroid and support cells (hull3d.c).
npResult npBuildHull3(const npVec3* points, int count, npHull3* hull);

/// Groups the triangles of a finished quickhull into faces and writes the hull's vertices,
/// half-edges and planes. `merge` false keeps every triangle. Sets *retry when a merged group is not
/// a disk (then the caller runs it again without merging). (hullfaces3d.c)
npResult npHullWriteFaces3(qhWork* w, double tol, bool merge, npHull3* hull, bool* retry);

/// Writes half-edges, faces and planes from the face loops in w->loopStart / w->loopPoints (hull
/// vertex indices, counter-clockwise from outside). The planes take the given normals (flat hulls)
/// or Newell's normal of each loop. Returns false when some edge is not shared by exactly two
/// loops. (hullfaces3d.c)
bool npHullWriteTopology3(qhWork* w, npHull3* hull, int faceCount, const npVec3* normals);

/// Fills the hull's support cells (hullcells3d.c; the lookup is npPolyhedronSupportXYZ3).
void npHullSupportCells3(npHull3* hull);

/// Fills the hull's ray-walk data: reach, centroidReach and rayStart (hullcells3d.c; read by
/// hullray3d.c). After the centroid and the planes.
void npHullRayStarts3(npHull3* hull);

#endif
