// Ray casts on one 2D shape (point queries: pointquery2d.c).
//
// Every ray runs in the shape's local frame: it is moved there once, and the hit is moved back. A
// shape is a core (a point, a segment, or a convex polygon) grown by a radius.
//
// npRayCast2 casts one ray; npRayCastMany2 checks the shape once for a batch and then runs the same
// per-ray code, so a batch answers bit for bit as single calls do:
//  - Sharp polygons (boxes, polygons without rounding) clip the ray against each edge's half-plane
//    (Cyrus and Beck, 1978): entering half-planes raise the lower end of the ray's interval,
//    leaving ones lower its upper end; the edge that raised the lower end last is the one hit.
//    Boxes do the same clip as two slabs (the same numbers, no loop over edges; their ends kept as
//    integer keys, rayclip.h, so that wasm chooses between them without branches). At a needle's
//    tip, where the half-planes cannot tell within their rounding, the answer is checked against
//    the edges' segments (rayFromBeyondATip, earlierVertex).
//  - Rounded shapes (circles, capsules, rounded polygons) are the union of a disc around every core
//    vertex and every core edge pushed out by the radius. Each of these pieces lies inside the
//    shape and together they cover its boundary, so the ray enters the shape exactly where it first
//    meets any piece, and leaves it where it last leaves one. The discs are solved in closed form,
//    so the rounding is hit exactly, not on a polygonal approximation. Two limits of rounding: a
//    polygon rounded by less than its points' rounding has cracks at its vertices (a ray through
//    one misses its disc and both edges' ends), so when the pieces find nothing it is clipped as
//    its core; and at a graze a disc's normal, rounded past the perpendicular, is set to it.
// Tiny rays: below 2^-400 the squares that the discs compare underflow (a circle of radius 1e-300
// has r * r = 0), so a ray on a tiny rounded shape is run with everything scaled by exact powers of
// two (the same points, scaled) and its result scaled back; ordinary rays never take that path.
#include "query2d_private.h"
#include "codesize.h"
#include "rayclip.h"
#include "tiny.h"
#include "closest2d.h"

#include <float.h>
#include <stddef.h>

npRayInput2 npMakeRayInput2(npVec2 origin, npVec2 direction)
{
	return (npRayInput2){ origin, direction, 1.0, true };
}

// ---------------------------------------------------------------- rays

/// The ray in the shape's local frame, with its bounds.
typedef struct LocalRay
{
	npVec2 origin;
	npVec2 direction;
	double maxFraction;
} LocalRay;

/// The first and last t of the ray inside one piece (a disc or a pushed-out edge).
typedef struct Span
{
	double enter, leave;
	npVec2 enterNormal, leaveNormal; ///< outward normals of the piece there
} Span;

/// The outward normal of a disc around c where the ray is at t. On a disc whose radius is below the
/// rounding of the points (a capsule of radius 2.2e-308: fuzz_rays2d found a zero normal) the
/// difference is noise, and the direction's is taken: -d where the ray enters, +d where it leaves.
/// That rounding is the origin's as well as the point's (p = o + t d is off by the rounding of both
/// terms, and |t d| <= |o| + |p|): a ray from 0.22 down past a disc of radius 1e-300 got p.y = 0 at
/// its closest approach, 1e-300 below c, and the normal (0, -1), facing away. (c's own size adds
/// nothing: where the test matters, p is within rounding of c.)
static npVec2 discNormal(const LocalRay* ray, npVec2 c, double t, bool leaving)
{
	npVec2 o = ray->origin, p = v2MulAdd(o, t, ray->direction), v = v2Sub(p, c);
	double size = npMax(v2MaxAbs(p), v2MaxAbs(o));
	if (v2MaxAbs(v) <= 1e-14 * size)
		return v2Normalize(leaving ? ray->direction : v2Neg(ray->direction));
	return v2Normalize(v);
}

/// The outward normal n of the piece a ray enters (or leaves, `leaving`), on the side of the ray it
/// must be on. A ray grazing a disc meets it where the normal is perpendicular to d, and the
/// rounding of the hit point (the origin's, over a small radius) can tilt that normal past, away
/// from the ray: a capsule of radius 1e-6 grazed along its side from 22 away got n . d = +3.5e-9
/// |d| (fuzz_rays2d). Such a normal is the perpendicular of d on its side. (Edges are only offered
/// on the right side, so this changes disc normals at a graze only.)
static npVec2 sideOfRay(npVec2 n, npVec2 d, bool leaving)
{
	double along = v2Dot(n, d);
	if (leaving ? !(along < 0.0) : !(along > 0.0))
		return n;
	npVec2 perp = v2(-d.y, d.x);
	return v2Normalize(v2Dot(perp, n) >= 0.0 ? perp : v2Neg(perp));
}

