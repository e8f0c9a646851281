// API-level tests of the 2D JS binding (js/narrowphase.mjs + js/api2d.mjs) against the wasm build:
// loading, constructors and their input forms, every error code, dispose, leaks, transforms, and
// query results on cases with closed-form answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import v8 from 'node:v8';
import vm from 'node:vm';

import { init, NarrowphaseError } from '../../js/narrowphase.mjs';
import { throwsCode, close, closeVec } from './asserts.mjs';

const np = await init();

function signedArea(vs) {
	let a = 0;
	for (let i = 0; i < vs.length; i++) {
		const p = vs[i];
		const q = vs[(i + 1) % vs.length];
		a += p[0] * q[1] - p[1] * q[0];
	}
	return a / 2;
}

// ------------------------------------------------------------------------------------ loading
test('init() loads in Node, is cached, and init({ wasmBinary }) makes a separate instance', async () => {
	assert.equal(await init(), np);
	const bytes = await readFile(new URL('../../js/narrowphase.wasm', import.meta.url));
	const other = await init({ wasmBinary: bytes });
	assert.notEqual(other, np);
	const s = other.circle(1);
	assert.equal(s.kind, 'circle');
	// A shape of one instance means nothing to another instance's memory.
	const mine = np.circle(1);
	throwsCode(() => np.overlap(s, null, mine, null), 'NP_INVALID_ARGUMENT', /shape A/);
	s.dispose();
	mine.dispose();
	await assert.rejects(init({ wasmBinary: 'nope' }), (e) => e.code === 'NP_INVALID_ARGUMENT');
});

// ------------------------------------------------------------------------------- constructors
test('circle, box2d and capsule2d expose kind, vertices and radius', () => {
	const c = np.circle(0.5);
	assert.equal(c.kind, 'circle');
	assert.deepEqual(c.vertices, [[0, 0]]);
	assert.equal(c.radius, 0.5);
	const b = np.box2d(2, 1);
	assert.equal(b.kind, 'box2d');
	assert.deepEqual(b.vertices, [[-2, -1], [2, -1], [2, 1], [-2, 1]]);
	assert.equal(b.radius, 0);
	const k = np.capsule2d(1.5, 0.25);
	assert.equal(k.kind, 'capsule2d');
	assert.deepEqual(k.vertices, [[-1.5, 0], [1.5, 0]]);
	assert.equal(k.radius, 0.25);
	assert.ok(Object.isFrozen(b.vertices) && Object.isFrozen(b.vertices[0]));
	for (const s of [c, b, k]) s.dispose();
});

test('polygon2d takes pairs, flat arrays and typed arrays, and builds the CCW hull', () => {
	// Clockwise square with a duplicate, an interior point and a point on an edge: the hull is the
	// 4 corners, counter-clockwise.
	const pts = [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0], [0.5, 0.5], [0.5, 0]];
	const forms = [
		pts,
		pts.flat(),
		Float64Array.from(pts.flat()),
		Float32Array.from(pts.flat()),
		pts.map((p) => Float64Array.from(p)),
	];
	for (const form of forms) {
		const s = np.polygon2d(form, { radius: 0.1 });
		assert.equal(s.kind, 'polygon2d');
		assert.equal(s.radius, 0.1);
		assert.equal(s.vertices.length, 4);
		close(signedArea(s.vertices), 1, 1e-15, 'area');
		const sorted = [...s.vertices].map((v) => v.join(',')).sort();
		assert.deepEqual(sorted, ['0,0', '0,1', '1,0', '1,1']);
		s.dispose();
	}
	const t = np.polygon2d([[0, 0], [2, 0], [2, 1], [0, 1]]);
	assert.equal(t.radius, 0);
	t.dispose();
	// 64 hull vertices is the limit and is accepted.
	const ring = [];
	for (let i = 0; i < 64; i++) ring.push([Math.cos((2 * Math.PI * i) / 64), Math.sin((2 * Math.PI * i) / 64)]);
	const r = np.polygon2d(ring);
	assert.equal(r.vertices.length, 64);
	r.dispose();
});

