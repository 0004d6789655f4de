/**
 * A value one step of a request leaves for the later ones (the operation matched, the session authorize()
 * found, the parsed upload), typed: Express's own `res.locals` holds `any`. Kept per response object,
 * which Express passes unchanged through every router of the request, and dropped with it.
 */
import type { Response } from 'express';

export class ResponseSlot<T> {
  // Boxed, so a slot may hold undefined and still tell it from never filled.
  private readonly values = new WeakMap<Response, { value: T }>();

  /** `name` says in an error which step should have filled the slot. */
  constructor(private readonly name: string) {}

  set(res: Response, value: T): void {
    this.values.set(res, { value });
  }

  get(res: Response): T | undefined {
    return this.values.get(res)?.value;
  }

  /** For a step that runs only after the one that fills the slot: empty is a mistake of the app's wiring. */
  require(res: Response): T {
    const held = this.values.get(res);
    if (!held) throw new Error(`${this.name} is not set for this request`);
    return held.value;
  }
}
