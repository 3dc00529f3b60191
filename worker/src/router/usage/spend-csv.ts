import type { SpendQuery, SpendRow } from './spend-report';

/**
 * A cell as RFC 4180 quotes it; a text a spreadsheet would run as a formula (=, +, -, @, tab,
 * CR at its start: a team or campaign label is the client's text) is prefixed with `'`.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The spend report as CSV (docs/api-notes.md "Spend reports"): one header line, one line per row, CRLF, USD with 8 decimals. */
export function spendCsv(query: SpendQuery, rows: SpendRow[]): string {
  const withName = query.by.includes('customer');
  const header = [
    ...query.by,
    'period',
    ...(withName ? ['customer_name'] : []),
    'calls',
    'unpriced_calls',
    'cost',
    'billed',
    'margin',
    'currency',
  ];
  const lines = rows.map((row) =>
    [
      ...query.by.map((name) => row.group[name] ?? ''),
      row.period,
      ...(withName ? [row.customer_name] : []),
      row.calls,
      row.unpriced_calls,
      row.cost,
      row.billed,
      row.margin,
      'USD',
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
