# The server: REST, tRPC and the SPA. It probes uploads with Debian's ffmpeg and enqueues jobs;
# encoding is the encoder nodes' (encoder.Dockerfile). Build from the repository root:
#   docker build -f docker/server.Dockerfile -t watermark-remover/server .
FROM oven/bun:1.4.5-debian AS build
WORKDIR /app
COPY . .
RUN bun install --frozen-lockfile && cd apps/web && bun run build

FROM oven/bun:1.4.5-debian
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
VOLUME /data
EXPOSE 3000
# SIGTERM reaches Bun directly: the server stops accepting and closes its connections.
CMD ["bun", "apps/server/src/main.ts"]
