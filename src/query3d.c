// Queries on one 3D shape: ray casts and bounds (containment and closest points: pointquery3d.c).
//
// Every query runs in the shape's local frame: the ray or point is moved there once, and results
// are moved back. A shape is a core (a point, a segment, a box, a hull or a triangle) grown by a
// radius (spheres and capsules only).
//
// Ray casts (npRayCast3 for one ray; npRayCastMany3 checks and prepares the shape once for a batch
// and then runs the same per-ray code, so a batch answers bit for bit as single calls do). The ray
// is turned into the shape's frame by the rotation as a 3x3 matrix made once per target (the exact
// linear map of the quaternion rotation, half its flops per vector); a sphere, which every rotation
// leaves alone, is cast in world space without one. The per-ray code avoids choosing between
// doubles on outcomes that vary from ray to ray (V8 compiles a wasm f64 select with a branch, which
// such outcomes mispredict): box slabs keep their interval's ends as integer keys that order as the
// doubles do (rayclip.h), and a box's normal is looked up by face index.
//
//  - Boxes and hulls clip the ray against each face's half-space (Cyrus and Beck, 1978): entering
//    planes raise the lower end of the ray's interval, leaving ones lower its upper end; the face
//    that raised the lower end last is the one hit. Its planes were built with the shape, so a ray
//    costs one pass over the faces. A box does it as three slabs (the same numbers as its six
//    planes, without branches per plane). A hull (hullray3d.c) first tests the ray against the ball
//    around its vertices kept with the hull (rays that miss it skip the faces), then proves most
//    answers from a few faces (a walk from a face found in a table made with the hull), and clips
//    the rest, skipping without dividing the faces that cannot move an end of the interval. Each
//    shortcut is exact: the answer is the plain clip's, bit for bit.
//  - Triangles and flat hulls are two-sided polygons without an inside. The ray meets the polygon's
//    plane at one t and the point is tested against the polygon's edges; a ray lying in the plane
//    is clipped against the edges' in-plane half-planes instead, so it hits the polygon on an edge.
//  - Spheres and capsules: a capsule is the union of the spheres around its segment's ends and the
//    cylinder between them; each piece lies inside the capsule and together they cover its surface,
//    so the ray enters where it first meets any piece and leaves where it last leaves one. Every
//    piece is solved in closed form, about the ray's closest approach (which keeps its precision for
//    rays that start far from a small shape).
// Tiny queries (as in query2d.c, with tiny.h's steps): below 2^-400 the squares that the pieces
// compare leave the normal range (a sphere of radius 1e-300 has r * r = 0; a direction 1.5e-154 long
// overflows h / |d|^2), so a ray on a tiny sphere or capsule, or with a tiny direction, is cast with
// everything scaled by exact powers of two (the same points, scaled) and its fraction scaled back;
// ordinary rays never take that path.
#include "query3d_private.h"
#include "ray3d_private.h"
#include "rayclip.h"
#include "gjk3d.h"
#include "polyhedron3d.h"
#include "vec3.h"

#include <float.h>
#include <stddef.h>

npRayInput3 npMakeRayInput3(npVec3 origin, npVec3 direction)
{
	return (npRayInput3){ origin, direction, 1.0, true };
}

// ---------------------------------------------------------------- rays

/// A box by slabs: the clip of raySolidPolyhedron over the box's six planes, worked out per axis.
/// For the plane (-1, 0, 0; h) the clip's two dot products are h + o.x and -d.x, exactly the values
/// the general loop computes (the zero terms add nothing, and h - (-o) rounds as h + o); along an
/// axis the ray moves on, one of the two planes is entered and the other left, and entering and
/// leaving planes update separate ends of the interval, so taking the axes in order gives the
/// general loop's answer bit for bit (its early exit on an empty interval only saves work: the
/// interval never grows again). Written without per-plane branches, which the slabs' random
/// outcomes would mispredict. `normals` are the faces' world normals (RayTarget3's boxNormals: no
/// rotation per hit).
static void rayBox(npVec3 h, const npVec3 normals[8], const npLocalRay3* ray, npRayHit3* hit)
{
	const double o[3] = { ray->origin.x, ray->origin.y, ray->origin.z };
	const double d[3] = { ray->direction.x, ray->direction.y, ray->direction.z };
	const double e[3] = { h.x, h.y, h.z };
	npRayClip clip = npBeginRayClip(ray->maxFraction);
	int blocked = 0, in = 1;
	for (int k = 0; k < 3; ++k)
	{
		double below = e[k] + o[k], above = e[k] - o[k]; // how far inside planes 2k (-axis) and 2k + 1 (+axis)
		int inSlab = (below >= 0.0) & (above >= 0.0);
		in &= inSlab;
		int still = d[k] == 0.0;
		blocked |= still & !inSlab;
		double step = still ? 1.0 : d[k];
		double tBelow = below / -step, tAbove = above / step;
		bool up = d[k] > 0.0; // moving up the axis: in through the -axis face, out through the +axis face
		double tEnter = still ? -1.0 : (up ? tBelow : tAbove);
		double tLeave = still ? clip.upper : (up ? tAbove : tBelow);
		bool raise = tEnter > clip.lower, cut = tLeave < clip.upper;
		clip.lower = raise ? tEnter : clip.lower;
		clip.enter = raise ? 2 * k + (up ? 0 : 1) : clip.enter;
		clip.upper = cut ? tLeave : clip.upper;
		clip.leave = cut ? 2 * k + (up ? 1 : 0) : clip.leave;
	}
	clip.inside = in != 0;
	if (blocked || clip.upper < clip.lower)
		return;
	finishClip(&clip, ray, normals[clip.enter & 7], normals[clip.leave & 7], hit);
}

