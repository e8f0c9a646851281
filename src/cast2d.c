// 2D shape casts: the first fraction at which a shape moving in a straight line comes within a
// target distance of another shape.
//
// The moving shape A translates by t * d; the target B stays. The distance of their cores at t is
// the distance from the point x(t) = -t * d to the Minkowski difference M = coreA - coreB, and the
// shapes are within targetDistance when it is at most R = rA + rB + targetDistance. So the cast is a ray cast from the origin along r = -d against M grown by R, done by the
// GJK ray cast of van den Bergen ("Ray Casting against General Convex Objects with Application to
// Continuous Collision Detection", 2004; also his book "Collision Detection in Interactive 3D
// Environments", 2004):
//  - keep a simplex of points of M and v = x - (its point closest to x), which points from M toward
//    the ray's current point x = lambda * r;
//  - take M's support point p along v. The half-plane v.y <= v.p holds M, so M grown by R lies in
//    v.y <= v.p + R |v|. When x is beyond that line, no point of the ray before the line can touch:
//    lambda moves forward to the line (a lower bound of the first contact; the ray moving away
//    from the line means a miss);
//  - add p to the simplex and reduce it to the features supporting the point closest to x (GJK's
//    step, gjk2d.c), as x moved the simplex is kept: its points are points of M, wherever x is;
//  - stop when |v|, an upper bound of the distance from x to M, is within R + tolerance.
// Every lambda is a lower bound of the exact first contact (each line bounds M), so the cast never
// places a shape inside another however fast, thin or large the shapes are; the steps are Newton
// steps on the convex distance along the ray, so a handful suffice. The radii never enter M: the
// rounding is the offset R of the line, exact for circles, capsules and rounded polygons.
//
// Two circles (both cores points) are solved in closed form: |m + t d| = R is a quadratic.
// Two sharp polygons (no rounding, no skin: R = 0) are too: the ray is clipped by the half-planes
// of M's edges (see "two sharp polygons" below), and two boxes by M's four slabs.
//
// Initial contact (already within targetDistance at t = 0): the hit has fraction 0 and the normal
// and points of the distance query, or, when the shapes overlap, of EPA (gjk2d.c, epa2d.c) with
// the depth as `penetration`. With ignoreSeparating, a contact that the translation leaves
// (dot(translation, normal) >= 0) is skipped: for one convex target the shapes then never meet
// again (the contact times of two convex sets moving linearly form one interval), so there is no hit.
//
// Everything runs in A's local frame (B brought into it, as GJK does), so offsets of 1e4 from the
// origin cost no precision.
#include "cast2d_private.h"
#include "gjk2d.h"
#include "inputs.h"
#include "codesize.h"
#include "rayclip.h"
#include "tiny.h"
#include "narrowphase/cast2d.h"
#include "vec2.h"

#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define CAST2_INLINE __attribute__((always_inline)) static inline
#else
#define CAST2_INLINE static inline
#endif

/// Termination tolerance of the ray cast, relative to the problem's scale.
#define NP_CAST_TOLERANCE2 1.0e-10

npShapeCastInput2 npMakeShapeCastInput2(const npShape2* shape, npTransform2 transform, npVec2 translation,
										const npShape2* target, npTransform2 targetTransform)
{
	return (npShapeCastInput2){ shape, transform, translation, target, targetTransform, 1.0, 0.0, false };
}

// A bound of the shape's extent about its local origin (|x| + |y| of the core vertices, plus the
// radius): only the tolerance's scale, so no square roots.
static double shapeExtent(const npShape2* s, bool box)
{
	if (box)
		return s->vertices[2].x + s->vertices[2].y + s->radius; // every vertex gives hx + hy
	double e = 0.0;
	for (int i = 0; i < s->count; ++i)
		e = npMax(e, npAbs(s->vertices[i].x) + npAbs(s->vertices[i].y));
	return e + s->radius;
}

static double normOne(npVec2 v) { return npAbs(v.x) + npAbs(v.y); }

// ---------------------------------------------------------------- the cast in A's frame

/// One prepared cast, in A's local frame.
typedef struct CastFrame
{
	npPair2 pair;    ///< A and B (B's transform relative to A)
	npVec2 d;        ///< A's translation in A's frame
	double R;        ///< rA + rB + targetDistance
	double tolerance;///< distance tolerance of the stop test
	double scale;    ///< the problem's scale (extents, offset, translation)
	double maxFraction;
	bool boxA, boxB; ///< the shapes have npMakeBox2's layout (support points in closed form)
} CastFrame;

/// What the ray cast found, in A's frame.
typedef struct CastResult
{
	bool hit;
	double fraction;
	npVec2 coreA, coreB; ///< closest core points at the hit (A's at fraction 0, unmoved)
	npVec2 normal;       ///< unit, from B toward A (zero when not known: cores touching at fraction 0)
	bool advanced;       ///< the fraction moved from 0 (false: contact at fraction 0)
	int iterations;
} CastResult;

// ---------------------------------------------------------------- support points
// Boxes take the closed form of gjk2d.h (npSupportIndexBox2): the scan's vertex, without its loop.

CAST2_INLINE int supportIndex(const npShape2* shape, bool box, npVec2 d)
{
	return box ? npSupportIndexBox2(shape, d) : npSupportIndex2(shape, d);
}

