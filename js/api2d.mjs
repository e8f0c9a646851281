// 2D shapes and queries of the narrowphase JS API (bound to a runtime by narrowphase.mjs, whose
// dispatcher sends 2D pairs here).
//
// Every query is one wasm call: the transforms (x, y, angle) and options are written into the
// runtime's io block, the C shim (src/binding.c) builds the rotations with the library's own
// deterministic sine/cosine, runs the query and writes the result back into the same block, and
// the small result object is built here. No allocation in wasm, no closures per call. Offsets in
// the io block come from js/layout.mjs (generated from tools/iolayout.mjs, as is the C side's).
import { codeName, describe, fail, readResultOut, requireNumber } from './errors.mjs';
import { keepEntries, replaceEntry } from './refill.mjs';
import * as L from './layout.mjs';
import { Shape } from './runtime.mjs';
import { GJK_MODES, readClipTrace, readGjkTrace } from './trace2d.mjs';

const KIND_NAMES = ['circle', 'capsule2d', 'box2d', 'polygon2d'];
const STOP_NAMES = ['continue', 'converged', 'max-iterations', 'cores-separated', 'point'];

// io offsets of the transforms, the option and the results (layout.mjs).
const XFA = L.NPW_IO_XFA;
const XFB = L.NPW_IO_XFB;
const ARG = L.NPW_IO_ARG;
const OUT = L.NPW_IO_OUT;
const ERR_B = L.NPW_ERR_B;
const X = L.NPW_XF2_X;
const Y = L.NPW_XF2_Y;
const ANGLE = L.NPW_XF2_ANGLE;
const COS = L.NPW_XF2_COS;
const SIN = L.NPW_XF2_SIN;
// The same slots as single constants, for the hot paths (V8's inlining budget counts bytecode).
const XFA_X = XFA + X;
const XFA_Y = XFA + Y;
const XFA_ANGLE = XFA + ANGLE;
const XFA_COS = XFA + COS;
const XFA_SIN = XFA + SIN;
const XFB_X = XFB + X;
const XFB_Y = XFB + Y;
const XFB_ANGLE = XFB + ANGLE;
const XFB_COS = XFB + COS;
const XFB_SIN = XFB + SIN;
// Manifold: the normal and the two points (io offsets).
const M_NORMAL = OUT + L.NPW_MANIFOLD2_NORMAL;
const M_POINT0 = OUT + L.NPW_MANIFOLD2_POINTS;
const M_POINT1 = M_POINT0 + L.NPW_MANIFOLD2_POINT_SIZE;
const P_A = L.NPW_MANIFOLD2_POINT_POINT_A;
const P_B = L.NPW_MANIFOLD2_POINT_POINT_B;
const P_DEPTH = L.NPW_MANIFOLD2_POINT_DEPTH;
const P_ID = L.NPW_MANIFOLD2_POINT_ID;
// Distance record (io offsets).
const D_DISTANCE = OUT + L.NPW_DISTANCE2_DISTANCE;
const D_POINT_A = OUT + L.NPW_DISTANCE2_POINT_A;
const D_POINT_B = OUT + L.NPW_DISTANCE2_POINT_B;
const D_NORMAL = OUT + L.NPW_DISTANCE2_NORMAL;
const D_ITERATIONS = OUT + L.NPW_DISTANCE2_ITERATIONS;

/** Reads the 2D limits into rt.limits2 (once per runtime). */
export function setup2d(rt) {
	const f64 = rt.f64;
	const o = rt.ioIndex;
	rt.exports.npwLimits2(rt.ioPtr);
	const limits = {
		maxVertices: f64[o + L.NPW_LIMITS2_MAX_POLYGON_VERTICES],
		maxInput: f64[o + L.NPW_LIMITS2_MAX_POLYGON_INPUT],
		epaMaxVertices: f64[o + L.NPW_LIMITS2_EPA_MAX_VERTICES],
		shapeBytes: f64[o + L.NPW_LIMITS2_SHAPE_BYTES],
		stepBytes: f64[o + L.NPW_LIMITS2_EPA_STEP_BYTES],
		huge: f64[o + L.NPW_LIMITS2_HUGE],
		// EPA step storage for traces, in steps.
		stepCapacity: f64[o + L.NPW_LIMITS2_EPA_MAX_VERTICES] + 8,
	};
	const ioDoubles = f64[o + L.NPW_LIMITS2_IO_DOUBLES];
	if (ioDoubles > rt.ioDoubles || 2 * limits.maxInput > rt.ioDoubles ||
		L.NPW_EPA_STEP2_VERTICES + 4 * limits.epaMaxVertices > rt.ioDoubles - OUT ||
		M_POINT1 + L.NPW_MANIFOLD2_POINT_SIZE > rt.io.length) {
		throw new Error('narrowphase: scratch block too small for the 2D shim');
	}
	rt.limits2 = limits;
}

