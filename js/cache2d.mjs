// Persistent 2D contacts of the narrowphase JS API: np.contactCache2d (see npContactCache2 in
// contact2d.h), over the cache shim (src/bindingcache.c).
//
// cache.collide(a, ta, b, tb, options) runs one frame of a persistent pair in one call: the manifold
// (equal to np.manifold's), found from what the cache learned last frame (A's best edge), and the
// cache's points updated with it: a point matching last frame's (same feature id) keeps its age and
// user data (e.g. accumulated impulses). Transforms are { position: [x, y], angle } as for every 2D
// query (api2d.mjs writes them into the io block); offsets come from js/layout.mjs.
import { codeName, describe, fail } from './errors.mjs';
import * as L from './layout.mjs';
import { Shape, WasmObject, failDisposed } from './runtime.mjs';
import { Shape2D, checkOut, putXf, refill } from './api2d.mjs';
import { collideMargin, readStats } from './cache3d.mjs';

const XFA = L.NPW_IO_XFA;
const XFB = L.NPW_IO_XFB;
const ARG = L.NPW_IO_ARG;
const OUT = L.NPW_IO_OUT;
const M_NORMAL = OUT + L.NPW_MANIFOLD2_NORMAL;
const M_POINTS = OUT + L.NPW_MANIFOLD2_POINTS;
const M_SIZE = L.NPW_MANIFOLD2_POINT_SIZE;
const P_A = L.NPW_MANIFOLD2_POINT_POINT_A;
const P_B = L.NPW_MANIFOLD2_POINT_POINT_B;

// Cache sizes, read from the wasm once per runtime.
const limitsOf = new WeakMap();
function cacheLimits(rt) {
	let l = limitsOf.get(rt);
	if (l === undefined) {
		rt.exports.npwCacheLimits(rt.ioPtr);
		const io = rt.io;
		const userData = io[L.NPWC_LIMITS_USER_DATA2];
		l = { bytes: io[L.NPWC_LIMITS_CACHE2_BYTES], userData, pointSize: L.NPWC_CACHED_POINT2_USER + userData };
		limitsOf.set(rt, l);
	}
	return l;
}

// Throws for the first of a, b that is not a live 2D shape of this runtime.
function badShapes(rt, fn, a, b) {
	for (const [s, name] of [[a, 'A'], [b, 'B']]) {
		const ours = s instanceof Shape && s._rt === rt;
		if (ours && s._ptr === 0) fail('NP_DISPOSED', `${fn}: shape ${name} was disposed`);
		if (!(s instanceof Shape2D) || !ours) {
			fail('NP_INVALID_ARGUMENT', `${fn}: shape ${name} is not a 2D shape of this narrowphase instance (got ${describe(s)})`);
		}
	}
}

// A negative shim result: -code for transform A, -(NPW_ERR_B + code) for transform B.
function xfFail(fn, rc) {
	const e = -rc;
	const isB = e >= L.NPW_ERR_B;
	const code = codeName(isB ? e - L.NPW_ERR_B : e);
	fail(code, `${fn}: transform ${isB ? 'B' : 'A'} is invalid (${code}: not finite, beyond the coordinate bound, or not a rotation)`);
}

// One manifold point read from io offset k (the shape np.manifold returns).
function point2(io, k) {
	return {
		pointA: [io[k + P_A], io[k + P_A + 1]],
		pointB: [io[k + P_B], io[k + P_B + 1]],
		depth: io[k + L.NPW_MANIFOLD2_POINT_DEPTH],
		id: io[k + L.NPW_MANIFOLD2_POINT_ID],
	};
}

const MAKE = Symbol('ContactCache2D');

