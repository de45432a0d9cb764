/**
 * The whole team's load in a Chromium that no Playwright drives: the DevTools protocol over a
 * pipe, with the Page and Runtime domains only. Playwright turns on the Network domain of every
 * page and worker it drives, so each of the load's requests is also reported to it (and the
 * browser's process relays them); a person's browser does none of that. Bench-only.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumArgs, chromiumExecutable } from "../e2e/browser.ts";
import { entriesOf } from "../e2e/store-connection.ts";
import { storageKeys } from "../src/api/stored-value.ts";

interface Team {
  url: string;
  apiKey: string;
  teamId: string;
}

/** Milliseconds from the Load button's click to the status saying all `users` are loaded. */
export async function bareChromiumLoadMs(team: Team, users: number): Promise<number> {
  const profile = mkdtempSync(join(tmpdir(), "bare-chromium-"));
  const executable = chromiumExecutable() ?? (await import("@playwright/test")).chromium.executablePath();
  const browser = spawn(
    executable,
    [
      "--headless",
      "--no-sandbox",
      "--remote-debugging-pipe",
      `--user-data-dir=${profile}`,
      "--window-size=1440,900",
      ...chromiumArgs,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const protocol = devtoolsPipe(browser.stdio[3] as NodeJS.WritableStream, browser.stdio[4] as NodeJS.ReadableStream);
  try {
    const { targetInfos } = await protocol.send<{ targetInfos: { targetId: string; type: string }[] }>("Target.getTargets");
    const { targetId } = targetInfos.find((target) => target.type === "page")!;
    const { sessionId } = await protocol.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
    const evaluate = async (expression: string) =>
      (
        await protocol.send<{ result: { value?: unknown } }>(
          "Runtime.evaluate",
          { expression, awaitPromise: true, returnByValue: true },
          sessionId,
        )
      ).result.value;
    // The team saved in the tab as the Teams page saves it (as `storeConnection` does for Playwright).
    const saved = entriesOf({ teamApiKey: team.apiKey, teamId: team.teamId });
    await protocol.send("Page.enable", {}, sessionId);
    await protocol.send(
      "Page.addScriptToEvaluateOnNewDocument",
      {
        source: `if (!sessionStorage.getItem("bench.connected")) {
          sessionStorage.setItem("bench.connected", "1");
          localStorage.setItem(${JSON.stringify(storageKeys.entries)}, ${JSON.stringify(JSON.stringify(saved.entries))});
          localStorage.setItem(${JSON.stringify(storageKeys.recentTeams)}, ${JSON.stringify(JSON.stringify(saved.recent))});
          sessionStorage.setItem(${JSON.stringify(storageKeys.keys)}, ${JSON.stringify(JSON.stringify(saved.keys))});
        }`,
      },
      sessionId,
    );
    await protocol.send("Page.navigate", { url: `${team.url}/t/${team.teamId}/users` }, sessionId);
    // As the Playwright run measures it: an observer in the page sees the status, to the frame.
    const loadedText = `All ${users.toLocaleString("en")} users are loaded`;
    const clickLoad = `(() => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Load the whole team");
      if (!button) return -1;
      const seen = new MutationObserver(() => {
        if (!document.body.textContent.includes(${JSON.stringify(loadedText)})) return;
        window.benchLoadedAt = performance.now();
        seen.disconnect();
      });
      seen.observe(document.body, { childList: true, subtree: true, characterData: true });
      const at = performance.now();
      button.click();
      return at;
    })()`;
    let clickedAt = -1;
    for (let tries = 0; clickedAt < 0; tries++) {
      if (tries > 600) throw new Error("no Load button in the bare Chromium's page within a minute");
      await new Promise((resolve) => setTimeout(resolve, 100));
      clickedAt = Number(await evaluate(clickLoad));
    }
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const loadedAt = await evaluate("window.benchLoadedAt");
      if (typeof loadedAt === "number") return loadedAt - clickedAt;
    }
  } finally {
    const exited = new Promise((resolve) => browser.once("exit", resolve));
    browser.kill();
    await exited; // its profile is written to until it has gone
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** The DevTools protocol over `--remote-debugging-pipe`: JSON messages, each ended by a NUL byte. */
function devtoolsPipe(input: NodeJS.WritableStream, output: NodeJS.ReadableStream) {
  let nextId = 0;
  const waiting = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  let pending = "";
  output.setEncoding("utf8");
  output.on("data", (text: string) => {
    const messages = (pending + text).split("\0");
    pending = messages.pop()!;
    for (const message of messages) {
      const { id, result, error } = JSON.parse(message) as { id?: number; result?: never; error?: { message: string } };
      const call = id === undefined ? undefined : waiting.get(id);
      if (!call) continue; // an event
      waiting.delete(id!);
      if (error) call.reject(new Error(error.message));
      else call.resolve(result!);
    }
  });
  return {
    send<T = unknown>(method: string, params: object = {}, sessionId?: string): Promise<T> {
      const id = ++nextId;
      input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
      return new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (result: never) => void, reject }));
    },
  };
}
