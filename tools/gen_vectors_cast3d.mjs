// Shared test vectors for 3D shape casts and time of impact (issue 13): tests/vectors/3d_cast.json.
//
//   node tools/gen_vectors_cast3d.mjs      (make vectors)
//
// Every expected value is computed here, independently of the library:
//  - sharp pairs (box, hull, triangle) moving linearly with no skin: along every separating axis
//    (each core's face normals, by brute force over vertex triples, and the cross products of every
//    pair of point-pair directions, a superset of the edge pairs) the two projections are intervals
//    whose ends move linearly in t, so each axis overlaps on an interval of t in closed form; the
//    first contact is the largest entry time over the axes when it is before every exit time
//    (exact up to rounding), and the axis that enters last is the contact normal (given only when
//    no other axis enters within 1e-9);
//  - rounded shapes (sphere, capsule) and skins: the distance of the cores is brute force (every
//    segment pair and every point-triangle pair of the core points, 0 when the separating-axis test
//    finds no separating axis); it is convex in t, so the first t where it reaches
//    rA + rB + targetDistance is found by sampling then bisection (80 halvings), and the normal is
//    the direction between the brute-force closest points;
//  - meshes: every triangle of every mesh is cast against on its own (the same two methods, a
//    triangle being a sharp shape), after the one-sided culling (the shape's centre behind the
//    triangle's plane at t = 0); the feature touched is the set of triangle vertices nearest the
//    shape along the contact normal, an edge or vertex is internal when every triangle around it
//    (found by position in every mesh) stays on or above the plane, has the shape's centre in front
//    of it (a triangle the shape is behind covers nothing for it) and (vertex) its fan closes; an
//    internal hit takes the face normal and is a ghost (dropped) when the motion does not go into
//    that face; the expected hit is the earliest remaining one, and every triangle within the
//    tolerance of it is an accepted answer;
//  - time of impact: the distance (brute force, as above) along the sweeps (slerp with Math's
//    trigonometry), whose rate is bounded by L = |vA - vB| + wA rhoA + wB rhoB, so a branch and
//    bound over t (an interval whose ends are farther than L * length / 2 above the level has no
//    crossing inside) finds the first times at which the distance reaches targetDistance +
//    tolerance and targetDistance - tolerance: a 'hit' must lie between them.
// Cases whose answer is ill-conditioned (a graze within 1e-7 of the contact distance, a near tie in
// the feature) are skipped while generating, so both sides of a tolerance are never in play.
import {
	ID, add, apply, closestSegmentPoints, cross, dot, len, localCore, mul, mulberry32, num, randomQuat, rotate, sub,
	supportingPlanes, uniformFrom, unit, writeVectorFile, addEdgePairAxes,
} from './genlib.mjs';
import { CAPPED, FUZZ_NEEDLE } from './cast3d_capped.mjs';
import { exactSatCast, exactSatOverlap } from './exactsat.mjs';

const rand = mulberry32(0xca513d);
const uniform = uniformFrom(rand);
const vectors = [];
const stats = { convex: 0, mesh: 0, toi: 0, capped: 0, dup: 0, skipped: 0 };

// ------------------------------------------------------------------------------ geometry
function closestOnTriangle(p, a, b, c) {
	const ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
	const d1 = dot(ab, ap), d2 = dot(ac, ap);
	if (d1 <= 0 && d2 <= 0) return a;
	const bp = sub(p, b), d3 = dot(ab, bp), d4 = dot(ac, bp);
	if (d3 >= 0 && d4 <= d3) return b;
	const vc = d1 * d4 - d3 * d2;
	if (vc <= 0 && d1 >= 0 && d3 <= 0) return add(a, mul(d1 / (d1 - d3), ab));
	const cp = sub(p, c), d5 = dot(ab, cp), d6 = dot(ac, cp);
	if (d6 >= 0 && d5 <= d6) return c;
	const vb = d5 * d2 - d1 * d6;
	if (vb <= 0 && d2 >= 0 && d6 <= 0) return add(a, mul(d2 / (d2 - d6), ac));
	const va = d3 * d6 - d5 * d4;
	if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) return add(b, mul((d4 - d3) / ((d4 - d3) + (d5 - d6)), sub(c, b)));
	const den = 1 / (va + vb + vc);
	return add(a, add(mul(vb * den, ab), mul(vc * den, ac)));
}

// A shape prepared for the references: local core points, radius, local face normals, centre.
function prepare(spec) {
	const { pts, r } = localCore(spec);
	let faces = [];
	if (pts.length >= 3) {
		let extent = 0;
		for (const p of pts) extent = Math.max(extent, len(p));
		faces = supportingPlanes(pts, extent, 1e-9 * extent).planes.map(([n]) => n);
	}
	return { spec, pts, r, faces };
}

// World core points and face normals of a prepared shape at a transform.
const worldOf = (s, xf) => ({ pts: s.pts.map((p) => apply(xf, p)), faces: s.faces.map((n) => rotate(xf.rotation, n)), r: s.r });

function projection(pts, u) {
	let lo = Infinity, hi = -Infinity;
	for (const p of pts) {
		const d = dot(p, u);
		lo = Math.min(lo, d);
		hi = Math.max(hi, d);
	}
	return [lo, hi];
}

function axesOf(A, B) {
	const axes = [...A.faces, ...B.faces];
	addEdgePairAxes(A.pts, B.pts, axes);
	return axes;
}

// The cores overlap: no separating axis.
function coresOverlap(A, B) {
	if (A.faces.length === 0 && B.faces.length === 0) return false; // point/segment pairs: distance says it
	for (const u of axesOf(A, B)) {
		const [a0, a1] = projection(A.pts, u), [b0, b1] = projection(B.pts, u);
		if (a1 < b0 || b1 < a0) return false;
	}
	return true;
}

// Brute-force closest points of two cores (valid when they do not overlap): { d, p (on A), q (on B) }.
function coreClosest(pa, pb) {
	let best = { d: Infinity, p: null, q: null };
	const keep = (p, q) => {
		const d = len(sub(q, p));
		if (d < best.d) best = { d, p, q };
	};
	for (let i = 0; i < pa.length; i++)
		for (let j = i; j < pa.length; j++)
			for (let k = 0; k < pb.length; k++)
				for (let l = k; l < pb.length; l++) {
					const [c1, c2] = closestSegmentPoints(pa[i], pa[j], pb[k], pb[l]);
					keep(c1, c2);
				}
	for (const p of pa)
		for (let i = 0; i < pb.length; i++)
			for (let j = i + 1; j < pb.length; j++)
				for (let k = j + 1; k < pb.length; k++) keep(p, closestOnTriangle(p, pb[i], pb[j], pb[k]));
	for (const q of pb)
		for (let i = 0; i < pa.length; i++)
			for (let j = i + 1; j < pa.length; j++)
				for (let k = j + 1; k < pa.length; k++) keep(closestOnTriangle(q, pa[i], pa[j], pa[k]), q);
	return best;
}

