#!/usr/bin/env node
// Generates the 2D chain vectors (issue 14), run by both runners (tests/native/vectorschain.c,
// tests/node/vectorschain.mjs):  tests/vectors/2d_chain.json
//
//   node tools/gen_vectors_chain2d.mjs            (or: make vectors)
//
// Plain Node, never the library: every expectation is this file's own geometry.
//  - Flat ground: many collinear segments (lengths from 2 down to 1e-4) listed right to left, split
//    into several chains that meet end to end; every shape kind resting on it at many places and
//    angles. Expected: every contact normal is the ground's (0, -1) and the deepest depth is the
//    shape's penetration below the ground line (its lowest core point minus its radius, closed form).
//    The same scenes with removeGhosts: false must show ghost normals (vertex normals leaning toward
//    a joint), so the ghost check is shown to fail on them.
//  - A U-shaped pit: shapes in its concave bottom corners touch only the two faces; the depth along
//    each is the shape's penetration past the face's line.
//  - A ledge: a shape at the convex corner keeps one vertex contact whose normal is the direction
//    from the shape's closest point to the corner (closed form).
//  - Shapes behind a segment (core centroid behind its line) get nothing, even when overlapping.
//  - Square loops counter-clockwise (shapes kept out) and clockwise (kept in).
//  - A 20,000-segment hilly terrain (a formula of exact double operations, rebuilt the same way by
//    the runners; see terrainPoints) in four joined chains: circles anywhere and boxes kept apart
//    from it within the margin, against brute-force one-sided distances over every segment.
//  - Rays (front faces only, brute force over every segment), closest points (brute force; loops
//    signed by a crossing-number test), containment, bounds and creation errors.
// Ghost check data: each contact vector lists the chain's face normals near the shape ("faces") and
// the normal cones of its convex corners and free ends ("cones": [n0, n1, bisector]); a contact's
// chain-side normal (minus its normal) must be a listed face normal or lie in a listed cone.
import { num, mulberry32, uniformFrom, writeVectorFile } from './genlib.mjs';

const rand = mulberry32(1414);
const U = uniformFrom(rand);
const vectors = [];

// ------------------------------------------------------------------------------------ 2D math
const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const add = (a, b) => [a[0] + b[0], a[1] + b[1]];
const mul = (s, a) => [s * a[0], s * a[1]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];
const cross = (a, b) => a[0] * b[1] - a[1] * b[0];
const len = (a) => Math.hypot(a[0], a[1]);
const unit = (a) => mul(1 / len(a), a);
const rightPerp = (a) => [a[1], -a[0]];
const rot = (angle, p) => [Math.cos(angle) * p[0] - Math.sin(angle) * p[1], Math.sin(angle) * p[0] + Math.cos(angle) * p[1]];
const place = (xf, p) => (xf ? add(rot(xf.angle || 0, p), xf.position) : p);
const round = (p) => p.map(num);

function closestOnSegment(p, a, b) {
	const e = sub(b, a);
	const t = Math.max(0, Math.min(1, dot(sub(p, a), e) / dot(e, e)));
	return add(a, mul(t, e));
}

// Distance between two segments (0 when they cross).
function segmentSegment(p1, q1, p2, q2) {
	const d1 = cross(sub(q1, p1), sub(p2, p1)), d2 = cross(sub(q1, p1), sub(q2, p1));
	const d3 = cross(sub(q2, p2), sub(p1, p2)), d4 = cross(sub(q2, p2), sub(q1, p2));
	if (d1 * d2 < 0 && d3 * d4 < 0) return 0;
	return Math.min(len(sub(p1, closestOnSegment(p1, p2, q2))), len(sub(q1, closestOnSegment(q1, p2, q2))),
		len(sub(p2, closestOnSegment(p2, p1, q1))), len(sub(q2, closestOnSegment(q2, p1, q1))));
}

// ------------------------------------------------------------------------------------ shapes
// World core points and radius of a shape spec at xf (this file's own cos/sin).
function core(spec, xf) {
	let pts;
	if (spec.type === 'circle') pts = [[0, 0]];
	else if (spec.type === 'capsule') pts = [[-spec.halfLength, 0], [spec.halfLength, 0]];
	else if (spec.type === 'box') pts = [[-spec.halfWidth, -spec.halfHeight], [spec.halfWidth, -spec.halfHeight], [spec.halfWidth, spec.halfHeight], [-spec.halfWidth, spec.halfHeight]];
	else pts = spec.points;
	return { pts: pts.map((p) => place(xf, p)), radius: spec.radius || 0 };
}

function centroidOf(c) {
	if (c.pts.length <= 2) return mul(1 / c.pts.length, c.pts.reduce(add, [0, 0]));
	let area = 0, cx = 0, cy = 0;
	for (let i = 0; i < c.pts.length; i++) {
		const a = c.pts[i], b = c.pts[(i + 1) % c.pts.length];
		const w = cross(a, b);
		area += w; cx += (a[0] + b[0]) * w; cy += (a[1] + b[1]) * w;
	}
	return [cx / (3 * area), cy / (3 * area)];
}

// Distance from a shape to a segment (0 when they overlap; shapes are convex cores + radius).
function shapeSegmentDistance(c, a, b) {
	const n = c.pts.length;
	let d = Infinity;
	if (n === 1) d = len(sub(c.pts[0], closestOnSegment(c.pts[0], a, b)));
	else {
		for (let i = 0; i < (n === 2 ? 1 : n); i++) d = Math.min(d, segmentSegment(c.pts[i], c.pts[(i + 1) % n], a, b));
		if (n >= 3 && (insidePolygon(c.pts, a) || insidePolygon(c.pts, b))) d = 0;
	}
	return Math.max(0, d - c.radius);
}

function insidePolygon(pts, p) {
	for (let i = 0; i < pts.length; i++) if (cross(sub(pts[(i + 1) % pts.length], pts[i]), sub(p, pts[i])) < 0) return false;
	return true;
}

const SHAPES = [
	{ type: 'circle', radius: 0.5 },
	{ type: 'capsule', halfLength: 0.6, radius: 0.25 },
	{ type: 'box', halfWidth: 0.7, halfHeight: 0.4 },
	{ type: 'polygon', points: [[-0.5, -0.3], [0.6, -0.4], [0.7, 0.3], [0, 0.6], [-0.6, 0.2]], radius: 0 },
	{ type: 'polygon', points: [[-0.4, -0.4], [0.4, -0.4], [0.5, 0.2], [-0.3, 0.5]], radius: 0.1 },
];
const kindName = (s) => (s.type === 'polygon' && s.radius > 0 ? 'rounded' : s.type);

