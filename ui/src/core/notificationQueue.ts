/**
 * The after-login notifications (seed 000 §2 "Notifications show one after another"): the modal shows the
 * head of the queue; closing it moves to the next, whether or not "Non mostrare più" was ticked. Pure, so
 * the order rules are tested without a browser (tests/ui/notificationQueue.test.ts).
 */
import { isRecord } from './guards';

export interface QueuedNotification {
  id: string;
  titolo: string;
  messaggio: string;
  nomeFile?: string | null;
  versione?: string | null;
  /** The stored file's reference; without it there is nothing to download. */
  allegato?: string | null;
}

export interface NotificationQueue {
  readonly items: readonly QueuedNotification[];
  /** Position of the one on screen; equal to items.length when every one has been closed. */
  readonly position: number;
}

/**
 * The queue of one session, in the order the API gives (oldest first); the same id is shown once, and
 * those already closed in this session (a page reload is not a new login) are left out.
 */
export function startQueue(items: readonly QueuedNotification[], closed: Iterable<string> = []): NotificationQueue {
  const seen = new Set<string>(closed);
  const fresh = items.filter((n) => {
    if (seen.has(n.id)) return false;
    seen.add(n.id);
    return true;
  });
  return { items: fresh, position: 0 };
}

/**
 * Ids closed in the session `session`, from what sessionStorage holds (`stored`, JSON or null): another
 * session's list (the user logged out and in again) counts as nothing closed.
 */
export function closedInSession(stored: string | null, session: string): string[] {
  try {
    const value: unknown = JSON.parse(stored ?? 'null');
    if (!isRecord(value) || value.session !== session || !Array.isArray(value.ids)) return [];
    return value.ids.filter((id: unknown): id is string => typeof id === 'string');
  } catch {
    return [];
  }
}

/** What to store after closing `id` in `session`. */
export function withClosed(stored: string | null, session: string, id: string): string {
  return JSON.stringify({ session, ids: [...new Set([...closedInSession(stored, session), id])] });
}

export function currentNotification(queue: NotificationQueue): QueuedNotification | undefined {
  return queue.items[queue.position];
}

/** Closing the one on screen: the next one, if any, takes its place. */
export function closeCurrent(queue: NotificationQueue): NotificationQueue {
  return queue.position >= queue.items.length ? queue : { ...queue, position: queue.position + 1 };
}

/** "2 di 3", for the modal's title when there is more than one. */
export function queueProgress(queue: NotificationQueue): { index: number; total: number } {
  return { index: Math.min(queue.position + 1, queue.items.length), total: queue.items.length };
}
