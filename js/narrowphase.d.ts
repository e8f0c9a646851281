// Type declarations for the narrowphase JS API (js/narrowphase.mjs).
// Sections: 2D (js/api2d.mjs), 3D (js/api3d.mjs, contact caches in js/cache3d.mjs), meshes
// (js/apimesh.mjs), rays, points and bounds (js/apiquery.mjs); a new API module declares its types
// in its own section and adds its methods to the Narrowphase interface.

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
	position?: Vec3Like;
	rotation?: readonly [number, number, number, number] | ArrayLike<number>;
}

export type ShapeKind3D = 'sphere' | 'capsule3d' | 'box3d' | 'hull3d' | 'triangle3d';

/** A 3D convex shape. */
export interface Shape3D extends Shape {
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

export interface DistanceResult3 {
	/** Distance between the shapes; 0 when they overlap. */
	distance: number;
	pointA: Vec3;
	pointB: Vec3;
	/** Unit vector from pointA to pointB; [0, 0, 0] when overlapping. */
	normal: Vec3;
	iterations: number;
}

export type EpaStop3 = 'none' | 'converged' | 'max-iterations' | 'cores-separated' | 'flat' | 'no-progress';

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
	tangent2: Vec3;
	iterations: number;
	stop: EpaStop3;
}

export interface ManifoldPoint3 {
	pointA: Vec3;
	pointB: Vec3;
	/** dot(pointA - pointB, normal): positive when overlapping, negative for speculative points. */
	depth: number;
	/** Feature id: stays the same while the same features touch. */
	id: number;
}

export interface Manifold3 {
	/** Unit normal from A to B. */
	normal: Vec3;
	/** At most 4 points; [] when there is no contact. */
	points: ManifoldPoint3[];
}

/** A point kept by a ContactCache3D. */
export interface CachedPoint3 {
	pointA: Vec3;
	pointB: Vec3;
	/** pointA in A's local space. */
	localA: Vec3;
	/** pointB in B's local space. */
	localB: Vec3;
	depth: number;
	id: number;
	/** Updates this point has survived (0 when just added). */
	age: number;
	/** The numbers stored with setUserData (e.g. accumulated impulses). */
	user: number[];
}

export interface ContactCacheOptions {
	/** Largest tangential drift before a point is dropped; also the matching distance (default 0.02, > 0). */
	breakDistance?: number;
	/** Points separated by more than this along the normal are dropped (default 0, >= 0). */
	margin?: number;
}

/** A persistent contact set for one pair of shapes (npContactCache3). */
export interface ContactCache3D {
	readonly breakDistance: number;
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
	/** Frees the wasm memory now; calling it again does nothing. */
	dispose(): void;
	readonly disposed: boolean;
}

// ---------------------------------------------------------------------------------------- meshes
// (js/apimesh.mjs)

/** A triangle mesh in wasm memory (one-sided triangles: counter-clockwise = front). */
export interface Mesh3D {
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
	readonly upper: Vec3;
	/** Weld tolerance used. */
	readonly weldTolerance: number;
	/** Frees the wasm memory now; calling it again does nothing. */
	dispose(): void;
	readonly disposed: boolean;
}

export interface MeshOptions {
	/** Vertices closer than this are merged (default 1e-6, >= 0). */
	weldTolerance?: number;
}

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
}

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
export type MeshContacts = MeshContact[] & { overflow?: true };

// ------------------------------------------------------------------------ rays, points, bounds
// (js/apiquery.mjs) One set of functions for every target: a Shape2D (2D vectors and transforms),
// a Shape3D or a Mesh3D (3D), or for rays and closest points a list of meshes as meshContacts
// takes. Results are in world space; lengths are in the units of the shapes; normals are unit.
// Every number must be finite and at most 1e12 in magnitude (else NP_NON_FINITE).

/** A mesh target: one mesh (placed by the call's transform) or a list of meshes, each with its
 *  own transform (the call's transform is then ignored). At most limitsMesh.maxMeshes meshes. */
export type MeshTarget = Mesh3D | readonly (Mesh3D | { mesh: Mesh3D; transform?: Transform3 | null })[];

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

export interface RayHit3 {
	fraction: number;
	point: Vec3;
	/** Unit surface normal facing the ray ([0, 0, 0] for a solid start inside). At an edge or corner
	 *  of a box or hull: the normal of the face whose plane the ray crosses last (the lowest-numbered
	 *  face on exact ties). A triangle3d is two-sided (frontFace true from either side); a ray in its
	 *  plane meets it on an edge, with that edge's outward normal in the plane. Spheres and capsules
	 *  are hit exactly on their rounding. */
	normal: Vec3;
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

// ------------------------------------------------------------------------------ shape casts (3D)
/** Options of shapeCast / shapeCastMany. */
export interface CastOptions {
	/** Largest fraction of the translation considered (>= 0; default 1). */
	maxFraction?: number;
	/** A hit is the first fraction at which the distance is at most this (>= 0; default 0): the
	 *  "skin" a character controller keeps. */
	targetDistance?: number;
	/** Skip an initial contact the translation moves away from (dot(translation, normal) >= 0) and
	 *  go on: what sliding along a wall needs. Default false. */
	ignoreSeparating?: boolean;
	/** Meshes: vertices closer than this (world space, each coordinate) are one feature for the
	 *  internal-edge rule (default limitsMesh.featureTolerance). */
	featureTolerance?: number;
}

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
	/** With initialOverlap: how deep the shapes overlap (0 when they only come within the skin). */
	penetration?: number;
	/** Advancement steps used. */
	iterations: number;
}

