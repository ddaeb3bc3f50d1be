/**
 * The fast reader (src/content/mdx/fast-parse.ts) must give micromark's tree exactly, or give up:
 * checked on constructs one by one, on what it must leave to micromark, on random documents built
 * from docs-like pieces and mutated, on the 300 generated pages of test/fixtures/fast-reader-sample/
 * (always), and on every page of the corpus when it is there (a line says when it is not) in the
 * long run (`node scripts/run-tests.mjs --full`: 5,000 fuzz rounds instead of 1,000, test/support/long-runs.ts).
 *
 * The random documents come from a new seed each run, printed; DOCJET_FUZZ_SEED=<seed> repeats a run.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';

/** GFM as parse.ts reads it: its literal-autolink pass runs later, on the whole tree. */
const gfmWithoutTransforms = () => gfmFromMarkdown().map((extension) => ({ ...extension, transforms: [] }));
import { readFrontmatter } from '../../src/content/frontmatter.ts';
import { fastParseMarkdown, fastParseMdx } from '../../src/content/mdx/fast-parse.ts';
import { parseInSections } from '../../src/content/mdx/parse.ts';
import { random as seeded } from '../support/fuzz.ts';
import { generateSample } from '../support/mdx-sample.ts';
import { fuzzRounds, LONG_RUN } from '../support/long-runs.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const CORPUS = process.env['DOCJET_CORPUS'] ?? path.resolve(REPO, '../shared/corpus');
const SAMPLE = path.join(REPO, 'test/fixtures/fast-reader-sample');

/** A new seed each run unless DOCJET_FUZZ_SEED names one, printed so that a failure can be repeated. */
const FUZZ_SEED = process.env['DOCJET_FUZZ_SEED'] ? Number(process.env['DOCJET_FUZZ_SEED']) : Math.floor(Math.random() * 2 ** 31);
console.log(`fast reader: fuzz seed ${FUZZ_SEED} (DOCJET_FUZZ_SEED=${FUZZ_SEED} repeats this run)`);
/** Each test's own stream of the run's seed. */
const fuzz = (stream: number) => seeded(FUZZ_SEED + stream);

/** micromark's tree as parse.ts asks for it (math only when the text has a `$`), or 'threw'. */
function micromark(text: string): unknown {
  try {
    const mathToo = text.includes('$');
    return fromMarkdown(text, {
      extensions: mathToo ? [mdxjs(), gfm(), math()] : [mdxjs(), gfm()],
      mdastExtensions: mathToo ? [mdxFromMarkdown(), gfmWithoutTransforms(), mathFromMarkdown()] : [mdxFromMarkdown(), gfmWithoutTransforms()],
    });
  } catch {
    return 'threw';
  }
}

/** Plain data with keys in order, `undefined` fields dropped: two trees compare as JSON. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => [key, canonical(record[key])]),
  );
}

/** micromark's tree of Markdown (`.md` pages, OpenAPI descriptions), or 'threw'. */
function micromarkMarkdown(text: string): unknown {
  const mathToo = text.includes('$');
  return fromMarkdown(text, {
    extensions: mathToo ? [gfm(), math()] : [gfm()],
    mdastExtensions: mathToo ? [gfmWithoutTransforms(), mathFromMarkdown()] : [gfmWithoutTransforms()],
  });
}

/** Undefined when the fast Markdown reader gave up or agrees with micromark; else what differs. */
function markdownDisagreement(text: string): string | undefined {
  const fast = fastParseMarkdown(text);
  if (fast === undefined) return undefined;
  const a = JSON.stringify(canonical(fast));
  const b = JSON.stringify(canonical(micromarkMarkdown(text)));
  if (a === b) return undefined;
  let at = 0;
  while (a[at] === b[at]) at++;
  return `fast: …${a.slice(Math.max(0, at - 160), at + 120)}\nmicromark: …${b.slice(Math.max(0, at - 160), at + 120)}`;
}

/** What parse.ts reads fast: the whole page, else section by section. */
function readFast(text: string): unknown {
  return fastParseMdx(text) ?? parseInSections(text);
}

/** The error micromark throws, as `repair.ts` reads it; undefined when it reads the text. */
function micromarkError(text: string): string | undefined {
  try {
    fromMarkdown(text, { extensions: [mdxjs(), gfm()], mdastExtensions: [mdxFromMarkdown(), gfmWithoutTransforms()] });
    return undefined;
  } catch (error) {
    return errorSummary(error);
  }
}