// Only this module makes shapes: Shape2D is exposed for instanceof, not for construction (a
// made-up pointer would make the C code read arbitrary wasm memory).
const MAKE = Symbol('Shape2D');

/** A 2D convex shape living in wasm memory. */
export class Shape2D extends Shape {
	constructor(rt, ptr, token) {
		if (token !== MAKE) fail('NP_INVALID_ARGUMENT', 'Shape2D: use np.circle, np.box2d, np.capsule2d or np.polygon2d');
		rt.exports.npwShapeInfo2(ptr, rt.ioPtr);
		const f64 = rt.f64;
		const o = rt.ioIndex;
		super(rt, ptr, KIND_NAMES[f64[o + L.NPW_SHAPE2_TYPE]]);
		const count = f64[o + L.NPW_SHAPE2_COUNT];
		const base = o + L.NPW_SHAPE2_VERTICES;
		const vertices = new Array(count);
		for (let i = 0; i < count; i++) {
			vertices[i] = Object.freeze([f64[base + 2 * i], f64[base + 2 * i + 1]]);
		}
		/** Core vertices in local space, counter-clockwise. */
		this.vertices = Object.freeze(vertices);
		/** Rounding radius added to the core. */
		this.radius = f64[o + L.NPW_SHAPE2_RADIUS];
	}
}

// The dimension on the prototype (not an own field: shapes serialise as before). The query
// dispatcher reads it first: one load, where a failing instanceof walks the whole prototype chain.
Object.defineProperty(Shape2D.prototype, '_dim', { value: 2 });

/** True for a 2D shape of this runtime. */
export function isShape2(rt, s) {
	return s instanceof Shape2D && s._rt === rt;
}

// Allocates a shape and runs the constructor `make(ptr)`; frees and throws on error.
function build(rt, make, what) {
	return new Shape2D(rt, rt.construct(rt.limits2.shapeBytes, make, (rc) => shapeFail(rt, rc, what)), MAKE);
}

function shapeFail(rt, rc, what) {
	const code = codeName(rc);
	let why;
	switch (code) {
		case 'NP_NON_FINITE': why = `a number is NaN, infinite or larger than ${rt.limits2.huge} in magnitude`; break;
		case 'NP_INVALID_RADIUS': why = 'radius must be positive'; break;
		case 'NP_INVALID_EXTENT': why = 'extents and lengths must be positive'; break;
		case 'NP_DEGENERATE': why = 'fewer than 3 distinct, non-collinear points'; break;
		case 'NP_TOO_MANY_POINTS': why = `the convex hull has more than ${rt.limits2.maxVertices} vertices`; break;
		default: why = 'invalid argument';
	}
	fail(code, `${what}: ${why}`);
}

const num = (v, fn, name) => requireNumber(v, `${fn}: ${name}`);

export function circle(rt, radius) {
	num(radius, 'circle', 'radius');
	return build(rt, (p) => rt.exports.npMakeCircle(radius, p), `circle(${radius})`);
}

export function box2d(rt, halfWidth, halfHeight) {
	num(halfWidth, 'box2d', 'halfWidth');
	num(halfHeight, 'box2d', 'halfHeight');
	return build(rt, (p) => rt.exports.npMakeBox2(halfWidth, halfHeight, p), `box2d(${halfWidth}, ${halfHeight})`);
}

export function capsule2d(rt, halfLength, radius) {
	num(halfLength, 'capsule2d', 'halfLength');
	num(radius, 'capsule2d', 'radius');
	return build(rt, (p) => rt.exports.npMakeCapsule2(halfLength, radius, p), `capsule2d(${halfLength}, ${radius})`);
}

