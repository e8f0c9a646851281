// Tests of the 3D shape constructors and the convex hull builder (quickhull + face merging).
// Every hull is checked against invariants, not stored answers: Euler's formula, twin/next/face
// consistency of the half-edges, planar and convex faces with unit normals, every input point
// inside every plane, no two neighbouring faces coplanar (merging done), and closed-form counts
// for shapes whose hull is known (cube: 8 vertices, 12 edges, 6 faces; prisms; flat polygons).
#include "narrowphase/collide3d.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define TEST_RNG_SEED 0x9E3779B97F4A7C15ull
#include "testrng.h"

static npVec3 sub(npVec3 a, npVec3 b) { return (npVec3){ a.x - b.x, a.y - b.y, a.z - b.z }; }
static double dot(npVec3 a, npVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static npVec3 cross(npVec3 a, npVec3 b)
{
	return (npVec3){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}
static double len(npVec3 a) { return sqrt(dot(a, a)); }

// Validates a hull against the input points. Returns an empty string when valid, else a reason.
static const char* validateHull(const npHull3* h, const npVec3* pts, int n, double tol)
{
	static char why[200];
	int V = h->vertexCount, F = h->faceCount, H = h->halfEdgeCount;
	if (V < 3 || F < 2 || H < 6 || (H & 1))
		return "counts";
	if (V - H / 2 + F != 2)
		return "Euler characteristic";
	if (h->flat != (F == 2))
		return "flat flag";
	for (int e = 0; e < H; ++e)
	{
		const npHalfEdge3* he = &h->halfEdges[e];
		if (he->twin != (e ^ 1))
			return "twin is not 2k/2k+1";
		if (he->origin >= V || he->next >= H || he->face >= F)
			return "index out of range";
		if (h->halfEdges[he->twin].origin != h->halfEdges[he->next].origin)
			return "twin origin != next origin";
		if (h->halfEdges[he->next].face != he->face)
			return "next on another face";
	}
	int edgesSeen = 0;
	for (int f = 0; f < F; ++f)
	{
		npPlane3 pl = h->planes[f];
		if (fabs(len(pl.normal) - 1.0) > 1e-12)
			return "non-unit normal";
		int e0 = h->faceEdge[f], e = e0, count = 0;
		do
		{
			if (h->halfEdges[e].face != f)
				return "face loop leaves face";
			npVec3 a = h->vertices[h->halfEdges[e].origin];
			npVec3 b = h->vertices[h->halfEdges[h->halfEdges[e].next].origin];
			npVec3 c = h->vertices[h->halfEdges[h->halfEdges[h->halfEdges[e].next].next].origin];
			if (fabs(dot(pl.normal, a) - pl.offset) > tol)
			{
				snprintf(why, sizeof why, "face %d not planar: %g", f, dot(pl.normal, a) - pl.offset);
				return why;
			}
			// Convex corner: (b - a) x (c - b) along the normal (collinear within tol allowed).
			npVec3 ab = sub(b, a), bc = sub(c, b);
			if (dot(cross(ab, bc), pl.normal) < -tol * (len(ab) + len(bc)))
				return "reflex face corner";
			e = h->halfEdges[e].next;
			count += 1;
		} while (e != e0 && count <= H);
		if (e != e0 || count < 3)
			return "face loop";
		edgesSeen += count;
	}
	if (edgesSeen != H)
		return "half-edges not all on faces";
	for (int v = 0; v < V; ++v)
		if (h->halfEdges[h->vertexEdge[v]].origin != v)
			return "vertexEdge";
	for (int f = 0; f < F; ++f)
		for (int i = 0; i < n; ++i)
			if (dot(h->planes[f].normal, pts[i]) - h->planes[f].offset > tol)
			{
				snprintf(why, sizeof why, "point %d outside face %d by %g", i, f,
						 dot(h->planes[f].normal, pts[i]) - h->planes[f].offset);
				return why;
			}
	// Merged: the two faces of an edge are not coplanar (a flat hull's two sides are opposite).
	for (int e = 0; e < H; e += 2)
	{
		npPlane3 p = h->planes[h->halfEdges[e].face], q = h->planes[h->halfEdges[e + 1].face];
		if (dot(p.normal, q.normal) > 1.0 - 1e-12 && fabs(p.offset - q.offset) < tol)
			return "coplanar neighbours not merged";
	}
	// Every vertex is a vertex of the input.
	for (int v = 0; v < V; ++v)
	{
		int found = 0;
		for (int i = 0; i < n && !found; ++i)
			found = h->vertices[v].x == pts[i].x && h->vertices[v].y == pts[i].y && h->vertices[v].z == pts[i].z;
		if (!found)
			return "vertex not from the input";
	}
	// The ray walk's data (hullcells3d.c): balls holding every vertex (exact distances here, with
	// the rounding of a square root allowed), start faces that exist, no well-cut bit past the faces.
	for (int v = 0; v < V; ++v)
	{
		if (len(h->vertices[v]) > h->reach || len(sub(h->vertices[v], h->centroid)) > h->centroidReach * (1 + 1e-15))
			return "a vertex outside the ray balls";
	}
	double far = 0.0;
	for (int v = 0; v < V; ++v)
		far = fmax(far, len(h->vertices[v]));
	if (h->reach > far * (1 + 2e-9))
		return "ray ball too large";
	for (int k = 0; k < NP_HULL_CELLS && !h->flat; ++k)
		if (h->rayStart[k] >= F)
			return "ray start face out of range";
	for (int f = F; f < NP_MAX_HULL_FACES; ++f)
		if ((h->wellCut[f >> 3] >> (f & 7)) & 1)
			return "well-cut bit past the faces";
	return "";
}

static int innerRadiusChecks;
static npHull3 hull; // 36 KB: static, not on the stack
static npVec3 pts[NP_MAX_HULL_INPUT + 8];

// The radius of the largest ball about c inside the hull of the vertices, by brute force: the
// least distance from c to the plane of a vertex triple that has every vertex on one side (the
// facets' planes), in long double. Triples nearly collinear (cross product below 1e-9 of the
// size squared) are skipped: every facet of these test hulls also has a well-shaped triple.
// -1 when there are too many vertices to try every triple.
static long double bruteInnerRadius(const npHull3* h, npVec3 c)
{
	int V = h->vertexCount;
	if (V > 40)
		return -1.0L;
	long double size = 0.0L;
	for (int v = 0; v < V; ++v)
		size = fmaxl(size, len(sub(h->vertices[v], c)));
	long double best = INFINITY;
	for (int i = 0; i < V; ++i)
		for (int j = i + 1; j < V; ++j)
			for (int k = j + 1; k < V; ++k)
			{
				const npVec3 *a = &h->vertices[i], *b = &h->vertices[j], *d = &h->vertices[k];
				long double ux = (long double)b->x - a->x, uy = (long double)b->y - a->y, uz = (long double)b->z - a->z;
				long double wx = (long double)d->x - a->x, wy = (long double)d->y - a->y, wz = (long double)d->z - a->z;
				long double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
				long double l = sqrtl(nx * nx + ny * ny + nz * nz);
				if (!(l > 1e-9L * size * size))
					continue;
				nx /= l, ny /= l, nz /= l;
				long double hi = -INFINITY, lo = INFINITY;
				for (int v = 0; v < V; ++v)
				{
					long double e = nx * ((long double)h->vertices[v].x - a->x) + ny * ((long double)h->vertices[v].y - a->y) +
									nz * ((long double)h->vertices[v].z - a->z);
					hi = fmaxl(hi, e);
					lo = fminl(lo, e);
				}
				long double slack = 1e-12L * size;
				// Distance from c to the plane, c on the side of the vertices.
				long double dc = nx * ((long double)c.x - a->x) + ny * ((long double)c.y - a->y) + nz * ((long double)c.z - a->z);
				if (hi <= slack)
					best = fminl(best, -dc);
				else if (lo >= -slack)
					best = fminl(best, dc);
			}
	return best;
}

// npHull3.innerRadius: a ball that big about the centroid lies inside the hull of the vertices
// (sat3d.c bounds face separations with it, so a ball too large would skip the best face), and it
// is not needlessly small (within 1e-6 of the size of the brute-force radius, less the margin
// for the planes' rounding, 1e-8 of the coordinates) unless the hull's planes are loose (then 0).
static void checkInnerRadius(const char* name)
{
	long double r = bruteInnerRadius(&hull, hull.centroid);
	if (hull.flat || r < 0.0L)
	{
		CHECK(!hull.flat || hull.innerRadius == 0.0, "%s: flat hull with an inner radius %g", name, hull.innerRadius);
		return;
	}
	double size = 0.0;
	for (int v = 0; v < hull.vertexCount; ++v)
		size = fmax(size, len(sub(hull.vertices[v], hull.centroid)));
	CHECK(hull.innerRadius >= 0.0 && hull.innerRadius <= r + 1e-12L * size, "%s: inner radius %.17g, brute force %.17Lg",
		  name, hull.innerRadius, r);
	if (!hull.loosePlanes)
		CHECK(hull.innerRadius >= r - 1e-6L * size - 1e-7L * hull.maxCoordinate,
			  "%s: inner radius %.17g far below brute force %.17Lg", name, hull.innerRadius, r);
	innerRadiusChecks += 1;
}

static void checkHull(const char* name, int n, double tol, int expectV, int expectF)
{
	npResult r = npMakeHull3(pts, n, &hull);
	CHECK(r == NP_OK, "%s: npMakeHull3 -> %d", name, r);
	if (r != NP_OK)
		return;
	const char* why = validateHull(&hull, pts, n, tol);
	CHECK(why[0] == 0, "%s: %s", name, why);
	checkInnerRadius(name);
	if (expectV >= 0)
		CHECK(hull.vertexCount == expectV, "%s: %d vertices, expected %d", name, hull.vertexCount, expectV);
	if (expectF >= 0)
		CHECK(hull.faceCount == expectF, "%s: %d faces, expected %d", name, hull.faceCount, expectF);
}

// A random rotation applied to points, so merges are tested off the axes.
static void rotateAll(int n, double ax, double ay, double az, double c, double s)
{
	double l = sqrt(ax * ax + ay * ay + az * az);
	ax /= l, ay /= l, az /= l;
	for (int i = 0; i < n; ++i)
	{
		npVec3 p = pts[i], k = { ax, ay, az };
		npVec3 kxp = cross(k, p);
		double kd = dot(k, p);
		pts[i] = (npVec3){ p.x * c + kxp.x * s + k.x * kd * (1 - c), p.y * c + kxp.y * s + k.y * kd * (1 - c),
						   p.z * c + kxp.z * s + k.z * kd * (1 - c) };
	}
}

int main(void)
{
	// Constructors and transforms.
	npShape3 s;
	CHECK(npMakeSphere(1.0, &s) == NP_OK && s.type == NP_SHAPE_SPHERE, "sphere");
	CHECK(npMakeSphere(0.0, &s) == NP_ERR_INVALID_RADIUS, "sphere r=0");
	CHECK(npMakeSphere(NAN, &s) == NP_ERR_NON_FINITE, "sphere NaN");
	CHECK(npMakeCapsule3(0.0, 1.0, &s) == NP_ERR_INVALID_EXTENT, "capsule h=0");
	CHECK(npMakeCapsule3(1.0, -1.0, &s) == NP_ERR_INVALID_RADIUS, "capsule r<0");
	CHECK(npMakeBox3((npVec3){ 1, 0, 1 }, &s) == NP_ERR_INVALID_EXTENT, "box zero extent");
	CHECK(npMakeBox3((npVec3){ 1, INFINITY, 1 }, &s) == NP_ERR_NON_FINITE, "box inf");
	CHECK(npMakeTriangle3((npVec3){ 0, 0, 0 }, (npVec3){ 1, 0, 0 }, (npVec3){ 2, 0, 0 }, &s) == NP_ERR_DEGENERATE,
		  "collinear triangle");
	CHECK(npMakeTriangle3((npVec3){ 0, 0, 0 }, (npVec3){ 1, 0, 0 }, (npVec3){ 0, 1, 0 }, &s) == NP_OK, "triangle");
	npTransform3 xf;
	CHECK(npMakeTransform3((npVec3){ 1, 2, 3 }, (npQuat){ 0, 0, 0, 0 }, &xf) == NP_ERR_INVALID_TRANSFORM, "zero quat");
	CHECK(npMakeTransform3((npVec3){ 1, 2, 3 }, (npQuat){ 0, NAN, 0, 1 }, &xf) == NP_ERR_NON_FINITE, "NaN quat");
	CHECK(npMakeTransform3((npVec3){ INFINITY, 2, 3 }, (npQuat){ 0, 0, 0, 1 }, &xf) == NP_ERR_NON_FINITE, "inf pos");
	CHECK(npMakeTransform3((npVec3){ 1, 2, 3 }, (npQuat){ 0, 0, 0, 1.000001 }, &xf) == NP_OK && xf.q.w == 1.0,
		  "slightly non-unit quaternion normalised");
	CHECK(npMakeTransform3((npVec3){ 1, 2, 3 }, (npQuat){ 0.5, 0.5, 0.5, 0.5 }, &xf) == NP_OK && xf.q.x == 0.5,
		  "unit quaternion kept bit-exact");
	npVec3 t1, t2;
	npVec3 normals[] = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, 0, -1 }, { 0.57735026918962576, 0.57735026918962576, 0.57735026918962576 },
						 { -0.6, 0.8, 0 }, { 0, 0.6, -0.8 } };
	for (int i = 0; i < 7; ++i)
	{
		npMakeTangents3(normals[i], &t1, &t2);
		npVec3 n = normals[i];
		npVec3 c = cross(t1, t2);
		CHECK(fabs(len(t1) - 1) < 1e-15 && fabs(len(t2) - 1) < 1e-15 && fabs(dot(t1, n)) < 1e-15 &&
				  fabs(dot(t2, n)) < 1e-15 && len(sub(c, n)) < 1e-15,
			  "tangent basis %d", i);
	}

	// Bad hull input.
	CHECK(npMakeHull3(pts, 2, &hull) == NP_ERR_DEGENERATE, "2 points");
	for (int i = 0; i < 10; ++i)
		pts[i] = (npVec3){ i, 2 * i, -i };
	CHECK(npMakeHull3(pts, 10, &hull) == NP_ERR_DEGENERATE, "collinear points");
	for (int i = 0; i < 10; ++i)
		pts[i] = (npVec3){ 1, 1, 1 };
	CHECK(npMakeHull3(pts, 10, &hull) == NP_ERR_DEGENERATE, "coincident points");
	pts[3].y = NAN;
	CHECK(npMakeHull3(pts, 10, &hull) == NP_ERR_NON_FINITE, "NaN point");
	CHECK(npMakeHull3(pts, NP_MAX_HULL_INPUT + 1, &hull) == NP_ERR_TOO_MANY_POINTS, "too many inputs");
	CHECK(npMakeHull3(NULL, 4, &hull) == NP_ERR_INVALID_ARGUMENT, "null points");
	// 400 points on a sphere: every one is a vertex, more than NP_MAX_HULL_VERTICES.
	for (int i = 0; i < 400; ++i)
	{
		double z = rndRange(-1, 1), a = rndRange(-1, 1), b = rndRange(-1, 1);
		double r = sqrt(a * a + b * b);
		if (r == 0.0)
			a = 1, r = 1;
		double q = sqrt(1 - z * z);
		pts[i] = (npVec3){ q * a / r, q * b / r, z };
	}
	CHECK(npMakeHull3(pts, 400, &hull) == NP_ERR_TOO_MANY_POINTS, "400 sphere points -> too many vertices");

	// Tetrahedron plus interior points.
	pts[0] = (npVec3){ 0, 0, 0 };
	pts[1] = (npVec3){ 1, 0, 0 };
	pts[2] = (npVec3){ 0, 1, 0 };
	pts[3] = (npVec3){ 0, 0, 1 };
	for (int i = 4; i < 50; ++i)
	{
		double a = rnd() * 0.3, b = rnd() * 0.3, c = rnd() * 0.3;
		pts[i] = (npVec3){ a, b, c };
	}
	checkHull("tetrahedron", 50, 1e-9, 4, 4);

	// Cube lattice 5x5x5 (points on faces, edges and inside): 8 vertices, 6 faces, 12 edges.
	int n = 0;
	for (int i = 0; i < 5; ++i)
		for (int j = 0; j < 5; ++j)
			for (int k = 0; k < 5; ++k)
				pts[n++] = (npVec3){ -1 + 0.5 * i, -1 + 0.5 * j, -1 + 0.5 * k };
	checkHull("cube lattice", n, 1e-9, 8, 6);
	CHECK(hull.halfEdgeCount == 24, "cube has 12 edges (%d half-edges)", hull.halfEdgeCount);
	CHECK(fabs(hull.centroid.x) < 1e-12 && fabs(hull.centroid.y) < 1e-12 && fabs(hull.centroid.z) < 1e-12,
		  "cube centroid at origin");
	for (int f = 0; f < hull.faceCount; ++f)
		CHECK(fabs(hull.planes[f].offset - 1.0) < 1e-12, "cube face offset 1");
	CHECK(hull.innerRadius < 1.0 && hull.innerRadius > 1.0 - 1e-7, "cube inner radius %.17g (1 less the margin)",
		  hull.innerRadius);
	// Rotated lattice (off-axis coplanar faces) and a lattice far from the origin.
	rotateAll(n, 0.3, -0.7, 0.2, 0.6, 0.8);
	checkHull("rotated cube lattice", n, 1e-9, 8, 6);
	for (int i = 0; i < n; ++i)
		pts[i].x += 1.0e4, pts[i].y -= 2.0e4;
	checkHull("cube lattice at 1e4", n, 1e-8, 8, 6);

	// Welding: the 8 corners, each repeated with 1e-13 jitter.
	n = 0;
	for (int c = 0; c < 8; ++c)
		for (int r = 0; r < 4; ++r)
			pts[n++] = (npVec3){ ((c & 1) ? 1 : -1) + rndRange(-1e-13, 1e-13), ((c & 2) ? 2 : -2) + rndRange(-1e-13, 1e-13),
								 ((c & 4) ? 3 : -3) + rndRange(-1e-13, 1e-13) };
	checkHull("welded box corners", n, 1e-9, 8, 6);

	// Hexagonal prism with many points on its caps and sides: 12 vertices, 8 faces.
	n = 0;
	const double hx[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
	const double hy[6] = { 0, 0.86602540378443865, 0.86602540378443865, 0, -0.86602540378443865, -0.86602540378443865 };
	for (int i = 0; i < 6; ++i)
		for (int zi = 0; zi < 3; ++zi)
			pts[n++] = (npVec3){ hx[i], hy[i], -1.0 + zi };
	for (int i = 0; i < 60; ++i)
	{
		int e = (int)(rnd() * 6);
		double t = rnd();
		double z = rnd() < 0.5 ? -1.0 : 1.0;
		if (rnd() < 0.3)
			z = rndRange(-1, 1);
		pts[n++] = (npVec3){ hx[e] + t * (hx[(e + 1) % 6] - hx[e]), hy[e] + t * (hy[(e + 1) % 6] - hy[e]), z };
	}
	checkHull("hexagonal prism", n, 1e-9, 12, 8);

	// Random clouds: in a ball, on a sphere, in a thin slab, many sizes.
	char name[64];
	int clouds = 0;
	for (int trial = 0; trial < 200; ++trial)
	{
		int kind = trial % 4;
		n = kind == 0 ? 4 + (int)(rnd() * 60) : (kind == 1 ? 12 + (int)(rnd() * 21) : (kind == 2 ? 4096 : 200));
		for (int i = 0; i < n; ++i)
		{
			double x = rndRange(-1, 1), y = rndRange(-1, 1), z = rndRange(-1, 1);
			if (kind == 1 || kind == 3)
			{
				double l = sqrt(x * x + y * y + z * z);
				if (l < 1e-3)
					x = 1, l = 1;
				x /= l, y /= l, z /= l;
			}
			if (kind == 3)
				z *= 1e-3; // thin slab: many nearly coplanar faces
			pts[i] = (npVec3){ x * 2.5, y * 0.5, z };
		}
		snprintf(name, sizeof name, "random cloud %d (kind %d, n %d)", trial, kind, n);
		npResult r = npMakeHull3(pts, n, &hull);
		if (r == NP_ERR_TOO_MANY_POINTS)
			continue; // a cloud with > 256 hull vertices
		checkHull(name, n, 1e-9, -1, -1);
		clouds += 1;
	}
	CHECK(clouds > 150, "random clouds hulled: %d", clouds);

	// Flat input: a tilted grid (a square), a random polygon in a plane, a flat triangle.
	n = 0;
	for (int i = 0; i < 6; ++i)
		for (int j = 0; j < 6; ++j)
			pts[n++] = (npVec3){ i * 0.2, j * 0.2, 0 };
	rotateAll(n, 1, 2, 3, 0.28, 0.96);
	checkHull("flat tilted square", n, 1e-9, 4, 2);
	CHECK(hull.flat, "flat square flagged flat");
	CHECK(fabs(dot(hull.planes[0].normal, hull.planes[1].normal) + 1.0) < 1e-15, "flat faces opposite");
	for (int i = 0; i < 40; ++i)
	{
		double a = rndRange(-1, 1), b = rndRange(-1, 1);
		pts[i] = (npVec3){ a, b, 0.3 * a - 0.2 * b + 5.0 + rndRange(-1e-12, 1e-12) };
	}
	checkHull("flat random polygon", 40, 1e-9, -1, 2);
	pts[0] = (npVec3){ 0, 0, 0 };
	pts[1] = (npVec3){ 1, 0, 0 };
	pts[2] = (npVec3){ 0, 1, 0 };
	checkHull("three points", 3, 1e-12, 3, 2);
	CHECK(fabs(hull.centroid.x - 1.0 / 3.0) < 1e-15 && fabs(hull.centroid.y - 1.0 / 3.0) < 1e-15,
		  "flat triangle centroid");

	// The validator itself can fail: corrupt a twin and a plane of a good hull.
	for (int i = 0; i < 8; ++i)
		pts[i] = (npVec3){ (i & 1) ? 1 : -1, (i & 2) ? 1 : -1, (i & 4) ? 1 : -1 };
	npMakeHull3(pts, 8, &hull);
	CHECK(validateHull(&hull, pts, 8, 1e-9)[0] == 0, "cube valid");
	hull.planes[0].offset -= 0.01;
	CHECK(validateHull(&hull, pts, 8, 1e-9)[0] != 0, "validator catches a moved plane");
	hull.planes[0].offset += 0.01;
	hull.halfEdges[3].next = hull.halfEdges[3].twin;
	CHECK(validateHull(&hull, pts, 8, 1e-9)[0] != 0, "validator catches a broken loop");

	// The regular octahedron's inner radius is 1/sqrt(3) (closed form); the brute force agrees.
	pts[0] = (npVec3){ 1, 0, 0 }, pts[1] = (npVec3){ -1, 0, 0 }, pts[2] = (npVec3){ 0, 1, 0 };
	pts[3] = (npVec3){ 0, -1, 0 }, pts[4] = (npVec3){ 0, 0, 1 }, pts[5] = (npVec3){ 0, 0, -1 };
	checkHull("octahedron", 6, 1e-12, 6, 8);
	CHECK(fabs(hull.innerRadius - 0.57735026918962576) < 1e-7 && hull.innerRadius < 0.57735026918962576,
		  "octahedron inner radius %.17g", hull.innerRadius);
	CHECK(fabsl(bruteInnerRadius(&hull, hull.centroid) - 0.57735026918962576L) < 1e-15L, "brute-force octahedron");
	printf("inner radius checked against brute force on %d hulls\n", innerRadiusChecks);
	CHECK(innerRadiusChecks > 100, "inner radius checks: %d", innerRadiusChecks);

	return checkSummary();
}
