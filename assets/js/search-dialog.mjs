// portable/search-format.js
var MANIFEST_FILE = "index.json";
var INDEX_FORMAT = 3;
var DETAIL_HASH = 10;
function detailFile(manifest, page) {
  return `f-${manifest.details.slice(page * DETAIL_HASH, (page + 1) * DETAIL_HASH)}.json`;
}
function characterKey(character) {
  return /^[a-z0-9]$/.test(character) ? character : `_${(character.codePointAt(0) % 64).toString(36)}`;
}

// portable/tokenize.js
var WORD = /[\p{L}\p{N}\u30fc]+/gu;
var CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;
var CJK_ANY = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
var CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
var ACCENTED = /[\u00c0-\u024f\u1e00-\u1eff]/g;
var MARKS = /\p{M}/gu;
var MAX_TOKEN_LENGTH = 40;
function normalizeText(text) {
  return text.toLowerCase().replace(ACCENTED, (letter) => letter.normalize("NFD").replace(MARKS, ""));
}
function tokenize(text) {
  const tokens = [];
  const normalized = normalizeText(text);
  const mixed = CJK_ANY.test(normalized);
  for (const [word] of normalized.matchAll(WORD)) {
    if (word.length > MAX_TOKEN_LENGTH)
      continue;
    if (!mixed || !CJK_ANY.test(word)) {
      tokens.push(word);
      continue;
    }
    let last = 0;
    for (const run of word.matchAll(CJK)) {
      if (run.index > last)
        tokens.push(word.slice(last, run.index));
      pushCjk(run[0], tokens);
      last = run.index + run[0].length;
    }
    if (last < word.length)
      tokens.push(word.slice(last));
  }
  return tokens;
}
function pushCjk(run, tokens) {
  const characters = [...run];
  for (let index = 0; index + 1 < characters.length; index++)
    tokens.push(characters[index] + characters[index + 1]);
  tokens.push(characters[characters.length - 1]);
}
function isCjkToken(token) {
  return CJK_START.test(token);
}

