/**
 * Where a text stops being JSON, as a line and a column (both from 1): the first character that
 * cannot stand there, or the end when the text ends early. A parser's message quotes the text
 * around the mistake, and a key pasted there would be printed with it: this says the place only.
 */
export function jsonErrorPlace(text: string): { line: number; column: number } | undefined {
  const at = jsonErrorOffset(text);
  if (at === undefined) return undefined;
  const before = text.slice(0, at).split(/\r\n|\r|\n/);
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

class Stop {
  constructor(readonly at: number) {}
}

/** The offset where `text` stops being JSON (RFC 8259, as `JSON.parse` reads it); undefined when it is JSON. */
function jsonErrorOffset(text: string): number | undefined {
  let at = 0;
  const stop = (): never => {
    throw new Stop(at);
  };
  const is = (pattern: RegExp) => at < text.length && pattern.test(text[at]!);
  const space = () => {
    while (is(/[ \t\n\r]/)) at++;
  };
  const take = (char: string) => (text[at] === char ? at++ : stop());
  const digits = () => {
    if (!is(/[0-9]/)) stop();
    while (is(/[0-9]/)) at++;
  };
  const string = () => {
    take('"');
    for (;;) {
      if (at >= text.length || text[at]! < " ") stop();
      const char = text[at++];
      if (char === '"') return;
      if (char !== "\\") continue;
      if (is(/["\\/bfnrt]/)) at++;
      else if (text[at] === "u") {
        at++;
        for (let i = 0; i < 4; i++) {
          if (!is(/[0-9a-fA-F]/)) stop();
          at++;
        }
      } else stop();
    }
  };
  const number = () => {
    if (text[at] === "-") at++;
    if (text[at] === "0") at++;
    else digits();
    if (text[at] === ".") {
      at++;
      digits();
    }
    if (is(/[eE]/)) {
      at++;
      if (is(/[+-]/)) at++;
      digits();
    }
  };
  /** The items of an object or a list, up to `close`; `item` reads one. */
  const items = (close: string, item: () => void) => {
    at++;
    space();
    if (text[at] === close) return void at++;
    for (;;) {
      item();
      space();
      if (text[at] !== ",") return void take(close);
      at++;
      space();
    }
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === "{")
      return items("}", () => {
        string();
        space();
        take(":");
        value();
      });
    if (char === "[") return items("]", value);
    if (char === '"') return string();
    for (const word of ["true", "false", "null"]) if (char === word[0]) return [...word].forEach(take);
    if (is(/[-0-9]/)) return number();
    stop();
  };
  try {
    value();
    space();
    if (at < text.length) stop();
    return undefined;
  } catch (error) {
    if (error instanceof Stop) return error.at;
    throw error;
  }
}
