# The two commands of the Quick start: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check lint typecheck unit bench clean browser screens node js

# The browser tests drive Debian's Chromium, and cards show emoji; the tests of several server
# processes share rooms through Redis (tests/redis_server.py starts it): installed when missing.
BROWSER_PACKAGES := chromium fonts-noto-color-emoji redis-server
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit("Python 3.11 or newer is needed") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/igroteka serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

browser:
	@dpkg -s $(BROWSER_PACKAGES) >/dev/null 2>&1 || \
	  $(SUDO) apt-get install -y -q $(BROWSER_PACKAGES) || \
	  { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q $(BROWSER_PACKAGES); }

unit: $(STAMP) browser
	$(BIN)/pytest -q

# The browser client's checks (package.json): ESLint, tsc --checkJs over its JSDoc types, and
# node's own test runner over tests/js. Node and npm come from Debian where missing (make test).
NODE_MODULES := node_modules/.installed

node:
	@command -v node >/dev/null && command -v npm >/dev/null || \
	  $(SUDO) apt-get install -y -q nodejs npm || \
	  { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q nodejs npm; }

$(NODE_MODULES): package.json package-lock.json
	@command -v npm >/dev/null || { echo "node and npm are needed: make node installs them"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	@touch $(NODE_MODULES)

js: $(NODE_MODULES)
	node_modules/.bin/eslint
	node_modules/.bin/tsc -p tsconfig.json
	node --test --test-reporter=spec tests/js/*.test.js

test: lint typecheck node js unit

# The inner loop: lint, types, the client's checks and the fast tests (no browser, no PostgreSQL,
# none of the tests marked slow: CONTRIBUTING lists them).
check: lint typecheck js
	$(BIN)/pytest -q -m "not browser and not postgres and not slow"

bench: $(STAMP)
	$(BIN)/python bench/chain_solver.py
	$(BIN)/python bench/games.py
	$(BIN)/python bench/bot_levels.py
	$(BIN)/python bench/lexicon.py
	$(BIN)/python bench/letters.py
	$(BIN)/python bench/crossword.py
	$(BIN)/python bench/crossword_bots.py

# The README's pictures: the lobby, a room's invite and each game's main phases at 1280×800 and
# 390×844 (docs/screens/*.png).
screens: $(STAMP) browser
	$(BIN)/python docs/screens/make.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache node_modules
