/*
 * The search dialog, loaded on first use by src/client/search.mts. It reads the static index the
 * build writes under `_docjet/search/` (src/search/index-files.ts says what each file holds):
 * `index.json` first (with every page's address, title and section path), then the term file of
 * each word typed (for a word nothing there matches, also the tail files and the term files of the
 * words one typo in the first letter away): the results' lines show then. The details files of the
 * results shown come next, and add each result's excerpt and the headings whose words match, which
 * jump to the heading. Results come as the reader types. The reader's version,
 * language and product (from the button, or the switchers once the page script swapped them) limit
 * the results until "All versions" is ticked.
 *
 * Keyboard: arrows move through the results, Enter opens one, Escape closes, Tab stays inside.
 * The input is a combobox over a listbox (WAI-ARIA APG "combobox with listbox popup"); a live
 * region says how many results there are. Page text only ever becomes text nodes and <mark>s.
 *
 * The tokenizer and the index files' shape come from src/portable (shared with src/search, no DOM
 * and no Node); `npm run client` bundles them into the compiled dialog (scripts/client.mjs).
 */
import { characterKey, detailFile, INDEX_FORMAT, MANIFEST_FILE, type Manifest, type Shard, type StoredPage, type StoredSections } from '../portable/search-format.js';
import { CJK, isCjkToken, normalizeText, tokenize, WORD } from '../portable/tokenize.js';

// The tests call the bundled dialog's tokenizer (test/search/client.ts): the index's own rules.
export { characterKey, tokenize };

// ---- The index ----

/** The file of `files` (term or tail files) holding `text`: by its first character, or its first two when that file was split. */
export function fileOf(files: Record<string, string>, text: string): string | undefined {
  const [first, second] = [...text];
  if (first === undefined) return undefined;
  const key = characterKey(first);
  return files[key] ?? files[key + (second === undefined ? '.' : characterKey(second))];
}

/** The query's words worth looking up: a single letter only when it is all there is. */
export function queryTokens(query: string): string[] {
  const tokens = [...new Set(tokenize(query))];
  const words = tokens.filter((token) => token.length > 1 || isCjkToken(token));
  return words.length > 0 ? words : tokens.slice(0, 1);
}

/** Whether `a` and `b` are at most `max` edits apart (insertions, deletions, substitutions, swaps of neighbours). */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return false;
    before = previous;
    previous = current;
  }
  return previous[b.length]! <= max;
}

export interface Candidate {
  term: string;
  weight: number;
  /** The term's postings, from its term file. */
  postings: number[];
}

/** Most terms one word may stand for (its completions and near misses), the commonest first. */
const MAX_CANDIDATES = 48;
/** Most terms looked up for a typo in a word's first letter: each may be in another term file. */
const MAX_FIRST_LETTER = 8;
const TYPO_WEIGHT = 0.4;

/** How many typos a word may hold: none in Chinese or Japanese or under four letters, two from eight. */
function typosAllowed(token: string): number {
  return isCjkToken(token) ? 0 : token.length >= 8 ? 2 : token.length >= 4 ? 1 : 0;
}

/**
 * The index terms a query word matches in its own term file: itself; terms it begins, worth less
 * the more is missing; and terms one typo away (two for words of eight letters or more), worth
 * less again. All share the word's first letter: `firstLetterTerms` finds the others.
 */
export function candidatesOf(token: string, shard: Shard): Candidate[] {
  const exact = shard[token] ? [{ term: token, weight: 1, postings: shard[token] }] : [];
  const typos = typosAllowed(token);
  const others: Candidate[] = [];
  for (const [term, postings] of Object.entries(shard)) {
    if (term === token) continue;
    if (term.startsWith(token)) others.push({ term, weight: 0.5 + (0.4 * token.length) / term.length, postings });
    else if (typos > 0 && withinEdits(token, term, typos)) others.push({ term, weight: TYPO_WEIGHT, postings });
  }
  others.sort((a, b) => b.weight - a.weight || b.postings.length - a.postings.length);
  return [...exact, ...others.slice(0, MAX_CANDIDATES)];
}

/** The tails whose first letters `firstLetterTerms` needs: the word without its first letter, the word itself, with its first two swapped, without its first two. */
export function tailsLookedUp(token: string): string[] {
  const [first = '', second = '', ...rest] = [...token];
  return [...new Set([second + rest.join(''), token, first + rest.join(''), rest.join('')])].filter((tail) => tail.length >= 2);
}

