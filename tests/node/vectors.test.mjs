// Node runner for the shared test vectors (tests/vectors/*.json; format in tests/vectors/README.md),
// through the JS API (js/narrowphase.mjs, the wasm build).
//
// The checks mirror tests/native/test_vectors.c: expected values come from tools/gen_vectors2d.mjs
// (independent of the library); witness points and normals are checked against the stored
// world-space cores. Every numeric result is also formatted as the exact hex bits of the doubles,
// one line per vector id, exactly as the native runner writes $NP_RESULTS_DIR/native-vectors.txt;
// when that file exists (make test runs the native tests first) the two must be identical line
// for line: the wasm build is bit-identical to the native one. The wasm lines are written to
// build/results/wasm-vectors.txt for diffing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../js/narrowphase.mjs';
import { runVector3 } from './vectors3d.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const VECTOR_DIR = join(ROOT, 'tests', 'vectors');
const RESULTS_DIR = resolve(ROOT, process.env.NP_RESULTS_DIR || join('build', 'results'));

// ------------------------------------------------------------------------------ formatting
const scratch = new DataView(new ArrayBuffer(8));
/** The 16 hex digits of a double's IEEE-754 bits (same text as the C runner's npVecHex). */
export function hex(x) {
	scratch.setFloat64(0, x);
	return scratch.getBigUint64(0).toString(16).padStart(16, '0');
}
const hexPoint = (p) => `${hex(p[0])},${hex(p[1])}`;

/** A number from the vectors: JSON numbers, or the strings "NaN", "Infinity", "-Infinity". */
export function num(v) {
	if (typeof v === 'number') return v;
	if (v === 'NaN') return NaN;
	if (v === 'Infinity') return Infinity;
	if (v === '-Infinity') return -Infinity;
	return NaN;
}
const numPoint = (p) => [num(p[0]), num(p[1])];

/** State of one vector's run: failures and the results line. */
export class VectorRun {
	constructor(file, v) {
		this.file = file;
		this.id = v.id;
		this.tol = v.tol ?? 1e-9;
		this.failures = [];
		this.parts = [v.id];
	}
	fail(msg) {
		this.failures.push(`${this.file} ${this.id}: ${msg}`);
	}
	near(what, got, want, tol) {
		if (Math.abs(got - want) <= tol) return true;
		this.fail(`${what}: got ${got}, want ${want} (diff ${Math.abs(got - want)} > tol ${tol})`);
		return false;
	}
	put(key, value) {
		this.parts.push(`${key}=${value}`);
	}
	line() {
		return this.parts.join(' ');
	}
}

// ------------------------------------------------------------------------------ geometry checks
const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];
const len = (a) => Math.sqrt(a[0] * a[0] + a[1] * a[1]);

function pointSegmentDistance(p, a, b) {
	const ab = sub(b, a), ap = sub(p, a);
	const l2 = dot(ab, ab);
	let t = l2 > 0 ? dot(ap, ab) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return len([ap[0] - t * ab[0], ap[1] - t * ab[1]]);
}

function signedDistance(s, p) {
	const v = s.verts, n = v.length;
	if (n <= 2) return pointSegmentDistance(p, v[0], v[n - 1]) - s.radius;
	let inside = -Infinity, outside = Infinity;
	for (let i = 0; i < n; i++) {
		const a = v[i], b = v[(i + 1) % n];
		const e = sub(b, a), l = len(e);
		const h = dot([e[1] / l, -e[0] / l], sub(p, a));
		if (h > inside) inside = h;
		const d = pointSegmentDistance(p, a, b);
		if (d < outside) outside = d;
	}
	return (inside <= 0 ? inside : outside) - s.radius;
}

function supportValue(s, n) {
	let m = -Infinity;
	for (const v of s.verts) if (dot(v, n) > m) m = dot(v, n);
	return m + s.radius;
}
const overlapAlong = (a, b, n) => supportValue(a, n) + supportValue(b, [-n[0], -n[1]]);

// ------------------------------------------------------------------------------ 2D dispatch
function codeText(code) {
	return code.replace(/^NP_ERR_/, '').replace(/^NP_/, '');
}

function makeShape(np, spec) {
	switch (spec.type) {
		case 'circle': return np.circle(num(spec.radius));
		case 'capsule': return np.capsule2d(num(spec.halfLength), num(spec.radius));
		case 'box': return np.box2d(num(spec.halfWidth), num(spec.halfHeight));
		case 'polygon': return np.polygon2d(spec.points.map(numPoint), { radius: num(spec.radius) });
	}
	throw new Error('unknown shape type ' + spec.type);
}

