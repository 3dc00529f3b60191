import { __ } from '@wordpress/i18n';
import { formatUsd } from '../../utils/format';

const BAR = 18;
const GAP = 14;
const LABEL = 180;
const WIDTH = 640;

/**
 * Cost and billed side by side per customer, site, team or model: horizontal SVG bars in
 * wp-admin's colours (cost #2271b1, billed #00a32a).
 *
 * @param {Object}   props
 * @param {Object[]} props.bars `{ label, cost, billed, margin }` (barsOf).
 */
export default function SpendChart( { bars } ) {
	if ( bars.length === 0 ) {
		return null;
	}
	const largest = Math.max(
		...bars.flatMap( ( bar ) => [
			Number( bar.cost ),
			Number( bar.billed ),
		] ),
		0.00000001
	);
	const scale = ( amount ) =>
		Math.max( 0, ( Number( amount ) / largest ) * ( WIDTH - LABEL - 90 ) );
	const rowHeight = BAR * 2 + GAP;
	return (
		<svg
			className="svc-hub-spend-chart"
			role="img"
			aria-label={ __( 'Cost and billed per group', 'svc-hub' ) }
			viewBox={ `0 0 ${ WIDTH } ${ bars.length * rowHeight + GAP }` }
			width="100%"
		>
			{ bars.map( ( bar, index ) => {
				const top = GAP + index * rowHeight;
				return (
					<g key={ bar.label } data-bar={ bar.label }>
						<text x={ 0 } y={ top + BAR + 4 } fontSize="12">
							{ bar.label.length > 28
								? `${ bar.label.slice( 0, 27 ) }…`
								: bar.label }
						</text>
						{ [
							[ 'cost', bar.cost, '#2271b1', 0 ],
							[ 'billed', bar.billed, '#00a32a', BAR ],
						].map( ( [ name, amount, color, offset ] ) => (
							<g key={ name }>
								<rect
									data-series={ name }
									x={ LABEL }
									y={ top + offset }
									width={ scale( amount ) }
									height={ BAR - 2 }
									fill={ color }
								>
									<title>{ `${ name } ${ amount } USD` }</title>
								</rect>
								<text
									x={ LABEL + scale( amount ) + 6 }
									y={ top + offset + BAR - 6 }
									fontSize="11"
								>
									{ formatUsd( amount ) }
								</text>
							</g>
						) ) }
					</g>
				);
			} ) }
		</svg>
	);
}
