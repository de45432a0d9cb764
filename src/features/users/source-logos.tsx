import { useState } from "react";
import type { ConnectedSource } from "../../api/contract.ts";
import { formatDateTime } from "../../components/format.ts";
import { useLogoImage } from "./logo-images.ts";
import { shownByDefault } from "./shown-sources.ts";

function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : name.slice(0, 2)).toUpperCase() || "?";
}

/** A hue from the name, so each lettered badge keeps its colour. */
function hue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}

export function SourceLogo({ connected, baseUrl }: { connected: ConnectedSource; baseUrl: string }) {
  const { source, created_on } = connected;
  const image = useLogoImage(source.logo, baseUrl);
  const tooltip = `${source.name} — connected ${formatDateTime(created_on)}`;
  if (!image || image.broken) {
    return (
      <span
        className="users-source-logo users-source-badge"
        role="img"
        aria-label={source.name}
        title={tooltip}
        style={{ "--badge-hue": hue(source.name) } as React.CSSProperties}
      >
        {initials(source.name)}
      </span>
    );
  }
  return <span className={`users-source-logo ${image.className}`} role="img" aria-label={source.name} title={tooltip} />;
}

/**
 * A user's connected sources (at least one): the first few logos, and a button for the others.
 * The logos are keyed by their place: when a row shows the next user, its logos change their
 * class rather than being built again, which costs more when a search changes every row.
 */
export function SourceLogos({ sources, userId, baseUrl }: { sources: ConnectedSource[]; userId: string; baseUrl: string }) {
  // Whose sources were expanded: not the next user shown in the same row, still the same user
  // brought again by a new answer.
  const [expandedFor, setExpandedFor] = useState<string | null>(null);
  const expanded = expandedFor === userId;
  const hidden = sources.length - shownByDefault;
  const visible = expanded || hidden <= 0 ? sources : sources.slice(0, shownByDefault);
  return (
    <>
      {visible.map((s, i) => (
        <SourceLogo key={i} connected={s} baseUrl={baseUrl} />
      ))}
      {hidden > 0 && (
        <button
          type="button"
          className="button users-more-sources"
          aria-expanded={expanded}
          aria-label={expanded ? "Show fewer sources" : `Show ${hidden} more ${hidden === 1 ? "source" : "sources"}`}
          onClick={(event) => {
            event.stopPropagation();
            setExpandedFor(expanded ? null : userId);
          }}
        >
          {expanded ? "−" : `+${hidden}`}
        </button>
      )}
    </>
  );
}