function coreDistance(A, B) {
	return coresOverlap(A, B) ? { d: 0, p: null, q: null } : coreClosest(A.pts, B.pts);
}

const moved = (W, t, r) => ({ pts: W.pts.map((p) => add(p, mul(t, r))), faces: W.faces, r: W.r });

// ------------------------------------------------------------------------------ linear cast references
// Sharp pair, no skin: the exact entry interval over all axes. Returns { hit, t, normal } or null
// when ill-conditioned; normal from B toward A, undefined on a near tie.
function satCast(A, B, r, maxFraction) {
	let enter = -Infinity, exit = Infinity, enterAxis = null, second = -Infinity;
	for (const u of axesOf(A, B)) {
		const [a0, a1] = projection(A.pts, u), [b0, b1] = projection(B.pts, u);
		const s = dot(u, r);
		let t0, t1, n;
		if (s === 0) {
			if (a1 < b0 || b1 < a0) return { hit: false };
			continue;
		}
		if (s > 0) { t0 = (b0 - a1) / s; t1 = (b1 - a0) / s; n = mul(-1, u); }
		else { t0 = (b1 - a0) / s; t1 = (b0 - a1) / s; n = u; }
		if (t0 > enter) {
			if (enterAxis === null || dot(n, enterAxis) < 1 - 1e-12) second = enter;
			enter = t0;
			enterAxis = n;
		} else if (t0 > second && dot(n, enterAxis) < 1 - 1e-12) second = t0;
		exit = Math.min(exit, t1);
	}
	if (enter > exit || exit < 0 || enter > maxFraction) {
		if (enter - exit < 1e-9 && enter <= maxFraction && exit >= -1e-9) return null; // a graze
		return { hit: false };
	}
	if (exit - enter < 1e-9) return null;
	if (enter <= 0) return { hit: true, t: 0, initial: true };
	return { hit: true, t: enter, normal: enter - second > 1e-9 ? enterAxis : undefined };
}

// Rounded or skinned: first t with coreDistance <= reach, by sampling and bisection.
function bisectCast(A, B, r, maxFraction, reach, scale) {
	const f = (t) => coreDistance(moved(A, t, r), B);
	const d0 = f(0);
	if (d0.d <= reach) {
		if (reach - d0.d < 1e-7 * scale) return null;
		return { hit: true, t: 0, initial: true, normal: d0.p ? unit(sub(d0.p, d0.q)) : undefined };
	}
	const N = 64;
	let prev = 0, found = -1, best = { t: 0, d: d0.d };
	for (let i = 1; i <= N; i++) {
		const t = (maxFraction * i) / N;
		const d = f(t).d;
		if (d < best.d) best = { t, d };
		if (d <= reach) { found = t; break; }
		prev = t;
	}
	if (found < 0) {
		// The minimum (convex): golden section around the best sample.
		let lo = Math.max(0, best.t - maxFraction / N), hi = Math.min(maxFraction, best.t + maxFraction / N);
		for (let k = 0; k < 80; k++) {
			const m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618;
			if (f(m1).d < f(m2).d) hi = m2; else lo = m1;
		}
		const m = f(0.5 * (lo + hi)).d;
		if (m <= reach + 1e-7 * scale) return null;
		return { hit: false };
	}
	let lo = prev, hi = found;
	for (let k = 0; k < 80; k++) {
		const mid = 0.5 * (lo + hi);
		if (f(mid).d <= reach) hi = mid; else lo = mid;
	}
	const c = f(hi);
	const normal = c.p ? unit(sub(c.p, c.q)) : undefined;
	// Grazing: the distance's slope at the contact is tiny, the time ill-conditioned.
	const slope = (f(Math.max(0, hi - 1e-4 * maxFraction)).d - reach) / (1e-4 * maxFraction);
	if (!(slope * len(r) > 1e-3 * len(r))) return null;
	return { hit: true, t: hi, normal, p: c.p, q: c.q };
}

function castPair(sA, xfA, r, sB, xfB, options) {
	const A = worldOf(sA, xfA), B = worldOf(sB, xfB);
	const maxFraction = options.maxFraction ?? 1, tau = options.targetDistance ?? 0;
	const scale = scaleOf(A, B, r);
	if (A.r === 0 && B.r === 0 && tau === 0) {
		const res = satCast(A, B, r, maxFraction);
		if (res && res.hit && res.normal === undefined && !res.initial) {
			// Give the contact normal from the closest points a hair before it, if they are clear.
			const c = coreClosest(moved(A, res.t * (1 - 1e-7), r).pts, B.pts);
			if (c.d > 0) res.normalHint = unit(sub(c.p, c.q));
		}
		return res;
	}
	return bisectCast(A, B, r, maxFraction, A.r + B.r + tau, scale);
}

function scaleOf(A, B, r) {
	const ext = (W) => W.pts.reduce((m, p) => Math.max(m, ...p.map(Math.abs)), 0) + W.r;
	return ext(A) + ext(B) + len(r);
}

// ------------------------------------------------------------------------------ shapes
const SHAPES = {
	sphere: () => ({ type: 'sphere', radius: num(uniform(0.2, 1)) }),
	capsule: () => ({ type: 'capsule', halfHeight: num(uniform(0.2, 1)), radius: num(uniform(0.1, 0.5)) }),
	box: () => ({ type: 'box', halfExtents: [uniform(0.1, 1), uniform(0.1, 1), uniform(0.1, 1)].map(num) }),
	hull: () => {
		const points = [];
		while (points.length < 10) {
			const p = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
			if (len(p) > 0.6 && len(p) < 1) points.push(p.map(num));
		}
		return { type: 'hull', points };
	},
	triangle: () => {
		for (;;) {
			const points = [0, 1, 2].map(() => [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)].map(num));
			if (len(cross(sub(points[1], points[0]), sub(points[2], points[0]))) > 0.5) return { type: 'triangle', points };
		}
	},
};
const KINDS = Object.keys(SHAPES);
const vec3 = (lo, hi) => [uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)].map(num);

