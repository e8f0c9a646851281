// libFuzzer harness: the persistent contact cache: npInitContactCache3, then a decoded sequence of
// npUpdateContactCache3 (from npCollide3 on decoded shapes, or from a hand-made manifold with any
// numbers), npAddContactPoint3 (any points, normals, ids), npRefreshContactCache3 and
// npClearContactCache3, with accepted transforms and (sometimes) raw ones.
// Checks after every accepted call: 0..4 points, finite cache, a unit normal when there are points,
// each point's depth == dot(pointA - pointB, normal), ages >= 0, breakDistance > 0 and margin >= 0.
#include "fuzz.h"

static npHull3 hullA, hullB;

static void checkCache(const npContactCache3* c, double scale, const char* what)
{
	FZ_CHECK(c->pointCount >= 0 && c->pointCount <= NP_MAX_MANIFOLD_POINTS3, "%s: pointCount %d", what, c->pointCount);
	FZ_CHECK(c->breakDistance > 0.0 && c->margin >= 0.0, "%s: breakDistance %.17g margin %.17g", what,
			 c->breakDistance, c->margin);
	if (c->pointCount == 0)
		return;
	FZ_CHECK(fzFinite3(c->normal) && fzFinite3(c->localNormal), "%s: normal not finite", what);
	fzCheckUnit3(c->normal, what);
	for (int i = 0; i < c->pointCount; ++i)
	{
		const npCachedContact3* p = c->points + i;
		FZ_CHECK(fzFinite3(p->pointA) && fzFinite3(p->pointB) && fzFinite3(p->localA) && fzFinite3(p->localB) &&
					 isfinite(p->depth),
				 "%s: point %d not finite", what, i);
		FZ_CHECK(p->age >= 0, "%s: age %d", what, p->age);
		fzCheckDepth3(p->pointA, p->pointB, c->normal, p->depth, scale, what);
	}
}

static npTransform3 anyTransform3(FzIn* in, int* ok)
{
	if (fzByte(in) < 224)
		return fzTransform3(in, ok);
	npVec3 p = fzVec3(in);
	*ok = 0;
	return (npTransform3){ p, fzQuat(in) };
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npContactCache3 cache;
	double breakDistance = fzByte(&in) < 200 ? (1 + fzByte(&in)) / 256.0 : fzNumber(&in);
	int okM;
	double margin = fzMargin(&in, &okM);
	npResult r = npInitContactCache3(&cache, breakDistance, margin);
	FZ_CHECK(r == NP_OK || r == NP_ERR_INVALID_ARGUMENT, "npInitContactCache3 code %d", (int)r);
	FZ_CHECK(npInitContactCache3(NULL, 0.02, 0.0) == NP_ERR_INVALID_ARGUMENT, "null cache");
	checkCache(&cache, 1.0, "init");

	npShape3 a, b;
	int okA = fzShape3(&in, &a, &hullA) == NP_OK;
	int okB = fzShape3(&in, &b, &hullB) == NP_OK;
	for (int frame = 0; frame < 16 && in.pos < in.size; ++frame)
	{
		int okXa, okXb;
		npTransform3 xa = anyTransform3(&in, &okXa), xb = anyTransform3(&in, &okXb);
		double scale = fzMax(fzAbs3(xa.p), fzAbs3(xb.p)) * 1.7320508075688772;
		if (okA && okB)
			scale += fzShapeScale3(&a) + fzShapeScale3(&b);
		uint8_t op = fzByte(&in) % 5;
		const char* what = "?";
		int accepted = 0;
		if (op == 0 && okA && okB)
		{
			npManifold3 m = npCollide3(&a, xa, &b, xb, cache.margin);
			r = npUpdateContactCache3(&cache, &m, xa, xb);
			what = "update from npCollide3";
			accepted = r == NP_OK;
			// The cache bounds points by NP_HUGE, which a manifold of accepted shapes can pass (a
			// shape of size 1e12 placed at 1e12): NP_ERR_NON_FINITE is the documented answer then.
			int huge = 0;
			for (int i = 0; i < m.pointCount; ++i)
				huge |= fzAbs3(m.points[i].pointA) > NP_HUGE || fzAbs3(m.points[i].pointB) > NP_HUGE;
			if (okXa && okXb)
				FZ_CHECK(r == NP_OK || (huge && r == NP_ERR_NON_FINITE), "update from npCollide3 rejected: %d", (int)r);
		}
		else if (op == 1)
		{
			npManifold3 m;
			memset(&m, 0, sizeof m);
			m.pointCount = fzInt(&in, -1, 5);
			m.normal = fzVec3(&in);
			for (int i = 0; i < NP_MAX_MANIFOLD_POINTS3; ++i)
			{
				m.points[i].pointA = fzVec3(&in);
				m.points[i].pointB = fzVec3(&in);
				m.points[i].depth = fzNumber(&in);
				m.points[i].id = fzU32(&in);
			}
			r = npUpdateContactCache3(&cache, &m, xa, xb);
			what = "update from a made manifold";
			accepted = r == NP_OK;
		}
		else if (op == 2)
		{
			npVec3 pa = fzVec3(&in), pb = fzVec3(&in), n = fzVec3(&in);
			r = npAddContactPoint3(&cache, pa, pb, n, fzU32(&in), xa, xb);
			what = "npAddContactPoint3";
			accepted = r == NP_OK;
			scale = fzMax(scale, fzMax(fzAbs3(pa), fzAbs3(pb)));
		}
		else if (op == 3)
		{
			int kept = npRefreshContactCache3(&cache, xa, xb);
			FZ_CHECK(kept == cache.pointCount, "refresh returned %d, cache has %d", kept, cache.pointCount);
			what = "npRefreshContactCache3";
			accepted = 1;
		}
		else
		{
			npClearContactCache3(&cache);
			FZ_CHECK(cache.pointCount == 0, "clear");
			continue;
		}
		FZ_CHECK(fzIsCode(r), "%s code %d", what, (int)r);
		for (int i = 0; i < cache.pointCount; ++i)
			scale = fzMax(scale, fzMax(fzAbs3(cache.points[i].pointA), fzAbs3(cache.points[i].pointB)));
		// Raw transforms the cache accepts (it only bounds the numbers) are not "accepted input" in
		// the sense of npMakeTransform3; only finiteness is demanded of them.
		if (accepted && okXa && okXb)
			checkCache(&cache, scale, what);
		else if (accepted)
			FZ_CHECK(cache.pointCount == 0 || (fzFinite3(cache.normal) && fzFinite3(cache.points[0].pointA)),
					 "%s on a raw transform: cache not finite", what);
	}
	return 0;
}
