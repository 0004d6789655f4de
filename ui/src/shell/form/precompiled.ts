/**
 * The form validators compiled at build time, by root schema key ($id, else rjsf's hashForSchema). Empty at
 * start: in the build, loading a form's definition (generated/forms/<Entity>.json, core/artifacts.ts) adds
 * that form's validators here (ui/precompiled-validators.ts), because the Content-Security-Policy forbids the
 * run-time compilation (eval) Ajv does otherwise. Under Node (tests) and the dev server it stays empty.
 */
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

export const PRECOMPILED: Partial<Record<string, ValidatorFunctions>> = {};
