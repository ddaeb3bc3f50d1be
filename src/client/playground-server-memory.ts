/*
 * The Try-it panel remembers the server the reader chose, its variables and a server URL typed in,
 * across the pages of the same API (the panel's `data-credentials`, one per OpenAPI document), in
 * localStorage: an API of a thousand endpoints asks for its server once. This runs before the
 * panel script sets the panel up (src/render/assets.ts puts it first), so the panel starts from
 * the remembered server, and the credentials typed for it. Only values are restored, into fields
 * the page already has: a remembered server the page does not offer is ignored.
 */
{
  interface Remembered {
    server?: string;
    variables?: Record<string, Record<string, string>>;
    url?: string;
  }

  const KEY = 'docjet-server:';
  const keyOf = (panel: HTMLElement): string => KEY + (panel.dataset.credentials ?? '');
  const read = (panel: HTMLElement): Remembered => {
    try {
      const value = JSON.parse(localStorage.getItem(keyOf(panel)) ?? '{}') as unknown;
      return value !== null && typeof value === 'object' ? (value as Remembered) : {};
    } catch {
      return {};
    }
  };
  const write = (panel: HTMLElement, value: Remembered): void => {
    try {
      localStorage.setItem(keyOf(panel), JSON.stringify(value));
    } catch {
      // Storage may be off or full: the choice then lasts for this page.
    }
  };

  const picker = (panel: HTMLElement): HTMLSelectElement | null => panel.querySelector<HTMLSelectElement>('select[data-server]');
  const variableFields = (panel: HTMLElement, index: string): (HTMLInputElement | HTMLSelectElement)[] => {
    const group = [...panel.querySelectorAll<HTMLElement>('[data-server-variables]')].find((each) => each.dataset.serverVariables === index);
    return group ? [...group.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-variable]')] : [];
  };

  const restore = (panel: HTMLElement): void => {
    const saved = read(panel);
    const select = picker(panel);
    if (select) {
      for (const option of select.options) {
        const variables = saved.variables?.[option.dataset.url ?? ''] ?? {};
        for (const field of variableFields(panel, option.value)) {
          const value = variables[field.dataset.variable ?? ''];
          if (typeof value !== 'string') continue;
          if (field instanceof HTMLSelectElement && ![...field.options].some((each) => each.value === value)) continue;
          field.value = value;
        }
        if (saved.server !== undefined && option.dataset.url === saved.server) select.value = option.value;
      }
    }
    const typed = panel.querySelector<HTMLInputElement>('input[data-server-url]');
    if (typed && typeof saved.url === 'string') typed.value = saved.url;
  };

  /**
   * Writes what `field` holds now, and only that: another tab (or this one, when a field it left
   * loses focus) may have remembered another server since, which a whole copy of this form would undo.
   */
  const remember = (panel: HTMLElement, field: HTMLElement): void => {
    const saved = read(panel);
    const select = picker(panel);
    if (field === select) {
      const server = select.selectedOptions[0]?.dataset.url;
      if (server !== undefined) saved.server = server;
    } else if (field.dataset.variable !== undefined) {
      const index = field.closest<HTMLElement>('[data-server-variables]')?.dataset.serverVariables;
      const server = [...(select?.options ?? [])].find((option) => option.value === index)?.dataset.url;
      if (server === undefined) return;
      saved.variables = { ...saved.variables, [server]: { ...saved.variables?.[server], [field.dataset.variable]: (field as HTMLInputElement).value } };
    } else if (field instanceof HTMLInputElement) saved.url = field.value.trim();
    write(panel, saved);
  };

  for (const panel of document.querySelectorAll<HTMLElement>('[data-playground]')) {
    restore(panel);
    const changed = (event: Event): void => {
      const target = event.target as HTMLElement | null;
      if (target?.matches('select[data-server], [data-variable], input[data-server-url]')) remember(panel, target);
    };
    // `input` only: a text field's `change` comes when it loses focus, as its page unloads too, and
    // would write again what it held over what another tab has remembered since.
    panel.addEventListener('input', changed);
  }
}
