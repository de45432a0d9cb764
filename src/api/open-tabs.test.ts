import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { liveKeys, parseKeyState } from "./key-state.ts";
import { SimBrowser, type SimTab } from "./open-tabs.test-helper.ts";
import type { Entries, OrgEntry, TeamEntry } from "./saved-entries.ts";

const team = (id: string, label = id): TeamEntry => ({
  id,
  label,
  environment: "",
  baseUrl: "",
  teamId: `team-${id}`,
  orgEntryId: "o1",
  hasKey: true,
});
const org: OrgEntry = { id: "o1", label: "Acme", orgId: "org-1", managementUrl: "" };
const teamsOf = (tab: SimTab) => liveKeys(tab.store.tabKeys.state()).teams;

/** A browser whose first tab saved three teams and their organization. */
function browserWithTeams() {
  const browser = new SimBrowser();
  const first = browser.open();
  first.store.change({ orgs: [org], teams: [team("t1"), team("t2"), team("t3")] });
  return { browser, first };
}

describe("keys between open tabs", () => {
  it("a tab whose asking went unanswered takes the late answer, and its own key then adds to the others' instead of replacing them", () => {
    const { browser, first: a } = browserWithTeams();
    a.store.change({ teamKeys: { t1: "key-1", t2: "key-2" } });
    browser.flush();
    // B opens while A is busy: its ask waits in the queue.
    const b = browser.open();
    expect(teamsOf(b)).toEqual({});
    browser.clock++;
    b.store.change({ teamKeys: { t3: "key-3" } });
    browser.flush();
    for (const tab of [a, b]) expect(teamsOf(tab)).toEqual({ t1: "key-1", t2: "key-2", t3: "key-3" });
  });

  it("a keyless tab that follows a changed deployment takes no tab's keys away", () => {
    const { browser, first: a } = browserWithTeams();
    a.store.change({ teamKeys: { t1: "key-1" }, orgKeys: { o1: "mgmt" } });
    const b = browser.open(); // its ask not answered yet
    browser.clock++;
    b.store.change({ orgs: [org], teams: [team("t1", "Sleep study"), team("t2"), team("t3"), team("t4")] });
    browser.flush();
    for (const tab of [a, b]) {
      expect(teamsOf(tab)).toEqual({ t1: "key-1" });
      expect(liveKeys(tab.store.tabKeys.state()).orgs).toEqual({ o1: "mgmt" });
    }
  });

  it("a removed entry's key goes from every tab, also from one that did not hold it", () => {
    const { browser, first: a } = browserWithTeams();
    a.store.change({ teamKeys: { t1: "key-1", t2: "key-2" } });
    const b = browser.open();
    browser.clock++;
    b.store.change({ teams: [team("t1"), team("t3")] });
    browser.flush();
    for (const tab of [a, b]) expect(teamsOf(tab)).toEqual({ t1: "key-1" });
  });

  it("Forget keys in one tab empties every tab, whatever arrives after from a tab that had not heard", () => {
    const { browser, first: a } = browserWithTeams();
    a.store.change({ teamKeys: { t1: "key-1" } });
    browser.flush();
    const b = browser.open();
    browser.flush();
    browser.clock++;
    a.store.forgetKeys();
    // B answers a third tab before the forgetting reaches it: the answer brings nothing back.
    const c = browser.open();
    browser.deliver(browser.queue.findIndex((item) => item.to === b && item.what === "message ask"));
    browser.flush();
    for (const tab of [a, b, c]) expect(teamsOf(tab)).toEqual({});
    expect(browser.shared.getItem("dashboard.keys")).toBeNull();
  });

  it("a tab reloading while keys are forgotten comes back without them, though no tab that knew is open", () => {
    const { browser, first: a } = browserWithTeams();
    a.store.change({ teamKeys: { t1: "key-1" } });
    const b = browser.open();
    browser.flush();
    const reloading = b.session; // B's page is away: A forgets and closes meanwhile.
    browser.clock++;
    a.store.forgetKeys();
    browser.close(a);
    browser.tabs.splice(browser.tabs.indexOf(b), 1);
    browser.queue.length = 0;
    expect(teamsOf(browser.open(reloading))).toEqual({});
  });

  it("Remember keys is a preference of its own: chosen before any key, kept when the last team goes", () => {
    const browser = new SimBrowser();
    const a = browser.open();
    a.store.setRememberKeys(true);
    expect(a.store.get().rememberKeys).toBe(true);
    a.store.change({ orgs: [org], teams: [team("t1")] });
    browser.clock++;
    a.store.change({ teamKeys: { t1: "key-1" } });
    browser.close(a);
    const later = browser.open();
    expect(teamsOf(later)).toEqual({ t1: "key-1" });
    browser.clock++;
    later.store.change({ teams: [] });
    expect(later.store.get().rememberKeys).toBe(true);
    expect(teamsOf(later)).toEqual({});
  });

  it("a tab keeps the remembered keys it was seeded with when another stops remembering", () => {
    const { browser, first: a } = browserWithTeams();
    a.store.setRememberKeys(true);
    a.store.change({ teamKeys: { t1: "key-1" } });
    browser.close(a);
    const b = browser.open();
    const c = browser.open();
    browser.flush();
    c.store.setRememberKeys(false);
    browser.flush();
    expect(browser.shared.getItem("dashboard.keys")).toBeNull();
    for (const tab of [b, c]) expect(teamsOf(tab)).toEqual({ t1: "key-1" });
  });
});

