// Native side of `make bench-peers` (bench/peers/peers.mjs): the same seeded scenes as the Node
// side, read from the JSON file it writes (shapes as point lists, poses as flat transforms, so both
// sides see the same numbers bit for bit), timed natively in two ways per scene:
//   single  the public query per pair with transforms built before timing (npCollide2, npOverlap2,
//           npCollide3, npPenetration3, npMeshContacts3)
//   batch   the batch call over all poses (batch.h), transforms built from the flat numbers
// Prints one JSON line per scene: {"scene": ..., "single": ns, "batch": ns} (process CPU time,
// median of `runs` runs of about 100 ms each).
//
//   build/scene_bench scenes.json [runs]
#define _POSIX_C_SOURCE 199309L
#include "narrowphase/narrowphase.h"
#include "benchutil.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_POSES = 4096 };
enum { Q_MANIFOLD2, Q_OVERLAP2, Q_MANIFOLD3, Q_PENETRATION3, Q_MESH3 };

typedef struct Scene
{
	const char* name;
	const char* query; // manifold2, overlap2, manifold3, penetration3, meshContacts3
	int q;             // the same as Q_*
	int n;
	int dim;
	npShape2 a2, b2;
	npShape3 a3, b3;
	npHull3* hullA;
	npHull3* hullB;
	const npMesh3* mesh;
	double* xfA; // flat, 3 or 7 per pose
	double* xfB;
} Scene;

static double* readNumbers(const cJSON* array, int* count)
{
	int n = cJSON_GetArraySize(array);
	double* v = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
	int i = 0;
	const cJSON* item;
	cJSON_ArrayForEach(item, array) v[i++] = item->valuedouble;
	*count = n;
	return v;
}

// A shape from {"type": "box2d", "size": [...]} or {"type": "polygon2d", "points": [...]} etc.
static void makeShape2(const cJSON* s, npShape2* out)
{
	const char* type = cJSON_GetObjectItem(s, "type")->valuestring;
	int n;
	double* p = readNumbers(cJSON_GetObjectItem(s, "params"), &n);
	if (strcmp(type, "box2d") == 0)
		npMakeBox2(p[0], p[1], out);
	else if (strcmp(type, "circle") == 0)
		npMakeCircle(p[0], out);
	else
		npMakePolygon2((const npVec2*)(const void*)p, n / 2, 0.0, out);
	free(p);
}

static void makeShape3(const cJSON* s, npShape3* out, npHull3** hull)
{
	const char* type = cJSON_GetObjectItem(s, "type")->valuestring;
	int n;
	double* p = readNumbers(cJSON_GetObjectItem(s, "params"), &n);
	if (strcmp(type, "box3d") == 0)
		npMakeBox3((npVec3){ p[0], p[1], p[2] }, out);
	else if (strcmp(type, "sphere") == 0)
		npMakeSphere(p[0], out);
	else
	{
		*hull = malloc(sizeof(npHull3));
		npMakeHull3((const npVec3*)(const void*)p, n / 3, *hull);
		npMakeHullShape3(*hull, out);
	}
	free(p);
}

static const npMesh3* makeMesh(const cJSON* m)
{
	int nv, ni;
	double* v = readNumbers(cJSON_GetObjectItem(m, "vertices"), &nv);
	double* idx = readNumbers(cJSON_GetObjectItem(m, "indices"), &ni);
	int* indices = malloc(sizeof(int) * (size_t)ni);
	for (int i = 0; i < ni; ++i)
		indices[i] = (int)idx[i];
	size_t bytes = npMeshBytes3(nv / 3, ni / 3);
	void* memory = malloc(bytes);
	npMesh3* mesh = NULL;
	const npMeshInput3 input = { (const npVec3*)(const void*)v, nv / 3, indices, ni / 3, 0.0 };
	npResult r = npMakeMesh3(&input, memory, bytes, &mesh);
	if (r != NP_OK)
		fprintf(stderr, "mesh: %s\n", npResultString(r));
	free(v);
	free(idx);
	free(indices);
	return mesh;
}

