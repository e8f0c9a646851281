// Triangle meshes and mesh contacts of the narrowphase JS API (bound to a runtime by
// narrowphase.mjs; the shapes are api3d.mjs's).
//
//   const ground = np.mesh3d(vertices, indices, { weldTolerance: 1e-6 });
//   ground.skippedTriangles            // degenerate triangles dropped at creation
//   const contacts = np.meshContacts(np.sphere(0.5), { position: [1, 2, 0.45] }, ground, { margin: 0.01 });
//   // [{ pointA, pointB, normal, depth, mesh, triangle, feature: 'face' | 'edge' | 'vertex', featureIndex }]
//   np.meshContacts(box, pose, [{ mesh: a }, { mesh: b, transform: { position: [10, 0, 0] } }], { reduce: true });
//
// Mesh creation goes through src/bindingmesh.c: the vertices and indices are copied into wasm
// memory, the mesh is built in a temporary buffer (it needs build scratch), then moved into a block
// of exactly its final size. Contacts are one wasm call: the shape's transform, the options and
// each mesh's pointer and transform are written into the runtime's io block, the contacts come
// back as one NPWM_CONTACT record each in a block owned by the runtime (rt.meshOut). Offsets come
// from js/layout.mjs (generated from tools/iolayout.mjs, as is the C side's).
import { checkNumber, codeName, describe, fail } from './errors.mjs';
import { keepEntries, replaceEntry } from './refill.mjs';
import * as L from './layout.mjs';
import { WasmObject, failDisposed } from './runtime.mjs';
import { Shape3D, writeIdentityXf, writeXf } from './api3d.mjs';

const FEATURES = ['face', 'edge', 'vertex'];
const ALGORITHMS = { terdiman: 0, initial: 1, all: 2 };
// io offsets of the query and of one contact record (layout.mjs).
const IO_XF = L.NPWM_IO_XF;
const IO_MARGIN = L.NPWM_IO_MARGIN;
const IO_REDUCE = L.NPWM_IO_REDUCE;
const IO_ALGORITHM = L.NPWM_IO_ALGORITHM;
const IO_FEATURE_TOLERANCE = L.NPWM_IO_FEATURE_TOLERANCE;
const IO_MESH_COUNT = L.NPWM_IO_MESH_COUNT;
const IO_MESHES = L.NPWM_IO_MESHES;
const IO_MESH_SIZE = L.NPWM_IO_MESH_SIZE;
const IO_MESH_PTR = L.NPWM_IO_MESH_PTR;
const IO_MESH_XF = L.NPWM_IO_MESH_XF;
const CONTACT_SIZE = L.NPWM_CONTACT_SIZE;
const C_POINT_A = L.NPWM_CONTACT_POINT_A;
const C_POINT_B = L.NPWM_CONTACT_POINT_B;
const C_NORMAL = L.NPWM_CONTACT_NORMAL;
const C_DEPTH = L.NPWM_CONTACT_DEPTH;
const C_MESH = L.NPWM_CONTACT_MESH;
const C_TRIANGLE = L.NPWM_CONTACT_TRIANGLE;
const C_FEATURE = L.NPWM_CONTACT_FEATURE;
const C_FEATURE_INDEX = L.NPWM_CONTACT_FEATURE_INDEX;

/** Reads the mesh limits into rt.limitsMesh and allocates the contact block (once per runtime). */
export function setupMesh(rt) {
	const f64 = rt.f64;
	const o = rt.ioIndex;
	rt.exports.npwMeshLimits3(rt.ioPtr);
	const limits = {
		maxTriangles: f64[o + L.NPWM_LIMITS_MAX_TRIANGLES],
		maxPoints: f64[o + L.NPWM_LIMITS_MAX_POINTS],
		maxMeshes: f64[o + L.NPWM_LIMITS_MAX_MESHES],
		featureTolerance: f64[o + L.NPWM_LIMITS_FEATURE_TOLERANCE],
	};
	if (L.NPWM_IO_MESHES + L.NPWM_IO_MESH_SIZE * limits.maxMeshes > rt.ioDoubles) {
		throw new Error('narrowphase: scratch block too small for meshes');
	}
	rt.limitsMesh = limits;
	// Contacts come back here (allocated once, reused by every call).
	rt.meshOut = rt.malloc(limits.maxPoints * L.NPWM_CONTACT_SIZE * 8);
}

const MAKE = Symbol('Mesh3D');

