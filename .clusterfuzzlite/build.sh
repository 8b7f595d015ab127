#!/bin/bash -eu
# The build script of both fuzzing integrations: ClusterFuzzLite (.clusterfuzzlite/Dockerfile)
# and OSS-Fuzz (Fuzz/oss-fuzz/Dockerfile) copy it to $SRC/build.sh, and the image runs it
# from $SRC/ratite. precompile_swift, from the base-builder-swift image, sets $SWIFTFLAGS for
# the sanitizer being built; Fuzz/build.sh, the one Fuzz/run uses, builds with them and puts
# the fuzzers, their options, the VFL dictionary and the zipped seed corpora into $OUT.
# Fuzz/check-cflite runs this script outside Docker.
# shellcheck source=/dev/null  # the image's script; Fuzz/cflite/precompile_swift stands in
. precompile_swift
"$SRC/ratite/Fuzz/build.sh"
