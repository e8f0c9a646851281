// Shared-vector runner interface (tests/vectors/*.json, format in tests/vectors/README.md).
//
// One driver, tests/native/test_vectors.c, owns main(): it loads every vector file with cJSON,
// dispatches each vector by the file's "dim" and the vector's "query" to a handler, and writes the
// results line (every numeric result as exact hex text, for the native/wasm bit-identity check).
// The handlers are small, one set per kind of vector:
//  - vectors2d.c: 2D shapes, transforms and pair queries;
//  - vectors3d.c: 3D shapes, transforms and pair queries;
//  - vectorsmesh.c: sphere-vs-mesh contacts ("meshContacts");
//  - vectorsquery.c: ray casts, point queries, bounds and triangle box queries on shapes and meshes;
//  - vectorscast2d.c: 2D shape casts and times of impact.
//  - vectorschain.c: 2D chains (contacts, rays, closest points, containment, bounds, creation).
// What every kind shares lives here and in vectorchecks.c: reading numbers, tolerance and error-code
// checks, results-line writing, and the pair-query checks (overlap, distance, penetration,
// manifold), which see a pair only through its reference geometry (npVecGeometry) and the library's
// results copied into dimension-free structs, so 2D and 3D run the same checks.
//
// Helpers here are static inline so every test program (each links all tests/native/*.c support
// files) can include the header without link-time dependencies on test_vectors.c.
#ifndef NP_TEST_VECTORS_H
#define NP_TEST_VECTORS_H

#include <cjson/cJSON.h>

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/// State of one vector's run, passed to the handlers.
typedef struct npVectorRun
{
	const char* file; ///< vector file name, for messages
	const char* id;   ///< the vector's "id"
	double tol;       ///< the vector's "tol"
	int failures;     ///< failed checks in this vector (0 = passed)
	char line[8192];  ///< results line being built: "<id> key=value ..."
	size_t lineLength; ///< characters used in `line`
} npVectorRun;

/// Runs one vector of a kind; returns false when the vector is not one the handler knows.
typedef bool (*npVectorHandler)(const cJSON* vector, npVectorRun* run);

bool npRunShape2(const cJSON* vector, npVectorRun* run);     ///< vectors2d.c
bool npRunTransform2(const cJSON* vector, npVectorRun* run); ///< vectors2d.c
bool npRunPair2(const cJSON* vector, npVectorRun* run);      ///< vectors2d.c
bool npRunShape3(const cJSON* vector, npVectorRun* run);     ///< vectors3d.c
bool npRunTransform3(const cJSON* vector, npVectorRun* run); ///< vectors3d.c
bool npRunPair3(const cJSON* vector, npVectorRun* run);      ///< vectors3d.c
bool npRunVectorMesh(const cJSON* vector, npVectorRun* run); ///< vectorsmesh.c
bool npRunQuery2(const cJSON* vector, npVectorRun* run);     ///< vectorsquery.c
bool npRunQuery3(const cJSON* vector, npVectorRun* run);     ///< vectorsquery.c (shapes and meshes)
bool npRunCast2(const cJSON* vector, npVectorRun* run);      ///< vectorscast2d.c (shape casts, time of impact)
bool npRunChain2(const cJSON* vector, npVectorRun* run);     ///< vectorschain.c (2D chains)
bool npRunCast3(const cJSON* vector, npVectorRun* run);      ///< vectorscast3d.c (3D shape casts, time of impact)

/// Records a failed check with a printf-style message.
static inline void npVecFail(npVectorRun* run, const char* fmt, ...)
{
	va_list args;
	va_start(args, fmt);
	fprintf(stderr, "FAIL %s %s: ", run->file, run->id);
	vfprintf(stderr, fmt, args);
	fputc('\n', stderr);
	va_end(args);
	run->failures += 1;
}

