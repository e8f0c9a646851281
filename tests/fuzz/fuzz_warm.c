// libFuzzer harness: the warm path equals the cold one, and the cache keeps what it returns. A decoded pair of shapes (2D or 3D) moves
// through up to 24 frames, each a small step (a few thousandths of the pair's size and a few
// milliradians: coherent motion, where the warm path reuses last frame's axis, features and
// simplex), a larger step, or a decoded jump; now and then the shapes trade places (the cache then
// forgets its search memory). Every frame, npCollideCached2 / npCollideCached3 with one cache must
// give npCollide2 / npCollide3's manifold bit for bit: count, normal, points, depths and ids (the
// contract in contact2d.h and manifold3d.h, and issue 15's "warm == cold"), and the cache must then
// hold exactly those points, each cached point of age > 0 continuing one of last frame's (one update
// younger). test_warm.c checks it
// on scripted scenes; this explores the poses and shapes the scripts do not.
#include "fuzz.h"
#include "vec3.h"

static npHull3 hullA, hullB;

static int sameManifold2(const npManifold2* a, const npManifold2* b)
{
	if (a->pointCount != b->pointCount || a->normal.x != b->normal.x || a->normal.y != b->normal.y)
		return 0;
	for (int i = 0; i < a->pointCount; ++i)
	{
		const npManifoldPoint2 *p = a->points + i, *q = b->points + i;
		if (p->pointA.x != q->pointA.x || p->pointA.y != q->pointA.y || p->pointB.x != q->pointB.x ||
			p->pointB.y != q->pointB.y || p->depth != q->depth || p->id != q->id)
			return 0;
	}
	return 1;
}

