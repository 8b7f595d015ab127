# Ratite: `make test` runs every test, `make bench` runs the benchmark suite.
PREFIX ?= /usr/local

.PHONY: test swift-test c-test install bench clean

## Every test: Swift Testing, the C interface under sanitizers and valgrind.
test: swift-test c-test

swift-test:
	swift build
	swift test

c-test:
	scripts/ensure-packages valgrind pkg-config g++ libasan8 libubsan1
	Tests/C/run

## Installs ratite.h, libratite.so, libratite.a and pkg-config files under PREFIX.
install:
	scripts/install-c-library "$(PREFIX)" release

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build*
