// Time per query from JavaScript (Node): narrowphase through its JS API, and, when installed
// (bench/package.json, see bench/node_refs.mjs), planck and box2d-wasm on the same cases.
//
//   node bench/node_bench.mjs            (needs js/narrowphase.wasm: make wasm)
//
// Cases, all with shape A at the identity and B at one of 1024 fixed pseudo-random poses near A
// (most of them touching): box-box manifold, regular 8-gon vs 8-gon manifold, box-circle manifold
// and 8-gon overlap. Boxes have half extent 0.5, the 8-gon circumradius 0.5, the circle radius 0.5.
// Each measurement is warmed up first (V8 tiers up), then the median of several timed runs of
// process CPU time (robust to other processes on the machine, not to a slower shared core).
import { init } from '../js/narrowphase.mjs';
import { POSES, RUNS, time } from './timing.mjs';

// Deterministic poses (a small LCG), so every library sees the same inputs.
function makePoses(n) {
	let s = 12345;
	const rand = () => {
		s = (Math.imul(s, 1103515245) + 12345) >>> 0;
		return s / 4294967296;
	};
	const poses = [];
	for (let i = 0; i < n; i++) {
		poses.push({ x: -0.9 + 1.8 * rand(), y: -0.9 + 1.8 * rand(), angle: Math.PI * (2 * rand() - 1) });
	}
	return poses;
}

async function loadNarrowphase() {
	const np = await init();
	const box = np.box2d(0.5, 0.5);
	const octPts = [];
	for (let i = 0; i < 8; i++) {
		const a = (2 * Math.PI * i) / 8;
		octPts.push([0.5 * Math.cos(a), 0.5 * Math.sin(a)]);
	}
	const oct = np.polygon2d(octPts);
	const circle = np.circle(0.5);
	const id = { position: [0, 0], angle: 0 };
	const xfs = (poses) => poses.map((p) => ({ position: [p.x, p.y], angle: p.angle }));
	const prepared = (poses) => poses.map((p) => np.transform2d(p.x, p.y, p.angle));
	const idp = np.transform2d(0, 0, 0);
	return {
		name: 'narrowphase (this)',
		boxBox: (poses) => { const xf = xfs(poses); return (i) => np.manifold(box, id, box, xf[i]).points.length; },
		boxBoxOut: (poses) => {
			const xf = xfs(poses);
			const opts = { out: { normal: [0, 0], points: [] } };
			return (i) => np.manifold(box, id, box, xf[i], opts).points.length;
		},
		octOctOut: (poses) => {
			const xf = xfs(poses);
			const opts = { out: { normal: [0, 0], points: [] } };
			return (i) => np.manifold(oct, id, oct, xf[i], opts).points.length;
		},
		octOct: (poses) => { const xf = xfs(poses); return (i) => np.manifold(oct, id, oct, xf[i]).points.length; },
		circleBox: (poses) => { const xf = xfs(poses); return (i) => np.manifold(box, id, circle, xf[i]).points.length; },
		octOverlap: (poses) => { const xf = xfs(poses); return (i) => (np.overlap(oct, id, oct, xf[i]) ? 1 : 0); },
		// Prepared transforms (np.transform2d: the rotation made once, as the references' are).
		boxBoxPrepared: (poses) => { const xf = prepared(poses); return (i) => np.manifold(box, idp, box, xf[i]).points.length; },
		circleBoxPrepared: (poses) => { const xf = prepared(poses); return (i) => np.manifold(box, idp, circle, xf[i]).points.length; },
		octOverlapPrepared: (poses) => { const xf = prepared(poses); return (i) => (np.overlap(oct, idp, oct, xf[i]) ? 1 : 0); },
		// One np.manifoldBatch call over all the poses, per pair.
		boxBoxBatch: (poses) => {
			const n = poses.length;
			const ta = new Float64Array(3 * n), tb = new Float64Array(poses.flatMap((p) => [p.x, p.y, p.angle]));
			const sa = new Array(n).fill(box);
			const out = np.manifoldBatch(sa, ta, sa, tb);
			let k = 0;
			return () => ((k++ & (n - 1)) === 0 ? np.manifoldBatch(sa, ta, sa, tb, { out }).pointCount[0] : 0);
		},
	};
}

const CASES = [
	['boxBox', 'box-box manifold'],
	['octOct', '8-gon vs 8-gon manifold'],
	['circleBox', 'box-circle manifold'],
	['octOverlap', '8-gon overlap'],
	['boxBoxOut', 'box-box, reused result'],
	['octOctOut', '8-gon, reused result'],
	['boxBoxPrepared', 'box-box, transform2d'],
	['circleBoxPrepared', 'box-circle, transform2d'],
	['octOverlapPrepared', '8-gon overlap, transform2d'],
	['boxBoxBatch', 'box-box, manifoldBatch'],
];

async function main() {
	const poses = makePoses(POSES);
	const libs = [await loadNarrowphase()];
	if (process.env.BENCH_REFS !== '0') {
		try {
			const refs = await import('./node_refs.mjs');
			for (const load of [refs.loadBox2dWasm, refs.loadPlanck]) {
				try {
					libs.push(await load());
				} catch (e) {
					console.log(`(reference skipped: ${e.message.split('\n')[0]})`);
				}
			}
		} catch (e) {
			console.log(`(references skipped: ${e.message.split('\n')[0]})`);
		}
	}

	console.log(`ns per call (CPU time) from Node ${process.version}, median of ${RUNS} runs, ${POSES} poses`);
	const width = Math.max(...libs.map((l) => l.name.length));
	console.log(`${'case'.padEnd(26)}${libs.map((l) => l.name.padStart(width + 2)).join('')}`);
	for (const [key, label] of CASES) {
		let line = label.padEnd(26);
		for (const lib of libs) {
			const make = lib[key];
			const cell = make ? `${time(make(poses)).toFixed(0)} ns` : '-';
			line += cell.padStart(width + 2);
		}
		console.log(line);
	}
}

await main();
