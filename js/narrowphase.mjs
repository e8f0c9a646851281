// narrowphase: collision queries for 2D and 3D convex shapes, compiled from C to WebAssembly.
//
//   import { init } from 'narrowphase';
//   const np = await init();          // Node and browsers alike; also init({ wasmUrl | wasmBinary | wasmModule })
//   const np2 = await init({ dimensions: 2 });   // the 2D-only wasm, a third of the bytes (dimensions.mjs)
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
// Setup functions run on every instance, also those of init({ dimensions }) whose module lacks the
// other dimension's exports: a setup may call only the limits exports (a name containing "Limits"
// is in every module; js/exports.txt). A function of one dimension goes in dimensions.mjs's lists.
import { NarrowphaseError, fail } from './errors.mjs';
import { createRuntime } from './runtime.mjs';
import * as d2 from './api2d.mjs';
import * as d3 from './api3d.mjs';
import { Shape3D } from './api3d.mjs';
import { ContactCache3D, contactCache3d } from './cache3d.mjs';
import { ContactCache2D, contactCache2d } from './cache2d.mjs';
import { Mesh3D, mesh3d, meshContacts, setupMesh } from './apimesh.mjs';
import * as q from './apiquery.mjs';
import * as batch from './apibatch.mjs';
import { PairBatch, pairBatch } from './apipairbatch.mjs';
import { RayBatch, rayBatch } from './apiraybatch.mjs';
import * as c2 from './apicast2d.mjs';
import { Chain2D, chain2d, chainContacts, setupChain } from './apichain.mjs';
import * as c3 from './apicast3d.mjs';
import { readDimensions, moduleDimensions, moduleFile, restrictApi } from './dimensions.mjs';

export { NarrowphaseError };

// ------------------------------------------------------------------------------ dispatch
// One small function per query (not a shared factory: V8 would give the closures of one site a
// shared call feedback, which would keep it from inlining the query behind it). The shape tests
// are written out (not d3.isShape3) to spare the caller's inlining budget for the query, and read
// the prototype's _dim first: a 2D pair then costs two loads, not two failing instanceof walks.

// (overlap and distance take options only for 2D traces: { trace: true }, js/trace2d.mjs.)
function overlapPair(rt, a, ta, b, tb, options) {
	if (a?._dim === 3 && a instanceof Shape3D && a._rt === rt) return d3.overlap3(rt, a, ta, b, tb);
	if (b?._dim === 3 && b instanceof Shape3D && b._rt === rt) d3.badShapes3(rt, 'overlap', a, b);
	return d2.overlap2(rt, a, ta, b, tb, options);
}

