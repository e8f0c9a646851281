// GJK distance (npDistance3, and npOverlap3 / npPenetration3 that rest on it) on slivers: pairs
// whose Minkowski difference is nearly flat or nearly a segment, so GJK's triangles are slivers.
// Expectations come from brute force, not from GJK: the distance between two convex shapes is
// reached between a vertex and the other shape or between two edges, so it is the smallest of
// point-to-box distances (closed form: clamp into the box) and segment-to-segment or
// segment-to-box distances, each minimised over the segment's parameter by ternary search (the
// distance from a point moving along a segment to a convex set is convex in the parameter).
//  - capsules with nearly parallel cores (tilts 1e-9 to 1e-2 rad, core gaps 1e-13 to 1e-2,
//    radii 1e-6 and 1e-2): core distance, overlap, and the penetration depth where only the
//    roundings overlap;
//  - a thin capsule along a box edge, nearly parallel to it;
//  - two boxes with a pair of nearly parallel edges nearly touching.
//  - the distance normal of sliver triangles (up to 1e8 long, down to 1e-2 wide) and needle hulls
//    against small shapes and each other: each shape behind the plane through its closest point
//    (brute force over the vertices, brutesupport.h), within 1e-7 of the scale.
// Allowed error: 1e-9 plus the sliver's width (see `tolerance`). The test can fail: with Ericson's
// dot-product region tests for GJK's triangle (the solver before the signed areas), about one
// capsule pair in ten got a wrong distance, up to 1.07 for overlapping cores (npGjk3 stopped on a
// point of a sliver far from its closest point).
#include "narrowphase/collide3d.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include "brutesupport.h"
#include "check.h"

#define TEST_RNG_SEED 0xBB67AE8584CAA73Bull
#include "testrng.h"
#include "testvec3.h"

static npVec3 lerp(npVec3 a, npVec3 b, double t) { return add(a, scale(t, sub(b, a))); }

// Rotation by a unit quaternion (the test's own, not the library's).
static npVec3 rotate(npQuat q, npVec3 v)
{
	npVec3 u = V(q.x, q.y, q.z);
	npVec3 t = scale(2.0, V(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x));
	npVec3 c = V(u.y * t.z - u.z * t.y, u.z * t.x - u.x * t.z, u.x * t.y - u.y * t.x);
	return add(add(v, scale(q.w, t)), c);
}
static npVec3 rotateBack(npQuat q, npVec3 v) { return rotate((npQuat){ -q.x, -q.y, -q.z, q.w }, v); }
static npQuat axisAngle(npVec3 axis, double angle)
{
	double l = len(axis), s = sin(0.5 * angle) / l;
	return (npQuat){ s * axis.x, s * axis.y, s * axis.z, cos(0.5 * angle) };
}
static npTransform3 makeXf(npVec3 p, npQuat q)
{
	npTransform3 xf;
	npMakeTransform3(p, q, &xf);
	return xf;
}

// Distance from p to the segment ab.
static double pointSegment(npVec3 p, npVec3 a, npVec3 b)
{
	npVec3 e = sub(b, a);
	double t = dot(sub(p, a), e) / dot(e, e);
	t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
	return len(sub(lerp(a, b, t), p));
}

// A box: half extents h at pose xf.
typedef struct Box
{
	npVec3 h;
	npTransform3 xf;
} Box;

// Distance from p to the solid box (clamp into it in its own frame).
static double pointBox(npVec3 p, const Box* box)
{
	npVec3 l = rotateBack(box->xf.q, sub(p, box->xf.p));
	double c[3] = { l.x, l.y, l.z }, h[3] = { box->h.x, box->h.y, box->h.z }, s = 0.0;
	for (int k = 0; k < 3; ++k)
	{
		double over = fabs(c[k]) - h[k];
		s += over > 0.0 ? over * over : 0.0;
	}
	return sqrt(s);
}

