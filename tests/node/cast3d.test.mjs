// 3D shape casts and time of impact through the JS API (np.shapeCast, np.shapeCastMany,
// np.timeOfImpact; js/apicast3d.mjs): closed-form cases, shapeCastMany against shapeCast cast by
// cast (bit for bit), mesh seams without ghost hits, a cliff's edge normal, bad input (non-finite
// translations and sweeps, disposed shapes and meshes, 2D shapes mixed in), and a flat heap over
// many calls. The shared vectors (tests/vectors/3d_cast.json) run through vectors.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';
import { throwsCode } from './asserts.mjs';

const np = await init();
const I = { position: [0, 0, 0], rotation: [0, 0, 0, 1] };
const at = (x, y, z) => ({ position: [x, y, z], rotation: [0, 0, 0, 1] });

test('the cast API is installed', () => {
	for (const f of ['shapeCast', 'shapeCastMany', 'timeOfImpact']) assert.equal(typeof np[f], 'function', `np.${f}`);
});

test('sphere pair: the closed form, never late', () => {
	const a = np.sphere(0.5), b = np.sphere(0.25);
	const h = np.shapeCast(a, at(-3, 0.5, 0), [4, 0, 0], b, I);
	const exact = (3 - Math.sqrt(0.75 * 0.75 - 0.25)) / 4;
	assert.ok(h.fraction <= exact && exact - h.fraction < 1e-9, `${h.fraction} vs ${exact}`);
	assert.equal(h.initialOverlap, false);
	assert.ok(Math.abs(Math.hypot(...h.normal) - 1) < 1e-12);
	assert.equal(h.mesh, undefined);
	a.dispose();
	b.dispose();
});

test('box onto box: a face contact, the skin, maxFraction, zero translation', () => {
	const a = np.box3d(0.5, 0.5, 0.5), b = np.box3d(1, 1, 1);
	const h = np.shapeCast(a, at(0, 5, 0), [0, -10, 0], b, I);
	assert.ok(h.fraction <= 0.35 && 0.35 - h.fraction < 1e-8, `${h.fraction}`);
	assert.deepEqual(h.normal.map((x) => Math.round(x * 1e9) / 1e9), [0, 1, 0]);
	const skin = np.shapeCast(a, at(0, 5, 0), [0, -10, 0], b, I, { targetDistance: 0.5 });
	assert.ok(Math.abs(skin.fraction - 0.3) < 1e-8);
	assert.equal(np.shapeCast(a, at(0, 5, 0), [0, -10, 0], b, I, { maxFraction: 0.3 }), null);
	assert.equal(np.shapeCast(a, at(0, 5, 0), [0, 0, 0], b, I), null); // apart, not moving
	const o = np.shapeCast(a, at(0, 1.2, 0), [0, 0, 0], b, I);
	assert.equal(o.initialOverlap, true);
	assert.equal(o.fraction, 0);
	assert.ok(Math.abs(o.penetration - 0.3) < 1e-9);
	assert.equal(np.shapeCast(a, at(0, 1.2, 0), [0, 1, 0], b, I, { ignoreSeparating: true }), null);
	assert.equal(np.shapeCast(a, at(0, 1.2, 0), [0, -1, 0], b, I, { ignoreSeparating: true }).initialOverlap, true);
	a.dispose();
	b.dispose();
});

test('meshes: sliding over a seam between two meshes is not a hit; a cliff keeps its edge normal', () => {
	const left = np.mesh3d([[-10, 0, -10], [0, 0, -10], [0, 0, 10], [-10, 0, 10]], [0, 2, 1, 0, 3, 2]);
	const right = np.mesh3d([[0, 0, -10], [10, 0, -10], [10, 0, 10], [0, 0, 10], [10, -1, -10], [10, -1, 10]],
		[0, 2, 1, 0, 3, 2, 1, 2, 5, 1, 5, 4]);
	const meshes = [left, { mesh: right, transform: I }];
	const box = np.box3d(0.5, 0.5, 0.5);
	assert.equal(np.shapeCast(box, at(-5, 0.501, 0), [9, 0, 0], meshes, undefined, { targetDistance: 0.01, ignoreSeparating: true }), null);
	const fall = np.shapeCast(box, at(-0.2, 1.7, 0.3), [0.4, -3, 0], meshes);
	assert.ok(fall.normal[1] > 0.999999 && fall.mesh >= 0 && fall.triangle >= 0);
	const ball = np.sphere(0.3);
	const cliff = np.shapeCast(ball, at(12, 0.1, 0), [-3, 0, 0], meshes);
	assert.ok(cliff.normal[0] > 0.5 && cliff.normal[1] > 0.1, `${cliff.normal}`);
	assert.equal(cliff.mesh, 1);
	const one = np.shapeCast(ball, at(-5, 3, 0), [0, -5, 0], left, I);
	assert.equal(one.mesh, 0);
	assert.equal(np.shapeCast(ball, at(-5, 3, 0), [0, -5, 0], [], I), null);
	for (const o of [left, right, box, ball]) o.dispose();
});

