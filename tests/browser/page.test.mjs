// Browser test of the teaching page (web/: GJK, EPA and clipping stepper): Debian's chromium driven by playwright-core.
//
// Serves the repository with tools/serve.mjs on a free 127.0.0.1 port, loads /web/, and fails on
// any console error, page error or failed request. Then it drives window.narrowphaseDemo and the
// mouse, and compares what the page reports with the library's own answers computed here in Node
// (js/narrowphase.mjs, same wasm) for the same input. Screenshots go to build/artifacts/.
//
//   node --test tests/browser/        (make test-browser builds the wasm first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { init } from '../../js/narrowphase.mjs';
import { artifacts, canvasColours as pageColours, launch, root, startServer, watch } from './harness.mjs';

let server;
let baseUrl;
let browser;
let page;
let np;
const problems = []; // console errors, page errors, failed requests: each one fails the run

/** Shapes built in Node exactly as the page builds them from (kind, params). */
function makeShape(kind, p) {
	if (kind === 'circle') return np.circle(p.radius);
	if (kind === 'box') return np.box2d(p.hx, p.hy);
	if (kind === 'capsule') return np.capsule2d(p.halfLength, p.radius);
	return np.polygon2d(p.vertices, { radius: p.radius ?? 0 });
}

function reference(a, b) {
	const A = makeShape(a.kind, a.params);
	const B = makeShape(b.kind, b.params);
	try {
		return {
			pen: np.penetration(A, a.transform, B, b.transform, { trace: true }),
			dist: np.distance(A, a.transform, B, b.transform, { trace: true }),
			manifold: np.manifold(A, a.transform, B, b.transform, { margin: 0, trace: true }),
		};
	} finally {
		A.dispose();
		B.dispose();
	}
}

const demo = (fn, ...args) => page.evaluate(([f, a]) => window.narrowphaseDemo[f](...a), [fn, args]);

async function setScene(a, b) {
	// Pointer tests need the world view on screen: earlier form fills may have scrolled the page.
	await page.evaluate(() => window.scrollTo(0, 0));
	await demo('setShape', 'a', a.kind, a.params, a.transform);
	return demo('setShape', 'b', b.kind, b.params, b.transform);
}

/** Number of distinct colours in each canvas (a blank canvas has 1). */
const canvasColours = () => pageColours(page);

const close = (x, y, tol, what) => assert.ok(Math.abs(x - y) <= tol, `${what}: page ${x} vs library ${y} (tolerance ${tol})`);

before(async () => {
	assert.ok(existsSync(join(root, 'js', 'narrowphase.wasm')), 'js/narrowphase.wasm missing: run make wasm');
	mkdirSync(artifacts, { recursive: true });
	np = await init();
	const s = await startServer();
	server = s.child;
	baseUrl = s.url;
	browser = await launch();
	const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 2 });
	page = await context.newPage();
	watch(page, problems);
	const response = await page.goto(baseUrl, { waitUntil: 'load' });
	assert.equal(response.status(), 200);
	await page.waitForFunction(() => window.narrowphaseDemo && window.narrowphaseDemo.state().ready, null, { timeout: 15000 });
});

after(async () => {
	if (browser) await browser.close();
	if (server) server.kill();
});

test('the page loads its modules and wasm with the right MIME types and no errors', async () => {
	for (const [path, type] of [
		['/web/demo.mjs', 'text/javascript'],
		['/js/narrowphase.mjs', 'text/javascript'],
		['/js/narrowphase.wasm', 'application/wasm'],
		['/web/style.css', 'text/css'],
	]) {
		const res = await fetch(new URL(path, baseUrl));
		assert.equal(res.status, 200, path);
		assert.ok(res.headers.get('content-type').startsWith(type), `${path}: ${res.headers.get('content-type')}`);
	}
	assert.equal((await fetch(new URL('/.git/HEAD', baseUrl))).status, 403);
	assert.equal((await fetch(new URL('/web/../../etc/passwd', baseUrl))).status, 404);
	const s = await demo('state');
	assert.equal(s.ready, true);
	assert.equal(s.error, null);
	assert.deepEqual(problems, []);
});

test('initial view: both canvases are drawn, crisp at devicePixelRatio 2', async () => {
	const s = await demo('state');
	// The initial scene overlaps, so the player starts at GJK's first step with EPA steps ahead.
	assert.equal(s.overlapping, true);
	assert.equal(s.phase, 'gjk');
	assert.equal(s.chapter, 'gjk');
	assert.equal(s.iteration, 0);
	assert.ok(s.iterations >= 1);
	await page.screenshot({ path: join(artifacts, 'epa-initial.png'), fullPage: true });
	const canvases = await canvasColours();
	assert.equal(canvases.length, 2);
	for (const c of canvases) {
		assert.ok(c.colours >= 20, `${c.id} looks blank: ${c.colours} colours`);
		const css = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().width, c.id);
		assert.equal(c.width, Math.round(css * 2), `${c.id} backing store is not devicePixelRatio-scaled`);
	}
});

