// Time per ray cast from JavaScript (Node): narrowphase's np.rayCast (one ray per call),
// np.rayCastMany (10,000 rays in one call) and np.rayBatch's cast (the same 10,000 rays kept in
// wasm memory: no copies in or out) next to the peers on the same rays, in the same run:
// three-mesh-bvh's raycastFirst (front faces only, the same mesh as a three.js BufferGeometry with
// computeBoundsTree), Rapier's castRay (3D: cuboid, convex hull, ball and trimesh colliders; 2D: a
// cuboid collider) and planck's PolygonShape.rayCast (2D box).
//
//   node bench/ray_bench.mjs          (needs js/narrowphase.wasm: make wasm; the peers: make setup-bench)
//   RAY_BENCH_BASE=/path/to/old/js/narrowphase.mjs node bench/ray_bench.mjs
//                                     (also: an older build, its wasm beside it, against this one:
//                                      before / after, interleaved, with three-mesh-bvh for the mesh)
//   RAY_BENCH_AB_ONLY=1 RAY_BENCH_BASE=...   only those before / after pairs, convex targets only
//
// The shapes and the 10,000 rays per target are those of bench/ray_bench.c (the same generator; the
// "rays checksum" printed by both shows it): a 2D box, a 3D box, a hull of 32 points on the unit
// sphere and a unit sphere, placed off the origin and turned, with rays from 2.5 to 4 away aimed
// within 1.6 of the centre (45 to 80 % hit); and a 200 x 200 height field (80,000 triangles, front
// faces up) with rays from above, some beside the field or stopping short of it (55 % hit). Every
// input number is rounded to a float, so the single-precision peer (Rapier) sees the same geometry
// and rays as the double-precision ones.
// Every peer's answers are compared with ours ray by ray: hit or miss, and the fraction (Rapier's
// time of impact; three's distance over the direction's length). Disagreements are counted and
// printed as information, not failures (Rapier computes in float32). Ours single and ours many
// must agree exactly.
// Times are process CPU time per ray: median of BENCH_RUNS (default 7) runs of about BENCH_RUN_MS
// (default 200) ms each, after a warm-up; peers are called the way their documentation shows,
// with their inputs (ray objects, vectors) prepared outside the timed loop, as ours are.
import { init } from '../js/narrowphase.mjs';
import { RUNS, RUN_MS } from './timing.mjs';

const RAYS = 10000;
const GRID = 200;
const HULL_POINTS = 32;
const CENTRE = [0.25, -0.5, 0.75];
const ROTATION = [0.5, 0.5, 0.5, 0.5]; // 120 degrees about (1, 1, 1)
const ANGLE_2D = 0.5;
const BOX_HALF = [1.0, 0.5, 0.75];
const AGREE_F64 = 1e-9; // fraction tolerance for double-precision peers
const AGREE_F32 = 1e-4; // and for Rapier (float32)

// ------------------------------------------------------------------------------------------------
// The scene, drawn exactly as bench/ray_bench.c draws it.

let lcg = 12345;
const rand01 = () => {
	lcg = (Math.imul(lcg, 1103515245) + 12345) >>> 0;
	return lcg / 4294967296;
};
const uniform = (lo, hi) => lo + (hi - lo) * rand01();
const f = Math.fround;

function inBall() {
	for (;;) {
		const x = uniform(-1, 1), y = uniform(-1, 1), z = uniform(-1, 1);
		const d = x * x + y * y + z * z;
		if (d <= 1.0 && d > 1e-6) return [x, y, z];
	}
}

// Rays at a convex shape centred at `centre`: origins and directions, RAYS x dim, as rayCastMany takes them.
function convexRays(centre, dim) {
	const origins = new Float64Array(RAYS * dim), directions = new Float64Array(RAYS * dim);
	for (let i = 0; i < RAYS; i++) {
		const u = inBall(), aim = inBall();
		if (dim === 2) u[2] = aim[2] = 0.0;
		const r = uniform(2.5, 4.0) / Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
		for (let k = 0; k < dim; k++) {
			const origin = centre[k] + r * u[k], target = centre[k] + 1.6 * aim[k];
			origins[dim * i + k] = f(origin);
			directions[dim * i + k] = f(1.5 * (target - origin));
		}
	}
	return { origins, directions, dim };
}

