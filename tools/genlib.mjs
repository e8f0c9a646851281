// What the shared-vector generators (tools/gen_*vectors*.mjs) have in common: seeded random
// numbers, the generators' own 3D arithmetic (vectors, the quaternion rotation, shape cores,
// supporting planes, closest points, separating axes), random shapes and poses, and writing the
// vector files. Plain Node and independent of the library: the expected values are computed here and
// in the generators, never by the code under test.
//
// The arithmetic is part of the vectors: every value written is the result of these exact
// operations, so a change here shows up as a change in tests/vectors/*.json after `make vectors`
// (which must reproduce the committed files byte for byte).
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** tests/vectors, where the generated files go. */
export const VECTOR_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'vectors');

// ------------------------------------------------------------------------------------ numbers
/** mulberry32: a tiny deterministic PRNG, uniform in [0, 1). */
export function mulberry32(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** xorshift32 (Marsaglia), uniform in [0, 1). */
export function xorshift32(seed) {
	let s = seed >>> 0;
	return () => {
		s ^= s << 13; s >>>= 0;
		s ^= s >>> 17;
		s ^= s << 5; s >>>= 0;
		return s / 4294967296;
	};
}

/** uniform(lo, hi) drawing from rand. */
export const uniformFrom = (rand) => (lo, hi) => lo + (hi - lo) * rand();

/** A double through its 17-digit decimal form (the same double: JSON round-trips it exactly). */
export const num = (x) => Number(x.toPrecision(17));

/** JSON cannot hold NaN or infinities: they are written as strings. */
export function enc(x) {
	if (Number.isNaN(x)) return 'NaN';
	if (x === Infinity) return 'Infinity';
	if (x === -Infinity) return '-Infinity';
	return x;
}

// ------------------------------------------------------------------------------------ 3D vectors
export const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const mul = (s, a) => [s * a[0], s * a[1], s * a[2]];
export const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const len = (a) => Math.sqrt(dot(a, a));
export const unit = (a) => mul(1 / len(a), a);

// Vectors of any dimension (2D or 3D), for the generators that handle both.
export const vadd = (a, b) => a.map((x, i) => x + b[i]);
export const vsub = (a, b) => a.map((x, i) => x - b[i]);
export const vmul = (s, a) => a.map((x) => s * x);
export const vdot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
export const vlen = (a) => Math.sqrt(vdot(a, a));
export const vunit = (a) => vmul(1 / vlen(a), a);
export const vcross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

export const ID = [0, 0, 0, 1];

/** v' = q v q* for a unit quaternion q = [x, y, z, w], written out as a matrix. */
export function rotate(q, v) {
	const [x, y, z, w] = q;
	return [
		(w * w + x * x - y * y - z * z) * v[0] + 2 * (x * y - w * z) * v[1] + 2 * (x * z + w * y) * v[2],
		2 * (x * y + w * z) * v[0] + (w * w - x * x + y * y - z * z) * v[1] + 2 * (y * z - w * x) * v[2],
		2 * (x * z - w * y) * v[0] + 2 * (y * z + w * x) * v[1] + (w * w - x * x - y * y + z * z) * v[2],
	];
}

/**
 * The same rotation in the cross-product form v + w t + u x t with t = 2 u x v (u = q's vector
 * part): the mesh generator's arithmetic, which differs from the matrix form in the last bits.
 */
export function rotateByCross(q, v) {
	const u = [q[0], q[1], q[2]];
	const t = mul(2, cross(u, v));
	return add(add(v, mul(q[3], t)), cross(u, t));
}

/** World point of local point v under transform t = { position, rotation }. */
export const apply = (t, v) => add(rotate(t.rotation, v), t.position);

/** The rotation by `angle` about `axis`, each component through num. */
export function axisQuat(axis, angle) {
	const u = unit(axis), s = Math.sin(angle / 2);
	return [num(u[0] * s), num(u[1] * s), num(u[2] * s), num(Math.cos(angle / 2))];
}

// ------------------------------------------------------------------------------------ random
/** A random unit vector: a point of the unit ball longer than minLength, normalised. */
export function randomUnit(uniform, minLength) {
	for (;;) {
		const p = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
		const l = len(p);
		if (l > minLength && l <= 1) return mul(1 / l, p);
	}
}

/** A random unit quaternion: a point of the 4D unit ball longer than minLength, normalised. */
export function randomQuat(uniform, minLength) {
	for (;;) {
		const q = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
		const l = Math.hypot(...q);
		if (l > minLength && l <= 1) return q.map((c) => num(c / l));
	}
}

/** A random triangle in [-1, 1]^3 whose doubled area exceeds 0.3. */
export function randomTriangle(uniform) {
	for (;;) {
		const points = [0, 1, 2].map(() => [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)].map(num));
		if (len(cross(sub(points[1], points[0]), sub(points[2], points[0]))) > 0.3) return { type: 'triangle', points };
	}
}

