# topomap: `make run` serves the app on http://localhost:8080, `make test`
# installs what the tests need and runs them all. `make help` lists targets.
.DEFAULT_GOAL := help
SHELL := /bin/bash
WASM := assets/static/app.wasm
BIN := bin/topomap
VERSION ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo dev)
LDFLAGS := -X topomap/web.Version=$(VERSION)
# The browser client's build: no symbol table or DWARF (-s -w), no local
# paths (-trimpath), and no inlining (-l) but in the packages whose inner
# loops the browser runs (PAIRS and its random source; the hosts' package,
# topology, inlined too until its 5.4 KB outgrew the budget, made neither
# PAIRS under congestion, 0.97M moves: 3.59 s → 3.57 s, nor the 4K-65K-node
# explorer pages any slower in TestMeasure and TestMeasureLarge), and in
# net/http, whose package variables the compiler then builds as static data
# when their initialisers inline: under -l, net/http's init builds
# DefaultTransport at run time, which keeps ProxyFromEnvironment and
# with it the proxy, IDNA and Unicode-normalisation code and tables, none
# of which the client runs (it fetches through the browser's fetch; net/http
# is linked for go-app): 2,619,408 → 2,529,108 bytes gzipped, 90 KB.
# Then compressed by zopfli: 2,850,517 bytes with the defaults and
# gzip -6; 2,608,597 so with gzip -9, and 2,490,985 with zopfli (then;
# 2,578,743 on 2026-12-07, stop 56), against
# a budget of 2.5 MiB (wasm/size_test.go builds it with this target, and so
# do the browser tests). The server sends app.wasm.gz as it is
# (Content-Encoding: gzip), so it is compressed once, hard: zopfli writes
# ordinary gzip some 4% smaller than gzip -9 (10 iterations, about 35 s of
# CPU; 15 gain nothing more, 3 lose 3 KB).
ZOPFLI_ITERATIONS := 10
WASM_FLAGS := -trimpath -gcflags=all=-l -gcflags=topomap/algorithms/pairs= \
  -gcflags=math/rand/v2= -gcflags=net/http= -ldflags '-s -w $(LDFLAGS)'
# go test's own limit per package binary (its default, 10 minutes, is what
# the end-to-end browser tests alone took beside four busy processes).
TEST_TIMEOUT := 40m
# Packages whose tests run with the race detector (concurrent code).
RACE_PKGS := ./backend/... ./algorithms/pairs ./algorithms/solve

help: ## list targets
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN{FS=":.*## "}{printf "%-14s %s\n",$$1,$$2}'

wasm: ## build the browser client (WebAssembly) into assets/static
	GOOS=js GOARCH=wasm go build $(WASM_FLAGS) -o $(WASM) ./wasm
	@if command -v zopfli >/dev/null; then zopfli --i$(ZOPFLI_ITERATIONS) -c $(WASM) > $(WASM).gz.tmp && mv $(WASM).gz.tmp $(WASM).gz; \
	  else echo "make wasm: no zopfli on PATH (make deps): gzip -9, some 4% larger" >&2; gzip -9 -k -f $(WASM); fi

build: wasm ## build the server and CLI (embeds assets/static)
	go build -ldflags '$(LDFLAGS)' -o $(BIN) ./backend/cmd/topomap

run: build ## serve http://localhost:8080 on the embedded default store (./data)
	./$(BIN) serve

# Debian packages the tests need: the browser, the race detector's C
# compiler, the field's own tools with their example meshes (the
# graphfile tests compare against Scotch's gcv/gtst and METIS's gpmetis,
# the machinefile tests against Scotch's atst and hwloc's lstopo),
# Postgres, of which the tests of several servers on one database start a
# throwaway cluster, zopfli, the browser client's compressor, and the
# launchers that read our files: Open MPI's mpirun maps our rankfiles
# (openmpi-bin, 21 MB installed), Slurm's scontrol expands hostlists
# (slurm-client, 43 MB with its recommended plugins), and a throwaway
# Slurm cluster (slurmctld and slurmd, 2 MB more) runs ranks by our
# hostfiles and loads our topology.conf files.
DEB_PKGS := chromium gcc scotch metis libmetis-doc hwloc-nox postgresql zopfli openmpi-bin slurm-client slurmctld slurmd

deps: ## install what the tests need on a fresh Debian machine (chromium, gcc, scotch, metis, libmetis-doc, hwloc-nox, postgresql, zopfli, openmpi-bin, slurm-client, slurmctld, slurmd)
	@command -v chromium >/dev/null && command -v gcc >/dev/null && command -v gcv >/dev/null && command -v zopfli >/dev/null && \
	  command -v gpmetis >/dev/null && dpkg -s libmetis-doc >/dev/null 2>&1 && \
	  command -v lstopo-no-graphics >/dev/null && dpkg -s postgresql >/dev/null 2>&1 && \
	  command -v mpirun.openmpi >/dev/null && command -v scontrol >/dev/null && \
	  test -x /usr/sbin/slurmctld && test -x /usr/sbin/slurmd || \
	  { if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y $(DEB_PKGS); \
	    else sudo apt-get update && sudo apt-get install -y $(DEB_PKGS); fi; }

check: ## formatting, vet, and the js/wasm build of the pure layers
	@out=$$(gofmt -s -l $$(git ls-files '*.go') 2>/dev/null); if [ -n "$$out" ]; then echo "gofmt -s would change: $$out"; exit 1; fi
	go vet ./...
	GOOS=js GOARCH=wasm go build ./algorithms/... ./backend/api ./web/... ./wasm

test: deps wasm check ## everything the machine needs, then all tests
	TOPOMAP_REQUIRE_BROWSER=1 TOPOMAP_REQUIRE_TOOLS=1 go test -count=1 -timeout $(TEST_TIMEOUT) ./...
	TOPOMAP_REQUIRE_BROWSER=1 TOPOMAP_REQUIRE_TOOLS=1 go test -count=1 -timeout $(TEST_TIMEOUT) -race $(RACE_PKGS)

test-openmpi5: ## (as root) our rankfiles' tests against Open MPI 5, Debian trixie's, in a chroot made once (.ci/openmpi5)
	.ci/openmpi5

bench: ## benchmarks of the hot paths (figures quoted in the README)
	go test -timeout 60m -run='^$$' -bench=. -benchmem ./algorithms/... ./web/... ./backend/store ./backend/server

# FUZZ_TARGETS are every fuzz target of the tests, as Name:./package,
# found in the sources (a new target needs no entry here).
FUZZ_TARGETS = $(shell grep -rE '^func Fuzz[A-Za-z0-9_]*' --include='*_test.go' algorithms backend web wasm | \
  sed -E 's|^(.*)/[^/]*:func (Fuzz[A-Za-z0-9_]*).*|\2:./\1|' | sort)

fuzz: ## fuzz every user-input parser for FUZZTIME each (default 20s); fails at the end if any failed
	@failed=""; for t in $(FUZZ_TARGETS); do \
	  echo "== $${t%%:*}"; \
	  go test -timeout 30m -run='^$$' -fuzz="^$${t%%:*}$$" -fuzztime=$${FUZZTIME:-20s} $${t#*:} || failed="$$failed $${t%%:*}"; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failed:$$failed"; exit 1; fi

clean: ## remove build outputs
	rm -rf bin $(WASM) $(WASM).gz

.PHONY: help wasm build run deps check test test-openmpi5 bench fuzz clean
