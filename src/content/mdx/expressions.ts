/**
 * One handler per expression node type (as mdast-util-to-hast keeps one per mdast node type): each
 * takes its node, the scope, and the evaluator's dispatch for its parts. A node type without a
 * handler is a failure naming it (evaluate.ts).
 */
import type { AssignmentExpression, BaseNode } from 'estree';
import type { Node } from 'estree-jsx';
import { callExpression, jsxEvaluator, spreadItems, attempt } from './calls.ts';
import { ShortCircuit, unsupported } from './failure.ts';
import { toCallable } from './functions.ts';
import { jsxToMarkup } from './jsx-value.ts';
import { binary, member, typeOf, unary, type BinaryOperator } from './operators.ts';
import { assign, lookup } from './scope.ts';
import type { Evaluate, Scope, Value } from './types.ts';
import { define, isRecord, stringify } from './values.ts';

type NodeOf<K extends Node['type']> = Extract<Node, { type: K }>;
export type ExpressionHandler<K extends Node['type']> = (node: NodeOf<K>, scope: Scope, evaluate: Evaluate) => Value;
export type ExpressionHandlers = { [K in Node['type']]?: ExpressionHandler<K> };

export const EXPRESSIONS: ExpressionHandlers = {
  Literal(node, scope) {
    const value = node.value;
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    // Patterns for `.replace()` and `.test()` inside functions; a fresh one each time, as in JavaScript.
    if (scope.inFunction && 'regex' in node && node.regex) return new RegExp(node.regex.pattern, node.regex.flags);
    return unsupported('a regular expression or bigint', node);
  },
  TemplateLiteral(node, scope, evaluate) {
    let out = node.quasis[0]?.value.cooked ?? '';
    node.expressions.forEach((expression, index) => {
      out += stringify(evaluate(expression, scope));
      out += node.quasis[index + 1]?.value.cooked ?? '';
      scope.context.budget.room(out.length, node);
    });
    return out;
  },
  ArrayExpression(node, scope, evaluate) {
    const out: Value[] = [];
    for (const element of node.elements) {
      if (element === null) out.push(undefined);
      else if (element.type === 'SpreadElement') {
        const items = spreadItems(evaluate(element.argument, scope), element);
        scope.context.budget.room(out.length + items.length, element);
        // One by one: `push(...items)` passes each item as an argument, and a long list overflows the stack.
        for (const item of items) out.push(item);
      } else out.push(evaluate(element, scope));
    }
    return out;
  },
  ObjectExpression(node, scope, evaluate) {
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
  },
  Identifier(node, scope) {
    if (node.name === 'undefined') return undefined;
    if (node.name === 'NaN') return Number.NaN;
    if (node.name === 'Infinity') return Number.POSITIVE_INFINITY;
    return lookup(node.name, scope, node);
  },
  MemberExpression(node, scope, evaluate) {
    if (node.object.type === 'Super') return unsupported('super', node);
    const object = evaluate(node.object, scope);
    if (node.property.type === 'PrivateIdentifier') return unsupported('a private name', node);
    const key = !node.computed && node.property.type === 'Identifier' ? node.property.name : stringify(evaluate(node.property, scope));
    return member(object, key, node.optional, node);
  },
  ChainExpression(node, scope, evaluate) {
    try {
      return evaluate(node.expression, scope);
    } catch (error) {
      if (error instanceof ShortCircuit) return undefined;
      throw error;
    }
  },
  UnaryExpression(node, scope, evaluate) {
    const { operator } = node;
    // `typeof x` of a name nothing defines is 'undefined', not an error.
    if (operator === 'typeof')
      return typeOf(node.argument.type === 'Identifier' ? attempt(evaluate, node.argument, scope) : { ok: true, value: evaluate(node.argument, scope) }, node);
    return unary(operator, evaluate(node.argument, scope), node);
  },
  BinaryExpression(node, scope, evaluate) {
    if (node.left.type === 'PrivateIdentifier') return unsupported('a private name', node);
    return binary(node.operator, evaluate(node.left, scope), evaluate(node.right, scope), node);
  },
  LogicalExpression(node, scope, evaluate) {
    const left = evaluate(node.left, scope);
    if (node.operator === '&&') return left ? evaluate(node.right, scope) : left;
    if (node.operator === '||') return left ? left : evaluate(node.right, scope);
    return left ?? evaluate(node.right, scope);
  },
  ConditionalExpression: (node, scope, evaluate) => (evaluate(node.test, scope) ? evaluate(node.consequent, scope) : evaluate(node.alternate, scope)),
  SequenceExpression(node, scope, evaluate) {
    let last: Value;
    for (const expression of node.expressions) last = evaluate(expression, scope);
    return last;
  },
  JSXElement: (node, scope, evaluate) => jsxToMarkup(node, jsxEvaluator(scope, evaluate)),
  JSXFragment: (node, scope, evaluate) => jsxToMarkup(node, jsxEvaluator(scope, evaluate)),
  ArrowFunctionExpression: (node, scope, evaluate) => toCallable(node, scope, 'a function', evaluate),
  FunctionExpression: (node, scope, evaluate) => toCallable(node, scope, node.id ? node.id.name : 'a function', evaluate),
  CallExpression: callExpression,
  AssignmentExpression: assignment,
  NewExpression: (node) => unsupported('a function call', node),
};

/** `x = …`, `x += …`, `x ??= …` inside a function, to its own locals. */
function assignment(node: AssignmentExpression, scope: Scope, evaluate: Evaluate): Value {
  if (!scope.inFunction || node.left.type !== 'Identifier') return unsupported('AssignmentExpression', node);
  const name = node.left.name;
  const right = (): Value => evaluate(node.right, scope);
  const set = (value: Value): Value => assign(name, value, scope, node);
  if (node.operator === '=') return set(right());
  const left = lookup(name, scope, node.left);
  if (node.operator === '||=') return left ? left : set(right());
  if (node.operator === '&&=') return left ? set(right()) : left;
  if (node.operator === '??=') return left ?? set(right());
  return set(binary(compoundOperator(node.operator, node), left, right(), node));
}

/** `+=` → `+`. */
function compoundOperator(operator: AssignmentExpression['operator'], node: BaseNode): BinaryOperator {
  const binaryPart = operator.slice(0, -1);
  return isBinaryOperator(binaryPart) ? binaryPart : unsupported(`the operator ${operator}`, node);
}

const BINARY_OPERATORS: ReadonlySet<string> = new Set<BinaryOperator>(['+', '-', '*', '/', '%', '**', '|', '^', '&', '<<', '>>', '>>>']);

function isBinaryOperator(operator: string): operator is BinaryOperator {
  return BINARY_OPERATORS.has(operator);
}
