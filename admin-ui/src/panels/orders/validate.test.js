import {
	grantPayload,
	switchPayload,
	validateGrant,
	validateSwitch,
} from './validate';

const entitlement = {
	site_url: 'https://client.example',
	package_id: 'seo-pro',
};

describe( 'entitlement switch', () => {
	it( 'requires a reason', () => {
		expect(
			validateSwitch( {
				action: 'suspend',
				expires_on: '',
				reason: '  ',
			} )
		).toEqual( {
			reason: 'A reason is required; it is kept in the history.',
		} );
	} );

	it( 'maps each action to the status it sets', () => {
		expect(
			switchPayload( entitlement, {
				action: 'suspend',
				reason: 'unpaid',
			} )
		).toEqual( { ...entitlement, status: 'suspended', reason: 'unpaid' } );
		expect(
			switchPayload( entitlement, {
				action: 'reactivate',
				reason: 'paid',
			} ).status
		).toBe( 'active' );
		expect(
			switchPayload( entitlement, { action: 'revoke', reason: 'fraud' } )
				.status
		).toBe( 'revoked' );
	} );

	it( 'sets or removes the expiry, checking the date', () => {
		expect(
			validateSwitch( {
				action: 'expiry',
				expires_on: '2027-13-45',
				reason: 'x',
			} )
		).toHaveProperty( 'expires_on' );
		expect(
			switchPayload( entitlement, {
				action: 'expiry',
				expires_on: '2027-01-31',
				reason: 'trial',
			} )
		).toEqual( {
			...entitlement,
			expires_at: '2027-01-31T00:00:00Z',
			reason: 'trial',
		} );
		expect(
			switchPayload( entitlement, {
				action: 'expiry',
				expires_on: '',
				reason: 'forever',
			} ).expires_at
		).toBeNull();
	} );
} );

describe( 'manual grant', () => {
	it( 'needs a site and feature codes', () => {
		expect(
			Object.keys(
				validateGrant( {
					site_url: 'x',
					features: '',
					expires_on: '',
					reason: '',
				} )
			).sort()
		).toEqual( [ 'features', 'site_url' ] );
		expect(
			grantPayload( {
				site_url: 'https://a.example',
				features: 'llm.chat,llm.embeddings',
				expires_on: '',
				reason: '',
			} )
		).toEqual( {
			site_url: 'https://a.example',
			features: [ 'llm.chat', 'llm.embeddings' ],
		} );
	} );
} );
