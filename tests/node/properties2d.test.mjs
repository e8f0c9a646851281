// Property tests on seeded random 2D shape pairs through the JS API (the wasm build); the Node twin
// of tests/native/test_properties2d.c, with the same PRNG (mulberry32) and fewer pairs.
//
// The reference is brute force written here, independent of the library (it only reads the
// shapes' core vertices): penetration depth = min over every edge normal of both cores (+-normal of
// a segment core) of hA(n) + hB(-n) plus the radii when the cores overlap, else rA + rB minus the
// brute-force core distance (point-segment distances over all edge pairs).
// Properties: EPA depth == SAT depth; manifold points on the surfaces (and, when shallow, inside
// the other shape); swapping A and B
// flips the normal and keeps the depth; overlap == (penetration != null) == (distance == 0).
// Self-checks show the checks can fail: a half-SAT reference (A's axes only) must disagree with
// the library on some pairs, and a manifold point shifted by 1e-6 must be flagged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';
import { pointSegmentDistance as pointSegment } from './vectorchecks.mjs';

const PAIRS = 600;
const TOL = 1e-9;
const np = await init();

// ------------------------------------------------------------------------------ PRNG (mulberry32)
function makeRandom(seed) {
	let a = seed >>> 0;
	const rnd = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1) >>> 0;
		t = (t ^ (t + Math.imul(t ^ (t >>> 7), t | 61))) >>> 0;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return { rnd, uniform: (lo, hi) => lo + (hi - lo) * rnd() };
}

// ------------------------------------------------------------------------------ reference geometry
const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];
const cross = (a, b) => a[0] * b[1] - a[1] * b[0];
const len = (a) => Math.sqrt(a[0] * a[0] + a[1] * a[1]);

function worldCore(shape, xf) {
	const c = Math.cos(xf.angle), s = Math.sin(xf.angle);
	return {
		v: shape.vertices.map(([x, y]) => [c * x - s * y + xf.position[0], s * x + c * y + xf.position[1]]),
		r: shape.radius,
	};
}

const edges = (c) => (c.v.length >= 3 ? c.v.map((p, i) => [p, c.v[(i + 1) % c.v.length]]) : [[c.v[0], c.v[c.v.length - 1]]]);

function inside(c, p) {
	if (c.v.length < 3) return false;
	return edges(c).every(([a, b]) => cross(sub(b, a), sub(p, a)) >= 0);
}

function segmentsCross(a0, a1, b0, b1) {
	const o1 = cross(sub(a1, a0), sub(b0, a0)), o2 = cross(sub(a1, a0), sub(b1, a0));
	const o3 = cross(sub(b1, b0), sub(a0, b0)), o4 = cross(sub(b1, b0), sub(a1, b0));
	return o1 * o2 < 0 && o3 * o4 < 0;
}

function coreDistance(A, B) {
	if (A.v.some((p) => inside(B, p)) || B.v.some((p) => inside(A, p))) return 0;
	let best = Infinity;
	for (const [a0, a1] of edges(A)) {
		for (const [b0, b1] of edges(B)) {
			if (segmentsCross(a0, a1, b0, b1)) return 0;
			best = Math.min(best, pointSegment(a0, b0, b1), pointSegment(a1, b0, b1), pointSegment(b0, a0, a1), pointSegment(b1, a0, a1));
		}
	}
	return best;
}

const support = (c, n) => Math.max(...c.v.map((p) => dot(p, n)));
const overlapAlong = (A, B, n) => support(A, n) + support(B, [-n[0], -n[1]]) + A.r + B.r;

function axes(c, sign) {
	if (c.v.length === 1) return [];
	const out = [];
	for (const [a, b] of edges(c)) {
		const e = sub(b, a), l = len(e);
		const n = [(sign * e[1]) / l, (-sign * e[0]) / l];
		out.push(n);
		if (c.v.length === 2) out.push([-n[0], -n[1]]);
	}
	return out;
}

// gap: distance when apart, -depth when overlapping. onlyA: the deliberately wrong variant.
function reference(A, B, onlyA = false) {
	const cd = coreDistance(A, B);
	if (cd > 0) return { gap: cd - A.r - B.r, unique: true };
	const list = axes(A, 1).concat(onlyA ? [] : axes(B, -1));
	if (!list.length) return { gap: -(A.r + B.r), unique: false };
	const scored = list.map((n) => ({ n, o: overlapAlong(A, B, n) })).sort((x, y) => x.o - y.o);
	const second = scored.find((s) => len(sub(s.n, scored[0].n)) > 1e-9);
	return { gap: -scored[0].o, normal: scored[0].n, unique: !second || second.o - scored[0].o > 1e-6 };
}