/// The clip of rayBoxMoving with its ends as npClipKey integers: V8 compiles a wasm f64 select (and
/// f64.min / f64.max) on x64 with a branch, which the slabs' random outcomes mispredict; integer
/// selects become conditional moves.
typedef struct KeyClip
{
	int64_t lower, upper;
	int enter, leave;
	bool inside;
} KeyClip;

/// One slab of rayBoxMoving: axis k, half extent e, the ray's o and d (d != 0) along the axis.
__attribute__((always_inline)) static inline void clipSlab(KeyClip* clip, int k, double e, double o, double d)
{
	double below = e + o, above = e - o;
	clip->inside = clip->inside & (below >= 0.0) & (above >= 0.0);
	int64_t kBelow = npClipKey(below / -d), kAbove = npClipKey(above / d);
	bool up = d > 0.0;
	// Moving up the axis, tBelow <= tAbove (-(e + o) <= e - o, and rounding and dividing by d > 0
	// keep the order); moving down, the reverse. So the entry is the smaller quotient and the exit
	// the larger, whatever the sign of d: the same numbers as choosing by it.
	bool ordered = kBelow < kAbove;
	int64_t kEnter = ordered ? kBelow : kAbove, kLeave = ordered ? kAbove : kBelow;
	bool raise = kEnter > clip->lower, cut = kLeave < clip->upper;
	clip->lower = raise ? kEnter : clip->lower;
	clip->enter = raise ? 2 * k + !up : clip->enter;
	clip->upper = cut ? kLeave : clip->upper;
	clip->leave = cut ? 2 * k + up : clip->leave;
}

/// rayBox for a direction without zero components (almost every ray): the same quotients and the
/// same comparisons in the same order (on npClipKey integers, which order as the quotients do), so
/// the same answer bit for bit, without the guards for a ray that does not move along an axis. An
/// end read back is the quotient + 0: the same, as a leaving quotient is never -0 (it is the
/// larger of the two, and they are not both zero) and an entering -0 never raises the lower end.
__attribute__((always_inline)) static inline void rayBoxMoving(npVec3 h, const npVec3 normals[8],
															  const npLocalRay3* ray, npRayHit3* hit)
{
	KeyClip keys = { npClipKey(0.0), npClipKey(ray->maxFraction), -1, -1, true };
	clipSlab(&keys, 0, h.x, ray->origin.x, ray->direction.x);
	clipSlab(&keys, 1, h.y, ray->origin.y, ray->direction.y);
	clipSlab(&keys, 2, h.z, ray->origin.z, ray->direction.z);
	if (keys.upper < keys.lower)
		return;
	npRayClip clip = { npClipKeyValue(keys.lower), npClipKeyValue(keys.upper), keys.enter, keys.leave, keys.inside };
	if (keys.leave < 0)
		clip.upper = ray->maxFraction; // (its own bits: maxFraction may be -0)
	finishClip(&clip, ray, normals[clip.enter & 7], normals[clip.leave & 7], hit);
}

/// True when the ray's segment t in [0, maxFraction] stays farther than `reach` from the local
/// origin. The closest approach is computed with rounding; the margin (a millionth of a part in a
/// thousand of the reach, plus 1e-12 of the coordinates' size) is far above it, so a ray rejected
/// here cannot meet a shape whose vertices all lie within `reach`: the test only saves work.
__attribute__((always_inline)) static inline bool missesBall(const npLocalRay3* ray, double reach)
{
	npVec3 o = ray->origin, d = ray->direction;
	double s = -v3Dot(o, d) / v3Dot(d, d);
	s = s > 0.0 ? (s < ray->maxFraction ? s : ray->maxFraction) : 0.0;
	double r = reach + 1e-12 * (v3MaxAbsBits(o) + s * v3MaxAbsBits(d));
	return v3LengthSq(v3MulAdd(o, s, d)) > r * r;
}

/// A flat polygon (triangle, flat hull): its vertices in order around face 0, seen from its normal.
typedef struct FlatPolygon
{
	int count;
	npVec3 normal;
	double offset;
	npVec3 vertices[NP_MAX_HULL_VERTICES];
} FlatPolygon;

