import { __ } from '@wordpress/i18n';
import ListStatus from '../../components/list-status';
import { useList } from '../../components/use-list';
import { groupReleases } from './group';
import ReleaseGroup from './release-group';
import UploadForm from './upload-form';

/** Releases (docs/commerce.md "Releases and updates"): upload a zip, each product's releases, rollback. */
export default function ReleasesPanel() {
	const list = useList( '/releases' );
	const products = list && ! list.error ? groupReleases( list.items ) : [];
	return (
		<div className="svc-hub-panel svc-hub-releases-panel">
			<UploadForm products={ products } />
			<h3>{ __( 'Releases', 'svc-hub' ) }</h3>
			{ products.length > 0 ? (
				products.map( ( group ) => (
					<ReleaseGroup key={ group.key } group={ group } />
				) )
			) : (
				<ListStatus
					list={ list }
					empty={ __(
						'No releases yet: upload a package’s plugin or theme zip.',
						'svc-hub'
					) }
				/>
			) }
		</div>
	);
}
