// 3D shape casts and time of impact of the narrowphase JS API (bound to a runtime by
// narrowphase.mjs, which routes 3D shapes and meshes here):
//
//   np.shapeCast(shape, transform, translation, target, targetTransform, options?) -> CastHit3 | null
//   np.shapeCastMany(shape, transforms, translations, target, targetTransform, out, options?) -> hits
//   np.timeOfImpact(a, sweepA, b, sweepB, options?) -> TimeOfImpact3
//
// Each call is one wasm call into src/bindingcast3d.c: the poses, the translation and the options
// are written into the runtime's io block (NPWC3_IO_* / NPWC3_TOI_*, from js/layout.mjs), the C core
// (src/cast3d.c, meshcast3d.c, toi3d.c) runs once and the result is read back from the same block.
// The C core checks the numbers (NaN, infinite or huge: NP_NON_FINITE; negative maxFraction or
// targetDistance: NP_INVALID_ARGUMENT); this side checks types and kinds and explains a rejected
// call only on the error path.
import { codeName, describe, fail } from './errors.mjs';
import * as L from './layout.mjs';
import { failDisposed } from './runtime.mjs';
import { Shape3D, isShape3, putXf } from './api3d.mjs';
import { isMesh } from './apimesh.mjs';
import { put3, putMeshes } from './apiquery.mjs';
import { MESH_EXTRAS, NO_EXTRAS, fillCastHit, fillToi, readCastOut, readToiOut } from './refill.mjs';

const IO_XF = L.NPWC3_IO_XF;
const TRANSLATION = L.NPWC3_IO_TRANSLATION;
const TARGET_XF = L.NPWC3_IO_TARGET_XF;
const MAX_FRACTION = L.NPWC3_IO_MAX_FRACTION;
const TARGET_DISTANCE = L.NPWC3_IO_TARGET_DISTANCE;
const IGNORE = L.NPWC3_IO_IGNORE_SEPARATING;
const FEATURE_TOLERANCE = L.NPWC3_IO_FEATURE_TOLERANCE;
const MESH_COUNT = L.NPWC3_IO_MESH_COUNT;
const ERR_INDEX = L.NPWC3_IO_ERR_INDEX;
const MESHES = L.NPWC3_IO_MESHES;
const OUT = L.NPWC3_IO_OUT;
const H_FRACTION = OUT + L.NPWC3_HIT_FRACTION;
const H_POINT = OUT + L.NPWC3_HIT_POINT;
const H_ON_SHAPE = OUT + L.NPWC3_HIT_POINT_ON_SHAPE;
const H_NORMAL = OUT + L.NPWC3_HIT_NORMAL;
const H_INITIAL = OUT + L.NPWC3_HIT_INITIAL;
const H_PENETRATION = OUT + L.NPWC3_HIT_PENETRATION;
const H_ITERATIONS = OUT + L.NPWC3_HIT_ITERATIONS;
const H_MESH = OUT + L.NPWC3_HIT_MESH;
const H_TRIANGLE = OUT + L.NPWC3_HIT_TRIANGLE;
// The same indices for refill.mjs (relative to the io block's start).
const HIT_AT = {
	fraction: H_FRACTION, point: H_POINT, pointOnShape: H_ON_SHAPE, normal: H_NORMAL, initial: H_INITIAL, penetration: H_PENETRATION,
	iterations: H_ITERATIONS,
};
const TOI_AT = {
	fraction: L.NPWC3_TOI_FRACTION, state: L.NPWC3_TOI_STATE, normal: L.NPWC3_TOI_NORMAL, pointA: L.NPWC3_TOI_POINT_A,
	pointB: L.NPWC3_TOI_POINT_B, iterations: L.NPWC3_TOI_ITERATIONS,
};
const HIT_SIZE = L.NPWC3_HIT_SIZE;
const XF_SIZE = L.NPW3_XF_SIZE;
const ERR_B = L.NPW3_ERR_B;
const ERR_MESH = L.NPWM_ERR_MESH;
const TOI_STATES = ['hit', 'separated', 'overlapped', 'failed'];
/** Numbers per record of shapeCastMany's out array. */
export const CAST_HIT_SIZE3 = HIT_SIZE;

/** Checks the io block holds the cast records (called once by narrowphase.mjs). */
export function setupCast3(rt) {
	if (MESHES + L.NPWM_IO_MESH_SIZE * rt.limitsMesh.maxMeshes > rt.ioDoubles || L.NPWC3_TOI_SIZE > rt.ioDoubles) {
		throw new Error('narrowphase: scratch block too small for the 3D casts');
	}
	rt.castBuffers3 = { ptr: 0, capacity: 0 };
}

