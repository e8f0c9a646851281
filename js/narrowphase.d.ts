// Type declarations for the narrowphase JS API (js/narrowphase.mjs).
// Sections: 2D (js/api2d.mjs), 3D (js/api3d.mjs, contact caches in js/cache3d.mjs), meshes
// (js/apimesh.mjs), rays, points and bounds (js/apiquery.mjs); a new API module declares its types
// in its own section and adds its methods to the Narrowphase interface. Every declaration, field
// and overload needs a doc comment (units, conventions, errors): `make docs` (TypeDoc, part of
// make test) fails on anything undocumented.

/**
 * Collision and contact queries for 2D and 3D convex shapes and triangle meshes, in double
 * precision, from C compiled to WebAssembly. Start with {@link init}; every query is a method of
 * the {@link Narrowphase} object it returns.
 *
 * ```js
 * import { init } from 'narrowphase';
 * const np = await init();
 * const a = np.box2d(1, 1), b = np.circle(0.5);
 * np.manifold(a, null, b, { position: [1.3, 0] });   // { normal: [1, 0], points: [{ pointA: [1, 0], pointB: [0.8, 0], depth: 0.2 (rounded), id }] }
 * ```
 *
 * **Conventions, everywhere**
 * - Units: lengths are in whatever unit your shapes use (metres, pixels...); angles in radians,
 *   counter-clockwise; quaternions `[x, y, z, w]`. Every number must be finite and at most 1e12
 *   in magnitude.
 * - Transforms place a shape in the world: rotate, then translate. `null` or a missing field means
 *   the identity. Results are in world space unless a field says local.
 * - Pair queries take shape A then shape B. `normal` is unit length and points from A to B;
 *   `pointA` lies on A's surface and `pointB` on B's.
 * - `depth = dot(pointA - pointB, normal)`: positive when the shapes overlap, and moving B by
 *   `depth * normal` makes them just touch; a speculative contact (within a margin) has a negative
 *   depth. Distances are never negative, except the signed distance of a point inside a shape.
 * - Rays are `origin + t * direction`; `fraction` is the t of the hit, in [0, maxFraction]
 *   (default 1: the segment from origin to origin + direction). The hit normal faces the ray.
 * - Bad input throws a {@link NarrowphaseError} whose `code` ({@link ErrorCode}) is stable; nothing
 *   leaks in wasm memory when it is thrown. Shapes, meshes and caches hold wasm memory: call
 *   `dispose()` when done (the garbage collector frees forgotten ones eventually).
 * - Results are deterministic and identical, bit for bit, to the native C library's.
 *
 * @packageDocumentation
 */

/** A 2D vector [x, y]. */
export type Vec2 = [number, number];

/** Anything accepted where a vector is read: a plain array or a typed array of length 2. */
export type Vec2Like = readonly [number, number] | ArrayLike<number>;

/** A rigid 2D transform: rotate by `angle` (radians), then translate by `position`.
 *  Missing fields (or a missing transform) mean identity. */
export interface Transform2 {
	/** Translation [x, y] (default [0, 0]). */
	position?: Vec2Like;
	/** Rotation in radians, counter-clockwise (default 0); finite and at most 1e12 in magnitude. */
	angle?: number;
}

/**
 * Stable error codes carried by NarrowphaseError (the C library's npResult names without `ERR_`):
 * `NP_NON_FINITE` a NaN, infinite or huge (beyond 1e12) number; `NP_DEGENERATE` points that span
 * no area (collinear, coincident); `NP_TOO_MANY_POINTS` an input or hull over a limit;
 * `NP_INVALID_RADIUS` / `NP_INVALID_EXTENT` a radius / half extent that is not positive;
 * `NP_INVALID_TRANSFORM` a malformed transform or a zero quaternion; `NP_INVALID_ARGUMENT` any
 * other bad argument (wrong type, negative margin, shapes of two instances...); `NP_DISPOSED` an
 * object used after dispose(); `NP_CAPACITY` out of wasm memory; `NP_OUT_OF_RANGE` an index out of
 * range; `NP_WASM_LOAD` / `NP_WASM_VERSION` from {@link init}: the wasm could not be loaded / is
 * of another release; `NP_UNSUPPORTED` a function of the other dimension on an instance made with
 * `init({ dimensions: 2 })` or `init({ dimensions: 3 })` (see {@link InitOptions.dimensions}).
 */
export type ErrorCode =
	| 'NP_NON_FINITE'
	| 'NP_DEGENERATE'
	| 'NP_TOO_MANY_POINTS'
	| 'NP_INVALID_RADIUS'
	| 'NP_INVALID_EXTENT'
	| 'NP_INVALID_TRANSFORM'
	| 'NP_INVALID_ARGUMENT'
	| 'NP_DISPOSED'
	| 'NP_CAPACITY'
	| 'NP_OUT_OF_RANGE'
	| 'NP_WASM_LOAD'
	| 'NP_WASM_VERSION'
	| 'NP_UNSUPPORTED';

/** Thrown for bad input; nothing leaks in wasm memory when it is thrown. */
export class NarrowphaseError extends Error {
	/** Made by the library; `message` says what was wrong and where. */
	constructor(code: ErrorCode, message: string);
	/** Always 'NarrowphaseError' (test `e.name` or `e.code` rather than instanceof across the ESM and CommonJS builds, which have separate classes). */
	readonly name: 'NarrowphaseError';
	/** The stable error code: what went wrong, for programs (the message is for people). */
	readonly code: ErrorCode;
}

/** Base of every shape: owns wasm memory until disposed. */
export interface Shape {
	/** Frees the wasm memory now; calling it again does nothing. Using the shape afterwards throws NP_DISPOSED. */
	dispose(): void;
	/** True once dispose() was called. */
	readonly disposed: boolean;
}

/** What a Shape2D is: `circle`, `capsule2d`, `box2d` or `polygon2d`. */
export type ShapeKind2D = 'circle' | 'capsule2d' | 'box2d' | 'polygon2d';

/** A 2D convex shape: a convex core (1 to 64 points) inflated by `radius`. */
export interface Shape2D extends Shape {
	/** Which constructor made the shape. */
	readonly kind: ShapeKind2D;
	/** Core vertices in local space, counter-clockwise (circle: [[0, 0]], capsule: [[-h, 0], [h, 0]]). */
	readonly vertices: readonly (readonly [number, number])[];
	/** Rounding radius (circle and capsule radius, polygon rounding, 0 for a box). */
	readonly radius: number;
}

/** Result of {@link Narrowphase.distance} for 2D shapes. Lengths are in the shapes' units, points in world space. */
export interface DistanceResult2 {
	/** Distance between the shapes; 0 when they overlap. */
	distance: number;
	/** Closest point on A (when overlapping: a point inside both, equal to pointB). */
	pointA: Vec2;
	/** Closest point on B. */
	pointB: Vec2;
	/** Unit vector from pointA to pointB; [0, 0] when overlapping. */
	normal: Vec2;
	/** GJK iterations used. */
	iterations: number;
}

/** Why 2D EPA stopped: `converged` (the support point adds less than the tolerance), `max-iterations` (the iteration bound; the result is the best edge found), `cores-separated` (the cores do not overlap, only their rounding: the answer is exact from GJK), `point` (both cores are a single point). `continue` marks a step that expanded the polytope. */
export type EpaStop = 'continue' | 'converged' | 'max-iterations' | 'cores-separated' | 'point';

/** One 2D EPA step (points in A - B space, world orientation): pick the closest edge, ask for the
 *  support point along its normal, then expand (every step but the last) or stop. */
export interface EpaStep2 {
	/** Polytope at the start of the step, counter-clockwise (2 points = the edge pair). */
	polytope: Vec2[];
	/** Index i of the closest edge polytope[i] -> polytope[(i + 1) % n]. */
	closestEdge: number;
	/** Outward unit normal of the closest edge. */
	edgeNormal: Vec2;
	/** Signed distance of the closest edge from the origin. */
	edgeDistance: number;
	/** Support point of A - B along edgeNormal. */
	support: Vec2;
	/** dot(support, edgeNormal). */
	supportDistance: number;
	/** 'continue', or why EPA stopped at this step. */
	stop: EpaStop;
	/** The support point with the core vertices of A and B that made it (world): w = wA - wB. */
	supportVertex: GjkVertex2;
	/** For each polytope point, the index of the core vertex of A that made it (Shape2D.vertices). */
	polytopeIndexA: number[];
	/** For each polytope point, the index of the core vertex of B that made it (Shape2D.vertices). */
	polytopeIndexB: number[];
}

/** Result of {@link Narrowphase.penetration} for 2D shapes (null when they are apart). Convention: `normal` is unit and points from A to B, `depth = dot(pointA - pointB, normal) >= 0`, and moving B by `depth * normal` (or A by `-depth * normal`) makes the shapes just touch. */
export interface PenetrationResult2 {
	/** Penetration depth (>= 0); moving B by depth * normal separates the shapes. */
	depth: number;
	/** Unit direction from A to B. */
	normal: Vec2;
	/** Deepest point of A inside B (on A's surface). */
	pointA: Vec2;
	/** Deepest point of B inside A (on B's surface). */
	pointB: Vec2;
	/** EPA expansions (support points inserted); a trace has iterations + 1 steps. */
	iterations: number;
	/** Why EPA stopped. */
	stop: EpaStop;
}

/** Penetration with `{ trace: true }`: the EPA run, for teaching. */
export interface PenetrationTrace2 extends PenetrationResult2 {
	/** One entry per EPA step: each expansion, then the final check; [] when only the rounding overlaps. */
	steps: EpaStep2[];
	/** GJK's final simplex (1 to 3 points, A - B space). */
	simplex: Vec2[];
	/** EPA started from the single edge pair ab/ba (origin on or near a simplex edge). */
	startedFromEdge: boolean;
	/** radiusA + radiusB: EPA runs on the cores, the rounding is added at the end. */
	radius: number;
	/** More steps happened than the trace buffer holds (the result is still exact). */
	truncated: boolean;
	/** The GJK run that seeded EPA, step by step. */
	gjk: GjkTrace2;
}

// ------------------------------------------------------------------------------ 2D traces (js/trace2d.mjs)
/** A traced Minkowski point and the core vertices that made it (world space). */
export interface GjkVertex2 {
	/** wA - wB: the point of the Minkowski difference A - B (world orientation). */
	w: Vec2;
	/** The point of A's core (world). */
	wA: Vec2;
	/** The point of B's core (world). */
	wB: Vec2;
	/** Index of that core vertex on A. */
	indexA: number;
	/** Index of that core vertex on B. */
	indexB: number;
}
/** Why a GJK step ended: `continue` (the support point joined the simplex and GJK went on), `overlap` (the triangle contains the origin: the cores overlap), `touching` (the origin lies on the simplex, a point or a segment: the cores touch), `repeated` (the support point is already in the simplex: the closest features are found), `no-progress` (the support point is no closer to the origin along the direction, up to rounding), `separated` (overlap test only: the support plane separates the cores by more than the limit), `max-iterations` (the iteration bound was reached). */
export type GjkStop2 = 'continue' | 'overlap' | 'touching' | 'repeated' | 'no-progress' | 'separated' | 'max-iterations';
/** One GJK iteration: the simplex, which vertices its closest point keeps, then direction and support. */
export interface GjkStep2 {
	/** The simplex entering the step (the first step's is empty), newest last. */
	simplex: GjkVertex2[];
	/** kept[i]: simplex[i] supports the closest point (the others are dropped). */
	kept: boolean[];
	/** Barycentric weight of each simplex point in the closest point (0 when dropped). */
	weights: number[];
	/** The simplex's closest point to the origin ([0, 0] when the triangle holds the origin). */
	closest: Vec2;
	/** Search direction towards the origin, or null when the step stopped before searching. */
	direction: Vec2 | null;
	/** Support point along direction, or null. */
	support: GjkVertex2 | null;
	/** 'continue', or why GJK stopped here. */
	stop: GjkStop2;
}
/** A GJK run with `{ trace: true }`: the library's own steps, number for number (the traced query
 *  gives the same result as the untraced one). */