function errorSummary(error: unknown): string {
  const { reason, place, source, cause } = error as { reason?: string; place?: unknown; source?: string; cause?: { message?: string } };
  return JSON.stringify({ reason, place, source, cause: cause?.message });
}

/** Undefined when the fast reader gave up or agrees with micromark (or throws what it throws); else what differs. */
function disagreement(text: string): string | undefined {
  let fast: unknown;
  try {
    fast = readFast(text);
  } catch (error) {
    const mine = errorSummary(error);
    const theirs = micromarkError(text);
    return mine === theirs ? undefined : `fast threw ${mine}, micromark ${theirs ?? 'read it'}`;
  }
  if (fast === undefined) return undefined;
  const expected = micromark(text);
  if (expected === 'threw') return 'micromark throws on this text, the fast reader read it';
  const a = JSON.stringify(canonical(fast));
  const b = JSON.stringify(canonical(expected));
  if (a === b) return undefined;
  let at = 0;
  while (a[at] === b[at]) at++;
  return `fast: …${a.slice(Math.max(0, at - 160), at + 120)}\nmicromark: …${b.slice(Math.max(0, at - 160), at + 120)}`;
}

/** Whether the fast reader reads `text`: into a tree, or to micromark's own error for a name imported twice (which `disagreement` compared). */
function readsFast(text: string): boolean {
  try {
    return fastParseMdx(text) !== undefined;
  } catch {
    return true;
  }
}

function assertSame(text: string): void {
  assert.notEqual(fastParseMdx(text), undefined, `the fast reader gave up on:\n${text}`);
  const problem = disagreement(text);
  assert.equal(problem, undefined, `${problem}\nfor:\n${text}`);
}

