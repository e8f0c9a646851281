// Native runner for the shared test vectors (tests/vectors/*.json; format in tests/vectors/README.md).
//
// Every vector file is loaded with cJSON and every vector is run against the library; the expected
// values were computed independently by tools/gen_vectors2d.mjs (closed forms and brute force),
// so this program only checks. Every numeric result is also written as the exact hex bits of the
// doubles to $NP_RESULTS_DIR/native-vectors.txt, keyed by vector id; the Node runner produces the
// same lines from the wasm build and compares them line by line (bit-identical native vs wasm).
//
// Usage: test_vectors [vector-dir]   (default tests/vectors). Prints the vectors run per file,
// "vectors: N run", and ends with "N passed, N failed"; exits non-zero on any failure.
#define _POSIX_C_SOURCE 200809L

#include "narrowphase/collide2d.h"
#include "vectors.h"

#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <sys/stat.h>

// ------------------------------------------------------------------------------ geometry checks
// The runner's own geometry, independent of src/: the stored world-space cores ("ref") are
// inflated by their radii, and witness points and normals are checked against them.

typedef struct RefShape
{
	int count;
	double radius;
	npVec2 v[NP_MAX_POLYGON_VERTICES];
} RefShape;

static double dot2(npVec2 a, npVec2 b) { return a.x * b.x + a.y * b.y; }
static npVec2 sub2(npVec2 a, npVec2 b) { return (npVec2){ a.x - b.x, a.y - b.y }; }
static double len2(npVec2 a) { return sqrt(a.x * a.x + a.y * a.y); }

static double pointSegmentDistance(npVec2 p, npVec2 a, npVec2 b)
{
	npVec2 ab = sub2(b, a), ap = sub2(p, a);
	double l2 = dot2(ab, ab);
	double t = l2 > 0.0 ? dot2(ap, ab) / l2 : 0.0;
	t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
	return len2((npVec2){ ap.x - t * ab.x, ap.y - t * ab.y });
}

// Signed distance from p to the rounded shape (negative inside).
static double signedDistance(const RefShape* s, npVec2 p)
{
	if (s->count <= 2)
		return pointSegmentDistance(p, s->v[0], s->v[s->count - 1]) - s->radius;
	double inside = -INFINITY, outside = INFINITY;
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 a = s->v[i], b = s->v[(i + 1) % s->count];
		npVec2 e = sub2(b, a);
		double l = len2(e);
		npVec2 n = { e.y / l, -e.x / l };
		double h = dot2(n, sub2(p, a));
		inside = h > inside ? h : inside;
		double d = pointSegmentDistance(p, a, b);
		outside = d < outside ? d : outside;
	}
	return (inside <= 0.0 ? inside : outside) - s->radius;
}

// Support of the rounded shape along a unit direction.
static double supportValue(const RefShape* s, npVec2 n)
{
	double m = -INFINITY;
	for (int i = 0; i < s->count; ++i)
		m = dot2(s->v[i], n) > m ? dot2(s->v[i], n) : m;
	return m + s->radius;
}

// Overlap of the two shapes along unit n (from A to B): hA(n) + hB(-n).
static double overlapAlong(const RefShape* a, const RefShape* b, npVec2 n)
{
	return supportValue(a, n) + supportValue(b, (npVec2){ -n.x, -n.y });
}

static bool readRef(const cJSON* ref, const char* core, const char* radius, RefShape* out)
{
	const cJSON* arr = cJSON_GetObjectItemCaseSensitive(ref, core);
	int n = cJSON_GetArraySize(arr);
	if (n < 1 || n > NP_MAX_POLYGON_VERTICES)
		return false;
	out->count = n;
	for (int i = 0; i < n; ++i)
	{
		const cJSON* p = cJSON_GetArrayItem(arr, i);
		out->v[i] = (npVec2){ npVecNumber(cJSON_GetArrayItem(p, 0)), npVecNumber(cJSON_GetArrayItem(p, 1)) };
	}
	out->radius = npVecField(ref, radius, 0.0);
	return true;
}

