#!/usr/bin/env node
// Generates tests/vectors/2d_cast.json: 2D shape casts and times of impact (issue 13), run by both
// runners (tests/native/vectorscast2d.c, tests/node/vectorscast2d.mjs).
//
//   node tools/gen_vectors_cast2d.mjs            (or: make vectors)
//
// Plain Node, never the library. Shapes are rebuilt in world space with Math.cos / Math.sin as
// cores (a point, a segment or a convex polygon) and a radius. References:
//  - two sharp polygons (boxes, polygons without rounding) moving linearly, target distance 0: SAT.
//    Along every edge normal n of either core, the separation min_B n.b - max_A n.(a + t d) is
//    linear in t, and the polygons touch exactly when every axis's separation is <= 0, so the first
//    contact is the largest entry time over the axes (if it comes before the smallest exit time).
//    Exact up to this file's rounding;
//  - everything else (rounded shapes, skins): the distance of the cores, by brute force over their
//    features (segment-segment distances, containment), is convex in t along a straight motion:
//    golden-section search finds its minimum on [0, maxFraction] (above R = rA + rB + target: a
//    miss), then bisection on the decreasing part finds where it crosses R. The sharp pairs are
//    solved this way too and the two answers must agree (the generator aborts otherwise);
//  - time of impact (sweeps with rotation): the same brute-force distance sampled at 4000 fractions,
//    the first sample within R then bisected against the one before. Pairs whose distance comes
//    within 1e-3 of R between samples without crossing are dropped (the sampling could step over a
//    graze), so every kept answer is unambiguous.
// Tolerances: fractionTol is 1e-9 of the problem's scale (extents, translation, distance from the
// origin) over the translation's length, lateTol the rounding allowance for "never later than the
// exact contact" (1e-12 of that scale); TOI fractions within 1e-6 with the library's tolerance 1e-9.
//
// Vector fields (tests/vectors/README.md): a, b (2D shape specs), xfA, xfB, translation,
// options { maxFraction, targetDistance, ignoreSeparating }; timeOfImpact: sweepA, sweepB
// ({ from, to, center }), options { targetDistance, tolerance }; refA, refB: world cores at
// fraction 0 ({ core, radius }); expect: { hit, fraction, initialOverlap, normal?, penetration? } or
// { state, fraction }.
import { num, mulberry32, uniformFrom, writeVectorFile } from './genlib.mjs';

const rand = mulberry32(0xca572d);
const uniform = uniformFrom(rand);

// ------------------------------------------------------------------------------------ geometry
const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const add = (a, b) => [a[0] + b[0], a[1] + b[1]];
const mul = (s, a) => [s * a[0], s * a[1]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];
const cross = (a, b) => a[0] * b[1] - a[1] * b[0];
const len = (a) => Math.hypot(a[0], a[1]);
const unit = (a) => mul(1 / len(a), a);

function hull(points) {
	const pts = points.map((p) => p.slice()).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	const chain = (list) => {
		const h = [];
		for (const p of list) {
			while (h.length >= 2 && cross(sub(h[h.length - 1], h[h.length - 2]), sub(p, h[h.length - 2])) <= 1e-12) h.pop();
			h.push(p);
		}
		return h;
	};
	return chain(pts).slice(0, -1).concat(chain(pts.slice().reverse()).slice(0, -1));
}

function localCore(spec) {
	switch (spec.type) {
		case 'circle': return { pts: [[0, 0]], r: spec.radius };
		case 'capsule': return { pts: [[-spec.halfLength, 0], [spec.halfLength, 0]], r: spec.radius };
		case 'box': return { pts: [[-spec.halfWidth, -spec.halfHeight], [spec.halfWidth, -spec.halfHeight], [spec.halfWidth, spec.halfHeight], [-spec.halfWidth, spec.halfHeight]], r: 0 };
		case 'polygon': return { pts: hull(spec.points), r: spec.radius };
	}
	throw new Error('unknown shape ' + spec.type);
}

