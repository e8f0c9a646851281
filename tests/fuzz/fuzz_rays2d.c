// libFuzzer harness: ray casts against 2D convex shapes (npRayCast2 and npRayCastMany2) on decoded
// shapes, transforms (raw rotations included) and rays, the 2D counterpart of fuzz_rays3d.c.
// Checks on an accepted ray: documented result codes only; a hit's fraction in [0, maxFraction] and
// its point at origin + fraction * direction; a unit normal facing the ray (the zero normal only for
// a solid origin inside, at fraction 0); the hit point within the shape by brute force, and on the surface (npClosestPoint2 within the
// tolerance); from outside, no contact skipped before the hit or on a miss (points sampled along the
// ray that npClosestPoint2 puts inside by more than the tolerance); an exit only from inside or on
// the boundary; and npRayCastMany2 on the same ray gives the same hit bit for bit.
#include "fuzz.h"

static int sameBits(const npRayHit2* a, const npRayHit2* b)
{
	return a->hit == b->hit && memcmp(&a->fraction, &b->fraction, sizeof(double)) == 0 &&
		   memcmp(&a->point, &b->point, sizeof(npVec2)) == 0 && memcmp(&a->normal, &b->normal, sizeof(npVec2)) == 0 &&
		   a->frontFace == b->frontFace;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	fzSlack = 0.0;
	npShape2 shape;
	if (fzShape2(&in, &shape) != NP_OK)
		return 0;
	npTransform2 xf = fzTransform2(&in);
	if (npValidateTransform2(xf) != NP_OK)
		return 0;
	fzAddSlack2(xf);
	for (int k = 0; k < 8 && in.pos < in.size; ++k)
	{
		npVec2 origin = fzVec2(&in); // decoded one by one: the order of a call's arguments is unspecified
		npRayInput2 ray = npMakeRayInput2(origin, fzVec2(&in));
		uint8_t flags = fzByte(&in);
		ray.solid = flags & 1;
		if (flags & 2)
			ray.maxFraction = fzNumber(&in);
		FZ_DUMP("ray %d origin { %s, %s } direction { %s, %s } maxFraction %s solid %d\n", k, fzLit(ray.origin.x),
				fzLit(ray.origin.y), fzLit(ray.direction.x), fzLit(ray.direction.y), fzLit(ray.maxFraction), ray.solid);
		npRayHit2 hit;
		npResult r = npRayCast2(&shape, xf, &ray, &hit);
		FZ_CHECK(r == NP_OK || r == NP_ERR_INVALID_ARGUMENT || r == NP_ERR_NON_FINITE || r == NP_ERR_INVALID_TRANSFORM,
				 "npRayCast2 code %d", (int)r);
		npRayBatch2 batch = { &ray.origin, &ray.direction, 1, ray.maxFraction, ray.solid };
		npRayHit2 many;
		int failedRay = -2;
		npResult rm = npRayCastMany2(&shape, xf, &batch, &many, &failedRay);
		FZ_CHECK(rm == r, "npRayCastMany2 code %d, npRayCast2 %d", (int)rm, (int)r);
		if (r != NP_OK)
			continue;
		FZ_CHECK(sameBits(&hit, &many), "npRayCastMany2 differs from npRayCast2 (hit %d / %d, fraction %.17g / %.17g)",
				 hit.hit, many.hit, hit.fraction, many.fraction);

		npVec2 o = ray.origin, d = ray.direction;
		double reach = ray.maxFraction < 1e300 ? ray.maxFraction : 1e300;
		double scale = fzShapeScale2(&shape) + fzAbs2(xf.p) + fzAbs2(o) + (hit.hit ? fzAbs2(hit.point) : 0.0);
		// Two queries compared (and a rotation up to 2e-6 off unit length: fzSlack); 10 FZ_REL.
		double tol = (10.0 * FZ_REL + 2.0 * fzSlack) * scale + FZ_ABS;
		if (!(scale < 1e12))
			continue; // beyond the geometry checks' precision (the codes and the bits above still hold)
		npPointProjection2 at;
		if (hit.hit)
		{
			FZ_CHECK(hit.fraction >= 0.0 && hit.fraction <= ray.maxFraction, "fraction %.17g outside [0, %.17g]", hit.fraction,
					 ray.maxFraction);
			npVec2 p = { o.x + hit.fraction * d.x, o.y + hit.fraction * d.y };
			FZ_CHECK(fabs(p.x - hit.point.x) <= tol && fabs(p.y - hit.point.y) <= tol, "point is not origin + fraction * direction");
			bool zero = hit.normal.x == 0.0 && hit.normal.y == 0.0;
			if (zero)
				FZ_CHECK(ray.solid && hit.fraction == 0.0 && !hit.frontFace, "a zero normal away from a solid start");
			else
			{
				fzCheckUnit2(hit.normal, "ray hit");
				// Against the direction scaled to a largest component of 1 (as fuzz_rays3d: with a
				// subnormal direction each product rounds to 0 or 5e-324, and 1e-9 |d| to 0).
				double m = fzAbs2(d);
				double facing = hit.normal.x * (d.x / m) + hit.normal.y * (d.y / m);
				FZ_CHECK(facing <= 1e-9, "normal . direction / max |direction| = %.17g: not facing the ray", facing);
				if (npClosestPoint2(&shape, xf, hit.point, &at) == NP_OK)
					FZ_CHECK(fabs(at.distance) <= tol, "hit point %.17g from the surface (tolerance %.3g, fraction %.17g)",
							 at.distance, tol, hit.fraction);
				// And within the shape by brute force over its own vertices (brutesupport.h), a check
				// that does not go through the library's closest-point query.
				FZ_CHECK(bruteWithin2(&shape, xf, hit.point, 1.0e-5 * scale + FZ_ABS), "hit point off the shape (brute force), fraction %.17g",
						 hit.fraction);
			}
		}
		if (npClosestPoint2(&shape, xf, o, &at) != NP_OK)
			continue;
		if (at.distance < -tol)
		{
			FZ_CHECK(!ray.solid || (hit.hit && hit.fraction == 0.0), "solid ray from %.17g inside: hit %d at %.17g",
					 -at.distance, hit.hit, hit.fraction);
			FZ_CHECK(ray.solid || !hit.hit || !hit.frontFace, "ray from inside reports a front face");
			continue;
		}
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
			npVec2 p = { o.x + t * d.x, o.y + t * d.y };
			if (npClosestPoint2(&shape, xf, p, &at) == NP_OK)
				FZ_CHECK(!(at.distance < -tol), "missed contact: fraction %.17g is %.17g inside, the hit is %s %.17g", t,
						 -at.distance, hit.hit ? "at" : "none:", hit.fraction);
		}
	}
	return 0;
}
