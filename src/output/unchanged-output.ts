/**
 * A warm build whose every file is the one the output it replaces already holds (nothing changed)
 * need not stage a new folder: linking 15,000 files of 5,000 pages into one, checking the output
 * again, recording it and deleting the old one cost most of such a build. So the staging folder is
 * made only once the build writes something the output does not hold as it would be written.
 *
 * Each file the build writes is compared with the record of the output found there, which the
 * output check found holding exactly its record's files, each as recorded (`intact`): a file
 * written with the recorded hash and size, a file linked from the output (`link`), a site file
 * copied whose bytes hash as recorded, are noted and not written. The first file that differs (or
 * a page to render, or a folder to copy) makes the staging folder, which then holds only the files
 * that differ; the files noted stay where they are. At commit the staging folder is applied to the
 * output in place, through a journal (journal.ts): one page changed at 5,000 pages moves a few
 * files rather than linking 15,000 into a new folder and deleting the old one. Every file of the
 * output kept, overwritten or deleted is checked first to be as recorded: one changed since the
 * check (a user's) fails the build, naming it, with nothing applied.
 *
 * If the build ends with nothing written and every recorded file noted (`unchanged`), the output
 * is left as it is: same folder, same files, same record.
 */
import { closeSync, lstatSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, rmSync } from 'node:fs';
import path from 'node:path';
import { applyJournal, type Held, isJournalFile, type Journal, JOURNAL_FORMAT, writeJournal } from './journal.ts';
import { contentHash, hashFile, type LinkedFile, type OutputRecord, sameContent, type WrittenFile } from './ownership.ts';
import { OutputWriteError, outputPath, stageOutput, type StagedOutput } from './output.ts';
import { createHash } from 'node:crypto';

type Recorded = readonly [hash: string, size: number, mtime: string, ctime: string];

/** A staged output that may stay the output it replaces. */
export interface LazyOutput extends StagedOutput {
  /** Whether the staging folder was made (`dir` is usable only then). */
  readonly staged: boolean;
  /** Makes the staging folder now, with every file noted so far linked into it. */
  stage(): Promise<void>;
  /** A file the build wrote or took, as text: from the staging folder, or from the output while it is not made. */
  readText(relative: string): string;
  /**
   * Nothing written, and every file of the output's record noted as this build's: the output is
   * this build's as it stands, if no name was added to it or removed since (`sameFolders`). `commit` stages
   * and swaps in all the same.
   */
  readonly unchanged: boolean;
  /** `commit` applies the files that differ to the output in place, through a journal (journal.ts), rather than swapping a whole staged folder in. */
  readonly inPlace: boolean;
  /** In place: files of the output this build keeps, overwrites or deletes that were changed since its check (the build must fail, naming them). */
  conflicts(): Promise<string[]>;
}

