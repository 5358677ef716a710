# Pelotão — see README.md.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c

GO_TAGS := webdist
WEB_STAMP := web/.npm-installed

.PHONY: run build web test test-go test-web test-e2e vet clean

## run: build everything and serve http://localhost:8080 with demo content
run: build
	PELOTAO_DEMO=1 ./bin/pelotao serve

## build: bin/pelotao, one binary with the web app inside
build: web
	go build -tags $(GO_TAGS) -trimpath -ldflags='-s -w' -o bin/pelotao ./cmd/pelotao

# Install only when package-lock.json changed since the last install. Not `npm ci`: the registry
# this project builds from lacks some of Tailwind's platform-specific optional packages (other
# operating systems'), which `npm ci` treats as a lock-file mismatch; `npm install` installs the
# locked versions and skips them.
$(WEB_STAMP): web/package-lock.json
	cd web && npm install --no-audit --no-fund
	touch $@

web: $(WEB_STAMP)
	cd web && npm run build

## test: every test — Go (vet, unit, store conformance), Vitest, Playwright in headless Chromium
test: vet test-go test-web test-e2e

vet: web
	@unformatted=$$(gofmt -l cmd internal); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted" >&2; exit 1; fi
	go vet -tags $(GO_TAGS) ./...
	go vet ./...

test-go: web
	go test -tags $(GO_TAGS) -count=1 ./...

test-web: $(WEB_STAMP)
	cd web && npx vitest run

test-e2e: build
	@if [ -x /usr/bin/chromium ]; then \
		cd web && npx playwright test; \
	elif [ "$${CI:-}" = "true" ]; then \
		echo "Playwright: /usr/bin/chromium is missing, and CI=true forbids skipping" >&2; exit 1; \
	else \
		echo "SKIPPING Playwright: /usr/bin/chromium is missing (apt-get install -y chromium)"; \
	fi

clean:
	rm -rf bin internal/webui/dist web/test-results web/playwright-report
