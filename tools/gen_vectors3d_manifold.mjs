#!/usr/bin/env node
// Generates tests/vectors/3d_manifold.json: 3D contact-manifold vectors (format:
// tests/vectors/README.md; shapes, transforms and `ref` as in tools/gen_vectors3d.mjs).
//
//   node tools/gen_vectors3d_manifold.mjs            (or: make vectors)
//
// Plain Node, no dependencies, never the library. The reference, in this file's own arithmetic:
//  - cores: a point (sphere), a segment (capsule), or the points of a box / triangle / hull (the
//    hull's input points: supports and separating axes over them equal those over its vertices);
//  - SAT depth of the cores: min over candidate axes n of o(n) = hA(n) + hB(-n), the candidates
//    being the face planes of both cores (brute-force supporting planes through point triples; a
//    flat core has both sides and its in-plane edge planes) and the cross products of every pair
//    of point-pair directions of A and B (a superset of the edge pairs). Exact when the cores
//    overlap; when they are apart it is minus the largest separation over those axes;
//  - core distance when apart: brute force over segment-segment distances of all point pairs and
//    point-triangle distances of each point against all triangles of the other core's points;
//  - best = SAT depth + rA + rB when the cores overlap, else rA + rB - core distance: the minimum
//    over all directions of the overlap of the two (rounded) shapes, negative when apart.
// expect: best; maxNormalOverlap = (SAT depth + rA + rB, or best for rounded shapes with cores
// apart, whose normal is the closest-point direction) + NP_FACE_PREFERENCE3 (5e-4); count (exact),
// or minCount / maxCount; deepestIsOverlap when the deepest point must carry exactly the overlap
// along the manifold's own normal (sharp pairs in contact, and pairs with a sphere); depth (the
// deepest point's exact depth) for hand-made cases.
import {
	add, sub, mul, dot, cross, len, ID, rotate, apply, localCore, isSharp, support, xorshift32, uniformFrom, num, axisQuat,
	randomUnit as randomUnitFrom, randomQuat as randomQuatFrom, randomTriangle, extentOf, addSupportPlane, supportingPlanes,
	forEachInPlaneEdgePlane, closestOnSegment, closestSegmentPoints, bruteCoreDistance, addEdgePairAxes, isFar, writeVectorFile,
} from './genlib.mjs';

const PREFERENCE = 5e-4; // NP_FACE_PREFERENCE3

// ------------------------------------------------------------------------------ numbers
const rand = xorshift32(0x3d3a11f0);
const uniform = uniformFrom(rand);
const randomUnit = () => randomUnitFrom(uniform, 0.2);
const randomQuat = () => randomQuatFrom(uniform, 0.2);
const xf = (position, rotation = ID) => ({ position: position.map(num), rotation });

// Supporting planes of a point set (brute force over triples), with flat sets two-sided plus their
// in-plane edge planes. Planes as [n, d] with n.x <= d inside.
function planesOf(pts) {
	const extent = extentOf(pts);
	const eps = 1e-10 * Math.max(1, extent);
	const { planes, flat } = supportingPlanes(pts, extent, eps);
	if (flat) forEachInPlaneEdgePlane(pts, flat, eps, (s) => addSupportPlane(planes, pts, s, eps));
	return planes;
}

function worldCore(spec, t) {
	const { pts, r } = localCore(spec);
	const w = pts.map((p) => apply(t, p));
	return { pts: w, r, planes: isSharp(spec) ? planesOf(w) : null };
}

const overlapAlong = (A, B, n) => support(A.pts, n) + support(B.pts, mul(-1, n));

function satDepth(A, B) {
	const axes = [];
	for (const C of [A, B]) if (C.planes) for (const [n] of C.planes) axes.push(n);
	addEdgePairAxes(A.pts, B.pts, axes);
	let best = Infinity;
	for (const u of axes) best = Math.min(best, overlapAlong(A, B, u), overlapAlong(A, B, mul(-1, u)));
	return best;
}

