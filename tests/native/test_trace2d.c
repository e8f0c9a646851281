// The 2D traces (trace2d.h) against brute force and invariants written here, natively and under
// ASan/UBSan (make test-san): each traced GJK support point is a pair of posed core vertices, the
// farthest along the step's direction (a scan); the kept weights are a convex combination; each
// step's simplex is the previous step's survivors plus its support point; the last step's closest
// point is as far from the origin as the brute-force core distance. A trace changes no result (bit
// for bit), a short step buffer is reported as truncated and never overrun. The clipping trace's
// clipped points lie between the side planes, and the manifold's ids come from its clipped ends.
#include "check.h"
#include "testref2d.h"
#include "testrng.h"

#include <narrowphase/narrowphase.h>

#include <string.h>

#define PAIRS 2000
#define TOL 1e-9

static npShape2 randomShape(void)
{
	npShape2 s;
	int kind = (int)(rnd() * 4.0);
	if (kind == 0)
		npMakeCircle(rndRange(0.2, 1.2), &s);
	else if (kind == 1)
		npMakeCapsule2(rndRange(0.1, 1.1), rndRange(0.1, 0.6), &s);
	else if (kind == 2)
		npMakeBox2(rndRange(0.2, 1.2), rndRange(0.2, 1.2), &s);
	else
	{
		npVec2 pts[8];
		int n = 3 + (int)(rnd() * 6.0);
		for (int i = 0; i < n; ++i)
		{
			double t = 6.283185307179586 * (i + 0.8 * rnd()) / n, r = rndRange(0.4, 1.4);
			pts[i] = (npVec2){ r * cos(t), r * sin(t) };
		}
		npMakePolygon2(pts, n, rnd() < 0.3 ? 0.2 * rnd() : 0.0, &s);
	}
	return s;
}

static npTransform2 randomPose(void)
{
	return (npTransform2){ { rndRange(-1.5, 1.5), rndRange(-1.5, 1.5) }, npMakeRot2(rndRange(-3.1, 3.1)) };
}

static bool near2(npVec2 a, npVec2 b) { return len2(sub2(a, b)) <= TOL * (1.0 + len2(a)); }

// p inside (or on) a counter-clockwise polygon core of 3 or more vertices.
static bool insideCore(const RefCore2* s, npVec2 p)
{
	if (s->count < 3)
		return false;
	for (int i = 0; i < s->count; ++i)
		if (cross2(sub2(s->v[(i + 1) % s->count], s->v[i]), sub2(p, s->v[i])) < 0.0)
			return false;
	return true;
}

// Brute-force distance between two posed cores (0 when they overlap).
static double coreDistance(const RefCore2* P, const RefCore2* Q)
{
	for (int i = 0; i < P->count; ++i)
		if (insideCore(Q, P->v[i]))
			return 0.0;
	for (int i = 0; i < Q->count; ++i)
		if (insideCore(P, Q->v[i]))
			return 0.0;
	double best = 1e300;
	for (int i = 0; i < P->count; ++i)
	{
		npVec2 a = P->v[i], b = P->v[(i + 1) % P->count];
		for (int j = 0; j < Q->count; ++j)
		{
			npVec2 c = Q->v[j], d = Q->v[(j + 1) % Q->count];
			double o1 = cross2(sub2(b, a), sub2(c, a)), o2 = cross2(sub2(b, a), sub2(d, a));
			double o3 = cross2(sub2(d, c), sub2(a, c)), o4 = cross2(sub2(d, c), sub2(b, c));
			if (o1 * o2 < 0.0 && o3 * o4 < 0.0)
				return 0.0;
			double m = fmin(fmin(refPointSegment2(a, c, d), refPointSegment2(b, c, d)), fmin(refPointSegment2(c, a, b), refPointSegment2(d, a, b)));
			best = fmin(best, m);
		}
	}
	return best;
}

static void checkVertex(const npGjkVertex2* v, const RefCore2* A, const RefCore2* B, int pair)
{
	CHECK(near2(v->wA, A->v[v->indexA]) && near2(v->wB, B->v[v->indexB]), "pair %d: traced point is not the posed vertices it names", pair);
	CHECK(near2(v->w, sub2(v->wA, v->wB)), "pair %d: w != wA - wB", pair);
}

