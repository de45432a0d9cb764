/** DevTools commands to one target of a Chromium (the page, or a worker it started), through a browser session. */
import type { CDPSession } from "@playwright/test";

export class DevtoolsTargets {
  readonly #browser: CDPSession;
  readonly #sessions = new Map<string, string>();
  #nextMessage = 1;

  /** `browser`: from `browser.newBrowserCDPSession()`. */
  constructor(browser: CDPSession) {
    this.#browser = browser;
  }

  /** The first target of a type ("page", "worker"), if one is open. */
  async find(type: string): Promise<string | undefined> {
    const { targetInfos } = await this.#browser.send("Target.getTargets");
    return targetInfos.find((target) => target.type === type && !target.url.startsWith("chrome"))?.targetId;
  }

  /** Sends a command to one target and returns its result. */
  async send<Result>(targetId: string, method: string, params: object = {}): Promise<Result | undefined> {
    let sessionId = this.#sessions.get(targetId);
    if (!sessionId) {
      ({ sessionId } = await this.#browser.send("Target.attachToTarget", { targetId, flatten: false }));
      this.#sessions.set(targetId, sessionId);
    }
    const id = this.#nextMessage++;
    const answer = new Promise<Result | undefined>((resolve) => {
      const listen = ({ sessionId: from, message }: { sessionId: string; message: string }) => {
        const parsed = JSON.parse(message) as { id?: number; result?: Result };
        if (from !== sessionId || parsed.id !== id) return;
        this.#browser.off("Target.receivedMessageFromTarget", listen);
        resolve(parsed.result);
      };
      this.#browser.on("Target.receivedMessageFromTarget", listen);
    });
    await this.#browser.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) });
    return answer;
  }

  /** The value of `expression` in a target (returned by value); undefined when it has none. */
  async value<T>(targetId: string, expression: string): Promise<T | undefined> {
    return (await this.send<{ result?: { value?: T } }>(targetId, "Runtime.evaluate", { expression, returnByValue: true }))?.result?.value;
  }

  /**
   * Stops a target's scripts for `ms`, as a far larger team's work keeps its thread: the target
   * pauses at the next script it runs, whatever the page asks meanwhile. Resolves once that is
   * armed (the target has answered), so that what the test does next comes after it — a busy loop
   * sent without waiting could start after the page's question on a busy machine. `released`
   * resolves once its scripts run again.
   */
  async hold(targetId: string, ms: number): Promise<{ released: Promise<unknown> }> {
    await this.send(targetId, "Debugger.enable");
    await this.send(targetId, "Debugger.pause");
    // Disabled rather than resumed: that also drops the pause if no script ran meanwhile.
    const released = new Promise((resolve) => setTimeout(resolve, ms)).then(() => this.send(targetId, "Debugger.disable"));
    return { released };
  }

  /** Throws an error no call catches in a target (a worker's: its page sees the worker fail), as a crash of its code would. */
  async fail(targetId: string): Promise<void> {
    await this.send(targetId, "Runtime.evaluate", { expression: "setTimeout(() => { throw new Error('broken on purpose'); })" });
  }

  /**
   * The size of every live `WebAssembly.Memory` of a target: memory V8's heap usage does not count.
   * Finding them makes the target collect its garbage first.
   */
  async wasmMemory(targetId: string): Promise<number> {
    type Remote = { result?: { objectId?: string; value?: number } };
    const prototype = await this.send<Remote>(targetId, "Runtime.evaluate", { expression: "WebAssembly.Memory.prototype" });
    const found = await this.send<{ objects?: { objectId?: string } }>(targetId, "Runtime.queryObjects", {
      prototypeObjectId: prototype?.result?.objectId,
    });
    const total = await this.send<Remote>(targetId, "Runtime.callFunctionOn", {
      objectId: found?.objects?.objectId,
      functionDeclaration: "function () { return this.reduce((sum, memory) => sum + memory.buffer.byteLength, 0); }",
      returnByValue: true,
    });
    return total?.result?.value ?? Number.NaN;
  }
}
