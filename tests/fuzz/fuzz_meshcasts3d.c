// libFuzzer harness: shape casts against a decoded triangle mesh (npShapeCastMeshes3), the shape any
// 3D kind, the mesh placed by a decoded transform, with maxFraction, targetDistance and
// ignoreSeparating. Raw input must give a documented code, never a crash; on accepted input the cast
// is compared with every triangle the one-sided rule keeps (its plane has the shape's centre in
// front at fraction 0), each as a convex triangle shape (npMakeTriangle3), by the signed distance of
// the moving shape to it (npDistance3, and npPenetration3's depth when they overlap): convex in the
// fraction for a convex pair, so its minimum over an interval is found by a ternary search. Then:
//  - a hit is within maxFraction, finite, with a unit normal, a valid mesh and triangle; not an
//    initial overlap: some kept triangle is at targetDistance at the fraction, and none came closer
//    than targetDistance before it (no tunnelling: the internal-edge rule only skips contacts that
//    slide along a seam, at targetDistance, never one that goes in);
//  - an initial overlap: fraction 0 and some kept triangle within targetDistance at 0;
//  - a miss: no kept triangle comes within targetDistance on the way;
//  - with ignoreSeparating, triangles within targetDistance at 0 are left out of both (see
//    checkCast);
//  - every hit's `point` within its triangle and `pointOnShape` within the moved shape (brute force).
// Inputs whose centre lies within the tolerance of a triangle's plane are not compared (which side
// it is on is rounding), nor non-manifold meshes (an edge of three or more triangles, by position):
// the internal-edge rule reads a surface, and in such a soup it can take a genuine contact for a
// ghost (a documented limit: mesh3d.h). Duplicated triangles are compared: the rule handles them.
// Tolerance: FZ_MESHCAST_REL of the scale (mesh, shape and motion).
// The no-tunnelling checks are fatal. They were known failures (FZ_CHECK_KNOWN) until three faults
// were fixed, each now a test in test_fuzz_regressions_mesh.c: a shape touching a seam edge from behind
// the neighbour (flatHullThroughAConcaveSeam), a folded fan's tip taken for an interior vertex
// (ballIntoAFoldedFan), and a tolerance-band hit hiding an initial overlap at a zero translation
// (zeroTranslationInsideATriangle). An embedded shape let go with ignoreSeparating may slide into a
// triangle it does not move into as deep as it starts below that triangle's plane (floorLevels).
#include "fuzz.h"

#include <stdalign.h>

#define MAX_V 16
#define MAX_T 12
#define FZ_MESHCAST_REL 1.0e-7
#define TERNARY_STEPS 36

static alignas(16) unsigned char buffer[1 << 18];
static npHull3 hull;

typedef struct Kept
{
	int count;
	npShape3 triangles[MAX_T];
	int ids[MAX_T]; ///< input index of each
} Kept;

// v rotated by the unit quaternion q: v + 2 w (u x v) + 2 u x (u x v).
static npVec3 rotate(npQuat q, npVec3 v)
{
	npVec3 c = { q.y * v.z - q.z * v.y, q.z * v.x - q.x * v.z, q.x * v.y - q.y * v.x };
	npVec3 c2 = { q.y * c.z - q.z * c.y, q.z * c.x - q.x * c.z, q.x * c.y - q.y * c.x };
	return (npVec3){ v.x + 2.0 * (q.w * c.x + c2.x), v.y + 2.0 * (q.w * c.y + c2.y), v.z + 2.0 * (q.w * c.z + c2.z) };
}

static npVec3 transformPoint(npTransform3 xf, npVec3 v)
{
	npVec3 r = rotate(xf.q, v);
	return (npVec3){ r.x + xf.p.x, r.y + xf.p.y, r.z + xf.p.z };
}

// The shape's signed distance to a triangle at fraction t: the distance, or minus the depth.
static double signedDistance(const npShapeCastMeshInput3* in, const npShape3* triangle, double t)
{
	npTransform3 xf = in->transform, id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	xf.p = (npVec3){ xf.p.x + t * in->translation.x, xf.p.y + t * in->translation.y, xf.p.z + t * in->translation.z };
	return fzSignedDistance3(in->shape, xf, triangle, id);
}

typedef struct CastOnTriangle
{
	const npShapeCastMeshInput3* in;
	const npShape3* triangle;
} CastOnTriangle;

static double signedDistanceAt(const void* ctx, double t)
{
	const CastOnTriangle* c = ctx;
	return signedDistance(c->in, c->triangle, t);
}

// The smallest signed distance to the triangle on [lo, hi] (convex: fuzz.h's ternary search, ends
// included).
static double closestOn(const npShapeCastMeshInput3* in, const npShape3* triangle, double lo, double hi)
{
	CastOnTriangle c = { in, triangle };
	return fzConvexMin(signedDistanceAt, &c, lo, hi, TERNARY_STEPS);
}

