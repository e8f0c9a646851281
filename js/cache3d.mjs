// Persistent 3D contacts of the narrowphase JS API: np.contactCache3d (see npContactCache3 in
// manifold3d.h), over the 3D shim's contact functions (src/binding3d.c).
//
// A cache takes each frame's result (a manifold, a penetration result or one point) with the two
// transforms, matches it against the points it holds, and carries their age and user data (e.g.
// accumulated impulses) over. Inputs go through the runtime's io block as for the 3D queries
// (api3d.mjs writes the transforms); offsets come from js/layout.mjs.
//
// cache.collide(a, ta, b, tb, options) does the whole frame in one call (npCollideCached3 behind
// src/bindingcache.c): the manifold, found from what the cache learned last frame, equal to
// np.manifold's, and the cache updated with it; cache.stats counts how often the warm start saved work.
import { codeName, describe, fail } from './errors.mjs';
import * as L from './layout.mjs';
import { WasmObject, failDisposed } from './runtime.mjs';
import { Shape3D, XFA, XFB, badShapes3, checkOut, num, putXf, refill, xfFail } from './api3d.mjs';

const ARG = L.NPW3_IO_ARG;
const OUT = L.NPW3_IO_OUT;

function putVec3(f64, v, o, what) {
	if (v === null || typeof v !== 'object' || v.length !== 3 ||
		typeof v[0] !== 'number' || typeof v[1] !== 'number' || typeof v[2] !== 'number') {
		fail('NP_INVALID_ARGUMENT', `contactCache3d.update: ${what} must be [x, y, z] (got ${describe(v)})`);
	}
	f64[o] = v[0]; f64[o + 1] = v[1]; f64[o + 2] = v[2];
}

function putId(f64, id, o, what) {
	if (id === undefined) {
		f64[o] = 0;
		return;
	}
	if (!Number.isInteger(id) || id < 0 || id > 0xFFFFFFFF) {
		fail('NP_INVALID_ARGUMENT', `contactCache3d.update: ${what} must be an integer in [0, 2^32) (got ${describe(id)})`);
	}
	f64[o] = id;
}

function resultFail(rt, fn, rc, ta, tb) {
	if (rc < 0) xfFail(rt, fn, rc, ta, tb);
	const code = codeName(rc);
	const why = code === 'NP_NON_FINITE' ? 'a point is not finite'
		: code === 'NP_INVALID_TRANSFORM' ? 'a transform is invalid'
		: 'the normal must be a non-zero vector and at most 4 points';
	fail(code, `${fn}: ${why}`);
}

// Writes a manifold ({ normal, points }) as npwManifold3 lays it out, the point count in ARG.
function putManifold(rt, result) {
	const f64 = rt.f64;
	const out = rt.ioIndex + OUT;
	const pts = result.points;
	if (pts.length > 4) fail('NP_INVALID_ARGUMENT', `contactCache3d.update: at most 4 manifold points (got ${pts.length})`);
	const normal = out + L.NPW3_MANIFOLD_NORMAL;
	if (pts.length > 0) putVec3(f64, result.normal, normal, 'normal');
	else f64[normal] = f64[normal + 1] = f64[normal + 2] = 0;
	for (let i = 0; i < pts.length; i++) {
		const p = pts[i];
		if (p === null || typeof p !== 'object') fail('NP_INVALID_ARGUMENT', `contactCache3d.update: point ${i} must be an object`);
		const k = out + L.NPW3_MANIFOLD_POINTS + L.NPW3_MANIFOLD_POINT_SIZE * i;
		putVec3(f64, p.pointA, k + L.NPW3_MANIFOLD_POINT_POINT_A, `points[${i}].pointA`);
		putVec3(f64, p.pointB, k + L.NPW3_MANIFOLD_POINT_POINT_B, `points[${i}].pointB`);
		f64[k + L.NPW3_MANIFOLD_POINT_DEPTH] = typeof p.depth === 'number' ? p.depth : 0;
		putId(f64, p.id, k + L.NPW3_MANIFOLD_POINT_ID, `points[${i}].id`);
	}
	f64[rt.ioIndex + ARG] = pts.length;
}

