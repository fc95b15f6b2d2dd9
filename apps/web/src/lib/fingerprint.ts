/**
 * The browser's fingerprint for the free trial: a SHA-256 of stable browser traits (no
 * third-party library), or after 5 s or on failure a string built from the user agent.
 */
const TIMEOUT_MS = 5_000;
let cached: Promise<string> | null = null;

export function userAgentFingerprint(): string {
  const text = navigator.userAgent.replace(/[^\x21-\x7e]/g, "_").slice(0, 200);
  return `ua-${text}`.padEnd(8, "_");
}

async function computeFingerprint(): Promise<string> {
  const traits = [
    navigator.userAgent,
    navigator.language,
    navigator.languages?.join(","),
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    String(navigator.hardwareConcurrency ?? ""),
    canvasTrait(),
  ].join("|");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(traits));
  return `fp-${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function canvasTrait(): string {
  try {
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d");
    if (!context) return "";
    context.font = "16px sans-serif";
    context.fillText("watermark remover 🎬", 2, 16);
    return canvas.toDataURL().slice(-64);
  } catch {
    return "";
  }
}

export function getFingerprint(): Promise<string> {
  cached ??= Promise.race([
    computeFingerprint(),
    new Promise<string>((resolve) => setTimeout(() => resolve(userAgentFingerprint()), TIMEOUT_MS)),
  ]).catch(() => userAgentFingerprint());
  return cached;
}
