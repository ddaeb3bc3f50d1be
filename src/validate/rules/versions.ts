/**
 * Rule 7: version labels have the shape `<major>.<minor>.<patch>` (a semver pre-release or build
 * suffix is allowed). Real sites label versions `v2` or with dates, so other labels are accepted with
 * a warning rather than refused. A label repeated under several languages is reported once, at its
 * first use, so a site with 4 languages × 13 versions gets 13 warnings, not 52.
 */
import type { Rule } from './context.ts';

/** `1.2.3`, and `v1.2.3` (the usual spelling of a release tag), with optional semver suffixes. */
const SEMVER = /^v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

export const versions: Rule = {
  name: 'versions',
  create: (context) => {
    const reported = new Set<string>();
    return {
      element(node) {
        if (node.kind !== 'version') return;
        const label = node.value.version;
        if (typeof label !== 'string' || label.trim() === '' || SEMVER.test(label) || reported.has(label)) return;
        reported.add(label);
        const digits = label.match(/^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/);
        context.report('version-label', [...node.path, 'version'], {
          label,
          suggested: digits ? `${digits[1]}.${digits[2] ?? '0'}.${digits[3] ?? '0'}` : undefined,
        });
      },
    };
  },
};
