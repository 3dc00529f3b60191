import { blockingItems } from './checklist';

describe( 'blockingItems', () => {
	it( 'keeps only the red items: advice, information and unknown do not block', () => {
		const items = [
			'ok',
			'error',
			'warning',
			'info',
			'unknown',
			'error',
		].map( ( status, index ) => ( { id: `item-${ index }`, status } ) );
		expect( blockingItems( { items } ).map( ( item ) => item.id ) ).toEqual(
			[ 'item-1', 'item-5' ]
		);
		expect( blockingItems( null ) ).toEqual( [] );
	} );
} );
