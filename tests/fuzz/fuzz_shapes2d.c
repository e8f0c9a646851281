// libFuzzer harness: the 2D constructors (npMakeCircle, npMakeCapsule2, npMakeBox2, npMakePolygon2),
// the transform helpers (npMakeRot2, npMakeTransform2, npValidateTransform2) and npSupport2.
// Checks: documented result codes only; an accepted shape has finite fields, 1..64 vertices in
// counter-clockwise order with unit edge normals; an accepted transform is finite; the support
// point of an accepted shape in any finite direction is one of its finite vertices.
#include "fuzz.h"

static void checkShape(const npShape2* s)
{
	FZ_DUMP("shape2 vertices:\n");
	for (int i = 0; i < s->count; ++i)
		FZ_DUMP("  { %s, %s } normal { %s, %s }\n", fzLit(s->vertices[i].x), fzLit(s->vertices[i].y),
				fzLit(s->normals[i].x), fzLit(s->normals[i].y));
	FZ_CHECK(s->count >= 1 && s->count <= NP_MAX_POLYGON_VERTICES, "count %d", s->count);
	FZ_CHECK(isfinite(s->radius) && s->radius >= 0.0, "radius %.17g", s->radius);
	FZ_CHECK(fzFinite2(s->centroid) && fzFinite2(s->halfExtents), "centroid or extents not finite");
	for (int i = 0; i < s->count; ++i)
		FZ_CHECK(fzFinite2(s->vertices[i]), "vertex %d not finite", i);
	// Strictly convex, counter-clockwise: the cross product of consecutive edges is positive, unless
	// the edges are so short that the product underflows (a box of half extent 5e-324 is accepted).
	if (s->count >= 3)
		for (int i = 0; i < s->count; ++i)
		{
			fzCheckUnit2(s->normals[i], "polygon edge");
			npVec2 a = s->vertices[i], b = s->vertices[(i + 1) % s->count], c = s->vertices[(i + 2) % s->count];
			double cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
			double edges = fzMax(fabs(b.x - a.x), fabs(b.y - a.y)) * fzMax(fabs(c.x - b.x), fabs(c.y - b.y));
			FZ_CHECK(cross > 0.0 || (cross == 0.0 && edges < 1.0e-290), "polygon not strictly convex counter-clockwise at vertex %d (cross %.17g)", i, cross);
		}
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);

	npShape2 shape;
	npResult r = fzShape2(&in, &shape);
	if (r == NP_OK)
	{
		checkShape(&shape);
		for (int k = 0; k < 3; ++k)
		{
			npVec2 d = fzVec2(&in);
			npVec2 p = npSupport2(&shape, d);
			if (isfinite(d.x) && isfinite(d.y))
			{
				int found = 0;
				for (int i = 0; i < shape.count; ++i)
					found |= p.x == shape.vertices[i].x && p.y == shape.vertices[i].y;
				FZ_CHECK(found, "npSupport2 gave (%.17g, %.17g), not a vertex", p.x, p.y);
			}
		}
	}

	npTransform2 xf = fzTransform2(&in);
	npResult t = npValidateTransform2(xf);
	FZ_CHECK(t == NP_OK || t == NP_ERR_NON_FINITE || t == NP_ERR_INVALID_TRANSFORM, "npValidateTransform2 code %d",
			 (int)t);
	if (t == NP_OK)
		FZ_CHECK(fzFinite2(xf.p) && isfinite(xf.q.c) && isfinite(xf.q.s), "accepted transform not finite");

	double angle = fzNumber(&in);
	npRot2 q = npMakeRot2(angle);
	if (isfinite(angle) && fabs(angle) < 1.0e6)
		FZ_CHECK(fabs(q.c * q.c + q.s * q.s - 1.0) <= 1.0e-12, "npMakeRot2(%.17g) not unit", angle);

	// Null pointers are rejected with NP_ERR_INVALID_ARGUMENT.
	FZ_CHECK(npMakeCircle(1.0, NULL) == NP_ERR_INVALID_ARGUMENT, "circle null");
	FZ_CHECK(npMakePolygon2(NULL, 3, 0.0, &shape) == NP_ERR_INVALID_ARGUMENT, "polygon null points");
	return 0;
}
