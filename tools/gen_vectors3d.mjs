#!/usr/bin/env node
// Generates the shared 3D test vectors tests/vectors/3d_*.json (format: tests/vectors/README.md,
// with the 3D shapes and transforms below).
//
//   node tools/gen_vectors3d.mjs            (or: make vectors)
//
// Plain Node, no dependencies, and never the library: every expected value comes from closed forms
// or brute force over the shapes' cores, in this file's own arithmetic (its own quaternion
// rotation).
//
// 3D shape specs (as stored in the vectors; the JS calls are np.sphere(r), np.capsule3d(h, r),
// np.box3d(hx, hy, hz), np.hull3d(points), np.triangle3d(a, b, c)):
//   { type: 'sphere', radius }            { type: 'capsule', halfHeight, radius }  (segment on local y)
//   { type: 'box', halfExtents: [hx, hy, hz] }
//   { type: 'hull', points: [[x, y, z], ...] }   { type: 'triangle', points: [a, b, c] }
// Transforms: { position: [x, y, z], rotation: [x, y, z, w] } (unit quaternion; C builds them with
// npMakeTransform3, which normalises; the generator normalises them too).
//
// The reference, for two shapes each given as a convex core (a point, a segment, a box, the hull of
// a point set, a triangle) inflated by a radius (0 for sharp shapes):
//  - core distance: the minimum over segment-segment distances between all pairs of A's and B's
//    core vertices (so every edge pair) and point-triangle distances between each core vertex and
//    every triangle of the other core's vertices (so every vertex-face pair). Segments and triangles
//    of a convex set's vertices lie inside it, so none undercuts the true distance, and the true
//    closest pair is among them. 0 (within 1e-12) means the cores touch or overlap;
//  - penetration depth when the cores overlap: SAT, min over candidate axes n of the overlap
//    o(n) = hA(n) + hB(-n) (support functions), plus rA + rB. Candidates: the normals of every
//    supporting triangle of each core (its faces), the cross products of every pair of edges
//    (every pair of hull-vertex differences: a superset of the edges), and perpendiculars of
//    segment cores. Overlap along any axis is never below the depth, and the best axis (a face
//    normal or an edge-edge cross product of the Minkowski difference) is among the candidates, so
//    the minimum is exact;
//  - rounding-only overlap (cores apart, within rA + rB): depth rA + rB - coreDistance.
// `expect.normal` is given only where the best axis is unique (the next axis more than 1e-6 rad away
// is worse by more than 1e-6).
//
// Vector fields as in 2D: id, query, a, b, xfA, xfB, tol, ref, expect, note. `ref` holds the
// world-space cores for checking witness points: coreA (hull vertices), radiusA, planesA (world
// planes [nx, ny, nz, d] of a polyhedral core, n.x <= d inside; a flat core has both sides and its
// in-plane edge planes, so "on the surface" is max(n.x - d) == 0), and the same for B.
// expect: overlap {overlap} | {touching}; distance {distance}; penetration {overlap, depth, normal?,
// touching?}; shape (hull construction) {vertexCount, faceCount, edgeCount} or {error};
// transform {error} (the transform under test is xfA).
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { add, sub, mul, dot, cross, len, unit, ID, rotate, apply, localCore, support } from './ref3d.mjs';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'vectors');
const TOL_UNIT = 1e-9;
const TOL_FAR = 1e-6;

