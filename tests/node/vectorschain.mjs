// 2D chain vectors (tests/vectors/2d_chain.json) for the Node shared-vector runner, through the JS
// API. Mirrors tests/native/vectorschain.c check for check and writes the same results line
// (doubles as hex), so native and wasm results compare bit for bit.
import { hex, hexPoint, num, numPoint, codeText, attempt } from './vectorchecks.mjs';
import { makeShape, readTransform } from './vectors2d.mjs';

// The terrain formula of the generator (the same operations in the same order).
function terrainPoint(i) {
	const m1 = i % 80, m2 = i % 18, j = (i * 7919) % 1000;
	const y = (1.5 * Math.abs(m1 - 40)) / 40 + (0.6 * Math.abs(m2 - 9)) / 9 + (0.02 * j) / 1000;
	return [(20000 - i) * 0.25, y];
}

function makeChain(np, spec) {
	let pts;
	if (spec.terrain) {
		pts = [];
		for (let i = spec.terrain.first; i <= spec.terrain.first + spec.terrain.count; i++) pts.push(terrainPoint(i));
	} else pts = spec.points.map(numPoint);
	const options = { loop: !!spec.loop };
	if (spec.ghostStart) options.ghostStart = numPoint(spec.ghostStart);
	if (spec.ghostEnd) options.ghostEnd = numPoint(spec.ghostEnd);
	return np.chain2d(pts, options);
}

const near = (a, b, tol) => Math.abs(a[0] - b[0]) <= tol && Math.abs(a[1] - b[1]) <= tol;

function admissible(v, n) {
	const c = [-n[0], -n[1]];
	for (const f of v.faces || []) if (near(c, f.map(num), 1e-9)) return true;
	for (const [n0, , mid] of v.cones || []) {
		if (c[0] * mid[0] + c[1] * mid[1] >= n0[0] * mid[0] + n0[1] * mid[1] - 1e-9) return true;
	}
	return false;
}

function checkContacts(v, run, c, instances) {
	const e = v.expect, tol = run.tol;
	if (e.count !== undefined && c.length !== e.count) run.fail(`point count: got ${c.length}, want ${e.count}`);
	if (e.minCount !== undefined && c.length < e.minCount) run.fail(`point count: got ${c.length}, want at least ${e.minCount}`);
	let ghosts = 0, maxDepth = -Infinity;
	c.forEach((k, i) => {
		const nl = Math.hypot(k.normal[0], k.normal[1]);
		if (Math.abs(nl - 1) > 1e-12) run.fail(`contact ${i}: normal not unit`);
		const d = (k.pointA[0] - k.pointB[0]) * k.normal[0] + (k.pointA[1] - k.pointB[1]) * k.normal[1];
		run.near('depth vs (pA - pB).n', k.depth, d, tol);
		const inst = instances[k.chain];
		if (!inst || k.segment < 0 || k.segment >= inst.chain.segmentCount) {
			run.fail(`contact ${i}: bad chain/segment ${k.chain}/${k.segment}`);
			return;
		}
		if (!admissible(v, k.normal)) ghosts++;
		maxDepth = Math.max(maxDepth, k.depth);
		if (e.normals && !e.normals.some((w) => near(k.normal, w.map(num), 1e-9))) run.fail(`contact ${i}: normal [${k.normal}] not among the expected`);
		if (e.vertexNormal && !near(k.normal, e.vertexNormal.map(num), tol)) run.fail(`contact ${i}: normal [${k.normal}] is not the corner's`);
		if (e.feature && k.feature !== e.feature) run.fail(`contact ${i}: feature is not ${e.feature}`);
	});
	if (e.ghosts !== undefined && ghosts !== e.ghosts) run.fail(`ghost normals: got ${ghosts}, want ${e.ghosts}`);
	if (e.minGhosts !== undefined && ghosts < e.minGhosts) run.fail(`ghost normals: got ${ghosts}, want at least ${e.minGhosts}`);
	if (e.maxDepth !== undefined && c.length > 0) run.near('deepest depth', maxDepth, num(e.maxDepth), tol);
	for (const [n, depth] of e.depthAlong || []) {
		let best = -Infinity;
		for (const k of c) if (near(k.normal, n.map(num), 1e-9)) best = Math.max(best, k.depth);
		run.near('deepest depth along a face', best, num(depth), tol);
	}
}