test('shapeCastMany matches shapeCast cast by cast, bit for bit', () => {
	const cap = np.capsule3d(0.5, 0.2), hull = np.hull3d([[1, 0, 0], [-1, 0.2, 0], [0, 1, 0.3], [0, -1, -0.4], [0.2, 0.3, 1], [-0.3, -0.2, -1]]);
	const n = 50;
	const xfs = new Float64Array(7 * n), trs = new Float64Array(3 * n);
	for (let i = 0; i < n; i++) {
		xfs.set([Math.sin(i) * 4, Math.cos(i * 1.3) * 4, 3, 0, Math.sin(i) * 0.3, 0, 1], 7 * i);
		trs.set([-xfs[7 * i] * 1.5, -xfs[7 * i + 1] * 1.5, -4], 3 * i);
	}
	const out = new Float64Array(np.castHitSize3d * n);
	const hits = np.shapeCastMany(cap, xfs, trs, hull, I, out);
	let count = 0;
	for (let i = 0; i < n; i++) {
		const xf = { position: Array.from(xfs.subarray(7 * i, 7 * i + 3)), rotation: Array.from(xfs.subarray(7 * i + 3, 7 * i + 7)) };
		const h = np.shapeCast(cap, xf, Array.from(trs.subarray(3 * i, 3 * i + 3)), hull, I);
		const rec = out.subarray(np.castHitSize3d * i);
		if (h === null) assert.equal(rec[0], -1);
		else {
			count++;
			assert.equal(rec[0], h.fraction);
			assert.deepEqual(Array.from(rec.subarray(7, 10)), h.normal);
		}
	}
	assert.equal(hits, count);
	assert.ok(count > 5);
	cap.dispose();
	hull.dispose();
});

test('time of impact: a spinning rod onto a box, states and guarantees', () => {
	const rod = np.capsule3d(2, 0.02), box = np.box3d(1, 1, 1);
	const spin = { from: at(0, 4, 0), to: { position: [0, -4, 0], rotation: [0, 0, 0.7071067811865476, 0.7071067811865476] } };
	const r = np.timeOfImpact(rod, spin, box, { from: I, to: I }, { tolerance: 1e-6 });
	assert.equal(r.state, 'hit');
	const d = np.distance(rod, posedAt(spin, r.fraction), box, I).distance;
	assert.ok(Math.abs(d) <= 1.01e-6, `distance at the hit ${d}`);
	assert.equal(np.timeOfImpact(rod, { from: at(0, 4, 0), to: at(5, 4, 0) }, box, { from: I, to: I }).state, 'separated');
	assert.equal(np.timeOfImpact(rod, { from: I, to: at(5, 4, 0) }, box, { from: I, to: I }).state, 'overlapped');
	rod.dispose();
	box.dispose();
});

test('time of impact: a missing or null from / to is the identity, as in 2D (Sweep2) and every other transform', () => {
	const rod = np.capsule3d(2, 0.02), box = np.box3d(1, 1, 1);
	const spin = { from: at(0, 4, 0), to: { position: [0, -4, 0], rotation: [0, 0, 0.7071067811865476, 0.7071067811865476] } };
	const ref = np.timeOfImpact(rod, spin, box, { from: I, to: I });
	assert.equal(ref.state, 'hit');
	for (const still of [{}, { from: null, to: null }, { from: I }, { to: null }]) assert.deepEqual(np.timeOfImpact(rod, spin, box, still), ref);
	// The moving side too: a rod resting at the identity from fraction 0 overlaps the box.
	assert.equal(np.timeOfImpact(rod, { to: at(5, 4, 0) }, box, {}).state, 'overlapped');
	rod.dispose();
	box.dispose();
});

// The sweep's pose at t (slerp with Math's trigonometry: a reference for the test only).
function posedAt(sw, t) {
	const q0 = sw.from.rotation ?? [0, 0, 0, 1], q1 = sw.to.rotation ?? [0, 0, 0, 1];
	const c = q0.reduce((s, x, i) => s + x * q1[i], 0);
	const phi = Math.acos(Math.min(1, Math.abs(c))), sgn = c < 0 ? -1 : 1;
	const wa = phi < 1e-12 ? 1 - t : Math.sin((1 - t) * phi) / Math.sin(phi), wb = phi < 1e-12 ? t : Math.sin(t * phi) / Math.sin(phi);
	const q = q0.map((x, i) => wa * x + sgn * wb * q1[i]);
	const l = Math.hypot(...q);
	const p0 = sw.from.position, p1 = sw.to.position;
	return { position: p0.map((x, i) => x + t * (p1[i] - x)), rotation: q.map((x) => x / l) };
}

