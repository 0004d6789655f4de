/**
 * A peer comparison's parameters and answer in the OpenAPI document (docs/spec-language.md#peer-comparison): the
 * month range with the seed's names (annoMeseDa, annoMeseA), the trait and the narrowings, and per dimension the
 * caller's figures next to the peers' average (null where too few peers would be averaged).
 */
import { PEERS_FROM_PARAM, PEERS_TO_PARAM, type ReportPeers } from '../../common/report-peers.js';
import type { ReportModel } from '../../common/report.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** Not `required`: without a range the server reads the default one; a value not the caller's own is refused with the spec's message. */
export function peersParameters(peers: ReportPeers): unknown[] {
  // As the list's filters: any character may be sent as it is (a value is compared, never parsed).
  const text = (name: string, description: string, pattern?: string) => ({ name, in: 'query', description, allowReserved: true, schema: { type: 'string', maxLength: 60, ...(pattern ? { pattern } : {}) } });
  return [
    text(PEERS_FROM_PARAM, 'Primo mese del periodo (aaaa-mm)', MONTH_PATTERN),
    text(PEERS_TO_PARAM, 'Ultimo mese del periodo (aaaa-mm)', MONTH_PATTERN),
    text(peers.same.param, `${peers.same.label}: una delle proprie (default la prima)`),
    ...peers.narrow.map((n) => text(n.param, `${n.label}: una delle proprie, per restringere il confronto`)),
  ];
}

export function peersSchemas(report: ReportModel, peers: ReportPeers): Record<string, unknown> {
  const names = report.measures.map((m) => m.name);
  const figures = {
    type: 'object', additionalProperties: false, required: names,
    properties: Object.fromEntries(report.measures.map((m) => [m.name, { type: ['number', 'null'], description: m.label }])),
  };
  const option = { type: 'object', additionalProperties: false, required: ['value', 'label'], properties: { value: { type: 'string' }, label: { type: 'string' } } };
  const params = [peers.same.param, ...peers.narrow.map((n) => n.param)];
  const pair = {
    proprio: ref(`${report.name}Cifre`),
    settore: { anyOf: [ref(`${report.name}Cifre`), { type: 'null' }], description: 'La media dei pari; null se sono meno del minimo' },
  };
  return {
    [`${report.name}Cifre`]: figures,
    [`${report.name}SettoreRiga`]: {
      type: 'object', additionalProperties: false, required: ['key', 'label', 'proprio', 'settore'],
      properties: { key: { type: 'string' }, label: { type: 'string' }, ...pair },
    },
    [`${report.name}Settore`]: {
      type: 'object', additionalProperties: false, required: ['periodo', 'opzioni', 'scelte', 'gruppi', 'totali'],
      properties: {
        periodo: { type: 'object', additionalProperties: false, required: ['da', 'a', 'label'], properties: { da: { type: 'string' }, a: { type: 'string' }, label: { type: 'string' } } },
        opzioni: { type: 'object', additionalProperties: false, required: params, properties: Object.fromEntries(params.map((p) => [p, { type: 'array', items: option }])) },
        scelte: { type: 'object', additionalProperties: false, required: params, properties: Object.fromEntries(params.map((p) => [p, { type: ['string', 'null'] }])) },
        errorMessage: { type: 'string', description: 'Perché non si mostrano cifre (pari troppo pochi)' },
        gruppi: {
          type: 'array',
          items: {
            type: 'object', additionalProperties: false, required: ['dimension', 'label', 'rows'],
            properties: { dimension: { type: 'string', enum: peers.dimensions }, label: { type: 'string' }, rows: { type: 'array', items: ref(`${report.name}SettoreRiga`) } },
          },
        },
        totali: { type: 'object', additionalProperties: false, required: ['proprio', 'settore'], properties: pair },
      },
    },
  };
}
