// narrowphase: collision queries for 2D and 3D convex shapes, compiled from C to WebAssembly.
//
//   import { init } from 'narrowphase';
//   const np = await init();          // Node and browsers alike; init({ wasmBinary }) also works
//
// This file is the entry point: it loads js/narrowphase.wasm (a standalone wasm module, no
// Emscripten JS glue) into a runtime (runtime.mjs) and builds the `np` object over it: every
// public function is one line below, binding a module-level function of the API modules to the
// runtime. The shared queries (overlap, distance, penetration, manifold) go through one
// dispatcher by dimension: a pair whose shape A is a 3D shape goes to api3d.mjs, any other pair to
// api2d.mjs, and a 2D shape with a 3D one is NP_INVALID_ARGUMENT.
//
// ---------------------------------------------------------------------------------------------
// Adding an API module (rays, chains, ...)
// ---------------------------------------------------------------------------------------------
// Write it as functions and classes taking the runtime first (see api3d.mjs): wasm objects extend
// WasmObject (runtime.mjs: pointer, finalization, dispose(), disposed, NP_DISPOSED), io offsets
// come from js/layout.mjs (add them to the table in tools/iolayout.mjs, then make layout), limits
// are read once by a setup function into a field of the Runtime. Add its C shim
// (src/binding*.c), list the exported symbols in js/exports.txt, call its setup in create() and
// bind its public functions in makeApi(); declare them in narrowphase.d.ts.
import { NarrowphaseError, fail } from './errors.mjs';
import { createRuntime } from './runtime.mjs';
import * as d2 from './api2d.mjs';
import * as d3 from './api3d.mjs';
import { Shape3D } from './api3d.mjs';
import { ContactCache3D, contactCache3d } from './cache3d.mjs';
import { Mesh3D, mesh3d, meshContacts, setupMesh } from './apimesh.mjs';
import * as q from './apiquery.mjs';
import * as c3 from './apicast3d.mjs';

export { NarrowphaseError };

// ------------------------------------------------------------------------------ dispatch
// One small function per query (not a shared factory: V8 would give the closures of one site a
// shared call feedback, which would keep it from inlining the query behind it). The shape tests
// are written out (not d3.isShape3) to spare the caller's inlining budget for the query, and read
// the prototype's _dim first: a 2D pair then costs two loads, not two failing instanceof walks.

// (overlap and distance take no options; the parameter keeps np.overlap.length at 5, as it was.)
function overlapPair(rt, a, ta, b, tb) {
	if (a?._dim === 3 && a instanceof Shape3D && a._rt === rt) return d3.overlap3(rt, a, ta, b, tb);
	if (b?._dim === 3 && b instanceof Shape3D && b._rt === rt) d3.badShapes3(rt, 'overlap', a, b);
	return d2.overlap2(rt, a, ta, b, tb);
}

function distancePair(rt, a, ta, b, tb, options) {
	if (a?._dim === 3 && a instanceof Shape3D && a._rt === rt) return d3.distance3(rt, a, ta, b, tb);
	if (b?._dim === 3 && b instanceof Shape3D && b._rt === rt) d3.badShapes3(rt, 'distance', a, b);
	return d2.distance2(rt, a, ta, b, tb);
}

function penetrationPair(rt, a, ta, b, tb, options) {
	if (a?._dim === 3 && a instanceof Shape3D && a._rt === rt) return d3.penetration3(rt, a, ta, b, tb, options);
	if (b?._dim === 3 && b instanceof Shape3D && b._rt === rt) d3.badShapes3(rt, 'penetration', a, b);
	return d2.penetration2(rt, a, ta, b, tb, options);
}

function manifoldPair(rt, a, ta, b, tb, options) {
	if (a?._dim === 3 && a instanceof Shape3D && a._rt === rt) return d3.manifold3(rt, a, ta, b, tb, options);
	if (b?._dim === 3 && b instanceof Shape3D && b._rt === rt) d3.badShapes3(rt, 'manifold', a, b);
	return d2.manifold2(rt, a, ta, b, tb, options);
}

// Shape casts and time of impact: 3D shapes and meshes go to apicast3d.mjs.
function shapeCastPair(rt, shape, transform, translation, target, targetTransform, options) {
	if (shape?._dim === 3 && shape instanceof Shape3D && shape._rt === rt) {
		return c3.shapeCast3(rt, shape, transform, translation, target, targetTransform, options);
	}
	// 2D: apicast2d.mjs (merged by the lead)
	return fail('NP_INVALID_ARGUMENT', `shapeCast: the shape must be a Shape3D of this narrowphase instance (got ${shape?.kind ?? typeof shape})`);
}

function shapeCastManyPair(rt, shape, transforms, translations, target, targetTransform, out, options) {
	if (shape?._dim === 3 && shape instanceof Shape3D && shape._rt === rt) {
		return c3.shapeCastMany3(rt, shape, transforms, translations, target, targetTransform, out, options);
	}
	// 2D: apicast2d.mjs (merged by the lead)
	return fail('NP_INVALID_ARGUMENT', `shapeCastMany: the shape must be a Shape3D of this narrowphase instance (got ${shape?.kind ?? typeof shape})`);
}

