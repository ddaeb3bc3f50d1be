/** Shared by the config tests: fixture paths, temporary sites, and diagnostics in a form a reviewer can read. */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../src/shared/diagnostics.ts';
import { validate, type ValidateResult } from '../../src/validate/index.ts';

export const FIXTURES = fileURLToPath(new URL('../fixtures/config/', import.meta.url));

/** `test/fixtures/config/<name>` */
export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

/**
 * A diagnostic as the tests assert it: where as `file:line:column` (what an editor jumps to), the
 * full message and fix, so the wording is reviewed in the test.
 */
export interface Seen {
  code: string;
  severity: Diagnostic['severity'];
  at: string;
  path?: string;
  message: string;
  fix?: string;
}

export function seen(diagnostic: Diagnostic): Seen {
  const result: Seen = {
    code: diagnostic.code,
    severity: diagnostic.severity,
    at: `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`,
    message: diagnostic.message,
  };
  if (diagnostic.path !== undefined) result.path = diagnostic.path;
  if (diagnostic.fix !== undefined) result.fix = diagnostic.fix;
  return result;
}

/** Validates a site folder and returns its diagnostics, sorted as the CLI prints them. */
export async function diagnose(root: string, options: { strict?: boolean; offline?: boolean } = {}): Promise<Seen[]> {
  const result = await validate({ root, ...options });
  return result.diagnostics.map(seen);
}

export async function validateFixture(name: string): Promise<ValidateResult> {
  return validate({ root: fixture(name) });
}

type Cleanup = { after: (fn: () => Promise<void>) => void };

/** A site written from `files` into a temporary folder, removed after the test. */
export async function tempSite(t: Cleanup, files: Record<string, string>): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'docjet-config-')));
  t.after(() => rm(root, { recursive: true, force: true }));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

/** A page file's text. */
export const PAGE = '---\ntitle: Page\n---\n\nText.\n';
