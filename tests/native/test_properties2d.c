// Property tests on seeded random 2D shape pairs (all shape types, sharp and rounded polygons).
//
// For each pair the library's answers are checked against a brute-force reference written here,
// independent of src/ (it only reads the shapes' core vertices and the transform's cos/sin):
//  1. EPA depth == brute-force depth: SAT over every edge normal of both cores (+-normal for a
//     segment core) plus the radii when the cores overlap, else rA + rB - (brute-force core
//     distance over all feature pairs);
//  2. manifold points: pointA on A's surface, pointB on B's, depth identity, and for shallow
//     overlapping points one witness inside the other shape, all within tolerance;
//  3. swapping A and B flips the penetration normal and keeps the depth;
//  4. overlap == (penetration != null) == (distance == 0), away from touching (|gap| > 1e-9).
// The same PRNG (mulberry32) drives tests/node/properties2d.test.mjs, so the first pairs are the same.
//
// Can these checks fail? `checkDetectsWrongReference` runs check 1 once against a deliberately wrong
// reference (SAT over A's edge normals only, the classic half-SAT bug) and requires that it reports
// mismatches; `checkDetectsShiftedPoint` moves a correct manifold point by 1e-6 and requires the
// surface check to flag it.
#include "testref2d.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PAIRS 5000
#define TOL 1e-9

static int g_passed, g_failed;

// Failures are reported at most 3 times per check (by message), with the total at the end.
static const char* g_seenWhat[64];
static int g_seenCount[64];

static void check(bool ok, const char* what, int pair, double got, double want)
{
	if (ok)
	{
		g_passed += 1;
		return;
	}
	g_failed += 1;
	int k = 0;
	while (k < 64 && g_seenWhat[k] != NULL && g_seenWhat[k] != what)
		++k;
	if (k < 64)
	{
		g_seenWhat[k] = what;
		g_seenCount[k] += 1;
		if (g_seenCount[k] > 3)
			return;
	}
	fprintf(stderr, "FAIL pair %d: %s (got %.17g, want %.17g)\n", pair, what, got, want);
}

static void reportFailureCounts(void)
{
	for (int k = 0; k < 64 && g_seenWhat[k] != NULL; ++k)
		fprintf(stderr, "  %d failures: %s\n", g_seenCount[k], g_seenWhat[k]);
}

// ------------------------------------------------------------------------------ PRNG (mulberry32)
static uint32_t g_state;
static double rnd(void)
{
	g_state += 0x6d2b79f5u;
	uint32_t t = g_state;
	t = (t ^ (t >> 15)) * (t | 1u);
	t ^= t + (t ^ (t >> 7)) * (t | 61u);
	return (double)(t ^ (t >> 14)) / 4294967296.0;
}
static double uniform(double lo, double hi) { return lo + (hi - lo) * rnd(); }

// ------------------------------------------------------------------------------ reference geometry
static int edgeCount(const RefCore2* c) { return c->count >= 3 ? c->count : 1; }
static void edgeAt(const RefCore2* c, int i, npVec2* a, npVec2* b)
{
	*a = c->v[i];
	*b = c->count >= 3 ? c->v[(i + 1) % c->count] : c->v[c->count - 1];
}

static bool insideCore(const RefCore2* c, npVec2 p)
{
	if (c->count < 3)
		return false;
	for (int i = 0; i < c->count; ++i)
		if (cross2(sub2(c->v[(i + 1) % c->count], c->v[i]), sub2(p, c->v[i])) < 0.0)
			return false;
	return true;
}

static bool segmentsCross(npVec2 a0, npVec2 a1, npVec2 b0, npVec2 b1)
{
	double o1 = cross2(sub2(a1, a0), sub2(b0, a0)), o2 = cross2(sub2(a1, a0), sub2(b1, a0));
	double o3 = cross2(sub2(b1, b0), sub2(a0, b0)), o4 = cross2(sub2(b1, b0), sub2(a1, b0));
	return o1 * o2 < 0.0 && o3 * o4 < 0.0;
}

// Brute-force distance between the cores (0 when they intersect).
static double coreDistance(const RefCore2* A, const RefCore2* B)
{
	for (int i = 0; i < A->count; ++i)
		if (insideCore(B, A->v[i]))
			return 0.0;
	for (int i = 0; i < B->count; ++i)
		if (insideCore(A, B->v[i]))
			return 0.0;
	double best = INFINITY;
	for (int i = 0; i < edgeCount(A); ++i)
	{
		npVec2 a0, a1;
		edgeAt(A, i, &a0, &a1);
		for (int j = 0; j < edgeCount(B); ++j)
		{
			npVec2 b0, b1;
			edgeAt(B, j, &b0, &b1);
			if (segmentsCross(a0, a1, b0, b1))
				return 0.0;
			double d = fmin(fmin(refPointSegment2(a0, b0, b1), refPointSegment2(a1, b0, b1)),
							fmin(refPointSegment2(b0, a0, a1), refPointSegment2(b1, a0, a1)));
			best = fmin(best, d);
		}
	}
	return best;
}


