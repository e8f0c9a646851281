// 3D shapes and queries of the narrowphase JS API (bound to a runtime by narrowphase.mjs, whose
// dispatcher sends pairs whose shape A is a Shape3D here; mixing a 2D and a 3D shape throws
// NP_INVALID_ARGUMENT).
//
// As in 2D, every query is one wasm call: both transforms (position, quaternion) are written into
// the runtime's io block, the shim (src/binding3d.c) builds them with npMakeTransform3
// (normalising the quaternion), runs the query and writes the result back into the same block.
// Offsets come from js/layout.mjs (generated from tools/iolayout.mjs, as is the C side's).
import { codeName, describe, fail, readResultOut, requireNumber } from './errors.mjs';
import { keepEntries, replaceEntry } from './refill.mjs';
import * as L from './layout.mjs';
import { Shape } from './runtime.mjs';

const KIND_NAMES = ['sphere', 'capsule3d', 'box3d', 'hull3d', 'triangle3d'];
const STOP_NAMES = ['none', 'converged', 'max-iterations', 'cores-separated', 'flat', 'no-progress'];

// io offsets (layout.mjs).
export const XFA = L.NPW3_IO_XFA;
export const XFB = L.NPW3_IO_XFB;
const ARG = L.NPW3_IO_ARG;
const OUT = L.NPW3_IO_OUT;
const ERR_B = L.NPW3_ERR_B;
const POSITION = L.NPW3_XF_POSITION;
const ROTATION = L.NPW3_XF_ROTATION;
// Manifold: the normal and the four points.
const M_NORMAL = OUT + L.NPW3_MANIFOLD_NORMAL;
const P0 = OUT + L.NPW3_MANIFOLD_POINTS;
const P1 = P0 + L.NPW3_MANIFOLD_POINT_SIZE;
const P2 = P1 + L.NPW3_MANIFOLD_POINT_SIZE;
const P3 = P2 + L.NPW3_MANIFOLD_POINT_SIZE;
const P_A = L.NPW3_MANIFOLD_POINT_POINT_A;
const P_B = L.NPW3_MANIFOLD_POINT_POINT_B;
const P_DEPTH = L.NPW3_MANIFOLD_POINT_DEPTH;
const P_ID = L.NPW3_MANIFOLD_POINT_ID;

// Distance and penetration records (io offsets).
const D_DISTANCE = OUT + L.NPW3_DISTANCE_DISTANCE;
const D_POINT_A = OUT + L.NPW3_DISTANCE_POINT_A;
const D_POINT_B = OUT + L.NPW3_DISTANCE_POINT_B;
const D_NORMAL = OUT + L.NPW3_DISTANCE_NORMAL;
const D_ITERATIONS = OUT + L.NPW3_DISTANCE_ITERATIONS;
const PEN_DEPTH = OUT + L.NPW3_PENETRATION_DEPTH;
const PEN_NORMAL = OUT + L.NPW3_PENETRATION_NORMAL;
const PEN_POINT_A = OUT + L.NPW3_PENETRATION_POINT_A;
const PEN_POINT_B = OUT + L.NPW3_PENETRATION_POINT_B;
const PEN_LOCAL_A = OUT + L.NPW3_PENETRATION_LOCAL_A;
const PEN_LOCAL_B = OUT + L.NPW3_PENETRATION_LOCAL_B;
const PEN_TANGENT1 = OUT + L.NPW3_PENETRATION_TANGENT1;
const PEN_TANGENT2 = OUT + L.NPW3_PENETRATION_TANGENT2;
const PEN_ITERATIONS = OUT + L.NPW3_PENETRATION_ITERATIONS;
const PEN_STOP = OUT + L.NPW3_PENETRATION_STOP;

