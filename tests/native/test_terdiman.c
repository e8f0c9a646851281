// The configurations of Pierre Terdiman's "Contact generation for meshes", rebuilt
// with explicit coordinates. Expected contacts come from the geometry (closest points worked out by
// hand in the comments), and each test also runs a variant that must fail where the paper says the
// naive method fails (no feature removal, or the paper's initial algorithm), so the tests can fail.
#include "meshtest.h"

#define CAP 64

typedef mtScene Scene;

static int sphereContacts(const Scene* s, npVec3 centre, double radius, double margin,
						  npMeshAlgorithm3 algorithm, npMeshContact3* out)
{
	npShape3 sphere;
	npMakeSphere(radius, &sphere);
	npMeshQuery3 q = npDefaultMeshQuery3();
	q.margin = margin;
	q.algorithm = algorithm;
	npMeshContactsOutput3 found = { out, CAP };
	npResult r = npMeshContacts3(&sphere, mtAt(centre.x, centre.y, centre.z), s->inst, s->count, &q, &found);
	int n = found.count;
	CHECK(r == NP_OK, "npMeshContacts3 returned %d", r);
	for (int i = 0; i < n; ++i)
		CHECK(mtContactConsistent(out + i), "contact %d breaks the conventions", i);
	return n;
}

static bool near3(npVec3 a, npVec3 b, double tol) { return mtDist(a, b) <= tol; }

// Figure 4, "fear of the wireframe": T1 = (V1, V2, V3), T2 = (V2, V4, V3) share edge V2V3 (the
// line x + y = 2 in the plane z = 0). The centre (0.9, 0.9, 0.45) projects inside T1, 0.1414 from
// the shared edge; with radius 0.5 the sphere also reaches T2, whose closest point is the edge
// point (1, 1, 0) at distance sqrt(0.02 + 0.2025) = 0.4717. Only T1's face contact is right.
static void testFigure4(void)
{
	npVec3 v[4] = { mt3(0, 0, 0), mt3(2, 0, 0), mt3(0, 2, 0), mt3(2, 2, 0) };
	int32_t idx[6] = { 0, 1, 2, 1, 3, 2 };
	Scene s = { 0 };
	mtSceneAdd(&s, v, 4, idx, 2, mtIdentity);
	npMeshContact3 c[CAP];
	npVec3 centre = mt3(0.9, 0.9, 0.45);
	int n = sphereContacts(&s, centre, 0.5, 0.0, NP_MESH_TERDIMAN, c);
	CHECK(n == 1, "figure 4: %d contacts, expected 1", n);
	if (n >= 1)
	{
		CHECK(c[0].triangle == 0 && c[0].feature == NP_MESH_FACE, "figure 4: not T1's face");
		CHECK(near3(c[0].normal, mt3(0, 0, -1), 1e-15), "figure 4: normal");
		CHECK(fabs(c[0].depth - 0.05) < 1e-12, "figure 4: depth %.17g", c[0].depth);
		CHECK(near3(c[0].pointB, mt3(0.9, 0.9, 0), 1e-12), "figure 4: pointB");
		CHECK(near3(c[0].pointA, mt3(0.9, 0.9, -0.05), 1e-12), "figure 4: pointA");
	}
	// Without removal T2's ghost edge contact shows up, with the tilted normal from the centre to
	// (1, 1, 0).
	n = sphereContacts(&s, centre, 0.5, 0.0, NP_MESH_ALL_CONTACTS, c);
	CHECK(n == 2, "figure 4 (all): %d contacts, expected 2", n);
	npVec3 ghost = mtNorm(mtSub(mt3(1, 1, 0), centre));
	bool found = false;
	for (int i = 0; i < n; ++i)
		if (c[i].triangle == 1 && c[i].feature == NP_MESH_EDGE && c[i].featureIndex == 2 &&
			near3(c[i].normal, ghost, 1e-12) && fabs(c[i].depth - (0.5 - mtDist(centre, mt3(1, 1, 0)))) < 1e-12)
			found = true;
	CHECK(found, "figure 4 (all): the ghost edge contact on T2 is missing");
	mtSceneFree(&s);
}

// Figure 6: a vertex contact voided by an edge contact. T1 = (V3, V4, V5) lies in y <= 0 with edge
// V3V5 on y = 0 (x from 0 to 2); T2 = (V3, V7, V6) lies in x <= 0 and shares only V3 (the origin).
// The centre (0.3, 0.2, 0.1) is beyond edge V3V5: T1's closest point is (0.3, 0, 0) (edge, distance
// sqrt(0.05) = 0.2236); T2's is V3 itself (vertex region: (0.3, 0.2) . (-1, 1) < 0 and
// . (-1, -1) < 0), distance sqrt(0.14) = 0.3742. Radius 0.4: both are potential contacts; the edge
// contact is kept and voids V3, so the vertex contact goes.
static void testFigure6(void)
{
	npVec3 v[5] = { mt3(0, 0, 0), mt3(1, -1.5, 0), mt3(2, 0, 0), mt3(-1, -1, 0), mt3(-1, 1, 0) };
	int32_t idx[6] = { 0, 1, 2, 0, 4, 3 };
	Scene s = { 0 };
	mtSceneAdd(&s, v, 5, idx, 2, mtIdentity);
	npMeshContact3 c[CAP];
	npVec3 centre = mt3(0.3, 0.2, 0.1);
	for (int alg = 0; alg < 2; ++alg)
	{
		int n = sphereContacts(&s, centre, 0.4, 0.0, alg == 0 ? NP_MESH_TERDIMAN : NP_MESH_TERDIMAN_INITIAL, c);
		CHECK(n == 1, "figure 6 (alg %d): %d contacts, expected 1", alg, n);
		if (n >= 1)
		{
			CHECK(c[0].triangle == 0 && c[0].feature == NP_MESH_EDGE && c[0].featureIndex == 2,
				  "figure 6: expected T1's edge V5V3 (edge 2), got tri %d %s%d", c[0].triangle,
				  mtFeatureName(c[0].feature), c[0].featureIndex);
			CHECK(near3(c[0].pointB, mt3(0.3, 0, 0), 1e-15), "figure 6: pointB");
			CHECK(near3(c[0].normal, mtNorm(mt3(0, -0.2, -0.1)), 1e-15), "figure 6: normal");
			CHECK(fabs(c[0].depth - (0.4 - sqrt(0.05))) < 1e-15, "figure 6: depth");
		}
	}
	int n = sphereContacts(&s, centre, 0.4, 0.0, NP_MESH_ALL_CONTACTS, c);
	CHECK(n == 2, "figure 6 (all): %d contacts, expected 2 (edge and vertex)", n);
	mtSceneFree(&s);
}

