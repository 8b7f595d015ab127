#!/bin/bash -eu
# Builds every fuzz target with libFuzzer and AddressSanitizer and puts the binaries, their
# seed corpora (zipped), the dictionary and the options files into $OUT. The same script
# serves OSS-Fuzz/ClusterFuzzLite (which sets $OUT and $SWIFTFLAGS via precompile_swift)
# and local runs (Fuzz/run, CI), so what CI builds is what ClusterFuzz builds. Both compile
# the internal checks the harnesses call (RATITE_INTERNAL_CHECKS, see Package.swift).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here"
# RATITE_FUZZ_ASAN=0 (local builds only) leaves AddressSanitizer out, for throughput: the
# solver targets run about 3.4 times as many inputs a second (see README.md).
asan=${RATITE_FUZZ_ASAN:-1}
if [ "$asan" = 0 ]; then local_scratch=.build-fuzz-fast; else local_scratch=.build-fuzz; fi
OUT=${OUT:-$here/$local_scratch/out}
mkdir -p "$OUT"
if [ -n "${SWIFTFLAGS:-}" ]; then
    # OSS-Fuzz and ClusterFuzzLite: their flags (static stdlib, parse-as-library, the
    # sanitizer of the build), and SwiftPM's own --sanitize fuzzer, which they lack: without
    # it SwiftPM renames each executable's entry point, and the link then looks for a main
    # function that -parse-as-library never made.
    # shellcheck disable=SC2206  # $SWIFTFLAGS is a list of words by design
    flags=(-c release --sanitize fuzzer $SWIFTFLAGS -Xswiftc -DRATITE_INTERNAL_CHECKS --scratch-path .build-oss-fuzz)
else
    # Locally both parts are needed: --sanitize fuzzer alone leaves the code uninstrumented
    # and -sanitize=fuzzer alone links a fuzzer that finds nothing.
    sanitizers=fuzzer,address
    [ "$asan" = 0 ] && sanitizers=fuzzer
    flags=(-c release --sanitize fuzzer -Xswiftc "-sanitize=$sanitizers" -Xswiftc -DRATITE_INTERNAL_CHECKS
        --scratch-path "$local_scratch")
fi
# The exact arithmetic, the reference checks and the harnesses keep edge coverage but trace
# no comparisons (Package.swift, RATITE_FUZZ_ORACLE).
export RATITE_FUZZ_ORACLE=1
scratch=${flags[-1]}  # the --scratch-path value, last in both sets
../scripts/forget-build-plan "$scratch"
bin=$(swift build "${flags[@]}" --show-bin-path)
for target in vfl vfl_c solver_ops solver_free solver_large layout_file; do
    product="fuzz-${target//_/-}"
    swift build "${flags[@]}" --product "$product" >&2
    cp "$bin/$product" "$OUT/$product"
    [ -f "$target.options" ] && cp "$target.options" "$OUT/$product.options"
    case "$target" in vfl|vfl_c) cp vfl.dict "$OUT/$product.dict" ;; esac
    if [ -d "corpus/$target" ] && command -v zip >/dev/null; then
        (cd "corpus/$target" && zip -q -r "$OUT/${product}_seed_corpus.zip" .)
    fi
done
echo "fuzz targets in $OUT" >&2
