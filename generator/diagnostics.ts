/**
 * A spec mistake, located in its file so an analyst can jump to it: `spec/x.yaml:12:5: message`.
 * Every stage collects diagnostics instead of throwing, so one run reports every mistake at once.
 */
export interface SourcePosition { file: string; line: number; column: number }

export interface Diagnostic extends SourcePosition { message: string }

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.message}`;
}

/** In file order, each mistake once (one undeclared function used by five operations is one message). */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return [...list]
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
    .filter((d) => {
      const id = formatDiagnostic(d);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

/** The candidate closest to `word` by edit distance, if it is close enough to be a plausible typo. */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) { best = candidate; bestDistance = d; }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

export function didYouMean(word: string, candidates: Iterable<string>): string {
  const list = [...candidates];
  const match = closestMatch(word, list);
  if (match) return ` Did you mean '${match}'?`;
  return list.length > 0 && list.length <= 12 ? ` Valid values: ${list.join(', ')}.` : '';
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/** What a caught value says: an Error's message (a RegExp's SyntaxError), anything else as text. */
export function errorMessage(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
