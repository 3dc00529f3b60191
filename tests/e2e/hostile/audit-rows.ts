import { signedHeaders } from './hostile-case';
import { send } from './ways';

const AUDIT = '/wp-json/svc-hub/v1/admin/webhook-audit';

/** A webhook audit row as the admin list gives it (docs/woocommerce-webhook.md, "Admin routes"). */
export interface AuditRow {
  id: number;
  attempts: number;
  signature_result: string;
  reason: string;
  outcome: string;
  http_status: number;
}

/** Every audit row of one client address, oldest first, read through the admin route (signed as the shell signs it). */
export async function auditRowsOf(address: string): Promise<AuditRow[]> {
  const target = `${AUDIT}?client_ip=${encodeURIComponent(address)}&per_page=100`;
  const answer = await send('direct', {
    method: 'GET',
    target,
    headers: signedHeaders({ method: 'GET', target, auth: 'admin', user: '1' }),
  });
  if (answer.status !== 200) throw new Error(`the audit list answered ${answer.status} ${answer.text.slice(0, 200)}`);
  return (answer.body.data as AuditRow[]).slice().reverse();
}

/** How many attempts the rows stand for (a tally row counts several). */
export const attemptsIn = (rows: AuditRow[]) => rows.reduce((sum, row) => sum + row.attempts, 0);
