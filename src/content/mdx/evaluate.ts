/**
 * A tiny evaluator for the JavaScript that pages and snippets hold: `export const x = …`, `{x}` and
 * attribute values (`cols={2}`, `tags={["a", "b"]}`, `style={{ color: "red" }}`), and the bodies of
 * components written as functions (`export const Hero = ({ title, children }) => <div>…</div>`).
 *
 * Nothing runs: compiling and evaluating each page's MDX as JavaScript costs far more than the
 * whole per-page budget (DESIGN.md), and there is no `eval` or `Function` here. The evaluator reads
 * the syntax tree, one handler per node type (expressions.ts; statements in functions.ts): literals,
 * arrays, objects, templates, names, member access, JavaScript's operators (operators.ts), JSX, and
 * inside functions `const`, `if`, `return`, calls of the page's own functions and a few built-ins
 * (`.map`, `.filter`, `Math.max`, React's `useState` giving its initial value). Anything else is a
 * `Failure`. At the top of a page a failure is reported and the expression shown as written; inside
 * a component it is noted as a `Problem` and that part left out, so the component shows what it can.
 * Everything one page evaluates shares a budget (budget.ts): going over it ends the expression,
 * whatever function it is in, with `reason: 'budget'`. The parsed tree is only read, never changed.
 */
import type { BaseFunction, Expression, Pattern, Program, SpreadElement } from 'estree';
import type { Node } from 'estree-jsx';
import { BudgetExceeded } from './budget.ts';
import { attempt } from './calls.ts';
import { EXPRESSIONS, type ExpressionHandler } from './expressions.ts';
import { Failure, unsupported } from './failure.ts';
import { toCallable as functionValue } from './functions.ts';
import { lookup } from './scope.ts';
import { Callable, type EvaluableNode, type Evaluation, type Scope, type Value } from './types.ts';

export { Failure, unsupported } from './failure.ts';
export { createContext, createScope, note, noteProblem } from './scope.ts';
export type { CallContext, Evaluation, Host, Origin, Problem, Scope, Site } from './types.ts';
export { Callable, define, isRecord, Markup, toText, type Value } from './values.ts';

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

/**
 * The value of one expression; functions are values here (`export const Hero = () => …`). A spent
 * budget ends here, as a failure of its own (`reason: 'budget'`).
 */
export function evaluateExpression(node: Expression | SpreadElement | Pattern, scope: Scope): Evaluation {
  try {
    return attempt(evaluate, node, scope);
  } catch (error) {
    if (error instanceof BudgetExceeded) return error.evaluation;
    // What the limits are there to prevent (a string or list too long for V8, a stack too deep):
    // a value too large, not a bug in docjet.
    if (error instanceof RangeError) return { ok: false, reason: 'budget', limit: 'size' };
    throw error;
  }
}

/**
 * The value a name has in `scope`, undefined when it has none: read, not evaluated, so it costs no
 * step of the budget (a component after a runaway one is still found, and its call reports why it stops).
 */
export function valueOfName(name: string, scope: Scope): Value {
  try {
    return lookup(name, scope, { type: 'Identifier' });
  } catch (error) {
    if (error instanceof Failure) return undefined;
    throw error;
  }
}

/** A function a page or snippet declares, as a value (`export function Hero(props) { … }`). */
export function toCallable(node: BaseFunction, scope: Scope, name: string): Callable {
  return functionValue(node, scope, name, evaluate);
}

/** Nodes that give a value already made (a name's, a literal's, a part's): nothing new to measure. */
const READS: ReadonlySet<string> = new Set([
  'Identifier',
  'Literal',
  'MemberExpression',
  'ChainExpression',
  'ConditionalExpression',
  'LogicalExpression',
  'SequenceExpression',
  'ArrowFunctionExpression',
  'FunctionExpression',
]);

/**
 * The dispatch: the node's handler, or a failure naming a node type the evaluator does not read.
 * Each node is a step of the page's budget, and each value made is measured against it.
 */
function evaluate(node: EvaluableNode, scope: Scope): Value {
  const { budget } = scope.context;
  budget.step(node);
  const value = handle(node.type, node, scope);
  return READS.has(node.type) ? value : budget.made(value, node);
}

function handle<K extends Node['type']>(type: K, node: Extract<Node, { type: K }>, scope: Scope): Value {
  const handler: ExpressionHandler<K> | undefined = EXPRESSIONS[type];
  return handler ? handler(node, scope, evaluate) : unsupported(type, node);
}