/** True for the targets this module takes: a 3D shape, a mesh, or an array (of meshes). */
export function isCastTarget3(rt, target) {
	return isShape3(rt, target) || isMesh(rt, target) || Array.isArray(target);
}

// ------------------------------------------------------------------------------ arguments
function optionNumber(options, name, fallback, fn) {
	const v = options[name];
	if (v === undefined) return fallback;
	if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `${fn}: options.${name} must be a number (got ${describe(v)})`);
	return v;
}

// Writes maxFraction (1), targetDistance (0), ignoreSeparating (false), featureTolerance.
function putCastOptions(rt, options, fn) {
	const io = rt.io;
	let maxFraction = 1, targetDistance = 0, ignore = 0, tolerance = rt.limitsMesh.featureTolerance;
	if (options !== undefined && options !== null) {
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
		maxFraction = optionNumber(options, 'maxFraction', 1, fn);
		targetDistance = optionNumber(options, 'targetDistance', 0, fn);
		tolerance = optionNumber(options, 'featureTolerance', tolerance, fn);
		ignore = options.ignoreSeparating ? 1 : 0;
	}
	io[MAX_FRACTION] = maxFraction;
	io[TARGET_DISTANCE] = targetDistance;
	io[IGNORE] = ignore;
	io[FEATURE_TOLERANCE] = tolerance;
}

function shapePtr(rt, s, fn, name) {
	if (isShape3(rt, s)) {
		if (s._ptr === 0) failDisposed(`${fn}: ${name} (${s.kind})`);
		return s._ptr;
	}
	if (s !== null && typeof s === 'object' && s._rt === rt && s._dim === 2) {
		fail('NP_INVALID_ARGUMENT', `${fn}: cannot mix a 2D shape (${name}) with 3D shapes or meshes`);
	}
	if (s !== null && typeof s === 'object' && s._ptr === 0 && s._rt === rt) failDisposed(`${fn}: ${name}`);
	return fail('NP_INVALID_ARGUMENT', `${fn}: ${name} must be a Shape3D of this narrowphase instance (got ${describe(s)})`);
}

// The target: its shape pointer (0 for meshes, whose records are written to the io block).
function putTarget(rt, target, targetTransform, fn) {
	if (isShape3(rt, target)) {
		if (target._ptr === 0) failDisposed(`${fn}: the target (${target.kind})`);
		putXf(rt, targetTransform, TARGET_XF, fn, 'of the target');
		rt.io[MESH_COUNT] = 0;
		return target._ptr;
	}
	if (target !== null && typeof target === 'object' && target._dim === 2) {
		fail('NP_INVALID_ARGUMENT', `${fn}: cannot mix a 2D target with a 3D shape`);
	}
	putMeshes(rt, target, targetTransform, fn, MESHES, MESH_COUNT);
	if (rt.io[MESH_COUNT] === 0) {
		// An empty list: nothing to hit (the shim would take it for a convex target).
		return -1;
	}
	return 0;
}

// Explains a negative result of the shim.
function castFail(rt, fn, rc, target, inputs) {
	let e = -rc;
	let where = 'transform';
	if (e >= ERR_MESH) {
		const i = Math.floor(e / ERR_MESH) - 1;
		e %= ERR_MESH;
		where = Array.isArray(target) ? `meshes[${i}].transform` : 'the mesh transform';
	} else if (e >= ERR_B) {
		e -= ERR_B;
		where = inputs.bName;
	}
	const code = codeName(e);
	if (code === 'NP_INVALID_TRANSFORM') fail(code, `${fn}: ${where}'s rotation is invalid (a zero quaternion)`);
	if (code === 'NP_NON_FINITE') {
		const huge = rt.limits3.huge;
		for (const [name, v] of inputs.values) {
			const values = typeof v === 'number' ? [v] : Array.from(v ?? []);
			const bad = values.find((x) => !(Math.abs(x) <= huge));
			if (bad !== undefined) fail(code, `${fn}: ${name} is NaN, infinite or larger than ${huge} in magnitude (got ${bad})`);
		}
		fail(code, `${fn}: ${where} holds a NaN, infinite or too large number (limit ${huge})`);
	}
	if (code === 'NP_INVALID_ARGUMENT') {
		for (const [name, v] of inputs.values) {
			if (typeof v === 'number' && v < 0) fail(code, `${fn}: ${name} must not be negative (got ${v})`);
		}
	}
	fail(code, `${fn}: invalid input (${code})`);
}

function castInputs(translation, options, prefix) {
	const values = translation === null ? [] : [[`${prefix}translation`, translation]];
	if (options) {
		for (const k of ['maxFraction', 'targetDistance', 'featureTolerance']) {
			if (options[k] !== undefined) values.push([`options.${k}`, options[k]]);
		}
	}
	return { values, bName: "the target's transform" };
}

