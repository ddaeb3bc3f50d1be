/**
 * Font Awesome Pro names (issue 11). Sites written for the hosted product name Pro icons, which it
 * draws and the free packages docjet ships lack: `rocket-launch`, `message-bot`, `rectangle-terminal`.
 * Each becomes a free icon of the same meaning, so the page shows an icon where the hosted product
 * does; only a name with no such stand-in is reported and drawn as a placeholder.
 *
 * First the table, for the common Pro names; then, for the others, the name without its Pro-only
 * decorations (`strippedNames`). The icon set (`./index.ts`) tries each name in the site's library
 * first, and strips no name that is a misspelling of a real one.
 */

/**
 * Pro names and the free icon of the same meaning drawn for each: a Font Awesome Free name, or a
 * Tabler name where Font Awesome Free has nothing of that meaning. Only names that no shipped library
 * has: `sparkles` or `message-code` are Pro too, but Lucide or Tabler draw them under that name.
 * A Pro icon whose meaning no free set draws (`elephant`, `duck`) has no entry and stays a warning.
 */
export const PRO_FALLBACKS: Readonly<Record<string, string>> = {
  // Arrows and motion
  'arrow-down-arrow-up': 'sort',
  'arrow-progress': 'timeline',
  'arrow-up-arrow-down': 'sort',
  'arrows-repeat': 'repeat',
  'spinner-third': 'circle-notch',
  'square-down': 'circle-down',
  'square-question': 'circle-question',
  'square-small': 'square',
  swap: 'right-left',

  // Code and terminals
  'brackets-curly': 'braces',
  'brackets-round': 'parentheses',
  'brackets-square': 'brackets',
  'code-simple': 'code',
  'display-code': 'device-desktop-code',
  'file-xml': 'file-code',
  'gear-code': 'settings-code',
  'gear-complex-code': 'settings-code',
  'input-pipe': 'i-cursor',
  'magnifying-glass-code': 'zoom-code',
  'rectangle-code': 'code',
  'rectangle-terminal': 'terminal',

  // Messages and people
  'comment-question': 'message-question',
  'head-side-gear': 'user-gear',
  'message-bot': 'message-chatbot',
  'message-lines': 'message',
  'message-pen': 'message',
  'paper-plane-top': 'paper-plane',
  'phone-office': 'phone',
  'rectangle-history-circle-user': 'user-clock',
  'screen-users': 'users-rectangle',
  'user-headset': 'headset',
  'user-magnifying-glass': 'user-search',
  'user-robot': 'robot',

  // Machines, AI and science
  'atom-simple': 'atom',
  'camera-web': 'device-computer-camera',
  'flask-gear': 'flask',
  'gear-complex': 'gear',
  'head-side-brain': 'brain',
  'laptop-mobile': 'devices',
  'microchip-ai': 'microchip',
  'rocket-launch': 'rocket',
  'wrench-simple': 'wrench',

  // Charts and diagrams
  'chart-line-down': 'arrow-trend-down',
  'chart-line-up': 'chart-line',
  'chart-mixed': 'chart-column',
  'chart-tree-map': 'chart-treemap',
  'chart-waterfall': 'chart-column',
  'diagram-sankey': 'chart-sankey',
  'diagram-subtask': 'subtask',
  'gauge-simple-low': 'gauge-simple',
  'list-timeline': 'timeline',
  'presentation-screen': 'presentation',
  'signal-stream': 'broadcast',
  'wave-pulse': 'activity',
  'waveform-lines': 'waveform',

  // Files, pages and layout
  'ballot-check': 'checklist',
  'book-blank': 'book',
  'book-open-cover': 'book-open',
  'book-sparkles': 'book',
  'box-taped': 'box',
  browsers: 'window-restore',
  'clipboard-list-check': 'clipboard-check',
  'file-doc': 'file-type-doc',
  'file-magnifying-glass': 'file-search',
  'folder-gear': 'folder-cog',
  'folder-magnifying-glass': 'folder-search',
  'grid-2': 'table-cells-large',
  'grid-2-plus': 'table-cells-large',
  'grid-round': 'grid-dots',
  memo: 'file-lines',
  'memo-pad': 'file-lines',
  'objects-column': 'layout-grid',
  page: 'file',
  'rectangle-history': 'versions',
  'sidebar-flip': 'layout-sidebar-right',
  'table-layout': 'layout',

  // Alerts, time and security
  'alarm-exclamation': 'alarm',
  'calendar-lines': 'calendar-days',
  'hexagon-exclamation': 'alert-hexagon',
  'hourglass-clock': 'hourglass',
  'key-skeleton': 'key',
  'octagon-exclamation': 'alert-octagon',
  'seal-check': 'rosette-discount-check',

  // Things and places
  'alien-8bit': 'alien',
  'bullseye-arrow': 'target-arrow',
  'bullseye-pointer': 'bullseye',
  'credit-card-front': 'credit-card',
  'face-awesome': 'face-grin-stars',
  'fire-flame': 'fire-flame-simple',
  'globe-pointer': 'globe',
  'globe-stand': 'globe',
  'globe-wifi': 'world-www',
  'hand-horns': 'hand',
  'hand-wave': 'hand',
  'house-blank': 'house',
  'lightbulb-on': 'lightbulb',
  'link-horizontal': 'link',
  'link-simple': 'link',
  'pencil-paintbrush': 'pen-ruler',
  'rectangle-pro': 'crown',
  'spider-web': 'spider',
  'triangle-person-digging': 'person-digging',
  'trophy-star': 'trophy',
  'ufo-beam': 'ufo',
};

