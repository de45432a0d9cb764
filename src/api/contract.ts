/**
 * The service's contract, written once: the reference service checks seeds and builds responses
 * with it, and the dashboard's hand-written reader (`contract-reader.ts`) is proven to read
 * exactly as `tolerant` and `errorBodySchema` do.
 *
 * Two readings of the same shapes: `contract` is exact about formats (UUIDs, timestamps with
 * an offset, calendar dates) and is what the reference service stores and promises; `tolerant`
 * accepts any string where a format is expected, because the dashboard can still render it.
 * Both keep unknown fields.
 */
import * as z from "zod/mini";

type Text = z.ZodMiniType<string, string>;
interface Formats {
  id: Text;
  instant: Text;
  date: Text;
}

function schemasWith(formats: Formats) {
  const sourceInfo = z.looseObject({ logo: z.string(), name: z.string(), slug: z.string() });

  /** A connected source names its provider `source` (the spec) or `provider` (older payloads). */
  const connectedSource = z.pipe(
    z
      .looseObject({
        created_on: formats.instant,
        source: z.optional(sourceInfo),
        provider: z.optional(sourceInfo),
      })
      .check(
        z.refine((value) => value.source !== undefined || value.provider !== undefined, {
          message: "Expected `source` or `provider`",
          path: ["source"],
        }),
      ),
    z.transform(({ source, provider, ...rest }) => ({
      ...rest,
      source: (source ?? provider) as z.infer<typeof sourceInfo>,
    })),
  );

  const fallbackBirthDate = z.looseObject({
    source_slug: z.string(),
    updated_at: formats.instant,
    value: formats.date,
  });

  const fallbackTimeZone = z.looseObject({
    id: z.string(),
    source_slug: z.string(),
    updated_at: formats.instant,
  });

  const user = z.looseObject({
    user_id: formats.id,
    team_id: formats.id,
    client_user_id: z.string(),
    created_on: formats.instant,
    connected_sources: z.array(connectedSource),
    fallback_birth_date: z.optional(z.nullable(fallbackBirthDate)),
    fallback_time_zone: z.optional(z.nullable(fallbackTimeZone)),
  });

  const count = z.int().check(z.minimum(0));
  const userPage = z.looseObject({
    users: z.array(user),
    total: count,
    offset: count,
    limit: count,
  });

  return { sourceInfo, connectedSource, fallbackBirthDate, fallbackTimeZone, user, userPage };
}

export const contract = /* @__PURE__ */ schemasWith({
  id: z.uuid(),
  instant: z.iso.datetime({ offset: true }),
  date: z.iso.date(),
});

export const tolerant = /* @__PURE__ */ schemasWith({ id: z.string(), instant: z.string(), date: z.string() });

export const validationErrorItemSchema = z.looseObject({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: z.optional(z.unknown()),
  ctx: z.optional(z.record(z.string(), z.unknown())),
});

/** `detail` is a list for validation errors (422) and a sentence for everything else. */
export const errorBodySchema = z.looseObject({
  detail: z.union([z.string(), z.array(validationErrorItemSchema)]),
});

export type ConnectedSource = z.output<typeof tolerant.connectedSource>;
export type User = z.output<typeof tolerant.user>;
export type UserPage = z.output<typeof tolerant.userPage>;
/** A user as the service sends it, checked: `source` or its alias `provider` on each connected source. */
export type SentUser = z.input<typeof tolerant.user>;
export type SentUserPage = z.input<typeof tolerant.userPage>;
/** A user as the service sends it: `source` and its alias `provider` on each connected source. */
export type UserPayload = z.input<typeof contract.user>;
export type ValidationErrorItem = z.infer<typeof validationErrorItemSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The bounds of the list operation's query, shared by the service and the dashboard. */
export const listLimits = { defaultLimit: 100, maxLimit: 500, maxOffset: Number.MAX_SAFE_INTEGER } as const;
