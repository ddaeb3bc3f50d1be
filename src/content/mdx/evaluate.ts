/**
 * A tiny evaluator for the JavaScript that pages and snippets hold: `export const x = …`, `{x}` and
 * attribute values (`cols={2}`, `tags={["a", "b"]}`, `style={{ color: "red" }}`), and the bodies of
 * components written as functions (`export const Hero = ({ title, children }) => <div>…</div>`).
 *
 * Nothing runs: compiling and evaluating each page's MDX as JavaScript costs far more than the
 * whole per-page budget (DESIGN.md), and there is no `eval` or `Function` here. The evaluator reads
 * the syntax tree: literals, arrays, objects, templates, names, member access, operators, JSX, and
 * inside functions `const`, `if`, `return`, calls of the page's own functions and a few built-ins
 * (`.map`, `.filter`, `Math.max`, React's `useState` giving its initial value). Anything else is a
 * `Failure`. At the top of a page a failure is reported and the expression shown as written; inside
 * a component it is noted as a `Problem` and that part left out, so the component shows what it can.
 */
import type { BaseFunction, BaseNode, Expression, Pattern, Program, SpreadElement, Statement } from 'estree';
import type { Node } from 'estree-jsx';
import type { Props, RenderedChild } from './components/types.ts';
import type { Body } from './page.ts';
import { jsxToHtml } from './jsx-value.ts';
import { callMethod, Callable, isRecord, Markup, stringify, type Value } from './values.ts';

export { Callable, isRecord, Markup, toText, type Value } from './values.ts';

/** Where code was written, so that problems inside a function point into the right file. */
export interface Origin {
  /** Site-relative path. */
  file: string;
  /** 1-based line of the file on which the parsed text starts (after frontmatter). */
  firstLine: number;
}

/** The page a function's JSX renders into. */
export interface Host {
  /** A capitalised element no scope defines (`<Card>` in a component's JSX): its HTML, or undefined when there is no such component. */
  component(name: string, props: Props, childrenHtml: string, children: readonly RenderedChild[], inline: boolean): string | undefined;
  /** A snippet's MDX body, rendered as part of the page with `props` bound. */
  embed(body: Body, props: Props): string;
}

/** A place in a page's or snippet's code; line and column are 1-based, in the parsed text (0 when unknown). */
export interface Site {
  origin: Origin | undefined;
  line: number;
  column: number;
}

/** Something a component needs that cannot be computed, left out of what it shows. */
export interface Problem extends Site {
  /** `React state (\`useState\`)`, `a call to \`fetch\``. */
  what: string;
}

/** Shared by every scope of one rendering: who renders components, and what was left out. */
export interface CallContext {
  host: Host | undefined;
  problems: Problem[];
  /** Function calls under way, capped so that recursive components stop. */
  depth: number;
  /** Function calls so far, capped so that a component that calls itself twice per call still stops. */
  calls: number;
  /** The call under way, for built-ins that note a problem (`useState`). */
  at: Site;
}

/** Names a page, snippet or function body defines. */
export interface Scope {
  values: Map<string, Value>;
  /** Names that exist but have no value the evaluator knows (components it does not run, failed `const`s). */
  opaque: Set<string>;
  /** The scope around this one: a function's body sees the names of its file. */
  parent: Scope | undefined;
  context: CallContext;
  origin: Origin | undefined;
  /**
   * Inside a function body: a failure is noted and its part left out instead of failing the whole,
   * locals can be assigned, and built-ins (`Math`, `useState`) are in reach. Outside, `{String}` in
   * prose stays the text it was meant to be.
   */
  inFunction: boolean;
  /** Built-in names (`Math`, `useState`), seen only from inside a function. */
  builtins: boolean;
}

export type Evaluation =
  | { ok: true; value: Value }
  /** A name that nothing on the page defines (`{kickoff_id}` in prose). */
  | { ok: false; reason: 'undefined'; name: string }
  /** A name the page defines with something that is not a literal value. */
  | { ok: false; reason: 'opaque'; name: string }
  | { ok: false; reason: 'unsupported'; what: string };

export class Failure {
  constructor(
    readonly evaluation: Exclude<Evaluation, { ok: true }>,
    /** The innermost node that failed, for the position of a problem. */
    readonly node: BaseNode | undefined,
  ) {}
}

