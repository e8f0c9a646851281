// 3D ray casts, point containment, closest points and bounds against brute-force references.
//
// The references share no code with the library: each shape is rebuilt in world space (its core
// vertices rotated by a quaternion formula written here, a hull's faces walked as polygons), the
// signed distance of a point to the shape is measured against every face, edge and vertex, and a
// ray's first hit is found by marching along the ray with that distance (sphere tracing never steps
// past the surface). A normal is checked by what makes it a normal: the shape's support along it
// must pass through the hit point, so any normal of an edge's or corner's normal cone passes.
#include "check.h"
#include "testrng3d.h"
#include "testvec3.h"

#include <narrowphase/narrowphase.h>

#include <math.h>

#ifndef QUERY_CASES
#define QUERY_CASES 20000 // random rays and random points each; `make` builds with this count
#endif
#include <stdlib.h>
#include <string.h>

enum { MAX_FACES = NP_MAX_HULL_FACES, MAX_LOOP = 64 };

/// A shape in world space: core vertices, and for polyhedra the faces as vertex loops.
typedef struct WorldShape
{
	int kind; ///< 0 point core, 1 segment core, 2 solid polyhedron, 3 flat polygon
	double radius;
	int count;
	npVec3 v[NP_MAX_HULL_VERTICES];
	int faceCount;
	int loopSize[MAX_FACES];
	npVec3 loop[MAX_FACES][MAX_LOOP];
	npVec3 normal[MAX_FACES];
} WorldShape;

static WorldShape* world(const npShape3* s, npTransform3 xf)
{
	WorldShape* w = calloc(1, sizeof *w);
	npVec3 p = xf.p;
	w->radius = s->radius;
	if (s->type == NP_SHAPE_SPHERE || s->type == NP_SHAPE_CAPSULE3)
	{
		w->kind = s->type == NP_SHAPE_SPHERE ? 0 : 1;
		w->count = w->kind + 1;
		w->v[0] = add(p, rotateByQuat(xf.q, V(0, -s->halfHeight, 0)));
		w->v[1] = add(p, rotateByQuat(xf.q, V(0, s->halfHeight, 0)));
		if (w->kind == 0)
			w->v[0] = p;
		return w;
	}
	if (s->type == NP_SHAPE_BOX3)
	{
		// Six faces, each a loop counter-clockwise seen from outside.
		static const int faces[6][4] = { { 0, 4, 6, 2 }, { 1, 3, 7, 5 }, { 0, 1, 5, 4 }, { 2, 6, 7, 3 }, { 0, 2, 3, 1 },
			{ 4, 5, 7, 6 } };
		npVec3 h = s->halfExtents;
		w->kind = 2;
		w->count = 8;
		for (int i = 0; i < 8; ++i)
			w->v[i] = add(p, rotateByQuat(xf.q, V(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z)));
		w->faceCount = 6;
		for (int f = 0; f < 6; ++f)
		{
			w->loopSize[f] = 4;
			for (int k = 0; k < 4; ++k)
				w->loop[f][k] = w->v[faces[f][k]];
		}
	}
	else if (s->type == NP_SHAPE_TRIANGLE3)
	{
		w->kind = 3;
		w->count = 3;
		w->faceCount = 1;
		w->loopSize[0] = 3;
		for (int i = 0; i < 3; ++i)
			w->v[i] = w->loop[0][i] = add(p, rotateByQuat(xf.q, s->triangle[i]));
	}
	else
	{
		const npHull3* hull = s->hull;
		w->kind = hull->flat ? 3 : 2;
		w->count = hull->vertexCount;
		for (int i = 0; i < hull->vertexCount; ++i)
			w->v[i] = add(p, rotateByQuat(xf.q, hull->vertices[i]));
		w->faceCount = hull->flat ? 1 : hull->faceCount;
		for (int f = 0; f < w->faceCount; ++f)
		{
			int start = hull->faceEdge[f], e = start, n = 0;
			do
			{
				w->loop[f][n++] = w->v[hull->halfEdges[e].origin];
				e = hull->halfEdges[e].next;
			} while (e != start && n < MAX_LOOP);
			w->loopSize[f] = n;
		}
	}
	for (int f = 0; f < w->faceCount; ++f)
	{
		// Newell's normal of the loop, about its first vertex (far from the origin, products of the
		// world coordinates themselves would cancel).
		npVec3 n = V(0, 0, 0), o = w->loop[f][0];
		for (int k = 0; k < w->loopSize[f]; ++k)
			n = add(n, cross(sub(w->loop[f][k], o), sub(w->loop[f][(k + 1) % w->loopSize[f]], o)));
		w->normal[f] = scale(1 / len(n), n);
	}
	return w;
}

