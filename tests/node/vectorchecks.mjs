// What the Node shared-vector runner's handlers share (driver tests/node/vectors.test.mjs; handlers
// vectors2d.mjs, vectors3d.mjs, vectorsmesh.mjs): reading numbers, the per-vector run state and its
// results line (doubles as hex, the same text as the native runner's), error codes, and the pair
// checks, written once for 2D and 3D as in tests/native/vectorchecks.c:
//  - distance: the value; when apart, witnesses on the surfaces, |pointB - pointA| and the unit
//    normal along it; when overlapping, pointA == pointB inside both shapes and a zero normal;
//  - penetration: the depth, a unit normal, the overlap of the shapes along the normal equal to the
//    depth (the minimum overlap over all directions), witnesses on the surfaces and
//    (pointA - pointB) . normal == depth;
//  - manifold: the point count, a normal whose overlap lies between the best axis's and the best
//    face axis's plus the face preference, every point's depth identity and bounds, distinct ids.
// A dimension's handler supplies the shapes, transforms and reference geometry (its `pairOps`).

// ------------------------------------------------------------------------------ numbers, results
const scratch = new DataView(new ArrayBuffer(8));
/** The 16 hex digits of a double's IEEE-754 bits (same text as the C runner's npVecHex). */
export function hex(x) {
	scratch.setFloat64(0, x);
	return scratch.getBigUint64(0).toString(16).padStart(16, '0');
}
/** A 2D or 3D point as comma-separated hex doubles. */
export const hexPoint = (p) => p.map(hex).join(',');

/** A number from the vectors: JSON numbers, or the strings "NaN", "Infinity", "-Infinity". */
export function num(v) {
	if (typeof v === 'number') return v;
	if (v === 'NaN') return NaN;
	if (v === 'Infinity') return Infinity;
	if (v === '-Infinity') return -Infinity;
	return NaN;
}
export const numPoint = (p) => p.map(num);

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

// ------------------------------------------------------------------------------ error codes
/** An error code as written in the results line: without the NP_ERR_ / NP_ prefix. */
export function codeText(code) {
	return code.replace(/^NP_ERR_/, '').replace(/^NP_/, '');
}

/** Runs fn: [its result, 'OK'], or [undefined, code] when it throws a library error. */
export function attempt(fn) {
	try {
		return [fn(), 'OK'];
	} catch (e) {
		if (typeof e.code !== 'string') throw e;
		return [undefined, codeText(e.code)];
	}
}

/** The code fn throws ('OK' when it does not throw), disposing what it returns. */
export function thrownCode(fn) {
	const [r, code] = attempt(fn);
	if (r && typeof r.dispose === 'function') r.dispose();
	return code;
}

/** Checks a code against expect.error ('NP_OK' when it names none) and records it. */
export function checkError(run, expect, code) {
	const want = codeText(expect.error ?? 'NP_OK');
	if (code !== want) run.fail(`error code: got ${code}, want ${want}`);
	run.put('error', code);
}

/**
 * A transform vector: every query built by queries(a, b) for the vector's shapes must throw the
 * transform's code (or all accept it).
 */
export function checkQueriesAgree(np, v, run, makeShape, queries) {
	const a = makeShape(np, v.a), b = makeShape(np, v.b);
	try {
		const codes = queries(a, b).map(thrownCode);
		checkError(run, v.expect || {}, codes[0]);
		for (const c of codes.slice(1)) if (c !== codes[0]) run.fail(`queries disagree on the error: ${codes.join(', ')}`);
	} finally {
		a.dispose();
		b.dispose();
	}
	return true;
}

// ------------------------------------------------------------------------------ geometry
export const sub = (a, b) => a.map((x, i) => x - b[i]);
export const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
export const len = (a) => Math.sqrt(dot(a, a));

/** Distance from p to the segment [a, b] (2D or 3D). */
export function pointSegmentDistance(p, a, b) {
	const ab = sub(b, a), ap = sub(p, a);
	const l2 = dot(ab, ab);
	let t = l2 > 0 ? dot(ap, ab) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return len(ap.map((x, i) => x - t * ab[i]));
}

function checkUnit(run, what, n) {
	if (!(Math.abs(len(n) - 1) <= 1e-9)) run.fail(`${what} (${n}) is not unit (length ${len(n)})`);
}

