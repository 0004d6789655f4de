/**
 * Which demo movements (scripts/demo-movimenti.ts) each demo user may see (seed 002 §6; spec/demo: filiale.30480 is
 * cab 01600, operatore.0001234 has store 1001): what the movement search and the turnover report are checked against.
 */
import type { DemoMovement } from '../../scripts/demo-movimenti.js';

export const MOVEMENT_SCOPE: Record<string, (m: DemoMovement) => boolean> = {
  assistenza: () => true,
  'sede.30480': (m) => m.codAbi === '30480',
  'filiale.30480': (m) => m.codAbi === '30480' && m.cab === '01600',
  'sede.60855': () => false,
  'merchant.0001234': (m) => m.codAbi === '30480' && m.codEserc === '0001234',
  'operatore.0001234': (m) => m.codStab === '1001',
};
