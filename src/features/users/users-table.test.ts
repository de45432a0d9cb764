import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { User } from "../../api/contract.ts";
import { page, places, withMistake, wrongValues } from "../../api/contract-pages.test-helper.ts";
import { sameRow, type UserRowProps } from "./users-table.tsx";

const columnDefs = [{ id: "client_user_id" }, { id: "created_on" }, { id: "connected_sources" }];
const onActivate = () => {};
const onOpenUser = () => {};

/** A row's props as the table gives them: what `sameRow` reads of its row and cells. */
function rowProps(user: unknown, changes: Partial<UserRowProps> = {}, defs: object[] = columnDefs): UserRowProps {
  return {
    row: { id: (user as User).user_id, original: user },
    cells: defs.map((columnDef) => ({ column: { columnDef } })),
    index: 3,
    focusable: false,
    copyable: false,
    open: false,
    onActivate,
    onOpenUser,
    ...changes,
  } as unknown as UserRowProps;
}

const users = page.filter((p) => p.users.length > 0).map((p) => p.users[0]!);

describe("a row shown again", () => {
  it("is not rendered again for the same user in a new object (a new answer, the service's page then the loaded team's)", () => {
    fc.assert(fc.property(users, (user) => sameRow(rowProps(user), rowProps(structuredClone(user)))));
  });

  it("is rendered again when anything of its user differs, however deep", () => {
    const changed = users.chain((user) =>
      fc
        // A place within the user (not the user itself: a row always has one).
        .tuple(fc.constantFrom(...places(user).slice(1)), fc.constantFrom(...wrongValues))
        .map(([path, wrong]) => [user, withMistake(user, path, wrong)] as const)
        .filter(([before, after]) => JSON.stringify(before) !== JSON.stringify(after)),
    );
    // Both ways: a value added (a birth date set) is a change as much as one removed.
    fc.assert(
      fc.property(changed, ([before, after]) => !sameRow(rowProps(before), rowProps(after)) && !sameRow(rowProps(after), rowProps(before))),
    );
  });

  it("is rendered again when its place, focus, hover or opening changes", () => {
    const user = { user_id: "u1", client_user_id: "c1", connected_sources: [] };
    for (const change of [
      { index: 4 },
      { focusable: true },
      { copyable: true },
      { open: true },
      { onActivate: () => {} },
      { onOpenUser: () => {} },
    ]) {
      expect(sameRow(rowProps(user), rowProps(structuredClone(user), change))).toBe(false);
    }
  });

  it("is rendered again when the columns shown change, or their cells do (another service's logos)", () => {
    const user = { user_id: "u1", client_user_id: "c1", connected_sources: [] };
    expect(sameRow(rowProps(user), rowProps(user, {}, columnDefs.slice(0, 2)))).toBe(false);
    expect(sameRow(rowProps(user, {}, columnDefs.slice(0, 2)), rowProps(user))).toBe(false); // a column shown
    expect(sameRow(rowProps(user), rowProps(user, {}, [columnDefs[0]!, columnDefs[2]!, columnDefs[1]!]))).toBe(false);
    expect(sameRow(rowProps(user), rowProps(user, {}, [...columnDefs.slice(0, 2), { id: "connected_sources" }]))).toBe(false);
  });
});
