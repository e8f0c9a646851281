// Chain contacts from JavaScript (Node): a box and a circle resting on a hilly terrain of 1,000 to
// 100,000 segments, np.chainContacts next to planck's chain collision in the same run (when
// bench/node_modules has planck: `make setup-bench`). planck's path is its world's for a chain
// fixture: one DynamicTree proxy per child edge, a tree query with the shape's AABB, then
// getChildEdge and CollideEdgePolygon / CollideEdgeCircle per edge found. The terrain and poses are
// those of bench/chain_bench.cpp (the native side with Box2D 2.4). Ours is timed twice: with plain
// transforms ({ position, angle }, a new result array per call) and in a game loop's steady form
// (np.transform2d prepared transforms and options.out), next to planck's prepared Transforms.
//
//   node bench/chain_bench.mjs            (needs js/narrowphase.wasm: make wasm)
import { init } from '../js/narrowphase.mjs';
import { POSES, RUNS, time } from './timing.mjs';
import { makePoses, terrainY } from './chainscene.mjs';


async function loadPlanck() {
	try {
		const planck = await import('planck');
		return planck.default ?? planck;
	} catch {
		return null;
	}
}

// The terrain as a planck chain with one DynamicTree proxy per child edge (its world's layout).
function planckTerrain(P, n) {
	const verts = [];
	for (let i = 0; i <= n; i++) verts.push(new P.Vec2(n - i, terrainY(i)));
	const chain = new P.Chain(verts, false);
	const tree = new P.DynamicTree();
	const id = P.Transform.identity();
	for (let i = 0; i < n; i++) {
		const aabb = new P.AABB();
		chain.computeAABB(aabb, id, i);
		tree.createProxy(aabb, i);
	}
	return { chain, tree, id };
}

function planckCases(P, n, poses) {
	const { chain, tree, id } = planckTerrain(P, n);
	const box = new P.Box(0.5, 0.5);
	box.m_radius = 0;
	const circle = new P.Circle(0.5);
	const xfs = poses.map((p) => new P.Transform(new P.Vec2(p.x, p.y), p.angle));
	const edge = new P.Edge(new P.Vec2(0, 0), new P.Vec2(1, 0));
	const manifold = new P.Manifold();
	const aabb = new P.AABB();
	const make = (shape, collide) => {
		let points = 0, xf = null;
		const callback = (proxy) => {
			chain.getChildEdge(edge, tree.getUserData(proxy));
			collide(manifold, edge, id, shape, xf);
			points += manifold.pointCount;
			return true;
		};
		return (i) => {
			xf = xfs[i];
			points = 0;
			shape.computeAABB(aabb, xf, 0);
			tree.query(aabb, callback);
			return points;
		};
	};
	return { box: make(box, P.CollideEdgePolygon), circle: make(circle, P.CollideEdgeCircle) };
}

const np = await init();
const P = await loadPlanck();
const box = np.box2d(0.5, 0.5);
const circle = np.circle(0.5);
console.log(`chains from Node: np.chainContacts${P ? ' vs planck (DynamicTree query + CollideEdge*)' : ' (planck not installed: make setup-bench)'}, median of ${RUNS} runs`);
for (const n of [1000, 10000, 100000]) {
	const pts = new Float64Array(2 * (n + 1));
	for (let i = 0; i <= n; i++) {
		pts[2 * i] = n - i;
		pts[2 * i + 1] = terrainY(i);
	}
	const chain = np.chain2d(pts);
	const poses = makePoses(n);
	const xfs = poses.map((p) => ({ position: [p.x, p.y], angle: p.angle }));
	const ref = P ? planckCases(P, n, poses) : null;
	// The steady form of a game loop: prepared transforms (np.transform2d: the rotation made once,
	// as planck's Transform objects hold theirs) and options.out (the contacts refilled in place).
	const prepared = poses.map((p) => np.transform2d(p.x, p.y, p.angle));
	const reuse = { out: [] };
	for (const [name, shape] of [['box', box], ['circle', circle]]) {
		// Interleaved rounds (plain, steady, planck), medians of each: the machine is shared.
		const plain = [], steady = [], peer = [];
		for (let r = 0; r < 3; r++) {
			plain.push(time((i) => np.chainContacts(shape, xfs[i], chain).length));
			steady.push(time((i) => np.chainContacts(shape, prepared[i], chain, reuse).length));
			if (ref) peer.push(time(ref[name]));
		}
		const med = (v) => v.sort((a, b) => a - b)[v.length >> 1];
		const ours = med(plain), fast = med(steady), theirs = ref ? med(peer) : NaN;
		const count = xfs.reduce((s, xf) => s + np.chainContacts(shape, xf, chain).length, 0) / POSES;
		console.log(`${name.padEnd(7)} ${String(n).padStart(7)} segments   narrowphase ${ours.toFixed(1).padStart(7)} ns` +
			`   (transform2d + out ${fast.toFixed(1).padStart(7)} ns)` +
			(ref ? `   planck ${theirs.toFixed(1).padStart(7)} ns   ratio ${(theirs / ours).toFixed(2)}x` : '') +
			`   (${count.toFixed(2)} contacts per query)`);
	}
	chain.dispose();
}

