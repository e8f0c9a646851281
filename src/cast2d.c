// 2D shape casts: the first fraction at which a shape moving in a straight line comes within a
// target distance of another shape.
//
// The moving shape A translates by t * d; the target B stays. The distance of their cores at t is
// the distance from the point x(t) = -t * d to the Minkowski difference M = coreA - coreB, and the
// shapes are within targetDistance when it is at most R = rA + rB + targetDistance. So the cast is a ray cast from the origin along r = -d against M grown by R, done by the
// GJK ray cast of van den Bergen ("Ray Casting against General Convex Objects with Application to
// Continuous Collision Detection", 2004; also his book "Collision Detection in Interactive 3D
// Environments", 2004):
//  - keep a simplex of points of M and v = x - (its point closest to x), which points from M toward
//    the ray's current point x = lambda * r;
//  - take M's support point p along v. The half-plane v.y <= v.p holds M, so M grown by R lies in
//    v.y <= v.p + R |v|. When x is beyond that line, no point of the ray before the line can touch:
//    lambda moves forward to the line (a lower bound of the first contact; the ray moving away
//    from the line means a miss);
//  - add p to the simplex and reduce it to the features supporting the point closest to x (GJK's
//    step, gjk2d.c), as x moved the simplex is kept: its points are points of M, wherever x is;
//  - stop when |v|, an upper bound of the distance from x to M, is within R + tolerance.
// Every lambda is a lower bound of the exact first contact (each line bounds M), so the cast never
// places a shape inside another however fast, thin or large the shapes are; the steps are Newton
// steps on the convex distance along the ray, so a handful suffice. The radii never enter M: the
// rounding is the offset R of the line, exact for circles, capsules and rounded polygons.
//
// Two circles (both cores points) are solved in closed form: |m + t d| = R is a quadratic.
//
// Initial contact (already within targetDistance at t = 0): the hit has fraction 0 and the normal
// and points of the distance query, or, when the shapes overlap, of EPA (gjk2d.c, epa2d.c) with
// the depth as `penetration`. With ignoreSeparating, a contact that the translation leaves
// (dot(translation, normal) >= 0) is skipped: for one convex target the shapes then never meet
// again (the contact times of two convex sets moving linearly form one interval), so there is no hit.
//
// Everything runs in A's local frame (B brought into it, as GJK does), so offsets of 1e4 from the
// origin cost no precision.
#include "cast2d_private.h"
#include "gjk2d.h"
#include "inputs.h"
#include "narrowphase/cast2d.h"
#include "vec2.h"

#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define CAST2_INLINE __attribute__((always_inline)) static inline
#else
#define CAST2_INLINE static inline
#endif

/// Termination tolerance of the ray cast, relative to the problem's scale.
#define NP_CAST_TOLERANCE2 1.0e-10

npShapeCastInput2 npMakeShapeCastInput2(const npShape2* shape, npTransform2 transform, npVec2 translation,
										const npShape2* target, npTransform2 targetTransform)
{
	return (npShapeCastInput2){ shape, transform, translation, target, targetTransform, 1.0, 0.0, false };
}

// A bound of the shape's extent about its local origin (|x| + |y| of the core vertices, plus the
// radius): only the tolerance's scale, so no square roots.
static double shapeExtent(const npShape2* s, bool box)
{
	if (box)
		return s->vertices[2].x + s->vertices[2].y + s->radius; // every vertex gives hx + hy
	double e = 0.0;
	for (int i = 0; i < s->count; ++i)
		e = npMax(e, npAbs(s->vertices[i].x) + npAbs(s->vertices[i].y));
	return e + s->radius;
}

static double normOne(npVec2 v) { return npAbs(v.x) + npAbs(v.y); }

// ---------------------------------------------------------------- the cast in A's frame

/// One prepared cast, in A's local frame.
typedef struct CastFrame
{
	npPair2 pair;    ///< A and B (B's transform relative to A)
	npVec2 d;        ///< A's translation in A's frame
	double R;        ///< rA + rB + targetDistance
	double tolerance;///< distance tolerance of the stop test
	double scale;    ///< the problem's scale (extents, offset, translation)
	double maxFraction;
	bool boxA, boxB; ///< the shapes have npMakeBox2's layout (support points in closed form)
} CastFrame;

