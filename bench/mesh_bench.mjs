// Time per mesh-contact query from JavaScript (Node), through the public API (np.meshContacts):
// the same cases as bench/mesh_bench.c (native), so the two can be compared line by line.
//
//   node bench/mesh_bench.mjs            (needs js/narrowphase.wasm: make wasm)
//
// A 64 x 64 grid of unit cells (8,192 triangles), gently rolling (z = 0.25 sin(x/5) cos(y/7)),
// queried at 1024 fixed pseudo-random poses by a sphere (r 0.5), a box (half extents 0.5, yawed) and
// a capsule (half height 0.5, r 0.3, yawed) resting ~0.05 deep; internal-edge removal on and off.
// Then the sphere against grids of ~1k, 100k and 1M triangles, poses spread out and in a 20 x 20
// patch. Process CPU time, median of 7 runs after a warm-up (V8 tiers up first).
import { init } from '../js/narrowphase.mjs';
import { POSES, RUNS, time } from './timing.mjs';

const height = (x, y) => 0.25 * Math.sin(x / 5) * Math.cos(y / 7);

function makeGrid(np, n) {
	const v = new Float64Array(3 * (n + 1) * (n + 1));
	for (let j = 0; j <= n; j++) {
		for (let i = 0; i <= n; i++) {
			const k = 3 * (j * (n + 1) + i);
			v[k] = i;
			v[k + 1] = j;
			v[k + 2] = height(i, j);
		}
	}
	const idx = new Int32Array(6 * n * n);
	let t = 0;
	for (let j = 0; j < n; j++) {
		for (let i = 0; i < n; i++) {
			const a = j * (n + 1) + i, b = a + 1, c = a + n + 1, d = c + 1;
			idx.set([a, b, d, a, d, c], 6 * t++);
		}
	}
	const c0 = process.cpuUsage();
	const mesh = np.mesh3d(v, idx);
	const c1 = process.cpuUsage(c0);
	return { mesh, createMs: (c1.user + c1.system) / 1000 };
}

// The same LCG as the native bench: identical poses.
function makePoses(n, rest, rotate) {
	let s = 12345;
	const rand = () => {
		s = (Math.imul(s, 1103515245) + 12345) >>> 0;
		return s / 4294967296;
	};
	const poses = [];
	for (let i = 0; i < POSES; i++) {
		const x = 2 + (n - 4) * rand(), y = 2 + (n - 4) * rand();
		const a = rotate ? 3.14159265358979 * (2 * rand() - 1) : 0;
		poses.push({ position: [x, y, height(x, y) + rest], rotation: [0, 0, Math.sin(0.5 * a), Math.cos(0.5 * a)] });
	}
	return poses;
}

const np = await init();
console.log(`mesh contacts from Node ${process.version} (CPU time, median of ${RUNS} runs)`);
// The first creation runs the engine's baseline code (and grows the memory): time it, then warm up.
const first = makeGrid(np, 64);
first.mesh.dispose();
for (let i = 0; i < 5; i++) makeGrid(np, 64).mesh.dispose();
console.log(`  64x64 grid creation: first call ${first.createMs.toFixed(2)} ms (baseline-compiled wasm), then:`);
const { mesh, createMs } = makeGrid(np, 64);
console.log(`  64x64 grid: ${mesh.triangleCount} triangles, created in ${createMs.toFixed(2)} ms (np.mesh3d), BVH depth ${mesh.depth}`);
const shapes = [
	['sphere r 0.5', np.sphere(0.5), 0.45, false],
	['box 1x1x1 (yawed)', np.box3d(0.5, 0.5, 0.5), 0.45, true],
	['capsule h 0.5 r 0.3 (yawed)', np.capsule3d(0.5, 0.3), 0.25, true],
];
const on = {};
const off = { removeInternalEdges: false };
for (const [name, shape, rest, rotate] of shapes) {
	const poses = makePoses(64, rest, rotate);
	for (const opts of [on, off]) {
		let contacts = 0;
		for (const p of poses) contacts += np.meshContacts(shape, p, mesh, opts).length;
		const ns = time((i) => np.meshContacts(shape, poses[i], mesh, opts).length);
		console.log(`  ${name.padEnd(30)} vs 64x64 grid, removal ${opts === on ? 'on ' : 'off'}: ${ns.toFixed(1).padStart(8)} ns/query  (${(contacts / POSES).toFixed(2)} contacts/query)`);
	}
}
mesh.dispose();

console.log('  sphere r 0.5 vs grids of growing size (removal on):');
const sphere = shapes[0][1];
for (const n of [22, 224, 708]) {
	const g = makeGrid(np, n);
	const poses = makePoses(n, 0.45, false);
	const ns = time((i) => np.meshContacts(sphere, poses[i], g.mesh).length);
	// The same query with the poses kept in a 20 x 20 patch (cache-resident): see mesh_bench.c.
	const patch = makePoses(24, 0.45, false);
	const local = time((i) => np.meshContacts(sphere, patch[i], g.mesh).length);
	console.log(`    ${String(g.mesh.triangleCount).padStart(8)} triangles (BVH depth ${String(g.mesh.depth).padStart(2)}, created in ${g.createMs.toFixed(1).padStart(7)} ms, ${(g.mesh.bytes / 1048576).toFixed(1).padStart(5)} MB): ${ns.toFixed(1).padStart(8)} ns/query spread out, ${local.toFixed(1).padStart(8)} ns/query in a 20x20 patch`);
	g.mesh.dispose();
}
for (const [, shape] of shapes) shape.dispose();