// Known inputs: EPA from a triangle, a rounded pair, a capsule, the cores-apart case, a point pair.
const cases = [
	{
		name: 'polygon vs box',
		a: { kind: 'polygon', params: { vertices: [[-1.2, -0.6], [0.9, -1.0], [1.4, 0.3], [0.2, 1.2], [-0.9, 0.8]], radius: 0 }, transform: { position: [-0.9, 0.2], angle: 0.15 } },
		b: { kind: 'box', params: { hx: 1.0, hy: 0.65 }, transform: { position: [0.85, -0.35], angle: 0.6 } },
	},
	{
		name: 'rounded polygon vs capsule',
		a: { kind: 'polygon', params: { vertices: [[-1, -1], [1, -1], [0, 1.2]], radius: 0.2 }, transform: { position: [0, 0], angle: 0 } },
		b: { kind: 'capsule', params: { halfLength: 1.1, radius: 0.3 }, transform: { position: [0.4, 0.9], angle: -0.4 } },
	},
	{
		name: 'rounded polygon vs capsule, cores overlapping (EPA on the cores, radius added)',
		a: { kind: 'polygon', params: { vertices: [[-1, -1], [1, -1], [0, 1.2]], radius: 0.2 }, transform: { position: [0, 0], angle: 0 } },
		b: { kind: 'capsule', params: { halfLength: 1.1, radius: 0.3 }, transform: { position: [0.2, 0.4], angle: -0.4 } },
	},
	{
		name: 'equal boxes side by side (origin on the simplex edge: EPA starts from the edge pair)',
		a: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [0, 0], angle: 0 } },
		b: { kind: 'box', params: { hx: 1, hy: 1 }, transform: { position: [1.5, 0], angle: 0 } },
		expect: { startedFromEdge: true, depth: 0.5, normal: [1, 0] },
	},
	{
		name: 'concentric circles (both cores one point)',
		a: { kind: 'circle', params: { radius: 0.7 }, transform: { position: [0.3, -0.2], angle: 0 } },
		b: { kind: 'circle', params: { radius: 0.5 }, transform: { position: [0.3, -0.2], angle: 0 } },
		expect: { depth: 1.2 },
	},
	{
		name: 'box vs box, deep',
		a: { kind: 'box', params: { hx: 1.5, hy: 1 }, transform: { position: [0, 0], angle: 0 } },
		b: { kind: 'box', params: { hx: 0.8, hy: 0.8 }, transform: { position: [0.7, 0.3], angle: 0.3 } },
	},
	{
		name: 'circle vs circle (cores apart, only the radii overlap)',
		a: { kind: 'circle', params: { radius: 1 }, transform: { position: [-0.5, 0], angle: 0 } },
		b: { kind: 'circle', params: { radius: 0.8 }, transform: { position: [0.9, 0.4], angle: 0 } },
	},
];