/** Reads the 3D limits into rt.limits3 (once per runtime). */
export function setup3d(rt) {
	const f64 = rt.f64;
	const o = rt.ioIndex;
	rt.exports.npwLimits3(rt.ioPtr);
	const shapeBytes = f64[o + L.NPW3_LIMITS_SHAPE_BYTES];
	const userData = f64[o + L.NPW3_LIMITS_USER_DATA];
	const limits = {
		shapeBytes,
		// A hull shape and its hull share one block: the hull starts at the next 8-byte boundary.
		shapeAligned: Math.ceil(shapeBytes / 8) * 8,
		hullBytes: f64[o + L.NPW3_LIMITS_HULL_BYTES],
		cacheBytes: f64[o + L.NPW3_LIMITS_CACHE_BYTES],
		maxInput: f64[o + L.NPW3_LIMITS_MAX_HULL_INPUT],
		maxVertices: f64[o + L.NPW3_LIMITS_MAX_HULL_VERTICES],
		userData,
		cachedPoint: L.NPW3_CACHED_POINT_USER + userData,
		huge: f64[o + L.NPW3_LIMITS_HUGE],
	};
	if (f64[o + L.NPW3_LIMITS_IO_DOUBLES] > rt.ioDoubles || P3 + L.NPW3_MANIFOLD_POINT_SIZE > rt.io.length) {
		throw new Error('narrowphase: scratch block too small for the 3D shim');
	}
	rt.limits3 = limits;
}

// Only this module's constructors may wrap a pointer: a Shape3D made from an arbitrary number
// would let a caller point the library at any heap address.
const MAKE = Symbol('Shape3D');

/** A 3D convex shape living in wasm memory. */
export class Shape3D extends Shape {
	constructor(rt, ptr, token) {
		if (token !== MAKE) fail('NP_INVALID_ARGUMENT', 'Shape3D: use np.sphere, np.capsule3d, np.box3d, np.hull3d or np.triangle3d');
		const n = rt.exports.npwShapeInfo3(ptr, rt.ioPtr);
		const f64 = rt.f64;
		const o = rt.ioIndex;
		super(rt, ptr, KIND_NAMES[f64[o + L.NPW3_SHAPE_TYPE]]);
		/** Number of dimensions (3). */
		this.dim = 3;
		/** Rounding radius (sphere and capsule radius; 0 for sharp shapes). */
		this.radius = f64[o + L.NPW3_SHAPE_RADIUS];
		/** Capsule half height along local y (0 for other shapes). */
		this.halfHeight = f64[o + L.NPW3_SHAPE_HALF_HEIGHT];
		/** Number of faces of the core (0 for sphere and capsule; 2 for flat shapes). */
		this.faceCount = f64[o + L.NPW3_SHAPE_FACE_COUNT];
		const vertices = new Array(n);
		for (let i = 0; i < n; i++) {
			vertices[i] = Object.freeze(vec(f64, o + L.NPW3_SHAPE_VERTICES + 3 * i));
		}
		/** Core vertices in local space (sphere: [[0,0,0]], capsule: its segment's ends). */
		this.vertices = Object.freeze(vertices);
	}
}

// The dimension on the prototype, read first by the query dispatcher (see Shape2D).
Object.defineProperty(Shape3D.prototype, '_dim', { value: 3 });

/** True for a 3D shape of this runtime. */
export function isShape3(rt, s) {
	return s instanceof Shape3D && s._rt === rt;
}

const vec = (h, k) => [h[k], h[k + 1], h[k + 2]];

function build(rt, bytes, make, what) {
	return new Shape3D(rt, rt.construct(bytes, make, (rc) => shapeFail(rt, rc, what)), MAKE);
}

function shapeFail(rt, rc, what) {
	const { huge, maxInput, maxVertices } = rt.limits3;
	const code = codeName(rc);
	let why;
	switch (code) {
		case 'NP_NON_FINITE': why = `a number is NaN, infinite or larger than ${huge} in magnitude`; break;
		case 'NP_INVALID_RADIUS': why = 'radius must be positive'; break;
		case 'NP_INVALID_EXTENT': why = 'extents and heights must be positive'; break;
		case 'NP_DEGENERATE': why = 'the points are (nearly) collinear or coincident'; break;
		case 'NP_TOO_MANY_POINTS': why = `more than ${maxInput} points, or a hull with more than ${maxVertices} vertices`; break;
		default: why = 'invalid argument';
	}
	fail(code, `${what}: ${why}`);
}

