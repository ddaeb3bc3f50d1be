/**
 * The layers of src/ (scripts/check-layers.ts holds the table): no import cycle, type-only imports
 * included, and no import pointing down the pipeline the wrong way. Each failure names the files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkLayers, layerOf } from '../scripts/check-layers.ts';

const report = checkLayers();

test('src/ has no import cycle', () => {
  assert.deepEqual(report.cycles, []);
});

test('no import points the wrong way between the layers', () => {
  assert.deepEqual(report.violations, []);
});

test('every file of src/ is in a layer, and the graph was read', () => {
  assert.ok(report.modules > 100, `only ${report.modules} modules read`);
  assert.equal(layerOf('src/shared/messages.ts'), 'shared');
  assert.equal(layerOf('src/validate/rules/pages.ts'), 'validate');
  assert.equal(layerOf('src/config/schema.ts'), 'config');
  assert.equal(layerOf('src/client/shell.ts'), 'client');
  assert.equal(layerOf('src/portable/tokenize.ts'), 'portable');
  assert.equal(layerOf('src/index.ts'), 'cli');
  assert.equal(layerOf('src/elsewhere.ts'), undefined);
});

test('the check finds a type-only cycle, an import the wrong way, and a Node import in the page script or in what it shares with Node', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docjet-layers-'));
  try {
    const write = (file: string, text: string): void => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write('src/config/load.ts', "import type { Site } from '../site/model.ts';\nexport type Config = { site?: Site };\n");
    write('src/site/model.ts', "import type { Config } from '../config/load.ts';\nexport type Site = { config: Config };\n");
    write('src/client/page.ts', "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n");
    // The browser may import the code it shares with Node, which may import no package and nothing above it.
    write('src/client/search.mts', "import { tokenize } from '../portable/words.ts';\ntokenize('x');\n");
    write(
      'src/portable/words.ts',
      "import { readFileSync } from 'node:fs';\nimport type { Config } from '../config/load.ts';\nexport const tokenize = (text: string, config?: Config): string => readFileSync(text, 'utf8') + String(config);\n",
    );
    const fixture = checkLayers(root);
    assert.deepEqual(fixture.cycles, ['src/config/load.ts → src/site/model.ts → src/config/load.ts']);
    assert.deepEqual(fixture.violations, [
      'src/client/page.ts → fs (client may import no package)',
      'src/config/load.ts → src/site/model.ts (config may not import site)',
      'src/portable/words.ts → src/config/load.ts (portable may not import config)',
      'src/portable/words.ts → fs (portable may import no package)',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
