// 2D chains of the narrowphase JS API (bound to a runtime by narrowphase.mjs; the shapes are
// api2d.mjs's). One-sided polylines for level terrain, with ghost-free contacts.
//
//   const ground = np.chain2d([[10, 0], [4, 0], [0, -1], [-10, -1]]);   // right to left: faces up
//   const contacts = np.chainContacts(np.box2d(0.5, 0.5), { position: [2, 0.45] }, ground, { margin: 0.01 });
//   // [{ pointA, pointB, normal, depth, chain, segment, feature: 'face' | 'vertex', id }]
//   np.chainContacts(shape, pose, [ground, { chain: platform, transform: { position: [3, 2] } }]);
//   np.rayCast(ground, undefined, [0, 5], [0, -10]);       // front faces only: { fraction, point, normal, chain, segment }
//
// Creation goes through src/bindingchain.c: the points are copied into wasm memory, the options
// written into the io block, and the chain built into one malloc'd block of npwChainBytes2 bytes.
// Contacts are one wasm call: the shape's transform, the options and each chain's pointer and
// transform are written into the io block, the contacts come back as one NPWCH_CONTACT record each
// (the core's npChainContact2 structs, written in place) in a block owned by the runtime
// (rt.chainOut). apiquery.mjs sends its rays, points and bounds on
// chains here (chainRayCast, chainClosestPoint, ...). Offsets come from js/layout.mjs.
import { checkNumber, codeName, describe, fail } from './errors.mjs';
import * as L from './layout.mjs';
import { WasmObject, failDisposed } from './runtime.mjs';
import { Shape2D, putXf } from './api2d.mjs';
import {
	CHAIN_EXTRAS, CHAIN_FEATURE_EXTRAS, fillBounds, keepEntries, fillCastHit, fillProjection, fillRayHit, readBoundsOut, readCastOut, readPointOut,
} from './refill.mjs';

const FEATURES = ['face', 'vertex'];
const IO_XF = L.NPWCH_IO_XF;
const IO_MARGIN = L.NPWCH_IO_MARGIN;
const IO_REMOVE_GHOSTS = L.NPWCH_IO_REMOVE_GHOSTS;
const IO_FEATURE_TOLERANCE = L.NPWCH_IO_FEATURE_TOLERANCE;
const IO_CHAIN_COUNT = L.NPWCH_IO_CHAIN_COUNT;
const IO_ORIGIN = L.NPWCH_IO_ORIGIN;
const IO_DIRECTION = L.NPWCH_IO_DIRECTION;
const IO_MAX_FRACTION = L.NPWCH_IO_MAX_FRACTION;
const IO_ERR_RAY = L.NPWCH_IO_ERR_RAY;
const IO_CHAINS = L.NPWCH_IO_CHAINS;
const IO_CHAIN_SIZE = L.NPWCH_IO_CHAIN_SIZE;
const IO_CHAIN_PTR = L.NPWCH_IO_CHAIN_PTR;
const IO_CHAIN_XF = L.NPWCH_IO_CHAIN_XF;
const R_VALUE = L.NPWCH_IO_OUT + L.NPWCH_RESULT_VALUE;
const R_POINT = L.NPWCH_IO_OUT + L.NPWCH_RESULT_POINT;
const R_NORMAL = L.NPWCH_IO_OUT + L.NPWCH_RESULT_NORMAL;
const R_CHAIN = L.NPWCH_IO_OUT + L.NPWCH_RESULT_CHAIN;
const R_SEGMENT = L.NPWCH_IO_OUT + L.NPWCH_RESULT_SEGMENT;
const CONTACT_SIZE = L.NPWCH_CONTACT_SIZE;
const C_POINT_A = L.NPWCH_CONTACT_POINT_A;
const C_POINT_B = L.NPWCH_CONTACT_POINT_B;
const C_NORMAL = L.NPWCH_CONTACT_NORMAL;
const C_DEPTH = L.NPWCH_CONTACT_DEPTH;
// The record is the core's npChainContact2: its four 32-bit fields pair up in two doubles, read
// through the Int32Array / Uint32Array views at twice the double index.
const C_CHAIN = 2 * L.NPWCH_CONTACT_CHAIN_SEGMENT;
const C_SEGMENT = 2 * L.NPWCH_CONTACT_CHAIN_SEGMENT + 1;
const C_FEATURE = 2 * L.NPWCH_CONTACT_FEATURE_ID;
const C_ID = 2 * L.NPWCH_CONTACT_FEATURE_ID + 1;

