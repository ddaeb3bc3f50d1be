/**
 * A build's page files, each read once for its page: the body cache hashes the bytes, the body
 * renders the text, then the Markdown twin (made right after, in the same thread) takes it. Only
 * the pages being rendered are kept: a text is let go when its twin takes it, and past `limit`
 * the oldest goes (a page whose body came from the cache never asks for it again), so memory
 * stays flat however many pages the site has. The build only: in `dev` a page is read anew each
 * time, as a save changes it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type BigIntStats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cacheFolder } from '../shared/docjet-cache.ts';
import { decodeText, type DecodedText } from '../shared/read-text.ts';

/** Where a build keeps its page files' stamps and hashes for the next (`.docjet/cache/output/sources.json`, `newStamps`). */
export const SOURCE_STAMPS = { part: 'output', file: 'sources.json' } as const;

/** The stamps and hashes the last build kept of `root`'s page files (`useStamps`); undefined when there are none, or they cannot be read. */
export async function readSourceStamps(root: string): Promise<Record<string, [stamp: string, hash: string]> | undefined> {
  try {
    const folder = await cacheFolder(root, SOURCE_STAMPS.part, { create: false });
    if (!folder.ok) return undefined;
    const { stamps } = JSON.parse(await readFile(join(folder.path, SOURCE_STAMPS.file), 'utf8')) as { stamps?: unknown };
    return typeof stamps === 'object' && stamps !== null ? (stamps as Record<string, [string, string]>) : undefined;
  } catch {
    return undefined;
  }
}

export interface SourceText {
  bytes: Buffer;
  decoded: DecodedText;
}

export class SourceTexts {
  readonly #kept = new Map<string, Promise<SourceText>>();
  /** SHA-256 (hex) of each page file hashed this build: the body cache's key and search's text cache both want it. */
  readonly #hashes = new Map<string, string>();
  /** The last build's stamps of page files (`size:mtimeNs:ctimeNs`) with their hashes, and this build's. */
  readonly #stamps = new Map<string, [stamp: string, hash: string]>();
  readonly #next = new Map<string, [stamp: string, hash: string]>();
  /** The stamp of each file `read` read, taken before its bytes (a change after it shows as another stamp next time); none for a file changed in the last seconds. */
  readonly #readStamps = new Map<string, string>();
  /** How often a file was read from disk (a test counts them). */
  reads = 0;

  constructor(
    private readonly root: string,
    private readonly limit = 64,
  ) {}

  /** A page file (site-relative), read from disk the first time and kept for the next step. */
  read(file: string): Promise<SourceText> {
    const kept = this.#kept.get(file);
    if (kept) return kept;
    this.reads++;
    const full = join(this.root, file);
    const info = statSync(full, { bigint: true, throwIfNoEntry: false });
    if (info && settled(info)) this.#readStamps.set(file, stampOf(info));
    // Read at once: a page file of a few KB costs four trips to libuv's threads with `fs/promises`
    // (open, stat, read, close), several times the read itself.
    const reading = readNow(full);
    // A failed read is not kept: the next step reads again, and says why.
    reading.catch(() => this.#kept.delete(file));
    this.#kept.set(file, reading);
    if (this.#kept.size > this.limit) this.#kept.delete(this.#kept.keys().next().value!);
    return reading;
  }

  /**
   * The SHA-256 (hex) of a page file's bytes, read for it (not decoded, not kept) the first time:
   * a warm build that takes a page from the output it replaces needs its hash alone. A file whose
   * size, mtime and ctime are those the last build hashed it with (`useStamps`) is not read: its
   * hash is that build's (ctime cannot be set back, as mtime can).
   */
  hashOf(file: string): string {
    let hash = this.#hashes.get(file);
    if (hash === undefined) {
      const full = join(this.root, file);
      const info = statSync(full, { bigint: true, throwIfNoEntry: false });
      const stamp = info ? stampOf(info) : undefined;
      const known = this.#stamps.get(file);
      if (stamp !== undefined && known?.[0] === stamp) hash = known[1];
      else {
        this.reads++;
        hash = sha256(readFileSync(full));
      }
      this.#hashes.set(file, hash);
      // Not a file changed in the last seconds: one written again within the same clock tick could keep its size and times.
      if (info && stamp !== undefined && settled(info)) this.#next.set(file, [stamp, hash]);
    }
    return hash;
  }

  /** The stamps (size, mtime, ctime) and hashes the last build took of page files: `hashOf` trusts them. */
  useStamps(stamps: Record<string, [stamp: string, hash: string]>): void {
    for (const [file, entry] of Object.entries(stamps)) if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') this.#stamps.set(file, entry);
  }

  /** The stamps and hashes `hashOf` took this build, for the next; undefined when they are the ones it was given. */
  newStamps(): Record<string, [stamp: string, hash: string]> | undefined {
    let same = this.#next.size === this.#stamps.size;
    for (const [file, [stamp, hash]] of this.#next) {
      if (!same) break;
      const known = this.#stamps.get(file);
      same = known?.[0] === stamp && known[1] === hash;
    }
    return same ? undefined : Object.fromEntries(this.#next);
  }

  /**
   * The hash of bytes read by `read`, noted as the file's (what was rendered is what is keyed), and
   * kept with the stamp taken before the read for the next build (a cold build's stamps spare the
   * first warm one, and its search thread, reading every page file again to hash it).
   */
  hashRead(file: string, bytes: Uint8Array): string {
    const hash = sha256(bytes);
    this.#hashes.set(file, hash);
    const stamp = this.#readStamps.get(file);
    if (stamp !== undefined) this.#next.set(file, [stamp, hash]);
    return hash;
  }

  /** The hash of a page file when it was hashed this build. */
  knownHash(file: string): string | undefined {
    return this.#hashes.get(file);
  }

  /** Lets a page file go (its twin came from the cache). */
  forget(file: string): void {
    this.#kept.delete(file);
  }

  /** The page file's text for its last step: read as `read` does, then let go. */
  async take(file: string): Promise<DecodedText> {
    try {
      return (await this.read(file)).decoded;
    } finally {
      this.#kept.delete(file);
    }
  }
}

/** A file's bytes and text, read synchronously; a failed read is a rejected promise, as `readFile`'s. */
function readNow(full: string): Promise<SourceText> {
  try {
    const bytes = readFileSync(full);
    return Promise.resolve({ bytes, decoded: decodeText(bytes) });
  } catch (error) {
    return Promise.reject(error);
  }
}

/** What the next build compares: size, mtime and ctime (ctime cannot be set back, as mtime can). */
function stampOf(info: BigIntStats): string {
  return `${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
}

/** Files whose mtime and ctime are this old are taken as settled (git's "racy" files are those changed within its clock's granularity). */
const SETTLED_NS = 2_000_000_000n;

function settled(info: BigIntStats): boolean {
  const now = BigInt(Date.now()) * 1_000_000n;
  return now - info.mtimeNs > SETTLED_NS && now - info.ctimeNs > SETTLED_NS;
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
