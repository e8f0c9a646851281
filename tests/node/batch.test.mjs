// Batch queries from JS (np.overlapBatch, manifoldBatch, penetrationBatch, distanceBatch;
// js/apibatch.mjs): every pair's result bit for bit against the single call (np.overlap,
// manifold, penetration, distance) over random pairs of every shape kind in 2D and 3D and over the
// shared 2D/3D vectors' valid pairs, options.out refilled in place, the errors (code, pair index
// in the message and in error.index), the zero-length batch, and a flat heap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from '../../js/narrowphase.mjs';
import { makeRand, sameNumbers, throwsCode } from './asserts.mjs';
import * as v2 from './vectors2d.mjs';
import * as v3 from './vectors3d.mjs';

const np = await init();

const shapes2 = () => [
	np.circle(0.5), np.capsule2d(0.4, 0.2), np.box2d(0.5, 0.3),
	np.polygon2d(Array.from({ length: 8 }, (_, i) => [0.5 * Math.cos(i * Math.PI / 4), 0.5 * Math.sin(i * Math.PI / 4)])),
	np.polygon2d([[-0.4, -0.3], [0.5, -0.2], [0, 0.6]], { radius: 0.1 }),
];

function sphereCloud(rand, n) {
	const pts = [];
	for (let i = 0; i < n; i++) {
		const z = 2 * rand() - 1, t = 2 * Math.PI * rand(), r = Math.sqrt(1 - z * z);
		pts.push([0.5 * r * Math.cos(t), 0.5 * r * Math.sin(t), 0.5 * z]);
	}
	return pts;
}

const shapes3 = (rand) => [
	np.sphere(0.5), np.capsule3d(0.4, 0.25), np.box3d(0.5, 0.3, 0.4), np.hull3d(sphereCloud(rand, 32)),
	np.triangle3d([-0.6, 0, -0.4], [0.6, 0.1, -0.3], [0, -0.1, 0.7]),
];

// n random pairs of the kinds; A repeats its transform now and then (the rotation cache).
function pairs2(rand, kinds, n) {
	const a = [], b = [], ta = new Float64Array(3 * n), tb = new Float64Array(3 * n);
	for (let i = 0; i < n; i++) {
		a.push(kinds[Math.floor(rand() * kinds.length)]);
		b.push(kinds[Math.floor(rand() * kinds.length)]);
		const repeat = i > 0 && rand() < 0.3;
		for (let k = 0; k < 3; k++) ta[3 * i + k] = repeat ? ta[3 * i - 3 + k] : 4 * rand() - 2;
		tb[3 * i] = ta[3 * i] + 3.6 * rand() - 1.8;
		tb[3 * i + 1] = ta[3 * i + 1] + 3.6 * rand() - 1.8;
		tb[3 * i + 2] = 80 * rand() - 40;
	}
	return { a, b, ta, tb };
}

function randomQuat(rand, scale) {
	for (;;) {
		const q = [2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1];
		const l = Math.hypot(...q);
		if (l > 0.1 && l < 1) return q.map((c) => (scale * c) / l);
	}
}

function pairs3(rand, kinds, n) {
	const a = [], b = [], ta = new Float64Array(7 * n), tb = new Float64Array(7 * n);
	for (let i = 0; i < n; i++) {
		a.push(kinds[Math.floor(rand() * kinds.length)]);
		b.push(kinds[Math.floor(rand() * kinds.length)]);
		for (let k = 0; k < 3; k++) {
			ta[7 * i + k] = 4 * rand() - 2;
			tb[7 * i + k] = ta[7 * i + k] + 1.6 * rand() - 0.8;
		}
		// Some quaternions are not unit: both paths normalise them the same way.
		ta.set(randomQuat(rand, rand() < 0.2 ? 2.5 : 1), 7 * i + 3);
		tb.set(randomQuat(rand, rand() < 0.2 ? 0.6 : 1), 7 * i + 3);
		if (i > 0 && rand() < 0.3) ta.copyWithin(7 * i, 7 * i - 7, 7 * i);
	}
	return { a, b, ta, tb };
}

