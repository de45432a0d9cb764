const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => uuidPattern.test(value.trim());

/** What is wrong with a UUID being typed, in words; nothing while it is empty or right. */
export function uuidProblem(value: string, what: string): string | undefined {
  const text = value.trim();
  if (text === "" || isUuid(text)) return undefined;
  if (/[^0-9a-f-]/i.test(text)) return `${what} is a UUID: only the digits 0–9, the letters a–f and hyphens.`;
  return `${what} is a UUID of 36 characters, in groups of 8-4-4-4-12 (${text.length} so far).`;
}
