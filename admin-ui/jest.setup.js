/**
 * jsdom lacks a few browser APIs @wordpress/components reaches for; these stand-ins do
 * nothing, which is what a test without layout needs.
 */
class ResizeObserverStandIn {
	observe() {}
	unobserve() {}
	disconnect() {}
}

global.ResizeObserver = global.ResizeObserver || ResizeObserverStandIn;

window.matchMedia =
	window.matchMedia ||
	( ( query ) => ( {
		matches: false,
		media: query,
		onchange: null,
		addListener() {},
		removeListener() {},
		addEventListener() {},
		removeEventListener() {},
		dispatchEvent: () => false,
	} ) );
