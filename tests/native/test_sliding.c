// Sliding tests: shapes swept in small steps across flat tessellated ground must only ever get the
// ground's normal (no ghost contacts on internal edges or vertices), whether the ground is one mesh or
// several meshes with duplicated border vertices (placed by translations or rotations). The same
// sweeps with feature removal off must show ghost normals (so the check can fail), and sweeps over a
// real rim (a convex edge between a plateau and a cliff wall) must keep the rim's edge contacts.
// Expected normals and depths come from the geometry: the ground is the plane z = 0 (normal from the
// shape to the mesh: (0, 0, -1)) and the rim is the line x = 5, z = 1.
#include "meshtest.h"

#define CAP 256
#define STEPS 600

// Vertices and triangles being collected for a mesh.
typedef struct MeshBuild
{
	npVec3* v;
	int nv;
	int32_t* idx;
	int nt;
} MeshBuild;

// A rectangle of nu x nw quads from corner o along u and w (front face u x w).
typedef struct Quads
{
	npVec3 o, u, w;
	int nu, nw;
} Quads;

// Appends the quads' vertices and triangles (diagonals alternating per cell).
static void quadGrid(MeshBuild* b, Quads q)
{
	int base = b->nv;
	for (int j = 0; j <= q.nw; ++j)
		for (int i = 0; i <= q.nu; ++i)
			b->v[b->nv++] = mtAdd(q.o, mtAdd(mtScale(i, q.u), mtScale(j, q.w)));
	for (int j = 0; j < q.nw; ++j)
		for (int i = 0; i < q.nu; ++i)
		{
			int32_t a = base + j * (q.nu + 1) + i, right = a + 1, up = a + q.nu + 1, diag = up + 1;
			int32_t t[6] = { a, right, diag, a, diag, up };
			if ((i + j) & 1)
			{
				int32_t f[6] = { a, right, up, right, diag, up };
				memcpy(t, f, sizeof t);
			}
			memcpy(b->idx + 3 * b->nt, t, sizeof t);
			b->nt += 2;
		}
}

typedef mtScene Ground;

static void addGrid(Ground* g, npVec3 o, int nx, int ny, double cell, npTransform3 xf)
{
	static npVec3 v[20000];
	static int32_t idx[60000];
	MeshBuild b = { v, 0, idx, 0 };
	quadGrid(&b, (Quads){ o, mt3(cell, 0, 0), mt3(0, cell, 0), nx, ny });
	mtSceneAdd(g, v, b.nv, idx, b.nt, xf);
}

// Ground variants over [0, 16]^2 at z = 0, cell 0.5 (2048 triangles in all).
static void makeGround(Ground* g, int variant)
{
	g->count = 0;
	if (variant == 0)
	{
		g->name = "one mesh";
		addGrid(g, mt3(0, 0, 0), 32, 32, 0.5, mtIdentity);
	}
	else if (variant == 1)
	{
		g->name = "four meshes (duplicated borders)";
		for (int q = 0; q < 4; ++q)
			addGrid(g, mt3(8.0 * (q & 1), 8.0 * (q >> 1), 0), 16, 16, 0.5, mtIdentity);
	}
	else
	{
		// Each quadrant authored around the origin and placed by its transform; two of them also
		// rotated by 90 or 180 degrees about z (the rotated vertices land on the grid up to rounding).
		g->name = "four meshes placed by transforms";
		for (int q = 0; q < 4; ++q)
		{
			double cx = 8.0 * (q & 1) + 4.0, cy = 8.0 * (q >> 1) + 4.0;
			npTransform3 xf = mtPose(mt3(cx, cy, 0), mt3(0, 0, 1), q * MT_PI / 2);
			addGrid(g, mt3(-4, -4, 0), 16, 16, 0.5, xf);
		}
	}
}

typedef struct Sweep
{
	const char* name;
	npShape3 shape;
	npQuat rotation;
	double height; // centre height over the ground
	double depth;  // expected depth of every contact
} Sweep;

