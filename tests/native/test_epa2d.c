// 2D GJK/EPA tests: random pairs against a brute-force separating-axis reference, the trace's
// invariants, and the touching / near-touching cases where EPA must start from an edge pair.
// Expected values come from the reference below (all edge normals of both shapes) or from
// closed forms, never from the library.
#include "narrowphase/narrowphase.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;
static double rnd(void)
{
	g_rng ^= g_rng << 13;
	g_rng ^= g_rng >> 7;
	g_rng ^= g_rng << 17;
	return (double)(g_rng >> 11) * (1.0 / 9007199254740992.0);
}

// Reference transform with the C library's trig (both sides must place the shapes identically).
static npVec2 xform(npTransform2 t, npVec2 p)
{
	return (npVec2){ t.q.c * p.x - t.q.s * p.y + t.p.x, t.q.s * p.x + t.q.c * p.y + t.p.y };
}

// Support function of a rounded shape in a world direction n (unit).
static double support(const npShape2* s, npTransform2 t, double nx, double ny)
{
	double best = -INFINITY;
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 w = xform(t, s->vertices[i]);
		double v = w.x * nx + w.y * ny;
		if (v > best)
			best = v;
	}
	return best + s->radius;
}

// Overlap of A and B along the A->B direction n: how far B must move along n to separate.
static double overlapAlong(const npShape2* a, npTransform2 ta, const npShape2* b, npTransform2 tb, double nx, double ny)
{
	return support(a, ta, nx, ny) + support(b, tb, -nx, -ny);
}

// Brute-force penetration depth of two sharp polygons: the minimum overlap over every edge normal
// of A and the negated edge normals of B (the edge normals of the Minkowski difference A - B).
static double satDepth(const npShape2* a, npTransform2 ta, const npShape2* b, npTransform2 tb)
{
	double best = INFINITY;
	for (int w = 0; w < 2; ++w)
	{
		const npShape2* s = w ? b : a;
		npTransform2 t = w ? tb : ta;
		for (int i = 0; i < s->count; ++i)
		{
			npVec2 n = s->normals[i];
			double nx = t.q.c * n.x - t.q.s * n.y, ny = t.q.s * n.x + t.q.c * n.y;
			if (w)
			{
				nx = -nx;
				ny = -ny;
			}
			double o = overlapAlong(a, ta, b, tb, nx, ny);
			if (o < best)
				best = o;
		}
	}
	return best;
}

static void randomPolygon(npShape2* s, double squash)
{
	for (;;)
	{
		npVec2 p[16];
		int n = 3 + (int)(rnd() * 12);
		for (int i = 0; i < n; ++i)
			p[i] = (npVec2){ rnd() * 2.0 - 1.0, (rnd() * 2.0 - 1.0) * squash };
		if (npMakePolygon2(p, n, 0.0, s) == NP_OK)
			return;
	}
}

static void testRandomPairs(int pairs, double offset)
{
	int compared = 0, touching = 0;
	double maxError = 0.0;
	double tol = offset == 0.0 ? 1e-9 : 1e-6;
	for (int k = 0; k < pairs; ++k)
	{
		npShape2 a, b;
		randomPolygon(&a, k % 7 == 0 ? 1e-3 : 1.0); // every 7th is a sliver
		randomPolygon(&b, 1.0);
		npTransform2 ta = npMakeTransform2(offset + rnd() * 0.2, offset + rnd() * 0.2, rnd() * 6.283);
		npTransform2 tb = npMakeTransform2(offset + rnd() * 1.5 - 0.75, offset + rnd() * 1.5 - 0.75, rnd() * 6.283);
		if (k % 11 == 0)
			tb = ta; // same shape placement: identical / contained cases

		double depth = satDepth(&a, ta, &b, tb);
		npPenetrationResult2 r = npPenetration2(&a, ta, &b, tb, NULL);
		bool overlap = npOverlap2(&a, ta, &b, tb);
		if (fabs(depth) <= tol)
		{
			++touching; // either answer is right this close to contact
			continue;
		}
		++compared;
		if (depth < 0.0)
		{
			CHECK(!r.overlapping && !overlap, "pair %d: separated by %g but reported overlapping", k, -depth);
			continue;
		}
		CHECK(r.overlapping && overlap, "pair %d: overlapping by %g but not reported", k, depth);
		if (!r.overlapping)
			continue;
		double err = fabs(r.depth - depth);
		if (err > maxError)
			maxError = err;
		CHECK(err <= tol, "pair %d (offset %g): depth %.17g, reference %.17g", k, offset, r.depth, depth);
		double along = overlapAlong(&a, ta, &b, tb, r.normal.x, r.normal.y);
		CHECK(fabs(along - r.depth) <= tol, "pair %d: overlap along the normal %.17g != depth %.17g", k, along, r.depth);
		double identity = (r.pointA.x - r.pointB.x) * r.normal.x + (r.pointA.y - r.pointB.y) * r.normal.y;
		CHECK(fabs(identity - r.depth) <= tol, "pair %d: dot(pA - pB, n) %.17g != depth %.17g", k, identity, r.depth);
		CHECK(fabs(hypot(r.normal.x, r.normal.y) - 1.0) <= 1e-12, "pair %d: normal not unit", k);
	}
	printf("random polygon pairs at offset %g: %d compared, %d within %g of touching, max depth error %.3g\n", offset,
		   compared, touching, tol, maxError);
}

