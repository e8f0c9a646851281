// Point queries on one 2D shape: containment, closest points and bounds, in the shape's local frame
// (the point is moved there once, results are moved back). A shape is a core (a point, a segment or a
// convex polygon) grown by a radius. The nearest point of the core is found first (the deepest edge
// plane when inside a polygon, projectOnCore), then moved out by the radius along the direction to
// the query point (across the edge when the query point is within rounding of an edge's line:
// acrossEdge). Inside a polygon is decided by its edges' half-planes; beyond the tip of a needle,
// where those cannot tell within their rounding, by exact orientation (npOutsideBeyondATip2).
// Tiny queries: below 2^-400 the squares that the distances compare underflow, so a point query on a
// tiny shape runs with everything scaled by exact powers of two and its result scaled back. The ray
// casts (query2d.c) share the containment test.
#include "query2d_private.h"
#include "bounds2d.h"
#include "closest2d.h"
#include "codesize.h"
#include "ddarith.h"
#include "tiny.h"

#include <float.h>
#include <stddef.h>

// ---------------------------------------------------------------- the core

/// Where p stands against the core: inside a polygon core, the deepest edge plane (largest signed
/// plane distance, <= 0); outside (or for a point or segment core), the nearest core point.
typedef struct CoreProjection
{
	bool inside;    ///< p is inside or on a polygon core
	double plane;   ///< inside: signed distance to the nearest edge's line (<= 0)
	int edge;       ///< inside: that edge; outside: the edge (or vertex) the nearest point is on
	npVec2 nearest; ///< outside: nearest point of the core
	npVec2 offset;  ///< outside: p - nearest (see acrossEdge)
} CoreProjection;

/// cp's offset (from a nearest point inside edge cp->edge) taken across that edge when it is below
/// the rounding of that point (closest2d.h's npAcrossEdge2; a point on the axis of a capsule 5 long
/// got a normal along the axis and a surface point r inside the shape), and the nearest point moved
/// under p.
static void acrossEdge(const npShape2* s, CoreProjection* cp, npVec2 p)
{
	npVec2 a = s->vertices[cp->edge], b = s->vertices[cp->edge + 1 == s->count ? 0 : cp->edge + 1];
	if (npAcrossEdge2(a, b, s->normals[cp->edge], s->count >= 3, &cp->offset))
		cp->nearest = v2Sub(p, cp->offset); // the core point under p, from which the surface point is pushed out
}

/// The sign of cross(b - a, p - a), p's side of the directed line a -> b (> 0: left, inside a
/// counter-clockwise polygon), in double-double: the differences are exact (TwoSum) and the
/// products carry about 106 bits, so the sign is right far below a double's rounding.
static double orientDD(npVec2 a, npVec2 b, npVec2 p)
{
	npDD ex = npTwoSum(b.x, -a.x), ey = npTwoSum(b.y, -a.y);
	npDD px = npTwoSum(p.x, -a.x), py = npTwoSum(p.y, -a.y);
	return npDDSub(npDDMul(ex, py), npDDMul(ey, px)).hi;
}

/// True when p, inside every edge's half-plane by the unit-normal test, is outside the core all the
/// same. Beyond a needle's tip the long edges' lines pass within their own rounding of points far
/// from the needle: a point 11 beyond the tip of a needle 1.4e9 long (edges 1.8e-10 rad apart)
/// counted as inside, and so did points up to about 180 beyond. Asked when p is within 1e-12 of the
/// coordinates of some edge's line (npNearAnEdgeLine2): p is outside when it is farther than that band
/// from every edge as a segment and strictly outside one such line by the double-double
/// orientation. A point within the band of the boundary keeps the half-plane answer, so a boundary
/// point computed in doubles (a ray's hit point) stays inside.
NP_COLD __attribute__((noinline)) bool npOutsideBeyondATip2(const npShape2* s, npVec2 p)
{
	double band = 1e-12 * npCoreSizeAt2(s, p);
	for (int i = 0; i < s->count; ++i)
	{
		npSegmentPlace2 where;
		npVec2 q = closestOnSegment2(s->vertices[i], s->vertices[i + 1 == s->count ? 0 : i + 1], p, &where);
		npVec2 gap = v2Sub(p, q);
		if (v2MaxAbs(gap) <= band)
			return false;
	}
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 a = s->vertices[i], b = s->vertices[i + 1 == s->count ? 0 : i + 1];
		if (v2Dot(s->normals[i], v2Sub(p, a)) > -band && orientDD(a, b, p) < 0.0)
			return true;
	}
	return false;
}

