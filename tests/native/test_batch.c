// Batches (batch.h) against the single calls: every result bit for bit over random pairs of every
// shape kind, 2D and 3D (overlap, manifold, penetration, distance), and the errors: the first bad
// pair's index and side, the code the single call's transform check gives, the records before it
// written and none after, a zero-length batch, bad arguments.
#define TEST_RNG_SEED 0x5EEDBA7C4ull
#include "check.h"
#include "narrowphase/narrowphase.h"
#include "testrng3d.h"
#include "vectorshapes.h"

#include <cjson/cJSON.h>
#include <stdio.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { N2 = 3000, N3 = 1500, KINDS2 = 6, KINDS3 = 6 };

static bool same(const void* a, const void* b, size_t bytes) { return memcmp(a, b, bytes) == 0; }

// ------------------------------------------------------------------------------------------ 2D
static npShape2 kinds2[KINDS2];

static void makeShapes2(void)
{
	npVec2 oct[8], tri[3] = { { -0.4, -0.3 }, { 0.5, -0.2 }, { 0.0, 0.6 } };
	for (int i = 0; i < 8; ++i)
		oct[i] = (npVec2){ 0.5 * cos(0.785398163397448 * i), 0.5 * sin(0.785398163397448 * i) };
	CHECK(npMakeCircle(0.5, &kinds2[0]) == NP_OK, "circle");
	CHECK(npMakeCapsule2(0.4, 0.2, &kinds2[1]) == NP_OK, "capsule");
	CHECK(npMakeBox2(0.5, 0.3, &kinds2[2]) == NP_OK, "box");
	CHECK(npMakePolygon2(oct, 8, 0.0, &kinds2[3]) == NP_OK, "8-gon");
	CHECK(npMakePolygon2(tri, 3, 0.1, &kinds2[4]) == NP_OK, "rounded triangle");
	CHECK(npMakeBox2(1.0, 1.0, &kinds2[5]) == NP_OK, "big box");
}

// Random pairs: A often repeats its transform (a body against many others), B within reach.
static void makePairs2(const npShape2** sa, const npShape2** sb, double* xa, double* xb, int n)
{
	for (int i = 0; i < n; ++i)
	{
		sa[i] = &kinds2[(int)(rnd() * KINDS2)];
		sb[i] = &kinds2[(int)(rnd() * KINDS2)];
		bool repeat = i > 0 && rnd() < 0.3;
		for (int k = 0; k < 3; ++k)
			xa[3 * i + k] = repeat ? xa[3 * (i - 1) + k] : rndRange(-2.0, 2.0);
		xb[3 * i] = xa[3 * i] + rndRange(-1.8, 1.8);
		xb[3 * i + 1] = xa[3 * i + 1] + rndRange(-1.8, 1.8);
		xb[3 * i + 2] = rnd() < 0.05 ? 0.0 : rndRange(-40.0, 40.0);
	}
}

static npTransform2 xf2(const double* x) { return npMakeTransform2(x[0], x[1], x[2]); }

