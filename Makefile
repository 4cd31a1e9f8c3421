# PagerVoice: `make run` to page by voice, `make test` to prove it works.
# Both install the Debian packages that are missing first (needs root or sudo).

SWIFT ?= swift
APT_PACKAGES := libespeak-ng-dev libpcaudio-dev libedit-dev espeak-ng-data espeak-ng \
                pulseaudio pulseaudio-utils pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test deps build release bench clean

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: build
	@$$($(SWIFT) build --show-bin-path)/pagervoice $(ARGS)

test: deps
	$(SWIFT) test

bench: deps
	$(SWIFT) run -c release pagervoice-bench

clean:
	rm -rf .build
