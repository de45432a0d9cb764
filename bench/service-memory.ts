/** A spawned process's memory, read from Linux's /proc (undefined elsewhere). */
import { readFileSync } from "node:fs";

/** The resident set of process `pid` in bytes: what it holds in RAM now (`VmRSS`) and at its peak (`VmHWM`). */
export function residentMemory(pid: number): { bytes: number; peakBytes: number } | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) * 1024;
  return { bytes: kB("VmRSS"), peakBytes: kB("VmHWM") };
}