// ------------------------------------------------------------------------------------- errors
test('every error code, with a message naming the bad argument', () => {
	const a = np.box2d(1, 1);
	const b = np.circle(1);

	// NP_NON_FINITE
	throwsCode(() => np.circle(NaN), 'NP_NON_FINITE', /circle/);
	throwsCode(() => np.circle(Infinity), 'NP_NON_FINITE');
	throwsCode(() => np.box2d(1e13, 1), 'NP_NON_FINITE');
	throwsCode(() => np.capsule2d(1, -Infinity), 'NP_NON_FINITE');
	throwsCode(() => np.polygon2d([[0, 0], [1, 0], [1, 1], [0, NaN]]), 'NP_NON_FINITE', /point 3 is not finite/);
	throwsCode(() => np.polygon2d([0, 0, 1, 0, 2e12, 1]), 'NP_NON_FINITE', /point 2 exceeds/);
	throwsCode(() => np.polygon2d([[0, 0], [1, 0], [0, 1]], { radius: NaN }), 'NP_NON_FINITE');
	throwsCode(() => np.overlap(a, { position: [NaN, 0] }, b, null), 'NP_NON_FINITE', /transform A position\[0\] is not finite/);
	throwsCode(() => np.distance(a, null, b, { position: [0, Infinity] }), 'NP_NON_FINITE', /transform B position\[1\]/);
	throwsCode(() => np.manifold(a, null, b, { angle: Infinity }), 'NP_NON_FINITE', /transform B angle/);
	throwsCode(() => np.penetration(a, { angle: 1e300 }, b, null), 'NP_NON_FINITE', /transform A angle exceeds/);
	throwsCode(() => np.minkowskiDifference(a, { position: [2e12, 0] }, b), 'NP_NON_FINITE', /exceeds/);
	throwsCode(() => np.manifold(a, null, b, null, { margin: Infinity }), 'NP_NON_FINITE', /margin/);

	// NP_DEGENERATE
	throwsCode(() => np.polygon2d([[0, 0], [1, 1], [2, 2], [3, 3]]), 'NP_DEGENERATE');
	throwsCode(() => np.polygon2d([[0, 0], [1, 0]]), 'NP_DEGENERATE');
	throwsCode(() => np.polygon2d([]), 'NP_DEGENERATE');
	throwsCode(() => np.polygon2d(new Float64Array(0)), 'NP_DEGENERATE');
	throwsCode(() => np.polygon2d([[1, 1], [1, 1], [1, 1]]), 'NP_DEGENERATE');

	// NP_TOO_MANY_POINTS: more input points than accepted, or a hull larger than 64 vertices
	const many = new Float64Array(2 * 1025);
	for (let i = 0; i < 1025; i++) many[2 * i] = i;
	throwsCode(() => np.polygon2d(many), 'NP_TOO_MANY_POINTS', /1025 points/);
	const ring = [];
	for (let i = 0; i < 65; i++) ring.push([Math.cos((2 * Math.PI * i) / 65), Math.sin((2 * Math.PI * i) / 65)]);
	throwsCode(() => np.polygon2d(ring), 'NP_TOO_MANY_POINTS', /64/);

	// NP_INVALID_RADIUS
	throwsCode(() => np.circle(0), 'NP_INVALID_RADIUS');
	throwsCode(() => np.circle(-1), 'NP_INVALID_RADIUS');
	throwsCode(() => np.capsule2d(1, 0), 'NP_INVALID_RADIUS');
	throwsCode(() => np.polygon2d([[0, 0], [1, 0], [0, 1]], { radius: -0.1 }), 'NP_INVALID_RADIUS');

	// NP_INVALID_EXTENT
	throwsCode(() => np.box2d(0, 1), 'NP_INVALID_EXTENT');
	throwsCode(() => np.box2d(1, -2), 'NP_INVALID_EXTENT');
	throwsCode(() => np.capsule2d(-1, 1), 'NP_INVALID_EXTENT');

	// NP_INVALID_TRANSFORM
	throwsCode(() => np.overlap(a, { position: 'ab' }, b, null), 'NP_INVALID_TRANSFORM', /transform A position/);
	throwsCode(() => np.overlap(a, { position: [1] }, b, null), 'NP_INVALID_TRANSFORM', /position must be \[x, y\]/);
	throwsCode(() => np.overlap(a, { position: [1, 2, 3] }, b, null), 'NP_INVALID_TRANSFORM');
	throwsCode(() => np.overlap(a, null, b, { position: [1, '2'] }), 'NP_INVALID_TRANSFORM', /transform B position must hold two numbers/);
	throwsCode(() => np.overlap(a, null, b, { position: null }), 'NP_INVALID_TRANSFORM');
	throwsCode(() => np.distance(a, null, b, { angle: '1' }), 'NP_INVALID_TRANSFORM', /transform B angle must be a number/);
	throwsCode(() => np.manifold(a, 5, b, null), 'NP_INVALID_TRANSFORM', /transform A must be an object/);
	throwsCode(() => np.penetration(a, null, b, 'x'), 'NP_INVALID_TRANSFORM');

	// NP_INVALID_ARGUMENT
	throwsCode(() => np.circle('1'), 'NP_INVALID_ARGUMENT', /radius must be a number/);
	throwsCode(() => np.circle(), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.box2d(1), 'NP_INVALID_ARGUMENT', /halfHeight/);
	throwsCode(() => np.capsule2d(1n, 1), 'NP_INVALID_ARGUMENT', /halfLength/);
	throwsCode(() => np.polygon2d('abc'), 'NP_INVALID_ARGUMENT', /points must be/);
	throwsCode(() => np.polygon2d(null), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.polygon2d([[0, 0], [1, 0], [1]]), 'NP_INVALID_ARGUMENT', /point 2 must be \[x, y\]/);
	throwsCode(() => np.polygon2d([[0, 0], [1, 0], [1, '1']]), 'NP_INVALID_ARGUMENT', /point 2 is not a pair of numbers/);
	throwsCode(() => np.polygon2d([0, 0, 1, 0, 1]), 'NP_INVALID_ARGUMENT', /even length/);
	throwsCode(() => np.polygon2d([0, 0, 1, 0, 1, 'x']), 'NP_INVALID_ARGUMENT', /point 2/);
	throwsCode(() => np.polygon2d([[0, 0], [1, 0], [0, 1]], 3), 'NP_INVALID_ARGUMENT', /options/);
	throwsCode(() => np.polygon2d([[0, 0], [1, 0], [0, 1]], { radius: '1' }), 'NP_INVALID_ARGUMENT', /radius/);
	throwsCode(() => np.overlap({}, null, b, null), 'NP_INVALID_ARGUMENT', /shape A is not a 2D shape/);
	throwsCode(() => np.distance(a, null, null, null), 'NP_INVALID_ARGUMENT', /shape B/);
	throwsCode(() => np.manifold(a, null, b, null, { margin: -1 }), 'NP_INVALID_ARGUMENT', /margin must not be negative/);
	throwsCode(() => np.manifold(a, null, b, null, { margin: '0' }), 'NP_INVALID_ARGUMENT', /margin must be a number/);
	throwsCode(() => np.manifold(a, null, b, null, 1), 'NP_INVALID_ARGUMENT', /options/);
	throwsCode(() => np.penetration(a, null, b, null, 'trace'), 'NP_INVALID_ARGUMENT', /options/);
	throwsCode(() => new np.Shape2D(8), 'NP_INVALID_ARGUMENT', /use np.circle/);
	assert.ok(a instanceof np.Shape2D);

	a.dispose();
	b.dispose();
});