CAST2_INLINE npSupportPoint2 castSupport(const CastFrame* f, npVec2 d)
{
	const npPair2* pair = &f->pair;
	npSupportPoint2 s;
	s.indexA = supportIndex(pair->shapeA, f->boxA, d);
	s.indexB = supportIndex(pair->shapeB, f->boxB, npInvRotate2(pair->xfB.q, v2Neg(d)));
	s.wA = pair->shapeA->vertices[s.indexA];
	s.wB = npTransformPoint2(pair->xfB, pair->shapeB->vertices[s.indexB]);
	s.w = v2Sub(s.wA, s.wB);
	return s;
}

// True when no neighbour of vertex i of a core rises above it along u (not unit) by more than
// `tolerance` (a distance; a core of one vertex passes): on a convex polygon a vertex no neighbour
// beats is a farthest one. The band is the cast's own distance tolerance, not an angle: a true
// edge of M can join the two ends of a core 1e-77 long across its length (a tiny capsule beside
// a long one), where any angle to that short edge is rounding.
static bool risesAlong(npVec2 u, npVec2 from, npVec2 to, double tolerance)
{
	double rise = v2Dot(u, v2Sub(to, from));
	return rise > 0.0 && rise * rise > tolerance * tolerance * v2LengthSq(u);
}

static bool farthestOfNeighbours(const npShape2* s, int i, npVec2 u, double tolerance)
{
	if (s->count < 2)
		return true;
	int prev = i == 0 ? s->count - 1 : i - 1, next = i + 1 == s->count ? 0 : i + 1;
	return !risesAlong(u, s->vertices[i], s->vertices[prev], tolerance) &&
		   !risesAlong(u, s->vertices[i], s->vertices[next], tolerance);
}

// True when the two-point simplex is an edge of M = A - B with outward normal u (A's frame): each
// of its corners' vertices is its core's farthest along u (A's) or against it (B's), to within the
// cast's tolerance. GJK can stop on a chord of M that is no edge: a point cast 1e6 upward at a
// pentagon passed 1.9e-7 beside its corner, and the simplex was that corner and the vertex two
// places on, with weight 6.2e-9 at the far end; the chord's perpendicular put the pentagon's next
// corner 0.163 beyond the reported line (fuzz_casts2d). Vertex indices alone cannot tell: an edge
// of M from two parallel edges has both indices changing along it.
static bool edgeOfDifference(const CastFrame* f, const npSupportPoint2* s, npVec2 u)
{
	const npShape2* a = f->pair.shapeA;
	const npShape2* b = f->pair.shapeB;
	npVec2 uB = npInvRotate2(f->pair.xfB.q, v2Neg(u));
	double tol = f->tolerance;
	return farthestOfNeighbours(a, s[0].indexA, u, tol) && farthestOfNeighbours(a, s[1].indexA, u, tol) &&
		   farthestOfNeighbours(b, s[0].indexB, uB, tol) && farthestOfNeighbours(b, s[1].indexB, uB, tol);
}

// The normal at a vertex of M (the simplex point `at`): see touchingNormal.
static npVec2 vertexNormal(const CastFrame* f, const npSupportPoint2* at, npVec2 plane, npVec2 r)
{
	npVec2 vertex = v2Sub(at->wA, at->wB);
	npVec2 candidates[2] = { v2Neg(r), plane }; // outward normals of M: against the ray, the last line
	for (int k = 0; k < 2; ++k)
	{
		npVec2 n = v2Normalize(candidates[k]);
		if (v2LengthSq(n) > 0.0 && v2Dot(n, v2Sub(castSupport(f, n).w, vertex)) <= f->tolerance)
			return v2Neg(n);
	}
	return v2Neg(v2Normalize(plane));
}

// Of two normals (B toward A) of a contact at the simplex's closest point p of M, the one whose line
// through p bounds M better (how far M's support along the outward normal -n passes p), n1 on a tie.
NP_COLD __attribute__((noinline)) static npVec2 betterBound(const CastFrame* f, const npSupportPoint2* simplex,
															 const double* weights, npVec2 n1, npVec2 n2)
{
	npVec2 p = v2(0.0, 0.0);
	for (int i = 0; i < 2; ++i)
		p = v2MulAdd(p, weights[i], v2Sub(simplex[i].wA, simplex[i].wB));
	npVec2 u1 = v2Neg(n1), u2 = v2Neg(n2);
	double gap1 = v2Dot(u1, v2Sub(castSupport(f, u1).w, p)), gap2 = v2Dot(u2, v2Sub(castSupport(f, u2).w, p));
	return gap2 < gap1 ? n2 : n1;
}

