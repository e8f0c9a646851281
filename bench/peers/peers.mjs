// `make bench-peers`: narrowphase next to its peers on the same seeded scenes, in one run.
//
//   node bench/peers/peers.mjs           (make bench-peers installs the peers and builds the rest)
//
// Scenes (1024 seeded poses each; A fixed, B moving):
//   2D box-box, 8-gon vs 8-gon and circle-box manifolds, 8-gon overlap (the poses of
//   bench/node_bench.mjs); 3D box-box manifold (a cube resting on a bigger one, 4 points),
//   hull(32) vs hull(32) penetration (random overlapping poses), sphere vs a 64 x 64 grid of 8,192
//   triangles (resting, mesh contacts).
// Columns: narrowphase from Node, one call per pair (np.manifold / overlap / penetration /
// meshContacts, a new result object each call; 2D with prepared transforms, np.transform2d, as the
// peers' transforms are made before timing, and again with plain { position, angle } objects; the
// manifolds once more with options.out, one result refilled in place, as box2d-wasm and planck
// refill one b2Manifold) and
// batched (np.manifoldBatch ..., one call over
// the 1024 pairs, ns per pair; and np.pairBatch, the prepared form with transforms and results in
// wasm memory); narrowphase natively (build/scene_bench on the same numbers, read
// from a JSON file this script writes: single calls with prepared transforms, and the C batch);
// then each peer through its public JS API, prepared the same way (shapes and transforms made
// before timing; results read as a count or depth):
//   box2d-wasm 7 (Box2D 2.4, f32)   b2CollidePolygons / b2CollidePolygonAndCircle / b2TestOverlap
//   planck 1.5 (JS, f64)            CollidePolygons / CollidePolygonCircle / testOverlap
//   Rapier 0.21 (2D and 3D, f32)    Collider.contactShape (one deepest point, not a manifold) /
//                                   Collider.intersectsShape, the fixed shape a collider
//   Jolt 1.1 (jolt-physics, f32)    TransformedShape.CollideShape with a closest-hit collector
//                                   (Jolt's own convex radius defaults; the sphere-mesh row with an
//                                   all-hits collector, as Jolt's character and contact code do)
// Every cell is the median of ROUNDS rounds (default 3); each round times every cell of a scene
// one after another (process CPU time, median of BENCH_RUNS short runs after a warm-up), so the
// libraries share the machine's state. `make bench-peers` runs Node with --single-threaded-gc: process
// CPU time counts V8's background GC threads, which would charge one cell's garbage to the next.
// The last columns are the best peer, ours / best, and our
// JS batch against our native single calls (prepared rotations) and native batch (the same flat
// numbers, a rotation made per pair: the like-for-like native time of the batch).
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { init } from '../../js/narrowphase.mjs';
import { loadBox2dWasm, loadPlanck } from '../node_refs.mjs';
import { POSES, time } from '../timing.mjs';

const ROUNDS = Number(process.env.ROUNDS || 3);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NATIVE = process.env.SCENE_BENCH || `${ROOT}build/scene_bench`;

// ------------------------------------------------------------------------------ scenes
function lcg(seed) {
	let s = seed >>> 0;
	return () => {
		s = (Math.imul(s, 1103515245) + 12345) >>> 0;
		return s / 4294967296;
	};
}