// Writes one point ({ pointA, pointB, normal, id? }, e.g. a penetration result).
function putContact(rt, result) {
	const f64 = rt.f64;
	const out = rt.ioIndex + OUT;
	putVec3(f64, result.pointA, out + L.NPW3_CONTACT_ADD_POINT_A, 'pointA');
	putVec3(f64, result.pointB, out + L.NPW3_CONTACT_ADD_POINT_B, 'pointB');
	putVec3(f64, result.normal, out + L.NPW3_CONTACT_ADD_NORMAL, 'normal');
	putId(f64, result.id, out + L.NPW3_CONTACT_ADD_ID, 'id');
}

const vec = (h, k) => [h[k], h[k + 1], h[k + 2]];

const M_NORMAL = OUT + L.NPW3_MANIFOLD_NORMAL;
const M_POINTS = OUT + L.NPW3_MANIFOLD_POINTS;
const M_SIZE = L.NPW3_MANIFOLD_POINT_SIZE;

// One manifold point read from io offset k (the shape np.manifold returns).
function manifoldPoint(v, k) {
	return {
		pointA: [v[k + L.NPW3_MANIFOLD_POINT_POINT_A], v[k + L.NPW3_MANIFOLD_POINT_POINT_A + 1], v[k + L.NPW3_MANIFOLD_POINT_POINT_A + 2]],
		pointB: [v[k + L.NPW3_MANIFOLD_POINT_POINT_B], v[k + L.NPW3_MANIFOLD_POINT_POINT_B + 1], v[k + L.NPW3_MANIFOLD_POINT_POINT_B + 2]],
		depth: v[k + L.NPW3_MANIFOLD_POINT_DEPTH],
		id: v[k + L.NPW3_MANIFOLD_POINT_ID],
	};
}

/** options.margin of collide (default: the cache's margin), checked as np.manifold checks it. */
export function collideMargin(fn, options, fallback, huge) {
	if (options === undefined || options === null) return fallback;
	if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
	const m = options.margin;
	if (m === undefined) return fallback;
	if (typeof m !== 'number') fail('NP_INVALID_ARGUMENT', `${fn}: options.margin must be a number (got ${describe(m)})`);
	if (!(m >= 0 && m <= huge)) {
		if (m < 0) fail('NP_INVALID_ARGUMENT', `${fn}: options.margin must not be negative (got ${m})`);
		fail('NP_NON_FINITE', `${fn}: options.margin is not finite or exceeds ${huge} (got ${m})`);
	}
	return m;
}

/** The warm-start counters as the shims write them (NPWC_STATS at the start of the io block). */
export function readStats(io, skipped, reused) {
	return {
		frames: io[L.NPWC_STATS_FRAMES],
		searched: io[L.NPWC_STATS_SEARCHED],
		[skipped]: io[L.NPWC_STATS_SKIPPED],
		[reused]: io[L.NPWC_STATS_REUSED],
	};
}

const MAKE = Symbol('ContactCache3D');

