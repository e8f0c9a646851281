// Hull support points through the support cells (src/shape3d.c, buildSupportCells) against a
// brute-force scan written here: the farthest vertex along d, the lowest index on ties, with the
// dot product evaluated as x*dx + y*dy + z*dz (the library's order; no contraction). The cells
// must give exactly that vertex, bit for bit, for every hull and direction, including the hard
// ones: directions on and one ulp beside the cells' borders, ties (face and edge normals of the
// hull, boxes and flat hulls, where several vertices share the largest dot product), tiny and
// huge hulls, and directions too small or too large for the cells (they scan).
// The test can fail: dropping the last candidate of every cell list (the lists are exact only
// with every vertex that can win) gives thousands of wrong vertices. It also runs compiled to wasm
// (make test-node), where the lookup compares its candidates with code of its own.
#include "narrowphase/collide3d.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

#define TEST_RNG_SEED 0x2545F4914F6CDD1Dull
#include "testrng.h"

static npHull3 hull; // large: static
static npVec3 pts[512];
static int mismatches;

static int bruteSupport(const npHull3* h, npVec3 d)
{
	int best = 0;
	double bestValue = h->vertices[0].x * d.x + h->vertices[0].y * d.y + h->vertices[0].z * d.z;
	for (int i = 1; i < h->vertexCount; ++i)
	{
		double value = h->vertices[i].x * d.x + h->vertices[i].y * d.y + h->vertices[i].z * d.z;
		if (value > bestValue)
		{
			best = i;
			bestValue = value;
		}
	}
	return best;
}

static void checkDirection(const char* name, const npShape3* shape, npVec3 d)
{
	npVec3 got = npSupport3(shape, d);
	npVec3 want = hull.vertices[bruteSupport(&hull, d)];
	bool same = memcmp(&got, &want, sizeof got) == 0;
	if (!same && mismatches++ < 10)
		printf("%s: d = (%.17g, %.17g, %.17g): got (%.17g, %.17g, %.17g), want (%.17g, %.17g, %.17g)\n", name, d.x,
			   d.y, d.z, got.x, got.y, got.z, want.x, want.y, want.z);
	CHECK(same, "%s: support differs from the scan", name);
}

static npVec3 scaled(npVec3 v, double s) { return (npVec3){ s * v.x, s * v.y, s * v.z }; }

// Every kind of direction, for the hull just built.
static void checkHullDirections(const char* name)
{
	npShape3 shape;
	CHECK(npMakeHullShape3(&hull, &shape) == NP_OK, "%s: shape", name);
	// Random directions of random magnitudes.
	for (int k = 0; k < 4000; ++k)
	{
		npVec3 d = { rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1) };
		checkDirection(name, &shape, scaled(d, pow(10.0, rndRange(-8, 8))));
	}
	// Cell borders: (s, u, v) in every axis order with u, v on the borders -1 + k/4 (and +-1),
	// exactly and one ulp either side, at several magnitudes.
	for (int a = 0; a < 3; ++a)
		for (int sign = -1; sign <= 1; sign += 2)
			for (int i = 0; i <= 8; ++i)
				for (int j = 0; j <= 8; ++j)
					for (int nudge = 0; nudge < 3; ++nudge)
					{
						double u = -1.0 + 0.25 * i, v = -1.0 + 0.25 * j;
						if (nudge == 1)
							u = nextafter(u, 2.0);
						if (nudge == 2)
							v = nextafter(v, -2.0);
						double c[3];
						c[a] = sign;
						c[(a + 1) % 3] = u;
						c[(a + 2) % 3] = v;
						double m = pow(10.0, rndRange(-3, 3));
						checkDirection(name, &shape, (npVec3){ m * c[0], m * c[1], m * c[2] });
					}
	// Ties: the hull's own face normals (every vertex of the face is on the support plane) and
	// the bisectors of neighbouring faces (the two ends of their edge), and the vertex directions.
	for (int f = 0; f < hull.faceCount; ++f)
	{
		npVec3 n = hull.planes[f].normal;
		checkDirection(name, &shape, n);
		checkDirection(name, &shape, scaled(n, -1.0));
	}
	for (int e = 0; e < hull.halfEdgeCount; e += 2)
	{
		npVec3 n1 = hull.planes[hull.halfEdges[e].face].normal, n2 = hull.planes[hull.halfEdges[e + 1].face].normal;
		checkDirection(name, &shape, (npVec3){ n1.x + n2.x, n1.y + n2.y, n1.z + n2.z });
	}
	for (int i = 0; i < hull.vertexCount; ++i)
		checkDirection(name, &shape, hull.vertices[i]);
	// Axis directions (ties on boxes) and directions the cells leave to the scan.
	static const npVec3 special[] = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 },
									  { 1, 1, 1 }, { -1, 1, -1 }, { 1, 1, 0 }, { 0, -1, 1 }, { 0, 0, 0 },
									  { 1e-300, 2e-300, -1e-300 }, { 1e-260, 0, 0 }, { 1e260, -1e259, 3e259 } };
	for (size_t k = 0; k < sizeof special / sizeof special[0]; ++k)
		checkDirection(name, &shape, special[k]);
}

