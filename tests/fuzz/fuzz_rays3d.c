// libFuzzer harness: ray casts against 3D convex shapes (npRayCast3 and npRayCastMany3) on decoded
// shapes, transforms and rays (any numbers: huge, tiny, denormal, zero direction components).
// Checks on an accepted ray: documented result codes only; a hit's fraction in [0, maxFraction] and
// its point at origin + fraction * direction; a unit normal facing the ray (the zero normal only for
// a solid origin inside, at fraction 0); the hit point on the shape's surface (npClosestPoint3 within
// the tolerance, and within the shape by brute force over its vertices) unless it is a solid origin inside; no contact missed before the hit or on a
// missed ray (points sampled along it that npClosestPoint3 puts inside by more than the tolerance);
// and npRayCastMany3 on the same ray gives the same hit bit for bit. The hull rays' face walk
// (query3d.c's rayHullWalk) must land on the face the full clip finds: a wrong face puts the point
// off the surface.
#include "fuzz.h"

static npHull3 hull;
static BruteCore3 rayCore; // brutesupport.h: large, so static

static int sameBits(const npRayHit3* a, const npRayHit3* b)
{
	return a->hit == b->hit && memcmp(&a->fraction, &b->fraction, sizeof(double)) == 0 &&
		   memcmp(&a->point, &b->point, sizeof(npVec3)) == 0 && memcmp(&a->normal, &b->normal, sizeof(npVec3)) == 0 &&
		   a->frontFace == b->frontFace;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npShape3 shape;
	if (fzShape3(&in, &shape, &hull) != NP_OK || shape.type == NP_SHAPE_TRIANGLE3)
		return 0; // triangles are two-sided surfaces: no inside to sample (fuzz_mesh3d has the triangle rays)
	int okX;
	npTransform3 xf = fzTransform3(&in, &okX);
	if (!okX)
		return 0;
	for (int k = 0; k < 8 && in.pos < in.size; ++k)
	{
		npVec3 origin = fzVec3(&in); // decoded one by one: the order of a call's arguments is unspecified
		npRayInput3 ray = npMakeRayInput3(origin, fzVec3(&in));
		uint8_t flags = fzByte(&in);
		ray.solid = flags & 1;
		if (flags & 2)
			ray.maxFraction = fzNumber(&in);
		FZ_DUMP("ray %d origin { %s, %s, %s } direction { %s, %s, %s } maxFraction %s solid %d\n", k, fzLit(ray.origin.x),
				fzLit(ray.origin.y), fzLit(ray.origin.z), fzLit(ray.direction.x), fzLit(ray.direction.y),
				fzLit(ray.direction.z), fzLit(ray.maxFraction), ray.solid);
		npRayHit3 hit;
		npResult r = npRayCast3(&shape, xf, &ray, &hit);
		FZ_CHECK(r == NP_OK || r == NP_ERR_INVALID_ARGUMENT || r == NP_ERR_NON_FINITE, "npRayCast3 code %d", (int)r);
		npRayBatch3 batch = { &ray.origin, &ray.direction, 1, ray.maxFraction, ray.solid };
		npRayHit3 many;
		int failedRay = -2;
		npResult rm = npRayCastMany3(&shape, xf, &batch, &many, &failedRay);
		FZ_CHECK(rm == r, "npRayCastMany3 code %d, npRayCast3 %d", (int)rm, (int)r);
		if (r != NP_OK)
			continue;
		FZ_CHECK(sameBits(&hit, &many), "npRayCastMany3 differs from npRayCast3 (hit %d / %d, fraction %.17g / %.17g)",
				 hit.hit, many.hit, hit.fraction, many.fraction);

		npVec3 o = ray.origin, d = ray.direction;
		double reach = ray.maxFraction < 1e300 ? ray.maxFraction : 1e300;
		double scale = fzShapeScale3(&shape) + fzAbs3(xf.p) + fzAbs3(o) + (hit.hit ? fzAbs3(hit.point) : 0.0);
		// Checks against npClosestPoint3 compare two queries, and some rays are ill-conditioned: a
		// ray along a needle (a vertex 1e9 away, the rest within 20) leaving through its tip leaves
		// through faces nearly parallel to it, whose planes are known to ~1e-7 (their vertices'
		// rounding), so the exit moved 135 past the tip, 2.4e-8 of the scale (the clip and the face
		// walk alike; the hull's faces hold their vertices within 1.7e-7). 1e-7 of the scale, a
		// hundred times FZ_REL.
		double tol = 100.0 * FZ_REL * scale + FZ_ABS;
		if (!(scale < 1e12))
			continue; // beyond the geometry checks' precision (the codes and the bits above still hold)
		npPointProjection3 at;
		if (hit.hit)
		{
			FZ_CHECK(hit.fraction >= 0.0 && hit.fraction <= ray.maxFraction, "fraction %.17g outside [0, %.17g]", hit.fraction,
					 ray.maxFraction);
			npVec3 p = { o.x + hit.fraction * d.x, o.y + hit.fraction * d.y, o.z + hit.fraction * d.z };
			FZ_CHECK(fabs(p.x - hit.point.x) <= tol && fabs(p.y - hit.point.y) <= tol && fabs(p.z - hit.point.z) <= tol,
					 "point is not origin + fraction * direction");
			bool zero = hit.normal.x == 0.0 && hit.normal.y == 0.0 && hit.normal.z == 0.0;
			if (zero)
				FZ_CHECK(ray.solid && hit.fraction == 0.0 && !hit.frontFace, "a zero normal away from a solid start");
			else
			{
				fzCheckUnit3(hit.normal, "ray hit");
				// Against the direction scaled to a largest component of 1: with a subnormal direction
				// (5e-324 on every axis) each product rounds to 0 or 5e-324, and 1e-9 |d| to 0.
				double m = fzAbs3(d);
				double facing = hit.normal.x * (d.x / m) + hit.normal.y * (d.y / m) + hit.normal.z * (d.z / m);
				FZ_CHECK(facing <= 1e-9, "normal . direction / max |direction| = %.17g: not facing the ray", facing);
				if (npClosestPoint3(&shape, xf, hit.point, &at) == NP_OK)
					FZ_CHECK(fabs(at.distance) <= tol, "hit point %.17g from the surface (tolerance %.3g, fraction %.17g)",
							 at.distance, tol, hit.fraction);
				// And within the shape by brute force over its own vertices (brutesupport.h), a check
				// that does not go through the library's closest-point query.
				bruteCore3(&shape, xf, &rayCore);
				FZ_CHECK(bruteWithin3(&shape, &rayCore, hit.point, 1.0e-5 * scale + FZ_ABS), "hit point off the shape (brute force), fraction %.17g",
						 hit.fraction);
			}
		}
		// An origin inside by more than the tolerance: a solid ray hits at 0; any other ray reports
		// where it leaves (or nothing, when that is beyond maxFraction).
		if (npClosestPoint3(&shape, xf, o, &at) == NP_OK && at.distance < -tol)
		{
			FZ_CHECK(!ray.solid || (hit.hit && hit.fraction == 0.0), "solid ray from %.17g inside: hit %d at %.17g",
					 -at.distance, hit.hit, hit.fraction);
			FZ_CHECK(ray.solid || !hit.hit || !hit.frontFace, "ray from inside reports a front face");
			continue;
		}
		// An exit needs an origin inside or on the boundary (within the tolerance); from outside, no
		// contact before the hit (or anywhere on a miss): points sampled along the ray that lie
		// inside by more than the tolerance would have been hit first.
		if (hit.hit && !hit.frontFace)
		{
			FZ_CHECK(!(at.distance > tol), "an exit reported for an origin %.17g outside", at.distance);
			continue;
		}
		if (!ray.solid && !(at.distance > tol))
			continue; // on the boundary, not solid: only an exit counts, and it may lie beyond maxFraction
		double until = hit.hit ? hit.fraction : reach;
		for (int s = 1; s <= 4 && until > 0.0; ++s)
		{
			double t = until * s / 4.0;
			npVec3 p = { o.x + t * d.x, o.y + t * d.y, o.z + t * d.z };
			if (npClosestPoint3(&shape, xf, p, &at) == NP_OK)
				FZ_CHECK(!(at.distance < -tol),
						 "missed contact: fraction %.17g is %.17g inside, the hit is %s %.17g (front %d; ray (%.17g, %.17g, "
						 "%.17g) + t (%.17g, %.17g, %.17g), max %.17g, solid %d)",
						 t, -at.distance, hit.hit ? "at" : "none:", hit.fraction, hit.frontFace, o.x, o.y, o.z, d.x, d.y,
						 d.z, ray.maxFraction, ray.solid);
		}
	}
	return 0;
}