static BruteCore3 hitCore; // brutesupport.h: large, so static

// The hit's points on their shapes (brutesupport.h, from the shapes' own vertices): `point` within
// the hit triangle (when the one-sided rule kept it), `pointOnShape` within the shape moved to the
// fraction, 1e-5 of the scale, as fuzz_casts3d checks.
static void checkHitPoints(const npShapeCastMeshInput3* in, const npCastHit3* h, const Kept* kept, double tol)
{
	npTransform3 moved = in->transform, id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	moved.p = (npVec3){ moved.p.x + h->fraction * in->translation.x, moved.p.y + h->fraction * in->translation.y,
						moved.p.z + h->fraction * in->translation.z };
	double pointTol = 1.0e-5 * (tol / FZ_MESHCAST_REL) + FZ_ABS;
	bruteCore3(in->shape, moved, &hitCore);
	FZ_CHECK(bruteWithin3(in->shape, &hitCore, h->pointOnShape, pointTol), "mesh cast: pointOnShape (%.17g, %.17g, %.17g) off the moved shape",
			 h->pointOnShape.x, h->pointOnShape.y, h->pointOnShape.z);
	for (int i = 0; i < kept->count; ++i)
		if (kept->ids[i] == h->triangle)
		{
			bruteCore3(&kept->triangles[i], id, &hitCore);
			FZ_CHECK(bruteWithin3(&kept->triangles[i], &hitCore, h->point, pointTol), "mesh cast: point (%.17g, %.17g, %.17g) off triangle %d",
					 h->point.x, h->point.y, h->point.z, h->triangle);
		}
}

