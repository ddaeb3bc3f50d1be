/** MDX's ESM (`import`s only), read with the parser micromark-extension-mdxjs uses, and its error for a name imported twice. */
import type { Program } from 'estree';
import { Parser } from 'acorn';
import acornJsx from 'acorn-jsx';
import { type BlockReader, type Flow, giveUp, type Point } from './reader.ts';

/** The parser micromark-extension-mdxjs reads ESM with. */
const ESM_PARSER = Parser.extend(acornJsx());

/** A node of acorn's tree, as micromark-util-events-to-acorn places it in the page. */
interface Placed {
  start: number;
  end: number;
  loc?: unknown;
  range?: [number, number];
}

/** acorn's program (an ESTree one): its `type` says so. */
function isProgram(value: unknown): value is Program {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'Program' && 'body' in value && Array.isArray(value.body);
}

/** Whether `value` is a node of acorn's tree: an object with a `type` and its offsets. */
function isPlaced(value: unknown): value is Placed & { type: string } {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string' && 'start' in value && typeof value.start === 'number';
}

/** Every node of an acorn tree, each before those inside it. */
function walkAcorn(node: Placed, visit: (node: Placed) => void): void {
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'range') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isPlaced(item)) walkAcorn(item, visit);
    } else if (isPlaced(value)) {
      walkAcorn(value, visit);
    }
  }
}

/**
 * `import`s at the start of a line, up to a blank line: MDX's ESM, with the program acorn reads
 * from it (micromark-util-events-to-acorn: parentheses kept, positions in the page).
 */
export function readEsm(reader: BlockReader, first: number): { node: Flow; next: number } {
  let last = first;
  while (last + 1 < reader.lines.count && !reader.blank(last + 1)) last++;
  const start = reader.lines.starts[first]!;
  const end = reader.lines.ends[last]!;
  const value = reader.text.slice(start, end);
  if (/\/\/|\/\*|[<`]/.test(value)) giveUp();
  let parsed: unknown;
  try {
    parsed = ESM_PARSER.parse(value, { ecmaVersion: 2024, sourceType: 'module', preserveParens: true, onComment: [] });
  } catch {
    giveUp();
  }
  if (!isProgram(parsed)) giveUp();
  const program = parsed;
  const imports = program.body.filter((statement) => statement.type === 'ImportDeclaration');
  if (imports.length !== program.body.length) giveUp();
  // A name imported again is an error to micromark, which declares the names imported before.
  const names = imports.flatMap((statement) => statement.specifiers.map((specifier) => specifier.local.name));
  if (names.some((name) => reader.imported.has(name))) throw importedAgain(reader, value, start);
  for (const name of names) reader.imported.add(name);
  const place = (node: Placed): void => {
    const from = reader.lines.point(start + node.start);
    const to = reader.lines.point(start + node.end);
    node.start = from.offset;
    node.end = to.offset;
    node.loc = { start: { line: from.line, column: from.column - 1, offset: from.offset }, end: { line: to.line, column: to.column - 1, offset: to.offset } };
    node.range = [from.offset, to.offset];
  };
  if (!isPlaced(program)) giveUp();
  walkAcorn(program, place);
  program.comments = [];
  const node: Flow = { type: 'mdxjsEsm', value, data: { estree: program }, position: { start: reader.lines.point(start), end: reader.lines.point(end) } };
  return { node, next: last + 1 };
}

/**
 * The error micromark throws for an ESM block that imports a name imported before: acorn's, on
 * the block after `var <names>` (micromark-extension-mdxjs-esm), at its place in the page. So a
 * page that repeats an import is repaired as before (`repair.ts`) without micromark reading it.
 */
export function importedAgain(reader: BlockReader, value: string, start: number): Error {
  const prefix = `var ${[...reader.imported].join(',')}\n`;
  let cause: { message: string; pos: number } | undefined;
  try {
    ESM_PARSER.parse(prefix + value, { ecmaVersion: 2024, sourceType: 'module', preserveParens: true, onComment: [] });
  } catch (error) {
    cause = error as { message: string; pos: number };
  }
  if (cause === undefined || cause.pos < prefix.length) giveUp();
  const place = reader.lines.point(start + cause.pos - prefix.length);
  return new EsmError(cause.message.replace(/ \(\d+:\d+\)$/, ''), place);
}

/** micromark-extension-mdxjs-esm's error for ESM acorn cannot read, with the fields `repair.ts` reads (as a VFileMessage has them). */
export class EsmError extends Error {
  readonly reason = 'Could not parse import/exports with acorn';
  readonly source = 'micromark-extension-mdxjs-esm';
  readonly ruleId = 'acorn';
  readonly line: number;
  readonly column: number;

  constructor(
    acornMessage: string,
    readonly place: Point,
  ) {
    super('Could not parse import/exports with acorn', { cause: new Error(acornMessage) });
    this.name = `${place.line}:${place.column}`;
    this.line = place.line;
    this.column = place.column;
  }
}