// The single call's transform object for pair i.
const xf2 = (t, i) => ({ position: [t[3 * i], t[3 * i + 1]], angle: t[3 * i + 2] });
const xf3 = (t, i) => ({ position: [...t.subarray(7 * i, 7 * i + 3)], rotation: [...t.subarray(7 * i + 3, 7 * i + 7)] });

// Checks every batch query against the single calls on pairs p of dimension dim.
function checkAgainstSingle(p, dim, margin) {
	const n = p.a.length;
	const xf = dim === 2 ? xf2 : xf3;
	const P = dim === 2 ? 2 : 4;
	const over = np.overlapBatch(p.a, p.ta, p.b, p.tb);
	const man = np.manifoldBatch(p.a, p.ta, p.b, p.tb, { margin });
	const pen = np.penetrationBatch(p.a, p.ta, p.b, p.tb);
	const dist = np.distanceBatch(p.a, p.ta, p.b, p.tb);
	assert.equal(man.count, n);
	let touching = 0, points = 0;
	for (let i = 0; i < n; i++) {
		const args = [p.a[i], xf(p.ta, i), p.b[i], xf(p.tb, i)];
		const o = np.overlap(...args);
		touching += o ? 1 : 0;
		assert.equal(over[i], o ? 1 : 0, `overlap ${i}`);

		const m = np.manifold(...args, { margin });
		points += m.points.length;
		assert.equal(man.pointCount[i], m.points.length, `pointCount ${i}`);
		sameNumbers(man.normal.subarray(dim * i, dim * i + dim), m.normal, `normal ${i}`);
		for (let k = 0; k < P; k++) {
			const mp = m.points[k] || { pointA: new Array(dim).fill(0), pointB: new Array(dim).fill(0), depth: 0, id: 0 };
			const s = P * i + k;
			sameNumbers(man.pointA.subarray(dim * s, dim * s + dim), mp.pointA, `pointA ${i}.${k}`);
			sameNumbers(man.pointB.subarray(dim * s, dim * s + dim), mp.pointB, `pointB ${i}.${k}`);
			assert.ok(Object.is(man.depth[s], mp.depth), `depth ${i}.${k}`);
			assert.equal(man.id[s], mp.id, `id ${i}.${k}`);
		}

		const pr = np.penetration(...args);
		assert.equal(pen.overlapping[i], pr === null ? 0 : 1, `overlapping ${i}`);
		const pv = pr || { depth: 0, normal: new Array(dim).fill(0), pointA: new Array(dim).fill(0), pointB: new Array(dim).fill(0), iterations: 0 };
		assert.ok(Object.is(pen.depth[i], pv.depth), `penetration depth ${i}`);
		for (const f of ['normal', 'pointA', 'pointB']) sameNumbers(pen[f].subarray(dim * i, dim * i + dim), pv[f], `penetration ${f} ${i}`);
		assert.equal(pen.iterations[i], pv.iterations, `penetration iterations ${i}`);

		const d = np.distance(...args);
		assert.ok(Object.is(dist.distance[i], d.distance), `distance ${i}`);
		for (const f of ['pointA', 'pointB', 'normal']) sameNumbers(dist[f].subarray(dim * i, dim * i + dim), d[f], `distance ${f} ${i}`);
		assert.equal(dist.iterations[i], d.iterations, `distance iterations ${i}`);
	}
	return { touching, points };
}

test('the batch API is installed', () => {
	for (const f of ['overlapBatch', 'manifoldBatch', 'penetrationBatch', 'distanceBatch']) {
		assert.equal(typeof np[f], 'function', `np.${f} is missing`);
	}
});

test('2D batches equal the single calls bit for bit (every kind pair)', () => {
	const kinds = shapes2();
	const p = pairs2(makeRand(7), kinds, 800);
	const { touching, points } = checkAgainstSingle(p, 2, 0.02);
	assert.ok(touching > 160 && touching < 640, `${touching} of 800 pairs touch`);
	assert.ok(points > 200, `${points} points`);
	for (const s of kinds) s.dispose();
});