static void makeFlatPolygon(const npPolyhedron3* poly, FlatPolygon* out)
{
	out->normal = poly->planes[0].normal;
	out->offset = poly->planes[0].offset;
	out->count = 0;
	int start = poly->faceEdge[0], e = start;
	do
	{
		out->vertices[out->count++] = poly->vertices[poly->halfEdges[e].origin];
		e = poly->halfEdges[e].next;
	} while (e != start && out->count < NP_MAX_HULL_VERTICES);
}

/// Outward normal, in the polygon's plane, of edge i (not unit).
static npVec3 edgeNormal(const FlatPolygon* f, int i)
{
	npVec3 a = f->vertices[i], b = f->vertices[i + 1 == f->count ? 0 : i + 1];
	return v3Cross(v3Sub(b, a), f->normal);
}

static bool onPolygon(const FlatPolygon* f, npVec3 q)
{
	for (int i = 0; i < f->count; ++i)
		if (v3Dot(edgeNormal(f, i), v3Sub(q, f->vertices[i])) > 0.0)
			return false;
	return true;
}

/// A ray lying in the polygon's plane: clipped by the edges' in-plane half-planes.
static void rayInPlane(const FlatPolygon* f, const npLocalRay3* ray, npRayHit3* hit)
{
	npRayClip clip = npBeginRayClip(ray->maxFraction);
	for (int i = 0; i < f->count; ++i)
	{
		npVec3 m = edgeNormal(f, i);
		if (!npClipRay(&clip, i, v3Dot(m, v3Sub(f->vertices[i], ray->origin)), v3Dot(m, ray->direction)))
			return;
	}
	npVec3 none = { 0.0, 0.0, 0.0 };
	finishClip(&clip, ray, clip.enter >= 0 ? v3Normalize(edgeNormal(f, clip.enter)) : none,
			   clip.leave >= 0 ? v3Normalize(edgeNormal(f, clip.leave)) : none, hit);
}

/// Two-sided flat polygon: the ray meets its plane once; a ray in the plane meets it on an edge.
static void rayFlat(const FlatPolygon* f, const npLocalRay3* ray, npRayHit3* hit)
{
	double num = f->offset - v3Dot(f->normal, ray->origin);
	double den = v3Dot(f->normal, ray->direction);
	if (den == 0.0)
	{
		if (num == 0.0)
			rayInPlane(f, ray, hit);
		return;
	}

	double t = num / den;
	if (!(t >= 0.0 && t <= ray->maxFraction))
		return;
	npVec3 q = v3MulAdd(ray->origin, t, ray->direction);
	if (!onPolygon(f, q))
		return;

	// The side the ray arrives from is the outside it meets; a ray starting on the polygon is inside it.
	npVec3 facing = den < 0.0 ? f->normal : v3Neg(f->normal);
	if (t > 0.0)
		finishHit(ray, t, facing, true, hit);
	else if (ray->solid)
		finishHit(ray, 0.0, v3(0.0, 0.0, 0.0), false, hit);
	else
		finishHit(ray, 0.0, facing, false, hit);
}

/// Entry and exit of the ray through one piece of a rounded shape. The outward normals there are
/// (t * d - m) normalised, computed only for the crossing chosen in the end.
typedef struct Span
{
	double enter, leave;
	npVec3 d, m; ///< the ray's direction and the piece's centre from the origin, in the solved components
	int up;      ///< m is scaled by 2^(500 up) (a tiny piece beside a large shape: solveRound)
} Span;

/// The outward normal at the span's point t: t d - m, normalised. On a piece whose radius is below the
/// rounding of t d and m (a sphere of radius 1e-300 ten units away: fuzz_rays3d found a zero normal,
/// then one facing away) that difference is rounding noise, and the direction's is taken instead:
/// -d where the ray enters, +d where it leaves (the normal of the point the ray passes through).
/// normalAt is its work from td = t d (scaled as m is), inlined into the sphere's path, where a call
/// to spanNormal passed the span through the stack in wasm memory.
__attribute__((always_inline)) static inline npVec3 normalAt(npVec3 td, npVec3 d, npVec3 m, bool leaving)
{
	npVec3 v = v3Sub(td, m);
	// (On bit patterns: the same numbers, without the branches V8 makes of double selects.)
	if (v3MaxAbsBits(v) <= 1e-14 * v3MaxAbs2Bits(td, m))
		return v3Normalize(leaving ? d : v3Neg(d));
	return v3Normalize(v);
}

static npVec3 spanNormal(const Span* span, double t, bool leaving)
{
	return normalAt(v3Scale(span->up != 0 ? npTimesPow500(t, span->up) : t, span->d), span->d, span->m, leaving);
}

