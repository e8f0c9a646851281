// Errors and argument checks shared by every module of the narrowphase JS API.
//
// Every error thrown for bad input is a NarrowphaseError whose `code` is a stable string: the C
// library's npResult names (src/include/narrowphase/base.h) plus NP_DISPOSED, which only the JS
// side raises (a wasm object used after dispose()), and NP_UNSUPPORTED (a function of the other
// dimension on an instance loaded with init({ dimensions }); dimensions.mjs).

/** Error thrown for bad input. `code` is a stable string such as 'NP_NON_FINITE'. */
export class NarrowphaseError extends Error {
	constructor(code, message) {
		super(message);
		this.name = 'NarrowphaseError';
		this.code = code;
	}
}

// npResult values -> stable codes.
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

/** The stable code of an npResult returned by the wasm. */
export function codeName(result) {
	return CODE_NAMES[result] || 'NP_INVALID_ARGUMENT';
}

/** Throws a NarrowphaseError. */
export function fail(code, message) {
	throw new NarrowphaseError(code, message);
}

/** v, when it is a finite number; else NP_INVALID_ARGUMENT (not a number) or NP_NON_FINITE. */
export function checkNumber(v, where) {
	if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `${where} must be a number (got ${describe(v)})`);
	if (!Number.isFinite(v)) fail('NP_NON_FINITE', `${where} is not finite (got ${v})`);
	return v;
}

/** v, when it is a number (the C side checks its range); else NP_INVALID_ARGUMENT. */
export function requireNumber(v, where) {
	if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `${where} must be a number (got ${describe(v)})`);
	return v;
}

/** A short description of a bad argument for error messages. */
export function describe(v) {
	if (v === null) return 'null';
	if (Array.isArray(v)) return `an array of length ${v.length}`;
	if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 20 ? v.slice(0, 20) + '...' : v)}`;
	if (typeof v === 'object') return (v.constructor && v.constructor.name) || 'an object';
	return String(v);
}

/**
 * options.out of a query that returns an object, when given: a result returned earlier (an object
 * whose vector `fields` are arrays of `dim` numbers), to refill in place; undefined otherwise.
 * NP_INVALID_ARGUMENT for anything else (and for options that are not an object).
 */
// A loop, not fields.every(closure): the closure was allocated on every call with options.out.
function hasVectors(out, fields, dim) {
	for (let i = 0; i < fields.length; i++) {
		const v = out[fields[i]];
		if (!Array.isArray(v) || v.length !== dim) return false;
	}
	return true;
}

export function readResultOut(options, fn, fields, dim) {
	if (options === undefined || options === null) return undefined;
	if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
	const out = options.out;
	if (out === undefined) return undefined;
	if (out === null || typeof out !== 'object' || !hasVectors(out, fields, dim)) {
		const v = dim === 2 ? '[x, y]' : '[x, y, z]';
		fail('NP_INVALID_ARGUMENT', `${fn}: options.out must be a ${fn} result ({ ${fields.join(', ')}: ${v}, ... }), e.g. one returned earlier`);
	}
	return out;
}