// A parabolic wave along each axis, from +, * and / only (identical in C and JavaScript).
function wave(x, period) {
	const u = 2.0 * (x / period - Math.floor(x / period)) - 1.0;
	return 4.0 * u * (1.0 - Math.abs(u));
}
const height = (i, j) => f(1.5 * wave(i, 57.0) * wave(j, 41.0) + 0.5 * wave(i + j, 13.0));

function meshRays() {
	const origins = new Float64Array(RAYS * 3), directions = new Float64Array(RAYS * 3);
	for (let i = 0; i < RAYS; i++) {
		const ox = uniform(-10, GRID + 10), oy = uniform(-10, GRID + 10), oz = uniform(3, 8);
		const tx = ox + uniform(-10, 10), ty = oy + uniform(-10, 10), tz = uniform(-4, 2);
		origins.set([f(ox), f(oy), f(oz)], 3 * i);
		directions.set([f(tx - ox), f(ty - oy), f(tz - oz)], 3 * i);
	}
	return { origins, directions, dim: 3 };
}

function field() {
	const n = GRID + 1;
	const vertices = new Float64Array(3 * n * n);
	for (let j = 0; j < n; j++) {
		for (let i = 0; i < n; i++) vertices.set([i, j, height(i, j)], 3 * (j * n + i));
	}
	const indices = new Uint32Array(6 * GRID * GRID);
	for (let j = 0, t = 0; j < GRID; j++) {
		for (let i = 0; i < GRID; i++, t++) {
			const a = j * n + i, b = a + 1, c = a + n, d = c + 1;
			indices.set([a, b, d, a, d, c], 6 * t); // counter-clockwise from above: front faces up
		}
	}
	return { vertices, indices };
}

function checksum(rays) {
	let sum = 0.0;
	const { origins: o, directions: d, dim } = rays;
	for (let i = 0; i < RAYS; i++) {
		const oz = dim === 3 ? o[3 * i + 2] : 0, dz = dim === 3 ? d[3 * i + 2] : 0;
		sum += o[dim * i] + 2.0 * o[dim * i + 1] + 3.0 * oz + 5.0 * d[dim * i] + 7.0 * d[dim * i + 1] + 11.0 * dz;
	}
	return sum;
}

// Order of generation as in ray_bench.c: 2D box rays, 3D box rays, hull points, hull rays, sphere rays, mesh rays.
const rays2d = convexRays([CENTRE[0], CENTRE[1], 0], 2);
const raysBox = convexRays(CENTRE, 3);
const hullPoints = new Float64Array(3 * HULL_POINTS);
for (let i = 0; i < HULL_POINTS; i++) {
	const u = inBall(), s = 1.0 / Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
	hullPoints.set([f(s * u[0]), f(s * u[1]), f(s * u[2])], 3 * i);
}
const raysHull = convexRays(CENTRE, 3);
const raysSphere = convexRays(CENTRE, 3);
const raysMesh = meshRays();
const grid = field();

// ------------------------------------------------------------------------------------------------
// Timing and comparison.

/** ns per ray: castAll() casts every ray once; median of RUNS runs of about RUN_MS, after 300 ms of warm-up. */
function timeRays(castAll) {
	let sink = 0;
	const warm = performance.now();
	let passes = 0;
	while (performance.now() - warm < 300) {
		sink += castAll();
		passes++;
	}
	const perPass = 300 / passes;
	const batch = Math.max(1, Math.round(RUN_MS / perPass));
	const samples = [];
	for (let r = 0; r < RUNS; r++) {
		const c0 = process.cpuUsage();
		for (let k = 0; k < batch; k++) sink += castAll();
		const c1 = process.cpuUsage(c0);
		samples.push(((c1.user + c1.system) * 1000) / (batch * RAYS));
	}
	samples.sort((a, b) => a - b);
	if (sink === -1) console.log(sink); // keeps the results alive
	return samples[samples.length >> 1];
}

