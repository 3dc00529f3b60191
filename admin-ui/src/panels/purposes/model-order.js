import { Button } from '@wordpress/components';
import { sprintf, __ } from '@wordpress/i18n';
import { moveModel } from './validate';

/**
 * The ordered model list of a purpose: first is primary, the rest fallbacks.
 *
 * @param {Object}   props
 * @param {string[]} props.models   Model ids in order.
 * @param {Function} props.onChange Called with the new order.
 */
export default function ModelOrder( { models, onChange } ) {
	return (
		<ol className="svc-hub-model-order">
			{ models.map( ( id, index ) => (
				<li key={ id } data-model={ id }>
					<code>{ id }</code>
					<span className="svc-hub-model-order__role">
						{ index === 0
							? __( 'primary', 'svc-hub' )
							: __( 'fallback', 'svc-hub' ) }
					</span>
					<Button
						variant="tertiary"
						disabled={ index === 0 }
						onClick={ () =>
							onChange( moveModel( models, index, -1 ) )
						}
						label={ sprintf(
							/* translators: %s: model id. */ __(
								'Move %s up',
								'svc-hub'
							),
							id
						) }
					>
						↑
					</Button>
					<Button
						variant="tertiary"
						disabled={ index === models.length - 1 }
						onClick={ () =>
							onChange( moveModel( models, index, 1 ) )
						}
						label={ sprintf(
							/* translators: %s: model id. */ __(
								'Move %s down',
								'svc-hub'
							),
							id
						) }
					>
						↓
					</Button>
					<Button
						variant="tertiary"
						isDestructive
						onClick={ () =>
							onChange(
								models.filter( ( model ) => model !== id )
							)
						}
						label={ sprintf(
							/* translators: %s: model id. */ __(
								'Remove %s',
								'svc-hub'
							),
							id
						) }
					>
						{ __( 'Remove', 'svc-hub' ) }
					</Button>
				</li>
			) ) }
		</ol>
	);
}
