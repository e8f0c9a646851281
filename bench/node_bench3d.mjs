// Time per 3D query from JavaScript (Node), through narrowphase's JS API.
//
//   node bench/node_bench3d.mjs          (needs js/narrowphase.wasm: make wasm)
//
// Cases (A at the identity, B at one of 1024 fixed pseudo-random poses):
//   box-box manifold        a half-extent 0.5 cube resting on a half-extent 1 cube: B near
//                           (0.1, 1.45, 0.2), turned ~0.4 rad about a near-vertical axis, jittered
//                           (position +-0.05, axis tilt +-0.05, angle +-0.2); 4 points each.
//   box-box, reused result  the same with options.out (the result object is refilled in place).
//   sphere-box manifold     a radius 0.5 sphere over the same cube (1 point).
//   hull-hull penetration   two 32-point hulls (points on a radius-0.5 sphere), B at a random
//                           rotation and an offset of length < 1.05 (mostly overlapping, deep).
//   ... shallow             the same hulls just overlapping (0.001 to 0.05 along a random
//                           direction, as in resting contact).
//   hull-hull overlap       np.overlap (yes or no) on the same two sets of poses, deep and shallow.
// Each measurement is warmed up first (V8 tiers up), then the median of several timed runs of
// process CPU time (robust to other processes on the machine, not to a slower shared core).
import { init } from '../js/narrowphase.mjs';
import { POSES, RUNS, time } from './timing.mjs';

// Deterministic pseudo-random numbers in [0, 1) (a small LCG).
function makeRand(seed) {
	let s = seed >>> 0;
	return () => {
		s = (Math.imul(s, 1103515245) + 12345) >>> 0;
		return s / 4294967296;
	};
}

// Unit quaternion [x, y, z, w] turning by `angle` about `axis`.
function quat(axis, angle) {
	const len = Math.hypot(axis[0], axis[1], axis[2]);
	const s = Math.sin(angle / 2) / len;
	return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

// A uniformly random rotation (Shoemake's method).
function randomQuat(rand) {
	const u1 = rand(), u2 = 2 * Math.PI * rand(), u3 = 2 * Math.PI * rand();
	const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
	return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
}

async function main() {
	const np = await init();
	const rand = makeRand(2024);
	const ground = np.box3d(1, 1, 1);
	const cube = np.box3d(0.5, 0.5, 0.5);
	const ball = np.sphere(0.5);
	const sphereCloud = () => {
		const pts = [];
		for (let i = 0; i < 32; i++) {
			const z = 2 * rand() - 1, t = 2 * Math.PI * rand(), r = Math.sqrt(1 - z * z);
			pts.push([0.5 * r * Math.cos(t), 0.5 * r * Math.sin(t), 0.5 * z]);
		}
		return pts;
	};
	const hullA = np.hull3d(sphereCloud());
	const hullB = np.hull3d(sphereCloud());
	const id = { position: [0, 0, 0], rotation: [0, 0, 0, 1] };

	const resting = [];
	const hover = [];
	const hulls = [];
	for (let i = 0; i < POSES; i++) {
		const j = () => 2 * rand() - 1;
		resting.push({
			position: [0.1 + 0.05 * j(), 1.45 + 0.02 * j(), 0.2 + 0.05 * j()],
			rotation: quat([0.05 * j(), 1, 0.05 * j()], 0.4 + 0.2 * j()),
		});
		hover.push({ position: [0.8 * j(), 1.4 + 0.2 * j(), 0.8 * j()], rotation: randomQuat(rand) });
		// Offset of random direction and length < 1.05 (hull radius sum 1: mostly overlapping).
		const d = randomQuat(rand);
		const len = 1.05 * rand();
		const dl = Math.hypot(d[0], d[1], d[2]) || 1;
		hulls.push({ position: [len * d[0] / dl, len * d[1] / dl, len * d[2] / dl], rotation: randomQuat(rand) });
	}
	// Shallow hull contacts, as in a resting stack: B along a random direction at a random
	// rotation, moved back from first touch (found by bisection on np.overlap) by 0.001 to 0.05.
	const shallow = [];
	for (let i = 0; i < POSES; i++) {
		const d = randomQuat(rand);
		const dl = Math.hypot(d[0], d[1], d[2]) || 1;
		const rotation = randomQuat(rand);
		const at = (t) => ({ position: [t * d[0] / dl, t * d[1] / dl, t * d[2] / dl], rotation });
		let lo = 0, hi = 1.2; // overlapping at lo, apart at hi
		for (let k = 0; k < 50; k++) {
			const mid = 0.5 * (lo + hi);
			if (np.overlap(hullA, id, hullB, at(mid))) lo = mid;
			else hi = mid;
		}
		shallow.push(at(lo - (0.001 + 0.049 * rand())));
	}
	let four = 0;
	for (const tb of resting) four += np.manifold(ground, id, cube, tb).points.length === 4 ? 1 : 0;
	let over = 0;
	for (const tb of hulls) over += np.penetration(hullA, id, hullB, tb) !== null ? 1 : 0;

	const out = np.manifold(ground, id, cube, resting[0]);
	const opts = { out };
	const cases = [
		['box-box manifold', (i) => np.manifold(ground, id, cube, resting[i]).points.length],
		['box-box, reused result', (i) => np.manifold(ground, id, cube, resting[i], opts).points.length],
		['sphere-box manifold', (i) => np.manifold(ground, id, ball, hover[i]).points.length],
		['hull32-hull32 penetration', (i) => (np.penetration(hullA, id, hullB, hulls[i]) !== null ? 1 : 0)],
		['hull32-hull32 penetration, shallow', (i) => (np.penetration(hullA, id, hullB, shallow[i]) !== null ? 1 : 0)],
		['hull32-hull32 overlap', (i) => (np.overlap(hullA, id, hullB, hulls[i]) ? 1 : 0)],
		['hull32-hull32 overlap, shallow', (i) => (np.overlap(hullA, id, hullB, shallow[i]) ? 1 : 0)],
	];

	console.log(`ns per call (CPU time) from Node ${process.version}, median of ${RUNS} runs, ${POSES} poses`);
	console.log(`(box-box: ${four}/${POSES} poses give 4 points; hulls: ${over}/${POSES} poses overlap)`);
	const only = process.env.BENCH_CASES; // e.g. BENCH_CASES=reused,sphere: labels containing a word
	const picked = only ? cases.filter(([label]) => only.split(',').some((w) => label.includes(w))) : cases;
	for (const [label, fn] of picked) console.log(`${label.padEnd(36)}${time(fn).toFixed(0).padStart(8)} ns`);
	for (const s of [ground, cube, ball, hullA, hullB]) s.dispose();
}

await main();
