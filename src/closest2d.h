// Closest points between 2D points and segments (private header, inline).
//
// One copy of each query for the 2D code (manifolds, EPA, and the rays and casts to come), so a
// fix reaches every caller. The queries are the plain ones of Ericson's "Real-Time Collision
// Detection" (5.1.2, closest point on a segment; 5.1.9, closest points of two segments), written
// so the results are exact where they can be:
//  - closestOnSegment2 returns a segment's end points themselves, not recomputed from a
//    parameter, and says which feature (an end or the inside) holds the closest point;
//  - segmentParameterToOrigin2 gives the clamped parameter of the point nearest the origin, for
//    callers that combine other points with it (EPA's witness points);
//  - closestOfSegments2 handles two segments that do not cross: the closest pair then always
//    includes an end point of one of them, so four point-segment queries give it exactly (no
//    ill-conditioned solve for nearly parallel segments).
#ifndef NP_CLOSEST2D_H
#define NP_CLOSEST2D_H

#include "vec2.h"

#include <float.h>
#include <stdbool.h>

/// Where on a segment p -> q a closest point lies.
typedef enum npSegmentPlace2
{
	NP_SEGMENT_START = 0, ///< the end point p
	NP_SEGMENT_END = 1,   ///< the end point q
	NP_SEGMENT_INSIDE = 2 ///< strictly between the ends
} npSegmentPlace2;

/// Closest point of segment p -> q to x; `where` says which feature holds it. The end points are
/// returned exactly, and a zero-length segment gives p.
static inline npVec2 closestOnSegment2(npVec2 p, npVec2 q, npVec2 x, npSegmentPlace2* where)
{
	npVec2 e = v2Sub(q, p);
	double ee = v2Dot(e, e);
	double k = v2Dot(v2Sub(x, p), e);
	if (k <= 0.0 || ee == 0.0)
	{
		*where = NP_SEGMENT_START;
		return p;
	}
	if (k >= ee)
	{
		*where = NP_SEGMENT_END;
		return q;
	}
	*where = NP_SEGMENT_INSIDE;
	return v2MulAdd(p, k / ee, e);
}

/// Parameter t in [0, 1] of the point a + t (b - a) of segment a -> b nearest the origin; 0 for a
/// zero-length segment.
static inline double segmentParameterToOrigin2(npVec2 a, npVec2 b)
{
	npVec2 e = v2Sub(b, a);
	double ee = v2LengthSq(e);
	return ee > 0.0 ? npClamp(-v2Dot(a, e) / ee, 0.0, 1.0) : 0.0;
}

/// Closest points of two segments that do not cross (see the outline). Segment 0 is a[0] -> a[1],
/// segment 1 is b[0] -> b[1]; `where[s]` says which feature of segment s holds `point[s]`.
typedef struct npSegmentPair2
{
	npVec2 point[2];
	npSegmentPlace2 where[2];
	double distanceSq; ///< squared distance between the two points
} npSegmentPair2;

/// The end points of each segment against the other segment, in the order a[0], a[1], b[0], b[1];
/// ties keep the first candidate.
static inline npSegmentPair2 closestOfSegments2(const npVec2 a[2], const npVec2 b[2])
{
	npSegmentPair2 best;
	best.distanceSq = DBL_MAX;
	for (int side = 0; side < 2; ++side)
	{
		// side 0: end points of a against segment b; side 1: end points of b against segment a.
		const npVec2* from = side == 0 ? a : b;
		const npVec2* onto = side == 0 ? b : a;
		for (int k = 0; k < 2; ++k)
		{
			npSegmentPlace2 where;
			npVec2 q = closestOnSegment2(onto[0], onto[1], from[k], &where);
			double d = v2DistanceSq(from[k], q);
			if (d < best.distanceSq)
			{
				best.distanceSq = d;
				best.point[side] = from[k];
				best.where[side] = (npSegmentPlace2)k;
				best.point[1 - side] = q;
				best.where[1 - side] = where;
			}
		}
	}
	return best;
}

/// |u| < |v| for u whose square leaves the normal range (|u| below 1.5e-154): both compared scaled by
/// 2^600 (exact). Plain squares tied at 0 there, and the first candidate won: a point 1e-301 above a
/// box of half extents 1 and 1e-300 was put on its bottom edge, 2.1e-300 away (pointquery2d.c), as was one
/// above a chain of that shape (chainquery2d.c). Out of line: rarely needed, and callers' loops stay
/// lean without it.
__attribute__((noinline, unused)) static bool npNearer2(npVec2 u, npVec2 v)
{
	return v2LengthSq(v2Scale(0x1p600, u)) < v2LengthSq(v2Scale(0x1p600, v));
}

/// |v|, and v / |v| into *unit when |v| > 0, also when |v|^2 leaves the normal range (|v| below
/// 1.5e-154): the distance to a circle of radius 1.5e-266 from a point on it came out as -1.5e-266,
/// the point taken for the centre (fuzz_rays2d), and a point 1e-310 from a unit circle's centre got
/// a NaN normal (1 / |v| overflowed). Such a v is measured scaled by 2^600 (exact) and its length
/// scaled back, as closest3d.h's npLengthAndUnit3.
static inline double npLengthAndUnit2(npVec2 v, npVec2* unit)
{
	double sq = v2LengthSq(v);
	if (sq < DBL_MIN && (v.x != 0.0 || v.y != 0.0))
	{
		npVec2 big = v2Scale(0x1p600, v);
		double len = v2Length(big);
		*unit = v2Scale(1.0 / len, big);
		return len * 0x1p-600;
	}
	double len = sqrt(sq);
	if (len > 0.0)
		*unit = v2Scale(1.0 / len, v);
	return len;
}

/// An offset p - q from a point q computed inside edge a -> b (unit normal n) to p, taken across the
/// edge when it is below the rounding of q: such a q (a + t e) carries the rounding of t and of the
/// edge's coordinates, a few ulps of the edge's size, mostly along the edge, and for p that close
/// to the edge's line that rounding was most of the offset (a point on the axis of a capsule 2e-60
/// long and 1e-300 thick came out 6.9e-77 outside it). The true offset is across the edge: its part
/// along n (never inward when `solid`, for a polygon core that p is outside of). Below 1e-8 of the
/// edge's size: above that, the rounding left in the plain offset's length is below 1e-15 of it,
/// and ordinary queries keep it, bit for bit. Returns whether *offset was changed (the caller then
/// moves q under p: q = p - *offset).
static inline bool npAcrossEdge2(npVec2 a, npVec2 b, npVec2 n, bool solid, npVec2* offset)
{
	double size = npMax(npMax(npAbs(a.x), npAbs(a.y)), npMax(npAbs(b.x), npAbs(b.y)));
	if (!(npMax(npAbs(offset->x), npAbs(offset->y)) <= 1e-8 * size))
		return false;
	double across = v2Dot(n, *offset);
	*offset = v2Scale(solid ? npMax(across, 0.0) : across, n);
	return true;
}

#endif