// The normal of a contact whose cores touch (|v| ~ 0). On an edge of the difference M (the simplex
// an edge, the contact inside it): the edge's perpendicular facing the side the ray came from, taken
// only when it faces the mover (n . d <= 0, d = -r): a point grazing a triangle's corner exactly
// along a line through it (radius 1e-73) ended on the simplex of the edge it never crossed, whose
// normal faced away from the motion (fuzz_casts2d). At a vertex of M (a one-point simplex, or an
// edge with all the weight at one end) any normal of M's cone there is right, and an edge's is not
// (a point touching a triangle's corner got the reversed normal of the corner's far edge, pointing
// into the triangle; fuzz_casts2d): the direction the ray came along is taken when M's support
// along it is that vertex (within the tolerance), else the last separating line's normal when it
// is, else that line's normal anyway (it always faces the mover: the ray advanced against it). A
// two-point simplex that is no edge of M (edgeOfDifference) is a chord: its heavier end's vertex
// normal and the chord's perpendicular are measured by M's support, and the better bound wins.
static npVec2 touchingNormal(const CastFrame* f, const npSupportPoint2* simplex, const double* weights, int count,
							 npVec2 plane, npVec2 r)
{
	int at = count == 1 ? 0 : -1;
	if (count == 2 && !(weights[0] > 1.0e-9))
		at = 1;
	else if (count == 2 && !(weights[1] > 1.0e-9))
		at = 0;
	if (count == 2 && at < 0)
	{
		npVec2 e = v2Sub(simplex[1].w, simplex[0].w);
		npVec2 perp = v2LeftPerp(e);
		if (v2Dot(perp, plane) < 0.0)
			perp = v2Neg(perp);
		if (v2LengthSq(perp) > 0.0 && v2Dot(perp, r) <= 0.0)
		{
			npVec2 edgeNormal = v2Neg(v2Normalize(perp));
			if (edgeOfDifference(f, simplex, perp))
				return edgeNormal;
			// A chord of M: its heavier end's vertex normal, unless the chord's bounds M better.
			npVec2 atEnd = vertexNormal(f, &simplex[weights[0] >= weights[1] ? 0 : 1], plane, r);
			return betterBound(f, simplex, weights, edgeNormal, atEnd);
		}
	}
	if (at >= 0)
		return vertexNormal(f, &simplex[at], plane, r);
	return v2Neg(v2Normalize(plane));
}

static void finishCast(const CastFrame* f, const npSupportPoint2* simplex, const double* weights, int count,
					   npVec2 v, npVec2 plane, CastResult* out)
{
	npVec2 a = v2(0.0, 0.0), b = v2(0.0, 0.0);
	for (int i = 0; i < count; ++i)
	{
		a = v2MulAdd(a, weights[i], simplex[i].wA);
		b = v2MulAdd(b, weights[i], simplex[i].wB);
	}
	out->hit = true;
	out->coreA = a;
	out->coreB = b;
	// v points from M toward x: B toward A is -v (see the outline).
	double vLen = v2Length(v);
	if (vLen > 1.0e-6 * f->scale)
		out->normal = v2Scale(-1.0 / vLen, v);
	else if (out->advanced)
		out->normal = touchingNormal(f, simplex, weights, count, plane, v2Neg(f->d));
	else
		out->normal = v2(0.0, 0.0);
}

// The ray cast stops once the distance is within reach, and a distance converges far sooner than
// its direction (a direction a angle off costs only about a^2 / 2 of the distance): a disc passing
// 0.00044 beside the corner of an edge 1e6 long stopped at the corner, and its normal was 1.5e-4 rad
// off the edge's (fuzz_casts2d's normal check). With x where the ray cast left it, GJK goes on while
// M's support point along v is new: at most two more support points, each kept only when the
// simplex's closest point does not move away from x and x stays outside it (as cast3d.c does).
#define NP_CAST_REFINE_STEPS2 2
static void refineFeature(const CastFrame* f, npVec2 x, npSupportPoint2* simplex, double* weights, int* count, npVec2* v)
{
	for (int step = 0; step < NP_CAST_REFINE_STEPS2 && *count < 3 && v2LengthSq(*v) > 0.0; ++step)
	{
		npSupportPoint2 s = castSupport(f, *v);
		bool repeated = false;
		for (int i = 0; i < *count; ++i)
			repeated = repeated || (simplex[i].indexA == s.indexA && simplex[i].indexB == s.indexB);
		if (repeated)
			return;
		npSupportPoint2 saved[2];
		double savedWeights[2];
		int savedCount = *count;
		for (int i = 0; i < savedCount; ++i)
		{
			saved[i] = simplex[i];
			savedWeights[i] = weights[i];
		}
		s.w = v2Sub(s.w, x);
		simplex[savedCount] = s;
		int n = npSolveSimplex2(simplex, weights, savedCount + 1);
		npVec2 nv = v2(0.0, 0.0);
		for (int i = 0; i < n && n < 3; ++i)
			nv = v2MulAdd(nv, -weights[i], simplex[i].w);
		if (n == 3 || !(v2LengthSq(nv) <= v2LengthSq(*v)))
		{
			for (int i = 0; i < savedCount; ++i)
			{
				simplex[i] = saved[i];
				weights[i] = savedWeights[i];
			}
			return;
		}
		*count = n;
		*v = nv;
	}
}

