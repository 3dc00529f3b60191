import { imagesLabel } from './usage-calls';

describe( "latest calls: an image call's images", () => {
	it( 'shows the count with the size and quality asked, what was named only, and a dash on other kinds', () => {
		expect(
			imagesLabel( {
				images: 2,
				image_size: '1024x1024',
				image_quality: 'high',
			} )
		).toBe( '2 × 1024x1024, high' );
		expect(
			imagesLabel( {
				images: 1,
				image_size: '256x256',
				image_quality: null,
			} )
		).toBe( '1 × 256x256' );
		expect(
			imagesLabel( { images: 3, image_size: null, image_quality: null } )
		).toBe( '3' );
		expect(
			imagesLabel( {
				images: null,
				image_size: null,
				image_quality: null,
			} )
		).toBe( '—' );
	} );
} );