// Writes one coordinate pair of polygon2d's input, with a message naming the point.
function putPoint(f64, huge, i, x, y, base) {
	if (typeof x !== 'number' || typeof y !== 'number') {
		fail('NP_INVALID_ARGUMENT', `polygon2d: point ${i} is not a pair of numbers`);
	}
	if (!Number.isFinite(x) || !Number.isFinite(y)) {
		fail('NP_NON_FINITE', `polygon2d: point ${i} is not finite ([${x}, ${y}])`);
	}
	if (Math.abs(x) > huge || Math.abs(y) > huge) {
		fail('NP_NON_FINITE', `polygon2d: point ${i} exceeds ${huge} in magnitude`);
	}
	f64[base + 2 * i] = x;
	f64[base + 2 * i + 1] = y;
}

/**
 * Convex hull of the points: [[x, y], ...], or flat [x0, y0, x1, y1, ...] (array or typed array).
 * options.radius >= 0 rounds it.
 */
export function polygon2d(rt, points, options) {
	let radius = 0;
	if (options !== undefined && options !== null) {
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `polygon2d: options must be an object (got ${describe(options)})`);
		if (options.radius !== undefined) radius = num(options.radius, 'polygon2d', 'options.radius');
	}
	const { maxInput, huge } = rt.limits2;
	const f64 = rt.f64;
	const base = rt.ioIndex;
	let count;
	const flatTyped = ArrayBuffer.isView(points) && !(points instanceof DataView);
	if (flatTyped || (Array.isArray(points) && points.length > 0 && typeof points[0] === 'number')) {
		if (points.length % 2 !== 0) {
			fail('NP_INVALID_ARGUMENT', `polygon2d: a flat coordinate array needs an even length (got ${points.length})`);
		}
		count = points.length / 2;
		if (count > maxInput) fail('NP_TOO_MANY_POINTS', `polygon2d: ${count} points given, at most ${maxInput} accepted`);
		for (let i = 0; i < count; i++) putPoint(f64, huge, i, points[2 * i], points[2 * i + 1], base);
	} else if (Array.isArray(points)) {
		count = points.length;
		if (count > maxInput) fail('NP_TOO_MANY_POINTS', `polygon2d: ${count} points given, at most ${maxInput} accepted`);
		for (let i = 0; i < count; i++) {
			const p = points[i];
			if (p === null || typeof p !== 'object' || p.length !== 2) {
				fail('NP_INVALID_ARGUMENT', `polygon2d: point ${i} must be [x, y] (got ${describe(p)})`);
			}
			putPoint(f64, huge, i, p[0], p[1], base);
		}
	} else {
		fail('NP_INVALID_ARGUMENT', `polygon2d: points must be an array of [x, y] or a flat array of numbers (got ${describe(points)})`);
	}
	return build(rt, (p) => rt.exports.npMakePolygon2(rt.ioPtr, count, radius, p), `polygon2d (${count} points, radius ${radius})`);
}

// ------------------------------------------------------------------------------ queries
function ptrOf(rt, s) {
	return s instanceof Shape2D && s._rt === rt ? s._ptr : 0;
}

// Throws for the first of a, b that is not a live 2D shape of this runtime.
function badShapes(rt, fn, a, b) {
	for (const [s, name] of [[a, 'A'], [b, 'B']]) {
		if (isShape2(rt, s)) {
			if (s._ptr === 0) fail('NP_DISPOSED', `${fn}: shape ${name} (${s.kind}) was disposed`);
		} else if (s instanceof Shape && s._rt === rt) {
			fail('NP_INVALID_ARGUMENT', s._ptr === 0
				? `${fn}: shape ${name} was disposed`
				: `${fn}: shape ${name} is a ${s.kind}, not a 2D shape of this narrowphase instance`);
		} else {
			fail('NP_INVALID_ARGUMENT', `${fn}: shape ${name} is not a 2D shape of this narrowphase instance (got ${describe(s)})`);
		}
	}
}

