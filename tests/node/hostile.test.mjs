// Hostile input, every public function and the methods of the objects they make (contact caches,
// pair and ray batches, with NaN and 1e300 written into their wasm views, and each used after
// dispose()): a seeded random mix of good and bad arguments in every position (wrong types, wrong
// lengths, NaN, infinities, 1e300, disposed objects, the other dimension, malformed options and out
// objects), checked against the JS API's error contract instead of stored answers:
//  - a call either returns or throws a NarrowphaseError whose `code` is one of the documented codes
//    and whose message names the function; any other exception (a TypeError from inside the
//    binding, a RangeError from a typed array) is a failure;
//  - what a call returns holds no NaN (numbers, vectors, typed-array results);
//  - nothing leaks and nothing corrupts the wasm heap: the run is made twice with the same seed;
//    the first grows the runtime's scratch buffers (trace steps, contact outputs: allocated on
//    first use and kept), and after the second, once the objects both made are disposed,
//    heapInUse() is what it was after the first; closed-form queries made before and after give
//    the same bits (a 2D box-box manifold, a 3D box-box penetration, a hull ray). At the end, with
//    the pools disposed too, the heap holds only those scratch buffers.
// Arguments of each position are drawn good with probability 0.75 (of the right kind and
// dimension), so the checks deep inside each function are reached too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../js/narrowphase.mjs';

const CODES = new Set(['NP_NON_FINITE', 'NP_DEGENERATE', 'NP_TOO_MANY_POINTS', 'NP_INVALID_RADIUS', 'NP_INVALID_EXTENT',
	'NP_INVALID_TRANSFORM', 'NP_INVALID_ARGUMENT', 'NP_CAPACITY', 'NP_OUT_OF_RANGE', 'NP_DISPOSED']);

// A small deterministic generator (LCG; the same run every time).
let seed = 0x2545f491;
function rnd() {
	seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
	return seed / 4294967296;
}
const pick = (list) => list[Math.floor(rnd() * list.length)];

const HOSTILE = [undefined, null, 0, -1, NaN, Infinity, -Infinity, 1e300, 'x', '', true, {}, [], [NaN], [1],
	[1, 2, 3, 4, 5], new Float64Array(1), new Uint8Array(4), () => 1, Symbol('s'), 10n, { position: 'a' },
	{ length: 1e9 }, new Array(3), Object.create(null)];

