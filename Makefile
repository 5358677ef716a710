# Pelotão — see README.md.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c

GO_TAGS := webdist
# The Go packages: ./... would also reach into web/node_modules, where some npm packages carry Go code.
GO_PACKAGES := ./cmd/... ./docs/... ./internal/... ./scripts/...
WEB_STAMP := web/.npm-installed

.PHONY: run build web test test-go test-web test-e2e vet lint fuzz load perf clean

## run: build everything and serve http://localhost:8080 with demo content
run: build
	PELOTAO_DEMO=1 PELOTAO_PIX_SANDBOX=1 PELOTAO_MP_SANDBOX=1 ./bin/pelotao serve

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
test: vet lint test-go test-web test-e2e

vet: web
	@unformatted=$$(gofmt -l cmd internal); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted" >&2; exit 1; fi
	go vet -tags $(GO_TAGS) $(GO_PACKAGES)
	go vet $(GO_PACKAGES)

## lint: ESLint over the web app and its end-to-end tests (web/eslint.config.js), and Prettier's check of their format (web/.prettierrc.json; `cd web && npm run format` applies it)
lint: $(WEB_STAMP)
	cd web && npm run lint

test-go: web
	go test -tags $(GO_TAGS) -count=1 $(GO_PACKAGES)

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

## fuzz: run each fuzz target for FUZZTIME (default 60s); a crash is saved under testdata/fuzz
FUZZTIME ?= 60s
FUZZ_TARGETS := internal/event:FuzzDecodeEvent internal/httpapi:FuzzAuthPayloads \
	internal/site:FuzzRenderPage internal/upload:FuzzPrepare internal/upload:FuzzStripMetadata \
	internal/sheet:FuzzRead internal/results:FuzzParse internal/participant:FuzzParse \
	internal/pix:FuzzParseWebhook internal/mercadopago:FuzzNotification internal/registration:FuzzQuote \
	internal/salesapi:FuzzOrderBody
fuzz:
	@for target in $(FUZZ_TARGETS); do \
		pkg=$${target%%:*}; name=$${target##*:}; \
		echo "== $$name ($$pkg, $(FUZZTIME))"; \
		go test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) ./$$pkg 2>&1 | grep -v ' INFO \| WARN \|level=' ; \
	done

## load: 200 concurrent clients for DURATION (default 60s), then DESKS kit desks (20) posting a pickup every 2 s for DESK_DURATION (60s), against bin/pelotao on SQLite; then the registration opening (RUSH: also, only or off) on SQLite and, with RUSH_POSTGRES (default $PELOTAO_TEST_POSTGRES_URL), on PostgreSQL with two servers; not part of test
DURATION ?= 60s
CLIENTS ?= 200
DESKS ?= 20
DESK_DURATION ?= 60s
RUSH ?= also
RUSH_POSTGRES ?= $(PELOTAO_TEST_POSTGRES_URL)
load: build
	go run ./cmd/loadtest -bin bin/pelotao -clients $(CLIENTS) -duration $(DURATION) -desks $(DESKS) -desk-duration $(DESK_DURATION) \
		-rush $(RUSH) -postgres '$(RUSH_POSTGRES)'

## perf: bytes, Lighthouse and a load run on demo content + 1,000 events, against the budgets
perf:
	scripts/perf.sh

clean:
	rm -rf bin internal/webui/dist web/test-results web/playwright-report
