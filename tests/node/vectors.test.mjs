// Node runner for the shared test vectors (tests/vectors/*.json; format in tests/vectors/README.md),
// through the JS API (js/narrowphase.mjs, the wasm build).
//
// The one driver of the shared vectors in Node, as tests/native/test_vectors.c is natively: it
// loads every vector file, dispatches each vector by the file's "dim" and the vector's "query" to
// its kind's handler (vectors2d.mjs, vectors3d.mjs, vectorsmesh.mjs, vectorsquery.mjs; the checks
// they share in vectorchecks.mjs), and collects the results lines. Query vectors (ray casts, point
// queries, bounds; issue 12) whose JS function does not exist yet are skipped, and the run says so
// in one line (and marks their files' tests skipped): never a silent pass. Expected values come from the generators in
// tools/ (independent of the library). Every numeric result is formatted as the exact hex bits of
// the doubles, one line per vector id, exactly as the native runner writes
// $NP_RESULTS_DIR/native-vectors.txt; when that file exists (make test runs the native tests first)
// the two must be identical line for line: the wasm build is bit-identical to the native one. The
// wasm lines are written to build/results/wasm-vectors.txt for diffing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../js/narrowphase.mjs';
import { VectorRun } from './vectorchecks.mjs';
import { runShape2, runTransform2, runPair2 } from './vectors2d.mjs';
import { runShape3, runTransform3, runPair3 } from './vectors3d.mjs';
import { runVectorMesh } from './vectorsmesh.mjs';
import { runChain2 } from './vectorschain.mjs';
import { runQuery2, runQuery3, QUERY_FUNCTIONS, missingQueryFunctions } from './vectorsquery.mjs';
import { runCast2 } from './vectorscast2d.mjs';
import { runCast3 } from './vectorscast3d.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const VECTOR_DIR = join(ROOT, 'tests', 'vectors');
const RESULTS_DIR = resolve(ROOT, process.env.NP_RESULTS_DIR || join('build', 'results'));

// ------------------------------------------------------------------------------ dispatch
const KINDS = {
	2: {
		shape: runShape2, transform: runTransform2, overlap: runPair2, distance: runPair2, penetration: runPair2, manifold: runPair2,
		rayCast: runQuery2, containsPoint: runQuery2, closestPoint: runQuery2, bounds: runQuery2,
		shapeCast: runCast2, timeOfImpact: runCast2,
		chainContacts: runChain2, chainRay: runChain2, chainClosest: runChain2, chainContains: runChain2, chainBounds: runChain2, chainCreate: runChain2, chainCast: runChain2,
	},
	3: {
		shape: runShape3, transform: runTransform3, overlap: runPair3, distance: runPair3, penetration: runPair3, manifold: runPair3,
		meshContacts: runVectorMesh,
		rayCast: runQuery3, containsPoint: runQuery3, closestPoint: runQuery3, bounds: runQuery3, queryTriangles: runQuery3,
		shapeCast: runCast3, timeOfImpact: runCast3,
	},
};

/** Runs one vector through its kind's handler; false when no handler knows it. */
function runVector(np, dim, v, run) {
	const handler = KINDS[dim] && Object.hasOwn(KINDS[dim], v.query) ? KINDS[dim][v.query] : null;
	return handler ? handler(np, v, run) : false;
}

// ------------------------------------------------------------------------------ the tests
const files = readdirSync(VECTOR_DIR).filter((f) => f.endsWith('.json')).sort();
const docs = files.map((f) => ({ name: f, doc: JSON.parse(readFileSync(join(VECTOR_DIR, f), 'utf8')) }));
const expectedTotal = docs.reduce((s, d) => s + d.doc.vectors.length, 0);
const lines = [];
let ran = 0;

const np = await init();

