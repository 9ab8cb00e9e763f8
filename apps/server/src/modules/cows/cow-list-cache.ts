import { createHash } from 'node:crypto';
import { brotliCompress, constants } from 'node:zlib';
import type { Queryable } from '../../db/database';
import { deflatePiece, gzipOfPieces } from '../../http/gzip-pieces';
import { databaseNow, readStampedCows, recentChanges, type StampedCow } from './cow-list-repository';
import { presentCow } from './cow-presenter';

// getCowsData for a large herd (issue 39): reading and presenting 10,000 cows took some 350 ms a call. Each
// farm's answer is kept ready here, serialized and gzipped in pieces, and brought up to date on every call by
// re-reading only the cows written since the last look (the `list_changed_at` stamp every write to a cow
// gets, whatever path made it: ingest, detection, records, jobs, support). The ETag names the content, so the
// spec's 30-minute refresh answers 304 when no cow changed.

/**
 * How far back each look reaches beyond the last: longer than the transactions that write cows (ingest and
 * detection commit within a second). A write committed later than this after its stamp is caught by the
 * periodic re-read below.
 */
const SLACK_SECONDS = 60;
/** A kept list is read whole again in the background this long after it was read whole. */
const REREAD_MS = 10 * 60_000;
/** Cows per piece: a reading changes one piece, recompressed alone (about 180 KB raw). */
const PIECE_COWS = 250;
/**
 * A farm nobody asked about for this long is dropped; its next call reads it whole again. Longer than the
 * spec's 30-minute refresh, so a farmer who only leaves the list open is never read whole again.
 */
const IDLE_MS = 45 * 60_000;
/**
 * Kept lists catch up this often between calls: a 10,000-cow farm's cows all report within 10 minutes, so a
 * list caught up only when asked would re-read the whole herd at every 30-minute refresh.
 */
const CATCH_UP_EVERY_MS = 10_000;
/** At most this many cows kept ready in all (about 2 KB each with their pieces): the least recently used farms go. */
const MAX_COWS = 200_000;

const PREFIX = Buffer.from('{"success":true,"data":[');
const SUFFIX = Buffer.from(']}');

interface ListedCow {
  id: number;
  code: string;
  /** The code's number without leading zeros: the list is in number order (C2 before C10). */
  number: string;
  changedAt: string;
  json: string;
}

interface Piece {
  ids: string;
  raw: Buffer;
  deflated: Buffer | undefined;
}

/**
 * One version of a farm's list: its ETag, and its bytes plain or gzipped, each made on first use; brotli
 * (half gzip's size) is made off the event loop when first asked for, and answered once it is there.
 */
export interface CowListAnswer {
  etag: string;
  raw: () => Buffer;
  gzip: () => Buffer;
  brotliIfReady: () => Buffer | undefined;
}

/** As the database orders them: by the number after the code's letter, then by the code (C7 before C007). */
const inListOrder = (a: ListedCow, b: ListedCow): number =>
  a.number.length - b.number.length ||
  (a.number < b.number ? -1 : a.number > b.number ? 1 : 0) ||
  (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** 64 bits of the cow's identity at this stamp; the farm's are combined by XOR, so a change swaps one in. */
const stampHash = (id: number, changedAt: string): bigint =>
  createHash('sha256').update(`${id}@${changedAt}`).digest().readBigUInt64BE(0);

/** Quality 5: within a few per cent of the best on this JSON, at a fifth of its time (~100 ms for 7 MB). */
const brotliInBackground = (raw: Buffer): Promise<Buffer | undefined> =>
  new Promise((resolve) => {
    brotliCompress(
      raw,
      { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } },
      (error, bytes) => resolve(error ? undefined : bytes),
    );
  });

const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

class FarmCowList {
  readonly cows = new Map<number, ListedCow>();
  ordered: ListedCow[] = [];
  pieces: Piece[] = [];
  contentHash = 0n;
  watermark = '';
  usedAt = Date.now();
  readWholeAt: number;
  /** The background re-read under way, if any. */
  rereading: Promise<void> | undefined;
  answer: CowListAnswer | undefined;
  /** A look that has not started yet: callers arriving now join it, as it will see what they committed. */
  nextLook: Promise<void> | undefined;
  currentLook: Promise<void> = Promise.resolve();

