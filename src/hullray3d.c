// Rays against solid 3D hulls, in the hull's frame (query3d.c moves the ray there and back).
//
// The answer is that of clipping the ray by every face's half-space (Cyrus and Beck, 1978;
// raySolidHull). Most rays are decided first by a walk over a few faces (rayHullWalk), whose proofs
// only accept a face the clip would pick, with the clip's t and normal, bit for bit; whatever the
// walk cannot prove goes to the clip.
#include "ray3d_private.h"
#include "polyhedron3d.h"
#include "cast3d_private.h"
#include "codesize.h"

#include <float.h>
#include <stddef.h>

/// True when clipping by (inside, speed) cannot change the clip but for its `inside` flag, told
/// without dividing. An entering plane (speed < 0) raises `lower` only if inside / speed > lower:
/// never when inside >= 0 (then the quotient is <= -0), nor when |inside| is below
/// lower * |speed| by more than the rounding of that product (then the quotient rounds to at most
/// lower). A leaving plane with inside >= 0 lowers `upper` only if inside / speed < upper: not when
/// inside exceeds upper * speed by more than its rounding. Products near the underflow range,
/// where rounding is not relative, are left to the division.
static inline bool clipCannotChange(const npRayClip* clip, double inside, double speed)
{
	if (speed < 0.0)
	{
		if (inside >= 0.0)
			return true;
		double below = clip->lower * -speed * (1.0 - 0x1p-50);
		return below > 0x1p-1000 && -inside < below;
	}
	if (speed > 0.0 && inside >= 0.0)
	{
		double above = clip->upper * speed * (1.0 + 0x1p-50);
		return above > 0x1p-1000 && inside > above;
	}
	return speed == 0.0 && inside >= 0.0;
}

/// A solid hull: the ray clipped by its faces' half-spaces. Most faces cannot move the interval's
/// ends; clipCannotChange finds them without a division, and the rest are clipped as usual, so the
/// result is that of clipping by every face, bit for bit.
static void raySolidHull(const npHull3* hull, const npLocalRay3* ray, npRayHit3* hit)
{
	npRayClip clip = npBeginRayClip(ray->maxFraction);
	for (int i = 0; i < hull->faceCount; ++i)
	{
		npPlane3 plane = hull->planes[i];
		double inside = plane.offset - v3Dot(plane.normal, ray->origin);
		double speed = v3Dot(plane.normal, ray->direction);
		if (clipCannotChange(&clip, inside, speed))
		{
			clip.inside = clip.inside && inside >= 0.0;
			continue;
		}
		if (!npClipRay(&clip, i, inside, speed))
			return;
	}
	npVec3 none = { 0.0, 0.0, 0.0 };
	finishClip(&clip, ray, clip.enter >= 0 ? hull->planes[clip.enter].normal : none,
			   clip.leave >= 0 ? hull->planes[clip.leave].normal : none, hit);
}

/// The clip above visits every face. Most rays that hit a hull enter it through the interior of a
/// face, and that can be proved from the face and its neighbours alone: the ray meets the face's
/// plane at p = o + t d (the face in front: n.d < 0, the origin outside its plane), and p lies
/// inside each neighbour's half-space, so p lies in the face's polygon, on the hull's surface, where
/// a ray from outside enters a convex body (it meets the surface at most twice). A ray that misses
/// passes beside a silhouette edge (one face in front, its neighbour behind): the plane through that
/// edge along d then holds the hull on one side, and the proof is the origin on the other.
/// rayHullWalk looks for one of the two: it starts at the face that the hull's start table
/// (npHull3's rayStart, hullcells3d.c) gives for where the ray would enter the ball about the
/// centroid holding every vertex, turns towards the ray while that face does not face it, then moves
/// to the neighbour whose plane p is most outside until a proof holds, at most WALK_MAX_STEPS faces.
/// Proofs must hold by a margin of WALK_MARGIN times the coordinates' scale, so that the face found
/// is the one the clip would pick (the same t, the same normal, bit for bit); everything else (the
/// origin inside or on a face's plane, grazing rays, p near a face's edge, the step bound) returns
/// false and the clip decides. The start only saves steps: the proofs do not depend on it. The
/// walk runs only on hulls whose planes around every face meet at its corners (npHull3's rayWalk,
/// hullcells3d.c's cornersMeet), where the neighbours' half-spaces bound each face's polygon, and a
/// face whose neighbours do not cut its plane at an angle (npHull3's wellCut) proves no entry.
#define WALK_MAX_STEPS 16
#define WALK_MARGIN 1.0e-9