/** Ray i as small arrays, for the one-ray-per-call APIs (built outside the timed loops). */
function rayArrays(rays) {
	const { origins, directions, dim } = rays;
	const out = [];
	for (let i = 0; i < RAYS; i++) {
		out.push([Array.from(origins.subarray(dim * i, dim * i + dim)), Array.from(directions.subarray(dim * i, dim * i + dim))]);
	}
	return out;
}

/** Counts the rays where `theirs` (fractions, -1 for a miss) disagrees with `ours`. */
function compare(ours, theirs, tolerance) {
	let hitMiss = 0, fraction = 0, maxDelta = 0;
	for (let i = 0; i < RAYS; i++) {
		if ((ours[i] < 0) !== (theirs[i] < 0)) hitMiss++;
		else if (ours[i] >= 0) {
			const delta = Math.abs(ours[i] - theirs[i]);
			maxDelta = Math.max(maxDelta, delta);
			if (delta > tolerance) fraction++;
		}
	}
	return { hitMiss, fraction, maxDelta, tolerance };
}

// ------------------------------------------------------------------------------------------------
// The engines. Each entry: { name, cast(): sink (every ray once, timed), fractions(): Float64Array }.

function ours(np, target, transform, rays, label) {
	if (typeof np.rayCast !== 'function' || typeof np.rayCastMany !== 'function') {
		const why = 'np.rayCast / np.rayCastMany are not in js/narrowphase.mjs (the JS API of issue 12 is not merged)';
		return [{ name: `narrowphase rayCast (${label})`, failed: why }, { name: 'narrowphase rayCastMany', failed: why }];
	}
	const list = rayArrays(rays);
	const out = new Float64Array(RAYS * (2 + 2 * rays.dim));
	const single = {
		name: `narrowphase rayCast (${label})`,
		cast() {
			let sink = 0;
			for (let i = 0; i < RAYS; i++) {
				const hit = np.rayCast(target, transform, list[i][0], list[i][1]);
				if (hit !== null) sink += hit.fraction;
			}
			return sink;
		},
		fractions() {
			const fr = new Float64Array(RAYS);
			for (let i = 0; i < RAYS; i++) {
				const hit = np.rayCast(target, transform, list[i][0], list[i][1]);
				fr[i] = hit === null ? -1 : hit.fraction;
			}
			return fr;
		},
	};
	// The single call refilling one hit (options.out): no result object per ray.
	const reuse = { out: null };
	const singleOut = {
		name: 'narrowphase rayCast, options.out',
		cast() {
			let sink = 0;
			for (let i = 0; i < RAYS; i++) {
				const hit = np.rayCast(target, transform, list[i][0], list[i][1], reuse.out === null ? undefined : reuse);
				if (hit !== null) {
					sink += hit.fraction;
					reuse.out = hit;
				}
			}
			return sink;
		},
		fractions() {
			const fr = new Float64Array(RAYS);
			for (let i = 0; i < RAYS; i++) {
				const hit = np.rayCast(target, transform, list[i][0], list[i][1], reuse.out === null ? undefined : reuse);
				fr[i] = hit === null ? -1 : hit.fraction;
				if (hit !== null) reuse.out = hit;
			}
			return fr;
		},
	};
	const stride = 2 + 2 * rays.dim;
	const many = {
		name: 'narrowphase rayCastMany',
		cast: () => np.rayCastMany(target, transform, rays.origins, rays.directions, out),
		fractions() {
			np.rayCastMany(target, transform, rays.origins, rays.directions, out);
			const fr = new Float64Array(RAYS);
			for (let i = 0; i < RAYS; i++) fr[i] = out[stride * i];
			return fr;
		},
	};
	if (typeof np.rayBatch !== 'function') return [single, singleOut, many];
	// The prepared form: the rays written once into wasm memory (np.rayBatch), cast in place.
	const batch = np.rayBatch(RAYS, rays.dim);
	batch.origins.set(rays.origins);
	batch.directions.set(rays.directions);
	const prepared = {
		name: 'narrowphase rayBatch.cast',
		cast: () => batch.cast(target, transform),
		fractions() {
			batch.cast(target, transform);
			const fr = new Float64Array(RAYS), rec = batch.out;
			for (let i = 0; i < RAYS; i++) fr[i] = rec[stride * i];
			return fr;
		},
	};
	return [single, singleOut, many, prepared];
}

