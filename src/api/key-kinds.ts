/**
 * The two kinds of key are distinct types, so a team API key cannot be handed to the delete
 * operation (nor a management key to the list) without a cast that review would catch.
 */
declare const brand: unique symbol;
export type TeamApiKey = string & { readonly [brand]: "TeamApiKey" };
export type ManagementKey = string & { readonly [brand]: "ManagementKey" };

/** Marks a string, typed by the user as their team API key, as one. */
export const asTeamApiKey = (value: string) => value as TeamApiKey;
/** Marks a string, typed by the user as their management key, as one. */
export const asManagementKey = (value: string) => value as ManagementKey;

/**
 * A team whose API key the deployment holds: the page never has the key. Its list requests go
 * to its service's path on this origin naming the team (`X-Dashboard-Team`), and the dashboard's
 * server adds the key there once the signed-in person's role allows it.
 */
export interface TeamKeyHeld {
  readonly kind: "held-by-deployment";
  readonly of: "team";
  readonly teamId: string;
}
/** An organization whose management key the deployment holds: its server adds the key to a delete the role allows. */
export interface ManagementKeyHeld {
  readonly kind: "held-by-deployment";
  readonly of: "organization";
}
/** What opens a team's list: a key typed here, or the deployment's. Never a management key. */
export type TeamCredential = TeamApiKey | TeamKeyHeld;
/** What opens an organization's delete: a key typed here, or the deployment's. Never a team key. */
export type ManagementCredential = ManagementKey | ManagementKeyHeld;

export const teamKeyHeld = (teamId: string): TeamKeyHeld => ({ kind: "held-by-deployment", of: "team", teamId });
export const managementKeyHeld: ManagementKeyHeld = { kind: "held-by-deployment", of: "organization" };