static void testSame2(void)
{
	static const npShape2 *sa[N2], *sb[N2];
	static double xa[3 * N2], xb[3 * N2];
	makePairs2(sa, sb, xa, xb, N2);
	npPairs2 pairs = { N2, sa, xa, sb, xb };
	static uint8_t over[N2], pc[N2], pov[N2];
	static double normal[2 * N2], pA[4 * N2], pB[4 * N2], depth[2 * N2];
	static uint32_t id[2 * N2], iters[N2];
	static double pdepth[N2], pn[2 * N2], ppa[2 * N2], ppb[2 * N2], dist[N2];
	npBatchError e;
	CHECK(npOverlapBatch2(&pairs, over, &e) == NP_OK && e.index == -1, "2D overlap batch");
	npManifoldBatch mb = { pc, normal, pA, pB, depth, id };
	CHECK(npManifoldBatch2(&pairs, 0.02, &mb, &e) == NP_OK && e.index == -1, "2D manifold batch");
	int bad[4] = { 0 }, touching = 0, points = 0;
	for (int i = 0; i < N2; ++i)
	{
		npTransform2 ta = xf2(xa + 3 * i), tb = xf2(xb + 3 * i);
		bool o = npOverlap2(sa[i], ta, sb[i], tb);
		touching += o;
		bad[0] += over[i] != (o ? 1 : 0);
		npManifold2 m = npCollide2(sa[i], ta, sb[i], tb, 0.02);
		points += m.pointCount;
		bool ok = pc[i] == m.pointCount && same(normal + 2 * i, &m.normal, 16);
		for (int k = 0; k < 2; ++k)
		{
			npManifoldPoint2 z = { { 0, 0 }, { 0, 0 }, 0, 0 };
			const npManifoldPoint2* mp = k < m.pointCount ? &m.points[k] : &z;
			ok = ok && same(pA + 4 * i + 2 * k, &mp->pointA, 16) && same(pB + 4 * i + 2 * k, &mp->pointB, 16) &&
				 same(depth + 2 * i + k, &mp->depth, 8) && id[2 * i + k] == mp->id;
		}
		bad[1] += !ok;
	}
	npPenetrationBatch pb = { pov, pdepth, pn, ppa, ppb, iters };
	CHECK(npPenetrationBatch2(&pairs, &pb, &e) == NP_OK, "2D penetration batch");
	for (int i = 0; i < N2; ++i)
	{
		npPenetrationResult2 p = npPenetration2(sa[i], xf2(xa + 3 * i), sb[i], xf2(xb + 3 * i), NULL);
		bad[2] += !(pov[i] == p.overlapping && same(pdepth + i, &p.depth, 8) && same(pn + 2 * i, &p.normal, 16) &&
					same(ppa + 2 * i, &p.pointA, 16) && same(ppb + 2 * i, &p.pointB, 16) && iters[i] == (uint32_t)p.iterations);
	}
	npDistanceBatch db = { dist, ppa, ppb, pn, iters };
	CHECK(npDistanceBatch2(&pairs, &db, &e) == NP_OK, "2D distance batch");
	for (int i = 0; i < N2; ++i)
	{
		npDistanceResult2 d = npDistance2(sa[i], xf2(xa + 3 * i), sb[i], xf2(xb + 3 * i));
		bad[3] += !(same(dist + i, &d.distance, 8) && same(ppa + 2 * i, &d.pointA, 16) && same(ppb + 2 * i, &d.pointB, 16) &&
					same(pn + 2 * i, &d.normal, 16) && iters[i] == (uint32_t)d.iterations);
	}
	const char* names[4] = { "overlap", "manifold", "penetration", "distance" };
	for (int q = 0; q < 4; ++q)
		CHECK(bad[q] == 0, "2D %s batch differs from the single call on %d of %d pairs", names[q], bad[q], N2);
	// The sample must reach both sides of every query.
	CHECK(touching > N2 / 5 && touching < N2 - N2 / 5, "2D: %d of %d pairs touch", touching, N2);
	CHECK(points > N2 / 4, "2D: %d manifold points", points);
}

// ------------------------------------------------------------------------------------------ 3D
static npShape3 kinds3[KINDS3];
static npHull3 hull;

static void makeShapes3(void)
{
	npVec3 pts[40];
	for (int i = 0; i < 40; ++i)
	{
		double z = rndRange(-1, 1), t = rndRange(0, 6.283185307179586), r = sqrt(1 - z * z);
		pts[i] = (npVec3){ 0.5 * r * cos(t), 0.5 * r * sin(t), 0.5 * z };
	}
	CHECK(npMakeSphere(0.5, &kinds3[0]) == NP_OK, "sphere");
	CHECK(npMakeCapsule3(0.4, 0.25, &kinds3[1]) == NP_OK, "capsule");
	CHECK(npMakeBox3((npVec3){ 0.5, 0.3, 0.4 }, &kinds3[2]) == NP_OK, "box");
	CHECK(npMakeHull3(pts, 40, &hull) == NP_OK && npMakeHullShape3(&hull, &kinds3[3]) == NP_OK, "hull");
	CHECK(npMakeTriangle3((npVec3){ -0.6, 0, -0.4 }, (npVec3){ 0.6, 0.1, -0.3 }, (npVec3){ 0, -0.1, 0.7 }, &kinds3[4]) == NP_OK,
		  "triangle");
	CHECK(npMakeBox3((npVec3){ 1, 1, 1 }, &kinds3[5]) == NP_OK, "big box");
}