export interface GjkTrace2 {
	/** One entry per iteration, the first taking only the first support point; the last says why GJK stopped. */
	steps: GjkStep2[];
	/** More steps happened than the trace buffer holds (the result is still exact). */
	truncated: boolean;
}
/** One clipping of the incident edge against the reference face's side planes (world space). */
export interface ClipAttempt2 {
	/** The shape the reference face is on. */
	refShape: 'a' | 'b';
	/** Reference edge index (its start vertex) on that shape's core. */
	refEdge: number;
	/** Reference face start vertex (world, core). */
	refStart: Vec2;
	/** Reference face end vertex (world, core). */
	refEnd: Vec2;
	/** The reference face's outward normal (world). */
	refNormal: Vec2;
	/** Incident edge index (its start vertex) on the other shape's core. */
	incidentEdge: number;
	/** Incident edge start vertex (world, core). */
	incStart: Vec2;
	/** Incident edge end vertex (world, core). */
	incEnd: Vec2;
	/** Face length: the side planes are at u = 0 and u = length. */
	length: number;
	/** Incident ends along the face from refStart, before clipping. */
	u: [number, number];
	/** Incident ends' heights above the face, before clipping (negative: below it). */
	h: [number, number];
	/** The incident edge is wholly beyond one side plane. */
	missed: boolean;
	/** 0: end kept as is, 1: moved onto the plane u = 0, 2: onto u = length. */
	clippedBy: [number, number];
	/** End k after clipping (world, a point of the incident core). */
	points: [Vec2, Vec2];
	/** End k's height above the face after clipping (negative: below it). */
	heights: [number, number];
	/** The feature id the contact from end k carries (as ManifoldPoint2.id). */
	ids: [number, number];
}
/** How a 2D manifold was built (manifold with `{ trace: true }`): the separating axes of the cores,
 *  then each reference face clipped (world space). */
export interface ClipTrace2 {
	/** `not-run` (invalid input: nothing ran), `closed-form` (a circle is involved: closest points in
	 *  closed form, no faces to clip), `apart` (the best separating axis separates the cores by more
	 *  than radii + margin), `face` (the incident edge clipped against the reference face gave the
	 *  points), `closest` (the closest features of the cores gave a single point). */
	path: 'not-run' | 'closed-form' | 'apart' | 'face' | 'closest';
	/** Best separation of the cores along A's edge normals (> 0: apart); 0 when the axes were not run. */
	separationA: number;
	/** Best separation of the cores along B's edge normals; 0 when the axes were not run. */
	separationB: number;
	/** A's edge with the largest separation; -1 when the axes were not run. */
	edgeA: number;
	/** B's edge with the largest separation; -1 when the axes were not run. */
	edgeB: number;
	/** The clippings in order (0 to 2: the preferred face, then the best one if it failed). */
	attempts: ClipAttempt2[];
}

/** One contact point of a 2D manifold. */
export interface ManifoldPoint2 {
	/** Contact point on A's surface, world space. */
	pointA: Vec2;
	/** Contact point on B's surface, world space. */
	pointB: Vec2;
	/** dot(pointA - pointB, normal): positive when overlapping, negative for speculative points. */
	depth: number;
	/** Feature id: stays the same while the same features touch. */
	id: number;
}

/** Result of {@link Narrowphase.manifold} for 2D shapes: a normal shared by up to 2 points. Convention: `normal` points from A to B; each point's `depth = dot(pointA - pointB, normal)` is positive when overlapping. */
export interface Manifold2 {
	/** Unit normal from A to B. */
	normal: Vec2;
	/** At most 2 points; [] when there is no contact. */
	points: ManifoldPoint2[];
}

/** Result of {@link Narrowphase.minkowskiDifference} (for drawing and teaching). */
export interface MinkowskiDifference2 {
	/** Vertices of the core Minkowski difference A - B, world space, counter-clockwise. */
	vertices: Vec2[];
	/** radiusA + radiusB: the true difference is the core inflated by this. */
	radius: number;
}

/** Options of {@link Narrowphase.polygon2d}. */
export interface PolygonOptions {
	/** Rounding radius >= 0 (default 0). */
	radius?: number;
}

/** Options of {@link Narrowphase.manifold}. */
export interface ManifoldOptions {
	/** Points separated by less than this are kept with negative depth (default 0, must be >= 0). */
	margin?: number;
	/** A manifold returned earlier: it is refilled in place and returned (its arrays and point
	 *  objects are reused, so a steady contact allocates nothing). */
	out?: Manifold2;
}

/** Options of {@link Narrowphase.penetration}. */
export interface PenetrationOptions {
	/** Record the EPA run (steps, simplex, startedFromEdge, radius). */
	trace?: boolean;
	/** A result returned earlier: refilled in place and returned when the shapes overlap (null is
	 *  still returned when they are apart, leaving it as it was). */
	out?: PenetrationResult2;
}

/** A prepared 2D transform (np.transform2d): position and angle as in Transform2, plus the rotation
 *  the library computes from the angle, made once. Queries given it skip that step and return the
 *  same bits as with { position, angle }. Immutable. */
export interface Transform2D extends Transform2 {
	readonly position: readonly [number, number];
	readonly angle: number;
	/** [cos, sin] of the angle (the library's deterministic sine and cosine). */
	readonly rotation: readonly [number, number];
}

/** Options of distance: out, a result returned earlier, refilled in place and returned. */
export interface DistanceOptions<R> {
	/** A result returned earlier: its fields (and its pointA, pointB, normal arrays) are refilled in
	 *  place and it is returned, so a repeated query allocates nothing. Not such a result: NP_INVALID_ARGUMENT. */
	out?: R;
}

// ---------------------------------------------------------------------------------------- 3D
// (js/api3d.mjs) Shapes are a convex core inflated by a radius, as in 2D. Transforms are a
// position and a unit quaternion [x, y, z, w] (normalised by the library; a zero quaternion is
// NP_INVALID_TRANSFORM). np.overlap / distance / penetration / manifold take 3D shapes too; mixing
// a 2D and a 3D shape throws NP_INVALID_ARGUMENT.

/** A 3D vector [x, y, z]. */
export type Vec3 = [number, number, number];

/** Anything accepted where a 3D vector is read: a plain array or a typed array of length 3. */
export type Vec3Like = readonly [number, number, number] | ArrayLike<number>;

/** A rigid 3D transform: rotate by the quaternion `rotation` [x, y, z, w], then translate.
 *  Missing fields (or a missing transform) mean identity. */
export interface Transform3 {
	/** Translation [x, y, z] (default [0, 0, 0]). */
	position?: Vec3Like;
	/** Unit quaternion [x, y, z, w] (default [0, 0, 0, 1]); normalised by the library, a zero quaternion is NP_INVALID_TRANSFORM. */
	rotation?: readonly [number, number, number, number] | ArrayLike<number>;
}

/** What a Shape3D is: `sphere`, `capsule3d`, `box3d`, `hull3d` or `triangle3d`. */
export type ShapeKind3D = 'sphere' | 'capsule3d' | 'box3d' | 'hull3d' | 'triangle3d';

/** A 3D convex shape. */
export interface Shape3D extends Shape {
	/** Which constructor made the shape. */
	readonly kind: ShapeKind3D;
	/** Number of dimensions (3). */
	readonly dim: 3;
	/** Rounding radius (sphere and capsule radius; 0 for sharp shapes). */
	readonly radius: number;
	/** Capsule half height along local y (0 for other shapes). */
	readonly halfHeight: number;
	/** Number of faces of the core (0 for sphere and capsule; 2 for a triangle). */
	readonly faceCount: number;
	/** Core vertices in local space (sphere: [[0, 0, 0]], capsule: its segment's ends). */
	readonly vertices: readonly (readonly [number, number, number])[];
}

/** Result of {@link Narrowphase.distance} for 3D shapes. Lengths are in the shapes' units, points in world space. */
export interface DistanceResult3 {
	/** Distance between the shapes; 0 when they overlap. */
	distance: number;
	/** Closest point on A (when overlapping: a point inside both, equal to pointB). */
	pointA: Vec3;
	/** Closest point on B. */
	pointB: Vec3;
	/** Unit vector from pointA to pointB; [0, 0, 0] when overlapping. */
	normal: Vec3;
	/** GJK iterations used. */
	iterations: number;
}

/** Why 3D EPA stopped: `none` (no EPA: the cores are apart and only the rounding overlaps, or the shapes are apart), `converged` (within tolerance), `max-iterations` (the iteration bound: best face so far), `cores-separated` (GJK found the cores apart), `flat` (a degenerate polytope: the depth comes from its best face), `no-progress` (a support point added nothing new). */
export type EpaStop3 = 'none' | 'converged' | 'max-iterations' | 'cores-separated' | 'flat' | 'no-progress';

/** Result of {@link Narrowphase.penetration} for 3D shapes (null when they are apart). Convention: `normal` is unit and points from A to B, `depth = dot(pointA - pointB, normal) >= 0`, and moving B by `depth * normal` makes the shapes just touch. */
export interface PenetrationResult3 {
	/** Penetration depth (>= 0); moving B by depth * normal separates the shapes. */
	depth: number;
	/** Unit direction from A to B. */
	normal: Vec3;
	/** Deepest point of A inside B (world space, on A's surface). */
	pointA: Vec3;
	/** Deepest point of B inside A (world space, on B's surface). */
	pointB: Vec3;
	/** pointA in A's local space. */
	localA: Vec3;
	/** pointB in B's local space. */
	localB: Vec3;
	/** Unit tangents completing the normal to an orthonormal basis. */
	tangent1: Vec3;
	/** cross(normal, tangent1): with tangent1 and normal a right-handed orthonormal basis (for friction). */
	tangent2: Vec3;
	/** EPA expansions (support points added); 0 without EPA. */
	iterations: number;
	/** Why EPA stopped. */
	stop: EpaStop3;
}

/** One contact point of a 3D manifold. */
export interface ManifoldPoint3 {
	/** Contact point on A's surface, world space. */
	pointA: Vec3;
	/** Contact point on B's surface, world space. */
	pointB: Vec3;
	/** dot(pointA - pointB, normal): positive when overlapping, negative for speculative points. */
	depth: number;
	/** Feature id: stays the same while the same features touch. */
	id: number;
}

/** Result of {@link Narrowphase.manifold} for 3D shapes: a normal shared by up to 4 points. Convention: `normal` points from A to B; each point's `depth = dot(pointA - pointB, normal)` is positive when overlapping. */
export interface Manifold3 {
	/** Unit normal from A to B. */
	normal: Vec3;
	/** At most 4 points; [] when there is no contact. */
	points: ManifoldPoint3[];
}

/** A point kept by a ContactCache3D. */
export interface CachedPoint3 {
	/** The point on A's surface, world space, for the latest transforms. */
	pointA: Vec3;
	/** The point on B's surface, world space, for the latest transforms. */
	pointB: Vec3;
	/** pointA in A's local space. */
	localA: Vec3;
	/** pointB in B's local space. */
	localB: Vec3;
	/** dot(pointA - pointB, normal) for the latest transforms: positive when overlapping. */
	depth: number;
	/** Feature id of the manifold point it came from (matching across frames uses it first, then distance). */
	id: number;
	/** Updates this point has survived (0 when just added). */
	age: number;
	/** The numbers stored with setUserData (e.g. accumulated impulses). */
	user: number[];
}

