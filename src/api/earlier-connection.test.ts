import { describe, expect, it } from "vitest";
import { setAsideEarlierConnection } from "./earlier-connection.ts";
import { MemoryStorage } from "./memory-storage.test-helper.ts";
import { storageKeys } from "./stored-value.ts";

const places = { baseUrl: "https://api.example.com", managementUrl: "", orgId: "d10e897e-3fad-4fe7-8ce6-ea6c6b804e9c" };
const keys = { teamApiKey: "svc_team_earlier0000", managementKey: "svc_mgmt_earlier0000" };

function storages(items: { local?: Record<string, unknown>; session?: Record<string, unknown> }) {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  for (const [key, value] of Object.entries(items.local ?? {})) local.setItem(key, JSON.stringify(value));
  for (const [key, value] of Object.entries(items.session ?? {})) session.setItem(key, JSON.stringify(value));
  return { local, session };
}
const read = (storage: Storage, key: string) => JSON.parse(storage.getItem(key) ?? "null") as unknown;

describe("setAsideEarlierConnection", () => {
  it("moves remembered keys and the places under their own name in localStorage, and removes the earlier items", () => {
    const { local, session } = storages({ local: { [storageKeys.earlierPlaces]: places, [storageKeys.keys]: keys } });
    setAsideEarlierConnection({ local, session });
    expect(read(local, storageKeys.earlierConnection)).toEqual({ ...places, ...keys, remembered: true });
    expect(local.getItem(storageKeys.keys)).toBeNull();
    expect(local.getItem(storageKeys.earlierPlaces)).toBeNull();
    expect(session.length).toBe(0);
  });

  it("keeps a tab's keys in the tab: the connection goes to sessionStorage, nothing secret to localStorage", () => {
    const { local, session } = storages({ local: { [storageKeys.earlierPlaces]: places }, session: { [storageKeys.keys]: keys } });
    setAsideEarlierConnection({ local, session });
    expect(read(session, storageKeys.earlierConnection)).toEqual({ ...places, ...keys, remembered: false });
    expect(session.getItem(storageKeys.keys)).toBeNull();
    expect(local.length).toBe(0);
  });

  it("keeps an organization ID without keys, in localStorage", () => {
    const { local, session } = storages({ local: { [storageKeys.earlierPlaces]: places } });
    setAsideEarlierConnection({ local, session });
    expect(read(local, storageKeys.earlierConnection)).toEqual({ ...places, teamApiKey: "", managementKey: "", remembered: false });
  });

  it("drops earlier places that hold nothing, and writes nothing", () => {
    const { local, session } = storages({ local: { [storageKeys.earlierPlaces]: { baseUrl: "", managementUrl: "", orgId: "" } } });
    setAsideEarlierConnection({ local, session });
    expect(local.length).toBe(0);
    expect(session.length).toBe(0);
  });

  it("leaves the saved entries' keys alone, and does nothing when nothing earlier is stored", () => {
    const entryKeys = { teams: { a: "svc_team_x" }, orgs: {} };
    const { local, session } = storages({ local: { [storageKeys.keys]: entryKeys }, session: { [storageKeys.keys]: entryKeys } });
    setAsideEarlierConnection({ local, session });
    expect(read(local, storageKeys.keys)).toEqual(entryKeys);
    expect(read(session, storageKeys.keys)).toEqual(entryKeys);
    expect(local.getItem(storageKeys.earlierConnection)).toBeNull();
  });

  it("sets it aside in the other storage when its own refuses the write", () => {
    const { local, session } = storages({ local: { [storageKeys.earlierPlaces]: places, [storageKeys.keys]: keys } });
    local.full = true;
    setAsideEarlierConnection({ local, session });
    expect(read(session, storageKeys.earlierConnection)).toEqual({ ...places, ...keys, remembered: true });
    expect(local.getItem(storageKeys.keys)).toBeNull();
  });

  it("keeps the earlier items when both storages refuse the write", () => {
    const { local, session } = storages({ local: { [storageKeys.earlierPlaces]: places, [storageKeys.keys]: keys } });
    local.full = true;
    session.full = true;
    setAsideEarlierConnection({ local, session });
    expect(read(local, storageKeys.keys)).toEqual(keys);
    expect(read(local, storageKeys.earlierPlaces)).toEqual(places);
  });

  it("sets aside a tab's keys whose places another tab already moved", () => {
    const { local, session } = storages({ session: { [storageKeys.keys]: keys } });
    setAsideEarlierConnection({ local, session });
    expect(read(session, storageKeys.earlierConnection)).toEqual({ baseUrl: "", managementUrl: "", orgId: "", ...keys, remembered: false });
    expect(session.getItem(storageKeys.keys)).toBeNull();
  });
});