// Figure 7: large contact distance. T1 = (V1, V2, V3) (face contact), T2 = (V2, V4, V3) shares
// edge V2V3 with T1, T3 = (V3, V4, V5) shares edge V3V4 with T2 only. The centre projects to
// P = (-0.5, 1.2), inside T1. T2's closest point is (0, 1.2) on V2V3 (in-plane distance 0.5); T3's is
// on V3V4 at parameter 0.7 / 3.25 (in-plane distance 1.55 / sqrt(3.25) = 0.860). Height 0.3, radius
// 0.35, margin 0.6: all three triangles are potential contacts; only T1's face contact is right.
static const npVec3 fig7v[5] = { { -2, 1, 0 }, { 0, 0, 0 }, { 0, 2, 0 }, { 1, 0.5, 0 }, { 2, 2.5, 0 } };
static const int32_t fig7T1[3] = { 0, 1, 2 }, fig7T2[3] = { 1, 3, 2 }, fig7T3[3] = { 2, 3, 4 };

static void testFigure7(void)
{
	npVec3 centre = mt3(-0.5, 1.2, 0.3);
	npMeshContact3 c[CAP];
	for (int order = 0; order < 2; ++order)
	{
		int32_t idx[9];
		memcpy(idx, fig7T1, sizeof fig7T1);
		memcpy(idx + 3, order == 0 ? fig7T2 : fig7T3, sizeof fig7T1);
		memcpy(idx + 6, order == 0 ? fig7T3 : fig7T2, sizeof fig7T1);
		Scene s = { 0 };
		mtSceneAdd(&s, fig7v, 5, idx, 3, mtIdentity);
		int n = sphereContacts(&s, centre, 0.35, 0.6, NP_MESH_TERDIMAN, c);
		CHECK(n == 1, "figure 7 (order %d): %d contacts, expected 1", order, n);
		if (n >= 1)
		{
			CHECK(c[0].triangle == 0 && c[0].feature == NP_MESH_FACE, "figure 7: not T1's face");
			CHECK(fabs(c[0].depth - 0.05) < 1e-15, "figure 7: depth %.17g", c[0].depth);
			CHECK(near3(c[0].normal, mt3(0, 0, -1), 0), "figure 7: normal");
		}
		// The paper's initial algorithm (unsorted edge pass) keeps T3's wrong edge contact when T3
		// comes before T2, and gets it right in the other order: the order dependence of section 5a.
		n = sphereContacts(&s, centre, 0.35, 0.6, NP_MESH_TERDIMAN_INITIAL, c);
		CHECK(n == (order == 0 ? 1 : 2), "figure 7 initial (order %d): %d contacts, expected %d", order, n,
			  order == 0 ? 1 : 2);
		if (order == 1 && n == 2)
			CHECK(c[1].triangle == 1 && c[1].feature == NP_MESH_EDGE, "figure 7 initial: the wrong contact is T3's edge");
		n = sphereContacts(&s, centre, 0.35, 0.6, NP_MESH_ALL_CONTACTS, c);
		CHECK(n == 3, "figure 7 (all): %d contacts, expected 3", n);
		mtSceneFree(&s);
	}
}

// Figure 8: six triangles around the origin (a regular hexagon of radius 1) and T7 across T1's outer
// edge H0H1. The centre is exactly above the shared vertex: every fan triangle's closest point is the
// origin (vertex, distance h = 0.2), T7's is the midpoint of H0H1 (edge, distance
// sqrt(0.04 + 0.75)). Radius 1: expected one vertex contact at the origin, nothing on T7.
static void fig8Mesh(npVec3* v, int32_t* idx)
{
	double s = sqrt(3.0) / 2.0;
	npVec3 h[6] = { { 1, 0, 0 }, { 0.5, s, 0 }, { -0.5, s, 0 }, { -1, 0, 0 }, { -0.5, -s, 0 }, { 0.5, -s, 0 } };
	v[0] = mt3(0, 0, 0);
	for (int k = 0; k < 6; ++k)
		v[1 + k] = h[k];
	v[7] = mt3(1.5, s, 0); // H0 + H1
	for (int k = 0; k < 6; ++k)
	{
		idx[3 * k] = 0;
		idx[3 * k + 1] = 1 + k;
		idx[3 * k + 2] = 1 + (k + 1) % 6;
	}
	idx[18] = 2; // T7 = (H1, H0, H0 + H1)
	idx[19] = 1;
	idx[20] = 7;
}

static void checkFigure8(const npMeshContact3* c, int n, const char* what)
{
	CHECK(n == 1, "%s: %d contacts, expected 1", what, n);
	if (n < 1)
		return;
	CHECK(c[0].feature == NP_MESH_VERTEX && c[0].triangle != 6, "%s: expected a fan vertex contact, got tri %d %s",
		  what, c[0].triangle, mtFeatureName(c[0].feature));
	CHECK(near3(c[0].pointB, mt3(0, 0, 0), 0), "%s: pointB", what);
	CHECK(near3(c[0].normal, mt3(0, 0, -1), 0), "%s: normal", what);
	CHECK(fabs(c[0].depth - 0.8) < 1e-15, "%s: depth", what);
	for (int i = 0; i < n; ++i)
		CHECK(c[i].triangle != 6, "%s: contact on T7", what);
}

