/**
 * Rule 10: an `openapi` file must exist and parse; an endpoint reference (`GET /pets`, `spec.yaml
 * GET /pets`, `webhook name`) must resolve in the nearest `openapi` inherited from its ancestors.
 * A document without operations (models only) makes no pages: a warning where a division names it.
 * A remote spec is checked like a file once fetched or read from the cache; with neither, one
 * warning, and references under it are not checked.
 */
import { closestOperations, describeReference, findOperation, parseEndpointReference } from '../../openapi/reference.ts';
import { formatJsonPath } from '../../config/json-source.ts';
import { ownsOpenApi, type OpenApiInForce } from '../../config/openapi-in-force.ts';
import { specKey } from '../../openapi/specs.ts';
import type { Rule, RuleContext } from './context.ts';

export const openapi: Rule = {
  name: 'openapi',
  create: (context) => {
    const reportedSpecProblems = new Set<string>();
    return {
      element(node) {
        // Checked where written: at the element that sets it, and `api.openapi` at the root, where it is in force.
        const own = node.kind === 'root' || ownsOpenApi(node.openapi, node.path) ? node.openapi : undefined;
        if (!own) return;
        own.sources.forEach((source, index) => {
          const path = Array.isArray(node.value.openapi) ? [...own.path, index] : own.path;
          const usable = checkSpec(context, source.source, path, reportedSpecProblems);
          // A document of models alone is fine in `api.openapi` (for `openapi-schema:` pages), not as a division's pages.
          if (usable && node.kind !== 'root' && context.specs.get(source.source)?.document?.operations.length === 0) {
            context.report('openapi-no-endpoints', path, { file: source.source });
          }
        });
      },
      page({ entry, path, openapi: inForce }) {
        const reference = parseEndpointReference(entry);
        if (!reference) return;
        if (reference.spec) {
          const spec = specKey(reference.spec);
          if (!checkSpec(context, spec, path, reportedSpecProblems)) return;
          resolveIn(context, path, [spec], reference);
          return;
        }
        if (!inForce) {
          context.report('endpoint-no-openapi', path, { entry });
          return;
        }
        const usable = inForce.sources.filter((source) => context.specs.get(source.source)?.document);
        if (usable.length < inForce.sources.length) return; // the spec is broken or was not fetched: reported there
        resolveIn(
          context,
          path,
          usable.map((source) => source.source),
          reference,
          inForce,
        );
      },
    };
  },
};

function checkSpec(context: RuleContext, spec: string, path: readonly (string | number)[], reported: Set<string>): boolean {
  const loaded = context.specs.get(spec);
  const unread = loaded?.unread;
  if (loaded && unread?.problem === 'remote') {
    // Once per URL, however many elements name it: each would say the same.
    if (reported.has(spec)) return false;
    reported.add(spec);
    if (unread.failure.kind === 'private-address') context.report('openapi-private-address', path, { url: spec, at: 'config', failure: unread.failure });
    else context.report('openapi-remote', path, { url: spec, at: 'config', failure: unread.failure });
    for (const problem of loaded.diagnostics) context.add(problem);
    return false;
  }
  if (unread?.problem === 'outside-root') {
    // Where docs.json names it, each time: nothing was read, so there is no position in the file.
    context.report('openapi-outside-root', path, { file: spec, reason: unread.reason });
    return false;
  }
  // Reported where docs.json names the file, each time it does; the loader may know a close name.
  if (unread?.problem === 'missing' || unread?.problem === 'folder') {
    context.report('openapi-missing', path, { file: spec, at: 'config', ...unread });
    return false;
  }
  if (!loaded) {
    // Never loaded (a URL in a `spec.yaml GET /x` entry): nothing is known about it.
    context.report('openapi-missing', path, { file: spec, at: 'config', problem: 'unchecked' });
    return false;
  }
  // Problems inside the file (syntax, not OpenAPI, and the warnings of a usable one) are reported
  // once, in the file itself.
  if (!reported.has(spec)) {
    reported.add(spec);
    for (const problem of loaded.diagnostics) context.add(problem);
  }
  return loaded.document !== undefined;
}

function resolveIn(
  context: RuleContext,
  path: readonly (string | number)[],
  specs: string[],
  reference: NonNullable<ReturnType<typeof parseEndpointReference>>,
  inForce?: OpenApiInForce,
): void {
  for (const spec of specs) {
    const document = context.specs.get(spec)?.document;
    if (document && findOperation(document, reference)) return;
  }
  const suggestions = specs.flatMap((spec) => {
    const document = context.specs.get(spec)?.document;
    return document ? closestOperations(document, reference) : [];
  });
  context.report('endpoint-not-found', path, {
    reference: describeReference(reference),
    specs,
    inForceAt: inForce && !reference.spec ? formatJsonPath(inForce.path) : undefined,
    suggestions,
  });
}
