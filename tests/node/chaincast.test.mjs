// Shape casts against 2D chains through the JS API (np.shapeCast / np.shapeCastMany with a Chain2D
// or a list of chains as the target; js/apicast2d.mjs -> src/bindingchain.c): result fields, how a
// bare chain takes targetTransform and a list ignores it (as rayCast on chains), the ghost rule
// option, the batch form against single casts, bad input with stable codes, a flat heap. The
// geometry is checked in depth by the shared vectors (query chainCast in tests/vectors/2d_chain.json)
// and tests/native/test_chaincast2d.c.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';

const np = await init();

const code = (fn) => {
	try {
		fn();
		return 'OK';
	} catch (e) {
		assert.ok(e instanceof np.NarrowphaseError, `not a NarrowphaseError: ${e}`);
		return e.code;
	}
};

const groundPoints = () => {
	const pts = [];
	for (let x = 10; x >= -10; x -= 0.5) pts.push([x, 0]);
	return pts;
};

test('shapeCast on a chain: fields, face normal, chain and segment', () => {
	const ground = np.chain2d(groundPoints());
	const box = np.box2d(0.5, 0.5);
	const h = np.shapeCast(box, { position: [0, 2] }, [3, -4], ground);
	assert.equal(h.fraction, 0.375);
	assert.deepEqual(h.normal.map(Math.abs), [0, 1]);
	assert.equal(h.point[1], 0);
	assert.equal(h.initialOverlap, false);
	assert.equal(h.chain, 0);
	assert.equal(h.feature, 'face');
	assert.ok(h.segment >= 0 && h.segment < ground.segmentCount);
	// From behind: nothing. A miss: null.
	assert.equal(np.shapeCast(box, { position: [0, -2] }, [0, 4], ground), null);
	assert.equal(np.shapeCast(box, { position: [0, 2] }, [3, 0], ground), null);
	// A bare chain takes targetTransform; a list ignores it and uses its own transforms.
	const moved = np.shapeCast(box, { position: [0, 2] }, [0, -4], ground, { position: [0, 1] });
	assert.equal(moved.fraction, 0.125);
	const listed = np.shapeCast(box, { position: [0, 2] }, [0, -4], [{ chain: ground, transform: { position: [0, 1] } }], { position: [0, -50] });
	assert.equal(listed.fraction, 0.125);
	// Options: maxFraction, targetDistance.
	assert.equal(np.shapeCast(box, { position: [0, 2] }, [0, -4], ground, undefined, { maxFraction: 0.3 }), null);
	const skin = np.shapeCast(box, { position: [0, 2] }, [0, -4], ground, undefined, { targetDistance: 0.5 }).fraction;
	assert.ok(skin <= 0.25 && skin > 0.25 - 1e-12, `skin hit at ${skin}`); // never later than the exact 0.25
	ground.dispose();
	box.dispose();
});

test('shapeCast on chains: sliding across joints, with and without the ghost rule', () => {
	const a = np.chain2d(groundPoints().slice(0, 20));
	const b = np.chain2d(groundPoints().slice(19));
	const box = np.box2d(0.5, 0.5);
	const start = { position: [-3.25, 0.499] }; // 0.001 into the ground, across the two chains' join at x = 0.5
	assert.equal(np.shapeCast(box, start, [6, 0], [a, b], undefined, { ignoreSeparating: true }), null);
	const naive = np.shapeCast(box, start, [6, 0], [a, b], undefined, { ignoreSeparating: true, removeGhosts: false });
	assert.ok(naive && Math.abs(naive.normal[0]) > 0.5, `the naive cast catches on a joint (normal ${naive && naive.normal})`);
	const rest = np.shapeCast(box, start, [6, 0], [a, b]);
	assert.equal(rest.initialOverlap, true);
	assert.deepEqual(rest.normal.map(Math.abs), [0, 1]);
	assert.ok(Math.abs(rest.penetration - 0.001) < 1e-12);
	// Into a wall (a third chain, facing the box): the slide stops at the wall, exactly.
	const wall2 = np.chain2d([[4, 3], [4, -1]]); // downward: faces left, toward the box
	const w = np.shapeCast(box, start, [10, 0], [a, b, wall2], undefined, { ignoreSeparating: true });
	assert.ok(Math.abs(w.fraction - 0.675) < 1e-12, `wall hit at ${w.fraction}`);
	assert.ok(w.normal[0] === -1 && w.normal[1] === 0);
	assert.equal(w.chain, 2);
	for (const c of [a, b, wall2, box]) c.dispose();
});

