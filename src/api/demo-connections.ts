/**
 * The demo's connections, which `npm start` offers on its own origin when it runs the demo it
 * seeded (see server/demo-connections.ts). Always asked of this origin, never of a configured
 * service: the keys come only from the server that served the dashboard.
 */
import * as z from "zod/mini";
import { NotFoundError } from "./errors.ts";
import { send } from "./http.ts";

const demoTeam = z.object({ team_id: z.string(), name: z.string(), api_key: z.string(), users: z.int() });
const demoOrg = z.object({ org_id: z.string(), name: z.string(), management_key: z.string(), teams: z.array(demoTeam) });
const demoConnections = z.object({ orgs: z.array(demoOrg) });

export type DemoOrg = z.infer<typeof demoOrg>;
export type DemoTeam = z.infer<typeof demoTeam>;

/** The demo's organizations, or null when this server offers none (or not in a shape we know). */
async function fetchDemoConnections(signal: AbortSignal): Promise<DemoOrg[] | null> {
  try {
    const { body } = await send(
      { url: "/demo/connections", method: "GET", headers: { Accept: "application/json" }, signal, retryable: false },
      { retries: 0 },
    );
    const parsed = z.safeParse(demoConnections, body);
    return parsed.success ? parsed.data.orgs : null;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export const demoConnectionsOptions = {
  queryKey: ["demo-connections"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDemoConnections(signal),
  retry: false,
};