test('dispose frees once; a disposed shape throws NP_DISPOSED everywhere', () => {
	const a = np.box2d(1, 1);
	const b = np.circle(1);
	assert.equal(a.disposed, false);
	a.dispose();
	assert.equal(a.disposed, true);
	a.dispose(); // no-op
	const before = np.heapInUse();
	a.dispose();
	assert.equal(np.heapInUse(), before, 'a second dispose frees nothing');
	throwsCode(() => np.overlap(a, null, b, null), 'NP_DISPOSED', /overlap: shape A \(box2d\) was disposed/);
	throwsCode(() => np.distance(b, null, a, null), 'NP_DISPOSED', /shape B/);
	throwsCode(() => np.penetration(a, null, b, null), 'NP_DISPOSED');
	throwsCode(() => np.manifold(a, null, b, null), 'NP_DISPOSED');
	throwsCode(() => np.minkowskiDifference(a, null, b, null), 'NP_DISPOSED');
	// The drawing data stays readable.
	assert.equal(a.kind, 'box2d');
	assert.equal(a.vertices.length, 4);
	b.dispose();
});

// -------------------------------------------------------------------------------------- leaks
test('no leak: 100k shapes created and disposed, 10k errors thrown', () => {
	const memBefore = np.memoryBytes();
	// Warm up once so lazily allocated buffers (the EPA trace) exist before the baseline.
	const w1 = np.box2d(1, 1);
	const w2 = np.box2d(1, 1);
	np.penetration(w1, null, w2, { position: [0.5, 0] }, { trace: true });
	w1.dispose();
	w2.dispose();
	const heapBefore = np.heapInUse();
	assert.ok(heapBefore > 0);

	const square = Float64Array.of(0, 0, 1, 0, 1, 1, 0, 1);
	const live = [];
	for (let i = 0; i < 100000; i++) {
		let s;
		switch (i & 3) {
			case 0: s = np.circle(1 + (i % 7)); break;
			case 1: s = np.box2d(1, 2); break;
			case 2: s = np.capsule2d(1, 0.5); break;
			default: s = np.polygon2d(square, { radius: 0.01 }); break;
		}
		live.push(s);
		if (live.length === 64) {
			for (const t of live) t.dispose();
			live.length = 0;
		}
	}
	for (const t of live) t.dispose();
	assert.equal(np.heapInUse(), heapBefore, 'heap back to its baseline after 100k shapes');

	const a = np.box2d(1, 1);
	const b = np.circle(1);
	const heapWithShapes = np.heapInUse();
	let thrown = 0;
	const bad = [
		() => np.circle(-1),
		() => np.box2d(0, 1),
		() => np.polygon2d([[0, 0], [1, 1], [2, 2]]),
		() => np.polygon2d([[0, 0], [1, 0], [0, 1]], { radius: -1 }),
		() => np.capsule2d(1, NaN),
		() => np.overlap(a, { position: [NaN, 0] }, b, null),
		() => np.manifold(a, null, b, { angle: 'x' }),
		() => np.penetration(a, null, b, { position: [0, Infinity] }, { trace: true }),
		() => np.distance(a, null, {}, null),
		() => np.minkowskiDifference(a, 7, b, null),
	];
	for (let i = 0; i < 10000; i++) {
		try {
			bad[i % bad.length]();
		} catch (e) {
			if (e instanceof NarrowphaseError) thrown++;
		}
	}
	assert.equal(thrown, 10000);
	assert.equal(np.heapInUse(), heapWithShapes, 'heap unchanged after 10k errors');
	a.dispose();
	b.dispose();
	assert.equal(np.heapInUse(), heapBefore);
	assert.equal(np.memoryBytes(), memBefore, 'wasm memory did not grow');
});