// Query vectors need their JS function (issue 12's API); until it exists they are skipped, loudly.
const missing = missingQueryFunctions(np);
const isSkipped = (v) => Object.hasOwn(QUERY_FUNCTIONS, v.query) && missing.includes(QUERY_FUNCTIONS[v.query]);
const skippedIds = new Set(docs.flatMap(({ doc }) => doc.vectors.filter(isSkipped).map((v) => v.id)));
if (skippedIds.size) {
	console.log(`query vectors: ${skippedIds.size} SKIPPED, the JS API is missing np.${missing.join(', np.')} (issue 12)`);
}

for (const { name, doc } of docs) {
	test(`vectors ${name}`, (t) => {
		const failures = [];
		let count = 0, skipped = 0;
		for (const v of doc.vectors) {
			if (skippedIds.has(v.id)) {
				skipped++;
				continue;
			}
			const run = new VectorRun(name, v);
			let known;
			try {
				known = runVector(np, doc.dim, v, run);
			} catch (err) {
				run.fail(`threw ${err && err.stack ? err.stack.split('\n').slice(0, 3).join(' | ') : err}`);
				known = true;
			}
			if (!known) run.fail(`unsupported vector (dim ${doc.dim})`);
			lines.push(run.line());
			count++;
			failures.push(...run.failures);
		}
		ran += count;
		console.log(`${name}: ${count} vectors run${skipped ? `, ${skipped} skipped` : ''}, ${new Set(failures.map((f) => f.split(':')[0])).size} failed`);
		assert.equal(count + skipped, doc.count, `${name}: ran ${count} vectors (${skipped} skipped), the file declares ${doc.count}`);
		assert.equal(failures.length, 0, `${failures.length} failed checks:\n${failures.slice(0, 40).join('\n')}`);
		if (skipped) t.skip(`${skipped} query vectors not run: the JS API is missing np.${missing.join(', np.')}`);
	});
}

