// Rays, points and bounds of the narrowphase JS API (bound to a runtime by narrowphase.mjs):
//
//   np.rayCast(target, transform, origin, direction, { maxFraction, solid, backfaces, out }) -> RayHit | null
//   np.rayCastMany(target, transform, origins, directions, out, options) -> number of hits
//   np.containsPoint(shape, transform, p) -> boolean
//   np.closestPoint(target, transform, p, { maxDistance, out }) -> { point, distance, normal, ... } | null
//   np.bounds(target, transform, { out }) -> { lower, upper }
//   np.queryTriangles(mesh, transform, lower, upper) -> Uint32Array
//
// A target is a Shape2D (2D vectors, 2D transform), a Shape3D or a Mesh3D (3D), or for rays and
// closest points an array of Mesh3D | { mesh, transform } as meshContacts takes (the transform
// argument is then ignored). Every call is one wasm call into src/bindingquery.c: the transform,
// the ray or point and the options are written into the runtime's io block (NPWQ_IO_*, from
// js/layout.mjs, generated from tools/iolayout.mjs), the core runs once and the result comes back
// in the same block. The C core validates the numbers (NaN, infinite or huge: NP_NON_FINITE; zero
// direction, negative maxFraction or maxDistance: NP_INVALID_ARGUMENT); this side checks types and
// kinds, and explains a rejected call only on the error path. options.out (refill.mjs): a result
// returned earlier, refilled in place, so a query repeated every frame allocates nothing.
//
// rayCastMany copies the rays into a block owned by the runtime (grown when a call needs more),
// runs every ray in one wasm call and copies the records back: no allocation per call once the
// block and its views exist for that ray count.
import { codeName, describe, fail } from './errors.mjs';
import * as L from './layout.mjs';
import { failDisposed } from './runtime.mjs';
import { Shape2D, isShape2, putXf as putXf2 } from './api2d.mjs';
import { Shape3D, isShape3, putXf as putXf3, writeIdentityXf, writeXf } from './api3d.mjs';
import { Mesh3D, isMesh } from './apimesh.mjs';
import { isChain, isChainTarget, chainRayCast, chainRayCastMany, chainClosestPoint, chainContainsPoint, chainBounds } from './apichain.mjs';
import {
	MESH_EXTRAS, MESH_FEATURE_EXTRAS, NO_EXTRAS, dropExtras, fillBounds, fillProjection, fillRayHit, readBoundsOut, readPointOut,
} from './refill.mjs';

const FEATURES = ['face', 'edge', 'vertex'];

// io offsets (layout.mjs).
const XF = L.NPWQ_IO_XF;
const ORIGIN = L.NPWQ_IO_ORIGIN;
const DIRECTION = L.NPWQ_IO_DIRECTION;
const MAX_FRACTION = L.NPWQ_IO_MAX_FRACTION;
const SOLID = L.NPWQ_IO_SOLID;
const BACKFACES = L.NPWQ_IO_BACKFACES;
const MESH_COUNT = L.NPWQ_IO_MESH_COUNT;
const ERR_RAY = L.NPWQ_IO_ERR_RAY;
const OUT = L.NPWQ_IO_OUT;
const MESHES = L.NPWQ_IO_MESHES;
const MESH_SIZE = L.NPWM_IO_MESH_SIZE;
const MESH_PTR = L.NPWM_IO_MESH_PTR;
const MESH_XF = L.NPWM_IO_MESH_XF;
const ERR_MESH = L.NPWM_ERR_MESH;
// Result records (io offsets).
const H_FRACTION = OUT + L.NPWQ_HIT_FRACTION;
const H_POINT = OUT + L.NPWQ_HIT_POINT;
const H_NORMAL = OUT + L.NPWQ_HIT_NORMAL;
const H_FRONT = OUT + L.NPWQ_HIT_FRONT_FACE;
const H_MESH = OUT + L.NPWQ_HIT_MESH;
const H_TRIANGLE = OUT + L.NPWQ_HIT_TRIANGLE;
const P_POINT = OUT + L.NPWQ_PROJECTION_POINT;
const P_DISTANCE = OUT + L.NPWQ_PROJECTION_DISTANCE;
const P_NORMAL = OUT + L.NPWQ_PROJECTION_NORMAL;
const P_MESH = OUT + L.NPWQ_PROJECTION_MESH;
const P_TRIANGLE = OUT + L.NPWQ_PROJECTION_TRIANGLE;
const P_FEATURE = OUT + L.NPWQ_PROJECTION_FEATURE;
const B_LOWER = OUT + L.NPWQ_BOUNDS_LOWER;
const B_UPPER = OUT + L.NPWQ_BOUNDS_UPPER;
const RAY2_SIZE = L.NPWQ_RAY2_SIZE;
const RAY3_SIZE = L.NPWQ_RAY3_SIZE;
// Bytes per ray of the mesh rays' scratch (npwRayCastManyMeshes3: a slot of one record per ray for
// the rays in the order they are cast in, then that order, the sort's keys and its second buffer:
// three 32-bit words).
const RAY_SCRATCH = RAY3_SIZE * 8 + 12;

