import AuditLog from './audit-log';
import Deliveries from './deliveries';
import Stores from './stores';

/** Webhooks: inbound (stores and their write-only secrets, the audit log) and outbound (deliveries). */
export default function WebhooksPanel() {
	return (
		<div className="svc-hub-panel svc-hub-webhooks">
			<Stores />
			<AuditLog />
			<Deliveries />
		</div>
	);
}