  constructor(
    readonly farmId: number,
    readonly day: string,
    now: Date,
  ) {
    this.readWholeAt = now.getTime();
  }

  /** Replaces everything kept with the farm read whole. */
  fill(rows: readonly StampedCow[], now: Date): void {
    this.cows.clear();
    this.ordered = [];
    this.pieces = [];
    this.contentHash = 0n;
    const { changed } = this.take(rows, now);
    this.layOut(true, changed);
    this.readWholeAt = now.getTime();
  }

  /** Puts the cows' new rows in; answers whether the order may have changed. */
  take(rows: readonly StampedCow[], today: Date): { reordered: boolean; changed: Set<number> } {
    let reordered = false;
    const changed = new Set<number>();
    for (const row of rows) {
      const before = this.cows.get(row.id);
      if (before) this.contentHash ^= stampHash(before.id, before.changedAt);
      const listed: ListedCow = {
        id: row.id,
        code: row.code,
        number: row.code.slice(1).replace(/^0+(?=\d)/, ''),
        changedAt: row.changedAt,
        json: JSON.stringify(presentCow(row, today)),
      };
      this.cows.set(row.id, listed);
      this.contentHash ^= stampHash(listed.id, listed.changedAt);
      if (!before || before.code !== listed.code) reordered = true;
      changed.add(row.id);
    }
    return { reordered, changed };
  }

  /** Rebuilds the pieces whose cows changed or moved; the others keep their bytes and deflated bytes. */
  layOut(reordered: boolean, changed: ReadonlySet<number>): void {
    if (reordered) this.ordered = [...this.cows.values()].sort(inListOrder);
    else this.ordered = this.ordered.map((cow) => this.cows.get(cow.id) ?? cow);
    const pieces: Piece[] = [];
    for (let start = 0; start < this.ordered.length; start += PIECE_COWS) {
      const cows = this.ordered.slice(start, start + PIECE_COWS);
      const ids = cows.map((cow) => cow.id).join(',');
      const index = start / PIECE_COWS;
      const kept = this.pieces[index];
      if (kept && kept.ids === ids && !cows.some((cow) => changed.has(cow.id))) {
        pieces.push(kept);
        continue;
      }
      const text = cows.map((cow) => cow.json).join(',');
      pieces.push({ ids, raw: Buffer.from(index === 0 ? text : `,${text}`), deflated: undefined });
    }
    this.pieces = pieces;
    this.answer = undefined;
  }

  answerNow(): CowListAnswer {
    if (this.answer) return this.answer;
    const etag = `W/"cows-${this.farmId}-${this.day}-${this.cows.size}-${this.contentHash.toString(36)}"`;
    const pieces = this.pieces;
    let raw: Buffer | undefined;
    let gzip: Buffer | undefined;
    let brotli: Buffer | undefined;
    let brotliStarted = false;
    const answer: CowListAnswer = {
      etag,
      raw: () => {
        raw ??= Buffer.concat([PREFIX, ...pieces.map((piece) => piece.raw), SUFFIX]);
        return raw;
      },
      brotliIfReady: () => {
        if (!brotliStarted) {
          brotliStarted = true;
          void brotliInBackground(answer.raw()).then((bytes) => (brotli = bytes));
        }
        return brotli;
      },
      gzip: () => {
        gzip ??= gzipOfPieces([
          { raw: PREFIX, deflated: deflatePiece(PREFIX) },
          ...pieces.map((piece) => ({
            raw: piece.raw,
            deflated: (piece.deflated ??= deflatePiece(piece.raw)),
          })),
          { raw: SUFFIX, deflated: deflatePiece(SUFFIX) },
        ]);
        return gzip;
      },
    };
    this.answer = answer;
    return answer;
  }
}

