#!/bin/bash -eu
# Installs what building Ratite's fuzzers needs beyond the base-builder-swift image, for
# both Dockerfiles (ClusterFuzzLite's beside this file, OSS-Fuzz's in Fuzz/oss-fuzz/):
# - zip, without which Fuzz/build.sh leaves the seed corpora out;
# - the Swift toolchain the project requires, into /opt/swift. The image brings an older
#   Swift, and Ratite's C interface is written with `@c @implementation`, which needs 6.3.
#   The Dockerfiles put /opt/swift/usr/bin first on PATH, so `clang` ($CC) is this
#   toolchain's too, as in Fuzz/check-cflite: the C targets then share the compiler and the
#   sanitizer runtime that swiftc links.
# The tarball is checked against its signature with the keys swift.org publishes.
version=6.3.1
platform=ubuntu24.04

apt-get update
apt-get install -y --no-install-recommends zip gnupg

name=swift-$version-RELEASE-$platform
url=https://download.swift.org/swift-$version-release/${platform//./}/swift-$version-RELEASE/$name.tar.gz
scratch=$(mktemp -d)
curl -fsSL -o "$scratch/swift.tar.gz" "$url"
curl -fsSL -o "$scratch/swift.tar.gz.sig" "$url.sig"
export GNUPGHOME=$scratch/gnupg
mkdir -m 700 "$GNUPGHOME"
curl -fsSL https://swift.org/keys/all-keys.asc | gpg --batch --quiet --import
gpg --batch --verify "$scratch/swift.tar.gz.sig" "$scratch/swift.tar.gz"
mkdir -p /opt/swift
tar -xzf "$scratch/swift.tar.gz" -C /opt/swift --strip-components=1
rm -rf "$scratch"
/opt/swift/usr/bin/swift --version
