#!/usr/bin/env bash
# Runs the `boyd` command from a clone, installing what it needs first.
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
source "$root/scripts/ensure-deps.sh"
ensure_node_deps
exec "$root/node_modules/.bin/tsx" "$root/packages/cli/src/main.ts" "$@"