/** Options of {@link Narrowphase.contactCache3d}. Lengths are in the shapes' units. */
export interface ContactCacheOptions {
	/** Largest tangential drift before a point is dropped; also the matching distance (default 0.02, > 0). */
	breakDistance?: number;
	/** Points separated by more than this along the normal are dropped (default 0, >= 0). */
	margin?: number;
}

/** A persistent contact set for one pair of shapes (npContactCache3). */
export interface ContactCache3D {
	/** The break distance in use (see ContactCacheOptions). */
	readonly breakDistance: number;
	/** The margin in use (see ContactCacheOptions). */
	readonly margin: number;
	/** Feeds this frame's result: a manifold (its points are taken, user data carried over from
	 *  matched points), a single point such as a penetration result (accumulated, up to 4), or null
	 *  (no contact this frame: the cached points are only refreshed). Returns the current points. */
	update(result: Manifold3 | PenetrationResult3 | { pointA: Vec3Like; pointB: Vec3Like; normal: Vec3Like; id?: number } | null,
		ta?: Transform3 | null, tb?: Transform3 | null): CachedPoint3[];
	/** Re-measures the cached points for new transforms, dropping stale ones. Returns the points. */
	refresh(ta?: Transform3 | null, tb?: Transform3 | null): CachedPoint3[];
	/** Current points, deepest first. */
	readonly points: CachedPoint3[];
	/** World normal (A to B) of the last update. */
	readonly normal: Vec3;
	/** Number of cached points. */
	readonly count: number;
	/** Stores up to limits3d.userData numbers on point `index` (NP_OUT_OF_RANGE when there is no such point). */
	setUserData(index: number, values: ArrayLike<number>): void;
	/** Forgets every point. */
	clear(): void;
	/** One frame of a persistent pair in one call: the manifold (equal to np.manifold(a, ta, b, tb,
	 *  { margin }): same numbers, same ids), found from what the cache learned last frame (best faces;
	 *  the edge-axis search is skipped when a face contact proves no edge axis can win); the cache
	 *  then holds its points (`points`: matched by feature id, with age and user data).
	 *  options.margin defaults to the cache's margin; options.out: a manifold returned earlier,
	 *  refilled in place and returned (no allocation while the point count stays the same). */
	collide(a: Shape3D, ta: Transform3 | undefined | null, b: Shape3D, tb: Transform3 | undefined | null,
		options?: { margin?: number; out?: Manifold3 }): Manifold3;
	/** Counters of collide: calls, polyhedron pairs that ran the axis search, of those the frames
	 *  whose edge search was skipped, and the frames where last frame's face was best again. */
	readonly stats: WarmStats3;
	/** Frees the wasm memory now; calling it again does nothing. */
	dispose(): void;
	/** True once dispose() was called; any other call then throws NP_DISPOSED. */
	readonly disposed: boolean;
}

/** ContactCache3D.stats. */
export interface WarmStats3 {
	/** Calls of collide. */
	frames: number;
	/** Of those, frames that ran the separating-axis search (a polyhedron pair, not apart). */
	searched: number;
	/** Of the searched frames, those whose edge-axis search was proven unnecessary and skipped. */
	edgesSkipped: number;
	/** Of the searched frames, those where last frame's face was the best face again. */
	faceReused: number;
	/** Of the searched frames, those whose face search was skipped as well (hull pairs in a face
	 *  contact): last frame's two faces measured and every other face proven lower. */
	facesProven: number;
}

/** A point kept by a ContactCache2D. */
export interface CachedPoint2 {
	/** The point on A's surface, world space, at the last collide. */
	pointA: Vec2;
	/** The point on B's surface, world space, at the last collide. */
	pointB: Vec2;
	/** pointA in A's local space. */
	localA: Vec2;
	/** pointB in B's local space. */
	localB: Vec2;
	/** dot(pointA - pointB, normal) at the last collide: positive when overlapping, negative for speculative points. */
	depth: number;
	/** Feature id of the manifold point it came from; a point continues last frame's point with the
	 *  same id (one half within breakDistance), else with both halves within breakDistance. */
	id: number;
	/** Frames this point has survived (0 when just added). */
	age: number;
	/** The numbers stored with setUserData (e.g. accumulated impulses), 2 per point. */
	user: number[];
}

/** ContactCache2D.stats (edgesSkipped is always 0 in 2D). */
export interface WarmStats2 {
	/** Calls of collide (clear() keeps the counters). */
	frames: number;
	/** Of those, frames that ran the separating-axis search (two polygons, boxes or capsules). */
	searched: number;
	/** Always 0 in 2D (the 2D cache has no such counter; see WarmStats3.edgesSkipped). */
	edgesSkipped: number;
	/** Of the searched frames, those whose search started at A's best edge of the last frame and found it best again. */
	edgeReused: number;
}

/** A persistent 2D contact set for one pair of shapes (npContactCache2). */
export interface ContactCache2D {
	/** Matching distance: a new point continues an old one within this distance (default 0.02). */
	readonly breakDistance: number;
	/** Default margin of collide (default 0). */
	readonly margin: number;
	/** One frame in one call: the manifold (equal to np.manifold(a, ta, b, tb, { margin })), found from
	 *  A's best edge of the last frame; the cache then holds its points, matched by feature id.
	 *  options.out: a manifold returned earlier, refilled in place and returned (no allocation while
	 *  the point count stays the same). */
	collide(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options?: { margin?: number; out?: Manifold2 }): Manifold2;
	/** Current points, in the manifold's order. */
	readonly points: CachedPoint2[];
	/** World normal (A to B) of the last frame. */
	readonly normal: Vec2;
	/** Number of cached points. */
	readonly count: number;
	/** Counters of collide. */
	readonly stats: WarmStats2;
	/** Stores up to 2 numbers on point `index` (NP_OUT_OF_RANGE when there is no such point). */
	setUserData(index: number, values: ArrayLike<number>): void;
	/** Forgets every point and what the search learned. */
	clear(): void;
	/** Frees the wasm memory now; calling it again does nothing. */
	dispose(): void;
	/** True once dispose() was called; any other call then throws NP_DISPOSED. */
	readonly disposed: boolean;
}

// ---------------------------------------------------------------------------------------- meshes
// (js/apimesh.mjs)

/** A triangle mesh in wasm memory (one-sided triangles: counter-clockwise = front). */
export interface Mesh3D {
	/** Always 'mesh3d'. */
	readonly kind: 'mesh3d';
	/** Welded vertices. */
	readonly vertexCount: number;
	/** Triangles kept. */
	readonly triangleCount: number;
	/** Vertices given. */
	readonly inputVertexCount: number;
	/** Triangles given. */
	readonly inputTriangleCount: number;
	/** Triangles dropped as degenerate (zero area or a repeated vertex after welding). */
	readonly skippedTriangles: number;
	/** BVH nodes. */
	readonly nodeCount: number;
	/** BVH depth. */
	readonly depth: number;
	/** Edges used by one triangle only. */
	readonly boundaryEdges: number;
	/** Edges used by more than two triangles. */
	readonly nonManifoldEdges: number;
	/** Bytes of wasm memory the mesh occupies. */
	readonly bytes: number;
	/** Bounds in mesh space. */
	readonly lower: Vec3;
	/** Upper corner of the bounds in mesh space (lower is the other corner). */
	readonly upper: Vec3;
	/** Weld tolerance used. */
	readonly weldTolerance: number;
	/** Frees the wasm memory now; calling it again does nothing. */
	dispose(): void;
	/** True once dispose() was called; using the mesh then throws NP_DISPOSED. */
	readonly disposed: boolean;
}

/** Options of {@link Narrowphase.mesh3d}. */
export interface MeshOptions {
	/** Vertices closer than this are merged (default 1e-6, >= 0). */
	weldTolerance?: number;
}

/** Options of {@link Narrowphase.meshContacts}. Lengths are in the shapes' units. */
export interface MeshContactOptions {
	/** Contact distance (default 0). */
	margin?: number;
	/** At most 4 contacts per mesh: the deepest, then the most spread (default false). */
	reduce?: boolean;
	/** Drop contacts on internal edges and vertices (Terdiman's method; default true). */
	removeInternalEdges?: boolean;
	/** For study: 'terdiman' (default), 'initial' (before voiding) or 'all'. */
	algorithm?: 'terdiman' | 'initial' | 'all';
	/** Position matching of shared vertices across meshes (default 1e-6). */
	featureTolerance?: number;
	/** An array returned earlier: refilled in place (its contact objects and arrays reused, its
	 *  length set) and returned. */
	out?: MeshContacts;
}

/** One contact between a convex shape (A) and a mesh triangle (B). Convention as for manifolds: `normal` points from the shape to the mesh and `depth = dot(pointA - pointB, normal)`. */
export interface MeshContact {
	/** On the shape's surface, world space. */
	pointA: Vec3;
	/** On the mesh's surface, world space. */
	pointB: Vec3;
	/** Unit normal from the shape to the mesh. */
	normal: Vec3;
	/** Positive when overlapping. */
	depth: number;
	/** Index of the mesh in the meshes argument. */
	mesh: number;
	/** Triangle index in that mesh. */
	triangle: number;
	/** Which feature of the triangle is touched. */
	feature: 'face' | 'edge' | 'vertex';
	/** Edge (0..2) or vertex (0..2) index within the triangle; 0 for a face. */
	featureIndex: number;
}

/** Contacts of meshContacts; `overflow` is set when a fixed capacity was exceeded (some contacts dropped). */
export type MeshContacts = MeshContact[] & {
	/** Set when a fixed capacity (limitsMesh) was exceeded: the contacts returned are valid, some were dropped. */
	overflow?: true;
};

// ---------------------------------------------------------------------------------------- 2D chains
// (js/apichain.mjs)

/** A one-sided 2D polyline in wasm memory: segment i runs from point i to point i + 1 and collides
 *  only on its right side (a ground listed right to left faces up; a counter-clockwise loop keeps
 *  shapes outside, a clockwise one inside). */
export interface Chain2D {
	/** Always 'chain2d'. */
	readonly kind: 'chain2d';
	/** Closed chain. */
	readonly loop: boolean;
	/** Segments: points - 1, or points for a loop. */
	readonly segmentCount: number;
	/** The points as given. */
	readonly vertices: readonly Vec2[];
	/** Bytes of wasm memory the chain occupies (points, normals, BVH and grid). */
	readonly bytes: number;
	/** BVH nodes and depth (rays, closest points; box queries use a uniform grid). */
	readonly nodeCount: number;
	/** BVH depth (1 for a single leaf). */
	readonly depth: number;
	/** Bounds in chain space. */
	readonly lower: Vec2;
	/** Upper corner of the bounds in chain space (lower is the other corner). */
	readonly upper: Vec2;
	/** Frees the wasm memory now; calling it again does nothing. */
	dispose(): void;
	/** True once dispose() was called; using the chain then throws NP_DISPOSED. */
	readonly disposed: boolean;
}

/** Options of {@link Narrowphase.chain2d}. Ghost vertices are for open chains: a loop given
 *  ghostStart or ghostEnd is NP_INVALID_ARGUMENT; a ghost equal to its end point is NP_DEGENERATE. */
export interface ChainOptions {
	/** Close the chain (default false). */
	loop?: boolean;
	/** Open chains: where the level continues before the first point (Box2D's ghost vertex). */
	ghostStart?: Vec2Like;
	/** Open chains: where the level continues after the last point. */
	ghostEnd?: Vec2Like;
}

/** A chain target: one chain (placed by the call's transform, identity for chainContacts) or a list,
 *  each with its own transform. At most limitsChain.maxChains chains. */
export type ChainTarget = Chain2D | readonly (Chain2D | {
	/** A chain of the list. */
	chain: Chain2D;
	/** Where that chain is placed (default: identity). */
	transform?: Transform2 | null;
})[];

