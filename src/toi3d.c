// Time of impact of two 3D shapes that move and turn.
//
// Motion: a sweep moves the local point `center` on a straight line and turns the rotation from
// q0 to q1 along the shorter arc at a constant rate (slerp): q(t) = q0 * (sin(t phi) u, cos(t phi)),
// where (sin(phi) u, cos(phi)) = q0^-1 q1 with phi in [0, pi/2]. The angle comes from our own
// arctangent (argument halving, then its Taylor series) and the sine and cosine from npMakeRot2,
// so native and WebAssembly builds agree bit for bit (no libm).
//
// Conservative advancement (Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems",
// 1996, 4.3): at fraction t, GJK gives the distance d and the unit normal n from A to B. Over the
// rest of the motion no point of A moves along n faster than vA . n + wA rhoA (its centre's speed,
// plus the turning rate, 2 phi, times the farthest point's distance from the centre; an arc is no
// longer than angle times radius), and likewise for B; so the gap along n, which is at least the
// distance, closes no faster than
//     mu = (vA - vB) . n + wA rhoA + wB rhoB,
// and the step t += (d - target - tolerance / 2) / mu cannot pass a contact. For pure translation
// mu is the exact closing speed and the steps are Newton steps (as the linear cast, cast3d.c).
// The loop stops at d <= target + tolerance ('hit'), when mu <= 0 or t passes 1 ('separated'), or
// at NP_TOI3_MAX_ITERATIONS ('failed': a spinning shape grazing another makes the steps shrink
// geometrically; the fraction reached is still before the contact). Within targetDistance at t = 0
// is 'overlapped'.
#include "cast3d_private.h"
#include "epa3d_private.h"

#include "gjk3d.h"
#include "codesize.h"
#include "inputs.h"
#include "tiny3d.h"
#include "narrowphase/collide2d.h"
#include "vec3.h"

#include <float.h>
#include <stddef.h>

// atan(x) for 0 <= x <= 1: two halvings atan(x) = 2 atan(x / (1 + sqrt(1 + x^2))) bring x under
// tan(pi / 16) < 0.2, where the Taylor series to x^27 is exact to double precision.
static double atanUnit(double x)
{
	for (int i = 0; i < 2; ++i)
		x = x / (1.0 + sqrt(1.0 + x * x));
	double x2 = x * x, term = x, sum = 0.0;
	for (int k = 0; k < 14; ++k)
	{
		double part = term / (double)(2 * k + 1);
		sum += (k & 1) ? -part : part;
		term *= x2;
	}
	return 4.0 * sum;
}

// atan2(y, x) for y, x >= 0, not both zero.
static double atan2Positive(double y, double x)
{
	if (y <= x)
		return atanUnit(y / x);
	return 1.5707963267948966 - atanUnit(x / y);
}

// The relative rotation of a sweep: unit axis u and half angle phi (0 when the rotation stays).
typedef struct SweepTurn
{
	npQuat q0;
	npVec3 axis;
	double phi;
	npVec3 c0, c1; ///< the centre's world position at 0 and 1
} SweepTurn;

static SweepTurn makeTurn(const npSweep3* s)
{
	SweepTurn turn;
	npQuat q0 = s->from.q, q1 = s->to.q;
	if (q0.x * q1.x + q0.y * q1.y + q0.z * q1.z + q0.w * q1.w < 0.0)
		q1 = (npQuat){ -q1.x, -q1.y, -q1.z, -q1.w };
	npQuat rel = npQuatInvMul(q0, q1);
	npVec3 v = v3(rel.x, rel.y, rel.z);
	double sinPhi = v3Length(v), w = rel.w < 0.0 ? 0.0 : rel.w;
	turn.q0 = q0;
	turn.phi = sinPhi > 0.0 ? atan2Positive(sinPhi, w) : 0.0;
	turn.axis = sinPhi > 0.0 ? v3Scale(1.0 / sinPhi, v) : v3(1.0, 0.0, 0.0);
	turn.c0 = npTransformPoint3(s->from, s->center);
	turn.c1 = npTransformPoint3(s->to, s->center);
	return turn;
}

static npTransform3 turnAt(const SweepTurn* turn, npVec3 center, double t)
{
	npQuat q = turn->q0;
	if (turn->phi > 0.0)
	{
		npRot2 r = npMakeRot2(t * turn->phi);
		npQuat step = { r.s * turn->axis.x, r.s * turn->axis.y, r.s * turn->axis.z, r.c };
		q = npQuatMul(turn->q0, step);
		double len = sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
		q = (npQuat){ q.x / len, q.y / len, q.z / len, q.w / len };
	}
	npVec3 c = v3Add(turn->c0, v3Scale(t, v3Sub(turn->c1, turn->c0)));
	return (npTransform3){ v3Sub(c, npRotate3(q, center)), q };
}

