#!/usr/bin/env node
// Generates tests/vectors/3d_mesh.json: sphere-vs-mesh contact vectors (query "meshContacts"),
// run by both runners (tests/native/vectorsmesh.c, tests/node/vectorsmesh.mjs).
//
//   node tools/gen_mesh_vectors.mjs            (or: make vectors)
//
// Plain Node, never the library. The expected contacts come from this file's own brute-force
// implementation of the final algorithm of Terdiman's "Contact generation for meshes" for spheres:
// every triangle of every mesh in world space (own quaternion rotation), back-face culling on the
// centre, the closest point by projecting onto the plane (inside: face) or else the nearest of the
// three edge segments (interior: edge, end: vertex), the contact distance test, then face contacts
// kept and their triangles voided, the edge/vertex contacts sorted by distance and kept unless
// their edge/vertex (matched by position within 1e-6) is voided, each triangle voided
// unconditionally. No BVH, no hashing, no welding.
//
// Random scenes are kept only when they are well conditioned for that reference: no centre within
// 1e-7 of a triangle's plane, no closest point within 1e-7 of a Voronoi-region border (projection
// near an edge line, edge parameter near 0 or 1), no distance within 1e-7 of the contact distance,
// and no two delayed contacts whose distances are within 1e-7 of each other (their order would
// then be the library's tie-break, not geometry). The paper's hand-made configurations are exact;
// where a tie leaves the choice of triangle open (figure 8), `triangle` is null in `expect`.
//
// Vector: { id, query: 'meshContacts', shape: { type: 'sphere', radius }, xf: { position, rotation },
//   meshes: [{ vertices: [x0, y0, z0, ...], indices: [...], weldTolerance, transform }],
//   options: { margin, algorithm: 'terdiman' | 'all' }, tol,
//   expect: { count, contacts: [{ mesh, triangle (or null), feature, normal, depth, pointB }] } }
// Runners match expected and actual contacts one to one (order free) on mesh, triangle, feature,
// and normal / depth / pointB within tol, and check every contact's conventions.
import { add, sub, mul as scale, dot, cross, len, unit, rotateByCross as rotate, xorshift32, VectorSet, writeVectorFile } from './genlib.mjs';

const TOL = 1e-9;
const SAFE = 1e-7;
const FEATURE_TOL = 1e-6;

const world = (xf, p) => (xf ? add(rotate(xf.rotation || [0, 0, 0, 1], p), xf.position || [0, 0, 0]) : p);

const rand = xorshift32(0x2545f491);
const range = (a, b) => a + (b - a) * rand();

// Closest point of p on the triangle, with the feature and the conditioning margin.
function closest(p, a, b, c, n) {
	const q = sub(p, scale(dot(sub(p, a), n), n));
	const v = [a, b, c];
	const side = [0, 1, 2].map((k) => dot(cross(sub(v[(k + 1) % 3], v[k]), sub(q, v[k])), n) / len(sub(v[(k + 1) % 3], v[k])));
	let margin = Math.min(...side.map(Math.abs));
	if (side.every((s) => s > 0)) return { point: q, feature: 'face', index: 0, margin };
	let best = null;
	for (let k = 0; k < 3; k++) {
		const e0 = v[k], e1 = v[(k + 1) % 3], d = sub(e1, e0);
		const t = dot(sub(p, e0), d) / dot(d, d);
		const tc = t < 0 ? 0 : t > 1 ? 1 : t;
		const pt = add(e0, scale(tc, d));
		const dist = len(sub(p, pt));
		if (best === null || dist < best.dist) {
			const feature = tc > 0 && tc < 1 ? 'edge' : 'vertex';
			const index = feature === 'edge' ? k : tc === 0 ? k : (k + 1) % 3;
			const el = len(d);
			best = { point: pt, feature, index, dist, tmargin: Math.min(Math.abs(t) * el, Math.abs(1 - t) * el) };
		}
	}
	margin = Math.min(margin, best.tmargin);
	return { point: best.point, feature: best.feature, index: best.index, margin };
}