function makePools(np) {
	const shapes2 = [np.circle(0.5), np.box2d(1, 0.5), np.capsule2d(0.5, 0.25), np.polygon2d([[0, 0], [1, 0], [0.5, 1]], { radius: 0.1 })];
	const hull = np.hull3d([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1], [0.5, 0.5, 0.5]]);
	const shapes3 = [np.sphere(0.5), np.capsule3d(0.5, 0.25), np.box3d(1, 0.5, 0.75), hull, np.triangle3d([0, 0, 0], [1, 0, 0], [0, 1, 0])];
	const mesh = np.mesh3d([[-2, 0, -2], [2, 0, -2], [2, 0, 2], [-2, 0, 2]], [0, 2, 1, 0, 3, 2]);
	const chain = np.chain2d([[-3, 0], [-1, 0.2], [1, 0], [3, 0.3]]);
	const loop = np.chain2d([[0, 0], [2, 0], [2, 2], [0, 2]], { loop: true });
	const dead2 = np.circle(1);
	const dead3 = np.sphere(1);
	const deadMesh = np.mesh3d([[0, 0, 0], [1, 0, 0], [0, 0, 1]], [0, 2, 1]);
	const deadChain = np.chain2d([[0, 0], [1, 0]]);
	for (const d of [dead2, dead3, deadMesh, deadChain]) d.dispose();
	const owned = [...shapes2, ...shapes3, mesh, chain, loop];

	const xf2 = [undefined, null, { position: [0.3, -0.2], angle: 0.4 }, { position: [0, 0.1] }, np.transform2d(0.1, 0.2, 0.3),
		{ position: new Float64Array([0.5, 0]), angle: -1 }];
	const badXf2 = [{ position: [NaN, 0] }, { position: [1] }, { angle: 'x' }, { position: [1e300, 1e300], angle: 1e300 },
		{ position: [0, 0], angle: Infinity }, 5, 'xf', [], { position: null }];
	const xf3 = [undefined, null, { position: [0.2, -0.1, 0.3], rotation: [0, 0, 0.38268343236508978, 0.92387953251128674] },
		{ position: [0, 0.2, 0] }, { rotation: [0.5, 0.5, 0.5, 0.5] }];
	const badXf3 = [{ rotation: [0, 0, 0, 0] }, { rotation: [NaN, 0, 0, 1] }, { position: [1, 2] }, { position: [1e300, 0, 0] },
		{ rotation: [0, 0, 1] }, 7, 'xf', [], { position: [Infinity, 0, 0] }];
	const vec2 = [[0.1, 0.2], [1, 0], [-0.5, 0.3], new Float64Array([0.2, -0.1])];
	const badVec2 = [[0, 0, 0], [NaN, 1], [Infinity, 0], [], 'ab', [1e300, 1e300], [0, 0]];
	const vec3 = [[0.1, 0.2, 0.3], [1, 0, 0], [0, -1, 0], new Float64Array([0.2, -0.1, 0.4])];
	const badVec3 = [[0, 0], [NaN, 1, 0], [Infinity, 0, 0], [], 'abc', [1e300, 1e300, 1e300], [0, 0, 0]];
	const options = [undefined, null, {}, { margin: 0.1 }, { maxFraction: 0.5 }, { solid: false }, { backfaces: true },
		{ targetDistance: 0.01 }, { removeGhosts: false }, { maxDistance: 2 }];
	const badOptions = [{ margin: -1 }, { margin: NaN }, { margin: 1e300 }, { margin: 'x' }, { out: {} }, { out: null },
		{ out: 5 }, { out: [] }, { maxFraction: -1 }, { maxFraction: NaN }, { targetDistance: -1 }, { tolerance: 0 },
		{ tolerance: NaN }, { featureTolerance: -1 }, { maxDistance: -1 }, 7, 'options', { out: { normal: [0], points: 3 } },
		{ trace: 'yes' }, { capacity: -3 }, { capacity: 1e12 }];
	const points2 = [[[0, 0], [1, 0], [1, 1]], [0, 0, 2, 0, 2, 1, 0, 1], new Float64Array([0, 0, 1, 0, 0.5, 0.5])];
	const badPoints2 = [[[0, 0]], [[0, 0], [0, 0]], [[NaN, 0], [1, 0], [0, 1]], [0, 0, 1], 'pts', [[1, 2, 3]],
		new Array(100000).fill(0), [[0, 0], [1e300, 0], [0, 1e300]]];
	const points3 = [[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1])];
	const badPoints3 = [[[0, 0, 0], [1, 1, 1]], [[0, 0, 0], [1, 0, 0], [2, 0, 0]], [[NaN, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
		[0, 0, 0, 1], [[1, 2]], new Array(50000).fill(0)];
	const f64 = (n) => new Float64Array(n).map((_, i) => ((i * 0.37) % 1) - 0.3);
	return { shapes2, shapes3, mesh, chain, loop, dead2, dead3, deadMesh, deadChain, owned, xf2, badXf2, xf3, badXf3, vec2, badVec2,
		vec3, badVec3, options, badOptions, points2, badPoints2, points3, badPoints3, f64 };
}

// Argument kinds by position for each function; kind(dim) draws one argument of that kind.
function makeKinds(np, P) {
	const good = (list, bad) => () => (rnd() < 0.75 ? pick(list) : rnd() < 0.7 ? pick(bad) : pick(HOSTILE));
	const num = (lo, hi) => () => (rnd() < 0.75 ? lo + rnd() * (hi - lo) : pick([0, -1, NaN, Infinity, 1e300, 1e-320, 'x', null]));
	const int = (lo, hi) => () => (rnd() < 0.75 ? lo + Math.floor(rnd() * (hi - lo)) : pick([0, -1, NaN, 1e12, 2.5, 'x', null]));
	const target2 = () => (rnd() < 0.75 ? pick([...P.shapes2, P.chain, P.loop, [P.chain, { chain: P.loop, transform: { position: [5, 0] } }]])
		: pick([P.dead2, P.deadChain, P.dead3, P.mesh, [], [P.deadChain], ...HOSTILE]));
	const target3 = () => (rnd() < 0.75 ? pick([...P.shapes3, P.mesh, [P.mesh, { mesh: P.mesh, transform: { position: [0, -1, 0] } }]])
		: pick([P.dead3, P.deadMesh, P.dead2, P.chain, [], [P.deadMesh], [{ mesh: P.mesh, transform: { rotation: [0, 0, 0, 0] } }], ...HOSTILE]));
	const shapes = (list, dead) => () => {
		const n = 1 + Math.floor(rnd() * 3);
		const arr = Array.from({ length: n }, () => pick(list));
		if (rnd() < 0.25) arr[Math.floor(rnd() * n)] = pick([dead, ...HOSTILE]);
		return rnd() < 0.9 ? arr : pick(HOSTILE);
	};
	const typed = (per) => () => (rnd() < 0.75 ? P.f64(per * (1 + Math.floor(rnd() * 3))) : pick([P.f64(per + 1), new Float64Array([NaN, 0, 0, 0, 0, 0, 0]),
		new Float32Array(per), [0, 0, 0], ...HOSTILE]));
	const sweep2 = () => (rnd() < 0.75 ? { from: pick(P.xf2), to: pick([{ position: [2, 0], angle: 3 }, ...P.xf2]), center: rnd() < 0.5 ? undefined : [0, 0] }
		: pick([{ from: pick(P.badXf2) }, { center: [NaN, 0] }, ...HOSTILE]));
	const sweep3 = () => (rnd() < 0.75 ? { from: pick(P.xf3), to: pick([{ position: [2, 0, 0], rotation: [0, 0.70710678118654757, 0, 0.70710678118654757] }, ...P.xf3]) }
		: pick([{ from: pick(P.badXf3) }, { center: [NaN, 0, 0] }, ...HOSTILE]));
	return {
		s2: good(P.shapes2, [P.dead2, P.dead3, P.chain]), s3: good(P.shapes3, [P.dead3, P.dead2, P.mesh]),
		x2: good(P.xf2, P.badXf2), x3: good(P.xf3, P.badXf3), v2: good(P.vec2, P.badVec2), v3: good(P.vec3, P.badVec3),
		opt: good(P.options, P.badOptions), p2: good(P.points2, P.badPoints2), p3: good(P.points3, P.badPoints3),
		t2: target2, t3: target3, shapes2: shapes(P.shapes2, P.dead2), shapes3: shapes(P.shapes3, P.dead3),
		xfs2: typed(3), xfs3: typed(7), rays2: typed(2), rays3: typed(3), out6: typed(6), out8: typed(8), sw2: sweep2, sw3: sweep3,
		radius: num(0.01, 2), count: int(1, 6), dim: () => pick([2, 3, 2, 3, 4, 0, '2']),
		mesh: () => (rnd() < 0.75 ? P.mesh : pick([P.deadMesh, P.chain, ...HOSTILE])),
		indices: () => pick([[0, 2, 1, 0, 3, 2], [0, 1, 5], [0, 1], [-1, 0, 1], [NaN, 0, 1], new Uint32Array([0, 2, 1]), [0, 0, 0], ...HOSTILE]),
	};
}

// Each function and the kinds of its arguments (2D and 3D forms of the overloaded ones).
const SIGNATURES = [
	['circle', ['radius']], ['box2d', ['radius', 'radius']], ['capsule2d', ['radius', 'radius']], ['polygon2d', ['p2', 'opt']],
	['sphere', ['radius']], ['capsule3d', ['radius', 'radius']], ['box3d', ['radius', 'radius', 'radius']], ['hull3d', ['p3']],
	['triangle3d', ['v3', 'v3', 'v3']], ['transform2d', ['radius', 'radius', 'radius']],
	['overlap', ['s2', 'x2', 's2', 'x2', 'opt']], ['overlap', ['s3', 'x3', 's3', 'x3', 'opt']],
	['distance', ['s2', 'x2', 's2', 'x2', 'opt']], ['distance', ['s3', 'x3', 's3', 'x3', 'opt']],
	['penetration', ['s2', 'x2', 's2', 'x2', 'opt']], ['penetration', ['s3', 'x3', 's3', 'x3', 'opt']],
	['manifold', ['s2', 'x2', 's2', 'x2', 'opt']], ['manifold', ['s3', 'x3', 's3', 'x3', 'opt']],
	['minkowskiDifference', ['s2', 'x2', 's2', 'x2']],
	['mesh3d', ['p3', 'indices', 'opt']], ['meshContacts', ['s3', 'x3', 't3', 'opt']],
	['chain2d', ['p2', 'opt']], ['chainContacts', ['s2', 'x2', 't2', 'opt']],
	['rayCast', ['t2', 'x2', 'v2', 'v2', 'opt']], ['rayCast', ['t3', 'x3', 'v3', 'v3', 'opt']],
	['rayCastMany', ['t2', 'x2', 'rays2', 'rays2', 'out6', 'opt']], ['rayCastMany', ['t3', 'x3', 'rays3', 'rays3', 'out8', 'opt']],
	['containsPoint', ['t2', 'x2', 'v2']], ['containsPoint', ['t3', 'x3', 'v3']],
	['closestPoint', ['t2', 'x2', 'v2', 'opt']], ['closestPoint', ['t3', 'x3', 'v3', 'opt']],
	['bounds', ['t2', 'x2', 'opt']], ['bounds', ['t3', 'x3', 'opt']], ['queryTriangles', ['mesh', 'x3', 'v3', 'v3']],
	['overlapBatch', ['shapes2', 'xfs2', 'shapes2', 'xfs2']], ['overlapBatch', ['shapes3', 'xfs3', 'shapes3', 'xfs3']],
	['manifoldBatch', ['shapes2', 'xfs2', 'shapes2', 'xfs2', 'opt']], ['manifoldBatch', ['shapes3', 'xfs3', 'shapes3', 'xfs3', 'opt']],
	['penetrationBatch', ['shapes2', 'xfs2', 'shapes2', 'xfs2', 'opt']], ['penetrationBatch', ['shapes3', 'xfs3', 'shapes3', 'xfs3', 'opt']],
	['distanceBatch', ['shapes2', 'xfs2', 'shapes2', 'xfs2', 'opt']], ['distanceBatch', ['shapes3', 'xfs3', 'shapes3', 'xfs3', 'opt']],
	['shapeCast', ['s2', 'x2', 'v2', 't2', 'x2', 'opt']], ['shapeCast', ['s3', 'x3', 'v3', 't3', 'x3', 'opt']],
	['shapeCastMany', ['s2', 'rays2', 'rays2', 't2', 'x2', 'out8', 'opt']], ['shapeCastMany', ['s3', 'xfs3', 'rays3', 't3', 'x3', 'out8', 'opt']],
	['timeOfImpact', ['s2', 'sw2', 's2', 'sw2', 'opt']], ['timeOfImpact', ['s3', 'sw3', 's3', 'sw3', 'opt']],
	['contactCache2d', ['opt']], ['contactCache3d', ['opt']], ['rayBatch', ['count', 'dim']], ['pairBatch', ['shapes2', 'shapes2']],
	['pairBatch', ['shapes3', 'shapes3']],
];

// Every number reachable in a result (objects, arrays, typed arrays), for the NaN check.
function findNaN(v, path, depth = 0) {
	if (depth > 6 || v === null || v === undefined) return null;
	if (typeof v === 'number') return Number.isNaN(v) ? path : null;
	if (ArrayBuffer.isView(v)) {
		for (let i = 0; i < Math.min(v.length, 4096); i++) if (Number.isNaN(v[i])) return `${path}[${i}]`;
		return null;
	}
	if (typeof v !== 'object') return null;
	for (const k of Object.keys(v)) {
		if (k === 'user') continue; // a cached point's user data: the caller's own numbers, stored as given
		const found = findNaN(v[k], `${path}.${k}`, depth + 1);
		if (found) return found;
	}
	return null;
}

// The closed-form probes run before and after the hostile calls: same bits means an intact heap.
function probes(np, P) {
	const m = np.manifold(P.shapes2[1], { position: [0, 0] }, P.shapes2[1], { position: [1.5, 0.25] });
	const p = np.penetration(P.shapes3[2], null, P.shapes3[2], { position: [1.5, 0.2, 0.1] });
	const r = np.rayCast(P.shapes3[3], null, [-5, 0.1, 0.2], [1, 0, 0]);
	return JSON.stringify([m, p.depth, p.normal, p.pointA, r]);
}

const CALLS_PER_SIGNATURE = 400;
const SEED = 0x2545f491;

// One run of hostile calls from the seed; returns what it made (to dispose) and its tallies.
function hostileRun(np, K, P) {
	seed = SEED;
	const made = [];
	const stats = { calls: 0, returned: 0, thrown: 0, codes: new Map() };
	const failures = [];
	for (const [name, kinds] of SIGNATURES) {
		for (let i = 0; i < CALLS_PER_SIGNATURE; i++) {
			const args = kinds.map((k) => K[k]());
			// Drop trailing arguments now and then (optional ones, and too few).
			if (rnd() < 0.1) args.length = Math.floor(rnd() * args.length);
			stats.calls++;
			let result;
			try {
				result = np[name](...args);
			} catch (e) {
				stats.thrown++;
				const ok = e instanceof np.NarrowphaseError && CODES.has(e.code) && typeof e.message === 'string' && e.message.includes(name);
				if (!ok && failures.length < 10) failures.push(`${name}: ${e && e.constructor && e.constructor.name} ${e && e.code} ${e && e.message}`);
				if (ok) stats.codes.set(e.code, (stats.codes.get(e.code) || 0) + 1);
				continue;
			}
			stats.returned++;
			if (result !== null && typeof result === 'object' && typeof result.dispose === 'function') made.push(result);
			const nan = findNaN(result, name);
			if (nan && failures.length < 10) failures.push(`${name} returned NaN at ${nan} for ${args.map((a) => typeof a).join(', ')}`);
		}
	}
	// The objects' methods: caches, pair and ray batches (their views written with bad numbers too),
	// each also after dispose().
	const hostileIn = (view) => {
		if (view && view.length > 0 && rnd() < 0.3) view[Math.floor(rnd() * view.length)] = pick([NaN, Infinity, 1e300, -0]);
	};
	const METHODS = [
		[() => np.contactCache2d(), (c) => [
			['collide', () => c.collide(K.s2(), K.x2(), K.s2(), K.x2(), K.opt())],
			['setUserData', () => c.setUserData(K.count() - 1, pick([[1, 2], [NaN], 'x', null, new Float64Array(9)]))],
			['clear', () => c.clear()], ['points', () => c.points], ['stats', () => c.stats]]],
		[() => np.contactCache3d(), (c) => [
			['collide', () => c.collide(K.s3(), K.x3(), K.s3(), K.x3(), K.opt())],
			['update', () => c.update(pick([np.manifold(P.shapes3[2], null, P.shapes3[2], { position: [1.9, 0, 0] }),
				np.penetration(P.shapes3[0], null, P.shapes3[2], { position: [0.8, 0, 0] }), null, { pointA: [NaN, 0, 0], pointB: [0, 0, 0], normal: [0, 1, 0] },
				{ pointA: [0, 0, 0], pointB: [0, 0, 0], normal: [0, 0, 0] }, 5, {}]), K.x3(), K.x3())],
			['refresh', () => c.refresh(K.x3(), K.x3())],
			['setUserData', () => c.setUserData(K.count() - 1, pick([[1, 2], [NaN], 'x', null, new Float64Array(9)]))],
			['clear', () => c.clear()], ['points', () => c.points], ['stats', () => c.stats]]],
		[() => np.pairBatch(K.shapes2(), K.shapes2()), (b) => [
			['transformsA', () => hostileIn(b.transformsA)], ['overlap', () => b.overlap()], ['manifold', () => b.manifold(K.opt())],
			['penetration', () => b.penetration()], ['distance', () => b.distance()]]],
		[() => np.pairBatch(K.shapes3(), K.shapes3()), (b) => [
			['transformsB', () => hostileIn(b.transformsB)], ['overlap', () => b.overlap()], ['manifold', () => b.manifold(K.opt())],
			['penetration', () => b.penetration()], ['distance', () => b.distance()]]],
		[() => np.rayBatch(K.count(), K.dim()), (r) => [
			['origins', () => { if (r.origins) r.origins.set(P.f64(r.origins.length)); hostileIn(r.origins); }],
			['directions', () => { if (r.directions) r.directions.set(P.f64(r.directions.length)); hostileIn(r.directions); }],
			['cast', () => r.cast(r.dim === 3 ? K.t3() : K.t2(), r.dim === 3 ? K.x3() : K.x2(), K.opt())]]],
	];
	for (const [make, methodsOf] of METHODS) {
		for (let i = 0; i < 40; i++) {
			let obj;
			try {
				obj = make();
			} catch (e) {
				if (!(e instanceof np.NarrowphaseError && CODES.has(e.code)) && failures.length < 10) failures.push(`making: ${e && e.message}`);
				continue;
			}
			const methods = methodsOf(obj);
			for (let j = 0; j < 30; j++) {
				if (j === 25) obj.dispose(); // the last calls find it disposed (NP_DISPOSED)
				const [name, call] = pick(methods);
				stats.calls++;
				try {
					const result = call();
					stats.returned++;
					const nan = name === 'transformsA' || name === 'transformsB' || name === 'origins' || name === 'directions' ? null : findNaN(result, name);
					if (nan && failures.length < 10) failures.push(`method ${name} returned NaN at ${nan}`);
				} catch (e) {
					stats.thrown++;
					const ok = e instanceof np.NarrowphaseError && CODES.has(e.code) && typeof e.message === 'string' && e.message.length > 0;
					if (!ok && failures.length < 10) failures.push(`method ${name}: ${e && e.constructor && e.constructor.name} ${e && e.code} ${e && e.message}`);
					if (ok) stats.codes.set(e.code, (stats.codes.get(e.code) || 0) + 1);
				}
			}
			obj.dispose();
			obj.dispose(); // twice does nothing
		}
	}
	return { made, stats, failures };
}

test('hostile arguments to every public function: coded errors only, no NaN, no leak, heap intact', async () => {
	const np = await init();
	const empty = np.heapInUse();
	const P = makePools(np);
	const K = makeKinds(np, P);
	const before = probes(np, P);
	const first = hostileRun(np, K, P);
	for (const o of first.made) o.dispose();
	const warm = np.heapInUse();
	const { made, stats, failures } = hostileRun(np, K, P);
	assert.deepEqual(failures, [], 'every call returned or threw a coded NarrowphaseError naming the function');
	assert.ok(stats.returned > 3000 && stats.thrown > 3000, `both outcomes exercised (${stats.returned} returned, ${stats.thrown} threw)`);
	assert.ok(stats.codes.size >= 7, `codes seen: ${[...stats.codes.keys()].join(', ')}`);
	assert.equal(probes(np, P), before, 'closed-form probes give the same bits after the hostile calls');
	for (const o of made) o.dispose();
	assert.equal(np.heapInUse(), warm, 'the second run, its objects disposed, leaves the heap as the first did');
	for (const o of P.owned) o.dispose();
	const scratch = np.heapInUse() - empty;
	assert.ok(scratch >= 0 && scratch < 64 * 1024, `with everything disposed only the runtime's scratch buffers remain (${scratch} bytes)`);
	console.log(`# hostile: ${stats.calls} calls over ${SIGNATURES.length} signatures, ${stats.returned} returned, ${stats.thrown} threw (${[...stats.codes].map(([c, n]) => `${c} ${n}`).join(', ')}); scratch kept ${scratch} bytes`);
});
