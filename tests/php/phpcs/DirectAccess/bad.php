<?php
/**
 * No guard: a direct request would run this file.
 *
 * @package svc-hub
 */

function svc_hub_sample_unguarded() { // expect: Missing
	return 1;
}
