import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../api/memory-storage.test-helper.ts";
import { savedEntries } from "../../api/saved-entries.ts";
import { busyReason, deleteFlow, type DeleteRequest } from "./delete-flow.ts";

const org = { id: "org-entry", label: "Acme", orgId: "0b7c1f3e-1111-4a2b-8c3d-000000000001", managementUrl: "" };
const managementKey = "mgmt-key-org-a-0000000000000001";
const target = (teamId: string) => ({ orgId: org.orgId, teamId });

/** A deletion as the delete views confirm it, whose DELETEs are counted. */
function request(teamId: string, sent: string[]): DeleteRequest {
  return {
    target: target(teamId),
    place: "",
    send: () => {
      sent.push(teamId);
      return Promise.resolve();
    },
    afterDelete: () => {},
    undoSeconds: 30,
    keyHeld: () => Object.values(savedEntries.get().keys.orgs).includes(managementKey),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("localStorage", new MemoryStorage());
  vi.stubGlobal("sessionStorage", new MemoryStorage());
  savedEntries.change({ orgs: [org], orgKeys: { [org.id]: managementKey } });
});
afterEach(() => {
  deleteFlow.undo();
  deleteFlow.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the delete flow's undo window", () => {
  it("sends one DELETE when the window ends", async () => {
    const sent: string[] = [];
    const outcome = deleteFlow.confirm(request("team-1", sent));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toMatchObject({ kind: "deleted" });
    expect(sent).toEqual(["team-1"]);
  });

  it("is cancelled when Forget keys takes its management key: nothing is sent, and the toast's state says why", async () => {
    const sent: string[] = [];
    const outcome = deleteFlow.confirm(request("team-1", sent));
    await vi.advanceTimersByTimeAsync(5_000);
    savedEntries.forgetKeys();
    expect(await outcome).toEqual({ kind: "key forgotten", target: target("team-1") });
    expect(deleteFlow.get()).toMatchObject({ phase: "finished", outcome: { kind: "key forgotten" } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([]);
  });

  it("goes on when the saved entries change but its key stays", async () => {
    const sent: string[] = [];
    const outcome = deleteFlow.confirm(request("team-1", sent));
    savedEntries.markOpened("some-team");
    savedEntries.change({ orgs: [{ ...org, label: "Acme renamed" }] });
    savedEntries.setRememberKeys(true);
    savedEntries.setRememberKeys(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await outcome).toMatchObject({ kind: "deleted" });
    expect(sent).toEqual(["team-1"]);
  });

  it("refuses a second deletion while one waits, with the reason, and Undo still cancels the first", async () => {
    const sent: string[] = [];
    const first = deleteFlow.confirm(request("team-1", sent));
    expect(busyReason(deleteFlow.get())).toBe(
      "Team team-1 is waiting in its undo window: undo it, or let it be sent, before deleting another team.",
    );
    await expect(deleteFlow.confirm(request("team-2", sent))).rejects.toThrow("Team team-1 is waiting in its undo window");
    deleteFlow.undo();
    expect(await first).toEqual({ kind: "undone", target: target("team-1") });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([]);
    expect(busyReason(deleteFlow.get())).toBeNull();
  });
});
