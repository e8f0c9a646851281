#!/usr/bin/env node
// Generates the shared 2D test vectors tests/vectors/2d_*.json (format: tests/vectors/README.md).
//
//   node tools/gen_vectors2d.mjs            (or: make vectors)
//
// Plain Node, no dependencies, and never the library: every expected value here comes from closed
// forms or from brute force over the shapes' cores, in this file's own arithmetic (Math.cos/sin for
// rotations; the library uses its own deterministic sine and cosine, which differ by ~1e-16).
//
// The reference, for two shapes each given as a convex core (1 point, a segment, or a CCW polygon)
// inflated by a radius:
//  - core distance: 0 when the cores intersect (a vertex inside the other polygon, or two edges
//    crossing), else the minimum over all feature pairs of the point-segment distances;
//  - penetration depth when the cores overlap: the minimum, over the candidate axes (outward edge
//    normals of A's core and negated edge normals of B's core; +-normal for a segment core), of the
//    overlap o(n) = hA(n) + hB(-n) of the support functions, plus rA + rB. This is exact: the
//    edges of the cores' Minkowski difference have exactly these normals, and the distance from an
//    interior origin to a rounded polygon's boundary is the distance to the core's boundary plus
//    the rounding;
//  - when only the rounding overlaps: depth = rA + rB - coreDistance along the closest-point
//    direction.
// Distances and the "touching" band are decided from these numbers; the runners check the
// library's witness points and normals against the stored world-space cores.
import { mulberry32, uniformFrom, enc, VectorSet, writeVectorFile } from './genlib.mjs';

const HUGE = 1e12;             // NP_HUGE: larger coordinates are rejected as non-finite
const MAX_VERTICES = 64;       // NP_MAX_POLYGON_VERTICES
const MAX_INPUT = 1024;        // NP_MAX_POLYGON_INPUT
const FACE_PREFERENCE = 5e-4;  // NP_FACE_PREFERENCE2
const TOL_UNIT = 1e-9;         // tolerance at unit scale
const TOL_FAR = 1e-6;          // tolerance at 1e4 offsets

// ------------------------------------------------------------------------------------ helpers
const rand = mulberry32(20261121);
const uniform = uniformFrom(rand);

const add = (a, b) => [a[0] + b[0], a[1] + b[1]];
const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const mul = (s, a) => [s * a[0], s * a[1]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];
const cross = (a, b) => a[0] * b[1] - a[1] * b[0];
const len = (a) => Math.hypot(a[0], a[1]);
const unit = (a) => { const l = len(a); return [a[0] / l, a[1] / l]; };
const dist = (a, b) => len(sub(a, b));
const rightPerp = (a) => [a[1], -a[0]]; // outward normal of a CCW edge direction

const usable = (x) => x >= -HUGE && x <= HUGE; // false for NaN and infinities

// ------------------------------------------------------------------------------------ shapes
// Shape specs (as stored in the vectors):
//   { type: 'circle', radius }   { type: 'capsule', halfLength, radius }
//   { type: 'box', halfWidth, halfHeight }   { type: 'polygon', points: [[x,y],...], radius }

