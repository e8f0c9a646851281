// Browser tests of the other pages: the stacking demo (60 simulated seconds at full speed, positions
// read back against the stated tolerance, and the toggles doing what the page says), the casts
// playground (rays on shapes and the chain, shape casts and time of impact against the library in
// Node, the drawn poses touching by np.distance, a drag, the keyboard and the scrubber), and every example under examples/
// (loads without console errors, draws something, answers as the library does). Each page is driven
// through its window.__np controller. Screenshots go to build/artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { init } from '../../js/narrowphase.mjs';
import { artifacts, canvasColours, launch, root, startServer, watch } from './harness.mjs';

let server;
let site; // http://127.0.0.1:port/
let browser;
let page;
let np;
const problems = [];
let chainOfPage = null; // the casts playground's chain, rebuilt here from the points it reports
const chain = (s) => (chainOfPage ??= np.chain2d(s.chain.points));

before(async () => {
	assert.ok(existsSync(join(root, 'js', 'narrowphase.wasm')), 'js/narrowphase.wasm missing: run make wasm');
	mkdirSync(artifacts, { recursive: true });
	np = await init();
	const s = await startServer();
	server = s.child;
	site = s.url.replace(/web\/$/, '');
	browser = await launch();
	const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
	page = await context.newPage();
	watch(page, problems);
});

after(async () => {
	if (browser) await browser.close();
	if (server) server.kill();
});

async function open(path) {
	const res = await page.goto(site + path, { waitUntil: 'load' });
	assert.equal(res.status(), 200, path);
	await page.waitForFunction(() => window.__np && window.__np.ready !== null, null, { timeout: 15000 });
	await page.evaluate(() => window.__np.ready);
}

/** Opens the casts playground unless the page is on it (each casts test can run alone). */
async function openCasts() {
	if (!page.url().endsWith('web/casts.html')) await open('web/casts.html');
}

const close = (x, y, tol, what) => assert.ok(Math.abs(x - y) <= tol, `${what}: page ${x} vs library ${y} (tolerance ${tol})`);

test('stacking demo: the pyramid and the 3D stack stand for 60 simulated seconds', async () => {
	await open('web/stack.html');
	await page.evaluate(() => window.__np.pause());
	let s = await page.evaluate(() => window.__np.reset({ warmStarting: true, ghosts: false }));
	assert.equal(s.boxes2d.length, 20, '20 boxes in the pyramid');
	assert.equal(s.boxes3d.length, 6);
	const start2 = s.boxes2d;
	const start3 = s.boxes3d;
	s = await page.evaluate(() => window.__np.run(60));
	close(s.time, 60, 1e-9, 'simulated time');
	// Read the positions back and measure here, independently of the page's own drift figures.
	const tol = s.tolerance;
	assert.equal(tol, 0.05);
	let worst2 = 0;
	s.boxes2d.forEach((b, i) => {
		worst2 = Math.max(worst2, Math.hypot(b.x - start2[i].x, b.y - start2[i].y));
		assert.ok(Math.abs(b.angle - start2[i].angle) <= tol, `2D box ${i} turned ${b.angle}`);
	});
	let worst3 = 0;
	s.boxes3d.forEach((b, i) => {
		worst3 = Math.max(worst3, Math.hypot(...b.position.map((v, k) => v - start3[i].position[k])));
		assert.ok(2 * Math.acos(Math.min(1, Math.abs(b.rotation[3]))) <= tol, `3D box ${i} turned`);
	});
	assert.ok(worst2 <= tol, `2D pyramid drifted ${worst2}`);
	assert.ok(worst3 <= tol, `3D stack drifted ${worst3}`);
	// Every 3D box is still on the one below it (resting heights 0.5, 1.5, ...).
	s.boxes3d.forEach((b, i) => close(b.position[1], 0.5 + i, tol, `3D box ${i} height`));
	assert.equal(s.standing2d, true);
	assert.equal(s.standing3d, true);
	console.log(`# stack after 60 s: 2D worst drift ${worst2.toExponential(2)}, 3D worst drift ${worst3.toExponential(2)} (tolerance ${tol})`);
	await page.evaluate(() => window.__np.run(0)); // redraw
	await page.screenshot({ path: join(artifacts, 'stack.png'), fullPage: true });
	for (const c of await canvasColours(page)) assert.ok(c.colours >= 10, `${c.id} blank`);
});

