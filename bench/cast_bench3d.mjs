// Time per 3D shape cast from JavaScript (Node): narrowphase's np.shapeCast (one cast per call) and
// np.shapeCastMany (1,024 casts in one call) next to Rapier's Shape.castShape and Jolt's
// TransformedShape.CastShape (closest-hit collector) on the same casts, in the same run.
//
//   node bench/cast_bench3d.mjs          (needs js/narrowphase.wasm: make wasm; the peers: make setup-bench)
//
// Cases (the same as bench/cast_bench3d.c, the same generator):
//  - a capsule (half height 0.5, radius 0.3) against a hull of 32 points on the unit sphere, turned;
//    1,024 casts from 2.5 to 4 away aimed within 1.2 of the centre, from random orientations;
//  - the same capsule, standing up, against the 8,192-triangle rolling terrain of mesh_bench (64 x 64
//    unit cells, z = 0.25 sin(x/5) cos(y/7)), cast from 1 to 3 above it, 1.5 to 4 down and up to 2
//    sideways.
// Every input is rounded to a float, so the single-precision peers see the same geometry. Each
// peer's hits are compared with ours (hit or miss, fraction within 1e-3: Rapier and Jolt compute in
// float32 and stop at their own tolerances); disagreements are printed as information.
// Times are process CPU time per cast: median of BENCH_RUNS (default 7) runs of about BENCH_RUN_MS
// (default 200) ms each, after a warm-up, ours and the peers in turn, the fastest of 3 rounds; peers' inputs (vectors, casts) are prepared outside the
// timed loop, as ours are.
import { init } from '../js/narrowphase.mjs';
import { POSES, time } from './timing.mjs';

const f = Math.fround;
let lcg = 24680;
const rand01 = () => {
	lcg = (Math.imul(lcg, 1103515245) + 12345) >>> 0;
	return lcg / 4294967296;
};
const uniform = (lo, hi) => lo + (hi - lo) * rand01();

function inBall() {
	for (;;) {
		const x = uniform(-1, 1), y = uniform(-1, 1), z = uniform(-1, 1);
		const d = x * x + y * y + z * z;
		if (d <= 1.0 && d > 1e-6) return [x, y, z];
	}
}
const unitOf = (p) => { const l = Math.hypot(...p); return p.map((x) => x / l); };
function quat() {
	for (;;) {
		const q = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
		const l = Math.hypot(...q);
		if (l > 0.1 && l <= 1) return q.map((x) => f(x / l));
	}
}

// ------------------------------------------------------------------------------------------------
// The scenes.
const HALF_HEIGHT = 0.5, RADIUS = 0.3;
const hullPoints = [];
for (let i = 0; i < 32; i++) hullPoints.push(unitOf(inBall()).map(f));
const hullRot = [0.5, 0.5, 0.5, 0.5];
const hullPos = [f(0.25), f(-0.5), f(0.75)];
const hullCasts = [];
for (let i = 0; i < POSES; i++) {
	const dir = unitOf(inBall()), dist = uniform(2.5, 4), aim = inBall().map((x) => 1.2 * x);
	const start = dir.map((x, k) => f(hullPos[k] + dist * x));
	const translation = start.map((x, k) => f((hullPos[k] + aim[k] - x) * 1.3));
	hullCasts.push({ position: start, rotation: quat(), translation });
}

const N = 64;
const height = (x, y) => 0.25 * Math.sin(x / 5) * Math.cos(y / 7);
const terrainVertices = new Float64Array(3 * (N + 1) * (N + 1));
for (let j = 0; j <= N; j++) for (let i = 0; i <= N; i++) terrainVertices.set([i, j, f(height(i, j))], 3 * (j * (N + 1) + i));
const terrainIndices = new Int32Array(6 * N * N);
for (let j = 0, t = 0; j < N; j++) for (let i = 0; i < N; i++, t++) {
	const a = j * (N + 1) + i, b = a + 1, c = a + N + 1, d = c + 1;
	terrainIndices.set([a, b, d, a, d, c], 6 * t);
}
const upright = [f(Math.SQRT1_2), 0, 0, f(Math.SQRT1_2)]; // local y (the capsule's axis) to world z
const terrainCasts = [];
for (let i = 0; i < POSES; i++) {
	const x = uniform(4, 60), y = uniform(4, 60);
	const start = [f(x), f(y), f(height(x, y) + RADIUS + HALF_HEIGHT + uniform(1, 3))];
	terrainCasts.push({ position: start, rotation: upright, translation: [f(uniform(-2, 2)), f(uniform(-2, 2)), f(-uniform(1.5, 4))] });
}

