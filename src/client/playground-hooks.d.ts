/** What the panel's helper scripts (src/client/playground-*.ts) give src/client/playground.ts. */
interface DocjetProxy {
  /** Sends the panel's request: straight, or through the site's proxy (playground-proxy.ts). */
  send(request: Request, panel: HTMLElement): Promise<Response>;
}

interface Window {
  docjetProxy?: DocjetProxy;
}
