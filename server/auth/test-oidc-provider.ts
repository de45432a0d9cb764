/**
 * A real OpenID provider for the tests (`oidc-provider`), in its own process: its own login and
 * consent pages (the library's development interactions: any password), two people in two groups.
 * Env: OIDC_REDIRECT_URIS (comma-separated), OIDC_CLIENT_SECRET, PORT (0: a free one). Prints
 * `listening on URL` (the issuer). Not for production: its signing keys are made up at each start.
 */
import Provider from "oidc-provider";

export const testPeople: Record<string, { name: string; groups: readonly string[]; unverified?: true }> = {
  "vera@acme.example": { name: "Vera Viewer", groups: ["staff"] },
  "otto@acme.example": { name: "Otto Operator", groups: ["oncall", "staff"] },
  // Her provider has not checked that the address is hers.
  "una@acme.example": { name: "Una Unverified", groups: ["staff"], unverified: true },
};

const port = Number(process.env.PORT ?? 0);
const redirectUris = (process.env.OIDC_REDIRECT_URIS ?? "").split(",").filter(Boolean);
const server = (await import("node:http")).createServer();
await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
const address = server.address() as import("node:net").AddressInfo;
const issuer = `http://127.0.0.1:${address.port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: "dashboard",
      client_secret: process.env.OIDC_CLIENT_SECRET ?? "",
      redirect_uris: redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  pkce: { required: () => true },
  scopes: ["openid", "email", "profile", "groups"],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
  cookies: { keys: ["test-provider-cookie-key-not-a-secret"] },
  features: { devInteractions: { enabled: true } },
  findAccount: (_ctx: unknown, sub: string) => {
    const person = testPeople[sub];
    if (!person) return undefined;
    return {
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: !person.unverified, name: person.name, groups: [...person.groups] }),
    };
  },
});
server.on("request", provider.callback());
console.log(`OpenID provider listening on ${issuer}`);