// One sweep along a path that crosses cell edges, diagonals and vertices (it starts on a grid
// vertex and runs along a grid line for a while, then diagonally). Returns the number of steps at
// which some contact had a normal other than (0, 0, -1).
static int sweep(const Ground* g, const Sweep* s, double margin, npMeshAlgorithm3 algorithm, bool check)
{
	npMeshQuery3 q = npDefaultMeshQuery3();
	q.margin = margin;
	q.algorithm = algorithm;
	npMeshContact3 c[CAP];
	int ghostSteps = 0, badSteps = 0;
	for (int i = 0; i <= STEPS; ++i)
	{
		double t = (double)i / STEPS;
		npVec3 p = t < 0.3 ? mt3(4.0 + 10.0 * t, 5.0, s->height)   // along the grid line y = 5
						   : mt3(7.0 + 6.0 * (t - 0.3), 5.0 + 7.7 * (t - 0.3), s->height);
		npTransform3 xf = { p, s->rotation };
		npMeshContactsOutput3 found = { c, CAP };
		npResult r = npMeshContacts3(&s->shape, xf, g->inst, g->count, &q, &found);
		int n = found.count;
		bool ghost = false, bad = r != NP_OK || n == 0;
		for (int k = 0; k < n; ++k)
		{
			if (mtDist(c[k].normal, mt3(0, 0, -1)) > 1e-9)
				ghost = true;
			if (!mtContactConsistent(c + k))
				bad = true;
			if (!ghost && fabs(c[k].depth - s->depth) > 1e-9)
				bad = true;
		}
		ghostSteps += ghost ? 1 : 0;
		if (check && (ghost || bad))
		{
			if (badSteps < 3)
			{
				printf("  %s / %s step %d at (%.4f, %.4f): %d contacts\n", g->name, s->name, i, p.x, p.y, n);
				mtPrintContacts(c, n);
			}
			++badSteps;
		}
	}
	if (check)
		CHECK(badSteps == 0, "%s over %s (margin %g): %d of %d steps with ghost or wrong contacts", s->name,
			  g->name, margin, badSteps, STEPS + 1);
	return ghostSteps;
}

static void testFlatGround(void)
{
	npQuat yaw30 = mtPose(mt3(0, 0, 0), mt3(0, 0, 1), MT_PI / 6).q;
	npQuat yaw0 = { 0, 0, 0, 1 };
	Sweep sweeps[4];
	npMakeSphere(0.5, &sweeps[0].shape);
	sweeps[0] = (Sweep){ "sphere r 0.5", sweeps[0].shape, yaw0, 0.45, 0.05 };
	// The capsule's axis is local y, so with no rotation (or a yaw) it lies flat on the ground.
	npMakeCapsule3(0.8, 0.3, &sweeps[1].shape);
	sweeps[1] = (Sweep){ "capsule h 0.8 r 0.3, yaw 30", sweeps[1].shape, yaw30, 0.28, 0.02 };
	npMakeBox3(mt3(0.6, 0.4, 0.3), &sweeps[2].shape);
	sweeps[2] = (Sweep){ "box 1.2 x 0.8 x 0.6, yaw 30", sweeps[2].shape, yaw30, 0.29, 0.01 };
	sweeps[3] = (Sweep){ "box 1.2 x 0.8 x 0.6, axis-aligned", sweeps[2].shape, yaw0, 0.29, 0.01 };

	for (int variant = 0; variant < 3; ++variant)
	{
		Ground g;
		makeGround(&g, variant);
		for (int k = 0; k < 4; ++k)
		{
			sweep(&g, sweeps + k, 0.0, NP_MESH_TERDIMAN, true);
			sweep(&g, sweeps + k, 0.05, NP_MESH_TERDIMAN, true);
			// With feature removal off the same sweep meets ghost normals (spheres and capsules at
			// almost every step: the neighbouring triangles' edges are within reach).
			int ghosts = sweep(&g, sweeps + k, 0.05, NP_MESH_ALL_CONTACTS, false);
			// Boxes meet them wherever a neighbouring triangle pokes a sliver into the box's footprint
			// (the separating axis is then one of the box's side faces).
			CHECK(ghosts > (k < 2 ? STEPS / 2 : STEPS / 4), "%s over %s without removal: only %d ghost steps",
				  sweeps[k].name, g.name, ghosts);
			printf("  (%s over %s without removal: %d of %d steps with ghost normals)\n", sweeps[k].name, g.name,
				   ghosts, STEPS + 1);
		}
		mtSceneFree(&g);
	}
}

