// 2D chains through the JS API (js/apichain.mjs and the chain branches of apiquery.mjs): creation,
// contacts, rays, points, bounds, bad input with stable error codes, and a flat heap over
// create / query / dispose. The geometry is checked in depth by the shared vectors
// (tests/vectors/2d_chain.json, vectorschain.mjs) and tests/native/test_chain2d.c.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';

const np = await init();

const code = (fn) => {
	try {
		const r = fn();
		if (r && typeof r.dispose === 'function') r.dispose();
		return 'OK';
	} catch (e) {
		assert.ok(e instanceof np.NarrowphaseError, `not a NarrowphaseError: ${e}`);
		return e.code;
	}
};

test('chain2d: fields, flat and nested points', () => {
	const a = np.chain2d([[4, 0], [0, 0], [-4, 1]]);
	assert.equal(a.kind, 'chain2d');
	assert.equal(a.loop, false);
	assert.equal(a.segmentCount, 2);
	assert.deepEqual(a.vertices, [[4, 0], [0, 0], [-4, 1]]);
	assert.ok(a.bytes > 0 && a.disposed === false);
	assert.ok(a instanceof np.Chain2D);
	const b = np.chain2d(new Float64Array([0, 0, 1, 0, 1, 1]), { loop: true });
	assert.equal(b.loop, true);
	assert.equal(b.segmentCount, 3);
	a.dispose();
	b.dispose();
	assert.equal(a.disposed, true);
});

test('chain2d: bad input gets clear codes', () => {
	assert.equal(code(() => np.chain2d([[0, 0]])), 'NP_DEGENERATE');
	assert.equal(code(() => np.chain2d([[0, 0], [1, 0]], { loop: true })), 'NP_DEGENERATE');
	assert.equal(code(() => np.chain2d([[0, 0], [1, 0], [1, 0]])), 'NP_DEGENERATE');
	assert.equal(code(() => np.chain2d([[0, 0], [NaN, 0]])), 'NP_NON_FINITE');
	assert.equal(code(() => np.chain2d([0, 0, Infinity, 1])), 'NP_NON_FINITE');
	assert.equal(code(() => np.chain2d([[0, 0], [1e13, 0]])), 'NP_NON_FINITE');
	assert.equal(code(() => np.chain2d([0, 0, 1])), 'NP_INVALID_ARGUMENT');
	assert.equal(code(() => np.chain2d('nope')), 'NP_INVALID_ARGUMENT');
	assert.equal(code(() => np.chain2d([[0, 0], [1, 0]], { ghostEnd: [1, 0] })), 'NP_DEGENERATE');
	assert.equal(code(() => np.chain2d([[0, 0], [1, 0], [1, 1]], { loop: true, ghostStart: [-1, 0] })), 'NP_INVALID_ARGUMENT');
});

test('chainContacts: a box on joined ground pieces gets the ground normal only', () => {
	const left = np.chain2d([[0, 0], [-0.001, 0], [-5, 0]]);
	const right = np.chain2d([[5, 0], [0.0001, 0], [0, 0]]);
	const box = np.box2d(0.5, 0.25);
	const c = np.chainContacts(box, { position: [0.1, 0.2] }, [right, left]);
	assert.ok(c.length >= 2);
	for (const k of c) {
		assert.deepEqual(k.normal, [0, -1]);
		assert.ok(Math.abs(k.depth - 0.05) < 1e-12);
		assert.equal(k.feature, 'face');
		assert.ok(k.chain === 0 || k.chain === 1);
		assert.equal(typeof k.id, 'number');
	}
	const naive = np.chainContacts(np.circle(0.5), { position: [0.0005, 0.45] }, [right, left], { removeGhosts: false });
	assert.ok(naive.length >= 1);
	// transformed pieces: { chain, transform }
	const moved = np.chainContacts(box, { position: [10.1, 0.2] }, [{ chain: right, transform: { position: [10, 0] } }, { chain: left, transform: { position: [10, 0] } }]);
	assert.equal(moved.length, c.length);
	left.dispose();
	right.dispose();
	box.dispose();
});

test('chainContacts: bad input', () => {
	const g = np.chain2d([[5, 0], [-5, 0]]);
	const box = np.box2d(0.5, 0.5);
	assert.equal(code(() => np.chainContacts(box, undefined, g, { margin: -1 })), 'NP_INVALID_ARGUMENT');
	assert.equal(code(() => np.chainContacts(box, undefined, g, { margin: NaN })), 'NP_NON_FINITE');
	assert.equal(code(() => np.chainContacts(box, { position: [NaN, 0] }, g)), 'NP_NON_FINITE');
	assert.equal(code(() => np.chainContacts(box, undefined, [{ chain: g, transform: { angle: Infinity } }])), 'NP_NON_FINITE');
	assert.equal(code(() => np.chainContacts(box, undefined, [])), 'NP_INVALID_ARGUMENT');
	assert.equal(code(() => np.chainContacts(box, undefined, [box])), 'NP_INVALID_ARGUMENT');
	assert.equal(code(() => np.chainContacts(np.sphere(1), undefined, g)), 'NP_INVALID_ARGUMENT');
	const gone = np.chain2d([[5, 0], [-5, 0]]);
	gone.dispose();
	assert.equal(code(() => np.chainContacts(box, undefined, gone)), 'NP_DISPOSED');
	assert.equal(code(() => np.chainContacts(box, undefined, [{ chain: gone }])), 'NP_DISPOSED');
	assert.equal(code(() => np.rayCast(gone, undefined, [0, 1], [0, -2])), 'NP_DISPOSED');
	assert.equal(code(() => np.bounds(gone)), 'NP_DISPOSED');
	g.dispose();
	box.dispose();
});

