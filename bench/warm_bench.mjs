// Warm-started persistent pairs from JavaScript (Node): cache.collide (np.contactCache3d /
// np.contactCache2d) against the cold np.manifold on the same frames, measured side by side.
//
//   node bench/warm_bench.mjs          (needs js/narrowphase.wasm: make wasm)
//
// Each scene is a closed loop of 1024 frames of coherent motion (the timing loop wraps around, so
// the last frame leads smoothly into the first): B placed on A by bisection on np.overlap at the
// touching height, then pushed in by 4 mm.
//   hull32 resting       two 32-point hulls (28 points on a radius-0.5 sphere cap and a square
//                        face): B rests on its 0.3 x 0.3 square face on A's 0.6 x 0.6 one, sliding
//                        on a 5 cm circle, turning by up to 0.3 rad and wobbling by 0.02 rad.
//   hull32 rolling       two 32-point hulls with points on a whole radius-0.5 sphere: B rolls over
//                        A's top (vertex, edge and face contacts; EPA decides the edge frames).
//   box-box resting      a half-extent 0.5 cube on a half-extent 1 cube, sliding and wobbling.
//   2D box-box, 8-gon    the same in 2D.
// For each scene: np.manifold (cold), cache.collide (warm; the cache also matches the points) and,
// for the hulls, np.penetration (the issue's reference); rounds interleave cold and warm, and the
// table shows each one's median over the rounds and the ratio. The cache's counters tell how often
// the warm start saved the edge search (and the face searches). Every warm result is checked
// against the cold one first.
//
//   WARM_BENCH_BASE=/tmp/old.wasm node bench/warm_bench.mjs
// also loads an older build of the wasm into the same process and times its cold and warm calls in
// the same interleaved rounds (rows marked "base"), for before/after figures from one run.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';

import { init } from '../js/narrowphase.mjs';
import { POSES, RUNS, time } from './timing.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);

function makeRand(seed) {
	let s = seed >>> 0;
	return () => {
		s = (Math.imul(s, 1103515245) + 12345) >>> 0;
		return s / 4294967296;
	};
}

