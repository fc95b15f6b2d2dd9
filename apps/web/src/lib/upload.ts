import { authHeaders } from "./auth-headers";

export type UploadResult = { ok: true; filename: string } | { ok: false; error: string };

/** POST /api/upload with the file in field `video`, reporting progress in percent (SPEC.md §7). */
export async function uploadVideo(
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  const headers = await authHeaders();
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/upload");
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: { success?: boolean; filename?: string; error?: string } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {}
      if (request.status === 200 && body.success && body.filename) {
        resolve({ ok: true, filename: body.filename });
      } else {
        resolve({ ok: false, error: body.error || "Failed to upload video" });
      }
    };
    request.onerror = () => resolve({ ok: false, error: "Failed to upload video to server" });
    const form = new FormData();
    form.append("video", file);
    request.send(form);
  });
}