function checkOnSurface(run, g, what, ref, p) {
	const d = g.signedDistance(ref, p);
	if (!(Math.abs(d) <= run.tol)) run.fail(`${what} (${p}) is ${d} from the surface (tol ${run.tol})`);
}

// ------------------------------------------------------------------------------ pair queries
function runOverlap(run, e, got) {
	run.put('overlap', got ? 1 : 0);
	if (!e.touching && got !== e.overlap) run.fail(`overlap: got ${got}, want ${e.overlap}`);
}

function runDistance(run, g, e, r) {
	const tol = run.tol;
	run.put('distance', hex(r.distance));
	run.put('pointA', hexPoint(r.pointA));
	run.put('pointB', hexPoint(r.pointB));
	run.put('normal', hexPoint(r.normal));
	if (!run.near('distance', r.distance, num(e.distance), tol)) return;
	if (r.distance > 0) {
		checkOnSurface(run, g, 'pointA on A', g.refA, r.pointA);
		checkOnSurface(run, g, 'pointB on B', g.refB, r.pointB);
		const d = sub(r.pointB, r.pointA);
		run.near('|pointB - pointA|', len(d), r.distance, tol);
		checkUnit(run, 'normal', r.normal);
		run.near('normal . (pointB - pointA)', dot(r.normal, d), r.distance, tol);
		if (e.pointA) run.near('pointA error', len(sub(r.pointA, numPoint(e.pointA))), 0, tol);
		if (e.pointB) run.near('pointB error', len(sub(r.pointB, numPoint(e.pointB))), 0, tol);
		return;
	}
	if (r.pointA.some((x, i) => x !== r.pointB[i])) run.fail('overlapping: pointA != pointB');
	if (r.normal.some((x) => x !== 0)) run.fail('overlapping: normal is not zero');
	const da = g.signedDistance(g.refA, r.pointA), db = g.signedDistance(g.refB, r.pointA);
	if (da > tol || db > tol) run.fail(`overlapping: the point (${r.pointA}) is not inside both shapes (${da}, ${db})`);
}

// Returns true when the result is a penetration the vector expects (the handler may check more).
function runPenetration(run, g, e, r, extraKeys) {
	const tol = run.tol;
	if (r === null) {
		run.put('result', 'null');
		if (!e.touching && e.overlap) run.fail(`penetration: got null, want depth ${e.depth}`);
		return false;
	}
	run.put('depth', hex(r.depth));
	for (const k of ['normal', 'pointA', 'pointB', ...extraKeys]) run.put(k, hexPoint(r[k]));
	run.put('iterations', r.iterations);
	run.put('stop', r.stop);
	if (!e.touching && !e.overlap) {
		run.fail(`penetration: got depth ${r.depth}, want null`);
		return false;
	}
	run.near('depth', r.depth, e.touching ? 0 : num(e.depth), tol);
	checkUnit(run, 'normal', r.normal);
	if (e.normal) run.near('normal error', len(sub(r.normal, numPoint(e.normal))), 0, Math.max(1e-6, tol));
	run.near('overlap along the normal', g.overlapAlong(g.refA, g.refB, r.normal), r.depth, tol);
	checkOnSurface(run, g, 'pointA on A', g.refA, r.pointA);
	checkOnSurface(run, g, 'pointB on B', g.refB, r.pointB);
	run.near('dot(pointA - pointB, normal)', dot(sub(r.pointA, r.pointB), r.normal), r.depth, tol);
	return true;
}

function checkManifoldPoint(run, g, rules, e, m, i, along, margin) {
	const tol = run.tol;
	const p = m.points[i];
	if (rules.witnessOnSurface) {
		checkOnSurface(run, g, 'pointA on A', g.refA, p.pointA);
		checkOnSurface(run, g, 'pointB on B', g.refB, p.pointB);
	} else {
		const outA = g.signedDistance(g.refA, p.pointA), outB = g.signedDistance(g.refB, p.pointB);
		if (outA > tol || outB > tol) run.fail(`point ${i} outside its shape (pointA by ${outA}, pointB by ${outB})`);
	}
	run.near('depth identity', dot(sub(p.pointA, p.pointB), m.normal), p.depth, tol);
	if (!(p.depth <= along + tol)) run.fail(`point ${i} depth ${p.depth} deeper than the overlap along the normal ${along}`);
	if (!(p.depth >= -margin - tol)) run.fail(`point ${i} depth ${p.depth} beyond the margin ${margin}`);
	if (p.depth > 0 && e.shallow) {
		// Shallow contact: the incident feature's witness is inside the other shape (see
		// tests/native/vectorchecks.c for why only one of the two, and only when shallow).
		const outB = g.signedDistance(g.refB, p.pointA), outA = g.signedDistance(g.refA, p.pointB);
		if (outB > tol && outA > tol) {
			run.fail(`point ${i}: neither witness inside the other shape (pointA outside B by ${outB}, pointB outside A by ${outA})`);
		}
	}
	if (rules.nonzeroIdsDeepestFirst && p.id === 0) run.fail(`point ${i} has id 0`);
	for (let j = 0; j < i; j++) if (m.points[j].id === p.id) run.fail(`points ${j} and ${i} share id ${p.id}`);
}