static void putQuat(double* x, npQuat q, double scale)
{
	x[3] = scale * q.x;
	x[4] = scale * q.y;
	x[5] = scale * q.z;
	x[6] = scale * q.w;
}

// Random pairs; some quaternions are not unit (the batch normalises them as npMakeTransform3 does);
// A's transform repeats now and then (the batch remembers the last one per side).
static void makePairs3(const npShape3** sa, const npShape3** sb, double* xa, double* xb, int n)
{
	for (int i = 0; i < n; ++i)
	{
		sa[i] = &kinds3[(int)(rnd() * KINDS3)];
		sb[i] = &kinds3[(int)(rnd() * KINDS3)];
		double* a = xa + 7 * i;
		double* b = xb + 7 * i;
		for (int k = 0; k < 3; ++k)
		{
			a[k] = rndRange(-2, 2);
			b[k] = a[k] + rndRange(-1.5, 1.5);
		}
		putQuat(a, randomQuat(), rnd() < 0.2 ? rndRange(0.5, 3.0) : 1.0);
		putQuat(b, rnd() < 0.05 ? (npQuat){ 0, 0, 0, 1 } : randomQuat(), rnd() < 0.2 ? rndRange(0.5, 3.0) : 1.0);
		// A body against several others: A repeats the previous pair's transform.
		if (i > 0 && rnd() < 0.3)
			memcpy(a, a - 7, 7 * sizeof(double));
	}
}

static npTransform3 xf3(const double* x)
{
	npTransform3 t;
	npResult r = npMakeTransform3((npVec3){ x[0], x[1], x[2] }, (npQuat){ x[3], x[4], x[5], x[6] }, &t);
	CHECK(r == NP_OK, "transform");
	return t;
}

static int countManifoldDiffs3(const npPairs3* pairs, const npManifoldBatch* mb, double margin, int* points)
{
	int bad = 0;
	for (int i = 0; i < pairs->count; ++i)
	{
		npManifold3 m = npCollide3(pairs->shapesA[i], xf3(pairs->transformsA + 7 * i), pairs->shapesB[i],
								   xf3(pairs->transformsB + 7 * i), margin);
		*points += m.pointCount;
		bool ok = mb->pointCount[i] == m.pointCount && same(mb->normal + 3 * i, &m.normal, 24);
		for (int k = 0; k < 4; ++k)
		{
			npManifoldPoint3 z = { { 0, 0, 0 }, { 0, 0, 0 }, 0, 0 };
			const npManifoldPoint3* mp = k < m.pointCount ? &m.points[k] : &z;
			int s = 4 * i + k;
			ok = ok && same(mb->pointA + 3 * s, &mp->pointA, 24) && same(mb->pointB + 3 * s, &mp->pointB, 24) &&
				 same(mb->depth + s, &mp->depth, 8) && mb->id[s] == mp->id;
		}
		bad += !ok;
	}
	return bad;
}