// Writes x, y, angle of a transform at io offset o (and NaN in the rotation slot: the shim builds
// the rotation), or all of a prepared transform (Transform2D: its rotation too). Missing transform
// or field = identity. Only the types are checked here; the C shim rejects non-finite numbers
// (xfFail explains).
export function putXf(io, xf, o, fn, name) {
	if (xf instanceof Transform2D && isPrepared(xf)) {
		io[o + X] = xf._x;
		io[o + Y] = xf._y;
		io[o + ANGLE] = xf.angle;
		io[o + COS] = xf._c;
		io[o + SIN] = xf._s;
		return;
	}
	io[o + COS] = NaN;
	if (xf === undefined || xf === null) {
		io[o + X] = 0;
		io[o + Y] = 0;
		io[o + ANGLE] = 0;
		return;
	}
	if (typeof xf !== 'object') badXf(fn, name, xf);
	const p = xf.position;
	if (p === undefined) {
		io[o + X] = 0;
		io[o + Y] = 0;
	} else {
		if (p === null || p.length !== 2) badXf(fn, name, xf);
		const x = p[0];
		const y = p[1];
		if (typeof x !== 'number' || typeof y !== 'number') badXf(fn, name, xf);
		io[o + X] = x;
		io[o + Y] = y;
	}
	const angle = xf.angle;
	if (angle === undefined) {
		io[o + ANGLE] = 0;
	} else {
		if (typeof angle !== 'number') badXf(fn, name, xf);
		io[o + ANGLE] = angle;
	}
}

const TRANSFORM = Symbol('Transform2D');
// True for an object made by transform2d (t an object). The shim trusts the rotation written for
// these without validating the transform again (binding.c, isPrepared), so an object made any
// other way (Object.create(Transform2D.prototype) passes instanceof) must not take that path: it
// is read as a plain { position, angle } and validated.
let isPrepared;

/**
 * A prepared 2D transform (np.transform2d): position and angle as a plain transform, with the
 * rotation (cosine and sine, the library's own npMakeRot2) made once at creation, so queries given
 * it skip that step. Immutable; every query gives the same results as with the plain transform
 * { position, angle }.
 */
export class Transform2D {
	#made = true;

	static {
		isPrepared = (t) => #made in t;
	}

	constructor(token, x, y, angle, c, s) {
		if (token !== TRANSFORM) fail('NP_INVALID_ARGUMENT', 'Transform2D: use np.transform2d(x, y, angle)');
		this._x = x;
		this._y = y;
		this._c = c;
		this._s = s;
		/** Rotation angle in radians. */
		this.angle = angle;
		/** [x, y] */
		this.position = Object.freeze([x, y]);
		/** [cos, sin] of the angle, as the library computes them. */
		this.rotation = Object.freeze([c, s]);
		Object.freeze(this);
	}
}

/** A prepared transform; NP_INVALID_ARGUMENT for a non-number, NP_NON_FINITE for NaN, infinite or huge. */
export function transform2d(rt, x, y, angle) {
	const huge = rt.limits2.huge;
	for (const [v, name] of [[x, 'x'], [y, 'y'], [angle, 'angle']]) {
		if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `transform2d: ${name} must be a number (got ${describe(v)})`);
		if (!(Math.abs(v) <= huge)) fail('NP_NON_FINITE', `transform2d: ${name} is not finite or exceeds ${huge} in magnitude (${v})`);
	}
	rt.exports.npwRot2(angle, rt.ioPtr);
	const io = rt.io;
	return new Transform2D(TRANSFORM, x, y, angle, io[0], io[1]);
}

function badXf(fn, name, xf) {
	let why;
	if (typeof xf !== 'object') why = `must be an object { position: [x, y], angle } (got ${describe(xf)})`;
	else if (xf.position !== undefined && (xf.position === null || typeof xf.position !== 'object' || xf.position.length !== 2)) {
		why = `position must be [x, y] (got ${describe(xf.position)})`;
	} else if (xf.position !== undefined && (typeof xf.position[0] !== 'number' || typeof xf.position[1] !== 'number')) {
		why = 'position must hold two numbers';
	} else why = `angle must be a number (got ${describe(xf.angle)})`;
	fail('NP_INVALID_TRANSFORM', `${fn}: transform ${name} ${why}`);
}