// The checks can fail: the same runner, given deliberately wrong expectations, must reject them.
test('self-check: wrong expectations are rejected', () => {
	const docOf = (file) => docs.find((d) => d.name === file).doc;
	const mutations = [
		['2d_penetration.json', (v) => v.expect.depth > 0 && !v.expect.touching, (e, v) => { e.depth += 10 * v.tol; }],
		['2d_penetration.json', (v) => v.expect.normal && !v.expect.touching, (e) => { e.normal = [-e.normal[0], -e.normal[1]]; }],
		['2d_distance.json', (v) => v.expect.distance > 0 && !v.expect.touching, (e, v) => { e.distance += 10 * v.tol; }],
		['2d_overlap.json', (v) => v.expect.overlap !== undefined, (e) => { e.overlap = !e.overlap; }],
		['2d_manifold.json', (v) => v.expect.count === 2, (e) => { e.count = 1; }],
		['2d_manifold.json', (v) => v.expect.minCount === 1, (e) => { e.maxNormalOverlap = e.best - 1e-3; }],
		['2d_shapes.json', (v) => v.expect.vertices, (e, v) => { e.vertices = e.vertices.map(([x, y]) => [x + 10 * v.tol, y]); }],
		['2d_errors.json', (v) => v.expect.error === 'NP_ERR_NON_FINITE', (e) => { e.error = 'NP_ERR_DEGENERATE'; }],
		['3d_penetration.json', (v) => v.expect.depth > 0 && !v.expect.touching, (e, v) => { e.depth += 10 * v.tol; }],
		['3d_distance.json', (v) => v.expect.distance > 0, (e, v) => { e.distance += 10 * v.tol; }],
		['3d_manifold.json', (v) => v.expect.minCount === 1, (e) => { e.maxNormalOverlap = e.best - 1e-3; }],
		['3d_shapes.json', (v) => v.expect.faceCount !== undefined, (e) => { e.faceCount += 1; }],
		['3d_errors.json', (v) => v.expect.error === 'NP_ERR_NON_FINITE', (e) => { e.error = 'NP_ERR_DEGENERATE'; }],
		['3d_mesh.json', (v) => v.expect.count > 0, (e) => { e.contacts[0].depth += 1e-3; }],
		['2d_query.json', (v) => v.expect.hit, (e, v) => { e.fraction += 10 * v.fractionTol; }],
		['2d_query.json', (v) => v.query === 'containsPoint' && !v.expect.error, (e) => { e.inside = !e.inside; }],
		['3d_query.json', (v) => v.expect.normal && v.expect.fraction > 0, (e) => { e.normal = e.normal.map((x) => -x); }],
		['3d_query.json', (v) => v.query === 'closestPoint' && !v.expect.error, (e, v) => { e.distance += 10 * v.tol + 1e-9; }],
		['3d_meshquery.json', (v) => v.expect.candidates && v.query === 'rayCast', (e) => { e.candidates = e.candidates.map((c) => ({ ...c, triangle: c.triangle + 100 })); }],
		['3d_meshquery.json', (v) => v.query === 'queryTriangles', (e) => { e.triangles = e.triangles.length ? e.triangles.slice(1) : [0]; }],
		['2d_cast.json', (v) => v.query === 'shapeCast' && v.expect.hit && v.expect.fraction > 0.05, (e, v) => { e.fraction -= 10 * v.fractionTol + 1e-9; }],
		['2d_cast.json', (v) => v.query === 'shapeCast' && v.expect.hit, (e) => { e.hit = false; }],
		['2d_cast.json', (v) => v.query === 'shapeCast' && v.expect.normal && !v.expect.initialOverlap, (e) => { e.normal = e.normal.map((x) => -x); }],
		['2d_cast.json', (v) => v.query === 'timeOfImpact' && v.expect.state === 'hit', (e) => { e.fraction += 1e-3; }],
		['2d_cast.json', (v) => v.query === 'timeOfImpact' && v.expect.state === 'separated', (e) => { e.state = 'hit'; }],
		['2d_cast.json', (v) => v.query === 'shapeCast' && v.expect.initialOverlap && v.expect.separation !== undefined, (e) => { e.separation += 1e-3; }],
		['2d_cast.json', (v) => v.query === 'timeOfImpact' && v.expect.separation !== undefined, (e) => { e.separation += 1e-3; }],
		['2d_cast.json', (v) => v.query === 'timeOfImpact' && v.expect.state === 'hit', (e, v) => { v.localA.radius += 1e-3; }],
		['2d_cast.json', (v) => v.query === 'timeOfImpact' && v.expect.state === 'overlapped', (e, v) => { v.localB.radius += 1e-3; }],
		['2d_chain.json', (v) => v.expect.maxDepth !== undefined && v.expect.minCount, (e) => { e.maxDepth += 1e-6; }],
		['2d_chain.json', (v) => v.expect.minGhosts, (e) => { e.ghosts = 0; }],
		['2d_chain.json', (v) => v.query === 'chainRay' && v.expect.hit, (e) => { e.normal = e.normal.map((x) => -x); }],
		['2d_chain.json', (v) => v.query === 'chainClosest', (e, v) => { e.distance += 10 * v.tol; }],
		['3d_cast.json', (v) => v.expect.hit && v.expect.fraction > 0, (e, v) => { e.fraction -= 10 * v.lateTol + 1e-9; }],
		['3d_cast.json', (v) => v.expect.hit && v.expect.fraction > 0, (e, v) => { e.fraction += 2 * v.fractionTol + 1e-9; }],
		['3d_cast.json', (v) => v.expect.normal, (e) => { e.normal = e.normal.map((x) => -x); }],
		['3d_cast.json', (v) => v.query === 'shapeCast', (e) => { e.hit = !e.hit; e.fraction = 0; }],
		['3d_cast.json', (v) => v.expect.state === 'hit', (e) => { e.tMinus = e.tPlus - 1e-3; }],
		['3d_cast.json', (v) => v.localB, (e, v) => { v.localB.radius += 1e-9 * v.scale; }],
		['3d_cast.json', (v) => v.expect.separation !== undefined, (e, v) => { e.separation += 1e-6 * v.scale; }],
		['3d_cast.json', (v) => v.ref && !v.meshes && v.expect.hit && !v.expect.initialOverlap, (e, v) => { v.ref.b.radius += 1e-6 * v.scale; }],
		// The edge-case sets (tools/edge_query.mjs, the capped and duplicated-triangle casts and contacts).
		['3d_meshquery.json', (v) => v.id.includes('-grazing-') && v.expect.hit, (e) => { e.fraction = e.fraction > 0.4 ? 0.25 : 0.5; }],
		['3d_meshquery.json', (v) => v.id.includes('-grazing-') && !v.expect.hit, (e) => { e.hit = true; e.fraction = 0.25; }],
		['3d_meshquery.json', (v) => v.id.includes('-ray-dup-') && v.expect.hit, (e) => { e.candidates = e.candidates.map((c) => ({ ...c, normal: c.normal.map((x) => -x) })); }],
		['2d_query.json', (v) => v.id.includes('-tiny-closest-'), (e, v) => { e.distance += 10 * v.tol; }],
		['3d_query.json', (v) => v.id.includes('-tiny-ray-') && v.expect.normal, (e) => { e.normal = e.normal.map((x) => -x); }],
		['3d_query.json', (v) => v.id.includes('-tiny-contains-'), (e) => { e.inside = !e.inside; }],
		['3d_mesh.json', (v) => v.id.startsWith('3d-mesh-dup-'), (e) => { e.count += 1; }],
		['3d_cast.json', (v) => v.capped && v.expect.hit, (e) => { e.fraction = 0; }],
		['3d_cast.json', (v) => v.id.startsWith('3d-cast-mesh-dup-') && v.expect.hit, (e) => { e.triangles = [[0, 9]]; }],
	];
	for (const [file, pred, mutate] of mutations) {
		const doc = docOf(file);
		const vectors = doc.vectors.filter((v) => pred(v) && !skippedIds.has(v.id)).slice(0, 25);
		if (vectors.length === 0 && doc.vectors.some((v) => pred(v) && skippedIds.has(v.id))) continue;
		assert.ok(vectors.length > 0, `no vectors to mutate in ${file}`);
		for (const original of vectors) {
			const v = structuredClone(original);
			mutate(v.expect, v);
			const run = new VectorRun(file, v);
			runVector(np, doc.dim, v, run);
			assert.ok(run.failures.length > 0, `${v.id}: a wrong expectation (${mutate}) passed`);
		}
	}
});

