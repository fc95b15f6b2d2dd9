import { getFingerprint } from "./fingerprint";
import { TOKEN_KEY } from "./storage-keys";

/** What every request carries: the Bearer token when one is stored, and the fingerprint. */
export async function authHeaders(): Promise<Record<string, string>> {
  const headers: Record<string, string> = { "x-fingerprint": await getFingerprint() };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}