/// What the ray cast found, in A's frame.
typedef struct CastResult
{
	bool hit;
	double fraction;
	npVec2 coreA, coreB; ///< closest core points at the hit (A's at fraction 0, unmoved)
	npVec2 normal;       ///< unit, from B toward A (zero when not known: cores touching at fraction 0)
	bool advanced;       ///< the fraction moved from 0 (false: contact at fraction 0)
	int iterations;
} CastResult;

// ---------------------------------------------------------------- support points
// Boxes take the closed form of gjk2d.h (npSupportIndexBox2): the scan's vertex, without its loop.

CAST2_INLINE int supportIndex(const npShape2* shape, bool box, npVec2 d)
{
	return box ? npSupportIndexBox2(shape, d) : npSupportIndex2(shape, d);
}

CAST2_INLINE npSupportPoint2 castSupport(const CastFrame* f, npVec2 d)
{
	const npPair2* pair = &f->pair;
	npSupportPoint2 s;
	s.indexA = supportIndex(pair->shapeA, f->boxA, d);
	s.indexB = supportIndex(pair->shapeB, f->boxB, npInvRotate2(pair->xfB.q, v2Neg(d)));
	s.wA = pair->shapeA->vertices[s.indexA];
	s.wB = npTransformPoint2(pair->xfB, pair->shapeB->vertices[s.indexB]);
	s.w = v2Sub(s.wA, s.wB);
	return s;
}

// The normal of a contact whose cores touch (|v| ~ 0): the simplex edge's perpendicular facing the
// side the ray came from, or the last separating line's normal at a vertex.
static npVec2 touchingNormal(const npSupportPoint2* simplex, int count, npVec2 plane)
{
	if (count == 2)
	{
		npVec2 e = v2Sub(simplex[1].w, simplex[0].w);
		npVec2 perp = v2LeftPerp(e);
		if (v2Dot(perp, plane) < 0.0)
			perp = v2Neg(perp);
		if (v2LengthSq(perp) > 0.0)
			return v2Neg(v2Normalize(perp));
	}
	return v2Neg(v2Normalize(plane));
}

static void finishCast(const CastFrame* f, const npSupportPoint2* simplex, const double* weights, int count,
					   npVec2 v, npVec2 plane, CastResult* out)
{
	npVec2 a = v2(0.0, 0.0), b = v2(0.0, 0.0);
	for (int i = 0; i < count; ++i)
	{
		a = v2MulAdd(a, weights[i], simplex[i].wA);
		b = v2MulAdd(b, weights[i], simplex[i].wB);
	}
	out->hit = true;
	out->coreA = a;
	out->coreB = b;
	// v points from M toward x: B toward A is -v (see the outline).
	double vLen = v2Length(v);
	if (vLen > 1.0e-6 * f->scale)
		out->normal = v2Scale(-1.0 / vLen, v);
	else if (out->advanced)
		out->normal = touchingNormal(simplex, count, plane);
	else
		out->normal = v2(0.0, 0.0);
}