function quat(axis, angle) {
	const len = Math.hypot(axis[0], axis[1], axis[2]);
	const s = Math.sin(angle / 2) / len;
	return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

function randomQuat(rand) {
	const u1 = rand(), u2 = 2 * Math.PI * rand(), u3 = 2 * Math.PI * rand();
	const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
	return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
}

function makeScenes() {
	const rand2 = lcg(12345);
	const poses2 = [];
	for (let i = 0; i < POSES; i++) poses2.push([-0.9 + 1.8 * rand2(), -0.9 + 1.8 * rand2(), Math.PI * (2 * rand2() - 1)]);
	const oct = [];
	for (let i = 0; i < 8; i++) oct.push(0.5 * Math.cos((2 * Math.PI * i) / 8), 0.5 * Math.sin((2 * Math.PI * i) / 8));
	const box2 = { type: 'box2d', params: [0.5, 0.5] };
	const oct2 = { type: 'polygon2d', params: oct };
	const flat2 = (poses) => ({ xfA: new Array(3 * poses.length).fill(0), xfB: poses.flat() });

	const rand = lcg(2024);
	const cloud = () => {
		const pts = [];
		for (let i = 0; i < 32; i++) {
			const z = 2 * rand() - 1, t = 2 * Math.PI * rand(), r = Math.sqrt(1 - z * z);
			pts.push(0.5 * r * Math.cos(t), 0.5 * r * Math.sin(t), 0.5 * z);
		}
		return pts;
	};
	const hullA = cloud(), hullB = cloud();
	const resting = [], hulls = [];
	for (let i = 0; i < POSES; i++) {
		const j = () => 2 * rand() - 1;
		resting.push([0.1 + 0.05 * j(), 1.45 + 0.02 * j(), 0.2 + 0.05 * j(), ...quat([0.05 * j(), 1, 0.05 * j()], 0.4 + 0.2 * j())]);
		const d = randomQuat(rand);
		const len = 1.05 * rand();
		const dl = Math.hypot(d[0], d[1], d[2]) || 1;
		hulls.push([len * d[0] / dl, len * d[1] / dl, len * d[2] / dl, ...randomQuat(rand)]);
	}
	const id3 = (n) => Array.from({ length: n }, () => [0, 0, 0, 0, 0, 0, 1]).flat();

	// The mesh: bench/mesh_bench.mjs's rolling 64 x 64 grid, the sphere resting 0.05 deep.
	const height = (x, y) => 0.25 * Math.sin(x / 5) * Math.cos(y / 7);
	const n = 64, vertices = [], indices = [];
	for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) vertices.push(x, y, height(x, y));
	for (let y = 0; y < n; y++) {
		for (let x = 0; x < n; x++) {
			const a = y * (n + 1) + x, b = a + 1, c = a + n + 1, d = c + 1;
			indices.push(a, b, d, a, d, c);
		}
	}
	const randM = lcg(12345);
	const spheres = [];
	for (let i = 0; i < POSES; i++) {
		const x = 2 + (n - 4) * randM(), y = 2 + (n - 4) * randM();
		spheres.push([x, y, height(x, y) + 0.45, 0, 0, 0, 1]);
	}
	return [
		{ name: '2D box-box manifold', query: 'manifold2', a: box2, b: box2, ...flat2(poses2) },
		{ name: '2D 8-gon vs 8-gon manifold', query: 'manifold2', a: oct2, b: oct2, ...flat2(poses2) },
		{ name: '2D circle-box manifold', query: 'manifold2', a: box2, b: { type: 'circle', params: [0.5] }, ...flat2(poses2) },
		{ name: '2D 8-gon overlap', query: 'overlap2', a: oct2, b: oct2, ...flat2(poses2) },
		{ name: '3D box-box manifold (4 points)', query: 'manifold3', a: { type: 'box3d', params: [1, 1, 1] },
			b: { type: 'box3d', params: [0.5, 0.5, 0.5] }, xfA: id3(POSES), xfB: resting.flat() },
		{ name: '3D hull(32) vs hull(32) penetration', query: 'penetration3', a: { type: 'hull3d', params: hullA },
			b: { type: 'hull3d', params: hullB }, xfA: id3(POSES), xfB: hulls.flat() },
		{ name: 'sphere vs 8,192-triangle mesh', query: 'meshContacts3', a: { type: 'sphere', params: [0.5] },
			b: { type: 'mesh3d', vertices, indices }, xfA: id3(POSES), xfB: spheres.flat() },
	];
}

