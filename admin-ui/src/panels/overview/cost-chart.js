import { __ } from '@wordpress/i18n';
import {
	Bar,
	BarChart,
	CartesianGrid,
	Legend,
	ResponsiveContainer,
	Tooltip,
	XAxis,
	YAxis,
} from 'recharts';
import { formatUsd } from '../../utils/format';

/** wp-admin's own palette (admin colour scheme "fresh" and its accents). */
const COLORS = [
	'#2271b1',
	'#d63638',
	'#00a32a',
	'#dba617',
	'#8c5ac8',
	'#3c434a',
];

/**
 * Stacked bars: cost per day, one colour per team or campaign.
 *
 * @param {Object}   props
 * @param {Object[]} props.days   `{ day, [series]: cost }` per day.
 * @param {string[]} props.series Series names.
 */
export default function CostChart( { days, series } ) {
	if ( series.length === 0 ) {
		return (
			<p className="svc-hub-empty svc-hub-chart-empty">
				{ __( 'No calls in this period yet.', 'svc-hub' ) }
			</p>
		);
	}
	return (
		<div
			className="svc-hub-chart"
			role="img"
			aria-label={ __( 'Cost per day', 'svc-hub' ) }
		>
			<ResponsiveContainer width="100%" height={ 280 }>
				<BarChart
					data={ days }
					margin={ { top: 8, right: 8, bottom: 8, left: 8 } }
				>
					<CartesianGrid strokeDasharray="3 3" vertical={ false } />
					<XAxis
						dataKey="day"
						tickFormatter={ ( day ) => day.slice( 5 ) }
						minTickGap={ 12 }
					/>
					<YAxis tickFormatter={ formatUsd } width={ 64 } />
					<Tooltip formatter={ ( value ) => formatUsd( value ) } />
					<Legend />
					{ series.map( ( name, index ) => (
						<Bar
							key={ name }
							dataKey={ name }
							name={ name }
							stackId="cost"
							fill={ COLORS[ index % COLORS.length ] }
							isAnimationActive={ false }
						/>
					) ) }
				</BarChart>
			</ResponsiveContainer>
		</div>
	);
}
