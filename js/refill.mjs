// options.out for the queries that return one record: rayCast, closestPoint, bounds, shapeCast and
// timeOfImpact (manifold, distance, penetration and the contact lists have theirs in their own
// modules). The caller passes a result the same query returned earlier; it is refilled in place
// (its vector arrays too) and returned, so a query repeated every frame allocates nothing once it
// has a result to reuse. A miss (null) leaves it untouched.
//
// The refilled object must equal what a new result would be, field for field, so it can be
// compared, logged or stored like one. Targets of different kinds add different fields (a mesh hit
// its mesh and triangle, a chain hit its chain and segment): a reused result that carries another
// kind's fields loses them (dropExtras). The check for them is a few named loads, which V8 answers
// from the object's shape; the delete runs only when a result moves between target kinds.
import { readResultOut } from './errors.mjs';

/** The vector fields checked on options.out, by query. */
export const RAY_FIELDS = ['point', 'normal'];
export const PROJECTION_FIELDS = ['point', 'normal'];
export const BOUNDS_FIELDS = ['lower', 'upper'];
export const CAST_FIELDS = ['point', 'pointOnShape', 'normal'];
export const TOI_FIELDS = ['normal', 'pointA', 'pointB'];

// options.out, checked per result type with named loads that V8 answers from the object's shape
// (errors.mjs's readResultOut loops over the field names with a closure, which allocates); a bad
// one goes to readResultOut for its error.
const isVec = (v, dim) => Array.isArray(v) && v.length === dim;

/** options.out of rayCast or closestPoint (point and normal), checked. */
export function readPointOut(options, fn, dim) {
	if (options === undefined || options === null || typeof options !== 'object') return readResultOut(options, fn, RAY_FIELDS, dim);
	const out = options.out;
	if (out === undefined) return undefined;
	if (out !== null && typeof out === 'object' && isVec(out.point, dim) && isVec(out.normal, dim)) return out;
	return readResultOut(options, fn, RAY_FIELDS, dim);
}

/** options.out of bounds (lower and upper), checked. */
export function readBoundsOut(options, dim) {
	if (options === undefined || options === null || typeof options !== 'object') return readResultOut(options, 'bounds', BOUNDS_FIELDS, dim);
	const out = options.out;
	if (out === undefined) return undefined;
	if (out !== null && typeof out === 'object' && isVec(out.lower, dim) && isVec(out.upper, dim)) return out;
	return readResultOut(options, 'bounds', BOUNDS_FIELDS, dim);
}

/** options.out of timeOfImpact (normal, pointA and pointB), checked. */
export function readToiOut(options, dim) {
	if (options === undefined || options === null || typeof options !== 'object') return readResultOut(options, 'timeOfImpact', TOI_FIELDS, dim);
	const out = options.out;
	if (out === undefined) return undefined;
	if (out !== null && typeof out === 'object' && isVec(out.normal, dim) && isVec(out.pointA, dim) && isVec(out.pointB, dim)) return out;
	return readResultOut(options, 'timeOfImpact', TOI_FIELDS, dim);
}

/** options.out of shapeCast (point, pointOnShape and normal), checked. */
export function readCastOut(options, dim) {
	if (options === undefined || options === null || typeof options !== 'object') return readResultOut(options, 'shapeCast', CAST_FIELDS, dim);
	const out = options.out;
	if (out === undefined) return undefined;
	if (out !== null && typeof out === 'object' && isVec(out.point, dim) && isVec(out.pointOnShape, dim) && isVec(out.normal, dim)) return out;
	return readResultOut(options, 'shapeCast', CAST_FIELDS, dim);
}

/** Copies dim numbers of h from index k into the array `to`. */
export function putVec(to, h, k, dim) {
	to[0] = h[k];
	to[1] = h[k + 1];
	if (dim === 3) to[2] = h[k + 2];
}

// The fields only some target kinds add, and the kinds' own sets.
const EXTRAS = ['mesh', 'triangle', 'chain', 'segment', 'feature'];
export const NO_EXTRAS = [];
export const MESH_EXTRAS = ['mesh', 'triangle'];
export const MESH_FEATURE_EXTRAS = ['mesh', 'triangle', 'feature'];
export const CHAIN_EXTRAS = ['chain', 'segment'];
export const CHAIN_FEATURE_EXTRAS = ['chain', 'segment', 'feature'];