// Rounded shapes: circles, capsules and rounded polygons against the same reference, with the
// radius added to the support function (exact for the Minkowski sum with a disc).
static void testRoundedPairs(int pairs)
{
	double maxError = 0.0;
	for (int k = 0; k < pairs; ++k)
	{
		npShape2 s[2];
		for (int j = 0; j < 2; ++j)
		{
			int kind = (int)(rnd() * 4);
			if (kind == 0)
				npMakeCircle(0.1 + rnd(), &s[j]);
			else if (kind == 1)
				npMakeCapsule2(0.1 + rnd(), 0.05 + 0.5 * rnd(), &s[j]);
			else if (kind == 2)
				npMakeBox2(0.1 + rnd(), 0.1 + rnd(), &s[j]);
			else
			{
				npShape2 p;
				randomPolygon(&p, 1.0);
				npMakePolygon2(p.vertices, p.count, 0.3 * rnd(), &s[j]);
			}
		}
		npTransform2 ta = npMakeTransform2(rnd() - 0.5, rnd() - 0.5, rnd() * 6.283);
		npTransform2 tb = npMakeTransform2(rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 6.283);
		npPenetrationResult2 r = npPenetration2(&s[0], ta, &s[1], tb, NULL);
		npDistanceResult2 d = npDistance2(&s[0], ta, &s[1], tb);
		if (!r.overlapping)
		{
			CHECK(d.distance > 0.0, "pair %d: penetration null but distance %g", k, d.distance);
			continue;
		}
		CHECK(d.distance == 0.0, "pair %d: penetration %g but distance %g", k, r.depth, d.distance);
		// The overlap along any direction is at least the depth; along the normal it equals it.
		double along = overlapAlong(&s[0], ta, &s[1], tb, r.normal.x, r.normal.y);
		CHECK(fabs(along - r.depth) <= 1e-9, "pair %d: along normal %.17g depth %.17g", k, along, r.depth);
		double worst = 0.0;
		for (int i = 0; i < 256; ++i)
		{
			npRot2 q = npMakeRot2(6.283185307179586 * i / 256.0);
			double o = overlapAlong(&s[0], ta, &s[1], tb, q.c, q.s);
			if (r.depth - o > worst)
				worst = r.depth - o;
		}
		if (worst > maxError)
			maxError = worst;
		CHECK(worst <= 1e-9, "pair %d: a direction overlaps less (%g) than the depth", k, worst);
	}
	printf("rounded pairs: %d, max (depth - overlap in any of 256 directions) %.3g\n", pairs, maxError);
}