/** Checks the io block fits the queries and sets up the runtime's ray and triangle buffers. */
export function setupQuery(rt) {
	if (MESHES + MESH_SIZE * rt.limitsMesh.maxMeshes > rt.ioDoubles || MESHES + MESH_SIZE > rt.io.length) {
		throw new Error('narrowphase: scratch block too small for the ray and point queries');
	}
	// Assigned once (the fields inside change): rays of rayCastMany and triangles of queryTriangles.
	rt.queryBuffers = {
		rayPtr: 0, rayCapacity: 0, // in rays of up to 2 * 3 + RAY3_SIZE doubles and RAY_SCRATCH bytes
		views: { buffer: null, count: -1, dim: 0, origins: null, directions: null, out: null, scratch: 0 },
		trianglePtr: 0, triangleCapacity: 0,
	};
}

// ------------------------------------------------------------------------------ arguments

// Writes [x, y] / [x, y, z] (array or typed array of numbers) at io offset k; false when v is not.
function put2(io, k, v) {
	if (v === null || typeof v !== 'object' || v.length !== 2) return false;
	const x = v[0], y = v[1];
	if (typeof x !== 'number' || typeof y !== 'number') return false;
	io[k] = x;
	io[k + 1] = y;
	return true;
}

export function put3(io, k, v) {
	if (v === null || typeof v !== 'object' || v.length !== 3) return false;
	const x = v[0], y = v[1], z = v[2];
	if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number') return false;
	io[k] = x;
	io[k + 1] = y;
	io[k + 2] = z;
	return true;
}

function badVector(fn, name, v, dim) {
	fail('NP_INVALID_ARGUMENT', `${fn}: ${name} must be ${dim === 2 ? '[x, y]' : '[x, y, z]'} of numbers (got ${describe(v)})`);
}

function badTarget(fn, target, what) {
	if ((target instanceof Shape2D || target instanceof Shape3D || target instanceof Mesh3D) && target._ptr === 0) {
		failDisposed(`${fn}: the target (${target.kind})`);
	}
	fail('NP_INVALID_ARGUMENT', `${fn}: the target must be ${what} of this narrowphase instance (got ${describe(target)})`);
}

function checkOptions(fn, options) {
	if (options !== undefined && options !== null && typeof options !== 'object') {
		fail('NP_INVALID_ARGUMENT', `${fn}: options must be an object (got ${describe(options)})`);
	}
}

// Writes maxFraction (default 1), solid (default true) and backfaces (default false).
function putRayOptions(io, options, fn) {
	let maxFraction = 1, solid = 1, backfaces = 0;
	if (options !== undefined && options !== null) {
		checkOptions(fn, options);
		const m = options.maxFraction;
		if (m !== undefined) {
			if (typeof m !== 'number') fail('NP_INVALID_ARGUMENT', `${fn}: options.maxFraction must be a number (got ${describe(m)})`);
			maxFraction = m;
		}
		if (options.solid !== undefined) solid = options.solid ? 1 : 0;
		if (options.backfaces !== undefined) backfaces = options.backfaces ? 1 : 0;
	}
	io[MAX_FRACTION] = maxFraction;
	io[SOLID] = solid;
	io[BACKFACES] = backfaces;
}