// ------------------------------------------------------------------------------------ helpers
function makeRandom(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
const rand = makeRandom(3031121);
const uniform = (lo, hi) => lo + (hi - lo) * rand();

function enc(x) {
	if (Number.isNaN(x)) return 'NaN';
	if (x === Infinity) return 'Infinity';
	if (x === -Infinity) return '-Infinity';
	return x;
}

function randomUnit() {
	for (;;) {
		const p = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
		const l = len(p);
		if (l > 0.1 && l <= 1) return mul(1 / l, p);
	}
}
function randomQuat() {
	for (;;) {
		const q = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
		const l = Math.hypot(...q);
		if (l > 0.1 && l <= 1) return q.map((c) => c / l);
	}
}
const xf = (position, rotation = ID) => ({ position, rotation });

// Faces of a point set by brute force: supporting planes through triples (all points on one side
// within eps), deduplicated. Returns { planes: [[n, d]], verts: indices of hull vertices, flat }.
function hullInfo(pts) {
	const n = pts.length;
	let scale = 0;
	for (const p of pts) scale = Math.max(scale, Math.abs(p[0]), Math.abs(p[1]), Math.abs(p[2]));
	let extent = 0;
	for (let k = 0; k < 3; k++) extent = Math.max(extent, Math.max(...pts.map((p) => p[k])) - Math.min(...pts.map((p) => p[k])));
	const eps = 1e-10 * extent + 1e-13 * scale;
	const planes = [];
	const onHull = new Array(n).fill(false);
	let flatNormal = null;
	for (let i = 0; i < n; i++)
		for (let j = i + 1; j < n; j++)
			for (let k = j + 1; k < n; k++) {
				const c = cross(sub(pts[j], pts[i]), sub(pts[k], pts[i]));
				const l = len(c);
				if (!(l > 1e-9 * extent * extent)) continue;
				let nrm = mul(1 / l, c);
				const d0 = dot(nrm, pts[i]);
				let above = 0, below = 0;
				for (const p of pts) {
					const s = dot(nrm, p) - d0;
					if (s > eps) above++;
					else if (s < -eps) below++;
				}
				if (above && below) continue;
				if (!above && !below) flatNormal = flatNormal || nrm;
				const sides = !above && !below ? [nrm, mul(-1, nrm)] : [above ? mul(-1, nrm) : nrm];
				for (const s of sides) {
					const d = Math.max(...pts.map((p) => dot(s, p)));
					if (!planes.some(([m, e]) => dot(m, s) > 1 - 1e-12 && Math.abs(e - d) < eps)) planes.push([s, d]);
				}
				onHull[i] = onHull[j] = onHull[k] = true;
			}
	// Hull vertices: points not inside the hull of the others (on >= 3 distinct face planes, or a
	// polygon vertex when flat). Computed as: extreme along some face-plane combination; simplest
	// exact test here: p is a vertex iff it is not a convex combination, i.e. it is the unique
	// maximiser of some direction. We use: p on the hull and not inside any triangle/segment of
	// other hull points on the same planes.
	const verts = [];
	for (let i = 0; i < n; i++) {
		if (!onHull[i]) continue;
		// Count distinct planes through p; a vertex of a 3D hull is on >= 3 non-parallel planes, a
		// vertex of a flat hull on 2 edge planes plus the two sides.
		let dup = false;
		for (const v of verts) if (len(sub(pts[v], pts[i])) <= eps) dup = true;
		if (dup) continue;
		verts.push(i);
	}
	return { planes, verts, flat: flatNormal !== null && planes.length <= 2 ? flatNormal : null, eps };
}

// World core: vertices, radius, and for polyhedral cores the planes (with flat edge planes).
function worldCore(spec, t) {
	const { pts, r } = localCore(spec);
	const w = pts.map((p) => apply(t, p));
	const out = { pts: w, r, planes: null };
	if (spec.type === 'box' || spec.type === 'hull' || spec.type === 'triangle') {
		const info = hullInfo(w);
		let planes = info.planes;
		if (info.flat) {
			// Flat: the two sides plus the in-plane edge planes (pairs with all points on one side).
			const nrm = info.flat;
			for (let i = 0; i < w.length; i++)
				for (let j = 0; j < w.length; j++) {
					if (i === j) continue;
					const e = sub(w[j], w[i]);
					if (!(len(e) > info.eps)) continue;
					const s = unit(cross(e, nrm));
					const d = dot(s, w[i]);
					if (w.every((p) => dot(s, p) - d <= info.eps) && !planes.some(([m, dd]) => dot(m, s) > 1 - 1e-12 && Math.abs(dd - d) < info.eps))
						planes.push([s, d]);
				}
		}
		out.planes = planes;
		out.flat = !!info.flat;
		out.pts = info.verts.map((i) => w[i]);
	}
	return out;
}

// ------------------------------------------------------------------------------------ distance
function closestOnSegment(p, a, b) {
	const e = sub(b, a);
	const ee = dot(e, e);
	if (ee === 0) return a;
	const t = Math.min(1, Math.max(0, dot(sub(p, a), e) / ee));
	return add(a, mul(t, e));
}
// Ericson's segment-segment closest points: squared distance.
function segSeg(p1, q1, p2, q2) {
	const d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
	const a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
	let s, t;
	if (a <= 1e-300 && e <= 1e-300) return dot(r, r);
	if (a <= 1e-300) { s = 0; t = Math.min(1, Math.max(0, f / e)); }
	else {
		const c = dot(d1, r);
		if (e <= 1e-300) { t = 0; s = Math.min(1, Math.max(0, -c / a)); }
		else {
			const b = dot(d1, d2), den = a * e - b * b;
			s = den !== 0 ? Math.min(1, Math.max(0, (b * f - c * e) / den)) : 0;
			t = (b * s + f) / e;
			if (t < 0) { t = 0; s = Math.min(1, Math.max(0, -c / a)); }
			else if (t > 1) { t = 1; s = Math.min(1, Math.max(0, (b - c) / a)); }
		}
	}
	const c1 = add(p1, mul(s, d1)), c2 = add(p2, mul(t, d2));
	return dot(sub(c1, c2), sub(c1, c2));
}
// Ericson's closest point on a triangle.
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
	if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) return add(b, mul((d4 - d3) / (d4 - d3 + (d5 - d6)), sub(c, b)));
	const den = va + vb + vc;
	if (!(den > 0)) {
		let best = closestOnSegment(p, a, b);
		for (const q of [closestOnSegment(p, b, c), closestOnSegment(p, c, a)]) if (len(sub(q, p)) < len(sub(best, p))) best = q;
		return best;
	}
	return add(a, add(mul(vb / den, ab), mul(vc / den, ac)));
}
function pointInsideCore(p, core, eps) {
	if (!core.planes) return false;
	return core.planes.every(([n, d]) => dot(n, p) - d <= eps);
}
function coreDistance(A, B) {
	let best = Infinity;
	const pa = A.pts, pb = B.pts;
	for (let i = 0; i < pa.length; i++)
		for (let j = i; j < pa.length; j++)
			for (let k = 0; k < pb.length; k++)
				for (let l = k; l < pb.length; l++) best = Math.min(best, segSeg(pa[i], pa[j], pb[k], pb[l]));
	const pointTri = (P, Q) => {
		for (const p of P)
			for (let i = 0; i < Q.length; i++)
				for (let j = i + 1; j < Q.length; j++)
					for (let k = j + 1; k < Q.length; k++) {
						const q = closestOnTriangle(p, Q[i], Q[j], Q[k]);
						const d = sub(q, p);
						best = Math.min(best, dot(d, d));
					}
	};
	pointTri(pa, pb);
	pointTri(pb, pa);
	return Math.sqrt(best);
}

