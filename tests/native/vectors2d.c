// 2D handlers of the shared-vector runner (driver tests/native/test_vectors.c; interface vectors.h).
//
// Shapes, transforms and pair vectors as written by tools/gen_vectors2d.mjs, whose expected values
// come from closed forms and brute force, independent of the library. Pair queries run through the
// shared checks (vectorchecks.c); what is 2D lives here: reading the specs, the shape and transform
// vectors, and the reference geometry (testref2d.h) on the stored world-space cores ("ref").
#include "testref2d.h"
#include "vectors.h"
#include "vectorshapes.h"

typedef RefCore2 RefShape;

static double signedDistance(const void* ref, const double* xy)
{
	return refSignedDistance2(ref, (npVec2){ xy[0], xy[1] });
}

// Support of the rounded shape along a unit direction.
static double supportValue(const RefShape* s, npVec2 n)
{
	return refSupport2(s, n) + s->radius;
}

static double overlapAlong(const void* a, const void* b, const double* xy)
{
	npVec2 n = { xy[0], xy[1] };
	return supportValue(a, n) + supportValue(b, (npVec2){ -n.x, -n.y });
}

// ------------------------------------------------------------------------------ input decoding

static npVec2 readVec2(const cJSON* arr)
{
	double xy[2];
	npVecReadPoint(arr, xy, 2);
	return (npVec2){ xy[0], xy[1] };
}

static bool readRef(const cJSON* ref, const char* core, const char* radius, RefShape* out)
{
	const cJSON* arr = npVecItem(ref, core);
	int n = cJSON_GetArraySize(arr);
	if (n < 1 || n > NP_MAX_POLYGON_VERTICES)
		return false;
	out->count = n;
	for (int i = 0; i < n; ++i)
		out->v[i] = readVec2(cJSON_GetArrayItem(arr, i));
	out->radius = npVecField(ref, radius, 0.0);
	return true;
}

static npTransform2 readTransform(const cJSON* xf)
{
	if (xf == NULL)
		return npMakeTransform2(0.0, 0.0, 0.0);
	const cJSON* pos = npVecItem(xf, "position");
	npVec2 p = pos ? readVec2(pos) : (npVec2){ 0.0, 0.0 };
	const cJSON* rot = npVecItem(xf, "rotation");
	if (rot != NULL)
	{
		npVec2 cs = readVec2(rot);
		return (npTransform2){ p, { cs.x, cs.y } };
	}
	return npMakeTransform2(p.x, p.y, npVecField(xf, "angle", 0.0));
}

static npResult makeShape(const cJSON* spec, npShape2* out)
{
	const char* type = npVecString(spec, "type", "");
	if (strcmp(type, "circle") == 0)
		return npMakeCircle(npVecField(spec, "radius", NAN), out);
	if (strcmp(type, "capsule") == 0)
		return npMakeCapsule2(npVecField(spec, "halfLength", NAN), npVecField(spec, "radius", NAN), out);
	if (strcmp(type, "box") == 0)
		return npMakeBox2(npVecField(spec, "halfWidth", NAN), npVecField(spec, "halfHeight", NAN), out);
	if (strcmp(type, "polygon") == 0)
	{
		static npVec2 points[NP_MAX_POLYGON_INPUT + 64];
		const cJSON* arr = npVecItem(spec, "points");
		int n = cJSON_GetArraySize(arr);
		if (n > NP_MAX_POLYGON_INPUT + 64)
			n = NP_MAX_POLYGON_INPUT + 64; // still above the limit: the library must reject it
		for (int i = 0; i < n; ++i)
			points[i] = readVec2(cJSON_GetArrayItem(arr, i));
		return npMakePolygon2(points, n, npVecField(spec, "radius", 0.0), out);
	}
	return NP_ERR_INVALID_ARGUMENT;
}

static const char* stopName(npEpaStop2 stop)
{
	switch (stop)
	{
		case NP_EPA_CONTINUE: return "continue";
		case NP_EPA_CONVERGED: return "converged";
		case NP_EPA_MAX_ITERATIONS: return "max-iterations";
		case NP_EPA_CORES_SEPARATED: return "cores-separated";
		case NP_EPA_POINT: return "point";
	}
	return "unknown";
}

// ------------------------------------------------------------------------------ shapes, transforms

bool npRunShape2(const cJSON* v, npVectorRun* run)
{
	const cJSON* expect = npVecItem(v, "expect");
	npShape2 shape;
	npResult code = makeShape(npVecItem(v, "a"), &shape);
	if (npVecShapeFailed(run, expect, (int)code))
		return true;
	int want = (int)npVecField(expect, "count", -1);
	npVecPut(run, "count", "%d", shape.count);
	npVecPutDouble(run, "radius", shape.radius);
	for (int i = 0; i < shape.count; ++i)
	{
		double xy[2] = NP_VEC_XY(shape.vertices[i]);
		npVecPutPoint(run, "v", xy, 2);
	}
	if (shape.count != want)
	{
		npVecFail(run, "vertex count: got %d, want %d", shape.count, want);
		return true;
	}
	npVecNear(run, "radius", shape.radius, npVecField(expect, "radius", 0.0), 0.0);

	// The same cyclic sequence (counter-clockwise), from whichever vertex the library starts at.
	const cJSON* verts = npVecItem(expect, "vertices");
	npVec2 first = readVec2(cJSON_GetArrayItem(verts, 0));
	int start = -1;
	for (int i = 0; i < shape.count && start < 0; ++i)
		if (len2(sub2(shape.vertices[i], first)) <= run->tol)
			start = i;
	if (start < 0)
	{
		npVecFail(run, "expected vertex (%g, %g) missing", first.x, first.y);
		return true;
	}
	for (int k = 0; k < want; ++k)
	{
		npVec2 w = readVec2(cJSON_GetArrayItem(verts, k));
		npVec2 g = shape.vertices[(start + k) % shape.count];
		if (len2(sub2(g, w)) > run->tol)
		{
			npVecFail(run, "vertex %d: got (%.17g, %.17g), want (%.17g, %.17g)", k, g.x, g.y, w.x, w.y);
			return true;
		}
	}
	return true;
}

