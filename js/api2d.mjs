// 2D shapes and queries of the narrowphase JS API (installed into `np` by narrowphase.mjs).
//
// Every query is one wasm call: the transforms (x, y, angle) and options are written into the
// shared scratch block, the C shim (src/binding.c) builds the rotations with the library's own
// deterministic sine/cosine, runs the query and writes the result back into the same block, and
// the small result object is built here. No allocation in wasm, no closures per call.

const KIND_NAMES = ['circle', 'capsule2d', 'box2d', 'polygon2d'];
const STOP_NAMES = ['continue', 'converged', 'max-iterations', 'cores-separated', 'point'];

// Layout of the io block (binding.h): transform A, transform B, option, results.
const IO_XFA = 0;
const IO_XFB = 3;
const IO_ARG = 6;
const IO_OUT = 8;
const ERR_B = 100; // NPW_ERR_B

export function install(np, ctx) {
	const ex = ctx.exports;
	const { fail, codeName, describe, Shape } = ctx;
	const IO_PTR = ctx.scratch.ptr;
	const XA = ctx.scratch.index + IO_XFA;
	const XB = ctx.scratch.index + IO_XFB;
	const ARG = ctx.scratch.index + IO_ARG;
	const OUT = ctx.scratch.index + IO_OUT;

	// Cached view, refreshed when the memory grows (only malloc can grow it).
	let f64 = ctx.heap.f64;
	ctx.onMemoryGrowth((heap) => {
		f64 = heap.f64;
	});

	ex.npwLimits2(IO_PTR);
	const MAX_VERTICES = f64[OUT - IO_OUT];
	const MAX_INPUT = f64[OUT - IO_OUT + 1];
	const EPA_MAX_VERTICES = f64[OUT - IO_OUT + 2];
	const SHAPE_BYTES = f64[OUT - IO_OUT + 3];
	const STEP_BYTES = f64[OUT - IO_OUT + 4];
	const HUGE = f64[OUT - IO_OUT + 5];
	const IO_DOUBLES = f64[OUT - IO_OUT + 6];
	if (IO_DOUBLES > ctx.scratch.doubles || 2 * MAX_INPUT > ctx.scratch.doubles ||
		9 + 2 * EPA_MAX_VERTICES > ctx.scratch.doubles - IO_OUT) {
		throw new Error('narrowphase: scratch block too small for the 2D shim');
	}

	const mkCircle = ex.npMakeCircle;
	const mkCapsule = ex.npMakeCapsule2;
	const mkBox = ex.npMakeBox2;
	const mkPolygon = ex.npMakePolygon2;
	const wOverlap = ex.npwOverlap2;
	const wDistance = ex.npwDistance2;
	const wPenetration = ex.npwPenetration2;
	const wManifold = ex.npwManifold2;
	const wMinkowski = ex.npwMinkowskiDifference2;

	// Only this module makes shapes: np.Shape2D is exposed for instanceof, not for construction
	// (a made-up pointer would make the C code read arbitrary wasm memory).
	const MAKE = Symbol('Shape2D');

	/** A 2D convex shape living in wasm memory. */
	class Shape2D extends Shape {
		constructor(ptr, token) {
			if (token !== MAKE) fail('NP_INVALID_ARGUMENT', 'Shape2D: use np.circle, np.box2d, np.capsule2d or np.polygon2d');
			ex.npwShapeInfo2(ptr, IO_PTR);
			super(ptr, KIND_NAMES[f64[OUT - IO_OUT]]);
			const count = f64[OUT - IO_OUT + 1];
			const base = OUT - IO_OUT + 3;
			const vertices = new Array(count);
			for (let i = 0; i < count; i++) {
				vertices[i] = Object.freeze([f64[base + 2 * i], f64[base + 2 * i + 1]]);
			}
			/** Core vertices in local space, counter-clockwise. */
			this.vertices = Object.freeze(vertices);
			/** Rounding radius added to the core. */
			this.radius = f64[OUT - IO_OUT + 2];
		}
	}

	// Allocates a shape and runs the constructor `make(ptr)`; frees and throws on error.
	function build(make, what) {
		return new Shape2D(ctx.construct(SHAPE_BYTES, make, (rc) => shapeFail(rc, what)), MAKE);
	}

	function shapeFail(rc, what) {
		const code = codeName(rc);
		let why;
		switch (code) {
			case 'NP_NON_FINITE': why = `a number is NaN, infinite or larger than ${HUGE} in magnitude`; break;
			case 'NP_INVALID_RADIUS': why = 'radius must be positive'; break;
			case 'NP_INVALID_EXTENT': why = 'extents and lengths must be positive'; break;
			case 'NP_DEGENERATE': why = 'fewer than 3 distinct, non-collinear points'; break;
			case 'NP_TOO_MANY_POINTS': why = `the convex hull has more than ${MAX_VERTICES} vertices`; break;
			default: why = 'invalid argument';
		}
		fail(code, `${what}: ${why}`);
	}

	const num = (v, fn, name) => ctx.requireNumber(v, `${fn}: ${name}`);

	np.circle = function circle(radius) {
		num(radius, 'circle', 'radius');
		return build((p) => mkCircle(radius, p), `circle(${radius})`);
	};

	np.box2d = function box2d(halfWidth, halfHeight) {
		num(halfWidth, 'box2d', 'halfWidth');
		num(halfHeight, 'box2d', 'halfHeight');
		return build((p) => mkBox(halfWidth, halfHeight, p), `box2d(${halfWidth}, ${halfHeight})`);
	};

	np.capsule2d = function capsule2d(halfLength, radius) {
		num(halfLength, 'capsule2d', 'halfLength');
		num(radius, 'capsule2d', 'radius');
		return build((p) => mkCapsule(halfLength, radius, p), `capsule2d(${halfLength}, ${radius})`);
	};

	// Writes one coordinate pair of polygon2d's input, with a message naming the point.
	function putPoint(i, x, y, base) {
		if (typeof x !== 'number' || typeof y !== 'number') {
			fail('NP_INVALID_ARGUMENT', `polygon2d: point ${i} is not a pair of numbers`);
		}
		if (!Number.isFinite(x) || !Number.isFinite(y)) {
			fail('NP_NON_FINITE', `polygon2d: point ${i} is not finite ([${x}, ${y}])`);
		}
		if (Math.abs(x) > HUGE || Math.abs(y) > HUGE) {
			fail('NP_NON_FINITE', `polygon2d: point ${i} exceeds ${HUGE} in magnitude`);
		}
		f64[base + 2 * i] = x;
		f64[base + 2 * i + 1] = y;
	}

	/**
	 * Convex hull of the points: [[x, y], ...], or flat [x0, y0, x1, y1, ...] (array or typed array).
	 * options.radius >= 0 rounds it.
	 */
	np.polygon2d = function polygon2d(points, options) {
		let radius = 0;
		if (options !== undefined && options !== null) {
			if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `polygon2d: options must be an object (got ${describe(options)})`);
			if (options.radius !== undefined) radius = num(options.radius, 'polygon2d', 'options.radius');
		}
		const base = ctx.scratch.index;
		let count;
		const flatTyped = ArrayBuffer.isView(points) && !(points instanceof DataView);
		if (flatTyped || (Array.isArray(points) && points.length > 0 && typeof points[0] === 'number')) {
			if (points.length % 2 !== 0) {
				fail('NP_INVALID_ARGUMENT', `polygon2d: a flat coordinate array needs an even length (got ${points.length})`);
			}
			count = points.length / 2;
			if (count > MAX_INPUT) fail('NP_TOO_MANY_POINTS', `polygon2d: ${count} points given, at most ${MAX_INPUT} accepted`);
			for (let i = 0; i < count; i++) putPoint(i, points[2 * i], points[2 * i + 1], base);
		} else if (Array.isArray(points)) {
			count = points.length;
			if (count > MAX_INPUT) fail('NP_TOO_MANY_POINTS', `polygon2d: ${count} points given, at most ${MAX_INPUT} accepted`);
			for (let i = 0; i < count; i++) {
				const p = points[i];
				if (p === null || typeof p !== 'object' || p.length !== 2) {
					fail('NP_INVALID_ARGUMENT', `polygon2d: point ${i} must be [x, y] (got ${describe(p)})`);
				}
				putPoint(i, p[0], p[1], base);
			}
		} else {
			fail('NP_INVALID_ARGUMENT', `polygon2d: points must be an array of [x, y] or a flat array of numbers (got ${describe(points)})`);
		}
		return build((p) => mkPolygon(ctx.scratch.ptr, count, radius, p), `polygon2d (${count} points, radius ${radius})`);
	};

	// ------------------------------------------------------------------------------ queries
	function ptrOf(s) {
		return s instanceof Shape2D ? s._ptr : 0;
	}

	function badShapes(fn, a, b) {
		for (const [s, name] of [[a, 'A'], [b, 'B']]) {
			if (s instanceof Shape2D) {
				if (s._ptr === 0) fail('NP_DISPOSED', `${fn}: shape ${name} (${s.kind}) was disposed`);
			} else if (s instanceof Shape) {
				fail('NP_INVALID_ARGUMENT', s._ptr === 0
					? `${fn}: shape ${name} was disposed`
					: `${fn}: shape ${name} is a ${s.kind}, not a 2D shape of this narrowphase instance`);
			} else {
				fail('NP_INVALID_ARGUMENT', `${fn}: shape ${name} is not a 2D shape of this narrowphase instance (got ${describe(s)})`);
			}
		}
	}

	// Writes x, y, angle of a transform at f64 index o. Missing transform or field = identity.
	// Only the types are checked here; the C shim rejects non-finite numbers (xfFail explains).
	function putXf(xf, o, fn, name) {
		if (xf === undefined || xf === null) {
			f64[o] = 0;
			f64[o + 1] = 0;
			f64[o + 2] = 0;
			return;
		}
		if (typeof xf !== 'object') badXf(fn, name, xf);
		const p = xf.position;
		if (p === undefined) {
			f64[o] = 0;
			f64[o + 1] = 0;
		} else {
			if (p === null || p.length !== 2) badXf(fn, name, xf);
			const x = p[0];
			const y = p[1];
			if (typeof x !== 'number' || typeof y !== 'number') badXf(fn, name, xf);
			f64[o] = x;
			f64[o + 1] = y;
		}
		const angle = xf.angle;
		if (angle === undefined) {
			f64[o + 2] = 0;
		} else {
			if (typeof angle !== 'number') badXf(fn, name, xf);
			f64[o + 2] = angle;
		}
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
	function xfFail(fn, rc, ta, tb) {
		const e = -rc;
		const isB = e >= ERR_B;
		const code = codeName(isB ? e - ERR_B : e);
		const xf = isB ? tb : ta;
		const name = isB ? 'B' : 'A';
		if (code === 'NP_NON_FINITE' && xf) {
			const fields = [];
			if (xf.position) fields.push(['position[0]', xf.position[0]], ['position[1]', xf.position[1]]);
			if (xf.angle !== undefined) fields.push(['angle', xf.angle]);
			for (const [field, v] of fields) {
				if (!Number.isFinite(v)) fail(code, `${fn}: transform ${name} ${field} is not finite (${v})`);
				if (Math.abs(v) > HUGE) fail(code, `${fn}: transform ${name} ${field} exceeds ${HUGE} in magnitude (${v})`);
			}
		}
		fail(code, `${fn}: transform ${name} is invalid (${code})`);
	}

	/** True when the shapes overlap or touch. */
	np.overlap = function overlap(a, ta, b, tb) {
		const pa = ptrOf(a);
		const pb = ptrOf(b);
		if (pa === 0 || pb === 0) badShapes('overlap', a, b);
		putXf(ta, XA, 'overlap', 'A');
		putXf(tb, XB, 'overlap', 'B');
		const r = wOverlap(pa, pb, IO_PTR);
		if (r < 0) xfFail('overlap', r, ta, tb);
		return r === 1;
	};

	/** Distance and closest points (distance 0 and normal [0, 0] when overlapping). */
	np.distance = function distance(a, ta, b, tb) {
		const pa = ptrOf(a);
		const pb = ptrOf(b);
		if (pa === 0 || pb === 0) badShapes('distance', a, b);
		putXf(ta, XA, 'distance', 'A');
		putXf(tb, XB, 'distance', 'B');
		const r = wDistance(pa, pb, IO_PTR);
		if (r < 0) xfFail('distance', r, ta, tb);
		const o = OUT;
		return {
			distance: f64[o],
			pointA: [f64[o + 1], f64[o + 2]],
			pointB: [f64[o + 3], f64[o + 4]],
			normal: [f64[o + 5], f64[o + 6]],
			iterations: f64[o + 7],
		};
	};

	// EPA step storage for traces: allocated on the first traced call, then reused.
	const STEP_CAPACITY = EPA_MAX_VERTICES + 8;
	let stepsPtr = 0;

	/** Penetration depth, normal and witness points (GJK + EPA), or null when apart. */
	np.penetration = function penetration(a, ta, b, tb, options) {
		const pa = ptrOf(a);
		const pb = ptrOf(b);
		if (pa === 0 || pb === 0) badShapes('penetration', a, b);
		putXf(ta, XA, 'penetration', 'A');
		putXf(tb, XB, 'penetration', 'B');
		let trace = false;
		if (options !== undefined && options !== null) {
			if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `penetration: options must be an object (got ${describe(options)})`);
			trace = options.trace === true;
		}
		if (trace && stepsPtr === 0) stepsPtr = ctx.malloc(STEP_CAPACITY * STEP_BYTES);
		const r = wPenetration(pa, pb, IO_PTR, trace ? stepsPtr : 0, STEP_CAPACITY);
		if (r < 0) xfFail('penetration', r, ta, tb);
		if (r === 0) return null;
		const o = OUT;
		const result = {
			depth: f64[o],
			normal: [f64[o + 1], f64[o + 2]],
			pointA: [f64[o + 3], f64[o + 4]],
			pointB: [f64[o + 5], f64[o + 6]],
			iterations: f64[o + 7],
			stop: STOP_NAMES[f64[o + 8]],
		};
		if (trace) readTrace(result, a.radius + b.radius);
		return result;
	};

	function readTrace(result, radius) {
		const o = OUT;
		const simplexCount = f64[o + 9];
		const simplex = [];
		for (let i = 0; i < simplexCount && i < 3; i++) simplex.push([f64[o + 10 + 2 * i], f64[o + 11 + 2 * i]]);
		result.simplex = simplex;
		result.startedFromEdge = f64[o + 16] !== 0;
		result.radius = radius;
		result.truncated = f64[o + 18] !== 0;
		const stepCount = Math.min(f64[o + 17], STEP_CAPACITY);
		const steps = [];
		for (let k = 0; k < stepCount; k++) {
			const n = ex.npwEpaStep2(stepsPtr, k, IO_PTR + 8 * IO_OUT);
			const polytope = new Array(n);
			for (let i = 0; i < n; i++) polytope[i] = [f64[o + 9 + 2 * i], f64[o + 10 + 2 * i]];
			steps.push({
				polytope,
				closestEdge: f64[o + 1],
				edgeNormal: [f64[o + 2], f64[o + 3]],
				edgeDistance: f64[o + 4],
				support: [f64[o + 5], f64[o + 6]],
				supportDistance: f64[o + 7],
				stop: STOP_NAMES[f64[o + 8]],
			});
		}
		result.steps = steps;
	}

	/**
	 * Contact manifold: { normal, points: [{ pointA, pointB, depth, id }] } (points [] when apart).
	 * options.margin: speculative distance; options.out: a manifold returned earlier, refilled in
	 * place and returned (no allocation while the point count stays the same).
	 */
	np.manifold = function manifold(a, ta, b, tb, options) {
		const pa = ptrOf(a);
		const pb = ptrOf(b);
		if (pa === 0 || pb === 0) badShapes('manifold', a, b);
		putXf(ta, XA, 'manifold', 'A');
		putXf(tb, XB, 'manifold', 'B');
		let margin = 0;
		let out;
		if (options !== undefined && options !== null) {
			if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `manifold: options must be an object (got ${describe(options)})`);
			out = options.out;
			if (out !== undefined) checkOut(out);
			const m = options.margin;
			if (m !== undefined) {
				if (typeof m !== 'number') fail('NP_INVALID_ARGUMENT', `manifold: options.margin must be a number (got ${describe(m)})`);
				if (!(m >= 0 && m <= HUGE)) {
					if (m < 0) fail('NP_INVALID_ARGUMENT', `manifold: options.margin must not be negative (got ${m})`);
					fail('NP_NON_FINITE', `manifold: options.margin is not finite or exceeds ${HUGE} (got ${m})`);
				}
				margin = m;
			}
		}
		f64[ARG] = margin;
		const n = wManifold(pa, pb, IO_PTR);
		if (n < 0) xfFail('manifold', n, ta, tb);
		if (out !== undefined) return refill(out, n);
		// n is 0, 1 or 2 (the shim caps it at NP_MAX_MANIFOLD_POINTS2). Straight-line literals by count
		// (no loop, no calls) let V8 fold the allocations into one: ~8% faster than a push loop.
		const o = OUT;
		if (n === 2) {
			return {
				normal: [f64[o], f64[o + 1]],
				points: [
					{ pointA: [f64[o + 2], f64[o + 3]], pointB: [f64[o + 4], f64[o + 5]], depth: f64[o + 6], id: f64[o + 7] },
					{ pointA: [f64[o + 8], f64[o + 9]], pointB: [f64[o + 10], f64[o + 11]], depth: f64[o + 12], id: f64[o + 13] },
				],
			};
		}
		if (n === 1) {
			return {
				normal: [f64[o], f64[o + 1]],
				points: [{ pointA: [f64[o + 2], f64[o + 3]], pointB: [f64[o + 4], f64[o + 5]], depth: f64[o + 6], id: f64[o + 7] }],
			};
		}
		return { normal: [f64[o], f64[o + 1]], points: [] };
	};

	// options.out: a manifold object to fill in place (no allocation once its points exist).
	function checkOut(out) {
		if (out === null || typeof out !== 'object' || !Array.isArray(out.normal) || out.normal.length !== 2 ||
			!Array.isArray(out.points)) {
			fail('NP_INVALID_ARGUMENT', 'manifold: options.out must be a manifold ({ normal: [x, y], points: [...] }), e.g. one returned earlier');
		}
	}

	function refill(out, n) {
		const o = OUT;
		out.normal[0] = f64[o];
		out.normal[1] = f64[o + 1];
		const points = out.points;
		for (let i = 0; i < n; i++) {
			const k = o + 2 + 6 * i;
			let p = points[i];
			if (p === null || typeof p !== 'object' || !Array.isArray(p.pointA) || !Array.isArray(p.pointB)) {
				p = { pointA: [0, 0], pointB: [0, 0], depth: 0, id: 0 };
				points[i] = p;
			}
			p.pointA[0] = f64[k];
			p.pointA[1] = f64[k + 1];
			p.pointB[0] = f64[k + 2];
			p.pointB[1] = f64[k + 3];
			p.depth = f64[k + 4];
			p.id = f64[k + 5];
		}
		if (points.length !== n) points.length = n;
		return out;
	}

	/** Core Minkowski difference A - B in world space (CCW), and the total rounding radius. */
	np.minkowskiDifference = function minkowskiDifference(a, ta, b, tb) {
		const pa = ptrOf(a);
		const pb = ptrOf(b);
		if (pa === 0 || pb === 0) badShapes('minkowskiDifference', a, b);
		putXf(ta, XA, 'minkowskiDifference', 'A');
		putXf(tb, XB, 'minkowskiDifference', 'B');
		const n = wMinkowski(pa, pb, IO_PTR);
		if (n < 0) xfFail('minkowskiDifference', n, ta, tb);
		const vertices = new Array(n);
		for (let i = 0; i < n; i++) vertices[i] = [f64[OUT + 2 * i], f64[OUT + 2 * i + 1]];
		return { vertices, radius: a.radius + b.radius };
	};

	np.Shape2D = Shape2D;
	np.limits2d = Object.freeze({ maxPolygonVertices: MAX_VERTICES, maxPolygonInput: MAX_INPUT });
}
