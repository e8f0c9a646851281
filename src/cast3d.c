// Linear shape casts between two convex 3D shapes.
//
// The moving shape A translates by t * r for t in [0, maxFraction]; B stands still. In A's frame
// B moves by -t * r, and the distance d(t) between the two cores is a convex function of t (the
// distance from the origin to a translated convex set, the Minkowski difference). The cast looks
// for the first t with d(t) <= R, R = rA + rB + targetDistance.
//
// The cast is the GJK ray cast of van den Bergen ("Ray Casting against General Convex Objects with
// Application to Continuous Collision Detection", 2004), as in 2D (cast2d.c): B's motion turns the
// distance at t into the distance from x = -t r to the fixed Minkowski difference M = coreA - coreB,
// so the cast is a ray from the origin along -r against M grown by R:
//  - keep a simplex of points of M (stored relative to x) and v = x - its point closest to x;
//  - take M's support point p along v: M grown by R lies in the half-space v.y <= v.p + R |v|, so
//    while x is beyond that plane no point of the ray before it can touch, and x moves forward onto
//    it (a lower bound of the first contact; a ray running away from the plane misses);
//  - add p to the simplex and reduce it to the features supporting the point closest to x (GJK's
//    step, npSolveSimplex3); the simplex stays valid when x moves, its points are points of M;
//  - stop when |v|, an upper bound of the distance from x to M, is within reach.
// Every advance is also a conservative-advancement step (Mirtich 1996) on the convex distance d(t),
// a Newton step that lands at or before its root, so the fraction never passes the contact. Where
// conservative advancement runs a fresh GJK at every step (3 to 5 of them, each 4 to 6 support
// points), the ray cast's one simplex needs about 6 to 8 support points in all.
//
// Rounding: the simplex's distance is exact to about 1e-15 of the coordinates' scale, so a step
// aimed exactly at R could land past the contact by that much over the closing speed. The cast
// therefore aims at R + s (s = NP_CAST3_STANDOFF times the scale: both shapes' extents, the
// translation's length and their distance) and stops once within R + 2 s: the fraction is never
// late, and early by at most 2 s over the closing speed.
//
// The hit's normal is that of the closest features at the hit (featurenormal3d.c: GJK's, checked
// against the gap between the points and, for a triangle, against the shapes as a facet of M).
//
// Two spheres are solved in closed form (the root of a quadratic, with the same stand-off).
// Initial contact (the ray cast accepts before any advance: d(0) <= R + 2 s, then GJK at 0 decides
// as before: within R + s): fraction 0 with the normal of the GJK closest points or, when the
// cores overlap, of the penetration (GJK + EPA, npPenetration3), and its depth. ignoreSeparating
// skips such a contact when the translation does not go into it: the signed distance of convex
// shapes is convex too, so it never comes back down and the cast has no hit.
#include "cast3d_private.h"
#include "epa3d_private.h"

#include "gjk3d.h"
#include "codesize.h"
#include "inputs.h"
#include "tiny3d.h"
#include "vec3.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

npCastOptions3 npDefaultCastOptions3(void) { return (npCastOptions3){ 1.0, 0.0, false }; }

double npShapeExtent3(const npShape3* shape)
{
	// A hull keeps its largest coordinate from creation, a sphere's core is its centre and a
	// capsule's the two ends (0, +-halfHeight, 0): the same maxima as the scan below.
	if (shape->type == NP_SHAPE_HULL3)
		return 1.7320508075688772 * shape->hull->maxCoordinate + shape->radius;
	if (shape->type == NP_SHAPE_SPHERE)
		return 1.7320508075688772 * 0.0 + shape->radius;
	if (shape->type == NP_SHAPE_CAPSULE3)
		return 1.7320508075688772 * np3Max(0.0, fabs(shape->halfHeight)) + shape->radius;
	npPolyhedron3 poly;
	npMakePolyhedron3(shape, &poly);
	double e = 0.0;
	for (int i = 0; i < poly.vertexCount; ++i)
		e = np3Max(e, v3MaxAbs(poly.vertices[i]));
	return 1.7320508075688772 * e + shape->radius;
}