/// Checks |got - want| <= tol and records a failure otherwise.
static inline bool npVecNear(npVectorRun* run, const char* what, double got, double want, double tol)
{
	if (fabs(got - want) <= tol)
		return true;
	npVecFail(run, "%s: got %.17g, want %.17g (diff %.3g > tol %.3g)", what, got, want, fabs(got - want), tol);
	return false;
}

/// Member `key` of `obj` (NULL when missing or when `obj` is NULL).
static inline const cJSON* npVecItem(const cJSON* obj, const char* key)
{
	return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/// Member `key` of `obj` as a string; `fallback` when missing or not a string.
static inline const char* npVecString(const cJSON* obj, const char* key, const char* fallback)
{
	const cJSON* item = npVecItem(obj, key);
	return cJSON_IsString(item) ? item->valuestring : fallback;
}

/// A JSON number, or one of the strings "NaN", "Infinity", "-Infinity" (JSON has no such numbers).
static inline double npVecNumber(const cJSON* item)
{
	if (cJSON_IsNumber(item))
		return item->valuedouble;
	if (cJSON_IsString(item))
	{
		const char* s = item->valuestring;
		if (strcmp(s, "NaN") == 0)
			return NAN;
		if (strcmp(s, "Infinity") == 0)
			return INFINITY;
		if (strcmp(s, "-Infinity") == 0)
			return -INFINITY;
	}
	return NAN;
}

/// Member `key` of `obj` as a number (see npVecNumber); `fallback` when missing.
static inline double npVecField(const cJSON* obj, const char* key, double fallback)
{
	const cJSON* item = npVecItem(obj, key);
	return item ? npVecNumber(item) : fallback;
}

/// The first `dim` numbers of a JSON array (a 2D or 3D point).
static inline void npVecReadPoint(const cJSON* arr, double* out, int dim)
{
	for (int i = 0; i < dim; ++i)
		out[i] = npVecNumber(cJSON_GetArrayItem(arr, i));
}

/// How far a reference shape `{ core: [points], radius }` (world space, as the generators write them)
/// reaches along n: the largest n.p over its core's points, plus its radius.
static inline double npVecRefReach(const cJSON* ref, const double* n, int dim)
{
	double best = -INFINITY;
	const cJSON* p;
	cJSON_ArrayForEach(p, npVecItem(ref, "core"))
	{
		double x[3] = { 0.0, 0.0, 0.0 };
		npVecReadPoint(p, x, dim);
		double d = 0.0;
		for (int i = 0; i < dim; ++i)
			d += x[i] * n[i];
		best = d > best ? d : best;
	}
	return best + npVecField(ref, "radius", 0.0);
}

/// The 16 lower-case hex digits of a double's IEEE-754 bits: exact, and trivially produced the
/// same way in JavaScript (DataView.getBigUint64), so native and wasm result lines compare as text.
static inline void npVecHex(double x, char out[17])
{
	uint64_t bits;
	memcpy(&bits, &x, sizeof bits);
	snprintf(out, 17, "%016llx", (unsigned long long)bits);
}

/// Starts the results line of the current vector.
static inline void npVecLineBegin(npVectorRun* run)
{
	run->lineLength = (size_t)snprintf(run->line, sizeof run->line, "%s", run->id);
}

/// Appends " key=value" (value printf-formatted) to the results line.
static inline void npVecPut(npVectorRun* run, const char* key, const char* fmt, ...)
{
	size_t room = sizeof run->line - run->lineLength;
	int n = snprintf(run->line + run->lineLength, room, " %s=", key);
	if (n < 0 || (size_t)n >= room)
		return;
	run->lineLength += (size_t)n;
	room -= (size_t)n;
	va_list args;
	va_start(args, fmt);
	n = vsnprintf(run->line + run->lineLength, room, fmt, args);
	va_end(args);
	if (n > 0 && (size_t)n < room)
		run->lineLength += (size_t)n;
}

/// Appends " key=<hex>" for a double.
static inline void npVecPutDouble(npVectorRun* run, const char* key, double x)
{
	char h[17];
	npVecHex(x, h);
	npVecPut(run, key, "%s", h);
}

/// Appends " key=<hex>,<hex>" for a 2D or 3D point (pass count 2 or 3).
static inline void npVecPutPoint(npVectorRun* run, const char* key, const double* xyz, int count)
{
	char h[3][17];
	for (int i = 0; i < count; ++i)
		npVecHex(xyz[i], h[i]);
	if (count == 2)
		npVecPut(run, key, "%s,%s", h[0], h[1]);
	else
		npVecPut(run, key, "%s,%s,%s", h[0], h[1], h[2]);
}

/// Error-code names as stored in the vectors ("NP_ERR_NON_FINITE"...). Written to the results file
/// without the "NP_ERR_" prefix so the JS runner (codes "NP_NON_FINITE") prints the same text.
static inline const char* npVecCodeName(int code)
{
	static const char* names[] = { "NP_OK", "NP_ERR_NON_FINITE", "NP_ERR_DEGENERATE", "NP_ERR_TOO_MANY_POINTS",
		"NP_ERR_INVALID_RADIUS", "NP_ERR_INVALID_EXTENT", "NP_ERR_INVALID_TRANSFORM", "NP_ERR_INVALID_ARGUMENT",
		"NP_ERR_CAPACITY", "NP_ERR_OUT_OF_RANGE" };
	return code >= 0 && code < (int)(sizeof names / sizeof names[0]) ? names[code] : "NP_ERR_UNKNOWN";
}

static inline bool npVecHasKey(const cJSON* obj, const char* key)
{
	return npVecItem(obj, key) != NULL;
}

static inline bool npVecIsTrue(const cJSON* obj, const char* key)
{
	return cJSON_IsTrue(npVecItem(obj, key));
}

// Checks that a result code equals the expected error name ("NP_OK" when `expect` names none) and
// records it in the results line.
static inline void npVecCheckError(npVectorRun* run, const cJSON* expect, int code)
{
	const char* want = npVecString(expect, "error", "NP_OK");
	const char* got = npVecCodeName(code);
	if (strcmp(want, got) != 0)
		npVecFail(run, "error code: got %s, want %s", got, want);
	npVecPut(run, "error", "%s", got + (strncmp(got, "NP_ERR_", 7) == 0 ? 7 : 3));
}

// A shape vector that expects an error, or whose construction failed: checks the code and returns
// true (nothing more to check); false when the shape was built as expected.
static inline bool npVecShapeFailed(npVectorRun* run, const cJSON* expect, int code)
{
	if (!npVecHasKey(expect, "error") && code == 0)
		return false;
	npVecCheckError(run, expect, code);
	return true;
}

// Checks an integer result against `expect[key]` when the vector gives one.
static inline void npVecCheckInt(npVectorRun* run, const cJSON* expect, const char* key, const char* what, int got)
{
	if (npVecHasKey(expect, key) && got != (int)npVecField(expect, key, -1))
		npVecFail(run, "%s: got %d, want %d", what, got, (int)npVecField(expect, key, -1));
}

// Both shapes of a pair vector were built; records the codes otherwise.
static inline bool npVecPairBuilt(npVectorRun* run, int codeA, int codeB)
{
	if (codeA == 0 && codeB == 0)
		return true;
	npVecFail(run, "shape construction failed: %s / %s", npVecCodeName(codeA), npVecCodeName(codeB));
	return false;
}

// A manifold's point count against `expect.count`, `expect.minCount` and `expect.maxCount`.
static inline void npVecCheckCount(npVectorRun* run, const cJSON* expect, int count)
{
	npVecCheckInt(run, expect, "count", "point count", count);
	if (npVecHasKey(expect, "minCount") && count < (int)npVecField(expect, "minCount", 0))
		npVecFail(run, "point count: got %d, want at least %d", count, (int)npVecField(expect, "minCount", 0));
	if (npVecHasKey(expect, "maxCount") && count > (int)npVecField(expect, "maxCount", 4))
		npVecFail(run, "point count: got %d, want at most %d", count, (int)npVecField(expect, "maxCount", 4));
}

// ------------------------------------------------------------------------------ pair queries
// The pair checks (vectorchecks.c) are written once for both dimensions: points are double[3]
// of which the first `dim` are used, and the shapes are seen through their reference geometry.

/// A pair's reference geometry: the generator's world-space cores (`ref`), read by the handler.
typedef struct npVecGeometry
{
	int dim;          ///< 2 or 3
	const void* refA; ///< the handler's reference shapes
	const void* refB;
	/// Signed distance of p to a reference shape: 0 on the surface, negative inside.
	double (*signedDistance)(const void* ref, const double* p);
	/// Overlap of A and B along the unit direction n (A to B): hA(n) + hB(-n).
	double (*overlapAlong)(const void* refA, const void* refB, const double* n);
} npVecGeometry;

typedef struct npVecDistance
{
	double distance;
	double pointA[3], pointB[3], normal[3];
} npVecDistance;

#define NP_VEC_MAX_EXTRAS 4

typedef struct npVecPenetration
{
	bool overlapping;
	double depth;
	double normal[3], pointA[3], pointB[3];
	int extraCount; ///< further points written after pointB (3D: local points and tangents)
	const char* extraKeys[NP_VEC_MAX_EXTRAS];
	double extras[NP_VEC_MAX_EXTRAS][3];
	int iterations;
	const char* stop;
} npVecPenetration;

#define NP_VEC_MAX_MANIFOLD_POINTS 4

typedef struct npVecManifoldPoint
{
	double pointA[3], pointB[3], depth;
	unsigned id;
} npVecManifoldPoint;

typedef struct npVecManifold
{
	int count;
	double normal[3];
	npVecManifoldPoint points[NP_VEC_MAX_MANIFOLD_POINTS];
} npVecManifold;

/// Initialisers of the double[3] points above from the library's npVec2 / npVec3.
#define NP_VEC_XY(v) { (v).x, (v).y }
#define NP_VEC_XYZ(v) { (v).x, (v).y, (v).z }

/// The manifold contract of a dimension, where 2D and 3D differ.
typedef struct npVecManifoldRules
{
	int maxPoints;
	/// 2D: each witness on its own shape's surface; 3D: inside (or on) it.
	bool witnessOnSurface;
	/// 3D: ids are non-zero and the first point is the deepest.
	bool nonzeroIdsDeepestFirst;
	/// 2D: when the normal is the exact best axis, the deepest point has the overlap along it.
	bool deepestOnBestAxis;
} npVecManifoldRules;

/// One dimension's pair queries: the handler's adapter from a vector to the library's results.
typedef struct npVecPairOps
{
	npVecManifoldRules manifold;
	/// Builds the shapes, transforms and reference geometry of a pair vector; returns the pair, or
	/// NULL after recording why it could not.
	const void* (*load)(const cJSON* vector, npVectorRun* run, npVecGeometry* geometry);
	bool (*overlap)(const void* pair);
	npVecDistance (*distance)(const void* pair);
	npVecPenetration (*penetration)(const void* pair);
	npVecManifold (*collide)(const void* pair, double margin);
	/// Checks beyond the shared ones for a penetration result (NULL when none).
	void (*checkPenetration)(npVectorRun* run, const void* pair, const npVecPenetration* r);
	/// Frees what load allocated (NULL when nothing).
	void (*release)(const void* pair);
} npVecPairOps;

/// Runs one overlap / distance / penetration / manifold vector through a dimension's adapter.
bool npVecRunPair(const cJSON* vector, npVectorRun* run, const npVecPairOps* ops);

#endif
