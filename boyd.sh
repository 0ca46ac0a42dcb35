#!/usr/bin/env bash
# Runs the `boyd` command from a clone. When node_modules matches the
# lockfile and the built command (scripts/build-cli.mjs) is newer than every
# source, it goes straight to node: no package manager, no TypeScript
# compiler on a call. Otherwise it installs and builds first.
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
cli="$root/.cache/cli/${root//[^A-Za-z0-9]/_}/current"
if ! cmp -s "$root/pnpm-lock.yaml" "$root/node_modules/.pnpm/lock.yaml" || [ ! -f "$cli/stamp" ] ||
  [ -n "$(find "$root/packages" "$root/services" -name node_modules -prune -o \( -path '*/src/*.ts' -o -name package.json \) -newer "$cli/stamp" -print -quit)" ]; then
  source "$root/scripts/ensure-deps.sh"
  ensure_node_deps
  ensure_cli
fi
exec node "$cli/boyd.mjs" "$@"
