// The timing loop shared by the Node benchmarks (node_bench.mjs, node_bench3d.mjs, mesh_bench.mjs).
// Settings from the environment: BENCH_RUNS (default 7), BENCH_RUN_MS (default 200).

/** Number of prepared poses each case cycles through (a power of two). */
export const POSES = 1024;
export const RUNS = Number(process.env.BENCH_RUNS || 7);
export const RUN_MS = Number(process.env.BENCH_RUN_MS || 200);

/**
 * ns per call of fn(i), i cycling over the POSES poses: median of RUNS runs of about RUN_MS each,
 * after 300 ms of warm-up (V8's first tiers are several times slower). Measures the CPU time of
 * this process, not wall time: on a shared machine the time spent descheduled would otherwise count.
 */
export function time(fn) {
	let sink = 0;
	const mask = POSES - 1;
	const warm = performance.now();
	for (let i = 0; performance.now() - warm < 300; i++) {
		for (let k = 0; k < 1000; k++) sink += fn((i * 1000 + k) & mask);
	}
	// Calibrate the batch so one run lasts about RUN_MS.
	let batch = 1000;
	for (;;) {
		const t0 = performance.now();
		for (let k = 0; k < batch; k++) sink += fn(k & mask);
		const dt = performance.now() - t0;
		if (dt > 20) {
			batch = Math.max(1000, Math.round((batch * RUN_MS) / dt));
			break;
		}
		batch *= 4;
	}
	const samples = [];
	for (let r = 0; r < RUNS; r++) {
		const c0 = process.cpuUsage();
		for (let k = 0; k < batch; k++) sink += fn(k & mask);
		const c1 = process.cpuUsage(c0);
		samples.push(((c1.user + c1.system) * 1000) / batch);
	}
	samples.sort((a, b) => a - b);
	if (sink === -1) console.log(sink); // keeps the results alive
	return samples[samples.length >> 1];
}
