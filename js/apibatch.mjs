// Batch queries of the narrowphase JS API: one wasm call runs a query over n pairs.
//
//   np.overlapBatch(shapesA, transformsA, shapesB, transformsB, out?) -> Uint8Array (1 = overlap)
//   np.manifoldBatch(shapesA, transformsA, shapesB, transformsB, { margin, out }) -> ManifoldBatch
//   np.penetrationBatch(..., { out }) -> PenetrationBatch
//   np.distanceBatch(..., { out }) -> DistanceBatch
//
// shapesA and shapesB are arrays of n shapes of one dimension; the transforms are Float64Arrays,
// 3 numbers per pair in 2D (x, y, angle) and 7 in 3D (px, py, pz, qx, qy, qz, qw). A result is
// one typed array per field (ManifoldBatch: pointCount, normal, pointA, pointB, depth, id; see
// narrowphase.d.ts), refilled in place when given as options.out.
//
// How a call runs: the runtime owns one block of wasm memory for batches (grown when a call needs
// more, never shrunk). The shape pointers are written into it as uint32 (each shape checked on
// the way: a live shape of this runtime and of the batch's dimension), the transforms copied in
// with one set() each, and the addresses of the arrays written into the io block (NPWB_IO_*,
// from tools/iolayout.mjs); the C batch (src/batch2d.c, batch3d.c through src/bindingbatch.c)
// checks the numbers and runs every pair, then each result array is copied out with one set().
// The views of the block are cached per query, dimension and count, so a call with the same n as
// the previous one allocates nothing once its output exists. A rejected pair throws the single
// call's error code, names the pair in the message and sets error.index (-1 when the problem is
// not one pair's).
import { NarrowphaseError, codeName, describe } from './errors.mjs';
import * as L from './layout.mjs';
import { Shape } from './runtime.mjs';
import { Shape2D } from './api2d.mjs';
import { Shape3D } from './api3d.mjs';

// Result fields per query, in the order of the C batch struct: [name, array type, numbers per
// pair as a function of the dimension].
const P2 = 2;
const P3 = 4;
const points = (dim) => (dim === 2 ? P2 : P3);
export const QUERIES = {
	overlap: { fn: 'overlapBatch', fields: [['overlap', Uint8Array, () => 1]] },
	manifold: {
		fn: 'manifoldBatch',
		fields: [
			['pointCount', Uint8Array, () => 1],
			['normal', Float64Array, (d) => d],
			['pointA', Float64Array, (d) => points(d) * d],
			['pointB', Float64Array, (d) => points(d) * d],
			['depth', Float64Array, (d) => points(d)],
			['id', Uint32Array, (d) => points(d)],
		],
	},
	penetration: {
		fn: 'penetrationBatch',
		fields: [
			['overlapping', Uint8Array, () => 1],
			['depth', Float64Array, () => 1],
			['normal', Float64Array, (d) => d],
			['pointA', Float64Array, (d) => d],
			['pointB', Float64Array, (d) => d],
			['iterations', Uint32Array, () => 1],
		],
	},
	distance: {
		fn: 'distanceBatch',
		fields: [
			['distance', Float64Array, () => 1],
			['pointA', Float64Array, (d) => d],
			['pointB', Float64Array, (d) => d],
			['normal', Float64Array, (d) => d],
			['iterations', Uint32Array, () => 1],
		],
	},
};

const XF_NAMES = {
	2: ['x', 'y', 'angle'],
	3: ['position[0]', 'position[1]', 'position[2]', 'rotation[0]', 'rotation[1]', 'rotation[2]', 'rotation[3]'],
};

/** Sets up the runtime's batch block (empty until the first batch). */
export function setupBatch(rt) {
	if (L.NPWB_IO_SIZE > rt.io.length) throw new Error('narrowphase: scratch block too small for the batches');
	const exports = rt.exports;
	// Per query, indexed by the dimension (2 or 3): the wasm function and the cached plan (views
	// and addresses; see planFor). Tables rather than string keys: a call builds no key.
	const fns = (f2, f3) => [null, null, f2, f3];
	rt.batch = {
		ptr: 0,
		bytes: 0,
		plans: { overlap: [null, null, null, null], manifold: [null, null, null, null],
			penetration: [null, null, null, null], distance: [null, null, null, null] },
		run: {
			overlap: fns(exports.npwOverlapBatch2, exports.npwOverlapBatch3),
			manifold: fns(exports.npwManifoldBatch2, exports.npwManifoldBatch3),
			penetration: fns(exports.npwPenetrationBatch2, exports.npwPenetrationBatch3),
			distance: fns(exports.npwDistanceBatch2, exports.npwDistanceBatch3),
		},
	};
}

