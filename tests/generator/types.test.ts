/**
 * The generated TypeScript types say what the API accepts and answers, so server and UI code that
 * drifts from the spec fails to compile. Checked at type level (tsc) and run by vitest.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { components, operations, paths } from '../../generated/types/api.js';
import type { Banca, BancaInput, Filiale, Gruppo, PosFisicoInput, PosGenerico } from '../../generated/types/entities.js';

type Schemas = components['schemas'];

describe('generated/types/entities.ts', () => {
  it('BancaInput requires codAbi, nomeBcc and the group; flags are optional', () => {
    expectTypeOf<BancaInput['codAbi']>().toEqualTypeOf<string>();
    expectTypeOf<BancaInput['nomeBcc']>().toEqualTypeOf<string>();
    expectTypeOf<{ codAbi: string; nomeBcc: string; group: { description: string } }>().toExtend<BancaInput>();
    expectTypeOf<{ nomeBcc: string; group: { description: string } }>().not.toExtend<BancaInput>();
    expectTypeOf<{ codAbi: string; nomeBcc: string }>().not.toExtend<BancaInput>();
    expectTypeOf<BancaInput['flgAttiva']>().toEqualTypeOf<boolean | null | undefined>();
  });

  it('enums are unions of their codes', () => {
    expectTypeOf<NonNullable<Banca['tipoSepa']>>().toEqualTypeOf<'B' | 'C'>();
    expectTypeOf<NonNullable<Banca['tipoGt']>>().toEqualTypeOf<'W' | 'M' | 'MW'>();
    expectTypeOf<NonNullable<PosGenerico['tipo']>>().toEqualTypeOf<'F' | 'V' | 'P'>();
    expectTypeOf<Gruppo['groupType']>().toEqualTypeOf<'M' | 'P' | 'S' | 'B' | null>();
  });

  it('integers are numbers, composite keys are both required', () => {
    expectTypeOf<PosFisicoInput['priorita']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Pick<Filiale, 'codAbi' | 'cab'>>().toEqualTypeOf<{ codAbi: string; cab: string }>();
  });
});

describe('generated/types/api.ts', () => {
  it("paths['/banche'] has get and post, not put", () => {
    expectTypeOf<paths['/banche']['get']>().toEqualTypeOf<operations['listBanca']>();
    expectTypeOf<paths['/banche']['post']>().toEqualTypeOf<operations['createBanca']>();
    expectTypeOf<paths['/banche']['put']>().toEqualTypeOf<undefined>();
  });

  it('the list takes page/size/sort/format and the filters, and answers a page', () => {
    type Query = NonNullable<operations['listBanca']['parameters']['query']>;
    expectTypeOf<Query['page']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Query['format']>().toEqualTypeOf<'compact' | 'full' | undefined>();
    expectTypeOf<Query>().toHaveProperty('codAbi');
    expectTypeOf<Query>().toHaveProperty('name');
    expectTypeOf<operations['listBanca']['responses'][200]['content']['application/json']>().toEqualTypeOf<Schemas['BancaPage']>();
    expectTypeOf<Schemas['BancaPage']['totalCount']>().toEqualTypeOf<number>();
  });

  it('composite keys are path parameters of /filiali/{codAbi}/{cab}', () => {
    expectTypeOf<paths['/filiali/{codAbi}/{cab}']['parameters']['path']>().toEqualTypeOf<{ codAbi: string; cab: string }>();
  });

  it('the child list sub-resources exist', () => {
    expectTypeOf<paths>().toHaveProperty('/banche/{codAbi}/modelliPos');
    expectTypeOf<paths>().toHaveProperty('/posfisici/{codModpos}/reti');
    expectTypeOf<paths>().toHaveProperty('/posgenerici/{codModpos}/modelliFisici');
  });

  it('the Error schema is {errorMessage, code, details[{field, message}]}', () => {
    expectTypeOf<Schemas['Error']>().toEqualTypeOf<{ code: string; details: { field: string; message: string }[]; errorMessage: string }>();
  });
});
