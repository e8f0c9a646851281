// Instructions per warm-cache frame from Node, counted rather than timed (the method of
// bench/jit_count2d.mjs: run under callgrind with two iteration counts; the difference over the
// extra frames is V8's cost per frame, JS and wasm together).
//
//   WARM_BENCH_DUMP=/tmp/warm-scenes.txt node bench/warm_bench.mjs      (writes the scenes once)
//   for it in 0 100; do valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//       --smc-check=all-non-file node --single-threaded --single-threaded-gc --no-liftoff \
//       bench/jit_countwarm.mjs /tmp/warm-scenes.txt 'hull32 resting' warm $it [wasm]; done
//   (I refs of the second minus the first) / (100 * frames) = instructions per frame
//
// mode: warm   cache.collide (a new result object per frame)
//       out    cache.collide with options.out (the result refilled in place)
//       cold   np.manifold (new result object)
//       raw    the shim alone: transform B written into the io block and npwCacheCollide3 called
import { readFileSync } from 'node:fs';
import { init } from '../js/narrowphase.mjs';
import * as L from '../js/layout.mjs';

const [file = '/tmp/warm-scenes.txt', label = 'hull32 resting', mode = 'warm', itersText = '0', wasm] = process.argv.slice(2);
const np = await init(wasm ? { wasmBinary: readFileSync(wasm) } : undefined);

// The scene as bench/warm_bench.mjs dumps it: "label|kind|n|A's points|m|B's points|frames", then
// one frame per line (px py pz qx qy qz qw).
const lines = readFileSync(file, 'utf8').split('\n');
let at = lines.findIndex((l) => l.startsWith(`${label}|`));
if (at < 0) throw new Error(`no scene ${label} in ${file}`);
const [, kind, , ptsA, , ptsB, count] = lines[at].split('|');
const nums = (t) => t.trim().split(/\s+/).map(Number);
const triples = (v) => Array.from({ length: v.length / 3 }, (_, i) => v.slice(3 * i, 3 * i + 3));
const make = (t) => (kind === 'box' ? np.box3d(...nums(t)) : np.hull3d(triples(nums(t))));
const a = make(ptsA), b = make(ptsB);
const frames = [];
for (let i = 0; i < Number(count); i++) {
	const v = nums(lines[++at]);
	frames.push({ position: v.slice(0, 3), rotation: v.slice(3, 7) });
}
const N = frames.length;
const ta = { position: [0, 0, 0], rotation: [0, 0, 0, 1] };
const cache = np.contactCache3d();
const opts = { out: np.manifold(a, ta, b, frames[0]) };

// The raw shim call on the io block the API uses (transform A and the margin written once).
const rt = a._rt;
const io = rt.io;
function raw(k) {
	const t = frames[k % N];
	const o = L.NPW3_IO_XFB;
	io[o] = t.position[0]; io[o + 1] = t.position[1]; io[o + 2] = t.position[2];
	io[o + 3] = t.rotation[0]; io[o + 4] = t.rotation[1]; io[o + 5] = t.rotation[2]; io[o + 6] = t.rotation[3];
	return rt.exports.npwCacheCollide3(cache._ptr, a._ptr, b._ptr, rt.ioPtr);
}

const run = {
	warm: (k) => cache.collide(a, ta, b, frames[k % N]).points.length,
	out: (k) => cache.collide(a, ta, b, frames[k % N], opts).points.length,
	cold: (k) => np.manifold(a, ta, b, frames[k % N]).points.length,
	raw,
}[mode];
if (run === undefined) throw new Error('mode must be warm, out, cold or raw');
let sink = 0;
// The same warm-up in every run (V8 tiers the code up), then the counted part.
if (mode === 'raw') cache.collide(a, ta, b, frames[0]);
for (let k = 0; k < 30 * N; k++) sink += run(k);
const iterations = Number(itersText);
for (let k = 0; k < iterations * N; k++) sink += run(k);
if (sink === -1) console.log(sink);