// The GJK ray cast (see the outline).
static void rayCastDifference(const CastFrame* f, CastResult* out)
{
	const npPair2* pair = &f->pair;
	npVec2 r = v2Neg(f->d);
	double R = f->R;
	double lambda = 0.0;
	npVec2 x = v2(0.0, 0.0);
	npVec2 plane = v2(0.0, 0.0);

	npSupportPoint2 simplex[3];
	double weights[3] = { 1.0, 0.0, 0.0 };
	// The first support point, on the side of M facing the origin, starts the simplex (any point of
	// M would do; this one often is a vertex of the first feature hit).
	npVec2 start = v2LengthSq(pair->xfB.p) > 0.0 ? pair->xfB.p : v2(1.0, 0.0);
	npSupportPoint2 s = castSupport(f, start);
	simplex[0] = s;
	int count = 1;
	npVec2 v = v2Neg(s.w);

	out->advanced = false;
	out->hit = false;
	int iteration = 0;
	while (iteration < NP_CAST_MAX_ITERATIONS2)
	{
		// |v| is only needed with a radius: sharp pairs compare squares (no square root).
		double reach = R + f->tolerance;
		double vLen = R > 0.0 ? v2Length(v) : 0.0;
		if (R > 0.0 ? vLen <= reach : v2LengthSq(v) <= reach * reach)
			break;
		++iteration;

		s = castSupport(f, v);
		double vw = v2Dot(v, v2Sub(x, s.w));
		bool advancing = vw > R * vLen;
		if (advancing)
		{
			double vr = v2Dot(v, r);
			if (vr >= 0.0)
			{
				out->iterations = iteration;
				return; // the ray runs parallel to or away from a line that holds M grown by R
			}
			lambda = (R * vLen + v2Dot(v, s.w)) / vr;
			if (lambda > f->maxFraction)
			{
				out->iterations = iteration;
				return;
			}
			x = v2Scale(lambda, r);
			plane = v;
			out->advanced = true;
		}

		// A support point already in the simplex, with x unmoved, cannot make progress: v is the
		// closest direction (after a move the simplex is solved again for the new x).
		bool repeated = false;
		for (int i = 0; i < count; ++i)
			repeated = repeated || (simplex[i].indexA == s.indexA && simplex[i].indexB == s.indexB);
		for (int i = 0; i < count; ++i)
			simplex[i].w = v2Sub(v2Sub(simplex[i].wA, simplex[i].wB), x);
		if (!repeated)
		{
			s.w = v2Sub(s.w, x);
			simplex[count++] = s;
		}
		count = npSolveSimplex2(simplex, weights, count);
		if (count == 3)
		{
			// x is inside M: the cores overlap there (only reachable at fraction 0 or by rounding).
			// v is last iteration's and says nothing about the contact: finishCast takes the
			// separating line's normal instead (a point cast at a flat bottom edge ended inside
			// the triangle of that edge and a far vertex by 1e-17, and the stale v, 50 degrees
			// off, was reported as a normal facing away from the mover; fuzz_casts2d).
			v = v2(0.0, 0.0);
			break;
		}
		npVec2 closest = v2(0.0, 0.0);
		for (int i = 0; i < count; ++i)
			closest = v2MulAdd(closest, weights[i], simplex[i].w);
		v = v2Neg(closest);
		if (repeated && !advancing)
			break;
	}
	out->iterations = iteration;
	out->fraction = lambda;
	if (out->advanced && count < 3)
		refineFeature(f, x, simplex, weights, &count, &v);
	finishCast(f, simplex, weights, count, v, plane, out);
}

// Two circles: |m + t d| = R, the smaller root, in the form that does not cancel.
static void castCircles(const CastFrame* f, CastResult* out)
{
	npVec2 a = f->pair.shapeA->vertices[0];
	npVec2 b = npTransformPoint2(f->pair.xfB, f->pair.shapeB->vertices[0]);
	npVec2 m = v2Sub(a, b);
	double R = f->R;
	double c = v2Dot(m, m) - R * R;
	out->iterations = 0;
	out->coreA = a;
	out->coreB = b;
	out->advanced = false;
	out->hit = false;
	if (c <= 0.0 || v2Length(m) <= R + f->tolerance)
	{
		out->hit = true;
		out->fraction = 0.0;
		out->normal = v2Normalize(m);
		return;
	}
	double bb = v2Dot(m, f->d);
	double aa = v2Dot(f->d, f->d);
	double disc = bb * bb - aa * c;
	if (bb >= 0.0 || disc < 0.0)
		return;
	double t = c / (-bb + sqrt(disc));
	if (t > f->maxFraction)
		return;
	out->hit = true;
	out->advanced = true;
	out->fraction = t;
	// Circles with (nearly) no radius touch where their centres meet: the direction they approached
	// from is then the normal (found by tests/fuzz/fuzz_casts2d.c: radii 1e-73 and 1e-207).
	npVec2 at = v2MulAdd(m, t, f->d);
	out->normal = v2Normalize(v2LengthSq(at) > 1e-20 * v2LengthSq(m) ? at : m);
}

// ---------------------------------------------------------------- two sharp polygons
// Without rounding or skin (R = 0) the cast has a closed form, and the GJK ray cast's iterations are
// not needed. M = coreA - coreB is a convex polygon whose edges carry the outward normals n of A's
// edges and the reversed normals -m of B's (Minkowski sums of polygons; Ericson, RTCD 5.5 and
// 5.3.8 for the slab clipping). M's support along a normal n is h(n) = n.(M's support point), and M
// is the intersection of the half-planes n.y <= h(n). The ray x = lambda r enters a half-plane it
// runs against (n.r < 0) at lambda = h / n.r and leaves one it runs with (n.r > 0) there: the first
// contact is the largest entry, if it comes before the smallest exit. Exact up to the rounding of
// one product and one quotient per edge, with no iteration; the reference generator's SAT sweep
// (tools/gen_vectors_cast2d.mjs) is the same statement in world space.

/// The plane the ray entered last: whose edge it is and the other shape's support vertex there.
typedef struct EntryPlane
{
	double lambda;  ///< the entry fraction
	npVec2 normal;  ///< M's outward normal there (A's frame)
	bool faceOfA;   ///< the edge is A's (else B's, reversed)
	int face;       ///< the edge's index in its shape
	int vertex;     ///< the other shape's support vertex
} EntryPlane;

