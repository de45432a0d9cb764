/**
 * Request validation that answers exactly as FastAPI with pydantic v2 does: same `type`, `msg`,
 * `loc`, `input` (the raw string the client sent) and `ctx`.
 */
import type { ValidationErrorItem } from "../src/api/contract.ts";

export type Loc = ["query" | "path", string];
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: ValidationErrorItem };

interface IntBounds {
  ge: number;
  le: number;
}

const integerText = /^[+-]?\d+(?:\.0*)?$/;

export function parseIntParam(raw: string, loc: Loc, bounds: IntBounds): Parsed<number> {
  const text = raw.trim();
  if (!integerText.test(text)) {
    return fail(loc, raw, "int_parsing", "Input should be a valid integer, unable to parse string as an integer");
  }
  // BigInt so that a hundred digits still compare correctly with the bounds.
  const value = BigInt(text.replace(/\.0*$/, ""));
  if (value < BigInt(bounds.ge)) {
    return fail(loc, raw, "greater_than_equal", `Input should be greater than or equal to ${bounds.ge}`, {
      ge: bounds.ge,
    });
  }
  if (value > BigInt(bounds.le)) {
    return fail(loc, raw, "less_than_equal", `Input should be less than or equal to ${bounds.le}`, {
      le: bounds.le,
    });
  }
  return { ok: true, value: Number(value) };
}

const expectedGroupLengths = [8, 4, 4, 4, 12];

/**
 * Accepts what pydantic's UUID accepts (hyphenated, 32 hex digits, braced, `urn:uuid:`) and
 * returns the canonical lower-case hyphenated form; otherwise the `uuid` crate's explanation.
 */
export function parseUuidParam(raw: string, loc: Loc): Parsed<string> {
  let text = raw;
  if (text.length === 45 && text.slice(0, 9).toLowerCase() === "urn:uuid:") text = text.slice(9);
  else if (text.length === 38 && text.startsWith("{") && text.endsWith("}")) text = text.slice(1, -1);

  const hex = /^[0-9a-fA-F]{32}$/.test(text)
    ? text
    : /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(text)
      ? text.replaceAll("-", "")
      : undefined;
  if (hex !== undefined) {
    const h = hex.toLowerCase();
    return { ok: true, value: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` };
  }
  const reason = uuidProblem(text);
  return fail(loc, raw, "uuid_parsing", `Input should be a valid UUID, ${reason}`, { error: reason });
}

function uuidProblem(text: string): string {
  const chars = [...text];
  const badIndex = chars.findIndex((ch) => !/[0-9a-fA-F-]/.test(ch));
  if (badIndex >= 0) {
    return `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${chars[badIndex]}\` at ${badIndex + 1}`;
  }
  const groups = text.split("-");
  if (groups.length === 1) return `invalid length: expected length 32 for simple format, found ${text.length}`;
  if (groups.length !== 5) return `invalid group count: expected 5, found ${groups.length}`;
  const group = groups.findIndex((g, i) => g.length !== expectedGroupLengths[i]);
  return `invalid group length in group ${group}: expected ${expectedGroupLengths[group]}, found ${groups[group]?.length}`;
}

function fail(
  loc: Loc,
  input: string,
  type: string,
  msg: string,
  ctx?: Record<string, unknown>,
): { ok: false; error: ValidationErrorItem } {
  return { ok: false, error: { type, loc, msg, input, ...(ctx ? { ctx } : {}) } };
}

/** Splits results into values and the errors, in the order the parameters were checked. */
export function collectErrors(results: Parsed<unknown>[]): ValidationErrorItem[] {
  return results.flatMap((r) => (r.ok ? [] : [r.error]));
}
