/**
 * Functions a page or snippet writes (`export const Hero = ({ title }) => <h1>{title}</h1>`), as
 * `Callable`s: a call binds the parameters and runs the body, one handler per statement type
 * (`const`, `if`, blocks, `return`). What cannot be run is noted and skipped, so the component
 * shows what it can; loops are not run (they could run for ever).
 */
import type { BaseFunction, Pattern, Statement } from 'estree';
import { isOrdinaryFailure } from './budget.ts';
import { unsupported } from './failure.ts';
import { createScope, note } from './scope.ts';
import { Callable, type Evaluate, type Scope, type Value } from './types.ts';
import { define, isRecord, stringify } from './values.ts';

/** Deeper than any component tree a page writes; a component that renders itself stops here. */
const MAX_CALL_DEPTH = 64;
/** More calls than any real component makes to render once (a `.map` over a long list included). */
const MAX_CALLS = 100_000;

/** A function a page or snippet declares, as a value (`export function Hero(props) { … }`). */
export function toCallable(node: BaseFunction, scope: Scope, name: string, evaluate: Evaluate): Callable {
  return new Callable(name, (args, context) => {
    if (context.depth >= MAX_CALL_DEPTH) unsupported(`calls nested more than ${MAX_CALL_DEPTH} deep`, node);
    if (++context.calls > MAX_CALLS) unsupported(`more than ${MAX_CALLS} function calls`, node);
    const inner = createScope({ parent: scope, context, inFunction: true });
    node.params.forEach((param, index) => bind(param, args[index], inner, evaluate));
    context.depth++;
    try {
      if (node.body.type !== 'BlockStatement') return evaluate(node.body, inner);
      return run(node.body.body, inner, evaluate)?.value;
    } finally {
      context.depth--;
    }
  });
}

/** A `return` ran: the function's value. Undefined: the statements ran to their end. */
type Completion = { value: Value } | undefined;

type StatementOf<K extends Statement['type']> = Extract<Statement, { type: K }>;
type StatementHandler<K extends Statement['type']> = (statement: StatementOf<K>, scope: Scope, evaluate: Evaluate) => Completion;

/** Runs statements in order; what cannot be run is noted and skipped (a failed `return` returns nothing). */
function run(statements: readonly Statement[], scope: Scope, evaluate: Evaluate): Completion {
  // Function declarations are hoisted: a helper may be written below the code that calls it.
  for (const statement of statements) {
    if (statement.type === 'FunctionDeclaration' && statement.id) scope.values.set(statement.id.name, toCallable(statement, scope, statement.id.name, evaluate));
  }
  for (const statement of statements) {
    try {
      const completion = step(statement.type, statement, scope, evaluate);
      if (completion) return completion;
    } catch (error) {
      if (!isOrdinaryFailure(error)) throw error;
      note(error, scope, statement);
      if (statement.type === 'ReturnStatement') return { value: undefined };
    }
  }
  return undefined;
}

function step<K extends Statement['type']>(type: K, statement: StatementOf<K>, scope: Scope, evaluate: Evaluate): Completion {
  const handler: StatementHandler<K> | undefined = STATEMENTS[type];
  if (handler) return handler(statement, scope, evaluate);
  // Loops could run for ever; `switch`, `throw` and classes are rare in components.
  return unsupported(/^(For|While|DoWhile)/.test(type) ? 'a loop' : `a \`${type.replace(/Statement$|Declaration$/, '').toLowerCase()}\` statement`, statement);
}

const nothing = (): Completion => undefined;

/** A block of its own scope; its `return` returns from the function. */
const block = (statements: readonly Statement[], scope: Scope, evaluate: Evaluate): Completion => run(statements, createScope({ parent: scope }), evaluate);

const STATEMENTS: { [K in Statement['type']]?: StatementHandler<K> } = {
  VariableDeclaration(statement, scope, evaluate) {
    for (const declarator of statement.declarations) {
      try {
        bind(declarator.id, declarator.init ? evaluate(declarator.init, scope) : undefined, scope, evaluate);
      } catch (error) {
        if (!isOrdinaryFailure(error)) throw error;
        note(error, scope, declarator);
        for (const name of patternNames(declarator.id)) scope.opaque.add(name);
      }
    }
    return undefined;
  },
  FunctionDeclaration: nothing, // hoisted by `run`
  EmptyStatement: nothing,
  ReturnStatement: (statement, scope, evaluate) => ({ value: statement.argument ? evaluate(statement.argument, scope) : undefined }),
  IfStatement(statement, scope, evaluate) {
    const branch = evaluate(statement.test, scope) ? statement.consequent : statement.alternate;
    return branch ? block([branch], scope, evaluate) : undefined;
  },
  BlockStatement: (statement, scope, evaluate) => block(statement.body, scope, evaluate),
  // The `try` block runs; nothing in it throws the way JavaScript would, so `catch` never runs.
  TryStatement: (statement, scope, evaluate) => block(statement.block.body, scope, evaluate),
  ExpressionStatement(statement, scope, evaluate) {
    evaluate(statement.expression, scope);
    return undefined;
  },
};

/** Binds a parameter or `const` pattern: `{ title, size = "md", ...rest }`, `[value, setValue]`. */
export function bind(pattern: Pattern, value: Value, scope: Scope, evaluate: Evaluate): void {
  switch (pattern.type) {
    case 'Identifier':
      scope.values.set(pattern.name, value);
      scope.opaque.delete(pattern.name);
      return;
    case 'AssignmentPattern':
      bind(pattern.left, value === undefined ? evaluate(pattern.right, scope) : value, scope, evaluate);
      return;
    case 'ObjectPattern':
      bindObject(pattern, value, scope, evaluate);
      return;
    case 'ArrayPattern': {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? [...value] : unsupported('unpacking something that is not a list', pattern);
      pattern.elements.forEach((element, index) => {
        if (element === null) return;
        if (element.type === 'RestElement') bind(element.argument, items.slice(index), scope, evaluate);
        else bind(element, items[index], scope, evaluate);
      });
      return;
    }
    case 'RestElement':
      bind(pattern.argument, value, scope, evaluate);
      return;
    default:
      unsupported('assigning to a property', pattern);
  }
}

function bindObject(pattern: Extract<Pattern, { type: 'ObjectPattern' }>, value: Value, scope: Scope, evaluate: Evaluate): void {
  if (value === null || value === undefined) return unsupported(`reading properties of ${String(value)}`, pattern);
  const record = isRecord(value) ? value : {};
  const used = new Set<string>();
  for (const property of pattern.properties) {
    if (property.type === 'RestElement') {
      const rest: { [key: string]: Value } = {};
      for (const [key, item] of Object.entries(record)) if (!used.has(key)) define(rest, key, item);
      bind(property.argument, rest, scope, evaluate);
      continue;
    }
    let key: string;
    if (property.computed) key = stringify(evaluate(property.key, scope));
    else if (property.key.type === 'Identifier') key = property.key.name;
    else if (property.key.type === 'Literal') key = String(property.key.value);
    else return unsupported('an object key', property);
    used.add(key);
    bind(property.value, Object.hasOwn(record, key) ? record[key] : undefined, scope, evaluate);
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
