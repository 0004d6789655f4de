/**
 * The export jobs table (spec/platform/esportazione.yaml), through the entity's own column mapping.
 * A job moves P (queued) -> R (running) -> S (done) or E (failed). Claiming is one conditional UPDATE
 * (`WHERE stato = 'P'`): of two processes that try the same job, exactly one changes a row.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { bound, type BoundEntity, type RoleField } from '../../common/bindings.js';
import type { ExportFormat } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { countOf } from '../crud/count-cache.js';
import { fromColumns, type Row } from '../crud/row-mapping.js';
import { recordAt, textOrNull } from '../records.js';
import { textOf } from '../../common/text.js';

export type JobState = 'P' | 'R' | 'S' | 'E';
const JOB_STATES: readonly JobState[] = ['P', 'R', 'S', 'E'];
const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/** The format a request or a job names (the document and the column allow only these). */
export function exportFormatOf(value: unknown): ExportFormat {
  return codeOf(EXPORT_FORMATS, value, 'export format');
}

function codeOf<T extends string>(codes: readonly T[], value: unknown, what: string): T {
  const code = codes.find((c) => c === value);
  if (code === undefined) throw new Error(`Unknown ${what} ${String(value)}`);
  return code;
}

/** The job by the platform's field names (common/bindings.ts ROLE_FIELDS.exportJobs), also its API answer. */
export interface ExportJob extends Record<RoleField<'exportJobs'>, unknown> {
  id: string; entity: string; formato: ExportFormat; stato: JobState; username: string; userType: string;
  parametri: string; righeScritte: number; righeTotali: number | null; downloadId: string | null;
  nomeFile: string | null; messaggio: string | null; createdAt: string; startedAt: string | null; finishedAt: string | null;
}

/** What the caller asked for: the list's query parameters and the key values of a scoped path. */
export interface JobParameters { query: Row; fixed: Row }

/** The job's `parametri` column, as create() wrote it. */
export function jobParametersOf(text: string): JobParameters {
  const parsed: unknown = JSON.parse(text);
  const query = recordAt(parsed, 'query');
  const fixed = recordAt(parsed, 'fixed');
  if (!query || !fixed) throw new Error('Export job parameters without query or fixed values');
  return { query, fixed };
}

export class ExportJobs {
  /** The entity spec/platform/bindings.yaml binds as `exportJobs`. */
  private readonly store: BoundEntity<'exportJobs'>;
  constructor(private readonly db: Knex, model: Pick<RuntimeModel, 'entities' | 'bindings'>) {
    this.store = bound(model, 'exportJobs');
  }

  private table() { return this.db<Row>(this.store.entity.table); }
  private cols(values: Partial<ExportJob>): Row { return this.store.columns(values); }
  private col(field: RoleField<'exportJobs'>): string { return this.store.column(field); }

  async create(entity: string, formato: ExportFormat, username: string, userType: string, parameters: JobParameters): Promise<ExportJob> {
    const job: ExportJob = {
      id: randomUUID(), entity, formato, stato: 'P', username, userType, parametri: JSON.stringify(parameters),
      righeScritte: 0, righeTotali: null, downloadId: null, nomeFile: null, messaggio: null,
      createdAt: new Date().toISOString(), startedAt: null, finishedAt: null,
    };
    await this.table().insert(this.cols(job));
    return job;
  }

  /** Jobs of `username` still queued or running: what the per-user limit counts. */
  async activeOf(username: string): Promise<number> {
    return countOf(this.table().where(this.col('username'), username).whereIn(this.col('stato'), ['P', 'R']).count({ count: '*' }));
  }

  async find(id: string): Promise<ExportJob | undefined> {
    const row = await this.table().where(this.col('id'), id).first();
    return row ? jobOf(this.store.values(fromColumns(this.store.entity, row))) : undefined;
  }

  /** The oldest queued job this process managed to claim, if any. */
  async claimNext(): Promise<ExportJob | undefined> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const next = await this.table().where(this.col('stato'), 'P').orderBy(this.col('createdAt')).first(this.col('id'));
      if (!next) return undefined;
      const id = String(next[this.col('id')]);
      const claimed = await this.table().where(this.col('id'), id).where(this.col('stato'), 'P')
        .update(this.cols({ stato: 'R', startedAt: new Date().toISOString(), righeScritte: 0 }));
      if (claimed === 1) return this.find(id);
    }
    return undefined;
  }

  /** Progress of a running job (only while it is still ours and running). */
  async progress(id: string, values: Partial<Pick<ExportJob, 'righeScritte' | 'righeTotali'>>): Promise<void> {
    await this.table().where(this.col('id'), id).where(this.col('stato'), 'R').update(this.cols(values));
  }

  async finish(id: string, values: Pick<ExportJob, 'stato' | 'righeScritte' | 'downloadId' | 'nomeFile' | 'messaggio'>): Promise<void> {
    await this.table().where(this.col('id'), id).where(this.col('stato'), 'R').update(this.cols({ ...values, finishedAt: new Date().toISOString() }));
  }

  /** At start: jobs a crash left running go back to the queue and run again from the first row. */
  async requeueRunning(): Promise<number> {
    return this.table().where(this.col('stato'), 'R').update(this.cols({ stato: 'P', righeScritte: 0 }));
  }

  /** Ended jobs older than `cutoff`, removed from the table; their download ids, so their files go too. */
  async removeEndedBefore(cutoff: Date): Promise<string[]> {
    const old = this.table().whereIn(this.col('stato'), ['S', 'E']).where(this.col('finishedAt'), '<', cutoff.toISOString());
    const rows = await old.clone().select(this.col('downloadId'));
    await old.clone().delete();
    return rows.map((r) => r[this.col('downloadId')]).filter((d): d is string => typeof d === 'string' && d !== '');
  }
}

/** A stored job, its values already mapped by field type (fromColumns): text, numbers or null. */
function jobOf(values: Partial<Record<RoleField<'exportJobs'>, unknown>>): ExportJob {
  return {
    id: textOf(values.id), entity: textOf(values.entity), formato: exportFormatOf(values.formato), stato: codeOf(JOB_STATES, values.stato, 'export job state'),
    username: textOf(values.username), userType: textOf(values.userType), parametri: textOf(values.parametri),
    righeScritte: Number(values.righeScritte), righeTotali: values.righeTotali === null || values.righeTotali === undefined ? null : Number(values.righeTotali),
    downloadId: textOrNull(values.downloadId), nomeFile: textOrNull(values.nomeFile), messaggio: textOrNull(values.messaggio),
    createdAt: textOf(values.createdAt), startedAt: textOrNull(values.startedAt), finishedAt: textOrNull(values.finishedAt),
  };
}

/** The job as the API answers it (components/schemas/ExportJob). */
export function jobView(job: ExportJob): Row {
  return {
    id: job.id, entity: job.entity, formato: job.formato, stato: job.stato, righeScritte: job.righeScritte,
    righeTotali: job.righeTotali, downloadId: job.downloadId, nomeFile: job.nomeFile, messaggio: job.messaggio, createdAt: job.createdAt,
  };
}