function signedDistance(c, p) {
	if (c.v.length <= 2) return pointSegment(p, c.v[0], c.v[c.v.length - 1]) - c.r;
	let ins = -Infinity, out = Infinity;
	for (const [a, b] of edges(c)) {
		const e = sub(b, a), l = len(e);
		ins = Math.max(ins, (e[1] * (p[0] - a[0]) - e[0] * (p[1] - a[1])) / l);
		out = Math.min(out, pointSegment(p, a, b));
	}
	return (ins <= 0 ? ins : out) - c.r;
}

// Minimum width of a rounded core over its own edge normals (2 * radius for circles and capsules).
function minWidth(c) {
	if (c.v.length < 3) return 2 * c.r;
	return Math.min(...axes(c, 1).map((n) => support(c, n) + support(c, [-n[0], -n[1]]))) + 2 * c.r;
}

// ------------------------------------------------------------------------------ random pairs
function randomShape(R) {
	const kind = Math.floor(R.rnd() * 5);
	if (kind === 0) return np.circle(R.uniform(0.1, 1.0));
	if (kind === 1) return np.capsule2d(R.uniform(0.1, 1.0), R.uniform(0.05, 0.6));
	if (kind === 2) return np.box2d(R.uniform(0.05, 1.0), R.uniform(0.05, 1.0));
	const n = R.rnd() < 0.15 ? 40 : 3 + Math.floor(R.rnd() * 10);
	const ax = R.uniform(0.2, 1.2), ay = R.uniform(0.05, 1.2);
	const pts = [];
	for (let i = 0; i < n; i++) {
		const t = R.uniform(0, 6.283185307179586);
		pts.push([ax * Math.cos(t), ay * Math.sin(t)]);
	}
	const radius = kind === 4 ? R.uniform(0.01, 0.3) : 0;
	try {
		return np.polygon2d(pts, { radius });
	} catch (e) {
		if (e.code !== 'NP_DEGENERATE') throw e;
		return np.polygon2d([[-ax, -ay], [ax, -ay], [0, ay]], { radius: 0 });
	}
}

const randomTransform = (R, spread) => ({ position: [R.uniform(-spread, spread), R.uniform(-spread, spread)], angle: R.uniform(-3.2, 3.2) });

function* pairs(seed, count) {
	const R = makeRandom(seed);
	for (let i = 0; i < count; i++) {
		const a = randomShape(R), b = randomShape(R);
		const xfA = randomTransform(R, 0.5), xfB = randomTransform(R, 1.5);
		try {
			yield { i, a, b, xfA, xfB, A: worldCore(a, xfA), B: worldCore(b, xfB) };
		} finally {
			a.dispose();
			b.dispose();
		}
	}
}

// Violations of the manifold point properties (pointA optionally shifted along the normal).
function manifoldViolations(A, B, m, shift = 0) {
	const out = [];
	for (const p of m.points) {
		const pa = [p.pointA[0] + shift * m.normal[0], p.pointA[1] + shift * m.normal[1]];
		if (!(Math.abs(signedDistance(A, pa)) <= TOL)) out.push(`pointA off A's surface by ${signedDistance(A, pa)}`);
		if (!(Math.abs(signedDistance(B, p.pointB)) <= TOL)) out.push(`pointB off B's surface by ${signedDistance(B, p.pointB)}`);
		const identity = dot(sub(pa, p.pointB), m.normal);
		if (!(Math.abs(identity - p.depth) <= TOL)) out.push(`depth identity: ${identity} vs ${p.depth}`);
		if (p.depth > 0 && p.depth <= 0.25 * Math.min(minWidth(A), minWidth(B))) {
			// Shallow contact: one witness inside the other shape (see test_properties2d.c).
			const outB = signedDistance(B, pa), outA = signedDistance(A, p.pointB);
			if (!(outB <= TOL || outA <= TOL)) out.push(`neither witness inside the other shape (${outB}, ${outA})`);
		}
	}
	return out;
}