function readTransform(xf) {
	if (!xf) return undefined;
	const out = {};
	if (xf.position) out.position = xf.position.map(num);
	if (xf.angle !== undefined) out.angle = num(xf.angle);
	return out;
}

// Runs fn and returns the error code it throws ('OK' when it does not throw).
function thrownCode(fn) {
	try {
		const r = fn();
		if (r && typeof r.dispose === 'function') r.dispose();
		return 'OK';
	} catch (e) {
		if (typeof e.code !== 'string') throw e;
		return codeText(e.code);
	}
}

function checkError(run, expect, code) {
	const want = codeText(expect.error ?? 'NP_OK');
	if (code !== want) run.fail(`error code: got ${code}, want ${want}`);
	run.put('error', code);
}

function runShape(np, v, run) {
	const e = v.expect;
	let shape;
	try {
		shape = makeShape(np, v.a);
	} catch (err) {
		if (typeof err.code !== 'string') throw err;
		checkError(run, e, codeText(err.code));
		return;
	}
	try {
		if (e.error) {
			checkError(run, e, 'OK');
			return;
		}
		const verts = shape.vertices;
		run.put('count', verts.length);
		run.put('radius', hex(shape.radius));
		for (const p of verts) run.put('v', hexPoint(p));
		if (verts.length !== e.count) {
			run.fail(`vertex count: got ${verts.length}, want ${e.count}`);
			return;
		}
		run.near('radius', shape.radius, e.radius, 0);
		const start = verts.findIndex((p) => len(sub(p, e.vertices[0])) <= run.tol);
		if (start < 0) {
			run.fail(`expected vertex (${e.vertices[0]}) missing`);
			return;
		}
		for (let k = 0; k < e.count; k++) {
			const g = verts[(start + k) % verts.length];
			if (len(sub(g, e.vertices[k])) > run.tol) {
				run.fail(`vertex ${k}: got (${g}), want (${e.vertices[k]})`);
				return;
			}
		}
	} finally {
		shape.dispose();
	}
}

function runTransform(np, v, run) {
	// The C API's rotation {c, s} has no JS form: those vectors give a malformed JS transform.
	const xf = v.jsTransform ? readTransform(v.jsTransform) : readTransform(v.xfA);
	const a = makeShape(np, v.a), b = makeShape(np, v.b);
	try {
		const codes = [
			thrownCode(() => np.overlap(a, xf, b, undefined)),
			thrownCode(() => np.distance(a, xf, b, undefined)),
			thrownCode(() => np.penetration(a, xf, b, undefined)),
			thrownCode(() => np.manifold(a, xf, b, undefined)),
			thrownCode(() => np.manifold(b, undefined, a, xf)),
		];
		checkError(run, v.expect, codes[0]);
		for (const c of codes.slice(1)) if (c !== codes[0]) run.fail(`queries disagree on the error: ${codes.join(', ')}`);
	} finally {
		a.dispose();
		b.dispose();
	}
}

function checkOnSurface(run, what, s, p, tol) {
	const d = signedDistance(s, p);
	if (!(Math.abs(d) <= tol)) run.fail(`${what} (${p}) is ${d} from the surface (tol ${tol})`);
}

function checkUnit(run, what, n) {
	if (!(Math.abs(len(n) - 1) <= 1e-9)) run.fail(`${what} (${n}) is not unit length`);
}