// A rotation by a few milliradians (unit to the last bit the generator can give).
function nearIdentity() {
	const q = randomQuat(uniform, 0.1).map((x, i) => (i === 3 ? 1 : x * 1e-3));
	const l = Math.hypot(...q);
	return q.map((x) => num(x / l));
}

function pushConvex(id, a, xfA, translation, b, xfB, options, extra = {}) {
	const sA = prepare(a), sB = prepare(b);
	const res = castPair(sA, xfA, translation, sB, xfB, options);
	if (res === null) { stats.skipped++; return false; }
	const A = worldOf(sA, xfA), B = worldOf(sB, xfB);
	const scale = scaleOf(A, B, translation) + Math.max(...xfA.position.map(Math.abs), ...xfB.position.map(Math.abs));
	const rl = len(translation);
	const expect = { hit: res.hit };
	if (res.hit) {
		expect.fraction = num(res.t);
		expect.initialOverlap = !!res.initial;
		const n = res.normal ?? res.normalHint;
		if (n && !res.initial) expect.normal = n.map(num);
		if (res.initial && options.ignoreSeparating) {
			if (!res.normal) { stats.skipped++; return false; }
			if (dot(translation, res.normal) >= -1e-9 * rl) expect.hit = false;
			if (Math.abs(dot(translation, res.normal)) <= 1e-6 * rl) { stats.skipped++; return false; }
			delete expect.fraction;
			if (!expect.hit) delete expect.initialOverlap;
			else expect.fraction = 0;
		}
	}
	vectors.push({
		id, query: 'shapeCast', a, xf: xfA, translation, b, xfB, options, scale: num(scale),
		fractionTol: num(rl > 0 ? 1e-6 * scale / rl : 0), lateTol: num(rl > 0 ? 1e-12 * scale / rl : 0), normalTol: 1e-6,
		ref: { a: { core: A.pts.map((p) => p.map(num)), radius: A.r }, b: { core: B.pts.map((p) => p.map(num)), radius: B.r } },
		...extra, expect,
	});
	stats.convex++;
	return true;
}

function convexCases() {
	let n = 0;
	for (const ka of KINDS)
		for (const kb of KINDS)
			for (let k = 0; k < 8; k++) {
				const far = k === 7 ? 1e4 : 0;
				const base = [far, -far, far];
				const a = SHAPES[ka](), b = SHAPES[kb]();
				const xfB = { position: add(base, vec3(-0.5, 0.5)).map(num), rotation: randomQuat(uniform, 0.1) };
				const from = vec3(-5, 5);
				const xfA = { position: add(base, from).map(num), rotation: randomQuat(uniform, 0.1) };
				const aim = vec3(-0.8, 0.8);
				const translation = mul(uniform(1, 2), sub(aim, from)).map(num);
				const options = {};
				if (k === 2) options.targetDistance = num(uniform(0.05, 0.3));
				if (k === 3) options.maxFraction = num(uniform(0.3, 0.8));
				if (k === 5) options.targetDistance = 0.1;
				pushConvex(`3d-cast-${ka}-${kb}-${k}`, a, xfA, translation, b, xfB, options) && n++;
			}
	// Initial overlap, ignoreSeparating and zero translation.
	for (let k = 0; k < 30; k++) {
		const ka = KINDS[k % 5], kb = KINDS[(k * 3 + 1) % 5];
		const a = SHAPES[ka](), b = SHAPES[kb]();
		const xfB = { position: [0, 0, 0], rotation: randomQuat(uniform, 0.1) };
		const xfA = { position: vec3(-0.6, 0.6), rotation: randomQuat(uniform, 0.1) };
		const zero = k % 3 === 0;
		const translation = zero ? [0, 0, 0] : vec3(-3, 3);
		const options = k % 3 === 1 ? { targetDistance: 0.2, ignoreSeparating: true } : {};
		pushConvex(`3d-cast-start-${ka}-${kb}-${k}`, a, xfA, translation, b, xfB, options);
	}
	// Tunnelling bait: a 1 cm ball at 2 km per step onto a 500 m box; a thin plate; a thin box edge-on.
	const big = { type: 'box', halfExtents: [500, 500, 500] };
	const ball = { type: 'sphere', radius: 0.01 };
	pushConvex('3d-cast-bait-ball-500m', ball, { position: [0.3, 1000, -0.2], rotation: ID }, [0.001, -2000, 0.0005], big, { position: [0, 0, 0], rotation: ID }, {});
	const plate = { type: 'box', halfExtents: [2, 1e-4, 2] };
	pushConvex('3d-cast-bait-ball-plate', ball, { position: [0.1, 5, 0], rotation: ID }, [0, -1e5, 0], plate, { position: [0, 0, 0], rotation: ID }, {});
	const blade = { type: 'box', halfExtents: [1, 1e-4, 1] };
	const tilt = [num(Math.sin(0.65)), 0, 0, num(Math.cos(0.65))];
	pushConvex('3d-cast-bait-blade-plate', blade, { position: [0.2, 3, 0.1], rotation: tilt }, [0, -500, 0], plate, { position: [0, 0, 0], rotation: ID }, {});
	for (let k = 0; k < 6; k++) {
		const s = { type: 'sphere', radius: num(uniform(0.001, 0.01)) };
		pushConvex(`3d-cast-bait-fast-${k}`, s, { position: [num(uniform(-1, 1)), 50, num(uniform(-1, 1))], rotation: ID },
			[num(uniform(-1, 1)), -1e4, num(uniform(-1, 1))], plate, { position: [0, 0, 0], rotation: nearIdentity() }, {});
	}
	return n;
}

// ------------------------------------------------------------------------------ meshes
// Scene: a floor in two meshes meeting at x = 0, a cliff at x = 10 down to y = -1, a lower floor to
// x = 20, and a wall rising at x = -10 (a concave corner). Triangles counter-clockwise from above.
function sceneMeshes() {
	const a = {
		vertices: [[-10, 0, -10], [0, 0, -10], [0, 0, 10], [-10, 0, 10], [-10, 3, -10], [-10, 3, 10]],
		indices: [0, 2, 1, 0, 3, 2, 0, 4, 5, 0, 5, 3],
		transform: { position: [0, 0, 0], rotation: ID },
	};
	const b = {
		vertices: [[0, 0, -10], [10, 0, -10], [10, 0, 10], [0, 0, 10], [10, -1, -10], [10, -1, 10], [20, -1, -10], [20, -1, 10]],
		indices: [0, 2, 1, 0, 3, 2, 1, 2, 5, 1, 5, 4, 4, 5, 7, 4, 7, 6],
		transform: { position: [0, 0, 0], rotation: ID },
	};
	return [a, b];
}