/// Ray against the disc of radius r around c. The roots are taken around the ray's closest approach
/// to c rather than from the quadratic's coefficients, which lose all precision when the origin is
/// far from a small disc.
static bool rayDisc(const LocalRay* ray, npVec2 c, double r, Span* span)
{
	double lenSq = v2Dot(ray->direction, ray->direction);
	double s = v2Dot(v2Sub(c, ray->origin), ray->direction) / lenSq;
	npVec2 closest = v2MulAdd(ray->origin, s, ray->direction);
	double h = r * r - v2DistanceSq(c, closest);
	if (h < 0.0)
		return false;

	double half = sqrt(h / lenSq);
	span->enter = s - half;
	span->leave = s + half;
	span->enterNormal = discNormal(ray, c, span->enter, false);
	span->leaveNormal = discNormal(ray, c, span->leave, true);
	return true;
}

static void finishHit(const LocalRay* ray, double t, npVec2 normal, bool front, npRayHit2* hit)
{
	hit->hit = true;
	hit->fraction = t;
	hit->point = v2MulAdd(ray->origin, t, ray->direction);
	hit->normal = normal;
	hit->frontFace = front;
}

/// The t of the ray's point nearest vertex v, within [0, maxFraction].
NP_COLD __attribute__((noinline)) static double nearestToVertex(const LocalRay* ray, npVec2 v)
{
	double t = v2Dot(v2Sub(v, ray->origin), ray->direction) / v2Dot(ray->direction, ray->direction);
	return npMin(npMax(t, 0.0), ray->maxFraction);
}

/// Whether a point whose projection on an edge e (from its start) is `along` = dot(p - a, e) lies on
/// the edge's span, within 1e-9 of its length beyond either end (ee = dot(e, e)).
static inline bool onSegmentSpan(double along, double ee) { return along >= -1e-9 * ee && along <= (1.0 + 1e-9) * ee; }

/// Whether p lies on the segment of edge j (within 1e-9 of its length beyond either end) and within
/// 1e-12 of the coordinates of its line. Next to a nearly straight corner two edges' lines are one
/// within rounding, and the clip can keep the earlier edge for a point on its neighbour: a ray
/// through the bottom of a polygon whose corner turns by 2.5e-10 rad was moved off the surface to
/// its point nearest the corner, 30 units below it (fuzz_rays2d). Such a point is on the surface.
NP_COLD __attribute__((noinline)) static bool onNeighbourEdge(const npShape2* s, int j, npVec2 p)
{
	npVec2 a = s->vertices[j], b = s->vertices[j + 1 == s->count ? 0 : j + 1];
	npVec2 e = v2Sub(b, a), ap = v2Sub(p, a);
	double size = npMax(v2MaxAbs(p), npMax(v2MaxAbs(a), v2MaxAbs(b)));
	return onSegmentSpan(v2Dot(ap, e), v2Dot(e, e)) && npAbs(v2Dot(s->normals[j], ap)) <= 1e-12 * size;
}

/// The clip's t for edge i, when the ray's point there lies on the edge's segment (within 1e-9 of
/// its length beyond either end); else the t of the ray's point nearest the end it overshoots. At
/// the tip of a needle (two long edges 1e-9 rad apart) the edges' lines, each placed to the
/// rounding of its length, cross up to rounding over angle away from the tip, and the clip, which
/// meets lines, put an exit 25 units beyond the tip of a needle 1e9 long and 741 units beyond it
/// for a ray along its long edge (fuzz_rays2d; rayAlongANeedlePastItsTip). The tip is a vertex.
static double clampToEdgeSegment(const npShape2* s, const LocalRay* ray, int i, double t)
{
	npVec2 a = s->vertices[i], b = s->vertices[i + 1 == s->count ? 0 : i + 1];
	npVec2 e = v2Sub(b, a), p = v2MulAdd(ray->origin, t, ray->direction);
	double along = v2Dot(v2Sub(p, a), e), ee = v2Dot(e, e);
	if (onSegmentSpan(along, ee))
		return t;
	int next = along < 0.0 ? (i > 0 ? i - 1 : s->count - 1) : (i + 1 == s->count ? 0 : i + 1);
	if (onNeighbourEdge(s, next, p))
		return t;
	return nearestToVertex(ray, along < 0.0 ? a : b);
}

