// 2D shape casts and time of impact of the narrowphase JS API (bound to a runtime by
// narrowphase.mjs, whose dispatchers send 2D shapes here):
//
//   np.shapeCast(shape, transform, translation, target, targetTransform, options?) -> CastHit | null
//   np.shapeCastMany(shape, positions, translations, target, targetTransform, out, options?) -> hits
//   np.timeOfImpact(a, sweepA, b, sweepB, options?) -> { fraction, state, normal, pointA, pointB, iterations }
//
// Every call is one wasm call into src/bindingcast2d.c: transforms (x, y, angle), the translation or
// the sweeps and the options are written into the runtime's io block (NPWC2_* offsets from
// js/layout.mjs), the core runs once and the result comes back in the same block. The C core
// validates the numbers (NaN, infinite or huge: NP_NON_FINITE; negative maxFraction, targetDistance
// or tolerance: NP_INVALID_ARGUMENT); this side checks types and kinds, and explains a rejected call
// only on the error path. shapeCastMany copies the casts into a block owned by the runtime (grown
// when a call needs more), as rayCastMany does: no allocation per call once it exists.
import { codeName, describe, fail } from './errors.mjs';
import * as L from './layout.mjs';
import { Shape, failDisposed } from './runtime.mjs';
import { Shape2D, putXf } from './api2d.mjs';
import { isChainTarget, putChainCast, readChainCast, readChainCastOut, chainFail } from './apichain.mjs';
import { NO_EXTRAS, fillCastHit, fillToi, readCastOut, readToiOut } from './refill.mjs';

const TOI_STATES = ['hit', 'separated', 'overlapped', 'failed'];

// io offsets (layout.mjs).
const XF = L.NPWC2_IO_XF;
const TRANSLATION = L.NPWC2_IO_TRANSLATION;
const XF_TARGET = L.NPWC2_IO_XF_TARGET;
const MAX_FRACTION = L.NPWC2_IO_MAX_FRACTION;
const TARGET_DISTANCE = L.NPWC2_IO_TARGET_DISTANCE;
const IGNORE_SEPARATING = L.NPWC2_IO_IGNORE_SEPARATING;
const ERR_INDEX = L.NPWC2_IO_ERR_INDEX;
const H_FRACTION = L.NPWC2_IO_OUT + L.NPWC2_HIT_FRACTION;
const H_POINT = L.NPWC2_IO_OUT + L.NPWC2_HIT_POINT;
const H_POINT_ON_SHAPE = L.NPWC2_IO_OUT + L.NPWC2_HIT_POINT_ON_SHAPE;
const H_NORMAL = L.NPWC2_IO_OUT + L.NPWC2_HIT_NORMAL;
const H_INITIAL = L.NPWC2_IO_OUT + L.NPWC2_HIT_INITIAL;
const H_PENETRATION = L.NPWC2_IO_OUT + L.NPWC2_HIT_PENETRATION;
const H_ITERATIONS = L.NPWC2_IO_OUT + L.NPWC2_HIT_ITERATIONS;
// The same indices for refill.mjs (relative to the io block's start).
const HIT_AT = {
	fraction: H_FRACTION, point: H_POINT, pointOnShape: H_POINT_ON_SHAPE, normal: H_NORMAL, initial: H_INITIAL,
	penetration: H_PENETRATION, iterations: H_ITERATIONS,
};
const SWEEP_A = L.NPWC2_TOI_IO_SWEEP_A;
const SWEEP_B = L.NPWC2_TOI_IO_SWEEP_B;
const T_TARGET_DISTANCE = L.NPWC2_TOI_IO_TARGET_DISTANCE;
const T_TOLERANCE = L.NPWC2_TOI_IO_TOLERANCE;
const T_STATE = L.NPWC2_TOI_IO_OUT + L.NPWC2_TOI_STATE;
const T_FRACTION = L.NPWC2_TOI_IO_OUT + L.NPWC2_TOI_FRACTION;
const T_NORMAL = L.NPWC2_TOI_IO_OUT + L.NPWC2_TOI_NORMAL;
const T_POINT_A = L.NPWC2_TOI_IO_OUT + L.NPWC2_TOI_POINT_A;
const T_POINT_B = L.NPWC2_TOI_IO_OUT + L.NPWC2_TOI_POINT_B;
const T_ITERATIONS = L.NPWC2_TOI_IO_OUT + L.NPWC2_TOI_ITERATIONS;
const TOI_AT = { fraction: T_FRACTION, state: T_STATE, normal: T_NORMAL, pointA: T_POINT_A, pointB: T_POINT_B, iterations: T_ITERATIONS };
const ERR_B = L.NPW_ERR_B;
const ERR_INPUT = L.NPWC2_ERR_INPUT;
const MANY_SIZE = L.NPWC2_MANY_SIZE;

