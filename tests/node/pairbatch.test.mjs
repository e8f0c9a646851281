// Prepared pair batches (np.pairBatch, js/apipairbatch.mjs): transforms written into wasm memory
// through views, results read as views. Every field bit for bit against the batch queries (which
// batch.test.mjs checks against the single calls) and, for the manifold, against np.manifold
// itself; views refilled in place; the errors (disposed shapes after creation, bad numbers with the
// pair index, memory growth after the views were read, a disposed batch); a flat heap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';
import { makeRand, sameNumbers, throwsCode } from './asserts.mjs';

const np = await init();

const shapes2 = () => [
	np.circle(0.5), np.capsule2d(0.4, 0.2), np.box2d(0.5, 0.3),
	np.polygon2d(Array.from({ length: 8 }, (_, i) => [0.5 * Math.cos(i * Math.PI / 4), 0.5 * Math.sin(i * Math.PI / 4)])),
	np.polygon2d([[-0.4, -0.3], [0.5, -0.2], [0, 0.6]], { radius: 0.1 }),
];

const shapes3 = () => [
	np.sphere(0.5), np.capsule3d(0.4, 0.25), np.box3d(0.5, 0.3, 0.4),
	np.hull3d([[0.5, 0, 0], [-0.4, 0.3, 0.1], [0, -0.5, 0.2], [0.1, 0.1, 0.6], [0, 0.2, -0.5], [-0.3, -0.3, -0.3]]),
];

// n random pairs and their flat transforms (3 or 7 numbers per pair).
function pairs(rand, kinds, n, dim) {
	const k = dim === 2 ? 3 : 7;
	const a = [], b = [], ta = new Float64Array(k * n), tb = new Float64Array(k * n);
	for (let i = 0; i < n; i++) {
		a.push(kinds[Math.floor(rand() * kinds.length)]);
		b.push(kinds[Math.floor(rand() * kinds.length)]);
		for (let j = 0; j < dim; j++) {
			ta[k * i + j] = 2 * rand() - 1;
			tb[k * i + j] = ta[k * i + j] + 1.6 * rand() - 0.8;
		}
		if (dim === 2) {
			ta[k * i + 2] = i > 0 && rand() < 0.3 ? ta[k * i - 1] : 8 * rand() - 4;
			tb[k * i + 2] = 40 * rand() - 20;
		} else {
			for (const t of [ta, tb]) {
				const q = [2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1];
				const l = Math.hypot(...q) || 1;
				t.set(q.map((c) => c / l), k * i + 3);
			}
		}
	}
	return { a, b, ta, tb };
}

const FIELDS = {
	manifold: ['pointCount', 'normal', 'pointA', 'pointB', 'depth', 'id'],
	penetration: ['overlapping', 'depth', 'normal', 'pointA', 'pointB', 'iterations'],
	distance: ['distance', 'pointA', 'pointB', 'normal', 'iterations'],
};

// The pair batch's four queries against the batch queries over the same numbers.
function checkAgainstBatches(p, dim) {
	const n = p.a.length;
	const pb = np.pairBatch(p.a, p.b);
	assert.ok(pb instanceof np.PairBatch);
	assert.equal(pb.count, n);
	assert.equal(pb.dim, dim);
	pb.transformsA.set(p.ta);
	pb.transformsB.set(p.tb);
	sameNumbers(pb.overlap(), np.overlapBatch(p.a, p.ta, p.b, p.tb), 'overlap');
	const m = pb.manifold({ margin: 0.02 });
	const expected = np.manifoldBatch(p.a, p.ta, p.b, p.tb, { margin: 0.02 });
	assert.equal(m.count, n);
	for (const f of FIELDS.manifold) sameNumbers(m[f], expected[f], `manifold ${f}`);
	const pen = pb.penetration();
	const penExpected = np.penetrationBatch(p.a, p.ta, p.b, p.tb);
	for (const f of FIELDS.penetration) sameNumbers(pen[f], penExpected[f], `penetration ${f}`);
	const dist = pb.distance();
	const distExpected = np.distanceBatch(p.a, p.ta, p.b, p.tb);
	for (const f of FIELDS.distance) sameNumbers(dist[f], distExpected[f], `distance ${f}`);
	// And the manifold against the single call directly.
	const P = dim === 2 ? 2 : 4;
	let points = 0;
	for (let i = 0; i < n; i++) {
		const xf = dim === 2
			? (t) => ({ position: [t[3 * i], t[3 * i + 1]], angle: t[3 * i + 2] })
			: (t) => ({ position: [...t.subarray(7 * i, 7 * i + 3)], rotation: [...t.subarray(7 * i + 3, 7 * i + 7)] });
		const single = np.manifold(p.a[i], xf(p.ta), p.b[i], xf(p.tb), { margin: 0.02 });
		assert.equal(m.pointCount[i], single.points.length, `pointCount ${i}`);
		sameNumbers(m.normal.subarray(dim * i, dim * i + dim), single.normal, `normal ${i}`);
		single.points.forEach((sp, k) => {
			const s = P * i + k;
			sameNumbers(m.pointA.subarray(dim * s, dim * s + dim), sp.pointA, `pointA ${i}.${k}`);
			assert.ok(Object.is(m.depth[s], sp.depth), `depth ${i}.${k}`);
			assert.equal(m.id[s], sp.id, `id ${i}.${k}`);
		});
		points += single.points.length;
	}
	pb.dispose();
	return points;
}