/// True when the ray's line has every vertex of s strictly on one side, beyond the rounding of the
/// side tests: the ray then misses s. Asked only where the clip's answer left its edge's segment
/// (clampToEdgeSegment moved it): past a needle's tip the clip meets the edges' lines, not the
/// polygon, and a ray passing 46 units beside the tip of a needle 1e9 long was moved onto the ray's
/// point nearest the tip and reported as a hit there (fuzz_rays2d). The side of v is cross(d, v - o),
/// computed to about 4 ulps of |d| (|v| + |o|); a vertex within 1e-12 of that of the line counts
/// as on it (then the clip's answer stands).
NP_COLD __attribute__((noinline)) static bool lineMissesPolygon(const npShape2* s, const LocalRay* ray)
{
	npVec2 o = ray->origin, d = ray->direction;
	double dSize = v2MaxAbs(d), oSize = v2MaxAbs(o);
	int below = 0, above = 0;
	for (int k = 0; k < s->count; ++k)
	{
		npVec2 v = s->vertices[k];
		double side = v2Cross(d, v2Sub(v, o));
		double slack = 1e-12 * dSize * (v2MaxAbs(v) + oSize);
		below += side < -slack;
		above += side > slack;
	}
	return below == s->count || above == s->count;
}

/// The clip's t for edge i through clampToEdgeSegment, or -1 when the clip's answer left the edge's
/// segment and the ray's line misses the polygon (lineMissesPolygon).
static double hitOnEdge(const npShape2* s, const LocalRay* ray, int i, double t)
{
	double clamped = clampToEdgeSegment(s, ray, i, t);
	return clamped != t && lineMissesPolygon(s, ray) ? -1.0 : clamped;
}

/// The first vertex of s that the ray passes within the band of npOutsideBeyondATip2 (1e-12 of the
/// coordinates): its t in *t and, as the normal, that of its two edges which faces the ray most.
/// False when no vertex is that close.
static bool firstVertexOnRay(const npShape2* s, const LocalRay* ray, double* t, npVec2* normal)
{
	double band = 1e-12 * npCoreSizeAt2(s, ray->origin);
	bool found = false;
	for (int k = 0; k < s->count; ++k)
	{
		npVec2 v = s->vertices[k];
		double tk = nearestToVertex(ray, v);
		npVec2 gap = v2Sub(v2MulAdd(ray->origin, tk, ray->direction), v);
		if (v2MaxAbs(gap) > band || (found && tk >= *t))
			continue;
		npVec2 before = s->normals[k > 0 ? k - 1 : s->count - 1], after = s->normals[k];
		*normal = v2Dot(before, ray->direction) <= v2Dot(after, ray->direction) ? before : after;
		*t = tk;
		found = true;
	}
	return found;
}

/// The first point where the ray crosses the segment of an edge that faces it (the edge's ends on
/// either side of the ray's line, or on it), within [0, maxFraction]: *t and that edge's normal.
/// The crossing is placed between the ends' own t along the ray by their distances from its line,
/// so it stays between them however nearly the edge runs along the ray; the quotient of the line
/// equations does not (on a needle it put a crossing 31 units from the edge at t = 0; fuzz_rays2d).
static bool firstEdgeCrossing(const npShape2* s, const LocalRay* ray, double* t, npVec2* normal)
{
	npVec2 d = ray->direction;
	double dd = v2Dot(d, d);
	bool found = false;
	for (int i = 0; i < s->count; ++i)
	{
		npVec2 n = s->normals[i];
		if (!(v2Dot(n, d) < 0.0))
			continue;
		npVec2 a = v2Sub(s->vertices[i], ray->origin), b = v2Sub(s->vertices[i + 1 == s->count ? 0 : i + 1], ray->origin);
		double sideA = v2Cross(d, a), sideB = v2Cross(d, b);
		if ((sideA > 0.0 && sideB > 0.0) || (sideA < 0.0 && sideB < 0.0) || sideA == sideB)
			continue;
		double tA = v2Dot(a, d) / dd, tB = v2Dot(b, d) / dd;
		double ti = tA + (tB - tA) * (sideA / (sideA - sideB));
		if (!(ti >= 0.0 && ti <= ray->maxFraction) || (found && ti >= *t))
			continue;
		*t = ti;
		*normal = n;
		found = true;
	}
	return found;
}