// ------------------------------------------------------------------------------ input decoding

static npVec2 readVec2(const cJSON* arr)
{
	return (npVec2){ npVecNumber(cJSON_GetArrayItem(arr, 0)), npVecNumber(cJSON_GetArrayItem(arr, 1)) };
}

static npTransform2 readTransform(const cJSON* xf)
{
	if (xf == NULL)
		return npMakeTransform2(0.0, 0.0, 0.0);
	const cJSON* pos = cJSON_GetObjectItemCaseSensitive(xf, "position");
	npVec2 p = pos ? readVec2(pos) : (npVec2){ 0.0, 0.0 };
	const cJSON* rot = cJSON_GetObjectItemCaseSensitive(xf, "rotation");
	if (rot != NULL)
	{
		npVec2 cs = readVec2(rot);
		return (npTransform2){ p, { cs.x, cs.y } };
	}
	return npMakeTransform2(p.x, p.y, npVecField(xf, "angle", 0.0));
}

static npResult makeShape(const cJSON* spec, npShape2* out)
{
	const cJSON* typeItem = cJSON_GetObjectItemCaseSensitive(spec, "type");
	const char* type = cJSON_IsString(typeItem) ? typeItem->valuestring : "";
	if (strcmp(type, "circle") == 0)
		return npMakeCircle(npVecField(spec, "radius", NAN), out);
	if (strcmp(type, "capsule") == 0)
		return npMakeCapsule2(npVecField(spec, "halfLength", NAN), npVecField(spec, "radius", NAN), out);
	if (strcmp(type, "box") == 0)
		return npMakeBox2(npVecField(spec, "halfWidth", NAN), npVecField(spec, "halfHeight", NAN), out);
	if (strcmp(type, "polygon") == 0)
	{
		static npVec2 points[NP_MAX_POLYGON_INPUT + 64];
		const cJSON* arr = cJSON_GetObjectItemCaseSensitive(spec, "points");
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

static void putVec2(npVectorRun* run, const char* key, npVec2 v)
{
	double xy[2] = { v.x, v.y };
	npVecPutPoint(run, key, xy, 2);
}

// ------------------------------------------------------------------------------ query checks

static void runShape(const cJSON* v, const cJSON* expect, npVectorRun* run)
{
	npShape2 shape;
	npResult code = makeShape(cJSON_GetObjectItemCaseSensitive(v, "a"), &shape);
	if (npVecHasKey(expect, "error") || code != NP_OK)
	{
		npVecCheckError(run, expect, (int)code);
		return;
	}
	int want = (int)npVecField(expect, "count", -1);
	npVecPut(run, "count", "%d", shape.count);
	npVecPutDouble(run, "radius", shape.radius);
	for (int i = 0; i < shape.count; ++i)
		putVec2(run, "v", shape.vertices[i]);
	if (shape.count != want)
	{
		npVecFail(run, "vertex count: got %d, want %d", shape.count, want);
		return;
	}
	npVecNear(run, "radius", shape.radius, npVecField(expect, "radius", 0.0), 0.0);
	// The same cyclic sequence (counter-clockwise), from whichever vertex the library starts at.
	const cJSON* verts = cJSON_GetObjectItemCaseSensitive(expect, "vertices");
	npVec2 first = readVec2(cJSON_GetArrayItem(verts, 0));
	int start = -1;
	for (int i = 0; i < shape.count && start < 0; ++i)
		if (len2(sub2(shape.vertices[i], first)) <= run->tol)
			start = i;
	if (start < 0)
	{
		npVecFail(run, "expected vertex (%g, %g) missing", first.x, first.y);
		return;
	}
	for (int k = 0; k < want; ++k)
	{
		npVec2 w = readVec2(cJSON_GetArrayItem(verts, k));
		npVec2 g = shape.vertices[(start + k) % shape.count];
		if (len2(sub2(g, w)) > run->tol)
		{
			npVecFail(run, "vertex %d: got (%.17g, %.17g), want (%.17g, %.17g)", k, g.x, g.y, w.x, w.y);
			return;
		}
	}
}

static void runTransform(const cJSON* v, const cJSON* expect, npVectorRun* run)
{
	npTransform2 xf = readTransform(cJSON_GetObjectItemCaseSensitive(v, "xfA"));
	npVecCheckError(run, expect, (int)npValidateTransform2(xf));
	// The queries themselves must not crash or hang on such a transform (their results are
	// unspecified; the JS binding rejects the transform before calling them).
	npShape2 a, b;
	if (makeShape(cJSON_GetObjectItemCaseSensitive(v, "a"), &a) == NP_OK &&
		makeShape(cJSON_GetObjectItemCaseSensitive(v, "b"), &b) == NP_OK)
	{
		npTransform2 id = npMakeTransform2(0.0, 0.0, 0.0);
		(void)npOverlap2(&a, xf, &b, id);
		(void)npDistance2(&a, xf, &b, id);
		(void)npPenetration2(&a, xf, &b, id, NULL);
		(void)npCollide2(&a, xf, &b, id, 0.0);
	}
}

typedef struct Pair
{
	npShape2 a, b;
	npTransform2 xfA, xfB;
	RefShape refA, refB;
} Pair;

static void runOverlap(const Pair* p, const cJSON* expect, npVectorRun* run)
{
	bool got = npOverlap2(&p->a, p->xfA, &p->b, p->xfB);
	npVecPut(run, "overlap", "%d", got ? 1 : 0);
	if (npVecIsTrue(expect, "touching"))
		return; // either answer
	bool want = npVecIsTrue(expect, "overlap");
	if (got != want)
		npVecFail(run, "overlap: got %d, want %d", got, want);
}

static void checkOnSurface(npVectorRun* run, const char* what, const RefShape* s, npVec2 p, double tol)
{
	double d = signedDistance(s, p);
	if (fabs(d) > tol)
		npVecFail(run, "%s (%.17g, %.17g) is %.3g from the surface (tol %.3g)", what, p.x, p.y, d, tol);
}

static void checkUnit(npVectorRun* run, const char* what, npVec2 n, double tol)
{
	if (!(fabs(len2(n) - 1.0) <= tol))
		npVecFail(run, "%s (%.17g, %.17g) is not unit length", what, n.x, n.y);
}

static void runDistance(const Pair* p, const cJSON* expect, npVectorRun* run)
{
	double tol = run->tol;
	npDistanceResult2 r = npDistance2(&p->a, p->xfA, &p->b, p->xfB);
	npVecPutDouble(run, "distance", r.distance);
	putVec2(run, "pointA", r.pointA);
	putVec2(run, "pointB", r.pointB);
	putVec2(run, "normal", r.normal);
	double want = npVecField(expect, "distance", NAN);
	if (!npVecNear(run, "distance", r.distance, want, tol))
		return;
	if (r.distance > 0.0)
	{
		checkOnSurface(run, "pointA on A", &p->refA, r.pointA, tol);
		checkOnSurface(run, "pointB on B", &p->refB, r.pointB, tol);
		npVec2 d = sub2(r.pointB, r.pointA);
		npVecNear(run, "|pointB - pointA|", len2(d), r.distance, tol);
		checkUnit(run, "normal", r.normal, 1e-9);
		npVecNear(run, "normal . (pointB - pointA)", dot2(r.normal, d), r.distance, tol);
		if (npVecHasKey(expect, "pointA"))
		{
			npVec2 wa = readVec2(cJSON_GetObjectItemCaseSensitive(expect, "pointA"));
			npVec2 wb = readVec2(cJSON_GetObjectItemCaseSensitive(expect, "pointB"));
			npVecNear(run, "pointA error", len2(sub2(r.pointA, wa)), 0.0, tol);
			npVecNear(run, "pointB error", len2(sub2(r.pointB, wb)), 0.0, tol);
		}
	}
	else
	{
		// Overlapping (or touching): pointA == pointB, a point inside both; normal (0, 0).
		if (r.pointA.x != r.pointB.x || r.pointA.y != r.pointB.y)
			npVecFail(run, "overlapping: pointA != pointB");
		if (r.normal.x != 0.0 || r.normal.y != 0.0)
			npVecFail(run, "overlapping: normal is not (0, 0)");
		if (signedDistance(&p->refA, r.pointA) > tol || signedDistance(&p->refB, r.pointA) > tol)
			npVecFail(run, "overlapping: the point (%.17g, %.17g) is not inside both shapes", r.pointA.x, r.pointA.y);
	}
}

static void runPenetration(const Pair* p, const cJSON* expect, npVectorRun* run)
{
	double tol = run->tol;
	npPenetrationResult2 r = npPenetration2(&p->a, p->xfA, &p->b, p->xfB, NULL);
	if (!r.overlapping)
	{
		npVecPut(run, "result", "null");
		if (!npVecIsTrue(expect, "touching") && npVecIsTrue(expect, "overlap"))
			npVecFail(run, "penetration: got null, want depth %.17g", npVecField(expect, "depth", NAN));
		return;
	}
	npVecPutDouble(run, "depth", r.depth);
	putVec2(run, "normal", r.normal);
	putVec2(run, "pointA", r.pointA);
	putVec2(run, "pointB", r.pointB);
	npVecPut(run, "iterations", "%d", r.iterations);
	npVecPut(run, "stop", "%s", stopName(r.stop));
	double want = npVecIsTrue(expect, "touching") ? 0.0 : npVecField(expect, "depth", NAN);
	if (!npVecIsTrue(expect, "touching") && !npVecIsTrue(expect, "overlap"))
	{
		npVecFail(run, "penetration: got depth %.17g, want null", r.depth);
		return;
	}
	npVecNear(run, "depth", r.depth, want, tol);
	checkUnit(run, "normal", r.normal, 1e-9);
	if (npVecHasKey(expect, "normal"))
	{
		npVec2 wn = readVec2(cJSON_GetObjectItemCaseSensitive(expect, "normal"));
		npVecNear(run, "normal error", len2(sub2(r.normal, wn)), 0.0, 1e-6 > tol ? 1e-6 : tol);
	}
	// Whatever the normal, the shapes must overlap along it by exactly the depth (the depth is the
	// minimum overlap over all directions).
	npVecNear(run, "overlap along the normal", overlapAlong(&p->refA, &p->refB, r.normal), r.depth, tol);
	checkOnSurface(run, "pointA on A", &p->refA, r.pointA, tol);
	checkOnSurface(run, "pointB on B", &p->refB, r.pointB, tol);
	npVecNear(run, "dot(pointA - pointB, normal)", dot2(sub2(r.pointA, r.pointB), r.normal), r.depth, tol);
}

static void runManifold(const Pair* p, const cJSON* v, const cJSON* expect, npVectorRun* run)
{
	double tol = run->tol;
	double margin = npVecField(v, "margin", 0.0);
	npManifold2 m = npCollide2(&p->a, p->xfA, &p->b, p->xfB, margin);
	npVecPut(run, "count", "%d", m.pointCount);
	if (m.pointCount > 0)
		putVec2(run, "normal", m.normal);
	for (int i = 0; i < m.pointCount && i < NP_MAX_MANIFOLD_POINTS2; ++i)
	{
		putVec2(run, "pointA", m.points[i].pointA);
		putVec2(run, "pointB", m.points[i].pointB);
		npVecPutDouble(run, "depth", m.points[i].depth);
		npVecPut(run, "id", "%u", (unsigned)m.points[i].id);
	}
	if (m.pointCount < 0 || m.pointCount > NP_MAX_MANIFOLD_POINTS2)
	{
		npVecFail(run, "point count %d out of range", m.pointCount);
		return;
	}
	npVecCheckCount(run, expect, m.pointCount);
	if (m.pointCount == 0)
		return;

	// The normal: unit, and within the face preference of the best SAT axis. Overlap along any
	// direction is at least the best (minimum) overlap.
	checkUnit(run, "normal", m.normal, 1e-9);
	double along = overlapAlong(&p->refA, &p->refB, m.normal);
	double best = npVecField(expect, "best", NAN);
	double maxAlong = npVecField(expect, "maxNormalOverlap", NAN);
	if (!(along >= best - tol))
		npVecFail(run, "overlap along the normal %.17g below the minimum %.17g", along, best);
	if (!(along <= maxAlong + tol))
		npVecFail(run, "normal: overlap along it %.17g exceeds the best axis's %.17g plus the face preference",
				  along, maxAlong);

	double deepest = -INFINITY;
	for (int i = 0; i < m.pointCount; ++i)
	{
		const npManifoldPoint2* mp = &m.points[i];
		deepest = mp->depth > deepest ? mp->depth : deepest;
		checkOnSurface(run, "pointA on A", &p->refA, mp->pointA, tol);
		checkOnSurface(run, "pointB on B", &p->refB, mp->pointB, tol);
		npVecNear(run, "depth identity", dot2(sub2(mp->pointA, mp->pointB), m.normal), mp->depth, tol);
		if (!(mp->depth <= along + tol))
			npVecFail(run, "point %d depth %.17g deeper than the overlap along the normal %.17g", i, mp->depth, along);
		if (!(mp->depth >= -margin - tol))
			npVecFail(run, "point %d depth %.17g beyond the margin %g", i, mp->depth, margin);
		if (mp->depth > 0.0 && npVecIsTrue(expect, "shallow"))
		{
			// A shallow overlapping contact ("shallow": depth at most a quarter of either shape's
			// minimum width) lies in both shapes: the incident feature's witness is
			// inside the other shape. Only one of the two: the witness projected onto the reference
			// face can lie outside a tilted incident shape (by depth * sin(tilt)), and in deep
			// contacts both can be outside (the depth then exceeds the shapes' thickness).
			double outB = signedDistance(&p->refB, mp->pointA), outA = signedDistance(&p->refA, mp->pointB);
			if (outB > tol && outA > tol)
				npVecFail(run, "point %d: neither witness inside the other shape (pointA outside B by %.3g, pointB outside A by %.3g)",
						  i, outB, outA);
		}
	}
	if (m.pointCount == 2 && m.points[0].id == m.points[1].id)
		npVecFail(run, "both points have id %u", (unsigned)m.points[0].id);
	// On the exact best axis the deepest point has exactly the overlap along the normal (no clipping
	// can remove it there).
	if (fabs(along - best) <= tol)
		npVecNear(run, "deepest depth vs overlap along the normal", deepest, along, tol);
}

bool npRunVector2(const cJSON* v, npVectorRun* run)
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
	bool pairQuery = strcmp(query, "overlap") == 0 || strcmp(query, "distance") == 0 ||
					 strcmp(query, "penetration") == 0 || strcmp(query, "manifold") == 0;
	if (!pairQuery)
		return false;

	static Pair p; // npShape2 is ~2 KB: keep it off the stack
	npResult ca = makeShape(cJSON_GetObjectItemCaseSensitive(v, "a"), &p.a);
	npResult cb = makeShape(cJSON_GetObjectItemCaseSensitive(v, "b"), &p.b);
	const cJSON* ref = cJSON_GetObjectItemCaseSensitive(v, "ref");
	if (ca != NP_OK || cb != NP_OK)
	{
		npVecFail(run, "shape construction failed: %s / %s", npVecCodeName(ca), npVecCodeName(cb));
		return true;
	}
	if (!readRef(ref, "coreA", "radiusA", &p.refA) || !readRef(ref, "coreB", "radiusB", &p.refB))
	{
		npVecFail(run, "malformed ref");
		return true;
	}
	p.xfA = readTransform(cJSON_GetObjectItemCaseSensitive(v, "xfA"));
	p.xfB = readTransform(cJSON_GetObjectItemCaseSensitive(v, "xfB"));
	if (strcmp(query, "overlap") == 0)
		runOverlap(&p, expect, run);
	else if (strcmp(query, "distance") == 0)
		runDistance(&p, expect, run);
	else if (strcmp(query, "penetration") == 0)
		runPenetration(&p, expect, run);
	else
		runManifold(&p, v, expect, run);
	return true;
}

// ------------------------------------------------------------------------------ driver

static char* readFile(const char* path)
{
	FILE* f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	char* text = malloc((size_t)size + 1);
	if (text != NULL && fread(text, 1, (size_t)size, f) != (size_t)size)
	{
		free(text);
		text = NULL;
	}
	if (text != NULL)
		text[size] = '\0';
	fclose(f);
	return text;
}

static const char* baseName(const char* path)
{
	const char* s = strrchr(path, '/');
	return s ? s + 1 : path;
}

int main(int argc, char** argv)
{
	const char* dir = argc > 1 ? argv[1] : "tests/vectors";
	char pattern[4096];
	snprintf(pattern, sizeof pattern, "%s/*.json", dir);

	FILE* results = NULL;
	const char* resultsDir = getenv("NP_RESULTS_DIR");
	if (resultsDir != NULL && resultsDir[0] != '\0')
	{
		char path[4096];
		if (mkdir(resultsDir, 0777) != 0 && errno != EEXIST)
			fprintf(stderr, "cannot create %s\n", resultsDir);
		snprintf(path, sizeof path, "%s/native-vectors.txt", resultsDir);
		results = fopen(path, "w");
		if (results == NULL)
			fprintf(stderr, "cannot write %s\n", path);
	}

	glob_t files;
	int passed = 0, failed = 0, total = 0, expectedTotal = 0;
	if (glob(pattern, 0, NULL, &files) != 0 || files.gl_pathc == 0)
	{
		printf("no vector files match %s\n", pattern);
		printf("0 passed, 1 failed\n");
		return 1;
	}
	static npVectorRun run;
	for (size_t fi = 0; fi < files.gl_pathc; ++fi)
	{
		const char* path = files.gl_pathv[fi];
		char* text = readFile(path);
		cJSON* doc = text ? cJSON_Parse(text) : NULL;
		free(text);
		if (doc == NULL)
		{
			printf("%s: cannot read or parse\n", path);
			failed += 1;
			continue;
		}
		int dim = (int)npVecField(doc, "dim", 0.0);
		const cJSON* vectors = cJSON_GetObjectItemCaseSensitive(doc, "vectors");
		int declared = (int)npVecField(doc, "count", -1.0);
		int ran = 0, fileFailed = 0;
		const cJSON* v;
		cJSON_ArrayForEach(v, vectors)
		{
			memset(&run, 0, sizeof run);
			run.file = baseName(path);
			const cJSON* idItem = cJSON_GetObjectItemCaseSensitive(v, "id");
			run.id = cJSON_IsString(idItem) ? idItem->valuestring : "(no id)";
			run.tol = npVecField(v, "tol", 1e-9);
			npVecLineBegin(&run);
			bool known = dim == 3 ? npRunVector3(v, &run) : (dim == 2 ? npRunVector2(v, &run) : false);
			if (!known)
				npVecFail(&run, "unsupported vector (dim %d)", dim);
			if (results != NULL)
				fprintf(results, "%s\n", run.line);
			ran += 1;
			if (run.failures == 0)
				passed += 1;
			else
			{
				failed += 1;
				fileFailed += 1;
			}
		}
		printf("%s: %d vectors run, %d failed\n", baseName(path), ran, fileFailed);
		if (ran != declared || ran != cJSON_GetArraySize(vectors))
		{
			printf("%s: ran %d vectors but the file declares %d\n", baseName(path), ran, declared);
			failed += 1;
		}
		total += ran;
		expectedTotal += cJSON_GetArraySize(vectors);
		cJSON_Delete(doc);
	}
	globfree(&files);
	if (results != NULL)
		fclose(results);
	printf("vectors: %d run (%d in the files)\n", total, expectedTotal);
	printf("%d passed, %d failed\n", passed, failed);
	return failed == 0 && total == expectedTotal ? 0 : 1;
}