// ------------------------------------------------------------------------------------ chains
// A chain spec: { points, loop, ghostStart, ghostEnd, transform } or { terrain: { first, count } }.
const terrainN = 20000, terrainDx = 0.25;
/** The terrain formula (the runners evaluate the same operations in the same order). */
function terrainPoint(i) {
	const m1 = i % 80, m2 = i % 18, j = (i * 7919) % 1000;
	const y = (1.5 * Math.abs(m1 - 40)) / 40 + (0.6 * Math.abs(m2 - 9)) / 9 + (0.02 * j) / 1000;
	return [(terrainN - i) * terrainDx, y];
}

function chainPoints(spec) {
	if (spec.terrain) {
		const out = [];
		for (let i = spec.terrain.first; i <= spec.terrain.first + spec.terrain.count; i++) out.push(terrainPoint(i));
		return out;
	}
	return spec.points;
}

// World segments of a chain list, with each segment's neighbours (joins across chains like the
// library's contract: an end point joins another open chain's start within 1e-6).
function worldChains(chains) {
	const w = chains.map((c) => {
		const pts = chainPoints(c).map((p) => place(c.transform, p));
		return { pts, loop: !!c.loop, spec: c };
	});
	return w;
}

function segmentsOf(w) {
	const segs = [];
	w.forEach((c, ci) => {
		const n = c.loop ? c.pts.length : c.pts.length - 1;
		for (let i = 0; i < n; i++) segs.push({ chain: ci, index: i, a: c.pts[i], b: c.pts[(i + 1) % c.pts.length] });
	});
	for (const s of segs) s.normal = unit(rightPerp(sub(s.b, s.a)));
	return segs;
}

const near = (p, q) => Math.abs(p[0] - q[0]) <= 1e-6 && Math.abs(p[1] - q[1]) <= 1e-6;

// Face normals and convex/free-end cones of the segments near a point (within reach).
function ghostData(chains, w, segs, centre, reach) {
	const faces = [], cones = [];
	const nextNormal = (s) => {
		const c = w[s.chain], n = c.loop ? c.pts.length : c.pts.length - 1;
		if (s.index + 1 < n) return segs.find((t) => t.chain === s.chain && t.index === s.index + 1).normal;
		if (c.loop) return segs.find((t) => t.chain === s.chain && t.index === 0).normal;
		const j = w.findIndex((o, k) => k !== s.chain && !o.loop && near(o.pts[0], s.b));
		if (j >= 0) return segs.find((t) => t.chain === j && t.index === 0).normal;
		const g = chains[s.chain].ghostEnd;
		return g ? unit(rightPerp(sub(place(chains[s.chain].transform, g), s.b))) : null;
	};
	const prevMissing = (s) => {
		const c = w[s.chain];
		if (s.index > 0 || c.loop) return false;
		if (w.some((o, k) => k !== s.chain && !o.loop && near(o.pts[o.pts.length - 1], s.a))) return false;
		return !chains[s.chain].ghostStart;
	};
	const ghostStartNormal = (s) => {
		const g = chains[s.chain].ghostStart;
		return g && s.index === 0 && !w[s.chain].loop ? unit(rightPerp(sub(s.a, place(chains[s.chain].transform, g)))) : null;
	};
	for (const s of segs) {
		if (len(sub(centre, closestOnSegment(centre, s.a, s.b))) > reach) continue;
		faces.push(round(s.normal));
		const nn = nextNormal(s);
		if (nn === null) cones.push([s.normal, mul(-1, s.normal), unit(sub(s.b, s.a))].map(round)); // free end b
		else if (cross(s.normal, nn) > 1e-9) cones.push([s.normal, nn, unit(add(s.normal, nn))].map(round));
		if (prevMissing(s)) cones.push([mul(-1, s.normal), s.normal, unit(sub(s.a, s.b))].map(round)); // free end a
		const gs = ghostStartNormal(s);
		if (gs && cross(gs, s.normal) > 1e-9) cones.push([gs, s.normal, unit(add(gs, s.normal))].map(round));
	}
	return { faces, cones };
}

// ------------------------------------------------------------------------------------ contact vectors
let serial = 0;
function contactVector(name, shape, xf, chains, options, expect, extra = {}) {
	const w = worldChains(chains);
	const segs = segmentsOf(w);
	const c = core(shape, xf);
	const centre = centroidOf(c);
	const reach = Math.max(...c.pts.map((p) => len(sub(p, centre)))) + c.radius + (options.margin || 0) + 1e-6;
	const { faces, cones } = ghostData(chains, w, segs, centre, reach);
	vectors.push({
		id: `2d-chain-${String(serial++).padStart(3, '0')}-${name}`, query: 'chainContacts', tol: 1e-9,
		shape, xf: { position: round(xf.position), angle: num(xf.angle) }, chains, options, faces, cones, expect, ...extra,
	});
}

// The lowest point of a shape below a horizontal line y = g: penetration depth (closed form).
const penetrationBelow = (c, g) => g - (Math.min(...c.pts.map((p) => p[1])) - c.radius);

// Flat ground: right to left, segment lengths cycling through a list (tiny ones included), split
// into three chains at two joints.
function flatGround(g) {
	const lengths = [1.0, 0.5, 1e-3, 0.25, 1e-4, 2.0, 0.125, 0.01, 0.75, 3e-4];
	const pts = [];
	let x = 24, k = 0;
	while (x > -24) {
		pts.push([x, g]);
		x = num(x - lengths[k++ % lengths.length]);
	}
	pts.push([x, g]);
	const a = Math.floor(pts.length / 3), b = Math.floor((2 * pts.length) / 3);
	return [{ points: pts.slice(0, a + 1) }, { points: pts.slice(a, b + 1) }, { points: pts.slice(b) }];
}

