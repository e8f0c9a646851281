// Type declarations for the narrowphase JS API (js/narrowphase.mjs).
// API modules added later (3D, meshes) declare their shapes and results in their own section
// below and add their methods to the Narrowphase interface.

/** A 2D vector [x, y]. */
export type Vec2 = [number, number];

/** Anything accepted where a vector is read: a plain array or a typed array of length 2. */
export type Vec2Like = readonly [number, number] | ArrayLike<number>;

/** A rigid 2D transform: rotate by `angle` (radians), then translate by `position`.
 *  Missing fields (or a missing transform) mean identity. */
export interface Transform2 {
	position?: Vec2Like;
	angle?: number;
}

/** Stable error codes carried by NarrowphaseError. */
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
	| 'NP_OUT_OF_RANGE';

/** Thrown for bad input; nothing leaks in wasm memory when it is thrown. */
export class NarrowphaseError extends Error {
	constructor(code: ErrorCode, message: string);
	readonly name: 'NarrowphaseError';
	readonly code: ErrorCode;
}

/** Base of every shape: owns wasm memory until disposed. */
export interface Shape {
	/** Frees the wasm memory now; calling it again does nothing. Using the shape afterwards throws NP_DISPOSED. */
	dispose(): void;
	/** True once dispose() was called. */
	readonly disposed: boolean;
}

export type ShapeKind2D = 'circle' | 'capsule2d' | 'box2d' | 'polygon2d';

/** A 2D convex shape: a convex core (1 to 64 points) inflated by `radius`. */
export interface Shape2D extends Shape {
	readonly kind: ShapeKind2D;
	/** Core vertices in local space, counter-clockwise (circle: [[0, 0]], capsule: [[-h, 0], [h, 0]]). */
	readonly vertices: readonly (readonly [number, number])[];
	/** Rounding radius (circle and capsule radius, polygon rounding, 0 for a box). */
	readonly radius: number;
}

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

export type EpaStop = 'continue' | 'converged' | 'max-iterations' | 'cores-separated' | 'point';

/** One 2D EPA iteration (points in A - B space). */
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
}

export interface PenetrationResult2 {
	/** Penetration depth (>= 0); moving B by depth * normal separates the shapes. */
	depth: number;
	/** Unit direction from A to B. */
	normal: Vec2;
	/** Deepest point of A inside B (on A's surface). */
	pointA: Vec2;
	/** Deepest point of B inside A (on B's surface). */
	pointB: Vec2;
	/** EPA iterations. */
	iterations: number;
	/** Why EPA stopped. */
	stop: EpaStop;
}

/** Penetration with `{ trace: true }`: the EPA run, for teaching. */
export interface PenetrationTrace2 extends PenetrationResult2 {
	/** One entry per EPA iteration; [] when only the rounding overlaps. */
	steps: EpaStep2[];
	/** GJK's final simplex (1 to 3 points, A - B space). */
	simplex: Vec2[];
	/** EPA started from the single edge pair ab/ba (origin on or near a simplex edge). */
	startedFromEdge: boolean;
	/** radiusA + radiusB: EPA runs on the cores, the rounding is added at the end. */
	radius: number;
	/** More steps happened than the trace buffer holds (the result is still exact). */
	truncated: boolean;
}

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

export interface Manifold2 {
	/** Unit normal from A to B. */
	normal: Vec2;
	/** At most 2 points; [] when there is no contact. */
	points: ManifoldPoint2[];
}

export interface MinkowskiDifference2 {
	/** Vertices of the core Minkowski difference A - B, world space, counter-clockwise. */
	vertices: Vec2[];
	/** radiusA + radiusB: the true difference is the core inflated by this. */
	radius: number;
}

export interface PolygonOptions {
	/** Rounding radius >= 0 (default 0). */
	radius?: number;
}

export interface ManifoldOptions {
	/** Points separated by less than this are kept with negative depth (default 0, must be >= 0). */
	margin?: number;
	/** A manifold returned earlier: it is refilled in place and returned (its arrays and point
	 *  objects are reused, so a steady contact allocates nothing). */
	out?: Manifold2;
}

export interface PenetrationOptions {
	/** Record the EPA run (steps, simplex, startedFromEdge, radius). */
	trace?: boolean;
}

/** The API object returned by init(). */
export interface Narrowphase {
	/** A disc of the given radius (> 0) centred at the local origin. */
	circle(radius: number): Shape2D;
	/** A box centred at the local origin with half extents (> 0). */
	box2d(halfWidth: number, halfHeight: number): Shape2D;
	/** A capsule along the local x axis: segment (-halfLength, 0)..(halfLength, 0) plus radius. */
	capsule2d(halfLength: number, radius: number): Shape2D;
	/** Convex hull of the points: [[x, y], ...] or flat [x0, y0, x1, y1, ...] (array or Float64Array).
	 *  At most 1024 points in, at most 64 hull vertices. */
	polygon2d(points: readonly Vec2Like[] | ArrayLike<number>, options?: PolygonOptions): Shape2D;

	/** True when the shapes overlap or touch. */
	overlap(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null): boolean;
	/** Distance and closest points by GJK. */
	distance(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null): DistanceResult2;
	/** Penetration depth, normal and witness points by GJK + EPA; null when the shapes are apart. */
	penetration(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options: PenetrationOptions & { trace: true }): PenetrationTrace2 | null;
	penetration(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options?: PenetrationOptions): PenetrationResult2 | null;
	/** Contact manifold (at most 2 points in 2D). */
	manifold(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D, tb: Transform2 | undefined | null,
		options?: ManifoldOptions): Manifold2;
	/** Core Minkowski difference A - B in world space. */
	minkowskiDifference(a: Shape2D, ta: Transform2 | undefined | null, b: Shape2D,
		tb: Transform2 | undefined | null): MinkowskiDifference2;

	/** The class of 2D shapes of this instance (for instanceof). */
	readonly Shape2D: abstract new (...args: never[]) => Shape2D;
	/** The error class (same as the module export). */
	readonly NarrowphaseError: typeof NarrowphaseError;
	/** Limits of the 2D shapes. */
	readonly limits2d: { readonly maxPolygonVertices: number; readonly maxPolygonInput: number };
	/** Bytes currently allocated in the wasm heap (for leak checks). */
	heapInUse(): number;
	/** Current size of the wasm memory in bytes. */
	memoryBytes(): number;
}

export interface InitOptions {
	/** The bytes of narrowphase.wasm, when the loader should not fetch or read it itself. */
	wasmBinary?: ArrayBuffer | ArrayBufferView;
}

/** Loads the wasm module. Without options the result is cached; with wasmBinary a new instance is made. */
export function init(options?: InitOptions): Promise<Narrowphase>;
