import { bodyCases } from './attacks/bodies';
import { runFamily } from './suite';

runFamily('bodies', bodyCases());
