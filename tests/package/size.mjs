#!/usr/bin/env node
// The package's sizes (make bench-package, part of make bench): the npm tarball, and what a web
// page downloads, gzipped (level 9) and with brotli (quality 11, what most servers and CDNs send
// browsers), file by file as a server sends them:
//   - a page without a bundler (import map, CDN, worker; README): js/narrowphase.min.mjs, the one
//     module it imports, and narrowphase.wasm beside it;
//   - a page built by a bundler: the wasm, and the ES sources as a production build minifies them
//     (esbuild --bundle --minify here: Vite's default minifier; the figure depends on the bundler);
//   - the inline build (the wasm inside, one file).
// The source modules (js/*.mjs, what Node and bundlers read) are listed for reference.
// Then the page per dimension (init() / init({ dimensions: 2 }) / init({ dimensions: 3 }): the
// same JS with narrowphase.wasm, narrowphase2d.wasm or narrowphase3d.wasm), wasm and JS apart.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))[0];
const read = (p) => readFileSync(join(root, p));
const gz = (b) => gzipSync(b, { level: 9 }).length;
const br = (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

const wasm = read('js/narrowphase.wasm');
const min = read('js/narrowphase.min.mjs');
const inline = read('js/narrowphase.inline.mjs');
const sources = packed.files.map((f) => f.path).filter((p) => /^js\/[^.]+\.mjs$/.test(p)).map(read);
const bundled = buildSync({ entryPoints: [join(root, 'js', 'narrowphase.mjs')], bundle: true, minify: true, write: false,
	format: 'esm', platform: 'neutral', external: ['node:*'], legalComments: 'none', logLevel: 'error' }).outputFiles[0].contents;

const rows = [
	['npm tarball', packed.size, null, null, `${packed.files.length} files, ${kib(packed.unpackedSize)} unpacked`],
	['narrowphase.wasm', wasm.length, gz(wasm), br(wasm), ''],
	['narrowphase.min.mjs (the page\'s one module)', min.length, gz(min), br(min), 'comments and whitespace stripped, local names shortened'],
	['**a page without a bundler: wasm + narrowphase.min.mjs**', wasm.length + min.length, gz(wasm) + gz(min), br(wasm) + br(min), '2 files'],
	['a bundler\'s production build of the sources (esbuild --minify)', bundled.length, gz(bundled), br(bundled), ''],
	['a page built by a bundler: wasm + that', wasm.length + bundled.length, gz(wasm) + gz(bundled), br(wasm) + br(bundled), ''],
	['narrowphase.inline.mjs (everything in one file)', inline.length, gz(inline), br(inline), ''],
	[`source ES modules (${sources.length} files, each compressed)`, sum(sources.map((b) => b.length)), sum(sources.map(gz)), sum(sources.map(br)), 'what Node and bundlers read'],
];
console.log(`== package size (${packed.filename})`);
console.log('| what | bytes | gzipped | brotli | |\n|---|---|---|---|---|');
for (const [what, raw, zipped, brotli, note] of rows) {
	console.log(`| ${what} | ${kib(raw)} | ${zipped === null ? '(is gzip)' : kib(zipped)} | ${brotli === null ? '' : kib(brotli)} | ${note} |`);
}

// One row per wasm module: what a page without a bundler downloads with narrowphase.min.mjs.
const BUDGET = 140 * 1024;
console.log('\n== a page without a bundler, by the dimensions it loads (budget 140 KiB gzipped)');
console.log('| page | wasm gzip / brotli | narrowphase.min.mjs gzip / brotli | **page gzip** | page brotli |\n|---|---|---|---|---|');
for (const [what, file] of [['init(): 2D and 3D', 'narrowphase.wasm'], ['init({ dimensions: 2 })', 'narrowphase2d.wasm'],
	['init({ dimensions: 3 })', 'narrowphase3d.wasm']]) {
	const w = read(`js/${file}`);
	const page = gz(w) + gz(min);
	console.log(`| ${what}: ${file} (${kib(w.length)}) | ${kib(gz(w))} / ${kib(br(w))} | ${kib(gz(min))} / ${kib(br(min))} | ` +
		`**${kib(page)}**${page > BUDGET ? ' (over)' : ''} | ${kib(br(w) + br(min))} |`);
}
