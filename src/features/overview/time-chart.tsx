import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatCount } from "../../components/format.ts";
import { civilOf } from "../../api/civil-days.ts";
import { isRunning, nextStart, periodLabel, type Granularity } from "./periods.ts";
import { lineStyles, type Line } from "./series-rule.ts";

/** Changes of theme (the stored choice, or the system's when it follows it). */
function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  media.addEventListener("change", onChange);
  return () => {
    observer.disconnect();
    media.removeEventListener("change", onChange);
  };
}
const themeNow = () => `${document.documentElement.dataset.theme}-${window.matchMedia("(prefers-color-scheme: dark)").matches}`;

/** A CSS colour (variables and light-dark() included) as the canvas needs it. */
function resolveColour(host: HTMLElement, colour: string): string {
  const probe = document.createElement("span");
  probe.style.color = colour;
  host.append(probe);
  const resolved = getComputedStyle(probe).color;
  probe.remove();
  return resolved;
}

/** Tick steps of a count axis: whole numbers only. */
const wholeSteps = [1, 2, 5].flatMap((step) => [1, 10, 100, 1_000, 10_000, 100_000].map((scale) => step * scale)).sort((a, b) => a - b);

/** Local midnight of a day number, in seconds (uPlot's time scale, in the browser's time zone). */
const secondsOf = (day: number) => {
  const { year, month, day: d } = civilOf(day);
  return new Date(year, month - 1, d).getTime() / 1000;
};

/** Where uPlot's cursor stands on period `i`: at its start, half way up. */
const cursorAt = (plot: uPlot, days: readonly number[], i: number) => ({
  left: plot.valToPos(secondsOf(days[i]!), "x"),
  top: plot.bbox.height / devicePixelRatio / 2,
});

interface TimeChartProps {
  /** The chart's title: its cursor is named after it. */
  title: string;
  /** The first day of each period (day numbers). */
  days: number[];
  lines: Line[];
  /** Keys of the lines the legend hid. */
  hidden: ReadonlySet<string>;
  granularity: Granularity;
  /** Its period is still running: shaded, named "so far", the axis running on to its end. */
  today: number;
}

/** A line's look in HTML (legend, readout): its colour and dash. */
function Swatch({ style }: { style: number }) {
  const { colour, dash } = lineStyles[style]!;
  return (
    <svg className="overview-swatch" width="36" height="8" aria-hidden="true">
      <line x1="0" y1="4" x2="36" y2="4" style={{ stroke: colour }} strokeWidth="2.5" strokeDasharray={dash.join(" ")} />
    </svg>
  );
}

/**
 * A time series on a canvas (uPlot): one line a series, sized to its container. The values under
 * the cursor show below it (never over the lines), also by keyboard: the chart is a slider along
 * the periods (arrow keys, Home, End), and the readout is said politely.
 */
