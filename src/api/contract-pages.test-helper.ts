/**
 * Pages of users for property tests of the readers: valid ones (with the contract's optional
 * fields and unknown fields), and pages one mistake away from valid.
 */
import fc from "fast-check";

/** Pages of users whose strings are `text`'s, with a few unknown fields here and there when `unknownFields`. */
export function pagesOf(text: fc.Arbitrary<string>, { unknownFields }: { unknownFields: boolean }) {
  const extraFields = unknownFields
    ? fc.dictionary(fc.constantFrom("cohort", "note", "next_cursor", "tags"), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })
    : fc.constant({});
  const withExtra = <T extends object>(value: fc.Arbitrary<T>) =>
    value.chain((fields) => extraFields.map((extra) => ({ ...extra, ...fields })));
  const sourceInfo = withExtra(fc.record({ logo: text, name: text, slug: text }));
  const connectedSource = withExtra(
    fc.record({ created_on: text, source: sourceInfo, provider: sourceInfo }, { requiredKeys: ["created_on"] }),
  );
  const fallback = (keys: readonly string[]) => fc.oneof(fc.constant(null), fc.record(Object.fromEntries(keys.map((key) => [key, text]))));
  const user = withExtra(
    fc.record(
      {
        user_id: text,
        team_id: text,
        client_user_id: text,
        created_on: text,
        connected_sources: fc.array(connectedSource, { maxLength: 3 }),
        fallback_birth_date: fallback(["source_slug", "updated_at", "value"]),
        fallback_time_zone: fallback(["id", "source_slug", "updated_at"]),
      },
      { requiredKeys: ["user_id", "team_id", "client_user_id", "created_on", "connected_sources"] },
    ),
  );
  const count = fc.nat({ max: 10_000 });
  return withExtra(fc.record({ users: fc.array(user, { maxLength: 4 }), total: count, offset: count, limit: count }));
}

export const text = fc.string({ maxLength: 12 });
export const page = pagesOf(text, { unknownFields: true });

type Path = (string | number)[];

/** Every place in a value: where one mistake can go. */
export function places(value: unknown, path: Path = []): Path[] {
  if (typeof value !== "object" || value === null) return [path];
  const children = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [path, ...children.flatMap((key) => places((value as Record<string | number, unknown>)[key], [...path, key]))];
}

export const wrongValues = [null, 0, -1, 1.5, 2 ** 60, "", "x", true, [], {}, [{}], { logo: 1 }, undefined];

/** `value` with the thing at `path` replaced by `wrong` (removed when `wrong` is undefined). */
export function withMistake(value: unknown, path: Path, wrong: unknown): unknown {
  if (path.length === 0) return wrong;
  const [key, ...rest] = path;
  if (rest.length === 0 && wrong === undefined && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value as object).filter(([name]) => name !== key));
  }
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[key!] = withMistake(copy[key!], rest, wrong);
  return copy;
}

/** Each of `values` with one mistake in it: a value replaced by one of the wrong kind, or removed. */
export const oneMistakeIn = <T>(values: fc.Arbitrary<T>) =>
  values.chain((valid) =>
    fc.tuple(fc.constantFrom(...places(valid)), fc.constantFrom(...wrongValues)).map(([path, wrong]) => withMistake(valid, path, wrong)),
  );

export const oneMistakeAway = oneMistakeIn(page);
