// 3D overlap: npOverlap3's yes-or-no answer, by an intersection-only GJK that decides the clear
// cases cheaply and leaves the rest to the full search of gjk3d.c (npGjk3).
#include "gjk3d.h"
#include "codesize.h"
#include "tiny3d.h"

#include <stddef.h>

// Intersection-only GJK for npOverlap3.
//
// npOverlap3 needs a yes or no, not closest points, so most queries can skip what npGjk3 computes
// for npDistance3: barycentric weights (with their divisions), witness points, and each simplex
// point's pair of core points carried through every reduction.
// This search keeps only the simplex points and a search direction d from the simplex feature
// nearest the origin towards the origin: the boolean GJK of van den Bergen (Collision Detection in
// Interactive 3D Environments, 4.3.3) in the "same direction" form of Casey Muratori ("Implementing
// GJK", 2006). A new point a is the support point along d, so it lies beyond the old feature, and
// the origin can then only be in the regions of the new simplex that touch a: for a segment, the
// edge or a; for a triangle, a, the edges through a or the face (tested with Ericson's dot products,
// Real-Time Collision Detection 5.1.5, with no division); for a tetrahedron, the three faces through
// a (plane signs), else the origin is inside.
//
// It runs on the cores, with the radii r = rA + rB, and answers only when the answer is clear by a
// margin of LEAN_MARGIN times the scale of the coordinates (the largest coordinate of the core
// points met, as npGjk3's scale):
//  - apart: the support point a along d proves x.d <= a.d for every point x of A - B, so the
//    cores are at least -a.d / |d| apart: apart when that beats r plus the margin (npGjk3's early
//    exit test, with the margin added to the stop distance);
//  - overlap with radii: a support point, or the simplex's feature nearest the origin, closer to
//    the origin than r minus the margin (the cores are at most that far apart);
//  - overlap: the origin is inside a tetrahedron of points of A - B, deeper than the margin behind
//    each face, and no face is a sliver (|n| > 1e-4 |e1| |e2|, so the plane tests are sound to well
//    within the margin); or, when the origin lies on a face of that tetrahedron (aligned shapes put
//    it on planes of symmetry), inside two tetrahedra on either side of that face.
// Everything else is left undecided and npOverlap3 runs npGjk3 as before: touching and nearly
// touching shapes, the origin on a simplex edge (coincident shapes), collinear simplices, a new
// point not beyond the feature by the margin, the iteration cap.
//
// The margin is what makes the answer npGjk3's. npGjk3 reports overlap only when its simplex comes
// within 1e-12 of its scale of the origin (or inside a tetrahedron), and apart on a separating
// plane or a distance above zero; but its search direction is its closest point v, which carries
// a rounding error of about 1e-16 of the scale, so the direction tilts by about 1e-16 scale / |v|,
// and a support point found along it can fall short by that tilt times the size of the shapes. On a
// thin Minkowski difference (flat shapes in nearly the same plane) npGjk3 can then stop on a wrong
// "apart" (distance |v|) while the overlap is below about sqrt(1e-16) = 1e-8 of the scale:
// tests/native/test_overlap3d finds such poses with a margin of 1e-8, none with 1e-7, and the margin
// is 1e-6.
//
// With radii (spheres, capsules) npGjk3's answer is its core distance against r, and that distance
// is accurate to far below the margin, slivers included (error below 1e-8 of the scale there,
// tests/native/test_distance3d), so the clear cases agree with it. (Until npGjk3's triangle step
// moved to signed areas, its distance could be off by up to the shapes' size on nearly parallel
// capsule cores, and radius pairs had to skip this path.)

#define LEAN_MAX_ITERATIONS 32
/// Decision margin, relative to the scale (see above).
#define LEAN_MARGIN 1.0e-6
/// A face counts only when |n|^2 > LEAN_SLIVER |e1|^2 |e2|^2 (n = e1 x e2): sine of its angle > 1e-4.
#define LEAN_SLIVER 1.0e-8

/// The tests multiply up to six coordinates (squared volumes against squared margins): outside this
/// range of scales they could lose precision to underflow (tiny shapes) or overflow (beyond
/// NP_HUGE, which valid shapes and transforms never reach), so the search leaves such queries to
/// npGjk3.
#define LEAN_MIN_SCALE 1.0e-30
#define LEAN_MAX_SCALE 1.0e30

#if defined(__GNUC__) || defined(__clang__)
#define LEAN_INLINE __attribute__((always_inline)) static inline
#else
#define LEAN_INLINE static inline
#endif