function runManifold(run, g, rules, e, m, margin) {
	const tol = run.tol;
	const n = m.points.length;
	run.put('count', n);
	if (n > 0) run.put('normal', hexPoint(m.normal));
	for (const p of m.points) {
		run.put('pointA', hexPoint(p.pointA));
		run.put('pointB', hexPoint(p.pointB));
		run.put('depth', hex(p.depth));
		run.put('id', p.id);
	}
	if (n > rules.maxPoints) {
		run.fail(`point count ${n} out of range`);
		return;
	}
	if (e.count !== undefined && n !== e.count) run.fail(`point count: got ${n}, want ${e.count}`);
	if (e.minCount !== undefined && n < e.minCount) run.fail(`point count: got ${n}, want at least ${e.minCount}`);
	if (e.maxCount !== undefined && n > e.maxCount) run.fail(`point count: got ${n}, want at most ${e.maxCount}`);
	if (n === 0) return;

	checkUnit(run, 'normal', m.normal);
	const along = g.overlapAlong(g.refA, g.refB, m.normal);
	const best = num(e.best), maxAlong = num(e.maxNormalOverlap);
	if (!(along >= best - tol)) run.fail(`overlap along the normal ${along} below the minimum ${best}`);
	if (!(along <= maxAlong + tol)) {
		run.fail(`normal: overlap along it ${along} exceeds the best axis's ${maxAlong} plus the face preference`);
	}
	let deepest = -Infinity;
	for (let i = 0; i < n; i++) {
		deepest = Math.max(deepest, m.points[i].depth);
		checkManifoldPoint(run, g, rules, e, m, i, along, margin);
	}
	if (rules.nonzeroIdsDeepestFirst && !(m.points[0].depth >= deepest)) run.fail('the first point is not the deepest');
	if ((rules.deepestOnBestAxis && Math.abs(along - best) <= tol) || e.deepestIsOverlap) {
		run.near('deepest depth vs overlap along the normal', deepest, along, tol);
	}
	if (e.depth !== undefined) run.near('deepest depth', deepest, num(e.depth), tol);
}

/**
 * Runs one overlap / distance / penetration / manifold vector with a dimension's `ops`:
 * makeShape(np, spec), readTransform(xf), geometry(ref) -> { refA, refB, signedDistance(ref, p),
 * overlapAlong(refA, refB, n) }, penetrationExtras (further points written after pointB),
 * checkPenetration(run, r, xfA, xfB) (optional), manifold rules { maxPoints, witnessOnSurface,
 * nonzeroIdsDeepestFirst, deepestOnBestAxis }.
 */
export function runPair(np, v, run, ops) {
	const e = v.expect || {};
	const made = [];
	try {
		const a = ops.makeShape(np, v.a);
		made.push(a);
		const b = ops.makeShape(np, v.b);
		made.push(b);
		const xfA = ops.readTransform(v.xfA), xfB = ops.readTransform(v.xfB);
		const g = ops.geometry(v.ref);
		if (v.query === 'overlap') runOverlap(run, e, np.overlap(a, xfA, b, xfB));
		else if (v.query === 'distance') runDistance(run, g, e, np.distance(a, xfA, b, xfB));
		else if (v.query === 'penetration') {
			const r = np.penetration(a, xfA, b, xfB);
			const expected = runPenetration(run, g, e, r, ops.penetrationExtras);
			if (expected && ops.checkPenetration) ops.checkPenetration(run, r, xfA, xfB);
		} else {
			const margin = num(v.margin ?? 0);
			runManifold(run, g, ops.manifold, e, np.manifold(a, xfA, b, xfB, { margin }), margin);
		}
	} finally {
		for (const s of made) s.dispose();
	}
	return true;
}
