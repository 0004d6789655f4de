/**
 * Runs export jobs inside the server process, one at a time: claims the oldest queued job, streams the
 * rows the caller's list would show (his filters, sort and bank scope, recomputed from his grants now)
 * into a file under the export folder, and records progress after every batch so the page can show it.
 * At start it re-queues jobs a crash left running, and it removes files older than the retention time
 * (configuration key ESPORTAZIONI_CONSERVAZIONE_ORE). Jobs survive a restart because they are rows.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { bound } from '../../common/bindings.js';
import { entityByName, type ExportFormat } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import type { EntityService } from '../crud/entity-service.js';
import { countOf } from '../crud/count-cache.js';
import { sortOrder } from '../crud/list-query.js';
import { fromColumns, type Row } from '../crud/row-mapping.js';
import { holds, loadCaller, type Caller } from '../domain/auth/caller.js';
import type { MerchantGate } from '../domain/auth/merchant-flags.js';
import { ApiError } from '../http/api-error.js';
import { ExportJobs, jobParametersOf, type ExportJob } from './jobs.js';
import { keysetBatches } from './keyset.js';
import { openWriter } from './writers.js';

export const BATCH_SIZE = 2000;
const IDLE_POLL_MS = 2000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const RETENTION_KEY = 'ESPORTAZIONI_CONSERVAZIONE_ORE';
const LIMIT_KEY = 'ESPORTAZIONI_MAX_IN_CORSO';

export interface ExportOptions {
  /** Folder of the files (EXPORT_DIR, default data/exports). */
  dir: string;
  /** false: jobs are queued but not run by this app (tests of a restart; a second process). */
  run?: boolean;
}

export class ExportWorker {
  readonly jobs: ExportJobs;
  private serviceFor?: (entity: string) => EntityService;
  private timer?: NodeJS.Timeout;
  private busy = false;
  private pending = false;
  private stopped = true;
  private lastPurge = 0;

  /** `gate` is the one authorize() applies to requests: a merchant's switched-off functions are withheld here too. */
  constructor(private readonly db: Knex, private readonly model: RuntimeModel, readonly options: ExportOptions, private readonly gate: MerchantGate) {
    this.jobs = new ExportJobs(db, model);
  }

  /** The entity services of the router (they know each list's filters). */
  bind(serviceFor: (entity: string) => EntityService): void { this.serviceFor = serviceFor; }

  fileOf(downloadId: string, format: ExportFormat): string { return join(this.options.dir, `${downloadId}.${format}`); }

  async start(): Promise<void> {
    if (this.options.run === false) return;
    this.stopped = false;
    mkdirSync(this.options.dir, { recursive: true });
    const requeued = await this.guard(() => this.jobs.requeueRunning());
    if (requeued) console.log(`Esportazioni riprese dopo un riavvio: ${requeued}`);
    this.wake();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Look for work now (a job was just queued by this process). */
  wake(delay = 0): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref(); // never keeps a process (a test, a CLI) alive
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    // A wake while a job runs is not lost: the running tick looks again as soon as it ends.
    if (this.busy) { this.pending = true; return; }
    this.busy = true;
    let ran = false;
    try {
      if (Date.now() - this.lastPurge > PURGE_EVERY_MS) await this.guard(() => this.purge());
      const job = await this.guard(() => this.jobs.claimNext());
      if (job) { ran = true; await this.run(job); }
    } finally {
      this.busy = false;
      const wokenMeanwhile = this.pending;
      this.pending = false;
      this.wake(ran || wokenMeanwhile ? 0 : IDLE_POLL_MS);
    }
  }

