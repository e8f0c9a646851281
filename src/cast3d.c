// Linear shape casts between two convex 3D shapes.
//
// The moving shape A translates by t * r for t in [0, maxFraction]; B stands still. In A's frame
// B moves by -t * r, and the distance d(t) between the two cores is a convex function of t (the
// distance from the origin to a translated convex set, the Minkowski difference). The cast looks
// for the first t with d(t) <= R, R = rA + rB + targetDistance.
//
// Conservative advancement (Mirtich 1996; for pure translation it is the ray cast of van den
// Bergen, "Ray Casting against General Convex Objects", 2004, seen from the distance side): GJK at
// the current t gives the distance d and the unit normal n from A to B, and d'(t) = -n . r. The
// step t += (d - R) / (n . r) is a Newton step on the convex function d, which lands at or before
// its root (a convex function lies above its tangents), so the iterates rise monotonically to the
// first contact and never pass it. A face contact is reached in one step; rounded shapes converge
// quadratically. When n . r <= 0 the distance can only grow from here on (convexity): no hit.
//
// Rounding: GJK's distance is exact to about 1e-15 of the coordinates' scale, so a step aimed
// exactly at R could land past the contact by that much over the closing speed. The cast therefore
// aims at R + s (s = NP_CAST3_STANDOFF times the scale: both shapes' extents, the translation's
// length and their distance) and stops once within 2 s: the fraction is never late, and early by at
// most 2 s over the closing speed.
//
// Two spheres are solved in closed form (the root of a quadratic, with the same stand-off).
// Initial contact (d(0) <= R + s): fraction 0 with the normal of the GJK closest points or, when the
// cores overlap, of the penetration (GJK + EPA, npPenetration3), and its depth. ignoreSeparating
// skips such a contact when the translation does not go into it: the signed distance of convex
// shapes is convex too, so it never comes back down and the cast has no hit.
#include "cast3d_private.h"

#include "gjk3d.h"
#include "inputs.h"
#include "vec3.h"

#include <float.h>
#include <stddef.h>

npCastOptions3 npDefaultCastOptions3(void) { return (npCastOptions3){ 1.0, 0.0, false }; }

double npShapeExtent3(const npShape3* shape)
{
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

// Fills the hit's points and normal from a GJK result at fraction t (all in A's frame at t).
static void hitFromGjk(const npShapeCastInput3* in, const npGjkResult3* g, npVec3 n, double t, npCastHit3* hit)
{
	npTransform3 xf = in->transform;
	xf.p = v3MulAdd(xf.p, t, in->translation);
	npVec3 pa = v3MulAdd(g->pointA, in->shape->radius, n);
	npVec3 pb = v3MulAdd(g->pointB, -in->target->radius, n);
	hit->pointOnShape = npTransformPoint3(xf, pa);
	hit->point = npTransformPoint3(xf, pb);
	hit->normal = flip(npRotate3(xf.q, n));
	hit->fraction = t;
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

void npCastConvex3(const npShapeCastInput3* in, double extentA, npCastHit3* hit)
{
	clearHit(hit);
	const npShape3* a = in->shape;
	const npShape3* b = in->target;
	if (a->type == NP_SHAPE_SPHERE && b->type == NP_SHAPE_SPHERE)
	{
		castSpheres(in, hit);
		return;
	}

	npPair3 pair;
	npMakePair3(&pair, a, in->transform, b, in->targetTransform);
	npVec3 r = npInvRotate3(in->transform.q, in->translation);
	npVec3 start = pair.xfB.p;
	if (extentA < 0.0)
		extentA = npShapeExtent3(a);
	double scale = extentA + npShapeExtent3(b) + v3MaxAbs(r) + v3MaxAbs(start);
	double standoff = NP_CAST3_STANDOFF * scale;
	double reach = a->radius + b->radius + in->options.targetDistance;
	double maxFraction = in->options.maxFraction;

	double t = 0.0;
	npVec3 direction = start; // the first GJK starts along B's offset, the next ones along the last normal
	for (int iteration = 0; iteration < NP_CAST3_MAX_ITERATIONS; ++iteration)
	{
		hit->iterations = iteration + 1;
		pair.xfB.p = v3MulAdd(start, -t, r);
		npGjkResult3 g;
		npGjkFrom3(&pair, DBL_MAX, direction, &g);
		double d = g.overlap ? 0.0 : g.distance;
		if (d <= 0.0)
		{
			if (iteration == 0)
				overlapAtStart(in, hit);
			else
			{
				// Unreachable in exact arithmetic (the iterates stay before the contact): keep t.
				hit->hit = true;
				hitFromGjk(in, &g, v3Scale(-1.0 / np3Max(v3Length(r), 1e-300), r), t, hit);
			}
			return;
		}

		npVec3 n = v3Scale(1.0 / d, v3Sub(g.pointB, g.pointA));
		if (d <= reach + 2.0 * standoff)
		{
			hitFromGjk(in, &g, n, t, hit);
			hit->hit = true;
			if (iteration == 0 && d <= reach + standoff)
			{
				hit->penetration = np3Max(0.0, a->radius + b->radius - d);
				finishInitial(in, hit);
			}
			return;
		}

		direction = n;
		double closing = v3Dot(n, r);
		if (!(closing > 0.0))
			return; // the distance only grows from here
		double step = (d - reach - standoff) / closing;
		if (!(t + step <= maxFraction))
			return;
		t += step;
	}

	// Iteration cap: t is still before the contact.
	pair.xfB.p = v3MulAdd(start, -t, r);
	npGjkResult3 g;
	npGjk3(&pair, DBL_MAX, &g);
	double d = np3Max(g.distance, 1e-300);
	hitFromGjk(in, &g, v3Scale(1.0 / d, v3Sub(g.pointB, g.pointA)), t, hit);
	hit->hit = true;
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
