/**
 * What an afterAll closes: the app, database or server its beforeAll opened. When beforeAll failed before
 * opening one, its variable is still unset, whatever its declared type says; closing nothing then lets the
 * test report beforeAll's own error rather than a TypeError from here. Closed in the order given.
 */
export async function closeOpened(...opened: ({ close(): unknown } | undefined)[]): Promise<void> {
  for (const item of opened) await item?.close();
}
