/*
 * Mermaid diagrams (`<pre class="mermaid">` holding the diagram's source, src/content/mdx/code.ts).
 * The library (3.5 MB, copied to `<assets>mermaid.min.js` only for sites with diagrams) loads when
 * the first diagram comes near the screen. A diagram is drawn once it is visible, since mermaid
 * measures text and a diagram in a hidden tab would come out squashed; it is drawn again when the
 * colour theme changes. Without JavaScript, or if the library fails, the source stays as code.
 */
{
  const diagrams = [...document.querySelectorAll<HTMLElement>('pre.mermaid')];
  if (diagrams.length > 0 && 'IntersectionObserver' in window) {
    const base = document.querySelector<HTMLMetaElement>('meta[name="docjet:assets"]')?.content ?? '/_docjet/';
    const sources = new Map(diagrams.map((element) => [element, element.textContent]));
    /** Diagrams that have been near the screen: drawn now, and again on a theme change. */
    const seen = new Set<HTMLElement>();
    let library: Promise<Mermaid> | undefined;
    const load = (): Promise<Mermaid> =>
      (library ??= new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = `${base}mermaid.min.js`;
        script.async = true;
        script.onload = () => (window.mermaid?.run ? resolve(window.mermaid) : reject(new Error('mermaid did not load')));
        script.onerror = reject;
        document.head.append(script);
      }));
    const colourScheme = matchMedia('(prefers-color-scheme: dark)');
    const theme = (): string => {
      const chosen = document.documentElement.dataset.theme;
      return chosen === 'dark' || (chosen !== 'light' && colourScheme.matches) ? 'dark' : 'default';
    };
    let queue = Promise.resolve();
    const draw = (): void => {
      queue = queue
        .then(async () => {
          const wanted = theme();
          const nodes = [...seen].filter((element) => element.dataset.drawn !== wanted && element.getClientRects().length > 0);
          if (nodes.length === 0) return;
          const mermaid = await load();
          mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: wanted });
          for (const element of nodes) {
            element.removeAttribute('data-processed');
            element.textContent = sources.get(element) ?? '';
            element.dataset.drawn = wanted;
          }
          await mermaid.run({ nodes, suppressErrors: true });
        })
        .catch(() => {});
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting && entry.target instanceof HTMLElement) seen.add(entry.target);
        draw();
      },
      { rootMargin: '600px 0px' },
    );
    for (const element of diagrams) observer.observe(element);
    new MutationObserver(draw).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    colourScheme.addEventListener('change', draw);
  }
}
