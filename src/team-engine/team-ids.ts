/**
 * The users' IDs, held once and searched where they are held: each row's client user ID and user
 * ID, folded for search (`foldForSearch`), in one flat text of bytes (`IdText`: `client\0user\0`
 * a row, searched 16 bytes at a time), so that a search is one pass over flat text instead of a
 * test per user, and the IDs cost their bytes and no object each. A page's IDs of printable
 * ASCII (`PageIds`) are copied in as bytes, lower-cased on the way: no string is made of them. An
 * ID the fold changes (capitals, accents) is also kept as sent; the user IDs are found again
 * through an open-addressing hash table of row numbers, not a Map of strings.
 */
import { release } from "../api/release-memory.ts";
import type { PageIds } from "../api/team-page.ts";
import { foldForSearch, isPrintableAscii } from "./fold-text.ts";
import { growableUint32 } from "./growable-array.ts";
import { IdText, testedAloneOf, type IdTextEngine } from "./id-text.ts";
import { KeySorter } from "./radix-sort.ts";
import { finish, rowAt, stepRows, type Ordering, type ServiceOrder } from "./team-sort.ts";

/** The rows a search matched: `matched` has a 1 for each of the `count`. */
export interface SearchMatches {
  query: string;
  matched: Uint8Array;
  count: number;
  /** The matched rows in order, when they are few (a quarter of the rows at most); else null. */
  rows: Uint32Array | null;
  /** The rows not matched in order, when they are few; else null. */
  unmatched: Uint32Array | null;
}

/** Up to this many matches, a search lists its rows. */
const fewOf = (rows: number) => rows >> 2;
/**
 * Rows worked out at a time on what follows a search: 0.4 ms after one digit in Node (a million
 * demo users), more in a browser's worker.
 */
const followsChunk = 1 << 13;
/**
 * From this many matches, their text is gathered side by side for the next keystroke, a chunk of
 * rows at a time: each row read where it lies costs a miss of the cache (about 0.4 µs in a
 * browser's worker at a million users).
 */
const gatherFrom = 1024;
const gatherChunk = 1024;
/** `clientIdPrefixes`' number of a key given as text. */
function prefixOf(key: string): number {
  let prefix = 0;
  let ended = false;
  for (let i = 0; i < 7; i++) {
    const unit: number = ended ? 0 : Math.min(0x7f, key.charCodeAt(i) || 0); // past the key's end: NaN
    ended = unit === 0 || unit === 0x7f;
    prefix = prefix * 0x80 + unit;
  }
  return prefix;
}

/**
 * Up to this many candidates, a search that narrows another tests each alone rather than scanning
 * the whole text (see `testedAloneOf`). Without the module, a quarter of the rows.
 */
const candidatesAtMost = (rows: number, text: IdText) => (text.compiled ? testedAloneOf(rows) : fewOf(rows));

export class TeamIds {
  #text: IdText;
  /** Where each row's text starts. */
  #rowStarts = growableUint32();
  /** IDs as sent, where the fold changed them: row → ID. */
  #sentClientIds = new Map<number, string>();
  #sentUserIds = new Map<number, string>();
  /** The rows whose client user ID is not printable ASCII, in order: the sort ranks them apart. */
  #otherClientRows: number[] = [];
  /**
   * Row + 1 in the slot of its user ID's hash (0: empty), at most half full, with the hash's top
   * byte above it (`entryOf`): a probe passes over another ID without reading its text. Given back
   * at the end of a load and of an export's lookups (8 bytes a user), and made again when a row is
   * next looked up or appended.
   */
  #slots: Uint32Array | null = null;

  constructor(engine?: IdTextEngine) {
    this.#text = new IdText(engine);
  }

  get rows(): number {
    return this.#rowStarts.length;
  }

  /** The memory the IDs' text takes outside the JavaScript heap (the search module's), room included. */
  get textByteLength(): number {
    return this.#text.compiled ? this.#text.byteLength : 0;
  }