// The target's transform at XF: 2D (x, y, angle) or 3D (position, quaternion).
const putTransform2 = (rt, xf, fn) => putXf2(rt.io, xf, XF, fn, 'of the target');
const putTransform3 = (rt, xf, fn) => putXf3(rt, xf, XF, fn, 'of the target');

// Writes the mesh records of a mesh target (a Mesh3D with `transform`, or an array of
// Mesh3D | { mesh, transform }) and their count; throws for anything else. The records go at io
// offset `meshesAt` and the count at `countAt` (the ray queries' by default; the casts pass theirs).
export function putMeshes(rt, target, transform, fn, meshesAt = MESHES, countAt = MESH_COUNT) {
	if (isMesh(rt, target)) {
		if (target._ptr === 0) failDisposed(`${fn}: the target (mesh3d)`);
		const io = rt.io;
		io[meshesAt + MESH_PTR] = target._ptr;
		putXf3(rt, transform, meshesAt + MESH_XF, fn, 'of the mesh');
		io[countAt] = 1;
		return;
	}
	if (!Array.isArray(target)) badTarget(fn, target, 'a Shape2D, a Shape3D, a Mesh3D or an array of meshes');
	const count = target.length;
	const maxMeshes = rt.limitsMesh.maxMeshes;
	if (count > maxMeshes) fail('NP_TOO_MANY_POINTS', `${fn}: at most ${maxMeshes} meshes per call (got ${count})`);
	const h = rt.f64;
	const o = rt.ioIndex;
	for (let i = 0; i < count; i++) {
		const e = target[i];
		const k = o + meshesAt + MESH_SIZE * i;
		const mesh = isMesh(rt, e) ? e : e !== null && typeof e === 'object' ? e.mesh : undefined;
		if (!isMesh(rt, mesh)) fail('NP_INVALID_ARGUMENT', `${fn}: meshes[${i}] must be a Mesh3D or { mesh, transform } of this narrowphase instance (got ${describe(e)})`);
		if (mesh._ptr === 0) failDisposed(`${fn}: meshes[${i}]`);
		h[k + MESH_PTR] = mesh._ptr;
		const xf = mesh === e ? undefined : e.transform;
		if (xf === undefined || xf === null) {
			writeIdentityXf(h, k + MESH_XF);
			continue;
		}
		const why = typeof xf === 'object' ? writeXf(h, k + MESH_XF, xf) : `must be { position, rotation } (got ${describe(xf)})`;
		if (why !== null) fail('NP_INVALID_TRANSFORM', `${fn}: meshes[${i}].transform ${why}`);
	}
	h[o + countAt] = count;
}

// ------------------------------------------------------------------------------ errors
// Explains a negative result of the shim. `inputs` lists the [name, value] pairs the core checked
// (vectors and numbers); `target` tells a mesh transform's name.
function queryFail(rt, fn, rc, target, inputs) {
	let e = -rc;
	if (e >= ERR_MESH) {
		const i = Math.floor(e / ERR_MESH) - 1;
		e %= ERR_MESH;
		const name = Array.isArray(target) ? `meshes[${i}].transform` : 'transform';
		const code = codeName(e);
		fail(code, `${fn}: ${name} ${code === 'NP_NON_FINITE' ? 'holds a NaN, infinite or too large number' : 'has a zero rotation quaternion'}`);
	}
	const code = codeName(e);
	const huge = rt.limits3.huge;
	if (code === 'NP_NON_FINITE') {
		for (const [name, v] of inputs) {
			const values = typeof v === 'number' ? [v] : Array.from(v);
			const bad = values.find((x) => !(Math.abs(x) <= huge));
			if (bad !== undefined) fail(code, `${fn}: ${name} is NaN, infinite or larger than ${huge} in magnitude (got ${bad})`);
		}
		fail(code, `${fn}: the transform holds a NaN, infinite or too large number (limit ${huge})`);
	}
	if (code === 'NP_INVALID_ARGUMENT') {
		for (const [name, v] of inputs) {
			if (name.endsWith('direction') && Array.from(v).every((x) => x === 0)) fail(code, `${fn}: ${name} is the zero vector`);
			if (typeof v === 'number' && v < 0) fail(code, `${fn}: ${name} must not be negative (got ${v})`);
		}
	}
	if (code === 'NP_INVALID_TRANSFORM') fail(code, `${fn}: the transform's rotation is invalid (a zero quaternion)`);
	fail(code, `${fn}: invalid input (${code})`);
}

