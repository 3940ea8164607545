# The site as a container: Next's standalone output served by the production server
# (scripts/serve.mjs), as a non-root user. Several containers share one PostgreSQL through
# DATABASE_URL (compose.yaml); without it a container keeps its SQLite file in /app/data, which
# only a volume keeps across a replacement.
#
#   docker build -t firm-site .
#   docker run -p 3000:3000 firm-site
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
# Build-time settings (the brand, the widgets, the captcha site key) are read here as at run time:
# pass the same values to `docker build --build-arg`-driven ENV lines if the defaults do not fit.
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
RUN node node_modules/next/dist/bin/next build

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 LEADS_DB=/app/data/leads.sqlite \
  UPLOADS_DIR=/app/data/uploads MAIL_DIR=/app/data/mail
RUN useradd --system --uid 10001 --home-dir /app site
# The traced server and its node_modules, the browser assets, and the files read at run time:
# the flows and their schema, the search index the build wrote, the production server.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/.next/search-index.json ./.next/search-index.json
COPY --from=build /app/public ./public
COPY --from=build /app/flows ./flows
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/scripts/serve.mjs /app/scripts/csp-html.mjs ./scripts/
RUN mkdir -p /app/data && chown -R site /app/data
USER site
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/serve.mjs", "--hostname", "0.0.0.0"]
