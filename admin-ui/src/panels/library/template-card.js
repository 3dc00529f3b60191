import { Card, CardBody, CardMedia } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { sprintf, __ } from '@wordpress/i18n';
import ConfirmButton from '../../components/confirm-button';
import { store } from '../../store';

/**
 * One template: preview, title, category, size, tags, and "Archive".
 *
 * @param {Object} props
 * @param {Object} props.template A template from GET /svc/v1/image-templates.
 */
export default function TemplateCard( { template } ) {
	const { archiveLibraryItem } = useDispatch( store );
	return (
		<Card className="svc-hub-template" data-slug={ template.slug }>
			<CardMedia>
				{ template.preview_url ? (
					<img
						src={ template.preview_url }
						alt={ template.title }
						loading="lazy"
					/>
				) : (
					<div className="svc-hub-template__no-preview" />
				) }
			</CardMedia>
			<CardBody>
				<strong className="svc-hub-template__title">
					{ template.title }
				</strong>
				<p className="description">
					{ template.category } · { template.width }×
					{ template.height } · <code>{ template.slug }</code>
				</p>
				{ template.tags.length > 0 && (
					<p className="svc-hub-template__tags">
						{ template.tags.join( ', ' ) }
					</p>
				) }
				<ConfirmButton
					label={ __( 'Archive', 'svc-hub' ) }
					title={ sprintf(
						/* translators: %s: title. */
						__( 'Archive %s?', 'svc-hub' ),
						template.title
					) }
					message={ __(
						'Client sites stop seeing it at their next sync; an export still holds it.',
						'svc-hub'
					) }
					onConfirm={ () => archiveLibraryItem( template ) }
				/>
			</CardBody>
		</Card>
	);
}