// The inputs of a ray the core checks, for queryFail (origin and direction null: not known).
function rayInputs(origin, direction, options, prefix) {
	const inputs = origin === null ? [] : [[`${prefix}origin`, origin], [`${prefix}direction`, direction]];
	if (options && options.maxFraction !== undefined) inputs.push(['options.maxFraction', options.maxFraction]);
	return inputs;
}

// ------------------------------------------------------------------------------ rays
/** Where a ray first meets a shape or meshes, or null (see narrowphase.d.ts). */
export function rayCast(rt, target, transform, origin, direction, options) {
	if (target?._dim === 3 && target instanceof Shape3D && target._rt === rt) {
		return rayCast3(rt, target, transform, origin, direction, options);
	}
	if (target instanceof Shape2D && target._rt === rt) return rayCast2(rt, target, transform, origin, direction, options);
	if (isChainTarget(rt, target)) return chainRayCast(rt, target, transform, origin, direction, options); // 2D chains (apichain.mjs)
	return rayCastMeshes(rt, target, transform, origin, direction, options);
}

function rayCast3(rt, shape, transform, origin, direction, options) {
	const ptr = shape._ptr;
	if (ptr === 0) failDisposed(`rayCast: the target (${shape.kind})`);
	putTransform3(rt, transform, 'rayCast');
	const io = rt.io;
	if (!put3(io, ORIGIN, origin)) badVector('rayCast', 'origin', origin, 3);
	if (!put3(io, DIRECTION, direction)) badVector('rayCast', 'direction', direction, 3);
	putRayOptions(io, options, 'rayCast');
	const out = options === undefined ? undefined : readPointOut(options, 'rayCast', 3);
	const r = rt.exports.npwRayCast3(ptr, rt.ioPtr);
	if (r !== 1) {
		if (r === 0) return null;
		queryFail(rt, 'rayCast', r, shape, rayInputs(origin, direction, options, ''));
	}
	if (out !== undefined) {
		// Written out here, as in rayCast2.
		if (out.mesh !== undefined || out.chain !== undefined) dropExtras(out, NO_EXTRAS);
		out.fraction = io[H_FRACTION];
		const p = out.point, n = out.normal;
		p[0] = io[H_POINT];
		p[1] = io[H_POINT + 1];
		p[2] = io[H_POINT + 2];
		n[0] = io[H_NORMAL];
		n[1] = io[H_NORMAL + 1];
		n[2] = io[H_NORMAL + 2];
		out.frontFace = io[H_FRONT] === 1;
		return out;
	}
	return {
		fraction: io[H_FRACTION],
		point: [io[H_POINT], io[H_POINT + 1], io[H_POINT + 2]],
		normal: [io[H_NORMAL], io[H_NORMAL + 1], io[H_NORMAL + 2]],
		frontFace: io[H_FRONT] === 1,
	};
}

function rayCast2(rt, shape, transform, origin, direction, options) {
	const ptr = shape._ptr;
	if (ptr === 0) failDisposed(`rayCast: the target (${shape.kind})`);
	putTransform2(rt, transform, 'rayCast');
	const io = rt.io;
	if (!put2(io, ORIGIN, origin)) badVector('rayCast', 'origin', origin, 2);
	if (!put2(io, DIRECTION, direction)) badVector('rayCast', 'direction', direction, 2);
	putRayOptions(io, options, 'rayCast');
	const out = options === undefined ? undefined : readPointOut(options, 'rayCast', 2);
	const r = rt.exports.npwRayCast2(ptr, rt.ioPtr);
	if (r !== 1) {
		if (r === 0) return null;
		queryFail(rt, 'rayCast', r, shape, rayInputs(origin, direction, options, ''));
	}
	if (out !== undefined) {
		// Written out here, not through refill.mjs's fillRayHit: the call costs more than the
		// allocation it saves on this path (V8 instructions per ray, measured).
		if (out.mesh !== undefined || out.chain !== undefined) dropExtras(out, NO_EXTRAS);
		out.fraction = io[H_FRACTION];
		const p = out.point, n = out.normal;
		p[0] = io[H_POINT];
		p[1] = io[H_POINT + 1];
		n[0] = io[H_NORMAL];
		n[1] = io[H_NORMAL + 1];
		out.frontFace = io[H_FRONT] === 1;
		return out;
	}
	return {
		fraction: io[H_FRACTION],
		point: [io[H_POINT], io[H_POINT + 1]],
		normal: [io[H_NORMAL], io[H_NORMAL + 1]],
		frontFace: io[H_FRONT] === 1,
	};
}

