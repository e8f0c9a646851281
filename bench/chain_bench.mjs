// Chain contacts from JavaScript (Node): a box and a circle resting on a hilly terrain of 1,000 to
// 100,000 segments, np.chainContacts next to planck's chain collision in the same run (when
// bench/node_modules has planck: `make setup-bench`). planck's path is its world's for a chain
// fixture: one DynamicTree proxy per child edge, a tree query with the shape's AABB, then
// getChildEdge and CollideEdgePolygon / CollideEdgeCircle per edge found. The terrain and poses are
// those of bench/chain_bench.cpp (the native side with Box2D 2.4).
//
//   node bench/chain_bench.mjs            (needs js/narrowphase.wasm: make wasm)
import { init } from '../js/narrowphase.mjs';
import { POSES, RUNS, time } from './timing.mjs';

const terrainY = (i) => (1.5 * Math.abs((i % 80) - 40)) / 40 + (0.6 * Math.abs((i % 18) - 9)) / 9;

function makePoses(n) {
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

async function loadPlanck() {
	try {
		const planck = await import('planck');
		return planck.default ?? planck;
	} catch {
		return null;
	}
}

function planckCases(P, n, poses) {
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
	for (const [name, shape] of [['box', box], ['circle', circle]]) {
		const ours = time((i) => np.chainContacts(shape, xfs[i], chain).length);
		const theirs = ref ? time(ref[name]) : NaN;
		const count = xfs.reduce((s, xf) => s + np.chainContacts(shape, xf, chain).length, 0) / POSES;
		console.log(`${name.padEnd(7)} ${String(n).padStart(7)} segments   narrowphase ${ours.toFixed(1).padStart(7)} ns` +
			(ref ? `   planck ${theirs.toFixed(1).padStart(7)} ns   ratio ${(theirs / ours).toFixed(2)}x` : '') +
			`   (${count.toFixed(2)} contacts per query)`);
	}
	chain.dispose();
}