/// Distance from p to the convex polygon loop f.
static double faceDistance(const WorldShape* w, int f, npVec3 p)
{
	int n = w->loopSize[f];
	bool over = true;
	double best = INFINITY;
	for (int k = 0; k < n; ++k)
	{
		npVec3 a = w->loop[f][k], b = w->loop[f][(k + 1) % n];
		if (dot(cross(sub(b, a), sub(p, a)), w->normal[f]) < 0)
			over = false;
		double d = segmentDistance3(a, b, p);
		best = d < best ? d : best;
	}
	return over ? fabs(dot(sub(p, w->loop[f][0]), w->normal[f])) : best;
}

/// Signed distance from p to the shape's surface (negative inside).
static double signedDistance(const WorldShape* w, npVec3 p)
{
	if (w->kind == 0)
		return len(sub(p, w->v[0])) - w->radius;
	if (w->kind == 1)
		return segmentDistance3(w->v[0], w->v[1], p) - w->radius;
	// Outside, the nearest point is on the nearest face polygon; inside a convex solid, on the
	// nearest face plane.
	double nearest = INFINITY, nearestPlane = INFINITY;
	bool inside = w->kind == 2;
	for (int f = 0; f < w->faceCount; ++f)
	{
		double d = faceDistance(w, f, p), plane = -dot(sub(p, w->loop[f][0]), w->normal[f]);
		nearest = d < nearest ? d : nearest;
		nearestPlane = plane < nearestPlane ? plane : nearestPlane;
		if (plane < 0)
			inside = false;
	}
	return inside ? -nearestPlane : nearest;
}

static double support(const WorldShape* w, npVec3 n)
{
	double best = -INFINITY;
	for (int i = 0; i < w->count; ++i)
		best = fmax(best, dot(w->v[i], n));
	return best + w->radius;
}

static double scaleOf(const WorldShape* w, npVec3 o)
{
	double s = 1.0 + fabs(o.x) + fabs(o.y) + fabs(o.z) + w->radius;
	for (int i = 0; i < w->count; ++i)
		s = fmax(s, fabs(w->v[i].x) + fabs(w->v[i].y) + fabs(w->v[i].z));
	return s;
}

/// The first t in [t0, t1] where the ray is within tol of the shape, by sphere tracing; -1 if none.
static double firstInside(const WorldShape* w, npVec3 o, npVec3 d, double t0, double t1, double tol)
{
	double l = len(d), t = t0;
	for (int step = 0; step < 200000 && t <= t1; ++step)
	{
		double sd = signedDistance(w, add(o, scale(t, d)));
		if (sd <= tol)
			return t;
		t += sd / l;
	}
	return -1.0;
}

static npHull3 hulls[3];