{
	const g = 1.25;
	const ground = flatGround(g);
	for (const shape of SHAPES) {
		for (let i = 0; i < 12; i++) {
			const angle = i % 3 === 0 ? 0 : num(U(-Math.PI, Math.PI));
			const x = num(U(-18, 18));
			const c0 = core(shape, { position: [x, 0], angle });
			const lowest = Math.min(...c0.pts.map((p) => p[1])) - c0.radius;
			const depth = i % 4 === 3 ? -0.05 : U(0.001, 0.2);
			const y = num(g - lowest - depth);
			const xf = { position: [x, y], angle };
			const exact = penetrationBelow(core(shape, xf), g);
			const margin = depth < 0 ? 0.1 : 0;
			contactVector(`flat-${kindName(shape)}-${i}`, shape, xf, ground, { margin },
				{ minCount: 1, ghosts: 0, normals: [[0, -1]], maxDepth: num(exact) });
			if (i < 4) {
				contactVector(`flat-naive-${kindName(shape)}-${i}`, shape, xf, ground, { margin, removeGhosts: false },
					{ minCount: 1 });
			}
		}
	}
	// Circles and rounded shapes centred next to a joint of tiny segments: the naive manifold leans.
	const pts = ground.flatMap((c) => c.points);
	let made = 0;
	for (let i = 2; i < pts.length - 2 && made < 6; i++) {
		const seg = pts[i][0] - pts[i + 1][0];
		if (seg > 0.002 || Math.abs(pts[i][0]) > 18) continue;
		const shape = SHAPES[0];
		const xf = { position: [num(pts[i][0] + 0.1), num(g + 0.45)], angle: 0 };
		contactVector(`flat-joint-naive-${made}`, shape, xf, ground, { margin: 0, removeGhosts: false }, { minGhosts: 1 });
		contactVector(`flat-joint-${made}`, shape, xf, ground, { margin: 0 }, { minCount: 1, ghosts: 0, normals: [[0, -1]], maxDepth: num(penetrationBelow(core(shape, xf), g)) });
		made++;
		i += 3;
	}
}

// U pit (right to left so the ground faces up): concave bottom corners at (2, -2) and (-2, -2).
{
	const pit = [{ points: [[6, 0], [2, 0], [2, -2], [-2, -2], [-2, 0], [-6, 0]] }];
	const cases = [
		[SHAPES[0], [1.6, -1.6], 0],
		[SHAPES[0], [-1.55, -1.58], 0],
		[SHAPES[1], [1.3, -1.8], 0],
		[SHAPES[2], [1.35, -1.65], 0],
		[SHAPES[2], [-1.4, -1.7], 0],
		[{ type: 'polygon', points: [[0.5, 0], [0.25, 0.433], [-0.25, 0.433], [-0.5, 0], [-0.25, -0.433], [0.25, -0.433]], radius: 0 }, [1.55, -1.6], 0],
	];
	cases.forEach(([shape, p, angle], k) => {
		const xf = { position: p, angle };
		const c = core(shape, xf);
		const floor = penetrationBelow(c, -2);
		const wallX = p[0] > 0 ? 2 : -2;
		const wall = p[0] > 0 ? Math.max(...c.pts.map((q) => q[0])) + c.radius - wallX : wallX - (Math.min(...c.pts.map((q) => q[0])) - c.radius);
		const wallNormal = p[0] > 0 ? [1, 0] : [-1, 0];
		contactVector(`pit-${kindName(shape)}-${k}`, shape, xf, pit, { margin: 0 },
			{ minCount: 2, ghosts: 0, normals: [[0, -1], wallNormal], depthAlong: [[[0, -1], num(floor)], [wallNormal, num(wall)]] });
		contactVector(`pit-naive-${kindName(shape)}-${k}`, shape, xf, pit, { margin: 0, removeGhosts: false }, { minCount: 1 });
	});
}

// Ledge: ground y = 0 for x >= 0, then a wall down; convex corner at the origin.
{
	const ledge = [{ points: [[6, 0], [0, 0], [0, -4]] }];
	for (let k = 0; k < 8; k++) {
		const r = 0.5;
		const a = U(0.2, 1.35) + Math.PI / 2; // direction from the corner to the centre: between up and left
		const d = U(0.3, 0.49);
		const centre = round([d * Math.cos(a), d * Math.sin(a)]);
		const toCorner = unit(mul(-1, centre));
		contactVector(`ledge-circle-${k}`, { type: 'circle', radius: r }, { position: centre, angle: 0 }, ledge, { margin: 0 },
			{ count: 1, ghosts: 0, vertexNormal: round(toCorner), maxDepth: num(r - len(centre)), feature: 'vertex' });
	}
	// A box turned 45 degrees whose lower-right face rests on the corner.
	for (let k = 0; k < 4; k++) {
		const h = 0.5, pen = U(0.01, 0.1), angle = num(Math.PI / 4);
		const n = [Math.SQRT1_2, -Math.SQRT1_2];
		const centre = round(sub([0, 0], mul(h - pen, n)));
		const box = { type: 'box', halfWidth: h, halfHeight: h };
		const c = core(box, { position: centre, angle });
		const faceN = unit(rightPerp(sub(c.pts[1], c.pts[0]))); // box edge 0 -> 1 (local -y face) outward normal
		contactVector(`ledge-box-${k}`, box, { position: centre, angle }, ledge, { margin: 0 },
			{ count: 1, ghosts: 0, vertexNormal: round(faceN), maxDepth: num(h - dot(sub([0, 0], centre), faceN)), feature: 'vertex' });
	}
}

// Behind: centroid below the ground line (listed right to left: the front is up).
{
	const ground = [{ points: [[8, 0], [3, 0], [-1, 0], [-8, 0]] }];
	SHAPES.forEach((shape, k) => {
		contactVector(`behind-deep-${kindName(shape)}`, shape, { position: [num(U(-4, 4)), -1.5], angle: num(U(-3, 3)) }, ground, { margin: 0.2 }, { count: 0 });
		contactVector(`behind-overlap-${kindName(shape)}`, shape, { position: [num(U(-4, 4)), -0.05 - 0.01 * k], angle: 0 }, ground, { margin: 0 }, { count: 0 });
	});
}

// Loops both ways: a square counter-clockwise keeps shapes out, clockwise keeps them in.
{
	const ccw = [[-2, -2], [2, -2], [2, 2], [-2, 2]];
	const cw = [...ccw].reverse();
	SHAPES.forEach((shape, k) => {
		const out = { position: [num(2.3 + 0.02 * k), num(U(-1, 1))], angle: 0 };
		const c = core(shape, out);
		const pen = 2 - (Math.min(...c.pts.map((p) => p[0])) - c.radius);
		contactVector(`loop-ccw-out-${kindName(shape)}`, shape, out, [{ points: ccw, loop: true }], { margin: 0 },
			pen > 0 ? { minCount: 1, ghosts: 0, normals: [[-1, 0]], maxDepth: num(pen) } : { count: 0 });
		contactVector(`loop-ccw-in-${kindName(shape)}`, shape, { position: [1.5, 0.3], angle: 0 }, [{ points: ccw, loop: true }], { margin: 0 }, { count: 0 });
		const inside = { position: [num(1.55 - 0.02 * k), num(U(-1, 1))], angle: 0 };
		const ci = core(shape, inside);
		const penIn = Math.max(...ci.pts.map((p) => p[0])) + ci.radius - 2;
		contactVector(`loop-cw-in-${kindName(shape)}`, shape, inside, [{ points: cw, loop: true }], { margin: 0 },
			penIn > 0 ? { minCount: 1, ghosts: 0, normals: [[1, 0]], maxDepth: num(penIn) } : { count: 0 });
		contactVector(`loop-cw-out-${kindName(shape)}`, shape, { position: [2.2, 0.1], angle: 0 }, [{ points: cw, loop: true }], { margin: 0 }, { count: 0 });
	});
}