/// A ray whose origin is inside every half-plane of s but outside s (npOutsideBeyondATip2: beyond a
/// needle's tip), where the clip sees the origin inside: it is cast as from outside instead, solid
/// or not. The entry is the first edge it crosses or the first vertex it passes through, whichever
/// comes first (the tip, for a ray back along the needle); with neither, a miss (a ray moving away:
/// the clip put its exit at the origin, 31 units off the needle; fuzz_rays2d). True when the origin
/// is such a point, and the ray answered.
NP_COLD __attribute__((noinline)) static bool rayFromBeyondATip(const npShape2* s, const LocalRay* ray, npRayHit2* hit)
{
	npVec2 o = ray->origin;
	double plane = -DBL_MAX;
	int edge = 0;
	for (int i = 0; i < s->count; ++i)
	{
		double d = v2Dot(s->normals[i], v2Sub(o, s->vertices[i]));
		if (d > plane)
		{
			plane = d;
			edge = i;
		}
	}
	if (!npNearAnEdgeLine2(s, o, plane, edge) || !npOutsideBeyondATip2(s, o))
		return false;
	double tEdge = 0.0, tVertex = 0.0;
	npVec2 nEdge = { 0.0, 0.0 }, nVertex = { 0.0, 0.0 };
	bool crossed = firstEdgeCrossing(s, ray, &tEdge, &nEdge);
	bool touched = firstVertexOnRay(s, ray, &tVertex, &nVertex);
	if (touched && (!crossed || tVertex <= tEdge))
		finishHit(ray, tVertex, nVertex, true, hit);
	else if (crossed)
		finishHit(ray, tEdge, nEdge, true, hit);
	return true;
}

/// Whether the ray runs within 1e-6 rad of the line of an edge of normal n: the clip's t on that line
/// is then off by its rounding over that angle (a ray back along a needle 1.4e9 long, toward its
/// tip, entered 595 units past the tip).
static inline bool grazing(npVec2 n, npVec2 d)
{
	return -v2Dot(n, d) <= 1e-6 * v2MaxAbs(d);
}

/// A grazing entry at *t replaced by a vertex the ray passes through before it (firstVertexOnRay):
/// the ray touches the polygon there first.
NP_COLD __attribute__((noinline)) static void earlierVertex(const npShape2* s, const LocalRay* ray, double* t, npVec2* normal)
{
	double tv = 0.0;
	npVec2 nv = { 0.0, 0.0 };
	if (firstVertexOnRay(s, ray, &tv, &nv) && tv < *t)
	{
		*t = tv;
		*normal = nv;
	}
}

/// A sharp polygon: the ray clipped by its edges' half-planes (a hit beyond an end of its edge's
/// segment is moved to that end: clampToEdgeSegment).
static void raySharpPolygon(const npShape2* s, const LocalRay* ray, bool solid, npRayHit2* hit)
{
	npRayClip clip = npBeginRayClip(ray->maxFraction);
	for (int i = 0; i < s->count; ++i)
	{
		double inside = v2Dot(s->normals[i], v2Sub(s->vertices[i], ray->origin));
		if (!npClipRay(&clip, i, inside, v2Dot(s->normals[i], ray->direction)))
			return;
	}

	bool inside = npClipOnBoundary(clip.inside, clip.enter); // on the boundary within rounding: inside
	if (inside && rayFromBeyondATip(s, ray, hit))
		return;
	if (inside && solid)
		finishHit(ray, 0.0, v2(0.0, 0.0), false, hit);
	else if (inside && clip.leave >= 0)
		finishHit(ray, clampToEdgeSegment(s, ray, clip.leave, clip.upper), v2Neg(s->normals[clip.leave]), false, hit);
	else if (!inside && clip.enter >= 0)
	{
		double t = hitOnEdge(s, ray, clip.enter, clip.lower);
		npVec2 normal = s->normals[clip.enter];
		if (t >= 0.0 && grazing(normal, ray->direction))
			earlierVertex(s, ray, &t, &normal);
		if (t >= 0.0)
			finishHit(ray, t, normal, true, hit);
	}
}