// A point of the other shape's edge p0-p1 where it overlaps the face q0-q1, which it lies against:
// the middle of the overlap, measured along the face (the contact of two parallel edges). A face
// a billion times shorter than the edge is measured along the edge instead (they are parallel):
// the tip of a box 1e-220 wide, moved to the hit, became a face of length 0, every projection on
// it 0, and the contact went to the edge's end, 1.2 from the tip (fuzz_casts2d's point check).
static npVec2 overlapMiddle(npVec2 p0, npVec2 p1, npVec2 q0, npVec2 q1)
{
	npVec2 t = v2Sub(q1, q0);
	if (v2LengthSq(t) < 1.0e-18 * v2LengthSq(v2Sub(p1, p0)))
		t = v2Sub(p1, p0);
	double s0 = v2Dot(t, p0), s1 = v2Dot(t, p1);
	double u0 = v2Dot(t, q0), u1 = v2Dot(t, q1);
	double lo = npMax(npMin(s0, s1), npMin(u0, u1));
	double hi = npMin(npMax(s0, s1), npMax(u0, u1));
	double span = s1 - s0; // not 0: the edge lies along the face (a rounding-length edge gives p0)
	double u = span != 0.0 ? (0.5 * (lo + hi) - s0) / span : 0.0;
	return v2MulAdd(p0, npClamp(u, 0.0, 1.0), v2Sub(p1, p0));
}

// The other shape's contact point at its support vertex `index` (its vertices `v`, `count` of them,
// in A's frame): the vertex, or the middle of the overlap when an edge at it lies flat on the face
// q0-q1 of outward normal n (the vertex minimises n.v; a neighbour within the tolerance of it makes
// an edge parallel to the face).
static npVec2 contactOnOther(const npVec2* v, int count, int index, npVec2 n, npVec2 q0, npVec2 q1, double tolerance)
{
	npVec2 at = v[index];
	npVec2 next = v[index + 1 < count ? index + 1 : 0];
	npVec2 prev = v[index > 0 ? index - 1 : count - 1];
	bool flatNext = v2Dot(n, v2Sub(next, at)) <= tolerance, flatPrev = v2Dot(n, v2Sub(prev, at)) <= tolerance;
	// Both edges within the tolerance: one is a rounding-length edge (the end of a box 5e-324 wide,
	// flat on the face only because it has no length, put the contact at the box's corner, 4.7 from
	// the face: fuzz_casts2d), so the longer one lies on the face.
	if (flatNext && flatPrev)
		flatNext = v2LengthSq(v2Sub(next, at)) >= v2LengthSq(v2Sub(prev, at));
	if (flatNext)
		return overlapMiddle(at, next, q0, q1);
	if (flatPrev)
		return overlapMiddle(prev, at, q0, q1);
	return at;
}

// The contact at the entry: the entered edge against the other shape's support vertex (or flat
// edge), with A moved to the entry fraction. `placed`: B's vertices in A's frame.
static void finishEntry(const CastFrame* f, const EntryPlane* entry, const npVec2* placed, CastResult* out)
{
	const npShape2* a = f->pair.shapeA;
	const npShape2* b = f->pair.shapeB;
	npVec2 moved = v2Scale(entry->lambda, f->d);
	out->hit = true;
	out->advanced = true;
	out->fraction = entry->lambda;
	out->normal = v2Neg(entry->normal);
	if (entry->faceOfA)
	{
		int i = entry->face, k = i + 1 < a->count ? i + 1 : 0;
		npVec2 q0 = v2Add(a->vertices[i], moved), q1 = v2Add(a->vertices[k], moved);
		out->coreB = contactOnOther(placed, b->count, entry->vertex, entry->normal, q0, q1, f->tolerance);
		out->coreA = v2Sub(out->coreB, moved);
	}
	else
	{
		// B's face, unmoved; A's vertex minimises m.a for B's outward normal m (A unmoved too).
		int j = entry->face, k = j + 1 < b->count ? j + 1 : 0;
		npVec2 q0 = v2Sub(placed[j], moved), q1 = v2Sub(placed[k], moved);
		out->coreA = contactOnOther(a->vertices, a->count, entry->vertex, v2Neg(entry->normal), q0, q1, f->tolerance);
		out->coreB = v2Add(out->coreA, moved);
	}
}

// The outcome of the clipping: a miss, a contact at fraction 0 (the origin is in M: the cores touch
// or overlap, initialContact takes over), or an entry through half-space `clip->enter`. True for
// an entry.
static bool settleClip(const npRayClip* clip, bool clipped, CastResult* out)
{
	out->iterations = 0;
	out->advanced = false;
	out->hit = clipped;
	out->fraction = 0.0;
	return clipped && clip->enter >= 0;
}

