// 2D ray casts, point containment, closest points and bounds against brute-force references.
//
// The references here share no code with the library: the shape is rebuilt in world space from its
// core vertices, the signed distance of a point to the shape is measured against every core edge,
// and a ray's first hit is found by marching along the ray with that distance (sphere tracing,
// which never steps past the surface) and then bisecting. A normal is checked by what makes it a
// normal: the shape's support along it must pass through the hit point, so any normal of a corner's
// normal cone passes and nothing else does.
#include "check.h"
#include "testrng.h"

#include <narrowphase/narrowphase.h>

#include <math.h>

#ifndef QUERY_CASES
#define QUERY_CASES 20000 // random rays and random points each; `make` builds with this count
#endif
#include <string.h>

typedef struct WorldShape
{
	int count;
	double radius;
	npVec2 v[NP_MAX_POLYGON_VERTICES]; ///< core vertices, world space, counter-clockwise
} WorldShape;

static WorldShape worldShape(const npShape2* s, npTransform2 xf)
{
	WorldShape w = { s->count, s->radius, { { 0 } } };
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 p = s->vertices[i];
		w.v[i] = (npVec2){ xf.q.c * p.x - xf.q.s * p.y + xf.p.x, xf.q.s * p.x + xf.q.c * p.y + xf.p.y };
	}
	return w;
}

static double segmentDistance(npVec2 a, npVec2 b, npVec2 p)
{
	double ex = b.x - a.x, ey = b.y - a.y;
	double t = ((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey);
	t = t < 0 ? 0 : (t > 1 ? 1 : t);
	return hypot(p.x - a.x - t * ex, p.y - a.y - t * ey);
}

/// Signed distance from p to the shape's surface (negative inside).
static double signedDistance(const WorldShape* w, npVec2 p)
{
	if (w->count == 1)
		return hypot(p.x - w->v[0].x, p.y - w->v[0].y) - w->radius;
	double nearest = INFINITY;
	bool inside = w->count >= 3;
	for (int i = 0; i < w->count; ++i)
	{
		npVec2 a = w->v[i], b = w->v[(i + 1) % w->count];
		double d = segmentDistance(a, b, p);
		nearest = d < nearest ? d : nearest;
		if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0)
			inside = false;
	}
	return (inside ? -nearest : nearest) - w->radius;
}

static double support(const WorldShape* w, npVec2 n)
{
	double best = -INFINITY;
	for (int i = 0; i < w->count; ++i)
	{
		double d = w->v[i].x * n.x + w->v[i].y * n.y;
		best = d > best ? d : best;
	}
	return best + w->radius;
}

static double scaleOf(const WorldShape* w, npVec2 o)
{
	double s = 1.0 + fabs(o.x) + fabs(o.y) + w->radius;
	for (int i = 0; i < w->count; ++i)
		s = fmax(s, fabs(w->v[i].x) + fabs(w->v[i].y));
	return s;
}

/// The first t in [t0, t1] where the ray is inside the shape, by sphere tracing then bisection;
/// -1 when none. Stops tracing once within `tol` of the surface.
static double firstInside(const WorldShape* w, npVec2 o, npVec2 d, double t0, double t1, double tol)
{
	double len = hypot(d.x, d.y), t = t0;
	for (int step = 0; step < 100000 && t <= t1; ++step)
	{
		double sd = signedDistance(w, (npVec2){ o.x + t * d.x, o.y + t * d.y });
		if (sd <= tol)
			return t;
		t += sd / len;
	}
	return -1.0;
}

static npShape2 randomShape(void)
{
	npShape2 s;
	double kind = rnd();
	if (kind < 0.2)
		npMakeCircle(rndRange(0.05, 1.0), &s);
	else if (kind < 0.4)
		npMakeCapsule2(rndRange(0.05, 1.0), rndRange(0.05, 0.5), &s);
	else if (kind < 0.6)
		npMakeBox2(rndRange(0.05, 1.0), rndRange(0.05, 1.0), &s);
	else
	{
		npVec2 pts[10];
		int n = 3 + (int)(rnd() * 7);
		for (int i = 0; i < n; ++i)
			pts[i] = (npVec2){ rndRange(-1, 1), rndRange(-1, 1) };
		if (npMakePolygon2(pts, n, kind < 0.8 ? 0.0 : rndRange(0.01, 0.3), &s) != NP_OK)
			npMakeBox2(0.5, 0.3, &s);
	}
	return s;
}

