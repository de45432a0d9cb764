/** The request log of the service and the dashboard server: one line a request, whatever it holds. */
import type { MiddlewareHandler } from "hono";

const maxLogged = 200;
const namedEscapes: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeCode(code: number): string {
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}

/**
 * Text a client chose, fit for one log line: control, format and separator characters (CR, LF,
 * ESC, U+2028, bidi overrides, spaces) and the backslash are written as visible escapes, so that
 * nothing a client sends can start a line or pass for another field; long text is cut, with a marker.
 */
export function logText(text: string): string {
  const escaped = text.slice(0, maxLogged).replace(/[\\\p{C}\p{Z}]/gu, (ch) => namedEscapes[ch] ?? escapeCode(ch.codePointAt(0)!));
  return text.length > maxLogged ? `${escaped}…(+${text.length - maxLogged} chars)` : escaped;
}

/** One line a request, with no query string, headers or body: keys never reach the log. */
export function requestLog(write: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    write(`${logText(c.req.method)} ${logText(c.req.path)} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  };
}
