// 2D time of impact: the first fraction at which two shapes, each moving and turning over a sweep,
// come within a target distance, by conservative advancement (Mirtich, "Impulse-based Dynamic
// Simulation of Rigid Body Systems", 1996, ch. 4) with a second-order bound.
//
// A sweep moves a local point (the centre) in a straight line and turns the shape about it at a
// constant angular speed w, so a core vertex's world position p(t) has velocity v + w perp(p - c)
// and acceleration -w^2 (p - c): its speed along any fixed direction changes by at most
// w^2 |p - c| per unit time. At a fraction t where the cores are apart:
//  1. GJK (gjk2d.c) gives their distance and the unit direction n from A's closest point to B's.
//  2. Along the axis n the separation s(u) = min_j n.b_j(u) - max_i n.a_i(u) is at most the
//     distance of the cores at every later u (any axis bounds it), and equals it at t. The axis is
//     fixed in the world, or, when the closest features are an edge of one body, turns with that
//     body (as Catto's separation functions do, GDC 2013): a fixed axis would see the edge's far
//     vertex swing toward the other shape and give a step far too short. Taylor's theorem with the
//     acceleration bound gives, for every vertex pair, n.(b_j - a_i)(t + h) >= value + slope h
//     - K h^2 / 2 with K = wA^2 rA + wB^2 rB (r: the farthest core vertex from the centre), so
//         s(t + h) >= LB(h) = min_j (n.b_j + n.b_j' h) - max_i (n.a_i + n.a_i' h) - K h^2 / 2.
//     LB is concave (a minimum of lines, minus a maximum of lines, minus a parabola).
//  3. The shapes cannot come within the target before LB reaches R = rA + rB + targetDistance
//     (radii: the rounding). The first root of the concave LB is found by Newton's method from the
//     right end, which for a concave function stays at or right of the root and converges
//     quadratically; it stops once LB >= R - tolerance / 10 there. Mirtich's first-order bound
//     (the fastest point's closing speed, s' >= n.(vB - vA) - |wA| rA - |wB| rB) gives a second
//     safe step; the larger of the two is taken. Near a contact LB matches the separation to second
//     order, so the steps converge quadratically; far from it, for fast spinning shapes, the
//     first-order step carries the fraction forward, and so does a third bound: the discs about the
//     centres that hold the cores, whose distance changes with the centres' straight motion only.
//  4. Stop with 'hit' when the distance is within tolerance of the target, 'separated' when a bound
//     clears the rest of the sweep, 'failed' after NP_TOI_MAX_ITERATIONS2 steps (the fraction is
//     then still a safe lower bound), 'overlapped' when already closer than the target at 0. Every
//     state reports closest points and a normal at its fraction ('separated': at 1).
// Every step is justified by a bound, so no contact is ever skipped, however fast or thin the shapes
// (Box2D's separating-axis root finder stops when an axis separates at the end of the sweep, which
// misses contacts of shapes that turn through each other in between). Angles are never reduced:
// npMakeRot2 evaluates any angle up to NP_HUGE.
#include "gjk2d.h"
#include "codesize.h"
#include "inputs.h"
#include "tiny.h"
#include "narrowphase/cast2d.h"
#include "vec2.h"

#include <float.h>
#include <stddef.h>

/// Default tolerance, relative to the problem's scale.
#define NP_TOI_TOLERANCE2 1.0e-9
/// Most Newton steps of the bound's root.
#define NP_TOI_ROOT_ITERATIONS2 32

/// One body's sweep, prepared: its centre's path, angle and the farthest core vertex from the centre.
typedef struct SweepMotion
{
	const npShape2* shape;
	npVec2 localCenter;
	npVec2 c0, dc;   ///< the centre's world position at 0 and its change over the sweep
	double a0, da;   ///< the angle at 0 and its change
	double reach;    ///< farthest core vertex from the centre
} SweepMotion;