// Explains a negative result of the shim: which transform, which field.
function xfFail(rt, fn, rc, ta, tb) {
	const e = -rc;
	const isB = e >= ERR_B;
	const code = codeName(isB ? e - ERR_B : e);
	const xf = isB ? tb : ta;
	const name = isB ? 'B' : 'A';
	const huge = rt.limits2.huge;
	if (code === 'NP_NON_FINITE' && xf) {
		const fields = [];
		if (xf.position) fields.push(['position[0]', xf.position[0]], ['position[1]', xf.position[1]]);
		if (xf.angle !== undefined) fields.push(['angle', xf.angle]);
		for (const [field, v] of fields) {
			if (!Number.isFinite(v)) fail(code, `${fn}: transform ${name} ${field} is not finite (${v})`);
			if (Math.abs(v) > huge) fail(code, `${fn}: transform ${name} ${field} exceeds ${huge} in magnitude (${v})`);
		}
	}
	fail(code, `${fn}: transform ${name} is invalid (${code})`);
}

// Checks both shapes and writes both transforms; returns the io view.
function prepare(rt, fn, a, ta, b, tb) {
	const pa = a instanceof Shape2D ? a._ptr : 0;
	const pb = b instanceof Shape2D ? b._ptr : 0;
	if (pa === 0 || pb === 0 || a._rt !== rt || b._rt !== rt) badShapes(rt, fn, a, b);
	const io = rt.io;
	// A prepared transform's five numbers are written here, so that this (inlined into the query)
	// stays small; plain ones go through putXf's checks.
	if (ta instanceof Transform2D && isPrepared(ta)) {
		io[XFA_X] = ta._x;
		io[XFA_Y] = ta._y;
		io[XFA_ANGLE] = ta.angle;
		io[XFA_COS] = ta._c;
		io[XFA_SIN] = ta._s;
	} else putXf(io, ta, XFA, fn, 'A');
	if (tb instanceof Transform2D && isPrepared(tb)) {
		io[XFB_X] = tb._x;
		io[XFB_Y] = tb._y;
		io[XFB_ANGLE] = tb.angle;
		io[XFB_COS] = tb._c;
		io[XFB_SIN] = tb._s;
	} else putXf(io, tb, XFB, fn, 'B');
	return io;
}

/** True when the shapes overlap or touch; with { trace: true }, { overlapping, gjk } (trace2d.mjs). */
export function overlap2(rt, a, ta, b, tb, options) {
	prepare(rt, 'overlap', a, ta, b, tb);
	const r = rt.exports.npwOverlap2(a._ptr, b._ptr, rt.ioPtr);
	if (r < 0) xfFail(rt, 'overlap', r, ta, tb);
	if (options !== undefined && wantsTrace('overlap', options)) {
		const { steps, truncated } = readGjkTrace(rt, a, b, GJK_MODES.overlap);
		return { overlapping: r === 1, gjk: { steps, truncated } };
	}
	return r === 1;
}

// options.trace === true, after checking options is an object.
function wantsTrace(fn, options) {
	if (options === null) return false;
	if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
	return options.trace === true;
}

/**
 * Distance and closest points (distance 0 and normal [0, 0] when overlapping). options.out: a
 * result returned earlier, refilled in place and returned; options.trace: GJK's steps too.
 */
export function distance2(rt, a, ta, b, tb, options) {
	const io = prepare(rt, 'distance', a, ta, b, tb);
	const out = readOut(options, 'distance', DISTANCE_FIELDS);
	const r = rt.exports.npwDistance2(a._ptr, b._ptr, rt.ioPtr);
	if (r < 0) xfFail(rt, 'distance', r, ta, tb);
	if (out !== undefined) {
		out.distance = io[D_DISTANCE];
		put2(out.pointA, io, D_POINT_A);
		put2(out.pointB, io, D_POINT_B);
		put2(out.normal, io, D_NORMAL);
		out.iterations = io[D_ITERATIONS];
	}
	const result = out !== undefined ? out : distanceRecord(io);
	if (options !== undefined && wantsTrace('distance', options)) {
		const { steps, truncated } = readGjkTrace(rt, a, b, GJK_MODES.distance);
		result.gjk = { steps, truncated };
	}
	return result;
}