// ------------------------------------------------------------------------------------ 3D shapes
/** Local core vertices and radius of a shape spec (a sphere's core is its centre, a capsule's its segment). */
export function localCore(spec) {
	switch (spec.type) {
		case 'sphere': return { pts: [[0, 0, 0]], r: spec.radius };
		case 'capsule': return { pts: [[0, -spec.halfHeight, 0], [0, spec.halfHeight, 0]], r: spec.radius };
		case 'box': {
			const [hx, hy, hz] = spec.halfExtents;
			const pts = [];
			for (let i = 0; i < 8; i++) pts.push([i & 1 ? hx : -hx, i & 2 ? hy : -hy, i & 4 ? hz : -hz]);
			return { pts, r: 0 };
		}
		case 'hull': case 'triangle': return { pts: spec.points.map((p) => p.slice()), r: 0 };
	}
	throw new Error('unknown shape ' + spec.type);
}

/** Sharp (polyhedral) shapes have planes; spheres and capsules are rounded points and segments. */
export const isSharp = (spec) => spec.type === 'box' || spec.type === 'hull' || spec.type === 'triangle';

/** Support value max over pts of dot(p, n). */
export function support(pts, n) {
	let m = -Infinity;
	for (const p of pts) m = Math.max(m, dot(p, n));
	return m;
}

/** The largest extent of a point set along x, y or z. */
export function extentOf(pts) {
	let extent = 0;
	for (let k = 0; k < 3; k++) extent = Math.max(extent, Math.max(...pts.map((p) => p[k])) - Math.min(...pts.map((p) => p[k])));
	return extent;
}

/** Adds the plane [s, d] unless one within eps (same direction, same offset) is there already. */
export function addPlane(planes, s, d, eps) {
	if (!planes.some(([m, e]) => dot(m, s) > 1 - 1e-12 && Math.abs(e - d) < eps)) planes.push([s, d]);
}

/** Adds the plane of normal s supporting pts (offset the largest s.p), unless already there. */
export const addSupportPlane = (planes, pts, s, eps) => addPlane(planes, s, Math.max(...pts.map((p) => dot(s, p))), eps);

/**
 * Supporting planes of a point set by brute force over triples: a triple's plane with every point
 * on one side (within eps) bounds the hull; a flat set gives both sides. Planes are [n, d] with
 * n.x <= d inside, d the largest n.p; deduplicated. Returns { planes, onHull (points on a plane),
 * flat (the first two-sided normal, or null) }.
 */
export function supportingPlanes(pts, extent, eps) {
	const n = pts.length;
	const planes = [];
	const onHull = new Array(n).fill(false);
	let flat = null;
	const push = (s) => addSupportPlane(planes, pts, s, eps);
	for (let i = 0; i < n; i++)
		for (let j = i + 1; j < n; j++)
			for (let k = j + 1; k < n; k++) {
				const c = cross(sub(pts[j], pts[i]), sub(pts[k], pts[i]));
				const l = len(c);
				if (!(l > 1e-9 * extent * extent)) continue;
				const nrm = mul(1 / l, c);
				const d0 = dot(nrm, pts[i]);
				let above = 0, below = 0;
				for (const p of pts) {
					const s = dot(nrm, p) - d0;
					if (s > eps) above++;
					else if (s < -eps) below++;
				}
				if (above && below) continue;
				if (!above && !below) {
					flat = flat || nrm;
					push(nrm);
					push(mul(-1, nrm));
				} else push(above ? mul(-1, nrm) : nrm);
				onHull[i] = onHull[j] = onHull[k] = true;
			}
	return { planes, onHull, flat };
}

/**
 * The in-plane edge planes of a flat point set with normal `normal`: for every ordered pair of
 * points at least eps apart, the plane through them perpendicular to the set with every point on
 * its inner side; calls found(s, d) with d taken at the pair's first point.
 */
export function forEachInPlaneEdgePlane(pts, normal, eps, found) {
	for (let i = 0; i < pts.length; i++)
		for (let j = 0; j < pts.length; j++) {
			if (i === j) continue;
			const e = sub(pts[j], pts[i]);
			if (!(len(e) > eps)) continue;
			const s = unit(cross(e, normal));
			const d = dot(s, pts[i]);
			if (pts.every((p) => dot(s, p) - d <= eps)) found(s, d);
		}
}

// ------------------------------------------------------------------------------------ distances
/** The point of segment [a, b] closest to p. */
export function closestOnSegment(p, a, b) {
	const e = sub(b, a);
	const ee = dot(e, e);
	if (ee === 0) return a;
	const t = Math.min(1, Math.max(0, dot(sub(p, a), e) / ee));
	return add(a, mul(t, e));
}