/** Options of {@link Narrowphase.chainContacts}. Lengths are in the shapes' units; a negative
 *  margin or featureTolerance is NP_INVALID_ARGUMENT, a NaN or infinite one NP_NON_FINITE. */
export interface ChainContactOptions {
	/** Speculative contact distance (default 0). */
	margin?: number;
	/** Apply the ghost rule (default true); false gives the naive per-segment manifolds. */
	removeGhosts?: boolean;
	/** End points of different chains closer than this (each coordinate) are joined (default 1e-6). */
	featureTolerance?: number;
	/** An array returned earlier (or an empty one): refilled in place (its contact objects and their
	 *  arrays reused, its length set) and returned. Its contact objects are pooled on the array, so
	 *  once it has held as many contacts as a call returns, a call allocates nothing. Not an array:
	 *  NP_INVALID_ARGUMENT. */
	out?: ChainContacts;
}

/** One contact between a 2D shape (A) and a chain segment (B). Convention as for manifolds: `normal`
 *  points from the shape to the chain and `depth = dot(pointA - pointB, normal)` is positive when overlapping. */
export interface ChainContact {
	/** On the shape's surface, world space. */
	pointA: Vec2;
	/** On the segment, world space. */
	pointB: Vec2;
	/** Unit normal from the shape toward the chain. */
	normal: Vec2;
	/** dot(pointA - pointB, normal): positive when overlapping. */
	depth: number;
	/** Index of the chain in the chains argument (0 for a single chain). */
	chain: number;
	/** Segment index in that chain. */
	segment: number;
	/** 'face': the segment's normal; 'vertex': a convex corner or a free end. */
	feature: 'face' | 'vertex';
	/** Shape and segment features; with chain and segment, stable while the same features touch. */
	id: number;
}

/** Contacts of chainContacts; `overflow` is set when a capacity was exceeded (some contacts dropped). */
export type ChainContacts = ChainContact[] & {
	/** Set when limitsChain.maxCandidates segments or maxContacts contacts were exceeded: the contacts
	 *  returned are valid, some were dropped. */
	overflow?: true;
};

/** A ray hit on a chain (front faces only). */
export interface ChainRayHit extends RayHit2 {
	/** Index of the chain hit in the target list (0 for a single chain). */
	chain: number;
	/** Segment hit. */
	segment: number;
}

/** The nearest chain point: distance unsigned for open chains, signed (negative on the back, solid
 *  side) when every chain is a loop. */
export interface ChainPointProjection extends PointProjection2 {
	/** Index of the chain in the target list (0 for a single chain). */
	chain: number;
	/** Index, in that chain, of the segment `point` lies on. */
	segment: number;
}

/** Options of shapeCast / shapeCastMany against chains: the cast options plus the chain ones. */
export interface ChainCastOptions extends CastManyOptions {
	/** Apply the ghost rule (default true): across flat or concave joints only face normals occur.
	 *  false gives the naive per-segment hit, for teaching and tests. */
	removeGhosts?: boolean;
	/** End points of different chains closer than this (each coordinate) are joined, as in
	 *  chainContacts (default 1e-6). */
	featureTolerance?: number;
}

/** A cast's first contact with a chain segment (segments are hit from their front only). */
export interface ChainCastHit extends CastHit2 {
	/** Index of the chain hit in the target list (0 for a single chain). */
	chain: number;
	/** Segment hit. */
	segment: number;
	/** 'face' when the normal is the segment's face normal, 'vertex' at a convex corner or free end. */
	feature: 'face' | 'vertex';
}

// ------------------------------------------------------------------------ rays, points, bounds
// (js/apiquery.mjs) One set of functions for every target: a Shape2D (2D vectors and transforms),
// a Shape3D or a Mesh3D (3D), or for rays and closest points a list of meshes as meshContacts
// takes. Results are in world space; lengths are in the units of the shapes; normals are unit.
// Every number must be finite and at most 1e12 in magnitude (else NP_NON_FINITE).

/** A mesh target: one mesh (placed by the call's transform) or a list of meshes, each with its
 *  own transform (the call's transform is then ignored). At most limitsMesh.maxMeshes meshes. */
export type MeshTarget = Mesh3D | readonly (Mesh3D | {
	/** A mesh of the list. */
	mesh: Mesh3D;
	/** Where that mesh is placed (default: identity). */
	transform?: Transform3 | null;
})[];

/** Options of {@link Narrowphase.rayCast} and {@link Narrowphase.rayCastMany}. */
export interface RayOptions {
	/** The ray is origin + t * direction for t in [0, maxFraction]; default 1 (the segment from
	 *  origin to origin + direction). >= 0 (else NP_INVALID_ARGUMENT) and finite (NP_NON_FINITE). */
	maxFraction?: number;
	/** Convex shapes: an origin inside or on the boundary hits at fraction 0 with a zero normal and
	 *  frontFace false (default true); false reports where the ray leaves the shape instead. Ignored
	 *  by meshes (they have no inside). */
	solid?: boolean;
	/** Meshes: also hit triangles from their back (clockwise) side (default false: rays pass
	 *  through back faces to what lies behind). */
	backfaces?: boolean;
}

/** Options of {@link Narrowphase.rayCast}: RayOptions plus `out`. */
export interface RayCastOptions<Out = RayHit2 | RayHit3> extends RayOptions {
	/** A hit rayCast returned earlier (of the same dimension): refilled in place and returned, so a
	 *  ray cast every frame allocates nothing. Fields another target kind added (a mesh hit's mesh
	 *  and triangle, a chain hit's chain and segment) are removed or replaced, so it equals a new
	 *  result. A miss returns null and leaves it untouched. Not such an object: NP_INVALID_ARGUMENT. */
	out?: Out;
}

/** Where a ray first meets a target: the smallest t in [0, maxFraction] (both ends included). */
export interface RayHit2 {
	/** t of the hit: point = origin + fraction * direction. */
	fraction: number;
	/** The hit point on the surface. */
	point: Vec2;
	/** Unit surface normal at point, facing the ray (dot(normal, direction) <= 0); [0, 0] for a
	 *  solid start inside. At a polygon corner: the normal of the edge whose side the ray crosses
	 *  last (the lower-numbered edge when the ray passes exactly through the corner). */
	normal: Vec2;
	/** True when the ray meets the surface from outside; false for a start inside or an exit. */
	frontFace: boolean;
}

/** Where a ray first meets a 3D shape: the smallest t in [0, maxFraction] (both ends included). */
export interface RayHit3 {
	/** t of the hit: point = origin + fraction * direction (in units of the direction's length, not of distance unless the direction is unit). */
	fraction: number;
	/** The hit point on the surface, world space. */
	point: Vec3;
	/** Unit surface normal facing the ray ([0, 0, 0] for a solid start inside). At an edge or corner
	 *  of a box or hull: the normal of the face whose plane the ray crosses last (the lowest-numbered
	 *  face on exact ties). A triangle3d is two-sided (frontFace true from either side); a ray in its
	 *  plane meets it on an edge, with that edge's outward normal in the plane. Spheres and capsules
	 *  are hit exactly on their rounding. */
	normal: Vec3;
	/** True when the ray meets the surface from outside; false for a start inside or an exit (solid: false). */
	frontFace: boolean;
}

/** A ray hit on meshes: frontFace tells the triangle's side (true: its counter-clockwise front). */
export interface MeshRayHit extends RayHit3 {
	/** Index of the mesh in the list (0 for a bare mesh). On exact ties the lower mesh wins. */
	mesh: number;
	/** Index of the triangle in that mesh's input (the lower one on exact ties). */
	triangle: number;
}

/** What rayCast returns for a hit, by target (issue contract name: RayHit). */
export type RayHit = RayHit2 | RayHit3 | MeshRayHit;

// ------------------------------------------------------------------------------ casts (2D)
/** Options of {@link Narrowphase.shapeCast} (and of shapeCastMany). Lengths are in the shapes' units;
 *  a NaN / infinite / huge value is NP_NON_FINITE, a negative maxFraction or targetDistance NP_INVALID_ARGUMENT. */
export interface CastOptions {
	/** The shape moves by fraction * translation for fraction in [0, maxFraction]; default 1; >= 0. */
	maxFraction?: number;
	/** The hit is the first fraction at which the distance is at most this (default 0; > 0 is the
	 *  "skin" a character controller keeps); >= 0. */
	targetDistance?: number;
	/** Skip an initial contact that the translation moves away from (dot(translation, normal) >= 0):
	 *  a shape sliding along a wall. For one convex target the cast then has no hit. Default false. */
	ignoreSeparating?: boolean;
	/** 3D meshes: vertices closer than this (world space, each coordinate) are one feature for the
	 *  internal-edge rule (default limitsMesh.featureTolerance). */
	featureTolerance?: number;
}

/** Options of {@link Narrowphase.shapeCast}: CastOptions plus `out`. */
export interface ShapeCastOptions<Out = CastHit2 | CastHit3> extends CastOptions {
	/** A hit shapeCast returned earlier (of the same dimension): refilled in place and returned
	 *  (fields of another target kind removed or replaced), so a cast made every frame allocates
	 *  nothing. A miss returns null and leaves it untouched. Not such an object: NP_INVALID_ARGUMENT. */
	out?: Out;
}

/** Where a cast first comes within targetDistance of its target. */
export interface CastHit2 {
	/** The first such fraction: never later than the exact contact (no tunnelling), within about 1e-10 of
	 *  the problem's scale (extents, translation, distance from the origin) over the translation. */
	fraction: number;
	/** On the target's surface at the hit (world space). For two parallel edges, one end of their
	 *  common part. */
	point: Vec2;
	/** The matching point of the moved shape's surface (pointOnShape - point = targetDistance * normal). */
	pointOnShape: Vec2;
	/** Unit, from the target toward the moving shape (the hit surface's outward normal, as for rays);
	 *  [0, 0] for an initial contact of shapes that touch exactly (distance 0, no overlap). */
	normal: Vec2;
	/** Within targetDistance at fraction 0: fraction is 0; normal and points are the distance
	 *  query's, or the penetration's when the shapes overlap. */
	initialOverlap: boolean;
	/** The overlap depth at fraction 0 when the shapes overlap there; 0 otherwise. */
	penetration: number;
	/** Iterations of the ray cast on the Minkowski difference (0 for two circles: closed form). */
	iterations: number;
}

/** What shapeCast returns for a hit: CastHit2 in 2D, CastHit3 (MeshCastHit3 against meshes) in 3D. */
export type CastHit = CastHit2 | CastHit3;

/** Options of {@link Narrowphase.shapeCastMany}: CastOptions, shared by every cast, plus the moving shape's angle. */
export interface CastManyOptions extends CastOptions {
	/** The moving shape's angle (radians) for every cast; default 0. */
	angle?: number;
}

/** A 2D motion over fraction 0..1: the local point `center` (default [0, 0]) moves in a straight
 *  line from its place under `from` to its place under `to`, while the shape turns about it with
 *  the angle moving linearly from from.angle to to.angle. Angles are never wrapped: 0 to 20 * PI
 *  turns ten times. */
export interface Sweep2 {
	/** The shape's transform at fraction 0 (null or missing: identity). */
	from?: Transform2 | null;
	/** The shape's transform at fraction 1 (null or missing: identity). */
	to?: Transform2 | null;
	/** The local point (shape space, usually the centroid) that moves in a straight line; default [0, 0]. */
	center?: Vec2Like;
}

/** Options of {@link Narrowphase.timeOfImpact}. Lengths are in the shapes' units; a negative value
 *  is NP_INVALID_ARGUMENT, a NaN / infinite / huge one NP_NON_FINITE. */
