// 3D penetration: GJK, then EPA on the cores (Allen Chou, "Contact Generation - EPA"; Kevin Wilson,
// "3D Convex Collision Detection, Part 2: EPA"), then an exact separating-axis polish
// (epapolish3d.c). This file blows GJK's simplex up to a tetrahedron and turns EPA's final face
// into the answer; the EPA loop and its polytope are in epapolytope3d.c.
//
// Blow-up. GJK hands over a simplex containing the origin. With fewer than 4 points it is blown up
// to a tetrahedron: 1 point -> the support along the six principal axes farthest from it; 2 points
// -> the support, along eight directions perpendicular to the segment, farthest from its line; 3
// points -> the support along the triangle normal or its opposite, whichever is farther from the
// plane. When no direction gets away (by a scale-relative tolerance) the Minkowski difference of
// the cores is a point, a segment or flat (coplanar triangles or flat hulls, crossing segments, a
// sphere centre in a triangle's plane): the core depth is then exactly 0 and the normal is the flat
// set's normal. This is the case the reader of Wilson's article ran into ("every triangle contains
// the origin"): the answer is not a 2D problem, the depth along the plane normal is 0.
//
// Witness points. Each polytope vertex carries the pair of core vertices it came from, so the
// witness points are the closest point's barycentric weights on the final face applied to A's and
// B's points (degenerate triangles of A's or B's points are harmless: only the weights matter, and
// they come from the well-formed Minkowski triangle). After the polish they are moved along the
// final normal onto each shape's support plane. EPA's last support query, along the final face's
// normal, gives that normal's exact overlap without another query.
#define NP_MANIFOLD3D_INTERNAL // npClosestOnFace3 (clip3d.c)
#include "epa3d_private.h"
#include "manifold3d_private.h"
#include "closest3d.h"
#include "codesize.h"
#include "tiny3d.h"

#include <float.h>
#include <stddef.h>
#include <stdint.h>

/// How far (relative to the pair's scale) the witnesses may disagree with the depth along the
/// normal before npEpaEveryFace3 takes the answer again (rounding leaves about 1e-15).
#define NP_EPA3_WITNESS_SLACK 1.0e-10

typedef enum epaShape
{
	EPA_SOLID = 3,
	EPA_FLAT = 2,
	EPA_LINE = 1,
	EPA_POINT = 0,
} epaShape;

// Blows GJK's simplex up to a tetrahedron around the origin (or reports a lower-dimensional
// Minkowski difference and its normal).
// s holds GJK's `count` points and has room for four.
static epaShape blowUp(const npPair3* pair, int count, double tol, npSupportPoint3* s, npVec3* flatNormal)
{
	if (count == 1)
	{
		static const npVec3 axes[6] = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } };
		double best = tol;
		bool found = false;
		for (int k = 0; k < 6; ++k)
		{
			npSupportPoint3 p = npSupportPair3(pair, axes[k]);
			double d = v3Length(v3Sub(p.w, s[0].w));
			if (d > best)
			{
				best = d;
				s[1] = p;
				found = true;
			}
		}
		if (!found)
			return EPA_POINT;
		count = 2;
	}
	if (count == 2)
	{
		npVec3 e = v3Normalize(v3Sub(s[1].w, s[0].w));
		npVec3 t1, t2;
		npMakeTangents3(e, &t1, &t2);
		npVec3 dirs[8] = { t1, v3Neg(t1), t2, v3Neg(t2), v3Add(t1, t2), v3Sub(t1, t2), v3Sub(t2, t1), v3Neg(v3Add(t1, t2)) };
		double best = tol;
		bool found = false;
		for (int k = 0; k < 8; ++k)
		{
			npSupportPoint3 p = npSupportPair3(pair, dirs[k]);
			npVec3 r = v3Sub(p.w, s[0].w);
			double d = v3Length(v3Sub(r, v3Scale(v3Dot(r, e), e)));
			if (d > best)
			{
				best = d;
				s[2] = p;
				found = true;
			}
		}
		if (!found)
		{
			*flatNormal = t1;
			return EPA_LINE;
		}
		count = 3;
	}
	if (count == 3)
	{
		npVec3 n = v3Normalize(v3Cross(v3Sub(s[1].w, s[0].w), v3Sub(s[2].w, s[0].w)));
		npSupportPoint3 up = npSupportPair3(pair, n), down = npSupportPair3(pair, v3Neg(n));
		double du = v3Dot(v3Sub(up.w, s[0].w), n), dd = -v3Dot(v3Sub(down.w, s[0].w), n);
		if (!(du > tol) && !(dd > tol))
		{
			*flatNormal = n;
			return EPA_FLAT;
		}
		s[3] = du >= dd ? up : down;
	}
	return EPA_SOLID;
}