// Terdiman's final algorithm (or no removal), brute force. Returns { contacts, safe }.
function reference(scene) {
	const c = scene.xf.position;
	const r = scene.shape.radius;
	const reach = r + scene.options.margin;
	const pot = [];
	let safe = true;
	scene.meshes.forEach((m, mi) => {
		const V = [];
		for (let i = 0; i < m.vertices.length; i += 3) V.push(world(m.transform, m.vertices.slice(i, i + 3)));
		for (let t = 0; t < m.indices.length / 3; t++) {
			const a = V[m.indices[3 * t]], b = V[m.indices[3 * t + 1]], cc = V[m.indices[3 * t + 2]];
			const n = unit(cross(sub(b, a), sub(cc, a)));
			const h = dot(sub(c, a), n);
			if (Math.abs(h) < SAFE) safe = false;
			if (h < 0) continue;
			const cp = closest(c, a, b, cc, n);
			const d = cp.feature === 'face' ? h : len(sub(cp.point, c));
			if (Math.abs(d - reach) < SAFE) safe = false;
			if (d > reach) continue;
			if (cp.margin < SAFE) safe = false;
			const normal = cp.feature === 'face' || d === 0 ? scale(-1, n) : scale(1 / d, sub(cp.point, c));
			pot.push({ mesh: mi, triangle: t, feature: cp.feature, index: cp.index, d, normal, depth: r - d, pointB: cp.point, verts: [a, b, cc] });
		}
	});
	if (scene.options.algorithm === 'all') return { contacts: pot, safe };
	const voided = []; // triangles, as vertex triples
	const samePoint = (p, q) => Math.abs(p[0] - q[0]) <= FEATURE_TOL && Math.abs(p[1] - q[1]) <= FEATURE_TOL && Math.abs(p[2] - q[2]) <= FEATURE_TOL;
	const has = (tri, p) => tri.some((q) => samePoint(p, q));
	const kept = [];
	for (const p of pot) {
		if (p.feature === 'face') {
			kept.push(p);
			voided.push(p.verts);
		}
	}
	const delayed = pot.filter((p) => p.feature !== 'face').sort((x, y) => x.d - y.d);
	for (let i = 1; i < delayed.length; i++) if (delayed[i].d - delayed[i - 1].d < SAFE) safe = false;
	for (const p of delayed) {
		const v = p.verts;
		const k = p.index;
		const isVoided = p.feature === 'edge'
			? voided.some((tri) => has(tri, v[k]) && has(tri, v[(k + 1) % 3]))
			: voided.some((tri) => has(tri, v[k]));
		if (!isVoided) kept.push(p);
		voided.push(v);
	}
	return { contacts: kept, safe };
}

function vector(id, scene, note, openTriangles = false) {
	const { contacts, safe } = reference(scene);
	return {
		v: {
			id,
			query: 'meshContacts',
			shape: scene.shape,
			xf: scene.xf,
			meshes: scene.meshes,
			options: scene.options,
			tol: TOL,
			expect: {
				count: contacts.length,
				contacts: contacts.map((p) => ({
					mesh: p.mesh,
					triangle: openTriangles ? null : p.triangle,
					feature: p.feature,
					normal: p.normal,
					depth: p.depth,
					pointB: p.pointB,
				})),
			},
			...(note ? { note } : {}),
		},
		safe,
	};
}

const vectors = new VectorSet(['mesh']);
function addFixed(id, scene, note, openTriangles) {
	const { v } = vector(id, scene, note, openTriangles);
	vectors.push('mesh', v);
}
const mesh = (vertices, indices, transform, weldTolerance = 0) => ({ vertices, indices, weldTolerance, ...(transform ? { transform } : {}) });
const sphereScene = (radius, position, meshes, margin = 0, algorithm = 'terdiman') => ({
	shape: { type: 'sphere', radius },
	xf: { position, rotation: [0, 0, 0, 1] },
	meshes,
	options: { margin, algorithm },
});

