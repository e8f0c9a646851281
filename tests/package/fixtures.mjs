// The consumer projects of the package test (package.test.mjs), as files to write into one
// temporary project that has the packed tarball installed. Every setup runs the same first queries
// (QUERY below) and the test compares them with closed forms:
//   2D boxes of half extent 1, B at (1.5, 0): overlap depth 2 - 1.5 = 0.5 along +x;
//   3D unit spheres 3 apart: distance 3 - 2 = 1;
//   a ray from (-3, 0, 0) along (6, 0, 0) into a box of half extent 0.5: fraction 2.5 / 6.

/** The queries, as the body of a function run(np) written into each setup's language. */
const QUERY = `
	const a = np.box2d(1, 1);
	const pen = np.penetration(a, null, a, { position: [1.5, 0], angle: 0 });
	const s = np.sphere(1);
	const dist = np.distance(s, null, s, { position: [3, 0, 0], rotation: [0, 0, 0, 1] });
	const box = np.box3d(0.5, 0.5, 0.5);
	const hit = np.rayCast(box, null, [-3, 0, 0], [6, 0, 0]);
	a.dispose();
	s.dispose();
	box.dispose();
	return { depth: pen.depth, normal: pen.normal, distance: dist.distance, fraction: hit.fraction };`;

export const EXPECTED = { depth: 0.5, normal: [1, 0], distance: 1, fraction: 2.5 / 6 };

const esmQuery = `export function run(np) {${QUERY}\n}\n`;

// The same queries split by dimension, on the instances of init({ dimensions: 2 }) and
// init({ dimensions: 3 }) (narrowphase2d.wasm, narrowphase3d.wasm); each instance's other
// dimension must throw NP_UNSUPPORTED. runDims(init) returns what checkResult reads, plus those.
const esmDims = `export async function runDims(init) {
	const np2 = await init({ dimensions: 2 });
	const np3 = await init({ dimensions: 3 });
	const a = np2.box2d(1, 1);
	const pen = np2.penetration(a, null, a, { position: [1.5, 0], angle: 0 });
	const s = np3.sphere(1);
	const dist = np3.distance(s, null, s, { position: [3, 0, 0], rotation: [0, 0, 0, 1] });
	const box = np3.box3d(0.5, 0.5, 0.5);
	const hit = np3.rayCast(box, null, [-3, 0, 0], [6, 0, 0]);
	a.dispose();
	s.dispose();
	box.dispose();
	const code = (f) => { try { f(); return 'none'; } catch (e) { return e.code; } };
	return {
		result: { depth: pen.depth, normal: pen.normal, distance: dist.distance, fraction: hit.fraction },
		dimensions: [np2.dimensions, np3.dimensions],
		unsupported: [code(() => np2.sphere(1)), code(() => np3.box2d(1, 1))],
	};
}
`;

const page = (title, head, body) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="icon" href="data:,">
${head}
</head>
<body>
${body}
</body>
</html>
`;

// What a page reports: window.__result, or window.__error with the message (never left pending).
const report = (code) => `<script type="module">
${code}
main().then((r) => { window.__result = r; }, (e) => { window.__error = String(e && e.code || '') + ' ' + String(e && e.stack || e); });
</script>`;

const workerRoundTrip = `
function ask(worker) {
	worker.postMessage('run'); // sent before the worker has loaded its wasm
	return new Promise((resolve, reject) => {
		worker.onmessage = (e) => (e.data.error ? reject(new Error('worker: ' + e.data.error)) : resolve(e.data));
		worker.onerror = (e) => reject(new Error('worker failed to load: ' + (e.message || 'no message')));
	});
}`;

// As the README's worker: listen at once (the page's first message arrives while init() loads),
// answer each message from the instance.
const workerBody = (importLine) => `${importLine}
import { run } from './query.mjs';
const ready = init();
onmessage = async () => {
	try {
		postMessage({ result: run(await ready), inWorker: typeof document === 'undefined' });
	} catch (e) {
		postMessage({ error: String(e && e.code) + ' ' + String(e && e.message) });
	}
};
`;

export const files = {
	// ---------------------------------------------------------------- Node
	'node/query.mjs': esmQuery,
	'node/esm.mjs': `import { init, version, NarrowphaseError } from 'narrowphase';
import { run } from './query.mjs';
const np = await init();
console.log(JSON.stringify({ version, result: run(np), errorClass: typeof NarrowphaseError }));
`,
	'node/dims.mjs': esmDims,
	'node/dims-main.mjs': `import { init } from 'narrowphase';
