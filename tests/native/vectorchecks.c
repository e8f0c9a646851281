// The pair-query checks of the shared-vector runner, once for 2D and 3D (interface in vectors.h).
//
// A dimension's handler (vectors2d.c, vectors3d.c) loads a pair vector and copies the library's
// results into the dimension-free structs of vectors.h; here they are written to the results line
// and checked against the vector's `expect` and the generator's world-space cores:
//  - distance: the value; when apart, witnesses on the surfaces, |pointB - pointA| and the unit
//    normal along it; when overlapping, pointA == pointB inside both shapes and a zero normal;
//  - penetration: the depth, a unit normal, the overlap of the shapes along the normal equal to the
//    depth (the depth is the minimum overlap over all directions), witnesses on the surfaces and
//    (pointA - pointB) . normal == depth;
//  - manifold: the point count, a normal whose overlap lies between the best axis's and the best
//    face axis's plus the face preference, every point's depth identity and bounds, distinct ids.
#include "vectors.h"

static double dotN(const double* a, const double* b, int dim)
{
	double s = a[0] * b[0];
	for (int i = 1; i < dim; ++i)
		s += a[i] * b[i];
	return s;
}

static void subN(const double* a, const double* b, double* out, int dim)
{
	for (int i = 0; i < dim; ++i)
		out[i] = a[i] - b[i];
}

static double lengthN(const double* a, int dim)
{
	return sqrt(dotN(a, a, dim));
}

static double distanceN(const double* a, const double* b, int dim)
{
	double d[3] = { 0.0, 0.0, 0.0 };
	subN(a, b, d, dim);
	return lengthN(d, dim);
}

static bool equalN(const double* a, const double* b, int dim)
{
	for (int i = 0; i < dim; ++i)
		if (a[i] != b[i])
			return false;
	return true;
}

static void checkUnit(npVectorRun* run, const char* what, const double* n, int dim)
{
	double length = lengthN(n, dim);
	if (!(fabs(length - 1.0) <= 1e-9))
		npVecFail(run, "%s is not unit (length %.17g)", what, length);
}

static void checkOnSurface(npVectorRun* run, const char* what, const npVecGeometry* g, const void* ref, const double* p)
{
	double d = g->signedDistance(ref, p);
	if (fabs(d) > run->tol)
		npVecFail(run, "%s is %.3g from the surface (tol %.3g)", what, d, run->tol);
}

// Checks an expected point (`expect[key]`, when given) within `tol`.
static void checkExpectedPoint(npVectorRun* run, const cJSON* expect, const char* key, const double* got, int dim,
							   double tol)
{
	if (!npVecHasKey(expect, key))
		return;
	double want[3];
	npVecReadPoint(npVecItem(expect, key), want, dim);
	char what[64];
	snprintf(what, sizeof what, "%s error", key);
	npVecNear(run, what, distanceN(got, want, dim), 0.0, tol);
}

// ------------------------------------------------------------------------------ the queries

static void runOverlap(npVectorRun* run, const cJSON* expect, bool got)
{
	npVecPut(run, "overlap", "%d", got ? 1 : 0);
	if (npVecIsTrue(expect, "touching"))
		return; // either answer
	bool want = npVecIsTrue(expect, "overlap");
	if (got != want)
		npVecFail(run, "overlap: got %d, want %d", got, want);
}

static void runDistance(npVectorRun* run, const npVecGeometry* g, const cJSON* expect, const npVecDistance* r)
{
	int dim = g->dim;
	double tol = run->tol;
	npVecPutDouble(run, "distance", r->distance);
	npVecPutPoint(run, "pointA", r->pointA, dim);
	npVecPutPoint(run, "pointB", r->pointB, dim);
	npVecPutPoint(run, "normal", r->normal, dim);
	if (!npVecNear(run, "distance", r->distance, npVecField(expect, "distance", NAN), tol))
		return;

	if (r->distance > 0.0)
	{
		checkOnSurface(run, "pointA on A", g, g->refA, r->pointA);
		checkOnSurface(run, "pointB on B", g, g->refB, r->pointB);
		double d[3] = { 0.0, 0.0, 0.0 };
		subN(r->pointB, r->pointA, d, dim);
		npVecNear(run, "|pointB - pointA|", lengthN(d, dim), r->distance, tol);
		checkUnit(run, "normal", r->normal, dim);
		npVecNear(run, "normal . (pointB - pointA)", dotN(r->normal, d, dim), r->distance, tol);
		checkExpectedPoint(run, expect, "pointA", r->pointA, dim, tol);
		checkExpectedPoint(run, expect, "pointB", r->pointB, dim, tol);
		return;
	}

	// Overlapping (or touching): pointA == pointB, a point inside both; a zero normal.
	static const double zero[3] = { 0.0, 0.0, 0.0 };
	if (!equalN(r->pointA, r->pointB, dim))
		npVecFail(run, "overlapping: pointA != pointB");
	if (!equalN(r->normal, zero, dim))
		npVecFail(run, "overlapping: normal is not zero");
	double insideA = g->signedDistance(g->refA, r->pointA), insideB = g->signedDistance(g->refB, r->pointA);
	if (insideA > tol || insideB > tol)
		npVecFail(run, "overlapping: the point is not inside both shapes (%.3g, %.3g)", insideA, insideB);
}