export interface TimeOfImpactOptions<Out = TimeOfImpact2 | TimeOfImpact3> {
	/** The contact sought: the distance reaching this (default 0; >= 0). */
	targetDistance?: number;
	/** A result timeOfImpact returned earlier (of the same dimension): refilled in place and
	 *  returned. Not such an object: NP_INVALID_ARGUMENT. */
	out?: Out;
	/** Accepted distance error (> 0); default 1e-9 of the problem's scale in 2D, 1e-6 of the shapes' reach from their sweep centres in 3D (their size when the centres lie in them: a centre of rotation far outside a shape widens it). */
	tolerance?: number;
}

/** What timeOfImpact returns. */
export interface TimeOfImpact2 {
	/** No contact (distance below targetDistance - tolerance) happens before it; 1 when separated,
	 *  0 when overlapped. */
	fraction: number;
	/** 'hit': the distance is targetDistance within tolerance at fraction; 'separated': never within
	 *  targetDistance on [0, 1]; 'overlapped': already closer than targetDistance - tolerance at 0;
	 *  'failed': the iteration bound was reached (rare: shapes turning tens of times within the sweep
	 *  while nearly touching); fraction is still safe. */
	state: 'hit' | 'separated' | 'overlapped' | 'failed';
	/** Unit, from A to B at fraction (separated: at 1, where the sweeps end, as in 3D; when
	 *  overlapped, the penetration normal, or the closest points' direction for shapes apart by less
	 *  than targetDistance). */
	normal: Vec2;
	/** Closest point of A at fraction (separated: at 1). */
	pointA: Vec2;
	/** Closest point of B at fraction (separated: at 1). */
	pointB: Vec2;
	/** Outer iterations (one GJK distance and a bound's root each). */
	iterations: number;
}

/** The contract name of timeOfImpact's result (2D here). */
export type TimeOfImpact = TimeOfImpact2 | TimeOfImpact3;

// ------------------------------------------------------------------------------ shape casts (3D)

/** Where a 3D shape cast first touches. The fraction is never later than the exact first contact
 *  (it stops about 1e-10 of the scale short of it), so a shape moved to it never sits inside. */
export interface CastHit3 {
	/** The first t at which the distance is at most targetDistance. */
	fraction: number;
	/** On the target's surface, world space. */
	point: Vec3;
	/** The matching point of the moved shape (at `fraction`). */
	pointOnShape: Vec3;
	/** Unit, from the target toward the moving shape (the hit surface's outward normal). */
	normal: Vec3;
	/** Within targetDistance at t = 0 (then fraction is 0). */
	initialOverlap: boolean;
	/** With initialOverlap: how deep the shapes overlap (0 when they only come within the skin); 0 for a later hit, as in 2D. */
	penetration: number;
	/** Iterations of the GJK ray cast (support points taken). */
	iterations: number;
}

/** A shape cast's hit on meshes. A hit on an internal edge or vertex (shared with a coplanar or
 *  concave neighbour, in any of the meshes, that has the shape's centre in front of it) reports the
 *  triangle's face normal, and is skipped when the motion does not go into that face (sliding over a
 *  seam); a convex edge, or an edge whose neighbour the shape is behind, keeps its edge normal. */
export interface MeshCastHit3 extends CastHit3 {
	/** Index of the mesh in the list (0 for a bare mesh). */
	mesh: number;
	/** Index of the triangle in that mesh's input. */
	triangle: number;
}

/** A motion over fraction 0..1: the local point `center` (default the origin) moves on a straight
 *  line from its place in `from` to its place in `to` while the rotation turns by slerp along the
 *  shorter arc. */
export interface Sweep3 {
	/** The shape's pose at fraction 0 (null or missing: identity). */
	from?: Transform3 | null;
	/** The shape's pose at fraction 1 (null or missing: identity). */
	to?: Transform3 | null;
	/** The local point (shape space) that moves in a straight line, the centre of rotation; default [0, 0, 0]. */
	center?: Vec3Like;
}

/** The result of a 3D time of impact. */
export interface TimeOfImpact3 {
	/** The first contact ('hit'), 0 ('overlapped'), 1 ('separated'), or the last safe fraction
	 *  ('failed': never later than the first contact). */
	fraction: number;
	/** 'hit': the distance is targetDistance +- tolerance and no earlier t had a distance below
	 *  targetDistance - tolerance; 'separated': never within targetDistance on [0, 1];
	 *  'overlapped': within it at t = 0; 'failed': the iteration cap was reached (rare). */
	state: 'hit' | 'separated' | 'overlapped' | 'failed';
	/** Unit, from A to B at `fraction` (separated: at 1, where the sweeps end). */
	normal: Vec3;
	/** Closest point of A at `fraction` (separated: at 1). */
	pointA: Vec3;
	/** Closest point of B at `fraction` (separated: at 1). */
	pointB: Vec3;
	/** Advancement steps used. */
	iterations: number;
}

/** The nearest surface point of a convex shape. */
export interface PointProjection2 {
	/** The nearest point on the surface, world space. */
	point: Vec2;
	/** Signed distance from the surface to the query point: negative inside. */
	distance: number;
	/** Unit outward normal at point (so p = point + distance * normal). At a sharp corner, or inside
	 *  equally near two edges: the lower-numbered edge's. */
	normal: Vec2;
}

/** The nearest surface point of a 3D convex shape. */
export interface PointProjection3 {
	/** The nearest point on the surface, world space. */
	point: Vec3;
	/** Signed distance: negative inside. */
	distance: number;
	/** Unit outward normal at point. Inside a box or hull: the nearest face's (lowest-numbered on
	 *  ties); on a sphere's centre or a capsule's core segment: the local +x axis; on a triangle3d:
	 *  its front normal. */
	normal: Vec3;
}

/** The nearest point of meshes (meshes are surfaces: the distance is never negative). */
export interface MeshPointProjection {
	/** The nearest point on the meshes, world space. */
	point: Vec3;
	/** Distance from the query point to `point`. */
	distance: number;
	/** Unit front normal of the nearest triangle. */
	normal: Vec3;
	/** Index of the mesh in the list (0 for a bare mesh); the lower one on exact ties. */
	mesh: number;
	/** Index of the triangle in that mesh's input; the lower one on exact ties. */
	triangle: number;
	/** The part of the triangle `point` lies on. */
	feature: 'face' | 'edge' | 'vertex';
}

/** Options of {@link Narrowphase.closestPoint}. */
export interface ClosestPointOptions<Out = PointProjection2 | PointProjection3 | MeshPointProjection> {
	/** Meshes: null when no triangle is within this distance (default Infinity; >= 0). Convex
	 *  shapes always answer and ignore it. */
	maxDistance?: number;
	/** A result closestPoint returned earlier (of the same dimension): refilled in place and
	 *  returned (fields of another target kind removed or replaced), so a query repeated every frame
	 *  allocates nothing. A mesh query finding nothing returns null and leaves it untouched. Not such
	 *  an object: NP_INVALID_ARGUMENT. */
	out?: Out;
}

/** Options of {@link Narrowphase.bounds}. */
export interface BoundsOptions<Out = Bounds2 | Bounds3> {
	/** Bounds returned earlier (of the same dimension): refilled in place and returned. Not such an
	 *  object: NP_INVALID_ARGUMENT. */
	out?: Out;
}

/** An axis-aligned box in world space. */
export interface Bounds2 {
	/** Minimum corner [minX, minY]. */
	lower: Vec2;
	/** Maximum corner [maxX, maxY]. */
	upper: Vec2;
}

/** An axis-aligned box in world space. */
export interface Bounds3 {
	/** Minimum corner [minX, minY, minZ]. */
	lower: Vec3;
	/** Maximum corner [maxX, maxY, maxZ]. */
	upper: Vec3;
}

// ------------------------------------------------------------------------------ batches
// One wasm call runs a query over n pairs. shapesA and shapesB are arrays of n shapes of one
// dimension (all Shape2D or all Shape3D); transformsA and transformsB are Float64Arrays of
// 3 numbers per pair in 2D (x, y, angle in radians) and 7 in 3D (px, py, pz, qx, qy, qz, qw; the
// quaternion is normalised as in the single calls). Pair i's results are bit-identical to the
// single call's on (shapesA[i], transformsA[i], shapesB[i], transformsB[i]). The result is one
// typed array per field; `count` is n and the arrays hold at least n records (exactly n when new;
// a refilled options.out keeps longer arrays and replaces shorter ones). Nothing is allocated per
// call once the output exists and n is the same as in the previous call of that query.
// Errors: NP_INVALID_ARGUMENT (shapesA / shapesB not arrays, different lengths, a pair's shape
// not a shape of this instance or of the batch's dimension, a bad options.out), NP_DISPOSED (a
// disposed shape), NP_INVALID_TRANSFORM (a transforms array that is not a Float64Array of exactly
// 3n / 7n numbers; a zero quaternion), NP_NON_FINITE (a NaN, infinite or > 1e12 number), as the
// single calls; the error's message names the pair and error.index is its index (-1 when the
// problem is not one pair's). The results of the pairs before a rejected one are unspecified.

/** A NarrowphaseError thrown by a batch query. */
export interface BatchError extends NarrowphaseError {
	/** The pair at fault, or -1. */
	index: number;
}

/** Manifolds of n pairs. P = 2 points per pair in 2D, 4 in 3D; dim = 2 or 3. Pair i's points are
 *  the slots i*P .. i*P + pointCount[i] - 1 (the other slots of the pair are zeros). */
export interface ManifoldBatch {
	/** Number of pairs n. */
	count: number;
	/** n: the number of points of each pair (0 = no contact within the margin). */
	pointCount: Uint8Array;
	/** n * dim: unit normal from A to B of each pair (given even without points, as manifold's). */
	normal: Float64Array;
	/** n * P * dim: contact points on A, world space. */
	pointA: Float64Array;
	/** n * P * dim: contact points on B, world space. */
	pointB: Float64Array;
	/** n * P: dot(pointA - pointB, normal); negative for speculative points. */
	depth: Float64Array;
	/** n * P: feature ids (as manifold's `id`). */
	id: Uint32Array;
}

/** Penetrations of n pairs (penetration's fields; every field 0 for a pair that is apart, where
 *  penetration returns null). */
export interface PenetrationBatch {
	/** Number of pairs n. */
	count: number;
	/** n: 1 when the pair overlaps (penetration would not return null), else 0. */
	overlapping: Uint8Array;
	/** n: penetration depth. */
	depth: Float64Array;
	/** n * dim: unit direction from A to B. */
	normal: Float64Array;
	/** n * dim: deepest point of A inside B. */
	pointA: Float64Array;
	/** n * dim: deepest point of B inside A. */
	pointB: Float64Array;
	/** n: EPA iterations. */
	iterations: Uint32Array;
}

/** Distances of n pairs (distance's fields). */
export interface DistanceBatch {
	/** Number of pairs n. */
	count: number;
	/** n: distance, 0 when overlapping. */
	distance: Float64Array;
	/** n * dim: closest point on A. */
	pointA: Float64Array;
	/** n * dim: closest point on B. */
	pointB: Float64Array;
	/** n * dim: unit vector from pointA to pointB; zeros when overlapping. */
	normal: Float64Array;
	/** n: GJK iterations. */
	iterations: Uint32Array;
}

/**
 * n pairs of shapes prepared for repeated batch queries (np.pairBatch): the fastest form from JS.
 * The shapes are checked and their pointers written once; the transforms are typed-array views
 * into wasm memory that the caller writes in place, and the results are views into wasm memory
 * that each call refills (no copies in or out, no per-pair shape checks). Results are bit for bit
 * those of the batch queries and the single calls. Creating objects may grow wasm memory, which
 * replaces the views: read transformsA / transformsB again after creating objects (a query that
 * finds the memory grew since they were read throws NP_INVALID_ARGUMENT), and read the result's
 * arrays from the returned object after each call. A shape of the batch that was disposed makes
 * the next query throw NP_DISPOSED naming the pair; bad numbers throw as the batch queries do.
 */