static CoreProjection projectOnCore(const npShape2* s, npVec2 p)
{
	CoreProjection cp = { false, 0.0, 0, s->vertices[0], { 0.0, 0.0 } };
	if (s->count >= 3)
	{
		cp.inside = true;
		// Below any plane distance: a tiny query's scaled shape can be 2^100 across, so a bound
		// from NP_HUGE (-4e12) stood for the deepest plane inside a box 1e-125 across (scaled to
		// 3e25), and its centre was put -1.2e-138 from the surface.
		cp.plane = -DBL_MAX;
		for (int i = 0; i < s->count; ++i)
		{
			double d = v2Dot(s->normals[i], v2Sub(p, s->vertices[i]));
			if (d > 0.0)
				cp.inside = false;
			if (d > cp.plane)
			{
				cp.plane = d;
				cp.edge = i;
			}
		}
		if (cp.inside && !(npNearAnEdgeLine2(s, p, cp.plane, cp.edge) && npOutsideBeyondATip2(s, p)))
			return cp;
		cp.inside = false;
	}

	if (s->count == 1)
	{
		cp.offset = v2Sub(p, cp.nearest);
		return cp;
	}
	double best = v2DistanceSq(p, cp.nearest);
	bool onEdge = false; // nearest is strictly inside edge cp.edge (computed, not a vertex)
	int edges = s->count == 2 ? 1 : s->count;
	for (int i = 0; i < edges; ++i)
	{
		npSegmentPlace2 where;
		npVec2 q = closestOnSegment2(s->vertices[i], s->vertices[i + 1 == s->count ? 0 : i + 1], p, &where);
		double d = v2DistanceSq(p, q);
		if (d < best || (d < DBL_MIN && npNearer2(v2Sub(p, q), v2Sub(p, cp.nearest))))
		{
			best = d;
			cp.nearest = q;
			cp.edge = i;
			onEdge = where == NP_SEGMENT_INSIDE;
		}
	}
	cp.offset = v2Sub(p, cp.nearest);
	if (onEdge)
		acrossEdge(s, &cp, p);
	return cp;
}

// ---------------------------------------------------------------- tiny shapes

/// |v| <= r, also when r * r leaves the normal range (r below 1.5e-154): a capsule 2.5 long and
/// 1e-300 thick, not scaled as a whole, contained a point 3e-300 from its axis (both squares were
/// 0). v and r are then compared scaled (tiny.h's npRadiusSq, as query3d_private.h's
/// npWithinRadius3; exact, and a v that overflows is outside).
static bool withinRadius(npVec2 v, double r)
{
	int up;
	double rr = npRadiusSq(r, &up);
	return v2LengthSq(up == 0 ? v : v2TimesPow500(v, up)) <= rr;
}

/// Whether a local point is inside or on the shape.
static bool containsLocal(const npShape2* s, npVec2 p)
{
	CoreProjection cp = projectOnCore(s, p);
	if (cp.inside)
		return true;
	return withinRadius(cp.offset, s->radius);
}

bool npContainsLocal2(const npShape2* s, npVec2 p) { return containsLocal(s, p); }

double npCoreSizeAt2(const npShape2* s, npVec2 p)
{
	double size = v2MaxAbs(p);
	for (int i = 0; i < s->count; ++i)
		size = npMax(size, v2MaxAbs(s->vertices[i]));
	return size;
}

int npTinySteps2(const npShape2* s, npVec2 p) { return npStepsUp(npMax(s->radius, npCoreSizeAt2(s, p))); }

/// The shape a point query at local point *p measures: s itself, or for a tiny query (the point, the
/// radius and the first core vertex below NP_TINY, then npTinySteps2 decides) s scaled into *scaled and
/// *p with it, by 2^(500 up). Returns up (0: not scaled).
static int scalePointQuery(const npShape2** s, npVec2* p, npShape2* scaled)
{
	double first = v2MaxAbs((*s)->vertices[0]);
	if (!(npMax(npMax(npAbs(p->x), npAbs(p->y)), npMax((*s)->radius, first)) < NP_TINY))
		return 0;
	int up = npTinySteps2(*s, *p);
	if (up > 0)
	{
		npScaleShape2(*s, up, scaled);
		*s = scaled;
		*p = v2TimesPow500(*p, up);
	}
	return up;
}

