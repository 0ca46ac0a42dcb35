# Sourced by test.sh, boyd.sh and .ci/run: installs what Boyd needs on a fresh
# Debian machine with Node 20, and does nothing when it is already there.
#   ensure_node_deps   pnpm (via npm) and node_modules (frozen lockfile)
#   ensure_cli         the `boyd` command built by scripts/build-cli.mjs (esbuild)
#   ensure_console_web the web console's page built by scripts/build-console-web.mjs
#                      into .cache/console-web/<this clone>/current
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
#   ensure_image       the service image (deploy/docker/Dockerfile) built with
#                      podman on a Debian root file system made by debootstrap
#                      (no registry pulls); prints its tag. Cached under
#                      .cache/image: the root file system's tarball, podman's
#                      storage, and the image itself while its inputs are
#                      unchanged. `boyd_podman` runs podman on that storage.
#   ensure_kubernetes_validate
#                      the kubernetes-validate schema validator (PyPI) in a
#                      venv under .cache/kubernetes-validate; prints its path
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
# The Debian release the image's base root file system comes from: the first
# whose nodejs package is 20 or newer. Bump BOYD_IMAGE_BASE_REVISION when the
# package list changes, so the cached tarball is rebuilt.
BOYD_IMAGE_SUITE=trixie
BOYD_IMAGE_BASE_PACKAGES="nodejs ca-certificates npm"
BOYD_IMAGE_BASE_REVISION=1
KUBERNETES_VALIDATE_VERSION=1.37.0

_boyd_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# One file pins it for this script and for @boyd/testkit, which refuses older servers.
NATS_SERVER_VERSION="$(cat "$_boyd_root/scripts/nats-server-version")"

_boyd_log() { printf 'boyd: %s\n' "$*" >&2; }

_boyd_as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    _boyd_log "need root to run: $*"; return 1; fi
}

ensure_node_deps() {
  # pnpm keeps a copy of the lockfile it installed from: when it matches,
  # node_modules is current (installed with a Node.js checked below) and there
  # is nothing to run. ./boyd.sh calls this on every command, so it comes
  # first: pnpm takes seconds to do nothing, and even `node -p` costs a start.
  cmp -s "$_boyd_root/pnpm-lock.yaml" "$_boyd_root/node_modules/.pnpm/lock.yaml" && return 0
  if ! command -v node >/dev/null 2>&1; then
    _boyd_log "Node.js 20 or newer is required (e.g. apt-get install -y nodejs)"; return 1
  fi
  local major; major="$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$major" -lt 20 ]; then _boyd_log "Node.js >= 20 is required, found $(node --version)"; return 1; fi
  if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    _boyd_log "installing pnpm $PNPM_VERSION"
    npm install -g --silent "pnpm@$PNPM_VERSION" >/dev/null 2>&1 || _boyd_as_root npm install -g --silent "pnpm@$PNPM_VERSION"
  fi
  # Fast when node_modules already matches the lockfile.
  (cd "$_boyd_root" && pnpm install --frozen-lockfile --prefer-offline --reporter=silent)
}

# Builds a Go tool with `go install` into .cache/<name>/<version> once; later
# calls find it there. Args: name, version, module path (without @version),
# and what to tell a person who has no Go.
_boyd_go_tool() {
  local name="$1" version="$2" module="$3" without_go="$4"
  local dir="$_boyd_root/.cache/$name/$version"
  [ -x "$dir/$name" ] && return 0
  if ! command -v go >/dev/null 2>&1; then _boyd_log "$without_go"; return 1; fi
  _boyd_log "building $name $version with go install (into .cache/$name; a minute or two the first time)"
  mkdir -p "$dir"
  GOBIN="$dir" go install "$module@$version" || {
    _boyd_log "could not build $name $version (go install failed above)"; return 1; }
}