static void testSame3(void)
{
	static const npShape3 *sa[N3], *sb[N3];
	static double xa[7 * N3], xb[7 * N3];
	makePairs3(sa, sb, xa, xb, N3);
	npPairs3 pairs = { N3, sa, xa, sb, xb };
	static uint8_t over[N3], pc[N3], pov[N3];
	static double normal[3 * N3], pA[12 * N3], pB[12 * N3], depth[4 * N3];
	static uint32_t id[4 * N3], iters[N3];
	static double pdepth[N3], pn[3 * N3], ppa[3 * N3], ppb[3 * N3], dist[N3];
	npBatchError e;
	int bad[4] = { 0 }, touching = 0, points = 0;
	CHECK(npOverlapBatch3(&pairs, over, &e) == NP_OK && e.index == -1, "3D overlap batch");
	for (int i = 0; i < N3; ++i)
	{
		bool o = npOverlap3(sa[i], xf3(xa + 7 * i), sb[i], xf3(xb + 7 * i));
		touching += o;
		bad[0] += over[i] != (o ? 1 : 0);
	}
	npManifoldBatch mb = { pc, normal, pA, pB, depth, id };
	CHECK(npManifoldBatch3(&pairs, 0.02, &mb, &e) == NP_OK && e.index == -1, "3D manifold batch");
	bad[1] = countManifoldDiffs3(&pairs, &mb, 0.02, &points);
	npPenetrationBatch pb = { pov, pdepth, pn, ppa, ppb, iters };
	CHECK(npPenetrationBatch3(&pairs, &pb, &e) == NP_OK, "3D penetration batch");
	for (int i = 0; i < N3; ++i)
	{
		npPenetrationResult3 p = npPenetration3(sa[i], xf3(xa + 7 * i), sb[i], xf3(xb + 7 * i));
		bad[2] += !(pov[i] == p.overlapping && same(pdepth + i, &p.depth, 8) && same(pn + 3 * i, &p.normal, 24) &&
					same(ppa + 3 * i, &p.pointA, 24) && same(ppb + 3 * i, &p.pointB, 24) && iters[i] == (uint32_t)p.iterations);
	}
	npDistanceBatch db = { dist, ppa, ppb, pn, iters };
	CHECK(npDistanceBatch3(&pairs, &db, &e) == NP_OK, "3D distance batch");
	for (int i = 0; i < N3; ++i)
	{
		npDistanceResult3 d = npDistance3(sa[i], xf3(xa + 7 * i), sb[i], xf3(xb + 7 * i));
		bad[3] += !(same(dist + i, &d.distance, 8) && same(ppa + 3 * i, &d.pointA, 24) && same(ppb + 3 * i, &d.pointB, 24) &&
					same(pn + 3 * i, &d.normal, 24) && iters[i] == (uint32_t)d.iterations);
	}
	const char* names[4] = { "overlap", "manifold", "penetration", "distance" };
	for (int q = 0; q < 4; ++q)
		CHECK(bad[q] == 0, "3D %s batch differs from the single call on %d of %d pairs", names[q], bad[q], N3);
	CHECK(touching > N3 / 5 && touching < N3 - N3 / 5, "3D: %d of %d pairs touch", touching, N3);
	CHECK(points > N3 / 3, "3D: %d manifold points", points);
}

// --------------------------------------------------------------------------- the shared vectors
// The valid pairs of the shared 2D and 3D vector files (shapes that build, finite transforms given
// as position and angle / quaternion), run through the batches and compared with the single calls
// as above: a second set of inputs, chosen for their degenerate cases.
enum { MAX_VECTOR_PAIRS = 512 };

static char* readText(const char* path)
{
	FILE* f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	char* text = malloc((size_t)size + 1);
	size_t got = fread(text, 1, (size_t)size, f);
	text[got] = 0;
	fclose(f);
	return text;
}

// x, y, angle of a 2D transform spec; false when it is not finite or given as a rotation.
static bool readXya(const cJSON* xf, double* out)
{
	out[0] = out[1] = out[2] = 0.0;
	if (xf == NULL)
		return true;
	if (npVecItem(xf, "rotation") != NULL)
		return false;
	const cJSON* pos = npVecItem(xf, "position");
	if (pos != NULL)
		npVecReadPoint(pos, out, 2);
	out[2] = npVecField(xf, "angle", 0.0);
	return fabs(out[0]) <= 1e12 && fabs(out[1]) <= 1e12 && fabs(out[2]) <= 1e12;
}