/// solveRound for a piece whose radius is below NP_TINY, on a shape that is not tiny (a capsule 1.5
/// long and 1e-300 thick, a ray from its axis: fuzz_rays3d): r * r underflowed, and the ray left at
/// fraction 0 through the normal of its origin's offset, facing along the ray. When the centre (seen
/// from the origin) is tiny too, m and r are scaled by exact steps of 2^500 (the roots scale with
/// them) and the roots scaled back; spanNormal reads m at that scale. (A large centre is left as it
/// is: the radius is then below the rounding of the points.)
__attribute__((noinline)) static bool solveTinyPiece(npVec3 d, npVec3 m, double r, double lenSq, Span* span)
{
	int up = npStepsUp(np3Max(r, v3MaxAbs(m)));
	m = v3TimesPow500(m, up);
	r = npTimesPow500(r, up);
	double s = v3Dot(m, d) / lenSq;
	double h = r * r - v3DistanceSq(m, v3Scale(s, d));
	if (h < 0.0)
		return false;
	double half = sqrt(h / lenSq);
	*span = (Span){ npTimesPow500(s - half, -up), npTimesPow500(s + half, -up), d, m, up };
	return true;
}

/// The two roots of |p(t) - axis point|^2 = r^2 in the components `keep` selects, solved about the
/// ray's closest approach: for a sphere all three components, for the cylinder x and z.
static bool solveRound(const npLocalRay3* ray, npVec3 c, double r, npVec3 keep, Span* span)
{
	npVec3 d = { ray->direction.x * keep.x, ray->direction.y * keep.y, ray->direction.z * keep.z };
	npVec3 m = { (c.x - ray->origin.x) * keep.x, (c.y - ray->origin.y) * keep.y, (c.z - ray->origin.z) * keep.z };
	double lenSq = v3Dot(d, d);
	if (lenSq == 0.0)
		return false;
	if (r < NP_TINY)
		return solveTinyPiece(d, m, r, lenSq, span);
	double s = v3Dot(m, d) / lenSq;
	double h = r * r - v3DistanceSq(m, v3Scale(s, d));
	if (h < 0.0)
		return false;

	double half = sqrt(h / lenSq);
	span->enter = s - half;
	span->leave = s + half;
	span->d = d;
	span->m = m;
	span->up = 0;
	return true;
}

typedef struct PieceChoice
{
	bool leaving; ///< the origin is inside: look for the exit
	bool found;
	double t;
	Span span;    ///< the chosen piece
} PieceChoice;

static void offerSpan(PieceChoice* c, const Span* span)
{
	if (span->leave < 0.0)
		return;
	double t = c->leaving ? span->leave : np3Max(span->enter, 0.0);
	if (!c->found || (c->leaving ? t > c->t : t < c->t))
	{
		c->found = true;
		c->t = t;
		c->span = *span;
	}
}

/// Sphere or capsule: end spheres and the cylinder between them.
static void rayRounded(const npShape3* s, const npLocalRay3* ray, bool inside, npRayHit3* hit)
{
	PieceChoice choice = { inside, false, 0.0, { 0 } };
	double h = s->type == NP_SHAPE_CAPSULE3 ? s->halfHeight : 0.0;
	Span span;
	if (solveRound(ray, v3(0.0, -h, 0.0), s->radius, v3(1.0, 1.0, 1.0), &span))
		offerSpan(&choice, &span);
	if (h > 0.0 && solveRound(ray, v3(0.0, h, 0.0), s->radius, v3(1.0, 1.0, 1.0), &span))
		offerSpan(&choice, &span);

	// The cylinder's side counts where the crossing lies between the two ends: its entry for a ray
	// from outside, its exit for a ray from inside.
	if (h > 0.0 && solveRound(ray, v3(0.0, 0.0, 0.0), s->radius, v3(1.0, 0.0, 1.0), &span))
	{
		double y = ray->origin.y + (inside ? span.leave : span.enter) * ray->direction.y;
		// An entry behind the origin only counts when the origin itself is between the ends (then
		// it is on the surface, outside only by rounding).
		bool behind = !inside && span.enter < 0.0 && !(ray->origin.y >= -h && ray->origin.y <= h);
		if (y >= -h && y <= h && !behind)
			offerSpan(&choice, &span);
	}

	if (!choice.found || choice.t > ray->maxFraction)
		return;
	npVec3 n = inside ? v3Neg(spanNormal(&choice.span, choice.span.leave, true))
					  : spanNormal(&choice.span, choice.span.enter, false);
	// A normal facing along the ray is rounding noise (a capsule of radius 4.9e-324 left from its
	// axis, where spanNormal's own guard underflows: fuzz_rays3d): the ray's reverse direction
	// instead, as spanNormal takes it.
	if (v3Dot(n, ray->direction) > 0.0)
		n = v3Normalize(v3Neg(ray->direction));
	finishHit(ray, choice.t, n, !inside, hit);
}