// Normal orientation for the flat / line cases: from A's centre toward B's, else a fixed sign.
static npVec3 orientFlat(const npPair3* pair, npVec3 n)
{
	npVec3 ca = v3(0.0, 0.0, 0.0), cb = v3(0.0, 0.0, 0.0);
	if (pair->shapeA->type == NP_SHAPE_HULL3)
		ca = pair->shapeA->hull->centroid;
	else if (pair->shapeA->type == NP_SHAPE_TRIANGLE3)
		ca = v3Scale(1.0 / 3.0, v3Add(pair->shapeA->triangle[0], v3Add(pair->shapeA->triangle[1], pair->shapeA->triangle[2])));
	if (pair->shapeB->type == NP_SHAPE_HULL3)
		cb = pair->shapeB->hull->centroid;
	else if (pair->shapeB->type == NP_SHAPE_TRIANGLE3)
		cb = v3Scale(1.0 / 3.0, v3Add(pair->shapeB->triangle[0], v3Add(pair->shapeB->triangle[1], pair->shapeB->triangle[2])));
	double s = v3Dot(n, v3Sub(npPairPointB(pair, cb), ca));
	if (s == 0.0)
	{
		// Largest component positive (ties: x before y before z).
		double ax = fabs(n.x), ay = fabs(n.y), az = fabs(n.z);
		s = (ax >= ay && ax >= az) ? n.x : (ay >= az ? n.y : n.z);
	}
	return s < 0.0 ? v3Neg(n) : n;
}

// Whether a core is a point: one vertex, or a segment within rounding of a point next to its
// radius and position (a capsule 1.5e-303 long, radius 2.7, whose GJK ended at once with a scale
// of 1e-300).
static bool pointLike(const npPolyhedron3* p, npVec3 first, npVec3 second, double radius)
{
	return p->vertexCount == 1 ||
		   (p->vertexCount == 2 && v3MaxAbs(v3Sub(second, first)) <= 1.0e-12 * (radius + v3MaxAbs(first)));
}

// A point core's witness is the point itself, and the other core's witness its image along the
// normal at the core depth. The witnesses come from weights applied to the cores' points (GJK's
// simplex, EPA's last face), good to their rounding, and on a sliver 1e9 long that rounding put a
// ball's witness at the sliver's far end, 1e9 off the ball (fuzz_pairs3d's check that witness
// points lie on their shapes: 10 corpus inputs, balls and capsules 1e-303 long). Applied only where
// a witness is that far off (more than 1e-9 of the scale from the point), so that ordinary answers
// keep their bits.
static void pointCoreWitnesses(const npPair3* pair, double scale, const double radius[2], npVec3 normal,
							   double coreDepth, npVec3* pointA, npVec3* pointB)
{
	const npPolyhedron3* a = &pair->polyA;
	const npPolyhedron3* b = &pair->polyB;
	if (a->vertexCount > 2 && b->vertexCount > 2)
		return; // polyhedra: no point cores
	npVec3 a0 = a->vertices[0];
	if (pointLike(a, a0, a->vertices[a->vertexCount > 1 ? 1 : 0], radius[0]))
	{
		if (v3MaxAbs(v3Sub(*pointA, a0)) > 1.0e-9 * np3Max(scale, radius[0] + v3MaxAbs(a0)))
		{
			*pointA = a0;
			*pointB = v3MulAdd(a0, -coreDepth, normal);
		}
		return;
	}
	npVec3 b0 = npPairVertexB(pair, 0);
	if (pointLike(b, b0, npPairVertexB(pair, b->vertexCount > 1 ? 1 : 0), radius[1]))
	{
		if (v3MaxAbs(v3Sub(*pointB, b0)) > 1.0e-9 * np3Max(scale, radius[1] + v3MaxAbs(b0)))
		{
			*pointB = b0;
			*pointA = v3MulAdd(b0, coreDepth, normal);
		}
	}
}