// Ghost vertices: a three-segment piece of flat ground whose ghosts continue it flat.
{
	const piece = [{ points: [[2, 0], [1, 0], [0, 0], [-1, 0]], ghostStart: [3, 0], ghostEnd: [-2, 0] }];
	const xf = { position: [-1.15, 0.45], angle: 0 };
	contactVector('ghost-end-circle-beyond', SHAPES[0], xf, piece, { margin: 0 }, { count: 0 });
	contactVector('ghost-end-circle', SHAPES[0], { position: [-0.9, 0.45], angle: 0 }, piece, { margin: 0 }, { count: 1, ghosts: 0, normals: [[0, -1]], maxDepth: num(0.5 - 0.45) });
	const freeEnd = [{ points: [[2, 0], [1, 0], [0, 0], [-1, 0]] }];
	contactVector('free-end-circle', SHAPES[0], xf, freeEnd, { margin: 0 }, { count: 1, ghosts: 0, feature: 'vertex', vertexNormal: round(unit(sub([-1, 0], xf.position))), maxDepth: num(0.5 - len(sub([-1, 0], xf.position))) });
}

// ------------------------------------------------------------------------------------ terrain
const terrainChains = [0, 1, 2, 3].map((k) => ({ terrain: { first: 5000 * k, count: 5000 } }));
const terrainWorld = worldChains(terrainChains);
const terrainSegs = segmentsOf(terrainWorld);
{
	for (let k = 0; k < 48; k++) {
		const isBox = k % 2 === 1;
		const shape = isBox ? { type: 'box', halfWidth: num(U(0.2, 1.2)), halfHeight: num(U(0.2, 0.6)) } : { type: 'circle', radius: num(U(0.2, 1.0)) };
		const x = num(U(10, terrainN * terrainDx - 10));
		const i = Math.round(terrainN - x / terrainDx);
		const ground = terrainPoint(i)[1];
		const margin = 0.5;
		const angle = isBox ? num(U(-0.5, 0.5)) : 0;
		// Place the shape at a random height, then measure the brute-force one-sided distance.
		const y = num(ground + (isBox ? U(1.0, 2.2) : U(0.5, 1.8)));
		const xf = { position: [x, y], angle };
		const c = core(shape, xf);
		const centre = centroidOf(c);
		// Circles: the centre's distance (the depth is then r - d even when overlapping).
		const measure = isBox ? c : { pts: c.pts, radius: 0 };
		let dmin = Infinity;
		for (const s of terrainSegs) {
			if (Math.abs(s.a[0] - x) > 6) continue; // (the shapes are smaller than 3; the rest is far)
			if (dot(sub(centre, s.a), s.normal) < 0) continue;
			dmin = Math.min(dmin, shapeSegmentDistance(measure, s.a, s.b) - (isBox ? 0 : c.radius));
		}
		if (isBox && dmin === 0) { k--; continue; } // boxes: apart only (the deepest depth is then -distance)
		const expect = dmin <= margin ? { minCount: 1, ghosts: 0, maxDepth: num(-dmin) } : { count: 0 };
		contactVector(`terrain-${isBox ? 'box' : 'circle'}-${k}`, shape, xf, terrainChains, { margin }, expect);
	}
}

// ------------------------------------------------------------------------------------ rays
function bruteRay(segs, o, d, maxFraction) {
	let best = null;
	for (const s of segs) {
		const n = s.normal;
		const dn = dot(d, n);
		if (!(dn < 0)) continue;
		const side = dot(sub(o, s.a), n);
		if (side < 0) continue;
		const t = side / -dn;
		if (t > maxFraction) continue;
		const p = add(o, mul(t, d));
		const e = sub(s.b, s.a);
		const u = dot(sub(p, s.a), e) / dot(e, e);
		if (u < -1e-12 || u > 1 + 1e-12) continue;
		if (!best || t < best.t) best = { t, s, p, margin: Math.min(u, 1 - u) * len(e) };
	}
	return best;
}

function rayVector(name, chains, o, d, maxFraction) {
	const segs = segmentsOf(worldChains(chains));
	const best = bruteRay(segs, o, d, maxFraction);
	const expect = best ? { hit: true, fraction: num(best.t), point: round(best.p), normal: round(best.s.normal) } : { hit: false };
	if (best && best.margin > 1e-6) Object.assign(expect, { chain: best.s.chain, segment: best.s.index });
	vectors.push({ id: `2d-chain-ray-${String(serial++).padStart(3, '0')}-${name}`, query: 'chainRay', tol: 1e-9, chains, origin: round(o), direction: round(d), maxFraction, expect });
}

{
	const pit = [{ points: [[6, 0], [2, 0], [2, -2], [-2, -2], [-2, 0], [-6, 0]] }];
	const loop = [{ points: [[-2, -2], [2, -2], [2, 2], [-2, 2]], loop: true, transform: { position: [10, 1], angle: 0.3 } }];
	for (let k = 0; k < 20; k++) {
		const o = [U(-7, 7), U(-3, 3)], a = U(-Math.PI, Math.PI);
		rayVector(`pit-${k}`, pit, round(o), round([10 * Math.cos(a), 10 * Math.sin(a)]), 1);
	}
	for (let k = 0; k < 12; k++) {
		const o = [U(5, 15), U(-4, 6)], a = U(-Math.PI, Math.PI);
		rayVector(`loop-${k}`, loop, round(o), round([8 * Math.cos(a), 8 * Math.sin(a)]), 1);
	}
	for (let k = 0; k < 16; k++) {
		const x = U(20, terrainN * terrainDx - 20);
		rayVector(`terrain-${k}`, terrainChains, round([x, 4]), round([U(-30, 30), U(-8, -2)]), k % 4 === 0 ? 0.3 : 1);
	}
	// From behind: a ray from below the ground going up hits nothing.
	rayVector('behind', [{ points: [[4, 0], [-4, 0]] }], [0.5, -1], [0.1, 3], 1);
	rayVector('along', [{ points: [[4, 0], [-4, 0]] }], [5, 1], [-10, 0], 1);
}