// ------------------------------------------------------------------------------ errors
export function batchFail(code, message, index) {
	const e = new NarrowphaseError(code, message);
	/** The pair the error is about, or -1. */
	e.index = index;
	throw e;
}

// Explains a pair the C batch rejected (its transform: which number, which problem).
export function pairFail(rt, fn, rc, index, side, dim, transforms, shapes) {
	const code = codeName(rc);
	const name = side === 0 ? 'A' : 'B';
	const at = `${fn}: pair ${index}:`;
	if (code === 'NP_INVALID_ARGUMENT') batchFail(code, `${at} shape ${name} is not usable`, index);
	if (code === 'NP_INVALID_TRANSFORM') batchFail(code, `${at} transform ${name} has a zero rotation quaternion`, index);
	const k = dim === 2 ? 3 : 7;
	const huge = rt.limits2.huge;
	for (let j = 0; j < k; j++) {
		const v = transforms[k * index + j];
		const where = `transform ${name} ${XF_NAMES[dim][j]} (transforms${name}[${k * index + j}])`;
		if (!Number.isFinite(v)) batchFail(code, `${at} ${where} is not finite (${v})`, index);
		if (Math.abs(v) > huge) batchFail(code, `${at} ${where} exceeds ${huge} in magnitude (${v})`, index);
	}
	batchFail(code, `${at} transform ${name} is invalid (${code}; shape ${shapes[index]?.kind})`, index);
}

// Throws for shape s at pair i that is not a live shape of this runtime and dimension.
export function badShape(rt, fn, s, i, name, dim) {
	const at = `${fn}: pair ${i}:`;
	if (s instanceof Shape && s._rt === rt) {
		if (s._ptr === 0) batchFail('NP_DISPOSED', `${at} shape ${name} (${s.kind}) was disposed`, i);
		batchFail('NP_INVALID_ARGUMENT', `${at} shape ${name} is a ${s.kind}, but the batch is ${dim}D (mixed dimensions)`, i);
	}
	batchFail('NP_INVALID_ARGUMENT', `${at} shape ${name} is not a shape of this narrowphase instance (got ${describe(s)})`, i);
}

// ------------------------------------------------------------------------------ arguments
// The number of pairs and their dimension (2 or 3; 0 for an empty batch), after the array checks.
function pairCount(fn, shapesA, transformsA, shapesB, transformsB) {
	const dim = shapeArrays(fn, shapesA, shapesB);
	const n = shapesA.length;
	checkTransforms(fn, 'transformsA', transformsA, dim, n);
	checkTransforms(fn, 'transformsB', transformsB, dim, n);
	return dim;
}

/** The dimension of the pairs (2 or 3; 0 for none) after checking the two shape arrays' types and
 *  lengths (the shapes themselves are checked pair by pair later). */
export function shapeArrays(fn, shapesA, shapesB) {
	if (!Array.isArray(shapesA)) batchFail('NP_INVALID_ARGUMENT', `${fn}: shapesA must be an array of shapes (got ${describe(shapesA)})`, -1);
	if (!Array.isArray(shapesB)) batchFail('NP_INVALID_ARGUMENT', `${fn}: shapesB must be an array of shapes (got ${describe(shapesB)})`, -1);
	const n = shapesA.length;
	if (shapesB.length !== n) {
		batchFail('NP_INVALID_ARGUMENT', `${fn}: shapesB has ${shapesB.length} shapes, shapesA ${n} (one pair each)`, -1);
	}
	const first = shapesA[0];
	return n === 0 ? 0 : first?._dim === 3 && first instanceof Shape3D ? 3 : 2;
}

function checkTransforms(fn, name, t, dim, n) {
	const k = dim === 3 ? 7 : 3;
	if (!(t instanceof Float64Array)) batchFail('NP_INVALID_TRANSFORM', `${fn}: ${name} must be a Float64Array (got ${describe(t)})`, -1);
	if (t.length !== k * n) {
		const what = dim === 3 ? '7 numbers per pair (px, py, pz, qx, qy, qz, qw)' : '3 numbers per pair (x, y, angle)';
		batchFail('NP_INVALID_TRANSFORM', `${fn}: ${name} needs ${what}: ${k * n} for ${n} pairs (got ${t.length})`, -1);
	}
}

