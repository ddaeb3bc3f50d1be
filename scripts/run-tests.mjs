#!/usr/bin/env node
// Runs every test/**/*.test.ts with Node's own test runner (TypeScript through tsx). Node 20's
// runner does not expand globs, so the files are listed here.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const only = process.argv.slice(2);
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'fixtures' && entry.name !== 'node_modules') walk(full);
    else if (entry.isFile() && entry.name.endsWith('.test.ts')) files.push(path.relative(root, full));
  }
};
walk(path.join(root, 'test'));
const selected = only.length > 0 ? files.filter((file) => only.some((part) => file.includes(part))) : files;
if (selected.length === 0) {
  console.error(`no test files match ${only.join(' ')}`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...selected],
  // Offline: fixtures name https://example.com specs; the tests of fetching serve their own and clear this.
  { cwd: root, stdio: 'inherit', env: { ...process.env, DOCJET_OFFLINE: '1' } },
);
process.exit(result.status ?? 1);