// ------------------------------------------------------------------------------ casts
/** The first contact of `shape` moved by t * translation against a 3D target, or null. */
export function shapeCast3(rt, shape, transform, translation, target, targetTransform, options) {
	const fn = 'shapeCast';
	const ptr = shapePtr(rt, shape, fn, 'the shape');
	const targetPtr = putTarget(rt, target, targetTransform, fn);
	const io = rt.io;
	putXf(rt, transform, IO_XF, fn, 'of the shape');
	if (!put3(io, TRANSLATION, translation)) {
		fail('NP_INVALID_ARGUMENT', `${fn}: translation must be [x, y, z] of numbers (got ${describe(translation)})`);
	}
	putCastOptions(rt, options, fn);
	const out = options === undefined ? undefined : readCastOut(options, 3);
	if (targetPtr < 0) return null;
	const r = rt.exports.npwShapeCast3(ptr, targetPtr, rt.ioPtr);
	if (r !== 1) {
		if (r === 0) return null;
		castFail(rt, fn, r, target, castInputs(translation, options, ''));
	}
	if (out !== undefined) {
		if (targetPtr !== 0) return fillCastHit(out, io, 0, HIT_AT, 3, NO_EXTRAS);
		fillCastHit(out, io, 0, HIT_AT, 3, MESH_EXTRAS);
		out.mesh = io[H_MESH] | 0;
		out.triangle = io[H_TRIANGLE] | 0;
		return out;
	}
	const hit = {
		fraction: io[H_FRACTION],
		point: [io[H_POINT], io[H_POINT + 1], io[H_POINT + 2]],
		pointOnShape: [io[H_ON_SHAPE], io[H_ON_SHAPE + 1], io[H_ON_SHAPE + 2]],
		normal: [io[H_NORMAL], io[H_NORMAL + 1], io[H_NORMAL + 2]],
		initialOverlap: io[H_INITIAL] === 1,
		penetration: io[H_PENETRATION],
		iterations: io[H_ITERATIONS],
	};
	if (targetPtr === 0) {
		hit.mesh = io[H_MESH] | 0;
		hit.triangle = io[H_TRIANGLE] | 0;
	}
	return hit;
}

// The runtime's batch block with room for `count` casts (transforms, translations, records).
function batchBlock(rt, count) {
	const b = rt.castBuffers3;
	const per = XF_SIZE + 3 + HIT_SIZE;
	if (count > b.capacity) {
		const capacity = Math.max(count, 2 * b.capacity, 32);
		const ptr = rt.malloc(capacity * per * 8);
		rt.free(b.ptr);
		b.ptr = ptr;
		b.capacity = capacity;
	}
	return b.ptr;
}

function castCount(transforms, translations, out) {
	const fn = 'shapeCastMany';
	for (const [name, a] of [['transforms', transforms], ['translations', translations], ['out', out]]) {
		if (!(a instanceof Float64Array)) fail('NP_INVALID_ARGUMENT', `${fn}: ${name} must be a Float64Array (got ${describe(a)})`);
	}
	if (translations.length % 3 !== 0) fail('NP_INVALID_ARGUMENT', `${fn}: translations needs 3 numbers per cast (got ${translations.length})`);
	const count = translations.length / 3;
	if (transforms.length !== XF_SIZE * count) {
		fail('NP_INVALID_ARGUMENT', `${fn}: transforms needs ${XF_SIZE} numbers (x, y, z, qx, qy, qz, qw) per cast (${XF_SIZE * count}, got ${transforms.length})`);
	}
	if (out.length < HIT_SIZE * count) {
		fail('NP_INVALID_ARGUMENT', `${fn}: out needs ${HIT_SIZE} numbers per cast (${HIT_SIZE * count}, got ${out.length})`);
	}
	return count;
}

/**
 * Casts `shape` from transforms[i] (7 numbers: position, quaternion) by translations[i] against one
 * target, in one wasm call; writes one record of NPWC3_HIT_SIZE numbers per cast to `out`
 * (fraction -1 for a miss). Returns the number of hits.
 */
