// Two builds' np.chainContacts side by side in one Node process: the box resting on
// bench/chain_bench.mjs's terrain (same terrain and poses), plain form ({ position, angle }, new
// result objects) and steady form (np.transform2d + options.out), each build timed in turn within
// every round (the order flips each round), medians over rounds. Unlike bench/ab.mjs, which swaps
// only the wasm under one js/, each side here is a whole js/ directory (its narrowphase.mjs,
// layout and wasm), so changes to the JS wrapper and the io layout compare too.
//
//   node --no-concurrent-recompilation --single-threaded-gc bench/chain_ab.mjs OLD_JS_DIR NEW_JS_DIR
//   ROUNDS=5 (default), SIZES=1000,10000,100000 (default); BENCH_RUNS / BENCH_RUN_MS as timing.mjs
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { time } from './timing.mjs';
import { makePoses, terrainY } from './chainscene.mjs';

const dirs = process.argv.slice(2);
if (dirs.length < 2) {
	console.error('usage: node bench/chain_ab.mjs OLD_JS_DIR NEW_JS_DIR');
	process.exit(2);
}
const nps = [];
for (const d of dirs) nps.push(await (await import(pathToFileURL(resolve(d, 'narrowphase.mjs')).href)).init());
const ROUNDS = Number(process.env.ROUNDS || 5);
const med = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
console.log(`np.chainContacts, box on the terrain, ${dirs.map((d, i) => `[${i}] ${d}`).join('  ')}; ns per call, median of ${ROUNDS} rounds`);
for (const n of (process.env.SIZES || '1000,10000,100000').split(',').map(Number)) {
	const pts = new Float64Array(2 * (n + 1));
	for (let i = 0; i <= n; i++) {
		pts[2 * i] = n - i;
		pts[2 * i + 1] = terrainY(i);
	}
	const poses = makePoses(n);
	const cases = nps.map((np) => {
		const chain = np.chain2d(pts);
		const box = np.box2d(0.5, 0.5);
		const xfs = poses.map((p) => ({ position: [p.x, p.y], angle: p.angle }));
		const prepared = poses.map((p) => np.transform2d(p.x, p.y, p.angle));
		const reuse = { out: [] };
		return {
			plain: (i) => np.chainContacts(box, xfs[i], chain).length,
			steady: (i) => np.chainContacts(box, prepared[i], chain, reuse).length,
		};
	});
	const res = cases.map(() => ({ plain: [], steady: [] }));
	for (let r = 0; r < ROUNDS; r++) {
		const order = r % 2 ? [...cases.keys()].reverse() : [...cases.keys()];
		for (const c of order) res[c].plain.push(time(cases[c].plain));
		for (const c of order) res[c].steady.push(time(cases[c].steady));
	}
	console.log(`${String(n).padStart(7)} segments  ` +
		res.map((r, c) => `[${c}] plain ${med(r.plain).toFixed(1).padStart(6)}  transform2d + out ${med(r.steady).toFixed(1).padStart(6)}`).join('    '));
}
