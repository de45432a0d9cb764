import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatCount } from "../../components/format.ts";
import { civilOf } from "../../team/zone-days.ts";

export interface Line {
  key: string;
  label: string;
  values: number[];
}

/** Lines differ by dash as well as by colour, so that colour never carries the meaning alone. */
const dashes: number[][] = [[], [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], [1, 6], [12, 6], [6, 2, 2, 2]];
export const lineCount = dashes.length;
export const lineColour = (i: number) => `var(--chart-${(i % lineCount) + 1})`;
export const lineDash = (i: number) => dashes[i % lineCount]!;

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

interface TimeChartProps {
  /** The first day of each period (day numbers). */
  days: number[];
  lines: Line[];
  /** Keys of the lines the legend hid. */
  hidden: ReadonlySet<string>;
  /** What the canvas shows, said to assistive technology (the figure's summary). */
  label: string;
  /** Periods of a month or a week: the axis says dates, not times. */
  valueName: string;
}

/** A time series on a canvas (uPlot): one line a series, sized to its container. */
export function TimeChart({ days, lines, hidden, label, valueName }: TimeChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const theme = useSyncExternalStore(subscribeTheme, themeNow);
  const [width, setWidth] = useState(0);

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
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: "12px system-ui, sans-serif" };
    const plot = new uPlot(
      {
        width,
        height: 260,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        // Counts: the axis starts at zero, so that a line's height is its number.
        scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(1, max) * 1.08] } },
        axes: [axis, { ...axis, size: 56, incrs: wholeSteps, values: (_, ticks) => ticks.map((tick) => formatCount(tick)) }],
        series: [
          { label: "Period" },
          ...lines.map((line, i) => ({
            label: line.label,
            stroke: resolveColour(element, lineColour(i)),
            width: 2,
            dash: lineDash(i),
            points: { show: days.length <= 40 },
            value: (_: uPlot, value: number | null) => (value === null ? "—" : `${formatCount(value)} ${valueName}`),
          })),
        ],
      },
      [days.map(secondsOf), ...lines.map((line) => line.values)],
      element,
    );
    chart.current = plot;
    return () => {
      plot.destroy();
      chart.current = null;
    };
  }, [days, lines, width, theme, valueName]);

  useEffect(() => {
    lines.forEach((line, i) => chart.current?.setSeries(i + 1, { show: !hidden.has(line.key) }));
  }, [days, lines, hidden, width, theme]);

  return <div ref={host} className="overview-time-chart" role="img" aria-label={label} />;
}

/** The legend: a button a line, pressed while the line shows. */
export function Legend({ lines, hidden, onToggle }: { lines: Line[]; hidden: ReadonlySet<string>; onToggle: (key: string) => void }) {
  return (
    <ul className="list-plain row overview-legend" aria-label="Show or hide a line">
      {lines.map((line, i) => (
        <li key={line.key}>
          <button
            type="button"
            className="button button-small overview-legend-button"
            aria-pressed={!hidden.has(line.key)}
            onClick={() => onToggle(line.key)}
          >
            <svg width="24" height="8" aria-hidden="true">
              <line
                x1="0"
                y1="4"
                x2="24"
                y2="4"
                style={{ stroke: lineColour(i) }}
                strokeWidth="2.5"
                strokeDasharray={lineDash(i).join(" ")}
              />
            </svg>
            {line.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