function worldTriangles(meshes) {
	const tris = [];
	meshes.forEach((m, mi) => {
		for (let t = 0; t < m.indices.length / 3; t++) {
			const v = [0, 1, 2].map((k) => apply(m.transform, m.vertices[m.indices[3 * t + k]]));
			const n = unit(cross(sub(v[1], v[0]), sub(v[2], v[0])));
			tris.push({ mesh: mi, triangle: t, v, n });
		}
	});
	return tris;
}

const samePoint = (p, q) => Math.abs(p[0] - q[0]) <= 1e-6 && Math.abs(p[1] - q[1]) <= 1e-6 && Math.abs(p[2] - q[2]) <= 1e-6;

// Terdiman's internal feature (edge a-b, or vertex a when b is null) of a triangle with normal n
// and third vertex c, for a shape whose culling centre is `centre`, as cast3d.h states it: an edge is
// internal when no triangle around it goes below the plane and a neighbour across it has the centre
// in front of it; a vertex when its fan closes (with consistent winding) and every place of the fan
// has a triangle facing the shape. A triangle the centre is behind (culled for this shape) covers nothing. Copies count once:
// across an edge, the triangle itself, a copy of it (either winding) or one folded flat back over it
// is no neighbour (as flatOnSide in meshtriangle3d.c), and a place of a vertex's fan given twice is
// one place, facing when one copy faces (a double-sided mesh). Without copies or folds this is the
// rule as it was (an edge shared by two triangles that both face the shape).
function internal(tris, a, b, n, centre, c) {
	let across = 0;
	const places = [];
	for (const t of tris) {
		const at = t.v.findIndex((w) => samePoint(w, a));
		if (at < 0) continue;
		const atB = b ? t.v.findIndex((w, k) => k !== at && samePoint(w, b)) : -1;
		if (b && atB < 0) continue;
		if (t.v.some((w) => dot(sub(w, a), n) < -1e-9 * 20)) return false;
		const side = dot(sub(centre, a), t.n);
		if (Math.abs(side) <= 1e-7 * 20) return null; // which side: rounding (the caller skips the case)
		const faces = side > 0;
		if (b) {
			const third = t.v[3 - at - atB], e = sub(b, a);
			const flatSameSide = dot(sub(third, a), n) <= 1e-9 * 20 && dot(cross(e, sub(third, a)), n) * dot(cross(e, sub(c, a)), n) > 0;
			if (faces && !flatSameSide) across++;
			continue;
		}
		const r0 = t.v[(at + 1) % 3], r1 = t.v[(at + 2) % 3]; // edges a -> r0 (leaving) and r1 -> a (entering)
		const place = places.find((q) => (samePoint(q.r0, r0) && samePoint(q.r1, r1)) || (samePoint(q.r0, r1) && samePoint(q.r1, r0)));
		if (!place) places.push({ r0, r1, faces });
		else if (faces && !place.faces) Object.assign(place, { r0, r1, faces }); // the facing copy's winding
	}
	if (b) return across >= 1;
	// A closed fan, as a surface: each place's leaving edge is another's entering edge and back (three
	// coplanar triangles folded over one wedge use each edge twice, but the same way).
	return places.length >= 3 && places.every((q, i) => q.faces &&
		places.some((o, j) => j !== i && samePoint(q.r0, o.r1)) && places.some((o, j) => j !== i && samePoint(q.r1, o.r0)));
}

function meshCast(id, shape, xf, translation, meshes, options) {
	const s = prepare(shape);
	const tris = worldTriangles(meshes);
	const centre = apply(xf, [0, 0, 0]);
	const rl = len(translation);
	const hits = [];
	for (const t of tris) {
		if (dot(sub(centre, t.v[0]), t.n) < 0) continue;
		const tri = { pts: t.v, faces: [t.n, mul(-1, t.n)], r: 0 };
		const A = worldOf(s, xf);
		const opts = { maxFraction: options.maxFraction ?? 1, targetDistance: options.targetDistance ?? 0 };
		let res;
		if (A.r === 0 && opts.targetDistance === 0) {
			res = satCast(A, tri, translation, opts.maxFraction);
			if (res && res.hit && !res.normal) {
				const c = coreClosest(moved(A, res.t * (1 - 1e-7), translation).pts, tri.pts);
				if (c.d > 0) res.normal = unit(sub(c.p, c.q));
			}
		} else res = bisectCast(A, tri, translation, opts.maxFraction, A.r + opts.targetDistance, scaleOf(A, tri, translation));
		if (res === null) return null;
		if (!res.hit) continue;
		let normal = res.normal;
		if (!normal) {
			if (!res.initial) return null;
			normal = t.n; // cores overlapping at the start: take the face (only used for ignoreSeparating)
		}
		// The touched feature: triangle vertices nearest the shape along -normal.
		const sv = t.v.map((w) => -dot(w, normal));
		const smin = Math.min(...sv);
		const low = sv.map((x) => x - smin <= 1e-7 * 20);
		const count = low.filter(Boolean).length;
		const near = sv.map((x) => x - smin).filter((x) => x > 1e-7 * 20 && x < 1e-4);
		if (near.length) return null; // an ill-conditioned feature
		let n = normal, isInternal = false;
		if (count === 3) n = t.n;
		else {
			const k = count === 2 ? (!low[0] ? 1 : !low[1] ? 2 : 0) : low.indexOf(true);
			isInternal = internal(tris, t.v[k], count === 2 ? t.v[(k + 1) % 3] : null, t.n, centre, t.v[count === 2 ? (k + 2) % 3 : k]);
			if (isInternal === null) return null;
			if (isInternal) n = t.n;
		}
		if (isInternal && !res.initial && dot(translation, n) >= 0) continue; // ghost
		if (res.initial && options.ignoreSeparating && dot(translation, n) >= 0) continue;
		hits.push({ t: res.initial ? 0 : res.t, n, mesh: t.mesh, triangle: t.triangle, initial: !!res.initial, feature: count });
	}
	const expect = { hit: hits.length > 0 };
	if (hits.length) {
		const tmin = Math.min(...hits.map((h) => h.t));
		const tol = 1e-6 * 40 / Math.max(rl, 1e-300);
		const first = hits.filter((h) => h.t <= tmin + tol);
		expect.fraction = num(tmin);
		expect.initialOverlap = first[0].initial;
		expect.triangles = first.map((h) => [h.mesh, h.triangle]);
		// The normal, when every accepted triangle agrees on it.
		if (first.every((h) => dot(h.n, first[0].n) > 1 - 1e-9) && !first[0].initial) expect.normal = first[0].n.map(num);
	}
	vectors.push({
		id, query: 'shapeCast', a: shape, xf, translation, options,
		meshes: meshes.map((m) => ({ vertices: m.vertices.flat(), indices: m.indices, transform: m.transform })), scale: num(40 + rl),
		fractionTol: num(rl > 0 ? 1e-6 * (40 + rl) / rl : 0), lateTol: num(rl > 0 ? 1e-12 * (40 + rl) / rl : 0), normalTol: 1e-6, expect,
	});
	stats.mesh++;
	return true;
}