function runPair(np, v, run) {
	const e = v.expect;
	const tol = run.tol;
	const refA = { verts: v.ref.coreA, radius: v.ref.radiusA };
	const refB = { verts: v.ref.coreB, radius: v.ref.radiusB };
	const a = makeShape(np, v.a), b = makeShape(np, v.b);
	const xfA = readTransform(v.xfA), xfB = readTransform(v.xfB);
	try {
		if (v.query === 'overlap') {
			const got = np.overlap(a, xfA, b, xfB);
			run.put('overlap', got ? 1 : 0);
			if (!e.touching && got !== e.overlap) run.fail(`overlap: got ${got}, want ${e.overlap}`);
		} else if (v.query === 'distance') {
			const r = np.distance(a, xfA, b, xfB);
			run.put('distance', hex(r.distance));
			run.put('pointA', hexPoint(r.pointA));
			run.put('pointB', hexPoint(r.pointB));
			run.put('normal', hexPoint(r.normal));
			if (!run.near('distance', r.distance, e.distance, tol)) return;
			if (r.distance > 0) {
				checkOnSurface(run, 'pointA on A', refA, r.pointA, tol);
				checkOnSurface(run, 'pointB on B', refB, r.pointB, tol);
				const d = sub(r.pointB, r.pointA);
				run.near('|pointB - pointA|', len(d), r.distance, tol);
				checkUnit(run, 'normal', r.normal);
				run.near('normal . (pointB - pointA)', dot(r.normal, d), r.distance, tol);
				if (e.pointA) {
					run.near('pointA error', len(sub(r.pointA, e.pointA)), 0, tol);
					run.near('pointB error', len(sub(r.pointB, e.pointB)), 0, tol);
				}
			} else {
				if (r.pointA[0] !== r.pointB[0] || r.pointA[1] !== r.pointB[1]) run.fail('overlapping: pointA != pointB');
				if (r.normal[0] !== 0 || r.normal[1] !== 0) run.fail('overlapping: normal is not [0, 0]');
				if (signedDistance(refA, r.pointA) > tol || signedDistance(refB, r.pointA) > tol) {
					run.fail(`overlapping: the point (${r.pointA}) is not inside both shapes`);
				}
			}
		} else if (v.query === 'penetration') {
			const r = np.penetration(a, xfA, b, xfB);
			if (r === null) {
				run.put('result', 'null');
				if (!e.touching && e.overlap) run.fail(`penetration: got null, want depth ${e.depth}`);
				return;
			}
			run.put('depth', hex(r.depth));
			run.put('normal', hexPoint(r.normal));
			run.put('pointA', hexPoint(r.pointA));
			run.put('pointB', hexPoint(r.pointB));
			run.put('iterations', r.iterations);
			run.put('stop', r.stop);
			if (!e.touching && !e.overlap) {
				run.fail(`penetration: got depth ${r.depth}, want null`);
				return;
			}
			run.near('depth', r.depth, e.touching ? 0 : e.depth, tol);
			checkUnit(run, 'normal', r.normal);
			if (e.normal) run.near('normal error', len(sub(r.normal, e.normal)), 0, Math.max(1e-6, tol));
			run.near('overlap along the normal', overlapAlong(refA, refB, r.normal), r.depth, tol);
			checkOnSurface(run, 'pointA on A', refA, r.pointA, tol);
			checkOnSurface(run, 'pointB on B', refB, r.pointB, tol);
			run.near('dot(pointA - pointB, normal)', dot(sub(r.pointA, r.pointB), r.normal), r.depth, tol);
		} else {
			const margin = v.margin ?? 0;
			const m = np.manifold(a, xfA, b, xfB, { margin });
			const pts = m.points;
			run.put('count', pts.length);
			if (pts.length > 0) run.put('normal', hexPoint(m.normal));
			for (const p of pts) {
				run.put('pointA', hexPoint(p.pointA));
				run.put('pointB', hexPoint(p.pointB));
				run.put('depth', hex(p.depth));
				run.put('id', p.id);
			}
			if (pts.length > 2) {
				run.fail(`point count ${pts.length} out of range`);
				return;
			}
			if (e.count !== undefined && pts.length !== e.count) run.fail(`point count: got ${pts.length}, want ${e.count}`);
			if (e.minCount !== undefined && pts.length < e.minCount) run.fail(`point count: got ${pts.length}, want at least ${e.minCount}`);
			if (pts.length === 0) return;
			checkUnit(run, 'normal', m.normal);
			const along = overlapAlong(refA, refB, m.normal);
			if (!(along >= e.best - tol)) run.fail(`overlap along the normal ${along} below the minimum ${e.best}`);
			if (!(along <= e.maxNormalOverlap + tol)) {
				run.fail(`normal: overlap along it ${along} exceeds the best axis's ${e.maxNormalOverlap} plus the face preference`);
			}
			let deepest = -Infinity;
			pts.forEach((p, i) => {
				deepest = Math.max(deepest, p.depth);
				checkOnSurface(run, 'pointA on A', refA, p.pointA, tol);
				checkOnSurface(run, 'pointB on B', refB, p.pointB, tol);
				run.near('depth identity', dot(sub(p.pointA, p.pointB), m.normal), p.depth, tol);
				if (!(p.depth <= along + tol)) run.fail(`point ${i} depth ${p.depth} deeper than the overlap along the normal ${along}`);
				if (!(p.depth >= -margin - tol)) run.fail(`point ${i} depth ${p.depth} beyond the margin ${margin}`);
				if (p.depth > 0 && e.shallow) {
					// Shallow contact: the incident feature's witness is inside the other shape (see
					// test_vectors.c for why only one of the two, and only when shallow).
					const outB = signedDistance(refB, p.pointA), outA = signedDistance(refA, p.pointB);
					if (outB > tol && outA > tol) {
						run.fail(`point ${i}: neither witness inside the other shape (pointA outside B by ${outB}, pointB outside A by ${outA})`);
					}
				}
			});
			if (pts.length === 2 && pts[0].id === pts[1].id) run.fail(`both points have id ${pts[0].id}`);
			if (Math.abs(along - e.best) <= tol) run.near('deepest depth vs overlap along the normal', deepest, along, tol);
		}
	} finally {
		a.dispose();
		b.dispose();
	}
}

