// options.out for the queries that return objects (distance, penetration in 2D and 3D,
// meshContacts; rayCast, closestPoint, bounds, shapeCast and timeOfImpact on every target kind): the result given is refilled in place (the same object and arrays) and equals a
// new result bit for bit; a malformed out is NP_INVALID_ARGUMENT; penetration still returns null
// when apart (out untouched).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';
import { throwsCode } from './asserts.mjs';

const np = await init();

let s = 99;
const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);

function refills(query, a, b, poses, make) {
	let out = null;
	let filled = 0;
	for (const [ta, tb] of poses) {
		const fresh = query(a, ta, b, tb);
		if (fresh === null) {
			if (out !== null) assert.equal(query(a, ta, b, tb, { out }), null);
			continue;
		}
		if (out === null) out = make(fresh);
		const arrays = Object.values(out).filter(Array.isArray);
		const got = query(a, ta, b, tb, { out });
		assert.equal(got, out);
		assert.deepEqual(got, fresh);
		for (const v of Object.values(out).filter(Array.isArray)) assert.ok(arrays.includes(v), 'arrays reused');
		filled++;
	}
	assert.ok(filled > 20, `${filled} results refilled`);
}

const copy = (r) => JSON.parse(JSON.stringify(r));

test('distance and penetration refill options.out (2D)', () => {
	const a = np.polygon2d([[0, 0], [1, 0], [0.8, 0.9], [-0.2, 0.6]]), b = np.capsule2d(0.4, 0.2);
	const poses = Array.from({ length: 80 }, () => [{ position: [0, 0], angle: rand() }, { position: [2 * rand() - 0.5, 2 * rand() - 0.5], angle: 6 * rand() }]);
	refills(np.distance, a, b, poses, copy);
	refills(np.penetration, a, b, poses, copy);
	throwsCode(() => np.distance(a, null, b, null, { out: { pointA: [0, 0] } }), 'NP_INVALID_ARGUMENT', /options\.out/);
	throwsCode(() => np.penetration(a, null, b, null, { out: 7 }), 'NP_INVALID_ARGUMENT', /options\.out/);
	a.dispose();
	b.dispose();
});

test('distance and penetration refill options.out (3D)', () => {
	const a = np.box3d(0.5, 0.4, 0.3), b = np.hull3d(Array.from({ length: 20 }, () => [rand() - 0.5, rand() - 0.5, rand() - 0.5]));
	const q = () => { const v = [rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5]; const l = Math.hypot(...v); return v.map((c) => c / l); };
	const poses = Array.from({ length: 80 }, () => [{ position: [0, 0, 0], rotation: q() }, { position: [rand() - 0.5, rand() - 0.5, rand() - 0.5].map((c) => 2 * c), rotation: q() }]);
	refills(np.distance, a, b, poses, copy);
	refills(np.penetration, a, b, poses, copy);
	throwsCode(() => np.penetration(a, null, b, null, { out: { normal: [0, 0] } }), 'NP_INVALID_ARGUMENT', /options\.out/);
	a.dispose();
	b.dispose();
});

test('meshContacts refills options.out', () => {
	const v = [], idx = [];
	for (let y = 0; y <= 8; y++) for (let x = 0; x <= 8; x++) v.push(x, y, 0.2 * Math.sin(x) * Math.cos(y));
	for (let y = 0; y < 8; y++) {
		for (let x = 0; x < 8; x++) {
			const k = y * 9 + x;
			idx.push(k, k + 1, k + 10, k, k + 10, k + 9);
		}
	}
	const mesh = np.mesh3d(v, idx);
	const box = np.box3d(0.5, 0.5, 0.5);
	const out = [];
	let filled = 0;
	for (let i = 0; i < 60; i++) {
		const tf = { position: [1 + 6 * rand(), 1 + 6 * rand(), 0.3 + 0.4 * rand()], rotation: [0, 0, Math.sin(rand()), Math.cos(rand())] };
		const fresh = np.meshContacts(box, tf, mesh);
		const objects = out.slice();
		const got = np.meshContacts(box, tf, mesh, { out });
		assert.equal(got, out);
		assert.deepEqual(copy(got), copy(fresh));
		for (let k = 0; k < Math.min(objects.length, out.length); k++) assert.equal(out[k], objects[k], 'contact objects reused');
		filled += out.length;
	}
	assert.ok(filled > 60, `${filled} contacts`);
	throwsCode(() => np.meshContacts(box, null, mesh, { out: {} }), 'NP_INVALID_ARGUMENT', /options\.out/);
	box.dispose();
	mesh.dispose();
});