// The pair vectors again, through np.pairBatch (the batch walkers of batch2d.c/batch3d.c with the
// transforms and results in wasm memory): the same handlers and checks against the generators'
// expectations, run with an API object whose overlap / distance / manifold answer through a
// one-pair batch; each result line must equal the single call's (and so the native runner's).
// Penetration vectors stay with the single call: its result carries fields (stop, local points,
// tangents) that the batch form does not; pairbatch.test.mjs checks its batch fields bit for bit.
function viaPairBatch(np, dim) {
	const tr = (xf) => {
		const p = (xf && xf.position) || [0, 0, 0];
		if (dim === 2) return [p[0], p[1], (xf && xf.angle) || 0];
		return [p[0], p[1], p[2], ...((xf && xf.rotation) || [0, 0, 0, 1])];
	};
	const vec = (a, i) => Array.from(a.subarray(i * dim, (i + 1) * dim));
	const run = (a, ta, b, tb, query) => {
		const batch = np.pairBatch([a], [b]);
		try {
			batch.transformsA.set(tr(ta));
			batch.transformsB.set(tr(tb));
			return query(batch);
		} finally {
			batch.dispose();
		}
	};
	const api = Object.create(np);
	api.overlap = (a, ta, b, tb) => run(a, ta, b, tb, (q) => q.overlap()[0] === 1);
	api.distance = (a, ta, b, tb) => run(a, ta, b, tb, (q) => {
		const r = q.distance();
		return { distance: r.distance[0], pointA: vec(r.pointA, 0), pointB: vec(r.pointB, 0), normal: vec(r.normal, 0), iterations: r.iterations[0] };
	});
	api.manifold = (a, ta, b, tb, options) => run(a, ta, b, tb, (q) => {
		const r = q.manifold(options);
		const points = [];
		for (let i = 0; i < r.pointCount[0]; i++) {
			points.push({ pointA: vec(r.pointA, i), pointB: vec(r.pointB, i), depth: r.depth[i], id: r.id[i] });
		}
		return { normal: vec(r.normal, 0), points };
	});
	return api;
}