static void testTraceInvariants(int pairs)
{
	static npEpaStep2 steps[NP_EPA2_MAX_VERTICES + 2];
	int traced = 0, fromEdge = 0;
	for (int k = 0; k < pairs; ++k)
	{
		npShape2 a, b;
		randomPolygon(&a, 1.0);
		randomPolygon(&b, 1.0);
		npTransform2 ta = npMakeTransform2(0.0, 0.0, rnd() * 6.283);
		npTransform2 tb = npMakeTransform2(rnd() - 0.5, rnd() - 0.5, rnd() * 6.283);
		npEpaTrace2 trace = { 0 };
		trace.steps = steps;
		trace.stepCapacity = NP_EPA2_MAX_VERTICES + 2;
		npPenetrationResult2 r = npPenetration2(&a, ta, &b, tb, &trace);
		npPenetrationResult2 plain = npPenetration2(&a, ta, &b, tb, NULL);
		CHECK(r.depth == plain.depth && r.normal.x == plain.normal.x && r.normal.y == plain.normal.y,
			  "pair %d: tracing changed the result", k);
		if (!r.overlapping || r.stop == NP_EPA_CORES_SEPARATED)
			continue;
		++traced;
		fromEdge += trace.startedFromEdge;
		CHECK(!trace.truncated && trace.stepCount == r.iterations + 1, "pair %d: %d steps for %d iterations", k,
			  trace.stepCount, r.iterations);
		CHECK(trace.simplexCount >= 1 && trace.simplexCount <= 3, "pair %d: simplex size %d", k, trace.simplexCount);
		npVec2 cso[NP_MAX_POLYGON_VERTICES * 2];
		int csoCount = npMinkowskiDifference2(&a, ta, &b, tb, cso, NP_MAX_POLYGON_VERTICES * 2);
		double last = -INFINITY;
		for (int s = 0; s < trace.stepCount; ++s)
		{
			const npEpaStep2* st = &steps[s];
			CHECK(st->stop == (s + 1 == trace.stepCount ? r.stop : NP_EPA_CONTINUE), "pair %d step %d: stop %d", k, s,
				  st->stop);
			CHECK(st->vertexCount == (trace.startedFromEdge ? 2 : 3) + s, "pair %d step %d: %d vertices", k, s,
				  st->vertexCount);
			// EPA's closest distance never decreases: each split replaces an edge by two farther ones.
			CHECK(st->edgeDistance >= last - 1e-12, "pair %d step %d: closest distance went down", k, s);
			last = st->edgeDistance;
			CHECK(st->supportDistance >= st->edgeDistance - 1e-12, "pair %d step %d: support behind its edge", k, s);
			// The polytope is convex and counter-clockwise, and its vertices are vertices of A - B.
			for (int i = 0; i < st->vertexCount && st->vertexCount >= 3; ++i)
			{
				npVec2 p0 = st->vertices[i], p1 = st->vertices[(i + 1) % st->vertexCount],
					   p2 = st->vertices[(i + 2) % st->vertexCount];
				double turn = (p1.x - p0.x) * (p2.y - p1.y) - (p1.y - p0.y) * (p2.x - p1.x);
				CHECK(turn >= -1e-12, "pair %d step %d: polytope not convex CCW at %d (%g)", k, s, i, turn);
			}
			double nearest = INFINITY;
			for (int i = 0; i < csoCount; ++i)
				nearest = fmin(nearest, hypot(cso[i].x - st->support.x, cso[i].y - st->support.y));
			CHECK(nearest <= 1e-12, "pair %d step %d: support point is not a vertex of A - B (%g)", k, s, nearest);
		}
		CHECK(fabs(steps[trace.stepCount - 1].edgeDistance - r.depth) <= 1e-12, "pair %d: last edge distance != depth", k);
	}
	printf("trace invariants: %d traced pairs, %d started from an edge pair\n", traced, fromEdge);
}