// ------------------------------------------------------------------------------ narrowphase
function ourShape(np, s) {
	switch (s.type) {
		case 'box2d': return np.box2d(...s.params);
		case 'circle': return np.circle(...s.params);
		case 'polygon2d': return np.polygon2d(s.params);
		case 'box3d': return np.box3d(...s.params);
		case 'sphere': return np.sphere(...s.params);
		case 'hull3d': return np.hull3d(s.params);
		case 'mesh3d': return np.mesh3d(s.vertices, s.indices);
	}
	throw new Error(s.type);
}

function ours(np, scene) {
	const a = ourShape(np, scene.a), b = ourShape(np, scene.b);
	const two = scene.query.endsWith('2');
	const k = two ? 3 : 7;
	// 2D: prepared transforms (np.transform2d: the rotation made once, as the peers' transforms are);
	// the plain { position, angle } objects are timed too.
	const xf = (t, i) => (two ? np.transform2d(t[k * i], t[k * i + 1], t[k * i + 2])
		: { position: t.slice(k * i, k * i + 3), rotation: t.slice(k * i + 3, k * i + 7) });
	const plain = (t, i) => ({ position: [t[k * i], t[k * i + 1]], angle: t[k * i + 2] });
	const ta = [], tb = [], pa = [], pb = [];
	for (let i = 0; i < POSES; i++) {
		ta.push(xf(scene.xfA, i));
		tb.push(xf(scene.xfB, i));
		if (two) {
			pa.push(plain(scene.xfA, i));
			pb.push(plain(scene.xfB, i));
		}
	}
	const fa = new Float64Array(scene.xfA), fb = new Float64Array(scene.xfB);
	const sa = new Array(POSES).fill(a), sb = new Array(POSES).fill(b);
	const cells = {};
	switch (scene.query) {
		case 'manifold2':
		case 'manifold3': {
			cells.single = (i) => np.manifold(a, ta[i], b, tb[i]).points.length;
			// Like for like with box2d-wasm and planck, which write into a b2Manifold made once:
			// options.out refills one result object in place.
			const reuse = { out: np.manifold(a, ta[0], b, tb[0]) };
			cells.out = (i) => np.manifold(a, ta[i], b, tb[i], reuse).points.length;
			if (two) cells.plain = (i) => np.manifold(a, pa[i], b, pb[i]).points.length;
			const out = np.manifoldBatch(sa, fa, sb, fb);
			cells.batch = () => np.manifoldBatch(sa, fa, sb, fb, { out }).pointCount[0];
			// The prepared pair batch (np.pairBatch): the transforms written into its wasm views
			// (one set() per side per call, as a game writes its poses each frame), the results read
			// in place.
			const pairs = np.pairBatch(sa, sb);
			cells.pairs = () => {
				pairs.transformsA.set(fa);
				pairs.transformsB.set(fb);
				return pairs.manifold().pointCount[0];
			};
			break;
		}
		case 'overlap2': {
			cells.single = (i) => (np.overlap(a, ta[i], b, tb[i]) ? 1 : 0);
			cells.plain = (i) => (np.overlap(a, pa[i], b, pb[i]) ? 1 : 0);
			const out = new Uint8Array(POSES);
			cells.batch = () => np.overlapBatch(sa, fa, sb, fb, out)[0];
			const pairs = np.pairBatch(sa, sb);
			cells.pairs = () => {
				pairs.transformsA.set(fa);
				pairs.transformsB.set(fb);
				return pairs.overlap()[0];
			};
			break;
		}
		case 'penetration3': {
			cells.single = (i) => (np.penetration(a, ta[i], b, tb[i]) !== null ? 1 : 0);
			const out = np.penetrationBatch(sa, fa, sb, fb);
			cells.batch = () => np.penetrationBatch(sa, fa, sb, fb, { out }).overlapping[0];
			break;
		}
		default:
			// Ours with the sphere as A and the mesh as B, at the sphere's pose.
			cells.single = (i) => np.meshContacts(a, tb[i], b).length;
	}
	return cells;
}