function perpendiculars(d) {
	const u = unit(d);
	const t = Math.abs(u[0]) >= 0.57735 ? unit([u[1], -u[0], 0]) : unit([0, u[2], -u[1]]);
	return [t, cross(u, t)];
}
// Candidate axes of a core pair (unit vectors; sign irrelevant).
function candidateAxes(A, B) {
	const axes = [];
	for (const C of [A, B]) {
		if (C.planes) for (const [n] of C.planes) axes.push(n);
		if (C.pts.length === 2) axes.push(...perpendiculars(sub(C.pts[1], C.pts[0])));
	}
	const dirs = (pts) => {
		const out = [];
		for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) out.push(sub(pts[j], pts[i]));
		return out;
	};
	const da = dirs(A.pts), db = dirs(B.pts);
	for (const a of da)
		for (const b of db) {
			const c = cross(a, b);
			const l = len(c);
			if (l > 1e-12 * len(a) * len(b)) axes.push(mul(1 / l, c));
		}
	axes.push([1, 0, 0], [0, 1, 0], [0, 0, 1]);
	return axes;
}
// Core penetration by SAT: { depth, normal (A to B), unique }.
function coreSat(A, B) {
	let best = Infinity, normal = null;
	const results = [];
	for (const u of candidateAxes(A, B))
		for (const s of [u, mul(-1, u)]) {
			const o = support(A.pts, s) + support(B.pts, mul(-1, s));
			results.push([o, s]);
			if (o < best) { best = o; normal = s; }
		}
	let second = Infinity;
	for (const [o, s] of results) if (dot(s, normal) < Math.cos(1e-6) && o < second) second = o;
	return { depth: best, normal, unique: second - best > 1e-6 };
}