// The GJK ray cast (see the outline).
static void rayCastDifference(const CastFrame* f, CastResult* out)
{
	const npPair2* pair = &f->pair;
	npVec2 r = v2Neg(f->d);
	double R = f->R;
	double lambda = 0.0;
	npVec2 x = v2(0.0, 0.0);
	npVec2 plane = v2(0.0, 0.0);

	npSupportPoint2 simplex[3];
	double weights[3] = { 1.0, 0.0, 0.0 };
	// The first support point, on the side of M facing the origin, starts the simplex (any point of
	// M would do; this one often is a vertex of the first feature hit).
	npVec2 start = v2LengthSq(pair->xfB.p) > 0.0 ? pair->xfB.p : v2(1.0, 0.0);
	npSupportPoint2 s = castSupport(f, start);
	simplex[0] = s;
	int count = 1;
	npVec2 v = v2Neg(s.w);

	out->advanced = false;
	out->hit = false;
	int iteration = 0;
	while (iteration < NP_CAST_MAX_ITERATIONS2)
	{
		// |v| is only needed with a radius: sharp pairs compare squares (no square root).
		double reach = R + f->tolerance;
		double vLen = R > 0.0 ? v2Length(v) : 0.0;
		if (R > 0.0 ? vLen <= reach : v2LengthSq(v) <= reach * reach)
			break;
		++iteration;

		s = castSupport(f, v);
		double vw = v2Dot(v, v2Sub(x, s.w));
		bool advancing = vw > R * vLen;
		if (advancing)
		{
			double vr = v2Dot(v, r);
			if (vr >= 0.0)
			{
				out->iterations = iteration;
				return; // the ray runs parallel to or away from a line that holds M grown by R
			}
			lambda = (R * vLen + v2Dot(v, s.w)) / vr;
			if (lambda > f->maxFraction)
			{
				out->iterations = iteration;
				return;
			}
			x = v2Scale(lambda, r);
			plane = v;
			out->advanced = true;
		}

		// A support point already in the simplex, with x unmoved, cannot make progress: v is the
		// closest direction (after a move the simplex is solved again for the new x).
		bool repeated = false;
		for (int i = 0; i < count; ++i)
			repeated = repeated || (simplex[i].indexA == s.indexA && simplex[i].indexB == s.indexB);
		for (int i = 0; i < count; ++i)
			simplex[i].w = v2Sub(v2Sub(simplex[i].wA, simplex[i].wB), x);
		if (!repeated)
		{
			s.w = v2Sub(s.w, x);
			simplex[count++] = s;
		}
		count = npSolveSimplex2(simplex, weights, count);
		if (count == 3)
			break; // x is inside M: the cores overlap there (only reachable at fraction 0 or by rounding)
		npVec2 closest = v2(0.0, 0.0);
		for (int i = 0; i < count; ++i)
			closest = v2MulAdd(closest, weights[i], simplex[i].w);
		v = v2Neg(closest);
		if (repeated && !advancing)
			break;
	}
	out->iterations = iteration;
	out->fraction = lambda;
	finishCast(f, simplex, weights, count, v, plane, out);
}

// Two circles: |m + t d| = R, the smaller root, in the form that does not cancel.
static void castCircles(const CastFrame* f, CastResult* out)
{
	npVec2 a = f->pair.shapeA->vertices[0];
	npVec2 b = npTransformPoint2(f->pair.xfB, f->pair.shapeB->vertices[0]);
	npVec2 m = v2Sub(a, b);
	double R = f->R;
	double c = v2Dot(m, m) - R * R;
	out->iterations = 0;
	out->coreA = a;
	out->coreB = b;
	out->advanced = false;
	out->hit = false;
	if (c <= 0.0 || v2Length(m) <= R + f->tolerance)
	{
		out->hit = true;
		out->fraction = 0.0;
		out->normal = v2Normalize(m);
		return;
	}
	double bb = v2Dot(m, f->d);
	double aa = v2Dot(f->d, f->d);
	double disc = bb * bb - aa * c;
	if (bb >= 0.0 || disc < 0.0)
		return;
	double t = c / (-bb + sqrt(disc));
	if (t > f->maxFraction)
		return;
	out->hit = true;
	out->advanced = true;
	out->fraction = t;
	out->normal = v2Normalize(v2MulAdd(m, t, f->d));
}

// ---------------------------------------------------------------- results

