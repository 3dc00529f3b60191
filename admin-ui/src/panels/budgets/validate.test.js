import { budgetPayload, EMPTY_BUDGET, validateBudget } from './validate';

describe( 'the budget form', () => {
	it( 'names every bad field', () => {
		expect(
			Object.keys(
				validateBudget( {
					...EMPTY_BUDGET,
					amount: '-2',
					alert_url: 'ftp://x',
				} )
			).sort()
		).toEqual( [ 'alert_url', 'amount', 'scope_value' ] );
		expect(
			validateBudget( {
				...EMPTY_BUDGET,
				scope_value: 'growth',
				amount: '12.50',
			} )
		).toEqual( {} );
		expect(
			validateBudget( {
				...EMPTY_BUDGET,
				scope_value: 'growth',
				amount: '0',
			} )
		).toHaveProperty( 'amount' );
	} );

	it( 'asks a team budget for its site: a team is a label within a site', () => {
		const team = {
			...EMPTY_BUDGET,
			scope_kind: 'team',
			scope_value: 'shared',
			amount: '5',
		};
		expect( Object.keys( validateBudget( team ) ) ).toEqual( [
			'scope_site',
		] );
		expect(
			validateBudget( { ...team, scope_site: 'https://a.example' } )
		).toEqual( {} );
		expect(
			budgetPayload( {
				...EMPTY_BUDGET,
				scope_kind: 'customer',
				scope_value: 'cus_1',
				scope_site: 'https://ignored.example',
				amount: '5',
			} ).scope
		).toEqual( { kind: 'customer', value: 'cus_1' } );
	} );

	it( 'sends the route its shape: scope object, hard as a boolean, no empty alert URL', () => {
		expect(
			budgetPayload( {
				scope_kind: 'team',
				scope_value: ' growth ',
				scope_site: ' https://a.example ',
				period: 'day',
				amount: '5',
				hard: 'soft',
				alert_url: '',
			} )
		).toEqual( {
			scope: {
				kind: 'team',
				value: 'growth',
				site_url: 'https://a.example',
			},
			period: 'day',
			amount: '5',
			hard: false,
		} );
		expect(
			budgetPayload( {
				...EMPTY_BUDGET,
				scope_value: 'key_1',
				amount: '1',
				alert_url: 'https://alerts.example/hook',
			} )
		).toMatchObject( {
			hard: true,
			alert_url: 'https://alerts.example/hook',
		} );
	} );
} );