// Exact contact and 1e-9 overlaps: the origin lies on (or within rounding of) the boundary of
// A - B, GJK stops on a segment through it and EPA must start from the edge pair ab/ba.
static void testTouching(void)
{
	npShape2 box, tri, circle, capsule;
	npMakeBox2(1.0, 1.0, &box);
	npVec2 t[3] = { { -1.0, 0.0 }, { 1.0, 0.0 }, { 0.0, 1.0 } };
	npMakePolygon2(t, 3, 0.0, &tri);
	npMakeCircle(0.5, &circle);
	npMakeCapsule2(1.0, 0.25, &capsule);
	npTransform2 id = npMakeTransform2(0.0, 0.0, 0.0);
	struct
	{
		const npShape2* b;
		double x, y;
		double depth, nx, ny;
	} cases[] = {
		{ &box, 2.0, 0.0, 0.0, 1.0, 0.0 },        // face on face
		{ &box, 2.0, 0.5, 0.0, 1.0, 0.0 },        // face on face, shifted
		{ &box, 0.0, -2.0, 0.0, 0.0, -1.0 },      // face on face below
		{ &box, 2.0 - 1e-9, 0.3, 1e-9, 1.0, 0.0 },// 1e-9 overlap
		{ &box, 0.3, 2.0 - 1e-9, 1e-9, 0.0, 1.0 },
		{ &tri, 0.0, 1.0, 0.0, 0.0, 1.0 },        // triangle's base on the box's top face
		{ &tri, 0.0, 1.0 - 1e-9, 1e-9, 0.0, 1.0 },
		{ &circle, 1.5, 0.0, 0.0, 1.0, 0.0 },     // circle touching a face
		{ &circle, 0.0, 1.5 - 1e-9, 1e-9, 0.0, 1.0 },
		{ &capsule, 0.0, 1.25, 0.0, 0.0, 1.0 },   // capsule lying on the box
		{ &capsule, 3.0 - 1e-9, 0.0, 1e-9, 1.0, 0.0 }, // capsule end cap against a face... (core gap 0.75)
	};
	static npEpaStep2 steps[NP_EPA2_MAX_VERTICES + 2];
	int edgeStarts = 0;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
	{
		npTransform2 tb = npMakeTransform2(cases[i].x, cases[i].y, 0.0);
		npEpaTrace2 trace = { 0 };
		trace.steps = steps;
		trace.stepCapacity = NP_EPA2_MAX_VERTICES + 2;
		npPenetrationResult2 r = npPenetration2(&box, id, cases[i].b, tb, &trace);
		edgeStarts += trace.startedFromEdge;
		// Capsule at x = 3 - 1e-9: its left cap reaches x = 3 - 1e-9 - 1 - 0.25 = 1.75: apart by 0.75.
		double expectDepth = cases[i].depth;
		bool expectOverlap = true;
		if (cases[i].b == &capsule && cases[i].x > 2.0)
			expectOverlap = false;
		CHECK(r.overlapping == expectOverlap, "touching case %zu: overlapping %d", i, r.overlapping);
		if (!expectOverlap || !r.overlapping)
			continue;
		CHECK(fabs(r.depth - expectDepth) <= 1e-15, "touching case %zu: depth %.17g expected %.17g", i, r.depth,
			  expectDepth);
		CHECK(fabs(r.normal.x - cases[i].nx) <= 1e-12 && fabs(r.normal.y - cases[i].ny) <= 1e-12,
			  "touching case %zu: normal (%.17g, %.17g)", i, r.normal.x, r.normal.y);
		CHECK(npOverlap2(&box, id, cases[i].b, tb), "touching case %zu: overlap test says apart", i);
	}

	// The exact-contact cases end GJK on the boundary: they must have gone through the edge-pair start.
	printf("touching cases: %d of %zu started EPA from an edge pair\n", edgeStarts, sizeof(cases) / sizeof(cases[0]));
	CHECK(edgeStarts >= 4, "only %d touching cases used the edge-pair start", edgeStarts);

	// Coincident circles: A - B is a single point; the normal is the documented fixed choice.
	npPenetrationResult2 r = npPenetration2(&circle, id, &circle, id, NULL);
	CHECK(r.overlapping && r.depth == 1.0 && r.normal.x == 0.0 && r.normal.y == 1.0 && r.stop == NP_EPA_POINT,
		  "coincident circles: depth %g normal (%g, %g)", r.depth, r.normal.x, r.normal.y);
	// Identical boxes at one place: depth is the full width along a face normal.
	r = npPenetration2(&box, id, &box, id, NULL);
	CHECK(r.overlapping && fabs(r.depth - 2.0) <= 1e-15 && fabs(fabs(r.normal.x) + fabs(r.normal.y) - 1.0) <= 1e-15,
		  "identical boxes: depth %g normal (%g, %g)", r.depth, r.normal.x, r.normal.y);
}