function meshCases() {
	const meshes = sceneMeshes();
	const at = (x, y, z) => ({ position: [x, y, z], rotation: ID });
	const box = { type: 'box', halfExtents: [0.5, 0.5, 0.5] };
	const ball = { type: 'sphere', radius: 0.3 };
	const cap = { type: 'capsule', halfHeight: 0.5, radius: 0.25 };
	// A box hovering in its skin slides over the seam: the seam edge is internal, a ghost; no hit.
	meshCast('3d-cast-mesh-slide-seam-box', box, at(-5, 0.501, 0), [9, 0, 0], meshes, { targetDistance: 0.01, ignoreSeparating: true });
	meshCast('3d-cast-mesh-slide-seam-capsule', cap, at(-5, 0.751, 1), [9, 0, 0.5], meshes, { targetDistance: 0.01, ignoreSeparating: true });
	meshCast('3d-cast-mesh-slide-seam-ball', ball, at(-5, 0.301, -1), [9, 0, 0], meshes, { targetDistance: 0.01, ignoreSeparating: true });
	// The same without ignoreSeparating: the initial floor contact is the hit.
	meshCast('3d-cast-mesh-start-floor-box', box, at(-5, 0.501, 0), [9, 0, 0], meshes, { targetDistance: 0.01 });
	// Falling onto the seam: the face normal.
	meshCast('3d-cast-mesh-fall-seam-ball', ball, at(0, 2, 0), [0, -3, 0], meshes, {});
	meshCast('3d-cast-mesh-fall-seam-box', box, at(-0.2, 1.7, 0.3), [0.4, -3, 0], meshes, {});
	// The cliff rim keeps its edge normal.
	meshCast('3d-cast-mesh-cliff-ball', ball, at(12, 0.1, 0), [-3, 0, 0], meshes, {});
	meshCast('3d-cast-mesh-cliff-capsule', cap, at(12, 0.2, 0), [-3, 0, 0.2], meshes, {});
	// Into the concave corner at x = -10.
	meshCast('3d-cast-mesh-corner-box', box, at(-8, 1.5, 0), [-3, -1.8, 0], meshes, {});
	// From behind the wall (its centre there: the wall is culled for it) along the floor's plane into
	// the floor's edge at the corner: the wall covers nothing for this shape, so that edge is a real
	// contact (ball: centre x = -10.4, normal (-0.8, 0.6, 0); a box turned 30 degrees about y: its
	// vertical edge meets the floor's edge, normal -x; a capsule: its side, centre x = -10.25).
	// Taken for a ghost, the shape went on into the floor.
	meshCast('3d-cast-mesh-behind-wall-ball', { type: 'sphere', radius: 0.5 }, at(-11, 0.3, 0), [3, 0, 0], meshes, {});
	const turned = { position: [-11, 0.3, 0.2], rotation: [0, num(Math.sin(Math.PI / 12)), 0, num(Math.cos(Math.PI / 12))] };
	meshCast('3d-cast-mesh-behind-wall-box', box, turned, [3, 0, 0], meshes, {});
	meshCast('3d-cast-mesh-behind-wall-capsule', cap, at(-11, 0.3, 0), [3, 0, 0], meshes, {});
	// Three coplanar triangles folded over one wedge (CAB, then CAD and CDB over it, D on AB): C is the
	// wedge's tip, on its border, though each edge from C is used twice (twice the same way). A ball
	// moving along the plane into the tip stops there: centre 0.5 from C, fraction 0.65, normal
	// (0, 0.6, -0.8). Read as an interior vertex, the contact was a ghost and the ball went on.
	const fan = [{ vertices: [[0, 0, 0], [-2, 0, 4], [2, 0, 4], [0, 0, 4]], indices: [0, 1, 2, 0, 1, 3, 0, 3, 2], transform: { position: [0, 0, 0], rotation: ID } }];
	meshCast('3d-cast-mesh-folded-fan-tip', { type: 'sphere', radius: 0.5 }, at(0, 0.3, -3), [0, 0, 4], fan, {});
	// Random casts over the scene.
	let k = 0;
	while (k < 60) {
		const kind = KINDS[k % 4];
		const shape = SHAPES[kind]();
		const xf = { position: [num(uniform(-9, 19)), num(uniform(1.2, 4)), num(uniform(-8, 8))], rotation: randomQuat(uniform, 0.1) };
		const translation = [num(uniform(-6, 6)), num(uniform(-5, 0.5)), num(uniform(-3, 3))];
		const options = k % 5 === 3 ? { targetDistance: 0.05 } : {};
		if (meshCast(`3d-cast-mesh-random-${k}`, shape, xf, translation, meshes, options)) k++;
		else stats.skipped++;
	}
}

// ------------------------------------------------------------------------------ time of impact
function slerp(q0, q1, t) {
	let c = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
	if (c < 0) { q1 = q1.map((x) => -x); c = -c; }
	const phi = Math.acos(Math.min(1, c));
	if (phi < 1e-12) return q0;
	const s = Math.sin(phi), wa = Math.sin((1 - t) * phi) / s, wb = Math.sin(t * phi) / s;
	return q0.map((x, i) => wa * x + wb * q1[i]);
}

function sweepAt(sw, t) {
	const c0 = apply(sw.from, sw.center), c1 = apply(sw.to, sw.center);
	const q = slerp(sw.from.rotation, sw.to.rotation, t);
	const c = add(c0, mul(t, sub(c1, c0)));
	return { position: sub(c, rotate(q, sw.center)), rotation: q };
}