static bool isUnit(npVec2 n) { return fabs(hypot(n.x, n.y) - 1.0) < 1e-12; }

/// The hit's own invariants: point on the ray and on the surface, normal a normal there, facing the ray.
static void checkHitGeometry(const char* name, const WorldShape* w, const npRayInput2* ray, const npRayHit2* h)
{
	double scale = scaleOf(w, ray->origin);
	CHECK(h->point.x == ray->origin.x + h->fraction * ray->direction.x &&
			  h->point.y == ray->origin.y + h->fraction * ray->direction.y,
		  "%s: point is not origin + fraction * direction", name);
	CHECK(fabs(signedDistance(w, h->point)) <= 1e-9 * scale || (h->fraction == 0 && !h->frontFace && ray->solid),
		  "%s: hit point %.17g off the surface", name, signedDistance(w, h->point));
	if (h->fraction == 0 && !h->frontFace && ray->solid)
	{
		CHECK(h->normal.x == 0 && h->normal.y == 0, "%s: inside hit with a normal", name);
		return;
	}
	CHECK(isUnit(h->normal), "%s: normal not unit", name);
	CHECK(h->normal.x * ray->direction.x + h->normal.y * ray->direction.y <= 0, "%s: normal does not face the ray", name);
	npVec2 outward = h->frontFace ? h->normal : (npVec2){ -h->normal.x, -h->normal.y };
	double off = support(w, outward) - (outward.x * h->point.x + outward.y * h->point.y);
	CHECK(fabs(off) <= 1e-9 * scale, "%s: normal is not a surface normal at the point (support off by %.3g)", name, off);
}

static void randomRays(int count)
{
	int hits = 0, misses = 0, inside = 0, exits = 0, grazing = 0;
	for (int k = 0; k < count; ++k)
	{
		npShape2 s = randomShape();
		npTransform2 xf = npMakeTransform2(rndRange(-1, 1), rndRange(-1, 1), rndRange(-4, 4));
		WorldShape w = worldShape(&s, xf);
		npRayInput2 ray = npMakeRayInput2((npVec2){ rndRange(-3, 3), rndRange(-3, 3) },
			(npVec2){ rndRange(-4, 4), rndRange(-4, 4) });
		if (rnd() < 0.85)
		{
			// Aimed near the shape, so that most rays hit and many graze.
			double reach = rndRange(0.8, 2.5);
			ray.direction = (npVec2){ reach * (xf.p.x + rndRange(-1, 1) - ray.origin.x),
				reach * (xf.p.y + rndRange(-1, 1) - ray.origin.y) };
		}
		if (rnd() < 0.2)
			ray.origin = (npVec2){ xf.p.x + rndRange(-0.3, 0.3), xf.p.y + rndRange(-0.3, 0.3) };
		if (rnd() < 0.2)
			ray.direction = rnd() < 0.5 ? (npVec2){ rndRange(-4, 4), 0 } : (npVec2){ 0, rndRange(-4, 4) };
		ray.maxFraction = rnd() < 0.8 ? 1.0 : rndRange(0, 3);
		ray.solid = rnd() < 0.7;
		char name[96];
		snprintf(name, sizeof name, "random ray %d (type %d)", k, (int)s.type);

		npRayHit2 h;
		CHECK(npRayCast2(&s, xf, &ray, &h) == NP_OK, "%s: error", name);
		double scale = scaleOf(&w, ray.origin), tol = 1e-10 * scale;
		double len = hypot(ray.direction.x, ray.direction.y);
		double start = signedDistance(&w, ray.origin);
		if (start <= 0 && ray.solid)
		{
			++inside;
			CHECK(h.hit && h.fraction == 0 && !h.frontFace, "%s: origin inside a solid shape: fraction %g", name, h.fraction);
			continue;
		}
		if (start < -tol)
		{
			// Exit: the first t past which the ray stays outside; traced backwards from the far end.
			npVec2 far = { ray.origin.x + ray.maxFraction * ray.direction.x, ray.origin.y + ray.maxFraction * ray.direction.y };
			if (signedDistance(&w, far) <= 0)
			{
				CHECK(!h.hit, "%s: exit reported but the ray ends inside", name);
				continue;
			}
			double back = firstInside(&w, far, (npVec2){ -ray.direction.x, -ray.direction.y }, 0, ray.maxFraction, 1e-13 * scale);
			double expected = ray.maxFraction - back;
			++exits;
			CHECK(h.hit && !h.frontFace && fabs(h.fraction - expected) * len <= 1e-8 * scale,
				  "%s: exit at %.17g, expected %.17g", name, h.fraction, expected);
			if (h.hit)
				checkHitGeometry(name, &w, &ray, &h);
			continue;
		}

		double expected = firstInside(&w, ray.origin, ray.direction, 0, ray.maxFraction, 1e-13 * scale);
		if (expected < 0)
		{
			++misses;
			grazing += h.hit;
			// A grazing hit the tracer stepped over is still right if it is on the surface.
			CHECK(!h.hit || fabs(signedDistance(&w, h.point)) <= 1e-9 * scale, "%s: hit at %.17g, expected a miss", name, h.fraction);
			continue;
		}
		++hits;
		CHECK(h.hit && h.frontFace && fabs(h.fraction - expected) * len <= 1e-8 * scale,
			  "%s: hit at %.17g (hit %d), expected %.17g", name, h.fraction, h.hit, expected);
		if (h.hit)
			checkHitGeometry(name, &w, &ray, &h);
	}
	printf("random rays: %d hits, %d misses (%d grazing hits the reference stepped over), %d starting inside, %d exits\n",
		hits, misses, grazing, inside, exits);
}

