/**
 * The whole team's load in a Chromium that no Playwright drives: the DevTools protocol over a
 * pipe, with the Page and Runtime domains only. Playwright turns on the Network domain of every
 * page and worker it drives, so each of the load's requests is also reported to it (and the
 * browser's process relays them); a person's browser does none of that. Bench-only.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { chromiumArgs, chromiumExecutable } from "../e2e/browser.ts";
import { connectionScript } from "../e2e/store-connection.ts";

interface Team {
  url: string;
  apiKey: string;
  teamId: string;
}

/** Milliseconds from the Load button's click to the status saying all `users` are loaded. */
export async function bareChromiumLoadMs(team: Team, users: number): Promise<number> {
  // Playwright's own Chromium runs headless as its headless shell, another build than this would start.
  const executable = chromiumExecutable();
  if (!executable) throw new Error("needs the system's Chromium (or CHROMIUM_PATH), the one the Playwright run used");
  const profile = mkdtempSync(join(tmpdir(), "bare-chromium-"));
  const browser = spawn(
    executable,
    ["--headless", "--no-sandbox", "--remote-debugging-pipe", `--user-data-dir=${profile}`, "--window-size=1440,900", ...chromiumArgs],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const protocol = devtoolsPipe(browser);
  try {
    const { targetId } = await protocol.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await protocol.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
    /** The expression's value; undefined when it threw (the page between two documents). */
    const evaluate = async (expression: string) => {
      const { result, exceptionDetails } = await protocol.send<{ result: { value?: unknown }; exceptionDetails?: unknown }>(
        "Runtime.evaluate",
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
      );
      return exceptionDetails ? undefined : result.value;
    };
    // The team saved in the tab as the Teams page saves it, by `storeConnection`'s script.
    await protocol.send("Page.enable", {}, sessionId);
    const source = connectionScript({ teamApiKey: team.apiKey, teamId: team.teamId });
    await protocol.send("Page.addScriptToEvaluateOnNewDocument", { source }, sessionId);
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
    let clickedAt: unknown = -1;
    for (let tries = 0; typeof clickedAt !== "number" || clickedAt < 0; tries++) {
      if (tries > 600) throw new Error("no Load button in the bare Chromium's page within a minute");
      await new Promise((resolve) => setTimeout(resolve, 100));
      clickedAt = await evaluate(clickLoad);
    }
    for (const giveUpAt = Date.now() + 600_000; Date.now() < giveUpAt;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const loadedAt = await evaluate("window.benchLoadedAt");
      if (typeof loadedAt === "number") return loadedAt - clickedAt;
    }
    throw new Error("the bare Chromium's load did not end within 10 minutes");
  } finally {
    if (browser.exitCode === null && browser.signalCode === null) {
      // Closed as a person closes it, so that its other processes have ended when it has.
      const exited = new Promise((resolve) => browser.once("exit", resolve));
      protocol.send("Browser.close").catch(() => {});
      const closing = setTimeout(() => browser.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(closing);
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
  }
}

/**
 * The DevTools protocol over `--remote-debugging-pipe` (the browser's fds 3 and 4): JSON messages,
 * each ended by a NUL byte. Every call still waiting fails if the browser goes.
 */
function devtoolsPipe(browser: ChildProcess) {
  const [input, output] = [browser.stdio[3] as Writable, browser.stdio[4] as Readable];
  let nextId = 0;
  const waiting = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  browser.on("error", failAll);
  browser.on("exit", (code, signal) => failAll(new Error(`the bare Chromium ended (${signal ?? code})`)));
  input.on("error", failAll);
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
      const answer = new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (result: never) => void, reject }));
      input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
      return answer;
    },
  };
}