/** Reads the chain limits into rt.limitsChain and allocates the contact block (once per runtime). */
export function setupChain(rt) {
	const f64 = rt.f64;
	const o = rt.ioIndex;
	rt.exports.npwChainLimits2(rt.ioPtr);
	const limits = {
		maxPoints: f64[o + L.NPWCH_LIMITS_MAX_POINTS],
		maxContacts: f64[o + L.NPWCH_LIMITS_MAX_CONTACTS],
		maxCandidates: f64[o + L.NPWCH_LIMITS_MAX_CANDIDATES],
		maxChains: f64[o + L.NPWCH_LIMITS_MAX_CHAINS],
		featureTolerance: f64[o + L.NPWCH_LIMITS_FEATURE_TOLERANCE],
	};
	if (IO_CHAINS + IO_CHAIN_SIZE * limits.maxChains > rt.ioDoubles) throw new Error('narrowphase: scratch block too small for chains');
	rt.limitsChain = limits;
	rt.chainOut = rt.malloc(limits.maxContacts * CONTACT_SIZE * 8);
}

const MAKE = Symbol('Chain2D');

/** A one-sided 2D polyline living in wasm memory (segment i collides on its right side). */
export class Chain2D extends WasmObject {
	constructor(rt, ptr, token) {
		if (token !== MAKE) fail('NP_INVALID_ARGUMENT', 'Chain2D: use np.chain2d');
		super(rt, ptr);
		rt.exports.npwChainInfo2(ptr, rt.ioPtr);
		const f64 = rt.f64;
		const o = rt.ioIndex;
		this.kind = 'chain2d';
		/** Closed chain. */
		this.loop = f64[o + L.NPWCH_INFO_LOOP] === 1;
		/** Segments (points - 1, or points for a loop). */
		this.segmentCount = f64[o + L.NPWCH_INFO_SEGMENT_COUNT];
		/** BVH nodes and depth. */
		this.nodeCount = f64[o + L.NPWCH_INFO_NODE_COUNT];
		this.depth = f64[o + L.NPWCH_INFO_DEPTH];
		/** Bytes of wasm memory the chain occupies. */
		this.bytes = f64[o + L.NPWCH_INFO_BYTES];
		/** Bounds (chain space). */
		this.lower = [f64[o + L.NPWCH_INFO_LOWER], f64[o + L.NPWCH_INFO_LOWER + 1]];
		this.upper = [f64[o + L.NPWCH_INFO_UPPER], f64[o + L.NPWCH_INFO_UPPER + 1]];
		/** The points as given, [[x, y], ...] (filled by chain2d). */
		this.vertices = null;
	}
}

/** True for a chain of this runtime. */
export function isChain(rt, c) {
	return c instanceof Chain2D && c._rt === rt;
}

// Flattens points given flat or as [[x, y], ...]; checks the numbers.
function flatPoints(points) {
	if (points === null || typeof points !== 'object' || typeof points.length !== 'number') {
		fail('NP_INVALID_ARGUMENT', `chain2d: points must be an array or typed array (got ${describe(points)})`);
	}
	if (points.length > 0 && typeof points[0] === 'object' && points[0] !== null) {
		const flat = new Float64Array(2 * points.length);
		for (let i = 0; i < points.length; i++) {
			const p = points[i];
			if (p === null || typeof p !== 'object' || p.length !== 2) fail('NP_INVALID_ARGUMENT', `chain2d: point ${i} must be [x, y] (got ${describe(p)})`);
			flat[2 * i] = checkNumber(p[0], `chain2d: point ${i}[0]`);
			flat[2 * i + 1] = checkNumber(p[1], `chain2d: point ${i}[1]`);
		}
		return flat;
	}
	if (points.length % 2 !== 0) fail('NP_INVALID_ARGUMENT', `chain2d: a flat point array needs 2 numbers per point (got ${points.length})`);
	for (let i = 0; i < points.length; i++) {
		const x = points[i];
		if (typeof x !== 'number' || !Number.isFinite(x)) checkNumber(x, `chain2d: points[${i}]`);
	}
	return points;
}