for (const c of cases) {
	test(`GJK, EPA and clipping stepped to the end match the library in Node: ${c.name}`, async () => {
		const ref = reference(c.a, c.b);
		assert.ok(ref.pen, 'test case must overlap');
		let s = await setScene(c.a, c.b);
		assert.equal(s.phase, 'gjk');
		assert.equal(s.gjkIndex, 0);
		assert.equal(s.iteration, 0);
		assert.equal(s.done, false);
		assert.equal(s.overlapping, true);
		assert.equal(s.iterations, ref.pen.iterations);
		// The frames: GJK's steps, EPA's start, steps and result, then the manifold's stages.
		const gjk = ref.pen.gjk.steps;
		const clip = ref.manifold.clip;
		const stages = clip.path === 'closed-form' ? ['closed-form'] : ['axes', ...clip.attempts.flatMap((a, i) => (a.missed ? [`faces ${i}`] : [`faces ${i}`, `side0 ${i}`, `side1 ${i}`])), clip.path === 'closest' ? 'closest' : 'kept'];
		assert.equal(s.frames, gjk.length + ref.pen.steps.length + 2 + stages.length);
		assert.deepEqual(s.chapters, { gjk: 0, epa: gjk.length, manifold: gjk.length + ref.pen.steps.length + 2 });
		assert.deepEqual(s.gjkStep, gjk[0]);
		// Step one frame at a time; each shows the library's own trace step.
		let guard = 0;
		const seen = [];
		while (!s.done) {
			const prev = s.frame;
			s = await demo('step');
			assert.equal(s.frame, prev + 1);
			seen.push(s.phase);
			if (s.phase === 'gjk') {
				assert.equal(s.gjkIndex, s.frame);
				assert.deepEqual(s.gjkStep, gjk[s.gjkIndex], `GJK step ${s.gjkIndex}`);
			} else if (s.phase === 'step') {
				// Frame k shows trace step k-1 after EPA's start; its expansion (if any) counts as an iteration.
				assert.equal(s.stepIndex, s.frame - gjk.length - 1);
				assert.deepEqual(s.step, ref.pen.steps[s.stepIndex]);
				assert.equal(s.iteration, s.stepIndex + (s.step.stop === 'continue' ? 1 : 0));
			} else if (s.phase === 'clip') {
				const k = s.frame - s.chapters.manifold;
				assert.equal(s.clipAttempt === null ? s.clipStage : `${s.clipStage} ${s.clipAttempt}`, stages[k]);
				assert.deepEqual(s.clip, clip);
			}
			if (s.phase === 'result') {
				// EPA's answer, where EPA ends.
				close(s.depth, ref.pen.depth, 1e-12, 'depth');
				assert.equal(s.iteration, ref.pen.iterations);
			}
			assert.ok(++guard <= s.frames, 'too many steps');
		}
		assert.equal(seen.filter((p) => p === 'gjk').length, gjk.length - 1);
		assert.equal(seen.filter((p) => p === 'step').length, ref.pen.steps.length);
		assert.ok(seen.includes('start') && seen.includes('result'));
		assert.equal(s.phase, 'clip');
		// The last GJK step is the origin test that sent the pair to EPA, or (only the roundings
		// overlapping) the distance between the cores.
		const lastStop = gjk[gjk.length - 1].stop;
		if (ref.pen.stop === 'cores-separated') assert.ok(['repeated', 'no-progress'].includes(lastStop), lastStop);
		else assert.ok(['overlap', 'touching'].includes(lastStop), lastStop);
		assert.equal(s.stepCount, ref.pen.steps.length);
		assert.equal(s.iteration, s.iterations);
		assert.equal(s.iterations, ref.pen.iterations);
		close(s.depth, ref.pen.depth, 1e-12, 'depth');
		close(s.normal[0], ref.pen.normal[0], 1e-12, 'normal x');
		close(s.normal[1], ref.pen.normal[1], 1e-12, 'normal y');
		close(Math.hypot(...s.normal), 1, 1e-12, '|normal|');
		assert.equal(s.stop, ref.pen.stop);
		assert.equal(s.startedFromEdge, ref.pen.startedFromEdge);
		// Where a closed form exists, check it too (the library could be wrong in both places).
		if (c.expect) {
			if (c.expect.depth !== undefined) close(s.depth, c.expect.depth, 1e-12, 'depth (closed form)');
			if (c.expect.normal) c.expect.normal.forEach((v, i) => close(s.normal[i], v, 1e-12, `normal[${i}] (closed form)`));
			if (c.expect.startedFromEdge !== undefined) assert.equal(s.startedFromEdge, c.expect.startedFromEdge);
		}
		assert.deepEqual(s.contacts, ref.manifold.points);
		// step() at the end stays at the end; back() and reset() go back.
		assert.equal((await demo('step')).frame, s.frame);
		const back = await demo('back');
		assert.equal(back.frame, s.frame - 1);
		assert.equal(back.done, false);
		const reset = await demo('reset');
		assert.equal(reset.frame, 0);
		assert.equal(reset.iteration, 0);
		assert.equal((await demo('end')).done, true);
	});
}

test('apart: no EPA, the page reports the library distance', async () => {
	const a = { kind: 'box', params: { hx: 0.5, hy: 0.5 }, transform: { position: [-1.5, 0], angle: 0 } };
	const b = { kind: 'circle', params: { radius: 0.5 }, transform: { position: [1.5, 0.2], angle: 0 } };
	const ref = reference(a, b);
	assert.equal(ref.pen, null);
	let s = await setScene(a, b);
	assert.equal(s.overlapping, false);
	assert.equal(s.phase, 'gjk');
	assert.equal(s.frames, ref.dist.gjk.steps.length + 1);
	for (let k = 1; k < ref.dist.gjk.steps.length; k++) assert.deepEqual((await demo('step')).gjkStep, ref.dist.gjk.steps[k]);
	// GJK's last closest point is the closest point of A − B: the core distance (the radii add 0.5).
	const last = ref.dist.gjk.steps[ref.dist.gjk.steps.length - 1];
	assert.ok(['repeated', 'no-progress'].includes(last.stop));
	close(Math.hypot(...last.closest) - 0.5, 2, 1e-12, 'GJK closest point minus the radius');
	s = await demo('step');
	assert.equal(s.phase, 'apart');
	assert.equal(s.done, true);
	assert.equal(s.depth, null);
	close(s.distance, ref.dist.distance, 1e-12, 'distance');
	close(s.distance, 2, 1e-12, 'distance (closed form: 3 - 0.5 - 0.5)');
	assert.deepEqual(s.closestA, ref.dist.pointA);
	const canvases = await canvasColours();
	for (const c of canvases) assert.ok(c.colours >= 20, `${c.id} blank when apart`);
});

