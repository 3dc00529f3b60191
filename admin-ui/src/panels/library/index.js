import { SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import ListStatus from '../../components/list-status';
import Pagination from '../../components/pagination';
import { useList } from '../../components/use-list';
import PackImport from './pack-import';
import TemplateCard from './template-card';
import TryTemplate from './try-template';
import { TEMPLATE_CATEGORIES } from './validate';

const PER_PAGE = 24;

/** Image library: browse the templates with their previews, try one with its fields, import a pack, export, archive. */
export default function LibraryPanel() {
	const [ category, setCategory ] = useState( '' );
	const [ search, setSearch ] = useState( '' );
	const [ page, setPage ] = useState( 1 );
	const list = useList( '/svc/v1/image-templates', {
		category,
		search,
		page,
		per_page: PER_PAGE,
	} );
	return (
		<div className="svc-hub-panel svc-hub-library">
			<PackImport />
			<TryTemplate />
			<div className="svc-hub-filters">
				<SelectControl
					label={ __( 'Category', 'svc-hub' ) }
					value={ category }
					options={ [
						{ value: '', label: __( 'any', 'svc-hub' ) },
						...TEMPLATE_CATEGORIES.map( ( value ) => ( {
							value,
							label: value,
						} ) ),
					] }
					onChange={ ( value ) => {
						setCategory( value );
						setPage( 1 );
					} }
				/>
				<TextControl
					label={ __( 'Search', 'svc-hub' ) }
					type="search"
					value={ search }
					onChange={ ( value ) => {
						setSearch( value );
						setPage( 1 );
					} }
				/>
			</div>
			<ListStatus
				list={ list }
				empty={ __( 'No templates match.', 'svc-hub' ) }
			/>
			<div className="svc-hub-templates">
				{ list &&
					! list.error &&
					list.items.map( ( template ) => (
						<TemplateCard
							key={ template.id }
							template={ template }
						/>
					) ) }
			</div>
			<Pagination page={ page } list={ list } onChange={ setPage } />
		</div>
	);
}
