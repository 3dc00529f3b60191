import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stack } from '../../support/stack';

/**
 * The stack's PHP (php -S: PHP's own error log goes to its stderr) and worker logs: what a
 * suite appends to them must hold no stack trace and no PHP error.
 */
const LOGS = ['php-server.log', 'worker.log'];

const PROBLEM_LINES: RegExp[] = [
  /PHP (?:Fatal error|Parse error|Warning|Notice)/,
  /Stack trace:/,
  /#\d+ \/[\w./-]+\.php/,
  /\bat [^\s()]+ \([^)]*:\d+:\d+\)/,
  /\bat (?:\/|file:)[^\s]+:\d+:\d+/,
  /node_modules/,
  /\.ts:\d+/,
];

export class LogWatch {
  private readonly offsets = new Map<string, number>();

  constructor() {
    for (const name of LOGS) this.offsets.set(name, this.size(name));
  }

  private path(name: string): string {
    return join(stack().dir, 'logs', name);
  }

  private size(name: string): number {
    return existsSync(this.path(name)) ? statSync(this.path(name)).size : 0;
  }

  /**
   * Lines appended since the last call that look like a stack trace or a PHP error (run-case.ts
   * takes them after each case, so each is laid at the door of the case that caused it).
   */
  take(): string[] {
    const found: string[] = [];
    for (const name of LOGS) {
      if (!existsSync(this.path(name))) continue;
      const bytes = readFileSync(this.path(name));
      const from = Math.min(this.offsets.get(name) ?? 0, bytes.length);
      this.offsets.set(name, bytes.length);
      const appended = bytes.subarray(from).toString('utf8');
      for (const line of appended.split('\n')) {
        if (PROBLEM_LINES.some((pattern) => pattern.test(line))) found.push(`${name}: ${line.slice(0, 400)}`);
      }
    }
    return found;
  }
}
