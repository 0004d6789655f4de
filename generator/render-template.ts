/** Source text is laid out by handlebars templates in templates/, so its shape is reviewable in one place. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';

export function templateRenderer(rootDir: string): (name: string, data: unknown) => string {
  const cache = new Map<string, Handlebars.TemplateDelegate>();
  return (name, data) => {
    let template = cache.get(name);
    if (!template) {
      template = Handlebars.compile(readFileSync(join(rootDir, 'templates', `${name}.hbs`), 'utf8'), { noEscape: true, strict: true });
      cache.set(name, template);
    }
    return template(data);
  };
}