// Everything but the transforms (checked after these, in this order, by checkCastInput).
static npResult checkCastShapesAndOptions(const npShapeCastInput2* in)
{
	if (in == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npCheckShape2(in->shape);
	if (r == NP_OK)
		r = npCheckShape2(in->target);
	if (r != NP_OK)
		return r;
	if (!npIsUsable(in->maxFraction) || !npIsUsable(in->targetDistance))
		return NP_ERR_NON_FINITE;
	if (in->maxFraction < 0.0 || in->targetDistance < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	return NP_OK;
}

static npResult checkCastInput(const npShapeCastInput2* in)
{
	npResult r = checkCastShapesAndOptions(in);
	if (r != NP_OK)
		return r;
	r = npValidateTransform2(in->transform);
	if (r == NP_OK)
		r = npValidateTransform2(in->targetTransform);
	return r;
}

// Fills an initial contact: the distance query's normal and points, or EPA's when overlapping.
// Returns false when ignoreSeparating skips it.
static bool initialContact(const npShapeCastInput2* in, npTransform2 xfA, npVec2 translation, npCastHit2* hit)
{
	npDistanceResult2 dr = npDistance2(in->shape, xfA, in->target, in->targetTransform);
	if (dr.distance > 0.0)
	{
		hit->normal = v2Neg(dr.normal); // npDistance2's normal runs from A to B
		hit->pointOnShape = dr.pointA;
		hit->point = dr.pointB;
		hit->penetration = 0.0;
	}
	else
	{
		npPenetrationResult2 p = npPenetration2(in->shape, xfA, in->target, in->targetTransform, NULL);
		hit->normal = v2Neg(p.normal);
		hit->pointOnShape = p.pointA;
		hit->point = p.pointB;
		hit->penetration = p.depth;
	}
	if (in->ignoreSeparating && v2Dot(translation, hit->normal) >= 0.0)
		return false;
	hit->hit = true;
	hit->initialOverlap = true;
	hit->fraction = 0.0;
	return true;
}

// One cast whose input was checked; xfA is the moving shape's transform (also the per-segment cast
// of the chain casts, chaincast2d.c).
void npCastChecked2(const npShapeCastInput2* in, npTransform2 xfA, npVec2 translation, npCastHit2* hit)
{
	*hit = (npCastHit2){ 0 };
	const npShape2* a = in->shape;
	const npShape2* b = in->target;
	CastFrame f;
	f.pair = npMakePair2(a, xfA, b, in->targetTransform);
	f.d = npInvRotate2(xfA.q, translation);
	f.R = a->radius + b->radius + in->targetDistance;
	f.maxFraction = in->maxFraction;
	f.boxA = npIsBoxLayout2(a);
	f.boxB = npIsBoxLayout2(b);
	double scale = shapeExtent(a, f.boxA) + shapeExtent(b, f.boxB) + normOne(f.pair.xfB.p) + normOne(f.d) + in->targetDistance;
	f.scale = npMax(scale, 1.0e-300);
	f.tolerance = NP_CAST_TOLERANCE2 * f.scale;

	CastResult c;
	if (a->count == 1 && b->count == 1)
		castCircles(&f, &c);
	else
		rayCastDifference(&f, &c);
	hit->iterations = c.iterations;
	if (!c.hit)
		return;
	if (!c.advanced)
	{
		if (!initialContact(in, xfA, translation, hit))
			*hit = (npCastHit2){ .iterations = c.iterations };
		hit->iterations = c.iterations;
		return;
	}

	npVec2 n = c.normal;
	npVec2 coreA = v2MulAdd(c.coreA, c.fraction, f.d);
	hit->hit = true;
	hit->fraction = c.fraction;
	hit->normal = npRotate2(xfA.q, n);
	hit->pointOnShape = npTransformPoint2(xfA, v2MulAdd(coreA, -a->radius, n));
	hit->point = npTransformPoint2(xfA, v2MulAdd(c.coreB, b->radius, n));
}

// The checks (the transforms' only when not done by the caller), then the cast.
static npResult checkAndCast(const npShapeCastInput2* input, bool transformsChecked, npCastHit2* hit)
{
	*hit = (npCastHit2){ 0 };
	npResult r = transformsChecked ? checkCastShapesAndOptions(input) : checkCastInput(input);
	if (r == NP_OK && !npIsUsableVec2(input->translation))
		r = NP_ERR_NON_FINITE;
	if (r != NP_OK)
		return r;
	npCastChecked2(input, input->transform, input->translation, hit);
	return NP_OK;
}

npResult npShapeCast2(const npShapeCastInput2* input, npCastHit2* hit)
{
	if (hit == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	return checkAndCast(input, false, hit);
}

npResult npShapeCastValidXf2(const npShapeCastInput2* input, npCastHit2* hit) { return checkAndCast(input, true, hit); }

npResult npShapeCastMany2(const npShapeCastInput2* input, const npVec2* positions, const npVec2* translations,
						  int count, npCastHit2* hits, int* failed)
{
	if (failed != NULL)
		*failed = -1;
	if (positions == NULL || translations == NULL || hits == NULL || count < 0)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = checkCastInput(input);
	if (r != NP_OK)
		return r;
	npTransform2 xf = input->transform;
	for (int i = 0; i < count; ++i)
	{
		if (!npIsUsableVec2(positions[i]) || !npIsUsableVec2(translations[i]))
		{
			if (failed != NULL)
				*failed = i;
			hits[i] = (npCastHit2){ 0 };
			return NP_ERR_NON_FINITE;
		}
		xf.p = positions[i];
		npCastChecked2(input, xf, translations[i], &hits[i]);
	}
	return NP_OK;
}