static npShape3 randomShape(void)
{
	npShape3 s;
	double kind = rnd();
	if (kind < 0.15)
		npMakeSphere(rndRange(0.05, 1), &s);
	else if (kind < 0.35)
		npMakeCapsule3(rndRange(0.05, 1), rndRange(0.05, 0.5), &s);
	else if (kind < 0.55)
		npMakeBox3((npVec3){ rndRange(0.05, 1), rndRange(0.05, 1), rndRange(0.05, 1) }, &s);
	else if (kind < 0.7)
	{
		npVec3 a = { rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1) }, b = { rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1) },
			   c = { rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1) };
		if (npMakeTriangle3(a, b, c, &s) != NP_OK)
			npMakeSphere(0.3, &s);
	}
	else
		npMakeHullShape3(&hulls[(int)(rnd() * 3)], &s);
	return s;
}

static void makeHulls(void)
{
	for (int h = 0; h < 3; ++h)
	{
		npVec3 pts[40];
		int n = h == 2 ? 7 : 12 + 20 * h;
		for (int i = 0; i < n; ++i)
			pts[i] = (npVec3){ rndRange(-1, 1), rndRange(-1, 1), h == 2 ? 0.0 : rndRange(-1, 1) };
		CHECK(npMakeHull3(pts, n, &hulls[h]) == NP_OK, "hull %d", h);
	}
	CHECK(hulls[2].flat, "the third hull is flat");
}

static npTransform3 randomTransform(void)
{
	npTransform3 t;
	npMakeTransform3((npVec3){ rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1) }, randomQuat(), &t);
	return t;
}

static bool isUnit(npVec3 n) { return fabs(sqrt(n.x * n.x + n.y * n.y + n.z * n.z) - 1.0) < 1e-12; }

static void checkHitGeometry(const char* name, const WorldShape* w, const npRayInput3* ray, const npRayHit3* h)
{
	double size = scaleOf(w, ray->origin);
	CHECK(h->point.x == ray->origin.x + h->fraction * ray->direction.x &&
			  h->point.y == ray->origin.y + h->fraction * ray->direction.y &&
			  h->point.z == ray->origin.z + h->fraction * ray->direction.z,
		  "%s: point is not origin + fraction * direction", name);
	bool insideSolid = h->fraction == 0 && !h->frontFace && ray->solid;
	CHECK(fabs(signedDistance(w, h->point)) <= 1e-9 * size || insideSolid, "%s: hit point %.3g off the surface",
		  name, signedDistance(w, h->point));
	if (insideSolid)
	{
		CHECK(h->normal.x == 0 && h->normal.y == 0 && h->normal.z == 0, "%s: inside hit with a normal", name);
		return;
	}
	CHECK(isUnit(h->normal), "%s: normal not unit", name);
	CHECK(dot(h->normal, ray->direction) <= 0, "%s: normal does not face the ray", name);
	npVec3 outward = h->frontFace ? h->normal : scale(-1, h->normal);
	double off = support(w, outward) - dot(outward, h->point);
	CHECK(fabs(off) <= 1e-9 * size, "%s: normal is not a surface normal at the point (support off by %.3g)", name, off);
}

