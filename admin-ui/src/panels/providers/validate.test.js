import { providerPayload, providerState, validateProvider } from './validate';

describe( 'provider form', () => {
	it( 'needs something to save, a key of 4+ characters, an http(s) base URL', () => {
		expect( validateProvider( { api_key: '', base_url: '' } ) ).toEqual( {
			api_key: 'Type a new key or base URL to save.',
		} );
		expect(
			validateProvider( { api_key: 'abc', base_url: 'ftp://x' } )
		).toEqual( {
			api_key: 'A key has 4 to 500 characters.',
			base_url: 'Give an absolute http(s) URL.',
		} );
	} );

	it( 'asks for the key again when a new base URL would move a stored key to another host', () => {
		const stored = {
			key_source: 'admin',
			base_url: 'https://api.openai.com/v1',
		};
		const needsKey = {
			api_key:
				'A new base URL needs the key again: the stored key is never sent to another host.',
		};
		expect(
			validateProvider(
				{ api_key: '', base_url: 'https://collector.example/v1' },
				stored
			)
		).toEqual( needsKey );
		expect(
			validateProvider(
				{
					api_key: 'sk-new-1234',
					base_url: 'https://collector.example/v1',
				},
				stored
			)
		).toEqual( {} );
		expect(
			validateProvider(
				{ api_key: '', base_url: 'https://api.openai.com/v1/' },
				stored
			)
		).toEqual( {} );
		expect(
			validateProvider(
				{ api_key: '', base_url: 'https://collector.example/v1' },
				{
					key_source: 'environment',
					base_url: 'https://api.openai.com/v1',
				}
			)
		).toEqual( {} );
	} );

	it( 'sends only what was typed (an empty key field keeps the stored key)', () => {
		expect(
			providerPayload( {
				api_key: '',
				base_url: 'https://llm.example/v1',
			} )
		).toEqual( { base_url: 'https://llm.example/v1' } );
		expect(
			providerPayload( { api_key: ' sk-1234 ', base_url: '' } )
		).toEqual( { api_key: 'sk-1234' } );
	} );

	it( 'tells ready, disabled and not configured apart', () => {
		expect( providerState( { enabled: true, configured: true } ) ).toBe(
			'ready'
		);
		expect( providerState( { enabled: false, configured: false } ) ).toBe(
			'disabled'
		);
		expect( providerState( { enabled: true, configured: false } ) ).toBe(
			'not configured'
		);
	} );
} );