/// A ray at a sphere or capsule in its frame: a solid origin inside hits at 0.
static void castRoundedLocal(const npShape3* s, const npLocalRay3* ray, npRayHit3* hit)
{
	bool inside = npContainsRounded3(s, ray->origin);
	if (inside && ray->solid)
		finishHit(ray, 0.0, v3(0.0, 0.0, 0.0), false, hit);
	else
		rayRounded(s, ray, inside, hit);
}

/// A sphere or capsule with a radius below NP_TINY, or a direction whose square is below NP_TINY^2.
/// The pieces' squares underflow or their quotients overflow: a ray 1.5e-154 long heading away from
/// a sphere of radius 3.2 hit it at fraction 0 (h / |d|^2 was infinite), and a sphere of radius
/// 1e-300 counted an origin 1e-300 outside as inside. Such a ray is cast scaled, as in 2D: the
/// origin, the core and the radius by one power of two when they are all tiny (the same points,
/// scaled, so the same hits), the direction by another, maxFraction by their ratio; the fraction is
/// scaled back. A shape that stays large (a capsule 1 long and 1e-300 thick) is not scaled: its
/// rounding is below the rounding of its points (spanNormal guards its normals).
__attribute__((noinline)) static void rayRoundedTiny(const npShape3* s, const npLocalRay3* ray, npRayHit3* hit)
{
	int up = npTinySteps3(s, ray->origin), dirUp = npStepsUp(v3MaxAbs(ray->direction));
	npShape3 scaled = npScaleTinyShape3(s, up);
	npLocalRay3 local = { v3TimesPow500(ray->origin, up), v3TimesPow500(ray->direction, dirUp),
					   npTimesPow500(ray->maxFraction, up - dirUp), ray->solid };
	castRoundedLocal(&scaled, &local, hit);
	if (hit->hit)
		hit->fraction = np3Min(npTimesPow500(hit->fraction, dirUp - up), ray->maxFraction);
}

/// A sphere in world space: it looks the same from every rotation, so the ray is not turned into
/// its frame. The roots come from the centre seen from the origin, m = centre - origin, as
/// solveRound solves them, and the normal (t d - m) normalised is already the world's.
static void raySphereWorld(npVec3 centre, double radius, const npRayInput3* ray, npRayHit3* hit)
{
	npLocalRay3 world = { ray->origin, ray->direction, ray->maxFraction, ray->solid };
	npVec3 d = ray->direction, m = v3Sub(centre, ray->origin);
	bool inside = v3LengthSq(m) <= radius * radius;
	if (inside && ray->solid)
	{
		finishHit(&world, 0.0, v3(0.0, 0.0, 0.0), false, hit);
		return;
	}

	double lenSq = v3Dot(d, d);
	if (lenSq == 0.0)
		return;
	double s = v3Dot(m, d) / lenSq;
	double h = radius * radius - v3DistanceSq(m, v3Scale(s, d));
	if (h < 0.0)
		return;
	double half = sqrt(h / lenSq);
	double enter = s - half, leave = s + half;
	if (leave < 0.0)
		return;
	double t = inside ? leave : np3Max(enter, 0.0);
	if (t > ray->maxFraction)
		return;
	// spanNormal's numbers (at scale 0), inlined.
	if (inside)
		finishHit(&world, t, v3Neg(normalAt(v3Scale(leave, d), d, m, true)), false, hit);
	else
		finishHit(&world, t, normalAt(v3Scale(enter, d), d, m, false), true, hit);
}

/// A shape and transform checked and prepared for casting rays: what does not depend on the ray.
typedef struct RayTarget3
{
	const npShape3* shape;
	npTransform3 transform;
	npMat3 rotation;    ///< the transform's rotation as a matrix (not spheres): 15 flops per vector, not 30
	npVec3 boxNormals[8]; ///< boxes: the faces' world normals (-x, +x, -y, +y, -z, +z), then zeros: read at f & 7 (f = -1: none)
	bool solidHull;     ///< hulls but flat ones (flat needles too): cast by npRayHullLocal3
	/// hulls and triangles: a radius about the local origin holding every vertex (rays that miss it
	/// skip the faces); DBL_MAX: not computed
	double reach;
	FlatPolygon flat;   ///< triangles and flat hulls: the polygon
} RayTarget3;

