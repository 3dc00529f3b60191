import {
	controlOf,
	initialValues,
	previewCaption,
	renderBody,
	unplacedErrors,
} from './try-form';

const FIELDS = [
	{ name: 'headline', type: 'text', default: 'Hello' },
	{ name: 'accent', type: 'color', label: 'Accent', default: '#ff0000' },
	{ name: 'photo', type: 'image', default: null },
	{ name: 'align', type: 'choice', choices: [ 'left', 'center' ] },
];

describe( 'try a template: the form', () => {
	it( 'gives each field type its control and starts from the defaults', () => {
		expect( FIELDS.map( controlOf ) ).toEqual( [
			'text',
			'color',
			'image',
			'select',
		] );
		expect( initialValues( FIELDS, { format: 'webp' } ) ).toEqual( {
			format: 'webp',
			width: '',
			height: '',
			'fields.headline': 'Hello',
			'fields.accent': '#ff0000',
			'fields.photo': '',
			'fields.align': '',
		} );
		expect( initialValues( [], { format: 'gif' } ).format ).toBe( 'png' );
	} );

	it( 'sends the values by field name, leaves an empty image out and a size only when typed', () => {
		const values = {
			...initialValues( FIELDS, { format: 'png' } ),
			'fields.headline': 'Sale',
			'fields.align': 'center',
			width: '540',
			height: 'tall',
		};
		expect( renderBody( FIELDS, values ) ).toEqual( {
			fields: {
				headline: 'Sale',
				accent: '#ff0000',
				align: 'center',
			},
			format: 'png',
			width: 540,
			height: 'tall',
		} );
		expect(
			renderBody( FIELDS, {
				...values,
				'fields.photo': 'https://img.example/a.png',
			} ).fields.photo
		).toBe( 'https://img.example/a.png' );
	} );

	it( "places the hub's refusals: a field's and the size's beside their controls, the rest above the button", () => {
		expect(
			unplacedErrors(
				{
					'fields.accent': 'must be a colour',
					width: 'must be an integer',
					template: 'no such template',
					'fields.nope': 'is not a field of this template',
				},
				FIELDS
			)
		).toEqual( [
			'template: no such template',
			'fields.nope: is not a field of this template',
		] );
	} );

	it( 'captions the preview with its time and cache', () => {
		expect(
			previewCaption( {
				media_type: 'image/png',
				bytes: 2048,
				duration_ms: 35,
				cache: 'hit',
			} )
		).toBe( 'image/png · 2048 bytes · 35 ms · from the cache' );
	} );
} );