/** Checks the io blocks fit the runtime's io view and sets up the many-cast buffer. */
export function setupCast2d(rt) {
	if (L.NPWC2_IO_SIZE > rt.io.length || L.NPWC2_TOI_IO_SIZE > rt.io.length) {
		throw new Error('narrowphase: io view too small for the 2D casts');
	}
	rt.castBuffers2 = { ptr: 0, capacity: 0, views: { buffer: null, count: -1, positions: null, translations: null, out: null } };
}

// ------------------------------------------------------------------------------ arguments
// Throws for a shape (`name`) that is not a live 2D shape of this runtime.
function badShape(rt, fn, s, name) {
	if (s instanceof Shape2D && s._rt === rt && s._ptr === 0) failDisposed(`${fn}: ${name} (${s.kind})`);
	if (s instanceof Shape && s._rt === rt) {
		fail('NP_INVALID_ARGUMENT', `${fn}: ${name} is a ${s.kind}: both shapes must be 2D (mixed dimensions)`);
	}
	fail('NP_INVALID_ARGUMENT', `${fn}: ${name} must be a 2D shape of this narrowphase instance (got ${describe(s)})`);
}

function checkOptions(fn, options) {
	if (options !== undefined && options !== null && typeof options !== 'object') {
		fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
	}
}

function option(fn, options, key, fallback) {
	if (options === undefined || options === null) return fallback;
	const v = options[key];
	if (v === undefined) return fallback;
	if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `${fn}: options.${key} must be a number (got ${describe(v)})`);
	return v;
}

function putVec(io, k, v, fn, name) {
	if (v === null || typeof v !== 'object' || v.length !== 2 || typeof v[0] !== 'number' || typeof v[1] !== 'number') {
		fail('NP_INVALID_ARGUMENT', `${fn}: ${name} must be [x, y] of numbers (got ${describe(v)})`);
	}
	io[k] = v[0];
	io[k + 1] = v[1];
}

function putCastOptions(io, options, fn) {
	if (options === undefined) {
		io[MAX_FRACTION] = 1;
		io[TARGET_DISTANCE] = 0;
		io[IGNORE_SEPARATING] = 0;
		return;
	}
	checkOptions(fn, options);
	if (options === null) {
		io[MAX_FRACTION] = 1;
		io[TARGET_DISTANCE] = 0;
		io[IGNORE_SEPARATING] = 0;
		return;
	}
	// Named reads (option()'s options[key] is a keyed load, slow across keys).
	const maxFraction = options.maxFraction, targetDistance = options.targetDistance;
	io[MAX_FRACTION] = typeof maxFraction === 'number' ? maxFraction : option(fn, options, 'maxFraction', 1);
	io[TARGET_DISTANCE] = typeof targetDistance === 'number' ? targetDistance : option(fn, options, 'targetDistance', 0);
	io[IGNORE_SEPARATING] = options.ignoreSeparating ? 1 : 0;
}

// ------------------------------------------------------------------------------ errors
// Explains a negative result of the shim: which transform, or which other input (`inputs`: the
// [name, value] pairs the core checked).
function castFail(rt, fn, rc, inputs) {
	const e = -rc;
	const huge = rt.limits2.huge;
	if (e < ERR_INPUT) {
		const isTarget = e >= ERR_B;
		const code = codeName(isTarget ? e - ERR_B : e);
		const which = isTarget ? 'targetTransform' : 'transform';
		fail(code, `${fn}: ${which} ${code === 'NP_NON_FINITE' ? `holds a NaN, infinite or larger than ${huge} number` : 'has an invalid rotation'}`);
	}
	const code = codeName(e - ERR_INPUT);
	for (const [name, v] of inputs) {
		const values = typeof v === 'number' ? [v] : Array.from(v);
		if (code === 'NP_NON_FINITE') {
			const bad = values.find((x) => !(Math.abs(x) <= huge));
			if (bad !== undefined) fail(code, `${fn}: ${name} is NaN, infinite or larger than ${huge} in magnitude (got ${bad})`);
		} else if (code === 'NP_INVALID_ARGUMENT' && typeof v === 'number' && v < 0) {
			fail(code, `${fn}: ${name} must not be negative (got ${v})`);
		}
	}
	fail(code, `${fn}: invalid input (${code})`);
}

