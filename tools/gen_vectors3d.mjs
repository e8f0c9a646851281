#!/usr/bin/env node
// Generates the shared 3D test vectors tests/vectors/3d_*.json (format: tests/vectors/README.md,
// with the 3D shapes and transforms below).
//
//   node tools/gen_vectors3d.mjs            (or: make vectors)
//
// Plain Node, no dependencies, and never the library: every expected value comes from closed forms
// or brute force over the shapes' cores, in this file's own arithmetic (its own quaternion
// rotation).
//
// 3D shape specs (as stored in the vectors; the JS calls are np.sphere(r), np.capsule3d(h, r),
// np.box3d(hx, hy, hz), np.hull3d(points), np.triangle3d(a, b, c)):
//   { type: 'sphere', radius }            { type: 'capsule', halfHeight, radius }  (segment on local y)
//   { type: 'box', halfExtents: [hx, hy, hz] }
//   { type: 'hull', points: [[x, y, z], ...] }   { type: 'triangle', points: [a, b, c] }
// Transforms: { position: [x, y, z], rotation: [x, y, z, w] } (unit quaternion; C builds them with
// npMakeTransform3, which normalises; the generator normalises them too).
//
// The reference, for two shapes each given as a convex core (a point, a segment, a box, the hull of
// a point set, a triangle) inflated by a radius (0 for sharp shapes):
//  - core distance: the minimum over segment-segment distances between all pairs of A's and B's
//    core vertices (so every edge pair) and point-triangle distances between each core vertex and
//    every triangle of the other core's vertices (so every vertex-face pair). Segments and triangles
//    of a convex set's vertices lie inside it, so none undercuts the true distance, and the true
//    closest pair is among them. 0 (within 1e-12) means the cores touch or overlap;
//  - penetration depth when the cores overlap: SAT, min over candidate axes n of the overlap
//    o(n) = hA(n) + hB(-n) (support functions), plus rA + rB. Candidates: the normals of every
//    supporting triangle of each core (its faces), the cross products of every pair of edges
//    (every pair of hull-vertex differences: a superset of the edges), and perpendiculars of
//    segment cores. Overlap along any axis is never below the depth, and the best axis (a face
//    normal or an edge-edge cross product of the Minkowski difference) is among the candidates, so
//    the minimum is exact;
//  - rounding-only overlap (cores apart, within rA + rB): depth rA + rB - coreDistance.
// `expect.normal` is given only where the best axis is unique (the next axis more than 1e-6 rad away
// is worse by more than 1e-6).
//
// Vector fields as in 2D: id, query, a, b, xfA, xfB, tol, ref, expect, note. `ref` holds the
// world-space cores for checking witness points: coreA (hull vertices), radiusA, planesA (world
// planes [nx, ny, nz, d] of a polyhedral core, n.x <= d inside; a flat core has both sides and its
// in-plane edge planes, so "on the surface" is max(n.x - d) == 0), and the same for B.
// expect: overlap {overlap} | {touching}; distance {distance}; penetration {overlap, depth, normal?,
// touching?}; shape (hull construction) {vertexCount, faceCount, edgeCount} or {error};
// transform {error} (the transform under test is xfA).
import {
	add, sub, mul, dot, cross, len, unit, ID, rotate, apply, localCore, isSharp, support, mulberry32, uniformFrom, num, enc,
	randomUnit as randomUnitFrom, randomQuat as randomQuatFrom, randomTriangle as randomTriangleFrom, extentOf, addPlane,
	supportingPlanes, forEachInPlaneEdgePlane, closestOnSegment, closestSegmentPoints, bruteCoreDistance, addEdgePairAxes,
	isFar, VectorSet, writeVectorFile,
} from './genlib.mjs';

const TOL_UNIT = 1e-9;
const TOL_FAR = 1e-6;

// ------------------------------------------------------------------------------------ helpers
const rand = mulberry32(3031121);
const uniform = uniformFrom(rand);
const randomUnit = () => randomUnitFrom(uniform, 0.1);
const randomQuat = () => randomQuatFrom(uniform, 0.1);
const xf = (position, rotation = ID) => ({ position, rotation });

