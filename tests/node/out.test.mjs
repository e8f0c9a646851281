// options.out for the queries that return objects (distance, penetration in 2D and 3D,
// meshContacts): the result given is refilled in place (the same object and arrays) and equals a
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