export const num = (v, fn, name) => requireNumber(v, `${fn}: ${name}`);

export function sphere(rt, radius) {
	num(radius, 'sphere', 'radius');
	return build(rt, rt.limits3.shapeBytes, (p) => rt.exports.npMakeSphere(radius, p), `sphere(${radius})`);
}

export function capsule3d(rt, halfHeight, radius) {
	num(halfHeight, 'capsule3d', 'halfHeight');
	num(radius, 'capsule3d', 'radius');
	return build(rt, rt.limits3.shapeBytes, (p) => rt.exports.npMakeCapsule3(halfHeight, radius, p), `capsule3d(${halfHeight}, ${radius})`);
}

export function box3d(rt, hx, hy, hz) {
	num(hx, 'box3d', 'hx');
	num(hy, 'box3d', 'hy');
	num(hz, 'box3d', 'hz');
	return build(rt, rt.limits3.shapeBytes, (p) => rt.exports.npwMakeBox3(hx, hy, hz, p), `box3d(${hx}, ${hy}, ${hz})`);
}

// Writes point i (x, y, z) at to.f64[to.base + 3i] (to: { f64, base, huge }), with a message
// naming the point.
function putPoint(to, fn, i, x, y, z) {
	const huge = to.huge;
	if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number') {
		fail('NP_INVALID_ARGUMENT', `${fn}: point ${i} is not three numbers`);
	}
	if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
		fail('NP_NON_FINITE', `${fn}: point ${i} is not finite ([${x}, ${y}, ${z}])`);
	}
	if (Math.abs(x) > huge || Math.abs(y) > huge || Math.abs(z) > huge) {
		fail('NP_NON_FINITE', `${fn}: point ${i} exceeds ${huge} in magnitude`);
	}
	const k = to.base + 3 * i;
	to.f64[k] = x;
	to.f64[k + 1] = y;
	to.f64[k + 2] = z;
}

// Counts points given as [[x,y,z],...] or flat [x0,y0,z0,...] (array or typed array).
function countPoints(rt, fn, points) {
	const flatTyped = ArrayBuffer.isView(points) && !(points instanceof DataView);
	let count;
	let flat;
	if (flatTyped || (Array.isArray(points) && points.length > 0 && typeof points[0] === 'number')) {
		if (points.length % 3 !== 0) {
			fail('NP_INVALID_ARGUMENT', `${fn}: a flat coordinate array needs a length divisible by 3 (got ${points.length})`);
		}
		count = points.length / 3;
		flat = true;
	} else if (Array.isArray(points)) {
		count = points.length;
		flat = false;
	} else {
		fail('NP_INVALID_ARGUMENT', `${fn}: points must be an array of [x, y, z] or a flat array of numbers (got ${describe(points)})`);
	}
	const maxInput = rt.limits3.maxInput;
	if (count > maxInput) fail('NP_TOO_MANY_POINTS', `${fn}: ${count} points given, at most ${maxInput} accepted`);
	return { count, flat };
}

// Writes the points at f64 index base (after countPoints).
function putPoints(rt, fn, points, count, flat, base) {
	const to = { f64: rt.f64, base, huge: rt.limits3.huge };
	if (flat) {
		for (let i = 0; i < count; i++) putPoint(to, fn, i, points[3 * i], points[3 * i + 1], points[3 * i + 2]);
		return;
	}
	for (let i = 0; i < count; i++) {
		const p = points[i];
		if (p === null || typeof p !== 'object' || p.length !== 3) {
			fail('NP_INVALID_ARGUMENT', `${fn}: point ${i} must be [x, y, z] (got ${describe(p)})`);
		}
		putPoint(to, fn, i, p[0], p[1], p[2]);
	}
}

