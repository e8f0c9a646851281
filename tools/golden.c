// Refactoring guard: runs every public C query on many pseudo-random and degenerate inputs and
// prints each result's bits, one line per call. Build it against two versions of the library and
// diff the outputs: a change that is meant to keep behaviour must keep every line.
//
// It is not a test (it has no expectations of its own); `make golden` writes build/golden.txt.
#include <narrowphase/narrowphase.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x2545F4914F6CDD1Dull;

static double rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (double)(state >> 11) * (1.0 / 9007199254740992.0);
}

static double range(double a, double b) { return a + (b - a) * rnd(); }

static uint64_t hash = 1469598103934665603ull;
static FILE* out;

static void putBits(const void* p, size_t n)
{
	const unsigned char* b = p;
	for (size_t i = 0; i < n; ++i)
	{
		hash ^= b[i];
		hash *= 1099511628211ull;
	}
}

static void putDouble(double x)
{
	uint64_t u;
	memcpy(&u, &x, 8);
	putBits(&u, 8);
	fprintf(out, " %016" PRIx64, u);
}

static void putInt(long long x)
{
	putBits(&x, sizeof x);
	fprintf(out, " %lld", x);
}

static void put2(npVec2 v) { putDouble(v.x); putDouble(v.y); }
static void put3(npVec3 v) { putDouble(v.x); putDouble(v.y); putDouble(v.z); }

// Coordinates: mostly ordinary, sometimes on a grid (exact ties, touching features), sometimes tiny.
static double coord(double scale)
{
	double r = rnd();
	if (r < 0.15)
		return (double)((int)range(-4, 5)) * 0.25 * scale;
	if (r < 0.2)
		return range(-1e-9, 1e-9);
	return range(-scale, scale);
}

static npTransform2 randomTransform2(void)
{
	double angle = rnd() < 0.2 ? (double)((int)range(0, 8)) * 0.7853981633974483 : range(-4, 4);
	return npMakeTransform2(coord(1.5), coord(1.5), angle);
}

static npShape2 randomShape2(void)
{
	npShape2 s;
	double r = rnd();
	if (r < 0.2)
		npMakeCircle(range(0.05, 1), &s);
	else if (r < 0.4)
		npMakeCapsule2(range(0.05, 1), range(0.05, 0.5), &s);
	else if (r < 0.6)
		npMakeBox2(range(0.05, 1), range(0.05, 1), &s);
	else
	{
		npVec2 pts[12];
		int n = 3 + (int)range(0, 10);
		for (int i = 0; i < n; ++i)
			pts[i] = (npVec2){ coord(1), coord(1) };
		if (npMakePolygon2(pts, n, rnd() < 0.3 ? range(0, 0.3) : 0, &s) != NP_OK)
			npMakeBox2(0.5, 0.25, &s);
	}
	return s;
}

static void putManifold2(const npManifold2* m)
{
	put2(m->normal);
	putInt(m->pointCount);
	for (int i = 0; i < m->pointCount; ++i)
	{
		put2(m->points[i].pointA);
		put2(m->points[i].pointB);
		putDouble(m->points[i].depth);
		putInt(m->points[i].id);
	}
}

static void run2d(int count)
{
	npEpaStep2 steps[NP_EPA2_MAX_VERTICES + 2];
	for (int i = 0; i < count; ++i)
	{
		npShape2 a = randomShape2(), b = randomShape2();
		npTransform2 ta = randomTransform2(), tb = randomTransform2();
		double margin = rnd() < 0.5 ? 0 : range(0, 0.2);

		fprintf(out, "2d %d overlap", i);
		putInt(npOverlap2(&a, ta, &b, tb));
		npDistanceResult2 d = npDistance2(&a, ta, &b, tb);
		fprintf(out, " distance");
		putDouble(d.distance); put2(d.pointA); put2(d.pointB); put2(d.normal); putInt(d.iterations);

		npEpaTrace2 trace = { 0 };
		trace.steps = steps;
		trace.stepCapacity = NP_EPA2_MAX_VERTICES + 2;
		npPenetrationResult2 p = npPenetration2(&a, ta, &b, tb, &trace);
		fprintf(out, " penetration");
		putInt(p.overlapping); putDouble(p.depth); put2(p.normal); put2(p.pointA); put2(p.pointB);
		putInt(p.iterations); putInt(p.stop); putInt(trace.stepCount); putInt(trace.startedFromEdge);
		for (int k = 0; k < trace.stepCount && k < trace.stepCapacity; ++k)
		{
			putInt(steps[k].vertexCount); putInt(steps[k].closestEdge); put2(steps[k].edgeNormal);
			putDouble(steps[k].edgeDistance); put2(steps[k].support); putInt(steps[k].stop);
		}

		npManifold2 m = npCollide2(&a, ta, &b, tb, margin);
		fprintf(out, " manifold");
		putManifold2(&m);
		fprintf(out, "\n");
	}
}