describe('fast MDX reader', () => {
  it('reads the constructs of docs pages as micromark does', () => {
    const cases = [
      '# Title\n\nA paragraph with *emphasis*, **strong**, `code` and a [link](/a "title").\n',
      '## Heading ##  \n\nText  \nwith a hard break and\na soft one.\\\nAnd an escaped one.\n',
      'Before\n<Tip>\n  Inside, **bold** and `code`.\n\n  Second paragraph.\n</Tip>\nAfter\n',
      '<Card title="A card" icon="book" href="/x" horizontal cols={2} open={true}>\n  Text\n</Card>\n',
      '<img\n  alt="multi-line tag"\n  src="/a.png"\n/>\n',
      'A <Tooltip tip="hint">word</Tooltip> in text, ![an image](/i.png) and **<Icon name="x" /> bold**.\n',
      '- one\n- two\n  - nested\n  - nested two\n- three\n\n1. first\n2. second\n\n   ```bash\n   npm i\n   ```\n3. third\n',
      '- tight\n- list\n\n- now\n\n- loose\n',
      ' - indented\n- sibling\n\n10) ten\n11) eleven\n',
      '      <Step title="Install">\n        Run this:\n\n        ```bash title="x" \n        npm i -g mint\n          indented\n        ```\n      </Step>\n',
      'import A from "/snippets/a.mdx";\nimport { B, C as D } from "/snippets/b.mdx";\n\n<A />\n',
      '***\n\n---\n\nText *with _nested_ emphasis* and ***both***, snake_case_word, 2*3*4 and * alone.\n',
      'Punctuation: “*quoted*”, emoji *😀*, dash—*x*— and _é_.\n',
      '[not a link] and [also] and ]brackets[, [a](</b>) no.\n'.replace('[a](</b>) no', '(parens)'),
      '```\nunclosed? no: closed\n```\n\n~~~js\ntilde fence\n~~~\n',
      'Code: `` a ` b `` and ` c ` and `$price`.\n\n```json\n{"$schema": "x"}\n```\n',
    ];
    for (const text of cases) assertSame(text);
  });

  it('leaves to micromark what it does not read exactly', () => {
    const cases = [
      '> a quote\nand its lazy line\n',
      'An {expression} here\n',
      'An entity &amp; here\n',
      'A www.example.com literal link\n',
      'Mail me@example.com\n',
      '[docs]: https://example.com\n\n[docs]\n',
      '- item\nlazy line\n',
      '\t- tab indent\n',
      'Math $x$ here\n',
      '<!-- comment -->\n',
      'Setext\n===\n',
      '- [ ] task\n',
      'Strike ~~this~~\n',
      '<Tip>\n  unclosed\n',
      'Footnote[^1]\n',
    ];
    for (const text of cases) assert.equal(fastParseMdx(text), undefined, `read fast, should give up:\n${text}`);
    // A paragraph of thousands of pieces: matching brackets and emphasis would look back over all of them.
    assert.equal(fastParseMdx('Line with *emphasis* and ] and [a](/b)\n'.repeat(5_000)), undefined);
  });

  it('reads GFM tables as micromark does', () => {
    const cases = [
      '| a | b |\n|:--|--:|\n| x *y* | z |\n|w\n\npara\n',
      '  | a | b |  \n  |---|---|\n| x | y |  \n',
      'para\n| a | b |\n|---|---|\n| c | d |\n',
      '| `a\\|b` | c \\| d |\n|:-:|---|\n|| e |\n',
      '| a |\n|---|  \n\nx\n',
      'a | b\n-|-\nc\n# h\n',
      '| a |\n| - |\n| b | c | d |\n- x\n',
      '<Tip>\n| Name | Type |\n| --- | --- |\n| `id` | <Icon icon="x" /> [link](/a) |\n</Tip>\n',
      '- | a |\n  |---|\n  | b |\nc\n',
    ];
    for (const text of cases) assertSame(text);
    for (const text of ['| a |\n|---|\n| &amp; |\n', '| a |\n|---|\n| {x} |\n', '| a |\n|---|\n| ~~b~~ |\n']) assert.equal(fastParseMdx(text), undefined, text);
    // Random tables: rows, delimiter rows and what may end them, mutated with the characters tables care about.
    // 400 random tables a run (a new seed each run; the long run 5,000): the fixed cases above hold the known ones.
    const random = fuzz(11);
    const rounds = fuzzRounds(400, 5000);
    const pieces = [
      '| a | b |',
      '|---|---|',
      '|:--|--:|',
      '| :-: | - |',
      'a | b',
      '-|-',
      ':-',
      '| `c\\|d` | *e* |',
      '|x|',
      '||',
      '| a \\| b | c',
      '  | indented |',
      '    | four |',
      '| a |  ',
      '|_a_|**b**|',
      '| <Icon icon="x" /> | [l](/a) |',
      '| --- |',
      '|-',
      '- | item |',
      'text',
      '# h',
      '- item',
      '1. one',
      '2. two',
      '<Tip>\n| in | tip |\n|--|--|\n</Tip>',
      '```\n| in | code |\n```',
      '---',
      '===',
      '',
      '',
      'x `a|b` y',
      '\\|',
      '| a | b | c |',
    ];
    const specials = ['|', '|', ':', '-', '\\', '`', ' ', '*', '_', '\n', '<', '#'];
    let read = 0;
    for (let round = 0; round < rounds; round++) {
      const count = 2 + Math.floor(random() * 8);
      const lines = Array.from({ length: count }, () => pieces[Math.floor(random() * pieces.length)]!);
      // Mostly a head and delimiter row somewhere, so that most documents hold a table.
      const heads = ['| a | b |', 'a | b', '|x|', '| `c` | *e* | f |', 'x'];
      const delimiters = ['|---|---|', '-|-', '| --- |', '|:-:|--:|---|', ':-'];
      if (random() < 0.8) lines.splice(Math.floor(random() * lines.length), 0, heads[Math.floor(random() * heads.length)]!, delimiters[Math.floor(random() * delimiters.length)]!);
      let text = `${lines.join('\n')}\n`;
      const mutations = Math.floor(random() * 3);
      for (let mutation = 0; mutation < mutations; mutation++) {
        const at = Math.floor(random() * (text.length + 1));
        const special = specials[Math.floor(random() * specials.length)]!;
        text = random() < 0.7 ? text.slice(0, at) + special + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      const problem = disagreement(text);
      assert.equal(problem, undefined, `${problem}\nfor (DOCJET_FUZZ_SEED=${FUZZ_SEED}):\n${JSON.stringify(text)}`);
      const markdownProblem = markdownDisagreement(text);
      assert.equal(markdownProblem, undefined, `Markdown: ${markdownProblem}\nfor (DOCJET_FUZZ_SEED=${FUZZ_SEED}):\n${JSON.stringify(text)}`);
      if (fastParseMdx(text)?.children.some((node) => node.type === 'table')) read++;
    }
    // About a fifth with the seeds tried; half of it for any seed (the seed changes every run).
    assert.ok(read > rounds / 10, `only ${read} of ${rounds} documents with tables were read fast`);
  });

  it('reads quotes as micromark does', () => {
    const cases = [
      '> a *b*\n>c\n>\n> - x\n>   y  \n\nz\n',
      '  > # h\n  >\n  > ```js\n  > x\n  > ```\n',
      'p\n> q\n',
      '> a  \n> \nb\n',
      '> <Tip>\n> x\n> </Tip>\n',
      '* a\n  > q\n  > r\n',
      '> > nested\n> >\n> back\n',
      '> | a | b |\n> |---|---|\n> | c | d |\n',
    ];
    for (const text of cases) assertSame(text);
    const random = fuzz(13);
    const rounds = fuzzRounds(400, 5000);
    const pieces = [
      '> text',
      '> text',
      '>',
      '> > nested',
      '> - item',
      '>   continued',
      '> ```',
      '> # h',
      '> | a |',
      '> |---|',
      '>text',
      '> *em* and `code`',
      '   > indented',
      '    > four',
      '> <Tip>',
      '> </Tip>',
      '> 1. one',
      '>  two spaces',
      'plain',
      '',
      '',
      '- item',
      '  > in item',
      '  >',
      '# h',
      '```',
    ];
    const specials = ['>', '> ', ' ', '\n', '-', '`', '|', '*', '#'];
    let read = 0;
    for (let round = 0; round < rounds; round++) {
      const count = 1 + Math.floor(random() * 8);
      let text = `${Array.from({ length: count }, () => pieces[Math.floor(random() * pieces.length)]!).join('\n')}\n`;
      const mutations = Math.floor(random() * 3);
      for (let mutation = 0; mutation < mutations; mutation++) {
        const at = Math.floor(random() * (text.length + 1));
        const special = specials[Math.floor(random() * specials.length)]!;
        text = random() < 0.7 ? text.slice(0, at) + special + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      const problem = disagreement(text);
      assert.equal(problem, undefined, `${problem}\nfor (DOCJET_FUZZ_SEED=${FUZZ_SEED}):\n${JSON.stringify(text)}`);
      const markdownProblem = markdownDisagreement(text);
      assert.equal(markdownProblem, undefined, `Markdown: ${markdownProblem}\nfor (DOCJET_FUZZ_SEED=${FUZZ_SEED}):\n${JSON.stringify(text)}`);
      if (fastParseMdx(text)?.children.some((node) => node.type === 'blockquote')) read++;
    }
    assert.ok(read > rounds / 10, `only ${read} of ${rounds} documents with quotes were read fast`);
  });

  it('reads Markdown as micromark does, leaving raw HTML, autolinks and indented code to it', () => {
    const same = [
      'A {brace} is text in Markdown, *emphasis* and `code` and [a link](/x).\n\n- item\n  - nested\n\n```js\nx\n   ```\n',
      '# Heading\n\nText after *it*.\\\nA hard break before.\n',
    ];
    for (const text of same) {
      assert.notEqual(fastParseMarkdown(text), undefined, text);
      assert.equal(markdownDisagreement(text), undefined, text);
    }
    for (const text of ['<div>html</div>\n', 'An <https://autolink.example>\n', 'Para\n\n    indented code\n', '- item\n\n      code in item\n', 'Inline <b>html</b>\n']) {
      assert.equal(fastParseMarkdown(text), undefined, text);
    }
    const random = fuzz(5);
    const pieces = [
      '# Heading',
      'Text with *em* and `code` {x}',
      '- item',
      '    four spaces',
      '  two spaces',
      '1. one',
      '',
      '```',
      'code',
      '   ```',
      '    ```',
      'A [link](/a) here',
      'Text  ',
      '<b>x</b>',
      '***',
    ];
    const rounds = fuzzRounds(1000, 5000) / 5;
    for (let round = 0; round < rounds; round++) {
      const count = 1 + Math.floor(random() * 10);
      const text = `${Array.from({ length: count }, () => pieces[Math.floor(random() * pieces.length)]!).join('\n')}\n`;
      const problem = markdownDisagreement(text);
      assert.equal(problem, undefined, `${problem}\nfor (DOCJET_FUZZ_SEED=${FUZZ_SEED}):\n${JSON.stringify(text)}`);
    }
  });

  it('throws what micromark throws for a name imported twice, so the page is repaired as before', () => {
    const twice = 'import A from "a";\n\n# x\n\nimport { B, A } from "a";\n';
    assert.throws(() => fastParseMdx(twice));
    assert.notEqual(micromarkError(twice), undefined);
    assert.equal(disagreement(twice), undefined);
    // Twice in one block: acorn's own error, left to micromark.
    assert.equal(fastParseMdx('import A from "a";\nimport A from "b";\n'), undefined);
  });

  it('agrees with micromark on random docs-like documents and their mutations', () => {
    // 1,000 rounds, 5,000 with --full; DOCJET_FUZZ_ROUNDS runs a longer search locally; DOCJET_FUZZ_SEED repeats a run.
    const random = fuzz(20261126);
    const rounds = fuzzRounds(1000, 5000);
    const pieces = [
      '# Heading',
      '## Heading *em* `code`',
      'Plain text line',
      'Text with **strong** and _em_ and `code`',
      'A [link](/path "t") and ![img](/i.png)',
      '- item',
      '- item with `code`',
      '  - nested item',
      '1. first',
      '2. second',
      '   continuation',
      '',
      '',
      '',
      '<Tip>',
      '</Tip>',
      '<Note title="x">',
      '</Note>',
      '<Card title="c" href="/c" />',
      '  <Step title="s">',
      '  </Step>',
      '<Steps>',
      '</Steps>',
      '```bash',
      'npm install',
      '```',
      '---',
      'Line with trailing spaces  ',
      'Ends with backslash\\',
      'import X from "/x.mdx";',
      'Inline <Icon icon="a" /> tag',
      'Text *unclosed',
      'under_score_word',
      '    indented text',
      '* star item',
      '+ plus item',
      '10. ten',
    ];
    // Mostly characters the fast reader reads (so that what it accepts is what gets tested), some it leaves.
    const specials = [
      '*',
      '**',
      '_',
      '`',
      '``',
      '[',
      ']',
      '](',
      '(',
      ')',
      '<',
      '>',
      '/',
      '!',
      '\\',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '#',
      '-',
      '- ',
      '"',
      ':',
      '1. ',
      '😀',
      '“',
      'é',
      '{',
      '~',
      '&',
      '|',
      '$',
    ];
    let checked = 0;
    for (let round = 0; round < rounds; round++) {
      const lines: string[] = [];
      const count = 1 + Math.floor(random() * 12);
      for (let line = 0; line < count; line++) lines.push(pieces[Math.floor(random() * pieces.length)]!);
      let text = `${lines.join('\n')}\n`;
      const mutations = Math.floor(random() * 3);
      for (let mutation = 0; mutation < mutations; mutation++) {
        const at = Math.floor(random() * (text.length + 1));
        const special = specials[Math.floor(random() * specials.length)]!;
        text = random() < 0.7 ? text.slice(0, at) + special + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      const problem = disagreement(text);
      assert.equal(problem, undefined, `${problem}\nfor (DOCJET_FUZZ_SEED=${FUZZ_SEED}):\n${JSON.stringify(text)}`);
      if (readsFast(text)) checked++;
    }
    // The fast reader read a good part of them (the check would be empty otherwise).
    assert.ok(checked > rounds / 20, `only ${checked} of ${rounds} documents were read fast`);
  });

  it('reads a page in sections when it cannot read it whole, as micromark reads the whole', () => {
    const random = fuzz(7);
    const rounds = fuzzRounds(500, 5000) / 10;
    const blocks = [
      '## Section\n\nText with **strong**, `code` and a [link](/a).\n',
      '| a | b |\n|---|---|\n| 1 | 2 |\n',
      '> A quote\n> over two lines\n',
      '<Tip>\n  A tip {expression} inside.\n</Tip>\n',
      '- list\n- items\n\n  continued\n',
      '```js\nconst a = { b: 1 };\n\n## not a heading\n```\n',
      '<Steps>\n  <Step title="One">\n    Do this.\n\n    ## Heading inside\n  </Step>\n</Steps>\n',
      'Entity &amp; and www.example.com here.\n',
      '### Another\n\n1. one\n2. two\n',
      '$$\nx^2\n\n## in math\n$$\n',
      '{/* comment */}\n',
    ];
    let split = 0;
    for (let round = 0; round < rounds; round++) {
      const parts: string[] = [];
      const count = 10 + Math.floor(random() * 40);
      for (let part = 0; part < count; part++) parts.push(blocks[Math.floor(random() * blocks.length)]!);
      const text = parts.join('\n');
      const problem = disagreement(text);
      assert.equal(problem, undefined, `${problem}\nfor (DOCJET_FUZZ_SEED=${FUZZ_SEED}):\n${JSON.stringify(text)}`);
      if (fastParseMdx(text) === undefined && parseInSections(text) !== undefined) split++;
    }
    assert.ok(split > rounds / 8, `only ${split} of ${rounds} pages were read in sections`);
  });

  it('agrees with micromark on every page of the generated sample (test/fixtures/fast-reader-sample)', () => {
    const names = readdirSync(SAMPLE).sort();
    assert.ok(names.length >= 300, `${names.length} sample pages: run node --import tsx scripts/fast-reader-sample.ts`);
    let read = 0;
    for (const name of names) {
      const file = path.join(SAMPLE, name);
      const text = readFileSync(file, 'utf8');
      const body = text.slice(readFrontmatter({ file, text }).bodyStart);
      if (name.endsWith('.md')) {
        const problem = markdownDisagreement(body);
        assert.equal(problem, undefined, `${file}\n${problem}`);
        if (fastParseMarkdown(body) !== undefined) read++;
      } else {
        const problem = disagreement(body);
        assert.equal(problem, undefined, `${file}\n${problem}`);
        if (readFast(body) !== undefined) read++;
      }
    }
    // The fast reader reads most of them (whole or in sections): the check is not empty.
    assert.ok(read > names.length / 2, `only ${read} of ${names.length} sample pages were read fast`);
  });

  it('the committed sample is what test/support/mdx-sample.ts generates', () => {
    const pages = generateSample();
    assert.deepEqual(readdirSync(SAMPLE).sort(), pages.map((page) => page.name).sort(), 'run node --import tsx scripts/fast-reader-sample.ts');
    for (const page of pages) assert.equal(readFileSync(path.join(SAMPLE, page.name), 'utf8'), page.text, `${page.name}: run node --import tsx scripts/fast-reader-sample.ts`);
  });

  it('agrees with micromark on every Markdown page of the corpus', { skip: LONG_RUN }, (t) => {
    if (noCorpus(t)) return;
    for (const [file, body] of corpusBodies('.md')) {
      const problem = markdownDisagreement(body);
      assert.equal(problem, undefined, `${file}\n${problem}`);
    }
  });

  it('agrees with micromark on every MDX page of the corpus', { skip: LONG_RUN }, (t) => {
    if (noCorpus(t)) return;
    let read = 0;
    for (const [file, body] of corpusBodies('.mdx')) {
      const problem = disagreement(body);
      assert.equal(problem, undefined, `${file}\n${problem}`);
      if (readFast(body) !== undefined) read++;
    }
    assert.ok(read > 1000, `only ${read} pages were read fast`);
  });
});

/** True, with a line saying so, when there is no corpus beside the project: the sample above was read, the corpus is not. */
function noCorpus(t: { skip(message: string): void }): boolean {
  if (existsSync(CORPUS)) return false;
  const message = `no corpus at ${CORPUS} (DOCJET_CORPUS names one): compared on the generated sample only`;
  console.log(`fast reader: ${message}`);
  t.skip(message);
  return true;
}

/** Each page of the corpus with this extension, and its body (after the frontmatter); pages whose frontmatter does not read are left out. */
function* corpusBodies(extension: string): Generator<[string, string]> {
  for (const file of filesUnder(CORPUS, extension)) {
    const text = readFileSync(file, 'utf8');
    let bodyStart: number;
    try {
      bodyStart = readFrontmatter({ file, text }).bodyStart;
    } catch {
      continue;
    }
    yield [file, text.slice(bodyStart)];
  }
}

function filesUnder(root: string, extension: string): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(extension)) files.push(full);
    }
  };
  walk(root);
  return files;
}