static void randomRays(int count)
{
	int hits = 0, misses = 0, inside = 0, exits = 0, grazing = 0;
	for (int k = 0; k < count; ++k)
	{
		npShape3 s = randomShape();
		npTransform3 xf = randomTransform();
		WorldShape* w = world(&s, xf);
		npRayInput3 ray = npMakeRayInput3((npVec3){ rndRange(-3, 3), rndRange(-3, 3), rndRange(-3, 3) },
			(npVec3){ rndRange(-4, 4), rndRange(-4, 4), rndRange(-4, 4) });
		if (rnd() < 0.85)
		{
			double reach = rndRange(0.8, 2.5);
			ray.direction = (npVec3){ reach * (xf.p.x + rndRange(-1, 1) - ray.origin.x),
				reach * (xf.p.y + rndRange(-1, 1) - ray.origin.y), reach * (xf.p.z + rndRange(-1, 1) - ray.origin.z) };
		}
		if (rnd() < 0.2)
			ray.origin = (npVec3){ xf.p.x + rndRange(-0.3, 0.3), xf.p.y + rndRange(-0.3, 0.3), xf.p.z + rndRange(-0.3, 0.3) };
		if (rnd() < 0.1)
			ray.direction.x = 0;
		if (rnd() < 0.1)
			ray.direction.z = 0;
		ray.maxFraction = rnd() < 0.8 ? 1.0 : rndRange(0, 3);
		ray.solid = rnd() < 0.7;
		char name[96];
		snprintf(name, sizeof name, "random ray %d (type %d)", k, (int)s.type);

		npRayHit3 h;
		CHECK(npRayCast3(&s, xf, &ray, &h) == NP_OK, "%s: error", name);
		npVec3 o = ray.origin, d = ray.direction;
		double size = scaleOf(w, o), tol = 1e-10 * size, l = len(d);
		double start = signedDistance(w, o);
		if (start <= 0 && ray.solid && w->kind != 3)
		{
			++inside;
			CHECK(h.hit && h.fraction == 0 && !h.frontFace, "%s: origin inside a solid shape: fraction %g", name, h.fraction);
		}
		else if (start < -tol)
		{
			npVec3 far = add(o, scale(ray.maxFraction, d));
			if (signedDistance(w, far) <= 0)
				CHECK(!h.hit, "%s: exit reported but the ray ends inside", name);
			else
			{
				double back = firstInside(w, far, scale(-1, d), 0, ray.maxFraction, 1e-13 * size);
				double expected = ray.maxFraction - back;
				++exits;
				CHECK(h.hit && !h.frontFace && fabs(h.fraction - expected) * l <= 1e-8 * size,
					  "%s: exit at %.17g, expected %.17g", name, h.fraction, expected);
				if (h.hit)
					checkHitGeometry(name, w, &ray, &h);
			}
		}
		else
		{
			double expected = firstInside(w, o, d, 0, ray.maxFraction, 1e-13 * size);
			if (expected < 0)
			{
				++misses;
				grazing += h.hit;
				CHECK(!h.hit || fabs(signedDistance(w, h.point)) <= 1e-9 * size, "%s: hit at %.17g, expected a miss",
					  name, h.fraction);
			}
			else
			{
				++hits;
				CHECK(h.hit && h.frontFace && fabs(h.fraction - expected) * l <= 1e-8 * size,
					  "%s: hit at %.17g (hit %d), expected %.17g", name, h.fraction, h.hit, expected);
				if (h.hit)
					checkHitGeometry(name, w, &ray, &h);
			}
		}
		free(w);
	}
	printf("random rays: %d hits, %d misses (%d grazing hits the reference stepped over), %d starting inside, %d exits\n",
		hits, misses, grazing, inside, exits);
}

static npRayHit3 cast(const npShape3* s, npTransform3 xf, npVec3 o, npVec3 d, bool solid)
{
	npRayInput3 ray = npMakeRayInput3(o, d);
	ray.solid = solid;
	npRayHit3 h;
	npResult r = npRayCast3(s, xf, &ray, &h);
	CHECK(r == NP_OK, "cast: error %d", (int)r);
	return h;
}