// Returns true when the result is a penetration the vector expects (the handler may check more).
static bool runPenetration(npVectorRun* run, const npVecGeometry* g, const cJSON* expect, const npVecPenetration* r)
{
	int dim = g->dim;
	double tol = run->tol;
	bool touching = npVecIsTrue(expect, "touching");
	if (!r->overlapping)
	{
		npVecPut(run, "result", "null");
		if (!touching && npVecIsTrue(expect, "overlap"))
			npVecFail(run, "penetration: got null, want depth %.17g", npVecField(expect, "depth", NAN));
		return false;
	}
	npVecPutDouble(run, "depth", r->depth);
	npVecPutPoint(run, "normal", r->normal, dim);
	npVecPutPoint(run, "pointA", r->pointA, dim);
	npVecPutPoint(run, "pointB", r->pointB, dim);
	for (int i = 0; i < r->extraCount; ++i)
		npVecPutPoint(run, r->extraKeys[i], r->extras[i], dim);
	npVecPut(run, "iterations", "%d", r->iterations);
	npVecPut(run, "stop", "%s", r->stop);
	if (!touching && !npVecIsTrue(expect, "overlap"))
	{
		npVecFail(run, "penetration: got depth %.17g, want null", r->depth);
		return false;
	}

	double want = touching ? 0.0 : npVecField(expect, "depth", NAN);
	npVecNear(run, "depth", r->depth, want, tol);
	checkUnit(run, "normal", r->normal, dim);
	checkExpectedPoint(run, expect, "normal", r->normal, dim, 1e-6 > tol ? 1e-6 : tol);
	// Whatever the normal, the shapes must overlap along it by exactly the depth (the depth is the
	// minimum overlap over all directions).
	npVecNear(run, "overlap along the normal", g->overlapAlong(g->refA, g->refB, r->normal), r->depth, tol);
	checkOnSurface(run, "pointA on A", g, g->refA, r->pointA);
	checkOnSurface(run, "pointB on B", g, g->refB, r->pointB);
	double d[3] = { 0.0, 0.0, 0.0 };
	subN(r->pointA, r->pointB, d, dim);
	npVecNear(run, "dot(pointA - pointB, normal)", dotN(d, r->normal, dim), r->depth, tol);
	return true;
}

static void putManifold(npVectorRun* run, const npVecManifold* m, int dim, int maxPoints)
{
	npVecPut(run, "count", "%d", m->count);
	if (m->count > 0)
		npVecPutPoint(run, "normal", m->normal, dim);
	for (int i = 0; i < m->count && i < maxPoints; ++i)
	{
		npVecPutPoint(run, "pointA", m->points[i].pointA, dim);
		npVecPutPoint(run, "pointB", m->points[i].pointB, dim);
		npVecPutDouble(run, "depth", m->points[i].depth);
		npVecPut(run, "id", "%u", m->points[i].id);
	}
}

// A manifold under check: the vector, the result, and the overlap of the shapes along its normal.
typedef struct ManifoldCheck
{
	npVectorRun* run;
	const npVecGeometry* g;
	const npVecManifoldRules* rules;
	const cJSON* expect;
	const npVecManifold* m;
	double along;
	double margin;
} ManifoldCheck;