export interface PairBatch {
	/** Number of pairs n. */
	readonly count: number;
	/** 2 or 3 (2 for an empty batch). */
	readonly dim: number;
	/** A's transforms in wasm memory, written in place: 3 numbers per pair in 2D (x, y, angle), 7
	 *  in 3D (px, py, pz, qx, qy, qz, qw). Identities at creation. */
	readonly transformsA: Float64Array;
	/** B's transforms (as transformsA). */
	readonly transformsB: Float64Array;
	/** overlapBatch's answer as a view: 1 where pair i overlaps or touches. */
	overlap(): Uint8Array;
	/** manifoldBatch's result as views (the same object each call). options.margin as manifold's. */
	manifold(options?: { margin?: number }): ManifoldBatch;
	/** penetrationBatch's result as views. */
	penetration(): PenetrationBatch;
	/** distanceBatch's result as views. */
	distance(): DistanceBatch;
	/** Frees the wasm memory now (the shapes are not disposed). Calling it again does nothing. */
	dispose(): void;
	/** True once dispose() was called. */
	readonly disposed: boolean;
}

/**
 * Room for count rays of one dimension in wasm memory (np.rayBatch), cast in place: the fastest
 * form of rayCastMany from JS. origins, directions and out are typed-array views into wasm memory:
 * write the rays through origins / directions, call cast(), read the records from out (nothing is
 * copied in or out). Records are bit for bit rayCastMany's and rayCast's. Creating objects may
 * grow wasm memory, which replaces the views: read origins / directions again after creating
 * objects (a cast that finds the memory grew since they were read throws NP_INVALID_ARGUMENT;
 * the rays written before the growth are kept), and read out again after it.
 */
export interface RayBatch {
	/** Number of rays. */
	readonly count: number;
	/** 2 or 3: numbers per origin and per direction. */
	readonly dim: number;
	/** Numbers per record of out: 2 + 2 dim ([fraction, point..., normal..., index]). */
	readonly recordSize: number;
	/** The origins in wasm memory (count * dim numbers, zero at creation), written in place. */
	readonly origins: Float64Array;
	/** The directions in wasm memory (as origins). */
	readonly directions: Float64Array;
	/** The records in wasm memory (count * recordSize numbers), written by cast(): as rayCastMany's
	 *  out (fraction -1 for a miss). */
	readonly out: Float64Array;
	/** Casts every ray against the target (its dimension must be the batch's) as rayCastMany does;
	 *  returns the number of hits. Errors as rayCastMany's (the message names the bad ray), and
	 *  NP_INVALID_ARGUMENT for a target of the other dimension or after a memory growth as above. */
	cast(target: Shape2D | Shape3D | MeshTarget | ChainTarget, transform: Transform2 | Transform3 | undefined | null,
		options?: RayOptions): number;
	/** Frees the wasm memory now (NP_DISPOSED afterwards). Calling it again does nothing. */
	dispose(): void;
	/** True once dispose() was called. */
	readonly disposed: boolean;
}

/** The API object returned by init(). */
export interface Narrowphase {
	/** A disc of the given radius (> 0, in your length unit) centred at the local origin.
	 *  Errors: NP_INVALID_RADIUS (<= 0), NP_NON_FINITE (NaN, infinite, beyond 1e12), NP_INVALID_ARGUMENT (not a number). */
	circle(radius: number): Shape2D;
	/** A box centred at the local origin with half extents (> 0) along local x and y.
	 *  Errors: NP_INVALID_EXTENT (<= 0), NP_NON_FINITE, NP_INVALID_ARGUMENT (not a number). */
	box2d(halfWidth: number, halfHeight: number): Shape2D;
	/** A capsule along the local x axis: segment (-halfLength, 0)..(halfLength, 0) plus radius.
	 *  Errors: NP_INVALID_EXTENT (halfLength <= 0, checked first), NP_INVALID_RADIUS (radius <= 0), NP_NON_FINITE. */
	capsule2d(halfLength: number, radius: number): Shape2D;
	/** Convex hull of the points: [[x, y], ...] or flat [x0, y0, x1, y1, ...] (array or Float64Array).
	 *  At most 1024 points in, at most 64 hull vertices; points inside the hull are dropped.
	 *  Errors: NP_TOO_MANY_POINTS, NP_DEGENERATE (fewer than 3 points, or all coincident or collinear),
	 *  NP_NON_FINITE, NP_INVALID_RADIUS (options.radius < 0). */
	polygon2d(points: readonly Vec2Like[] | ArrayLike<number>, options?: PolygonOptions): Shape2D;

	/** True when the shapes overlap or touch. */
	overlap(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null): boolean;
	/** Overlap test with GJK's steps. */
	overlap(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options: { trace: true }): {
		/** True when the shapes overlap or touch (overlap's answer). */
		overlapping: boolean;
		/** The GJK run of the overlap test, step by step (it may stop early on a separating support plane). */
		gjk: GjkTrace2;
	};
	/** Distance with GJK's steps. */
	distance(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options: { trace: true }): DistanceResult2 & {
		/** The GJK run that found the distance, step by step. */
		gjk: GjkTrace2;
	};
	/** Distance and closest points by GJK. `options.out`: a result returned earlier, refilled in place and returned. */
	distance(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options?: DistanceOptions<DistanceResult2>): DistanceResult2;
	/** Penetration depth, normal and witness points by GJK + EPA; null when the shapes are apart. */
	penetration(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options: PenetrationOptions & { trace: true }): PenetrationTrace2 | null;
	/** Penetration depth, normal (A to B) and witness points of two 2D shapes by GJK + EPA, or null when they are apart (touching counts as apart). Errors: NP_INVALID_ARGUMENT for a non-shape or shapes of two instances, NP_DISPOSED for a disposed shape, NP_INVALID_TRANSFORM / NP_NON_FINITE for a malformed or non-finite transform. */
	penetration(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options?: PenetrationOptions): PenetrationResult2 | null;
	/** Contact manifold with the record of how it was clipped. */
	manifold(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options: ManifoldOptions & { trace: true }): Manifold2 & {
		/** How the manifold was built: axes, reference faces, clippings. */
		clip: ClipTrace2;
	};
	/** Contact manifold of two 2D shapes by separating axes and reference-face clipping: at most 2
	 *  points with stable ids, normal from A to B; points closer than `options.margin` are kept with
	 *  negative depth. Errors as overlap, and NP_INVALID_ARGUMENT for margin < 0. */
	manifold(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options?: ManifoldOptions): Manifold2;
	/** Core Minkowski difference A - B in world space (2D only: a 3D shape is NP_INVALID_ARGUMENT). */
	minkowskiDifference(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D,
		tb: Transform2 | undefined | null): MinkowskiDifference2;

	/** The class of 2D shapes of this instance (for instanceof). */
	readonly Shape2D: abstract new (...args: never[]) => Shape2D;
	/** A persistent 2D contact cache for one pair (options: breakDistance, margin). */
	contactCache2d(options?: ContactCacheOptions): ContactCache2D;
	/** The class of 2D contact caches of this instance (for instanceof). */
	readonly ContactCache2D: abstract new (...args: never[]) => ContactCache2D;
	/** A prepared transform for the 2D queries (see Transform2D). NP_INVALID_ARGUMENT for a
	 *  non-number, NP_NON_FINITE for NaN, infinite or > 1e12. */
	transform2d(x: number, y: number, angle: number): Transform2D;
	/** The class of prepared 2D transforms (for instanceof). */
	readonly Transform2D: abstract new (...args: never[]) => Transform2D;
	/** The error class (same as the module export). */
	readonly NarrowphaseError: typeof NarrowphaseError;
	/** Limits of the 2D shapes. */
	readonly limits2d: {
		/** Most vertices of a polygon's hull (64). */
		readonly maxPolygonVertices: number;
		/** Most points polygon2d accepts (1024). */
		readonly maxPolygonInput: number;
	};
	// ------------------------------------------------------------------------------ 3D
	/** A sphere of the given radius (> 0) centred at the local origin. Errors: NP_INVALID_RADIUS, NP_NON_FINITE. */
	sphere(radius: number): Shape3D;
	/** A capsule along the local y axis: segment (0, -halfHeight, 0)..(0, halfHeight, 0) plus radius.
	 *  Errors: NP_INVALID_EXTENT (halfHeight <= 0), NP_INVALID_RADIUS (radius <= 0), NP_NON_FINITE. */
	capsule3d(halfHeight: number, radius: number): Shape3D;
	/** A box centred at the local origin with half extents (> 0) along local x, y and z.
	 *  Errors: NP_INVALID_EXTENT (<= 0), NP_NON_FINITE. */
	box3d(hx: number, hy: number, hz: number): Shape3D;
	/** Convex hull of the points: [[x, y, z], ...] or flat [x0, y0, z0, ...], by quickhull
	 *  (near-duplicates welded, coplanar faces merged; coplanar input gives a flat two-sided hull).
	 *  Build it once: about 0.1-0.2 ms for 32 points. Errors: NP_TOO_MANY_POINTS (over 4096 points
	 *  or 256 hull vertices), NP_DEGENERATE (fewer than 3 points, all coincident or collinear), NP_NON_FINITE. */
	hull3d(points: readonly Vec3Like[] | ArrayLike<number>): Shape3D;
	/** A two-sided triangle (front: counter-clockwise a, b, c). Errors: NP_DEGENERATE (a repeated
	 *  vertex or collinear vertices), NP_NON_FINITE. */
	triangle3d(a: Vec3Like, b: Vec3Like, c: Vec3Like): Shape3D;
	/** True when the 3D shapes overlap or touch. Same errors as in 2D; a 2D shape with a 3D one is NP_INVALID_ARGUMENT. */
	overlap(a: Shape3D, ta: Transform3 | undefined | null, b: Shape3D, tb: Transform3 | undefined | null): boolean;
	/** Distance and closest points of two 3D shapes by GJK (signed-volume sub-simplex solver).
	 *  `options.out`: a result returned earlier, refilled in place and returned. */
	distance(a: Shape3D, ta: Transform3 | undefined | null, b: Shape3D, tb: Transform3 | undefined | null,
		options?: DistanceOptions<DistanceResult3>): DistanceResult3;
	/** Penetration depth, normal (A to B), witness points and a tangent basis of two 3D shapes by GJK + EPA, or null when they are apart.
	 *  `options.out`: a result returned earlier, refilled in place and returned when overlapping. */
	penetration(a: Shape3D, ta: Transform3 | undefined | null, b: Shape3D, tb: Transform3 | undefined | null,
		options?: { out?: PenetrationResult3 }): PenetrationResult3 | null;
	/** Contact manifold of two 3D shapes (at most 4 points, stable ids, normal from A to B; points
	 *  closer than `options.margin` kept with negative depth; `options.out` refills an earlier result). */
	manifold(a: Shape3D, ta: Transform3 | undefined | null, b: Shape3D, tb: Transform3 | undefined | null,
		options?: { margin?: number; out?: Manifold3 }): Manifold3;
	/** A persistent contact cache for one pair: feed it each frame's manifold to keep contact ids
	 *  and user data (warm-starting impulses). Errors: NP_INVALID_ARGUMENT (breakDistance <= 0 or
	 *  margin < 0), NP_NON_FINITE. */
	contactCache3d(options?: ContactCacheOptions): ContactCache3D;
	/** The class of 3D shapes of this instance (for instanceof). */
	readonly Shape3D: abstract new (...args: never[]) => Shape3D;
	/** The class of contact caches of this instance (for instanceof). */
	readonly ContactCache3D: abstract new (...args: never[]) => ContactCache3D;
	/** Limits of the 3D shapes: hull input points, hull vertices, and the numbers of user data per cached point. */
	readonly limits3d: {
		/** Most points hull3d accepts (4096). */
		readonly maxHullInput: number;
		/** Most vertices of a hull (256). */
		readonly maxHullVertices: number;
		/** Numbers of user data per cached contact point (ContactCache3D.setUserData). */
		readonly userData: number;
	};