// Random rotated polygons placed to touch along one of A's face normals (computed with the
// reference support functions), then pushed in by 0 or 1e-9: the origin sits within rounding
// of the boundary of A - B, on either side. Depth must be the push (to 1e-12) and the normal must
// realise it. This is the test that fails without the winding-based normals and the edge-pair
// start: computing each edge normal as the direction to the foot of the perpendicular from the
// origin (the article's first version) fails 13,752 of these checks, with depth errors up to 0.97.
static void testNearTouchingRandom(int pairs)
{
	int edgeStarts = 0;
	static npEpaStep2 steps[NP_EPA2_MAX_VERTICES + 2];
	double maxError = 0.0;
	for (int k = 0; k < pairs; ++k)
	{
		npShape2 a, b;
		randomPolygon(&a, 1.0);
		randomPolygon(&b, 1.0);
		npTransform2 ta = npMakeTransform2(rnd() - 0.5, rnd() - 0.5, rnd() * 6.283);
		npTransform2 tb = npMakeTransform2(0.0, 0.0, rnd() * 6.283);
		int face = (int)(rnd() * a.count);
		npVec2 n = a.normals[face];
		double ux = ta.q.c * n.x - ta.q.s * n.y, uy = ta.q.s * n.x + ta.q.c * n.y;
		double push = (k & 1) ? 1e-9 : 0.0;
		// Move B along u until the overlap along u is exactly `push` (B at the origin overlaps by o).
		double o = overlapAlong(&a, ta, &b, tb, ux, uy);
		tb.p.x += (o - push) * ux;
		tb.p.y += (o - push) * uy;
		double depth = satDepth(&a, ta, &b, tb);
		npEpaTrace2 trace = { 0 };
		trace.steps = steps;
		trace.stepCapacity = NP_EPA2_MAX_VERTICES + 2;
		npPenetrationResult2 r = npPenetration2(&a, ta, &b, tb, &trace);
		edgeStarts += trace.startedFromEdge;
		if (depth < -1e-12)
			continue; // rounding put them apart: nothing to check beyond "no crash"
		CHECK(r.overlapping || depth <= 1e-12, "near-touching pair %d: reference depth %g, not overlapping", k, depth);
		if (!r.overlapping)
			continue;
		double err = fabs(r.depth - depth);
		if (err > maxError)
			maxError = err;
		CHECK(err <= 1e-12, "near-touching pair %d: depth %.17g reference %.17g", k, r.depth, depth);
		double along = overlapAlong(&a, ta, &b, tb, r.normal.x, r.normal.y);
		CHECK(fabs(along - r.depth) <= 1e-12, "near-touching pair %d: along normal %.17g depth %.17g", k, along, r.depth);
	}
	printf("near-touching random pairs: %d, %d started from an edge pair, max depth error %.3g\n", pairs, edgeStarts,
		   maxError);
}

static void testBoundedOnLargePolygons(void)
{
	// Two 64-gons approximating circles: the Minkowski difference has up to 128 vertices, the
	// worst case for the polytope size; EPA must end within its bound and still be exact.
	npVec2 p[64];
	for (int i = 0; i < 64; ++i)
	{
		npRot2 q = npMakeRot2(6.283185307179586 * i / 64.0);
		p[i] = (npVec2){ q.c, q.s };
	}
	npShape2 a, b;
	CHECK(npMakePolygon2(p, 64, 0.0, &a) == NP_OK && a.count == 64, "64-gon hull");
	npMakePolygon2(p, 64, 0.0, &b);
	for (int k = 0; k < 200; ++k)
	{
		npTransform2 ta = npMakeTransform2(0.0, 0.0, rnd() * 6.283);
		npTransform2 tb = npMakeTransform2(rnd() - 0.5, rnd() - 0.5, rnd() * 6.283);
		npPenetrationResult2 r = npPenetration2(&a, ta, &b, tb, NULL);
		double depth = satDepth(&a, ta, &b, tb);
		CHECK(r.overlapping && r.stop == NP_EPA_CONVERGED && fabs(r.depth - depth) <= 1e-9,
			  "64-gon pair %d: depth %.17g reference %.17g stop %d", k, r.depth, depth, r.stop);
		CHECK(r.iterations <= NP_EPA2_MAX_VERTICES, "64-gon pair %d: %d iterations", k, r.iterations);
	}
}