// ------------------------------------------------------------------------------ peers
// Rapier: the fixed shape is a collider of a world (its Rust shape made once), queried with the
// moving shape by Collider.contactShape / intersectsShape (Rapier converts that shape per call).
function rapier2d(R, scene) {
	if (!scene.query.endsWith('2')) return null;
	const desc = (s) => (s.type === 'box2d' ? R.ColliderDesc.cuboid(...s.params) : s.type === 'circle' ? R.ColliderDesc.ball(s.params[0])
		: R.ColliderDesc.convexHull(new Float32Array(s.params)));
	const world = new R.World({ x: 0, y: 0 });
	const a = world.createCollider(desc(scene.a));
	const b = desc(scene.b).shape;
	const pos = [], rot = [];
	for (let i = 0; i < POSES; i++) {
		pos.push({ x: scene.xfB[3 * i], y: scene.xfB[3 * i + 1] });
		rot.push(scene.xfB[3 * i + 2]);
	}
	if (scene.query === 'overlap2') return (i) => (a.intersectsShape(b, pos[i], rot[i]) ? 1 : 0);
	return (i) => (a.contactShape(b, pos[i], rot[i], 0) !== null ? 1 : 0);
}

function rapier3d(R, scene) {
	if (scene.query.endsWith('2')) return null;
	const desc = (s) => {
		switch (s.type) {
			case 'box3d': return R.ColliderDesc.cuboid(...s.params);
			case 'sphere': return R.ColliderDesc.ball(s.params[0]);
			case 'hull3d': return R.ColliderDesc.convexHull(new Float32Array(s.params));
			default: return R.ColliderDesc.trimesh(new Float32Array(s.vertices), new Uint32Array(s.indices));
		}
	};
	const world = new R.World({ x: 0, y: 0, z: 0 });
	const mesh = scene.query === 'meshContacts3';
	const fixed = world.createCollider(desc(mesh ? scene.b : scene.a));
	const moving = desc(mesh ? scene.a : scene.b).shape;
	const pos = [], rot = [];
	for (let i = 0; i < POSES; i++) {
		const t = scene.xfB.slice(7 * i, 7 * i + 7);
		pos.push({ x: t[0], y: t[1], z: t[2] });
		rot.push({ x: t[3], y: t[4], z: t[5], w: t[6] });
	}
	return (i) => (fixed.contactShape(moving, pos[i], rot[i], 0) !== null ? 1 : 0);
}

function jolt(J, scene) {
	if (scene.query.endsWith('2')) return null;
	const made = (settings) => {
		const r = settings.Create();
		if (r.HasError()) throw new Error(r.GetError().c_str());
		return r.Get();
	};
	const shape = (s) => {
		switch (s.type) {
			case 'box3d': return new J.BoxShape(new J.Vec3(...s.params));
			case 'sphere': return new J.SphereShape(s.params[0]);
			case 'hull3d': {
				const st = new J.ConvexHullShapeSettings();
				for (let i = 0; i < s.params.length; i += 3) st.mPoints.push_back(new J.Vec3(s.params[i], s.params[i + 1], s.params[i + 2]));
				return made(st);
			}
			default: {
				const v = new J.VertexList(), t = new J.IndexedTriangleList();
				for (let i = 0; i < s.vertices.length; i += 3) v.push_back(new J.Float3(s.vertices[i], s.vertices[i + 1], s.vertices[i + 2]));
				for (let i = 0; i < s.indices.length; i += 3) t.push_back(new J.IndexedTriangle(s.indices[i], s.indices[i + 1], s.indices[i + 2], 0));
				return made(new J.MeshShapeSettings(v, t, new J.PhysicsMaterialList()));
			}
		}
	};
	const a = shape(scene.a), b = shape(scene.b);
	// A fixed (as Jolt's TransformedShape), B moving (as the shape collided against it).
	const target = new J.TransformedShape();
	target.mShapePositionCOM = new J.RVec3(0, 0, 0);
	target.mShapeRotation = new J.Quat(0, 0, 0, 1);
	target.mShapeScale = new J.Float3(1, 1, 1);
	target.mShape = scene.query === 'meshContacts3' ? b : a;
	const moving = scene.query === 'meshContacts3' ? a : b;
	const settings = new J.CollideShapeSettings();
	const collector = scene.query === 'meshContacts3' ? new J.CollideShapeAllHitCollisionCollector()
		: new J.CollideShapeClosestHitCollisionCollector();
	const filter = new J.ShapeFilter();
	const scale = new J.Vec3(1, 1, 1);
	const base = new J.RVec3(0, 0, 0);
	const rots = [], poss = [];
	for (let i = 0; i < POSES; i++) {
		const t = scene.xfB.slice(7 * i, 7 * i + 7);
		poss.push(new J.RVec3(t[0], t[1], t[2]));
		rots.push(new J.Quat(t[3], t[4], t[5], t[6]));
	}
	const mat = J.RMat44.prototype;
	return (i) => {
		collector.Reset();
		target.CollideShape(moving, scale, mat.sRotationTranslation(rots[i], poss[i]), settings, base, collector, filter);
		return collector.HadHit() ? 1 : 0;
	};
}