// Rapier: a collider in a world, queried alone (Collider.castRay: no broad phase), one prepared Ray per ray.
function rapierCollider(R, collider, rays, name) {
	const { origins: o, directions: d, dim } = rays;
	const list = [];
	for (let i = 0; i < RAYS; i++) {
		const origin = dim === 3 ? { x: o[3 * i], y: o[3 * i + 1], z: o[3 * i + 2] } : { x: o[2 * i], y: o[2 * i + 1] };
		const dir = dim === 3 ? { x: d[3 * i], y: d[3 * i + 1], z: d[3 * i + 2] } : { x: d[2 * i], y: d[2 * i + 1] };
		list.push(new R.Ray(origin, dir));
	}
	return {
		name,
		tolerance: AGREE_F32,
		cast() {
			let sink = 0;
			for (let i = 0; i < RAYS; i++) sink += collider.castRay(list[i], 1.0, true);
			return sink;
		},
		fractions() {
			const fr = new Float64Array(RAYS);
			for (let i = 0; i < RAYS; i++) {
				const toi = collider.castRay(list[i], 1.0, true);
				fr[i] = toi < 0 ? -1 : toi;
			}
			return fr;
		},
	};
}

function planckBox(P, rays) {
	const shape = new P.Box(BOX_HALF[0], BOX_HALF[1]);
	const xf = new P.Transform(P.Vec2(CENTRE[0], CENTRE[1]), ANGLE_2D);
	const { origins: o, directions: d } = rays;
	const inputs = [];
	for (let i = 0; i < RAYS; i++) {
		const p1 = P.Vec2(o[2 * i], o[2 * i + 1]);
		inputs.push({ p1, p2: P.Vec2(p1.x + d[2 * i], p1.y + d[2 * i + 1]), maxFraction: 1.0 });
	}
	const output = { normal: P.Vec2(0, 0), fraction: 0 };
	return {
		name: 'planck 1.5 PolygonShape.rayCast',
		tolerance: 1e-6, // the segment end o + d is rounded, so fractions agree to ~1e-15 of its length
		cast() {
			let sink = 0;
			for (let i = 0; i < RAYS; i++) if (shape.rayCast(output, inputs[i], xf, 0)) sink += output.fraction;
			return sink;
		},
		fractions() {
			const fr = new Float64Array(RAYS);
			for (let i = 0; i < RAYS; i++) fr[i] = shape.rayCast(output, inputs[i], xf, 0) ? output.fraction : -1;
			return fr;
		},
	};
}

function threeMesh(THREE, BVH, rays) {
	THREE.BufferGeometry.prototype.computeBoundsTree = BVH.computeBoundsTree;
	const geometry = new THREE.BufferGeometry();
	geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(grid.vertices), 3));
	geometry.setIndex(new THREE.BufferAttribute(grid.indices, 1));
	const c0 = process.cpuUsage();
	geometry.computeBoundsTree();
	const c1 = process.cpuUsage(c0);
	const bvh = geometry.boundsTree;
	const { origins: o, directions: d } = rays;
	const list = [];
	for (let i = 0; i < RAYS; i++) {
		const dir = new THREE.Vector3(d[3 * i], d[3 * i + 1], d[3 * i + 2]);
		const length = dir.length();
		// ray.far = maxFraction (1) times the direction's length: three's rays are unit, distances in length units
		list.push({ ray: new THREE.Ray(new THREE.Vector3(o[3 * i], o[3 * i + 1], o[3 * i + 2]), dir.normalize()), far: length, length });
	}
	return {
		name: 'three-mesh-bvh 0.9.17 raycastFirst',
		tolerance: AGREE_F64,
		buildMs: (c1.user + c1.system) / 1000,
		cast() {
			let sink = 0;
			for (let i = 0; i < RAYS; i++) {
				const hit = bvh.raycastFirst(list[i].ray, THREE.FrontSide, 0, list[i].far);
				if (hit) sink += hit.distance;
			}
			return sink;
		},
		fractions() {
			const fr = new Float64Array(RAYS);
			for (let i = 0; i < RAYS; i++) {
				const hit = bvh.raycastFirst(list[i].ray, THREE.FrontSide, 0, list[i].far);
				fr[i] = hit ? hit.distance / list[i].length : -1;
			}
			return fr;
		},
	};
}

