/** What the page scripts find on `window` besides the DOM: mermaid, once `mermaid.min.js` has loaded. */
interface Mermaid {
  initialize(options: { startOnLoad: boolean; securityLevel: string; theme: string }): void;
  run(options: { nodes: HTMLElement[]; suppressErrors: boolean }): Promise<void>;
}

interface Window {
  mermaid?: Mermaid;
}
