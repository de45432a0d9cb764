/**
 * The loaded team's users, held compactly: one entry a user in flat columns (typed arrays for
 * numbers and codes, interned strings for what repeats), appended page by page as the loader
 * receives them, and read back a row at a time as a `User` or what a CSV record reads.
 */
import type { ConnectedSource, User } from "../api/contract.ts";
import type { PageInstants, TeamPage, TeamPageUser } from "../api/team-page.ts";
import { FacetProfiles } from "./facet-profiles.ts";
import { CodeArray, growableUint32, type GrowableArray } from "./growable-array.ts";
import { InstantColumn } from "./instant-column.ts";
import { DateInterner, Interner } from "./interner.ts";
import type { FacetColumns } from "./team-facets.ts";
import { TeamIds } from "./team-ids.ts";

export type SourceInfo = ConnectedSource["source"];

/** What a CSV record reads of a row's user (export-team's `CsvUser`), its sources those the columns hold. */
export interface IndexedCsvUser extends Pick<User, "user_id" | "client_user_id" | "team_id" | "created_on"> {
  connected_sources: { source: SourceInfo }[];
  fallback_birth_date: { value: string; source_slug: string } | null;
  fallback_time_zone: { id: string; source_slug: string } | null;
}

/** What `reserve` and `trim` ask of a column. */
interface Column {
  reserve(capacity: number): void;
  trim(): void;
  release(): void;
}

export class TeamColumns {
  /** The client user IDs and user IDs, and the search over them. */
  readonly ids = new TeamIds();
  readonly teamIds = new Interner();
  readonly teamCodes = new CodeArray();
  /** Read as pages arrive: the overview counts by it. */
  readonly createdOn = new InstantColumn();
  /** Each row's place in the service's order; null while that is the row's own number (a team loaded in order). */
  #serviceOffsets: GrowableArray<Uint32Array> | null = null;

  /** Row r's connected sources are entries `sourceStarts[r]` up to `sourceStarts[r + 1]`. */
  readonly sourceStarts = growableUint32();
  #sourceInfoCodes = new CodeArray();
  readonly sourceCreatedOn = new InstantColumn();
  #sourceInfos: SourceInfo[] = [];
  /** Usually one a slug: a slug whose name or logo changed has more. */
  #sourceInfoCodesOfSlug = new Map<string, number[]>();
  #slugCodeOfSourceInfo: number[] = [];
  readonly sourceSlugCodes = new CodeArray();
  readonly slugs = new Interner();
  #slugNames: string[] = [];

  /** Where fallback values came from; kept apart from connected sources so facets list only those. */
  #provenance = new Interner();
  readonly birthDates = new DateInterner();
  /** Each row's birth date's code + 1; 0: none. */
  readonly birthDateCodes = new CodeArray();
  #birthDateSources = new CodeArray();
  #birthDateUpdatedAt = new InstantColumn();
  readonly timeZones = new Interner();
  /** Each row's time zone's code + 1; 0: none. */
  readonly timeZoneCodes = new CodeArray();
  #timeZoneSources = new CodeArray();
  #timeZoneUpdatedAt = new InstantColumn();
  /** What the facets and the overview count by: each row's sources, time zone and birth date known, interned. */
  #profiles = new FacetProfiles();
  /** A row's slug codes while it is appended (one array for all). */
  #rowSlugs: number[] = [];

  constructor() {
    this.sourceStarts.push(0);
  }

  get size(): number {
    return this.ids.rows;
  }

  /** The memory held outside the JavaScript heap and its buffers: the IDs' text, in WebAssembly's memory. */
  get outsideHeapBytes(): number {
    return this.ids.textByteLength;
  }

  /** The team of the loaded users (the first one's), for file names. */
  get teamId(): string | undefined {
    return this.size > 0 ? this.teamIds.value(this.teamCodes.at(0)) : undefined;
  }