/**
 * The terms one typo in the first letter away from `token`, from the first letters each tail comes
 * with (`lettersOf`): another first letter (`xearch`), a first letter missing (`earch`), the first
 * two swapped (`esarch`), a letter too many in front (`ssearch`).
 */
export function firstLetterTerms(token: string, lettersOf: (tail: string) => string | undefined): string[] {
  const [first = '', second = '', ...rest] = [...token];
  const tail = second + rest.join('');
  const terms = new Set<string>();
  for (const letter of lettersOf(tail) ?? '') terms.add(letter + tail);
  for (const letter of lettersOf(token) ?? '') terms.add(letter + token);
  if ([...(lettersOf(first + rest.join('')) ?? '')].includes(second)) terms.add(second + first + rest.join(''));
  if ([...(lettersOf(rest.join('')) ?? '')].includes(second)) terms.add(tail);
  terms.delete(token);
  return [...terms];
}

export interface Hit {
  page: number;
  score: number;
  /** Sections holding every word (bits), else those holding any. */
  sections: number;
}

export interface Ranking {
  /** Pages matching, in scope. */
  total: number;
  /** The best `limit` of them, best first. */
  hits: Hit[];
  /** The index terms that matched, for highlighting. */
  terms: string[];
}

/**
 * The pages holding every word (or a completion or near miss of it) and in scope, best first: each
 * word adds the best score among its terms, times how rare the term is; ties keep the site's order.
 * Typed arrays over every page, not objects per match: a common word on 10,000 pages stays fast.
 */
export function rankPages(pages: number, words: readonly Candidate[][], inScope: (page: number) => boolean, limit: number): Ranking {
  const total = new Float64Array(pages);
  const all = new Int32Array(pages);
  const any = new Int32Array(pages);
  /** How many words each page has matched so far: a page is out once it misses one. */
  const matched = new Uint8Array(pages);
  const best = new Float64Array(pages);
  const mask = new Int32Array(pages);
  const terms: string[] = [];
  words.forEach((candidates, word) => {
    const touched: number[] = [];
    for (const { term, weight, postings } of candidates) {
      const rarity = Math.log(1 + pages / (postings.length / 3));
      let page = 0;
      let found = false;
      for (let index = 0; index < postings.length; index += 3) {
        page += postings[index]!;
        if (matched[page] !== word || (word === 0 && !inScope(page))) continue;
        const score = postings[index + 1]! * weight * rarity;
        if (best[page] === 0) touched.push(page);
        if (score > best[page]!) best[page] = score;
        mask[page]! |= postings[index + 2]!;
        found = true;
      }
      if (found) terms.push(term);
    }
    for (const page of touched) {
      matched[page] = word + 1;
      total[page]! += best[page]!;
      all[page] = word === 0 ? mask[page]! : all[page]! & mask[page]!;
      any[page]! |= mask[page]!;
      best[page] = 0;
      mask[page] = 0;
    }
  });
  const hits: Hit[] = [];
  let count = 0;
  for (let page = 0; page < pages; page++) {
    if (words.length === 0 || matched[page] !== words.length) continue;
    count++;
    const score = total[page]!;
    // Keep the best `limit`, in order (pages come in site order, so an equal score stays behind).
    if (hits.length === limit && score <= hits[limit - 1]!.score) continue;
    let at = hits.length;
    while (at > 0 && hits[at - 1]!.score < score) at--;
    hits.splice(at, 0, { page, score, sections: all[page] || any[page]! });
    if (hits.length > limit) hits.pop();
  }
  return { total: count, hits, terms };
}

/** Each page's value from a run-length coding `[count, value, …]` (the manifest's scope sets and section paths). */
function runLengths(pages: number, runs: readonly number[]): Uint32Array {
  const values = new Uint32Array(pages);
  let page = 0;
  for (let index = 0; index < runs.length; index += 2) {
    values.fill(runs[index + 1]!, page, page + runs[index]!);
    page += runs[index]!;
  }
  return values;
}

export interface ReaderScope {
  version?: string | null;
  language?: string | null;
  product?: string | null;
}

