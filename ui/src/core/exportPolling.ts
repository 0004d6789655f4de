/**
 * Waiting for an asynchronous file (seed 000 §4): check the job's status; S with a download id means
 * fetch the file, E means error, anything else means check again after one step. The wait accumulates
 * step by step (20 s by default: configuration key DOWNLOAD_ASINCRONO_INTERVALLO) and once it exceeds the
 * allowed time (TRANSATO_DOWNLOAD_ASINCRONO_TIME, default 300 s) polling stops with the error. The first
 * check comes after a short delay, so a small export is ready without waiting a whole step.
 * Pure: time passes only through `sleep`, so tests drive it with fake timers.
 */
import { isRecord } from './guards';

export interface ExportJobStatus {
  id: string;
  /** P pending, R running, S succeeded, E failed; a newer server may add a state this UI does not know. */
  stato: string;
  righeScritte?: number;
  righeTotali?: number | null;
  downloadId?: string | null;
  messaggio?: string | null;
}

/** The job as the export's POST answers it: its path is an entity's (data), so the answer is checked here. */
export function isExportJobStatus(value: unknown): value is ExportJobStatus {
  const optional = (v: unknown, type: 'number' | 'string') => v === undefined || v === null || typeof v === type;
  return isRecord(value) && typeof value.id === 'string' && typeof value.stato === 'string'
    && (value.righeScritte === undefined || typeof value.righeScritte === 'number')
    && optional(value.righeTotali, 'number') && optional(value.downloadId, 'string') && optional(value.messaggio, 'string');
}

export interface PollOptions {
  /** Delay before the first check (ms). */
  firstCheckMs: number;
  /** Poll step (seconds). */
  stepSeconds: number;
  /** Maximum accumulated wait (seconds). */
  maxWaitSeconds: number;
  signal?: AbortSignal;
}

export type PollOutcome = { ready: true; job: ExportJobStatus } | { ready: false; job?: ExportJobStatus };

export interface PollDeps {
  check(): Promise<ExportJobStatus>;
  onProgress?(job: ExportJobStatus): void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

export async function pollExport(deps: PollDeps, options: PollOptions): Promise<PollOutcome> {
  const wait = deps.sleep ?? sleep;
  let waited = 0;
  await wait(options.firstCheckMs, options.signal);
  for (;;) {
    if (options.signal?.aborted) return { ready: false };
    let job: ExportJobStatus;
    try {
      job = await deps.check();
    } catch {
      return { ready: false };
    }
    deps.onProgress?.(job);
    if (job.stato === 'S' && job.downloadId) return { ready: true, job };
    if (job.stato === 'E') return { ready: false, job };
    waited += options.stepSeconds;
    if (waited > options.maxWaitSeconds) return { ready: false, job };
    await wait(options.stepSeconds * 1000, options.signal);
  }
}

/** "1.234 di 10.000 righe" style progress as a percentage, or undefined while the total is unknown. */
export function progressPercent(job: ExportJobStatus | undefined): number | undefined {
  if (!job || job.righeTotali === null || job.righeTotali === undefined) return undefined;
  if (job.righeTotali === 0) return 100;
  return Math.min(100, Math.round(((job.righeScritte ?? 0) / job.righeTotali) * 100));
}

/** A configuration value in seconds, or the fallback when it is missing or not a positive number. */
export function secondsOf(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
