#!/usr/bin/env bash
# Builds the site's image (Dockerfile) from a build on the host. It stages a self-contained build
# context holding exactly what the server reads at run time, then runs docker build on it:
#   - the build folder (NEXT_DIST_DIR, `.next` by default) without its cache/;
#   - a production-only node_modules, as one archive (node_modules.tar): the host's own,
#     hard-linked, pruned of dev dependencies (npm prune, offline), so native modules such as
#     better-sqlite3 are the host's compiled binaries (host and image are both Debian bookworm);
#   - public/, flows/, schemas/, site/, engine/, app/, content/, scripts/, next.config.ts,
#     tsconfig.json and package.json (the server loads next.config.ts, which imports site/).
# Staging keeps the context at about 600 MB instead of the repository's gigabytes (dev
# dependencies, every test build folder, .git), with no ignore list to keep in step. The stage
# lives in node_modules/.cache/container-context (same file system, so links cost nothing;
# ignored by git and the tools) and is removed afterwards.
#
#   scripts/container-build.sh [--dist-dir DIR] [--tag NAME] [--base-image NAME]
#
# Defaults: --dist-dir "${NEXT_DIST_DIR:-.next}", --tag firm-site:latest, --base-image
# firm-site/node:20 (scripts/container-images.sh makes it). Build the site first with the same
# environment it will run with, e.g. `npm run build`.
set -euo pipefail

root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dist_dir="${NEXT_DIST_DIR:-.next}"
tag="firm-site:latest"
base_image="firm-site/node:20"
stage="$root_dir/node_modules/.cache/container-context"
# What the image holds besides the build folder and node_modules.
sources=(public flows schemas site engine app content scripts next.config.ts tsconfig.json package.json)

say() { echo "[container-build] $*"; }
fail() {
  echo "[container-build] error: $*" >&2
  exit 1
}

cleanup() { rm -rf "$stage"; }

# Hard links where the file system allows them (instant, no space), copies elsewhere. `to` is
# the new path itself, which must not exist yet.
link_copy() {
  local from="$1" to="$2"
  cp -al "$from" "$to" 2>/dev/null || {
    rm -rf "$to"
    cp -a "$from" "$to"
  }
}

check_inputs() {
  command -v docker >/dev/null || fail "docker is not installed"
  docker image inspect "$base_image" >/dev/null 2>&1 ||
    fail "no image $base_image: run scripts/container-images.sh first"
  [[ -f "$root_dir/$dist_dir/BUILD_ID" ]] ||
    fail "no production build in $dist_dir: run NEXT_DIST_DIR=$dist_dir npm run build first"
  [[ -d "$root_dir/node_modules/next" ]] || fail "node_modules is missing: run npm install first"
  local source
  for source in "${sources[@]}"; do
    [[ -e "$root_dir/$source" ]] || fail "$source is missing"
  done
}

stage_sources() {
  local source
  for source in "${sources[@]}"; do link_copy "$root_dir/$source" "$stage/$source"; done
  # The build folder without cache/ (Next's build cache: hundreds of MB the server never reads).
  mkdir -p "$stage/$dist_dir"
  find "$root_dir/$dist_dir" -mindepth 1 -maxdepth 1 -not -name cache -print0 |
    while IFS= read -r -d '' entry; do link_copy "$entry" "$stage/$dist_dir/${entry##*/}"; done
}

# The host's node_modules linked in, pruned of dev dependencies, then packed into one archive,
# node_modules.tar, which the Dockerfile ADDs (unpacking it). One file instead of ~30,000: the
# daemon takes a context file by file, which took 90 s for this folder alone here, against 10 s
# for the archive, and an archive identical to the last one is a cached layer. npm rewrites the
# lock files it changes in place, so those are real copies (a linked one would rewrite the
# host's); what would differ from one run to the next without any package changing (folder
# times, npm's own lock file) is evened out, so the archive only changes with the packages.
stage_node_modules() {
  local deps="$stage/.deps"
  mkdir -p "$deps/node_modules"
  find "$root_dir/node_modules" -mindepth 1 -maxdepth 1 -not -name .cache \
    -not -name .package-lock.json -print0 |
    while IFS= read -r -d '' entry; do link_copy "$entry" "$deps/node_modules/${entry##*/}"; done
  cp "$root_dir/package.json" "$root_dir/package-lock.json" "$deps/"
  if [[ -f "$root_dir/node_modules/.package-lock.json" ]]; then
    cp "$root_dir/node_modules/.package-lock.json" "$deps/node_modules/"
  fi
  (cd "$deps" && npm prune --omit=dev --offline --no-audit --no-fund --loglevel=error) ||
    fail "npm prune --omit=dev failed in $deps"
  rm -f "$deps/node_modules/.package-lock.json"
  # better-sqlite3's compiler intermediates and sources: only build/Release/*.node is loaded.
  local sqlite="$deps/node_modules/better-sqlite3"
  if [[ -d "$sqlite" ]]; then
    rm -rf "$sqlite/deps" "$sqlite/src" "$sqlite/build/Release/obj" \
      "$sqlite/build/Release/obj.target" "$sqlite/build/Release/.deps" \
      "$sqlite/build/Release/test_extension.node" "$sqlite/build/Release/sqlite3.a"
  fi
  find "$deps/node_modules" -type d -exec touch -d @0 {} +
  tar -C "$deps" --sort=name --owner=0 --group=0 --numeric-owner --format=gnu \
    -cf "$stage/node_modules.tar" node_modules
  rm -rf "$deps"
}

main() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --dist-dir) dist_dir="${2:?--dist-dir needs a folder}" && shift ;;
      --tag) tag="${2:?--tag needs a name}" && shift ;;
      --base-image) base_image="${2:?--base-image needs a name}" && shift ;;
      -h | --help)
        sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
      *) fail "unknown argument $1 (see --help)" ;;
    esac
    shift
  done
  dist_dir="${dist_dir%/}"
  [[ "$dist_dir" =~ ^[A-Za-z0-9_.][A-Za-z0-9._-]*$ && "$dist_dir" != . && "$dist_dir" != .. ]] ||
    fail "--dist-dir must be a folder name in the repository root, such as .next (got $dist_dir)"
  check_inputs
  trap cleanup EXIT
  rm -rf "$stage"
  mkdir -p "$stage"
  say "staging the context from $dist_dir and the production dependencies"
  stage_sources
  stage_node_modules
  say "context: $(du -sh "$stage" | cut -f1)"
  say "docker build -t $tag (base $base_image)"
  docker build --file "$root_dir/Dockerfile" --build-arg "BASE_IMAGE=$base_image" \
    --build-arg "NEXT_DIST_DIR=$dist_dir" --tag "$tag" "$stage"
  say "$tag: $(docker image inspect -f '{{.Size}}' "$tag" | awk '{ printf "%.0f MB", $1 / 1000000 }')"
}

main "$@"