/// Two clip bounds, as npClipKey integers, offered in the general clip's order (the lower edge
/// index first, so that on an exact tie it keeps its place, as npClipRay does): `raise` true for
/// the lower end (a larger t wins), false for the upper end (a smaller t wins).
__attribute__((always_inline)) static inline void offerBounds(int64_t* bound, int* index, bool raise, int64_t ta,
															  int ia, int64_t tb, int ib)
{
	bool aFirst = ia < ib;
	int64_t t1 = aFirst ? ta : tb, t2 = aFirst ? tb : ta;
	int i1 = aFirst ? ia : ib, i2 = aFirst ? ib : ia;
	bool take1 = raise ? t1 > *bound : t1 < *bound;
	*bound = take1 ? t1 : *bound;
	*index = take1 ? i1 : *index;
	bool take2 = raise ? t2 > *bound : t2 < *bound;
	*bound = take2 ? t2 : *bound;
	*index = take2 ? i2 : *index;
}

/// A box (npMakeBox2's edges: -y, +x, +y, -x) by slabs, for a direction without zero components:
/// raySharpPolygon's clip worked out per axis. For edge 0, normal (0, -1) through (-hx, -hy), the
/// clip's two dot products are hy + oy and -dy exactly (the zero terms add nothing, and a zero sum
/// is +0 either way), and so on round the box; entering edges only raise the lower end and leaving
/// ones only lower the upper end, so offering each end's two candidates in edge order gives the
/// general clip's answer bit for bit (its early exit on an empty interval only saves work). Along
/// an axis the entry is the smaller of the two quotients and the exit the larger (as in query3d.c's
/// clipSlab); the ends are compared and chosen as npClipKey integers (no branches in wasm), and
/// read back as the quotient + 0, the same number (an exit quotient is never -0).
static void rayBox2(const npShape2* s, const LocalRay* ray, bool solid, npRayHit2* hit)
{
	npVec2 h = s->vertices[2], o = ray->origin, d = ray->direction; // (hx, hy)
	double xBelow = h.x + o.x, xAbove = h.x - o.x, yBelow = h.y + o.y, yAbove = h.y - o.y;
	bool inside = (xBelow >= 0.0) & (xAbove >= 0.0) & (yBelow >= 0.0) & (yAbove >= 0.0);
	int64_t kxBelow = npClipKey(xBelow / -d.x), kxAbove = npClipKey(xAbove / d.x); // edges 3 (-x) and 1 (+x)
	int64_t kyBelow = npClipKey(yBelow / -d.y), kyAbove = npClipKey(yAbove / d.y); // edges 0 (-y) and 2 (+y)
	bool upX = d.x > 0.0, upY = d.y > 0.0, xOrdered = kxBelow < kxAbove, yOrdered = kyBelow < kyAbove;
	int64_t lower = npClipKey(0.0), upper = npClipKey(ray->maxFraction);
	int enter = -1, leave = -1;
	offerBounds(&lower, &enter, true, xOrdered ? kxBelow : kxAbove, upX ? 3 : 1, yOrdered ? kyBelow : kyAbove,
				upY ? 0 : 2);
	offerBounds(&upper, &leave, false, xOrdered ? kxAbove : kxBelow, upX ? 1 : 3, yOrdered ? kyAbove : kyBelow,
				upY ? 2 : 0);
	if (upper < lower)
		return;

	inside = npClipOnBoundary(inside, enter); // on the boundary within rounding: inside
	if (inside && solid)
		finishHit(ray, 0.0, v2(0.0, 0.0), false, hit);
	else if (inside && leave >= 0)
		finishHit(ray, npClipKeyValue(upper), v2Neg(s->normals[leave]), false, hit);
	else if (!inside && enter >= 0)
		finishHit(ray, npClipKeyValue(lower), s->normals[enter], true, hit);
}

/// Best piece so far: entering, the smallest entry t of any piece; leaving, the largest exit t.
typedef struct PieceChoice
{
	bool leaving; ///< the origin is inside: look for the exit
	bool found;
	double t;
	npVec2 normal; ///< outward normal of the piece at t
} PieceChoice;

static void offerPiece(PieceChoice* c, double t, npVec2 normal)
{
	if (!c->found || (c->leaving ? t > c->t : t < c->t))
	{
		c->found = true;
		c->t = t;
		c->normal = normal;
	}
}