// A centred circle's rotation is not made where the manifold never reads it (against a core:
// npManifoldIgnoresRotation2), in the batch and for plain transforms. Prepared transforms bring the
// real rotation, so every form must give the same bits, and so must the circle at angle 0; circle
// pairs (where A's rotation is read) are in the mix and must keep theirs.
test('2D manifolds of circles: the skipped rotation changes no bit (batch, plain, prepared, angle 0)', () => {
	const kinds = shapes2();
	const rand = makeRand(31);
	const n = 600;
	const a = [], b = [], ta = new Float64Array(3 * n), tb = new Float64Array(3 * n);
	for (let i = 0; i < n; i++) {
		const circleFirst = rand() < 0.5;
		const other = kinds[Math.floor(rand() * kinds.length)];
		a.push(circleFirst ? kinds[0] : other);
		b.push(circleFirst ? other : kinds[0]);
		ta.set([4 * rand() - 2, 4 * rand() - 2, 80 * rand() - 40], 3 * i);
		tb.set([ta[3 * i] + 2 * rand() - 1, ta[3 * i + 1] + 2 * rand() - 1, 80 * rand() - 40], 3 * i);
	}
	const man = np.manifoldBatch(a, ta, b, tb, { margin: 0.05 });
	let points = 0, circlePairs = 0;
	for (let i = 0; i < n; i++) {
		const prepared = [a[i], np.transform2d(ta[3 * i], ta[3 * i + 1], ta[3 * i + 2]), b[i], np.transform2d(tb[3 * i], tb[3 * i + 1], tb[3 * i + 2])];
		const forms = [np.manifold(...prepared, { margin: 0.05 }), np.manifold(a[i], xf2(ta, i), b[i], xf2(tb, i), { margin: 0.05 })];
		if (a[i] === kinds[0] && b[i] === kinds[0]) circlePairs += 1;
		else {
			const level = (t, s) => (s === kinds[0] ? np.transform2d(t[3 * i], t[3 * i + 1], 0) : np.transform2d(t[3 * i], t[3 * i + 1], t[3 * i + 2]));
			forms.push(np.manifold(a[i], level(ta, a[i]), b[i], level(tb, b[i]), { margin: 0.05 }));
		}
		const m = forms[0];
		points += m.points.length;
		for (const f of forms.slice(1)) {
			assert.equal(f.points.length, m.points.length, `pointCount ${i}`);
			sameNumbers(f.normal, m.normal, `normal ${i}`);
			f.points.forEach((p, k) => {
				sameNumbers(p.pointA, m.points[k].pointA, `pointA ${i}.${k}`);
				sameNumbers(p.pointB, m.points[k].pointB, `pointB ${i}.${k}`);
				assert.ok(Object.is(p.depth, m.points[k].depth) && p.id === m.points[k].id, `depth, id ${i}.${k}`);
			});
		}
		assert.equal(man.pointCount[i], m.points.length, `batch pointCount ${i}`);
		sameNumbers(man.normal.subarray(2 * i, 2 * i + 2), m.normal, `batch normal ${i}`);
		m.points.forEach((p, k) => {
			sameNumbers(man.pointA.subarray(4 * i + 2 * k, 4 * i + 2 * k + 2), p.pointA, `batch pointA ${i}.${k}`);
			sameNumbers(man.pointB.subarray(4 * i + 2 * k, 4 * i + 2 * k + 2), p.pointB, `batch pointB ${i}.${k}`);
			assert.ok(Object.is(man.depth[2 * i + k], p.depth) && man.id[2 * i + k] === p.id, `batch depth, id ${i}.${k}`);
		});
	}
	assert.ok(points > 150 && circlePairs > 50, `${points} points, ${circlePairs} circle pairs`);
	for (const s of kinds) s.dispose();
});

