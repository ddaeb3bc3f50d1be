/** What the page scripts find on `window` besides the DOM: mermaid, once `mermaid.min.js` has loaded. */
interface Mermaid {
  initialize(options: { startOnLoad: boolean; securityLevel: string; theme: string }): void;
  run(options: { nodes: HTMLElement[]; suppressErrors: boolean }): Promise<void>;
}

interface Window {
  mermaid?: Mermaid;
}

/** How a parameter or form field is written (src/shared/request-encoding.ts, `EncodingRule`). */
interface DocjetEncodingRule {
  name: string;
  style?: string | undefined;
  explode?: boolean | undefined;
  allowReserved?: boolean | undefined;
}

/**
 * OpenAPI's serialization rules, the functions the code samples are written with: the panel's
 * script starts with their source (src/render/assets.ts), so both send the same bytes.
 */
declare const docjetRequestEncoding: {
  encode(text: string, reserved?: boolean): string;
  text(value: unknown): string;
  parse(text: string, kind: string | undefined): unknown;
  query(rule: DocjetEncodingRule, value: unknown): string[];
  path(rule: DocjetEncodingRule, value: unknown): string;
  header(rule: DocjetEncodingRule, value: unknown): string;
  cookie(rule: DocjetEncodingRule, value: unknown): [string, string][];
  form(rules: Record<string, DocjetEncodingRule>, value: Record<string, unknown>): { text: string; pairs: [string, string][] };
  multipart(value: Record<string, unknown>): [string, unknown][];
};