test('bad input: clear error codes', () => {
	const a = np.sphere(0.5), b = np.box3d(1, 1, 1), c2 = np.circle(1);
	const mesh = np.mesh3d([[0, 0, 0], [1, 0, 0], [0, 0, 1]], [0, 2, 1]);
	throwsCode(() => np.shapeCast(a, I, [NaN, 0, 0], b, I), 'NP_NON_FINITE');
	throwsCode(() => np.shapeCast(a, I, [Infinity, 0, 0], mesh, I), 'NP_NON_FINITE');
	throwsCode(() => np.shapeCast(a, I, [1, 0], b, I), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.shapeCast(a, I, [1, 0, 0], b, I, { maxFraction: -1 }), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.shapeCast(a, I, [1, 0, 0], b, I, { targetDistance: NaN }), 'NP_NON_FINITE');
	throwsCode(() => np.shapeCast(a, { position: [0, 0, 0], rotation: [0, 0, 0, 0] }, [1, 0, 0], b, I), 'NP_INVALID_TRANSFORM');
	throwsCode(() => np.shapeCast(a, I, [1, 0, 0], c2, I), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.shapeCast(c2, I, [1, 0], b, I), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.shapeCast(a, I, [1, 0, 0], 'box', I), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.timeOfImpact(a, { from: I, to: { position: [NaN, 0, 0] } }, b, { from: I, to: I }), 'NP_NON_FINITE');
	throwsCode(() => np.timeOfImpact(a, { from: I, to: I, center: [0, Infinity, 0] }, b, { from: I, to: I }), 'NP_NON_FINITE');
	throwsCode(() => np.timeOfImpact(a, null, b, { from: I, to: I }), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.timeOfImpact(a, { from: I, to: I }, c2, { from: I, to: I }), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.shapeCastMany(a, new Float64Array(7), new Float64Array(3), b, I, new Float64Array(1)), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.shapeCastMany(a, new Float64Array([0, 0, 0, 0, 0, 0, 1]), new Float64Array([NaN, 0, 0]), b, I, new Float64Array(np.castHitSize3d)), 'NP_NON_FINITE');
	const d = np.box3d(1, 1, 1);
	d.dispose();
	throwsCode(() => np.shapeCast(a, I, [1, 0, 0], d, I), 'NP_DISPOSED');
	throwsCode(() => np.shapeCast(d, I, [1, 0, 0], b, I), 'NP_DISPOSED');
	throwsCode(() => np.timeOfImpact(d, { from: I, to: I }, b, { from: I, to: I }), 'NP_DISPOSED');
	mesh.dispose();
	throwsCode(() => np.shapeCast(a, I, [1, 0, 0], mesh, I), 'NP_DISPOSED');
	throwsCode(() => np.shapeCast(a, I, [1, 0, 0], [{ mesh, transform: I }], I), 'NP_DISPOSED');
	for (const o of [a, b, c2]) o.dispose();
});

test('the heap stays flat over create / cast / dispose', () => {
	const run = () => {
		const a = np.capsule3d(0.5, 0.2), b = np.hull3d([[1, 0, 0], [-1, 0.2, 0], [0, 1, 0.3], [0, -1, -0.4], [0.2, 0.3, 1]]);
		const mesh = np.mesh3d([[-5, 0, -5], [5, 0, -5], [5, 0, 5], [-5, 0, 5]], [0, 2, 1, 0, 3, 2]);
		np.shapeCast(a, at(0, 3, 0), [0.5, -5, 0], b, I);
		np.shapeCast(a, at(0, 3, 0), [0.5, -5, 0], mesh, I);
		np.shapeCastMany(a, new Float64Array([0, 3, 0, 0, 0, 0, 1, 1, 3, 0, 0, 0, 0, 1]), new Float64Array([0, -5, 0, 0, -5, 0]), b, I, new Float64Array(2 * np.castHitSize3d));
		np.timeOfImpact(a, { from: at(0, 3, 0), to: { position: [0, -3, 0], rotation: [0, 0.6, 0, 0.8] } }, b, { from: I, to: I });
		try { np.shapeCast(a, I, [NaN, 0, 0], b, I); } catch { /* expected */ }
		for (const o of [a, b, mesh]) o.dispose();
	};
	run(); // the runtime's batch block is made once
	const before = np.heapInUse();
	for (let k = 0; k < 100; k++) run();
	assert.equal(np.heapInUse(), before);
});