function rayCastMeshes(rt, target, transform, origin, direction, options) {
	putMeshes(rt, target, transform, 'rayCast');
	const io = rt.io;
	if (!put3(io, ORIGIN, origin)) badVector('rayCast', 'origin', origin, 3);
	if (!put3(io, DIRECTION, direction)) badVector('rayCast', 'direction', direction, 3);
	putRayOptions(io, options, 'rayCast');
	const out = options === undefined ? undefined : readPointOut(options, 'rayCast', 3);
	const r = rt.exports.npwRayCastMeshes3(rt.ioPtr);
	if (r !== 1) {
		if (r === 0) return null;
		queryFail(rt, 'rayCast', r, target, rayInputs(origin, direction, options, ''));
	}
	if (out !== undefined) {
		fillRayHit(out, io, H_FRACTION, H_POINT, H_NORMAL, io[H_FRONT] === 1, 3, MESH_EXTRAS);
		out.mesh = io[H_MESH] | 0;
		out.triangle = io[H_TRIANGLE] | 0;
		return out;
	}
	return {
		fraction: io[H_FRACTION],
		point: [io[H_POINT], io[H_POINT + 1], io[H_POINT + 2]],
		normal: [io[H_NORMAL], io[H_NORMAL + 1], io[H_NORMAL + 2]],
		frontFace: io[H_FRONT] === 1,
		mesh: io[H_MESH] | 0,
		triangle: io[H_TRIANGLE] | 0,
	};
}

// The runtime's ray block with room for `count` rays; returns views of its origins, directions and
// records for exactly `count` rays of `dim` (cached: the same count and dimension reuse them).
function rayViews(rt, count, dim) {
	const q = rt.queryBuffers;
	if (count > q.rayCapacity) {
		const capacity = Math.max(count, 2 * q.rayCapacity, 64);
		const ptr = rt.malloc(capacity * ((6 + RAY3_SIZE) * 8 + RAY_SCRATCH));
		rt.free(q.rayPtr);
		q.rayPtr = ptr;
		q.rayCapacity = capacity;
		q.views.count = -1;
	}
	const v = q.views;
	const buffer = rt.memory.buffer;
	if (v.count !== count || v.dim !== dim || v.buffer !== buffer) {
		const n = count * dim;
		v.origins = new Float64Array(buffer, q.rayPtr, n);
		v.directions = new Float64Array(buffer, q.rayPtr + 8 * n, n);
		v.out = new Float64Array(buffer, q.rayPtr + 16 * n, count * (dim === 2 ? RAY2_SIZE : RAY3_SIZE));
		v.scratch = v.out.byteOffset + v.out.byteLength;
		v.count = count;
		v.dim = dim;
		v.buffer = buffer;
	}
	return v;
}

// The ray count of rayCastMany's arrays, after checking their types and lengths.
function rayCount(origins, directions, out, dim) {
	const record = dim === 2 ? RAY2_SIZE : RAY3_SIZE;
	for (const [name, a] of [['origins', origins], ['directions', directions], ['out', out]]) {
		if (!(a instanceof Float64Array)) fail('NP_INVALID_ARGUMENT', `rayCastMany: ${name} must be a Float64Array (got ${describe(a)})`);
	}
	if (origins.length % dim !== 0) fail('NP_INVALID_ARGUMENT', `rayCastMany: origins needs ${dim} numbers per ray (got ${origins.length})`);
	const count = origins.length / dim;
	if (directions.length !== origins.length) {
		fail('NP_INVALID_ARGUMENT', `rayCastMany: directions must have the length of origins (${origins.length}, got ${directions.length})`);
	}
	if (out.length < count * record) {
		fail('NP_INVALID_ARGUMENT', `rayCastMany: out needs ${record} numbers per ray (${count * record} for ${count} rays, got ${out.length})`);
	}
	return count;
}

