/**
 * What the caller is and may do, for the UI: the same `holds` and scope the server enforces, so the
 * menu and buttons a user sees match what the API will accept (seed 000 §6, §7 Permissions).
 */
import { entityMenuRoute } from '../../../common/entity-menu.js';
import { bindingsOf } from '../../../common/bindings.js';
import { fixedScopeOf, type ScopeDimension } from '../../../common/data-scope.js';
import { deepestShell, shellOfKind, userKind } from '../../../common/shells.js';
import { holds } from '../auth/caller.js';
import { present } from '../../lookup.js';
import { callerIn, type DomainContext, type DomainHandler } from '../handler.js';
import type { Row } from '../../crud/row-mapping.js';

/** `{ bank: '30480' }` -> `{ fixedBank: '30480' }`: the answer's flat fields (a response field is not an object). */
function fixedFields(fixed: Partial<Record<ScopeDimension, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fixed).map(([dimension, value]) => [`fixed${dimension.charAt(0).toUpperCase()}${dimension.slice(1)}`, value]));
}

const me: DomainHandler = async (ctx) => {
  const { service } = ctx;
  const c = callerIn(ctx);
  // The caller's own account: read whatever the caller's data scope (an agent's group is no bank of it).
  const user = present(await service('Utente').find({ username: c.username }), `The account of ${c.username}`);
  const banks = c.isAssistenza ? [] : await callersBanks(ctx);
  const firstBank = banks.at(0);
  return {
    username: c.username,
    fullName: user.fullName ?? null,
    email: user.email ?? null,
    emailSecondaria: user.emailSecondaria ?? null,
    group: c.group,
    cab: c.cab ?? null,
    userType: c.userType,
    groupType: c.groupType ?? null,
    parentGroup: c.parentGroup ?? null,
    // Support users keep their own code; the others work with their first bank (seed 000 §6).
    codAbi: c.isAssistenza ? c.group : (firstBank?.codAbi ?? null),
    isAssistenza: c.isAssistenza,
    isMerchant: c.isMerchant,
    isMerchantOp: c.isMerchantOp,
    isAbiGT: banks.some((b) => b.tipoGt !== null),
    hasfattDirBanca: banks.some((b) => b.flgFatDir === true),
    MERCHANT_OP: c.authorities.includes('MERCHANT_OP'),
    ROLE_WPB: c.authorities.includes('ROLE_WPB'),
    singleBank: !c.isAssistenza && c.banks.length === 1,
    actingBy: c.actingBy ?? null,
    ...fixedFields(fixedScopeOf(bindingsOf(ctx.model).dataScope[c.kind], c)),
  };
};

/**
 * The caller's banks. A merchant's bank is not in its data scope (it sees its own merchant's rows only,
 * spec/platform/bindings.yaml dataScope), but it is its bank: the one of its group (seed 000 §6).
 */
async function callersBanks(ctx: DomainContext): Promise<Row[]> {
  const c = callerIn(ctx);
  const banca = ctx.service('Banca');
  if (!c.isMerchant) return banca.listAll(c);
  const own = await Promise.all(c.banks.map((codAbi) => banca.find({ codAbi })));
  return own.filter((b) => b !== undefined);
}

const myBanks: DomainHandler = (ctx) => callersBanks(ctx);

const myGroups: DomainHandler = async ({ caller, service }) => service('Gruppo').listAll(caller);

const myFunctions: DomainHandler = (ctx) => {
  const caller = callerIn(ctx);
  return Promise.resolve(Object.keys(ctx.model.functions).filter((fn) => Object.keys(ctx.model.actions).some((a) => holds(caller, `${fn}:${a}`))));
};

const myFunctionActions: DomainHandler = (ctx) => {
  const caller = callerIn(ctx);
  return Promise.resolve(Object.keys(ctx.model.actions).filter((a) => holds(caller, `${ctx.params.fn}:${a}`)));
};

/** Every FUNCTION:ACTION the caller holds, in the spec's order: what the two calls above answer, at once. */
const myGrants: DomainHandler = (ctx) => {
  const caller = callerIn(ctx);
  return Promise.resolve(Object.keys(ctx.model.functions).flatMap((fn) => Object.keys(ctx.model.actions).map((a) => `${fn}:${a}`)).filter((grant) => holds(caller, grant)));
};

/** The menu routes of the caller's own shell it may open: a bank user is not offered the business portal's pages. */
const menuItems: DomainHandler = (ctx) => {
  const { model } = ctx;
  const caller = callerIn(ctx);
  const { shells } = model.shell;
  const own = shellOfKind(shells, userKind(caller));
  const routes: string[] = [];
  for (const e of model.entities) {
    const entry = entityMenuRoute(e);
    if (entry && holds(caller, entry.permission)) routes.push(entry.route);
  }
  for (const p of model.pages) if (p.menu && (p.public || !p.permission || holds(caller, p.permission))) routes.push(p.route);
  for (const r of model.reports) if (r.menu && holds(caller, r.permission)) routes.push(r.route);
  for (const d of model.dashboards ?? []) if (d.menu && holds(caller, d.permission)) routes.push(d.route);
  return Promise.resolve(routes.filter((route) => (deepestShell(shells, route) ?? shells[0]) === own));
};

export const permissionHandlers: Record<string, DomainHandler> = { me, myBanks, myGroups, myFunctions, myFunctionActions, myGrants, menuItems };