/** A triangle mesh living in wasm memory (one-sided triangles: counter-clockwise = front). */
export class Mesh3D extends WasmObject {
	constructor(rt, ptr, token) {
		if (token !== MAKE) fail('NP_INVALID_ARGUMENT', 'Mesh3D: use np.mesh3d');
		super(rt, ptr);
		rt.exports.npwMeshInfo3(ptr, rt.ioPtr);
		const f64 = rt.f64;
		const o = rt.ioIndex;
		/** Welded vertices. */
		this.vertexCount = f64[o + L.NPWM_INFO_VERTEX_COUNT];
		/** Triangles kept. */
		this.triangleCount = f64[o + L.NPWM_INFO_TRIANGLE_COUNT];
		/** Vertices given. */
		this.inputVertexCount = f64[o + L.NPWM_INFO_INPUT_VERTEX_COUNT];
		/** Triangles given. */
		this.inputTriangleCount = f64[o + L.NPWM_INFO_INPUT_TRIANGLE_COUNT];
		/** Triangles dropped as degenerate (zero area or a repeated vertex after welding). */
		this.skippedTriangles = f64[o + L.NPWM_INFO_SKIPPED_TRIANGLES];
		/** BVH nodes and depth. */
		this.nodeCount = f64[o + L.NPWM_INFO_NODE_COUNT];
		this.depth = f64[o + L.NPWM_INFO_DEPTH];
		/** Edges used by one triangle only, and by more than two. */
		this.boundaryEdges = f64[o + L.NPWM_INFO_BOUNDARY_EDGES];
		this.nonManifoldEdges = f64[o + L.NPWM_INFO_NON_MANIFOLD_EDGES];
		/** Bytes of wasm memory the mesh occupies. */
		this.bytes = f64[o + L.NPWM_INFO_BYTES];
		/** Bounds (mesh space). */
		this.lower = vec(f64, o + L.NPWM_INFO_LOWER);
		this.upper = vec(f64, o + L.NPWM_INFO_UPPER);
		/** Weld tolerance used. */
		this.weldTolerance = f64[o + L.NPWM_INFO_WELD_TOLERANCE];
		this.kind = 'mesh3d';
	}
}

const vec = (h, k) => [h[k], h[k + 1], h[k + 2]];

/** True for a mesh of this runtime. */
export function isMesh(rt, m) {
	return m instanceof Mesh3D && m._rt === rt;
}

// Flattens vertices given as a flat array / typed array of numbers or as an array of [x, y, z].
function flatVertices(vertices) {
	if (vertices === null || typeof vertices !== 'object' || typeof vertices.length !== 'number') {
		fail('NP_INVALID_ARGUMENT', `mesh3d: vertices must be an array or typed array of numbers (got ${describe(vertices)})`);
	}
	if (vertices.length > 0 && typeof vertices[0] === 'object' && vertices[0] !== null) {
		const flat = new Float64Array(3 * vertices.length);
		for (let i = 0; i < vertices.length; i++) {
			const p = vertices[i];
			if (p === null || typeof p !== 'object' || p.length !== 3) {
				fail('NP_INVALID_ARGUMENT', `mesh3d: vertex ${i} must be [x, y, z] (got ${describe(p)})`);
			}
			for (let k = 0; k < 3; k++) {
				const x = p[k];
				if (typeof x !== 'number' || !Number.isFinite(x)) checkNumber(x, `mesh3d: vertex ${i}[${k}]`);
				flat[3 * i + k] = x;
			}
		}
		return flat;
	}
	if (vertices.length % 3 !== 0) {
		fail('NP_INVALID_ARGUMENT', `mesh3d: a flat vertex array needs 3 numbers per vertex (got ${vertices.length})`);
	}
	// (The message is only built for a bad entry: template strings per vertex would dominate.)
	for (let i = 0; i < vertices.length; i++) {
		const x = vertices[i];
		if (typeof x !== 'number' || !Number.isFinite(x)) checkNumber(x, `mesh3d: vertices[${i}]`);
	}
	return vertices;
}

// Checks the indices (3 per triangle, each naming a vertex); returns the triangle count.
function checkIndices(rt, indices, vertexCount) {
	if (indices === null || typeof indices !== 'object' || typeof indices.length !== 'number') {
		fail('NP_INVALID_ARGUMENT', `mesh3d: indices must be an array or typed array of integers (got ${describe(indices)})`);
	}
	if (indices.length % 3 !== 0 || indices.length === 0) {
		fail('NP_INVALID_ARGUMENT', `mesh3d: indices need 3 per triangle and at least one triangle (got ${indices.length})`);
	}
	const triangleCount = indices.length / 3;
	const maxTriangles = rt.limitsMesh.maxTriangles;
	if (vertexCount < 1) fail('NP_INVALID_ARGUMENT', 'mesh3d: no vertices');
	if (triangleCount > maxTriangles) fail('NP_TOO_MANY_POINTS', `mesh3d: at most ${maxTriangles} triangles (got ${triangleCount})`);
	for (let i = 0; i < indices.length; i++) {
		const k = indices[i];
		if (typeof k !== 'number' || !Number.isInteger(k)) {
			fail('NP_INVALID_ARGUMENT', `mesh3d: indices[${i}] must be an integer (got ${describe(k)})`);
		}
		if (k < 0 || k >= vertexCount) {
			fail('NP_OUT_OF_RANGE', `mesh3d: indices[${i}] = ${k} is outside 0..${vertexCount - 1} (triangle ${Math.floor(i / 3)})`);
		}
	}
	return triangleCount;
}