test('pair vectors through np.pairBatch: the same checks, the same result bits', () => {
	const single = new Map(lines.map((l) => [l.split(' ')[0], l]));
	let count = 0;
	for (const { name, doc } of docs) {
		if (!/^[23]d_(overlap|distance|manifold)\.json$/.test(name)) continue;
		const api = viaPairBatch(np, doc.dim);
		for (const v of doc.vectors) {
			const run = new VectorRun(name, v);
			assert.ok(runVector(api, doc.dim, v, run), `${v.id}: no handler`);
			assert.deepEqual(run.failures, [], `${v.id} through pairBatch`);
			assert.equal(run.line(), single.get(v.id), `${v.id}: pairBatch's bits differ from the single call's`);
			count++;
		}
	}
	console.log(`pairBatch: ${count} pair vectors checked`);
	assert.ok(count > 1000, `only ${count} pair vectors went through pairBatch`);
});

// The ray vectors again, through np.rayBatch (rays and records in wasm memory, no copies): the
// same handlers and checks, with an API object whose rayCast also casts the ray as a one-ray batch
// and compares its record [fraction, point, normal, index] with the single call's fields bit for
// bit (a miss: fraction -1; an error: the same code). The single call's answers are checked against
// the generators' expectations and the native runner's lines, so every record is too. The record
// carries no frontFace (as rayCastMany's), so that field stays with the single call.
function viaRayBatch(np, dim, mismatches) {
	const api = Object.create(np);
	api.rayCast = (target, transform, origin, direction, options) => {
		let single, singleError;
		try {
			single = np.rayCast(target, transform, origin, direction, options);
		} catch (err) {
			singleError = err;
		}
		const batch = np.rayBatch(1, dim);
		try {
			batch.origins.set(origin);
			batch.directions.set(direction);
			let hits;
			try {
				hits = batch.cast(target, transform, options);
			} catch (err) {
				if (!singleError || err.code !== singleError.code) mismatches.push(`batch threw ${err.code}, single ${singleError ? singleError.code : 'did not'}`);
				throw err;
			}
			if (singleError) {
				mismatches.push(`single threw ${singleError.code}, the batch did not`);
				throw singleError;
			}
			const record = Array.from(batch.out);
			const want = single === null ? [-1] : [single.fraction, ...single.point, ...single.normal,
				single.triangle ?? single.segment ?? -1];
			const got = single === null ? [record[0]] : record;
			if (hits !== (single === null ? 0 : 1) || !want.every((x, i) => Object.is(x, got[i]))) {
				mismatches.push(`record ${JSON.stringify(got)}, single call ${JSON.stringify(want)}`);
			}
			return single;
		} finally {
			batch.dispose();
		}
	};
	return api;
}

test('ray vectors through np.rayBatch: every record equals the single call\'s fields', () => {
	let count = 0;
	for (const { name, doc } of docs) {
		if (!/^(2d_query|3d_query|3d_meshquery|2d_chain)\.json$/.test(name)) continue;
		for (const v of doc.vectors) {
			if (v.query !== 'rayCast' && v.query !== 'chainRay') continue;
			const mismatches = [];
			const run = new VectorRun(name, v);
			assert.ok(runVector(viaRayBatch(np, doc.dim, mismatches), doc.dim, v, run), `${v.id}: no handler`);
			assert.deepEqual(run.failures, [], `${v.id} through rayBatch`);
			assert.deepEqual(mismatches, [], `${v.id}: rayBatch's record differs from the single call`);
			count++;
		}
	}
	console.log(`rayBatch: ${count} ray vectors checked`);
	assert.ok(count > 200, `only ${count} ray vectors went through rayBatch`);
});