test('stacking demo: without warm starting both stacks move beyond the tolerance; ghost contacts appear when left in', async () => {
	await page.evaluate(() => window.__np.reset({ warmStarting: false }));
	let s = await page.evaluate(() => window.__np.run(10));
	assert.equal(s.warmStarting, false);
	assert.ok(s.drift2d > s.tolerance, `2D without warm starting drifted only ${s.drift2d}`);
	assert.ok(s.drift3d > s.tolerance, `3D without warm starting drifted only ${s.drift3d}`);
	await page.screenshot({ path: join(artifacts, 'stack-no-warm-start.png'), fullPage: true });
	await page.evaluate(() => window.__np.reset({ warmStarting: true, ghosts: false }));
	s = await page.evaluate(() => window.__np.run(5));
	assert.equal(s.ghostContactsTotal, 0, 'internal-edge removal leaves no tilted normal on the flat floor');
	await page.evaluate(() => window.__np.reset({ warmStarting: true, ghosts: true }));
	s = await page.evaluate(() => window.__np.run(5));
	assert.ok(s.ghostContactsTotal > 0, 'the naive per-triangle result has tilted normals');
	// The checkboxes drive the same options.
	await page.uncheck('#warm');
	assert.equal((await page.evaluate(() => window.__np.state())).warmStarting, false);
	await page.check('#warm');
	await page.uncheck('#ghosts');
	s = await page.evaluate(() => window.__np.state());
	assert.equal(s.warmStarting, true);
	assert.equal(s.ghosts, false);
});