/// `many`: the target will serve many rays (worth preparing a triangle's bounding ball; a hull keeps
/// its own).
static npResult prepareRayTarget(const npShape3* shape, npTransform3 transform, bool many, RayTarget3* target)
{
	npResult r = npCheckQueryShape3(shape, transform);
	if (r != NP_OK)
		return r;
	target->shape = shape;
	target->transform = transform;
	if (shape->type == NP_SHAPE_SPHERE)
		return NP_OK;
	target->rotation = npQuatToMat3(transform.q);
	if (shape->type == NP_SHAPE_BOX3)
	{
		// Looked up by face index, not chosen by selects (which V8 compiles to branches on doubles).
		const npMat3* m = &target->rotation;
		npVec3 axes[3] = { m->cx, m->cy, m->cz }, zero = { 0.0, 0.0, 0.0 };
		for (int k = 0; k < 3; ++k)
		{
			target->boxNormals[2 * k] = v3Neg(axes[k]);
			target->boxNormals[2 * k + 1] = axes[k];
		}
		target->boxNormals[6] = target->boxNormals[7] = zero;
		return NP_OK;
	}
	if (shape->type == NP_SHAPE_HULL3)
	{
		// Hulls keep the ball about their vertices from their creation: single calls test it too.
		target->reach = shape->hull->reach;
		target->solidHull = !shape->hull->flat || shape->hull->rayByVertices;
		if (target->solidHull)
			return NP_OK; // hullray3d.c casts from the hull's own data: no polyhedron view
	}
	if (shape->type == NP_SHAPE_HULL3 || shape->type == NP_SHAPE_TRIANGLE3)
	{
		npPolyhedron3 poly;
		npMakePolyhedron3(shape, &poly);
		makeFlatPolygon(&poly, &target->flat);
		if (shape->type == NP_SHAPE_HULL3)
			return NP_OK;
		// A triangle's ball costs a pass over its vertices: it pays for itself over many rays, not for one.
		target->solidHull = false;
		target->reach = DBL_MAX;
		if (!many)
			return NP_OK;
		double reachSq = 0.0;
		for (int i = 0; i < poly.vertexCount; ++i)
			reachSq = np3Max(reachSq, v3LengthSq(poly.vertices[i]));
		target->reach = sqrt(reachSq) * (1.0 + 1e-9);
	}
	return NP_OK;
}

/// How a prepared target is cast in its frame: by slabs, by its faces, or by its rounded pieces.
typedef enum CastKind
{
	CAST_BOX,
	CAST_POLYHEDRON,
	CAST_SPHERE,
	CAST_ROUNDED
} CastKind;

static CastKind castKind(const npShape3* shape)
{
	switch (shape->type)
	{
		case NP_SHAPE_BOX3:
			return CAST_BOX;
		case NP_SHAPE_SPHERE:
			return CAST_SPHERE;
		case NP_SHAPE_HULL3:
		case NP_SHAPE_TRIANGLE3:
			return CAST_POLYHEDRON;
		default:
			return CAST_ROUNDED;
	}
}

/// The per-ray steps below are inlined into each batch loop with `kind` a constant, so each shape
/// kind gets its own small loop (wasm: no indirect call per ray, and V8 allocates registers for the
/// one kind's code only).
#define CAST_INLINE __attribute__((always_inline)) static inline

/// One checked ray against a prepared target (*hit cleared by the caller): moved into the shape's
/// frame (by the rotation matrix, transposed), cast there by the routine of `kind`, and the hit moved
/// back. Spheres need no frame; a box's normal comes out in the world already.
CAST_INLINE void castPrepared(const RayTarget3* target, const npRayInput3* ray, npRayHit3* hit, CastKind kind)
{
	const npMat3* rotation = &target->rotation;
	npLocalRay3 local = { ray->origin, ray->direction, ray->maxFraction, ray->solid };
	if (kind != CAST_SPHERE)
	{
		local.origin = npMat3MulT(rotation, v3Sub(ray->origin, target->transform.p));
		local.direction = npMat3MulT(rotation, ray->direction);
	}
	if (kind == CAST_SPHERE)
	{
		// One branch keeps tiny spheres and directions off the fast path: they are cast scaled, in
		// the sphere's frame without rotation (the centre at the origin).
		if ((target->shape->radius < NP_TINY) | (v3LengthSq(ray->direction) < NP_TINY * NP_TINY))
		{
			npLocalRay3 centred = { v3Sub(ray->origin, target->transform.p), ray->direction, ray->maxFraction, ray->solid };
			rayRoundedTiny(target->shape, &centred, hit);
		}
		else
			raySphereWorld(target->transform.p, target->shape->radius, ray, hit);
	}
	else if (kind == CAST_BOX && local.direction.x != 0.0 && local.direction.y != 0.0 && local.direction.z != 0.0)
		rayBoxMoving(target->shape->halfExtents, target->boxNormals, &local, hit);
	else if (kind == CAST_BOX)
		rayBox(target->shape->halfExtents, target->boxNormals, &local, hit);
	else if (kind == CAST_POLYHEDRON)
	{
		if (target->reach < DBL_MAX && missesBall(&local, target->reach))
			return;
		if (target->solidHull)
			npRayHullLocal3(target->shape->hull, &local, hit);
		else
			rayFlat(&target->flat, &local, hit);
	}
	else if (target->shape->radius >= NP_TINY && v3LengthSq(local.direction) >= NP_TINY * NP_TINY)
		castRoundedLocal(target->shape, &local, hit);
	else
		rayRoundedTiny(target->shape, &local, hit);
	if (!hit->hit)
		return;

	// The point is recomputed in world space so that it is exactly origin + fraction * direction.
	hit->point = v3MulAdd(ray->origin, hit->fraction, ray->direction);
	npVec3 n = kind == CAST_BOX || kind == CAST_SPHERE ? hit->normal : npMat3Mul(rotation, hit->normal);
	// + 0 turns a -0 (a negated zero component) into +0, as the quaternion rotation used to.
	hit->normal = v3(n.x + 0.0, n.y + 0.0, n.z + 0.0);
}

