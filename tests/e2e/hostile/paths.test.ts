import { pathCases } from './attacks/paths';
import { runFamily } from './suite';

runFamily('paths', pathCases());
