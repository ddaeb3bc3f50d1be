/**
 * The long runs: every page of the corpus in the differential tests, the fuzzers' full rounds.
 * `node scripts/run-tests.mjs --full` (DOCJET_FULL=1) runs them, and CI runs it after the default
 * suite (.ci/run). The default run keeps a quick but real version of each: the committed samples
 * (test/fixtures/fast-reader-sample), a corpus site or two, fewer rounds from a new seed each run.
 */

/** The long run (`--full`). */
export const FULL = process.env['DOCJET_FULL'] === '1';

/** Why a long test is skipped in the default run, or false in the long run. */
export const LONG_RUN: string | false = FULL ? false : 'a long run: node scripts/run-tests.mjs --full (CI runs it)';

/** Rounds of a fuzz test: `quick` in the default run, `full` in the long run, DOCJET_FUZZ_ROUNDS when set. */
export function fuzzRounds(quick: number, full: number): number {
  const asked = Number(process.env['DOCJET_FUZZ_ROUNDS']);
  return asked > 0 ? asked : FULL ? full : quick;
}
