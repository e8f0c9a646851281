// 3D dispatch for the shared-vector runner (tests/native/test_vectors.c; interface in vectors.h).
//
// Runs every "dim": 3 vector: shape construction (hull counts, errors), transform validation,
// overlap, distance, penetration and manifold. Shapes and transforms are as in
// tools/gen_vectors3d.mjs (header); manifold vectors as in tools/gen_vectors3d_manifold.mjs. The checks use
// the generator's world-space reference cores (`ref`): the vertices of each core, its radius, and
// for polyhedral cores the world planes (a flat core has both sides and its in-plane edge planes).
// Results lines (hex doubles) as in tests/vectors/README.md, one per vector, so the Node runner's
// lines can be compared bit for bit.
#include "vectors.h"
#include "vectorsmesh.h"

#include "narrowphase/collide3d.h"
#include "narrowphase/manifold3d.h"

#include <stdlib.h>

typedef struct Ref3
{
	int count;         // core vertices
	npVec3* pts;       // world core vertices
	double radius;     // rounding radius
	int planeCount;    // 0 for point and segment cores
	double (*planes)[4]; // world planes n.x <= d
} Ref3;

static double dot3(npVec3 a, npVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static npVec3 sub3(npVec3 a, npVec3 b) { return (npVec3){ a.x - b.x, a.y - b.y, a.z - b.z }; }
static double len3(npVec3 a) { return sqrt(dot3(a, a)); }

// The transform applied to a point (the test's own quaternion rotation).
static npVec3 npTransformPoint3Ref(npTransform3 xf, npVec3 v)
{
	double x = xf.q.x, y = xf.q.y, z = xf.q.z, w = xf.q.w;
	npVec3 r = { (w * w + x * x - y * y - z * z) * v.x + 2 * (x * y - w * z) * v.y + 2 * (x * z + w * y) * v.z,
				 2 * (x * y + w * z) * v.x + (w * w - x * x + y * y - z * z) * v.y + 2 * (y * z - w * x) * v.z,
				 2 * (x * z - w * y) * v.x + 2 * (y * z + w * x) * v.y + (w * w - x * x - y * y + z * z) * v.z };
	return (npVec3){ r.x + xf.p.x, r.y + xf.p.y, r.z + xf.p.z };
}

static npVec3 readVec3(const cJSON* arr)
{
	return (npVec3){ npVecNumber(cJSON_GetArrayItem(arr, 0)), npVecNumber(cJSON_GetArrayItem(arr, 1)),
					 npVecNumber(cJSON_GetArrayItem(arr, 2)) };
}

static void freeRef(Ref3* r)
{
	free(r->pts);
	free(r->planes);
	r->pts = NULL;
	r->planes = NULL;
}

static bool readRef(const cJSON* ref, const char* core, const char* radius, const char* planes, Ref3* out)
{
	const cJSON* c = cJSON_GetObjectItemCaseSensitive(ref, core);
	const cJSON* pl = cJSON_GetObjectItemCaseSensitive(ref, planes);
	out->count = cJSON_GetArraySize(c);
	out->planeCount = pl ? cJSON_GetArraySize(pl) : 0;
	out->radius = npVecField(ref, radius, 0.0);
	out->pts = malloc(sizeof(npVec3) * (size_t)(out->count + 1));
	out->planes = malloc(sizeof(double[4]) * (size_t)(out->planeCount + 1));
	if (!cJSON_IsArray(c) || out->count < 1 || out->pts == NULL || out->planes == NULL)
		return false;
	for (int i = 0; i < out->count; ++i)
		out->pts[i] = readVec3(cJSON_GetArrayItem(c, i));
	for (int i = 0; i < out->planeCount; ++i)
		for (int k = 0; k < 4; ++k)
			out->planes[i][k] = npVecNumber(cJSON_GetArrayItem(cJSON_GetArrayItem(pl, i), k));
	return true;
}

static double pointSegmentDistance(npVec3 p, npVec3 a, npVec3 b)
{
	npVec3 ab = sub3(b, a);
	double dd = dot3(ab, ab);
	double t = dd > 0.0 ? dot3(sub3(p, a), ab) / dd : 0.0;
	t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
	npVec3 c = { a.x + t * ab.x, a.y + t * ab.y, a.z + t * ab.z };
	return len3(sub3(p, c));
}

// Signed distance-like measure of p to the shape: 0 on the surface, negative inside. Exact for
// rounded (point / segment) cores; for polyhedral cores the largest plane distance (exact inside
// and on the surface, a lower bound outside).
static double signedDistance(const Ref3* s, npVec3 p)
{
	if (s->planeCount > 0)
	{
		double d = -INFINITY;
		for (int i = 0; i < s->planeCount; ++i)
		{
			double v = s->planes[i][0] * p.x + s->planes[i][1] * p.y + s->planes[i][2] * p.z - s->planes[i][3];
			d = v > d ? v : d;
		}
		return d - s->radius;
	}
	if (s->count == 1)
		return len3(sub3(p, s->pts[0])) - s->radius;
	return pointSegmentDistance(p, s->pts[0], s->pts[1]) - s->radius;
}

static double supportValue(const Ref3* s, npVec3 n)
{
	double m = -INFINITY;
	for (int i = 0; i < s->count; ++i)
	{
		double v = dot3(s->pts[i], n);
		m = v > m ? v : m;
	}
	return m + s->radius * len3(n);
}

// Overlap of A and B along unit n (A to B): hA(n) + hB(-n).
static double overlapAlong(const Ref3* a, const Ref3* b, npVec3 n)
{
	npVec3 m = { -n.x, -n.y, -n.z };
	return supportValue(a, n) + supportValue(b, m);
}

static bool readTransform(const cJSON* xf, npTransform3* out, npResult* code)
{
	npVec3 p = { 0.0, 0.0, 0.0 };
	npQuat q = { 0.0, 0.0, 0.0, 1.0 };
	const cJSON* pos = cJSON_GetObjectItemCaseSensitive(xf, "position");
	const cJSON* rot = cJSON_GetObjectItemCaseSensitive(xf, "rotation");
	if (pos)
		p = readVec3(pos);
	if (rot)
		q = (npQuat){ npVecNumber(cJSON_GetArrayItem(rot, 0)), npVecNumber(cJSON_GetArrayItem(rot, 1)),
					  npVecNumber(cJSON_GetArrayItem(rot, 2)), npVecNumber(cJSON_GetArrayItem(rot, 3)) };
	*code = npMakeTransform3(p, q, out);
	return *code == NP_OK;
}

static npResult makeShape(const cJSON* spec, npShape3* out, npHull3* hull)
{
	const cJSON* typeItem = cJSON_GetObjectItemCaseSensitive(spec, "type");
	const char* type = cJSON_IsString(typeItem) ? typeItem->valuestring : "";
	if (strcmp(type, "sphere") == 0)
		return npMakeSphere(npVecField(spec, "radius", NAN), out);
	if (strcmp(type, "capsule") == 0)
		return npMakeCapsule3(npVecField(spec, "halfHeight", NAN), npVecField(spec, "radius", NAN), out);
	if (strcmp(type, "box") == 0)
		return npMakeBox3(readVec3(cJSON_GetObjectItemCaseSensitive(spec, "halfExtents")), out);
	const cJSON* pts = cJSON_GetObjectItemCaseSensitive(spec, "points");
	if (strcmp(type, "triangle") == 0)
		return npMakeTriangle3(readVec3(cJSON_GetArrayItem(pts, 0)), readVec3(cJSON_GetArrayItem(pts, 1)),
							   readVec3(cJSON_GetArrayItem(pts, 2)), out);
	if (strcmp(type, "hull") == 0)
	{
		int n = cJSON_GetArraySize(pts);
		npVec3* buf = malloc(sizeof(npVec3) * (size_t)(n + 1));
		if (buf == NULL)
			return NP_ERR_CAPACITY;
		for (int i = 0; i < n; ++i)
			buf[i] = readVec3(cJSON_GetArrayItem(pts, i));
		npResult r = npMakeHull3(buf, n, hull);
		free(buf);
		if (r != NP_OK)
			return r;
		return npMakeHullShape3(hull, out);
	}
	return NP_ERR_INVALID_ARGUMENT;
}

static const char* stopName(npEpaStop3 stop)
{
	switch (stop)
	{
		case NP_EPA3_CONVERGED: return "converged";
		case NP_EPA3_MAX_ITERATIONS: return "max-iterations";
		case NP_EPA3_CORES_SEPARATED: return "cores-separated";
		case NP_EPA3_FLAT: return "flat";
		case NP_EPA3_NO_PROGRESS: return "no-progress";
	}
	return "none";
}


static void putVec3(npVectorRun* run, const char* key, npVec3 v)
{
	double xyz[3] = { v.x, v.y, v.z };
	npVecPutPoint(run, key, xyz, 3);
}

static void checkUnit(npVectorRun* run, const char* what, npVec3 n)
{
	if (fabs(len3(n) - 1.0) > 1e-9)
		npVecFail(run, "%s is not unit (length %.17g)", what, len3(n));
}

static void checkOnSurface(npVectorRun* run, const char* what, const Ref3* s, npVec3 p, double tol)
{
	double d = signedDistance(s, p);
	if (fabs(d) > tol)
		npVecFail(run, "%s: %.3g from the surface", what, d);
}

// ------------------------------------------------------------------------------ queries

static npHull3 hullA, hullB; // large: static

static void runShape(const cJSON* v, const cJSON* expect, npVectorRun* run)
{
	npShape3 shape;
	npResult code = makeShape(cJSON_GetObjectItemCaseSensitive(v, "a"), &shape, &hullA);
	if (npVecHasKey(expect, "error") || code != NP_OK)
	{
		npVecCheckError(run, expect, (int)code);
		return;
	}
	if (shape.type != NP_SHAPE_HULL3)
	{
		npVecPut(run, "type", "%d", (int)shape.type);
		return;
	}
	const npHull3* h = shape.hull;
	npVecPut(run, "vertices", "%d", h->vertexCount);
	npVecPut(run, "faces", "%d", h->faceCount);
	npVecPut(run, "edges", "%d", h->halfEdgeCount / 2);
	// The first 16 vertices (the results line has a bounded length).
	for (int i = 0; i < h->vertexCount && i < 16; ++i)
		putVec3(run, "v", h->vertices[i]);
	if (npVecHasKey(expect, "vertexCount") && h->vertexCount != (int)npVecField(expect, "vertexCount", -1))
		npVecFail(run, "vertex count: got %d, want %d", h->vertexCount, (int)npVecField(expect, "vertexCount", -1));
	if (npVecHasKey(expect, "faceCount") && h->faceCount != (int)npVecField(expect, "faceCount", -1))
		npVecFail(run, "face count: got %d, want %d", h->faceCount, (int)npVecField(expect, "faceCount", -1));
	if (npVecHasKey(expect, "edgeCount") && h->halfEdgeCount / 2 != (int)npVecField(expect, "edgeCount", -1))
		npVecFail(run, "edge count: got %d, want %d", h->halfEdgeCount / 2, (int)npVecField(expect, "edgeCount", -1));
	// Every input point lies inside (or on) the hull.
	const cJSON* pts = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(v, "a"), "points");
	double worst = -INFINITY;
	for (int i = 0; i < cJSON_GetArraySize(pts); ++i)
	{
		npVec3 p = readVec3(cJSON_GetArrayItem(pts, i));
		for (int f = 0; f < h->faceCount; ++f)
		{
			double s = dot3(h->planes[f].normal, p) - h->planes[f].offset;
			worst = s > worst ? s : worst;
		}
	}
	if (worst > 1e-9 * (1.0 + run->tol * 0.0) && worst > run->tol)
		npVecFail(run, "an input point lies %.3g outside the hull", worst);
}