// ------------------------------------------------------------------------------------ references
function pairReference(a, xa, b, xb) {
	const A = worldCore(a, xa), B = worldCore(b, xb);
	const scale = Math.max(1, ...[...A.pts, ...B.pts].map((p) => Math.max(...p.map(Math.abs))));
	const r = A.r + B.r;
	const ref = { coreA: A.pts, radiusA: A.r, coreB: B.pts, radiusB: B.r };
	if (A.planes) ref.planesA = A.planes.map(([n, d]) => [...n, d]);
	if (B.planes) ref.planesB = B.planes.map(([n, d]) => [...n, d]);
	const touchBand = 1e-12 * scale;
	// Do the cores intersect? With a core of 3 or more points the SAT candidates are complete
	// (every facet normal of the Minkowski difference, in-plane edge normals of flat cores
	// included). Points and segments alone: their exact segment-segment distance.
	const sat = A.pts.length >= 3 || B.pts.length >= 3 ? coreSat(A, B) : null;
	const apart = sat ? sat.depth < -touchBand : coreDistance(A, B) > touchBand;
	if (apart) {
		// Separated cores: feature-pair distance (exact for separated convex sets).
		const cd = coreDistance(A, B);
		const gap = cd - r;
		if (r > 0 && gap < 0)
			return { ref, distance: 0, overlap: true, depth: -gap, normal: null, unique: false, touching: Math.abs(gap) <= touchBand };
		return { ref, distance: gap, overlap: false, touching: Math.abs(gap) <= touchBand };
	}
	const coreDepth = sat ? Math.max(0, sat.depth) : 0;
	const depth = coreDepth + r;
	return { ref, distance: 0, overlap: true, depth, normal: sat ? sat.normal : null,
		unique: !!sat && sat.unique && coreDepth > touchBand, touching: depth <= touchBand };
}

// ------------------------------------------------------------------------------------ cases
const files = { overlap: [], distance: [], penetration: [], shapes: [], errors: [] };
const ids = new Set();
function push(file, v) {
	if (ids.has(v.id)) throw new Error('duplicate id ' + v.id);
	ids.add(v.id);
	files[file].push(v);
}
const round = (x) => x; // keep full precision

function addPair(name, a, xa, b, xb, opts = {}) {
	const far = Math.max(...xa.position.map(Math.abs), ...xb.position.map(Math.abs)) > 100;
	const tol = opts.tol ?? (far ? TOL_FAR : TOL_UNIT);
	const res = pairReference(a, xa, b, xb);
	const base = { a, xfA: xa, b, xfB: xb, tol, ref: res.ref };
	if (opts.note) base.note = opts.note;
	const queries = opts.queries || ['overlap', 'distance', 'penetration'];
	if (queries.includes('penetration')) {
		const expect = { overlap: res.overlap };
		if (res.touching) expect.touching = true;
		if (res.overlap) {
			expect.depth = round(res.depth);
			if (res.normal && res.unique) expect.normal = res.normal;
		}
		push('penetration', { id: `3d-pen-${name}`, query: 'penetration', ...base, expect });
	}
	if (queries.includes('distance')) {
		push('distance', { id: `3d-dist-${name}`, query: 'distance', ...base, expect: { distance: Math.max(0, res.distance) } });
	}
	if (queries.includes('overlap')) {
		const expect = res.touching ? { touching: true } : { overlap: res.overlap };
		push('overlap', { id: `3d-ov-${name}`, query: 'overlap', ...base, expect });
	}
	return res;
}

