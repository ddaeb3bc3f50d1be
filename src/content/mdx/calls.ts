/**
 * Calls: `fn(…)`, `items.map(…)`, and the calls JSX makes (`<Hero title="x" />` calls `Hero`).
 * Only `Callable`s are called (the page's own functions and the built-ins), and methods of lists,
 * strings and numbers (methods.ts); anything else is a failure naming the call.
 */
import type { BaseNode, SimpleCallExpression } from 'estree';
import type { Node } from 'estree-jsx';
import { BudgetExceeded, isOrdinaryFailure } from './budget.ts';
import { Failure, ShortCircuit, unsupported } from './failure.ts';
import type { JsxEvaluator } from './jsx-value.ts';
import { callMethod } from './methods.ts';
import { member } from './operators.ts';
import { note, noteProblem, siteOf } from './scope.ts';
import { Callable, type CallContext, type Evaluate, type Evaluation, type Scope, type Value } from './types.ts';
import { isRecord, stringify } from './values.ts';

/** `evaluate`, with a failure as a result instead of an exception (a spent budget still throws). */
export function attempt(evaluate: Evaluate, node: Parameters<Evaluate>[0], scope: Scope): Evaluation {
  try {
    return { ok: true, value: evaluate(node, scope) };
  } catch (error) {
    if (isOrdinaryFailure(error)) return error.evaluation;
    throw error;
  }
}

export function callExpression(node: SimpleCallExpression, scope: Scope, evaluate: Evaluate): Value {
  const callee = node.callee;
  const args = (): Value[] =>
    node.arguments.flatMap((argument) => (argument.type === 'SpreadElement' ? spreadItems(evaluate(argument.argument, scope), argument) : [evaluate(argument, scope)]));
  let target: Value;
  if (callee.type === 'MemberExpression') {
    if (callee.object.type === 'Super' || callee.property.type === 'PrivateIdentifier') return unsupported('a function call', node);
    const object = evaluate(callee.object, scope);
    if ((object === null || object === undefined) && callee.optional) throw new ShortCircuit();
    const name = !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : stringify(evaluate(callee.property, scope));
    if (!isRecord(object)) return callMethod(object, name, args(), scope.context, (what) => unsupported(what, node));
    target = Object.hasOwn(object, name) ? object[name] : undefined;
  } else if (callee.type === 'Identifier') {
    const found = attempt(evaluate, callee, scope);
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
  return callAt(target, args(), scope, node);
}

/** The items a spread gives: a list's, or a string's characters, as in JavaScript. */
export function spreadItems(value: Value, node: BaseNode): Value[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [...value];
  return unsupported('a spread of something that is not a list', node);
}

/** Calls `fn` with the call's position on the context, for the problems the call notes. */
function callAt(fn: Callable, args: readonly Value[], scope: Scope, node: BaseNode): Value {
  const context: CallContext = scope.context;
  const outer = context.at;
  context.at = siteOf(scope, node);
  try {
    return fn.call(args, context);
  } catch (error) {
    // A built-in's own failure has no position; the call is where it happened.
    if (error instanceof BudgetExceeded && error.node === undefined) throw new BudgetExceeded(error.evaluation.limit, node);
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

/**
 * What JSX inside an expression needs from the evaluator (jsx-value.ts). Inside a function a part
 * that fails is noted and left out (`ok: false`); outside, it fails the whole expression.
 */
export function jsxEvaluator(scope: Scope, evaluate: Evaluate): JsxEvaluator {
  const guarded = (compute: () => Value, node: Node): { ok: true; value: Value } | { ok: false } => {
    if (!scope.inFunction) return { ok: true, value: compute() };
    try {
      return { ok: true, value: compute() };
    } catch (error) {
      if (!isOrdinaryFailure(error)) throw error;
      note(error, scope, node);
      return { ok: false };
    }
  };
  return {
    value: (node) => guarded(() => evaluate(node, scope), node),
    resolve: (name, node) => guarded(() => resolveName(name, node, scope, evaluate), node),
    call: (fn, props, node) => guarded(() => callAt(fn, [props], scope, node), node),
    host: scope.context.host,
    resolveUrl: scope.context.resolveUrl,
    leaveOut(what, node, strictWhat) {
      if (!scope.inFunction) unsupported(strictWhat ?? what, node);
      noteProblem(scope, what, node);
    },
    notice(what, node) {
      if (scope.inFunction) noteProblem(scope, what, node);
    },
  };
}

/** A capitalised element's name (`Hero`, `Ui.Button`): its value, or undefined when nothing defines it. */
function resolveName(name: string, node: Node, scope: Scope, evaluate: Evaluate): Value {
  const [first, ...rest] = name.split('.');
  const found = attempt(evaluate, { type: 'Identifier', name: first! }, scope);
  if (!found.ok) {
    if (found.reason === 'undefined') return undefined;
    throw new Failure(found, node);
  }
  let value = found.value;
  for (const key of rest) value = member(value, key, false, node);
  return value;
}