function castInputs(translation, options) {
	const inputs = [['translation', translation]];
	if (options) {
		for (const key of ['maxFraction', 'targetDistance', 'tolerance']) if (typeof options[key] === 'number') inputs.push([`options.${key}`, options[key]]);
	}
	return inputs;
}

// ------------------------------------------------------------------------------ casts
/** The first contact of `shape` moving by `translation` with `target`, or null (see narrowphase.d.ts). */
export function shapeCast2(rt, shape, transform, translation, target, targetTransform, options) {
	if (!(shape instanceof Shape2D && shape._rt === rt && shape._ptr !== 0)) badShape(rt, 'shapeCast', shape, 'the shape');
	if (!(target instanceof Shape2D && target._rt === rt && target._ptr !== 0)) {
		if (isChainTarget(rt, target)) return chainCast(rt, shape, transform, translation, target, targetTransform, options);
		badShape(rt, 'shapeCast', target, 'the target');
	}
	const io = rt.io;
	putXf(io, transform, XF, 'shapeCast', 'of the shape');
	putXf(io, targetTransform, XF_TARGET, 'shapeCast', 'of the target');
	putVec(io, TRANSLATION, translation, 'shapeCast', 'translation');
	putCastOptions(io, options, 'shapeCast');
	const out = options === undefined ? undefined : readCastOut(options, 2);
	const r = rt.exports.npwShapeCast2(shape._ptr, target._ptr, rt.ioPtr);
	if (r !== 1) {
		if (r === 0) return null;
		castFail(rt, 'shapeCast', r, castInputs(translation, options));
	}
	if (out !== undefined) return fillCastHit(out, io, 0, HIT_AT, 2, NO_EXTRAS);
	return {
		fraction: io[H_FRACTION],
		point: [io[H_POINT], io[H_POINT + 1]],
		pointOnShape: [io[H_POINT_ON_SHAPE], io[H_POINT_ON_SHAPE + 1]],
		normal: [io[H_NORMAL], io[H_NORMAL + 1]],
		initialOverlap: io[H_INITIAL] === 1,
		penetration: io[H_PENETRATION],
		iterations: io[H_ITERATIONS],
	};
}

// The runtime's cast block with room for `count` casts; views of exactly `count` (cached).
function castViews(rt, count) {
	const q = rt.castBuffers2;
	if (count > q.capacity) {
		const capacity = Math.max(count, 2 * q.capacity, 64);
		const ptr = rt.malloc(capacity * (4 + MANY_SIZE) * 8);
		rt.free(q.ptr);
		q.ptr = ptr;
		q.capacity = capacity;
		q.views.count = -1;
	}
	const v = q.views;
	const buffer = rt.memory.buffer;
	if (v.count !== count || v.buffer !== buffer) {
		v.positions = new Float64Array(buffer, q.ptr, 2 * count);
		v.translations = new Float64Array(buffer, q.ptr + 16 * count, 2 * count);
		v.out = new Float64Array(buffer, q.ptr + 32 * count, MANY_SIZE * count);
		v.count = count;
		v.buffer = buffer;
	}
	return v;
}

/**
 * Casts `shape` (at options.angle, default 0) from every positions[i] by translations[i] against
 * the target in one wasm call; writes one record per cast to out: [fraction (-1: miss), point,
 * pointOnShape, normal, initialOverlap (1/0)]. Returns the number of hits.
 */
