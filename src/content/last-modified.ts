/**
 * "Last modified" dates (format-behaviour.md §5; the hosted product's `organize/pages`): shown when
 * `metadata.timestamp` is true, or the page's `timestamp: true` says so (`timestamp: false` hides
 * it on one page). The date is the page's `lastUpdatedDate`, else the date of the last commit that
 * changed its file.
 *
 * Commit dates come from ONE `git log` over the site folder, read once (`gitDates`): not one run per
 * page, which would cost a process per page (1,000 pages, 1,000 runs). Outside a repository, or
 * without git, there are no dates and nothing is said: the pages show none.
 */
import { execFile } from 'node:child_process';

/** Each commit's entry starts with this byte, then its committer date; the files it changed follow, one a line. */
const COMMIT = '\u001e';
/** git's output for a long history: mintlify's docs' is about 3 MB. */
const MAX_OUTPUT = 512 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

/**
 * The date (ISO 8601, as git writes it) of the last commit that changed each file under `root`, by
 * path relative to `root` (`guides/install.mdx`). Empty when `root` is in no repository, git is
 * missing, or it fails.
 */
export function gitDates(root: string): Promise<Map<string, string>> {
  return new Promise((resolve) => {
    execFile(
      'git',
      // quotePath off: file names with non-ASCII letters are written as they are, not quoted in octal.
      ['-c', 'core.quotePath=false', 'log', `--format=${COMMIT}%cI`, '--name-only', '--no-renames', '--relative', '--', '.'],
      { cwd: root, maxBuffer: MAX_OUTPUT, timeout: TIMEOUT_MS, encoding: 'utf8', windowsHide: true },
      (error, stdout) => resolve(error ? new Map() : parseGitLog(stdout)),
    );
  });
}

/** `git log` read newest first: a file's first date is its last change. */
export function parseGitLog(output: string): Map<string, string> {
  const dates = new Map<string, string>();
  for (const entry of output.split(COMMIT)) {
    const lines = entry.split('\n');
    const date = lines[0]?.trim();
    if (!date) continue;
    for (let index = 1; index < lines.length; index++) {
      const file = lines[index]!;
      if (file !== '' && !dates.has(file)) dates.set(file, date);
    }
  }
  return dates;
}

/** Whether any page shows a date: the site's `metadata.timestamp`, or one page's `timestamp: true`. */
export function wantsDates(siteTimestamp: boolean | undefined, pages: Iterable<{ frontmatter: Readonly<Record<string, unknown>> }>): boolean {
  if (siteTimestamp === true) return true;
  for (const page of pages) if (page.frontmatter['timestamp'] === true) return true;
  return false;
}

/**
 * The date a page shows as last modified (ISO 8601), or undefined when it shows none: its
 * `timestamp` over the site's `metadata.timestamp`, then its `lastUpdatedDate` over git's date.
 */
export function lastModified(options: {
  frontmatter: Readonly<Record<string, unknown>>;
  file: string | undefined;
  siteTimestamp: boolean | undefined;
  dates: ReadonlyMap<string, string> | undefined;
}): string | undefined {
  const { frontmatter, file } = options;
  const shown = typeof frontmatter['timestamp'] === 'boolean' ? frontmatter['timestamp'] : options.siteTimestamp === true;
  if (!shown) return undefined;
  const written = frontmatter['lastUpdatedDate'];
  if (typeof written === 'string' && isDate(written)) return written;
  return file === undefined ? undefined : options.dates?.get(file);
}

/** A date-only value (`2026-08-13`) or an ISO 8601 timestamp. */
export function isDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim()) && !Number.isNaN(Date.parse(value.trim()));
}