// A plateau (top z = 1 for x in [0, 5]) with a cliff wall at x = 5 facing +x down to the ground
// (z = 0, x in [5, 10]), one mesh (the pieces are welded along the rim and the foot of the wall).
static npMesh3* makeCliff(void)
{
	static npVec3 v[4000];
	static int32_t idx[12000];
	MeshBuild b = { v, 0, idx, 0 };
	quadGrid(&b, (Quads){ mt3(0, 0, 1), mt3(0.5, 0, 0), mt3(0, 0.5, 0), 10, 12 });
	quadGrid(&b, (Quads){ mt3(5, 0, 0), mt3(0, 0.5, 0), mt3(0, 0, 0.25), 12, 4 });
	quadGrid(&b, (Quads){ mt3(5, 0, 0), mt3(0.5, 0, 0), mt3(0, 0.5, 0), 10, 12 });
	npMesh3* m = NULL;
	npResult r = mtMakeMesh(v, b.nv, idx, b.nt, 1e-9, &m);
	CHECK(r == NP_OK, "cliff mesh: %d", r);
	return m;
}

// On the plateau: at least one contact, each with the ground's normal and the resting depth.
static bool onPlateau(const npMeshContact3* c, int n, double depth, double tol)
{
	bool ok = n >= 1;
	for (int k = 0; k < n; ++k)
		ok = ok && mtDist(c[k].normal, mt3(0, 0, -1)) < tol && fabs(c[k].depth - depth) < tol;
	return ok;
}

// Sphere (r 0.5, centre height 1.45) rolling off the rim at y = 2.3 (not a rim vertex): on the
// plateau, then exactly one contact, the rim edge (reported by a top or a wall triangle; the other
// is voided), then none.
static bool sphereStepOk(const npMeshContact3* c, int n, double x, int* rimSteps)
{
	npVec3 centre = mt3(x, 2.3, 1.45);
	npVec3 rim = mt3(5, 2.3, 1);
	double d = mtDist(centre, rim);
	if (x <= 5.0)
		return onPlateau(c, n, 0.05, 1e-12);
	if (d > 0.5)
		return n == 0;
	bool ok = n == 1 && c[0].feature == NP_MESH_EDGE && mtDist(c[0].normal, mtNorm(mtSub(rim, centre))) < 1e-12 &&
			  mtDist(c[0].pointB, rim) < 1e-12 && fabs(c[0].depth - (0.5 - d)) < 1e-12;
	*rimSteps += ok ? 1 : 0;
	return ok;
}

// Capsule lying along y (parallel to the rim), r 0.3, centre height 1.28, rolling off the rim: on
// the plateau, then edge or vertex contacts on the rim line, then none.
static bool capsuleStepOk(const npMeshContact3* c, int n, double x, int* rimSteps)
{
	double d = sqrt((x - 5) * (x - 5) + 0.28 * 0.28);
	if (x <= 5.0)
		return onPlateau(c, n, 0.02, 1e-9);
	if (d > 0.3)
		return n == 0;
	npVec3 expected = mtNorm(mt3(5 - x, 0, 1 - 1.28));
	bool ok = n >= 1;
	for (int k = 0; k < n; ++k)
		ok = ok && c[k].feature != NP_MESH_FACE && mtDist(c[k].normal, expected) < 1e-9 && fabs(c[k].pointB.x - 5) < 1e-9 &&
			 fabs(c[k].pointB.z - 1) < 1e-9 && fabs(c[k].depth - (0.3 - d)) < 1e-9;
	*rimSteps += ok ? 1 : 0;
	return ok;
}