test('casts playground: every ray result is the library\'s, and dragging the tip moves the ray', async () => {
	await open('web/casts.html');
	const shapes = [np.circle(0.7), np.box2d(0.8, 0.5), np.capsule2d(0.8, 0.35), np.polygon2d([[-0.8, -0.6], [0.9, -0.5], [0, 0.9]]),
		np.polygon2d([[0.7, 0], [0.2, 0.66], [-0.57, 0.41], [-0.57, -0.41], [0.2, -0.66]], { radius: 0.2 })];
	const rays = [
		[[-3.4, -0.2], [3.2, 1.2]],
		[[-3.5, 1.1], [3.5, 1.1]],
		[[-2.2, 1.1], [0, 1.4]], // starts inside the circle
		[[0, -3], [0, 3]],
		[[3.8, -2.7], [3.8, 2.7]], // misses everything (crosses the one-sided chain from behind)
		[[-3.9, -0.5], [-3.9, -2.7]], // hits the chain from above
	];
	const seen = { hit: 0, miss: 0, inside: 0 };
	let chainHits = 0;
	for (const [origin, tip] of rays) {
		for (const solid of [true, false]) {
			await page.evaluate((v) => window.__np.setSolid(v), solid);
			const s = await page.evaluate(([o, t]) => window.__np.setRay(o, t), [origin, tip]);
			const dir = [tip[0] - origin[0], tip[1] - origin[1]];
			const ref = [];
			s.shapes.forEach((sh, i) => {
				const h = np.rayCast(shapes[i], sh.transform, origin, dir, { maxFraction: 1, solid });
				if (h) ref.push({ shape: sh.name, ...h });
			});
			const onChain = np.rayCast(chain(s), null, origin, dir, { maxFraction: 1 });
			if (onChain) ref.push({ shape: 'chain', ...onChain });
			ref.sort((a, b) => a.fraction - b.fraction);
			assert.deepEqual(s.hits, ref, `ray ${JSON.stringify([origin, tip])} solid ${solid}`);
			if (ref.some((h) => h.shape === 'chain')) chainHits++;
			if (ref.length === 0) seen.miss++;
			else if (ref[0].fraction === 0) seen.inside++;
			else seen.hit++;
			assert.ok((await page.textContent('#summary')).length > 20);
		}
	}
	assert.ok(seen.hit && seen.miss && seen.inside, JSON.stringify(seen));
	assert.ok(chainHits > 0, 'a ray hit the chain');
	// Drag the tip with the mouse: the state follows and the hits are recomputed.
	await page.evaluate(() => window.__np.setRay([-3.4, -0.2], [3.2, 1.2]));
	const from = await page.evaluate(() => window.__np.toClient([3.2, 1.2]));
	await page.mouse.move(from.x, from.y);
	await page.mouse.down();
	for (let i = 1; i <= 5; i++) await page.mouse.move(from.x, from.y + 20 * i);
	await page.mouse.up();
	const s = await page.evaluate(() => window.__np.state());
	assert.ok(s.tip[1] < 1.2 - 0.5, `tip dragged down: ${s.tip}`);
	assert.deepEqual(s.origin, [-3.4, -0.2]);
	// Keyboard: arrows move the origin.
	await page.focus('#casts-canvas');
	await page.keyboard.press('ArrowUp');
	close((await page.evaluate(() => window.__np.state())).origin[1], -0.1, 1e-12, 'origin moved up by the keyboard');
	// Every mode is live now.
	assert.deepEqual(await page.$$eval('input[name="mode"]', (els) => els.map((e) => [e.value, e.disabled])), [['ray', false], ['shapeCast', false], ['toi', false], ['chain', false]]);
	await page.screenshot({ path: join(artifacts, 'casts.png'), fullPage: true });
	for (const c of await canvasColours(page)) assert.ok(c.colours >= 10, `${c.id} blank`);
	for (const sh of shapes) sh.dispose();
});

test('casts playground, chain mode: one-sided rays, front hits and back crossings both the library\'s', async () => {
	await openCasts();
	await page.check('input[name="mode"][value="chain"]');
	let s = await page.evaluate(() => window.__np.state());
	assert.equal(s.mode, 'chain');
	const reversed = np.chain2d([...s.chain.points].reverse());
	const segments = s.chain.points.length - 1;
	const seen = { front: 0, passed: 0 };
	for (const [origin, tip] of [[[-3.6, -2.75], [-0.4, -0.9]], [[-3.0, 0.4], [-0.6, -2.7]], [[2.0, -2.75], [2.0, 1]], [[2.0, 1], [2.0, -2.75]], [[3.9, 0], [-3.9, 0]]]) {
		s = await page.evaluate(([o, t]) => window.__np.setRay(o, t), [origin, tip]);
		const dir = [tip[0] - origin[0], tip[1] - origin[1]];
		const front = np.rayCast(chain(s), null, origin, dir, { maxFraction: 1 });
		assert.deepEqual(s.hits, front ? [{ shape: 'chain', ...front }] : [], `front hit of ${JSON.stringify([origin, tip])}`);
		const back = np.rayCast(reversed, null, origin, dir, { maxFraction: 1 });
		assert.deepEqual(s.backHit, back ? { ...back, segment: segments - 1 - back.segment } : null, 'back crossing');
		if (front) {
			seen.front++;
			assert.ok(front.normal[0] * dir[0] + front.normal[1] * dir[1] < 0, 'a front hit faces the ray');
		}
		if (back && !front) {
			seen.passed++;
			assert.match(await page.textContent('#summary'), /from behind/);
		}
	}
	assert.ok(seen.front >= 2 && seen.passed >= 2, JSON.stringify(seen));
	reversed.dispose();
	for (const c of await canvasColours(page)) assert.ok(c.colours >= 10, `${c.id} blank`);
});

