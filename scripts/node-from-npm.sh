#!/usr/bin/env bash
# Puts a Node.js release from the npm registry (package node-linux-<arch>, the official binaries with
# their C headers) in a cache folder and prints the two exports that make the shell use it:
#
#   eval "$(scripts/node-from-npm.sh)"        # Node 24.21.0, the version CI runs
#   eval "$(scripts/node-from-npm.sh 22)"     # the newest 22.x
#
# For machines whose OS ships an older Node and that reach only the npm registry (no nodejs.org, no nvm):
# the npm at hand keeps working and runs on the new node. npm_config_nodedir points node-gyp at the
# headers in the package, so better-sqlite3 and sqlite3 compile offline against the node that runs them.
# Messages go to stderr, the exports alone to stdout.
# Env: WEBPOS_NODE_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/webpos-node).
set -euo pipefail

# The version CI runs, and the integrity of its x64 tarball as the registry published it: pinned like the
# lockfile pins packages, so CI gets the same bytes every run. Bump both together.
readonly PINNED_VERSION=24.21.0
readonly PINNED_X64_INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==

say() { echo "node-from-npm: $*" >&2; }

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) say "no node-linux package for $(uname -m)"; exit 1 ;;
esac
[ "$(uname -s)" = Linux ] || { say "only Linux is packaged as node-linux-*"; exit 1; }
package="node-linux-$arch"
wanted="${1:-$PINNED_VERSION}"

# An exact version needs no registry round trip when it is cached; a range ("22", "^22.13") is resolved
# to its newest release first.
if [[ "$wanted" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  version="$wanted"
else
  # npm view lists the matches in the registry's order, not by version: sort them.
  version="$(npm view "$package@$wanted" version --json | node -e '
    for (const v of [].concat(JSON.parse(require("fs").readFileSync(0, "utf8")))) console.log(v)' | sort -V | tail -n 1)"
  [ -n "$version" ] || { say "no $package release matches $wanted"; exit 1; }
fi

cache="${WEBPOS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/webpos-node}"
dir="$cache/$version"

if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.fetch-$version.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  say "fetching $package@$version from the npm registry"
  # npm pack checks the download against the registry's integrity; the check below also holds it to the
  # pin (or, unpinned, to the integrity the registry lists now), so a corrupt cache entry cannot pass.
  npm pack "$package@$version" --pack-destination "$work" --silent >/dev/null
  tarball="$work/$package-$version.tgz"
  if [ "$version" = "$PINNED_VERSION" ] && [ "$arch" = x64 ]; then
    expected="$PINNED_X64_INTEGRITY"
  else
    expected="$(npm view "$package@$version" dist.integrity)"
  fi
  actual="sha512-$(node -e '
    const h = require("crypto").createHash("sha512");
    h.update(require("fs").readFileSync(process.argv[1])); console.log(h.digest("base64"))' "$tarball")"
  if [ "$actual" != "$expected" ]; then
    say "integrity mismatch for $package@$version: got $actual, expected $expected"
    exit 1
  fi
  tar -xzf "$tarball" -C "$work"
  [ -f "$work/package/include/node/common.gypi" ] || { say "$package@$version has no C headers"; exit 1; }
  # Another job may have finished the same version meanwhile: its copy is as good as ours.
  mv -T "$work/package" "$dir" 2>/dev/null || [ -x "$dir/bin/node" ]
fi

runs="$("$dir/bin/node" -v)"
[ "$runs" = "v$version" ] || { say "$dir/bin/node says $runs, expected v$version"; exit 1; }
say "using node $runs from $dir"
# shellcheck disable=SC2016 # $PATH is for the eval to expand, in the caller's shell
printf 'export PATH=%q:"$PATH"\n' "$dir/bin"
printf 'export npm_config_nodedir=%q\n' "$dir"
