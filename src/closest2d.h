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

#endif
