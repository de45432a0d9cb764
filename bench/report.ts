/** The bench's table: each figure of the dashboard beside its baseline, as a ratio, with its target. */
import { cpus, loadavg, release, totalmem, type } from "node:os";

export interface ReportRow {
  figure: string;
  dashboard: number | null;
  baseline: number | null;
  unit: string;
  /** Met when the figure's check passes; null when the figure has no target. */
  target: { text: string; met: boolean } | null;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The dashboard has no long frames in every run where the baseline had none either: on a busy
 * machine both get long frames that neither caused, and those runs say nothing.
 */
export function noLongFramesOfItsOwn({ dashboard, baseline }: { dashboard: number[]; baseline: number[] }): boolean {
  const calmRuns = baseline.flatMap((frames, run) => (frames === 0 ? [run] : []));
  return calmRuns.length > 0 && calmRuns.every((run) => dashboard[run] === 0);
}

/** dashboard ÷ baseline, or null when either is missing or the baseline is 0. */
export const ratioOf = ({ dashboard, baseline }: Pick<ReportRow, "dashboard" | "baseline">): number | null =>
  dashboard === null || baseline === null || baseline === 0 ? null : dashboard / baseline;

function formatValue(value: number | null, unit: string): string {
  if (value === null) return "not measured";
  const digits = Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${unit}`.trim();
}

/** A Markdown table with padded columns: readable in a terminal, and pasted as is in the README. */
export function formatTable(rows: ReportRow[]): string {
  const header = ["figure", "dashboard", "baseline", "ratio", "target", "met?"];
  const cells = rows.map((row) => {
    const ratio = ratioOf(row);
    return [
      row.figure,
      formatValue(row.dashboard, row.unit),
      formatValue(row.baseline, row.unit),
      ratio === null ? "—" : `${ratio.toFixed(2)}×`,
      row.target?.text ?? "—",
      row.target ? (row.target.met ? "yes" : "no") : "—",
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(" | ")} |`;
  return [line(header), `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`, ...cells.map(line)].join("\n");
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  os: string;
  node: string;
  chromium: string;
  /** The 1-minute load average when the bench started and when it ended: other work skews the times. */
  loadAverage: { start: number; end: number };
}

/** The 1-minute load average now. */
export const loadNow = () => Math.round((loadavg()[0] ?? 0) * 10) / 10;

export function describeMachine(chromium: string, loadAtStart: number): Machine {
  return {
    cpu: cpus()[0]?.model ?? "unknown CPU",
    cores: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.version,
    chromium,
    loadAverage: { start: loadAtStart, end: loadNow() },
  };
}

export const machineLine = (m: Machine) =>
  `${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB; ${m.os}; Node ${m.node}; Chromium ${m.chromium} (headless); ` +
  `load average ${m.loadAverage.start} at the start, ${m.loadAverage.end} at the end`;