const num = (x) => Number(x.toPrecision(17));
const randomBox = () => ({ type: 'box', halfExtents: [uniform(0.2, 1), uniform(0.2, 1), uniform(0.2, 1)].map(num) });
function randomHull(n = 12 + Math.floor(rand() * 21)) {
	const s = [uniform(0.4, 1), uniform(0.4, 1), uniform(0.4, 1)];
	const points = [];
	while (points.length < n) {
		const p = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
		if (dot(p, p) <= 1) points.push([p[0] * s[0], p[1] * s[1], p[2] * s[2]]);
	}
	return { type: 'hull', points };
}
function randomTriangle() {
	for (;;) {
		const points = [0, 1, 2].map(() => [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)]);
		if (len(cross(sub(points[1], points[0]), sub(points[2], points[0]))) > 0.3) return { type: 'triangle', points };
	}
}
function randomFlatHull() {
	const n = 5 + Math.floor(rand() * 8);
	const points = [];
	for (let i = 0; i < n; i++) points.push([uniform(-1, 1), uniform(-1, 1), 0]);
	return { type: 'hull', points };
}
const randomSphere = () => ({ type: 'sphere', radius: uniform(0.2, 0.8) });
const randomCapsule = () => ({ type: 'capsule', halfHeight: uniform(0.2, 0.8), radius: uniform(0.1, 0.5) });
const makers = { sphere: randomSphere, capsule: randomCapsule, box: randomBox, hull: () => randomHull(), triangle: randomTriangle, flat: randomFlatHull };

// Random pose of B around A: overlapping (offset < reach) or apart.
function randomPair(kindA, kindB, reach) {
	const a = makers[kindA](), b = makers[kindB]();
	const xa = xf([uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)], randomQuat());
	const xb = xf(add(xa.position, mul(reach * rand(), randomUnit())), randomQuat());
	return { a, b, xa, xb };
}

// 1. Random pairs of every type pair, both overlapping and apart.
const kinds = ['sphere', 'capsule', 'box', 'hull', 'triangle', 'flat'];
for (let i = 0; i < kinds.length; i++)
	for (let j = i; j < kinds.length; j++) {
		const count = (kinds[i] === 'box' && kinds[j] === 'box') || (kinds[i] === 'hull' && kinds[j] === 'hull') ? 24 : 6;
		for (let k = 0; k < count; k++) {
			// Alternate close (mostly overlapping) and wide (mostly apart) placements.
			const { a, b, xa, xb } = randomPair(kinds[i], kinds[j], k % 3 === 2 ? 3.0 : 1.2);
			addPair(`${kinds[i]}-${kinds[j]}-random-${k}`, a, xa, b, xb, { queries: k % 2 ? ['penetration', 'distance'] : ['penetration', 'overlap'] });
		}
	}

