/**
 * The merchant's profile as a PDF (seed 001 §2 "profile (... PDF downloads)"; spec/profilo/operazioni-profilo.yaml):
 * what /wpbusiness/profilo/datiPersonali shows, read as the caller (its data scope: another merchant is 404, an
 * operator lists its assigned stores only), written by pdfkit (server/files/text-pdf.ts). Its sections, their
 * titles and the labels are the spec's form layout of the profile and of its stores, so the file says what the page
 * says and nothing here names a field in Italian.
 */
import { entityByName, type EntityModel, type FieldModel, type FormSectionModel } from '../../../common/model.js';
import { textOf } from '../../../common/text.js';
import { textPdf } from '../../files/text-pdf.js';
import { callerIn, type DomainHandler } from '../handler.js';

const PROFILE = 'ProfiloEsercente';
const STORE = 'ProfiloNegozio';
/** A store is headed by these, "1001 - Bar Centrale", rather than listing them among its lines. */
const STORE_HEADING = ['pdvid', 'insegna'];

const line = (label: string, value: string) => `${`${label}:`.padEnd(38)} ${value === '' ? '-' : value}`;

/** A value as the page shows it: an enum by its label, a yes/no as Sì/No. */
function shown(field: FieldModel, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'boolean') return value === true || value === 1 ? 'Sì' : 'No';
  return field.options?.find((o) => o.value === textOf(value))?.label ?? textOf(value);
}

/** The sections of an entity's form, its tabs' in order; without a layout, one section of the form's fields. */
function sectionsOf(entity: EntityModel): FormSectionModel[] {
  const layout = entity.form?.layout;
  if (!layout) return [{ columns: 1, fields: entity.form?.fields ?? entity.fields.map((f) => f.name) }];
  return 'tabs' in layout ? layout.tabs.flatMap((t) => t.sections) : layout.sections;
}

/** Each section as its title in capitals and a line per field the form shows; `skip` leaves fields out. */
function linesOf(entity: EntityModel, row: Record<string, unknown>, indent = '', skip: readonly string[] = []): string[] {
  return sectionsOf(entity).flatMap((section) => {
    const fields = section.fields.flatMap((name) => {
      const field = entity.fields.find((f) => f.name === name);
      return field && !field.ui.hidden && !skip.includes(name) ? [field] : [];
    });
    if (!fields.length) return [];
    return ['', ...(section.title ? [`${indent}${section.title.toUpperCase()}`] : []), ...fields.map((f) => line(`${indent}${f.label}`, shown(f, row[f.name])))];
  });
}

export const profiloPdf: DomainHandler = async (ctx) => {
  const caller = callerIn(ctx);
  const profileEntity = entityByName(ctx.model, PROFILE);
  const storeEntity = entityByName(ctx.model, STORE);
  const profile = await ctx.service(PROFILE).get({ codEser: ctx.params.codEser }, caller);
  const stores = (await ctx.service(STORE).listAll(caller, { codEser: profile.codEser }))
    .sort((a, b) => textOf(a.pdvid).localeCompare(textOf(b.pdvid), 'it', { numeric: true }));
  const lines = [
    ...linesOf(profileEntity, profile).slice(1),
    '',
    `${storeEntity.labelPlural.toUpperCase()} (${String(stores.length)})`,
    ...stores.flatMap((s) => ['', STORE_HEADING.map((f) => textOf(s[f])).join(' - '), ...linesOf(storeEntity, s, '  ', STORE_HEADING).filter((l) => l !== '')]),
  ];
  const bytes = await textPdf(`${profileEntity.label} - ${textOf(profile.ds)}`, lines);
  return { name: `profilo-${textOf(profile.codEser)}.pdf`, bytes };
};