/** Convex hull of the points: [[x, y, z], ...] or flat [x0, y0, z0, ...] (array or typed array). */
export function hull3d(rt, points) {
	const { count, flat } = countPoints(rt, 'hull3d', points);
	const { shapeAligned, hullBytes } = rt.limits3;
	// Small inputs go through the scratch block, large ones through a temporary buffer.
	const big = 3 * count > rt.ioDoubles;
	const tmp = big ? rt.malloc(24 * count) : rt.ioPtr;
	try {
		putPoints(rt, 'hull3d', points, count, flat, tmp >>> 3);
		return build(rt, shapeAligned + hullBytes,
			(p) => rt.exports.npwMakeHull3(tmp, count, p, p + shapeAligned), `hull3d (${count} points)`);
	} finally {
		if (big) rt.free(tmp);
	}
}

/** A two-sided triangle with vertices a, b, c ([x, y, z] each). */
export function triangle3d(rt, a, b, c) {
	const pts = [a, b, c];
	const to = { f64: rt.f64, base: rt.ioIndex, huge: rt.limits3.huge };
	for (let i = 0; i < 3; i++) {
		const p = pts[i];
		if (p === null || typeof p !== 'object' || p.length !== 3) {
			fail('NP_INVALID_ARGUMENT', `triangle3d: vertex ${'abc'[i]} must be [x, y, z] (got ${describe(p)})`);
		}
		putPoint(to, 'triangle3d', i, p[0], p[1], p[2]);
	}
	return build(rt, rt.limits3.shapeBytes, (p) => rt.exports.npwMakeTriangle3(rt.ioPtr, p), 'triangle3d');
}

// ------------------------------------------------------------------------------ transforms
// Writes position and quaternion at offset o of the io block (XFA or XFB). Missing transform or
// field = identity. Only types and lengths are checked here; the C shim rejects non-finite numbers
// and zero quaternions (and normalises the quaternion). The common case, both fields given as
// arrays of numbers, is a short function V8 inlines into the query; everything else goes to
// putXfSlow.
export function putXf(rt, xf, o, fn, name) {
	if (xf !== undefined && xf !== null) {
		const p = xf.position;
		const q = xf.rotation;
		if (Array.isArray(p) && Array.isArray(q) && p.length === 3 && q.length === 4) {
			const px = p[0], py = p[1], pz = p[2];
			const qx = q[0], qy = q[1], qz = q[2], qw = q[3];
			if (typeof px === 'number' && typeof py === 'number' && typeof pz === 'number' &&
				typeof qx === 'number' && typeof qy === 'number' && typeof qz === 'number' && typeof qw === 'number') {
				const v = rt.io;
				const r = o + ROTATION;
				v[o + POSITION] = px; v[o + POSITION + 1] = py; v[o + POSITION + 2] = pz;
				v[r] = qx; v[r + 1] = qy; v[r + 2] = qz; v[r + 3] = qw;
				return;
			}
		}
	}
	putXfSlow(rt, xf, o, fn, name);
}

function putXfSlow(rt, xf, o, fn, name) {
	const h = rt.io;
	if (xf === undefined || xf === null) {
		writeIdentityXf(h, o);
		return;
	}
	if (typeof xf !== 'object') badXf(fn, name, `must be an object { position: [x, y, z], rotation: [x, y, z, w] } (got ${describe(xf)})`);
	const why = writeXf(h, o, xf);
	if (why !== null) badXf(fn, name, why);
}

/** Writes the identity transform at h[o]. */
export function writeIdentityXf(h, o) {
	const r = o + ROTATION;
	h[o + POSITION] = 0; h[o + POSITION + 1] = 0; h[o + POSITION + 2] = 0;
	h[r] = 0; h[r + 1] = 0; h[r + 2] = 0; h[r + 3] = 1;
}

/**
 * Writes transform object xf at h[o] (a missing field is the identity's) and returns null, or
 * returns why it is malformed (the caller names the transform).
 */
