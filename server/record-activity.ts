/**
 * The activity record's side of the server: every operation forwarded and every refusal, and
 * each sign-in, sign-out and reading of the record, appended once the answer has been sent whole
 * (a page's users counted as its bytes pass, however they are coded, without holding them).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { ActivityEntry, ActivityOperation, ActivityOutcome, ActivityRecord } from "./activity/activity-record.ts";
import { refusalHeader } from "./dashboard-refusal.ts";
import { operationOf, type Routing } from "./operation-paths.ts";
import { usersCounterFor } from "./users-counter.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** Who made the request, once the sign-in has said (an email). */
    who: string | null;
    /** Why the dashboard refused or what failed, a sentence for the record (never a key). */
    reason: string;
    /** What the request was, when the route knows better than the path (the sign-in's refusals). */
    activityOperation: ActivityOperation;
  }
}

/** The dashboard's own refusals that are a service's failure rather than a refusal. */
const failures = new Set(["upstream-redirect", "upstream-coding"]);

const whole = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null);

function classify(c: Context, routing: Routing): Omit<ActivityEntry, "who" | "status" | "outcome" | "usersReturned" | "durationMs"> | null {
  const call = operationOf(c.req.method, c.req.path, routing);
  if (call) {
    const list = call.operation === "list-users";
    return {
      ...call,
      // The team a held key was chosen by; a key the browser brought names no team the server knows.
      teamId: list ? (c.var.heldKey ? (c.req.header("x-dashboard-team")?.toLowerCase() ?? null) : null) : call.teamId,
      offset: list ? whole(c.req.query("offset")) : null,
      limit: list ? whole(c.req.query("limit")) : null,
    };
  }
  const none = { service: null, orgId: null, teamId: null, offset: null, limit: null };
  const path = c.req.path;
  if (c.req.method === "GET" && path === "/auth/callback") return { ...none, operation: "sign-in" };
  if (c.req.method === "POST" && path === "/auth/sign-out") return { ...none, operation: "sign-out" };
  if (c.req.method === "GET" && /^\/api\/activity(\.csv|\.ndjson)?$/.test(path)) return { ...none, operation: "read-activity" };
  return null;
}

function outcomeOf(res: Response): ActivityOutcome {
  const refusal = res.headers.get(refusalHeader);
  if (refusal !== null && !failures.has(refusal)) return "refused";
  return res.status >= 400 ? "failed" : "ok";
}

export interface RecordActivityOptions {
  routing: Routing;
  /** A record that cannot be written is said here, and the answer still goes. */
  warn?: (line: string) => void;
}

export function recordActivity(record: ActivityRecord, { routing, warn = console.error }: RecordActivityOptions): MiddlewareHandler {
  const append = (entry: ActivityEntry) =>
    record.append(entry).catch((error: unknown) => warn(`The activity record could not be written: ${(error as Error).message}`));

  return async (c, next) => {
    const started = performance.now();
    await next();
    const known = classify(c, routing);
    // A refusal of any other path (the deployment, the logos, the deletions) is recorded too.
    const refusal = c.var.reason !== undefined ? (c.var.activityOperation ?? (known ? undefined : "other-request")) : undefined;
    if (!known && !refusal) return;
    const base = known ?? { service: null, orgId: null, teamId: null, offset: null, limit: null, operation: refusal! };
    const res = c.res;
    const entry = (usersReturned: number | null, broke?: string): ActivityEntry => ({
      ...base,
      ...(refusal && { operation: refusal }),
      who: c.var.who ?? null,
      status: res.status,
      outcome: broke ? "failed" : outcomeOf(res),
      usersReturned,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      reason:
        broke ??
        (refusal === "other-request" ? `${c.var.reason} (${c.req.method} ${c.req.path.slice(0, 200)})` : c.var.reason) ??
        (res.status >= 400 ? `The answer was ${res.status}.` : null),
    });
    // A page of users is recorded once the browser has it all, with its users counted on the way.
    if (base.operation !== "list-users" || res.status !== 200 || !res.body || c.req.method === "HEAD") {
      await append(entry(null));
      return;
    }
    const counter = usersCounterFor(res.headers.get("content-encoding"));
    const reader = res.body.getReader();
    let recorded = false;
    const finish = async (broke?: string) => {
      if (recorded) return;
      recorded = true;
      const users = await counter.end();
      await append(entry(broke ? null : users, broke));
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch (error) {
          controller.error(error);
          void finish("The service's answer broke off.");
          return;
        }
        if (read.done) {
          controller.close();
          void finish();
        } else {
          counter.feed(read.value);
          controller.enqueue(read.value);
        }
      },
      async cancel(reason) {
        void finish("The browser stopped reading the answer.");
        await reader.cancel(reason);
      },
    });
    // The same status and headers (Content-Encoding and Content-Length too): the bytes pass as they came.
    c.res = new Response(body, res);
  };
}
