// libFuzzer harness: every 2D pair query on two decoded shapes and transforms: npOverlap2,
// npDistance2, npPenetration2 (with a trace of random capacity), npCollide2 and the typed pair
// routines (any shape types: a mismatch falls back to npCollide2), npMinkowskiDifference2, and the
// traces of trace2d.h (GJK of random capacity, clipping), which must change no result.
// Queries other than the manifolds do not validate transforms, so they run only on accepted input;
// the manifolds validate their input and also get raw transforms and margins. Beyond fuzz.h's
// invariants, by brute force (tests/native/brutesupport.h): a distance's normal supports both
// shapes, a penetration's depth is the overlap along its normal and no more than along any edge
// normal of the cores, and overlapping cores get contacts no deeper than that overlap.
#include "fuzz.h"

static void checkManifold2(const npManifold2* m, double margin, double scale, const char* what)
{
	FZ_CHECK(m->pointCount >= 0 && m->pointCount <= NP_MAX_MANIFOLD_POINTS2, "%s: pointCount %d", what, m->pointCount);
	if (m->pointCount == 0)
		return;
	FZ_CHECK(fzFinite2(m->normal), "%s: normal not finite", what);
	fzCheckUnit2(m->normal, what);
	for (int i = 0; i < m->pointCount; ++i)
	{
		const npManifoldPoint2* p = m->points + i;
		FZ_CHECK(fzFinite2(p->pointA) && fzFinite2(p->pointB) && isfinite(p->depth), "%s: point %d not finite", what, i);
		fzCheckDepth2(p->pointA, p->pointB, m->normal, p->depth, scale, what);
		FZ_CHECK(p->depth >= -margin - (FZ_REL + 2.0 * fzSlack) * fzMax(scale, 1.0) - FZ_ABS, "%s: depth %.17g below -margin %.17g", what,
				 p->depth, margin);
	}
}

typedef npManifold2 (*Pair2)(const npShape2*, npTransform2, const npShape2*, npTransform2, double);

// A placed 2D core's overlap with another along unit u: A's reach along u minus B's lowest point.
static double overlapAlong2(const npShape2* a, npTransform2 xa, const npShape2* b, npTransform2 xb, npVec2 u)
{
	npVec2 back = { -u.x, -u.y };
	return (bruteSupport2(a, xa, u) - a->radius) + (bruteSupport2(b, xb, back) - b->radius);
}