typedef enum leanVerdict
{
	LEAN_UNDECIDED = 0,
	LEAN_APART = 1,
	LEAN_OVERLAP = 2
} leanVerdict;

// The search's simplex: the feature nearest the origin, s[0..count), and the direction d from it to
// the origin. A triangle is wound so that (s1 - s0) x (s2 - s0) = d (solid: not a sliver).
typedef struct leanSimplex
{
	npVec3 s[4];
	npVec3 d;
	int count;
	bool solid;
} leanSimplex;

// Largest absolute coordinate of two points, branch-free (integer maxima on the bit patterns in
// wasm, as in pointScale).
static inline double leanPointScale(npVec3 a, npVec3 b)
{
#if defined(__wasm__)
	return v3MaxAbs2Bits(a, b);
#else
	double x = np3Max(fabs(a.x), fabs(b.x)), y = np3Max(fabs(a.y), fabs(b.y)), z = np3Max(fabs(a.z), fabs(b.z));
	return np3Max(np3Max(x, y), z);
#endif
}

// Support point of A - B along d; raises *scale to its core points' largest coordinate.
static inline npVec3 leanSupport(const npPair3* pair, npVec3 d, double* scale)
{
	int ia = npCoreSupport3(pair->kindA, &pair->polyA, d);
	int ib = npCoreSupport3(pair->kindB, &pair->polyB, npPairDirToB(pair, v3Neg(d)));
	npVec3 wA = pair->polyA.vertices[ia], wB = npPairVertexB(pair, ib);
	*scale = np3Max(*scale, leanPointScale(wA, wB));
	return v3Sub(wA, wB);
}

// Triangle a b c, a the newest point (the origin is beyond the old edge b c, towards a): reduces x
// to the feature nearest the origin among a, edge a b, edge a c and the face. Returns false for a
// collinear triangle.
LEAN_INLINE bool leanTriangle(leanSimplex* x, npVec3 a, npVec3 b, npVec3 c)
{
	npVec3 ab = v3Sub(b, a), ac = v3Sub(c, a);
	double abab = v3LengthSq(ab), acac = v3LengthSq(ac), abac = v3Dot(ab, ac);
	double d1 = -v3Dot(ab, a), d2 = -v3Dot(ac, a); // the origin's projections on the edges (times |e|)
	if (d1 <= 0.0 && d2 <= 0.0)
	{
		x->s[0] = a;
		x->count = 1;
		x->d = v3Neg(a);
		return true;
	}
	// Ericson's vc and vb (edge regions a b and a c), with b = a + ab and c = a + ac substituted.
	double vc = abab * d2 - abac * d1, vb = acac * d1 - abac * d2;
	if (vc <= 0.0 && d1 >= 0.0)
	{
		// d = -(|ab|^2 a + d1 ab): from the nearest point of the edge to the origin, times |ab|^2.
		x->s[0] = a;
		x->s[1] = b;
		x->count = 2;
		x->d = v3Neg(v3MulAdd(v3Scale(abab, a), d1, ab));
		return true;
	}
	if (vb <= 0.0 && d2 >= 0.0)
	{
		x->s[0] = a;
		x->s[1] = c;
		x->count = 2;
		x->d = v3Neg(v3MulAdd(v3Scale(acac, a), d2, ac));
		return true;
	}
	npVec3 n = v3Cross(ab, ac);
	double nn = v3LengthSq(n);
	if (!(nn > 0.0))
		return false;
	x->count = 3;
	x->solid = nn > LEAN_SLIVER * abab * acac;
	x->s[0] = a;
	if (v3Dot(n, a) <= 0.0)
	{
		x->s[1] = b;
		x->s[2] = c;
		x->d = n;
	}
	else
	{
		x->s[1] = c;
		x->s[2] = b;
		x->d = v3Neg(n);
	}
	return true;
}

// Is the origin behind face a q r (outward normal n = (q - a) x (r - a); qq and rr the squared
// lengths of q - a and r - a) by more than the margin, the face no sliver? Compared as squares,
// with no square roots.
static inline bool leanBehind(npVec3 a, npVec3 n, double qq, double rr, double marginSq)
{
	double depth = v3Dot(n, a); // |n| times the origin's distance behind the plane
	double nn = v3LengthSq(n);
	return depth > 0.0 && depth * depth > marginSq * nn && nn > LEAN_SLIVER * qq * rr;
}