test('2D pair batches equal the batch queries and the single calls bit for bit', () => {
	const kinds = shapes2();
	const points = checkAgainstBatches(pairs(makeRand(5), kinds, 500, 2), 2);
	assert.ok(points > 150, `${points} points`);
	for (const s of kinds) s.dispose();
});

test('3D pair batches equal the batch queries and the single calls bit for bit', () => {
	const kinds = shapes3();
	const points = checkAgainstBatches(pairs(makeRand(6), kinds, 300, 3), 3);
	assert.ok(points > 100, `${points} points`);
	for (const s of kinds) s.dispose();
});

test('transforms start as identities; results are views refilled in place', () => {
	const box = np.box2d(0.5, 0.5);
	const pb = np.pairBatch([box, box], [box, box]);
	sameNumbers(pb.transformsA, new Float64Array(6), 'identity 2D');
	const m = pb.manifold();
	assert.deepEqual([...m.pointCount], [2, 2]);
	const depth = m.depth;
	pb.transformsB[0] = 3; // pair 0 apart
	assert.equal(pb.manifold(), m);
	assert.equal(m.depth, depth);
	assert.deepEqual([...m.pointCount], [0, 2]);
	assert.deepEqual([...pb.overlap()], [0, 1]);
	pb.dispose();
	const b3 = np.box3d(0.5, 0.5, 0.5);
	const p3 = np.pairBatch([b3], [b3]);
	sameNumbers(p3.transformsB, new Float64Array([0, 0, 0, 0, 0, 0, 1]), 'identity 3D');
	assert.equal(p3.manifold().pointCount[0], 4);
	p3.dispose();
	const empty = np.pairBatch([], []);
	assert.equal(empty.manifold().count, 0);
	assert.equal(empty.overlap().length, 0);
	empty.dispose();
	box.dispose();
	b3.dispose();
});

test('bad input: codes, the pair index, disposal and memory growth', () => {
	const box = np.box2d(0.5, 0.5);
	const circle = np.circle(0.5);
	const ball = np.sphere(0.5);
	throwsCode(() => np.pairBatch(box, [box]), 'NP_INVALID_ARGUMENT', /shapesA must be an array/);
	throwsCode(() => np.pairBatch([box], [box, box]), 'NP_INVALID_ARGUMENT', /shapesB has 2 shapes, shapesA 1/);
	let e = throwsCode(() => np.pairBatch([box, box], [box, ball]), 'NP_INVALID_ARGUMENT', /pair 1: shape B is a sphere, but the batch is 2D/);
	assert.equal(e.index, 1);
	throwsCode(() => np.pairBatch([box], [{}]), 'NP_INVALID_ARGUMENT', /pair 0: shape B is not a shape/);
	throwsCode(() => new np.PairBatch(), 'NP_INVALID_ARGUMENT', /use np.pairBatch/);

	const pb = np.pairBatch([box, box, circle], [box, circle, box]);
	pb.transformsB[7] = NaN; // pair 2's y
	e = throwsCode(() => pb.manifold(), 'NP_NON_FINITE', /pair 2: transform B y \(transformsB\[7\]\) is not finite/);
	assert.equal(e.index, 2);
	pb.transformsB[7] = 0;
	throwsCode(() => pb.manifold({ margin: -1 }), 'NP_INVALID_ARGUMENT', /margin must not be negative/);
	throwsCode(() => pb.manifold(3), 'NP_INVALID_ARGUMENT', /options must be an object/);
	assert.deepEqual([...pb.overlap()], [1, 1, 1]);

	// A shape disposed after the batch was made: named with its pair.
	const other = np.circle(0.25);
	const pc = np.pairBatch([box, other], [box, box]);
	other.dispose();
	e = throwsCode(() => pc.overlap(), 'NP_DISPOSED', /pair 1: shape A \(circle\) was disposed/);
	assert.equal(e.index, 1);
	pc.dispose();

	// The memory grows (a large allocation) after the views were read: the next query refuses
	// until they are read again; results and transforms are then views of the new memory.
	const tb = pb.transformsB;
	tb[0] = 0.25;
	const before = np.heapInUse();
	const big = np.pairBatch(new Array(400000).fill(box), new Array(400000).fill(box));
	assert.ok(np.heapInUse() > before);
	throwsCode(() => pb.manifold(), 'NP_INVALID_ARGUMENT', /memory grew/);
	assert.equal(pb.transformsB[0], 0.25, 'the numbers written before the growth are kept');
	assert.equal(pb.manifold().count, 3);
	big.dispose();

	pb.dispose();
	pb.dispose();
	assert.ok(pb.disposed);
	throwsCode(() => pb.manifold(), 'NP_DISPOSED', /pair batch was disposed/);
	throwsCode(() => pb.transformsA, 'NP_DISPOSED', /pair batch was disposed/);
	for (const s of [box, circle, ball]) s.dispose();
});

test('the heap stays flat over made, queried and disposed pair batches', () => {
	const kinds = shapes2();
	const p = pairs(makeRand(9), kinds, 200, 2);
	const run = () => {
		const pb = np.pairBatch(p.a, p.b);
		pb.transformsB.set(p.tb);
		pb.overlap();
		pb.manifold();
		pb.penetration();
		pb.distance();
		pb.dispose();
	};
	run();
	const heap = np.heapInUse();
	for (let k = 0; k < 50; k++) run();
	assert.equal(np.heapInUse(), heap);
	for (const s of kinds) s.dispose();
});