async function loadPeers() {
	const peers = {};
	const tryImport = async (name) => {
		try {
			return await import(name);
		} catch (e) {
			console.log(`  (peer ${name} not available: ${e.message.split('\n')[0]}; run make setup-bench)`);
			return null;
		}
	};
	const r3 = await tryImport('@dimforge/rapier3d-compat');
	if (r3) {
		peers.R3 = r3.default ?? r3;
		await peers.R3.init({});
	}
	const r2 = await tryImport('@dimforge/rapier2d-compat');
	if (r2) {
		peers.R2 = r2.default ?? r2;
		await peers.R2.init({});
	}
	const planck = await tryImport('planck');
	if (planck) peers.P = planck.default ?? planck;
	const three = await tryImport('three');
	const bvh = await tryImport('three-mesh-bvh');
	if (three && bvh) {
		peers.THREE = three;
		peers.BVH = bvh;
	}
	return peers;
}

// ------------------------------------------------------------------------------------------------

const np = await init();
const peers = await loadPeers();
const sum = [rays2d, raysBox, raysHull, raysSphere, raysMesh].reduce((s, r) => s + checksum(r), 0);
console.log(`ray casts from Node ${process.version} (CPU time per ray, ${RAYS} rays per target, median of ${RUNS} runs; rays checksum ${sum.toPrecision(17)})`);

const xf2 = { position: [CENTRE[0], CENTRE[1]], angle: ANGLE_2D };
const xf3 = { position: CENTRE, rotation: ROTATION };
const box2 = np.box2d(BOX_HALF[0], BOX_HALF[1]);
const box3 = np.box3d(BOX_HALF[0], BOX_HALF[1], BOX_HALF[2]);
const hull = np.hull3d(hullPoints);
const sphere = np.sphere(1.0);
const c0 = process.cpuUsage();
const mesh = np.mesh3d(grid.vertices, grid.indices);
const c1 = process.cpuUsage(c0);
const meshMs = (c1.user + c1.system) / 1000;

const cases = [{ name: '2D box 2 x 1', engines: ours(np, box2, xf2, rays2d, 'single') }];
const world3 = peers.R3 ? new peers.R3.World({ x: 0, y: 0, z: 0 }) : null;
const placed3 = (desc) => desc.setTranslation(...CENTRE).setRotation({ x: ROTATION[0], y: ROTATION[1], z: ROTATION[2], w: ROTATION[3] });
if (peers.R2) {
	const world2 = new peers.R2.World({ x: 0, y: 0 });
	const desc = peers.R2.ColliderDesc.cuboid(BOX_HALF[0], BOX_HALF[1]).setTranslation(CENTRE[0], CENTRE[1]).setRotation(ANGLE_2D);
	cases[0].engines.push(rapierCollider(peers.R2, world2.createCollider(desc), rays2d, 'Rapier2D 0.21 Collider.castRay (f32)'));
}
if (peers.P) cases[0].engines.push(planckBox(peers.P, rays2d));

