/**
 * `npm run sso:assertion -- <username> [--otf] [--url http://127.0.0.1:3000]`: signs a test assertion for a
 * demo user with the DEMO identity provider's key (docs/federated-login.md) and prints the entry URL that logs
 * the user in: /?sinergia_id=<assertion>&FEU=<userType> (single sign-on) or, with --otf,
 * /?otfid=<assertion>&otftipo=<userType> (one-time login). The assertion lives 60 seconds and works once.
 * The kind of user (banca or merchant) comes from the demo data: a user of a merchant group (type M) is a merchant.
 */
import { bindingsOf } from '../common/bindings.js';
import { loadArtifacts } from '../server/artifacts.js';
import { signAssertion } from './demo-idp/sign.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const valueOf = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const base = (valueOf('--url') ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`).replace(/\/$/, '');
const username = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--url');

const { model, demo } = loadArtifacts();
const rowsOf = (entity: string) => demo.filter((d) => d.entity === entity).flatMap((d) => d.rows);
const user = rowsOf('Utente').find((u) => u.username === username);
if (!username || !user) {
  const known = rowsOf('Utente').map((u) => String(u.username)).join(', ');
  console.error(`Uso: npm run sso:assertion -- <username> [--otf] [--url ${base}]\nUtenti demo: ${known}`);
  process.exit(1);
}
const group = rowsOf('Gruppo').find((g) => g.groupName === user.group);
const realms = bindingsOf(model).loginRealms;
const userType = group?.groupType === 'M' ? realms.merchant : realms.bank;

const otf = flag('--otf');
const assertion = await signAssertion(username, { kind: otf ? 'otf' : 'sso' });
const query = otf ? `otfid=${assertion}&otftipo=${userType}` : `sinergia_id=${assertion}&FEU=${userType}`;
console.log(`Asserzione ${otf ? 'di accesso una tantum' : 'di single sign-on'} per ${username} (${userType}), valida 60 secondi, una sola volta:`);
console.log(assertion);
console.log('Indirizzo di accesso:');
console.log(`${base}/?${query}`);