// The point of a polyhedron's support feature along `dir` (its vertex, edge or face farthest along
// it; vertices within `tol` of the farthest count) nearest to w, a point on the support plane, in
// the polyhedron's own frame: w itself when it lies on the face.
NP_COLD __attribute__((noinline)) static npVec3 nearestOnSupportFeature(const npPolyhedron3* poly, npVec3 dir, npVec3 w, double tol)
{
	const npVec3* v = poly->vertices;
	int best = 0;
	for (int i = 1; i < poly->vertexCount; ++i)
		if (v3Dot(v[i], dir) > v3Dot(v[best], dir))
			best = i;
	double top = v3Dot(v[best], dir);
	int count = 0, ends[2] = { best, best };
	for (int i = 0; i < poly->vertexCount; ++i)
	{
		if (v3Dot(v[i], dir) < top - tol)
			continue;
		if (count < 2)
			ends[count] = i;
		count += 1;
	}
	if (count == 1)
		return v[best];
	if (count == 2 || poly->faceCount == 0)
		return npClosestOnSegment3(v[ends[0]], v[ends[1]], w);

	// A face: the one facing `dir` most. Inside all its edges, w stays (on the support plane, not
	// moved onto the face's: s = 0); else the nearest point of an edge it is outside of.
	int face = 0;
	for (int f = 1; f < poly->faceCount; ++f)
		if (v3Dot(poly->planes[f].normal, dir) > v3Dot(poly->planes[face].normal, dir))
			face = f;
	const ClipShape shape = { poly, poly->vertices, poly->planes, NULL, false };
	return npClosestOnFace3(&shape, face, w, 0.0);
}

// Moves EPA's witnesses along the final normal onto each shape's support plane. A witness that moves
// far (the polish turned the normal well away from EPA's) can land beside the support feature, off
// its shape: a box across a flat triangle 0.09 wide, EPA's normal 68 degrees from the polish's +x,
// had B's witness moved 0.0188 onto the plane x = 0, 0.0012 off the triangle (fuzz_casts3d). Such
// a witness is replaced by the nearest point of the feature, still on the plane, so depth =
// dot(pointA - pointB, normal) holds as before; witnesses that move by rounding keep their bits.
static void moveWitnesses(const npPair3* pair, npVec3 normal, int supportA, int supportB, double scale, npVec3* pointA,
						  npVec3* pointB)
{
	double slack = NP_EPA3_WITNESS_SLACK * scale, tol = 1.0e-12 * scale;
	double moveA = v3Dot(v3Sub(pair->polyA.vertices[supportA], *pointA), normal);
	double moveB = v3Dot(v3Sub(npPairVertexB(pair, supportB), *pointB), normal);
	*pointA = v3MulAdd(*pointA, moveA, normal);
	*pointB = v3MulAdd(*pointB, moveB, normal);
	if (fabs(moveA) > slack)
		*pointA = nearestOnSupportFeature(&pair->polyA, normal, *pointA, tol);
	if (fabs(moveB) > slack)
	{
		npVec3 local = npPairDirToB(pair, v3Sub(*pointB, pair->xfB.p));
		*pointB = npPairPointB(pair, nearestOnSupportFeature(&pair->polyB, npPairDirToB(pair, v3Neg(normal)), local, tol));
	}
}