	// ------------------------------------------------------------------------------ meshes
	/** A triangle mesh from vertices (flat or [[x, y, z], ...]) and indices (3 per triangle).
	 *  NP_OUT_OF_RANGE for a bad index; NP_DEGENERATE when no triangle is valid. */
	mesh3d(vertices: readonly Vec3Like[] | ArrayLike<number>, indices: ArrayLike<number>, options?: MeshOptions): Mesh3D;
	/** Contacts between a sphere, capsule, box or hull and one mesh (identity transform) or several
	 *  meshes (bare or { mesh, transform }). */
	meshContacts(shape: Shape3D, transform: Transform3 | undefined | null,
		meshes: Mesh3D | readonly (Mesh3D | { mesh: Mesh3D; transform?: Transform3 | null })[],
		options?: MeshContactOptions): MeshContacts;
	/** The class of meshes of this instance (for instanceof). */
	readonly Mesh3D: abstract new (...args: never[]) => Mesh3D;
	/** Limits of meshContacts: candidate triangles and contact points per call, meshes per call, and the default feature tolerance. */
	readonly limitsMesh: {
		/** Most candidate triangles in one meshContacts call (more: `overflow`). */
		readonly maxTriangles: number;
		/** Most contact points in one meshContacts call (more: `overflow`). */
		readonly maxPoints: number;
		/** Most meshes in one call (more: NP_TOO_MANY_POINTS). */
		readonly maxMeshes: number;
		/** Default MeshContactOptions.featureTolerance. */
		readonly featureTolerance: number;
	};

	// ------------------------------------------------------------------------------ 2D chains
	/** A chain from points (flat or [[x, y], ...]). NP_DEGENERATE for fewer than 2 points (3 for a
	 *  loop) or a zero-length segment, NP_NON_FINITE for NaN / infinite / huge coordinates. */
	chain2d(points: readonly Vec2Like[] | ArrayLike<number>, options?: ChainOptions): Chain2D;
	/** Contacts between any 2D shape and chains, without ghost collisions: at most 2 per segment
	 *  and limitsChain.maxContacts per call (`overflow` set when more were found). A segment gives
	 *  contacts only to a shape within `margin` of it, and a shape overlapping a segment it is in
	 *  front of always gets one; chains cut into pieces that meet end to end give the contacts of the
	 *  whole. `options.out`: an array returned earlier, refilled in place and returned (no
	 *  allocation per call). */
	chainContacts(shape: Shape2D, transform: Transform2 | undefined | null, chains: ChainTarget,
		options?: ChainContactOptions): ChainContacts;
	/** The class of chains of this instance (for instanceof). */
	readonly Chain2D: abstract new (...args: never[]) => Chain2D;
	/** Limits of the chains: points per chain, contacts and candidate segments per chainContacts call, chains per call, and the default feature tolerance. */
	readonly limitsChain: {
		/** Most points chain2d accepts (2^26; more: NP_TOO_MANY_POINTS). */
		readonly maxPoints: number;
		/** Most contacts in one chainContacts call (512: 2 per candidate; more: `overflow`). */
		readonly maxContacts: number;
		/** Most candidate segments (the midphase's segments near the shape, over all chains) in one chainContacts call (256; more are dropped: `overflow`). */
		readonly maxCandidates: number;
		/** Most chains in one call (256; more: NP_TOO_MANY_POINTS). */
		readonly maxChains: number;
		/** Default ChainContactOptions.featureTolerance (1e-6). */
		readonly featureTolerance: number;
	};

	// ------------------------------------------------------------------------------ rays, points, bounds
	/** Where the ray origin + t * direction (t in [0, maxFraction]; direction of any non-zero
	 *  length) first meets the target, or null. Errors: a zero direction or a negative maxFraction
	 *  NP_INVALID_ARGUMENT, a NaN / infinite / huge number NP_NON_FINITE, a malformed transform
	 *  NP_INVALID_TRANSFORM, a disposed target NP_DISPOSED, a wrong target or vector length
	 *  NP_INVALID_ARGUMENT. */
	rayCast(target: Shape2D, transform: Transform2 | undefined | null, origin: Vec2Like, direction: Vec2Like,
		options?: RayCastOptions<RayHit2>): RayHit2 | null;
	/** 3D shapes: as above, with 3D vectors and a Transform3. */
	rayCast(target: Shape3D, transform: Transform3 | undefined | null, origin: Vec3Like, direction: Vec3Like,
		options?: RayCastOptions<RayHit3>): RayHit3 | null;
	/** Meshes: the nearest front-facing triangle (any side with `backfaces: true`) along the ray, watertight on shared edges and vertices; the hit names the mesh and triangle. A ray lying in a triangle's plane (within 1e-8 rad) does not hit that triangle. */
	rayCast(target: MeshTarget, transform: Transform3 | undefined | null, origin: Vec3Like, direction: Vec3Like,
		options?: RayCastOptions<RayHit3>): MeshRayHit | null;
	/** Chains are hit from the front only (a ray starting behind a segment ignores it). */
	rayCast(target: ChainTarget, transform: Transform2 | undefined | null, origin: Vec2Like, direction: Vec2Like,
		options?: RayCastOptions<RayHit2>): ChainRayHit | null;
	/** Many rays in one wasm call: ray i is origins[dim i ..], directions[dim i ..] (dim = 2 for a
	 *  Shape2D, else 3). Writes one record of 2 + 2 dim numbers per ray to out: [fraction, point...,
	 *  normal..., index], fraction -1 for a miss (the rest 0), index the triangle hit for meshes, the
	 *  segment for chains, -1 otherwise; numbers past the records are untouched. Returns the number of hits. Each
	 *  record is bit-identical to rayCast's result for that ray. Errors as rayCast (the message names
	 *  the bad ray; out is then unspecified), and NP_INVALID_ARGUMENT when an array is not a
	 *  Float64Array, origins' length is not a multiple of dim, directions' length differs, or out is
	 *  too short. Allocates nothing once the runtime's ray block fits the ray count. */
	rayCastMany(target: Shape2D | Shape3D | MeshTarget | ChainTarget, transform: Transform2 | Transform3 | undefined | null,
		origins: Float64Array, directions: Float64Array, out: Float64Array, options?: RayOptions): number;
	/** Room for count (integer >= 0) rays of dim (2 or 3) in wasm memory, for rayCastMany without
	 *  the copies (see RayBatch). Errors: NP_INVALID_ARGUMENT (count, dim, more than 1 GiB). */
	rayBatch(count: number, dim: 2 | 3): RayBatch;
	/** The RayBatch class, for instanceof (construct with rayBatch). */
	readonly RayBatch: abstract new (...args: never[]) => RayBatch;
	/** Whether p is inside the convex shape or on its boundary (a triangle3d: on the triangle).
	 *  Meshes have no inside: NP_INVALID_ARGUMENT. */
	containsPoint(shape: Shape2D, transform: Transform2 | undefined | null, p: Vec2Like): boolean;
	/** 3D shapes: as above (a triangle3d contains only the points on it). */
	containsPoint(shape: Shape3D, transform: Transform3 | undefined | null, p: Vec3Like): boolean;
	/** Loops: p on the back (solid) side or on the chain. An open chain: NP_INVALID_ARGUMENT. */
	containsPoint(shape: Chain2D, transform: Transform2 | undefined | null, p: Vec2Like): boolean;
	/** The nearest surface point to p: never null for a convex shape; for meshes null when no
	 *  triangle is within options.maxDistance (negative: NP_INVALID_ARGUMENT). */
	closestPoint(target: Shape2D, transform: Transform2 | undefined | null, p: Vec2Like,
		options?: ClosestPointOptions<PointProjection2>): PointProjection2;
	/** 3D convex shapes: the nearest surface point, signed distance (negative inside) and outward normal; never null. */
	closestPoint(target: Shape3D, transform: Transform3 | undefined | null, p: Vec3Like,
		options?: ClosestPointOptions<PointProjection3 | MeshPointProjection>): PointProjection3;
	/** Meshes: the nearest point on any triangle within `options.maxDistance`, or null. */
	closestPoint(target: MeshTarget, transform: Transform3 | undefined | null, p: Vec3Like,
		options?: ClosestPointOptions<PointProjection3 | MeshPointProjection>): MeshPointProjection | null;
	/** Chains: the nearest point on any segment (never null), with its chain and segment; the distance is
	 *  signed (negative on the back, solid side) only when every chain is a loop, else unsigned. */
	closestPoint(target: ChainTarget, transform: Transform2 | undefined | null, p: Vec2Like,
		options?: ClosestPointOptions<PointProjection2>): ChainPointProjection;
	/** The tight world-space axis-aligned box (exact for rounded shapes and rotated hulls; a mesh's
	 *  over its transformed vertices). */
	bounds(target: Shape2D, transform?: Transform2 | null, options?: BoundsOptions<Bounds2>): Bounds2;
	/** 3D shapes and meshes: as above, with 3D corners. */
	bounds(target: Shape3D | Mesh3D, transform?: Transform3 | null, options?: BoundsOptions<Bounds3>): Bounds3;
	/** Chains: the tightest world-space box around the placed chain. */
	bounds(target: Chain2D, transform?: Transform2 | null, options?: BoundsOptions<Bounds2>): Bounds2;
	/** The input indices of the triangles whose world-space bounds overlap the box [lower, upper]
	 *  (touching counts), ascending, through the mesh's BVH. */
	queryTriangles(mesh: Mesh3D, transform: Transform3 | undefined | null, lower: Vec3Like, upper: Vec3Like): Uint32Array;