// min over t in [0, 1] of f(lerp(a, b, t)) for f convex along the segment: ternary search, then
// the ends.
typedef double (*PointDistance)(npVec3 p, const void* other);
static double segmentMin(npVec3 a, npVec3 b, PointDistance f, const void* other)
{
	double lo = 0.0, hi = 1.0;
	for (int k = 0; k < 200; ++k)
	{
		double m1 = lo + (hi - lo) / 3.0, m2 = hi - (hi - lo) / 3.0;
		if (f(lerp(a, b, m1), other) < f(lerp(a, b, m2), other))
			hi = m2;
		else
			lo = m1;
	}
	double best = f(lerp(a, b, 0.5 * (lo + hi)), other);
	double fa = f(a, other), fb = f(b, other);
	best = fa < best ? fa : best;
	return fb < best ? fb : best;
}
typedef struct Segment
{
	npVec3 a, b;
} Segment;
static double toSegment(npVec3 p, const void* s) { return pointSegment(p, ((const Segment*)s)->a, ((const Segment*)s)->b); }
static double toBox(npVec3 p, const void* b) { return pointBox(p, (const Box*)b); }

static void boxCorners(const Box* box, npVec3* out)
{
	for (int i = 0; i < 8; ++i)
	{
		npVec3 l = V(i & 1 ? box->h.x : -box->h.x, i & 2 ? box->h.y : -box->h.y, i & 4 ? box->h.z : -box->h.z);
		out[i] = add(rotate(box->xf.q, l), box->xf.p);
	}
}

// True when no separating axis (3 + 3 face normals, 9 edge cross products) splits the boxes.
static bool boxesIntersect(const Box* a, const Box* b)
{
	npVec3 ua[3] = { rotate(a->xf.q, V(1, 0, 0)), rotate(a->xf.q, V(0, 1, 0)), rotate(a->xf.q, V(0, 0, 1)) };
	npVec3 ub[3] = { rotate(b->xf.q, V(1, 0, 0)), rotate(b->xf.q, V(0, 1, 0)), rotate(b->xf.q, V(0, 0, 1)) };
	double ha[3] = { a->h.x, a->h.y, a->h.z }, hb[3] = { b->h.x, b->h.y, b->h.z };
	npVec3 axes[15];
	int count = 0;
	for (int i = 0; i < 3; ++i)
	{
		axes[count++] = ua[i];
		axes[count++] = ub[i];
		for (int j = 0; j < 3; ++j)
		{
			npVec3 c = V(ua[i].y * ub[j].z - ua[i].z * ub[j].y, ua[i].z * ub[j].x - ua[i].x * ub[j].z,
						 ua[i].x * ub[j].y - ua[i].y * ub[j].x);
			if (len(c) > 1.0e-6)
				axes[count++] = scale(1.0 / len(c), c);
		}
	}
	npVec3 d = sub(b->xf.p, a->xf.p);
	for (int k = 0; k < count; ++k)
	{
		double ra = 0.0, rb = 0.0;
		for (int i = 0; i < 3; ++i)
		{
			ra += ha[i] * fabs(dot(axes[k], ua[i]));
			rb += hb[i] * fabs(dot(axes[k], ub[i]));
		}
		if (fabs(dot(d, axes[k])) > ra + rb)
			return false;
	}
	return true;
}

// Distance between two solid boxes: 0 when they intersect, else the least of the vertices against
// the other box and of every edge pair.
static double boxBox(const Box* a, const Box* b)
{
	if (boxesIntersect(a, b))
		return 0.0;
	npVec3 ca[8], cb[8];
	boxCorners(a, ca);
	boxCorners(b, cb);
	double best = INFINITY;
	for (int i = 0; i < 8; ++i)
	{
		double da = pointBox(ca[i], b), db = pointBox(cb[i], a);
		best = da < best ? da : best;
		best = db < best ? db : best;
	}
	// Edges join corners differing in one bit.
	for (int i = 0; i < 8; ++i)
		for (int bit = 1; bit < 8; bit <<= 1)
		{
			if (i & bit)
				continue;
			for (int j = 0; j < 8; ++j)
				for (int bit2 = 1; bit2 < 8; bit2 <<= 1)
				{
					if (j & bit2)
						continue;
					Segment s = { cb[j], cb[j | bit2] };
					double d = segmentMin(ca[i], ca[i | bit], toSegment, &s);
					best = d < best ? d : best;
				}
		}
	return best;
}

