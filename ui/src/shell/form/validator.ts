/**
 * The generated form schemas are JSON Schema 2020-12 (the API's own), which rjsf's default draft-07 Ajv
 * cannot compile; the 2020 Ajv class reads them as the server does.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';

export const validator = customizeValidator({ AjvClass: Ajv2020 as never });