// ------------------------------------------------------------------------------ run
const median = (xs) => {
	const s = xs.filter((x) => x !== undefined).sort((p, q) => p - q);
	return s.length === 0 ? undefined : s[s.length >> 1];
};

async function tryLoad(name, fn) {
	try {
		return await fn();
	} catch (e) {
		console.log(`(${name} skipped: ${String(e.message || e).split('\n')[0]})`);
		return null;
	}
}

async function main() {
	const from = import.meta.url;
	const np = await init();
	const scenes = makeScenes();
	mkdirSync(`${ROOT}build`, { recursive: true });
	const scenesFile = `${ROOT}build/peer_scenes.json`;
	writeFileSync(scenesFile, JSON.stringify(scenes));

	const box2d = await tryLoad('box2d-wasm', () => loadBox2dWasm(from));
	const planck = await tryLoad('planck', () => loadPlanck(from));
	const R2 = await tryLoad('rapier2d', async () => {
		const m = await import('@dimforge/rapier2d-compat');
		const R = m.default ?? m;
		await R.init();
		return R;
	});
	const R3 = await tryLoad('rapier3d', async () => {
		const m = await import('@dimforge/rapier3d-compat');
		const R = m.default ?? m;
		await R.init();
		return R;
	});
	const J = await tryLoad('jolt', async () => {
		const Jolt = await (await import('jolt-physics')).default();
		// Jolt registers its collision functions when its interface is made (one layer, no bodies).
		const settings = new Jolt.JoltSettings();
		const layers = new Jolt.ObjectLayerPairFilterTable(1);
		layers.EnableCollision(0, 0);
		const broad = new Jolt.BroadPhaseLayerInterfaceTable(1, 1);
		broad.MapObjectToBroadPhaseLayer(0, new Jolt.BroadPhaseLayer(0));
		settings.mObjectLayerPairFilter = layers;
		settings.mBroadPhaseLayerInterface = broad;
		settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(broad, 1, layers, 1);
		Jolt.keepAlive = new Jolt.JoltInterface(settings);
		return Jolt;
	});
	const box2dKey = { 'manifold2|2D box-box manifold': 'boxBox', 'manifold2|2D 8-gon vs 8-gon manifold': 'octOct',
		'manifold2|2D circle-box manifold': 'circleBox', 'overlap2|2D 8-gon overlap': 'octOverlap' };
	const poses2 = (scene) => Array.from({ length: POSES }, (_, i) => ({ x: scene.xfB[3 * i], y: scene.xfB[3 * i + 1], angle: scene.xfB[3 * i + 2] }));

	const peerNames = ['box2d-wasm', 'planck', 'Rapier', 'Jolt'];
	const results = scenes.map(() => ({}));
	const cellsOf = scenes.map((scene) => {
		const c = ours(np, scene);
		const key = box2dKey[`${scene.query}|${scene.name}`];
		const peers = {
			'box2d-wasm': box2d && key && box2d[key] ? box2d[key](poses2(scene)) : null,
			planck: planck && key && planck[key] ? planck[key](poses2(scene)) : null,
			Rapier: scene.query.endsWith('2') ? (R2 && rapier2d(R2, scene)) : (R3 && rapier3d(R3, scene)),
			Jolt: J && jolt(J, scene),
		};
		return { ...c, peers };
	});

	for (let round = 0; round < ROUNDS; round++) {
		// Native first (its own process), then every JS cell of each scene in turn.
		const native = new Map();
		try {
			const text = execFileSync(NATIVE, [scenesFile, process.env.BENCH_RUNS || '3'], { encoding: 'utf8' });
			for (const line of text.trim().split('\n')) {
				const r = JSON.parse(line);
				native.set(r.scene, r);
			}
		} catch (e) {
			if (round === 0) console.log(`(native skipped: ${String(e.message).split('\n')[0]})`);
		}
		scenes.forEach((scene, k) => {
			const r = results[k];
			const c = cellsOf[k];
			const push = (col, v) => (r[col] ||= []).push(v);
			const nat = native.get(scene.name);
			if (nat) {
				push('native', nat.single);
				if (nat.batch !== undefined) push('nativeBatch', nat.batch);
			}
			push('single', time(c.single));
			if (c.out) push('out', time(c.out));
			if (c.plain) push('plain', time(c.plain));
			if (c.batch) push('batch', time(c.batch) / POSES);
			if (c.pairs) push('pairs', time(c.pairs) / POSES);
			for (const p of peerNames) if (c.peers[p]) push(p, time(c.peers[p]));
		});
		process.stderr.write(`round ${round + 1} of ${ROUNDS} done\n`);
	}

	// ------------------------------------------------------------------ table
	const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
	console.log(`narrowphase vs peers, ns per query (process CPU time), median of ${ROUNDS} rounds; ${POSES} seeded poses per scene`);
	console.log(`machine: ${cpu}, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} (shared); Node ${process.version}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
	const fmt = (v) => (v === undefined ? '' : v >= 10000 ? `${Math.round(v / 10) * 10}` : v >= 100 ? v.toFixed(0) : v.toFixed(1));
	const header = ['scene', 'ours, JS single', 'JS single, out', 'JS single, plain transforms', 'ours, JS batch', 'JS pair batch', 'ours, native', 'native batch', ...peerNames,
		'best peer', 'single / best', 'single out / best', 'batch / best', 'JS batch / native', 'JS batch / native batch', 'pair batch / native batch'];
	console.log(`| ${header.join(' | ')} |`);
	console.log(`|${header.map(() => '---').join('|')}|`);
	scenes.forEach((scene, k) => {
		const r = results[k];
		const m = {};
		for (const col of Object.keys(r)) m[col] = median(r[col]);
		let best;
		for (const p of peerNames) if (m[p] !== undefined && (best === undefined || m[p] < m[best])) best = p;
		const ratio = (x, y) => (x === undefined || y === undefined ? '' : `${(x / y).toFixed(2)}x`);
		const row = [scene.name, fmt(m.single), fmt(m.out), fmt(m.plain), fmt(m.batch), fmt(m.pairs), fmt(m.native), fmt(m.nativeBatch), ...peerNames.map((p) => fmt(m[p])),
			best ?? '', best ? ratio(m.single, m[best]) : '', best ? ratio(m.out, m[best]) : '', best ? ratio(m.batch, m[best]) : '',
			ratio(m.batch, m.native), ratio(m.batch, m.nativeBatch), ratio(m.pairs, m.nativeBatch)];
		console.log(`| ${row.join(' | ')} |`);
	});
}

await main();
