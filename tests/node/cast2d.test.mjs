// 2D shape casts and time of impact through the JS API (np.shapeCast, np.shapeCastMany,
// np.timeOfImpact; js/apicast2d.mjs): closed-form cases, the option defaults, zero translation,
// ignoreSeparating, shapeCastMany against shapeCast cast by cast (bit for bit), every error code
// (non-finite translation and sweeps, negative options, disposed shapes, mixed dimensions), a flat
// heap, and the accuracy over the shared vectors (tests/vectors/2d_cast.json, whose checks run in
// vectors.test.mjs): the worst fraction error against the exact references, printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from '../../js/narrowphase.mjs';
import { close, closeVec, throwsCode } from './asserts.mjs';
import { makeShape, readTransform } from './vectors2d.mjs';

const np = await init();

test('the cast API is installed', () => {
	for (const f of ['shapeCast', 'shapeCastMany', 'timeOfImpact']) assert.equal(typeof np[f], 'function', `np.${f} is missing`);
});

test('shapeCast: closed forms', () => {
	const box = np.box2d(1, 1), circle = np.circle(0.5);
	let h = np.shapeCast(box, { position: [-5, 0.25] }, [10, 0], box, null);
	close(h.fraction, 0.3);
	closeVec(h.normal, [-1, 0]);
	close(h.pointOnShape[0], -1);
	close(h.point[0], -1);
	assert.equal(h.initialOverlap, false);
	assert.equal(h.penetration, 0);

	// Two circles: |(-5, 0.3) + t (10, 0)| = 1.
	h = np.shapeCast(circle, { position: [-5, 0.3] }, [10, 0], circle, null);
	close(h.fraction, (5 - Math.sqrt(1 - 0.09)) / 10, 1e-15);
	closeVec(h.normal, [-Math.sqrt(1 - 0.09), 0.3], 1e-15);

	// Skin: stops 0.25 short.
	h = np.shapeCast(circle, { position: [-5, 0] }, [10, 0], box, null, { targetDistance: 0.25 });
	close(h.fraction, (5 - 1 - 0.5 - 0.25) / 10, 1e-15);
	close(h.pointOnShape[0] - h.point[0], -0.25, 1e-12);

	// maxFraction: the contact at 0.3 is beyond 0.2; a longer one reaches it.
	assert.equal(np.shapeCast(box, { position: [-5, 0] }, [10, 0], box, null, { maxFraction: 0.2 }), null);
	close(np.shapeCast(box, { position: [-5, 0] }, [1, 0], box, null, { maxFraction: 10 }).fraction, 3);
	assert.equal(np.shapeCast(box, { position: [-5, 0] }, [-10, 0], box, null), null, 'moving away');
	box.dispose();
	circle.dispose();
});

test('shapeCast: initial overlap, zero translation, ignoreSeparating', () => {
	const box = np.box2d(1, 1);
	let h = np.shapeCast(box, { position: [1.5, 0] }, [-1, 0], box, null);
	assert.equal(h.initialOverlap, true);
	assert.equal(h.fraction, 0);
	close(h.penetration, 0.5);
	closeVec(h.normal, [1, 0]);
	h = np.shapeCast(box, { position: [1.5, 0] }, [0, 0], box, null);
	assert.equal(h.initialOverlap, true, 'a zero translation is an overlap test');
	assert.equal(np.shapeCast(box, { position: [2.5, 0] }, [0, 0], box, null), null);
	assert.equal(np.shapeCast(box, { position: [1.5, 0] }, [1, 0], box, null, { ignoreSeparating: true }), null);
	assert.ok(np.shapeCast(box, { position: [1.5, 0] }, [-1, 0.3], box, null, { ignoreSeparating: true }));
	// Touching and sliding along the face: skipped; without the option it is the hit.
	assert.equal(np.shapeCast(box, { position: [2, 0.5] }, [0, 3], box, null, { ignoreSeparating: true }), null);
	assert.equal(np.shapeCast(box, { position: [2, 0.5] }, [0, 3], box, null).initialOverlap, true);
	box.dispose();
});

