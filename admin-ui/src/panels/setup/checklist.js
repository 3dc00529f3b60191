/**
 * The setup checklist as the PHP shell computed it (Svc_Hub_Setup_Checklist, printed into
 * `svcHubAdmin.setup`): items `{ id, status, title, detail, step, code, link }`, `status` one
 * of ok, error (blocks), warning (advice), info, unknown (not checked yet).
 */
export function setupData() {
	const admin = typeof window === 'undefined' ? null : window.svcHubAdmin;
	return admin && admin.setup ? admin.setup : null;
}

/**
 * The items that block: the hub does not work until they are fixed.
 *
 * @param {Object|null} setup The checklist (`setupData()`).
 * @return {Object[]} The red items.
 */
export function blockingItems( setup ) {
	return setup
		? setup.items.filter( ( item ) => item.status === 'error' )
		: [];
}

/** Whether the Setup tab opens first: something blocks. */
export function needsSetup() {
	return blockingItems( setupData() ).length > 0;
}
