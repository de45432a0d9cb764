/**
 * Logos drawn as CSS backgrounds, one class a distinct address. A search changes every row's
 * logos: a class is a cheap attribute to change, where an image's `src` costs the browser a
 * resource lookup each time (about 85 µs, 6 ms a keystroke on a page of 100 rows). Each address
 * is tried once by an image of its own, so a failing logo is known once and shown as a badge.
 */
import { useSyncExternalStore } from "react";

export interface LogoImage {
  className: string;
  broken: boolean;
}

// A service could name a new address per user: past this many, the classes start again.
const mostAddresses = 1000;

const images = new Map<string, LogoImage>();
const probes = new Set<HTMLImageElement>(); // held until they answer
const listeners = new Set<() => void>();
let sheet: CSSStyleSheet | undefined;
let made = 0;

function changed() {
  for (const listener of listeners) listener();
}

function styleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  return sheet;
}

/** The rule that draws `url` as the background of a logo of `className`. */
export function logoRule(className: string, url: string): string {
  // An http(s) URL's `href` has no quote, backslash or newline; escaped still, as CSS escapes them.
  const string = url.replace(/["\\\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return `.users-source-logo.${className}{background-image:url("${string}")}`;
}

function register(url: string): LogoImage {
  if (images.size >= mostAddresses) {
    images.clear();
    styleSheet().replaceSync("");
    queueMicrotask(changed); // the logos shown ask again for their classes
  }
  const image: LogoImage = { className: `users-logo-${++made}`, broken: false };
  images.set(url, image);
  const rules = styleSheet();
  rules.insertRule(logoRule(image.className, url), rules.cssRules.length);
  const probe = new Image();
  probes.add(probe);
  probe.referrerPolicy = "no-referrer";
  probe.onload = () => probes.delete(probe);
  probe.onerror = () => {
    probes.delete(probe);
    if (images.get(url) !== image) return;
    images.set(url, { ...image, broken: true });
    changed();
  };
  probe.src = url;
  return image;
}

/** The class that draws `url`, and whether it failed to load; asked first, the address is tried. */
export function logoImage(url: string): LogoImage {
  return images.get(url) ?? register(url);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useLogoImage(url: string | null): LogoImage | null {
  return useSyncExternalStore(subscribe, () => (url === null ? null : logoImage(url)));
}
