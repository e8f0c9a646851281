// Prepared pair batches (np.pairBatch): the batch queries of apibatch.mjs without the copies.
//
//   const pairs = np.pairBatch(shapesA, shapesB);      // n pairs, shapes checked once here
//   pairs.transformsA.set(posesA);                     // views into wasm memory: write in place
//   pairs.transformsB[3 * i + 2] = angle;              //   (3 numbers per pair in 2D, 7 in 3D)
//   const m = pairs.manifold();                        // results are views into wasm memory too
//
// A batch query (np.manifoldBatch ...) checks every shape of every pair, copies the transforms into
// wasm memory and copies each result array out: per pair about 150 bytes moved and two shape
// checks, around a tenth of a box-box batch (bench/README.md, "Prepared pair batches"). Here the
// pairs are fixed when the object is made (their shapes checked and their pointers written once),
// the transforms live in wasm memory where the caller writes them, and the results are read where
// the C batch wrote them: a call writes a dozen numbers into the io block and runs the same C
// batch (src/bindingbatch.c), so the results are the same bits as manifoldBatch's and the single
// calls'.
//
// What keeps this safe:
// - The shapes: the object keeps its own copy of the two arrays (so the shapes stay alive and a
//   later change to the caller's arrays does not matter). Disposing any wasm object bumps
//   rt.disposals; a call that sees it moved checks every shape again (NP_DISPOSED naming the pair).
// - Memory growth: creating objects may grow wasm memory, which replaces its buffer, and a view of
//   the old buffer takes no writes. The views are made again on the next read of transformsA /
//   transformsB and on the next query (its result object gets the new arrays); a query that finds
//   the memory grew since the transform views were last read throws, since the transforms written
//   through the old views may be lost (read pairs.transformsA / transformsB again and write them).
// - Bad numbers: the C batch checks every transform and the query throws the batch queries' errors
//   (the pair index in the message and in error.index).
import { codeName, describe } from './errors.mjs';
import * as L from './layout.mjs';
import { WasmObject } from './runtime.mjs';
import { Shape2D } from './api2d.mjs';
import { Shape3D } from './api3d.mjs';
import { QUERIES, badShape, batchFail, pairFail, readMargin, shapeArrays } from './apibatch.mjs';

const ALIGN = (bytes) => Math.ceil(bytes / 8) * 8;
const QUERY_IDS = ['overlap', 'manifold', 'penetration', 'distance'];
// Only pairBatch makes these (a made-up pointer would point the C batch at any memory).
const MAKE = Symbol('PairBatch');

/**
 * n pairs of shapes, prepared for repeated batch queries: the transforms and the results are
 * typed-array views into wasm memory (see the header above).
 */
export class PairBatch extends WasmObject {
	constructor(token, rt, ptr, shapesA, shapesB, dim, n) {
		if (token !== MAKE) batchFail('NP_INVALID_ARGUMENT', 'PairBatch: use np.pairBatch(shapesA, shapesB)', -1);
		super(rt, ptr);
		/** Number of pairs. */
		this.count = n;
		/** 2 or 3 (2 for an empty batch). */
		this.dim = dim;
		this._shapesA = shapesA;
		this._shapesB = shapesB;
		this._k = dim === 3 ? 7 : 3;
		this._disposals = rt.disposals;
		this._buffer = null;
		this._handed = null;
		this._xfA = null;
		this._xfB = null;
		// Per query (QUERY_IDS order): the result block's address, its field addresses, the result.
		this._blocks = [0, 0, 0, 0];
		this._results = [null, null, null, null];
		this._addresses = [null, null, null, null];
		this._views();
	}

	/** Float64Array view of A's transforms in wasm memory (3 numbers per pair in 2D: x, y, angle;
	 *  7 in 3D: px, py, pz, qx, qy, qz, qw). Read it again after creating objects. */
	get transformsA() {
		this._live('transformsA');
		if (this._buffer !== this._rt.memory.buffer) this._views();
		this._handed = this._buffer;
		return this._xfA;
	}

