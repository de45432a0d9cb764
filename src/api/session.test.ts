import { afterEach, describe, expect, it } from "vitest";
import { loadSession, noSignIn, noticeSessionEnded, parseSession, readsActivity, session } from "./session.ts";
import { allows, roleOn, whyNot } from "./roles.ts";

const signedIn = {
  auth: "oidc",
  signedIn: true,
  email: "ana@acme.example",
  name: "Ana Lima",
  roles: { "us-prod": "viewer", "eu-prod": "operator", "us-sandbox": "admin" },
};

const answering = (status: number, body: string, contentType = "application/json") =>
  (() => Promise.resolve(new Response(body, { status, headers: { "content-type": contentType } }))) as unknown as typeof fetch;

afterEach(async () => {
  await loadSession(answering(200, JSON.stringify(noSignIn)));
});

describe("the session, as the server says it", () => {
  it("reads a signed-in person and their roles", () => {
    expect(parseSession(signedIn)).toEqual(signedIn);
  });

  it("is no sign-in for auth null, whatever else it says", () => {
    expect(parseSession({ auth: null, signedIn: true, email: "x@y", name: "X", roles: { a: "admin" } })).toEqual(noSignIn);
  });

  it("drops a role it does not know, and reads empty names as none", () => {
    const read = parseSession({ ...signedIn, name: "", roles: { "us-prod": "owner", "eu-prod": "operator", bad: 3 } });
    expect(read.roles).toEqual({ "eu-prod": "operator" });
    expect(read.name).toBeNull();
  });

  it("is no sign-in from a server of before sign-in: its app's page, a 404, or no answer", async () => {
    expect(await loadSession(answering(200, "<!doctype html><title>Team admin</title>", "text/html"))).toEqual(noSignIn);
    expect(await loadSession(answering(404, '{"detail":"Not Found"}'))).toEqual(noSignIn);
    expect(await loadSession((() => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch)).toEqual(noSignIn);
  });

  it("ends on a refusal for want of a session only when the deployment signs people in", async () => {
    noticeSessionEnded();
    expect(session.get().ended).toBeUndefined();
    await loadSession(answering(200, JSON.stringify(signedIn)));
    noticeSessionEnded();
    expect(session.get()).toMatchObject({ signedIn: false, ended: true, auth: "oidc" });
  });
});

describe("what a role lets the page offer", () => {
  const person = parseSession(signedIn);
  it("lists for every role, deletes for operator and admin, nothing where there is no role", () => {
    expect([allows(person, "us-prod", "list"), allows(person, "us-prod", "delete")]).toEqual([true, false]);
    expect([allows(person, "eu-prod", "list"), allows(person, "eu-prod", "delete")]).toEqual([true, true]);
    expect([allows(person, "us-sandbox", "list"), allows(person, "us-sandbox", "delete")]).toEqual([true, true]);
    expect([allows(person, "eu-sandbox", "list"), allows(person, "eu-sandbox", "delete")]).toEqual([false, false]);
    expect(roleOn(person, "eu-sandbox")).toBeNull();
  });

  it("holds nothing back without sign-in, or for an entry of no service", () => {
    expect(allows(noSignIn, "us-prod", "delete")).toBe(true);
    expect(allows(person, undefined, "delete")).toBe(true);
  });

  it("says why in a sentence", () => {
    expect(whyNot(person, "us-prod", "US production", "delete")).toBe(
      "You are a viewer of US production: deleting needs the operator role.",
    );
    expect(whyNot(person, "eu-sandbox", "EU sandbox", "list")).toBe("You have no role on EU sandbox: its teams are not open to you.");
    expect(whyNot(person, "eu-prod", "EU production", "delete")).toBeNull();
  });

  it("opens the activity record to an admin of some service only", () => {
    expect(readsActivity(person)).toBe(true);
    expect(readsActivity({ ...person, roles: { "us-prod": "operator" } })).toBe(false);
    expect(readsActivity(noSignIn)).toBe(false);
  });
});
