# PostgreSQL 15 from bookworm's packages, for compose.yaml. On first start the entrypoint makes a
# cluster in PGDATA from POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB; the server then
# listens on every address with password (SCRAM) authentication and runs as `postgres`.
# Built by scripts/container-images.sh.
ARG DEBIAN_IMAGE=firm-site/debian:bookworm
FROM ${DEBIAN_IMAGE}
# postgresql-common would make a cluster of its own ("main") while installing: switched off first.
RUN apt-get update \
  && apt-get install -y postgresql-common \
  && sed -ri 's/^#?\s*create_main_cluster\s*=.*/create_main_cluster = false/' \
    /etc/postgresql-common/createcluster.conf \
  && apt-get install -y postgresql-15 \
  && rm -rf /var/lib/apt/lists/* \
  && install -d -o postgres -g postgres -m 2775 /var/run/postgresql \
  && install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  PGDATA=/var/lib/postgresql/data
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
# SIGINT is PostgreSQL's fast shutdown: open connections do not hold a `docker stop`.
STOPSIGNAL SIGINT
ENTRYPOINT ["postgres-entrypoint"]
CMD ["postgres"]