npResult npCheckCastShape3(const npShape3* shape)
{
	if (shape == NULL || (unsigned)shape->type > (unsigned)NP_SHAPE_TRIANGLE3 || !(shape->radius >= 0.0) ||
		!npIsUsable(shape->radius) || (shape->type == NP_SHAPE_HULL3 && shape->hull == NULL))
		return NP_ERR_INVALID_ARGUMENT;
	return NP_OK;
}

npResult npCheckCastOptions3(const npCastOptions3* o)
{
	if (!npIsUsable(o->maxFraction) || !npIsUsable(o->targetDistance))
		return NP_ERR_NON_FINITE;
	if (o->maxFraction < 0.0 || o->targetDistance < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	return NP_OK;
}

// -n without negative zeros (0 - x is +0 for x = +-0), as the mesh contacts write normals.
static npVec3 flip(npVec3 n) { return (npVec3){ 0.0 - n.x, 0.0 - n.y, 0.0 - n.z }; }

static void clearHit(npCastHit3* hit)
{
	*hit = (npCastHit3){ 0 };
	hit->mesh = -1;
	hit->triangle = -1;
}

// An initial contact: keeps it, or skips it (hit cleared) when ignoreSeparating and the translation
// does not go into it.
static void finishInitial(const npShapeCastInput3* in, npCastHit3* hit)
{
	hit->initialOverlap = true;
	hit->fraction = 0.0;
	hit->hit = true;
	if (in->options.ignoreSeparating && v3Dot(in->translation, hit->normal) >= 0.0)
		clearHit(hit);
}

// Two spheres: |p - t r| = R + s, p from A's centre to B's.
static void castSpheres(const npShapeCastInput3* in, npCastHit3* hit)
{
	npVec3 ca = in->transform.p, cb = in->targetTransform.p, r = in->translation;
	double rA = in->shape->radius, rB = in->target->radius;
	npVec3 p = v3Sub(cb, ca);
	double scale = rA + rB + v3MaxAbs(p) + v3MaxAbs(r);
	double reach = rA + rB + in->options.targetDistance + NP_CAST3_STANDOFF * scale;
	double pp = v3Dot(p, p), reach2 = reach * reach;
	hit->iterations = 1;
	if (pp <= reach2)
	{
		double len = sqrt(pp);
		npVec3 n = len > 0.0 ? v3Scale(1.0 / len, p) : v3(1.0, 0.0, 0.0); // A to B
		hit->normal = flip(n);
		hit->point = v3MulAdd(cb, -rB, n);
		hit->pointOnShape = v3MulAdd(ca, rA, n);
		hit->penetration = np3Max(0.0, rA + rB - len);
		finishInitial(in, hit);
		return;
	}
	double b = v3Dot(p, r), rr = v3Dot(r, r);
	double disc = b * b - rr * (pp - reach2);
	if (b <= 0.0 || disc < 0.0)
		return;
	double t = (pp - reach2) / (b + sqrt(disc));
	if (!(t <= in->options.maxFraction))
		return;
	npVec3 q = v3MulAdd(p, -t, r);
	double len = v3Length(q);
	npVec3 n = v3Scale(1.0 / len, q);
	npVec3 moved = v3MulAdd(ca, t, r);
	hit->hit = true;
	hit->fraction = t;
	hit->normal = flip(n);
	hit->point = v3MulAdd(cb, -rB, n);
	hit->pointOnShape = v3MulAdd(moved, rA, n);
}

// Fills the hit's points and normal from the closest core points at fraction t (A's frame at t;
// n unit from A to B).
static void fillHit(const npShapeCastInput3* in, npVec3 pointA, npVec3 pointB, npVec3 n, double t, npCastHit3* hit)
{
	npTransform3 xf = in->transform;
	xf.p = v3MulAdd(xf.p, t, in->translation);
	npVec3 pa = v3MulAdd(pointA, in->shape->radius, n);
	npVec3 pb = v3MulAdd(pointB, -in->target->radius, n);
	hit->pointOnShape = npTransformPoint3(xf, pa);
	hit->point = npTransformPoint3(xf, pb);
	hit->normal = flip(npRotate3(xf.q, n));
	hit->fraction = t;
}

static void hitFromGjk(const npShapeCastInput3* in, const npGjkResult3* g, npVec3 n, double t, npCastHit3* hit)
{
	fillHit(in, g->pointA, g->pointB, n, t, hit);
}

// Cores overlap at t = 0: the penetration normal and depth.
static void overlapAtStart(const npShapeCastInput3* in, npCastHit3* hit)
{
	npPenetrationResult3 pen = npPenetration3(in->shape, in->transform, in->target, in->targetTransform);
	if (pen.overlapping)
	{
		hit->normal = flip(pen.normal);
		hit->point = pen.pointB;
		hit->pointOnShape = pen.pointA;
		hit->penetration = pen.depth;
	}
	else
	{
		// Touching exactly (EPA found no depth): face the motion.
		double len = v3Length(in->translation);
		hit->normal = len > 0.0 ? v3Scale(-1.0 / len, in->translation) : v3(1.0, 0.0, 0.0);
		npDistanceResult3 d = npDistance3(in->shape, in->transform, in->target, in->targetTransform);
		hit->point = d.pointB;
		hit->pointOnShape = d.pointA;
	}
	finishInitial(in, hit);
}

/// The cast's prepared numbers, in A's frame at fraction 0.
typedef struct Cast3
{
	const npShapeCastInput3* in;
	const npPair3* pair; ///< B at fraction 0
	npVec3 r;          ///< A's translation in A's frame (B moves by -t r)
	double reach;      ///< rA + rB + targetDistance
	double standoff;   ///< NP_CAST3_STANDOFF times the scale
	double maxFraction;
} Cast3;

// The normal of a cast that reached the ray cast's iteration cap (needles). GJK's direction on such
// a needle is a weighted sum of points 1e10 long, good to about 1e-6 rad (a box cast at a triangle
// 1.5e10 long and 200 wide: the triangle's far corner 9.8e7 beyond the reported plane; a box on a
// hull 4.4e10 long: 18,500 beyond; fuzz_casts3d). Of that direction and every face normal of both
// cores, the one along which they are farthest apart (smallest overlap, by support queries:
// npEpaEveryFace3) is the contact's normal when a face touches; GJK's direction stays when no face
// normal separates the cores as well. 2 F support queries, on capped casts only.
static npVec3 cappedNormal(const npPair3* pair, npVec3 n)
{
	return npEpaEveryFace3(pair, (polishAxis){ n, 0.0, -1, -1 }).axis;
}

/// How the GJK ray cast ended.
typedef enum RayEnd3
{
	RAY3_MISS,
	RAY3_HIT,
	RAY3_AT_START, ///< within reach before any advance: the initial-contact path decides
	RAY3_CAPPED    ///< the iteration cap, undecided: hit->fraction holds the safe fraction reached
} RayEnd3;

// True when the simplex's feature nearest x, recomputed by npRefineDirection3 from its geometry
// rather than the weights, is farther than `accept` from x; then *v becomes that direction (x minus
// the feature's nearest point). The weighted v carries the weights' rounding times the points' size:
// on a needle hull (a vertex 1e6 away) it made a sphere look within reach 5 units too early, or a
// support point look repeated, and the cast reported a hit the path never came near
// (tests/native/test_needles3d.c). At most NP_CAST3_MAX_REFUTES per cast, so a direction that
// rounding keeps refuting cannot use up the iterations.
#define NP_CAST3_MAX_REFUTES 4
static bool refuteReach(const npSupportPoint3* simplex, int count, double accept, npVec3* v, int* refutes)
{
	npVec3 nearest;
	if (!npRefineDirection3(simplex, count, &nearest) || !(v3LengthSq(nearest) > accept * accept))
		return false;
	*v = v3Neg(nearest);
	*refutes += 1;
	return true;
}

// The ray cast stops once the distance is within reach, and a distance converges far sooner than
// its direction (a direction a angle off costs only about a^2 / 2 of the distance): a thin box cast
// onto a ball over the middle of its face stopped on the face's diagonal, 3e-4 along it from the
// ball's centre, and its normal was 1.1e-4 rad off the face's (fuzz_casts3d's normal check). With
// x where the ray cast left it, GJK goes on until M's support point along v is in the simplex
// already or the simplex is a triangle: at most two more support points, each kept only when the
// simplex's closest point does not move away from x (the distance is already within reach).
#define NP_CAST3_REFINE_STEPS 2
static void refineFeature(const npPair3* pair, npVec3 x, npSupportPoint3* simplex, double* weights, int* count, npVec3* v)
{
	for (int step = 0; step < NP_CAST3_REFINE_STEPS && *count < 3; ++step)
	{
		npSupportPoint3 s = npSupportPair3(pair, *v);
		bool repeated = false;
		for (int i = 0; i < *count; ++i)
			repeated = repeated || (simplex[i].indexA == s.indexA && simplex[i].indexB == s.indexB);
		if (repeated)
			return;
		npSupportPoint3 saved[3];
		double savedWeights[3];
		int savedCount = *count;
		for (int i = 0; i < savedCount; ++i)
		{
			npCopySupport3(&saved[i], &simplex[i]);
			savedWeights[i] = weights[i];
		}
		s.w = v3Sub(s.w, x);
		npCopySupport3(&simplex[savedCount], &s);
		int n = npSolveSimplex3(simplex, weights, savedCount + 1);
		npVec3 nv = v3(0.0, 0.0, 0.0);
		for (int i = 0; i < n && n < 4; ++i)
			nv = v3MulAdd(nv, -weights[i], simplex[i].w);
		if (n == 4 || !(v3LengthSq(nv) <= v3LengthSq(*v)))
		{
			for (int i = 0; i < savedCount; ++i)
			{
				npCopySupport3(&simplex[i], &saved[i]);
				weights[i] = savedWeights[i];
			}
			return;
		}
		*count = n;
		*v = nv;
	}
}

// Within reach at fraction 0 (the ray cast never advanced): GJK's closest points there, the
// penetration when the cores overlap, and initialOverlap when within reach + standoff. The normal
// is decided as at a hit of the ray cast (npFeatureNormal3: a ball touching a needle 1e9 long at
// fraction 0 got the normal of a triangle across two facets, the needle 7e5 beyond the plane;
// fuzz_casts3d). `capped`: reached from the capped path, whose normal is polished (cappedNormal).
static void contactAtStart(const Cast3* c, npCastHit3* hit, bool capped)
{
	const npShapeCastInput3* in = c->in;
	npGjkResult3 g;
	npGjkFrom3(c->pair, DBL_MAX, c->pair->xfB.p, &g);
	double d = g.overlap ? 0.0 : g.distance;
	if (d <= 0.0)
	{
		overlapAtStart(in, hit);
		return;
	}
	npClosestFeatures3 f = { g.simplex, g.count, g.pointA, g.pointB, v3Scale(-0.0, c->r) }; // B at fraction 0
	npVec3 n = capped ? cappedNormal(c->pair, npGjkNormal3(&g)) : npFeatureNormal3(c->pair, &f);
	hitFromGjk(in, &g, n, 0.0, hit);
	hit->hit = true;
	if (d <= c->reach + c->standoff)
	{
		hit->penetration = np3Max(0.0, in->shape->radius + in->target->radius - d);
		finishInitial(in, hit);
	}
}

// The GJK ray cast of van den Bergen (see the outline): x = -t r runs from the origin against
// M = coreA - coreB (B at fraction 0) grown by `aim`; the simplex, points of M stored relative to
// x, survives every advance of x.
static RayEnd3 rayCast3(const Cast3* c, npCastHit3* hit)
{
	const npPair3* pair = c->pair;
	npVec3 ray = v3Neg(c->r);
	double aim = c->reach + c->standoff, accept = c->reach + 2.0 * c->standoff;
	double t = 0.0;
	npVec3 x = v3(0.0, 0.0, 0.0), plane = v3(0.0, 0.0, 0.0);
	bool advanced = false;

	npSupportPoint3 simplex[4];
	double weights[4] = { 1.0, 0.0, 0.0, 0.0 };
	npVec3 start = v3LengthSq(pair->xfB.p) > 0.0 ? pair->xfB.p : v3(1.0, 0.0, 0.0);
	simplex[0] = npSupportPair3(pair, start);
	int count = 1;
	npVec3 v = v3Neg(simplex[0].w);
	bool inside = false;
	int refutes = 0; // refuteReach's retries, at most NP_CAST3_MAX_REFUTES
	int iteration = 0;
	bool decided = false;
	while (iteration < NP_CAST3_MAX_ITERATIONS)
	{
		double vv = v3LengthSq(v);
		decided = true;
		if (vv <= accept * accept && !(refutes < NP_CAST3_MAX_REFUTES && refuteReach(simplex, count, accept, &v, &refutes)))
			break;
		decided = false;
		vv = v3LengthSq(v);
		++iteration;

		// M lies in v.y <= v.p; grown by aim it lies in v.y <= v.p + aim |v|. x beyond that plane:
		// no point of the ray before it can come within aim, so x moves forward onto it.
		npSupportPoint3 s = npSupportPair3(pair, v);
		double vLen = sqrt(vv);
		bool advancing = v3Dot(v, v3Sub(x, s.w)) > aim * vLen;
		if (advancing)
		{
			double vr = v3Dot(v, ray);
			if (vr >= 0.0)
			{
				hit->iterations = iteration;
				return RAY3_MISS; // the ray runs parallel to or away from the plane
			}
			double next = (aim * vLen + v3Dot(v, s.w)) / vr;
			if (!(next <= c->maxFraction))
			{
				hit->iterations = iteration;
				return RAY3_MISS;
			}
			t = np3Max(t, next);
			x = v3Scale(t, ray);
			plane = v;
			advanced = true;
		}

		// A support point already in the simplex, with x unmoved, brings nothing new: v is the
		// closest direction (after a move the simplex is solved again for the new x).
		bool repeated = false;
		for (int i = 0; i < count; ++i)
			repeated = repeated || (simplex[i].indexA == s.indexA && simplex[i].indexB == s.indexB);
		if (advancing)
			for (int i = 0; i < count; ++i)
				simplex[i].w = v3Sub(v3Sub(simplex[i].wA, simplex[i].wB), x);
		if (!repeated)
		{
			s.w = v3Sub(s.w, x);
			npCopySupport3(&simplex[count++], &s);
		}
		count = npSolveSimplex3(simplex, weights, count);
		if (count == 4)
		{
			inside = true; // x inside M: only at fraction 0, or by rounding
			break;
		}
		v = v3(0.0, 0.0, 0.0);
		for (int i = 0; i < count; ++i)
			v = v3MulAdd(v, -weights[i], simplex[i].w);
		// In exact arithmetic a repeated point with x unmoved means x is within aim of M (the support
		// plane through a simplex point, along the closest direction). When v says otherwise its
		// rounding is to blame (refuteReach): go on once along the refined direction.
		if (repeated && !advancing &&
			!(refutes < NP_CAST3_MAX_REFUTES && refuteReach(simplex, count, accept, &v, &refutes)))
		{
			decided = true;
			break;
		}
	}
	hit->iterations = iteration;
	if (!decided && !inside)
	{
		hit->fraction = t;
		return RAY3_CAPPED;
	}
	if (!advanced)
		return RAY3_AT_START;
	if (!inside)
		refineFeature(pair, x, simplex, weights, &count, &v);

	// The closest core points at t: B moved by -t r.
	npVec3 pa = v3(0.0, 0.0, 0.0), pb = v3(0.0, 0.0, 0.0);
	for (int i = 0; i < count; ++i)
	{
		pa = v3MulAdd(pa, weights[i], simplex[i].wA);
		pb = v3MulAdd(pb, weights[i], simplex[i].wB);
	}
	pb = v3MulAdd(pb, -t, c->r);
	// Apart: the normal of the closest features (npSimplexNormal3: a box 0.76 from a hull needle
	// 3e7 long had the gap's direction 8e-5 rad off, its far end 1,290 beyond the reported plane;
	// fuzz_casts3d); inside (by rounding) or touching: the last plane's.
	npClosestFeatures3 f = { simplex, count, pa, pb, v3Scale(-t, c->r) };
	npVec3 n;
	if (!inside && v3LengthSq(v3Sub(pb, pa)) > 0.0)
		n = npFeatureNormal3(pair, &f);
	else
		n = npCheckFacetNormal3(pair, &f, v3Scale(1.0 / v3Length(plane), plane));
	fillHit(c->in, pa, pb, n, t, hit);
	hit->hit = true;
	return RAY3_HIT;
}

// The ray cast's iteration cap reached without a verdict (fuzz_casts3d: a box cast 1.4e6 along a
// hull needle 3e7 long and a few hundred wide; the simplex crawled along the needle and never
// advanced, and the cast reported a hit at fraction 0 with the shapes 7.7 apart). From the safe
// fraction reached, conservative advancement (Mirtich 1996) with a fresh GJK at every step: the
// distance d(t) is convex and decreases no faster than n . r (n the unit direction from A's closest
// point to B's), so the step (d - aim) / (n . r) lands at or before the contact; it stops within
// accept (a hit), when n . r <= 0 (d no longer decreases: a miss, as d is convex) or past
// maxFraction (a miss). Bounded by NP_CAST3_MAX_ITERATIONS + 1 more GJK runs; still undecided,
// the fraction reached is reported as the hit (never later than the contact).
// The steps aim NP_CAST3_CAPPED_STANDOFFS stand-offs short (1e-7 of the scale, within the cast's
// 1e-6 accuracy): the pairs that get here are needles whose GJK distances are good to about 1e-8
// of the scale only (a box at a hull needle 1.8e7 long: distances scattered by 0.065 along the
// path), and a step from a distance that much too large went past the contact (the box 0.0055
// inside the needle at the reported fraction; tools/gen_vectors_cast3d.mjs's exact SAT times).
#define NP_CAST3_CAPPED_STANDOFFS 1000.0
static void castCapped(const Cast3* c, double t, npCastHit3* hit)
{
	int iterations = hit->iterations;
	double margin = NP_CAST3_CAPPED_STANDOFFS * c->standoff;
	double aim = c->reach + margin, accept = c->reach + 2.0 * margin;
	npPair3 moved = *c->pair;
	npGjkResult3 g;
	npVec3 n = v3(1.0, 0.0, 0.0);
	for (int k = 0; k <= NP_CAST3_MAX_ITERATIONS; ++k)
	{
		moved.xfB.p = v3MulAdd(c->pair->xfB.p, -t, c->r);
		npGjkFrom3(&moved, DBL_MAX, moved.xfB.p, &g);
		iterations += 1;
		double d = g.overlap ? 0.0 : g.distance;
		if (d > 0.0)
			n = npGjkNormal3(&g);
		if (d <= accept && t == 0.0)
		{
			contactAtStart(c, hit, true); // the ray cast never advanced: an initial contact after all
			hit->iterations = iterations;
			return;
		}
		if (d <= accept || k == NP_CAST3_MAX_ITERATIONS)
			break; // within reach, or out of steps: g is at t either way
		double closing = v3Dot(n, c->r);
		double next = closing > 0.0 ? t + (d - aim) / closing : DBL_MAX;
		if (!(next <= c->maxFraction))
		{
			clearHit(hit);
			hit->iterations = iterations;
			return;
		}
		t = np3Max(t, next);
	}
	fillHit(c->in, g.pointA, g.pointB, cappedNormal(&moved, n), t, hit);
	hit->hit = true;
	hit->iterations = iterations;
}

void npCastConvexPair3(const npShapeCastInput3* in, const npPair3* pair, double extentA, double extentB, npCastHit3* hit)
{
	clearHit(hit);
	Cast3 c;
	c.in = in;
	c.pair = pair;
	c.r = npInvRotate3(in->transform.q, in->translation);
	double scale = extentA + extentB + v3MaxAbs(c.r) + v3MaxAbs(pair->xfB.p);
	c.standoff = NP_CAST3_STANDOFF * scale;
	c.reach = in->shape->radius + in->target->radius + in->options.targetDistance;
	c.maxFraction = in->options.maxFraction;
	RayEnd3 end = rayCast3(&c, hit);
	if (end == RAY3_CAPPED)
		castCapped(&c, hit->fraction, hit);
	else if (end == RAY3_AT_START)
	{
		int iterations = hit->iterations;
		contactAtStart(&c, hit, false);
		hit->iterations = iterations;
	}
}

// Tiny casts (tiny3d.h, as the pair queries): shapes, offset, translation and target distance all
// below NP_TINY3, without a hull, are cast scaled by steps of 2^100; the fraction and the normal do
// not change, the points and the penetration are scaled back. Unscaled, casts between shapes 1e-60
// across were off by up to 0.91 in fraction (GJK's products of lengths underflow).
NP_COLD __attribute__((noinline)) static void castTiny3(const npShapeCastInput3* in, int up, npCastHit3* hit)
{
	npShape3 a = npScaleTiny3(in->shape, up), b = npScaleTiny3(in->target, up);
	npShapeCastInput3 scaled = *in;
	scaled.shape = &a;
	scaled.target = &b;
	scaled.translation = v3TimesPow100(in->translation, up);
	scaled.options.targetDistance = npTimesPow100(in->options.targetDistance, up);
	npScaleTinyPair3(in->transform, in->targetTransform, up, &scaled.transform, &scaled.targetTransform);
	npCastConvex3(&scaled, -1.0, hit);
	if (hit->hit)
	{
		hit->point = npUnscaleTinyPoint3(hit->point, up, in->transform.p);
		hit->pointOnShape = npUnscaleTinyPoint3(hit->pointOnShape, up, in->transform.p);
		hit->penetration = npTimesPow100(hit->penetration, -up);
	}
}

void npCastConvex3(const npShapeCastInput3* in, double extentA, npCastHit3* hit)
{
	const npShape3* a = in->shape;
	const npShape3* b = in->target;
	npVec3 d = v3Sub(in->targetTransform.p, in->transform.p);
	if (v3MaxAbs(d) < NP_TINY3)
	{
		int up = npPairTinySteps3(a, b, d, np3Max(in->options.targetDistance, v3MaxAbs(in->translation)));
		if (up > 0)
		{
			castTiny3(in, up, hit);
			return;
		}
	}
	if (a->type == NP_SHAPE_SPHERE && b->type == NP_SHAPE_SPHERE)
	{
		clearHit(hit);
		castSpheres(in, hit);
		return;
	}
	npPair3 pair;
	npMakePair3(&pair, a, in->transform, b, in->targetTransform);
	if (extentA < 0.0)
		extentA = npShapeExtent3(a);
	npCastConvexPair3(in, &pair, extentA, npShapeExtent3(b), hit);
}

static npResult checkCast(const npShapeCastInput3* in)
{
	npResult r = npCheckCastShape3(in->shape);
	if (r == NP_OK)
		r = npCheckCastShape3(in->target);
	if (r == NP_OK)
		r = npCheckCastOptions3(&in->options);
	if (r == NP_OK)
		r = npCheckTransform3(in->transform);
	if (r == NP_OK)
		r = npCheckTransform3(in->targetTransform);
	if (r == NP_OK && !npIsUsableVec3(in->translation))
		r = NP_ERR_NON_FINITE;
	return r;
}

npResult npShapeCast3(const npShapeCastInput3* input, npCastHit3* hit)
{
	if (hit == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	clearHit(hit);
	if (input == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = checkCast(input);
	if (r != NP_OK)
		return r;
	npCastConvex3(input, -1.0, hit);
	return NP_OK;
}

npResult npShapeCastMany3(const npShapeCastBatch3* batch, const npTransform3* transforms, const npVec3* translations,
						  int count, npCastHit3* hits, npResult* results)
{
	if (batch == NULL || count < 0 || (count > 0 && (transforms == NULL || translations == NULL || hits == NULL)))
		return NP_ERR_INVALID_ARGUMENT;
	bool meshes = batch->meshCount > 0;
	npResult r = npCheckCastShape3(batch->shape);
	if (r == NP_OK && !meshes)
		r = npCheckCastShape3(batch->target);
	if (r == NP_OK && !meshes)
		r = npCheckTransform3(batch->targetTransform);
	if (r == NP_OK)
		r = npCheckCastOptions3(&batch->options);
	if (r != NP_OK)
	{
		for (int i = 0; i < count; ++i)
			clearHit(hits + i);
		return r;
	}

	double extent = npShapeExtent3(batch->shape);
	for (int i = 0; i < count; ++i)
	{
		npResult ri;
		if (meshes)
		{
			npShapeCastMeshInput3 in = { batch->shape, transforms[i], translations[i], batch->meshes,
										 batch->meshCount, batch->options, batch->featureTolerance };
			ri = npShapeCastMeshes3(&in, hits + i);
		}
		else
		{
			npShapeCastInput3 in = { batch->shape, transforms[i], translations[i], batch->target,
									 batch->targetTransform, batch->options };
			clearHit(hits + i);
			ri = npCheckTransform3(in.transform);
			if (ri == NP_OK && !npIsUsableVec3(in.translation))
				ri = NP_ERR_NON_FINITE;
			if (ri == NP_OK)
				npCastConvex3(&in, extent, hits + i);
		}
		if (results != NULL)
			results[i] = ri;
	}
	return NP_OK;
}
