// The release the wasm was built for, so that the JS loader can refuse a narrowphase.wasm from
// another release with a clear error (NP_WASM_VERSION) rather than fail later in some unrelated
// call: the io-block layout and the exports change between releases, and a CDN or a bundler cache
// can easily serve a stale .wasm next to a new .mjs.
//
// NPW_VERSION is package.json's "version" as major * 10000 + minor * 100 + patch; js/narrowphase.mjs
// holds the same string, and tests/node/loading.test.mjs checks that all three agree.

#define NPW_VERSION 100 // 0.1.0

int npwVersion(void);

int npwVersion(void)
{
	return NPW_VERSION;
}
