const isoInstant = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)$/i;

/**
 * Microseconds since the epoch of an ISO 8601 timestamp with an offset, so that timestamps
 * written with different UTC offsets sort by the instant they name, not by their text.
 */
export function instantMicros(text: string): number {
  const m = isoInstant.exec(text);
  if (!m) throw new Error(`Not an ISO 8601 timestamp with an offset: ${text}`);
  const [, y, mo, d, h, mi, s, fraction = "", zulu, sign, oh = "0", om = "0"] = m;
  const localMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offsetMinutes = zulu ? 0 : (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const micros = Number(fraction.padEnd(6, "0").slice(0, 6));
  return (localMs - offsetMinutes * 60_000) * 1000 + micros;
}