// ------------------------------------------------------------------ the paper's configurations
const fig4 = [0, 0, 0, 2, 0, 0, 0, 2, 0, 2, 2, 0];
for (const alg of ['terdiman', 'all']) {
	addFixed(`3d-mesh-fig4-${alg}`, sphereScene(0.5, [0.9, 0.9, 0.45], [mesh(fig4, [0, 1, 2, 1, 3, 2])], 0, alg), 'figure 4: fear of the wireframe');
	addFixed(`3d-mesh-fig6-${alg}`, sphereScene(0.4, [0.3, 0.2, 0.1], [mesh([0, 0, 0, 1, -1.5, 0, 2, 0, 0, -1, -1, 0, -1, 1, 0], [0, 1, 2, 0, 4, 3])], 0, alg), 'figure 6: vertex contact voided by an edge contact');
}
const fig7v = [-2, 1, 0, 0, 0, 0, 0, 2, 0, 1, 0.5, 0, 2, 2.5, 0];
addFixed('3d-mesh-fig7-t2-first', sphereScene(0.35, [-0.5, 1.2, 0.3], [mesh(fig7v, [0, 1, 2, 1, 3, 2, 2, 3, 4])], 0.6), 'figure 7, T2 before T3');
addFixed('3d-mesh-fig7-t3-first', sphereScene(0.35, [-0.5, 1.2, 0.3], [mesh(fig7v, [0, 1, 2, 2, 3, 4, 1, 3, 2])], 0.6), 'figure 7, T3 before T2');
addFixed('3d-mesh-fig7-split', sphereScene(0.35, [-0.5, 1.2, 0.3], [
	mesh([-2, 1, 0, 0, 0, 0, 0, 2, 0], [0, 1, 2]), mesh([0, 2, 0, 1, 0.5, 0, 2, 2.5, 0], [0, 1, 2]), mesh([0, 0, 0, 1, 0.5, 0, 0, 2, 0], [0, 1, 2]),
], 0.6), 'figure 7 in three meshes (section 6)');
const S3 = Math.sqrt(3) / 2;
const fanV = [0, 0, 0, 1, 0, 0, 0.5, S3, 0, -0.5, S3, 0, -1, 0, 0, -0.5, -S3, 0, 0.5, -S3, 0, 1.5, S3, 0];
const fanT = [];
for (let k = 0; k < 6; k++) fanT.push(0, 1 + k, 1 + ((k + 1) % 6));
addFixed('3d-mesh-fig8', sphereScene(1, [0, 0, 0.2], [mesh(fanV, [...fanT, 2, 1, 7])]), 'figure 8: six equidistant vertex contacts, any one is kept', true);
addFixed('3d-mesh-fig8-split-rotated', sphereScene(1, [0, 0, 0.2], [
	mesh([S3, -0.5, 0, 0, -1, 0, S3, -1.5, 0], [0, 1, 2], { position: [0, 0, 0], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] }),
	mesh(fanV.slice(0, 21), fanT),
]), 'figure 8 with T7 in its own mesh, authored rotated by -90 degrees and placed back by its transform', true);

