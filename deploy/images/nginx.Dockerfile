# nginx from bookworm's packages, in the foreground, logging to the container's output. Its
# site configuration comes from outside (compose.yaml mounts deploy/nginx.conf).
# Built by scripts/container-images.sh.
ARG DEBIAN_IMAGE=firm-site/debian:bookworm
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
  && apt-get install -y nginx \
  && rm -rf /var/lib/apt/lists/* \
  && rm -f /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log \
  && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
# SIGQUIT is nginx's graceful shutdown: requests under way are finished.
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