test('bad input is reported, not thrown into the console, and the old shape stays', async () => {
	await setScene(cases[0].a, cases[0].b);
	const err = await page.evaluate(() => {
		try {
			window.narrowphaseDemo.setShape('a', 'polygon', { vertices: [[0, 0], [1, 1], [2, 2]] });
			return null;
		} catch (e) {
			return e.code;
		}
	});
	assert.equal(err, 'NP_DEGENERATE');
	assert.equal((await demo('state')).shapes.a.kind, 'polygon');
	assert.deepEqual((await demo('state')).shapes.a.params.vertices, cases[0].a.params.vertices);
	// Typing a degenerate polygon in the editor shows the library's message beside it.
	const textarea = page.locator('.editor[data-which="a"] textarea[name="vertices"]');
	await textarea.fill('0 0\n1 1\n2 2');
	await textarea.blur();
	await page.waitForFunction(() => document.querySelector('.editor[data-which="a"] .error').textContent.includes('NP_DEGENERATE'));
	assert.deepEqual((await demo('state')).shapes.a.params.vertices, cases[0].a.params.vertices);
	// A pose the library refuses (non-finite, or beyond its range) leaves the scene as it was.
	const before = await demo('state');
	const code = await page.evaluate(() => {
		try {
			window.narrowphaseDemo.setTransform('b', { position: [NaN, 0], angle: 0 });
			return null;
		} catch (e) {
			return e.code;
		}
	});
	assert.ok(code && code.startsWith('NP_'), `library error code, got ${code}`);
	const x = page.locator('.editor[data-which="b"] input[name="x"]');
	await x.fill('1e300');
	await x.blur();
	const after = await demo('state');
	assert.deepEqual(after.shapes.b.transform, before.shapes.b.transform);
	assert.equal(after.depth, before.depth);
	assert.match(await page.textContent('.editor[data-which="b"] .error'), /NP_/);
	// The page still works afterwards.
	assert.equal((await demo('step')).frame, 1);
	await setScene(cases[0].a, cases[0].b);
});

test('buttons and keyboard drive the player', async () => {
	await setScene(cases[0].a, cases[0].b);
	await page.click('#btn-step');
	assert.equal((await demo('state')).frame, 1);
	await page.click('#btn-end');
	assert.equal((await demo('state')).done, true);
	await page.click('#btn-reset');
	assert.equal((await demo('state')).frame, 0);
	await page.focus('#btn-step');
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('ArrowRight');
	assert.equal((await demo('state')).frame, 2);
	await page.keyboard.press('ArrowLeft');
	assert.equal((await demo('state')).frame, 1);
	await page.keyboard.press('End');
	assert.equal((await demo('state')).done, true);
	await page.keyboard.press('Home');
	assert.equal((await demo('state')).frame, 0);
	// Play at 4 steps/s runs to the result by itself.
	await page.selectOption('#speed', '4');
	await page.click('#btn-play');
	assert.equal((await demo('state')).playing, true);
	await page.waitForFunction(() => window.narrowphaseDemo.state().done, null, { timeout: 10000 });
	assert.equal((await demo('state')).playing, false);
});

test('final EPA step screenshot: the result is drawn', async () => {
	await setScene(cases[0].a, cases[0].b);
	const m = (await demo('state')).chapters.manifold;
	const s = await demo('setFrame', m - 2); // the last iteration: closest edge, support point, convergence
	assert.equal(s.phase, 'step');
	assert.equal(s.step.stop, 'converged');
	await page.screenshot({ path: join(artifacts, 'epa-final-step.png'), fullPage: true });
	for (const c of await canvasColours()) assert.ok(c.colours >= 20, `${c.id} blank at the last step`);
	await demo('setFrame', m - 1);
	await page.screenshot({ path: join(artifacts, 'epa-result.png'), fullPage: true });
	for (const c of await canvasColours()) assert.ok(c.colours >= 20, `${c.id} blank at the result`);
});

