// Prepared ray batches (np.rayBatch, js/apiraybatch.mjs): rays written into wasm memory through
// views and cast in place. Every record bit for bit against rayCastMany on the same rays (which
// query.test.mjs checks against one rayCast per ray) for every kind of target; records refilled in
// place; the errors (wrong dimension, bad rays with their index, memory growth after the views were
// read, a disposed batch or target); a flat heap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';
import { makeRand, throwsCode } from './asserts.mjs';

const np = await init();

function fillRays(batch, seed) {
	const rand = makeRand(seed);
	const o = batch.origins, d = batch.directions;
	for (let i = 0; i < o.length; i++) {
		o[i] = 6 * rand() - 3;
		d[i] = 1.3 * (2.4 * rand() - 1.2 - o[i]);
	}
}

// batch.cast's records and count against rayCastMany's on copies of the same rays, bit for bit.
function checkAgainstMany(batch, target, transform, options) {
	const origins = batch.origins.slice(), directions = batch.directions.slice();
	const want = new Float64Array(batch.out.length).fill(NaN);
	const wantHits = np.rayCastMany(target, transform, origins, directions, want, options);
	batch.out.fill(NaN);
	const hits = batch.cast(target, transform, options);
	assert.equal(hits, wantHits);
	const out = batch.out;
	for (let i = 0; i < out.length; i++) assert.ok(Object.is(out[i], want[i]), `number ${i}: ${out[i]} vs ${want[i]}`);
	assert.ok(hits > 0 && hits < batch.count, `the rays should mix hits and misses (${hits} of ${batch.count})`);
}

function grid(n) {
	const v = [], idx = [];
	for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) v.push((4 * x) / n - 2, (4 * y) / n - 2, ((x * 7 + y * 3) % 5) * 0.1);
	for (let y = 0; y < n; y++) {
		for (let x = 0; x < n; x++) {
			const a = y * (n + 1) + x;
			idx.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
		}
	}
	return np.mesh3d(v, idx);
}

test('rayBatch: the views, their sizes and the record size', () => {
	const b2 = np.rayBatch(10, 2), b3 = np.rayBatch(7, 3);
	assert.ok(b2 instanceof np.RayBatch);
	assert.deepEqual([b2.count, b2.dim, b2.recordSize, b2.origins.length, b2.directions.length, b2.out.length], [10, 2, 6, 20, 20, 60]);
	assert.deepEqual([b3.count, b3.dim, b3.recordSize, b3.origins.length, b3.directions.length, b3.out.length], [7, 3, 8, 21, 21, 56]);
	assert.ok(b3.origins.every((x) => x === 0) && b3.out.every((x) => x === 0), 'zero-filled');
	assert.equal(b3.origins.buffer, b3.out.buffer);
	const box = np.box3d(1, 1, 1);
	b3.origins.set([-3, 0, 0, -3, 5, 0], 0);
	b3.directions.set([4, 0, 0, 4, 0, 0], 0);
	b3.directions.fill(1, 6);
	b3.origins.fill(9, 6);
	assert.equal(b3.cast(box, null), 1, 'ray 0 hits; ray 1 passes above, the others start at (9, 9, 9) and point away');
	assert.deepEqual(Array.from(b3.out.subarray(0, 8)), [0.5, -1, 0, 0, -1, 0, 0, -1]);
	assert.deepEqual(Array.from(b3.out.subarray(8, 16)), [-1, 0, 0, 0, 0, 0, 0, -1]);
	const empty = np.rayBatch(0, 3);
	assert.equal(empty.cast(box, null), 0);
	for (const o of [b2, b3, empty, box]) o.dispose();
});

test('rayBatch.cast equals rayCastMany, bit for bit, for every kind of target', () => {
	const b2 = np.rayBatch(300, 2), b3 = np.rayBatch(300, 3), big = np.rayBatch(1500, 3);
	fillRays(b2, 3);
	fillRays(b3, 4);
	fillRays(big, 5);
	const shapes2 = [np.box2d(1, 0.5), np.circle(1), np.capsule2d(1, 0.3), np.polygon2d([[0, 0], [2, 0], [1, 1.5], [-0.5, 1]], { radius: 0.1 })];
	for (const s of shapes2) {
		checkAgainstMany(b2, s, { position: [0.3, -0.2], angle: 0.7 });
		checkAgainstMany(b2, s, np.transform2d(0.3, -0.2, 0.7), { solid: false, maxFraction: 0.7 });
	}
	const chain = np.chain2d([[2, -2], [0, -1], [-2, 0.5], [1, 2]]);
	checkAgainstMany(b2, chain, null);
	checkAgainstMany(b2, [chain, { chain, transform: { position: [0.5, 0] } }], null, { maxFraction: 2 });
	const shapes3 = [np.box3d(1, 0.5, 0.7), np.sphere(1), np.capsule3d(0.5, 0.4),
		np.hull3d([[1, 0, 0], [-1, 0.2, 0], [0, 1, 0.3], [0, -1, 0], [0.1, 0, 1], [0, 0.2, -1]]), np.triangle3d([0, 0, 0], [2, 0, 0], [0, 2, 1])];
	for (const s of shapes3) {
		checkAgainstMany(b3, s, { position: [0.3, -0.2, 0.1], rotation: [0.1, 0.2, 0.3, 0.9] });
		checkAgainstMany(b3, s, null, { solid: false, maxFraction: 0.8 });
	}
	const mesh = grid(16);
	checkAgainstMany(b3, mesh, { position: [0, 0, 0.2], rotation: [0.1, 0, 0, 1] });
	checkAgainstMany(big, mesh, null, { backfaces: true }); // big enough to be cast in its sorted order
	checkAgainstMany(b3, [mesh, { mesh, transform: { position: [0, 0, -0.5] } }], null, { maxFraction: 2 });
	for (const o of [b2, b3, big, chain, mesh, ...shapes2, ...shapes3]) o.dispose();
});