export function writeXf(h, o, xf) {
	const p = xf.position;
	if (p === undefined) {
		h[o + POSITION] = 0; h[o + POSITION + 1] = 0; h[o + POSITION + 2] = 0;
	} else {
		if (p === null || typeof p !== 'object' || p.length !== 3) return `position must be [x, y, z] (got ${describe(p)})`;
		const x = p[0], y = p[1], z = p[2];
		if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number') return 'position must hold three numbers';
		h[o + POSITION] = x; h[o + POSITION + 1] = y; h[o + POSITION + 2] = z;
	}
	const q = xf.rotation;
	const r = o + ROTATION;
	if (q === undefined) {
		h[r] = 0; h[r + 1] = 0; h[r + 2] = 0; h[r + 3] = 1;
	} else {
		if (q === null || typeof q !== 'object' || q.length !== 4) return `rotation must be a quaternion [x, y, z, w] (got ${describe(q)})`;
		const x = q[0], y = q[1], z = q[2], w = q[3];
		if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number' || typeof w !== 'number') {
			return 'rotation must hold four numbers';
		}
		h[r] = x; h[r + 1] = y; h[r + 2] = z; h[r + 3] = w;
	}
	return null;
}

function badXf(fn, name, why) {
	fail('NP_INVALID_TRANSFORM', `${fn}: transform ${name} ${why}`);
}

/** Explains a negative result of the shim: which transform, which problem. */
export function xfFail(rt, fn, rc, ta, tb) {
	const e = -rc;
	const isB = e >= ERR_B;
	const code = codeName(isB ? e - ERR_B : e);
	const xf = isB ? tb : ta;
	const name = isB ? 'B' : 'A';
	const huge = rt.limits3.huge;
	if (code === 'NP_NON_FINITE' && xf) {
		const fields = [];
		if (xf.position) for (let i = 0; i < 3; i++) fields.push([`position[${i}]`, xf.position[i]]);
		if (xf.rotation) for (let i = 0; i < 4; i++) fields.push([`rotation[${i}]`, xf.rotation[i]]);
		for (const [field, v] of fields) {
			if (!Number.isFinite(v)) fail(code, `${fn}: transform ${name} ${field} is not finite (${v})`);
			if (Math.abs(v) > huge) fail(code, `${fn}: transform ${name} ${field} exceeds ${huge} in magnitude (${v})`);
		}
	}
	if (code === 'NP_INVALID_TRANSFORM') fail(code, `${fn}: transform ${name} has a zero rotation quaternion`);
	fail(code, `${fn}: transform ${name} is invalid (${code})`);
}

/** Throws for the first of a, b that is not a live 3D shape of this runtime. */
export function badShapes3(rt, fn, a, b) {
	for (const [s, name] of [[a, 'A'], [b, 'B']]) {
		if (isShape3(rt, s)) {
			if (s._ptr === 0) fail('NP_DISPOSED', `${fn}: shape ${name} (${s.kind}) was disposed`);
		} else if (s instanceof Shape && s._rt === rt) {
			fail('NP_INVALID_ARGUMENT', s._ptr === 0
				? `${fn}: shape ${name} was disposed`
				: `${fn}: cannot mix a 2D shape (${name}: ${s.kind}) with a 3D shape`);
		} else {
			fail('NP_INVALID_ARGUMENT', `${fn}: shape ${name} is not a shape of this narrowphase instance (got ${describe(s)})`);
		}
	}
}

// ------------------------------------------------------------------------------ queries
// Each query takes a 3D shape `a` of this runtime (the dispatcher checked) and checks b (written
// out, not through isShape3: a call spends the caller's inlining budget).

export function overlap3(rt, a, ta, b, tb) {
	const pa = a._ptr;
	const pb = b instanceof Shape3D && b._rt === rt ? b._ptr : 0;
	if (pa === 0 || pb === 0) badShapes3(rt, 'overlap', a, b);
	putXf(rt, ta, XFA, 'overlap', 'A');
	putXf(rt, tb, XFB, 'overlap', 'B');
	const r = rt.exports.npwOverlap3(pa, pb, rt.ioPtr);
	if (r < 0) xfFail(rt, 'overlap', r, ta, tb);
	return r === 1;
}

