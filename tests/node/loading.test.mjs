// init()'s loading options and errors: wasmUrl (path, file: URL, http, data: URL), wasmBinary,
// wasmModule, the cached default instance, NP_WASM_LOAD for what cannot be read / fetched /
// compiled, NP_WASM_VERSION for a wasm of another release or another program, and the version
// agreeing in package.json, the JS and the wasm.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { init, version, NarrowphaseError } from '../../js/narrowphase.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const wasmPath = `${root}js/narrowphase.wasm`;
const bytes = readFileSync(wasmPath);
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

/** One closed-form query: unit circles 3 apart are 1 apart. */
function works(np) {
	const c = np.circle(1);
	const d = np.distance(c, null, c, { position: [3, 0] }).distance;
	c.dispose();
	return d === 1;
}

async function rejectsWith(promise, code, pattern) {
	await assert.rejects(promise, (e) => {
		assert.ok(e instanceof NarrowphaseError, `a NarrowphaseError, got ${e}`);
		assert.equal(e.code, code, e.message);
		if (pattern) assert.match(e.message, pattern);
		return true;
	});
}

// ---------------------------------------------------------------------------- a tiny wasm writer
// Modules that are valid wasm but not narrowphase.wasm, written byte by byte (no toolchain): the
// loader must tell them apart from the real one.
const leb = (n) => {
	const out = [];
	do {
		let b = n & 0x7f;
		n >>>= 7;
		if (n !== 0) b |= 0x80;
		out.push(b);
	} while (n !== 0);
	return out;
};
const sleb = (n) => {
	const out = [];
	for (;;) {
		const b = n & 0x7f;
		n >>= 7;
		if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
		out.push(b | 0x80);
	}
};
const section = (id, body) => [id, ...leb(body.length), ...body];
const vec = (items) => [...leb(items.length), ...items.flat()];
const name = (s) => [...leb(s.length), ...Buffer.from(s)];

/** A module exporting memory and i32-returning functions: { name: constant } (plus free(i32)). */
function fakeModule(consts) {
	const names = Object.keys(consts);
	const types = [[0x60, 0, 1, 0x7f], [0x60, 1, 0x7f, 1, 0x7f], [0x60, 1, 0x7f, 0]]; // () -> i32, (i32) -> i32, (i32) -> ()
	const funcs = names.map((n) => (n === 'malloc' ? 1 : 0)).concat([2]);
	const bodies = names.map((n) => {
		const body = [0, 0x41, ...sleb(consts[n]), 0x0b];
		return [...leb(body.length), ...body];
	}).concat([[2, 0, 0x0b]]);
	const exports = names.map((n, i) => [...name(n), 0, ...leb(i)])
		.concat([[...name('free'), 0, ...leb(names.length)], [...name('memory'), 2, 0]]);
	return new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
		...section(1, vec(types)), ...section(3, vec(funcs.map((f) => [f]))), ...section(5, vec([[0, 1]])),
		...section(7, vec(exports)), ...section(10, vec(bodies))]);
}