// A closed box mesh [-1, 1]^3: genuine convex edge and corner contacts survive.
{
	const v = [];
	for (let i = 0; i < 8; i++) v.push(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
	const quads = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
	const idx = quads.flatMap((q) => [q[0], q[1], q[2], q[0], q[2], q[3]]);
	addFixed('3d-mesh-box-corner', sphereScene(0.4, [1.2, 1.2, 1.2], [mesh(v, idx)]), 'corner of a mesh box: one vertex contact', true);
	addFixed('3d-mesh-box-edge', sphereScene(0.4, [1.2, 1.2, 0.3], [mesh(v, idx)]), 'edge of a mesh box: one edge contact', true);
	addFixed('3d-mesh-box-face', sphereScene(0.4, [1.3, 0.2, -0.1], [mesh(v, idx)]), 'face of a mesh box');
}

// ------------------------------------------------------------------ random terrains
// A rolling terrain of n x n cells (heights random), one mesh or split into 2 x 2 pieces that each
// carry their own copies of the border vertices, placed by translations or by 90-degree rotations.
function terrain(n, cell) {
	const h = [];
	for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) h.push(range(-0.25, 0.25));
	return { n, cell, h };
}
function terrainMeshes(T, split) {
	const { n, cell, h } = T;
	const pieces = split === 'none' ? [[0, n, 0, n]] : [[0, n / 2, 0, n / 2], [n / 2, n, 0, n / 2], [0, n / 2, n / 2, n], [n / 2, n, n / 2, n]];
	return pieces.map(([i0, i1, j0, j1], pi) => {
		const w = i1 - i0;
		const ox = i0 * cell, oy = j0 * cell;
		const angle = split === 'rotated' ? (pi * Math.PI) / 2 : 0;
		const q = [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
		const qi = [0, 0, -q[2], q[3]];
		const v = [];
		for (let j = j0; j <= j1; j++) {
			for (let i = i0; i <= i1; i++) {
				let p = [i * cell, j * cell, h[j * (n + 1) + i]];
				if (split === 'translated' || split === 'rotated') p = rotate(qi, sub(p, [ox, oy, 0]));
				v.push(...p);
			}
		}
		const idx = [];
		for (let j = 0; j < j1 - j0; j++) {
			for (let i = 0; i < w; i++) {
				const a = j * (w + 1) + i, b = a + 1, c = a + w + 1, d = c + 1;
				if ((i + j + i0 + j0) & 1) idx.push(a, b, c, b, d, c);
				else idx.push(a, b, d, a, d, c);
			}
		}
		const transform = split === 'translated' || split === 'rotated' ? { position: [ox, oy, 0], rotation: q } : undefined;
		return mesh(v, idx, transform, 1e-6);
	});
}
function surfaceHeight(T, x, y) {
	const { n, cell, h } = T;
	const i = Math.min(n - 1, Math.floor(x / cell)), j = Math.min(n - 1, Math.floor(y / cell));
	const u = x / cell - i, v = y / cell - j;
	const H = (a, b) => h[(j + b) * (n + 1) + i + a];
	return (1 - u) * (1 - v) * H(0, 0) + u * (1 - v) * H(1, 0) + (1 - u) * v * H(0, 1) + u * v * H(1, 1);
}

let made = 0, rejected = 0;
const splits = ['none', 'split', 'translated', 'rotated'];
while (made < 64) {
	const T = terrain(8, range(0.4, 1.0));
	const split = splits[made % 4];
	const algorithm = made % 8 === 7 ? 'all' : 'terdiman';
	const r = range(0.3, 1.1);
	const margin = [0, 0.05, 0.3][made % 3];
	const size = T.n * T.cell;
	const x = range(0.25 * size, 0.75 * size), y = range(0.25 * size, 0.75 * size);
	const z = surfaceHeight(T, x, y) + range(0.5 * r, r);
	const scene = sphereScene(r, [x, y, z], terrainMeshes(T, split === 'split' ? 'split' : split), margin, algorithm);
	const { v, safe } = vector(`3d-mesh-terrain-${String(made).padStart(2, '0')}-${split}-${algorithm}`, scene);
	if (!safe || v.expect.count === 0) {
		rejected++;
		continue;
	}
	vectors.push('mesh', v);
	made++;
}

// ------------------------------------------------------------------ duplicated triangles
// The square [0, 2]^2 in z = 0 as two triangles (front +z), stored a second time: with the same
// winding (vertices rotated), or reversed. Fixed cases after the random terrains (their PRNG draws
// unchanged). The reference treats the copies as it treats any triangle: a same-winding copy gives
// its own face contact (the same point, normal and depth), a reversed copy has the centre behind it
// (culled), and a copy's edge or vertex contact is voided by the first copy that contains it: no
// contact takes the normal of a ghost (the diagonal seen from triangle 1, or an edge of the copy).
{
	const sq = [0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0];
	const same = [0, 1, 2, 0, 2, 3, 1, 2, 0, 2, 3, 0];
	const reversed = [0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2];
	const D = (id, radius, position, indices, note, openTriangles = false) => addFixed(`3d-mesh-dup-${id}`, sphereScene(radius, position, [mesh(sq, indices)]), note, openTriangles);
	D('same-face', 0.9, [1.5, 0.5, 0.4], same, 'over triangle 0 and its copy 2: two face contacts, normal -z; the diagonal (triangle 1 and 3, 0.81 away) is internal', false);
	D('reversed-face', 0.9, [1.5, 0.5, 0.4], reversed, 'over triangle 0; its reversed copy has the centre behind it; the diagonal is internal');
	D('same-free-edge', 0.5, [2.3, 1.25, 0.2], same, 'beside the free edge x = 2 of triangle 0 and its copy: one edge contact (either copy)', true);
	D('reversed-free-edge', 0.5, [2.3, 1.25, 0.2], reversed, 'beside the free edge x = 2: one edge contact', true);
	D('same-corner', 0.5, [2.2, -0.2, 0.1], same, 'beside the corner (2, 0) of triangle 0 and its copy: one vertex contact', true);
}

const list = vectors.files.mesh;
writeVectorFile('3d_mesh.json', {
	dim: 3, generator: 'tools/gen_mesh_vectors.mjs',
	description: 'sphere vs triangle-mesh contacts (Terdiman); see the header of tools/gen_mesh_vectors.mjs',
}, list);
console.log(`3d_mesh.json: ${list.length} vectors (${rejected} random scenes rejected as ill-conditioned)`);
