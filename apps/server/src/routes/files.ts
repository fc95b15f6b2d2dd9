import { openResult, type ServiceContext } from "@wr/api";
import { Elysia } from "elysia";
import { attachment, sendFile } from "../http/send-file";

/** Playback (Range, inline) and download (attachment) of processed videos. */
export function fileRoutes(services: ServiceContext) {
  return new Elysia()
    .get("/api/stream/:filename", async ({ params, request }) => {
      const file = await openResult({ ctx: services, input: { filename: params.filename } });
      return sendFile(request, file, { "Content-Type": "video/mp4" });
    })
    .get("/api/download/:filename", async ({ params, request }) => {
      const file = await openResult({ ctx: services, input: { filename: params.filename } });
      return sendFile(request, file, {
        "Content-Type": "video/mp4",
        "Content-Disposition": attachment(file.downloadName),
      });
    });
}
