// The io-block layout of the WebAssembly shim, written once.
//
//   node tools/iolayout.mjs          writes src/binding_layout.h and js/layout.mjs (make layout)
//   node tools/iolayout.mjs --check  exits 1 when either generated file differs from this table
//
// JavaScript cannot pass structs to wasm, so every query goes through a block of doubles: JS
// writes the transforms and options at fixed offsets, one C shim function (src/binding*.c) reads
// them, runs the core and writes the result back at fixed offsets that JS reads (js/api*.mjs).
// Both sides must agree on every offset; this table is the only place they are written. Each block
// below is a record of fields laid end to end: a field's offset is the sum of the sizes before it,
// so inserting a field moves the ones after it on both sides at once. A block whose last field is
// open-ended (size null: vertices, points) has no size; every other block also gets NAME_SIZE.
// A size may name another block (its NAME_SIZE), e.g. a transform slot inside the io block.
//
// The generated names are the same in C and JS (NPW3_IO_OUT, NPW3_PENETRATION_NORMAL, ...), so a
// grep finds both sides. Both generated files are committed: a fresh clone builds without Node
// having run this, and tests/node/layout.test.mjs fails when they are out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Plain constants of the shim (not offsets). */
export const CONSTANTS = [
	['NPW_ERR_B', 100, '2D: added to the result code when transform B (rather than A) is rejected'],
	['NPW3_ERR_B', 100, '3D: added to the result code when transform B (rather than A) is rejected'],
	['NPWM_ERR_MESH', 100, 'meshes: a bad transform of mesh i returns -(NPWM_ERR_MESH * (i + 1) + code)'],
	['NPWM_MAX_MESHES', 256, 'meshes: most meshes in one npwMeshContacts3 call'],
	['NPWC2_ERR_INPUT', 200, '2D casts: added to the result code when an input other than a transform is rejected'],
	['NPWCH_ERR_CHAIN', 100, 'chains: a bad transform of chain i returns -(NPWCH_ERR_CHAIN * (i + 1) + code)'],
	['NPWCH_MAX_CHAINS', 256, 'chains: most chains in one chain call'],
];