// Faces of a point set by brute force: supporting planes through triples (all points on one side
// within eps), deduplicated. Returns { planes: [[n, d]], verts: indices of hull vertices, flat }.
function hullInfo(pts) {
	let scale = 0;
	for (const p of pts) scale = Math.max(scale, Math.abs(p[0]), Math.abs(p[1]), Math.abs(p[2]));
	const extent = extentOf(pts);
	const eps = 1e-10 * extent + 1e-13 * scale;
	const { planes, onHull, flat } = supportingPlanes(pts, extent, eps);
	// Hull vertices: the points on a supporting plane, without duplicates (within eps). Interior
	// points of faces and edges are kept too: supports and separating axes over them equal those
	// over the vertices.
	const verts = [];
	for (let i = 0; i < pts.length; i++) {
		if (!onHull[i]) continue;
		if (!verts.some((v) => len(sub(pts[v], pts[i])) <= eps)) verts.push(i);
	}
	return { planes, verts, flat: flat !== null && planes.length <= 2 ? flat : null, eps };
}

// World core: vertices, radius, and for polyhedral cores the planes (with flat edge planes).
function worldCore(spec, t) {
	const { pts, r } = localCore(spec);
	const w = pts.map((p) => apply(t, p));
	const out = { pts: w, r, planes: null };
	if (isSharp(spec)) {
		const info = hullInfo(w);
		let planes = info.planes;
		// Flat: the two sides plus the in-plane edge planes (pairs with all points on one side).
		if (info.flat) forEachInPlaneEdgePlane(w, info.flat, info.eps, (s, d) => addPlane(planes, s, d, info.eps));
		out.planes = planes;
		out.flat = !!info.flat;
		out.pts = info.verts.map((i) => w[i]);
	}
	return out;
}

// ------------------------------------------------------------------------------------ distance
// Squared distance between two segments.
function segSeg(p1, q1, p2, q2) {
	const [c1, c2] = closestSegmentPoints(p1, q1, p2, q2);
	return dot(sub(c1, c2), sub(c1, c2));
}
// Ericson's closest point on a triangle.
function closestOnTriangle(p, a, b, c) {
	const ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
	const d1 = dot(ab, ap), d2 = dot(ac, ap);
	if (d1 <= 0 && d2 <= 0) return a;
	const bp = sub(p, b), d3 = dot(ab, bp), d4 = dot(ac, bp);
	if (d3 >= 0 && d4 <= d3) return b;
	const vc = d1 * d4 - d3 * d2;
	if (vc <= 0 && d1 >= 0 && d3 <= 0) return add(a, mul(d1 / (d1 - d3), ab));
	const cp = sub(p, c), d5 = dot(ab, cp), d6 = dot(ac, cp);
	if (d6 >= 0 && d5 <= d6) return c;
	const vb = d5 * d2 - d1 * d6;
	if (vb <= 0 && d2 >= 0 && d6 <= 0) return add(a, mul(d2 / (d2 - d6), ac));
	const va = d3 * d6 - d5 * d4;
	if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) return add(b, mul((d4 - d3) / (d4 - d3 + (d5 - d6)), sub(c, b)));
	const den = va + vb + vc;
	if (!(den > 0)) {
		let best = closestOnSegment(p, a, b);
		for (const q of [closestOnSegment(p, b, c), closestOnSegment(p, c, a)]) if (len(sub(q, p)) < len(sub(best, p))) best = q;
		return best;
	}
	return add(a, add(mul(vb / den, ab), mul(vc / den, ac)));
}
function pointInsideCore(p, core, eps) {
	if (!core.planes) return false;
	return core.planes.every(([n, d]) => dot(n, p) - d <= eps);
}
function pointTriangleSquared(p, a, b, c) {
	const d = sub(closestOnTriangle(p, a, b, c), p);
	return dot(d, d);
}
const coreDistance = (A, B) => bruteCoreDistance(A.pts, B.pts, segSeg, pointTriangleSquared, Math.sqrt);

