/**
 * JazzCash date-times (pp_TxnDateTime, pp_TxnExpiryDateTime) are "yyyyMMddHHmmss" (sandbox
 * documentation v4.2, API References, parameter descriptions), written in Pakistan Standard Time,
 * UTC+5, the gateway's own clock (the public pages do not name a zone; the page-redirection sample
 * code circulated for the sandbox sets Asia/Karachi). Pakistan has kept no
 * daylight saving time since 2009, so a fixed offset is exact for any date we create now.
 */
const PKT_OFFSET_MS = 5 * 60 * 60 * 1000;

export function formatPakistanTime(date: Date): string {
  const t = date.getTime();
  if (!Number.isFinite(t)) throw new RangeError("invalid date");
  const pkt = new Date(t + PKT_OFFSET_MS);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return (
    pad(pkt.getUTCFullYear(), 4) +
    pad(pkt.getUTCMonth() + 1) +
    pad(pkt.getUTCDate()) +
    pad(pkt.getUTCHours()) +
    pad(pkt.getUTCMinutes()) +
    pad(pkt.getUTCSeconds())
  );
}

/** The instant a "yyyyMMddHHmmss" Pakistan time names, or null when it is not a real time. */
export function parsePakistanTime(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - PKT_OFFSET_MS;
  const date = new Date(utc);
  return formatPakistanTime(date) === text ? date : null;
}
