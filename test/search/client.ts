/**
 * The browser's search code as the tests call it: the compiled assets/js/search-dialog.mjs
 * (src/client/search-dialog.mts), imported by URL so that the Node-side type check never reads
 * browser code. Only its pure functions are used here; the dialog itself is tested in a browser
 * (test/e2e/search.test.ts).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Candidate {
  term: string;
  weight: number;
  postings: number[];
}

export interface Found {
  total: number;
  terms: string[];
  results: { hit: { page: number }; page: [string, string, string, string, [string, string, string][]] }[];
}

export interface ClientSearch {
  tokenize(text: string): string[];
  characterKey(character: string): string;
  queryTokens(query: string): string[];
  withinEdits(a: string, b: string, max: number): boolean;
  candidatesOf(token: string, shard: Record<string, number[]>): Candidate[];
  tailsLookedUp(token: string): string[];
  firstLetterTerms(token: string, lettersOf: (tail: string) => string | undefined): string[];
  rankPages(
    pages: number,
    words: readonly Candidate[][],
    inScope: (page: number) => boolean,
    limit: number,
  ): { total: number; hits: { page: number; score: number; sections: number }[]; terms: string[] };
  scopeFilter(manifest: object, reader: { version?: string | null; language?: string | null; product?: string | null }, widened: boolean): (page: number) => boolean;
  highlight(text: string, terms: readonly string[], query: string, length?: number): { text: string; mark: boolean }[];
  IndexFiles: new (folder: string) => object;
  search(files: object, query: string, reader: object, widened: boolean): Promise<Found>;
  /** The results' lines only (their sections empty), from the manifest and the term files. */
  findPages(files: object, query: string, reader: object, widened: boolean): Promise<Found>;
  /** `found` with its results' sections, from their details files. */
  withDetails(files: object, found: Found): Promise<Found>;
}

const url = pathToFileURL(path.resolve(import.meta.dirname, '../../assets/js/search-dialog.mjs')).href;

export const client = (await import(url)) as ClientSearch;

/** Answers the client's `fetch` of `/_docjet/search/<name>` from `files`; returns the names fetched. */
export function serveIndex(files: ReadonlyMap<string, string>): string[] {
  const fetched: string[] = [];
  globalThis.fetch = async (input: string | URL | Request) => {
    const name = String(input).replace(/^\/_docjet\/search\//, '');
    fetched.push(name);
    const text = files.get(name);
    return text === undefined ? new Response('', { status: 404 }) : new Response(text);
  };
  return fetched;
}