// ------------------------------------------------------------------------------ the tests
test(`properties of ${PAIRS} random 2D pairs`, () => {
	const failures = [];
	const fail = (i, msg) => failures.push(`pair ${i}: ${msg}`);
	let overlapping = 0, coresOverlapping = 0;
	for (const { i, a, b, xfA, xfB, A, B } of pairs(20261121, PAIRS)) {
		const ref = reference(A, B);
		const pen = np.penetration(a, xfA, b, xfB);
		const swapped = np.penetration(b, xfB, a, xfA);
		const dist = np.distance(a, xfA, b, xfB);
		const overlap = np.overlap(a, xfA, b, xfB);
		const m = np.manifold(a, xfA, b, xfB);
		overlapping += ref.gap < 0;
		coresOverlapping += coreDistance(A, B) === 0;
		if (Math.abs(ref.gap) > 1e-9) {
			const want = ref.gap < 0;
			if (overlap !== want) fail(i, `overlap ${overlap}, reference gap ${ref.gap}`);
			if ((pen !== null) !== overlap) fail(i, `penetration ${pen ? 'non-null' : 'null'} but overlap ${overlap}`);
			if ((dist.distance === 0) !== overlap) fail(i, `distance ${dist.distance} but overlap ${overlap}`);
			if ((m.points.length > 0) !== overlap) fail(i, `manifold has ${m.points.length} points but overlap ${overlap}`);
		}
		if (pen && ref.gap < 0) {
			if (!(Math.abs(pen.depth + ref.gap) <= TOL)) fail(i, `EPA depth ${pen.depth}, brute-force SAT depth ${-ref.gap}`);
			if (ref.unique && ref.normal && ref.gap < -1e-9 && !(len(sub(pen.normal, ref.normal)) <= 1e-6)) {
				fail(i, `EPA normal ${pen.normal}, unique SAT axis ${ref.normal}`);
			}
		}
		if (!pen && ref.gap > 1e-9 && !(Math.abs(dist.distance - ref.gap) <= TOL)) fail(i, `GJK distance ${dist.distance}, brute force ${ref.gap}`);
		if ((pen === null) !== (swapped === null)) fail(i, 'swapping A and B changes whether they overlap');
		if (pen && swapped) {
			if (!(Math.abs(pen.depth - swapped.depth) <= TOL)) fail(i, `swap changes the depth: ${pen.depth} vs ${swapped.depth}`);
			if (ref.unique && ref.gap < -1e-9 && !(len([pen.normal[0] + swapped.normal[0], pen.normal[1] + swapped.normal[1]]) <= 1e-6)) {
				fail(i, `swap does not flip the normal: ${pen.normal} vs ${swapped.normal}`);
			}
		}
		for (const v of manifoldViolations(A, B, m)) fail(i, `manifold: ${v}`);
	}
	console.log(`properties: ${PAIRS} random pairs (${overlapping} overlapping, ${coresOverlapping} with overlapping cores)`);
	assert.ok(overlapping > PAIRS / 4 && overlapping < (3 * PAIRS) / 4, `unbalanced sample: ${overlapping} overlapping`);
	assert.equal(failures.length, 0, `${failures.length} failures:\n${failures.slice(0, 30).join('\n')}`);
});

test('self-check: a half-SAT reference (A\'s axes only) is caught', () => {
	let caught = 0;
	for (const { a, b, xfA, xfB, A, B } of pairs(7, 300)) {
		const wrong = reference(A, B, true);
		const pen = np.penetration(a, xfA, b, xfB);
		if (pen && wrong.gap < 0 && Math.abs(pen.depth + wrong.gap) > TOL) caught++;
	}
	console.log(`self-check: the half-SAT reference disagrees with EPA on ${caught} of 300 pairs`);
	assert.ok(caught > 0);
});

test('self-check: a manifold point shifted by 1e-6 is caught', () => {
	let tried = 0, caught = 0;
	for (const { a, b, xfA, xfB, A, B } of pairs(11, 200)) {
		const m = np.manifold(a, xfA, b, xfB);
		if (!m.points.length) continue;
		tried++;
		if (manifoldViolations(A, B, m, 1e-6).length) caught++;
	}
	assert.ok(tried > 0, 'no contacts to shift');
	assert.equal(caught, tried);
});
