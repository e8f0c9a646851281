// narrowphase: collision queries for 2D and 3D convex shapes, compiled from C to WebAssembly.
//
//   import { init } from 'narrowphase';
//   const np = await init();          // Node and browsers alike; init({ wasmBinary }) also works
//
// This file is the entry point: it loads js/narrowphase.wasm (a standalone wasm module, no
// Emscripten JS glue), owns the wasm memory views, the shared scratch block, the error class and
// the shape base class, and then lets each API module add its functions to `np`.
//
// ---------------------------------------------------------------------------------------------
// Extension point (for api3d.mjs, apimesh.mjs, ...)
// ---------------------------------------------------------------------------------------------
// An API module is an ES module that exports `install(np, ctx)`. To add one: import it below and
// append it to API_MODULES; add its C shim (src/binding3d.c ...) and list its exported symbols in
// js/exports.txt. `install` is called once per init() with the `np` object to extend and `ctx`:
//
//   ctx.exports         the wasm instance's exports (C functions without the leading underscore)
//   ctx.memory          the WebAssembly.Memory
//   ctx.heap            { f64, i32, u32, u8 } views over the whole memory; the object is stable but
//                       its fields are replaced when memory grows, so read them at use time, or
//   ctx.onMemoryGrowth(fn)  register fn(heap) to refresh views you cache yourself (called after
//                       any growth; memory can only grow inside malloc)
//   ctx.malloc(bytes)   allocate (8-byte aligned); throws NarrowphaseError on exhaustion
//   ctx.free(ptr)
//   ctx.scratch         { ptr, index, doubles }: a preallocated block of `doubles` doubles at byte
//                       address ptr (= f64 index `index`), shared by every module; valid only
//                       during one synchronous call (never keep data in it across calls)
//   ctx.NarrowphaseError, ctx.fail(code, message) (throws), ctx.codeName(npResult) -> 'NP_...'
//   ctx.Shape           base class of every shape: constructor(ptr, kind), dispose(), ._ptr
//                       (0 once disposed); subclass it per API module (2D shapes, 3D shapes...)
//   ctx.checkNumber(v, where)  throws NP_INVALID_ARGUMENT / NP_NON_FINITE unless v is a finite number
//   ctx.requireNumber(v, where) throws NP_INVALID_ARGUMENT unless v is a number (C checks the range)
//   ctx.construct(bytes, make, onError)  allocates `bytes`, runs the C constructor make(ptr) and
//                       returns ptr; frees the block and calls onError(rc) (which throws) when make
//                       returns an error code, frees it and rethrows when make throws
//
// A shape subclass is registered with the shared FinalizationRegistry by the Shape constructor,
// so shapes that are never disposed are freed after garbage collection.
import * as api2d from './api2d.mjs';
import * as api3d from './api3d.mjs';
import * as apimesh from './apimesh.mjs';

// Order matters: the mesh module takes the 3D module's shapes.
const API_MODULES = [api2d, api3d, apimesh];

/** Error thrown for bad input. `code` is a stable string such as 'NP_NON_FINITE'. */
export class NarrowphaseError extends Error {
	constructor(code, message) {
		super(message);
		this.name = 'NarrowphaseError';
		this.code = code;
	}
}

// npResult values (src/include/narrowphase/base.h) -> stable codes.
const CODE_NAMES = [
	'NP_OK',
	'NP_NON_FINITE',
	'NP_DEGENERATE',
	'NP_TOO_MANY_POINTS',
	'NP_INVALID_RADIUS',
	'NP_INVALID_EXTENT',
	'NP_INVALID_TRANSFORM',
	'NP_INVALID_ARGUMENT',
	'NP_CAPACITY',
	'NP_OUT_OF_RANGE',
];

function codeName(result) {
	return CODE_NAMES[result] || 'NP_INVALID_ARGUMENT';
}

function fail(code, message) {
	throw new NarrowphaseError(code, message);
}

function checkNumber(v, where) {
	if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `${where} must be a number (got ${describe(v)})`);
	if (!Number.isFinite(v)) fail('NP_NON_FINITE', `${where} is not finite (got ${v})`);
	return v;
}

function requireNumber(v, where) {
	if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `${where} must be a number (got ${describe(v)})`);
	return v;
}