/// The start face: where the ray would enter the ball of radius R about the centroid c, the
/// direction from c to that point (the ray's point nearest c, u from c, moved back along d by
/// sqrt(R^2 - |u|^2) / |d|; for a ray passing outside the ball, u itself) looked up in the start
/// table. A direction the support cells do not take (zero, tiny, huge: only for odd rays) starts at
/// face 0.
static int walkStart(const npHull3* hull, npVec3 o, npVec3 d, double dd)
{
	npVec3 c = hull->centroid;
	double R = hull->centroidReach;
	npVec3 u = v3Sub(v3MulAdd(o, v3Dot(v3Sub(c, o), d) / dd, d), c);
	// h, or +0 when negative (on the bits: V8 branches on a double select, and rays that pass
	// beside the ball come at random; a NaN from an odd ray only makes the lookup fail).
	uint64_t h = npBitsOf(R * R - v3LengthSq(u));
	h &= ~(uint64_t)((int64_t)h >> 63);
	npVec3 w = v3MulAdd(u, -sqrt(npDoubleOf(h) / dd), d);
	ptrdiff_t cell = npHullCellOf3(w.x, w.y, w.z);
	return cell >= 0 ? hull->rayStart[cell] : 0;
}

/// The neighbour of `face` whose normal has the smallest dot product with d (the most facing the
/// ray), or -1 when none is smaller than `speed`, the face's own.
static int turnTowards(const npHull3* hull, int face, npVec3 d, double speed)
{
	int best = -1;
	int f0 = hull->faceEdge[face], h = f0;
	for (int k = 0; k < hull->halfEdgeCount; ++k)
	{
		int g = hull->halfEdges[h ^ 1].face;
		double s = v3Dot(hull->planes[g].normal, d);
		if (s < speed)
		{
			speed = s;
			best = g;
		}
		h = hull->halfEdges[h].next;
		if (h == f0)
			break;
	}
	return best;
}

static bool rayHullWalk(const npHull3* hull, const npLocalRay3* ray, npRayHit3* hit)
{
	npVec3 o = ray->origin, d = ray->direction;
	double scale = np3Max(hull->maxCoordinate, v3MaxAbsBits(o));
	double margin = WALK_MARGIN * scale;
	int face = walkStart(hull, o, d, v3LengthSq(d));

	for (int step = 0; step < WALK_MAX_STEPS; ++step)
	{
		npPlane3 plane = hull->planes[face];
		double inside = plane.offset - v3Dot(plane.normal, o);
		double speed = v3Dot(plane.normal, d);
		if (!(speed < 0.0))
		{
			// A face that does not face the ray (a start beside the silhouette): its neighbour
			// that faces it most.
			face = turnTowards(hull, face, d, speed);
			if (face < 0)
				return false;
			continue;
		}
		if (!(inside < 0.0))
			return false;
		double t = inside / speed;
		npVec3 p = v3MulAdd(o, t, d);

		// The neighbour whose plane p is most outside (most negative room; the first of equals),
		// kept as an npClipKey: integer selects, where V8 branches on a double select.
		int worstEdge = -1;
		int64_t worstKey = INT64_MAX;
		int f0 = hull->faceEdge[face], h = f0;
		for (int k = 0; k < hull->halfEdgeCount; ++k)
		{
			npPlane3 g = hull->planes[hull->halfEdges[h ^ 1].face];
			int64_t room = npClipKey(g.offset - v3Dot(g.normal, p));
			bool worse = room < worstKey;
			worstKey = worse ? room : worstKey;
			worstEdge = worse ? h : worstEdge;
			h = hull->halfEdges[h].next;
			if (h == f0)
				break;
		}
		double worst = npClipKeyValue(worstKey);
		if (worst > margin)
		{
			// p is inside the face by the margin: the entry, when the neighbours' planes cut the
			// face's plane at an angle (npHull3's wellCut).
			if (!((hull->wellCut[face >> 3] >> (face & 7)) & 1))
				return false;
			if (t <= ray->maxFraction)
				finishHit(ray, t, plane.normal, true, hit);
			return true;
		}
		if (worst > -margin)
			return false; // p on or near the face's edge: the clip decides
		int next = hull->halfEdges[worstEdge ^ 1].face;
		if (v3Dot(hull->planes[next].normal, d) < 0.0)
		{
			face = next;
			continue;
		}
		// A silhouette edge a b (this face in front, its neighbour behind): the plane through it
		// along d, facing away from the hull, has the origin outside by the margin: a miss.
		npVec3 a = hull->vertices[hull->halfEdges[worstEdge].origin];
		npVec3 b = hull->vertices[hull->halfEdges[hull->halfEdges[worstEdge].next].origin];
		// (m negated when it faces the hull, written as the proof's sign: negating m negates the
		// dot product exactly, and a select of the two outcomes is not a branch on doubles.)
		npVec3 m = v3Cross(v3Sub(b, a), d);
		bool flip = v3Dot(m, v3Add(plane.normal, hull->planes[next].normal)) < 0.0;
		double away = v3Dot(m, v3Sub(o, a)), need = margin * v3Length(m);
		return flip ? -away > need : away > need;
	}
	return false;
}

/// n (unit) with its component along d removed when it points along d (a grazing hit's rounding),
/// so that n . d <= 0; -d / |d| when nothing is left.
static npVec3 facingNormal(npVec3 n, npVec3 d)
{
	double along = v3Dot(n, d);
	if (!(along > 0.0))
		return n;
	npVec3 m = v3MulAdd(n, -along / v3LengthSq(d), d);
	double len = v3Length(m);
	return len > 0.0 ? v3Scale(1.0 / len, m) : v3Scale(-1.0 / v3Length(d), d);
}

