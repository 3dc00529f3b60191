import { Notice } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { store } from '../../store';

/** Every action's outcome: the success message or the API's error message, until dismissed. */
export default function NoticeArea() {
	const notices = useSelect( ( select ) => select( store ).getNotices(), [] );
	const { removeNotice } = useDispatch( store );
	if ( notices.length === 0 ) {
		return null;
	}
	return (
		<div className="svc-hub-notices" aria-live="polite">
			{ notices.map( ( notice ) => (
				<Notice
					key={ notice.id }
					status={ notice.status }
					onRemove={ () => removeNotice( notice.id ) }
				>
					<span
						className={ `svc-hub-notice-text is-${ notice.status }` }
					>
						{ notice.content }
					</span>
				</Notice>
			) ) }
		</div>
	);
}
