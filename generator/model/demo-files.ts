/**
 * Demo files (docs/spec-language.md#demo-files): a demo row gives a file field the path of a real file beside its
 * YAML (`documento: files/fattura.pdf`), and the generator embeds the bytes in the demo data, so a first start
 * stores them through the file store like an upload. The file must pass the field's own rule (size, name, type,
 * magic bytes): demo data never holds what a user could not upload.
 */
import { posix } from 'node:path';
import type { DemoDataModel, DemoFileModel, EntityModel } from '../../common/model.js';
import { fileFields, fileProblem } from '../../common/file-rules.js';
import { bytesMatchType } from '../../common/magic-bytes.js';
import type { Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';

/** Reads a file of the spec's tree by its path from the project's root; undefined when there is none. */
export type SpecFileReader = (path: string) => Buffer | undefined;

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif',
  '.txt': 'text/plain', '.csv': 'text/csv',
};

/**
 * The demo rows without their file fields (created without them, as an API create ignores them) and the files
 * those fields name; each mistake is a diagnostic at the row's field.
 */
export function withDemoFiles(
  demo: DemoDataModel, entity: EntityModel, source: SourceFile, read: SpecFileReader | undefined, diagnostics: Diagnostic[],
): DemoDataModel {
  const files: DemoFileModel[] = [];
  const fields = fileFields(entity.fields);
  if (!fields.length) return demo;
  demo.rows.forEach((row, index) => {
    for (const field of fields) {
      const value = row[field.name];
      if (value === undefined || value === null) continue;
      const at = source.positionOf(['rows', index, field.name]);
      const say = (message: string) => diagnostics.push({ ...at, message: `Demo row ${index + 1}: ${field.name}: ${message}` });
      if (typeof value !== 'string' || value.startsWith('/') || value.split('/').includes('..')) {
        say('a file field takes the path of a file beside the demo YAML, such as files/documento.pdf.');
        continue;
      }
      const path = posix.join(posix.dirname(source.file), value);
      const bytes = read?.(path);
      if (!bytes) {
        say(`no file ${path}.`);
        continue;
      }
      const name = posix.basename(value);
      const contentType = TYPES[posix.extname(name).toLowerCase()] ?? 'application/octet-stream';
      const problem = fileProblem(field.file, field.messages, { name, size: bytes.length, type: contentType }, 'refused by the field\'s file rule')
        ?? (bytesMatchType(bytes, contentType) ? undefined : `the bytes are not ${contentType}`);
      if (problem) {
        say(`${path}: ${problem}`);
        continue;
      }
      files.push({ row: index, field: field.name, name, contentType, base64: bytes.toString('base64') });
    }
  });
  const rows = demo.rows.map((row) => withoutFileFields(entity, row));
  return files.length ? { ...demo, rows, files } : { ...demo, rows };
}

/** A demo row as the service creates it: file fields are stored apart (the API ignores them in a body too). */
export function withoutFileFields(entity: EntityModel, row: Record<string, unknown>): Record<string, unknown> {
  const names = new Set(fileFields(entity.fields).map((f) => f.name));
  return Object.fromEntries(Object.entries(row).filter(([name]) => !names.has(name)));
}