// rayCast, closestPoint, bounds, shapeCast and timeOfImpact: one result refilled over random
// queries on every target kind of a dimension (so it moves between kinds: a mesh hit refilled by a
// convex shape's loses its mesh and triangle), always the same object and arrays, equal to the new
// result; a miss gives null and leaves it untouched; a malformed out is NP_INVALID_ARGUMENT, also
// when the query would miss. tests/node/vectors.test.mjs runs every shared query vector this way too.
function refillEach(name, calls) {
	let out = null;
	let arrays = null;
	let filled = 0;
	let missed = 0;
	for (const call of calls) {
		const fresh = call(undefined);
		if (out === null) {
			if (fresh === null) continue;
			out = JSON.parse(JSON.stringify(fresh));
			arrays = Object.values(out).filter(Array.isArray);
		}
		const before = JSON.stringify(out);
		const got = call(out);
		if (fresh === null) {
			assert.equal(got, null, `${name}: a miss`);
			assert.equal(JSON.stringify(out), before, `${name}: a miss left out as it was`);
			missed++;
			continue;
		}
		assert.equal(got, out, `${name}: the object given is returned`);
		assert.deepEqual(got, fresh, `${name}: refilled = new`);
		for (const v of Object.values(out).filter(Array.isArray)) assert.ok(arrays.includes(v), `${name}: arrays reused`);
		filled++;
	}
	assert.ok(filled > 30, `${name}: ${filled} refilled`);
	return { out, missed };
}

test('rayCast, closestPoint, bounds, shapeCast and timeOfImpact refill options.out (2D)', () => {
	const targets = [np.box2d(0.5, 0.3), np.circle(0.4), np.capsule2d(0.5, 0.2), np.polygon2d([[0, 0], [1, 0], [0.3, 0.8]]),
		np.chain2d([2, -1, -2, -1, -2.5, 0]), [np.chain2d([3, 0, 2, 0]), { chain: np.chain2d([2, 0, 1, 0.5]), transform: { position: [0, 0.1] } }]];
	const xf = () => ({ position: [rand() - 0.5, rand() - 0.5], angle: 6 * rand() });
	const v2 = (k) => [k * (2 * rand() - 1), k * (2 * rand() - 1)];
	const pick = () => targets[Math.floor(rand() * targets.length)];
	const n = Array.from({ length: 200 });
	// Rays from about 3 away toward the middle (most hit; some miss or start behind a chain).
	const toward = (o, k) => o.map((c) => k * (0.4 * (2 * rand() - 1) - c));
	const { missed } = refillEach('rayCast', n.map(() => {
		const t = pick(), x = xf(), o = v2(3), d = toward(o, 1.5);
		return (out) => np.rayCast(t, x, o, d, out && { out });
	}));
	assert.ok(missed > 10, `${missed} misses`);
	refillEach('closestPoint', n.map(() => { const t = pick(), x = xf(), p = v2(2); return (out) => np.closestPoint(t, x, p, out && { out }); }));
	const shapes = targets.slice(0, 4);
	refillEach('bounds', n.map(() => { const t = shapes[Math.floor(rand() * 4)], x = xf(); return (out) => np.bounds(t, x, out && { out }); }));
	refillEach('shapeCast', n.map(() => {
		const s = shapes[Math.floor(rand() * 4)], t = pick(), x = { position: v2(2), angle: rand() }, d = v2(3), tx = xf();
		return (out) => np.shapeCast(s, x, d, t, tx, out && { out });
	}));
	refillEach('timeOfImpact', n.map(() => {
		const a = shapes[Math.floor(rand() * 4)], b = shapes[Math.floor(rand() * 4)];
		const sa = { from: { position: [-2, 0], angle: 0 }, to: { position: v2(1), angle: 8 * rand() } }, sb = { from: xf(), to: xf() };
		return (out) => np.timeOfImpact(a, sa, b, sb, out && { out });
	}));
	const box = targets[0];
	for (const out of [7, {}, { point: [0, 0, 0], normal: [0, 1, 0] }, { point: [0], normal: [0, 1] }]) {
		throwsCode(() => np.rayCast(box, null, [5, 5], [1, 0], { out }), 'NP_INVALID_ARGUMENT', /rayCast: options\.out/);
		throwsCode(() => np.closestPoint(box, null, [5, 5], { out }), 'NP_INVALID_ARGUMENT', /closestPoint: options\.out/);
		throwsCode(() => np.bounds(box, null, { out }), 'NP_INVALID_ARGUMENT', /bounds: options\.out/);
		throwsCode(() => np.shapeCast(box, null, [1, 0], box, { position: [9, 9] }, { out }), 'NP_INVALID_ARGUMENT', /shapeCast: options\.out/);
		throwsCode(() => np.timeOfImpact(box, {}, box, {}, { out }), 'NP_INVALID_ARGUMENT', /timeOfImpact: options\.out/);
		throwsCode(() => np.rayCast(targets[4], null, [5, 5], [1, 0], { out }), 'NP_INVALID_ARGUMENT', /rayCast: options\.out/);
	}
	for (const t of targets) for (const c of Array.isArray(t) ? t.map((e) => e.chain ?? e) : [t]) c.dispose();
});