npTransform3 npSweepTransform3(const npSweep3* sweep, double t)
{
	SweepTurn turn = makeTurn(sweep);
	return turnAt(&turn, sweep->center, t);
}

// Farthest point of a shape from a local point (core vertices plus radius).
static double reachFrom(const npShape3* shape, npVec3 c)
{
	npPolyhedron3 poly;
	npMakePolyhedron3(shape, &poly);
	double m = 0.0;
	for (int i = 0; i < poly.vertexCount; ++i)
		m = np3Max(m, v3DistanceSq(poly.vertices[i], c));
	return sqrt(m) + shape->radius;
}

static npResult checkToi(const npToiInput3* in)
{
	npResult r = npCheckCastShape3(in->shapeA);
	if (r == NP_OK)
		r = npCheckCastShape3(in->shapeB);
	const npSweep3* sweeps[2] = { &in->sweepA, &in->sweepB };
	for (int i = 0; i < 2 && r == NP_OK; ++i)
	{
		r = npCheckTransform3(sweeps[i]->from);
		if (r == NP_OK)
			r = npCheckTransform3(sweeps[i]->to);
		if (r == NP_OK && !npIsUsableVec3(sweeps[i]->center))
			r = NP_ERR_NON_FINITE;
	}
	if (r == NP_OK && (!npIsUsable(in->targetDistance) || !npIsUsable(in->tolerance)))
		r = NP_ERR_NON_FINITE;
	if (r == NP_OK && (in->targetDistance < 0.0 || in->tolerance < 0.0))
		r = NP_ERR_INVALID_ARGUMENT;
	return r;
}

// Distance, normal (A to B) and surface points at fraction t.
typedef struct ToiSample
{
	double distance; ///< between the surfaces (negative or zero when the cores overlap)
	bool coresOverlap;
	npVec3 normal, pointA, pointB;
} ToiSample;

static ToiSample sample(const npToiInput3* in, npTransform3 xfA, npTransform3 xfB)
{
	ToiSample s;
	npPair3 pair;
	npMakePair3(&pair, in->shapeA, xfA, in->shapeB, xfB);
	npGjkResult3 g;
	npGjk3(&pair, DBL_MAX, &g);
	double rA = in->shapeA->radius, rB = in->shapeB->radius;
	s.coresOverlap = g.overlap || g.distance <= 0.0;
	if (s.coresOverlap)
	{
		npPenetrationResult3 pen = npPenetration3(in->shapeA, xfA, in->shapeB, xfB);
		s.distance = -pen.depth;
		s.normal = pen.overlapping ? pen.normal : v3(1.0, 0.0, 0.0);
		s.pointA = pen.pointA;
		s.pointB = pen.pointB;
		if (!pen.overlapping)
		{
			// Cores touching exactly, without depth: the penetration has no points and no normal. The
			// distance query's closest points meet where they touch (a flat hull's corner on another
			// hull's corner got pointA = (0, 0, 0), 3.5 off A; fuzz_casts3d), and the normal is the
			// separating axis of least overlap (0 along a touching one) over the cores' face normals
			// and edge pairs, not an arbitrary +x.
			npDistanceResult3 d = npDistance3(in->shapeA, xfA, in->shapeB, xfB);
			s.pointA = d.pointA;
			s.pointB = d.pointB;
			s.normal = npRotate3(xfA.q, npEpaEveryAxis3(&pair, (polishAxis){ v3(1.0, 0.0, 0.0), DBL_MAX, -1, -1 }, false).axis);
		}
		return s;
	}
	npVec3 n = npGjkNormal3(&g); // the closest features' normal (gjk3d.c)
	s.distance = g.distance - rA - rB;
	s.normal = npRotate3(xfA.q, n);
	s.pointA = npTransformPoint3(xfA, v3MulAdd(g.pointA, rA, n));
	s.pointB = npTransformPoint3(xfA, v3MulAdd(g.pointB, -rB, n));
	return s;
}

static void finish(npToiOutput3* out, npToiState3 state, double t, const ToiSample* s)
{
	out->state = state;
	out->fraction = t;
	out->normal = s->normal;
	out->pointA = s->pointA;
	out->pointB = s->pointB;
}

static void timeOfImpact(const npToiInput3* input, npToiOutput3* out);

