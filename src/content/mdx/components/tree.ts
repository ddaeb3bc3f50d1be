/** File trees: `<Tree>` with `<Tree.Folder name defaultOpen>` and `<Tree.File name>`, as nested lists; folders are `<details>`. */
import { attributes, escapeHtml } from '../escape.ts';
import { flag, text } from './props.ts';
import type { Component } from './types.ts';

export const Tree: Component = (_props, childrenHtml) => `<ul class="tree">${childrenHtml}</ul>`;

export const TreeFolder: Component = (props, childrenHtml) => {
  const name = escapeHtml(text(props, 'name') ?? '');
  if (props['openable'] === false || props['openable'] === 'false') {
    return `<li class="tree-folder"><span class="tree-name">${name}</span><ul>${childrenHtml}</ul></li>`;
  }
  return `<li class="tree-folder"><details${attributes({ open: flag(props, 'defaultOpen') })}><summary class="tree-name">${name}</summary><ul>${childrenHtml}</ul></details></li>`;
};

export const TreeFile: Component = (props) => `<li class="tree-file"><span class="tree-name">${escapeHtml(text(props, 'name') ?? '')}</span></li>`;