function perpendiculars(d) {
	const u = unit(d);
	const t = Math.abs(u[0]) >= 0.57735 ? unit([u[1], -u[0], 0]) : unit([0, u[2], -u[1]]);
	return [t, cross(u, t)];
}
// Candidate axes of a core pair (unit vectors; sign irrelevant).
function candidateAxes(A, B) {
	const axes = [];
	for (const C of [A, B]) {
		if (C.planes) for (const [n] of C.planes) axes.push(n);
		if (C.pts.length === 2) axes.push(...perpendiculars(sub(C.pts[1], C.pts[0])));
	}
	addEdgePairAxes(A.pts, B.pts, axes);
	axes.push([1, 0, 0], [0, 1, 0], [0, 0, 1]);
	return axes;
}
// Core penetration by SAT: { depth, normal (A to B), unique }.
function coreSat(A, B) {
	let best = Infinity, normal = null;
	const results = [];
	for (const u of candidateAxes(A, B))
		for (const s of [u, mul(-1, u)]) {
			const o = support(A.pts, s) + support(B.pts, mul(-1, s));
			results.push([o, s]);
			if (o < best) { best = o; normal = s; }
		}
	let second = Infinity;
	for (const [o, s] of results) if (dot(s, normal) < Math.cos(1e-6) && o < second) second = o;
	return { depth: best, normal, unique: second - best > 1e-6 };
}

// ------------------------------------------------------------------------------------ references
function pairReference(a, xa, b, xb) {
	const A = worldCore(a, xa), B = worldCore(b, xb);
	const scale = Math.max(1, ...[...A.pts, ...B.pts].map((p) => Math.max(...p.map(Math.abs))));
	const r = A.r + B.r;
	const ref = { coreA: A.pts, radiusA: A.r, coreB: B.pts, radiusB: B.r };
	if (A.planes) ref.planesA = A.planes.map(([n, d]) => [...n, d]);
	if (B.planes) ref.planesB = B.planes.map(([n, d]) => [...n, d]);
	const touchBand = 1e-12 * scale;
	// Do the cores intersect? With a core of 3 or more points the SAT candidates are complete
	// (every facet normal of the Minkowski difference, in-plane edge normals of flat cores
	// included). Points and segments alone: their exact segment-segment distance.
	const sat = A.pts.length >= 3 || B.pts.length >= 3 ? coreSat(A, B) : null;
	const apart = sat ? sat.depth < -touchBand : coreDistance(A, B) > touchBand;
	if (apart) {
		// Separated cores: feature-pair distance (exact for separated convex sets).
		const cd = coreDistance(A, B);
		const gap = cd - r;
		if (r > 0 && gap < 0)
			return { ref, distance: 0, overlap: true, depth: -gap, normal: null, unique: false, touching: Math.abs(gap) <= touchBand };
		return { ref, distance: gap, overlap: false, touching: Math.abs(gap) <= touchBand };
	}
	const coreDepth = sat ? Math.max(0, sat.depth) : 0;
	const depth = coreDepth + r;
	return { ref, distance: 0, overlap: true, depth, normal: sat ? sat.normal : null,
		unique: !!sat && sat.unique && coreDepth > touchBand, touching: depth <= touchBand };
}

// ------------------------------------------------------------------------------------ cases
const vectors = new VectorSet(['overlap', 'distance', 'penetration', 'shapes', 'errors']);
const push = (file, v) => vectors.push(file, v);

function addPair(name, a, xa, b, xb, opts = {}) {
	const tol = opts.tol ?? (isFar(xa, xb) ? TOL_FAR : TOL_UNIT);
	const res = pairReference(a, xa, b, xb);
	const base = { a, xfA: xa, b, xfB: xb, tol, ref: res.ref };
	if (opts.note) base.note = opts.note;
	const queries = opts.queries || ['overlap', 'distance', 'penetration'];
	if (queries.includes('penetration')) {
		const expect = { overlap: res.overlap };
		if (res.touching) expect.touching = true;
		if (res.overlap) {
			expect.depth = res.depth;
			if (res.normal && res.unique) expect.normal = res.normal;
		}
		push('penetration', { id: `3d-pen-${name}`, query: 'penetration', ...base, expect });
	}
	if (queries.includes('distance')) {
		push('distance', { id: `3d-dist-${name}`, query: 'distance', ...base, expect: { distance: Math.max(0, res.distance) } });
	}
	if (queries.includes('overlap')) {
		const expect = res.touching ? { touching: true } : { overlap: res.overlap };
		push('overlap', { id: `3d-ov-${name}`, query: 'overlap', ...base, expect });
	}
	return res;
}

