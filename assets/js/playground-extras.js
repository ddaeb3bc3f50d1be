"use strict";
{
    const PREVIEWED = /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|audio\/[\w.+-]+|application\/pdf)$/i;
    const previews = new WeakMap();
    const clear = (panel) => {
        panel.querySelector('[data-response-preview]')?.remove();
        const url = previews.get(panel);
        if (url)
            URL.revokeObjectURL(url);
        previews.delete(panel);
    };
    const show = async (panel, response) => {
        clear(panel);
        const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
        if (!PREVIEWED.test(type))
            return;
        const blob = new Blob([await response.arrayBuffer()], { type });
        const url = URL.createObjectURL(blob);
        previews.set(panel, url);
        let element;
        if (type.startsWith('image/')) {
            const image = document.createElement('img');
            image.alt = 'The image the server answered';
            image.src = url;
            element = image;
        }
        else if (type.startsWith('audio/')) {
            const audio = document.createElement('audio');
            audio.controls = true;
            audio.src = url;
            element = audio;
        }
        else {
            const frame = document.createElement('iframe');
            frame.title = 'The PDF the server answered';
            frame.src = url;
            element = frame;
        }
        const box = document.createElement('div');
        box.className = 'playground-preview';
        box.dataset.responsePreview = type;
        box.append(element);
        const body = panel.querySelector('[data-response-body]')?.closest('figure');
        body?.after(box);
    };
    for (const panel of document.querySelectorAll('[data-playground]')) {
        const form = panel.querySelector('form');
        form?.addEventListener('keydown', (event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && panel.dataset.playground !== 'simple') {
                event.preventDefault();
                form.requestSubmit();
            }
        });
        panel.addEventListener('docjet:response', (event) => void show(panel, event.detail).catch(() => clear(panel)));
        panel.addEventListener('docjet:request', () => clear(panel));
    }
}
