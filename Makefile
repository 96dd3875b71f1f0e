# mvx — two commands for a new user: `make run` and `make test`.
SWIFT   ?= swift
PREFIX  ?= /usr/local
ARGS    ?=
# A target may import only what Package.swift declares for it (SwiftPM only warns by default).
IMPORT_CHECK := --explicit-target-dependency-import-check error
# The release build (make run, bench, install). On Linux the Swift runtime and FoundationEssentials
# are linked in (--static-swift-stdlib): the loader then maps and relocates one file instead of
# five libraries at every start (make bench prints the start-up). Linked by the
# toolchain's lld: ld.gold warns about mktemp in libFoundationEssentials.a on every link. Without
# lld, the plain build. Both are options the toolchain documents; the binary stays
# position-independent.
TOOLCHAIN := $(dir $(realpath $(shell command -v $(SWIFT))))
RELEASE := -c release
ifeq ($(shell uname -s),Linux)
ifneq ($(wildcard $(TOOLCHAIN)ld.lld),)
RELEASE := -c release --static-swift-stdlib -Xswiftc -use-ld=lld
endif
endif

.PHONY: run build test bench install deps test-deps goldens clean docs index drill-tests

## Builds (release) if needed and starts mvx. Pass options with ARGS="--pattern viper".
run: deps
	@$(SWIFT) build $(RELEASE) --product mvx
	@.build/release/mvx $(ARGS)

build: deps
	$(SWIFT) build

## Rewrites source-index.tsv: every source parsed with swift-syntax (debug build, reused), which
## the build embeds. Kept out of `make run`: a release build never compiles swift-syntax.
index:
	$(SWIFT) build $(IMPORT_CHECK) --product SourceIndexer
	.build/debug/SourceIndexer .

## Every test: unit, acceptance, golden screens, end-to-end in tmux, then the change drills. Fails
## first when the committed source index is stale (`make index` or `make docs` rewrites it).
test: test-deps
	$(SWIFT) build $(IMPORT_CHECK) --product SourceIndexer
	.build/debug/SourceIndexer --check .
	$(SWIFT) build $(IMPORT_CHECK) --product mvx
	$(SWIFT) test $(IMPORT_CHECK) --skip 'EndToEndTests\.DrillTests' --xunit-output .build/test-results.xml
	scripts/write-test-inventory --check .build/test-results-swift-testing.xml
	@# The change drills last and alone: each builds a patched copy of the project on both cores,
	@# which beside the suite pushed tests with one-minute limits past them.
	$(SWIFT) test $(IMPORT_CHECK) --skip-build --filter 'EndToEndTests\.DrillTests'

## The unit tests the change drills add, each drill applied to a copy of the project: what to run
## when a drill's patches are written or changed (`make test` builds only each drill's app). A test
## build per drill: minutes each. DRILL="middle-name" runs one.
drill-tests: test-deps
	scripts/drill-tests $(DRILL)

## Prints speed and memory figures (no pass/fail).
bench:
	@scripts/install-deps --bench
	$(SWIFT) build $(RELEASE) --product mvx
	$(SWIFT) build $(RELEASE) --product mvx-bench
	.build/release/mvx-bench

## Installs mvx under $(PREFIX): one file (its fixtures and sources are embedded).
install: deps
	$(SWIFT) build $(RELEASE) --product mvx
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/mvx "$(DESTDIR)$(PREFIX)/bin/mvx"

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
	scripts/write-drills .build/debug/mvx
	@# The test inventory above is a source too: index it again.
	.build/debug/SourceIndexer .

deps:
	@scripts/install-deps

test-deps:
	@scripts/install-deps --test

clean:
	rm -rf .build