// The query vectors again, through options.out: an API object whose rayCast, closestPoint, bounds,
// shapeCast and timeOfImpact make the single call, then the same call refilling one result kept
// per query and dimension (the result of an earlier vector, so of another target kind now and
// then: a mesh hit refilled by a convex shape's must lose its mesh and triangle). The refilled
// object must be the one given and equal the new result in every field, bit for bit; a miss must
// give null and an error the same code. The new results go on to the usual checks.
function viaOut(np, dim, kept, mismatches) {
	const api = Object.create(np);
	const wrap = (name, optionsAt) => (...args) => {
		let fresh, freshError;
		try {
			fresh = np[name](...args);
		} catch (err) {
			freshError = err;
		}
		const key = `${name} ${dim}`;
		const out = kept.get(key);
		if (out !== undefined) {
			const options = { ...(args[optionsAt] ?? {}), out };
			const withOut = args.slice();
			while (withOut.length < optionsAt) withOut.push(undefined);
			withOut[optionsAt] = options;
			let got, gotError;
			try {
				got = np[name](...withOut);
			} catch (err) {
				gotError = err;
			}
			if (freshError || gotError) {
				if (!freshError || !gotError || freshError.code !== gotError.code) {
					mismatches.push(`${name}: new call ${freshError ? `threw ${freshError.code}` : 'did not throw'}, with out ${gotError ? `threw ${gotError.code}` : 'did not throw'}`);
				}
			} else if (fresh === null) {
				if (got !== null) mismatches.push(`${name}: a miss with out gave ${JSON.stringify(got)}`);
			} else if (got !== out) {
				mismatches.push(`${name}: with out returned another object`);
			} else if (!sameBits(got, fresh)) {
				mismatches.push(`${name}: refilled ${JSON.stringify(got)}, new ${JSON.stringify(fresh)}`);
			}
		}
		if (freshError) throw freshError;
		if (fresh !== null && out === undefined) kept.set(key, structuredClone(fresh));
		return fresh;
	};
	api.rayCast = wrap('rayCast', 4);
	api.closestPoint = wrap('closestPoint', 3);
	api.bounds = wrap('bounds', 2);
	api.shapeCast = wrap('shapeCast', 5);
	api.timeOfImpact = wrap('timeOfImpact', 4);
	return api;
}

// Same keys, and every value the same (numbers by Object.is, so -0 and NaN count).
function sameBits(a, b) {
	if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return Object.is(a, b);
	const keys = Object.keys(a);
	if (keys.length !== Object.keys(b).length || Array.isArray(a) !== Array.isArray(b)) return false;
	return keys.every((k) => Object.hasOwn(b, k) && sameBits(a[k], b[k]));
}

test('query vectors through options.out: every refilled result equals the new one', () => {
	let count = 0;
	const kept = new Map();
	for (const { name, doc } of docs) {
		if (!/^(2d_query|3d_query|3d_meshquery|2d_chain|2d_cast|3d_cast)\.json$/.test(name)) continue;
		for (const v of doc.vectors) {
			const mismatches = [];
			const run = new VectorRun(name, v);
			if (!runVector(viaOut(np, doc.dim, kept, mismatches), doc.dim, v, run)) continue;
			assert.deepEqual(run.failures, [], `${v.id} through options.out`);
			assert.deepEqual(mismatches, [], `${v.id}: the refilled result differs from the new one`);
			count++;
		}
	}
	console.log(`options.out: ${count} query and cast vectors checked, ${kept.size} kept results`);
	assert.ok(count > 1000, `only ${count} vectors went through options.out`);
	assert.equal(kept.size, 10, `kept results: ${[...kept.keys()].join(', ')}`);
});