function sweepRate(s, sw) {
	let c = sw.from.rotation[0] * sw.to.rotation[0] + sw.from.rotation[1] * sw.to.rotation[1] + sw.from.rotation[2] * sw.to.rotation[2] + sw.from.rotation[3] * sw.to.rotation[3];
	const angle = 2 * Math.acos(Math.min(1, Math.abs(c)));
	const rho = Math.max(...s.pts.map((p) => len(sub(p, sw.center)))) + s.r;
	return { angle, rho, v: sub(apply(sw.to, sw.center), apply(sw.from, sw.center)) };
}

// First t in [0, 1] with distance <= level (branch and bound with the Lipschitz constant L), or -1.
function firstBelow(dist, L, level) {
	const stack = [[0, 1, dist(0), dist(1)]];
	let best = -1, guard = 0;
	while (stack.length) {
		if (++guard > 20000) return null; // too slow to decide: the caller skips the case
		const [t0, t1, d0, d1] = stack.pop();
		if (best >= 0 && t0 >= best) continue;
		if (d0 <= level) { best = t0; continue; }
		if (Math.min(d0, d1) - L * (t1 - t0) / 2 > level) continue;
		if (t1 - t0 < 1e-11) { best = t1; continue; }
		const m = 0.5 * (t0 + t1), dm = dist(m);
		stack.push([m, t1, dm, d1], [t0, m, d0, dm]);
	}
	return best;
}

// The cores in the shapes' own frames, for the runners' point checks (they pose them at the
// library's fraction with their own slerp, as sweepAt here), and the problem's scale.
function toiLocals(sA, sweepA, sB, sweepB) {
	const local = (sp) => ({ core: sp.pts.map((p) => p.map(num)), radius: sp.r });
	const reach = (sw) => Math.max(...[sw.from, sw.to].map((xf) => len(xf.position))) + len(sw.center);
	const scale = Math.max(...sA.pts.map(len)) + sA.r + Math.max(...sB.pts.map(len)) + sB.r + Math.max(reach(sweepA), reach(sweepB));
	return { localA: local(sA), localB: local(sB), scale: num(scale) };
}

function toiCases() {
	let k = 0;
	while (k < 40) {
		const TOI_KINDS = ['sphere', 'capsule', 'box', 'triangle'];
		const ka = TOI_KINDS[k % 4], kb = TOI_KINDS[(k * 3 + 1) % 4];
		const a = k % 4 === 1 ? { type: 'capsule', halfHeight: 2, radius: 0.02 } : SHAPES[ka]();
		const b = k % 4 === 3 ? { type: 'box', halfExtents: [2, 0.02, 2] } : SHAPES[kb]();
		const sA = prepare(a), sB = prepare(b);
		const sweepA = { from: { position: vec3(-5, 5), rotation: randomQuat(uniform, 0.1) }, to: { position: vec3(-0.5, 0.5), rotation: randomQuat(uniform, 0.1) }, center: [num(uniform(-0.3, 0.3)), 0, 0] };
		const sweepB = { from: { position: vec3(-0.5, 0.5), rotation: randomQuat(uniform, 0.1) }, to: { position: vec3(-0.5, 0.5), rotation: randomQuat(uniform, 0.1) }, center: [0, 0, 0] };
		const targetDistance = k % 3 === 1 ? 0.05 : 0;
		const tolerance = 1e-4;
		const dist = (t) => {
			const A = worldOf(sA, sweepAt(sweepA, t)), B = worldOf(sB, sweepAt(sweepB, t));
			return coreDistance(A, B).d - A.r - B.r;
		};
		const ra = sweepRate(sA, sweepA), rb = sweepRate(sB, sweepB);
		const L = len(sub(ra.v, rb.v)) + ra.angle * ra.rho + rb.angle * rb.rho;
		const d0 = dist(0);
		const expect = {};
		if (d0 <= targetDistance + 2 * tolerance) {
			if (d0 > targetDistance - 1e-7) { stats.skipped++; continue; }
			expect.state = 'overlapped';
		} else {
			const tPlus = firstBelow(dist, L, targetDistance + tolerance);
			const tMinus = tPlus === null ? null : firstBelow(dist, L, targetDistance - tolerance);
			if (tPlus === null || tMinus === null) { stats.skipped++; continue; }
			if (tPlus < 0) {
				const wider = firstBelow(dist, L, targetDistance + 2 * tolerance);
				if (wider === null || wider >= 0) { stats.skipped++; continue; }
				expect.state = 'separated';
			} else {
				if (tMinus < 0) { stats.skipped++; continue; }
				expect.state = 'hit';
				expect.tPlus = num(tPlus);
				expect.tMinus = num(tMinus);
			}
		}
		// The cores in the shapes' own frames, for the runners' point checks (they pose them at the
		// library's fraction with their own slerp, as sweepAt here).
		vectors.push({ id: `3d-toi-${ka}-${kb}-${k}`, query: 'timeOfImpact', a, sweepA, b, sweepB, options: { targetDistance, tolerance }, ...toiLocals(sA, sweepA, sB, sweepB),
			expect });
		stats.toi++;
		k++;
	}
}

// ------------------------------------------------------------------------------ after the PRNG cases
// Fixed cases, after every draw of the PRNG above (so the vectors before them stay as they were).

// Capped casts: needles on which the GJK ray cast reaches NP_CAST3_MAX_ITERATIONS and the cast goes
// on by conservative advancement (tools/cast3d_capped.mjs says how they were found). The references
// are the ones above: exact SAT entry times for the sharp pairs (box needle at a box, box at a hull
// needle; every axis's entry time is a lower bound of the contact, so the reference is never late),
// bisection on the brute-force distance for the capsule needle. Tolerances: lateTol as above (never
// later than the contact); fractionTol from the capped cast's documented margin instead of 1e-6 of
// the scale (which on a 1e7 needle is larger than the fractions): conservative advancement aims
// 1e-7 x its scale short of the contact distance and accepts within 2e-7 (cast3d.c castCapped: a
// needle's GJK distances are good to about 3e-8 of the scale only), so it is early by at most that
// over the closing speed |n . translation|; fractionTol is twice that, 4e-7 x scale /
// |n . translation|, and a hit at fraction 0 (the answer before castCapped) fails all but one of
// them. Two of these (hull needles 1.3e7 and 1.7e6 long) were answered late, inside the needle,
// when the margin was the ordinary stand-off (1e-10 of the scale). `capped: true` asks the runners to
// report a cast that no longer reaches the cap (not a failure: the answer is what is checked).
const unitQuat = (q) => {
	const l = Math.hypot(...q);
	return q.map((x) => num(x / l));
};

