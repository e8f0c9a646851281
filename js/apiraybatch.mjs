// Prepared ray batches (np.rayBatch): rayCastMany without the copies.
//
//   const rays = np.rayBatch(1000, 3);           // room for 1,000 rays of 3D, in wasm memory
//   rays.origins.set(myOrigins);                 // views into wasm memory: write the rays in place
//   rays.directions[3 * i + 1] = dy;             //   (dim numbers per ray)
//   const hits = rays.cast(target, transform);   // rayCastMany's records, written to rays.out
//   rays.out[rays.recordSize * i]                // fraction of ray i (-1: a miss)
//
// rayCastMany copies the caller's origins and directions into wasm memory and the records back
// out: 80 bytes per 2D ray and 112 per 3D ray moved twice, which on 10,000 rays is as much time as
// casting a box (bench/README.md, "Prepared ray batches"). Here the rays and the records live in
// one block of wasm memory that the caller reads and writes through the views, and cast() runs
// the same C entry points as rayCastMany over them (src/bindingquery.c, apiquery.mjs's
// castRayViews), so a record is the same bits as rayCastMany's and as one rayCast's.
//
// What keeps this safe:
// - The block is the batch's own (malloc'd when it is made, freed by dispose(); cast() after
//   dispose() throws NP_DISPOSED). The views cover exactly it, so the C side reads and writes only
//   inside it (and the io block).
// - Memory growth: creating objects may grow wasm memory, which replaces its buffer, and a view of
//   the old buffer takes no writes. The views are made again on the next read of origins /
//   directions / out; a cast() that finds the memory grew since origins or directions were last
//   read throws NP_INVALID_ARGUMENT, since rays written through the old views may be lost (read
//   them again and write the rays).
// - Targets are checked as rayCastMany checks them, and must have the batch's dimension.
import { describe, fail } from './errors.mjs';
import * as L from './layout.mjs';
import { WasmObject } from './runtime.mjs';
import { isShape2 } from './api2d.mjs';
import { isChainTarget } from './apichain.mjs';
import { castRayViews } from './apiquery.mjs';

// Bytes per ray of the mesh rays' scratch (as apiquery.mjs's RAY_SCRATCH: one record per ray,
// then three 32-bit words).
const RAY_SCRATCH = L.NPWQ_RAY3_SIZE * 8 + 12;
// Only rayBatch makes these (a made-up pointer would point the C side at any memory).
const MAKE = Symbol('RayBatch');

/** `count` rays of `dim` (2 or 3) in wasm memory, cast in place (see the header above). */
export class RayBatch extends WasmObject {
	constructor(token, rt, ptr, count, dim) {
		if (token !== MAKE) fail('NP_INVALID_ARGUMENT', 'RayBatch: use np.rayBatch(count, dim)');
		super(rt, ptr);
		/** Number of rays. */
		this.count = count;
		/** 2 or 3. */
		this.dim = dim;
		/** Numbers per record of `out`: 2 + 2 * dim ([fraction, point, normal, index]). */
		this.recordSize = dim === 2 ? L.NPWQ_RAY2_SIZE : L.NPWQ_RAY3_SIZE;
		this._handed = null;
		// The views (castRayViews reads origins, directions, out and scratch).
		this._v = { buffer: null, origins: null, directions: null, out: null, scratch: 0 };
		this._views();
	}

	/** Float64Array view of the origins in wasm memory (dim numbers per ray). Read it again after
	 *  creating objects (wasm memory may have grown). */
	get origins() {
		return this._hand('origins').origins;
	}

	/** Float64Array view of the directions (as origins). */
	get directions() {
		return this._hand('directions').directions;
	}

	/** Float64Array view of the records (recordSize numbers per ray, as rayCastMany's `out`),
	 *  written by cast(). */
	get out() {
		this._live('out');
		if (this._v.buffer !== this._rt.memory.buffer) this._views();
		return this._v.out;
	}

	/**
	 * Casts every ray against the target, as rayCastMany(target, transform, origins, directions,
	 * out, options) does, writing the records to `out`; returns the number of hits.
	 */
	cast(target, transform, options) {
		const rt = this._rt;
		const fn = 'rayBatch.cast';
		this._live('cast');
		const buffer = rt.memory.buffer;
		if (this._handed !== null && this._handed !== buffer) {
			fail('NP_INVALID_ARGUMENT', `${fn}: wasm memory grew since origins / directions were read (an object was created); read them again and write the rays`);
		}
		if (this._v.buffer !== buffer) this._views();
		const chains = isChainTarget(rt, target);
		if ((chains || isShape2(rt, target) ? 2 : 3) !== this.dim) {
			fail('NP_INVALID_ARGUMENT', `${fn}: the target must be ${this.dim === 2 ? 'a Shape2D or chains' : 'a Shape3D, a Mesh3D or meshes'} for a batch of ${this.dim}D rays (got ${describe(target)})`);
		}
		const v = this._v;
		return castRayViews(rt, fn, target, transform, v, this.count, this.dim, options, chains, v.origins, v.directions);
	}

	_live(what) {
		if (this._ptr === 0) fail('NP_DISPOSED', `rayBatch.${what}: the ray batch was disposed`);
	}

	_hand(what) {
		this._live(what);
		const buffer = this._rt.memory.buffer;
		if (this._v.buffer !== buffer) this._views();
		this._handed = buffer;
		return this._v;
	}

	// The views over the current buffer: origins, directions, records, then (3D) the mesh scratch.
	_views() {
		const buffer = this._rt.memory.buffer;
		const v = this._v;
		const n = this.count * this.dim;
		v.buffer = buffer;
		v.origins = new Float64Array(buffer, this._ptr, n);
		v.directions = new Float64Array(buffer, this._ptr + 8 * n, n);
		v.out = new Float64Array(buffer, this._ptr + 16 * n, this.count * this.recordSize);
		v.scratch = v.out.byteOffset + v.out.byteLength;
	}
}

/** Room for `count` rays of `dim` (2 or 3) in wasm memory, zero-filled, for repeated casts. */
export function rayBatch(rt, count, dim) {
	const fn = 'rayBatch';
	if (!Number.isInteger(count) || count < 0) fail('NP_INVALID_ARGUMENT', `${fn}: count must be an integer >= 0 (got ${describe(count)})`);
	if (dim !== 2 && dim !== 3) fail('NP_INVALID_ARGUMENT', `${fn}: dim must be 2 or 3 (got ${describe(dim)})`);
	// origins, directions and records (doubles), then the mesh rays' scratch (3D).
	const record = dim === 2 ? L.NPWQ_RAY2_SIZE : L.NPWQ_RAY3_SIZE;
	const bytes = count * (8 * (2 * dim + record) + (dim === 3 ? RAY_SCRATCH : 0));
	const limit = 1 << 30;
	if (bytes > limit) fail('NP_INVALID_ARGUMENT', `${fn}: ${count} rays need ${bytes} bytes of wasm memory (at most ${limit})`);
	const ptr = rt.malloc(Math.max(8, bytes));
	new Uint8Array(rt.memory.buffer, ptr, bytes).fill(0);
	return new RayBatch(MAKE, rt, ptr, count, dim);
}
