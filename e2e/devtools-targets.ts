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
    return (await this.#post<Result>(targetId, method, params)).result;
  }

  /** Sends a command to one target: resolves once the browser has passed it on, with its result to come. */
  async #post<Result>(targetId: string, method: string, params: object): Promise<{ result: Promise<Result | undefined> }> {
    let sessionId = this.#sessions.get(targetId);
    if (!sessionId) {
      ({ sessionId } = await this.#browser.send("Target.attachToTarget", { targetId, flatten: false }));
      this.#sessions.set(targetId, sessionId);
    }
    const id = this.#nextMessage++;
    const result = new Promise<Result | undefined>((resolve) => {
      const listen = ({ sessionId: from, message }: { sessionId: string; message: string }) => {
        const parsed = JSON.parse(message) as { id?: number; result?: Result };
        if (from !== sessionId || parsed.id !== id) return;
        this.#browser.off("Target.receivedMessageFromTarget", listen);
        resolve(parsed.result);
      };
      this.#browser.on("Target.receivedMessageFromTarget", listen);
    });
    await this.#browser.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) });
    return { result };
  }

  /**
   * Keeps a target's thread busy for `ms`, as a far larger team's work can. Resolves once the
   * command is on its way to the target, so that what the page asks next queues behind it (its
   * first command also attaches, which on a busy machine let a click go first); `released`
   * resolves when the thread is free again.
   */
  async hold(targetId: string, ms: number): Promise<{ released: Promise<unknown> }> {
    const { result } = await this.#post(targetId, "Runtime.evaluate", {
      expression: `{ const until = performance.now() + ${ms}; while (performance.now() < until); }`,
    });
    return { released: result };
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