// xfA and xfB carry the quaternions as found (not unit: the runners' transforms normalise them, as
// the search did, so that the cast takes the same path); the references use them normalised here.
function pushCapped(id, a, rawA, translation, b, rawB, note) {
	const xfA = { position: rawA.position, rotation: unitQuat(rawA.rotation) }, xfB = { position: rawB.position, rotation: unitQuat(rawB.rotation) };
	const sA = prepare(a), sB = prepare(b);
	const res = castPair(sA, xfA, translation, sB, xfB, {});
	if (res === null) {
		console.log(`${id}: ill-conditioned for the reference (a graze or a near tie), left out`);
		stats.skipped++;
		return;
	}
	const A = worldOf(sA, xfA), B = worldOf(sB, xfB);
	const scale = scaleOf(A, B, translation) + Math.max(...xfA.position.map(Math.abs), ...xfB.position.map(Math.abs));
	const n = res.normal ?? res.normalHint;
	const closing = n ? Math.abs(dot(n, translation)) : len(translation);
	const extra = { capped: true, note, ...(res.hit ? { fractionTol: num(4e-7 * scale / closing) } : {}) };
	if (!pushConvex(id, a, xfA, translation, b, xfB, {}, extra)) throw new Error(`${id}: not written`);
	const v = vectors[vectors.length - 1];
	v.xf = rawA;
	v.xfB = rawB;
	// The contact normal of a needle is not checked (only that it is unit): its contacts are at
	// edges and vertices, whose cones of valid normals are wide at the needle's scale.
	delete v.expect.normal;
	if (A.r === 0 && B.r === 0) {
		// Sharp pairs: the exact rational SAT time replaces the double one (a lower bound that the
		// rounding of a needle's face normals loosens by up to 0.01 of a unit).
		const exact = exactSatCast(A.pts, B.pts, translation);
		if (exact.hit !== res.hit || (exact.hit && exact.initial !== !!res.initial)) throw new Error(`${id}: the exact SAT disagrees`);
		if (exact.hit) {
			v.note += `; exact SAT ${exact.t} (the double SAT gave ${res.t})`;
			v.expect.fraction = num(exact.t);
		}
	}
	stats.capped++;
}

function cappedCases() {
	const F = FUZZ_NEEDLE;
	const needle = { type: 'hull', points: F.points };
	const xfA = { position: F.pa, rotation: F.qa }, xfB = { position: F.pb, rotation: F.qb };
	F.moves.forEach((mv, k) => pushCapped(`3d-cast-capped-fuzz-needle-${k}`, { type: 'box', halfExtents: F.box }, xfA, mv, needle, xfB,
		'tests/native/test_fuzz_regressions_queries3d.c castAlongANeedle: a box past a hull needle 3e7 long'));
	CAPPED.forEach((c, k) => {
		const xa = { position: c.pa, rotation: c.qa }, xb = { position: [0, 0, 0], rotation: c.qb };
		if (c.kind === 0) pushCapped(`3d-cast-capped-box-needle-${k}`, { type: 'box', halfExtents: c.ha }, xa, c.mv, { type: 'box', halfExtents: c.hb }, xb, `a box needle ${c.L} long at a box`);
		else if (c.kind === 1) pushCapped(`3d-cast-capped-capsule-needle-${k}`, { type: 'capsule', halfHeight: c.capH, radius: c.capR }, xa, c.mv, { type: 'box', halfExtents: c.hb }, xb, `a capsule needle ${c.capH} long at a box`);
		else pushCapped(`3d-cast-capped-hull-needle-${k}`, { type: 'box', halfExtents: c.ha }, xa, c.mv, { type: 'hull', points: c.pts }, xb, `a box at a hull needle ${c.L} long`);
	});
}

// Duplicated triangles: the square [0, 2]^2 in z = 0 (front +z) as two triangles, stored again with
// the same winding (vertices rotated) or reversed. The reference is meshCast's brute force, which
// treats every copy as a triangle of its own (a reversed copy has the shape's centre behind it); the
// expected fraction is the closed form (height - reach) / |translation.z| (checked against the
// brute force), the normal the face normal +z, and any copy the shape lands on is accepted. The
// rounded shapes stop above the plane: coresOverlap here has no in-plane edge axes for a point or
// segment against a triangle, so a centre passing through the plane beside a triangle would count
// as touching it.
function duplicateCases() {
	const sq = [[0, 0, 0], [2, 0, 0], [2, 2, 0], [0, 2, 0]];
	const same = [0, 1, 2, 0, 2, 3, 1, 2, 0, 2, 3, 0], reversed = [0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2];
	const at = (x, y, z) => ({ position: [x, y, z], rotation: ID });
	const D = (id, shape, xf, translation, indices, closed, triangles, note, options = {}) => {
		const meshes = [{ vertices: sq, indices, transform: { position: [0, 0, 0], rotation: ID } }];
		if (!meshCast(`3d-cast-mesh-dup-${id}`, shape, xf, translation, meshes, options)) throw new Error(`dup ${id}: ill-conditioned`);
		const v = vectors[vectors.length - 1];
		const got = v.expect.hit ? v.expect.triangles.map(([, t]) => t).sort().join(',') : '';
		if (got !== triangles) throw new Error(`dup ${id}: triangles ${got}, expected ${triangles}`);
		if (closed !== null) {
			if (Math.abs(v.expect.fraction - closed) > 1e-9 || v.expect.normal.join() !== '0,0,1') throw new Error(`dup ${id}: ${v.expect.fraction} vs the closed form ${closed}`);
			v.expect.fraction = num(closed);
		}
		v.note = note;
		stats.dup++;
	};
	const ball = { type: 'sphere', radius: 0.3 }, box = { type: 'box', halfExtents: [0.25, 0.25, 0.25] }, cap = { type: 'capsule', halfHeight: 0.5, radius: 0.2 };
	for (const [name, indices, one, all] of [['same', same, '0,2', '0,1,2,3'], ['reversed', reversed, '0', '0,1']]) {
		D(`${name}-ball`, ball, at(1.5, 0.5, 2), [0.25, 0.125, -1.75], indices, (2 - 0.3) / 1.75, one, 'a ball dropped onto triangle 0 and its copy: (2 - 0.3) / 1.75, face normal');
		D(`${name}-box`, box, at(1.25, 0.75, 1.5), [0, 0, -2], indices, (1.5 - 0.25) / 2, all, 'a box whose bottom corner lies over the diagonal: (1.5 - 0.25) / 2, face normal');
		D(`${name}-capsule`, cap, at(1.2, 1, 1), [0, 0, -0.875], indices, (1 - 0.2) / 0.875, all, 'a capsule lying across the diagonal: (1 - 0.2) / 0.875, face normal');
		D(`${name}-slide`, ball, at(0.3, 1, 0.301), [1.4, 0, 0], indices, null, '', 'a ball in its skin sliding over the diagonal: the diagonal is internal (a ghost), no hit',
			{ targetDistance: 0.01, ignoreSeparating: true });
	}
}