static npPenetrationResult3 penetrationOf(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
										  npTransform3 xfB)
{
	npPenetrationResult3 out = { 0 };
	npPair3 pair;
	npMakePair3(&pair, shapeA, xfA, shapeB, xfB);
	double rA = shapeA->radius, rB = shapeB->radius;
	npGjkResult3 gjk;
	npGjk3(&pair, rA + rB, &gjk);
	if (gjk.early)
		return out;

	double tol = NP_REL_TOLERANCE3 * gjk.scale;
	npVec3 normal, pointA, pointB;
	double coreDepth;
	npEpaStop3 stop;
	int iterations = 0;

	if (!gjk.overlap)
	{
		// Cores apart: only the roundings can overlap; closed form along the closest points.
		if (gjk.distance > rA + rB || gjk.distance == 0.0)
			return out;
		// The closest features' normal (gjk3d.c), unit for subnormal gaps too. Where GJK doubts it
		// (a sliver or a needle, whose closest points are good to their weights' rounding), the
		// rival is taken if the cores overlap less along it (one support query each): a sphere
		// whose centre is a vertex of a sliver hull 1.4e-6 wide got the direction to a point 3e-12
		// away, along which the hull reached 0.218 past the centre (fuzz_pairs3d).
		npVec3 rival = v3(0.0, 0.0, 0.0), gap = v3Sub(gjk.pointB, gjk.pointA);
		normal = npSimplexNormalRival3(gjk.simplex, gjk.count, gap, &rival, false);
		coreDepth = -gjk.distance;
		if ((rival.x != 0.0 || rival.y != 0.0 || rival.z != 0.0) && npOverlapsLessAlong3(&pair, rival, normal))
		{
			normal = rival;
			coreDepth = -v3Dot(gap, normal); // the gap's part along the rival: depth = dot(pointA - pointB, normal)
		}
		pointA = gjk.pointA;
		pointB = gjk.pointB;
		// The planes through the points must bound the cores along the normal (one support query).
		// A gap at GJK's rounding on a needle (a ball 0.0057 from a vertex of a hull 1e9 long, by
		// GJK) has no direction: the hull reached 14.4 past the ball's centre along it. Then the
		// cores touch within rounding, and the smallest overlap over every separating axis decides.
		int ia, ib;
		double along = v3Dot(npSupportIndices3(&pair, normal, &ia, &ib), normal);
		if (along > coreDepth + 1.0e-9 * gjk.scale)
		{
			polishAxis found = npEpaEveryAxis3(&pair, (polishAxis){ normal, along, ia, ib }, false);
			normal = found.axis;
			coreDepth = found.depth;
			pointB = npPairVertexB(&pair, found.indexB);
			pointA = pair.polyA.vertices[found.indexA]; // both supports (B's image on A's plane can lie off A)
		}
		stop = NP_EPA3_CORES_SEPARATED;
	}
	else
	{
		npSupportPoint3* s = gjk.simplex; // blown up in place
		npVec3 flatNormal = v3(0.0, 1.0, 0.0);
		epaShape kind = blowUp(&pair, gjk.count, tol, s, &flatNormal);
		if (kind != EPA_SOLID)
		{
			// Point, segment or flat Minkowski difference of the cores: core depth 0.
			normal = kind == EPA_POINT ? v3(0.0, 1.0, 0.0) : orientFlat(&pair, flatNormal);
			pointA = gjk.pointA;
			pointB = gjk.pointA;
			coreDepth = 0.0;
			stop = NP_EPA3_FLAT;
		}
		else
		{
			epaOutcome epa;
			npEpaRun3(&pair, s, gjk.scale, &epa);
			stop = epa.stop;
			iterations = epa.iterations;
			// Witness points: the closest point of the final face to the origin, its barycentric
			// weights applied to A's and B's points.
			npSupportPoint3 t[3];
			for (int i = 0; i < 3; ++i)
			{
				t[i].w = epa.w[i];
				t[i].wA = pair.polyA.vertices[epa.indexA[i]];
				t[i].wB = npPairVertexB(&pair, epa.indexB[i]);
				t[i].indexA = epa.indexA[i];
				t[i].indexB = epa.indexB[i];
			}
			double w[3] = { 0.0, 0.0, 0.0 };
			int kept = npClosestOnTriangle3(t, w);
			pointA = v3(0.0, 0.0, 0.0);
			pointB = v3(0.0, 0.0, 0.0);
			for (int i = 0; i < kept; ++i)
			{
				pointA = v3MulAdd(pointA, w[i], t[i].wA);
				pointB = v3MulAdd(pointB, w[i], t[i].wB);
			}
			normal = epa.normal;
			bool degenerate = epa.dist == DBL_MAX || v3LengthSq(normal) == 0.0;
			if (degenerate)
				normal = v3(0.0, 1.0, 0.0);
			// The EPA normal's exact overlap (support planes) is a candidate too; EPA's last support
			// query was along it when it converged.
			int supportA, supportB;
			npVec3 sw;
			if (epa.supportValid && !degenerate)
			{
				sw = epa.support;
				supportA = epa.supportA;
				supportB = epa.supportB;
			}
			else
				sw = npSupportIndices3(&pair, normal, &supportA, &supportB);
			coreDepth = v3Dot(sw, normal);
			if (pair.polyA.halfEdgeCount > 0 || pair.polyB.halfEdgeCount > 0)
			{
				polishAxis found = npEpaPolish3(&pair, (polishAxis){ normal, coreDepth, supportA, supportB }, epa.indexA,
										  epa.indexB, stop != NP_EPA3_CONVERGED);
				// A hull with loose planes (npHull3.loosePlanes: quickhull kept a folded sliver face on
				// a needle 1e9 long) misleads the polish, which reads face planes and arcs: a capsule
				// in such a needle got depth 6.51 where an axis separates with 4.56 (fuzz_pairs3d).
				bool loose = npLooseHull3(shapeA) || npLooseHull3(shapeB);
				if (epa.inconsistent || loose)
					found = npEpaEveryAxis3(&pair, found, loose);
				normal = found.axis;
				coreDepth = found.depth;
				supportA = found.indexA;
				supportB = found.indexB;
			}
			moveWitnesses(&pair, normal, supportA, supportB, gjk.scale, &pointA, &pointB);
			// Witnesses that disagree with the depth mean a plane that does not hold its face's
			// corners (a sliver face of a huge hull): the answer is taken again from support queries
			// over every face normal, at both shapes' deepest vertices along it.
			if (!(fabs(v3Dot(v3Sub(pointA, pointB), normal) - coreDepth) <= NP_EPA3_WITNESS_SLACK * gjk.scale))
			{
				polishAxis found = npEpaEveryFace3(&pair, (polishAxis){ normal, coreDepth, supportA, supportB });
				normal = found.axis;
				coreDepth = found.depth;
				pointB = npPairVertexB(&pair, found.indexB);
				pointA = pair.polyA.vertices[found.indexA];
			}
			if (coreDepth < 0.0)
				coreDepth = 0.0;
		}
		const double radius[2] = { rA, rB };
		pointCoreWitnesses(&pair, gjk.scale, radius, normal, coreDepth, &pointA, &pointB);
	}

	out.overlapping = true;
	out.depth = np3Max(coreDepth + rA + rB, 0.0); // not below 0 at a touch (epa2d.c says why)
	pointA = v3MulAdd(pointA, rA, normal);
	pointB = v3MulAdd(pointB, -rB, normal);
	out.normal = npRotate3(xfA.q, normal);
	out.pointA = npTransformPoint3(xfA, pointA);
	out.pointB = npTransformPoint3(xfA, pointB);
	out.localA = pointA;
	out.localB = npInvRotate3(pair.xfB.q, v3Sub(pointB, pair.xfB.p));
	npMakeTangents3(out.normal, &out.tangent1, &out.tangent2);
	out.iterations = iterations;
	out.stop = stop;
	return out;
}

