// Instructions per chain query from Node (np.chainContacts), counted rather than timed, as
// bench/jit_count2d.mjs does for the 2D manifold: valgrind counts the x86 instructions of V8's
// compiled JS and wasm; the script runs a fixed warm-up, then `iterations` x 1,024 queries, so the
// difference between a run with 0 iterations and one with k is the cost of k x 1,024 queries.
// The terrain and poses are bench/chain_bench.mjs's (a box or circle resting on a hilly terrain).
//
//   for it in 0 200; do valgrind --tool=callgrind --callgrind-out-file=/dev/null --smc-check=all-non-file \
//       node --single-threaded-gc --no-liftoff bench/jit_countchain.mjs box steady $it 1000 [jsdir]; done
//   (I refs of the second minus the first) / (200 * 1024) = instructions per query
//
// --no-liftoff: wasm compiled by TurboFan from the start (otherwise the baseline tier, about twice
// the instructions, runs for a varying part of a short run). Expect a few percent of noise from V8's
// background threads; under heavy load, runs of the same setup differed by 2% at 200 iterations
// (4,236 and 4,323) and by 30% at 30. Modes:
//   plain   np.chainContacts(shape, { position, angle }, chain): a new result array per call
//   steady  np.transform2d prepared transforms and options.out (nothing allocated once warm)
//   raw     the shim alone: the prepared transform written into the io block and
//           npwChainContacts2 called directly (steady minus raw = the JS wrapper's part)
// jsdir: another build's js/ directory (its narrowphase.mjs, layout.mjs and wasm), for A/B counts.
const [shapeName = 'box', mode = 'steady', itersText = '0', nText = '1000', dir = '../js'] = process.argv.slice(2);
const { init } = await import(new URL(dir + '/narrowphase.mjs', import.meta.url));
const L = await import(new URL(dir + '/layout.mjs', import.meta.url));
const np = await init();
const n = Number(nText);
const terrainY = (i) => (1.5 * Math.abs((i % 80) - 40)) / 40 + (0.6 * Math.abs((i % 18) - 9)) / 9;
let s = 12345;
const rand = () => {
	s = (Math.imul(s, 1103515245) + 12345) >>> 0;
	return s / 4294967296;
};
const N = 1024;
const poses = [];
for (let k = 0; k < N; k++) {
	const x = 2 + (n - 4) * rand();
	const i = Math.floor(n - x);
	const t = n - i - x;
	const y = terrainY(i) + t * (terrainY(i + 1) - terrainY(i));
	poses.push({ x, y: y + 0.45, angle: 0.3 * (2 * rand() - 1) });
}
const pts = new Float64Array(2 * (n + 1));
for (let i = 0; i <= n; i++) {
	pts[2 * i] = n - i;
	pts[2 * i + 1] = terrainY(i);
}
const chain = np.chain2d(pts);
const shape = shapeName === 'box' ? np.box2d(0.5, 0.5) : np.circle(0.5);
const xfs = poses.map((p) => ({ position: [p.x, p.y], angle: p.angle }));
const prepared = poses.map((p) => np.transform2d(p.x, p.y, p.angle));
const reuse = { out: [] };
const rt = chain._rt;
const io = rt.io;
const X = L.NPWCH_IO_XF;
const fns = {
	plain: (i) => np.chainContacts(shape, xfs[i], chain).length,
	steady: (i) => np.chainContacts(shape, prepared[i], chain, reuse).length,
	raw: (i) => {
		const t = prepared[i];
		io[X + L.NPW_XF2_X] = t._x;
		io[X + L.NPW_XF2_Y] = t._y;
		io[X + L.NPW_XF2_ANGLE] = t.angle;
		io[X + L.NPW_XF2_COS] = t._c;
		io[X + L.NPW_XF2_SIN] = t._s;
		io[L.NPWCH_IO_CHAIN_COUNT] = 1;
		return rt.exports.npwChainContacts2(shape._ptr, rt.ioPtr, rt.chainOut, rt.limitsChain.maxContacts);
	},
};
const f = fns[mode];
if (!f) throw new Error(`mode must be plain, steady or raw (got ${mode})`);
// raw reuses the io block an API call filled (options, the chain record).
np.chainContacts(shape, prepared[0], chain, reuse);
let sink = 0;
for (let k = 0; k < 40 * N; k++) sink += f(k & (N - 1));
const iterations = Number(itersText);
for (let k = 0; k < iterations * N; k++) sink += f(k & (N - 1));
if (sink === -1) console.log(sink);