function ghost(options, name) {
	const g = options[name];
	if (g === undefined || g === null) return null;
	if (typeof g !== 'object' || g.length !== 2) fail('NP_INVALID_ARGUMENT', `chain2d: ${name} must be [x, y] (got ${describe(g)})`);
	return [checkNumber(g[0], `chain2d: ${name}[0]`), checkNumber(g[1], `chain2d: ${name}[1]`)];
}

/**
 * A chain from points (flat [x0, y0, x1, ...] or [[x, y], ...]). Options: loop (default false),
 * ghostStart / ghostEnd ([x, y]: where the level continues beyond an open chain's ends). Throws
 * NP_DEGENERATE for too few points (2, or 3 for a loop) or a zero-length segment, NP_NON_FINITE for
 * NaN / infinite / huge coordinates.
 */
export function chain2d(rt, points, options) {
	const flat = flatPoints(points);
	const count = flat.length / 2;
	let loop = false, gs = null, ge = null;
	if (options !== undefined && options !== null) {
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `chain2d: options must be an object (got ${describe(options)})`);
		loop = options.loop === true;
		gs = ghost(options, 'ghostStart');
		ge = ghost(options, 'ghostEnd');
		if (loop && (gs || ge)) fail('NP_INVALID_ARGUMENT', 'chain2d: a loop has no ends, so no ghostStart / ghostEnd');
	}
	if (count < (loop ? 3 : 2)) fail('NP_DEGENERATE', `chain2d: ${loop ? 'a loop needs at least 3 points' : 'a chain needs at least 2 points'} (got ${count})`);
	if (count > rt.limitsChain.maxPoints) fail('NP_TOO_MANY_POINTS', `chain2d: at most ${rt.limitsChain.maxPoints} points (got ${count})`);
	const ex = rt.exports;
	const bytes = ex.npwChainBytes2(count, loop ? 1 : 0);
	const pPtr = rt.malloc(flat.length * 8);
	let ptr = 0;
	try {
		ptr = rt.malloc(bytes);
		rt.f64.set(flat, pPtr >>> 3);
		const h = rt.f64;
		const o = rt.ioIndex;
		h[o + L.NPWCH_DEF_LOOP] = loop ? 1 : 0;
		h[o + L.NPWCH_DEF_HAS_GHOST_START] = gs ? 1 : 0;
		h[o + L.NPWCH_DEF_GHOST_START] = gs ? gs[0] : 0;
		h[o + L.NPWCH_DEF_GHOST_START + 1] = gs ? gs[1] : 0;
		h[o + L.NPWCH_DEF_HAS_GHOST_END] = ge ? 1 : 0;
		h[o + L.NPWCH_DEF_GHOST_END] = ge ? ge[0] : 0;
		h[o + L.NPWCH_DEF_GHOST_END + 1] = ge ? ge[1] : 0;
		const r = ex.npwMakeChain2(pPtr, count, rt.ioPtr, ptr, bytes);
		if (r !== 0) {
			const code = codeName(r);
			const why = code === 'NP_DEGENERATE' ? 'a segment has zero length (two equal consecutive points, or a ghost equal to its end point)'
				: code === 'NP_NON_FINITE' ? 'a coordinate is not finite or exceeds the coordinate bound'
				: `creation failed (${code})`;
			fail(code, `chain2d: ${why}`);
		}
		const chain = new Chain2D(rt, ptr, MAKE);
		ptr = 0;
		const vertices = new Array(count);
		for (let i = 0; i < count; i++) vertices[i] = Object.freeze([flat[2 * i], flat[2 * i + 1]]);
		chain.vertices = Object.freeze(vertices);
		return chain;
	} finally {
		rt.free(pPtr);
		if (ptr !== 0) rt.free(ptr);
	}
}

