// 3D handlers of the shared-vector runner (driver tests/native/test_vectors.c; interface vectors.h).
//
// Shape construction (hull counts, errors), transform validation, and the pair queries overlap,
// distance, penetration and manifold, which run through the shared checks (vectorchecks.c) with
// the 3D extras here (local points, tangents). Shapes and transforms are as in
// tools/gen_vectors3d.mjs (header); manifold vectors as in tools/gen_vectors3d_manifold.mjs. The
// checks use the generator's world-space reference cores (`ref`): the vertices of each core, its
// radius, and for polyhedral cores the world planes (a flat core has both sides and its in-plane
// edge planes).
#include "vectors3d.h"
#include "vectorshapes.h"

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
static npVec3 transformPoint(npTransform3 xf, npVec3 v)
{
	double x = xf.q.x, y = xf.q.y, z = xf.q.z, w = xf.q.w;
	npVec3 r = { (w * w + x * x - y * y - z * z) * v.x + 2 * (x * y - w * z) * v.y + 2 * (x * z + w * y) * v.z,
				 2 * (x * y + w * z) * v.x + (w * w - x * x + y * y - z * z) * v.y + 2 * (y * z - w * x) * v.z,
				 2 * (x * z - w * y) * v.x + 2 * (y * z + w * x) * v.y + (w * w - x * x - y * y + z * z) * v.z };
	return (npVec3){ r.x + xf.p.x, r.y + xf.p.y, r.z + xf.p.z };
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
	const cJSON* c = npVecItem(ref, core);
	const cJSON* pl = npVecItem(ref, planes);
	out->count = cJSON_GetArraySize(c);
	out->planeCount = pl ? cJSON_GetArraySize(pl) : 0;
	out->radius = npVecField(ref, radius, 0.0);
	out->pts = malloc(sizeof(npVec3) * (size_t)(out->count + 1));
	out->planes = malloc(sizeof(double[4]) * (size_t)(out->planeCount + 1));
	if (!cJSON_IsArray(c) || out->count < 1 || out->pts == NULL || out->planes == NULL)
		return false;
	for (int i = 0; i < out->count; ++i)
		out->pts[i] = npVecReadVec3(cJSON_GetArrayItem(c, i));
	for (int i = 0; i < out->planeCount; ++i)
		npVecReadPoint(cJSON_GetArrayItem(pl, i), out->planes[i], 4);
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
static double signedDistance(const void* ref, const double* xyz)
{
	const Ref3* s = ref;
	npVec3 p = { xyz[0], xyz[1], xyz[2] };
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

static double overlapAlong(const void* a, const void* b, const double* xyz)
{
	npVec3 n = { xyz[0], xyz[1], xyz[2] };
	npVec3 m = { -n.x, -n.y, -n.z };
	return supportValue(a, n) + supportValue(b, m);
}

static npResult makeShape(const cJSON* spec, npShape3* out, npHull3* hull)
{
	const char* type = npVecString(spec, "type", "");
	if (strcmp(type, "sphere") == 0)
		return npMakeSphere(npVecField(spec, "radius", NAN), out);
	if (strcmp(type, "capsule") == 0)
		return npMakeCapsule3(npVecField(spec, "halfHeight", NAN), npVecField(spec, "radius", NAN), out);
	if (strcmp(type, "box") == 0)
		return npMakeBox3(npVecReadVec3(npVecItem(spec, "halfExtents")), out);
	const cJSON* pts = npVecItem(spec, "points");
	if (strcmp(type, "triangle") == 0)
		return npMakeTriangle3(npVecReadVec3(cJSON_GetArrayItem(pts, 0)), npVecReadVec3(cJSON_GetArrayItem(pts, 1)),
							   npVecReadVec3(cJSON_GetArrayItem(pts, 2)), out);
	if (strcmp(type, "hull") == 0)
	{
		int n = cJSON_GetArraySize(pts);
		npVec3* buf = malloc(sizeof(npVec3) * (size_t)(n + 1));
		if (buf == NULL)
			return NP_ERR_CAPACITY;
		for (int i = 0; i < n; ++i)
			buf[i] = npVecReadVec3(cJSON_GetArrayItem(pts, i));
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

// ------------------------------------------------------------------------------ shapes, transforms

static npHull3 hullA, hullB; // large: static

bool npRunShape3(const cJSON* v, npVectorRun* run)
{
	const cJSON* expect = npVecItem(v, "expect");
	npShape3 shape;
	npResult code = makeShape(npVecItem(v, "a"), &shape, &hullA);
	if (npVecShapeFailed(run, expect, (int)code))
		return true;
	if (shape.type != NP_SHAPE_HULL3)
	{
		npVecPut(run, "type", "%d", (int)shape.type);
		return true;
	}
	const npHull3* h = shape.hull;
	npVecPut(run, "vertices", "%d", h->vertexCount);
	npVecPut(run, "faces", "%d", h->faceCount);
	npVecPut(run, "edges", "%d", h->halfEdgeCount / 2);
	// The first 16 vertices (the results line has a bounded length).
	for (int i = 0; i < h->vertexCount && i < 16; ++i)
	{
		double xyz[3] = NP_VEC_XYZ(h->vertices[i]);
		npVecPutPoint(run, "v", xyz, 3);
	}
	npVecCheckInt(run, expect, "vertexCount", "vertex count", h->vertexCount);
	npVecCheckInt(run, expect, "faceCount", "face count", h->faceCount);
	npVecCheckInt(run, expect, "edgeCount", "edge count", h->halfEdgeCount / 2);

	// Every input point lies inside (or on) the hull.
	const cJSON* pts = npVecItem(npVecItem(v, "a"), "points");
	double worst = -INFINITY;
	for (int i = 0; i < cJSON_GetArraySize(pts); ++i)
	{
		npVec3 p = npVecReadVec3(cJSON_GetArrayItem(pts, i));
		for (int f = 0; f < h->faceCount; ++f)
		{
			double s = dot3(h->planes[f].normal, p) - h->planes[f].offset;
			worst = s > worst ? s : worst;
		}
	}
	if (worst > 1e-9 && worst > run->tol)
		npVecFail(run, "an input point lies %.3g outside the hull", worst);
	return true;
}

bool npRunTransform3(const cJSON* v, npVectorRun* run)
{
	npTransform3 xf;
	npResult code = npVecReadTransform3(npVecItem(v, "xfA"), &xf);
	npVecCheckError(run, npVecItem(v, "expect"), (int)code);
	return true;
}

// ------------------------------------------------------------------------------ pair queries

typedef struct Pair3
{
	npShape3 a, b;
	npTransform3 xfA, xfB;
	Ref3 refA, refB;
} Pair3;

static void releasePair(const void* pair)
{
	Pair3* p = (Pair3*)pair;
	freeRef(&p->refA);
	freeRef(&p->refB);
}

static const void* loadPair(const cJSON* v, npVectorRun* run, npVecGeometry* g)
{
	static Pair3 p;
	npResult ca = makeShape(npVecItem(v, "a"), &p.a, &hullA);
	npResult cb = makeShape(npVecItem(v, "b"), &p.b, &hullB);
	if (!npVecPairBuilt(run, (int)ca, (int)cb))
		return NULL;
	if (npVecReadTransform3(npVecItem(v, "xfA"), &p.xfA) != NP_OK ||
		npVecReadTransform3(npVecItem(v, "xfB"), &p.xfB) != NP_OK)
	{
		npVecFail(run, "bad transform in a query vector");
		return NULL;
	}
	const cJSON* ref = npVecItem(v, "ref");
	bool okA = readRef(ref, "coreA", "radiusA", "planesA", &p.refA);
	bool okB = readRef(ref, "coreB", "radiusB", "planesB", &p.refB);
	if (!okA || !okB)
	{
		npVecFail(run, "malformed ref");
		releasePair(&p);
		return NULL;
	}
	*g = (npVecGeometry){ 3, &p.refA, &p.refB, signedDistance, overlapAlong };
	return &p;
}

static bool overlap(const void* pair)
{
	const Pair3* p = pair;
	return npOverlap3(&p->a, p->xfA, &p->b, p->xfB);
}

static npVecDistance distance(const void* pair)
{
	const Pair3* p = pair;
	npDistanceResult3 r = npDistance3(&p->a, p->xfA, &p->b, p->xfB);
	return (npVecDistance){ r.distance, NP_VEC_XYZ(r.pointA), NP_VEC_XYZ(r.pointB), NP_VEC_XYZ(r.normal) };
}

static npVecPenetration penetration(const void* pair)
{
	const Pair3* p = pair;
	npPenetrationResult3 r = npPenetration3(&p->a, p->xfA, &p->b, p->xfB);
	return (npVecPenetration){ .overlapping = r.overlapping, .depth = r.depth, .normal = NP_VEC_XYZ(r.normal),
							   .pointA = NP_VEC_XYZ(r.pointA), .pointB = NP_VEC_XYZ(r.pointB),
							   .extraCount = 4, .extraKeys = { "localA", "localB", "tangent1", "tangent2" },
							   .extras = { NP_VEC_XYZ(r.localA), NP_VEC_XYZ(r.localB), NP_VEC_XYZ(r.tangent1),
										   NP_VEC_XYZ(r.tangent2) },
							   .iterations = r.iterations, .stop = stopName(r.stop) };
}

static npVec3 vec3(const double* xyz)
{
	return (npVec3){ xyz[0], xyz[1], xyz[2] };
}

static void checkUnit(npVectorRun* run, const char* what, npVec3 n)
{
	if (!(fabs(len3(n) - 1.0) <= 1e-9))
		npVecFail(run, "%s is not unit (length %.17g)", what, len3(n));
}

// Local points map back to the world points; tangents complete an orthonormal basis.
static void checkPenetration(npVectorRun* run, const void* pair, const npVecPenetration* r)
{
	const Pair3* p = pair;
	double tol = run->tol;
	npVec3 normal = vec3(r->normal), tangent1 = vec3(r->extras[2]), tangent2 = vec3(r->extras[3]);
	npVec3 la = transformPoint(p->xfA, vec3(r->extras[0])), lb = transformPoint(p->xfB, vec3(r->extras[1]));
	npVecNear(run, "localA", len3(sub3(la, vec3(r->pointA))), 0.0, tol);
	npVecNear(run, "localB", len3(sub3(lb, vec3(r->pointB))), 0.0, tol);
	checkUnit(run, "tangent1", tangent1);
	checkUnit(run, "tangent2", tangent2);
	npVecNear(run, "tangent1 . normal", dot3(tangent1, normal), 0.0, 1e-9);
	npVecNear(run, "tangent2 . normal", dot3(tangent2, normal), 0.0, 1e-9);
	npVecNear(run, "tangent1 . tangent2", dot3(tangent1, tangent2), 0.0, 1e-9);
}

static npVecManifold collide(const void* pair, double margin)
{
	const Pair3* p = pair;
	npManifold3 m = npCollide3(&p->a, p->xfA, &p->b, p->xfB, margin);
	npVecManifold out = { .count = m.pointCount, .normal = NP_VEC_XYZ(m.normal) };
	for (int i = 0; i < m.pointCount && i < NP_MAX_MANIFOLD_POINTS3; ++i)
	{
		const npManifoldPoint3* mp = &m.points[i];
		out.points[i] = (npVecManifoldPoint){ NP_VEC_XYZ(mp->pointA), NP_VEC_XYZ(mp->pointB), mp->depth, (unsigned)mp->id };
	}
	return out;
}

static const npVecPairOps pairOps3 = {
	.manifold = { .maxPoints = NP_MAX_MANIFOLD_POINTS3, .nonzeroIdsDeepestFirst = true },
	.load = loadPair,
	.overlap = overlap,
	.distance = distance,
	.penetration = penetration,
	.collide = collide,
	.checkPenetration = checkPenetration,
	.release = releasePair,
};

bool npRunPair3(const cJSON* v, npVectorRun* run)
{
	return npVecRunPair(v, run, &pairOps3);
}

npResult npVecMakeShape3(const cJSON* spec, npShape3* out, npHull3* hull)
{
	return makeShape(spec, out, hull);
}