// Allowed error: 1e-9 plus the width of the sliver, `tilt` times the shorter of the two nearly
// parallel edges. On a sliver the closest point's barycentric weights are ill-conditioned across it
// (its vertices are known to about 1e-16, its width may be 1e-9), so GJK's closest point can sit a
// little off along the sliver; over 400,000 capsule pairs the error stayed below 0.45 times that
// width (and below 1e-13 for tilts above 1e-6).
static const double tolerance = 1.0e-9;

// Capsules (half height 0.5 and 0.4, radius r) with nearly parallel cores.
static void capsulePairs(double r, int count, double* worst)
{
	npShape3 a, b;
	npMakeCapsule3(0.5, r, &a);
	npMakeCapsule3(0.4, r, &b);
	for (int i = 0; i < count; ++i)
	{
		double tilt = pow(10.0, rndRange(-9.0, -2.0));
		double turn = rndRange(0.0, 6.283185307179586);
		npQuat q = axisAngle(V(cos(turn), 0.0, sin(turn)), tilt);
		double gap = pow(10.0, rndRange(-13.0, -2.0)), around = rndRange(0.0, 6.283185307179586);
		npVec3 p = V(gap * cos(around), rndRange(-0.8, 0.8), gap * sin(around));
		npTransform3 xa = makeXf(V(0, 0, 0), (npQuat){ 0, 0, 0, 1 }), xb = makeXf(p, q);
		Segment coreB = { add(rotate(q, V(0, -0.4, 0)), p), add(rotate(q, V(0, 0.4, 0)), p) };
		double core = segmentMin(V(0, -0.5, 0), V(0, 0.5, 0), toSegment, &coreB);
		double allowed = tolerance + 0.8 * tilt;
		double expected = core > 2.0 * r ? core - 2.0 * r : 0.0;
		npDistanceResult3 d = npDistance3(&a, xa, &b, xb);
		double error = fabs(d.distance - expected);
		*worst = error > *worst ? error : *worst;
		CHECK(error <= allowed, "capsules r %g, tilt %.3g, gap %.3g, y %.3f: distance %.17g, brute force %.17g", r, tilt,
			  gap, p.y, d.distance, expected);
		if (fabs(core - 2.0 * r) > allowed)
			CHECK(npOverlap3(&a, xa, &b, xb) == (core < 2.0 * r), "capsules r %g, tilt %.3g, gap %.3g: overlap", r, tilt, gap);
		if (core > allowed && core < 2.0 * r)
		{
			// Only the roundings overlap: the depth is the radii minus the core distance.
			npPenetrationResult3 pen = npPenetration3(&a, xa, &b, xb);
			CHECK(fabs(pen.depth - (2.0 * r - core)) <= allowed, "capsules r %g, tilt %.3g, gap %.3g: depth %.17g, brute force %.17g",
				  r, tilt, gap, pen.depth, 2.0 * r - core);
		}
	}
}

// A thin capsule along an edge of a box, nearly parallel to it and nearly touching.
static void capsuleAlongBoxEdge(int count, double* worst)
{
	const double r = 1.0e-6;
	npShape3 capsule, boxShape;
	npMakeCapsule3(0.3, r, &capsule);
	Box box = { V(0.5, 0.4, 0.3), makeXf(V(0, 0, 0), (npQuat){ 0, 0, 0, 1 }) };
	npMakeBox3(box.h, &boxShape);
	for (int i = 0; i < count; ++i)
	{
		// The box edge at x = 0.5, z = 0.3 runs along y; the capsule's core lies along y beside it.
		double tilt = pow(10.0, rndRange(-9.0, -2.0)), turn = rndRange(0.0, 6.283185307179586);
		npQuat q = axisAngle(V(cos(turn), 0.0, sin(turn)), tilt);
		double gap = pow(10.0, rndRange(-13.0, -2.0)), around = rndRange(-0.5, 2.0);
		npVec3 p = V(0.5 + gap * cos(around), rndRange(-0.5, 0.5), 0.3 + gap * sin(around));
		npTransform3 xc = makeXf(p, q);
		npVec3 c0 = add(rotate(q, V(0, -0.3, 0)), p), c1 = add(rotate(q, V(0, 0.3, 0)), p);
		double core = segmentMin(c0, c1, toBox, &box);
		double expected = core > r ? core - r : 0.0;
		npDistanceResult3 d = npDistance3(&capsule, xc, &boxShape, box.xf);
		double error = fabs(d.distance - expected);
		*worst = error > *worst ? error : *worst;
		CHECK(error <= tolerance + 0.6 * tilt, "capsule along box edge: tilt %.3g, gap %.3g: distance %.17g, brute force %.17g", tilt, gap,
			  d.distance, expected);
	}
}

