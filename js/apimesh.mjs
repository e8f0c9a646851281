// Triangle meshes and mesh contacts of the narrowphase JS API (installed into `np` by
// narrowphase.mjs after the 3D module, whose shapes it takes).
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
// each mesh's pointer and transform are written into the shared scratch block, the contacts come
// back as 14 doubles each in a block owned by this module.

const FEATURES = ['face', 'edge', 'vertex'];
const ALGORITHMS = { terdiman: 0, initial: 1, all: 2 };

export function install(np, ctx) {
	const ex = ctx.exports;
	const { fail, codeName, describe, checkNumber } = ctx;
	const IO_PTR = ctx.scratch.ptr;
	const BASE = ctx.scratch.index;
	let f64 = ctx.heap.f64;
	let i32 = ctx.heap.i32;
	ctx.onMemoryGrowth((heap) => {
		f64 = heap.f64;
		i32 = heap.i32;
	});

	ex.npwMeshLimits3(IO_PTR);
	const MAX_TRIANGLES = f64[BASE];
	const MAX_POINTS = f64[BASE + 2];
	const MAX_MESHES = f64[BASE + 3];
	const CONTACT = f64[BASE + 4];
	const FEATURE_TOLERANCE = f64[BASE + 5];
	const ERR_MESH = f64[BASE + 6];
	if (12 + 8 * MAX_MESHES > ctx.scratch.doubles) throw new Error('narrowphase: scratch block too small for meshes');

	// Contacts come back here (allocated once, reused by every call).
	const outPtr = ctx.malloc(MAX_POINTS * CONTACT * 8);
	const OUT = outPtr >>> 3;

	const registry = typeof FinalizationRegistry === 'function'
		? new FinalizationRegistry((ptr) => ctx.free(ptr))
		: null;

	/** A triangle mesh living in wasm memory (one-sided triangles: counter-clockwise = front). */
	class Mesh3D {
		constructor(ptr) {
			this._ptr = ptr;
			ex.npwMeshInfo3(ptr, IO_PTR);
			/** Welded vertices. */
			this.vertexCount = f64[BASE];
			/** Triangles kept. */
			this.triangleCount = f64[BASE + 1];
			/** Vertices given. */
			this.inputVertexCount = f64[BASE + 2];
			/** Triangles given. */
			this.inputTriangleCount = f64[BASE + 3];
			/** Triangles dropped as degenerate (zero area or a repeated vertex after welding). */
			this.skippedTriangles = f64[BASE + 4];
			/** BVH nodes and depth. */
			this.nodeCount = f64[BASE + 5];
			this.depth = f64[BASE + 6];
			/** Edges used by one triangle only, and by more than two. */
			this.boundaryEdges = f64[BASE + 7];
			this.nonManifoldEdges = f64[BASE + 8];
			/** Bytes of wasm memory the mesh occupies. */
			this.bytes = f64[BASE + 9];
			/** Bounds (mesh space). */
			this.lower = [f64[BASE + 10], f64[BASE + 11], f64[BASE + 12]];
			this.upper = [f64[BASE + 13], f64[BASE + 14], f64[BASE + 15]];
			/** Weld tolerance used. */
			this.weldTolerance = f64[BASE + 16];
			this.kind = 'mesh3d';
			if (registry !== null) registry.register(this, ptr, this);
		}
		/** Frees the wasm memory now. Calling it again does nothing. */
		dispose() {
			const ptr = this._ptr;
			if (ptr === 0) return;
			this._ptr = 0;
			if (registry !== null) registry.unregister(this);
			ctx.free(ptr);
		}
		/** True once dispose() was called. */
		get disposed() {
			return this._ptr === 0;
		}
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

	/**
	 * A triangle mesh from vertices (flat [x0, y0, z0, x1, ...] or [[x, y, z], ...]) and indices
	 * (3 per triangle). Vertices closer than `weldTolerance` (default 1e-6) are merged; degenerate
	 * triangles are skipped and counted in `skippedTriangles`. Throws NP_OUT_OF_RANGE for a bad
	 * index, NP_NON_FINITE for NaN / infinite / huge coordinates, NP_DEGENERATE when no triangle is
	 * valid.
	 */
	np.mesh3d = function mesh3d(vertices, indices, options) {
		const flat = flatVertices(vertices);
		const vertexCount = flat.length / 3;
		if (indices === null || typeof indices !== 'object' || typeof indices.length !== 'number') {
			fail('NP_INVALID_ARGUMENT', `mesh3d: indices must be an array or typed array of integers (got ${describe(indices)})`);
		}
		if (indices.length % 3 !== 0 || indices.length === 0) {
			fail('NP_INVALID_ARGUMENT', `mesh3d: indices need 3 per triangle and at least one triangle (got ${indices.length})`);
		}
		const triangleCount = indices.length / 3;
		if (vertexCount < 1) fail('NP_INVALID_ARGUMENT', 'mesh3d: no vertices');
		if (triangleCount > MAX_TRIANGLES) fail('NP_TOO_MANY_POINTS', `mesh3d: at most ${MAX_TRIANGLES} triangles (got ${triangleCount})`);
		for (let i = 0; i < indices.length; i++) {
			const k = indices[i];
			if (typeof k !== 'number' || !Number.isInteger(k)) {
				fail('NP_INVALID_ARGUMENT', `mesh3d: indices[${i}] must be an integer (got ${describe(k)})`);
			}
			if (k < 0 || k >= vertexCount) {
				fail('NP_OUT_OF_RANGE', `mesh3d: indices[${i}] = ${k} is outside 0..${vertexCount - 1} (triangle ${Math.floor(i / 3)})`);
			}
		}
		let weld = 1e-6;
		if (options !== undefined && options !== null) {
			if (typeof options !== 'object') fail('NP_INVALID_ARGUMENT', `mesh3d: options must be an object (got ${describe(options)})`);
			if (options.weldTolerance !== undefined) weld = checkNumber(options.weldTolerance, 'mesh3d: weldTolerance');
			if (weld < 0) fail('NP_INVALID_ARGUMENT', `mesh3d: weldTolerance must be >= 0 (got ${weld})`);
		}
		const bytes = ex.npwMeshBytes3(vertexCount, triangleCount);
		if (bytes === 0) fail('NP_TOO_MANY_POINTS', `mesh3d: mesh too large (${vertexCount} vertices, ${triangleCount} triangles)`);
		const vPtr = ctx.malloc(flat.length * 8);
		let iPtr = 0, build = 0;
		try {
			iPtr = ctx.malloc(indices.length * 4);
			build = ctx.malloc(bytes);
			f64.set(flat, vPtr >>> 3);
			i32.set(indices, iPtr >>> 2);
			const r = ex.npwMakeMesh3(vPtr, vertexCount, iPtr, triangleCount, weld, build, bytes);
			if (r !== 0) {
				const code = codeName(r);
				const why = code === 'NP_DEGENERATE' ? 'no valid triangle (all are degenerate after welding)'
					: code === 'NP_NON_FINITE' ? 'a coordinate is not finite or exceeds the coordinate bound'
					: code === 'NP_OUT_OF_RANGE' ? 'an index is out of range'
					: `creation failed (${code})`;
				fail(code, `mesh3d: ${why}`);
			}
			ex.npwMeshInfo3(build, IO_PTR);
			const keep = f64[BASE + 9];
			const ptr = ctx.malloc(keep);
			const rc = ex.npwCopyMesh3(build, ptr, keep);
			if (rc !== 0) {
				ctx.free(ptr);
				fail(codeName(rc), 'mesh3d: internal error while compacting the mesh');
			}
			return new Mesh3D(ptr);
		} finally {
			ctx.free(vPtr);
			ctx.free(iPtr);
			ctx.free(build);
		}
	};

	// ------------------------------------------------------------------------------ contacts
	// Writes a transform (7 doubles: position, rotation quaternion) at f64[o]; `which` names it in
	// errors: -1 for the shape's transform, i >= 0 for meshes[i] (the message is only built on failure).
	function putXf(h, xf, o, which) {
		if (xf === undefined || xf === null) {
			h[o] = 0; h[o + 1] = 0; h[o + 2] = 0;
			h[o + 3] = 0; h[o + 4] = 0; h[o + 5] = 0; h[o + 6] = 1;
			return;
		}
		if (typeof xf !== 'object') badXf(which, `must be { position: [x, y, z], rotation: [x, y, z, w] } (got ${describe(xf)})`);
		const p = xf.position;
		if (p === undefined) {
			h[o] = 0; h[o + 1] = 0; h[o + 2] = 0;
		} else {
			if (p === null || typeof p !== 'object' || p.length !== 3) badXf(which, `position must be [x, y, z] (got ${describe(p)})`);
			const x = p[0], y = p[1], z = p[2];
			if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number') badXf(which, 'position must hold three numbers');
			h[o] = x; h[o + 1] = y; h[o + 2] = z;
		}
		const q = xf.rotation;
		if (q === undefined) {
			h[o + 3] = 0; h[o + 4] = 0; h[o + 5] = 0; h[o + 6] = 1;
		} else {
			if (q === null || typeof q !== 'object' || q.length !== 4) badXf(which, `rotation must be a quaternion [x, y, z, w] (got ${describe(q)})`);
			const x = q[0], y = q[1], z = q[2], w = q[3];
			if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number' || typeof w !== 'number') {
				badXf(which, 'rotation must hold four numbers');
			}
			h[o + 3] = x; h[o + 4] = y; h[o + 5] = z; h[o + 6] = w;
		}
	}

	function badXf(which, what) {
		fail('NP_INVALID_TRANSFORM', `meshContacts: ${which < 0 ? 'transform' : `meshes[${which}].transform`} ${what}`);
	}

	// The wasm pointer of a mesh argument; `which` names it in errors: -1 for the single mesh
	// argument, i >= 0 for meshes[i] (with `suffix`, e.g. '.mesh'); messages are built on failure only.
	function meshPtr(m, which, suffix) {
		if (m instanceof Mesh3D && m._ptr !== 0) return m._ptr;
		const where = which < 0 ? 'the mesh' : `meshes[${which}]${suffix === undefined ? '' : suffix}`;
		if (!(m instanceof Mesh3D)) fail('NP_INVALID_ARGUMENT', `meshContacts: ${where} is not a mesh of this narrowphase instance (got ${describe(m)})`);
		fail('NP_DISPOSED', `meshContacts: ${where} was disposed`);
	}

	const Shape3D = np.Shape3D;
	const wContacts = ex.npwMeshContacts3;

	/**
	 * Contacts between a sphere, capsule, box or hull (with its transform) and one mesh (identity
	 * transform) or an array of meshes ({ mesh, transform } or bare meshes). Options: margin
	 * (contact distance, default 0), reduce (at most 4 contacts per mesh: the deepest, then the
	 * most spread, each with its own normal; default false),
	 * removeInternalEdges (default true), algorithm ('terdiman' | 'initial' | 'all', for study),
	 * featureTolerance (position matching of shared vertices, default 1e-6). Normals point from the
	 * shape to the mesh; depth > 0 when overlapping.
	 */
	np.meshContacts = function meshContacts(shape, transform, meshes, options) {
		if (!(Shape3D !== undefined && shape instanceof Shape3D)) {
			fail('NP_INVALID_ARGUMENT', `meshContacts: shape must be a 3D shape (sphere, capsule, box or hull; got ${describe(shape)})`);
		}
		if (shape._ptr === 0) fail('NP_DISPOSED', `meshContacts: the shape (${shape.kind}) was disposed`);
		if (shape.kind === 'triangle3d') fail('NP_INVALID_ARGUMENT', 'meshContacts: the shape must be a sphere, capsule, box or hull (got a triangle)');
		const o = BASE;
		const h = f64; // (the views are only replaced when the memory grows, which this call does not do)
		putXf(h, transform, o, -1);
		let margin = 0, reduce = 0, algorithm = 0, tolerance = FEATURE_TOLERANCE;
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
		h[o + 7] = margin;
		h[o + 8] = reduce;
		h[o + 9] = algorithm;
		h[o + 10] = tolerance;
		let count;
		if (meshes instanceof Mesh3D) {
			count = 1;
			h[o + 12] = meshPtr(meshes, -1);
			putXf(h, undefined, o + 13, 0);
		} else if (Array.isArray(meshes)) {
			count = meshes.length;
			if (count > MAX_MESHES) fail('NP_TOO_MANY_POINTS', `meshContacts: at most ${MAX_MESHES} meshes per call (got ${count})`);
			for (let i = 0; i < count; i++) {
				const e = meshes[i];
				const k = o + 12 + 8 * i;
				if (e instanceof Mesh3D) {
					h[k] = meshPtr(e, i);
					putXf(h, undefined, k + 1, i);
				} else {
					if (e === null || typeof e !== 'object') fail('NP_INVALID_ARGUMENT', `meshContacts: meshes[${i}] must be a mesh or { mesh, transform } (got ${describe(e)})`);
					h[k] = meshPtr(e.mesh, i, '.mesh');
					putXf(h, e.transform, k + 1, i);
				}
			}
		} else {
			fail('NP_INVALID_ARGUMENT', `meshContacts: meshes must be a mesh or an array of { mesh, transform } (got ${describe(meshes)})`);
		}
		h[o + 11] = count;
		const n = wContacts(shape._ptr, IO_PTR, outPtr, MAX_POINTS);
		if (n < 0) {
			const e = -n;
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
		const overflow = h[o + 11] < 0;
		const result = new Array(n);
		for (let i = 0; i < n; i++) {
			const k = OUT + CONTACT * i;
			result[i] = {
				pointA: [h[k], h[k + 1], h[k + 2]],
				pointB: [h[k + 3], h[k + 4], h[k + 5]],
				normal: [h[k + 6], h[k + 7], h[k + 8]],
				depth: h[k + 9],
				mesh: h[k + 10] | 0, // small integers (Smis): cheaper to store and index with than doubles
				triangle: h[k + 11] | 0,
				feature: FEATURES[h[k + 12] | 0],
				featureIndex: h[k + 13] | 0,
			};
		}
		if (overflow) result.overflow = true;
		return result;
	};

	np.Mesh3D = Mesh3D;
	np.limitsMesh = Object.freeze({ maxTriangles: MAX_TRIANGLES, maxPoints: MAX_POINTS, maxMeshes: MAX_MESHES, featureTolerance: FEATURE_TOLERANCE });
}