// 2. The degenerate cases of the issue.
const cube = { type: 'box', halfExtents: [0.5, 0.5, 0.5] };
addPair('box-box-coincident', cube, xf([0, 0, 0]), cube, xf([0, 0, 0]), { note: 'two coincident unit cubes: depth 1 along a face normal (Bullet: 1/sqrt 3)' });
{
	const q = randomQuat();
	addPair('box-box-coincident-rotated', cube, xf([3, -2, 7], q), cube, xf([3, -2, 7], q));
}
for (let k = 0; k < 4; k++) {
	const h = randomHull();
	const t = xf([uniform(-5, 5), 0, 1], randomQuat());
	addPair(`hull-hull-coincident-${k}`, h, t, h, t, { note: 'identical hulls at the same place' });
}
const s45 = Math.sin(Math.PI / 8), c45 = Math.cos(Math.PI / 8);
const touching = [
	['face-face', [1, 0, 0], ID],
	['face-face-offset', [1, 0.25, -0.125], ID],
	['edge-on-face', [0.5 + Math.SQRT1_2, 0, 0], [0, 0, s45, c45]],
	['edge-edge', [1, 1, 0], ID],
	['vertex-vertex', [1, 1, 1], ID],
];
for (const [what, p, q] of touching) addPair(`box-box-touching-${what}`, cube, xf([0, 0, 0]), cube, xf(p, q), { note: 'touching: depth 0' });
for (const [k, dir] of [[0, [1, 0, 0]], [1, [0, 1, 0]], [2, [0, 0, 1]], [3, unit([1, 1, 0])]]) {
	const q = k === 3 ? [0, 0, s45, c45] : ID;
	const d = k === 3 ? 0.5 + Math.SQRT1_2 : 1;
	const p = mul(d - 1e-6, dir);
	addPair(`box-box-overlap-1e-6-${k}`, cube, xf([0, 0, 0]), cube, xf(p, q), { note: '1e-6 overlap' });
}
for (let k = 0; k < 6; k++) {
	const kindsFar = [['box', 'box'], ['hull', 'hull'], ['box', 'hull'], ['sphere', 'box'], ['capsule', 'hull'], ['triangle', 'box']][k];
	const { a, b, xa, xb } = randomPair(kindsFar[0], kindsFar[1], 1.0);
	const off = [1e4, -1e4, 5e3];
	addPair(`${kindsFar[0]}-${kindsFar[1]}-far-${k}`, a, xf(add(xa.position, off), xa.rotation), b, xf(add(xb.position, off), xb.rotation), { note: '1e4 offset' });
}
{
	// Flat hulls: coplanar overlapping (depth 0 along the plane normal), and crossing a box.
	const fa = { type: 'hull', points: [[0.1, 0.1, 0], [-0.8, 0.1, 0], [0.1, -0.8, 0], [0.7, 0.5, 0], [-0.3, 0.9, 0]] };
	const fb = { type: 'hull', points: [[0.2, -0.1, 0], [-0.9, 0.3, 0], [0.0, -0.7, 0], [0.6, 0.6, 0]] };
	const q = randomQuat();
	addPair('flat-flat-coplanar', fa, xf([1, 2, 3], q), fb, xf(add([1, 2, 3], rotate(q, [0.1, -0.05, 0])), q), { note: 'coplanar flat hulls: depth 0' });
	const sq = { type: 'hull', points: [[-1.5, -1.5, 0], [1.5, -1.5, 0], [-1.5, 1.5, 0], [1.5, 1.5, 0], [0, 0, 0], [0.5, 1.5, 0]] };
	addPair('box-flat-square-through', cube, xf([0, 0, 0]), sq, xf([0.1, 0.2, 0.05], randomQuat()));
	const t1 = { type: 'triangle', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] };
	const t2 = { type: 'triangle', points: [[0.2, 0.2, 0], [-1, 0.2, 0], [0.2, -1, 0]] };
	addPair('triangle-triangle-coplanar', t1, xf([0, 0, 0]), t2, xf([0, 0, 0]), { note: 'coplanar triangles: depth 0' });
	addPair('triangle-triangle-crossing', t1, xf([0, 0, 0]), t2, xf([0.1, 0.1, 0], [Math.SQRT1_2, 0, 0, Math.SQRT1_2]));
}
{
	// Spheres and capsules: closed forms through the same brute force.
	const s1 = { type: 'sphere', radius: 1 }, s2 = { type: 'sphere', radius: 2 };
	addPair('sphere-sphere-concentric', s1, xf([5, 5, 5]), s2, xf([5, 5, 5]), { note: 'concentric: depth 3, any normal' });
	addPair('sphere-sphere-touching', s1, xf([0, 0, 0]), s2, xf([0, 3, 0]));
	const c1 = { type: 'capsule', halfHeight: 1, radius: 0.25 }, c2 = { type: 'capsule', halfHeight: 1, radius: 0.5 };
	addPair('capsule-capsule-crossing', c1, xf([0, 0, 0]), c2, xf([0, 0, 0], [0, 0, Math.SQRT1_2, Math.SQRT1_2]), { note: 'crossing segments: depth rA + rB along their common perpendicular' });
	addPair('capsule-capsule-collinear', c1, xf([0, 0, 0]), c2, xf([0, 0.5, 0]), { note: 'collinear segments: depth rA + rB sideways' });
	addPair('capsule-capsule-parallel', c1, xf([0, 0, 0]), c2, xf([0.5, 0.3, 0]));
	const tri = { type: 'triangle', points: [[-1, -1, 0], [2, -1, 0], [-1, 2, 0]] };
	const s3 = { type: 'sphere', radius: 0.3 };
	addPair('triangle-sphere-centred-in-plane', tri, xf([0, 0, 0]), s3, xf([0, 0, 0]), { note: 'sphere centre in the triangle: depth r along the plane normal' });
	addPair('triangle-sphere-below', tri, xf([0, 0, 0]), s3, xf([0, 0, -0.1]));
	addPair('box-sphere-centre-on-vertex', cube, xf([0, 0, 0]), s3, xf([0.5, 0.5, 0.5]));
	addPair('box-sphere-centre-on-edge', cube, xf([0, 0, 0]), s3, xf([0.5, 0.5, 0]));
	addPair('box-capsule-along-edge', cube, xf([0, 0, 0]), c1, xf([0.5, 0, 0.5]));
}