// ------------------------------------------------------------------------------------ points
// Crossing number of a closed polygon (independent of the library's pseudo-normal sign).
function insideClosed(pts, p) {
	let inside = false;
	for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
		const a = pts[i], b = pts[j];
		if ((a[1] > p[1]) !== (b[1] > p[1]) && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
	}
	return inside;
}
const signedArea = (pts) => pts.reduce((s, a, i) => s + cross(a, pts[(i + 1) % pts.length]), 0) / 2;

function pointVectors(name, chains, p) {
	const w = worldChains(chains);
	const segs = segmentsOf(w);
	let best = null, second = Infinity;
	for (const s of segs) {
		const q = closestOnSegment(p, s.a, s.b), d = len(sub(p, q));
		if (!best || d < best.d) { if (best) second = Math.min(second, best.d); best = { d, q, s }; }
		else second = Math.min(second, d);
	}
	const loops = chains.every((c) => c.loop);
	let distance = best.d;
	let inside = null;
	if (loops) {
		const c = w[best.s.chain];
		const ccw = signedArea(c.pts) > 0;
		inside = insideClosed(c.pts, p) === ccw; // the back side: inside a CCW loop, outside a CW one
		if (inside) distance = -distance;
	}
	const id = `2d-chain-point-${String(serial++).padStart(3, '0')}-${name}`;
	vectors.push({ id: `${id}-closest`, query: 'chainClosest', tol: 1e-9, chains, point: round(p), expect: { distance: num(distance), point: round(best.q) } });
	if (chains.length === 1) {
		vectors.push({ id: `${id}-contains`, query: 'chainContains', tol: 0, chains, point: round(p), expect: loops ? { inside } : { error: 'NP_ERR_INVALID_ARGUMENT' } });
	}
}

{
	const star = [];
	for (let i = 0; i < 10; i++) {
		const r = i % 2 ? 1.2 : 3, a = (i * Math.PI) / 5;
		star.push(round([r * Math.cos(a), r * Math.sin(a)]));
	}
	const loops = [
		[{ points: star, loop: true }],
		[{ points: [...star].reverse(), loop: true }],
		[{ points: star, loop: true, transform: { position: [-5, 2], angle: 1.1 } }],
	];
	loops.forEach((chains, k) => {
		for (let i = 0; i < 10; i++) {
			const c = chains[0].transform ? chains[0].transform.position : [0, 0];
			pointVectors(`star${k}-${i}`, chains, round([c[0] + U(-4, 4), c[1] + U(-4, 4)]));
		}
	});
	const open = [{ points: [[6, 0], [2, 0], [2, -2], [-2, -2], [-2, 0], [-6, 0]] }];
	for (let i = 0; i < 8; i++) pointVectors(`pit-${i}`, open, round([U(-7, 7), U(-4, 2)]));
	for (let i = 0; i < 8; i++) {
		const x = U(20, terrainN * terrainDx - 20);
		pointVectors(`terrain-${i}`, terrainChains, round([x, U(-1, 5)]));
	}
}

// ------------------------------------------------------------------------------------ bounds
{
	const cases = [
		[{ points: [[6, 0], [2, 0], [2, -2], [-2, -2], [-2, 0], [-6, 0]] }],
		[{ points: [[6, 0], [2, 0], [2, -2], [-2, -2], [-2, 0], [-6, 0]], transform: { position: [3, -1], angle: 0 } }],
		[{ points: [[-2, -2], [2, -2], [2, 2.5], [-2, 2]], loop: true, transform: { position: [1, 2], angle: 0.7 } }],
		terrainChains.slice(0, 1),
	];
	cases.forEach((chains, k) => {
		const pts = worldChains(chains)[0].pts;
		const lower = round([Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1]))]);
		const upper = round([Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))]);
		vectors.push({ id: `2d-chain-bounds-${k}`, query: 'chainBounds', tol: 1e-9, chains, expect: { lower, upper } });
	});
}

// ------------------------------------------------------------------------------------ shape casts
// np.shapeCast against chains ('chainCast'). References, all this file's own geometry:
//  - per segment, the first fraction at which the moved shape comes within targetDistance of the
//    segment: the distance is convex in the fraction (convex sets moving linearly), so a
//    golden-section search finds its minimum and a bisection on [0, argmin] the first crossing;
//  - the one-sided rule: segments whose line has the start core centroid behind it are dropped;
//    the expected hit is the minimum over the rest;
//  - flat grounds and the tunnelling bait use closed forms instead (the lowest point's height);
//  - the ghost rule from the chain geometry: the hit normal must be a face normal of a segment at
//    the hit point or lie in a convex corner's (or free end's) cone (faces / cones, as the contact
//    vectors); where the geometry fixes the normal (a face interior, a circle at a corner) it is
//    checked too. Naive casts (removeGhosts: false) sliding across joints must show a ghost normal.
const castRand = mulberry32(1515);
const CU = uniformFrom(castRand);
const moved = (c, t, d) => ({ pts: c.pts.map((p) => add(p, mul(t, d))), radius: c.radius });

// First contact of a shape core c0 moving by t * d with segment (a, b), t in [0, maxF]: { t, min }.
function firstContactSegment(c0, d, a, b, td, maxF) {
	const dist = (t) => shapeSegmentDistance(moved(c0, t, d), a, b);
	if (dist(0) <= td) return { t: 0, min: dist(0) };
	let lo = 0, hi = maxF;
	const g = (Math.sqrt(5) - 1) / 2;
	let x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo), f1 = dist(x1), f2 = dist(x2);
	for (let i = 0; i < 120; i++) {
		if (f1 <= f2) { hi = x2; x2 = x1; f2 = f1; x1 = hi - g * (hi - lo); f1 = dist(x1); }
		else { lo = x1; x1 = x2; f1 = f2; x2 = lo + g * (hi - lo); f2 = dist(x2); }
	}
	let tm = f1 <= f2 ? x1 : x2;
	const fm = Math.min(f1, f2, dist(maxF));
	if (dist(maxF) < Math.min(f1, f2)) tm = maxF;
	if (fm > td) return { t: null, min: fm };
	lo = 0; hi = tm;
	for (let i = 0; i < 200; i++) {
		const mid = 0.5 * (lo + hi);
		if (dist(mid) <= td) hi = mid; else lo = mid;
	}
	return { t: hi, min: fm };
}