static SweepMotion prepareSweep(const npShape2* shape, const npSweep2* s)
{
	SweepMotion m;
	m.shape = shape;
	m.localCenter = s->center;
	// A centre at the local origin (the common case) needs no rotation: the same numbers, cheaper.
	bool origin = s->center.x == 0.0 && s->center.y == 0.0;
	m.c0 = origin ? s->position0 : v2Add(s->position0, npRotate2(npMakeRot2(s->angle0), s->center));
	npVec2 c1 = origin ? s->position1 : v2Add(s->position1, npRotate2(npMakeRot2(s->angle1), s->center));
	m.dc = v2Sub(c1, m.c0);
	m.a0 = s->angle0;
	m.da = s->angle1 - s->angle0;
	m.reach = 0.0;
	for (int i = 0; i < shape->count; ++i)
		m.reach = npMax(m.reach, v2Distance(shape->vertices[i], s->center));
	return m;
}

static npTransform2 motionTransform(const SweepMotion* m, double t)
{
	npRot2 q = npMakeRot2(m->a0 + t * m->da);
	npVec2 c = v2MulAdd(m->c0, t, m->dc);
	return (npTransform2){ v2Sub(c, npRotate2(q, m->localCenter)), q };
}

npTransform2 npSweepTransform2(const npSweep2* sweep, double fraction)
{
	npShape2 point = { 0 };
	point.count = 1;
	SweepMotion m = prepareSweep(&point, sweep);
	return motionTransform(&m, fraction);
}

// ---------------------------------------------------------------- the lower bound

/// The extreme of n.p + n.p' h over a body's core vertices, as lines in h: value and slope.
typedef struct Lines
{
	double value[NP_MAX_POLYGON_VERTICES];
	double slope[NP_MAX_POLYGON_VERTICES];
	int count;
} Lines;

/// The separating axis: n at the current fraction, turning with `spin` (0: fixed in the world; a
/// body's angular speed: fixed in that body, when the closest feature is its edge), measured from a
/// point moving with `originVelocity`.
typedef struct Axis
{
	npVec2 n;
	npVec2 origin;
	npVec2 originVelocity;
	double spin;
} Axis;

// n(t).(p(t) - o(t)) for every core vertex, as value and first derivative at the current fraction.
static void vertexLines(const SweepMotion* m, npTransform2 xf, double t, const Axis* ax, Lines* out)
{
	npVec2 c = v2MulAdd(m->c0, t, m->dc);
	npVec2 rel = v2Sub(c, ax->origin);
	npVec2 relVelocity = v2Sub(m->dc, ax->originVelocity);
	double base = ax->spin * v2Dot(v2LeftPerp(ax->n), rel) + v2Dot(ax->n, relVelocity);
	double spin = m->da - ax->spin;
	out->count = m->shape->count;
	for (int i = 0; i < m->shape->count; ++i)
	{
		npVec2 p = npTransformPoint2(xf, m->shape->vertices[i]);
		out->value[i] = v2Dot(ax->n, v2Sub(p, ax->origin));
		out->slope[i] = base + spin * v2Dot(ax->n, v2LeftPerp(v2Sub(p, c)));
	}
}

// max (sign +1) or min (sign -1) of the lines at h; *slope gets the active line's slope.
static double extremeAt(const Lines* l, double h, double sign, double* slope)
{
	double best = l->value[0] + l->slope[0] * h;
	*slope = l->slope[0];
	for (int i = 1; i < l->count; ++i)
	{
		double y = l->value[i] + l->slope[i] * h;
		if (sign * (y - best) > 0.0)
		{
			best = y;
			*slope = l->slope[i];
		}
	}
	return best;
}

// extremeAt at h = 0: the values alone (value + slope * 0 compares and selects as value does).
static double extremeAt0(const Lines* l, double sign, double* slope)
{
	double best = l->value[0];
	*slope = l->slope[0];
	for (int i = 1; i < l->count; ++i)
	{
		double y = l->value[i];
		if (sign * (y - best) > 0.0)
		{
			best = y;
			*slope = l->slope[i];
		}
	}
	return best;
}