export function shapeCastMany2(rt, shape, positions, translations, target, targetTransform, out, options) {
	const fn = 'shapeCastMany';
	if (!(shape instanceof Shape2D && shape._rt === rt && shape._ptr !== 0)) badShape(rt, fn, shape, 'the shape');
	const chains = isChainTarget(rt, target); // 2D chains: npwShapeCastManyChains2
	if (!chains && !(target instanceof Shape2D && target._rt === rt && target._ptr !== 0)) badShape(rt, fn, target, 'the target');
	for (const [name, a] of [['positions', positions], ['translations', translations], ['out', out]]) {
		if (!(a instanceof Float64Array)) fail('NP_INVALID_ARGUMENT', `${fn}: ${name} must be a Float64Array (got ${describe(a)})`);
	}
	if (positions.length % 2 !== 0) fail('NP_INVALID_ARGUMENT', `${fn}: positions needs 2 numbers per cast (got ${positions.length})`);
	const count = positions.length / 2;
	if (translations.length !== positions.length) {
		fail('NP_INVALID_ARGUMENT', `${fn}: translations must have the length of positions (${positions.length}, got ${translations.length})`);
	}
	if (out.length < MANY_SIZE * count) fail('NP_INVALID_ARGUMENT', `${fn}: out needs ${MANY_SIZE} numbers per cast (${MANY_SIZE * count}, got ${out.length})`);
	checkOptions(fn, options);
	const angle = option(fn, options, 'angle', 0);
	const v = castViews(rt, count); // (may grow the memory: the io block is written after)
	const io = rt.io;
	io[XF + L.NPW_XF2_X] = 0;
	io[XF + L.NPW_XF2_Y] = 0;
	io[XF + L.NPW_XF2_ANGLE] = angle;
	io[XF + L.NPW_XF2_COS] = NaN; // no prepared rotation: the shim makes it from the angle
	putXf(io, targetTransform, XF_TARGET, fn, 'of the target');
	io[TRANSLATION] = 0;
	io[TRANSLATION + 1] = 0;
	putCastOptions(io, options, fn);
	v.positions.set(positions);
	v.translations.set(translations);
	if (chains) return chainCastMany(rt, shape, target, targetTransform, v, count, angle, out, options);
	const r = rt.exports.npwShapeCastMany2(shape._ptr, target._ptr, rt.ioPtr, v.positions.byteOffset, v.translations.byteOffset,
		v.out.byteOffset, count);
	if (r < 0) {
		const i = io[ERR_INDEX];
		const inputs = i < 0 ? castInputs([0, 0], options) : [[`positions of cast ${i}`, positions.subarray(2 * i, 2 * i + 2)],
			[`translations of cast ${i}`, translations.subarray(2 * i, 2 * i + 2)], ...castInputs([0, 0], options)];
		if (-r < ERR_INPUT && -r < ERR_B) fail(codeName(-r), `${fn}: options.angle is NaN, infinite or too large (got ${angle})`);
		castFail(rt, fn, r, inputs);
	}
	out.set(v.out);
	return r;
}

// ------------------------------------------------------------------------------ casts against chains
// The chain io block (NPWCH_IO_*): the shape's transform at XF, the translation at DIRECTION,
// targetDistance at MARGIN; the chains as rayCast on chains writes them (a bare chain takes
// targetTransform, a list ignores it). One wasm call into src/bindingchain.c.
const CH_XF = L.NPWCH_IO_XF;

function putChainCastOptions(rt, options, fn) {
	checkOptions(fn, options);
	const io = rt.io;
	io[L.NPWCH_IO_MAX_FRACTION] = option(fn, options, 'maxFraction', 1);
	io[L.NPWCH_IO_MARGIN] = option(fn, options, 'targetDistance', 0);
	io[L.NPWCH_IO_IGNORE_SEPARATING] = options && options.ignoreSeparating ? 1 : 0;
}

// Explains a negative result of a chain cast: a chain's transform, else which number was rejected.
function chainCastFail(rt, fn, e, inputs) {
	if (e >= L.NPWCH_ERR_CHAIN) chainFail(rt, e, fn);
	castFail(rt, fn, -(ERR_INPUT + e), inputs);
}

function chainCast(rt, shape, transform, translation, target, targetTransform, options) {
	const fn = 'shapeCast';
	const io = rt.io;
	putXf(io, transform, CH_XF, fn, 'of the shape');
	putVec(io, L.NPWCH_IO_DIRECTION, translation, fn, 'translation');
	putChainCastOptions(rt, options, fn);
	putChainCast(rt, target, targetTransform, options, fn);
	const out = options === undefined ? undefined : readChainCastOut(options);
	const r = rt.exports.npwShapeCastChains2(shape._ptr, rt.ioPtr, rt.chainOut);
	if (r < 0) chainCastFail(rt, fn, -r, [['transform of the shape', xfNumbers(transform)], ...castInputs(translation, options)]);
	return r === 1 ? readChainCast(rt, out) : null;
}

