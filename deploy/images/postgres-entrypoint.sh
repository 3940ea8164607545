#!/bin/sh
# First start: a cluster in PGDATA owned by POSTGRES_USER (password POSTGRES_PASSWORD) with the
# database POSTGRES_DB; later starts find PG_VERSION there and go straight to the server.
# Runs as the postgres user (the image's USER); the data folder is the image's, or a volume
# that inherited its owner from it.
set -eu

PGDATA="${PGDATA:-/var/lib/postgresql/data}"
POSTGRES_USER="${POSTGRES_USER:-postgres}"
POSTGRES_DB="${POSTGRES_DB:-$POSTGRES_USER}"

init_cluster() {
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres-entrypoint: POSTGRES_PASSWORD is required to create the cluster." >&2
    exit 1
  fi
  echo "postgres-entrypoint: creating the cluster in $PGDATA"
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  # Local (socket) connections inside the container are trusted; every network connection
  # needs the password.
  initdb --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile="$password_file" \
    --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256
  rm -f "$password_file"
  {
    echo "host all all 0.0.0.0/0 scram-sha-256"
    echo "host all all ::/0 scram-sha-256"
  } >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"

  if [ "$POSTGRES_DB" != postgres ]; then
    # A private socket and no TCP while the database is made: the healthcheck (pg_isready on
    # TCP) cannot see the server until the real start below.
    socket_dir="$(mktemp -d)"
    pg_ctl --pgdata="$PGDATA" --wait --silent \
      --options="-c listen_addresses='' -c unix_socket_directories=$socket_dir" start
    # On standard input, as psql quotes :"db" there (not in --command).
    echo 'CREATE DATABASE :"db";' | psql --host="$socket_dir" --username="$POSTGRES_USER" \
      --dbname=postgres --set=ON_ERROR_STOP=1 --set=db="$POSTGRES_DB" --no-psqlrc --quiet
    pg_ctl --pgdata="$PGDATA" --wait --silent --mode=fast stop
    rmdir "$socket_dir"
  fi
  echo "postgres-entrypoint: cluster ready"
}

if [ "${1:-}" = postgres ]; then
  if [ ! -s "$PGDATA/PG_VERSION" ]; then init_cluster; fi
  shift
  exec postgres -D "$PGDATA" "$@"
fi
exec "$@"