static void checkManifoldPoint(const ManifoldCheck* c, int i)
{
	npVectorRun* run = c->run;
	const npVecGeometry* g = c->g;
	const npVecManifold* m = c->m;
	double along = c->along, margin = c->margin;
	double tol = run->tol;
	const double* pointA = m->points[i].pointA;
	const double* pointB = m->points[i].pointB;
	double depth = m->points[i].depth;
	if (c->rules->witnessOnSurface)
	{
		checkOnSurface(run, "pointA on A", g, g->refA, pointA);
		checkOnSurface(run, "pointB on B", g, g->refB, pointB);
	}
	else
	{
		double outA = g->signedDistance(g->refA, pointA), outB = g->signedDistance(g->refB, pointB);
		if (outA > tol || outB > tol)
			npVecFail(run, "point %d outside its shape (pointA by %.3g, pointB by %.3g)", i, outA, outB);
	}

	double d[3] = { 0.0, 0.0, 0.0 };
	subN(pointA, pointB, d, g->dim);
	npVecNear(run, "depth identity", dotN(d, m->normal, g->dim), depth, tol);
	if (!(depth <= along + tol))
		npVecFail(run, "point %d depth %.17g deeper than the overlap along the normal %.17g", i, depth, along);
	if (!(depth >= -margin - tol))
		npVecFail(run, "point %d depth %.17g beyond the margin %g", i, depth, margin);

	if (depth > 0.0 && npVecIsTrue(c->expect, "shallow"))
	{
		// A shallow overlapping contact ("shallow": depth at most a quarter of either shape's
		// minimum width) lies in both shapes: the incident feature's witness is inside the other
		// shape. Only one of the two: the witness projected onto the reference face can lie outside
		// a tilted incident shape (by depth * sin(tilt)), and in deep contacts both can be outside
		// (the depth then exceeds the shapes' thickness).
		double outB = g->signedDistance(g->refB, pointA), outA = g->signedDistance(g->refA, pointB);
		if (outB > tol && outA > tol)
			npVecFail(run, "point %d: neither witness inside the other shape (pointA outside B by %.3g, pointB outside A by %.3g)",
					  i, outB, outA);
	}
	if (c->rules->nonzeroIdsDeepestFirst && m->points[i].id == 0)
		npVecFail(run, "point %d has id 0", i);
	for (int j = 0; j < i; ++j)
		if (m->points[j].id == m->points[i].id)
			npVecFail(run, "points %d and %d share id %u", j, i, m->points[i].id);
}

static void runManifold(npVectorRun* run, const npVecGeometry* g, const npVecManifoldRules* rules, const cJSON* expect,
						const npVecManifold* m, double margin)
{
	double tol = run->tol;
	putManifold(run, m, g->dim, rules->maxPoints);
	if (m->count < 0 || m->count > rules->maxPoints)
	{
		npVecFail(run, "point count %d out of range", m->count);
		return;
	}
	npVecCheckCount(run, expect, m->count);
	if (m->count == 0)
		return;

	// The normal: unit, and within the face preference of the best SAT axis. Overlap along any
	// direction is at least the best (minimum) overlap.
	checkUnit(run, "normal", m->normal, g->dim);
	double along = g->overlapAlong(g->refA, g->refB, m->normal);
	double best = npVecField(expect, "best", NAN);
	double maxAlong = npVecField(expect, "maxNormalOverlap", NAN);
	if (!(along >= best - tol))
		npVecFail(run, "overlap along the normal %.17g below the minimum %.17g", along, best);
	if (!(along <= maxAlong + tol))
		npVecFail(run, "normal: overlap along it %.17g exceeds the best axis's %.17g plus the face preference",
				  along, maxAlong);

	ManifoldCheck check = { run, g, rules, expect, m, along, margin };
	double deepest = -INFINITY;
	for (int i = 0; i < m->count; ++i)
	{
		deepest = m->points[i].depth > deepest ? m->points[i].depth : deepest;
		checkManifoldPoint(&check, i);
	}

	if (rules->nonzeroIdsDeepestFirst && !(m->points[0].depth >= deepest))
		npVecFail(run, "the first point is not the deepest");
	// On the exact best axis the deepest point has exactly the overlap along the normal (no clipping
	// can remove it there); where the generator marks it ("deepestIsOverlap"), along the manifold's
	// own normal whatever it is (moving B by it along the normal separates the shapes).
	if ((rules->deepestOnBestAxis && fabs(along - best) <= tol) || npVecIsTrue(expect, "deepestIsOverlap"))
		npVecNear(run, "deepest depth vs overlap along the normal", deepest, along, tol);
	if (npVecHasKey(expect, "depth"))
		npVecNear(run, "deepest depth", deepest, npVecField(expect, "depth", NAN), tol);
}

bool npVecRunPair(const cJSON* v, npVectorRun* run, const npVecPairOps* ops)
{
	const char* query = npVecString(v, "query", "");
	const cJSON* expect = npVecItem(v, "expect");
	npVecGeometry g;
	const void* pair = ops->load(v, run, &g);
	if (pair == NULL)
		return true;

	if (strcmp(query, "overlap") == 0)
		runOverlap(run, expect, ops->overlap(pair));
	else if (strcmp(query, "distance") == 0)
	{
		npVecDistance r = ops->distance(pair);
		runDistance(run, &g, expect, &r);
	}
	else if (strcmp(query, "penetration") == 0)
	{
		npVecPenetration r = ops->penetration(pair);
		if (runPenetration(run, &g, expect, &r) && ops->checkPenetration != NULL)
			ops->checkPenetration(run, pair, &r);
	}
	else
	{
		double margin = npVecField(v, "margin", 0.0);
		npVecManifold m = ops->collide(pair, margin);
		runManifold(run, &g, &ops->manifold, expect, &m, margin);
	}

	if (ops->release != NULL)
		ops->release(pair);
	return true;
}