import { runDims } from './dims.mjs';
console.log(JSON.stringify(await runDims(init)));
`,
	'node/cjs.cjs': `const { init, version, NarrowphaseError } = require('narrowphase');
function run(np) {${QUERY}
}
init().then((np) => console.log(JSON.stringify({ version, result: run(np), errorClass: typeof NarrowphaseError })),
	(e) => { console.error(e); process.exit(1); });
`,
	// The inline builds must not read or fetch any file: both are made to throw first.
	'node/noload.cjs': `const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');
const refuse = (what) => (...args) => { throw new Error('inline build tried ' + what + ' ' + String(args[0])); };
fs.promises.readFile = refuse('fs.promises.readFile');
fs.readFileSync = ((read) => (p, ...rest) => (String(p).endsWith('.wasm') ? refuse('fs.readFileSync')(p) : read(p, ...rest)))(fs.readFileSync);
syncBuiltinESMExports();
globalThis.fetch = refuse('fetch');
`,
	'node/inline.mjs': `import './noload.cjs';
import { init, version } from 'narrowphase/inline';
import { run } from './query.mjs';
console.log(JSON.stringify({ version, result: run(await init()) }));
`,
	'node/inline-dims.mjs': `import './noload.cjs';
import { init } from 'narrowphase/inline';
import { runDims } from './dims.mjs';
console.log(JSON.stringify(await runDims(init)));
`,
	'node/inline.cjs': `require('./noload.cjs');
const { init, version } = require('narrowphase/inline');
function run(np) {${QUERY}
}
init().then((np) => console.log(JSON.stringify({ version, result: run(np) })), (e) => { console.error(e); process.exit(1); });
`,
	// Node 20.19+ can require() an ES module only when its graph has no top-level await.
	'node/no-tla.cjs': `const m = require(require('node:path').join(__dirname, '..', 'node_modules', 'narrowphase', 'js', 'narrowphase.mjs'));
console.log(JSON.stringify({ ok: typeof m.init === 'function' }));
`,

	// ---------------------------------------------------------------- TypeScript
	// strict consumers: node16 ESM (.mts) and CJS (.cts), emitted and run; bundler resolution
	// (module preserve: .ts imports, .cts requires), checked. @ts-expect-error lines make sure the
	// types are real (an 'any' would leave them unused, which is an error).
	'ts/node16/tsconfig.json': JSON.stringify({
		compilerOptions: {
			strict: true, module: 'node16', moduleResolution: 'node16', target: 'es2022', lib: ['es2022', 'dom'],
			outDir: 'out', skipLibCheck: false, types: [],
		},
		files: ['esm.mts', 'cjs.cts'],
	}, null, 2),
	'ts/node16/esm.mts': `import { init, NarrowphaseError, version, type Narrowphase, type PenetrationResult2 } from 'narrowphase';
import { init as initInline } from 'narrowphase/inline';
const np: Narrowphase = await init();
const pen: PenetrationResult2 | null = np.penetration(np.box2d(1, 1), null, np.box2d(1, 1), { position: [1.5, 0], angle: 0 });
let code: string = 'none';
try {
	// @ts-expect-error a radius is a number
	np.circle('1');
} catch (e) {
	if (e instanceof NarrowphaseError) code = e.code;
}
const inline: Narrowphase = await initInline();
console.log(JSON.stringify({ version, depth: pen?.depth, inline: inline.overlap(inline.circle(1), null, inline.circle(1), null), code }));
`,
	'ts/node16/cjs.cts': `import { init, version, type Narrowphase } from 'narrowphase';
import * as inlineModule from 'narrowphase/inline';
init().then((np: Narrowphase) => {
	const d = np.distance(np.sphere(1), null, np.sphere(1), { position: [3, 0, 0] });
	// @ts-expect-error distance is a number
	const s: string = d.distance;
	console.log(JSON.stringify({ version, distance: d.distance, inline: typeof inlineModule.init, s: typeof s }));
});
`,
	'ts/bundler/tsconfig.json': JSON.stringify({
		compilerOptions: {
			strict: true, module: 'preserve', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022', 'dom'],
			noEmit: true, skipLibCheck: false, types: [],
		},
		files: ['main.ts', 'main.cts'],
	}, null, 2),
	'ts/bundler/main.ts': `import { init, type Narrowphase, type RayHit3 } from 'narrowphase';