static void testFigure8(void)
{
	npVec3 v[8];
	int32_t idx[21];
	fig8Mesh(v, idx);
	Scene s = { 0 };
	mtSceneAdd(&s, v, 8, idx, 7, mtIdentity);
	npMeshContact3 c[CAP];
	npVec3 centre = mt3(0, 0, 0.2);
	int n = sphereContacts(&s, centre, 1.0, 0.0, NP_MESH_TERDIMAN, c);
	checkFigure8(c, n, "figure 8");
	// Separate edge and vertex passes (the initial algorithm) keep T7's edge contact: 2 contacts.
	n = sphereContacts(&s, centre, 1.0, 0.0, NP_MESH_TERDIMAN_INITIAL, c);
	bool t7 = false;
	for (int i = 0; i < n; ++i)
		t7 = t7 || (c[i].triangle == 6 && c[i].feature == NP_MESH_EDGE);
	CHECK(n == 2 && t7, "figure 8 initial: expected the invalid T7 edge contact (n = %d)", n);
	n = sphereContacts(&s, centre, 1.0, 0.0, NP_MESH_ALL_CONTACTS, c);
	CHECK(n == 7, "figure 8 (all): %d contacts, expected 7", n);
	mtSceneFree(&s);
}

// Section 6: the same scenes split into two meshes with duplicated vertices (each mesh has its own
// copy of the shared vertices) give the same contacts. Also with the second mesh authored elsewhere
// and moved into place by a rotation + translation (its world vertices then differ from the first
// mesh's by rounding only).
static void testDisjoint(void)
{
	npMeshContact3 c[CAP];
	// Figure 8: the fan in mesh 0, T7 in mesh 1.
	{
		npVec3 v[8];
		int32_t idx[21];
		fig8Mesh(v, idx);
		npVec3 v7[3] = { v[2], v[1], v[7] };
		int32_t i7[3] = { 0, 1, 2 };
		Scene s = { 0 };
		mtSceneAdd(&s, v, 7, idx, 6, mtIdentity);
		mtSceneAdd(&s, v7, 3, i7, 1, mtIdentity);
		int n = sphereContacts(&s, mt3(0, 0, 0.2), 1.0, 0.0, NP_MESH_TERDIMAN, c);
		checkFigure8(c, n, "figure 8 split");
		for (int i = 0; i < n; ++i)
			CHECK(c[i].mesh == 0, "figure 8 split: contact on mesh 1");
		mtSceneFree(&s);

		// Fan split into two halves, T7 in a third mesh authored around (10, 0, 0), rotated 90 degrees
		// about z, and placed back by its transform.
		npTransform3 xf = mtPose(mt3(0, 0, 0), mt3(0, 0, 1), MT_PI / 2);
		npVec3 local[3];
		for (int k = 0; k < 3; ++k)
		{
			// local = R^-1 * world, computed with the test's own rotation (rounding differs).
			npVec3 p = v7[k];
			double cs = cos(-MT_PI / 2), sn = sin(-MT_PI / 2);
			local[k] = mt3(cs * p.x - sn * p.y, sn * p.x + cs * p.y, p.z);
		}
		mtSceneAdd(&s, v, 7, idx, 3, mtIdentity);
		mtSceneAdd(&s, v, 7, idx + 9, 3, mtIdentity);
		mtSceneAdd(&s, local, 3, i7, 1, xf);
		n = sphereContacts(&s, mt3(0, 0, 0.2), 1.0, 0.0, NP_MESH_TERDIMAN, c);
		checkFigure8(c, n, "figure 8 in three meshes, one rotated");
		// Without position matching tolerance (exact bits) the rotated copy may not match; with the
		// default tolerance it must. And without removal every triangle reports.
		n = sphereContacts(&s, mt3(0, 0, 0.2), 1.0, 0.0, NP_MESH_ALL_CONTACTS, c);
		CHECK(n == 7, "figure 8 three meshes (all): %d contacts", n);
		mtSceneFree(&s);
	}
	// Figure 4 split: T1 in mesh 0, T2 (duplicated V2, V3) in mesh 1.
	{
		npVec3 a[3] = { mt3(0, 0, 0), mt3(2, 0, 0), mt3(0, 2, 0) };
		npVec3 b[3] = { mt3(2, 0, 0), mt3(2, 2, 0), mt3(0, 2, 0) };
		int32_t i3[3] = { 0, 1, 2 };
		Scene s = { 0 };
		mtSceneAdd(&s, b, 3, i3, 1, mtIdentity); // the edge-contact mesh first: order must not matter
		mtSceneAdd(&s, a, 3, i3, 1, mtIdentity);
		int n = sphereContacts(&s, mt3(0.9, 0.9, 0.45), 0.5, 0.0, NP_MESH_TERDIMAN, c);
		CHECK(n == 1 && c[0].mesh == 1 && c[0].feature == NP_MESH_FACE, "figure 4 split: n = %d", n);
		mtSceneFree(&s);
	}
	// Figure 7 split: T1 | T2 | T3 in three meshes, in both orders of T2 and T3.
	for (int order = 0; order < 2; ++order)
	{
		const int32_t* tris[3] = { fig7T1, order == 0 ? fig7T2 : fig7T3, order == 0 ? fig7T3 : fig7T2 };
		Scene s = { 0 };
		for (int m = 0; m < 3; ++m)
		{
			npVec3 v[3] = { fig7v[tris[m][0]], fig7v[tris[m][1]], fig7v[tris[m][2]] };
			int32_t i3[3] = { 0, 1, 2 };
			mtSceneAdd(&s, v, 3, i3, 1, mtIdentity);
		}
		int n = sphereContacts(&s, mt3(-0.5, 1.2, 0.3), 0.35, 0.6, NP_MESH_TERDIMAN, c);
		CHECK(n == 1 && c[0].mesh == 0 && c[0].feature == NP_MESH_FACE, "figure 7 split (order %d): n = %d", order, n);
		mtSceneFree(&s);
	}
	// Figure 6 split: T2 in another mesh.
	{
		npVec3 t1[3] = { mt3(0, 0, 0), mt3(1, -1.5, 0), mt3(2, 0, 0) };
		npVec3 t2[3] = { mt3(0, 0, 0), mt3(-1, 1, 0), mt3(-1, -1, 0) };
		int32_t i3[3] = { 0, 1, 2 };
		Scene s = { 0 };
		mtSceneAdd(&s, t2, 3, i3, 1, mtIdentity);
		mtSceneAdd(&s, t1, 3, i3, 1, mtIdentity);
		int n = sphereContacts(&s, mt3(0.3, 0.2, 0.1), 0.4, 0.0, NP_MESH_TERDIMAN, c);
		CHECK(n == 1 && c[0].mesh == 1 && c[0].feature == NP_MESH_EDGE, "figure 6 split: n = %d", n);
		mtSceneFree(&s);
	}
}