const randomBox = () => ({ type: 'box', halfExtents: [uniform(0.2, 1), uniform(0.2, 1), uniform(0.2, 1)].map(num) });
function randomHull(n = 12 + Math.floor(rand() * 21)) {
	const s = [uniform(0.4, 1), uniform(0.4, 1), uniform(0.4, 1)];
	const points = [];
	while (points.length < n) {
		const p = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
		if (dot(p, p) <= 1) points.push([p[0] * s[0], p[1] * s[1], p[2] * s[2]]);
	}
	return { type: 'hull', points };
}
const randomTriangle = () => randomTriangleFrom(uniform);
function randomFlatHull() {
	const n = 5 + Math.floor(rand() * 8);
	const points = [];
	for (let i = 0; i < n; i++) points.push([uniform(-1, 1), uniform(-1, 1), 0]);
	return { type: 'hull', points };
}
const randomSphere = () => ({ type: 'sphere', radius: uniform(0.2, 0.8) });
const randomCapsule = () => ({ type: 'capsule', halfHeight: uniform(0.2, 0.8), radius: uniform(0.1, 0.5) });
const makers = { sphere: randomSphere, capsule: randomCapsule, box: randomBox, hull: () => randomHull(), triangle: randomTriangle, flat: randomFlatHull };

// Random pose of B around A: overlapping (offset < reach) or apart.
function randomPair(kindA, kindB, reach) {
	const a = makers[kindA](), b = makers[kindB]();
	const xa = xf([uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)], randomQuat());
	const xb = xf(add(xa.position, mul(reach * rand(), randomUnit())), randomQuat());
	return { a, b, xa, xb };
}

// 1. Random pairs of every type pair, both overlapping and apart.
const kinds = ['sphere', 'capsule', 'box', 'hull', 'triangle', 'flat'];
for (let i = 0; i < kinds.length; i++)
	for (let j = i; j < kinds.length; j++) {
		const count = (kinds[i] === 'box' && kinds[j] === 'box') || (kinds[i] === 'hull' && kinds[j] === 'hull') ? 24 : 6;
		for (let k = 0; k < count; k++) {
			// Alternate close (mostly overlapping) and wide (mostly apart) placements.
			const { a, b, xa, xb } = randomPair(kinds[i], kinds[j], k % 3 === 2 ? 3.0 : 1.2);
			addPair(`${kinds[i]}-${kinds[j]}-random-${k}`, a, xa, b, xb, { queries: k % 2 ? ['penetration', 'distance'] : ['penetration', 'overlap'] });
		}
	}

