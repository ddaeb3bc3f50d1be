/**
 * The names a component written as a function can use without importing them: React's hooks (the
 * reference product provides them to snippets, §3.1) and the parts of JavaScript's standard
 * library that components use to build markup (`Math.max`, `Object.entries`, `JSON.stringify`).
 *
 * A static page is the component's first render: `useState` gives its initial value and its setter
 * does nothing, effects do not run. Each hook that makes a component interactive notes a problem,
 * so the author learns that the widget will not respond. Nothing here reaches the machine
 * (no clock, no randomness, no network): the same site always builds to the same pages.
 */
import { measure } from '../mdx/budget.ts';
import { createScope } from '../mdx/scope.ts';
import { Callable, Markup, type CallContext, type Scope, type Value } from '../mdx/types.ts';
import { define, isRecord, stringify } from '../mdx/values.ts';

type Fn = (args: readonly Value[], context: CallContext) => Value;

const fn = (name: string, call: Fn): Callable => new Callable(name, call);

function note(context: CallContext, what: string): undefined {
  context.problems.push({ what, ...context.at });
  return undefined;
}

const noop = fn('a function that does nothing here', () => undefined);

const react: Record<string, Callable> = {
  useState: fn('useState', (args, context) => {
    note(context, 'React state (`useState`)');
    return [initial(args[0], context), noop];
  }),
  useReducer: fn('useReducer', (args, context) => {
    note(context, 'React state (`useReducer`)');
    const init = args[2];
    return [init instanceof Callable ? init.call([args[1]], context) : args[1], noop];
  }),
  useEffect: fn('useEffect', (_args, context) => note(context, 'an effect (`useEffect`), which only runs in a browser')),
  useLayoutEffect: fn('useLayoutEffect', (_args, context) => note(context, 'an effect (`useLayoutEffect`), which only runs in a browser')),
  useInsertionEffect: fn('useInsertionEffect', () => undefined),
  useRef: fn('useRef', (args) => ({ current: args[0] })),
  useMemo: fn('useMemo', (args, context) => initial(args[0], context)),
  useCallback: fn('useCallback', (args) => args[0]),
  useContext: fn('useContext', () => undefined),
  useDeferredValue: fn('useDeferredValue', (args) => args[0]),
  useTransition: fn('useTransition', () => [false, noop]),
  useId: fn('useId', () => 'dj-id'),
  Fragment: fn('Fragment', (args) => (isRecord(args[0]) ? args[0]['children'] : undefined)),
};

/** An object's own names and values; a list's and a string's by index, as `Object.entries` gives them. */
function ownEntries(value: Value, context: CallContext): [string, Value][] {
  if (isRecord(value)) return Object.entries(value);
  if (Array.isArray(value) || typeof value === 'string') {
    // A pair of two items for each item or character.
    context.budget.room(value.length * 3);
    return Array.from(value, (item, index) => [String(index), item]);
  }
  return [];
}

/** `useState(0)` and `useState(() => compute())`. */
function initial(value: Value, context: CallContext): Value {
  return value instanceof Callable ? value.call([], context) : value;
}

const numbers = (args: readonly Value[]): number[] => args.map((arg) => (typeof arg === 'number' ? arg : Number(arg)));
const math = (name: string, run: (...values: number[]) => number): Callable => fn(`Math.${name}`, (args) => run(...numbers(args)));