/**
 * A triangle mesh from vertices (flat [x0, y0, z0, x1, ...] or [[x, y, z], ...]) and indices
 * (3 per triangle). Vertices closer than `weldTolerance` (default 1e-6) are merged; degenerate
 * triangles are skipped and counted in `skippedTriangles`. Throws NP_OUT_OF_RANGE for a bad
 * index, NP_NON_FINITE for NaN / infinite / huge coordinates, NP_DEGENERATE when no triangle is
 * valid.
 */
export function mesh3d(rt, vertices, indices, options) {
	const flat = flatVertices(vertices);
	const vertexCount = flat.length / 3;
	const triangleCount = checkIndices(rt, indices, vertexCount);
	let weld = 1e-6;
	if (options !== undefined && options !== null) {
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `mesh3d: options must be an object (got ${describe(options)})`);
		if (options.weldTolerance !== undefined) weld = checkNumber(options.weldTolerance, 'mesh3d: weldTolerance');
		if (weld < 0) fail('NP_INVALID_ARGUMENT', `mesh3d: weldTolerance must be >= 0 (got ${weld})`);
	}
	const ex = rt.exports;
	const bytes = ex.npwMeshBytes3(vertexCount, triangleCount);
	if (bytes === 0) fail('NP_TOO_MANY_POINTS', `mesh3d: mesh too large (${vertexCount} vertices, ${triangleCount} triangles)`);
	const vPtr = rt.malloc(flat.length * 8);
	let iPtr = 0, build = 0;
	try {
		iPtr = rt.malloc(indices.length * 4);
		build = rt.malloc(bytes);
		rt.f64.set(flat, vPtr >>> 3);
		rt.i32.set(indices, iPtr >>> 2);
		const r = ex.npwMakeMesh3(vPtr, vertexCount, iPtr, triangleCount, weld, build, bytes);
		if (r !== 0) {
			const code = codeName(r);
			const why = code === 'NP_DEGENERATE' ? 'no valid triangle (all are degenerate after welding)'
				: code === 'NP_NON_FINITE' ? 'a coordinate is not finite or exceeds the coordinate bound'
				: code === 'NP_OUT_OF_RANGE' ? 'an index is out of range'
				: `creation failed (${code})`;
			fail(code, `mesh3d: ${why}`);
		}
		ex.npwMeshInfo3(build, rt.ioPtr);
		const keep = rt.f64[rt.ioIndex + L.NPWM_INFO_BYTES];
		const ptr = rt.malloc(keep);
		const rc = ex.npwCopyMesh3(build, ptr, keep);
		if (rc !== 0) {
			rt.free(ptr);
			fail(codeName(rc), 'mesh3d: internal error while compacting the mesh');
		}
		return new Mesh3D(rt, ptr, MAKE);
	} finally {
		rt.free(vPtr);
		rt.free(iPtr);
		rt.free(build);
	}
}

// ------------------------------------------------------------------------------ contacts
// Writes a transform at h[o]; `which` names it in errors: -1 for the shape's transform, i >= 0 for
// meshes[i] (the message is only built on failure).
function putXf(h, xf, o, which) {
	if (xf === undefined || xf === null) {
		writeIdentityXf(h, o);
		return;
	}
	if (typeof xf !== 'object') badXf(which, `must be { position: [x, y, z], rotation: [x, y, z, w] } (got ${describe(xf)})`);
	const why = writeXf(h, o, xf);
	if (why !== null) badXf(which, why);
}

function badXf(which, what) {
	fail('NP_INVALID_TRANSFORM', `meshContacts: ${which < 0 ? 'transform' : `meshes[${which}].transform`} ${what}`);
}