// 2. The degenerate cases of the issue.
const cube = { type: 'box', halfExtents: [0.5, 0.5, 0.5] };
addPair('box-box-coincident', cube, xf([0, 0, 0]), cube, xf([0, 0, 0]), { note: 'two coincident unit cubes: depth 1 along a face normal (Bullet: 1/sqrt 3)' });
{
	const q = randomQuat();
	addPair('box-box-coincident-rotated', cube, xf([3, -2, 7], q), cube, xf([3, -2, 7], q));
}
for (let k = 0; k < 4; k++) {
	const h = randomHull();
	const t = xf([uniform(-5, 5), 0, 1], randomQuat());
	addPair(`hull-hull-coincident-${k}`, h, t, h, t, { note: 'identical hulls at the same place' });
}
const s45 = Math.sin(Math.PI / 8), c45 = Math.cos(Math.PI / 8);
const touching = [
	['face-face', [1, 0, 0], ID],
	['face-face-offset', [1, 0.25, -0.125], ID],
	['edge-on-face', [0.5 + Math.SQRT1_2, 0, 0], [0, 0, s45, c45]],
	['edge-edge', [1, 1, 0], ID],
	['vertex-vertex', [1, 1, 1], ID],
];
for (const [what, p, q] of touching) addPair(`box-box-touching-${what}`, cube, xf([0, 0, 0]), cube, xf(p, q), { note: 'touching: depth 0' });
for (const [k, dir] of [[0, [1, 0, 0]], [1, [0, 1, 0]], [2, [0, 0, 1]], [3, unit([1, 1, 0])]]) {
	const q = k === 3 ? [0, 0, s45, c45] : ID;
	const d = k === 3 ? 0.5 + Math.SQRT1_2 : 1;
	const p = mul(d - 1e-6, dir);
	addPair(`box-box-overlap-1e-6-${k}`, cube, xf([0, 0, 0]), cube, xf(p, q), { note: '1e-6 overlap' });
}
for (let k = 0; k < 6; k++) {
	const kindsFar = [['box', 'box'], ['hull', 'hull'], ['box', 'hull'], ['sphere', 'box'], ['capsule', 'hull'], ['triangle', 'box']][k];
	const { a, b, xa, xb } = randomPair(kindsFar[0], kindsFar[1], 1.0);
	const off = [1e4, -1e4, 5e3];
	addPair(`${kindsFar[0]}-${kindsFar[1]}-far-${k}`, a, xf(add(xa.position, off), xa.rotation), b, xf(add(xb.position, off), xb.rotation), { note: '1e4 offset' });
}
{
	// Flat hulls: coplanar overlapping (depth 0 along the plane normal), and crossing a box.
	const fa = { type: 'hull', points: [[0.1, 0.1, 0], [-0.8, 0.1, 0], [0.1, -0.8, 0], [0.7, 0.5, 0], [-0.3, 0.9, 0]] };
	const fb = { type: 'hull', points: [[0.2, -0.1, 0], [-0.9, 0.3, 0], [0.0, -0.7, 0], [0.6, 0.6, 0]] };
	const q = randomQuat();
	addPair('flat-flat-coplanar', fa, xf([1, 2, 3], q), fb, xf(add([1, 2, 3], rotate(q, [0.1, -0.05, 0])), q), { note: 'coplanar flat hulls: depth 0' });
	const sq = { type: 'hull', points: [[-1.5, -1.5, 0], [1.5, -1.5, 0], [-1.5, 1.5, 0], [1.5, 1.5, 0], [0, 0, 0], [0.5, 1.5, 0]] };
	addPair('box-flat-square-through', cube, xf([0, 0, 0]), sq, xf([0.1, 0.2, 0.05], randomQuat()));
	const t1 = { type: 'triangle', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] };
	const t2 = { type: 'triangle', points: [[0.2, 0.2, 0], [-1, 0.2, 0], [0.2, -1, 0]] };
	addPair('triangle-triangle-coplanar', t1, xf([0, 0, 0]), t2, xf([0, 0, 0]), { note: 'coplanar triangles: depth 0' });
	addPair('triangle-triangle-crossing', t1, xf([0, 0, 0]), t2, xf([0.1, 0.1, 0], [Math.SQRT1_2, 0, 0, Math.SQRT1_2]));
}
{
	// Spheres and capsules: closed forms through the same brute force.
	const s1 = { type: 'sphere', radius: 1 }, s2 = { type: 'sphere', radius: 2 };
	addPair('sphere-sphere-concentric', s1, xf([5, 5, 5]), s2, xf([5, 5, 5]), { note: 'concentric: depth 3, any normal' });
	addPair('sphere-sphere-touching', s1, xf([0, 0, 0]), s2, xf([0, 3, 0]));
	const c1 = { type: 'capsule', halfHeight: 1, radius: 0.25 }, c2 = { type: 'capsule', halfHeight: 1, radius: 0.5 };
	addPair('capsule-capsule-crossing', c1, xf([0, 0, 0]), c2, xf([0, 0, 0], [0, 0, Math.SQRT1_2, Math.SQRT1_2]), { note: 'crossing segments: depth rA + rB along their common perpendicular' });
	addPair('capsule-capsule-collinear', c1, xf([0, 0, 0]), c2, xf([0, 0.5, 0]), { note: 'collinear segments: depth rA + rB sideways' });
	addPair('capsule-capsule-parallel', c1, xf([0, 0, 0]), c2, xf([0.5, 0.3, 0]));
	const tri = { type: 'triangle', points: [[-1, -1, 0], [2, -1, 0], [-1, 2, 0]] };
	const s3 = { type: 'sphere', radius: 0.3 };
	addPair('triangle-sphere-centred-in-plane', tri, xf([0, 0, 0]), s3, xf([0, 0, 0]), { note: 'sphere centre in the triangle: depth r along the plane normal' });
	addPair('triangle-sphere-below', tri, xf([0, 0, 0]), s3, xf([0, 0, -0.1]));
	addPair('box-sphere-centre-on-vertex', cube, xf([0, 0, 0]), s3, xf([0.5, 0.5, 0.5]));
	addPair('box-sphere-centre-on-edge', cube, xf([0, 0, 0]), s3, xf([0.5, 0.5, 0]));
	addPair('box-capsule-along-edge', cube, xf([0, 0, 0]), c1, xf([0.5, 0, 0.5]));
}