// Convex hull (Andrew's monotone chain) dropping duplicates and points within 1e-12 * scale of
// the line through their neighbours, as the library documents. Returns CCW vertices starting at the
// lexicographically smallest point.
function convexHull(points) {
	let scale = 0;
	for (const p of points) scale = Math.max(scale, Math.abs(p[0]), Math.abs(p[1]));
	const tol = 1e-12 * Math.max(scale, 1e-300);
	const pts = points.map((p) => [p[0], p[1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	const left = (a, b, p) => { const ab = sub(b, a); const l = len(ab); return l > 0 ? cross(ab, sub(p, a)) / l : -1; };
	const chain = (list) => {
		const h = [];
		for (const p of list) {
			while (h.length >= 2 && left(h[h.length - 2], h[h.length - 1], p) <= tol) h.pop();
			h.push(p);
		}
		return h;
	};
	const lower = chain(pts);
	const upper = chain(pts.slice().reverse());
	const hull = lower.slice(0, -1).concat(upper.slice(0, -1));
	const out = [];
	for (const p of hull) if (!out.length || dist(out[out.length - 1], p) > tol) out.push(p);
	while (out.length > 1 && dist(out[out.length - 1], out[0]) <= tol) out.pop();
	return out;
}

// The error code the library must return for a spec, or null; for valid specs also the local core.
function buildCore(spec) {
	switch (spec.type) {
		case 'circle':
			if (!usable(spec.radius)) return { error: 'NP_ERR_NON_FINITE' };
			if (!(spec.radius > 0)) return { error: 'NP_ERR_INVALID_RADIUS' };
			return { verts: [[0, 0]], radius: spec.radius };
		case 'capsule':
			if (!usable(spec.halfLength) || !usable(spec.radius)) return { error: 'NP_ERR_NON_FINITE' };
			if (!(spec.halfLength > 0)) return { error: 'NP_ERR_INVALID_EXTENT' };
			if (!(spec.radius > 0)) return { error: 'NP_ERR_INVALID_RADIUS' };
			return { verts: [[-spec.halfLength, 0], [spec.halfLength, 0]], radius: spec.radius };
		case 'box': {
			const { halfWidth: w, halfHeight: h } = spec;
			if (!usable(w) || !usable(h)) return { error: 'NP_ERR_NON_FINITE' };
			if (!(w > 0) || !(h > 0)) return { error: 'NP_ERR_INVALID_EXTENT' };
			return { verts: [[-w, -h], [w, -h], [w, h], [-w, h]], radius: 0 };
		}
		case 'polygon': {
			const pts = spec.points;
			if (pts.length > MAX_INPUT) return { error: 'NP_ERR_TOO_MANY_POINTS' };
			if (!usable(spec.radius)) return { error: 'NP_ERR_NON_FINITE' };
			if (spec.radius < 0) return { error: 'NP_ERR_INVALID_RADIUS' };
			for (const p of pts) if (!usable(p[0]) || !usable(p[1])) return { error: 'NP_ERR_NON_FINITE' };
			if (pts.length < 3) return { error: 'NP_ERR_DEGENERATE' };
			const hull = convexHull(pts);
			if (hull.length < 3) return { error: 'NP_ERR_DEGENERATE' };
			if (hull.length > MAX_VERTICES) return { error: 'NP_ERR_TOO_MANY_POINTS' };
			return { verts: hull, radius: spec.radius };
		}
	}
	throw new Error('unknown shape type ' + spec.type);
}

const rotate = (angle, v) => { const c = Math.cos(angle), s = Math.sin(angle); return [c * v[0] - s * v[1], s * v[0] + c * v[1]]; };
const toWorld = (xf, v) => add(rotate(xf.angle, v), xf.position);
function worldCore(spec, xf) {
	const core = buildCore(spec);
	if (core.error) throw new Error('invalid shape in a pair vector: ' + JSON.stringify(spec));
	return { verts: core.verts.map((v) => toWorld(xf, v)), radius: core.radius };
}

// ------------------------------------------------------------------------------------ reference
const support = (verts, n) => { let m = -Infinity; for (const v of verts) m = Math.max(m, dot(v, n)); return m; };

function edgesOf(verts) {
	if (verts.length === 1) return [[verts[0], verts[0]]];
	if (verts.length === 2) return [[verts[0], verts[1]]];
	return verts.map((v, i) => [v, verts[(i + 1) % verts.length]]);
}

// Outward unit normals usable as separating axes: polygon edge normals, +-normal of a segment.
function axesOf(verts) {
	if (verts.length === 1) return [];
	if (verts.length === 2) { const n = unit(rightPerp(sub(verts[1], verts[0]))); return [n, mul(-1, n)]; }
	return edgesOf(verts).map(([a, b]) => unit(rightPerp(sub(b, a))));
}

function closestOnSegment(p, a, b) {
	const ab = sub(b, a);
	const l2 = dot(ab, ab);
	if (l2 === 0) return a;
	const t = Math.min(1, Math.max(0, dot(sub(p, a), ab) / l2));
	return t === 0 ? a : t === 1 ? b : add(a, mul(t, ab));
}

function insidePolygon(verts, p) {
	if (verts.length < 3) return false;
	for (const [a, b] of edgesOf(verts)) if (cross(sub(b, a), sub(p, a)) < 0) return false;
	return true;
}

function segmentsCross(a0, a1, b0, b1) {
	const o1 = cross(sub(a1, a0), sub(b0, a0)), o2 = cross(sub(a1, a0), sub(b1, a0));
	const o3 = cross(sub(b1, b0), sub(a0, b0)), o4 = cross(sub(b1, b0), sub(a1, b0));
	return o1 * o2 < 0 && o3 * o4 < 0;
}

// Brute-force distance between two cores, with every candidate closest pair.
function coreDistance(A, B) {
	let intersect = false;
	for (const v of A) if (insidePolygon(B, v)) intersect = true;
	for (const v of B) if (insidePolygon(A, v)) intersect = true;
	const cands = [];
	for (const [a0, a1] of edgesOf(A)) {
		for (const [b0, b1] of edgesOf(B)) {
			if (segmentsCross(a0, a1, b0, b1)) intersect = true;
			for (const a of [a0, a1]) { const q = closestOnSegment(a, b0, b1); cands.push({ d: dist(a, q), pa: a, pb: q }); }
			for (const b of [b0, b1]) { const q = closestOnSegment(b, a0, a1); cands.push({ d: dist(b, q), pa: q, pb: b }); }
		}
	}
	if (intersect) return { d: 0, intersect: true };
	cands.sort((x, y) => x.d - y.d);
	return { d: cands[0].d, intersect: false, cands };
}

// Everything the runners check, for shapes `a`, `b` (specs) at xfA, xfB.
function reference(a, xfA, b, xfB) {
	const A = worldCore(a, xfA), B = worldCore(b, xfB);
	const r = A.radius + B.radius;
	let scale = 1;
	for (const v of A.verts.concat(B.verts)) scale = Math.max(scale, Math.abs(v[0]), Math.abs(v[1]));
	const cd = coreDistance(A.verts, B.verts);
	const axes = axesOf(A.verts).concat(axesOf(B.verts).map((n) => mul(-1, n)));
	const overlapAlong = (n) => support(A.verts, n) + support(B.verts, mul(-1, n)) + r;
	const sat = axes.map((n) => ({ n, o: overlapAlong(n) })).sort((x, y) => x.o - y.o);
	const res = { A, B, scale, satBest: sat.length ? sat[0].o : null };
	if (!cd.intersect && cd.d > 0) {
		// Cores apart: the closest pair decides everything.
		const c = cd.cands[0];
		const n = unit(sub(c.pb, c.pa));
		res.gap = cd.d - r; // signed: > 0 apart, < 0 overlapping (only the rounding overlaps)
		res.normal = n;
		// The closest-point direction is unique, but when the cores nearly touch it is dominated by
		// rounding (the library's sine and cosine differ from Math's by ~1e-16): only trust it when
		// the core gap is well above that.
		res.normalUnique = cd.d > 1e-9 * scale;
		// Closest points, when no other candidate pair with different points is nearly as close.
		const pa = add(c.pa, mul(A.radius, n)), pb = sub(c.pb, mul(B.radius, n));
		let conditioned = true;
		for (const o of cd.cands) {
			if (o.d > c.d + 1e-6 * scale) break;
			if (dist(o.pa, c.pa) > 1e-12 * scale || dist(o.pb, c.pb) > 1e-12 * scale) conditioned = false;
		}
		if (conditioned) { res.pointA = pa; res.pointB = pb; }
	} else {
		// Cores overlap: SAT over the candidate axes, exact for the penetration depth.
		if (!sat.length) {
			res.gap = -r; // two points at the same place: every direction is equally good
			res.normalUnique = false;
		} else {
			res.gap = -sat[0].o;
			res.normal = sat[0].n;
			const second = sat.find((s) => dist(s.n, sat[0].n) > 1e-9);
			res.normalUnique = !second || second.o - sat[0].o > 1e-6;
		}
	}
	res.touching = Math.abs(res.gap) <= 1e-12 * scale;
	crossCheck(res, overlapAlong);
	return res;
}

// An independent sanity check of every reference answer: the signed gap is minus the minimum over
// all directions of the overlap o(n) (for apart shapes the maximum separation is the distance; for
// overlapping ones the minimum overlap is the depth). Sampling 4096 directions can only find
// values at or above the true minimum, and within the sampling step of it. (Checked once: with B's
// axes left out of the SAT, generation stops here on the first pair whose best axis is B's.)
function crossCheck(res, overlapAlong) {
	let minO = Infinity;
	for (let k = 0; k < 4096; ++k) {
		const t = (2 * Math.PI * k) / 4096;
		minO = Math.min(minO, overlapAlong([Math.cos(t), Math.sin(t)]));
	}
	const best = -res.gap;
	const slack = 1e-12 * res.scale;
	// o(n) changes by at most (size of the shapes) * angle between samples.
	if (!(minO >= best - slack && minO <= best + 4 * (2 * Math.PI / 4096) * res.scale + slack)) {
		throw new Error(`reference cross-check failed: gap ${res.gap}, sampled minimum overlap ${minO}`);
	}
}

// Minimum width of a rounded core over its own edge normals (2 * radius for circles and capsules).
function minWidth(core) {
	let w = 0;
	if (core.verts.length >= 3) {
		w = Infinity;
		for (const n of axesOf(core.verts)) w = Math.min(w, support(core.verts, n) + support(core.verts, mul(-1, n)));
	}
	return w + 2 * core.radius;
}

// ------------------------------------------------------------------------------------ vectors
const vectors = new VectorSet(['overlap', 'distance', 'penetration', 'manifold', 'shapes', 'errors']);

function encShape(s) {
	switch (s.type) {
		case 'circle': return { type: 'circle', radius: enc(s.radius) };
		case 'capsule': return { type: 'capsule', halfLength: enc(s.halfLength), radius: enc(s.radius) };
		case 'box': return { type: 'box', halfWidth: enc(s.halfWidth), halfHeight: enc(s.halfHeight) };
		case 'polygon': return { type: 'polygon', points: s.points.map((p) => [enc(p[0]), enc(p[1])]), radius: enc(s.radius) };
	}
}
const encXf = (xf) => ({ position: [enc(xf.position[0]), enc(xf.position[1])], angle: enc(xf.angle) });
const encVerts = (vs) => vs.map((v) => [v[0], v[1]]); // numbers are stored exactly (shortest round-trip form)
const pushVector = (file, v) => vectors.push(file, v);

const QUERY_TAG = { overlap: 'ovl', distance: 'dist', penetration: 'pen', manifold: 'man' };

// Emits the four queries for (a, b) and for (b, a). opts: { margin, count, far, note }.
function pairVectors(name, a, xfA, b, xfB, opts = {}) {
	for (const order of ['ab', 'ba']) {
		const [sa, xa, sb, xb] = order === 'ab' ? [a, xfA, b, xfB] : [b, xfB, a, xfA];
		const ref = reference(sa, xa, sb, xb);
		const tol = opts.far ? TOL_FAR : TOL_UNIT;
		const base = {
			a: encShape(sa), xfA: encXf(xa), b: encShape(sb), xfB: encXf(xb), tol,
			ref: { coreA: encVerts(ref.A.verts), radiusA: ref.A.radius, coreB: encVerts(ref.B.verts), radiusB: ref.B.radius },
		};
		if (opts.note) base.note = opts.note;
		const overlapping = ref.gap <= 0;
		for (const query of ['overlap', 'distance', 'penetration', 'manifold']) {
			const v = { id: `2d-${QUERY_TAG[query]}-${name}-${order}`, query, ...base };
			const e = {};
			if (ref.touching) e.touching = true;
			if (query === 'overlap') {
				if (!ref.touching) e.overlap = overlapping;
			} else if (query === 'distance') {
				e.distance = Math.max(ref.gap, 0);
				if (ref.gap > 0 && ref.pointA) { e.pointA = ref.pointA; e.pointB = ref.pointB; }
			} else if (query === 'penetration') {
				e.overlap = overlapping;
				if (overlapping) {
					e.depth = -ref.gap;
					if (ref.normalUnique) e.normal = ref.normal;
				}
			} else {
				const margin = opts.margin ?? 0;
				v.margin = margin;
				e.best = -ref.gap; // the overlap along the best direction (negative: separation)
				// Upper bound on the overlap along the manifold's normal: the best SAT axis (over face
				// normals) plus the face preference; without face axes, the best direction itself.
				e.maxNormalOverlap = (ref.satBest !== null ? ref.satBest : -ref.gap) + FACE_PREFERENCE;
				const satSep = ref.satBest !== null ? -ref.satBest : ref.gap;
				// Shallow contact (depth at most a quarter of either shape's minimum width): then each
				// point's incident witness must lie inside the other shape (deeper contacts can pass
				// through a thin shape, e.g. two crossing slivers).
				if (ref.gap < 0 && -ref.gap <= 0.25 * Math.min(minWidth(ref.A), minWidth(ref.B))) e.shallow = true;
				const circle = sa.type === 'circle' || sb.type === 'circle';
				if (opts.count !== undefined && !ref.touching) e.count = opts.count;
				else if (circle && !ref.touching && (ref.gap < -tol || (ref.gap > tol && ref.gap < margin - tol))) e.count = 1; // a circle touches at one point
				else if (ref.gap < -tol) e.minCount = 1;
				else if (ref.gap > tol && ref.gap < margin - tol) e.minCount = 1;
				else if (satSep > margin + FACE_PREFERENCE + tol) e.count = 0;
			}
			v.expect = e;
			pushVector(query, v);
		}
	}
}

// Placement: B touches A at a surface point of A with outward normal u, then moves by `delta`
// along -u (delta > 0 overlaps, < 0 separates). m is a point of A's core whose normal cone holds u.
function place(a, xfA, b, angleB, pick, delta) {
	const A = worldCore(a, xfA);
	const { m, u } = pick(A.verts);
	const Bl = buildCore(b);
	const coreB = Bl.verts.map((v) => rotate(angleB, v));
	// B's support point along -u (relative to B's origin).
	let s = coreB[0];
	for (const v of coreB) if (dot(v, mul(-1, u)) > dot(s, mul(-1, u))) s = v;
	const contact = add(m, mul(A.radius, u));
	const pos = add(sub(add(contact, mul(Bl.radius, u)), s), mul(-delta, u));
	return { position: pos, angle: angleB };
}

// Surface pickers: a point of A's core and an outward direction there.
const pickFace = (i, t = 0.5) => (verts) => {
	if (verts.length === 1) { const ang = 0.7 + i; return { m: verts[0], u: [Math.cos(ang), Math.sin(ang)] }; }
	if (verts.length === 2) {
		const n = unit(rightPerp(sub(verts[1], verts[0])));
		const m = add(verts[0], mul(t, sub(verts[1], verts[0])));
		return { m, u: i % 2 ? mul(-1, n) : n };
	}
	const k = i % verts.length;
	const a = verts[k], b = verts[(k + 1) % verts.length];
	return { m: add(a, mul(t, sub(b, a))), u: unit(rightPerp(sub(b, a))) };
};
const pickVertex = (i) => (verts) => {
	if (verts.length === 1) return pickFace(i)(verts);
	if (verts.length === 2) {
		const k = i % 2;
		return { m: verts[k], u: unit(k ? sub(verts[1], verts[0]) : sub(verts[0], verts[1])) };
	}
	const n = verts.length, k = i % n;
	const prev = verts[(k + n - 1) % n], v = verts[k], next = verts[(k + 1) % n];
	const n1 = unit(rightPerp(sub(v, prev))), n2 = unit(rightPerp(sub(next, v)));
	return { m: v, u: unit(add(n1, n2)) };
};

// The shapes of the pair sweep.
const CIRCLE = { type: 'circle', radius: 0.5 };
const CAPSULE = { type: 'capsule', halfLength: 0.75, radius: 0.25 };
const BOX = { type: 'box', halfWidth: 1.0, halfHeight: 0.5 };
const PENTAGON = { type: 'polygon', points: [[-0.8, -0.5], [0.7, -0.6], [0.9, 0.3], [0.1, 0.85], [-0.7, 0.4]], radius: 0 };
const ROUNDED = { type: 'polygon', points: [[-0.6, -0.4], [0.6, -0.5], [0.7, 0.3], [-0.1, 0.7], [-0.65, 0.25]], radius: 0.15 };
const KINDS = [['circle', CIRCLE], ['capsule', CAPSULE], ['box', BOX], ['poly', PENTAGON], ['rpoly', ROUNDED]];

function shrink(s, f) {
	switch (s.type) {
		case 'circle': return { type: 'circle', radius: s.radius * f };
		case 'capsule': return { type: 'capsule', halfLength: s.halfLength * f, radius: s.radius * f };
		case 'box': return { type: 'box', halfWidth: s.halfWidth * f, halfHeight: s.halfHeight * f };
		case 'polygon': return { type: 'polygon', points: s.points.map((p) => mul(f, p)), radius: s.radius * f };
	}
}

function pairSweep() {
	// Every unordered pair of the five shapes (the 10 type pairs, with polygon and rounded polygon
	// as two variants), each configuration emitted in both orders for all four queries.
	for (let i = 0; i < KINDS.length; ++i) {
		for (let j = i; j < KINDS.length; ++j) {
			const [na, a] = KINDS[i], [nb, b] = KINDS[j];
			const pair = `${na}-${nb}`;
			const xfA = { position: [uniform(-2, 2), uniform(-2, 2)], angle: uniform(-3, 3) };
			const angB = () => uniform(-3, 3);
			const f = (k, t) => pickFace(k, t);
			pairVectors(`${pair}-apart`, a, xfA, b, place(a, xfA, b, angB(), f(1, 0.4), -0.3));
			pairVectors(`${pair}-touching`, a, xfA, b, place(a, xfA, b, angB(), f(2, 0.5), 0));
			pairVectors(`${pair}-tiny`, a, xfA, b, place(a, xfA, b, angB(), f(0, 0.45), 1e-9), { note: '1e-9 overlap' });
			pairVectors(`${pair}-shallow`, a, xfA, b, place(a, xfA, b, angB(), f(3, 0.6), 0.05));
			pairVectors(`${pair}-vertex`, a, xfA, b, place(a, xfA, b, angB(), pickVertex(1), 0.08));
			pairVectors(`${pair}-deep`, a, xfA, b, { position: add(xfA.position, [uniform(-0.2, 0.2), uniform(-0.2, 0.2)]), angle: angB() });
			pairVectors(`${pair}-identical`, a, xfA, b, { position: xfA.position.slice(), angle: xfA.angle },
				{ note: i === j ? 'same shape, same place' : 'same transform' });
			pairVectors(`${pair}-contained`, a, xfA, shrink(b, 0.2), { position: xfA.position.slice(), angle: angB() },
				{ note: 'small B inside A' });
			pairVectors(`${pair}-speculative`, a, xfA, b, place(a, xfA, b, angB(), f(2, 0.3), -0.05), { margin: 0.1 });
			pairVectors(`${pair}-beyond-margin`, a, xfA, b, place(a, xfA, b, angB(), f(1, 0.5), -0.25), { margin: 0.1 });
			const far = { position: [1e4 + uniform(-1, 1), -1e4 + uniform(-1, 1)], angle: uniform(-3, 3) };
			pairVectors(`${pair}-far`, a, far, b, place(a, far, b, angB(), f(0, 0.5), 0.1), { far: true, note: '1e4 offset' });
		}
	}
}

// Hand-made configurations with known manifold point counts, slivers and many-vertex polygons.
function specialVectors() {
	const id = { position: [0, 0], angle: 0 };
	const box2 = { type: 'box', halfWidth: 0.5, halfHeight: 0.5 };
	// Box resting on a wider box, overlapping 0.1: face contact, two points.
	pairVectors('box-box-resting', BOX, id, box2, { position: [0.2, 0.9], angle: 0 }, { count: 2 });
	// Slightly tilted box on a box: still two points (the tilt is below the clip).
	pairVectors('box-box-tilted', BOX, id, box2, { position: [-0.1, 0.95], angle: 0.05 }, { count: 2 });
	// A box standing on its corner: one point.
	pairVectors('box-box-corner', BOX, id, box2, { position: [0.3, 0.5 + Math.SQRT1_2 - 0.02], angle: Math.PI / 4 }, { count: 1 });
	// Capsule lying on a box: two points; a circle on a box: one.
	pairVectors('box-capsule-lying', BOX, id, CAPSULE, { position: [0.1, 0.7], angle: 0 }, { count: 2 });
	pairVectors('box-circle-resting', BOX, id, CIRCLE, { position: [0.3, 0.95], angle: 0 }, { count: 1 });
	pairVectors('capsule-capsule-parallel', CAPSULE, id, CAPSULE, { position: [0.5, 0.45], angle: 0 }, { count: 2 });
	pairVectors('capsule-capsule-crossed', CAPSULE, id, CAPSULE, { position: [0.1, 0.3], angle: Math.PI / 2 }, { count: 1 });
	pairVectors('circle-circle-offset', CIRCLE, id, { type: 'circle', radius: 0.25 }, { position: [0.6, 0.2], angle: 0 }, { count: 1 });
	// Touching along an axis, exactly representable.
	pairVectors('circle-circle-touch-x', CIRCLE, id, CIRCLE, { position: [1, 0], angle: 0 });
	pairVectors('box-box-touch-x', BOX, id, box2, { position: [1.5, 0.25], angle: 0 });
	pairVectors('box-box-touch-corner', BOX, id, box2, { position: [1.5, 1], angle: 0 });
	// Slivers: a needle triangle 1e-6 thick and a flat sliver against boxes and circles.
	const needle = { type: 'polygon', points: [[-1, 0], [1, 0], [0.2, 1e-6]], radius: 0 };
	pairVectors('sliver-box-cross', needle, id, box2, { position: [0.3, 0.4], angle: 0.3 });
	pairVectors('sliver-box-edge', needle, id, box2, { position: [0.9, 0.5 - 1e-7], angle: 0 });
	pairVectors('sliver-circle', needle, id, CIRCLE, { position: [-0.2, 0.45], angle: 0 });
	pairVectors('sliver-sliver', needle, id, needle, { position: [0.1, -1e-7], angle: 1e-3 });
	const thinCapsule = { type: 'capsule', halfLength: 1, radius: 1e-6 };
	pairVectors('sliver-capsule-pentagon', thinCapsule, { position: [0, 0.6], angle: 0.2 }, PENTAGON, id);
	// Many-vertex polygons (32, 40 and 64 hull vertices), sharp and rounded.
	const ngon = (n, r, phase = 0) => Array.from({ length: n }, (_, k) => [r * Math.cos(phase + 2 * Math.PI * k / n), r * Math.sin(phase + 2 * Math.PI * k / n)]);
	const p32 = { type: 'polygon', points: ngon(32, 1, 0.1), radius: 0 };
	const p40r = { type: 'polygon', points: ngon(40, 0.8, 0.3), radius: 0.1 };
	const p64 = { type: 'polygon', points: ngon(64, 0.7), radius: 0 };
	pairVectors('ngon32-ngon40r-shallow', p32, id, p40r, { position: [1.85, 0.2], angle: 0.4 });
	pairVectors('ngon32-box-deep', p32, id, BOX, { position: [0.5, 0.3], angle: 0.7 });
	pairVectors('ngon64-circle-apart', p64, id, CIRCLE, { position: [1.3, -0.4], angle: 0 });
	pairVectors('ngon64-ngon32-identical', p64, { position: [3, 1], angle: 0.5 }, p64, { position: [3, 1], angle: 0.5 });
	pairVectors('ngon40r-capsule', p40r, { position: [-1, 2], angle: 2 }, CAPSULE, { position: [-0.1, 2.3], angle: -0.4 });
	// Degenerate input point sets used as shapes: duplicates and collinear points are dropped.
	const dupSquare = { type: 'polygon', points: [[0, 0], [1, 0], [1, 0], [0.5, 0], [1, 1], [0, 1], [0, 1], [0.25, 0], [0, 0.5]], radius: 0 };
	pairVectors('dupsquare-circle', dupSquare, id, CIRCLE, { position: [1.2, 0.5], angle: 0 });
	pairVectors('dupsquare-box', dupSquare, id, box2, { position: [0.5, -0.3], angle: 0.2 });
	// Polygons at 1e4 with rounded shapes.
	const far = { position: [-1e4, 1e4], angle: 1.1 };
	pairVectors('far-rpoly-capsule', ROUNDED, far, CAPSULE, { position: [-1e4 + 0.3, 1e4 + 0.5], angle: -0.2 }, { far: true });
	pairVectors('far-box-box-apart', BOX, far, box2, { position: [-1e4 + 2, 1e4 + 1.5], angle: 0.3 }, { far: true });
	// Degenerate Minkowski differences (the origin on an edge of GJK's simplex, flat differences):
	// crossed capsules sharing a centre, collinear capsules, a circle centred on a capsule's segment,
	// on a box's edge and on its corner, a capsule lying along a box's edge.
	pairVectors('capsule-capsule-crossed-centred', CAPSULE, id, CAPSULE, { position: [0, 0], angle: Math.PI / 2 });
	pairVectors('capsule-capsule-collinear', CAPSULE, id, CAPSULE, { position: [0.5, 0], angle: 0 }, { note: 'cores overlap along a segment' });
	pairVectors('capsule-circle-on-core', CAPSULE, { position: [0.3, -0.2], angle: 0.4 }, CIRCLE,
		{ position: toWorld({ position: [0.3, -0.2], angle: 0.4 }, [0.2, 0]), angle: 0 }, { note: 'circle centre on the capsule segment' });
	pairVectors('box-circle-on-edge', BOX, id, CIRCLE, { position: [0.25, 0.5], angle: 0 }, { note: 'circle centre on the top edge' });
	pairVectors('box-circle-on-corner', BOX, id, CIRCLE, { position: [1, 0.5], angle: 0 }, { note: 'circle centre on a corner' });
	pairVectors('box-capsule-on-edge', BOX, id, CAPSULE, { position: [0.1, 0.5], angle: 0 }, { note: 'capsule segment along the top edge' });
	pairVectors('box-box-half-overlap', box2, id, box2, { position: [0.5, 0], angle: 0 }, { note: 'two equal boxes, half overlapping' });
	pairVectors('box-box-same-centre-rotated', BOX, id, BOX, { position: [0, 0], angle: Math.PI / 2 });

	// Speculative margins: a gap inside, and one beyond, the margin.
	pairVectors('spec-box-box-inside', BOX, id, box2, { position: [0.2, 1.05], angle: 0 }, { margin: 0.1, count: 2 });
	pairVectors('spec-box-circle-inside', BOX, id, CIRCLE, { position: [0.2, 1.04], angle: 0 }, { margin: 0.1, count: 1 });
	pairVectors('spec-capsule-capsule-outside', CAPSULE, id, CAPSULE, { position: [0.2, 0.65], angle: 0 }, { margin: 0.1, count: 0 });
}

// Polygon construction: hull expectations and degenerate point sets.
function shapeVectors() {
	const shapeVec = (name, spec, note) => {
		const core = buildCore(spec);
		const v = { id: `2d-shape-${name}`, query: 'shape', a: encShape(spec), tol: TOL_UNIT };
		if (note) v.note = note;
		v.expect = core.error ? { error: core.error } : { count: core.verts.length, vertices: core.verts, radius: core.radius };
		pushVector(core.error ? 'errors' : 'shapes', v);
	};
	shapeVec('circle', CIRCLE);
	shapeVec('capsule', CAPSULE);
	shapeVec('box', BOX);
	shapeVec('pentagon', PENTAGON);
	shapeVec('rounded-pentagon', ROUNDED);
	shapeVec('duplicates', { type: 'polygon', points: [[0, 0], [1, 0], [0, 1], [1, 0], [0, 0], [0, 1]], radius: 0 }, 'duplicates dropped');
	shapeVec('collinear', { type: 'polygon', points: [[0, 0], [0.5, 0], [1, 0], [1, 0.5], [1, 1], [0.5, 0.5], [0, 1]], radius: 0.1 }, 'collinear points on the hull dropped');
	shapeVec('interior', { type: 'polygon', points: [[-1, -1], [1, -1], [1, 1], [-1, 1], [0, 0], [0.3, -0.2], [0.9, 0.9]], radius: 0 }, 'interior points dropped');
	shapeVec('cw-input', { type: 'polygon', points: [[0, 0], [0, 2], [3, 2], [3, 0]], radius: 0 }, 'clockwise input becomes CCW');
	shapeVec('triangle-min', { type: 'polygon', points: [[0, 0], [1e-3, 0], [0, 1e-3]], radius: 0 });
	const ring = (n, r) => Array.from({ length: n }, (_, k) => [r * Math.cos(2 * Math.PI * k / n), r * Math.sin(2 * Math.PI * k / n)]);
	shapeVec('ngon32', { type: 'polygon', points: ring(32, 1), radius: 0 });
	shapeVec('ngon64', { type: 'polygon', points: ring(64, 2), radius: 0.5 }, 'exactly NP_MAX_POLYGON_VERTICES');
	// 1024 input points (the limit), hull of 16: the square ring's corners plus interior clutter.
	const clutter = ring(16, 5);
	while (clutter.length < MAX_INPUT) clutter.push([uniform(-3, 3), uniform(-3, 3)]);
	shapeVec('input-1024', { type: 'polygon', points: clutter, radius: 0 }, 'NP_MAX_POLYGON_INPUT points');
	// Degenerate and error cases.
	shapeVec('two-points', { type: 'polygon', points: [[0, 0], [1, 1]], radius: 0 });
	shapeVec('no-points', { type: 'polygon', points: [], radius: 0 });
	shapeVec('collinear-only', { type: 'polygon', points: [[0, 0], [1, 1], [2, 2], [3, 3], [0.5, 0.5]], radius: 0.2 });
	shapeVec('duplicates-only', { type: 'polygon', points: [[1, 2], [1, 2], [1, 2], [1, 2]], radius: 0 });
	shapeVec('two-distinct', { type: 'polygon', points: [[1, 2], [3, 4], [1, 2], [3, 4], [1, 2]], radius: 0 });
	shapeVec('ngon65', { type: 'polygon', points: ring(65, 1), radius: 0 }, 'hull above NP_MAX_POLYGON_VERTICES');
	const tooMany = clutter.slice();
	tooMany.push([0, 0]);
	shapeVec('input-1025', { type: 'polygon', points: tooMany, radius: 0 }, 'above NP_MAX_POLYGON_INPUT');
	shapeVec('poly-nan', { type: 'polygon', points: [[0, 0], [1, NaN], [0, 1]], radius: 0 });
	shapeVec('poly-inf', { type: 'polygon', points: [[0, 0], [1, 0], [-Infinity, 1]], radius: 0 });
	shapeVec('poly-huge', { type: 'polygon', points: [[0, 0], [1e13, 0], [0, 1]], radius: 0 });
	shapeVec('poly-radius-negative', { type: 'polygon', points: [[0, 0], [1, 0], [0, 1]], radius: -0.1 });
	shapeVec('poly-radius-nan', { type: 'polygon', points: [[0, 0], [1, 0], [0, 1]], radius: NaN });
	shapeVec('circle-zero', { type: 'circle', radius: 0 });
	shapeVec('circle-negative', { type: 'circle', radius: -1 });
	shapeVec('circle-nan', { type: 'circle', radius: NaN });
	shapeVec('circle-inf', { type: 'circle', radius: Infinity });
	shapeVec('circle-huge', { type: 'circle', radius: 1e13 });
	shapeVec('capsule-zero-length', { type: 'capsule', halfLength: 0, radius: 1 });
	shapeVec('capsule-negative-length', { type: 'capsule', halfLength: -1, radius: 1 });
	shapeVec('capsule-zero-radius', { type: 'capsule', halfLength: 1, radius: 0 });
	shapeVec('capsule-negative-radius', { type: 'capsule', halfLength: 1, radius: -0.5 });
	shapeVec('capsule-nan', { type: 'capsule', halfLength: NaN, radius: 1 });
	shapeVec('capsule-inf-radius', { type: 'capsule', halfLength: 1, radius: Infinity });
	shapeVec('box-zero-width', { type: 'box', halfWidth: 0, halfHeight: 1 });
	shapeVec('box-negative-height', { type: 'box', halfWidth: 1, halfHeight: -1 });
	shapeVec('box-inf', { type: 'box', halfWidth: Infinity, halfHeight: 1 });
	shapeVec('box-nan', { type: 'box', halfWidth: 1, halfHeight: NaN });
}

// Bad transforms. A transform is {position, angle}; a C-only rotation {c, s} that is not unit
// length is written as "rotation", with "jsTransform" giving the equivalent malformed JS transform.
function transformVectors() {
	const tv = (name, xf, error, jsTransform) => {
		const v = { id: `2d-xf-${name}`, query: 'transform', a: encShape(CIRCLE), b: encShape(BOX), xfA: xf, tol: TOL_UNIT, expect: { error } };
		if (jsTransform) v.jsTransform = jsTransform;
		pushVector('errors', v);
	};
	tv('position-nan', { position: ['NaN', 0], angle: 0 }, 'NP_ERR_NON_FINITE');
	tv('position-inf', { position: [0, '-Infinity'], angle: 0 }, 'NP_ERR_NON_FINITE');
	tv('position-huge', { position: [2e12, 0], angle: 0 }, 'NP_ERR_NON_FINITE');
	tv('angle-nan', { position: [0, 0], angle: 'NaN' }, 'NP_ERR_NON_FINITE');
	tv('angle-inf', { position: [0, 0], angle: 'Infinity' }, 'NP_ERR_NON_FINITE');
	tv('rotation-zero', { position: [0, 0], rotation: [0, 0] }, 'NP_ERR_INVALID_TRANSFORM', { position: [0, 0, 0], angle: 0 });
	tv('rotation-long', { position: [0, 0], rotation: [0.6, 0.81] }, 'NP_ERR_INVALID_TRANSFORM', { position: [1], angle: 0 });
	tv('rotation-scaled', { position: [1, 2], rotation: [2, 0] }, 'NP_ERR_INVALID_TRANSFORM', { position: [1, 2, 3], angle: 0 });
	tv('rotation-nan', { position: [0, 0], rotation: ['NaN', 1] }, 'NP_ERR_NON_FINITE', { position: [0, 0], angle: 'NaN' });
}

pairSweep();
specialVectors();
shapeVectors();
transformVectors();

let total = 0;
for (const [name, list] of Object.entries(vectors.files)) {
	writeVectorFile(`2d_${name}.json`, { dim: 2, generator: 'tools/gen_vectors2d.mjs', description: `2D ${name} vectors; see tests/vectors/README.md` }, list);
	console.log(`2d_${name}.json: ${list.length} vectors`);
	total += list.length;
}
console.log(`total: ${total} vectors`);
