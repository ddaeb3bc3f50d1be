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

/** The file of the samples module (src/client/samples.mts), beside the panel's script: src/render/assets.ts names it in front of that script. */
declare const docjetSamplesScript: string;

/** A request's body as the panel reads it (src/client/playground.ts). */
type DocjetBody =
  | { kind: 'none' }
  | { kind: 'text'; type: string; text: string; json: boolean }
  | { kind: 'file'; type: string; file: File }
  | { kind: 'form'; type: string; text: string; pairs: [string, string][]; values: Record<string, unknown> }
  | { kind: 'multipart'; type: string; fields: [string, string | File][]; values: Record<string, unknown> };

/** The request the panel would send, as the samples module reads it: no credentials (it writes placeholders). */
interface DocjetSampleCall {
  method: string;
  headers: [string, string][];
  /** Sent only to this page's own origin: a page cannot choose the cookies of a request to another site. */
  cookies: [string, string][];
  body: DocjetBody;
  /** The URL without the query pieces (but with a query the path itself has), ... */
  base: URL;
  /** ... the query pieces, encoded, ... */
  query: string[];
  /** ... path parameters left as `{name}`, and whether no server was given (the samples then name a placeholder host). */
  templates: string[];
  serverless: boolean;
}

/** src/client/samples.mts, imported the first time the reader changes the panel. */
interface DocjetSamples {
  showSamples(panel: HTMLElement, call: DocjetSampleCall): void;
  fillSamples(targets: readonly HTMLElement[]): void;
}
