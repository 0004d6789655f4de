/**
 * Italian number formats (seed 002 §9: Italian locale, euro with comma decimals), the only ones the shell uses.
 * All group thousands from 1.000 on: the Italian locale data leave four-digit numbers ungrouped ("1840,50 €"
 * beside "12.840,50 €"), which reads badly in a column of amounts and differs from the amount input.
 */
const it = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('it-IT', { ...options, useGrouping: 'always' });

/** 1.840,50 € */
export const euroFormat = it({ style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1.840,50 (and percentages) */
export const twoDecimalsFormat = it({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1.841: counts */
export const countFormat = it({ maximumFractionDigits: 0 });
/** 1.840,505: a decimal as stored, up to six digits */
export const numberFormat = it({ maximumFractionDigits: 6 });