function runContacts(np, v, run, instances) {
	const shape = makeShape(np, v.shape);
	try {
		const options = { margin: num(v.options.margin || 0) };
		if (v.options.removeGhosts === false) options.removeGhosts = false;
		const c = np.chainContacts(shape, readTransform(v.xf), instances, options);
		run.put('error', c.overflow ? 'CAPACITY' : 'OK');
		run.put('count', c.length);
		for (const k of c) {
			run.put('contact', `${k.chain}/${k.segment}/${k.feature}/${k.id}`);
			run.put('pointA', hexPoint(k.pointA));
			run.put('pointB', hexPoint(k.pointB));
			run.put('normal', hexPoint(k.normal));
			run.put('depth', hex(k.depth));
		}
		if (c.overflow) run.fail('chainContacts overflowed');
		checkContacts(v, run, c, instances);
	} finally {
		shape.dispose();
	}
}

function runRay(np, v, run, instances) {
	const e = v.expect;
	const hit = np.rayCast(instances, undefined, numPoint(v.origin), numPoint(v.direction), { maxFraction: num(v.maxFraction ?? 1) });
	run.put('hit', hit ? 1 : 0);
	if (hit) {
		run.put('where', `${hit.chain}/${hit.segment}`);
		run.put('fraction', hex(hit.fraction));
		run.put('point', hexPoint(hit.point));
		run.put('normal', hexPoint(hit.normal));
	}
	if (!!hit !== e.hit) {
		run.fail(`hit: got ${!!hit}, want ${e.hit}`);
		return;
	}
	if (!hit) return;
	run.near('fraction', hit.fraction, num(e.fraction), run.tol);
	if (!near(hit.point, e.point.map(num), run.tol) || !near(hit.normal, e.normal.map(num), run.tol)) run.fail('point or normal differs');
	if (e.chain !== undefined && hit.chain !== e.chain) run.fail(`chain: got ${hit.chain}, want ${e.chain}`);
	if (e.segment !== undefined && hit.segment !== e.segment) run.fail(`segment: got ${hit.segment}, want ${e.segment}`);
}

function runPoint(np, v, run, instances, contains) {
	const e = v.expect;
	const p = numPoint(v.point);
	if (contains) {
		const inst = instances[0];
		const [inside, code] = attempt(() => np.containsPoint(inst.chain, inst.transform, p));
		run.put('error', codeText(code));
		run.put('inside', inside ? 1 : 0);
		const want = e.error ? codeText(e.error) : 'OK';
		if (codeText(code) !== want) run.fail(`error code: got ${code}, want ${want}`);
		if (code === 'OK' && inside !== e.inside) run.fail(`inside: got ${inside}`);
		return;
	}
	const r = np.closestPoint(instances, undefined, p);
	run.put('error', 'OK');
	run.put('distance', hex(r.distance));
	run.put('point', hexPoint(r.point));
	run.put('normal', hexPoint(r.normal));
	run.near('distance', r.distance, num(e.distance), run.tol);
	if (!near(r.point, e.point.map(num), run.tol)) run.fail(`closest point [${r.point}] differs`);
}

function runBounds(np, v, run, instances) {
	const inst = instances[0];
	const b = np.bounds(inst.chain, inst.transform);
	run.put('error', 'OK');
	run.put('lower', hexPoint(b.lower));
	run.put('upper', hexPoint(b.upper));
	if (!near(b.lower, v.expect.lower.map(num), run.tol) || !near(b.upper, v.expect.upper.map(num), run.tol)) run.fail('bounds differ');
}