/// The t at which the ray crosses edge i pushed out by the radius, if the crossing is on the edge
/// and the ray crosses it in the wanted sense. An origin outside the shape that the line test puts
/// behind the line by no more than rounding (it lies on the surface) crosses at t = 0.
static bool edgeCrossing(const npShape2* s, const LocalRay* ray, int i, bool leaving, double* t)
{
	npVec2 a = s->vertices[i], b = s->vertices[i + 1 == s->count ? 0 : i + 1], n = s->normals[i];
	double den = v2Dot(n, ray->direction);
	if (leaving ? !(den > 0.0) : !(den < 0.0))
		return false;

	double num = v2Dot(n, v2Sub(a, ray->origin)) + s->radius;
	*t = num / den;
	// An origin the containment test put inside but this line just behind it (rounding: a radius of
	// 1e-300, fuzz_rays2d) leaves at 0, not at a negative t.
	if (leaving && *t < 0.0)
		*t = 0.0;
	if (!leaving && *t < 0.0)
	{
		// The rounding of num is relative to the numbers it is made of. An absolute floor of 1e-14
		// (1 + the sizes) took an origin 2e-72 from a scaled capsule 3e-153 thick for one on its
		// surface: a hit at fraction 0 for a ray that passes 6e-223 from it, unscaled (fuzz_rays2d).
		double scale = npMax(npMax(v2MaxAbs(ray->origin), s->radius), v2MaxAbs(a));
		if (num > 1.0e-14 * scale)
			return false;
		*t = 0.0;
	}

	npVec2 q = v2Sub(v2MulAdd(ray->origin, *t, ray->direction), v2MulAdd(a, s->radius, n));
	// An edge whose squared length underflows to 0 (a capsule 1e-323 long, radius 0.125) accepted
	// every crossing of its line (0 <= 0 <= 0), and a ray from its centre left 1% of the radius too
	// late (fuzz_rays2d). The discs at its ends, 2^-537 apart at most, cover such an edge.
	npVec2 e = v2Sub(b, a);
	double along = v2Dot(q, e), ee = v2Dot(e, e);
	return along >= 0.0 && along <= ee && ee > 0.0;
}

/// Whether a polygon is rounded by less than the rounding of its points (1e-300 on a triangle 30
/// across): it then has cracks at its vertices, where a ray through a vertex misses the vertex's
/// disc and both edges' ends by rounding (fuzz_rays2d: a ray into a triangle through its corner
/// was a miss), and it is its core within rounding. A crack within reach needs a radius below the
/// rounding of the origin and of o + maxFraction d: that cheap test (inlined) spares a missed ray
/// on an ordinary rounded polygon the call and the loop over the core.
__attribute__((noinline)) static bool coreDwarfsRadius(const npShape2* s, npVec2 o)
{
	return s->radius <= 1e-9 * npCoreSizeAt2(s, o);
}

static inline bool nearlySharp(const npShape2* s, const LocalRay* ray)
{
	npVec2 o = ray->origin, d = ray->direction;
	double reach = v2MaxAbs(o) + ray->maxFraction * v2MaxAbs(d);
	return s->radius <= 1e-9 * reach && coreDwarfsRadius(s, o);
}

/// A rounded shape as the union of discs around the core vertices and pushed-out core edges.
static void rayRounded(const npShape2* s, const LocalRay* ray, bool solid, npRayHit2* hit)
{
	// A nearly sharp polygon is its core within the rounding of its points: its pieces would leave
	// cracks at its corners, where a ray through a corner misses the corner's disc and both edges'
	// ends by rounding, so it is clipped as its core (no cracks). Taken only when nothing was found
	// (or, after 85e67a8, nothing within reach), a ray through a crack at the near corner still got
	// the far corner's disc as its entry: 0.16 along instead of 0.068, with points between 0.12 deep
	// inside (fuzz_rays2d; rayThroughTheCornerOfANearlySharpPolygon).
	if (s->count >= 3 && nearlySharp(s, ray))
	{
		raySharpPolygon(s, ray, solid, hit);
		return;
	}

	bool inside = npContainsLocal2(s, ray->origin);
	if (inside && solid)
	{
		finishHit(ray, 0.0, v2(0.0, 0.0), false, hit);
		return;
	}

	PieceChoice choice = { inside, false, 0.0, { 0.0, 0.0 } };
	for (int i = 0; i < s->count; ++i)
	{
		Span span;
		if (!rayDisc(ray, s->vertices[i], s->radius, &span) || span.leave < 0.0)
			continue;
		if (inside)
			offerPiece(&choice, span.leave, span.leaveNormal);
		else
			offerPiece(&choice, npMax(span.enter, 0.0), span.enterNormal);
	}

	int edges = s->count == 1 ? 0 : s->count;
	for (int i = 0; i < edges; ++i)
	{
		double t;
		if (edgeCrossing(s, ray, i, inside, &t))
			offerPiece(&choice, t, s->normals[i]);
	}

	if (!choice.found || choice.t > ray->maxFraction)
		return;
	npVec2 normal = sideOfRay(choice.normal, ray->direction, inside);
	if (inside)
		finishHit(ray, choice.t, v2Neg(normal), false, hit);
	else
		finishHit(ray, choice.t, normal, true, hit);
}

