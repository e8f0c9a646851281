// Old-vs-new A/B of the 2D casts from Node in one process: two builds of the library (each a
// directory holding js/ with its narrowphase.wasm) timed in turn on the cast_bench2d.mjs cases,
// PAIRS adjacent pairs, the median of the new/old ratios printed per case. For speed work:
//
//   node --single-threaded-gc bench/cast_ab2d.mjs /tmp/old-checkout /path/to/new-checkout [pairs]
//
// Each build's own JS is loaded (a wrapper change is measured too). A benchmark, not a test.
import { pathToFileURL } from 'node:url';
import { time } from './timing.mjs';
import { apiInputs, makeCases } from './cast_bench2d.mjs';

const [oldDir, newDir, pairsArg] = process.argv.slice(2);
const PAIRS = Number(pairsArg || 9);

async function load(dir) {
	const { init } = await import(pathToFileURL(`${dir}/js/narrowphase.mjs`).href);
	const np = await init();
	const box = np.box2d(0.5, 0.5);
	const { from, translation, target, sweepA, sweepB, loose } = apiInputs(makeCases());
	return {
		cast: (i) => { const h = np.shapeCast(box, from[i], translation[i], box, target[i]); return h ? h.fraction : 2; },
		toi: (i) => np.timeOfImpact(box, sweepA[i], box, sweepB[i]).fraction,
		toiLoose: (i) => np.timeOfImpact(box, sweepA[i], box, sweepB[i], loose).fraction,
	};
}

const builds = [await load(oldDir), await load(newDir)];
for (const key of ['cast', 'toi', 'toiLoose']) {
	const ratios = [], olds = [], news = [];
	for (let p = 0; p < PAIRS; p++) {
		const first = p & 1; // alternate which build goes first
		const t = [0, 0];
		t[first] = time(builds[first][key]);
		t[1 - first] = time(builds[1 - first][key]);
		olds.push(t[0]);
		news.push(t[1]);
		ratios.push(t[1] / t[0]);
	}
	const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
	console.log(`${key.padEnd(10)} old ${med(olds).toFixed(0)} ns  new ${med(news).toFixed(0)} ns  median new/old ${med(ratios).toFixed(3)} (${PAIRS} pairs)`);
}