// 3. Hull construction (shape vectors): counts from the brute-force hull of the points.
function addShape(name, points, expect, note) {
	const v = { id: `3d-shape-${name}`, query: 'shape', a: { type: 'hull', points }, tol: TOL_UNIT, expect };
	if (note) v.note = note;
	push('shapes', v);
}
{
	const lattice = [];
	for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) for (let k = 0; k < 5; k++) lattice.push([-1 + 0.5 * i, -1 + 0.5 * j, -1 + 0.5 * k]);
	addShape('cube-lattice', lattice, { vertexCount: 8, faceCount: 6, edgeCount: 12 }, '125 points on and inside a cube: coplanar faces merged');
	const q = randomQuat();
	addShape('cube-lattice-rotated', lattice.map((p) => rotate(q, p)), { vertexCount: 8, faceCount: 6, edgeCount: 12 });
	const welded = [];
	for (let c = 0; c < 8; c++)
		for (let r = 0; r < 4; r++)
			welded.push([(c & 1 ? 1 : -1) + uniform(-1e-13, 1e-13), (c & 2 ? 2 : -2) + uniform(-1e-13, 1e-13), (c & 4 ? 3 : -3) + uniform(-1e-13, 1e-13)]);
	addShape('box-welded-corners', welded, { vertexCount: 8, faceCount: 6, edgeCount: 12 }, 'each corner 4 times within 1e-13: welded');
	const prism = [];
	for (let i = 0; i < 6; i++) for (const z of [-1, 0, 1]) prism.push([Math.cos(i * Math.PI / 3), Math.sin(i * Math.PI / 3), z]);
	addShape('hexagonal-prism', prism, { vertexCount: 12, faceCount: 8, edgeCount: 18 });
	const tetra = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [0.1, 0.1, 0.1], [0.2, 0.2, 0.05]];
	addShape('tetrahedron', tetra, { vertexCount: 4, faceCount: 4, edgeCount: 6 });
	const square = [];
	for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) square.push(rotate(q, [i * 0.2, j * 0.2, 0]));
	addShape('flat-square', square, { vertexCount: 4, faceCount: 2, edgeCount: 4 }, 'flat input: a two-sided square');
	addShape('flat-triangle', [[0, 0, 0], [1, 0, 0], [0, 1, 0]], { vertexCount: 3, faceCount: 2, edgeCount: 3 });
	// Random clouds: brute-force counts (general position: every hull face a triangle).
	for (let k = 0; k < 6; k++) {
		const h = randomHull(12 + 4 * k);
		const info = hullInfo(h.points);
		const V = info.verts.length, F = info.planes.length;
		addShape(`random-cloud-${k}`, h.points, { vertexCount: V, faceCount: F, edgeCount: V + F - 2 });
	}
	// 256 input points on two circles: 256 hull vertices exactly (the capacity).
	const ring = [];
	for (let i = 0; i < 128; i++) for (const z of [-0.5, 0.5]) ring.push([Math.cos((2 * Math.PI * i) / 128), Math.sin((2 * Math.PI * i) / 128), z]);
	addShape('prism-256-vertices', ring, { vertexCount: 256, faceCount: 130, edgeCount: 384 }, '128-gon prism: 256 vertices (NP_MAX_HULL_VERTICES)');
	// 4096 input points: a 16x16x16 lattice, 8 vertices.
	const big = [];
	for (let i = 0; i < 16; i++) for (let j = 0; j < 16; j++) for (let k = 0; k < 16; k++) big.push([i, j, k]);
	addShape('lattice-4096-points', big, { vertexCount: 8, faceCount: 6, edgeCount: 12 }, 'NP_MAX_HULL_INPUT points');
}