/** Each farm's getCowsData answer, kept ready and brought up to date from the database on every call. */
export class CowListCache {
  private readonly farms = new Map<number, FarmCowList>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly catchUpEveryMs = CATCH_UP_EVERY_MS,
  ) {}

  /** The farm's list as kept now, without asking the database (what the background catch-up made). */
  kept(farmId: number): CowListAnswer | undefined {
    return this.farms.get(farmId)?.answerNow();
  }

  /** Catches the kept lists up every few seconds, so a call finds only the last seconds' changes to read. */
  start(): void {
    this.timer ??= setInterval(() => void this.catchUpAll(), this.catchUpEveryMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One after another: on PGlite's single connection, requests wait behind each statement. */
  private async catchUpAll(): Promise<void> {
    const now = new Date();
    this.dropIdle(now.getTime());
    for (const list of [...this.farms.values()]) {
      if (list.day !== utcDay(now)) continue; // the next call reads it whole anyway
      await this.look(list, now).catch(() => undefined); // a failed look is tried again next time
      // the changed pieces compressed now, not on the call (a whole herd's pieces take ~80 ms)
      list.answerNow().gzip();
    }
  }

  /** The farm's list as of this call: every cow write committed before it is in. */
  async read(farmId: number, now = new Date()): Promise<CowListAnswer> {
    this.dropIdle(now.getTime());
    let list = this.farms.get(farmId);
    if (!list || list.day !== utcDay(now)) {
      // a new day changes every cow's age in months: read the farm whole
      list = await this.build(farmId, now);
    } else {
      await this.look(list, now);
      this.rereadInBackground(list, now);
    }
    // most recently used last, so the first ones are the ones to drop
    this.farms.delete(farmId);
    this.farms.set(farmId, list);
    list.usedAt = now.getTime();
    this.keepWithinBounds();
    return list.answerNow();
  }

  private async build(farmId: number, now: Date): Promise<FarmCowList> {
    const list = new FarmCowList(farmId, utcDay(now), now);
    list.watermark = await databaseNow(this.db);
    list.fill(await readStampedCows(this.db, farmId), now);
    return list;
  }

  /**
   * The safety net under the slack: every so often the farm is read whole, off the caller's path, and
   * replaces the kept list if it is still the farm's (looks go on from its own watermark).
   */
  private rereadInBackground(list: FarmCowList, now: Date): void {
    if (list.rereading || now.getTime() - list.readWholeAt < REREAD_MS) return;
    list.rereading = this.build(list.farmId, now)
      .then((fresh) => {
        if (this.farms.get(list.farmId) === list) this.farms.set(list.farmId, fresh);
      })
      .catch(() => {
        list.readWholeAt = now.getTime(); // tried: the next try comes after the same wait
      })
      .finally(() => {
        list.rereading = undefined;
      });
  }

  /** Joins a look that has not started, or queues one after the running one. */
  private look(list: FarmCowList, now: Date): Promise<void> {
    list.nextLook ??= list.currentLook
      .catch(() => undefined)
      .then(() => {
        list.nextLook = undefined;
        list.currentLook = this.catchUp(list, now);
        return list.currentLook;
      });
    return list.nextLook;
  }

  /**
   * Re-reads the cows stamped since the last look (and its slack) whose stamp is not the one kept; a farm
   * with fewer cows than kept lost some (deleted rows leave no stamp) and is read whole.
   */
  private async catchUp(list: FarmCowList, now: Date): Promise<void> {
    const {
      now: watermark,
      total,
      stamps,
    } = await recentChanges(this.db, list.farmId, list.watermark, SLACK_SECONDS);
    const stale = stamps.filter((stamp) => list.cows.get(stamp.id)?.changedAt !== stamp.changedAt);
    if (stale.length > 0) {
      const rows = await readStampedCows(
        this.db,
        list.farmId,
        stale.map((stamp) => stamp.id),
      );
      const { reordered, changed } = list.take(rows, now);
      list.layOut(reordered, changed);
    }
    if (list.cows.size !== total) list.fill(await readStampedCows(this.db, list.farmId), now);
    list.watermark = watermark;
  }

  private dropIdle(now: number): void {
    for (const [farmId, list] of this.farms) {
      if (now - list.usedAt > IDLE_MS) this.farms.delete(farmId);
    }
  }

  private keepWithinBounds(): void {
    let cows = 0;
    for (const list of this.farms.values()) cows += list.cows.size;
    for (const [farmId, list] of this.farms) {
      if (cows <= MAX_COWS || this.farms.size === 1) break;
      cows -= list.cows.size;
      this.farms.delete(farmId);
    }
  }
}