test('dragging B with the mouse moves it and changes the depth as the library says', async () => {
	const a = { kind: 'box', params: { hx: 1.2, hy: 0.8 }, transform: { position: [-0.6, 0], angle: 0 } };
	const b = { kind: 'box', params: { hx: 0.7, hy: 0.7 }, transform: { position: [1.2, 0.2], angle: 0 } };
	const before = await setScene(a, b);
	await demo('end');
	assert.equal(before.overlapping, true);
	// Grab B away from A's outline and drag it 60 CSS pixels to the left, deeper into A.
	const grab = [1.6, 0.5];
	const from = await demo('worldToClient', grab);
	const to = { x: from.x - 60, y: from.y };
	await page.mouse.move(from.x, from.y);
	await page.mouse.down();
	for (let i = 1; i <= 6; i++) await page.mouse.move(from.x - 10 * i, from.y);
	await page.mouse.up();
	const s = await demo('state');
	const scale = await page.evaluate(() => {
		const n = window.narrowphaseDemo;
		return n.worldToClient([1, 0]).x - n.worldToClient([0, 0]).x; // CSS pixels per world unit
	});
	const moved = s.shapes.b.transform.position;
	// Pointer coordinates may be rounded to device pixels: allow half a CSS pixel.
	const px = 0.5 / scale;
	close(moved[0], b.transform.position[0] - (from.x - to.x) / scale, px, 'B moved left by the drag');
	close(moved[1], b.transform.position[1], px, 'B did not move vertically');
	assert.equal(s.shapes.a.transform.position[0], a.transform.position[0], 'A stays put');
	assert.ok(s.depth > before.depth + 0.5, `depth grows when B is pushed into A: ${before.depth} -> ${s.depth}`);
	const ref = reference(a, { ...b, transform: s.shapes.b.transform });
	close(s.depth, ref.pen.depth, 1e-12, 'depth after the drag');
	assert.equal(s.iterations, ref.pen.iterations);
	assert.equal(s.done, true, 'the player stays at the result while dragging');
	// Rotating with the wheel over B turns B only.
	await page.mouse.move(to.x, to.y);
	await page.mouse.wheel(0, 100);
	const r = await demo('state');
	assert.notEqual(r.shapes.b.transform.angle, 0);
	assert.equal(r.shapes.a.transform.angle, 0);
	await page.screenshot({ path: join(artifacts, 'epa-after-drag.png'), fullPage: true });
});

test('the rotation handle turns a shape about its centre; the keyboard moves the selected shape', async () => {
	const a = { kind: 'box', params: { hx: 1.2, hy: 0.8 }, transform: { position: [-0.6, 0], angle: 0 } };
	const b = { kind: 'capsule', params: { halfLength: 0.8, radius: 0.4 }, transform: { position: [0.8, 0.3], angle: 0 } };
	await setScene(a, b);
	// B's handle lies on its local x axis; drag it a quarter turn around B's centre.
	const h = await demo('handleToClient', 'b');
	const c = await demo('worldToClient', b.transform.position);
	const r = h.x - c.x;
	assert.ok(r > 20 && Math.abs(h.y - c.y) < 1e-6, 'handle on the local x axis');
	await page.mouse.move(h.x, h.y);
	await page.mouse.down();
	for (let i = 1; i <= 8; i++) {
		const t = (i / 8) * (Math.PI / 2);
		await page.mouse.move(c.x + r * Math.cos(t), c.y - r * Math.sin(t));
	}
	await page.mouse.up();
	let s = await demo('state');
	close(s.shapes.b.transform.angle, Math.PI / 2, 0.02, 'B turned a quarter turn counter-clockwise');
	assert.deepEqual(s.shapes.b.transform.position, b.transform.position, 'rotating does not move B');
	const ref = reference(a, { ...b, transform: s.shapes.b.transform });
	close(s.depth, ref.pen.depth, 1e-12, 'depth after rotating');
	// Keyboard on the focused world view: 1 selects A, ArrowRight moves it by 0.05, Shift by 0.25.
	// Reach the world view from the keyboard: it is the first stop in the tab order.
	await page.click('#world-title'); // moves the tab starting point to the world panel
	await page.keyboard.press('Tab');
	assert.equal(await page.evaluate(() => document.activeElement.id), 'world-canvas');
	await page.keyboard.press('1');
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('Shift+ArrowUp');
	s = await demo('state');
	assert.equal(s.selected, 'a');
	close(s.shapes.a.transform.position[0], -0.55, 1e-12, 'A moved right');
	close(s.shapes.a.transform.position[1], 0.25, 1e-12, 'A moved up');
	const focusOutline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
	assert.notEqual(focusOutline, 'none', 'focused canvas shows a visible focus ring');
});

test('touch: dragging a shape with a finger moves it (pointer events)', async () => {
	const a = { kind: 'circle', params: { radius: 0.8 }, transform: { position: [-1.5, 0], angle: 0 } };
	const b = { kind: 'circle', params: { radius: 0.6 }, transform: { position: [1.5, 0], angle: 0 } };
	await setScene(a, b);
	const cdp = await page.context().newCDPSession(page);
	const from = await demo('worldToClient', b.transform.position);
	const touch = (type, x, y) =>
		cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }] });
	await touch('touchStart', from.x, from.y);
	for (let i = 1; i <= 5; i++) await touch('touchMove', from.x - 16 * i, from.y + 4 * i);
	await touch('touchEnd');
	await cdp.detach();
	const s = await demo('state');
	const scale = await page.evaluate(() => {
		const n = window.narrowphaseDemo;
		return n.worldToClient([1, 0]).x - n.worldToClient([0, 0]).x;
	});
	close(s.shapes.b.transform.position[0], 1.5 - 80 / scale, 1 / scale, 'B x after the touch drag');
	close(s.shapes.b.transform.position[1], -20 / scale, 1 / scale, 'B y after the touch drag');
	const ref = reference(a, { ...b, transform: s.shapes.b.transform });
	close(s.distance, ref.dist.distance, 1e-12, 'distance after the touch drag');
});

