/**
 * Search's browser modules (src/render/search-scripts.ts) within their budgets: every page loads the
 * entry, so it stays under 1 KB gzipped; the dialog loads on first use. Neither joins the page script.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { pageScript } from '../../src/render/assets.ts';
import { searchScripts } from '../../src/render/search-scripts.ts';

const ENTRY_BUDGET = 1024;
/** 5,807 B when the dialog was written, plus 20 %. */
const DIALOG_BUDGET = 6968;

test(`the search entry stays under ${ENTRY_BUDGET} B and the dialog under ${DIALOG_BUDGET} B gzipped, outside the page script`, () => {
  const { entry, dialog } = searchScripts();
  assert.match(entry.file, /^search\.[0-9a-f]{10}\.mjs$/);
  assert.match(dialog.file, /^search-dialog\.[0-9a-f]{10}\.mjs$/);
  assert.ok(gzipSync(entry.text).length < ENTRY_BUDGET, `search.mjs is ${gzipSync(entry.text).length} B gzipped`);
  assert.ok(gzipSync(dialog.text).length < DIALOG_BUDGET, `search-dialog.mjs is ${gzipSync(dialog.text).length} B gzipped`);
  assert.ok(!pageScript().includes('openSearch'), 'the page script does not carry the search code');
});
