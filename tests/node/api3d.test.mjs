// API-level tests of the 3D JS binding (js/api3d.mjs + src/binding3d.c) against the wasm build:
// constructors and input forms, dispatch of the shared query functions on dimensionality, every
// error code, dispose and leaks, transforms, closed-form query results, the persistent contact
// cache (settling box, one-point feed), and a timing report for the box-box manifold.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { init } from '../../js/narrowphase.mjs';
import { throwsCode, close, closeVec } from './asserts.mjs';

const np = await init();

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const quat = (axis, angle) => {
	const s = Math.sin(angle / 2), l = Math.hypot(...axis);
	return [(axis[0] / l) * s, (axis[1] / l) * s, (axis[2] / l) * s, Math.cos(angle / 2)];
};

test('constructors: kinds, vertices, radius, input forms', () => {
	const s = np.sphere(0.5), c = np.capsule3d(1, 0.25), b = np.box3d(1, 2, 3);
	const t = np.triangle3d([0, 0, 0], [1, 0, 0], [0, 1, 0]);
	const h = np.hull3d([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [0.1, 0.1, 0.1]]);
	const hf = np.hull3d(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]));
	assert.deepEqual([s.kind, c.kind, b.kind, t.kind, h.kind, hf.kind], ['sphere', 'capsule3d', 'box3d', 'triangle3d', 'hull3d', 'hull3d']);
	assert.equal(s.dim, 3);
	assert.deepEqual(s.vertices, [[0, 0, 0]]);
	assert.deepEqual(c.vertices, [[0, -1, 0], [0, 1, 0]]);
	assert.equal(c.radius, 0.25);
	assert.equal(b.vertices.length, 8);
	assert.equal(h.vertices.length, 4, 'interior point dropped');
	assert.equal(h.faceCount, 4);
	assert.equal(hf.vertices.length, 4);
	assert.equal(t.faceCount, 2, 'two-sided triangle');
	const flat = np.hull3d([[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1], [0.5, 0, 0.5]]);
	assert.equal(flat.faceCount, 2, 'flat hull: two-sided polygon');
	for (const x of [s, c, b, t, h, hf, flat]) x.dispose();
});

test('constructor errors carry stable codes and leak nothing', () => {
	const before = np.heapInUse();
	throwsCode(() => np.sphere(0), 'NP_INVALID_RADIUS');
	throwsCode(() => np.sphere(NaN), 'NP_NON_FINITE');
	throwsCode(() => np.sphere('1'), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.capsule3d(0, 1), 'NP_INVALID_EXTENT');
	throwsCode(() => np.box3d(1, -1, 1), 'NP_INVALID_EXTENT');
	throwsCode(() => np.box3d(1, Infinity, 1), 'NP_NON_FINITE');
	throwsCode(() => np.triangle3d([0, 0, 0], [1, 1, 1], [2, 2, 2]), 'NP_DEGENERATE');
	throwsCode(() => np.triangle3d([0, 0, 0], [1, 1], [2, 2, 2]), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.hull3d([[0, 0, 0], [1, 0, 0]]), 'NP_DEGENERATE');
	throwsCode(() => np.hull3d([[0, 0, 0], [1, 0, 0], [0, NaN, 0]]), 'NP_NON_FINITE');
	throwsCode(() => np.hull3d([0, 0, 0, 1]), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.hull3d('points'), 'NP_INVALID_ARGUMENT');
	const sphere = [];
	for (let i = 0; i < 400; i++) {
		const y = 1 - (2 * (i + 0.5)) / 400, r = Math.sqrt(1 - y * y), phi = i * 2.399963;
		sphere.push([r * Math.cos(phi), y, r * Math.sin(phi)]);
	}
	throwsCode(() => np.hull3d(sphere), 'NP_TOO_MANY_POINTS');
	const many = new Float64Array(3 * 4097);
	throwsCode(() => np.hull3d(many), 'NP_TOO_MANY_POINTS');
	assert.equal(np.heapInUse(), before, 'heap unchanged after failed constructors');
});

test('queries dispatch on dimensionality; mixing 2D and 3D is NP_INVALID_ARGUMENT', () => {
	const a = np.box3d(1, 1, 1), b = np.sphere(0.5), c = np.circle(1);
	assert.equal(np.overlap(a, undefined, b, { position: [0, 1.4, 0] }), true);
	assert.equal(np.overlap(a, undefined, b, { position: [0, 1.6, 0] }), false);
	throwsCode(() => np.overlap(a, undefined, c, undefined), 'NP_INVALID_ARGUMENT', /2D/);
	throwsCode(() => np.manifold(c, undefined, a, undefined), 'NP_INVALID_ARGUMENT', /2D/);
	throwsCode(() => np.penetration(a, undefined, 42, undefined), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.minkowskiDifference(a, undefined, b, undefined), 'NP_INVALID_ARGUMENT');
	// 2D still works.
	assert.equal(np.overlap(c, { position: [0, 0] }, np.circle(1), { position: [1.5, 0] }), true);
	b.dispose();
	throwsCode(() => np.distance(a, undefined, b, undefined), 'NP_DISPOSED');
	a.dispose();
	c.dispose();
});

