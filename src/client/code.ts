/*
 * Code blocks (markup: codeBlockHtml in src/content/mdx/code.ts): the copy button. It copies the
 * code as shown, without the lines a diff notation marks as removed (`// [!code --]`), since what
 * a reader copies is the code after the change; a `diff` block is copied whole, as a patch.
 * The button's label after copying is its `data-copied-label` (the page's language), or "Copied".
 * Expanding a long block needs no script (a <details> toggle, see code.css).
 */
{
  /** One polite live region for the whole page, made on first use, so screen readers hear "Copied". */
  let status: HTMLElement | undefined;
  const announce = (text: string): void => {
    const region = (status ??= liveRegion());
    region.textContent = '';
    // A fresh text node, a moment later: some readers skip a region whose text did not change.
    setTimeout(() => (region.textContent = text), 50);
  };
  const liveRegion = (): HTMLElement => {
    const region = document.createElement('span');
    region.className = 'copy-status';
    region.setAttribute('role', 'status');
    region.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap';
    document.body.append(region);
    return region;
  };

  const codeOf = (block: HTMLElement): string => {
    const code = block.querySelector('pre > code');
    if (!code) return '';
    const lines = [...code.querySelectorAll(':scope > .line')];
    if (lines.length === 0) return code.textContent ?? '';
    const patch = block.dataset.language === 'diff';
    return lines
      .filter((line) => patch || !line.classList.contains('remove'))
      .map((line) => line.textContent)
      .join('\n');
  };

  /** The clipboard API needs a secure context (https or localhost); a file:// page uses the old way. */
  const copy = async (text: string): Promise<void> => {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return;
    }
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
    document.body.append(area);
    const selection = document.getSelection();
    const previous = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    if (selection && previous) {
      selection.removeAllRanges();
      selection.addRange(previous);
    }
    if (!done) throw new Error('copy refused');
  };

  const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();
  document.addEventListener('click', async (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('.code-block [data-copy]') : null;
    if (!button) return;
    const block = button.closest<HTMLElement>('.code-block');
    if (!block) return;
    try {
      await copy(codeOf(block));
    } catch {
      return; // nothing was copied: the button stays as it is
    }
    const label = button.dataset.copiedLabel || 'Copied';
    button.dataset.label ??= button.getAttribute('aria-label') || 'Copy';
    button.setAttribute('aria-label', label);
    button.dataset.copied = '';
    announce(label);
    clearTimeout(timers.get(button));
    timers.set(
      button,
      setTimeout(() => {
        delete button.dataset.copied;
        button.setAttribute('aria-label', button.dataset.label ?? 'Copy');
      }, 2000),
    );
  });
}
