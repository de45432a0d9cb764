/**
 * The fold search applies to both the searched IDs and the query, so that `includes`/`indexOf`
 * on folded text ignores what `Intl.Collator` ignores at sensitivity "base": case (İ is i, ς is
 * σ, ß is ss), accents (é is e) and compatibility forms (ﬁ is fi, Ａ is a).
 *
 * What is promised: every character folds to text the Collator calls base-equal to it, and a
 * folded text folds to itself. So equal folds mean base-equal texts (a search never finds more
 * than the Collator would), for any text whose characters the Collator weighs one at a time (not
 * Thai ํ and า typed apart, which it reads as ำ). The other way, base-equal texts folding alike,
 * holds for case, accents, compatibility forms, decimal digits of any script and the letters
 * below; not for all the Collator knows (small kana, enclosed letters, ŀ and l stay apart).
 *
 * The Collator is the root one ("en"), not the operator's language: a Turkish one makes I and ı
 * one letter, which the ASCII fast path (plain lower-casing) could not follow.
 */

const printableAscii = /^[\x20-\x7e]*$/;

/** Whether `text` is printable ASCII, which folds by lower-casing alone. */
export function isPrintableAscii(text: string): boolean {
  return printableAscii.test(text);
}

/** Letters the Collator equates with others that Unicode does not decompose them into. */
const letters: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  ħ: "h",
  ς: "σ",
  ך: "כ",
  ם: "מ",
  ן: "נ",
  ף: "פ",
  ץ: "צ",
};
const letter = new RegExp(`[${Object.keys(letters).join("")}]`, "g");
const decimalDigit = /^\p{Nd}$/u;

let collator: Intl.Collator | undefined;
/** Each character met, folded; a team's IDs use few distinct ones, so this stays small. */
const folds = new Map<string, string>();

/** `text` with case, accents and compatibility forms folded away, for substring search. */
export function foldForSearch(text: string): string {
  // Lower-casing is the whole fold of printable ASCII: none of it decomposes or is ignorable.
  if (isPrintableAscii(text)) return text.toLowerCase();
  let folded = "";
  for (const char of text.normalize("NFC")) folded += foldChar(char);
  // Folds side by side can compose (Hangul jamo), and marks an ignored character kept apart can
  // come together and reorder: normalized again, the fold folds to itself.
  return folded.normalize("NFC");
}

function foldChar(char: string): string {
  let folded = folds.get(char);
  if (folded === undefined) {
    folds.set(char, char); // what a candidate that holds `char` itself folds it to meanwhile
    folded = firstFitting(char);
    folds.set(char, folded);
  }
  return folded;
}

/** The first candidate the Collator calls base-equal to `char` (and that is its own fold). */
function firstFitting(char: string): string {
  const compare = (collator ??= new Intl.Collator("en", { sensitivity: "base" })).compare;
  const fits = (candidate: string) => compare(char, candidate) === 0 && foldForSearch(candidate) === candidate;
  if (decimalDigit.test(char)) {
    for (const digit of "0123456789") if (fits(digit)) return digit;
  }
  // Decomposed, without what the Collator ignores alone (accents, joiners, controls).
  let bare = "";
  for (const part of char.normalize("NFKD")) if (compare(part, "") !== 0) bare += part;
  bare = bare.toLowerCase().replace(letter, (l) => letters[l]!);
  if (fits(bare)) return bare;
  // An accent the Collator does weigh (й is not и, أ is not ا): keep the letter whole.
  const compatible = char.normalize("NFKC").toLowerCase();
  if (fits(compatible)) return compatible;
  const lower = char.toLowerCase();
  return fits(lower) ? lower : char;
}