function distanceRecord(io) {
	return {
		distance: io[D_DISTANCE],
		pointA: vec(io, D_POINT_A),
		pointB: vec(io, D_POINT_B),
		normal: vec(io, D_NORMAL),
		iterations: io[D_ITERATIONS],
	};
}

const vec = (h, k) => [h[k], h[k + 1]];

// The vector fields of distance's and penetration's results (for options.out).
const DISTANCE_FIELDS = ['pointA', 'pointB', 'normal'];
const PENETRATION_FIELDS = ['normal', 'pointA', 'pointB'];

const readOut = (options, fn, fields) => readResultOut(options, fn, fields, 2);

function put2(to, h, k) {
	to[0] = h[k];
	to[1] = h[k + 1];
}

/**
 * Penetration depth, normal and witness points (GJK + EPA), or null when apart. options.trace
 * records EPA's steps; options.out: a result returned earlier, refilled in place and returned.
 */
export function penetration2(rt, a, ta, b, tb, options) {
	prepare(rt, 'penetration', a, ta, b, tb);
	const out = readOut(options, 'penetration', PENETRATION_FIELDS);
	const trace = options !== undefined && options !== null && options.trace === true;
	const { stepCapacity } = rt.limits2;
	if (trace && rt.epaSteps2 === 0) rt.epaSteps2 = rt.malloc(stepCapacity * rt.limits2.stepBytes);
	const r = rt.exports.npwPenetration2(a._ptr, b._ptr, rt.ioPtr, trace ? rt.epaSteps2 : 0, stepCapacity);
	if (r < 0) xfFail(rt, 'penetration', r, ta, tb);
	if (r === 0) return null;
	const f64 = rt.f64;
	const o = rt.ioIndex + OUT;
	let result;
	if (out !== undefined) {
		result = out;
		out.depth = f64[o + L.NPW_PENETRATION2_DEPTH];
		put2(out.normal, f64, o + L.NPW_PENETRATION2_NORMAL);
		put2(out.pointA, f64, o + L.NPW_PENETRATION2_POINT_A);
		put2(out.pointB, f64, o + L.NPW_PENETRATION2_POINT_B);
		out.iterations = f64[o + L.NPW_PENETRATION2_ITERATIONS];
		out.stop = STOP_NAMES[f64[o + L.NPW_PENETRATION2_STOP]];
	} else {
		result = {
			depth: f64[o + L.NPW_PENETRATION2_DEPTH],
			normal: vec(f64, o + L.NPW_PENETRATION2_NORMAL),
			pointA: vec(f64, o + L.NPW_PENETRATION2_POINT_A),
			pointB: vec(f64, o + L.NPW_PENETRATION2_POINT_B),
			iterations: f64[o + L.NPW_PENETRATION2_ITERATIONS],
			stop: STOP_NAMES[f64[o + L.NPW_PENETRATION2_STOP]],
		};
	}
	if (trace) {
		readTrace(rt, result, a.radius + b.radius);
		const { steps, truncated } = readGjkTrace(rt, a, b, GJK_MODES.penetration);
		result.gjk = { steps, truncated };
	}
	return result;
}