test('casts playground, shape cast mode: the drawn hit pose is np.shapeCast\'s and touches the shape', async () => {
	await openCasts();
	let s = await page.evaluate(() => window.__np.setMode('shapeCast'));
	assert.equal(await page.isChecked('input[name="mode"][value="shapeCast"]'), true);
	const capsule = np.capsule2d(0.3, 0.2);
	assert.deepEqual(s.cast.shape, { kind: capsule.kind, vertices: capsule.vertices, radius: capsule.radius });
	const targets = [np.circle(0.7), np.box2d(0.8, 0.5), np.capsule2d(0.8, 0.35), np.polygon2d([[-0.8, -0.6], [0.9, -0.5], [0, 0.9]]),
		np.polygon2d([[0.7, 0], [0.2, 0.66], [-0.57, 0.41], [-0.57, -0.41], [0.2, -0.66]], { radius: 0.2 })];
	const groundChain = np.chain2d(s.chain.points);
	const seen = { hit: 0, miss: 0, overlap: 0 };
	for (const [origin, tip] of [[[-3.5, -0.1], [3.3, 0.9]], [[-3.9, 2.6], [3.9, 2.6]], [[0, -2.6], [0.2, 2.6]], [[-2.2, 1.1], [-3, 2]], [[-3.9, -2.5], [3.9, -2.5]], [[3.5, -0.3], [-3.5, -0.5]], [[2.3, -1.2], [2.5, -3.2]]]) {
		s = await page.evaluate(([o, t]) => window.__np.setRay(o, t), [origin, tip]);
		const translation = [tip[0] - origin[0], tip[1] - origin[1]];
		const ref = [];
		s.shapes.forEach((sh, i) => {
			const h = np.shapeCast(capsule, { position: origin, angle: s.cast.angle }, translation, targets[i], sh.transform);
			if (h) ref.push({ shape: sh.name, i, ...h });
		});
		const onChain = np.shapeCast(capsule, { position: origin, angle: s.cast.angle }, translation, groundChain, null);
		if (onChain) ref.push({ shape: 'chain', i: -1, ...onChain });
		if (onChain) seen.chain = (seen.chain ?? 0) + 1;
		ref.sort((a, b) => a.fraction - b.fraction);
		assert.deepEqual(s.hits, ref.map(({ i, ...h }) => h), `cast ${JSON.stringify([origin, tip])}`);
		if (!ref.length) {
			seen.miss++;
			assert.equal(s.cast.hitPose, null);
			continue;
		}
		const h = ref[0];
		if (h.initialOverlap) seen.overlap++;
		else seen.hit++;
		// The pose drawn is start + fraction * translation; there the capsule touches the shape it hit.
		const pose = s.cast.hitPose;
		close(pose.position[0], origin[0] + h.fraction * translation[0], 1e-12, 'hit pose x');
		close(pose.position[1], origin[1] + h.fraction * translation[1], 1e-12, 'hit pose y');
		if (h.i < 0) {
			// On the chain: the hit point lies on the ground, and the capsule at the drawn pose touches it.
			close(np.closestPoint(groundChain, null, h.point).distance, 0, 1e-9, 'hit point on the chain');
			if (!h.initialOverlap) close(np.closestPoint(capsule, pose, h.point).distance, 0, 1e-6, 'capsule at the drawn pose touches the chain');
			continue;
		}
		const d = np.distance(capsule, pose, targets[h.i], s.shapes[h.i].transform);
		if (!h.initialOverlap) close(d.distance, 0, 1e-6, 'distance at the drawn hit pose');
		else assert.ok(d.distance <= 1e-9, 'an initial overlap starts touching');
		assert.ok((await page.textContent('#summary')).includes(h.shape));
	}
	assert.ok(seen.hit >= 3 && seen.miss >= 1 && seen.overlap >= 1 && seen.chain >= 1, JSON.stringify(seen));
	for (const c of await canvasColours(page)) assert.ok(c.colours >= 10, `${c.id} blank`);
	for (const sh of [capsule, ...targets]) sh.dispose();
});

