/**
 * `$ref`s to other files: whether a parsed spec has any (only then is it bundled, so one-file specs
 * pay one walk over their values), and which documents were bundled, so that the `$ref`s left in
 * them, already reported where they are written, are not reported again on every page.
 */

/**
 * `$ref` followed by a string value that does not start with `#`, in JSON or YAML: `"$ref": "a.json"`,
 * `$ref: 'a.yaml#/A'`, `$ref: a.yaml`, and a folded value on the next line (`$ref: >-`, which
 * Stripe's generator writes for long pointers). A property named `$ref` (`"$ref": {`) is no reference.
 */
const FILE_REF = /\$ref["']?[ \t]*:[ \t]*(?:["'](?!#)|[>|][-+0-9]*[ \t]*\r?\n[ \t]*(?![ \t#])|(?![\s"'#{[>|]))/;

/**
 * Whether any object of the spec holds a `$ref` string that does not start with `#`. The text is
 * searched first, which settles it for most one-file specs in a few milliseconds (Stripe's 4 MB);
 * only when it finds a candidate are the values walked, which a description quoting a `$ref` fools.
 * Values shared through YAML aliases are walked once.
 */
export function hasExternalRefs({ text, raw }: { text: string; raw: unknown }): boolean {
  if (!FILE_REF.test(text)) return false;
  const seen = new Set<object>();
  const stack: unknown[] = [raw];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (!Array.isArray(value) && '$ref' in value && typeof value.$ref === 'string' && !value.$ref.startsWith('#')) return true;
    for (const item of Object.values(value)) if (typeof item === 'object') stack.push(item);
  }
  return false;
}

const bundled = new WeakSet<object>();

/** `raw` went through the bundler: every `$ref` to another file it still holds was reported on load. */
export function markBundled(raw: unknown): void {
  if (typeof raw === 'object' && raw !== null) bundled.add(raw);
}

export function wasBundled(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && bundled.has(raw);
}
