/** Methods of lists, strings, numbers, patterns and functions, as the evaluator calls them (calls.ts). */
import { stringify } from './values.ts';
import { Callable, type CallContext, type Value } from './types.ts';

type Fail = (what: string) => never;

/**
 * A method of a list, string or number, the ones components use to build their markup
 * (`items.map(…)`, `name.toUpperCase()`). Callbacks are the page's own functions, read by the
 * evaluator; nothing else is reachable (no prototypes, no `constructor`).
 */
export function callMethod(object: Value, name: string, args: readonly Value[], context: CallContext, fail: Fail): Value {
  if (Array.isArray(object)) return arrayMethod(object, name, args, context, fail);
  if (typeof object === 'string') return stringMethod(object, name, args, fail);
  if (typeof object === 'number') return numberMethod(object, name, args, fail);
  if (object instanceof RegExp && name === 'test') return object.test(stringify(args[0]));
  if (object instanceof Callable && (name === 'call' || name === 'apply')) {
    return object.call(name === 'call' ? args.slice(1) : Array.isArray(args[1]) ? args[1] : [], context);
  }
  return fail(`the method \`${name}\` of ${object === null || object === undefined ? String(object) : typeof object === 'boolean' ? 'a boolean' : 'this value'}`);
}

function callback(value: Value, name: string, fail: Fail): Callable {
  return value instanceof Callable ? value : fail(`\`.${name}()\` without a function`);
}

function arrayMethod(array: Value[], name: string, args: readonly Value[], context: CallContext, fail: Fail): Value {
  const each = (run: (item: Value, index: number) => Value): Value[] => {
    const fn = callback(args[0], name, fail);
    return array.map((item, index) => run(fn.call([item, index, array], context), index));
  };
  switch (name) {
    case 'map':
      return each((result) => result);
    case 'filter': {
      const kept = each((result) => result);
      return array.filter((_, index) => kept[index]);
    }
    case 'flatMap':
      return each((result) => result).flat() as Value[];
    case 'forEach':
      each((result) => result);
      return undefined;
    case 'find':
    case 'findIndex':
    case 'some':
    case 'every': {
      const fn = callback(args[0], name, fail);
      const index = array.findIndex((item, at) => (name === 'every' ? !fn.call([item, at, array], context) : fn.call([item, at, array], context)));
      if (name === 'find') return index === -1 ? undefined : array[index];
      if (name === 'findIndex') return index;
      return name === 'some' ? index !== -1 : index === -1;
    }
    case 'reduce': {
      const fn = callback(args[0], name, fail);
      if (args.length < 2 && array.length === 0) return fail('`.reduce()` of an empty list without a start value');
      let accumulator = args.length >= 2 ? args[1] : array[0];
      for (let index = args.length >= 2 ? 0 : 1; index < array.length; index++) accumulator = fn.call([accumulator, array[index], index, array], context);
      return accumulator;
    }
    case 'join':
      return array.map((item) => (item === null || item === undefined ? '' : stringify(item))).join(args[0] === undefined ? ',' : stringify(args[0]));
    case 'slice':
      return array.slice(integer(args[0]), args[1] === undefined ? undefined : integer(args[1]));
    case 'includes':
      return array.includes(args[0]);
    case 'indexOf':
      return array.indexOf(args[0]);
    case 'at':
      return array.at(integer(args[0]));
    case 'concat':
      return array.concat(...args.map((arg) => (Array.isArray(arg) ? arg : [arg])));
    case 'flat':
      return array.flat() as Value[];
    case 'reverse':
    case 'toReversed':
      return [...array].reverse();
    case 'toString':
      return stringify(array);
    default:
      return fail(`the list method \`.${name}()\``);
  }
}

function stringMethod(text: string, name: string, args: readonly Value[], fail: Fail): Value {
  const arg = (index: number): string => stringify(args[index]);
  switch (name) {
    case 'toUpperCase':
    case 'toLocaleUpperCase':
      return text.toUpperCase();
    case 'toLowerCase':
    case 'toLocaleLowerCase':
      return text.toLowerCase();
    case 'trim':
      return text.trim();
    case 'trimStart':
      return text.trimStart();
    case 'trimEnd':
      return text.trimEnd();
    case 'startsWith':
      return text.startsWith(arg(0));
    case 'endsWith':
      return text.endsWith(arg(0));
    case 'includes':
      return text.includes(arg(0));
    case 'indexOf':
      return text.indexOf(arg(0));
    case 'slice':
      return text.slice(integer(args[0]), args[1] === undefined ? undefined : integer(args[1]));
    case 'substring':
      return text.substring(integer(args[0]), args[1] === undefined ? undefined : integer(args[1]));
    case 'charAt':
      return text.charAt(integer(args[0]));
    case 'at':
      return text.at(integer(args[0]));
    case 'split':
      return args[0] === undefined ? [text] : text.split(args[0] instanceof RegExp ? args[0] : arg(0));
    case 'replace':
    case 'replaceAll': {
      // A replacement function would be called with the match; only text replacements here.
      const pattern = args[0];
      if (typeof args[1] !== 'string' || !(typeof pattern === 'string' || pattern instanceof RegExp)) return fail(`\`.${name}()\` with a function`);
      if (name === 'replaceAll' && pattern instanceof RegExp && !pattern.global) return fail('`.replaceAll()` with a pattern that is not global');
      return name === 'replace' ? text.replace(pattern, args[1]) : text.replaceAll(pattern, args[1]);
    }
    case 'match': {
      if (!(args[0] instanceof RegExp)) return fail('`.match()` without a regular expression');
      const match = text.match(args[0]);
      return match ? [...match] : null;
    }
    case 'search':
      return args[0] instanceof RegExp ? text.search(args[0]) : text.indexOf(arg(0));
    case 'padStart':
    case 'padEnd': {
      const length = Math.min(integer(args[0]), 10_000);
      const fill = args[1] === undefined ? ' ' : arg(1);
      return name === 'padStart' ? text.padStart(length, fill) : text.padEnd(length, fill);
    }
    case 'repeat':
      return text.repeat(Math.max(0, Math.min(integer(args[0]), 10_000)));
    case 'concat':
      return text + args.map(stringify).join('');
    case 'toString':
    case 'valueOf':
      return text;
    default:
      return fail(`the text method \`.${name}()\``);
  }
}

function numberMethod(number: number, name: string, args: readonly Value[], fail: Fail): Value {
  switch (name) {
    case 'toFixed':
      return number.toFixed(Math.max(0, Math.min(integer(args[0]), 100)));
    case 'toString':
      return args[0] === undefined ? String(number) : number.toString(Math.max(2, Math.min(integer(args[0]), 36)));
    case 'toLocaleString':
      // One locale for every build, so output does not depend on the machine.
      return number.toLocaleString('en-US');
    default:
      return fail(`the number method \`.${name}()\``);
  }
}

function integer(value: Value): number {
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}