bool npRunTransform2(const cJSON* v, npVectorRun* run)
{
	npTransform2 xf = readTransform(npVecItem(v, "xfA"));
	npVecCheckError(run, npVecItem(v, "expect"), (int)npValidateTransform2(xf));
	// The queries themselves must not crash or hang on such a transform (their results are
	// unspecified; the JS binding rejects the transform before calling them).
	npShape2 a, b;
	if (makeShape(npVecItem(v, "a"), &a) == NP_OK && makeShape(npVecItem(v, "b"), &b) == NP_OK)
	{
		npTransform2 id = npMakeTransform2(0.0, 0.0, 0.0);
		(void)npOverlap2(&a, xf, &b, id);
		(void)npDistance2(&a, xf, &b, id);
		(void)npPenetration2(&a, xf, &b, id, NULL);
		(void)npCollide2(&a, xf, &b, id, 0.0);
	}
	return true;
}

// ------------------------------------------------------------------------------ pair queries

typedef struct Pair
{
	npShape2 a, b;
	npTransform2 xfA, xfB;
	RefShape refA, refB;
} Pair;

static const void* loadPair(const cJSON* v, npVectorRun* run, npVecGeometry* g)
{
	static Pair p; // npShape2 is ~2 KB: keep it off the stack
	npResult ca = makeShape(npVecItem(v, "a"), &p.a);
	npResult cb = makeShape(npVecItem(v, "b"), &p.b);
	if (!npVecPairBuilt(run, (int)ca, (int)cb))
		return NULL;
	const cJSON* ref = npVecItem(v, "ref");
	if (!readRef(ref, "coreA", "radiusA", &p.refA) || !readRef(ref, "coreB", "radiusB", &p.refB))
	{
		npVecFail(run, "malformed ref");
		return NULL;
	}
	p.xfA = readTransform(npVecItem(v, "xfA"));
	p.xfB = readTransform(npVecItem(v, "xfB"));
	*g = (npVecGeometry){ 2, &p.refA, &p.refB, signedDistance, overlapAlong };
	return &p;
}

static bool overlap(const void* pair)
{
	const Pair* p = pair;
	return npOverlap2(&p->a, p->xfA, &p->b, p->xfB);
}

static npVecDistance distance(const void* pair)
{
	const Pair* p = pair;
	npDistanceResult2 r = npDistance2(&p->a, p->xfA, &p->b, p->xfB);
	return (npVecDistance){ r.distance, NP_VEC_XY(r.pointA), NP_VEC_XY(r.pointB), NP_VEC_XY(r.normal) };
}

static npVecPenetration penetration(const void* pair)
{
	const Pair* p = pair;
	npPenetrationResult2 r = npPenetration2(&p->a, p->xfA, &p->b, p->xfB, NULL);
	return (npVecPenetration){ .overlapping = r.overlapping, .depth = r.depth, .normal = NP_VEC_XY(r.normal),
							   .pointA = NP_VEC_XY(r.pointA), .pointB = NP_VEC_XY(r.pointB),
							   .iterations = r.iterations, .stop = stopName(r.stop) };
}

static npVecManifold collide(const void* pair, double margin)
{
	const Pair* p = pair;
	npManifold2 m = npCollide2(&p->a, p->xfA, &p->b, p->xfB, margin);
	npVecManifold out = { .count = m.pointCount, .normal = NP_VEC_XY(m.normal) };
	for (int i = 0; i < m.pointCount && i < NP_MAX_MANIFOLD_POINTS2; ++i)
	{
		const npManifoldPoint2* mp = &m.points[i];
		out.points[i] = (npVecManifoldPoint){ NP_VEC_XY(mp->pointA), NP_VEC_XY(mp->pointB), mp->depth, (unsigned)mp->id };
	}
	return out;
}

static const npVecPairOps pairOps2 = {
	.manifold = { .maxPoints = NP_MAX_MANIFOLD_POINTS2, .witnessOnSurface = true, .deepestOnBestAxis = true },
	.load = loadPair,
	.overlap = overlap,
	.distance = distance,
	.penetration = penetration,
	.collide = collide,
};

bool npRunPair2(const cJSON* v, npVectorRun* run)
{
	return npVecRunPair(v, run, &pairOps2);
}

// ------------------------------------------------------------------------------ for other handlers

npResult npVecMakeShape2(const cJSON* spec, npShape2* out)
{
	return makeShape(spec, out);
}

npTransform2 npVecReadTransform2(const cJSON* xf)
{
	return readTransform(xf);
}