const apply = (xf, p) => {
	const c = Math.cos(xf.angle), s = Math.sin(xf.angle);
	return [c * p[0] - s * p[1] + xf.position[0], s * p[0] + c * p[1] + xf.position[1]];
};

const worldCore = (spec, xf) => {
	const { pts, r } = localCore(spec);
	return { core: pts.map((p) => apply(xf, p)), r };
};

function pointSegment(p, a, b) {
	const e = sub(b, a);
	const ee = dot(e, e);
	const t = ee > 0 ? Math.min(1, Math.max(0, dot(sub(p, a), e) / ee)) : 0;
	return len(sub(p, add(a, mul(t, e))));
}

function segmentsCross(a0, a1, b0, b1) {
	const d1 = cross(sub(a1, a0), sub(b0, a0)), d2 = cross(sub(a1, a0), sub(b1, a0));
	const d3 = cross(sub(b1, b0), sub(a0, b0)), d4 = cross(sub(b1, b0), sub(a1, b0));
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

const segments = (core) => core.length === 1 ? [[core[0], core[0]]] : core.length === 2 ? [[core[0], core[1]]]
	: core.map((p, i) => [p, core[(i + 1) % core.length]]);

// p inside or on a CCW polygon core.
const inside = (core, p) => core.length >= 3 && core.every((a, i) => cross(sub(core[(i + 1) % core.length], a), sub(p, a)) >= 0);

/** Distance between two cores, brute force over their features (0 when they overlap). */
function coreDistance(A, B) {
	if (inside(A, B[0]) || inside(B, A[0])) return 0;
	let best = Infinity;
	for (const [a0, a1] of segments(A)) {
		for (const [b0, b1] of segments(B)) {
			if (segmentsCross(a0, a1, b0, b1)) return 0;
			best = Math.min(best, pointSegment(a0, b0, b1), pointSegment(a1, b0, b1), pointSegment(b0, a0, a1), pointSegment(b1, a0, a1));
		}
	}
	return best;
}

const shift = (core, v) => core.map((p) => add(p, v));

/**
 * Signed distance between two cores: their distance when apart, else minus their penetration
 * depth. Cores that overlap: the depth is the least overlap h_A(m) + h_B(-m) over the edge normals
 * of both cores in both senses (the edge normals of the Minkowski difference A - B, where its
 * support is least; any other direction overlaps at least as much).
 */
function signedCoreDistance(A, B) {
	const d = coreDistance(A, B);
	if (d > 0) return d;
	let depth = Infinity;
	for (const core of [A, B]) {
		for (const [p, q] of segments(core)) {
			const e = sub(q, p);
			if (len(e) === 0) continue;
			for (const m of [unit([e[1], -e[0]]), unit([-e[1], e[0]])]) {
				const overlap = Math.max(...A.map((a) => dot(m, a))) - Math.min(...B.map((b) => dot(m, b)));
				depth = Math.min(depth, overlap);
			}
		}
	}
	return depth === Infinity ? 0 : -depth;
}

// ------------------------------------------------------------------------------------ references
/** First contact of a linear cast by golden section + bisection on the brute-force distance. */
function castByBisection(A, B, d, R, maxFraction) {
	const f = (t) => coreDistance(shift(A.core, mul(t, d)), B.core) - R;
	if (f(0) <= 0) return { initial: true };
	// Golden section; every evaluated point is kept (a plateau of zero distance has no unique minimum).
	let tMin = maxFraction, fMin = f(maxFraction);
	const at = (t) => {
		const v = f(t);
		if (v < fMin) {
			fMin = v;
			tMin = t;
		}
		return v;
	};
	let lo = 0, hi = maxFraction;
	for (let k = 0; k < 300 && hi - lo > 1e-17; k++) {
		const m1 = lo + 0.381966011250105 * (hi - lo), m2 = hi - 0.381966011250105 * (hi - lo);
		if (at(m1) < at(m2)) hi = m2; else lo = m1;
	}
	at(0.5 * (lo + hi));
	if (fMin > 0) return { hit: false, margin: fMin };
	const end = tMin;
	lo = 0;
	hi = end;
	for (let k = 0; k < 200; k++) {
		const m = 0.5 * (lo + hi);
		if (f(m) > 0) lo = m; else hi = m;
	}
	return { hit: true, fraction: lo, margin: -fMin };
}

/** First contact of two sharp polygons (target 0) by the linear separations along the SAT axes. */
function castBySat(A, B, d, maxFraction) {
	let enter = 0, exit = Infinity;
	const axes = [];
	for (const core of [A.core, B.core]) {
		for (let i = 0; i < core.length; i++) {
			const e = sub(core[(i + 1) % core.length], core[i]);
			axes.push(unit([e[1], -e[0]]));
		}
	}
	for (const n of axes) {
		for (const s of [1, -1]) {
			const m = mul(s, n);
			const sep = Math.min(...B.core.map((p) => dot(m, p))) - Math.max(...A.core.map((p) => dot(m, p)));
			const k = dot(m, d); // separation(t) = sep - k t, <= 0 for t >= sep / k when k > 0
			if (k > 0) enter = Math.max(enter, sep / k);
			else if (k < 0) exit = Math.min(exit, sep / k);
			else if (sep > 0) return { hit: false };
		}
	}
	if (enter > exit) return { hit: false };
	return enter <= maxFraction ? { hit: true, fraction: enter } : { hit: false };
}

// ------------------------------------------------------------------------------------ shapes
const SHAPES = {
	circle: { type: 'circle', radius: 0.4 },
	capsule: { type: 'capsule', halfLength: 0.6, radius: 0.2 },
	box: { type: 'box', halfWidth: 0.5, halfHeight: 0.3 },
	polygon: { type: 'polygon', points: [[-0.5, -0.4], [0.6, -0.3], [0.7, 0.4], [0, 0.8], [-0.6, 0.3]], radius: 0 },
	rounded: { type: 'polygon', points: [[-0.5, -0.4], [0.6, -0.3], [0.7, 0.4], [0, 0.8], [-0.6, 0.3]], radius: 0.15 },
};
const isSharp = (spec) => spec.type === 'box' || (spec.type === 'polygon' && spec.radius === 0);
const extent = (spec) => {
	const { pts, r } = localCore(spec);
	return Math.max(...pts.map(len)) + r;
};

const vectors = [];
const ids = new Set();
function push(v) {
	if (ids.has(v.id)) throw new Error('duplicate id ' + v.id);
	ids.add(v.id);
	vectors.push(v);
}

const xfOf = (x, y, angle) => ({ position: [num(x), num(y)], angle: num(angle) });
const ref = (w) => ({ core: w.core, radius: w.r });

/** One cast vector: the reference, its tolerances and expectation. Returns false when ambiguous. */
function castVector(id, a, xfA, translation, b, xfB, options = {}, note) {
	const { maxFraction = 1, targetDistance = 0 } = options;
	const A = worldCore(a, xfA), B = worldCore(b, xfB);
	const R = A.r + B.r + targetDistance;
	const d = translation;
	const scale = extent(a) + extent(b) + len(d) + Math.max(len(xfA.position), len(xfB.position)) + targetDistance;
	const r = castByBisection(A, B, d, R, maxFraction);
	if (!r.initial && r.margin !== undefined && Math.abs(r.margin) < 1e-6 * scale && !note) return false;
	if (isSharp(a) && isSharp(b) && targetDistance === 0 && !r.initial) {
		const s = castBySat(A, B, d, maxFraction);
		if (s.hit !== r.hit || (s.hit && Math.abs(s.fraction - r.fraction) * len(d) > 1e-9 * scale)) {
			throw new Error(`${id}: SAT and bisection disagree: ${JSON.stringify(s)} vs ${JSON.stringify(r)}`);
		}
		if (s.hit) r.fraction = s.fraction;
	}
	const expect = r.initial ? { hit: true, fraction: 0, initialOverlap: true, separation: num(signedCoreDistance(A.core, B.core) - A.r - B.r) }
		: r.hit ? { hit: true, fraction: r.fraction, initialOverlap: false } : { hit: false };
	if (note && note.expect) Object.assign(expect, note.expect);
	const dl = Math.max(len(d), 1e-300);
	push({
		id, query: 'shapeCast', a, xfA, translation: d, b, xfB, options,
		refA: ref(A), refB: ref(B),
		tol: 1e-9 * scale, fractionTol: 1e-9 * scale / dl, lateTol: 1e-12 * scale / dl, normalTol: 1e-7,
		...(note && note.text ? { note: note.text } : {}),
		expect,
	});
	return true;
}

function randomCasts() {
	const names = Object.keys(SHAPES);
	for (const na of names) {
		for (const nb of names) {
			let made = 0;
			for (let k = 0; made < 14 && k < 200; k++) {
				const far = made % 5 === 4 ? 1e4 : 0;
				const xfB = xfOf(far + uniform(-0.5, 0.5), uniform(-0.5, 0.5), uniform(-3, 3));
				const xfA = xfOf(far + uniform(-3, 3), uniform(-3, 3), uniform(-3, 3));
				const aim = [xfB.position[0] - xfA.position[0] + uniform(-1.2, 1.2), xfB.position[1] - xfA.position[1] + uniform(-1.2, 1.2)];
				const d = mul(uniform(0.6, 2), aim).map(num);
				const options = {};
				if (made % 3 === 1) options.targetDistance = num(uniform(0, 0.3));
				if (made % 4 === 2) options.maxFraction = num(uniform(0.3, 1.5));
				if (castVector(`2d-cast-${na}-${nb}-${made}`, SHAPES[na], xfA, d, SHAPES[nb], xfB, options)) made++;
			}
		}
	}
}

function specialCasts() {
	const box = { type: 'box', halfWidth: 1, halfHeight: 1 };
	const id = xfOf(0, 0, 0);
	const n = (x, y) => ({ normal: [x, y] });
	// Exact face hits, touching and grazing.
	castVector('2d-cast-box-face', box, xfOf(-5, 0.25, 0), [10, 0], box, id, {}, { text: 'face', expect: n(-1, 0) });
	castVector('2d-cast-box-graze-corner', box, xfOf(-5, 2, 0), [10, 0], box, id, {}, { text: 'sliding along the top face line: touches at fraction 0.3' });
	castVector('2d-cast-box-graze-miss', box, xfOf(-5, 2.001, 0), [10, 0], box, id, {}, { text: 'just above: a miss' });
	castVector('2d-cast-box-touching', box, xfOf(2, 0.5, 0), [0, 3], box, id, {}, { text: 'touching at the start', expect: n(1, 0) });
	castVector('2d-cast-box-touching-ignored', box, xfOf(2, 0.5, 0), [0, 3], box, id, { ignoreSeparating: true }, { text: 'sliding along: skipped', expect: { hit: false, initialOverlap: undefined, fraction: undefined } });
	castVector('2d-cast-box-overlap', box, xfOf(1.5, 0, 0), [-1, 0], box, id, {}, { text: 'overlapping', expect: { ...n(1, 0), penetration: 0.5 } });
	castVector('2d-cast-box-overlap-ignored', box, xfOf(1.5, 0, 0), [1, 0], box, id, { ignoreSeparating: true }, { text: 'overlap left: skipped', expect: { hit: false, initialOverlap: undefined, fraction: undefined } });
	castVector('2d-cast-box-overlap-kept', box, xfOf(1.5, 0, 0), [-1, 0.2], box, id, { ignoreSeparating: true }, { text: 'overlap entered: kept', expect: { ...n(1, 0), penetration: 0.5 } });
	castVector('2d-cast-zero-apart', box, xfOf(2.5, 0, 0), [0, 0], box, id, {}, { text: 'zero translation, apart' });
	castVector('2d-cast-zero-overlap', box, xfOf(1.9, 0, 0), [0, 0], box, id, {}, { text: 'zero translation, overlapping', expect: { ...n(1, 0) } });
	castVector('2d-cast-skin', SHAPES.circle, xfOf(-3, 0, 0), [6, 0], box, id, { targetDistance: 0.1 }, { text: 'skin', expect: n(-1, 0) });
	castVector('2d-cast-skin-initial', SHAPES.circle, xfOf(-1.45, 0, 0), [6, 0], box, id, { targetDistance: 0.1 }, { text: 'within the skin at 0', expect: n(-1, 0) });
	castVector('2d-cast-circles', SHAPES.circle, xfOf(-3, 0.3, 0), [6, 0], SHAPES.circle, id, {}, { text: 'two circles (closed form)' });
	castVector('2d-cast-maxfraction', box, xfOf(-5, 0, 0), [10, 0], box, id, { maxFraction: 0.29 }, { text: 'contact at 0.3 beyond maxFraction 0.29' });
	castVector('2d-cast-away', box, xfOf(-5, 0, 0), [-10, 0], box, id, {}, { text: 'moving away' });
	// Tunnelling bait.
	const dot2 = { type: 'circle', radius: 0.01 };
	const thin = { type: 'box', halfWidth: 0.005, halfHeight: 2 };
	for (let k = 0; k < 8; k++) {
		castVector(`2d-cast-bullet-${k}`, dot2, xfOf(-50, uniform(-1.5, 1.5), 0), [1000, num(uniform(-2, 2))], thin, xfOf(uniform(-1, 1), 0, uniform(-0.1, 0.1)), {}, { text: 'fast small circle through a thin box' });
	}
	const ground = { type: 'box', halfWidth: 500, halfHeight: 500 };
	for (let k = 0; k < 6; k++) {
		castVector(`2d-cast-ball-on-500m-box-${k}`, dot2, xfOf(uniform(-400, 400), 520 + k, 0), [num(uniform(-1, 1)), -1e4], ground, id, {}, { text: 'a small ball onto a 500 m box', expect: n(0, 1) });
	}
	const rod = { type: 'capsule', halfLength: 3, radius: 0.001 };
	for (let k = 0; k < 6; k++) {
		castVector(`2d-cast-rod-${k}`, rod, xfOf(0, 5, uniform(-3, 3)), [num(uniform(-2, 2)), -50], thin, xfOf(0, 0, Math.PI / 2), {}, { text: 'a thin rod onto a thin plank' });
	}
}

// ------------------------------------------------------------------------------------ time of impact
const lerp = (a, b, t) => a + t * (b - a);

function sweepXf(s, t) {
	// The centre moves linearly between its places under `from` and `to`; the angle linearly.
	const c0 = apply(s.from, s.center), c1 = apply(s.to, s.center);
	const angle = lerp(s.from.angle, s.to.angle, t);
	const c = [lerp(c0[0], c1[0], t), lerp(c0[1], c1[1], t)];
	const co = Math.cos(angle), si = Math.sin(angle);
	return { position: [c[0] - (co * s.center[0] - si * s.center[1]), c[1] - (si * s.center[0] + co * s.center[1])], angle };
}

function toiReference(a, sa, b, sb, R) {
	const f = (t) => coreDistance(worldCore(a, sweepXf(sa, t)).core, worldCore(b, sweepXf(sb, t)).core) - R;
	const N = 4000;
	let prev = f(0);
	// Sharp cores that overlap are 0 apart by coreDistance: their penetration makes them overlapped.
	const startGap = signedCoreDistance(worldCore(a, sweepXf(sa, 0)).core, worldCore(b, sweepXf(sb, 0)).core) - R;
	if (prev < 0 || startGap < 0) return { state: 'overlapped', fraction: 0 };
	let least = Infinity;
	for (let i = 1; i <= N; i++) {
		const t = i / N, v = f(t);
		if (v <= 0) {
			let lo = (i - 1) / N, hi = t;
			for (let k = 0; k < 100; k++) {
				const m = 0.5 * (lo + hi);
				if (f(m) > 0) lo = m; else hi = m;
			}
			return { state: 'hit', fraction: lo, least };
		}
		least = Math.min(least, v, prev);
		prev = v;
	}
	return { state: 'separated', fraction: 1, least };
}

/** The scale of a time of impact: the shapes' reach plus the farthest a sweep takes a local origin. */
function toiScale(a, sa, b, sb, options) {
	const reach = (s) => Math.max(len(s.from.position), len(s.to.position)) + len(s.center);
	return extent(a) + extent(b) + Math.max(reach(sa), reach(sb)) + (options.targetDistance || 0);
}

/**
 * One time of impact. The runners pose `localA` / `localB` (the cores in the shapes' own frames,
 * from this file's hull) at the library's fraction with their own cosine and sine, and check the
 * points and normal there: pointA on A's surface where A reaches farthest along the normal, pointB
 * on B's where B reaches farthest against it, and n.(pointB - pointA) the target distance at a hit
 * (the `separation` given here at an overlapped start: the shapes' signed distance at 0; when
 * separated, the points are at fraction 1 and `separation` is the signed distance there).
 */
function toiVector(id, a, sa, b, sb, options, text) {
	const R = localCore(a).r + localCore(b).r + (options.targetDistance || 0);
	const r = toiReference(a, sa, b, sb, R);
	if (r.state === 'separated' && r.least < 1e-3) return false;
	if (r.state === 'hit' && r.fraction < 1e-4) return false;
	const expect = { state: r.state, fraction: r.fraction };
	if (r.state === 'overlapped' || r.state === 'separated') {
		// The shapes' signed distance where the points are reported: at 0 (overlapped), at 1 (separated).
		const t = r.state === 'overlapped' ? 0 : 1;
		const A = worldCore(a, sweepXf(sa, t)), B = worldCore(b, sweepXf(sb, t));
		expect.separation = num(signedCoreDistance(A.core, B.core) - A.r - B.r);
	}
	const local = (spec) => {
		const { pts, r: radius } = localCore(spec);
		return { core: pts, radius };
	};
	push({ id, query: 'timeOfImpact', a, sweepA: sa, b, sweepB: sb, options, localA: local(a), localB: local(b),
		fractionTol: 1e-6, tol: 1e-9 * toiScale(a, sa, b, sb, options), ...(text ? { note: text } : {}), expect });
	return true;
}

const sweep = (x0, y0, a0, x1, y1, a1, center = [0, 0]) => ({ from: xfOf(x0, y0, a0), to: xfOf(x1, y1, a1), center: center.map(num) });

function randomToi() {
	const names = Object.keys(SHAPES);
	for (const na of names) {
		for (const nb of names) {
			let made = 0;
			for (let k = 0; made < 4 && k < 100; k++) {
				const x0 = uniform(-3, 3), y0 = uniform(-3, 3);
				const sa = sweep(x0, y0, uniform(-3, 3), x0 + uniform(-6, 6), y0 + uniform(-6, 6), uniform(-3, 3) + uniform(-8, 8), [uniform(-0.2, 0.2), uniform(-0.2, 0.2)]);
				const sb = sweep(uniform(-1, 1), uniform(-1, 1), uniform(-3, 3), uniform(-1, 1), uniform(-1, 1), uniform(-3, 3));
				const options = { tolerance: 1e-9, ...(made % 2 ? { targetDistance: num(uniform(0, 0.2)) } : {}) };
				if (toiVector(`2d-toi-${na}-${nb}-${made}`, SHAPES[na], sa, SHAPES[nb], sb, options)) made++;
			}
		}
	}
	const rod = { type: 'box', halfWidth: 2, halfHeight: 0.02 };
	let made = 0;
	for (let k = 0; made < 12 && k < 200; k++) {
		const sa = sweep(-3, uniform(-1, 1), 0, 3, uniform(-1, 1), num(uniform(-200, 200)));
		const sb = sweep(3, uniform(-1, 1), 1, -3, uniform(-1, 1), num(1 + uniform(-200, 200)));
		if (toiVector(`2d-toi-spinning-rods-${made}`, rod, sa, rod, sb, { tolerance: 1e-9 }, 'thin rods spinning hundreds of radians past each other')) made++;
	}
	toiVector('2d-toi-overlapped', SHAPES.box, sweep(0, 0, 0, 1, 0, 0), SHAPES.box, sweep(0.5, 0, 0, 2, 0, 0), { tolerance: 1e-9 }, 'overlapping at 0');
	toiVector('2d-toi-separated', SHAPES.box, sweep(-5, 0, 0, -4, 0, 3), SHAPES.box, sweep(5, 0, 0, 4, 0, -3), { tolerance: 1e-9 }, 'never close');
	// Two boxes meeting face to face where the first step lands exactly (fuzz_toi2d): GJK's closest
	// points are then rounding apart, their direction noise; the normal must be the faces' (0, 1).
	const tall = { type: 'box', halfWidth: 0.74999991, halfHeight: 2.609375 }, wide = { type: 'box', halfWidth: 2.609375, halfHeight: 1.40625 };
	const rising = sweep(-0.0009765625, -6.275390651, 1e-300, 1e-300, 0, 0, [0, -0.0009765625]), sinking = sweep(0, 0.0927734375, 0, 0, 0, 1e-300);
	toiVector('2d-toi-boxes-face-to-face', tall, rising, wide, sinking, {}, 'boxes meeting face to face, default tolerance');
	toiVector('2d-toi-boxes-face-to-face-tiny-tolerance', tall, rising, wide, sinking, { tolerance: 1e-300 }, 'boxes meeting face to face, tolerance 1e-300');
	toiVector('2d-toi-far', SHAPES.capsule, sweep(1e4 - 3, 0, 0, 1e4 + 3, 0.2, 7), SHAPES.box, sweep(1e4, 0, 0.3, 1e4, 0, 0.3), { tolerance: 1e-9 }, '1e4 offset');
}

// Bad input: the same code from both runners.
function errorVectors() {
	const box = SHAPES.box, id = xfOf(0, 0, 0);
	const cast = (name, translation, options, error) => push({ id: `2d-cast-error-${name}`, query: 'shapeCast', a: box, xfA: xfOf(-3, 0, 0),
		translation, b: box, xfB: id, options, expect: { error } });
	cast('nan-translation', ['NaN', 0], {}, 'NP_ERR_NON_FINITE');
	cast('infinite-translation', [1, '-Infinity'], {}, 'NP_ERR_NON_FINITE');
	cast('huge-translation', [1e13, 0], {}, 'NP_ERR_NON_FINITE');
	cast('negative-maxfraction', [6, 0], { maxFraction: -1 }, 'NP_ERR_INVALID_ARGUMENT');
	cast('negative-target-distance', [6, 0], { targetDistance: -0.1 }, 'NP_ERR_INVALID_ARGUMENT');
	const toi = (name, sa, options, error) => push({ id: `2d-toi-error-${name}`, query: 'timeOfImpact', a: box, sweepA: sa, b: box,
		sweepB: sweep(0, 0, 0, 0, 0, 0), options, expect: { error } });
	toi('infinite-angle', { from: xfOf(-3, 0, 0), to: { position: [3, 0], angle: 'Infinity' }, center: [0, 0] }, {}, 'NP_ERR_NON_FINITE');
	toi('nan-center', { from: xfOf(-3, 0, 0), to: xfOf(3, 0, 0), center: ['NaN', 0] }, {}, 'NP_ERR_NON_FINITE');
	toi('negative-tolerance', sweep(-3, 0, 0, 3, 0, 0), { tolerance: -1 }, 'NP_ERR_INVALID_ARGUMENT');
}

/**
 * Starts where the results have no single obvious answer: the shapes apart but within the target
 * distance ('overlapped' with closest points, not a penetration), overlapping, or exactly touching;
 * and the inputs of three fuzz finds (test_cast2d.c has them with the library's exact rotations;
 * here the angles are rounded, so they check the same kind of start, not the same bits).
 */
function degenerateStarts() {
	const names = Object.keys(SHAPES);
	for (const na of names) {
		for (const nb of names) {
			let apart = 0, deep = 0;
			for (let k = 0; (apart < 2 || deep < 1) && k < 400; k++) {
				const x0 = uniform(-1.5, 1.5), y0 = uniform(-1.5, 1.5);
				const sa = sweep(x0, y0, uniform(-3, 3), x0 + uniform(-4, 4), y0 + uniform(-4, 4), uniform(-6, 6), [uniform(-0.2, 0.2), uniform(-0.2, 0.2)]);
				const sb = sweep(uniform(-0.3, 0.3), uniform(-0.3, 0.3), uniform(-3, 3), uniform(-1, 1), uniform(-1, 1), uniform(-3, 3));
				const A = worldCore(SHAPES[na], sweepXf(sa, 0)), B = worldCore(SHAPES[nb], sweepXf(sb, 0));
				const gap = signedCoreDistance(A.core, B.core) - A.r - B.r;
				if (gap > 0.02 && gap < 0.5 && apart < 2) {
					const options = { tolerance: 1e-9, targetDistance: num(gap + uniform(0.05, 0.3)) };
					if (toiVector(`2d-toi-within-target-${na}-${nb}-${apart}`, SHAPES[na], sa, SHAPES[nb], sb, options, 'apart but within the target distance at 0')) apart++;
				} else if (gap < -0.02 && deep < 1) {
					if (toiVector(`2d-toi-overlapping-${na}-${nb}`, SHAPES[na], sa, SHAPES[nb], sb, { tolerance: 1e-9 }, 'overlapping at 0')) deep++;
				}
			}
		}
	}
	const triangle = { type: 'polygon', points: [[0, 0], [0.04296875, 0], [0, 0.24609375]], radius: 0 };
	toiVector('2d-toi-dot-on-a-triangle', { type: 'circle', radius: 1.417377466113847e-73 },
		sweep(1.7568359375, 1.7568359375, 1.8896484375, 30.6396484375, 1.8720703124999998, -28.1103515625, [-6.7431640625, 1.7568359375]),
		triangle, sweep(1.7568359375, 1.7568359375, 1.7568359375, -30.2431640625, 1.7568359375, 24.0068359375, [28.5068359375, 1.7568359375]),
		{ targetDistance: 0.02734375 }, 'a dot of radius 1e-73 touching a triangle, target 0.027 (fuzz_toi2d)');
	const turn = Math.atan2(-0.97369013720615838, -0.22787609946515322), none = xfOf(0, 0, 0).angle;
	castVector('2d-cast-tip-of-a-box-1e-220-wide', { type: 'box', halfWidth: 5.0341465320150749e-221, halfHeight: 1.859375 }, xfOf(24, 29.615234375, turn),
		[29.615234375, 0], { type: 'box', halfWidth: 0.78125, halfHeight: 0.015625 }, xfOf(29.615234375, 29.615234375, turn), {}, { text: 'fuzz_casts2d' });
	castVector('2d-cast-onto-a-box-5e-324-wide', { type: 'box', halfWidth: 0.203125, halfHeight: 0.015625 }, xfOf(-2.75, 0.001953125, none),
		[9.4990234375, -0.25], { type: 'box', halfWidth: 4.9406564584124654e-324, halfHeight: 2.984375 }, xfOf(0, -1.74609375, none), {}, { text: 'fuzz_casts2d' });
	castVector('2d-cast-touching-a-capsule-exactly', { type: 'box', halfWidth: 1000000000, halfHeight: 0.109375 }, xfOf(29.5, 0, none),
		[0, 1.0009765625], { type: 'capsule', halfLength: 0.03125, radius: 0.015625 }, xfOf(1000000, 0.125, none), {},
		{ text: 'a 2e9-long box touching a small capsule exactly at the start (fuzz_casts2d)' });
}

randomCasts();
specialCasts();
randomToi();
errorVectors();
degenerateStarts();
writeVectorFile('2d_cast.json', {
	dim: 2,
	generator: 'tools/gen_vectors_cast2d.mjs',
	description: '2D shape casts (every pair of circle, capsule, box, polygon, rounded polygon; skins, maxFraction, 1e4 offsets, touching, grazing, initial overlap, ignoreSeparating, zero translation, tunnelling bait) and times of impact (turning sweeps, spinning rods)',
}, vectors);
console.log(`2d_cast.json: ${vectors.length} vectors`);