typedef struct Bound
{
	Lines a, b;
	double K; ///< curvature bound
	double R; ///< the separation sought
} Bound;

// LB(h) - R and its derivative.
static double boundAt(const Bound* bd, double h, double* derivative)
{
	double sa, sb;
	double f = extremeAt(&bd->b, h, -1.0, &sb) - extremeAt(&bd->a, h, 1.0, &sa) - 0.5 * bd->K * h * h - bd->R;
	*derivative = sb - sa - bd->K * h;
	return f;
}

// The largest safe step in (0, hMax] by the Taylor bound (hMax when LB stays above R), or 0.
// *gap gets LB(0) - R.
static double taylorStep(const Bound* bd, double hMax, double slack, double* gap)
{
	// The root search below needs LB above R at 0 (a concave function may rise before it falls).
	double sa, sb;
	double f0 = extremeAt0(&bd->b, -1.0, &sb) - extremeAt0(&bd->a, 1.0, &sa) - bd->R;
	double slope = sb - sa;
	*gap = f0;
	if (!(f0 > 0.0))
		return 0.0;

	// Start at the root of the parabola through LB's value and slope at 0 with curvature K: it lies
	// above LB (any line active at 0 bounds the extreme over all lines), so its root is at or right
	// of LB's, and much nearer than hMax when the motion is slow or the curvature large.
	double denominator = -slope + sqrt(slope * slope + 2.0 * bd->K * f0);
	double h = denominator > 0.0 ? npMin(2.0 * f0 / denominator, hMax) : hMax;
	double f = boundAt(bd, h, &slope);
	if (f > 0.0)
		return h; // LB > R at both ends of [0, h], and it is concave
	for (int k = 0; k < NP_TOI_ROOT_ITERATIONS2; ++k)
	{
		if (f >= -slack)
			return h;
		if (!(slope < 0.0))
			return 0.0; // cannot happen for a concave bound above R at 0; rounding guard
		double next = h - f / slope;
		if (!(next < h) || next <= 0.0)
			return 0.0;
		h = next;
		f = boundAt(bd, h, &slope);
	}
	return 0.0;
}

// ---------------------------------------------------------------- the iteration

static npResult checkSweep(const npSweep2* s)
{
	if (!npIsUsableVec2(s->center) || !npIsUsableVec2(s->position0) || !npIsUsableVec2(s->position1) ||
		!npIsUsable(s->angle0) || !npIsUsable(s->angle1))
		return NP_ERR_NON_FINITE;
	return NP_OK;
}