test('the shape editors switch kinds and reshape polygons through the library', async () => {
	await setScene(cases[0].a, cases[0].b);
	const editor = '.editor[data-which="b"]';
	for (const kind of ['circle', 'capsule', 'polygon', 'box']) {
		await page.selectOption(`${editor} select[name="kind"]`, kind);
		const s = await demo('state');
		assert.equal(s.shapes.b.kind, kind);
		// The visible parameter fields are the kind's own.
		const visible = await page.$$eval(`${editor} [data-kinds]`, (els) => els.filter((el) => !el.hidden).map((el) => el.dataset.kinds));
		assert.ok(visible.length > 0 && visible.every((k) => k.split(' ').includes(kind)), `${kind}: ${visible}`);
		const ref = reference(s.shapes.a, s.shapes.b);
		assert.equal(s.overlapping, ref.pen !== null, `${kind}: overlap as the library says`);
		if (ref.pen) close(s.depth, ref.pen.depth, 1e-12, `${kind}: depth`);
	}
	// Typing a half width updates the box live.
	await page.fill(`${editor} input[name="hx"]`, '1.6');
	assert.equal((await demo('state')).shapes.b.params.hx, 1.6);
	// Typing polygon points: the library takes their hull (the inner point is dropped).
	await page.selectOption(`${editor} select[name="kind"]`, 'polygon');
	await page.fill(`${editor} textarea[name="vertices"]`, '-1 -1\n1 -1\n1 1\n-1 1\n0 0');
	let s = await demo('state');
	assert.equal(s.shapes.b.params.vertices.length, 5);
	const hull = await page.evaluate(() => window.narrowphaseDemo.state().shapes.b);
	const B = np.polygon2d(hull.params.vertices);
	assert.equal(B.vertices.length, 4);
	B.dispose();
	// Random polygon: a new valid polygon each time.
	await page.click(`${editor} button[name="randomise"]`);
	s = await demo('state');
	assert.equal(s.shapes.b.kind, 'polygon');
	assert.ok(s.shapes.b.params.vertices.length >= 3);
});

test('dragging a polygon corner reshapes it', async () => {
	const a = { kind: 'box', params: { hx: 0.5, hy: 0.5 }, transform: { position: [-2, -2], angle: 0 } };
	const b = { kind: 'polygon', params: { vertices: [[-1, -1], [1, -1], [1, 1], [-1, 1]], radius: 0 }, transform: { position: [0.5, 0.5], angle: 0 } };
	await setScene(a, b);
	await demo('select', 'b');
	// Corner (1, 1) of B is at world (1.5, 1.5); drag it 40 px right.
	const from = await demo('worldToClient', [1.5, 1.5]);
	await page.mouse.move(from.x, from.y);
	await page.mouse.down();
	for (let i = 1; i <= 4; i++) await page.mouse.move(from.x + 10 * i, from.y);
	await page.mouse.up();
	const s = await demo('state');
	const scale = await page.evaluate(() => window.narrowphaseDemo.worldToClient([1, 0]).x - window.narrowphaseDemo.worldToClient([0, 0]).x);
	assert.deepEqual(s.shapes.b.transform.position, [0.5, 0.5], 'the polygon did not move');
	const moved = s.shapes.b.params.vertices.find((v) => v[0] > 1.01);
	assert.ok(moved, `a vertex moved right: ${JSON.stringify(s.shapes.b.params.vertices)}`);
	close(moved[0], 1 + 40 / scale, 2e-3, 'dragged corner x (3 decimals)');
	close(moved[1], 1, 2e-3, 'dragged corner y');
});

test('every example scene loads from the menu and agrees with the library', async () => {
	const names = await page.evaluate(() => window.narrowphaseDemo.examples);
	assert.ok(names.length >= 5);
	const seen = new Set();
	for (const name of names) {
		await page.selectOption('#example', name);
		let s = await demo('state');
		assert.equal(s.frame, 0, name);
		const ref = reference(s.shapes.a, s.shapes.b);
		assert.equal(s.overlapping, ref.pen !== null, `${name}: overlap`);
		s = await demo('end');
		if (ref.pen) {
			close(s.depth, ref.pen.depth, 1e-12, `${name}: depth`);
			assert.equal(s.iteration, ref.pen.iterations, `${name}: iterations`);
			seen.add(ref.pen.startedFromEdge ? 'edge' : ref.pen.stop);
		} else {
			close(s.distance, ref.dist.distance, 1e-12, `${name}: distance`);
			seen.add('apart');
		}
		for (const c of await canvasColours()) assert.ok(c.colours >= 20, `${name}: ${c.id} blank`);
	}
	// The menu covers the cases the page explains.
	for (const kind of ['converged', 'edge', 'cores-separated', 'apart']) assert.ok(seen.has(kind), `no example for ${kind}`);
	await page.selectOption('#example', 'edge');
	await demo('step');
	await page.screenshot({ path: join(artifacts, 'epa-edge-pair.png'), fullPage: true });
});