	/** Float64Array view of B's transforms (as transformsA). */
	get transformsB() {
		this._live('transformsB');
		if (this._buffer !== this._rt.memory.buffer) this._views();
		this._handed = this._buffer;
		return this._xfB;
	}

	/** 1 where pair i overlaps or touches, else 0: a Uint8Array view, refilled by the next call. */
	overlap() {
		return this._run(0, 0, 'pairBatch.overlap').overlap;
	}

	/** Contact manifolds (manifoldBatch's ManifoldBatch, its arrays views refilled by the next call);
	 *  options.margin as manifold's. */
	manifold(options) {
		if (options !== undefined && options !== null && typeof options !== 'object') {
			batchFail('NP_INVALID_ARGUMENT', `pairBatch.manifold: options must be an object (got ${describe(options)})`, -1);
		}
		const margin = options === undefined ? 0 : readMargin(this._rt, 'pairBatch.manifold', options);
		return this._run(1, margin, 'pairBatch.manifold');
	}

	/** Penetrations (penetrationBatch's PenetrationBatch, as views). */
	penetration() {
		return this._run(2, 0, 'pairBatch.penetration');
	}

	/** Distances (distanceBatch's DistanceBatch, as views). */
	distance() {
		return this._run(3, 0, 'pairBatch.distance');
	}

	/** Frees the wasm memory (transforms, shape pointers and results). */
	dispose() {
		const rt = this._rt;
		for (let q = 0; q < 4; q++) {
			rt.free(this._blocks[q]);
			this._blocks[q] = 0;
		}
		super.dispose();
	}

	_live(what) {
		if (this._ptr === 0) batchFail('NP_DISPOSED', `pairBatch.${what}: the pair batch was disposed`, -1);
	}

	// The transform views (and the result views of the queries run so far) over the current buffer.
	_views() {
		const rt = this._rt;
		const buffer = rt.memory.buffer;
		const size = this._k * this.count;
		this._buffer = buffer;
		this._xfA = new Float64Array(buffer, this._ptr, size);
		this._xfB = new Float64Array(buffer, this._ptr + 8 * size, size);
		for (let q = 0; q < 4; q++) if (this._blocks[q] !== 0) this._resultViews(q);
	}

	// Fields of query q's result over its block (the layout of apibatch.mjs's layOut: doubles,
	// then uint32, then bytes, each array 8-byte aligned).
	_resultViews(q) {
		const spec = QUERIES[QUERY_IDS[q]].fields;
		const buffer = this._buffer;
		const n = this.count;
		let at = this._blocks[q];
		const views = [];
		for (const T of [Float64Array, Uint32Array, Uint8Array]) {
			for (let f = 0; f < spec.length; f++) {
				if (spec[f][1] !== T) continue;
				const length = spec[f][2](this.dim) * n;
				views[f] = new T(buffer, at, length);
				at += ALIGN(T.BYTES_PER_ELEMENT * length);
			}
		}
		let result = this._results[q];
		if (result === null) {
			result = { count: n };
			this._results[q] = result;
		}
		for (let f = 0; f < spec.length; f++) result[spec[f][0]] = views[f];
		this._addresses[q] = views.map((v) => v.byteOffset);
	}

	// The result block of query q (allocated on first use; the allocation may grow the memory).
	_block(q) {
		const spec = QUERIES[QUERY_IDS[q]].fields;
		let bytes = 8;
		for (const [, T, per] of spec) bytes += ALIGN(T.BYTES_PER_ELEMENT * per(this.dim) * this.count);
		const rt = this._rt;
		const ptr = rt.malloc(bytes);
		this._blocks[q] = ptr;
		if (rt.registry !== null) rt.registry.register(this, ptr, this);
		if (this._buffer !== rt.memory.buffer) this._views();
		else this._resultViews(q);
	}

	// Checks every pair's shapes again (after some object was disposed).
	_recheck(fn) {
		const rt = this._rt;
		for (let i = 0; i < this.count; i++) {
			const a = this._shapesA[i];
			const b = this._shapesB[i];
			if (a._ptr === 0) badShape(rt, fn, a, i, 'A', this.dim);
			if (b._ptr === 0) badShape(rt, fn, b, i, 'B', this.dim);
		}
		this._disposals = rt.disposals;
	}

