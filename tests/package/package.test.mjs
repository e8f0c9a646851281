// The package as a user gets it: `npm pack`, then the tarball installed into a temporary project
// (offline: our package has no dependencies) and used in every setup the README documents. Each
// test is one setup, named after it; a failure says which setup and why.
//
//   node --test tests/package/        (make test-package builds the package first)
//
// Cost: one pack, one install shared by all setups, one Chromium and one static server for the
// browser setups. The setups' own tools (vite, typescript) are the repository's dev dependencies.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { EXPECTED, files } from './fixtures.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const KEEP = process.env.NP_KEEP_PACKAGE_TEST === '1'; // keep the temporary project to look at

// What the tarball may hold: a user's files only (no sources, tests, tools, build outputs).
const ALLOWED = /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|js\/[A-Za-z0-9._-]+\.(mjs|cjs|d\.ts|d\.cts)|js\/narrowphase(2d|3d)?\.wasm)$/;
const REQUIRED = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'js/narrowphase.wasm', 'js/narrowphase2d.wasm', 'js/narrowphase3d.wasm', 'js/narrowphase.mjs',
	'js/narrowphase.cjs', 'js/narrowphase.min.mjs', 'js/narrowphase.d.ts', 'js/narrowphase.d.cts', 'js/narrowphase.inline.mjs',
	'js/narrowphase.inline.cjs', 'js/narrowphase.inline.d.ts', 'js/narrowphase.inline.d.cts'];

let tmp;
let app; // the consumer project
let packed; // npm pack --json's record
let server;
let origin;
let browser;
let typecheck; // the two tsc runs, started in before() to overlap with the rest

// The Node processes started here (the consumers, tsc, vite) run with the flag the Makefile gives
// every Node process of `make test`: Node 20 can hang at exit while V8 optimises in the background
// (nodejs/node#54918; see the Makefile's NODE).
const NODE_FLAGS = ['--no-concurrent-recompilation'];

async function sh(cmd, args, options = {}) {
	if (cmd === process.execPath) args = [...NODE_FLAGS, ...args];
	try {
		return await run(cmd, args, { maxBuffer: 64 << 20, timeout: 120000, ...options });
	} catch (e) {
		throw new Error(`${[cmd, ...args].join(' ')} failed (${e.code ?? e.signal}):\n${e.stdout ?? ''}${e.stderr ?? ''}`);
	}
}

const node = (file) => sh(process.execPath, [file], { cwd: dirname(file) }).then((r) => JSON.parse(r.stdout.trim().split('\n').pop()));
const tool = (rel) => join(root, 'node_modules', rel);

/** The first queries' results against their closed forms (see fixtures.mjs). */
function checkResult(r, setup) {
	assert.ok(r, `${setup}: no result`);
	const close = (got, want, what) => assert.ok(Math.abs(got - want) <= 1e-12, `${setup}: ${what} ${got}, expected ${want}`);
	close(r.depth, EXPECTED.depth, 'penetration depth');
	close(r.normal[0], EXPECTED.normal[0], 'normal x');
	close(r.normal[1], EXPECTED.normal[1], 'normal y');
	close(r.distance, EXPECTED.distance, 'distance');
	close(r.fraction, EXPECTED.fraction, 'ray fraction');
}

/** runDims's answer (fixtures.mjs): the queries split over a 2D and a 3D instance. */
function checkDims(r, setup) {
	checkResult(r.result, setup);
	assert.deepEqual(r.dimensions, [[2], [3]], `${setup}: the instances' dimensions`);
	assert.deepEqual(r.unsupported, ['NP_UNSUPPORTED', 'NP_UNSUPPORTED'], `${setup}: the other dimension's constructors`);
}

function kb(bytes) {
	return `${(bytes / 1024).toFixed(1)} KiB`;
}