// A shape rolled off the rim in STEPS steps along x from x0 to x0 + span at (y, height), each step judged.
typedef struct RimSweep
{
	const char* name;
	const npShape3* shape;
	double x0, span, y, height;
	bool (*stepOk)(const npMeshContact3* c, int n, double x, int* rimSteps);
} RimSweep;

static void sweepOverRim(const RimSweep* sweep, const npMeshInstance3* inst, const npMeshQuery3* q)
{
	static npMeshContact3 c[CAP];
	int rimSteps = 0, bad = 0;
	for (int i = 0; i <= STEPS; ++i)
	{
		double x = sweep->x0 + sweep->span * i / STEPS;
		npMeshContactsOutput3 found = { c, CAP };
		npMeshContacts3(sweep->shape, mtAt(x, sweep->y, sweep->height), inst, 1, q, &found);
		int n = found.count;
		if (!sweep->stepOk(c, n, x, &rimSteps) && bad++ < 3)
		{
			printf("  cliff %s at x = %.4f: %d contacts\n", sweep->name, x, n);
			mtPrintContacts(c, n);
		}
	}
	CHECK(bad == 0, "%s over the rim: %d wrong steps", sweep->name, bad);
	CHECK(rimSteps > 20, "%s over the rim: only %d steps with a rim contact", sweep->name, rimSteps);
}

static void testCliff(void)
{
	npMesh3* m = makeCliff();
	if (m == NULL)
		return;
	npMeshInstance3 inst = { m, mtIdentity };
	npMeshContact3 c[CAP];
	npMeshQuery3 q = npDefaultMeshQuery3();

	npShape3 sphere, capsule;
	npMakeSphere(0.5, &sphere);
	npMakeCapsule3(0.8, 0.3, &capsule);
	sweepOverRim(&(RimSweep){ "sphere", &sphere, 3.0, 2.6, 2.3, 1.45, sphereStepOk }, &inst, &q);
	sweepOverRim(&(RimSweep){ "capsule", &capsule, 4.0, 1.5, 3.1, 1.28, capsuleStepOk }, &inst, &q);

	// A box over the void, tipped 30 degrees about y so that its bottom face (world normal
	// nf = (-sin 30, 0, -cos 30)) leans on the rim line with 0.01 penetration: the contacts are the
	// rim's edges against the box's face, normal nf, points on the rim, depth 0.01. The centre is at
	// F + (0.25, 0, 0.433), F = rim point + 0.01 nf the bottom face's centre.
	npShape3 box;
	npMakeBox3(mt3(0.5, 0.5, 0.5), &box);
	{
		double a = MT_PI / 6;
		npTransform3 xf = mtPose(mt3(0, 0, 0), mt3(0, 1, 0), a);
		npVec3 nf = mt3(-sin(a), 0, -cos(a));
		npVec3 f = mtAdd(mt3(5, 3.1, 1), mtScale(0.01, nf));
		xf.p = mtSub(f, mtScale(0.5, nf));
		npMeshContactsOutput3 found = { c, CAP };
		npMeshContacts3(&box, xf, &inst, 1, &q, &found);
		int n = found.count;
		bool ok = n >= 1;
		for (int k = 0; k < n; ++k)
			ok = ok && c[k].feature == NP_MESH_EDGE && fabs(c[k].pointB.x - 5) < 1e-9 &&
				 fabs(c[k].pointB.z - 1) < 1e-9 && mtDist(c[k].normal, nf) < 1e-9 && fabs(c[k].depth - 0.01) < 1e-9;
		CHECK(ok, "tipped box on the rim: expected rim edge contacts (%d contacts)", n);
		if (!ok)
			mtPrintContacts(c, n);
	}
	free(m);
}