// Segments whose box meets the shape's swept box (a brute-force prefilter for big terrains).
function sweptCandidates(segs, c0, d, maxF, grow) {
	const xs = c0.pts.map((p) => p[0]), ys = c0.pts.map((p) => p[1]);
	const r = c0.radius + grow;
	const lo = [Math.min(...xs, ...xs.map((x) => x + maxF * d[0])) - r, Math.min(...ys, ...ys.map((y) => y + maxF * d[1])) - r];
	const hi = [Math.max(...xs, ...xs.map((x) => x + maxF * d[0])) + r, Math.max(...ys, ...ys.map((y) => y + maxF * d[1])) + r];
	return segs.filter((s) => Math.max(s.a[0], s.b[0]) >= lo[0] && Math.min(s.a[0], s.b[0]) <= hi[0] &&
		Math.max(s.a[1], s.b[1]) >= lo[1] && Math.min(s.a[1], s.b[1]) <= hi[1]);
}

// The expected cast against chains (null when ambiguous: a grazing segment or a centroid on a line).
function referenceCast(shape, xf, d, chains, options) {
	const w = worldChains(chains);
	const segs = segmentsOf(w);
	const c0 = core(shape, xf);
	const centre = centroidOf(c0);
	const td = options.targetDistance || 0, maxF = options.maxFraction ?? 1;
	let best = null, second = Infinity;
	for (const s of sweptCandidates(segs, c0, d, maxF, td + 1e-6)) {
		const side = dot(sub(centre, s.a), s.normal);
		if (Math.abs(side) < 1e-9) return null;
		if (side < 0) continue;
		const h = firstContactSegment(c0, d, s.a, s.b, td, maxF);
		if (h.min > td && h.min < td + 1e-7) return null;
		if (h.t === null) continue;
		if (!best || h.t < best.t) { if (best) second = best.t; best = { t: h.t, s }; }
		else second = Math.min(second, h.t);
	}
	if (!best) return { hit: false, w, segs };
	const c = moved(c0, best.t, d);
	const q = nearestOnSegmentToShape(c, best.s);
	return { hit: true, t: best.t, s: best.s, unique: second > best.t + 1e-7, q, c, w, segs };
}

// Distance from a point to a shape (0 inside).
function pointShapeDistance(c, p) {
	let d;
	if (c.pts.length === 1) d = len(sub(p, c.pts[0]));
	else if (c.pts.length === 2) d = len(sub(p, closestOnSegment(p, c.pts[0], c.pts[1])));
	else {
		d = Infinity;
		for (let i = 0; i < c.pts.length; i++) d = Math.min(d, len(sub(p, closestOnSegment(p, c.pts[i], c.pts[(i + 1) % c.pts.length]))));
		if (insidePolygon(c.pts, p)) d = 0;
	}
	return Math.max(0, d - c.radius);
}

// The segment point nearest to the shape (ternary search; distance is convex along the segment):
// where the cast touches.
function nearestOnSegmentToShape(c, s) {
	const f = (u) => pointShapeDistance(c, add(s.a, mul(u, sub(s.b, s.a))));
	let lo = 0, hi = 1;
	for (let i = 0; i < 200; i++) {
		const m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
		if (f(m1) <= f(m2)) hi = m2; else lo = m1;
	}
	return { u: 0.5 * (lo + hi), p: add(s.a, mul(0.5 * (lo + hi), sub(s.b, s.a))) };
}

function castVector(name, shape, xf, translation, chains, options, expect) {
	const w = worldChains(chains);
	const segs = segmentsOf(w);
	let faces = [], cones = [];
	if (expect.hitPoint) ({ faces, cones } = ghostData(chains, w, segs, expect.hitPoint, 1e-6));
	delete expect.hitPoint;
	vectors.push({
		id: `2d-chain-cast-${String(serial++).padStart(3, '0')}-${name}`, query: 'chainCast', tol: 1e-8, shape,
		xf: { position: round(xf.position), angle: num(xf.angle) }, translation: round(translation), chains, options, faces, cones, expect,
	});
}

// A generic cast: expectation from referenceCast (skipped when ambiguous).
function genericCast(name, shape, xf, translation, chains, options = {}) {
	xf = { position: round(xf.position), angle: num(xf.angle) };
	translation = round(translation);
	const ref = referenceCast(shape, xf, translation, chains, options);
	if (ref === null) return false;
	if (!ref.hit) {
		castVector(name, shape, xf, translation, chains, options, { hit: false });
		return true;
	}
	const expect = { hit: true, fraction: num(ref.t), ghosts: 0, hitPoint: ref.q.p };
	if (ref.t === 0) expect.initialOverlap = true; // within targetDistance at 0
	const margin = Math.min(ref.q.u, 1 - ref.q.u) * len(sub(ref.s.b, ref.s.a));
	if (ref.unique && margin > 1e-4) expect.normal = round(ref.s.normal);
	if (margin <= 1e-7 && shape.type === 'circle' && ref.t > 0) {
		const corner = ref.q.u < 0.5 ? ref.s.a : ref.s.b;
		const n = unit(sub(ref.c.pts[0], corner));
		const ownFace = Math.abs(cross(n, ref.s.normal)) < 1e-6;
		const { cones } = ghostData(chains, ref.w, ref.segs, corner, 1e-6);
		if (!ownFace && cones.some(([n0, n1]) => cross(n0, n) > 1e-6 && cross(n, n1) > 1e-6)) expect.vertexNormal = round(n);
	}
	castVector(name, shape, xf, translation, chains, options, expect);
	return true;
}

