import { describe, expect, it } from "vitest";
import { deleteWords } from "./delete-team.ts";
import { describeError, errorSentence, type OperationWords } from "./describe-error.ts";
import { listWords } from "./list-users.ts";
import * as errors from "./errors.ts";

const invalid = new errors.ValidationError([
  { type: "less_than_equal", loc: ["query", "limit"], msg: "Input should be less than or equal to 500", input: "501" },
  { type: "uuid_parsing", loc: ["path", "team_id"], msg: "Input should be a valid UUID", input: "x" },
]);

describe("describeError", () => {
  it.each<[string, unknown, OperationWords, string, string, string]>([
    [
      "a rejected team key",
      new errors.AuthenticationError("Invalid API key.", 401),
      listWords,
      "rejected key",
      "teams",
      "The team API key was rejected. Invalid API key.",
    ],
    [
      "a rejected management key",
      new errors.AuthenticationError("Invalid management key.", 401),
      deleteWords,
      "rejected key",
      "teams",
      "The management key was rejected. Invalid management key.",
    ],
    [
      "a list at a wrong address",
      new errors.NotFoundError("Not Found", 404),
      listWords,
      "not found",
      "teams",
      "No user list at this address. The service answered 404.",
    ],
    [
      "a team already gone",
      new errors.NotFoundError("Team not found", 404),
      deleteWords,
      "not found",
      "fix fields",
      "No such team in this organization. It may already be deleted.",
    ],
    [
      "a 422",
      invalid,
      listWords,
      "invalid",
      "fix fields",
      "The service refused the request. Input should be less than or equal to 500; Input should be a valid UUID",
    ],
    [
      "a dead network while listing",
      new errors.NetworkError("Failed to fetch"),
      listWords,
      "network error",
      "retry",
      "The service could not be reached. Check the URL in Teams",
    ],
    [
      "a timeout while listing",
      new errors.NetworkError("slow", { timedOut: true }),
      listWords,
      "network error",
      "retry",
      "The service did not answer in time.",
    ],
    [
      "an answer that stopped coming while listing",
      new errors.NetworkError("stalled", { timedOut: true, partway: true }),
      listWords,
      "network error",
      "retry",
      "The service stopped sending its answer.",
    ],
    [
      "a connection broken partway while listing",
      new errors.NetworkError("broke", { partway: true }),
      listWords,
      "network error",
      "retry",
      "The connection broke while the answer came.",
    ],
    [
      "a dead network while deleting",
      new errors.NetworkError("Failed to fetch"),
      deleteWords,
      "network error",
      "retry",
      "nothing is assumed deleted",
    ],
    [
      "a 429",
      new errors.RateLimitedError("Too many"),
      listWords,
      "rate limited",
      "retry",
      "too many requests. Wait a moment, then try again.",
    ],
    [
      "a 429 whose Retry-After was too long to wait",
      new errors.RateLimitedError("The service asked to wait 10 min before trying again", 600_000),
      listWords,
      "rate limited",
      "retry",
      "too many requests. The service asked to wait 10 min before trying again.",
    ],
    [
      "a 503 with Retry-After",
      new errors.ServerError("Unavailable", 503, 45_000),
      listWords,
      "server error",
      "retry",
      "The service failed (503). The service asked to wait 45 s before trying again.",
    ],
    [
      "a 503",
      new errors.ServerError("The service failed (503)", 503),
      deleteWords,
      "server error",
      "retry",
      "The service failed (503). Try again in a moment.",
    ],
    [
      "a 500 that said why",
      new errors.ServerError("Database is read-only.", 500, undefined, "Database is read-only."),
      listWords,
      "server error",
      "retry",
      "The service failed (500). It said: Database is read-only. Try again in a moment.",
    ],
    [
      "an unreadable answer",
      new errors.ContractError("not JSON", 200),
      listWords,
      "unreadable answer",
      "retry",
      "could not be read. not JSON",
    ],
    [
      'a deletion at a service the deployment does not declare: not "already deleted"',
      new errors.DashboardRefusalError("The service us-prod is not declared in this deployment.", 404, "unknown-service", "us-prod"),
      deleteWords,
      "refused by the dashboard",
      "teams",
      "The service us-prod is not declared in this deployment. This dashboard's server answered, not a service: nothing was sent to one.",
    ],
    [
      "a list at a path the dashboard does not forward",
      new errors.DashboardRefusalError("Not Found", 404, "not-forwarded"),
      listWords,
      "refused by the dashboard",
      "teams",
      "This dashboard's server forwards nothing at this address. It answered itself: nothing was sent to a service.",
    ],
    [
      "a refusal of a kind a later server adds",
      new errors.DashboardRefusalError("Not Found", 404, "something-new"),
      deleteWords,
      "refused by the dashboard",
      "teams",
      "This dashboard's server forwards nothing at this address.",
    ],
    [
      "a service's redirect",
      new errors.DashboardRefusalError(
        "The upstream service answered 302 with a redirect to https://x.example/, which this dashboard does not follow: check UPSTREAM_BASE_URL.",
        502,
        "upstream-redirect",
      ),
      listWords,
      "refused by the dashboard",
      "retry",
      "The service answered with a redirect. The upstream service answered 302 with a redirect to https://x.example/, which this dashboard does not follow: check UPSTREAM_BASE_URL. Whoever runs this dashboard can correct it.",
    ],
    ["another status", new errors.ApiError("I'm a teapot", 418), listWords, "failed", "retry", "The service answered 418. I'm a teapot"],
    ["a bug", new TypeError("x is undefined"), listWords, "failed", "retry", "Something unexpected went wrong. Try again."],
  ])("words %s", (_, error, operation, kind, action, words) => {
    const description = describeError(error, operation);
    expect(description.kind).toBe(kind);
    expect(description.action).toBe(action);
    expect(errorSentence(description)).toContain(words);
  });

  it("puts each 422 detail beside the parameter it names", () => {
    expect(describeError(invalid, deleteWords).fieldErrors).toEqual([
      { field: "limit", where: "query › limit", message: "Input should be less than or equal to 500" },
      { field: "team_id", where: "path › team_id", message: "Input should be a valid UUID" },
    ]);
  });

  it("never repeats a bug's own message to the user", () => {
    expect(errorSentence(describeError(new Error("secret-ish internals"), listWords))).not.toContain("internals");
  });

  it("says what an operation that names its other failures failed with, and its remedy", () => {
    const words: OperationWords = { ...listWords, failed: ["The search could not be answered", "Try again."] };
    const description = describeError(new Error("This loaded team was let go."), words);
    expect(description).toMatchObject({ kind: "failed", title: "The search could not be answered", action: "retry" });
    expect(description.detail).toBe("This loaded team was let go. Try again.");
  });
});