function segSeg(p1, q1, p2, q2) {
	const [c1, c2] = closestSegmentPoints(p1, q1, p2, q2);
	return len(sub(c1, c2));
}
function pointTriangle(p, a, b, c) {
	// Inside the triangle's prism: plane distance; else the nearest edge.
	const n = cross(sub(b, a), sub(c, a));
	const l = len(n);
	let best = Math.min(len(sub(p, closestOnSegment(p, a, b))), len(sub(p, closestOnSegment(p, b, c))), len(sub(p, closestOnSegment(p, c, a))));
	if (l > 0) {
		const u = mul(1 / l, n);
		const q = sub(p, mul(dot(u, sub(p, a)), u));
		const inside = [[a, b], [b, c], [c, a]].every(([x, y]) => dot(cross(sub(y, x), sub(q, x)), u) >= 0);
		if (inside) best = Math.min(best, Math.abs(dot(u, sub(p, a))));
	}
	return best;
}
const coreDistance = (A, B) => bruteCoreDistance(A.pts, B.pts, segSeg, pointTriangle, (d) => d);

function reference(a, xa, b, xb) {
	const A = worldCore(a, xa), B = worldCore(b, xb);
	const r = A.r + B.r;
	const scale = Math.max(1, ...[...A.pts, ...B.pts].map((p) => Math.max(...p.map(Math.abs))));
	const touch = 1e-12 * scale;
	const polyPair = A.pts.length >= 3 || B.pts.length >= 3;
	const sat = polyPair ? satDepth(A, B) : null;
	// Apart sharp shapes: the routine's axes are the face normals and the edge pairs of the
	// Minkowski difference; the axis it picks separates at least as much as the best face normal
	// (within the preference), which bounds the overlap along its normal from above.
	const faceSat = (C, D) => {
		let m = Infinity;
		if (C.planes) for (const [n] of C.planes) m = Math.min(m, overlapAlong(C, D, n));
		if (D.planes) for (const [n] of D.planes) m = Math.min(m, overlapAlong(C, D, mul(-1, n)));
		return m;
	};
	const coresOverlap = polyPair ? sat >= -touch : coreDistance(A, B) <= touch;
	let best, normalBound;
	if (coresOverlap) {
		best = (sat === null ? 0 : Math.max(0, sat)) + r;
		normalBound = best;
	} else {
		best = r - coreDistance(A, B);
		normalBound = r === 0 ? faceSat(A, B) : best;
	}
	const ref = { coreA: A.pts, radiusA: A.r, coreB: B.pts, radiusB: B.r };
	if (A.planes) ref.planesA = A.planes.map(([n, d]) => [...n, d]);
	if (B.planes) ref.planesB = B.planes.map(([n, d]) => [...n, d]);
	return { ref, best, sat, coresOverlap, maxNormalOverlap: normalBound + PREFERENCE, sharp: r === 0, A, B };
}

// Approximate overlap (min over sampled directions) for placing shapes; never used as an answer.
const DIRS = [];
for (let i = 0; i < 600; i++) {
	const y = 1 - (2 * (i + 0.5)) / 600, rr = Math.sqrt(1 - y * y), phi = i * 2.399963229728653;
	DIRS.push([rr * Math.cos(phi), y, rr * Math.sin(phi)]);
}
function approxOverlap(a, xa, b, xb) {
	const A = worldCore(a, xa), B = worldCore(b, xb);
	let m = Infinity;
	for (const n of DIRS) m = Math.min(m, overlapAlong(A, B, n) + A.r + B.r);
	return m;
}
// Places B along `dir` from A so that the approximate overlap is `target`.
function place(a, xa, b, qb, dir, target) {
	let lo = 0, hi = 8;
	for (let it = 0; it < 50; it++) {
		const mid = 0.5 * (lo + hi);
		const o = approxOverlap(a, xa, b, xf(add(xa.position, mul(mid, dir)), qb));
		if (o > target) lo = mid; else hi = mid;
	}
	return xf(add(xa.position, mul(0.5 * (lo + hi), dir)), qb);
}

// ------------------------------------------------------------------------------ shapes
const sphere = () => ({ type: 'sphere', radius: num(uniform(0.2, 0.7)) });
const capsule = () => ({ type: 'capsule', halfHeight: num(uniform(0.2, 0.8)), radius: num(uniform(0.1, 0.4)) });
const box = () => ({ type: 'box', halfExtents: [uniform(0.2, 0.9), uniform(0.2, 0.9), uniform(0.2, 0.9)].map(num) });
function hull(n = 12 + Math.floor(rand() * 9)) {
	const pts = [];
	for (let i = 0; i < n; i++) pts.push([uniform(-0.8, 0.8), uniform(-0.8, 0.8), uniform(-0.8, 0.8)].map(num));
	return { type: 'hull', points: pts };
}
const triangle = () => randomTriangle(uniform);
const MAKERS = { sphere, capsule, box, hull, triangle };