// Features are matched by position, not by welding: with a feature tolerance of 0 and a copy of T2
// shifted by 1e-9 (so its edge no longer coincides with T1's), the ghost contact comes back; with
// tolerance 1e-6 it is removed again.
static void testFeatureTolerance(void)
{
	npVec3 a[3] = { mt3(0, 0, 0), mt3(2, 0, 0), mt3(0, 2, 0) };
	npVec3 b[3] = { mt3(2 + 1e-9, 0, 0), mt3(2 + 1e-9, 2, 0), mt3(1e-9, 2, 0) };
	int32_t i3[3] = { 0, 1, 2 };
	Scene s = { 0 };
	mtSceneAdd(&s, a, 3, i3, 1, mtIdentity);
	mtSceneAdd(&s, b, 3, i3, 1, mtIdentity);
	npShape3 sphere;
	npMakeSphere(0.5, &sphere);
	npMeshQuery3 q = npDefaultMeshQuery3();
	npMeshContact3 c[CAP];
	npMeshContactsOutput3 found = { c, CAP };
	q.featureTolerance = 0.0;
	npMeshContacts3(&sphere, mtAt(0.9, 0.9, 0.45), s.inst, 2, &q, &found);
	CHECK(found.count == 2, "tolerance 0: %d contacts, expected 2 (edges no longer shared)", found.count);
	q.featureTolerance = 1e-6;
	npMeshContacts3(&sphere, mtAt(0.9, 0.9, 0.45), s.inst, 2, &q, &found);
	CHECK(found.count == 1, "tolerance 1e-6: %d contacts, expected 1", found.count);
	mtSceneFree(&s);
}

// A closed box mesh [-1, 1]^3 (outward normals): genuine convex edges and corners keep their
// contacts (one each: the two or three triangles touching the same edge / corner void each other).
static void testMeshBoxCorner(void)
{
	npVec3 v[8];
	for (int i = 0; i < 8; ++i)
		v[i] = mt3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
	// Faces as quads (counter-clockwise from outside), two triangles each.
	int quads[6][4] = { { 0, 2, 3, 1 }, { 4, 5, 7, 6 }, { 0, 1, 5, 4 }, { 2, 6, 7, 3 }, { 0, 4, 6, 2 }, { 1, 3, 7, 5 } };
	int32_t idx[36];
	for (int f = 0; f < 6; ++f)
	{
		int32_t t[6] = { quads[f][0], quads[f][1], quads[f][2], quads[f][0], quads[f][2], quads[f][3] };
		memcpy(idx + 6 * f, t, sizeof t);
	}
	Scene s = { 0 };
	mtSceneAdd(&s, v, 8, idx, 12, mtIdentity);
	CHECK(s.meshes[0]->boundaryEdges == 0, "box mesh: %d boundary edges", s.meshes[0]->boundaryEdges);
	npMeshContact3 c[CAP];
	// Corner: centre (1.2, 1.2, 1.2), radius 0.4, distance sqrt(0.12) to the corner (1, 1, 1).
	int n = sphereContacts(&s, mt3(1.2, 1.2, 1.2), 0.4, 0.0, NP_MESH_TERDIMAN, c);
	CHECK(n == 1, "box corner: %d contacts, expected 1", n);
	if (n >= 1)
	{
		CHECK(c[0].feature == NP_MESH_VERTEX, "box corner: feature %s", mtFeatureName(c[0].feature));
		CHECK(near3(c[0].normal, mtNorm(mt3(-1, -1, -1)), 1e-15), "box corner: normal");
		CHECK(fabs(c[0].depth - (0.4 - sqrt(0.12))) < 1e-15, "box corner: depth");
	}
	// Edge: centre (1.2, 1.2, 0.3): closest point (1, 1, 0.3) on the cube edge x = y = 1.
	n = sphereContacts(&s, mt3(1.2, 1.2, 0.3), 0.4, 0.0, NP_MESH_TERDIMAN, c);
	CHECK(n == 1, "box edge: %d contacts, expected 1", n);
	if (n >= 1)
	{
		CHECK(c[0].feature == NP_MESH_EDGE, "box edge: feature %s", mtFeatureName(c[0].feature));
		CHECK(near3(c[0].normal, mtNorm(mt3(-1, -1, 0)), 1e-15), "box edge: normal");
		CHECK(near3(c[0].pointB, mt3(1, 1, 0.3), 1e-15), "box edge: pointB");
	}
	// Face: centre (1.3, 0.2, -0.1): face contact on +x with depth 0.1.
	n = sphereContacts(&s, mt3(1.3, 0.2, -0.1), 0.4, 0.0, NP_MESH_TERDIMAN, c);
	CHECK(n == 1 && c[0].feature == NP_MESH_FACE && near3(c[0].normal, mt3(-1, 0, 0), 0) &&
			  fabs(c[0].depth - 0.1) < 1e-15,
		  "box face: n = %d", n);
	mtSceneFree(&s);
}

