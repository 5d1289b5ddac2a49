// `npm run docs:config`: writes the README's table of environment variables from `configSchema`
// (src/server/config.ts), one row per variable in the schema's order: its name, its default as
// it would be written in the environment, and its `.describe()` text. config.test.ts fails when
// the README's table differs from what this writes, so the table cannot drift from the code.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { configSchema } from '../src/server/config.js';

export const readmePath = path.resolve(import.meta.dirname, '../README.md');
export const tableStart = '<!-- config-table: written by `npm run docs:config` from src/server/config.ts -->';
export const tableEnd = '<!-- /config-table -->';

interface JsonProperty {
  default?: unknown;
  description?: string;
  enum?: unknown[];
}

/** Text for a Markdown table cell: a `|` would end the cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/**
 * A variable's default as the environment would spell it. zod keeps the default of a field
 * that transforms its input (a `0`/`1` switch) as the parsed value, which JSON Schema cannot
 * show; the spelling is then the one of the allowed inputs that parses to it.
 */
function defaultOf(name: string, field: z.ZodType, property: JsonProperty): string | undefined {
  if (property.default !== undefined) return String(property.default);
  const parsed = field.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return undefined;
  const spelling = property.enum?.find((input) => isDeepStrictEqual(field.safeParse(input).data, parsed.data));
  if (spelling === undefined) {
    throw new Error(`${name}: its default cannot be written as a value of the variable; use .prefault('…')`);
  }
  return String(spelling);
}

/** The Markdown table of every variable of `schema`; a variable without `.describe()` is an error. */
export function configTable(schema: z.ZodObject = configSchema): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonProperty>;
  };
  const undescribed: string[] = [];
  const rows = Object.entries(schema.shape).map(([name, field]) => {
    const property = json.properties?.[name] ?? {};
    const description = property.description?.trim();
    if (!description) undescribed.push(name);
    const byDefault = defaultOf(name, field as z.ZodType, property);
    return `| \`${name}\` | ${byDefault === undefined ? '—' : `\`${cell(byDefault)}\``} | ${cell(description ?? '')} |`;
  });
  if (undescribed.length > 0) {
    throw new Error(
      `Describe every variable in src/server/config.ts with .describe('…'); these have none: ${undescribed.join(', ')}`,
    );
  }
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The README with the table between its two markers replaced by `table`. */
export function withConfigTable(readme: string, table = configTable()): string {
  const from = readme.indexOf(tableStart);
  const to = readme.indexOf(tableEnd);
  if (from < 0 || to < from) throw new Error(`README.md needs the markers ${tableStart} and ${tableEnd}`);
  return `${readme.slice(0, from + tableStart.length)}\n\n${table}\n\n${readme.slice(to)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const readme = fs.readFileSync(readmePath, 'utf8');
    const next = withConfigTable(readme);
    if (next === readme) console.log('README.md: the configuration table is up to date.');
    else {
      fs.writeFileSync(readmePath, next);
      console.log('README.md: wrote the configuration table.');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