// Overlap of the rounded shapes along unit n (A to B).
static double overlapAlong(const RefCore2* A, const RefCore2* B, npVec2 n)
{
	return refSupport2(A, n) + refSupport2(B, (npVec2){ -n.x, -n.y }) + A->radius + B->radius;
}

// Appends the candidate axes of a core (outward edge normals; +-normal of a segment), negated for B.
static int addAxes(const RefCore2* c, double sign, npVec2* axes, int count)
{
	if (c->count == 1)
		return count;
	for (int i = 0; i < edgeCount(c); ++i)
	{
		npVec2 a, b;
		edgeAt(c, i, &a, &b);
		npVec2 e = sub2(b, a);
		double l = len2(e);
		npVec2 n = { sign * e.y / l, -sign * e.x / l };
		axes[count++] = n;
		if (c->count == 2)
			axes[count++] = (npVec2){ -n.x, -n.y };
	}
	return count;
}

typedef struct Reference
{
	double gap;   ///< signed: distance when apart, -depth when overlapping
	bool normalUnique;
	npVec2 normal;
} Reference;

// `onlyA` = the deliberately wrong variant (A's axes only) for the self-check.
static Reference reference(const RefCore2* A, const RefCore2* B, bool onlyA)
{
	Reference ref = { 0.0, false, { 0.0, 0.0 } };
	double cd = coreDistance(A, B);
	if (cd > 0.0)
	{
		ref.gap = cd - A->radius - B->radius;
		ref.normalUnique = true; // the closest-point direction of disjoint convex sets is unique
		return ref;
	}
	npVec2 axes[2 * NP_MAX_POLYGON_VERTICES + 4];
	int count = addAxes(A, 1.0, axes, 0);
	if (!onlyA)
		count = addAxes(B, -1.0, axes, count);
	if (count == 0)
	{
		ref.gap = -(A->radius + B->radius);
		return ref;
	}
	int best = 0;
	for (int i = 1; i < count; ++i)
		if (overlapAlong(A, B, axes[i]) < overlapAlong(A, B, axes[best]))
			best = i;
	double bestValue = overlapAlong(A, B, axes[best]);
	double second = INFINITY;
	for (int i = 0; i < count; ++i)
		if (len2(sub2(axes[i], axes[best])) > 1e-9)
			second = fmin(second, overlapAlong(A, B, axes[i]));
	ref.gap = -bestValue;
	ref.normal = axes[best];
	ref.normalUnique = second - bestValue > 1e-6;
	return ref;
}


// Minimum width of a rounded core over its own edge normals (2 * radius for circles and capsules).
static double minWidth(const RefCore2* c)
{
	double w = c->count >= 3 ? INFINITY : 0.0;
	for (int i = 0; c->count >= 3 && i < c->count; ++i)
	{
		npVec2 e = sub2(c->v[(i + 1) % c->count], c->v[i]);
		double l = len2(e);
		npVec2 n = { e.y / l, -e.x / l };
		w = fmin(w, refSupport2(c, n) + refSupport2(c, (npVec2){ -n.x, -n.y }));
	}
	return w + 2.0 * c->radius;
}

// ------------------------------------------------------------------------------ random shapes
static void randomShape(npShape2* s)
{
	int kind = (int)(rnd() * 5.0);
	npResult rc = NP_OK;
	if (kind == 0)
		rc = npMakeCircle(uniform(0.1, 1.0), s);
	else if (kind == 1)
		rc = npMakeCapsule2(uniform(0.1, 1.0), uniform(0.05, 0.6), s);
	else if (kind == 2)
		rc = npMakeBox2(uniform(0.05, 1.0), uniform(0.05, 1.0), s);
	else
	{
		// Points on an ellipse at random angles (a convex set), sometimes many of them.
		npVec2 pts[48];
		int n = rnd() < 0.15 ? 40 : 3 + (int)(rnd() * 10.0);
		double ax = uniform(0.2, 1.2), ay = uniform(0.05, 1.2);
		for (int i = 0; i < n; ++i)
		{
			double t = uniform(0.0, 6.283185307179586);
			pts[i] = (npVec2){ ax * cos(t), ay * sin(t) };
		}
		rc = npMakePolygon2(pts, n, kind == 4 ? uniform(0.01, 0.3) : 0.0, s);
		if (rc == NP_ERR_DEGENERATE) // three nearly equal angles: use a triangle
		{
			npVec2 tri[3] = { { -ax, -ay }, { ax, -ay }, { 0.0, ay } };
			rc = npMakePolygon2(tri, 3, 0.0, s);
		}
	}
	if (rc != NP_OK)
		fprintf(stderr, "random shape failed: %d\n", (int)rc);
}