// 3. Hull construction (shape vectors): counts from the brute-force hull of the points.
function addShape(name, points, expect, note) {
	const v = { id: `3d-shape-${name}`, query: 'shape', a: { type: 'hull', points }, tol: TOL_UNIT, expect };
	if (note) v.note = note;
	push('shapes', v);
}
{
	const lattice = [];
	for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) for (let k = 0; k < 5; k++) lattice.push([-1 + 0.5 * i, -1 + 0.5 * j, -1 + 0.5 * k]);
	addShape('cube-lattice', lattice, { vertexCount: 8, faceCount: 6, edgeCount: 12 }, '125 points on and inside a cube: coplanar faces merged');
	const q = randomQuat();
	addShape('cube-lattice-rotated', lattice.map((p) => rotate(q, p)), { vertexCount: 8, faceCount: 6, edgeCount: 12 });
	const welded = [];
	for (let c = 0; c < 8; c++)
		for (let r = 0; r < 4; r++)
			welded.push([(c & 1 ? 1 : -1) + uniform(-1e-13, 1e-13), (c & 2 ? 2 : -2) + uniform(-1e-13, 1e-13), (c & 4 ? 3 : -3) + uniform(-1e-13, 1e-13)]);
	addShape('box-welded-corners', welded, { vertexCount: 8, faceCount: 6, edgeCount: 12 }, 'each corner 4 times within 1e-13: welded');
	const prism = [];
	for (let i = 0; i < 6; i++) for (const z of [-1, 0, 1]) prism.push([Math.cos(i * Math.PI / 3), Math.sin(i * Math.PI / 3), z]);
	addShape('hexagonal-prism', prism, { vertexCount: 12, faceCount: 8, edgeCount: 18 });
	const tetra = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [0.1, 0.1, 0.1], [0.2, 0.2, 0.05]];
	addShape('tetrahedron', tetra, { vertexCount: 4, faceCount: 4, edgeCount: 6 });
	const square = [];
	for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) square.push(rotate(q, [i * 0.2, j * 0.2, 0]));
	addShape('flat-square', square, { vertexCount: 4, faceCount: 2, edgeCount: 4 }, 'flat input: a two-sided square');
	addShape('flat-triangle', [[0, 0, 0], [1, 0, 0], [0, 1, 0]], { vertexCount: 3, faceCount: 2, edgeCount: 3 });
	// Random clouds: brute-force counts (general position: every hull face a triangle).
	for (let k = 0; k < 6; k++) {
		const h = randomHull(12 + 4 * k);
		const info = hullInfo(h.points);
		const V = info.verts.length, F = info.planes.length;
		addShape(`random-cloud-${k}`, h.points, { vertexCount: V, faceCount: F, edgeCount: V + F - 2 });
	}
	// 256 input points on two circles: 256 hull vertices exactly (the capacity).
	const ring = [];
	for (let i = 0; i < 128; i++) for (const z of [-0.5, 0.5]) ring.push([Math.cos((2 * Math.PI * i) / 128), Math.sin((2 * Math.PI * i) / 128), z]);
	addShape('prism-256-vertices', ring, { vertexCount: 256, faceCount: 130, edgeCount: 384 }, '128-gon prism: 256 vertices (NP_MAX_HULL_VERTICES)');
	// 4096 input points: a 16x16x16 lattice, 8 vertices.
	const big = [];
	for (let i = 0; i < 16; i++) for (let j = 0; j < 16; j++) for (let k = 0; k < 16; k++) big.push([i, j, k]);
	addShape('lattice-4096-points', big, { vertexCount: 8, faceCount: 6, edgeCount: 12 }, 'NP_MAX_HULL_INPUT points');
}

