import { describe, expect, it } from "vitest";
import type { AccessRule, Role } from "../deployment.ts";
import { allows, refusal, roleOf, rolesOf, type Operation } from "./access.ts";

const rules: AccessRule[] = [
  { services: ["us-prod", "eu-prod"], emails: [], groups: ["oncall"], role: "operator" },
  { services: "*", emails: ["ana@acme.example"], groups: [], role: "admin" },
  { services: "*", emails: [], groups: ["staff"], role: "viewer" },
];
const person = (email: string, ...groups: string[]) => ({ email, name: null, groups });

describe("the access rules", () => {
  it("give the role of the first rule that names the person and the service", () => {
    const oncallAna = person("ANA@acme.example", "oncall", "staff");
    expect(roleOf(rules, oncallAna, "us-prod")).toBe("operator"); // the first rule wins over her admin rule
    expect(roleOf(rules, oncallAna, "us-sandbox")).toBe("admin"); // emails match whatever their case
    expect(rolesOf(rules, person("bo@acme.example", "staff"), ["us-prod", "eu-prod"])).toEqual({
      "us-prod": "viewer",
      "eu-prod": "viewer",
    });
    expect(rolesOf(rules, person("eve@elsewhere.example", "guests"), ["us-prod"])).toEqual({});
  });

  it.each<[Role | null, Operation, boolean]>([
    [null, "list-users", false],
    [null, "delete-team", false],
    [null, "read-activity", false],
    ["viewer", "list-users", true],
    ["viewer", "delete-team", false],
    ["viewer", "read-activity", false],
    ["operator", "list-users", true],
    ["operator", "delete-team", true],
    ["operator", "read-activity", false],
    ["admin", "list-users", true],
    ["admin", "delete-team", true],
    ["admin", "read-activity", true],
  ])("a %s may %s: %s", (role, operation, allowed) => {
    expect(allows(role, operation)).toBe(allowed);
  });

  it("say why, per service: a viewer here, an operator there, nobody elsewhere", () => {
    const bo = person("bo@acme.example", "staff", "oncall");
    expect(refusal(rules, bo, "us-prod", "delete-team")).toBeNull();
    expect(refusal(rules, bo, "us-sandbox", "delete-team")).toBe(
      "bo@acme.example is a viewer of us-sandbox: deleting a team needs the operator role.",
    );
    expect(refusal(rules, bo, "us-prod", "read-activity")).toBe(
      "bo@acme.example is an operator of us-prod: reading the activity record needs the admin role.",
    );
    expect(refusal([], bo, "us-prod", "list-users")).toBe("bo@acme.example has no role on us-prod.");
  });
});