# Where this clone's built `boyd` command is (scripts/build-cli.mjs names it the same way).
boyd_cli_dir() {
  printf '%s\n' "$_boyd_root/.cache/cli/${_boyd_root//[^A-Za-z0-9]/_}/current"
}

# The built `boyd` command, rebuilt when a source or package.json is newer
# than the build (a find over the source trees: a few milliseconds).
ensure_cli() {
  local stamp; stamp="$(boyd_cli_dir)/stamp"
  if [ -f "$stamp" ] && [ -z "$(find "$_boyd_root/packages" "$_boyd_root/services" -name node_modules -prune -o \( -path '*/src/*.ts' -o -name package.json \) -newer "$stamp" -print -quit)" ]; then return 0; fi
  node "$_boyd_root/scripts/build-cli.mjs"
}

# Where this clone's built console page is (scripts/build-console-web.mjs and
# @boyd/console name it the same way).
boyd_console_web_dir() {
  printf '%s\n' "$_boyd_root/.cache/console-web/${_boyd_root//[^A-Za-z0-9]/_}/current"
}

# The console's page, rebuilt when a file under services/console/web (or the
# package's dependencies) is newer than the build. `boyd up` and the console
# service do the same check themselves; this is for tests and CI.
ensure_console_web() {
  local stamp; stamp="$(boyd_console_web_dir)/stamp"
  if [ -f "$stamp" ] && [ -z "$(find "$_boyd_root/services/console/web" "$_boyd_root/services/console/package.json" -name node_modules -prune -o -type f -newer "$stamp" -print -quit)" ]; then return 0; fi
  node "$_boyd_root/scripts/build-console-web.mjs"
}

ensure_nats() {
  # Debian's nats-server is 2.9 (January 2023); deployments run a current
  # release, so tests and local runs build the pinned one from its Go module.
  # @boyd/testkit checks the version of whatever BOYD_NATS_SERVER names.
  [ -n "${BOYD_NATS_SERVER:-}" ] && return 0
  _boyd_go_tool nats-server "$NATS_SERVER_VERSION" github.com/nats-io/nats-server/v2 \
    "nats-server $NATS_SERVER_VERSION is built with Go: install Go (https://go.dev/dl/), or set BOYD_NATS_SERVER to a nats-server $NATS_SERVER_VERSION or newer"
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
  # directory names it. Debian's kubernetes-client embeds kustomize v2, which
  # cannot read our overlays.
  _boyd_go_tool kustomize "$KUSTOMIZE_VERSION" sigs.k8s.io/kustomize/kustomize/v5 \
    "kustomize v4+ is needed for the deploy tests: install kubectl >= 1.24 or Go (to build kustomize $KUSTOMIZE_VERSION)"
}