/// A point cast along d against the hull's vertices (cast3d.c's GJK ray cast, which reads support
/// points only, never the planes): the first t in [0, maxFraction] within 2 stand-offs of the hull
/// (never later than the contact). *hit is the cast's.
static void castPointAtHull(const npHull3* hull, npVec3 from, npVec3 d, double maxFraction, npCastHit3* hit)
{
	npShape3 point = { 0 }, target = { 0 };
	point.type = NP_SHAPE_SPHERE;
	target.type = NP_SHAPE_HULL3;
	target.hull = hull;
	npTransform3 at = { from, { 0.0, 0.0, 0.0, 1.0 } }, identity = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0, 1.0 } };
	npShapeCastInput3 in = { &point, at, d, &target, identity, { maxFraction, 0.0, false } };
	npCastConvex3(&in, 0.0, hit);
}

/// Rays against a hull whose face planes do not meet at its corners (npHull3's rayByVertices:
/// needles and slivers, whose planes are fitted to within rounding of their long vertices). There
/// the half-spaces' intersection can reach far beyond the vertices' polyhedron (a needle about 430
/// long whose planes, clipped together, gave a hit 30 beside it; fuzz_rays3d), so such hulls are
/// cast on their vertices. The cast runs along the unit direction u, over the ray's length up to
/// where it leaves the ball about the local origin holding every vertex (a cast's stand-off is
/// relative to its translation: a ray 1e9 long per unit of fraction would have been accepted 0.2
/// from the hull). The first hit is the point's cast from the origin; the exit (solid: false, from
/// inside) is the first hit of the reversed cast from a point beyond the ball. The normal is the
/// cast's (the hull's outward normal at the hit), turned to face the ray where rounding left it a
/// hair behind (a grazing ray).
NP_COLD __attribute__((noinline)) static void rayHullByVertices(const npHull3* hull, const npLocalRay3* ray, npRayHit3* hit)
{
	npVec3 o = ray->origin, d = ray->direction;
	double m = v3MaxAbs(d);
	npVec3 e = v3(d.x / m, d.y / m, d.z / m); // |e| in [1, sqrt 3]: no overflow for any usable d
	double eLen = v3Length(e);
	npVec3 u = v3Scale(1.0 / eLen, e);
	// A length along u becomes a fraction of d: (length / |e|) / m.
	double ball = (v3Length(o) + hull->reach) * (1.0 + 1e-9);
	if (!(2.0 * ball <= DBL_MAX))
	{
		raySolidHull(hull, ray, hit); // an origin near the overflow range: the clip, as before
		return;
	}
	double length = np3Min(ray->maxFraction * eLen * m, ball);
	npCastHit3 cast;
	castPointAtHull(hull, o, v3Scale(length, u), 1.0, &cast);
	if (!cast.hit)
		return;
	// A contact at fraction 0 whose normal points along the ray is an origin on the boundary (within
	// the cast's stand-off) moving out: a start on the surface, as an initial overlap is (a ray
	// leaving a flat needle's tip 2e-7 beyond it got an entry at 0 whose normal, the ray's own
	// direction with the ray's component taken out, was a rounding residue; fuzz_rays3d).
	bool leaving = cast.fraction == 0.0 && v3Dot(cast.normal, u) > 0.0;
	if (!cast.initialOverlap && !leaving)
	{
		double t = np3Min(cast.fraction * length / eLen / m, ray->maxFraction);
		finishHit(ray, t, facingNormal(cast.normal, u), true, hit);
		return;
	}
	if (ray->solid)
	{
		finishHit(ray, 0.0, v3(0.0, 0.0, 0.0), false, hit);
		return;
	}
	// From inside: the exit, cast back from 2 ball along u (outside the ball, so outside the hull).
	npCastHit3 back;
	castPointAtHull(hull, v3MulAdd(o, 2.0 * ball, u), v3Scale(-2.0 * ball, u), 1.0, &back);
	if (!back.hit || back.initialOverlap)
		return;
	double t = np3Max(2.0 * ball * (1.0 - back.fraction) / eLen / m, 0.0);
	if (t <= ray->maxFraction)
		finishHit(ray, t, facingNormal(v3Neg(back.normal), u), false, hit);
}

/// The hull's ray in its frame. Its largest direction component is at least NP_TINY / sqrt(3):
/// query3d.c scales smaller directions before the rotation into this frame (castTinyDirection3),
/// which also covers what a scaling here used to (a direction of 5e-324 on every axis, whose faces'
/// speeds rounded to 0 or a subnormal of either sign: rayWithASubnormalDirection).
void npRayHullLocal3(const npHull3* hull, const npLocalRay3* ray, npRayHit3* hit)
{
	if (hull->rayByVertices)
		rayHullByVertices(hull, ray, hit);
	else if (!rayHullWalk(hull, ray, hit))
		raySolidHull(hull, ray, hit);
}