// Two boxes whose edges (A's at x = 0.5, z = 0.3; B's turned by 90 degrees about y so that one of
// its edges runs along y too) are nearly parallel and nearly touching.
static void boxEdgePairs(int count, double* worst)
{
	Box a = { V(0.5, 0.4, 0.3), makeXf(V(0, 0, 0), (npQuat){ 0, 0, 0, 1 }) };
	npShape3 shapeA, shapeB;
	npMakeBox3(a.h, &shapeA);
	npVec3 hb = V(0.2, 0.35, 0.25);
	npMakeBox3(hb, &shapeB);
	for (int i = 0; i < count; ++i)
	{
		// B turned by 45 degrees about y (edge first towards A's edge), then tilted slightly.
		double tilt = pow(10.0, rndRange(-9.0, -2.0)), turn = rndRange(0.0, 6.283185307179586);
		npQuat spin = axisAngle(V(0, 1, 0), 0.7853981633974483 + rndRange(-0.3, 0.3));
		npQuat wobble = axisAngle(V(cos(turn), 0.0, sin(turn)), tilt);
		npQuat q = { wobble.w * spin.x + wobble.x * spin.w + wobble.y * spin.z - wobble.z * spin.y,
					 wobble.w * spin.y - wobble.x * spin.z + wobble.y * spin.w + wobble.z * spin.x,
					 wobble.w * spin.z + wobble.x * spin.y - wobble.y * spin.x + wobble.z * spin.w,
					 wobble.w * spin.w - wobble.x * spin.x - wobble.y * spin.y - wobble.z * spin.z };
		// Put B's nearest edge (the one towards -x, -z in B's turned frame) at A's edge plus a gap.
		double gap = pow(10.0, rndRange(-13.0, -2.0)), around = rndRange(-0.2, 1.8);
		npVec3 edgeLocal = V(-hb.x, 0.0, -hb.z);
		npVec3 target = V(0.5 + gap * cos(around), rndRange(-0.3, 0.3), 0.3 + gap * sin(around));
		npVec3 p = sub(target, rotate(q, edgeLocal));
		Box b = { hb, makeXf(p, q) };
		double expected = boxBox(&a, &b);
		npDistanceResult3 d = npDistance3(&shapeA, a.xf, &shapeB, b.xf);
		double error = fabs(d.distance - expected);
		*worst = error > *worst ? error : *worst;
		CHECK(error <= tolerance + 0.7 * tilt, "box edges: tilt %.3g, gap %.3g: distance %.17g, brute force %.17g", tilt, gap, d.distance,
			  expected);
	}
}

// Sliver triangles and needle hulls (fuzz_pairs3d's distance-normal check, made a sweep): a
// separated pair's normal, read with its points, must leave A behind the plane through pointA and B
// behind the one through pointB, within 1e-7 of the scale (the largest placed coordinate). On a
// sliver GJK's closest point is good to its weights' rounding, eps times the sliver's length over
// its width times its length, and the gap's direction to that over the gap. Before gjk3d.c offered
// an ill-conditioned triangle's own normal as a rival, 37 of these 21,415 pairs failed (up to
// 5.7e-5 of the scale; a sliver 1,020 beyond its plane); now the worst is 3.3e-11.
static npHull3 sweepHulls[2];

