// The per-dimension instances: init({ dimensions: 2 }) on narrowphase2d.wasm and
// init({ dimensions: 3 }) on narrowphase3d.wasm (js/dimensions.mjs). Their queries return what the
// full module returns (compared field by field on a scene of every kind: shapes, casts, caches,
// chains, meshes, batches; vectors.test.mjs compares every shared vector's result bits), the other
// dimension's functions throw NP_UNSUPPORTED naming the way out, the heap stays flat, and init's
// option is checked (bad values, a module without the dimension asked for, the cached instances).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { init, NarrowphaseError } from '../../js/narrowphase.mjs';
import { ONLY_2D, ONLY_3D } from '../../js/dimensions.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const wasmBytes = (file) => readFileSync(`${root}js/${file}`);

const full = await init();
const np2 = await init({ dimensions: 2 });
const np3 = await init({ dimensions: 3 });

// Every np function of the full instance that works in both dimensions (it dispatches on its
// shapes). A function added to the API must be listed here or in dimensions.mjs's ONLY_2D /
// ONLY_3D, so that a one-dimension instance knows whether to keep it.
const SHARED = [
	'overlap', 'distance', 'penetration', 'manifold', 'rayCast', 'rayCastMany', 'containsPoint', 'closestPoint', 'bounds',
	'overlapBatch', 'manifoldBatch', 'penetrationBatch', 'distanceBatch', 'pairBatch', 'rayBatch', 'shapeCast', 'shapeCastMany',
	'timeOfImpact', 'heapInUse', 'memoryBytes',
];

function throwsCode(fn, code, pattern) {
	assert.throws(fn, (e) => {
		assert.ok(e instanceof NarrowphaseError, `a NarrowphaseError, got ${e}`);
		assert.equal(e.code, code, e.message);
		if (pattern) assert.match(e.message, pattern);
		return true;
	});
}

/** A 2D scene through every kind of 2D function; plain data out (for deepEqual across instances). */
function scene2(np) {
	const box = np.box2d(1, 0.5);
	const hex = np.polygon2d([[1, 0], [0.5, 0.9], [-0.5, 0.9], [-1, 0], [-0.5, -0.9], [0.5, -0.9]], { radius: 0.05 });
	const circle = np.circle(0.7);
	const capsule = np.capsule2d(0.6, 0.25);
	const chain = np.chain2d([[6, 0], [2, -0.2], [-2, 0.3], [-6, 0]]);
	const cache = np.contactCache2d();
	const ta = np.transform2d(0.3, 0.1, 0.4);
	const tb = { position: [1.2, 0.5], angle: -0.7 };
	const out = {
		overlap: np.overlap(box, ta, hex, tb),
		distance: np.distance(circle, null, capsule, { position: [3, 0.4], angle: 1 }),
		penetration: np.penetration(box, ta, hex, tb),
		manifold: np.manifold(hex, tb, capsule, ta),
		minkowski: np.minkowskiDifference(box, ta, circle, tb),
		ray: np.rayCast(hex, tb, [-5, 0.4], [10, 0]),
		contains: np.containsPoint(capsule, ta, [0.4, 0.2]),
		closest: np.closestPoint(box, ta, [3, 3]),
		bounds: np.bounds(hex, tb),
		cast: np.shapeCast(circle, { position: [-5, 0.3] }, [10, 0], box, null),
		toi: np.timeOfImpact(box, { from: { position: [-4, 0] }, to: { position: [4, 0.5], angle: 2 } }, hex, { from: {}, to: {} }),
		chain: np.chainContacts(box, { position: [0.1, 0.45], angle: 0.05 }, chain),
		chainRay: np.rayCast(chain, null, [0, 5], [0, -10]),
		cache: [0, 1, 2].map((k) => cache.collide(box, { position: [0, 0.9 - 0.01 * k] }, hex, null)),
		batch: Array.from(np.overlapBatch([box, circle], new Float64Array([0, 0, 0, 2, 0, 0]), [hex, hex], new Float64Array(6))),
		trace: np.overlap(box, ta, hex, tb, { trace: true }).overlapping,
	};
	for (const o of [box, hex, circle, capsule, chain, cache]) o.dispose();
	return JSON.parse(JSON.stringify(out));
}