const convex3 = [
	['3D box 2 x 1 x 1.5', box3, raysBox, (R) => R.ColliderDesc.cuboid(...BOX_HALF)],
	['hull(32) on the unit sphere', hull, raysHull, (R) => R.ColliderDesc.convexHull(new Float32Array(hullPoints))],
	['sphere r 1', sphere, raysSphere, (R) => R.ColliderDesc.ball(1.0)],
];
for (const [name, shape, rays, desc] of convex3) {
	const c = { name, engines: ours(np, shape, xf3, rays, 'single') };
	if (world3) c.engines.push(rapierCollider(peers.R3, world3.createCollider(placed3(desc(peers.R3))), rays, 'Rapier3D 0.21 Collider.castRay (f32)'));
	cases.push(c);
}
const meshCase = { name: `mesh ${GRID}x${GRID} field (${mesh.triangleCount} triangles)`, engines: ours(np, mesh, null, raysMesh, 'single') };
const notes = [`narrowphase mesh3d built in ${meshMs.toFixed(1)} ms (BVH depth ${mesh.depth})`];
if (peers.THREE) {
	const t = threeMesh(peers.THREE, peers.BVH, raysMesh);
	meshCase.engines.push(t);
	notes.push(`three-mesh-bvh computeBoundsTree (default options) in ${t.buildMs.toFixed(1)} ms`);
}
if (world3) {
	const desc = peers.R3.ColliderDesc.trimesh(new Float32Array(grid.vertices), grid.indices);
	const c2 = process.cpuUsage();
	const collider = world3.createCollider(desc);
	const c3 = process.cpuUsage(c2);
	meshCase.engines.push(rapierCollider(peers.R3, collider, raysMesh, 'Rapier3D 0.21 Collider.castRay trimesh (f32)'));
	notes.push(`Rapier trimesh collider in ${((c3.user + c3.system) / 1000).toFixed(1)} ms`);
}
cases.push(meshCase);
console.log(`  ${notes.join('; ')}`);

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
// RAY_BENCH_AB_ONLY=1 (with RAY_BENCH_BASE): only the before / after pairs of the convex targets.
if (process.env.RAY_BENCH_AB_ONLY && process.env.RAY_BENCH_BASE) {
	await compareWithBase(process.env.RAY_BENCH_BASE, null);
	process.exit(process.exitCode ?? 0);
}
console.log(`  ${pad('target', 38)} ${pad('engine', 46)} ${lpad('ns/ray', 9)} ${lpad('x ours', 7)} ${lpad('hits', 6)}  disagreements with ours (hit/miss; fraction beyond tolerance; largest difference)`);
let failures = 0;
const measured = new Map(); // "target|engine" -> ns per ray, for the targets' summary
for (const c of cases) {
	// The first engine that runs is the reference: ours, or (ours missing) the first peer.
	let reference = null, referenceName = null, oursNs = null;
	for (const e of c.engines) {
		if (e.failed) {
			console.log(`  ${pad(c.name, 38)} ${pad(e.name, 46)} ${lpad('FAILED', 9)}  ${e.failed}`);
			failures++;
			continue;
		}
		const fractions = e.fractions();
		const ns = timeRays(e.cast);
		let hits = 0;
		for (const x of fractions) hits += x >= 0;
		let agreement;
		if (reference === null) {
			reference = fractions;
			referenceName = e.name;
			if (e.name.startsWith('narrowphase')) oursNs = ns;
			agreement = '(the reference)';
		} else if (e.name.startsWith('narrowphase')) {
			let differ = 0;
			for (let i = 0; i < RAYS; i++) differ += !Object.is(fractions[i], reference[i]);
			agreement = differ === 0 ? 'identical to rayCast, bit for bit' : `${differ} fractions differ from rayCast: WRONG`;
			failures += differ > 0;
		} else {
			const d = compare(reference, fractions, e.tolerance);
			const against = referenceName.startsWith('narrowphase') ? '' : ` (vs ${referenceName})`;
			agreement = `${d.hitMiss} hit/miss; ${d.fraction} beyond ${d.tolerance}; max ${d.maxDelta.toExponential(1)}${against}`;
		}
		measured.set(`${c.name}|${e.name}`, ns);
		const ratio = oursNs ? (ns / oursNs).toFixed(2) : '-';
		console.log(`  ${pad(c.name, 38)} ${pad(e.name, 46)} ${lpad(ns.toFixed(1), 9)} ${lpad(ratio, 7)} ${lpad(hits, 6)}  ${agreement}`);
	}
}
// Issue 12's targets: convex shapes under 100 ns per ray single and under 40 ns in rayCastMany;
// mesh rays at most half of three-mesh-bvh's time.
const summary = [];
for (const c of cases.slice(0, 4)) {
	const single = measured.get(`${c.name}|${c.engines[0].name}`), many = measured.get(`${c.name}|narrowphase rayCastMany`);
	const prepared = measured.get(`${c.name}|narrowphase rayBatch.cast`);
	const withOut = measured.get(`${c.name}|narrowphase rayCast, options.out`);
	const batchNote = prepared === undefined ? '' : `, ${prepared.toFixed(0)} ns rayBatch.cast (< 40: ${prepared < 40 ? 'met' : 'not met'})`;
	const outNote = withOut === undefined ? '' : `, ${withOut.toFixed(0)} ns single with options.out (< 100: ${withOut < 100 ? 'met' : 'not met'})`;
	if (single !== undefined) summary.push(`${c.name}: ${single.toFixed(0)} ns single (< 100: ${single < 100 ? 'met' : 'not met'})${outNote}, ${many.toFixed(0)} ns many (< 40: ${many < 40 ? 'met' : 'not met'})${batchNote}`);
}
const threeNs = measured.get(`${meshCase.name}|three-mesh-bvh 0.9.17 raycastFirst`);
const meshSingle = measured.get(`${meshCase.name}|${meshCase.engines[0].name}`), meshMany = measured.get(`${meshCase.name}|narrowphase rayCastMany`);
if (threeNs !== undefined && meshSingle !== undefined) {
	const verdict = (x) => `${(x / threeNs).toFixed(2)} x three-mesh-bvh (<= 0.5: ${x <= 0.5 * threeNs ? 'met' : 'not met'})`;
	summary.push(`mesh: single ${verdict(meshSingle)}, many ${verdict(meshMany)}`);
}
// The mesh target once more, interleaved: one pass of all rays per engine in turn, ours single,
// three-mesh-bvh, ours many, repeated; the ratio of each round's adjacent passes is steadier on a
// shared machine than the separate medians above (load changes between the engines' runs).
const engine = (prefix) => meshCase.engines.find((e) => !e.failed && e.name.startsWith(prefix));
const oursSingle = engine('narrowphase rayCast ('), oursMany = engine('narrowphase rayCastMany'), three = engine('three-mesh-bvh');
if (oursSingle && oursMany && three) {
	const cpu = (cast) => {
		const c0 = process.cpuUsage();
		cast();
		const c = process.cpuUsage(c0);
		return c.user + c.system;
	};
	const ROUNDS = 21;
	const single = [], many = [];
	for (let r = 0; r < ROUNDS; r++) {
		const a = cpu(oursSingle.cast), t = cpu(three.cast), m = cpu(oursMany.cast);
		single.push(a / t);
		many.push(m / t);
	}
	const stats = (x) => {
		x.sort((a, b) => a - b);
		return { median: x[x.length >> 1], low: x[Math.floor(x.length / 4)], high: x[Math.floor((3 * x.length) / 4)] };
	};
	const s1 = stats(single), s2 = stats(many);
	const say = (v) => `${v.median.toFixed(2)} x (quartiles ${v.low.toFixed(2)}-${v.high.toFixed(2)}; <= 0.5: ${v.median <= 0.5 ? 'met' : 'not met'})`;
	summary.push(`mesh, interleaved (${ROUNDS} rounds of one pass each, ours / three-mesh-bvh): single ${say(s1)}, many ${say(s2)}`);
}
if (summary.length) console.log(`  issue 12 targets:\n${summary.map((line) => `    ${line}`).join('\n')}`);
if (process.env.RAY_BENCH_BASE) await compareWithBase(process.env.RAY_BENCH_BASE, three);
for (const s of [box2, box3, hull, sphere, mesh]) s.dispose();

