import { describe, expect, it } from "vitest";
import { deleteWords } from "./delete-team.ts";
import { describeError } from "./describe-error.ts";
import { AuthenticationError } from "./errors.ts";

describe("a refused management key, as the delete dialog says it", () => {
  it("says that the key is checked only by a deletion, and points at Set key on Teams", () => {
    const said = describeError(new AuthenticationError("Invalid management key.", 401), deleteWords);
    expect(said.title).toBe("The management key was rejected");
    expect(said.detail).toBe(
      "Invalid management key. A management key is checked only when a team is deleted: give the organization its key again on Teams (Set key… or Edit, on its row under Organizations), then try again.",
    );
    expect(said.action).toBe("teams");
  });
});
