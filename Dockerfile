# The site as a container: the production build served by the site's production server
# (scripts/serve.mjs, a custom server, which Next's standalone output cannot carry), as a
# non-root user (uid 10001). Several containers share one PostgreSQL through DATABASE_URL
# (compose.yaml); without it a container keeps its SQLite file in /app/data, which only a volume
# keeps across a replacement.
#
# Nothing is installed or compiled while the image builds. The site is built on the host, and
# the build context is a folder staged by scripts/container-build.sh holding exactly what the
# server reads at run time: the build folder without its cache, the production-only
# node_modules (as one archive), the sources next.config.ts loads, the flows and the content.
# The base image is made locally from Debian's packages; no image registry is needed:
#
#   scripts/container-images.sh     # once: firm-site/node:20, firm-site/postgres:15, firm-site/nginx:bookworm
#   npm run build                   # on the host, with the environment the site will run with
#   scripts/container-build.sh      # stages the context, then docker build -t firm-site:latest
#   docker run -p 3000:3000 firm-site:latest
#
# scripts/container-build.sh --help lists its options (another build folder, tag or base image).
# Built from the repository root instead, the context is empty (.dockerignore) and COPY fails.
ARG BASE_IMAGE=firm-site/node:20
FROM ${BASE_IMAGE}

# The build folder's name: the build's own NEXT_DIST_DIR, which the server must be given too.
ARG NEXT_DIST_DIR=.next

WORKDIR /app
ENV NODE_ENV=production \
  NEXT_TELEMETRY_DISABLED=1 \
  PORT=3000 \
  NEXT_DIST_DIR=${NEXT_DIST_DIR} \
  LEADS_DB=/app/data/leads.sqlite \
  UPLOADS_DIR=/app/data/uploads \
  MAIL_DIR=/app/data/mail

RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home \
  --shell /usr/sbin/nologin site

# The code stays root's (the server cannot rewrite it); largest and least often changed first.
# The production dependencies come as one archive, which ADD unpacks into /app/node_modules
# (scripts/container-build.sh says why).
ADD node_modules.tar ./
COPY package.json tsconfig.json next.config.ts ./
COPY public ./public
COPY schemas ./schemas
COPY engine ./engine
COPY site ./site
COPY app ./app
COPY content ./content
COPY flows ./flows
COPY scripts ./scripts
COPY ${NEXT_DIST_DIR} ./${NEXT_DIST_DIR}

# What the server writes: its data (the SQLite file, uploads, mail files) and Next's cache.
# The folders exist in the image, owned by the site's user, so a volume mounted on one of them
# starts with that owner.
RUN install -d -o site -g site /app/data /app/data/uploads /app/data/mail \
  "/app/${NEXT_DIST_DIR}/cache"

USER site
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/serve.mjs", "--hostname", "0.0.0.0"]