// ------------------------------------------------------------------------------ static server
const TYPES = {
	'.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript', '.js': 'text/javascript', '.cjs': 'text/javascript',
	'.wasm': 'application/wasm', '.json': 'application/json', '.css': 'text/css',
};

function startServer(dir) {
	return new Promise((resolve) => {
		const s = createServer((req, res) => {
			const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
			const file = normalize(join(dir, path.endsWith('/') ? path + 'index.html' : path));
			let ok = file.startsWith(dir + sep);
			try {
				ok = ok && statSync(file).isFile();
			} catch {
				ok = false;
			}
			if (!ok) {
				res.writeHead(404, { 'Content-Type': 'text/plain' });
				return res.end('not found');
			}
			res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
			res.end(readFileSync(file));
		});
		s.listen(0, '127.0.0.1', () => resolve(s));
	});
}

/**
 * Opens a page, waits for window.__result (or __error), and returns it with every request made
 * and every console / page error (expectedErrors: regexps of console errors that are expected).
 */
async function openPage(path, expectedErrors = []) {
	const context = await browser.newContext();
	const page = await context.newPage();
	const requests = [];
	const problems = [];
	context.on('request', (req) => requests.push(req.url().replace(origin, '')));
	page.on('console', (msg) => {
		if ((msg.type() === 'error' || msg.type() === 'warning') && !expectedErrors.some((re) => re.test(msg.text() + ' ' + msg.location().url))) {
			problems.push(`console ${msg.type()}: ${msg.text()} (${msg.location().url})`);
		}
	});
	page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
	page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
	try {
		const response = await page.goto(origin + path);
		assert.equal(response.status(), 200, `${path}: HTTP ${response.status()}`);
		await page.waitForFunction(() => window.__result !== undefined || window.__error !== undefined, null, { timeout: 20000 })
			.catch((e) => {
				throw new Error(`${path}: no result after 20 s; ${problems.join('; ') || 'no errors'}; requests: ${requests.join(' ')}`, { cause: e });
			});
		const out = await page.evaluate(() => ({ result: window.__result, error: window.__error }));
		assert.equal(out.error, undefined, `${path}: the page failed: ${out.error}`);
		return { result: out.result, requests, problems };
	} finally {
		await context.close();
	}
}

// ------------------------------------------------------------------------------ set-up
before(async () => {
	tmp = mkdtempSync(join(tmpdir(), 'narrowphase-package-'));
	// --ignore-scripts: make test-package has just built the package (prepack would run make again).
	const { stdout } = await sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], { cwd: root });
	packed = JSON.parse(stdout)[0];
	const tarball = join(tmp, packed.filename);

	const wasm = readFileSync(join(root, 'js', 'narrowphase.wasm'));
	const js = readFileSync(join(root, 'js', 'narrowphase.min.mjs'));
	const inline = readFileSync(join(root, 'js', 'narrowphase.inline.mjs'));
	console.log(`package: ${packed.filename} ${kb(packed.size)} packed (${kb(packed.unpackedSize)} unpacked, ${packed.files.length} files)`);
	console.log(`what a page loads, gzipped: wasm ${kb(gzipSync(wasm, { level: 9 }).length)} (${kb(wasm.length)} raw) + narrowphase.min.mjs ` +
		`${kb(gzipSync(js, { level: 9 }).length)} (${kb(js.length)} raw); inline build ` +
		`${kb(gzipSync(inline, { level: 9 }).length)} (${kb(inline.length)} raw)`);

	app = join(tmp, 'app');
	mkdirSync(app);
	writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'narrowphase-consumer', private: true, version: '0.0.0' }));
	await sh('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: app });
	for (const [rel, text] of Object.entries(files)) {
		mkdirSync(dirname(join(app, rel)), { recursive: true });
		writeFileSync(join(app, rel), text);
	}
	mkdirSync(join(app, 'static', 'hosted'));
	copyFileSync(join(app, 'node_modules', 'narrowphase', 'js', 'narrowphase.wasm'), join(app, 'static', 'hosted', 'narrowphase-0.1.0.bin'));

	// Start both TypeScript projects now (they are the slowest setups); their tests await them.
	const tsc = (project) => sh(process.execPath, [tool('typescript/bin/tsc'), '-p', join(app, 'ts', project, 'tsconfig.json')])
		.then(() => null, (e) => e);
	typecheck = { node16: tsc('node16'), bundler: tsc('bundler') };

	server = await startServer(app);
	origin = `http://127.0.0.1:${server.address().port}`;
	browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
	});
});