/** The same for 3D: shapes, hulls, meshes, caches, casts, batches. */
function scene3(np) {
	const box = np.box3d(1, 0.5, 0.75);
	const hull = np.hull3d([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1], [0.6, 0.6, 0.6]]);
	const sphere = np.sphere(0.6);
	const capsule = np.capsule3d(0.5, 0.3);
	const tri = np.triangle3d([0, 0, 0], [1, 0, 0], [0, 1, 0]);
	const mesh = np.mesh3d([[-5, 0, -5], [5, 0, -5], [5, 0, 5], [-5, 0, 5]], [0, 2, 1, 0, 3, 2]);
	const cache = np.contactCache3d();
	const ta = { position: [0.2, 0.1, -0.3], rotation: [0.1, 0.2, 0.3, 0.927] };
	const tb = { position: [1.1, 0.6, 0.2], rotation: [0, 0, 0, 1] };
	const out = {
		overlap: np.overlap(box, ta, hull, tb),
		distance: np.distance(sphere, null, capsule, { position: [3, 0.4, 0.1] }),
		penetration: np.penetration(box, ta, hull, tb),
		manifold: np.manifold(hull, tb, box, ta),
		triangle: np.manifold(tri, null, sphere, { position: [0.2, 0.2, 0.5] }),
		ray: np.rayCast(hull, tb, [-5, 0.6, 0.2], [10, 0, 0]),
		contains: np.containsPoint(capsule, ta, [0.1, 0.2, 0.1]),
		closest: np.closestPoint(box, ta, [3, 3, 3]),
		bounds: np.bounds(hull, tb),
		meshContacts: np.meshContacts(box, { position: [0.3, 0.45, 0.1] }, mesh),
		meshRay: np.rayCast(mesh, null, [0.2, 5, 0.1], [0, -10, 0]),
		triangles: Array.from(np.queryTriangles(mesh, null, [-1, -1, -1], [1, 1, 1])),
		cast: np.shapeCast(sphere, { position: [-5, 0.3, 0] }, [10, 0, 0], box, null),
		meshCast: np.shapeCast(capsule, { position: [0, 3, 0] }, [0, -10, 0], mesh, null),
		toi: np.timeOfImpact(box, { from: { position: [-4, 0, 0] }, to: { position: [4, 0.5, 0] } }, hull, { from: {}, to: {} }),
		cache: [0, 1, 2].map((k) => cache.collide(box, { position: [0, 1.4 - 0.01 * k, 0] }, hull, null)),
		batch: Array.from(np.overlapBatch([box, sphere], new Float64Array([0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 1]), [hull, hull],
			new Float64Array([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]))),
	};
	for (const o of [box, hull, sphere, capsule, tri, mesh, cache]) o.dispose();
	return JSON.parse(JSON.stringify(out));
}

test('the instances: dimensions, cached per dimension, every np function classified', async () => {
	assert.deepEqual(full.dimensions, [2, 3]);
	assert.deepEqual(np2.dimensions, [2]);
	assert.deepEqual(np3.dimensions, [3]);
	assert.ok(Object.isFrozen(np2.dimensions));
	assert.equal(await init({ dimensions: 2 }), np2, 'init({ dimensions: 2 }) is cached');
	assert.equal(await init({ dimensions: 3 }), np3);
	assert.notEqual(np2, full);
	const functions = Object.keys(full).filter((k) => typeof full[k] === 'function' && !/^[A-Z]/.test(k));
	const known = new Set([...ONLY_2D, ...ONLY_3D, ...SHARED]);
	const unclassified = functions.filter((k) => !known.has(k));
	assert.deepEqual(unclassified, [], 'np functions in none of ONLY_2D, ONLY_3D (js/dimensions.mjs) and SHARED (this test)');
	for (const k of [...ONLY_2D, ...ONLY_3D]) assert.equal(typeof full[k], 'function', `np.${k} exists`);
});

test('init({ dimensions: 2 }): the 2D queries give the full module\'s answers; 3D throws NP_UNSUPPORTED', () => {
	assert.deepEqual(scene2(np2), scene2(full));
	for (const name of ONLY_3D) {
		throwsCode(() => np2[name](1, 1, 1), 'NP_UNSUPPORTED', /init\(\{ dimensions: 3 \}\).*init\(\) for both/);
		assert.equal(np2[name].name, name);
	}
	throwsCode(() => np2.sphere(1), 'NP_UNSUPPORTED', /^np\.sphere: this instance has the 2D functions only/);
	// A 3D shape of another instance is refused as usual (it is not this instance's).
	const s = full.sphere(1);
	throwsCode(() => np2.overlap(s, null, s, null), 'NP_INVALID_ARGUMENT');
	s.dispose();
	assert.equal(np2.limits3d.maxHullVertices, full.limits3d.maxHullVertices, 'the limits stay readable');
});