/** Records of doubles: [field, size in doubles (or a block name, or null = open-ended), doc]. */
export const BLOCKS = [
	// ------------------------------------------------------------------------------- 2D (binding.c)
	{ name: 'NPW_XF2', doc: '2D transform as JS writes it', fields: [
		['X', 1, 'position x'],
		['Y', 1, 'position y'],
		['ANGLE', 1, 'rotation angle (radians); the shim builds the rotation with npMakeRot2'],
		['COS', 1, 'NaN, or the rotation of a prepared transform (np.transform2d: npMakeRot2 of the angle), cosine'],
		['SIN', 1, 'the rotation of a prepared transform, sine'],
	] },
	{ name: 'NPW_IO', doc: '2D io block (every 2D query)', fields: [
		['XFA', 'NPW_XF2', 'transform A'],
		['XFB', 'NPW_XF2', 'transform B'],
		['ARG', 1, 'query option (manifold margin)'],
		[null, 1, ''],
		['OUT', null, 'first result slot: the result records below start here'],
	] },
	{ name: 'NPW_LIMITS2', doc: 'npwLimits2: 2D limits and struct sizes', fields: [
		['MAX_POLYGON_VERTICES', 1, 'NP_MAX_POLYGON_VERTICES'],
		['MAX_POLYGON_INPUT', 1, 'NP_MAX_POLYGON_INPUT'],
		['EPA_MAX_VERTICES', 1, 'NP_EPA2_MAX_VERTICES'],
		['SHAPE_BYTES', 1, 'sizeof(npShape2)'],
		['EPA_STEP_BYTES', 1, 'sizeof(npEpaStep2)'],
		['HUGE', 1, 'NP_HUGE'],
		['IO_DOUBLES', 1, 'NPW_IO_DOUBLES: smallest io block the 2D functions need'],
		['VEC2_BYTES', 1, 'sizeof(npVec2)'],
	] },
	{ name: 'NPW_SHAPE2', doc: 'npwShapeInfo2: one 2D shape', fields: [
		['TYPE', 1, 'npShapeType2'],
		['COUNT', 1, 'core vertex count'],
		['RADIUS', 1, 'rounding radius'],
		['VERTICES', null, 'core vertices in local space, x, y each'],
	] },
	{ name: 'NPW_DISTANCE2', doc: 'npwDistance2, at NPW_IO_OUT', fields: [
		['DISTANCE', 1, ''],
		['POINT_A', 2, ''],
		['POINT_B', 2, ''],
		['NORMAL', 2, ''],
		['ITERATIONS', 1, ''],
	] },
	{ name: 'NPW_PENETRATION2', doc: 'npwPenetration2, at NPW_IO_OUT (the trace fields only with steps)', fields: [
		['DEPTH', 1, ''],
		['NORMAL', 2, ''],
		['POINT_A', 2, ''],
		['POINT_B', 2, ''],
		['ITERATIONS', 1, ''],
		['STOP', 1, 'npEpaStop2'],
		['SIMPLEX_COUNT', 1, 'trace: GJK simplex size'],
		['SIMPLEX', 6, 'trace: three simplex points, x, y each'],
		['STARTED_FROM_EDGE', 1, 'trace: 1 or 0'],
		['STEP_COUNT', 1, 'trace: EPA steps recorded'],
		['TRUNCATED', 1, 'trace: 1 when more steps happened than fit'],
	] },
	{ name: 'NPW_EPA_STEP2', doc: 'npwEpaStep2: one EPA step (JS passes NPW_IO_OUT as its out)', fields: [
		['VERTEX_COUNT', 1, ''],
		['CLOSEST_EDGE', 1, ''],
		['EDGE_NORMAL', 2, ''],
		['EDGE_DISTANCE', 1, ''],
		['SUPPORT', 2, ''],
		['SUPPORT_DISTANCE', 1, ''],
		['STOP', 1, 'npEpaStop2'],
		['SUPPORT_A', 2, "A's core vertex behind SUPPORT (world)"],
		['SUPPORT_B', 2, "B's core vertex behind SUPPORT (world)"],
		['SUPPORT_INDEX_A', 1, ''],
		['SUPPORT_INDEX_B', 1, ''],
		['VERTICES', null, 'the polytope, x, y each; then indexA, indexB of each vertex'],
	] },
	{ name: 'NPW_MANIFOLD2', doc: 'npwManifold2, at NPW_IO_OUT', fields: [
		['NORMAL', 2, ''],
		['POINTS', null, 'NPW_MANIFOLD2_POINT records'],
	] },
	{ name: 'NPW_MANIFOLD2_POINT', doc: 'one 2D manifold point', fields: [
		['POINT_A', 2, ''],
		['POINT_B', 2, ''],
		['DEPTH', 1, ''],
		['ID', 1, 'feature id'],
	] },
	{ name: 'NPW_MINKOWSKI2', doc: 'npwMinkowskiDifference2, at NPW_IO_OUT', fields: [
		['VERTICES', null, 'x, y each'],
	] },

	// 2D traces (binding.c, trace block): GJK steps and the manifold's clipping (trace2d.h)
	{ name: 'NPW_GJK_RUN2', doc: 'npwTraceGjk2, at NPW_IO_OUT: the query result and the trace size', fields: [
		['DISTANCE', 1, 'distance (mode 0) or 0'],
		['POINT_A', 2, ''],
		['POINT_B', 2, ''],
		['NORMAL', 2, ''],
		['ITERATIONS', 1, ''],
		['OVERLAPPING', 1, '1 or 0 (mode 1: npOverlap2; mode 2: npPenetration2)'],
		['STEP_COUNT', 1, 'GJK steps recorded'],
		['TRUNCATED', 1, '1 when more steps happened than fit'],
	] },
	{ name: 'NPW_GJK_VERTEX2', doc: 'one traced Minkowski point', fields: [
		['W', 2, 'wA - wB'],
		['WA', 2, ''],
		['WB', 2, ''],
		['INDEX_A', 1, ''],
		['INDEX_B', 1, ''],
	] },
	{ name: 'NPW_GJK_STEP2', doc: 'npwGjkStep2: one GJK step (JS passes NPW_IO_OUT as its out)', fields: [
		['SIMPLEX_COUNT', 1, ''],
		['KEPT_MASK', 1, ''],
		['HAS_SUPPORT', 1, ''],
		['STOP', 1, 'npGjkStop2'],
		['CLOSEST', 2, ''],
		['DIRECTION', 2, ''],
		['WEIGHTS', 3, ''],
		['SUPPORT', 'NPW_GJK_VERTEX2', ''],
		['SIMPLEX', null, 'simplexCount NPW_GJK_VERTEX2 records'],
	] },
	{ name: 'NPW_CLIP_ATTEMPT2', doc: 'one traced clipping (npClipAttempt2)', fields: [
		['REF_SHAPE', 1, '0 A, 1 B'],
		['REF_EDGE', 1, ''],
		['REF_START', 2, ''],
		['REF_END', 2, ''],
		['REF_NORMAL', 2, ''],
		['INCIDENT_EDGE', 1, ''],
		['INC_START', 2, ''],
		['INC_END', 2, ''],
		['LENGTH', 1, ''],
		['U', 2, ''],
		['H', 2, ''],
		['MISSED', 1, ''],
		['CLIPPED_BY', 2, ''],
		['POINT', 4, 'two points, x, y each'],
		['HEIGHT', 2, ''],
		['ID', 2, ''],
	] },
	{ name: 'NPW_CLIP_TRACE2', doc: 'npwClipTrace2, at NPW_IO_OUT', fields: [
		['PATH', 1, 'npClipPath2'],
		['SEPARATION_A', 1, ''],
		['SEPARATION_B', 1, ''],
		['EDGE_A', 1, ''],
		['EDGE_B', 1, ''],
		['ATTEMPT_COUNT', 1, ''],
		['ATTEMPTS', null, 'attemptCount NPW_CLIP_ATTEMPT2 records'],
	] },

	// ------------------------------------------------------------------------- 3D (binding3d.c)
	{ name: 'NPW3_XF', doc: '3D transform as JS writes it', fields: [
		['POSITION', 3, 'x, y, z'],
		['ROTATION', 4, 'quaternion x, y, z, w (npMakeTransform3 normalises it)'],
	] },
	{ name: 'NPW3_IO', doc: '3D io block (queries and contact caches)', fields: [
		['XFA', 'NPW3_XF', 'transform A'],
		['XFB', 'NPW3_XF', 'transform B'],
		['ARG', 1, 'query option (manifold margin; contact update: point count)'],
		[null, 1, ''],
		['OUT', null, 'first result slot'],
	] },
	{ name: 'NPW3_LIMITS', doc: 'npwLimits3: 3D limits and struct sizes', fields: [
		['SHAPE_BYTES', 1, 'sizeof(npShape3)'],
		['HULL_BYTES', 1, 'sizeof(npHull3)'],
		['CACHE_BYTES', 1, 'sizeof(npContactCache3)'],
		['MAX_HULL_INPUT', 1, 'NP_MAX_HULL_INPUT'],
		['MAX_HULL_VERTICES', 1, 'NP_MAX_HULL_VERTICES'],
		['IO_DOUBLES', 1, 'NPW3_IO_DOUBLES: smallest io block the 3D functions need'],
		['USER_DATA', 1, 'NP_CONTACT_USER_DATA3'],
		['HUGE', 1, 'NP_HUGE'],
		['MAX_MANIFOLD_POINTS', 1, 'NP_MAX_MANIFOLD_POINTS3'],
	] },
	{ name: 'NPW3_SHAPE', doc: 'npwShapeInfo3: one 3D shape (at the start of the io block)', fields: [
		['TYPE', 1, 'npShapeType3'],
		['RADIUS', 1, ''],
		['HALF_HEIGHT', 1, 'capsule half height'],
		['VERTEX_COUNT', 1, ''],
		['FACE_COUNT', 1, ''],
		['VERTICES', null, 'core vertices in local space, x, y, z each'],
	] },
	{ name: 'NPW3_DISTANCE', doc: 'npwDistance3, at NPW3_IO_OUT', fields: [
		['DISTANCE', 1, ''],
		['POINT_A', 3, ''],
		['POINT_B', 3, ''],
		['NORMAL', 3, ''],
		['ITERATIONS', 1, ''],
	] },
	{ name: 'NPW3_PENETRATION', doc: 'npwPenetration3, at NPW3_IO_OUT', fields: [
		['DEPTH', 1, ''],
		['NORMAL', 3, ''],
		['POINT_A', 3, ''],
		['POINT_B', 3, ''],
		['LOCAL_A', 3, ''],
		['LOCAL_B', 3, ''],
		['TANGENT1', 3, ''],
		['TANGENT2', 3, ''],
		['ITERATIONS', 1, ''],
		['STOP', 1, 'npEpaStop3'],
	] },
	{ name: 'NPW3_MANIFOLD', doc: 'npwManifold3 (written by npCollideFlat3), at NPW3_IO_OUT; npwContactUpdate3 reads the same', fields: [
		['NORMAL', 3, ''],
		['POINTS', null, 'NPW3_MANIFOLD_POINT records'],
	] },
	{ name: 'NPW3_MANIFOLD_POINT', doc: 'one 3D manifold point', fields: [
		['POINT_A', 3, ''],
		['POINT_B', 3, ''],
		['DEPTH', 1, ''],
		['ID', 1, 'feature id, an integer below 2^32'],
	] },
	{ name: 'NPW3_CONTACT_ADD', doc: 'npwContactAdd3: one contact point, at NPW3_IO_OUT', fields: [
		['POINT_A', 3, ''],
		['POINT_B', 3, ''],
		['NORMAL', 3, ''],
		['ID', 1, ''],
	] },
	{ name: 'NPW3_CACHE', doc: 'npwContactRead3, at the start of the io block', fields: [
		['NORMAL', 3, ''],
		['POINTS', null, 'NPW3_CACHED_POINT records'],
	] },
	{ name: 'NPW3_CACHED_POINT', doc: 'one cached contact (binding3d.h adds the user data to its size)', fields: [
		['POINT_A', 3, ''],
		['POINT_B', 3, ''],
		['LOCAL_A', 3, ''],
		['LOCAL_B', 3, ''],
		['DEPTH', 1, ''],
		['ID', 1, ''],
		['AGE', 1, ''],
		['USER', null, 'NP_CONTACT_USER_DATA3 doubles'],
	] },

	// ------------------------------------------------------- warm contact caches (bindingcache.c)
	{ name: 'NPWC_LIMITS', doc: 'npwCacheLimits: contact cache sizes', fields: [
		['CACHE2_BYTES', 1, 'sizeof(npContactCache2)'],
		['USER_DATA2', 1, 'NP_CONTACT_USER_DATA2'],
	] },
	{ name: 'NPWC_STATS', doc: 'npwCacheStats3 / npwCacheStats2 (2D: SKIPPED is 0, REUSED counts the edge)', fields: [
		['FRAMES', 1, ''],
		['SEARCHED', 1, ''],
		['SKIPPED', 1, 'frames whose edge-axis search was proven unnecessary'],
		['REUSED', 1, "frames where last frame's face (edge) was best again"],
		['PROVEN', 1, "3D: frames whose face search was skipped too (last frame's faces proven best); 2D: 0"],
	] },
	{ name: 'NPWC_CACHE2', doc: 'npwCacheRead2, at the start of the io block', fields: [
		['NORMAL', 2, ''],
		['POINTS', null, 'NPWC_CACHED_POINT2 records'],
	] },
	{ name: 'NPWC_CACHED_POINT2', doc: 'one cached 2D contact (bindingcache.c adds the user data to its size)', fields: [
		['POINT_A', 2, ''],
		['POINT_B', 2, ''],
		['LOCAL_A', 2, ''],
		['LOCAL_B', 2, ''],
		['DEPTH', 1, ''],
		['ID', 1, ''],
		['AGE', 1, ''],
		['USER', null, 'NP_CONTACT_USER_DATA2 doubles'],
	] },

	// ------------------------------------------------------------------------ meshes (bindingmesh.c)
	{ name: 'NPWM_LIMITS', doc: 'npwMeshLimits3', fields: [
		['MAX_TRIANGLES', 1, 'NP_MESH_MAX_TRIANGLES'],
		['MAX_POTENTIAL', 1, 'NP_MESH_MAX_POTENTIAL'],
		['MAX_POINTS', 1, 'NP_MESH_MAX_POINTS'],
		['MAX_MESHES', 1, 'NPWM_MAX_MESHES'],
		['CONTACT_SIZE', 1, 'NPWM_CONTACT_SIZE'],
		['FEATURE_TOLERANCE', 1, 'NP_MESH_FEATURE_TOLERANCE'],
		['ERR_MESH', 1, 'NPWM_ERR_MESH'],
	] },
	{ name: 'NPWM_INFO', doc: 'npwMeshInfo3: one mesh', fields: [
		['VERTEX_COUNT', 1, 'welded vertices'],
		['TRIANGLE_COUNT', 1, 'triangles kept'],
		['INPUT_VERTEX_COUNT', 1, ''],
		['INPUT_TRIANGLE_COUNT', 1, ''],
		['SKIPPED_TRIANGLES', 1, ''],
		['NODE_COUNT', 1, 'BVH nodes'],
		['DEPTH', 1, 'BVH depth'],
		['BOUNDARY_EDGES', 1, ''],
		['NON_MANIFOLD_EDGES', 1, ''],
		['BYTES', 1, 'bytes the mesh occupies'],
		['LOWER', 3, 'bounds'],
		['UPPER', 3, ''],
		['WELD_TOLERANCE', 1, ''],
	] },
	{ name: 'NPWM_IO', doc: 'npwMeshContacts3 io block', fields: [
		['XF', 'NPW3_XF', "the shape's transform"],
		['MARGIN', 1, ''],
		['REDUCE', 1, '0 or 1'],
		['ALGORITHM', 1, 'npMeshAlgorithm3'],
		['FEATURE_TOLERANCE', 1, ''],
		['MESH_COUNT', 1, 'in: mesh count; out: candidate triangles, or -1 when contacts did not fit'],
		['MESHES', null, 'NPWM_IO_MESH records'],
	] },
	{ name: 'NPWM_IO_MESH', doc: 'one mesh of a npwMeshContacts3 call', fields: [
		['PTR', 1, 'its npMesh3 pointer'],
		['XF', 'NPW3_XF', 'its transform'],
	] },
	{ name: 'NPWM_CONTACT', doc: 'one contact written by npwMeshContacts3', fields: [
		['POINT_A', 3, ''],
		['POINT_B', 3, ''],
		['NORMAL', 3, ''],
		['DEPTH', 1, ''],
		['MESH', 1, 'index of the mesh'],
		['TRIANGLE', 1, ''],
		['FEATURE', 1, 'npMeshFeature3'],
		['FEATURE_INDEX', 1, ''],
	] },

	// ------------------------------------------------------------- rays, points, bounds (bindingquery.c)
	{ name: 'NPWQ_HIT', doc: 'one ray hit, at NPWQ_IO_OUT (npwRayCast2/3, npwRayCastMeshes3); 2D uses x, y of each vector', fields: [
		['FRACTION', 1, ''],
		['POINT', 3, ''],
		['NORMAL', 3, ''],
		['FRONT_FACE', 1, '1 or 0'],
		['MESH', 1, 'meshes: index in the list'],
		['TRIANGLE', 1, 'meshes: input triangle index'],
	] },
	{ name: 'NPWQ_IO', doc: 'io block of the ray, point and bounds queries', fields: [
		['XF', 'NPW3_XF', "the target's transform: NPW_XF2 (x, y, angle) in 2D, NPW3_XF in 3D"],
		['ORIGIN', 3, 'ray origin; the query point of containsPoint / closestPoint; queryTriangles: lower corner'],
		['DIRECTION', 3, 'ray direction; queryTriangles: upper corner'],
		['MAX_FRACTION', 1, 'ray: maxFraction; closestPoint on meshes: maxDistance'],
		['SOLID', 1, 'ray: 1 or 0'],
		['BACKFACES', 1, 'ray on meshes: 1 or 0'],
		['MESH_COUNT', 1, 'meshes: records at NPWQ_IO_MESHES'],
		['ERR_RAY', 1, 'out: the ray a many-ray call rejected (-1: none)'],
		['OUT', 'NPWQ_HIT', 'result: NPWQ_HIT, NPWQ_PROJECTION or NPWQ_BOUNDS; queryTriangles: the count'],
		['MESHES', null, 'NPWM_IO_MESH records (pointer, transform)'],
	] },
	{ name: 'NPWQ_PROJECTION', doc: 'closest point, at NPWQ_IO_OUT (npwClosestPoint2/3, npwClosestPointMeshes3)', fields: [
		['POINT', 3, ''],
		['DISTANCE', 1, 'signed for shapes, unsigned for meshes'],
		['NORMAL', 3, ''],
		['MESH', 1, 'meshes: index in the list'],
		['TRIANGLE', 1, 'meshes: input triangle index'],
		['FEATURE', 1, 'meshes: npMeshFeature3'],
	] },
	{ name: 'NPWQ_BOUNDS', doc: 'axis-aligned box, at NPWQ_IO_OUT (2D uses x, y)', fields: [
		['LOWER', 3, ''],
		['UPPER', 3, ''],
	] },
	{ name: 'NPWQ_RAY2', doc: 'np.rayCastMany: one 2D ray result in the caller\'s out array (public format)', fields: [
		['FRACTION', 1, '-1 for a miss'],
		['POINT', 2, ''],
		['NORMAL', 2, ''],
		['INDEX', 1, '-1 (no sub-part)'],
	] },
	{ name: 'NPWQ_RAY3', doc: 'np.rayCastMany: one 3D ray result in the caller\'s out array (public format)', fields: [
		['FRACTION', 1, '-1 for a miss'],
		['POINT', 3, ''],
		['NORMAL', 3, ''],
		['INDEX', 1, 'the triangle for meshes, -1 otherwise'],
	] },

	// ----------------------------------------------------------------------- batches (bindingbatch.c)
	{ name: 'NPWB_IO', doc: 'io block of the batch queries (npwOverlapBatch2 ...): byte addresses in wasm memory', fields: [
		['COUNT', 1, 'number of pairs'],
		['SHAPES_A', 1, 'count shape pointers (uint32)'],
		['XF_A', 1, 'count transforms (3 or 7 doubles each)'],
		['SHAPES_B', 1, ''],
		['XF_B', 1, ''],
		['MARGIN', 1, 'manifold margin'],
		['FIELDS', 6, 'the result arrays, in the order of the batch struct (npManifoldBatch, ...)'],
		['ERR_INDEX', 1, 'result: the pair rejected, or -1'],
		['ERR_SIDE', 1, 'result: 0 for A, 1 for B'],
	] },
	// ---------------------------------------------------------- 2D casts, time of impact (bindingcast2d.c)
	{ name: 'NPWC2_HIT', doc: 'one shape cast hit, at NPWC2_IO_OUT', fields: [
		['FRACTION', 1, ''],
		['POINT', 2, 'on the target'],
		['POINT_ON_SHAPE', 2, 'on the moved shape'],
		['NORMAL', 2, 'from the target toward the moving shape'],
		['INITIAL', 1, '1 or 0: initial overlap'],
		['PENETRATION', 1, ''],
		['ITERATIONS', 1, ''],
	] },
	{ name: 'NPWC2_IO', doc: 'io block of npwShapeCast2 / npwShapeCastMany2', fields: [
		['XF', 'NPW_XF2', "the moving shape's transform (Many: its angle; positions come per cast)"],
		['TRANSLATION', 2, ''],
		['XF_TARGET', 'NPW_XF2', "the target's transform"],
		['MAX_FRACTION', 1, ''],
		['TARGET_DISTANCE', 1, ''],
		['IGNORE_SEPARATING', 1, '1 or 0'],
		['ERR_INDEX', 1, 'out: the cast a many-cast call rejected (-1: none)'],
		['OUT', 'NPWC2_HIT', 'result'],
	] },
	{ name: 'NPWC2_MANY', doc: 'np.shapeCastMany: one 2D cast result in the caller\'s out array (public format)', fields: [
		['FRACTION', 1, '-1 for a miss'],
		['POINT', 2, ''],
		['POINT_ON_SHAPE', 2, ''],
		['NORMAL', 2, ''],
		['INITIAL', 1, '1 or 0'],
	] },
	{ name: 'NPWC2_SWEEP', doc: 'a 2D sweep as JS writes it', fields: [
		['CENTER', 2, 'local point moving in a straight line'],
		['FROM', 'NPW_XF2', 'transform at fraction 0'],
		['TO', 'NPW_XF2', 'transform at fraction 1'],
	] },
	{ name: 'NPWC2_TOI', doc: 'time of impact result, at NPWC2_TOI_IO_OUT', fields: [
		['STATE', 1, 'npToiState2'],
		['FRACTION', 1, ''],
		['NORMAL', 2, 'A to B'],
		['POINT_A', 2, ''],
		['POINT_B', 2, ''],
		['ITERATIONS', 1, ''],
	] },
	{ name: 'NPWC2_TOI_IO', doc: 'io block of npwTimeOfImpact2', fields: [
		['SWEEP_A', 'NPWC2_SWEEP', ''],
		['SWEEP_B', 'NPWC2_SWEEP', ''],
		['TARGET_DISTANCE', 1, ''],
		['TOLERANCE', 1, '0: the default'],
		['OUT', 'NPWC2_TOI', 'result'],
	] },
	// ------------------------------------------------------------------------- 2D chains (bindingchain.c)
	{ name: 'NPWCH_DEF', doc: 'npwMakeChain2 options, at the io block', fields: [
		['LOOP', 1, '1 or 0'],
		['HAS_GHOST_START', 1, '1 or 0'],
		['GHOST_START', 2, ''],
		['HAS_GHOST_END', 1, '1 or 0'],
		['GHOST_END', 2, ''],
	] },
	{ name: 'NPWCH_INFO', doc: 'npwChainInfo2: one chain', fields: [
		['POINT_COUNT', 1, ''],
		['SEGMENT_COUNT', 1, ''],
		['LOOP', 1, '1 or 0'],
		['NODE_COUNT', 1, 'BVH nodes'],
		['DEPTH', 1, 'BVH depth'],
		['BYTES', 1, 'bytes of the chain'],
		['LOWER', 2, 'bounds, chain space'],
		['UPPER', 2, ''],
	] },
	{ name: 'NPWCH_LIMITS', doc: 'npwChainLimits2', fields: [
		['MAX_POINTS', 1, 'NP_CHAIN_MAX_POINTS'],
		['MAX_CONTACTS', 1, 'NP_CHAIN_MAX_CONTACTS'],
		['MAX_CANDIDATES', 1, 'NP_CHAIN_MAX_CANDIDATES'],
		['MAX_CHAINS', 1, 'NPWCH_MAX_CHAINS'],
		['FEATURE_TOLERANCE', 1, 'NP_CHAIN_FEATURE_TOLERANCE'],
		['ERR_CHAIN', 1, 'NPWCH_ERR_CHAIN'],
	] },
	{ name: 'NPWCH_RESULT', doc: 'ray hit (fraction, point, normal, chain, segment), projection (distance, point, normal, chain, segment) or bounds (lower in POINT, upper in NORMAL)', fields: [
		['VALUE', 1, 'ray: fraction; closest point: distance'],
		['POINT', 2, ''],
		['NORMAL', 2, ''],
		['CHAIN', 1, ''],
		['SEGMENT', 1, ''],
	] },
	{ name: 'NPWCH_IO', doc: 'io block of the chain calls (contacts, rays, points, bounds)', fields: [
		['XF', 'NPW_XF2', "contacts: the shape's transform; containsPoint, bounds: the chain's"],
		['MARGIN', 1, 'contacts'],
		['REMOVE_GHOSTS', 1, 'contacts: 1 or 0'],
		['FEATURE_TOLERANCE', 1, 'contacts'],
		['CHAIN_COUNT', 1, 'in: chain records; out (contacts): candidate segments, or -1 when contacts did not fit'],
		['ORIGIN', 2, 'ray origin; the query point'],
		['DIRECTION', 2, 'ray direction'],
		['MAX_FRACTION', 1, 'ray'],
		['ERR_RAY', 1, 'out: the ray a many-ray call rejected (-1: none)'],
		['IGNORE_SEPARATING', 1, 'casts: 1 or 0 (casts also use XF: the shape, DIRECTION: the translation, MARGIN: targetDistance, MAX_FRACTION, REMOVE_GHOSTS, FEATURE_TOLERANCE, ERR_RAY: the rejected cast)'],
		['OUT', 'NPWCH_RESULT', 'result of a ray, point or bounds query'],
		['CHAINS', null, 'NPWCH_IO_CHAIN records'],
	] },
	{ name: 'NPWCH_IO_CHAIN', doc: 'one chain of a chain call', fields: [
		['PTR', 1, 'its npChain2 pointer'],
		['XF', 'NPW_XF2', 'its transform'],
	] },
	{ name: 'NPWCH_CONTACT', doc: 'one contact written by npwChainContacts2: an npChainContact2 as the core writes it (bindingchain.c checks the layout), so the ints pair up in doubles', fields: [
		['POINT_A', 2, ''],
		['POINT_B', 2, ''],
		['NORMAL', 2, ''],
		['DEPTH', 1, ''],
		['CHAIN_SEGMENT', 1, 'chain and segment: int32 at Int32Array index 2 * this and 2 * this + 1'],
		['FEATURE_ID', 1, 'feature (npChainFeature2, int32) and id (uint32) at 32-bit index 2 * this and 2 * this + 1'],
	] },
	// ------------------------------------------------------------- 3D shape casts and TOI (bindingcast3d.c)
	{ name: 'NPWC3_HIT', doc: 'one 3D cast hit, at NPWC3_IO_OUT; also np.shapeCastMany\'s public record (fraction -1: a miss)', fields: [
		['FRACTION', 1, ''],
		['POINT', 3, 'on the target'],
		['POINT_ON_SHAPE', 3, 'on the moved shape'],
		['NORMAL', 3, 'from the target toward the shape'],
		['INITIAL', 1, '1: initial overlap'],
		['PENETRATION', 1, ''],
		['ITERATIONS', 1, ''],
		['MESH', 1, 'meshes: index in the list, else -1'],
		['TRIANGLE', 1, 'meshes: input triangle index, else -1'],
	] },
	{ name: 'NPWC3_IO', doc: 'io block of the 3D shape casts', fields: [
		['XF', 'NPW3_XF', "the moving shape's transform"],
		['TRANSLATION', 3, ''],
		['TARGET_XF', 'NPW3_XF', "the convex target's transform"],
		['MAX_FRACTION', 1, ''],
		['TARGET_DISTANCE', 1, ''],
		['IGNORE_SEPARATING', 1, '1 or 0'],
		['FEATURE_TOLERANCE', 1, 'meshes'],
		['MESH_COUNT', 1, 'meshes: records at NPWC3_IO_MESHES (0: a convex target)'],
		['ERR_INDEX', 1, 'out: the cast a many-cast call rejected (-1: none)'],
		['OUT', 'NPWC3_HIT', 'result'],
		['MESHES', null, 'NPWM_IO_MESH records (pointer, transform)'],
	] },
	{ name: 'NPWC3_TOI', doc: 'io block of npwTimeOfImpact3 (input, then the result)', fields: [
		['A_FROM', 'NPW3_XF', ''],
		['A_TO', 'NPW3_XF', ''],
		['A_CENTER', 3, ''],
		['B_FROM', 'NPW3_XF', ''],
		['B_TO', 'NPW3_XF', ''],
		['B_CENTER', 3, ''],
		['TARGET_DISTANCE', 1, ''],
		['TOLERANCE', 1, '0: the default'],
		['STATE', 1, 'out: npToiState3'],
		['FRACTION', 1, 'out'],
		['NORMAL', 3, 'out: from A to B'],
		['POINT_A', 3, 'out'],
		['POINT_B', 3, 'out'],
		['ITERATIONS', 1, 'out'],
	] },
	{ name: 'NPWCH_CAST', doc: 'one cast against chains written by npwShapeCastChains2 (at its out pointer)', fields: [
		['FRACTION', 1, ''],
		['POINT', 2, 'on the chain'],
		['POINT_ON_SHAPE', 2, ''],
		['NORMAL', 2, 'from the chain toward the shape'],
		['INITIAL', 1, '1 or 0'],
		['PENETRATION', 1, ''],
		['ITERATIONS', 1, ''],
		['CHAIN', 1, ''],
		['SEGMENT', 1, ''],
		['FEATURE', 1, 'npChainFeature2'],
	] },
];

