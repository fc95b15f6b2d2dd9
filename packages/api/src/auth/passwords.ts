/** argon2id at OWASP's minimum (19 MiB, t=2, p=1), through Bun's built-in implementation. */
const OPTIONS = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, OPTIONS);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash);
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same work as checking a real password, for an email that has no account, so a
 * failed login takes as long whether or not the email exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("not the password of anyone");
  await Bun.password.verify(password, await dummyHash);
  return false;
}