// ------------------------------------------------------------------------------ vectors
const vectors = [];
const ids = new Set();
function addVector(name, a, xa, b, xb, margin, extra = {}) {
	const id = `3d-man-${name}`;
	if (ids.has(id)) throw new Error('duplicate id ' + id);
	ids.add(id);
	const tol = isFar(xa, xb) ? 1e-6 : 1e-9;
	const R = reference(a, xa, b, xb);
	const expect = { best: R.best, maxNormalOverlap: R.maxNormalOverlap };
	const hasSphere = a.type === 'sphere' || b.type === 'sphere';
	const hasCapsule = a.type === 'capsule' || b.type === 'capsule';
	const band = 1e-6;
	if (hasSphere) {
		if (R.best >= -margin + band) expect.count = 1;
		else if (R.best < -margin - band) expect.count = 0;
	} else if (hasCapsule) {
		if (R.best > band) expect.minCount = 1;
		else if (R.best < -margin - band) expect.count = 0;
		expect.maxCount = 4;
	} else {
		if (R.best > band) expect.minCount = 1;
		// SAT separation beyond the margin: no points. Between the SAT separation and the true
		// distance the routine may keep speculative points (SAT bounds the distance from below).
		else if (R.sat !== null && R.sat < -margin - band) expect.count = 0;
	}
	if ((R.sharp && R.best > band) || (hasSphere && R.best >= -margin + band)) expect.deepestIsOverlap = true;
	Object.assign(expect, extra);
	const v = { id, query: 'manifold', a, xfA: xa, b, xfB: xb, margin, tol, ref: R.ref, expect };
	vectors.push(v);
	return R;
}

// 1. Every ordered pair of shape types, random poses: deep, shallow, speculative, apart.
const TYPES = ['sphere', 'capsule', 'box', 'hull', 'triangle'];
const CONFIGS = [
	{ name: 'deep', target: 0.25, margin: 0 },
	{ name: 'shallow', target: 0.03, margin: 0 },
	{ name: 'speculative', target: -0.03, margin: 0.08 },
	{ name: 'apart', target: -0.25, margin: 0.05 },
];
for (const ta of TYPES)
	for (const tb of TYPES)
		for (const c of CONFIGS)
			for (let k = 0; k < 2; k++) {
				const a = MAKERS[ta](), b = MAKERS[tb]();
				const xa = xf([uniform(-0.5, 0.5), uniform(-0.5, 0.5), uniform(-0.5, 0.5)], randomQuat());
				const xb = place(a, xa, b, randomQuat(), randomUnit(), c.target);
				addVector(`${ta}-${tb}-${c.name}-${k}`, a, xa, b, xb, c.margin);
			}