function distancePair(rt, a, ta, b, tb, options) {
	if (a?._dim === 3 && a instanceof Shape3D && a._rt === rt) return d3.distance3(rt, a, ta, b, tb, options);
	if (b?._dim === 3 && b instanceof Shape3D && b._rt === rt) d3.badShapes3(rt, 'distance', a, b);
	return d2.distance2(rt, a, ta, b, tb, options);
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
function minkowskiDifference(rt, a, ta, b, tb) {
	if (d3.isShape3(rt, a) || d3.isShape3(rt, b)) {
		fail('NP_INVALID_ARGUMENT', 'minkowskiDifference: only 2D shapes are supported');
	}
	return d2.minkowskiDifference2(rt, a, ta, b, tb);
}

// Shape casts and time of impact: a 3D shape goes to apicast3d.mjs, anything else to apicast2d.mjs;
// each rejects a shape paired with a target of the other dimension as mixed dimensions.
function shapeCastPair(rt, shape, transform, translation, target, targetTransform, options) {
	if (shape?._dim === 3 && shape instanceof Shape3D && shape._rt === rt) {
		return c3.shapeCast3(rt, shape, transform, translation, target, targetTransform, options);
	}
	return c2.shapeCast2(rt, shape, transform, translation, target, targetTransform, options);
}

function shapeCastManyPair(rt, shape, placements, translations, target, targetTransform, out, options) {
	if (shape?._dim === 3 && shape instanceof Shape3D && shape._rt === rt) {
		return c3.shapeCastMany3(rt, shape, placements, translations, target, targetTransform, out, options);
	}
	return c2.shapeCastMany2(rt, shape, placements, translations, target, targetTransform, out, options);
}

function timeOfImpactPair(rt, a, sweepA, b, sweepB, options) {
	if (a?._dim === 3 && a instanceof Shape3D && a._rt === rt) return c3.timeOfImpact3(rt, a, sweepA, b, sweepB, options);
	return c2.timeOfImpact2(rt, a, sweepA, b, sweepB, options);
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
		overlap: function overlap(a, ta, b, tb, options) { return overlapPair(rt, a, ta, b, tb, options); },
		distance: function distance(a, ta, b, tb, options) { return distancePair(rt, a, ta, b, tb, options); },
		penetration: function penetration(a, ta, b, tb, options) { return penetrationPair(rt, a, ta, b, tb, options); },
		manifold: function manifold(a, ta, b, tb, options) { return manifoldPair(rt, a, ta, b, tb, options); },
		minkowskiDifference: bound(rt, minkowskiDifference, 'minkowskiDifference'),
		Shape2D: d2.Shape2D,
		contactCache2d: bound(rt, contactCache2d, 'contactCache2d'),
		ContactCache2D,
		transform2d: bound(rt, d2.transform2d, 'transform2d'),
		Transform2D: d2.Transform2D,
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
		// 2D chains (apichain.mjs)
		chain2d: bound(rt, chain2d, 'chain2d'),
		chainContacts: bound(rt, chainContacts, 'chainContacts'),
		Chain2D,
		limitsChain: Object.freeze({
			maxPoints: rt.limitsChain.maxPoints, maxContacts: rt.limitsChain.maxContacts, maxCandidates: rt.limitsChain.maxCandidates,
			maxChains: rt.limitsChain.maxChains, featureTolerance: rt.limitsChain.featureTolerance,
		}),
		// rays, points and bounds, 2D and 3D (apiquery.mjs)
		rayCast: function rayCast(target, transform, origin, direction, options) {
			return q.rayCast(rt, target, transform, origin, direction, options);
		},
		rayCastMany: bound(rt, q.rayCastMany, 'rayCastMany'),
		rayBatch: bound(rt, rayBatch, 'rayBatch'), // prepared rays in wasm memory (apiraybatch.mjs)
		RayBatch,
		containsPoint: bound(rt, q.containsPoint, 'containsPoint'),
		closestPoint: bound(rt, q.closestPoint, 'closestPoint'),
		bounds: bound(rt, q.bounds, 'bounds'),
		queryTriangles: bound(rt, q.queryTriangles, 'queryTriangles'),
		// batches: one call over n pairs, 2D or 3D (apibatch.mjs)
		overlapBatch: bound(rt, batch.overlapBatch, 'overlapBatch'),
		manifoldBatch: bound(rt, batch.manifoldBatch, 'manifoldBatch'),
		penetrationBatch: bound(rt, batch.penetrationBatch, 'penetrationBatch'),
		distanceBatch: bound(rt, batch.distanceBatch, 'distanceBatch'),
		pairBatch: bound(rt, pairBatch, 'pairBatch'),
		PairBatch,
		// shape casts and time of impact (apicast2d.mjs, apicast3d.mjs)
		shapeCast: function shapeCast(shape, transform, translation, target, targetTransform, options) {
			return shapeCastPair(rt, shape, transform, translation, target, targetTransform, options);
		},
		shapeCastMany: bound(rt, shapeCastManyPair, 'shapeCastMany'),
		timeOfImpact: function timeOfImpact(a, sweepA, b, sweepB, options) {
			return timeOfImpactPair(rt, a, sweepA, b, sweepB, options);
		},
		castHitSize3d: c3.CAST_HIT_SIZE3,
		NarrowphaseError,
		/** Bytes currently allocated in the wasm heap (for leak checks). */
		heapInUse: () => rt.exports.npwHeapInUse(),
		/** Current size of the wasm memory in bytes. */
		memoryBytes: () => rt.memory.buffer.byteLength,
	};
}

// ------------------------------------------------------------------------------ loading
// Where the wasm comes from, first match wins: options.wasmModule (compiled already),
// options.wasmBinary (its bytes), options.wasmUrl (fetched; in Node a file: URL or a path is read
// from disk), else narrowphase.wasm next to this file. That default is written as
// new URL('./narrowphase.wasm', import.meta.url) on purpose: Vite, webpack 5, Parcel and esbuild
// recognise the pattern and ship the file with the bundle. The build writes two other entry points
// from this file (tools/build_package.mjs): narrowphase.cjs for require() and narrowphase.inline.mjs
// (.cjs), which carries the wasm as base64 and passes it as wasmBinary.
//
// No top-level await anywhere in the package (a module with one cannot be require()d, and it stalls
// every importer): all loading happens inside init(). Anything that cannot be read, fetched or
// compiled is NP_WASM_LOAD; a wasm that is not this release's narrowphase.wasm is NP_WASM_VERSION.

/** The release of this JS; the wasm must report the same one (src/bindingversion.c). */
export const version = '0.1.0';

