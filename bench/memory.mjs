// Memory and size, printed by `make bench`: the bytes of wasm memory each kind of object takes
// (the heap's bytes in use before and after creating 16 of them, malloc's own overhead included),
// the batch block, and the gzipped size of what a page without a bundler downloads from the package
// (js/narrowphase.min.mjs and js/narrowphase.wasm), checked against the 140 KB budget.
//
//   node bench/memory.mjs            (needs js/narrowphase.wasm: make wasm)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { init } from '../js/narrowphase.mjs';

const BUDGET = 140 * 1024;
const np = await init();

// Bytes per object: 16 made, the heap measured around them, then all disposed.
function perObject(make) {
	const first = make(); // any one-time growth (io blocks, first-use buffers) happens here
	const before = np.heapInUse();
	const made = [];
	for (let i = 0; i < 16; i++) made.push(make());
	const bytes = (np.heapInUse() - before) / 16;
	for (const o of [first, ...made]) o.dispose();
	return bytes;
}

function grid(n) {
	const v = [], idx = [];
	for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) v.push(x, y, 0.25 * Math.sin(x / 5) * Math.cos(y / 7));
	for (let y = 0; y < n; y++) {
		for (let x = 0; x < n; x++) {
			const a = y * (n + 1) + x, b = a + 1, c = a + n + 1, d = c + 1;
			idx.push(a, b, d, a, d, c);
		}
	}
	return { v, idx };
}

let s = 1;
const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
const cloud = (n) => Array.from({ length: n }, () => [rand() - 0.5, rand() - 0.5, rand() - 0.5]);
const g = grid(64);
const rows = [
	['2D circle', () => np.circle(0.5)],
	['2D box', () => np.box2d(0.5, 0.5)],
	['2D polygon (8 vertices)', () => np.polygon2d([[1, 0], [0.7, 0.7], [0, 1], [-0.7, 0.7], [-1, 0], [-0.7, -0.7], [0, -1], [0.7, -0.7]])],
	['3D sphere', () => np.sphere(0.5)],
	['3D box', () => np.box3d(0.5, 0.5, 0.5)],
	['3D hull (32 points)', () => np.hull3d(cloud(32))],
	['mesh, 8,192 triangles (64 x 64 grid)', () => np.mesh3d(g.v, g.idx)],
	['contact cache (3D)', () => np.contactCache3d()],
];
if (typeof np.contactCache2d === 'function') rows.push(['contact cache (2D)', () => np.contactCache2d()]);
console.log('wasm memory per object (bytes, malloc overhead included):');
for (const [name, make] of rows) console.log(`  ${name.padEnd(40)}${String(Math.round(perObject(make))).padStart(10)}`);

// The batch block: grown once to the largest batch, then reused.
const box = np.box3d(0.5, 0.5, 0.5);
const n = 1024;
const before = np.heapInUse();
const xf = new Float64Array(7 * n);
for (let i = 0; i < n; i++) xf[7 * i + 6] = 1;
np.manifoldBatch(new Array(n).fill(box), xf, new Array(n).fill(box), xf);
console.log(`  ${'batch block, 1,024 3D manifold pairs'.padEnd(40)}${String(np.heapInUse() - before).padStart(10)}  (once per instance; ${((np.heapInUse() - before) / n).toFixed(0)} per pair)`);
box.dispose();

// Shipped size, gzipped (level 9, each file on its own, as a server sends them). What a page
// without a bundler loads: narrowphase.min.mjs (the API in one module, written by make package)
// and the wasm beside it. The source modules (js/*.mjs, what Node and bundlers read) for reference.
const dir = new URL('../js/', import.meta.url);
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const gzOf = (f) => gzipSync(readFileSync(new URL(f, dir)), { level: 9 }).length;
const rawOf = (f) => readFileSync(new URL(f, dir)).length;
const sources = readdirSync(dir).filter((f) => /^[^.]+\.mjs$/.test(f)).sort();
const wasmGz = gzOf('narrowphase.wasm');
const sourcesGz = sources.reduce((t, f) => t + gzOf(f), 0);
if (existsSync(new URL('narrowphase.min.mjs', dir))) {
	const minGz = gzOf('narrowphase.min.mjs');
	const gz = wasmGz + minGz;
	console.log(`package size: a page loads narrowphase.wasm + narrowphase.min.mjs, ${kb(rawOf('narrowphase.wasm') + rawOf('narrowphase.min.mjs'))}; ` +
		`gzipped ${kb(gz)} (wasm ${kb(wasmGz)}, JS ${kb(minGz)}); budget ${kb(BUDGET)}: ${gz <= BUDGET ? 'within' : 'OVER'}` +
		` (the ${sources.length} source modules: ${kb(sourcesGz)} gzipped)`);
} else {
	console.log(`package size: wasm ${kb(wasmGz)} gzipped; narrowphase.min.mjs missing (make package); the ${sources.length} source modules ${kb(sourcesGz)} gzipped`);
}
