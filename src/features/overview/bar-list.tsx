import { formatCount } from "../../components/format.ts";
import { formatShare } from "./share.ts";

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** A bar that filters the users: its click applies the filter. */
  onSelect?: () => void;
  /** The filter is applied (the bar shows it, and a click removes it). */
  selected?: boolean;
}

/**
 * A bar chart in HTML: each bar labelled with its name, count and share (the length is never the
 * only carrier of the number); a bar that filters is a button, reached and pressed by keyboard.
 */
export function BarList({ bars, of, noun }: { bars: Bar[]; of: number; noun: string }) {
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ul className="list-plain overview-bars">
      {bars.map((bar) => {
        const content = (
          <>
            <span className="overview-bar-label">{bar.label}</span>
            <span className="overview-bar-track" aria-hidden="true">
              <span className="overview-bar-fill" style={{ inlineSize: `${(bar.value / largest) * 100}%` }} />
            </span>
            <span className="overview-bar-value">
              {formatCount(bar.value)} <span className="muted">· {formatShare(bar.value, of)}</span>
            </span>
          </>
        );
        const said = `${bar.label}: ${formatCount(bar.value)} ${noun} (${formatShare(bar.value, of)})`;
        return (
          <li key={bar.key}>
            {bar.onSelect ? (
              <button
                type="button"
                className="overview-bar overview-bar-button"
                aria-pressed={bar.selected ?? false}
                aria-label={`${said}. ${bar.selected ? "Remove the filter" : "Filter the users by it"}`}
                onClick={bar.onSelect}
              >
                {content}
              </button>
            ) : (
              <div className="overview-bar" role="group" aria-label={said}>
                {content}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
