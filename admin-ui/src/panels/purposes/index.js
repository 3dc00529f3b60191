import { useState } from '@wordpress/element';
import ListStatus from '../../components/list-status';
import { useList } from '../../components/use-list';
import PurposeEditor from './purpose-editor';

/** Purposes: each purpose's ordered model list (primary first), edited with validation. */
export default function PurposesPanel() {
	const purposes = useList( '/purposes' );
	const models = useList( '/models' );
	const providers = useList( '/providers' );
	const [ newEditor, setNewEditor ] = useState( 0 );
	const failed = [ purposes, models, providers ].find(
		( list ) => list && list.error
	);
	if ( failed || ! purposes || ! models || ! providers ) {
		return <ListStatus list={ failed || null } empty="" />;
	}
	// Providers that accept any model name, as the worker's descriptors say.
	const openProviders = providers.items
		.filter( ( provider ) => provider.open_models )
		.map( ( provider ) => provider.name );
	return (
		<div className="svc-hub-panel svc-hub-purposes">
			<div className="svc-hub-cards">
				{ purposes.items.map( ( purpose ) => (
					<PurposeEditor
						key={ `${ purpose.purpose }:${ purpose.models.join( ',' ) }` }
						purpose={ purpose }
						knownModels={ models.items }
						openProviders={ openProviders }
					/>
				) ) }
				<PurposeEditor
					key={ `new-${ newEditor }` }
					purpose={ null }
					knownModels={ models.items }
					openProviders={ openProviders }
					onSaved={ () => setNewEditor( newEditor + 1 ) }
				/>
			</div>
		</div>
	);
}