static void specialRays(void)
{
	npShape3 box, sphere, capsule, tri;
	npMakeBox3((npVec3){ 1, 1, 1 }, &box);
	npMakeSphere(1, &sphere);
	npMakeCapsule3(1, 0.5, &capsule);
	npMakeTriangle3((npVec3){ 0, 0, 0 }, (npVec3){ 1, 0, 0 }, (npVec3){ 0, 1, 0 }, &tri);
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };

	npRayHit3 h = cast(&box, id, (npVec3){ -3, 0, 0 }, (npVec3){ 4, 0, 0 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.x == -1 && h.frontFace, "box face");
	h = cast(&box, id, (npVec3){ -1, 0, 0 }, (npVec3){ 4, 0, 0 }, false);
	CHECK(h.hit && h.fraction == 0.5 && !h.frontFace && h.normal.x == -1, "origin on the box face, exit");
	h = cast(&box, id, (npVec3){ -3, 1, 1 }, (npVec3){ 4, 0, 0 }, true);
	CHECK(h.hit && h.fraction == 0.5, "along a box edge: %d %g", h.hit, h.fraction);
	h = cast(&box, id, (npVec3){ -3, 1, 1 + 1e-12 }, (npVec3){ 4, 0, 0 }, true);
	CHECK(!h.hit, "just past a box edge");

	h = cast(&sphere, id, (npVec3){ -2, 1, 0 }, (npVec3){ 4, 0, 0 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.y == 1, "tangent to the sphere");
	h = cast(&sphere, id, (npVec3){ 0, 0, 0 }, (npVec3){ 0, 0, 3 }, false);
	CHECK(h.hit && fabs(h.fraction - 1.0 / 3.0) < 1e-16 && h.normal.z == -1 && !h.frontFace, "sphere exit");

	h = cast(&capsule, id, (npVec3){ 2, 0.5, 0 }, (npVec3){ -2, 0, 0 }, true);
	CHECK(h.hit && h.fraction == 0.75 && h.normal.x == 1, "capsule side: %g", h.fraction);
	h = cast(&capsule, id, (npVec3){ 0, 3, 0 }, (npVec3){ 0, -2, 0 }, true);
	CHECK(h.hit && h.fraction == 0.75 && h.normal.y == 1, "capsule cap: %g", h.fraction);
	h = cast(&capsule, id, (npVec3){ 0.5, 2, 0 }, (npVec3){ 0, -2, 0 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.x == 1, "down the capsule's side, touching the cylinder at its top: %g",
		  h.fraction);

	// The triangle is two-sided; a ray in its plane hits an edge.
	h = cast(&tri, id, (npVec3){ 0.25, 0.25, 1 }, (npVec3){ 0, 0, -2 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.z == 1 && h.frontFace, "triangle front");
	h = cast(&tri, id, (npVec3){ 0.25, 0.25, -1 }, (npVec3){ 0, 0, 2 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.z == -1 && h.frontFace, "triangle back");
	h = cast(&tri, id, (npVec3){ -1, 0.25, 0 }, (npVec3){ 2, 0, 0 }, true);
	CHECK(h.hit && h.fraction == 0.5 && h.normal.x == -1 && h.frontFace, "in the triangle's plane: %d %g (%g %g %g)", h.hit,
		  h.fraction, h.normal.x, h.normal.y, h.normal.z);
	h = cast(&tri, id, (npVec3){ 1, 1, 1 }, (npVec3){ -1, -1, -1 }, true);
	CHECK(h.hit && fabs(h.fraction - 1) < 1e-15, "through the triangle's corner at the origin: %d %g", h.hit, h.fraction);
	h = cast(&tri, id, (npVec3){ 0.5, 0.5, 1 }, (npVec3){ 0, 0, -2 }, true);
	CHECK(h.hit && h.fraction == 0.5, "through the triangle's hypotenuse: %d %g", h.hit, h.fraction);

	// Far away and small.
	npShape3 tiny;
	npMakeBox3((npVec3){ 1e-3, 1e-3, 1e-3 }, &tiny);
	npTransform3 far;
	npMakeTransform3((npVec3){ 1e4, -1e4, 1e4 }, (npQuat){ 0.1, 0.2, 0.3, 0.9 }, &far);
	WorldShape* w = world(&tiny, far);
	h = cast(&tiny, far, (npVec3){ 1e4 - 1, -1e4 + 0.5, 1e4 }, (npVec3){ 1, -0.5, 0 }, true);
	CHECK(h.hit && fabs(signedDistance(w, h.point)) < 1e-11, "tiny far box: %d %.17g sd %.3g", h.hit, h.fraction, signedDistance(w, h.point));
	free(w);
}

static void badInput(void)
{
	npShape3 box;
	npMakeBox3((npVec3){ 1, 1, 1 }, &box);
	npTransform3 id = { { 0, 0, 0 }, { 0, 0, 0, 1 } };
	npRayHit3 h;
	npRayInput3 ray = npMakeRayInput3((npVec3){ 0, 0, 0 }, (npVec3){ 0, 0, 0 });
	CHECK(npRayCast3(&box, id, &ray, &h) == NP_ERR_INVALID_ARGUMENT && !h.hit, "zero direction");
	ray.direction = (npVec3){ NAN, 1, 0 };
	CHECK(npRayCast3(&box, id, &ray, &h) == NP_ERR_NON_FINITE, "NaN direction");
	ray.direction = (npVec3){ 1, 0, 0 };
	ray.maxFraction = -1;
	CHECK(npRayCast3(&box, id, &ray, &h) == NP_ERR_INVALID_ARGUMENT, "negative maxFraction");
	ray.maxFraction = INFINITY;
	CHECK(npRayCast3(&box, id, &ray, &h) == NP_ERR_NON_FINITE, "infinite maxFraction");
	ray.maxFraction = 1;
	npTransform3 bad = { { 0, 0, 0 }, { 0, 0, 0, 0 } };
	CHECK(npRayCast3(&box, bad, &ray, &h) == NP_ERR_INVALID_TRANSFORM, "zero quaternion");
	CHECK(npRayCast3(NULL, id, &ray, &h) == NP_ERR_INVALID_ARGUMENT, "null shape");
	bool inside;
	CHECK(npContainsPoint3(&box, id, (npVec3){ 0, NAN, 0 }, &inside) == NP_ERR_NON_FINITE, "NaN point");
	npPointProjection3 pp;
	CHECK(npClosestPoint3(&box, bad, (npVec3){ 0, 0, 0 }, &pp) == NP_ERR_INVALID_TRANSFORM, "closest, bad transform");
	npBounds3 b;
	CHECK(npShapeBounds3(&box, id, NULL) == NP_ERR_INVALID_ARGUMENT && npShapeBounds3(NULL, id, &b) == NP_ERR_INVALID_ARGUMENT,
		  "bounds, null");
}

static void randomPoints(int count)
{
	for (int k = 0; k < count; ++k)
	{
		npShape3 s = randomShape();
		npTransform3 xf = randomTransform();
		WorldShape* w = world(&s, xf);
		npVec3 p = { rndRange(-2.5, 2.5), rndRange(-2.5, 2.5), rndRange(-2.5, 2.5) };
		char name[96];
		snprintf(name, sizeof name, "point %d (type %d)", k, (int)s.type);
		double size = scaleOf(w, p), expected = signedDistance(w, p);

		bool inside;
		CHECK(npContainsPoint3(&s, xf, p, &inside) == NP_OK, "%s: error", name);
		CHECK(inside == (expected <= 0) || fabs(expected) < 1e-12 * size, "%s: contains %d, distance %.17g", name, inside,
			  expected);

		npPointProjection3 pp;
		CHECK(npClosestPoint3(&s, xf, p, &pp) == NP_OK, "%s: error", name);
		CHECK(fabs(pp.distance - expected) <= 1e-10 * size, "%s: distance %.17g, expected %.17g", name, pp.distance, expected);
		CHECK(fabs(signedDistance(w, pp.point)) <= 1e-10 * size, "%s: point off the surface", name);
		CHECK(fabs(len(sub(pp.point, p)) - fabs(expected)) <= 1e-10 * size, "%s: point not nearest", name);
		CHECK(isUnit(pp.normal), "%s: normal not unit", name);
		double off = support(w, pp.normal) - dot(pp.normal, pp.point);
		CHECK(fabs(off) <= 1e-10 * size, "%s: normal is not the outward normal at the point", name);

		npBounds3 b;
		CHECK(npShapeBounds3(&s, xf, &b) == NP_OK, "%s: bounds error", name);
		CHECK(fabs(b.upper.x - support(w, V(1, 0, 0))) <= 1e-15 * size && fabs(b.lower.x + support(w, V(-1, 0, 0))) <= 1e-15 * size &&
				  fabs(b.upper.y - support(w, V(0, 1, 0))) <= 1e-15 * size && fabs(b.lower.y + support(w, V(0, -1, 0))) <= 1e-15 * size &&
				  fabs(b.upper.z - support(w, V(0, 0, 1))) <= 1e-15 * size && fabs(b.lower.z + support(w, V(0, 0, -1))) <= 1e-15 * size,
			  "%s: bounds not tight", name);
		free(w);
	}
}

// ---------------------------------------------------------------- tiny point queries

/// One turned shape at unit size and a point, queried again at every size s below.
typedef struct TinyCase
{
	const char* name;
	int type; ///< 0 sphere, 1 capsule, 2 box, 3 hull of the box's corners, 4 triangle
	npVec3 a; ///< box half extents; capsule (radius, half height, -); triangle's first corner
	npVec3 b, c; ///< the triangle's other corners
	npTransform3 xf;
	npVec3 p;
} TinyCase;

/// The case's shape at size s (false when the shape cannot be made that small).
static bool tinyShape(const TinyCase* t, double s, npShape3* out, npHull3* hull)
{
	npVec3 h = scale(s, t->a);
	switch (t->type)
	{
		case 0: return npMakeSphere(s * t->a.x, out) == NP_OK;
		case 1: return npMakeCapsule3(s * t->a.y, s * t->a.x, out) == NP_OK;
		case 2: return npMakeBox3(h, out) == NP_OK;
		case 4: return npMakeTriangle3(h, scale(s, t->b), scale(s, t->c), out) == NP_OK;
		default: break;
	}
	npVec3 corners[8];
	for (int i = 0; i < 8; ++i)
		corners[i] = V(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
	return npMakeHull3(corners, 8, hull) == NP_OK && npMakeHullShape3(hull, out) == NP_OK;
}

/// The reference at unit size: the brute-force signed distance (signedDistance) and its gradient
/// by central differences (the outward normal, the point being off the shape's medial axis).
static void tinyReference(const TinyCase* t, double* distance, npVec3* normal)
{
	static npHull3 hull;
	npShape3 s;
	tinyShape(t, 1.0, &s, &hull);
	WorldShape* w = world(&s, t->xf);
	*distance = signedDistance(w, t->p);
	const double e = 1e-6;
	npVec3 g = V(signedDistance(w, add(t->p, V(e, 0, 0))) - signedDistance(w, sub(t->p, V(e, 0, 0))),
				 signedDistance(w, add(t->p, V(0, e, 0))) - signedDistance(w, sub(t->p, V(0, e, 0))),
				 signedDistance(w, add(t->p, V(0, 0, e))) - signedDistance(w, sub(t->p, V(0, 0, e))));
	*normal = unit(g);
	free(w);
}

/// Point queries on turned shapes at sizes s = 2^-k (k = 0 .. 1071: every input, a multiple of s / 8,
/// is exact, down to subnormals) and s = 10^-k (k = 0 .. 300), against the unit-size reference
/// scaled. The answer is that reference times s, up to 1e-9 s plus the rounding of a subnormal
/// result (a few 2^-1074); the normal within 1e-7 (the reference's differences).
/// Fails on the old code (steps of 2^500 up to 2^-400, the offset turned before it was scaled;
/// 3134 failed checks): GJK's products of four and six lengths underflowed, so the box of the shared
/// vector 3d-query-tiny-closest-box-turned-e250 answered 0.235 s along (0.83, -0.54, 0.10) for 0.105 s
/// along (0.84, 0.42, -0.34) at 2.6e-82 .. 1.9e-121 and, scaled by 2^500 into that band, 1e-232 ..
/// 5.9e-272; points inside the box read as outside at 3.3e-55 .. 1.9e-121 and 1e-205 .. 5.9e-272,
/// inside the box hull at 3.3e-55 .. 5.3e-82; the triangle was off at 1e-80 .. 1e-81; and offsets
/// turned while subnormal (4e-323 .. 2.1e-317) kept too few bits for the capsule's and box's normals.
static void tinyPointQueries(void)
{
	double h = 0.29552020666133955, c = 0.955336489125606; // sin 0.3, cos 0.3: axis (1, 2, 2) / 3, 0.6 rad
	npTransform3 turned = { { 3, -2, 1 }, { h / 3, 2 * h / 3, 2 * h / 3, c } };
	npTransform3 tilted = { { -1.5, 0.5, 2 }, { 0.5, -0.5, 0.5, 0.5 } };
	const TinyCase cases[] = {
		{ "box, outside (the shared vector)", 2, { 2, 1, 1.5 }, { 0 }, { 0 }, turned, { 5, -1, 1 } },
		{ "box, inside", 2, { 2, 1, 1.5 }, { 0 }, { 0 }, turned, { 3.5, -1.75, 1.25 } },
		{ "box hull, outside", 3, { 2, 1, 1.5 }, { 0 }, { 0 }, turned, { 5, -1, 1 } },
		{ "box hull, inside", 3, { 2, 1, 1.5 }, { 0 }, { 0 }, turned, { 3.5, -1.75, 1.25 } },
		{ "triangle", 4, { -1, 0, 0 }, { 2, -1, 0.5 }, { 0, 1.5, -1 }, tilted, { -0.5, 1.25, 3.125 } },
		{ "capsule", 1, { 0.5, 1, 0 }, { 0 }, { 0 }, turned, { 4.5, -0.5, 2 } },
		{ "sphere, inside", 0, { 1.25, 0, 0 }, { 0 }, { 0 }, tilted, { -1, 0.25, 2.5 } },
	};
	static npHull3 hull;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
	{
		const TinyCase* t = &cases[i];
		double expected;
		npVec3 normal;
		tinyReference(t, &expected, &normal);
		for (int k = 0; k <= 1071 + 301; ++k)
		{
			double s = k <= 1071 ? ldexp(1.0, -k) : pow(10.0, -(k - 1072));
			npShape3 shape;
			if (!tinyShape(t, s, &shape, &hull))
				continue;
			npTransform3 xf = { scale(s, t->xf.p), t->xf.q };
			npVec3 p = scale(s, t->p);
			npPointProjection3 pp;
			bool inside;
			CHECK(npClosestPoint3(&shape, xf, p, &pp) == NP_OK && npContainsPoint3(&shape, xf, p, &inside) == NP_OK,
				  "%s at %g: error", t->name, s);
			double tol = 1e-9 * s + 0x1p-1072;
			npVec3 nearest = sub(p, scale(s * expected, normal));
			CHECK(fabs(pp.distance - s * expected) <= tol, "%s at %g: distance %.17g s, expected %.17g s", t->name, s,
				  pp.distance / s, expected);
			CHECK(len(sub(pp.normal, normal)) <= 1e-7, "%s at %g: normal (%.6f %.6f %.6f), expected (%.6f %.6f %.6f)", t->name,
				  s, pp.normal.x, pp.normal.y, pp.normal.z, normal.x, normal.y, normal.z);
			npVec3 off = sub(pp.point, nearest); // compared by coordinates: squares of 1e-200 underflow
			double worst = fmax(fabs(off.x), fmax(fabs(off.y), fabs(off.z)));
			CHECK(worst <= 2 * tol, "%s at %g: point off by %.3g s", t->name, s, worst / s);
			CHECK(inside == (expected <= 0), "%s at %g: contains %d", t->name, s, inside);
		}
	}
}

int main(void)
{
	makeHulls();
	specialRays();
	badInput();
	randomRays(QUERY_CASES);
	randomPoints(QUERY_CASES);
	tinyPointQueries();
	return checkSummary();
}