test('transforms: identity defaults, quaternion normalisation, bad transforms', () => {
	const a = np.box3d(1, 1, 1), b = np.sphere(0.5);
	const m1 = np.manifold(a, undefined, b, { position: [0, 1.4, 0] });
	const m2 = np.manifold(a, { position: [0, 0, 0], rotation: [0, 0, 0, 2] }, b, { position: [0, 1.4, 0], rotation: [0, 0, 0, 1] });
	assert.deepEqual(m1, m2, 'a non-unit quaternion is normalised');
	throwsCode(() => np.manifold(a, { rotation: [0, 0, 0, 0] }, b), 'NP_INVALID_TRANSFORM');
	throwsCode(() => np.manifold(a, undefined, b, { rotation: [0, 0, 1] }), 'NP_INVALID_TRANSFORM', /transform B/);
	throwsCode(() => np.manifold(a, { position: [0, NaN, 0] }, b), 'NP_NON_FINITE', /position\[1\]/);
	throwsCode(() => np.manifold(a, { position: [1e13, 0, 0] }, b), 'NP_NON_FINITE');
	throwsCode(() => np.manifold(a, 'x', b), 'NP_INVALID_TRANSFORM');
	throwsCode(() => np.manifold(a, undefined, b, undefined, { margin: -1 }), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.manifold(a, undefined, b, undefined, { margin: NaN }), 'NP_NON_FINITE');
	a.dispose();
	b.dispose();
});

test('closed-form results: resting cube manifold, distance, penetration with tangents', () => {
	const ground = np.box3d(5, 0.5, 5), cube = np.box3d(0.5, 0.5, 0.5);
	const tb = { position: [1, 0.99, -2] };
	const m = np.manifold(ground, undefined, cube, tb);
	assert.deepEqual(m.normal, [0, 1, 0]);
	assert.equal(m.points.length, 4);
	const ids = new Set();
	for (const p of m.points) {
		close(p.depth, 0.01, 1e-12, 'depth');
		close(dot(sub(p.pointA, p.pointB), m.normal), p.depth, 1e-12, 'depth identity');
		close(p.pointA[1], 0.5, 1e-12, 'on the ground');
		ids.add(p.id);
		assert.ok(Number.isInteger(p.id) && p.id > 0 && p.id < 2 ** 32);
	}
	assert.equal(ids.size, 4);
	// Speculative: 0.02 above, margin 0.05.
	const s = np.manifold(ground, undefined, cube, { position: [1, 1.02, -2] }, { margin: 0.05 });
	assert.equal(s.points.length, 4);
	close(s.points[0].depth, -0.02, 1e-12);
	assert.equal(np.manifold(ground, undefined, cube, { position: [1, 1.02, -2] }).points.length, 0);

	const d = np.distance(ground, undefined, cube, { position: [0, 2, 0] });
	close(d.distance, 1, 1e-12);
	closeVec(d.normal, [0, 1, 0], 1e-12);

	const p = np.penetration(ground, undefined, cube, tb);
	close(p.depth, 0.01, 1e-12);
	closeVec(p.normal, [0, 1, 0], 1e-12);
	for (const t of [p.tangent1, p.tangent2]) {
		close(dot(t, t), 1, 1e-12, 'unit tangent');
		close(dot(t, p.normal), 0, 1e-12, 'tangent perpendicular');
	}
	close(dot(p.tangent1, p.tangent2), 0, 1e-12);
	closeVec(sub(p.pointB, p.localB), [1, 0.99, -2], 1e-12, 'localB = pointB in B frame (no rotation)');
	assert.equal(np.penetration(ground, undefined, cube, { position: [0, 2, 0] }), null);
	ground.dispose();
	cube.dispose();
});