const javascript: Record<string, Value> = {
  Math: {
    max: math('max', Math.max),
    min: math('min', Math.min),
    round: math('round', Math.round),
    floor: math('floor', Math.floor),
    ceil: math('ceil', Math.ceil),
    abs: math('abs', Math.abs),
    trunc: math('trunc', Math.trunc),
    sign: math('sign', Math.sign),
    sqrt: math('sqrt', Math.sqrt),
    pow: math('pow', Math.pow),
    PI: Math.PI,
    E: Math.E,
  },
  JSON: {
    stringify: fn('JSON.stringify', (args, context) => {
      const indent = typeof args[2] === 'number' || typeof args[2] === 'string' ? args[2] : undefined;
      // Escapes write a character as up to six (`\u0000`); each line is indented once per level.
      const { size, depth } = measure(args[0]);
      const indentLength = typeof indent === 'number' ? Math.min(10, Math.max(0, indent)) : (indent?.length ?? 0);
      context.budget.room(size * (6 + Math.min(10, indentLength) * depth));
      return JSON.stringify(toJson(args[0]), null, indent);
    }),
  },
  Object: {
    keys: fn('Object.keys', (args, context) => ownEntries(args[0], context).map(([key]) => key)),
    values: fn('Object.values', (args, context) => ownEntries(args[0], context).map(([, value]) => value)),
    entries: fn('Object.entries', (args, context) => ownEntries(args[0], context)),
    fromEntries: fn('Object.fromEntries', (args) => {
      const out: { [key: string]: Value } = {};
      if (Array.isArray(args[0])) for (const entry of args[0]) if (Array.isArray(entry)) define(out, stringify(entry[0]), entry[1]);
      return out;
    }),
    // A fresh object, never the first argument changed: names the file shares stay as written.
    assign: fn('Object.assign', (args) => {
      const out: { [key: string]: Value } = {};
      for (const arg of args) if (isRecord(arg)) for (const [key, value] of Object.entries(arg)) define(out, key, value);
      return out;
    }),
  },
  Array: {
    isArray: fn('Array.isArray', (args) => Array.isArray(args[0])),
    from: fn('Array.from', (args, context) => {
      const source = args[0];
      let items: Value[];
      if (Array.isArray(source)) items = [...source];
      else if (typeof source === 'string') items = [...source];
      else if (isRecord(source) && typeof source['length'] === 'number') {
        // `{ length: 1e9 }`: refused at the size limit, not cut short without a word.
        const length = Number.isFinite(source['length']) ? Math.max(0, Math.trunc(source['length'])) : 0;
        context.budget.room(length);
        items = Array.from({ length }, () => undefined);
      } else items = [];
      const map = args[1];
      return map instanceof Callable ? items.map((item, index) => map.call([item, index], context)) : items;
    }),
  },
  String: fn('String', (args) => (args.length === 0 ? '' : stringify(args[0]))),
  Number: fn('Number', (args) => (typeof args[0] === 'number' ? args[0] : Number(typeof args[0] === 'string' || typeof args[0] === 'boolean' ? args[0] : Number.NaN))),
  Boolean: fn('Boolean', (args) => Boolean(args[0])),
  parseInt: fn('parseInt', (args) => Number.parseInt(stringify(args[0]), typeof args[1] === 'number' ? args[1] : 10)),
  parseFloat: fn('parseFloat', (args) => Number.parseFloat(stringify(args[0]))),
  isNaN: fn('isNaN', (args) => Number.isNaN(typeof args[0] === 'number' ? args[0] : Number(args[0]))),
  encodeURIComponent: fn('encodeURIComponent', (args) => encodeURIComponent(stringify(args[0]))),
  // Logging is for the browser's console; a static page has none.
  console: { log: noop, info: noop, warn: noop, error: noop, debug: noop },
};

/** React's names, for `import { useState } from 'react'` and `React.useState`. */
export const REACT: Readonly<Record<string, Callable>> = react;

/** The outermost scope of every page and snippet when linked; only functions see into it. */
export const GLOBALS: Scope = createScope({ builtins: true });
for (const [name, value] of Object.entries({ ...react, React: { ...react }, ...javascript })) GLOBALS.values.set(name, value);

/** A value as JSON would see it: functions and markup are left out. */
function toJson(value: Value): unknown {
  if (value instanceof Callable || value instanceof Markup) return undefined;
  if (Array.isArray(value)) return value.map((item) => toJson(item) ?? null);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const json = toJson(item);
      if (json !== undefined) Object.defineProperty(out, key, { value: json, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}
