import { wordpressRequestCases } from './attacks/wordpress-request';
import { runFamily } from './suite';

runFamily('wordpress-request', wordpressRequestCases());