// The wasm pointer of a mesh argument; `which` names it in errors: -1 for the single mesh
// argument, i >= 0 for meshes[i] (with `suffix`, e.g. '.mesh'); messages are built on failure only.
function meshPtr(rt, m, which, suffix) {
	if (isMesh(rt, m) && m._ptr !== 0) return m._ptr;
	const where = which < 0 ? 'the mesh' : `meshes[${which}]${suffix === undefined ? '' : suffix}`;
	if (!isMesh(rt, m)) fail('NP_INVALID_ARGUMENT', `meshContacts: ${where} is not a mesh of this narrowphase instance (got ${describe(m)})`);
	failDisposed(`meshContacts: ${where}`);
}

// Writes the query options at the io block's index o.
function putOptions(rt, h, o, options) {
	let margin = 0, reduce = 0, algorithm = 0, tolerance = rt.limitsMesh.featureTolerance;
	if (options !== undefined && options !== null) {
		if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `meshContacts: options must be an object (got ${describe(options)})`);
		if (options.margin !== undefined) {
			margin = checkNumber(options.margin, 'meshContacts: margin');
			if (margin < 0) fail('NP_INVALID_ARGUMENT', `meshContacts: margin must be >= 0 (got ${margin})`);
		}
		if (options.reduce !== undefined) reduce = options.reduce ? 1 : 0;
		if (options.removeInternalEdges === false) algorithm = 2;
		if (options.algorithm !== undefined) {
			const a = ALGORITHMS[options.algorithm];
			if (a === undefined) fail('NP_INVALID_ARGUMENT', `meshContacts: algorithm must be 'terdiman', 'initial' or 'all' (got ${describe(options.algorithm)})`);
			algorithm = a;
		}
		if (options.featureTolerance !== undefined) {
			tolerance = checkNumber(options.featureTolerance, 'meshContacts: featureTolerance');
			if (tolerance < 0) fail('NP_INVALID_ARGUMENT', `meshContacts: featureTolerance must be >= 0 (got ${tolerance})`);
		}
	}
	h[o + IO_MARGIN] = margin;
	h[o + IO_REDUCE] = reduce;
	h[o + IO_ALGORITHM] = algorithm;
	h[o + IO_FEATURE_TOLERANCE] = tolerance;
}

// Writes the mesh argument (one mesh, or an array of meshes / { mesh, transform }) at the io
// block's index o; returns the mesh count.
function putMeshes(rt, h, o, meshes) {
	if (isMesh(rt, meshes)) {
		const k = o + IO_MESHES;
		h[k + IO_MESH_PTR] = meshPtr(rt, meshes, -1);
		putXf(h, undefined, k + IO_MESH_XF, 0);
		return 1;
	}
	if (!Array.isArray(meshes)) {
		fail('NP_INVALID_ARGUMENT', `meshContacts: meshes must be a mesh or an array of { mesh, transform } (got ${describe(meshes)})`);
	}
	const count = meshes.length;
	const maxMeshes = rt.limitsMesh.maxMeshes;
	if (count > maxMeshes) fail('NP_TOO_MANY_POINTS', `meshContacts: at most ${maxMeshes} meshes per call (got ${count})`);
	for (let i = 0; i < count; i++) {
		const e = meshes[i];
		const k = o + IO_MESHES + IO_MESH_SIZE * i;
		if (isMesh(rt, e)) {
			h[k + IO_MESH_PTR] = meshPtr(rt, e, i);
			putXf(h, undefined, k + IO_MESH_XF, i);
		} else {
			if (e === null || typeof e !== 'object') fail('NP_INVALID_ARGUMENT', `meshContacts: meshes[${i}] must be a mesh or { mesh, transform } (got ${describe(e)})`);
			h[k + IO_MESH_PTR] = meshPtr(rt, e.mesh, i, '.mesh');
			putXf(h, e.transform, k + IO_MESH_XF, i);
		}
	}
	return count;
}

// Explains a negative result of npwMeshContacts3.
function contactsFail(e) {
	const ERR_MESH = L.NPWM_ERR_MESH;
	if (e >= ERR_MESH) {
		const i = Math.floor(e / ERR_MESH) - 1;
		const code = codeName(e % ERR_MESH);
		fail(code, `meshContacts: meshes[${i}].transform is invalid (${code === 'NP_INVALID_TRANSFORM' ? 'zero rotation quaternion' : code === 'NP_NON_FINITE' ? 'a number is not finite or too large' : code})`);
	}
	const code = codeName(e);
	fail(code, code === 'NP_INVALID_TRANSFORM' ? 'meshContacts: transform has a zero rotation quaternion'
		: code === 'NP_NON_FINITE' ? 'meshContacts: transform or option is not finite or too large'
		: `meshContacts: invalid input (${code})`);
}

