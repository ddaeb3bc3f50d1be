/**
 * Request samples at build time: the language table, the HAR request and the curl command are
 * src/portable/code-samples.ts, which the browser runs too when a reader fills in "Try it"
 * (src/client/samples.mts); here they get Node's `@readme/httpsnippet`.
 */
import { HTTPSnippet } from '@readme/httpsnippet';
import { generateCodeSamples as generate, type CodeSample, type RequestParts, type SampleLanguage, type SnippetGenerator } from '../../portable/code-samples.ts';

export { curlCommand, PLACEHOLDER_HOST, readable, sampleLanguage, sampleLanguages } from '../../portable/code-samples.ts';
export type { CodeSample, RequestParts, SampleLanguage } from '../../portable/code-samples.ts';

/** The request written in each language httpsnippet writes (curl is `curlCommand`'s). */
export function generateCodeSamples(parts: RequestParts, languages: readonly SampleLanguage[]): CodeSample[] {
  return generate(parts, languages, HTTPSnippet as unknown as SnippetGenerator);
}
