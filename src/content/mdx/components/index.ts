/** The components docjet knows out of the box (format-behaviour.md §3.1), by the name pages use. */
import { Callout, Check, Danger, Info, Note, Tip, Warning } from './callout.ts';
import { Card, CardGroup, Column, Columns, Tile } from './card.ts';
import { Accordion, AccordionGroup, Expandable } from './disclosure.ts';
import { ParamField, ResponseField } from './fields.ts';
import { Frame, Panel } from './frame.ts';
import { Icon } from './icon.ts';
import { Badge, Tooltip } from './inline.ts';
import { Latex } from './latex.ts';
import { Color, ColorItem, ColorRow, Link, Mermaid, Prompt, Snippet, View, Visibility } from './misc.ts';
import { Step, Steps } from './steps.ts';
import { CodeGroup, RequestExample, ResponseExample, Tab, Tabs } from './tabs.ts';
import { Tree, TreeFile, TreeFolder } from './tree.ts';
import { Update } from './update.ts';
import type { ComponentRegistry } from './types.ts';

export type { Component, ComponentContext, ComponentRegistry, Props, RenderedChild } from './types.ts';

export const defaultComponents: ComponentRegistry = {
  Note,
  Info,
  Tip,
  Warning,
  Check,
  Danger,
  Callout,
  Card,
  CardGroup,
  Columns,
  Column,
  Tile,
  Tabs,
  Tab,
  CodeGroup,
  RequestExample,
  ResponseExample,
  AccordionGroup,
  Accordion,
  Expandable,
  Steps,
  Step,
  ParamField,
  Param: ParamField,
  ResponseField,
  Frame,
  Panel,
  Badge,
  Tooltip,
  Icon,
  Update,
  Tree,
  'Tree.Folder': TreeFolder,
  'Tree.File': TreeFile,
  FileTree: Tree,
  'FileTree.Folder': TreeFolder,
  'FileTree.File': TreeFile,
  Mermaid,
  Latex,
  Visibility,
  Prompt,
  View,
  Link,
  Color,
  'Color.Row': ColorRow,
  'Color.Item': ColorItem,
  Snippet,
};

/** Components that sit inside a line of text; a paragraph holding only these stays a paragraph. */
export const INLINE_COMPONENTS: ReadonlySet<string> = new Set(['Badge', 'Tooltip', 'Icon', 'Latex']);

/** Components whose tabs are titled by their code blocks' titles: those blocks are written without a caption of their own. */
export const CODE_TAB_COMPONENTS: ReadonlySet<string> = new Set(['CodeGroup', 'RequestExample', 'ResponseExample']);