function chainCastMany(rt, shape, target, targetTransform, v, count, angle, out, options) {
	const fn = 'shapeCastMany';
	const io = rt.io;
	io[CH_XF + L.NPW_XF2_X] = 0;
	io[CH_XF + L.NPW_XF2_Y] = 0;
	io[CH_XF + L.NPW_XF2_ANGLE] = angle;
	io[CH_XF + L.NPW_XF2_COS] = NaN;
	putChainCastOptions(rt, options, fn);
	putChainCast(rt, target, targetTransform, options, fn);
	const r = rt.exports.npwShapeCastManyChains2(shape._ptr, rt.ioPtr, v.positions.byteOffset, v.translations.byteOffset, v.out.byteOffset, count);
	if (r < 0) {
		const i = io[L.NPWCH_IO_ERR_RAY];
		const inputs = [['options.angle', angle], ...castInputs([0, 0], options)];
		if (i >= 0) inputs.unshift([`positions of cast ${i}`, v.positions.subarray(2 * i, 2 * i + 2)], [`translations of cast ${i}`, v.translations.subarray(2 * i, 2 * i + 2)]);
		chainCastFail(rt, fn, -r, inputs);
	}
	out.set(v.out);
	return r;
}

// The numbers of a transform argument, for error messages.
function xfNumbers(xf) {
	if (!xf || typeof xf !== 'object') return [0];
	const list = [];
	if (xf.position) list.push(...Array.from(xf.position));
	if (typeof xf.angle === 'number') list.push(xf.angle);
	return list.length ? list : [0];
}

// ------------------------------------------------------------------------------ time of impact
function putSweep(io, k, sweep, fn, name) {
	if (sweep === null || typeof sweep !== 'object') {
		fail('NP_INVALID_ARGUMENT', `${fn}: ${name} must be { from, to, center? } (got ${describe(sweep)})`);
	}
	putXf(io, sweep.from, k + L.NPWC2_SWEEP_FROM, fn, `${name}.from`);
	putXf(io, sweep.to, k + L.NPWC2_SWEEP_TO, fn, `${name}.to`);
	if (sweep.center === undefined) {
		io[k + L.NPWC2_SWEEP_CENTER] = 0;
		io[k + L.NPWC2_SWEEP_CENTER + 1] = 0;
	} else {
		putVec(io, k + L.NPWC2_SWEEP_CENTER, sweep.center, fn, `${name}.center`);
	}
}

function sweepNumbers(sweep, name) {
	const list = [];
	for (const part of ['from', 'to']) {
		const xf = sweep[part];
		if (!xf) continue;
		if (xf.position) list.push([`${name}.${part}.position`, xf.position]);
		if (typeof xf.angle === 'number') list.push([`${name}.${part}.angle`, xf.angle]);
	}
	if (sweep.center) list.push([`${name}.center`, sweep.center]);
	return list;
}

/** The first fraction at which two swept 2D shapes come within options.targetDistance. */
export function timeOfImpact2(rt, a, sweepA, b, sweepB, options) {
	const fn = 'timeOfImpact';
	if (!(a instanceof Shape2D && a._rt === rt && a._ptr !== 0)) badShape(rt, fn, a, 'shape A');
	if (!(b instanceof Shape2D && b._rt === rt && b._ptr !== 0)) badShape(rt, fn, b, 'shape B');
	const io = rt.io;
	putSweep(io, SWEEP_A, sweepA, fn, 'sweepA');
	putSweep(io, SWEEP_B, sweepB, fn, 'sweepB');
	checkOptions(fn, options);
	const targetDistance = options ? options.targetDistance : undefined, tolerance = options ? options.tolerance : undefined;
	io[T_TARGET_DISTANCE] = typeof targetDistance === 'number' ? targetDistance : option(fn, options, 'targetDistance', 0);
	io[T_TOLERANCE] = typeof tolerance === 'number' ? tolerance : option(fn, options, 'tolerance', 0);
	const out = options === undefined ? undefined : readToiOut(options, 2);
	const r = rt.exports.npwTimeOfImpact2(a._ptr, b._ptr, rt.ioPtr);
	if (r < 0) castFail(rt, fn, r, [...sweepNumbers(sweepA, 'sweepA'), ...sweepNumbers(sweepB, 'sweepB'), ...castInputs([0, 0], options).slice(1)]);
	if (out !== undefined) return fillToi(out, io, TOI_AT, TOI_STATES, 2);
	return {
		fraction: io[T_FRACTION],
		state: TOI_STATES[io[T_STATE]],
		normal: [io[T_NORMAL], io[T_NORMAL + 1]],
		pointA: [io[T_POINT_A], io[T_POINT_A + 1]],
		pointB: [io[T_POINT_B], io[T_POINT_B + 1]],
		iterations: io[T_ITERATIONS],
	};
}