// ------------------------------------------------------------------------------ chain lists

// The wasm pointer of a chain argument (messages built on failure only).
function chainPtr(rt, c, fn, which) {
	if (isChain(rt, c) && c._ptr !== 0) return c._ptr;
	const where = which < 0 ? 'the chain' : `chains[${which}]`;
	if (!isChain(rt, c)) fail('NP_INVALID_ARGUMENT', `${fn}: ${where} is not a Chain2D of this narrowphase instance (got ${describe(c)})`);
	failDisposed(`${fn}: ${where}`);
}

/** True for a chain or an array of chains / { chain, transform } (the targets of the chain queries). */
export function isChainTarget(rt, t) {
	if (isChain(rt, t)) return true;
	if (!Array.isArray(t) || t.length === 0) return false;
	const e = t[0];
	return isChain(rt, e) || (e !== null && typeof e === 'object' && isChain(rt, e.chain));
}

// The identity transform of a chain given bare, written as a prepared transform (its rotation
// npMakeRot2(0) = (1, 0) exactly), so the shim neither rebuilds nor re-validates it.
const XF_X = L.NPW_XF2_X, XF_Y = L.NPW_XF2_Y, XF_ANGLE = L.NPW_XF2_ANGLE, XF_COS = L.NPW_XF2_COS, XF_SIN = L.NPW_XF2_SIN;
function putIdentity(h, k) {
	h[k + XF_X] = 0;
	h[k + XF_Y] = 0;
	h[k + XF_ANGLE] = 0;
	h[k + XF_COS] = 1;
	h[k + XF_SIN] = 0;
}

// Writes the chains (one chain with `transform`, or a list) into the io block; returns the count.
function putChains(rt, chains, transform, fn) {
	const h = rt.f64;
	const o = rt.ioIndex + IO_CHAINS;
	// The common call first: one live chain, identity transform (one type check, not three).
	if (transform === undefined && chains instanceof Chain2D && chains._rt === rt && chains._ptr !== 0) {
		h[o + IO_CHAIN_PTR] = chains._ptr;
		putIdentity(h, o + IO_CHAIN_XF);
		return 1;
	}
	if (isChain(rt, chains)) {
		h[o + IO_CHAIN_PTR] = chainPtr(rt, chains, fn, -1);
		if (transform === undefined) putIdentity(h, o + IO_CHAIN_XF);
		else putXf(h, transform, o + IO_CHAIN_XF, fn, 'of the chain');
		return 1;
	}
	if (!Array.isArray(chains)) fail('NP_INVALID_ARGUMENT', `${fn}: chains must be a Chain2D or an array of Chain2D / { chain, transform } (got ${describe(chains)})`);
	const count = chains.length;
	if (count === 0) fail('NP_INVALID_ARGUMENT', `${fn}: no chains given`);
	if (count > rt.limitsChain.maxChains) fail('NP_TOO_MANY_POINTS', `${fn}: at most ${rt.limitsChain.maxChains} chains per call (got ${count})`);
	for (let i = 0; i < count; i++) {
		const e = chains[i];
		const k = o + IO_CHAIN_SIZE * i;
		if (isChain(rt, e)) {
			h[k + IO_CHAIN_PTR] = chainPtr(rt, e, fn, i);
			putIdentity(h, k + IO_CHAIN_XF);
		} else {
			if (e === null || typeof e !== 'object') fail('NP_INVALID_ARGUMENT', `${fn}: chains[${i}] must be a Chain2D or { chain, transform } (got ${describe(e)})`);
			h[k + IO_CHAIN_PTR] = chainPtr(rt, e.chain, fn, i);
			putXf(h, e.transform, k + IO_CHAIN_XF, fn, `of chains[${i}]`);
		}
	}
	return count;
}