// Tiny pairs (tiny3d.h, as npDistance3): shapes and offset all below 2^-100 run scaled by steps of
// 2^100 and the depth and points are scaled back (normal and tangents unchanged).
NP_COLD __attribute__((noinline)) static npPenetrationResult3 penetrationTiny(const npShape3* shapeA, npTransform3 xfA,
																			 const npShape3* shapeB, npTransform3 xfB,
																			 int up)
{
	npTinyPair3 t;
	npMakeTinyPair3(shapeA, xfA, shapeB, xfB, up, &t);
	npPenetrationResult3 out = penetrationOf(&t.a, t.xfA, &t.b, t.xfB);
	out.depth = npTimesPow100(out.depth, -up);
	out.pointA = npUnscaleTinyPoint3(out.pointA, up, xfA.p);
	out.pointB = npUnscaleTinyPoint3(out.pointB, up, xfA.p);
	out.localA = v3TimesPow100(out.localA, -up);
	out.localB = v3TimesPow100(out.localB, -up);
	return out;
}

npPenetrationResult3 npPenetration3(const npShape3* shapeA, npTransform3 xfA, const npShape3* shapeB,
									npTransform3 xfB)
{
	int up = npPairTinyUp3(shapeA, xfA, shapeB, xfB);
	if (up > 0)
		return penetrationTiny(shapeA, xfA, shapeB, xfB, up);
	return penetrationOf(shapeA, xfA, shapeB, xfB);
}