  /** Each row's place in the service's order; null while that is the row's own number. */
  get serviceOffsets(): GrowableArray<Uint32Array> | null {
    return this.#serviceOffsets;
  }

  /**
   * Adds a page that started at `offset` in the service's order. A user already loaded (seen on
   * an earlier page because the team changed meanwhile) is kept once, where it was first seen.
   * Returns how many users were new.
   */
  addPage({ users, instants, ids }: Pick<TeamPage, "users" | "instants" | "ids">, offset: number): number {
    let added = 0;
    users.forEach((user, i) => {
      if (!this.ids.append(ids, user.client_user_id, user.user_id)) return;
      this.#append(user, instants, offset + i);
      added++;
    });
    return added;
  }

  #append(user: TeamPageUser, instants: PageInstants, serviceOffset: number): void {
    this.teamCodes.push(this.teamIds.code(user.team_id));
    this.createdOn.push(instants, user.created_on);
    const row = this.teamCodes.length - 1;
    if (this.#serviceOffsets === null && serviceOffset !== row) {
      this.#serviceOffsets = growableUint32();
      for (let earlier = 0; earlier < row; earlier++) this.#serviceOffsets.push(earlier);
    }
    this.#serviceOffsets?.push(serviceOffset);

    const slugs = this.#rowSlugs; // written by index: setting its length to 0 would free its room
    let slugCount = 0;
    for (const { created_on, source, provider } of user.connected_sources) {
      // The contract was checked: one of the two is there.
      const info = this.#sourceInfoCode((source ?? provider)!);
      this.#sourceInfoCodes.push(info);
      const slug = this.#slugCodeOfSourceInfo[info]!;
      slugs[slugCount++] = slug;
      this.sourceSlugCodes.push(slug);
      this.sourceCreatedOn.push(instants, created_on);
    }
    this.sourceStarts.push(this.#sourceInfoCodes.length);

    const birth = user.fallback_birth_date;
    const birthCode = birth ? this.birthDates.code(birth.value) + 1 : 0;
    this.birthDateCodes.push(birthCode);
    this.#birthDateSources.push(birth ? this.#provenance.code(birth.source_slug) : 0);
    if (birth) this.#birthDateUpdatedAt.push(instants, birth.updated_at);
    else this.#birthDateUpdatedAt.pushNone();
    const zone = user.fallback_time_zone;
    const zoneCode = zone ? this.timeZones.code(zone.id) + 1 : 0;
    this.timeZoneCodes.push(zoneCode);
    this.#timeZoneSources.push(zone ? this.#provenance.code(zone.source_slug) : 0);
    if (zone) this.#timeZoneUpdatedAt.push(instants, zone.updated_at);
    else this.#timeZoneUpdatedAt.pushNone();
    this.#profiles.push(slugs, slugCount, zoneCode, birthCode !== 0);
  }

  /** Sources repeat across users: each distinct {logo, name, slug} is kept once. */
  #sourceInfoCode({ logo, name, slug }: SourceInfo): number {
    const sameSlug = this.#sourceInfoCodesOfSlug.get(slug) ?? [];
    // A loop, not `find`: a closure for each connected source was a tenth of a load's garbage.
    for (const code of sameSlug) if (this.#sourceInfos[code]!.name === name && this.#sourceInfos[code]!.logo === logo) return code;
    const code = this.#sourceInfos.length;
    this.#sourceInfos.push({ logo, name, slug });
    this.#sourceInfoCodesOfSlug.set(slug, [...sameSlug, code]);
    const slugCode = this.slugs.code(slug);
    this.#slugNames[slugCode] ??= name;
    this.#slugCodeOfSourceInfo.push(slugCode);
    return code;
  }

