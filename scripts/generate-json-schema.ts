/** Writes schema/docs.schema.json from the zod schema. Run: npm run schema */
import fs from 'node:fs';
import { renderJsonSchema } from '../src/config/json-schema.ts';

const target = new URL('../schema/docs.schema.json', import.meta.url);
fs.writeFileSync(target, renderJsonSchema());
process.stdout.write(`wrote ${target.pathname}\n`);