/**
 * Removes from `out` the kind-specific fields that `keep` does not list. Cheap when there are none
 * to remove (the usual case: a result reused for the same kind of target).
 */
export function dropExtras(out, keep) {
	const stale = (out.mesh !== undefined && !keep.includes('mesh')) || (out.chain !== undefined && !keep.includes('chain')) ||
		(out.feature !== undefined && !keep.includes('feature'));
	if (!stale) return;
	for (const key of EXTRAS) if (!keep.includes(key)) delete out[key];
}

/**
 * Refills a RayHit from the io indices of its fraction, point and normal (kind-specific fields are
 * set by the caller).
 */
export function fillRayHit(out, h, fraction, point, normal, frontFace, dim, extras) {
	dropExtras(out, extras);
	out.fraction = h[fraction];
	putVec(out.point, h, point, dim);
	putVec(out.normal, h, normal, dim);
	out.frontFace = frontFace;
	return out;
}

/** Refills a closest-point projection: point, distance, normal. */
export function fillProjection(out, h, point, distance, normal, dim, extras) {
	dropExtras(out, extras);
	putVec(out.point, h, point, dim);
	out.distance = h[distance];
	putVec(out.normal, h, normal, dim);
	return out;
}

/** Refills bounds: lower, upper. */
export function fillBounds(out, h, lower, upper, dim) {
	putVec(out.lower, h, lower, dim);
	putVec(out.upper, h, upper, dim);
	return out;
}

/**
 * Refills a CastHit from the io indices in `at` ({ fraction, point, pointOnShape, normal,
 * initial, penetration, iterations }).
 */
export function fillCastHit(out, h, base, at, dim, extras) {
	dropExtras(out, extras);
	out.fraction = h[base + at.fraction];
	putVec(out.point, h, base + at.point, dim);
	putVec(out.pointOnShape, h, base + at.pointOnShape, dim);
	putVec(out.normal, h, base + at.normal, dim);
	out.initialOverlap = h[base + at.initial] === 1;
	out.penetration = h[base + at.penetration];
	out.iterations = h[base + at.iterations];
	return out;
}

/** Refills a time of impact from the io indices in `at` ({ fraction, state, normal, pointA, pointB, iterations }). */
export function fillToi(out, h, at, states, dim) {
	out.fraction = h[at.fraction];
	out.state = states[h[at.state]];
	putVec(out.normal, h, at.normal, dim);
	putVec(out.pointA, h, at.pointA, dim);
	putVec(out.pointB, h, at.pointB, dim);
	out.iterations = h[at.iterations];
	return out;
}

// Lists of points or contacts (manifold points, meshContacts): a refilled list's length follows
// the new result's count, but the objects dropped when it shrinks are kept in a pool on the list
// (a non-enumerable symbol property, so the list still compares as a plain result) and come back
// when it grows, so a count that flickers between frames (1, 2, 1 contacts) allocates nothing
// once the pool is as long as the longest result. pop and push, not `list.length = n`: V8 runs
// those inline, a length store calls the runtime.
const POOL = Symbol('narrowphase: objects kept for refills');

/**
 * Makes `list` hold n entries taken from its pool and returns the pool; the caller refills
 * pool[0..n-1]. The pool starts as the list's own entries; with `isEntry`, those it rejects are
 * replaced by make() there (in the pool only: the caller stores each refilled entry back into the
 * list), else the caller checks each entry and replaces a malformed one with replaceEntry.
 */
export function keepEntries(list, n, make, isEntry) {
	let pool = list[POOL];
	if (pool === undefined) {
		pool = list.slice();
		if (isEntry !== undefined) for (let i = 0; i < pool.length; i++) if (!isEntry(pool[i])) pool[i] = make();
		Object.defineProperty(list, POOL, { value: pool });
	}
	while (pool.length < n) pool.push(make());
	while (list.length > n) list.pop();
	while (list.length < n) list.push(pool[list.length]);
	return pool;
}

/** Puts a new entry at i of both the list and its pool (the old one was not a result's). */
export function replaceEntry(list, pool, i, entry) {
	pool[i] = entry;
	list[i] = entry;
	return entry;
}
