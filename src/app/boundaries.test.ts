/** The architecture's import rules are enforced by ESLint: these cases prove the rules bite. */
import { ESLint } from "eslint";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

async function restrictedImports(filePath: string, code: string, eslint = new ESLint()): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it.each([
    ["src/features/users/x.ts", 'import { useDeleteTeam } from "../teams/use-delete-team.ts";\nvoid useDeleteTeam;\n'],
    ["src/features/users/sub/x.ts", 'import { SettingsPage } from "../../settings/settings-page.tsx";\nvoid SettingsPage;\n'],
    ["src/features/teams/x.ts", 'import { filterUsers } from "../users/filter-users.ts";\nvoid filterUsers;\n'],
    ["src/features/overview/x.ts", 'import { UsersPage } from "../users/users-page.tsx";\nvoid UsersPage;\n'],
    ["src/team/x.ts", 'import { UsersPage } from "../features/users/users-page.tsx";\nvoid UsersPage;\n'],
    ["src/team/x.ts", 'import { queryClient } from "../app/query-client.ts";\nvoid queryClient;\n'],
    ["src/api/x.ts", 'import { csvRecord } from "../team/csv.ts";\nvoid csvRecord;\n'],
    ["src/api/x.ts", 'import { useState } from "react";\nvoid useState;\n'],
    ["src/api/x.ts", 'import { useQuery } from "@tanstack/react-query";\nvoid useQuery;\n'],
    ["src/api/x.ts", 'import { ErrorAlert } from "../components/error-alert.tsx";\nvoid ErrorAlert;\n'],
    ["src/team-engine/x.ts", 'import { useState } from "react";\nvoid useState;\n'],
    ["src/team-engine/x.ts", 'import { jsx } from "react/jsx-runtime";\nvoid jsx;\n'],
    ["src/team-engine/x.ts", 'import { useQuery } from "@tanstack/react-query";\nvoid useQuery;\n'],
    ["src/team-engine/x.ts", 'import { useParams } from "react-router-dom";\nvoid useParams;\n'],
    ["src/team-engine/x.ts", 'import { WholeTeam } from "../team/whole-team.ts";\nvoid WholeTeam;\n'],
    ["src/team-engine/x.ts", 'import { queryClient } from "../app/query-client.ts";\nvoid queryClient;\n'],
    ["src/team-engine/x.ts", 'import { UsersPage } from "../features/users/users-page.tsx";\nvoid UsersPage;\n'],
    ["src/team-engine/x.ts", 'import { formatCount } from "../components/format.ts";\nvoid formatCount;\n'],
    ["src/team-engine/sub/x.ts", 'import { WholeTeam } from "../../team/whole-team.ts";\nvoid WholeTeam;\n'],
  ])("refuses, in %s: %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toHaveLength(1);
  });

  it.each([
    ["src/features/users/x.ts", 'import { usersKeys } from "../../api/list-users.ts";\nvoid usersKeys;\n'],
    ["src/features/users/x.ts", 'import { formatCount } from "../../components/format.ts";\nvoid formatCount;\n'],
    ["src/features/users/x.ts", 'import { filterUsers } from "./filter-users.ts";\nvoid filterUsers;\n'],
    ["src/api/x.ts", 'import { keepPreviousData } from "@tanstack/query-core";\nvoid keepPreviousData;\n'],
    ["src/features/overview/x.ts", 'import { WholeTeamBar } from "../../team/whole-team-bar.tsx";\nvoid WholeTeamBar;\n'],
    ["src/team/x.ts", 'import { formatCount } from "../components/format.ts";\nvoid formatCount;\n'],
    ["src/team/x.ts", 'import type { TeamQuery } from "../team-engine/team-query.ts";\nconst q: TeamQuery = {};\nvoid q;\n'],
    ["src/team-engine/x.ts", 'import { release } from "../api/release-memory.ts";\nvoid release;\n'],
    ["src/team-engine/x.ts", 'import { csvRecord } from "./csv.ts";\nvoid csvRecord;\n'],
    ["src/team-engine/x.ts", 'import { expose } from "comlink";\nvoid expose;\n'],
  ])("allows, in %s: %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });

  it("covers a feature added later: the features are the folders, not a list", async () => {
    const added = join(import.meta.dirname, "..", "features", `throwaway-${process.pid}`);
    mkdirSync(added);
    try {
      const code = `import { x } from "../throwaway-${process.pid}/x.ts";\nvoid x;\n`;
      expect(await restrictedImports("src/features/users/x.ts", code, new ESLint({ cache: false }))).toHaveLength(1);
    } finally {
      rmSync(added, { recursive: true });
    }
  });
});
