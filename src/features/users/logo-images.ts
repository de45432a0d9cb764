/**
 * Logos drawn as CSS backgrounds, one class a logo (the service's address, and the base URL it
 * is resolved against). A search changes every row's logos: a class is a cheap attribute to
 * change, where an image's `src` costs the browser a resource lookup each time (about 85 µs,
 * 6 ms a keystroke on a page of 100 rows), and each image its own paint chunk to layerize. Each
 * logo is tried by an image of its own, so a failing one is known once and shown as a badge
 * wherever it is; it is tried again when the browser comes back online, or when it is shown a
 * while after it failed.
 */
import { useSyncExternalStore } from "react";

export interface LogoImage {
  className: string;
  broken: boolean;
}

/** Where the rules go: a `CSSStyleSheet`, or a test's list. */
export interface LogoRules {
  insertRule(rule: string, index: number): number;
  replaceSync(text: string): void;
  readonly cssRules: { readonly length: number };
}

/** Loads `url`, and calls `done` with whether it loaded. */
export type TryAddress = (url: string, done: (loaded: boolean) => void) => void;

/** The logo's address resolved against the API base URL; null unless it is http(s). */
export function safeLogoUrl(logo: string, baseUrl: string): string | null {
  try {
    const url = new URL(logo, baseUrl || window.location.origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The rule that draws `url` as the background of a logo of `className`. */
export function logoRule(className: string, url: string): string {
  // An http(s) URL's `href` has no quote, backslash or newline; escaped still, as CSS escapes them.
  const string = url.replace(/["\\\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return `.users-source-logo.${className}{background-image:url("${string}")}`;
}

export interface LogoImagesOptions {
  /** Past this many logos (a service could name a new address per user), the rules start again. */
  mostAddresses?: number;
  /** How long a failed address stays a badge before it is tried again when shown. */
  retryAfterMs?: number;
  now?: () => number;
}

/** A logo as the store keeps it: what the logos shown read, and when its address last failed. */
interface Entry {
  url: string;
  image: LogoImage;
  failedAt: number;
  trying: boolean;
}

/**
 * The classes of the logos asked so far, by the service's address and the base URL it is
 * resolved against. A logo that is not http(s) is never loaded (null).
 */
export function createLogoImages(rules: () => LogoRules, tryAddress: TryAddress, options: LogoImagesOptions = {}) {
  const { mostAddresses = 1000, retryAfterMs = 30_000, now = Date.now } = options;
  const entries = new Map<string, Entry | null>();
  const listeners = new Set<() => void>();
  let made = 0;
  const changed = () => {
    for (const listener of listeners) listener();
  };

  /** A new class and rule for the entry's address: a rule's image that failed is not fetched again. */
  function drawn(url: string, broken: boolean): LogoImage {
    const image = { className: `users-logo-${++made}`, broken };
    const sheet = rules();
    sheet.insertRule(logoRule(image.className, url), sheet.cssRules.length);
    return image;
  }

  function attempt(key: string, entry: Entry) {
    entry.trying = true;
    tryAddress(entry.url, (loaded) => {
      if (entries.get(key) !== entry) return; // the rules started again meanwhile
      entry.trying = false;
      if (!loaded) entry.failedAt = now();
      if (loaded === !entry.image.broken) return; // as shown already
      entry.image = loaded ? drawn(entry.url, false) : { ...entry.image, broken: true };
      changed();
    });
  }

  function register(key: string, logo: string, baseUrl: string): Entry | null {
    if (entries.size >= mostAddresses) {
      entries.clear();
      rules().replaceSync("");
      queueMicrotask(changed);
    }
    const url = safeLogoUrl(logo, baseUrl);
    const entry = url === null ? null : { url, image: drawn(url, false), failedAt: 0, trying: false };
    entries.set(key, entry);
    if (entry) attempt(key, entry);
    return entry;
  }

  return {
    /** The class that draws `logo`, and whether it failed to load; asked first, the address is tried. */
    get(logo: string, baseUrl: string): LogoImage | null {
      const key = `${baseUrl} ${logo}`;
      const entry = entries.has(key) ? entries.get(key)! : register(key, logo, baseUrl);
      if (entry?.image.broken && !entry.trying && now() - entry.failedAt >= retryAfterMs) attempt(key, entry);
      return entry?.image ?? null;
    },
    /** Tries every failed address again (the browser is back online). */
    retryBroken() {
      for (const [key, entry] of entries) if (entry?.image.broken && !entry.trying) attempt(key, entry);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

let sheet: CSSStyleSheet | undefined;
function styleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  return sheet;
}

const probes = new Set<HTMLImageElement>(); // held until they answer
function tryImage(url: string, done: (loaded: boolean) => void) {
  const probe = new Image();
  probes.add(probe);
  probe.referrerPolicy = "no-referrer";
  const answered = (loaded: boolean) => () => {
    probes.delete(probe);
    done(loaded);
  };
  probe.onload = answered(true);
  probe.onerror = answered(false);
  probe.src = url;
}

const logoImages = createLogoImages(styleSheet, tryImage);
// Not in the unit tests' Node, which has no window. A module replaced in development takes its listener along.
if (typeof window !== "undefined") {
  window.addEventListener("online", logoImages.retryBroken);
  import.meta.hot?.dispose(() => window.removeEventListener("online", logoImages.retryBroken));
}

/** The class that draws the source's logo, or null where it is a lettered badge for good. */
export function useLogoImage(logo: string, baseUrl: string): LogoImage | null {
  return useSyncExternalStore(logoImages.subscribe, () => logoImages.get(logo, baseUrl));
}