test('rayBatch: rays rewritten in place give new records', () => {
	const sphere = np.sphere(1);
	const b = np.rayBatch(2, 3);
	b.origins.set([0, 0, 5, 5, 0, 0]);
	b.directions.set([0, 0, -8, -8, 0, 0]);
	assert.equal(b.cast(sphere, null), 2);
	assert.deepEqual(Array.from(b.out.subarray(0, 8)), [0.5, 0, 0, 1, 0, 0, 1, -1]);
	assert.deepEqual(Array.from(b.out.subarray(8, 16)), [0.5, 1, 0, 0, 1, 0, 0, -1]);
	b.directions[3] = 8; // ray 1 now points away
	assert.equal(b.cast(sphere, null), 1);
	assert.deepEqual(Array.from(b.out.subarray(8, 16)), [-1, 0, 0, 0, 0, 0, 0, -1]);
	b.dispose();
	sphere.dispose();
});

test('rayBatch: errors', () => {
	throwsCode(() => np.rayBatch(-1, 3), 'NP_INVALID_ARGUMENT', /count/);
	throwsCode(() => np.rayBatch(1.5, 3), 'NP_INVALID_ARGUMENT', /count/);
	throwsCode(() => np.rayBatch(4, 4), 'NP_INVALID_ARGUMENT', /dim/);
	throwsCode(() => np.rayBatch(2 ** 28, 3), 'NP_INVALID_ARGUMENT', /bytes/);
	throwsCode(() => new np.RayBatch(null, null, 8, 1, 3), 'NP_INVALID_ARGUMENT', /np\.rayBatch/);
	const box3 = np.box3d(1, 1, 1), box2 = np.box2d(1, 1);
	const b3 = np.rayBatch(2, 3), b2 = np.rayBatch(2, 2);
	b3.origins.set([-3, 0, 0, -3, 0.5, 0]);
	b3.directions.set([4, 0, 0, 0, 0, 0]);
	throwsCode(() => b3.cast(box2, null), 'NP_INVALID_ARGUMENT', /batch of 3D rays/);
	throwsCode(() => b2.cast(box3, null), 'NP_INVALID_ARGUMENT', /batch of 2D rays/);
	throwsCode(() => b3.cast('box', null), 'NP_INVALID_ARGUMENT');
	throwsCode(() => b3.cast(box3, null), 'NP_INVALID_ARGUMENT', /rayBatch\.cast: ray 1 direction is the zero vector/);
	b3.directions[3] = 4;
	b3.origins[1] = NaN;
	throwsCode(() => b3.cast(box3, null), 'NP_NON_FINITE', /ray 0 origin/);
	b3.origins[1] = 0;
	throwsCode(() => b3.cast(box3, { rotation: [0, 0, 0, 0] }), 'NP_INVALID_TRANSFORM');
	throwsCode(() => b3.cast(box3, null, { maxFraction: -1 }), 'NP_INVALID_ARGUMENT', /maxFraction/);
	assert.equal(b3.cast(box3, null), 2);
	box3.dispose();
	throwsCode(() => b3.cast(box3, null), 'NP_DISPOSED', /target/);
	b3.dispose();
	b3.dispose(); // again: nothing
	assert.equal(b3.disposed, true);
	throwsCode(() => b3.cast(box2, null), 'NP_DISPOSED', /ray batch was disposed/);
	throwsCode(() => b3.origins, 'NP_DISPOSED');
	throwsCode(() => b3.out, 'NP_DISPOSED');
	b2.dispose();
	box2.dispose();
});

test('rayBatch after the wasm memory grew: the views are made again, stale writes are refused', () => {
	const sphere = np.sphere(1);
	const b = np.rayBatch(100, 3);
	fillRays(b, 9);
	const hits = b.cast(sphere, null);
	const before = b.out.slice();
	const origins = b.origins; // a view of the buffer before the growth
	const bytes = np.memoryBytes();
	const held = [];
	while (np.memoryBytes() === bytes) held.push(np.hull3d([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]));
	assert.equal(origins.length, 0, 'the old view is detached');
	throwsCode(() => b.cast(sphere, null), 'NP_INVALID_ARGUMENT', /memory grew/);
	assert.equal(b.origins.length, 300, 'a new view');
	assert.equal(b.cast(sphere, null), hits, 'the rays survived the growth');
	assert.deepEqual(b.out, before);
	for (const h of held) h.dispose();
	b.dispose();
	sphere.dispose();
});

test('rayBatch: the heap stays flat over create, cast and dispose', () => {
	const box = np.box3d(1, 1, 1), circle = np.circle(1), mesh = grid(4);
	const run = () => {
		const b3 = np.rayBatch(300, 3), b2 = np.rayBatch(50, 2);
		fillRays(b3, 1);
		fillRays(b2, 2);
		b3.cast(box, null);
		b3.cast(mesh, null);
		b2.cast(circle, { angle: 1 });
		b3.directions.fill(0);
		try {
			b3.cast(box, null);
		} catch {
			// a rejected cast frees nothing
		}
		b3.dispose();
		b2.dispose();
	};
	run();
	const before = np.heapInUse();
	for (let k = 0; k < 100; k++) run();
	assert.equal(np.heapInUse(), before);
	for (const s of [box, circle, mesh]) s.dispose();
});