static int slenderShape(int kind, int slot, npShape3* out)
{
	double size = rndRange(0.1, 2.0);
	npVec3 p[12];
	if (kind == 0)
		return npMakeBox3(V(rndRange(0.01, size), rndRange(0.01, size), rndRange(0.01, size)), out);
	if (kind == 1)
		return npMakeTriangle3(V(rndRange(-size, size), rndRange(-size, size), rndRange(-size, size)),
							   V(rndRange(-size, size), rndRange(-size, size), rndRange(-size, size)),
							   V(rndRange(-size, size), rndRange(-size, size), rndRange(-size, size)), out);
	double length = pow(10.0, rndRange(2.0, 8.0));
	npVec3 d = unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)));
	if (kind == 2)
	{
		// A sliver: two far corners along d (one at a random fraction), the third near the middle.
		double width = pow(10.0, rndRange(-2.0, 1.0));
		npVec3 o = V(rndRange(-width, width), rndRange(-width, width), rndRange(-width, width));
		return npMakeTriangle3(sub(o, scale(length, d)), add(o, scale(length * rnd(), d)),
							   V(rndRange(-width, width), rndRange(-width, width), rndRange(-width, width)), out);
	}
	// A needle hull: ten points in the unit cube and two far ones.
	for (int i = 0; i < 10; ++i)
		p[i] = V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1));
	p[10] = scale(length, d);
	p[11] = V(-0.5 * length * d.y, 0.5 * length * d.x, 0.2 * length);
	if (npMakeHull3(p, 12, &sweepHulls[slot]) != NP_OK)
		return 1;
	return npMakeHullShape3(&sweepHulls[slot], out);
}

static double placedScale(const npShape3* s, npTransform3 xf)
{
	double m = 0.0;
	for (int axis = 0; axis < 3; ++axis)
	{
		npVec3 e = V(axis == 0, axis == 1, axis == 2);
		m = fmax(m, fmax(fabs(bruteSupport3(s, xf, e)), fabs(bruteSupport3(s, xf, scale(-1.0, e)))));
	}
	return m;
}

static void slenderNormals(int count, int* tested, double* worst)
{
	for (int i = 0; i < count; ++i)
	{
		npShape3 a, b;
		int kindA = (int)(rnd() * 4.0), kindB = 2 + (int)(rnd() * 2.0);
		if (slenderShape(kindA, 0, &a) != NP_OK || slenderShape(kindB, 1, &b) != NP_OK)
			continue;
		npVec3 dir = unit(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)));
		double offset = rndRange(0.5, 3.5) * pow(10.0, rndRange(0.0, 6.0));
		npQuat qa = axisAngle(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)), rndRange(0.0, 6.283185307179586));
		npQuat qb = axisAngle(V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1)), rndRange(0.0, 6.283185307179586));
		npVec3 pa = V(rndRange(-1, 1), rndRange(-1, 1), rndRange(-1, 1));
		npTransform3 xa = makeXf(pa, qa), xb = makeXf(add(pa, scale(offset, dir)), qb);
		double size = fmax(placedScale(&a, xa), placedScale(&b, xb));
		npDistanceResult3 d = npDistance3(&a, xa, &b, xb);
		if (!(d.distance > 1.0e-6 * size))
			continue; // touching or overlapping: the normal is not the closest features' (fuzz_pairs3d)
		npVec3 n = d.normal, back = scale(-1.0, n);
		double beyondA = bruteSupport3(&a, xa, n) - dot(n, d.pointA);
		double beyondB = bruteSupport3(&b, xb, back) - dot(back, d.pointB);
		double off = fmax(fabs(beyondA), fabs(beyondB)) / size;
		*worst = fmax(*worst, off);
		*tested += 1;
		CHECK(off <= 1.0e-7, "slender pair %d (kinds %d, %d): distance %.17g, A %.3g and B %.3g beyond the planes through their points (scale %.3g)",
			  i, kindA, kindB, d.distance, beyondA, beyondB, size);
	}
}

int main(void)
{
	double worst = 0.0;
	capsulePairs(1.0e-6, 20000, &worst);
	capsulePairs(1.0e-2, 20000, &worst);
	printf("nearly parallel capsules: 40000 pairs, largest distance error %.3g\n", worst);
	worst = 0.0;
	capsuleAlongBoxEdge(20000, &worst);
	printf("capsule along a box edge: 20000 poses, largest distance error %.3g\n", worst);
	worst = 0.0;
	boxEdgePairs(3000, &worst);
	printf("boxes with nearly parallel edges: 3000 pairs, largest distance error %.3g\n", worst);
	int tested = 0;
	worst = 0.0;
	slenderNormals(25000, &tested, &worst);
	printf("slivers and needles apart: %d pairs, normals supported within %.3g of the scale\n", tested, worst);
	return checkSummary();
}
