/**
 * A warm build that changes a few files of an output updates it in place rather than staging a
 * whole new folder (unchanged-output.ts): the new and changed files are written into a staging
 * folder beside it (named and marked as any staging folder, output.ts), every file of the output it
 * moves over or deletes is checked to be as its record says, and only then is the journal written:
 * the moves, the deletes, what the output held at each of those names, and the new record. Then the
 * moves and deletes are applied, the new record written, the journal and the staging folder removed.
 *
 * A build stopped before the journal is written leaves the output as it was (its staging folder is
 * a leftover the next build removes); one stopped after it leaves a journal the next build (and
 * `docjet serve`, which builds first) rolls forward before it checks the output (`recoverOutput`,
 * output.ts): a move whose file is gone from the staging folder was made, a delete whose file is
 * gone was done. Rolling forward checks each name again: a file found there that is neither what the
 * output held nor gone (a user's, changed since the stop) stops it, and the output check then names it.
 */
import { mkdirSync, readFileSync, readlinkSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashFile, lstatNow, OUTPUT_MARKER, recordMarker, sameContent, type RecordedFile } from './ownership.ts';

/** The journal's name inside the staging folder. */
export const JOURNAL = '.docjet-journal';
export const JOURNAL_FORMAT = 1;
/** The new record, written beside the journal and moved over the output's marker. */
const NEXT_RECORD = '.docjet-output-next';

/** What the output held at a name, as its record said: a file, or a symbolic link and its target. */
export type Held = RecordedFile | { link: string };

export interface Journal {
  format: number;
  /** Files and links of the staging folder moved into the output: a file with its hash, size and mtime, a link with its target. */
  moves: ([name: string, hash: string, size: number, mtime: string] | [name: string, link: string])[];
  /** Names of the output deleted. */
  deletes: string[];
  /** What the output held at each name moved over or deleted (none: a name it did not hold). */
  held: Record<string, Held>;
  /** The new record: each moved file's ctime is taken once it is moved. */
  files: Record<string, RecordedFile>;
  links: Record<string, string>;
}

/** A name of the output that is not what its record says: rolling forward stops there. */
export class JournalConflict extends Error {
  constructor(readonly relative: string) {
    super(`${relative}: changed in the output folder since the build that left the journal`);
    this.name = 'JournalConflict';
  }
}

/** Names this module keeps in the staging folder: never moved into the output. */
export function isJournalFile(name: string): boolean {
  return name === JOURNAL || name === `${JOURNAL}.tmp` || name === NEXT_RECORD || name === OUTPUT_MARKER;
}

/** Writes the journal into the staging folder `dir`, whole or not at all (a temporary name, then a rename). */
export function writeJournal(dir: string, journal: Journal): void {
  const temporary = path.join(dir, `${JOURNAL}.tmp`);
  writeFileSync(temporary, JSON.stringify(journal));
  renameSync(temporary, path.join(dir, JOURNAL));
}

/** The journal left in the staging folder `dir`, or undefined when there is none (or it is not one). */
export function readJournal(dir: string): Journal | undefined {
  try {
    const journal = JSON.parse(readFileSync(path.join(dir, JOURNAL), 'utf8')) as Journal;
    const wellFormed =
      journal.format === JOURNAL_FORMAT &&
      Array.isArray(journal.moves) &&
      Array.isArray(journal.deletes) &&
      isRecord(journal.held) &&
      isRecord(journal.files) &&
      isRecord(journal.links);
    return wellFormed ? journal : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A test seam: `DOCJET_TEST_STOP_AT=journal|moved` kills the build (SIGKILL) once the journal is written, or after its first move. */
function stopHere(point: 'journal' | 'moved'): void {
  if (process.env['DOCJET_TEST_STOP_AT'] === point) process.kill(process.pid, 'SIGKILL');
}

/**
 * Applies the journal of the staging folder `dir` to the output `target`: the deletes (with the
 * folders they leave empty), then the moves, then the new record; then removes the journal and
 * the staging folder. Safe to run again after a stop at any point. Throws `JournalConflict`, having
 * changed nothing more, when a name holds something the journal did not expect there.
 */
export async function applyJournal(dir: string, target: string, journal: Journal): Promise<void> {
  stopHere('journal');
  // Deletes first: a file `a` gone leaves room for a folder `a/`, a folder emptied for a file of its name.
  for (const name of journal.deletes) {
    const to = inside(target, name);
    if (lstatNow(to) === undefined) continue; // deleted before the stop
    await expectHeld(to, name, journal.held[name]);
    unlinkSync(to);
    removeEmptyFolders(target, name);
  }
  const moved: string[] = [];
  for (const move of journal.moves) {
    const name = move[0];
    const from = inside(dir, name);
    if (lstatNow(from) === undefined) continue; // moved before the stop
    const to = inside(target, name);
    await expectHeld(to, name, journal.held[name]);
    mkdirSync(path.dirname(to), { recursive: true });
    renameSync(from, to);
    if (move.length === 4) moved.push(name);
    stopHere('moved');
  }
  // A rename gives the file a new ctime: the record takes it for each file still as it was written (size and mtime;
  // one moved before a stop, by its hash too). Others keep a ctime no file has: the next check hashes them.
  const files = { ...journal.files };
  const now = new Set(moved);
  for (const move of journal.moves) {
    const [name] = move;
    const entry = files[name];
    const info = lstatNow(inside(target, name));
    if (move.length !== 4 || !entry || !info?.isFile() || Number(info.size) !== entry[1] || String(info.mtimeNs) !== entry[2]) continue;
    if (now.has(name) || (await hashFile(inside(target, name), entry[1])) === entry[0]) files[name] = [entry[0], entry[1], entry[2], String(info.ctimeNs)];
  }
  const next = path.join(dir, NEXT_RECORD);
  writeFileSync(next, `${JSON.stringify(recordMarker(files, journal.links))}\n`);
  renameSync(next, path.join(target, OUTPUT_MARKER));
  unlinkSync(path.join(dir, JOURNAL));
  rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
}

/** Throws unless `full` holds what the journal says the output held at `name` (or nothing). */
async function expectHeld(full: string, name: string, held: Held | undefined): Promise<void> {
  const info = lstatNow(full);
  if (info === undefined) return;
  if (held === undefined) throw new JournalConflict(name);
  if ('link' in held) {
    if (info.isSymbolicLink() && readlinkSync(full) === held.link) return;
    throw new JournalConflict(name);
  }
  if (!(await sameContent(full, held))) throw new JournalConflict(name);
}

/** The folders of `name` left empty by its delete, up to (not including) the output folder. */
function removeEmptyFolders(target: string, name: string): void {
  for (let folder = path.posix.dirname(name); folder !== '.' && folder !== ''; folder = path.posix.dirname(folder)) {
    try {
      rmdirSync(inside(target, folder));
    } catch {
      return; // not empty
    }
  }
}

/** `dir/name`, refused when a name would lead out of `dir` (a journal is read back from disk). */
function inside(dir: string, name: string): string {
  const full = path.resolve(dir, name);
  if (!full.startsWith(dir + path.sep)) throw new JournalConflict(name);
  return full;
}
