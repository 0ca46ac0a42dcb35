# Sourced by test.sh, boyd.sh and .ci/run: installs what Boyd needs on a fresh
# Debian machine with Node 20, and does nothing when it is already there.
#   ensure_node_deps   pnpm (via npm) and node_modules (frozen lockfile)
#   ensure_nats        nats-server $NATS_SERVER_VERSION (scripts/nats-server-version),
#                      built with `go install` into .cache/nats-server/<version>, for
#                      tests and distributed mode; BOYD_NATS_SERVER names another
#   ensure_sandbox     bubblewrap and util-linux (Debian packages), which confine
#                      the act service's shell_exec
#   ensure_neo4j_dev   Java 17 + Maven (Debian packages) and the Neo4j launcher in
#                      deploy/neo4j-dev, rebuilt when its pom or sources change
#   ensure_kustomize   a kustomize v4+ for the deploy tests: kubectl's embedded one,
#                      else kustomize $KUSTOMIZE_VERSION built with `go install`
#                      into .cache/kustomize/$KUSTOMIZE_VERSION
#   ensure_grpcurl     grpcurl $GRPCURL_VERSION built with `go install` into
#                      .cache/grpcurl/$GRPCURL_VERSION, for the tests that use
#                      the API through server reflection as its users do
#   ensure_kustomize_cli  that built kustomize in any case, put first on PATH (for
#                      `kustomize edit`, which kubectl's embedded one lacks)
#   ensure_client_tools what clients/ needs: a Python venv in .cache/clients/python-venv
#                      (grpcio-tools generates the Python client; grpcio, protobuf and
#                      nats-py run its example) and protoc-gen-go/protoc-gen-go-grpc
#                      in .cache/clients/bin (buf runs them for the Go client),
#                      all pinned below; compiles clients/go's dependencies once
#
# Run as a command, it ensures the steps named (node_deps, nats, ...), or with
# no arguments everything the tests need:  scripts/ensure-deps.sh [STEP...]

PNPM_VERSION=10.34.8
KUSTOMIZE_VERSION=v5.5.0
GRPCURL_VERSION=v1.9.4
# Generated clients (clients/python, clients/go). The Python generator and
# runtime must agree: grpcio-tools embeds protoc, whose output needs a protobuf
# runtime at least as new, and *_pb2_grpc.py needs grpcio >= the tools' version.
CLIENT_PY_PACKAGES="grpcio==1.85.1 grpcio-tools==1.85.1 protobuf==7.36.2 nats-py==2.16.0"
PROTOC_GEN_GO_VERSION=v1.36.12
PROTOC_GEN_GO_GRPC_VERSION=v1.6.2

_boyd_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# One file pins it for this script and for @boyd/testkit, which refuses older servers.
NATS_SERVER_VERSION="$(cat "$_boyd_root/scripts/nats-server-version")"

_boyd_log() { printf 'boyd: %s\n' "$*" >&2; }

_boyd_as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    _boyd_log "need root to run: $*"; return 1; fi
}

ensure_node_deps() {
  if ! command -v node >/dev/null 2>&1; then
    _boyd_log "Node.js 20 or newer is required (e.g. apt-get install -y nodejs)"; return 1
  fi
  local major; major="$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$major" -lt 20 ]; then _boyd_log "Node.js >= 20 is required, found $(node --version)"; return 1; fi
  # pnpm keeps a copy of the lockfile it installed from: when it matches,
  # node_modules is current and there is nothing to run (./boyd.sh calls this
  # on every command; pnpm itself takes a few seconds even to do nothing).
  cmp -s "$_boyd_root/pnpm-lock.yaml" "$_boyd_root/node_modules/.pnpm/lock.yaml" && return 0
  if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    _boyd_log "installing pnpm $PNPM_VERSION"
    npm install -g --silent "pnpm@$PNPM_VERSION" >/dev/null 2>&1 || _boyd_as_root npm install -g --silent "pnpm@$PNPM_VERSION"
  fi
  # Fast when node_modules already matches the lockfile.
  (cd "$_boyd_root" && pnpm install --frozen-lockfile --prefer-offline --reporter=silent)
}