	// Runs query q over the pairs; returns its result object (views).
	_run(q, margin, fn) {
		const rt = this._rt;
		if (this._ptr === 0) batchFail('NP_DISPOSED', `${fn}: the pair batch was disposed`, -1);
		if (this._disposals !== rt.disposals) this._recheck(fn);
		if (this._blocks[q] === 0) this._block(q);
		const buffer = rt.memory.buffer;
		if (this._handed !== null && this._handed !== buffer) {
			batchFail('NP_INVALID_ARGUMENT', `${fn}: wasm memory grew since transformsA / transformsB were read (an object was created); read them again and write the transforms`, -1);
		}
		if (this._buffer !== buffer) this._views();
		const result = this._results[q];
		const n = this.count;
		if (n === 0) return result;
		const io = rt.io;
		const k = this._k;
		const ptr = this._ptr;
		io[L.NPWB_IO_COUNT] = n;
		io[L.NPWB_IO_XF_A] = ptr;
		io[L.NPWB_IO_XF_B] = ptr + 8 * k * n;
		io[L.NPWB_IO_SHAPES_A] = ptr + 16 * k * n;
		io[L.NPWB_IO_SHAPES_B] = ptr + 16 * k * n + 4 * n;
		io[L.NPWB_IO_MARGIN] = margin;
		const addresses = this._addresses[q];
		for (let f = 0; f < addresses.length; f++) io[L.NPWB_IO_FIELDS + f] = addresses[f];
		const rc = rt.batch.run[QUERY_IDS[q]][this.dim](rt.ioPtr);
		if (rc !== 0) this._fail(fn, rc);
		return result;
	}

	_fail(fn, rc) {
		const io = this._rt.io;
		const index = io[L.NPWB_IO_ERR_INDEX];
		const side = io[L.NPWB_IO_ERR_SIDE];
		if (index < 0) batchFail(codeName(rc), `${fn}: invalid arguments (${codeName(rc)})`, -1);
		pairFail(this._rt, fn, rc, index, side, this.dim, side === 0 ? this._xfA : this._xfB,
			side === 0 ? this._shapesA : this._shapesB);
	}
}

/** n pairs (shapesA[i], shapesB[i]) of one dimension, prepared for repeated batch queries. */
export function pairBatch(rt, shapesA, shapesB) {
	const fn = 'pairBatch';
	const dim = shapeArrays(fn, shapesA, shapesB) === 3 ? 3 : 2;
	const n = shapesA.length;
	const C = dim === 3 ? Shape3D : Shape2D;
	const sa = shapesA.slice();
	const sb = shapesB.slice();
	for (let i = 0; i < n; i++) {
		const a = sa[i];
		const b = sb[i];
		if (!(a instanceof C) || a._rt !== rt || a._ptr === 0) badShape(rt, fn, a, i, 'A', dim);
		if (!(b instanceof C) || b._rt !== rt || b._ptr === 0) badShape(rt, fn, b, i, 'B', dim);
	}
	// Transforms A and B (identities: zeros, and in 3D the quaternion (0, 0, 0, 1)), then the
	// shape pointers.
	const k = dim === 3 ? 7 : 3;
	const ptr = rt.malloc(Math.max(8, 16 * k * n + 8 * n));
	const xf = new Float64Array(rt.memory.buffer, ptr, 2 * k * n);
	xf.fill(0);
	if (dim === 3) for (let i = 6; i < 2 * k * n; i += 7) xf[i] = 1;
	const pa = new Uint32Array(rt.memory.buffer, ptr + 16 * k * n, n);
	const pb = new Uint32Array(rt.memory.buffer, ptr + 16 * k * n + 4 * n, n);
	for (let i = 0; i < n; i++) {
		pa[i] = sa[i]._ptr;
		pb[i] = sb[i]._ptr;
	}
	return new PairBatch(MAKE, rt, ptr, sa, sb, dim, n);
}