static npResult checkToiInput(const npTimeOfImpactInput2* in)
{
	if (in == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npCheckShape2(in->shapeA);
	if (r == NP_OK)
		r = npCheckShape2(in->shapeB);
	if (r == NP_OK)
		r = checkSweep(&in->sweepA);
	if (r == NP_OK)
		r = checkSweep(&in->sweepB);
	if (r != NP_OK)
		return r;
	if (!npIsUsable(in->targetDistance) || !npIsUsable(in->tolerance))
		return NP_ERR_NON_FINITE;
	if (in->targetDistance < 0.0 || in->tolerance < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	return NP_OK;
}

// Closest points and normal from GJK's result (A's frame) into world space.
static void fillContactAlong(const npShape2* a, const npShape2* b, npTransform2 xfA, const npGjkResult2* g, npVec2 n,
							 npToiResult2* out)
{
	out->normal = npRotate2(xfA.q, n);
	out->pointA = npTransformPoint2(xfA, v2MulAdd(g->pointA, a->radius, n));
	out->pointB = npTransformPoint2(xfA, v2MulAdd(g->pointB, -b->radius, n));
}

static void fillContact(const npShape2* a, const npShape2* b, npTransform2 xfA, const npGjkResult2* g,
						npToiResult2* out)
{
	fillContactAlong(a, b, xfA, g, npGjkNormal2(g), out);
}

// The unit normal of cores touching along GJK's simplex edge (A's frame), its side decided by the
// cores themselves: along the right side they are apart by about nothing, along the other they
// overlap by their whole widths (vertex scans, no penetration query needed).
static npVec2 touchingEdgeNormal(const npShape2* a, const npShape2* b, npTransform2 xfA, npTransform2 xfB,
								 const npGjkResult2* g)
{
	npVec2 n = v2Normalize(v2LeftPerp(v2Sub(g->simplex[1].w, g->simplex[0].w)));
	npTransform2 rel = npInvMulTransforms2(xfA, xfB);
	double loA = DBL_MAX, hiA = -DBL_MAX, loB = DBL_MAX, hiB = -DBL_MAX;
	for (int i = 0; i < a->count; ++i)
	{
		double x = v2Dot(n, a->vertices[i]);
		loA = npMin(loA, x);
		hiA = npMax(hiA, x);
	}
	for (int i = 0; i < b->count; ++i)
	{
		double x = v2Dot(n, npTransformPoint2(rel, b->vertices[i]));
		loB = npMin(loB, x);
		hiB = npMax(hiB, x);
	}
	return loB - hiA >= loA - hiB ? n : v2Neg(n);
}

// GJK from scratch at the poses given (the loop's warm GJK reads the last step's features).
static void freshGjk(const npTimeOfImpactInput2* in, npTransform2 xfA, npTransform2 xfB, npGjkResult2* g)
{
	npPair2 pair = npMakePair2(in->shapeA, xfA, in->shapeB, xfB);
	npGjk2(&pair, -1.0, g);
}

// Shapes within the target distance but apart by more than the tolerance ('overlapped' with a
// target distance, or 'hit') take GJK's closest points and normal; shapes that touch or overlap,
// the penetration's. (An 'overlapped' pair apart by less than the target distance took the
// penetration's, which has no points for shapes that do not overlap: they came out (0, 0).) Cores
// apart by rounding only touch, and GJK's normal is then noise (two boxes meeting face to face, 0.2
// ulps of the scale apart, got the normal of their sides, along which they overlap by 3.4): the
// penetration's normal, the axis of zero overlap, is taken. How far is rounding depends on where
// GJK's normal comes from: an edge of the simplex gives it by the side of the origin, a sign sure
// beyond a few ulps (8 here); two points give it as their difference, whose direction is good to
// ulps / distance (64 here, 1.5 %).
static void fillOverlap(const npTimeOfImpactInput2* in, npTransform2 xfA, npTransform2 xfB, const npGjkResult2* g,
						bool overlapped, double tolerance, npToiResult2* out)
{
	bool apart = g->distance - (in->shapeA->radius + in->shapeB->radius) > tolerance;
	double ulp = DBL_EPSILON * g->scale;
	if ((!overlapped || apart) && g->distance > (g->count == 2 ? 8.0 : 64.0) * ulp && g->count < 3)
	{
		fillContact(in->shapeA, in->shapeB, xfA, g, out);
		return;
	}
	// Within 8 ulps but more than one, an edge simplex still lies along the boundary of A - B (a
	// chord through the closest point would leave the body); only the side is in doubt.
	if ((!overlapped || apart) && g->count == 2 && g->distance > ulp)
	{
		fillContactAlong(in->shapeA, in->shapeB, xfA, g, touchingEdgeNormal(in->shapeA, in->shapeB, xfA, xfB, g), out);
		return;
	}
	npPenetrationResult2 p = npPenetration2(in->shapeA, xfA, in->shapeB, xfB, NULL);
	if (!p.overlapping)
	{
		// Touching within the tolerance but not overlapping (cores apart by less than it, within
		// the target distance: 'overlapped'): the penetration has no points, a fresh GJK has.
		npGjkResult2 fresh;
		freshGjk(in, xfA, xfB, &fresh);
		fillContact(in->shapeA, in->shapeB, xfA, &fresh, out);
		return;
	}
	out->normal = p.normal;
	out->pointA = p.pointA;
	out->pointB = p.pointB;
}

// Shape extent about the local origin (core and radius), for the scale.
static double extent(const npShape2* s)
{
	double e = 0.0;
	for (int i = 0; i < s->count; ++i)
		e = npMax(e, v2Length(s->vertices[i]));
	return e + s->radius;
}

/// The pair being swept.
typedef struct ToiPair
{
	SweepMotion a, b;
	double R;     ///< radii plus the target distance
	double slack; ///< how far below R a bound may dip in a step (a tenth of the tolerance)
} ToiPair;

// Bounding discs: each core lies within `reach` of its centre, and the centres move in straight
// lines, so the shapes cannot meet before the discs grown by R do. This carries shapes that spin
// fast but are still far apart across the sweep in one step. The meeting time is solved from the
// centres' offset split along and across their relative motion (the part across taken by a vector
// difference): the quadratic's discriminant |m.w|^2 - |w|^2 (|m|^2 - S^2) cancels to its last bits
// when the discs are far apart and small (a dot 1e6 away from a circle 0.016 across was stepped
// 0.004 into it).
static double discStep(const ToiPair* p, double t, double hMax)
{
	npVec2 m = v2Sub(v2MulAdd(p->b.c0, t, p->b.dc), v2MulAdd(p->a.c0, t, p->a.dc));
	npVec2 w = v2Sub(p->b.dc, p->a.dc);
	double S = p->a.reach + p->b.reach + p->R;
	if (v2Dot(m, m) <= S * S)
		return 0.0;
	double along = v2Dot(m, w), ww = v2Dot(w, w);
	if (along >= 0.0 || !(ww > 0.0))
		return hMax;
	npVec2 across = v2Sub(m, v2Scale(along / ww, w));
	double acrossSq = v2Dot(across, across);
	if (acrossSq >= S * S)
		return hMax;
	double length = sqrt(ww);
	double h = (-along / length - sqrt(S * S - acrossSq)) / length;
	return npMin(npMax(h, 0.0), hMax);
}

// The largest step from t that the bounds along the axis n (world, A to B) prove safe. `face`: 1
// when the closest features are an edge of A, 2 an edge of B, 0 otherwise (the axis then turns with
// that body, so the edge's own vertices keep their separation and only the other body's motion counts).
static double safeStep(const ToiPair* p, npTransform2 xfA, npTransform2 xfB, double t, npVec2 n, int face)
{
	const SweepMotion* ma = &p->a;
	const SweepMotion* mb = &p->b;
	double hMax = 1.0 - t;
	npVec2 cA = v2MulAdd(ma->c0, t, ma->dc);
	npVec2 cB = v2MulAdd(mb->c0, t, mb->dc);
	npVec2 vRel = v2Sub(mb->dc, ma->dc);
	Axis ax = { n, cA, ma->dc, 0.0 };
	if (face == 1)
		ax.spin = ma->da;
	else if (face == 2)
		ax = (Axis){ n, cB, mb->dc, mb->da };

	Bound bd;
	vertexLines(ma, xfA, t, &ax, &bd.a);
	vertexLines(mb, xfB, t, &ax, &bd.b);
	// Second derivatives: the axis turning against the centres' offset (which grows at most by
	// |vRel| h), the Coriolis-like cross term, and each body turning relative to the axis.
	double spin = ax.spin;
	double offset = v2Length(v2Sub(cB, cA)) + v2Length(vRel) * hMax;
	double sa = ma->da - spin, sb = mb->da - spin;
	bd.K = spin * spin * offset + 2.0 * npAbs(spin) * v2Length(vRel) + sa * sa * ma->reach + sb * sb * mb->reach;
	bd.R = p->R;
	double gap;
	double taylor = taylorStep(&bd, hMax, p->slack, &gap);

	// First order (world axis): the separation falls no faster than the fastest pair of points closes.
	// It proves a step only from a separation above R (gap > 0): along an axis on which the shapes
	// already overlap, shapes that do not close along it still touch. (Such an axis comes from the
	// noise of a warm simplex at a distance of rounding size, below a tiny tolerance: two boxes
	// meeting face to face were reported 'separated' for the rest of the sweep.)
	double closing = v2Dot(n, v2Sub(ma->dc, mb->dc)) + npAbs(ma->da) * ma->reach + npAbs(mb->da) * mb->reach;
	double first = !(gap > 0.0) ? 0.0 : closing > 0.0 ? gap / closing : hMax;
	return npMax(npMax(taylor, npMin(first, hMax)), discStep(p, t, hMax));
}

// Which body's edge holds the closest features (see safeStep).
static int closestFace(const npGjkResult2* g)
{
	if (g->count != 2)
		return 0;
	if (g->simplex[0].indexA == g->simplex[1].indexA)
		return 2;
	return 1;
}

static void timeOfImpact(const npTimeOfImpactInput2* input, npToiResult2* out);

// The largest length of a time of impact: sizes, sweep positions and centres, target distance and
// tolerance.
static double toiSize(const npTimeOfImpactInput2* in)
{
	const npSweep2* sw[2] = { &in->sweepA, &in->sweepB };
	double m = npMax(npMax(in->shapeA->radius, in->shapeB->radius), npMax(in->targetDistance, in->tolerance));
	for (int i = 0; i < 2; ++i)
	{
		m = npMax(m, npMax(npMax(npAbs(sw[i]->center.x), npAbs(sw[i]->center.y)), npMax(npAbs(sw[i]->position0.x), npAbs(sw[i]->position0.y))));
		m = npMax(m, npMax(npAbs(sw[i]->position1.x), npAbs(sw[i]->position1.y)));
	}
	// The cores are scanned only when everything else is tiny: ordinary sweeps pay no vertex loop.
	if (!(m < NP_TINY_PAIR2))
		return m;
	return npMax(m, npMax(npCoreSize2(in->shapeA), npCoreSize2(in->shapeB)));
}

// Tiny times of impact (tiny.h, as the pair queries and casts): every length below NP_TINY_PAIR2 is
// scaled by steps of 2^250 (about the world origin: the positions are tiny too); the fraction, the
// state and the normal do not change, the points are scaled back. Unscaled, two shapes 5e-91 across
// got fractions off by up to 0.45 (GJK's products of lengths underflow).
NP_COLD __attribute__((noinline)) static void timeOfImpactTiny(const npTimeOfImpactInput2* in, int up, npToiResult2* out)
{
	npShape2 a, b;
	npScalePairShape2(in->shapeA, up, &a);
	npScalePairShape2(in->shapeB, up, &b);
	npTimeOfImpactInput2 scaled = *in;
	scaled.shapeA = &a;
	scaled.shapeB = &b;
	npSweep2* sw[2] = { &scaled.sweepA, &scaled.sweepB };
	for (int i = 0; i < 2; ++i)
	{
		sw[i]->center = v2TimesPow250(sw[i]->center, up);
		sw[i]->position0 = v2TimesPow250(sw[i]->position0, up);
		sw[i]->position1 = v2TimesPow250(sw[i]->position1, up);
	}
	scaled.targetDistance = npTimesPow250(in->targetDistance, up);
	scaled.tolerance = npTimesPow250(in->tolerance, up);
	timeOfImpact(&scaled, out);
	out->pointA = v2TimesPow250(out->pointA, -up);
	out->pointB = v2TimesPow250(out->pointB, -up);
}

npResult npTimeOfImpact2(const npTimeOfImpactInput2* input, npToiResult2* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npToiResult2){ 0 };
	npResult r = checkToiInput(input);
	if (r != NP_OK)
		return r;
	double size = toiSize(input);
	if (size < NP_TINY_PAIR2)
	{
		int up = npStepsBelow(size, NP_TINY_PAIR2, 0x1p250, 4);
		if (up > 0)
		{
			timeOfImpactTiny(input, up, out);
			return NP_OK;
		}
	}
	timeOfImpact(input, out);
	return NP_OK;
}

// The time of impact of checked input.
static void timeOfImpact(const npTimeOfImpactInput2* input, npToiResult2* out)
{

	ToiPair p;
	p.a = prepareSweep(input->shapeA, &input->sweepA);
	p.b = prepareSweep(input->shapeB, &input->sweepB);
	p.R = input->shapeA->radius + input->shapeB->radius + input->targetDistance;
	double scale = extent(input->shapeA) + extent(input->shapeB) + v2Length(p.a.c0) + v2Length(p.b.c0) +
				   v2Length(p.a.dc) + v2Length(p.b.dc) + input->targetDistance;
	// A tolerance below the rounding of the problem (GJK measures touching shapes some ulps apart)
	// could never be met, and acts as that rounding (3D has such a floor too).
	double tolerance = input->tolerance > 0.0 ? input->tolerance : NP_TOI_TOLERANCE2 * npMax(scale, 1.0e-300);
	tolerance = npMax(tolerance, 64.0 * DBL_EPSILON * scale);
	p.slack = 0.1 * tolerance;

	bool boxA = npIsBoxLayout2(input->shapeA), boxB = npIsBoxLayout2(input->shapeB);
	double t = 0.0;
	npGjkResult2 g;
	for (int iteration = 1; iteration <= NP_TOI_MAX_ITERATIONS2; ++iteration)
	{
		npTransform2 xfA = motionTransform(&p.a, t);
		npTransform2 xfB = motionTransform(&p.b, t);
		npPair2 pair = npMakePair2(input->shapeA, xfA, input->shapeB, xfB);
		pair.boxA = boxA;
		pair.boxB = boxB;
		if (iteration == 1)
			npGjk2(&pair, -1.0, &g);
		else
			npGjkWarm2(&pair, &g); // the last step's closest features, at the new pose
		out->iterations = iteration;
		out->fraction = t;

		double gap = g.distance - p.R;
		if (gap <= tolerance)
		{
			// Cores touching to rounding: which side of the last simplex the origin lies on is noise,
			// and a warm simplex can end on another feature than a fresh GJK (which gives 0 there).
			if (iteration > 1 && g.distance <= 64.0 * DBL_EPSILON * g.scale)
				npGjk2(&pair, -1.0, &g);
			// Cores that overlap have distance 0 at any depth: EPA's depth tells touching from overlapping.
			if (t == 0.0 && g.distance <= tolerance)
				gap = -npPenetration2(input->shapeA, xfA, input->shapeB, xfB, NULL).depth - input->targetDistance;
			out->state = t == 0.0 && gap < -tolerance ? NP_TOI_OVERLAPPED : NP_TOI_HIT;
			fillOverlap(input, xfA, xfB, &g, out->state == NP_TOI_OVERLAPPED, tolerance, out);
			return;
		}

		npVec2 n = npRotate2(xfA.q, npGjkNormal2(&g));
		double h = safeStep(&p, xfA, xfB, t, n, closestFace(&g));
		if (h >= 1.0 - t)
		{
			// As in 3D: the closest points and normal where the sweeps end, so a caller sees how far
			// apart the shapes finish (never within targetDistance, so the cores are apart there).
			out->state = NP_TOI_SEPARATED;
			out->fraction = 1.0;
			npTransform2 endA = motionTransform(&p.a, 1.0), endB = motionTransform(&p.b, 1.0);
			freshGjk(input, endA, endB, &g);
			fillOverlap(input, endA, endB, &g, false, tolerance, out);
			return;
		}
		if (!(h > 0.0))
			break;
		t += h;
	}
	// The closest points at the fraction returned (a fresh GJK: the loop may have moved t past its
	// last one). They were once left zero; every state has them.
	out->state = NP_TOI_FAILED;
	out->fraction = t;
	npTransform2 xfA = motionTransform(&p.a, t), xfB = motionTransform(&p.b, t);
	freshGjk(input, xfA, xfB, &g);
	fillOverlap(input, xfA, xfB, &g, false, tolerance, out);
}
