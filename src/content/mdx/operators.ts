/**
 * JavaScript's operators and property reads over the evaluator's values, as the language defines
 * them (ECMA-262 §7.1 type conversion, §7.2.14 IsLooselyEqual, §13.15 operators): `1 == '1'` is
 * true, `'2' * 3` is 6, `[1, 2] + ''` is `'1,2'`. Where JavaScript would turn JSX or a function
 * into a number or text, the result is meaningless on a page: that is a failure, reported.
 */
import type { BaseNode, BinaryExpression, UnaryExpression } from 'estree';
import { ShortCircuit, unsupported } from './failure.ts';
import { Callable, Markup, type Evaluation, type Value } from './types.ts';
import { isRecord, stringify } from './values.ts';

export type BinaryOperator = BinaryExpression['operator'];

type Primitive = string | number | boolean | null | undefined;

/** ToPrimitive: a list is its items joined with commas, an object `[object Object]`, a pattern its source. */
function toPrimitive(value: Value, node: BaseNode): Primitive {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Markup) return unsupported('JSX used as a number or text', node);
  if (value instanceof Callable) return unsupported('a function used as a number or text', node);
  // An object of the page's with its own `valueOf` or `toString` would have it called.
  if (isRecord(value) && (Object.hasOwn(value, 'valueOf') || Object.hasOwn(value, 'toString'))) return unsupported('an object with its own `valueOf` or `toString`', node);
  return stringify(value);
}

function toNumber(value: Value, node: BaseNode): number {
  return Number(toPrimitive(value, node));
}

/** `==`: null and undefined equal each other only; otherwise values are converted until their types match. */
export function looselyEqual(left: Value, right: Value, node: BaseNode): boolean {
  if (left === null || left === undefined || right === null || right === undefined) return (left ?? null) === (right ?? null);
  const leftObject = typeof left === 'object';
  const rightObject = typeof right === 'object';
  if (leftObject && rightObject) return left === right;
  if (leftObject) return looselyEqual(toPrimitive(left, node), right, node);
  if (rightObject) return looselyEqual(left, toPrimitive(right, node), node);
  if (typeof left === typeof right) return left === right;
  // Two primitives of different types: booleans and strings meet other types as numbers.
  return Number(left) === Number(right);
}

export function binary(operator: BinaryOperator, left: Value, right: Value, node: BaseNode): Value {
  switch (operator) {
    case '===':
      return left === right;
    case '!==':
      return left !== right;
    case '==':
      return looselyEqual(left, right, node);
    case '!=':
      return !looselyEqual(left, right, node);
    case '+': {
      const a = toPrimitive(left, node);
      const b = toPrimitive(right, node);
      return typeof a === 'string' || typeof b === 'string' ? String(a) + String(b) : Number(a) + Number(b);
    }
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(operator, toPrimitive(left, node), toPrimitive(right, node));
    case 'in':
      // Own and inherited names, as JavaScript answers; reading them is `member`'s business.
      if (isRecord(right) || Array.isArray(right)) return stringify(left) in right;
      return unsupported('`in` on something that is not an object', node);
    case 'instanceof':
      return unsupported('`instanceof`', node);
    default:
      return arithmetic(operator, toNumber(left, node), toNumber(right, node));
  }
}

/** Strings compare by code units, anything else as numbers (`NaN` compares false). */
function compare(operator: '<' | '<=' | '>' | '>=', a: Primitive, b: Primitive): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    return operator === '<' ? a < b : operator === '<=' ? a <= b : operator === '>' ? a > b : a >= b;
  }
  const x = Number(a);
  const y = Number(b);
  return operator === '<' ? x < y : operator === '<=' ? x <= y : operator === '>' ? x > y : x >= y;
}

function arithmetic(operator: Exclude<BinaryOperator, '==' | '!=' | '===' | '!==' | '+' | '<' | '<=' | '>' | '>=' | 'in' | 'instanceof'>, a: number, b: number): number {
  switch (operator) {
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '**':
      return a ** b;
    case '|':
      return a | b;
    case '&':
      return a & b;
    case '^':
      return a ^ b;
    case '<<':
      return a << b;
    case '>>':
      return a >> b;
    case '>>>':
      return a >>> b;
  }
}

/** `typeof` (not `typeof x` of an undefined name, which the caller answers). */
export function unary(operator: Exclude<UnaryExpression['operator'], 'typeof'>, argument: Value, node: BaseNode): Value {
  switch (operator) {
    case '!':
      return !argument;
    case '-':
      return -toNumber(argument, node);
    case '+':
      return toNumber(argument, node);
    case '~':
      return ~toNumber(argument, node);
    case 'void':
      return undefined;
    case 'delete':
      return unsupported('`delete`', node);
  }
}

/** `typeof x`: an undefined name is `'undefined'`, as in JavaScript; a name without a known value cannot be answered. */
export function typeOf(result: Evaluation, node: BaseNode): Value {
  if (!result.ok) return result.reason === 'undefined' ? 'undefined' : unsupported('typeof of a value docjet does not know', node);
  const { value } = result;
  if (value instanceof Callable) return 'function';
  if (value === null || typeof value === 'object') return 'object';
  return typeof value;
}

/** Names every object has from its prototype that lead to no page data; they read as undefined. */
const SEALED = new Set(['constructor', '__proto__', 'prototype']);
const INDEX = /^(0|[1-9]\d*)$/;
const PATTERN_PROPERTIES: Readonly<Record<string, (pattern: RegExp) => Value>> = {
  source: (pattern) => pattern.source,
  flags: (pattern) => pattern.flags,
  global: (pattern) => pattern.global,
  ignoreCase: (pattern) => pattern.ignoreCase,
  multiline: (pattern) => pattern.multiline,
  lastIndex: (pattern) => pattern.lastIndex,
};

/**
 * `object[key]`. Own data only: nothing reaches prototypes (`constructor`, `__proto__` are
 * undefined). A method read without a call (`items.map`), or a property of JSX or a function,
 * has no value docjet can give: a failure.
 */
export function member(object: Value, key: string, optional: boolean, node: BaseNode): Value {
  if (object === null || object === undefined) {
    if (optional) throw new ShortCircuit();
    return unsupported(`reading "${key}" of ${String(object)}`, node);
  }
  if (SEALED.has(key)) return undefined;
  if (typeof object === 'string' || Array.isArray(object)) {
    if (key === 'length') return object.length;
    if (INDEX.test(key)) return object[Number(key)];
    return key in (typeof object === 'string' ? String.prototype : Array.prototype) ? unsupported(`the method \`.${key}\` without a call`, node) : undefined;
  }
  if (isRecord(object)) {
    if (Object.hasOwn(object, key)) return object[key];
    return key in Object.prototype ? unsupported(`the method \`.${key}\` without a call`, node) : undefined;
  }
  if (object instanceof RegExp && Object.hasOwn(PATTERN_PROPERTIES, key)) return PATTERN_PROPERTIES[key]!(object);
  if (object instanceof Markup) return unsupported(`the property "${key}" of JSX`, node);
  if (object instanceof Callable || object instanceof RegExp)
    return unsupported(`the property "${key}" of ${object instanceof Callable ? 'a function' : 'a regular expression'}`, node);
  return key in (typeof object === 'number' ? Number.prototype : Boolean.prototype) ? unsupported(`the method \`.${key}\` without a call`, node) : undefined;
}
