/**
 * Compile-time checks, run by `npm run typecheck`: each `@ts-expect-error` line fails the build
 * if the types stop keeping the two kinds of key apart.
 */
import { createManagementClient } from "./delete-team.ts";
import { asManagementKey, asTeamApiKey } from "./key-kinds.ts";
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
