/*
 * Levels of fields a page left for later (markup: src/render/endpoint/schema.ts `later`): a closed
 * "Show child attributes" holding a link to its schema's fragment. Opening it fetches the fragment
 * (once per page, however many fields hold the schema) and puts its fields in place; the tab sets
 * they bring work through the page script's delegated handlers (components.ts). Without
 * JavaScript, or when the fetch fails, the link leads to the same fields. Only pages with such a
 * level load this script (src/render/page.ts).
 */
{
  /** Each fragment's text by URL; a failed fetch is forgotten, so opening the level again retries. */
  const fragments = new Map<string, Promise<string>>();
  const fetchText = (url: string): Promise<string> => {
    let text = fragments.get(url);
    if (!text) {
      text = fetch(url).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))));
      text.catch(() => fragments.delete(url));
      fragments.set(url, text);
    }
    return text;
  };

  let opened = 0;
  /** Ids apart from the page's, and from another opening of the same fragment. */
  const renumber = (fields: Element): void => {
    const suffix = `-${++opened}`;
    for (const element of fields.querySelectorAll('[id]')) element.id += suffix;
    for (const element of fields.querySelectorAll('[aria-controls], [aria-labelledby]')) {
      for (const name of ['aria-controls', 'aria-labelledby']) {
        const value = element.getAttribute(name);
        if (value) element.setAttribute(name, value + suffix);
      }
    }
  };

  const load = (details: HTMLDetailsElement): void => {
    const content = details.querySelector<HTMLElement>(':scope > .expandable-content');
    const url = content?.querySelector<HTMLAnchorElement>(':scope > .schema-more > a')?.href;
    if (!content || !url || details.dataset.state) return;
    details.dataset.state = 'loading';
    content.setAttribute('aria-busy', 'true');
    fetchText(url)
      .then((text) => {
        const fields = new DOMParser().parseFromString(text, 'text/html').querySelector('[data-fragment-fields]');
        if (!fields) throw new Error('no fields');
        renumber(fields);
        content.replaceChildren(...fields.childNodes);
        details.dataset.state = 'loaded';
      })
      .catch(() => delete details.dataset.state)
      .finally(() => content.removeAttribute('aria-busy'));
  };

  // `toggle` does not bubble: caught on the way down, for the levels that fetched fields bring too.
  document.addEventListener(
    'toggle',
    (event) => {
      if (event.target instanceof HTMLDetailsElement && event.target.open && event.target.matches('details[data-fields]')) load(event.target);
    },
    true,
  );
}
