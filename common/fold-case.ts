/**
 * The SQL that folds a text to lower case as JavaScript's toLowerCase does for ASCII and the accented
 * capitals of Latin-1 (À..Þ): SQLite's LOWER() folds ASCII only, so 'città' did not find 'CITTÀ' there while
 * PostgreSQL found it. Shared by the list's wildcard filter (server/crud/list-query.ts) and the PostgreSQL
 * trigram index the generated migrations build on it (generator/migrations/render-changes.ts): the index
 * serves the filter only while both write the very same expression.
 */
export function foldCaseSql(text: string): string {
  let sql = text;
  for (let c = 0xc0; c <= 0xde; c++) {
    if (c === 0xd7) continue; // × is not a letter
    sql = `REPLACE(${sql}, '${String.fromCharCode(c)}', '${String.fromCharCode(c).toLowerCase()}')`;
  }
  return `LOWER(${sql})`;
}