/** Whether a page is listed in the reader's scope; `widened` keeps only the language. A page listed nowhere is in every scope. */
export function scopeFilter(manifest: Manifest, reader: ReaderScope, widened: boolean): (page: number) => boolean {
  const sets = runLengths(manifest.pages, manifest.pageScopes);
  const fits = (wanted: string | null | undefined, value: string | null): boolean => !wanted || value === null || value === wanted;
  const rows = manifest.scopes.map(
    ([version, language, product]) => (widened || fits(reader.version, version)) && fits(reader.language, language) && (widened || fits(reader.product, product)),
  );
  const setFits = manifest.scopeSets.map((set) => set.length === 0 || set.some((scope) => rows[scope]));
  return (page) => setFits[sets[page]!] === true;
}

// ---- Excerpts ----

export interface TextPart {
  text: string;
  mark: boolean;
}

/** Where `text` shows the matched terms (whole words starting with one) and the query's Chinese or Japanese runs. */
function markedRanges(text: string, terms: readonly string[], query: string): [number, number][] {
  const words = terms.filter((term) => !isCjkToken(term));
  const runs = [...normalizeText(query).matchAll(CJK)].map((run) => run[0]);
  const ranges: [number, number][] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normalizeText(match[0]);
    if (words.some((term) => word.startsWith(term))) {
      ranges.push([match.index, match.index + match[0].length]);
      continue;
    }
    for (const run of runs) {
      for (let at = word.indexOf(run); at !== -1; at = word.indexOf(run, at + run.length)) ranges.push([match.index + at, match.index + at + run.length]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** `text` cut to `length` characters around its first match (whole when `length` is 0), as plain and marked parts. */
export function highlight(text: string, terms: readonly string[], query: string, length = 0): TextPart[] {
  const ranges = markedRanges(text, terms, query);
  let start = 0;
  let end = text.length;
  if (length > 0 && text.length > length) {
    const first = ranges[0]?.[0] ?? 0;
    start = first < length / 3 ? 0 : first - Math.floor(length / 3);
    end = Math.min(text.length, start + length);
  }
  const parts: TextPart[] = [];
  const push = (from: number, to: number, mark: boolean): void => {
    if (to > from) parts.push({ text: text.slice(from, to), mark });
  };
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= at || from >= end) continue;
    push(at, Math.max(at, from), false);
    push(Math.max(at, from), Math.min(to, end), true);
    at = Math.min(to, end);
  }
  push(at, end, false);
  if (start > 0) parts.unshift({ text: '…', mark: false });
  if (end < text.length) parts.push({ text: '…', mark: false });
  return parts;
}

// ---- Fetching ----

/** The index's files, each fetched once. */
export class IndexFiles {
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(private readonly folder: string) {}

  get<T>(name: string): Promise<T> {
    let file = this.cache.get(name);
    if (!file) {
      file = fetch(this.folder + name).then((response) => {
        if (!response.ok) throw new Error(`${name}: ${response.status}`);
        return response.json() as Promise<unknown>;
      });
      file.catch(() => this.cache.delete(name));
      this.cache.set(name, file);
    }
    return file as Promise<T>;
  }

  /** Forgets every file: the site was built again (or `dev` changed it), so the names have changed. */
  clear(): void {
    this.cache.clear();
  }
}

interface Result {
  hit: Hit;
  page: StoredPage;
}

export interface Found {
  total: number;
  terms: string[];
  results: Result[];
}

/** Results shown at most: the pages' details files are fetched for these only. */
const SHOWN = 12;
/** Headings shown under a page, at most. */
const HEADINGS_SHOWN = 3;
const EXCERPT_LENGTH = 160;

/** The entries of the file of `table` that holds `text` (none when there is no such file). */
async function entriesFor<T>(files: IndexFiles, table: Record<string, string>, text: string): Promise<Record<string, T>> {
  const name = fileOf(table, text);
  return name ? files.get<Record<string, T>>(name) : {};
}

/**
 * What one query word may stand for: the terms of its own term file (`candidatesOf`); for a word
 * that nothing there matches (itself, a completion, a near miss), the terms with a typo in the
 * first letter, from the tail files and then their own term files. A word spelt right, or being
 * typed, fetches nothing more.
 */
async function wordCandidates(files: IndexFiles, manifest: Manifest, token: string): Promise<Candidate[]> {
  const shard = await entriesFor<number[]>(files, manifest.shards, token);
  const candidates = candidatesOf(token, shard);
  if (candidates.length > 0 || typosAllowed(token) === 0) return candidates;
  const letters = new Map<string, string | undefined>();
  await Promise.all(tailsLookedUp(token).map(async (tail) => letters.set(tail, (await entriesFor<string>(files, manifest.tails, tail))[tail])));
  const terms = firstLetterTerms(token, (tail) => letters.get(tail)).slice(0, MAX_FIRST_LETTER);
  const found = await Promise.all(terms.map(async (term) => ({ term, weight: TYPO_WEIGHT, postings: (await entriesFor<number[]>(files, manifest.shards, term))[term] })));
  return found.filter((candidate): candidate is Candidate => candidate.postings !== undefined);
}

/**
 * The pages matching `query` in scope: how many, and the first ones as their lines show them
 * (address, title, section path, method), from `index.json` and the words' term files only. Their
 * sections are empty: `withDetails` reads them.
 */
export async function findPages(files: IndexFiles, query: string, reader: ReaderScope, widened: boolean): Promise<Found> {
  const manifest = await files.get<Manifest>(MANIFEST_FILE);
  if (manifest.format !== INDEX_FORMAT) throw new Error('index format');
  const tokens = queryTokens(query);
  if (tokens.length === 0) return { total: 0, terms: [], results: [] };
  const words = await Promise.all(tokens.map((token) => wordCandidates(files, manifest, token)));
  const ranking = rankPages(manifest.pages, words, scopeFilter(manifest, reader, widened), SHOWN);
  const paths = runLengths(manifest.pages, manifest.pagePaths);
  const line = (page: number): StoredPage => [manifest.hrefs[page]!, manifest.titles[page]!, manifest.paths[paths[page]!]!, manifest.methods[page] ?? '', []];
  return { total: ranking.total, terms: ranking.terms, results: ranking.hits.map((hit) => ({ hit, page: line(hit.page) })) };
}

/** `found` with each result's sections (headings and excerpt text), from the results' details files. */
export async function withDetails(files: IndexFiles, found: Found): Promise<Found> {
  if (found.results.length === 0) return found;
  const manifest = await files.get<Manifest>(MANIFEST_FILE);
  const sections = await Promise.all(found.results.map((result) => files.get<StoredSections>(detailFile(manifest, result.hit.page))));
  return { ...found, results: found.results.map((result, index) => ({ ...result, page: [...result.page.slice(0, 4), sections[index]!] as StoredPage })) };
}

/** The pages matching `query` in scope (how many, and the first ones with their stored text). */
export async function search(files: IndexFiles, query: string, reader: ReaderScope, widened: boolean): Promise<Found> {
  return withDetails(files, await findPages(files, query, reader, widened));
}

// ---- The dialog ----

interface Strings {
  search: string;
  placeholder: string;
  results: string;
  noResults: string;
  allVersions: string;
  allProducts: string;
  close: string;
  loading: string;
  failed: string;
}

interface Dialog {
  element: HTMLDialogElement;
  input: HTMLInputElement;
  /** Takes the words and the reader's scope the page shows now, and the results again in them. */
  refresh(): void;
}

let dialog: Dialog | undefined;
let opener: HTMLElement | undefined;

/**
 * Opens the dialog (made on first use), its input focused and its last query selected, in the
 * words of the language shown: the page script puts a language's words on the button when the
 * reader switches language in place (src/client/nav-switch.ts).
 */
export function openSearch(button: HTMLElement): void {
  opener = button;
  dialog ??= makeDialog(button);
  dialog.refresh();
  if (!dialog.element.open) dialog.element.showModal();
  dialog.input.focus();
  dialog.input.select();
}

function makeDialog(button: HTMLElement): Dialog {
  let strings: Partial<Strings> = {};
  let words: string | undefined;
  let shownScopes: Manifest | undefined;
  const text = (key: keyof Strings): string => strings[key] ?? '';
  const assets = document.querySelector<HTMLMetaElement>('meta[name="docjet:assets"]')?.content ?? '/_docjet/';
  const files = new IndexFiles(`${assets}search/`);

  const element = create('dialog', 'search-dialog');
  element.setAttribute('aria-modal', 'true');
  const box = create('div', 'search-box');
  const input = create('input', 'search-input');
  Object.assign(input, { type: 'text', autocomplete: 'off', spellcheck: false });
  setAttributes(input, { role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': 'dj-search-results', enterkeyhint: 'go' });
  const close = create('button', 'search-close');
  Object.assign(close, { type: 'button', textContent: '×' });
  box.append(input, close);
  const widen = create('label', 'search-widen');
  const widenBox = create('input');
  widenBox.type = 'checkbox';
  const widenText = create('span');
  widen.append(widenBox, widenText);
  widen.hidden = true;
  const status = create('p', 'search-status');
  setAttributes(status, { role: 'status', 'aria-live': 'polite' });
  const list = create('ul', 'search-results');
  setAttributes(list, { id: 'dj-search-results', role: 'listbox' });
  element.append(box, widen, status, list);
  document.body.append(element);

  let active = -1;
  let run = 0;
  const options = (): HTMLElement[] => [...list.querySelectorAll<HTMLElement>('[role="option"]')];
  const activate = (index: number): void => {
    const all = options();
    active = all.length === 0 ? -1 : (index + all.length) % all.length;
    all.forEach((option, at) => option.setAttribute('aria-selected', String(at === active)));
    const current = all[active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  };
  const go = (option: HTMLElement | undefined, newTab: boolean): void => {
    const href = option?.dataset.href;
    if (!href) return;
    if (newTab) {
      window.open(href, '_blank', 'noopener');
      return;
    }
    element.close();
    location.assign(href);
  };

  const update = async (): Promise<void> => {
    const query = input.value.trim();
    const current = ++run;
    list.setAttribute('aria-busy', 'true');
    if (query === '') {
      show({ total: 0, terms: [], results: [] }, '');
      return;
    }
    const slow = setTimeout(() => current === run && (status.textContent = text('loading')), 150);
    try {
      const manifest = await files.get<Manifest>(MANIFEST_FILE);
      showWiden(manifest);
      const scope = readerScope(button);
      // The results' lines show as soon as the term files are in; their details files add excerpts and headings.
      const ask = async (): Promise<Found> => {
        const lines = await findPages(files, query, scope, widenBox.checked);
        if (current !== run) return lines;
        clearTimeout(slow);
        show(lines, query, false);
        return withDetails(files, lines);
      };
      // A file that is gone was renamed by a new build: read the index afresh, once.
      const found = await ask().catch(() => {
        files.clear();
        return ask();
      });
      if (current === run) show(found, query, true);
    } catch {
      if (current === run) {
        list.replaceChildren();
        list.setAttribute('aria-busy', 'false');
        status.textContent = text('failed');
      }
    } finally {
      clearTimeout(slow);
    }
  };
  const showWiden = (manifest: Manifest): void => {
    shownScopes = manifest;
    const distinct = (at: number): number => new Set(manifest.scopes.map((scope) => scope[at]).filter((value) => value !== null)).size;
    const label = distinct(0) > 1 ? text('allVersions') : distinct(2) > 1 ? text('allProducts') : '';
    widenText.textContent = label;
    widen.hidden = label === '';
  };
  /** Shows results; `complete` once their details are in (before, the same results without excerpts and headings). */
  const show = ({ results, total, terms }: Found, query: string, complete = true): void => {
    // The option the reader moved to stays chosen when the details fill the same results in.
    const chosen = active > 0 && list.dataset.shown === query ? options()[active]?.dataset.href : undefined;
    list.replaceChildren(...results.flatMap((result) => resultOptions(result, terms, query)));
    list.dataset.shown = query;
    input.setAttribute('aria-expanded', String(results.length > 0));
    const words = query === '' ? '' : total === 0 ? text('noResults').replace('{query}', query) : text('results').replace('{count}', String(total));
    if (status.textContent !== words) status.textContent = words;
    const again = chosen === undefined ? -1 : options().findIndex((option) => option.dataset.href === chosen);
    activate(again === -1 ? 0 : again);
    if (!complete) return;
    // What the results shown answer: tests wait for it.
    list.dataset.query = query;
    list.setAttribute('aria-busy', 'false');
  };

  const refresh = (): void => {
    if (button.dataset.searchStrings !== words) {
      words = button.dataset.searchStrings;
      strings = readJson<Partial<Strings>>(words);
      element.setAttribute('aria-label', text('search'));
      input.placeholder = text('placeholder');
      input.setAttribute('aria-label', text('search'));
      list.setAttribute('aria-label', text('search'));
      close.setAttribute('aria-label', text('close'));
      if (shownScopes) showWiden(shownScopes);
    }
    // The status speaks the new words; a version or language chosen since changes the results.
    if (input.value.trim() !== '') void update();
  };

  input.addEventListener('input', () => void update());
  widenBox.addEventListener('change', () => void update());
  close.addEventListener('click', () => element.close());
  list.addEventListener('click', (event) => {
    const option = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="option"]') : null;
    if (option) go(option, event.ctrlKey || event.metaKey);
  });
  // A click on the backdrop (outside the dialog's box) closes it.
  element.addEventListener('click', (event) => {
    if (event.target === element) element.close();
  });
  element.addEventListener('close', () => opener?.focus());
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      element.close();
    } else if (event.key === 'Tab') {
      trapFocus(element, event);
    } else if (event.target === input && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      activate(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.target === input && event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      go(options()[active], event.ctrlKey || event.metaKey);
    }
  });
  return { element, input, refresh };
}

let optionCount = 0;

/** A page's option, then one per heading whose own words match; the page's excerpt from a matching section those leave out. */
function resultOptions({ hit, page }: Result, terms: readonly string[], query: string): HTMLElement[] {
  const [href, title, path, method, sections] = page;
  const headings: HTMLElement[] = [];
  const matching = sections.filter((_section, at) => (hit.sections & (1 << Math.min(at, 30))) !== 0);
  const own = new Set<(typeof sections)[number]>();
  for (const section of matching) {
    const [id, heading, text] = section;
    // A heading that repeats the page's title would list the same words twice: the page's result stands for it.
    const marked = id && !sameWords(heading, title) ? highlight(heading, terms, query) : [];
    if (headings.length >= HEADINGS_SHOWN || !marked.some((part) => part.mark)) continue;
    const headingOption = option(`${href}#${encodeURIComponent(id)}`, 'search-result search-heading');
    headingOption.append(span('search-result-title', marked));
    // The class keeps its name (sites may style it): an excerpt of the page, not a snippet file.
    if (text) headingOption.append(span('search-result-snippet', highlight(text, terms, query, EXCERPT_LENGTH)));
    headings.push(headingOption);
    own.add(section);
  }
  const pageOption = option(href, 'search-result');
  if (path) pageOption.append(span('search-result-path', [{ text: path, mark: false }]));
  const titleLine = span('search-result-title', highlight(title, terms, query));
  if (method) titleLine.prepend(span(`search-method method-${method.toLowerCase()}`, [{ text: method, mark: false }]));
  pageOption.append(titleLine);
  const excerpt = matching.find((section) => !own.has(section)) ?? (matching.length === 0 ? sections[0] : undefined);
  if (excerpt?.[2]) pageOption.append(span('search-result-snippet', highlight(excerpt[2], terms, query, EXCERPT_LENGTH)));
  return [pageOption, ...headings];
}

function sameWords(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function option(href: string, className: string): HTMLElement {
  const element = create('li', className);
  setAttributes(element, { role: 'option', id: `dj-search-option-${++optionCount}`, 'aria-selected': 'false' });
  element.dataset.href = href;
  return element;
}

/** Text and <mark>s, never markup: page text cannot become HTML here. */
function span(className: string, parts: readonly TextPart[]): HTMLElement {
  const element = create('span', className);
  element.append(...parts.map((part) => (part.mark ? Object.assign(create('mark'), { textContent: part.text }) : document.createTextNode(part.text))));
  return element;
}

/** The reader's version, language and product: the switchers' current entries, else the page's own. */
function readerScope(button: HTMLElement): ReaderScope {
  const scope = readJson<ReaderScope>(button.dataset.searchScope);
  const current = (dimension: 'version' | 'language'): string | undefined =>
    document.querySelector<HTMLElement>(`.${dimension}-switcher a[aria-current][data-${dimension}]`)?.dataset[dimension];
  return { ...scope, version: current('version') ?? scope.version ?? null, language: current('language') ?? scope.language ?? null };
}

/** Tab and Shift-Tab go round the dialog's own controls. */
function trapFocus(element: HTMLElement, event: KeyboardEvent): void {
  const focusable = [...element.querySelectorAll<HTMLElement>('input, button')].filter((control) => control.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function create<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  return element;
}

function setAttributes(element: Element, attributes: Record<string, string>): void {
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

function readJson<T extends object>(text: string | undefined): T {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return (value && typeof value === 'object' ? value : {}) as T;
  } catch {
    return {} as T;
  }
}