// The two ways of naming features must agree: a one-mesh query uses welded indices when the mesh
// was welded at least as finely as featureTolerance, else position classes; and a query with more
// than 32 potential contacts keeps the voided set in a hash table instead of a list. A large sphere
// (radius 3, centre 2.9 above a 0.25-cell grid: about 450 triangles within reach, many of them
// edge and vertex candidates) must get face contacts only, depth 0.1, with all four combinations.
static void testLargeSphere(void)
{
	enum { N = 48 };
	static npVec3 v[(N + 1) * (N + 1)];
	static int32_t idx[6 * N * N];
	mtGrid(N, N, 0, 0, 0.25, 0, true, v, idx);
	npShape3 sphere;
	npMakeSphere(3.0, &sphere);
	static npMeshContact3 c[NP_MESH_MAX_POINTS];
	for (int variant = 0; variant < 2; ++variant)
	{
		npMesh3* m = NULL;
		// variant 0: weld 1e-6 >= feature tolerance: welded indices; variant 1: weld 0: positions.
		CHECK(mtMakeMesh(v, (N + 1) * (N + 1), idx, 2 * N * N, variant == 0 ? 1e-6 : 0.0, &m) == NP_OK, "grid");
		npMeshInstance3 inst = { m, mtIdentity };
		npMeshQuery3 q = npDefaultMeshQuery3();
		for (int margin = 0; margin < 2; ++margin)
		{
			q.margin = margin * 0.05;
			npMeshContactsOutput3 found = { c, NP_MESH_MAX_POINTS };
			npResult r = npMeshContacts3(&sphere, mtAt(6.13, 5.91, 2.9), &inst, 1, &q, &found);
			int n = found.count;
			npMeshContactsInfo3 info = found.info;
			bool ok = r == NP_OK && n >= 1 && info.potential > 32;
			for (int i = 0; i < n; ++i)
				ok = ok && c[i].feature == NP_MESH_FACE && near3(c[i].normal, mt3(0, 0, -1), 0) &&
					 fabs(c[i].depth - 0.1) < 1e-12;
			if (!ok)
				mtPrintContacts(c, n);
			CHECK(ok, "large sphere (weld %s, margin %g): r %d, %d contacts of %d potential", variant ? "0" : "1e-6",
				  q.margin, r, n, info.potential);
			q.algorithm = NP_MESH_ALL_CONTACTS;
			npMeshContacts3(&sphere, mtAt(6.13, 5.91, 2.9), &inst, 1, &q, &found);
			n = found.count;
			int ghosts = 0;
			for (int i = 0; i < n; ++i)
				ghosts += c[i].feature != NP_MESH_FACE ? 1 : 0;
			CHECK(ghosts > 32, "large sphere without removal: only %d edge/vertex contacts", ghosts);
			q.algorithm = NP_MESH_TERDIMAN;
		}
		free(m);
	}
}

// A neighbour covers an edge only for shapes in front of it. Scene: a floor (y = 0, x from -10 to
// 0) and a wall rising from its edge x = -10 (front +x), a concave corner. A box (half size 0.5)
// centred at (-10.4, 0.3, 0) is behind the wall (x < -10: the wall is culled for it) and straddles
// the floor's edge: the edge pokes 0.1 into its +x face (a push up would need 0.2). With the wall
// covering nothing for it, that edge is a free edge: the contacts are the edge's, normal +x (shape
// to mesh), depth 0.1, on the edge line -- as a sphere there gets (Terdiman's voiding: the culled
// wall voids nothing): centre (-10.3, 0.3, 0), radius 0.5, the edge point (-10, 0, 0) at
// sqrt(0.18). Taken for a ghost (the old rule), the box's edge contact became face contacts 0.2
// deep with the floor's normal: this test failed.
static void testBehindNeighbour(void)
{
	npVec3 v[6] = { { -10, 0, -10 }, { 0, 0, -10 }, { 0, 0, 10 }, { -10, 0, 10 }, { -10, 3, -10 }, { -10, 3, 10 } };
	int32_t idx[12] = { 0, 2, 1, 0, 3, 2, 0, 4, 5, 0, 5, 3 };
	Scene s = { 0 };
	mtSceneAdd(&s, v, 6, idx, 4, mtIdentity);
	npShape3 box;
	CHECK(npMakeBox3(mt3(0.5, 0.5, 0.5), &box) == NP_OK, "box");
	npMeshQuery3 q = npDefaultMeshQuery3();
	npMeshContact3 c[CAP];
	npMeshContactsOutput3 found = { c, CAP };
	CHECK(npMeshContacts3(&box, mtAt(-10.4, 0.3, 0), s.inst, s.count, &q, &found) == NP_OK, "box contacts");
	CHECK(found.count >= 1, "box behind the wall: no contact");
	for (int i = 0; i < found.count; ++i)
		CHECK(c[i].feature == NP_MESH_EDGE && c[i].triangle == 1 && near3(c[i].normal, mt3(1, 0, 0), 1e-12) &&
				  fabs(c[i].depth - 0.1) <= 1e-12 && fabs(c[i].pointB.x + 10) <= 1e-12 && fabs(c[i].pointB.y) <= 1e-12,
			  "box behind the wall: contact %d: %s on triangle %d, normal (%g, %g, %g), depth %.17g", i,
			  mtFeatureName(c[i].feature), c[i].triangle, c[i].normal.x, c[i].normal.y, c[i].normal.z, c[i].depth);

	int n = sphereContacts(&s, mt3(-10.3, 0.3, 0), 0.5, 0.0, NP_MESH_TERDIMAN, c);
	CHECK(n == 1 && c[0].feature == NP_MESH_EDGE && near3(c[0].normal, mtNorm(mt3(0.3, -0.3, 0)), 1e-14) &&
			  fabs(c[0].depth - (0.5 - sqrt(0.18))) <= 1e-14,
		  "sphere behind the wall: %d contacts", n);
	mtSceneFree(&s);
}