function readTrace(rt, result, radius) {
	const f64 = rt.f64;
	const o = rt.ioIndex + OUT;
	const simplexCount = f64[o + L.NPW_PENETRATION2_SIMPLEX_COUNT];
	const simplex = [];
	for (let i = 0; i < simplexCount && i < 3; i++) simplex.push(vec(f64, o + L.NPW_PENETRATION2_SIMPLEX + 2 * i));
	result.simplex = simplex;
	result.startedFromEdge = f64[o + L.NPW_PENETRATION2_STARTED_FROM_EDGE] !== 0;
	result.radius = radius;
	result.truncated = f64[o + L.NPW_PENETRATION2_TRUNCATED] !== 0;
	const stepCount = Math.min(f64[o + L.NPW_PENETRATION2_STEP_COUNT], rt.limits2.stepCapacity);
	const steps = [];
	for (let k = 0; k < stepCount; k++) {
		// The step is flattened at OUT (the penetration record is read above).
		const n = rt.exports.npwEpaStep2(rt.epaSteps2, k, rt.ioPtr + 8 * OUT);
		const polytope = new Array(n);
		const polytopeIndexA = new Array(n);
		const polytopeIndexB = new Array(n);
		const indices = o + L.NPW_EPA_STEP2_VERTICES + 2 * n;
		for (let i = 0; i < n; i++) {
			polytope[i] = vec(f64, o + L.NPW_EPA_STEP2_VERTICES + 2 * i);
			polytopeIndexA[i] = f64[indices + 2 * i];
			polytopeIndexB[i] = f64[indices + 2 * i + 1];
		}
		const support = vec(f64, o + L.NPW_EPA_STEP2_SUPPORT);
		steps.push({
			polytope,
			closestEdge: f64[o + L.NPW_EPA_STEP2_CLOSEST_EDGE],
			edgeNormal: vec(f64, o + L.NPW_EPA_STEP2_EDGE_NORMAL),
			edgeDistance: f64[o + L.NPW_EPA_STEP2_EDGE_DISTANCE],
			support,
			supportDistance: f64[o + L.NPW_EPA_STEP2_SUPPORT_DISTANCE],
			stop: STOP_NAMES[f64[o + L.NPW_EPA_STEP2_STOP]],
			supportVertex: {
				w: support,
				wA: vec(f64, o + L.NPW_EPA_STEP2_SUPPORT_A),
				wB: vec(f64, o + L.NPW_EPA_STEP2_SUPPORT_B),
				indexA: f64[o + L.NPW_EPA_STEP2_SUPPORT_INDEX_A],
				indexB: f64[o + L.NPW_EPA_STEP2_SUPPORT_INDEX_B],
			},
			polytopeIndexA,
			polytopeIndexB,
		});
	}
	result.steps = steps;
}

/**
 * Contact manifold: { normal, points: [{ pointA, pointB, depth, id }] } (points [] when apart).
 * options.margin: speculative distance; options.out: a manifold returned earlier, refilled in
 * place and returned (no allocation while the point count stays the same).
 */
// Kept small (the options, the result objects and the errors are separate functions) so that V8
// inlines it, with both transform writes, into the caller: a call per query costs more than the
// checks it holds (bench/README.md, "The 2D single call and the batches from JS against native").
export function manifold2(rt, a, ta, b, tb, options) {
	const io = prepare(rt, 'manifold', a, ta, b, tb);
	// The common forms (no options, or { out } alone) are read here with one load per field; any
	// other options object goes through manifoldOptions, which checks and explains everything.
	let out;
	let trace = false;
	if (options === undefined) io[ARG] = 0;
	else if (options !== null && typeof options === 'object' && options.margin === undefined && options.trace === undefined) {
		out = options.out;
		if (out !== undefined) checkOut(out);
		io[ARG] = 0;
	} else {
		out = manifoldOptions(rt, io, options);
		trace = options !== null && options.trace === true;
	}
	const n = rt.exports.npwManifold2(a._ptr, b._ptr, rt.ioPtr);
	if (n < 0) xfFail(rt, 'manifold', n, ta, tb);
	if (trace) return tracedManifold(rt, a, b, out, n);
	return out !== undefined ? refill(io, out, n) : newManifold(io, n);
}

// Checks manifold's options (a non-object, a bad out or margin throws), writes the margin into the
// io block and returns options.out (or undefined). null means no options.
function manifoldOptions(rt, io, options) {
	let margin = 0;
	let out;
	if (options !== null) {
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `manifold: options must be an object (got ${describe(options)})`);
		out = options.out;
		if (out !== undefined) checkOut(out);
		const m = options.margin;
		if (m !== undefined) {
			const huge = rt.limits2.huge;
			if (typeof m !== 'number') fail('NP_INVALID_ARGUMENT', `manifold: options.margin must be a number (got ${describe(m)})`);
			if (!(m >= 0 && m <= huge)) {
				if (m < 0) fail('NP_INVALID_ARGUMENT', `manifold: options.margin must not be negative (got ${m})`);
				fail('NP_NON_FINITE', `manifold: options.margin is not finite or exceeds ${huge} (got ${m})`);
			}
			margin = m;
		}
	}
	io[ARG] = margin;
	return out;
}