test('3D batches equal the single calls bit for bit (every kind pair)', () => {
	const rand = makeRand(11);
	const kinds = shapes3(rand);
	const p = pairs3(rand, kinds, 400);
	const { touching, points } = checkAgainstSingle(p, 3, 0.02);
	assert.ok(touching > 80 && touching < 320, `${touching} of 400 pairs touch`);
	assert.ok(points > 130, `${points} points`);
	for (const s of kinds) s.dispose();
});

// The shared vectors' valid pairs (shapes that build, no error expected), through the batches.
function vectorPairs(file, mod, dim) {
	const doc = JSON.parse(readFileSync(new URL(`../vectors/${file}`, import.meta.url), 'utf8'));
	const p = { a: [], b: [], ta: [], tb: [], margin: [] };
	const identity = dim === 2 ? [0, 0, 0] : [0, 0, 0, 0, 0, 0, 1];
	const flat = (xf) => {
		const t = mod.readTransform(xf);
		if (t === undefined) return identity;
		return dim === 2 ? [...(t.position || [0, 0]), t.angle ?? 0] : [...(t.position || [0, 0, 0]), ...(t.rotation || [0, 0, 0, 1])];
	};
	for (const v of doc.vectors) {
		if (!v.a || !v.b || v.expect?.error) continue;
		let a, b;
		try {
			a = mod.makeShape(np, v.a);
			b = mod.makeShape(np, v.b);
		} catch {
			continue;
		}
		const ta = flat(v.xfA), tb = flat(v.xfB);
		if (![...ta, ...tb].every((x) => Number.isFinite(x) && Math.abs(x) <= 1e12)) continue;
		if (dim === 3 && Math.hypot(...ta.slice(3)) < 1e-6) continue;
		if (dim === 3 && Math.hypot(...tb.slice(3)) < 1e-6) continue;
		p.a.push(a); p.b.push(b); p.ta.push(...ta); p.tb.push(...tb);
	}
	p.ta = new Float64Array(p.ta);
	p.tb = new Float64Array(p.tb);
	return p;
}

test('the shared 2D and 3D vectors through the batches equal the single calls', () => {
	let total = 0;
	for (const [file, mod, dim] of [
		['2d_overlap.json', v2, 2], ['2d_manifold.json', v2, 2], ['2d_penetration.json', v2, 2], ['2d_distance.json', v2, 2],
		['3d_overlap.json', v3, 3], ['3d_manifold.json', v3, 3], ['3d_penetration.json', v3, 3], ['3d_distance.json', v3, 3],
	]) {
		const p = vectorPairs(file, mod, dim);
		assert.ok(p.a.length > 50, `${file}: ${p.a.length} pairs`);
		checkAgainstSingle(p, dim, 0.01);
		total += p.a.length;
		for (const s of [...p.a, ...p.b]) s.dispose();
	}
	assert.ok(total > 1000, `${total} vector pairs`);
});