export function distance3(rt, a, ta, b, tb, options) {
	const pa = a._ptr;
	const pb = b instanceof Shape3D && b._rt === rt ? b._ptr : 0;
	if (pa === 0 || pb === 0) badShapes3(rt, 'distance', a, b);
	const out = readOut(options, 'distance', DISTANCE_FIELDS);
	putXf(rt, ta, XFA, 'distance', 'A');
	putXf(rt, tb, XFB, 'distance', 'B');
	const r = rt.exports.npwDistance3(pa, pb, rt.ioPtr);
	if (r < 0) xfFail(rt, 'distance', r, ta, tb);
	const io = rt.io;
	if (out !== undefined) {
		out.distance = io[D_DISTANCE];
		put3(out.pointA, io, D_POINT_A);
		put3(out.pointB, io, D_POINT_B);
		put3(out.normal, io, D_NORMAL);
		out.iterations = io[D_ITERATIONS];
		return out;
	}
	return {
		distance: io[D_DISTANCE],
		pointA: vec(io, D_POINT_A),
		pointB: vec(io, D_POINT_B),
		normal: vec(io, D_NORMAL),
		iterations: io[D_ITERATIONS],
	};
}

// The vector fields of distance's and penetration's results (for options.out).
const DISTANCE_FIELDS = ['pointA', 'pointB', 'normal'];
const PENETRATION_FIELDS = ['normal', 'pointA', 'pointB', 'localA', 'localB', 'tangent1', 'tangent2'];

const readOut = (options, fn, fields) => readResultOut(options, fn, fields, 3);

function put3(to, v, k) {
	to[0] = v[k];
	to[1] = v[k + 1];
	to[2] = v[k + 2];
}

export function penetration3(rt, a, ta, b, tb, options) {
	const pa = a._ptr;
	const pb = b instanceof Shape3D && b._rt === rt ? b._ptr : 0;
	if (pa === 0 || pb === 0) badShapes3(rt, 'penetration', a, b);
	const out = readOut(options, 'penetration', PENETRATION_FIELDS);
	putXf(rt, ta, XFA, 'penetration', 'A');
	putXf(rt, tb, XFB, 'penetration', 'B');
	const r = rt.exports.npwPenetration3(pa, pb, rt.ioPtr);
	if (r < 0) xfFail(rt, 'penetration', r, ta, tb);
	if (r === 0) return null;
	const io = rt.io;
	if (out !== undefined) {
		out.depth = io[PEN_DEPTH];
		put3(out.normal, io, PEN_NORMAL);
		put3(out.pointA, io, PEN_POINT_A);
		put3(out.pointB, io, PEN_POINT_B);
		put3(out.localA, io, PEN_LOCAL_A);
		put3(out.localB, io, PEN_LOCAL_B);
		put3(out.tangent1, io, PEN_TANGENT1);
		put3(out.tangent2, io, PEN_TANGENT2);
		out.iterations = io[PEN_ITERATIONS];
		out.stop = STOP_NAMES[io[PEN_STOP]];
		return out;
	}
	return {
		depth: io[PEN_DEPTH],
		normal: vec(io, PEN_NORMAL),
		pointA: vec(io, PEN_POINT_A),
		pointB: vec(io, PEN_POINT_B),
		localA: vec(io, PEN_LOCAL_A),
		localB: vec(io, PEN_LOCAL_B),
		tangent1: vec(io, PEN_TANGENT1),
		tangent2: vec(io, PEN_TANGENT2),
		iterations: io[PEN_ITERATIONS],
		stop: STOP_NAMES[io[PEN_STOP]],
	};
}

function readMargin(rt, fn, options) {
	if (options === undefined || options === null) return 0;
	if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
	const m = options.margin;
	if (m === undefined) return 0;
	if (typeof m !== 'number') fail('NP_INVALID_ARGUMENT', `${fn}: options.margin must be a number (got ${describe(m)})`);
	const huge = rt.limits3.huge;
	if (!(m >= 0 && m <= huge)) {
		if (m < 0) fail('NP_INVALID_ARGUMENT', `${fn}: options.margin must not be negative (got ${m})`);
		fail('NP_NON_FINITE', `${fn}: options.margin is not finite or exceeds ${huge} (got ${m})`);
	}
	return m;
}