/** Deeper than any component tree a page writes; a component that renders itself stops here. */
const MAX_CALL_DEPTH = 64;
/** More calls than any real component makes to render once (a `.map` over a long list included). */
const MAX_CALLS = 100_000;

export function createContext(host?: Host): CallContext {
  return { host, problems: [], depth: 0, calls: 0, at: { origin: undefined, line: 0, column: 0 } };
}

export function createScope(options: { parent?: Scope; context?: CallContext; origin?: Origin; inFunction?: boolean; builtins?: boolean } = {}): Scope {
  const { parent } = options;
  return {
    values: new Map(),
    opaque: new Set(),
    parent,
    // The built-ins' scope is shared by every page: each page and snippet gets a context of its own.
    context: options.context ?? (parent && !parent.builtins ? parent.context : createContext()),
    origin: options.origin ?? parent?.origin,
    inFunction: options.inFunction ?? parent?.inFunction ?? false,
    builtins: options.builtins ?? false,
  };
}

/**
 * The value of an expression program (`{…}` in MDX, an attribute value); an empty program (a
 * comment) is `undefined`. A function is not a value to show or to pass as an HTML attribute.
 */
export function evaluateProgram(program: Program, scope: Scope): Evaluation {
  const statement = program.body[0];
  if (statement === undefined) return { ok: true, value: undefined };
  if (statement.type !== 'ExpressionStatement' || program.body.length > 1) {
    return { ok: false, reason: 'unsupported', what: 'a statement' };
  }
  const result = evaluateExpression(statement.expression, scope);
  return result.ok && result.value instanceof Callable ? { ok: false, reason: 'unsupported', what: 'a function' } : result;
}

/** The value of one expression; functions are values here (`export const Hero = () => …`). */
export function evaluateExpression(node: Expression | SpreadElement | Pattern, scope: Scope): Evaluation {
  try {
    return { ok: true, value: evaluate(node, scope) };
  } catch (error) {
    if (error instanceof Failure) return error.evaluation;
    throw error;
  }
}

/** A function a page or snippet declares, as a value (`export function Hero(props) { … }`). */
export function toCallable(node: BaseFunction, scope: Scope, name: string): Callable {
  return new Callable(name, (args, context) => {
    if (context.depth >= MAX_CALL_DEPTH) unsupported(`calls nested more than ${MAX_CALL_DEPTH} deep`, node);
    if (++context.calls > MAX_CALLS) unsupported(`more than ${MAX_CALLS} function calls`, node);
    const inner = createScope({ parent: scope, context, inFunction: true });
    node.params.forEach((param, index) => bind(param, args[index], inner));
    context.depth++;
    try {
      if (node.body.type !== 'BlockStatement') return evaluate(node.body, inner);
      return run(node.body.body, inner).value;
    } finally {
      context.depth--;
    }
  });
}

/** Notes a failure inside a function; the caller leaves that part out. */
export function note(failure: Failure, scope: Scope, fallback?: BaseNode): void {
  const { evaluation } = failure;
  let what: string;
  if (evaluation.reason === 'unsupported') what = evaluation.what;
  else if (evaluation.reason === 'opaque') what = `\`${evaluation.name}\`, whose value docjet cannot compute`;
  else if (BROWSER_NAMES.has(evaluation.name)) what = `\`${evaluation.name}\`, which only a browser has`;
  else what = `\`${evaluation.name}\`, which nothing defines`;
  noteProblem(scope, what, failure.node ?? fallback);
}

const BROWSER_NAMES = new Set(['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history', 'fetch', 'setTimeout', 'setInterval', 'requestAnimationFrame', 'matchMedia']);

export function noteProblem(scope: Scope, what: string, node: BaseNode | undefined): void {
  scope.context.problems.push({ what, ...at(scope, node) });
}

function at(scope: Scope, node: BaseNode | undefined): Site {
  const start = node?.loc?.start;
  return { origin: scope.origin, line: start?.line ?? 0, column: start ? start.column + 1 : 0 };
}

export function unsupported(what: string, node?: BaseNode): never {
  throw new Failure({ ok: false, reason: 'unsupported', what }, node);
}