/** A shape cast's hit on meshes. A hit on an internal edge or vertex (shared with a coplanar or
 *  concave neighbour, in any of the meshes) reports the triangle's face normal, and is skipped when
 *  the motion does not go into that face (sliding over a seam); a convex edge keeps its edge normal. */
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
	from: Transform3;
	to: Transform3;
	center?: Vec3Like;
}

/** Options of timeOfImpact. */
export interface TimeOfImpactOptions {
	/** Contact distance (>= 0; default 0). */
	targetDistance?: number;
	/** Accepted distance error at a hit (> 0; default 1e-6 of the shapes' size). */
	tolerance?: number;
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
	/** Unit, from A to B at `fraction`. */
	normal: Vec3;
	/** Closest point of A at `fraction`. */
	pointA: Vec3;
	/** Closest point of B at `fraction`. */
	pointB: Vec3;
	/** Advancement steps used. */
	iterations: number;
}

/** The nearest surface point of a convex shape. */
export interface PointProjection2 {
	point: Vec2;
	/** Signed distance from the surface to the query point: negative inside. */
	distance: number;
	/** Unit outward normal at point (so p = point + distance * normal). At a sharp corner, or inside
	 *  equally near two edges: the lower-numbered edge's. */
	normal: Vec2;
}

export interface PointProjection3 {
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

export interface ClosestPointOptions {
	/** Meshes: null when no triangle is within this distance (default Infinity; >= 0). Convex
	 *  shapes always answer and ignore it. */
	maxDistance?: number;
}

/** An axis-aligned box in world space. */
export interface Bounds2 {
	lower: Vec2;
	upper: Vec2;
}

export interface Bounds3 {
	lower: Vec3;
	upper: Vec3;
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
	// ------------------------------------------------------------------------------ 3D
	/** A sphere of the given radius (> 0). */
	sphere(radius: number): Shape3D;
	/** A capsule along the local y axis: segment (0, -halfHeight, 0)..(0, halfHeight, 0) plus radius. */
	capsule3d(halfHeight: number, radius: number): Shape3D;
	/** A box centred at the local origin with half extents (> 0). */
	box3d(hx: number, hy: number, hz: number): Shape3D;
	/** Convex hull of the points: [[x, y, z], ...] or flat [x0, y0, z0, ...]. */
	hull3d(points: readonly Vec3Like[] | ArrayLike<number>): Shape3D;
	/** A two-sided triangle. */
	triangle3d(a: Vec3Like, b: Vec3Like, c: Vec3Like): Shape3D;
	overlap(a: Shape3D, ta: Transform3 | undefined | null, b: Shape3D, tb: Transform3 | undefined | null): boolean;
	distance(a: Shape3D, ta: Transform3 | undefined | null, b: Shape3D, tb: Transform3 | undefined | null): DistanceResult3;
	penetration(a: Shape3D, ta: Transform3 | undefined | null, b: Shape3D, tb: Transform3 | undefined | null,
		options?: object): PenetrationResult3 | null;
	/** Contact manifold (at most 4 points in 3D). */
	manifold(a: Shape3D, ta: Transform3 | undefined | null, b: Shape3D, tb: Transform3 | undefined | null,
		options?: { margin?: number; out?: Manifold3 }): Manifold3;
	/** A persistent contact cache for one pair. */
	contactCache3d(options?: ContactCacheOptions): ContactCache3D;
	/** The class of 3D shapes of this instance (for instanceof). */
	readonly Shape3D: abstract new (...args: never[]) => Shape3D;
	readonly ContactCache3D: abstract new (...args: never[]) => ContactCache3D;
	readonly limits3d: { readonly maxHullInput: number; readonly maxHullVertices: number; readonly userData: number };