function runVector2(np, v, run) {
	if (v.query === 'shape') runShape(np, v, run);
	else if (v.query === 'transform') runTransform(np, v, run);
	else if (['overlap', 'distance', 'penetration', 'manifold'].includes(v.query)) runPair(np, v, run);
	else return false;
	return true;
}

// ------------------------------------------------------------------------------ the tests
const files = readdirSync(VECTOR_DIR).filter((f) => f.endsWith('.json')).sort();
const docs = files.map((f) => ({ name: f, doc: JSON.parse(readFileSync(join(VECTOR_DIR, f), 'utf8')) }));
const expectedTotal = docs.reduce((s, d) => s + d.doc.vectors.length, 0);
const lines = [];
let ran = 0;

const np = await init();

for (const { name, doc } of docs) {
	test(`vectors ${name}`, () => {
		const failures = [];
		let count = 0;
		for (const v of doc.vectors) {
			const run = new VectorRun(name, v);
			let known;
			try {
				known = doc.dim === 3 ? runVector3(np, v, run, { hex, hexPoint, num }) : doc.dim === 2 ? runVector2(np, v, run) : false;
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
		console.log(`${name}: ${count} vectors run, ${new Set(failures.map((f) => f.split(':')[0])).size} failed`);
		assert.equal(count, doc.count, `${name}: ran ${count} vectors, the file declares ${doc.count}`);
		assert.equal(failures.length, 0, `${failures.length} failed checks:\n${failures.slice(0, 40).join('\n')}`);
	});
}

// The checks can fail: the same runner, given deliberately wrong expectations, must reject them.
test('self-check: wrong expectations are rejected', () => {
	const pick = (file, pred) => docs.find((d) => d.name === file).doc.vectors.filter(pred).slice(0, 25);
	const mutations = [
		['2d_penetration.json', (v) => v.expect.depth > 0 && !v.expect.touching, (e, v) => { e.depth += 10 * v.tol; }],
		['2d_penetration.json', (v) => v.expect.normal && !v.expect.touching, (e) => { e.normal = [-e.normal[0], -e.normal[1]]; }],
		['2d_distance.json', (v) => v.expect.distance > 0 && !v.expect.touching, (e, v) => { e.distance += 10 * v.tol; }],
		['2d_overlap.json', (v) => v.expect.overlap !== undefined, (e) => { e.overlap = !e.overlap; }],
		['2d_manifold.json', (v) => v.expect.count === 2, (e) => { e.count = 1; }],
		['2d_manifold.json', (v) => v.expect.minCount === 1, (e) => { e.maxNormalOverlap = e.best - 1e-3; }],
		['2d_shapes.json', (v) => v.expect.vertices, (e, v) => { e.vertices = e.vertices.map(([x, y]) => [x + 10 * v.tol, y]); }],
		['2d_errors.json', (v) => v.expect.error === 'NP_ERR_NON_FINITE', (e) => { e.error = 'NP_ERR_DEGENERATE'; }],
	];
	for (const [file, pred, mutate] of mutations) {
		const vectors = pick(file, pred);
		assert.ok(vectors.length > 0, `no vectors to mutate in ${file}`);
		for (const original of vectors) {
			const v = structuredClone(original);
			mutate(v.expect, v);
			const run = new VectorRun(file, v);
			runVector2(np, v, run);
			assert.ok(run.failures.length > 0, `${v.id}: a wrong expectation (${mutate}) passed`);
		}
	}
});

test('every vector ran', () => {
	console.log(`vectors: ${ran} run`);
	assert.ok(expectedTotal > 0, 'no vectors found');
	assert.equal(ran, expectedTotal, `ran ${ran} vectors, the files hold ${expectedTotal}`);
});

test('wasm results are bit-identical to the native ones', (t) => {
	mkdirSync(RESULTS_DIR, { recursive: true });
	writeFileSync(join(RESULTS_DIR, 'wasm-vectors.txt'), lines.join('\n') + '\n');
	const nativePath = join(RESULTS_DIR, 'native-vectors.txt');
	if (!existsSync(nativePath)) {
		t.skip(`${nativePath} is missing: run the native tests first (make test-native)`);
		return;
	}
	const native = readFileSync(nativePath, 'utf8').split('\n').filter((l) => l.length);
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
