#!/bin/bash -eu
# OSS-Fuzz entry point: precompile_swift sets $SWIFTFLAGS for the sanitizer being built,
# then the repository's own Fuzz/build.sh (the one CI runs locally) does the rest.
. precompile_swift
"$SRC/ratite/Fuzz/build.sh"
