// libFuzzer harness: rays and closest points against a decoded triangle mesh (npRayCastMeshes3,
// npClosestPointMeshes3), placed by a decoded transform. Raw input must give a documented code,
// never a crash; on accepted input the answers are compared with a brute force over every stored
// triangle, in long double:
//  - rays: a hit has its fraction in [0, maxFraction], its point at origin + fraction * direction, a
//    unit normal facing the ray, the reported triangle under the point, and frontFace true unless
//    back faces were asked for; no triangle the ray crosses robustly (every barycentric weight
//    above 1e-6, not grazing, front-facing unless back faces count) is crossed before the hit, and
//    such a crossing is never missed;
//  - closest points: the distance is the brute force's nearest distance, the point on the reported
//    triangle and |p - point| away, the normal that triangle's unit front normal, and `found`
//    agrees with maxDistance (outside a band of the tolerance around it).
// Tolerance: FZ_MESH_REL of the scale (the mesh's placed extent plus the query's).
#include "fuzz.h"

#include <stdalign.h>

#define MAX_V 24
#define MAX_T 24
#define FZ_MESH_REL 1.0e-8
#define ROBUST 1.0e-6

static alignas(16) unsigned char buffer[1 << 18];

typedef struct LVec3
{
	long double x, y, z;
} LVec3;

