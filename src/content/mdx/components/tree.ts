/** File trees: `<Tree>` with `<Tree.Folder name defaultOpen>` and `<Tree.File name>`, as nested lists; folders are `<details>`. */
import { element, textNode } from './hast.ts';
import { flag, text } from './props.ts';
import type { Component } from './types.ts';

export const Tree: Component = (_props, children) => [element('ul', { className: 'tree' }, children)];

export const TreeFolder: Component = (props, children) => {
  const name = textNode(text(props, 'name') ?? '');
  if (props['openable'] === false || props['openable'] === 'false') {
    return [element('li', { className: 'tree-folder' }, [element('span', { className: 'tree-name' }, [name]), element('ul', {}, children)])];
  }
  return [
    element('li', { className: 'tree-folder' }, [
      element('details', { open: flag(props, 'defaultOpen') }, [element('summary', { className: 'tree-name' }, [name]), element('ul', {}, children)]),
    ]),
  ];
};

export const TreeFile: Component = (props) => [element('li', { className: 'tree-file' }, [element('span', { className: 'tree-name' }, [textNode(text(props, 'name') ?? '')])])];
