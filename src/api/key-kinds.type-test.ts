/**
 * Compile-time checks, run by `npm run typecheck`: each `@ts-expect-error` line fails the build
 * if the types stop keeping the two kinds of key apart.
 */
import { createManagementClient } from "./delete-team.ts";
import { asManagementKey, asTeamApiKey, managementKeyHeld, teamKeyHeld } from "./key-kinds.ts";
import { createTeamClient } from "./list-users.ts";

const teamKey = asTeamApiKey("t".repeat(20));
const managementKey = asManagementKey("m".repeat(20));

// @ts-expect-error a management key is not a team API key
createTeamClient({ baseUrl: "", apiKey: managementKey });
// @ts-expect-error a team API key is not a management key
createManagementClient({ managementUrl: "", managementKey: teamKey });
// @ts-expect-error a plain string is neither
createTeamClient({ baseUrl: "", apiKey: "plain" });
// @ts-expect-error the team client cannot delete
void createTeamClient({ baseUrl: "", apiKey: teamKey }).deleteTeam;
// @ts-expect-error the management client cannot list
void createManagementClient({ managementUrl: "", managementKey }).listUsers;
// @ts-expect-error an organization's held key does not open a team's list
createTeamClient({ baseUrl: "", apiKey: managementKeyHeld });
// @ts-expect-error a team's held key does not open a delete
createManagementClient({ managementUrl: "", managementKey: teamKeyHeld("t") });
// A held key opens what it is held for.
createTeamClient({ baseUrl: "", apiKey: teamKeyHeld("t") });
createManagementClient({ managementUrl: "", managementKey: managementKeyHeld });
