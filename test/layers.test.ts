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
  assert.equal(layerOf('src/index.ts'), 'cli');
  assert.equal(layerOf('src/elsewhere.ts'), undefined);
});

test('the check finds a type-only cycle, an import the wrong way, and a Node import in the page script', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docjet-layers-'));
  try {
    const write = (file: string, text: string): void => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write('src/config/load.ts', "import type { Site } from '../site/model.ts';\nexport type Config = { site?: Site };\n");
    write('src/site/model.ts', "import type { Config } from '../config/load.ts';\nexport type Site = { config: Config };\n");
    write('src/client/page.ts', "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n");
    const fixture = checkLayers(root);
    assert.deepEqual(fixture.cycles, ['src/config/load.ts → src/site/model.ts → src/config/load.ts']);
    assert.deepEqual(fixture.violations, [
      'src/client/page.ts → fs (client may import nothing)',
      'src/config/load.ts → src/site/model.ts (config may not import site)',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