test('phone-sized viewport: views stack and stay drawn', async () => {
	await page.setViewportSize({ width: 390, height: 844 });
	await page.waitForFunction(() => document.getElementById('world-canvas').getBoundingClientRect().width < 400);
	await setScene(cases[0].a, cases[0].b);
	await demo('step');
	// The canvases follow the window: backing store = CSS size x devicePixelRatio again.
	await page.waitForFunction(() =>
		[...document.querySelectorAll('canvas')].every((c) => c.width === Math.round(c.getBoundingClientRect().width * devicePixelRatio)),
	);
	const boxes = await page.evaluate(() => ['world-canvas', 'cso-canvas'].map((id) => document.getElementById(id).getBoundingClientRect().toJSON()));
	assert.ok(boxes[1].top >= boxes[0].bottom, 'Minkowski view is below the world view on a phone');
	assert.ok(boxes[0].width <= 390 && boxes[0].width > 300);
	const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
	assert.ok(scrollWidth <= 390, `no horizontal scrolling on a phone (scrollWidth ${scrollWidth})`);
	await page.screenshot({ path: join(artifacts, 'epa-phone.png'), fullPage: true });
	for (const c of await canvasColours()) assert.ok(c.colours >= 20, `${c.id} blank on a phone`);
	await page.setViewportSize({ width: 1280, height: 1000 });
});

test('presets load from the URL, show their note, and the library does what the note says', async () => {
	const presets = await page.evaluate(() => window.__np.presets);
	for (const name of ['touching', 'edge', 'coincident', 'deep', 'rounded', 'sliver']) assert.ok(presets.includes(name), `preset ${name}`);
	const states = {};
	for (const name of presets) {
		await page.goto(`${baseUrl}#preset=${name}&f=2`);
		await page.waitForFunction((n) => window.__np && document.getElementById('example').value === n && window.__np.state().frame === 2, name);
		const s = await demo('state');
		states[name] = s;
		assert.equal(await page.isVisible('#preset-note'), true, `${name}: note shown`);
		assert.ok((await page.textContent('#preset-note')).length > 100, `${name}: a real note`);
		const ref = reference(s.shapes.a, s.shapes.b);
		if (ref.pen) close(s.depth, ref.pen.depth, 1e-12, `${name}: depth`);
		for (const c of await canvasColours()) assert.ok(c.colours >= 20, `${name}: ${c.id} blank`);
	}
	// What the notes claim, checked against the library and closed forms.
	const t = states.touching;
	const tr = reference(t.shapes.a, t.shapes.b);
	assert.equal(t.overlapping, true);
	assert.equal(t.depth, 0);
	assert.equal(t.distance, 0);
	assert.deepEqual(t.normal, [1, 0]);
	assert.equal(tr.pen.gjk.steps.at(-1).stop, 'touching');
	assert.equal(tr.manifold.points.length, 2);
	for (const p of tr.manifold.points) assert.equal(p.depth, 0);
	const c = states.coincident;
	close(c.depth, 1.2, 1e-12, 'coincident boxes: depth is the full height');
	close(Math.abs(c.normal[0] * Math.cos(0.4) + c.normal[1] * Math.sin(0.4)), 0, 1e-12, 'coincident boxes: normal along the short axis');
	assert.equal(c.startedFromEdge, true);
	assert.equal(states.edge.startedFromEdge, true);
	const sl = reference(states.sliver.shapes.a, states.sliver.shapes.b);
	assert.equal(sl.pen.gjk.steps.at(-1).stop, 'overlap');
	assert.ok(sl.pen.gjk.steps.length <= 6, 'the sliver takes a few GJK steps');
	assert.equal(sl.manifold.clip.path, 'face');
	assert.equal(sl.manifold.clip.attempts.at(-1).refShape, 'a', 'the plank holds the reference face');
	const dp = states.deep;
	const A = makeShape(dp.shapes.a.kind, dp.shapes.a.params);
	const B = makeShape(dp.shapes.b.kind, dp.shapes.b.params);
	const pose = (t, v) => [t.position[0] + Math.cos(t.angle) * v[0] - Math.sin(t.angle) * v[1], t.position[1] + Math.sin(t.angle) * v[0] + Math.cos(t.angle) * v[1]];
	const PA = A.vertices.map((v) => pose(dp.shapes.a.transform, v));
	const inside = (p) => PA.every((v, i) => {
		const w = PA[(i + 1) % PA.length];
		return (w[0] - v[0]) * (p[1] - v[1]) - (w[1] - v[1]) * (p[0] - v[0]) > 0;
	});
	assert.ok(B.vertices.every((v) => inside(pose(dp.shapes.b.transform, v))), 'deep: B lies inside A');
	assert.ok(dp.iterations >= 2, 'deep: several expansions');
	A.dispose();
	B.dispose();
	assert.ok(states.rounded.radius > 0);
});