/** A persistent 2D contact set for one pair of shapes (see npContactCache2 in contact2d.h). */
export class ContactCache2D extends WasmObject {
	constructor(rt, options, token) {
		if (token !== MAKE) fail('NP_INVALID_ARGUMENT', 'ContactCache2D: use np.contactCache2d');
		const huge = rt.limits2.huge;
		let breakDistance = 0.02;
		let margin = 0;
		if (options !== undefined && options !== null) {
			if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `contactCache2d: options must be an object (got ${describe(options)})`);
			if (options.breakDistance !== undefined) breakDistance = options.breakDistance;
			if (options.margin !== undefined) margin = options.margin;
		}
		for (const [name, v] of [['breakDistance', breakDistance], ['margin', margin]]) {
			if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `contactCache2d: options.${name} must be a number (got ${describe(v)})`);
			if (!Number.isFinite(v) || Math.abs(v) > huge) fail('NP_NON_FINITE', `contactCache2d: options.${name} is not finite or exceeds ${huge} (got ${v})`);
		}
		if (!(breakDistance > 0)) fail('NP_INVALID_ARGUMENT', `contactCache2d: options.breakDistance must be positive (got ${breakDistance})`);
		if (!(margin >= 0)) fail('NP_INVALID_ARGUMENT', `contactCache2d: options.margin must not be negative (got ${margin})`);
		const ptr = rt.malloc(cacheLimits(rt).bytes);
		rt.exports.npwCacheInit2(ptr, breakDistance, margin);
		super(rt, ptr);
		/** Matching distance: a point continues last frame's point within this distance. */
		this.breakDistance = breakDistance;
		/** Default speculative margin of collide. */
		this.margin = margin;
	}

	_check(fn) {
		if (this._ptr === 0) failDisposed(`contactCache2d.${fn}: the cache`);
	}

	/**
	 * One frame of a persistent pair: the manifold ({ normal, points }, the same as
	 * np.manifold(a, ta, b, tb, { margin })), found from what the cache learned last frame; the cache
	 * then holds its points (this.points, with age and user data carried by feature id).
	 * options.margin: speculative distance (default: the cache's margin); options.out: a manifold
	 * returned earlier, refilled in place and returned (no allocation while the point count stays).
	 */
	collide(a, ta, b, tb, options) {
		this._check('collide');
		const rt = this._rt;
		const pa = a instanceof Shape2D && a._rt === rt ? a._ptr : 0;
		const pb = b instanceof Shape2D && b._rt === rt ? b._ptr : 0;
		if (pa === 0 || pb === 0) badShapes(rt, 'contactCache2d.collide', a, b);
		const io = rt.io;
		putXf(io, ta, XFA, 'contactCache2d.collide', 'A');
		putXf(io, tb, XFB, 'contactCache2d.collide', 'B');
		let out;
		if (options === undefined) io[ARG] = this.margin;
		else {
			io[ARG] = collideMargin('contactCache2d.collide', options, this.margin, rt.limits2.huge);
			out = options === null ? undefined : options.out;
			if (out !== undefined) checkOut(out, 'contactCache2d.collide');
		}
		const n = rt.exports.npwCacheCollide2(this._ptr, pa, pb, rt.ioPtr);
		if (n < 0) xfFail('contactCache2d.collide', n);
		if (out !== undefined) return refill(io, out, n);
		// Array literals by count: V8 allocates them inline (new Array(n) is a builtin call).
		const points = n === 2 ? [point2(io, M_POINTS), point2(io, M_POINTS + M_SIZE)] : n === 1 ? [point2(io, M_POINTS)] : [];
		return { normal: [io[M_NORMAL], io[M_NORMAL + 1]], points };
	}

	/** Current points: { pointA, pointB, localA, localB, depth, id, age, user: [..] }, in the manifold's order. */
	get points() {
		this._check('points');
		const rt = this._rt;
		const n = rt.exports.npwCacheRead2(this._ptr, rt.ioPtr);
		const { userData, pointSize } = cacheLimits(rt);
		const io = rt.io;
		const out = new Array(n);
		const v2 = (k) => [io[k], io[k + 1]];
		for (let i = 0; i < n; i++) {
			const k = L.NPWC_CACHE2_POINTS + pointSize * i;
			const user = new Array(userData);
			for (let u = 0; u < userData; u++) user[u] = io[k + L.NPWC_CACHED_POINT2_USER + u];
			out[i] = {
				pointA: v2(k + L.NPWC_CACHED_POINT2_POINT_A),
				pointB: v2(k + L.NPWC_CACHED_POINT2_POINT_B),
				localA: v2(k + L.NPWC_CACHED_POINT2_LOCAL_A),
				localB: v2(k + L.NPWC_CACHED_POINT2_LOCAL_B),
				depth: io[k + L.NPWC_CACHED_POINT2_DEPTH],
				id: io[k + L.NPWC_CACHED_POINT2_ID],
				age: io[k + L.NPWC_CACHED_POINT2_AGE],
				user,
			};
		}
		return out;
	}

	/** World normal (A to B) of the last frame. */
	get normal() {
		this._check('normal');
		const rt = this._rt;
		rt.exports.npwCacheRead2(this._ptr, rt.ioPtr);
		return [rt.io[L.NPWC_CACHE2_NORMAL], rt.io[L.NPWC_CACHE2_NORMAL + 1]];
	}

	/** Number of cached points. */
	get count() {
		this._check('count');
		const rt = this._rt;
		return rt.exports.npwCacheRead2(this._ptr, rt.ioPtr);
	}

	/** Counters of collide: { frames, searched, edgesSkipped (always 0 in 2D), edgeReused }. */
	get stats() {
		this._check('stats');
		const rt = this._rt;
		rt.exports.npwCacheStats2(this._ptr, rt.ioPtr);
		return readStats(rt.io, 'edgesSkipped', 'edgeReused');
	}

	/** Stores user data (up to 2 numbers, e.g. accumulated impulses) on point `index`. */
	setUserData(index, values) {
		this._check('setUserData');
		const rt = this._rt;
		const { userData } = cacheLimits(rt);
		if (!Number.isInteger(index)) fail('NP_INVALID_ARGUMENT', `contactCache2d.setUserData: index must be an integer (got ${describe(index)})`);
		if (values === null || typeof values !== 'object' || typeof values.length !== 'number' || values.length > userData) {
			fail('NP_INVALID_ARGUMENT', `contactCache2d.setUserData: values must be an array of at most ${userData} numbers`);
		}
		const io = rt.io;
		for (let u = 0; u < userData; u++) {
			const v = u < values.length ? values[u] : 0;
			if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `contactCache2d.setUserData: values[${u}] must be a number`);
			io[u] = v;
		}
		const rc = rt.exports.npwCacheSetUser2(this._ptr, index, rt.ioPtr);
		if (rc !== 0) fail('NP_OUT_OF_RANGE', `contactCache2d.setUserData: no point ${index} (the cache holds ${this.count})`);
	}

	/** Forgets every point and what the search learned. */
	clear() {
		this._check('clear');
		this._rt.exports.npwCacheClear2(this._ptr);
	}
}

/** A persistent 2D contact cache: options { breakDistance = 0.02, margin = 0 }. */
export function contactCache2d(rt, options) {
	return new ContactCache2D(rt, options, MAKE);
}