static npResult castBoxBatch(const RayTarget3* t, const npRayBatch3* b, npRayHit3* h, int* failed);
static npResult castPolyhedronBatch(const RayTarget3* t, const npRayBatch3* b, npRayHit3* h, int* failed);
static npResult castSphereBatch(const RayTarget3* t, const npRayBatch3* b, npRayHit3* h, int* failed);
static npResult castRoundedBatch(const RayTarget3* t, const npRayBatch3* b, npRayHit3* h, int* failed);
static npResult castKindBatch(const RayTarget3* target, const npRayBatch3* batch, npRayHit3* hits, int* failedRay,
							  CastKind kind);

/// A ray whose direction is below NP_TINY on every axis, cast with the direction scaled by exact
/// powers of two and maxFraction the other way (the same segment; tiny.h's npTinyRayScale), so
/// that it is scaled before the rotation into the shape's frame: turned as it is, a subnormal direction keeps
/// a few bits, which turns the ray itself, and a normal chosen against it could face along the world
/// ray (fuzz_rays3d; query2d.c's castTinyDirection, in 2D). The scaled ray goes through the kind's
/// batch loop as a batch of one (no second copy of the per-kind code); the fraction is scaled back
/// and the point recomputed from the caller's ray. Out of line: ordinary rays pay one compare.
NP_COLD __attribute__((noinline)) static void castTinyDirection3(const RayTarget3* target, const npRayInput3* ray,
																  npRayHit3* hit, CastKind kind)
{
	npRayInput3 scaled;
	npTinyRayScale scale = npScaleTinyRay3(ray, &scaled);
	npRayBatch3 one = { &scaled.origin, &scaled.direction, 1, scaled.maxFraction, scaled.solid };
	// The scaled ray passes the loop's checks (the caller's ray passed them, and the scale keeps it
	// within NP_HUGE; a direction left at 2^57 was refused, and a solid ray from inside a box missed
	// it: fuzz_rays3d), so the batch of one is cast.
	castKindBatch(target, &one, hit, NULL, kind);
	if (!hit->hit)
		return;
	hit->fraction = npTinyRayFraction(&scale, hit->fraction, ray->maxFraction);
	hit->point = v3MulAdd(ray->origin, hit->fraction, ray->direction);
}