// ------------------------------------------------------------------------------ the block
// The plan of `query` for n pairs of dimension dim: the block's views and byte addresses, cached
// until n, the block or the memory changes.
function planFor(rt, query, dim, n) {
	const b = rt.batch;
	let plan = b.plans[query][dim];
	const spec = QUERIES[query].fields;
	if (plan === null || plan.n !== n || plan.ptr !== b.ptr || plan.buffer !== rt.memory.buffer) {
		const k = dim === 3 ? 7 : 3;
		// Doubles first, then uint32, then bytes: every array is aligned.
		let bytes = 16 * k * n + 8 * n;
		for (const [, T, per] of spec) bytes += Math.ceil((T.BYTES_PER_ELEMENT * per(dim) * n) / 8) * 8;
		if (bytes > b.bytes) grow(rt, bytes);
		plan = layOut(rt, spec, dim, n, k);
		b.plans[query][dim] = plan;
	}
	return plan;
}

function grow(rt, bytes) {
	const b = rt.batch;
	const size = Math.max(bytes, Math.ceil(1.5 * b.bytes), 4096);
	const ptr = rt.malloc(size);
	rt.free(b.ptr);
	b.ptr = ptr;
	b.bytes = size;
}

function layOut(rt, spec, dim, n, k) {
	const buffer = rt.memory.buffer;
	const base = rt.batch.ptr;
	let at = base;
	const take = (T, count) => {
		const view = new T(buffer, at, count);
		at += Math.ceil((T.BYTES_PER_ELEMENT * count) / 8) * 8;
		return view;
	};
	const xfA = take(Float64Array, k * n);
	const xfB = take(Float64Array, k * n);
	const fields = [];
	for (const T of [Float64Array, Uint32Array, Uint8Array]) {
		for (let f = 0; f < spec.length; f++) {
			if (spec[f][1] === T) fields[f] = take(T, spec[f][2](dim) * n);
		}
	}
	const shapesA = take(Uint32Array, n);
	const shapesB = take(Uint32Array, n);
	return {
		n, ptr: base, buffer, xfA, xfB, shapesA, shapesB, fields,
		addresses: fields.map((v) => v.byteOffset),
	};
}

// Checks and writes the shape pointers of every pair (the dimension's class, this runtime, live).
function putShapes(rt, fn, plan, shapesA, shapesB, dim) {
	const C = dim === 3 ? Shape3D : Shape2D;
	const pa = plan.shapesA;
	const pb = plan.shapesB;
	for (let i = 0; i < plan.n; i++) {
		const a = shapesA[i];
		const b = shapesB[i];
		if (!(a instanceof C) || a._rt !== rt || a._ptr === 0) badShape(rt, fn, a, i, 'A', dim);
		if (!(b instanceof C) || b._rt !== rt || b._ptr === 0) badShape(rt, fn, b, i, 'B', dim);
		pa[i] = a._ptr;
		pb[i] = b._ptr;
	}
}

// Runs `query` over the pairs; returns the plan, whose field views hold the results.
function run(rt, query, shapesA, transformsA, shapesB, transformsB, margin, dim) {
	const fn = QUERIES[query].fn;
	const n = shapesA.length;
	const plan = planFor(rt, query, dim, n);
	putShapes(rt, fn, plan, shapesA, shapesB, dim);
	plan.xfA.set(transformsA);
	plan.xfB.set(transformsB);
	const io = rt.io;
	io[L.NPWB_IO_COUNT] = n;
	io[L.NPWB_IO_SHAPES_A] = plan.shapesA.byteOffset;
	io[L.NPWB_IO_XF_A] = plan.xfA.byteOffset;
	io[L.NPWB_IO_SHAPES_B] = plan.shapesB.byteOffset;
	io[L.NPWB_IO_XF_B] = plan.xfB.byteOffset;
	io[L.NPWB_IO_MARGIN] = margin;
	const addresses = plan.addresses;
	for (let f = 0; f < addresses.length; f++) io[L.NPWB_IO_FIELDS + f] = addresses[f];
	const rc = rt.batch.run[query][dim](rt.ioPtr);
	if (rc !== 0) {
		const index = io[L.NPWB_IO_ERR_INDEX];
		const side = io[L.NPWB_IO_ERR_SIDE];
		if (index < 0) batchFail(codeName(rc), `${fn}: invalid arguments (${codeName(rc)})`, -1);
		pairFail(rt, fn, rc, index, side, dim, side === 0 ? transformsA : transformsB, side === 0 ? shapesA : shapesB);
	}
	return plan;
}

