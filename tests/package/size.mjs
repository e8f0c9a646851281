#!/usr/bin/env node
// The package's sizes (make bench-package, part of make bench): the npm tarball, and what a web
// page downloads, gzipped: the wasm plus the ES modules, and the inline build on its own.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))[0];
const read = (p) => readFileSync(join(root, p));
const gz = (b) => gzipSync(b, { level: 9 }).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const modules = packed.files.map((f) => f.path).filter((p) => /^js\/[^.]+\.mjs$/.test(p));
const wasm = read('js/narrowphase.wasm');
const js = Buffer.concat(modules.map(read));
const inline = read('js/narrowphase.inline.mjs');
const rows = [
	['npm tarball', packed.size, null, `${packed.files.length} files, ${kib(packed.unpackedSize)} unpacked`],
	['narrowphase.wasm', wasm.length, gz(wasm), ''],
	[`ES modules (${modules.length} files)`, js.length, gz(js), ''],
	['wasm + ES modules (a page, default entry)', wasm.length + js.length, gz(wasm) + gz(js), ''],
	['narrowphase.inline.mjs (everything in one file)', inline.length, gz(inline), ''],
];
console.log(`== package size (${packed.filename})`);
console.log('| what | bytes | gzipped | |\n|---|---|---|---|');
for (const [what, raw, zipped, note] of rows) console.log(`| ${what} | ${kib(raw)} | ${zipped === null ? '(is gzip)' : kib(zipped)} | ${note} |`);