static LVec3 lsub(LVec3 a, LVec3 b) { return (LVec3){ a.x - b.x, a.y - b.y, a.z - b.z }; }
static long double ldot(LVec3 a, LVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static LVec3 lcross(LVec3 a, LVec3 b)
{
	return (LVec3){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}
static LVec3 lmuladd(LVec3 a, long double s, LVec3 b) { return (LVec3){ a.x + s * b.x, a.y + s * b.y, a.z + s * b.z }; }
static LVec3 lvec(npVec3 v) { return (LVec3){ v.x, v.y, v.z }; }

// A local point placed by a transform (unit quaternion), in long double.
static LVec3 place(npTransform3 xf, npVec3 v)
{
	LVec3 p = lvec(v), u = { xf.q.x, xf.q.y, xf.q.z };
	long double w = xf.q.w;
	LVec3 c = lcross(u, p), c2 = lcross(u, c);
	return (LVec3){ xf.p.x + p.x + 2.0L * (w * c.x + c2.x), xf.p.y + p.y + 2.0L * (w * c.y + c2.y),
					xf.p.z + p.z + 2.0L * (w * c.z + c2.z) };
}

// Distance from p to triangle abc. Not by Ericson's region tests (differences of products of dot
// products: on a sliver 683 long and 0.02 wide they put the nearest point 2e-5 off, even in long
// double): the projection onto the plane when the cross products say it is inside, else the
// nearest of the three edges, each a clamped projection.
static long double segmentDistance(LVec3 p, LVec3 a, LVec3 b)
{
	LVec3 e = lsub(b, a);
	long double ee = ldot(e, e), t = ee > 0.0L ? ldot(lsub(p, a), e) / ee : 0.0L;
	t = t < 0.0L ? 0.0L : (t > 1.0L ? 1.0L : t);
	LVec3 d = lsub(p, lmuladd(a, t, e));
	return sqrtl(ldot(d, d));
}

static long double triangleDistance(LVec3 p, LVec3 a, LVec3 b, LVec3 c)
{
	LVec3 n = lcross(lsub(b, a), lsub(c, a));
	long double nn = ldot(n, n);
	if (nn > 0.0L)
	{
		long double h = ldot(lsub(p, a), n) / nn;
		LVec3 q = lmuladd(p, -h, n);
		if (ldot(lcross(lsub(b, a), lsub(q, a)), n) >= 0.0L && ldot(lcross(lsub(c, b), lsub(q, b)), n) >= 0.0L &&
			ldot(lcross(lsub(a, c), lsub(q, c)), n) >= 0.0L)
			return fabsl(h) * sqrtl(nn);
	}
	return fminl(segmentDistance(p, a, b), fminl(segmentDistance(p, b, c), segmentDistance(p, c, a)));
}

// The placed mesh: each stored triangle's corners in world space.
typedef struct Placed
{
	const npMesh3* mesh;
	npTransform3 xf;
	int count;
	LVec3 corners[MAX_T][3];
} Placed;

static void placeMesh(const npMesh3* mesh, npTransform3 xf, Placed* out)
{
	out->mesh = mesh;
	out->xf = xf;
	out->count = mesh->triangleCount;
	for (int t = 0; t < mesh->triangleCount; ++t)
	{
		npVec3 v[3];
		npGetMeshTriangle3(mesh, t, v);
		for (int k = 0; k < 3; ++k)
			out->corners[t][k] = place(xf, v[k]);
	}
}

// The stored triangle of an input index, or -1.
static int storedOf(const npMesh3* mesh, int input)
{
	for (int t = 0; t < mesh->triangleCount; ++t)
		if (mesh->triangleIds[t] == input)
			return t;
	return -1;
}

static double distanceToTriangle(const Placed* m, int t, LVec3 p)
{
	return (double)triangleDistance(p, m->corners[t][0], m->corners[t][1], m->corners[t][2]);
}

// The first robust crossing of the ray with a triangle it may hit (see the head), or INFINITY.
// Crossings within `margin` (a fraction) of the ray's ends are not robust: an origin on a triangle
// (within rounding of its plane) may be read as just in front of it or just behind.
static double firstRobustCrossing(const Placed* m, const npRayInput3* ray, bool backfaces, double margin)
{
	LVec3 o = lvec(ray->origin), d = lvec(ray->direction);
	long double dd = sqrtl(ldot(d, d)), best = INFINITY;
	for (int t = 0; t < m->count; ++t)
	{
		LVec3 a = m->corners[t][0], e1 = lsub(m->corners[t][1], a), e2 = lsub(m->corners[t][2], a);
		LVec3 n = lcross(e1, e2);
		long double nn = sqrtl(ldot(n, n)), dn = ldot(d, n);
		if (!(nn > 0.0L) || fabsl(dn) <= ROBUST * nn * dd || (!backfaces && dn >= 0.0L))
			continue;
		// Barycentric weights of the crossing (Cramer's rule on o + s d = a + u e1 + v e2).
		LVec3 ao = lsub(o, a);
		long double s = -ldot(ao, n) / dn;
		long double u = ldot(d, lcross(ao, e2)) / dn, v = ldot(d, lcross(e1, ao)) / dn;
		if (u > ROBUST && v > ROBUST && 1.0L - u - v > ROBUST && s >= margin && s <= ray->maxFraction - margin)
			best = fminl(best, s);
	}
	return (double)best;
}

static void rayQuery(FzIn* in, const Placed* m, const npMeshInstance3* inst, double scale0)
{
	npRayInput3 ray = npMakeRayInput3(fzVec3(in), fzVec3(in));
	uint8_t mode = fzByte(in);
	if (mode & 1)
		ray.maxFraction = (mode & 2) ? fzNumber(in) : 1.0e6;
	bool backfaces = (mode & 4) != 0;
	FZ_DUMP("ray { %s, %s, %s } + t { %s, %s, %s }, maxFraction %s backfaces %d\n", fzLit(ray.origin.x),
			fzLit(ray.origin.y), fzLit(ray.origin.z), fzLit(ray.direction.x), fzLit(ray.direction.y),
			fzLit(ray.direction.z), fzLit(ray.maxFraction), backfaces);
	npMeshRayHit3 hit;
	npResult r = npRayCastMeshes3(inst, 1, &ray, backfaces, &hit);
	FZ_DUMP("npRayCastMeshes3 = %d: hit %d fraction %s triangle %d front %d\n", (int)r, hit.hit, fzLit(hit.fraction),
			hit.triangle, hit.frontFace);
	FZ_CHECK(fzIsCode(r), "npRayCastMeshes3 result %d", (int)r);
	FZ_CHECK(r == NP_OK || !hit.hit, "a hit with error %d", (int)r);
	if (r != NP_OK)
		return;

	double len = sqrt(ray.direction.x * ray.direction.x + ray.direction.y * ray.direction.y +
					  ray.direction.z * ray.direction.z);
	double reach = len * fzMax(fmin(ray.maxFraction, 1.0e6), 0.0);
	double scale = scale0 + fzAbs3(ray.origin) * 1.7320508075688772 + reach;
	if (!(scale < 1e9) || !(len > 1e-6 * scale))
		return;
	double tol = FZ_MESH_REL * scale + FZ_ABS;
	double robust = firstRobustCrossing(m, &ray, backfaces, tol / len);
	if (!hit.hit)
	{
		FZ_CHECK(!(robust <= ray.maxFraction), "miss, but the ray crosses a triangle at %.17g", robust);
		return;
	}
	FZ_CHECK(isfinite(hit.fraction) && hit.fraction >= 0.0 && hit.fraction <= ray.maxFraction, "fraction %.17g",
			 hit.fraction);
	FZ_CHECK(fzFinite3(hit.point) && fzFinite3(hit.normal), "hit not finite");
	fzCheckUnit3(hit.normal, "mesh ray normal");
	FZ_CHECK(hit.normal.x * ray.direction.x + hit.normal.y * ray.direction.y + hit.normal.z * ray.direction.z <= tol * len,
			 "normal faces away from the ray");
	FZ_CHECK(backfaces || hit.frontFace, "a back face hit without backfaces");
	FZ_CHECK(hit.mesh == 0, "mesh %d", hit.mesh);
	int t = storedOf(m->mesh, hit.triangle);
	FZ_CHECK(t >= 0, "triangle %d is not stored", hit.triangle);
	double off = distanceToTriangle(m, t, lvec(hit.point));
	FZ_CHECK(off <= tol, "hit point %.17g from its triangle %d", off, hit.triangle);
	FZ_CHECK(!(robust < hit.fraction - tol / len), "hit at %.17g, but the ray crosses a triangle at %.17g", hit.fraction,
			 robust);
}

static void pointQuery(FzIn* in, const Placed* m, const npMeshInstance3* inst, double scale0)
{
	npVec3 p = fzVec3(in);
	uint8_t mode = fzByte(in);
	double maxDistance = (mode & 1) ? fabs(fzNumber(in)) : INFINITY;
	npMeshPointProjection3 out;
	npResult r = npClosestPointMeshes3(inst, 1, p, maxDistance, &out);
	FZ_DUMP("npClosestPointMeshes3({ %s, %s, %s }, %s) = %d: found %d distance %s triangle %d\n", fzLit(p.x), fzLit(p.y),
			fzLit(p.z), fzLit(maxDistance), (int)r, out.found, fzLit(out.distance), out.triangle);
	FZ_CHECK(fzIsCode(r), "npClosestPointMeshes3 result %d", (int)r);
	if (r != NP_OK)
		return;
	double scale = scale0 + fzAbs3(p) * 1.7320508075688772;
	if (!(scale < 1e9))
		return;
	double tol = FZ_MESH_REL * scale + FZ_ABS;
	double nearest = INFINITY;
	for (int t = 0; t < m->count; ++t)
		nearest = fmin(nearest, distanceToTriangle(m, t, lvec(p)));
	if (!out.found)
	{
		FZ_CHECK(!(nearest < maxDistance - tol), "nothing found, but a triangle is %.17g away (max %.17g)", nearest,
				 maxDistance);
		return;
	}
	FZ_CHECK(!(nearest > maxDistance + tol), "found at %.17g, beyond maxDistance %.17g", nearest, maxDistance);
	FZ_CHECK(fzFinite3(out.point) && fzFinite3(out.normal) && isfinite(out.distance), "projection not finite");
	FZ_CHECK(fabs(out.distance - nearest) <= tol, "distance %.17g, brute force %.17g", out.distance, nearest);
	LVec3 gap = lsub(lvec(p), lvec(out.point));
	FZ_CHECK(fabs((double)sqrtl(ldot(gap, gap)) - out.distance) <= tol, "distance %.17g is not |p - point|", out.distance);
	FZ_CHECK(out.mesh == 0, "mesh %d", out.mesh);
	int t = storedOf(m->mesh, out.triangle);
	FZ_CHECK(t >= 0, "triangle %d is not stored", out.triangle);
	double off = distanceToTriangle(m, t, lvec(out.point));
	FZ_DUMP("point { %s, %s, %s } scale %s feature %d/%d\n", fzLit(out.point.x), fzLit(out.point.y), fzLit(out.point.z), fzLit(scale), (int)out.feature, out.featureIndex);
	FZ_CHECK(off <= tol, "point %.17g from its triangle %d", off, out.triangle);
	fzCheckUnit3(out.normal, "mesh projection normal");
	FZ_CHECK((unsigned)out.feature <= NP_MESH_VERTEX && out.featureIndex >= 0 && out.featureIndex <= 2,
			 "feature %d index %d", (int)out.feature, out.featureIndex);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FzIn in = fzOpen(data, size);
	npMesh3* mesh = fzSmallMesh3(&in, MAX_V, MAX_T, 1, buffer, sizeof buffer);
	if (mesh == NULL)
		return 0;
	int okX;
	npTransform3 xf = fzTransform3(&in, &okX);
	npMeshInstance3 inst = { mesh, xf };
	static Placed placed;
	placeMesh(mesh, xf, &placed);
	double scale0 = fzMax(fzAbs3(mesh->lower), fzAbs3(mesh->upper)) * 1.7320508075688772 +
					fzAbs3(xf.p) * 1.7320508075688772;
	for (int k = 0; k < 4 && in.pos < in.size; ++k)
	{
		if (fzByte(&in) & 1)
			pointQuery(&in, &placed, &inst, okX ? scale0 : INFINITY);
		else
			rayQuery(&in, &placed, &inst, okX ? scale0 : INFINITY);
	}
	return 0;
}
