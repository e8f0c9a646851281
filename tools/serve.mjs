#!/usr/bin/env node
// A tiny static file server for the pages (web/), the examples (examples/) and the library they import (js/).
//
// It serves the repository root on 127.0.0.1 only, with the MIME types browsers insist on for ES
// modules (text/javascript) and for streaming wasm compilation (application/wasm). No caching, so a
// rebuilt wasm is picked up by a plain reload.
//
//   node tools/serve.mjs            -> http://127.0.0.1:8080/web/
//   PORT=9000 node tools/serve.mjs  -> http://127.0.0.1:9000/web/
//   PORT=0 node tools/serve.mjs     -> any free port; the first line printed is the URL
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const host = '127.0.0.1';
const port = process.env.PORT === undefined || process.env.PORT === '' ? 8080 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
	console.error(`serve: bad PORT ${JSON.stringify(process.env.PORT)}`);
	process.exit(2);
}

const types = {
	'.html': 'text/html; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.wasm': 'application/wasm',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.txt': 'text/plain; charset=utf-8',
	'.md': 'text/plain; charset=utf-8',
};

function send(res, status, text) {
	res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
	res.end(text);
}

const server = createServer((req, res) => {
	if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n');
	let path;
	try {
		path = decodeURIComponent(new URL(req.url, `http://${host}`).pathname);
	} catch {
		return send(res, 400, 'bad request\n');
	}
	if (path === '/') {
		res.writeHead(302, { Location: '/web/' });
		return res.end();
	}
	// Resolve inside the root only: normalise, then refuse anything that climbs out of it or
	// touches a dot-directory (.git and friends are nobody's business).
	let file = normalize(join(root, path));
	if (file !== root && !file.startsWith(root + sep)) return send(res, 403, 'forbidden\n');
	if (file.slice(root.length).split(sep).some((part) => part.startsWith('.'))) return send(res, 403, 'forbidden\n');
	let info;
	try {
		info = statSync(file);
		if (info.isDirectory()) {
			if (!path.endsWith('/')) {
				res.writeHead(301, { Location: path + '/' });
				return res.end();
			}
			file = join(file, 'index.html');
			info = statSync(file);
		}
	} catch {
		return send(res, 404, `not found: ${path}\n`);
	}
	res.writeHead(200, {
		'Content-Type': types[extname(file).toLowerCase()] || 'application/octet-stream',
		'Content-Length': info.size,
		'Cache-Control': 'no-store',
		'X-Content-Type-Options': 'nosniff',
	});
	if (req.method === 'HEAD') return res.end();
	createReadStream(file)
		.on('error', () => res.destroy())
		.pipe(res);
});

server.on('error', (err) => {
	console.error(`serve: ${err.message}`);
	process.exit(1);
});
server.listen(port, host, () => {
	const base = `http://${host}:${server.address().port}`;
	console.log(`${base}/web/`);
	console.log(`  also ${base}/web/casts.html (casts playground: rays, chains, shape casts, time of impact), ${base}/web/stack.html (stacking demo), ${base}/examples/`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