/** A persistent contact set for one pair of shapes (see npContactCache3 in manifold3d.h). */
export class ContactCache3D extends WasmObject {
	constructor(rt, options, token) {
		if (token !== MAKE) fail('NP_INVALID_ARGUMENT', 'ContactCache3D: use np.contactCache3d');
		const huge = rt.limits3.huge;
		let breakDistance = 0.02;
		let margin = 0;
		if (options !== undefined && options !== null) {
			if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `contactCache3d: options must be an object (got ${describe(options)})`);
			if (options.breakDistance !== undefined) breakDistance = num(options.breakDistance, 'contactCache3d', 'options.breakDistance');
			if (options.margin !== undefined) margin = num(options.margin, 'contactCache3d', 'options.margin');
		}
		if (!(breakDistance > 0 && breakDistance <= huge)) {
			fail(Number.isFinite(breakDistance) ? 'NP_INVALID_ARGUMENT' : 'NP_NON_FINITE', `contactCache3d: options.breakDistance must be positive (got ${breakDistance})`);
		}
		if (!(margin >= 0 && margin <= huge)) {
			fail(Number.isFinite(margin) ? 'NP_INVALID_ARGUMENT' : 'NP_NON_FINITE', `contactCache3d: options.margin must not be negative (got ${margin})`);
		}
		const ptr = rt.malloc(rt.limits3.cacheBytes);
		rt.exports.npwContactInit3(ptr, breakDistance, margin);
		super(rt, ptr);
		/** Largest tangential drift before a point is dropped; also the matching distance. */
		this.breakDistance = breakDistance;
		/** Points separated by more than this along the normal are dropped. */
		this.margin = margin;
	}

	_check(fn) {
		if (this._ptr === 0) failDisposed(`contactCache3d.${fn}: the cache`);
	}

	/**
	 * Feeds this frame's result: a manifold from np.manifold (the cache takes its points,
	 * carrying user data over from matched points), or a penetration result from
	 * np.penetration / a single point { pointA, pointB, normal, id? } (accumulated, up to 4;
	 * null means no contact this frame: the cached points are only refreshed). Returns the
	 * current points.
	 */
	update(result, ta, tb) {
		this._check('update');
		const rt = this._rt;
		const ex = rt.exports;
		putXf(rt, ta, XFA, 'contactCache3d.update', 'A');
		putXf(rt, tb, XFB, 'contactCache3d.update', 'B');
		let rc;
		if (result === null || result === undefined) {
			rc = ex.npwContactRefresh3(this._ptr, rt.ioPtr);
			if (rc < 0) xfFail(rt, 'contactCache3d.update', rc, ta, tb);
			return this.points;
		}
		if (typeof result !== 'object') fail('NP_INVALID_ARGUMENT', `contactCache3d.update: expected a manifold or a penetration result (got ${describe(result)})`);
		if (Array.isArray(result.points)) {
			putManifold(rt, result);
			rc = ex.npwContactUpdate3(this._ptr, rt.ioPtr);
		} else {
			putContact(rt, result);
			rc = ex.npwContactAdd3(this._ptr, rt.ioPtr);
		}
		if (rc !== 0) resultFail(rt, 'contactCache3d.update', rc, ta, tb);
		return this.points;
	}

	/**
	 * One frame of a persistent pair: the manifold of a and b at ta and tb ({ normal, points }, the
	 * same as np.manifold(a, ta, b, tb, { margin })), found from what the cache learned last frame;
	 * the cache then holds its points (this.points: matched by feature id, with age and user data).
	 * options.margin: speculative distance (default: the cache's margin); options.out: a manifold
	 * returned earlier, refilled in place and returned (no allocation while the point count stays).
	 */
	collide(a, ta, b, tb, options) {
		this._check('collide');
		const rt = this._rt;
		const pa = a instanceof Shape3D && a._rt === rt ? a._ptr : 0;
		const pb = b instanceof Shape3D && b._rt === rt ? b._ptr : 0;
		if (pa === 0 || pb === 0) badShapes3(rt, 'contactCache3d.collide', a, b);
		putXf(rt, ta, XFA, 'contactCache3d.collide', 'A');
		putXf(rt, tb, XFB, 'contactCache3d.collide', 'B');
		const io = rt.io;
		let out;
		if (options === undefined) io[ARG] = this.margin;
		else {
			io[ARG] = collideMargin('contactCache3d.collide', options, this.margin, rt.limits3.huge);
			out = options === null ? undefined : options.out;
			if (out !== undefined) checkOut(out, 'contactCache3d.collide');
		}
		const n = rt.exports.npwCacheCollide3(this._ptr, pa, pb, rt.ioPtr);
		if (n < 0) xfFail(rt, 'contactCache3d.collide', n, ta, tb);
		if (out !== undefined) return refill(io, out, n);
		// Array literals by count: V8 allocates them inline (new Array(n) is a builtin call).
		let points;
		switch (n) {
			case 0: points = []; break;
			case 1: points = [manifoldPoint(io, M_POINTS)]; break;
			case 2: points = [manifoldPoint(io, M_POINTS), manifoldPoint(io, M_POINTS + M_SIZE)]; break;
			case 3: points = [manifoldPoint(io, M_POINTS), manifoldPoint(io, M_POINTS + M_SIZE), manifoldPoint(io, M_POINTS + 2 * M_SIZE)]; break;
			default: points = [manifoldPoint(io, M_POINTS), manifoldPoint(io, M_POINTS + M_SIZE), manifoldPoint(io, M_POINTS + 2 * M_SIZE), manifoldPoint(io, M_POINTS + 3 * M_SIZE)];
		}
		return { normal: [io[M_NORMAL], io[M_NORMAL + 1], io[M_NORMAL + 2]], points };
	}

	/**
	 * Counters of collide: { frames, searched (polyhedron pairs that ran the axis search),
	 * edgesSkipped (of those, frames whose edge search was proven unnecessary), faceReused (frames
	 * where last frame's face was the best face again), facesProven (frames whose face search was
	 * skipped too: last frame's faces measured, every other face proven lower) }.
	 */
	get stats() {
		this._check('stats');
		const rt = this._rt;
		rt.exports.npwCacheStats3(this._ptr, rt.ioPtr);
		const stats = readStats(rt.io, 'edgesSkipped', 'faceReused');
		stats.facesProven = rt.io[L.NPWC_STATS_PROVEN];
		return stats;
	}

	/** Re-measures the cached points for new transforms, dropping stale ones. Returns the points. */
	refresh(ta, tb) {
		this._check('refresh');
		const rt = this._rt;
		putXf(rt, ta, XFA, 'contactCache3d.refresh', 'A');
		putXf(rt, tb, XFB, 'contactCache3d.refresh', 'B');
		const rc = rt.exports.npwContactRefresh3(this._ptr, rt.ioPtr);
		if (rc < 0) xfFail(rt, 'contactCache3d.refresh', rc, ta, tb);
		return this.points;
	}

	/** Current points: { pointA, pointB, localA, localB, depth, id, age, user: [..] }, deepest first. */
	get points() {
		this._check('points');
		const rt = this._rt;
		const n = rt.exports.npwContactRead3(this._ptr, rt.ioPtr);
		const { userData, cachedPoint } = rt.limits3;
		const f64 = rt.f64;
		const out = new Array(n);
		for (let i = 0; i < n; i++) {
			const k = rt.ioIndex + L.NPW3_CACHE_POINTS + cachedPoint * i;
			const user = new Array(userData);
			for (let u = 0; u < userData; u++) user[u] = f64[k + L.NPW3_CACHED_POINT_USER + u];
			out[i] = {
				pointA: vec(f64, k + L.NPW3_CACHED_POINT_POINT_A),
				pointB: vec(f64, k + L.NPW3_CACHED_POINT_POINT_B),
				localA: vec(f64, k + L.NPW3_CACHED_POINT_LOCAL_A),
				localB: vec(f64, k + L.NPW3_CACHED_POINT_LOCAL_B),
				depth: f64[k + L.NPW3_CACHED_POINT_DEPTH],
				id: f64[k + L.NPW3_CACHED_POINT_ID],
				age: f64[k + L.NPW3_CACHED_POINT_AGE],
				user,
			};
		}
		return out;
	}

	/** World normal (A to B) of the last update. */
	get normal() {
		this._check('normal');
		const rt = this._rt;
		rt.exports.npwContactRead3(this._ptr, rt.ioPtr);
		return vec(rt.f64, rt.ioIndex + L.NPW3_CACHE_NORMAL);
	}

	/** Number of cached points. */
	get count() {
		this._check('count');
		const rt = this._rt;
		return rt.exports.npwContactRead3(this._ptr, rt.ioPtr);
	}

	/** Stores user data (up to 3 numbers, e.g. accumulated impulses) on point `index`. */
	setUserData(index, values) {
		this._check('setUserData');
		const rt = this._rt;
		const userData = rt.limits3.userData;
		if (!Number.isInteger(index)) fail('NP_INVALID_ARGUMENT', `contactCache3d.setUserData: index must be an integer (got ${describe(index)})`);
		if (values === null || typeof values !== 'object' || typeof values.length !== 'number' || values.length > userData) {
			fail('NP_INVALID_ARGUMENT', `contactCache3d.setUserData: values must be an array of at most ${userData} numbers`);
		}
		// The values go to the start of the io block (npwContactSetUser3 reads them there).
		const f64 = rt.f64;
		for (let u = 0; u < userData; u++) {
			const v = u < values.length ? values[u] : 0;
			if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `contactCache3d.setUserData: values[${u}] must be a number`);
			f64[rt.ioIndex + u] = v;
		}
		const rc = rt.exports.npwContactSetUser3(this._ptr, index, rt.ioPtr);
		if (rc !== 0) fail('NP_OUT_OF_RANGE', `contactCache3d.setUserData: no point ${index} (the cache holds ${this.count})`);
	}

	/** Forgets every point. */
	clear() {
		this._check('clear');
		this._rt.exports.npwContactClear3(this._ptr);
	}
}

/** A persistent contact cache: options { breakDistance = 0.02, margin = 0 }. */
export function contactCache3d(rt, options) {
	return new ContactCache3D(rt, options, MAKE);
}