test('shapeCastMany: the same records as shapeCast, cast by cast', () => {
	const cap = np.capsule2d(0.5, 0.2), poly = np.polygon2d([[-1, -1], [1, -0.5], [0.5, 1], [-0.8, 0.6]], { radius: 0.05 });
	const n = 100;
	const positions = new Float64Array(2 * n), translations = new Float64Array(2 * n), out = new Float64Array(8 * n);
	let seed = 7;
	const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
	for (let i = 0; i < n; i++) {
		positions[2 * i] = 4 * rnd();
		positions[2 * i + 1] = 4 * rnd();
		translations[2 * i] = -positions[2 * i] * 1.5 + 4 * rnd();
		translations[2 * i + 1] = -positions[2 * i + 1] * 1.5 + 4 * rnd();
	}
	const xf = { position: [0.2, -0.1], angle: 0.7 };
	const options = { angle: 0.3, targetDistance: 0.01 };
	const hits = np.shapeCastMany(cap, positions, translations, poly, xf, out, options);
	let count = 0;
	for (let i = 0; i < n; i++) {
		const h = np.shapeCast(cap, { position: [positions[2 * i], positions[2 * i + 1]], angle: 0.3 },
			[translations[2 * i], translations[2 * i + 1]], poly, xf, options);
		const rec = Array.from(out.subarray(8 * i, 8 * i + 8));
		if (!h) {
			assert.equal(rec[0], -1);
			continue;
		}
		count++;
		assert.deepEqual(rec, [h.fraction, ...h.point, ...h.pointOnShape, ...h.normal, h.initialOverlap ? 1 : 0]);
	}
	assert.equal(hits, count);
	assert.ok(count > 10 && count < n, `${count} hits`);
	cap.dispose();
	poly.dispose();
});

test('timeOfImpact: spinning boxes, states, no wrapping of angles', () => {
	const box = np.box2d(0.5, 0.5), rod = np.box2d(2, 0.02);
	// B turns about its centre in place; A slides in: at 0.3 A's face meets B's corner region.
	let t = np.timeOfImpact(box, { from: { position: [-4, 0] }, to: { position: [4, 0] } }, box, { from: {}, to: {} });
	assert.equal(t.state, 'hit');
	close(t.fraction, 3 / 8, 1e-8);
	closeVec(t.normal, [1, 0], 1e-9);
	t = np.timeOfImpact(box, { from: { position: [-4, 0] }, to: { position: [-3, 0] } }, box, { from: {}, to: {} });
	assert.equal(t.state, 'separated');
	assert.equal(t.fraction, 1);
	// Where the sweeps end (as in 3D): A's face at x = -2.5, 2 from B's at -0.5.
	closeVec(t.normal, [1, 0], 1e-12, 'separated: the normal at the end');
	close(t.pointA[0], -2.5, 1e-12, 'separated: pointA on A\'s face at the end');
	close(t.pointB[0], -0.5, 1e-12, 'separated: pointB on B\'s face');
	close(t.pointB[0] - t.pointA[0], 2, 1e-12);
	assert.ok(Math.abs(t.pointA[1]) <= 0.5 && Math.abs(t.pointA[1] - t.pointB[1]) <= 1e-12, 'points facing each other');
	t = np.timeOfImpact(box, { from: { position: [0.3, 0] }, to: { position: [3, 0] } }, box, { from: {}, to: {} });
	assert.equal(t.state, 'overlapped');
	closeVec(t.normal, [-1, 0], 1e-12, 'the penetration normal, A to B');
	// Hundreds of radians, never reduced: the rod turns 100 times around, sweeping its whole disc.
	t = np.timeOfImpact(rod, { from: { position: [0, 0], angle: 0 }, to: { position: [0, 0], angle: 200 * Math.PI } },
		box, { from: { position: [0, 3] }, to: { position: [0, 3] } });
	assert.equal(t.state, 'separated', 'the rod never reaches 2.5 away');
	t = np.timeOfImpact(rod, { from: { position: [0, 0], angle: 0 }, to: { position: [0, 0], angle: 200 * Math.PI } },
		box, { from: { position: [0, 2] }, to: { position: [0, 2] } }, { tolerance: 1e-9 });
	assert.equal(t.state, 'hit');
	assert.ok(t.fraction < 1 / 200, `the spinning rod reaches the box within its first turn (${t.fraction})`);
	// Its upper side meets the box's corner (0.5, 1.5) (the tips' circle passes outside the box).
	closeVec(t.pointB, [0.5, 1.5], 1e-8, 'the corner');
	close(Math.hypot(...t.normal), 1, 1e-12);
	close(t.normal[0] * 0.5 + t.normal[1] * 1.5, 0.02, 1e-8, 'the rod\'s side, 0.02 from its axis, through the corner');
	// A sweep about a centre: a rod turning a quarter turn about its end meets a box at its tip.
	t = np.timeOfImpact(rod, { from: { position: [2, 0] }, to: { position: [0, 2], angle: Math.PI / 2 }, center: [-2, 0] },
		box, { from: { position: [-0.6, 3] }, to: { position: [-0.6, 3] } }, { targetDistance: 0.1 });
	assert.equal(t.state, 'hit');
	t = np.timeOfImpact(rod, { from: { position: [2, 0] }, to: { position: [0, 2], angle: Math.PI / 2 }, center: [-2, 0] },
		box, { from: { position: [-1, 3] }, to: { position: [-1, 3] } }, { targetDistance: 0.1 });
	assert.equal(t.state, 'separated', 'the rod ends 0.48 from the box');
	box.dispose();
	rod.dispose();
});

