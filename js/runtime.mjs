// The runtime of one narrowphase instance, and the base class of every object living in its wasm
// memory.
//
// A Runtime is the loaded wasm instance and everything the API modules share about it: its exports
// (the C functions, without the leading underscore), the memory views, the scratch ("io") block
// every query writes its inputs into and reads its result from, malloc/free, and the finalization
// registry. The API modules (api2d.mjs, api3d.mjs, cache3d.mjs, apimesh.mjs) are plain functions
// and classes that take the runtime as their first argument (or reach it through a wasm object);
// narrowphase.mjs binds them to one runtime when it builds the `np` object.
//
// Memory views: the memory can only grow inside malloc (or when the wasm notifies a growth), and
// both refresh the views in place, so read rt.f64 / rt.io at use time, never across a malloc.
// The scratch block is valid only during one synchronous call (never keep data in it).
//
// WasmObject is the base of shapes, meshes, contact caches and what comes next: it owns a pointer
// into the wasm memory, frees it on dispose() (again: nothing happens) or, when never disposed,
// after garbage collection through the runtime's FinalizationRegistry. Only the API functions
// construct wasm objects: a pointer made up by a caller would point the C code at any address.
import { fail } from './errors.mjs';

/** Doubles in the scratch block (malloc'd once per instance). */
const SCRATCH_DOUBLES = 4096;
/** Doubles covered by rt.io, the view the hot queries use: with constant indices V8 compiles each
 *  access to a load or store with one length check, where f64[base + k] also checks the index
 *  arithmetic. */
export const IO_VIEW_DOUBLES = 64;

export class Runtime {
	// Each field but the views is assigned once (the API modules' setup functions add theirs): V8
	// then treats them as constants in the optimized queries, e.g. the wasm functions they call.
	constructor(exports) {
		this.exports = exports;
		this.memory = exports.memory;
		this.f64 = null;
		this.i32 = null;
		this.u32 = null;
		this.u8 = null;
		/** View of the first IO_VIEW_DOUBLES doubles of the scratch block. */
		this.io = null;
		if (typeof exports._initialize === 'function') exports._initialize();
		const free = exports.free;
		/** Frees objects never disposed after garbage collection. */
		this.registry = typeof FinalizationRegistry === 'function'
			? new FinalizationRegistry((ptr) => free(ptr))
			: null;
		const ioPtr = exports.malloc(SCRATCH_DOUBLES * 8);
		if (ioPtr === 0) fail('NP_CAPACITY', `out of wasm memory (allocating ${SCRATCH_DOUBLES * 8} bytes)`);
		/** Scratch block: byte address, f64 index, size in doubles. */
		this.ioPtr = ioPtr;
		this.ioIndex = ioPtr >>> 3;
		this.ioDoubles = SCRATCH_DOUBLES;
		/** 2D EPA step storage for traces (allocated on the first traced call). */
		this.epaSteps2 = 0;
		this.gjkSteps2 = 0; // GJK step storage for traces (trace2d.mjs), allocated on first use
		/** Objects disposed so far (a prepared pair batch checks its shapes again when it moved). */
		this.disposals = 0;
		this.refresh(true);
	}

	/** Replaces the views when the memory grew (cheap when it did not). */
	refresh(force) {
		const buffer = this.memory.buffer;
		if (force !== true && this.u8.buffer === buffer) return;
		this.f64 = new Float64Array(buffer);
		this.i32 = new Int32Array(buffer);
		this.u32 = new Uint32Array(buffer);
		this.u8 = new Uint8Array(buffer);
		this.io = new Float64Array(buffer, this.ioPtr, IO_VIEW_DOUBLES);
	}

	/** Allocates `bytes` (8-byte aligned); throws NP_CAPACITY on exhaustion. */
	malloc(bytes) {
		const ptr = this.exports.malloc(bytes);
		if (ptr === 0) fail('NP_CAPACITY', `out of wasm memory (allocating ${bytes} bytes)`);
		this.refresh();
		return ptr;
	}