// ------------------------------------------------------------------------------------------------
// Ours.
const np = await init();
const I = { position: [0, 0, 0], rotation: [0, 0, 0, 1] };
const capsule = np.capsule3d(HALF_HEIGHT, RADIUS);
const hull = np.hull3d(hullPoints);
const hullXf = { position: hullPos, rotation: hullRot };
const terrain = np.mesh3d(terrainVertices, terrainIndices);

function oursOne(casts, target, targetXf) {
	const xfs = casts.map((c) => ({ position: c.position, rotation: c.rotation }));
	const trs = casts.map((c) => c.translation);
	const fractions = casts.map((c, i) => { const h = np.shapeCast(capsule, xfs[i], trs[i], target, targetXf); return h ? h.fraction : -1; });
	const ns = () => time((i) => { const h = np.shapeCast(capsule, xfs[i], trs[i], target, targetXf); return h === null ? 0 : h.fraction; });
	return { ns, fractions };
}

function oursMany(casts, target, targetXf) {
	const xfs = new Float64Array(7 * POSES), trs = new Float64Array(3 * POSES), out = new Float64Array(np.castHitSize3d * POSES);
	casts.forEach((c, i) => { xfs.set([...c.position, ...c.rotation], 7 * i); trs.set(c.translation, 3 * i); });
	return () => time(() => np.shapeCastMany(capsule, xfs, trs, target, targetXf, out)) / POSES;
}

// ------------------------------------------------------------------------------------------------
// Peers.
async function rapierCases() {
	let RAPIER;
	try { RAPIER = (await import('@dimforge/rapier3d-compat')).default; await RAPIER.init(); } catch { return null; }
	const cap = new RAPIER.Capsule(HALF_HEIGHT, RADIUS);
	const hullShape = new RAPIER.ConvexPolyhedron(new Float32Array(hullPoints.flat()), null);
	const tri = new RAPIER.TriMesh(new Float32Array(terrainVertices), new Uint32Array(terrainIndices));
	const v = (p) => ({ x: p[0], y: p[1], z: p[2] });
	const q = (r) => ({ x: r[0], y: r[1], z: r[2], w: r[3] });
	const zero = v([0, 0, 0]), id = q([0, 0, 0, 1]);
	const run = (casts, shape2, pos2, rot2) => {
		const p = casts.map((c) => v(c.position)), r = casts.map((c) => q(c.rotation)), t = casts.map((c) => v(c.translation));
		const call = (i) => cap.castShape(p[i], r[i], t[i], shape2, pos2, rot2, zero, 0, 1, true);
		const fractions = casts.map((c, i) => { const h = call(i); return h ? h.time_of_impact : -1; });
		return { ns: () => timeAny((i) => { const h = call(i); return h ? h.time_of_impact : 0; }), fractions };
	};
	return { hull: run(hullCasts, hullShape, v(hullPos), q(hullRot)), terrain: run(terrainCasts, tri, zero, id) };
}

async function joltCases() {
	let Jolt;
	try { Jolt = await (await import('jolt-physics')).default(); } catch { return null; }
	// The interface registers the collision functions (casts need them) and wants its layers.
	const js = new Jolt.JoltSettings();
	const layers = new Jolt.ObjectLayerPairFilterTable(2);
	layers.EnableCollision(0, 1);
	const bp = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
	bp.MapObjectToBroadPhaseLayer(0, new Jolt.BroadPhaseLayer(0));
	bp.MapObjectToBroadPhaseLayer(1, new Jolt.BroadPhaseLayer(1));
	js.mObjectLayerPairFilter = layers;
	js.mBroadPhaseLayerInterface = bp;
	js.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(bp, 2, layers, 2);
	new Jolt.JoltInterface(js);
	const cap = new Jolt.CapsuleShape(HALF_HEIGHT, RADIUS);
	const hs = new Jolt.ConvexHullShapeSettings();
	for (const p of hullPoints) hs.mPoints.push_back(new Jolt.Vec3(...p));
	hs.mMaxConvexRadius = 0; // sharp hull, as ours and Rapier's
	const hullShape = hs.Create().Get();
	const verts = new Jolt.VertexList(), tris = new Jolt.IndexedTriangleList();
	for (let k = 0; k < terrainVertices.length; k += 3) verts.push_back(new Jolt.Float3(terrainVertices[k], terrainVertices[k + 1], terrainVertices[k + 2]));
	for (let k = 0; k < terrainIndices.length; k += 3) tris.push_back(new Jolt.IndexedTriangle(terrainIndices[k], terrainIndices[k + 1], terrainIndices[k + 2], 0));
	const terrainShape = new Jolt.MeshShapeSettings(verts, tris, new Jolt.PhysicsMaterialList()).Create().Get();
	const settings = new Jolt.ShapeCastSettings();
	const collector = new Jolt.CastShapeClosestHitCollisionCollector();
	const filter = new Jolt.ShapeFilter();
	const base = new Jolt.RVec3(0, 0, 0), unitScale = new Jolt.Vec3(1, 1, 1);
	const target = (shape, pos, rot) => {
		const ts = new Jolt.TransformedShape();
		const qr = new Jolt.Quat(...rot);
		const com = shape.GetCenterOfMass();
		const c = [com.GetX(), com.GetY(), com.GetZ()];
		const rc = rotateVec(rot, c);
		ts.mShape = shape;
		ts.mShapeRotation = qr;
		ts.mShapePositionCOM = new Jolt.RVec3(pos[0] + rc[0], pos[1] + rc[1], pos[2] + rc[2]);
		ts.mShapeScale = new Jolt.Float3(1, 1, 1);
		return ts;
	};
	const run = (casts, ts) => {
		const list = casts.map((c) => new Jolt.RShapeCast(cap, unitScale,
			Jolt.RMat44.prototype.sRotationTranslation(new Jolt.Quat(...c.rotation), new Jolt.RVec3(...c.position)), new Jolt.Vec3(...c.translation)));
		const call = (i) => {
			collector.Reset();
			ts.CastShape(list[i], settings, base, collector, filter);
			return collector.HadHit() ? collector.mHit.mFraction : -1;
		};
		const fractions = casts.map((c, i) => call(i));
		return { ns: () => timeAny((i) => call(i)), fractions };
	};
	return { hull: run(hullCasts, target(hullShape, hullPos, hullRot)), terrain: run(terrainCasts, target(terrainShape, [0, 0, 0], [0, 0, 0, 1])) };
}