// Rounded boxes whose cores are 1e-12 to 1e-6 apart, a corner of A's core above the interior of the
// top face of B's, B up to 1e5 from the origin and both turned at random. Closed form: the normal
// from A to B is B's down axis, and the depth rA + rB - gap. The normal of separated cores taken as
// the direction of the tiny gap between closest points carried the coordinates' rounding over the
// gap (a golden-file pair: 5e-8 off); the face's edge gives it to rounding (gjk2d.c npGjkNormal2).
// Held to 1e-12 here.
static double rndRange(double lo, double hi) { return lo + (hi - lo) * rnd(); }

static void testCoresApartUnderAFace(int pairs)
{
	int worst = -1;
	double worstError = 0.0;
	for (int i = 0; i < pairs; ++i)
	{
		double hx = rndRange(1.0, 50.0), hy = rndRange(0.1, 1.0), rB = rndRange(0.05, 0.5), rA = rndRange(0.05, 0.5);
		double ax = rndRange(0.1, 1.0), ay = rndRange(0.1, 1.0);
		npVec2 coreB[4] = { { -hx, -hy }, { hx, -hy }, { hx, hy }, { -hx, hy } }, coreA[4] = { { -ax, -ay }, { ax, -ay }, { ax, ay }, { -ax, ay } };
		npShape2 a, b;
		CHECK(npMakePolygon2(coreA, 4, rA, &a) == NP_OK && npMakePolygon2(coreB, 4, rB, &b) == NP_OK, "cores apart: shapes");
		double theta = rndRange(-3.0, 3.0), phi = rndRange(-3.0, 3.0);
		double spread = pow(10.0, rndRange(0.0, 5.0)), gap = pow(10.0, rndRange(-12.0, -6.0));
		npTransform2 xb = npMakeTransform2(rndRange(-spread, spread), rndRange(-spread, spread), theta);
		npTransform2 xa = npMakeTransform2(0.0, 0.0, phi);
		// A's core corner lowest along B's up axis (in the world), placed at (u, hy + gap) in B's frame.
		npVec2 up = { -xb.q.s, xb.q.c };
		int low = 0;
		double lowest = INFINITY;
		for (int k = 0; k < 4; ++k)
		{
			npVec2 w = { xa.q.c * coreA[k].x - xa.q.s * coreA[k].y, xa.q.s * coreA[k].x + xa.q.c * coreA[k].y };
			double h = w.x * up.x + w.y * up.y;
			if (h < lowest)
			{
				lowest = h;
				low = k;
			}
		}
		npVec2 corner = { xa.q.c * coreA[low].x - xa.q.s * coreA[low].y, xa.q.s * coreA[low].x + xa.q.c * coreA[low].y };
		double u = rndRange(-0.8 * hx, 0.8 * hx), v = hy + gap;
		npVec2 target = { xb.p.x + xb.q.c * u - xb.q.s * v, xb.p.y + xb.q.s * u + xb.q.c * v };
		xa.p = (npVec2){ target.x - corner.x, target.y - corner.y };
		npPenetrationResult2 r = npPenetration2(&a, xa, &b, xb, NULL);
		double error = fmax(fabs(r.normal.x + up.x), fabs(r.normal.y + up.y));
		CHECK(r.overlapping && fabs(r.depth - (rA + rB - gap)) <= 1e-9 * spread, "cores apart #%d: depth %.17g, want %.17g", i, r.depth,
			  rA + rB - gap);
		if (error > worstError)
		{
			worstError = error;
			worst = i;
		}
	}
	printf("rounded boxes with cores apart: %d pairs, worst normal error %.3g (pair %d)\n", pairs, worstError, worst);
	CHECK(worstError <= 1e-12, "cores apart: a normal %.3g off the face's", worstError);
}

int main(void)
{
	testRandomPairs(20000, 0.0);
	testRandomPairs(5000, 1.0e4);
	testRoundedPairs(5000);
	testTraceInvariants(3000);
	testTouching();
	testNearTouchingRandom(20000);
	testBoundedOnLargePolygons();
	testCoresApartUnderAFace(3000);
	return checkSummary();
}