test('bad input: coded errors', () => {
	const box = np.box2d(1, 1), sphere = np.sphere(1);
	throwsCode(() => np.shapeCast(box, null, [NaN, 0], box, null), 'NP_NON_FINITE', /translation/);
	throwsCode(() => np.shapeCast(box, null, [Infinity, 0], box, null), 'NP_NON_FINITE', /translation/);
	throwsCode(() => np.shapeCast(box, null, [1], box, null), 'NP_INVALID_ARGUMENT', /translation/);
	throwsCode(() => np.shapeCast(box, null, [1, 0], box, null, { maxFraction: -1 }), 'NP_INVALID_ARGUMENT', /maxFraction/);
	throwsCode(() => np.shapeCast(box, null, [1, 0], box, null, { targetDistance: -1 }), 'NP_INVALID_ARGUMENT', /targetDistance/);
	throwsCode(() => np.shapeCast(box, null, [1, 0], box, null, { targetDistance: 'x' }), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.shapeCast(box, { angle: NaN }, [1, 0], box, null), 'NP_NON_FINITE', /transform/);
	throwsCode(() => np.shapeCast(box, null, [1, 0], box, { position: [1e300, 0] }), 'NP_NON_FINITE', /targetTransform/);
	throwsCode(() => np.shapeCast(box, null, [1, 0], sphere, null), 'NP_INVALID_ARGUMENT', /mixed dimensions/);
	throwsCode(() => np.shapeCast(sphere, null, [1, 0, 0], box, null), 'NP_INVALID_ARGUMENT', /3D/);
	throwsCode(() => np.shapeCast(box, null, [1, 0], {}, null), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.timeOfImpact(box, { from: { angle: Infinity } }, box, {}), 'NP_NON_FINITE', /sweepA.from.angle/);
	throwsCode(() => np.timeOfImpact(box, { from: {}, to: { position: [NaN, 0] } }, box, {}), 'NP_NON_FINITE', /sweepA.to.position/);
	throwsCode(() => np.timeOfImpact(box, {}, box, 3), 'NP_INVALID_ARGUMENT', /sweepB/);
	throwsCode(() => np.timeOfImpact(box, {}, box, {}, { tolerance: -1 }), 'NP_INVALID_ARGUMENT', /tolerance/);
	throwsCode(() => np.timeOfImpact(box, {}, sphere, {}), 'NP_INVALID_ARGUMENT', /mixed dimensions/);
	const out = new Float64Array(16);
	throwsCode(() => np.shapeCastMany(box, new Float64Array([0, 0, 5, 0]), new Float64Array([1, 0, NaN, 0]), box, null, out),
		'NP_NON_FINITE', /cast 1/);
	throwsCode(() => np.shapeCastMany(box, new Float64Array(4), new Float64Array(2), box, null, out), 'NP_INVALID_ARGUMENT');
	throwsCode(() => np.shapeCastMany(box, new Float64Array(4), new Float64Array(4), box, null, new Float64Array(8)), 'NP_INVALID_ARGUMENT', /out/);
	const gone = np.circle(1);
	gone.dispose();
	throwsCode(() => np.shapeCast(gone, null, [1, 0], box, null), 'NP_DISPOSED');
	throwsCode(() => np.shapeCast(box, null, [1, 0], gone, null), 'NP_DISPOSED');
	throwsCode(() => np.timeOfImpact(box, {}, gone, {}), 'NP_DISPOSED');
	box.dispose();
	sphere.dispose();
});