test('casts playground, time of impact: the result is np.timeOfImpact\'s, and the pose at the marked fraction touches', async () => {
	await openCasts();
	await page.check('input[name="mode"][value="toi"]');
	const rod = np.box2d(0.9, 0.08);
	const box = np.polygon2d([[-0.45, -0.45], [0.45, -0.45], [0.45, 0.45], [-0.45, 0.45]], { radius: 0.05 });
	const at = (sweep, t) => ({
		position: [0, 1].map((k) => sweep.from.position[k] + t * (sweep.to.position[k] - sweep.from.position[k])),
		angle: sweep.from.angle + t * (sweep.to.angle - sweep.from.angle),
	});
	const states = {};
	for (const [origin, tip] of [[[-3.2, 0.1], [1.6, -0.1]], [[-3.4, 1.4], [2.6, 1.0]], [[-3.5, -2.5], [-1.5, -2.5]], [[-3.0, -1.2], [3.0, 1.4]]]) {
		let s = await page.evaluate(([o, t]) => window.__np.setRay(o, t), [origin, tip]);
		assert.equal(s.mode, 'toi');
		const { sweepA, sweepB } = s.toi;
		assert.deepEqual(sweepA.from.position, origin);
		assert.deepEqual(sweepA.to.position, tip);
		const ref = np.timeOfImpact(rod, sweepA, box, sweepB);
		assert.deepEqual(s.toi.result, ref);
		states[ref.state] = (states[ref.state] || 0) + 1;
		if (ref.state !== 'hit') continue;
		// The scrubber to the mark: the poses shown touch (np.distance here, from the poses of the sweep).
		s = await page.evaluate(() => window.__np.scrubToContact());
		assert.equal(s.toi.scrub, ref.fraction);
		close(s.toi.distance, 0, 1e-6, 'page distance at the first contact');
		close(np.distance(rod, at(sweepA, ref.fraction), box, at(sweepB, ref.fraction)).distance, 0, 1e-6, 'distance at the marked fraction');
		for (const k of [0, 0.25, 0.5, 0.75, 0.95]) {
			const f = k * ref.fraction;
			assert.ok(np.distance(rod, at(sweepA, f), box, at(sweepB, f)).distance > 0, `no contact before the mark (fraction ${f})`);
		}
		const [hidden, left] = await page.$eval('#contact-mark', (e) => [e.hidden, e.style.left]);
		assert.equal(hidden, false, 'the first contact is marked on the scrubber');
		close(parseFloat(left), 100 * ref.fraction, 1e-3, 'mark position (%)');
		s = await page.evaluate(() => window.__np.setScrub(0.5 * 0.999));
		close(s.toi.distance, np.distance(rod, s.toi.poseA, box, s.toi.poseB).distance, 0, 'scrubbed distance');
	}
	assert.ok(states.hit >= 2 && states.separated >= 1, JSON.stringify(states));
	// The slider and the button drive the same state (keyboard on the range input).
	await page.focus('#scrub');
	await page.keyboard.press('End');
	assert.equal((await page.evaluate(() => window.__np.state())).toi.scrub, 1);
	await page.click('#to-contact');
	const s = await page.evaluate(() => window.__np.state());
	assert.equal(s.toi.scrub, s.toi.result.fraction);
	assert.match(await page.textContent('#summary'), /first touch at fraction/);
	// The mode is in the URL: a link opens the page on it.
	assert.ok(page.url().endsWith('#mode=toi'), page.url());
	await page.goto(site + 'web/casts.html#mode=shapeCast');
	await page.reload();
	await page.waitForFunction(() => window.__np && window.__np.ready !== null);
	await page.evaluate(() => window.__np.ready);
	assert.equal((await page.evaluate(() => window.__np.state())).mode, 'shapeCast');
	assert.equal(await page.isChecked('input[name="mode"][value="shapeCast"]'), true);
	assert.equal(await page.isHidden('#toi-options'), true);
	await page.screenshot({ path: join(artifacts, 'casts-toi.png'), fullPage: true });
	for (const c of await canvasColours(page)) assert.ok(c.colours >= 10, `${c.id} blank`);
	rod.dispose();
	box.dispose();
});