/** version as the wasm reports it: major * 10000 + minor * 100 + patch. */
function versionNumber(v) {
	const [major, minor, patch] = v.split(/[.+-]/).map(Number);
	return major * 10000 + minor * 100 + patch;
}

function versionString(n) {
	return `${Math.floor(n / 10000)}.${Math.floor(n / 100) % 100}.${n % 100}`;
}

const isNode = typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
	process.versions !== null && typeof process.versions.node === 'string';

/** A Node built-in module, kept out of bundlers' sight: given a literal import('node:...'), Vite
 *  and webpack try to bundle it for browsers and warn. */
async function nodeBuiltin(name) {
	if (typeof process.getBuiltinModule === 'function') return process.getBuiltinModule(name); // Node >= 20.16
	return import(/* webpackIgnore: true */ /* @vite-ignore */ name);
}

function loadError(code, message, cause) {
	const e = new NarrowphaseError(code, `narrowphase: ${message}`);
	if (cause !== undefined) e.cause = cause;
	return e;
}

/** The wasm's URL: options.wasmUrl resolved against the page (in Node, a path against the working
 *  directory). */
async function resolveUrl(wasmUrl) {
	if (wasmUrl instanceof URL) return wasmUrl;
	if (typeof wasmUrl !== 'string' || wasmUrl === '') {
		fail('NP_INVALID_ARGUMENT', 'init: wasmUrl must be a URL or a non-empty string');
	}
	// In Node a string without a scheme is a file path (a Windows drive letter is not a scheme).
	if (isNode && !/^[a-z][a-z0-9+.-]+:/i.test(wasmUrl)) return (await nodeBuiltin('node:url')).pathToFileURL(wasmUrl);
	const base = typeof document === 'object' && document !== null && document.baseURI ? document.baseURI
		: typeof location === 'object' && location !== null && location.href ? location.href : undefined;
	try {
		return new URL(wasmUrl, base);
	} catch (e) {
		throw loadError('NP_WASM_LOAD', `wasmUrl ${JSON.stringify(wasmUrl)} is not a URL`, e);
	}
}

async function compileBytes(bytes, where) {
	try {
		return await WebAssembly.compile(bytes);
	} catch (e) {
		const head = new Uint8Array(ArrayBuffer.isView(bytes) ? bytes.buffer : bytes,
			ArrayBuffer.isView(bytes) ? bytes.byteOffset : 0, Math.min(bytes.byteLength, 64));
		const text = String.fromCharCode(...head).trimStart();
		const hint = text.startsWith('<') ? ' (it is a web page: the server answered with HTML, is the URL right?)' : '';
		throw loadError('NP_WASM_LOAD', `${where} is not a WebAssembly module${hint}: ${e.message}`, e);
	}
}