/** What the operator did, and so which keys every open tab must hold. */
interface Model {
  keys: Map<string, string>;
  remember: boolean;
  open: number;
  teams: string[];
}

type Real = SimBrowser;
type Command = fc.Command<Model, Real>;

const deployments: Entries["teams"][] = [
  [team("t1"), team("t2"), team("t3")],
  [team("t1", "Sleep study"), team("t2")],
  [team("t1"), team("t2", "Pilot clinic"), team("t3"), team("t4")],
];

/** A command on one open tab, picked by `pick` among those open when it runs. */
const tabAt = (real: Real, pick: number) => real.tabs[pick % real.tabs.length]!;

const commands = [
  fc.constant<Command>({
    check: (m) => m.open < 4,
    run(m, real) {
      real.open();
      m.open++;
    },
    toString: () => "open a tab",
  }),
  fc.nat().map<Command>((pick) => ({
    check: (m) => m.open > 0,
    run(m, real) {
      real.close(tabAt(real, pick));
      m.open--;
      if (m.open === 0 && !m.remember) m.keys.clear(); // gone with the last tab
    },
    toString: () => `close tab #${pick}`,
  })),
  fc.nat().map<Command>((pick) => ({
    check: (m) => m.open > 0,
    run(_m, real) {
      real.reload(tabAt(real, pick));
    },
    toString: () => `reload tab #${pick}`,
  })),
  fc
    .tuple(fc.nat(), fc.constantFrom("t1", "t2", "t3", "t4"), fc.constantFrom("", "key-a", "key-b", "key-c"))
    .map<Command>(([pick, id, key]) => ({
      check: (m) => m.open > 0,
      run(m, real) {
        const tab = tabAt(real, pick);
        // A tab sets the key of an entry it lists (its copy of the entries may be behind).
        if (!tab.store.get().teams.some((entry) => entry.id === id)) return;
        tab.store.change({ teamKeys: { [id]: key } });
        if (key) m.keys.set(id, key);
        else m.keys.delete(id);
      },
      toString: () => `tab #${pick} sets ${id}'s key to "${key}"`,
    })),
  fc.nat().map<Command>((pick) => ({
    check: (m) => m.open > 0,
    run(m, real) {
      tabAt(real, pick).store.forgetKeys();
      m.keys.clear();
    },
    toString: () => `tab #${pick} forgets keys`,
  })),
  fc.tuple(fc.nat(), fc.boolean()).map<Command>(([pick, remember]) => ({
    check: (m) => m.open > 0,
    run(m, real) {
      tabAt(real, pick).store.setRememberKeys(remember);
      m.remember = remember;
    },
    toString: () => `tab #${pick} ${remember ? "remembers" : "stops remembering"} keys`,
  })),
  fc.tuple(fc.nat(), fc.nat({ max: deployments.length - 1 })).map<Command>(([pick, which]) => ({
    check: (m) => m.open > 0,
    run(m, real) {
      const tab = tabAt(real, pick);
      const teams = deployments[which]!;
      // As the deployment's loading does: the tab's own copy of the entries, the file's teams.
      const before = tab.store.get().teams.map((entry) => entry.id);
      tab.store.change({ orgs: [org], teams });
      for (const id of before) if (!teams.some((entry) => entry.id === id)) m.keys.delete(id);
      m.teams = teams.map((entry) => entry.id);
    },
    toString: () => `tab #${pick} follows deployment ${which}`,
  })),
  fc.nat().map<Command>((index) => ({
    check: () => true,
    run(_m, real) {
      if (real.queue.length > 0) real.deliver(index);
    },
    toString: () => `deliver #${index}`,
  })),
];

describe("keys between open tabs, as a model", () => {
  it("every open tab holds exactly the keys the operator left, whatever the order of messages and storage events", () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 60 }), (cmds) => {
        const real = new SimBrowser();
        const first = real.open();
        first.store.change({ orgs: [org], teams: deployments[0]! });
        real.flush();
        const model: Model = { keys: new Map(), remember: false, open: 1, teams: deployments[0]!.map((entry) => entry.id) };
        fc.modelRun(() => ({ model, real }), [...cmds].map(tick(real)));
        real.flush();
        const expected = Object.fromEntries([...model.keys].filter(([id]) => model.teams.includes(id)));
        for (const tab of real.tabs) {
          const held = Object.fromEntries(Object.entries(teamsOf(tab)).filter(([id]) => model.teams.includes(id)));
          expect(held).toEqual(expected);
        }
        // Nobody is left to hold them, or they were remembered: a new tab has what the model has.
        if (real.tabs.length === 0) {
          const next = real.open();
          real.flush();
          const held = Object.fromEntries(Object.entries(teamsOf(next)).filter(([id]) => model.teams.includes(id)));
          expect(held).toEqual(model.remember ? expected : {});
        }
      }),
      { numRuns: Number(process.env.MODEL_RUNS ?? 400) },
    );
  });
});

/** Each command a millisecond after the one before, as an operator's clicks are. */
const tick =
  (real: Real) =>
  (command: Command): Command => ({
    check: (m) => command.check(m),
    run(m, r) {
      real.clock++;
      command.run(m, r);
    },
    toString: () => command.toString(),
  });

describe("parseKeyState", () => {
  it("reads the keys an earlier version kept, alone, as keys set before any change", () => {
    const state = parseKeyState({ teams: { t1: "key-1" }, orgs: { o1: "mgmt" } });
    expect(state && liveKeys(state)).toEqual({ teams: { t1: "key-1" }, orgs: { o1: "mgmt" } });
  });
});
