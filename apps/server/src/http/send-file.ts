import { MESSAGES } from "@wr/contracts";
import { parseRange } from "./range";

/** Sends a file from disk, streamed, honouring one byte range (206/416) as a player needs. */
export function sendFile(
  request: Request,
  file: { path: string; size: number },
  headers: Record<string, string>,
): Response {
  const common = { "Accept-Ranges": "bytes", "Cache-Control": "private, no-store", ...headers };
  const range = parseRange(request.headers.get("range"), file.size);
  const body = Bun.file(file.path);
  if (range.kind === "unsatisfiable") {
    return Response.json(
      { success: false, error: MESSAGES.rangeNotSatisfiable },
      { status: 416, headers: { ...common, "Content-Range": `bytes */${file.size}` } },
    );
  }
  if (range.kind === "whole") {
    return new Response(body, {
      status: 200,
      headers: { ...common, "Content-Length": String(file.size) },
    });
  }
  return new Response(body.slice(range.start, range.end + 1), {
    status: 206,
    headers: {
      ...common,
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${file.size}`,
    },
  });
}

/** RFC 6266: an ASCII fallback and the exact name in UTF-8. */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