test('shapeCastMany on chains matches single casts', () => {
	const ground = np.chain2d(groundPoints());
	const circle = np.circle(0.25);
	const n = 50;
	const positions = new Float64Array(2 * n), translations = new Float64Array(2 * n), out = new Float64Array(8 * n);
	for (let i = 0; i < n; i++) {
		positions.set([-8 + 0.3 * i, 1 + (i % 5) * 0.3], 2 * i);
		translations.set([(i % 3) - 1, -3 + (i % 4) * 0.9], 2 * i);
	}
	const hits = np.shapeCastMany(circle, positions, translations, ground, undefined, out);
	let count = 0;
	for (let i = 0; i < n; i++) {
		const h = np.shapeCast(circle, { position: [positions[2 * i], positions[2 * i + 1]] }, [translations[2 * i], translations[2 * i + 1]], ground);
		if (h) {
			count++;
			assert.equal(out[8 * i], h.fraction);
			assert.deepEqual([out[8 * i + 5], out[8 * i + 6]], h.normal);
		} else assert.equal(out[8 * i], -1);
	}
	assert.equal(hits, count);
	assert.ok(count > 10);
	positions[7] = NaN;
	assert.throws(() => np.shapeCastMany(circle, positions, translations, ground, undefined, out), (e) => e.code === 'NP_NON_FINITE' && /cast 3/.test(e.message));
	ground.dispose();
	circle.dispose();
});

test('shapeCast on chains: bad input has stable codes', () => {
	const ground = np.chain2d(groundPoints());
	const box = np.box2d(0.5, 0.5);
	const gone = np.chain2d([[1, 0], [0, 0]]);
	gone.dispose();
	const cast = (target, tt, options, translation = [0, -1], xf = { position: [0, 2] }) => code(() => np.shapeCast(box, xf, translation, target, tt, options));
	assert.equal(cast(gone), 'NP_DISPOSED');
	assert.equal(cast([ground, gone]), 'NP_DISPOSED');
	assert.equal(cast([{ chain: gone }]), 'NP_DISPOSED');
	assert.equal(cast([ground, { chain: ground, transform: { position: [NaN, 0] } }]), 'NP_NON_FINITE');
	assert.equal(cast([{ chain: ground, transform: { position: [0] } }]), 'NP_INVALID_TRANSFORM');
	assert.equal(cast([{ chain: ground, transform: 'x' }]), 'NP_INVALID_TRANSFORM');
	assert.equal(cast([ground, 7]), 'NP_INVALID_ARGUMENT');
	assert.equal(cast(ground, { position: [0, Infinity] }), 'NP_NON_FINITE');
	assert.equal(cast(ground, undefined, undefined, [NaN, 0]), 'NP_NON_FINITE');
	assert.equal(cast(ground, undefined, undefined, [0]), 'NP_INVALID_ARGUMENT');
	assert.equal(cast(ground, undefined, { maxFraction: -1 }), 'NP_INVALID_ARGUMENT');
	assert.equal(cast(ground, undefined, { targetDistance: NaN }), 'NP_NON_FINITE');
	assert.equal(cast(ground, undefined, { featureTolerance: -1 }), 'NP_INVALID_ARGUMENT');
	assert.equal(cast(ground, undefined, { maxFraction: 'a' }), 'NP_INVALID_ARGUMENT');
	assert.equal(cast(ground, undefined, undefined, undefined, { position: [1e300, 0] }), 'NP_NON_FINITE');
	const ball = np.sphere ? np.sphere(1) : null;
	if (ball) {
		assert.equal(code(() => np.shapeCast(ball, undefined, [0, -1, 0], ground)), 'NP_INVALID_ARGUMENT');
		ball.dispose();
	}
	box.dispose();
	const goneShape = np.box2d(1, 1);
	goneShape.dispose();
	assert.equal(code(() => np.shapeCast(goneShape, undefined, [0, -1], ground)), 'NP_DISPOSED');
	ground.dispose();
});

test('memory: chain casts leave the heap flat', () => {
	const box = np.box2d(0.5, 0.5);
	const positions = new Float64Array([0, 2, 1, 2]), translations = new Float64Array([0, -4, 1, -4]), out = new Float64Array(16);
	const run = () => {
		const pts = [];
		for (let i = 0; i <= 500; i++) pts.push(250 - i, Math.abs((i % 20) - 10) * 0.1);
		const c = np.chain2d(pts);
		np.shapeCast(box, { position: [100.3, 3] }, [40, -3], [c, { chain: c, transform: { position: [3, 3] } }]);
		np.shapeCastMany(box, positions, translations, c, undefined, out);
		code(() => np.shapeCast(box, { position: [NaN, 0] }, [1, 0], c));
		c.dispose();
	};
	run();
	const before = np.heapInUse();
	for (let k = 0; k < 30; k++) run();
	assert.equal(np.heapInUse(), before);
	box.dispose();
});
