/**
 * Rule 9: a page reference names an existing `.mdx` or `.md` file; a missing one is a warning (left out of the navigation) with
 * the closest existing page as a suggestion. A group's `root` is a page reference too.
 * Endpoint references (`GET /pets`) are rule 10's.
 */
import { parseEndpointReference } from '../../openapi/reference.ts';
import { closestMatch } from '../../shared/suggest.ts';
import type { JsonPath } from '../../config/json-source.ts';
import { normalizePageEntry, resolvePageReference } from '../../config/page-reference.ts';
import type { Rule, RuleContext } from './context.ts';

export const pages: Rule = {
  name: 'pages',
  create: (context) => ({
    page({ entry, path }) {
      if (parseEndpointReference(entry)) return;
      checkReference(context, entry, path, 'page');
    },
    element(node) {
      if (node.kind === 'group' && typeof node.value.root === 'string') {
        checkReference(context, node.value.root, [...node.path, 'root'], 'root');
      }
    },
  }),
};

function checkReference(context: RuleContext, entry: string, path: JsonPath, role: 'page' | 'root'): void {
  const match = resolvePageReference(entry, context.pages);
  if (match?.extension) {
    context.report('page-extension', path, { entry, id: match.id });
  }
  if (match) return;
  const wanted = normalizePageEntry(entry).replace(/\.(mdx|md)$/i, '');
  const suggestion = closestMatch(wanted, context.pages.keys(), { maxRatio: 0.5 });
  context.report(role === 'page' ? 'page-missing' : 'group-root-missing', path, { entry, wanted, suggestion });
}