/**
 * Contacts between a sphere, capsule, box or hull (with its transform) and one mesh (identity
 * transform) or an array of meshes ({ mesh, transform } or bare meshes). Options: margin
 * (contact distance, default 0), reduce (at most 4 contacts per mesh: the deepest, then the
 * most spread, each with its own normal; default false),
 * removeInternalEdges (default true), algorithm ('terdiman' | 'initial' | 'all', for study),
 * featureTolerance (position matching of shared vertices, default 1e-6). Normals point from the
 * shape to the mesh; depth > 0 when overlapping.
 */
export function meshContacts(rt, shape, transform, meshes, options) {
	if (!(shape instanceof Shape3D && shape._rt === rt)) {
		fail('NP_INVALID_ARGUMENT', `meshContacts: shape must be a 3D shape (sphere, capsule, box or hull; got ${describe(shape)})`);
	}
	if (shape._ptr === 0) failDisposed(`meshContacts: the shape (${shape.kind})`);
	if (shape.kind === 'triangle3d') fail('NP_INVALID_ARGUMENT', 'meshContacts: the shape must be a sphere, capsule, box or hull (got a triangle)');
	const o = rt.ioIndex;
	const h = rt.f64; // (the views are only replaced when the memory grows, which this call does not do)
	putXf(h, transform, o + IO_XF, -1);
	putOptions(rt, h, o, options);
	h[o + IO_MESH_COUNT] = putMeshes(rt, h, o, meshes);
	const n = rt.exports.npwMeshContacts3(shape._ptr, rt.ioPtr, rt.meshOut, rt.limitsMesh.maxPoints);
	if (n < 0) contactsFail(-n);
	const overflow = h[o + IO_MESH_COUNT] < 0;
	const out = options !== undefined && options !== null ? options.out : undefined;
	if (out !== undefined) return refillContacts(rt, h, out, n, overflow);
	const result = new Array(n);
	const base = rt.meshOut >>> 3;
	for (let i = 0; i < n; i++) {
		const k = base + CONTACT_SIZE * i;
		result[i] = {
			pointA: [h[k + C_POINT_A], h[k + C_POINT_A + 1], h[k + C_POINT_A + 2]],
			pointB: [h[k + C_POINT_B], h[k + C_POINT_B + 1], h[k + C_POINT_B + 2]],
			normal: [h[k + C_NORMAL], h[k + C_NORMAL + 1], h[k + C_NORMAL + 2]],
			depth: h[k + C_DEPTH],
			mesh: h[k + C_MESH] | 0, // small integers (Smis): cheaper to store and index with than doubles
			triangle: h[k + C_TRIANGLE] | 0,
			feature: FEATURES[h[k + C_FEATURE] | 0],
			featureIndex: h[k + C_FEATURE_INDEX] | 0,
		};
	}
	if (overflow) result.overflow = true;
	return result;
}

// options.out: an array of contacts returned earlier, refilled in place and returned; its contact
// objects (and their arrays) are reused, also across calls with fewer contacts (refill.mjs's
// keepEntries keeps the ones a shorter result drops).
const newContact = () => ({ pointA: [0, 0, 0], pointB: [0, 0, 0], normal: [0, 0, 0], depth: 0, mesh: 0, triangle: 0, feature: 'face', featureIndex: 0 });

function refillContacts(rt, h, out, n, overflow) {
	if (!Array.isArray(out)) fail('NP_INVALID_ARGUMENT', `meshContacts: options.out must be an array of contacts, e.g. one returned earlier (got ${describe(out)})`);
	const base = rt.meshOut >>> 3;
	const pool = keepEntries(out, n, newContact);
	for (let i = 0; i < n; i++) {
		const k = base + CONTACT_SIZE * i;
		let c = pool[i];
		if (c === null || typeof c !== 'object' || !Array.isArray(c.pointA) || !Array.isArray(c.pointB) || !Array.isArray(c.normal)) {
			c = replaceEntry(out, pool, i, newContact());
		}
		for (let j = 0; j < 3; j++) {
			c.pointA[j] = h[k + C_POINT_A + j];
			c.pointB[j] = h[k + C_POINT_B + j];
			c.normal[j] = h[k + C_NORMAL + j];
		}
		c.depth = h[k + C_DEPTH];
		c.mesh = h[k + C_MESH] | 0;
		c.triangle = h[k + C_TRIANGLE] | 0;
		c.feature = FEATURES[h[k + C_FEATURE] | 0];
		c.featureIndex = h[k + C_FEATURE_INDEX] | 0;
	}
	if (overflow) out.overflow = true;
	else if (out.overflow !== undefined) delete out.overflow;
	return out;
}