// client/search-dialog.mjs
function fileOf(files, text) {
  const [first, second] = [...text];
  if (first === void 0)
    return void 0;
  const key = characterKey(first);
  return files[key] ?? files[key + (second === void 0 ? "." : characterKey(second))];
}
function queryTokens(query) {
  const tokens = [...new Set(tokenize(query))];
  const words = tokens.filter((token) => token.length > 1 || isCjkToken(token));
  return words.length > 0 ? words : tokens.slice(0, 1);
}
function withinEdits(a, b, max) {
  if (Math.abs(a.length - b.length) > max)
    return false;
  let before = new Array(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max)
      return false;
    before = previous;
    previous = current;
  }
  return previous[b.length] <= max;
}
var MAX_CANDIDATES = 48;
var MAX_FIRST_LETTER = 8;
var TYPO_WEIGHT = 0.4;
function typosAllowed(token) {
  return isCjkToken(token) ? 0 : token.length >= 8 ? 2 : token.length >= 4 ? 1 : 0;
}
function candidatesOf(token, shard) {
  const exact = shard[token] ? [{ term: token, weight: 1, postings: shard[token] }] : [];
  const typos = typosAllowed(token);
  const others = [];
  for (const [term, postings] of Object.entries(shard)) {
    if (term === token)
      continue;
    if (term.startsWith(token))
      others.push({ term, weight: 0.5 + 0.4 * token.length / term.length, postings });
    else if (typos > 0 && withinEdits(token, term, typos))
      others.push({ term, weight: TYPO_WEIGHT, postings });
  }
  others.sort((a, b) => b.weight - a.weight || b.postings.length - a.postings.length);
  return [...exact, ...others.slice(0, MAX_CANDIDATES)];
}
function tailsLookedUp(token) {
  const [first = "", second = "", ...rest] = [...token];
  return [.../* @__PURE__ */ new Set([second + rest.join(""), token, first + rest.join(""), rest.join("")])].filter((tail) => tail.length >= 2);
}
function firstLetterTerms(token, lettersOf) {
  const [first = "", second = "", ...rest] = [...token];
  const tail = second + rest.join("");
  const terms = /* @__PURE__ */ new Set();
  for (const letter of lettersOf(tail) ?? "")
    terms.add(letter + tail);
  for (const letter of lettersOf(token) ?? "")
    terms.add(letter + token);
  if ([...lettersOf(first + rest.join("")) ?? ""].includes(second))
    terms.add(second + first + rest.join(""));
  if ([...lettersOf(rest.join("")) ?? ""].includes(second))
    terms.add(tail);
  terms.delete(token);
  return [...terms];
}
function rankPages(pages, words, inScope, limit) {
  const total = new Float64Array(pages);
  const all = new Int32Array(pages);
  const any = new Int32Array(pages);
  const matched = new Uint8Array(pages);
  const best = new Float64Array(pages);
  const mask = new Int32Array(pages);
  const terms = [];
  words.forEach((candidates, word) => {
    const touched = [];
    for (const { term, weight, postings } of candidates) {
      const rarity = Math.log(1 + pages / (postings.length / 3));
      let page = 0;
      let found = false;
      for (let index = 0; index < postings.length; index += 3) {
        page += postings[index];
        if (matched[page] !== word || word === 0 && !inScope(page))
          continue;
        const score = postings[index + 1] * weight * rarity;
        if (best[page] === 0)
          touched.push(page);
        if (score > best[page])
          best[page] = score;
        mask[page] |= postings[index + 2];
        found = true;
      }
      if (found)
        terms.push(term);
    }
    for (const page of touched) {
      matched[page] = word + 1;
      total[page] += best[page];
      all[page] = word === 0 ? mask[page] : all[page] & mask[page];
      any[page] |= mask[page];
      best[page] = 0;
      mask[page] = 0;
    }
  });
  const hits = [];
  let count = 0;
  for (let page = 0; page < pages; page++) {
    if (words.length === 0 || matched[page] !== words.length)
      continue;
    count++;
    const score = total[page];
    if (hits.length === limit && score <= hits[limit - 1].score)
      continue;
    let at = hits.length;
    while (at > 0 && hits[at - 1].score < score)
      at--;
    hits.splice(at, 0, { page, score, sections: all[page] || any[page] });
    if (hits.length > limit)
      hits.pop();
  }
  return { total: count, hits, terms };
}
function runLengths(pages, runs) {
  const values = new Uint32Array(pages);
  let page = 0;
  for (let index = 0; index < runs.length; index += 2) {
    values.fill(runs[index + 1], page, page + runs[index]);
    page += runs[index];
  }
  return values;
}
function scopeFilter(manifest, reader, widened) {
  const sets = runLengths(manifest.pages, manifest.pageScopes);
  const fits = (wanted, value) => !wanted || value === null || value === wanted;
  const rows = manifest.scopes.map(([version, language, product]) => (widened || fits(reader.version, version)) && fits(reader.language, language) && (widened || fits(reader.product, product)));
  const setFits = manifest.scopeSets.map((set) => set.length === 0 || set.some((scope) => rows[scope]));
  return (page) => setFits[sets[page]] === true;
}
function markedRanges(text, terms, query) {
  const words = terms.filter((term) => !isCjkToken(term));
  const runs = [...normalizeText(query).matchAll(CJK)].map((run) => run[0]);
  const ranges = [];
  for (const match of text.matchAll(WORD)) {
    const word = normalizeText(match[0]);
    if (words.some((term) => word.startsWith(term))) {
      ranges.push([match.index, match.index + match[0].length]);
      continue;
    }
    for (const run of runs) {
      for (let at = word.indexOf(run); at !== -1; at = word.indexOf(run, at + run.length))
        ranges.push([match.index + at, match.index + at + run.length]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}
function highlight(text, terms, query, length = 0) {
  const ranges = markedRanges(text, terms, query);
  let start = 0;
  let end = text.length;
  if (length > 0 && text.length > length) {
    const first = ranges[0]?.[0] ?? 0;
    start = first < length / 3 ? 0 : first - Math.floor(length / 3);
    end = Math.min(text.length, start + length);
  }
  const parts = [];
  const push = (from, to, mark) => {
    if (to > from)
      parts.push({ text: text.slice(from, to), mark });
  };
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= at || from >= end)
      continue;
    push(at, Math.max(at, from), false);
    push(Math.max(at, from), Math.min(to, end), true);
    at = Math.min(to, end);
  }
  push(at, end, false);
  if (start > 0)
    parts.unshift({ text: "\u2026", mark: false });
  if (end < text.length)
    parts.push({ text: "\u2026", mark: false });
  return parts;
}
var IndexFiles = class {
  folder;
  cache = /* @__PURE__ */ new Map();
  constructor(folder) {
    this.folder = folder;
  }
  get(name) {
    let file = this.cache.get(name);
    if (!file) {
      file = fetch(this.folder + name).then((response) => {
        if (!response.ok)
          throw new Error(`${name}: ${response.status}`);
        return response.json();
      });
      file.catch(() => this.cache.delete(name));
      this.cache.set(name, file);
    }
    return file;
  }
  clear() {
    this.cache.clear();
  }
};
var SHOWN = 12;
var HEADINGS_SHOWN = 3;
var EXCERPT_LENGTH = 160;
async function entriesFor(files, table, text) {
  const name = fileOf(table, text);
  return name ? files.get(name) : {};
}
async function wordCandidates(files, manifest, token) {
  const shard = await entriesFor(files, manifest.shards, token);
  const candidates = candidatesOf(token, shard);
  if (candidates.length > 0 || typosAllowed(token) === 0)
    return candidates;
  const letters = /* @__PURE__ */ new Map();
  await Promise.all(tailsLookedUp(token).map(async (tail) => letters.set(tail, (await entriesFor(files, manifest.tails, tail))[tail])));
  const terms = firstLetterTerms(token, (tail) => letters.get(tail)).slice(0, MAX_FIRST_LETTER);
  const found = await Promise.all(terms.map(async (term) => ({ term, weight: TYPO_WEIGHT, postings: (await entriesFor(files, manifest.shards, term))[term] })));
  return found.filter((candidate) => candidate.postings !== void 0);
}
async function findPages(files, query, reader, widened) {
  const manifest = await files.get(MANIFEST_FILE);
  if (manifest.format !== INDEX_FORMAT)
    throw new Error("index format");
  const tokens = queryTokens(query);
  if (tokens.length === 0)
    return { total: 0, terms: [], results: [] };
  const words = await Promise.all(tokens.map((token) => wordCandidates(files, manifest, token)));
  const ranking = rankPages(manifest.pages, words, scopeFilter(manifest, reader, widened), SHOWN);
  const paths = runLengths(manifest.pages, manifest.pagePaths);
  const line = (page) => [manifest.hrefs[page], manifest.titles[page], manifest.paths[paths[page]], manifest.methods[page] ?? "", []];
  return { total: ranking.total, terms: ranking.terms, results: ranking.hits.map((hit) => ({ hit, page: line(hit.page) })) };
}
async function withDetails(files, found) {
  if (found.results.length === 0)
    return found;
  const manifest = await files.get(MANIFEST_FILE);
  const sections = await Promise.all(found.results.map((result) => files.get(detailFile(manifest, result.hit.page))));
  return { ...found, results: found.results.map((result, index) => ({ ...result, page: [...result.page.slice(0, 4), sections[index]] })) };
}
async function search(files, query, reader, widened) {
  return withDetails(files, await findPages(files, query, reader, widened));
}
var dialog;
var opener;
function openSearch(button) {
  opener = button;
  dialog ??= makeDialog(button);
  dialog.refresh();
  if (!dialog.element.open)
    dialog.element.showModal();
  dialog.input.focus();
  dialog.input.select();
}
function makeDialog(button) {
  let strings = {};
  let words;
  let shownScopes;
  const text = (key) => strings[key] ?? "";
  const assets = document.querySelector('meta[name="docjet:assets"]')?.content ?? "/_docjet/";
  const files = new IndexFiles(`${assets}search/`);
  const element = create("dialog", "search-dialog");
  element.setAttribute("aria-modal", "true");
  const box = create("div", "search-box");
  const input = create("input", "search-input");
  Object.assign(input, { type: "text", autocomplete: "off", spellcheck: false });
  setAttributes(input, { role: "combobox", "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": "dj-search-results", enterkeyhint: "go" });
  const close = create("button", "search-close");
  Object.assign(close, { type: "button", textContent: "\xD7" });
  box.append(input, close);
  const widen = create("label", "search-widen");
  const widenBox = create("input");
  widenBox.type = "checkbox";
  const widenText = create("span");
  widen.append(widenBox, widenText);
  widen.hidden = true;
  const status = create("p", "search-status");
  setAttributes(status, { role: "status", "aria-live": "polite" });
  const list = create("ul", "search-results");
  setAttributes(list, { id: "dj-search-results", role: "listbox" });
  element.append(box, widen, status, list);
  document.body.append(element);
  let active = -1;
  let run = 0;
  const options = () => [...list.querySelectorAll('[role="option"]')];
  const activate = (index) => {
    const all = options();
    active = all.length === 0 ? -1 : (index + all.length) % all.length;
    all.forEach((option2, at) => option2.setAttribute("aria-selected", String(at === active)));
    const current = all[active];
    if (current) {
      input.setAttribute("aria-activedescendant", current.id);
      current.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  };
  const go = (option2, newTab) => {
    const href = option2?.dataset.href;
    if (!href)
      return;
    if (newTab) {
      window.open(href, "_blank", "noopener");
      return;
    }
    element.close();
    location.assign(href);
  };
  const update = async () => {
    const query = input.value.trim();
    const current = ++run;
    list.setAttribute("aria-busy", "true");
    if (query === "") {
      show({ total: 0, terms: [], results: [] }, "");
      return;
    }
    const slow = setTimeout(() => current === run && (status.textContent = text("loading")), 150);
    try {
      const manifest = await files.get(MANIFEST_FILE);
      showWiden(manifest);
      const scope = readerScope(button);
      const ask = async () => {
        const lines = await findPages(files, query, scope, widenBox.checked);
        if (current !== run)
          return lines;
        clearTimeout(slow);
        show(lines, query, false);
        return withDetails(files, lines);
      };
      const found = await ask().catch(() => {
        files.clear();
        return ask();
      });
      if (current === run)
        show(found, query, true);
    } catch {
      if (current === run) {
        list.replaceChildren();
        list.setAttribute("aria-busy", "false");
        status.textContent = text("failed");
      }
    } finally {
      clearTimeout(slow);
    }
  };
  const showWiden = (manifest) => {
    shownScopes = manifest;
    const distinct = (at) => new Set(manifest.scopes.map((scope) => scope[at]).filter((value) => value !== null)).size;
    const label = distinct(0) > 1 ? text("allVersions") : distinct(2) > 1 ? text("allProducts") : "";
    widenText.textContent = label;
    widen.hidden = label === "";
  };
  const show = ({ results, total, terms }, query, complete = true) => {
    const chosen = active > 0 && list.dataset.shown === query ? options()[active]?.dataset.href : void 0;
    list.replaceChildren(...results.flatMap((result) => resultOptions(result, terms, query)));
    list.dataset.shown = query;
    input.setAttribute("aria-expanded", String(results.length > 0));
    const words2 = query === "" ? "" : total === 0 ? text("noResults").replace("{query}", query) : text("results").replace("{count}", String(total));
    if (status.textContent !== words2)
      status.textContent = words2;
    const again = chosen === void 0 ? -1 : options().findIndex((option2) => option2.dataset.href === chosen);
    activate(again === -1 ? 0 : again);
    if (!complete)
      return;
    list.dataset.query = query;
    list.setAttribute("aria-busy", "false");
  };
  const refresh = () => {
    if (button.dataset.searchStrings !== words) {
      words = button.dataset.searchStrings;
      strings = readJson(words);
      element.setAttribute("aria-label", text("search"));
      input.placeholder = text("placeholder");
      input.setAttribute("aria-label", text("search"));
      list.setAttribute("aria-label", text("search"));
      close.setAttribute("aria-label", text("close"));
      if (shownScopes)
        showWiden(shownScopes);
    }
    if (input.value.trim() !== "")
      void update();
  };
  input.addEventListener("input", () => void update());
  widenBox.addEventListener("change", () => void update());
  close.addEventListener("click", () => element.close());
  list.addEventListener("click", (event) => {
    const option2 = event.target instanceof Element ? event.target.closest('[role="option"]') : null;
    if (option2)
      go(option2, event.ctrlKey || event.metaKey);
  });
  element.addEventListener("click", (event) => {
    if (event.target === element)
      element.close();
  });
  element.addEventListener("close", () => opener?.focus());
  element.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      element.close();
    } else if (event.key === "Tab") {
      trapFocus(element, event);
    } else if (event.target === input && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      activate(active + (event.key === "ArrowDown" ? 1 : -1));
    } else if (event.target === input && event.key === "Enter" && !event.isComposing) {
      event.preventDefault();
      go(options()[active], event.ctrlKey || event.metaKey);
    }
  });
  return { element, input, refresh };
}
var optionCount = 0;
function resultOptions({ hit, page }, terms, query) {
  const [href, title, path, method, sections] = page;
  const headings = [];
  const matching = sections.filter((_section, at) => (hit.sections & 1 << Math.min(at, 30)) !== 0);
  const own = /* @__PURE__ */ new Set();
  for (const section of matching) {
    const [id, heading, text] = section;
    const marked = id && !sameWords(heading, title) ? highlight(heading, terms, query) : [];
    if (headings.length >= HEADINGS_SHOWN || !marked.some((part) => part.mark))
      continue;
    const headingOption = option(`${href}#${encodeURIComponent(id)}`, "search-result search-heading");
    headingOption.append(span("search-result-title", marked));
    if (text)
      headingOption.append(span("search-result-snippet", highlight(text, terms, query, EXCERPT_LENGTH)));
    headings.push(headingOption);
    own.add(section);
  }
  const pageOption = option(href, "search-result");
  if (path)
    pageOption.append(span("search-result-path", [{ text: path, mark: false }]));
  const titleLine = span("search-result-title", highlight(title, terms, query));
  if (method)
    titleLine.prepend(span(`search-method method-${method.toLowerCase()}`, [{ text: method, mark: false }]));
  pageOption.append(titleLine);
  const excerpt = matching.find((section) => !own.has(section)) ?? (matching.length === 0 ? sections[0] : void 0);
  if (excerpt?.[2])
    pageOption.append(span("search-result-snippet", highlight(excerpt[2], terms, query, EXCERPT_LENGTH)));
  return [pageOption, ...headings];
}
function sameWords(a, b) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
function option(href, className) {
  const element = create("li", className);
  setAttributes(element, { role: "option", id: `dj-search-option-${++optionCount}`, "aria-selected": "false" });
  element.dataset.href = href;
  return element;
}
function span(className, parts) {
  const element = create("span", className);
  element.append(...parts.map((part) => part.mark ? Object.assign(create("mark"), { textContent: part.text }) : document.createTextNode(part.text)));
  return element;
}
function readerScope(button) {
  const scope = readJson(button.dataset.searchScope);
  const current = (dimension) => document.querySelector(`.${dimension}-switcher a[aria-current][data-${dimension}]`)?.dataset[dimension];
  return { ...scope, version: current("version") ?? scope.version ?? null, language: current("language") ?? scope.language ?? null };
}
function trapFocus(element, event) {
  const focusable = [...element.querySelectorAll("input, button")].filter((control) => control.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last)
    return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
function create(tag, className) {
  const element = document.createElement(tag);
  if (className)
    element.className = className;
  return element;
}
function setAttributes(element, attributes) {
  for (const [name, value] of Object.entries(attributes))
    element.setAttribute(name, value);
}
function readJson(text) {
  try {
    const value = JSON.parse(text ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}
export {
  IndexFiles,
  candidatesOf,
  characterKey,
  fileOf,
  findPages,
  firstLetterTerms,
  highlight,
  openSearch,
  queryTokens,
  rankPages,
  scopeFilter,
  search,
  tailsLookedUp,
  tokenize,
  withDetails,
  withinEdits
};
