/**
 * Rule 9: a page reference names an existing `.mdx` or `.md` file; a missing one is an error with
 * the closest existing page as a suggestion. A group's `root` is a page reference too.
 * Endpoint references (`GET /pets`) are rule 10's.
 */
import { parseEndpointReference } from '../../openapi/reference.ts';
import { closestMatch } from '../../suggest.ts';
import type { JsonPath } from '../json-source.ts';
import { normalizePageEntry, resolvePageReference } from '../page-reference.ts';
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
    context.report('page-extension', path, {
      message: `page reference ${JSON.stringify(entry)} includes the file extension; references name pages without it`,
      fix: `Write ${JSON.stringify(match.id.replace(/\/index$/, ''))}.`,
    });
  }
  if (match) return;
  const wanted = normalizePageEntry(entry).replace(/\.(mdx|md)$/i, '');
  const suggestion = closestMatch(wanted, context.pages.keys(), { maxRatio: 0.5 });
  context.report(role === 'page' ? 'page-missing' : 'group-root-missing', path, {
    message: `${role === 'page' ? 'page' : 'group root'} ${JSON.stringify(entry)} does not exist: there is no ${wanted || 'index'}.mdx or ${wanted || 'index'}.md`,
    fix: suggestion ? `Did you mean ${JSON.stringify(suggestion)}?` : 'Create the file, or remove the reference.',
  });
}