static Scene readScene(const cJSON* j)
{
	Scene s = { 0 };
	s.name = cJSON_GetObjectItem(j, "name")->valuestring;
	s.query = cJSON_GetObjectItem(j, "query")->valuestring;
	s.dim = s.query[strlen(s.query) - 1] - '0';
	const char* names[] = { "manifold2", "overlap2", "manifold3", "penetration3", "meshContacts3" };
	for (int k = 0; k < 5; ++k)
		if (strcmp(s.query, names[k]) == 0)
			s.q = k;
	const cJSON* a = cJSON_GetObjectItem(j, "a");
	const cJSON* b = cJSON_GetObjectItem(j, "b");
	if (s.dim == 2)
	{
		makeShape2(a, &s.a2);
		makeShape2(b, &s.b2);
	}
	else
	{
		makeShape3(a, &s.a3, &s.hullA);
		if (strcmp(cJSON_GetObjectItem(b, "type")->valuestring, "mesh3d") == 0)
			s.mesh = makeMesh(b);
		else
			makeShape3(b, &s.b3, &s.hullB);
	}
	int na, nb;
	s.xfA = readNumbers(cJSON_GetObjectItem(j, "xfA"), &na);
	s.xfB = readNumbers(cJSON_GetObjectItem(j, "xfB"), &nb);
	s.n = na / (s.dim == 2 ? 3 : 7);
	return s;
}

static npTransform3 xf3(const double* x)
{
	npTransform3 t;
	npMakeTransform3((npVec3){ x[0], x[1], x[2] }, (npQuat){ x[3], x[4], x[5], x[6] }, &t);
	return t;
}

static volatile double sink;

// One pass of the single calls over every pose; returns a checksum.
static double singlePass(const Scene* s, const npTransform2* t2a, const npTransform2* t2b, const npTransform3* t3a,
						 const npTransform3* t3b)
{
	double sum = 0.0;
	for (int i = 0; i < s->n; ++i)
	{
		if (s->q == Q_MANIFOLD2)
			sum += npCollide2(&s->a2, t2a[i], &s->b2, t2b[i], 0.0).pointCount;
		else if (s->q == Q_OVERLAP2)
			sum += npOverlap2(&s->a2, t2a[i], &s->b2, t2b[i]);
		else if (s->q == Q_MANIFOLD3)
			sum += npCollide3(&s->a3, t3a[i], &s->b3, t3b[i], 0.0).pointCount;
		else if (s->q == Q_PENETRATION3)
			sum += npPenetration3(&s->a3, t3a[i], &s->b3, t3b[i]).depth;
		else
		{
			npMeshInstance3 inst = { s->mesh, t3a[0] };
			npMeshQuery3 q = npDefaultMeshQuery3();
			npMeshContact3 c[16];
			npMeshContactsOutput3 found = { c, 16 };
			npMeshContacts3(&s->a3, t3b[i], &inst, 1, &q, &found);
			sum += found.count;
		}
	}
	return sum;
}

// One pass of the batch call over every pose (manifold and overlap scenes).
static double batchPass(const Scene* s, const void** sa, const void** sb, void* out)
{
	npManifoldBatch* m = out;
	if (s->dim == 2)
	{
		npPairs2 p = { s->n, (const npShape2* const*)sa, s->xfA, (const npShape2* const*)sb, s->xfB };
		if (s->q == Q_OVERLAP2)
			npOverlapBatch2(&p, m->pointCount, NULL);
		else
			npManifoldBatch2(&p, 0.0, m, NULL);
	}
	else
	{
		npPairs3 p = { s->n, (const npShape3* const*)sa, s->xfA, (const npShape3* const*)sb, s->xfB };
		if (s->q == Q_MANIFOLD3)
			npManifoldBatch3(&p, 0.0, m, NULL);
		else if (s->q == Q_PENETRATION3)
		{
			static double d[MAX_POSES], nn[3 * MAX_POSES], pa[3 * MAX_POSES], pb[3 * MAX_POSES];
			static uint32_t it[MAX_POSES];
			npPenetrationBatch pen = { m->pointCount, d, nn, pa, pb, it };
			npPenetrationBatch3(&p, &pen, NULL);
		}
	}
	return m->pointCount[s->n - 1];
}