// Tilted boxes resting on a corner or an edge 0.01 deep in flat tessellated ground (40 random tilts
// up to 0.8 rad, 301 steps each), over one mesh and over the ground split into four meshes (with
// duplicated borders, and placed by transforms). A box's per-triangle manifold can push a small
// triangle out sideways by less than the ground's depth and name one of its edges or vertices with
// a tilted normal; every such feature of flat ground is internal, so every step must get the
// ground's normal only, with the lowest corner's 0.01-deep contact. Without removal about half of
// the steps have ghost normals (the check can fail).
static void testTiltedBoxes(void)
{
	npShape3 box;
	npVec3 half = mt3(0.6, 0.4, 0.3);
	npMakeBox3(half, &box);
	static npMeshContact3 c[CAP];
	for (int variant = 0; variant < 3; ++variant)
	{
		Ground g;
		makeGround(&g, variant);
		int bad = 0, ghosts = 0, total = 0, wrongDepth = 0;
		for (int trial = 0; trial < 40; ++trial)
		{
			double a = mtRange(0.02, 0.8);
			npVec3 axis = mtNorm(mt3(mtRange(-1, 1), mtRange(-1, 1), mtRange(-0.3, 0.3)));
			// (Paths stay over the ground, at least 1.2 from its border, where the ground's edge is a
			// real convex edge and keeps its edge and vertex contacts.)
			double x0 = mtRange(7, 9), y0 = mtRange(7, 9), dx = mtRange(-5.5, 5.5), dy = mtRange(-5.5, 5.5);
			for (int i = 0; i <= 300; ++i)
			{
				double t = i / 300.0;
				npTransform3 xf = mtPose(mt3(0, 0, 0), axis, a);
				// Height of the lowest corner below the centre: sum of |world z of each box axis| * half extent.
				double reach = 0.0;
				npVec3 u = mt3(xf.q.x, xf.q.y, xf.q.z);
				for (int k = 0; k < 3; ++k)
				{
					npVec3 e = mt3(k == 0, k == 1, k == 2);
					npVec3 tt = mtScale(2, mtCross(u, e));
					npVec3 w = mtAdd(mtAdd(e, mtScale(xf.q.w, tt)), mtCross(u, tt));
					reach += fabs(w.z) * (k == 0 ? half.x : k == 1 ? half.y : half.z);
				}
				xf.p = mt3(x0 + dx * t, y0 + dy * t, reach - 0.01);
				npMeshContactsOutput3 found = { c, CAP };
				npMeshQuery3 q = npDefaultMeshQuery3();
				npMeshContacts3(&box, xf, g.inst, g.count, &q, &found);
				int n = found.count;
				bool tilted = n == 0, deepOk = false;
				for (int k = 0; k < n; ++k)
				{
					tilted = tilted || mtDist(c[k].normal, mt3(0, 0, -1)) > 1e-9;
					deepOk = deepOk || fabs(c[k].depth - 0.01) < 1e-9; // the lowest corner is 0.01 deep
				}
				if (tilted && bad < 2)
				{
					printf("  tilted box over %s, trial %d step %d: %d contacts\n", g.name, trial, i, n);
					mtPrintContacts(c, n);
				}
				bad += tilted ? 1 : 0;
				wrongDepth += (!tilted && !deepOk) ? 1 : 0;
				q.algorithm = NP_MESH_ALL_CONTACTS;
				npMeshContacts3(&box, xf, g.inst, g.count, &q, &found);
				n = found.count;
				bool ghost = false;
				for (int k = 0; k < n; ++k)
					ghost = ghost || mtDist(c[k].normal, mt3(0, 0, -1)) > 1e-9;
				ghosts += ghost ? 1 : 0;
				++total;
			}
		}
		printf("  tilted boxes over %s: %d of %d steps with a non-ground normal (%d without removal)\n", g.name, bad,
			   total, ghosts);
		CHECK(bad == 0, "tilted boxes over %s: %d of %d steps with a non-ground normal", g.name, bad, total);
		CHECK(wrongDepth == 0, "tilted boxes over %s: %d steps without the 0.01-deep corner contact", g.name, wrongDepth);
		CHECK(ghosts * 4 > total, "tilted boxes over %s without removal: only %d ghost steps", g.name, ghosts);
		mtSceneFree(&g);
	}
}

int main(void)
{
	testFlatGround();
	testTiltedBoxes();
	testCliff();
	return checkSummary();
}