test('casts playground: a touch drag moves a handle', async () => {
	await open('web/casts.html');
	const s0 = await page.evaluate(() => window.__np.setMode('toi'));
	const from = await page.evaluate((t) => window.__np.toClient(t), s0.tip);
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
	for (let i = 1; i <= 5; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x - 20 * i, y: from.y + 15 * i }] });
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
	await cdp.detach();
	const s1 = await page.evaluate(() => window.__np.state());
	console.log(`touch drag: ${s0.tip} -> ${s1.tip}`);
	// Without touch-action: none on the canvas the browser pans instead and cancels the drag after a few pixels.
	assert.ok(s1.tip[0] < s0.tip[0] - 0.6 && s1.tip[1] < s0.tip[1] - 0.45, `tip dragged by touch: ${s0.tip} -> ${s1.tip}`);
	assert.deepEqual(s1.toi.sweepA.to.position, s1.tip, 'the sweep follows the handle');
});

test('every example loads without errors, draws, and answers as the library does', async () => {
	const files = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.html') && f !== 'index.html').sort();
	assert.ok(files.length >= 8, `examples: ${files}`);
	// The index links every example.
	await page.goto(site + 'examples/');
	const links = await page.$$eval('#list a', (as) => as.map((a) => a.getAttribute('href')).sort());
	assert.deepEqual(links, files);
	for (const f of files) {
		await open(`examples/${f}`);
		await page.waitForFunction(() => window.__np.state() !== null);
		await page.waitForTimeout(150);
		const s = await page.evaluate(() => window.__np.state());
		for (const c of await canvasColours(page)) assert.ok(c.colours >= 10, `${f}: ${c.id} blank (${c.colours} colours)`);
		assert.ok((await page.textContent('#out')).trim().length > 0, `${f}: no readout`);
		// Recompute the example's last answer here (Node, same wasm) from the poses it reports.
		if (f === 'overlap.html') assert.equal(s.overlapping, np.overlap(np.box2d(1.2, 0.6), s.box, np.circle(0.5), s.ball));
		if (f === 'distance.html') {
			const d = np.distance(np.polygon2d([[1, 0], [0.31, 0.95], [-0.81, 0.59], [-0.81, -0.59], [0.31, -0.95]]), s.ta, np.capsule2d(0.8, 0.3), s.tb);
			assert.equal(s.distance, d.distance);
		}
		if (f === 'manifold2d.html') assert.deepEqual(s.manifold, np.manifold(np.box2d(3, 0.4), s.ta, np.box2d(0.6, 0.6), s.tb, { margin: 0.05 }));
		if (f === 'manifold3d.html') assert.deepEqual(s.manifold, np.manifold(np.box3d(2, 0.25, 1.5), s.ta, np.box3d(0.5, 0.5, 0.5), s.tb));
		if (f === 'casts.html') {
			const wall = np.polygon2d([[-0.4, -1.6], [0.5, -1.2], [0.3, 1.5], [-0.5, 1.2]]);
			assert.deepEqual(s.hit, np.shapeCast(np.capsule2d(0.3, 0.25), s.start, s.translation, wall, s.wallPose));
			assert.deepEqual(s.toi, np.timeOfImpact(np.box2d(0.8, 0.08), s.sweepA, np.box2d(0.35, 0.35), s.sweepB));
		}
		if (f === 'chains.html') {
			const ground = np.chain2d(s.points);
			const ref = [...np.chainContacts(np.circle(0.4), s.ballPose, ground, { removeGhosts: s.removeGhosts }),
				...np.chainContacts(np.box2d(0.35, 0.35), s.boxPose, ground, { removeGhosts: s.removeGhosts })];
			assert.deepEqual(s.contacts, ref);
			assert.ok(ref.length >= 2, 'both shapes touch the ground');
		}
		if (f === 'caches.html') {
			// The cache's manifold is np.manifold's; its points are the manifold's, by id, and some persist.
			const ledge = np.box2d(2.4, 0.3), box = np.box2d(0.6, 0.4);
			const ref = np.manifold(ledge, { position: [0, -0.3], angle: 0 }, box, s.tb, { margin: 0.05 });
			assert.deepEqual(s.manifold, ref);
			assert.deepEqual(s.points.map((p) => p.id), ref.points.map((p) => p.id));
			assert.ok(s.points.length >= 1 && s.stats.frames > 5 && s.stats.searched > 0, `caches: ${JSON.stringify(s.stats)}`);
			await page.waitForFunction(() => window.__np.state().points.some((p) => p.age > 3));
		}
		if (f === 'batches.html') {
			// Pair by pair, the batch's answer is the single manifold call's.
			const A = [np.box2d(0.35, 0.15), np.circle(0.25), np.capsule2d(0.25, 0.12), np.polygon2d([[-0.3, -0.2], [0.3, -0.2], [0, 0.25]], { radius: 0.03 })];
			const B = [np.box2d(0.15, 0.15), np.circle(0.14), np.polygon2d([[-0.18, -0.1], [0.18, -0.1], [0, 0.2]])];
			const pose = (t, i) => ({ position: [t[3 * i], t[3 * i + 1]], angle: t[3 * i + 2] });
			let points = 0;
			for (let i = 0; i < s.pairs; i++) {
				const m = np.manifold(A[i % A.length], pose(s.transformsA, i), B[(i >> 1) % B.length], pose(s.transformsB, i), { margin: 0.02 });
				assert.equal(s.pointCount[i], m.points.length, `pair ${i}`);
				m.points.forEach((p, k) => assert.equal(s.depth[2 * i + k], p.depth, `pair ${i} point ${k}`));
				if (m.points.length) assert.deepEqual(s.normal.slice(2 * i, 2 * i + 2), m.normal);
				points += m.points.length;
			}
			assert.equal(s.points, points);
			assert.ok(s.touching > 0);
		}
		await page.screenshot({ path: join(artifacts, `example-${f.replace('.html', '')}.png`) });
	}
	// Mesh contacts: the ghost toggle gives the naive result.
	await open('examples/meshcontacts.html');
	await page.check('#ghosts');
	await page.waitForFunction(() => window.__np.state().ghosts);
	assert.ok((await page.evaluate(() => window.__np.state())).contacts.length >= 1);
	// Chains: the ghost toggle asks for the naive per-segment result.
	await open('examples/chains.html');
	await page.check('#ghosts');
	await page.waitForFunction(() => window.__np.state().removeGhosts === false);
});

test('phone-width layout: the new pages do not scroll sideways', async () => {
	await page.setViewportSize({ width: 390, height: 844 });
	for (const path of ['web/casts.html', 'web/stack.html', 'examples/', 'examples/rays.html', 'examples/casts.html', 'examples/chains.html', 'examples/batches.html']) {
		await page.goto(site + path);
		await page.waitForTimeout(200);
		const w = await page.evaluate(() => document.documentElement.scrollWidth);
		assert.ok(w <= 390, `${path}: scrollWidth ${w}`);
	}
	await page.setViewportSize({ width: 1280, height: 1000 });
});

test('no console errors, page errors or failed requests on any page', () => {
	assert.deepEqual(problems, []);
});