// A new result object for the manifold of n points in the io block. n is 0, 1 or 2 (the shim caps
// it at NP_MAX_MANIFOLD_POINTS2). Straight-line literals by count (no loop, no calls) let V8 fold
// the allocations into one.
function newManifold(io, n) {
	if (n === 2) {
		return {
			normal: [io[M_NORMAL], io[M_NORMAL + 1]],
			points: [
				{ pointA: [io[M_POINT0 + P_A], io[M_POINT0 + P_A + 1]], pointB: [io[M_POINT0 + P_B], io[M_POINT0 + P_B + 1]], depth: io[M_POINT0 + P_DEPTH], id: io[M_POINT0 + P_ID] },
				{ pointA: [io[M_POINT1 + P_A], io[M_POINT1 + P_A + 1]], pointB: [io[M_POINT1 + P_B], io[M_POINT1 + P_B + 1]], depth: io[M_POINT1 + P_DEPTH], id: io[M_POINT1 + P_ID] },
			],
		};
	}
	if (n === 1) {
		return {
			normal: [io[M_NORMAL], io[M_NORMAL + 1]],
			points: [{ pointA: [io[M_POINT0 + P_A], io[M_POINT0 + P_A + 1]], pointB: [io[M_POINT0 + P_B], io[M_POINT0 + P_B + 1]], depth: io[M_POINT0 + P_DEPTH], id: io[M_POINT0 + P_ID] }],
		};
	}
	return { normal: [io[M_NORMAL], io[M_NORMAL + 1]], points: [] };
}

// The manifold just computed (in the io block) with the record of how it was built.
function tracedManifold(rt, a, b, out, n) {
	const io = rt.io;
	const result = refill(io, out !== undefined ? out : { normal: [0, 0], points: [] }, n);
	result.clip = readClipTrace(rt, a, b);
	return result;
}

// options.out: a manifold object to fill in place (no allocation once its points exist).
export function checkOut(out, fn = 'manifold') {
	if (out === null || typeof out !== 'object' || !Array.isArray(out.normal) || out.normal.length !== 2 ||
		!Array.isArray(out.points)) {
		fail('NP_INVALID_ARGUMENT', `${fn}: options.out must be a manifold ({ normal: [x, y], points: [...] }), e.g. one returned earlier`);
	}
}

export function refill(io, out, n) {
	out.normal[0] = io[M_NORMAL];
	out.normal[1] = io[M_NORMAL + 1];
	const points = out.points;
	const pool = keepEntries(points, n, newPoint);
	for (let i = 0; i < n; i++) fillPoint(io, points, pool, i, M_POINT0 + L.NPW_MANIFOLD2_POINT_SIZE * i);
	return out;
}

// Refills points[i] from the manifold point at io offset k (a new point object when points[i] is
// not one).
const newPoint = () => ({ pointA: [0, 0], pointB: [0, 0], depth: 0, id: 0 });

function fillPoint(io, points, pool, i, k) {
	let p = pool[i];
	if (p === null || typeof p !== 'object' || !Array.isArray(p.pointA) || !Array.isArray(p.pointB)) p = replaceEntry(points, pool, i, newPoint());
	p.pointA[0] = io[k + P_A];
	p.pointA[1] = io[k + P_A + 1];
	p.pointB[0] = io[k + P_B];
	p.pointB[1] = io[k + P_B + 1];
	p.depth = io[k + P_DEPTH];
	p.id = io[k + P_ID];
}

/** Core Minkowski difference A - B in world space (CCW), and the total rounding radius. */
export function minkowskiDifference2(rt, a, ta, b, tb) {
	prepare(rt, 'minkowskiDifference', a, ta, b, tb);
	const n = rt.exports.npwMinkowskiDifference2(a._ptr, b._ptr, rt.ioPtr);
	if (n < 0) xfFail(rt, 'minkowskiDifference', n, ta, tb);
	const f64 = rt.f64;
	const o = rt.ioIndex + OUT + L.NPW_MINKOWSKI2_VERTICES;
	const vertices = new Array(n);
	for (let i = 0; i < n; i++) vertices[i] = vec(f64, o + 2 * i);
	return { vertices, radius: a.radius + b.radius };
}