static npTransform2 randomTransform(double spread)
{
	return npMakeTransform2(uniform(-spread, spread), uniform(-spread, spread), uniform(-3.2, 3.2));
}

// ------------------------------------------------------------------------------ the properties
static npShape2 g_a, g_b;

// A random pair: the shapes (in g_a, g_b), their transforms and their world cores.
typedef struct RandomPair
{
	npTransform2 xfA, xfB;
	RefCore2 A, B;
} RandomPair;

static RandomPair randomPair(void)
{
	static RandomPair p; // two cores of 64 vertices: keep them off the stack
	randomShape(&g_a);
	randomShape(&g_b);
	p.xfA = randomTransform(0.5);
	p.xfB = randomTransform(1.5);
	p.A = refWorldCore2(&g_a, p.xfA);
	p.B = refWorldCore2(&g_b, p.xfB);
	return p;
}
static int g_overlapping, g_coresOverlapping, g_manifoldPoints;

// Checks the manifold's points; with `violations` non-NULL, counts violations there instead of
// recording failures (used by the self-check below).
static int* g_violations;
static void checkPoint(bool ok, const char* what, int pair, double got, double want)
{
	if (g_violations != NULL)
		*g_violations += ok ? 0 : 1;
	else
		check(ok, what, pair, got, want);
}

static void checkManifold(int pair, const RefCore2* A, const RefCore2* B, const npManifold2* m, double shift)
{
	for (int i = 0; i < m->pointCount; ++i)
	{
		const npManifoldPoint2* p = &m->points[i];
		npVec2 pa = { p->pointA.x + shift * m->normal.x, p->pointA.y + shift * m->normal.y };
		double dA = refSignedDistance2(A, pa), dB = refSignedDistance2(B, p->pointB);
		checkPoint(fabs(dA) <= TOL, "manifold pointA on A's surface", pair, dA, 0.0);
		checkPoint(fabs(dB) <= TOL, "manifold pointB on B's surface", pair, dB, 0.0);
		double id = dot2(sub2(pa, p->pointB), m->normal);
		checkPoint(fabs(id - p->depth) <= TOL, "manifold depth identity", pair, id, p->depth);
		if (p->depth > 0.0 && p->depth <= 0.25 * fmin(minWidth(A), minWidth(B)))
		{
			// A shallow contact lies in both shapes: the incident feature's witness is inside the
			// other shape. Only one of the two (the witness projected onto the reference face can be
			// outside a tilted incident shape by depth * sin(tilt)), and only when shallow (a deeper
			// contact can pass through a thin shape).
			double outB = refSignedDistance2(B, pa), outA = refSignedDistance2(A, p->pointB);
			checkPoint(outB <= TOL || outA <= TOL, "manifold point: a witness inside the other shape", pair, fmin(outA, outB), 0.0);
		}
	}
}

