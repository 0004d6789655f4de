/**
 * On a failed test, prints what CI would otherwise lose: the page as it was (Playwright's ARIA snapshot,
 * which it writes to error-context.md and the list reporter only names), and the text attachments in full
 * (the requests and their answers, the server's log), which the list reporter cuts after a line or two.
 * CI keeps its output, not test-results/.
 */
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough for a page's landmarks and headings, or sixty requests; longer texts are cut. */
const MAX_CHARS = 8000;

export default class FailureReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const parts = result.attachments.flatMap((attachment) => {
      if (attachment.name === 'error-context' && attachment.path) return [['the page', pageSnapshot(attachment.path)] as const];
      if (attachment.contentType === 'text/plain' && attachment.body) return [[attachment.name, attachment.body.toString('utf8')] as const];
      return [];
    });
    for (const [name, text] of parts) {
      process.stdout.write(`\n--- ${name} when "${test.title}" failed ---\n${cut(text)}\n--- end of ${name} ---\n`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}

function pageSnapshot(file: string): string {
  try {
    // The file also holds the error and the test's source, which the list reporter prints already.
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf('```yaml');
    const end = text.indexOf('```', start + 7);
    return start >= 0 && end > start ? text.slice(start + 8, end) : text;
  } catch {
    return '(no snapshot)';
  }
}

function cut(text: string): string {
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n[... ${text.length - MAX_CHARS} more characters]` : text;
}
