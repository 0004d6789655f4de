/**
 * State an answer from the network brings, set as a React transition: React renders it in slices and leaves the
 * main thread free between them, where a plain update renders the whole page in one task (a phone spends hundreds
 * of milliseconds on a list's or a form's first rows, and Lighthouse counts each task's time over 50 ms as
 * blocking). What the user does stays a plain update; a transition is also never shown half-done.
 */
import { startTransition } from 'react';

export function arrived(update: () => void): void {
  startTransition(update);
}