test('every vector ran', () => {
	console.log(`vectors: ${ran} run${skippedIds.size ? `, ${skippedIds.size} query vectors skipped (JS API missing)` : ''}`);
	assert.ok(expectedTotal > 0, 'no vectors found');
	assert.equal(ran + skippedIds.size, expectedTotal, `ran ${ran} vectors (${skippedIds.size} skipped), the files hold ${expectedTotal}`);
});

test('wasm results are bit-identical to the native ones', (t) => {
	mkdirSync(RESULTS_DIR, { recursive: true });
	writeFileSync(join(RESULTS_DIR, 'wasm-vectors.txt'), lines.join('\n') + '\n');
	const nativePath = join(RESULTS_DIR, 'native-vectors.txt');
	if (!existsSync(nativePath)) {
		t.skip(`${nativePath} is missing: run the native tests first (make test-native)`);
		return;
	}
	// Vectors skipped here (query functions the JS API lacks) are left out of the native side too.
	const native = readFileSync(nativePath, 'utf8').split('\n').filter((l) => l.length && !skippedIds.has(l.split(' ')[0]));
	// Both runners process the files in the same (sorted) order; compare by id to report clearly.
	const byId = new Map(native.map((l) => [l.split(' ')[0], l]));
	const diffs = [];
	for (const l of lines) {
		const id = l.split(' ')[0];
		const n = byId.get(id);
		if (n !== l) diffs.push(`${id}\n  native: ${n ?? '(missing)'}\n  wasm:   ${l}`);
	}
	assert.equal(native.length, lines.length, `native file has ${native.length} lines, wasm run ${lines.length}`);
	assert.equal(diffs.length, 0, `${diffs.length} vectors differ (if src/ changed since the native run, ` +
		`rerun make test-native: ${nativePath} may be stale):\n${diffs.slice(0, 10).join('\n')}`);
	console.log(`bit-identical: ${lines.length} result lines match ${nativePath}`);
});

// The per-dimension modules (init({ dimensions: 2 | 3 }): narrowphase2d.wasm, narrowphase3d.wasm,
// the same objects linked with one dimension's exports): every vector of a dimension again through
// that module, with the same checks, and each result line must equal the full module's (which the
// test above compares with the native runner's).
test('each dimension\'s module gives the full module\'s result bits', async () => {
	const full = new Map(lines.map((l) => [l.split(' ')[0], l]));
	for (const dim of [2, 3]) {
		const npd = await init({ dimensions: dim });
		assert.deepEqual(npd.dimensions, [dim]);
		// Twice: the first pass makes the buffers kept for later calls (rayCastMany's, the triangle
		// list's), the second must leave the heap as it found it.
		const heap = [];
		for (const pass of [1, 2]) {
			let count = 0;
			const diffs = [];
			for (const { name, doc } of docs) {
				if (doc.dim !== dim) continue;
				for (const v of doc.vectors) {
					if (skippedIds.has(v.id)) continue;
					const run = new VectorRun(name, v);
					try {
						assert.ok(runVector(npd, dim, v, run), `${v.id}: no handler`);
					} catch (err) {
						run.fail(`threw ${err && err.stack ? err.stack.split('\n').slice(0, 3).join(' | ') : err}`);
					}
					assert.deepEqual(run.failures, [], `${v.id} through narrowphase${dim}d.wasm`);
					if (run.line() !== full.get(v.id)) diffs.push(`${v.id}\n  full: ${full.get(v.id)}\n  ${dim}d:   ${run.line()}`);
					count++;
				}
			}
			assert.equal(diffs.length, 0, `${diffs.length} vectors differ in narrowphase${dim}d.wasm:\n${diffs.slice(0, 10).join('\n')}`);
			assert.ok(count > 500, `only ${count} ${dim}D vectors ran`);
			heap.push(npd.heapInUse());
			if (pass === 1) console.log(`narrowphase${dim}d.wasm: ${count} ${dim}D vectors, every result line equal to narrowphase.wasm's`);
		}
		assert.equal(heap[1], heap[0], `narrowphase${dim}d.wasm: the heap grew over a second pass of the vectors`);
	}
});
