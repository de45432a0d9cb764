/**
 * The typed clients of the two operations. Each client holds exactly one kind of key, and the
 * kinds are distinct types, so a team API key cannot be handed to the delete operation (nor a
 * management key to the list) without a cast that review would catch.
 */
import * as z from "zod/mini";
import { tolerant, type UserPage } from "./contract.ts";
import { ContractError } from "./errors.ts";
import { send, type TransportOptions } from "./http.ts";

declare const brand: unique symbol;
export type TeamApiKey = string & { readonly [brand]: "TeamApiKey" };
export type ManagementKey = string & { readonly [brand]: "ManagementKey" };

/** Marks a string, typed by the user as their team API key, as one. */
export const asTeamApiKey = (value: string) => value as TeamApiKey;
/** Marks a string, typed by the user as their management key, as one. */
export const asManagementKey = (value: string) => value as ManagementKey;

export interface CallOptions {
  signal?: AbortSignal;
}

/** `base` with no trailing slash, followed by `path`. An empty base means this origin. */
function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}

export interface TeamClientOptions extends TransportOptions {
  baseUrl: string;
  apiKey: TeamApiKey;
}

export function createTeamClient({ baseUrl, apiKey, ...transport }: TeamClientOptions) {
  const client = {
    /**
     * A page of the team's users, parsed, beside each user exactly as the service sent it (field
     * order, `provider`, unknown fields), for the detail panel's JSON and the NDJSON export.
     * Retried on network errors, 429 and 503.
     */
    async listUsersAsSent(
      { offset, limit }: { offset: number; limit: number },
      { signal }: CallOptions = {},
    ): Promise<{ page: UserPage; sent: unknown[] }> {
      const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
      const { status, body } = await send(
        {
          url: joinUrl(baseUrl, `/v2/user/?${query.toString()}`),
          method: "GET",
          headers: { Accept: "application/json", "x-service-api-key": apiKey },
          signal,
          retryable: true,
        },
        transport,
      );
      const parsed = z.safeParse(tolerant.userPage, body);
      if (!parsed.success) {
        const where = parsed.error.issues[0]?.path.join(".") || "the body";
        throw new ContractError(`The service's user page does not match the contract (at ${where})`, status);
      }
      return { page: parsed.data, sent: (body as { users: unknown[] }).users };
    },

    /** A page of the team's users. Retried on network errors, 429 and 503. */
    async listUsers(range: { offset: number; limit: number }, options: CallOptions = {}): Promise<UserPage> {
      return (await client.listUsersAsSent(range, options)).page;
    },
  };
  return client;
}

export interface ManagementClientOptions extends TransportOptions {
  managementUrl: string;
  managementKey: ManagementKey;
}

export function createManagementClient({ managementUrl, managementKey, ...transport }: ManagementClientOptions) {
  return {
    /** Deletes a team. Never retried: one call, at most one request. Any 2xx is success. */
    async deleteTeam({ orgId, teamId }: { orgId: string; teamId: string }, { signal }: CallOptions = {}): Promise<void> {
      await send(
        {
          url: joinUrl(managementUrl, `/v1/org/${encodeURIComponent(orgId)}/team/${encodeURIComponent(teamId)}`),
          method: "DELETE",
          headers: { Accept: "application/json", "X-Management-Key": managementKey },
          signal,
          retryable: false,
        },
        { ...transport, retries: 0 },
      );
    },
  };
}
