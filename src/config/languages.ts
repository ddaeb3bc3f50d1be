/**
 * Language codes of the spec (docs-json-navigation.md, "Language object"), the aliases real sites
 * write instead, and what each means for HTML (`lang`, `dir`).
 */

export const LANGUAGES = {
  ar: { name: 'Arabic', native: 'العربية', bcp47: 'ar', rtl: true },
  cs: { name: 'Czech', native: 'Čeština', bcp47: 'cs', rtl: false },
  cn: { name: 'Chinese', native: '简体中文', bcp47: 'zh-Hans', rtl: false },
  'zh-Hant': { name: 'Chinese (Traditional)', native: '繁體中文', bcp47: 'zh-Hant', rtl: false },
  nl: { name: 'Dutch', native: 'Nederlands', bcp47: 'nl', rtl: false },
  en: { name: 'English', native: 'English', bcp47: 'en', rtl: false },
  fr: { name: 'French', native: 'Français', bcp47: 'fr', rtl: false },
  de: { name: 'German', native: 'Deutsch', bcp47: 'de', rtl: false },
  he: { name: 'Hebrew', native: 'עברית', bcp47: 'he', rtl: true },
  hi: { name: 'Hindi', native: 'हिन्दी', bcp47: 'hi', rtl: false },
  id: { name: 'Indonesian', native: 'Bahasa Indonesia', bcp47: 'id', rtl: false },
  it: { name: 'Italian', native: 'Italiano', bcp47: 'it', rtl: false },
  jp: { name: 'Japanese', native: '日本語', bcp47: 'ja', rtl: false },
  ko: { name: 'Korean', native: '한국어', bcp47: 'ko', rtl: false },
  lv: { name: 'Latvian', native: 'Latviešu', bcp47: 'lv', rtl: false },
  no: { name: 'Norwegian', native: 'Norsk', bcp47: 'no', rtl: false },
  pl: { name: 'Polish', native: 'Polski', bcp47: 'pl', rtl: false },
  'pt-BR': { name: 'Portuguese', native: 'Português', bcp47: 'pt-BR', rtl: false },
  ro: { name: 'Romanian', native: 'Română', bcp47: 'ro', rtl: false },
  ru: { name: 'Russian', native: 'Русский', bcp47: 'ru', rtl: false },
  es: { name: 'Spanish', native: 'Español', bcp47: 'es', rtl: false },
  sv: { name: 'Swedish', native: 'Svenska', bcp47: 'sv', rtl: false },
  tr: { name: 'Turkish', native: 'Türkçe', bcp47: 'tr', rtl: false },
  ua: { name: 'Ukrainian', native: 'Українська', bcp47: 'uk', rtl: false },
  uz: { name: 'Uzbek', native: 'Oʻzbekcha', bcp47: 'uz', rtl: false },
  vi: { name: 'Vietnamese', native: 'Tiếng Việt', bcp47: 'vi', rtl: false },
} as const;

export type LanguageCode = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as LanguageCode[];

/** Codes real sites write (the reference product accepts them) for a code of the spec. */
export const LANGUAGE_ALIASES: Record<string, LanguageCode> = {
  zh: 'cn',
  'zh-Hans': 'cn',
  'zh-CN': 'cn',
  'zh-cn': 'cn',
  'zh-TW': 'zh-Hant',
  'zh-tw': 'zh-Hant',
  'zh-HK': 'zh-Hant',
  ja: 'jp',
  'ja-jp': 'jp',
  'ja-JP': 'jp',
  pt: 'pt-BR',
  'pt-br': 'pt-BR',
  uk: 'ua',
  'fr-CA': 'fr',
  'fr-ca': 'fr',
  'es-ES': 'es',
  'en-US': 'en',
  'en-GB': 'en',
  kr: 'ko',
  nb: 'no',
};

export function isLanguageCode(code: string): code is LanguageCode {
  return Object.hasOwn(LANGUAGES, code);
}

/** The spec code a written code stands for: itself, its alias target, or undefined. */
export function canonicalLanguage(code: string): LanguageCode | undefined {
  if (isLanguageCode(code)) return code;
  return LANGUAGE_ALIASES[code];
}

/** Every code a folder prefix may use for a language (used to match equivalent pages). */
export const LANGUAGE_PREFIXES = new Set<string>([...LANGUAGE_CODES, ...Object.keys(LANGUAGE_ALIASES)]);
