// Instructions per 2D query from Node, counted rather than timed: on a shared machine wall and CPU
// time swing by 2x, instruction counts by a few percent. Valgrind counts the x86 instructions that
// V8's compiled code (JS and wasm) executes; the script runs `iterations` x 1,024 queries after a
// fixed warm-up, so the difference between a run with iterations = 0 and one with iterations = k
// is the cost of k x 1,024 queries (V8's background threads add a few percent of noise).
//
//   for it in 0 300; do valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//       --smc-check=all-non-file node bench/jit_count2d.mjs circle single $it [wasm]; done
//   (I refs of the second minus the first) / (300 * 1024) = instructions per query
//
// scene: box (box-box), circle (box-circle), oct (8-gon vs 8-gon); the manifold scenes of
// bench/peers/peers.mjs. mode:
//   single  np.manifold with prepared transforms and options.out (no result objects)
//   raw     the shim alone: the 10 transform numbers written into the io block and npwManifold2
//           called directly (single minus raw = the JS wrapper's part)
//   batch   np.manifoldBatch over the 1,024 pairs, refilling one result (per pair)
//   plain   np.manifold with plain transforms ({ position, angle }) and options.out
//   new     np.manifold with prepared transforms, no options (a new result object per call)
//   overlap np.overlap with prepared transforms; overlapplain the same with plain transforms
// Measured 2026-11-25 (box-circle): single 1,584, raw 751, batch 1,190; natively (gcc -O2,
// build/core_bench2d count) npCollide2 381, the batch 633.
import { readFileSync } from 'node:fs';
import { init } from '../js/narrowphase.mjs';
import * as L from '../js/layout.mjs';

const [scene = 'circle', mode = 'single', itersText = '0', wasm] = process.argv.slice(2);
const np = await init(wasm ? { wasmBinary: readFileSync(wasm) } : undefined);
const box = np.box2d(0.5, 0.5);
const circle = np.circle(0.5);
const oct = np.polygon2d(Array.from({ length: 8 }, (_, i) => [0.5 * Math.cos((2 * Math.PI * i) / 8), 0.5 * Math.sin((2 * Math.PI * i) / 8)]));
const shapes = { box: [box, box], circle: [box, circle], oct: [oct, oct] }[scene];
if (!shapes) throw new Error(`scene must be box, circle or oct (got ${scene})`);
const [a, b] = shapes;

// The poses of bench/node_bench.mjs and bench/peers/peers.mjs.
let s = 12345;
const rand = () => {
	s = (Math.imul(s, 1103515245) + 12345) >>> 0;
	return s / 4294967296;
};
const N = 1024;
const ta = new Float64Array(3 * N);
const tb = new Float64Array(3 * N);
for (let i = 0; i < N; i++) {
	tb[3 * i] = -0.9 + 1.8 * rand();
	tb[3 * i + 1] = -0.9 + 1.8 * rand();
	tb[3 * i + 2] = Math.PI * (2 * rand() - 1);
}
const sa = new Array(N).fill(a);
const sb = new Array(N).fill(b);
const idp = np.transform2d(0, 0, 0);
const xf = Array.from({ length: N }, (_, i) => np.transform2d(tb[3 * i], tb[3 * i + 1], tb[3 * i + 2]));
const out = np.manifoldBatch(sa, ta, sb, tb);
const opts = { out: np.manifold(a, idp, b, xf[0]) };
const plainA = { position: [0, 0], angle: 0 };
const plain = Array.from({ length: N }, (_, i) => ({ position: [tb[3 * i], tb[3 * i + 1]], angle: tb[3 * i + 2] }));

// The raw shim call, on the io block the API uses (transform A and the margin written once).
const rt = a._rt;
const io = rt.io;
const XB = L.NPW_IO_XFB;
function raw(k) {
	const t = xf[k & (N - 1)];
	io[XB + L.NPW_XF2_X] = t._x;
	io[XB + L.NPW_XF2_Y] = t._y;
	io[XB + L.NPW_XF2_ANGLE] = t.angle;
	io[XB + L.NPW_XF2_COS] = t._c;
	io[XB + L.NPW_XF2_SIN] = t._s;
	return rt.exports.npwManifold2(a._ptr, b._ptr, rt.ioPtr);
}

let sink = 0;
// The same warm-up in every run (V8 tiers the code up), then the counted part.
for (let k = 0; k < 30; k++) sink += np.manifoldBatch(sa, ta, sb, tb, { out }).pointCount[0];
for (let k = 0; k < 30 * N; k++) sink += np.manifold(a, idp, b, xf[k & (N - 1)], opts).points.length;
np.manifold(a, idp, b, xf[0], opts);
for (let k = 0; k < 30 * N; k++) sink += raw(k);
const iterations = Number(itersText);
if (mode === 'batch') {
	for (let k = 0; k < iterations; k++) sink += np.manifoldBatch(sa, ta, sb, tb, { out }).pointCount[0];
} else if (mode === 'raw') {
	np.manifold(a, idp, b, xf[0], opts);
	for (let k = 0; k < iterations * N; k++) sink += raw(k);
} else if (mode === 'plain') {
	for (let k = 0; k < 30 * N; k++) sink += np.manifold(a, plainA, b, plain[k & (N - 1)], opts).points.length;
	for (let k = 0; k < iterations * N; k++) sink += np.manifold(a, plainA, b, plain[k & (N - 1)], opts).points.length;
} else if (mode === 'new') {
	for (let k = 0; k < 30 * N; k++) sink += np.manifold(a, idp, b, xf[k & (N - 1)]).points.length;
	for (let k = 0; k < iterations * N; k++) sink += np.manifold(a, idp, b, xf[k & (N - 1)]).points.length;
} else if (mode === 'overlap') {
	for (let k = 0; k < 30 * N; k++) sink += np.overlap(a, idp, b, xf[k & (N - 1)]) ? 1 : 0;
	for (let k = 0; k < iterations * N; k++) sink += np.overlap(a, idp, b, xf[k & (N - 1)]) ? 1 : 0;
} else if (mode === 'overlapplain') {
	for (let k = 0; k < 30 * N; k++) sink += np.overlap(a, plainA, b, plain[k & (N - 1)]) ? 1 : 0;
	for (let k = 0; k < iterations * N; k++) sink += np.overlap(a, plainA, b, plain[k & (N - 1)]) ? 1 : 0;
} else {
	for (let k = 0; k < iterations * N; k++) sink += np.manifold(a, idp, b, xf[k & (N - 1)], opts).points.length;
}
if (sink === -1) console.log(sink);
