"use strict";
{
    let status;
    const announce = (text) => {
        const region = (status ??= liveRegion());
        region.textContent = '';
        setTimeout(() => (region.textContent = text), 50);
    };
    const liveRegion = () => {
        const region = document.createElement('span');
        region.className = 'copy-status';
        region.setAttribute('role', 'status');
        region.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap';
        document.body.append(region);
        return region;
    };
    const codeOf = (block) => {
        const code = block.querySelector('pre > code');
        if (!code)
            return '';
        const lines = [...code.querySelectorAll(':scope > .line')];
        if (lines.length === 0)
            return code.textContent ?? '';
        const patch = block.dataset.language === 'diff';
        return lines
            .filter((line) => patch || !line.classList.contains('remove'))
            .map((line) => line.textContent)
            .join('\n');
    };
    const copy = async (text) => {
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
        if (!done)
            throw new Error('copy refused');
    };
    const timers = new WeakMap();
    document.addEventListener('click', async (event) => {
        const button = event.target instanceof Element ? event.target.closest('.code-block [data-copy]') : null;
        if (!button)
            return;
        const block = button.closest('.code-block');
        if (!block)
            return;
        try {
            await copy(codeOf(block));
        }
        catch {
            return;
        }
        const label = button.dataset.copiedLabel || 'Copied';
        button.dataset.label ??= button.getAttribute('aria-label') || 'Copy';
        button.setAttribute('aria-label', label);
        button.dataset.copied = '';
        announce(label);
        clearTimeout(timers.get(button));
        timers.set(button, setTimeout(() => {
            delete button.dataset.copied;
            button.setAttribute('aria-label', button.dataset.label ?? 'Copy');
        }, 2000));
    });
}
