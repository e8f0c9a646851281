// Shared-vector runner interface (tests/vectors/*.json, format in tests/vectors/README.md).
//
// tests/native/test_vectors.c owns main(): it loads every vector file with cJSON, runs each vector
// through the dispatch below, records every numeric result as exact hex text for the native/wasm
// bit-identity check, and prints "N passed, N failed".
//
//  - 2D vectors (file "dim": 2) are run by npRunVector2 in test_vectors.c.
//  - 3D vectors ("dim": 3) are run by npRunVector3 in tests/native/vectors3d.c, which is OWNED BY
//    THE 3D HELPER. The stub there reports every 3D vector as unsupported (a failure).
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

/// State of one vector's run, passed to the dispatch functions.
typedef struct npVectorRun
{
	const char* file; ///< vector file name, for messages
	const char* id;   ///< the vector's "id"
	double tol;       ///< the vector's "tol"
	int failures;     ///< failed checks in this vector (0 = passed)
	char line[8192];  ///< results line being built: "<id> key=value ..."
	size_t lineLength; ///< characters used in `line`
} npVectorRun;

/// Runs one 2D vector (in test_vectors.c). Returns false when the query is unknown.
bool npRunVector2(const cJSON* vector, npVectorRun* run);

/// Runs one 3D vector (in vectors3d.c, owned by the 3D helper). Returns false when unsupported.
bool npRunVector3(const cJSON* vector, npVectorRun* run);

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
	const cJSON* item = cJSON_GetObjectItemCaseSensitive(obj, key);
	return item ? npVecNumber(item) : fallback;
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
	return cJSON_GetObjectItemCaseSensitive(obj, key) != NULL;
}

static inline bool npVecIsTrue(const cJSON* obj, const char* key)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(obj, key));
}

// Checks that a result code equals the expected error name ("NP_OK" when `expect` names none) and
// records it in the results line.
static inline void npVecCheckError(npVectorRun* run, const cJSON* expect, int code)
{
	const cJSON* err = cJSON_GetObjectItemCaseSensitive(expect, "error");
	const char* want = cJSON_IsString(err) ? err->valuestring : "NP_OK";
	const char* got = npVecCodeName(code);
	if (strcmp(want, got) != 0)
		npVecFail(run, "error code: got %s, want %s", got, want);
	npVecPut(run, "error", "%s", got + (strncmp(got, "NP_ERR_", 7) == 0 ? 7 : 3));
}

// A manifold's point count against `expect.count`, `expect.minCount` and `expect.maxCount`.
static inline void npVecCheckCount(npVectorRun* run, const cJSON* expect, int count)
{
	if (npVecHasKey(expect, "count") && count != (int)npVecField(expect, "count", -1))
		npVecFail(run, "point count: got %d, want %d", count, (int)npVecField(expect, "count", -1));
	if (npVecHasKey(expect, "minCount") && count < (int)npVecField(expect, "minCount", 0))
		npVecFail(run, "point count: got %d, want at least %d", count, (int)npVecField(expect, "minCount", 0));
	if (npVecHasKey(expect, "maxCount") && count > (int)npVecField(expect, "maxCount", 4))
		npVecFail(run, "point count: got %d, want at most %d", count, (int)npVecField(expect, "maxCount", 4));
}

#endif