{
	// Flat ground of many collinear segments (tiny ones included) in three chains: landing casts
	// (closed form: the lowest point reaches the line), sliding casts with ignoreSeparating (no hit
	// with the rule; a ghost normal at the next joint without it), and an initial overlap.
	const g = 1.25;
	const ground = flatGround(g);
	const gpts = ground.flatMap((c) => c.points);
	for (const shape of SHAPES) {
		for (let i = 0; i < 10; i++) {
			const angle = i % 3 === 0 ? 0 : num(CU(-Math.PI, Math.PI));
			const x = num(CU(-15, 15));
			const c0 = core(shape, { position: [x, 0], angle });
			const lowest = Math.min(...c0.pts.map((p) => p[1])) - c0.radius;
			const y = num(g - lowest + CU(0.2, 3));
			const d = round([CU(-4, 4), -CU(3, 6)]);
			const xf = { position: [x, y], angle };
			const low = Math.min(...core(shape, xf).pts.map((p) => p[1])) - c0.radius;
			const t = (low - g) / -d[1];
			const landing = core(shape, { position: add([x, y], mul(t, d)), angle });
			const lowPts = landing.pts.filter((p) => p[1] - c0.radius <= low - t * -d[1] + 1e-9);
			const onJoint = lowPts.some((p) => gpts.some((q) => Math.abs(q[0] - p[0]) < 1e-6));
			castVector(`flat-${kindName(shape)}-${i}`, shape, xf, d, ground, {},
				{ hit: true, fraction: num(t), ghosts: 0, normal: [0, 1], hitPoint: [lowPts[0][0], g], anySegment: onJoint });
		}
		// Sliding: a 2.0-long segment holds the whole shape at angle 0; 0.005 below the line.
		const long = [];
		for (const c of ground) for (let i = 0; i + 1 < c.points.length; i++) if (Math.abs(c.points[i][0] - c.points[i + 1][0] - 2) < 1e-9) long.push(c.points[i]);
		for (let i = 0; i < 3; i++) {
			const right = long[1 + 3 * i][0];
			const c0 = core(shape, { position: [0, 0], angle: 0 });
			const xs = c0.pts.map((p) => p[0]);
			const lo = Math.min(...xs) - c0.radius, hi = Math.max(...xs) + c0.radius;
			const x = num(right - 2 + (2 - (hi - lo)) / 2 - lo);
			const lowest = Math.min(...c0.pts.map((p) => p[1])) - c0.radius;
			const xf = { position: [x, num(g - lowest - 0.005)], angle: 0 };
			const d = i % 2 === 0 ? [1.5, 0] : [-1.5, 0];
			castVector(`slide-${kindName(shape)}-${i}`, shape, xf, d, ground, { ignoreSeparating: true }, { hit: false });
			castVector(`slide-naive-${kindName(shape)}-${i}`, shape, xf, d, ground, { ignoreSeparating: true, removeGhosts: false },
				{ hit: true, ghostNormal: [0, 1] });
			if (i === 0) {
				castVector(`rest-${kindName(shape)}`, shape, xf, d, ground, {},
					{ hit: true, fraction: 0, initialOverlap: true, normal: [0, 1], penetration: 0.005 });
			}
		}
	}

	// Tunnelling bait: a small circle, fast, through a thin ground and a single segment.
	for (let i = 0; i < 6; i++) {
		const x = num(CU(-10, 10)), r = 0.01;
		const d = round([CU(-1, 1), -1000 * (1 + i)]);
		const t = (5 - g - r) / -d[1];
		castVector(`bait-ground-${i}`, { type: 'circle', radius: r }, { position: [x, 5], angle: 0 }, d, ground, {},
			{ hit: true, fraction: num(t), ghosts: 0, normal: [0, 1], hitPoint: [x + t * d[0], g], anySegment: true });
		const t2 = (5 - 0.001 - r) / -d[1];
		castVector(`bait-segment-${i}`, { type: 'circle', radius: r }, { position: [x, 5], angle: 0 }, d, [{ points: [[50, 0.001], [-50, 0.001]] }], {},
			{ hit: true, fraction: num(t2), ghosts: 0, normal: [0, 1], hitPoint: [x + t2 * d[0], 0.001] });
	}

	// Behind: a shape below the ground moving up ignores it; a box overlapping from behind too.
	for (const shape of SHAPES) {
		castVector(`behind-${kindName(shape)}`, shape, { position: [num(CU(-5, 5)), -2], angle: num(CU(-3, 3)) }, [0.3, 6], ground, {}, { hit: false });
		castVector(`behind-overlap-${kindName(shape)}`, shape, { position: [num(CU(-5, 5)), g - 0.2], angle: 0 }, [0.5, 3], ground, {}, { hit: false });
	}
}