static void checkGjkTrace(const npGjkTrace2* t, const RefCore2* A, const RefCore2* B, int pair)
{
	CHECK(t->stepCount >= 1 && !t->truncated, "pair %d: %d steps, truncated %d", pair, t->stepCount, t->truncated);
	for (int k = 0; k < t->stepCount; ++k)
	{
		const npGjkStep2* st = t->steps + k;
		for (int i = 0; i < st->simplexCount; ++i)
			checkVertex(st->simplex + i, A, B, pair);
		if (st->hasSupport)
		{
			checkVertex(&st->support, A, B, pair);
			npVec2 d = st->direction, nd = { -d.x, -d.y };
			double scale = len2(d) * (1.0 + fmax(len2(st->support.wA), len2(st->support.wB)));
			CHECK(dot2(st->support.wA, d) >= refSupport2(A, d) - TOL * scale, "pair %d step %d: A's support not farthest", pair, k);
			CHECK(dot2(st->support.wB, nd) >= refSupport2(B, nd) - TOL * scale, "pair %d step %d: B's support not farthest", pair, k);
		}
		if (k == 0)
			continue;
		double sum = 0.0;
		for (int i = 0; i < st->simplexCount; ++i)
			sum += (st->keptMask >> i) & 1 ? st->weights[i] : 0.0;
		CHECK(fabs(sum - 1.0) < 1e-9, "pair %d step %d: weights sum %.17g", pair, k, sum);
		const npGjkStep2* prev = st - 1;
		int n = 0;
		bool same = true;
		for (int i = 0; i < prev->simplexCount; ++i)
			if ((prev->keptMask >> i) & 1)
				same = same && n < st->simplexCount && st->simplex[n].indexA == prev->simplex[i].indexA && st->simplex[n++].indexB == prev->simplex[i].indexB;
		same = same && n == st->simplexCount - 1 && st->simplex[n].indexA == prev->support.indexA && st->simplex[n].indexB == prev->support.indexB;
		CHECK(same, "pair %d step %d: simplex is not the survivors plus the support point", pair, k);
		CHECK(k == t->stepCount - 1 || st->stop == NP_GJK_CONTINUE, "pair %d: stopped at step %d of %d", pair, k, t->stepCount);
	}
}

static void checkClipTrace(const npClipTrace2* c, const npManifold2* m, int pair)
{
	for (int a = 0; a < c->attemptCount; ++a)
	{
		const npClipAttempt2* at = c->attempts + a;
		if (at->missed)
			continue;
		npVec2 t = { -at->refNormal.y, at->refNormal.x };
		for (int k = 0; k < 2; ++k)
		{
			double u = dot2(sub2(at->point[k], at->refStart), t);
			CHECK(u >= -1e-9 && u <= at->length + 1e-9, "pair %d: clipped point outside the side planes (u %.17g, length %.17g)", pair, u, at->length);
			CHECK(fabs(dot2(sub2(at->point[k], at->refStart), at->refNormal) - at->height[k]) < 1e-9, "pair %d: height", pair);
		}
	}
	if (c->path == NP_CLIP_FACE)
	{
		const npClipAttempt2* last = c->attempts + c->attemptCount - 1;
		for (int i = 0; i < m->pointCount; ++i)
			CHECK(m->points[i].id == last->id[0] || m->points[i].id == last->id[1], "pair %d: id %u not from a clipped end", pair, m->points[i].id);
	}
}

