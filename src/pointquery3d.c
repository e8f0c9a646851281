// Point queries on one 3D shape: containment and closest points (npContainsPoint3, npClosestPoint3).
//
// Every query runs in the shape's local frame: the point is moved there once, and results are moved
// back. A shape is a core (a point, a segment, a box, a hull or a triangle) grown by a radius
// (spheres and capsules only).
//  - Containment: a rounded shape holds the points within its radius of its core (the nearest core
//    point in closed form: closest3d.h); a box or hull the points inside every face plane; a flat
//    shape (triangle, flat hull) the points on it, by GJK against a point.
//  - Closest points: the deepest face plane inside a box or hull; otherwise the nearest core point,
//    found by GJK against a point (van den Bergen 2004; the same routine the distance queries use),
//    moved out by the radius along the direction to the query point.
//  - Tiny queries: below 2^-100 a point query runs with the shape and the point's offset from it
//    scaled by exact powers of two (the same points, scaled), before the offset is turned into the
//    shape's frame, and its result is turned back and then scaled back. Squares leave the normal
//    range only below 2^-400 (a sphere of radius 1e-300 has r * r = 0), but GJK multiplies more
//    lengths: the triangle step's |n|^2 four, the tetrahedron's flatness test six (|det|^2 against
//    the product of three squared edges). Both sides of that test underflowed to 0 from about 1e-55
//    (the tetrahedron taken as flat: a point inside a box said outside) and |n|^2 from about 1e-80
//    (a wrong closest face: a point 0.105 s from a turned box answered 0.235 s). 2^500 steps up to
//    2^-400, as the rays take, left 1e-80 .. 4e-121 unscaled and brought 1e-232 .. 1e-272 into that
//    band; steps of 2^100 up to 2^-100 bring every tiny query to [2^-100, 1), where GJK's products
//    stay normal. A length or radius whose square alone underflows is measured scaled. Ordinary
//    queries never take those paths.
#include "query3d_private.h"
#include "closest3d.h"
#include "gjk3d.h"
#include "polyhedron3d.h"
#include "tiny3d.h"

static bool isRounded(const npShape3* s) { return s->type == NP_SHAPE_SPHERE || s->type == NP_SHAPE_CAPSULE3; }

/// Nearest point of a sharp core to p, by GJK against a point; *overlap when p is inside or on it.
static npVec3 closestOnSharpCore(const npShape3* s, npVec3 p, bool* overlap)
{
	npShape3 point = { 0 };
	point.type = NP_SHAPE_SPHERE;
	npTransform3 identity = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	npTransform3 at = { p, { 0.0, 0.0, 0.0, 1.0 } };
	npPair3 pair;
	npMakePair3(&pair, s, identity, &point, at);
	npGjkResult3 gjk;
	npGjk3(&pair, DBL_MAX, &gjk);
	*overlap = gjk.overlap || gjk.distance == 0.0;
	return *overlap ? p : gjk.pointA;
}

/// The face plane of a solid polyhedron with the largest signed distance to p (lowest index on ties).
static int deepestPlane(const npPolyhedron3* poly, npVec3 p, double* distance)
{
	int best = 0;
	*distance = -DBL_MAX;
	for (int i = 0; i < poly->faceCount; ++i)
	{
		double d = v3Dot(poly->planes[i].normal, p) - poly->planes[i].offset;
		if (d > *distance)
		{
			*distance = d;
			best = i;
		}
	}
	return best;
}

/// A box or hull: inside every face plane; a flat shape (triangle, flat hull): on it.
static bool containsSharp(const npShape3* s, const npPolyhedron3* poly, npVec3 p)
{
	if (!poly->flat)
	{
		double d;
		deepestPlane(poly, p, &d);
		return d <= 0.0;
	}
	bool overlap;
	closestOnSharpCore(s, p, &overlap);
	return overlap;
}

// ---------------------------------------------------------------- points

/// A hull of 1e-82 .. 1e-55, unscaled (see pointSteps), whose GJK missed a point inside it: the
/// tetrahedron's flatness test underflowed on both sides and took it as flat. Its face planes
/// (normals unit, distances as small as the hull) still tell inside; only such hulls ask them.
static bool hullInside(const npShape3* s, const npPolyhedron3* poly, npVec3 p)
{
	if (s->type != NP_SHAPE_HULL3 || !(s->hull->maxCoordinate < NP_TINY3))
		return false;
	double d;
	deepestPlane(poly, p, &d);
	return d <= 0.0;
}