// time(), or for a peer slower than 50 us per cast (Rapier against the trimesh takes milliseconds)
// the median of 5 runs of 16 casts: time()'s batches of a thousand would take minutes.
function timeAny(fn) {
	const t0 = process.cpuUsage();
	fn(0);
	const once = process.cpuUsage(t0);
	if (once.user + once.system < 50) return time(fn);
	const samples = [];
	for (let r = 0; r < 5; r++) {
		const c0 = process.cpuUsage();
		for (let k = 0; k < 16; k++) fn((r * 16 + k) & (POSES - 1));
		const c1 = process.cpuUsage(c0);
		samples.push(((c1.user + c1.system) * 1000) / 16);
	}
	return samples.sort((a, b) => a - b)[2];
}

function rotateVec(q, v) {
	const [x, y, z, w] = q;
	const t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])];
	return [v[0] + w * t[0] + (y * t[2] - z * t[1]), v[1] + w * t[1] + (z * t[0] - x * t[2]), v[2] + w * t[2] + (x * t[1] - y * t[0])];
}

function disagreements(ours, theirs) {
	let n = 0;
	for (let i = 0; i < ours.length; i++) {
		const a = ours[i], b = theirs[i];
		if ((a < 0) !== (b < 0) || (a >= 0 && Math.abs(a - b) > 1e-3)) n++;
	}
	return n;
}

// ------------------------------------------------------------------------------------------------
const rows = [];
const cases = [['capsule vs hull(32)', hullCasts, hull, hullXf, 'hull'], ['capsule vs terrain (8,192 tris)', terrainCasts, terrain, I, 'terrain']];
// BENCH_SKIP_RAPIER=1 leaves Rapier out (its trimesh casts take minutes), for quick runs.
const rapier = process.env.BENCH_SKIP_RAPIER ? null : await rapierCases();
const jolt = await joltCases();
// Ours and the peers timed in turn, ROUNDS times over; each keeps its fastest round (the machine
// is shared: the other rounds lost time to other processes).
const ROUNDS = 3;
for (const [name, casts, target, xf, key] of cases) {
	const one = oursOne(casts, target, xf);
	const many = oursMany(casts, target, xf);
	const entries = [['narrowphase shapeCast', one.ns, `${one.fractions.filter((x) => x >= 0).length} of ${POSES} hit`],
		['narrowphase shapeCastMany', many, '']];
	for (const [peerName, peer] of [['Rapier castShape', rapier], ['Jolt CastShape', jolt]]) {
		if (peer === null) entries.push([peerName, null, 'not installed (make setup-bench)']);
		else entries.push([peerName, peer[key].ns, `${disagreements(one.fractions, peer[key].fractions)} disagree with ours`]);
	}
	const best = entries.map(() => Infinity);
	for (let r = 0; r < ROUNDS; r++) entries.forEach(([, fn], k) => { if (fn) best[k] = Math.min(best[k], fn()); });
	entries.forEach(([who, fn, note], k) => rows.push([name, who, fn ? best[k] : NaN, note]));
}
console.log('3D shape casts from Node, ns per cast (CPU time, median; machine shared)');
for (const [c, who, ns, note] of rows) console.log(`  ${c.padEnd(32)} ${who.padEnd(28)} ${Number.isNaN(ns) ? '   -' : ns.toFixed(0).padStart(6)} ns  ${note}`);