// ------------------------------------------------------------------------------ results
// options.out checked (an object with the query's fields as arrays of the right types), or null.
function readOut(fn, query, options) {
	if (options === undefined || options === null) return null;
	if (typeof options !== 'object') batchFail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`, -1);
	const out = options.out;
	if (out === undefined) return null;
	let ok = out !== null && typeof out === 'object';
	const spec = QUERIES[query].fields;
	for (let f = 0; ok && f < spec.length; f++) ok = out[spec[f][0]] instanceof spec[f][1];
	if (!ok) {
		batchFail('NP_INVALID_ARGUMENT', `${fn}: options.out must be a result of ${fn} (an object of typed arrays), e.g. one returned earlier`, -1);
	}
	return out;
}

// Copies the plan's results into out (a new result when out is null); arrays too short for n
// pairs are replaced by new ones, longer ones keep their tail.
function fill(query, out, plan, dim, n) {
	const spec = QUERIES[query].fields;
	const result = out === null ? { count: n } : out;
	result.count = n;
	for (let f = 0; f < spec.length; f++) {
		const [name, T, per] = spec[f];
		const size = per(dim) * n;
		let a = out === null ? undefined : out[name];
		if (a === undefined || a.length < size) {
			a = new T(size);
			result[name] = a;
		}
		if (plan !== null) a.set(plan.fields[f]);
	}
	return result;
}

export function readMargin(rt, fn, options) {
	if (options === undefined || options === null || typeof options !== 'object') return 0;
	const m = options.margin;
	if (m === undefined) return 0;
	if (typeof m !== 'number') batchFail('NP_INVALID_ARGUMENT', `${fn}: options.margin must be a number (got ${describe(m)})`, -1);
	const huge = rt.limits2.huge;
	if (!(m >= 0 && m <= huge)) {
		if (m < 0) batchFail('NP_INVALID_ARGUMENT', `${fn}: options.margin must not be negative (got ${m})`, -1);
		batchFail('NP_NON_FINITE', `${fn}: options.margin is not finite or exceeds ${huge} (got ${m})`, -1);
	}
	return m;
}

// ------------------------------------------------------------------------------ the queries
/** 1 where pair i overlaps or touches, else 0; refills `out` (a Uint8Array of at least n). */
export function overlapBatch(rt, shapesA, transformsA, shapesB, transformsB, out) {
	const dim = pairCount('overlapBatch', shapesA, transformsA, shapesB, transformsB);
	const n = shapesA.length;
	if (out !== undefined && out !== null) {
		if (!(out instanceof Uint8Array)) batchFail('NP_INVALID_ARGUMENT', `overlapBatch: out must be a Uint8Array (got ${describe(out)})`, -1);
		if (out.length < n) batchFail('NP_CAPACITY', `overlapBatch: out holds ${out.length} results, ${n} pairs given`, -1);
	} else out = new Uint8Array(n);
	if (n === 0) return out;
	const plan = run(rt, 'overlap', shapesA, transformsA, shapesB, transformsB, 0, dim);
	out.set(plan.fields[0]);
	return out;
}

function batchQuery(rt, query, shapesA, transformsA, shapesB, transformsB, options) {
	const fn = QUERIES[query].fn;
	const dim = pairCount(fn, shapesA, transformsA, shapesB, transformsB);
	const out = readOut(fn, query, options);
	const margin = query === 'manifold' ? readMargin(rt, fn, options) : 0;
	const n = shapesA.length;
	if (n === 0) return fill(query, out, null, 2, 0);
	const plan = run(rt, query, shapesA, transformsA, shapesB, transformsB, margin, dim);
	return fill(query, out, plan, dim, n);
}

/** Contact manifolds of n pairs: { count, pointCount, normal, pointA, pointB, depth, id }. */
export function manifoldBatch(rt, shapesA, transformsA, shapesB, transformsB, options) {
	return batchQuery(rt, 'manifold', shapesA, transformsA, shapesB, transformsB, options);
}

/** Penetrations of n pairs: { count, overlapping, depth, normal, pointA, pointB, iterations }. */
export function penetrationBatch(rt, shapesA, transformsA, shapesB, transformsB, options) {
	return batchQuery(rt, 'penetration', shapesA, transformsA, shapesB, transformsB, options);
}

/** Distances of n pairs: { count, distance, pointA, pointB, normal, iterations }. */
export function distanceBatch(rt, shapesA, transformsA, shapesB, transformsB, options) {
	return batchQuery(rt, 'distance', shapesA, transformsA, shapesB, transformsB, options);
}