/** Runs a function body: declarations, `if`, blocks and `return`. What cannot be run is noted and skipped. */
function run(statements: readonly Statement[], scope: Scope): { returned: boolean; value: Value } {
  // Function declarations are hoisted: a helper may be written below the code that calls it.
  for (const statement of statements) {
    if (statement.type === 'FunctionDeclaration' && statement.id) scope.values.set(statement.id.name, toCallable(statement, scope, statement.id.name));
  }
  for (const statement of statements) {
    try {
      const completion = step(statement, scope);
      if (completion) return completion;
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      note(error, scope, statement);
      if (statement.type === 'ReturnStatement') return { returned: true, value: undefined };
    }
  }
  return { returned: false, value: undefined };
}

function step(statement: Statement, scope: Scope): { returned: boolean; value: Value } | undefined {
  switch (statement.type) {
    case 'VariableDeclaration':
      for (const declarator of statement.declarations) {
        try {
          bind(declarator.id, declarator.init ? evaluate(declarator.init, scope) : undefined, scope);
        } catch (error) {
          if (!(error instanceof Failure)) throw error;
          note(error, scope, declarator);
          for (const name of patternNames(declarator.id)) scope.opaque.add(name);
        }
      }
      return undefined;
    case 'FunctionDeclaration': // hoisted by `run`
    case 'EmptyStatement':
      return undefined;
    case 'ReturnStatement':
      return { returned: true, value: statement.argument ? evaluate(statement.argument, scope) : undefined };
    case 'IfStatement': {
      const branch = evaluate(statement.test, scope) ? statement.consequent : statement.alternate;
      if (!branch) return undefined;
      const completion = run([branch], createScope({ parent: scope }));
      return completion.returned ? completion : undefined;
    }
    case 'BlockStatement': {
      const completion = run(statement.body, createScope({ parent: scope }));
      return completion.returned ? completion : undefined;
    }
    case 'TryStatement': {
      const completion = run(statement.block.body, createScope({ parent: scope }));
      return completion.returned ? completion : undefined;
    }
    case 'ExpressionStatement':
      evaluate(statement.expression, scope);
      return undefined;
    default:
      // Loops could run for ever; `switch`, `throw` and classes are rare in components.
      return unsupported(/^(For|While|DoWhile)/.test(statement.type) ? 'a loop' : `a \`${statement.type.replace(/Statement$|Declaration$/, '').toLowerCase()}\` statement`, statement);
  }
}

/** Binds a parameter or `const` pattern: `{ title, size = "md", ...rest }`, `[value, setValue]`. */
function bind(pattern: Pattern, value: Value, scope: Scope): void {
  switch (pattern.type) {
    case 'Identifier':
      scope.values.set(pattern.name, value);
      scope.opaque.delete(pattern.name);
      return;
    case 'AssignmentPattern':
      bind(pattern.left, value === undefined ? evaluate(pattern.right, scope) : value, scope);
      return;
    case 'ObjectPattern': {
      if (value === null || value === undefined) return unsupported(`reading properties of ${String(value)}`, pattern);
      const record = isRecord(value) ? value : {};
      const used = new Set<string>();
      for (const property of pattern.properties) {
        if (property.type === 'RestElement') {
          const rest: { [key: string]: Value } = {};
          for (const [key, item] of Object.entries(record)) if (!used.has(key)) define(rest, key, item);
          bind(property.argument, rest, scope);
          continue;
        }
        const key = property.computed ? stringify(evaluate(property.key, scope)) : property.key.type === 'Identifier' ? property.key.name : String((property.key as { value?: unknown }).value);
        used.add(key);
        bind(property.value, Object.hasOwn(record, key) ? record[key] : undefined, scope);
      }
      return;
    }
    case 'ArrayPattern': {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? [...value] : unsupported('unpacking something that is not a list', pattern);
      pattern.elements.forEach((element, index) => {
        if (element === null) return;
        if (element.type === 'RestElement') bind(element.argument, items.slice(index), scope);
        else bind(element, items[index], scope);
      });
      return;
    }
    case 'RestElement':
      bind(pattern.argument, value, scope);
      return;
    default:
      unsupported('assigning to a property', pattern);
  }
}

function patternNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'AssignmentPattern':
      return patternNames(pattern.left);
    case 'RestElement':
      return patternNames(pattern.argument);
    case 'ArrayPattern':
      return pattern.elements.flatMap((element) => (element ? patternNames(element) : []));
    case 'ObjectPattern':
      return pattern.properties.flatMap((property) => patternNames(property.type === 'RestElement' ? property : property.value));
    default:
      return [];
  }
}