test('contact cache: a settling box converges to 4 stable points carrying user data', () => {
	const before = np.heapInUse();
	const ground = np.box3d(5, 0.5, 5), cube = np.box3d(0.5, 0.5, 0.5);
	const cache = np.contactCache3d({ breakDistance: 0.02, margin: 0.02 });
	let restIds = null;
	for (let frame = 0; frame < 60; frame++) {
		const tilt = frame < 30 ? 0.3 * (1 - frame / 29) : 1e-4 * ((frame % 3) - 1);
		const y = 0.5 + 0.5 * (Math.sin(Math.abs(tilt)) + Math.cos(tilt)) - 0.005;
		const tb = { position: [0.001 * Math.min(frame, 29), y, 0], rotation: quat([0, 0, 1], tilt) };
		const pts = cache.update(np.manifold(ground, undefined, cube, tb, { margin: 0.02 }), undefined, tb);
		// Solver stand-in: count the frames each point has been warm-started.
		pts.forEach((p, i) => {
			if (p.age > 0) assert.equal(p.user[0], p.age, `frame ${frame}: user data follows the point`);
			cache.setUserData(i, [p.user[0] + 1, p.id % 1000, 0]);
		});
		if (frame === 35) restIds = pts.map((p) => p.id).sort();
		if (frame > 35) assert.deepEqual(pts.map((p) => p.id).sort(), restIds, `frame ${frame}: ids stable`);
	}
	assert.equal(restIds.length, 4);
	assert.equal(cache.count, 4);
	for (const p of cache.points) assert.ok(p.age >= 24, `age ${p.age}`);
	closeVec(cache.normal, [0, 1, 0], 1e-9);
	throwsCode(() => cache.setUserData(7, [1]), 'NP_OUT_OF_RANGE');
	throwsCode(() => cache.update({ points: [{ pointA: [0, 0], pointB: [0, 0, 0] }], normal: [0, 1, 0] }), 'NP_INVALID_ARGUMENT');
	throwsCode(() => cache.update({ pointA: [0, 0, 0], pointB: [0, 0, 0], normal: [0, 0, 0] }), 'NP_INVALID_ARGUMENT');
	cache.dispose();
	throwsCode(() => cache.points, 'NP_DISPOSED');
	ground.dispose();
	cube.dispose();
	assert.equal(np.heapInUse(), before, 'no leak');
});

test('contact cache: one point per frame (penetration) accumulates to 4 points', () => {
	const ground = np.box3d(5, 0.5, 5), cube = np.box3d(0.5, 0.5, 0.5);
	const cache = np.contactCache3d({ breakDistance: 0.02, margin: 0.01 });
	const h = Math.SQRT1_2;
	const axes = [[h, 0, h], [h, 0, -h], [-h, 0, -h], [-h, 0, h]];
	const counts = [];
	for (let frame = 0; frame < 10; frame++) {
		const tb = { position: [0, 0.996, 0], rotation: quat(axes[frame % 4], 2e-3) };
		// Feed only the deepest manifold point, as a single-point (EPA) pipeline would.
		const m = np.manifold(ground, undefined, cube, tb);
		const p = m.points[0];
		cache.update({ pointA: p.pointA, pointB: p.pointB, normal: m.normal }, undefined, tb);
		counts.push(cache.count);
	}
	assert.deepEqual(counts.slice(0, 4), [1, 2, 3, 4]);
	assert.equal(counts[9], 4);
	// np.penetration's result is accepted directly as a single point.
	const before = cache.count;
	const tb = { position: [0, 0.996, 0] };
	const pen = np.penetration(ground, undefined, cube, tb);
	cache.update(pen, undefined, tb);
	assert.ok(cache.count >= before - 0 && cache.count <= 4);
	// null (no contact this frame) only refreshes: lifting the cube drops every point.
	cache.update(null, undefined, { position: [0, 1.2, 0] });
	assert.equal(cache.count, 0);
	cache.dispose();
	ground.dispose();
	cube.dispose();
});

test('timing: box-box 4-point manifold and sphere-box from JS (report)', () => {
	const a = np.box3d(1, 1, 1), b = np.box3d(0.5, 0.5, 0.5), s = np.sphere(0.5);
	const ta = { position: [0, 0, 0], rotation: [0, 0, 0, 1] };
	const tb = { position: [0.1, 1.45, 0.2], rotation: quat([0.05, 1, 0.05], 0.4) };
	const time = (fn) => {
		for (let i = 0; i < 20000; i++) fn();
		let best = Infinity;
		for (let rep = 0; rep < 5; rep++) {
			const n = 50000;
			const t0 = process.hrtime.bigint();
			for (let i = 0; i < n; i++) fn();
			best = Math.min(best, Number(process.hrtime.bigint() - t0) / n);
		}
		return best;
	};
	assert.equal(np.manifold(a, ta, b, tb).points.length, 4);
	const boxBox = time(() => np.manifold(a, ta, b, tb));
	const sphereBox = time(() => np.manifold(a, ta, s, tb));
	console.log(`# 3D manifold from JS: box-box (4 points) ${boxBox.toFixed(0)} ns, sphere-box ${sphereBox.toFixed(0)} ns`);
	a.dispose();
	b.dispose();
	s.dispose();
});