// A hull 54 across through a flat hull needle 3.5e7 long, not moving (fuzz_casts3d): an overlap
// test. The reference is the exact rational SAT over the hulls' points (no axis separates them:
// 6.66 deep); GJK's tetrahedron weights, measured from the needle's far corner, had said 0.38 apart.
function needleStarts() {
	const a = { type: 'hull', points: [[-26.85546875, -26.85546875, -26.85546875], [-26.85546875, 0, -26.85546875], [9.7880859375, 17.568359375, 9.79296875],
		[17.568359375, 7.5380859375, 9.8564453125], [27.3564453125, 27.3564453125, 27.3564453125], [27.3564453125, 27.3564453125, 27.2529296875]] };
	const b = { type: 'hull', points: [[18.474609375, -6.7890625, -6.7802734375], [9818386.6679677498, 17568369.154295877, 17568369.163084939],
		[-176.05348205566406, -354.07691955566406, -354.06813049316406], [39.323997536558593, 23.778099099058593, 23.786888161558593],
		[-278.53076171875, -538.23193359375, -538.22314453125], [15.911842385191406, 2.2428970726914059, 2.2516861351914059],
		[-39.164956921508789, -130.5987948121338, -130.5900057496338], [27.274768829345703, 9.7459602355957031, 9.7547492980957031]] };
	// The quaternions as found (not unit: the runners' transforms normalise them, as the fuzzer's did,
	// so that the cast takes the same path); the reference uses them normalised here.
	const rawA = { position: [-0.00097656250000000022, -0.25097656250000006, -0.00097656250000000022],
		rotation: [-0.00097656250000000022, -0.0009765625000000013, -0.00097656250000000022, -0.00097656249999999989] };
	const rawB = { position: [0, -0.25, -0.0009765625], rotation: [-20.832031250000014, 9.9999999999999995e-07, 9.9999999999999995e-07, -0.25] };
	const xfA = { position: rawA.position, rotation: unitQuat(rawA.rotation) }, xfB = { position: rawB.position, rotation: unitQuat(rawB.rotation) };
	const A = worldOf(prepare(a), xfA), B = worldOf(prepare(b), xfB);
	if (!exactSatOverlap(A.pts, B.pts)) throw new Error('needle start: the exact SAT finds a separating axis');
	const scale = scaleOf(A, B, [0, 0, 0]) + Math.max(...xfA.position.map(Math.abs), ...xfB.position.map(Math.abs));
	vectors.push({
		id: '3d-cast-zero-translation-through-a-flat-needle', query: 'shapeCast', a, xf: rawA, translation: [0, 0, 0], b, xfB: rawB, options: {}, scale: num(scale),
		fractionTol: 0, lateTol: 0, normalTol: 1e-6,
		ref: { a: { core: A.pts.map((p) => p.map(num)), radius: A.r }, b: { core: B.pts.map((p) => p.map(num)), radius: B.r } },
		note: 'a hull through a flat hull needle 3.5e7 long, not moving: overlapping by the exact SAT (fuzz_casts3d)',
		expect: { hit: true, fraction: 0, initialOverlap: true },
	});
	stats.convex++;
}

// Times of impact that start within the target distance ('overlapped' at 0): the cores apart by
// less than it (any kinds), or rounded shapes whose cores are apart by less than their radii
// (penetrating). The state from the brute-force distance at 0, which is also the separation the
// points must measure along the normal (`expect.separation`: the cores are apart in both kinds).
function toiStarts() {
	const kinds = ['sphere', 'capsule', 'box', 'hull', 'triangle'];
	let made = 0;
	for (let k = 0; made < 20 && k < 2000; k++) {
		const ka = kinds[k % 5], kb = kinds[Math.floor(k / 5) % 5];
		const a = SHAPES[ka](), b = SHAPES[kb]();
		const sA = prepare(a), sB = prepare(b);
		const sweepA = { from: { position: vec3(-1.5, 1.5), rotation: randomQuat(uniform, 0.1) }, to: { position: vec3(-2, 2), rotation: randomQuat(uniform, 0.1) }, center: [0, 0, 0] };
		const sweepB = { from: { position: [0, 0, 0], rotation: randomQuat(uniform, 0.1) }, to: { position: vec3(-0.5, 0.5), rotation: randomQuat(uniform, 0.1) }, center: [0, 0, 0] };
		const A = worldOf(sA, sweepAt(sweepA, 0)), B = worldOf(sB, sweepAt(sweepB, 0));
		const cores = coreDistance(A, B).d, gap = cores - A.r - B.r;
		const penetrating = made % 2 === 1;
		let targetDistance;
		if (penetrating) {
			if (!(cores > 0.02 && gap < -0.02)) continue;
			targetDistance = 0;
		} else {
			if (!(gap > 0.02 && gap < 0.5)) continue;
			targetDistance = num(gap + uniform(0.05, 0.3));
		}
		vectors.push({ id: `3d-toi-start-${penetrating ? 'overlapping' : 'within-target'}-${ka}-${kb}-${made}`, query: 'timeOfImpact', a, sweepA, b, sweepB,
			options: { targetDistance, tolerance: 1e-4 }, ...toiLocals(sA, sweepA, sB, sweepB), expect: { state: 'overlapped', separation: num(gap) } });
		stats.toi++;
		made++;
	}
}

convexCases();
meshCases();
toiCases();
cappedCases();
duplicateCases();
needleStarts();
toiStarts();
writeVectorFile('3d_cast.json', {
	dim: 3, generator: 'tools/gen_vectors_cast3d.mjs',
	description: 'shape casts (convex pairs, meshes with seams and a cliff, tunnelling bait) and time of impact (issue 13); see the header of tools/gen_vectors_cast3d.mjs',
}, vectors);
console.log(`3d_cast.json: ${vectors.length} vectors (${stats.convex} convex casts, ${stats.mesh} mesh casts, ${stats.toi} TOI, ${stats.capped} capped casts, ${stats.dup} on duplicated triangles; ${stats.skipped} ill-conditioned skipped)`);
