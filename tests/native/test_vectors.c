// Native runner for the shared test vectors (tests/vectors/*.json; format in tests/vectors/README.md).
//
// The one driver of the shared vectors: every vector file is loaded with cJSON and every vector is
// dispatched, by the file's "dim" and the vector's "query", to its kind's handler (vectors2d.c,
// vectors3d.c, vectorsmesh.c, vectorsquery.c; the pair checks they share in vectorchecks.c). The expected values
// were computed independently by the generators in tools/ (closed forms and brute force), so this
// program only checks. Every numeric result is also written as the exact hex bits of the doubles
// to $NP_RESULTS_DIR/native-vectors.txt, keyed by vector id; the Node runner produces the same lines
// from the wasm build and compares them line by line (bit-identical native vs wasm).
//
// Usage: test_vectors [vector-dir]   (default tests/vectors). Prints the vectors run per file,
// "vectors: N run", and ends with "N passed, N failed"; exits non-zero on any failure.
#define _POSIX_C_SOURCE 200809L

#include "vectors.h"

#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <sys/stat.h>

// ------------------------------------------------------------------------------ dispatch

static const struct
{
	int dim;
	const char* query;
	npVectorHandler run;
} kinds[] = {
	{ 2, "shape", npRunShape2 },
	{ 2, "transform", npRunTransform2 },
	{ 2, "overlap", npRunPair2 },
	{ 2, "distance", npRunPair2 },
	{ 2, "penetration", npRunPair2 },
	{ 2, "manifold", npRunPair2 },
	{ 3, "shape", npRunShape3 },
	{ 3, "transform", npRunTransform3 },
	{ 3, "overlap", npRunPair3 },
	{ 3, "distance", npRunPair3 },
	{ 3, "penetration", npRunPair3 },
	{ 3, "manifold", npRunPair3 },
	{ 3, "meshContacts", npRunVectorMesh },
	{ 2, "rayCast", npRunQuery2 },
	{ 2, "containsPoint", npRunQuery2 },
	{ 2, "closestPoint", npRunQuery2 },
	{ 2, "bounds", npRunQuery2 },
	{ 3, "rayCast", npRunQuery3 },
	{ 3, "containsPoint", npRunQuery3 },
	{ 3, "closestPoint", npRunQuery3 },
	{ 3, "bounds", npRunQuery3 },
	{ 3, "queryTriangles", npRunQuery3 },
	{ 2, "shapeCast", npRunCast2 },
	{ 2, "timeOfImpact", npRunCast2 },
	{ 2, "chainContacts", npRunChain2 },
	{ 2, "chainRay", npRunChain2 },
	{ 2, "chainClosest", npRunChain2 },
	{ 2, "chainContains", npRunChain2 },
	{ 2, "chainBounds", npRunChain2 },
	{ 2, "chainCreate", npRunChain2 },
	{ 3, "shapeCast", npRunCast3 },
	{ 3, "timeOfImpact", npRunCast3 },
	{ 2, "chainCast", npRunChain2 },
};

// Runs one vector through its kind's handler; false when no handler knows it.
static bool runVector(int dim, const cJSON* v, npVectorRun* run)
{
	const char* query = npVecString(v, "query", "");
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
		if (kinds[i].dim == dim && strcmp(kinds[i].query, query) == 0)
			return kinds[i].run(v, run);
	return false;
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

// $NP_RESULTS_DIR/native-vectors.txt, opened for writing (NULL when the variable is unset).
static FILE* openResults(void)
{
	const char* resultsDir = getenv("NP_RESULTS_DIR");
	if (resultsDir == NULL || resultsDir[0] == '\0')
		return NULL;
	char path[4096];
	if (mkdir(resultsDir, 0777) != 0 && errno != EEXIST)
		fprintf(stderr, "cannot create %s\n", resultsDir);
	snprintf(path, sizeof path, "%s/native-vectors.txt", resultsDir);
	FILE* results = fopen(path, "w");
	if (results == NULL)
		fprintf(stderr, "cannot write %s\n", path);
	return results;
}

typedef struct Tally
{
	int passed, failed, total, expectedTotal;
} Tally;

// Runs every vector of one file, writing each results line.
static void runFile(const char* path, FILE* results, Tally* tally)
{
	char* text = readFile(path);
	cJSON* doc = text ? cJSON_Parse(text) : NULL;
	free(text);
	if (doc == NULL)
	{
		printf("%s: cannot read or parse\n", path);
		tally->failed += 1;
		return;
	}
	int dim = (int)npVecField(doc, "dim", 0.0);
	const cJSON* vectors = npVecItem(doc, "vectors");
	int declared = (int)npVecField(doc, "count", -1.0);
	int ran = 0, fileFailed = 0;
	static npVectorRun run;
	const cJSON* v;
	cJSON_ArrayForEach(v, vectors)
	{
		memset(&run, 0, sizeof run);
		run.file = baseName(path);
		run.id = npVecString(v, "id", "(no id)");
		run.tol = npVecField(v, "tol", 1e-9);
		npVecLineBegin(&run);
		if (!runVector(dim, v, &run))
			npVecFail(&run, "unsupported vector (dim %d)", dim);
		if (results != NULL)
			fprintf(results, "%s\n", run.line);
		ran += 1;
		if (run.failures == 0)
			tally->passed += 1;
		else
		{
			tally->failed += 1;
			fileFailed += 1;
		}
	}

	printf("%s: %d vectors run, %d failed\n", baseName(path), ran, fileFailed);
	if (ran != declared || ran != cJSON_GetArraySize(vectors))
	{
		printf("%s: ran %d vectors but the file declares %d\n", baseName(path), ran, declared);
		tally->failed += 1;
	}
	tally->total += ran;
	tally->expectedTotal += cJSON_GetArraySize(vectors);
	cJSON_Delete(doc);
}

int main(int argc, char** argv)
{
	const char* dir = argc > 1 ? argv[1] : "tests/vectors";
	char pattern[4096];
	snprintf(pattern, sizeof pattern, "%s/*.json", dir);
	glob_t files;
	if (glob(pattern, 0, NULL, &files) != 0 || files.gl_pathc == 0)
	{
		printf("no vector files match %s\n", pattern);
		printf("0 passed, 1 failed\n");
		return 1;
	}

	FILE* results = openResults();
	Tally tally = { 0 };
	for (size_t fi = 0; fi < files.gl_pathc; ++fi)
		runFile(files.gl_pathv[fi], results, &tally);
	globfree(&files);
	if (results != NULL)
		fclose(results);

	printf("vectors: %d run (%d in the files)\n", tally.total, tally.expectedTotal);
	printf("%d passed, %d failed\n", tally.passed, tally.failed);
	return tally.failed == 0 && tally.total == tally.expectedTotal ? 0 : 1;
}