function checkCast(v, run, h, instances) {
	const e = v.expect;
	if (e.ghostNormal) {
		if (!h || near(h.normal, e.ghostNormal.map(num), 1e-6)) run.fail(`the naive cast shows no ghost normal (hit ${!!h})`);
		return;
	}
	if (!!h !== e.hit) {
		run.fail(`hit: got ${!!h}, want ${e.hit}`);
		return;
	}
	if (!h) return;
	const want = num(e.fraction ?? 0);
	run.near('fraction', h.fraction, want, run.tol);
	if (h.fraction > want + 1e-11) run.fail(`fraction ${h.fraction} later than the exact first contact ${want}`);
	if (Math.abs(Math.hypot(h.normal[0], h.normal[1]) - 1) > 1e-12) run.fail('normal not unit');
	if (e.normal && !near(h.normal, e.normal.map(num), 1e-9)) run.fail(`normal [${h.normal}] is not the expected one`);
	if (e.vertexNormal && !near(h.normal, e.vertexNormal.map(num), 1e-7)) run.fail(`normal [${h.normal}] is not the corner's`);
	if (e.ghosts !== undefined && !admissible(v, [-h.normal[0], -h.normal[1]])) run.fail(`ghost normal [${h.normal}]`);
	if (!!e.initialOverlap !== h.initialOverlap) run.fail(`initialOverlap: got ${h.initialOverlap}`);
	if (e.penetration !== undefined) run.near('penetration', h.penetration, num(e.penetration), run.tol);
	if (e.pointOn) { // world segments: the hit point lies on one of them
		let best = Infinity;
		for (const [a0, b0] of e.pointOn) {
			const a = a0.map(num), b = b0.map(num), ex = b[0] - a[0], ey = b[1] - a[1];
			let t = ((h.point[0] - a[0]) * ex + (h.point[1] - a[1]) * ey) / (ex * ex + ey * ey);
			t = t < 0 ? 0 : t > 1 ? 1 : t;
			best = Math.min(best, Math.hypot(a[0] + t * ex - h.point[0], a[1] + t * ey - h.point[1]));
		}
		if (!(best <= run.tol)) run.fail(`hit point [${h.point}] is ${best} off the chain`);
	}
	const inst = instances[h.chain];
	if (!inst || h.segment < 0 || h.segment >= inst.chain.segmentCount) run.fail(`bad chain/segment ${h.chain}/${h.segment}`);
}

function runCast(np, v, run, instances) {
	const shape = makeShape(np, v.shape);
	try {
		const o = v.options || {};
		const options = {};
		if (o.maxFraction !== undefined) options.maxFraction = num(o.maxFraction);
		if (o.targetDistance !== undefined) options.targetDistance = num(o.targetDistance);
		if (o.ignoreSeparating) options.ignoreSeparating = true;
		if (o.removeGhosts === false) options.removeGhosts = false;
		const h = np.shapeCast(shape, readTransform(v.xf), numPoint(v.translation), instances, undefined, options);
		run.put('hit', h ? 1 : 0);
		if (h) {
			run.put('where', `${h.chain}/${h.segment}/${h.feature}`);
			run.put('fraction', hex(h.fraction));
			run.put('point', hexPoint(h.point));
			run.put('pointOnShape', hexPoint(h.pointOnShape));
			run.put('normal', hexPoint(h.normal));
			run.put('initial', h.initialOverlap ? 1 : 0);
			run.put('penetration', hex(h.penetration));
		}
		checkCast(v, run, h, instances);
	} finally {
		shape.dispose();
	}
}

const QUERIES = new Set(['chainContacts', 'chainRay', 'chainClosest', 'chainContains', 'chainBounds', 'chainCreate', 'chainCast']);

/** Runs one chain vector. Returns false when the vector is not one it knows. */
export function runChain2(np, v, run) {
	if (!QUERIES.has(v.query)) return false;
	const instances = [];
	let code = 'OK';
	try {
		for (const spec of v.chains) {
			const [chain, c] = attempt(() => makeChain(np, spec));
			if (c !== 'OK') {
				if (code === 'OK') code = c;
				continue;
			}
			instances.push({ chain, transform: readTransform(spec.transform) });
		}
		if (v.query === 'chainCreate') {
			const want = codeText(v.expect.error);
			run.put('error', codeText(code));
			if (codeText(code) !== want) run.fail(`error code: got ${code}, want ${v.expect.error}`);
		} else if (code !== 'OK') run.fail(`chain creation failed (${code})`);
		else if (v.query === 'chainContacts') runContacts(np, v, run, instances);
		else if (v.query === 'chainRay') runRay(np, v, run, instances);
		else if (v.query === 'chainClosest' || v.query === 'chainContains') runPoint(np, v, run, instances, v.query === 'chainContains');
		else if (v.query === 'chainCast') runCast(np, v, run, instances);
		else runBounds(np, v, run, instances);
	} finally {
		for (const inst of instances) inst.chain.dispose();
	}
	return true;
}