/**
 * Contact manifold: { normal, points: [{ pointA, pointB, depth, id }] } (points [] when apart).
 * options.margin: speculative distance; options.out: a manifold returned earlier, refilled in
 * place and returned (no allocation while the point count stays the same).
 */
export function manifold3(rt, a, ta, b, tb, options) {
	const pa = a._ptr;
	const pb = b instanceof Shape3D && b._rt === rt ? b._ptr : 0;
	if (pa === 0 || pb === 0) badShapes3(rt, 'manifold', a, b);
	putXf(rt, ta, XFA, 'manifold', 'A');
	putXf(rt, tb, XFB, 'manifold', 'B');
	let margin = 0;
	let out;
	if (options !== undefined && options !== null) {
		margin = readMargin(rt, 'manifold', options);
		out = options.out;
		if (out !== undefined) checkOut(out);
	}
	rt.io[ARG] = margin;
	const n = rt.exports.npwManifold3(pa, pb, rt.ioPtr);
	if (n < 0) xfFail(rt, 'manifold', n, ta, tb);
	if (out !== undefined) return refill(rt.io, out, n);
	return readManifold(rt.io, n);
}

// A new manifold object from the io block. Array literals of known length are allocated inline
// by V8 (new Array(n) and push are builtin calls), so the points are listed by count.
function readManifold(v, n) {
	let points;
	switch (n) {
		case 0: points = []; break;
		case 1: points = [point(v, P0)]; break;
		case 2: points = [point(v, P0), point(v, P1)]; break;
		case 3: points = [point(v, P0), point(v, P1), point(v, P2)]; break;
		default: points = [point(v, P0), point(v, P1), point(v, P2), point(v, P3)];
	}
	return { normal: [v[M_NORMAL], v[M_NORMAL + 1], v[M_NORMAL + 2]], points };
}

// One manifold point read from io offset k.
function point(v, k) {
	return {
		pointA: [v[k + P_A], v[k + P_A + 1], v[k + P_A + 2]],
		pointB: [v[k + P_B], v[k + P_B + 1], v[k + P_B + 2]],
		depth: v[k + P_DEPTH],
		id: v[k + P_ID],
	};
}

// options.out: a manifold object to fill in place (no allocation once its points exist).
export function checkOut(out, fn = 'manifold') {
	if (out === null || typeof out !== 'object' || !Array.isArray(out.normal) || out.normal.length !== 3 ||
		!Array.isArray(out.points)) {
		fail('NP_INVALID_ARGUMENT', `${fn}: options.out must be a manifold ({ normal: [x, y, z], points: [...] }), e.g. one returned earlier`);
	}
}

export function refill(v, out, n) {
	const normal = out.normal;
	normal[0] = v[M_NORMAL];
	normal[1] = v[M_NORMAL + 1];
	normal[2] = v[M_NORMAL + 2];
	const points = out.points;
	const pool = keepEntries(points, n, newPoint);
	if (n > 0) refillPoint(points, pool, 0, v, P0);
	if (n > 1) refillPoint(points, pool, 1, v, P1);
	if (n > 2) refillPoint(points, pool, 2, v, P2);
	if (n > 3) refillPoint(points, pool, 3, v, P3);
	return out;
}

const newPoint = () => ({ pointA: [0, 0, 0], pointB: [0, 0, 0], depth: 0, id: 0 });

// Copies the point at io offset k into points[i] (kept in the list's pool), replacing a malformed one.
function refillPoint(points, pool, i, v, k) {
	let p = pool[i];
	if (p === null || typeof p !== 'object' || !Array.isArray(p.pointA) || !Array.isArray(p.pointB)) p = replaceEntry(points, pool, i, newPoint());
	const pA = p.pointA;
	const pB = p.pointB;
	pA[0] = v[k + P_A];
	pA[1] = v[k + P_A + 1];
	pA[2] = v[k + P_A + 2];
	pB[0] = v[k + P_B];
	pB[1] = v[k + P_B + 1];
	pB[2] = v[k + P_B + 2];
	p.depth = v[k + P_DEPTH];
	p.id = v[k + P_ID];
}
