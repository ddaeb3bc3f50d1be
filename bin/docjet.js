#!/usr/bin/env node
// Runs the compiled CLI (lib/, built by `npm ci` through the `prepare` script). User errors are
// printed by the CLI itself; anything reaching here is a docjet bug, printed with its stack.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The bundle and its code cache load in a third of the time the ~800 compiled modules take
// (scripts/bundle.mjs, src/load-bundle.ts).
const bundle = new URL('../lib/bundle/cli.cjs', import.meta.url);
const modules = new URL('../lib/cli.js', import.meta.url);
if (!existsSync(bundle) && !existsSync(modules)) {
  process.stderr.write('docjet is not built yet: run `npm run build` in the docjet folder.\n');
  process.exit(3);
}
try {
  const { main } = existsSync(bundle) ? (await import('../lib/load-bundle.js')).loadBundle(fileURLToPath(bundle)) : await import(modules.href);
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`docjet: internal error (a bug in docjet, please report it):\n${error?.stack ?? error}\n`);
  process.exitCode = 3;
}
