/**
 * docjet's own files in a built site, under `_docjet/`: one stylesheet (the package's
 * `assets/css/*.css` in name order, the code tokens' colours, then the site's colours and fonts) and one script
 * (`assets/js/*.js`, compiled from the TypeScript in `src/client/` by `npm run client`), named by
 * content hash so they can be cached forever; the "Try it" panel's script is a file of its own,
 * which only endpoint pages load. KaTeX's stylesheet and
 * fonts and the mermaid library are copied only for sites that use them.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/schema.ts';
import { siteCss } from './theme.ts';
import { PACKAGE_ROOT } from '../shared/package-root.ts';
import { requestEncodingScript } from '../shared/request-encoding.ts';

export const ASSETS_DIR = path.join(PACKAGE_ROOT, 'assets');
export const ASSETS_FOLDER = '_docjet';

export interface Bundle {
  css: { file: string; text: string };
  js: { file: string; text: string };
  /** The "Try it" panel's script (src/client/playground.ts): endpoint pages load it, no other page does. */
  playground: { file: string; text: string };
  /** The module the panel imports to write the samples anew once the reader changes it (src/client/samples.mts): named in the panel's script. */
  samples: { file: string; text: string };
  /** The script that fetches fields a page left for later (src/client/fields.ts): only pages with such fields load it. */
  fields: { file: string; text: string };
  /** The site's `integrations` (src/client/analytics.ts): only sites that configure one load it. */
  analytics: { file: string; text: string };
}

/**
 * Compiled scripts left out of the page script: only the pages that need one load it, and the dev
 * client only `docjet dev` serves (src/dev/client-script.ts).
 */
const PAGE_ONLY_SCRIPTS = new Set(['playground.js', 'fields.js', 'analytics.js', 'dev-client.js']);
/** The panel's helpers (src/client/playground-*.ts), which the panel's script starts with. */
const PLAYGROUND_HELPERS = /^playground-.+\.js$/;

type PackageFiles = { css: string; js: string; playground: string; samples: string; fields: string; analytics: string };
let packageFiles: PackageFiles | undefined;

function readPackageAssets(): PackageFiles {
  if (packageFiles) return packageFiles;
  const read = (kind: 'css' | 'js'): string => {
    const folder = path.join(ASSETS_DIR, kind);
    let names: string[];
    try {
      names = readdirSync(folder)
        .filter((name) => name.endsWith(`.${kind}`) && !PAGE_ONLY_SCRIPTS.has(name) && !(kind === 'js' && PLAYGROUND_HELPERS.test(name)))
        .sort();
    } catch {
      names = [];
    }
    return names.map((name) => `/* ${name} */\n${readFileSync(path.join(folder, name), 'utf8')}`).join('\n');
  };
  const pageOnly = (name: string): string => `"use strict";\n${readFileSync(path.join(ASSETS_DIR, 'js', name), 'utf8')}`;
  const helpers = readdirSync(path.join(ASSETS_DIR, 'js'))
    .filter((name) => PLAYGROUND_HELPERS.test(name))
    .sort();
  const helperText = helpers.map((name) => readFileSync(path.join(ASSETS_DIR, 'js', name), 'utf8')).join('\n');
  // The panel writes requests with the serializer the code samples use (src/shared/request-encoding.ts), then its helpers;
  // it imports the samples module by the name given first, from beside itself.
  const samples = readFileSync(path.join(ASSETS_DIR, 'js', 'samples.mjs'), 'utf8');
  const samplesName = `var docjetSamplesScript = ${JSON.stringify(samplesFile(samples).slice(ASSETS_FOLDER.length + 1))};\n`;
  const playground = pageOnly('playground.js').replace('"use strict";\n', `"use strict";\n${samplesName}${requestEncodingScript()}${helperText}\n`);
  packageFiles = { css: read('css'), js: read('js'), playground, samples, fields: pageOnly('fields.js'), analytics: pageOnly('analytics.js') };
  return packageFiles;
}

/** The page script, the same for every site (test/client.test.ts holds it to a size budget). */
export function pageScript(): string {
  return `"use strict";\n${readPackageAssets().js}\n`;
}

/** `codeCss`: the classes code tokens carry (`codeTokenCss`), which the site's themes do not change. */
export function siteBundle(config: Config, base: string, codeCss: string): Bundle {
  const css = `${readPackageAssets().css}\n/* code tokens */\n${codeCss}/* docs.json */\n${siteCss(config, base)}\n`;
  const js = pageScript();
  const { playground, samples, fields, analytics } = readPackageAssets();
  return {
    css: { file: `${ASSETS_FOLDER}/docjet.${hashOf(css)}.css`, text: css },
    js: { file: `${ASSETS_FOLDER}/docjet.${hashOf(js)}.js`, text: js },
    playground: { file: `${ASSETS_FOLDER}/playground.${hashOf(playground)}.js`, text: playground },
    samples: { file: samplesFile(samples), text: samples },
    fields: { file: `${ASSETS_FOLDER}/fields.${hashOf(fields)}.js`, text: fields },
    analytics: { file: `${ASSETS_FOLDER}/analytics.${hashOf(analytics)}.js`, text: analytics },
  };
}

let ownClasses: Set<string> | undefined;

/** The class names docjet's stylesheet styles: docjet's own markup, never an author's utility. */
export function ownClassNames(): Set<string> {
  ownClasses ??= new Set(Array.from(readPackageAssets().css.matchAll(/\.(-?[A-Za-z_][\w-]*)/g), (match) => match[1]!));
  return ownClasses;
}

function samplesFile(text: string): string {
  return `${ASSETS_FOLDER}/samples.${hashOf(text)}.mjs`;
}

export function hashOf(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}
