# PagerVoice: `make run` to page by voice, `make test` to prove it works.
# Both install the Debian packages that are missing first (needs root or sudo). Two of them are
# only data: recordings of human speech that is no command (PocketSphinx's test recordings,
# Asterisk's prompts, ALSA's speaker test voice in alsa-utils), which the tests and the bench
# hear to prove that people talking run nothing.
# Proof of speed and robustness (none of these run in CI; each installs what it needs too):
#   make bench      the speed table: against espeak-ng, latency, start-up, memory (release build)
#   make fuzz       libFuzzer + AddressSanitizer on the parser, a session, the text sanitiser
#                   (FUZZ_SECONDS per target, default 60)
#   make soak       SOAK_LINES random lines (default 100000) through pagervoice --audio null --json
#                   (SOAK_SEED to replay a run)
#   make sanitize   swift test under AddressSanitizer, then under ThreadSanitizer

SWIFT ?= swift
APT_PACKAGES := libespeak-ng-dev libpcaudio-dev libedit-dev libpulse-dev libspeechd-dev libpocketsphinx-dev zlib1g-dev \
                pocketsphinx-en-us espeak-ng-data espeak-ng flite speech-dispatcher speech-dispatcher-espeak-ng \
                chromium-headless-shell libjs-bootstrap5 libjs-bootstrap4 libjs-bootstrap libjs-jquery libjs-slick libjs-jquery-slides node-lightgallery libjs-jquery-ui libjs-material-design-lite libjs-angularjs python3-xstatic-angular-bootstrap libjs-twitter-bootstrap-wizard libjs-lightbox2 python3-sphinx-tabs-doc python3-sphinx-inline-tabs python-can-doc libjs-spectre-docs python-tango-doc s5 libjs-s5 libjs-remark-slide darkslide hovercraft libjs-iscroll pandoc ruby-rails-assets-blueimp-gallery mkdocs mkdocs-material python3-pymdownx \
                pulseaudio pulseaudio-utils pkg-config man-db python3 \
                pocketsphinx-testdata asterisk-core-sounds-en-wav alsa-utils \
                ktuberling-data klettres-data codec2-examples linphone-common vorbis-tools
# `make bench` only: the fourth part of the human speech (HumanSpeech.Part.fresh), about 290 MB
# of game data that no test hears.
BENCH_PACKAGES := hedgewars-data warzone2100-data unzip
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# A folder of offline git mirrors of the Swift packages we depend on (swift-argument-parser.git,
# swift-system.git), for machines that cannot reach GitHub: `make test SWIFTPM_MIRRORS=DIR`.
# Empty (the default): SwiftPM fetches from GitHub as usual. No machine path is ever committed.
SWIFTPM_MIRRORS ?=

# Where each kind of build goes, so sanitizer and fuzzer builds never trample the ordinary one.
# `make release` (and bench, soak) build executables that carry the Swift runtime and Foundation
# inside them: binding those shared libraries' symbols was most of pagervoice's start-up time
# (`make bench` reports it). lld, because GNU gold prints the toolchain's static Foundation's
# use of mktemp as a warning on every link. A plain `swift build -c release` works too; it
# starts slower.
RELEASE_SCRATCH ?= .build/static
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld --scratch-path $(RELEASE_SCRATCH)
RELEASE_BIN = $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)
ASAN_SCRATCH ?= .build/asan
TSAN_SCRATCH ?= .build/tsan
FUZZ_SCRATCH ?= .build/fuzz
DOCS_SCRATCH ?= .build/docs-build
COVERAGE_SCRATCH ?= .build/coverage
FUZZ_SECONDS ?= 60
SOAK_LINES ?= 100000
SOAK_SEED ?=
# Crashes are reported by the sanitizer or libFuzzer, not raced by Swift's own backtracer.
SANITIZER_ENV := SWIFT_BACKTRACE=enable=no \
                 LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitizers/lsan.supp \
                 TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1"

.PHONY: man baseline run test deps bench-deps install-packages mirrors build release bench fuzz soak sanitize lint format clean docs coverage

deps: mirrors
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(APT_PACKAGES)"

bench-deps: deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(BENCH_PACKAGES)"

install-packages:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

mirrors:
ifneq ($(strip $(SWIFTPM_MIRRORS)),)
	@SWIFT=$(SWIFT) scripts/use-mirrors.sh $(SWIFTPM_MIRRORS)
endif

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)
	@echo "Built: $(RELEASE_BIN)/pagervoice"

run: build
	@$$($(SWIFT) build --show-bin-path)/pagervoice $(ARGS)

test: deps
	$(SWIFT) test

# Start-up is compared with the last revision before the command line moved to
# swift-argument-parser (issue 17: no more than 2 ms slower), built the same way, side by side.
BASELINE_REV ?= f95e9ed
BASELINE_DIR ?= .build/baseline

baseline: deps
	@SWIFT=$(SWIFT) scripts/build-baseline.sh $(BASELINE_REV) $(BASELINE_DIR) $(SWIFTPM_MIRRORS)

bench: bench-deps release baseline
	@PAGERVOICE_BASELINE=$(BASELINE_DIR)/pagervoice $(RELEASE_BIN)/pagervoice-bench

fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_SCRATCH=$(FUZZ_SCRATCH) SWIFT=$(SWIFT) scripts/fuzz.sh

soak: release
	@$(RELEASE_BIN)/pagervoice-soak \
	    --lines $(SOAK_LINES) $(if $(SOAK_SEED),--seed $(SOAK_SEED))

sanitize: deps
	$(SANITIZER_ENV) $(SWIFT) test --sanitize=address --scratch-path $(ASAN_SCRATCH)
	$(SANITIZER_ENV) $(SWIFT) test --sanitize=thread --scratch-path $(TSAN_SCRATCH)

# The man page, generated from the same ArgumentParser definitions as --help (the package's
# generate-manual tool; its plugin would also try the bench, soak and fuzz executables).
man: deps
	$(SWIFT) build --product pagervoice
	$(SWIFT) build --product generate-manual
	mkdir -p share/man/man1
	$$($(SWIFT) build --show-bin-path)/generate-manual $$($(SWIFT) build --show-bin-path)/pagervoice \
	    --output-directory share/man/man1 --date $$(date +%Y-%m-%d)
	@# A blank line in a discussion is a new paragraph to mdoc, not an empty line it warns about.
	sed -i 's/^$$/.Pp/' share/man/man1/pagervoice.1
	@echo "Written: share/man/man1/pagervoice.1 (man -l share/man/man1/pagervoice.1)"

# One written style (.swift-format: 4-space indents, 140 columns), checked before the tests so a
# style slip fails CI early. `make format` rewrites the sources into that style.
lint:
	$(SWIFT) format lint --strict --parallel -r Sources Tests Package.swift

format:
	$(SWIFT) format format --parallel -i -r Sources Tests Package.swift

# API documentation: a DocC archive per library with a catalog (Sources/MODULE/MODULE.docc), in
# .build/docs/MODULE.doccarchive, from the symbol graphs `swift build` emits. Any DocC warning
# fails it, a ``Symbol`` link to nothing first of all; `.ci/run` runs it after the tests.
docs: deps
	SWIFT=$(SWIFT) DOCS_SCRATCH=$(DOCS_SCRATCH) scripts/docs.sh

# swift test with code coverage, then line coverage per module of Sources/ (llvm-cov report).
coverage: deps
	SWIFT=$(SWIFT) COVERAGE_SCRATCH=$(COVERAGE_SCRATCH) scripts/coverage.sh

clean:
	rm -rf .build
