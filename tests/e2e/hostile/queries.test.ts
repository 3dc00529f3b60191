import { queryCases } from './attacks/queries';
import { runFamily } from './suite';

runFamily('queries', queryCases());
