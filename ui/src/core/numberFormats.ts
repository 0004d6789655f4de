/**
 * Italian number formats (seed 002 §9: Italian locale, euro with comma decimals), the only ones the shell uses.
 * All group thousands from 1.000 on: the Italian locale data leave four-digit numbers ungrouped ("1840,50 €"
 * beside "12.840,50 €"), which reads badly in a column of amounts and differs from the amount input.
 */
interface NumberFormat { format(value: number): string }

/**
 * Made at the first number it formats, not when the page's code loads: the first Italian format loads the locale's
 * data, about 100 ms on a slow phone (4x CPU), which a page that shows no amount need not spend while it starts.
 */
const it = (options: Intl.NumberFormatOptions): NumberFormat => {
  let made: Intl.NumberFormat | undefined;
  return { format: (value) => (made ??= new Intl.NumberFormat('it-IT', { ...options, useGrouping: 'always' })).format(value) };
};

/** 1.840,50 € */
export const euroFormat = it({ style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1.840,50 (and percentages) */
export const twoDecimalsFormat = it({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
/**
 * 1.841: counts. Whole numbers need only a point every three digits, so a list's "1.234 risultati" does not load the
 * locale's number data (above) on a page that shows no amount.
 */
export const countFormat: NumberFormat = { format: (value) => Math.round(value).toString().replace(/\B(?=(\d{3})+$)/g, '.') };
/** 1.840,505: a decimal as stored, up to six digits */
export const numberFormat = it({ maximumFractionDigits: 6 });