static int same3(npVec3 a, npVec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

static int sameManifold3(const npManifold3* a, const npManifold3* b)
{
	if (a->pointCount != b->pointCount || !same3(a->normal, b->normal))
		return 0;
	for (int i = 0; i < a->pointCount; ++i)
	{
		const npManifoldPoint3 *p = a->points + i, *q = b->points + i;
		if (!same3(p->pointA, q->pointA) || !same3(p->pointB, q->pointB) || p->depth != q->depth || p->id != q->id)
			return 0;
	}
	return 1;
}

// The cache keeps the frame's manifold: as many points, each with a manifold point's id and points
// bit for bit; a point older than 0 continues one of last frame's, which was one update younger.
#define CACHE_HOLDS(CACHE, M, PREVIOUS, PREVIOUS_COUNT, SAME)                                                           \
	do                                                                                                                 \
	{                                                                                                                  \
		FZ_CHECK((CACHE).pointCount == (M).pointCount, "the cache has %d points, the manifold %d", (CACHE).pointCount, \
				 (M).pointCount);                                                                                      \
		for (int i = 0; i < (M).pointCount; ++i)                                                                       \
		{                                                                                                              \
			int found = 0;                                                                                             \
			for (int j = 0; j < (CACHE).pointCount && !found; ++j)                                                     \
				found = (CACHE).points[j].id == (M).points[i].id && SAME((CACHE).points[j].pointA, (M).points[i].pointA) && \
						SAME((CACHE).points[j].pointB, (M).points[i].pointB);                                              \
			FZ_CHECK(found, "manifold point %d (id %x) is not in the cache", i, (unsigned)(M).points[i].id);           \
		}                                                                                                              \
		for (int j = 0; j < (CACHE).pointCount; ++j)                                                                   \
		{                                                                                                              \
			int age = (CACHE).points[j].age, younger = age == 0;                                                       \
			for (int k = 0; k < (PREVIOUS_COUNT) && !younger; ++k)                                                     \
				younger = (PREVIOUS)[k].age == age - 1;                                                                \
			FZ_CHECK(age >= 0 && younger, "cached point %d of age %d continues no point of last frame", j, age);       \
		}                                                                                                              \
	} while (0)

static int same2(npVec2 a, npVec2 b) { return a.x == b.x && a.y == b.y; }

// How far a frame moves: 0 a small step, 1 a larger one, 2 a decoded jump.
static int stepKind(FzIn* in)
{
	uint8_t k = fzByte(in);
	return k < 192 ? 0 : k < 240 ? 1 : 2;
}

static double stepOf(FzIn* in, int kind, double size)
{
	return fzInt(in, -128, 127) * (kind == 0 ? 1.0e-5 : 1.0e-3) * size;
}

static void runWarm2(FzIn* in)
{
	npShape2 shapes[2];
	if (fzShape2(in, &shapes[0]) != NP_OK || fzShape2(in, &shapes[1]) != NP_OK)
		return;
	int okMargin;
	double margin = fzMargin(in, &okMargin);
	if (!okMargin)
		return;
	npContactCache2 cache;
	npInitContactCache2(&cache, 0.02, margin);
	npVec2 pa = fzVec2(in), pb = fzVec2(in);
	double angleA = fzNumber(in), angleB = fzNumber(in);
	double size = fzShapeScale2(&shapes[0]) + fzShapeScale2(&shapes[1]);
	int first = 0;
	for (int frame = 0; frame < 24 && in->pos < in->size; ++frame)
	{
		int kind = stepKind(in);
		if (kind == 2)
		{
			pa = fzVec2(in);
			angleA = fzNumber(in);
		}
		else
		{
			pa.x += stepOf(in, kind, size);
			pa.y += stepOf(in, kind, size);
			angleA += fzInt(in, -128, 127) * (kind == 0 ? 1.0e-5 : 1.0e-3);
			angleB += fzInt(in, -128, 127) * (kind == 0 ? 1.0e-5 : 1.0e-3);
		}
		if (fzByte(in) == 255)
			first = 1 - first; // the shapes trade places
		npTransform2 xa = npMakeTransform2(pa.x, pa.y, angleA), xb = npMakeTransform2(pb.x, pb.y, angleB);
		if (npValidateTransform2(xa) != NP_OK || npValidateTransform2(xb) != NP_OK)
			continue;
		const npShape2 *a = &shapes[first], *b = &shapes[1 - first];
		npManifold2 cold = npCollide2(a, xa, b, xb, margin), warm;
		npCachedContact2 previous[NP_MAX_MANIFOLD_POINTS2];
		int previousCount = cache.pointCount;
		memcpy(previous, cache.points, sizeof previous);
		npResult r = npCollideCached2(&cache, a, xa, b, xb, margin, &warm);
		// The cache bounds its points by NP_HUGE: beyond, NP_ERR_NON_FINITE is the documented answer.
		int huge = 0;
		for (int i = 0; i < cold.pointCount; ++i)
			huge |= fzAbs2(cold.points[i].pointA) > NP_HUGE || fzAbs2(cold.points[i].pointB) > NP_HUGE;
		FZ_CHECK(r == NP_OK || (huge && r == NP_ERR_NON_FINITE), "frame %d: npCollideCached2 code %d", frame, (int)r);
		if (r != NP_OK)
			continue;
		FZ_CHECK(sameManifold2(&cold, &warm),
				 "frame %d (step %d): warm != cold: %d points, normal (%.17g, %.17g) against %d, (%.17g, %.17g)", frame, kind,
				 warm.pointCount, warm.normal.x, warm.normal.y, cold.pointCount, cold.normal.x, cold.normal.y);
		CACHE_HOLDS(cache, warm, previous, previousCount, same2);
	}
}

// A small rotation about a decoded axis: (axis * angle / 2, 1), normalised by npMakeTransform3.
static npQuat turnOf(FzIn* in, int kind)
{
	double scale = kind == 0 ? 1.0e-5 : 1.0e-3;
	return (npQuat){ fzInt(in, -128, 127) * scale, fzInt(in, -128, 127) * scale, fzInt(in, -128, 127) * scale, 1.0 };
}

static void runWarm3(FzIn* in)
{
	npShape3 shapes[2];
	if (fzShape3(in, &shapes[0], &hullA) != NP_OK || fzShape3(in, &shapes[1], &hullB) != NP_OK)
		return;
	int okMargin;
	double margin = fzMargin(in, &okMargin);
	if (!okMargin)
		return;
	npContactCache3 cache;
	npInitContactCache3(&cache, 0.02, margin);
	int okA, okB;
	npTransform3 xa = fzTransform3(in, &okA), xb = fzTransform3(in, &okB);
	if (!okA || !okB)
		return;
	double size = fzShapeScale3(&shapes[0]) + fzShapeScale3(&shapes[1]);
	int first = 0;
	for (int frame = 0; frame < 24 && in->pos < in->size; ++frame)
	{
		int kind = stepKind(in), ok = 1;
		if (kind == 2)
			xa = fzTransform3(in, &ok);
		else
		{
			npVec3 p = { xa.p.x + stepOf(in, kind, size), xa.p.y + stepOf(in, kind, size), xa.p.z + stepOf(in, kind, size) };
			ok = npMakeTransform3(p, npQuatMul(turnOf(in, kind), xa.q), &xa) == NP_OK &&
				 npMakeTransform3(xb.p, npQuatMul(turnOf(in, kind), xb.q), &xb) == NP_OK;
		}
		if (!ok)
			return;
		if (fzByte(in) == 255)
			first = 1 - first;
		const npShape3 *a = &shapes[first], *b = &shapes[1 - first];
		npManifold3 cold = npCollide3(a, xa, b, xb, margin), warm;
		npCachedContact3 previous[NP_MAX_MANIFOLD_POINTS3];
		int previousCount = cache.pointCount;
		memcpy(previous, cache.points, sizeof previous);
		npResult r = npCollideCached3(&cache, a, xa, b, xb, margin, &warm);
		int huge = 0;
		for (int i = 0; i < cold.pointCount; ++i)
			huge |= fzAbs3(cold.points[i].pointA) > NP_HUGE || fzAbs3(cold.points[i].pointB) > NP_HUGE;
		FZ_CHECK(r == NP_OK || (huge && r == NP_ERR_NON_FINITE), "frame %d: npCollideCached3 code %d", frame, (int)r);
		if (r != NP_OK)
			continue;
		FZ_CHECK(sameManifold3(&cold, &warm),
				 "frame %d (step %d): warm != cold: %d points, normal (%.17g, %.17g, %.17g) against %d, (%.17g, %.17g, %.17g)", frame,
				 kind, warm.pointCount, warm.normal.x, warm.normal.y, warm.normal.z, cold.pointCount, cold.normal.x,
				 cold.normal.y, cold.normal.z);
		CACHE_HOLDS(cache, warm, previous, previousCount, same3);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	if (fzByte(&in) & 1)
		runWarm3(&in);
	else
		runWarm2(&in);
	return 0;
}