// Internal-feature removal never removes every contact of an overlapping shape: boxes, hulls,
// capsules and spheres placed at random over small grids (1 to 4 quads a side, flat, ridged or
// valleyed by up to 0.5 rad), overlapping the mesh (every algorithm-free contact, NP_MESH_ALL_CONTACTS,
// deeper than 1e-6: the precondition), must keep at least one contact with the final algorithm. The
// replaced ghost contacts once vanished where the shape's corners lie under no triangle (386 of
// 14,126 such overlaps had no contact at all).
static double nextUniform(uint32_t* state, double lo, double hi)
{
	*state = *state * 1103515245u + 12345u;
	return lo + (hi - lo) * ((*state >> 8) / 16777216.0);
}

static npVec3 nextPoint(uint32_t* state, double lo, double hi, double zlo, double zhi)
{
	double x = nextUniform(state, lo, hi), y = nextUniform(state, lo, hi);
	return mt3(x, y, nextUniform(state, zlo, zhi));
}

// A square grid of n x n quads (two triangles each) over [-size, size]^2, bent along x = 0 to
// z = -|x| bend (a ridge for bend > 0, a valley for bend < 0, flat for 0), built into `memory`.
static npMesh3* bentGrid(int n, double size, double bend, unsigned char* memory, size_t bytes)
{
	npVec3 v[25];
	int32_t idx[96];
	int nv = 0, nt = 0;
	for (int j = 0; j <= n; ++j)
		for (int i = 0; i <= n; ++i)
		{
			double x = -size + 2.0 * size * i / n, y = -size + 2.0 * size * j / n;
			v[nv++] = mt3(x, y, -fabs(x) * bend);
		}
	for (int j = 0; j < n; ++j)
		for (int i = 0; i < n; ++i)
		{
			int a = j * (n + 1) + i, b = a + 1, c = a + n + 1, d = c + 1;
			int32_t quad[6] = { a, b, d, a, d, c };
			memcpy(idx + 3 * nt, quad, sizeof quad);
			nt += 2;
		}
	npMesh3* mesh = NULL;
	CHECK(npMakeMesh3(&(npMeshInput3){ v, nv, idx, nt, 0.0 }, memory, bytes, &mesh) == NP_OK, "grid of %d x %d quads", n, n);
	return mesh;
}

static void testRemovalKeepsAContact(void)
{
	static _Alignas(16) unsigned char memory[1 << 16];
	static npHull3 hull;
	uint32_t state = 999u;
	int overlaps = 0, lost = 0;
	npMeshContact3 contacts[256];
	for (int k = 0; k < 8000; ++k)
	{
		int n = 1 + k % 4;
		double size = 4.0, bend = nextUniform(&state, -0.05, 0.05) * (k % 5 == 0 ? 10.0 : 1.0);
		npMesh3* mesh = bentGrid(n, size, bend, memory, sizeof memory);
		npShape3 shape;
		int kind = k % 4;
		if (kind == 0)
			npMakeBox3(nextPoint(&state, 0.1, 3.0, 0.1, 3.0), &shape);
		else if (kind == 1)
		{
			double halfHeight = nextUniform(&state, 0.1, 3.0);
			npMakeCapsule3(halfHeight, nextUniform(&state, 0.05, 1.0), &shape);
		}
		else if (kind == 2)
			npMakeSphere(nextUniform(&state, 0.1, 2.0), &shape);
		else
		{
			npVec3 p[12];
			for (int i = 0; i < 12; ++i)
				p[i] = nextPoint(&state, -2, 2, -1, 1);
			if (npMakeHull3(p, 12, &hull) != NP_OK || npMakeHullShape3(&hull, &shape) != NP_OK)
				continue;
		}
		npVec3 axis = nextPoint(&state, -1, 1, -1, 1);
		double angle = nextUniform(&state, -3, 3);
		if (mtLen(axis) < 1e-3)
			continue;
		npVec3 at = nextPoint(&state, -0.8 * size, 0.8 * size, 0.001, 1.5);
		npTransform3 xf = mtPose(at, mtNorm(axis), angle);
		npMeshInstance3 inst = { mesh, mtIdentity };
		npMeshQuery3 q = npDefaultMeshQuery3();
		q.algorithm = NP_MESH_ALL_CONTACTS;
		npMeshContactsOutput3 out = { contacts, 256, -1 };
		CHECK(npMeshContacts3(&shape, xf, &inst, 1, &q, &out) == NP_OK, "all contacts");
		double deepest = 0.0;
		for (int i = 0; i < out.count; ++i)
			deepest = fmax(deepest, contacts[i].depth);
		if (!(deepest > 1e-6))
			continue;
		overlaps += 1;
		q.algorithm = NP_MESH_TERDIMAN;
		out.count = 0;
		CHECK(npMeshContacts3(&shape, xf, &inst, 1, &q, &out) == NP_OK, "final algorithm");
		lost += out.count == 0 ? 1 : 0;
	}
	printf("removal: %d overlaps over small grids, %d without a contact\n", overlaps, lost);
	CHECK(overlaps > 4000 && lost == 0, "removal: %d of %d overlaps without a contact", lost, overlaps);
}