/** Every generated name with its value and doc, in table order. */
export function layoutEntries() {
	const sizes = new Map();
	const entries = [];
	for (const block of BLOCKS) {
		entries.push({ comment: `${block.name}: ${block.doc}` });
		let offset = 0;
		let open = false;
		for (const [field, size, doc] of block.fields) {
			if (open) throw new Error(`${block.name}: ${field} follows an open-ended field`);
			if (field !== null) entries.push({ name: `${block.name}_${field}`, value: offset, doc });
			if (size === null) {
				open = true;
				continue;
			}
			const n = typeof size === 'string' ? sizes.get(size) : size;
			if (!(n > 0)) throw new Error(`${block.name}_${field}: unknown size ${size}`);
			offset += n;
		}
		if (!open) {
			sizes.set(block.name, offset);
			entries.push({ name: `${block.name}_SIZE`, value: offset, doc: 'doubles' });
		}
	}
	entries.push({ comment: 'constants' });
	for (const [name, value, doc] of CONSTANTS) entries.push({ name, value, doc });
	return entries;
}

const HEADER = 'Generated by tools/iolayout.mjs from its table: do not edit (make layout).';

export function renderC() {
	const lines = [
		`// ${HEADER}`,
		'// Offsets in doubles inside the io blocks of the wasm shim (src/binding*.c); js/layout.mjs holds',
		'// the same names for the JS side.',
		'#ifndef NP_BINDING_LAYOUT_H',
		'#define NP_BINDING_LAYOUT_H',
	];
	for (const e of layoutEntries()) {
		if (e.comment) lines.push('', `// ${e.comment}`);
		else lines.push(`#define ${e.name} ${e.value}${e.doc ? ` ///< ${e.doc}` : ''}`);
	}
	lines.push('', '#endif', '');
	return lines.join('\n');
}

export function renderJs() {
	const lines = [
		`// ${HEADER}`,
		'// Offsets in doubles inside the io blocks of the wasm shim; src/binding_layout.h holds the same',
		'// names for the C side.',
	];
	for (const e of layoutEntries()) {
		if (e.comment) lines.push('', `// ${e.comment}`);
		else lines.push(`export const ${e.name} = ${e.value};${e.doc ? ` // ${e.doc}` : ''}`);
	}
	lines.push('');
	return lines.join('\n');
}

const ROOT = new URL('../', import.meta.url);
export const OUTPUTS = [
	{ path: 'src/binding_layout.h', render: renderC },
	{ path: 'js/layout.mjs', render: renderJs },
];

/** Paths of the generated files that differ from the table ([] when all are up to date). */
export function staleOutputs() {
	const stale = [];
	for (const { path, render } of OUTPUTS) {
		let text = null;
		try {
			text = readFileSync(new URL(path, ROOT), 'utf8');
		} catch {
			// missing: stale
		}
		if (text !== render()) stale.push(path);
	}
	return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	if (process.argv.includes('--check')) {
		const stale = staleOutputs();
		if (stale.length > 0) {
			console.error(`out of date (run make layout): ${stale.join(', ')}`);
			process.exit(1);
		}
	} else {
		for (const { path, render } of OUTPUTS) writeFileSync(new URL(path, ROOT), render());
	}
}