// M's edges are A's edges i (outward normal n = A's normal i, half-space index i) and B's edges j
// reversed (normal -m for B's normal m turned into A's frame, index A's count + j); each half-space
// n.y <= n.w, w M's support point along n, clips the ray x = lambda r (rayclip.h).
static void castPolygons(const CastFrame* f, CastResult* out)
{
	const npShape2* a = f->pair.shapeA;
	const npShape2* b = f->pair.shapeB;
	npTransform2 xfB = f->pair.xfB;
	npVec2 r = v2Neg(f->d);
	npVec2 placed[NP_MAX_POLYGON_VERTICES]; // B's vertices in A's frame
	for (int j = 0; j < b->count; ++j)
		placed[j] = npTransformPoint2(xfB, b->vertices[j]);

	npRayClip clip = npBeginRayClip(f->maxFraction);
	int vertexOfA[NP_MAX_POLYGON_VERTICES], vertexOfB[NP_MAX_POLYGON_VERTICES]; // the other's support
	bool clipped = true;
	for (int i = 0; i < a->count && clipped; ++i)
	{
		npVec2 n = a->normals[i];
		int j = vertexOfA[i] = supportIndex(b, f->boxB, npInvRotate2(xfB.q, v2Neg(n)));
		clipped = npClipRay(&clip, i, v2Dot(n, v2Sub(a->vertices[i], placed[j])), v2Dot(n, r));
	}
	for (int j = 0; j < b->count && clipped; ++j)
	{
		npVec2 n = v2Neg(npRotate2(xfB.q, b->normals[j]));
		int i = vertexOfB[j] = supportIndex(a, f->boxA, n);
		clipped = npClipRay(&clip, a->count + j, v2Dot(n, v2Sub(a->vertices[i], placed[j])), v2Dot(n, r));
	}
	if (!settleClip(&clip, clipped, out))
		return;

	EntryPlane entry = { .lambda = clip.lower, .faceOfA = clip.enter < a->count };
	entry.face = entry.faceOfA ? clip.enter : clip.enter - a->count;
	entry.normal = entry.faceOfA ? a->normals[entry.face] : v2Neg(npRotate2(xfB.q, b->normals[entry.face]));
	entry.vertex = entry.faceOfA ? vertexOfA[entry.face] : vertexOfB[entry.face];
	finishEntry(f, &entry, placed, out);
}

// Two boxes: M is centrally symmetric, so its four pairs of opposite edges are four slabs
// |k.(x + p)| <= e_k about M's centre -p, along A's axes and B's (p: B's centre, e_k: the two
// boxes' extents along k added). Half-space 2s + 0 is slab s's side of outward normal +k,
// 2s + 1 its side -k.
CAST2_INLINE bool clipSlab(npRayClip* clip, int slab, double offset, double rate, double extent)
{
	return npClipRay(clip, 2 * slab, extent - offset, rate) && npClipRay(clip, 2 * slab + 1, extent + offset, -rate);
}

static void castBoxes(const CastFrame* f, CastResult* out)
{
	const npShape2* a = f->pair.shapeA;
	const npShape2* b = f->pair.shapeB;
	npTransform2 xfB = f->pair.xfB;
	npVec2 hA = a->vertices[2], hB = b->vertices[2];
	npVec2 axes[4] = { v2(1.0, 0.0), v2(0.0, 1.0), v2(xfB.q.c, xfB.q.s), v2(-xfB.q.s, xfB.q.c) }; // A's, then B's
	double ac = npAbs(xfB.q.c), as = npAbs(xfB.q.s);
	npVec2 r = v2Neg(f->d), p = xfB.p;

	npRayClip clip = npBeginRayClip(f->maxFraction);
	bool clipped = clipSlab(&clip, 0, p.x, r.x, hA.x + hB.x * ac + hB.y * as) &&
				   clipSlab(&clip, 1, p.y, r.y, hA.y + hB.x * as + hB.y * ac) &&
				   clipSlab(&clip, 2, v2Dot(axes[2], p), v2Dot(axes[2], r), hB.x + hA.x * ac + hA.y * as) &&
				   clipSlab(&clip, 3, v2Dot(axes[3], p), v2Dot(axes[3], r), hB.y + hA.x * as + hA.y * ac);
	if (!settleClip(&clip, clipped, out))
		return;

	// Box faces: 0 (0,-1), 1 (1,0), 2 (0,1), 3 (-1,0). An entry through M's edge of outward normal
	// +x or +y is A's face 1 or 2; through +u or +w (B's axes) it is B's face 3 or 0 (M carries -m
	// for B's outward normal m); the -k sides are the opposite faces.
	static const int faceOf[8] = { 1, 3, 2, 0, 3, 1, 0, 2 };
	int slab = clip.enter / 2;
	double side = clip.enter % 2 == 0 ? 1.0 : -1.0;
	EntryPlane entry = { .lambda = clip.lower, .normal = v2Scale(side, axes[slab]), .faceOfA = slab < 2, .face = faceOf[clip.enter] };
	if (entry.faceOfA)
		entry.vertex = npSupportIndexBox2(b, npInvRotate2(xfB.q, v2Neg(entry.normal)));
	else
		entry.vertex = npSupportIndexBox2(a, entry.normal);
	npVec2 placed[4];
	for (int j = 0; j < 4; ++j)
		placed[j] = npTransformPoint2(xfB, b->vertices[j]);
	finishEntry(f, &entry, placed, out);
}

// ---------------------------------------------------------------- results