test('init({ dimensions: 3 }): the 3D queries give the full module\'s answers; 2D throws NP_UNSUPPORTED', () => {
	assert.deepEqual(scene3(np3), scene3(full));
	for (const name of ONLY_2D) {
		throwsCode(() => np3[name](1, 1), 'NP_UNSUPPORTED', /init\(\{ dimensions: 2 \}\).*init\(\) for both/);
	}
	throwsCode(() => np3.circle(1), 'NP_UNSUPPORTED', /narrowphase3d\.wasm/);
	const c = full.circle(1);
	throwsCode(() => np3.distance(c, null, c, null), 'NP_INVALID_ARGUMENT');
	c.dispose();
});

test('heap flat over create / query / dispose on each instance', () => {
	for (const [np, scene] of [[np2, scene2], [np3, scene3]]) {
		scene(np); // buffers kept for later calls are made here
		const before = np.heapInUse();
		for (let i = 0; i < 20; i++) scene(np);
		for (const name of np === np2 ? ONLY_3D : ONLY_2D) assert.throws(() => np[name](1));
		assert.equal(np.heapInUse(), before, `dimensions ${np.dimensions}: heap not flat`);
	}
});

test('init options: bad dimensions, a module without the dimension asked for, modules given directly', async () => {
	for (const bad of [0, 1, 4, '2', [2], 2.5, true]) {
		await assert.rejects(init({ dimensions: bad }), (e) => e instanceof NarrowphaseError && e.code === 'NP_INVALID_ARGUMENT' &&
			/options\.dimensions must be 2 or 3/.test(e.message));
	}
	const both = await init({ dimensions: null });
	assert.equal(both, full, 'dimensions: null is the default instance');
	const bytes2 = wasmBytes('narrowphase2d.wasm');
	const bytes3 = wasmBytes('narrowphase3d.wasm');
	await assert.rejects(init({ dimensions: 3, wasmBinary: bytes2 }), (e) => e.code === 'NP_WASM_VERSION' &&
		/narrowphase2d\.wasm, which has no 3D functions: init\(\{ dimensions: 3 \}\) needs narrowphase3d\.wasm or narrowphase\.wasm/.test(e.message));
	await assert.rejects(init({ dimensions: 2, wasmUrl: `${root}js/narrowphase3d.wasm` }), (e) => e.code === 'NP_WASM_VERSION');
	// Without `dimensions` a given module decides; with it, the full module gives that dimension's API.
	const from2 = await init({ wasmBinary: bytes2 });
	assert.deepEqual(from2.dimensions, [2]);
	throwsCode(() => from2.box3d(1, 1, 1), 'NP_UNSUPPORTED');
	const module3 = new WebAssembly.Module(bytes3);
	const from3 = await init({ wasmModule: module3, dimensions: 3 });
	assert.deepEqual(from3.dimensions, [3]);
	assert.deepEqual(scene3(from3), scene3(full));
	const fullAs2 = await init({ wasmBinary: wasmBytes('narrowphase.wasm'), dimensions: 2 });
	assert.deepEqual(fullAs2.dimensions, [2]);
	throwsCode(() => fullAs2.sphere(1), 'NP_UNSUPPORTED');
});

test('each module exports its dimension only (the linker dropped the other one\'s code)', () => {
	const names = (file) => new Set(WebAssembly.Module.exports(new WebAssembly.Module(wasmBytes(file))).map((e) => e.name));
	const all = names('narrowphase.wasm');
	for (const [file, dim, other] of [['narrowphase2d.wasm', 2, 3], ['narrowphase3d.wasm', 3, 2]]) {
		const own = names(file);
		for (const n of own) assert.ok(all.has(n), `${file} exports ${n}, which narrowphase.wasm does not`);
		const wrong = [...own].filter((n) => n.endsWith(String(other)) && !n.includes('Limits'));
		assert.deepEqual(wrong, [], `${file} exports ${other}D functions`);
		const missing = [...all].filter((n) => n.endsWith(String(dim)) && !own.has(n));
		assert.deepEqual(missing, [], `${file} lacks ${dim}D functions`);
	}
});
