/**
 * The README's first command, as a contributor types it after `npm ci`: it runs the clone's own
 * built command (an npm script over bin/docjet.js) and serves the example site. `npx docjet` in the
 * clone copied the clone into npx's cache and built it there again: 35-46 s without a word before
 * the first page, and that stale copy ran after every later edit.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const repo = path.resolve(import.meta.dirname, '..');
const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The first line of the first bash block under "Two commands", without its comment. */
function firstCommand(): string {
  const section = readme.slice(readme.indexOf('## Two commands'));
  const block = /```bash\n([^\n]*)/.exec(section)?.[1] ?? '';
  return block.replace(/#.*$/, '').trim();
}

test("the README's first command runs the clone's own bin, which serves the example site", async (t) => {
  const command = firstCommand();
  assert.doesNotMatch(command, /\bnpx\b/, `npx copies the clone into its cache and builds it again: ${command}`);
  const [install, start] = command.split('&&').map((part) => part.trim());
  assert.equal(install, 'npm ci');
  const name = /^npm (?:run )?(\S+)$/.exec(start ?? '')?.[1];
  assert.ok(name && scripts[name], `an npm script: ${start}`);
  const words = scripts[name].split(/\s+/);
  assert.deepEqual(words.slice(0, 2), ['node', 'bin/docjet.js'], scripts[name]);

  // The script's command itself (not through npm, which would start it in a shell), on a free port.
  const child = spawn(process.execPath, [...words.slice(1), '--port', '0'], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  t.after(() => {
    child.kill('SIGINT');
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const found = /http:\/\/\S+\//.exec(output)?.[0];
      if (found) resolve(found);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`${scripts[name]} stopped (${code}):\n${output}`)));
  });
  const response = await fetch(url);
  assert.equal(response.status, 200, output);
  assert.match(await response.text(), /<html[^>]*>[\s\S]*<\/html>/);
  // A whole bundle: nothing said about it (bin-incomplete.test.ts covers one that is not).
  assert.doesNotMatch(output, /incomplete/);
});
