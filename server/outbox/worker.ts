/**
 * Posts the outbox's pending messages (enqueue.ts) to their targets: the URL is the value of the configuration
 * key the spec's `outbox` effect names (an administrator's value, else the spec's default), read at each
 * attempt so a corrected URL serves the retries. A 2xx answer marks the message sent; anything else counts
 * an attempt, keeps the last error and waits `baseDelayMs * 2^(attempts-1)` before the next, and the last
 * allowed attempt marks it failed. A message is claimed by a conditional UPDATE (the attempts it was read
 * with), so two workers never post it in the same round. The receiver gets `Idempotency-Key: <id>`: a post
 * whose answer was lost is retried, and the target can recognise it.
 */
import type { Knex } from 'knex';
import { bound, type BoundEntity } from '../../common/bindings.js';
import { textOf } from '../../common/text.js';
import type { RuntimeModel } from '../artifacts.js';
import { configValue } from '../config-value.js';
import type { Row } from '../crud/row-mapping.js';
import { loggableReason } from '../db/loggable-error.js';
import { OUTBOX_STATUS } from './enqueue.js';

export interface OutboxOptions {
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one. */
  baseDelayMs: number;
  /** How often the worker looks for due messages once started. */
  intervalMs: number;
  /** How long one post may take before it counts as failed. */
  timeoutMs: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = { maxAttempts: 5, baseDelayMs: 30_000, intervalMs: 10_000, timeoutMs: 10_000 };

/** Messages looked at in one round. */
const BATCH = 20;

export class OutboxWorker {
  private readonly outbox: BoundEntity<'outbox'>;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(private readonly db: Knex, private readonly model: RuntimeModel, readonly options: OutboxOptions = OUTBOX_DEFAULTS) {
    this.outbox = bound(model, 'outbox');
  }

  /** Looks for due messages every `intervalMs` until stop(). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => { void this.runOnce().catch((error: unknown) => { console.error(`Invio dei messaggi in uscita non riuscito: ${loggableReason(error)}`); }); }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round: every pending message due at `now` gets one attempt. Answers how many were attempted. */
  runOnce(now: Date = new Date()): Promise<number> {
    // Rounds do not overlap: a slow target must not have its message posted twice by the next tick.
    this.running ??= this.round(now).finally(() => { this.running = undefined; });
    return this.running;
  }

  private async round(now: Date): Promise<number> {
    const { outbox } = this;
    const due = await this.db<Row>(outbox.entity.table)
      .where(outbox.column('status'), OUTBOX_STATUS.pending)
      .where(outbox.column('nextAttempt'), '<=', now.toISOString())
      .orderBy(outbox.column('createdAt'))
      .limit(BATCH);
    let attempted = 0;
    for (const stored of due) {
      const message = outbox.values(fromColumns(outbox, stored));
      const id = textOf(message.id);
      const attempts = Number(message.attempts ?? 0) + 1;
      // Claimed: no other round of this or another process takes it with the same attempt count.
      const claimed = await this.db(outbox.entity.table)
        .where(outbox.column('id'), id).where(outbox.column('status'), OUTBOX_STATUS.pending).where(outbox.column('attempts'), attempts - 1)
        .update(outbox.columns({ attempts }));
      if (claimed !== 1) continue;
      attempted++;
      const error = await this.post(message);
      const last = attempts >= this.options.maxAttempts;
      const next = new Date(now.getTime() + this.options.baseDelayMs * 2 ** (attempts - 1)).toISOString();
      await this.db(outbox.entity.table).where(outbox.column('id'), id).update(outbox.columns(error === undefined
        ? { status: OUTBOX_STATUS.sent, sentAt: new Date().toISOString(), lastError: null, nextAttempt: null }
        : { status: last ? OUTBOX_STATUS.failed : OUTBOX_STATUS.pending, lastError: error.slice(0, 500), nextAttempt: last ? null : next }));
    }
    return attempted;
  }

  /** Posts one message; answers why it failed, or nothing when the target took it. */
  private async post(message: Partial<Record<string, unknown>>): Promise<string | undefined> {
    const key = textOf(message.target);
    const url = await this.configValue(key);
    if (!url) return `Indirizzo della destinazione non configurato (${key})`;
    try {
      const payload: unknown = JSON.parse(textOf(message.payload));
      const body = JSON.stringify({ id: message.id, entity: message.entity, entityKey: message.entityKey, transition: message.transition, payload });
      const res = await fetch(url, {
        method: 'POST', body, redirect: 'error', signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: { 'content-type': 'application/json', 'idempotency-key': textOf(message.id) },
      });
      // The answer's text is the target's business; only its status is kept.
      await res.body?.cancel();
      return res.ok ? undefined : `Risposta HTTP ${String(res.status)} dalla destinazione`;
    } catch (error) {
      return `Destinazione non raggiungibile: ${loggableReason(error)}`;
    }
  }

  /** A string configuration key: an administrator's value, else the spec's default. */
  private configValue(key: string): Promise<string> {
    return configValue(this.db, this.model, key);
  }
}

/** A stored row by field name (the bound entity's `values` reads field names). */
function fromColumns(outbox: BoundEntity<'outbox'>, stored: Row): Row {
  return Object.fromEntries(outbox.entity.fields.map((f) => [f.name, stored[f.column]]));
}