/** A `/`-separated relative name with no empty, `.` or `..` part, nor a backslash: its own record name. */
function plain(relative: string): boolean {
  return !relative.includes('\\') && relative.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

const NO_LINKS: ReadonlyMap<string, LinkedFile> = new Map();
/** Bytes of a streamed file compared with the output's at once. */
const CHUNK = 65_536;

/**
 * Stages a build of `target` (checked by `checkOutputFolder`). With `intact`, the record of the
 * output there as the check found it, the staging folder waits for the first file that differs,
 * holds only the files that differ, and is applied to the output in place (`commit`, journal.ts).
 */
export async function stageLazily(options: { target: string; intact?: OutputRecord | undefined }): Promise<LazyOutput> {
  const { intact } = options;
  if (!intact) return staged(await stageOutput({ target: options.target }));
  const target = path.resolve(options.target);
  /** Files of the output this build writes as they are, with their record. */
  const noted = new Map<string, Recorded>();
  /** Names written into the staging folder: written there again if the build writes them again. */
  const patched = new Set<string>();
  let inner: StagedOutput | undefined;
  let staging: Promise<StagedOutput> | undefined;
  let plan: Promise<InPlacePlan> | undefined;
  /** The journal is written: the output is being changed, and the next build finishes it if this one stops. */
  let journaled = false;
  // Most names are plain (`a/b/index.html`): taken as they are; others resolved as the staging folder resolves them.
  const nameOf = (relative: string): string => (plain(relative) ? relative : path.relative(target, outputPath(target, relative)).split(path.sep).join('/'));
  const stage = async (): Promise<StagedOutput> => {
    staging ??= stageOutput({ target }).then((made) => (inner = made));
    return staging;
  };
  /** The staging folder, for a file that differs from the output's: written there from now on. */
  const patch = async (name: string): Promise<StagedOutput> => {
    noted.delete(name);
    patched.add(name);
    return stage();
  };
  /** The record's entry of `relative` when this build's bytes hash as it says. */
  const same = (relative: string, hash: string, size: number): Recorded | undefined => {
    const recorded = intact.files.get(nameOf(relative));
    return recorded?.[0] === hash && recorded[1] === size ? recorded : undefined;
  };
  const prepare = async (): Promise<InPlacePlan> => {
    plan ??= stage().then((made) => planInPlace(made, target, intact, noted));
    return plan;
  };
  const output: LazyOutput = {
    get dir() {
      if (!inner) throw new Error('the staging folder is not made yet');
      return inner.dir;
    },
    get staged() {
      return inner !== undefined;
    },
    get linked() {
      return NO_LINKS;
    },
    get unchanged() {
      return inner === undefined && staging === undefined && intact.links.size === 0 && noted.size === intact.files.size;
    },
    inPlace: true,
    async stage() {
      await stage();
    },
    readText(relative) {
      return readFileSync(outputPath(inner && patched.has(nameOf(relative)) ? inner.dir : target, relative), 'utf8');
    },
    async write(relative, data) {
      const name = nameOf(relative);
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      if (!patched.has(name)) {
        const recorded = same(relative, contentHash(bytes), bytes.length);
        if (recorded) return void noted.set(name, recorded);
      }
      await (await patch(name)).write(relative, bytes);
    },
    async writeParts(relative, parts) {
      const name = nameOf(relative);
      if (patched.has(name)) return (await stage()).writeParts(relative, parts);
      return compareParts(target, relative, parts, intact, noted, nameOf, () => patch(name));
    },
    async copy(from, relative) {
      const name = nameOf(relative);
      if (!patched.has(name)) {
        const bytes = readIfThere(from);
        const recorded = bytes && same(relative, contentHash(bytes), bytes.length);
        if (recorded) return void noted.set(name, recorded);
      }
      await (await patch(name)).copy(from, relative);
    },
    async copyFolder(from, relative) {
      // Copied whole into the staging folder; each file found the same as the output's is kept there at commit.
      const name = nameOf(relative);
      for (const each of [...noted.keys()]) if (each.startsWith(`${name}/`)) noted.delete(each);
      await (await stage()).copyFolder(from, relative);
    },
    async link(from, relative, recorded) {
      const name = nameOf(relative);
      // The output's own file at its own name, as the check found it: noted, and left where it is.
      const own = intact.files.get(name);
      if (!patched.has(name) && from === outputPath(target, name) && own?.every((value, index) => value === recorded[index])) {
        noted.set(name, recorded);
        return true;
      }
      return false;
    },
    wrote(relative, file: WrittenFile) {
      if (!inner) throw new Error('a file was written before the staging folder was made');
      const name = nameOf(relative);
      noted.delete(name);
      patched.add(name);
      inner.wrote(relative, file);
    },
    hashOf(relative) {
      const name = nameOf(relative);
      return patched.has(name) ? inner?.hashOf(relative) : noted.get(name)?.[0];
    },
    async conflicts() {
      return (await prepare()).conflicts;
    },
    async commit() {
      const made = await stage();
      const { journal, conflicts } = await prepare();
      if (conflicts.length > 0) throw new OutputWriteError('write', conflicts[0]!, 'changed in the output folder during the build');
      try {
        writeJournal(made.dir, journal);
        journaled = true;
        await applyJournal(made.dir, target, journal);
      } catch (error) {
        throw OutputWriteError.from('commit', '', error);
      }
    },
    async abort() {
      // Once the journal is written, the staging folder is the rest of the output: the next build rolls it forward.
      if (staging && !journaled) await (await staging.catch(() => undefined))?.abort();
    },
  };
  return output;
}

interface InPlacePlan {
  journal: Journal;
  /** Files of the output this build keeps, moves over or deletes that are not as its record says (changed since the check). */
  conflicts: string[];
}

/** Files named in a conflict, at most. */
const CONFLICTS_SHOWN = 3;

/**
 * The journal that turns the output into this build's: each file of the staging folder that the
 * output holds as it is (a page rendered again, the same bytes) is dropped from the staging folder
 * and kept where it is, with its mtime; the others are moved in; what the record holds that this
 * build neither kept nor wrote is deleted. Every file of the output kept, moved over or deleted is
 * checked to be as recorded (a stat; a hash when the stat differs); a name the output did not hold
 * must still be free.
 */
async function planInPlace(made: StagedOutput, target: string, intact: OutputRecord, noted: ReadonlyMap<string, Recorded>): Promise<InPlacePlan> {
  const moves: Journal['moves'] = [];
  const files: Record<string, Recorded> = {};
  const links: Record<string, string> = {};
  const kept = new Map(noted);
  const keptLinks = new Set<string>();
  for (const entry of readdirSync(made.dir, { recursive: true, withFileTypes: true })) {
    const name = path.relative(made.dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (isJournalFile(name) || entry.isDirectory()) continue;
    const full = path.join(made.dir, name);
    if (entry.isSymbolicLink()) {
      const to = readlinkSync(full);
      if (intact.links.get(name) === to) {
        rmSync(full);
        keptLinks.add(name);
      } else moves.push([name, to]);
      links[name] = to;
      continue;
    }
    if (!entry.isFile()) continue;
    const info = lstatSync(full, { bigint: true });
    const size = Number(info.size);
    const hash = made.hashOf(name) ?? (await hashFile(full, size));
    const recorded = intact.files.get(name);
    if (recorded?.[0] === hash && recorded[1] === size) {
      // Written again as the output holds it: the output's file stays, with its mtime.
      rmSync(full);
      kept.set(name, recorded);
      continue;
    }
    moves.push([name, hash, size, String(info.mtimeNs)]);
    files[name] = [hash, size, String(info.mtimeNs), '0'];
  }
  for (const [name, recorded] of kept) files[name] = recorded;
  const deletes: string[] = [];
  for (const name of intact.files.keys()) if (!(name in files)) deletes.push(name);
  for (const name of intact.links.keys()) if (!(name in links)) deletes.push(name);
  const held: Record<string, Held> = {};
  for (const name of [...moves.map((move) => move[0]), ...deletes]) {
    const file = intact.files.get(name);
    const link = intact.links.get(name);
    if (file) held[name] = file;
    else if (link !== undefined) held[name] = { link };
  }
  // Checked: kept files, and every name moved over or deleted.
  const conflicts: string[] = [];
  const conflict = (name: string): void => void (conflicts.length < CONFLICTS_SHOWN && conflicts.push(name));
  for (const [name, recorded] of kept) if (!(await sameContent(path.join(target, name), recorded))) conflict(name);
  for (const name of keptLinks) if (readlinkIfThere(path.join(target, name)) !== intact.links.get(name)) conflict(name);
  for (const name of [...moves.map((move) => move[0]), ...deletes]) {
    const full = path.join(target, name);
    const was = held[name];
    const found = lstatSync(full, { throwIfNoEntry: false });
    if (was === undefined ? found !== undefined : 'link' in was ? readlinkIfThere(full) !== was.link : !(await sameContent(full, was))) conflict(name);
  }
  conflicts.sort();
  return { journal: { format: JOURNAL_FORMAT, moves, deletes, held, files, links }, conflicts };
}

function readlinkIfThere(full: string): string | undefined {
  try {
    return readlinkSync(full);
  } catch {
    return undefined;
  }
}

/** A staging folder made at once, as a `LazyOutput`. */
function staged(made: StagedOutput): LazyOutput {
  return {
    ...made,
    dir: made.dir,
    linked: made.linked,
    staged: true,
    unchanged: false,
    inPlace: false,
    conflicts: async () => [],
    stage: async () => undefined,
    readText: (relative) => readFileSync(outputPath(made.dir, relative), 'utf8'),
  };
}

/** The file's bytes, or undefined when it cannot be read (the staging folder's copy then says why). */
function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * `writeParts` while nothing is staged: the pieces are compared, as they come, with the output's
 * file of that name. When they part (or that file is not the record's), the staging folder is
 * made, and the file written there from the bytes that were the same (read back from the output,
 * in the pieces they came as) and the rest.
 */
async function compareParts(
  target: string,
  relative: string,
  parts: AsyncIterable<string>,
  intact: OutputRecord,
  noted: Map<string, Recorded>,
  nameOf: (relative: string) => string,
  stage: () => Promise<StagedOutput>,
): Promise<number> {
  const name = nameOf(relative);
  const recorded = intact.files.get(name);
  const iterator = parts[Symbol.asyncIterator]();
  let fd: number | undefined;
  try {
    fd = recorded ? openSync(outputPath(target, name), 'r') : undefined;
  } catch {
    fd = undefined;
  }
  const hash = createHash('sha256');
  /** Sizes of the chunks found the same, in order. */
  const chunks: number[] = [];
  let offset = 0;
  let pending = '';
  let differs = fd === undefined;
  /** Compares `pending` with the output's next bytes; false when they differ. */
  const compare = (): boolean => {
    const bytes = Buffer.from(pending);
    const theirs = Buffer.alloc(bytes.length);
    const read = readSync(fd!, theirs, 0, bytes.length, offset);
    if (read !== bytes.length || !theirs.equals(bytes)) return false;
    hash.update(bytes);
    offset += bytes.length;
    chunks.push(bytes.length);
    pending = '';
    return true;
  };
  try {
    let left: string | undefined;
    while (!differs) {
      const next = await iterator.next();
      if (next.done) break;
      pending += next.value;
      if (pending.length >= CHUNK && !compare()) {
        differs = true;
        left = pending;
      }
    }
    if (!differs && pending !== '' && !compare()) {
      differs = true;
      left = pending;
    }
    if (!differs) {
      // As long as the output's file, and it is the record's: noted. Otherwise (changed since the check), written anew.
      const tail = Buffer.alloc(1);
      const longer = readSync(fd!, tail, 0, 1, offset) > 0;
      if (!longer && hash.digest('base64url') === recorded![0] && offset === recorded![1]) {
        noted.set(name, recorded!);
        return offset;
      }
    }
    const made = await stage();
    const rest = async function* (): AsyncGenerator<string> {
      let at = 0;
      for (const size of chunks) {
        const piece = Buffer.alloc(size);
        readSync(fd!, piece, 0, size, at);
        at += size;
        yield piece.toString('utf8');
      }
      if (left !== undefined) yield left;
      else if (pending !== '') yield pending;
      if (differs) for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    };
    return await made.writeParts(relative, rest());
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
