#!/usr/bin/env bash
# Runs the `boyd` command from a clone. When node_modules matches the
# lockfile and the built command (scripts/build-cli.mjs) is newer than every
# source, this is a file compare and a find, then straight to node: no
# package manager, no TypeScript compiler on a call. Otherwise it installs
# and builds first.
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
source "$root/scripts/ensure-deps.sh"
ensure_node_deps
ensure_cli
exec node "$(boyd_cli_dir)/boyd.mjs" "$@"