function describe(v) {
	if (v === null) return 'null';
	if (Array.isArray(v)) return `an array of length ${v.length}`;
	if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 20 ? v.slice(0, 20) + '...' : v)}`;
	if (typeof v === 'object') return (v.constructor && v.constructor.name) || 'an object';
	return String(v);
}

const isNode = typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
	process.versions !== null && typeof process.versions.node === 'string';

async function loadBinary() {
	const url = new URL('./narrowphase.wasm', import.meta.url);
	if (isNode && url.protocol === 'file:') {
		const fs = await import('node:fs/promises');
		return { bytes: await fs.readFile(url) };
	}
	if (typeof WebAssembly.compileStreaming === 'function') {
		try {
			return { module: await WebAssembly.compileStreaming(fetch(url)) };
		} catch (e) {
			// Wrong MIME type (a server that does not know .wasm): fetch again and compile the bytes.
			if (!(e instanceof TypeError)) throw e;
		}
	}
	const r = await fetch(url);
	if (!r.ok) throw new Error(`narrowphase: cannot load ${url} (HTTP ${r.status})`);
	return { bytes: await r.arrayBuffer() };
}

// Imports the standalone module may ask for. Only emscripten_notify_memory_growth is used by the
// current build; the WASI entries cover a debug build that prints. Any other import becomes a
// stub that throws, so a new dependency shows up as a clear error rather than a link failure.
function makeImports(module, state) {
	const known = {
		env: {
			emscripten_notify_memory_growth: () => state.refresh(),
		},
		wasi_snapshot_preview1: {
			proc_exit: (code) => {
				throw new Error(`narrowphase: wasm called exit(${code})`);
			},
			fd_write: (fd, iov, iovcnt, pnum) => {
				const dv = new DataView(state.memory.buffer);
				let text = '';
				let total = 0;
				for (let i = 0; i < iovcnt; i++) {
					const ptr = dv.getUint32(iov + 8 * i, true);
					const len = dv.getUint32(iov + 8 * i + 4, true);
					text += new TextDecoder().decode(new Uint8Array(state.memory.buffer, ptr, len));
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

let defaultInstance = null;

/**
 * Loads the wasm module and returns the API object. `init()` without options is cached (every
 * call returns the same object); `init({ wasmBinary })` always makes a new instance.
 */
export function init(options) {
	if (options === undefined || options === null || options.wasmBinary === undefined) {
		if (defaultInstance === null) {
			defaultInstance = create(undefined);
			defaultInstance.catch(() => {
				defaultInstance = null;
			});
		}
		return defaultInstance;
	}
	return create(options.wasmBinary);
}

async function create(wasmBinary) {
	let module;
	if (wasmBinary !== undefined) {
		if (!(wasmBinary instanceof ArrayBuffer) && !ArrayBuffer.isView(wasmBinary)) {
			fail('NP_INVALID_ARGUMENT', 'init: wasmBinary must be an ArrayBuffer or a typed array');
		}
		module = await WebAssembly.compile(wasmBinary);
	} else {
		const loaded = await loadBinary();
		module = loaded.module || (await WebAssembly.compile(loaded.bytes));
	}

	const growthListeners = [];
	const heap = { f64: null, i32: null, u32: null, u8: null };
	const state = {
		memory: null,
		refresh() {
			const buffer = state.memory.buffer;
			if (heap.u8 !== null && heap.u8.buffer === buffer) return;
			heap.f64 = new Float64Array(buffer);
			heap.i32 = new Int32Array(buffer);
			heap.u32 = new Uint32Array(buffer);
			heap.u8 = new Uint8Array(buffer);
			for (const fn of growthListeners) fn(heap);
		},
	};
	const instance = await WebAssembly.instantiate(module, makeImports(module, state));
	const ex = instance.exports;
	state.memory = ex.memory;
	state.refresh();
	if (typeof ex._initialize === 'function') ex._initialize();

	const wasmMalloc = ex.malloc;
	const wasmFree = ex.free;
	function malloc(bytes) {
		const ptr = wasmMalloc(bytes);
		if (ptr === 0) fail('NP_CAPACITY', `out of wasm memory (allocating ${bytes} bytes)`);
		state.refresh(); // cheap when the memory did not grow
		return ptr;
	}
	function free(ptr) {
		if (ptr !== 0) wasmFree(ptr);
	}

	// Shapes never disposed are freed after garbage collection.
	const registry = typeof FinalizationRegistry === 'function'
		? new FinalizationRegistry((ptr) => wasmFree(ptr))
		: null;

	class Shape {
		constructor(ptr, kind) {
			this._ptr = ptr;
			this.kind = kind;
			if (registry !== null) registry.register(this, ptr, this);
		}
		/** Frees the wasm memory now. Calling it again does nothing. */
		dispose() {
			const ptr = this._ptr;
			if (ptr === 0) return;
			this._ptr = 0;
			if (registry !== null) registry.unregister(this);
			wasmFree(ptr);
		}
		/** True once dispose() was called. */
		get disposed() {
			return this._ptr === 0;
		}
	}

	const SCRATCH_DOUBLES = 4096;
	const scratchPtr = malloc(SCRATCH_DOUBLES * 8);
	const scratch = { ptr: scratchPtr, index: scratchPtr >>> 3, doubles: SCRATCH_DOUBLES };

	const np = {};
	const ctx = {
		exports: ex,
		memory: ex.memory,
		heap,
		onMemoryGrowth(fn) {
			growthListeners.push(fn);
		},
		malloc,
		free,
		scratch,
		NarrowphaseError,
		fail,
		codeName,
		checkNumber,
		requireNumber,
		construct(bytes, make, onError) {
			const ptr = malloc(bytes);
			let rc;
			try {
				rc = make(ptr);
			} catch (e) {
				free(ptr);
				throw e;
			}
			if (rc !== 0) {
				free(ptr);
				onError(rc);
			}
			return ptr;
		},
		describe,
		Shape,
	};
	for (const m of API_MODULES) m.install(np, ctx);
	np.NarrowphaseError = NarrowphaseError;
	/** Bytes currently allocated in the wasm heap (for leak checks). */
	np.heapInUse = () => ex.npwHeapInUse();
	/** Current size of the wasm memory in bytes. */
	np.memoryBytes = () => ex.memory.buffer.byteLength;
	return np;
}