static bool samePosition(npVec3 a, npVec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

// True when some edge (by its end positions) belongs to three or more distinct triangles (a
// triangle repeated with the same corners, in either winding, counts once).
static bool nonManifold(const npMesh3* mesh)
{
	for (int t = 0; t < mesh->triangleCount; ++t)
	{
		npVec3 v[3];
		npGetMeshTriangle3(mesh, t, v);
		for (int k = 0; k < 3; ++k)
		{
			npVec3 a = v[k], b = v[(k + 1) % 3];
			npVec3 thirds[MAX_T];
			int distinct = 0;
			for (int u = 0; u < mesh->triangleCount; ++u)
			{
				npVec3 w[3];
				npGetMeshTriangle3(mesh, u, w);
				for (int m = 0; m < 3; ++m)
				{
					npVec3 p = w[m], q = w[(m + 1) % 3], third = w[(m + 2) % 3];
					if (!((samePosition(p, a) && samePosition(q, b)) || (samePosition(p, b) && samePosition(q, a))))
						continue;
					bool seen = false;
					for (int i = 0; i < distinct && !seen; ++i)
						seen = samePosition(thirds[i], third);
					if (!seen && distinct < MAX_T)
						thirds[distinct++] = third;
				}
			}
			if (distinct > 2)
				return true;
		}
	}
	return false;
}

// The triangles the one-sided rule keeps, as world-space triangle shapes; false when the centre is
// within `tol` of some triangle's plane.
static bool keepTriangles(const npMesh3* mesh, npTransform3 xf, npVec3 centre, double tol, Kept* out)
{
	out->count = 0;
	for (int t = 0; t < mesh->triangleCount; ++t)
	{
		npVec3 v[3];
		npGetMeshTriangle3(mesh, t, v);
		npVec3 w[3];
		for (int k = 0; k < 3; ++k)
			w[k] = transformPoint(xf, v[k]);
		npVec3 n = rotate(xf.q, mesh->normals[t]);
		double side = (centre.x - w[0].x) * n.x + (centre.y - w[0].y) * n.y + (centre.z - w[0].z) * n.z;
		if (fabs(side) <= tol)
			return false;
		if (side < 0.0)
			continue;
		if (npMakeTriangle3(w[0], w[1], w[2], &out->triangles[out->count]) != NP_OK)
			return false;
		out->ids[out->count++] = mesh->triangleIds[t];
	}
	return true;
}

// How close each triangle may come to the shape without a hit (target - tol, less an allowance).
// An embedded shape let go with ignoreSeparating (within targetDistance of some triangle at 0)
// slides on, and the internal-edge rule rightly skips the seam contacts it meets on the way (a
// capsule 0.1 into a floor slides onto the next floor triangle 0.1 deep). Only a triangle whose
// face the motion does not go into can be skipped so, and then the shape grown by the target
// distance (what "within targetDistance" embeds) never gets deeper into it than it starts below
// its plane (every point's height over the plane does not fall): that depth is its allowance, so
// the distance itself never falls below minus the shape's own depth below the plane. (Measured
// without the target distance, a hull starting 9.19 below a seam triangle's plane with a skin of
// 9.16 was allowed only 0.03 below its plane, and its two-sided depth of 2.19 there, under the
// 9.19, was reported as a missed hit.) Without ignoreSeparating, or with no embedded start, there
// is none.
static void floorLevels(const npShapeCastMeshInput3* in, const Kept* kept, double tol, double* floors)
{
	double target = in->options.targetDistance;
	bool embedded = false;
	for (int i = 0; i < kept->count && in->options.ignoreSeparating; ++i)
		embedded = embedded || signedDistance(in, &kept->triangles[i], 0.0) <= target + tol;
	npQuat q = in->transform.q, inverse = { -q.x, -q.y, -q.z, q.w };
	for (int i = 0; i < kept->count; ++i)
	{
		floors[i] = target - tol;
		const npVec3* v = kept->triangles[i].triangle;
		npVec3 e1 = { v[1].x - v[0].x, v[1].y - v[0].y, v[1].z - v[0].z };
		npVec3 e2 = { v[2].x - v[0].x, v[2].y - v[0].y, v[2].z - v[0].z };
		npVec3 n = { e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x };
		double len = sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
		npVec3 t = in->translation;
		if (!embedded || !(len > 0.0) || t.x * n.x + t.y * n.y + t.z * n.z < 0.0)
			continue;
		n = (npVec3){ n.x / len, n.y / len, n.z / len };
		npVec3 low = transformPoint(in->transform, npSupport3(in->shape, rotate(inverse, (npVec3){ -n.x, -n.y, -n.z })));
		double height = (low.x - v[0].x) * n.x + (low.y - v[0].y) * n.y + (low.z - v[0].z) * n.z - in->shape->radius;
		floors[i] -= fmax(0.0, target - height);
	}
}

static void checkCast(const npShapeCastMeshInput3* in, const npCastHit3* h, const Kept* kept, double tol)
{
	const npCastOptions3* o = &in->options;
	double target = o->targetDistance;
	double floors[MAX_T];
	floorLevels(in, kept, tol, floors);
	if (!h->hit)
	{
		for (int i = 0; i < kept->count; ++i)
		{
			double start = signedDistance(in, &kept->triangles[i], 0.0);
			if (o->ignoreSeparating && start <= target + tol)
				continue; // skipped as separating (see checkCast's note)
			double closest = closestOn(in, &kept->triangles[i], 0.0, o->maxFraction);
			FZ_DUMP("kept triangle %d: at 0 %s, at maxFraction %s, closest %s; corners { %s, %s, %s } { %s, %s, %s } { %s, %s, %s }\n",
					kept->ids[i], fzLit(signedDistance(in, &kept->triangles[i], 0.0)),
					fzLit(signedDistance(in, &kept->triangles[i], o->maxFraction)), fzLit(closest),
					fzLit(kept->triangles[i].triangle[0].x), fzLit(kept->triangles[i].triangle[0].y),
					fzLit(kept->triangles[i].triangle[0].z), fzLit(kept->triangles[i].triangle[1].x),
					fzLit(kept->triangles[i].triangle[1].y), fzLit(kept->triangles[i].triangle[1].z),
					fzLit(kept->triangles[i].triangle[2].x), fzLit(kept->triangles[i].triangle[2].y),
					fzLit(kept->triangles[i].triangle[2].z));
			FZ_CHECK(closest > floors[i], "miss, but triangle %d comes to %.17g", kept->ids[i], closest);
		}
		return;
	}
	FZ_CHECK(isfinite(h->fraction) && h->fraction >= 0.0 && h->fraction <= o->maxFraction, "fraction %.17g of %.17g",
			 h->fraction, o->maxFraction);
	FZ_CHECK(fzFinite3(h->point) && fzFinite3(h->pointOnShape) && fzFinite3(h->normal), "hit not finite");
	FZ_CHECK(h->mesh == 0 && h->triangle >= 0 && h->triangle < in->meshes[0].mesh->inputTriangleCount,
			 "mesh %d triangle %d", h->mesh, h->triangle);
	// With ignoreSeparating, a triangle within targetDistance at 0 that the motion leaves is skipped
	// (cast3d.h), and left out here. "Leaves" is judged by the contact's reported normal, which on a
	// mesh can be the face normal the internal-edge rule chose rather than the direction of least
	// penetration (a box 0.03 wide in a duplicated sliver triangle, moving along the face normal,
	// goes deeper by that measure): so the triangle's distance may still fall, and is not checked.
	bool skipped[MAX_T];
	double nearest = INFINITY, below = INFINITY; // below: the nearest less its floor
	bool atTarget = false; // some kept triangle is at targetDistance at the hit
	for (int i = 0; i < kept->count; ++i)
	{
		double start = signedDistance(in, &kept->triangles[i], 0.0);
		skipped[i] = o->ignoreSeparating && !h->initialOverlap && start <= target + tol;
		// Every kept triangle counts for the hit's own distance (a contact just past the initial
		// band, at 2.4e-7, is a hit on a triangle this band calls initial).
		double at = signedDistance(in, &kept->triangles[i], h->fraction);
		atTarget = atTarget || fabs(at - target) <= tol;
		if (skipped[i] && !(fabs(at - target) <= tol))
			continue;
		nearest = fmin(nearest, at);
		below = fmin(below, at - floors[i]);
	}
	checkHitPoints(in, h, kept, tol);
	if (h->initialOverlap)
	{
		FZ_CHECK(h->fraction == 0.0, "initial overlap at %.17g", h->fraction);
		FZ_CHECK(nearest <= target + tol, "initial overlap, but the nearest kept triangle is %.17g away", nearest);
		return;
	}
	fzCheckUnit3(h->normal, "mesh cast normal");
	// A hit at no triangle's targetDistance is a wrong hit; one with a triangle closer than that (past
	// the embedding) is a skipped contact: the shape went into that triangle before the hit.
	FZ_CHECK(atTarget, "hit at %.17g, but no kept triangle is at %.17g there", h->fraction, target);
	FZ_CHECK(below >= 0.0, "hit at %.17g, but a kept triangle is %.17g away there (tunnelling)", h->fraction, nearest);
	for (int i = 0; i < kept->count; ++i)
	{
		if (skipped[i])
			continue;
		double before = closestOn(in, &kept->triangles[i], 0.0, h->fraction);
		FZ_CHECK(before >= floors[i], "hit at %.17g, but triangle %d came to %.17g before it (tunnelling)",
				 h->fraction, kept->ids[i], before);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npMesh3* mesh = fzSmallMesh3(&in, MAX_V, MAX_T, 0, buffer, sizeof buffer);
	if (mesh == NULL)
		return 0;
	int okM, okS, okTd;
	npTransform3 meshXf = fzTransform3(&in, &okM);
	npShape3 shape;
	if (fzShape3(&in, &shape, &hull) != NP_OK)
		return 0;
	npTransform3 xf = fzTransform3(&in, &okS);
	npVec3 translation = fzVec3(&in);
	double targetDistance = fzMargin(&in, &okTd);
	uint8_t flags = fzByte(&in);
	double maxFraction = (flags & 2) ? fabs(fzNumber(&in)) : 1.0;
	FZ_DUMP("translation { %s, %s, %s } targetDistance %s maxFraction %s flags %d\n", fzLit(translation.x),
			fzLit(translation.y), fzLit(translation.z), fzLit(targetDistance), fzLit(maxFraction), flags);

	npMeshInstance3 instance = { mesh, meshXf };
	npShapeCastMeshInput3 cast = { &shape, xf, translation, &instance, 1,
								   { maxFraction, targetDistance, (flags & 1) != 0 }, NP_MESH_FEATURE_TOLERANCE };
	npCastHit3 hit;
	npResult r = npShapeCastMeshes3(&cast, &hit);
	FZ_DUMP("npShapeCastMeshes3 = %d: hit %d fraction %s triangle %d initial %d normal { %s, %s, %s }\n", (int)r, hit.hit,
			fzLit(hit.fraction), hit.triangle, hit.initialOverlap, fzLit(hit.normal.x), fzLit(hit.normal.y),
			fzLit(hit.normal.z));
	FZ_CHECK(fzIsCode(r), "npShapeCastMeshes3 result %d", (int)r);
	FZ_CHECK(r == NP_OK || !hit.hit, "a hit with error %d", (int)r);
	if (r != NP_OK || !okM || !okS || !okTd)
		return 0;

	double len = sqrt(translation.x * translation.x + translation.y * translation.y + translation.z * translation.z);
	double scale = fzMax(fzAbs3(mesh->lower), fzAbs3(mesh->upper)) * 1.7320508075688772 +
				   (fzAbs3(meshXf.p) + fzAbs3(xf.p)) * 1.7320508075688772 + fzShapeScale3(&shape) +
				   len * fzMax(maxFraction, 1.0) + targetDistance;
	if (!(scale < 1e9) || !(scale > 1e-6))
		return 0;
	double tol = FZ_MESHCAST_REL * scale + FZ_ABS;
	npVec3 centreLocal = shape.type == NP_SHAPE_HULL3 ? shape.hull->centroid : (npVec3){ 0, 0, 0 };
	static Kept kept;
	if (nonManifold(mesh) || !keepTriangles(mesh, meshXf, transformPoint(xf, centreLocal), tol, &kept))
		return 0;
	checkCast(&cast, &hit, &kept, tol);
	return 0;
}
