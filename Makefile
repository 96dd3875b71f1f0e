# mvx — two commands for a new user: `make run` and `make test`.
SWIFT   ?= swift
PREFIX  ?= /usr/local
ARGS    ?=
# A target may import only what Package.swift declares for it (SwiftPM only warns by default).
IMPORT_CHECK := --explicit-target-dependency-import-check error
# The release build (make run, bench, install). On Linux the Swift runtime and Foundation are linked
# in, which takes start-up from 15 to 12 ms (make bench), linked by the toolchain's lld: ld.gold
# warns about mktemp in libFoundationEssentials.a on every link. Without lld, the plain build.
# Not position-independent (--no-pie): a PIE of that size made the dynamic loader apply some
# 88,000 relative relocations (2 MB of them) and dirty the pages they sit on before main, about
# half a millisecond of every start; a fixed address needs none. No exported symbols
# (--no-export-dynamic, after the toolchain's -export-dynamic): nothing loads mvx's symbols, and
# 12,000 of them made the loader's work and every dladdr (the runtime's, at start) slower.
# Where the system has the static archives (libc6-dev, libstdc++-dev, libncurses-dev), one static
# executable: the dynamic loader then has nothing to do (five libraries, their relocations and
# symbol lookups), and the first frame comes 0.5 ms sooner (make bench). It is linked with
# crtbegin.o under crtbeginT.o's name (-B): crtbeginT.o, the usual one for -static, registers
# .eh_frame with the unwinder, which then sorts all its 80,000 entries on the first unwind, and
# dispatch_main unwinds the main thread at every start (17 ms). crtbegin.o leaves the unwinder
# to .eh_frame_hdr's sorted table, as in a dynamic executable.
TOOLCHAIN := $(dir $(realpath $(shell command -v $(SWIFT))))
RELEASE := -c release
CRT :=
ifeq ($(shell uname -s),Linux)
ifneq ($(wildcard $(TOOLCHAIN)ld.lld),)
# Concrete generic types' metadata through accessor functions, not mangled names: a mangled
# `[ScreenID: PatternID]` made the runtime look `ScreenID: Hashable` up by scanning all 6,400
# conformance records of the binary, about 25 such scans (0.5 ms) before the first frame.
# lld writes its output from one thread (--threads=1, 2 s more per link): written from several, a
# fresh binary sat in the page cache in a shape that cost ~65 more page faults a start (0.3 to
# 0.5 ms) than the same bytes copied, until the file was read again.
RELEASE := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker --no-pie -Xlinker --no-export-dynamic \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xlinker --threads=1
STATIC_PARTS := $(foreach part,libc.a libstdc++.a libncursesw.a libtinfo.a crtbegin.o,$(shell $(TOOLCHAIN)clang -print-file-name=$(part)))
ifeq ($(filter-out /%,$(STATIC_PARTS)),)
CRT := .build/crt/crtbeginT.o
RELEASE += -Xswiftc -static-executable -Xswiftc -Xclang-linker -Xswiftc -B$(abspath $(dir $(CRT)))/
endif
endif
endif

.PHONY: run build test bench install deps test-deps goldens clean docs index

## Builds (release) if needed and starts mvx. Pass options with ARGS="--pattern viper".
run: deps $(CRT)
	@$(SWIFT) build $(RELEASE) --product mvx
	@.build/release/mvx $(ARGS)

build: deps
	$(SWIFT) build

## Rewrites source-index.tsv: every source parsed with swift-syntax (debug build, reused), which
## the build embeds. Kept out of `make run`: a release build never compiles swift-syntax.
index:
	$(SWIFT) build $(IMPORT_CHECK) --product SourceIndexer
	.build/debug/SourceIndexer .

## Every test: unit, acceptance, golden screens and end-to-end in tmux. Fails first when the
## committed source index is stale (`make index` or `make docs` rewrites it).
test: test-deps
	$(SWIFT) build $(IMPORT_CHECK) --product SourceIndexer
	.build/debug/SourceIndexer --check .
	$(SWIFT) build $(IMPORT_CHECK) --product mvx
	$(SWIFT) test $(IMPORT_CHECK) --xunit-output .build/test-results.xml
	scripts/write-test-inventory --check .build/test-results-swift-testing.xml

## Prints speed and memory figures (no pass/fail).
bench: $(CRT)
	@scripts/install-deps --bench
	$(SWIFT) build $(RELEASE) --product mvx
	$(SWIFT) build $(RELEASE) --product mvx-bench
	.build/release/mvx-bench

## Installs mvx and its fixture data under $(PREFIX).
install: deps $(CRT)
	$(SWIFT) build $(RELEASE) --product mvx
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/mvx "$(DESTDIR)$(PREFIX)/bin/mvx"
	rm -rf "$(DESTDIR)$(PREFIX)/bin/mvx_FakeServer.resources"
	cp -R .build/release/mvx_FakeServer.resources "$(DESTDIR)$(PREFIX)/bin/"

## Rewrites the golden screens from the current output (review the diff before committing).
## Every test that calls Golden.assert has "Golden" in its suite's or its function's name: the filter
## below finds them by it.
goldens:
	MVX_RECORD_GOLDENS=1 $(SWIFT) test --filter Golden

## Writes the source index, the list of tests the metrics count (by running them) and the
## generated docs; the tests fail when the checked-in ones are stale.
docs: deps index
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter '^(MVC|MVP|MVVM|VIPER|Acceptance)Tests\.' --xunit-output .build/docs-tests.xml
	scripts/write-test-inventory .build/docs-tests-swift-testing.xml
	$(SWIFT) build --product mvx
	scripts/write-diagrams .build/debug/mvx
	scripts/write-comparison .build/debug/mvx
	scripts/write-pattern-figures .build/debug/mvx
	@# The test inventory above is a source too: index it again.
	.build/debug/SourceIndexer .

## The static link's crtbeginT.o is the toolchain's crtbegin.o (see RELEASE above).
ifneq ($(CRT),)
$(CRT):
	@mkdir -p $(dir $@)
	@cp "$(shell $(TOOLCHAIN)clang -print-file-name=crtbegin.o)" $@
endif

deps:
	@scripts/install-deps

test-deps:
	@scripts/install-deps --test

clean:
	rm -rf .build