ensure_nats() {
  # Debian's nats-server is 2.9 (January 2023); deployments run a current
  # release, so tests and local runs build the pinned one from its Go module.
  # @boyd/testkit checks the version of whatever BOYD_NATS_SERVER names.
  [ -n "${BOYD_NATS_SERVER:-}" ] && return 0
  local dir="$_boyd_root/.cache/nats-server/$NATS_SERVER_VERSION"
  [ -x "$dir/nats-server" ] && return 0
  if ! command -v go >/dev/null 2>&1; then
    _boyd_log "nats-server $NATS_SERVER_VERSION is built with Go: install Go (https://go.dev/dl/), or set BOYD_NATS_SERVER to a nats-server $NATS_SERVER_VERSION or newer"
    return 1
  fi
  _boyd_log "building nats-server $NATS_SERVER_VERSION with go install (into .cache/nats-server; a minute or two the first time)"
  mkdir -p "$dir"
  GOBIN="$dir" go install "github.com/nats-io/nats-server/v2@$NATS_SERVER_VERSION" || {
    _boyd_log "could not build nats-server $NATS_SERVER_VERSION (go install failed above)"; return 1; }
}

ensure_sandbox() {
  local missing=()
  command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
  for tool in prlimit setpriv unshare; do
    command -v "$tool" >/dev/null 2>&1 || { missing+=(util-linux); break; }
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  _boyd_log "installing ${missing[*]} (Debian packages) for the shell sandbox"
  _boyd_as_root apt-get update -qq && _boyd_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_neo4j_dev() {
  # Neo4j 5.26 (the last line on Java 17) needs a JDK to build the launcher and
  # Maven to fetch Neo4j from Maven Central into ~/.m2.
  if ! command -v java >/dev/null 2>&1 || ! command -v javac >/dev/null 2>&1 || ! command -v mvn >/dev/null 2>&1; then
    _boyd_log "installing Java 17 and Maven (Debian packages)"
    _boyd_as_root apt-get update -qq && _boyd_as_root env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq openjdk-17-jdk-headless maven >/dev/null || return 1
  fi
  local dir="$_boyd_root/deploy/neo4j-dev"
  local jar="$dir/target/neo4j-dev.jar"
  if [ -f "$jar" ] && [ -d "$dir/target/lib" ] && [ -z "$(find "$dir/pom.xml" "$dir/src" -newer "$jar" -print -quit)" ]; then
    return 0
  fi
  _boyd_log "building the Neo4j launcher (deploy/neo4j-dev; the first build downloads ~120 MB into ~/.m2)"
  # Stale jars from an older Neo4j version must not stay on the classpath.
  rm -rf "$dir/target/lib"
  (cd "$dir" && mvn -q -B package -DskipTests)
}

# The kustomize major version `kubectl version --client` reports
# ("Kustomize Version: v5.5.0"), or nothing.
_boyd_kubectl_kustomize_major() {
  kubectl version --client 2>/dev/null | sed -n 's/^Kustomize Version: v\([0-9][0-9]*\)\..*/\1/p' | head -n 1
}

ensure_kustomize() {
  # deploy/test/kustomize.ts looks in the same places, in the same order.
  if command -v kubectl >/dev/null 2>&1; then
    local major; major="$(_boyd_kubectl_kustomize_major)"
    if [ -n "$major" ] && [ "$major" -ge 4 ]; then return 0; fi
  fi
  _boyd_build_kustomize
}

ensure_kustomize_cli() {
  _boyd_build_kustomize || return 1
  case ":$PATH:" in *":$_boyd_root/.cache/kustomize/$KUSTOMIZE_VERSION:"*) ;; *)
    export PATH="$_boyd_root/.cache/kustomize/$KUSTOMIZE_VERSION:$PATH" ;; esac
}

# kustomize $KUSTOMIZE_VERSION in .cache/kustomize/$KUSTOMIZE_VERSION, built once.
_boyd_build_kustomize() {
  # A `go install`ed kustomize reports its version as "(devel)", so the
  # directory names it.
  local dir="$_boyd_root/.cache/kustomize/$KUSTOMIZE_VERSION"
  [ -x "$dir/kustomize" ] && return 0
  # Debian's kubernetes-client embeds kustomize v2, which cannot read our overlays.
  if ! command -v go >/dev/null 2>&1; then
    _boyd_log "kustomize v4+ is needed for the deploy tests: install kubectl >= 1.24 or Go (to build kustomize $KUSTOMIZE_VERSION)"
    return 1
  fi
  _boyd_log "building kustomize $KUSTOMIZE_VERSION with go install (into .cache/kustomize)"
  mkdir -p "$dir"
  GOBIN="$dir" go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION" || {
    _boyd_log "could not build kustomize $KUSTOMIZE_VERSION (go install failed above)"; return 1; }
}