after(async () => {
	if (typecheck) await Promise.all(Object.values(typecheck));
	if (browser) await browser.close();
	if (server) server.close();
	if (tmp && !KEEP) rmSync(tmp, { recursive: true, force: true });
	if (KEEP) console.log(`kept ${tmp}`);
});

// ------------------------------------------------------------------------------ the tarball
test('tarball: only what a user needs, package.json fields set', () => {
	const paths = packed.files.map((f) => f.path);
	const extra = paths.filter((p) => !ALLOWED.test(p));
	assert.deepEqual(extra, [], `files a user does not need: ${extra.join(', ')}`);
	const missing = REQUIRED.filter((p) => !paths.includes(p));
	assert.deepEqual(missing, [], `missing from the tarball: ${missing.join(', ')}`);
	assert.match(pkg.version, /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'version is semver');
	assert.equal(pkg.sideEffects, false);
	assert.equal(pkg.type, 'module');
	assert.match(pkg.repository?.url ?? '', /^git\+https:\/\//, 'repository.url');
	assert.match(pkg.homepage ?? '', /^https:\/\//, 'homepage');
	assert.equal(pkg.license, 'MIT');
	assert.ok(pkg.dependencies === undefined || Object.keys(pkg.dependencies).length === 0, 'no runtime dependencies');
	for (const entry of ['.', './inline']) {
		for (const cond of ['import', 'require']) {
			for (const key of ['types', 'default']) {
				const target = pkg.exports[entry]?.[cond]?.[key];
				assert.ok(target && paths.includes(target.slice(2)), `exports['${entry}'].${cond}.${key} = ${target} is not in the tarball`);
			}
			assert.equal(Object.keys(pkg.exports[entry][cond])[0], 'types', `exports['${entry}'].${cond}: 'types' must come first`);
		}
	}
	const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
	assert.match(changelog, new RegExp(`^## \\[${pkg.version.replace(/\./g, '\\.')}\\]`, 'm'), `CHANGELOG.md has no section for ${pkg.version}`);
	assert.match(changelog, /^## \[Unreleased\]/m, 'CHANGELOG.md has no Unreleased section');
});

// ------------------------------------------------------------------------------ Node
test('Node ESM: import { init } from "narrowphase"', async () => {
	const out = await node(join(app, 'node', 'esm.mjs'));
	assert.equal(out.version, pkg.version);
	assert.equal(out.errorClass, 'function');
	checkResult(out.result, 'Node ESM');
});

test('Node ESM: init({ dimensions: 2 }) and init({ dimensions: 3 }) load the per-dimension wasm', async () => {
	checkDims(await node(join(app, 'node', 'dims-main.mjs')), 'Node ESM, per dimension');
});

test('Node CommonJS: require("narrowphase")', async () => {
	const out = await node(join(app, 'node', 'cjs.cjs'));
	assert.equal(out.version, pkg.version);
	assert.equal(out.errorClass, 'function');
	checkResult(out.result, 'Node CommonJS');
});

test('Node inline build, import and require: no file read, no fetch', async () => {
	for (const file of ['inline.mjs', 'inline.cjs']) {
		const out = await node(join(app, 'node', file));
		assert.equal(out.version, pkg.version);
		checkResult(out.result, `Node inline (${file})`);
	}
	checkDims(await node(join(app, 'node', 'inline-dims.mjs')), 'Node inline, init({ dimensions })');
});

test('no top-level await: the ES module entry can be require()d (Node >= 20.19)', async (t) => {
	if (!process.features.require_module) return t.skip('this Node cannot require() ES modules');
	assert.deepEqual(await node(join(app, 'node', 'no-tla.cjs')), { ok: true });
});

// ------------------------------------------------------------------------------ TypeScript
test('TypeScript strict, moduleResolution node16: ESM (.mts) and CJS (.cts) compile and run', async () => {
	const dir = join(app, 'ts', 'node16');
	const failed = await typecheck.node16;
	if (failed) throw failed;
	const esm = await node(join(dir, 'out', 'esm.mjs'));
	assert.equal(esm.version, pkg.version);
	assert.equal(esm.depth, EXPECTED.depth);
	assert.equal(esm.inline, true);
	assert.equal(esm.code, 'NP_INVALID_ARGUMENT', 'a NarrowphaseError is caught as one, with its code');
	const cjs = await node(join(dir, 'out', 'cjs.cjs'));
	assert.equal(cjs.distance, EXPECTED.distance);
	assert.equal(cjs.inline, 'function');
});

test('TypeScript strict, moduleResolution bundler: import (.ts) and require (.cts) type-check', async () => {
	const failed = await typecheck.bundler;
	if (failed) throw failed;
});

// ------------------------------------------------------------------------------ browsers
test('plain HTML page with an import map, served statically; init({ wasmUrl }); NP_WASM_LOAD', async () => {
	const { result, requests, problems } = await openPage('/static/index.html', [/404/]);
	assert.deepEqual(problems, []);
	assert.equal(result.version, pkg.version);
	checkResult(result.result, 'import map page');
	checkResult(result.custom, 'init({ wasmUrl }) from another place');
	assert.ok(result.same, 'init({ wasmUrl }) makes its own instance');
	assert.equal(result.missing?.code, 'NP_WASM_LOAD', `a missing wasm: ${JSON.stringify(result.missing)}`);
	assert.match(result.missing.message, /HTTP 404/);
	assert.ok(requests.includes('/node_modules/narrowphase/js/narrowphase.wasm'), 'the default wasm is fetched beside the module');
	// What the page downloads from the package: one module and the wasm (the worker loads the same).
	const fromPackage = [...new Set(requests.filter((r) => r.startsWith('/node_modules/narrowphase/')))].sort();
	assert.deepEqual(fromPackage, ['/node_modules/narrowphase/js/narrowphase.min.mjs', '/node_modules/narrowphase/js/narrowphase.wasm']);
	assert.ok(requests.includes('/static/hosted/narrowphase-0.1.0.bin'), 'wasmUrl is fetched');
});

test('module Web Worker (plain page): queries in the worker, results posted back', async () => {
	const { result } = await openPage('/static/index.html', [/404/]);
	assert.equal(result.worker.inWorker, true);
	checkResult(result.worker.result, 'module worker');
});

test('plain page, import map: init({ dimensions }) fetches narrowphase2d.wasm and narrowphase3d.wasm only', async () => {
	const { result, requests, problems } = await openPage('/static/dims.html');
	assert.deepEqual(problems, []);
	checkDims(result, 'per-dimension page');
	const fromPackage = [...new Set(requests.filter((r) => r.startsWith('/node_modules/narrowphase/')))].sort();
	assert.deepEqual(fromPackage, ['/node_modules/narrowphase/js/narrowphase.min.mjs', '/node_modules/narrowphase/js/narrowphase2d.wasm',
		'/node_modules/narrowphase/js/narrowphase3d.wasm']);
});

test('inline build in the browser: nothing fetched (connect-src \'none\')', async () => {
	const { result, requests, problems } = await openPage('/static/inline.html');
	assert.deepEqual(problems, []);
	assert.equal(result.version, pkg.version);
	checkResult(result.result, 'inline page');
	const fetched = requests.filter((r) => /\.wasm|\.bin/.test(r));
	assert.deepEqual(fetched, [], 'the inline build fetched a wasm');
});

test('Vite production build (no configuration) opened in Chromium, with a module worker', async () => {
	const outDir = join(app, 'static', 'vite-dist');
	const built = await sh(process.execPath, [tool('vite/bin/vite.js'), 'build', join(app, 'vite'), '--base', '/static/vite-dist/',
		'--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: app });
	// A clean build: no warning (such as Node built-ins "externalized for browser compatibility").
	// Rolldown's note that its plugins were slow ([PLUGIN_TIMINGS], a loaded machine) is no warning
	// about the package: that paragraph is dropped.
	const output = (built.stdout + built.stderr).replace(/^\S*\[PLUGIN_TIMINGS\][^]*?bundlertimings for more details\.\s*/m, '');
	assert.equal(output.trim(), '', 'vite build printed warnings');
	const { result, requests, problems } = await openPage('/static/vite-dist/index.html');
	assert.deepEqual(problems, []);
	assert.equal(result.version, pkg.version);
	checkResult(result.result, 'Vite page');
	checkResult(result.hosted, "Vite page, init({ wasmUrl }) from 'narrowphase/narrowphase.wasm?url'");
	assert.equal(result.worker.inWorker, true);
	checkResult(result.worker.result, 'Vite module worker');
	// Everything comes from the build output, the wasm included (hashed name).
	const outside = requests.filter((r) => !r.startsWith('/static/vite-dist/'));
	assert.deepEqual(outside, [], 'the Vite build loaded files from outside its output');
	assert.ok(requests.some((r) => /^\/static\/vite-dist\/assets\/narrowphase-[\w-]+\.wasm$/.test(r)), `no wasm asset among ${requests.join(', ')}`);
	checkDims(result.dims, 'Vite page, init({ dimensions })');
	for (const d of ['2d', '3d']) {
		assert.ok(requests.some((r) => new RegExp(`^/static/vite-dist/assets/narrowphase${d}-[\\w-]+\\.wasm$`).test(r)), `no narrowphase${d} wasm asset among ${requests.join(', ')}`);
	}
});

test('Vite dev server (no configuration): the page and its module worker', async () => {
	const { createServer: createViteServer } = await import('vite');
	const vite = await createViteServer({
		root: join(app, 'vite'), configFile: false, logLevel: 'warn', clearScreen: false,
		server: { host: '127.0.0.1', port: 0, strictPort: false },
	});
	await vite.listen();
	const devOrigin = vite.resolvedUrls.local[0].replace(/\/$/, '');
	const saved = origin;
	try {
		origin = devOrigin;
		const { result, problems } = await openPage('/');
		assert.deepEqual(problems, []);
		checkResult(result.result, 'Vite dev page');
		checkResult(result.hosted, "Vite dev page, init({ wasmUrl }) from 'narrowphase/narrowphase.wasm?url'");
		assert.equal(result.worker.inWorker, true);
		checkResult(result.worker.result, 'Vite dev module worker');
		checkDims(result.dims, 'Vite dev page, init({ dimensions })');
	} finally {
		origin = saved;
		await vite.close();
	}
});

test('sideEffects: false: a bundle importing only `version` keeps none of the library (esbuild)', async () => {
	const { build } = await import('esbuild');
	const out = await build({
		stdin: { contents: "import { version } from 'narrowphase';\nconsole.log(version);\n", resolveDir: app, loader: 'js' },
		bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, logLevel: 'silent',
	});
	const text = out.outputFiles[0].text;
	assert.ok(text.includes(`"${pkg.version}"`), 'the version is in the bundle');
	assert.ok(text.length < 500, `${text.length} bytes: the unused library was kept:\n${text.slice(0, 300)}`);
});
