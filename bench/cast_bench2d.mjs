// 2D casts from JavaScript (Node): np.shapeCast and np.timeOfImpact next to planck's ShapeCast and
// TimeOfImpact (pure JS, Box2D 2.4's algorithms; bench/package.json), on the same 1,024 cases as
// bench/cast_bench2d.cpp (the same LCG draws them), each timed by bench/timing.mjs (warm-up, then
// the median of several runs of process CPU time) in one process.
//
//   node bench/cast_bench2d.mjs            (needs js/narrowphase.wasm: make wasm)
//
// narrowphase builds a complete JS result (arrays for the points and normal) on every call; planck
// fills preallocated output objects. planck's polygons get radius 0, as ours; its time of impact
// stops 3 linear slops (1.5 cm) short of contact with a tolerance of 1.25 mm, ours by default at
// 1e-9 of the scale: the table also times ours with planck's target and tolerance.
import { pathToFileURL } from 'node:url';
import { init } from '../js/narrowphase.mjs';
import { POSES, RUNS, time } from './timing.mjs';

let s = 12345;
const rand01 = () => {
	s = (Math.imul(s, 1103515245) + 12345) >>> 0;
	return s / 4294967296;
};

/** The 1,024 casts and times of impact (the same draws as cast_bench2d.cpp); cast_ab2d.mjs shares them. */
export function makeCases() {
	s = 12345;
	const casts = [], tois = [];
	for (let i = 0; i < POSES; i++) {
		const phi = 2 * Math.PI * rand01();
		const x = 3 * Math.cos(phi), y = 3 * Math.sin(phi);
		const angle = Math.PI * (2 * rand01() - 1);
		const dx = -1.5 * x + (2 * rand01() - 1), dy = -1.5 * y + (2 * rand01() - 1);
		casts.push({ x, y, angle, dx, dy, targetAngle: Math.PI * (2 * rand01() - 1) });
	}
	for (let i = 0; i < POSES; i++) {
		const phi = 2 * Math.PI * rand01();
		const x0 = 3 * Math.cos(phi), y0 = 3 * Math.sin(phi);
		const a0 = Math.PI * (2 * rand01() - 1);
		const a1 = a0 + 4 * (2 * rand01() - 1);
		const x1 = -x0 + (2 * rand01() - 1), y1 = -y0 + (2 * rand01() - 1);
		const bx = 0.3 * (2 * rand01() - 1), by = 0.3 * (2 * rand01() - 1);
		const b0 = Math.PI * (2 * rand01() - 1);
		tois.push({ x0, y0, a0, x1, y1, a1, bx, by, b0, b1: b0 + 4 * (2 * rand01() - 1) });
	}
	return { casts, tois };
}

/** The cases as narrowphase's JS API takes them (plain transforms and sweeps); cast_ab2d.mjs shares them. */
export function apiInputs({ casts, tois }) {
	return {
		from: casts.map((c) => ({ position: [c.x, c.y], angle: c.angle })),
		translation: casts.map((c) => [c.dx, c.dy]),
		target: casts.map((c) => ({ position: [0, 0], angle: c.targetAngle })),
		sweepA: tois.map((t) => ({ from: { position: [t.x0, t.y0], angle: t.a0 }, to: { position: [t.x1, t.y1], angle: t.a1 } })),
		sweepB: tois.map((t) => ({ from: { position: [t.bx, t.by], angle: t.b0 }, to: { position: [t.bx, t.by], angle: t.b1 } })),
		loose: { targetDistance: 0.005, tolerance: 0.00125 },
	};
}

async function loadNarrowphase({ casts, tois }) {
	const np = await init();
	const box = np.box2d(0.5, 0.5);
	const { from, translation, target, sweepA, sweepB, loose } = apiInputs({ casts, tois });
	const positions = new Float64Array(casts.flatMap((c) => [c.x, c.y]));
	const translations = new Float64Array(casts.flatMap((c) => [c.dx, c.dy]));
	const out = new Float64Array(8 * casts.length);
	let states = { hit: 0, separated: 0, overlapped: 0, failed: 0 };
	for (let i = 0; i < tois.length; i++) states[np.timeOfImpact(box, sweepA[i], box, sweepB[i]).state]++;
	return {
		name: 'narrowphase (this)',
		states,
		cast: (i) => { const h = np.shapeCast(box, from[i], translation[i], box, target[i]); return h ? h.fraction : 2; },
		castMany: () => {
			// One call for all 1,024 casts at angle 0 against the box at angle 0 (per-cast figure).
			let n = 0;
			return (i) => ((i & (POSES - 1)) === 0 ? (n = np.shapeCastMany(box, positions, translations, box, null, out)) : n);
		},
		toi: (i) => np.timeOfImpact(box, sweepA[i], box, sweepB[i]).fraction,
		toiLoose: (i) => np.timeOfImpact(box, sweepA[i], box, sweepB[i], loose).fraction,
	};
}