function quat(axis, angle) {
	const len = Math.hypot(axis[0], axis[1], axis[2]);
	const s = Math.sin(angle / 2) / len;
	return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

// Quaternion product a * b.
function qmul(a, b) {
	return [
		a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
		a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
		a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
		a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
	];
}

// Points on a radius-0.5 sphere (all of it, or the part with side * y > 0.32) plus, for a part, a
// square face of half side `half` at y = -side * 0.3 closing it.
function cloud(rand, n, side, half = 0.3) {
	const pts = [];
	while (pts.length < (side === 0 ? n : n - 4)) {
		const z = 2 * rand() - 1, t = 2 * Math.PI * rand(), r = Math.sqrt(1 - z * z);
		const p = [0.5 * r * Math.cos(t), 0.5 * z, 0.5 * r * Math.sin(t)];
		if (side === 0 || p[1] * side > 0.32) pts.push(p);
	}
	if (side !== 0) for (const [x, z] of [[-half, -half], [half, -half], [half, half], [-half, half]]) pts.push([x, -side * 0.3, z]);
	return pts;
}

// B's transform at the touching height (bisection on np.overlap), pushed in by `depth`.
function touching(np, a, ta, b, x, z, rotation, depth, dim) {
	let lo = 0, hi = 3;
	for (let k = 0; k < 60; k++) {
		const mid = 0.5 * (lo + hi);
		const tb = dim === 3 ? { position: [x, mid, z], rotation } : { position: [x, mid], angle: rotation };
		if (np.overlap(a, ta, b, tb)) lo = mid;
		else hi = mid;
	}
	return dim === 3 ? { position: [x, lo - depth, z], rotation } : { position: [x, lo - depth], angle: rotation };
}

// A closed loop of POSES frames: slide on a circle of `radius`, turn by `turn` about y over the loop,
// wobble by `wobble` about a horizontal axis; `base` turns B first.
function loop3(np, a, ta, b, { radius, turn, wobble, base }) {
	const frames = [];
	for (let i = 0; i < POSES; i++) {
		const t = (2 * Math.PI * i) / POSES;
		const q = qmul(quat([0, 1, 0], turn * Math.sin(t)), qmul(quat([1, 0, 0.3], wobble * Math.sin(8 * t)), base));
		frames.push(touching(np, a, ta, b, radius * Math.cos(t), radius * Math.sin(t), q, 0.004, 3));
	}
	return frames;
}

function loop2(np, a, b, radius, wobble) {
	const frames = [];
	for (let i = 0; i < POSES; i++) {
		const t = (2 * Math.PI * i) / POSES;
		frames.push(touching(np, a, null, b, radius * Math.sin(t), 0, wobble * Math.sin(8 * t), 0.004, 2));
	}
	return frames;
}

function median(xs) {
	const s = [...xs].sort((p, q) => p - q);
	return s[s.length >> 1];
}

// Cold and warm (and extra cases) timed in interleaved rounds.
function measure(label, cases) {
	const samples = cases.map(() => []);
	for (let r = 0; r < ROUNDS; r++) cases.forEach(([, fn], k) => samples[k].push(time(fn)));
	const cold = median(samples[0]);
	cases.forEach(([name], k) => {
		const m = median(samples[k]);
		const ratio = k === 0 ? '' : `  ${(m / cold).toFixed(2)}x cold`;
		console.log(`${`${label}: ${name}`.padEnd(50)}${m.toFixed(0).padStart(7)} ns${ratio}`);
	});
}

// One scene in one instance: checks warm == cold on the loop (and prints the counters), returns its
// timed cases. The second case is what a cache cost before collide existed: np.manifold, then
// cache.update with its result.
function sceneCases(np, tag, { label, a, ta, b, frames, cache, extra }) {
	const old = cache.update !== undefined ? np.contactCache3d() : null;
	const reuse = { out: np.manifold(a, ta, b, frames[0]) };
	for (let i = 0; i < POSES; i++) assert.deepEqual(cache.collide(a, ta, b, frames[i]), np.manifold(a, ta, b, frames[i]), `${label} frame ${i}`);
	const s = cache.stats;
	const counted = s.edgesSkipped !== undefined && s.searched > 0 && 'faceReused' in s
		? `, edge search skipped on ${s.edgesSkipped}, face reused on ${s.faceReused}${s.facesProven !== undefined ? `, faces proven on ${s.facesProven}` : ''}`
		: `, edge reused on ${s.edgeReused}`;
	console.log(`# ${tag}${label}: warm == cold on all ${POSES} frames; searched ${s.searched}${counted}`);
	return [
		[`${tag}np.manifold (cold)`, (i) => np.manifold(a, ta, b, frames[i]).points.length],
		...(old !== null && tag === '' ? [['np.manifold + cache.update', (i) => old.update(np.manifold(a, ta, b, frames[i]), ta, frames[i]).length]] : []),
		[`${tag}cache.collide (warm)`, (i) => cache.collide(a, ta, b, frames[i]).points.length],
		...(tag === '' ? [['cache.collide (warm, options.out)', (i) => cache.collide(a, ta, b, frames[i], reuse).points.length]] : []),
		...(tag === '' ? extra : []),
	];
}

// The scenes, built in one instance (the same poses in every instance: np.overlap places them).
function scenes(np) {
	const rand = makeRand(77);
	const id = { position: [0, 0, 0], rotation: [0, 0, 0, 1] };
	const out = [];
	const topPts = cloud(rand, 32, -1), bottomPts = cloud(rand, 32, 1, 0.15);
	const top = np.hull3d(topPts); // square face on top (y = +0.3)
	const bottom = np.hull3d(bottomPts); // smaller square face at the bottom (y = -0.3)
	const resting = loop3(np, top, id, bottom, { radius: 0.05, turn: 0.3, wobble: 0.02, base: [0, 0, 0, 1] });
	const pen = (a, b, frames) => ['np.penetration (cold)', (i) => (np.penetration(a, id, b, frames[i]) !== null ? 1 : 0)];
	out.push({ label: 'hull32 resting', a: top, ta: id, b: bottom, frames: resting, cache: np.contactCache3d(), extra: [pen(top, bottom, resting)], def: ['hull', topPts, bottomPts] });

	const ptsA = cloud(rand, 32, 0), ptsB = cloud(rand, 32, 0);
	const hullA = np.hull3d(ptsA), hullB = np.hull3d(ptsB);
	const rolling = loop3(np, hullA, id, hullB, { radius: 0.15, turn: 1.5, wobble: 0.1, base: quat([1, 0.2, 0.4], 0.7) });
	out.push({ label: 'hull32 rolling', a: hullA, ta: id, b: hullB, frames: rolling, cache: np.contactCache3d(), extra: [pen(hullA, hullB, rolling)], def: ['hull', ptsA, ptsB] });

	const ground = np.box3d(1, 1, 1), cube = np.box3d(0.5, 0.5, 0.5);
	const boxes = loop3(np, ground, id, cube, { radius: 0.1, turn: 0.4, wobble: 0.01, base: [0, 0, 0, 1] });
	out.push({ label: 'box-box resting', a: ground, ta: id, b: cube, frames: boxes, cache: np.contactCache3d(), extra: [], def: ['box', [[1, 1, 1]], [[0.5, 0.5, 0.5]]] });

	const g2 = np.box2d(1, 1), b2 = np.box2d(0.5, 0.5);
	out.push({ label: '2D box-box resting', a: g2, ta: null, b: b2, frames: loop2(np, g2, b2, 0.2, 0.01), cache: np.contactCache2d(), extra: [] });
	const oct = Array.from({ length: 8 }, (_, i) => [0.5 * Math.cos((i * Math.PI) / 4 + 0.39), 0.5 * Math.sin((i * Math.PI) / 4 + 0.39)]);
	const o1 = np.polygon2d(oct), o2 = np.polygon2d(oct);
	out.push({ label: '2D 8-gon resting', a: o1, ta: null, b: o2, frames: loop2(np, o1, o2, 0.1, 0.02), cache: np.contactCache2d(), extra: [] });
	return out;
}

// The 3D scenes as text for bench/warm_native.c (WARM_BENCH_DUMP=file): per scene a line
// "label|kind|n|points of A|m|points of B|frames", then one frame per line (px py pz qx qy qz qw);
// numbers printed exactly (17 significant digits).
function dump(path, list) {
	const f = (x) => x.toPrecision(17);
	const lines = [];
	for (const s of list) {
		if (s.def === undefined) continue;
		const [kind, pa, pb] = s.def;
		lines.push(`${s.label}|${kind}|${pa.length}|${pa.flat().map(f).join(' ')}|${pb.length}|${pb.flat().map(f).join(' ')}|${s.frames.length}`);
		for (const t of s.frames) lines.push([...t.position, ...t.rotation].map(f).join(' '));
	}
	writeFileSync(path, `${lines.join('\n')}\n`);
}

async function main() {
	const np = await init();
	if (process.env.WARM_BENCH_DUMP) {
		dump(process.env.WARM_BENCH_DUMP, scenes(np));
		return;
	}
	const basePath = process.env.WARM_BENCH_BASE;
	const base = basePath ? await init({ wasmBinary: readFileSync(basePath) }) : null;
	console.log(`warm vs cold, ns per frame (CPU time) from Node ${process.version}: median of ${ROUNDS} interleaved rounds,`);
	console.log(`each the median of ${RUNS} runs over a ${POSES}-frame loop (machine shared: compare ratios)`);
	if (base !== null) console.log(`rows "base": ${basePath} in the same process and rounds`);
	const ours = scenes(np);
	const theirs = base !== null ? scenes(base) : null;
	ours.forEach((scene, k) => {
		const cases = sceneCases(np, '', scene);
		if (theirs !== null) cases.push(...sceneCases(base, 'base ', theirs[k]));
		measure(scene.label, cases);
	});
}

await main();