static void runTransform(const cJSON* v, const cJSON* expect, npVectorRun* run)
{
	npTransform3 xf;
	npResult code;
	readTransform(cJSON_GetObjectItemCaseSensitive(v, "xfA"), &xf, &code);
	npVecCheckError(run, expect, (int)code);
}

typedef struct Pair3
{
	npShape3 a, b;
	npTransform3 xfA, xfB;
	Ref3 refA, refB;
} Pair3;

static void runOverlap(const Pair3* p, const cJSON* expect, npVectorRun* run)
{
	bool got = npOverlap3(&p->a, p->xfA, &p->b, p->xfB);
	npVecPut(run, "overlap", "%d", got ? 1 : 0);
	if (npVecIsTrue(expect, "touching"))
		return;
	if (got != npVecIsTrue(expect, "overlap"))
		npVecFail(run, "overlap: got %d, want %d", got, !got);
}

static void runDistance(const Pair3* p, const cJSON* expect, npVectorRun* run)
{
	double tol = run->tol;
	npDistanceResult3 r = npDistance3(&p->a, p->xfA, &p->b, p->xfB);
	npVecPutDouble(run, "distance", r.distance);
	putVec3(run, "pointA", r.pointA);
	putVec3(run, "pointB", r.pointB);
	putVec3(run, "normal", r.normal);
	if (!npVecNear(run, "distance", r.distance, npVecField(expect, "distance", NAN), tol))
		return;
	if (r.distance > 0.0)
	{
		checkOnSurface(run, "pointA on A", &p->refA, r.pointA, tol);
		checkOnSurface(run, "pointB on B", &p->refB, r.pointB, tol);
		npVec3 d = sub3(r.pointB, r.pointA);
		npVecNear(run, "|pointB - pointA|", len3(d), r.distance, tol);
		checkUnit(run, "normal", r.normal);
		npVecNear(run, "normal . (pointB - pointA)", dot3(r.normal, d), r.distance, tol);
	}
	else
	{
		if (r.pointA.x != r.pointB.x || r.pointA.y != r.pointB.y || r.pointA.z != r.pointB.z)
			npVecFail(run, "overlapping: pointA != pointB");
		if (r.normal.x != 0.0 || r.normal.y != 0.0 || r.normal.z != 0.0)
			npVecFail(run, "overlapping: normal is not zero");
		if (signedDistance(&p->refA, r.pointA) > tol || signedDistance(&p->refB, r.pointA) > tol)
			npVecFail(run, "overlapping: the point is not inside both shapes (%.3g, %.3g)", signedDistance(&p->refA, r.pointA), signedDistance(&p->refB, r.pointA));
	}
}