	free(ptr) {
		if (ptr !== 0) this.exports.free(ptr);
	}

	/**
	 * Allocates `bytes`, runs the C constructor make(ptr) and returns ptr; frees the block and calls
	 * onError(rc) (which throws) when make returns an error code, frees it and rethrows when make
	 * throws.
	 */
	construct(bytes, make, onError) {
		const ptr = this.malloc(bytes);
		let rc;
		try {
			rc = make(ptr);
		} catch (e) {
			this.free(ptr);
			throw e;
		}
		if (rc !== 0) {
			this.free(ptr);
			onError(rc);
		}
		return ptr;
	}
}

/** Base of every object that owns wasm memory. */
export class WasmObject {
	constructor(rt, ptr) {
		this._ptr = ptr;
		// Not enumerable: JSON.stringify and console.log would walk the whole memory's views.
		Object.defineProperty(this, '_rt', { value: rt });
		if (rt.registry !== null) rt.registry.register(this, ptr, this);
	}

	/** Frees the wasm memory now. Calling it again does nothing. */
	dispose() {
		const ptr = this._ptr;
		if (ptr === 0) return;
		this._ptr = 0;
		const rt = this._rt;
		rt.disposals++;
		if (rt.registry !== null) rt.registry.unregister(this);
		rt.free(ptr);
	}

	/** True once dispose() was called. */
	get disposed() {
		return this._ptr === 0;
	}
}

/** Throws NP_DISPOSED for a wasm object used after dispose(): `${what} was disposed`. */
export function failDisposed(what) {
	fail('NP_DISPOSED', `${what} was disposed`);
}

/** Base of 2D and 3D shapes. */
export class Shape extends WasmObject {
	constructor(rt, ptr, kind) {
		super(rt, ptr);
		this.kind = kind;
	}
}

// Imports the standalone module may ask for. Only emscripten_notify_memory_growth is used by the
// current build; the WASI entries cover a debug build that prints. Any other import becomes a
// stub that throws, so a new dependency shows up as a clear error rather than a link failure.
// `wasm()` returns the instance's exports (null until instantiated), `runtime()` the runtime (null
// until constructed).
function makeImports(module, wasm, runtime) {
	const known = {
		env: {
			emscripten_notify_memory_growth: () => {
				const rt = runtime();
				if (rt !== null) rt.refresh();
			},
		},
		wasi_snapshot_preview1: {
			proc_exit: (code) => {
				throw new Error(`narrowphase: wasm called exit(${code})`);
			},
			fd_write: (fd, iov, iovcnt, pnum) => {
				const memory = wasm().memory;
				const dv = new DataView(memory.buffer);
				let text = '';
				let total = 0;
				for (let i = 0; i < iovcnt; i++) {
					const ptr = dv.getUint32(iov + 8 * i, true);
					const len = dv.getUint32(iov + 8 * i + 4, true);
					text += new TextDecoder().decode(new Uint8Array(memory.buffer, ptr, len));
					total += len;
				}
				(fd === 2 ? console.error : console.log)(text.replace(/\n$/, ''));
				dv.setUint32(pnum, total, true);
				return 0;
			},
			fd_close: () => 0,
			fd_seek: () => 70, // ESPIPE
		},
	};
	const imports = {};
	for (const imp of WebAssembly.Module.imports(module)) {
		if (imp.kind !== 'function') continue;
		const ns = (imports[imp.module] ||= {});
		const given = known[imp.module] && known[imp.module][imp.name];
		ns[imp.name] = given || (() => {
			throw new Error(`narrowphase: wasm import ${imp.module}.${imp.name} is not provided`);
		});
	}
	return imports;
}

/** Instantiates a compiled narrowphase module and returns its runtime. */
export async function createRuntime(module) {
	let exports = null;
	let rt = null;
	const instance = await WebAssembly.instantiate(module, makeImports(module, () => exports, () => rt));
	exports = instance.exports;
	rt = new Runtime(exports);
	return rt;
}