// Everything but the transforms (checked after these, in this order, by checkCastInput).
static npResult checkCastShapesAndOptions(const npShapeCastInput2* in)
{
	if (in == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npCheckShape2(in->shape);
	if (r == NP_OK)
		r = npCheckShape2(in->target);
	if (r != NP_OK)
		return r;
	if (!npIsUsable(in->maxFraction) || !npIsUsable(in->targetDistance))
		return NP_ERR_NON_FINITE;
	if (in->maxFraction < 0.0 || in->targetDistance < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	return NP_OK;
}

static npResult checkCastInput(const npShapeCastInput2* in)
{
	npResult r = checkCastShapesAndOptions(in);
	if (r != NP_OK)
		return r;
	r = npValidateTransform2(in->transform);
	if (r == NP_OK)
		r = npValidateTransform2(in->targetTransform);
	return r;
}

/// How far (relative to the scale: ten times the ray cast's tolerance) the distance query may put
/// the shapes beyond the target distance before a contact at fraction 0 that the ray cast reported
/// is taken as its rounding.
#define NP_CAST_CONTRADICTION2 1.0e-9

typedef enum InitialOutcome
{
	INITIAL_CONTACT,  ///< filled in
	INITIAL_SKIPPED,  ///< ignoreSeparating: the translation leaves it
	INITIAL_APART,    ///< the distance query finds the shapes apart: no contact at fraction 0
} InitialOutcome;

// Fills an initial contact: the distance query's normal and points, or EPA's when overlapping.
// `slack`: how far beyond targetDistance the distance may be before the shapes count as apart.
static InitialOutcome initialContact(const npShapeCastInput2* in, npTransform2 xfA, npVec2 translation, double slack,
									 npCastHit2* hit)
{
	npDistanceResult2 dr = npDistance2(in->shape, xfA, in->target, in->targetTransform);
	if (dr.distance > in->targetDistance + slack)
		return INITIAL_APART;
	if (dr.distance > 0.0)
	{
		hit->normal = v2Neg(dr.normal); // npDistance2's normal runs from A to B
		hit->pointOnShape = dr.pointA;
		hit->point = dr.pointB;
		hit->penetration = 0.0;
	}
	else
	{
		// Overlapping: EPA's normal and points. Touching exactly (distance 0, no overlap: a capsule
		// resting on a box's face) the penetration has neither, and the points were (0, 0), far
		// off both shapes (fuzz_casts2d): the distance query's points, and no normal (the cores
		// touch: documented in cast2d.h).
		npPenetrationResult2 p = npPenetration2(in->shape, xfA, in->target, in->targetTransform, NULL);
		hit->normal = v2Neg(p.normal);
		hit->pointOnShape = p.overlapping ? p.pointA : dr.pointA;
		hit->point = p.overlapping ? p.pointB : dr.pointB;
		hit->penetration = p.depth;
	}
	if (in->ignoreSeparating && v2Dot(translation, hit->normal) >= 0.0)
		return INITIAL_SKIPPED;
	hit->hit = true;
	hit->initialOverlap = true;
	hit->fraction = 0.0;
	return INITIAL_CONTACT;
}

// The fallback when the ray cast met the cores at fraction 0 only by rounding while the distance
// query finds them apart: a polygon many orders of magnitude longer than it is wide (1e9 by 0.03)
// makes a nearly flat simplex whose solve can put the origin inside it. Conservative advancement
// on the distance query instead: along a straight motion the distance of two convex shapes is
// convex in t, so the tangent step t += (distance - target) / (closing speed along the normal)
// never passes the first contact, and it converges quadratically near it (Mirtich; van den
// Bergen 2004, section 4).
static void advanceOnDistance(const npShapeCastInput2* in, npTransform2 xfA, npVec2 translation, double tolerance,
							  npCastHit2* hit)
{
	double t = 0.0;
	npVec2 normal = v2(0.0, 0.0); // the last normal of shapes apart (this loop starts apart)
	for (int k = 1; k <= NP_CAST_MAX_ITERATIONS2; ++k)
	{
		npTransform2 xf = { v2MulAdd(xfA.p, t, translation), xfA.q };
		npDistanceResult2 dr = npDistance2(in->shape, xf, in->target, in->targetTransform);
		double gap = dr.distance - in->targetDistance;
		if (dr.distance > 0.0)
			normal = dr.normal; // (a step may end touching by rounding: distance 0, no normal)
		if (gap <= tolerance || k == NP_CAST_MAX_ITERATIONS2)
		{
			// (at the cap t is still a lower bound of the contact: reported, not lost)
			*hit = (npCastHit2){ .hit = true, .fraction = t, .iterations = k };
			hit->normal = v2Neg(normal);
			hit->pointOnShape = dr.pointA;
			hit->point = dr.pointB;
			return;
		}
		double closing = v2Dot(translation, normal);
		if (!(closing > 0.0))
			return; // not approaching: the convex distance only grows from here
		t += gap / closing;
		if (t > in->maxFraction)
			return;
	}
}

// One cast whose input was checked; xfA is the moving shape's transform (also the per-segment cast
// of the chain casts, chaincast2d.c).
// Tiny casts (tiny.h, as the pair queries): shapes, offset, translation and target distance all
// below NP_TINY_PAIR2 are cast scaled by steps of 2^250; the fraction and the normal do not change,
// the points and the penetration are scaled back. Unscaled, two boxes 5e-91 across were hit at
// fractions off by up to 0.13 (the ray cast's products of lengths underflow).
NP_COLD __attribute__((noinline)) static void castTiny(const npShapeCastInput2* in, npTransform2 xfA, npVec2 translation,
													   int up, npCastHit2* hit)
{
	npShape2 a, b;
	npScalePairShape2(in->shape, up, &a);
	npScalePairShape2(in->target, up, &b);
	npShapeCastInput2 scaled = *in;
	scaled.shape = &a;
	scaled.target = &b;
	scaled.targetDistance = npTimesPow250(in->targetDistance, up);
	npTransform2 sa;
	npScaleTinyPair2(xfA, in->targetTransform, up, &sa, &scaled.targetTransform);
	npCastChecked2(&scaled, sa, v2TimesPow250(translation, up), hit);
	if (hit->hit)
	{
		hit->point = npUnscaleTinyPoint2(hit->point, up, xfA.p);
		hit->pointOnShape = npUnscaleTinyPoint2(hit->pointOnShape, up, xfA.p);
		hit->penetration = npUnscaleTinyLength2(hit->penetration, up);
	}
}

// The steps of 2^250 a cast needs: 0 unless every length of it is below NP_TINY_PAIR2.
static inline int castTinySteps(const npShapeCastInput2* in, npTransform2 xfA, npVec2 translation)
{
	int up = npPairTinyUp2(in->shape, xfA, in->target, in->targetTransform, in->targetDistance);
	if (up > 0)
	{
		double t = npMax(npAbs(translation.x), npAbs(translation.y));
		if (!(t < NP_TINY_PAIR2))
			return 0;
		while (npTimesPow250(t, up) >= 0x1p50 && up > 0) // the translation scaled stays below 2^50
			--up;
	}
	return up;
}

void npCastChecked2(const npShapeCastInput2* in, npTransform2 xfA, npVec2 translation, npCastHit2* hit)
{
	int up = castTinySteps(in, xfA, translation);
	if (up > 0)
	{
		castTiny(in, xfA, translation, up, hit);
		return;
	}
	*hit = (npCastHit2){ 0 };
	const npShape2* a = in->shape;
	const npShape2* b = in->target;
	CastFrame f;
	f.pair = npMakePair2(a, xfA, b, in->targetTransform);
	f.d = npInvRotate2(xfA.q, translation);
	f.R = a->radius + b->radius + in->targetDistance;
	f.maxFraction = in->maxFraction;
	f.boxA = npIsBoxLayout2(a);
	f.boxB = npIsBoxLayout2(b);
	double scale = shapeExtent(a, f.boxA) + shapeExtent(b, f.boxB) + normOne(f.pair.xfB.p) + normOne(f.d) + in->targetDistance;
	f.scale = npMax(scale, 1.0e-300);
	f.tolerance = NP_CAST_TOLERANCE2 * f.scale;

	CastResult c;
	if (a->count == 1 && b->count == 1)
		castCircles(&f, &c);
	else if (f.R == 0.0 && f.boxA && f.boxB)
		castBoxes(&f, &c);
	else if (f.R == 0.0 && a->count >= 3 && b->count >= 3)
		castPolygons(&f, &c);
	else
		rayCastDifference(&f, &c);
	hit->iterations = c.iterations;
	if (!c.hit)
		return;
	if (!c.advanced)
	{
		InitialOutcome o = initialContact(in, xfA, translation, NP_CAST_CONTRADICTION2 * f.scale, hit);
		if (o == INITIAL_APART)
		{
			advanceOnDistance(in, xfA, translation, f.tolerance, hit);
			return;
		}
		if (o == INITIAL_SKIPPED)
			*hit = (npCastHit2){ .iterations = c.iterations };
		hit->iterations = c.iterations;
		return;
	}

	npVec2 n = c.normal;
	npVec2 coreA = v2MulAdd(c.coreA, c.fraction, f.d);
	hit->hit = true;
	hit->fraction = c.fraction;
	hit->normal = npRotate2(xfA.q, n);
	hit->pointOnShape = npTransformPoint2(xfA, v2MulAdd(coreA, -a->radius, n));
	hit->point = npTransformPoint2(xfA, v2MulAdd(c.coreB, b->radius, n));
}

// The checks (the transforms' only when not done by the caller), then the cast.
static npResult checkAndCast(const npShapeCastInput2* input, bool transformsChecked, npCastHit2* hit)
{
	*hit = (npCastHit2){ 0 };
	npResult r = transformsChecked ? checkCastShapesAndOptions(input) : checkCastInput(input);
	if (r == NP_OK && !npIsUsableVec2(input->translation))
		r = NP_ERR_NON_FINITE;
	if (r != NP_OK)
		return r;
	npCastChecked2(input, input->transform, input->translation, hit);
	return NP_OK;
}

npResult npShapeCast2(const npShapeCastInput2* input, npCastHit2* hit)
{
	if (hit == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	return checkAndCast(input, false, hit);
}

npResult npShapeCastValidXf2(const npShapeCastInput2* input, npCastHit2* hit) { return checkAndCast(input, true, hit); }

npResult npShapeCastMany2(const npShapeCastInput2* input, const npVec2* positions, const npVec2* translations,
						  int count, npCastHit2* hits, int* failed)
{
	if (failed != NULL)
		*failed = -1;
	if (positions == NULL || translations == NULL || hits == NULL || count < 0)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = checkCastInput(input);
	if (r != NP_OK)
		return r;
	npTransform2 xf = input->transform;
	for (int i = 0; i < count; ++i)
	{
		if (!npIsUsableVec2(positions[i]) || !npIsUsableVec2(translations[i]))
		{
			if (failed != NULL)
				*failed = i;
			hits[i] = (npCastHit2){ 0 };
			return NP_ERR_NON_FINITE;
		}
		xf.p = positions[i];
		npCastChecked2(input, xf, translations[i], &hits[i]);
	}
	return NP_OK;
}
