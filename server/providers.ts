/** The demo providers and their logos: simple SVG marks, so the dashboard shows real images offline. */
export interface Provider {
  slug: string;
  name: string;
  color: string;
}

/** Each demo provider: its slug, its name and its mark's color. */
const providerTable: [slug: string, name: string, color: string][] = [
  ["oura", "Oura", "#1f2a44"],
  ["fitbit", "Fitbit", "#00b0b9"],
  ["garmin", "Garmin", "#007cc3"],
  ["whoop", "WHOOP", "#222222"],
  ["withings", "Withings", "#00a0df"],
  ["polar", "Polar", "#d4002a"],
  ["strava", "Strava", "#fc4c02"],
  ["dexcom", "Dexcom", "#5a8f29"],
  ["freestyle_libre", "FreeStyle Libre", "#f5a800"],
  ["apple_health_kit", "Apple HealthKit", "#ff2d55"],
  ["google_fit", "Google Fit", "#4285f4"],
  ["eight_sleep", "Eight Sleep", "#5b5b5b"],
];

export const providers: readonly Provider[] = providerTable.map(([slug, name, color]) => ({ slug, name, color }));

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