/// A rounded shape with a radius or a direction below NP_TINY: the quadratics' squares underflow,
/// or overflow once divided by |d|^2, and the shape was hit with a NaN normal (a direction 1e-165
/// long), a circle of radius 1e-300 counted an origin 1e-300 away as inside and left it at once
/// through a normal facing away from the ray, and a ray 1.5e-154 long heading away from a circle
/// of radius 3 hit it at 0 (h / |d|^2 overflowed, the disc spanned all t) (fuzz_rays2d). Such a
/// query is cast scaled: the origin, the core and the radius by one power of two (the same points,
/// scaled, so the same hits), the direction by another, maxFraction by their ratio; the fraction is
/// scaled back. A shape that stays large (a capsule 1 long and 1e-300 thick) is not scaled: its
/// rounding is below the rounding of its points, and the pieces' own guards (discNormal,
/// edgeCrossing) cover it. After scaling, positions and d lie in [2^-400, 2^100): h / |d|^2 stays
/// below 2^1000.
static void rayRoundedTiny(const npShape2* s, const LocalRay* ray, bool solid, npRayHit2* hit)
{
	int up = npTinySteps2(s, ray->origin), dirUp = npStepsUp(v2MaxAbs(ray->direction));
	if (up == 0 && dirUp == 0)
	{
		rayRounded(s, ray, solid, hit);
		return;
	}

	npShape2 scaled;
	npScaleShape2(s, up, &scaled);
	LocalRay local = { v2TimesPow500(ray->origin, up), v2TimesPow500(ray->direction, dirUp),
		npTimesPow500(ray->maxFraction, up - dirUp) };
	rayRounded(&scaled, &local, solid, hit);
	if (hit->hit)
		hit->fraction = npMin(npTimesPow500(hit->fraction, dirUp - up), ray->maxFraction);
}

static npResult checkRay(npVec2 origin, npVec2 direction, double maxFraction)
{
	if (!npIsUsableVec2(origin) || !npIsUsableVec2(direction) || !npIsUsable(maxFraction))
		return NP_ERR_NON_FINITE;
	if ((direction.x == 0.0 && direction.y == 0.0) || maxFraction < 0.0)
		return NP_ERR_INVALID_ARGUMENT;
	return NP_OK;
}

/// The per-ray steps below are inlined into each batch loop with `sharp` a constant, so sharp and
/// rounded shapes get their own small loops.
#define CAST_INLINE __attribute__((always_inline)) static inline

/// One checked ray against a checked shape (*hit cleared by the caller): moved into the shape's
/// frame, cast there by the sharp or the rounded routine (`sharp`), and the hit moved back. A
/// direction below NP_TINY is turned scaled by `dirUp` steps of 2^500 (exact; castTinyDirection),
/// maxFraction scaled down to keep the same segment, and the fraction scaled back.
CAST_INLINE void castChecked(const npShape2* shape, npTransform2 transform, const npRayInput2* ray, npRayHit2* hit,
							   bool sharp, int dirUp)
{
	LocalRay local = { npInvTransformPoint2(transform, ray->origin),
		npInvRotate2(transform.q, v2TimesPow500(ray->direction, dirUp)), npTimesPow500(ray->maxFraction, -dirUp) };
	if (sharp && shape->type == NP_SHAPE_BOX2 && local.direction.x != 0.0 && local.direction.y != 0.0)
		rayBox2(shape, &local, ray->solid, hit);
	else if (sharp)
		raySharpPolygon(shape, &local, ray->solid, hit);
	else if (shape->radius >= NP_TINY && v2LengthSq(local.direction) >= NP_TINY * NP_TINY)
		rayRounded(shape, &local, ray->solid, hit);
	else
		rayRoundedTiny(shape, &local, ray->solid, hit);
	if (!hit->hit)
		return;
	if (dirUp > 0)
		hit->fraction = npMin(npTimesPow500(hit->fraction, dirUp), ray->maxFraction);

	// The point is recomputed in world space so that it is exactly origin + fraction * direction.
	hit->point = v2MulAdd(ray->origin, hit->fraction, ray->direction);
	hit->normal = npRotate2(transform.q, hit->normal);
}