// A box or hull over a flat grid (1 to 4 quads a side), its centroid above the floor and one of its
// corners 1e-3 or more below it, over the floor: the floor crosses the shape (this file's own
// geometry), so the final algorithm gives a contact. Each triangle's manifold can point through the
// one-sided floor (the shape's shallowest way out is sideways and down) and be rejected; 2,250 of
// 24,543 such shapes once got no contact at all.
// A point of the shape's frame placed by xf (this file's own quaternion rotation).
static npVec3 mtPlace(npTransform3 xf, npVec3 v)
{
	npVec3 u = mt3(xf.q.x, xf.q.y, xf.q.z), t = mtScale(2.0, mtCross(u, v));
	return mtAdd(mtAdd(mtAdd(v, mtScale(xf.q.w, t)), mtCross(u, t)), xf.p);
}

static void testOverlapsThroughAFloorHaveContacts(void)
{
	static _Alignas(16) unsigned char memory[1 << 16];
	static npHull3 hull;
	uint32_t state = 31337u;
	int sure = 0, lost = 0;
	npMeshContact3 contacts[256];
	for (int k = 0; k < 6000; ++k)
	{
		int n = 1 + k % 4;
		const double size = 4.0;
		npMesh3* mesh = bentGrid(n, size, 0.0, memory, sizeof memory);
		npShape3 shape;
		npVec3 corners[NP_MAX_HULL_VERTICES], centroid = mt3(0, 0, 0);
		int cornerCount = 0;
		if (k % 2 == 0)
		{
			npVec3 half = nextPoint(&state, 0.1, 3.0, 0.1, 3.0);
			npMakeBox3(half, &shape);
			for (int i = 0; i < 8; ++i)
				corners[cornerCount++] = mt3((i & 1 ? 1 : -1) * half.x, (i & 2 ? 1 : -1) * half.y, (i & 4 ? 1 : -1) * half.z);
		}
		else
		{
			npVec3 p[12];
			for (int i = 0; i < 12; ++i)
				p[i] = nextPoint(&state, -2, 2, -1, 1);
			if (npMakeHull3(p, 12, &hull) != NP_OK || npMakeHullShape3(&hull, &shape) != NP_OK)
				continue;
			for (int i = 0; i < hull.vertexCount; ++i)
				corners[cornerCount++] = hull.vertices[i];
			centroid = hull.centroid;
		}
		npVec3 axis = nextPoint(&state, -1, 1, -1, 1);
		double angle = nextUniform(&state, -3, 3);
		npVec3 at = nextPoint(&state, -3.5, 3.5, 0.001, 1.5);
		if (mtLen(axis) < 1e-3)
			continue;
		npTransform3 xf = mtPose(at, mtNorm(axis), angle);
		if (!(mtPlace(xf, centroid).z > 1e-9))
			continue;
		bool crosses = false;
		for (int i = 0; i < cornerCount && !crosses; ++i)
		{
			npVec3 w = mtPlace(xf, corners[i]);
			crosses = w.z < -1e-3 && fabs(w.x) < size && fabs(w.y) < size;
		}
		if (!crosses)
			continue;
		sure += 1;
		npMeshInstance3 inst = { mesh, mtIdentity };
		npMeshQuery3 q = npDefaultMeshQuery3();
		npMeshContactsOutput3 out = { contacts, 256, -1 };
		CHECK(npMeshContacts3(&shape, xf, &inst, 1, &q, &out) == NP_OK, "contacts");
		lost += out.count == 0 ? 1 : 0;
	}
	printf("floors: %d shapes crossing a floor from above, %d without a contact\n", sure, lost);
	CHECK(sure > 3000 && lost == 0, "floors: %d of %d shapes crossing a floor without a contact", lost, sure);
}

// Heights of the bumpy terrain below: many small ridges and valleys.
static double bumpHeight(int i, int j) { return 0.4 * sin(i * 0.37) * cos(j * 0.29) + 0.2 * cos(i * 1.3 + j * 0.7); }

// A box (half size 0.5) sliding and rocking over a bumpy 64 x 64 heightfield mesh, 0.6 above its
// first harmonic: wherever a corner of the box is below the terrain (this file's own height under
// it, from the two triangles of its cell) the query gives a contact. 14 of 12,162 such queries in a
// longer run once got none (ghost contacts dropped with no corner over their triangle, manifolds
// pointing through the terrain).
static void testBoxOverBumpyTerrain(void)
{
	enum { G = 64 };
	static npVec3 v[(G + 1) * (G + 1)];
	static int32_t idx[6 * G * G];
	for (int j = 0; j <= G; ++j)
		for (int i = 0; i <= G; ++i)
			v[j * (G + 1) + i] = mt3(i - G / 2.0, bumpHeight(i, j), j - G / 2.0);
	int nt = 0;
	for (int j = 0; j < G; ++j)
		for (int i = 0; i < G; ++i)
		{
			int a = j * (G + 1) + i, b = a + 1, c = a + G + 1, d = c + 1; // (a, c, d) and (a, d, b): up
			int32_t quad[6] = { a, c, d, a, d, b };
			memcpy(idx + 3 * nt, quad, sizeof quad);
			nt += 2;
		}
	size_t bytes = npMeshBytes3((G + 1) * (G + 1), nt);
	void* memory = aligned_alloc(16, (bytes + 15) / 16 * 16);
	npMesh3* mesh = NULL;
	CHECK(npMakeMesh3(&(npMeshInput3){ v, (G + 1) * (G + 1), idx, nt, 0.0 }, memory, (bytes + 15) / 16 * 16, &mesh) == NP_OK, "terrain");
	npMeshInstance3 inst = { mesh, mtIdentity };
	npShape3 box;
	npMakeBox3(mt3(0.5, 0.5, 0.5), &box);
	npMeshContact3 contacts[64];
	npMeshQuery3 q = npDefaultMeshQuery3();
	int below = 0, lost = 0;
	for (int n = 0; n < 6000; ++n)
	{
		double x = -25.0 + 0.0083 * n, z = -20.0 + 0.0067 * n;
		npTransform3 xf = mtPose(mt3(x, 0.4 * sin((x + G / 2.0) * 0.37) * cos((z + G / 2.0) * 0.29) + 0.6, z),
								 mtNorm(mt3(cos(n * 0.07), 0.3, sin(n * 0.05))), 0.15 * sin(n * 0.1));
		double deepest = 0.0;
		for (int k = 0; k < 8; ++k)
		{
			npVec3 w = mtPlace(xf, mt3(k & 1 ? 0.5 : -0.5, k & 2 ? 0.5 : -0.5, k & 4 ? 0.5 : -0.5));
			double fx = w.x + G / 2.0, fz = w.z + G / 2.0;
			int i = (int)floor(fx), j = (int)floor(fz);
			if (i < 0 || j < 0 || i >= G || j >= G)
				continue;
			double u = fx - i, t = fz - j, ha = bumpHeight(i, j), hb = bumpHeight(i + 1, j), hc = bumpHeight(i, j + 1),
				   hd = bumpHeight(i + 1, j + 1);
			double ground = t >= u ? ha + (hd - hc) * u + (hc - ha) * t : ha + (hb - ha) * u + (hd - hb) * t;
			deepest = fmax(deepest, ground - w.y);
		}
		if (!(deepest > 1e-9))
			continue;
		below += 1;
		npMeshContactsOutput3 out = { contacts, 64, -1 };
		CHECK(npMeshContacts3(&box, xf, &inst, 1, &q, &out) == NP_OK, "terrain query %d", n);
		lost += out.count == 0 ? 1 : 0;
	}
	printf("bumpy terrain: %d queries with a corner below the ground, %d without a contact\n", below, lost);
	CHECK(below > 2000 && lost == 0, "bumpy terrain: %d of %d queries with a corner below the ground got no contact", lost, below);
	free(memory);
}

