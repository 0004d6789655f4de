/**
 * The Italian regions and the provinces (plate codes, common/italian-provinces.ts) of each: a province names its
 * region, so a search "in the region" of a row that records only its province reads the region's provinces.
 * The Sardinian codes of 2005-2016 (CI, OG, OT, VS) stay with Sardegna; EE (abroad) is in no region.
 */
export const ITALIAN_REGIONS: Readonly<Record<string, readonly string[]>> = {
  Abruzzo: ['AQ', 'CH', 'PE', 'TE'],
  Basilicata: ['MT', 'PZ'],
  Calabria: ['CS', 'CZ', 'KR', 'RC', 'VV'],
  Campania: ['AV', 'BN', 'CE', 'NA', 'SA'],
  'Emilia-Romagna': ['BO', 'FC', 'FE', 'MO', 'PC', 'PR', 'RA', 'RE', 'RN'],
  'Friuli-Venezia Giulia': ['GO', 'PN', 'TS', 'UD'],
  Lazio: ['FR', 'LT', 'RI', 'RM', 'VT'],
  Liguria: ['GE', 'IM', 'SP', 'SV'],
  Lombardia: ['BG', 'BS', 'CO', 'CR', 'LC', 'LO', 'MB', 'MI', 'MN', 'PV', 'SO', 'VA'],
  Marche: ['AN', 'AP', 'FM', 'MC', 'PU'],
  Molise: ['CB', 'IS'],
  Piemonte: ['AL', 'AT', 'BI', 'CN', 'NO', 'TO', 'VB', 'VC'],
  Puglia: ['BA', 'BR', 'BT', 'FG', 'LE', 'TA'],
  Sardegna: ['CA', 'NU', 'OR', 'SS', 'SU', 'CI', 'OG', 'OT', 'VS'],
  Sicilia: ['AG', 'CL', 'CT', 'EN', 'ME', 'PA', 'RG', 'SR', 'TP'],
  Toscana: ['AR', 'FI', 'GR', 'LI', 'LU', 'MS', 'PI', 'PO', 'PT', 'SI'],
  'Trentino-Alto Adige': ['BZ', 'TN'],
  Umbria: ['PG', 'TR'],
  "Valle d'Aosta": ['AO'],
  Veneto: ['BL', 'PD', 'RO', 'TV', 'VE', 'VI', 'VR'],
};

/** The region of a province's plate code, or undefined (abroad, unknown). */
export function regionOf(province: string): string | undefined {
  return Object.keys(ITALIAN_REGIONS).find((r) => ITALIAN_REGIONS[r].includes(province));
}