/**
 * Closest points of segments [p1, q1] and [p2, q2] (Ericson, "Real-Time Collision Detection"
 * 5.1.9); parallel lines (a denominator not above 0, rounding included) start from s = 0.
 * Returns [c1, c2].
 */
export function closestSegmentPoints(p1, q1, p2, q2) {
	const d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
	const a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
	let s, t;
	if (a <= 1e-300 && e <= 1e-300) return [p1, p2];
	if (a <= 1e-300) { s = 0; t = Math.min(1, Math.max(0, f / e)); }
	else {
		const c = dot(d1, r);
		if (e <= 1e-300) { t = 0; s = Math.min(1, Math.max(0, -c / a)); }
		else {
			const b = dot(d1, d2), den = a * e - b * b;
			s = den > 0 ? Math.min(1, Math.max(0, (b * f - c * e) / den)) : 0;
			t = (b * s + f) / e;
			if (t < 0) { t = 0; s = Math.min(1, Math.max(0, -c / a)); }
			else if (t > 1) { t = 1; s = Math.min(1, Math.max(0, (b - c) / a)); }
		}
	}
	return [add(p1, mul(s, d1)), add(p2, mul(t, d2))];
}

/**
 * Brute-force distance between two cores (point sets): over segments of every pair of A's points
 * against every pair of B's (so every edge pair), and each point of one against every triangle of
 * the other's points (so every vertex-face pair). Segments and triangles of a convex set's points
 * lie inside it, so none undercuts the true distance, and the true closest pair is among them.
 * segmentMeasure(p1, q1, p2, q2) and pointTriangleMeasure(p, a, b, c) give a monotone measure of
 * the distance (the distance or its square); `finish` maps the minimum back to a distance.
 */
export function bruteCoreDistance(pa, pb, segmentMeasure, pointTriangleMeasure, finish) {
	let best = Infinity;
	for (let i = 0; i < pa.length; i++)
		for (let j = i; j < pa.length; j++)
			for (let k = 0; k < pb.length; k++)
				for (let l = k; l < pb.length; l++) best = Math.min(best, segmentMeasure(pa[i], pa[j], pb[k], pb[l]));
	const pointTri = (P, Q) => {
		for (const p of P)
			for (let i = 0; i < Q.length; i++)
				for (let j = i + 1; j < Q.length; j++)
					for (let k = j + 1; k < Q.length; k++) best = Math.min(best, pointTriangleMeasure(p, Q[i], Q[j], Q[k]));
	};
	pointTri(pa, pb);
	pointTri(pb, pa);
	return finish(best);
}

/**
 * Appends to `axes` the unit cross products of every point-pair direction of A with every one of B
 * (a superset of the edge pairs). Returns `axes`.
 */
export function addEdgePairAxes(pa, pb, axes) {
	const dirs = (pts) => {
		const out = [];
		for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) out.push(sub(pts[j], pts[i]));
		return out;
	};
	const da = dirs(pa), db = dirs(pb);
	for (const a of da)
		for (const b of db) {
			const c = cross(a, b);
			const l = len(c);
			if (l > 1e-12 * len(a) * len(b)) axes.push(mul(1 / l, c));
		}
	return axes;
}

/** A pair placed beyond 100 from the origin (its tolerance scales with the coordinates). */
export const isFar = (xa, xb) => Math.max(...xa.position.map(Math.abs), ...xb.position.map(Math.abs)) > 100;

// ------------------------------------------------------------------------------------ files
/** Vectors by file, with ids unique across all files. */
export class VectorSet {
	constructor(names) {
		this.files = Object.fromEntries(names.map((n) => [n, []]));
		this.ids = new Set();
	}
	push(file, v) {
		if (this.ids.has(v.id)) throw new Error('duplicate id ' + v.id);
		this.ids.add(v.id);
		this.files[file].push(v);
	}
}

/**
 * Writes one vector file: the header fields (format, version, dim, generator, description, count)
 * pretty-printed, then one vector per line, which keeps diffs readable.
 */
export function writeVectorFile(name, header, vectors) {
	const doc = { format: 'narrowphase-vectors', version: 1, ...header, count: vectors.length, vectors: null };
	const body = vectors.map((v) => '    ' + JSON.stringify(v)).join(',\n');
	const head = JSON.stringify(doc, null, 2).replace(/\n}$/, '').replace(/"vectors": null$/, '"vectors": [');
	mkdirSync(VECTOR_DIR, { recursive: true });
	writeFileSync(join(VECTOR_DIR, name), `${head}\n${body}\n  ]\n}\n`);
}
