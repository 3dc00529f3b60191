import { idorCases } from './attacks/idor';
import { runFamily } from './suite';

runFamily('idor', idorCases());