static void runPenetration(const Pair3* p, const cJSON* expect, npVectorRun* run)
{
	double tol = run->tol;
	npPenetrationResult3 r = npPenetration3(&p->a, p->xfA, &p->b, p->xfB);
	if (!r.overlapping)
	{
		npVecPut(run, "result", "null");
		if (!npVecIsTrue(expect, "touching") && npVecIsTrue(expect, "overlap"))
			npVecFail(run, "penetration: got null, want depth %.17g", npVecField(expect, "depth", NAN));
		return;
	}
	npVecPutDouble(run, "depth", r.depth);
	putVec3(run, "normal", r.normal);
	putVec3(run, "pointA", r.pointA);
	putVec3(run, "pointB", r.pointB);
	putVec3(run, "localA", r.localA);
	putVec3(run, "localB", r.localB);
	putVec3(run, "tangent1", r.tangent1);
	putVec3(run, "tangent2", r.tangent2);
	npVecPut(run, "iterations", "%d", r.iterations);
	npVecPut(run, "stop", "%s", stopName(r.stop));
	if (!npVecIsTrue(expect, "touching") && !npVecIsTrue(expect, "overlap"))
	{
		npVecFail(run, "penetration: got depth %.17g, want null", r.depth);
		return;
	}
	double want = npVecIsTrue(expect, "touching") ? 0.0 : npVecField(expect, "depth", NAN);
	npVecNear(run, "depth", r.depth, want, tol);
	checkUnit(run, "normal", r.normal);
	if (npVecHasKey(expect, "normal"))
	{
		npVec3 wn = readVec3(cJSON_GetObjectItemCaseSensitive(expect, "normal"));
		npVecNear(run, "normal error", len3(sub3(r.normal, wn)), 0.0, 1e-6 > tol ? 1e-6 : tol);
	}
	npVecNear(run, "overlap along the normal", overlapAlong(&p->refA, &p->refB, r.normal), r.depth, tol);
	checkOnSurface(run, "pointA on A", &p->refA, r.pointA, tol);
	checkOnSurface(run, "pointB on B", &p->refB, r.pointB, tol);
	npVecNear(run, "dot(pointA - pointB, normal)", dot3(sub3(r.pointA, r.pointB), r.normal), r.depth, tol);
	// Local points map back to the world points; tangents complete an orthonormal basis.
	npVec3 la = npTransformPoint3Ref(p->xfA, r.localA), lb = npTransformPoint3Ref(p->xfB, r.localB);
	npVecNear(run, "localA", len3(sub3(la, r.pointA)), 0.0, tol);
	npVecNear(run, "localB", len3(sub3(lb, r.pointB)), 0.0, tol);
	checkUnit(run, "tangent1", r.tangent1);
	checkUnit(run, "tangent2", r.tangent2);
	npVecNear(run, "tangent1 . normal", dot3(r.tangent1, r.normal), 0.0, 1e-9);
	npVecNear(run, "tangent2 . normal", dot3(r.tangent2, r.normal), 0.0, 1e-9);
	npVecNear(run, "tangent1 . tangent2", dot3(r.tangent1, r.tangent2), 0.0, 1e-9);
}