// ---------------------------------------------------------------- points

npResult npCheckShape2Placed(const npShape2* shape, npTransform2 transform)
{
	npResult r = npCheckShape2(shape);
	return r != NP_OK ? r : npValidateTransform2(transform);
}

static npResult checkPointQuery(const npShape2* shape, npTransform2 transform, npVec2 p)
{
	npResult r = npCheckShape2Placed(shape, transform);
	return r != NP_OK || npIsUsableVec2(p) ? r : NP_ERR_NON_FINITE;
}

/// The checks of a point query, then p in the shape's frame (*local), scaled with the shape when the
/// query is tiny (*shape then points at *scaled; *up the steps of 2^500, 0 when not scaled), as
/// pointquery3d.c's localQuery.
static npResult localQuery(const npShape2** shape, npTransform2 transform, npVec2 p, npShape2* scaled, npVec2* local,
						   int* up)
{
	npResult r = checkPointQuery(*shape, transform, p);
	if (r != NP_OK)
		return r;
	*local = npInvTransformPoint2(transform, p);
	*up = scalePointQuery(shape, local, scaled);
	return NP_OK;
}

npResult npContainsPoint2(const npShape2* shape, npTransform2 transform, npVec2 p, bool* inside)
{
	if (inside == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*inside = false;
	// A circle of radius 1e-300 contained points 1e-200 away (both squares were 0): such a query is
	// measured scaled.
	npShape2 scaled;
	npVec2 local;
	int up;
	npResult r = localQuery(&shape, transform, p, &scaled, &local, &up);
	if (r != NP_OK)
		return r;
	*inside = containsLocal(shape, local);
	return NP_OK;
}

/// Outward normal of the core where p's nearest point is, when p is on the core itself: the edge's
/// normal for polygons and segments, the local x axis for a point core.
static npVec2 normalAtCore(const npShape2* s, int edge)
{
	return s->count == 1 ? v2(1.0, 0.0) : s->normals[edge];
}

/// The nearest surface point of s to a local point p: `point` and `normal` local, `distance` signed.
static npPointProjection2 closestLocal(const npShape2* s, npVec2 p)
{
	CoreProjection cp = projectOnCore(s, p);
	double radius = s->radius;
	npVec2 normal;
	double coreDistance;
	if (cp.inside)
	{
		normal = s->normals[cp.edge];
		coreDistance = cp.plane;
	}
	else
	{
		coreDistance = npLengthAndUnit2(cp.offset, &normal);
		if (!(coreDistance > 0.0))
			normal = normalAtCore(s, cp.edge);
	}

	// The surface point is the query point moved along the normal by its distance to the surface;
	// from the core's side that is the core point pushed out by the radius.
	npVec2 surface = cp.inside ? v2MulAdd(p, radius - coreDistance, normal) : v2MulAdd(cp.nearest, radius, normal);
	return (npPointProjection2){ surface, coreDistance - radius, normal };
}

npResult npClosestPoint2(const npShape2* shape, npTransform2 transform, npVec2 p, npPointProjection2* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npPointProjection2){ 0 };
	// A tiny shape (and point) is measured scaled, as a tiny ray is cast, and the result scaled back.
	npShape2 scaled;
	npVec2 local;
	int up;
	npResult r = localQuery(&shape, transform, p, &scaled, &local, &up);
	if (r != NP_OK)
		return r;
	npPointProjection2 at = closestLocal(shape, local);
	at.point = v2TimesPow500(at.point, -up);
	at.distance = npTimesPow500(at.distance, -up);
	out->point = npTransformPoint2(transform, at.point);
	out->distance = at.distance;
	out->normal = npRotate2(transform.q, at.normal);
	return NP_OK;
}

npResult npShapeBounds2(const npShape2* shape, npTransform2 transform, npBounds2* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npBounds2){ { 0.0, 0.0 }, { 0.0, 0.0 } };
	npResult r = npCheckShape2Placed(shape, transform);
	if (r != NP_OK)
		return r;

	*out = npPlacedBounds2(shape, transform);
	return NP_OK;
}
