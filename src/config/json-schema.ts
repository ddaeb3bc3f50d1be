/**
 * The JSON Schema for editors, generated from the zod schema (the single source of truth), so the
 * two cannot drift. `schema/docs.schema.json` is the committed output; a test regenerates it and
 * compares. Point docs.json's "$schema" at it for completion and inline errors.
 */
import { z } from 'zod';
import { configSchema } from './schema.ts';

export function toJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12', reused: 'ref' }) as Record<string, unknown>;
  return {
    ...generated,
    $id: 'https://docjet.dev/docs.schema.json',
    title: 'docs.json',
    description: 'Configuration of a documentation site in the docs.json format, as read by docjet.',
  };
}

export function renderJsonSchema(): string {
  return `${JSON.stringify(toJsonSchema(), null, 2)}\n`;
}
