// The generated io-layout files (src/binding_layout.h, js/layout.mjs) match their table in
// tools/iolayout.mjs: after editing the table, `make layout` regenerates them.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { staleOutputs, layoutEntries } from '../../tools/iolayout.mjs';
import * as layout from '../../js/layout.mjs';

test('src/binding_layout.h and js/layout.mjs are up to date with tools/iolayout.mjs', () => {
	assert.deepEqual(staleOutputs(), [], 'run make layout');
});

test('every layout name is unique and the JS module exports each one', () => {
	const names = layoutEntries().filter((e) => e.name).map((e) => e.name);
	assert.equal(new Set(names).size, names.length);
	for (const e of layoutEntries()) if (e.name) assert.equal(layout[e.name], e.value, e.name);
});
