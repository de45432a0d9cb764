/**
 * The session, held by the browser in a cookie that is encrypted and authenticated (JWE, dir +
 * A256GCM: whoever lacks the key can neither read nor forge it), so that every replica sharing the
 * session secret honours it and none keeps sessions in memory.
 */
import { EncryptJWT, jwtDecrypt } from "jose";
import { hkdfSync } from "node:crypto";

/** A key for one purpose, derived from the deployment's session secret. */
function derivedKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", secret, "team-admin-dashboard", purpose, 32));
}

export interface Sealer {
  seal(claims: Record<string, unknown>, lifetimeSeconds: number): Promise<string>;
  /** The claims, or null when the cookie is not ours, was altered, or has expired. */
  open(token: string | undefined): Promise<Record<string, unknown> | null>;
}

export function sealer(secret: string, purpose: string): Sealer {
  const key = derivedKey(secret, purpose);
  return {
    seal: (claims, lifetimeSeconds) =>
      new EncryptJWT(claims)
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .encrypt(key),
    async open(token) {
      if (!token) return null;
      try {
        const { payload } = await jwtDecrypt(token, key, { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] });
        return payload as Record<string, unknown>;
      } catch {
        return null;
      }
    },
  };
}