static bool isSharp(const npShape2* shape) { return shape->radius == 0.0 && shape->count >= 3; }


/// A ray whose direction is below NP_TINY, turned into the shape's frame scaled (castChecked):
/// turned as it is, a subnormal direction keeps a few bits (4.9e-324 (1, 1) turned by 20 degrees
/// stayed 4.9e-324 (1, 1)), and a normal chosen against it faced along the world ray (fuzz_rays2d).
/// Out of line, so that ordinary rays pay one compare.
NP_COLD __attribute__((noinline)) static void castTinyDirection(const npShape2* shape, npTransform2 transform,
																 const npRayInput2* ray, npRayHit2* hit)
{
	castChecked(shape, transform, ray, hit, isSharp(shape),
				npStepsUp(v2MaxAbs(ray->direction)));
}

npResult npRayCast2(const npShape2* shape, npTransform2 transform, const npRayInput2* ray, npRayHit2* hit)
{
	if (hit == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*hit = (npRayHit2){ 0 };
	if (ray == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npCheckShape2Placed(shape, transform);
	if (r == NP_OK)
		r = checkRay(ray->origin, ray->direction, ray->maxFraction);
	if (r == NP_OK && npIsTinyDirection2(ray->direction))
		castTinyDirection(shape, transform, ray, hit);
	else if (r == NP_OK)
		castChecked(shape, transform, ray, hit, isSharp(shape), 0);
	return r;
}

/// The rays of a batch, each checked and cast (one dispatch per batch, not per ray).
CAST_INLINE npResult castBatch(const npShape2* shape, npTransform2 transform, const npRayBatch2* batch,
								 npRayHit2* hits, int* failedRay, bool sharp)
{
	npRayInput2 ray = { { 0.0, 0.0 }, { 0.0, 0.0 }, batch->maxFraction, batch->solid };
	// maxFraction is the batch's: checked once; the rays by npRayPasses2, with checkRay for the code.
	bool maxFractionPasses = npIsUsable(ray.maxFraction) && ray.maxFraction >= 0.0;
	for (int i = 0; i < batch->count; ++i)
	{
		ray.origin = batch->origins[i];
		ray.direction = batch->directions[i];
		if (!(maxFractionPasses & npRayPasses2(ray.origin, ray.direction)))
		{
			npResult r = checkRay(ray.origin, ray.direction, ray.maxFraction);
			hits[i] = (npRayHit2){ 0 };
			if (failedRay != NULL)
				*failedRay = i;
			return r;
		}
		// Cast into a local and copied out whole (as in query3d.c: no memory.fill per ray in wasm).
		npRayHit2 hit = { 0 };
		if (npIsTinyDirection2(ray.direction))
			castTinyDirection(shape, transform, &ray, &hit);
		else
			castChecked(shape, transform, &ray, &hit, sharp, 0);
		hits[i] = hit;
	}
	return NP_OK;
}

static npResult castSharpBatch(const npShape2* s, npTransform2 xf, const npRayBatch2* b, npRayHit2* h, int* failed)
{
	return castBatch(s, xf, b, h, failed, true);
}

static npResult castRoundedBatch(const npShape2* s, npTransform2 xf, const npRayBatch2* b, npRayHit2* h, int* failed)
{
	return castBatch(s, xf, b, h, failed, false);
}

npResult npRayCastMany2(const npShape2* shape, npTransform2 transform, const npRayBatch2* batch, npRayHit2* hits,
						int* failedRay)
{
	if (failedRay != NULL)
		*failedRay = -1;
	if (batch == NULL || batch->count < 0 || (batch->count > 0 && (hits == NULL || batch->origins == NULL ||
																  batch->directions == NULL)))
		return NP_ERR_INVALID_ARGUMENT;
	npResult r = npCheckShape2Placed(shape, transform);
	if (r != NP_OK)
		return r;
	if (isSharp(shape))
		return castSharpBatch(shape, transform, batch, hits, failedRay);
	return castRoundedBatch(shape, transform, batch, hits, failedRay);
}