test('memory: the casts keep the heap flat', () => {
	const box = np.box2d(1, 1), c = np.circle(0.3);
	const positions = new Float64Array(200).map((_, i) => (i % 2 ? 0.1 : -5)), translations = new Float64Array(200).map((_, i) => (i % 2 ? 0 : 10));
	const out = new Float64Array(800);
	const run = () => {
		np.shapeCast(box, { position: [-5, 0] }, [10, 0], c, null);
		np.shapeCast(box, { position: [0.5, 0] }, [10, 0], c, null);
		np.shapeCastMany(c, positions, translations, box, { angle: 0.2 }, out);
		np.timeOfImpact(box, { from: { position: [-4, 0] }, to: { position: [4, 0], angle: 9 } }, c, {});
		try {
			np.shapeCast(box, null, [NaN, 0], c, null);
		} catch {
			// rejected calls allocate nothing
		}
	};
	run();
	const before = np.heapInUse();
	for (let k = 0; k < 300; k++) run();
	assert.equal(np.heapInUse(), before);
	box.dispose();
	c.dispose();
});

test('accuracy over the shared cast vectors (worst error, tunnelled count)', () => {
	const doc = JSON.parse(readFileSync(new URL('../vectors/2d_cast.json', import.meta.url), 'utf8'));
	let worst = 0, worstId = '', tunnelled = 0, casts = 0, tois = 0, failedToi = 0, worstToi = 0;
	for (const v of doc.vectors) {
		if (v.expect.error) continue; // the bad-input vectors (vectors.test.mjs checks their codes)
		const a = makeShape(np, v.a), b = makeShape(np, v.b);
		if (v.query === 'shapeCast') {
			const h = np.shapeCast(a, readTransform(v.xfA), v.translation, b, readTransform(v.xfB), v.options);
			if (h && v.expect.hit && !v.expect.initialOverlap) {
				casts++;
				// Error in length units over the problem's scale, as the issue states the bound.
				const len = Math.hypot(...v.translation);
				const scale = v.fractionTol * len / 1e-9;
				const err = Math.abs(h.fraction - v.expect.fraction) * len / scale;
				if (err > worst) [worst, worstId] = [err, v.id];
				if (h.fraction > v.expect.fraction + v.lateTol) tunnelled++;
			}
		} else {
			const t = np.timeOfImpact(a, { ...v.sweepA, from: readTransform(v.sweepA.from), to: readTransform(v.sweepA.to) }, b,
				{ ...v.sweepB, from: readTransform(v.sweepB.from), to: readTransform(v.sweepB.to) }, v.options);
			tois++;
			if (t.state === 'failed') failedToi++;
			if (t.state === 'hit' && v.expect.state === 'hit') worstToi = Math.max(worstToi, Math.abs(t.fraction - v.expect.fraction));
		}
		a.dispose();
		b.dispose();
	}
	console.log(`casts: ${casts} hits, worst fraction error ${worst.toExponential(2)} of the scale (${worstId}), ${tunnelled} tunnelled`);
	console.log(`time of impact: ${tois} queries, ${failedToi} failed, worst fraction error ${worstToi.toExponential(2)}`);
	assert.equal(tunnelled, 0);
	assert.ok(worst <= 1e-6, 'the issue bound: 1e-6 of the scale');
	assert.equal(failedToi, 0);
});