  /** One job, start to end; any failure ends it in E with the spec's message, never the cause. */
  async run(job: ExportJob): Promise<void> {
    const downloadId = job.id;
    const path = this.fileOf(downloadId, job.formato);
    const partial = `${path}.part`;
    let written = 0;
    try {
      const entity = entityByName(this.model, job.entity);
      const exported = entity.api.export;
      if (!exported || !this.serviceFor) throw new Error(`export ${job.id}: entity not exportable`);
      // The caller as a request would see him now, not as he was when he queued the job: a user disabled or
      // locked meanwhile, or whose role (or merchant's function) was taken away, gets no file.
      const caller = await this.callerNow(job.username, job.userType, entity.api.permissions.list);
      if (!caller) {
        await this.jobs.finish(job.id, { stato: 'E', righeScritte: 0, downloadId: null, nomeFile: null, messaggio: this.model.messages.errors.EXPORT_NOT_ALLOWED });
        return;
      }
      const { query, fixed } = jobParametersOf(job.parametri);
      const { params, filtered } = this.serviceFor(entity.name).exportQuery(query, caller, fixed);
      const total = await countOf(filtered().count({ count: '*' }));
      await this.jobs.progress(job.id, { righeTotali: total });
      if (total === 0 && exported.emptyMessage) {
        // Seed 002 §8: an export without data says so ("Dati non disponibili per il periodo selezionato."), no empty file.
        await this.jobs.finish(job.id, { stato: 'E', righeScritte: 0, downloadId: null, nomeFile: null, messaggio: exported.emptyMessage });
        return;
      }
      const columns = exported.columns.flatMap((name) => entity.fields.filter((f) => f.name === name));
      const writer = await openWriter(job.formato, partial, columns, entity.labelPlural);
      for await (const batch of keysetBatches(filtered, sortOrder(entity, params), BATCH_SIZE)) {
        for (const raw of batch) await writer.write(fromColumns(entity, raw));
        await writer.settle?.();
        written += batch.length;
        await this.jobs.progress(job.id, { righeScritte: written });
        if (this.stopped) throw new Error('stopped');
      }
      await writer.end();
      renameSync(partial, path);
      await this.jobs.finish(job.id, { stato: 'S', righeScritte: written, downloadId, nomeFile: fileName(entity.labelPlural, job.formato), messaggio: null });
    } catch (error) {
      rmSync(partial, { force: true });
      if (this.stopped) return; // a shutdown, not a failure: the next start re-queues it
      console.error(`Esportazione ${job.id} in errore:`, error);
      await this.guard(() => this.jobs.finish(job.id, { stato: 'E', righeScritte: written, downloadId: null, nomeFile: null, messaggio: this.model.messages.errors.EXPORT_FAILED }));
    }
  }

  /**
   * The user who queued a job (or asks for its file) as authorize() resolves a caller: still enabled and not
   * locked, his grants and data scope read now, his merchant's switched-off functions withheld; undefined
   * unless he still holds `permission` (the list's, which starting the export needed).
   */
  async callerNow(username: string, userType: string, permission: string): Promise<Caller | undefined> {
    const loaded = await loadCaller(this.db, username, userType);
    const caller = loaded ? await this.gate(this.db, loaded) : undefined;
    return caller && holds(caller, permission) ? caller : undefined;
  }

  /** An integer configuration key: an administrator's value, else the spec's default. */
  private async configNumber(key: string, fallback: number): Promise<number> {
    const store = bound(this.model, 'configuration');
    const stored = await this.db<Row>(store.entity.table).where(store.column('key'), key).first(store.column('value'));
    const value = Number(stored?.[store.column('value')] ?? this.model.config.find((k) => k.key === key)?.default ?? fallback);
    return Number.isFinite(value) ? value : fallback;
  }

  /**
   * How many exports one user may have queued or running together (ESPORTAZIONI_MAX_IN_CORSO): one user
   * must not fill the single worker's queue for everyone (issue 12 item 12). Counted when a job is asked
   * for, so two requests of the same user at the same instant may both pass: the limit is a brake, not a
   * count to the unit.
   */
  async checkLimit(username: string): Promise<void> {
    const max = await this.configNumber(LIMIT_KEY, 3);
    if ((await this.jobs.activeOf(username)) >= max) throw new ApiError('EXPORT_LIMIT', [], undefined, { max });
  }

  /** Files (and jobs) older than the retention time are removed. */
  private async purge(): Promise<void> {
    this.lastPurge = Date.now();
    const hours = await this.configNumber(RETENTION_KEY, 24);
    for (const id of await this.jobs.removeEndedBefore(new Date(Date.now() - hours * 3600_000))) {
      for (const format of ['csv', 'xlsx'] as const) rmSync(this.fileOf(id, format), { force: true });
    }
  }

  /** Database calls of the background loop: a closed database (the app is shutting down) ends the loop quietly. */
  private async guard<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if (!this.stopped && hasPool(this.db)) console.error('Esportazioni:', error);
      else this.stopped = true;
      return undefined;
    }
  }
}

/** knex drops its client's pool when the database is destroyed (the client is typed any). */
function hasPool(db: { client: { pool?: unknown } }): boolean {
  return Boolean(db.client.pool);
}

/** A safe Italian file name: the list's label and today's date (Banche_21-11-2026.csv), ASCII only. */
export function fileName(labelPlural: string, format: ExportFormat, today = new Date()): string {
  const ascii = labelPlural.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  const [y, m, d] = today.toISOString().slice(0, 10).split('-');
  return `${ascii || 'Elenco'}_${d}-${m}-${y}.${format}`;
}
