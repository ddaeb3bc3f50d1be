/** Rule 6: language codes come from the spec's list; a well-known alias is accepted with a warning. */
import { canonicalLanguage, LANGUAGE_CODES, LANGUAGES } from '../../config/languages.ts';
import { closestMatch } from '../../shared/suggest.ts';
import type { Rule } from './context.ts';

export const languages: Rule = {
  name: 'languages',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'language') return;
      const code = node.value.language;
      if (typeof code !== 'string') return;
      const canonical = canonicalLanguage(code);
      if (canonical === code) return;
      if (canonical) {
        context.report('language-alias', [...node.path, 'language'], { code, name: LANGUAGES[canonical].name, canonical });
        return;
      }
      const suggestion = closestMatch(code, LANGUAGE_CODES, { maxRatio: 0.5 });
      context.report('language-unknown', [...node.path, 'language'], { code, suggestion, supported: LANGUAGE_CODES });
    },
  }),
};
