// Two builds side by side in one Node process: every timed case of the Node benchmarks, run for
// build A and build B in turn (A, B, B, A per round), with the median over rounds of the paired
// ratio B/A per case and their geometric mean. For code-size and flag experiments, where only the
// wasm (or the single-file module) differs and a shared machine's load swings the absolute times.
//
//   node --single-threaded-gc bench/ab.mjs OLD.wasm NEW.wasm [rounds]
//   AB_MIN=1 node bench/ab.mjs A.wasm B.wasm      the scripts import narrowphase.min.mjs instead
//       (AB_MIN_A / AB_MIN_B: the min.mjs of each side; default js/narrowphase.min.mjs)
//   AB_ONLY=node_bench,cast_bench2d ...          only these scripts
//
// How: each side gets a copy of js/ (with its wasm) and of the bench scripts in a temporary folder,
// where timing.mjs's time(fn) only collects fn, dispose() calls are dropped (the cases stay alive)
// and the peers are not loaded; each script is then imported once per side, and the collected
// cases are paired by order (the two sides run the same scripts, so they collect the same cases).
// Each pair is warmed up, then timed as process CPU time over batches of about 40 ms.
// A/A (the same wasm on both sides) on this 2-core machine: 103 cases, median ratio 0.99,
// 10th-90th percentile 0.96-1.01, extremes 0.85 and 1.11: read single cases with that in mind.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [wasmA, wasmB, roundsArg] = process.argv.slice(2);
if (!wasmA || !wasmB) {
	console.error('usage: node bench/ab.mjs A.wasm B.wasm [rounds]');
	process.exit(2);
}
const ROUNDS = Number(roundsArg || 3);
process.env.BENCH_ROUNDS ??= '1'; // warm_bench: each case once
const SCRIPTS = process.env.AB_ONLY ? process.env.AB_ONLY.split(',')
	: ['node_bench', 'node_bench3d', 'mesh_bench', 'cast_bench2d', 'cast_bench3d', 'chain_bench', 'warm_bench'];
const COLLECTOR = `export const POSES = 1024;
export const RUNS = 1;
export const RUN_MS = 10;
export function time(fn) { globalThis.__abCollect.push(fn); return 1; }
`;

// A side: js/ with its wasm (and min.mjs), the bench scripts importing it, timing.mjs collecting.
function makeSide(dir, wasm, min) {
	cpSync(join(root, 'js'), join(dir, 'js'), { recursive: true, filter: (p) => !p.endsWith('.wasm') });
	copyFileSync(wasm, join(dir, 'js', 'narrowphase.wasm'));
	if (min) copyFileSync(min, join(dir, 'js', 'narrowphase.min.mjs'));
	const bench = join(dir, 'bench');
	cpSync(join(root, 'bench'), bench, { recursive: true, filter: (p) => !p.includes('node_modules') && !p.includes('peers') });
	for (const f of readdirSync(bench).filter((n) => n.endsWith('.mjs'))) {
		let text = readFileSync(join(bench, f), 'utf8').replaceAll('.dispose()', '.constructor');
		if (process.env.AB_MIN) text = text.replaceAll("'../js/narrowphase.mjs'", "'../js/narrowphase.min.mjs'");
		writeFileSync(join(bench, f), text);
	}
	writeFileSync(join(bench, 'timing.mjs'), COLLECTOR);
	writeFileSync(join(bench, 'node_refs.mjs'), 'export default {};\n');
}

async function collect(dir) {
	const cases = [];
	const log = console.log;
	for (const s of SCRIPTS) {
		globalThis.__abCollect = [];
		console.log = () => {};
		try {
			await import(pathToFileURL(join(dir, 'bench', `${s}.mjs`)).href);
		} finally {
			console.log = log;
		}
		cases.push(...globalThis.__abCollect.map((fn, i) => ({ name: `${s}#${i}`, fn })));
	}
	return cases;
}

let sink = 0;
function cpu(fn, n) {
	const c0 = process.cpuUsage();
	for (let k = 0; k < n; k++) sink += fn(k & 1023) ? 1 : 0;
	const c = process.cpuUsage(c0);
	return ((c.user + c.system) * 1000) / n;
}

function warm(fn) {
	const t = performance.now();
	for (let k = 0; performance.now() - t < 150;) for (let j = 0; j < 200; j++) fn(k++ & 1023);
}

function calls40ms(fn) {
	for (let n = 200; ; n *= 4) {
		const t = performance.now();
		for (let k = 0; k < n; k++) fn(k & 1023);
		const dt = performance.now() - t;
		if (dt > 10) return Math.max(200, Math.round((n * 40) / dt));
	}
}

const median = (x) => [...x].sort((a, b) => a - b)[x.length >> 1];
const tmp = mkdtempSync(join(tmpdir(), 'np-ab-'));
try {
	makeSide(join(tmp, 'a'), wasmA, process.env.AB_MIN_A);
	makeSide(join(tmp, 'b'), wasmB, process.env.AB_MIN_B);
	const a = await collect(join(tmp, 'a'));
	const b = await collect(join(tmp, 'b'));
	if (a.length !== b.length) throw new Error(`the two sides collected ${a.length} and ${b.length} cases`);
	console.log(`A ${wasmA}\nB ${wasmB}\n${a.length} cases, ${ROUNDS} rounds of A, B, B, A (CPU time, ns per call; Node ${process.version})`);
	const ratios = [];
	for (let c = 0; c < a.length; c++) {
		warm(a[c].fn);
		warm(b[c].fn);
		const n = calls40ms(a[c].fn);
		const rs = [], ta = [], tb = [];
		for (let r = 0; r < ROUNDS; r++) {
			const a1 = cpu(a[c].fn, n), b1 = cpu(b[c].fn, n), b2 = cpu(b[c].fn, n), a2 = cpu(a[c].fn, n);
			rs.push((b1 + b2) / (a1 + a2));
			ta.push(a1, a2);
			tb.push(b1, b2);
		}
		ratios.push(median(rs));
		console.log(`${a[c].name.padEnd(18)} A ${median(ta).toFixed(0).padStart(9)}  B ${median(tb).toFixed(0).padStart(9)}  B/A ${median(rs).toFixed(3)}`);
	}
	const sorted = [...ratios].sort((x, y) => x - y);
	const gm = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
	console.log(`B/A: geometric mean ${gm.toFixed(3)}, median ${median(ratios).toFixed(3)}, ` +
		`range ${sorted[0].toFixed(3)}-${sorted[sorted.length - 1].toFixed(3)} (load average ${loadavg().map((x) => x.toFixed(1)).join(' ')})`);
	if (sink === -1) console.log(sink);
} finally {
	rmSync(tmp, { recursive: true, force: true });
}
