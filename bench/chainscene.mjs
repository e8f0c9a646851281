// The chain benchmarks' scene (bench/chain_bench.mjs, bench/chain_ab.mjs): a hilly terrain listed
// right to left (so it faces up) and the seeded poses of a box resting on it.
import { POSES } from './timing.mjs';

/** Terrain height at point i: two triangle waves (periods 80 and 18). */
export const terrainY = (i) => (1.5 * Math.abs((i % 80) - 40)) / 40 + (0.6 * Math.abs((i % 18) - 9)) / 9;

/** POSES seeded poses { x, y, angle } of a box of half extent 0.5 resting on an n-segment terrain. */
export function makePoses(n) {
	let s = 12345;
	const rand = () => {
		s = (Math.imul(s, 1103515245) + 12345) >>> 0;
		return s / 4294967296;
	};
	const poses = [];
	for (let k = 0; k < POSES; k++) {
		const x = 2 + (n - 4) * rand();
		const i = Math.floor(n - x);
		const t = n - i - x;
		const y = terrainY(i) + t * (terrainY(i + 1) - terrainY(i));
		poses.push({ x, y: y + 0.45, angle: 0.3 * (2 * rand() - 1) });
	}
	return poses;
}