// 2. Hand-made cases with exact answers.
const ground = { type: 'box', halfExtents: [5, 0.5, 5] };
const cube = { type: 'box', halfExtents: [0.5, 0.5, 0.5] };
// A cube resting 0.01 deep on the ground: 4 points at its bottom corners.
addVector('box-resting', ground, xf([0, 0, 0]), cube, xf([1, 0.99, -2]), 0, { count: 4, depth: 0.01 });
addVector('box-resting-swapped', cube, xf([1, 0.99, -2]), ground, xf([0, 0, 0]), 0, { count: 4, depth: 0.01 });
// Rotated 45 degrees about y on a cube of the same size: the clipped octagon reduces to 4 points.
addVector('box-on-box-45', cube, xf([0, 0, 0]), cube, xf([0, 0.98, 0], axisQuat([0, 1, 0], Math.PI / 4)), 0, { count: 4, depth: 0.02 });
// Touching exactly (depth 0): 4 points of depth 0.
addVector('box-touching', ground, xf([0, 0, 0]), cube, xf([0.25, 1, 0.5]), 0, { count: 4, depth: 0 });
// 1e-6 overlap.
addVector('box-1e-6', ground, xf([0, 0, 0]), cube, xf([0.25, 1 - 1e-6, 0.5]), 0, { count: 4 });
// Speculative: 0.02 apart, margin 0.05: 4 points at depth -0.02; margin 0.01: none.
addVector('box-speculative', ground, xf([0, 0, 0]), cube, xf([0.25, 1.02, 0.5]), 0.05, { count: 4, depth: -0.02 });
addVector('box-beyond-margin', ground, xf([0, 0, 0]), cube, xf([0.25, 1.02, 0.5]), 0.01, { count: 0 });
// Far from the origin (1e4): same resting contact.
addVector('box-resting-far', ground, xf([1e4, -1e4, 1e4]), cube, xf([1e4 + 1, -1e4 + 0.99, 1e4 - 2]), 0, { count: 4 });
// Two coincident unit cubes (Bullet's EPA answers 1/sqrt(3) diagonally; the SAT answer is 1 along
// a face normal; half extent 0.5 -> depth 1).
addVector('box-coincident', cube, xf([0, 0, 0]), cube, xf([0, 0, 0]), 0, { count: 4, depth: 1 });
// Tilted cube on the ground: one edge down (2 points), one corner down (1 point).
addVector('box-on-edge', ground, xf([0, 0, 0]), cube, xf([0, 0.5 + Math.SQRT1_2 - 0.01, 0], axisQuat([0, 0, 1], Math.PI / 4)), 0, { count: 2, depth: 0.01 });
{
	// Corner down: rotate so the body diagonal is vertical.
	const q1 = axisQuat([0, 0, 1], Math.PI / 4);
	const q2 = axisQuat([1, 0, 0], Math.atan(Math.SQRT1_2));
	const qm = (p, q) => [
		p[3] * q[0] + p[0] * q[3] + p[1] * q[2] - p[2] * q[1],
		p[3] * q[1] - p[0] * q[2] + p[1] * q[3] + p[2] * q[0],
		p[3] * q[2] + p[0] * q[1] - p[1] * q[0] + p[2] * q[3],
		p[3] * q[3] - p[0] * q[0] - p[1] * q[1] - p[2] * q[2],
	].map(num);
	const q = qm(q2, q1);
	const low = Math.min(...localCore(cube).pts.map((p) => rotate(q, p)[1]));
	addVector('box-on-corner', ground, xf([0, 0, 0]), cube, xf([0, 0.5 - low - 0.01, 0], q), 0, { count: 1 });
}
// Crossed edges: two cubes turned 45 degrees about perpendicular axes, edge on edge.
{
	const qa = axisQuat([1, 0, 0], Math.PI / 4), qb = axisQuat([0, 0, 1], Math.PI / 4);
	addVector('box-edge-edge', cube, xf([0, 0, 0], qa), cube, xf([0, 2 * Math.SQRT1_2 - 0.01, 0], qb), 0, { count: 1, depth: 0.01 });
	addVector('box-edge-edge-tilted', cube, xf([0, 0, 0], qa), cube, xf([0.1, 2 * Math.SQRT1_2 - 0.01, 0.05], qb), 0, { count: 1, depth: 0.01 });
}
// Capsules: crossed (1 point), parallel overlapping (2 points), lying on a box (2), standing (1).
const cap = { type: 'capsule', halfHeight: 1, radius: 0.2 };
const cap2 = { type: 'capsule', halfHeight: 0.5, radius: 0.3 };
addVector('capsule-crossed', cap, xf([0, 0, 0]), cap2, xf([0.45, 0.2, 0], axisQuat([1, 0, 0], Math.PI / 2)), 0, { count: 1, depth: 0.05 });
addVector('capsule-parallel', cap, xf([0, 0, 0]), cap2, xf([0.45, 1, 0]), 0, { count: 2, depth: 0.05 });
const slab = { type: 'box', halfExtents: [1, 0.5, 2] };
addVector('capsule-lying-on-box', slab, xf([0, 0, 0]), cap, xf([0.5, 0.65, 0], axisQuat([0, 0, 1], Math.PI / 2)), 0, { count: 2, depth: 0.05 });
addVector('capsule-lying-on-box-swapped', cap, xf([0.5, 0.65, 0], axisQuat([0, 0, 1], Math.PI / 2)), slab, xf([0, 0, 0]), 0, { count: 2, depth: 0.05 });
addVector('capsule-standing-on-box', slab, xf([0, 0, 0]), cap, xf([0, 1.65, 0]), 0, { count: 1, depth: 0.05 });
addVector('capsule-along-box-edge', slab, xf([0, 0, 0]), cap, xf([1.1, 0.6, 0], axisQuat([1, 0, 0], Math.PI / 2)), 0, { count: 1, depth: 0.2 - Math.hypot(0.1, 0.1) });
// Triangles: on a box (3 points), a box on a triangle, coplanar triangles touching.
const tri = { type: 'triangle', points: [[-1, 0, -1], [1, 0, -1], [0, 0, 1]] };
addVector('triangle-on-box', slab, xf([0, 0, 0]), tri, xf([0, 0.49, 0]), 0, { count: 3, depth: 0.01 });
addVector('box-on-triangle', tri, xf([0, 0, 0]), cube, xf([0, 0.49, -0.3]), 0, { minCount: 3, depth: 0.01 });
addVector('capsule-on-triangle', tri, xf([0, 0, 0]), cap, xf([0, 0.15, -0.5], axisQuat([0, 0, 1], Math.PI / 2)), 0, { count: 2, depth: 0.05 });
addVector('triangles-coplanar', tri, xf([0, 0, 0]), { type: 'triangle', points: [[0, 0, -2], [2, 0, 0], [0, 0, 0.5]] }, xf([0, 0, 0]), 0, { minCount: 1, depth: 0 });
// Spheres against polyhedra: face, corner, centre inside, under the triangle, beside its edge.
const ball = { type: 'sphere', radius: 0.3 };
addVector('sphere-on-box-face', slab, xf([0, 0, 0]), ball, xf([0.2, 0.7, 0.3]), 0, { count: 1, depth: 0.1 });
addVector('sphere-at-box-corner', slab, xf([0, 0, 0]), ball, xf([1.1, 0.6, 2.1]), 0, { count: 1, depth: 0.3 - Math.sqrt(0.03) });
addVector('sphere-inside-box', slab, xf([0, 0, 0]), ball, xf([0.9, 0, 0]), 0, { count: 1, depth: 0.4 });
addVector('sphere-under-triangle', tri, xf([0, 0, 0]), ball, xf([0, -0.25, 0]), 0, { count: 1, depth: 0.05 });
addVector('sphere-beside-triangle-edge', tri, xf([0, 0, 0]), ball, xf([0, 0, -1.2]), 0, { count: 1, depth: 0.1 });
addVector('spheres', { type: 'sphere', radius: 0.5 }, xf([0, 0, 0]), { type: 'sphere', radius: 0.25 }, xf([0.36, 0.48, 0]), 0, { count: 1, depth: 0.15 });
// Flat hull (a square) resting in a box face, and the box under it.
const square = { type: 'hull', points: [[-0.5, 0, -0.5], [0.5, 0, -0.5], [0.5, 0, 0.5], [-0.5, 0, 0.5], [0, 0, 0]] };
addVector('flat-hull-on-box', slab, xf([0, 0, 0]), square, xf([0, 0.48, 0]), 0, { count: 4, depth: 0.02 });
addVector('box-under-flat-hull', square, xf([0, 0.48, 0]), slab, xf([0, 0, 0]), 0, { count: 4, depth: 0.02 });
// 32-point hulls, overlapping in random poses (the hull-hull size).
for (let k = 0; k < 6; k++) {
	const a = hull(32), b = hull(32);
	const xa = xf([0, 0, 0], randomQuat());
	const xb = place(a, xa, b, randomQuat(), randomUnit(), [0.02, 0.1, 0.3][k % 3]);
	addVector(`hull32-hull32-${k}`, a, xa, b, xb, 0);
}

writeVectorFile('3d_manifold.json', {
	dim: 3, generator: 'tools/gen_vectors3d_manifold.mjs',
	description: '3D manifold vectors; see tests/vectors/README.md and the header of tools/gen_vectors3d_manifold.mjs',
}, vectors);
console.log(`3d_manifold.json: ${vectors.length} vectors`);
