import { listWords } from "../api/list-users.ts";
import type { OperationWords } from "../api/describe-error.ts";

/** How a question the loaded team failed to answer reads: said as it is, never as "no user matches". */
export const loadedTeamWords = (what: string): OperationWords => ({
  ...listWords,
  failed: [`${what} could not be answered`, "Try again; if it fails again, load the whole team again."],
});