	// ------------------------------------------------------------------------------ batches
	/** 1 where pair i overlaps or touches, else 0 (overlap's answer). `out`, when given, is filled
	 *  and returned (NP_CAPACITY when shorter than n). */
	overlapBatch(shapesA: readonly (Shape2D | Shape3D)[], transformsA: Float64Array,
		shapesB: readonly (Shape2D | Shape3D)[], transformsB: Float64Array, out?: Uint8Array): Uint8Array;
	/** Contact manifolds of n pairs (manifold's). options.margin as manifold's; options.out: a
	 *  ManifoldBatch to refill and return. */
	manifoldBatch(shapesA: readonly (Shape2D | Shape3D)[], transformsA: Float64Array,
		shapesB: readonly (Shape2D | Shape3D)[], transformsB: Float64Array,
		options?: { margin?: number; out?: ManifoldBatch }): ManifoldBatch;
	/** Penetrations of n pairs (penetration's, without traces). options.out: one to refill. */
	penetrationBatch(shapesA: readonly (Shape2D | Shape3D)[], transformsA: Float64Array,
		shapesB: readonly (Shape2D | Shape3D)[], transformsB: Float64Array,
		options?: { out?: PenetrationBatch }): PenetrationBatch;
	/** Distances of n pairs (distance's). options.out: one to refill. */
	distanceBatch(shapesA: readonly (Shape2D | Shape3D)[], transformsA: Float64Array,
		shapesB: readonly (Shape2D | Shape3D)[], transformsB: Float64Array,
		options?: { out?: DistanceBatch }): DistanceBatch;
	/** n pairs (shapesA[i], shapesB[i]) of one dimension prepared for repeated batch queries with
	 *  transforms and results in wasm memory (see PairBatch). Errors as the batch queries'. */
	pairBatch(shapesA: readonly (Shape2D | Shape3D)[], shapesB: readonly (Shape2D | Shape3D)[]): PairBatch;
	/** The PairBatch class, for instanceof (construct with pairBatch). */
	readonly PairBatch: abstract new (...args: never[]) => PairBatch;
	// ------------------------------------------------------------------------------ casts (2D)
	/** The first contact of `shape` moving from `transform` by fraction * translation (without
	 *  turning) with the fixed `target`, or null. A zero translation is an overlap test. Errors: a
	 *  NaN / infinite / huge translation, option or transform NP_NON_FINITE, a negative maxFraction
	 *  or targetDistance NP_INVALID_ARGUMENT, a bad rotation NP_INVALID_TRANSFORM, a disposed shape
	 *  NP_DISPOSED, a 2D shape with a 3D one (mixed dimensions) NP_INVALID_ARGUMENT. */
	shapeCast(shape: Shape2D, transform: Transform2 | undefined | null, translation: Vec2Like, target: Shape2D,
		targetTransform: Transform2 | undefined | null, options?: ShapeCastOptions<CastHit2>): CastHit2 | null;
	/** Against chains (a Chain2D takes targetTransform, a list its own transforms): the first
	 *  contact over the segments whose front faces the shape's start (a shape whose core centroid is
	 *  behind a segment's line ignores it), never later than the exact contact; with the ghost rule a
	 *  cast sliding across flat or concave joints sees face normals only. Of several segments
	 *  overlapping the shape at the start, the hit is the deepest penetration's. ignoreSeparating
	 *  skips each segment's contact that the translation leaves or slides along and goes on to later hits.
	 *  Errors as shapeCast, and NP_DISPOSED / NP_INVALID_ARGUMENT / NP_INVALID_TRANSFORM /
	 *  NP_NON_FINITE for a disposed chain or a bad entry or transform in the list. */
	shapeCast(shape: Shape2D, transform: Transform2 | undefined | null, translation: Vec2Like, target: ChainTarget,
		targetTransform: Transform2 | undefined | null, options?: ChainCastOptions & ShapeCastOptions<CastHit2>): ChainCastHit | null;
	/** Many casts in one wasm call: cast i starts with the shape at positions[2i..] (angle
	 *  options.angle) and moves by translations[2i..]. Writes one record of 8 numbers per cast to
	 *  out: [fraction, point x, y, pointOnShape x, y, normal x, y, initialOverlap (1/0)], fraction -1
	 *  for a miss. Returns the number of hits. Each record is bit-identical to shapeCast's. Errors as
	 *  shapeCast (the message names the bad cast), and NP_INVALID_ARGUMENT for arrays that are not
	 *  Float64Arrays of matching lengths or an out too short. */
	shapeCastMany(shape: Shape2D, positions: Float64Array, translations: Float64Array, target: Shape2D,
		targetTransform: Transform2 | undefined | null, out: Float64Array, options?: CastManyOptions): number;
	/** Many casts against chains (as shapeCast on chains), records as shapeCastMany's. */
	shapeCastMany(shape: Shape2D, positions: Float64Array, translations: Float64Array, target: ChainTarget,
		targetTransform: Transform2 | undefined | null, out: Float64Array, options?: ChainCastOptions): number;
	/** The first fraction in [0, 1] at which two swept shapes come within options.targetDistance,
	 *  by conservative advancement: no contact is skipped, however fast or thin the shapes. Errors as
	 *  shapeCast, for the sweeps' numbers and a negative tolerance. */
	timeOfImpact(a: Shape2D, sweepA: Sweep2, b: Shape2D, sweepB: Sweep2, options?: TimeOfImpactOptions<TimeOfImpact2>): TimeOfImpact2;
	// ------------------------------------------------------------------------------ shape casts, time of impact
	/** The first contact of `shape`, moved from `transform` by t * translation (t in [0,
	 *  maxFraction], no rotation), with the target, or null. Conservative advancement on the GJK
	 *  distance (closed form for two spheres): never later than the exact contact, within 1e-6 of the
	 *  scale. A zero translation is an overlap test. Meshes (a Mesh3D with targetTransform, or an
	 *  array as meshContacts takes, targetTransform ignored) are one-sided. Errors: a NaN / infinite /
	 *  huge number NP_NON_FINITE, a negative maxFraction or targetDistance or a 2D shape
	 *  NP_INVALID_ARGUMENT, a zero quaternion NP_INVALID_TRANSFORM, a disposed shape or mesh
	 *  NP_DISPOSED. (2D shapes: the 2D half of the contract.) */
	shapeCast(shape: Shape3D, transform: Transform3 | undefined | null, translation: Vec3Like, target: Shape3D,
		targetTransform?: Transform3 | null, options?: ShapeCastOptions<CastHit3>): CastHit3 | null;
	/** The first contact of `shape`, moved from `transform` by t * translation, with meshes, or null:
	 *  a Mesh3D placed by targetTransform, or a list of meshes with their own transforms
	 *  (targetTransform ignored). One-sided: a triangle whose plane has the shape's centre behind it
	 *  at fraction 0 is ignored. The hit names the mesh and the triangle; see MeshCastHit3 for
	 *  internal edges. Ties at one fraction: an initial overlap first, then the deeper initial
	 *  penetration, then the lower mesh, then the lower input triangle. Errors as the convex overload. */
	shapeCast(shape: Shape3D, transform: Transform3 | undefined | null, translation: Vec3Like, target: MeshTarget,
		targetTransform?: Transform3 | null, options?: ShapeCastOptions<CastHit3>): MeshCastHit3 | null;
	/** Many casts of one shape against one target in one wasm call (shape and target checked once):
	 *  cast i starts at transforms[7i ..] (x, y, z, qx, qy, qz, qw) and moves by translations[3i ..].
	 *  Writes castHitSize3d numbers per cast to out: [fraction (-1: a miss), point (3), pointOnShape
	 *  (3), normal (3), initialOverlap (1/0), penetration, iterations, mesh, triangle (-1 for convex
	 *  targets)], each bit-identical to shapeCast's. Returns the number of hits. Errors as shapeCast
	 *  (the message names the bad cast), and NP_INVALID_ARGUMENT for arrays that are not
	 *  Float64Arrays or have the wrong lengths. */
	shapeCastMany(shape: Shape3D, transforms: Float64Array, translations: Float64Array, target: Shape3D | MeshTarget,
		targetTransform: Transform3 | undefined | null, out: Float64Array, options?: CastOptions): number;
	/** Numbers per record of shapeCastMany's out array. */
	readonly castHitSize3d: number;
	/** When two shapes, each moving and turning along its sweep, first come within
	 *  options.targetDistance: conservative advancement with a bound on the angular motion (Mirtich),
	 *  bounded iterations. Errors as shapeCast. */
	timeOfImpact(a: Shape3D, sweepA: Sweep3, b: Shape3D, sweepB: Sweep3, options?: TimeOfImpactOptions<TimeOfImpact3>): TimeOfImpact3;

	/** Bytes currently allocated in the wasm heap (for leak checks). */
	heapInUse(): number;
	/** Current size of the wasm memory in bytes. */
	memoryBytes(): number;
	/** The dimensions this instance has: `[2, 3]` from `init()`, `[2]` or `[3]` from
	 *  `init({ dimensions })` (or a per-dimension module given as wasmUrl / wasmBinary /
	 *  wasmModule). On a one-dimension instance the other dimension's constructors and functions
	 *  throw NP_UNSUPPORTED: for 2D `circle`, `box2d`, `capsule2d`, `polygon2d`, `transform2d`,
	 *  `minkowskiDifference`, `contactCache2d`, `chain2d`, `chainContacts`; for 3D `sphere`,
	 *  `capsule3d`, `box3d`, `hull3d`, `triangle3d`, `contactCache3d`, `mesh3d`, `meshContacts`,
	 *  `queryTriangles`. The shared queries (overlap, distance, rayCast, batches, casts...) work on
	 *  the instance's own shapes; the limits of both dimensions are readable. */
	readonly dimensions: readonly (2 | 3)[];
}

/**
 * Where {@link init} gets the wasm, and which dimensions it has. Give at most one of wasmUrl,
 * wasmBinary and wasmModule; without any, init() loads `narrowphase.wasm` (or the module of
 * `dimensions`) from beside the module (`new URL('./narrowphase.wasm', import.meta.url)`: read from disk in Node,
 * fetched in browsers, shipped as an asset by Vite, webpack 5 and Parcel).
 */
export interface InitOptions {
	/** The wasm's location when you host it yourself (a CDN, another folder, a `data:` URL).
	 *  Relative URLs resolve against the page (`document.baseURI`; in a worker its `location`);
	 *  in Node a string without a scheme is a file path, relative to the working directory.
	 *  Fetched with `fetch()`, and compiled while it streams when served as `application/wasm`. */
	wasmUrl?: string | URL;
	/** The bytes of narrowphase.wasm, when you load them yourself (nothing is fetched or read). */
	wasmBinary?: ArrayBuffer | ArrayBufferView;
	/** narrowphase.wasm compiled already, e.g. shared with a worker through `postMessage` or
	 *  imported by a platform that compiles wasm imports (Cloudflare Workers). */
	wasmModule?: WebAssembly.Module;
	/**
	 * Load only one dimension's code: `2` loads `narrowphase2d.wasm` (about 52 KiB gzipped instead
	 * of 156), `3` loads `narrowphase3d.wasm` (about 106 KiB), both from beside the module like
	 * the full one (bundlers ship all three files; a page downloads the one it asks for). Left out,
	 * the instance has both dimensions. The results are the same bits as the full module's.
	 *
	 * On such an instance the other dimension's functions throw a {@link NarrowphaseError} with
	 * code `NP_UNSUPPORTED` (see {@link Narrowphase.dimensions}). With `wasmUrl`, `wasmBinary` or
	 * `wasmModule` the given module must contain this dimension (`NP_WASM_VERSION` otherwise);
	 * without `dimensions` the instance has what the given module has. From `narrowphase/inline`
	 * the embedded full module is used with this dimension's API (nothing smaller to download).
	 * Any other value is `NP_INVALID_ARGUMENT`.
	 */
	dimensions?: 2 | 3;
}

/**
 * Loads and instantiates the wasm and returns the API object. Nothing happens at import time: the
 * package has no top-level await and no side effects, so call this once at start-up and keep the
 * result.
 *
 * `init()` without options is cached: every call returns the same promise and instance (after a
 * failure, the next call tries again); so is `init({ dimensions: 2 })` and `init({ dimensions: 3 })`,
 * one instance each. With `wasmUrl`, `wasmBinary` or `wasmModule` every call
 * makes a new, independent instance (its own wasm memory; shapes of one instance cannot be used
 * with another).
 *
 * From `narrowphase/inline` the wasm is embedded in the module (base64, decoded on the first
 * call): nothing is fetched or read, for about 15% more to download gzipped (base64 compresses
 * less well than the binary).
 *
 * Errors (the promise rejects with a {@link NarrowphaseError}):
 * - `NP_WASM_LOAD`: the wasm could not be read, fetched (network error, HTTP status other than
 *   2xx) or compiled (not a wasm file: often an HTML error page served in its place);
 * - `NP_WASM_VERSION`: the file is a wasm module but not the narrowphase.wasm of this release
 *   (compare {@link version}): a stale copy in a cache or on a CDN, or another module;
 * - `NP_INVALID_ARGUMENT`: an option of the wrong type.
 *
 * @example
 * ```js
 * import { init } from 'narrowphase';
 * const np = await init();
 * np.overlap(np.circle(1), null, np.circle(1), { position: [1.5, 0] }); // true
 *
 * // A 2D game: only the 2D code (narrowphase2d.wasm); np2.sphere() throws NP_UNSUPPORTED.
 * const np2 = await init({ dimensions: 2 });
 * ```
 */
export function init(options?: InitOptions): Promise<Narrowphase>;

/** The package version (semver) of this JS; the wasm must be of the same release. */
export const version: string;