test('the leak probe can see a leak (shapes that are not disposed)', () => {
	const before = np.heapInUse();
	const kept = [];
	for (let i = 0; i < 10; i++) kept.push(np.box2d(1, 1));
	assert.ok(np.heapInUse() >= before + 10 * 2000, 'ten undisposed shapes show up');
	for (const s of kept) s.dispose();
	assert.equal(np.heapInUse(), before);
});

test('shapes never disposed are freed after garbage collection', async () => {
	v8.setFlagsFromString('--expose-gc');
	const gc = vm.runInNewContext('gc');
	const settle = async () => {
		for (let i = 0; i < 5; i++) {
			gc();
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
	};
	await settle(); // earlier tests may have left garbage shapes: let them go first
	const before = np.heapInUse();
	(() => {
		for (let i = 0; i < 1000; i++) np.box2d(1, 1 + i * 1e-3);
	})();
	assert.ok(np.heapInUse() >= before + 1000 * 2000, 'the shapes are allocated');
	// Finalizers run asynchronously after a collection: collect and yield until they have run.
	for (let i = 0; i < 50 && np.heapInUse() !== before; i++) {
		gc();
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	assert.equal(np.heapInUse(), before);
});

// -------------------------------------------------------------------------- transforms, queries
test('missing transform or field means identity; typed-array positions are accepted', () => {
	const a = np.box2d(1, 1);
	const b = np.box2d(1, 1);
	const expected = np.minkowskiDifference(a, { position: [0, 0], angle: 0 }, b, { position: [0, 0], angle: 0 });
	for (const [ta, tb] of [[undefined, undefined], [null, null], [{}, {}], [{ angle: 0 }, { position: [0, 0] }]]) {
		assert.deepEqual(np.minkowskiDifference(a, ta, b, tb), expected);
	}
	assert.deepEqual(np.minkowskiDifference(a, undefined, b, { position: Float64Array.of(1.5, 0) }),
		np.minkowskiDifference(a, undefined, b, { position: [1.5, 0] }));
	a.dispose();
	b.dispose();
});

test('results do not depend on the previous call (the shim remembers the last rotations)', () => {
	const a = np.polygon2d([[0, 0], [2, 0], [2.5, 1], [0.5, 1.5]]);
	const b = np.box2d(0.7, 0.4);
	const ta = { position: [0.1, -0.2], angle: 0.3 };
	const tb = { position: [1.9, 0.8], angle: -1.1 };
	const fresh = np.manifold(a, ta, b, tb);
	const fresh2 = np.minkowskiDifference(a, ta, b, tb);
	for (const angle of [0, -0, 0.3, -1.1, 2.5, 1e6]) {
		np.manifold(a, { angle }, b, { angle });
		assert.deepEqual(np.manifold(a, ta, b, tb), fresh);
		np.overlap(b, { angle: -angle }, a, { angle: angle * 0.5 });
		assert.deepEqual(np.minkowskiDifference(a, ta, b, tb), fresh2);
	}
	// -0 and +0 are distinct keys: each gives exactly what a first call gives.
	const z1 = np.minkowskiDifference(a, { angle: -0 }, b, null);
	np.minkowskiDifference(a, { angle: 0 }, b, null);
	assert.deepEqual(np.minkowskiDifference(a, { angle: -0 }, b, null), z1);
	a.dispose();
	b.dispose();
});

test('minkowskiDifference of two boxes is the box of summed extents, CCW, in world space', () => {
	const a = np.box2d(1, 1);
	const b = np.box2d(2, 0.5);
	const m = np.minkowskiDifference(a, { position: [1, 2] }, b, { position: [2.5, 0] });
	// A - B: centre (1 - 2.5, 2 - 0) = (-1.5, 2), half extents (3, 1.5).
	assert.equal(m.radius, 0);
	assert.equal(m.vertices.length, 4);
	close(signedArea(m.vertices), 6 * 3, 1e-12, 'area');
	const xs = m.vertices.map((v) => v[0]);
	const ys = m.vertices.map((v) => v[1]);
	closeVec([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)], [-4.5, 1.5, 0.5, 3.5]);
	// A quarter turn of A (angle passed to C, rotated with the library's sine/cosine).
	const long = np.box2d(2, 1);
	const c = np.circle(0.5);
	const r = np.minkowskiDifference(long, { angle: Math.PI / 2 }, c, null);
	assert.equal(r.radius, 0.5);
	const rx = r.vertices.map((v) => v[0]);
	const ry = r.vertices.map((v) => v[1]);
	closeVec([Math.min(...rx), Math.max(...rx), Math.min(...ry), Math.max(...ry)], [-1, 1, -2, 2], 1e-12);
	for (const s of [a, b, long, c]) s.dispose();
});

test('overlap and distance on closed-form cases', () => {
	const a = np.box2d(1, 1);
	const b = np.box2d(1, 1);
	assert.equal(np.overlap(a, null, b, { position: [1.5, 0] }), true);
	assert.equal(np.overlap(a, null, b, { position: [2, 0] }), true, 'touching counts');
	assert.equal(np.overlap(a, null, b, { position: [2.001, 0] }), false);

	const d = np.distance(a, null, b, { position: [3, 0] });
	close(d.distance, 1);
	closeVec(d.normal, [1, 0]);
	close(d.pointA[0], 1);
	close(d.pointB[0], 2);
	close(d.pointA[1], d.pointB[1]);
	assert.ok(Math.abs(d.pointA[1]) <= 1);

	// Box rotated a quarter turn: its half extents swap. Circle of radius 0.5 at (3, 0):
	// distance = 3 - 1 (half height along x after the turn) - 0.5.
	const long = np.box2d(2, 1);
	const c = np.circle(0.5);
	const e = np.distance(long, { angle: Math.PI / 2 }, c, { position: [3, 0] });
	close(e.distance, 1.5, 1e-12);
	closeVec(e.pointA, [1, 0], 1e-12);
	closeVec(e.pointB, [2.5, 0], 1e-12);
	closeVec(e.normal, [1, 0], 1e-12);

	const o = np.distance(a, null, b, { position: [1, 0.5] });
	assert.equal(o.distance, 0);
	assert.deepEqual(o.normal, [0, 0]);
	assert.deepEqual(o.pointA, o.pointB);
	for (const s of [a, b, long, c]) s.dispose();
});

test('penetration: box-box depth 0.5, null when apart, trace format', () => {
	const a = np.box2d(1, 1);
	const b = np.box2d(1, 1);
	assert.equal(np.penetration(a, null, b, { position: [2.5, 0] }), null);
	assert.equal(np.penetration(a, null, b, { position: [2.5, 0] }, { trace: true }), null);

	const p = np.penetration(a, null, b, { position: [1.5, 0.25] });
	close(p.depth, 0.5);
	closeVec(p.normal, [1, 0]);
	close(p.pointA[0], 1);
	close(p.pointB[0], 0.5);
	// Convention: depth = dot(pointA - pointB, normal).
	close((p.pointA[0] - p.pointB[0]) * p.normal[0] + (p.pointA[1] - p.pointB[1]) * p.normal[1], p.depth);
	assert.equal(typeof p.iterations, 'number');
	assert.equal(p.stop, 'converged');
	assert.equal(p.steps, undefined, 'no trace unless asked');

	const t = np.penetration(a, null, b, { position: [1.5, 0.25] }, { trace: true });
	close(t.depth, 0.5);
	assert.equal(t.radius, 0);
	assert.equal(typeof t.startedFromEdge, 'boolean');
	assert.ok(t.simplex.length >= 1 && t.simplex.length <= 3);
	assert.ok(t.steps.length >= 1);
	for (let i = 0; i < t.steps.length; i++) {
		const s = t.steps[i];
		assert.ok(s.polytope.length >= 2);
		if (s.polytope.length >= 3) assert.ok(signedArea(s.polytope) > 0, 'polytope is CCW');
		assert.ok(s.closestEdge >= 0 && s.closestEdge < s.polytope.length);
		close(Math.hypot(s.edgeNormal[0], s.edgeNormal[1]), 1, 1e-12, 'edge normal length');
		close(s.supportDistance, s.support[0] * s.edgeNormal[0] + s.support[1] * s.edgeNormal[1], 1e-12);
		assert.equal(s.stop, i === t.steps.length - 1 ? t.stop : 'continue');
	}
	// The final closest edge is the A - B face x = -0.5 seen from the origin: distance 0.5.
	close(t.steps[t.steps.length - 1].edgeDistance, 0.5, 1e-12);

	// Rounded shapes whose cores are apart: the rounding alone overlaps.
	const c1 = np.circle(1);
	const c2 = np.circle(1);
	const q = np.penetration(c1, null, c2, { position: [1.5, 0] }, { trace: true });
	close(q.depth, 0.5);
	closeVec(q.normal, [1, 0]);
	closeVec(q.pointA, [1, 0]);
	closeVec(q.pointB, [0.5, 0]);
	assert.equal(q.stop, 'cores-separated');
	assert.deepEqual(q.steps, []);
	assert.equal(q.radius, 2);
	for (const s of [a, b, c1, c2]) s.dispose();
});

test('manifold: closed-form contacts for box-box, circle-box and speculative margin', () => {
	const a = np.box2d(1, 1);
	const b = np.box2d(1, 1);
	const m = np.manifold(a, null, b, { position: [1.5, 0] });
	closeVec(m.normal, [1, 0]);
	assert.equal(m.points.length, 2);
	const ys = [];
	for (const pt of m.points) {
		close(pt.depth, 0.5, 1e-12, 'depth');
		close(pt.pointA[0], 1, 1e-12, 'pointA on A\'s face x = 1');
		close(pt.pointB[0], 0.5, 1e-12, 'pointB on B\'s face x = 0.5');
		close(pt.pointA[1], pt.pointB[1], 1e-12);
		assert.ok(Number.isInteger(pt.id) && pt.id >= 0 && pt.id <= 0xffffffff);
		ys.push(pt.pointA[1]);
	}
	ys.sort((x, y) => x - y);
	closeVec(ys, [-1, 1], 1e-12);
	assert.notEqual(m.points[0].id, m.points[1].id);

	assert.deepEqual(np.manifold(a, null, b, { position: [2.2, 0] }).points, []);
	const s = np.manifold(a, null, b, { position: [2.2, 0] }, { margin: 0.5 });
	assert.equal(s.points.length, 2);
	for (const pt of s.points) close(pt.depth, -0.2, 1e-12, 'speculative depth');

	// Circle of radius 0.5 resting 0.1 deep on the top face of a box.
	const c = np.circle(0.5);
	const k = np.manifold(a, null, c, { position: [0.3, 1.4] });
	closeVec(k.normal, [0, 1]);
	assert.equal(k.points.length, 1);
	close(k.points[0].depth, 0.1, 1e-12);
	closeVec(k.points[0].pointA, [0.3, 1], 1e-12);
	closeVec(k.points[0].pointB, [0.3, 0.9], 1e-12);
	for (const sh of [a, b, c]) sh.dispose();
});

test('manifold with options.out refills the given manifold in place', () => {
	const a = np.box2d(1, 1);
	const b = np.box2d(1, 1);
	const c = np.circle(0.5);
	const out = np.manifold(a, null, b, { position: [1.5, 0] });
	for (const [shape, tb] of [[b, { position: [0, 1.7] }], [c, { position: [0.3, 1.4] }], [b, { position: [5, 0] }], [b, { position: [-1.2, 0.3], angle: 0.2 }]]) {
		const fresh = np.manifold(a, null, shape, tb);
		const r = np.manifold(a, null, shape, tb, { out });
		assert.equal(r, out);
		assert.deepEqual(r, fresh);
	}
	// A steady contact keeps its objects.
	np.manifold(a, null, b, { position: [1.5, 0] }, { out });
	const p0 = out.points[0];
	const pointA0 = p0.pointA;
	const normal = out.normal;
	np.manifold(a, null, b, { position: [1.4, 0.1] }, { out, margin: 0.1 });
	assert.equal(out.points.length, 2);
	assert.ok(out.points[0] === p0 && p0.pointA === pointA0 && out.normal === normal);
	assert.deepEqual(out, np.manifold(a, null, b, { position: [1.4, 0.1] }, { margin: 0.1 }));
	// An empty shell is fine too; a malformed one is rejected.
	const shell = { normal: [0, 0], points: [] };
	assert.deepEqual(np.manifold(a, null, b, { position: [1.5, 0] }, { out: shell }), np.manifold(a, null, b, { position: [1.5, 0] }));
	throwsCode(() => np.manifold(a, null, b, null, { out: {} }), 'NP_INVALID_ARGUMENT', /options.out/);
	throwsCode(() => np.manifold(a, null, b, null, { out: { normal: [0], points: [] } }), 'NP_INVALID_ARGUMENT');
	for (const s of [a, b, c]) s.dispose();
});
