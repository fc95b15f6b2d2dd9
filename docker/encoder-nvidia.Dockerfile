# An encoder node for NVIDIA GPUs: an FFmpeg built with NVENC/NVDEC (jrottenberg/ffmpeg's
# NVIDIA image, on Ubuntu with the CUDA runtime) and Bun. Needs the NVIDIA Container Toolkit on
# the host; run with `--gpus all` (compose: the gpu profile reserves the device).
#   docker build -f docker/encoder-nvidia.Dockerfile -t watermark-remover/encoder-nvidia .
FROM oven/bun:1.4.5-debian AS build
WORKDIR /app
COPY . .
RUN bun install --frozen-lockfile --production

FROM jrottenberg/ffmpeg:7.1-nvidia2204
COPY --from=build /usr/local/bin/bun /usr/local/bin/bun
WORKDIR /app
COPY --from=build /app /app
# The toolkit mounts the driver's encode and decode libraries only when asked for "video".
ENV NVIDIA_VISIBLE_DEVICES=all \
    NVIDIA_DRIVER_CAPABILITIES=compute,video,utility \
    FFMPEG_PATH=/usr/local/bin/ffmpeg \
    FFPROBE_PATH=/usr/local/bin/ffprobe \
    ENCODER_CANDIDATES=h264_nvenc \
    NODE_ENV=production \
    DATA_DIR=/data
ENTRYPOINT ["bun", "apps/encoder/src/main.ts"]
CMD ["work"]