static npRayHit2 cast(const npShape2* s, npTransform2 xf, npVec2 o, npVec2 d, bool solid)
{
	npRayInput2 ray = npMakeRayInput2(o, d);
	ray.solid = solid;
	npRayHit2 h;
	npResult r = npRayCast2(s, xf, &ray, &h);
	CHECK(r == NP_OK, "cast: error %d", (int)r);
	return h;
}

/// The cases where peers' ray casts fail: rays starting on the surface, grazing, along an edge,
/// through a corner, with zero direction components, at large offsets and small sizes.
static void specialRays(void)
{
	npShape2 box, circle, capsule;
	npMakeBox2(1, 1, &box);
	npMakeCircle(1, &circle);
	npMakeCapsule2(1, 0.5, &capsule);
	npTransform2 id = npMakeTransform2(0, 0, 0);

	npRayHit2 h = cast(&box, id, (npVec2){ -3, 0 }, (npVec2){ 4, 0 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.x == -1 && h.normal.y == 0 && h.frontFace, "box face: %g", h.fraction);

	h = cast(&box, id, (npVec2){ -1, 0 }, (npVec2){ 4, 0 }, true);
	CHECK(h.hit && h.fraction == 0 && !h.frontFace && h.normal.x == 0, "origin on the box face, solid");
	h = cast(&box, id, (npVec2){ -1, 0 }, (npVec2){ 4, 0 }, false);
	CHECK(h.hit && h.fraction == 0.5 && !h.frontFace && h.normal.x == -1, "origin on the box face, exit at %g", h.fraction);
	h = cast(&box, id, (npVec2){ -1, 0 }, (npVec2){ -4, 0 }, false);
	CHECK(h.hit && h.fraction == 0 && !h.frontFace && h.normal.x == 1, "origin on the box face leaving at once: %g", h.fraction);

	// Grazing the top face and running along it: the top edge is part of the box.
	h = cast(&box, id, (npVec2){ -3, 1 }, (npVec2){ 4, 0 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.x == -1 && h.normal.y == 0, "along the top edge: %g (%g, %g)", h.fraction,
		  h.normal.x, h.normal.y);
	h = cast(&box, id, (npVec2){ -3, 1 + 1e-12 }, (npVec2){ 4, 0 }, true);
	CHECK(!h.hit, "just above the top edge");

	// Through a corner exactly: either edge normal is right; the lower-numbered edge's is returned.
	h = cast(&box, id, (npVec2){ -2, -2 }, (npVec2){ 2, 2 }, true);
	CHECK(h.hit && h.fraction == 0.5 && ((h.normal.x == 0 && h.normal.y == -1) || (h.normal.x == -1 && h.normal.y == 0)),
		  "through the corner: %g (%g, %g)", h.fraction, h.normal.x, h.normal.y);

	// Circle: tangent ray, ray from the centre, ray on the surface.
	h = cast(&circle, id, (npVec2){ -2, 1 }, (npVec2){ 4, 0 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.y == 1, "tangent to the circle: %d %g", h.hit, h.fraction);
	h = cast(&circle, id, (npVec2){ 0, 0 }, (npVec2){ 0, 3 }, false);
	CHECK(h.hit && fabs(h.fraction - 1.0 / 3.0) < 1e-16 && h.normal.y == -1 && !h.frontFace, "circle exit: %.17g", h.fraction);
	h = cast(&circle, id, (npVec2){ 0, -2 }, (npVec2){ 0, 1 }, true);
	CHECK(h.hit && h.fraction == 1 && h.point.y == -1, "hit exactly at maxFraction: %d %g", h.hit, h.fraction);
	h = cast(&circle, id, (npVec2){ 0, -2 }, (npVec2){ 0, 0.999 }, true);
	CHECK(!h.hit, "ray ending short of the circle");

	// Capsule: the flat side and the cap, exactly.
	h = cast(&capsule, id, (npVec2){ 0.25, 2 }, (npVec2){ 0, -3 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.y == 1 && h.normal.x == 0, "capsule side: %g", h.fraction);
	h = cast(&capsule, id, (npVec2){ 3, 0 }, (npVec2){ -2, 0 }, true);
	CHECK(h.hit && h.fraction == 0.75 && h.normal.x == 1, "capsule cap: %g", h.fraction);
	h = cast(&capsule, id, (npVec2){ 1.3, 2 }, (npVec2){ 0, -2 }, true);
	double expectedCap = (2 - sqrt(0.25 - 0.09)) / 2;
	CHECK(h.hit && fabs(h.fraction - expectedCap) < 1e-15, "capsule cap from above: %.17g vs %.17g", h.fraction, expectedCap);

	// Far away and small: a 1e-3 box at 1e4.
	npShape2 tiny;
	npMakeBox2(1e-3, 1e-3, &tiny);
	npTransform2 far = npMakeTransform2(1e4, -1e4, 0.3);
	npVec2 o = { 1e4 - 1, -1e4 + 0.5 };
	npVec2 d = { 1 - (-0.0), -0.5 };
	h = cast(&tiny, far, o, d, true);
	WorldShape w = worldShape(&tiny, far);
	CHECK(h.hit && fabs(signedDistance(&w, h.point)) < 1e-11 && h.fraction < 1, "tiny far box: %d %.17g", h.hit,
		  h.fraction);

	// Rotated box, ray with a zero component hitting a corner region.
	npTransform2 turned = npMakeTransform2(0, 0, 0.7853981633974483);
	h = cast(&box, turned, (npVec2){ 0, 3 }, (npVec2){ 0, -3 }, true);
	CHECK(h.hit && fabs(h.fraction - (3 - sqrt(2.0)) / 3) < 1e-15, "rotated box corner: %.17g", h.fraction);
}

static void badInput(void)
{
	npShape2 box;
	npMakeBox2(1, 1, &box);
	npTransform2 id = npMakeTransform2(0, 0, 0);
	npRayHit2 h;
	npRayInput2 ray = npMakeRayInput2((npVec2){ 0, 0 }, (npVec2){ 0, 0 });
	CHECK(npRayCast2(&box, id, &ray, &h) == NP_ERR_INVALID_ARGUMENT && !h.hit, "zero direction");
	ray.direction = (npVec2){ NAN, 1 };
	CHECK(npRayCast2(&box, id, &ray, &h) == NP_ERR_NON_FINITE, "NaN direction");
	ray.direction = (npVec2){ 1, 0 };
	ray.origin = (npVec2){ INFINITY, 0 };
	CHECK(npRayCast2(&box, id, &ray, &h) == NP_ERR_NON_FINITE, "infinite origin");
	ray.origin = (npVec2){ 0, 0 };
	ray.maxFraction = -1;
	CHECK(npRayCast2(&box, id, &ray, &h) == NP_ERR_INVALID_ARGUMENT, "negative maxFraction");
	ray.maxFraction = 1;
	CHECK(npRayCast2(NULL, id, &ray, &h) == NP_ERR_INVALID_ARGUMENT, "null shape");
	CHECK(npRayCast2(&box, id, NULL, &h) == NP_ERR_INVALID_ARGUMENT, "null ray");
	CHECK(npRayCast2(&box, id, &ray, NULL) == NP_ERR_INVALID_ARGUMENT, "null hit");
	npTransform2 bad = { { 0, 0 }, { 2, 0 } };
	CHECK(npRayCast2(&box, bad, &ray, &h) == NP_ERR_INVALID_TRANSFORM, "bad rotation");
	bool inside;
	CHECK(npContainsPoint2(&box, id, (npVec2){ NAN, 0 }, &inside) == NP_ERR_NON_FINITE, "NaN point");
	npPointProjection2 pp;
	CHECK(npClosestPoint2(&box, id, (npVec2){ 1e13, 0 }, &pp) == NP_ERR_NON_FINITE, "huge point");
	npBounds2 b;
	CHECK(npShapeBounds2(&box, bad, &b) == NP_ERR_INVALID_TRANSFORM, "bounds with a bad rotation");
}

static void randomPoints(int count)
{
	for (int k = 0; k < count; ++k)
	{
		npShape2 s = randomShape();
		npTransform2 xf = npMakeTransform2(rndRange(-1, 1), rndRange(-1, 1), rndRange(-4, 4));
		WorldShape w = worldShape(&s, xf);
		npVec2 p = { rndRange(-2.5, 2.5), rndRange(-2.5, 2.5) };
		char name[96];
		snprintf(name, sizeof name, "point %d (type %d)", k, (int)s.type);
		double scale = scaleOf(&w, p), expected = signedDistance(&w, p);

		bool inside;
		CHECK(npContainsPoint2(&s, xf, p, &inside) == NP_OK, "%s: error", name);
		CHECK(inside == (expected <= 0) || fabs(expected) < 1e-12 * scale, "%s: contains %d, distance %.17g", name, inside,
			  expected);

		npPointProjection2 pp;
		CHECK(npClosestPoint2(&s, xf, p, &pp) == NP_OK, "%s: error", name);
		CHECK(fabs(pp.distance - expected) <= 1e-10 * scale, "%s: distance %.17g, expected %.17g", name, pp.distance, expected);
		CHECK(fabs(signedDistance(&w, pp.point)) <= 1e-10 * scale, "%s: point off the surface", name);
		CHECK(fabs(hypot(pp.point.x - p.x, pp.point.y - p.y) - fabs(expected)) <= 1e-10 * scale, "%s: point not nearest", name);
		CHECK(isUnit(pp.normal), "%s: normal not unit", name);
		double off = support(&w, pp.normal) - (pp.normal.x * pp.point.x + pp.normal.y * pp.point.y);
		CHECK(fabs(off) <= 1e-10 * scale, "%s: normal is not the outward normal at the point", name);

		npBounds2 b;
		CHECK(npShapeBounds2(&s, xf, &b) == NP_OK, "%s: bounds error", name);
		CHECK(b.upper.x == support(&w, (npVec2){ 1, 0 }) && -b.lower.x == support(&w, (npVec2){ -1, 0 }) &&
				  b.upper.y == support(&w, (npVec2){ 0, 1 }) && -b.lower.y == support(&w, (npVec2){ 0, -1 }),
			  "%s: bounds not tight", name);
	}
}

int main(void)
{
	specialRays();
	badInput();
	randomRays(QUERY_CASES);
	randomPoints(QUERY_CASES);
	return checkSummary();
}
