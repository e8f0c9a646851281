// Instances of one dimension: init({ dimensions: 2 }) and init({ dimensions: 3 }).
//
// The package ships three wasm modules built from the same objects (Makefile, "One module per
// dimension"): narrowphase.wasm with everything, narrowphase2d.wasm with the 2D exports only and
// narrowphase3d.wasm with the 3D ones; the linker drops the code the exports do not reach, so a 2D
// page downloads about a third of the full module. The results are the same bits (the same C
// compiled the same way; tests/node/vectors.test.mjs checks every vector through each module).
//
// The JS is the same for all three. An instance of one dimension builds the whole API object, then
// replaces each function of the other dimension (the constructors and the functions that only
// exist for it) by one that throws NP_UNSUPPORTED and says how to get it. The shared functions
// (overlap, rayCast, batches, casts...) stay: they dispatch on their shapes, and no shape of the
// other dimension can be made in this instance. The limits functions of both dimensions are in
// every module (they write constants), so every runtime is set up the same way.
//
// Which wasm an instance loads: init({ dimensions }) picks the file beside the JS (narrowphase.mjs
// writes one literal new URL(...) per file, which bundlers follow); with a wasmUrl, wasmBinary or
// wasmModule the caller's module must contain the dimension asked for (NP_WASM_VERSION otherwise),
// and without `dimensions` the instance has what that module has.
import { fail, describe } from './errors.mjs';

/** np functions that exist only for 2D shapes. */
export const ONLY_2D = [
	'circle', 'box2d', 'capsule2d', 'polygon2d', 'transform2d', 'minkowskiDifference', 'contactCache2d',
	'chain2d', 'chainContacts',
];

/** np functions that exist only for 3D shapes and meshes. */
export const ONLY_3D = [
	'sphere', 'capsule3d', 'box3d', 'hull3d', 'triangle3d', 'contactCache3d', 'mesh3d', 'meshContacts',
	'queryTriangles',
];

/** init's options.dimensions: undefined (both), 2 or 3; NP_INVALID_ARGUMENT for anything else. */
export function readDimensions(options) {
	const d = options === undefined || options === null ? undefined : options.dimensions;
	if (d === undefined || d === null) return undefined;
	if (d !== 2 && d !== 3) fail('NP_INVALID_ARGUMENT', `init: options.dimensions must be 2 or 3, or left out for both (got ${describe(d)})`);
	return d;
}

/** The dimensions a compiled narrowphase module implements, read from its exports. */
export function moduleDimensions(module) {
	const names = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
	return [2, 3].filter((d) => names.has(`npwOverlap${d}`));
}

/** The file name of the module with `dims` (an array: [2], [3] or [2, 3]). */
export function moduleFile(dims) {
	return dims.length === 1 ? `narrowphase${dims[0]}d.wasm` : 'narrowphase.wasm';
}

function unsupported(name, has, missing) {
	const f = function () {
		fail('NP_UNSUPPORTED', `np.${name}: this instance has the ${has}D functions only (init({ dimensions: ${has} }), ` +
			`${moduleFile([has])}); for ${missing}D, make another instance with init({ dimensions: ${missing} }), ` +
			'or use init() for both dimensions in one');
	};
	Object.defineProperty(f, 'name', { value: name });
	return f;
}

/** Sets api.dimensions and, for one dimension, makes the other dimension's functions throw. */
export function restrictApi(api, dims) {
	if (dims.length === 1) {
		const has = dims[0];
		for (const name of has === 2 ? ONLY_3D : ONLY_2D) api[name] = unsupported(name, has, 5 - has);
	}
	api.dimensions = Object.freeze(dims.slice());
	return api;
}