// The tetrahedron a b c e holds the origin clearly inside its faces through a, but the origin is
// (nearly) on the plane of face b c e (the search's triangle `face`: b c e = s[0..2], normal
// n = d, towards a; bn = b . n). Looks for the support point a2 on the other side of that face: the
// origin is then clearly inside the union of the tetrahedra a b c e and a2 b c e (both in A - B)
// when it is clearly behind the six faces through a or a2 (a point behind them all is in one
// tetrahedron or the other, by the side of plane b c e it is on). Every test is redone with the
// margin of the scale after a2.
static bool leanOtherSide(const npPair3* pair, double scale, npVec3 a, const leanSimplex* face, double bn)
{
	npVec3 b = face->s[0], c = face->s[1], e = face->s[2], n = face->d;
	npVec3 a2 = leanSupport(pair, v3Neg(n), &scale);
	if (!(scale <= LEAN_MAX_SCALE))
		return false;
	double margin = LEAN_MARGIN * scale, marginSq = margin * margin;
	double below = bn - v3Dot(a2, n); // |n| times a2's distance beyond the face
	if (!(below > 0.0 && below * below > marginSq * v3LengthSq(n)))
		return false;
	npVec3 ab = v3Sub(b, a), ac = v3Sub(c, a), ae = v3Sub(e, a);
	npVec3 ub = v3Sub(b, a2), uc = v3Sub(c, a2), ue = v3Sub(e, a2);
	double abab = v3LengthSq(ab), acac = v3LengthSq(ac), aeae = v3LengthSq(ae);
	double ubub = v3LengthSq(ub), ucuc = v3LengthSq(uc), ueue = v3LengthSq(ue);
	return leanBehind(a, v3Cross(ab, ac), abab, acac, marginSq) && leanBehind(a, v3Cross(ac, ae), acac, aeae, marginSq) &&
		   leanBehind(a, v3Cross(ae, ab), aeae, abab, marginSq) && leanBehind(a2, v3Cross(uc, ub), ucuc, ubub, marginSq) &&
		   leanBehind(a2, v3Cross(ue, uc), ueue, ucuc, marginSq) && leanBehind(a2, v3Cross(ub, ue), ubub, ueue, marginSq);
}

