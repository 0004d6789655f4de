/** The refund and pre-authorisation close messages of seed 002 §5 and §8, as the bank and the business side answer them. */
export const REFUND_MESSAGES = {
  success: 'Storno eseguito con successo',
  closed: 'Preautorizzazione chiusa con successo',
  tooMuch: "L'importo dello storno non può superare l'importo della transazione",
  fullOnly: "Per le transazioni DCC e PagoBancomat lo storno è consentito solo per l'importo totale",
  pagobancomat7: 'Non è possibile stornare una transazione Pagobancomat effettuata da più di 7 giorni',
  others180: 'Operazione di Storno non consentita',
  preauth330: 'Non è possibile autorizzare una transazione effettuata da più di 11 mesi',
} as const;
