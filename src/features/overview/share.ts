const percent = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 0 });

/**
 * The overview's one way of writing a share: a whole percent, in the reader's locale. A share
 * that rounds to 0% or 100% without being either says so ("<1%", ">99%").
 */
export function formatShare(part: number, whole: number): string {
  const share = whole > 0 ? part / whole : 0;
  if (share > 0 && share < 0.005) return `<${percent.format(0.01)}`;
  if (share < 1 && share >= 0.995) return `>${percent.format(0.99)}`;
  return percent.format(share);
}
