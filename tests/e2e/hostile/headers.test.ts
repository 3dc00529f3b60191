import { headerCases } from './attacks/headers';
import { runFamily } from './suite';

runFamily('headers', headerCases());
