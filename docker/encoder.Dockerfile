# An encoder node on Debian's ffmpeg, with the VAAPI drivers for Intel and AMD GPUs (pass the
# render node with `--device /dev/dri`). Without a GPU it encodes with libx264 CRF 18.
#   docker build -f docker/encoder.Dockerfile -t watermark-remover/encoder .
FROM oven/bun:1.4.5-debian AS build
WORKDIR /app
COPY . .
RUN bun install --frozen-lockfile --production

FROM oven/bun:1.4.5-debian
RUN apt-get update \
  && apt-get install -y --no-install-recommends \
    ffmpeg ca-certificates mesa-va-drivers intel-media-va-driver vainfo \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production DATA_DIR=/data
# `docker run ... watermark-remover/encoder probe` prints the hardware report instead.
ENTRYPOINT ["bun", "apps/encoder/src/main.ts"]
CMD ["work"]