static npQuat randomQuat(void)
{
	if (rnd() < 0.2)
	{
		static const npQuat axisTurns[] = { { 0, 0, 0, 1 }, { 0.7071067811865476, 0, 0, 0.7071067811865476 },
			{ 0, 1, 0, 0 }, { 0, 0, 0.7071067811865476, 0.7071067811865476 } };
		return axisTurns[(int)range(0, 4)];
	}
	npQuat q = { range(-1, 1), range(-1, 1), range(-1, 1), range(-1, 1) };
	return q;
}

static npTransform3 randomTransform3(double spread)
{
	npTransform3 t;
	npVec3 p = { coord(spread), coord(spread), coord(spread) };
	if (npMakeTransform3(p, randomQuat(), &t) != NP_OK)
		npMakeTransform3(p, (npQuat){ 0, 0, 0, 1 }, &t);
	return t;
}

static npHull3 hulls[4];

static void makeHulls(void)
{
	for (int h = 0; h < 4; ++h)
	{
		npVec3 pts[64];
		int n = h == 3 ? 6 : 8 + 12 * h;
		for (int i = 0; i < n; ++i)
			pts[i] = h == 3 ? (npVec3){ coord(0.8), coord(0.8), 0 } : (npVec3){ coord(0.8), coord(0.8), coord(0.8) };
		npResult r = npMakeHull3(pts, n, &hulls[h]);
		fprintf(out, "hull %d %d", h, (int)r);
		putInt(hulls[h].vertexCount); putInt(hulls[h].faceCount); putInt(hulls[h].flat);
		put3(hulls[h].centroid);
		for (int i = 0; i < hulls[h].vertexCount; ++i)
			put3(hulls[h].vertices[i]);
		for (int i = 0; i < hulls[h].faceCount; ++i)
		{
			put3(hulls[h].planes[i].normal);
			putDouble(hulls[h].planes[i].offset);
		}
		fprintf(out, "\n");
	}
}

static npShape3 randomShape3(void)
{
	npShape3 s;
	double r = rnd();
	if (r < 0.15)
		npMakeSphere(range(0.05, 1), &s);
	else if (r < 0.3)
		npMakeCapsule3(range(0.05, 1), range(0.05, 0.5), &s);
	else if (r < 0.55)
		npMakeBox3((npVec3){ range(0.05, 1), range(0.05, 1), range(0.05, 1) }, &s);
	else if (r < 0.7)
	{
		npVec3 v[3];
		for (int i = 0; i < 3; ++i)
			v[i] = (npVec3){ coord(1), coord(1), coord(1) };
		if (npMakeTriangle3(v[0], v[1], v[2], &s) != NP_OK)
			npMakeSphere(0.3, &s);
	}
	else if (npMakeHullShape3(&hulls[(int)range(0, 4)], &s) != NP_OK)
		npMakeSphere(0.3, &s);
	return s;
}

static void putManifold3(const npManifold3* m)
{
	put3(m->normal);
	putInt(m->pointCount);
	for (int i = 0; i < m->pointCount; ++i)
	{
		put3(m->points[i].pointA);
		put3(m->points[i].pointB);
		putDouble(m->points[i].depth);
		putInt(m->points[i].id);
	}
}

