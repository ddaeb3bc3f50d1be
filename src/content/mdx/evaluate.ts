/**
 * A tiny evaluator for the JavaScript that pages hold in `export const x = …`, `{x}` and attribute
 * values (`cols={2}`, `tags={["a", "b"]}`, `style={{ color: "red" }}`): literals, arrays, objects,
 * template strings, names the page exported, member access, a few operators, and JSX made of
 * HTML elements (`icon={<svg …/>}`, as markup). Nothing runs: compiling and evaluating each page's
 * MDX as JavaScript costs far more than the whole per-page budget (DESIGN.md), and there is no
 * `eval` or `Function` here. Anything else (calls, functions, components) is reported as
 * unsupported and the caller decides what to show.
 */
import type { Expression, Pattern, Program, SpreadElement } from 'estree';
import type { Node } from 'estree-jsx';
import { jsxToHtml } from './jsx-value.ts';
import { isRecord, Markup, stringify, type Value } from './values.ts';

export { isRecord, Markup, toText, type Value } from './values.ts';

/** Names a page defines: its literal `export const`s, plus names that exist but cannot be evaluated. */
export interface Scope {
  values: Map<string, Value>;
  /** Exported or imported names whose value is not a literal (components, `new Agent(…)`, snippets). */
  opaque: Set<string>;
}

export type Evaluation =
  | { ok: true; value: Value }
  /** A name that nothing on the page defines (`{kickoff_id}` in prose). */
  | { ok: false; reason: 'undefined'; name: string }
  /** A name the page defines with something that is not a literal value. */
  | { ok: false; reason: 'opaque'; name: string }
  | { ok: false; reason: 'unsupported'; what: string };

class Failure {
  constructor(readonly evaluation: Exclude<Evaluation, { ok: true }>) {}
}

export function createScope(): Scope {
  return { values: new Map(), opaque: new Set() };
}

/** The value of an expression program (`{…}` in MDX); an empty program (a comment) is `undefined`. */
export function evaluateProgram(program: Program, scope: Scope): Evaluation {
  const statement = program.body[0];
  if (statement === undefined) return { ok: true, value: undefined };
  if (statement.type !== 'ExpressionStatement' || program.body.length > 1) {
    return { ok: false, reason: 'unsupported', what: 'a statement' };
  }
  return evaluateExpression(statement.expression, scope);
}

export function evaluateExpression(node: Expression | SpreadElement | Pattern, scope: Scope): Evaluation {
  try {
    return { ok: true, value: evaluate(node, scope) };
  } catch (error) {
    if (error instanceof Failure) return error.evaluation;
    throw error;
  }
}

function unsupported(what: string): never {
  throw new Failure({ ok: false, reason: 'unsupported', what });
}

function evaluate(node: Node | Expression | Pattern | SpreadElement, scope: Scope): Value {
  switch (node.type) {
    case 'Literal': {
      const value = node.value;
      if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
      return unsupported('a regular expression or bigint');
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
          if (!Array.isArray(spread)) return unsupported('a spread of something that is not an array');
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
          if (!isRecord(spread)) return unsupported('a spread of something that is not an object');
          for (const [key, value] of Object.entries(spread)) define(out, key, value);
          continue;
        }
        if (property.kind !== 'init' || property.method) return unsupported('a method');
        let key: string;
        if (property.computed) key = stringify(evaluate(property.key, scope));
        else if (property.key.type === 'Identifier') key = property.key.name;
        else if (property.key.type === 'Literal') key = String(property.key.value);
        else return unsupported('an object key');
        define(out, key, evaluate(property.value, scope));
      }
      return out;
    }
    case 'Identifier': {
      if (node.name === 'undefined') return undefined;
      if (node.name === 'NaN') return Number.NaN;
      if (node.name === 'Infinity') return Number.POSITIVE_INFINITY;
      if (scope.values.has(node.name)) return scope.values.get(node.name);
      if (scope.opaque.has(node.name)) throw new Failure({ ok: false, reason: 'opaque', name: node.name });
      throw new Failure({ ok: false, reason: 'undefined', name: node.name });
    }
    case 'MemberExpression': {
      if (node.object.type === 'Super') return unsupported('super');
      const object = evaluate(node.object, scope);
      let key: string;
      if (!node.computed && node.property.type === 'Identifier') key = node.property.name;
      else if (node.property.type === 'PrivateIdentifier') return unsupported('a private name');
      else key = stringify(evaluate(node.property, scope));
      if (object === null || object === undefined) {
        if (node.optional) return undefined;
        return unsupported(`reading "${key}" of ${String(object)}`);
      }
      if (typeof object === 'string' && key === 'length') return object.length;
      if (Array.isArray(object)) {
        if (key === 'length') return object.length;
        return /^(0|[1-9]\d*)$/.test(key) ? object[Number(key)] : unsupported(`the array property "${key}"`);
      }
      // Own properties only: nothing reaches prototypes (`constructor`, `__proto__`).
      return isRecord(object) && Object.hasOwn(object, key) ? object[key] : undefined;
    }
    case 'ChainExpression':
      return evaluate(node.expression, scope);
    case 'UnaryExpression': {
      const argument = evaluate(node.argument, scope);
      if (node.operator === '-' && typeof argument === 'number') return -argument;
      if (node.operator === '+' && typeof argument === 'number') return argument;
      if (node.operator === '!') return !argument;
      return unsupported(`the operator ${node.operator}`);
    }
    case 'BinaryExpression': {
      if (node.left.type === 'PrivateIdentifier') return unsupported('a private name');
      const left = evaluate(node.left, scope);
      const right = evaluate(node.right, scope);
      if (node.operator === '+') {
        if (typeof left === 'number' && typeof right === 'number') return left + right;
        if (typeof left === 'string' || typeof right === 'string') return stringify(left) + stringify(right);
      }
      if (typeof left === 'number' && typeof right === 'number') {
        if (node.operator === '-') return left - right;
        if (node.operator === '*') return left * right;
        if (node.operator === '/') return left / right;
      }
      if (node.operator === '===') return left === right;
      if (node.operator === '!==') return left !== right;
      return unsupported(`the operator ${node.operator}`);
    }
    case 'LogicalExpression': {
      const left = evaluate(node.left, scope);
      if (node.operator === '&&') return left ? evaluate(node.right, scope) : left;
      if (node.operator === '||') return left ? left : evaluate(node.right, scope);
      return left ?? evaluate(node.right, scope);
    }
    case 'ConditionalExpression':
      return evaluate(node.test, scope) ? evaluate(node.consequent, scope) : evaluate(node.alternate, scope);
    case 'JSXElement':
    case 'JSXFragment':
      return new Markup(jsxToHtml(node, (inner) => evaluate(inner, scope), unsupported));
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return unsupported('a function');
    case 'CallExpression':
    case 'NewExpression':
      return unsupported('a function call');
    default:
      return unsupported(node.type);
  }
}

/** `obj[key] = value` that cannot set a prototype, whatever the key. */
function define(object: { [key: string]: Value }, key: string, value: Value): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