npResult npRayCast3(const npShape3* shape, npTransform3 transform, const npRayInput3* ray, npRayHit3* hit)
{
	if (hit == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*hit = (npRayHit3){ 0 };
	if (ray == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	RayTarget3 target;
	npResult r = prepareRayTarget(shape, transform, false, &target);
	if (r == NP_OK)
		r = npCheckRay3(ray->origin, ray->direction, ray->maxFraction);
	if (r == NP_OK && castKind(shape) != CAST_SPHERE && npIsTinyDirection3(ray->direction))
		castTinyDirection3(&target, ray, hit, castKind(shape));
	else if (r == NP_OK)
		castPrepared(&target, ray, hit, castKind(shape));
	return r;
}

/// The rays of a batch, each checked and cast (one dispatch per batch, not per ray).
CAST_INLINE npResult castBatch(const RayTarget3* target, const npRayBatch3* batch, npRayHit3* hits, int* failedRay,
							   CastKind kind)
{
	npRayInput3 ray = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, batch->maxFraction, batch->solid };
	// maxFraction is the batch's: checked once; the rays by npRayPasses3, with npCheckRay3 for the code.
	bool maxFractionPasses = npIsUsable(ray.maxFraction) && ray.maxFraction >= 0.0;
	for (int i = 0; i < batch->count; ++i)
	{
		ray.origin = batch->origins[i];
		ray.direction = batch->directions[i];
		if (!(maxFractionPasses & npRayPasses3(ray.origin, ray.direction)))
		{
			npResult r = npCheckRay3(ray.origin, ray.direction, ray.maxFraction);
			hits[i] = (npRayHit3){ 0 };
			if (failedRay != NULL)
				*failedRay = i;
			return r;
		}
		// Cast into a local and copied out whole: clearing hits[i] in place became a memory.fill
		// per ray in wasm (a call out of the compiled code in V8).
		npRayHit3 hit = { 0 };
		castPrepared(target, &ray, &hit, kind);
		hits[i] = hit;
	}
	return NP_OK;
}

static npResult castBoxBatch(const RayTarget3* t, const npRayBatch3* b, npRayHit3* h, int* failed)
{
	return castBatch(t, b, h, failed, CAST_BOX);
}

static npResult castPolyhedronBatch(const RayTarget3* t, const npRayBatch3* b, npRayHit3* h, int* failed)
{
	return castBatch(t, b, h, failed, CAST_POLYHEDRON);
}

static npResult castSphereBatch(const RayTarget3* t, const npRayBatch3* b, npRayHit3* h, int* failed)
{
	return castBatch(t, b, h, failed, CAST_SPHERE);
}

static npResult castRoundedBatch(const RayTarget3* t, const npRayBatch3* b, npRayHit3* h, int* failed)
{
	return castBatch(t, b, h, failed, CAST_ROUNDED);
}

static npResult castKindBatch(const RayTarget3* target, const npRayBatch3* batch, npRayHit3* hits, int* failedRay,
							  CastKind kind)
{
	switch (kind)
	{
		case CAST_BOX:
			return castBoxBatch(target, batch, hits, failedRay);
		case CAST_POLYHEDRON:
			return castPolyhedronBatch(target, batch, hits, failedRay);
		case CAST_SPHERE:
			return castSphereBatch(target, batch, hits, failedRay);
		default:
			return castRoundedBatch(target, batch, hits, failedRay);
	}
}

/// A batch against a turned shape, cut into runs of ordinary rays, each cast by the kind's batch
/// loop as it is, and the rays with tiny directions between them, cast scaled (castTinyDirection3).
/// The batch loops stay as they were: the first form, the test and the call inside them, cost
/// natively 30-50 % of a box or hull ray, most of it the test's branches on the direction's signs
/// (npAbs and a maximum, now fabs and compares). The scan for tiny directions is a pass of
/// compares over the directions (interleaved A/B from Node: box and hull batches 3 % slower,
/// natively within noise).
static npResult castRuns(const RayTarget3* target, const npRayBatch3* batch, npRayHit3* hits, int* failedRay,
						 CastKind kind)
{
	int start = 0;
	for (;;)
	{
		int end = start;
		while (end < batch->count && !npIsTinyDirection3(batch->directions[end]))
			++end;
		if (end > start)
		{
			npRayBatch3 run = { batch->origins + start, batch->directions + start, end - start, batch->maxFraction,
								batch->solid };
			npResult r = castKindBatch(target, &run, hits + start, failedRay, kind);
			if (r != NP_OK)
			{
				if (failedRay != NULL)
					*failedRay += start;
				return r;
			}
		}
		if (end == batch->count)
			return NP_OK;

		npRayInput3 ray = { batch->origins[end], batch->directions[end], batch->maxFraction, batch->solid };
		npResult r = npCheckRay3(ray.origin, ray.direction, ray.maxFraction);
		hits[end] = (npRayHit3){ 0 };
		if (r != NP_OK)
		{
			if (failedRay != NULL)
				*failedRay = end;
			return r;
		}
		castTinyDirection3(target, &ray, hits + end, kind);
		start = end + 1;
	}
}

npResult npRayCastMany3(const npShape3* shape, npTransform3 transform, const npRayBatch3* batch, npRayHit3* hits,
						int* failedRay)
{
	if (failedRay != NULL)
		*failedRay = -1;
	if (batch == NULL || batch->count < 0 || (batch->count > 0 && (hits == NULL || batch->origins == NULL ||
																  batch->directions == NULL)))
		return NP_ERR_INVALID_ARGUMENT;
	RayTarget3 target;
	npResult r = prepareRayTarget(shape, transform, batch->count > 1, &target);
	if (r != NP_OK)
		return r;
	CastKind kind = castKind(shape);
	// A sphere is not turned: its own branch casts tiny directions scaled (castPrepared).
	if (kind == CAST_SPHERE)
		return castSphereBatch(&target, batch, hits, failedRay);
	return castRuns(&target, batch, hits, failedRay, kind);
}

npResult npShapeBounds3(const npShape3* shape, npTransform3 transform, npBounds3* out)
{
	if (out == NULL)
		return NP_ERR_INVALID_ARGUMENT;
	*out = (npBounds3){ { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
	npResult r = npCheckQueryShape3(shape, transform);
	if (r != NP_OK)
		return r;

	npPolyhedron3 poly;
	npMakePolyhedron3(shape, &poly);
	npVec3 lower = npTransformPoint3(transform, poly.vertices[0]), upper = lower;
	for (int i = 1; i < poly.vertexCount; ++i)
	{
		npVec3 v = npTransformPoint3(transform, poly.vertices[i]);
		lower = v3Min(lower, v);
		upper = v3Max(upper, v);
	}
	npVec3 grow = v3(shape->radius, shape->radius, shape->radius);
	out->lower = v3Sub(lower, grow);
	out->upper = v3Add(upper, grow);
	return NP_OK;
}