test('chainContacts: options.out refills an earlier result in place', () => {
	// A hilly ground: poses along it give 0 to 4 contacts, so the array shrinks and grows.
	const pts = [];
	for (let i = 0; i <= 60; i++) pts.push([60 - i, Math.abs((i % 12) - 6) / 6 + (i % 5 === 0 ? 0.3 : 0)]);
	const ground = np.chain2d(pts);
	const shapes = [np.box2d(0.5, 0.5), np.circle(0.4), np.capsule2d(0.5, 0.2)];
	const out = [];
	let first = null, lengths = new Set();
	for (let k = 0; k < 300; k++) {
		const shape = shapes[k % 3];
		const xf = { position: [1 + (k * 0.197) % 58, 0.4 + ((k * 0.37) % 1.2)], angle: ((k * 0.61) % 2) - 1 };
		const options = k % 2 === 0 ? { out } : { out, margin: 0.05 };
		const fresh = np.chainContacts(shape, xf, ground, { margin: options.margin });
		const refilled = np.chainContacts(shape, xf, ground, options);
		assert.equal(refilled, out);
		assert.deepStrictEqual(refilled, fresh);
		lengths.add(out.length);
		if (out.length > 0) {
			if (first === null) first = out[0];
			else assert.equal(out[0], first); // the same object, refilled
		}
	}
	assert.ok(lengths.has(0) && lengths.size >= 3, `lengths seen: ${[...lengths]}`);
	// An earlier plain result can be passed; its objects are reused.
	const earlier = np.chainContacts(shapes[0], { position: [30.2, 0.5] }, ground);
	assert.ok(earlier.length > 0);
	const kept = earlier[0];
	assert.equal(np.chainContacts(shapes[0], { position: [30.2, 0.5] }, ground, { out: earlier })[0], kept);
	assert.equal(code(() => np.chainContacts(shapes[0], undefined, ground, { out: {} })), 'NP_INVALID_ARGUMENT');
	assert.equal(code(() => np.chainContacts(shapes[0], undefined, ground, { out: null })), 'NP_INVALID_ARGUMENT');
	ground.dispose();
	for (const s of shapes) s.dispose();
});

test('queries: rays from the front only, closest points, containment on loops, bounds', () => {
	const g = np.chain2d([[5, 0], [-5, 0]]); // faces up
	const hit = np.rayCast(g, undefined, [0, 1], [0, -2]);
	assert.deepEqual([hit.fraction, hit.point, hit.normal, hit.chain, hit.segment], [0.5, [0, 0], [0, 1], 0, 0]);
	assert.equal(np.rayCast(g, undefined, [0, -1], [0, 2]), null); // from behind
	const out = new Float64Array(12);
	const hits = np.rayCastMany(g, undefined, new Float64Array([0, 1, 0, -1]), new Float64Array([0, -2, 0, 2]), out);
	assert.equal(hits, 1);
	assert.equal(out[0], 0.5);
	assert.equal(out[6], -1);
	const p = np.closestPoint(g, { position: [0, 1] }, [2, -1]);
	assert.deepEqual(p.point, [2, 1]);
	assert.equal(p.distance, 2); // open chain: unsigned
	assert.equal(code(() => np.containsPoint(g, undefined, [0, 0])), 'NP_INVALID_ARGUMENT');
	const box = np.chain2d([[-1, -1], [1, -1], [1, 1], [-1, 1]], { loop: true }); // counter-clockwise: solid inside
	assert.equal(np.containsPoint(box, undefined, [0, 0]), true);
	assert.equal(np.containsPoint(box, undefined, [2, 0]), false);
	assert.equal(np.closestPoint(box, undefined, [0.5, 0]).distance, -0.5);
	assert.deepEqual(np.bounds(box, { position: [1, 2] }), { lower: [0, 1], upper: [2, 3] });
	assert.deepEqual(np.bounds(g), { lower: [-5, 0], upper: [5, 0] });
	g.dispose();
	box.dispose();
});

test('memory: create, query and dispose chains leaves the heap flat', () => {
	const box = np.box2d(0.5, 0.5);
	const run = () => {
		const pts = [];
		for (let i = 0; i <= 500; i++) pts.push(500 - i, Math.abs((i % 20) - 10) * 0.1);
		const c = np.chain2d(pts);
		const loop = np.chain2d([[-1, -1], [1, -1], [1, 1], [-1, 1]], { loop: true });
		np.chainContacts(box, { position: [100.3, 1.2] }, [c, { chain: loop, transform: { position: [3, 3] } }], { margin: 0.1 });
		np.rayCast([c, loop], undefined, [50, 5], [0, -10]);
		np.closestPoint(c, undefined, [20, 4]);
		np.containsPoint(loop, undefined, [0, 0]);
		np.bounds(c);
		code(() => np.chain2d([[0, 0], [0, 0]]));
		code(() => np.chainContacts(box, { position: [NaN, 0] }, c));
		c.dispose();
		loop.dispose();
	};
	run();
	const before = np.heapInUse();
	for (let k = 0; k < 30; k++) run();
	assert.equal(np.heapInUse(), before);
	box.dispose();
});