// ------------------------------------------------------------------------------ casts (issue 13 x 14)
// A box cast along the 100,000-segment terrain: from 1.5 above a pose, by [-4, -2.5] (it lands a
// few segments on). np.shapeCast on the chain (midphase, one-sided, ghost rule) next to planck's
// nearest equivalent: a DynamicTree query with the swept AABB, then planck's ShapeCast (Box2D
// 2.4.1's b2ShapeCast: GJK ray cast with a 0.01 polygon skin, two-sided, no ghost handling) per
// child edge, keeping the smallest fraction.
function planckCast(P, n, starts, d) {
	const { chain, tree, id } = planckTerrain(P, n);
	const box = new P.Box(0.5, 0.5);
	const xfs = starts.map((p) => new P.Transform(new P.Vec2(p.x, p.y), p.angle));
	const input = new P.ShapeCastInput();
	const output = new P.ShapeCastOutput();
	input.proxyB.set(box, 0);
	input.transformA = id;
	input.translationB = new P.Vec2(d[0], d[1]);
	const a0 = new P.AABB(), a1 = new P.AABB(), swept = new P.AABB();
	let best = 1;
	const callback = (proxy) => {
		input.proxyA.set(chain, tree.getUserData(proxy));
		if (P.ShapeCast(output, input) && output.lambda < best) best = output.lambda;
		return true;
	};
	return (i) => {
		const xf = xfs[i];
		input.transformB = xf;
		box.computeAABB(a0, xf, 0);
		a1.lowerBound.set(a0.lowerBound.x + d[0], a0.lowerBound.y + d[1]);
		a1.upperBound.set(a0.upperBound.x + d[0], a0.upperBound.y + d[1]);
		swept.combine(a0, a1);
		best = 1;
		tree.query(swept, callback);
		return best;
	};
}

{
	const n = 100000;
	const pts = new Float64Array(2 * (n + 1));
	for (let i = 0; i <= n; i++) {
		pts[2 * i] = n - i;
		pts[2 * i + 1] = terrainY(i);
	}
	const chain = np.chain2d(pts);
	const starts = makePoses(n).map((p) => ({ x: p.x, y: p.y + 1.5, angle: p.angle }));
	const xfs = starts.map((p) => ({ position: [p.x, p.y], angle: p.angle }));
	const d = [-4, -2.5];
	const theirsFn = P && P.ShapeCast ? planckCast(P, n, starts, d) : null;
	const positions = new Float64Array(2 * POSES), translations = new Float64Array(2 * POSES), out = new Float64Array(8 * POSES);
	for (let i = 0; i < POSES; i++) {
		positions.set([starts[i].x, starts[i].y], 2 * i);
		translations.set(d, 2 * i);
	}
	// Interleaved: ours, planck, ours, planck (medians of each), on this shared machine.
	const ours = [], theirs = [];
	for (let r = 0; r < 2; r++) {
		ours.push(time((i) => { const h = np.shapeCast(box, xfs[i], d, chain); return h ? h.fraction : 1; }));
		if (theirsFn) theirs.push(time(theirsFn));
	}
	// The batch: 1024 casts per call, CPU time per cast, median of RUNS calls.
	const manySamples = [];
	for (let r = 0; r < RUNS; r++) {
		const c0 = process.cpuUsage();
		np.shapeCastMany(box, positions, translations, chain, undefined, out, { angle: 0 });
		const c1 = process.cpuUsage(c0);
		manySamples.push(((c1.user + c1.system) * 1000) / POSES);
	}
	const many = manySamples.sort((a, b) => a - b)[RUNS >> 1];
	const hits = xfs.filter((xf) => np.shapeCast(box, xf, d, chain)).length;
	const o = Math.min(...ours), t = theirsFn ? Math.min(...theirs) : NaN;
	console.log(`box cast ${n} segments   narrowphase ${o.toFixed(1).padStart(7)} ns` +
		(theirsFn ? `   planck ${t.toFixed(1).padStart(7)} ns   ratio ${(t / o).toFixed(2)}x` : '') +
		`   (${hits} of ${POSES} hit; shapeCastMany ${many.toFixed(1)} ns per cast, angle 0)`);
	chain.dispose();
}
