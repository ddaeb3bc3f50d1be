/** What a file-system error says, for the places that treat "not there" apart from other failures. */

/** The file, or a folder on its path, is not there (`ENOENT`, `ENOTDIR`). */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