test('the URL holds the scene and the step: opening it again shows the same moment', async () => {
	await page.goto(baseUrl);
	await page.waitForFunction(() => window.__np && window.__np.state().ready);
	await setScene(cases[1].a, cases[1].b);
	const s = await demo('setFrame', 5);
	const url = await demo('url');
	assert.match(url, /#a=polygon:/);
	const other = await page.context().newPage();
	await other.goto(url);
	await other.waitForFunction(() => window.__np && window.__np.state().ready && window.__np.state().frame === 5);
	const t = await other.evaluate(() => window.__np.state());
	assert.deepEqual(t.shapes, s.shapes);
	assert.equal(t.frame, 5);
	assert.equal(t.phase, s.phase);
	assert.equal(t.depth, s.depth);
	await other.close();
});

test('linked views: hovering a GJK support point rings the vertices of A and B that made it', async () => {
	await setScene(cases[0].a, cases[0].b);
	const s = await demo('setFrame', 1);
	assert.equal(s.phase, 'gjk');
	const sup = s.gjkStep.support;
	const at = await demo('csoToClient', sup.w);
	await page.mouse.move(at.x, at.y);
	const h = (await demo('state')).hover;
	assert.deepEqual(h, sup);
	// The ringed vertices are the shapes' own posed vertices with those indices.
	const ref = reference(s.shapes.a, s.shapes.b);
	const A = makeShape(s.shapes.a.kind, s.shapes.a.params);
	const ta = s.shapes.a.transform;
	const v = A.vertices[h.indexA];
	close(h.wA[0], ta.position[0] + Math.cos(ta.angle) * v[0] - Math.sin(ta.angle) * v[1], 1e-12, 'wA x');
	close(h.wA[1], ta.position[1] + Math.sin(ta.angle) * v[0] + Math.cos(ta.angle) * v[1], 1e-12, 'wA y');
	A.dispose();
	assert.deepEqual(ref.pen.gjk.steps[1].support, sup);
	await page.screenshot({ path: join(artifacts, 'stepper-linked.png'), fullPage: false });
	await page.mouse.move(5, 5);
	// Chapters: buttons and Page Down / Page Up.
	await page.click('[data-chapter="manifold"]');
	assert.equal((await demo('state')).chapter, 'manifold');
	await page.click('#world-title');
	await page.keyboard.press('PageUp');
	assert.equal((await demo('state')).chapter, 'epa');
	await page.keyboard.press('PageUp');
	assert.equal((await demo('state')).frame, 0);
	await page.keyboard.press('PageDown');
	assert.equal((await demo('state')).phase, 'start');
});

test('linked views: stepping to or hovering an EPA support point rings the vertices of A and B that made it', async () => {
	await page.goto(`${baseUrl}#preset=deep`);
	await page.waitForFunction(() => window.__np && window.__np.state().ready);
	let s = await demo('gotoChapter', 'epa');
	s = await demo('setFrame', s.frame + 1);
	assert.equal(s.phase, 'step');
	assert.equal(s.hover, null);
	// Stepping: the world view rings the step's support pair, and it is the posed vertices it names.
	const sup = s.step.supportVertex;
	assert.deepEqual(s.linked, sup);
	const posed = (which, i) => {
		const S = makeShape(s.shapes[which].kind, s.shapes[which].params);
		const t = s.shapes[which].transform;
		const v = S.vertices[i];
		S.dispose();
		return [t.position[0] + Math.cos(t.angle) * v[0] - Math.sin(t.angle) * v[1], t.position[1] + Math.sin(t.angle) * v[0] + Math.cos(t.angle) * v[1]];
	};
	const pa = posed('a', sup.indexA);
	const pb = posed('b', sup.indexB);
	for (let k = 0; k < 2; k++) {
		close(sup.wA[k], pa[k], 1e-12, `EPA support wA[${k}]`);
		close(sup.wB[k], pb[k], 1e-12, `EPA support wB[${k}]`);
		close(s.step.support[k], pa[k] - pb[k], 1e-12, `EPA support w[${k}] = wA - wB`);
	}
	// The same pair in the library's own trace.
	const ref = reference(s.shapes.a, s.shapes.b);
	assert.deepEqual(ref.pen.steps[s.stepIndex].supportVertex, sup);
	// Hovering the support point in the Minkowski view links the same pair.
	const at = await demo('csoToClient', sup.w);
	await page.mouse.move(at.x, at.y);
	const h = await demo('state');
	assert.deepEqual(h.hover, sup);
	assert.deepEqual(h.linked, sup);
	await page.screenshot({ path: join(artifacts, 'stepper-linked-epa.png'), fullPage: false });
	await page.mouse.move(5, 5);
	// Outside GJK and EPA steps nothing is ringed.
	assert.equal((await demo('gotoChapter', 'manifold')).linked, null);
});

test('no console errors, page errors or failed requests during the whole run', () => {
	assert.deepEqual(problems, []);
});