ensure_grpcurl() {
  # packages/cli/test/grpcurl.ts looks here first, then on PATH.
  local dir="$_boyd_root/.cache/grpcurl/$GRPCURL_VERSION"
  [ -x "$dir/grpcurl" ] && return 0
  if ! command -v go >/dev/null 2>&1; then
    _boyd_log "grpcurl is needed for the gRPC tests: install Go (to build grpcurl $GRPCURL_VERSION) or put grpcurl on PATH"
    return 1
  fi
  _boyd_log "building grpcurl $GRPCURL_VERSION with go install (into .cache/grpcurl)"
  mkdir -p "$dir"
  GOBIN="$dir" go install "github.com/fullstorydev/grpcurl/cmd/grpcurl@$GRPCURL_VERSION" || {
    _boyd_log "could not build grpcurl $GRPCURL_VERSION (go install failed above)"; return 1; }
}

# The pins a tool directory was built with, so a changed pin rebuilds it.
_boyd_stamped() { [ -f "$1/.boyd-pins" ] && [ "$(cat "$1/.boyd-pins")" = "$2" ]; }

ensure_client_tools() {
  local dir="$_boyd_root/.cache/clients"
  local venv="$dir/python-venv"
  if ! _boyd_stamped "$venv" "$CLIENT_PY_PACKAGES"; then
    if ! command -v python3 >/dev/null 2>&1; then
      _boyd_log "Python 3 is needed for the Python client (e.g. apt-get install -y python3-venv)"; return 1
    fi
    _boyd_log "creating the Python client venv (.cache/clients/python-venv): $CLIENT_PY_PACKAGES"
    rm -rf "$venv"
    # shellcheck disable=SC2086 # the pins are separate words on purpose
    python3 -m venv "$venv" && "$venv/bin/pip" install -q --disable-pip-version-check $CLIENT_PY_PACKAGES || {
      _boyd_log "could not create the Python client venv (see above)"; rm -rf "$venv"; return 1; }
    echo "$CLIENT_PY_PACKAGES" >"$venv/.boyd-pins"
  fi
  if ! command -v go >/dev/null 2>&1; then
    _boyd_log "Go is needed for the Go client (protoc plugins and the example)"; return 1
  fi
  _boyd_go_protoc_plugins "$dir/bin" || return 1
  # Compiles the Go client's dependencies (grpc, protobuf, nats.go) into Go's
  # build cache once, so the test that builds the example compiles only its
  # own code; quick when nothing changed.
  (cd "$_boyd_root/clients/go" && go build ./...) || {
    _boyd_log "could not build the Go client (clients/go; go build failed above)"; return 1; }
}

_boyd_go_protoc_plugins() {
  local bin="$1"
  local pins="protoc-gen-go@$PROTOC_GEN_GO_VERSION protoc-gen-go-grpc@$PROTOC_GEN_GO_GRPC_VERSION"
  _boyd_stamped "$bin" "$pins" && return 0
  _boyd_log "building $pins with go install (into .cache/clients/bin)"
  mkdir -p "$bin"
  GOBIN="$bin" go install "google.golang.org/protobuf/cmd/protoc-gen-go@$PROTOC_GEN_GO_VERSION" &&
    GOBIN="$bin" go install "google.golang.org/grpc/cmd/protoc-gen-go-grpc@$PROTOC_GEN_GO_GRPC_VERSION" || {
    _boyd_log "could not build the Go protoc plugins (go install failed above)"; return 1; }
  echo "$pins" >"$bin/.boyd-pins"
}

# Executed rather than sourced: run the ensure steps named on the command line.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  [ $# -gt 0 ] || set -- node_deps nats sandbox neo4j_dev kustomize grpcurl client_tools
  for step in "$@"; do
    if [ "$(type -t "ensure_$step")" != function ]; then
      _boyd_log "unknown step '$step' (known: node_deps nats sandbox neo4j_dev kustomize kustomize_cli grpcurl client_tools)"; exit 2
    fi
  done
  for step in "$@"; do "ensure_$step"; done
fi