test('options.out is refilled in place; longer arrays are kept, shorter ones replaced', () => {
	const kinds = shapes2();
	const p = pairs2(makeRand(3), kinds, 50);
	const out = np.manifoldBatch(p.a, p.ta, p.b, p.tb);
	const arrays = { ...out };
	const again = np.manifoldBatch(p.a, p.ta, p.b, p.tb, { out });
	assert.equal(again, out);
	for (const f of ['pointCount', 'normal', 'pointA', 'pointB', 'depth', 'id']) assert.equal(out[f], arrays[f], f);
	// Fewer pairs: the same arrays, count says how many records are valid.
	const q = pairs2(makeRand(4), kinds, 20);
	np.manifoldBatch(q.a, q.ta, q.b, q.tb, { out });
	assert.equal(out.count, 20);
	assert.equal(out.normal, arrays.normal);
	const fresh = np.manifoldBatch(q.a, q.ta, q.b, q.tb);
	sameNumbers(out.pointA.subarray(0, 80), fresh.pointA, 'refilled pointA');
	sameNumbers(out.pointCount.subarray(0, 20), fresh.pointCount, 'refilled pointCount');
	// More pairs: arrays grow.
	const r = pairs2(makeRand(5), kinds, 90);
	np.manifoldBatch(r.a, r.ta, r.b, r.tb, { out });
	assert.equal(out.count, 90);
	assert.equal(out.pointCount.length, 90);
	assert.notEqual(out.normal, arrays.normal);
	// Penetration and distance refill the same way; overlapBatch fills the array given.
	const pen = np.penetrationBatch(p.a, p.ta, p.b, p.tb);
	assert.equal(np.penetrationBatch(p.a, p.ta, p.b, p.tb, { out: pen }), pen);
	const dist = np.distanceBatch(p.a, p.ta, p.b, p.tb);
	assert.equal(np.distanceBatch(p.a, p.ta, p.b, p.tb, { out: dist }), dist);
	const flags = new Uint8Array(64).fill(9);
	assert.equal(np.overlapBatch(p.a, p.ta, p.b, p.tb, flags), flags);
	sameNumbers(flags.subarray(0, 50), np.overlapBatch(p.a, p.ta, p.b, p.tb), 'overlap out');
	assert.equal(flags[50], 9);
	throwsCode(() => np.overlapBatch(p.a, p.ta, p.b, p.tb, new Uint8Array(49)), 'NP_CAPACITY');
	throwsCode(() => np.manifoldBatch(p.a, p.ta, p.b, p.tb, { out: { normal: [] } }), 'NP_INVALID_ARGUMENT', /options\.out/);
	throwsCode(() => np.distanceBatch(p.a, p.ta, p.b, p.tb, { out: pen }), 'NP_INVALID_ARGUMENT', /options\.out/);
	for (const s of kinds) s.dispose();
});

test('zero-length batches', () => {
	const e = new Float64Array(0);
	assert.deepEqual(np.overlapBatch([], e, [], e), new Uint8Array(0));
	const m = np.manifoldBatch([], e, [], e);
	assert.equal(m.count, 0);
	assert.equal(m.pointCount.length, 0);
	assert.equal(m.id.length, 0);
	assert.equal(np.penetrationBatch([], e, [], e).count, 0);
	assert.equal(np.distanceBatch([], e, [], e).distance.length, 0);
	throwsCode(() => np.manifoldBatch([], new Float64Array(3), [], e), 'NP_INVALID_TRANSFORM');
});

// The error must carry the single call's code, name the pair and expose its index.
function throwsAt(fn, code, index, pattern) {
	const e = throwsCode(fn, code, pattern);
	assert.equal(e.index, index, e.message);
	if (index >= 0) assert.match(e.message, new RegExp(`pair ${index}\\b`));
	return e;
}