test('rayCast, closestPoint, bounds, shapeCast and timeOfImpact refill options.out (3D)', () => {
	const v = [], idx = [];
	for (let y = 0; y <= 4; y++) for (let x = 0; x <= 4; x++) v.push(x - 2, y - 2, 0.2 * Math.sin(x + y) - 1);
	for (let y = 0; y < 4; y++) {
		for (let x = 0; x < 4; x++) {
			const k = y * 5 + x;
			idx.push(k, k + 1, k + 6, k, k + 6, k + 5);
		}
	}
	const mesh = np.mesh3d(v, idx);
	const hull = np.hull3d(Array.from({ length: 16 }, () => [rand() - 0.5, rand() - 0.5, rand() - 0.5]));
	const shapes = [np.box3d(0.5, 0.3, 0.2), np.sphere(0.4), np.capsule3d(0.5, 0.2), hull];
	const targets = [...shapes, mesh, [mesh, { mesh, transform: { position: [0, 0, -0.5] } }]];
	const q = () => { const c = [rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5]; const l = Math.hypot(...c); return c.map((x) => x / l); };
	const xf = () => ({ position: [rand() - 0.5, rand() - 0.5, rand() - 0.5], rotation: q() });
	const v3 = (k) => [k * (2 * rand() - 1), k * (2 * rand() - 1), k * (2 * rand() - 1)];
	const pick = () => targets[Math.floor(rand() * targets.length)];
	const n = Array.from({ length: 200 });
	const toward = (o, k) => o.map((c) => k * (0.4 * (2 * rand() - 1) - c));
	const { missed } = refillEach('rayCast', n.map(() => {
		const t = pick(), x = xf(), o = v3(3), d = toward(o, 1.5);
		return (out) => np.rayCast(t, x, o, d, out ? { out, backfaces: true } : { backfaces: true });
	}));
	assert.ok(missed > 10, `${missed} misses`);
	refillEach('closestPoint', n.map(() => { const t = pick(), x = xf(), p = v3(2); return (out) => np.closestPoint(t, x, p, out && { out }); }));
	refillEach('bounds', n.map(() => { const t = targets[Math.floor(rand() * 5)], x = xf(); return (out) => np.bounds(t, x, out && { out }); }));
	refillEach('shapeCast', n.map(() => {
		const s = shapes[Math.floor(rand() * 4)], t = pick(), o = v3(2.5), x = { position: o, rotation: q() }, d = toward(o, 1.5), tx = xf();
		return (out) => np.shapeCast(s, x, d, t, tx, out && { out });
	}));
	refillEach('timeOfImpact', n.map(() => {
		const a = shapes[Math.floor(rand() * 4)], b = shapes[Math.floor(rand() * 4)];
		const sa = { from: { position: [-2, 0, 0] }, to: { position: v3(1), rotation: q() } }, sb = { from: xf(), to: xf() };
		return (out) => np.timeOfImpact(a, sa, b, sb, out && { out });
	}));
	const box = shapes[0];
	for (const out of [null, 'x', { point: [0, 0], normal: [0, 1] }]) {
		throwsCode(() => np.rayCast(mesh, null, [5, 5, 5], [1, 0, 0], { out }), 'NP_INVALID_ARGUMENT', /rayCast: options\.out/);
		throwsCode(() => np.closestPoint(mesh, null, [5, 5, 5], { out, maxDistance: 0.1 }), 'NP_INVALID_ARGUMENT', /closestPoint: options\.out/);
		throwsCode(() => np.bounds(mesh, null, { out }), 'NP_INVALID_ARGUMENT', /bounds: options\.out/);
		throwsCode(() => np.shapeCast(box, null, [1, 0, 0], mesh, null, { out }), 'NP_INVALID_ARGUMENT', /shapeCast: options\.out/);
		throwsCode(() => np.timeOfImpact(box, {}, box, {}, { out }), 'NP_INVALID_ARGUMENT', /timeOfImpact: options\.out/);
	}
	for (const s of shapes) s.dispose();
	mesh.dispose();
});
