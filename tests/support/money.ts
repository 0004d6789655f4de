/**
 * Expected figures as the reports answer them (server/crud/aggregate.ts): sums rounded to the cent, averages from the
 * sum's whole cents rounded half up, so a test computes the same figure the server does.
 */

/** A sum of amounts to the cent (floating-point additions drift below a cent). */
export const cents = (n: number): number => Math.round(n * 100) / 100;

/** An average to the cent from the sum's whole cents: 78.21 over 6 is 13.04, where float division rounds to 13.03. */
export const averageCents = (sum: number, n: number): number => Math.round(Math.round(sum * 100) / n) / 100;
