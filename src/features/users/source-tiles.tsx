import { createContext, lazy, Suspense, useContext } from "react";
import type { ConnectedSource } from "../../api/contract.ts";
import { shownByDefault } from "./shown-sources.ts";

/**
 * False while the table paints its first rows: each logo then stands as an empty tile of its
 * size and name, and loads once the text is on screen (an SVG logo is a document to build, and
 * the logos' code is not needed before).
 */
export const LogosReady = createContext(true);

const SourceLogos = lazy(async () => ({ default: (await import("./source-logos.tsx")).SourceLogos }));

/** The logos' places: a tile a logo, and the "+N" button's, so nothing moves when they load. */
function Tiles({ sources }: { sources: ConnectedSource[] }) {
  const hidden = sources.length - shownByDefault;
  return (
    <>
      {sources.slice(0, shownByDefault).map((s, i) => (
        <span key={i} className="users-source-logo" role="img" aria-label={s.source.name} />
      ))}
      {hidden > 0 && (
        <span className="button users-more-sources" aria-hidden="true">
          +{hidden}
        </span>
      )}
    </>
  );
}

/** A user's connected sources in the table: their logos, or tiles in their places until those can load. */
export function SourceTiles({ sources, userId, baseUrl }: { sources: ConnectedSource[]; userId: string; baseUrl: string }) {
  const ready = useContext(LogosReady);
  if (sources.length === 0) return <span className="muted">None</span>;
  const tiles = <Tiles sources={sources} />;
  return ready ? (
    <Suspense fallback={tiles}>
      <SourceLogos sources={sources} userId={userId} baseUrl={baseUrl} />
    </Suspense>
  ) : (
    tiles
  );
}
