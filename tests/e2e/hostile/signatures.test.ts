import { signatureCases } from './attacks/signatures';
import { runFamily } from './suite';

runFamily('signatures', signatureCases());
