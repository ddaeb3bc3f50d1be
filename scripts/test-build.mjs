// The test runner's compiled copy of the TypeScript (scripts/run-tests.mjs): every `.ts` file of src/,
// test/ (not its fixtures) and scripts/ made into JavaScript once by esbuild, in .test-build/ beside
// them, so a test file's process starts with plain Node: no tsx, no module hooks (a hooks thread alone
// costs ~0.3 CPU-s per process, tsx ~0.45). Only files whose text changed are compiled again (a
// manifest of hashes); with nothing changed, esbuild is not started.
//
// In the copy, `import.meta.url` (`dirname`, `filename`) is still the source file's, so fixtures and
// source read as text are found where they are, and code that starts a worker or a child from
// `.ts` source (through tsx) still does. Relative imports point into the copy (`.ts` → `.js`) or,
// for other files, at the original (a comment between `import(` and its string included).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const VERSION = 2;
const TREES = ['src', 'test', 'scripts'];
const TYPESCRIPT = /\.m?ts$/;

/** Where the compiled copy of `file` (relative to root) lives. */
export const compiledPath = (root, file) => path.join(root, '.test-build', file.replace(/\.(m?)ts$/, '.$1js'));

/** Compiles what changed; `extra` are more files (relative to root) to compile, wherever they are. */
export async function buildTests(root, extra = []) {
  const out = path.join(root, '.test-build');
  const files = new Set(extra.filter((file) => TYPESCRIPT.test(file)));
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'fixtures' && entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(file);
      } else if (TYPESCRIPT.test(entry.name) && !entry.name.endsWith('.d.ts')) files.add(file);
    }
  };
  for (const tree of TREES) if (existsSync(path.join(root, tree))) walk(tree);

  const manifestFile = path.join(out, 'manifest.json');
  let manifest = {};
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {}
  const salt = `${VERSION}\0${esbuildVersion(root)}`;
  const changed = [];
  const next = {};
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    const hash = createHash('sha256').update(salt).update('\0').update(source).digest('hex');
    next[file] = hash;
    if (manifest[file] !== hash || !existsSync(compiledPath(root, file))) changed.push({ file, source });
  }
  if (changed.length === 0) return;
  const esbuild = await import('esbuild');
  await Promise.all(
    changed.map(async ({ file, source }) => {
      const absolute = path.join(root, file);
      const url = pathToFileURL(absolute).href;
      const { code } = await esbuild.transform(source, {
        loader: 'ts',
        format: 'esm',
        target: 'node20',
        sourcefile: absolute,
        tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true } },
        define: {
          'import.meta.url': JSON.stringify(url),
          'import.meta.filename': JSON.stringify(absolute),
          'import.meta.dirname': JSON.stringify(path.dirname(absolute)),
        },
      });
      const target = compiledPath(root, file);
      const rewritten = code.replace(/(\bfrom\s*|\bimport\s*(?:\((?:\s|\/\/[^\n]*\n|\/\*[^*]*\*\/)*)?)"(\.{1,2}\/[^"\n]*)"/g, (_, before, specifier) => {
        const imported = path.resolve(path.dirname(absolute), specifier);
        const relative = path.relative(root, imported);
        const into = TYPESCRIPT.test(imported) && files.has(relative) ? pathToFileURL(compiledPath(root, relative)).href : pathToFileURL(imported).href;
        return `${before}${JSON.stringify(into)}`;
      });
      mkdirSync(path.dirname(target), { recursive: true });
      // Written aside and renamed: a test file of another run reading it sees all of it or nothing.
      const aside = `${target}.${process.pid}.tmp`;
      writeFileSync(aside, rewritten);
      renameSync(aside, target);
    }),
  );
  mkdirSync(out, { recursive: true });
  writeFileSync(`${manifestFile}.${process.pid}.tmp`, JSON.stringify({ ...manifest, ...next }));
  renameSync(`${manifestFile}.${process.pid}.tmp`, manifestFile);
}

function esbuildVersion(root) {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}