/** A name's value, looked up from the innermost scope out; built-ins only from inside a function. */
function lookup(name: string, scope: Scope, node: Node): Value {
  for (let current: Scope | undefined = scope; current; current = current.parent) {
    if (current.builtins && !scope.inFunction) continue;
    if (current.values.has(name)) return current.values.get(name);
    if (current.opaque.has(name)) throw new Failure({ ok: false, reason: 'opaque', name }, node);
  }
  throw new Failure({ ok: false, reason: 'undefined', name }, node);
}

/** `x = …` inside a function, to one of its own locals (never to a page's or snippet's names). */
function assign(name: string, value: Value, scope: Scope, node: Node): Value {
  for (let current: Scope | undefined = scope; current?.inFunction; current = current.parent) {
    if (current.values.has(name) || current.opaque.has(name)) {
      current.values.set(name, value);
      current.opaque.delete(name);
      return value;
    }
  }
  return unsupported(`assigning to \`${name}\``, node);
}

function evaluate(node: Node | Expression | Pattern | SpreadElement, scope: Scope): Value {
  switch (node.type) {
    case 'Literal': {
      const value = node.value;
      if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
      // Patterns for `.replace()` and `.test()` inside functions; a fresh one each time, as in JavaScript.
      if (scope.inFunction && 'regex' in node && node.regex) return new RegExp(node.regex.pattern, node.regex.flags);
      return unsupported('a regular expression or bigint', node);
    }
    case 'TemplateLiteral': {
      let out = node.quasis[0]?.value.cooked ?? '';
      node.expressions.forEach((expression, index) => {
        out += stringify(evaluate(expression, scope));
        out += node.quasis[index + 1]?.value.cooked ?? '';
      });
      return out;
    }
    case 'ArrayExpression': {
      const out: Value[] = [];
      for (const element of node.elements) {
        if (element === null) out.push(undefined);
        else if (element.type === 'SpreadElement') {
          const spread = evaluate(element.argument, scope);
          if (!Array.isArray(spread)) return unsupported('a spread of something that is not an array', element);
          out.push(...spread);
        } else out.push(evaluate(element, scope));
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: { [key: string]: Value } = {};
      for (const property of node.properties) {
        if (property.type === 'SpreadElement') {
          const spread = evaluate(property.argument, scope);
          if (spread === null || spread === undefined) continue;
          if (!isRecord(spread)) return unsupported('a spread of something that is not an object', property);
          for (const [key, value] of Object.entries(spread)) define(out, key, value);
          continue;
        }
        if (property.kind !== 'init' || property.method) return unsupported('a method', property);
        let key: string;
        if (property.computed) key = stringify(evaluate(property.key, scope));
        else if (property.key.type === 'Identifier') key = property.key.name;
        else if (property.key.type === 'Literal') key = String(property.key.value);
        else return unsupported('an object key', property);
        define(out, key, evaluate(property.value, scope));
      }
      return out;
    }
    case 'Identifier': {
      if (node.name === 'undefined') return undefined;
      if (node.name === 'NaN') return Number.NaN;
      if (node.name === 'Infinity') return Number.POSITIVE_INFINITY;
      return lookup(node.name, scope, node);
    }
    case 'MemberExpression': {
      if (node.object.type === 'Super') return unsupported('super', node);
      const object = evaluate(node.object, scope);
      let key: string;
      if (!node.computed && node.property.type === 'Identifier') key = node.property.name;
      else if (node.property.type === 'PrivateIdentifier') return unsupported('a private name', node);
      else key = stringify(evaluate(node.property, scope));
      return member(object, key, node.optional, node);
    }
    case 'ChainExpression':
      try {
        return evaluate(node.expression, scope);
      } catch (error) {
        if (error instanceof ShortCircuit) return undefined;
        throw error;
      }
    case 'UnaryExpression': {
      if (node.operator === 'typeof') return typeOf(node.argument.type === 'Identifier' ? evaluateExpression(node.argument, scope) : { ok: true, value: evaluate(node.argument, scope) });
      const argument = evaluate(node.argument, scope);
      if (node.operator === '-' && typeof argument === 'number') return -argument;
      if (node.operator === '+' && (typeof argument === 'number' || typeof argument === 'string')) return Number(argument);
      if (node.operator === '!') return !argument;
      if (node.operator === 'void') return undefined;
      return unsupported(`the operator ${node.operator}`, node);
    }
    case 'BinaryExpression': {
      if (node.left.type === 'PrivateIdentifier') return unsupported('a private name', node);
      return binary(node.operator, evaluate(node.left, scope), evaluate(node.right, scope), node);
    }
    case 'LogicalExpression': {
      const left = evaluate(node.left, scope);
      if (node.operator === '&&') return left ? evaluate(node.right, scope) : left;
      if (node.operator === '||') return left ? left : evaluate(node.right, scope);
      return left ?? evaluate(node.right, scope);
    }
    case 'ConditionalExpression':
      return evaluate(node.test, scope) ? evaluate(node.consequent, scope) : evaluate(node.alternate, scope);
    case 'SequenceExpression': {
      let last: Value;
      for (const expression of node.expressions) last = evaluate(expression, scope);
      return last;
    }
    case 'JSXElement':
    case 'JSXFragment':
      return new Markup(jsxToHtml(node, jsxEvaluator(scope)));
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return toCallable(node, scope, node.type === 'FunctionExpression' && node.id ? node.id.name : 'a function');
    case 'CallExpression':
      return call(node, scope);
    case 'AssignmentExpression': {
      if (!scope.inFunction || node.left.type !== 'Identifier') return unsupported('AssignmentExpression', node);
      const right = evaluate(node.right, scope);
      if (node.operator === '=') return assign(node.left.name, right, scope, node);
      const left = lookup(node.left.name, scope, node.left);
      if (node.operator === '||=') return left ? left : assign(node.left.name, right, scope, node);
      if (node.operator === '&&=') return left ? assign(node.left.name, right, scope, node) : left;
      if (node.operator === '??=') return left ?? assign(node.left.name, right, scope, node);
      return assign(node.left.name, binary(node.operator.slice(0, -1) as BinaryOperator, left, right, node), scope, node);
    }
    case 'NewExpression':
      return unsupported('a function call', node);
    default:
      return unsupported(node.type, node);
  }
}

type BinaryOperator = Extract<Node, { type: 'BinaryExpression' }>['operator'];

function binary(operator: BinaryOperator, left: Value, right: Value, node: Node): Value {
  if (operator === '+') {
    if (typeof left === 'number' && typeof right === 'number') return left + right;
    if (typeof left === 'string' || typeof right === 'string') return stringify(left) + stringify(right);
  }
  if (typeof left === 'number' && typeof right === 'number') {
    switch (operator) {
      case '-': return left - right;
      case '*': return left * right;
      case '/': return left / right;
      case '%': return left % right;
      case '**': return left ** right;
      case '<': return left < right;
      case '<=': return left <= right;
      case '>': return left > right;
      case '>=': return left >= right;
      default:
    }
  }
  if (typeof left === 'string' && typeof right === 'string') {
    switch (operator) {
      case '<': return left < right;
      case '<=': return left <= right;
      case '>': return left > right;
      case '>=': return left >= right;
      default:
    }
  }
  if (operator === '===') return left === right;
  if (operator === '!==') return left !== right;
  // Loose equality only where it cannot surprise: null and undefined, or two primitives of one type.
  if (operator === '==' || operator === '!=') {
    const equal = (left ?? null) === (right ?? null);
    return operator === '==' ? equal : !equal;
  }
  return unsupported(`the operator ${operator}`, node);
}

function typeOf(result: Evaluation): Value {
  if (!result.ok) return result.reason === 'undefined' ? 'undefined' : unsupported('typeof of a value docjet does not know');
  const { value } = result;
  if (value === null || Array.isArray(value) || value instanceof Markup) return 'object';
  if (value instanceof Callable) return 'function';
  return typeof value;
}

/** `a?.b.c` stops at `a` when it is null or undefined, the whole chain being undefined. */
class ShortCircuit {}

function member(object: Value, key: string, optional: boolean, node: Node): Value {
  if (object === null || object === undefined) {
    if (optional) throw new ShortCircuit();
    return unsupported(`reading "${key}" of ${String(object)}`, node);
  }
  if (typeof object === 'string' && key === 'length') return object.length;
  if (Array.isArray(object)) {
    if (key === 'length') return object.length;
    return /^(0|[1-9]\d*)$/.test(key) ? object[Number(key)] : unsupported(`the array property "${key}"`, node);
  }
  // Own properties only: nothing reaches prototypes (`constructor`, `__proto__`).
  return isRecord(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

function call(node: Extract<Node, { type: 'CallExpression' }>, scope: Scope): Value {
  const callee = node.callee;
  const args = (): Value[] =>
    node.arguments.flatMap((argument) => {
      if (argument.type !== 'SpreadElement') return [evaluate(argument, scope)];
      const spread = evaluate(argument.argument, scope);
      return Array.isArray(spread) ? spread : unsupported('a spread of something that is not an array', argument);
    });
  const context = scope.context;
  let target: Value;
  if (callee.type === 'MemberExpression') {
    if (callee.object.type === 'Super' || callee.property.type === 'PrivateIdentifier') return unsupported('a function call', node);
    const object = evaluate(callee.object, scope);
    if ((object === null || object === undefined) && callee.optional) throw new ShortCircuit();
    const name = !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : stringify(evaluate(callee.property, scope));
    if (isRecord(object)) target = Object.hasOwn(object, name) ? object[name] : undefined;
    else return callMethod(object, name, args(), context, (what) => unsupported(what, node));
  } else if (callee.type === 'Identifier') {
    const found = evaluateExpression(callee, scope);
    if (!found.ok) {
      if (found.reason === 'opaque') throw new Failure(found, callee);
      return unsupported(scope.inFunction ? `a call to \`${callee.name}\`` : 'a function call', node);
    }
    target = found.value;
  } else {
    target = evaluate(callee, scope);
  }
  if ((target === null || target === undefined) && node.optional) throw new ShortCircuit();
  if (!(target instanceof Callable)) return unsupported(scope.inFunction ? `a call to \`${calleeText(callee)}\`` : 'a function call', node);
  const values = args();
  const outer = context.at;
  context.at = at(scope, node);
  try {
    return target.call(values, context);
  } catch (error) {
    // A built-in's own failure has no position; the call is where it happened.
    if (error instanceof Failure && error.node === undefined) throw new Failure(error.evaluation, node);
    throw error;
  } finally {
    context.at = outer;
  }
}

function calleeText(node: Node): string {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') return `${calleeText(node.object)}.${node.property.name}`;
  return 'a function';
}

type Attempt = { ok: true; value: Value } | { ok: false };

/** What JSX inside an expression needs from the evaluator (jsx-value.ts). */
export interface JsxEvaluator {
  /** An attribute or child; inside a function a failure is noted and the part left out (`ok: false`). */
  value(node: Node): Attempt;
  /** A capitalised element's name in scope: its value, or `undefined` when nothing defines it. */
  resolve(name: string, node: Node): Attempt;
  call(fn: Callable, props: Props, node: Node): Attempt;
  host: Host | undefined;
  /** Inside a function, notes `what` as left out; outside, fails the expression (with `strictWhat` if given). */
  leaveOut(what: string, node: Node, strictWhat?: string): void;
  /** Notes `what` inside a function; nothing outside. */
  notice(what: string, node: Node): void;
}

function jsxEvaluator(scope: Scope): JsxEvaluator {
  const attempt = (run: () => Value, node: Node): Attempt => {
    if (!scope.inFunction) return { ok: true, value: run() };
    try {
      return { ok: true, value: run() };
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      note(error, scope, node);
      return { ok: false };
    }
  };
  return {
    value: (node) => attempt(() => evaluate(node, scope), node),
    resolve: (name, node) =>
      attempt(() => {
        const [first, ...rest] = name.split('.');
        const found = evaluateExpression({ type: 'Identifier', name: first! }, scope);
        if (!found.ok) {
          if (found.reason === 'undefined') return undefined;
          throw new Failure(found, node);
        }
        let value = found.value;
        for (const key of rest) value = member(value, key, false, node);
        return value;
      }, node),
    call: (fn, props, node) =>
      attempt(() => {
        const outer = scope.context.at;
        scope.context.at = at(scope, node);
        try {
          return fn.call([props], scope.context);
        } finally {
          scope.context.at = outer;
        }
      }, node),
    host: scope.context.host,
    leaveOut(what, node, strictWhat) {
      if (!scope.inFunction) unsupported(strictWhat ?? what, node);
      noteProblem(scope, what, node);
    },
    notice(what, node) {
      if (scope.inFunction) noteProblem(scope, what, node);
    },
  };
}

/** `obj[key] = value` that cannot set a prototype, whatever the key. */
export function define(object: { [key: string]: Value }, key: string, value: Value): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