// ---------------------------------------------------------------------------- a local server
const server = createServer((req, res) => {
	if (req.url === '/np.wasm') {
		res.writeHead(200, { 'Content-Type': 'application/wasm' });
		return res.end(bytes);
	}
	if (req.url === '/np.bin') {
		res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
		return res.end(bytes);
	}
	if (req.url === '/page.wasm') {
		res.writeHead(200, { 'Content-Type': 'text/html' }); // a misconfigured fallback route
		return res.end('<!doctype html><title>app</title>');
	}
	res.writeHead(404);
	res.end('not found');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
after(() => server.close());

// ---------------------------------------------------------------------------- tests
test('one version: package.json, the JS (version) and the wasm (npwVersion) agree', async () => {
	assert.equal(version, pkg.version);
	const [major, minor, patch] = pkg.version.split('.').map(Number);
	const m = await WebAssembly.instantiate(bytes, { env: new Proxy({}, { get: () => () => 0 }), wasi_snapshot_preview1: new Proxy({}, { get: () => () => 0 }) });
	assert.equal(m.instance.exports.npwVersion(), major * 10000 + minor * 100 + patch);
});

test('init() without options is one cached instance; options make new ones', async () => {
	const a = await init();
	assert.equal(await init(), a);
	assert.equal(await init({}), a);
	const b = await init({ wasmBinary: bytes });
	assert.notEqual(b, a);
	assert.ok(works(a) && works(b));
	// Shapes belong to their instance.
	const c = b.circle(1);
	assert.throws(() => a.overlap(c, null, c, null), NarrowphaseError);
	c.dispose();
});

test('wasmUrl: a path, a file: URL, http with and without application/wasm, a data: URL', async () => {
	assert.ok(works(await init({ wasmUrl: wasmPath })));
	assert.ok(works(await init({ wasmUrl: new URL(`file://${wasmPath}`) })));
	assert.ok(works(await init({ wasmUrl: `file://${wasmPath}` })));
	assert.ok(works(await init({ wasmUrl: `${base}/np.wasm` })));
	assert.ok(works(await init({ wasmUrl: `${base}/np.bin` })));
	assert.ok(works(await init({ wasmUrl: `data:application/wasm;base64,${bytes.toString('base64')}` })));
});

test('Node before 20.16 (no process.getBuiltinModule): the file is read through import()', async () => {
	const saved = process.getBuiltinModule;
	process.getBuiltinModule = undefined;
	try {
		assert.ok(works(await init({ wasmUrl: wasmPath })));
		assert.ok(works(await init({ wasmUrl: `file://${wasmPath}` })));
	} finally {
		process.getBuiltinModule = saved;
	}
});

test('wasmBinary as ArrayBuffer, typed array and a view into a larger buffer; wasmModule', async () => {
	const copy = new Uint8Array(bytes.length + 16);
	copy.set(bytes, 8);
	assert.ok(works(await init({ wasmBinary: copy.buffer.slice(8, 8 + bytes.length) })));
	assert.ok(works(await init({ wasmBinary: copy.subarray(8, 8 + bytes.length) })));
	assert.ok(works(await init({ wasmModule: await WebAssembly.compile(bytes) })));
});

test('NP_WASM_LOAD: missing file, HTTP 404, unreachable server, not wasm, an HTML page', async () => {
	await rejectsWith(init({ wasmUrl: `${root}js/missing.wasm` }), 'NP_WASM_LOAD', /cannot read .*missing\.wasm \(ENOENT\)/);
	await rejectsWith(init({ wasmUrl: `${base}/missing.wasm` }), 'NP_WASM_LOAD', /HTTP 404/);
	await rejectsWith(init({ wasmUrl: 'http://127.0.0.1:1/np.wasm' }), 'NP_WASM_LOAD', /cannot fetch http:\/\/127\.0\.0\.1:1\/np\.wasm/);
	await rejectsWith(init({ wasmUrl: `${base}/page.wasm` }), 'NP_WASM_LOAD', /web page/);
	await rejectsWith(init({ wasmBinary: new Uint8Array([1, 2, 3, 4]) }), 'NP_WASM_LOAD', /not a WebAssembly module/);
	await rejectsWith(init({ wasmBinary: bytes.subarray(0, bytes.length >> 1) }), 'NP_WASM_LOAD', /not a WebAssembly module/);
	// The cause is kept for debugging.
	await assert.rejects(init({ wasmUrl: `${root}js/missing.wasm` }), (e) => e.cause?.code === 'ENOENT');
});

test('NP_WASM_VERSION: another release, another program, an empty module', async () => {
	const [major, minor, patch] = pkg.version.split('.').map(Number);
	const other = major * 10000 + minor * 100 + patch + 1;
	const older = fakeModule({ npwVersion: other, malloc: 16 });
	await rejectsWith(init({ wasmBinary: older }), 'NP_WASM_VERSION',
		new RegExp(`narrowphase\\.wasm ${major}\\.${minor}\\.${patch + 1}, this JS is ${pkg.version.replace(/\./g, '\\.')}`));
	await rejectsWith(init({ wasmBinary: fakeModule({ malloc: 16 }) }), 'NP_WASM_VERSION', /exports no npwVersion/);
	await rejectsWith(init({ wasmBinary: new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]) }), 'NP_WASM_VERSION');
});

test('NP_INVALID_ARGUMENT for options of the wrong type', async () => {
	await rejectsWith(init({ wasmBinary: 'bytes' }), 'NP_INVALID_ARGUMENT', /wasmBinary/);
	await rejectsWith(init({ wasmModule: bytes }), 'NP_INVALID_ARGUMENT', /wasmModule/);
	await rejectsWith(init({ wasmUrl: 42 }), 'NP_INVALID_ARGUMENT', /wasmUrl/);
	await rejectsWith(init({ wasmUrl: '' }), 'NP_INVALID_ARGUMENT', /wasmUrl/);
	await rejectsWith(init('narrowphase.wasm'), 'NP_INVALID_ARGUMENT', /options/);
});

test('no top-level await and nothing run at import: the module graph can be require()d', async (t) => {
	if (!process.features.require_module) return t.skip('this Node cannot require() ES modules');
	const { createRequire } = await import('node:module');
	const m = createRequire(import.meta.url)('../../js/narrowphase.mjs');
	assert.equal(typeof m.init, 'function');
});