/**
 * Casts every ray (origins[i], directions[i]) in one wasm call and writes one record per ray to
 * out: [fraction, point, normal, index], fraction -1 for a miss. Returns the number of hits.
 */
export function rayCastMany(rt, target, transform, origins, directions, out, options) {
	const chains = isChainTarget(rt, target); // 2D chains (apichain.mjs)
	const dim = chains || isShape2(rt, target) ? 2 : 3;
	const count = rayCount(origins, directions, out, dim);
	const v = rayViews(rt, count, dim); // (may grow the memory: the io block is written after)
	const r = castRayViews(rt, 'rayCastMany', target, transform, v, count, dim, options, chains, origins, directions);
	out.set(v.out);
	return r;
}

/**
 * The rays of `v` (views of wasm memory: origins, directions, out, and for meshes `scratch` bytes,
 * as rayViews makes them and np.rayBatch's batches hold) cast against a target of dimension `dim`
 * (chains: a 2D chain target), records written to v.out; returns the number of hits. `origins`
 * and `directions` are rayCastMany's arrays, copied into the views once the io block is written,
 * or the views themselves (nothing to copy).
 */
export function castRayViews(rt, fn, target, transform, v, count, dim, options, chains, origins, directions) {
	const ex = rt.exports;
	const copy = origins !== v.origins;
	let r;
	if (chains) {
		if (copy) v.origins.set(origins), v.directions.set(directions);
		r = chainRayCastMany(rt, target, transform, v, count, options);
	} else if (dim === 2 || isShape3(rt, target)) {
		if (target._ptr === 0) failDisposed(`${fn}: the target (${target.kind})`);
		if (dim === 2) putTransform2(rt, transform, fn);
		else putTransform3(rt, transform, fn);
		putRayOptions(rt.io, options, fn);
		if (copy) v.origins.set(origins), v.directions.set(directions);
		const call = dim === 2 ? ex.npwRayCastMany2 : ex.npwRayCastMany3;
		r = call(target._ptr, rt.ioPtr, v.origins.byteOffset, v.directions.byteOffset, v.out.byteOffset, count);
	} else {
		putMeshes(rt, target, transform, fn);
		putRayOptions(rt.io, options, fn);
		if (copy) v.origins.set(origins), v.directions.set(directions);
		r = ex.npwRayCastManyMeshes3(rt.ioPtr, v.origins.byteOffset, v.directions.byteOffset, v.out.byteOffset, count, v.scratch);
	}
	if (r < 0) manyFail(rt, fn, r, target, { origins, directions, options, dim });
	return r;
}

function manyFail(rt, fn, r, target, rays) {
	const { origins, directions, options, dim } = rays;
	const i = rt.io[ERR_RAY];
	const ray = (a) => Array.from(a.subarray(dim * i, dim * i + dim));
	const inputs = rayInputs(i < 0 ? null : ray(origins), i < 0 ? null : ray(directions), options, `ray ${i} `);
	queryFail(rt, fn, r, target, inputs);
}

// ------------------------------------------------------------------------------ points
/** Whether p is inside the convex shape or on its boundary. */
export function containsPoint(rt, shape, transform, p) {
	let r;
	if (isShape3(rt, shape) && shape._ptr !== 0) {
		putTransform3(rt, transform, 'containsPoint');
		if (!put3(rt.io, ORIGIN, p)) badVector('containsPoint', 'p', p, 3);
		r = rt.exports.npwContainsPoint3(shape._ptr, rt.ioPtr);
	} else if (isShape2(rt, shape) && shape._ptr !== 0) {
		putTransform2(rt, transform, 'containsPoint');
		if (!put2(rt.io, ORIGIN, p)) badVector('containsPoint', 'p', p, 2);
		r = rt.exports.npwContainsPoint2(shape._ptr, rt.ioPtr);
	} else if (isChain(rt, shape)) {
		return chainContainsPoint(rt, shape, transform, p); // 2D loops (apichain.mjs)
	} else {
		badTarget('containsPoint', shape, 'a Shape2D or a Shape3D (convex shapes only)');
	}
	if (r < 0) queryFail(rt, 'containsPoint', r, shape, [['p', p]]);
	return r === 1;
}