// 4. Bad input: constructors and transforms.
function addError(name, spec, error, note) {
	const v = { id: `3d-err-${name}`, query: 'shape', a: spec, tol: 0, expect: { error } };
	if (note) v.note = note;
	push('errors', v);
}
addError('sphere-zero-radius', { type: 'sphere', radius: 0 }, 'NP_ERR_INVALID_RADIUS');
addError('sphere-nan-radius', { type: 'sphere', radius: enc(NaN) }, 'NP_ERR_NON_FINITE');
addError('capsule-zero-height', { type: 'capsule', halfHeight: 0, radius: 1 }, 'NP_ERR_INVALID_EXTENT');
addError('capsule-negative-radius', { type: 'capsule', halfHeight: 1, radius: -1 }, 'NP_ERR_INVALID_RADIUS');
addError('box-zero-extent', { type: 'box', halfExtents: [1, 0, 1] }, 'NP_ERR_INVALID_EXTENT');
addError('box-infinite-extent', { type: 'box', halfExtents: [1, enc(Infinity), 1] }, 'NP_ERR_NON_FINITE');
addError('triangle-collinear', { type: 'triangle', points: [[0, 0, 0], [1, 1, 1], [2, 2, 2]] }, 'NP_ERR_DEGENERATE');
addError('triangle-nan', { type: 'triangle', points: [[0, 0, 0], [1, enc(NaN), 1], [2, 0, 2]] }, 'NP_ERR_NON_FINITE');
addError('hull-two-points', { type: 'hull', points: [[0, 0, 0], [1, 0, 0]] }, 'NP_ERR_DEGENERATE');
addError('hull-collinear', { type: 'hull', points: [0, 1, 2, 3, 4].map((i) => [i, 2 * i, -i]) }, 'NP_ERR_DEGENERATE');
addError('hull-coincident', { type: 'hull', points: [0, 1, 2, 3].map(() => [1, 1, 1]) }, 'NP_ERR_DEGENERATE');
addError('hull-nan', { type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, enc(NaN), 0], [0, 0, 1]] }, 'NP_ERR_NON_FINITE');
addError('hull-huge', { type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, 1e13, 0], [0, 0, 1]] }, 'NP_ERR_NON_FINITE');
{
	const sphere = [];
	for (let i = 0; i < 400; i++) {
		const u = randomUnit();
		sphere.push(u);
	}
	addError('hull-400-vertices', { type: 'hull', points: sphere }, 'NP_ERR_TOO_MANY_POINTS', 'more than 256 hull vertices');
	const many = [];
	for (let i = 0; i < 4097; i++) many.push([i % 17, (i * 7) % 19, (i * 13) % 23]);
	addError('hull-4097-points', { type: 'hull', points: many }, 'NP_ERR_TOO_MANY_POINTS', 'more than NP_MAX_HULL_INPUT points');
}
function addTransformError(name, t, error) {
	push('errors', { id: `3d-err-${name}`, query: 'transform', a: cube, xfA: t, b: cube, xfB: xf([0, 0, 0]), tol: 0, expect: { error } });
}
addTransformError('transform-zero-quaternion', xf([1, 2, 3], [0, 0, 0, 0]), 'NP_ERR_INVALID_TRANSFORM');
addTransformError('transform-nan-quaternion', xf([1, 2, 3], [0, enc(NaN), 0, 1]), 'NP_ERR_NON_FINITE');
addTransformError('transform-infinite-position', xf([enc(Infinity), 2, 3], ID), 'NP_ERR_NON_FINITE');
addTransformError('transform-huge-position', xf([1e13, 2, 3], ID), 'NP_ERR_NON_FINITE');
push('errors', { id: '3d-err-transform-non-unit-quaternion-ok', query: 'transform', a: cube, xfA: xf([1, 2, 3], [0, 0, 0, 1.000001]), b: cube, xfB: xf([0, 0, 0]), tol: 0, expect: { error: 'NP_OK' }, note: 'slightly non-unit: normalised, accepted' });

// ------------------------------------------------------------------------------------ output
let total = 0;
for (const [name, list] of Object.entries(vectors.files)) {
	writeVectorFile(`3d_${name}.json`, {
		dim: 3, generator: 'tools/gen_vectors3d.mjs',
		description: `3D ${name} vectors; see tests/vectors/README.md and the header of tools/gen_vectors3d.mjs`,
	}, list);
	total += list.length;
	console.log(`3d_${name}.json: ${list.length} vectors`);
}
console.log(`total: ${total} 3D vectors`);