static void runManifold(const Pair3* p, const cJSON* v, const cJSON* expect, npVectorRun* run)
{
	double tol = run->tol;
	double margin = npVecField(v, "margin", 0.0);
	npManifold3 m = npCollide3(&p->a, p->xfA, &p->b, p->xfB, margin);
	npVecPut(run, "count", "%d", m.pointCount);
	if (m.pointCount > 0)
		putVec3(run, "normal", m.normal);
	for (int i = 0; i < m.pointCount && i < NP_MAX_MANIFOLD_POINTS3; ++i)
	{
		putVec3(run, "pointA", m.points[i].pointA);
		putVec3(run, "pointB", m.points[i].pointB);
		npVecPutDouble(run, "depth", m.points[i].depth);
		npVecPut(run, "id", "%u", (unsigned)m.points[i].id);
	}
	if (m.pointCount < 0 || m.pointCount > NP_MAX_MANIFOLD_POINTS3)
	{
		npVecFail(run, "point count %d out of range", m.pointCount);
		return;
	}
	npVecCheckCount(run, expect, m.pointCount);
	if (m.pointCount == 0)
		return;

	checkUnit(run, "normal", m.normal);
	double along = overlapAlong(&p->refA, &p->refB, m.normal);
	double best = npVecField(expect, "best", NAN);
	double maxAlong = npVecField(expect, "maxNormalOverlap", NAN);
	if (!(along >= best - tol))
		npVecFail(run, "overlap along the normal %.17g below the minimum %.17g", along, best);
	if (!(along <= maxAlong + tol))
		npVecFail(run, "normal: overlap along it %.17g exceeds the best axis's %.17g (+ face preference)", along, maxAlong);

	double deepest = -INFINITY;
	for (int i = 0; i < m.pointCount; ++i)
	{
		const npManifoldPoint3* mp = &m.points[i];
		deepest = mp->depth > deepest ? mp->depth : deepest;
		// Each point lies in (or on) its shape.
		double outA = signedDistance(&p->refA, mp->pointA), outB = signedDistance(&p->refB, mp->pointB);
		if (outA > tol || outB > tol)
			npVecFail(run, "point %d outside its shape (pointA by %.3g, pointB by %.3g)", i, outA, outB);
		npVecNear(run, "depth identity", dot3(sub3(mp->pointA, mp->pointB), m.normal), mp->depth, tol);
		if (!(mp->depth <= along + tol))
			npVecFail(run, "point %d depth %.17g deeper than the overlap along the normal %.17g", i, mp->depth, along);
		if (!(mp->depth >= -margin - tol))
			npVecFail(run, "point %d depth %.17g beyond the margin %g", i, mp->depth, margin);
		if (mp->id == 0)
			npVecFail(run, "point %d has id 0", i);
		for (int j = 0; j < i; ++j)
			if (m.points[j].id == mp->id)
				npVecFail(run, "points %d and %d share id %u", j, i, (unsigned)mp->id);
	}
	if (!(m.points[0].depth >= deepest))
		npVecFail(run, "the first point is not the deepest");
	// The deepest point carries the overlap along the manifold's own normal (moving B by it along
	// the normal separates the shapes), for every pair whose generator marks it ("deepestIsOverlap").
	if (npVecIsTrue(expect, "deepestIsOverlap"))
		npVecNear(run, "deepest depth vs overlap along the normal", deepest, along, tol);
	if (npVecHasKey(expect, "depth"))
		npVecNear(run, "deepest depth", deepest, npVecField(expect, "depth", NAN), tol);
}

