import { Card, CardBody, CardHeader, Spinner } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { useList } from '../../components/use-list';
import { store } from '../../store';
import { providerState } from '../providers/validate';

/** Health of the worker, the database and each provider (the public health route and the provider list). */
export default function HealthSummary() {
	const health = useSelect( ( select ) => select( store ).getHealth(), [] );
	const providers = useList( '/providers' );
	if ( ! health ) {
		return <Spinner />;
	}
	const checks = health.checks || {};
	const line = ( name, check ) => (
		<li
			key={ name }
			className={ `svc-hub-health__item is-${ check ? check.status : 'down' }` }
			data-check={ name }
		>
			<strong>{ name }</strong>{ ' ' }
			<span className="svc-hub-status">
				{ check ? check.status : 'down' }
			</span>
			{ check && check.message && (
				<span className="description"> — { check.message }</span>
			) }
		</li>
	);
	return (
		<Card className="svc-hub-health">
			<CardHeader>
				<strong>{ __( 'Health', 'svc-hub' ) }</strong>
				<span className={ `svc-hub-status is-${ health.status }` }>
					{ health.status }
				</span>
			</CardHeader>
			<CardBody>
				{ health.error && (
					<p className="svc-hub-error">{ health.error.message }</p>
				) }
				<ul className="svc-hub-health__list">
					{ line( __( 'worker', 'svc-hub' ), checks.worker ) }
					{ line( __( 'database', 'svc-hub' ), checks.database ) }
				</ul>
				<h4>{ __( 'Providers', 'svc-hub' ) }</h4>
				<ul className="svc-hub-health__list svc-hub-health__providers">
					{ providers &&
						! providers.error &&
						providers.items.map( ( provider ) => (
							<li
								key={ provider.name }
								data-provider={ provider.name }
								className={ `is-${ providerState( provider ).replace( ' ', '-' ) }` }
							>
								<strong>{ provider.name }</strong>{ ' ' }
								<span className="svc-hub-status">
									{ providerState( provider ) }
								</span>
							</li>
						) ) }
				</ul>
			</CardBody>
		</Card>
	);
}