// Before / after: an older build (RAY_BENCH_BASE: its js/narrowphase.mjs) and this one on the same
// targets and rays, one pass of all rays each in turn (and three-mesh-bvh's for the mesh), repeated;
// medians of the passes and of the adjacent passes' ratios (steadier than separate runs on a shared
// machine). The two builds' answers must be identical bit for bit (every record of rayCastMany, the
// fractions of rayCast).
async function compareWithBase(path, threeEngine) {
	const { init: initBase } = await import(path);
	const builds = [await initBase(), np];
	const targets = (n) => [
		['2D box', n.box2d(BOX_HALF[0], BOX_HALF[1]), xf2, rays2d], ['3D box', n.box3d(...BOX_HALF), xf3, raysBox],
		['hull(32)', n.hull3d(hullPoints), xf3, raysHull], ['sphere', n.sphere(1.0), xf3, raysSphere],
		['mesh', n.mesh3d(grid.vertices, grid.indices), null, raysMesh],
	].slice(0, process.env.RAY_BENCH_AB_ONLY ? 4 : 5);
	const made = builds.map((n) => targets(n).map(([name, shape, xf, rays]) => {
		const e = ours(n, shape, xf, rays, 'single');
		const many = e.find((x) => x.name === 'narrowphase rayCastMany');
		return { name, single: e[0], many, prepared: e.find((x) => x.name === 'narrowphase rayBatch.cast') ?? many, shape, xf, rays, n };
	}));
	const ROUNDS = 16;
	const cpu = (cast) => {
		const c0 = process.cpuUsage();
		cast();
		const c = process.cpuUsage(c0);
		return ((c.user + c.system) * 1000) / RAYS;
	};
	const median = (x) => [...x].sort((a, b) => a - b)[x.length >> 1];
	console.log(`  before (${path}) / after (this build), interleaved: ${ROUNDS} rounds of one pass each, ns per ray (medians) and the median of after / before`);
	let differ = 0;
	for (let t = 0; t < made[0].length; t++) {
		const [a, b] = [made[0][t], made[1][t]];
		const stride = 2 + 2 * a.rays.dim;
		const outA = new Float64Array(RAYS * stride), outB = new Float64Array(RAYS * stride);
		a.n.rayCastMany(a.shape, a.xf, a.rays.origins, a.rays.directions, outA);
		b.n.rayCastMany(b.shape, b.xf, b.rays.origins, b.rays.directions, outB);
		const fa = a.single.fractions(), fb = b.single.fractions();
		for (let i = 0; i < outA.length; i++) differ += !Object.is(outA[i], outB[i]);
		for (let i = 0; i < RAYS; i++) differ += !Object.is(fa[i], fb[i]);
		for (const kind of ['single', 'many', 'prepared']) {
			const withThree = a.name === 'mesh' && threeEngine;
			const before = [], after = [], ratio = [], peer = [], vsPeer = [];
			for (let w = 0; w < 3; w++) a[kind].cast(), b[kind].cast();
			for (let r = 0; r < ROUNDS; r++) {
				// Before and after in turn, the first of the pair alternating. An A/A run (this build
				// against a copy of itself, load average 4.5-6) gave 0.88-1.10 per cell: read single
				// cells with that in mind.
				let x, y;
				if (r & 1) y = cpu(b[kind].cast), x = cpu(a[kind].cast);
				else x = cpu(a[kind].cast), y = cpu(b[kind].cast);
				before.push(x);
				after.push(y);
				ratio.push(y / x);
				if (withThree) {
					const z = cpu(threeEngine.cast);
					peer.push(z);
					vsPeer.push(y / z);
				}
			}
			let line = `    ${pad(a.name, 10)} ${pad({ single: 'rayCast', many: 'rayCastMany', prepared: 'rayBatch' }[kind], 12)} before ${lpad(median(before).toFixed(1), 7)}  after ${lpad(median(after).toFixed(1), 7)}  after/before ${median(ratio).toFixed(2)}`;
			if (withThree) line += `  three-mesh-bvh ${median(peer).toFixed(1)}  after/three ${median(vsPeer).toFixed(2)}`;
			console.log(line);
		}
	}
	console.log(`    answers of the two builds: ${differ === 0 ? 'identical bit for bit' : `${differ} numbers DIFFER`}`);
	if (differ) process.exitCode = 1;
	for (const row of made) for (const m of row) m.shape.dispose();
}
if (failures) {
	console.error(`ray_bench: ${failures} of narrowphase's measurements failed (see above)`);
	process.exitCode = 1;
}