// Explains a negative result of a chain call.
export function chainFail(rt, e, fn) {
	const ERR = L.NPWCH_ERR_CHAIN;
	if (e >= ERR) {
		const i = Math.floor(e / ERR) - 1;
		const code = codeName(e % ERR);
		fail(code, `${fn}: chains[${i}].transform is invalid (${code === 'NP_INVALID_TRANSFORM' ? 'bad rotation' : code === 'NP_NON_FINITE' ? 'a number is not finite or too large' : code})`);
	}
	const code = codeName(e);
	fail(code, code === 'NP_INVALID_TRANSFORM' ? `${fn}: the transform is invalid`
		: code === 'NP_NON_FINITE' ? `${fn}: an input number is not finite or too large`
		: `${fn}: invalid input (${code})`);
}

// ------------------------------------------------------------------------------ contacts

function putOptions(rt, io, options) {
	let margin = 0, remove = 1, tolerance = rt.limitsChain.featureTolerance;
	if (options !== undefined && options !== null) {
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `chainContacts: options must be an object (got ${describe(options)})`);
		if (options.margin !== undefined) {
			margin = checkNumber(options.margin, 'chainContacts: margin');
			if (margin < 0) fail('NP_INVALID_ARGUMENT', `chainContacts: margin must be >= 0 (got ${margin})`);
		}
		if (options.removeGhosts === false) remove = 0;
		if (options.featureTolerance !== undefined) {
			tolerance = checkNumber(options.featureTolerance, 'chainContacts: featureTolerance');
			if (tolerance < 0) fail('NP_INVALID_ARGUMENT', `chainContacts: featureTolerance must be >= 0 (got ${tolerance})`);
		}
	}
	io[IO_MARGIN] = margin;
	io[IO_REMOVE_GHOSTS] = remove;
	io[IO_FEATURE_TOLERANCE] = tolerance;
}

/**
 * Contacts between any 2D shape (with its transform) and one chain (identity transform) or an
 * array of chains ({ chain, transform } or bare chains). Options: margin (default 0), removeGhosts
 * (default true), featureTolerance (joining end points of different chains, default 1e-6), out (an
 * array returned earlier: refilled in place and returned, allocating nothing once it is as long as
 * the calls' results). Normals
 * point from the shape to the chain; depth > 0 when overlapping. At most 2 contacts per segment
 * and limitsChain.maxContacts per call; when more were found the array has `overflow: true`.
 */
export function chainContacts(rt, shape, transform, chains, options) {
	if (!(shape instanceof Shape2D && shape._rt === rt)) {
		fail('NP_INVALID_ARGUMENT', `chainContacts: shape must be a 2D shape (circle, capsule, box or polygon; got ${describe(shape)})`);
	}
	if (shape._ptr === 0) failDisposed(`chainContacts: the shape (${shape.kind})`);
	const io = rt.io;
	putXf(io, transform, IO_XF, 'chainContacts', 'of the shape');
	putOptions(rt, io, options);
	io[IO_CHAIN_COUNT] = putChains(rt, chains, undefined, 'chainContacts');
	const n = rt.exports.npwChainContacts2(shape._ptr, rt.ioPtr, rt.chainOut, rt.limitsChain.maxContacts);
	if (n < 0) chainFail(rt, -n, 'chainContacts');
	const overflow = io[IO_CHAIN_COUNT] < 0;
	const h = rt.f64;
	const out = rt.chainOut >>> 3;
	if (options !== undefined && options !== null && options.out !== undefined) return refillContacts(h, rt.i32, rt.u32, out, options.out, n, overflow);
	const i32 = rt.i32, u32 = rt.u32;
	const result = new Array(n);
	for (let i = 0; i < n; i++) {
		const k = out + CONTACT_SIZE * i;
		const w = 2 * k;
		result[i] = {
			pointA: [h[k + C_POINT_A], h[k + C_POINT_A + 1]],
			pointB: [h[k + C_POINT_B], h[k + C_POINT_B + 1]],
			normal: [h[k + C_NORMAL], h[k + C_NORMAL + 1]],
			depth: h[k + C_DEPTH],
			chain: i32[w + C_CHAIN],
			segment: i32[w + C_SEGMENT],
			feature: FEATURES[i32[w + C_FEATURE]],
			id: u32[w + C_ID],
		};
	}
	if (overflow) result.overflow = true;
	return result;
}