// 4. Bad input: constructors and transforms.
function addError(name, spec, error, note) {
	const v = { id: `3d-err-${name}`, query: 'shape', a: spec, tol: 0, expect: { error } };
	if (note) v.note = note;
	push('errors', v);
}
addError('sphere-zero-radius', { type: 'sphere', radius: 0 }, 'NP_ERR_INVALID_RADIUS');
addError('sphere-nan-radius', { type: 'sphere', radius: enc(NaN) }, 'NP_ERR_NON_FINITE');
addError('capsule-zero-height', { type: 'capsule', halfHeight: 0, radius: 1 }, 'NP_ERR_INVALID_EXTENT');
addError('capsule-negative-radius', { type: 'capsule', halfHeight: 1, radius: -1 }, 'NP_ERR_INVALID_RADIUS');
addError('box-zero-extent', { type: 'box', halfExtents: [1, 0, 1] }, 'NP_ERR_INVALID_EXTENT');
addError('box-infinite-extent', { type: 'box', halfExtents: [1, enc(Infinity), 1] }, 'NP_ERR_NON_FINITE');
addError('triangle-collinear', { type: 'triangle', points: [[0, 0, 0], [1, 1, 1], [2, 2, 2]] }, 'NP_ERR_DEGENERATE');
addError('triangle-nan', { type: 'triangle', points: [[0, 0, 0], [1, enc(NaN), 1], [2, 0, 2]] }, 'NP_ERR_NON_FINITE');
addError('hull-two-points', { type: 'hull', points: [[0, 0, 0], [1, 0, 0]] }, 'NP_ERR_DEGENERATE');
addError('hull-collinear', { type: 'hull', points: [0, 1, 2, 3, 4].map((i) => [i, 2 * i, -i]) }, 'NP_ERR_DEGENERATE');
addError('hull-coincident', { type: 'hull', points: [0, 1, 2, 3].map(() => [1, 1, 1]) }, 'NP_ERR_DEGENERATE');
addError('hull-nan', { type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, enc(NaN), 0], [0, 0, 1]] }, 'NP_ERR_NON_FINITE');
addError('hull-huge', { type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, 1e13, 0], [0, 0, 1]] }, 'NP_ERR_NON_FINITE');
{
	const sphere = [];
	for (let i = 0; i < 400; i++) {
		const u = randomUnit();
		sphere.push(u);
	}
	addError('hull-400-vertices', { type: 'hull', points: sphere }, 'NP_ERR_TOO_MANY_POINTS', 'more than 256 hull vertices');
	const many = [];
	for (let i = 0; i < 4097; i++) many.push([i % 17, (i * 7) % 19, (i * 13) % 23]);
	addError('hull-4097-points', { type: 'hull', points: many }, 'NP_ERR_TOO_MANY_POINTS', 'more than NP_MAX_HULL_INPUT points');
}
function addTransformError(name, t, error) {
	push('errors', { id: `3d-err-${name}`, query: 'transform', a: cube, xfA: t, b: cube, xfB: xf([0, 0, 0]), tol: 0, expect: { error } });
}
addTransformError('transform-zero-quaternion', xf([1, 2, 3], [0, 0, 0, 0]), 'NP_ERR_INVALID_TRANSFORM');
addTransformError('transform-nan-quaternion', xf([1, 2, 3], [0, enc(NaN), 0, 1]), 'NP_ERR_NON_FINITE');
addTransformError('transform-infinite-position', xf([enc(Infinity), 2, 3], ID), 'NP_ERR_NON_FINITE');
addTransformError('transform-huge-position', xf([1e13, 2, 3], ID), 'NP_ERR_NON_FINITE');
push('errors', { id: '3d-err-transform-non-unit-quaternion-ok', query: 'transform', a: cube, xfA: xf([1, 2, 3], [0, 0, 0, 1.000001]), b: cube, xfB: xf([0, 0, 0]), tol: 0, expect: { error: 'NP_OK' }, note: 'slightly non-unit: normalised, accepted' });

// ------------------------------------------------------------------------------------ output
mkdirSync(OUT_DIR, { recursive: true });
let total = 0;
for (const [name, list] of Object.entries(files)) {
	const doc = {
		format: 'narrowphase-vectors', version: 1, dim: 3, generator: 'tools/gen_vectors3d.mjs',
		description: `3D ${name} vectors; see tests/vectors/README.md and the header of tools/gen_vectors3d.mjs`,
		count: list.length, vectors: null,
	};
	const body = list.map((v) => '    ' + JSON.stringify(v)).join(',\n');
	const head = JSON.stringify(doc, null, 2).replace(/\n}$/, '').replace(/"vectors": null$/, '"vectors": [');
	writeFileSync(join(OUT_DIR, `3d_${name}.json`), `${head}\n${body}\n  ]\n}\n`);
	total += list.length;
	console.log(`3d_${name}.json: ${list.length} vectors`);
}
console.log(`total: ${total} 3D vectors`);