static void runPair(int pair)
{
	RandomPair rp = randomPair();
	npTransform2 xfA = rp.xfA, xfB = rp.xfB;
	const RefCore2 *A = &rp.A, *B = &rp.B;
	Reference ref = reference(A, B, false);

	npPenetrationResult2 pen = npPenetration2(&g_a, xfA, &g_b, xfB, NULL);
	npPenetrationResult2 swapped = npPenetration2(&g_b, xfB, &g_a, xfA, NULL);
	npDistanceResult2 dist = npDistance2(&g_a, xfA, &g_b, xfB);
	bool overlap = npOverlap2(&g_a, xfA, &g_b, xfB);
	npManifold2 m = npCollide2(&g_a, xfA, &g_b, xfB, 0.0);

	g_overlapping += ref.gap < 0.0;
	g_coresOverlapping += coreDistance(A, B) == 0.0;
	g_manifoldPoints += m.pointCount;

	// 4. consistency away from touching
	if (fabs(ref.gap) > 1e-9)
	{
		bool want = ref.gap < 0.0;
		check(overlap == want, "overlap vs reference", pair, overlap, want);
		check(pen.overlapping == overlap, "penetration != null iff overlap", pair, pen.overlapping, overlap);
		check((dist.distance == 0.0) == overlap, "distance == 0 iff overlap", pair, dist.distance, want ? 0.0 : ref.gap);
		check((m.pointCount > 0) == overlap, "manifold has points iff overlap (margin 0)", pair, m.pointCount, overlap);
	}
	// 1. EPA depth == brute-force SAT depth
	if (pen.overlapping && ref.gap < 0.0)
	{
		check(fabs(pen.depth + ref.gap) <= TOL, "EPA depth == brute-force SAT depth", pair, pen.depth, -ref.gap);
		if (ref.normalUnique && ref.gap < -1e-9 && coreDistance(A, B) == 0.0)
			check(len2(sub2(pen.normal, ref.normal)) <= 1e-6, "EPA normal == unique SAT axis", pair, pen.normal.x, ref.normal.x);
	}
	if (!pen.overlapping && ref.gap > 1e-9)
		check(dist.distance > 0.0 && fabs(dist.distance - ref.gap) <= TOL, "GJK distance == brute-force distance", pair,
			  dist.distance, ref.gap);
	// 3. swap symmetry
	check(pen.overlapping == swapped.overlapping, "swap keeps overlap", pair, swapped.overlapping, pen.overlapping);
	if (pen.overlapping && swapped.overlapping)
	{
		check(fabs(pen.depth - swapped.depth) <= TOL, "swap keeps the depth", pair, swapped.depth, pen.depth);
		if (ref.normalUnique && ref.gap < -1e-9)
			check(len2((npVec2){ pen.normal.x + swapped.normal.x, pen.normal.y + swapped.normal.y }) <= 1e-6,
				  "swap flips the normal", pair, swapped.normal.x, -pen.normal.x);
	}
	// 2. manifold points on/inside both shapes
	checkManifold(pair, A, B, &m, 0.0);
}

// The depth check must catch a wrong reference: SAT over A's normals only overestimates the depth
// whenever B's face is the minimum axis.
static void checkDetectsWrongReference(void)
{
	g_state = 7u;
	int caught = 0;
	for (int pair = 0; pair < 500; ++pair)
	{
		RandomPair rp = randomPair();
		npTransform2 xfA = rp.xfA, xfB = rp.xfB;
		const RefCore2 *A = &rp.A, *B = &rp.B;
		Reference wrong = reference(A, B, true);
		npPenetrationResult2 pen = npPenetration2(&g_a, xfA, &g_b, xfB, NULL);
		if (pen.overlapping && wrong.gap < 0.0 && fabs(pen.depth + wrong.gap) > TOL)
			caught += 1;
	}
	printf("self-check: a half-SAT reference (A's axes only) disagrees with EPA on %d of 500 pairs\n", caught);
	check(caught > 0, "the depth check detects a wrong reference", -1, caught, 1.0);
}

// The surface check must catch a manifold point moved by 1e-6 (1000 x the tolerance).
static void checkDetectsShiftedPoint(void)
{
	g_state = 11u;
	int caught = 0, tried = 0;
	for (int pair = 0; pair < 200; ++pair)
	{
		RandomPair rp = randomPair();
		npTransform2 xfA = rp.xfA, xfB = rp.xfB;
		const RefCore2 *A = &rp.A, *B = &rp.B;
		npManifold2 m = npCollide2(&g_a, xfA, &g_b, xfB, 0.0);
		if (m.pointCount == 0)
			continue;
		tried += 1;
		int violations = 0;
		g_violations = &violations;
		checkManifold(pair, A, B, &m, 1e-6);
		g_violations = NULL;
		caught += violations > 0 ? 1 : 0;
	}
	printf("self-check: manifold points shifted by 1e-6 caught on %d of %d contacts\n", caught, tried);
	check(tried > 0 && caught == tried, "the surface check detects a shifted point", -1, caught, tried);
}

int main(void)
{
	g_state = 20261121u;
	for (int pair = 0; pair < PAIRS; ++pair)
		runPair(pair);
	printf("properties: %d random pairs (%d overlapping, %d with overlapping cores; %d manifold points)\n",
		   PAIRS, g_overlapping, g_coresOverlapping, g_manifoldPoints);
	checkDetectsWrongReference();
	checkDetectsShiftedPoint();
	reportFailureCounts();
	printf("%d passed, %d failed\n", g_passed, g_failed);
	return g_failed == 0 ? 0 : 1;
}