// Position and quaternion of a 3D transform spec; false unless finite with a non-zero quaternion.
static bool readPq(const cJSON* xf, double* out)
{
	double id[7] = { 0, 0, 0, 0, 0, 0, 1 };
	memcpy(out, id, sizeof id);
	if (xf == NULL)
		return true;
	const cJSON* pos = npVecItem(xf, "position");
	const cJSON* rot = npVecItem(xf, "rotation");
	if (pos != NULL)
		npVecReadPoint(pos, out, 3);
	if (rot != NULL)
		npVecReadPoint(rot, out + 3, 4);
	npTransform3 t;
	return npMakeTransform3((npVec3){ out[0], out[1], out[2] }, (npQuat){ out[3], out[4], out[5], out[6] }, &t) == NP_OK;
}

static void testVectors(const char* file, int dim)
{
	char path[256];
	snprintf(path, sizeof path, "tests/vectors/%s", file);
	char* text = readText(path);
	CHECK(text != NULL, "%s: not found (run from the repository root)", path);
	if (text == NULL)
		return;
	cJSON* doc = cJSON_Parse(text);
	static npShape2 s2[2 * MAX_VECTOR_PAIRS];
	static npShape3 s3[2 * MAX_VECTOR_PAIRS];
	static npHull3 hulls[2 * MAX_VECTOR_PAIRS];
	static const npShape2 *a2[MAX_VECTOR_PAIRS], *b2[MAX_VECTOR_PAIRS];
	static const npShape3 *a3[MAX_VECTOR_PAIRS], *b3[MAX_VECTOR_PAIRS];
	static double xa[7 * MAX_VECTOR_PAIRS], xb[7 * MAX_VECTOR_PAIRS];
	int n = 0;
	const cJSON* v;
	cJSON_ArrayForEach(v, npVecItem(doc, "vectors"))
	{
		const cJSON* a = npVecItem(v, "a");
		const cJSON* b = npVecItem(v, "b");
		if (a == NULL || b == NULL || npVecItem(npVecItem(v, "expect"), "error") != NULL || n == MAX_VECTOR_PAIRS)
			continue;
		bool ok;
		if (dim == 2)
			ok = npVecMakeShape2(a, &s2[2 * n]) == NP_OK && npVecMakeShape2(b, &s2[2 * n + 1]) == NP_OK &&
				 readXya(npVecItem(v, "xfA"), xa + 3 * n) && readXya(npVecItem(v, "xfB"), xb + 3 * n);
		else
			ok = npVecMakeShape3(a, &s3[2 * n], &hulls[2 * n]) == NP_OK && npVecMakeShape3(b, &s3[2 * n + 1], &hulls[2 * n + 1]) == NP_OK &&
				 readPq(npVecItem(v, "xfA"), xa + 7 * n) && readPq(npVecItem(v, "xfB"), xb + 7 * n);
		if (!ok)
			continue;
		a2[n] = &s2[2 * n];
		b2[n] = &s2[2 * n + 1];
		a3[n] = &s3[2 * n];
		b3[n] = &s3[2 * n + 1];
		++n;
	}
	CHECK(n > 50, "%s: %d valid pairs", file, n);
	static uint8_t pc[MAX_VECTOR_PAIRS];
	static double normal[3 * MAX_VECTOR_PAIRS], pA[12 * MAX_VECTOR_PAIRS], pB[12 * MAX_VECTOR_PAIRS], depth[4 * MAX_VECTOR_PAIRS];
	static uint32_t id[4 * MAX_VECTOR_PAIRS];
	npManifoldBatch mb = { pc, normal, pA, pB, depth, id };
	int bad = 0, points = 0;
	if (dim == 2)
	{
		npPairs2 pairs = { n, a2, xa, b2, xb };
		CHECK(npManifoldBatch2(&pairs, 0.01, &mb, NULL) == NP_OK, "%s: batch", file);
		for (int i = 0; i < n; ++i)
		{
			npManifold2 m = npCollide2(a2[i], xf2(xa + 3 * i), b2[i], xf2(xb + 3 * i), 0.01);
			points += m.pointCount;
			bool ok = pc[i] == m.pointCount && same(normal + 2 * i, &m.normal, 16);
			for (int k = 0; k < m.pointCount; ++k)
				ok = ok && same(pA + 4 * i + 2 * k, &m.points[k].pointA, 16) && same(pB + 4 * i + 2 * k, &m.points[k].pointB, 16) &&
					 same(depth + 2 * i + k, &m.points[k].depth, 8) && id[2 * i + k] == m.points[k].id;
			bad += !ok;
		}
	}
	else
	{
		npPairs3 pairs = { n, a3, xa, b3, xb };
		CHECK(npManifoldBatch3(&pairs, 0.01, &mb, NULL) == NP_OK, "%s: batch", file);
		bad = countManifoldDiffs3(&pairs, &mb, 0.01, &points);
	}
	CHECK(bad == 0, "%s: %d of %d batched manifolds differ from the single call", file, bad, n);
	CHECK(points > 0, "%s: %d points", file, points);
	cJSON_Delete(doc);
	free(text);
}