  /** The row of a user ID, if it was appended. */
  rowOf(userId: string): number | undefined {
    const slots = this.#table(this.rows);
    const entry = slots[this.#slotOf(slots, hash(userId), (row) => this.#userIdIs(row, userId))]!;
    return entry === 0 ? undefined : (entry & rowMask) - 1;
  }

  /**
   * Appends a row of IDs of a page (`client` and `user`, their places in `ids`), unless its user
   * ID is already here; returns whether it was appended.
   */
  append(ids: PageIds, client: number, user: number): boolean {
    const slots = this.#table(this.rows + 1);
    const userIdHash = ids.isPlain(user) ? hashBytes(ids.bytes, ids.start(user), ids.end(user)) : hash(ids.text(user));
    const slot = this.#slotOf(slots, userIdHash, (row) => this.#userIdIsAt(row, ids, user)); // one probe finds a duplicate, or the new row's place
    if (slots[slot] !== 0) return false;
    const row = this.rows;
    if (row >= rowMask) throw new RangeError(`A team index holds at most ${rowMask.toLocaleString("en")} users`);
    this.#rowStarts.push(
      ids.isPlain(client) && ids.isPlain(user)
        ? this.#appendPlain(row, ids, client, user)
        : this.#appendText(row, ids.text(client), ids.text(user)),
    );
    slots[slot] = entryOf(row, userIdHash);
    return true;
  }