function timeOfImpactPair(rt, a, sweepA, b, sweepB, options) {
	if (a?._dim === 3 && a instanceof Shape3D && a._rt === rt) return c3.timeOfImpact3(rt, a, sweepA, b, sweepB, options);
	// 2D: apicast2d.mjs (merged by the lead)
	return fail('NP_INVALID_ARGUMENT', `timeOfImpact: shape A must be a Shape3D of this narrowphase instance (got ${a?.kind ?? typeof a})`);
}

function minkowskiDifference(rt, a, ta, b, tb) {
	if (d3.isShape3(rt, a) || d3.isShape3(rt, b)) {
		fail('NP_INVALID_ARGUMENT', 'minkowskiDifference: only 2D shapes are supported');
	}
	return d2.minkowskiDifference2(rt, a, ta, b, tb);
}

// ------------------------------------------------------------------------------ the API object
// np's functions are the module functions bound to the runtime. V8 calls through a bound function
// as if the target were called directly, with the runtime a constant; a wrapper closure per
// function would spend the caller's inlining budget, and the hot queries need all of it.
function bound(rt, fn, name) {
	const f = fn.bind(undefined, rt);
	Object.defineProperty(f, 'name', { value: name });
	return f;
}

function makeApi(rt) {
	const limits2 = rt.limits2;
	const limits3 = rt.limits3;
	const limitsMesh = rt.limitsMesh;
	return {
		// 2D shapes (api2d.mjs)
		circle: bound(rt, d2.circle, 'circle'),
		box2d: bound(rt, d2.box2d, 'box2d'),
		capsule2d: bound(rt, d2.capsule2d, 'capsule2d'),
		polygon2d: bound(rt, d2.polygon2d, 'polygon2d'),
		// queries, 2D and 3D
		overlap: function overlap(a, ta, b, tb, options) { return overlapPair(rt, a, ta, b, tb); },
		distance: function distance(a, ta, b, tb, options) { return distancePair(rt, a, ta, b, tb, options); },
		penetration: function penetration(a, ta, b, tb, options) { return penetrationPair(rt, a, ta, b, tb, options); },
		manifold: function manifold(a, ta, b, tb, options) { return manifoldPair(rt, a, ta, b, tb, options); },
		minkowskiDifference: bound(rt, minkowskiDifference, 'minkowskiDifference'),
		Shape2D: d2.Shape2D,
		limits2d: Object.freeze({ maxPolygonVertices: limits2.maxVertices, maxPolygonInput: limits2.maxInput }),
		// 3D shapes (api3d.mjs) and contact caches (cache3d.mjs)
		sphere: bound(rt, d3.sphere, 'sphere'),
		capsule3d: bound(rt, d3.capsule3d, 'capsule3d'),
		box3d: bound(rt, d3.box3d, 'box3d'),
		hull3d: bound(rt, d3.hull3d, 'hull3d'),
		triangle3d: bound(rt, d3.triangle3d, 'triangle3d'),
		contactCache3d: bound(rt, contactCache3d, 'contactCache3d'),
		Shape3D: d3.Shape3D,
		ContactCache3D,
		limits3d: Object.freeze({ maxHullInput: limits3.maxInput, maxHullVertices: limits3.maxVertices, userData: limits3.userData }),
		// meshes (apimesh.mjs)
		mesh3d: bound(rt, mesh3d, 'mesh3d'),
		meshContacts: bound(rt, meshContacts, 'meshContacts'),
		Mesh3D,
		limitsMesh: Object.freeze({
			maxTriangles: limitsMesh.maxTriangles, maxPoints: limitsMesh.maxPoints, maxMeshes: limitsMesh.maxMeshes,
			featureTolerance: limitsMesh.featureTolerance,
		}),
		// rays, points and bounds, 2D and 3D (apiquery.mjs)
		rayCast: function rayCast(target, transform, origin, direction, options) {
			return q.rayCast(rt, target, transform, origin, direction, options);
		},
		rayCastMany: bound(rt, q.rayCastMany, 'rayCastMany'),
		containsPoint: bound(rt, q.containsPoint, 'containsPoint'),
		closestPoint: bound(rt, q.closestPoint, 'closestPoint'),
		bounds: bound(rt, q.bounds, 'bounds'),
		queryTriangles: bound(rt, q.queryTriangles, 'queryTriangles'),
		// shape casts and time of impact (apicast3d.mjs; 2D: apicast2d.mjs)
		shapeCast: function shapeCast(shape, transform, translation, target, targetTransform, options) {
			return shapeCastPair(rt, shape, transform, translation, target, targetTransform, options);
		},
		shapeCastMany: bound(rt, shapeCastManyPair, 'shapeCastMany'),
		timeOfImpact: bound(rt, timeOfImpactPair, 'timeOfImpact'),
		castHitSize3d: c3.CAST_HIT_SIZE3,
		NarrowphaseError,
		/** Bytes currently allocated in the wasm heap (for leak checks). */
		heapInUse: () => rt.exports.npwHeapInUse(),
		/** Current size of the wasm memory in bytes. */
		memoryBytes: () => rt.memory.buffer.byteLength,
	};
}

// ------------------------------------------------------------------------------ loading
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
	const rt = await createRuntime(module);
	d2.setup2d(rt);
	d3.setup3d(rt);
	setupMesh(rt);
	q.setupQuery(rt);
	c3.setupCast3(rt);
	return makeApi(rt);
}