	// ------------------------------------------------------------------------------ meshes
	/** A triangle mesh from vertices (flat or [[x, y, z], ...]) and indices (3 per triangle).
	 *  NP_OUT_OF_RANGE for a bad index; NP_DEGENERATE when no triangle is valid. */
	mesh3d(vertices: readonly Vec3Like[] | ArrayLike<number>, indices: ArrayLike<number>, options?: MeshOptions): Mesh3D;
	/** Contacts between a sphere, capsule, box or hull and one mesh (identity transform) or several
	 *  meshes (bare or { mesh, transform }). */
	meshContacts(shape: Shape3D, transform: Transform3 | undefined | null,
		meshes: Mesh3D | readonly (Mesh3D | { mesh: Mesh3D; transform?: Transform3 | null })[],
		options?: MeshContactOptions): MeshContacts;
	readonly Mesh3D: abstract new (...args: never[]) => Mesh3D;
	readonly limitsMesh: { readonly maxTriangles: number; readonly maxPoints: number; readonly maxMeshes: number;
		readonly featureTolerance: number };

	// ------------------------------------------------------------------------------ rays, points, bounds
	/** Where the ray origin + t * direction (t in [0, maxFraction]; direction of any non-zero
	 *  length) first meets the target, or null. Errors: a zero direction or a negative maxFraction
	 *  NP_INVALID_ARGUMENT, a NaN / infinite / huge number NP_NON_FINITE, a malformed transform
	 *  NP_INVALID_TRANSFORM, a disposed target NP_DISPOSED, a wrong target or vector length
	 *  NP_INVALID_ARGUMENT. */
	rayCast(target: Shape2D, transform: Transform2 | undefined | null, origin: Vec2Like, direction: Vec2Like,
		options?: RayOptions): RayHit2 | null;
	rayCast(target: Shape3D, transform: Transform3 | undefined | null, origin: Vec3Like, direction: Vec3Like,
		options?: RayOptions): RayHit3 | null;
	rayCast(target: MeshTarget, transform: Transform3 | undefined | null, origin: Vec3Like, direction: Vec3Like,
		options?: RayOptions): MeshRayHit | null;
	/** Many rays in one wasm call: ray i is origins[dim i ..], directions[dim i ..] (dim = 2 for a
	 *  Shape2D, else 3). Writes one record of 2 + 2 dim numbers per ray to out: [fraction, point...,
	 *  normal..., index], fraction -1 for a miss (the rest 0), index the triangle hit for meshes and
	 *  -1 otherwise; numbers past the records are untouched. Returns the number of hits. Each
	 *  record is bit-identical to rayCast's result for that ray. Errors as rayCast (the message names
	 *  the bad ray; out is then unspecified), and NP_INVALID_ARGUMENT when an array is not a
	 *  Float64Array, origins' length is not a multiple of dim, directions' length differs, or out is
	 *  too short. Allocates nothing once the runtime's ray block fits the ray count. */
	rayCastMany(target: Shape2D | Shape3D | MeshTarget, transform: Transform2 | Transform3 | undefined | null,
		origins: Float64Array, directions: Float64Array, out: Float64Array, options?: RayOptions): number;
	/** Whether p is inside the convex shape or on its boundary (a triangle3d: on the triangle).
	 *  Meshes have no inside: NP_INVALID_ARGUMENT. */
	containsPoint(shape: Shape2D, transform: Transform2 | undefined | null, p: Vec2Like): boolean;
	containsPoint(shape: Shape3D, transform: Transform3 | undefined | null, p: Vec3Like): boolean;
	/** The nearest surface point to p: never null for a convex shape; for meshes null when no
	 *  triangle is within options.maxDistance (negative: NP_INVALID_ARGUMENT). */
	closestPoint(target: Shape2D, transform: Transform2 | undefined | null, p: Vec2Like,
		options?: ClosestPointOptions): PointProjection2;
	closestPoint(target: Shape3D, transform: Transform3 | undefined | null, p: Vec3Like,
		options?: ClosestPointOptions): PointProjection3;
	closestPoint(target: MeshTarget, transform: Transform3 | undefined | null, p: Vec3Like,
		options?: ClosestPointOptions): MeshPointProjection | null;
	/** The tight world-space axis-aligned box (exact for rounded shapes and rotated hulls; a mesh's
	 *  over its transformed vertices). */
	bounds(target: Shape2D, transform?: Transform2 | null): Bounds2;
	bounds(target: Shape3D | Mesh3D, transform?: Transform3 | null): Bounds3;
	/** The input indices of the triangles whose world-space bounds overlap the box [lower, upper]
	 *  (touching counts), ascending, through the mesh's BVH. */
	queryTriangles(mesh: Mesh3D, transform: Transform3 | undefined | null, lower: Vec3Like, upper: Vec3Like): Uint32Array;

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
		targetTransform?: Transform3 | null, options?: CastOptions): CastHit3 | null;
	shapeCast(shape: Shape3D, transform: Transform3 | undefined | null, translation: Vec3Like, target: MeshTarget,
		targetTransform?: Transform3 | null, options?: CastOptions): MeshCastHit3 | null;
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
	timeOfImpact(a: Shape3D, sweepA: Sweep3, b: Shape3D, sweepB: Sweep3, options?: TimeOfImpactOptions): TimeOfImpact3;

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