// ----------------------------------------------------------------------------------------- errors
// Pair `at` gets a bad value at transform number `field` of side `side`; the batch must stop there
// with `code`, write the pairs before it and leave the ones after it as they were.
static void expectStop2(int at, int side, int field, double value, npResult code)
{
	enum { N = 12 };
	const npShape2 *sa[N], *sb[N];
	double xa[3 * N], xb[3 * N];
	makePairs2(sa, sb, xa, xb, N);
	(side == 0 ? xa : xb)[3 * at + field] = value;
	npPairs2 pairs = { N, sa, xa, sb, xb };
	uint8_t over[N];
	memset(over, 7, sizeof over);
	npBatchError e = { 99, 99 };
	npResult r = npOverlapBatch2(&pairs, over, &e);
	bool before = true, after = true;
	for (int i = 0; i < at; ++i)
		before = before && over[i] == (npOverlap2(sa[i], xf2(xa + 3 * i), sb[i], xf2(xb + 3 * i)) ? 1 : 0);
	for (int i = at; i < N; ++i)
		after = after && over[i] == 7;
	CHECK(r == code && e.index == at && e.side == side && before && after,
		  "2D pair %d side %d field %d = %g: code %d index %d side %d (want %d)", at, side, field, value, r, e.index, e.side, code);
}

static void expectStop3(int at, int side, int field, double value, npResult code)
{
	enum { N = 10 };
	const npShape3 *sa[N], *sb[N];
	double xa[7 * N], xb[7 * N];
	makePairs3(sa, sb, xa, xb, N);
	double* x = (side == 0 ? xa : xb) + 7 * at;
	if (field < 0)
		x[3] = x[4] = x[5] = x[6] = 0.0;
	else
		x[field] = value;
	npPairs3 pairs = { N, sa, xa, sb, xb };
	double dist[N], pa[3 * N], pb[3 * N], nrm[3 * N];
	uint32_t it[N];
	for (int i = 0; i < N; ++i)
		dist[i] = -7.0;
	npDistanceBatch db = { dist, pa, pb, nrm, it };
	npBatchError e = { 99, 99 };
	npResult r = npDistanceBatch3(&pairs, &db, &e);
	bool before = true, after = true;
	for (int i = 0; i < at; ++i)
	{
		npDistanceResult3 d = npDistance3(sa[i], xf3(xa + 7 * i), sb[i], xf3(xb + 7 * i));
		before = before && same(dist + i, &d.distance, 8);
	}
	for (int i = at; i < N; ++i)
		after = after && dist[i] == -7.0;
	CHECK(r == code && e.index == at && e.side == side && before && after,
		  "3D pair %d side %d field %d = %g: code %d index %d side %d (want %d)", at, side, field, value, r, e.index, e.side, code);
}

