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