bool npRunVector3(const cJSON* v, npVectorRun* run)
{
	const cJSON* queryItem = cJSON_GetObjectItemCaseSensitive(v, "query");
	const char* query = cJSON_IsString(queryItem) ? queryItem->valuestring : "";
	const cJSON* expect = cJSON_GetObjectItemCaseSensitive(v, "expect");
	if (strcmp(query, "shape") == 0)
	{
		runShape(v, expect, run);
		return true;
	}
	if (strcmp(query, "transform") == 0)
	{
		runTransform(v, expect, run);
		return true;
	}
	// Mesh contacts (tests/vectors/3d_mesh.json) are checked by the mesh work's runner.
	if (strcmp(query, "meshContacts") == 0)
		return npRunVectorMesh(v, run);
	bool pairQuery = strcmp(query, "overlap") == 0 || strcmp(query, "distance") == 0 ||
					 strcmp(query, "penetration") == 0 || strcmp(query, "manifold") == 0;
	if (!pairQuery)
		return false;
	static Pair3 p;
	npResult ca = makeShape(cJSON_GetObjectItemCaseSensitive(v, "a"), &p.a, &hullA);
	npResult cb = makeShape(cJSON_GetObjectItemCaseSensitive(v, "b"), &p.b, &hullB);
	if (ca != NP_OK || cb != NP_OK)
	{
		npVecFail(run, "shape construction failed: %s / %s", npVecCodeName(ca), npVecCodeName(cb));
		return true;
	}
	npResult ra, rb;
	if (!readTransform(cJSON_GetObjectItemCaseSensitive(v, "xfA"), &p.xfA, &ra) ||
		!readTransform(cJSON_GetObjectItemCaseSensitive(v, "xfB"), &p.xfB, &rb))
	{
		npVecFail(run, "bad transform in a query vector");
		return true;
	}
	const cJSON* ref = cJSON_GetObjectItemCaseSensitive(v, "ref");
	bool okA = readRef(ref, "coreA", "radiusA", "planesA", &p.refA);
	bool okB = readRef(ref, "coreB", "radiusB", "planesB", &p.refB);
	if (!okA || !okB)
		npVecFail(run, "malformed ref");
	else if (strcmp(query, "overlap") == 0)
		runOverlap(&p, expect, run);
	else if (strcmp(query, "distance") == 0)
		runDistance(&p, expect, run);
	else if (strcmp(query, "penetration") == 0)
		runPenetration(&p, expect, run);
	else
		runManifold(&p, v, expect, run);
	freeRef(&p.refA);
	freeRef(&p.refB);
	return true;
}
