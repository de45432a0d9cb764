/** The demo providers and their logos: simple SVG marks, so the dashboard shows real images offline. */
export interface Provider {
  slug: string;
  name: string;
  color: string;
}

export const providers: readonly Provider[] = [
  { slug: "oura", name: "Oura", color: "#1f2a44" },
  { slug: "fitbit", name: "Fitbit", color: "#00b0b9" },
  { slug: "garmin", name: "Garmin", color: "#007cc3" },
  { slug: "whoop", name: "WHOOP", color: "#222222" },
  { slug: "withings", name: "Withings", color: "#00a0df" },
  { slug: "polar", name: "Polar", color: "#d4002a" },
  { slug: "strava", name: "Strava", color: "#fc4c02" },
  { slug: "dexcom", name: "Dexcom", color: "#5a8f29" },
  { slug: "freestyle_libre", name: "FreeStyle Libre", color: "#f5a800" },
  { slug: "apple_health_kit", name: "Apple HealthKit", color: "#ff2d55" },
  { slug: "google_fit", name: "Google Fit", color: "#4285f4" },
  { slug: "eight_sleep", name: "Eight Sleep", color: "#5b5b5b" },
];

const bySlug = new Map(providers.map((p) => [p.slug, p]));

export function providerLogo(slug: string): string | undefined {
  const provider = bySlug.get(slug);
  if (!provider) return undefined;
  const initials = provider.name
    .split(/\s+/)
    .map((word) => word[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${provider.name}">
<rect width="64" height="64" rx="14" fill="${provider.color}"/>
<text x="32" y="41" font-family="system-ui, sans-serif" font-size="${initials.length > 1 ? 24 : 30}" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>
</svg>`;
}