static int cmp(const void* a, const void* b)
{
	double x = *(const double*)a, y = *(const double*)b;
	return x < y ? -1 : x > y;
}

// ns per pose of pass(kind): median of runs runs of about 100 ms, after a warm-up.
static double timePasses(const Scene* s, int runs, int batch, void** args)
{
	double samples[64];
	int reps = 1;
	for (;;)
	{
		double t0 = cpuSeconds();
		for (int r = 0; r < reps; ++r)
			sink += batch ? batchPass(s, args[0], args[1], args[2]) : singlePass(s, args[0], args[1], args[2], args[3]);
		if (cpuSeconds() - t0 > 0.02)
			break;
		reps *= 2;
	}
	reps *= 5;
	for (int k = 0; k < runs && k < 64; ++k)
	{
		double t0 = cpuSeconds();
		for (int r = 0; r < reps; ++r)
			sink += batch ? batchPass(s, args[0], args[1], args[2]) : singlePass(s, args[0], args[1], args[2], args[3]);
		samples[k] = 1e9 * (cpuSeconds() - t0) / ((double)reps * s->n);
	}
	qsort(samples, (size_t)runs, sizeof(double), cmp);
	return samples[runs / 2];
}

int main(int argc, char** argv)
{
	if (argc < 2)
	{
		fprintf(stderr, "usage: %s scenes.json [runs]\n", argv[0]);
		return 2;
	}
	int runs = argc > 2 ? atoi(argv[2]) : 5;
	FILE* f = fopen(argv[1], "rb");
	if (f == NULL)
		return 2;
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	char* text = malloc((size_t)size + 1);
	text[fread(text, 1, (size_t)size, f)] = 0;
	fclose(f);
	cJSON* doc = cJSON_Parse(text);
	const cJSON* j;
	cJSON_ArrayForEach(j, doc)
	{
		Scene s = readScene(j);
		if (s.n > MAX_POSES)
			return 2;
		static npTransform2 t2a[MAX_POSES], t2b[MAX_POSES];
		static npTransform3 t3a[MAX_POSES], t3b[MAX_POSES];
		static const void *sa[MAX_POSES], *sb[MAX_POSES];
		static uint8_t pc[MAX_POSES];
		static double nn[3 * MAX_POSES], pa[12 * MAX_POSES], pb[12 * MAX_POSES], d[4 * MAX_POSES];
		static uint32_t id[4 * MAX_POSES];
		npManifoldBatch m = { pc, nn, pa, pb, d, id };
		for (int i = 0; i < s.n; ++i)
		{
			if (s.dim == 2)
			{
				t2a[i] = npMakeTransform2(s.xfA[3 * i], s.xfA[3 * i + 1], s.xfA[3 * i + 2]);
				t2b[i] = npMakeTransform2(s.xfB[3 * i], s.xfB[3 * i + 1], s.xfB[3 * i + 2]);
				sa[i] = &s.a2;
				sb[i] = &s.b2;
			}
			else
			{
				t3a[i] = xf3(s.xfA + 7 * i);
				t3b[i] = xf3(s.xfB + 7 * i);
				sa[i] = &s.a3;
				sb[i] = &s.b3;
			}
		}
		void* args[4] = { t2a, t2b, t3a, t3b };
		double single = timePasses(&s, runs, 0, args);
		printf("{\"scene\": \"%s\", \"single\": %.2f", s.name, single);
		if (s.mesh == NULL)
		{
			void* bargs[3] = { sa, sb, &m };
			printf(", \"batch\": %.2f", timePasses(&s, runs, 1, bargs));
		}
		printf("}\n");
		fflush(stdout);
	}
	cJSON_Delete(doc);
	free(text);
	return 0;
}