  /** The user of a row, rebuilt with the fields of the contract (unknown fields are not kept). */
  user(row: number): User {
    const user = this.csvUser(row);
    let s = this.sourceStarts.at(row);
    return {
      ...user,
      connected_sources: user.connected_sources.map(({ source }) => ({
        created_on: this.sourceCreatedOn.text(s++),
        source: { ...source },
      })),
      fallback_birth_date: user.fallback_birth_date && { ...user.fallback_birth_date, updated_at: this.#birthDateUpdatedAt.text(row) },
      fallback_time_zone: user.fallback_time_zone && { ...user.fallback_time_zone, updated_at: this.#timeZoneUpdatedAt.text(row) },
    };
  }

  /**
   * What a CSV record reads of a row's user: no instants written out but its creation's (a
   * connection's and a fallback's are not exported), no source copied.
   */
  csvUser(row: number): IndexedCsvUser {
    const connected_sources: { source: SourceInfo }[] = [];
    for (let s = this.sourceStarts.at(row); s < this.sourceStarts.at(row + 1); s++)
      connected_sources.push({ source: this.#sourceInfos[this.#sourceInfoCodes.at(s)]! });
    const birth = this.birthDateCodes.at(row) - 1;
    const zone = this.timeZoneCodes.at(row) - 1;
    return {
      user_id: this.ids.userId(row),
      team_id: this.teamIds.value(this.teamCodes.at(row)),
      client_user_id: this.ids.clientUserId(row),
      created_on: this.createdOn.text(row),
      connected_sources,
      fallback_birth_date:
        birth < 0 ? null : { source_slug: this.#provenance.value(this.#birthDateSources.at(row)), value: this.birthDates.value(birth) },
      fallback_time_zone:
        zone < 0 ? null : { id: this.timeZones.value(zone), source_slug: this.#provenance.value(this.#timeZoneSources.at(row)) },
    };
  }

  serviceOffset(row: number): number {
    return this.#serviceOffsets ? this.#serviceOffsets.at(row) : row;
  }

  /**
   * Makes room for a team of `users` at once, its connected sources estimated from the users so
   * far: a million users then cost no copies of growing columns, nor their dead copies meanwhile.
   */
  reserve(users: number): void {
    const { ofUsers, ofSources } = this.#columns();
    ofUsers.forEach((column) => column.reserve(users));
    this.sourceStarts.reserve(users + 1);
    const sources = this.size > 0 ? Math.ceil((users * this.#sourceInfoCodes.length * 1.1) / this.size) : 0;
    ofSources.forEach((column) => column.reserve(sources));
  }

  /** Gives back the room the columns kept for growth: the load is over, or stopped for a while. */
  trim(): void {
    const { ofUsers, ofSources } = this.#columns();
    [...ofUsers, this.sourceStarts, ...ofSources].forEach((column) => column.trim());
  }

  /** Gives back at once what the columns hold in typed arrays. They must not be read again. */
  release(): void {
    const { ofUsers, ofSources } = this.#columns();
    [...ofUsers, this.sourceStarts, ...ofSources].forEach((column) => column.release());
  }

  /** The columns of a value a user and of a value a connected source, for `reserve` and `trim`. */
  #columns(): { ofUsers: Column[]; ofSources: Column[] } {
    const ofUsers: (Column | null)[] = [this.ids, this.teamCodes, this.createdOn, this.#serviceOffsets];
    ofUsers.push(this.birthDateCodes, this.#birthDateSources, this.#birthDateUpdatedAt);
    ofUsers.push(this.timeZoneCodes, this.#timeZoneSources, this.#timeZoneUpdatedAt, this.#profiles);
    return {
      ofUsers: ofUsers.filter((column) => column !== null),
      ofSources: [this.#sourceInfoCodes, this.sourceSlugCodes, this.sourceCreatedOn],
    };
  }

  /** What the facets count by. */
  facetColumns(): FacetColumns {
    return {
      rows: this.size,
      slugs: this.slugs,
      slugNames: this.#slugNames,
      timeZones: this.timeZones,
      profiles: this.#profiles.table,
      rowProfiles: this.#profiles.rows(),
      profileUsers: this.#profiles.users(),
    };
  }
}
