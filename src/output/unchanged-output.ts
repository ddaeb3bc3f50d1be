/**
 * A warm build whose every file is the one the output it replaces already holds (nothing changed)
 * need not stage a new folder: linking 15,000 files of 5,000 pages into one, checking the output
 * again, recording it and deleting the old one cost most of such a build. So the staging folder is
 * made only once the build writes something the output does not hold as it would be written.
 *
 * Until then, each file the build writes is compared with the record of the output found there,
 * which the output check found holding exactly its record's files, each as recorded (`intact`):
 * a file written with the recorded hash and size, a file linked from the output (`link`), a
 * site file copied whose bytes hash as recorded, are noted and not written. The first file that
 * differs (or a page to render, or a folder to copy) makes the staging folder and links every file
 * noted so far into it from the output, checked as any link is (`StagedOutput.link`); the build
 * then goes on as it would have. A noted file that changed in the output since the check cannot
 * be linked: the build fails then, leaving the output as it is (the user's file with it), as a
 * file changed during the build fails it before the swap.
 *
 * If the build ends with nothing written and every recorded file noted (`unchanged`), the output
 * is left as it is: same folder, same files, same record.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import { contentHash, type LinkedFile, type OutputRecord, type WrittenFile } from './ownership.ts';
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
 * output there as the check found it, the staging folder waits for the first file that differs.
 */
export async function stageLazily(options: { target: string; intact?: OutputRecord | undefined }): Promise<LazyOutput> {
  const { intact } = options;
  if (!intact) return staged(await stageOutput({ target: options.target }));
  const target = path.resolve(options.target);
  /** Files of the output this build writes as they are, with their record. */
  const noted = new Map<string, Recorded>();
  let inner: StagedOutput | undefined;
  let staging: Promise<StagedOutput> | undefined;
  // Most names are plain (`a/b/index.html`): taken as they are; others resolved as the staging folder resolves them.
  const nameOf = (relative: string): string => (plain(relative) ? relative : path.relative(target, outputPath(target, relative)).split(path.sep).join('/'));
  const stage = async (): Promise<StagedOutput> => {
    staging ??= (async () => {
      const made = await stageOutput({ target });
      try {
        for (const [name, recorded] of noted) {
          // Changed in the output since it was checked: it is not this build's to take, nor to replace.
          if (!(await made.link(outputPath(target, name), name, recorded).catch(() => false))) {
            throw new OutputWriteError('write', name, 'changed in the output folder during the build');
          }
        }
      } catch (error) {
        await made.abort();
        throw error;
      }
      noted.clear();
      inner = made;
      return made;
    })();
    return staging;
  };
  /** The record's entry of `relative` when this build's bytes hash as it says. */
  const same = (relative: string, hash: string, size: number): Recorded | undefined => {
    const recorded = intact.files.get(nameOf(relative));
    return recorded?.[0] === hash && recorded[1] === size ? recorded : undefined;
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
      return inner?.linked ?? NO_LINKS;
    },
    get unchanged() {
      return inner === undefined && staging === undefined && intact.links.size === 0 && noted.size === intact.files.size;
    },
    async stage() {
      await stage();
    },
    readText(relative) {
      return readFileSync(outputPath(inner?.dir ?? target, relative), 'utf8');
    },
    async write(relative, data) {
      if (!inner) {
        const bytes = typeof data === 'string' ? Buffer.from(data) : data;
        const recorded = same(relative, contentHash(bytes), bytes.length);
        if (recorded) return void noted.set(nameOf(relative), recorded);
        data = bytes;
      }
      await (await stage()).write(relative, data);
    },
    async writeParts(relative, parts) {
      if (inner) return inner.writeParts(relative, parts);
      return compareParts(target, relative, parts, intact, noted, nameOf, stage);
    },
    async copy(from, relative) {
      if (!inner) {
        const bytes = readIfThere(from);
        const recorded = bytes && same(relative, contentHash(bytes), bytes.length);
        if (recorded) return void noted.set(nameOf(relative), recorded);
      }
      await (await stage()).copy(from, relative);
    },
    async copyFolder(from, relative) {
      await (await stage()).copyFolder(from, relative);
    },
    async link(from, relative, recorded) {
      if (!inner) {
        const name = nameOf(relative);
        // The output's own file at its own name, as the check found it: noted, linked only if the staging folder is made.
        const own = intact.files.get(name);
        if (from === outputPath(target, name) && own !== undefined && own.every((value, index) => value === recorded[index])) {
          noted.set(name, recorded);
          return true;
        }
      }
      return (await stage()).link(from, relative, recorded);
    },
    wrote(relative, file: WrittenFile) {
      if (!inner) throw new Error('a file was written before the staging folder was made');
      inner.wrote(relative, file);
    },
    hashOf(relative) {
      return inner ? inner.hashOf(relative) : noted.get(nameOf(relative))?.[0];
    },
    async commit() {
      await (await stage()).commit();
    },
    async abort() {
      if (staging) await (await staging.catch(() => undefined))?.abort();
    },
  };
  return output;
}

/** A staging folder made at once, as a `LazyOutput`. */
function staged(made: StagedOutput): LazyOutput {
  return {
    ...made,
    dir: made.dir,
    linked: made.linked,
    staged: true,
    unchanged: false,
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