/**
 * Words that give a style, not a meaning: `rocket-sharp` is the rocket. `alt` is Font Awesome 5's
 * word for a second drawing of the same thing (`file-alt`).
 */
const STYLE_WORDS = new Set(['sharp', 'duotone', 'solid', 'regular', 'light', 'thin', 'alt']);
/** Shapes Pro draws around a free icon: `square-bolt` and `bolt-circle` are the bolt. */
const FRAMES = new Set(['circle', 'square', 'rectangle']);

/** The free stand-in the table gives a Pro name, if it has one. */
export function proEquivalent(name: string): string | undefined {
  return Object.hasOwn(PRO_FALLBACKS, name) ? PRO_FALLBACKS[name] : undefined;
}

/** Names to try for a Pro name the table lacks, best first: each stripped name, then its table entry. */
export function strippedFallbacks(name: string): string[] {
  const names: string[] = [];
  for (const stripped of strippedNames(name)) {
    names.push(stripped);
    const equivalent = proEquivalent(stripped);
    if (equivalent !== undefined) names.push(equivalent);
  }
  return [...new Set(names)];
}

/**
 * A Pro name without its decorations, best first. Font Awesome names put the thing first and its
 * modifiers after (`book-open-cover`, `gauge-simple-low`, `microchip-ai`), so the trailing words go
 * one at a time; a frame goes, a `square-` frame trying the `circle-` one first (`square-question`:
 * `circle-question`, then `question`). A `-slash` (crossed out) is never dropped, since it means the
 * opposite: it becomes `-off`, as Tabler and Lucide name it (`robot-slash`: `robot-off`). Names of one
 * or two letters (`a`, `h1`) are icons of those letters, never the stand-in for a longer name.
 */
export function strippedNames(name: string): string[] {
  const words = name.split('-').filter((word) => !STYLE_WORDS.has(word));
  const names = [words.join('-')];
  if (words.at(-1) === 'slash') {
    const core = words.slice(0, -1);
    for (let length = core.length; length >= 1; length--) names.push([...core.slice(0, length), 'off'].join('-'));
  } else {
    let core = words;
    if (core.length > 1 && FRAMES.has(core[0]!)) {
      core = core.slice(1);
      if (words[0] === 'square') names.push(['circle', ...core].join('-'));
    } else if (core.length > 1 && FRAMES.has(core.at(-1)!)) {
      core = core.slice(0, -1);
    }
    for (let length = core.length; length >= 1; length--) names.push(core.slice(0, length).join('-'));
  }
  return [...new Set(names)].filter((candidate) => candidate !== name && candidate.length > 2);
}
