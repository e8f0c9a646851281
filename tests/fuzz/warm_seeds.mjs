#!/usr/bin/env node
// Writes the hand-made seeds of fuzz_warm (tests/fuzz/corpus/fuzz_warm/seed-*): pairs at rest on
// each other in coherent motion, the scenes whose warm paths random bytes rarely reach. 3D: prisms
// face to face (the hull pairs whose face proofs go through), blobs, a box on a blob, a blob on a
// slab; 2D: boxes and polygons (sharp and rounded) on boxes and polygons. Each frame steps A by a
// few 1e-5 of the pair's size and turns both shapes by a few 1e-5 rad, as fuzz_warm.c decodes it.
//
//   node tests/fuzz/warm_seeds.mjs [dir]     (default tests/fuzz/corpus/fuzz_warm)
import { mkdirSync, writeFileSync } from 'node:fs';
import { mulberry32 } from '../../tools/genlib.mjs';

const dir = process.argv[2] ?? new URL('./corpus/fuzz_warm/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });

// fuzz.h's encodings: fzNumber class 0 (an int16 over 1024), fzSize class 0 ((1 + byte) / 64).
const num = (x) => [0, ...(() => {
	const v = Math.max(-32768, Math.min(32767, Math.round(x * 1024))) & 0xffff;
	return [v >> 8, v & 0xff];
})()];
const vec = (p) => p.flatMap(num);
const size = (x) => [0, Math.round(x * 64) - 1];

// 3D shapes (fzShape3): a hull of points in the general mode, a box.
const hull = (pts) => [4, pts.length, 3, ...vec([0, 0, 0]), ...vec([1, 0, 0]), ...vec([0, 1, 0]), ...pts.flatMap((p) => [0, ...vec(p)])];
const box = (h) => [2, ...h.flatMap(size)];
const quat = (q) => [5, ...vec(q)];
function blob(r, n, rand) {
	const pts = [];
	while (pts.length < n) {
		const p = [0, 0, 0].map(() => 2 * rand() - 1), l = Math.hypot(...p);
		if (l > 0.3 && l <= 1) pts.push(p.map((c) => (r * c) / l));
	}
	return pts;
}
function prism(r, n, y0, y1, twist) {
	const pts = [];
	for (let i = 0; i < n; i++) {
		const a = (2 * Math.PI * i) / n + twist;
		pts.push([r * Math.cos(a), y0, r * Math.sin(a)], [r * Math.cos(a + 0.1), y1, r * Math.sin(a + 0.1)]);
	}
	return pts;
}
// A frame: the step kind (small), A's step (three fzInt bytes near 128), the turns of A and B.
const byteIn = (rand, lo, hi) => lo + Math.floor(rand() * (hi - lo));
function frames3(n, rand) {
	const out = [];
	for (let i = 0; i < n; i++) {
		out.push([0, 10, 100][byteIn(rand, 0, 3)]);
		for (let k = 0; k < 3; k++) out.push(byteIn(rand, 120, 136));
		for (let k = 0; k < 6; k++) out.push(byteIn(rand, 124, 132));
		out.push(0);
	}
	return out;
}

// 2D shapes (fzShape2): a box, a regular polygon (points in the general mode), rounded or not.
const box2 = (w, h) => [2, ...size(w), ...size(h)];
function ngon(r, n, radius = 0) {
	const pts = [];
	for (let i = 0; i < n; i++) pts.push(0, ...num(r * Math.cos((2 * Math.PI * i) / n)), ...num(r * Math.sin((2 * Math.PI * i) / n)));
	return [3, n, 2, ...vec([0, 0, 0, 0]), ...pts, ...(radius === 0 ? [0] : [200, ...size(radius)])];
}
function frames2(n, rand) {
	const out = [];
	for (let i = 0; i < n; i++) out.push([0, 10, 100][byteIn(rand, 0, 3)], byteIn(rand, 120, 136), byteIn(rand, 120, 136), byteIn(rand, 124, 132), byteIn(rand, 124, 132), 0);
	return out;
}

const write = (name, bytes) => writeFileSync(`${dir}/${name}`, Uint8Array.from(bytes));
let count = 0;
for (let seed = 0; seed < 6; seed++) {
	const rand = mulberry32(0x3a17 + seed);
	const pose3 = (p, q) => [...vec(p), ...quat(q)];
	write(`seed-prisms-${seed}`, [1, ...hull(prism(1, 8 + seed, 0, 0.5, 0.1 * seed)), ...hull(prism(1.5, 9 + seed, -0.5, 0, 0)), 0,
		...pose3([0.1 * seed, -0.01, 0.05], [0, 0.01 * seed, 0, 1]), ...pose3([0, 0, 0], [0, 0, 0, 1]), ...frames3(24, rand)]);
	const scenes = [[hull(blob(1, 20, rand)), hull(blob(1.5, 22, rand)), 2.4], [box([0.5, 0.5, 0.5]), hull(blob(1, 18, rand)), 1.45],
		[hull(blob(0.8, 16, rand)), box([2, 0.25, 2]), 1.0]];
	scenes.forEach(([a, b, gap], k) => write(`seed-rest3d-${seed}-${k}`, [1, ...a, ...b, 0, ...pose3([0, gap, 0], [0.05 * seed, 0, 0.02, 1]),
		...pose3([0, 0, 0], [0, 0.03, 0, 1]), ...frames3(24, rand)]));
	const scenes2 = [[box2(0.5, 0.25), box2(3, 0.5), 0.74], [ngon(0.6, 8), box2(3, 0.5), 1.09], [ngon(0.6, 7, 0.1), ngon(2, 9), 2.5],
		[box2(0.5, 0.5), ngon(1, 8), 1.45]];
	scenes2.forEach(([a, b, gap], k) => write(`seed-rest2d-${seed}-${k}`, [0, ...a, ...b, 0, ...num(0.05 * seed), ...num(gap), ...num(0), ...num(0),
		...num(0.01 * seed), ...num(0), ...frames2(24, rand)]));
	count += 1 + scenes.length + scenes2.length;
}
console.log(`fuzz_warm: ${count} seeds in ${dir}`);
