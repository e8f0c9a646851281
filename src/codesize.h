// Code-size hints for the wasm build: what a page downloads is the wasm, so code that runs once per
// shape, mesh or chain (hull building, BVH and grid building, the info and limits records) or only
// for the teaching pages (GJK and clipping traces) is compiled for size, and the queries for speed.
//
// NP_COLD marks one function; NP_COLD_FILE_BEGIN / NP_COLD_FILE_END bracket a file whose functions
// are all cold. Clang's minsize is the per-function form of -Oz: it changes which instructions
// are chosen and what is inlined or unrolled into the function, never the arithmetic (no
// contraction, no reassociation: -ffp-contract=off, no fast-math), so results stay bit-identical.
// Only the Emscripten build uses them: the native build (gcc) is left as it was.
#ifndef NP_CODESIZE_H
#define NP_CODESIZE_H

#if defined(__EMSCRIPTEN__) && defined(__clang__)
#define NP_COLD __attribute__((minsize))
#define NP_COLD_FILE_BEGIN _Pragma("clang attribute push (__attribute__((minsize)), apply_to = function)")
#define NP_COLD_FILE_END _Pragma("clang attribute pop")
#else
#define NP_COLD
#define NP_COLD_FILE_BEGIN
#define NP_COLD_FILE_END
#endif

#endif