export function shapeCastMany3(rt, shape, transforms, translations, target, targetTransform, out, options) {
	const fn = 'shapeCastMany';
	const ptr = shapePtr(rt, shape, fn, 'the shape');
	const count = castCount(transforms, translations, out);
	const block = batchBlock(rt, count); // (may grow the memory: the io block is written after)
	const targetPtr = putTarget(rt, target, targetTransform, fn);
	putCastOptions(rt, options, fn);
	if (targetPtr < 0) {
		for (let i = 0; i < count; i++) out[HIT_SIZE * i] = -1;
		return 0;
	}
	const buffer = rt.memory.buffer;
	const xfView = new Float64Array(buffer, block, XF_SIZE * count);
	const trView = new Float64Array(buffer, block + 8 * XF_SIZE * count, 3 * count);
	const outView = new Float64Array(buffer, block + 8 * (XF_SIZE + 3) * count, HIT_SIZE * count);
	xfView.set(transforms);
	trView.set(translations);
	const r = rt.exports.npwShapeCastMany3(ptr, targetPtr, rt.ioPtr, xfView.byteOffset, trView.byteOffset,
		outView.byteOffset, count);
	if (r < 0) {
		const i = rt.io[ERR_INDEX];
		const tr = i < 0 ? null : Array.from(translations.subarray(3 * i, 3 * i + 3));
		const inputs = castInputs(tr, options, `cast ${i} `);
		if (i >= 0) inputs.values.push([`transforms of cast ${i}`, Array.from(transforms.subarray(XF_SIZE * i, XF_SIZE * i + XF_SIZE))]);
		castFail(rt, fn, r, target, inputs);
	}
	out.set(outView);
	return r;
}

// ------------------------------------------------------------------------------ time of impact
function putSweep(rt, sweep, fromAt, toAt, centerAt, fn, name) {
	if (sweep === null || typeof sweep !== 'object') {
		fail('NP_INVALID_ARGUMENT', `${fn}: ${name} must be { from, to, center? } (got ${describe(sweep)})`);
	}
	putXf(rt, sweep.from, fromAt, fn, `${name}.from`);
	putXf(rt, sweep.to, toAt, fn, `${name}.to`);
	const c = sweep.center;
	if (c === undefined || c === null) {
		rt.io[centerAt] = 0;
		rt.io[centerAt + 1] = 0;
		rt.io[centerAt + 2] = 0;
	} else if (!put3(rt.io, centerAt, c)) {
		fail('NP_INVALID_ARGUMENT', `${fn}: ${name}.center must be [x, y, z] of numbers (got ${describe(c)})`);
	}
}

/** When two moving, turning 3D shapes first come within targetDistance (see narrowphase.d.ts). */
export function timeOfImpact3(rt, a, sweepA, b, sweepB, options) {
	const fn = 'timeOfImpact';
	const pa = shapePtr(rt, a, fn, 'shape A');
	const pb = shapePtr(rt, b, fn, 'shape B');
	putSweep(rt, sweepA, L.NPWC3_TOI_A_FROM, L.NPWC3_TOI_A_TO, L.NPWC3_TOI_A_CENTER, fn, 'sweepA');
	putSweep(rt, sweepB, L.NPWC3_TOI_B_FROM, L.NPWC3_TOI_B_TO, L.NPWC3_TOI_B_CENTER, fn, 'sweepB');
	let targetDistance = 0, tolerance = 0;
	if (options !== undefined && options !== null) {
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
		targetDistance = optionNumber(options, 'targetDistance', 0, fn);
		tolerance = optionNumber(options, 'tolerance', 0, fn);
	}
	const io = rt.io;
	io[L.NPWC3_TOI_TARGET_DISTANCE] = targetDistance;
	io[L.NPWC3_TOI_TOLERANCE] = tolerance;
	const out = options === undefined ? undefined : readToiOut(options, 3);
	const r = rt.exports.npwTimeOfImpact3(pa, pb, rt.ioPtr);
	if (r < 0) {
		const values = [];
		for (const [s, n] of [[sweepA, 'sweepA'], [sweepB, 'sweepB']]) {
			for (const k of ['from', 'to']) {
				const xf = s[k];
				if (xf && typeof xf === 'object') values.push([`${n}.${k}.position`, xf.position], [`${n}.${k}.rotation`, xf.rotation]);
			}
			if (s.center) values.push([`${n}.center`, s.center]);
		}
		values.push(['options.targetDistance', targetDistance], ['options.tolerance', tolerance]);
		castFail(rt, fn, r, b, { values, bName: 'sweepB' });
	}
	if (out !== undefined) return fillToi(out, io, TOI_AT, TOI_STATES, 3);
	const N = L.NPWC3_TOI_NORMAL, A = L.NPWC3_TOI_POINT_A, B = L.NPWC3_TOI_POINT_B;
	return {
		fraction: io[L.NPWC3_TOI_FRACTION],
		state: TOI_STATES[io[L.NPWC3_TOI_STATE]],
		normal: [io[N], io[N + 1], io[N + 2]],
		pointA: [io[A], io[A + 1], io[A + 2]],
		pointB: [io[B], io[B + 1], io[B + 2]],
		iterations: io[L.NPWC3_TOI_ITERATIONS],
	};
}

export { Shape3D };