/**
 * The nearest point of the target's surface to p. Convex shapes: { point, distance (signed,
 * negative inside), normal } (never null). Meshes: also mesh, triangle and feature; null when no
 * triangle is within options.maxDistance (default Infinity).
 */
export function closestPoint(rt, target, transform, p, options) {
	checkOptions('closestPoint', options);
	const io = rt.io;
	if (isShape3(rt, target) && target._ptr !== 0) {
		putTransform3(rt, transform, 'closestPoint');
		if (!put3(io, ORIGIN, p)) badVector('closestPoint', 'p', p, 3);
		const out = options === undefined ? undefined : readPointOut(options, 'closestPoint', 3);
		const r = rt.exports.npwClosestPoint3(target._ptr, rt.ioPtr);
		if (r < 0) queryFail(rt, 'closestPoint', r, target, [['p', p]]);
		if (out !== undefined) return fillProjection(out, io, P_POINT, P_DISTANCE, P_NORMAL, 3, NO_EXTRAS);
		return { point: [io[P_POINT], io[P_POINT + 1], io[P_POINT + 2]], distance: io[P_DISTANCE], normal: [io[P_NORMAL], io[P_NORMAL + 1], io[P_NORMAL + 2]] };
	}
	if (isShape2(rt, target) && target._ptr !== 0) {
		putTransform2(rt, transform, 'closestPoint');
		if (!put2(io, ORIGIN, p)) badVector('closestPoint', 'p', p, 2);
		const out = options === undefined ? undefined : readPointOut(options, 'closestPoint', 2);
		const r = rt.exports.npwClosestPoint2(target._ptr, rt.ioPtr);
		if (r < 0) queryFail(rt, 'closestPoint', r, target, [['p', p]]);
		if (out !== undefined) return fillProjection(out, io, P_POINT, P_DISTANCE, P_NORMAL, 2, NO_EXTRAS);
		return { point: [io[P_POINT], io[P_POINT + 1]], distance: io[P_DISTANCE], normal: [io[P_NORMAL], io[P_NORMAL + 1]] };
	}
	if (target instanceof Shape2D || target instanceof Shape3D) badTarget('closestPoint', target, 'a shape or meshes');
	if (isChainTarget(rt, target)) return chainClosestPoint(rt, target, transform, p, options); // 2D chains (apichain.mjs)
	return closestPointMeshes(rt, target, transform, p, options);
}

function closestPointMeshes(rt, target, transform, p, options) {
	let maxDistance = Infinity;
	if (options !== undefined && options !== null && options.maxDistance !== undefined) {
		maxDistance = options.maxDistance;
		if (typeof maxDistance !== 'number') fail('NP_INVALID_ARGUMENT', `closestPoint: options.maxDistance must be a number (got ${describe(maxDistance)})`);
	}
	putMeshes(rt, target, transform, 'closestPoint');
	const io = rt.io;
	if (!put3(io, ORIGIN, p)) badVector('closestPoint', 'p', p, 3);
	io[MAX_FRACTION] = maxDistance;
	const out = options === undefined ? undefined : readPointOut(options, 'closestPoint', 3);
	const r = rt.exports.npwClosestPointMeshes3(rt.ioPtr);
	if (r < 0) queryFail(rt, 'closestPoint', r, target, [['p', p], ['options.maxDistance', maxDistance]]);
	if (r === 0) return null;
	if (out !== undefined) {
		fillProjection(out, io, P_POINT, P_DISTANCE, P_NORMAL, 3, MESH_FEATURE_EXTRAS);
		out.mesh = io[P_MESH] | 0;
		out.triangle = io[P_TRIANGLE] | 0;
		out.feature = FEATURES[io[P_FEATURE] | 0];
		return out;
	}
	return {
		point: [io[P_POINT], io[P_POINT + 1], io[P_POINT + 2]],
		distance: io[P_DISTANCE],
		normal: [io[P_NORMAL], io[P_NORMAL + 1], io[P_NORMAL + 2]],
		mesh: io[P_MESH] | 0,
		triangle: io[P_TRIANGLE] | 0,
		feature: FEATURES[io[P_FEATURE] | 0],
	};
}

