/**
 * Acquiring contracts in the business portal (seed 002 §6: "acquiring contracts pre-fills bank code (part of the group
 * before the dash) and merchant, lists shops, auto-selects if only one"; spec/documenti/contratto-acquiring.yaml,
 * list.selectSingle): merchant.0001234 (group 30480-0001234, two shops) finds its bank and merchant filled in and
 * locked and the shop left to choose, among its own shops only; merchant.0003456 (group 34256-0003456, one shop) finds
 * bank, merchant and its only shop already chosen. At 1400 px and 390 px, axe clean. That no other merchant's contract
 * is ever reached is tests/server/documenti-esercente.test.ts's and tests/server/merchant-scope-sweep.test.ts's.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const CONTRATTI = '/wpbusiness/documenti/contrattiAcquiring';

async function blocking(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const filter = (page: Page, field: string) => page.locator(`input[data-filter="${field}"]`);

/** A filter the caller cannot change: read-only, with the lock (ui/src/shell/list/FilterBar.tsx, ReferenceFilter.tsx). */
async function expectLocked(page: Page, field: string, value: RegExp) {
  const input = filter(page, field);
  await expect(input).toHaveValue(value);
  await expect(input).toHaveAttribute('readonly', '');
  await expect(page.locator(`.mantine-InputWrapper-root:has([data-filter="${field}"])`).getByRole('img', { name: 'Bloccato' })).toBeVisible();
}

for (const width of [1400, 390]) {
  test(`merchant.0001234 a ${width} px: banca ed esercente già compilati e bloccati, il negozio da scegliere fra i suoi tre`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(CONTRATTI);
    await expectPath(page, '/login/merchant');
    await submitLogin(page, 'merchant.0001234');
    await expectPath(page, CONTRATTI);
    await expect(page.locator('table tbody tr')).toHaveCount(3);
    // The bank code is the part of its group (30480-0001234) before the dash (seed 002 §6).
    await expectLocked(page, 'abi', /^30480\b/);
    await expectLocked(page, 'codEser', /^0001234\b/);
    // Three shops: none chosen, the address holds no shop, and the choice offers its own three only.
    await expect(filter(page, 'pdvid')).toHaveValue('');
    expect(new URL(page.url()).searchParams.get('pdvid')).toBeNull();
    // Every shop code holds a 0: the search names its own three only (1001, 1002, 1003; not 2001 nor 3001).
    await filter(page, 'pdvid').fill('0');
    const options = page.getByRole('option');
    await expect(options).toHaveCount(3);
    await expect(options).toContainText(['1001', '1002', '1003']);
    await page.keyboard.press('Escape');
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`contratti-acquiring-0001234-${width}.png`), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  test(`merchant.0003456 a ${width} px: banca ed esercente bloccati e il suo unico negozio già scelto`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(CONTRATTI);
    await expectPath(page, '/login/merchant');
    await submitLogin(page, 'merchant.0003456');
    await expectPath(page, CONTRATTI);
    await expectLocked(page, 'abi', /^34256\b/);
    await expectLocked(page, 'codEser', /^0003456\b/);
    // Its only shop, chosen by name and put in the address (the list was asked already filtered).
    await expect(filter(page, 'pdvid')).toHaveValue('3001 - Hotel Dolomiti');
    await expect(page).toHaveURL(/[?&]pdvid=3001\b/);
    // It has no acquiring contract in the demo: the list says so, and shows nobody else's.
    await expect(page.locator('table tbody tr', { hasText: '1001' })).toHaveCount(0);
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The pointer left where the sign-in button was would hover the empty row (grey): axe looks at the page at rest.
    await page.mouse.move(0, 0);
    await page.screenshot({ path: test.info().outputPath(`contratti-acquiring-0003456-${width}.png`), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });
}
