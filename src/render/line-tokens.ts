/**
 * Shiki's tokenizing (`codeToTokensBase`, @shikijs/primitive `_tokenizeWithTheme`) done a line at a
 * time, each line's result kept by the grammar state the line starts in: a line's tokens and the
 * state it ends in depend on nothing else (VS Code's own line cache counts on it). API reference
 * pages repeat most of their lines: on GitHub's REST description 91 % of the JSON examples' text,
 * and 66 to 79 % of the request samples', is a line seen before, in the same state.
 *
 * Colours become `CodeToken`s here too: runs that look the same are merged (see `lineTokens`).
 */
import type { Grammar } from 'shiki/core';
import { EncodedTokenMetadata, INITIAL, type StateStack } from 'shiki/textmate';
import type { CodeToken } from '../content/mdx/code.ts';

/** What the tokenizer needs of the highlighter: the grammar, and how token colours read. */
export interface LineTokenizerOptions {
  grammar: Grammar;
  /** The theme's colours by index, as the grammar's token metadata names them (Shiki's `setTheme`). */
  colorMap: readonly string[];
  /** `colour/fontStyle` → the token's classes (highlight.ts); none for plain text. */
  classes: ReadonlyMap<string, string | undefined>;
  /** Longer lines are one token in the text colour, and leave the state as it was (as in Shiki). */
  maxLineLength: number;
}

/** Lines kept per grammar; past it the cache starts again (GitHub's description has 10,000 distinct JSON lines). */
const MAX_LINES = 50_000;
/** States compared with a new one before it is given a number of its own (each `equals` walks a stack). */
const MAX_STATES_PER_DEPTH = 200;

/**
 * No time limit per line: Shiki's default (500 ms) stops colouring a line part-way when the machine
 * is busy, so the same page came out differently from one build to the next (seen on a 2-core
 * machine under load). Lines are already bounded by `maxLineLength`.
 */
const TIME_LIMIT = 0;

interface CachedLine {
  tokens: CodeToken[];
  end: StateStack;
}

export class LineTokenizer {
  private readonly lines = new Map<string, CachedLine>();
  private readonly states = new StateNumbers();

  constructor(private readonly options: LineTokenizerOptions) {}

  /** The code's lines (split as Shiki splits them), each a list of tokens. */
  tokenize(code: string): CodeToken[][] {
    return [...this.eachLine(code)];
  }

  /**
   * The code's lines' tokens one at a time, each cached as `tokenize` caches it: dev compiles a
   * grammar by colouring a block a few lines per step, so that no request waits for all of it.
   */
  *eachLine(code: string): Generator<CodeToken[], void> {
    let state: StateStack = INITIAL;
    for (const line of code.split(/\r?\n/)) {
      // Shiki gives an empty or too long line no grammar state of its own: the next line starts in the same one.
      if (line === '') yield [];
      else if (line.length >= this.options.maxLineLength) yield [{ content: line }];
      else {
        const tokenized = this.line(line, state);
        state = tokenized.end;
        yield tokenized.tokens;
      }
    }
  }

  private line(line: string, state: StateStack): CachedLine {
    const key = `${this.states.numberOf(state)}\n${line}`;
    let cached = this.lines.get(key);
    if (cached === undefined) {
      const result = this.options.grammar.tokenizeLine2(line, state, TIME_LIMIT);
      cached = { tokens: lineTokens(line, result.tokens, this.options), end: result.ruleStack };
      if (this.lines.size >= MAX_LINES) this.lines.clear();
      this.lines.set(key, cached);
    }
    return cached;
  }
}

/**
 * A line's tokens from the grammar's encoded ones (start offset, metadata pairs). Neighbours that
 * look the same are one token (Shiki splits them by scope, not by look), and so are two such runs
 * with only white space between them: `"a b"`, `# a comment`.
 */
function lineTokens(line: string, encoded: Uint32Array, options: LineTokenizerOptions): CodeToken[] {
  const count = encoded.length / 2;
  const runs: { content: string; className: string | undefined }[] = [];
  for (let index = 0; index < count; index++) {
    const start = encoded[2 * index]!;
    const end = index + 1 < count ? encoded[2 * index + 2]! : line.length;
    if (start === end) continue;
    const metadata = encoded[2 * index + 1]!;
    const colour = options.colorMap[EncodedTokenMetadata.getForeground(metadata)];
    const fontStyle = Math.max(EncodedTokenMetadata.getFontStyle(metadata), 0);
    runs.push({ content: line.slice(start, end), className: options.classes.get(`${colour?.toLowerCase()}/${fontStyle}`) });
  }
  const tokens: CodeToken[] = [];
  for (let index = 0; index < runs.length; index++) {
    const { content, className } = runs[index]!;
    const last = tokens.at(-1);
    if (last !== undefined && (last.className === className || (content.trim() === '' && index + 1 < runs.length && runs[index + 1]!.className === last.className))) {
      last.content += content;
    } else {
      tokens.push(className === undefined ? { content } : { content, className });
    }
  }
  return tokens;
}

/**
 * A number for each grammar state, equal states (`StateStack.equals`, as VS Code compares them)
 * sharing one, so that a line met again in an equal state is found in the cache.
 */
class StateNumbers {
  private readonly numbers = new WeakMap<StateStack, number>();
  private readonly byDepth = new Map<number, StateStack[]>();
  private next = 0;

  numberOf(state: StateStack): number {
    const known = this.numbers.get(state);
    if (known !== undefined) return known;
    const same = this.byDepth.get(state.depth) ?? [];
    const equal = same.find((other) => other.equals(state));
    const number = equal === undefined ? this.next++ : this.numbers.get(equal)!;
    if (equal === undefined && same.length < MAX_STATES_PER_DEPTH) {
      same.push(state);
      this.byDepth.set(state.depth, same);
    }
    this.numbers.set(state, number);
    return number;
  }
}