// The cores' penetration depth by brute force: in 2D the Minkowski difference of two convex
// polygons has only edges parallel to theirs, so the smallest overlap over both shapes' edge
// normals (placed by the rotation as given, normalised here; a capsule's segment has two, a
// circle's point none) is the depth. +inf when neither shape has an edge.
static double bruteCoreDepth2(const npShape2* a, npTransform2 xa, const npShape2* b, npTransform2 xb)
{
	double best = INFINITY;
	for (int k = 0; k < 2; ++k)
	{
		const npShape2* s = k ? b : a;
		npTransform2 xf = k ? xb : xa;
		int edges = s->count == 1 ? 0 : s->count == 2 ? 1 : s->count;
		for (int i = 0; i < edges; ++i)
		{
			npVec2 e = { s->vertices[(i + 1) % s->count].x - s->vertices[i].x, s->vertices[(i + 1) % s->count].y - s->vertices[i].y };
			long double nx = (long double)xf.q.c * e.y + (long double)xf.q.s * e.x; // the edge turned, then its right normal
			long double ny = (long double)xf.q.s * e.y - (long double)xf.q.c * e.x;
			long double len = sqrtl(nx * nx + ny * ny);
			if (!(len > 0.0L))
				continue;
			for (int side = 0; side < 2; ++side)
			{
				npVec2 u = { (double)((side ? -nx : nx) / len), (double)((side ? -ny : ny) / len) };
				best = fmin(best, overlapAlong2(a, xa, b, xb, u));
			}
		}
	}
	return best;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npShape2 a, b;
	int okA = fzShape2(&in, &a) == NP_OK;
	int okB = fzShape2(&in, &b) == NP_OK;
	npTransform2 xa = fzTransform2(&in), xb = fzTransform2(&in);
	int okM;
	double margin = fzMargin(&in, &okM);
	okM |= fabs(margin) <= NP_HUGE; // 2D manifolds take negative margins (contacts deeper than -margin)
	if (!okA || !okB)
		return 0;

	// Manifolds validate their input: raw transforms and margins must not crash.
	static const Pair2 pairs[] = { npCollide2, npCollideCircles, npCollideCapsuleAndCircle, npCollideCapsules,
								   npCollidePolygonAndCircle, npCollidePolygons };
	int okX = npValidateTransform2(xa) == NP_OK && npValidateTransform2(xb) == NP_OK;
	fzSlack = okX ? fzMax(fabs(xa.q.c * xa.q.c + xa.q.s * xa.q.s - 1.0), fabs(xb.q.c * xb.q.c + xb.q.s * xb.q.s - 1.0))
				  : 0.0;
	double scale = okX ? fzPairScale2(&a, xa, &b, xb) : 0.0;
	for (int i = 0; i < 6; ++i)
	{
		npManifold2 m = pairs[i](&a, xa, &b, xb, margin);
		if (okX && okM)
			checkManifold2(&m, margin, scale + margin, "npCollide2 family");
		else
			FZ_CHECK(m.pointCount == 0, "manifold on rejected input");
		// Contact points on their shapes (pointA on A, pointB on B), as fuzz_pairs3d checks.
		if (i == 0 && okX && okM)
			for (int k = 0; k < m.pointCount; ++k)
			{
				double pointTol = 1.0e-5 * (scale + fabs(margin)) + FZ_ABS + fzSlack * scale;
				FZ_CHECK(bruteWithin2(&a, xa, m.points[k].pointA, pointTol) && bruteWithin2(&b, xb, m.points[k].pointB, pointTol),
						 "npCollide2: contact %d off its shapes: pointA (%.17g, %.17g) within A %d, pointB (%.17g, %.17g) within B %d", k,
						 m.points[k].pointA.x, m.points[k].pointA.y, bruteWithin2(&a, xa, m.points[k].pointA, pointTol),
						 m.points[k].pointB.x, m.points[k].pointB.y, bruteWithin2(&b, xb, m.points[k].pointB, pointTol));
			}
	}
	if (!okX)
		return 0;

	bool overlap = npOverlap2(&a, xa, &b, xb);
	npDistanceResult2 d = npDistance2(&a, xa, &b, xb);
	FZ_DUMP("npDistance2: %s A { %s, %s } B { %s, %s } normal { %s, %s }\n", fzLit(d.distance), fzLit(d.pointA.x),
			fzLit(d.pointA.y), fzLit(d.pointB.x), fzLit(d.pointB.y), fzLit(d.normal.x), fzLit(d.normal.y));
	FZ_CHECK(isfinite(d.distance) && d.distance >= 0.0 && fzFinite2(d.pointA) && fzFinite2(d.pointB) &&
				 fzFinite2(d.normal),
			 "npDistance2 not finite or negative: %.17g", d.distance);
	double tol = (FZ_REL + 2.0 * fzSlack) * scale + FZ_ABS;
	if (d.distance > 0.0)
	{
		fzCheckUnit2(d.normal, "npDistance2");
		double gap = hypot(d.pointB.x - d.pointA.x, d.pointB.y - d.pointA.y);
		FZ_CHECK(fabs(gap - d.distance) <= tol, "npDistance2: |pointB - pointA| = %.17g, distance %.17g", gap,
				 d.distance);
		// Apart by more than 1e-6 of the scale, the normal is that of the closest features: A reaches
		// along it no farther than pointA, B against it no farther than pointB (brute force over the
		// cores' vertices), within 1e-7 of the scale (fuzz_pairs3d's check), plus the rotations'
		// deviation from unit length (fzSlack: the library uses a rotation within 1e-6 of unit as
		// given, and a box 60 away from the other shape's frame moved by 5.6e-5 against a brute
		// force that turns it by the same numbers in the world frame).
		if (d.distance > 1.0e-6 * scale)
		{
			npVec2 n = d.normal, back = { -n.x, -n.y };
			double gapA = bruteSupport2(&a, xa, n) - (n.x * d.pointA.x + n.y * d.pointA.y);
			double gapB = bruteSupport2(&b, xb, back) - (back.x * d.pointB.x + back.y * d.pointB.y);
			double supportTol = (1.0e-7 + 2.0 * fzSlack) * scale + FZ_ABS;
			FZ_CHECK(fabs(gapA) <= supportTol && fabs(gapB) <= supportTol,
					 "npDistance2: normal (%.17g, %.17g) does not support the shapes at the points: gaps %.3g (A), %.3g (B), tol %.3g", n.x,
					 n.y, gapA, gapB, supportTol);
		}
	}
	FZ_CHECK(!overlap || d.distance <= tol, "npOverlap2 true but distance %.17g", d.distance);
	if (d.distance > 1.0e-6 * scale)
		FZ_CHECK(bruteWithin2(&a, xa, d.pointA, 1.0e-5 * scale + FZ_ABS + fzSlack * scale) &&
					 bruteWithin2(&b, xb, d.pointB, 1.0e-5 * scale + FZ_ABS + fzSlack * scale),
				 "npDistance2: a closest point off its shape");
	// Shapes clearly apart get only speculative contacts (as fuzz_pairs3d checks; within the face
	// preference a face may be taken over a better axis).
	if (okM && margin >= 0.0 && d.distance > 1.0e-6 * scale)
	{
		npManifold2 m = npCollide2(&a, xa, &b, xb, margin);
		for (int k = 0; k < m.pointCount; ++k)
			FZ_CHECK(m.points[k].depth <= NP_FACE_PREFERENCE2 + tol, "npCollide2: contact %d depth %.17g, but the shapes are %.17g apart", k,
					 m.points[k].depth, d.distance);
	}

	static npEpaStep2 steps[16];
	npEpaTrace2 trace = { 0 };
	trace.stepCapacity = fzInt(&in, 0, 16);
	trace.steps = steps;
	npPenetrationResult2 p = npPenetration2(&a, xa, &b, xb, fzByte(&in) & 1 ? &trace : NULL);
	FZ_CHECK(trace.stepCount >= 0 && trace.stepCount <= trace.stepCapacity, "trace stepCount %d of %d",
			 trace.stepCount, trace.stepCapacity);
	FZ_CHECK(trace.simplexCount >= 0 && trace.simplexCount <= 3, "trace simplexCount %d", trace.simplexCount);
	if (p.overlapping)
	{
		FZ_CHECK(isfinite(p.depth) && p.depth >= 0.0 && fzFinite2(p.pointA) && fzFinite2(p.pointB),
				 "npPenetration2 not finite: depth %.17g", p.depth);
		fzCheckUnit2(p.normal, "npPenetration2");
		fzCheckDepth2(p.pointA, p.pointB, p.normal, p.depth, scale, "npPenetration2");
		// The witness points on their shapes (as fuzz_pairs3d checks).
		double witnessTol = 1.0e-5 * scale + FZ_ABS + fzSlack * scale;
		FZ_CHECK(bruteWithin2(&a, xa, p.pointA, witnessTol) && bruteWithin2(&b, xb, p.pointB, witnessTol),
				 "npPenetration2: pointA within A %d, pointB within B %d", bruteWithin2(&a, xa, p.pointA, witnessTol),
				 bruteWithin2(&b, xb, p.pointB, witnessTol));
		for (int i = 0; i < trace.stepCount; ++i)
			FZ_CHECK(steps[i].vertexCount >= 0 && steps[i].vertexCount <= NP_EPA2_MAX_VERTICES, "trace step");

		// As fuzz_pairs3d: the depth is the shapes' overlap along the normal (brute force over the
		// vertices), and no more than along any edge normal of the cores. A capsule touching a
		// vertex of a polygon 1e12 long got a normal the polygon overlapped by 1e12 (seed
		// regression-penetration-capsule-on-needle-vertex).
		double ds = fzMax(scale, fzMax(fzAbs2(p.pointA), fzMax(fzAbs2(p.pointB), p.depth)));
		double slack = FZ_REL * ds + fzSlack * ds + FZ_ABS;
		double along = overlapAlong2(&a, xa, &b, xb, p.normal) + a.radius + b.radius;
		FZ_CHECK(fabs(along - p.depth) <= slack, "npPenetration2: depth %.17g but the shapes overlap by %.17g along its normal", p.depth,
				 along);
		double coreDepth = bruteCoreDepth2(&a, xa, &b, xb);
		// Cores that clearly overlap get contacts from npCollide2, none deeper than the shapes
		// overlap along the manifold's normal.
		if (isfinite(coreDepth) && coreDepth > 1.0e-6 * ds)
		{
			npManifold2 m = npCollide2(&a, xa, &b, xb, 0.0);
			FZ_CHECK(m.pointCount > 0, "npCollide2: no contacts where the cores overlap by %.17g", coreDepth);
			double overlapAlongNormal = overlapAlong2(&a, xa, &b, xb, m.normal) + a.radius + b.radius;
			for (int k = 0; k < m.pointCount; ++k)
				FZ_CHECK(m.points[k].depth <= overlapAlongNormal + slack, "npCollide2: contact %d depth %.17g, overlap %.17g along the normal", k,
						 m.points[k].depth, overlapAlongNormal);
			// The normal is the best separating axis up to the face preference (as in 3D).
			FZ_CHECK(overlapAlongNormal <= coreDepth + a.radius + b.radius + 2.0 * NP_FACE_PREFERENCE2 + slack,
					 "npCollide2: overlap %.17g along the normal, %.17g along the best axis", overlapAlongNormal,
					 coreDepth + a.radius + b.radius);
		}
		if (isfinite(coreDepth) && coreDepth > slack)
			FZ_CHECK(p.depth <= coreDepth + a.radius + b.radius + slack, "npPenetration2: depth %.17g but an edge normal separates with %.17g",
					 p.depth, coreDepth + a.radius + b.radius);
	}
	FZ_CHECK(!(p.overlapping && p.depth > tol) || overlap, "penetration %.17g but no overlap", p.depth);
	FZ_CHECK(!(d.distance > tol) || !p.overlapping || p.depth <= tol, "distance %.17g and penetration %.17g",
			 d.distance, p.depth);

	npVec2 diff[NP_MAX_POLYGON_VERTICES * 2 + 4];
	int capacity = fzInt(&in, 0, NP_MAX_POLYGON_VERTICES * 2 + 4);
	int n = npMinkowskiDifference2(&a, xa, &b, xb, diff, capacity);
	FZ_CHECK(n == -1 || (n >= 1 && n <= capacity), "npMinkowskiDifference2 gave %d of %d", n, capacity);
	for (int i = 0; i < n; ++i)
		FZ_CHECK(fzFinite2(diff[i]), "Minkowski vertex %d not finite", i);

	// Traces (trace2d.h) of random capacity change no result and stay inside their buffers.
	static npGjkStep2 gjkSteps[8];
	npGjkTrace2 gjk = { 0 };
	gjk.stepCapacity = fzInt(&in, 0, 8);
	gjk.steps = gjkSteps;
	npDistanceResult2 dt = npTraceDistance2(&a, xa, &b, xb, &gjk);
	FZ_CHECK(memcmp(&dt.distance, &d.distance, sizeof d.distance) == 0, "traced distance %.17g vs %.17g", dt.distance, d.distance);
	FZ_CHECK(gjk.stepCount >= 0 && gjk.stepCount <= gjk.stepCapacity, "GJK trace stepCount %d of %d", gjk.stepCount, gjk.stepCapacity);
	FZ_CHECK(npTraceOverlap2(&a, xa, &b, xb, &gjk) == overlap, "traced overlap differs");
	for (int i = 0; i < gjk.stepCount; ++i)
		FZ_CHECK(gjkSteps[i].simplexCount >= 0 && gjkSteps[i].simplexCount <= 3 && (unsigned)gjkSteps[i].stop <= NP_GJK_MAX_ITERATIONS, "GJK trace step %d", i);
	npClipTrace2 clip;
	npManifold2 mt = npTraceManifold2(&a, xa, &b, xb, margin, &clip);
	npManifold2 mp = npCollide2(&a, xa, &b, xb, margin);
	FZ_CHECK(mt.pointCount == mp.pointCount, "traced manifold has %d points, untraced %d", mt.pointCount, mp.pointCount);
	FZ_CHECK((unsigned)clip.path <= NP_CLIP_CLOSEST && clip.attemptCount >= 0 && clip.attemptCount <= 2, "clip trace path %d attempts %d", (int)clip.path, clip.attemptCount);
	return 0;
}