// ------------------------------------------------------------------------------ bounds
/**
 * The tight world-space axis-aligned box of a shape, a mesh or a chain: { lower, upper }.
 * options.out: bounds returned earlier, refilled in place and returned.
 */
export function bounds(rt, target, transform, options) {
	const io = rt.io;
	let r;
	if (isShape2(rt, target) && target._ptr !== 0) {
		putTransform2(rt, transform, 'bounds');
		const out = options === undefined ? undefined : readBoundsOut(options, 2);
		r = rt.exports.npwShapeBounds2(target._ptr, rt.ioPtr);
		if (r < 0) queryFail(rt, 'bounds', r, target, []);
		if (out !== undefined) return fillBounds(out, io, B_LOWER, B_UPPER, 2);
		return { lower: [io[B_LOWER], io[B_LOWER + 1]], upper: [io[B_UPPER], io[B_UPPER + 1]] };
	}
	if (isShape3(rt, target) && target._ptr !== 0) {
		putTransform3(rt, transform, 'bounds');
		r = rt.exports.npwShapeBounds3(target._ptr, rt.ioPtr);
	} else if (isMesh(rt, target) && target._ptr !== 0) {
		putTransform3(rt, transform, 'bounds');
		r = rt.exports.npwMeshBounds3(target._ptr, rt.ioPtr);
	} else if (isChain(rt, target)) {
		return chainBounds(rt, target, transform, options); // 2D chains (apichain.mjs)
	} else {
		badTarget('bounds', target, 'a Shape2D, a Shape3D or a Mesh3D');
	}
	const out = options === undefined ? undefined : readBoundsOut(options, 3);
	if (r < 0) queryFail(rt, 'bounds', r, target, []);
	if (out !== undefined) return fillBounds(out, io, B_LOWER, B_UPPER, 3);
	return { lower: [io[B_LOWER], io[B_LOWER + 1], io[B_LOWER + 2]], upper: [io[B_UPPER], io[B_UPPER + 1], io[B_UPPER + 2]] };
}

/**
 * The input indices of the mesh's triangles whose world-space bounds overlap the box [lower,
 * upper] (touching counts), ascending.
 */
export function queryTriangles(rt, mesh, transform, lower, upper) {
	if (!(isMesh(rt, mesh) && mesh._ptr !== 0)) badTarget('queryTriangles', mesh, 'a Mesh3D');
	const q = rt.queryBuffers;
	if (q.triangleCapacity === 0) growTriangles(rt, 256);
	for (;;) {
		putTransform3(rt, transform, 'queryTriangles');
		const io = rt.io;
		if (!put3(io, ORIGIN, lower)) badVector('queryTriangles', 'lower', lower, 3);
		if (!put3(io, DIRECTION, upper)) badVector('queryTriangles', 'upper', upper, 3);
		const r = rt.exports.npwQueryMeshTriangles3(mesh._ptr, rt.ioPtr, q.trianglePtr, q.triangleCapacity);
		if (r >= 0) {
			const k = q.trianglePtr >>> 2;
			return rt.u32.slice(k, k + r);
		}
		if (codeName(-r) !== 'NP_CAPACITY') queryFail(rt, 'queryTriangles', r, mesh, [['lower', lower], ['upper', upper]]);
		growTriangles(rt, Math.max(io[OUT], 2 * q.triangleCapacity));
	}
}

function growTriangles(rt, capacity) {
	const q = rt.queryBuffers;
	const ptr = rt.malloc(4 * capacity);
	rt.free(q.trianglePtr);
	q.trianglePtr = ptr;
	q.triangleCapacity = capacity;
}