static leanVerdict leanOverlap(const npPair3* pair, double radius)
{
	npVec3 d = pair->xfB.p;
	if (v3LengthSq(d) == 0.0)
		d = v3(1.0, 0.0, 0.0);
	double scale = 1.0e-300;
	leanSimplex x = { 0 };
	x.d = d;
	double featureD = 0.0; // d . (a point of the feature): minus |d| times the feature's distance
	for (int iteration = 0; iteration < LEAN_MAX_ITERATIONS; ++iteration)
	{
		npVec3 a = leanSupport(pair, d, &scale);
		if (!(scale >= LEAN_MIN_SCALE && scale <= LEAN_MAX_SCALE))
			return LEAN_UNDECIDED;
		double margin = LEAN_MARGIN * scale, marginSq = margin * margin;
		double apart = radius + margin, within = radius - margin;
		double ad = v3Dot(a, d), dd = v3LengthSq(d);
		if (ad < 0.0 && ad * ad > apart * apart * dd)
			return LEAN_APART;
		// With radii, a point of A - B nearer the origin than the radii (by the margin) proves
		// overlap: the cores are at most that far apart.
		if (within > 0.0 && v3LengthSq(a) < within * within)
			return LEAN_OVERLAP;
		if (x.count > 0)
		{
			// a must lie beyond the feature along d by more than the margin; else the search has
			// reached the boundary of A - B (touching or nearly so) or d is degenerate.
			double gain = ad - featureD;
			if (!(gain > 0.0 && gain * gain > marginSq * dd))
				return LEAN_UNDECIDED;
		}
		if (x.count == 0)
		{
			x.s[0] = a;
			x.count = 1;
			x.d = v3Neg(a);
		}
		else if (x.count == 1)
		{
			// Segment b a: the origin is past b (the gain), so it is nearest the edge or a.
			npVec3 b = x.s[0], e = v3Sub(b, a);
			double t = -v3Dot(e, a); // projection of the origin on the edge from a, times |e|
			x.s[0] = a;
			if (t <= 0.0)
				x.d = v3Neg(a);
			else
			{
				x.s[1] = b;
				x.count = 2;
				x.d = v3Neg(v3MulAdd(v3Scale(v3LengthSq(e), a), t, e));
			}
		}
		else if (x.count == 2)
		{
			if (!leanTriangle(&x, a, x.s[0], x.s[1]))
				return LEAN_UNDECIDED;
		}
		else
		{
			// Tetrahedron: the old triangle b c e faces a and the origin (its normal is d), so the
			// faces through a, wound outwards, are a b c, a c e and a e b.
			npVec3 b = x.s[0], c = x.s[1], e = x.s[2];
			npVec3 ab = v3Sub(b, a), ac = v3Sub(c, a), ae = v3Sub(e, a);
			npVec3 n1 = v3Cross(ab, ac), n2 = v3Cross(ac, ae), n3 = v3Cross(ae, ab);
			double o1 = v3Dot(n1, a), o2 = v3Dot(n2, a), o3 = v3Dot(n3, a);
			if (o1 >= 0.0 && o2 >= 0.0 && o3 >= 0.0)
			{
				// Inside (or on) every face: clear if by the margin everywhere. The old face's depth
				// is the old feature's distance, -featureD / |d|.
				double abab = v3LengthSq(ab), acac = v3LengthSq(ac), aeae = v3LengthSq(ae);
				bool clearA = x.solid && leanBehind(a, n1, abab, acac, marginSq) &&
							  leanBehind(a, n2, acac, aeae, marginSq) && leanBehind(a, n3, aeae, abab, marginSq);
				if (!clearA)
					return LEAN_UNDECIDED;
				if (featureD < 0.0 && featureD * featureD > marginSq * dd)
					return LEAN_OVERLAP;
				// The origin is (nearly) on the old triangle's plane, as when aligned shapes put
				// it on a plane of symmetry: look beyond that face too.
				return leanOtherSide(pair, scale, a, &x, featureD) ? LEAN_OVERLAP : LEAN_UNDECIDED;
			}
			// Outside one or more faces through a: go on from the nearest of them (usually the
			// only one).
			const npVec3 second[3] = { b, c, e }, third[3] = { c, e, b };
			const double side[3] = { o1, o2, o3 };
			int nearest = -1;
			double nearestD = 0.0, nearestDD = 0.0;
			for (int f = 0; f < 3; ++f)
			{
				leanSimplex t;
				if (side[f] >= 0.0 || !leanTriangle(&t, a, second[f], third[f]))
					continue;
				double td = v3Dot(t.s[0], t.d), tdd = v3LengthSq(t.d);
				// Nearer when td^2 / tdd < nearestD^2 / nearestDD.
				if (nearest < 0 || td * td * nearestDD < nearestD * nearestD * tdd)
				{
					nearest = f;
					nearestD = td;
					nearestDD = tdd;
				}
			}
			if (nearest < 0)
				return LEAN_UNDECIDED;
			leanTriangle(&x, a, second[nearest], third[nearest]);
		}
		d = x.d;
		featureD = v3Dot(x.s[0], d);
		// The same for the simplex's feature nearest the origin (at distance -featureD / |d|).
		double reach = radius - LEAN_MARGIN * scale;
		if (reach > 0.0 && featureD * featureD < reach * reach * v3LengthSq(d))
			return LEAN_OVERLAP;
	}
	return LEAN_UNDECIDED;
}

bool npGjkOverlap3(const npPair3* pair, double radius)
{
	npGjkResult3 gjk;
	npGjk3(pair, radius, &gjk);
	if (gjk.overlap)
		return true;
	if (gjk.early)
		return false;
	return gjk.distance <= radius;
}

static bool overlapOf(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB, npTransform3 xfB)
{
	npPair3 pair;
	npMakePair3(&pair, shapeA, xfA, shapeB, xfB);
	double radius = shapeA->radius + shapeB->radius;
	leanVerdict verdict = leanOverlap(&pair, radius);
	if (verdict != LEAN_UNDECIDED)
		return verdict == LEAN_OVERLAP;
	return npGjkOverlap3(&pair, radius);
}

NP_COLD __attribute__((noinline)) static bool overlapTiny(const npShape3* shapeA, npTransform3 xfA,
														   const npShape3* shapeB, npTransform3 xfB, int up)
{
	npTinyPair3 t;
	npMakeTinyPair3(shapeA, xfA, shapeB, xfB, up, &t);
	return overlapOf(&t.a, t.xfA, &t.b, t.xfB);
}

bool npOverlap3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB, npTransform3 xfB)
{
	int up = npPairTinyUp3(shapeA, xfA, shapeB, xfB);
	if (up > 0)
		return overlapTiny(shapeA, xfA, shapeB, xfB, up);
	return overlapOf(shapeA, xfA, shapeB, xfB);
}
