/**
 * Italian for every string rjsf and its Mantine theme can render (buttons, array labels, empty states), passed
 * as the Form's `translateString`. A Record over rjsf's whole enum: a new rjsf string fails the type check
 * until it has its Italian, so none can show English.
 */
import { TranslatableString, replaceStringParameters } from '@rjsf/utils';

const IT: Record<TranslatableString, string> = {
  [TranslatableString.ArrayItemTitle]: 'Elemento',
  [TranslatableString.MissingItems]: 'Definizione degli elementi mancante',
  [TranslatableString.EmptyArray]: 'Nessun elemento. Usa il pulsante qui sotto per aggiungerne.',
  [TranslatableString.YesLabel]: 'Sì',
  [TranslatableString.NoLabel]: 'No',
  [TranslatableString.CloseLabel]: 'Chiudi',
  [TranslatableString.ErrorsLabel]: 'Errori',
  [TranslatableString.NewStringDefault]: 'Nuovo valore',
  [TranslatableString.AddButton]: 'Aggiungi',
  [TranslatableString.AddItemButton]: 'Aggiungi elemento',
  [TranslatableString.CopyButton]: 'Copia',
  [TranslatableString.ExpandButton]: 'Espandi',
  [TranslatableString.MoveDownButton]: 'Sposta giù',
  [TranslatableString.MoveUpButton]: 'Sposta su',
  [TranslatableString.RemoveButton]: 'Rimuovi',
  [TranslatableString.NowLabel]: 'Adesso',
  [TranslatableString.ClearLabel]: 'Cancella',
  [TranslatableString.AriaDateLabel]: 'Seleziona una data',
  [TranslatableString.PreviewLabel]: 'Anteprima',
  [TranslatableString.DecrementAriaLabel]: 'Diminuisci di 1',
  [TranslatableString.IncrementAriaLabel]: 'Aumenta di 1',
  [TranslatableString.OptionalObjectAdd]: 'Aggiungi dati per il campo facoltativo',
  [TranslatableString.OptionalObjectRemove]: 'Rimuovi i dati del campo facoltativo',
  [TranslatableString.OptionalObjectEmptyMsg]: 'Nessun dato per il campo facoltativo',
  [TranslatableString.Type]: 'Tipo',
  [TranslatableString.Value]: 'Valore',
  [TranslatableString.ClearButton]: 'Svuota campo',
  [TranslatableString.UnknownFieldType]: 'Tipo di campo sconosciuto %1',
  [TranslatableString.OptionPrefix]: 'Opzione %1',
  [TranslatableString.TitleOptionPrefix]: '%1 opzione %2',
  [TranslatableString.KeyLabel]: '%1 chiave',
  [TranslatableString.DeprecatedLabel]: '%1 (deprecato)',
  [TranslatableString.CycleDetected]: 'Riferimento circolare rilevato per il campo "%1"',
  [TranslatableString.InvalidObjectField]: 'Configurazione del campo "%1" non valida',
  [TranslatableString.UnsupportedField]: 'Campo non supportato.',
  [TranslatableString.UnsupportedFieldWithId]: 'Campo non supportato.',
  [TranslatableString.UnsupportedFieldWithReason]: 'Campo non supportato.',
  [TranslatableString.UnsupportedFieldWithIdAndReason]: 'Campo non supportato.',
  [TranslatableString.FilesInfo]: '**%1** (%2, %3 byte)',
};

export function translateString(key: TranslatableString, params?: string[]): string {
  return replaceStringParameters(IT[key], params);
}