async function loadPlanck({ casts, tois }) {
	const planck = await import('planck');
	const P = planck.default ?? planck;
	const shape = new P.Box(0.5, 0.5);
	shape.m_radius = 0;
	const input = new P.ShapeCastInput();
	const output = new P.ShapeCastOutput();
	input.proxyA.set(shape, 0);
	input.proxyB.set(shape, 0);
	const xfA = casts.map((c) => new P.Transform(new P.Vec2(0, 0), c.targetAngle));
	const xfB = casts.map((c) => new P.Transform(new P.Vec2(c.x, c.y), c.angle));
	const translation = casts.map((c) => new P.Vec2(c.dx, c.dy));
	const toiIn = new P.TOIInput();
	const toiOut = new P.TOIOutput();
	toiIn.proxyA.set(shape, 0);
	toiIn.proxyB.set(shape, 0);
	toiIn.tMax = 1;
	const sweep = (x0, y0, a0, x1, y1, a1) => {
		const w = new P.Sweep();
		w.localCenter.setZero();
		w.c0.set(x0, y0);
		w.c.set(x1, y1);
		w.a0 = a0;
		w.a = a1;
		w.alpha0 = 0;
		return w;
	};
	const sweepA = tois.map((t) => sweep(t.x0, t.y0, t.a0, t.x1, t.y1, t.a1));
	const sweepB = tois.map((t) => sweep(t.bx, t.by, t.b0, t.bx, t.by, t.b1));
	const run = (i) => {
		toiIn.sweepA.set(sweepA[i]);
		toiIn.sweepB.set(sweepB[i]);
		P.TimeOfImpact(toiOut, toiIn);
		return toiOut;
	};
	const states = { touching: 0, separated: 0, overlapped: 0, failed: 0, other: 0 };
	for (let i = 0; i < tois.length; i++) {
		const st = run(i).state;
		const name = { 1: 'failed', 2: 'overlapped', 3: 'touching', 4: 'separated' }[st] || 'other';
		states[name]++;
	}
	return {
		name: 'planck 1.5',
		states,
		cast: (i) => {
			input.transformA.set(xfA[i]);
			input.transformB.set(xfB[i]);
			input.translationB.set(translation[i]);
			return P.ShapeCast(output, input) ? output.lambda : 2;
		},
		toi: (i) => run(i).t,
	};
}

const CASES = [
	['cast', 'box cast against box'],
	['castMany', 'box casts, shapeCastMany (per cast)'],
	['toi', 'TOI spinning boxes'],
	['toiLoose', "TOI, planck's target and tolerance"],
];

async function main() {
	const cases = makeCases();
	const libs = [await loadNarrowphase(cases)];
	try {
		libs.push(await loadPlanck(cases));
	} catch (e) {
		console.log(`(planck skipped: ${e.message.split('\n')[0]})`);
	}
	console.log(`2D casts: ns per call (CPU time) from Node ${process.version}, median of ${RUNS} runs, ${POSES} cases`);
	for (const lib of libs) console.log(`  time-of-impact states, ${lib.name}: ${JSON.stringify(lib.states)}`);
	const width = Math.max(...libs.map((l) => l.name.length));
	console.log(`${'case'.padEnd(38)}${libs.map((l) => l.name.padStart(width + 2)).join('')}`);
	for (const [key, label] of CASES) {
		let line = label.padEnd(38);
		for (const lib of libs) {
			const fn = key === 'castMany' && lib[key] ? lib[key]() : lib[key];
			line += (fn ? `${time(fn).toFixed(0)} ns` : '-').padStart(width + 2);
		}
		console.log(line);
	}
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