test('bad input: codes, the pair index, and nothing else changes', () => {
	const kinds = shapes2();
	const rand = makeRand(9);
	const p = pairs2(rand, kinds, 10);
	const box3 = np.box3d(1, 1, 1);
	for (const f of [np.overlapBatch, np.manifoldBatch, np.penetrationBatch, np.distanceBatch]) {
		// A non-finite number at pair 4, transform B (the single call's NP_NON_FINITE).
		const tb = p.tb.slice();
		tb[3 * 4 + 2] = NaN;
		throwsAt(() => f(p.a, p.ta, p.b, tb), 'NP_NON_FINITE', 4, /transform B angle/);
		const ta = p.ta.slice();
		ta[3 * 7] = Infinity;
		throwsAt(() => f(p.a, ta, p.b, p.tb), 'NP_NON_FINITE', 7, /transform A x/);
		ta[3 * 7] = 0;
		ta[3 * 2 + 2] = 3e12;
		throwsAt(() => f(p.a, ta, p.b, p.tb), 'NP_NON_FINITE', 2, /exceeds/);
		// Wrong lengths and types.
		throwsAt(() => f(p.a, p.ta.subarray(3), p.b, p.tb), 'NP_INVALID_TRANSFORM', -1, /transformsA needs 3 numbers per pair/);
		throwsAt(() => f(p.a, p.ta, p.b, [...p.tb]), 'NP_INVALID_TRANSFORM', -1, /Float64Array/);
		throwsAt(() => f(p.a, p.ta, p.b.slice(1), p.tb), 'NP_INVALID_ARGUMENT', -1, /shapesB has 9 shapes/);
		throwsAt(() => f('shapes', p.ta, p.b, p.tb), 'NP_INVALID_ARGUMENT', -1);
		// Mixed dimensions and foreign objects.
		const mixed = p.b.slice();
		mixed[6] = box3;
		throwsAt(() => f(p.a, p.ta, mixed, p.tb), 'NP_INVALID_ARGUMENT', 6, /mixed dimensions/);
		mixed[6] = { _ptr: 8 };
		throwsAt(() => f(p.a, p.ta, mixed, p.tb), 'NP_INVALID_ARGUMENT', 6, /not a shape/);
	}
	// Margins.
	throwsAt(() => np.manifoldBatch(p.a, p.ta, p.b, p.tb, { margin: -1 }), 'NP_INVALID_ARGUMENT', -1);
	throwsAt(() => np.manifoldBatch(p.a, p.ta, p.b, p.tb, { margin: NaN }), 'NP_NON_FINITE', -1);
	// A disposed shape at pair 3 (shape A), after the calls above still give the same results.
	const before = np.manifoldBatch(p.a, p.ta, p.b, p.tb);
	const gone = np.circle(0.3);
	const a = p.a.slice();
	a[3] = gone;
	gone.dispose();
	throwsAt(() => np.manifoldBatch(a, p.ta, p.b, p.tb), 'NP_DISPOSED', 3, /shape A \(circle\) was disposed/);
	const after = np.manifoldBatch(p.a, p.ta, p.b, p.tb);
	sameNumbers(after.pointA, before.pointA, 'after errors');
	// 3D: a zero quaternion is the single call's NP_INVALID_TRANSFORM; a NaN in a quaternion NP_NON_FINITE.
	const k3 = shapes3(rand);
	const q = pairs3(rand, k3, 6);
	const tq = q.tb.slice();
	tq.fill(0, 7 * 5 + 3, 7 * 5 + 7);
	throwsAt(() => np.manifoldBatch(q.a, q.ta, q.b, tq), 'NP_INVALID_TRANSFORM', 5, /zero rotation quaternion/);
	tq[7 * 1 + 6] = NaN;
	throwsAt(() => np.distanceBatch(q.a, q.ta, q.b, tq), 'NP_NON_FINITE', 1, /transform B rotation\[3\]/);
	throwsAt(() => np.overlapBatch(q.a, q.ta.subarray(0, 21), q.b, q.tb), 'NP_INVALID_TRANSFORM', -1, /7 numbers per pair/);
	const m3 = q.b.slice();
	m3[2] = kinds[0];
	throwsAt(() => np.penetrationBatch(q.a, q.ta, m3, q.tb), 'NP_INVALID_ARGUMENT', 2, /mixed dimensions/);
	for (const s of [...kinds, ...k3, box3]) s.dispose();
});

test('the heap stays flat over many batches', () => {
	const rand = makeRand(21);
	const kinds = shapes2();
	const k3 = shapes3(rand);
	const p = pairs2(rand, kinds, 300);
	const q = pairs3(rand, k3, 200);
	const m2 = np.manifoldBatch(p.a, p.ta, p.b, p.tb);
	const m3 = np.manifoldBatch(q.a, q.ta, q.b, q.tb);
	const run = () => {
		np.overlapBatch(p.a, p.ta, p.b, p.tb);
		np.manifoldBatch(p.a, p.ta, p.b, p.tb, { out: m2 });
		np.penetrationBatch(q.a, q.ta, q.b, q.tb);
		np.distanceBatch(p.a, p.ta, p.b, p.tb);
		np.manifoldBatch(q.a, q.ta, q.b, q.tb, { out: m3 });
	};
	run(); // the runtime's batch block is made (and grown) once
	const heap = np.heapInUse();
	for (let k = 0; k < 100; k++) run();
	assert.equal(np.heapInUse(), heap);
	for (const s of [...kinds, ...k3]) s.dispose();
});