static npResult checkPointQuery(const npShape3* shape, npTransform3 transform, npVec3 p)
{
	npResult r = npCheckQueryShape3(shape, transform);
	return r != NP_OK || npIsUsableVec3(p) ? r : NP_ERR_NON_FINITE;
}

/// The steps of 2^100 that bring the largest of the point's offset d, the core and the radius up to
/// NP_TINY3 (at most 10 for any size > 0). A hull is never scaled: its data (42 kB) is not
/// copied per query, and its creation rejects sizes below about 1e-82, so only hulls of 1e-82 ..
/// 8e-31 run unscaled; their containment and inside points are told by face planes (hullInside).
static int pointSteps(const npShape3* s, npVec3 d)
{
	if (s->type == NP_SHAPE_HULL3)
		return 0;
	return npTinySteps100(np3Max(np3Max(s->radius, npTinyExtent3(s)), v3MaxAbs(d)));
}

/// The checks of a point query, then p in the shape's frame (*local), scaled with the shape when the
/// query is tiny (*shape then points at *scaled; *up the steps of 2^100, 0 when not scaled). The
/// offset is scaled before it is turned: turned at 1e-321 it kept only a few bits.
static npResult localQuery(const npShape3** shape, npTransform3 transform, npVec3 p, npShape3* scaled, npVec3* local,
						   int* up)
{
	npResult r = checkPointQuery(*shape, transform, p);
	if (r != NP_OK)
		return r;
	npVec3 d = v3Sub(p, transform.p);
	*up = pointSteps(*shape, d);
	if (*up > 0)
	{
		*scaled = npScaleTiny3(*shape, *up);
		*shape = scaled;
		d = v3TimesPow100(d, *up);
	}
	*local = npInvRotate3(transform.q, d);
	return NP_OK;
}

npResult npContainsPoint3(const npShape3* shape, npTransform3 transform, npVec3 p, bool* inside)
{
	if (inside == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*inside = false;
	npShape3 scaled;
	npVec3 local;
	int up;
	npResult r = localQuery(&shape, transform, p, &scaled, &local, &up);
	if (r != NP_OK)
		return r;
	if (isRounded(shape))
	{
		*inside = npContainsRounded3(shape, local);
		return NP_OK;
	}
	npPolyhedron3 poly;
	npMakePolyhedron3(shape, &poly);
	*inside = containsSharp(shape, &poly, local);
	return NP_OK;
}

npResult npClosestPoint3(const npShape3* shape, npTransform3 transform, npVec3 p, npPointProjection3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npPointProjection3){ 0 };
	npShape3 scaled;
	npVec3 local;
	int up;
	npResult r = localQuery(&shape, transform, p, &scaled, &local, &up);
	if (r != NP_OK)
		return r;

	// A tiny shape (and point) is measured scaled, as a tiny ray is cast, and the result scaled back.
	npPolyhedron3 poly; // the faces of sharp shapes only: rounded ones need none
	poly.flat = false;
	if (!isRounded(shape))
		npMakePolyhedron3(shape, &poly);
	npVec3 surface, normal;
	double distance;
	bool onCore = false;
	npVec3 core = isRounded(shape) ? npClosestOnRoundedCore3(shape, local) : closestOnSharpCore(shape, local, &onCore);
	if (!isRounded(shape) && !poly.flat && !onCore && hullInside(shape, &poly, local))
		onCore = true;
	if (onCore && !poly.flat)
	{
		// Inside a box or hull: out through the nearest face.
		int face = deepestPlane(&poly, local, &distance);
		normal = poly.planes[face].normal;
		surface = v3MulAdd(local, -distance, normal);
	}
	else
	{
		npVec3 away = v3Sub(local, core);
		double coreDistance = npLengthAndUnit3(away, &normal);
		if (!(coreDistance > 0.0))
			normal = poly.flat ? poly.planes[0].normal : v3(1.0, 0.0, 0.0);
		distance = coreDistance - shape->radius;
		surface = v3MulAdd(core, shape->radius, normal);
	}

	out->point = v3Add(v3TimesPow100(npRotate3(transform.q, surface), -up), transform.p);
	out->distance = npTimesPow100(distance, -up);
	out->normal = npRotate3(transform.q, normal);
	return NP_OK;
}