async function fetchModule(url) {
	const where = url.href.startsWith('data:') ? 'the wasm data: URL' : url.href;
	if (isNode && url.protocol === 'file:') {
		const fs = await nodeBuiltin('node:fs/promises');
		let bytes;
		try {
			bytes = await fs.readFile(url);
		} catch (e) {
			throw loadError('NP_WASM_LOAD', `cannot read ${where} (${e.code || e.message}); pass init({ wasmUrl }) or init({ wasmBinary })`, e);
		}
		return compileBytes(bytes, where);
	}
	if (typeof fetch !== 'function') {
		throw loadError('NP_WASM_LOAD', `cannot fetch ${where}: this environment has no fetch(); pass init({ wasmBinary })`);
	}
	let response;
	try {
		response = await fetch(url);
	} catch (e) {
		throw loadError('NP_WASM_LOAD', `cannot fetch ${where} (${e.message}); host it and pass init({ wasmUrl }), or use 'narrowphase/inline'`, e);
	}
	if (!response.ok) {
		throw loadError('NP_WASM_LOAD', `cannot fetch ${where} (HTTP ${response.status}); host it and pass init({ wasmUrl }), or use 'narrowphase/inline'`);
	}
	// Stream-compile when the server says application/wasm (browsers insist on it); any other type
	// would make compileStreaming fail, so those bytes are compiled whole.
	const type = (response.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
	if (type === 'application/wasm' && typeof WebAssembly.compileStreaming === 'function') {
		try {
			return await WebAssembly.compileStreaming(response);
		} catch (e) {
			throw loadError('NP_WASM_LOAD', `${where} is not a WebAssembly module: ${e.message}`, e);
		}
	}
	let bytes;
	try {
		bytes = await response.arrayBuffer();
	} catch (e) {
		throw loadError('NP_WASM_LOAD', `cannot fetch ${where} (${e.message})`, e);
	}
	return compileBytes(bytes, where);
}

/** The compiled module and a name for it in messages, from init's options. */
async function loadModule(options) {
	if (options.wasmModule !== undefined) {
		if (!(options.wasmModule instanceof WebAssembly.Module)) {
			fail('NP_INVALID_ARGUMENT', 'init: wasmModule must be a WebAssembly.Module');
		}
		return { module: options.wasmModule, where: 'wasmModule' };
	}
	if (options.wasmBinary !== undefined) {
		const bytes = options.wasmBinary;
		if (!(bytes instanceof ArrayBuffer) && !ArrayBuffer.isView(bytes)) {
			fail('NP_INVALID_ARGUMENT', 'init: wasmBinary must be an ArrayBuffer or a typed array');
		}
		return { module: await compileBytes(bytes, 'wasmBinary'), where: 'wasmBinary' };
	}
	const url = options.wasmUrl !== undefined ? await resolveUrl(options.wasmUrl) : defaultUrl(readDimensions(options));
	return { module: await fetchModule(url), where: url.protocol === 'data:' ? 'the wasm data: URL' : url.href };
}

/** The module beside this file for init({ dimensions }): one literal new URL() per file, the
 *  pattern bundlers recognise (each file is shipped; a page downloads the one it asks for). */
function defaultUrl(dimensions) {
	if (dimensions === 2) return new URL('./narrowphase2d.wasm', import.meta.url);
	if (dimensions === 3) return new URL('./narrowphase3d.wasm', import.meta.url);
	return new URL('./narrowphase.wasm', import.meta.url);
}

/** The instance's dimensions: those asked for, which the module must have (NP_WASM_VERSION
 *  otherwise), else all the module has. */
function instanceDimensions(module, where, asked) {
	const has = moduleDimensions(module);
	// No query at all: not narrowphase's module; the version check after instantiation says so.
	if (has.length === 0) return asked === undefined ? [2, 3] : [asked];
	if (asked === undefined) return has;
	if (!has.includes(asked)) {
		throw loadError('NP_WASM_VERSION', `${where} is ${moduleFile(has)}, which has no ${asked}D functions: ` +
			`init({ dimensions: ${asked} }) needs ${moduleFile([asked])} or narrowphase.wasm`);
	}
	return [asked];
}

/** NP_WASM_VERSION unless the module is a narrowphase.wasm (checked before it is instantiated). */
function checkExports(module, where) {
	const names = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
	for (const name of ['npwVersion', 'malloc', 'free', 'memory']) {
		if (!names.has(name)) {
			throw loadError('NP_WASM_VERSION', `${where} is not narrowphase.wasm ${version} (it exports no ${name}): ` +
				'use the narrowphase.wasm of the same package as this JS');
		}
	}
}

/** The cached default instances, by options.dimensions (0: both). */
const defaultInstances = [null, null, null, null];

/**
 * Loads the wasm module and returns the API object. `init()` without options is cached (every
 * call returns the same object), as is `init({ dimensions })` per dimension; `init({ wasmUrl })`,
 * `init({ wasmBinary })` and `init({ wasmModule })` always make a new instance.
 */
export function init(options) {
	if (options !== undefined && options !== null && typeof options !== 'object') {
		return Promise.reject(new NarrowphaseError('NP_INVALID_ARGUMENT', 'init: options must be an object'));
	}
	let dimensions;
	try {
		dimensions = readDimensions(options);
	} catch (e) {
		return Promise.reject(e);
	}
	if (options === undefined || options === null ||
		(options.wasmBinary === undefined && options.wasmUrl === undefined && options.wasmModule === undefined)) {
		const key = dimensions ?? 0;
		if (defaultInstances[key] === null) {
			const made = create(dimensions === undefined ? {} : { dimensions });
			defaultInstances[key] = made;
			made.catch(() => {
				defaultInstances[key] = null;
			});
		}
		return defaultInstances[key];
	}
	return create(options);
}

async function create(options) {
	const { module, where } = await loadModule(options);
	checkExports(module, where);
	const dimensions = instanceDimensions(module, where, readDimensions(options));
	const rt = await createRuntime(module);
	const wasmVersion = rt.exports.npwVersion();
	if (wasmVersion !== versionNumber(version)) {
		throw loadError('NP_WASM_VERSION', `${where} is narrowphase.wasm ${versionString(wasmVersion)}, this JS is ${version}: ` +
			'use the narrowphase.wasm of the same package as this JS (a stale copy in a cache or on a CDN?)');
	}
	d2.setup2d(rt);
	d3.setup3d(rt);
	setupMesh(rt);
	q.setupQuery(rt);
	batch.setupBatch(rt);
	c2.setupCast2d(rt);
	setupChain(rt);
	c3.setupCast3(rt);
	return restrictApi(makeApi(rt), dimensions);
}