// options.out: an array of contacts returned earlier, refilled in place and returned. Its contact
// objects (and their arrays) are reused, also across calls returning fewer contacts (refill.mjs's
// keepEntries keeps them on the array), so once the array has held the longest result a call
// allocates nothing. The first refill takes the array's valid contact objects into its pool.
function newContact() {
	return { pointA: [0, 0], pointB: [0, 0], normal: [0, 0], depth: 0, chain: 0, segment: 0, feature: 'face', id: 0 };
}

const isContact = (c) => c !== null && typeof c === 'object' && Array.isArray(c.pointA) && Array.isArray(c.pointB) && Array.isArray(c.normal);

function refillContacts(h, i32, u32, base, out, n, overflow) {
	if (!Array.isArray(out)) fail('NP_INVALID_ARGUMENT', `chainContacts: options.out must be an array of contacts, e.g. one returned earlier (got ${describe(out)})`);
	const pool = keepEntries(out, n, newContact, isContact);
	// k is a double index into wasm memory, below 2^29 (w = 2k, the 32-bit index, below 2^30); the
	// masks tell V8 so (it then adds the field offsets below without overflow checks).
	for (let i = 0, k = base & 0x1fffffff; i < n; i++, k = (k + CONTACT_SIZE) & 0x1fffffff) {
		const c = pool[i];
		const a = c.pointA, b = c.pointB, nrm = c.normal;
		const w = 2 * k;
		a[0] = h[k + C_POINT_A];
		a[1] = h[k + C_POINT_A + 1];
		b[0] = h[k + C_POINT_B];
		b[1] = h[k + C_POINT_B + 1];
		nrm[0] = h[k + C_NORMAL];
		nrm[1] = h[k + C_NORMAL + 1];
		c.depth = h[k + C_DEPTH];
		c.chain = i32[w + C_CHAIN];
		c.segment = i32[w + C_SEGMENT];
		c.feature = FEATURES[i32[w + C_FEATURE]];
		c.id = u32[w + C_ID];
		out[i] = c;
	}
	if (overflow) out.overflow = true;
	else if (out.overflow !== undefined) delete out.overflow;
	return out;
}

// ------------------------------------------------------------------------------ rays, points, bounds
// Called by apiquery.mjs when the target is a chain or a list of chains.

function put2(io, k, v, fn, name) {
	if (v === null || typeof v !== 'object' || v.length !== 2 || typeof v[0] !== 'number' || typeof v[1] !== 'number') {
		fail('NP_INVALID_ARGUMENT', `${fn}: ${name} must be [x, y] (got ${describe(v)})`);
	}
	io[k] = v[0];
	io[k + 1] = v[1];
}

function putMaxFraction(io, options, fn) {
	let max = 1;
	if (options !== undefined && options !== null) {
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
		if (options.maxFraction !== undefined) max = checkNumber(options.maxFraction, `${fn}: options.maxFraction`);
	}
	io[IO_MAX_FRACTION] = max;
}