// A height-field terrain (7 x 7 cells over [-4, 4]^2; random heights, every other one flat) whole
// and cut into three row bands listed last first (each band its own mesh, the same world
// coordinates): every query must get the same contacts (normal, depth and mesh-side point; which
// triangle names a shared vertex's contact may differ). Spheres, capsules, boxes and hulls touch or
// sink into it, some with a margin. Before, a vertex shared by several triangles gave its contact
// (and so the contact's other points) from whichever triangle was gathered first, and the last
// resort on a flat floor paired the deepest corner with the first triangle's nearest point: 49 of
// these 4,000 queries differed.
static void testCutTerrainCollidesAsTheWhole(void)
{
	static npHull3 hull;
	uint32_t state = 4242u;
	double heights[(MT_CUT_N + 1) * (MT_CUT_N + 1)];
	for (int i = 0; i < (MT_CUT_N + 1) * (MT_CUT_N + 1); ++i)
		heights[i] = nextUniform(&state, 0, 1) < 0.5 ? 0.0 : nextUniform(&state, -0.6, 0.6);
	mtCutTerrain terrain;
	mtMakeCutTerrain(heights, &terrain);
	static npMeshContact3 a[256], b[256];
	int queries = 0, differ = 0;
	for (int k = 0; k < 4000; ++k)
	{
		npShape3 shape;
		if (k % 4 == 0)
			npMakeSphere(nextUniform(&state, 0.2, 1.5), &shape);
		else if (k % 4 == 1)
			npMakeCapsule3(nextUniform(&state, 0.2, 1.5), nextUniform(&state, 0.1, 0.8), &shape);
		else if (k % 4 == 2)
			npMakeBox3(nextPoint(&state, 0.2, 1.5, 0.2, 1.5), &shape);
		else
		{
			npVec3 p[12];
			for (int i = 0; i < 12; ++i)
				p[i] = nextPoint(&state, -1.2, 1.2, -0.8, 0.8);
			if (npMakeHull3(p, 12, &hull) != NP_OK || npMakeHullShape3(&hull, &shape) != NP_OK)
				continue;
		}
		npVec3 axis = nextPoint(&state, -1, 1, 0.1, 1);
		npTransform3 xf = mtPose(nextPoint(&state, -3.5, 3.5, -0.5, 1.5), mtNorm(axis), nextUniform(&state, -3, 3));
		npMeshQuery3 q = npDefaultMeshQuery3();
		q.margin = k % 5 == 0 ? nextUniform(&state, 0, 0.3) : 0.0;
		npMeshContactsOutput3 wo = { a, 256, -1 }, co = { b, 256, -1 };
		CHECK(npMeshContacts3(&shape, xf, &terrain.wholeInstance, 1, &q, &wo) == NP_OK &&
				  npMeshContacts3(&shape, xf, terrain.pieces, 3, &q, &co) == NP_OK,
			  "cut terrain: query %d", k);
		bool same = wo.count == co.count;
		for (int i = 0; i < wo.count && same; ++i)
		{
			bool found = false;
			for (int m = 0; m < co.count && !found; ++m)
				found = near3(a[i].normal, b[m].normal, 1e-12) && fabs(a[i].depth - b[m].depth) <= 1e-12 &&
						near3(a[i].pointB, b[m].pointB, 1e-12);
			same = found;
		}
		queries += wo.count > 0 ? 1 : 0;
		if (!same && differ++ < 3)
			printf("cut terrain: query %d, %d contacts whole, %d cut\n", k, wo.count, co.count);
	}
	printf("cut terrain: %d of 4000 queries with contacts, %d differ from the whole\n", queries, differ);
	CHECK(queries > 1500 && differ == 0, "cut terrain: %d queries differ", differ);
	mtFreeCutTerrain(&terrain);
}

int main(void)
{
	testFigure4();
	testFigure6();
	testFigure7();
	testFigure8();
	testDisjoint();
	testFeatureTolerance();
	testMeshBoxCorner();
	testLargeSphere();
	testBehindNeighbour();
	testRemovalKeepsAContact();
	testOverlapsThroughAFloorHaveContacts();
	testBoxOverBumpyTerrain();
	testCutTerrainCollidesAsTheWhole();
	return checkSummary();
}