import { init as initInline } from 'narrowphase/inline';
export async function first(): Promise<number> {
	const np: Narrowphase = await init({ wasmUrl: '/assets/narrowphase.wasm' });
	const hit: RayHit3 | null = np.rayCast(np.box3d(0.5, 0.5, 0.5), null, [-3, 0, 0], [6, 0, 0]);
	// @ts-expect-error wasmUrl is a string or URL
	await initInline({ wasmUrl: 42 });
	return hit ? hit.fraction : -1;
}
export async function only2d(): Promise<readonly (2 | 3)[]> {
	const np2: Narrowphase = await init({ dimensions: 2 });
	// @ts-expect-error dimensions is 2 or 3
	await init({ dimensions: 4 });
	return np2.dimensions;
}
`,
	'ts/bundler/main.cts': `import narrowphase = require('narrowphase');
export async function first(): Promise<boolean> {
	const np = await narrowphase.init();
	// @ts-expect-error overlap returns a boolean
	const n: number = np.overlap(np.circle(1), null, np.circle(1), null);
	return n === 0;
}
`,

	// ---------------------------------------------------------------- browsers
	// A plain page, no bundler: an import map points the bare name at the installed package's
	// single-file module, narrowphase.min.mjs (a CDN user writes a CDN URL there). Module workers do not read the page's import map: the worker
	// imports the file by its path. Also init({ wasmUrl }) from another place, served with a
	// generic MIME type (the loader then compiles the bytes rather than streaming), and the error
	// for a missing wasm.
	'static/query.mjs': esmQuery,
	'static/index.html': page('narrowphase: import map', `<script type="importmap">
{ "imports": { "narrowphase": "/node_modules/narrowphase/js/narrowphase.min.mjs" } }
</script>`, report(`import { init, version } from 'narrowphase';
import { run } from './query.mjs';
${workerRoundTrip}
async function main() {
	const np = await init();
	const custom = await init({ wasmUrl: 'hosted/narrowphase-0.1.0.bin' });
	let missing = null;
	try {
		await init({ wasmUrl: '/missing/narrowphase.wasm' });
	} catch (e) {
		missing = { code: e.code, message: e.message };
	}
	const worker = new Worker('./worker.mjs', { type: 'module' });
	const fromWorker = await ask(worker);
	worker.terminate();
	return { version, result: run(np), custom: run(custom), same: np !== custom, missing, worker: fromWorker };
}`)),
	// A page of one dimension per instance, no bundler: it must load narrowphase2d.wasm and
	// narrowphase3d.wasm, never narrowphase.wasm.
	'static/dims.mjs': esmDims,
	'static/dims.html': page('narrowphase: init({ dimensions })', `<script type="importmap">
{ "imports": { "narrowphase": "/node_modules/narrowphase/js/narrowphase.min.mjs" } }
</script>`, report(`import { init } from 'narrowphase';
import { runDims } from './dims.mjs';
async function main() {
	return runDims(init);
}`)),
	'static/worker.mjs': workerBody(`import { init } from '/node_modules/narrowphase/js/narrowphase.min.mjs';`),
	// The inline build: a Content-Security-Policy that forbids every fetch (connect-src 'none').
	'static/inline.html': page('narrowphase: inline', `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; connect-src 'none'">
<script type="importmap">
{ "imports": { "narrowphase/inline": "/node_modules/narrowphase/js/narrowphase.inline.mjs" } }
</script>`, report(`import { init, version } from 'narrowphase/inline';
import { run } from './query.mjs';
async function main() {
	return { version, result: run(await init()) };
}`)),

	// A Vite app as \`npm create vite\` makes it: no configuration, a module worker created the way
	// Vite documents (new Worker(new URL(...), { type: 'module' })).
	'vite/index.html': page('narrowphase: Vite', '', '<script type="module" src="./main.js"></script>'),
	'vite/query.mjs': esmQuery,
	'vite/dims.mjs': esmDims,
	'vite/main.js': `import { init, version } from 'narrowphase';
import wasmUrl from 'narrowphase/narrowphase.wasm?url';
import { run } from './query.mjs';
import { runDims } from './dims.mjs';
${workerRoundTrip}
async function main() {
	const np = await init();
	const hosted = run(await init({ wasmUrl }));
	const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
	const fromWorker = await ask(worker);
	worker.terminate();
	return { version, result: run(np), hosted, worker: fromWorker, dims: await runDims(init) };
}
main().then((r) => { window.__result = r; }, (e) => { window.__error = String(e && e.code || '') + ' ' + String(e && e.stack || e); });
`,
	'vite/worker.js': workerBody(`import { init } from 'narrowphase';`),
};