/** rayCast on chains: { fraction, point, normal, frontFace: true, chain, segment } or null. */
export function chainRayCast(rt, target, transform, origin, direction, options) {
	const io = rt.io;
	io[IO_CHAIN_COUNT] = putChains(rt, target, transform, 'rayCast');
	put2(io, IO_ORIGIN, origin, 'rayCast', 'origin');
	put2(io, IO_DIRECTION, direction, 'rayCast', 'direction');
	putMaxFraction(io, options, 'rayCast');
	const out = options === undefined ? undefined : readPointOut(options, 'rayCast', 2);
	const r = rt.exports.npwRayCastChains2(rt.ioPtr);
	if (r < 0) chainFail(rt, -r, 'rayCast');
	if (r === 0) return null;
	if (out !== undefined) {
		fillRayHit(out, io, R_VALUE, R_POINT, R_NORMAL, true, 2, CHAIN_EXTRAS);
		out.chain = io[R_CHAIN] | 0;
		out.segment = io[R_SEGMENT] | 0;
		return out;
	}
	return {
		fraction: io[R_VALUE],
		point: [io[R_POINT], io[R_POINT + 1]],
		normal: [io[R_NORMAL], io[R_NORMAL + 1]],
		frontFace: true,
		chain: io[R_CHAIN] | 0,
		segment: io[R_SEGMENT] | 0,
	};
}

/** rayCastMany on chains: out records [fraction, x, y, nx, ny, segment] (fraction -1: miss). */
export function chainRayCastMany(rt, target, transform, views, count, options) {
	const io = rt.io;
	io[IO_CHAIN_COUNT] = putChains(rt, target, transform, 'rayCastMany');
	putMaxFraction(io, options, 'rayCastMany');
	const r = rt.exports.npwRayCastManyChains2(rt.ioPtr, views.origins.byteOffset, views.directions.byteOffset, views.out.byteOffset, count);
	if (r < 0) {
		const i = io[IO_ERR_RAY];
		chainFail(rt, -r, i >= 0 ? `rayCastMany (ray ${i})` : 'rayCastMany');
	}
	return r;
}

/** closestPoint on chains: { point, distance (signed for loops), normal, chain, segment }. */
export function chainClosestPoint(rt, target, transform, p, options) {
	const io = rt.io;
	io[IO_CHAIN_COUNT] = putChains(rt, target, transform, 'closestPoint');
	put2(io, IO_ORIGIN, p, 'closestPoint', 'p');
	const out = options === undefined ? undefined : readPointOut(options, 'closestPoint', 2);
	const r = rt.exports.npwClosestPointChains2(rt.ioPtr);
	if (r < 0) chainFail(rt, -r, 'closestPoint');
	if (out !== undefined) {
		fillProjection(out, io, R_POINT, R_VALUE, R_NORMAL, 2, CHAIN_EXTRAS);
		out.chain = io[R_CHAIN] | 0;
		out.segment = io[R_SEGMENT] | 0;
		return out;
	}
	return {
		point: [io[R_POINT], io[R_POINT + 1]],
		distance: io[R_VALUE],
		normal: [io[R_NORMAL], io[R_NORMAL + 1]],
		chain: io[R_CHAIN] | 0,
		segment: io[R_SEGMENT] | 0,
	};
}

/** containsPoint on a loop (the back, solid side); NP_INVALID_ARGUMENT for an open chain. */
export function chainContainsPoint(rt, chain, transform, p) {
	const ptr = chainPtr(rt, chain, 'containsPoint', -1);
	if (!chain.loop) fail('NP_INVALID_ARGUMENT', 'containsPoint: an open chain has no inside (only loops do)');
	const io = rt.io;
	putXf(io, transform, IO_XF, 'containsPoint', 'of the chain');
	put2(io, IO_ORIGIN, p, 'containsPoint', 'p');
	const r = rt.exports.npwContainsPointChain2(ptr, rt.ioPtr);
	if (r < 0) chainFail(rt, -r, 'containsPoint');
	return r === 1;
}

