/**
 * Rule 5: no `href` anywhere may use a `javascript:`, `data:` or `vbscript:` URL (they run code or
 * smuggle content when clicked). Browsers ignore tabs, newlines and leading spaces in a scheme, so
 * those are removed before checking.
 */
import { isObject } from '../load.ts';
import type { JsonPath } from '../json-source.ts';
import type { Rule, RuleContext } from './context.ts';

const UNSAFE = /^(javascript|data|vbscript):/i;

export function isUnsafeHref(href: string): boolean {
  return unsafeScheme(href) !== undefined;
}

/** The scheme as the browser reads it (`java\tscript:` is `javascript:`), when it is an unsafe one. */
function unsafeScheme(href: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  return UNSAFE.exec(href.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
}

export const hrefScheme: Rule = {
  name: 'href-scheme',
  create: (context) => ({
    finish() {
      check(context, context.config, []);
    },
  }),
};

function check(context: RuleContext, value: unknown, path: JsonPath): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => check(context, item, [...path, index]));
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const scheme = (key === 'href' || key === 'destination' || key === 'url') && typeof item === 'string' ? unsafeScheme(item) : undefined;
      if (scheme) {
        context.report('href-unsafe', [...path, key], {
          message: `${JSON.stringify(key)} uses a ${scheme}: URL, which runs code or hides content when clicked`,
          fix: 'Link to an http(s) URL or a page path instead.',
        });
      } else if (typeof item === 'object' && item !== null) {
        check(context, item, [...path, key]);
      }
    }
  }
}
