/**
 * The requests a test's pages made, kept so that a failure says what the server answered: CI shows only
 * what the reporter prints, and a step that times out waiting for an element often waited for an answer
 * that was an error, late or never sent.
 */
import type { Page } from '@playwright/test';

/** How many of the last requests a failed test prints. */
const KEPT = 60;

export class RequestLog {
  private readonly started = Date.now();
  private readonly lines: string[] = [];

  watch(page: Page): void {
    const sentAt = new Map<object, number>();
    page.on('request', (request) => { sentAt.set(request, Date.now()); });
    page.on('response', (response) => {
      const request = response.request();
      this.add(`${request.method()} ${pathOf(request.url())} ${response.status()} ${this.took(sentAt.get(request))}`);
    });
    page.on('requestfailed', (request) => {
      this.add(`${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText ?? '?'} ${this.took(sentAt.get(request))}`);
    });
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) this.add(`address ${pathOf(frame.url())}`); });
  }

  /** The last requests, each with when it ended (seconds since the test began). */
  text(): string {
    return this.lines.slice(-KEPT).join('\n');
  }

  private add(line: string): void {
    this.lines.push(`+${((Date.now() - this.started) / 1000).toFixed(1)}s ${line}`);
  }

  private took(sent: number | undefined): string {
    return sent === undefined ? '' : `(${Date.now() - sent} ms)`;
  }
}

/** Path and query only: the host is always the test's own server. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}
