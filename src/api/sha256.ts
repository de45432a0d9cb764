/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, in hex, synchronously: query keys are made
 * while rendering, where crypto.subtle's promise cannot be awaited. Written out here because a
 * library's (@noble/hashes) cost four times as much of the first load, which was then over its
 * budget (scripts/check-bundle.ts); sha256.test.ts holds it to node:crypto's.
 */

/** The first 32 bits of the fractional parts of the square roots (initial hash) and cube roots (rounds) of the first primes, as the standard defines them. */
const primes = Array.from({ length: 312 }, (_, n) => n).filter(
  (n) => n > 1 && Array.from({ length: n - 2 }, (_, i) => i + 2).every((d) => n % d),
);
const fraction = (x: number) => (x - Math.floor(x)) * 2 ** 32;
const initial = Uint32Array.from(primes.slice(0, 8), (p) => fraction(Math.sqrt(p)));
const k = Uint32Array.from(primes.slice(0, 64), (p) => fraction(Math.cbrt(p)));

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // The message, a 1 bit, zeros, and its length in bits: a whole number of 64-byte blocks.
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(padded.length - 4, bytes.length * 8);

  const h = initial.slice();
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
      const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
      w[i] = w[i - 16]! + s0 + w[i - 7]! + s1;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i]! + w[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((value, i) => (h[i] = h[i]! + value));
  }
  return Array.from(h, (word) => word.toString(16).padStart(8, "0")).join("");
}