{
	// A U-shaped pit (concave bottom corners, convex top corners), moved; a ledge (a convex corner
	// between a cliff and its top); loops both ways; options.
	const pit = [{ points: [[6, 0], [2, 0], [2, -2], [-2, -2], [-2, 0], [-6, 0]], transform: { position: [1, -0.5], angle: 0.1 } }];
	const ledge = [{ points: [[0, -4], [0, 0], [-6, 0]] }];
	const ccw = [{ points: [[-2, -2], [2, -2], [2, 2], [-2, 2]], loop: true, transform: { position: [10, 1], angle: 0.3 } }];
	const cw = [{ points: [[-3, -3], [-3, 3], [3, 3], [3, -3]], loop: true, transform: { position: [-10, 2], angle: -0.2 } }];
	let made = 0;
	for (const shape of SHAPES) {
		for (let i = 0, k = 0; i < 8 && k < 40; k++) {
			const pitShape = ['circle', 'capsule'].includes(shape.type) ? shape : shape;
			const o = place(pit[0].transform, [CU(-1, 1), CU(-0.5, 1.5)]);
			const corner = place(pit[0].transform, [i % 2 ? 2 : -2, -2]);
			const d = mul(CU(1.2, 2.5), sub(corner, o));
			if (genericCast(`pit-${kindName(shape)}-${i}`, pitShape, { position: o, angle: CU(-3, 3) }, d, pit)) { i++; made++; }
		}
		for (let i = 0, k = 0; i < 5 && k < 30; k++) {
			const o = [CU(0.8, 3), CU(0.8, 3)];
			const aim = [CU(-0.3, 0.3), CU(-0.3, 0.3)];
			if (genericCast(`ledge-${kindName(shape)}-${i}`, shape, { position: o, angle: CU(-3, 3) }, mul(1.5, sub(aim, o)), ledge)) { i++; made++; }
		}
		for (let i = 0, k = 0; i < 4 && k < 30; k++) {
			const a = CU(-Math.PI, Math.PI);
			const o = add([10, 1], [5 * Math.cos(a), 5 * Math.sin(a)]);
			if (genericCast(`loop-ccw-${kindName(shape)}-${i}`, shape, { position: o, angle: CU(-3, 3) }, mul(CU(0.8, 1.5), sub(add([10, 1], [CU(-1, 1), CU(-1, 1)]), o)), ccw)) { i++; made++; }
		}
		for (let i = 0, k = 0; i < 4 && k < 30; k++) {
			const o = add([-10, 2], [CU(-1, 1), CU(-1, 1)]);
			const a = CU(-Math.PI, Math.PI);
			if (genericCast(`loop-cw-${kindName(shape)}-${i}`, shape, { position: o, angle: CU(-3, 3) }, [6 * Math.cos(a), 6 * Math.sin(a)], cw)) { i++; made++; }
		}
	}
	// The circle at the ledge's corner: a closed-form vertex normal.
	genericCast('ledge-corner-circle', { type: 'circle', radius: 0.5 }, { position: [2, 2], angle: 0 }, [-2.5, -2.4], ledge);
	// Options: maxFraction short of the hit, targetDistance, the terrain with long casts (many
	// candidate segments: the midphase splits the sweep).
	genericCast('pit-short', SHAPES[2], { position: [1, 1], angle: 0.2 }, [0, -4], pit, { maxFraction: 0.1 });
	genericCast('pit-skin', SHAPES[1], { position: [1, 1], angle: 0.2 }, [0.3, -4], pit, { targetDistance: 0.05 });
	for (let i = 0, k = 0; i < 6 && k < 30; k++) {
		const x = CU(50, 4900);
		const len = i < 3 ? 30 : 250;
		const shape = SHAPES[i % SHAPES.length];
		if (genericCast(`terrain-${kindName(shape)}-${i}`, shape, { position: [x, 4.5], angle: CU(-1, 1) }, [i % 2 ? len : -len, -CU(2, 4)], terrainChains)) i++;
	}
	// A box across a joint of a looped chain that turns by 0.3 degrees (fuzz_chains2d): it overlaps
	// both segments at 0, whose own penetration normals point along them, off the joint, each past
	// the other's face; the ghost rule once dropped both and the cast passed through the chain.
	genericCast('overlap-across-a-nearly-flat-joint', { type: 'box', halfWidth: 1.515625, halfHeight: 1.359375 },
		{ position: [0, 0.25], angle: 0 }, [3.859375, -11.318359375],
		[{ points: [[28.083984375, -1.0085272385557836e-26], [0.3583984375, -15.65625], [0, -10.2431640625], [0.005859375, -20.0791015625],
			[0.083984375, 15.5], [0.001, 0.25], [0.0009765625, 0.021484375]], loop: true }]);
	// A cast starting in overlap at a concave joint, the overlap snapped to a face and the shape's
	// extreme below the floor's line lying beyond the floor's end: the hit point must lie on the
	// chain (it was the extreme's projection on the slope's line, 0.127 off the slope, before the
	// fix). Closed form: the box (half sizes 1 x 0.25 about (-1, 0.0625), turned by -15 degrees)
	// spans x in [-2.03, 0.03] and its lowest corner (-0.10, -0.44) lies below the floor y = 0 while
	// its centre is above it, so it starts overlapping the floor (checked below).
	{
		const chains = [{ points: [[10, 5], [0, 0], [-10, 0]] }];
		const box = { type: 'box', halfWidth: 1, halfHeight: 0.25 };
		const xf = { position: [-1, 0.0625], angle: num(-Math.PI / 12) };
		const c = core(box, xf);
		const lowest = Math.min(...c.pts.map((p) => p[1]));
		if (!(lowest < -0.1) || !(centroidOf(c)[1] > 0)) throw new Error('snapped overlap scene: not overlapping');
		const segs = segmentsOf(worldChains(chains)).map((g) => [round(g.a), round(g.b)]);
		castVector('initial-overlap-point-on-the-chain', box, xf, [0, -1], chains, {},
			{ hit: true, fraction: 0, initialOverlap: true, pointOn: segs });
	}
	console.log(`cast vectors: ${made} generic`);
}

// A capsule (radius 0.1, core (9.7, -2) -> (12.7, 4)) sunk through a valley's slope (20, 10) ->
// (10, 0): its centre (11.2, 1) is behind the slope and in front of the floor (10, 0) -> (0, 0),
// which it passes under without touching (it meets the floor's line at x = 10.7, 0.526 from the
// floor's end: brute force below). Expected: no contact (the floor gave a face contact 2.1 deep).
{
	const chains = [{ points: [[20, 10], [10, 0], [0, 0], [-10, 0]] }];
	const angle = Math.atan2(6, 3);
	const capsule = { type: 'capsule', halfLength: num(Math.sqrt(45) / 2), radius: 0.1 };
	const xf = { position: [11.2, 1], angle: num(angle) };
	const c = core(capsule, xf);
	const w = worldChains(chains);
	for (const g of segmentsOf(w)) {
		const front = dot(sub(centroidOf(c), g.a), g.normal) > 0;
		if (front && shapeSegmentDistance(c, g.a, g.b) <= 0) throw new Error('valley scene: the capsule reaches a segment it faces');
	}
	contactVector('capsule-under-a-valley-floor', capsule, xf, chains, {}, { count: 0 });
}

// ------------------------------------------------------------------------------------ errors
{
	const E = (id, chain, error) => vectors.push({ id: `2d-chain-error-${id}`, query: 'chainCreate', tol: 0, chains: [chain], expect: { error } });
	E('one-point', { points: [[0, 0]] }, 'NP_ERR_DEGENERATE');
	E('loop-two-points', { points: [[0, 0], [1, 0]], loop: true }, 'NP_ERR_DEGENERATE');
	E('zero-length', { points: [[0, 0], [1, 0], [1, 0], [2, 0]] }, 'NP_ERR_DEGENERATE');
	E('loop-closing-zero', { points: [[0, 0], [1, 0], [1, 1], [0, 0]], loop: true }, 'NP_ERR_DEGENERATE');
	E('nan', { points: [[0, 0], ['NaN', 1]] }, 'NP_ERR_NON_FINITE');
	E('infinite', { points: [[0, 0], [1, 'Infinity']] }, 'NP_ERR_NON_FINITE');
	E('huge', { points: [[0, 0], [1e13, 0]] }, 'NP_ERR_NON_FINITE');
	E('ghost-on-loop', { points: [[0, 0], [1, 0], [1, 1]], loop: true, ghostStart: [-1, 0] }, 'NP_ERR_INVALID_ARGUMENT');
	E('ghost-equal', { points: [[0, 0], [1, 0]], ghostEnd: [1, 0] }, 'NP_ERR_DEGENERATE');
	E('ok-two', { points: [[0, 0], [1, 0]] }, 'NP_OK');
}

writeVectorFile('2d_chain.json', {
	dim: 2, generator: 'tools/gen_vectors_chain2d.mjs',
	description: '2D chains: ghost-free contacts (flat ground, pit, ledge, behind, loops, 20k terrain), rays, closest points, containment, bounds, errors; see the header of tools/gen_vectors_chain2d.mjs',
}, vectors);
console.log(`2d_chain.json: ${vectors.length} vectors`);
