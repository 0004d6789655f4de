import { loggableReason } from '../db/loggable-error.js';

/**
 * Work that must not delay the answer (sending a mail, and the writes that belong with it): each job
 * starts after the current request has answered (setImmediate) and the jobs run one at a time, in order.
 * A failing job is logged and does not stop the next. The values a job closes over (a temporary password)
 * live only in this process's memory until it ends.
 */
export class AfterResponseQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  enqueue(label: string, job: () => Promise<void>): void {
    this.pending++;
    const start = () => new Promise<void>((resolve) => setImmediate(resolve));
    this.tail = this.tail
      .then(start)
      .then(job)
      .catch((error: unknown) => console.error(`[${new Date().toISOString()}] ${label} non riuscito: ${loggableReason(error)}`))
      .finally(() => { this.pending--; });
  }

  /** Resolves once every job queued so far (and any they queued) has finished: tests and shutdown wait on it. */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}