  /** Appends the text of a row whose IDs are printable ASCII: their fold is their bytes lower-cased, copied. */
  #appendPlain(row: number, ids: PageIds, client: number, user: number): number {
    const bytes = ids.bytes;
    if (hasCapital(bytes, ids.start(client), ids.end(client))) this.#sentClientIds.set(row, ids.text(client));
    if (hasCapital(bytes, ids.start(user), ids.end(user))) this.#sentUserIds.set(row, ids.text(user));
    return this.#text.appendLowered(bytes, ids.start(client), ids.end(client), ids.start(user), ids.end(user));
  }

  /** Appends the text of a row from its IDs' text, folded. */
  #appendText(row: number, clientUserId: string, userId: string): number {
    const client = foldForSearch(clientUserId);
    const id = foldForSearch(userId);
    if (client !== clientUserId) this.#sentClientIds.set(row, clientUserId);
    if (!isPrintableAscii(clientUserId)) this.#otherClientRows.push(row);
    if (id !== userId) this.#sentUserIds.set(row, userId);
    return this.#text.appendRow(client, id);
  }

  /** Makes room for `rows` rows at once. */
  reserve(rows: number): void {
    this.#rowStarts.reserve(rows);
    this.#text.reserve(rows - this.rows);
    this.#table(rows);
  }

  /** Gives back the room kept for growth, and the user IDs' hash table. */
  trim(): void {
    this.#rowStarts.trim();
    this.#text.trim();
    this.#dropTable();
  }

  /** Gives back the user IDs' hash table, as at a trim: the lookups of an export are over. */
  dropLookups(): void {
    this.#dropTable();
  }

  /** Gives the IDs' memory back at once (the text to the collector); they must not be read again. */
  release(): void {
    this.#rowStarts.release();
    this.#dropTable();
    this.#text.release();
  }

  #dropTable(): void {
    if (this.#slots) release(this.#slots);
    this.#slots = null;
  }

  clientUserId(row: number): string {
    return this.#sentClientIds.get(row) ?? this.#field(row, 0);
  }

  userId(row: number): string {
    return this.#sentUserIds.get(row) ?? this.#field(row, 1);
  }

  /**
   * Marks the rows whose client user ID or user ID contains `query` (not empty), both folded.
   * `earlier`, a search this one extends (typing on), may narrow the search to the rows it matched;
   * `into`, a byte a row and not the earlier search's, is where the rows are marked. `prepareNext`:
   * whether what follows it in each row is then worked out in idle time (not for a warm-up's search).
   */
  matches(
    query: string,
    earlier?: SearchMatches,
    into: Uint8Array = new Uint8Array(this.rows),
    { prepareNext = true }: { prepareNext?: boolean } = {},
  ): SearchMatches {
    const needle = foldForSearch(query);
    // Only what the Collator ignores (a zero-width space, a lone accent): every ID holds that.
    if (needle === "") return { query, matched: into.fill(1), count: this.rows, rows: null, unmatched: new Uint32Array(0) };
    const bytes = IdText.encode(needle);
    // A row holding the longer text holds the shorter one: only the earlier matches can match.
    const narrows = earlier && earlier.matched.length === this.rows && needle.includes(foldForSearch(earlier.query));
    const few = narrows && earlier.rows && earlier.rows.length <= candidatesAtMost(this.rows, this.#text) ? earlier.rows : null;
    const found = few
      ? this.#text.scanEach(bytes, few, this.#rowStarts.view(), into, fewOf(this.rows))
      : this.#text.scan(bytes, this.#rowStarts.view(), into, fewOf(this.rows));
    // The next keystroke would scan the text again: what it can ask is worked out in the idle time.
    if (prepareNext && found.count > candidatesAtMost(this.rows, this.#text)) this.#text.prepareFollows(bytes);
    else if (prepareNext && found.rows && found.rows.length >= gatherFrom) this.#text.prepareGathered(found.rows);
    return { query, matched: into, ...found };
  }

  /**
   * Works on what the next keystroke may ask (which characters follow the last search in each
   * row, or its few rows' text gathered) for about `budgetMs`, in the idle time after a view; true
   * once there is nothing left to do.
   */
  stepIdle(budgetMs: number): boolean {
    const starts = this.#rowStarts.view();
    const until = performance.now() + budgetMs;
    while (!(this.#text.stepFollows(starts, followsChunk) && this.#text.stepGather(starts, gatherChunk)))
      if (performance.now() >= until) return false;
    return true;
  }

  /** How two rows' client user IDs compare, lower-cased, by UTF-16 code units: as `clientIdOrdering` orders them. */
  compareClientIds(a: number, b: number): number {
    if (this.#otherClientRows.length > 0 && (this.#isOther(a) || this.#isOther(b))) {
      const [keyA, keyB] = [this.#clientKey(a), this.#clientKey(b)];
      return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
    }
    // Printable ASCII: the folded text is the ID lower-cased, compared where it lies, up to its 0.
    const bytes = this.#text.bytes;
    const startA = this.#rowStarts.at(a);
    const startB = this.#rowStarts.at(b);
    for (let i = 0; ; i++) {
      const x = bytes[startA + i]!;
      const y = bytes[startB + i]!;
      if (x !== y || x === 0) return x - y;
    }
  }

  /**
   * A reader of a number that orders rows as `compareClientIds` does, from the first seven code
   * units of the lower-cased ID, 7 bits each (0 past its end): rows whose IDs share those may
   * differ further. A unit above printable ASCII counts as 127 and ends the prefix, so that such
   * IDs tie, not invert. Read where the IDs lie, for every row a sort picks from; valid until the
   * text grows (an append, a reservation, a search).
   */
  clientIdPrefixes(): (row: number) => number {
    const bytes = this.#text.bytes;
    const starts = this.#rowStarts.view();
    const anyOther = this.#otherClientRows.length > 0;
    return (row) => {
      if (anyOther && this.#isOther(row)) return prefixOf(this.#otherKey(row));
      // A printable ASCII ID, its own key: only its end (a zero byte) ends the prefix.
      const start = starts[row]!;
      let prefix = 0;
      let i = 0;
      for (let byte = bytes[start]!; i < 7 && byte !== 0; byte = bytes[start + ++i]!) prefix = prefix * 0x80 + byte;
      for (; i < 7; i++) prefix *= 0x80;
      return prefix;
    };
  }

  #isOther(row: number): boolean {
    const others = this.#otherClientRows; // ascending
    let [low, high] = [0, others.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (others[middle] === row) return true;
      if (others[middle]! < row) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  /** A row's client user ID lower-cased: the key the sort compares. */
  #clientKey(row: number): string {
    return this.#isOther(row) ? this.#otherKey(row) : this.#field(row, 0);
  }

  /** The sort's key of a client user ID that is not printable ASCII: the ID as sent, lower-cased. */
  #otherKey(row: number): string {
    return this.clientUserId(row).toLowerCase();
  }

  /**
   * Both orders of the rows by client user ID, lower-cased; equal IDs in `serviceOrder` (the rows
   * in the service's order) either way. A printable ASCII ID is its own fold lower-cased, so those
   * rows, taken in the service's order, are sorted where their IDs lie, in the pages' text, by a
   * stable radix sort on their characters: no string a row. The few others are sorted by their
   * lower-cased text and merged in. The descending order is the ascending one's runs of equal IDs,
   * last run first.
   */
  clientIdOrdering(serviceOrder: ServiceOrder): Ordering {
    return finish(this.clientIdOrderingSteps(serviceOrder, Infinity));
  }

  /**
   * `clientIdOrdering` in steps: of `stepRows` rows, or of about `stepMs` in the sort itself. To be
   * made in idle time; the team must not change while it runs.
   */
  *clientIdOrderingSteps(serviceOrder: ServiceOrder, stepMs: number): Generator<void, Ordering> {
    const rows = this.rows;
    const isOther = new Uint8Array(this.#otherClientRows.length > 0 ? rows : 0);
    for (const row of this.#otherClientRows) isOther[row] = 1;
    const sorter = new KeySorter(rows - this.#otherClientRows.length);
    /** The arrays made on the way, given back if it stops midway. */
    let groupEnds: Uint32Array | undefined;
    let ascending: Uint32Array | undefined;
    let descending: Uint32Array | undefined;
    let made = false;
    try {
      const others: { row: number; key: string }[] = [];
      let plain = 0;
      for (let place = 0; place < rows; place++) {
        const row = rowAt(serviceOrder, place);
        if (isOther[row] === 1) others.push({ row, key: this.#otherKey(row) });
        else sorter.items[plain++] = row;
        if (place % stepRows === stepRows - 1) yield;
      }
      /** Where each run of equal IDs ends in `order`. */
      groupEnds = yield* sortingByKeys(sorter, plain, this.#text, this.#rowStarts.view(), stepMs);
      sorter.release();
      release(isOther);
      const order = sorter.items;
      others.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)); // stable: equals stay in the service's order

      // Without other rows to merge (the usual case), the sorted rows are the ascending order.
      let runEnds: ArrayLike<number>;
      [ascending, runEnds] = others.length === 0 ? [order, groupEnds] : this.#mergeOthers(order, groupEnds, others, serviceOrder);
      if (ascending !== order) release(order);

      descending = new Uint32Array(rows);
      let written = 0;
      for (let run = runEnds.length - 1, due = stepRows; run >= 0; run--) {
        for (let position = run > 0 ? runEnds[run - 1]! : 0; position < runEnds[run]!; position++)
          descending[written++] = ascending[position]!;
        if (written >= due) {
          due = written + stepRows;
          yield;
        }
      }
      release(groupEnds);
      made = true;
      return { ascending, descending };
    } finally {
      // Stopped midway (`abandon`): the sort's arrays go at once, not at the collector's next full pass.
      if (!made) {
        sorter.release();
        release(...[sorter.items, isOther, groupEnds, ascending, descending].filter((array) => array !== undefined));
      }
    }
  }

  /**
   * The rows sorted by printable ASCII ID (`order`, whose runs of equal IDs end at `groupEnds`)
   * merged with the other rows sorted by lower-cased ID: the ascending order and where its runs end.
   */
  #mergeOthers(
    order: Uint32Array,
    groupEnds: Uint32Array,
    others: readonly { row: number; key: string }[],
    serviceOrder: ServiceOrder,
  ): [Uint32Array, ArrayLike<number>] {
    const rows = this.rows;
    const ascending = new Uint32Array(rows);
    let written = 0;
    /** Where each run of equal IDs ends in `ascending`. */
    const runEnds: number[] = [];
    let other = 0;
    /** Writes the other rows whose keys come before `below` (all that are left: undefined), a run a key. */
    const writeOthers = (below: string | undefined) => {
      while (other < others.length && (below === undefined || others[other]!.key < below)) {
        const key = others[other]!.key;
        for (; other < others.length && others[other]!.key === key; other++) ascending[written++] = others[other]!.row;
        runEnds.push(written);
      }
    };
    let placeOf: Uint32Array | undefined;
    let groupStart = 0;
    for (let group = 0; group < groupEnds.length; group++) {
      const groupEnd = groupEnds[group]!;
      // Only while other rows are left to merge is a group's key read out.
      const key = other < others.length ? this.#field(order[groupStart]!, 0) : undefined;
      if (key !== undefined) writeOthers(key);
      if (key !== undefined && others[other]?.key === key) {
        // An ID that is not ASCII but lower-cases to this one (a Kelvin sign): one run, in the service's order.
        const tied = Array.from(order.subarray(groupStart, groupEnd));
        for (; other < others.length && others[other]!.key === key; other++) tied.push(others[other]!.row);
        if (!placeOf) {
          placeOf = new Uint32Array(rows);
          for (let place = 0; place < rows; place++) placeOf[rowAt(serviceOrder, place)] = place;
        }
        for (const row of tied.sort((a, b) => placeOf![a]! - placeOf![b]!)) ascending[written++] = row;
      } else {
        for (let position = groupStart; position < groupEnd; position++) ascending[written++] = order[position]!;
      }
      runEnds.push(written);
      groupStart = groupEnd;
    }
    writeOthers(undefined);
    if (placeOf) release(placeOf);
    return [ascending, runEnds];
  }

  /** The folded text of a row's field (0: client user ID, 1: user ID). */
  #field(row: number, field: 0 | 1): string {
    const start = this.#rowStarts.at(row);
    const clientEnd = this.#text.zeroAfter(start);
    return field === 0 ? this.#text.text(start, clientEnd) : this.#text.text(clientEnd + 1, this.#text.zeroAfter(clientEnd + 1));
  }

  /** Whether a row's user ID is `userId`, read where its text lies: no string made. */
  #userIdIs(row: number, userId: string): boolean {
    const sent = this.#sentUserIds.get(row);
    return sent === undefined ? this.#text.holdsAt(this.#userIdStart(row), userId) : sent === userId;
  }

  /** Whether a row's user ID is the ID at `place` in `ids`: bytes compared with bytes, when both are plain. */
  #userIdIsAt(row: number, ids: PageIds, place: number): boolean {
    if (!ids.isPlain(place) || this.#sentUserIds.has(row)) return this.#userIdIs(row, ids.text(place));
    // The row's text is its ID as sent (the fold left it): printable ASCII, compared byte for byte.
    const bytes = this.#text.bytes;
    const from = ids.bytes;
    const start = ids.start(place);
    const length = ids.end(place) - start;
    const at = this.#userIdStart(row);
    for (let i = 0; i < length; i++) if (bytes[at + i] !== from[start + i]) return false;
    return bytes[at + length] === 0;
  }

  /** `hash` of a row's user ID, read where its text lies. */
  #userIdHash(row: number): number {
    const sent = this.#sentUserIds.get(row);
    if (sent !== undefined) return hash(sent);
    const bytes = this.#text.bytes;
    let h = 0x811c9dc5;
    for (let at = this.#userIdStart(row), byte = 0; (byte = bytes[at]!) !== 0; at++) {
      if (byte >= 0x80) return hash(this.#field(row, 1)); // a code unit is not a byte
      h = Math.imul(h ^ byte, 0x01000193);
    }
    return h >>> 0;
  }

  #userIdStart(row: number): number {
    return this.#text.zeroAfter(this.#rowStarts.at(row)) + 1;
  }

  /** The slot of `slots` holding the user ID whose hash is `userIdHash` (`isRow` tells its row), or else the empty slot where it belongs. */
  #slotOf(slots: Uint32Array, userIdHash: number, isRow: (row: number) => boolean): number {
    const mask = slots.length - 1;
    let slot = userIdHash & mask;
    for (let entry = slots[slot]!; entry !== 0; entry = slots[(slot = (slot + 1) & mask)]!) {
      // Another ID's hash most often differs in its top byte: its text is read only when it does not.
      if (((entry ^ userIdHash) & ~rowMask) === 0 && isRow((entry & rowMask) - 1)) break;
    }
    return slot;
  }

  /** The hash table, with room for `rows` rows; made again from every row when it has not (given back, or too small). */
  #table(atLeast: number): Uint32Array {
    const rows = Math.max(atLeast, this.rows);
    if (this.#slots && rows * 2 <= this.#slots.length) return this.#slots;
    let size = this.#slots?.length ?? 1 << 12;
    while (rows * 2 > size) size *= 2;
    this.#dropTable();
    const slots = new Uint32Array(size);
    const mask = size - 1;
    for (let row = 0; row < this.rows; row++) {
      const userIdHash = this.#userIdHash(row);
      let slot = userIdHash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entryOf(row, userIdHash);
    }
    return (this.#slots = slots);
  }
}

/** Below this many rows a range is sorted by comparing keys rather than by counting. */
const fewRows = 32;

/**
 * Sorts the first `count` of `sorter.items` (rows) by printable ASCII keys, each in `text` from
 * its row's start up to a 0, and returns where each group of equal keys ends. Most significant
 * first, four characters at a time: each row's next four, a byte each (0 after the key's end), are
 * its 32-bit key in the sorter; rows whose four are equal and whose keys go on are sorted four
 * characters further. It yields between its parts (a range's keys read, each pass of a range
 * sorted) once `stepMs` have passed since the last step.
 */
function* sortingByKeys(sorter: KeySorter, count: number, text: IdText, starts: Uint32Array, stepMs: number): Generator<void, Uint32Array> {
  const { items, keys } = sorter;
  let bytes = text.bytes;
  let stepStart = performance.now();
  /** A step ends here once `stepMs` have passed since the last. */
  const due = function* () {
    if (performance.now() - stepStart < stepMs) return;
    yield;
    bytes = text.bytes; // a search in between may have grown the text's memory, and moved it
    stepStart = performance.now();
  };
  const ends = new Uint32Array(count);
  let groups = 0;

  const sortFew = (from: number, to: number, depth: number) => {
    const compare = (a: number, b: number) => {
      const startA = starts[a]! + depth;
      const startB = starts[b]! + depth;
      for (let d = 0; ; d++) {
        const x = bytes[startA + d]!;
        const y = bytes[startB + d]!;
        if (x !== y || x === 0) return x - y;
      }
    };
    for (let i = from + 1; i < to; i++) {
      const row = items[i]!;
      let j = i;
      for (; j > from && compare(items[j - 1]!, row) > 0; j--) items[j] = items[j - 1]!;
      items[j] = row;
    }
    for (let i = from + 1; i <= to; i++) if (i === to || compare(items[i - 1]!, items[i]!) !== 0) ends[groups++] = i;
  };

  const sort = function* (from: number, to: number, depth: number): Generator<void, void> {
    if (to - from <= fewRows) return sortFew(from, to, depth);
    for (let chunk = from; chunk < to; chunk += stepRows) {
      for (let i = chunk, end = Math.min(to, chunk + stepRows); i < end; i++) keys[i] = readFour(bytes, starts[items[i]!]! + depth);
      yield* due();
    }
    for (const _ of sorter.sortSteps(from, to)) yield* due();
    for (let start = from; start < to;) {
      const key = keys[start]!;
      let end = start + 1;
      while (end < to && keys[end] === key) end++;
      // A key that ended within these four characters has a 0 last: the run's keys are equal.
      if (end - start === 1 || (key & 0xff) === 0) ends[groups++] = end;
      else yield* sort(start, end, depth + 4);
      start = end;
    }
  };

  let sorted = false;
  try {
    yield* sort(0, count, 0);
    sorted = true;
  } finally {
    if (!sorted) release(ends); // stopped midway (`abandon`)
  }
  if (groups === count) return ends; // every ID distinct (the usual case): nothing to cut
  const exact = ends.slice(0, groups);
  release(ends);
  return exact;
}

/** The four bytes from `at` as a word, the first highest, and 0 from a 0 on (the key's end). */
function readFour(bytes: Uint8Array, at: number): number {
  let word = 0;
  for (let k = 0, char = 0; k < 4 && (char = bytes[at + k]!) !== 0; k++) word |= char << (24 - 8 * k);
  return word >>> 0;
}

/** The hash table's row + 1 is an entry's low 24 bits: 16,777,215 rows, far more than a tab holds. */
const rowMask = 0xff_ffff;
/** A row's entry in the hash table: row + 1, under the top byte of its user ID's hash. */
const entryOf = (row: number, userIdHash: number) => ((userIdHash & ~rowMask) | (row + 1)) >>> 0;

/** FNV-1a over the UTF-16 code units. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `hash` of text of ASCII held as bytes, `start` to `end`: a byte is a code unit. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** Whether bytes of ASCII, `start` to `end`, hold a capital letter: the fold changes them. */
function hasCapital(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i]! >= 65 && bytes[i]! <= 90) return true;
  return false;
}