static void build(const char* name, int n)
{
	npResult r = npMakeHull3(pts, n, &hull);
	CHECK(r == NP_OK, "%s: npMakeHull3 -> %d", name, r);
	if (r == NP_OK)
		checkHullDirections(name);
}

int main(void)
{
	char name[64];
	// Points on squashed spheres, 4 to 250 of them, at several scales and offsets.
	static const int sizes[] = { 4, 6, 8, 12, 20, 32, 48, 64, 100, 160, 250 };
	static const double scales[] = { 1.0, 1e-6, 1e6 };
	for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si)
		for (size_t sc = 0; sc < sizeof scales / sizeof scales[0]; ++sc)
		{
			int n = sizes[si];
			for (int i = 0; i < n; ++i)
			{
				npVec3 d = { rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1) };
				double l = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
				pts[i] = scaled((npVec3){ 0.6 * d.x / l + 0.1, 0.5 * d.y / l, 0.7 * d.z / l - 0.2 }, scales[sc]);
			}
			snprintf(name, sizeof name, "sphere %d x %g", n, scales[sc]);
			build(name, n);
		}
	// A box (ties along the axes and the diagonals), a grid of points on a cube (the hull is the
	// 8 corners), a cylinder (many ties on its caps), and flat polygons (every vertex ties along the
	// normal), one axis-aligned and one slanted.
	int n = 0;
	for (int i = 0; i < 8; ++i)
		pts[n++] = (npVec3){ (i & 1) ? 0.5 : -0.5, (i & 2) ? 1.5 : -1.5, (i & 4) ? 0.25 : -0.25 };
	build("box", n);
	n = 0;
	for (int i = 0; i < 5; ++i)
		for (int j = 0; j < 5; ++j)
			for (int k = 0; k < 5; ++k)
				pts[n++] = (npVec3){ i - 2.0, j - 2.0, k - 2.0 };
	build("grid cube", n);
	n = 0;
	for (int i = 0; i < 24; ++i)
	{
		double t = 2.0 * 3.141592653589793 * i / 24;
		pts[n++] = (npVec3){ cos(t), -1.0, sin(t) };
		pts[n++] = (npVec3){ cos(t), 1.0, sin(t) };
	}
	build("cylinder", n);
	n = 0;
	for (int i = 0; i < 16; ++i)
	{
		double t = 2.0 * 3.141592653589793 * i / 16;
		pts[n++] = (npVec3){ cos(t), sin(t), 0.3 };
	}
	build("flat polygon", n);
	for (int i = 0; i < n; ++i)
		pts[i] = (npVec3){ pts[i].x, pts[i].y + 0.5 * pts[i].x, 0.3 + 0.7 * pts[i].x - 0.2 * pts[i].y };
	build("slanted flat polygon", n);
	printf("%d mismatches\n", mismatches);
	return checkSummary();
}
