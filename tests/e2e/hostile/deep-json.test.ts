import { deepJsonCases } from './attacks/deep-json';
import { runFamily } from './suite';

runFamily('deep and wide JSON in LLM requests', deepJsonCases());