static void run3d(int count)
{
	npContactCache3 cache;
	npInitContactCache3(&cache, 0.05, 0.02);
	for (int i = 0; i < count; ++i)
	{
		npShape3 a = randomShape3(), b = randomShape3();
		npTransform3 ta = randomTransform3(1.2), tb = randomTransform3(1.2);
		double margin = rnd() < 0.5 ? 0 : range(0, 0.2);

		fprintf(out, "3d %d overlap", i);
		putInt(npOverlap3(&a, ta, &b, tb));
		npDistanceResult3 d = npDistance3(&a, ta, &b, tb);
		fprintf(out, " distance");
		putDouble(d.distance); put3(d.pointA); put3(d.pointB); put3(d.normal); putInt(d.iterations);

		npPenetrationResult3 p = npPenetration3(&a, ta, &b, tb);
		fprintf(out, " penetration");
		putInt(p.overlapping); putDouble(p.depth); put3(p.normal); put3(p.pointA); put3(p.pointB);
		put3(p.localA); put3(p.localB); put3(p.tangent1); put3(p.tangent2); putInt(p.iterations); putInt(p.stop);

		npManifold3 m = npCollide3(&a, ta, &b, tb, margin);
		fprintf(out, " manifold");
		putManifold3(&m);

		npResult r = npUpdateContactCache3(&cache, &m, ta, tb);
		fprintf(out, " cache %d", (int)r);
		putInt(cache.pointCount);
		for (int k = 0; k < cache.pointCount; ++k)
		{
			put3(cache.points[k].pointA); put3(cache.points[k].pointB); putDouble(cache.points[k].depth);
			putInt(cache.points[k].age);
		}
		fprintf(out, "\n");
	}
}

static void runMesh(int count)
{
	enum { N = 24 };
	npVec3 verts[(N + 1) * (N + 1)];
	int32_t idx[N * N * 6];
	for (int y = 0; y <= N; ++y)
		for (int x = 0; x <= N; ++x)
		{
			double h = rnd() < 0.5 ? 0 : range(-0.15, 0.15);
			verts[y * (N + 1) + x] = (npVec3){ (x - N / 2) * 0.25, h, (y - N / 2) * 0.25 };
		}
	int t = 0;
	for (int y = 0; y < N; ++y)
		for (int x = 0; x < N; ++x)
		{
			int32_t a = y * (N + 1) + x, b = a + 1, c = a + N + 1, d = c + 1;
			idx[t++] = a; idx[t++] = c; idx[t++] = b;
			idx[t++] = b; idx[t++] = c; idx[t++] = d;
		}
	size_t bytes = npMeshBytes3((N + 1) * (N + 1), N * N * 2);
	void* memory = malloc(bytes);
	npMesh3* mesh = NULL;
	npResult r = npMakeMesh3(&(npMeshInput3){ verts, (N + 1) * (N + 1), idx, N * N * 2, 1e-9 }, memory, bytes, &mesh);
	fprintf(out, "mesh %d\n", (int)r);
	if (r != NP_OK)
		return;

	npMeshInstance3 inst[2] = { { mesh, { { 0, 0, 0 }, { 0, 0, 0, 1 } } }, { mesh, randomTransform3(0.5) } };
	npMeshContact3 contacts[64];
	for (int i = 0; i < count; ++i)
	{
		npShape3 s = randomShape3();
		npTransform3 ts = randomTransform3(2);
		ts.p.y = range(-0.3, 0.8);
		npMeshQuery3 q = npDefaultMeshQuery3();
		q.margin = rnd() < 0.5 ? 0 : range(0, 0.1);
		q.reduce = rnd() < 0.3;
		q.algorithm = (npMeshAlgorithm3)(int)range(0, 3);
		npMeshContactsOutput3 found = { contacts, 64 };
		r = npMeshContacts3(&s, ts, inst, rnd() < 0.7 ? 1 : 2, &q, &found);
		int n = found.count;
		npMeshContactsInfo3 info = found.info;
		fprintf(out, "mesh %d %d", i, (int)r);
		putInt(n); putInt(info.candidates); putInt(info.potential); putInt(info.removed); putInt(info.overflow);
		for (int k = 0; k < n; ++k)
		{
			put3(contacts[k].pointA); put3(contacts[k].pointB); put3(contacts[k].normal);
			putDouble(contacts[k].depth); putInt(contacts[k].mesh); putInt(contacts[k].triangle);
			putInt(contacts[k].feature); putInt(contacts[k].featureIndex);
		}
		fprintf(out, "\n");
	}
	free(memory);
}

int main(int argc, char** argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 1;
	out = stdout;
	run2d(20000 * scale);
	makeHulls();
	run3d(20000 * scale);
	runMesh(5000 * scale);
	fprintf(out, "hash %016" PRIx64 "\n", hash);
	return 0;
}
