import { SelectControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import DataTable from '../../components/data-table';
import Pagination from '../../components/pagination';
import { useList, useRecord } from '../../components/use-list';
import {
	outputLabel,
	rendererLabel,
	summaryLine,
	templateLabel,
} from './usage-view';

const PER_PAGE = 20;

/**
 * Renders (docs/library.md "Rendering"): the period's totals and the render log, newest first:
 * template, output, cache hit, generated layers, duration, who rendered, team, campaign, time.
 *
 * @param {Object} props
 * @param {string} props.from First day of the period (YYYY-MM-DD).
 * @param {string} props.to   Day after its last (YYYY-MM-DD).
 */
export default function RenderLog( { from, to } ) {
	const [ page, setPage ] = useState( 1 );
	const [ template, setTemplate ] = useState( '' );
	const summary = useRecord( '/renders/summary', { from, to } );
	const templates = useList( '/svc/v1/image-templates', { per_page: 100 } );
	const list = useList( '/renders', {
		template_id: template,
		page,
		per_page: PER_PAGE,
	} );
	const columns = [
		{ key: 'created_at', label: __( 'Time', 'svc-hub' ) },
		{
			key: 'template_id',
			label: __( 'Template', 'svc-hub' ),
			render: templateLabel,
		},
		{
			key: 'output',
			label: __( 'Output', 'svc-hub' ),
			render: outputLabel,
		},
		{
			key: 'cache_hit',
			label: __( 'Cache', 'svc-hub' ),
			render: ( render ) =>
				render.cache_hit
					? __( 'hit', 'svc-hub' )
					: __( 'miss', 'svc-hub' ),
		},
		{
			key: 'generated_layers',
			label: __( 'Generated layers', 'svc-hub' ),
		},
		{ key: 'duration_ms', label: __( 'Duration (ms)', 'svc-hub' ) },
		{ key: 'status', label: __( 'Status', 'svc-hub' ) },
		{
			key: 'key_id',
			label: __( 'Key / site', 'svc-hub' ),
			render: rendererLabel,
		},
		{ key: 'team', label: __( 'Team', 'svc-hub' ) },
		{ key: 'campaign', label: __( 'Campaign', 'svc-hub' ) },
	];
	return (
		<section className="svc-hub-render-log">
			<h2>{ __( 'Renders', 'svc-hub' ) }</h2>
			{ summary && summary.data && (
				<p className="svc-hub-render-log__totals" data-render-totals="">
					{ summaryLine( summary.data ) }
				</p>
			) }
			<div className="svc-hub-filters">
				<SelectControl
					label={ __( 'Template', 'svc-hub' ) }
					value={ template }
					onChange={ ( value ) => {
						setTemplate( value );
						setPage( 1 );
					} }
					options={ [
						{ value: '', label: __( 'every template', 'svc-hub' ) },
						...( templates && ! templates.error
							? templates.items
							: []
						).map( ( item ) => ( {
							value: item.id,
							label: `${ item.title } (${ item.slug })`,
						} ) ),
					] }
				/>
			</div>
			<DataTable
				columns={ columns }
				list={ list }
				rowKey={ ( render ) => render.id }
				empty={ __( 'No renders yet.', 'svc-hub' ) }
			/>
			<Pagination page={ page } list={ list } onChange={ setPage } />
		</section>
	);
}
