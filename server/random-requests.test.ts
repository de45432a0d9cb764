import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { contract, errorBodySchema } from "../src/api/contract.ts";
import { ids, keys, startTestService } from "./testing.ts";
import type { Listening } from "./service.ts";
import * as z from "zod/mini";

let service: Listening;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const teams = [
  { id: ids.teamA, key: keys.teamA },
  { id: ids.teamA2, key: keys.teamA2 },
  { id: ids.teamB, key: keys.teamB },
];

async function snapshot(key: string) {
  const response = await fetch(`${service.url}/v2/user/?limit=500`, { headers: { "x-service-api-key": key } });
  return response.status === 200 ? await response.text() : `status ${response.status}`;
}

const printable = fc.string({ unit: fc.constantFrom(..." !\"#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~"), maxLength: 40 });
const segment = fc.oneof(
  fc.constantFrom(ids.orgA, ids.orgB, ids.teamA, ids.teamA2, ids.teamB, ids.unknown, "", "..", "%00", "%zz", "%2F"),
  printable.map(encodeURIComponent),
  fc.uuid().map((u) => u.toUpperCase()),
);
const path = fc.oneof(
  fc.constantFrom("/v2/user/", "/v2/user", "/healthz", "/logos/oura.svg", "/"),
  fc.tuple(segment, segment).map(([org, team]) => `/v1/org/${org}/team/${team}`),
  fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join("/")}`),
);
const queryValue = fc.oneof(
  fc.integer({ min: -10, max: 1000 }).map(String),
  printable,
  fc.constantFrom("", "1e3", "0x10", "5.0", "99999999999999999999"),
);
const query = fc
  .array(fc.tuple(fc.constantFrom("offset", "limit", "page", "x"), queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}` : ""));
const keyValue = fc.oneof(
  fc.constantFrom(...Object.values(keys)),
  printable.filter((s) => s.trim() === s),
);
const headers = fc.dictionary(
  fc.constantFrom("x-service-api-key", "X-Management-Key", "X-Service-Org-Key", "Authorization", "Accept", "X-Other"),
  keyValue,
  { maxKeys: 3 },
);
const method = fc.constantFrom("GET", "HEAD", "DELETE", "POST", "PUT", "PATCH", "OPTIONS", "PURGE");

const healthSchema = z.object({ status: z.literal("ok") });

it("answers any request below 500 with a documented body, and changes no team it did not delete", async () => {
  const before = new Map(await Promise.all(teams.map(async (t) => [t.id, await snapshot(t.key)] as const)));
  const deleted = new Set<string>();

  await fc.assert(
    fc.asyncProperty(method, path, query, headers, async (method, path, query, headers) => {
      const response = await fetch(`${service.url}${path}${query}`, { method, headers, redirect: "manual" });
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      if (method === "HEAD" || response.status === 204) {
        expect(text).toBe("");
        // `/v1/org/<org>/team/<team>`: the team's ID is the sixth part (it was read as the fifth, "team").
        if (response.status === 204) deleted.add(path.split("/")[5]?.toLowerCase() ?? "");
        return;
      }
      if (response.headers.get("content-type")?.startsWith("image/svg+xml")) return;
      const body = JSON.parse(text) as unknown;
      const schema = response.status === 200 ? z.union([contract.userPage, healthSchema]) : errorBodySchema;
      expect(z.safeParse(schema, body).success).toBe(true);
      if (response.status === 422) expect(Array.isArray((body as { detail: unknown }).detail)).toBe(true);
    }),
    { numRuns: 400 },
  );

  for (const team of teams) {
    if (!deleted.has(team.id)) expect(await snapshot(team.key)).toBe(before.get(team.id));
  }
  // Org A's management key is among the random keys; Org B's team can never be deleted with it.
  expect(deleted.has(ids.teamB)).toBe(false);
});
