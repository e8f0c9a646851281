// 3D shapes, queries, manifolds and persistent contacts of the narrowphase JS API (installed into
// `np` by narrowphase.mjs, after the 2D module).
//
// The query functions np.overlap / distance / penetration / manifold are shared with 2D: this
// module wraps the 2D ones and dispatches on the shapes' dimension (Shape3D instances go to the
// 3D shim, src/binding3d.c). Mixing a 2D and a 3D shape throws NP_INVALID_ARGUMENT.
//
// As in 2D, every query is one wasm call: both transforms (position, quaternion) are written into
// the shared scratch block, the shim builds them with npMakeTransform3 (normalising the
// quaternion), runs the query and writes the result back into the same block.

const KIND_NAMES = ['sphere', 'capsule3d', 'box3d', 'hull3d', 'triangle3d'];
const STOP_NAMES = ['none', 'converged', 'max-iterations', 'cores-separated', 'flat', 'no-progress'];

// Layout of the io block (binding3d.h).
const IO_XFA = 0;
const IO_XFB = 7;
const IO_ARG = 14;
const IO_OUT = 16;
const MANIFOLD_POINT = 8;
const ERR_B = 100; // NPW3_ERR_B

export function install(np, ctx) {
	const ex = ctx.exports;
	const { fail, codeName, describe, Shape } = ctx;
	const IO_PTR = ctx.scratch.ptr;
	const BASE = ctx.scratch.index;
	const ARG = BASE + IO_ARG;
	const OUT = BASE + IO_OUT;
	// io offsets of the four manifold points.
	const P0 = IO_OUT + 3;
	const P1 = P0 + MANIFOLD_POINT;
	const P2 = P1 + MANIFOLD_POINT;
	const P3 = P2 + MANIFOLD_POINT;

	let f64 = ctx.heap.f64;
	// The hot queries (manifold, putXf) go through `io`, a view of just the start of the scratch
	// block: with constant indices V8 compiles each access to a load or store with one length check,
	// where f64[BASE + k] also needs the index arithmetic checked.
	const IO_VIEW = 64;
	const ioView = (heap) => new Float64Array(heap.f64.buffer, IO_PTR, IO_VIEW);
	let io = ioView(ctx.heap);
	ctx.onMemoryGrowth((heap) => {
		f64 = heap.f64;
		io = ioView(heap);
	});

	ex.npwLimits3(IO_PTR);
	const SHAPE_BYTES = f64[BASE];
	const HULL_BYTES = f64[BASE + 1];
	const CACHE_BYTES = f64[BASE + 2];
	const MAX_INPUT = f64[BASE + 3];
	const MAX_VERTICES = f64[BASE + 4];
	const IO_DOUBLES = f64[BASE + 5];
	const USER_DATA = f64[BASE + 6];
	const HUGE = f64[BASE + 7];
	const CACHED_POINT = 15 + USER_DATA;
	if (IO_DOUBLES > ctx.scratch.doubles) {
		throw new Error('narrowphase: scratch block too small for the 3D shim');
	}
	const SHAPE_ALIGNED = Math.ceil(SHAPE_BYTES / 8) * 8;

	const wOverlap = ex.npwOverlap3;
	const wDistance = ex.npwDistance3;
	const wPenetration = ex.npwPenetration3;
	const wManifold = ex.npwManifold3;

	// Only this module's constructors may wrap a pointer: a Shape3D made from an arbitrary number
	// would let a caller point the library at any heap address.
	const MAKE = Symbol('Shape3D');

	/** A 3D convex shape living in wasm memory. */
	class Shape3D extends Shape {
		constructor(ptr, token) {
			if (token !== MAKE) fail('NP_INVALID_ARGUMENT', 'Shape3D: use np.sphere, np.capsule3d, np.box3d, np.hull3d or np.triangle3d');
			const n = ex.npwShapeInfo3(ptr, IO_PTR);
			super(ptr, KIND_NAMES[f64[BASE]]);
			/** Number of dimensions (3). */
			this.dim = 3;
			/** Rounding radius (sphere and capsule radius; 0 for sharp shapes). */
			this.radius = f64[BASE + 1];
			/** Capsule half height along local y (0 for other shapes). */
			this.halfHeight = f64[BASE + 2];
			/** Number of faces of the core (0 for sphere and capsule; 2 for flat shapes). */
			this.faceCount = f64[BASE + 4];
			const vertices = new Array(n);
			for (let i = 0; i < n; i++) {
				const k = BASE + 5 + 3 * i;
				vertices[i] = Object.freeze([f64[k], f64[k + 1], f64[k + 2]]);
			}
			/** Core vertices in local space (sphere: [[0,0,0]], capsule: its segment's ends). */
			this.vertices = Object.freeze(vertices);
		}
	}

	function build(bytes, make, what) {
		return new Shape3D(ctx.construct(bytes, make, (rc) => shapeFail(rc, what)), MAKE);
	}

	function shapeFail(rc, what) {
		const code = codeName(rc);
		let why;
		switch (code) {
			case 'NP_NON_FINITE': why = `a number is NaN, infinite or larger than ${HUGE} in magnitude`; break;
			case 'NP_INVALID_RADIUS': why = 'radius must be positive'; break;
			case 'NP_INVALID_EXTENT': why = 'extents and heights must be positive'; break;
			case 'NP_DEGENERATE': why = 'the points are (nearly) collinear or coincident'; break;
			case 'NP_TOO_MANY_POINTS': why = `more than ${MAX_INPUT} points, or a hull with more than ${MAX_VERTICES} vertices`; break;
			default: why = 'invalid argument';
		}
		fail(code, `${what}: ${why}`);
	}

	const num = (v, fn, name) => ctx.requireNumber(v, `${fn}: ${name}`);

	np.sphere = function sphere(radius) {
		num(radius, 'sphere', 'radius');
		return build(SHAPE_BYTES, (p) => ex.npMakeSphere(radius, p), `sphere(${radius})`);
	};

	np.capsule3d = function capsule3d(halfHeight, radius) {
		num(halfHeight, 'capsule3d', 'halfHeight');
		num(radius, 'capsule3d', 'radius');
		return build(SHAPE_BYTES, (p) => ex.npMakeCapsule3(halfHeight, radius, p), `capsule3d(${halfHeight}, ${radius})`);
	};

	np.box3d = function box3d(hx, hy, hz) {
		num(hx, 'box3d', 'hx');
		num(hy, 'box3d', 'hy');
		num(hz, 'box3d', 'hz');
		return build(SHAPE_BYTES, (p) => ex.npwMakeBox3(hx, hy, hz, p), `box3d(${hx}, ${hy}, ${hz})`);
	};

	// Writes point i (x, y, z) at f64 index base + 3i, with a message naming the point.
	function putPoint(fn, i, x, y, z, base) {
		if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number') {
			fail('NP_INVALID_ARGUMENT', `${fn}: point ${i} is not three numbers`);
		}
		if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
			fail('NP_NON_FINITE', `${fn}: point ${i} is not finite ([${x}, ${y}, ${z}])`);
		}
		if (Math.abs(x) > HUGE || Math.abs(y) > HUGE || Math.abs(z) > HUGE) {
			fail('NP_NON_FINITE', `${fn}: point ${i} exceeds ${HUGE} in magnitude`);
		}
		f64[base + 3 * i] = x;
		f64[base + 3 * i + 1] = y;
		f64[base + 3 * i + 2] = z;
	}

	// Counts points given as [[x,y,z],...] or flat [x0,y0,z0,...] (array or typed array).
	function countPoints(fn, points) {
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
		if (count > MAX_INPUT) fail('NP_TOO_MANY_POINTS', `${fn}: ${count} points given, at most ${MAX_INPUT} accepted`);
		return { count, flat };
	}

	// Writes the points at f64 index base (after countPoints).
	function putPoints(fn, points, count, flat, base) {
		if (flat) {
			for (let i = 0; i < count; i++) putPoint(fn, i, points[3 * i], points[3 * i + 1], points[3 * i + 2], base);
			return;
		}
		for (let i = 0; i < count; i++) {
			const p = points[i];
			if (p === null || typeof p !== 'object' || p.length !== 3) {
				fail('NP_INVALID_ARGUMENT', `${fn}: point ${i} must be [x, y, z] (got ${describe(p)})`);
			}
			putPoint(fn, i, p[0], p[1], p[2], base);
		}
	}

	/** Convex hull of the points: [[x, y, z], ...] or flat [x0, y0, z0, ...] (array or typed array). */
	np.hull3d = function hull3d(points) {
		const { count, flat } = countPoints('hull3d', points);
		// Small inputs go through the scratch block, large ones through a temporary buffer.
		const big = 3 * count > ctx.scratch.doubles;
		const tmp = big ? ctx.malloc(24 * count) : IO_PTR;
		try {
			putPoints('hull3d', points, count, flat, tmp >>> 3);
			return build(SHAPE_ALIGNED + HULL_BYTES,
				(p) => ex.npwMakeHull3(tmp, count, p, p + SHAPE_ALIGNED), `hull3d (${count} points)`);
		} finally {
			if (big) ctx.free(tmp);
		}
	};

	/** A two-sided triangle with vertices a, b, c ([x, y, z] each). */
	np.triangle3d = function triangle3d(a, b, c) {
		const pts = [a, b, c];
		for (let i = 0; i < 3; i++) {
			const p = pts[i];
			if (p === null || typeof p !== 'object' || p.length !== 3) {
				fail('NP_INVALID_ARGUMENT', `triangle3d: vertex ${'abc'[i]} must be [x, y, z] (got ${describe(p)})`);
			}
			putPoint('triangle3d', i, p[0], p[1], p[2], BASE);
		}
		return build(SHAPE_BYTES, (p) => ex.npwMakeTriangle3(IO_PTR, p), 'triangle3d');
	};

	// ------------------------------------------------------------------------------ transforms
	// Writes position and quaternion at offset o of the io block (IO_XFA or IO_XFB). Missing transform or field = identity. Only
	// types and lengths are checked here; the C shim rejects non-finite numbers and zero quaternions
	// (and normalises the quaternion). The common case, both fields given as arrays of numbers, is
	// a short function V8 inlines into the query; everything else goes to putXfSlow.
	function putXf(xf, o, fn, name) {
		if (xf !== undefined && xf !== null) {
			const p = xf.position;
			const q = xf.rotation;
			if (Array.isArray(p) && Array.isArray(q) && p.length === 3 && q.length === 4) {
				const px = p[0], py = p[1], pz = p[2];
				const qx = q[0], qy = q[1], qz = q[2], qw = q[3];
				if (typeof px === 'number' && typeof py === 'number' && typeof pz === 'number' &&
					typeof qx === 'number' && typeof qy === 'number' && typeof qz === 'number' && typeof qw === 'number') {
					const v = io;
					v[o] = px; v[o + 1] = py; v[o + 2] = pz;
					v[o + 3] = qx; v[o + 4] = qy; v[o + 5] = qz; v[o + 6] = qw;
					return;
				}
			}
		}
		putXfSlow(xf, o, fn, name);
	}

	function putXfSlow(xf, rel, fn, name) {
		const o = BASE + rel;
		if (xf === undefined || xf === null) {
			f64[o] = 0; f64[o + 1] = 0; f64[o + 2] = 0;
			f64[o + 3] = 0; f64[o + 4] = 0; f64[o + 5] = 0; f64[o + 6] = 1;
			return;
		}
		if (typeof xf !== 'object') badXf(fn, name, `must be an object { position: [x, y, z], rotation: [x, y, z, w] } (got ${describe(xf)})`);
		const p = xf.position;
		if (p === undefined) {
			f64[o] = 0; f64[o + 1] = 0; f64[o + 2] = 0;
		} else {
			if (p === null || typeof p !== 'object' || p.length !== 3) badXf(fn, name, `position must be [x, y, z] (got ${describe(p)})`);
			const x = p[0], y = p[1], z = p[2];
			if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number') badXf(fn, name, 'position must hold three numbers');
			f64[o] = x; f64[o + 1] = y; f64[o + 2] = z;
		}
		const q = xf.rotation;
		if (q === undefined) {
			f64[o + 3] = 0; f64[o + 4] = 0; f64[o + 5] = 0; f64[o + 6] = 1;
		} else {
			if (q === null || typeof q !== 'object' || q.length !== 4) badXf(fn, name, `rotation must be a quaternion [x, y, z, w] (got ${describe(q)})`);
			const x = q[0], y = q[1], z = q[2], w = q[3];
			if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number' || typeof w !== 'number') {
				badXf(fn, name, 'rotation must hold four numbers');
			}
			f64[o + 3] = x; f64[o + 4] = y; f64[o + 5] = z; f64[o + 6] = w;
		}
	}

	function badXf(fn, name, why) {
		fail('NP_INVALID_TRANSFORM', `${fn}: transform ${name} ${why}`);
	}

	// Explains a negative result of the shim: which transform, which problem.
	function xfFail(fn, rc, ta, tb) {
		const e = -rc;
		const isB = e >= ERR_B;
		const code = codeName(isB ? e - ERR_B : e);
		const xf = isB ? tb : ta;
		const name = isB ? 'B' : 'A';
		if (code === 'NP_NON_FINITE' && xf) {
			const fields = [];
			if (xf.position) for (let i = 0; i < 3; i++) fields.push([`position[${i}]`, xf.position[i]]);
			if (xf.rotation) for (let i = 0; i < 4; i++) fields.push([`rotation[${i}]`, xf.rotation[i]]);
			for (const [field, v] of fields) {
				if (!Number.isFinite(v)) fail(code, `${fn}: transform ${name} ${field} is not finite (${v})`);
				if (Math.abs(v) > HUGE) fail(code, `${fn}: transform ${name} ${field} exceeds ${HUGE} in magnitude (${v})`);
			}
		}
		if (code === 'NP_INVALID_TRANSFORM') fail(code, `${fn}: transform ${name} has a zero rotation quaternion`);
		fail(code, `${fn}: transform ${name} is invalid (${code})`);
	}

	function badShapes(fn, a, b) {
		for (const [s, name] of [[a, 'A'], [b, 'B']]) {
			if (s instanceof Shape3D) {
				if (s._ptr === 0) fail('NP_DISPOSED', `${fn}: shape ${name} (${s.kind}) was disposed`);
			} else if (s instanceof Shape) {
				fail('NP_INVALID_ARGUMENT', s._ptr === 0
					? `${fn}: shape ${name} was disposed`
					: `${fn}: cannot mix a 2D shape (${name}: ${s.kind}) with a 3D shape`);
			} else {
				fail('NP_INVALID_ARGUMENT', `${fn}: shape ${name} is not a shape of this narrowphase instance (got ${describe(s)})`);
			}
		}
	}

	const vec = (o) => [f64[o], f64[o + 1], f64[o + 2]];

	// ------------------------------------------------------------------------------ queries
	function overlap3(a, ta, b, tb) {
		const pa = a._ptr;
		const pb = b instanceof Shape3D ? b._ptr : 0;
		if (pa === 0 || pb === 0) badShapes('overlap', a, b);
		putXf(ta, IO_XFA, 'overlap', 'A');
		putXf(tb, IO_XFB, 'overlap', 'B');
		const r = wOverlap(pa, pb, IO_PTR);
		if (r < 0) xfFail('overlap', r, ta, tb);
		return r === 1;
	}

	function distance3(a, ta, b, tb) {
		const pa = a._ptr;
		const pb = b instanceof Shape3D ? b._ptr : 0;
		if (pa === 0 || pb === 0) badShapes('distance', a, b);
		putXf(ta, IO_XFA, 'distance', 'A');
		putXf(tb, IO_XFB, 'distance', 'B');
		const r = wDistance(pa, pb, IO_PTR);
		if (r < 0) xfFail('distance', r, ta, tb);
		return {
			distance: f64[OUT],
			pointA: vec(OUT + 1),
			pointB: vec(OUT + 4),
			normal: vec(OUT + 7),
			iterations: f64[OUT + 10],
		};
	}

	function penetration3(a, ta, b, tb, options) {
		const pa = a._ptr;
		const pb = b instanceof Shape3D ? b._ptr : 0;
		if (pa === 0 || pb === 0) badShapes('penetration', a, b);
		if (options !== undefined && options !== null && typeof options !== 'object') {
			fail('NP_INVALID_ARGUMENT', `penetration: options must be an object (got ${describe(options)})`);
		}
		putXf(ta, IO_XFA, 'penetration', 'A');
		putXf(tb, IO_XFB, 'penetration', 'B');
		const r = wPenetration(pa, pb, IO_PTR);
		if (r < 0) xfFail('penetration', r, ta, tb);
		if (r === 0) return null;
		return {
			depth: f64[OUT],
			normal: vec(OUT + 1),
			pointA: vec(OUT + 4),
			pointB: vec(OUT + 7),
			localA: vec(OUT + 10),
			localB: vec(OUT + 13),
			tangent1: vec(OUT + 16),
			tangent2: vec(OUT + 19),
			iterations: f64[OUT + 22],
			stop: STOP_NAMES[f64[OUT + 23]],
		};
	}

	function readMargin(fn, options) {
		if (options === undefined || options === null) return 0;
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
		const m = options.margin;
		if (m === undefined) return 0;
		if (typeof m !== 'number') fail('NP_INVALID_ARGUMENT', `${fn}: options.margin must be a number (got ${describe(m)})`);
		if (!(m >= 0 && m <= HUGE)) {
			if (m < 0) fail('NP_INVALID_ARGUMENT', `${fn}: options.margin must not be negative (got ${m})`);
			fail('NP_NON_FINITE', `${fn}: options.margin is not finite or exceeds ${HUGE} (got ${m})`);
		}
		return m;
	}

	/**
	 * Contact manifold: { normal, points: [{ pointA, pointB, depth, id }] } (points [] when apart).
	 * options.margin: speculative distance; options.out: a manifold returned earlier, refilled in
	 * place and returned (no allocation while the point count stays the same).
	 */
	function manifold3(a, ta, b, tb, options) {
		const pa = a._ptr;
		const pb = b instanceof Shape3D ? b._ptr : 0;
		if (pa === 0 || pb === 0) badShapes('manifold', a, b);
		putXf(ta, IO_XFA, 'manifold', 'A');
		putXf(tb, IO_XFB, 'manifold', 'B');
		let margin = 0;
		let out;
		if (options !== undefined && options !== null) {
			margin = readMargin('manifold', options);
			out = options.out;
			if (out !== undefined) checkOut(out);
		}
		io[IO_ARG] = margin;
		const n = wManifold(pa, pb, IO_PTR);
		if (n < 0) xfFail('manifold', n, ta, tb);
		if (out !== undefined) return refill(out, n);
		return readManifold(n);
	}

	// A new manifold object from the io block. Array literals of known length are allocated inline
	// by V8 (new Array(n) and push are builtin calls), so the points are listed by count.
	function readManifold(n) {
		const v = io;
		let points;
		switch (n) {
			case 0: points = []; break;
			case 1: points = [point(v, P0)]; break;
			case 2: points = [point(v, P0), point(v, P1)]; break;
			case 3: points = [point(v, P0), point(v, P1), point(v, P2)]; break;
			default: points = [point(v, P0), point(v, P1), point(v, P2), point(v, P3)];
		}
		return { normal: [v[IO_OUT], v[IO_OUT + 1], v[IO_OUT + 2]], points };
	}

	// One manifold point read from io offset k.
	function point(v, k) {
		return { pointA: [v[k], v[k + 1], v[k + 2]], pointB: [v[k + 3], v[k + 4], v[k + 5]], depth: v[k + 6], id: v[k + 7] };
	}

	// options.out: a manifold object to fill in place (no allocation once its points exist).
	function checkOut(out) {
		if (out === null || typeof out !== 'object' || !Array.isArray(out.normal) || out.normal.length !== 3 ||
			!Array.isArray(out.points)) {
			fail('NP_INVALID_ARGUMENT', 'manifold: options.out must be a manifold ({ normal: [x, y, z], points: [...] }), e.g. one returned earlier');
		}
	}

	function refill(out, n) {
		const v = io;
		const normal = out.normal;
		normal[0] = v[IO_OUT];
		normal[1] = v[IO_OUT + 1];
		normal[2] = v[IO_OUT + 2];
		const points = out.points;
		if (n > 0) refillPoint(points, 0, v, P0);
		if (n > 1) refillPoint(points, 1, v, P1);
		if (n > 2) refillPoint(points, 2, v, P2);
		if (n > 3) refillPoint(points, 3, v, P3);
		if (points.length !== n) points.length = n;
		return out;
	}

	// Copies the point at io offset k into points[i], creating it when missing or malformed.
	function refillPoint(points, i, v, k) {
		let p = points[i];
		if (p === null || typeof p !== 'object' || !Array.isArray(p.pointA) || !Array.isArray(p.pointB)) {
			p = { pointA: [0, 0, 0], pointB: [0, 0, 0], depth: 0, id: 0 };
			points[i] = p;
		}
		const pA = p.pointA;
		const pB = p.pointB;
		pA[0] = v[k];
		pA[1] = v[k + 1];
		pA[2] = v[k + 2];
		pB[0] = v[k + 3];
		pB[1] = v[k + 4];
		pB[2] = v[k + 5];
		p.depth = v[k + 6];
		p.id = v[k + 7];
	}

	// ------------------------------------------------------------------------------ dispatch
	// The 2D module installed np.overlap & co. first; 3D shapes are routed here, everything else
	// (2D shapes and bad arguments) to the 2D function, which reports its own errors.
	// One small function per query (not a shared closure factory: V8 gives the closures of one
	// site a shared call feedback, which would keep it from inlining the 3D query).
	const overlap2 = np.overlap;
	const distance2 = np.distance;
	const penetration2 = np.penetration;
	const manifold2 = np.manifold;
	np.overlap = function overlap(a, ta, b, tb, options) {
		if (a instanceof Shape3D) return overlap3(a, ta, b, tb);
		if (b instanceof Shape3D) badShapes('overlap', a, b);
		return overlap2(a, ta, b, tb, options);
	};
	np.distance = function distance(a, ta, b, tb, options) {
		if (a instanceof Shape3D) return distance3(a, ta, b, tb);
		if (b instanceof Shape3D) badShapes('distance', a, b);
		return distance2(a, ta, b, tb, options);
	};
	np.penetration = function penetration(a, ta, b, tb, options) {
		if (a instanceof Shape3D) return penetration3(a, ta, b, tb, options);
		if (b instanceof Shape3D) badShapes('penetration', a, b);
		return penetration2(a, ta, b, tb, options);
	};
	np.manifold = function manifold(a, ta, b, tb, options) {
		if (a instanceof Shape3D) return manifold3(a, ta, b, tb, options);
		if (b instanceof Shape3D) badShapes('manifold', a, b);
		return manifold2(a, ta, b, tb, options);
	};
	if (typeof np.minkowskiDifference === 'function') {
		const mink2 = np.minkowskiDifference;
		np.minkowskiDifference = function minkowskiDifference(a, ta, b, tb) {
			if (a instanceof Shape3D || b instanceof Shape3D) {
				fail('NP_INVALID_ARGUMENT', 'minkowskiDifference: only 2D shapes are supported');
			}
			return mink2(a, ta, b, tb);
		};
	}

	// ------------------------------------------------------------------------------ contacts
	const cacheRegistry = typeof FinalizationRegistry === 'function'
		? new FinalizationRegistry((ptr) => ctx.free(ptr))
		: null;

	function putVec3(v, o, what) {
		if (v === null || typeof v !== 'object' || v.length !== 3 ||
			typeof v[0] !== 'number' || typeof v[1] !== 'number' || typeof v[2] !== 'number') {
			fail('NP_INVALID_ARGUMENT', `contactCache3d.update: ${what} must be [x, y, z] (got ${describe(v)})`);
		}
		f64[o] = v[0]; f64[o + 1] = v[1]; f64[o + 2] = v[2];
	}

	function putId(id, o, what) {
		if (id === undefined) {
			f64[o] = 0;
			return;
		}
		if (!Number.isInteger(id) || id < 0 || id > 0xFFFFFFFF) {
			fail('NP_INVALID_ARGUMENT', `contactCache3d.update: ${what} must be an integer in [0, 2^32) (got ${describe(id)})`);
		}
		f64[o] = id;
	}

	function resultFail(fn, rc, ta, tb) {
		if (rc < 0) xfFail(fn, rc, ta, tb);
		const code = codeName(rc);
		const why = code === 'NP_NON_FINITE' ? 'a point is not finite'
			: code === 'NP_INVALID_TRANSFORM' ? 'a transform is invalid'
			: 'the normal must be a non-zero vector and at most 4 points';
		fail(code, `${fn}: ${why}`);
	}

	/** A persistent contact set for one pair of shapes (see npContactCache3 in manifold3d.h). */
	class ContactCache3D {
		constructor(options) {
			let breakDistance = 0.02;
			let margin = 0;
			if (options !== undefined && options !== null) {
				if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `contactCache3d: options must be an object (got ${describe(options)})`);
				if (options.breakDistance !== undefined) breakDistance = num(options.breakDistance, 'contactCache3d', 'options.breakDistance');
				if (options.margin !== undefined) margin = num(options.margin, 'contactCache3d', 'options.margin');
			}
			if (!(breakDistance > 0 && breakDistance <= HUGE)) {
				fail(Number.isFinite(breakDistance) ? 'NP_INVALID_ARGUMENT' : 'NP_NON_FINITE', `contactCache3d: options.breakDistance must be positive (got ${breakDistance})`);
			}
			if (!(margin >= 0 && margin <= HUGE)) {
				fail(Number.isFinite(margin) ? 'NP_INVALID_ARGUMENT' : 'NP_NON_FINITE', `contactCache3d: options.margin must not be negative (got ${margin})`);
			}
			const ptr = ctx.malloc(CACHE_BYTES);
			ex.npwContactInit3(ptr, breakDistance, margin);
			this._ptr = ptr;
			/** Largest tangential drift before a point is dropped; also the matching distance. */
			this.breakDistance = breakDistance;
			/** Points separated by more than this along the normal are dropped. */
			this.margin = margin;
			if (cacheRegistry !== null) cacheRegistry.register(this, ptr, this);
		}

		_check(fn) {
			if (this._ptr === 0) fail('NP_DISPOSED', `contactCache3d.${fn}: the cache was disposed`);
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
			putXf(ta, IO_XFA, 'contactCache3d.update', 'A');
			putXf(tb, IO_XFB, 'contactCache3d.update', 'B');
			let rc;
			if (result === null || result === undefined) {
				rc = ex.npwContactRefresh3(this._ptr, IO_PTR);
				if (rc < 0) xfFail('contactCache3d.update', rc, ta, tb);
				return this.points;
			}
			if (typeof result !== 'object') fail('NP_INVALID_ARGUMENT', `contactCache3d.update: expected a manifold or a penetration result (got ${describe(result)})`);
			if (Array.isArray(result.points)) {
				const pts = result.points;
				if (pts.length > 4) fail('NP_INVALID_ARGUMENT', `contactCache3d.update: at most 4 manifold points (got ${pts.length})`);
				if (pts.length > 0) putVec3(result.normal, OUT, 'normal');
				else f64[OUT] = f64[OUT + 1] = f64[OUT + 2] = 0;
				for (let i = 0; i < pts.length; i++) {
					const p = pts[i];
					if (p === null || typeof p !== 'object') fail('NP_INVALID_ARGUMENT', `contactCache3d.update: point ${i} must be an object`);
					const k = OUT + 3 + MANIFOLD_POINT * i;
					putVec3(p.pointA, k, `points[${i}].pointA`);
					putVec3(p.pointB, k + 3, `points[${i}].pointB`);
					f64[k + 6] = typeof p.depth === 'number' ? p.depth : 0;
					putId(p.id, k + 7, `points[${i}].id`);
				}
				f64[ARG] = pts.length;
				rc = ex.npwContactUpdate3(this._ptr, IO_PTR);
			} else {
				putVec3(result.pointA, OUT, 'pointA');
				putVec3(result.pointB, OUT + 3, 'pointB');
				putVec3(result.normal, OUT + 6, 'normal');
				putId(result.id, OUT + 9, 'id');
				rc = ex.npwContactAdd3(this._ptr, IO_PTR);
			}
			if (rc !== 0) resultFail('contactCache3d.update', rc, ta, tb);
			return this.points;
		}

		/** Re-measures the cached points for new transforms, dropping stale ones. Returns the points. */
		refresh(ta, tb) {
			this._check('refresh');
			putXf(ta, IO_XFA, 'contactCache3d.refresh', 'A');
			putXf(tb, IO_XFB, 'contactCache3d.refresh', 'B');
			const rc = ex.npwContactRefresh3(this._ptr, IO_PTR);
			if (rc < 0) xfFail('contactCache3d.refresh', rc, ta, tb);
			return this.points;
		}

		/** Current points: { pointA, pointB, localA, localB, depth, id, age, user: [..] }, deepest first. */
		get points() {
			this._check('points');
			const n = ex.npwContactRead3(this._ptr, IO_PTR);
			const out = new Array(n);
			for (let i = 0; i < n; i++) {
				const k = BASE + 3 + CACHED_POINT * i;
				const user = new Array(USER_DATA);
				for (let u = 0; u < USER_DATA; u++) user[u] = f64[k + 15 + u];
				out[i] = {
					pointA: vec(k), pointB: vec(k + 3), localA: vec(k + 6), localB: vec(k + 9),
					depth: f64[k + 12], id: f64[k + 13], age: f64[k + 14], user,
				};
			}
			return out;
		}

		/** World normal (A to B) of the last update. */
		get normal() {
			this._check('normal');
			ex.npwContactRead3(this._ptr, IO_PTR);
			return vec(BASE);
		}

		/** Number of cached points. */
		get count() {
			this._check('count');
			return ex.npwContactRead3(this._ptr, IO_PTR);
		}

		/** Stores user data (up to 3 numbers, e.g. accumulated impulses) on point `index`. */
		setUserData(index, values) {
			this._check('setUserData');
			if (!Number.isInteger(index)) fail('NP_INVALID_ARGUMENT', `contactCache3d.setUserData: index must be an integer (got ${describe(index)})`);
			if (values === null || typeof values !== 'object' || typeof values.length !== 'number' || values.length > USER_DATA) {
				fail('NP_INVALID_ARGUMENT', `contactCache3d.setUserData: values must be an array of at most ${USER_DATA} numbers`);
			}
			for (let u = 0; u < USER_DATA; u++) {
				const v = u < values.length ? values[u] : 0;
				if (typeof v !== 'number') fail('NP_INVALID_ARGUMENT', `contactCache3d.setUserData: values[${u}] must be a number`);
				f64[BASE + u] = v;
			}
			const rc = ex.npwContactSetUser3(this._ptr, index, IO_PTR);
			if (rc !== 0) fail('NP_OUT_OF_RANGE', `contactCache3d.setUserData: no point ${index} (the cache holds ${this.count})`);
		}

		/** Forgets every point. */
		clear() {
			this._check('clear');
			ex.npwContactClear3(this._ptr);
		}

		/** Frees the wasm memory now. Calling it again does nothing. */
		dispose() {
			const ptr = this._ptr;
			if (ptr === 0) return;
			this._ptr = 0;
			if (cacheRegistry !== null) cacheRegistry.unregister(this);
			ctx.free(ptr);
		}

		/** True once dispose() was called. */
		get disposed() {
			return this._ptr === 0;
		}
	}

	/** A persistent contact cache: options { breakDistance = 0.02, margin = 0 }. */
	np.contactCache3d = (options) => new ContactCache3D(options);

	np.Shape3D = Shape3D;
	np.ContactCache3D = ContactCache3D;
	np.limits3d = Object.freeze({ maxHullInput: MAX_INPUT, maxHullVertices: MAX_VERTICES, userData: USER_DATA });
}
