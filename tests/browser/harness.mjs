// Shared set-up of the browser tests: the static server (tools/serve.mjs on a free port), Debian's
// chromium through playwright-core, a page that records every console error or warning, page error,
// failed request and HTTP error, and the canvas colour count that tells a drawn canvas from a blank one.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const artifacts = join(root, 'build', 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Starts tools/serve.mjs on a free port: { child, url } (url ends in /web/). */
export function startServer() {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [join(root, 'tools', 'serve.mjs')], {
			env: { ...process.env, PORT: '0' },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		const timer = setTimeout(() => reject(new Error(`serve.mjs printed no URL: ${out}`)), 10000);
		child.stdout.on('data', (chunk) => {
			out += chunk;
			const m = out.match(/http:\/\/127\.0\.0\.1:\d+\/web\//);
			if (m) {
				clearTimeout(timer);
				resolve({ child, url: m[0] });
			}
		});
		child.stderr.on('data', (chunk) => process.stderr.write(chunk));
		child.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}: ${out}`)));
	});
}

export function launch() {
	return chromium.launch({
		executablePath: CHROMIUM,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
	});
}

/** Collects every console error or warning, page error, failed request and HTTP error of `page` into `problems`. */
export function watch(page, problems) {
	page.on('console', (msg) => {
		if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
	});
	page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
	page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
	page.on('response', (res) => {
		if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
	});
}

/** Number of distinct colours in each canvas of the page (a blank canvas has 1). */
export function canvasColours(page) {
	return page.evaluate(() =>
		[...document.querySelectorAll('canvas')].map((c) => {
			// Read a copy, so the page's own canvases are never read back (Chrome warns about that).
			const copy = document.createElement('canvas');
			copy.width = c.width;
			copy.height = c.height;
			const ctx = copy.getContext('2d', { willReadFrequently: true });
			ctx.drawImage(c, 0, 0);
			const data = ctx.getImageData(0, 0, c.width, c.height).data;
			const seen = new Set();
			for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
			return { id: c.id, colours: seen.size, width: c.width, height: c.height };
		}),
	);
}
