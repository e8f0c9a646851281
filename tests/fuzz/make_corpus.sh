#!/bin/bash
# Rebuilds the checked-in seed corpus tests/fuzz/corpus/<harness>/ from a fuzzing run's corpus:
# libFuzzer's -merge=1 keeps the inputs that add coverage, and of those the first $KEEP by name
# (names are SHA-1 hashes, so this is a deterministic, unbiased pick) are kept, to stay small.
# Files named regression-* (inputs that once found a bug) and seed-* (hand-made scenes, e.g.
# tests/fuzz/warm_seeds.mjs's) are always kept as they are.
#   tests/fuzz/make_corpus.sh [source-root]   (default build/fuzz/corpus, where `make fuzz` writes)
# Run after `make fuzz` (or the harnesses by hand); the binaries are build/fuzz/<harness>.
set -e
src=${1:-build/fuzz/corpus}
KEEP=${KEEP:-40}
for bin in build/fuzz/fuzz_*; do
	[ -x "$bin" ] && [ -f "$bin" ] || continue
	h=$(basename "$bin")
	[ -d "$src/$h" ] || continue
	tmp=$(mktemp -d)
	old=tests/fuzz/corpus/$h
	[ -d "$old" ] || old=
	"$bin" -merge=1 -timeout=10 -rss_limit_mb=2048 "$tmp" "$src/$h" $old >/dev/null 2>&1
	keep=$(mktemp -d)
	cp tests/fuzz/corpus/$h/regression-* tests/fuzz/corpus/$h/seed-* "$keep"/ 2>/dev/null || true
	rm -rf tests/fuzz/corpus/$h
	mkdir -p tests/fuzz/corpus/$h
	cp "$keep"/* tests/fuzz/corpus/$h/ 2>/dev/null || true
	rm -rf "$keep"
	ls "$tmp" | sort | head -n "$KEEP" | while read -r f; do cp "$tmp/$f" tests/fuzz/corpus/$h/; done
	rm -rf "$tmp"
	echo "$h: $(ls tests/fuzz/corpus/$h | wc -l) seeds, $(du -sk tests/fuzz/corpus/$h | cut -f1) KB"
done