// The largest length of a time of impact: sizes, sweep positions and centres, target distance and
// tolerance (hulls report DBL_MAX: never scaled).
static double toiSize(const npToiInput3* in)
{
	const npSweep3* sw[2] = { &in->sweepA, &in->sweepB };
	const npShape3* sh[2] = { in->shapeA, in->shapeB };
	double m = np3Max(in->targetDistance, in->tolerance);
	for (int i = 0; i < 2; ++i)
	{
		if (sh[i]->type == NP_SHAPE_HULL3)
			return DBL_MAX;
		m = np3Max(m, np3Max(sh[i]->radius, npTinyExtent3(sh[i])));
		m = np3Max(m, np3Max(v3MaxAbs(sw[i]->center), np3Max(v3MaxAbs(sw[i]->from.p), v3MaxAbs(sw[i]->to.p))));
	}
	return m;
}

// Tiny times of impact (tiny3d.h, as the pair queries and casts): every length below NP_TINY3, no
// hull, is scaled by steps of 2^100 (about the world origin: the positions are tiny too); the
// fraction, the state and the normal do not change, the points are scaled back. Unscaled, two shapes
// 5e-91 across got fractions off by up to 0.78 (GJK's products of lengths underflow).
NP_COLD __attribute__((noinline)) static void timeOfImpactTiny(const npToiInput3* in, int up, npToiOutput3* out)
{
	npShape3 a = npScaleTiny3(in->shapeA, up), b = npScaleTiny3(in->shapeB, up);
	npToiInput3 scaled = *in;
	scaled.shapeA = &a;
	scaled.shapeB = &b;
	npSweep3* sw[2] = { &scaled.sweepA, &scaled.sweepB };
	for (int i = 0; i < 2; ++i)
	{
		sw[i]->center = v3TimesPow100(sw[i]->center, up);
		sw[i]->from.p = v3TimesPow100(sw[i]->from.p, up);
		sw[i]->to.p = v3TimesPow100(sw[i]->to.p, up);
	}
	scaled.targetDistance = npTimesPow100(in->targetDistance, up);
	scaled.tolerance = npTimesPow100(in->tolerance, up);
	timeOfImpact(&scaled, out);
	out->pointA = v3TimesPow100(out->pointA, -up);
	out->pointB = v3TimesPow100(out->pointB, -up);
}

npResult npTimeOfImpact3(const npToiInput3* input, npToiOutput3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npToiOutput3){ 0 };
	if (input == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = checkToi(input);
	if (r != NP_OK)
		return r;
	double size = toiSize(input);
	int up = size < NP_TINY3 ? npTinySteps100(size) : 0;
	if (up > 0 && up < 11)
		timeOfImpactTiny(input, up, out);
	else
		timeOfImpact(input, out);
	return NP_OK;
}

// The time of impact of checked input.
static void timeOfImpact(const npToiInput3* input, npToiOutput3* out)
{

	SweepTurn turnA = makeTurn(&input->sweepA), turnB = makeTurn(&input->sweepB);
	double rhoA = reachFrom(input->shapeA, input->sweepA.center);
	double rhoB = reachFrom(input->shapeB, input->sweepB.center);
	double spin = 2.0 * turnA.phi * rhoA + 2.0 * turnB.phi * rhoB;
	npVec3 relVelocity = v3Sub(v3Sub(turnA.c1, turnA.c0), v3Sub(turnB.c1, turnB.c0));
	double target = input->targetDistance;
	double tol = input->tolerance > 0.0 ? input->tolerance : 1e-6 * (rhoA + rhoB);
	tol = np3Max(tol, 1e-12 * (rhoA + rhoB + v3MaxAbs(turnA.c0) + v3MaxAbs(turnB.c0) + v3MaxAbs(relVelocity)));

	double t = 0.0;
	ToiSample s;
	for (int iteration = 0; iteration < NP_TOI3_MAX_ITERATIONS; ++iteration)
	{
		out->iterations = iteration + 1;
		npTransform3 xfA = turnAt(&turnA, input->sweepA.center, t);
		npTransform3 xfB = turnAt(&turnB, input->sweepB.center, t);
		s = sample(input, xfA, xfB);
		if (iteration == 0 && s.distance <= target)
		{
			finish(out, NP_TOI3_OVERLAPPED, 0.0, &s);
			return;
		}
		if (s.distance <= target + tol)
		{
			finish(out, NP_TOI3_HIT, t, &s);
			return;
		}
		double mu = v3Dot(relVelocity, s.normal) + spin;
		double step = mu > 0.0 ? (s.distance - target - 0.5 * tol) / mu : DBL_MAX;
		if (!(t + step <= 1.0))
		{
			xfA = turnAt(&turnA, input->sweepA.center, 1.0);
			xfB = turnAt(&turnB, input->sweepB.center, 1.0);
			s = sample(input, xfA, xfB);
			finish(out, NP_TOI3_SEPARATED, 1.0, &s);
			return;
		}
		t += step;
	}
	s = sample(input, turnAt(&turnA, input->sweepA.center, t), turnAt(&turnB, input->sweepB.center, t));
	finish(out, NP_TOI3_FAILED, t, &s);
	return;
}
