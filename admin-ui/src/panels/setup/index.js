import {
	Button,
	Card,
	CardBody,
	Dashicon,
	Notice,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { blockingItems, setupData } from './checklist';
import './setup.scss';

const ICONS = {
	ok: 'yes-alt',
	error: 'dismiss',
	warning: 'warning',
	info: 'info',
	unknown: 'minus',
};

const LABELS = {
	ok: __( 'OK', 'svc-hub' ),
	error: __( 'Blocks', 'svc-hub' ),
	warning: __( 'Advice', 'svc-hub' ),
	info: __( 'Info', 'svc-hub' ),
	unknown: __( 'Not checked', 'svc-hub' ),
};

/**
 * One item: state, what was found, and the next step (words, a command or line, a link).
 *
 * @param {Object} props      Props.
 * @param {Object} props.item The checklist item.
 */
function Item( { item } ) {
	return (
		<li
			className={ `svc-hub-setup__item is-${ item.status }` }
			data-item={ item.id }
		>
			<Dashicon icon={ ICONS[ item.status ] || 'minus' } />
			<div>
				<strong>{ item.title }</strong>{ ' ' }
				<span className={ `svc-hub-setup__state is-${ item.status }` }>
					{ LABELS[ item.status ] || item.status }
				</span>
				<p className="svc-hub-setup__detail">{ item.detail }</p>
				{ item.step && (
					<p className="svc-hub-setup__step">
						{ item.step }{ ' ' }
						{ item.code && <code>{ item.code }</code> }{ ' ' }
						{ item.link && (
							<a href={ item.link }>
								{ __( 'Open', 'svc-hub' ) }
							</a>
						) }
					</p>
				) }
			</div>
		</li>
	);
}

/** The Setup tab: every check with its state; red items block, yellow ones are advice. */
export default function SetupPanel() {
	const setup = setupData();
	if ( ! setup ) {
		return null;
	}
	const blocking = blockingItems( setup );
	const checkedAt = new Date( setup.checked_at * 1000 ).toLocaleTimeString();
	return (
		<Card className="svc-hub-setup">
			<CardBody>
				<Notice
					status={ blocking.length > 0 ? 'error' : 'success' }
					isDismissible={ false }
					className="svc-hub-setup__summary"
				>
					{ blocking.length > 0
						? sprintf(
								/* translators: %d: number of blocking items. */
								__(
									'%d item(s) block the hub: fix them in order, then check again.',
									'svc-hub'
								),
								blocking.length
							)
						: __(
								'Ready: nothing blocks. Yellow items are advice.',
								'svc-hub'
							) }
				</Notice>
				<ul className="svc-hub-setup__items">
					{ setup.items.map( ( item ) => (
						<Item key={ item.id } item={ item } />
					) ) }
				</ul>
				<form method="post" action={ setup.recheck.url }>
					<input
						type="hidden"
						name="action"
						value={ setup.recheck.action }
					/>
					<input
						type="hidden"
						name="_wpnonce"
						value={ setup.recheck.nonce }
					/>
					<input
						type="hidden"
						name="_wp_http_referer"
						value={ `${ window.location.pathname }${ window.location.search }#setup` }
					/>
					<Button variant="secondary" type="submit">
						{ __( 'Check again', 'svc-hub' ) }
					</Button>{ ' ' }
					<span className="description">
						{ sprintf(
							/* translators: %s: time of day. */
							__(
								'Checked at %s (kept for a minute).',
								'svc-hub'
							),
							checkedAt
						) }
					</span>
				</form>
			</CardBody>
		</Card>
	);
}
