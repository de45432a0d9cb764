/**
 * What a person reads when an operation fails: one function for every view, so each kind of
 * error is worded once. Keys never appear in the words.
 */
import * as errors from "./errors.ts";

/** What an operation says its own way: its key's rejection, its 404, and (optionally) no answer. */
export interface OperationWords {
  rejectedKey: (message: string) => [title: string, detail: string];
  notFound: [title: string, detail: string, action: ErrorDescription["action"]];
  noAnswer?: [title: string, detail: string];
  /** Anything else that failed (a worker's answer, say): a title, and what to do after its message. */
  failed?: [title: string, remedy: string];
}

/** The kind of failure, as the delete attempts record names it. */
export type FailureKind =
  | "rejected key"
  | "not found"
  | "refused by the dashboard"
  | "invalid"
  | "network error"
  | "rate limited"
  | "server error"
  | "unreadable answer"
  | "failed";

export interface FieldError {
  /** The parameter the service named (`limit`, `team_id`), when it named one. */
  field: string | undefined;
  /** Where, as the service located it: `query › limit`. */
  where: string;
  message: string;
}

export interface ErrorDescription {
  kind: FailureKind;
  /** A heading: what went wrong. */
  title: string;
  /** What it means and what to do. */
  detail: string;
  /** Where the remedy is: the saved entries (Teams), trying again, or the fields named. */
  action: "teams" | "retry" | "fix fields";
  /** A 422's details, one a field. */
  fieldErrors: FieldError[];
}

/** The description as one sentence, for places with room for one line. */
export const errorSentence = ({ title, detail }: ErrorDescription) => `${title}. ${detail}`;

const describe = (kind: FailureKind, title: string, detail: string, action: ErrorDescription["action"] = "retry"): ErrorDescription => ({
  kind,
  title,
  detail,
  action,
  fieldErrors: [],
});

/** The dashboard's own server answered, not a service: what it means, whichever the operation. */
function describeRefusal(error: errors.DashboardRefusalError): ErrorDescription {
  const kind = "refused by the dashboard";
  const choose = "Edit the entry in Teams to choose one of this deployment's services";
  if (error.reason === "unknown-service" && error.service)
    return describe(
      kind,
      `The service ${error.service} is not declared in this deployment`,
      `This dashboard's server answered, not a service: nothing was sent to one. ${choose}, or ask whoever runs this dashboard to declare ${error.service}.`,
      "teams",
    );
  if (error.reason === "upstream-redirect")
    return describe(
      kind,
      `The service ${error.service ? `${error.service} ` : ""}answered with a redirect`,
      `${error.message.replace(/\.?$/, ".")} Whoever runs this dashboard can correct it.`,
    );
  return describe(
    kind,
    "This dashboard's server forwards nothing at this address",
    `It answered itself: nothing was sent to a service. ${choose}, or correct its URL.`,
    "teams",
  );
}

export function describeError(error: unknown, words: OperationWords): ErrorDescription {
  if (error instanceof errors.DashboardRefusalError) return describeRefusal(error);
  if (error instanceof errors.AuthenticationError) return describe("rejected key", ...words.rejectedKey(error.message), "teams");
  if (error instanceof errors.NotFoundError) return describe("not found", ...words.notFound);
  if (error instanceof errors.ValidationError) {
    return {
      ...describe("invalid", "The service refused the request", error.detail.map((d) => d.msg).join("; "), "fix fields"),
      fieldErrors: error.detail.map((d) => ({
        field: typeof d.loc.at(-1) === "string" ? String(d.loc.at(-1)) : undefined,
        where: d.loc.join(" › "),
        message: d.msg,
      })),
    };
  }
  if (error instanceof errors.NetworkError) {
    if (words.noAnswer) return describe("network error", ...words.noAnswer);
    if (error.timedOut) {
      const title = error.partway ? "The service stopped sending its answer" : "The service did not answer in time";
      return describe("network error", title, "Check your network, then try again.");
    }
    return error.partway
      ? describe("network error", "The connection broke while the answer came", "Check your network, then try again.")
      : describe(
          "network error",
          "The service could not be reached",
          "Check the URL in Teams and your network, then try again. " +
            "(A service on another origin must allow this one through CORS; upstream mode avoids the need.)",
        );
  }
  // The service's Retry-After, when it sent one, says how long "a moment" is.
  if (error instanceof errors.RateLimitedError) {
    const wait = error.retryAfterMs === undefined ? "Wait a moment, then try again." : `${errors.askedToWait(error.retryAfterMs)}.`;
    return describe("rate limited", "The service is receiving too many requests", wait);
  }
  if (error instanceof errors.ServerError) {
    const said = error.detail ? `It said: ${error.detail.replace(/\.$/, "")}. ` : "";
    const wait = error.retryAfterMs === undefined ? "Try again in a moment." : `${errors.askedToWait(error.retryAfterMs)}.`;
    return describe("server error", `The service failed (${error.status})`, `${said}${wait}`);
  }
  if (error instanceof errors.ContractError) return describe("unreadable answer", "The service's answer could not be read", error.message);
  if (error instanceof errors.ApiError) return describe("failed", `The service answered ${error.status ?? "unexpectedly"}`, error.message);
  if (words.failed && error instanceof Error && error.message)
    return describe("failed", words.failed[0], `${error.message.replace(/\.$/, "")}. ${words.failed[1]}`);
  return describe("failed", "Something unexpected went wrong", "Try again.");
}
