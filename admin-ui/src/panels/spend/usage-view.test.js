import {
	costLabel,
	templateLabel,
	kindOptions,
	outputLabel,
	rendererLabel,
	summaryLine,
} from './usage-view';

describe( 'usage screens: image calls and renders', () => {
	it( 'filters calls by every kind a usage row records, images too', () => {
		expect( kindOptions().map( ( option ) => option.value ) ).toEqual( [
			'',
			'chat',
			'stream',
			'embeddings',
			'responses',
			'messages',
			'images',
		] );
		expect( costLabel( { cost: '0.04000000' } ) ).toBe( '0.04000000' );
		expect( costLabel( { cost: null } ) ).toBe( 'unpriced' );
	} );

	it( "labels a render's output, who made it, and a period's totals", () => {
		const render = {
			format: 'webp',
			width: 1080,
			height: 1350,
			key_id: 'key_01JAAAAAAAAAAAAAAAAAAAAAAA',
			site_url: 'https://shop.example',
		};
		expect( outputLabel( render ) ).toBe( 'webp 1080×1350' );
		expect(
			templateLabel( {
				template_id: 'tpl_01JAAAAAAAAAAAAAAAAAAAAAAA',
				template_slug: 'spring-sale-square',
				template_title: 'Spring sale',
			} )
		).toBe( 'Spring sale (spring-sale-square)' );
		expect(
			templateLabel( {
				template_id: 'tpl_01JAAAAAAAAAAAAAAAAAAAAAAA',
				template_slug: null,
			} )
		).toBe( 'tpl_01JAAAAAAAAAAAAAAAAAAAAAAA' );
		expect(
			templateLabel( { template_id: '', template_slug: null } )
		).toBe( '—' );
		expect( rendererLabel( render ) ).toBe(
			'key_01JAAAAAAAAAAAAAAAAAAAAAAA · https://shop.example'
		);
		expect( rendererLabel( { ...render, key_id: 'admin' } ) ).toBe(
			'admin (Try a template)'
		);
		expect(
			summaryLine( {
				renders: 12,
				cache_hits: 5,
				failures: 1,
				generated_layers: 2,
				average_duration_ms: 40,
			} )
		).toBe(
			'12 renders · 5 from the cache · 1 failed · 2 generated layers · 40 ms on average'
		);
	} );
} );