export function TimeChart({ title, days, lines, hidden, granularity, today }: TimeChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const theme = useSyncExternalStore(subscribeTheme, themeNow);
  const [width, setWidth] = useState(0);
  // The period under the cursor, for these lines (a new chart starts with none).
  const [cursor, setCursor] = useState<{ lines: Line[]; index: number } | null>(null);
  const index = cursor?.lines === lines ? cursor.index : null;
  /**
   * The period the keys moved to, until the chart loses focus: uPlot takes its cursor away when the
   * window is resized, and a chart drawn again (a new width or theme) starts without one; the
   * period read stays.
   */
  const keyed = useRef<{ lines: Line[]; index: number } | null>(null);

  useEffect(() => {
    const element = host.current!;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = host.current;
    if (!element || width === 0) return;
    const text = resolveColour(element, "var(--text-muted)");
    const grid = resolveColour(element, "var(--border)");
    const surface = resolveColour(element, "var(--surface)");
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: "12px system-ui, sans-serif" };
    const xs = days.map(secondsOf);
    const running = days.find((day) => isRunning(day, granularity, today));
    const runningX = running === undefined ? null : { from: secondsOf(running), to: secondsOf(nextStart(running, granularity)) };
    const plot = new uPlot(
      {
        width,
        height: 260,
        legend: { show: false },
        cursor: { y: false, drag: { x: false, y: false } },
        scales: {
          x: { time: true, range: (_plot, min, max) => [min, runningX ? Math.max(max, runningX.to) : max] },
          // Counts: the axis starts at zero, so that a line's height is its number.
          y: { range: (_plot, _min, max) => [0, Math.max(1, max) * 1.08] },
        },
        axes: [axis, { ...axis, size: 56, incrs: wholeSteps, values: (_, ticks) => ticks.map((tick) => formatCount(tick)) }],
        series: [
          {},
          ...lines.map((line) => ({
            stroke: resolveColour(element, lineStyles[line.style]!.colour),
            width: 2,
            dash: [...lineStyles[line.style]!.dash],
            points: { show: days.length <= 40 },
          })),
        ],
        hooks: {
          setCursor: [
            (u) => {
              const read = keyed.current?.lines === lines ? keyed.current.index : null;
              // Taken away by uPlot, not by the keys: put back (after its own drawing, a microtask).
              if (u.cursor.idx == null && read !== null) queueMicrotask(() => chart.current === u && u.setCursor(cursorAt(u, days, read)));
              else setCursor(u.cursor.idx == null ? null : { lines, index: u.cursor.idx });
            },
          ],
          // The running period: shaded under the grid and lines, named over them (in the headroom above the counts).
          drawClear: [
            (u) => {
              if (!runningX) return;
              const [left, right] = [u.valToPos(runningX.from, "x", true), u.valToPos(runningX.to, "x", true)];
              u.ctx.save();
              u.ctx.fillStyle = text;
              u.ctx.globalAlpha = 0.12;
              u.ctx.fillRect(left, u.bbox.top, right - left, u.bbox.height);
              u.ctx.restore();
            },
          ],
          draw: [
            (u) => {
              if (!runningX) return;
              const { ctx, bbox } = u;
              const right = u.valToPos(runningX.to, "x", true);
              const [size, pad] = [12 * devicePixelRatio, 3 * devicePixelRatio];
              ctx.save();
              ctx.font = `${size}px system-ui, sans-serif`;
              const labelWidth = ctx.measureText("so far").width + 2 * pad;
              ctx.fillStyle = surface;
              ctx.fillRect(right - labelWidth, bbox.top, labelWidth, size + 2 * pad);
              ctx.fillStyle = text;
              ctx.textAlign = "right";
              ctx.textBaseline = "top";
              ctx.fillText("so far", right - pad, bbox.top + pad);
              ctx.restore();
            },
          ],
        },
      },
      [xs, ...lines.map((line) => line.values)],
      element,
    );
    chart.current = plot;
    return () => {
      plot.destroy();
      chart.current = null;
    };
  }, [days, lines, width, theme, granularity, today]);

  useEffect(() => {
    lines.forEach((line, i) => chart.current?.setSeries(i + 1, { show: !hidden.has(line.key) }));
  }, [days, lines, hidden, width, theme, granularity, today]);

  /** Puts uPlot's cursor on period `i` (its setCursor hook then updates the readout), or takes it away. */
  const moveTo = (i: number | null) => {
    const plot = chart.current;
    if (!plot) return;
    keyed.current = i === null ? null : { lines, index: i };
    if (i === null) plot.setCursor({ left: -10, top: -10 });
    else plot.setCursor(cursorAt(plot, days, i));
  };
  const last = days.length - 1;
  const periodName = (i: number) => periodLabel(days[i]!, granularity, today);
  const onKeyDown = (event: KeyboardEvent) => {
    const next = { ArrowLeft: index === null ? last : index - 1, ArrowRight: index === null ? 0 : index + 1, Home: 0, End: last }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    moveTo(Math.min(last, Math.max(0, next)));
  };

  const shown = lines.filter((line) => !hidden.has(line.key));
  return (
    <div className="overview-time">
      <div
        ref={host}
        className="overview-time-chart"
        role="slider"
        tabIndex={0}
        aria-label={`${title}: chart cursor`}
        aria-valuemin={1}
        aria-valuemax={days.length}
        aria-valuenow={(index ?? last) + 1}
        aria-valuetext={index === null ? "No period shown" : periodName(index)}
        onKeyDown={onKeyDown}
        onBlur={() => moveTo(null)}
      />
      <div className="overview-readout">
        <div role="status" aria-live="polite" aria-atomic="true">
          {index !== null && (
            <>
              <p className="overview-readout-period">{periodName(index)}</p>
              <dl className="overview-readout-values">
                {shown.map((line) => (
                  <div key={line.key}>
                    <dt>
                      <Swatch style={line.style} />
                      {line.label}
                    </dt>
                    <dd>{formatCount(line.values[index]!)}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </div>
        {index === null && (
          <p className="muted small">Point at the chart, or focus it and press the arrow keys, to read each period’s values.</p>
        )}
      </div>
    </div>
  );
}

/** The legend: a button a line, pressed while the line shows. */
export function Legend({ lines, hidden, onToggle }: { lines: Line[]; hidden: ReadonlySet<string>; onToggle: (key: string) => void }) {
  return (
    <ul className="list-plain row overview-legend" aria-label="Show or hide a line">
      {lines.map((line) => (
        <li key={line.key}>
          <button
            type="button"
            className="button button-small overview-legend-button"
            aria-pressed={!hidden.has(line.key)}
            onClick={() => onToggle(line.key)}
          >
            <Swatch style={line.style} />
            {line.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
