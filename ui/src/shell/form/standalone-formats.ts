/**
 * The formats the build-time form validators call (ui/precompiled-validators.ts): Ajv's standalone code
 * reaches every format through one module, so ajv-formats' full set (date, date-time) and the spec
 * language's named formats live together here. Run-time validators take the same (validator.ts).
 */
import { fullFormats } from 'ajv-formats/dist/formats';
import { AJV_NAMED_FORMATS } from '../../../../common/named-formats';

export const STANDALONE_FORMATS = { ...fullFormats, ...AJV_NAMED_FORMATS };
