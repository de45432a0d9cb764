/** What the page says of the limits on loading the whole team. */
import { formatCount } from "../components/format.ts";
import { indexBytesPerUser, indexMaxUsers } from "../team-engine/whole-team-limits.ts";

/** What loading `users` users will take of this tab's memory, in words: "about 30 MB". */
export function teamMemoryText(users: number): string {
  const megabytes = (users * indexBytesPerUser) / 1e6;
  return megabytes < 1 ? "under 1 MB" : `about ${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes).toLocaleString("en")} MB`;
}

/** What is said of a team too large to index, before a load and after one: it can still be exported. */
export function tooLargeText(total: number, maxUsers = indexMaxUsers): string {
  return `This team has ${formatCount(total)} users, more than the ${formatCount(maxUsers)} the browser can search in memory. It can still be exported, page after page.`;
}

const tenths = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** Pages a second as the load's bar writes them: to a tenth below 10 (a rate-limited service's pace), whole above. */
export const pagesPerSecondText = (pagesPerSecond: number) =>
  `${pagesPerSecond < 10 ? tenths.format(pagesPerSecond) : formatCount(Math.round(pagesPerSecond))} pages/s`;
