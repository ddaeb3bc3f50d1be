#!/usr/bin/env node
// Runs the compiled CLI (lib/, built by `npm ci` through the `prepare` script). User errors are
// printed by the CLI itself; anything reaching here is a docjet bug, printed with its stack.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The bundle and its code cache load in a third of the time the ~800 compiled modules take
// (scripts/bundle.mjs, src/load-bundle.ts). A bundle whose build was stopped halfway (no list of
// its files, or a file cut short or missing, the code cache among them) is not run: the modules
// are, and the command says why it starts slower and how to rebuild.
const folder = fileURLToPath(new URL('../lib/bundle/', import.meta.url));
const modules = new URL('../lib/cli.js', import.meta.url);
const loader = new URL('../lib/load-bundle.js', import.meta.url);
if (!existsSync(modules) || !existsSync(loader)) {
  process.stderr.write('docjet is not built yet: run `npm run build` in the docjet folder.\n');
  process.exit(3);
}
try {
  const { bundleProblem, loadBundle } = await import(loader.href);
  const problem = bundleProblem(folder);
  if (problem !== undefined) {
    const root = fileURLToPath(new URL('..', import.meta.url));
    process.stderr.write(`docjet: ${problem}; starting from lib/ instead, about half a second slower. Run \`npm run build\` in ${root} to rebuild it.\n`);
  }
  const { main } = problem === undefined ? loadBundle(`${folder}cli.cjs`) : await import(modules.href);
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`docjet: internal error (a bug in docjet, please report it):\n${error?.stack ?? error}\n`);
  process.exitCode = 3;
}
