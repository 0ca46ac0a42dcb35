#!/usr/bin/env bash
# The whole test suite: contract checks, types, lint, then every unit and
# integration test against real servers. Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/ensure-deps.sh
ensure_node_deps
ensure_nats
ensure_sandbox
ensure_neo4j_dev
ensure_kustomize
ensure_grpcurl
ensure_client_tools

step() { printf '\n== %s\n' "$*"; }
step "generated code is current";   pnpm -s gen:check
step "generated clients are current"; pnpm -s gen:clients:check
step "no breaking proto change";    pnpm -s proto:breaking
step "types";                       pnpm -s typecheck
step "lint";                        pnpm -s lint
step "tests";                       pnpm -s test "$@"
