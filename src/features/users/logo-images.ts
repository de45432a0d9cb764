/**
 * Logos drawn as CSS backgrounds, one class a distinct address. A search changes every row's
 * logos: a class is a cheap attribute to change, where an image's `src` costs the browser a
 * resource lookup each time (about 85 µs, 6 ms a keystroke on a page of 100 rows), and each
 * image its own paint chunk to layerize. Each address is tried once by an image of its own, so
 * a failing logo is known once and shown as a badge wherever it is.
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

/** Loads `url` once, and calls `failed` if it does not load. */
export type TryAddress = (url: string, failed: () => void) => void;

/** The rule that draws `url` as the background of a logo of `className`. */
export function logoRule(className: string, url: string): string {
  // An http(s) URL's `href` has no quote, backslash or newline; escaped still, as CSS escapes them.
  const string = url.replace(/["\\\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return `.users-source-logo.${className}{background-image:url("${string}")}`;
}

/**
 * The classes of the addresses asked so far. A service could name a new address per user: past
 * `mostAddresses`, the rules start again, and the logos shown are told to ask for new classes.
 */
export function createLogoImages(rules: () => LogoRules, tryAddress: TryAddress, mostAddresses = 1000) {
  const images = new Map<string, LogoImage>();
  const listeners = new Set<() => void>();
  let made = 0;
  const changed = () => {
    for (const listener of listeners) listener();
  };

  function register(url: string): LogoImage {
    if (images.size >= mostAddresses) {
      images.clear();
      rules().replaceSync("");
      queueMicrotask(changed);
    }
    const image: LogoImage = { className: `users-logo-${++made}`, broken: false };
    images.set(url, image);
    const sheet = rules();
    sheet.insertRule(logoRule(image.className, url), sheet.cssRules.length);
    tryAddress(url, () => {
      if (images.get(url) !== image) return; // the rules started again meanwhile
      images.set(url, { ...image, broken: true });
      changed();
    });
    return image;
  }

  return {
    /** The class that draws `url`, and whether it failed to load; asked first, the address is tried. */
    get: (url: string): LogoImage => images.get(url) ?? register(url),
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
function tryImage(url: string, failed: () => void) {
  const probe = new Image();
  probes.add(probe);
  probe.referrerPolicy = "no-referrer";
  probe.onload = () => probes.delete(probe);
  probe.onerror = () => {
    probes.delete(probe);
    failed();
  };
  probe.src = url;
}

const logoImages = createLogoImages(styleSheet, tryImage);

export function useLogoImage(url: string | null): LogoImage | null {
  return useSyncExternalStore(logoImages.subscribe, () => (url === null ? null : logoImages.get(url)));
}