int main(void)
{
	npGjkStep2 steps[300];
	int paths[5] = { 0 };
	for (int pair = 0; pair < PAIRS; ++pair)
	{
		npShape2 A = randomShape(), B = randomShape();
		npTransform2 ta = randomPose(), tb = randomPose();
		RefCore2 PA = refWorldCore2(&A, ta), PB = refWorldCore2(&B, tb);

		npGjkTrace2 t = { 0 };
		t.steps = steps;
		t.stepCapacity = 300;
		npDistanceResult2 traced = npTraceDistance2(&A, ta, &B, tb, &t);
		npDistanceResult2 plain = npDistance2(&A, ta, &B, tb);
		CHECK(memcmp(&traced, &plain, sizeof plain) == 0, "pair %d: tracing changed the distance", pair);
		checkGjkTrace(&t, &PA, &PB, pair);
		const npGjkStep2* last = steps + t.stepCount - 1;
		double got = last->stop == NP_GJK_OVERLAP ? 0.0 : len2(last->closest);
		double ref = coreDistance(&PA, &PB);
		CHECK(fabs(got - ref) <= 1e-9, "pair %d: |closest| %.17g vs brute-force core distance %.17g", pair, got, ref);

		t.stepCount = 0;
		CHECK(npTraceOverlap2(&A, ta, &B, tb, &t) == npOverlap2(&A, ta, &B, tb), "pair %d: traced overlap differs", pair);
		checkGjkTrace(&t, &PA, &PB, pair);

		npEpaStep2 epaSteps[64];
		npEpaTrace2 epa = { 0 };
		epa.steps = epaSteps;
		epa.stepCapacity = 64;
		epa.gjk = &t;
		npPenetrationResult2 p1 = npPenetration2(&A, ta, &B, tb, &epa);
		npPenetrationResult2 p2 = npPenetration2(&A, ta, &B, tb, NULL);
		CHECK(memcmp(&p1, &p2, sizeof p1) == 0, "pair %d: tracing changed the penetration", pair);
		checkGjkTrace(&t, &PA, &PB, pair);

		// A buffer of two steps: truncated when GJK took more, and nothing written past it.
		npGjkStep2 small[3];
		memset(small, 0x5a, sizeof small);
		npGjkTrace2 s = { 0 };
		s.steps = small;
		s.stepCapacity = 2;
		npTraceDistance2(&A, ta, &B, tb, &s);
		CHECK(s.stepCount == (t.stepCount < 2 ? t.stepCount : 2) && s.truncated == (t.stepCount > 2), "pair %d: short buffer: %d steps, truncated %d", pair, s.stepCount, s.truncated);
		unsigned char guard[sizeof(npGjkStep2)];
		memset(guard, 0x5a, sizeof guard);
		CHECK(memcmp(small + 2, guard, sizeof guard) == 0, "pair %d: trace wrote past its buffer", pair);

		npClipTrace2 clip;
		npManifold2 m1 = npTraceManifold2(&A, ta, &B, tb, 0.01, &clip);
		npManifold2 m2 = npCollide2(&A, ta, &B, tb, 0.01);
		bool same = m1.pointCount == m2.pointCount && memcmp(&m1.normal, &m2.normal, sizeof m1.normal) == 0;
		for (int i = 0; same && i < m1.pointCount; ++i) // field by field: the points have padding
			same = memcmp(&m1.points[i].pointA, &m2.points[i].pointA, 2 * sizeof(npVec2) + sizeof(double)) == 0 && m1.points[i].id == m2.points[i].id;
		CHECK(same, "pair %d: tracing changed the manifold", pair);
		CHECK(clip.path >= NP_CLIP_CLOSED_FORM && clip.path <= NP_CLIP_CLOSEST, "pair %d: path %d", pair, (int)clip.path);
		CHECK((clip.path == NP_CLIP_CLOSED_FORM) == (A.type == NP_SHAPE_CIRCLE || B.type == NP_SHAPE_CIRCLE), "pair %d: closed form iff a circle", pair);
		paths[clip.path] += 1;
		checkClipTrace(&clip, &m1, pair);
	}
	CHECK(paths[NP_CLIP_FACE] > 0 && paths[NP_CLIP_APART] > 0 && paths[NP_CLIP_CLOSED_FORM] > 0, "paths: face %d apart %d closed %d", paths[NP_CLIP_FACE], paths[NP_CLIP_APART], paths[NP_CLIP_CLOSED_FORM]);

	// NULL traces and NULL shapes are fine.
	npShape2 box;
	npMakeBox2(1.0, 1.0, &box);
	npTransform2 id = { { 0.0, 0.0 }, { 1.0, 0.0 } };
	npGjkTrace2 t = { 0 };
	npTraceDistance2(NULL, id, &box, id, &t);
	CHECK(t.stepCount == 0, "NULL shape: no steps");
	npClipTrace2 clip;
	npTraceManifold2(NULL, id, &box, id, 0.0, &clip);
	CHECK(clip.path == NP_CLIP_NOT_RUN, "NULL shape: not run");
	npTraceManifold2(&box, id, &box, id, 0.0, NULL);
	return checkSummary();
}