/** bounds of a placed chain: { lower, upper }. */
export function chainBounds(rt, chain, transform, options) {
	const ptr = chainPtr(rt, chain, 'bounds', -1);
	const io = rt.io;
	putXf(io, transform, IO_XF, 'bounds', 'of the chain');
	const out = options === undefined ? undefined : readBoundsOut(options, 2);
	const r = rt.exports.npwChainBounds2(ptr, rt.ioPtr);
	if (r < 0) chainFail(rt, -r, 'bounds');
	if (out !== undefined) return fillBounds(out, io, R_POINT, R_NORMAL, 2);
	return { lower: [io[R_POINT], io[R_POINT + 1]], upper: [io[R_NORMAL], io[R_NORMAL + 1]] };
}

// ------------------------------------------------------------------------------ shape casts
// Called by apicast2d.mjs when a cast's target is a chain or a list of chains.

/**
 * Writes a cast's chains (a bare chain takes `transform`, a list ignores it) and the chain options
 * (removeGhosts, featureTolerance) into the io block.
 */
export function putChainCast(rt, target, transform, options, fn) {
	const io = rt.io;
	let remove = 1, tolerance = rt.limitsChain.featureTolerance;
	if (options !== undefined && options !== null) {
		if (options.removeGhosts === false) remove = 0;
		if (options.featureTolerance !== undefined) {
			tolerance = checkNumber(options.featureTolerance, `${fn}: options.featureTolerance`);
			if (tolerance < 0) fail('NP_INVALID_ARGUMENT', `${fn}: options.featureTolerance must be >= 0 (got ${tolerance})`);
		}
	}
	io[IO_REMOVE_GHOSTS] = remove;
	io[IO_FEATURE_TOLERANCE] = tolerance;
	io[IO_CHAIN_COUNT] = putChains(rt, target, transform, fn);
}

/** Reads the NPWCH_CAST record npwShapeCastChains2 wrote at rt.chainOut. */
// The io indices of a chain cast's record, relative to its start (refill.mjs's fillCastHit).
const CHAIN_CAST_AT = {
	fraction: L.NPWCH_CAST_FRACTION, point: L.NPWCH_CAST_POINT, pointOnShape: L.NPWCH_CAST_POINT_ON_SHAPE, normal: L.NPWCH_CAST_NORMAL,
	initial: L.NPWCH_CAST_INITIAL, penetration: L.NPWCH_CAST_PENETRATION, iterations: L.NPWCH_CAST_ITERATIONS,
};

/** The options.out of a shape cast on chains, checked (undefined when none is given). */
export const readChainCastOut = (options) => readCastOut(options, 2);

/** The chain cast's hit, into `out` when given (a CastHit returned earlier) or a new object. */
export function readChainCast(rt, out) {
	const h = rt.f64;
	const k = rt.chainOut >>> 3;
	if (out !== undefined) {
		fillCastHit(out, h, k, CHAIN_CAST_AT, 2, CHAIN_FEATURE_EXTRAS);
		out.chain = h[k + L.NPWCH_CAST_CHAIN] | 0;
		out.segment = h[k + L.NPWCH_CAST_SEGMENT] | 0;
		out.feature = FEATURES[h[k + L.NPWCH_CAST_FEATURE] | 0];
		return out;
	}
	return {
		fraction: h[k + L.NPWCH_CAST_FRACTION],
		point: [h[k + L.NPWCH_CAST_POINT], h[k + L.NPWCH_CAST_POINT + 1]],
		pointOnShape: [h[k + L.NPWCH_CAST_POINT_ON_SHAPE], h[k + L.NPWCH_CAST_POINT_ON_SHAPE + 1]],
		normal: [h[k + L.NPWCH_CAST_NORMAL], h[k + L.NPWCH_CAST_NORMAL + 1]],
		initialOverlap: h[k + L.NPWCH_CAST_INITIAL] === 1,
		penetration: h[k + L.NPWCH_CAST_PENETRATION],
		iterations: h[k + L.NPWCH_CAST_ITERATIONS],
		chain: h[k + L.NPWCH_CAST_CHAIN] | 0,
		segment: h[k + L.NPWCH_CAST_SEGMENT] | 0,
		feature: FEATURES[h[k + L.NPWCH_CAST_FEATURE] | 0],
	};
}
