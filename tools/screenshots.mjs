#!/usr/bin/env node
// Retakes the README's screenshots of the pages (docs/screenshots/*.png) in Debian's chromium,
// driving each page through its window.__np controller to a telling moment.
//
//   node tools/screenshots.mjs        (make screenshots builds the wasm first)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, root, startServer } from '../tests/browser/harness.mjs';

const out = join(root, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const { child, url } = await startServer();
const site = url.replace(/web\/$/, '');
const browser = await launch();
try {
	const page = await browser.newPage({ viewport: { width: 1200, height: 1500 }, deviceScaleFactor: 1 });
	const ready = () => page.waitForFunction(() => window.__np && window.__np.ready !== null).then(() => page.evaluate(() => window.__np.ready));
	const shot = async (name, clip) => {
		await page.screenshot({ path: join(out, `${name}.png`), fullPage: !clip, clip });
		console.log(`docs/screenshots/${name}.png`);
	};
	// Stepper: a GJK step with its dropped point, an EPA step, and the clipping.
	const stepper = async (preset, chapter, offset, name) => {
		await page.goto(`${site}web/#preset=${preset}`);
		await ready();
		await page.evaluate(([c, o]) => window.__np.setFrame(window.__np.state().chapters[c] + o), [chapter, offset]);
		const box = await page.evaluate(() => {
			const r = document.querySelector('main').getBoundingClientRect();
			return { x: r.left, y: r.top + window.scrollY, width: r.width, height: Math.min(r.height, 1000) };
		});
		await shot(name, box);
	};
	await stepper('deep', 'gjk', 2, 'stepper-gjk');
	await stepper('deep', 'epa', 2, 'stepper-epa');
	await stepper('deep', 'manifold', 2, 'stepper-clip');
	await page.goto(`${site}web/casts.html`);
	await ready();
	await shot('casts');
	// The casts playground's other modes: a shape cast, a time of impact scrubbed to its first
	// contact, and a ray against the chain.
	for (const [mode, name] of [['shapeCast', 'casts-shapecast'], ['toi', 'casts-toi'], ['chain', 'casts-chain']]) {
		await page.evaluate((m) => {
			window.__np.setMode(m);
			if (m === 'toi') window.__np.scrubToContact();
		}, mode);
		await shot(name);
	}
	await page.goto(`${site}web/stack.html`);
	await ready();
	await page.evaluate(() => {
		window.__np.pause();
		return window.__np.run(3);
	});
	await shot('stack');
	await page.goto(`${site}examples/meshcontacts.html`);
	await ready();
	await page.waitForTimeout(300);
	await shot('example-meshcontacts');
} finally {
	await browser.close();
	child.kill();
}