static void testErrors(void)
{
	expectStop2(5, 1, 2, NAN, NP_ERR_NON_FINITE);
	expectStop2(0, 0, 2, 2.0e12, NP_ERR_NON_FINITE);
	expectStop2(11, 0, 0, INFINITY, NP_ERR_NON_FINITE);
	expectStop2(3, 1, 1, -1.0e13, NP_ERR_NON_FINITE);
	expectStop3(4, 0, 1, NAN, NP_ERR_NON_FINITE);
	expectStop3(9, 1, 6, -INFINITY, NP_ERR_NON_FINITE);
	expectStop3(2, 1, 0, 5.0e12, NP_ERR_NON_FINITE);
	expectStop3(7, 0, -1, 0.0, NP_ERR_INVALID_TRANSFORM);

	// A null shape pointer stops at its pair, side B.
	const npShape2* sa[3] = { &kinds2[0], &kinds2[1], &kinds2[2] };
	const npShape2* sb[3] = { &kinds2[0], NULL, &kinds2[2] };
	double x[9] = { 0 };
	npPairs2 pairs = { 3, sa, x, sb, x };
	uint8_t over[3];
	npBatchError e;
	CHECK(npOverlapBatch2(&pairs, over, &e) == NP_ERR_INVALID_ARGUMENT && e.index == 1 && e.side == 1, "null shape B");

	// Margins: negative is an invalid argument, NaN or huge not finite; no pair is blamed.
	uint8_t pc[3];
	double n[6], pa[12], pb[12], d[6];
	uint32_t id[6];
	npManifoldBatch mb = { pc, n, pa, pb, d, id };
	sb[1] = &kinds2[1];
	CHECK(npManifoldBatch2(&pairs, -0.1, &mb, &e) == NP_ERR_INVALID_ARGUMENT && e.index == -1, "negative margin");
	CHECK(npManifoldBatch2(&pairs, NAN, &mb, &e) == NP_ERR_NON_FINITE && e.index == -1, "NaN margin");
	CHECK(npManifoldBatch2(&pairs, 2e12, &mb, &e) == NP_ERR_NON_FINITE && e.index == -1, "huge margin");
	CHECK(npManifoldBatch2(&pairs, 0.0, &mb, NULL) == NP_OK && pc[0] == 1, "no error record needed");

	// Bad arguments and the empty batch.
	npPairs2 negative = { -1, sa, x, sb, x };
	CHECK(npOverlapBatch2(&negative, over, &e) == NP_ERR_INVALID_ARGUMENT && e.index == -1, "negative count");
	CHECK(npOverlapBatch2(NULL, over, &e) == NP_ERR_INVALID_ARGUMENT, "null pairs");
	CHECK(npOverlapBatch2(&pairs, NULL, &e) == NP_ERR_INVALID_ARGUMENT, "null output");
	mb.depth = NULL;
	CHECK(npManifoldBatch2(&pairs, 0.0, &mb, &e) == NP_ERR_INVALID_ARGUMENT, "null output field");
	npPairs2 empty = { 0, NULL, NULL, NULL, NULL };
	over[0] = 7;
	CHECK(npOverlapBatch2(&empty, over, &e) == NP_OK && e.index == -1 && over[0] == 7, "empty 2D batch");
	npPairs3 empty3 = { 0, NULL, NULL, NULL, NULL };
	CHECK(npOverlapBatch3(&empty3, over, &e) == NP_OK && over[0] == 7, "empty 3D batch");
	const npShape3* s3[1] = { NULL };
	double x3[7] = { 0, 0, 0, 0, 0, 0, 1 };
	npPairs3 null3 = { 1, s3, x3, s3, x3 };
	CHECK(npOverlapBatch3(&null3, over, &e) == NP_ERR_INVALID_ARGUMENT && e.index == 0 && e.side == 0, "null shape A (3D)");
}

int main(void)
{
	makeShapes2();
	makeShapes3();
	testSame2();
	testSame3();
	const char* files2[] = { "2d_overlap.json", "2d_manifold.json", "2d_penetration.json", "2d_distance.json" };
	const char* files3[] = { "3d_overlap.json", "3d_manifold.json", "3d_penetration.json", "3d_distance.json" };
	for (int f = 0; f < 4; ++f)
	{
		testVectors(files2[f], 2);
		testVectors(files3[f], 3);
	}
	testErrors();
	return checkSummary();
}