ensure_grpcurl() {
  # packages/cli/test/grpcurl.ts looks here first, then on PATH.
  _boyd_go_tool grpcurl "$GRPCURL_VERSION" github.com/fullstorydev/grpcurl/cmd/grpcurl \
    "grpcurl is needed for the gRPC tests: install Go (to build grpcurl $GRPCURL_VERSION) or put grpcurl on PATH"
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

# --- The service image, without a registry ---------------------------------

_boyd_image_cache="$_boyd_root/.cache/image"
_boyd_image_base_tag="localhost/boyd-base:$BOYD_IMAGE_SUITE-r$BOYD_IMAGE_BASE_REVISION"

# podman as root on this kind of machine: its own storage under .cache/image
# (kept between CI runs with the rest of .cache), and a containers.conf of
# its own: cgroupfs (no systemd), events in a file (no journald), runc (crun
# refuses the hybrid cgroup v1/v2 layout), and resource limits no higher than
# this shell's hard ones (podman's defaults would need CAP_SYS_RESOURCE). The
# overlay driver needs a kernel with overlayfs; BOYD_PODMAN_STORAGE_DRIVER=vfs
# works everywhere, slower.
boyd_podman() {
  local conf="$_boyd_image_cache/containers.conf"
  local wanted
  wanted="$(printf '[containers]\ndefault_ulimits = ["nofile=%s:%s", "nproc=8192:8192"]\n[engine]\ncgroup_manager = "cgroupfs"\nevents_logger = "file"\nruntime = "runc"\n' "$(ulimit -Hn)" "$(ulimit -Hn)")"
  # Replaced whole (rename), never truncated: parallel calls read it.
  if [ "$(cat "$conf" 2>/dev/null)" != "$wanted" ]; then
    mkdir -p "$_boyd_image_cache"
    printf '%s\n' "$wanted" >"$conf.$$" && mv -f "$conf.$$" "$conf"
  fi
  local runroot; runroot="/run/boyd-podman-$(printf '%s' "$_boyd_root" | cksum | cut -d' ' -f1)"
  CONTAINERS_CONF="$conf" podman --root "$_boyd_image_cache/storage" --runroot "$runroot" \
    --storage-driver "${BOYD_PODMAN_STORAGE_DRIVER:-overlay}" "$@"
}

ensure_podman() {
  local missing=()
  for tool in podman runc debootstrap; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then _boyd_log "building the image this way needs root (podman with its own storage, debootstrap)"; return 1; fi
  _boyd_log "installing ${missing[*]} (Debian packages) to build the image"
  apt-get update -qq && env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# A Debian root file system with Node and npm, as a tarball: debootstrap
# takes minutes, so it runs once per suite and package list.
_boyd_image_base_tarball() {
  local tarball="$_boyd_image_cache/base-$BOYD_IMAGE_SUITE-r$BOYD_IMAGE_BASE_REVISION.tar"
  if [ ! -s "$tarball" ]; then
    local rootfs="$_boyd_image_cache/rootfs.tmp"
    rm -rf "$rootfs" && mkdir -p "$_boyd_image_cache"
    _boyd_log "debootstrap $BOYD_IMAGE_SUITE, then $BOYD_IMAGE_BASE_PACKAGES (the image's base; once, ~7 minutes)"
    # debootstrap's own resolver cannot install npm (its dependencies go
    # through virtual packages), so apt installs the packages in a chroot.
    # shellcheck disable=SC2086 # the package list is meant to split
    { debootstrap --variant=minbase "$BOYD_IMAGE_SUITE" "$rootfs" http://deb.debian.org/debian \
      && chroot "$rootfs" /usr/bin/env DEBIAN_FRONTEND=noninteractive sh -c \
        "apt-get update -qq && apt-get install -y -qq --no-install-recommends $BOYD_IMAGE_BASE_PACKAGES"
    } >"$_boyd_image_cache/debootstrap.log" 2>&1 || { _boyd_log "building the base failed, see $_boyd_image_cache/debootstrap.log"; return 1; }
    # Package caches are not part of a base image.
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    tar -C "$rootfs" --numeric-owner -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
    rm -rf "$rootfs"
  fi
  printf '%s\n' "$tarball"
}

# The base image in podman's storage, imported from the tarball when missing.
_boyd_image_base() {
  if ! boyd_podman image exists "$_boyd_image_base_tag"; then
    local tarball; tarball="$(_boyd_image_base_tarball)" || return 1
    _boyd_log "importing $tarball as $_boyd_image_base_tag"
    boyd_podman import --quiet \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["/bin/bash"]' "$tarball" "$_boyd_image_base_tag" >/dev/null || return 1
  fi
  printf '%s\n' "$_boyd_image_base_tag"
}

# A hash of what the image is built from: the base and every file of the
# build context git knows of (tracked or new, not ignored), so an unchanged
# tree reuses the image and any edit rebuilds it.
_boyd_image_inputs_hash() {
  {
    printf '%s\n' "$_boyd_image_base_tag"
    (cd "$_boyd_root" && git ls-files -z --cached --others --exclude-standard | sort -z | while IFS= read -r -d '' file; do
      [ -f "$file" ] && printf '%s  %s\n' "$(sha256sum <"$file" | cut -d' ' -f1)" "$file"
    done)
  } | sha256sum | cut -c1-16
}

ensure_image() {
  # podman keeps its storage under .cache/image, as root; rootless podman
  # would need subordinate ids this machine does not set up.
  if [ "$(id -u)" != 0 ]; then _boyd_log "ensure_image needs root (podman, debootstrap): sudo -E bash -c 'source scripts/ensure-deps.sh && ensure_image'"; return 1; fi
  ensure_podman || return 1
  local base; base="$(_boyd_image_base)" || return 1
  local tag; tag="localhost/boyd:ci-$(_boyd_image_inputs_hash)"
  if ! boyd_podman image exists "$tag"; then
    _boyd_log "building $tag from deploy/docker/Dockerfile on $base"
    local started; started="$(date +%s)"
    # Host networking for the build's npm and apt downloads (no CNI setup
    # needed), trusting what this machine trusts: its CA bundle is mounted
    # into the build steps (behind a TLS-inspecting proxy npm needs it) and
    # does not stay in the image.
    local trust=()
    [ -f /etc/ssl/certs/ca-certificates.crt ] && trust=(--volume /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro)
    boyd_podman build --quiet --network host --layers "${trust[@]}" --build-arg "BASE_IMAGE=$base" \
      -f "$_boyd_root/deploy/docker/Dockerfile" -t "$tag" "$_boyd_root" >"$_boyd_image_cache/build.log" 2>&1 \
      || { _boyd_log "image build failed:"; tail -n 40 "$_boyd_image_cache/build.log" >&2; return 1; }
    _boyd_image_prune "$tag" "$started"
  fi
  printf '%s\n' "$tag"
}

# Images of earlier inputs are only disk: remove them (those a container
# still uses stay), and the untagged layers earlier builds left that nothing
# refers to. What this build made or reused (the build cache) remains.
_boyd_image_prune() {
  local keep="$1" since="$2" old
  for old in $(boyd_podman images --format '{{.Repository}}:{{.Tag}}' | grep '^localhost/boyd:ci-'); do
    [ "$old" = "$keep" ] || boyd_podman rmi "$old" >/dev/null 2>&1 || true
  done
  boyd_podman image prune --force --filter "until=$since" >/dev/null 2>&1 || true
}

# --- Kubernetes schema validation ------------------------------------------

ensure_kubernetes_validate() {
  # A venv's scripts name its python by the path it was made at: make it at
  # .cache's real path (the doc tests reach .cache through a temporary
  # checkout's link), and make it again if that path has gone.
  mkdir -p "$_boyd_root/.cache"
  local venv; venv="$(cd -P "$_boyd_root/.cache" && pwd)/kubernetes-validate/$KUBERNETES_VALIDATE_VERSION"
  if [ ! -x "$venv/bin/kubernetes-validate" ] || ! "$venv/bin/python" -c "" 2>/dev/null || ! head -1 "$venv/bin/kubernetes-validate" | grep -qF "$venv/bin/python"; then
    _boyd_log "installing kubernetes-validate $KUBERNETES_VALIDATE_VERSION (PyPI) into .cache/kubernetes-validate"
    rm -rf "$venv"
    python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" \
      || { _boyd_log "could not install kubernetes-validate (pip failed above)"; rm -rf "$venv"; return 1; }
  fi
  printf '%s\n' "$venv/bin/kubernetes-validate"
}

# Executed rather than sourced: run the ensure steps named on the command line.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  [ $# -gt 0 ] || set -- node_deps nats sandbox neo4j_dev kustomize grpcurl client_tools
  for step in "$@"; do
    if [ "$(type -t "ensure_$step")" != function ]; then
      _boyd_log "unknown step '$step' (known: node_deps cli console_web nats sandbox neo4j_dev kustomize kustomize_cli grpcurl client_tools)"; exit 2
    fi
  done
  for step in "$@"; do "ensure_$step"; done
fi
